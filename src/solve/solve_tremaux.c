/* `tremaux` (Tremaux's algorithm, the marked-passage method a person can
 * follow with chalk): mark each passage when walking it; in a new cell take
 * an unmarked passage; on reaching a known cell through a new passage, turn
 * back; else prefer unmarked passages to once-marked ones, and never walk a
 * passage marked twice. Finds the goal in any maze, walking each passage at
 * most twice. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/search.h"
#include "solve/solve.h"

#include <stdlib.h>

/* Per cell a 16-bit word: the marks (0..2) of side k in bits 2k, 2k + 1,
 * kept on both cells of the passage, and whether the cell was visited. */
enum { MARK_MASK = 3, VISITED = 0x8000u };

static unsigned marks_on(const uint16_t *marks, size_t i, unsigned side)
{
    return (marks[i] >> (2 * side)) & MARK_MASK;
}

meiro_status solve_tremaux(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                           const meiro_observer *obs, meiro_error *err)
{
    uint16_t *marks = zalloc(grid_total(m), sizeof *marks);
    if (!marks) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the marks");
    size_t i = grid_id(m, m->start), goal = grid_id(m, m->goal);
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    marks[i] |= VISITED;
    unsigned back = GRID_MAX_SIDES; /* the side we came in by */
    bool known = false;             /* the cell was visited before this arrival */
    *found = i == goal;
    *explored = 1;
    while (!*found) {
        unsigned exits = grid_open_sides(m, i), d = GRID_MAX_SIDES;
        if (known && back < GRID_MAX_SIDES && marks_on(marks, i, back) == 1) {
            d = back; /* a known cell reached by a new passage: turn back */
        } else {
            for (unsigned want = 0; want < 2 && d == GRID_MAX_SIDES; want++)
                FOR_EACH_SIDE_IN (k, exits)
                    if (k != back && marks_on(marks, i, k) == want) {
                        d = k;
                        break;
                    }
            if (d == GRID_MAX_SIDES && back < GRID_MAX_SIDES && marks_on(marks, i, back) < 2)
                d = back; /* a dead end */
        }
        if (d == GRID_MAX_SIDES) break; /* every passage walked twice: the goal is out of reach */
        size_t j = grid_through(m, i, d, &back);
        marks[i] = (uint16_t)(marks[i] + (1u << (2 * d)));
        marks[j] = (uint16_t)(marks[j] + (1u << (2 * back)));
        i = trail_step(m, trail, i, j, back);
        if (obs) {
            meiro_cell c = grid_cell(m, i);
            observe(obs, MEIRO_EVENT_VISIT, c.x, c.y, d, (uint32_t)*explored);
        }
        known = marks[i] & VISITED;
        marks[i] |= VISITED;
        ++*explored;
        *found = i == goal;
    }
    free(marks);
    return MEIRO_OK;
}
