/* `astar` (A*): best-first search ordered by steps so far plus the
 * Manhattan distance still to go. The estimate never overshoots, so the
 * path is a shortest one, usually after exploring far fewer cells than bfs
 * when the goal lies straight ahead. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/search.h"
#include "solve/solve.h"

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
