/* Weave mazes (--weave): the crossings in the model, the weave generators'
 * mazes (valid, perfect, reproducible), the solvers' paths through them,
 * and the refusals. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "core/weave.h"

#include <cairo.h>
#include <math.h>

static const char *const WEAVERS[] = {"dig", "cluster", "growing-tree"};
static const uint32_t SIZES[][2] = {{3, 3}, {5, 4}, {12, 9}, {31, 17}, {40, 40}};

static meiro_maze *weave_maze(const char *algo, uint32_t w, uint32_t h, uint64_t seed,
                              unsigned percent)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.algorithm = algo;
    opt.width = w;
    opt.height = h;
    opt.seed = seed;
    opt.weave = percent;
    meiro_error err = {0};
    meiro_maze *m = meiro_generate(&opt, &err);
    if (!m) fprintf(stderr, "%s %ux%u seed %llu: %s\n", algo, w, h, (unsigned long long)seed,
                    err.message);
    return m;
}

/* A step of a path: to a neighbour through an open side, or straight on
 * two cells under a crossing whose tunnel runs that way. */
static bool step_ok(const meiro_maze *m, meiro_cell a, meiro_cell b)
{
    int dx = (int)b.x - (int)a.x, dy = (int)b.y - (int)a.y;
    for (unsigned d = 0; d < DIR_COUNT; d++) {
        if (dx == DIR_DX[d] && dy == DIR_DY[d])
            return grid_open(m, grid_id(m, a), d) &&
                   !(m->cells[grid_id(m, b)] & cell_under_bit(d)); /* not into a tunnel */
        if (dx == 2 * DIR_DX[d] && dy == 2 * DIR_DY[d]) {
            size_t mid = grid_id(m, a) + (size_t)((ptrdiff_t)DIR_DY[d] * (ptrdiff_t)m->w + DIR_DX[d]);
            return grid_open(m, grid_id(m, a), d) && (m->cells[mid] & cell_under_bit(d));
        }
    }
    return false;
}

/* Every weaver at every size and a few seeds: a valid maze, perfect (one
 * way between any two cells, counting the tunnels), with crossings where
 * the grid has room for them, and the same maze again from the same seed. */
static void test_perfect(void)
{
    verdict valid = {0}, perfect = {0}, crossed = {0}, same = {0};
    for (size_t g = 0; g < 3; g++)
        for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++)
            for (uint64_t seed = 1; seed <= 6; seed++) {
                uint32_t w = SIZES[s][0], h = SIZES[s][1];
                meiro_maze *m = weave_maze(WEAVERS[g], w, h, seed, 80);
                meiro_maze *again = weave_maze(WEAVERS[g], w, h, seed, 80);
                if (!m || !again) {
                    verdict_note(&valid, false, "%s %ux%u: not made", WEAVERS[g], w, h);
                    meiro_maze_free(m);
                    meiro_maze_free(again);
                    continue;
                }
                meiro_error err = {0};
                bool ok = meiro_maze_check(m, &err) == MEIRO_OK, p = false;
                verdict_note(&valid, ok, "%s %ux%u seed %llu: %s", WEAVERS[g], w, h,
                             (unsigned long long)seed, err.message);
                meiro_maze_is_perfect(m, &p, &err);
                verdict_note(&perfect, p, "%s %ux%u seed %llu", WEAVERS[g], w, h,
                             (unsigned long long)seed);
                if (w >= 31)
                    verdict_note(&crossed, weave_count(m) > 0, "%s %ux%u seed %llu: none",
                                 WEAVERS[g], w, h, (unsigned long long)seed);
                verdict_note(&same, meiro_maze_equal(m, again), "%s %ux%u seed %llu", WEAVERS[g],
                             w, h, (unsigned long long)seed);
                meiro_maze_free(m);
                meiro_maze_free(again);
            }
    CHECK_ALL(valid);
    CHECK_ALL(perfect);
    CHECK_ALL(crossed);
    CHECK_ALL(same);
}

/* Each crossing's tunnel is an edge of the graph: the cells either side are
 * neighbours through it, and the crossing cell itself has its over sides
 * alone. */
