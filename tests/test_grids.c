/* The cell graph of every grid (core/grid.h: numbering, links, passages),
 * the polar, hex and triangle grids' topology and geometry, and the model's
 * functions on them. */
#include "harness.h"
#include "whitebox.h"
#include "core/grid.h"

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const meiro_grid OTHER_GRIDS[] = {MEIRO_GRID_POLAR, MEIRO_GRID_HEX, MEIRO_GRID_TRIANGLE};

/* Sizes for the topology tests: w x h (polar: h rings, w ignored; 1 ring
 * is refused and skipped). */
static const uint32_t SIZES[][2] = {{1, 2}, {2, 1}, {2, 2},  {3, 2},   {2, 3},  {5, 4},
                                    {4, 5}, {7, 7}, {10, 3}, {31, 17}, {40, 40}};

static meiro_maze *new_grid(meiro_grid g, uint32_t w, uint32_t h)
{
    if (g == MEIRO_GRID_POLAR && h < 2) h = 2;
    meiro_error err = {0};
    meiro_maze *m = meiro_maze_new_grid(g, w, h, &err);
    if (!m) fprintf(stderr, "%s %ux%u: %s\n", meiro_grid_name(g), w, h, err.message);
    return m;
}

/* The midpoint of a side. */
static void side_mid(const grid_side_shape *s, double *x, double *y)
{
    if (s->arc) {
        double a = (s->a0 + s->a1) / 2;
        *x = s->cx + s->r * cos(a);
        *y = s->cy + s->r * sin(a);
    } else {
        *x = (s->x0 + s->x1) / 2;
        *y = (s->y0 + s->y1) / 2;
    }
}

static bool near(double a, double b) { return fabs(a - b) < 1e-9 * (1 + fabs(a) + fabs(b)); }

/* The grids of the graph tests: the other grids, a rectangle, and a
 * rectangle with a shape (holes in a diagonal pattern). */
enum { GRAPH_MASKED = MEIRO_GRID_COUNT };
static const unsigned GRAPH_GRIDS[] = {MEIRO_GRID_RECT, GRAPH_MASKED, MEIRO_GRID_POLAR,
                                       MEIRO_GRID_HEX, MEIRO_GRID_TRIANGLE};

static meiro_maze *new_graph(unsigned g, uint32_t w, uint32_t h)
{
    if (g != GRAPH_MASKED) return new_grid((meiro_grid)g, w, h);
    meiro_maze *m = new_grid(MEIRO_GRID_RECT, w, h);
    uint8_t *inside = malloc((size_t)w * h);
    if (m && inside) {
        for (size_t i = 0; i < (size_t)w * h; i++) inside[i] = i < 2 || (i * 7 + i / w) % 5 != 0;
        meiro_maze_set_mask(m, inside, NULL);
    }
    free(inside);
    return m;
}

static const char *graph_name(unsigned g)
{
    return g == GRAPH_MASKED ? "rect with a shape" : meiro_grid_name((meiro_grid)g);
}

/* The numbering of every grid: ids and (x, y) round-trip, grid_advance
 * walks the ids in order, the rows add up to the cells. */
static void test_numbering(void)
{
    verdict counts = {0}, roundtrip = {0};
    for (size_t g = 0; g < TEST_COUNT(GRAPH_GRIDS); g++)
        for (size_t s = 0; s < TEST_COUNT(SIZES); s++) {
            unsigned grid = GRAPH_GRIDS[g];
            meiro_maze *m = new_graph(grid, SIZES[s][0], SIZES[s][1]);
            if (!verdict_note(&counts, m != NULL, "%s %ux%u not made", graph_name(grid),
                              SIZES[s][0], SIZES[s][1]))
                continue;
            size_t total = grid_total(m), sum = 0, active = 0;
            for (uint32_t y = 0; y < m->h; y++) sum += grid_row_width(m, y);
            for (size_t id = 0; id < total; id++) active += grid_active(m, id);
            if (grid == MEIRO_GRID_POLAR)
                verdict_note(&counts,
                             sum == total && grid_row_width(m, 0) == 1 &&
                                 grid_row_width(m, 1) == 6 &&
                                 m->h == (SIZES[s][1] < 2 ? 2 : SIZES[s][1]) &&
                                 m->w == grid_row_width(m, m->h - 1),
                             "polar %u rings: %zu cells, rows sum to %zu", m->h, total, sum);
            else
                verdict_note(&counts, sum == total && total == (size_t)SIZES[s][0] * SIZES[s][1],
                             "%s %ux%u: %zu cells", graph_name(grid), m->w, m->h, total);
            verdict_note(&counts, meiro_maze_cell_count(m) == active, "%s: cell count",
                         graph_name(grid));
            bool rt = true;
            grid_at at = grid_at_id(m, 0);
            for (size_t id = 0; id < total; id++, grid_advance(m, &at)) {
                meiro_cell c = grid_cell(m, id);
                if (grid_id(m, c) != id || c.x >= grid_row_width(m, c.y) || at.id != id ||
                    at.c.x != c.x || at.c.y != c.y)
                    rt = false;
            }
            verdict_note(&roundtrip, rt, "%s %ux%u", graph_name(grid), m->w, m->h);
            meiro_maze_free(m);
        }
    CHECK_ALL(counts);
    CHECK_ALL(roundtrip);
}

/* Every cell of every grid: grid_links gives the sides that have a
 * neighbour and the neighbours grid_neighbour and grid_across give (none
 * into a shape's outside), each with a back side pointing back; grid_step
 * lands on the neighbour's (x, y). */
static void test_links(void)
{
    verdict symmetric = {0}, links = {0}, steps = {0};
    for (size_t g = 0; g < TEST_COUNT(GRAPH_GRIDS); g++)
        for (size_t s = 0; s < TEST_COUNT(SIZES); s++) {
            unsigned grid = GRAPH_GRIDS[g];
            meiro_maze *m = new_graph(grid, SIZES[s][0], SIZES[s][1]);
            if (!m) continue;
            size_t total = grid_total(m), next[GRID_MAX_SIDES];
            unsigned back[GRID_MAX_SIDES];
            bool sym = true, lk = true, st = true;
            for (grid_at at = grid_at_id(m, 0); at.id < total; grid_advance(m, &at)) {
                size_t id = at.id;
                if (!grid_active(m, id)) continue; /* not in the graph */
                unsigned n = grid_sides(m, id), sides = grid_links(m, at, next, back);
                if (sides >> n || n < 3 || n > GRID_MAX_SIDES) lk = false;
                for (unsigned k = 0; k < n; k++) {
                    unsigned b = GRID_MAX_SIDES;
                    size_t j = grid_neighbour(m, id, k);
                    if (grid_across(m, id, k, &b) != j || (j != GRID_NONE) != (sides >> k & 1u) ||
                        (j != GRID_NONE && j != next[k]))
                        lk = false;
                    if (j == GRID_NONE) continue;
                    if (!grid_active(m, j) || b != back[k]) lk = false;
                    if (j >= total || b >= grid_sides(m, j) || grid_neighbour(m, j, b) != id ||
                        grid_back_side(m, j, b) != k)
                        sym = false;
                    unsigned b2 = GRID_MAX_SIDES;
                    grid_at to = grid_step(m, at, k, grid_through(m, id, k, &b2));
                    meiro_cell c = grid_cell(m, j);
                    if (to.id != j || to.c.x != c.x || to.c.y != c.y || b2 != b) st = false;
                }
                if (grid_neighbour(m, id, n) != GRID_NONE) sym = false;
            }
            verdict_note(&symmetric, sym, "%s %ux%u", graph_name(grid), m->w, m->h);
            verdict_note(&links, lk, "%s %ux%u", graph_name(grid), m->w, m->h);
            verdict_note(&steps, st, "%s %ux%u", graph_name(grid), m->w, m->h);
            meiro_maze_free(m);
        }
    CHECK_ALL(symmetric);
    CHECK_ALL(links);
    CHECK_ALL(steps);
}

