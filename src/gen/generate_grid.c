/* meiro_generate on polar, hex and triangle grids: the options they take,
 * the loops (--loops) and where S and G go (--ends), by cell id. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid_search.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

meiro_status grid_cells_check(const meiro_maze *m, const meiro_generate_options *opt,
                              meiro_error *err)
{
    if (opt->ends != MEIRO_ENDS_CELLS) return MEIRO_OK;
    meiro_cell c[2] = {opt->start, opt->goal};
    for (int k = 0; k < 2; k++) {
        if (c[k].y >= m->h)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "%s (%lu, %lu) is outside the %s maze: its rows are 0 to %lu",
                        k ? "goal" : "start", (unsigned long)c[k].x, (unsigned long)c[k].y,
                        meiro_grid_name((meiro_grid)m->grid), (unsigned long)m->h - 1);
        uint32_t w = grid_row_width(m, c[k].y);
        if (c[k].x >= w)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "%s (%lu, %lu) is outside the %s maze: row %lu has cells 0 to %lu",
                        k ? "goal" : "start", (unsigned long)c[k].x, (unsigned long)c[k].y,
                        meiro_grid_name((meiro_grid)m->grid), (unsigned long)c[k].y,
                        (unsigned long)w - 1);
    }
    if (c[0].x == c[1].x && c[0].y == c[1].y)
        return fail(err, MEIRO_ERROR_ARGUMENT, "start and goal must be different cells");
    return MEIRO_OK;
}

meiro_status grid_options_check(const meiro_generate_options *opt, meiro_error *err)
{
    if ((unsigned)opt->grid >= MEIRO_GRID_COUNT)
        return fail(err, MEIRO_ERROR_ARGUMENT, "unknown grid number %u", (unsigned)opt->grid);
    if (opt->mask)
        return fail(err, MEIRO_ERROR_ARGUMENT, "a shape needs the rect grid, not %s",
                    meiro_grid_name(opt->grid));
    if ((unsigned)opt->ends > MEIRO_ENDS_CENTER_OUT)
        return fail(err, MEIRO_ERROR_ARGUMENT, "unknown placement of S and G (%u)", (unsigned)opt->ends);
    return MEIRO_OK;
}

/* ---- --loops: maze_braid by cell id (gen/braid.c tells why). */

void grid_braid(meiro_maze *m, unsigned percent, rng_state *rng)
{
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    if (percent == 0 || n < 2) return;
    uint64_t dead = 0;
    for (size_t i = 0; i < n; i++) dead += grid_degree(m, i) == 1;
    uint64_t target = (dead * (percent > 100 ? 100 : percent) + 50) / 100, removed = 0;
    perm_stream order;
    perm_stream_init(&order, n, rng);
    for (size_t k = 0; k < n && removed < target; k++) {
        uint64_t later;
        size_t i = (size_t)perm_stream_next(&order, &later);
        if (grid_degree(m, i) != 1) continue;
        unsigned sides = grid_links_back(m, i, next, back), closed = 0, dead_nb = 0;
        for (unsigned s = 0; s < sides; s++) {
            if (next[s] == GRID_NONE || grid_open(m, i, s)) continue;
            closed |= 1u << s;
            if (grid_degree(m, next[s]) == 1) dead_nb |= 1u << s;
        }
        if (!closed) continue;
        unsigned d = rng_pick_bit(rng, dead_nb ? dead_nb : closed);
        grid_join(m, i, d, next[d], back[d]);
        removed += dead_nb ? 2 : 1;
    }
}

/* ---- --ends */

/* The straight distance between the centres of two cells. */
static double apart_of(const meiro_maze *m, size_t a, size_t b)
{
    double ax, ay, bx, by;
    grid_centre(m, a, &ax, &ay);
    grid_centre(m, b, &bx, &by);
    return hypot(ax - bx, ay - by);
}

/* S and G stand at least a third of the way across apart (as on
 * rectangles), measured between their centres. */
static double min_apart(const meiro_maze *m)
{
    double w, h;
    grid_extent(m, &w, &h);
    return (w + h) / 6;
}

/* The cells S and G may take with --ends border: the left and right
 * columns, the top and bottom rows; on polar grids the outer ring. */
enum { SET_LEFT, SET_RIGHT, SET_TOP, SET_BOTTOM, SET_RIM, SET_ANY };

