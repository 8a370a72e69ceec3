/* --loops: opens a share of the dead ends into loops (braiding), for mazes
 * with several routes. Dead ends are visited in random order; each still a
 * dead end opens one more side, to a neighbouring dead end when there is
 * one (removing two at once), else to a random neighbour. */
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

void maze_braid(meiro_maze *m, unsigned percent, rng_state *rng)
{
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    if (percent == 0 || n < 2) return;
    uint64_t dead = 0;
    for (size_t i = 0; i < n; i++) dead += grid_degree(m, i) == 1;
    uint64_t target = (dead * (percent > 100 ? 100 : percent) + 50) / 100, removed = 0;
    perm_stream order;
    perm_stream_init(&order, n, rng);
    for (size_t k = 0; k < n && removed < target; k++) {
        uint64_t later;
        size_t i = (size_t)perm_stream_next(&order, &later);
        if (grid_degree(m, i) != 1) continue;
        unsigned closed = grid_links(m, grid_at_id(m, i), next, back) & ~grid_open_sides(m, i);
        unsigned dead_nb = 0;
        FOR_EACH_SIDE_IN (s, closed)
            if (grid_degree(m, next[s]) == 1) dead_nb |= 1u << s;
        if (!closed) continue; /* a 1-cell-wide corridor end has nowhere to open */
        unsigned d = rng_pick_bit(rng, dead_nb ? dead_nb : closed);
        grid_join(m, i, d, next[d], back[d]);
        removed += dead_nb ? 2 : 1;
    }
}
