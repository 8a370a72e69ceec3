/* `astar` (A*): best-first search ordered by steps so far plus the
 * Manhattan distance still to go. The estimate never overshoots, so the
 * path is a shortest one, usually after exploring far fewer cells than bfs
 * when the goal lies straight ahead. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/search.h"
#include "solve/solve.h"
#include "core/grid.h"

#include <stdlib.h>

static uint32_t manhattan(const meiro_maze *m, uint32_t x, uint32_t y)
{
    return (x > m->goal.x ? x - m->goal.x : m->goal.x - x) +
           (y > m->goal.y ? y - m->goal.y : m->goal.y - y);
}

meiro_status solve_astar(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                         const meiro_observer *obs, meiro_error *err)
{
    size_t n = (size_t)m->w * m->h;
    uint32_t *steps = alloc_array(n, sizeof *steps); /* best known so far */
    u64heap open = {NULL, 0, 0};
    if (!steps) return fail(err, MEIRO_ERROR_NOMEM, "out of memory searching");
    for (size_t i = 0; i < n; i++) steps[i] = UINT32_MAX;
    size_t start = cell_index(m, m->start.x, m->start.y), goal = cell_index(m, m->goal.x, m->goal.y);
    steps[start] = 0;
    trail[start] = TRAIL_ROOT; /* TRAIL_SEEN = closed: taken from the heap */
    bool ok = u64heap_push(&open, (uint64_t)manhattan(m, m->start.x, m->start.y) << 32 | start);
    *found = false;
    *explored = 0;
    while (ok && open.count) {
        size_t i = (uint32_t)u64heap_pop(&open);
        if (trail[i] & TRAIL_SEEN) continue; /* an outdated entry */
        trail[i] |= TRAIL_SEEN;
        ++*explored;
        observe(obs, MEIRO_EVENT_VISIT, (uint32_t)(i % m->w), (uint32_t)(i / m->w), MEIRO_NO_DIR, steps[i]);
        if (i == goal) {
            *found = true;
            break;
        }
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        unsigned exits = cell_open_mask(m, x, y);
        FOR_EACH_DIR_IN(d, exits) {
            uint32_t nx = x, ny = y;
            dir_move(&nx, &ny, d);
            size_t j = cell_index(m, nx, ny);
            if ((trail[j] & TRAIL_SEEN) || steps[i] + 1 >= steps[j]) continue;
            steps[j] = steps[i] + 1;
            trail[j] = (uint8_t)dir_opposite((meiro_dir)d); /* open, not closed */
            ok = u64heap_push(&open, (uint64_t)(steps[j] + manhattan(m, nx, ny)) << 32 | j);
            if (!ok) break;
        }
    }
    free(steps);
    free(open.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory searching");
}

/* ---- Polar, hex and triangle grids: the estimate is a number of steps no
 * way can beat: hex, the hexagon distance (cube coordinates); triangle,
 * the Manhattan distance (a step changes x or y by one); polar, the rings
 * between. */

static uint32_t estimate(const meiro_maze *m, meiro_cell a, meiro_cell b)
{
    int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;
    switch (m->grid) {
    case MEIRO_GRID_HEX: { /* odd columns lower: r = y - (x - x % 2) / 2 */
        int64_t ra = (int64_t)a.y - (int64_t)(a.x - (a.x & 1u)) / 2;
        int64_t rb = (int64_t)b.y - (int64_t)(b.x - (b.x & 1u)) / 2, dr = ra - rb;
        return (uint32_t)((llabs(dx) + llabs(dr) + llabs(dx + dr)) / 2);
    }
    case MEIRO_GRID_TRIANGLE: return (uint32_t)(llabs(dx) + llabs(dy));
    default: return (uint32_t)llabs(dy);
    }
}

meiro_status solve_astar_grid(const meiro_maze *m, uint8_t *trail, bool *found,
                              uint64_t *explored, const meiro_observer *obs, meiro_error *err)
{
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint32_t *steps = alloc_array(n, sizeof *steps);
    u64heap open = {NULL, 0, 0};
    if (!steps) return fail(err, MEIRO_ERROR_NOMEM, "out of memory searching");
    for (size_t i = 0; i < n; i++) steps[i] = UINT32_MAX;
    size_t start = grid_id(m, m->start), goal = grid_id(m, m->goal);
    steps[start] = 0;
    trail[start] = TRAIL_ROOT;
    bool ok = u64heap_push(&open, (uint64_t)estimate(m, m->start, m->goal) << 32 | start);
    *found = false;
    *explored = 0;
    while (ok && open.count) {
        size_t i = (uint32_t)u64heap_pop(&open);
        if (trail[i] & TRAIL_SEEN) continue;
        trail[i] |= TRAIL_SEEN;
        ++*explored;
        if (obs) {
            meiro_cell c = grid_cell(m, i);
            observe(obs, MEIRO_EVENT_VISIT, c.x, c.y, MEIRO_NO_DIR, steps[i]);
        }
        if (i == goal) {
            *found = true;
            break;
        }
        unsigned sides = grid_links_back(m, i, next, back);
        for (unsigned s = 0; s < sides && ok; s++) {
            size_t j = next[s];
            if (!grid_open(m, i, s) || j == GRID_NONE || (trail[j] & TRAIL_SEEN) ||
                steps[i] + 1 >= steps[j])
                continue;
            steps[j] = steps[i] + 1;
            trail[j] = (uint8_t)back[s];
            ok = u64heap_push(&open, (uint64_t)(steps[j] + estimate(m, grid_cell(m, j), m->goal))
                                             << 32 | j);
        }
    }
    free(steps);
    free(open.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory searching");
}