/* Passages on every grid: a random set of sides joined with grid_join (or
 * set with grid_set_side) shows on both cells in grid_open_sides,
 * grid_exits and the public meiro_maze_side_open, grid_degree counts them,
 * the model's invariants hold, and closing a side closes it on both. */
static void test_passages(void)
{
    verdict both = {0}, exits = {0}, valid = {0}, closed = {0};
    rng_state rng;
    rng_seed(&rng, 21);
    for (size_t g = 0; g < TEST_COUNT(GRAPH_GRIDS); g++)
        for (size_t s = 0; s < TEST_COUNT(SIZES); s++) {
            unsigned grid = GRAPH_GRIDS[g];
            meiro_maze *m = new_graph(grid, SIZES[s][0], SIZES[s][1]);
            if (!m) continue;
            size_t total = grid_total(m), next[GRID_MAX_SIDES], out[GRID_MAX_SIDES];
            unsigned back[GRID_MAX_SIDES], out_back[GRID_MAX_SIDES];
            for (grid_at at = grid_at_id(m, 0); at.id < total; grid_advance(m, &at)) {
                unsigned sides = grid_active(m, at.id) ? grid_links(m, at, next, back) : 0;
                FOR_EACH_SIDE_IN (k, sides) {
                    if (rng_below(&rng, 3)) continue;
                    if (rng_below(&rng, 2)) grid_join(m, at.id, k, next[k], back[k]);
                    else grid_set_side(m, at.id, k, true);
                }
            }
            meiro_error err = {0};
            verdict_note(&valid, meiro_maze_check(m, &err) == MEIRO_OK, "%s %ux%u: %s",
                         graph_name(grid), m->w, m->h, err.message);
            bool ok_both = true, ok_exits = true;
            for (grid_at at = grid_at_id(m, 0); at.id < total; grid_advance(m, &at)) {
                if (!grid_active(m, at.id)) {
                    if (grid_open_sides(m, at.id)) ok_both = false;
                    continue;
                }
                unsigned sides = grid_links(m, at, next, back), open = grid_open_sides(m, at.id);
                unsigned ex = grid_exits(m, at, out, out_back), want = 0;
                for (unsigned k = 0; k < grid_sides(m, at.id); k++) {
                    bool here = grid_open(m, at.id, k);
                    if (here) want |= 1u << k;
                    if (here && (!(sides >> k & 1u) || !grid_open(m, next[k], back[k])))
                        ok_both = false;
                    if (here != meiro_maze_side_open(m, at.c, k)) ok_both = false;
                    if (here && (out[k] != next[k] || out_back[k] != back[k])) ok_exits = false;
                }
                if (open != want || ex != open ||
                    grid_degree(m, at.id) != (unsigned)__builtin_popcount(open))
                    ok_exits = false;
            }
            verdict_note(&both, ok_both, "%s %ux%u", graph_name(grid), m->w, m->h);
            verdict_note(&exits, ok_exits, "%s %ux%u", graph_name(grid), m->w, m->h);
            bool ok_closed = true;
            for (size_t id = 0; id < total; id++)
                for (unsigned k = 0; k < grid_sides(m, id); k++) {
                    if (!grid_open(m, id, k)) continue;
                    unsigned b = 0;
                    size_t j = grid_across(m, id, k, &b);
                    grid_set_side(m, id, k, false);
                    if (grid_open(m, id, k) || grid_open(m, j, b)) ok_closed = false;
                }
            for (size_t id = 0; id < total; id++) ok_closed = ok_closed && m->cells[id] == 0;
            verdict_note(&closed, ok_closed, "%s %ux%u", graph_name(grid), m->w, m->h);
            meiro_maze_free(m);
        }
    CHECK_ALL(valid);
    CHECK_ALL(both);
    CHECK_ALL(exits);
    CHECK_ALL(closed);
}

/* Side geometry: sides clockwise around the centre, chained end to start
 * into a closed outline, shared (reversed) with the neighbour, inside the
 * extent, and the extent reached on every side. */
