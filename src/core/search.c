/* Breadth-first search over open sides (the walk under `bfs`, the ends
 * placement and the metrics) and meiro_distances(). The queue is a growable
 * ring of cell ids: its size is the search front, usually far below the
 * maze's size. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/search.h"

#include <stdlib.h>

meiro_status bfs_walk(const meiro_maze *m, meiro_cell from, uint8_t *seen, bfs_visit_fn visit,
                      void *ctx, bool levels, meiro_error *err)
{
    u32ring q = {NULL, 0, 0, 0};
    size_t s = grid_id(m, from), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    seen[s] = TRAIL_SEEN | TRAIL_ROOT;
    if (visit(ctx, s, s, 0)) return MEIRO_OK;
    if (!u32ring_push(&q, (uint32_t)s)) goto nomem;
    /* the queue holds one level after the other: count them to know the
     * distance without storing it per cell */
    uint32_t level = 0;
    size_t level_left = 1, next_level = 0;
    while (q.count) {
        if (levels) {
            if (level_left == 0) {
                level++;
                level_left = next_level;
                next_level = 0;
            }
            level_left--;
        }
        size_t i = u32ring_pop(&q);
        unsigned open = grid_exits(m, grid_at_exits(m, i), next, back);
        FOR_EACH_SIDE_IN (d, open) {
            size_t j = next[d];
            if (seen[j] & TRAIL_SEEN) continue;
            seen[j] = (uint8_t)(TRAIL_SEEN | back[d]);
            if (visit(ctx, j, i, level + 1)) goto done;
            if (!u32ring_push(&q, (uint32_t)j)) goto nomem;
            next_level += levels;
        }
    }
done:
    free(q.items);
    return MEIRO_OK;
nomem:
    free(q.items);
    return fail(err, MEIRO_ERROR_NOMEM, "out of memory in breadth-first search");
}

static bool visit_distance(void *ctx, size_t cell, size_t parent, uint32_t distance)
{
    (void)parent;
    uint32_t *dist = ctx;
    dist[cell] = distance;
    return false;
}

meiro_status grid_distances(const meiro_maze *m, size_t from, uint32_t *dist, meiro_error *err)
{
    size_t n = grid_total(m);
    uint8_t *seen = zalloc(n, 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring distances");
    for (size_t i = 0; i < n; i++) dist[i] = UINT32_MAX;
    meiro_status s = bfs_walk(m, grid_cell(m, from), seen, visit_distance, dist, true, err);
    free(seen);
    return s;
}

meiro_status meiro_distances(const meiro_maze *maze, meiro_cell from, uint32_t *dist,
                             meiro_error *err)
{
    const meiro_maze *m = maze;
    if (from.y >= m->h || from.x >= grid_row_width(m, from.y))
        return fail(err, MEIRO_ERROR_ARGUMENT, "cell (%lu, %lu) is outside the maze",
                    (unsigned long)from.x, (unsigned long)from.y);
    if (m->grid != MEIRO_GRID_POLAR) /* ids are y * width + x already */
        return grid_distances(m, grid_id(m, from), dist, err);
    size_t n = grid_total(m);
    uint32_t *by_id = alloc_array(n, sizeof *by_id);
    if (!by_id) return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring distances");
    meiro_status s = grid_distances(m, grid_id(m, from), by_id, err);
    if (s == MEIRO_OK) { /* rows of the outer ring's width, padded */
        size_t id = 0;
        for (uint32_t y = 0; y < m->h; y++) {
            uint32_t w = grid_row_width(m, y);
            uint32_t *row = dist + (size_t)y * m->w;
            for (uint32_t x = 0; x < m->w; x++) row[x] = x < w ? by_id[id++] : UINT32_MAX;
        }
    }
    free(by_id);
    return s;
}
