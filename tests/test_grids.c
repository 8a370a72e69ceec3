/* Polar, hex and triangle grids: the topology and geometry of core/grid.c,
 * and the model's functions on them. */
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
static const uint32_t SIZES[][2] = {{1, 2}, {2, 1}, {2, 2}, {3, 2}, {2, 3}, {5, 4},
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

/* Every cell: the neighbour across side k has a back side pointing back,
 * the cell round-trips through (x, y), and grid_links agrees. */
static void test_symmetry(void)
{
    verdict symmetric = {0}, roundtrip = {0}, links = {0}, counts = {0};
    for (size_t g = 0; g < TEST_COUNT(OTHER_GRIDS); g++)
        for (size_t s = 0; s < TEST_COUNT(SIZES); s++) {
            meiro_grid grid = OTHER_GRIDS[g];
            meiro_maze *m = new_grid(grid, SIZES[s][0], SIZES[s][1]);
            if (!verdict_note(&counts, m != NULL, "%s %ux%u not made", meiro_grid_name(grid),
                              SIZES[s][0], SIZES[s][1]))
                continue;
            size_t total = grid_total(m), sum = 0;
            for (uint32_t y = 0; y < m->h; y++) sum += grid_row_width(m, y);
            if (grid == MEIRO_GRID_POLAR)
                verdict_note(&counts, sum == total && grid_row_width(m, 0) == 1 &&
                                          grid_row_width(m, 1) == 6 && m->h == (SIZES[s][1] < 2 ? 2 : SIZES[s][1]) &&
                                          m->w == grid_row_width(m, m->h - 1),
                             "polar %u rings: %zu cells, rows sum to %zu", m->h, total, sum);
            else
                verdict_note(&counts, sum == total && total == (size_t)SIZES[s][0] * SIZES[s][1],
                             "%s %ux%u: %zu cells", meiro_grid_name(grid), m->w, m->h, total);
            verdict_note(&counts, meiro_maze_cell_count(m) == total, "cell count");
            size_t next[GRID_MAX_SIDES];
            bool sym = true, rt = true, lk = true;
            for (size_t id = 0; id < total; id++) {
                meiro_cell c = grid_cell(m, id);
                if (grid_id(m, c) != id || c.x >= grid_row_width(m, c.y)) rt = false;
                unsigned n = grid_sides(m, id);
                if (grid_links(m, id, next) != n || n < 3 || n > GRID_MAX_SIDES) lk = false;
                for (unsigned k = 0; k < n; k++) {
                    size_t j = grid_neighbour(m, id, k);
                    if (j != next[k]) lk = false;
                    if (j == GRID_NONE) continue;
                    unsigned b = grid_back_side(m, id, k);
                    if (j >= total || b >= grid_sides(m, j) || grid_neighbour(m, j, b) != id ||
                        grid_back_side(m, j, b) != k)
                        sym = false;
                }
                if (grid_neighbour(m, id, n) != GRID_NONE) sym = false;
            }
            verdict_note(&symmetric, sym, "%s %ux%u", meiro_grid_name(grid), m->w, m->h);
            verdict_note(&roundtrip, rt, "%s %ux%u", meiro_grid_name(grid), m->w, m->h);
            verdict_note(&links, lk, "%s %ux%u", meiro_grid_name(grid), m->w, m->h);
            meiro_maze_free(m);
        }
    CHECK_ALL(counts);
    CHECK_ALL(symmetric);
    CHECK_ALL(roundtrip);
    CHECK_ALL(links);
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
                         "%s %ux%u: sides span %g..%g x %g..%g, extent %g x %g", name, m->w,
                         m->h, minx, maxx, miny, maxy, W, H);
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
        verdict_note(&api, meiro_maze_carve(m, 0, 0, MEIRO_EAST) == MEIRO_ERROR_ARGUMENT &&
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
        m->cells[grid_id(m, n)] &= (uint8_t)~(1u << back);
        verdict_note(&api, meiro_maze_check(m, &err) == MEIRO_ERROR_INTERNAL &&
                               strstr(err.message, "neighbour") != NULL,
                     "%s: one-sided passage: %s", name, err.message);
        m->cells[grid_id(m, n)] |= (uint8_t)(1u << back);
        /* the border cannot be opened */
        meiro_cell corner = {0, 0};
        unsigned k = 0, cs = meiro_maze_sides(m, corner);
        while (k < cs && meiro_maze_neighbour(m, corner, k, NULL)) k++;
        if (grid != MEIRO_GRID_POLAR)
            verdict_note(&api, k < cs && meiro_maze_set_side(m, corner, k, true) ==
                                             MEIRO_ERROR_ARGUMENT,
                         "%s: the border opened", name);
        /* start and goal: any cell, no doors */
        verdict_note(&api, meiro_maze_set_start(m, c, MEIRO_NO_DIR) == MEIRO_OK &&
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
            size_t total = grid_total(t), *queue = calloc(total, sizeof *queue), head = 0,
                   tail = 0;
            uint8_t *seen = calloc(total, 1);
            if (queue && seen) {
                queue[tail++] = 0, seen[0] = 1;
                while (head < tail) {
                    size_t id = queue[head++], next[GRID_MAX_SIDES];
                    unsigned ns = grid_links(t, id, next);
                    for (unsigned q = 0; q < ns; q++)
                        if (next[q] != GRID_NONE && !seen[next[q]]) {
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

static const test_case cases[] = {
    {"symmetry", test_symmetry}, {"geometry", test_geometry}, {"rings", test_rings},
    {"known", test_known},       {"sizes", test_sizes},       {"model", test_model},
};

int main(int argc, char **argv)
{
    return test_main("grids", argc, argv, cases, TEST_COUNT(cases));
}
