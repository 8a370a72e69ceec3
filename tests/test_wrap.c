/* Wrap-around mazes (--wrap x|y|xy): every generator that wraps makes a
 * spanning tree of the wrapped cell graph with passages across its seams,
 * the same from the same seed; the solvers' ways agree with a breadth-first
 * search of the test's own over the wrapped grid; S and G far apart
 * without doors; JSON keeps the wrap; the generators of rows and columns,
 * the other grids, short sides and the formats that cannot show a seam are
 * refused; a page draws the seam's openings and the way across it. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"

static const unsigned WRAPS[] = {MEIRO_WRAP_X, MEIRO_WRAP_Y, MEIRO_WRAP_X | MEIRO_WRAP_Y};
static const char *const WRAP_NAMES[] = {"", "x", "y", "xy"};
static const uint32_t SIZES[][2] = {{3, 3}, {4, 4}, {5, 7}, {12, 9}, {31, 17}, {64, 48}};
static const uint64_t SEEDS[] = {1, 2, 2026};
/* the generators that make a spanning tree of any cell graph */
static const char *const WRAPPERS[] = {"cluster", "dig", "prim", "true-prim", "wilson",
                                       "aldous-broder", "growing-tree", "hunt-and-kill"};

static meiro_maze *wrapped(const char *algo, uint32_t w, uint32_t h, uint64_t seed, unsigned wrap,
                           unsigned loops, meiro_error *err)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.algorithm = algo;
    opt.width = w;
    opt.height = h;
    opt.seed = seed;
    opt.loops = loops;
    return gen_maze(&opt, 0, wrap, err);
}

/* The test's own reading of the walls: cell (x, y) owns its east and
 * south wall, the last column's east wall and the last row's south wall
 * being the seams'. */
static bool open_between(const meiro_maze *m, uint32_t x, uint32_t y, unsigned d)
{
    uint32_t w = m->w, h = m->h;
    bool wx = m->wrap & MEIRO_WRAP_X, wy = m->wrap & MEIRO_WRAP_Y;
    switch (d) {
    case MEIRO_EAST: return (x + 1 < w || wx) && (m->cells[(size_t)y * w + x] & CELL_OPEN_E);
    case MEIRO_SOUTH: return (y + 1 < h || wy) && (m->cells[(size_t)y * w + x] & CELL_OPEN_S);
    case MEIRO_WEST: return (x > 0 || wx) && open_between(m, (x + w - 1) % w, y, MEIRO_EAST);
    default: return (y > 0 || wy) && open_between(m, x, (y + h - 1) % h, MEIRO_SOUTH);
    }
}

static meiro_cell step_of(const meiro_maze *m, meiro_cell c, unsigned d)
{
    return (meiro_cell){(c.x + m->w + (uint32_t)DIR_DX[d]) % m->w,
                        (c.y + m->h + (uint32_t)DIR_DY[d]) % m->h};
}

/* Breadth-first distances over the wrapped grid from `from`; the count of
 * passages in *passages. */
static uint32_t *bfs(const meiro_maze *m, meiro_cell from, uint64_t *passages)
{
    size_t n = (size_t)m->w * m->h, head = 0, tail = 0;
    uint32_t *dist = malloc(n * sizeof *dist);
    meiro_cell *queue = malloc(n * sizeof *queue);
    if (!dist || !queue) abort();
    for (size_t i = 0; i < n; i++) dist[i] = UINT32_MAX;
    *passages = 0;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++)
            *passages += open_between(m, x, y, MEIRO_EAST) + open_between(m, x, y, MEIRO_SOUTH);
    dist[(size_t)from.y * m->w + from.x] = 0;
    queue[tail++] = from;
    while (head < tail) {
        meiro_cell c = queue[head++];
        for (unsigned d = 0; d < DIR_COUNT; d++) {
            if (!open_between(m, c.x, c.y, d)) continue;
            meiro_cell b = step_of(m, c, d);
            size_t i = (size_t)b.y * m->w + b.x;
            if (dist[i] != UINT32_MAX) continue;
            dist[i] = dist[(size_t)c.y * m->w + c.x] + 1;
            queue[tail++] = b;
        }
    }
    free(queue);
    return dist;
}

