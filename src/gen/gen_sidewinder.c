/* `sidewinder`: row by row, extend a run of cells east at random; closing a
 * run opens the north wall of one random cell of it. The top row is one
 * open corridor, and every cell has a straight way up: a vertical bias. */
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "core/error.h"
#include "core/grid.h"

meiro_status gen_sidewinder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                            meiro_error *err)
{
    (void)opt, (void)err;
    for (uint32_t x = 0; x + 1 < m->w; x++) maze_set_wall(m, x, 0, MEIRO_EAST, true);
    for (uint32_t y = 1; y < m->h; y++) {
        uint32_t run = 0;
        for (uint32_t x = 0; x < m->w; x++) {
            if (x + 1 == m->w || rng_below(rng, 2)) { /* close the run */
                uint32_t k = run + rng_below(rng, x - run + 1);
                maze_set_wall(m, k, y, MEIRO_NORTH, true);
                run = x + 1;
            } else {
                maze_set_wall(m, x, y, MEIRO_EAST, true);
            }
        }
    }
    return MEIRO_OK;
}

/* ---- Polar grids: each ring is cut into runs clockwise; closing a run
 * opens one of its cells inward (ring 1 into the centre disc, as the top
 * row of a rectangle is one corridor). */

meiro_status gen_sidewinder_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                                 meiro_error *err)
{
    (void)opt;
    if (m->grid != MEIRO_GRID_POLAR)
        return fail(err, MEIRO_ERROR_ARGUMENT, "sidewinder works on rect and polar grids only");
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (uint32_t y = 1; y < m->h; y++) {
        uint32_t n = grid_row_width(m, y), run = 0;
        size_t row = grid_id(m, (meiro_cell){0, y});
        for (uint32_t x = 0; x < n; x++) {
            if (x + 1 == n || rng_below(rng, 2)) { /* close the run */
                uint32_t k = run + rng_below(rng, x - run + 1);
                grid_links_at(m, row + k, (meiro_cell){k, y}, next, back);
                grid_join(m, row + k, 0, next[0], back[0]);
                run = x + 1;
            } else { /* on clockwise: the last side */
                unsigned last = grid_links_at(m, row + x, (meiro_cell){x, y}, next, back) - 1;
                grid_join(m, row + x, last, next[last], back[last]);
            }
        }
    }
    return MEIRO_OK;
}
