/* Breadth-first search over open walls (the walk under `bfs`, the ends
 * placement and the metrics) and meiro_distances(). The queue is a growable
 * ring of cell indices: its size is the search front, usually far below the
 * maze's size. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid_search.h"
#include "core/model.h"
#include "core/search.h"

#include <stdlib.h>

meiro_status bfs_walk(const meiro_maze *m, meiro_cell from, uint8_t *seen_bytes,
                      bfs_visit_fn visit, void *ctx, bool levels, meiro_error *err)
{
    u32ring q = {NULL, 0, 0, 0};
    size_t s = cell_index(m, from.x, from.y);
    seen_bytes[s] = TRAIL_SEEN | TRAIL_ROOT;
    meiro_status status = MEIRO_OK;
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
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        unsigned open = cell_open_mask(m, x, y);
        FOR_EACH_DIR_IN(d, open) {
            size_t j = cell_neighbour(m, x, y, d);
            if (seen_bytes[j] & TRAIL_SEEN) continue;
            seen_bytes[j] = (uint8_t)(TRAIL_SEEN | dir_opposite((meiro_dir)d));
            if (visit(ctx, j, i, level + 1)) goto done;
            if (!u32ring_push(&q, (uint32_t)j)) goto nomem;
            next_level += levels;
        }
    }
done:
    free(q.items);
    return status;
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

meiro_status meiro_distances(const meiro_maze *maze, meiro_cell from, uint32_t *dist,
                             meiro_error *err)
{
    if (maze->grid != MEIRO_GRID_RECT) return grid_distances_xy(maze, from, dist, err);
    if (from.x >= maze->w || from.y >= maze->h)
        return fail(err, MEIRO_ERROR_ARGUMENT, "cell (%lu, %lu) is outside the maze",
                          (unsigned long)from.x, (unsigned long)from.y);
    size_t n = (size_t)maze->w * maze->h;
    uint8_t *seen = zalloc(n, 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring distances");
    for (size_t i = 0; i < n; i++) dist[i] = UINT32_MAX;
    meiro_status s = bfs_walk(maze, from, seen, visit_distance, dist, true, err);
    free(seen);
    return s;
}

