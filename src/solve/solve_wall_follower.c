/* `left-hand` and `right-hand` (wall following): keep one hand on the wall
 * and walk. Guaranteed to reach the goal in a perfect maze, where every
 * wall hangs from the outer wall; in a maze with loops the walk may circle
 * an island forever, so it stops after every (cell, heading) pair could
 * have been tried once and reports no path. The path returned is the walk
 * with its loops cut out. */
#include "core/model.h"
#include "core/search.h"
#include "solve/solve.h"
#include "core/grid_search.h"

static meiro_status follow(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                           unsigned turn, const meiro_observer *obs)
{
    size_t i = cell_index(m, m->start.x, m->start.y), goal = cell_index(m, m->goal.x, m->goal.y);
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    /* enter through the start's door if it has one, else face east */
    unsigned heading = m->start_door < MEIRO_NO_DIR ? dir_opposite(m->start_door) : MEIRO_EAST;
    uint64_t limit = 4 * (uint64_t)m->w * m->h + 4;
    *found = i == goal;
    for (*explored = 1; !*found && *explored <= limit; ++*explored) {
        unsigned exits = cell_open_mask(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w));
        if (!exits) break;
        /* the hand's side first, then ahead, then the other side, then back */
        unsigned d = (heading + turn) % DIR_COUNT;
        while (!(exits & dir_bit(d))) d = (d + DIR_COUNT - turn) % DIR_COUNT;
        heading = d;
        i = trail_step(m, trail, i, d);
        observe(obs, MEIRO_EVENT_VISIT, (uint32_t)(i % m->w), (uint32_t)(i / m->w), d, (uint32_t)*explored);
        *found = i == goal;
    }
    return MEIRO_OK;
}

meiro_status solve_left_hand(const meiro_maze *m, uint8_t *trail, bool *found,
                             uint64_t *explored, const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    return follow(m, trail, found, explored, 3, obs); /* left of the heading */
}

meiro_status solve_right_hand(const meiro_maze *m, uint8_t *trail, bool *found,
                              uint64_t *explored, const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    return follow(m, trail, found, explored, 1, obs); /* right of the heading */
}

/* ---- Polar, hex and triangle grids: the sides are in clockwise order, so
 * the left hand tries the sides clockwise from the one the walk came in
 * by, the right hand counter-clockwise (the start as if entered by side
 * 0). */

static meiro_status follow_grid(const meiro_maze *m, uint8_t *trail, bool *found,
                                uint64_t *explored, bool left, const meiro_observer *obs)
{
    size_t i = grid_id(m, m->start), goal = grid_id(m, m->goal), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES], entry = 0;
    trail[i] = TRAIL_SEEN | TRAIL_ROOT;
    uint64_t limit = GRID_MAX_SIDES * (uint64_t)grid_total(m) + GRID_MAX_SIDES;
    *found = i == goal;
    for (*explored = 1; !*found && *explored <= limit; ++*explored) {
        unsigned exits = m->cells[i];
        if (!exits) break;
        unsigned sides = grid_links_back(m, i, next, back), d = entry % sides;
        do d = left ? (d + 1) % sides : (d + sides - 1) % sides;
        while (!((exits >> d) & 1u));
        entry = back[d];
        i = grid_trail_step(m, trail, i, d);
        if (obs) {
            meiro_cell c = grid_cell(m, i);
            observe(obs, MEIRO_EVENT_VISIT, c.x, c.y, d, (uint32_t)*explored);
        }
        *found = i == goal;
    }
    return MEIRO_OK;
}

meiro_status solve_left_hand_grid(const meiro_maze *m, uint8_t *trail, bool *found,
                                  uint64_t *explored, const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    return follow_grid(m, trail, found, explored, true, obs);
}

meiro_status solve_right_hand_grid(const meiro_maze *m, uint8_t *trail, bool *found,
                                   uint64_t *explored, const meiro_observer *obs,
                                   meiro_error *err)
{
    (void)err;
    return follow_grid(m, trail, found, explored, false, obs);
}
