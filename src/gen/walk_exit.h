/* Where a simple random walk on the square grid first leaves a diamond
 * (the cells within L1 distance r of its start): aldous-broder's jumps
 * across cells it has already seen (gen/gen_aldous_broder.c). */
#ifndef MEIRO_SRC_GEN_WALK_EXIT_H
#define MEIRO_SRC_GEN_WALK_EXIT_H

#include <stdbool.h>
#include <stdint.h>

/* One way out: the step from the last cell inside (at L1 distance r) to
 * the first outside (r + 1), dx, dy from the start, across side `side`
 * (0 N, 1 E, 2 S, 3 W). */
typedef struct exit_edge {
    int16_t dx, dy;
    uint8_t side;
} exit_edge;

/* Walker's alias method over 2^bits buckets: a bucket is chosen by a
 * draw's top bits, then its own edge when the draw's low 32 bits are below
 * `below`, else its alias. */
typedef struct exit_bucket {
    uint32_t below;
    uint16_t own, alias;
} exit_bucket;

/* The exit law from the diamond's centre: 8 r + 4 edges. Each edge's
 * probability is the walk's expected visits to its inside cell over 4 (the
 * Green function), computed in integers alone (so the same on every
 * machine) to within 2^-33, and held in 32-bit thresholds: a draw's law
 * is off by less than 2^-31 in all. */
typedef struct exit_law {
    unsigned radius, edges, bits;
    exit_bucket *bucket; /* 2^bits */
    exit_edge *edge;     /* edges */
} exit_law;

/* Radius 1 .. 256; false when out of memory. The work grows as r^3
 * (about 1 ms at r = 32, 10 ms at 64). */
bool exit_law_init(exit_law *law, unsigned radius);
void exit_law_free(exit_law *law);

/* The way out for the 64 random bits r. */
static inline const exit_edge *exit_law_draw(const exit_law *law, uint64_t r)
{
    const exit_bucket *b = &law->bucket[r >> (64 - law->bits)];
    return &law->edge[(uint32_t)r < b->below ? b->own : b->alias];
}

#endif /* MEIRO_SRC_GEN_WALK_EXIT_H */
