/* `tremaux` (Tremaux's algorithm, the marked-passage method a person can
 * follow with chalk): mark each passage when walking it; in a new cell take
 * an unmarked passage; on reaching a known cell through a new passage, turn
 * back; else prefer unmarked passages to once-marked ones, and never walk a
 * passage marked twice. Finds the goal in any maze, walking each passage at
 * most twice. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/search.h"
#include "solve/solve.h"
#include "core/grid_search.h"

#include <stdlib.h>

/* Per cell: the marks (0..2) on its east and south passages, and whether
 * it was visited. */
enum { MARK_E_SHIFT = 0, MARK_S_SHIFT = 2, MARK_MASK = 3, VISITED = 0x10 };

static size_t passage_owner(const meiro_maze *m, size_t i, unsigned d)
{
    return d == MEIRO_WEST ? i - 1 : d == MEIRO_NORTH ? i - m->w : i;
}

static unsigned passage_shift(unsigned d)
{
    return d == MEIRO_EAST || d == MEIRO_WEST ? MARK_E_SHIFT : MARK_S_SHIFT;
}

static unsigned marks_on(const meiro_maze *m, const uint8_t *marks, size_t i, unsigned d)
{
    return (marks[passage_owner(m, i, d)] >> passage_shift(d)) & MARK_MASK;
}

meiro_status solve_tremaux(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                           const meiro_observer *obs, meiro_error *err)
{
    uint8_t *marks = zalloc((size_t)m->w * m->h, 1);
    if (!marks) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the marks");
    size_t i = cell_index(m, m->start.x, m->start.y), goal = cell_index(m, m->goal.x, m->goal.y);
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    marks[i] |= VISITED;
    unsigned back = MEIRO_NO_DIR; /* the passage we came by, seen from here */
    bool known = false; /* the cell was visited before this arrival */
    *found = i == goal;
    *explored = 1;
    while (!*found) {
        unsigned exits = cell_open_mask(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w));
        unsigned d = MEIRO_NO_DIR;
        if (known && back != MEIRO_NO_DIR && marks_on(m, marks, i, back) == 1) {
            d = back; /* a known cell reached by a new passage: turn back */
        } else {
            for (unsigned want = 0; want < 2 && d == MEIRO_NO_DIR; want++)
                for (unsigned k = 0; k < DIR_COUNT && d == MEIRO_NO_DIR; k++)
                    if ((exits & dir_bit(k)) && k != back && marks_on(m, marks, i, k) == want) d = k;
            if (d == MEIRO_NO_DIR && back != MEIRO_NO_DIR && marks_on(m, marks, i, back) < 2) d = back; /* dead end */
        }
        if (d == MEIRO_NO_DIR) break; /* every passage walked twice: the goal is out of reach */
        size_t owner = passage_owner(m, i, d);
        marks[owner] = (uint8_t)(marks[owner] + (1u << passage_shift(d)));
        i = trail_step(m, trail, i, d);
        observe(obs, MEIRO_EVENT_VISIT, (uint32_t)(i % m->w), (uint32_t)(i / m->w), d, (uint32_t)*explored);
        known = marks[i] & VISITED;
        marks[i] |= VISITED;
        back = dir_opposite((meiro_dir)d);
        ++*explored;
        *found = i == goal;
    }
    free(marks);
    return MEIRO_OK;
}

/* ---- Polar, hex and triangle grids: the marks (0..2) of side k of a
 * cell in bits 2k, 2k + 1 of its 16-bit word, kept on both cells of the
 * passage; bit 15: visited. */

enum { GRID_VISITED = 0x8000u };

static unsigned grid_marks(const uint16_t *marks, size_t i, unsigned side)
{
    return (marks[i] >> (2 * side)) & MARK_MASK;
}

meiro_status solve_tremaux_grid(const meiro_maze *m, uint8_t *trail, bool *found,
                                uint64_t *explored, const meiro_observer *obs, meiro_error *err)
{
    uint16_t *marks = zalloc(grid_total(m), sizeof *marks);
    if (!marks) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the marks");
    size_t i = grid_id(m, m->start), goal = grid_id(m, m->goal), next[GRID_MAX_SIDES];
    unsigned back_sides[GRID_MAX_SIDES];
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    marks[i] |= GRID_VISITED;
    unsigned back = GRID_MAX_SIDES; /* the side we came in by */
    bool known = false;
    *found = i == goal;
    *explored = 1;
    while (!*found) {
        unsigned sides = grid_links_back(m, i, next, back_sides), d = GRID_MAX_SIDES;
        unsigned exits = m->cells[i];
        if (known && back < sides && grid_marks(marks, i, back) == 1) {
            d = back; /* a known cell reached by a new passage: turn back */
        } else {
            for (unsigned want = 0; want < 2 && d == GRID_MAX_SIDES; want++)
                for (unsigned k = 0; k < sides && d == GRID_MAX_SIDES; k++)
                    if (((exits >> k) & 1u) && k != back && grid_marks(marks, i, k) == want) d = k;
            if (d == GRID_MAX_SIDES && back < sides && grid_marks(marks, i, back) < 2) d = back;
        }
        if (d == GRID_MAX_SIDES) break; /* every passage walked twice */
        size_t j = next[d];
        marks[i] = (uint16_t)(marks[i] + (1u << (2 * d)));
        marks[j] = (uint16_t)(marks[j] + (1u << (2 * back_sides[d])));
        back = back_sides[d];
        i = grid_trail_step(m, trail, i, d);
        if (obs) {
            meiro_cell c = grid_cell(m, i);
            observe(obs, MEIRO_EVENT_VISIT, c.x, c.y, d, (uint32_t)*explored);
        }
        known = marks[i] & GRID_VISITED;
        marks[i] |= GRID_VISITED;
        ++*explored;
        *found = i == goal;
    }
    free(marks);
    return MEIRO_OK;
}
