/* Where S and G go: corners (the originals), the two ends of the longest
 * path (the hardest pair), openings of the outer wall on opposite sides, or
 * cells the user names. Distances come from breadth-first search. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>
#include <string.h>

meiro_status meiro_ends_from_name(const char *name, meiro_ends *ends, meiro_error *err)
{
    static const char *const names[] = {"corners", "farthest", "border"};
    for (unsigned k = 0; k < 3; k++) {
        if (strcmp(name, names[k]) == 0) {
            *ends = (meiro_ends)k;
            return MEIRO_OK;
        }
    }
    return fail(err, MEIRO_ERROR_UNKNOWN_NAME,
                      "unknown placement '%s' (corners, farthest or border)", name);
}

/* The cell farthest from `from` among those `accept` takes (NULL: all). */
static meiro_status farthest(const meiro_maze *m, meiro_cell from, uint32_t *dist,
                             bool (*accept)(const meiro_maze *, meiro_cell, meiro_dir), meiro_dir side,
                             meiro_cell *best, uint32_t *best_dist, meiro_error *err)
{
    meiro_status s = meiro_distances(m, from, dist, err);
    if (s != MEIRO_OK) return s;
    *best = from;
    *best_dist = 0;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++) {
            uint32_t d = dist[cell_index(m, x, y)];
            if (d != UINT32_MAX && d > *best_dist && (!accept || accept(m, (meiro_cell){x, y}, side))) {
                *best_dist = d;
                *best = (meiro_cell){x, y};
            }
        }
    return MEIRO_OK;
}

static bool on_side(const meiro_maze *m, meiro_cell c, meiro_dir side)
{
    return side == MEIRO_WEST ? c.x == 0 : side == MEIRO_EAST ? c.x == m->w - 1
                                       : side == MEIRO_NORTH ? c.y == 0 : c.y == m->h - 1;
}

meiro_status ends_check(uint32_t w, uint32_t h, const meiro_generate_options *opt, meiro_error *err)
{
    if (opt->ends != MEIRO_ENDS_CELLS) return MEIRO_OK;
    meiro_cell s = opt->start, g = opt->goal;
    if (s.x >= w || s.y >= h || g.x >= w || g.y >= h)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "start (%lu, %lu) or goal (%lu, %lu) is outside the %lu x %lu maze "
                    "(cells count from 0)",
                    (unsigned long)s.x, (unsigned long)s.y, (unsigned long)g.x, (unsigned long)g.y,
                    (unsigned long)w, (unsigned long)h);
    if (s.x == g.x && s.y == g.y)
        return fail(err, MEIRO_ERROR_ARGUMENT, "start and goal must be different cells");
    return MEIRO_OK;
}

meiro_status maze_place_ends(meiro_maze *m, const meiro_generate_options *opt, rng_state *rng,
                             meiro_error *err)
{
    if (opt->ends == MEIRO_ENDS_CORNERS) return MEIRO_OK; /* as meiro_maze_new left them */
    if (opt->ends == MEIRO_ENDS_CELLS) {
        meiro_status checked = ends_check(m->w, m->h, opt, err);
        if (checked != MEIRO_OK) return checked;
        meiro_cell s = opt->start, g = opt->goal;
        meiro_maze_set_start(m, s, MEIRO_NO_DIR);
        meiro_maze_set_goal(m, g, MEIRO_NO_DIR);
        return MEIRO_OK;
    }
    if (m->w * (uint64_t)m->h == 1) return MEIRO_OK; /* one cell: S and G in its doors */
    uint32_t *dist = alloc_array((size_t)m->w * m->h, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    meiro_cell a, b;
    uint32_t len;
    meiro_status s;
    if (opt->ends == MEIRO_ENDS_FARTHEST) {
        /* two sweeps: the farthest cell from anywhere is an end of a longest
         * path, and the cell farthest from it is the other end */
        s = farthest(m, (meiro_cell){0, 0}, dist, NULL, MEIRO_NO_DIR, &a, &len, err);
        if (s == MEIRO_OK) s = farthest(m, a, dist, NULL, MEIRO_NO_DIR, &b, &len, err);
        if (s == MEIRO_OK) {
            meiro_maze_set_start(m, a, MEIRO_NO_DIR);
            meiro_maze_set_goal(m, b, MEIRO_NO_DIR);
        }
    } else { /* border: across the longer side, the goal farthest from S */
        meiro_dir from = m->w >= m->h ? MEIRO_WEST : MEIRO_NORTH;
        meiro_dir to = dir_opposite(from);
        a = from == MEIRO_WEST ? (meiro_cell){0, rng_below(rng, m->h)}
                               : (meiro_cell){rng_below(rng, m->w), 0};
        s = farthest(m, a, dist, on_side, to, &b, &len, err);
        if (s == MEIRO_OK && !on_side(m, b, to)) /* nothing reachable there */
            b = (meiro_cell){m->w - 1, m->h - 1};  /* (on both possible sides) */
        if (s == MEIRO_OK) {
            meiro_maze_set_start(m, a, from);
            meiro_maze_set_goal(m, b, to);
        }
    }
    free(dist);
    return s;
}