/* Passages across the x seam (last column to the first) and the y seam. */
static void seam_passages(const meiro_maze *m, unsigned *x, unsigned *y)
{
    *x = *y = 0;
    for (uint32_t r = 0; r < m->h; r++) *x += open_between(m, m->w - 1, r, MEIRO_EAST);
    for (uint32_t c = 0; c < m->w; c++) *y += open_between(m, c, m->h - 1, MEIRO_SOUTH);
}

/* Every wrapping generator x wrap x size x seed: a spanning tree (cells - 1
 * passages, all reached, by the test's own search and by the library's),
 * passages across each wrapped seam, none across a side not wrapped. */
static void test_perfect(void)
{
    verdict v = {0}, seams = {0};
    for (size_t g = 0; g < TEST_COUNT(WRAPPERS); g++)
        for (size_t k = 0; k < TEST_COUNT(WRAPS); k++)
            for (size_t s = 0; s < TEST_COUNT(SIZES); s++) {
                uint32_t w = SIZES[s][0], h = SIZES[s][1];
                unsigned crossed_x = 0, crossed_y = 0;
                for (size_t e = 0; e < TEST_COUNT(SEEDS); e++) {
                    meiro_error err = {0};
                    meiro_maze *m = wrapped(WRAPPERS[g], w, h, SEEDS[e], WRAPS[k], 0, &err);
                    if (!verdict_note(&v, m != NULL, "%s --wrap %s %ux%u: %s", WRAPPERS[g],
                                      WRAP_NAMES[WRAPS[k]], w, h, err.message))
                        continue;
                    uint64_t passages;
                    uint32_t *dist = bfs(m, (meiro_cell){0, 0}, &passages);
                    size_t reached = 0;
                    for (size_t i = 0; i < (size_t)w * h; i++) reached += dist[i] != UINT32_MAX;
                    bool perfect = false;
                    meiro_maze_is_perfect(m, &perfect, NULL);
                    unsigned sx, sy;
                    seam_passages(m, &sx, &sy);
                    bool own = !(WRAPS[k] & MEIRO_WRAP_X) ? sx == 0 : true;
                    own = own && (!(WRAPS[k] & MEIRO_WRAP_Y) ? sy == 0 : true);
                    verdict_note(&v,
                                 passages == (uint64_t)w * h - 1 && reached == (size_t)w * h &&
                                     perfect && own && meiro_maze_wrap(m) == WRAPS[k],
                                 "%s --wrap %s %ux%u seed %llu: %llu passages, %zu of %u cells "
                                 "reached, perfect %d, seams %u/%u",
                                 WRAPPERS[g], WRAP_NAMES[WRAPS[k]], w, h,
                                 (unsigned long long)SEEDS[e], (unsigned long long)passages,
                                 reached, w * h, perfect, sx, sy);
                    /* a maze of 8 cells a side or more crosses each seam
                     * (tree edges over a seam of 8+: all missed is rarer
                     * than 1 in 10^3 for these generators); at 4 to 7,
                     * one of the seeds at least */
                    if ((WRAPS[k] & MEIRO_WRAP_X) && h >= 8 && w >= 4)
                        verdict_note(&seams, sx > 0, "%s --wrap %s %ux%u seed %llu: x seam closed",
                                     WRAPPERS[g], WRAP_NAMES[WRAPS[k]], w, h,
                                     (unsigned long long)SEEDS[e]);
                    if ((WRAPS[k] & MEIRO_WRAP_Y) && w >= 8 && h >= 4)
                        verdict_note(&seams, sy > 0, "%s --wrap %s %ux%u seed %llu: y seam closed",
                                     WRAPPERS[g], WRAP_NAMES[WRAPS[k]], w, h,
                                     (unsigned long long)SEEDS[e]);
                    crossed_x += sx, crossed_y += sy;
                    free(dist);
                    meiro_maze_free(m);
                }
                if (w >= 4 && h >= 4 && h < 8 && (WRAPS[k] & MEIRO_WRAP_X))
                    verdict_note(&seams, crossed_x > 0, "%s --wrap %s %ux%u: x seam never crossed",
                                 WRAPPERS[g], WRAP_NAMES[WRAPS[k]], w, h);
                if (w >= 4 && h >= 4 && w < 8 && (WRAPS[k] & MEIRO_WRAP_Y))
                    verdict_note(&seams, crossed_y > 0, "%s --wrap %s %ux%u: y seam never crossed",
                                 WRAPPERS[g], WRAP_NAMES[WRAPS[k]], w, h);
            }
    CHECK_ALL(v);
    CHECK_ALL(seams);
}

