/* `wilson` (Wilson's algorithm): loop-erased random walks from each cell not
 * yet in the maze until they hit it; every perfect maze is equally likely.
 * The walk keeps only the last exit side of each cell (three bits), which
 * erases its loops for free. Slow to start on large mazes: the first walks
 * wander long before they hit the few cells already in the maze. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

enum { IN_MAZE = 0x80, EXIT_SIDE = 0x07 };

/* One loop-erased walk from `from` until it hits the maze, then the path
 * it leaves joined in. Compiled once for rectangles and once for the other
 * grids (core/grid.h's _as functions): a step is little more than the
 * random draw. */
static ALWAYS_INLINE void walk_in(meiro_maze *m, rng_state *rng, uint8_t *state, size_t from,
                                  const bool rect)
{
    size_t nb[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    /* walk until the maze is hit, remembering each cell's last exit */
    for (grid_at at = grid_at_id(m, from); !(state[at.id] & IN_MAZE);) {
        unsigned d = gen_random_side(m, rect, rng, at, grid_links_as(m, rect, at, nb, back));
        state[at.id] = (uint8_t)d;
        at = grid_step_as(m, rect, at, d, nb[d]);
    }
    /* follow the exits from the start again: the loop-erased path */
    for (size_t i = from; !(state[i] & IN_MAZE);) {
        unsigned d = state[i] & EXIT_SIDE, b;
        size_t j = grid_through_as(m, rect, i, d, &b);
        grid_join_as(m, rect, i, d, j, b);
        state[i] = IN_MAZE;
        i = j;
    }
}

/* The walk of an unmasked rectangle, one draw a step from inner cells
 * (rect_random_side): the same draws as walk_in's, hence the same mazes. */
static void walk_rect(meiro_maze *m, rng_state *rng, uint8_t *state, size_t from)
{
    uint32_t w = m->w, x = (uint32_t)(from % w), y = (uint32_t)(from / w);
    const size_t step[DIR_COUNT] = {(size_t)0 - w, 1, w, (size_t)0 - 1};
    size_t id = from;
    while (!(state[id] & IN_MAZE)) {
        unsigned d = rect_random_side(rng, m, x, y);
        state[id] = (uint8_t)d;
        id += step[d];
        x += (uint32_t)DIR_DX[d];
        y += (uint32_t)DIR_DY[d];
    }
    for (size_t i = from; !(state[i] & IN_MAZE);) { /* the loop-erased path */
        unsigned d = state[i] & EXIT_SIDE;
        size_t j = i + step[d];
        grid_join_as(m, true, i, d, j, dir_opposite((meiro_dir)d));
        state[i] = IN_MAZE;
        i = j;
    }
}

meiro_status gen_wilson(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                        meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m);
    uint8_t *state = zalloc_big(n, 1);
    if (!state) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walks");
    if (m->active) { /* on a shape: cells outside count as done; start inside */
        for (size_t i = 0; i < n; i++) state[i] = m->active[i] ? 0 : IN_MAZE;
        state[gen_random_cell(m, rng)] = IN_MAZE;
    } else {
        state[rng_below(rng, (uint32_t)n)] = IN_MAZE;
    }
    bool rect = m->grid == MEIRO_GRID_RECT;
    size_t next = 0;
    for (;;) {
        while (next < n && (state[next] & IN_MAZE)) next++;
        if (next == n) break;
        if (rect && !m->active && m->w > 1 && m->h > 1) walk_rect(m, rng, state, next);
        else if (rect) walk_in(m, rng, state, next, true);
        else walk_in(m, rng, state, next, false);
    }
    free(state);
    return MEIRO_OK;
}
