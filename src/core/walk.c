/* The road walk of the road article (fill_with_road), made iterative. It both
 * generates (`dig`) and solves (`dfs`, `fill`): extend the road into an
 * unvisited neighbour; when stuck, step back along the road to the latest
 * point that can branch. The way back is stored as two bits per cell in the
 * trail, so the walk needs no stack and no recursion. */
#include "core/model.h"
#include "core/search.h"

/* The walk, compiled twice: `watched` is a constant in each copy, so the
 * unwatched one carries no observer code at all. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void walk(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, meiro_cell from,
                        walk_pick_fn pick, void *ctx, meiro_cell goal, bool *found,
                        uint64_t *visited, const meiro_observer *obs, const bool watched)
{
    /* the road article numbers its roads: the first is 2... here 0, and every
     * branch started again after backing up gets the next number */
    uint32_t road = 0;
    bool backed_up = false;
    uint32_t x = from.x, y = from.y;
    size_t i = cell_index(m, x, y);
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    *visited = 1;
    bool following = carve == NULL;
    if (watched) observe(obs, MEIRO_EVENT_VISIT, x, y, MEIRO_NO_DIR, road);
    if (found) *found = following && x == goal.x && y == goal.y;
    if (found && *found) return;
    for (;;) {
        unsigned allowed = following ? cell_open_mask(m, x, y) : cell_inside_mask(m, x, y);
        unsigned candidates = 0;
        FOR_EACH_DIR_IN(d, allowed)
            if (!(trail[cell_neighbour(m, x, y, d)] & TRAIL_SEEN)) candidates |= dir_bit(d);
        if (candidates) {
            unsigned d = pick(ctx, m, x, y, candidates);
            if (watched && backed_up) road++, backed_up = false;
            if (!following) {
                if (watched) carve->road = road;
                maze_set_wall(carve, x, y, d, true);
            }
            dir_move(&x, &y, d);
            i = cell_index(m, x, y);
            trail[i] = (uint8_t)(TRAIL_SEEN | dir_opposite((meiro_dir)d));
            ++*visited;
            if (watched) observe(obs, MEIRO_EVENT_VISIT, x, y, d, road);
            if (following && x == goal.x && y == goal.y) {
                *found = true;
                return;
            }
            continue;
        }
        if (trail[i] & TRAIL_ROOT) return; /* back at the start: all filled */
        if (watched) {
            observe(obs, MEIRO_EVENT_LEAVE, x, y, MEIRO_NO_DIR, road);
            backed_up = true;
        }
        unsigned back = trail[i] & TRAIL_DIR;
        dir_move(&x, &y, back);
        i = cell_index(m, x, y);
    }
}

void walk_roads(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, meiro_cell from,
                walk_pick_fn pick, void *ctx, meiro_cell goal, bool *found, uint64_t *visited,
                const meiro_observer *obs)
{
    if (obs || (carve && carve->obs))
        walk(m, carve, trail, from, pick, ctx, goal, found, visited, obs, true);
    else
        walk(m, carve, trail, from, pick, ctx, goal, found, visited, NULL, false);
}

size_t trail_step(const meiro_maze *m, uint8_t *trail, size_t i, unsigned d)
{
    size_t j = index_neighbour(m, i, d);
    if (!(trail[j] & TRAIL_SEEN)) {
        trail[j] = (uint8_t)(TRAIL_SEEN | dir_opposite((meiro_dir)d));
        return j;
    }
    /* j is on the path already: unwind the loop from i back to j */
    while (i != j) {
        unsigned back = trail[i] & TRAIL_DIR;
        trail[i] = 0;
        i = index_neighbour(m, i, back);
    }
    return j;
}