/* The same seed gives the same maze; another seed another. */
static void test_seed(void)
{
    verdict v = {0};
    for (size_t g = 0; g < TEST_COUNT(WRAPPERS); g++) {
        meiro_maze *a = wrapped(WRAPPERS[g], 20, 14, 77, MEIRO_WRAP_X | MEIRO_WRAP_Y, 0, NULL);
        meiro_maze *b = wrapped(WRAPPERS[g], 20, 14, 77, MEIRO_WRAP_X | MEIRO_WRAP_Y, 0, NULL);
        meiro_maze *c = wrapped(WRAPPERS[g], 20, 14, 78, MEIRO_WRAP_X | MEIRO_WRAP_Y, 0, NULL);
        verdict_note(&v, a && b && c && meiro_maze_equal(a, b) && !meiro_maze_equal(a, c),
                     "%s: seed 77 twice differs, or seed 78 equals it", WRAPPERS[g]);
        meiro_maze_free(a);
        meiro_maze_free(b);
        meiro_maze_free(c);
    }
    CHECK_ALL(v);
}

/* A path: from S to G, each step to a wrapped neighbour through an open
 * side (the test's own reading). */
static bool path_ok(const meiro_maze *m, const meiro_path *p)
{
    if (!p->length || p->cells[0].x != m->start.x || p->cells[0].y != m->start.y ||
        p->cells[p->length - 1].x != m->goal.x || p->cells[p->length - 1].y != m->goal.y)
        return false;
    for (size_t i = 1; i < p->length; i++) {
        bool ok = false;
        for (unsigned d = 0; d < DIR_COUNT && !ok; d++) {
            meiro_cell b = step_of(m, p->cells[i - 1], d);
            ok = b.x == p->cells[i].x && b.y == p->cells[i].y &&
                 open_between(m, p->cells[i - 1].x, p->cells[i - 1].y, d);
        }
        if (!ok) return false;
    }
    return true;
}

/* Every solver on perfect and looped wrapped mazes: a way through open
 * sides; on a perfect maze the one way, as long as the test's search says;
 * the complete solvers' shortest with loops too. The stats see the same
 * maze: passages, the way's length, perfect. */
static void test_solvers(void)
{
    verdict v = {0}, stats = {0};
    for (size_t k = 0; k < TEST_COUNT(WRAPS); k++)
        for (unsigned loops = 0; loops <= 30; loops += 30)
            for (size_t e = 0; e < TEST_COUNT(SEEDS); e++) {
                meiro_maze *m = wrapped("dig", 23, 17, SEEDS[e], WRAPS[k], loops, NULL);
                if (!verdict_note(&v, m != NULL, "no maze")) continue;
                uint64_t passages;
                uint32_t *dist = bfs(m, m->start, &passages);
                uint32_t want = dist[(size_t)m->goal.y * m->w + m->goal.x];
                for (size_t s = 0; s < meiro_solver_count(); s++) {
                    const char *name = meiro_solver_info(s)->name;
                    meiro_path p = {0};
                    meiro_error err = {0};
                    meiro_status st = meiro_solve(m, name, &p, &err);
                    /* a perfect maze has one way; with loops bfs and A* (its
                     * estimate across the seams too) find a shortest one */
                    bool shortest = !loops || !strcmp(name, "bfs") || !strcmp(name, "astar");
                    bool ok = st == MEIRO_OK ? path_ok(m, &p) && (!shortest || p.length == want + 1ull)
                                             : loops && !meiro_solver_is_complete(name);
                    verdict_note(&v, ok,
                                 "%s on --wrap %s loops %u seed %llu: status %d, %zu cells, the "
                                 "search says %u steps",
                                 name, WRAP_NAMES[WRAPS[k]], loops, (unsigned long long)SEEDS[e],
                                 (int)st, p.length, want);
                    meiro_path_free(&p);
                }
                meiro_stats st;
                if (meiro_stats_compute(m, &st, NULL) == MEIRO_OK)
                    verdict_note(&stats,
                                 st.passages == passages && st.solution == want + 1ull &&
                                     st.perfect == !loops && st.reachable == (uint64_t)m->w * m->h,
                                 "stats on --wrap %s loops %u: %llu passages (%llu), way %llu "
                                 "(%u + 1)",
                                 WRAP_NAMES[WRAPS[k]], loops, (unsigned long long)st.passages,
                                 (unsigned long long)passages, (unsigned long long)st.solution,
                                 want);
                free(dist);
                meiro_maze_free(m);
            }
    CHECK_ALL(v);
    CHECK_ALL(stats);
}

