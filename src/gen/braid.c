/* --loops: opens a share of the dead ends into loops (braiding), for mazes
 * with several routes. Dead ends are visited in random order; each still a
 * dead end opens one more wall, to a neighbouring dead end when there is
 * one (removing two at once), else to a random neighbour. */
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

static unsigned degree(const meiro_maze *m, size_t i)
{
    return (unsigned)__builtin_popcount(cell_open_mask(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w)));
}

void maze_braid(meiro_maze *m, unsigned percent, rng_state *rng)
{
    size_t n = (size_t)m->w * m->h;
    if (percent == 0 || n < 2) return;
    uint64_t dead = 0;
    for (size_t i = 0; i < n; i++) dead += degree(m, i) == 1;
    uint64_t target = (dead * (percent > 100 ? 100 : percent) + 50) / 100, removed = 0;
    perm_stream order;
    perm_stream_init(&order, n, rng);
    for (size_t k = 0; k < n && removed < target; k++) {
        uint64_t later;
        size_t i = (size_t)perm_stream_next(&order, &later);
        if (degree(m, i) != 1) continue;
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        unsigned closed = cell_inside_mask(m, x, y) & ~cell_open_mask(m, x, y), dead_nb = 0;
        FOR_EACH_DIR_IN(d, closed)
            if (degree(m, cell_neighbour(m, x, y, d)) == 1) dead_nb |= dir_bit(d);
        if (!closed) continue; /* a 1-cell-wide corridor end has nowhere to open */
        unsigned d = rng_pick_bit(rng, dead_nb ? dead_nb : closed);
        maze_set_wall(m, x, y, d, true);
        removed += dead_nb ? 2 : 1;
    }
}