static void test_geometry(void)
{
    verdict clockwise = {0}, chained = {0}, shared = {0}, extent = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++)
        for (size_t s = 0; s < TEST_COUNT(SIZES); s++) {
            meiro_grid grid = OTHER_GRIDS[g];
            meiro_maze *m = new_grid(grid, SIZES[s][0], SIZES[s][1]);
            if (!m) continue;
            const char *name = meiro_grid_name(grid);
            double W, H, minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
            grid_extent(m, &W, &H);
            bool cw = true, chain = true, share = true;
            for (size_t id = 0; id < grid_total(m); id++) {
                unsigned n = grid_sides(m, id);
                double cx, cy, turn = 0, prev = 0;
                grid_centre(m, id, &cx, &cy);
                for (unsigned k = 0; k <= n; k++) {
                    grid_side_shape a, b;
                    grid_side(m, id, k % n, &a);
                    double mx, my;
                    side_mid(&a, &mx, &my);
                    double ang = atan2(my - cy, mx - cx);
                    if (k > 0) {
                        double d = fmod(ang - prev + 4 * M_PI, 2 * M_PI);
                        if (!(d > 1e-9 && d < M_PI)) cw = false;
                        turn += d;
                    }
                    prev = ang;
                    if (k == n) break;
                    grid_side(m, id, (k + 1) % n, &b);
                    if (!near(a.x1, b.x0) || !near(a.y1, b.y0)) chain = false;
                    if (a.arc) {
                        double ex = a.cx + a.r * cos(a.a0), ey = a.cy + a.r * sin(a.a0);
                        if (!near(ex, a.x0) || !near(ey, a.y0)) chain = false;
                        /* an arc's span bounds it */
                        double lo = fmin(a.a0, a.a1), hi = fmax(a.a0, a.a1);
                        for (int q = -4; q <= 4; q++) {
                            double t = q * M_PI / 2;
                            if (t > lo && t < hi) {
                                minx = fmin(minx, a.cx + a.r * cos(t));
                                maxx = fmax(maxx, a.cx + a.r * cos(t));
                                miny = fmin(miny, a.cy + a.r * sin(t));
                                maxy = fmax(maxy, a.cy + a.r * sin(t));
                            }
                        }
                    }
                    minx = fmin(minx, fmin(a.x0, a.x1)), maxx = fmax(maxx, fmax(a.x0, a.x1));
                    miny = fmin(miny, fmin(a.y0, a.y1)), maxy = fmax(maxy, fmax(a.y0, a.y1));
                    size_t j = grid_neighbour(m, id, k);
                    if (j == GRID_NONE) continue;
                    grid_side(m, j, grid_back_side(m, id, k), &b);
                    if (a.arc != b.arc || !near(a.x0, b.x1) || !near(a.y0, b.y1) ||
                        !near(a.x1, b.x0) || !near(a.y1, b.y0) ||
                        (a.arc && (!near(a.r, b.r) || !near(a.a0, b.a1) || !near(a.a1, b.a0))))
                        share = false;
                }
                if (fabs(turn - 2 * M_PI) > 1e-6) cw = false;
            }
            verdict_note(&clockwise, cw, "%s %ux%u", name, m->w, m->h);
            verdict_note(&chained, chain, "%s %ux%u", name, m->w, m->h);
            verdict_note(&shared, share, "%s %ux%u", name, m->w, m->h);
            verdict_note(&extent,
                         fabs(minx) < 1e-9 && fabs(miny) < 1e-9 && fabs(maxx - W) < 1e-9 &&
                             fabs(maxy - H) < 1e-9,
                         "%s %ux%u: sides span %g..%g x %g..%g, extent %g x %g", name, m->w, m->h,
                         minx, maxx, miny, maxy, W, H);
            meiro_maze_free(m);
        }
    CHECK_ALL(clockwise);
    CHECK_ALL(chained);
    CHECK_ALL(shared);
    CHECK_ALL(extent);
}

/* Polar rings split so cells stay near-square: from ring 2 out, a cell's
 * arc at mid radius is 0.6 .. 1.6 ring widths; each ring has as many or
 * twice the cells of the one inside. */
static void test_rings(void)
{
    verdict square = {0}, split = {0};
    static const uint32_t rings[] = {2, 3, 4, 8, 13, 50, 200, 1000};
    for (size_t r = 0; r < TEST_COUNT(rings); r++) {
        meiro_maze *m = new_grid(MEIRO_GRID_POLAR, 1, rings[r]);
        if (!verdict_note(&split, m != NULL, "%u rings not made", rings[r])) continue;
        for (uint32_t y = 1; y < m->h; y++) {
            uint32_t n = grid_row_width(m, y), in = grid_row_width(m, y - 1);
            verdict_note(&split, y == 1 ? n == 6 : n == in || n == 2 * in,
                         "%u rings: ring %u has %u cells, ring inside %u", m->h, y, n, in);
            if (y >= 2) {
                double ratio = 2 * M_PI * (y + 0.5) / n;
                verdict_note(&square, ratio >= 0.6 && ratio <= 1.6,
                             "ring %u: %u cells, arc / width %.3f", y, n, ratio);
            }
        }
        meiro_maze_free(m);
    }
    CHECK_ALL(square);
    CHECK_ALL(split);
}

/* Known neighbours, hand-checked against the pictures in grid.h. */
static void test_known(void)
{
    meiro_maze *p = new_grid(MEIRO_GRID_POLAR, 0, 4); /* rings 1, 6, 12, 24 */
    meiro_maze *h = new_grid(MEIRO_GRID_HEX, 4, 3);
    meiro_maze *t = new_grid(MEIRO_GRID_TRIANGLE, 4, 3);
    CHECK(p && h && t);
    if (!p || !h || !t) goto out;
    CHECK_INT(grid_total(p), 1 + 6 + 12 + 24);
    CHECK_INT(grid_sides(p, 0), 6);
    CHECK_INT(grid_neighbour(p, 0, 3), grid_id(p, (meiro_cell){3, 1}));
    /* ring 1 cell 2: inward the centre, sides 1 and 4 cells 1 and 3, outward
     * cells 4 and 5 of ring 2 */
    size_t c = grid_id(p, (meiro_cell){2, 1});
    CHECK_INT(grid_sides(p, c), 5);
    CHECK_INT(grid_neighbour(p, c, 0), 0);
    CHECK_INT(grid_back_side(p, c, 0), 2);
    CHECK_INT(grid_neighbour(p, c, 1), grid_id(p, (meiro_cell){1, 1}));
    CHECK_INT(grid_neighbour(p, c, 2), grid_id(p, (meiro_cell){4, 2}));
    CHECK_INT(grid_neighbour(p, c, 3), grid_id(p, (meiro_cell){5, 2}));
    CHECK_INT(grid_neighbour(p, c, 4), grid_id(p, (meiro_cell){3, 1}));
    /* ring 1 wraps: cell 0's smaller-angle neighbour is cell 5 */
    CHECK_INT(grid_neighbour(p, grid_id(p, (meiro_cell){0, 1}), 1), grid_id(p, (meiro_cell){5, 1}));
    /* the outer ring: one border side outward */
    c = grid_id(p, (meiro_cell){23, 3});
    CHECK_INT(grid_sides(p, c), 4);
    CHECK_INT(grid_neighbour(p, c, 2), GRID_NONE);
    CHECK_INT(grid_neighbour(p, c, 3), grid_id(p, (meiro_cell){0, 3}));
    CHECK_INT(grid_neighbour(p, c, 0), grid_id(p, (meiro_cell){11, 2}));
    /* hex: even column 2 row 1: NE is (3, 0), SE (3, 1); odd column 1 row
     * 1: NE (2, 1), SE (2, 2), SW (0, 2), NW (0, 1) */
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){2, 1}), 1), grid_id(h, (meiro_cell){3, 0}));
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){2, 1}), 2), grid_id(h, (meiro_cell){3, 1}));
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){1, 1}), 1), grid_id(h, (meiro_cell){2, 1}));
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){1, 1}), 2), grid_id(h, (meiro_cell){2, 2}));
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){1, 1}), 4), grid_id(h, (meiro_cell){0, 2}));
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){1, 1}), 5), grid_id(h, (meiro_cell){0, 1}));
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){1, 2}), 3), GRID_NONE);
    CHECK_INT(grid_neighbour(h, grid_id(h, (meiro_cell){0, 0}), 5), GRID_NONE);
    /* triangle: (0, 0) points up: right (1, 0), base (0, 1), left border;
     * (1, 0) points down: top border, right (2, 0), left (0, 0) */
    CHECK_INT(grid_neighbour(t, 0, 0), 1);
    CHECK_INT(grid_neighbour(t, 0, 1), grid_id(t, (meiro_cell){0, 1}));
    CHECK_INT(grid_neighbour(t, 0, 2), GRID_NONE);
    CHECK_INT(grid_neighbour(t, 1, 0), GRID_NONE);
    CHECK_INT(grid_neighbour(t, 1, 1), 2);
    CHECK_INT(grid_neighbour(t, 1, 2), 0);
    CHECK_INT(grid_neighbour(t, grid_id(t, (meiro_cell){2, 1}), 0), grid_id(t, (meiro_cell){2, 0}));
    CHECK_INT(grid_neighbour(t, grid_id(t, (meiro_cell){1, 1}), 0), grid_id(t, (meiro_cell){2, 1}));
    double W, H;
    grid_extent(t, &W, &H);
    CHECK(near(W, 2.5) && near(H, 3 * sqrt(3) / 2));
    grid_extent(h, &W, &H);
    CHECK(near(W, 6.5) && near(H, 3.5 * sqrt(3)));
    grid_extent(p, &W, &H);
    CHECK(near(W, 8) && near(H, 8));
