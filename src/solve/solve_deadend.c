/* `deadend` (dead-end filling): fill every dead end but S and G, and the
 * corridors behind them as they become dead ends in turn; what stays open
 * is the solution (in a maze with loops, the routes between the loops,
 * where a breadth-first search picks the shortest). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/search.h"
#include "solve/solve.h"
#include "core/grid.h"

#include <stdlib.h>

meiro_status solve_deadend(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                           const meiro_observer *obs, meiro_error *err)
{
    size_t n = (size_t)m->w * m->h;
    size_t start = cell_index(m, m->start.x, m->start.y), goal = cell_index(m, m->goal.x, m->goal.y);
    uint8_t *degree = alloc_array(n, 1);
    u32vec ends = {NULL, 0, 0};
    bool ok = degree != NULL;
    for (size_t i = 0; ok && i < n; i++) {
        degree[i] = (uint8_t)__builtin_popcount(cell_open_mask(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w)));
        if (degree[i] <= 1 && i != start && i != goal) ok = u32vec_push(&ends, (uint32_t)i);
    }
    uint64_t filled = 0;
    while (ok && ends.count) {
        size_t i = ends.items[--ends.count];
        if (trail[i]) continue;
        trail[i] = TRAIL_SEEN; /* filled: the search below never enters it */
        filled++;
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        observe(obs, MEIRO_EVENT_FILL, x, y, MEIRO_NO_DIR, (uint32_t)filled);
        unsigned exits = cell_open_mask(m, x, y);
        FOR_EACH_DIR_IN(d, exits) {
            size_t j = cell_neighbour(m, x, y, d);
            if (trail[j]) continue;
            if (--degree[j] <= 1 && j != start && j != goal) ok = u32vec_push(&ends, (uint32_t)j);
            if (!ok) break;
        }
    }
    free(degree);
    free(ends.items);
    if (!ok) return fail(err, MEIRO_ERROR_NOMEM, "out of memory filling dead ends");
    meiro_status s = solve_bfs(m, trail, found, explored, obs, err);
    *explored += filled;
    return s;
}

/* ---- Polar, hex and triangle grids, by cell id. */

meiro_status solve_deadend_grid(const meiro_maze *m, uint8_t *trail, bool *found,
                                uint64_t *explored, const meiro_observer *obs, meiro_error *err)
{
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    size_t start = grid_id(m, m->start), goal = grid_id(m, m->goal);
    uint8_t *degree = alloc_array(n, 1);
    u32vec ends = {NULL, 0, 0};
    bool ok = degree != NULL;
    for (size_t i = 0; ok && i < n; i++) {
        degree[i] = (uint8_t)grid_degree(m, i);
        if (degree[i] <= 1 && i != start && i != goal) ok = u32vec_push(&ends, (uint32_t)i);
    }
    uint64_t filled = 0;
    while (ok && ends.count) {
        size_t i = ends.items[--ends.count];
        if (trail[i]) continue;
        trail[i] = TRAIL_SEEN;
        filled++;
        if (obs) {
            meiro_cell c = grid_cell(m, i);
            observe(obs, MEIRO_EVENT_FILL, c.x, c.y, MEIRO_NO_DIR, (uint32_t)filled);
        }
        unsigned sides = grid_links(m, i, next);
        for (unsigned s = 0; s < sides && ok; s++) {
            size_t j = next[s];
            if (!grid_open(m, i, s) || j == GRID_NONE || trail[j]) continue;
            if (--degree[j] <= 1 && j != start && j != goal) ok = u32vec_push(&ends, (uint32_t)j);
        }
    }
    free(degree);
    free(ends.items);
    if (!ok) return fail(err, MEIRO_ERROR_NOMEM, "out of memory filling dead ends");
    meiro_status s = solve_bfs_grid(m, trail, found, explored, obs, err);
    *explored += filled;
    return s;
}