static void test_graph(void)
{
    meiro_maze *m = weave_maze("dig", 30, 20, 7, 100);
    if (!m) {
        CHECK(m != NULL);
        return;
    }
    verdict v = {0};
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (size_t i = 0; i < grid_total(m); i++) {
        uint8_t u = m->cells[i] & CELL_UNDER;
        if (!u) continue;
        unsigned over = u == CELL_UNDER_EW ? dir_bit(MEIRO_NORTH) | dir_bit(MEIRO_SOUTH)
                                           : dir_bit(MEIRO_EAST) | dir_bit(MEIRO_WEST);
        verdict_note(&v, grid_open_sides(m, i) == over, "cell %zu: open sides %x", i,
                     grid_open_sides(m, i));
        unsigned d = u == CELL_UNDER_EW ? MEIRO_EAST : MEIRO_SOUTH;
        size_t step = d == MEIRO_EAST ? 1 : m->w, west = i - step;
        unsigned exits = grid_exits(m, grid_at_exits(m, west), next, back);
        verdict_note(&v, (exits >> d & 1u) && next[d] == i + step, "cell %zu: tunnel lost", i);
        unsigned b;
        verdict_note(&v, grid_through(m, i + step, d ^ 2u, &b) == west, "cell %zu: no way back", i);
    }
    CHECK_ALL(v);
    meiro_maze_free(m);
}

/* Every solver finds a path whose every step is legal: through open sides,
 * straight on under a crossing, never turning inside a tunnel. */
static void test_solvers(void)
{
    verdict v = {0};
    for (size_t g = 0; g < 3; g++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            meiro_maze *m = weave_maze(WEAVERS[g], 25, 18, seed, 70);
            if (!m) continue;
            for (size_t k = 0; k < meiro_solver_count(); k++) {
                const char *name = meiro_solver_info(k)->name;
                meiro_path path = {0};
                meiro_error err = {0};
                bool ok = meiro_solve(m, name, &path, &err) == MEIRO_OK && path.length >= 2;
                for (size_t i = 1; ok && i < path.length; i++)
                    ok = step_ok(m, path.cells[i - 1], path.cells[i]);
                verdict_note(&v, ok, "%s seed %llu, solver %s: %s", WEAVERS[g],
                             (unsigned long long)seed, name, err.message);
                meiro_path_free(&path);
            }
            meiro_maze_free(m);
        }
    CHECK_ALL(v);
}

/* With loops, a shape and every placement of S and G the crossings stay
 * well formed, and every solver's path is legal. */
static void test_options(void)
{
    verdict v = {0};
    static const meiro_ends ENDS[] = {MEIRO_ENDS_CORNERS, MEIRO_ENDS_FARTHEST, MEIRO_ENDS_BORDER,
                                      MEIRO_ENDS_CENTER};
    uint8_t mask[30 * 20];
    for (uint32_t y = 0; y < 20; y++) /* a diamond */
        for (uint32_t x = 0; x < 30; x++)
            mask[y * 30 + x] = (x > 15 ? x - 15 : 15 - x) * 2 / 3 + (y > 10 ? y - 10 : 10 - y) < 12;
    for (size_t g = 0; g < 3; g++)
        for (size_t e = 0; e < 4; e++)
            for (unsigned variant = 0; variant < 2; variant++) {
                meiro_generate_options opt;
                meiro_generate_options_init(&opt);
                opt.algorithm = WEAVERS[g];
                opt.width = 30, opt.height = 20, opt.seed = 5 + e, opt.weave = 70;
                opt.ends = ENDS[e];
                if (variant) opt.loops = 40;
                else opt.mask = mask;
                meiro_error err = {0};
                meiro_maze *m = meiro_generate(&opt, &err);
                bool ok = m && meiro_maze_check(m, &err) == MEIRO_OK;
                for (size_t k = 0; ok && k < meiro_solver_count(); k++) {
                    meiro_path path = {0};
                    const char *name = meiro_solver_info(k)->name;
                    if (!meiro_solver_is_complete(name) && variant) continue; /* loops */
                    ok = meiro_solve(m, name, &path, &err) == MEIRO_OK;
                    for (size_t i = 1; ok && i < path.length; i++)
                        ok = step_ok(m, path.cells[i - 1], path.cells[i]);
                    meiro_path_free(&path);
                }
                verdict_note(&v, ok, "%s, ends %u, %s: %s", WEAVERS[g], (unsigned)ENDS[e],
                             variant ? "loops" : "shape", err.message);
                meiro_maze_free(m);
            }
    CHECK_ALL(v);
}

/* S and G never stand on a crossing, wherever they go: every placement
 * (the cells the user names among them: those cells do not become
 * crossings), every weaver, many seeds, dense weaves; and text, which
 * refuses S or G on a crossing, writes every such maze. */
