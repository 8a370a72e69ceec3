/* Multi-level mazes (--levels): every generator's maze cut into floors and
 * joined by stairs (valid, perfect, reproducible), the solvers' paths
 * (stairs only between the same cell of floors one apart), S and G on the
 * first and last floor, JSON read back, the refusals, and the pictures:
 * stairs drawn where the model has them, up and down told apart by shape,
 * and the numbers read back from a PDF. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "core/levels.h"
#include "tools.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

static const uint32_t SIZES[][2] = {{2, 2}, {5, 4}, {12, 9}, {31, 17}};
static const unsigned FLOORS[] = {2, 3, 5};

static char dir[] = "/tmp/meiro-levels-XXXXXX";

/* A w x h maze of `floors` floors by `algo`. */
static meiro_maze *levels_maze(const char *algo, uint32_t w, uint32_t h, unsigned floors,
                               uint64_t seed, meiro_ends ends, meiro_error *err)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.algorithm = algo;
    opt.width = w;
    opt.height = h * floors;
    opt.seed = seed;
    opt.ends = ends;
    meiro_maze *m = meiro_generate(&opt, err);
    if (m && meiro_maze_split_levels(m, floors, seed, err) != MEIRO_OK) {
        meiro_maze_free(m);
        m = NULL;
    }
    return m;
}

/* A step of a path: to a neighbour on the same floor through an open wall,
 * or by a stair to the same cell one floor up or down. */
static bool step_ok(const meiro_maze *m, meiro_cell a, meiro_cell b)
{
    int dx = (int)b.x - (int)a.x, dy = (int)b.y - (int)a.y;
    for (unsigned d = 0; d < DIR_COUNT; d++)
        if (dx == DIR_DX[d] && dy == DIR_DY[d])
            return level_of(m, a.y) == level_of(m, b.y) && grid_open(m, grid_id(m, a), d);
    if (dx != 0 || (uint32_t)abs(dy) != m->floor_h) return false;
    meiro_cell low = dy > 0 ? a : b;
    return meiro_maze_stair(m, low) == 1 && meiro_maze_stair(m, dy > 0 ? b : a) == -1;
}

/* Whether every pair of floors one above the other has a stair. */
static bool floors_joined(const meiro_maze *m)
{
    for (uint32_t k = 0; k + 1 < m->levels; k++) {
        bool any = false;
        for (size_t i = k * m->floor_cells; i < (k + 1) * m->floor_cells && !any; i++)
            any = (m->cells[i] & CELL_STAIR_UP) != 0;
        if (!any) return false;
    }
    return true;
}

/* Every generator at every size, floors and a few seeds: a valid maze,
 * perfect across the floors, every floor joined to the next by stairs, S
 * on the first floor and G on the last, and the same maze again (the same
 * JSON bytes) from the same seed. */
