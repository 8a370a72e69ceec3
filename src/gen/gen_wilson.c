/* `wilson` (Wilson's algorithm): loop-erased random walks from each cell not
 * yet in the maze until they hit it; every perfect maze is equally likely.
 * The walk keeps only the last exit direction of each cell (two bits), which
 * erases its loops for free. Slow to start on large mazes: the first walks
 * wander long before they hit the few cells already in the maze. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "core/grid.h"

#include <stdlib.h>

enum { IN_MAZE = 0x80, EXIT_DIR = 0x03 };

meiro_status gen_wilson(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                        meiro_error *err)
{
    (void)opt;
    size_t n = (size_t)m->w * m->h;
    uint8_t *state = zalloc_big(n, 1);
    if (!state) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walks");
    if (m->active) { /* on a shape: cells outside count as done; start inside */
        for (size_t i = 0; i < n; i++) state[i] = m->active[i] ? 0 : IN_MAZE;
        meiro_cell c = gen_random_cell(m, rng);
        state[cell_index(m, c.x, c.y)] = IN_MAZE;
    } else {
        state[rng_below(rng, (uint32_t)n)] = IN_MAZE;
    }
    size_t next = 0;
    for (;;) {
        while (next < n && (state[next] & IN_MAZE)) next++;
        if (next == n) break;
        /* walk until the maze is hit, remembering each cell's last exit */
        for (size_t i = next; !(state[i] & IN_MAZE);) {
            unsigned d = rng_pick_bit(rng, cell_inside_mask(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w)));
            state[i] = (uint8_t)d;
            i = index_neighbour(m, i, d);
        }
        /* follow the exits from the start again: the loop-erased path */
        for (size_t i = next; !(state[i] & IN_MAZE);) {
            unsigned d = state[i] & EXIT_DIR;
            maze_set_wall(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w), d, true);
            state[i] = IN_MAZE;
            i = index_neighbour(m, i, d);
        }
    }
    free(state);
    return MEIRO_OK;
}

/* ---- Polar, hex and triangle grids: the walk keeps each cell's last exit
 * side (three bits). */

enum { EXIT_SIDE = 0x07 };

meiro_status gen_wilson_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                             meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m), nb[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *state = zalloc_big(n, 1);
    if (!state) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walks");
    state[rng_below(rng, (uint32_t)n)] = IN_MAZE;
    size_t next = 0;
    for (;;) {
        while (next < n && (state[next] & IN_MAZE)) next++;
        if (next == n) break;
        meiro_cell c = grid_cell(m, next); /* kept along the walk: no division per step */
        for (size_t i = next; !(state[i] & IN_MAZE);) {
            unsigned sides = grid_links_at(m, i, c, nb, back), d;
            do d = rng_below(rng, sides); /* a side with a neighbour, all equally likely */
            while (nb[d] == GRID_NONE);
            state[i] = (uint8_t)d;
            i = nb[d];
            c = grid_cell_across(m, c, d);
        }
        for (size_t i = next; !(state[i] & IN_MAZE);) {
            unsigned d = state[i] & EXIT_SIDE, back;
            size_t j = grid_across(m, i, d, &back);
            grid_join(m, i, d, j, back);
            state[i] = IN_MAZE;
            i = j;
        }
    }
    free(state);
    return MEIRO_OK;
}