out:
    meiro_maze_free(p);
    meiro_maze_free(h);
    meiro_maze_free(t);
}

/* Sizes refused with a message; the largest polar maze is made lazily
 * (only its size is computed before the cells are allocated). */
static void test_sizes(void)
{
    meiro_error err = {0};
    CHECK(meiro_maze_new_grid(MEIRO_GRID_POLAR, 5, 1, &err) == NULL);
    CHECK(strstr(err.message, "2 rings") != NULL);
    CHECK(meiro_maze_new_grid(MEIRO_GRID_POLAR, 5, 0, &err) == NULL);
    CHECK(meiro_maze_new_grid(MEIRO_GRID_HEX, 1, 1, &err) == NULL);
    CHECK(strstr(err.message, "2 cells") != NULL);
    CHECK(meiro_maze_new_grid(MEIRO_GRID_TRIANGLE, 0, 5, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_maze_new_grid(MEIRO_GRID_POLAR, 1, 20000, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_TOO_BIG);
    CHECK(meiro_maze_new_grid(MEIRO_GRID_HEX, 30000, 30000, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_TOO_BIG);
    CHECK(meiro_maze_new_grid((meiro_grid)9, 3, 3, &err) == NULL);
}

/* The public model on other grids: the rect-only calls refuse, sides open
 * on both cells, start and goal take any cell but no door, the checker and
 * the perfect test see through the grid. */
static void test_model(void)
{
    verdict api = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++) {
        meiro_grid grid = OTHER_GRIDS[g];
        const char *name = meiro_grid_name(grid);
        meiro_maze *m = new_grid(grid, 4, 3);
        if (!verdict_note(&api, m != NULL, "%s not made", name)) continue;
        meiro_error err = {0};
        verdict_note(&api, meiro_maze_grid(m) == grid, "%s: grid", name);
        verdict_note(&api, meiro_maze_check(m, &err) == MEIRO_OK, "%s: check: %s", name,
                     err.message);
        meiro_cell s = meiro_maze_start(m), gl = meiro_maze_goal(m);
        verdict_note(&api, s.x == 0 && s.y == 0 && grid_id(m, gl) == grid_total(m) - 1,
                     "%s: S (%u, %u), G (%u, %u)", name, s.x, s.y, gl.x, gl.y);
        verdict_note(&api,
                     meiro_maze_carve(m, 0, 0, MEIRO_EAST) == MEIRO_ERROR_ARGUMENT &&
                         !meiro_maze_is_open(m, 0, 0, MEIRO_EAST),
                     "%s: carve / is_open", name);
        meiro_cell c = {1, 1}, n;
        unsigned sides = meiro_maze_sides(m, c), side = 0;
        while (side < sides && !meiro_maze_neighbour(m, c, side, &n)) side++;
        verdict_note(&api, side < sides && meiro_maze_set_side(m, c, side, true) == MEIRO_OK,
                     "%s: set_side", name);
        unsigned back = grid_back_side(m, grid_id(m, c), side);
        verdict_note(&api, meiro_maze_side_open(m, c, side) && meiro_maze_side_open(m, n, back),
                     "%s: the passage is seen from both cells", name);
        verdict_note(&api, meiro_maze_check(m, NULL) == MEIRO_OK, "%s: check", name);
        /* a passage kept on one cell only is a broken invariant */
        m->cells[grid_id(m, n)] &= (uint8_t) ~(1u << back);
        verdict_note(&api,
                     meiro_maze_check(m, &err) == MEIRO_ERROR_INTERNAL &&
                         strstr(err.message, "neighbour") != NULL,
                     "%s: one-sided passage: %s", name, err.message);
        m->cells[grid_id(m, n)] |= (uint8_t)(1u << back);
        /* the border cannot be opened */
        meiro_cell corner = {0, 0};
        unsigned k = 0, cs = meiro_maze_sides(m, corner);
        while (k < cs && meiro_maze_neighbour(m, corner, k, NULL)) k++;
        if (grid != MEIRO_GRID_POLAR)
            verdict_note(&api,
                         k < cs && meiro_maze_set_side(m, corner, k, true) == MEIRO_ERROR_ARGUMENT,
                         "%s: the border opened", name);
        /* start and goal: any cell, no doors */
        verdict_note(&api,
                     meiro_maze_set_start(m, c, MEIRO_NO_DIR) == MEIRO_OK &&
                         meiro_maze_set_start(m, c, MEIRO_WEST) == MEIRO_ERROR_ARGUMENT &&
                         meiro_maze_set_goal(m, (meiro_cell){0, 99}, MEIRO_NO_DIR) ==
                             MEIRO_ERROR_ARGUMENT &&
                         meiro_maze_start_door(m) == MEIRO_NO_DIR,
                     "%s: start and goal", name);
        meiro_maze_set_goal(m, c, MEIRO_NO_DIR);
        verdict_note(&api, meiro_maze_check(m, &err) == MEIRO_ERROR_INTERNAL,
                     "%s: S and G in one cell passed", name);
        meiro_maze_set_goal(m, gl, MEIRO_NO_DIR);
        /* a spanning tree by hand: a breadth-first tree over all sides */
        meiro_maze *t = new_grid(grid, 5, 4);
        bool perfect = true;
        if (t) {
            size_t total = grid_total(t), *queue = calloc(total, sizeof *queue), head = 0, tail = 0;
            uint8_t *seen = calloc(total, 1);
            if (queue && seen) {
                queue[tail++] = 0, seen[0] = 1;
                while (head < tail) {
                    size_t id = queue[head++], next[GRID_MAX_SIDES];
                    unsigned back[GRID_MAX_SIDES];
                    unsigned sides = grid_links(t, grid_at_id(t, id), next, back);
                    FOR_EACH_SIDE_IN (q, sides)
                        if (!seen[next[q]]) {
                            seen[next[q]] = 1;
                            queue[tail++] = next[q];
                            grid_set_side(t, id, q, true);
                        }
                }
            }
            free(queue), free(seen);
            meiro_maze_is_perfect(t, &perfect, NULL);
            verdict_note(&api, perfect, "%s: a spanning tree is not perfect", name);
            meiro_maze *copy = meiro_maze_clone(t, NULL);
            verdict_note(&api, copy && meiro_maze_equal(t, copy), "%s: clone", name);
            /* one more passage closes a loop */
            size_t id = 0;
            unsigned q = 0;
            for (; id < total; id++) {
                for (q = 0; q < grid_sides(t, id); q++)
                    if (grid_neighbour(t, id, q) != GRID_NONE && !grid_open(t, id, q)) break;
                if (q < grid_sides(t, id)) break;
            }
            grid_set_side(t, id, q, true);
            meiro_maze_is_perfect(t, &perfect, NULL);
            verdict_note(&api, !perfect && copy && !meiro_maze_equal(t, copy),
                         "%s: a loop is perfect", name);
            meiro_maze_free(copy);
            meiro_maze_free(t);
        }
        meiro_maze_free(m);
    }
    CHECK_ALL(api);
    /* different grids of one size differ */
    meiro_maze *a = new_grid(MEIRO_GRID_HEX, 4, 4), *b = new_grid(MEIRO_GRID_TRIANGLE, 4, 4);
    CHECK(a && b && !meiro_maze_equal(a, b));
    meiro_maze_free(a);
    meiro_maze_free(b);
}

/* ---- Generators and solvers on every grid */

static const char *const ALL_GENERATORS[] = {
    "dig",           "cluster",      "prim",          "true-prim",   "wilson",
    "aldous-broder", "growing-tree", "hunt-and-kill", "binary-tree", "sidewinder"};

static bool applies(const char *gen, meiro_grid grid)
{
    for (size_t i = 0; i < meiro_generator_count(); i++)
        if (strcmp(meiro_generator_info(i)->name, gen) == 0)
            return meiro_generator_supports(i, grid);
    return false;
}

/* Sizes of the property tests: the smallest each grid takes, thin ones,
 * small, 30 x 30 and (with one seed) a large one. */
typedef struct size_case {
    uint32_t w, h;
    unsigned seeds;
} size_case;

static const size_case GEN_SIZES[] = {{1, 2, 3}, {2, 1, 3},   {2, 2, 3},    {1, 5, 3},
                                      {5, 1, 3}, {2, 3, 3},   {3, 2, 3},    {7, 5, 3},
                                      {5, 7, 3}, {30, 30, 2}, {300, 300, 1}};

static meiro_maze *generate(meiro_grid grid, const char *gen, uint32_t w, uint32_t h, uint64_t seed,
                            unsigned loops, meiro_ends ends, meiro_error *err)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.grid = grid;
    o.algorithm = gen;
    o.width = w;
    o.height = h;
    o.seed = seed;
    o.loops = loops;
    o.ends = ends;
    return meiro_generate(&o, err);
}

/* A path from S to G whose consecutive cells are neighbours through open
 * sides; why not in *why. */
static bool path_valid(const meiro_maze *m, const meiro_path *p, const char **why)
{
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (p->length < 1) return *why = "empty", false;
    if (p->cells[0].x != s.x || p->cells[0].y != s.y) return *why = "not from S", false;
    meiro_cell last = p->cells[p->length - 1];
    if (last.x != g.x || last.y != g.y) return *why = "not to G", false;
    for (size_t k = 1; k < p->length; k++) {
        meiro_cell a = p->cells[k - 1], b = p->cells[k], n;
        bool joined = false;
        for (unsigned side = 0; side < meiro_maze_sides(m, a) && !joined; side++)
            joined = meiro_maze_neighbour(m, a, side, &n) && n.x == b.x && n.y == b.y &&
                     meiro_maze_side_open(m, a, side);
        if (!joined) return *why = "a step through a wall", false;
    }
    return true;
}

/* Every solver on one maze: valid paths; bfs and astar equally long (the
 * shortest); the complete solvers always arrive, the wall followers in a
 * perfect maze. */
static bool solve_all(const meiro_maze *m, bool perfect, char *msg, size_t size)
{
    size_t shortest = 0;
    for (size_t k = 0; k < meiro_solver_count(); k++) {
        const char *name = meiro_solver_info(k)->name;
        meiro_path p;
        meiro_error err = {0};
        meiro_status st = meiro_solve(m, name, &p, &err);
        if (st != MEIRO_OK) {
            if (!perfect && !meiro_solver_is_complete(name)) continue;
            snprintf(msg, size, "%s: %s", name, err.message);
            return false;
        }
        const char *why = "";
        bool ok = path_valid(m, &p, &why);
        if (strcmp(name, "bfs") == 0) shortest = p.length;
        if (ok && strcmp(name, "astar") == 0 && p.length != shortest)
            ok = false, why = "astar longer or shorter than bfs";
        if (ok && perfect && p.length != shortest)
            ok = false, why = "another path in a perfect maze";
        meiro_path_free(&p);
        if (!ok) {
            snprintf(msg, size, "%s: %s", name, why);
            return false;
        }
    }
    return true;
}

/* Every grid x applicable generator x size x seed: a valid, perfect maze,
 * the same again from the same seed, every cell reachable, and every
 * solver's path valid (bfs = astar). */
static void test_generators(void)
{
    verdict made = {0}, perfect = {0}, same = {0}, reach = {0}, solved = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++)
        for (size_t a = 0; a < TEST_COUNT(ALL_GENERATORS); a++) {
            meiro_grid grid = OTHER_GRIDS[g];
            const char *gen = ALL_GENERATORS[a], *gname = meiro_grid_name(grid);
            if (!applies(gen, grid)) continue;
            for (size_t z = 0; z < TEST_COUNT(GEN_SIZES); z++) {
                size_case sz = GEN_SIZES[z];
                if (grid == MEIRO_GRID_POLAR && sz.h < 2) continue;
                if (grid == MEIRO_GRID_TRIANGLE && sz.w == 1 && sz.h > 2) continue;
                for (unsigned seed = 1; seed <= sz.seeds; seed++) {
                    meiro_error err = {0};
                    meiro_maze *m =
                        generate(grid, gen, sz.w, sz.h, seed, 0, MEIRO_ENDS_CORNERS, &err);
                    meiro_maze *again =
                        generate(grid, gen, sz.w, sz.h, seed, 0, MEIRO_ENDS_CORNERS, NULL);
                    if (!verdict_note(&made, m && again && meiro_maze_check(m, &err) == MEIRO_OK,
                                      "%s %s %ux%u seed %u: %s", gname, gen, sz.w, sz.h, seed,
                                      err.message)) {
                        meiro_maze_free(m);
                        meiro_maze_free(again);
                        continue;
                    }
                    bool p = false;
                    meiro_maze_is_perfect(m, &p, NULL);
                    verdict_note(&perfect, p, "%s %s %ux%u seed %u", gname, gen, sz.w, sz.h, seed);
                    verdict_note(&same, meiro_maze_equal(m, again), "%s %s %ux%u seed %u", gname,
                                 gen, sz.w, sz.h, seed);
                    meiro_stats st;
                    verdict_note(
                        &reach,
                        meiro_stats_compute(m, &st, NULL) == MEIRO_OK && st.reachable == st.cells &&
                            st.cells == meiro_maze_cell_count(m) && st.perfect &&
                            st.passages + 1 == st.cells &&
                            st.dead_ends + st.corridors + st.junctions == st.cells,
                        "%s %s %ux%u seed %u: %llu of %llu reachable", gname, gen, sz.w, sz.h, seed,
                        (unsigned long long)st.reachable, (unsigned long long)st.cells);
                    char msg[300] = "";
                    bool ok = sz.w * (uint64_t)sz.h > 100000 || solve_all(m, true, msg, sizeof msg);
                    verdict_note(&solved, ok, "%s %s %ux%u seed %u: %s", gname, gen, sz.w, sz.h,
                                 seed, msg);
                    meiro_maze_free(m);
                    meiro_maze_free(again);
                }
            }
        }
    CHECK_ALL(made);
    CHECK_ALL(perfect);
    CHECK_ALL(same);
    CHECK_ALL(reach);
    CHECK_ALL(solved);
}

