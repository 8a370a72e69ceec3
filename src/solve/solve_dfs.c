/* `dfs` (the DFS/BFS article's 深さ優先探索, the Nadeshiko article): depth-first search that tries
 * the neighbours in a fixed order and backs up at dead ends. Finds a path,
 * not necessarily the shortest; `explored` is its visit count. */
#include "core/search.h"
#include "solve/solve.h"

/* On a rectangle down, up, right, left: the order seed 003's stack pops
 * them; on the other grids the sides clockwise. */
static unsigned pick_fixed(void *ctx, const meiro_maze *m, grid_at at, unsigned candidates)
{
    (void)ctx, (void)at;
    static const unsigned order[DIR_COUNT] = {MEIRO_SOUTH, MEIRO_NORTH, MEIRO_EAST, MEIRO_WEST};
    if (m->grid != MEIRO_GRID_RECT) return (unsigned)__builtin_ctz(candidates);
    for (unsigned k = 0; k < DIR_COUNT; k++)
        if (candidates & dir_bit(order[k])) return order[k];
    return (unsigned)__builtin_ctz(candidates); /* a stair of a multi-level maze */
}

meiro_status solve_dfs(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                       const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    walk_roads(m, NULL, trail, grid_id(m, m->start), pick_fixed, NULL, grid_id(m, m->goal), found,
               explored, obs);
    return MEIRO_OK;
}
