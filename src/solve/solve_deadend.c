/* `deadend` (dead-end filling): fill every dead end but S and G, and the
 * corridors behind them as they become dead ends in turn; what stays open
 * is the solution (in a maze with loops, the routes between the loops,
 * where a breadth-first search picks the shortest). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/search.h"
#include "solve/solve.h"

#include <stdlib.h>

meiro_status solve_deadend(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                           const meiro_observer *obs, meiro_error *err)
{
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
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
        trail[i] = TRAIL_SEEN; /* filled: the search below never enters it */
        filled++;
        grid_at at = grid_at_exits(m, i);
        if (obs) {
            meiro_cell c = grid_cell(m, i);
            observe(obs, MEIRO_EVENT_FILL, c.x, c.y, MEIRO_NO_DIR, (uint32_t)filled);
        }
        unsigned exits = grid_exits(m, at, next, back);
        FOR_EACH_SIDE_IN (d, exits) {
            size_t j = next[d];
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
