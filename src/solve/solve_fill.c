/* `fill` (the road article's solver): the same road-filling walk that generates
 * `dig` mazes, run over the corridors: at each junction take the direction
 * whose next cell is nearest the goal (straight-line distance), and when
 * stuck branch back from the latest earlier point. */
#include "core/model.h"
#include "core/search.h"
#include "solve/solve.h"
#include "core/grid_search.h"

static unsigned pick_nearest(void *ctx, const meiro_maze *m, uint32_t x, uint32_t y,
                             unsigned candidates)
{
    (void)ctx;
    /* Seed 000 compares east, west, south, north and keeps the first best. */
    static const unsigned order[DIR_COUNT] = {MEIRO_EAST, MEIRO_WEST, MEIRO_SOUTH, MEIRO_NORTH};
    unsigned best = MEIRO_NO_DIR;
    uint64_t best_dist = UINT64_MAX;
    for (unsigned k = 0; k < DIR_COUNT; k++) {
        unsigned d = order[k];
        if (!(candidates & dir_bit(d))) continue;
        int64_t dx = (int64_t)x + DIR_DX[d] - m->goal.x, dy = (int64_t)y + DIR_DY[d] - m->goal.y;
        uint64_t dist = (uint64_t)(dx * dx + dy * dy);
        if (dist < best_dist) {
            best_dist = dist;
            best = d;
        }
    }
    return best;
}

meiro_status solve_fill(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                         const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    walk_roads(m, NULL, trail, m->start, pick_nearest, NULL, m->goal, found, explored, obs);
    return MEIRO_OK;
}

/* ---- Polar, hex and triangle grids: the neighbour whose centre is
 * nearest the goal's (the first of equals in clockwise order). */

static unsigned pick_nearest_side(void *ctx, const meiro_maze *m, size_t id,
                                  unsigned candidates, const size_t next[GRID_MAX_SIDES])
{
    (void)id;
    const double *goal = ctx;
    unsigned best = 0;
    double best_dist = -1;
    for (unsigned s = 0; s < GRID_MAX_SIDES; s++) {
        if (!((candidates >> s) & 1u)) continue;
        double x, y;
        grid_centre(m, next[s], &x, &y);
        double d = (x - goal[0]) * (x - goal[0]) + (y - goal[1]) * (y - goal[1]);
        if (best_dist < 0 || d < best_dist) best_dist = d, best = s;
    }
    return best;
}

meiro_status solve_fill_grid(const meiro_maze *m, uint8_t *trail, bool *found,
                             uint64_t *explored, const meiro_observer *obs, meiro_error *err)
{
    (void)err;
    size_t goal = grid_id(m, m->goal);
    double at[2];
    grid_centre(m, goal, &at[0], &at[1]);
    grid_walk_roads(m, NULL, trail, grid_id(m, m->start), pick_nearest_side, at, goal, found,
                    explored, obs);
    return MEIRO_OK;
}
