/* Where S and G go: corners (the originals), the ends of the longest path
 * (the hardest pair), openings of the outer wall on opposite sides at the
 * ends of the longest such path, or cells the user names. Distances come
 * from breadth-first search; S and G are kept a third of the way across. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/names.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

meiro_status meiro_ends_from_name(const char *name, meiro_ends *ends, meiro_error *err)
{
    static const struct {
        const char *name;
        meiro_ends ends;
    } names[] = {{"corners", MEIRO_ENDS_CORNERS}, {"farthest", MEIRO_ENDS_FARTHEST},
                 {"border", MEIRO_ENDS_BORDER},   {"center", MEIRO_ENDS_CENTER},
                 {"centre", MEIRO_ENDS_CENTER},   {"center-out", MEIRO_ENDS_CENTER_OUT},
                 {"centre-out", MEIRO_ENDS_CENTER_OUT}};
    for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (strcasecmp(name, names[k].name) == 0) {
            *ends = names[k].ends;
            return MEIRO_OK;
        }
    }
    char hint[64];
    return fail(err, MEIRO_ERROR_UNKNOWN_NAME, "unknown placement '%s' (corners, farthest, border, center or center-out)%s",
                name, name_hint(name, "corners farthest border center center-out", hint, sizeof hint));
}

/* S and G stand at least `apart` steps apart in Manhattan distance. */
static uint32_t manhattan(meiro_cell a, meiro_cell b)
{
    return (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y);
}

/* Distances from `from`, and the farthest cell at least `apart` from it
 * (`from` itself when none is reachable). */
static meiro_status farthest(const meiro_maze *m, meiro_cell from, uint32_t apart, uint32_t *dist,
                             meiro_cell *best, uint32_t *best_dist, meiro_error *err)
{
    meiro_status s = meiro_distances(m, from, dist, err);
    if (s != MEIRO_OK) return s;
    *best = from;
    *best_dist = 0;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++) {
            uint32_t d = dist[cell_index(m, x, y)];
            if (d != UINT32_MAX && d > *best_dist && manhattan(from, (meiro_cell){x, y}) >= apart) {
                *best_dist = d;
                *best = (meiro_cell){x, y};
            }
        }
    return MEIRO_OK;
}

/* --ends farthest: sweeps from `from` to its farthest cell far enough
 * away, then from that cell, while the way grows. Without the distance
 * rule the first two sweeps give a longest path (the classic double sweep);
 * with it they climb to a long one. */
static meiro_status farthest_pair(const meiro_maze *m, meiro_cell from, uint32_t apart, uint32_t *dist,
                                  meiro_cell *a, meiro_cell *b, meiro_error *err)
{
    uint32_t best = 0;
    for (unsigned sweep = 0; sweep < 4; sweep++) {
        meiro_cell to;
        uint32_t len;
        meiro_status s = farthest(m, from, apart, dist, &to, &len, err);
        if (s != MEIRO_OK) return s;
        if (len <= best) break;
        best = len;
        *a = from;
        *b = to;
        from = to;
    }
    return MEIRO_OK;
}

/* The k-th cell along one side of the maze. */
static meiro_cell side_cell(const meiro_maze *m, meiro_dir side, uint32_t k)
{
    switch (side) {
    case MEIRO_WEST: return (meiro_cell){0, k};
    case MEIRO_EAST: return (meiro_cell){m->w - 1, k};
    case MEIRO_NORTH: return (meiro_cell){k, 0};
    default: return (meiro_cell){k, m->h - 1};
    }
}

/* The farthest reachable cell of one side in `dist`; false if none. */
static bool farthest_on_side(const meiro_maze *m, const uint32_t *dist, meiro_dir side, meiro_cell *best)
{
    uint32_t n = side == MEIRO_WEST || side == MEIRO_EAST ? m->h : m->w, best_dist = 0;
    bool found = false;
    for (uint32_t k = 0; k < n; k++) {
        meiro_cell c = side_cell(m, side, k);
        uint32_t d = dist[cell_index(m, c.x, c.y)];
        if (d != UINT32_MAX && (!found || d > best_dist)) {
            *best = c;
            best_dist = d;
            found = true;
        }
    }
    return found;
}

/* A pair of cells in doors of the outer wall, and the steps between. */
typedef struct door_pair {
    meiro_cell a, b;
    meiro_dir a_door, b_door;
    uint32_t steps;
} door_pair;

static void consider(door_pair *best, meiro_cell a, meiro_dir a_door, meiro_cell b, uint32_t steps)
{
    if (steps != UINT32_MAX && steps > best->steps)
        *best = (door_pair){a, b, a_door, dir_opposite(a_door), steps};
}

/* --ends border across one axis (the west and east sides, or north and
 * south): in a tree the farthest cell of a set, seen from any cell, is an
 * end of the set's own longest way, so the longest way between the two
 * sides joins an end of one side's longest way to an end of the other's.
 * `a1` and `b1` (one end each) come from a sweep the caller made; three
 * more sweeps find the other ends and all four distances. Exact for a
 * perfect maze; with loops a long way, not always the longest. */
