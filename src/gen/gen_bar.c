/* `bar` (棒倒し法, seeds 002 and 004): a pillar stands at every inner grid
 * point; row by row each pillar tilts one bar (builds one wall) up, right,
 * down or left. Only pillars of the first row may tilt up (otherwise closed
 * rooms appear) and no bar falls where a wall already stands (otherwise
 * islands appear). With these two rules the walls form a tree hanging from
 * the outer wall, so the maze is perfect. Known bias: the top rows are
 * sparser and routes run long and straight. */
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

meiro_status gen_bar(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                     meiro_error *err)
{
    (void)opt;
    (void)err;
    maze_open_all(m);
    /* Point (px, py), 1 <= px < w, 1 <= py < h, is the top-left corner of
     * cell (px, py). The bar in each direction is the wall: */
    for (uint32_t py = 1; py < m->h; py++) {
        for (uint32_t px = 1; px < m->w; px++) {
            unsigned allowed = dir_bit(MEIRO_EAST) | dir_bit(MEIRO_SOUTH);
            if (py == 1) allowed |= dir_bit(MEIRO_NORTH);
            /* left bar = south wall of cell (px-1, py-1): free unless the
             * previous pillar tilted right onto it */
            if (cell_open(m, px - 1, py - 1, MEIRO_SOUTH)) allowed |= dir_bit(MEIRO_WEST);
            switch (rng_pick_bit(rng, allowed)) {
            case MEIRO_NORTH: maze_set_wall(m, px - 1, py - 1, MEIRO_EAST, false); break;
            case MEIRO_EAST: maze_set_wall(m, px, py - 1, MEIRO_SOUTH, false); break;
            case MEIRO_SOUTH: maze_set_wall(m, px - 1, py, MEIRO_EAST, false); break;
            default: maze_set_wall(m, px - 1, py - 1, MEIRO_SOUTH, false); break;
            }
        }
    }
    return MEIRO_OK;
}
