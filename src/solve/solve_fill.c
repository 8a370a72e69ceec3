/* `fill` (the road article's solver): the same road-filling walk that generates
 * `dig` mazes, run over the corridors: at each junction take the side
 * whose next cell's centre is nearest the goal's (straight-line distance),
 * and when stuck branch back from the latest earlier point. */
#include "core/search.h"
#include "solve/solve.h"

/* The order equals are taken in, the first winning: seed 000 compares east,
 * west, south, north on rectangles; the other grids go clockwise. */
static unsigned side_in_order(const meiro_maze *m, unsigned k)
{
    static const unsigned rect_order[DIR_COUNT] = {MEIRO_EAST, MEIRO_WEST, MEIRO_SOUTH,
                                                   MEIRO_NORTH};
    return m->grid == MEIRO_GRID_RECT && k < DIR_COUNT ? rect_order[k] : k; /* then stairs */
}

static unsigned pick_nearest(void *ctx, const meiro_maze *m, grid_at at, unsigned candidates)
{
    const double *goal = ctx;
    unsigned best = 0, sides = m->grid == MEIRO_GRID_RECT && !m->levels ? DIR_COUNT : GRID_MAX_SIDES;
    double best_dist = -1;
    for (unsigned k = 0; k < sides; k++) {
        unsigned s = side_in_order(m, k);
        if (!((candidates >> s) & 1u)) continue;
        double x, y;
        unsigned back;
        grid_cell_centre(m, grid_step(m, at, s, grid_through(m, at.id, s, &back)).c, &x, &y);
        double d = (x - goal[0]) * (x - goal[0]) + (y - goal[1]) * (y - goal[1]);
        if (best_dist < 0 || d < best_dist) best_dist = d, best = s;
    }
    return best;
}

meiro_status solve_fill(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                        const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    size_t goal = grid_id(m, m->goal);
    double at[2];
    grid_cell_centre(m, m->goal, &at[0], &at[1]);
    walk_roads(m, NULL, trail, grid_id(m, m->start), pick_nearest, at, goal, found, explored, obs);
    return MEIRO_OK;
}
