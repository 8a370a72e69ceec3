/* Where S and G go: the first and last cell (the originals' corners), the
 * ends of the longest path (the hardest pair), cells on opposite sides at
 * the ends of the longest such path (on a rectangle in doors of the outer
 * wall; on a polar grid two cells of the outer ring), the middle and the
 * edge, or cells the user names. Distances come from breadth-first search;
 * S and G are kept a third of the way across apart. On a shape (a mask)
 * they stand where a door can be cut in its outline: cells with nothing of
 * the shape beyond one of their sides (shape_door_sides). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/names.h"
#include "core/search.h"
#include "gen/gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

meiro_status meiro_ends_from_name(const char *name, meiro_ends *ends, meiro_error *err)
{
    static const struct {
        const char *name;
        meiro_ends ends;
    } names[] = {{"corners", MEIRO_ENDS_CORNERS},      {"farthest", MEIRO_ENDS_FARTHEST},
                 {"border", MEIRO_ENDS_BORDER},        {"center", MEIRO_ENDS_CENTER},
                 {"centre", MEIRO_ENDS_CENTER},        {"center-out", MEIRO_ENDS_CENTER_OUT},
                 {"centre-out", MEIRO_ENDS_CENTER_OUT}};
    for (unsigned k = 0; k < sizeof names / sizeof names[0]; k++) {
        if (strcasecmp(name, names[k].name) == 0) {
            *ends = names[k].ends;
            return MEIRO_OK;
        }
    }
    char hint[64];
    return fail_field(
        err, MEIRO_FIELD_ENDS, MEIRO_ERROR_UNKNOWN_NAME,
        N_("unknown placement '%s' (corners, farthest, border, center or center-out)%s"), name,
        name_hint(name, "corners farthest border center center-out", hint, sizeof hint));
}

meiro_status ends_check(const meiro_generate_options *opt, meiro_error *err)
{
    if ((unsigned)opt->ends > MEIRO_ENDS_PIECES)
        return fail_field(err, MEIRO_FIELD_ENDS, MEIRO_ERROR_ARGUMENT,
                          "unknown placement of S and G (%u)", (unsigned)opt->ends);
    if (opt->ends != MEIRO_ENDS_CELLS || opt->grid != MEIRO_GRID_RECT) return MEIRO_OK;
    uint32_t w = opt->width, h = opt->height;
    meiro_cell s = opt->start, g = opt->goal;
    if (s.x >= w || s.y >= h || g.x >= w || g.y >= h)
        return fail_field(err, s.x >= w || s.y >= h ? MEIRO_FIELD_START : MEIRO_FIELD_GOAL,
                          MEIRO_ERROR_ARGUMENT,
                          "start (%lu, %lu) or goal (%lu, %lu) is outside the %lu x %lu maze "
                          "(cells count from 0)",
                          (unsigned long)s.x, (unsigned long)s.y, (unsigned long)g.x,
                          (unsigned long)g.y, (unsigned long)w, (unsigned long)h);
    if (s.x == g.x && s.y == g.y)
        return fail_field(err, MEIRO_FIELD_GOAL, MEIRO_ERROR_ARGUMENT,
                          "start and goal must be different cells");
    return MEIRO_OK;
}

meiro_status ends_cells_check(const meiro_maze *m, const meiro_generate_options *opt,
                              meiro_error *err)
{
    if (opt->ends != MEIRO_ENDS_CELLS) return MEIRO_OK;
    meiro_cell c[2] = {opt->start, opt->goal};
    for (int k = 0; k < 2; k++) {
        meiro_field field = k ? MEIRO_FIELD_GOAL : MEIRO_FIELD_START;
        if (c[k].y >= m->h)
            return fail_field(err, field, MEIRO_ERROR_ARGUMENT,
                              "%s (%lu, %lu) is outside the %s maze: its rows are 0 to %lu",
                              k ? "goal" : "start", (unsigned long)c[k].x, (unsigned long)c[k].y,
                              meiro_grid_name((meiro_grid)m->grid), (unsigned long)m->h - 1);
        uint32_t w = grid_row_width(m, c[k].y);
        if (c[k].x >= w)
            return fail_field(err, field, MEIRO_ERROR_ARGUMENT,
                              "%s (%lu, %lu) is outside the %s maze: row %lu has cells 0 to %lu",
                              k ? "goal" : "start", (unsigned long)c[k].x, (unsigned long)c[k].y,
                              meiro_grid_name((meiro_grid)m->grid), (unsigned long)c[k].y,
                              (unsigned long)w - 1);
        if (!grid_active(m, grid_id(m, c[k])))
            return fail_field(err, field, MEIRO_ERROR_ARGUMENT,
                              "the %s (%lu, %lu) lies outside the shape", k ? "goal" : "start",
                              (unsigned long)c[k].x, (unsigned long)c[k].y);
    }
    if (c[0].x == c[1].x && c[0].y == c[1].y)
        return fail_field(err, MEIRO_FIELD_GOAL, MEIRO_ERROR_ARGUMENT,
                          "start and goal must be different cells");
    return MEIRO_OK;
}

/* ---- farthest and border ---- */

