/* `hunt-and-kill`: walk at random into unvisited cells; when stuck, hunt
 * for the first unvisited cell in reading order, join it to a visited
 * neighbour and walk on from there. The first unvisited cell always has a
 * visited neighbour above or to its left (the walk starts at the top-left
 * cell), so the hunt is one pointer moving forward: linear overall. On a
 * shape that no longer holds, so the hunt goes through the cells in
 * breadth-first order from the first cell inside, where each cell has an
 * earlier neighbour. Long winding passages, fewer dead ends than prim. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

/* The cells of a shape in breadth-first order from its first cell. */
static uint32_t *shape_order(const meiro_maze *m)
{
    size_t n = (size_t)m->w * m->h, head = 0, tail = 0;
    uint32_t *order = alloc_array((size_t)m->active_count, sizeof *order);
    uint8_t *seen = zalloc(n, 1);
    if (!order || !seen) {
        free(order);
        free(seen);
        return NULL;
    }
    size_t first = 0;
    while (!m->active[first]) first++;
    order[tail++] = (uint32_t)first;
    seen[first] = 1;
    while (head < tail) {
        uint32_t i = order[head++], x = i % m->w, y = i / m->w;
        unsigned inside = cell_inside_mask(m, x, y);
        FOR_EACH_DIR_IN(d, inside) {
            size_t j = cell_neighbour(m, x, y, d);
            if (!seen[j]) {
                seen[j] = 1;
                order[tail++] = (uint32_t)j;
            }
        }
    }
    free(seen);
    return order;
}

meiro_status gen_hunt_and_kill(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err)
{
    (void)opt;
    size_t n = (size_t)m->w * m->h, hunt = 0, cells = (size_t)m->active_count;
    uint8_t *seen = zalloc(n, 1);
    uint32_t *order = m->active ? shape_order(m) : NULL;
    if (!seen || (m->active && !order)) {
        free(seen);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    }
#define HUNT_CELL(k) (order ? order[k] : (k)) /* the k-th cell the hunt looks at */
    uint32_t x = (uint32_t)(HUNT_CELL(0) % m->w), y = (uint32_t)(HUNT_CELL(0) / m->w);
    seen[HUNT_CELL(0)] = 1;
    for (;;) {
        unsigned inside = cell_inside_mask(m, x, y), fresh = 0;
        FOR_EACH_DIR_IN(d, inside)
            if (!seen[cell_neighbour(m, x, y, d)]) fresh |= dir_bit(d);
        if (fresh) { /* kill: walk on */
            unsigned d = rng_pick_bit(rng, fresh);
            maze_set_wall(m, x, y, d, true);
            dir_move(&x, &y, d);
            seen[cell_index(m, x, y)] = 1;
            continue;
        }
        while (hunt < cells && seen[HUNT_CELL(hunt)]) hunt++;
        if (hunt == cells) break;
        x = (uint32_t)(HUNT_CELL(hunt) % m->w);
        y = (uint32_t)(HUNT_CELL(hunt) / m->w);
        unsigned visited = 0;
        inside = cell_inside_mask(m, x, y);
        FOR_EACH_DIR_IN(d, inside)
            if (seen[cell_neighbour(m, x, y, d)]) visited |= dir_bit(d);
        maze_set_wall(m, x, y, rng_pick_bit(rng, visited), true);
        seen[HUNT_CELL(hunt)] = 1;
    }
#undef HUNT_CELL
    free(seen);
    free(order);
    return MEIRO_OK;
}