static bool in_set(const meiro_maze *m, size_t id, int set)
{
    if (set == SET_ANY) return true;
    meiro_cell c = grid_cell(m, id);
    switch (set) {
    case SET_LEFT: return c.x == 0;
    case SET_RIGHT: return c.x + 1 == m->w;
    case SET_TOP: return c.y == 0;
    case SET_BOTTOM: return c.y + 1 == m->h;
    default: return c.y + 1 == m->h;
    }
}

/* The reachable cell of `set` farthest from `from` in dist and at least
 * `apart` from it; false if none. */
static bool farthest_in(const meiro_maze *m, const uint32_t *dist, int set, size_t from,
                        double apart, size_t *best)
{
    size_t n = grid_total(m);
    uint32_t best_dist = 0;
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        if (dist[i] == UINT32_MAX || (found && dist[i] <= best_dist) || !in_set(m, i, set))
            continue;
        if (apart > 0 && apart_of(m, from, i) < apart) continue;
        *best = i;
        best_dist = dist[i];
        found = true;
    }
    return found;
}

typedef struct pair {
    size_t a, b;
    uint32_t steps;
} pair;

static void consider(const meiro_maze *m, pair *best, size_t a, size_t b, uint32_t steps,
                     double apart)
{
    if (steps != UINT32_MAX && steps > best->steps && apart_of(m, a, b) >= apart)
        *best = (pair){a, b, steps};
}

/* The longest way between a cell of set A and one of set B, from one end
 * of each (a1, b1): ends.c's `across`, exact in a perfect maze. */
static meiro_status across(const meiro_maze *m, int A, int B, size_t a1, size_t b1, double apart,
                           uint32_t *dist, pair *best, meiro_error *err)
{
    size_t a2 = a1, b2 = b1;
    meiro_status s = grid_distances(m, a1, dist, err);
    if (s != MEIRO_OK) return s;
    consider(m, best, a1, b1, dist[b1], apart);
    farthest_in(m, dist, A, a1, 0, &a2);
    if ((s = grid_distances(m, b1, dist, err)) != MEIRO_OK) return s;
    consider(m, best, a2, b1, dist[a2], apart);
    farthest_in(m, dist, B, b1, 0, &b2);
    if ((s = grid_distances(m, b2, dist, err)) != MEIRO_OK) return s;
    consider(m, best, a1, b2, dist[a1], apart);
    consider(m, best, a2, b2, dist[a2], apart);
    return MEIRO_OK;
}

/* --ends border on hex and triangle grids: across the columns and across
 * the rows. */
static meiro_status border_pair(const meiro_maze *m, double apart, uint32_t *dist, pair *best,
                                meiro_error *err)
{
    meiro_status s = grid_distances(m, 0, dist, err);
    if (s != MEIRO_OK) return s;
    static const int axes[2][2] = {{SET_LEFT, SET_RIGHT}, {SET_TOP, SET_BOTTOM}};
    for (int k = 0; s == MEIRO_OK && k < 2; k++) {
        int A = axes[k][0], B = axes[k][1];
        size_t a = 0, b = 0;
        if (farthest_in(m, dist, A, 0, 0, &a) && farthest_in(m, dist, B, 0, 0, &b))
            s = across(m, A, B, a, b, apart, dist, best, err);
        if (s == MEIRO_OK && k == 0) s = grid_distances(m, 0, dist, err);
    }
    return s;
}

/* --ends farthest (set SET_ANY), and border on polar grids (SET_RIM): the
 * double sweep within the set, while the way grows. */
static meiro_status sweep_pair(const meiro_maze *m, int set, double apart, uint32_t *dist,
                               pair *best, meiro_error *err)
{
    size_t from = 0, to;
    meiro_status s = grid_distances(m, 0, dist, err);
    if (s == MEIRO_OK) farthest_in(m, dist, set, 0, 0, &from);
    for (unsigned sweep = 0; s == MEIRO_OK && sweep < 4; sweep++) {
        if ((s = grid_distances(m, from, dist, err)) != MEIRO_OK) break;
        if (!farthest_in(m, dist, set, from, apart, &to) || dist[to] <= best->steps) break;
        *best = (pair){from, to, dist[to]};
        from = to;
    }
    return s;
}