/* S and G: no door on a wrapped side (none is a border), and as far apart
 * as the wrapped grid allows for the default ends (the longest way). */
static void test_ends(void)
{
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(WRAPS); k++)
        for (size_t e = 0; e < TEST_COUNT(SEEDS); e++) {
            meiro_maze *m = wrapped("cluster", 16, 12, SEEDS[e], WRAPS[k], 0, NULL);
            if (!verdict_note(&v, m != NULL, "no maze")) continue;
            uint64_t passages;
            uint32_t *dist = bfs(m, m->start, &passages), far = 0;
            for (size_t i = 0; i < (size_t)m->w * m->h; i++) far = dist[i] > far ? dist[i] : far;
            uint32_t sg = dist[(size_t)m->goal.y * m->w + m->goal.x];
            verdict_note(&v,
                         m->start_door == MEIRO_NO_DIR && m->goal_door == MEIRO_NO_DIR &&
                             sg == far && sg > 0,
                         "--wrap %s seed %llu: doors %d %d, S to G %u steps, the farthest from "
                         "S %u",
                         WRAP_NAMES[WRAPS[k]], (unsigned long long)SEEDS[e], (int)m->start_door,
                         (int)m->goal_door, sg, far);
            free(dist);
            meiro_maze_free(m);
        }
    CHECK_ALL(v);
}

/* JSON keeps the wrap: written, read back equal, "wrap" said; a wrap on a
 * maze too narrow, or after the cells, is refused with its place. */
static void test_json(void)
{
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(WRAPS); k++) {
        meiro_maze *m = wrapped("wilson", 9, 6, 5, WRAPS[k], 10, NULL);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        meiro_status s = m && f ? meiro_write(m, NULL, MEIRO_FORMAT_JSON, NULL, f, NULL)
                                : MEIRO_ERROR_IO;
        if (f) fclose(f);
        char key[32];
        snprintf(key, sizeof key, "\"wrap\": \"%s\"", WRAP_NAMES[WRAPS[k]]);
        meiro_maze *back = NULL;
        if (s == MEIRO_OK) {
            FILE *in = fmemopen(buf, len, "r");
            meiro_error err = {0};
            back = in ? meiro_read(in, MEIRO_FORMAT_JSON, &err) : NULL;
            if (in) fclose(in);
        }
        verdict_note(&v,
                     s == MEIRO_OK && strstr(buf, key) && back && meiro_maze_equal(m, back) &&
                         meiro_maze_wrap(back) == WRAPS[k],
                     "--wrap %s: written %d, key %s, read back %s", WRAP_NAMES[WRAPS[k]], (int)s,
                     buf && strstr(buf, key) ? "found" : "missing", back ? "equal?" : "failed");
        meiro_maze_free(back);
        meiro_maze_free(m);
        free(buf);
    }
    CHECK_ALL(v);
    static const char *const bad[] = {
        "{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 3, \"wrap\": \"x\", "
        "\"cells\": []}",
        "{\"meiro\": 1, \"grid\": \"rect\", \"width\": 3, \"height\": 3, \"wrap\": \"z\", "
        "\"cells\": []}",
    };
    for (size_t i = 0; i < TEST_COUNT(bad); i++) {
        FILE *in = fmemopen((void *)bad[i], strlen(bad[i]), "r");
        meiro_error err = {0};
        meiro_maze *m = in ? meiro_read(in, MEIRO_FORMAT_JSON, &err) : NULL;
        if (in) fclose(in);
        CHECK_MSG(!m && err.status == MEIRO_ERROR_PARSE && strstr(err.message, "wrap"),
                  "bad JSON %zu read: %s", i, err.message);
        meiro_maze_free(m);
    }
    /* a wrap said after the cells: the passages across its seam were read
     * without it */
    meiro_maze *m = wrapped("dig", 5, 5, 3, MEIRO_WRAP_X, 0, NULL);
    char *buf = NULL, *late = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (m && f) meiro_write(m, NULL, MEIRO_FORMAT_JSON, NULL, f, NULL);
    if (f) fclose(f);
    char *key = buf ? strstr(buf, "\n  \"wrap\": \"x\",") : NULL, *end = buf ? strrchr(buf, '}') : NULL;
    if (key && end && (late = malloc(len + 1))) {
        size_t cut = strlen("\n  \"wrap\": \"x\",");
        memcpy(late, buf, (size_t)(key - buf));
        size_t n = (size_t)(key - buf);
        memcpy(late + n, key + cut, (size_t)(end - key - cut));
        n += (size_t)(end - key - cut);
        n += (size_t)sprintf(late + n, ", \"wrap\": \"x\"}\n");
        FILE *in = fmemopen(late, n, "r");
        meiro_error err = {0};
        meiro_maze *back = in ? meiro_read(in, MEIRO_FORMAT_JSON, &err) : NULL;
        if (in) fclose(in);
        CHECK_MSG(!back && err.status == MEIRO_ERROR_PARSE, "wrap after the cells read: %s",
                  err.message);
        meiro_maze_free(back);
    }
    CHECK(late != NULL);
    free(late);
    free(buf);
    meiro_maze_free(m);
}