static void test_perfect(void)
{
    verdict valid = {0}, perfect = {0}, joined = {0}, ends = {0}, same = {0};
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *algo = meiro_generator_info(g)->name;
        for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++)
            for (size_t f = 0; f < sizeof FLOORS / sizeof FLOORS[0]; f++)
                for (uint64_t seed = 1; seed <= 3; seed++) {
                    uint32_t w = SIZES[s][0], h = SIZES[s][1];
                    meiro_error err = {0}, e2 = {0};
                    meiro_maze *m =
                        levels_maze(algo, w, h, FLOORS[f], seed, MEIRO_ENDS_CORNERS, &err);
                    meiro_maze *again =
                        levels_maze(algo, w, h, FLOORS[f], seed, MEIRO_ENDS_CORNERS, &e2);
                    bool ok = m && meiro_maze_check(m, &err) == MEIRO_OK;
                    verdict_note(&valid, ok, "%s %ux%u x%u seed %llu: %s", algo, w, h, FLOORS[f],
                                 (unsigned long long)seed, err.message);
                    bool p = false;
                    if (ok) meiro_maze_is_perfect(m, &p, &err);
                    verdict_note(&perfect, p, "%s %ux%u x%u seed %llu", algo, w, h, FLOORS[f],
                                 (unsigned long long)seed);
                    verdict_note(&joined,
                                 ok && floors_joined(m) && meiro_maze_levels(m) == FLOORS[f] &&
                                     meiro_maze_stairs(m) >= FLOORS[f] - 1,
                                 "%s %ux%u x%u seed %llu", algo, w, h, FLOORS[f],
                                 (unsigned long long)seed);
                    verdict_note(
                        &ends,
                        ok && level_of(m, m->start.y) == 0 &&
                            level_of(m, m->goal.y) == FLOORS[f] - 1 &&
                            !meiro_maze_stair(m, m->start) && !meiro_maze_stair(m, m->goal),
                        "%s %ux%u x%u seed %llu", algo, w, h, FLOORS[f], (unsigned long long)seed);
                    char *a = NULL, *b = NULL;
                    size_t la = 0, lb = 0;
                    FILE *fa = open_memstream(&a, &la), *fb = open_memstream(&b, &lb);
                    bool written =
                        ok && again && fa && fb &&
                        meiro_write(m, NULL, MEIRO_FORMAT_JSON, NULL, fa, &err) == MEIRO_OK &&
                        meiro_write(again, NULL, MEIRO_FORMAT_JSON, NULL, fb, &err) == MEIRO_OK;
                    if (fa) fclose(fa);
                    if (fb) fclose(fb);
                    verdict_note(
                        &same,
                        written && meiro_maze_equal(m, again) && la == lb && memcmp(a, b, la) == 0,
                        "%s %ux%u x%u seed %llu", algo, w, h, FLOORS[f], (unsigned long long)seed);
                    free(a);
                    free(b);
                    meiro_maze_free(m);
                    meiro_maze_free(again);
                }
    }
    CHECK_ALL(valid);
    CHECK_ALL(perfect);
    CHECK_ALL(joined);
    CHECK_ALL(ends);
    CHECK_ALL(same);
}

/* Every complete solver's path runs from S to G by valid steps (stairs
 * only between the same cell of floors one apart), and in a perfect maze
 * it is the one way: bfs's; the wall followers are refused. */
static void test_solvers(void)
{
    verdict valid = {0}, one = {0}, refused = {0}, climbs = {0};
    for (uint64_t seed = 1; seed <= 8; seed++) {
        meiro_error err = {0};
        meiro_maze *m = levels_maze(seed % 2 ? "dig" : "cluster", 14, 9, 2 + seed % 3, seed,
                                    MEIRO_ENDS_CORNERS, &err);
        if (!m) {
            verdict_note(&valid, false, "seed %llu: %s", (unsigned long long)seed, err.message);
            continue;
        }
        meiro_path best = {0};
        meiro_solve(m, "bfs", &best, &err);
        size_t changes = 0;
        for (size_t k = 1; k < best.length; k++)
            changes += level_of(m, best.cells[k].y) != level_of(m, best.cells[k - 1].y);
        verdict_note(&climbs, changes >= m->levels - 1, "seed %llu: %zu stairs taken",
                     (unsigned long long)seed, changes);
        for (size_t s = 0; s < meiro_solver_count(); s++) {
            const char *name = meiro_solver_info(s)->name;
            meiro_path p = {0};
            meiro_error e = {0};
            meiro_status st = meiro_solve(m, name, &p, &e);
            if (!meiro_solver_is_complete(name)) {
                verdict_note(&refused, st == MEIRO_ERROR_ARGUMENT && strstr(e.message, "stairs"),
                             "%s: %s", name, e.message);
                continue;
            }
            bool ok = st == MEIRO_OK && p.length > 0 && p.cells[0].x == m->start.x &&
                      p.cells[0].y == m->start.y && p.cells[p.length - 1].x == m->goal.x &&
                      p.cells[p.length - 1].y == m->goal.y;
            for (size_t k = 1; ok && k < p.length; k++) ok = step_ok(m, p.cells[k - 1], p.cells[k]);
            verdict_note(&valid, ok, "%s seed %llu: %s", name, (unsigned long long)seed, e.message);
            verdict_note(&one,
                         p.length == best.length &&
                             memcmp(p.cells, best.cells, p.length * sizeof *p.cells) == 0,
                         "%s seed %llu", name, (unsigned long long)seed);
            meiro_path_free(&p);
        }
        meiro_path_free(&best);
        meiro_maze_free(m);
    }
    CHECK_ALL(valid);
    CHECK_ALL(one);
    CHECK_ALL(refused);
    CHECK_ALL(climbs);
}

