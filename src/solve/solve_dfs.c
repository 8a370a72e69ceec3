/* `dfs` (the DFS/BFS article's 深さ優先探索, the Nadeshiko article): depth-first search that tries
 * the neighbours in a fixed order (down, up, right, left: the order seed
 * 003's stack pops them) and backs up at dead ends. Finds a path, not
 * necessarily the shortest; `explored` is its visit count. */
#include "core/search.h"
#include "solve/solve.h"

static unsigned pick_fixed(void *ctx, const meiro_maze *m, uint32_t x, uint32_t y,
                           unsigned candidates)
{
    (void)ctx, (void)m, (void)x, (void)y;
    static const unsigned order[DIR_COUNT] = {MEIRO_SOUTH, MEIRO_NORTH, MEIRO_EAST, MEIRO_WEST};
    for (unsigned k = 0; k < DIR_COUNT - 1; k++)
        if (candidates & dir_bit(order[k])) return order[k];
    return order[DIR_COUNT - 1];
}

meiro_status solve_dfs(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                        const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    walk_roads(m, NULL, trail, m->start, pick_fixed, NULL, m->goal, found, explored, obs);
    return MEIRO_OK;
}
