/* The road walk of the road article (fill_with_road), made iterative. It both
 * generates (`dig`) and solves (`dfs`, `fill`): extend the road into an
 * unvisited neighbour; when stuck, step back along the road to the latest
 * point that can branch. The way back is stored as the side back in each
 * cell's trail byte, so the walk needs no stack and no recursion. */
#include "core/hints.h"
#include "core/search.h"

/* The walk, compiled four times: `watched` and `rect` are constants in each
 * copy, so the unwatched ones carry no observer code at all and the
 * rectangle's the fast path of the cell graph alone. */
static ALWAYS_INLINE void walk(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, size_t from,
                               walk_pick_fn pick, void *ctx, size_t goal, bool *found,
                               uint64_t *visited, const meiro_observer *obs, const bool watched,
                               const bool rect)
{
    /* the road article numbers its roads: the first is 2... here 0, and every
     * branch started again after backing up gets the next number */
    uint32_t road = 0;
    bool backed_up = false, following = carve == NULL;
    grid_at at = grid_at_id(m, from); /* (x, y) kept along: no division per step */
    trail[from] = TRAIL_SEEN | TRAIL_ROOT;
    *visited = 1;
    if (watched) observe(obs, MEIRO_EVENT_VISIT, at.c.x, at.c.y, MEIRO_NO_DIR, road);
    if (found) *found = following && from == goal;
    if (found && *found) return;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (;;) {
        unsigned candidates = 0;
        if (rect && following && UNLIKELY(m->weave || m->levels)) { /* tunnels, stairs */
            unsigned open = grid_exits_as(m, true, at, next, back);
            FOR_EACH_SIDE_IN (s, open) candidates |= (unsigned)!(trail[next[s]] & TRAIL_SEEN) << s;
        } else if (rect) {
            unsigned sides = following ? grid_open_sides_as(m, true, at.id) : rect_sides(m, at);
            candidates = rect_unmarked(m, at.id, sides, trail, TRAIL_SEEN);
        } else if (following) {
            unsigned open = grid_exits_as(m, false, at, next, back);
            FOR_EACH_SIDE_IN (s, open) candidates |= (unsigned)!(trail[next[s]] & TRAIL_SEEN) << s;
        } else {
            unsigned sides = grid_links_as(m, false, at, next, back);
            FOR_EACH_SIDE_IN (s, sides) candidates |= (unsigned)!(trail[next[s]] & TRAIL_SEEN) << s;
        }
        if (candidates) {
            unsigned d = pick(ctx, m, at, candidates);
            if (watched && backed_up) road++, backed_up = false;
            unsigned d_back;
            size_t to = rect ? grid_through_as(m, true, at.id, d, &d_back) : next[d];
            if (!rect) d_back = back[d];
            if (!following) {
                if (watched) carve->road = road;
                grid_join_as(carve, rect, at.id, d, to, d_back);
            }
            at = grid_step_as(m, rect, at, d, to);
            trail[at.id] = (uint8_t)(TRAIL_SEEN | d_back);
            ++*visited;
            if (watched) observe(obs, MEIRO_EVENT_VISIT, at.c.x, at.c.y, d, road);
            if (following && at.id == goal) {
                *found = true;
                return;
            }
            continue;
        }
        if (trail[at.id] & TRAIL_ROOT) return; /* back at the start: all filled */
        if (watched) {
            observe(obs, MEIRO_EVENT_LEAVE, at.c.x, at.c.y, MEIRO_NO_DIR, road);
            backed_up = true;
        }
        unsigned side = trail[at.id] & TRAIL_SIDE, ignored;
        at = grid_step_as(m, rect, at, side, grid_through_as(m, rect, at.id, side, &ignored));
    }
}

void walk_roads(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, size_t from,
                walk_pick_fn pick, void *ctx, size_t goal, bool *found, uint64_t *visited,
                const meiro_observer *obs)
{
    bool watched = obs || (carve && carve->obs);
    if (m->grid == MEIRO_GRID_RECT) {
        if (watched) walk(m, carve, trail, from, pick, ctx, goal, found, visited, obs, true, true);
        else walk(m, carve, trail, from, pick, ctx, goal, found, visited, NULL, false, true);
    } else {
        if (watched) walk(m, carve, trail, from, pick, ctx, goal, found, visited, obs, true, false);
        else walk(m, carve, trail, from, pick, ctx, goal, found, visited, NULL, false, false);
    }
}

size_t trail_step(const meiro_maze *m, uint8_t *trail, size_t i, size_t j, unsigned back)
{
    if (!(trail[j] & TRAIL_SEEN)) {
        trail[j] = (uint8_t)(TRAIL_SEEN | back);
        return j;
    }
    /* j is on the path already: unwind the loop from i back to j */
    while (i != j) {
        unsigned side = trail[i] & TRAIL_SIDE;
        trail[i] = 0;
        i = grid_through(m, i, side, &back);
    }
    return j;
}