/* The large mazes solved too: bfs = astar, and the others valid. */
static void test_large(void)
{
    verdict solved = {0};
    const char *gens[] = {"dig", "cluster", "wilson"};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++)
        for (size_t a = 0; a < TEST_COUNT(gens); a++) {
            meiro_error err = {0};
            meiro_maze *m =
                generate(OTHER_GRIDS[g], gens[a], 300, 300, 7, 0, MEIRO_ENDS_FARTHEST, &err);
            char msg[300] = "";
            verdict_note(&solved, m && solve_all(m, true, msg, sizeof msg), "%s %s: %s %s",
                         meiro_grid_name(OTHER_GRIDS[g]), gens[a], err.message, msg);
            meiro_maze_free(m);
        }
    CHECK_ALL(solved);
}

/* --loops: imperfect mazes, still fully reachable and solved (bfs = astar,
 * the complete solvers' paths valid). */
static void test_loops(void)
{
    verdict imperfect = {0}, solved = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++)
        for (size_t a = 0; a < TEST_COUNT(ALL_GENERATORS); a++) {
            meiro_grid grid = OTHER_GRIDS[g];
            if (!applies(ALL_GENERATORS[a], grid)) continue;
            for (unsigned seed = 1; seed <= 3; seed++) {
                meiro_maze *m =
                    generate(grid, ALL_GENERATORS[a], 12, 9, seed, 50, MEIRO_ENDS_FARTHEST, NULL);
                bool p = true;
                meiro_stats st = {0};
                if (m) meiro_maze_is_perfect(m, &p, NULL), meiro_stats_compute(m, &st, NULL);
                verdict_note(&imperfect,
                             m && !p && st.reachable == st.cells &&
                                 meiro_maze_check(m, NULL) == MEIRO_OK,
                             "%s %s seed %u", meiro_grid_name(grid), ALL_GENERATORS[a], seed);
                char msg[300] = "";
                verdict_note(&solved, m && solve_all(m, false, msg, sizeof msg),
                             "%s %s seed %u: %s", meiro_grid_name(grid), ALL_GENERATORS[a], seed,
                             msg);
                meiro_maze_free(m);
            }
        }
    CHECK_ALL(imperfect);
    CHECK_ALL(solved);
}