/* --ends: corners stay in the first floor's first cell and the last
 * floor's last; the others are moved onto the first and last floors, off
 * the stairs, and still far apart (more than a floor's width). */
static void test_ends(void)
{
    static const meiro_ends ENDS[] = {MEIRO_ENDS_FARTHEST, MEIRO_ENDS_BORDER, MEIRO_ENDS_CENTER,
                                      MEIRO_ENDS_CENTER_OUT};
    verdict placed = {0}, corners = {0};
    for (size_t e = 0; e < sizeof ENDS / sizeof ENDS[0]; e++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            meiro_error err = {0};
            meiro_maze *m = levels_maze("cluster", 10, 7, 3, seed, ENDS[e], &err);
            uint32_t dist = 0;
            if (m) {
                uint32_t *d = malloc(grid_total(m) * sizeof *d);
                if (d && meiro_distances(m, m->start, d, &err) == MEIRO_OK)
                    dist = d[grid_id(m, m->goal)];
                free(d);
            }
            verdict_note(
                &placed,
                m && level_of(m, m->start.y) == 0 && level_of(m, m->goal.y) == 2 &&
                    !meiro_maze_stair(m, m->start) && !meiro_maze_stair(m, m->goal) &&
                    dist != UINT32_MAX && dist > 10 && meiro_maze_check(m, &err) == MEIRO_OK,
                "ends %d seed %llu: %s", (int)ENDS[e], (unsigned long long)seed, err.message);
            meiro_maze_free(m);
        }
    meiro_error err = {0};
    meiro_maze *m = levels_maze("dig", 9, 6, 4, 5, MEIRO_ENDS_CORNERS, &err);
    verdict_note(&corners,
                 m && m->start.x == 0 && m->start.y == 0 && m->goal.x == 8 && m->goal.y == 23,
                 "corners: %s", err.message);
    meiro_maze_free(m);
    CHECK_ALL(placed);
    CHECK_ALL(corners);
}

/* What a multi-level maze is not made of, and what cannot show one. */
static void test_refusals(void)
{
    verdict refused = {0}, kept = {0};
    meiro_generate_options opt;
    meiro_error err = {0};
    struct {
        const char *what;
        meiro_grid grid;
        unsigned weave, loops, levels;
        uint32_t h;
    } cases[] = {
        {"polar", MEIRO_GRID_POLAR, 0, 0, 2, 8},  {"weave", MEIRO_GRID_RECT, 60, 0, 2, 8},
        {"loops", MEIRO_GRID_RECT, 0, 50, 2, 8},  {"odd rows", MEIRO_GRID_RECT, 0, 0, 3, 8},
        {"1 floor", MEIRO_GRID_RECT, 0, 0, 1, 8}, {"9 floors", MEIRO_GRID_RECT, 0, 0, 9, 18}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        meiro_generate_options_init(&opt);
        opt.grid = cases[k].grid;
        opt.width = 8, opt.height = cases[k].h, opt.seed = 3;
        opt.weave = cases[k].weave, opt.loops = cases[k].loops;
        if (cases[k].weave) opt.algorithm = "dig";
        meiro_maze *m = meiro_generate(&opt, &err);
        meiro_maze *before = m ? meiro_maze_clone(m, &err) : NULL;
        meiro_error e = {0};
        verdict_note(
            &refused,
            m && meiro_maze_split_levels(m, cases[k].levels, 1, &e) == MEIRO_ERROR_ARGUMENT &&
                e.message[0],
            "%s: %s", cases[k].what, e.message);
        verdict_note(&kept, m && before && meiro_maze_equal(m, before) && !m->levels, "%s",
                     cases[k].what);
        meiro_maze_free(m);
        meiro_maze_free(before);
    }
    meiro_maze *m = levels_maze("dig", 8, 5, 2, 4, MEIRO_ENDS_CORNERS, &err);
    meiro_mission_options mo = {MEIRO_MISSION_KEYS, 1, 0, 1};
    meiro_error e = {0};
    verdict_note(&refused,
                 m && meiro_maze_add_mission(m, &mo, &e) == MEIRO_ERROR_ARGUMENT &&
                     strstr(e.message, "multi-level"),
                 "mission: %s", e.message);
    static const meiro_format NO[] = {MEIRO_FORMAT_TEXT, MEIRO_FORMAT_CSV, MEIRO_FORMAT_ASCII,
                                      MEIRO_FORMAT_UNICODE, MEIRO_FORMAT_XLSX};
    for (size_t k = 0; m && k < sizeof NO / sizeof NO[0]; k++) {
        FILE *null = fopen("/dev/null", "w");
        meiro_error fe = {0};
        verdict_note(&refused,
                     null && meiro_write(m, NULL, NO[k], NULL, null, &fe) == MEIRO_ERROR_ARGUMENT &&
                         strstr(fe.message, "floors") && strstr(fe.message, "pdf, svg, png"),
                     "format %d: %s", (int)NO[k], fe.message);
        if (null) fclose(null);
    }
    meiro_maze_free(m);
    CHECK_ALL(refused);
    CHECK_ALL(kept);
}

