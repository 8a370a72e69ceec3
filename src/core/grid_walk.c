/* The road walk and breadth-first search on polar, hex and triangle grids
 * (core/grid_search.h): the same walks as walk.c and search.c, by cell id
 * and side instead of (x, y) and direction. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid_search.h"

#include <stdlib.h>

/* Compiled twice like walk.c's: the unwatched copy carries no observer
 * code. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void walk(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, size_t i,
                        grid_pick_fn pick, void *ctx, size_t goal, bool *found,
                        uint64_t *visited, const meiro_observer *obs, const bool watched)
{
    uint32_t road = 0;
    bool backed_up = false, following = carve == NULL;
    meiro_cell c = grid_cell(m, i); /* kept along: no division per step */
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    *visited = 1;
    if (watched) observe(obs, MEIRO_EVENT_VISIT, c.x, c.y, MEIRO_NO_DIR, road);
    if (found) *found = following && i == goal;
    if (found && *found) return;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (;;) {
        unsigned n = grid_links_at(m, i, c, next, back), candidates = 0;
        unsigned allowed = following ? m->cells[i] : (1u << n) - 1;
        for (unsigned s = 0; s < n; s++)
            if (((allowed >> s) & 1u) && next[s] != GRID_NONE && !(trail[next[s]] & TRAIL_SEEN))
                candidates |= 1u << s;
        if (candidates) {
            unsigned d = pick(ctx, m, i, candidates, next);
            if (watched && backed_up) road++, backed_up = false;
            if (!following) {
                if (watched) carve->road = road;
                grid_join(carve, i, d, next[d], back[d]);
            }
            i = next[d];
            c = grid_cell_across(m, c, d);
            trail[i] = (uint8_t)(TRAIL_SEEN | back[d]);
            ++*visited;
            if (watched) observe(obs, MEIRO_EVENT_VISIT, c.x, c.y, d, road);
            if (following && i == goal) {
                *found = true;
                return;
            }
            continue;
        }
        if (trail[i] & TRAIL_ROOT) return;
        if (watched) {
            observe(obs, MEIRO_EVENT_LEAVE, c.x, c.y, MEIRO_NO_DIR, road);
            backed_up = true;
        }
        c = grid_cell_across(m, c, trail[i] & GRID_TRAIL_SIDE);
        i = grid_id(m, c);
    }
}

void grid_walk_roads(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, size_t from,
                     grid_pick_fn pick, void *ctx, size_t goal, bool *found, uint64_t *visited,
                     const meiro_observer *obs)
{
    if (obs || (carve && carve->obs))
        walk(m, carve, trail, from, pick, ctx, goal, found, visited, obs, true);
    else
        walk(m, carve, trail, from, pick, ctx, goal, found, visited, NULL, false);
}

size_t grid_trail_step(const meiro_maze *m, uint8_t *trail, size_t i, unsigned d)
{
    unsigned back = 0;
    size_t j = grid_neighbour(m, i, d);
    back = grid_back_side(m, i, d);
    if (!(trail[j] & TRAIL_SEEN)) {
        trail[j] = (uint8_t)(TRAIL_SEEN | back);
        return j;
    }
    while (i != j) { /* j is on the path already: unwind the loop back to it */
        unsigned side = trail[i] & GRID_TRAIL_SIDE;
        trail[i] = 0;
        i = grid_neighbour(m, i, side);
    }
    return j;
}

meiro_status grid_bfs_walk(const meiro_maze *m, size_t from, uint8_t *seen, bfs_visit_fn visit,
                           void *ctx, bool levels, meiro_error *err)
{
    u32ring q = {NULL, 0, 0, 0};
    seen[from] = TRAIL_SEEN | TRAIL_ROOT;
    if (visit(ctx, from, from, 0)) return MEIRO_OK;
    if (!u32ring_push(&q, (uint32_t)from)) goto nomem;
    uint32_t level = 0;
    size_t level_left = 1, next_level = 0, next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
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
        unsigned open = m->cells[i];
        if (!open) continue;
        unsigned n = grid_links_back(m, i, next, back);
        for (unsigned s = 0; s < n; s++) {
            if (!((open >> s) & 1u)) continue;
            size_t j = next[s];
            if (j == GRID_NONE || (seen[j] & TRAIL_SEEN)) continue;
            seen[j] = (uint8_t)(TRAIL_SEEN | back[s]);
            if (visit(ctx, j, i, level + 1)) goto done;
            if (!u32ring_push(&q, (uint32_t)j)) goto nomem;
            next_level += levels;
        }
    }
done:
    free(q.items);
    return MEIRO_OK;
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

meiro_status grid_distances(const meiro_maze *m, size_t from, uint32_t *dist, meiro_error *err)
{
    size_t n = grid_total(m);
    uint8_t *seen = zalloc(n, 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring distances");
    for (size_t i = 0; i < n; i++) dist[i] = UINT32_MAX;
    meiro_status s = grid_bfs_walk(m, from, seen, visit_distance, dist, true, err);
    free(seen);
    return s;
}

meiro_status grid_distances_xy(const meiro_maze *m, meiro_cell from, uint32_t *dist,
                               meiro_error *err)
{
    if (from.y >= m->h || from.x >= grid_row_width(m, from.y))
        return fail(err, MEIRO_ERROR_ARGUMENT, "cell (%lu, %lu) is outside the maze",
                    (unsigned long)from.x, (unsigned long)from.y);
    if (m->grid != MEIRO_GRID_POLAR) /* ids are y * width + x already */
        return grid_distances(m, grid_id(m, from), dist, err);
    size_t n = grid_total(m);
    uint32_t *by_id = alloc_array(n, sizeof *by_id);
    if (!by_id) return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring distances");
    meiro_status s = grid_distances(m, grid_id(m, from), by_id, err);
    if (s == MEIRO_OK) {
        size_t id = 0;
        for (uint32_t y = 0; y < m->h; y++) {
            uint32_t w = grid_row_width(m, y);
            uint32_t *row = dist + (size_t)y * m->w;
            for (uint32_t x = 0; x < m->w; x++) row[x] = x < w ? by_id[id++] : UINT32_MAX;
        }
    }
    free(by_id);
    return s;
}
