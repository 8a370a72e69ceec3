/* `astar` (A*): best-first search ordered by steps so far plus an estimate
 * of the steps still to go. The estimate never overshoots, so the path is a
 * shortest one, usually after exploring far fewer cells than bfs when the
 * goal lies straight ahead. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/search.h"
#include "solve/solve.h"

#include <stdlib.h>

/* Steps no way from a to b can beat: on rectangles and triangle grids the
 * Manhattan distance (a step changes x or y by one); hex, the hexagon
 * distance (cube coordinates); polar, the rings between. */
static uint32_t estimate(const meiro_maze *m, meiro_cell a, meiro_cell b)
{
    int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;
    switch (m->grid) {
    case MEIRO_GRID_HEX: { /* odd columns lower: r = y - (x - x % 2) / 2 */
        int64_t ra = (int64_t)a.y - (int64_t)(a.x - (a.x & 1u)) / 2;
        int64_t rb = (int64_t)b.y - (int64_t)(b.x - (b.x & 1u)) / 2, dr = ra - rb;
        return (uint32_t)((llabs(dx) + llabs(dr) + llabs(dx + dr)) / 2);
    }
    case MEIRO_GRID_POLAR: return (uint32_t)llabs(dy);
    case MEIRO_GRID_RECT:
        if (m->levels) { /* rows within the floor, and one step a floor */
            int64_t fa = a.y / m->floor_h, fb = b.y / m->floor_h;
            dy = (int64_t)(a.y % m->floor_h) - (int64_t)(b.y % m->floor_h);
            return (uint32_t)(llabs(dx) + llabs(dy) + llabs(fa - fb));
        }
        dx = llabs(dx), dy = llabs(dy);
        /* across a seam the other way round may be shorter: the estimate
         * stays below the true distance */
        if (m->wrap & MEIRO_WRAP_X && m->w - dx < dx) dx = m->w - dx;
        if (m->wrap & MEIRO_WRAP_Y && m->h - dy < dy) dy = m->h - dy;
        return (uint32_t)(dx + dy);
    default: return (uint32_t)(llabs(dx) + llabs(dy));
    }
}

meiro_status solve_astar(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                         const meiro_observer *obs, meiro_error *err)
{
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint32_t *steps = alloc_array(n, sizeof *steps); /* best known so far */
    u64heap open = {NULL, 0, 0};
    if (!steps) return fail(err, MEIRO_ERROR_NOMEM, "out of memory searching");
    for (size_t i = 0; i < n; i++) steps[i] = UINT32_MAX;
    size_t start = grid_id(m, m->start), goal = grid_id(m, m->goal);
    steps[start] = 0;
    trail[start] = TRAIL_ROOT; /* TRAIL_SEEN = closed: taken from the heap */
    bool ok = u64heap_push(&open, (uint64_t)estimate(m, m->start, m->goal) << 32 | start);
    *found = false;
    *explored = 0;
    while (ok && open.count) {
        size_t i = (uint32_t)u64heap_pop(&open);
        if (trail[i] & TRAIL_SEEN) continue; /* an outdated entry */
        trail[i] |= TRAIL_SEEN;
        ++*explored;
        grid_at at = grid_at_id(m, i);
        observe(obs, MEIRO_EVENT_VISIT, at.c.x, at.c.y, MEIRO_NO_DIR, steps[i]);
        if (i == goal) {
            *found = true;
            break;
        }
        unsigned exits = grid_exits(m, at, next, back);
        FOR_EACH_SIDE_IN (d, exits) {
            size_t j = next[d];
            if ((trail[j] & TRAIL_SEEN) || steps[i] + 1 >= steps[j]) continue;
            steps[j] = steps[i] + 1;
            trail[j] = (uint8_t)back[d]; /* open, not closed */
            meiro_cell c = grid_step(m, at, d, j).c;
            ok = u64heap_push(&open, (uint64_t)(steps[j] + estimate(m, c, m->goal)) << 32 | j);
            if (!ok) break;
        }
    }
    free(steps);
    free(open.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory searching");
}