/* JSON keeps the floors, the stairs and a solution over them: read back
 * equal, solved the same, the same bytes again; a stair that does not
 * join a cell to the one above it is refused with its place. */
static void test_json(void)
{
    verdict same = {0}, bad = {0};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        meiro_error err = {0};
        meiro_maze *m = levels_maze(seed % 2 ? "prim" : "eller", 11, 6, 2 + seed % 2, seed,
                                    MEIRO_ENDS_FARTHEST, &err);
        meiro_path path = {0}, path2 = {0};
        char *text = NULL, *again = NULL;
        size_t len = 0, len2 = 0;
        FILE *out = open_memstream(&text, &len);
        bool ok = m && out && meiro_solve(m, NULL, &path, &err) == MEIRO_OK &&
                  meiro_write(m, &path, MEIRO_FORMAT_JSON, NULL, out, &err) == MEIRO_OK;
        if (out) fclose(out);
        meiro_maze *back = NULL;
        if (ok) {
            FILE *in = fmemopen(text, len, "r");
            back = in ? meiro_read(in, MEIRO_FORMAT_JSON, &err) : NULL;
            if (in) fclose(in);
        }
        ok = back && meiro_maze_equal(m, back) && meiro_maze_levels(back) == m->levels &&
             meiro_maze_stairs(back) == meiro_maze_stairs(m) &&
             meiro_solve(back, "astar", &path2, &err) == MEIRO_OK && path2.length == path.length;
        FILE *out2 = ok ? open_memstream(&again, &len2) : NULL;
        ok = ok && out2 &&
             meiro_write(back, &path2, MEIRO_FORMAT_JSON, NULL, out2, &err) == MEIRO_OK;
        if (out2) fclose(out2);
        ok = ok && len2 == len && memcmp(text, again, len) == 0 && strstr(text, "\"stairs\"") &&
             strstr(text, "\"levels\"");
        verdict_note(&same, ok, "seed %llu: %s", (unsigned long long)seed, err.message);
        /* a stair moved one cell over: no longer above its lower cell */
        char *st = text ? strstr(text, "\"stairs\": [\n    [") : NULL;
        if (st && ok) {
            st += strlen("\"stairs\": [\n    [");
            char *comma = strchr(st, ',');
            unsigned long a = strtoul(st, NULL, 10);
            char edited[64];
            int n = snprintf(edited, sizeof edited, "%lu", a + 1);
            char *copy = malloc(len + 8);
            if (copy && comma) {
                size_t head = (size_t)(st - text);
                memcpy(copy, text, head);
                memcpy(copy + head, edited, (size_t)n);
                size_t tail = len - (size_t)(comma - text);
                memcpy(copy + head + (size_t)n, comma, tail);
                FILE *in = fmemopen(copy, head + (size_t)n + tail, "r");
                meiro_error e = {0};
                meiro_maze *b = in ? meiro_read(in, MEIRO_FORMAT_JSON, &e) : NULL;
                if (in) fclose(in);
                verdict_note(&bad, !b && strstr(e.message, "stair") && e.line > 0, "seed %llu: %s",
                             (unsigned long long)seed, e.message);
                meiro_maze_free(b);
            }
            free(copy);
        }
        free(text);
        free(again);
        meiro_path_free(&path);
        meiro_path_free(&path2);
        meiro_maze_free(m);
        meiro_maze_free(back);
    }
    CHECK_ALL(same);
    CHECK_ALL(bad);
}