/* How far apart S and G must stand: on a rectangle a third of the way
 * across in Manhattan distance, rounded up (on a shape, across the box of
 * its cells: the ends of the longest way of a round shape can lie side by
 * side in its middle, which a child takes for no maze at all); on the
 * other grids a third of the way across between the cells' centres. */
static double min_apart(const meiro_maze *m)
{
    if (m->grid == MEIRO_GRID_RECT && m->active) {
        uint32_t x0 = m->w, x1 = 0, y0 = m->h, y1 = 0;
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++)
                if (m->active[(size_t)y * m->w + x]) {
                    x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
                    y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
                }
        return x1 < x0 ? 0 : (x1 - x0 + y1 - y0 + 2) / 3;
    }
    if (m->grid == MEIRO_GRID_RECT) { /* a wrapped side: half of it is the farthest across */
        uint32_t w = m->wrap & MEIRO_WRAP_X ? m->w / 2 + 1 : m->w,
                 h = m->wrap & MEIRO_WRAP_Y ? m->h / 2 + 1 : m->h;
        return (w - 1 + h - 1 + 2) / 3;
    }
    double w, h;
    grid_extent(m, &w, &h);
    return (w + h) / 6;
}

static bool far_apart(const meiro_maze *m, size_t a, size_t b, double apart)
{
    if (apart <= 0) return true;
    meiro_cell ca = grid_cell(m, a), cb = grid_cell(m, b);
    if (m->grid == MEIRO_GRID_RECT) {
        uint32_t dx = ca.x > cb.x ? ca.x - cb.x : cb.x - ca.x,
                 dy = ca.y > cb.y ? ca.y - cb.y : cb.y - ca.y;
        if (m->wrap & MEIRO_WRAP_X && m->w - dx < dx) dx = m->w - dx; /* across the seam */
        if (m->wrap & MEIRO_WRAP_Y && m->h - dy < dy) dy = m->h - dy;
        return dx + dy >= apart;
    }
    double ax, ay, bx, by;
    grid_cell_centre(m, ca, &ax, &ay);
    grid_cell_centre(m, cb, &bx, &by);
    return hypot(ax - bx, ay - by) >= apart;
}

/* The cells S and G may take: any, the four sides (a rectangle's in the
 * order of meiro_dir), a polar grid's outer ring. */
enum {
    SET_TOP = MEIRO_NORTH,
    SET_RIGHT = MEIRO_EAST,
    SET_BOTTOM = MEIRO_SOUTH,
    SET_LEFT = MEIRO_WEST,
    SET_RIM,
    SET_ANY
};

static bool in_set(const meiro_maze *m, size_t id, int set)
{
    if (set == SET_ANY) return true;
    meiro_cell c = grid_cell(m, id);
    switch (set) {
    case SET_LEFT: return c.x == 0;
    case SET_RIGHT: return c.x + 1 == m->w;
    case SET_TOP: return c.y == 0;
    default: return c.y + 1 == m->h; /* bottom, rim */
    }
}