/* The cell of a hex or triangle grid nearest the middle of the picture. */
static meiro_cell middle_cell(const meiro_maze *m)
{
    double W, H, best = 1e18;
    grid_extent(m, &W, &H);
    meiro_cell c = {0, 0};
    for (size_t id = 0; id < grid_total(m); id++) {
        double x, y;
        grid_centre(m, id, &x, &y);
        double d = hypot(x - W / 2, y - H / 2);
        if (d < best - 1e-9) best = d, c = grid_cell(m, id);
    }
    return c;
}

/* --ends on the other grids: center puts G in the centre (polar: the disc)
 * and S on the border farthest along the way, center-out the other way
 * round; farthest gives the ends of a longest path; border keeps S and G
 * on the border (polar: the outer ring); cells puts them where asked. */
static void test_ends(void)
{
    verdict center = {0}, farthest = {0}, border = {0}, cells = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++)
        for (unsigned seed = 1; seed <= 4; seed++) {
            meiro_grid grid = OTHER_GRIDS[g];
            const char *name = meiro_grid_name(grid);
            uint32_t w = 9 + seed, h = 7 + seed;
            meiro_maze *c = generate(grid, "dig", w, h, seed, 0, MEIRO_ENDS_CENTER, NULL);
            meiro_maze *o = generate(grid, "dig", w, h, seed, 0, MEIRO_ENDS_CENTER_OUT, NULL);
            if (verdict_note(&center, c && o, "%s seed %u not made", name, seed)) {
                meiro_cell s = meiro_maze_start(c), gl = meiro_maze_goal(c);
                meiro_cell mid = grid == MEIRO_GRID_POLAR ? (meiro_cell){0, 0} : middle_cell(c);
                bool rim = false;
                for (unsigned k = 0; k < meiro_maze_sides(c, s); k++)
                    rim |= !meiro_maze_neighbour(c, s, k, NULL);
                /* S is the border cell farthest from G */
                uint32_t *dist = calloc((size_t)meiro_maze_width(c) * meiro_maze_height(c), 4);
                bool farthest_rim = dist && meiro_distances(c, gl, dist, NULL) == MEIRO_OK;
                for (size_t id = 0; farthest_rim && id < grid_total(c); id++) {
                    meiro_cell x = grid_cell(c, id);
                    bool on_rim = false;
                    for (unsigned k = 0; k < meiro_maze_sides(c, x); k++)
                        on_rim |= !meiro_maze_neighbour(c, x, k, NULL);
                    if (on_rim && dist[(size_t)x.y * meiro_maze_width(c) + x.x] >
                                      dist[(size_t)s.y * meiro_maze_width(c) + s.x])
                        farthest_rim = false;
                }
                free(dist);
                meiro_cell os = meiro_maze_start(o), og = meiro_maze_goal(o);
                verdict_note(&center,
                             gl.x == mid.x && gl.y == mid.y && rim && farthest_rim &&
                                 (grid != MEIRO_GRID_POLAR || s.y + 1 == meiro_maze_height(c)) &&
                                 os.x == gl.x && os.y == gl.y && og.x == s.x && og.y == s.y &&
                                 meiro_maze_check(c, NULL) == MEIRO_OK,
                             "%s seed %u: S (%u, %u) G (%u, %u), middle (%u, %u)", name, seed, s.x,
                             s.y, gl.x, gl.y, mid.x, mid.y);
            }
            meiro_maze_free(c);
            meiro_maze_free(o);
            /* farthest: the way from S to G is the longest in the maze */
            meiro_maze *f = generate(grid, "cluster", w, h, seed, 0, MEIRO_ENDS_FARTHEST, NULL);
            meiro_stats st = {0};
            if (f) meiro_stats_compute(f, &st, NULL);
            verdict_note(&farthest, f && st.solution >= st.longest * 3 / 4 && st.solution > 1,
                         "%s seed %u: solution %llu, longest %llu", name, seed,
                         (unsigned long long)st.solution, (unsigned long long)st.longest);
            meiro_maze_free(f);
            meiro_maze *b = generate(grid, "prim", w, h, seed, 0, MEIRO_ENDS_BORDER, NULL);
            bool on = b != NULL;
            for (int k = 0; on && k < 2; k++) {
                meiro_cell x = k ? meiro_maze_goal(b) : meiro_maze_start(b);
                bool rim = false;
                for (unsigned q = 0; q < meiro_maze_sides(b, x); q++)
                    rim |= !meiro_maze_neighbour(b, x, q, NULL);
                on = rim && (grid != MEIRO_GRID_POLAR || x.y + 1 == meiro_maze_height(b));
            }
            verdict_note(&border, on && meiro_maze_check(b, NULL) == MEIRO_OK, "%s seed %u", name,
                         seed);
            meiro_maze_free(b);
            meiro_generate_options opt;
            meiro_generate_options_init(&opt);
            opt.grid = grid;
            opt.ends = MEIRO_ENDS_CELLS;
            opt.start = (meiro_cell){1, 1};
            opt.goal = (meiro_cell){2, 1};
            meiro_maze *e = meiro_generate(&opt, NULL);
            verdict_note(&cells, e && meiro_maze_start(e).x == 1 && meiro_maze_goal(e).x == 2,
                         "%s: --start/--goal", name);
            meiro_maze_free(e);
            meiro_error err = {0};
            opt.goal = (meiro_cell){0, 9999};
            verdict_note(&cells, !meiro_generate(&opt, &err) && strstr(err.message, "outside"),
                         "%s: a goal outside: %s", name, err.message);
        }
    CHECK_ALL(center);
    CHECK_ALL(farthest);
    CHECK_ALL(border);
    CHECK_ALL(cells);
}

