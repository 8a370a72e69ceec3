/* `bar` (棒倒し法, seeds 002 and 004): a pillar stands at every inner grid
 * point; row by row each pillar tilts one bar (builds one wall) up, right,
 * down or left. Only pillars of the first row may tilt up (otherwise closed
 * rooms appear) and no bar falls where a wall already stands (otherwise
 * islands appear). With these two rules the walls form a tree hanging from
 * the outer wall, so the maze is perfect. Known bias: the top rows are
 * sparser and routes run long and straight. On a shape, the points that
 * touch a cell outside are wall, not pillars, and "the first row" is any
 * pillar with wall above it: no bar tilts up onto a pillar, so no loop of
 * bars can form; one wall closes the loop left around each hole. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

meiro_status rect_bar(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err)
{
    (void)opt;
    maze_open_all(m);
    uint32_t pw = m->w + 1;
    uint8_t *edge = NULL;
    if (m->active) {
        edge = zalloc_big((size_t)pw * (m->h + 1), 1);
        if (!edge) return fail(err, MEIRO_ERROR_NOMEM, "out of memory tilting bars");
        mark_shape_edge(m, edge, pw);
    }
    /* Point (px, py), 1 <= px < w, 1 <= py < h, is the top-left corner of
     * cell (px, py). The bar in each direction is the wall: */
    for (uint32_t py = 1; py < m->h; py++) {
        for (uint32_t px = 1; px < m->w; px++) {
            if (edge && edge[(size_t)py * pw + px]) continue; /* the shape's edge */
            unsigned allowed = dir_bit(MEIRO_EAST) | dir_bit(MEIRO_SOUTH);
            if (py == 1 || (edge && edge[(size_t)(py - 1) * pw + px]))
                allowed |= dir_bit(MEIRO_NORTH);
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
    free(edge);
    return m->active ? mask_close_loops(m, rng, err) : MEIRO_OK;
}
