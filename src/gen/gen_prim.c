/* `prim` (simplified Prim): grow the maze from a random cell by joining a
 * random frontier cell (a cell next to the maze) to a random neighbour
 * already in it. Many short dead ends radiating from the start. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "core/grid.h"

#include <stdlib.h>

/* Adds the neighbours of (x, y) that are neither in the maze nor on the
 * frontier to the frontier. */
static bool add_frontier(meiro_maze *m, uint8_t *state, u32vec *frontier, uint32_t x, uint32_t y)
{
    unsigned inside = cell_inside_mask(m, x, y);
    FOR_EACH_DIR_IN(d, inside) {
        size_t j = cell_neighbour(m, x, y, d);
        if (state[j]) continue;
        state[j] = PRIM_FRONTIER;
        if (!u32vec_push(frontier, (uint32_t)j)) return false;
    }
    return true;
}

unsigned prim_in_maze_mask(const meiro_maze *m, const uint8_t *state, uint32_t x, uint32_t y)
{
    unsigned inside = cell_inside_mask(m, x, y), mask = 0;
    FOR_EACH_DIR_IN(d, inside)
        if (state[cell_neighbour(m, x, y, d)] == PRIM_IN_MAZE) mask |= dir_bit(d);
    return mask;
}

meiro_status gen_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err)
{
    (void)opt;
    uint8_t *state = zalloc((size_t)m->w * m->h, 1);
    u32vec frontier = {NULL, 0, 0};
    bool ok = state != NULL;
    if (ok) {
        meiro_cell c = gen_random_cell(m, rng);
        state[cell_index(m, c.x, c.y)] = PRIM_IN_MAZE;
        ok = add_frontier(m, state, &frontier, c.x, c.y);
    }
    while (ok && frontier.count) {
        uint32_t k = rng_below(rng, (uint32_t)frontier.count);
        uint32_t c = frontier.items[k];
        frontier.items[k] = frontier.items[--frontier.count];
        uint32_t x = c % m->w, y = c / m->w;
        maze_set_wall(m, x, y, rng_pick_bit(rng, prim_in_maze_mask(m, state, x, y)), true);
        state[c] = PRIM_IN_MAZE;
        ok = add_frontier(m, state, &frontier, x, y);
    }
    free(state);
    free(frontier.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}

/* ---- Polar, hex and triangle grids, by cell id. */

unsigned prim_in_maze_sides(const uint8_t *state, const size_t *next, unsigned n)
{
    unsigned in = 0;
    for (unsigned s = 0; s < n; s++)
        if (next[s] != GRID_NONE && state[next[s]] == PRIM_IN_MAZE) in |= 1u << s;
    return in;
}

static bool add_frontier_grid(uint8_t *state, u32vec *frontier, const size_t *next, unsigned n)
{
    for (unsigned s = 0; s < n; s++) {
        size_t j = next[s];
        if (j == GRID_NONE || state[j]) continue;
        state[j] = PRIM_FRONTIER;
        if (!u32vec_push(frontier, (uint32_t)j)) return false;
    }
    return true;
}

meiro_status gen_prim_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err)
{
    (void)opt;
    size_t total = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *state = zalloc(total, 1);
    u32vec frontier = {NULL, 0, 0};
    bool ok = state != NULL;
    if (ok) {
        size_t c = rng_below(rng, (uint32_t)total);
        state[c] = PRIM_IN_MAZE;
        ok = add_frontier_grid(state, &frontier, next, grid_links(m, c, next));
    }
    while (ok && frontier.count) {
        uint32_t k = rng_below(rng, (uint32_t)frontier.count);
        uint32_t c = frontier.items[k];
        frontier.items[k] = frontier.items[--frontier.count];
        unsigned n = grid_links_back(m, c, next, back);
        unsigned d = rng_pick_bit(rng, prim_in_maze_sides(state, next, n));
        grid_join(m, c, d, next[d], back[d]);
        state[c] = PRIM_IN_MAZE;
        ok = add_frontier_grid(state, &frontier, next, n);
    }
    free(state);
    free(frontier.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