static meiro_status across(const meiro_maze *m, meiro_dir side, meiro_cell a1, meiro_cell b1, uint32_t *dist,
                           door_pair *best, meiro_error *err)
{
    meiro_dir other = dir_opposite(side);
    meiro_cell a2 = a1, b2 = b1;
    meiro_status s = meiro_distances(m, a1, dist, err);
    if (s != MEIRO_OK) return s;
    consider(best, a1, side, b1, dist[cell_index(m, b1.x, b1.y)]);
    farthest_on_side(m, dist, side, &a2);
    if ((s = meiro_distances(m, b1, dist, err)) != MEIRO_OK) return s;
    consider(best, a2, side, b1, dist[cell_index(m, a2.x, a2.y)]);
    farthest_on_side(m, dist, other, &b2);
    if ((s = meiro_distances(m, b2, dist, err)) != MEIRO_OK) return s;
    consider(best, a1, side, b2, dist[cell_index(m, a1.x, a1.y)]);
    consider(best, a2, side, b2, dist[cell_index(m, a2.x, a2.y)]);
    return MEIRO_OK;
}

/* --ends border: across each axis whose sides are at least `apart` apart
 * (then every pair across it is), the longest way found. */
static meiro_status border_pair(const meiro_maze *m, uint32_t apart, uint32_t *dist, door_pair *best,
                                meiro_error *err)
{
    meiro_status s = meiro_distances(m, (meiro_cell){0, 0}, dist, err);
    meiro_cell ends[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}}; /* indexed by side */
    bool reach[4];
    for (unsigned d = 0; s == MEIRO_OK && d < DIR_COUNT; d++) reach[d] = farthest_on_side(m, dist, (meiro_dir)d, &ends[d]);
    if (s == MEIRO_OK && m->w - 1 >= apart && reach[MEIRO_WEST] && reach[MEIRO_EAST])
        s = across(m, MEIRO_WEST, ends[MEIRO_WEST], ends[MEIRO_EAST], dist, best, err);
    if (s == MEIRO_OK && m->h - 1 >= apart && reach[MEIRO_NORTH] && reach[MEIRO_SOUTH])
        s = across(m, MEIRO_NORTH, ends[MEIRO_NORTH], ends[MEIRO_SOUTH], dist, best, err);
    return s;
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
    (void)rng; /* the placements are exact, or the user's */
    if (opt->ends == MEIRO_ENDS_CORNERS) return MEIRO_OK; /* as meiro_maze_new left them */
    if (opt->ends == MEIRO_ENDS_CELLS) {
        meiro_status checked = ends_check(m->w, m->h, opt, err);
        if (checked != MEIRO_OK) return checked;
        meiro_cell s = opt->start, g = opt->goal;
        if (!cell_active(m, cell_index(m, s.x, s.y)) || !cell_active(m, cell_index(m, g.x, g.y)))
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "the %s (%lu, %lu) lies outside the shape", 
                        cell_active(m, cell_index(m, s.x, s.y)) ? "goal" : "start",
                        (unsigned long)(cell_active(m, cell_index(m, s.x, s.y)) ? g.x : s.x),
                        (unsigned long)(cell_active(m, cell_index(m, s.x, s.y)) ? g.y : s.y));
        meiro_maze_set_start(m, s, MEIRO_NO_DIR);
        meiro_maze_set_goal(m, g, MEIRO_NO_DIR);
        return MEIRO_OK;
    }
    if (m->active_count == 1) return MEIRO_OK; /* one cell: S and G in its doors */
    if (opt->ends == MEIRO_ENDS_CENTER || opt->ends == MEIRO_ENDS_CENTER_OUT)
        return place_center(m, opt->ends == MEIRO_ENDS_CENTER_OUT, err);
    uint32_t *dist = alloc_array((size_t)m->w * m->h, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    /* S and G at least a third of the way across, so that a long winding
     * way never ends in two neighbouring cells */
    uint32_t apart = (m->w - 1 + m->h - 1 + 2) / 3;
    /* nothing allowed reachable (never in a connected maze): the corners */
    door_pair best = {{0, 0}, {m->w - 1, m->h - 1}, MEIRO_WEST, MEIRO_EAST, 0};
    if (m->active) { /* a shape has no sides for doors, and its ends of the
                        longest path lie far apart by themselves */
        apart = 0;
        best = (door_pair){m->start, m->goal, MEIRO_NO_DIR, MEIRO_NO_DIR, 0};
    }
    meiro_status s;
    if (opt->ends == MEIRO_ENDS_BORDER && !m->active) {
        s = border_pair(m, apart, dist, &best, err);
    } else { /* the farthest cell from anywhere ends a longest path */
        meiro_cell from;
        uint32_t len;
        s = farthest(m, m->start, 0, dist, &from, &len, err);
        if (s == MEIRO_OK) s = farthest_pair(m, from, apart, dist, &best.a, &best.b, err);
        best.a_door = best.b_door = MEIRO_NO_DIR;
    }
    if (best.a.x + best.a.y > best.b.x + best.b.y) /* S nearer the top left, where reading starts */
        best = (door_pair){best.b, best.a, best.b_door, best.a_door, best.steps};
    if (s == MEIRO_OK) {
        meiro_maze_set_start(m, best.a, best.a_door);
        meiro_maze_set_goal(m, best.b, best.b_door);
    }
    free(dist);
    return s;
}
