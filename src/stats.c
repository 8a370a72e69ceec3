/* Maze metrics: openings per cell, reachability, the shortest solution and
 * its turns. */
#include "internal.h"

#include <stdlib.h>

meiro_status meiro_stats_compute(const meiro_maze *maze, meiro_stats *st, meiro_error *err)
{
    const meiro_maze *m = maze;
    *st = (meiro_stats){0};
    st->width = m->w;
    st->height = m->h;
    st->cells = (uint64_t)m->w * m->h;
    for (uint32_t y = 0; y < m->h; y++) {
        for (uint32_t x = 0; x < m->w; x++) {
            unsigned open = cell_open_mask(m, x, y);
            unsigned degree = (unsigned)__builtin_popcount(open);
            st->passages += (open >> MEIRO_EAST & 1) + (open >> MEIRO_SOUTH & 1);
            if (degree == 1) st->dead_ends++;
            else if (degree == 2) st->corridors++;
            else if (degree >= 3) st->junctions++;
            if (degree == 4) st->junctions4++;
        }
    }
    meiro_status s = meiro_maze_is_perfect(m, &st->perfect, err);
    if (s != MEIRO_OK) return s;

    uint32_t *dist = meiro_malloc_array(st->cells, sizeof *dist);
    if (!dist) return meiro_fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring the maze");
    s = meiro_distances(m, m->start, dist, err);
    if (s == MEIRO_OK)
        for (size_t i = 0; i < st->cells; i++) st->reachable += dist[i] != UINT32_MAX;
    free(dist);
    if (s != MEIRO_OK) return s;

    meiro_path path;
    s = meiro_solve(m, "bfs", &path, err);
    if (s == MEIRO_ERROR_NO_PATH) return MEIRO_OK;
    if (s != MEIRO_OK) return s;
    st->solution = path.length;
    for (size_t k = 2; k < path.length; k++) {
        meiro_cell a = path.cells[k - 2], b = path.cells[k - 1], c = path.cells[k];
        bool straight = (a.x == b.x && b.x == c.x) || (a.y == b.y && b.y == c.y);
        st->turns += !straight;
    }
    meiro_path_free(&path);
    return MEIRO_OK;
}