static void test_ends(void)
{
    verdict v = {0};
    static const meiro_ends ENDS[] = {MEIRO_ENDS_CORNERS, MEIRO_ENDS_FARTHEST, MEIRO_ENDS_BORDER,
                                      MEIRO_ENDS_CENTER, MEIRO_ENDS_CENTER_OUT, MEIRO_ENDS_CELLS};
    for (size_t g = 0; g < 3; g++)
        for (size_t e = 0; e < sizeof ENDS / sizeof ENDS[0]; e++)
            for (uint64_t seed = 1; seed <= 25; seed++) {
                meiro_generate_options opt;
                meiro_generate_options_init(&opt);
                opt.algorithm = WEAVERS[g];
                opt.width = 5 + (uint32_t)seed % 9, opt.height = 5 + (uint32_t)seed % 7;
                opt.seed = seed, opt.weave = 100, opt.ends = ENDS[e];
                opt.loops = seed % 3 ? 0 : 30;
                /* the middle and a cell next to it: where crossings grow */
                opt.start = (meiro_cell){opt.width / 2, opt.height / 2};
                opt.goal = (meiro_cell){opt.width / 2 + 1, opt.height / 2};
                meiro_error err = {0};
                meiro_maze *m = meiro_generate(&opt, &err);
                FILE *null = fopen("/dev/null", "w");
                bool ok = m && null && meiro_maze_crossing(m, m->start) == MEIRO_NO_DIR &&
                          meiro_maze_crossing(m, m->goal) == MEIRO_NO_DIR &&
                          meiro_write(m, NULL, MEIRO_FORMAT_TEXT, NULL, null, &err) == MEIRO_OK;
                verdict_note(&v, ok, "%s, ends %u, seed %llu: S or G on a crossing %s",
                             WEAVERS[g], (unsigned)ENDS[e], (unsigned long long)seed,
                             err.message);
                if (null) fclose(null);
                meiro_maze_free(m);
            }
    CHECK_ALL(v);
}

/* What cannot weave says so, naming what can. */
static void test_refusals(void)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.weave = 50;
    opt.algorithm = "prim";
    meiro_error err = {0};
    CHECK(meiro_generate(&opt, &err) == NULL);
    CHECK(strstr(err.message, "'prim' cannot weave") && strstr(err.message, "dig"));
    opt.algorithm = "dig";
    opt.grid = MEIRO_GRID_HEX;
    CHECK(meiro_generate(&opt, &err) == NULL);
    CHECK(strstr(err.message, "rect grid") != NULL);
    opt.grid = MEIRO_GRID_RECT;
    opt.weave = 101;
    CHECK(meiro_generate(&opt, &err) == NULL);
    /* a crossing's walls cannot be closed one by one */
    meiro_maze *m = weave_maze("dig", 20, 20, 3, 100);
    CHECK(m != NULL);
    if (!m) return;
    for (size_t i = 0; i < grid_total(m); i++)
        if (m->cells[i] & CELL_UNDER) {
            CHECK(meiro_maze_build(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w), MEIRO_EAST) ==
                  MEIRO_ERROR_ARGUMENT);
            break;
        }
    meiro_maze_free(m);
}

/* The printed crossings, rasterised at several cell sizes: at every crossing
 * the over-passage's two rails are drawn, and each wall of the
 * under-passage stops short of them with a gap of paper, while the same
 * wall is drawn further from the crossing. */
static void test_gaps(void)
{
    verdict rails = {0}, gaps = {0};
    static const double CELLS[][2] = {{7, 1}, {10, 1}, {16, 2}, {30, 3}}; /* px, line px */
    for (size_t k = 0; k < sizeof CELLS / sizeof CELLS[0]; k++) {
        meiro_maze *m = weave_maze(k % 2 ? "cluster" : "dig", 24, 16, 11 + k, 90);
        if (!m) continue;
        double cell = CELLS[k][0], line = CELLS[k][1];
        page_layout L = {0};
        L.cell = cell, L.line = line, L.maze_x = 8, L.maze_y = 8, L.path_width = line;
        int w = (int)(16 + cell * m->w), h = (int)(16 + cell * m->h);
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
        cairo_t *cr = cairo_create(s);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        draw_maze_onto(cr, m, NULL, &L, NULL, 1, LAYER_WALLS);
        cairo_surface_flush(s);
        const unsigned char *data = cairo_image_surface_get_data(s);
        int stride = cairo_image_surface_get_stride(s);
#define INK(px, py) ((data[(int)(py) * stride + 4 * (int)(px)] & 0xff) < 128)
        for (uint32_t y = 1; y + 1 < m->h; y++)
            for (uint32_t x = 1; x + 1 < m->w; x++) {
                uint8_t u = m->cells[cell_index(m, x, y)] & CELL_UNDER;
                if (!u) continue;
                bool ew = u == CELL_UNDER_EW;
                double x0 = L.maze_x + x * cell, y0 = L.maze_y + y * cell;
                for (int side = 0; side < 2; side++) {
                    /* the rail: across the middle of the crossing's side */
                    double rx = ew ? x0 + side * cell : x0 + cell / 2,
                           ry = ew ? y0 + cell / 2 : y0 + side * cell;
                    verdict_note(&rails, INK(rx, ry), "cell %.0f px, crossing (%u, %u): no rail",
                                 cell, x, y);
                    for (int end = 0; end < 2; end++) {
                        /* the wall beside the crossing, on the under-passage: */
                        uint32_t nx = ew ? (end ? x + 1 : x - 1) : x + (uint32_t)side,
                                 ny = ew ? y + (uint32_t)side : (end ? y + 1 : y - 1);
                        bool wall = ew ? maze_wall_above(m, nx, ny) : maze_wall_left(m, nx, ny);
                        if (!wall) continue;
                        /* a gap next to the rail, ink half a cell away */
                        double edge = (ew ? x0 : y0) + (end ? cell : 0),
                               step = end ? 1 : -1,
                               gap_w = fmin(fmax(cell * 0.2, 2 * line), cell * 0.35),
                               near = edge + step * (line / 2 + gap_w / 2),
                               far = edge + step * cell / 2;
                        double line_at = ew ? y0 + side * cell : x0 + side * cell;
                        bool gap = ew ? !INK(near, line_at) && INK(far, line_at)
                                      : !INK(line_at, near) && INK(line_at, far);
                        verdict_note(&gaps, gap, "cell %.0f px, crossing (%u, %u): no gap", cell,
                                     x, y);
                    }
                }
            }
#undef INK
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        meiro_maze_free(m);
    }
    CHECK_ALL(rails);
    CHECK_ALL(gaps);
}

