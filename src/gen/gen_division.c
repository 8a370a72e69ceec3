/* `division` (recursive division): start with an open field and split it
 * by a wall with one gap, then split both halves the same way, across the
 * longer side. A wall adder with long straight walls and a boxy look. The
 * chambers waiting to be split are an explicit stack, not recursion. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

meiro_status rect_division(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err)
{
    (void)opt;
    maze_open_all(m);
    u32vec stack = {NULL, 0, 0}; /* chambers: x, y, w, h */
    bool ok = u32vec_push(&stack, 0) && u32vec_push(&stack, 0) && u32vec_push(&stack, m->w) &&
              u32vec_push(&stack, m->h);
    while (ok && stack.count) {
        stack.count -= 4;
        uint32_t *c = stack.items + stack.count;
        uint32_t x = c[0], y = c[1], w = c[2], h = c[3];
        if (w < 2 || h < 2) continue;
        bool across = h > w || (h == w && rng_below(rng, 2)); /* a horizontal wall */
        /* the two chambers on either side of the new wall, as x, y, w, h */
        uint32_t parts[8];
        if (across) {
            uint32_t wy = y + 1 + rng_below(rng, h - 1), gap = x + rng_below(rng, w);
            for (uint32_t cx = x; cx < x + w; cx++)
                if (cx != gap) maze_set_wall(m, cx, wy - 1, MEIRO_SOUTH, false);
            parts[0] = x, parts[1] = y, parts[2] = w, parts[3] = wy - y;
            parts[4] = x, parts[5] = wy, parts[6] = w, parts[7] = y + h - wy;
        } else {
            uint32_t wx = x + 1 + rng_below(rng, w - 1), gap = y + rng_below(rng, h);
            for (uint32_t cy = y; cy < y + h; cy++)
                if (cy != gap) maze_set_wall(m, wx - 1, cy, MEIRO_EAST, false);
            parts[0] = x, parts[1] = y, parts[2] = wx - x, parts[3] = h;
            parts[4] = wx, parts[5] = y, parts[6] = x + w - wx, parts[7] = h;
        }
        for (int k = 0; k < 8 && ok; k++) ok = u32vec_push(&stack, parts[k]);
    }
    free(stack.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory dividing the field");
}
