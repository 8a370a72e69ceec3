/* `sidewinder`: row by row, extend a run of cells east at random; closing a
 * run opens the north wall of one random cell of it. The top row is one
 * open corridor, and every cell has a straight way up: a vertical bias. */
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

static void rect_sidewinder(meiro_maze *m, rng_state *rng)
{
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
}

/* ---- Polar grids: each ring is cut into runs clockwise; closing a run
 * opens one of its cells inward (ring 1 into the centre disc, as the top
 * row of a rectangle is one corridor). */

static void polar_sidewinder(meiro_maze *m, rng_state *rng)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (uint32_t y = 1; y < m->h; y++) {
        uint32_t n = grid_row_width(m, y), run = 0;
        size_t row = grid_id(m, (meiro_cell){0, y});
        for (uint32_t x = 0; x < n; x++) {
            if (x + 1 == n || rng_below(rng, 2)) { /* close the run */
                uint32_t k = run + rng_below(rng, x - run + 1);
                grid_links(m, (grid_at){row + k, {k, y}}, next, back);
                grid_join(m, row + k, 0, next[0], back[0]);
                run = x + 1;
            } else { /* on clockwise: the last side */
                grid_links(m, (grid_at){row + x, {x, y}}, next, back);
                unsigned last = grid_sides(m, row + x) - 1;
                grid_join(m, row + x, last, next[last], back[last]);
            }
        }
    }
}

meiro_status gen_sidewinder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                            meiro_error *err)
{
    (void)opt, (void)err; /* the registry offers it on these two grids only */
    if (m->grid == MEIRO_GRID_POLAR) polar_sidewinder(m, rng);
    else rect_sidewinder(m, rng);
    return MEIRO_OK;
}