/* A picture of the floors: RGB24 pixels, ppm pixels a mm. */
typedef struct picture {
    const unsigned char *data;
    int stride, w, h;
    double ppm;
} picture;

static bool ink(const picture *p, double x_mm, double y_mm)
{
    int x = (int)floor(x_mm * p->ppm), y = (int)floor(y_mm * p->ppm);
    if (x < 0 || y < 0 || x >= p->w || y >= p->h) return false;
    const unsigned char *px = p->data + y * p->stride + 4 * x;
    return px[0] < 128 && px[1] < 128 && px[2] < 128;
}

/* Every wall of every floor where the model has one (with_walls), and at
 * each stair a triangle pointing its way (read by where it is wide: near
 * its bottom for up, its top for down), none on the cells without. */
static void check_floors(const meiro_maze *m, const page_layout *L, const picture *p,
                         bool with_walls, verdict *walls, verdict *stairs, verdict *none)
{
    double cell = L->cell;
    for (uint32_t f = 0; f < m->levels; f++) {
        double ox, oy;
        level_origin(m, f, &ox, &oy);
        double x0 = L->maze_x + ox * cell, y0 = L->maze_y + oy * cell;
        for (uint32_t y = 0; y < m->floor_h; y++)
            for (uint32_t x = 0; x < m->w; x++) {
                uint32_t gy = f * m->floor_h + y;
                bool door = (gy == m->start.y && x == m->start.x && m->start_door < MEIRO_NO_DIR) ||
                            (gy == m->goal.y && x == m->goal.x && m->goal_door < MEIRO_NO_DIR);
                bool above = y == 0 ? true : !cell_open(m, x, gy - 1, MEIRO_SOUTH),
                     left = x == 0 ? true : !cell_open(m, x - 1, gy, MEIRO_EAST);
                if (with_walls && !door)
                    verdict_note(walls,
                                 ink(p, x0 + (x + 0.5) * cell, y0 + y * cell) == above &&
                                     ink(p, x0 + x * cell, y0 + (y + 0.5) * cell) == left,
                                 "cell %.1f mm, floor %u (%u, %u)", cell, f, x, y);
                double cx = x0 + (x + 0.5) * cell, ty = y0 + (y + 0.5) * cell - cell * 0.2;
                int st = meiro_maze_stair(m, (meiro_cell){x, gy});
                bool is_end =
                    (x == m->start.x && gy == m->start.y) || (x == m->goal.x && gy == m->goal.y);
                /* the triangle's wide end and narrow end, a third of its width out */
                double near_base = ty + cell * 0.22 * 0.3, near_top = ty - cell * 0.22 * 0.3,
                       off = cell * 0.36 * 0.3;
                bool up = ink(p, cx - off, near_base) && ink(p, cx + off, near_base) &&
                          !ink(p, cx - off, near_top) && !ink(p, cx + off, near_top),
                     down = ink(p, cx - off, near_top) && ink(p, cx + off, near_top) &&
                            !ink(p, cx - off, near_base) && !ink(p, cx + off, near_base);
                if (st)
                    verdict_note(stairs, st > 0 ? up : down, "cell %.1f mm, floor %u (%u, %u)",
                                 cell, f, x, y);
                else if (!is_end)
                    verdict_note(none, !up && !down && !ink(p, cx, ty),
                                 "cell %.1f mm, floor %u (%u, %u)", cell, f, x, y);
            }
    }
}