/* The refusals, each in one line: the generators of rows and columns, the
 * other grids, a wrapped side under 3 cells, the formats that cannot show
 * a seam (text, csv...), the kinds that cannot go with it. */
static void test_refusals(void)
{
    verdict v = {0};
    for (size_t i = 0; i < meiro_generator_count(); i++) {
        const char *name = meiro_generator_info(i)->name;
        bool wraps = false;
        for (size_t g = 0; g < TEST_COUNT(WRAPPERS); g++) wraps |= !strcmp(name, WRAPPERS[g]);
        meiro_error err = {0};
        meiro_maze *m = wrapped(name, 10, 10, 1, MEIRO_WRAP_X, 0, &err);
        verdict_note(&v,
                     wraps ? m != NULL
                           : !m && strstr(err.message, "cannot wrap") &&
                                 !strchr(err.message, '\n'),
                     "%s: %s", name, m ? "made" : err.message);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
    meiro_error err = {0};
    meiro_maze *m = wrapped("dig", 2, 9, 1, MEIRO_WRAP_X, 0, &err);
    CHECK_MSG(!m && strstr(err.message, "3 cells"), "2 wide: %s", err.message);
    meiro_maze_free(m);
    m = wrapped("dig", 9, 9, 1, 4, 0, &err);
    CHECK_MSG(!m && err.status == MEIRO_ERROR_ARGUMENT, "wrap bit 4: %s", err.message);
    meiro_maze_free(m);
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.grid = MEIRO_GRID_HEX;
    opt.algorithm = "dig";
    m = gen_maze(&opt, 0, MEIRO_WRAP_X, &err);
    CHECK_MSG(!m && strstr(err.message, "rect grid"), "hex: %s", err.message);
    meiro_maze_free(m);
    /* the formats: the kinds' rule, and the writer on a made maze */
    unsigned wrap = 1u << MEIRO_KIND_WRAP;
    verdict formats = {0};
    for (int f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        bool can = meiro_format_can((meiro_format)f, MEIRO_CAN_WRAP);
        meiro_status s = meiro_kind_check(wrap, MEIRO_GRID_RECT, (meiro_format)f, &err);
        verdict_note(&formats, can ? s == MEIRO_OK : s != MEIRO_OK && strstr(err.message, "seam"),
                     "%s: can %d, check %d %s", meiro_format_info((meiro_format)f)->name, can,
                     (int)s, err.message);
    }
    CHECK_ALL(formats);
    CHECK(meiro_format_can(MEIRO_FORMAT_JSON, MEIRO_CAN_WRAP));
    CHECK(meiro_format_can(MEIRO_FORMAT_PDF, MEIRO_CAN_WRAP));
    CHECK(!meiro_format_can(MEIRO_FORMAT_TEXT, MEIRO_CAN_WRAP));
    CHECK(!meiro_format_can(MEIRO_FORMAT_CSV, MEIRO_CAN_WRAP));
    m = wrapped("dig", 6, 6, 1, MEIRO_WRAP_Y, 0, NULL);
    FILE *out = fopen("/dev/null", "w");
    meiro_status s = m && out ? meiro_write(m, NULL, MEIRO_FORMAT_TEXT, NULL, out, &err)
                              : MEIRO_ERROR_IO;
    if (out) fclose(out);
    CHECK_MSG(s == MEIRO_ERROR_ARGUMENT && strstr(err.message, "seam"), "text: %s", err.message);
    meiro_maze_free(m);
    CHECK(meiro_kind_check(wrap | 1u << MEIRO_KIND_WEAVE, MEIRO_GRID_RECT, MEIRO_FORMAT_PDF,
                           &err) != MEIRO_OK);
    CHECK(meiro_kind_check(wrap | 1u << MEIRO_KIND_SHAPE, MEIRO_GRID_RECT, MEIRO_FORMAT_PDF,
                           &err) != MEIRO_OK);
    CHECK(meiro_kind_check(wrap | 1u << MEIRO_KIND_FLOORS, MEIRO_GRID_RECT, MEIRO_FORMAT_PDF,
                           &err) != MEIRO_OK);
    CHECK(meiro_kind_check(wrap | 1u << MEIRO_KIND_LOOPS, MEIRO_GRID_RECT, MEIRO_FORMAT_PDF,
                           &err) == MEIRO_OK);
}

/* The "d" of the first path of `role` in a page's JSON, and how many
 * subpaths ("M") it has; 0 when there is none. */
static unsigned subpaths(const char *page, const char *role)
{
    char key[48];
    snprintf(key, sizeof key, "{\"role\": \"%s\", \"", role);
    const char *at = strstr(page, key), *d = at ? strstr(at, "\"d\": \"") : NULL;
    unsigned n = 0;
    for (const char *c = d ? d + 6 : NULL; c && *c && *c != '"'; c++) n += *c == 'M';
    return n;
}

/* The page as data: a wedge (a subpath of the role seams) at both ends of
 * each passage across a seam, none on a plain maze; the answer a subpath
 * more for each step it takes across a seam; the footer names the wrap. */
static void test_page(void)
{
    verdict v = {0};
    unsigned crossings = 0; /* answers across a seam: some, for the check to mean it */
    for (size_t k = 0; k < TEST_COUNT(WRAPS); k++)
        for (size_t e = 0; e < TEST_COUNT(SEEDS); e++) {
            meiro_maze *m = wrapped("hunt-and-kill", 9, 7, SEEDS[e], WRAPS[k], 0, NULL);
            meiro_path p = {0};
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            meiro_error err = {0};
            meiro_status s = m && f && meiro_solve(m, "bfs", &p, NULL) == MEIRO_OK
                                 ? meiro_write(m, &p, MEIRO_FORMAT_PAGE, NULL, f, &err)
                                 : MEIRO_ERROR_IO;
            if (f) fclose(f);
            unsigned sx = 0, sy = 0, across = 0;
            if (m) seam_passages(m, &sx, &sy);
            for (size_t i = 1; i < p.length; i++)
                across += (p.cells[i].x + 1 < p.cells[i - 1].x || p.cells[i - 1].x + 1 < p.cells[i].x ||
                           p.cells[i].y + 1 < p.cells[i - 1].y || p.cells[i - 1].y + 1 < p.cells[i].y);
            unsigned wedges = s == MEIRO_OK ? subpaths(buf, "seams") : 0,
                     answer = s == MEIRO_OK ? subpaths(buf, "answer") : 0;
            char footer[32]; /* the footer's last words: --wrap makes it again */
            snprintf(footer, sizeof footer, " · wrap %s\"", WRAP_NAMES[WRAPS[k]]);
            verdict_note(&v,
                         s == MEIRO_OK && wedges == 2 * (sx + sy) && answer == 1 + across &&
                             strstr(buf, footer),
                         "--wrap %s seed %llu: written %d (%s), %u wedges for %u passages across, "
                         "the answer in %u pieces crossing %u times, footer %s",
                         WRAP_NAMES[WRAPS[k]], (unsigned long long)SEEDS[e], (int)s, err.message,
                         wedges, sx + sy, answer, across,
                         buf && strstr(buf, footer) ? "says the wrap" : "lacks it");
            crossings += across;
            meiro_path_free(&p);
            meiro_maze_free(m);
            free(buf);
        }
    CHECK_ALL(v);
    CHECK(crossings > 0);
    meiro_maze *plain = wrapped("dig", 9, 7, 1, 0, 0, NULL);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (plain && f) meiro_write(plain, NULL, MEIRO_FORMAT_PAGE, NULL, f, NULL);
    if (f) fclose(f);
    CHECK(buf && strstr(buf, "\"walls\"") && !strstr(buf, "\"seams\""));
    free(buf);
    meiro_maze_free(plain);
}

/* SVG draws a rectangle's walls apart, in a group of their own: the
 * seams' wedges (the arrows' grey; a wrapped maze has no door arrow) are
 * in it, and not on a plain maze with S and G inside (no doors either). */
static void test_svg(void)
{
    const char *grey = "fill:rgb(13%,13%,13%)";
    for (unsigned wrap = 0; wrap <= (MEIRO_WRAP_X | MEIRO_WRAP_Y); wrap += 3) {
        meiro_generate_options opt;
        meiro_generate_options_init(&opt);
        opt.algorithm = "dig";
        opt.width = 12;
        opt.height = 9;
        opt.seed = 4;
        opt.ends = MEIRO_ENDS_FARTHEST;
        meiro_maze *m = gen_maze(&opt, 0, wrap, NULL);
        unsigned sx = 0, sy = 0;
        if (m) seam_passages(m, &sx, &sy);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        meiro_status s = m && f ? meiro_write(m, NULL, MEIRO_FORMAT_SVG, NULL, f, NULL)
                                : MEIRO_ERROR_IO;
        if (f) fclose(f);
        const char *walls = s == MEIRO_OK ? strstr(buf, "<g id=\"walls\"") : NULL;
        const char *after = walls ? strstr(walls + 1, "<g id=\"solution\"") : NULL;
        bool wedges = walls && strstr(walls, grey) && (!after || strstr(walls, grey) < after);
        CHECK_MSG(s == MEIRO_OK && walls && wedges == (wrap && sx + sy > 0),
                  "--wrap %s: written %d, walls' group %s, its wedges %s (%u passages across)",
                  wrap_name(wrap), (int)s, walls ? "found" : "missing", wedges ? "drawn" : "none",
                  sx + sy);
        meiro_maze_free(m);
        free(buf);
    }
}

/* A big torus: made and solved in one pass each (the seams cost no
 * quadratic work); its way crosses a seam or not, but is the test's. */
static void test_large(void)
{
#ifdef TEST_UNDER_ASAN
    uint32_t side = 300;
#else
    uint32_t side = 2000;
#endif
    meiro_maze *m = wrapped("cluster", side, side, 9, MEIRO_WRAP_X | MEIRO_WRAP_Y, 0, NULL);
    CHECK(m != NULL);
    if (!m) return;
    bool perfect = false;
    CHECK(meiro_maze_is_perfect(m, &perfect, NULL) == MEIRO_OK && perfect);
    meiro_path p = {0};
    CHECK(meiro_solve(m, "bfs", &p, NULL) == MEIRO_OK && path_ok(m, &p));
    meiro_path_free(&p);
    meiro_maze_free(m);
}

static const test_case cases[] = {
    {"perfect", test_perfect}, {"seed", test_seed},         {"solvers", test_solvers},
    {"ends", test_ends},       {"json", test_json},         {"refusals", test_refusals},
    {"page", test_page},       {"svg", test_svg},           {"large", test_large},
};

int main(int argc, char **argv) { return test_main("wrap", argc, argv, cases, TEST_COUNT(cases)); }
