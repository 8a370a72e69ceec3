/* `sidewinder`: row by row, extend a run of cells east at random; closing a
 * run opens the north wall of one random cell of it. The top row is one
 * open corridor, and every cell has a straight way up: a vertical bias. */
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

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
