/* `hunt-and-kill`: walk at random into unvisited cells; when stuck, hunt
 * for the first unvisited cell in reading order, join it to a visited
 * neighbour and walk on from there. The first unvisited cell always has a
 * visited neighbour above or to its left (the walk starts at the top-left
 * cell), so the hunt is one pointer moving forward: linear overall. On a
 * shape that no longer holds, so the hunt goes through the cells in
 * breadth-first order from the first cell inside, where each cell has an
 * earlier neighbour. On the other grids the walk starts at cell 0 (the
 * centre, or the top-left cell) and the first unvisited cell has a visited
 * neighbour with a smaller id (inward, above or to the left), except a
 * triangle at the left edge pointing up, whose right neighbour has one
 * above it: the hunt looks a step further then. Long winding passages,
 * fewer dead ends than prim. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
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
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    while (head < tail) {
        unsigned sides = grid_links(m, grid_at_id(m, order[head++]), next, back);
        FOR_EACH_SIDE_IN (d, sides) {
            size_t j = next[d];
            if (!seen[j]) {
                seen[j] = 1;
                order[tail++] = (uint32_t)j;
            }
        }
    }
    free(seen);
    return order;
}

/* The sides of `at` whose neighbour's `seen` is `want`. Inlined by force:
 * the walk's every step (called, a fifth slower). */
static ALWAYS_INLINE unsigned sides_seen(const meiro_maze *m, const uint8_t *seen, grid_at at, bool want,
                                  size_t next[GRID_MAX_SIDES], unsigned back[GRID_MAX_SIDES])
{
    unsigned sides = grid_links(m, at, next, back), found = 0;
    FOR_EACH_SIDE_IN (s, sides)
        if ((seen[next[s]] != 0) == want) found |= 1u << s;
    return found;
}

meiro_status gen_hunt_and_kill(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err)
{
    (void)opt;
    size_t hunt = 0, cells = (size_t)m->active_count, next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *seen = zalloc(grid_total(m), 1);
    uint32_t *order = m->active ? shape_order(m) : NULL;
    if (!seen || (m->active && !order)) {
        free(seen);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    }
#define HUNT_CELL(k) (order ? order[k] : (k)) /* the k-th cell the hunt looks at */
    grid_at at = grid_at_id(m, HUNT_CELL(0));
    seen[at.id] = 1;
    for (;;) {
        unsigned fresh = sides_seen(m, seen, at, false, next, back);
        if (fresh) { /* kill: walk on */
            unsigned d = rng_pick_bit(rng, fresh);
            grid_join(m, at.id, d, next[d], back[d]);
            at = grid_step(m, at, d, next[d]);
            seen[at.id] = 1;
            continue;
        }
        while (hunt < cells && seen[HUNT_CELL(hunt)]) hunt++;
        if (hunt == cells) break;
        unsigned visited = 0;
        for (size_t k = hunt; k < cells && !visited; k++)
            if (!seen[HUNT_CELL(k)]) {
                at = grid_at_id(m, HUNT_CELL(k));
                visited = sides_seen(m, seen, at, true, next, back);
            }
        if (!visited) break; /* cannot happen on a connected grid */
        unsigned d = rng_pick_bit(rng, visited);
        grid_join(m, at.id, d, next[d], back[d]);
        seen[at.id] = 1;
    }
#undef HUNT_CELL
    free(seen);
    free(order);
    return hunt == cells ? MEIRO_OK : fail(err, MEIRO_ERROR_INTERNAL, "cells left unvisited");
}
