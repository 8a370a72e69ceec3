/* `binary-tree`: every cell opens its north or its west wall at random (the
 * top row only west, the left column only north). No memory at all; a
 * strong diagonal bias, and the top row and left column are one open
 * corridor each. */
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

meiro_status gen_binary_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                             meiro_error *err)
{
    (void)opt, (void)err;
    for (uint32_t y = 0; y < m->h; y++) {
        for (uint32_t x = 0; x < m->w; x++) {
            unsigned choices = (y > 0 ? dir_bit(MEIRO_NORTH) : 0) | (x > 0 ? dir_bit(MEIRO_WEST) : 0);
            if (choices) maze_set_wall(m, x, y, rng_pick_bit(rng, choices), true);
        }
    }
    return MEIRO_OK;
}
