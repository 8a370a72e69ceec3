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
#include "core/grid.h"

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

/* ---- Polar, hex and triangle grids, by cell id from cell 0 (the centre,
 * or the top-left cell). The first unvisited cell has a visited
 * neighbour with a smaller id (inward, above or to the left), except a
 * triangle at the left edge pointing up, whose right neighbour has one
 * above it: the hunt looks a step further then. */

meiro_status gen_hunt_and_kill_grid(meiro_maze *m, rng_state *rng,
                                    const meiro_generate_options *opt, meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m), hunt = 0, i = 0, next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *seen = zalloc(n, 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    seen[0] = 1;
    for (;;) {
        unsigned sides = grid_links_back(m, i, next, back), fresh = 0;
        for (unsigned s = 0; s < sides; s++)
            if (next[s] != GRID_NONE && !seen[next[s]]) fresh |= 1u << s;
        if (fresh) { /* kill: walk on */
            unsigned d = rng_pick_bit(rng, fresh);
            grid_join(m, i, d, next[d], back[d]);
            i = next[d];
            seen[i] = 1;
            continue;
        }
        while (hunt < n && seen[hunt]) hunt++;
        if (hunt == n) break;
        unsigned visited = 0;
        for (i = hunt; i < n; i++) {
            if (seen[i]) continue;
            sides = grid_links_back(m, i, next, back);
            for (unsigned s = 0; s < sides; s++)
                if (next[s] != GRID_NONE && seen[next[s]]) visited |= 1u << s;
            if (visited) break;
        }
        if (!visited) break; /* cannot happen on a connected grid */
        unsigned d = rng_pick_bit(rng, visited);
        grid_join(m, i, d, next[d], back[d]);
        seen[i] = 1;
    }
    free(seen);
    return hunt == n ? MEIRO_OK : fail(err, MEIRO_ERROR_INTERNAL, "cells left unvisited");
}
