/* `bfs` (the DFS/BFS article's 幅優先探索): breadth-first search from the start; the
 * first time the goal is reached the path is a shortest one (the walk
 * itself is bfs_walk, in search.c). */
#include "core/hints.h"
#include "core/search.h"
#include "solve/solve.h"

typedef struct goal_search {
    const meiro_maze *m;
    const meiro_observer *obs;
    size_t goal;
    uint64_t explored;
    bool found;
} goal_search;

static bool visit_goal(void *ctx, size_t cell, size_t parent, uint32_t distance)
{
    (void)parent;
    goal_search *g = ctx;
    g->explored++;
    if (UNLIKELY(g->obs)) {
        meiro_cell c = grid_cell(g->m, cell);
        observe(g->obs, MEIRO_EVENT_VISIT, c.x, c.y, MEIRO_NO_DIR, distance);
    }
    return g->found = cell == g->goal;
}

meiro_status solve_bfs(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                       const meiro_observer *obs, meiro_error *err)
{
    goal_search g = {m, obs, grid_id(m, m->goal), 0, false};
    meiro_status s = bfs_walk(m, m->start, trail, visit_goal, &g, obs != NULL, err);
    *found = g.found;
    *explored = g.explored;
    return s;
}