/* JSON ("under"), text and CSV ('-' and '|' in the crossing's cell) keep
 * the tunnels and a solution through them: every weaver's maze reads back
 * equal, is solved the same, and writes the same bytes again; the formats
 * that cannot show crossings refuse them (XLSX shows them: tests/weave-sheet.sh). */
static void test_files(void)
{
    static const meiro_format KEEP[] = {MEIRO_FORMAT_JSON, MEIRO_FORMAT_TEXT, MEIRO_FORMAT_CSV};
    verdict same = {0}, refused = {0};
    for (size_t g = 0; g < 3; g++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            for (size_t f = 0; f < 3; f++) {
                meiro_maze *m = weave_maze(WEAVERS[g], 20, 14, seed, 80);
                if (!m) continue;
                meiro_format fmt = KEEP[f];
                meiro_path path = {0};
                meiro_error err = {0};
                char *text = NULL, *again = NULL;
                size_t len = 0, len2 = 0;
                FILE *out = open_memstream(&text, &len);
                bool ok = out && meiro_solve(m, NULL, &path, &err) == MEIRO_OK &&
                          meiro_write(m, &path, fmt, NULL, out, &err) == MEIRO_OK;
                if (out) fclose(out);
                meiro_maze *back = NULL;
                if (ok) {
                    FILE *in = fmemopen(text, len, "r");
                    back = in ? meiro_read(in, fmt, &err) : NULL;
                    if (in) fclose(in);
                }
                meiro_path path2 = {0};
                ok = back && weave_count(back) == weave_count(m) &&
                     (fmt != MEIRO_FORMAT_JSON || meiro_maze_equal(m, back)) &&
                     meiro_solve(back, NULL, &path2, &err) == MEIRO_OK &&
                     path2.length == path.length;
                FILE *out2 = ok ? open_memstream(&again, &len2) : NULL;
                ok = ok && out2 && meiro_write(back, &path2, fmt, NULL, out2, &err) == MEIRO_OK;
                if (out2) fclose(out2);
                ok = ok && len2 == len && memcmp(text, again, len) == 0 &&
                     (fmt != MEIRO_FORMAT_JSON || strstr(text, "\"under\""));
                verdict_note(&same, ok, "%s seed %llu, format %d: %s", WEAVERS[g],
                             (unsigned long long)seed, (int)fmt, err.message);
                static const meiro_format NO[] = {MEIRO_FORMAT_ASCII, MEIRO_FORMAT_UNICODE};
                for (size_t k = 0; f == 0 && k < sizeof NO / sizeof NO[0]; k++) {
                    FILE *null = fopen("/dev/null", "w");
                    meiro_error e = {0};
                    verdict_note(&refused,
                                 null && meiro_write(m, NULL, NO[k], NULL, null, &e) ==
                                             MEIRO_ERROR_ARGUMENT &&
                                     strstr(e.message, "weave"),
                                 "format %d: %s", (int)NO[k], e.message);
                    if (null) fclose(null);
                }
                free(text);
                free(again);
                meiro_path_free(&path);
                meiro_path_free(&path2);
                meiro_maze_free(m);
                meiro_maze_free(back);
            }
    CHECK_ALL(same);
    CHECK_ALL(refused);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {{"perfect", test_perfect},
                                      {"graph", test_graph},
                                      {"solvers", test_solvers},
                                      {"options", test_options},
                                      {"ends", test_ends},
                                      {"refusals", test_refusals},
                                      {"gaps", test_gaps},
                                      {"files", test_files}};
    return test_main("weave", argc, argv, cases, TEST_COUNT(cases));
}
