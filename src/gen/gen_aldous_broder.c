/* `aldous-broder`: a random walk over the whole grid that opens the wall
 * into every cell it enters for the first time. Every perfect maze is
 * equally likely; slow, since the walk must cover the grid (about
 * n log^2 n steps). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

/* The walk, compiled once for rectangles and once for the other grids
 * (core/grid.h's _as functions): a step is little more than the random
 * draw, so the rectangle's copy keeps to its fast path. */
static ALWAYS_INLINE void cover(meiro_maze *m, rng_state *rng, uint8_t *seen, grid_at at,
                                const bool rect)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (uint64_t left = m->active_count - 1; left > 0;) {
        unsigned d = gen_random_side(m, rect, rng, at, grid_links_as(m, rect, at, next, back));
        size_t j = next[d];
        if (!seen[j]) {
            grid_join_as(m, rect, at.id, d, j, back[d]);
            seen[j] = 1;
            left--;
        }
        at = grid_step_as(m, rect, at, d, j);
    }
}

/* The walk of an unmasked rectangle (w, h > 1), one draw a step from inner
 * cells (rect_random_side): the same draws, hence the same mazes. */
static void cover_rect(meiro_maze *m, rng_state *rng, uint8_t *seen, grid_at at)
{
    uint32_t w = m->w, x = at.c.x, y = at.c.y;
    const size_t step[DIR_COUNT] = {(size_t)0 - w, 1, w, (size_t)0 - 1};
    size_t id = at.id;
    for (uint64_t left = m->active_count - 1; left > 0;) {
        unsigned d = rect_random_side(rng, m, x, y);
        size_t j = id + step[d];
        if (UNLIKELY(!seen[j])) {
            grid_join_as(m, true, id, d, j, dir_opposite((meiro_dir)d));
            seen[j] = 1;
            left--;
        }
        id = j;
        x += (uint32_t)DIR_DX[d];
        y += (uint32_t)DIR_DY[d];
    }
}

meiro_status gen_aldous_broder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err)
{
    (void)opt;
    uint8_t *seen = zalloc_big(grid_total(m), 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    grid_at at = grid_at_id(m, gen_random_cell(m, rng)); /* (x, y) kept along the walk */
    seen[at.id] = 1;
    if (m->grid == MEIRO_GRID_RECT && !m->active && m->w > 1 && m->h > 1)
        cover_rect(m, rng, seen, at);
    else if (m->grid == MEIRO_GRID_RECT) cover(m, rng, seen, at, true);
    else cover(m, rng, seen, at, false);
    free(seen);
    return MEIRO_OK;
}