/* The reachable cell of `set` farthest from `from` in dist (the first in
 * id order of those) and far enough from it; false if none. */
/* Whether S or G may stand on cell i: not on a weave's crossing, where
 * the letter would hide which passage it stands in (and text and CSV
 * could not write it). */
static bool end_cell(const meiro_maze *m, size_t i)
{
    return !m->weave || !(m->cells[i] & CELL_UNDER);
}

static bool farthest_in(const meiro_maze *m, const uint32_t *dist, int set, const uint8_t *only,
                        size_t from, double apart, size_t *best)
{
    size_t n = grid_total(m);
    uint32_t best_dist = 0;
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        if (dist[i] == UINT32_MAX || (found && dist[i] <= best_dist) || !in_set(m, i, set) ||
            (only && !only[i]) || !end_cell(m, i) || !far_apart(m, from, i, apart))
            continue;
        *best = i;
        best_dist = dist[i];
        found = true;
    }
    return found;
}

/* A pair of cells, their doors (rectangles' border pairs), the steps
 * between. */
typedef struct pair {
    size_t a, b;
    meiro_dir a_door, b_door;
    uint32_t steps;
} pair;

static void consider(const meiro_maze *m, pair *best, size_t a, int side, size_t b, uint32_t steps,
                     double apart)
{
    if (steps == UINT32_MAX || steps <= best->steps || !far_apart(m, a, b, apart)) return;
    bool doors = m->grid == MEIRO_GRID_RECT;
    *best = (pair){a, b, doors ? (meiro_dir)side : MEIRO_NO_DIR,
                   doors ? dir_opposite((meiro_dir)side) : MEIRO_NO_DIR, steps};
}

/* --ends border across one axis (side and its opposite): in a tree the
 * farthest cell of a set, seen from any cell, is an end of the set's own
 * longest way, so the longest way between the two sides joins an end of
 * one side's longest way to an end of the other's. `a1` and `b1` (one end
 * each) come from a sweep the caller made; three more sweeps find the other
 * ends and all four distances. Exact for a perfect maze; with loops a long
 * way, not always the longest. */
static meiro_status across(const meiro_maze *m, int side, size_t a1, size_t b1, double apart,
                           uint32_t *dist, pair *best, meiro_error *err)
{
    int other = dir_opposite((meiro_dir)side);
    size_t a2 = a1, b2 = b1;
    meiro_status s = grid_distances(m, a1, dist, err);
    if (s != MEIRO_OK) return s;
    consider(m, best, a1, side, b1, dist[b1], apart);
    farthest_in(m, dist, side, NULL, a1, 0, &a2);
    if ((s = grid_distances(m, b1, dist, err)) != MEIRO_OK) return s;
    consider(m, best, a2, side, b1, dist[a2], apart);
    farthest_in(m, dist, other, NULL, b1, 0, &b2);
    if ((s = grid_distances(m, b2, dist, err)) != MEIRO_OK) return s;
    consider(m, best, a1, side, b2, dist[a1], apart);
    consider(m, best, a2, side, b2, dist[a2], apart);
    return MEIRO_OK;
}

/* --ends border: across the columns (west to east) and across the rows
 * (north to south), from the farthest cells of each side seen from cell 0.
 * A rectangle tries an axis whose sides stand far enough apart (then every
 * pair across it does), the other grids check each pair. */
static meiro_status border_pair(const meiro_maze *m, double apart, uint32_t *dist, pair *best,
                                meiro_error *err)
{
    meiro_status s = grid_distances(m, 0, dist, err);
    size_t ends[4] = {0, 0, 0, 0}; /* by side */
    bool reach[4];
    for (int d = 0; s == MEIRO_OK && d < 4; d++) reach[d] = farthest_in(m, dist, d, NULL, 0, 0, &ends[d]);
    bool rect = m->grid == MEIRO_GRID_RECT;
    static const int axes[2] = {MEIRO_WEST, MEIRO_NORTH};
    for (int k = 0; s == MEIRO_OK && k < 2; k++) {
        int a = axes[k], b = dir_opposite((meiro_dir)a);
        if (rect && (k == 0 ? m->w : m->h) - 1 < apart) continue;
        if (reach[a] && reach[b])
            s = across(m, a, ends[a], ends[b], rect ? 0 : apart, dist, best, err);
    }
    return s;
}

