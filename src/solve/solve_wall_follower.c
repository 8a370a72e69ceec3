/* `left-hand` and `right-hand` (wall following): keep one hand on the wall
 * and walk. Guaranteed to reach the goal in a perfect maze, where every
 * wall hangs from the outer wall; in a maze with loops the walk may circle
 * an island forever, so it stops after every (cell, heading) pair could
 * have been tried once and reports no path. The path returned is the walk
 * with its loops cut out. */
#include "core/hints.h"
#include "core/search.h"
#include "solve/solve.h"

/* The sides run clockwise, so the left hand tries the sides clockwise from
 * the one the walk came in by, the right hand counter-clockwise: on a
 * rectangle left of the heading, ahead, right, back. The start is entered
 * through its door if it has one, else from the west (side 0 on the other
 * grids). The walk stops when every (cell, side entered by) could have been
 * tried once. */
static ALWAYS_INLINE void follow(const meiro_maze *m, uint8_t *trail, bool *found,
                                 uint64_t *explored, bool left, const meiro_observer *obs,
                                 const bool rect)
{
    size_t i = grid_id(m, m->start), goal = grid_id(m, m->goal);
    unsigned entry = 0, most_sides = GRID_MAX_SIDES;
    if (rect) {
        entry = m->start_door < MEIRO_NO_DIR ? m->start_door : MEIRO_WEST;
        most_sides = DIR_COUNT;
    }
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    uint64_t limit = most_sides * (uint64_t)grid_total(m) + most_sides;
    *found = i == goal;
    for (*explored = 1; !*found && *explored <= limit; ++*explored) {
        unsigned exits = grid_open_sides_as(m, rect, i);
        if (!exits) break;
        unsigned sides = rect ? DIR_COUNT : grid_sides(m, i), d = entry; /* entry < sides */
        do d = left ? (d + 1 == sides ? 0 : d + 1) : (d ? d - 1 : sides - 1);
        while (!((exits >> d) & 1u));
        size_t j = grid_through_as(m, rect, i, d, &entry);
        i = trail_step(m, trail, i, j, entry);
        if (obs) {
            meiro_cell c = grid_cell(m, i);
            observe(obs, MEIRO_EVENT_VISIT, c.x, c.y, d, (uint32_t)*explored);
        }
        *found = i == goal;
    }
}

/* The walk compiled once for rectangles and once for the other grids. */
static void follow_on(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                      bool left, const meiro_observer *obs)
{
    if (m->grid == MEIRO_GRID_RECT) follow(m, trail, found, explored, left, obs, true);
    else follow(m, trail, found, explored, left, obs, false);
}

meiro_status solve_left_hand(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                             const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    follow_on(m, trail, found, explored, true, obs);
    return MEIRO_OK;
}

meiro_status solve_right_hand(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                              const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    follow_on(m, trail, found, explored, false, obs);
    return MEIRO_OK;
}