meiro_status grid_place_ends(meiro_maze *m, const meiro_generate_options *opt, meiro_error *err)
{
    size_t n = grid_total(m);
    switch (opt->ends) {
    case MEIRO_ENDS_CORNERS:
        m->start = grid_cell(m, 0);
        m->goal = grid_cell(m, n - 1);
        return MEIRO_OK;
    case MEIRO_ENDS_CELLS:
        if (grid_cells_check(m, opt, err) != MEIRO_OK) return MEIRO_ERROR_ARGUMENT;
        m->start = opt->start;
        m->goal = opt->goal;
        return MEIRO_OK;
    case MEIRO_ENDS_CENTER:
    case MEIRO_ENDS_CENTER_OUT: return place_center(m, opt->ends == MEIRO_ENDS_CENTER_OUT, err);
    default: break;
    }
    uint32_t *dist = alloc_array(n, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    double apart = min_apart(m);
    bool rim = m->grid == MEIRO_GRID_POLAR && opt->ends == MEIRO_ENDS_BORDER;
    /* nothing far enough apart (tiny mazes): the first and last cell (of
     * the outer ring) */
    pair best = {rim ? grid_id(m, (meiro_cell){0, m->h - 1}) : 0, n - 1, 0};
    meiro_status s;
    if (opt->ends == MEIRO_ENDS_BORDER && !rim) s = border_pair(m, apart, dist, &best, err);
    else s = sweep_pair(m, rim ? SET_RIM : SET_ANY, apart, dist, &best, err);
    if (s == MEIRO_OK) { /* S the first in reading order (or the inner one) */
        m->start = grid_cell(m, best.a < best.b ? best.a : best.b);
        m->goal = grid_cell(m, best.a < best.b ? best.b : best.a);
        m->start_door = m->goal_door = MEIRO_NO_DIR;
    }
    free(dist);
    return s;
}

/* ---- --ends center, on every grid */

/* Whether a cell lies on the border: a side without a neighbour (on a
 * masked rectangle, a side towards a cell outside the shape). */
static bool on_border(const meiro_maze *m, meiro_cell c)
{
    unsigned sides = meiro_maze_sides(m, c);
    for (unsigned s = 0; s < sides; s++)
        if (!meiro_maze_neighbour(m, c, s, NULL)) return true;
    return false;
}

/* The middle of a cell, in the units of the grid's geometry. */
static void cell_middle(const meiro_maze *m, meiro_cell c, double *x, double *y)
{
    if (m->grid == MEIRO_GRID_RECT) {
        *x = c.x + 0.5;
        *y = c.y + 0.5;
    } else {
        grid_centre(m, grid_id(m, c), x, y);
    }
}

meiro_status place_center(meiro_maze *m, bool outward, meiro_error *err)
{
    double mx, my;
    if (m->grid == MEIRO_GRID_RECT) mx = m->w / 2.0, my = m->h / 2.0;
    else grid_extent(m, &mx, &my), mx /= 2, my /= 2;
    /* G: the cell whose middle is nearest the grid's (the centre disc) */
    meiro_cell centre = m->start, rim = m->start;
    double best = INFINITY;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0, w = meiro_maze_row_width(m, y); x < w; x++) {
            meiro_cell c = {x, y};
            if (!meiro_maze_is_active(m, c)) continue;
            double cx, cy;
            cell_middle(m, c, &cx, &cy);
            double d = hypot(cx - mx, cy - my);
            if (d < best - 1e-9) best = d, centre = c;
        }
    /* S: the border cell farthest from it along the way */
    uint32_t *dist = alloc_array((size_t)m->w * m->h, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    meiro_status s = meiro_distances(m, centre, dist, err);
    uint32_t far = 0;
    for (uint32_t y = 0; s == MEIRO_OK && y < m->h; y++)
        for (uint32_t x = 0, w = meiro_maze_row_width(m, y); x < w; x++) {
            uint32_t d = dist[(size_t)y * m->w + x];
            if (d == UINT32_MAX || d <= far || !meiro_maze_is_active(m, (meiro_cell){x, y}) ||
                !on_border(m, (meiro_cell){x, y}))
                continue;
            far = d;
            rim = (meiro_cell){x, y};
        }
    free(dist);
    if (s != MEIRO_OK) return s;
    if (far == 0) return MEIRO_OK; /* one cell, or nothing reachable: S and G stay */
    m->start = outward ? centre : rim;
    m->goal = outward ? rim : centre;
    m->start_door = m->goal_door = MEIRO_NO_DIR;
    return MEIRO_OK;
}