/* Doors across the narrow way of a rectangle (west and east of a tall
 * one, north and south of a wide one), the pair far enough apart: a text
 * whose letters fill their box (I), its arrows where the page has room. */
static meiro_status narrow_pair(const meiro_maze *m, double apart, uint32_t *dist, pair *best,
                                meiro_error *err)
{
    int side = m->h > m->w ? MEIRO_WEST : MEIRO_NORTH, other = dir_opposite((meiro_dir)side);
    size_t a = 0, b = 0;
    meiro_status s = grid_distances(m, 0, dist, err);
    if (s == MEIRO_OK && farthest_in(m, dist, side, NULL, 0, 0, &a) &&
        farthest_in(m, dist, other, NULL, 0, 0, &b))
        s = across(m, side, a, b, apart, dist, best, err);
    return s;
}

/* --ends farthest (and border on a shape, or on a polar grid's outer ring):
 * sweeps from the start to its farthest cell of the set, then from there to
 * the farthest far enough away, and again while the way grows. Without the
 * distance rule the first two sweeps give a longest path (the classic
 * double sweep); with it they climb to a long one. */
static meiro_status sweep_pair(const meiro_maze *m, int set, const uint8_t *only, double apart,
                               uint32_t *dist, pair *best, meiro_error *err)
{
    size_t from = grid_id(m, m->start), to;
    meiro_status s = grid_distances(m, from, dist, err);
    if (s == MEIRO_OK) farthest_in(m, dist, set, only, from, 0, &from);
    for (unsigned sweep = 0; s == MEIRO_OK && sweep < 4; sweep++) {
        if ((s = grid_distances(m, from, dist, err)) != MEIRO_OK) break;
        if (!farthest_in(m, dist, set, only, from, apart, &to) || dist[to] <= best->steps) break;
        *best = (pair){from, to, MEIRO_NO_DIR, MEIRO_NO_DIR, dist[to]};
        from = to;
    }
    return s;
}

/* ---- doors in a shape's outline ---- */

/* Whether the cells of the line through (x, y) (a column for d north or
 * south, a row for east or west) beyond it in d, to the grid's edge, are
 * all outside the shape; a line off the grid is. */
static bool line_clear(const meiro_maze *m, int64_t x, int64_t y, int d)
{
    if (x < 0 || y < 0 || x >= m->w || y >= m->h) return true;
    for (x += DIR_DX[d], y += DIR_DY[d]; x >= 0 && y >= 0 && x < m->w && y < m->h;
         x += DIR_DX[d], y += DIR_DY[d])
        if (m->active[(size_t)y * m->w + (size_t)x]) return false;
    return true;
}

unsigned shape_door_sides(const meiro_maze *m, meiro_cell c, uint32_t run[4])
{
    if (m->grid != MEIRO_GRID_RECT || !m->active || c.x >= m->w || c.y >= m->h ||
        m->active[(size_t)c.y * m->w + c.x] != 1)
        return 0;
    unsigned sides = 0;
    for (int d = 0; d < 4; d++) {
        run[d] = d == MEIRO_NORTH  ? c.y
                 : d == MEIRO_EAST ? m->w - 1 - c.x
                 : d == MEIRO_SOUTH ? m->h - 1 - c.y
                                    : c.x;
        int64_t px = DIR_DY[d] != 0, py = DIR_DX[d] != 0; /* across the strip */
        bool clear = true;
        for (int k = -1; k <= 1 && clear; k++)
            clear = line_clear(m, (int64_t)c.x + k * px, (int64_t)c.y + k * py, d);
        if (clear) sides |= 1u << d;
    }
    return sides;
}