/* The floors drawn at several cell sizes (a pixel a mm): walls, stairs. */
static void test_drawn(void)
{
    verdict walls = {0}, stairs = {0}, none = {0};
    static const double CELLS[] = {12, 18, 30};
    for (size_t k = 0; k < sizeof CELLS / sizeof CELLS[0]; k++) {
        meiro_error err = {0};
        meiro_maze *m = levels_maze(k % 2 ? "cluster" : "wilson", 9, 6, 2 + (unsigned)k, 20 + k,
                                    MEIRO_ENDS_CORNERS, &err);
        if (!m) {
            verdict_note(&walls, false, "%s", err.message);
            continue;
        }
        double cell = CELLS[k];
        page_layout L = {0};
        L.cell = cell, L.line = 1, L.maze_x = 10, L.maze_y = 10, L.path_width = 2;
        L.mark_size = cell * 0.6;
        double ew, eh;
        maze_cells(m, &ew, &eh);
        int w = (int)(20 + cell * ew), h = (int)(20 + cell * eh);
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
        cairo_t *cr = cairo_create(s);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        maze_marks marks = {"S", "G", FONT_FAMILY, NULL, NULL, false, false};
        draw_maze_onto(cr, m, NULL, &L, &marks, 1, LAYER_WALLS | LAYER_LABELS);
        cairo_surface_flush(s);
        picture p = {cairo_image_surface_get_data(s), cairo_image_surface_get_stride(s), w, h, 1};
        check_floors(m, &L, &p, true, &walls, &stairs, &none);
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        meiro_maze_free(m);
    }
    CHECK_ALL(walls);
    CHECK_ALL(stairs);
    CHECK_ALL(none);
}

/* The printed page read back (pdftoppm): on the PDF as a user prints it,
 * each stair's triangle points its way on the cells the model has, and
 * no other cell has one. */
static void test_pdf(void)
{
    if (!have("pdftoppm")) return;
    verdict stairs = {0}, none = {0}, read = {0};
    for (uint64_t seed = 1; seed <= 3; seed++) {
        meiro_error err = {0};
        meiro_maze *m = levels_maze("cluster", 10, 8, seed == 3 ? 5 : 2, seed,
                                    MEIRO_ENDS_CORNERS, &err);
        char pdf[96], png[112], cmd[320];
        snprintf(pdf, sizeof pdf, "%s/levels-%llu.pdf", dir, (unsigned long long)seed);
        snprintf(png, sizeof png, "%s/levels-%llu.png", dir, (unsigned long long)seed);
        snprintf(cmd, sizeof cmd, "pdftoppm -r 200 -png -singlefile '%s' '%s/levels-%llu'", pdf,
                 dir, (unsigned long long)seed);
        meiro_export_options opt;
        meiro_export_options_init(&opt);
        doc_item item = {m, NULL, 0};
        document d;
        page_layout L = {0};
        bool placed = m && doc_init(&d, &item, 1, &opt, -1, NULL) == MEIRO_OK;
        if (placed) {
            placed = doc_first_maze(&d, 0, &L, NULL) == MEIRO_OK;
            doc_free(&d);
        }
        bool ok = placed && meiro_save(m, NULL, MEIRO_FORMAT_PDF, &opt, pdf, &err) == MEIRO_OK &&
                  run(cmd, NULL, 0);
        cairo_surface_t *s = ok ? cairo_image_surface_create_from_png(png) : NULL;
        ok = ok && cairo_surface_status(s) == CAIRO_STATUS_SUCCESS &&
             cairo_image_surface_get_format(s) == CAIRO_FORMAT_RGB24;
        verdict_note(&read, ok, "seed %llu: %s", (unsigned long long)seed, err.message);
        if (ok) {
            picture p = {cairo_image_surface_get_data(s), cairo_image_surface_get_stride(s),
                         cairo_image_surface_get_width(s), cairo_image_surface_get_height(s),
                         200 / 25.4};
            check_floors(m, &L, &p, false, NULL, &stairs, &none);
        }
        if (s) cairo_surface_destroy(s);
        meiro_maze_free(m);
    }
    CHECK_ALL(read);
    CHECK_ALL(stairs);
    CHECK_ALL(none);
}

int main(int argc, char **argv)
{
    if (!mkdtemp(dir)) return 1;
    static const test_case cases[] = {{"perfect", test_perfect}, {"solvers", test_solvers},
                                      {"ends", test_ends},       {"refusals", test_refusals},
                                      {"json", test_json},       {"drawn", test_drawn},
                                      {"pdf", test_pdf}};
    int rc = test_main("levels", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) rc = rc ? rc : 1;
    return rc;
}
