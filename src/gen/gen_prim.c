/* `prim` (simplified Prim): grow the maze from a random cell by joining a
 * random frontier cell (a cell next to the maze) to a random neighbour
 * already in it. Many short dead ends radiating from the start. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

unsigned prim_in_maze_sides(const uint8_t *state, const size_t *next, unsigned sides)
{
    unsigned in = 0;
    FOR_EACH_SIDE_IN (s, sides)
        if (state[next[s]] == PRIM_IN_MAZE) in |= 1u << s;
    return in;
}

/* Adds the neighbours (next[s] for s in sides) that are neither in the
 * maze nor on the frontier to the frontier. */
static bool add_frontier(uint8_t *state, u32vec *frontier, const size_t *next, unsigned sides)
{
    FOR_EACH_SIDE_IN (s, sides) {
        size_t j = next[s];
        if (state[j]) continue;
        state[j] = PRIM_FRONTIER;
        if (!u32vec_push(frontier, (uint32_t)j)) return false;
    }
    return true;
}

meiro_status gen_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err)
{
    (void)opt;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *state = zalloc(grid_total(m), 1);
    u32vec frontier = {NULL, 0, 0};
    bool ok = state != NULL;
    if (ok) {
        grid_at c = grid_at_id(m, gen_random_cell(m, rng));
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &frontier, next, grid_links(m, c, next, back));
    }
    while (ok && frontier.count) {
        uint32_t k = rng_below(rng, (uint32_t)frontier.count);
        grid_at c = grid_at_id(m, frontier.items[k]);
        frontier.items[k] = frontier.items[--frontier.count];
        unsigned sides = grid_links(m, c, next, back);
        unsigned d = rng_pick_bit(rng, prim_in_maze_sides(state, next, sides));
        grid_join(m, c.id, d, next[d], back[d]);
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &frontier, next, sides);
    }
    free(state);
    free(frontier.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