/* door[i] = 1 for the cells of a shaped rectangle with a side
 * shape_door_sides gives, found from the first and last cell of the shape
 * in each row and column (linear in the cells, where asking each cell
 * would be quadratic). NULL without memory. */
static uint8_t *door_cells(const meiro_maze *m)
{
    uint32_t w = m->w, h = m->h;
    size_t n = (size_t)w * h;
    uint8_t *door = zalloc(n, 1);
    /* first and last row of each column, first and last column of each row */
    int64_t *ext = alloc_array(2 * ((size_t)w + h), sizeof *ext);
    if (!door || !ext) {
        free(door);
        free(ext);
        return NULL;
    }
    int64_t *top = ext, *bottom = ext + w, *left = ext + 2 * (size_t)w, *right = left + h;
    for (uint32_t x = 0; x < w; x++) top[x] = h, bottom[x] = -1;
    for (uint32_t y = 0; y < h; y++) left[y] = w, right[y] = -1;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            if (m->active[(size_t)y * w + x]) {
                if (top[x] == h) top[x] = y;
                bottom[x] = y;
                if (left[y] == w) left[y] = x;
                right[y] = x;
            }
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            if (m->active[(size_t)y * w + x] != 1) continue;
            bool north = true, south = true, west = true, east = true;
            for (int64_t k = -1; k <= 1; k++) {
                int64_t cx = (int64_t)x + k, cy = (int64_t)y + k;
                if (cx >= 0 && cx < w) {
                    north = north && top[cx] >= y;
                    south = south && bottom[cx] <= y;
                }
                if (cy >= 0 && cy < h) {
                    west = west && left[cy] >= x;
                    east = east && right[cy] <= x;
                }
            }
            door[(size_t)y * w + x] = north || south || west || east;
        }
    free(ext);
    return door;
}

static meiro_status place_far(meiro_maze *m, bool border, bool narrow, meiro_error *err)
{
    uint32_t *dist = alloc_array(grid_total(m), sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    /* a shape's ends: the longest way among the cells a door can be cut
     * beside (a tree's farthest cell of a set, seen from one of the set,
     * ends the set's longest way, so the sweeps still find it) */
    uint8_t *door = NULL;
    if (m->grid == MEIRO_GRID_RECT && m->active && !(door = door_cells(m))) {
        free(dist);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    }
    double apart = min_apart(m);
    bool rect = m->grid == MEIRO_GRID_RECT, rim = border && m->grid == MEIRO_GRID_POLAR;
    border = border && !rim && !m->active; /* a shape has no sides for doors */
    /* nothing far enough apart (never in a connected maze but a tiny one):
     * the first and last cell, a rectangle's in doors west and east */
    pair best = {rim ? grid_id(m, (meiro_cell){0, m->h - 1}) : grid_id(m, m->start),
                 grid_id(m, m->goal), rect && border ? MEIRO_WEST : MEIRO_NO_DIR,
                 rect && border ? MEIRO_EAST : MEIRO_NO_DIR, 0};
    meiro_status s = narrow && border ? narrow_pair(m, apart, dist, &best, err)
                     : border ? border_pair(m, apart, dist, &best, err)
                              : sweep_pair(m, rim ? SET_RIM : SET_ANY, door, apart, dist, &best, err);
    free(dist);
    free(door);
    if (s != MEIRO_OK) return s;
    /* S the end nearer the top left, where reading starts (the inner one on
     * a polar grid) */
    meiro_cell a = grid_cell(m, best.a), b = grid_cell(m, best.b);
    if (rect ? a.x + a.y > b.x + b.y : best.a > best.b)
        best = (pair){best.b, best.a, best.b_door, best.a_door, best.steps};
    m->start = grid_cell(m, best.a);
    m->goal = grid_cell(m, best.b);
    m->start_door = best.a_door;
    m->goal_door = best.b_door;
    return MEIRO_OK;
}

/* ---- --ends center ---- */

/* Whether a cell lies on the border: a side without a neighbour (on a
 * masked rectangle, a side towards a cell outside the shape). */
static bool on_border(const meiro_maze *m, size_t id)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    return grid_links(m, grid_at_id(m, id), next, back) != (1u << grid_sides(m, id)) - 1;
}