/* --ends center on rectangles too: G in the middle cell, S on the border
 * farthest from it; on a shape, the border is the shape's edge. */
static void test_center_rect(void)
{
    meiro_maze *m = generate(MEIRO_GRID_RECT, "dig", 9, 7, 3, 0, MEIRO_ENDS_CENTER, NULL);
    CHECK(m != NULL);
    if (!m) return;
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    CHECK_MSG(g.x == 4 && g.y == 3, "G (%u, %u)", g.x, g.y);
    CHECK(s.x == 0 || s.y == 0 || s.x == 8 || s.y == 6);
    CHECK(meiro_maze_start_door(m) == MEIRO_NO_DIR && meiro_maze_check(m, NULL) == MEIRO_OK);
    uint32_t dist[63];
    CHECK(meiro_distances(m, g, dist, NULL) == MEIRO_OK);
    bool farthest = true;
    for (uint32_t y = 0; y < 7; y++)
        for (uint32_t x = 0; x < 9; x++)
            if ((x == 0 || y == 0 || x == 8 || y == 6) && dist[y * 9 + x] > dist[s.y * 9 + s.x])
                farthest = false;
    CHECK(farthest);
    meiro_maze_free(m);
    /* a ring-shaped mask: G nearest the middle inside it */
    uint8_t mask[81];
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++) mask[y * 9 + x] = !(x >= 3 && x <= 5 && y >= 3 && y <= 5);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = o.height = 9;
    o.mask = mask;
    o.ends = MEIRO_ENDS_CENTER_OUT;
    o.algorithm = "prim";
    m = meiro_generate(&o, NULL);
    CHECK(m != NULL);
    if (!m) return;
    s = meiro_maze_start(m), g = meiro_maze_goal(m);
    CHECK_MSG(meiro_maze_is_active(m, s) && meiro_maze_is_active(m, g) && abs((int)s.x - 4) <= 1 &&
                  abs((int)s.y - 4) <= 2 && !(s.x == 4 && s.y == 4),
              "S (%u, %u) G (%u, %u)", s.x, s.y, g.x, g.y);
    meiro_maze_free(m);
}

/* What does not apply is refused, naming what does. */
static void test_refusals(void)
{
    meiro_error err = {0};
    meiro_maze *m = generate(MEIRO_GRID_HEX, "eller", 5, 5, 1, 0, MEIRO_ENDS_CORNERS, &err);
    CHECK(m == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "'eller' does not work on hex grids; these do: ") &&
                  strstr(err.message, "dig") && strstr(err.message, "hunt-and-kill") &&
                  !strstr(err.message, "sidewinder"),
              "%s", err.message);
    m = generate(MEIRO_GRID_TRIANGLE, "sidewinder", 5, 5, 1, 0, MEIRO_ENDS_CORNERS, &err);
    CHECK(m == NULL && strstr(err.message, "triangle"));
    m = generate(MEIRO_GRID_POLAR, "division", 5, 5, 1, 0, MEIRO_ENDS_CORNERS, &err);
    CHECK(m == NULL && strstr(err.message, "sidewinder") && strstr(err.message, "binary-tree"));
    static const char *const rect_only[] = {"bar", "wall", "eller", "division"};
    verdict listed = {0};
    for (size_t i = 0; i < meiro_generator_count(); i++) {
        const char *name = meiro_generator_info(i)->name;
        bool only = false;
        for (size_t k = 0; k < TEST_COUNT(rect_only); k++) only |= strcmp(name, rect_only[k]) == 0;
        bool polar_only = strcmp(name, "binary-tree") == 0 || strcmp(name, "sidewinder") == 0;
        verdict_note(&listed,
                     meiro_generator_supports(i, MEIRO_GRID_RECT) &&
                         meiro_generator_supports(i, MEIRO_GRID_POLAR) == !only &&
                         meiro_generator_supports(i, MEIRO_GRID_HEX) == !(only || polar_only) &&
                         meiro_generator_supports(i, MEIRO_GRID_TRIANGLE) == !(only || polar_only),
                     "%s", name);
    }
    CHECK_ALL(listed);
    uint8_t mask[25] = {1};
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.grid = MEIRO_GRID_POLAR;
    opt.mask = mask;
    CHECK(meiro_generate(&opt, &err) == NULL && strstr(err.message, "shape"));
    opt.mask = NULL;
    opt.grid = (meiro_grid)7;
    CHECK(meiro_generate(&opt, &err) == NULL);
    opt.grid = MEIRO_GRID_POLAR;
    opt.height = 1;
    CHECK(meiro_generate(&opt, &err) == NULL && strstr(err.message, "rings"));
    meiro_ends ends;
    CHECK(meiro_ends_from_name("center", &ends, NULL) == MEIRO_OK && ends == MEIRO_ENDS_CENTER);
    CHECK(meiro_ends_from_name("centre-out", &ends, NULL) == MEIRO_OK &&
          ends == MEIRO_ENDS_CENTER_OUT);
}

