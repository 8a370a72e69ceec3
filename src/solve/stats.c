/* Maze metrics: openings per cell, reachability, the shortest solution and
 * its turns, the longest path, and how long the dead-end branches run. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"

#include <stdlib.h>

/* Walks from every dead end along the corridor to the first junction (or
 * the other end of an isolated corridor) and averages the lengths. */
static double river(const meiro_maze *m, uint64_t dead_ends)
{
    if (dead_ends == 0) return 0;
    uint64_t total = 0;
    for (uint32_t y = 0; y < m->h; y++) {
        for (uint32_t x = 0; x < m->w; x++) {
            unsigned open = cell_open_mask(m, x, y);
            if (__builtin_popcount(open) != 1) continue;
            uint32_t cx = x, cy = y;
            unsigned from = MEIRO_NO_DIR;
            for (;;) {
                total++;
                unsigned exits = cell_open_mask(m, cx, cy);
                if (from != MEIRO_NO_DIR) exits &= ~dir_bit(dir_opposite((meiro_dir)from));
                if (__builtin_popcount(exits) != 1) break; /* a junction or the end */
                from = (unsigned)__builtin_ctz(exits);
                dir_move(&cx, &cy, from);
                if (__builtin_popcount(cell_open_mask(m, cx, cy)) > 2) break;
            }
        }
    }
    return (double)total / (double)dead_ends;
}

meiro_status meiro_stats_compute(const meiro_maze *maze, meiro_stats *st, meiro_error *err)
{
    const meiro_maze *m = maze;
    *st = (meiro_stats){0};
    st->width = m->w;
    st->height = m->h;
    st->cells = m->active_count; /* inside the shape, if it has one */
    size_t total = (size_t)m->w * m->h;
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

    uint32_t *dist = alloc_array(total, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring the maze");
    s = meiro_distances(m, m->start, dist, err);
    /* longest path: the farthest cell from anywhere ends one; sweep again */
    size_t far = cell_index(m, m->start.x, m->start.y);
    for (size_t i = 0; s == MEIRO_OK && i < total; i++) {
        st->reachable += dist[i] != UINT32_MAX;
        if (dist[i] != UINT32_MAX && dist[i] > dist[far]) far = i;
    }
    if (s == MEIRO_OK)
        s = meiro_distances(m, (meiro_cell){(uint32_t)(far % m->w), (uint32_t)(far / m->w)}, dist, err);
    for (size_t i = 0; s == MEIRO_OK && i < total; i++)
        if (dist[i] != UINT32_MAX && dist[i] + 1 > st->longest) st->longest = dist[i] + 1;
    free(dist);
    if (s != MEIRO_OK) return s;
    st->river = river(m, st->dead_ends);

    meiro_path path;
    s = meiro_solve(m, "bfs", &path, err);
    if (s == MEIRO_ERROR_NO_PATH) return MEIRO_OK;
    if (s != MEIRO_OK) return s;
    st->solution = path.length;
    for (size_t k = 0; k < path.length; k++)
        st->decisions += __builtin_popcount(cell_open_mask(m, path.cells[k].x, path.cells[k].y)) >= 3;
    for (size_t k = 2; k < path.length; k++) {
        meiro_cell a = path.cells[k - 2], b = path.cells[k - 1], c = path.cells[k];
        bool straight = (a.x == b.x && b.x == c.x) || (a.y == b.y && b.y == c.y);
        st->turns += !straight;
    }
    meiro_path_free(&path);
    return MEIRO_OK;
}