/* G in the cell nearest the middle, S in the border cell farthest from it
 * by the way (or the other way round with `outward`). */
static meiro_status place_center(meiro_maze *m, bool outward, meiro_error *err)
{
    double mx, my;
    grid_extent(m, &mx, &my);
    mx /= 2, my /= 2;
    /* G: the cell whose middle is nearest the grid's (the centre disc) */
    size_t n = grid_total(m), centre = grid_id(m, m->start), rim = centre;
    double best = INFINITY;
    for (grid_at at = grid_at_id(m, 0); at.id < n; grid_advance(m, &at)) {
        if (!grid_active(m, at.id) || !end_cell(m, at.id)) continue;
        double cx, cy;
        grid_cell_centre(m, at.c, &cx, &cy);
        double d = hypot(cx - mx, cy - my);
        if (d < best - 1e-9) best = d, centre = at.id;
    }
    /* S: the border cell farthest from it along the way */
    uint32_t *dist = alloc_array(n, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    meiro_status s = grid_distances(m, centre, dist, err);
    uint32_t far = 0;
    for (size_t i = 0; s == MEIRO_OK && i < n; i++) {
        if (dist[i] == UINT32_MAX || dist[i] <= far || !grid_active(m, i) || !on_border(m, i))
            continue;
        far = dist[i];
        rim = i;
    }
    free(dist);
    if (s != MEIRO_OK) return s;
    if (far == 0) return MEIRO_OK; /* one cell, or nothing reachable: S and G stay */
    m->start = grid_cell(m, outward ? centre : rim);
    m->goal = grid_cell(m, outward ? rim : centre);
    m->start_door = m->goal_door = MEIRO_NO_DIR;
    return MEIRO_OK;
}

/* ---- --ends pieces (a text's first and last letter) ---- */

/* Marks with `tag` the piece of the mask (4-connected, as the text drew it,
 * before bridges) that holds cell `seed`, breadth first through `queue`. */
static void mark_piece(const uint8_t *mask, uint32_t w, uint32_t h, size_t seed, uint8_t tag,
                       uint8_t *piece, uint32_t *queue)
{
    size_t head = 0, tail = 0;
    piece[seed] |= tag;
    queue[tail++] = (uint32_t)seed;
    while (head < tail) {
        size_t i = queue[head++];
        uint32_t x = (uint32_t)(i % w), y = (uint32_t)(i / w);
        size_t next[4] = {y > 0 ? i - w : SIZE_MAX, x + 1 < w ? i + 1 : SIZE_MAX,
                          y + 1 < h ? i + w : SIZE_MAX, x > 0 ? i - 1 : SIZE_MAX};
        for (int d = 0; d < 4; d++)
            if (next[d] != SIZE_MAX && mask[next[d]] && !(piece[next[d]] & tag)) {
                piece[next[d]] |= tag;
                queue[tail++] = (uint32_t)next[d];
            }
    }
}

/* The cell tagged `tag` farthest from where dist was measured. */
static size_t farthest_tagged(const meiro_maze *m, const uint32_t *dist, const uint8_t *piece,
                              uint8_t tag, size_t n, size_t best)
{
    uint32_t far = 0;
    for (size_t i = 0; i < n; i++)
        if (dist[i] != UINT32_MAX && (piece[i] & tag) && end_cell(m, i) && dist[i] >= far) {
            if (dist[i] > far || best == SIZE_MAX) best = i;
            far = dist[i];
        }
    return best;
}

/* S in start's piece and G in goal's, the ends of the longest way between
 * them: in a tree the cell of one piece farthest from any cell of the
 * other is an end of that longest way, so three sweeps find it (exact for
 * a perfect maze; with loops a long way). *done false: one piece, or cells
 * outside the mask, for the caller to place as farthest. */
static meiro_status place_pieces(meiro_maze *m, const meiro_generate_options *opt, bool *done,
                                 meiro_error *err)
{
    *done = false;
    uint32_t w = m->w, h = m->h;
    size_t n = grid_total(m);
    meiro_cell c[2] = {opt->start, opt->goal};
    for (int k = 0; k < 2; k++)
        if (c[k].x >= w || c[k].y >= h || !opt->mask[(size_t)c[k].y * w + c[k].x]) return MEIRO_OK;
    uint8_t *piece = zalloc(n, 1);
    uint32_t *queue = alloc_array(n, sizeof *queue), *dist = alloc_array(n, sizeof *dist);
    meiro_status s = piece && queue && dist
                         ? MEIRO_OK
                         : fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    size_t a = grid_id(m, c[0]), b = grid_id(m, c[1]);
    if (s == MEIRO_OK) {
        mark_piece(opt->mask, w, h, a, 1, piece, queue);
        if (!(piece[b] & 1)) mark_piece(opt->mask, w, h, b, 2, piece, queue);
    }
    /* only cells a door can be cut beside stay in the pieces (a letter
     * always has some: its top row's, say) */
    bool two = s == MEIRO_OK && (piece[b] & 2);
    uint8_t *door = two ? door_cells(m) : NULL;
    if (two && !door) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    for (size_t i = 0; door && i < n; i++)
        if (!door[i]) piece[i] = 0;
    free(door);
    if (s == MEIRO_OK && two) {
        if ((s = grid_distances(m, b, dist, err)) == MEIRO_OK)
            a = farthest_tagged(m, dist, piece, 1, n, a);
        if (s == MEIRO_OK && (s = grid_distances(m, a, dist, err)) == MEIRO_OK)
            b = farthest_tagged(m, dist, piece, 2, n, b);
        if (s == MEIRO_OK && (s = grid_distances(m, b, dist, err)) == MEIRO_OK)
            a = farthest_tagged(m, dist, piece, 1, n, a);
        if (s == MEIRO_OK) {
            m->start = grid_cell(m, a);
            m->goal = grid_cell(m, b);
            m->start_door = m->goal_door = MEIRO_NO_DIR;
            *done = true;
        }
    }
    free(piece);
    free(queue);
    free(dist);
    return s;
}

meiro_status maze_place_ends(meiro_maze *m, const meiro_generate_options *opt, meiro_error *err)
{
    /* a wrapped maze's corners touch across its seams, and its sides have
     * no wall for a door: its ends are the longest way's, without doors */
    if (m->wrap && (opt->ends == MEIRO_ENDS_CORNERS || opt->ends == MEIRO_ENDS_BORDER ||
                    opt->ends == MEIRO_ENDS_PIECES))
        return place_far(m, false, false, err);
    switch (opt->ends) {
    case MEIRO_ENDS_CORNERS: return MEIRO_OK; /* where the new maze has them */
    case MEIRO_ENDS_CELLS:
        if (ends_cells_check(m, opt, err) != MEIRO_OK) return MEIRO_ERROR_ARGUMENT;
        m->start = opt->start;
        m->goal = opt->goal;
        m->start_door = m->goal_door = MEIRO_NO_DIR;
        return MEIRO_OK;
    default: break;
    }
    if (m->active_count == 1) return MEIRO_OK; /* one cell: S and G in its doors */
    if (opt->ends == MEIRO_ENDS_CENTER || opt->ends == MEIRO_ENDS_CENTER_OUT)
        return place_center(m, opt->ends == MEIRO_ENDS_CENTER_OUT, err);
    /* a text whose letters fill their box (I) is a plain rectangle: S and G
     * in doors of its outer wall, with their arrows, as on a rectangle,
     * across its narrow way */
    if (opt->ends == MEIRO_ENDS_PIECES && !m->active && m->grid == MEIRO_GRID_RECT)
        return place_far(m, true, true, err);
    if (opt->ends == MEIRO_ENDS_PIECES && opt->mask && m->grid == MEIRO_GRID_RECT) {
        bool done;
        meiro_status s = place_pieces(m, opt, &done, err);
        if (s != MEIRO_OK || done) return s;
    }
    return place_far(m, opt->ends == MEIRO_ENDS_BORDER, false, err);
}