/* The observer hears every passage opened, with its cell and side, and S
 * and G. */
typedef struct heard {
    const meiro_maze *m; /* set after generation */
    uint64_t carves, bad;
    meiro_cell cells[4096];
    unsigned sides[4096];
} heard;

static void hear(void *ctx, const meiro_event *ev)
{
    heard *h = ctx;
    if (ev->kind == MEIRO_EVENT_CARVE && h->carves < 4096) {
        h->cells[h->carves] = (meiro_cell){ev->x, ev->y};
        h->sides[h->carves] = ev->dir;
        h->carves++;
    }
}

static void test_observer(void)
{
    verdict told = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++)
        for (size_t a = 0; a < TEST_COUNT(ALL_GENERATORS); a++) {
            if (!applies(ALL_GENERATORS[a], OTHER_GRIDS[g])) continue;
            static heard h;
            memset(&h, 0, sizeof h);
            meiro_observer obs = {hear, &h};
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.grid = OTHER_GRIDS[g];
            o.algorithm = ALL_GENERATORS[a];
            o.width = 8, o.height = 6, o.seed = 5, o.observer = &obs;
            meiro_maze *m = meiro_generate(&o, NULL);
            bool ok = m && h.carves + 1 == meiro_maze_cell_count(m);
            for (uint64_t k = 0; ok && k < h.carves; k++)
                ok = h.sides[k] < meiro_maze_sides(m, h.cells[k]) &&
                     meiro_maze_side_open(m, h.cells[k], h.sides[k]);
            verdict_note(&told, ok, "%s %s: %llu carves", meiro_grid_name(OTHER_GRIDS[g]),
                         ALL_GENERATORS[a], (unsigned long long)h.carves);
            meiro_maze_free(m);
        }
    CHECK_ALL(told);
}

/* Polar generators of a known form: binary-tree and sidewinder lead every
 * cell inward. Sidewinder: a cell opens clockwise or inward, never
 * outward-only chains; binary-tree: each cell but the centre has its
 * inward or clockwise side open. */
static void test_polar_forms(void)
{
    verdict form = {0};
    for (unsigned seed = 1; seed <= 5; seed++) {
        meiro_maze *b =
            generate(MEIRO_GRID_POLAR, "binary-tree", 1, 12, seed, 0, MEIRO_ENDS_CORNERS, NULL);
        meiro_maze *s =
            generate(MEIRO_GRID_POLAR, "sidewinder", 1, 12, seed, 0, MEIRO_ENDS_CORNERS, NULL);
        bool ok = b && s;
        for (size_t id = 1; ok && id < grid_total(b); id++) {
            unsigned last = grid_sides(b, id) - 1;
            meiro_cell c = grid_cell(b, id);
            bool end = c.x + 1 == grid_row_width(b, c.y);
            ok = grid_open(b, id, 0) || (!end && grid_open(b, id, last));
            /* sidewinder: the last cell of each ring closes its run inward
             * or joins the run of the cell before it; never the wrap */
            ok = ok && !(end && grid_open(s, id, last)) && !(end && grid_open(b, id, last));
        }
        verdict_note(&form, ok, "seed %u", seed);
        meiro_maze_free(b);
        meiro_maze_free(s);
    }
    CHECK_ALL(form);
}

/* meiro_distances on a polar grid: (x, y) at y * width + x, past a ring's
 * end UINT32_MAX; from S the distance of G is the solution's steps. */
static void test_distances(void)
{
    verdict dist_ok = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++) {
        meiro_maze *m = generate(OTHER_GRIDS[g], "dig", 11, 9, 3, 0, MEIRO_ENDS_FARTHEST, NULL);
        if (!verdict_note(&dist_ok, m != NULL, "not made")) continue;
        uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
        uint32_t *d = calloc((size_t)w * h, sizeof *d);
        meiro_path p = {0};
        bool ok = d && meiro_distances(m, meiro_maze_start(m), d, NULL) == MEIRO_OK &&
                  meiro_solve(m, "bfs", &p, NULL) == MEIRO_OK;
        meiro_cell gl = meiro_maze_goal(m);
        ok = ok && d[(size_t)gl.y * w + gl.x] + 1 == p.length;
        for (uint32_t y = 0; ok && y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                if ((x < meiro_maze_row_width(m, y)) != (d[(size_t)y * w + x] != UINT32_MAX))
                    ok = false;
        meiro_error err = {0};
        ok = ok && meiro_distances(m, (meiro_cell){w, 0}, d, &err) == MEIRO_ERROR_ARGUMENT;
        verdict_note(&dist_ok, ok, "%s", meiro_grid_name(OTHER_GRIDS[g]));
        meiro_path_free(&p);
        free(d);
        meiro_maze_free(m);
    }
    CHECK_ALL(dist_ok);
}

static const test_case cases[] = {
    {"numbering", test_numbering},
    {"links", test_links},
    {"passages", test_passages},
    {"geometry", test_geometry},
    {"rings", test_rings},
    {"known", test_known},
    {"sizes", test_sizes},
    {"model", test_model},
    {"generators", test_generators},
    {"large", test_large},
    {"loops", test_loops},
    {"ends", test_ends},
    {"refusals", test_refusals},
    {"observer", test_observer},
    {"polar-forms", test_polar_forms},
    {"distances", test_distances},
    {"center-rect", test_center_rect},
};

int main(int argc, char **argv) { return test_main("grids", argc, argv, cases, TEST_COUNT(cases)); }
