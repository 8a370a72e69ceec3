/* `true-prim` (Prim's algorithm with random cell weights): every cell gets a
 * fixed random weight; the maze grows by always joining the lightest cell of
 * its frontier. The weights come from a keyed hash, so only the frontier is
 * stored. The most dead ends of any generator here.
 *
 * The frontier is a bucket queue: cells whose weight is at or above `limit`
 * wait, as bare cell numbers (4 bytes), in one of BUCKETS arrays by the top
 * bits of their weight; only those below it sit in a small binary heap (the
 * hot heap) ordered by (weight, cell). The growth is invasion percolation:
 * the lightest frontier weight hovers near the percolation threshold and
 * most of the frontier is heavier and waits untouched, so the heap stays
 * small enough for the cache while the buckets are only appended to. When
 * the heap runs dry, the next bucket is poured into it. Pops come out in
 * exactly the order of one heap of every (weight, cell): the same mazes. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

enum { BUCKET_BITS = 12, BUCKETS = 1 << BUCKET_BITS, BUCKET_SHIFT = 32 - BUCKET_BITS };

typedef struct frontier {
    u64heap hot;     /* weight << 32 | cell, every weight below limit */
    uint64_t limit;  /* the first weight of bucket `next` */
    unsigned next;   /* the first bucket not yet poured into the heap */
    uint64_t key;    /* the weights' hash key */
    size_t waiting;  /* cells in the buckets */
    u32vec *buckets; /* BUCKETS arrays of cells */
} frontier;

static inline uint64_t cell_weight(uint64_t key, size_t j) { return rng_hash(key, j) >> 32; }

static bool frontier_push(frontier *f, size_t j)
{
    uint64_t weight = cell_weight(f->key, j);
    if (weight < f->limit) return u64heap_push(&f->hot, weight << 32 | j);
    f->waiting++;
    return u32vec_push(&f->buckets[weight >> BUCKET_SHIFT], (uint32_t)j);
}

/* Pours the next non-empty bucket into the empty hot heap (there is one:
 * the caller checked that cells wait). */
static bool frontier_pour(frontier *f)
{
    u32vec *b = &f->buckets[f->next];
    while (b->count == 0) b = &f->buckets[++f->next];
    f->next++;
    f->limit = (uint64_t)f->next << BUCKET_SHIFT;
    f->waiting -= b->count;
    bool ok = true;
    for (size_t i = 0; ok && i < b->count; i++)
        ok = u64heap_push(&f->hot, cell_weight(f->key, b->items[i]) << 32 | b->items[i]);
    free(b->items); /* poured buckets are never filled again: weights below limit go to the heap */
    *b = (u32vec){NULL, 0, 0};
    return ok;
}

/* The cells popped one after another lie anywhere along the frontier, so
 * each one's neighbourhood is a cache miss: fetch the rows around the
 * cells likely next (the heap's top three) while this one is joined. */
static inline void fetch_around(const meiro_maze *m, const uint8_t *state, size_t total,
                                uint64_t item)
{
    size_t id = (uint32_t)item, w = m->w, up = id >= w ? id - w : id,
           down = id + w < total ? id + w : id;
    prefetch(&state[up]);
    prefetch(&state[id]);
    prefetch(&state[down]);
    prefetch(&m->cells[up]);
    prefetch(&m->cells[id]);
}

static bool add_frontier(uint8_t *state, frontier *f, const size_t *next, unsigned sides)
{
    FOR_EACH_SIDE_IN (s, sides) {
        size_t j = next[s];
        if (state[j]) continue;
        state[j] = PRIM_FRONTIER;
        if (!frontier_push(f, j)) return false;
    }
    return true;
}

/* An unmasked rectangle keeps the cell states in two spare bits of the
 * cells' own bytes (cleared at the end), as prim does: half the cache
 * misses of a jump to a far part of the frontier, and no state array.
 * The same pops and draws as the general loop: the same mazes. */
enum { MARK_IN = 0x10, MARK_FRONTIER = 0x20, MARKS = MARK_IN | MARK_FRONTIER };

static bool true_prim_rect(meiro_maze *m, rng_state *rng, frontier *f)
{
    uint8_t *cells = m->cells;
    uint32_t w = m->w, h = m->h;
    size_t total = (size_t)w * h;
    const size_t step[DIR_COUNT] = {(size_t)0 - w, 1, w, (size_t)0 - 1};
    size_t id = gen_random_cell(m, rng);
    cells[id] |= MARK_IN;
    bool ok = true;
    for (bool first = true; ok; first = false) {
        uint32_t x = (uint32_t)id % w, y = (uint32_t)id / w;
        unsigned sides = rect_sides_xy(m, x, y);
        if (!first) {
            unsigned in = 0;
            FOR_EACH_SIDE_IN (d, sides)
                if (cells[id + step[d]] & MARK_IN) in |= dir_bit(d);
            unsigned d = rng_pick_bit(rng, in);
            grid_join_as(m, true, id, d, id + step[d], dir_opposite((meiro_dir)d));
            cells[id] |= MARK_IN;
        }
        FOR_EACH_SIDE_IN (d, sides) {
            uint8_t *c = &cells[id + step[d]];
            if (*c & MARKS) continue;
            *c |= MARK_FRONTIER;
            if (!(ok = frontier_push(f, id + step[d]))) break;
        }
        if (!ok || (!f->hot.count && !f->waiting)) break;
        if (!f->hot.count && !(ok = frontier_pour(f))) break;
        id = (uint32_t)u64heap_pop(&f->hot);
        for (size_t k = 0; k < 3 && k < f->hot.count; k++) { /* the likely next: see fetch_around */
            size_t j = (uint32_t)f->hot.items[k];
            prefetch(&cells[j >= w ? j - w : j]);
            prefetch(&cells[j]);
            prefetch(&cells[j + w < total ? j + w : j]);
        }
    }
    for (size_t i = 0; i < total; i++) cells[i] &= (uint8_t)CELL_BITS;
    return ok;
}

meiro_status gen_true_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err)
{
    (void)opt;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    size_t total = grid_total(m);
    frontier f = {{NULL, 0, 0}, 0, 0, rng_next(rng), 0, zalloc(BUCKETS, sizeof(u32vec))};
    bool rect = m->grid == MEIRO_GRID_RECT && !m->active;
    uint8_t *state = rect ? NULL : zalloc(total, 1);
    bool ok = (rect || state) && f.buckets;
    if (ok && rect) {
        ok = true_prim_rect(m, rng, &f);
    } else if (ok) {
        grid_at c = grid_at_id(m, gen_random_cell(m, rng));
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &f, next, grid_links(m, c, next, back));
    }
    while (ok && !rect && (f.hot.count || f.waiting)) {
        if (!f.hot.count && !(ok = frontier_pour(&f))) break;
        grid_at c = grid_at_id(m, (uint32_t)u64heap_pop(&f.hot));
        for (size_t k = 0; k < 3 && k < f.hot.count; k++)
            fetch_around(m, state, total, f.hot.items[k]);
        unsigned sides = grid_links(m, c, next, back);
        unsigned d = rng_pick_bit(rng, prim_in_maze_sides(state, next, sides));
        grid_join(m, c.id, d, next[d], back[d]);
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &f, next, sides);
    }
    if (f.buckets)
        for (unsigned b = 0; b < BUCKETS; b++) free(f.buckets[b].items);
    free(f.buckets);
    free(state);
    free(f.hot.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
