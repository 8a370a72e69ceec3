/* Mission mazes (--mission keys:K / collect:N, --one-way P): placement as
 * promised on every rect generator at several sizes and seeds, the state
 * search's walk checked step by step under the rules by a walker written
 * here, uniqueness, the doors needed, arrows that never trap, the same
 * bytes from the same seed, the refusals, and the marks in the picture. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "core/mission.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const uint32_t SIZES[][2] = {{6, 5}, {12, 9}, {25, 18}};

static meiro_maze *mission_maze(const char *algo, uint32_t w, uint32_t h, uint64_t seed,
                                unsigned loops, meiro_mission_kind kind, unsigned count,
                                unsigned one_way, meiro_error *err)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.algorithm = algo, opt.width = w, opt.height = h, opt.seed = seed, opt.loops = loops;
    meiro_maze *m = meiro_generate(&opt, err);
    meiro_mission_options mo = {kind, count, one_way, seed};
    if (m && meiro_maze_add_mission(m, &mo, err) != MEIRO_OK) {
        meiro_maze_free(m);
        return NULL;
    }
    return m;
}

/* Whether the step from a to b is allowed with keys `held`: neighbours
 * through an open wall, not against an arrow, no locked door. */
static bool step_allowed(const meiro_maze *m, meiro_cell a, meiro_cell b, unsigned held)
{
    for (unsigned d = 0; d < DIR_COUNT; d++) {
        if ((int)b.x - (int)a.x != DIR_DX[d] || (int)b.y - (int)a.y != DIR_DY[d]) continue;
        if (!meiro_maze_side_open(m, a, d) || (meiro_maze_one_way(m, a) & (1u << d))) return false;
        unsigned count;
        if (meiro_maze_mission(m, &count) == MEIRO_MISSION_KEYS)
            for (unsigned k = 0; k < count; k++) {
                meiro_cell dc;
                meiro_dir ds;
                meiro_maze_mission_door(m, k, &dc, &ds);
                meiro_cell other = {dc.x + (uint32_t)DIR_DX[ds], dc.y + (uint32_t)DIR_DY[ds]};
                bool here = (dc.x == a.x && dc.y == a.y && other.x == b.x && other.y == b.y) ||
                            (dc.x == b.x && dc.y == b.y && other.x == a.x && other.y == a.y);
                if (here && !(held & (1u << k))) return false;
            }
        return true;
    }
    return false;
}

static int mark_at(const meiro_maze *m, meiro_cell c)
{
    unsigned count;
    meiro_maze_mission(m, &count);
    for (unsigned k = 0; k < count; k++) {
        meiro_cell at;
        meiro_maze_mission_mark(m, k, &at);
        if (at.x == c.x && at.y == c.y) return (int)k;
    }
    return -1;
}

/* Walks the path under the rules: from S to G, every step allowed, keys
 * all held (taken in the order 1..K) or items all collected in order. */
static bool walk_ok(const meiro_maze *m, const meiro_path *p, char *why, size_t size)
{
    unsigned count;
    meiro_mission_kind kind = meiro_maze_mission(m, &count);
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (!p->length || p->cells[0].x != s.x || p->cells[0].y != s.y)
        return snprintf(why, size, "does not begin at S"), false;
    unsigned held = 0, next = 0;
    for (size_t i = 0; i < p->length; i++) {
        if (i && !step_allowed(m, p->cells[i - 1], p->cells[i], held))
            return snprintf(why, size, "step %zu (%u, %u) is not allowed", i, p->cells[i].x,
                            p->cells[i].y),
                   false;
        int k = mark_at(m, p->cells[i]);
        if (k >= 0 && kind == MEIRO_MISSION_KEYS && !(held & (1u << k))) {
            if ((unsigned)k != next)
                return snprintf(why, size, "key %d taken out of order", k + 1), false;
            held |= 1u << k, next++;
        } else if (k >= 0 && kind == MEIRO_MISSION_COLLECT && (unsigned)k == next) next++;
    }
    if (p->cells[p->length - 1].x != g.x || p->cells[p->length - 1].y != g.y)
        return snprintf(why, size, "does not end at G"), false;
    if (kind && next != count)
        return snprintf(why, size, "%u of %u marks taken", next, count), false;
    return true;
}

/* Cells reachable from S by plain steps, the passage of door `shut` a wall
 * (all doors open otherwise); one-way arrows ignored. */
static bool reaches(const meiro_maze *m, int shut, meiro_cell target)
{
    size_t total = (size_t)m->w * m->h, head = 0, tail = 0;
    uint8_t *seen = calloc(total, 1);
    size_t *queue = malloc(total * sizeof *queue);
    bool found = false;
    meiro_cell dc = {0, 0};
    meiro_dir ds = MEIRO_NO_DIR;
    if (shut >= 0) meiro_maze_mission_door(m, (unsigned)shut, &dc, &ds);
    meiro_cell s = meiro_maze_start(m);
    queue[tail++] = s.y * m->w + s.x, seen[s.y * m->w + s.x] = 1;
    while (head < tail && !found) {
        size_t i = queue[head++];
        meiro_cell c = {(uint32_t)(i % m->w), (uint32_t)(i / m->w)};
        if (c.x == target.x && c.y == target.y) found = true;
        for (unsigned d = 0; d < DIR_COUNT; d++) {
            if (!meiro_maze_side_open(m, c, d)) continue;
            meiro_cell n = {c.x + (uint32_t)DIR_DX[d], c.y + (uint32_t)DIR_DY[d]};
            bool door = (c.x == dc.x && c.y == dc.y && d == ds) ||
                        (n.x == dc.x && n.y == dc.y && d == (unsigned)dir_opposite(ds));
            if (door || seen[n.y * m->w + n.x]) continue;
            seen[n.y * m->w + n.x] = 1, queue[tail++] = n.y * m->w + n.x;
        }
    }
    free(seen);
    free(queue);
    return found;
}

/* Keys on every rect generator, sizes and seeds: a valid maze, the walk
 * legal, unique, every door on the one way to G (shut, G is out of reach),
 * and the same maze and walk from the same seed. */
static void test_keys(void)
{
    verdict valid = {0}, legal = {0}, unique = {0}, needed = {0}, same = {0};
    for (size_t a = 0; a < meiro_generator_count(); a++) {
        const char *algo = meiro_generator_info(a)->name;
        for (size_t z = 0; z < sizeof SIZES / sizeof SIZES[0]; z++)
            for (uint64_t seed = 1; seed <= 3; seed++) {
                unsigned keys = 1 + (unsigned)((seed + z) % MEIRO_MISSION_MAX_KEYS);
                if (z == 0 && keys > 2) keys = 2;
                meiro_error err = {0};
                meiro_maze *m = mission_maze(algo, SIZES[z][0], SIZES[z][1], seed, 0,
                                             MEIRO_MISSION_KEYS, keys, 0, &err);
                verdict_note(&valid, m && meiro_maze_check(m, &err) == MEIRO_OK,
                             "%s %ux%u seed %llu keys %u: %s", algo, SIZES[z][0], SIZES[z][1],
                             (unsigned long long)seed, keys, err.message);
                if (!m) continue;
                meiro_path p = {0}, p2 = {0};
                uint64_t ways = 0;
                char why[96] = "";
                bool solved = meiro_mission_solve(m, &p, &ways, &err) == MEIRO_OK;
                verdict_note(&legal, solved && walk_ok(m, &p, why, sizeof why),
                             "%s seed %llu keys %u: %s %s", algo, (unsigned long long)seed, keys,
                             why, solved ? "" : err.message);
                verdict_note(&unique, ways == 1, "%s seed %llu keys %u: %llu shortest walks", algo,
                             (unsigned long long)seed, keys, (unsigned long long)ways);
                for (unsigned k = 0; k < keys; k++)
                    verdict_note(&needed, !reaches(m, (int)k, meiro_maze_goal(m)),
                                 "%s seed %llu: G reached with door %u shut", algo,
                                 (unsigned long long)seed, k + 1);
                meiro_maze *again = mission_maze(algo, SIZES[z][0], SIZES[z][1], seed, 0,
                                                 MEIRO_MISSION_KEYS, keys, 0, &err);
                bool eq = again && meiro_maze_equal(m, again) &&
                          meiro_solve(again, "bfs", &p2, &err) == MEIRO_OK &&
                          p2.length == p.length &&
                          memcmp(p.cells, p2.cells, p.length * sizeof *p.cells) == 0;
                verdict_note(&same, eq, "%s seed %llu: not the same again", algo,
                             (unsigned long long)seed);
                meiro_path_free(&p);
                meiro_path_free(&p2);
                meiro_maze_free(again);
                meiro_maze_free(m);
            }
    }
    CHECK_ALL(valid);
    CHECK_ALL(legal);
    CHECK_ALL(unique);
    CHECK_ALL(needed);
    CHECK_ALL(same);
}

/* Items in order, perfect (unique) and with loops (the count reported,
 * at least one), with and without one-way passages: the walk legal. */
static void test_collect(void)
{
    verdict valid = {0}, legal = {0}, unique = {0};
    for (size_t a = 0; a < meiro_generator_count(); a++) {
        const char *algo = meiro_generator_info(a)->name;
        for (size_t z = 0; z < sizeof SIZES / sizeof SIZES[0]; z++)
            for (uint64_t seed = 1; seed <= 4; seed++) {
                unsigned items = 1 + (unsigned)((seed * 3 + z) % (z ? 12 : 5));
                unsigned loops = seed % 2 ? 0 : 30, one_way = seed > 2 ? 40 : 0;
                meiro_error err = {0};
                meiro_maze *m = mission_maze(algo, SIZES[z][0], SIZES[z][1], seed, loops,
                                             MEIRO_MISSION_COLLECT, items, one_way, &err);
                verdict_note(&valid, m && meiro_maze_check(m, &err) == MEIRO_OK,
                             "%s %ux%u seed %llu items %u: %s", algo, SIZES[z][0], SIZES[z][1],
                             (unsigned long long)seed, items, err.message);
                if (!m) continue;
                meiro_path p = {0};
                uint64_t ways = 0;
                char why[96] = "";
                bool solved = meiro_mission_solve(m, &p, &ways, &err) == MEIRO_OK;
                verdict_note(&legal, solved && walk_ok(m, &p, why, sizeof why) && ways >= 1,
                             "%s seed %llu items %u: %s %s", algo, (unsigned long long)seed, items,
                             why, solved ? "" : err.message);
                if (!loops)
                    verdict_note(&unique, ways == 1, "%s seed %llu items %u: %llu shortest walks",
                                 algo, (unsigned long long)seed, items, (unsigned long long)ways);
                meiro_path_free(&p);
                meiro_maze_free(m);
            }
    }
    CHECK_ALL(valid);
    CHECK_ALL(legal);
    CHECK_ALL(unique);
}

/* One-way passages alone and with keys: the walk never goes against an
 * arrow (walk_ok), and from every cell some cell of the answer's walk can
 * be reached following the arrows (no trap); the share asked is roughly
 * what the maze has. */
static void test_one_way(void)
{
    verdict legal = {0}, no_trap = {0}, share = {0};
    for (uint64_t seed = 1; seed <= 12; seed++) {
        meiro_error err = {0};
        bool keys = seed % 2;
        unsigned percent = 20 + (unsigned)(seed * 7 % 70);
        meiro_maze *m = mission_maze(seed % 3 ? "dig" : "cluster", 20, 14, seed, seed % 4 ? 0 : 25,
                                     keys && seed % 4 ? MEIRO_MISSION_KEYS : MEIRO_MISSION_NONE, 3,
                                     percent, &err);
        if (!m) {
            verdict_note(&legal, false, "seed %llu: %s", (unsigned long long)seed, err.message);
            continue;
        }
        meiro_path p = {0};
        uint64_t ways = 0;
        char why[96] = "";
        bool solved = meiro_mission_solve(m, &p, &ways, &err) == MEIRO_OK;
        verdict_note(&legal, solved && walk_ok(m, &p, why, sizeof why), "seed %llu: %s %s",
                     (unsigned long long)seed, why, solved ? "" : err.message);
        size_t total = (size_t)m->w * m->h, head = 0, tail = 0;
        uint8_t *on = calloc(total, 1);
        size_t *queue = malloc(total * sizeof *queue);
        /* backwards from the walk's cells: who can step into a reached cell */
        for (size_t i = 0; solved && i < p.length; i++) {
            size_t id = p.cells[i].y * m->w + p.cells[i].x;
            if (!on[id]) on[id] = 1, queue[tail++] = id;
        }
        while (head < tail) {
            size_t i = queue[head++];
            meiro_cell c = {(uint32_t)(i % m->w), (uint32_t)(i / m->w)};
            for (unsigned d = 0; d < DIR_COUNT; d++) {
                if (!meiro_maze_side_open(m, c, d)) continue;
                meiro_cell n = {c.x + (uint32_t)DIR_DX[d], c.y + (uint32_t)DIR_DY[d]};
                size_t j = n.y * m->w + n.x;
                if (on[j] || (meiro_maze_one_way(m, n) & (1u << dir_opposite(d)))) continue;
                on[j] = 1, queue[tail++] = j;
            }
        }
        verdict_note(&no_trap, solved && tail == total, "seed %llu: %zu of %zu cells reach the way",
                     (unsigned long long)seed, tail, total);
        uint64_t passages = 0;
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++)
                passages += (x + 1 < m->w && meiro_maze_is_open(m, x, y, MEIRO_EAST)) +
                            (y + 1 < m->h && meiro_maze_is_open(m, x, y, MEIRO_SOUTH));
        double got = 100.0 * (double)meiro_maze_one_ways(m) / (double)passages;
        verdict_note(&share, meiro_maze_one_ways(m) > 0 && got <= percent + 12,
                     "seed %llu: %.0f%% one-way asked %u%%", (unsigned long long)seed, got,
                     percent);
        free(on);
        free(queue);
        meiro_path_free(&p);
        meiro_maze_free(m);
    }
    CHECK_ALL(legal);
    CHECK_ALL(no_trap);
    CHECK_ALL(share);
}

/* What is refused, each with a message naming why. */
static void test_refusals(void)
{
    static const char *const BAD[] = {
        "keys:0", "keys:7", "collect:21", "collect:", "keys", "keys:2x", "doors:2", ""};
    meiro_mission_options o = {0};
    meiro_error e = {0};
    for (size_t k = 0; k < sizeof BAD / sizeof BAD[0]; k++)
        CHECK_MSG(meiro_mission_from_name(BAD[k], &o, &e) == MEIRO_ERROR_ARGUMENT &&
                      strstr(e.message, BAD[k]),
                  "'%s' accepted or unnamed: %s", BAD[k], e.message);
    CHECK(meiro_mission_from_name("keys:6", &o, &e) == MEIRO_OK && o.kind == MEIRO_MISSION_KEYS &&
          o.count == 6);
    CHECK(meiro_mission_from_name("collect:20", &o, &e) == MEIRO_OK &&
          o.kind == MEIRO_MISSION_COLLECT && o.count == 20);
    /* keys with loops, on polar, on a weave, twice, too small */
    CHECK(!mission_maze("dig", 12, 9, 1, 40, MEIRO_MISSION_KEYS, 2, 0, &e) &&
          strstr(e.message, "perfect"));
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.grid = MEIRO_GRID_POLAR, opt.height = 6;
    meiro_maze *m = meiro_generate(&opt, &e);
    meiro_mission_options keys = {MEIRO_MISSION_KEYS, 2, 0, 1};
    CHECK(m && meiro_maze_add_mission(m, &keys, &e) == MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "rect"));
    meiro_maze_free(m);
    meiro_generate_options_init(&opt);
    opt.weave = 50, opt.algorithm = "dig";
    m = meiro_generate(&opt, &e);
    CHECK(m && meiro_maze_add_mission(m, &keys, &e) == MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "weave"));
    meiro_maze_free(m);
    CHECK(!mission_maze("dig", 2, 2, 1, 0, MEIRO_MISSION_KEYS, 6, 0, &e) &&
          strstr(e.message, "keys need"));
    CHECK(!mission_maze("dig", 2, 2, 1, 0, MEIRO_MISSION_COLLECT, 3, 0, &e) &&
          strstr(e.message, "room for"));
    m = mission_maze("dig", 12, 9, 1, 0, MEIRO_MISSION_KEYS, 2, 0, &e);
    CHECK(m && meiro_maze_add_mission(m, &keys, &e) == MEIRO_ERROR_ARGUMENT);
    /* the other solvers, and the formats that cannot show a mission */
    meiro_path p = {0};
    CHECK(m && meiro_solve(m, "dfs", &p, &e) == MEIRO_ERROR_ARGUMENT && strstr(e.message, "bfs"));
    static const meiro_format NO[] = {MEIRO_FORMAT_ASCII, MEIRO_FORMAT_UNICODE};
    for (size_t k = 0; m && k < sizeof NO / sizeof NO[0]; k++) {
        FILE *null = fopen("/dev/null", "wb");
        CHECK_MSG(null && meiro_write(m, NULL, NO[k], NULL, null, &e) == MEIRO_ERROR_ARGUMENT &&
                      strstr(e.message, "mission") && strstr(e.message, "pdf"),
                  "format %d: %s", (int)NO[k], e.message);
        if (null) fclose(null);
    }
    /* a playable sheet, and before the maze is made: the format, play, grid,
     * weave, keys with loops */
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.play = true;
    FILE *null = fopen("/dev/null", "wb");
    CHECK_MSG(m && null && meiro_write(m, NULL, MEIRO_FORMAT_XLSX, &page, null, &e) ==
                               MEIRO_ERROR_ARGUMENT &&
                  strstr(e.message, "playable sheet") && strstr(e.message, "html"),
              "--play: %s", e.message);
    if (null) fclose(null);
    meiro_generate_options_init(&opt);
    meiro_mission_options collect = {MEIRO_MISSION_COLLECT, 3, 20, 1};
    CHECK(meiro_mission_check(&opt, &keys, MEIRO_FORMAT_PDF, NULL, &e) == MEIRO_OK);
    CHECK(meiro_mission_check(&opt, &collect, MEIRO_FORMAT_COUNT, NULL, &e) == MEIRO_OK);
    CHECK(meiro_mission_check(&opt, &keys, MEIRO_FORMAT_ASCII, NULL, &e) == MEIRO_ERROR_ARGUMENT &&
          e.field == MEIRO_FIELD_FORMAT && strstr(e.message, "write it as text, csv, pdf"));
    CHECK(meiro_mission_check(&opt, &keys, MEIRO_FORMAT_XLSX, &page, &e) == MEIRO_ERROR_ARGUMENT &&
          e.field == MEIRO_FIELD_PLAY);
    opt.loops = 10;
    CHECK(meiro_mission_check(&opt, &keys, MEIRO_FORMAT_PDF, NULL, &e) == MEIRO_ERROR_ARGUMENT &&
          e.field == MEIRO_FIELD_LOOPS);
    CHECK(meiro_mission_check(&opt, &collect, MEIRO_FORMAT_PDF, NULL, &e) == MEIRO_OK);
    opt.loops = 0, opt.weave = 30;
    CHECK(meiro_mission_check(&opt, &collect, MEIRO_FORMAT_PDF, NULL, &e) == MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "weave"));
    opt.weave = 0, opt.grid = MEIRO_GRID_HEX;
    CHECK(meiro_mission_check(&opt, &collect, MEIRO_FORMAT_PDF, NULL, &e) == MEIRO_ERROR_ARGUMENT &&
          e.field == MEIRO_FIELD_GRID);
    meiro_mission_options none = {MEIRO_MISSION_NONE, 0, 0, 1};
    CHECK(meiro_mission_check(&opt, &none, MEIRO_FORMAT_ASCII, NULL, &e) == MEIRO_OK);
    meiro_maze_free(m);
}

/* Drawn: each key's bow and each door in the key's colour at their
 * cells, an arrow's dark grey beside each one-way wall, item discs inked. */
static void test_pictures(void)
{
    verdict keys = {0}, doors = {0}, arrows = {0};
    for (uint64_t seed = 1; seed <= 4; seed++) {
        meiro_error e = {0};
        meiro_maze *m = mission_maze("cluster", 16, 11, seed, 0, MEIRO_MISSION_KEYS,
                                     2 + (unsigned)seed, 30, &e);
        if (!m) {
            verdict_note(&keys, false, "%s", e.message);
            continue;
        }
        double cell = 24;
        page_layout L = {0};
        L.cell = cell, L.line = 2, L.maze_x = 8, L.maze_y = 8, L.path_width = 2;
        int w = (int)(16 + cell * m->w), h = (int)(16 + cell * m->h);
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
        cairo_t *cr = cairo_create(s);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        maze_marks marks = {"S", "G", FONT_FAMILY, NULL, NULL, false, false};
        draw_maze_onto(cr, m, NULL, &L, &marks, 1, LAYER_ALL & ~LAYER_PAGE & ~LAYER_FOOTER);
        cairo_surface_flush(s);
        const unsigned char *data = cairo_image_surface_get_data(s);
        int stride = cairo_image_surface_get_stride(s);
        /* the key's colour, near enough (blue, green, orange, ...) */
#define RGB(px, py, i) (data[(int)(py)*stride + 4 * (int)(px) + (2 - (i))])
        static const double want[][3] = {{0.12, 0.35, 0.85}, {0.10, 0.60, 0.20},
                                         {0.95, 0.60, 0.05}, {0.55, 0.20, 0.75},
                                         {0.00, 0.65, 0.70}, {0.85, 0.25, 0.60}};
        unsigned count;
        meiro_maze_mission(m, &count);
        for (unsigned k = 0; k < count; k++) {
            meiro_cell kc, dc;
            meiro_dir ds;
            meiro_maze_mission_mark(m, k, &kc);
            meiro_maze_mission_door(m, k, &dc, &ds);
            double bx = L.maze_x + (kc.x + 0.5) * cell - 0.17 * cell,
                   by = L.maze_y + (kc.y + 0.5) * cell;
            /* the door bar, between its centre's white mark and its end */
            double dx = L.maze_x + (dc.x + 0.5) * cell + (ds == MEIRO_EAST ? cell / 2 : 0),
                   dy = L.maze_y + (dc.y + 0.5) * cell + (ds == MEIRO_SOUTH ? cell / 2 : 0);
            if (ds == MEIRO_EAST) dy += 0.3 * cell;
            else dx += 0.3 * cell;
            bool kok = true, dok = true;
            for (int i = 0; i < 3; i++) {
                kok = kok && fabs(RGB(bx, by, i) / 255.0 - want[k][i]) < 0.08;
                dok = dok && fabs(RGB(dx, dy, i) / 255.0 - want[k][i]) < 0.08;
            }
            verdict_note(&keys, kok, "seed %llu key %u at (%u, %u): colour %u,%u,%u",
                         (unsigned long long)seed, k + 1, kc.x, kc.y, RGB(bx, by, 0),
                         RGB(bx, by, 1), RGB(bx, by, 2));
            verdict_note(&doors, dok, "seed %llu door %u at (%u, %u): colour %u,%u,%u",
                         (unsigned long long)seed, k + 1, dc.x, dc.y, RGB(dx, dy, 0),
                         RGB(dx, dy, 1), RGB(dx, dy, 2));
        }
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++) {
                unsigned b = meiro_maze_one_way(m, (meiro_cell){x, y});
                for (unsigned d = 0; d < DIR_COUNT; d++) {
                    if (!(b & (1u << d))) continue;
                    /* the arrow's middle, a little past the wall line the way it points */
                    double ax = L.maze_x + (x + 0.5) * cell + DIR_DX[d] * cell * 0.42,
                           ay = L.maze_y + (y + 0.5) * cell + DIR_DY[d] * cell * 0.42;
                    bool door_here = false;
                    for (unsigned k = 0; k < count; k++) {
                        meiro_cell dc;
                        meiro_dir ds;
                        meiro_maze_mission_door(m, k, &dc, &ds);
                        door_here |= (dc.x == x && dc.y == y && ds == d) ||
                                     (dc.x + (uint32_t)DIR_DX[ds] == x &&
                                      dc.y + (uint32_t)DIR_DY[ds] == y && dir_opposite(ds) == d);
                    }
                    if (door_here) continue; /* the door is drawn over its arrow */
                    verdict_note(&arrows, RGB(ax, ay, 0) < 90 && RGB(ax, ay, 1) < 90,
                                 "seed %llu arrow out of (%u, %u) side %u: no ink",
                                 (unsigned long long)seed, x, y, d);
                }
            }
#undef RGB
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        meiro_maze_free(m);
    }
    CHECK_ALL(keys);
    CHECK_ALL(doors);
    CHECK_ALL(arrows);
}

/* JSON keeps the mission: every kind reads back equal, with its walk, and
 * writes the same bytes again; a solution against the rules or a broken
 * mission is refused with its line and column. */
static void test_json(void)
{
    verdict same = {0}, bytes = {0};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        meiro_error e = {0};
        meiro_mission_kind kind = (meiro_mission_kind)(seed % 3);
        meiro_maze *m = mission_maze("growing-tree", 14, 10, seed, 0, kind, 3,
                                     kind == MEIRO_MISSION_NONE ? 50
                                     : seed > 3                 ? 25
                                                                : 0,
                                     &e);
        if (!m) {
            verdict_note(&same, false, "seed %llu: %s", (unsigned long long)seed, e.message);
            continue;
        }
        meiro_path p = {0};
        meiro_solve(m, NULL, &p, &e);
        char *text = NULL, *again = NULL;
        size_t len = 0, len2 = 0;
        FILE *f = open_memstream(&text, &len);
        meiro_status st = meiro_write(m, &p, MEIRO_FORMAT_JSON, NULL, f, &e);
        fclose(f);
        f = fmemopen(text, len, "rb");
        meiro_maze *back = st == MEIRO_OK ? meiro_read(f, MEIRO_FORMAT_JSON, &e) : NULL;
        fclose(f);
        verdict_note(&same, back && meiro_maze_equal(m, back), "seed %llu: %s",
                     (unsigned long long)seed, e.message);
        meiro_path p2 = {0};
        if (back) meiro_solve(back, NULL, &p2, &e);
        f = open_memstream(&again, &len2);
        if (back) meiro_write(back, &p2, MEIRO_FORMAT_JSON, NULL, f, &e);
        fclose(f);
        verdict_note(&bytes, len == len2 && memcmp(text, again, len) == 0,
                     "seed %llu: other bytes the second time", (unsigned long long)seed);
        /* the walk's first step through a door or an arrow turned the wrong way */
        if (kind == MEIRO_MISSION_KEYS) {
            char *bad = strdup(text);
            char *doors = strstr(bad, "\"doors\": [[");
            CHECK(doors != NULL);
            /* door 1 onto the first passage of the walk: the walk passes it keyless */
            char *sol = strstr(bad, "\"solution\"");
            if (doors && sol && p.length > 2) {
                unsigned a = 0, b = 0;
                sscanf(doors, "\"doors\": [[%u, %u]", &a, &b);
                char old[32], now[32];
                snprintf(old, sizeof old, "[[%u, %u]", a, b);
                /* ids of the first two cells of the walk (no mask: y * w + x) */
                unsigned c0 = p.cells[0].y * 14 + p.cells[0].x,
                         c1 = p.cells[1].y * 14 + p.cells[1].x;
                snprintf(now, sizeof now, "[[%u, %u]", c0 < c1 ? c0 : c1, c0 < c1 ? c1 : c0);
                if (strlen(now) <= strlen(old)) {
                    memset(doors + 9, ' ', strlen(old));
                    memcpy(doors + 9, now, strlen(now) - 0);
                    memmove(doors + 9 + strlen(now), doors + 9 + strlen(old),
                            strlen(doors + 9 + strlen(old)) + 1);
                    f = fmemopen(bad, strlen(bad), "rb");
                    meiro_maze *nope = meiro_read(f, MEIRO_FORMAT_JSON, &e);
                    fclose(f);
                    CHECK_MSG(!nope && e.line > 0 && strstr(e.message, "solution"),
                              "a walk through a locked door read: %s", e.message);
                    meiro_maze_free(nope);
                }
            }
            free(bad);
        }
        free(text);
        free(again);
        meiro_path_free(&p);
        meiro_path_free(&p2);
        meiro_maze_free(m);
        meiro_maze_free(back);
    }
    CHECK_ALL(same);
    CHECK_ALL(bytes);
    static const char *const BROKEN[] = {
        "{\"kind\": \"doors\", \"marks\": [], \"one_way\": []}",
        "{\"kind\": \"collect\", \"marks\": [0], \"one_way\": []}", /* on S */
        "{\"kind\": \"collect\", \"marks\": [99], \"one_way\": []}",
        "{\"kind\": \"none\", \"marks\": [], \"one_way\": [[0, 5]]}",
        "{\"kind\": \"keys\", \"marks\": [3], \"one_way\": []}",
    };
    for (size_t k = 0; k < sizeof BROKEN / sizeof BROKEN[0]; k++) {
        char doc[512];
        snprintf(
            doc, sizeof doc,
            "{\"meiro\": 1, \"grid\": \"rect\", \"width\": 3, \"height\": 1, "
            "\"start\": 0, \"goal\": 2, \"cells\": [{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}, "
            "{\"x\": 2, \"y\": 0}], "
            "\"passages\": [[0, 1], [1, 2]],\n\"mission\": %s}",
            BROKEN[k]);
        meiro_error e = {0};
        FILE *f = fmemopen(doc, strlen(doc), "rb");
        meiro_maze *m = meiro_read(f, MEIRO_FORMAT_JSON, &e);
        fclose(f);
        CHECK_MSG(!m && e.line == 2 && strstr(e.message, "mission"), "%s read: %s", BROKEN[k],
                  e.message);
        meiro_maze_free(m);
    }
}

/* Writes m (and p) in format f into a string; NULL on failure. */
static char *write_str(const meiro_maze *m, const meiro_path *p, meiro_format f, size_t *len,
                       meiro_error *e)
{
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    if (!out) return NULL;
    meiro_status st = meiro_write(m, p, f, NULL, out, e);
    fclose(out);
    if (st != MEIRO_OK) free(buf), buf = NULL;
    return buf;
}

static meiro_maze *read_str(const char *text, size_t len, meiro_format f, meiro_error *e)
{
    FILE *in = fmemopen((void *)text, len, "rb");
    if (!in) return NULL;
    meiro_maze *m = meiro_read(in, f, e);
    fclose(in);
    return m;
}

/* Text and CSV keep the mission (a-t, A-F, < > ^ v): every kind on every
 * generator, sizes, seeds, with and without arrows (and loops for items),
 * reads back equal and writes the same bytes again, with its walk; no
 * door is one-way (the notation has one character a passage). */
static void test_text(void)
{
    verdict same = {0}, bytes = {0}, valid = {0}, letters = {0};
    size_t runs = 0;
    for (size_t a = 0; a < meiro_generator_count(); a++) {
        const char *algo = meiro_generator_info(a)->name;
        for (size_t z = 0; z < sizeof SIZES / sizeof SIZES[0]; z++)
            for (uint64_t seed = 1; seed <= 3; seed++) {
                meiro_mission_kind kind = (meiro_mission_kind)((seed + a) % 3);
                unsigned count = kind == MEIRO_MISSION_KEYS ? 1 + (unsigned)((seed + z) % 6)
                                 : kind                     ? 1 + (unsigned)((seed * 7 + a) % 20)
                                                            : 0;
                if (z == 0 && count > 2) count = 2;
                unsigned one_way = kind == MEIRO_MISSION_NONE ? 60 : (unsigned)(seed - 1) * 50;
                unsigned loops = kind == MEIRO_MISSION_COLLECT && seed == 2 ? 30 : 0;
                meiro_error e = {0};
                meiro_maze *m = mission_maze(algo, SIZES[z][0], SIZES[z][1], seed, loops, kind,
                                             count, one_way, &e);
                verdict_note(&valid, m && meiro_maze_check(m, &e) == MEIRO_OK,
                             "%s %ux%u seed %llu: %s", algo, SIZES[z][0], SIZES[z][1],
                             (unsigned long long)seed, e.message);
                if (!m) continue;
                meiro_path p = {0};
                meiro_solve(m, "bfs", &p, &e);
                for (int f = 0; f < 2; f++) {
                    meiro_format fmt = f ? MEIRO_FORMAT_CSV : MEIRO_FORMAT_TEXT;
                    size_t len = 0, len2 = 0;
                    char *text = write_str(m, &p, fmt, &len, &e);
                    meiro_maze *back = text ? read_str(text, len, fmt, &e) : NULL;
                    verdict_note(&same, back && meiro_maze_equal(m, back),
                                 "%s %ux%u seed %llu %s: %s", algo, SIZES[z][0], SIZES[z][1],
                                 (unsigned long long)seed, f ? "csv" : "text", e.message);
                    meiro_path p2 = {0};
                    if (back) meiro_solve(back, "bfs", &p2, &e);
                    char *again = back ? write_str(back, &p2, fmt, &len2, &e) : NULL;
                    verdict_note(&bytes, again && len == len2 && memcmp(text, again, len) == 0,
                                 "%s seed %llu %s: other bytes the second time", algo,
                                 (unsigned long long)seed, f ? "csv" : "text");
                    /* each key and item's letter once, each door's capital once */
                    size_t lower = 0, upper = 0;
                    for (size_t i = 0; text && i < len; i++) {
                        lower += text[i] >= 'a' && text[i] <= 't';
                        upper += text[i] >= 'A' && text[i] <= 'F';
                    }
                    verdict_note(&letters,
                                 text && lower == count &&
                                     upper == (kind == MEIRO_MISSION_KEYS ? count : 0),
                                 "%s seed %llu: %zu letters, %zu capitals for %u", algo,
                                 (unsigned long long)seed, lower, upper, count);
                    runs++;
                    free(text);
                    free(again);
                    meiro_path_free(&p2);
                    meiro_maze_free(back);
                }
                meiro_path_free(&p);
                meiro_maze_free(m);
            }
    }
    CHECK(runs > 100);
    CHECK_ALL(valid);
    CHECK_ALL(same);
    CHECK_ALL(bytes);
    CHECK_ALL(letters);
    /* what a hand-made file may get wrong: the line, column and why */
    static const struct {
        const char *row1, *row2, *why;
        unsigned long line, col;
    } BAD[] = {
        {"#S b  #", "# ### #", "'b' without 'a'", 2, 4},
        {"#Sa a #", "# ### #", "a key or item (a-t) stands in a cell", 2, 3},
        {"#S a a#", "# ### #", "a second 'a'", 2, 6},
        {"#SA   #", "# ### #", "'A' without 'a'", 2, 3},
        {"#S a A#", "# ### #", "a door (A-F) stands in a passage", 2, 6},
        {"#SBa  #", "# ### #", "'a' without 'A'", 2, 4},
        {"#S a  #", "#>### #", "'<' and '>' stand", 3, 2},
        {"#S a v#", "# ### #", "'^' and 'v' stand", 2, 6},
        {"#S a  #", "# #x# #", "unexpected 'x'", 3, 4},
    };
    for (size_t k = 0; k < sizeof BAD / sizeof BAD[0]; k++) {
        char doc[128];
        int n = snprintf(doc, sizeof doc, "#######\n%s\n%s\n#    G#\n#######\n", BAD[k].row1,
                         BAD[k].row2);
        meiro_error e = {0};
        meiro_maze *m = read_str(doc, (size_t)n, MEIRO_FORMAT_TEXT, &e);
        CHECK_MSG(!m && e.line == BAD[k].line && e.column == BAD[k].col &&
                      strstr(e.message, BAD[k].why),
                  "%s / %s: line %lu col %lu: %s", BAD[k].row1, BAD[k].row2, e.line, e.column,
                  e.message);
        meiro_maze_free(m);
    }
    /* and what reads: keys with a door, arrows both ways, items in CSV */
    static const char *const GOOD[] = {
        "#######\n#SAa  #\n#v### #\n#    G#\n#######\n",
        "#######\n#S>a< #\n#^###v#\n#    G#\n#######\n",
        "1,1,1,1,1,1,1\n1,S,0,b,0,a,1\n1,0,1,1,1,0,1\n1,0,0,0,0,G,1\n1,1,1,1,1,1,1\n",
    };
    for (size_t k = 0; k < sizeof GOOD / sizeof GOOD[0]; k++) {
        meiro_error e = {0};
        meiro_format f = k == 2 ? MEIRO_FORMAT_CSV : MEIRO_FORMAT_TEXT;
        meiro_maze *m = read_str(GOOD[k], strlen(GOOD[k]), f, &e);
        size_t len = 0;
        char *again = m ? write_str(m, NULL, f, &len, &e) : NULL;
        CHECK_MSG(again && len == strlen(GOOD[k]) && memcmp(again, GOOD[k], len) == 0,
                  "%s read: %s%s", GOOD[k], e.message, again ? again : "");
        free(again);
        meiro_maze_free(m);
    }
}

/* A booklet of the kinds in turn: made, and its bad kinds refused. */
static void test_booklet(void)
{
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 6, b.seed = 5, b.kinds = "keys,collect,one-way";
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.answers = MEIRO_ANSWERS_KEY;
    meiro_error e = {0};
    char *pdf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&pdf, &len);
    CHECK_MSG(meiro_booklet_write(&b, &page, MEIRO_FORMAT_PDF, f, &e) == MEIRO_OK, "%s", e.message);
    fclose(f);
    CHECK(len > 1000 && memcmp(pdf, "%PDF", 4) == 0);
    free(pdf);
    b.kinds = "keys,lava";
    f = fopen("/dev/null", "wb");
    CHECK(meiro_booklet_write(&b, &page, MEIRO_FORMAT_PDF, f, &e) == MEIRO_ERROR_UNKNOWN_NAME &&
          strstr(e.message, "'lava'"));
    b.kinds = "collect";
    CHECK_MSG(meiro_booklet_write(&b, &page, MEIRO_FORMAT_XLSX, f, &e) == MEIRO_OK, "%s",
              e.message);
    page.play = true;
    CHECK(meiro_booklet_write(&b, &page, MEIRO_FORMAT_XLSX, f, &e) == MEIRO_ERROR_ARGUMENT &&
          e.field == MEIRO_FIELD_PLAY);
    page.play = false;
    /* a kind per level: every level named, none twice, no unknown level */
    b.kinds = "easy:keys,normal:collect,hard:one-way,expert:weave";
    b.from_level = MEIRO_LEVEL_EASY, b.to_level = MEIRO_LEVEL_EXPERT;
    CHECK_MSG(meiro_booklet_write(&b, &page, MEIRO_FORMAT_PDF, f, &e) == MEIRO_OK, "%s",
              e.message);
    b.kinds = "easy:keys,EASY:plain";
    CHECK(meiro_booklet_write(&b, &page, MEIRO_FORMAT_PDF, f, &e) == MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "twice"));
    b.kinds = "middle:keys";
    CHECK(meiro_booklet_write(&b, &page, MEIRO_FORMAT_PDF, f, &e) == MEIRO_ERROR_UNKNOWN_NAME &&
          strstr(e.message, "'middle'"));
    b.kinds = "collect";
    page.answers = MEIRO_ANSWERS_NONE;
    CHECK_MSG(meiro_booklet_write(&b, &page, MEIRO_FORMAT_HTML, f, &e) == MEIRO_OK, "%s",
              e.message);
    fclose(f);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {{"keys", test_keys},         {"collect", test_collect},
                                      {"one_way", test_one_way},   {"refusals", test_refusals},
                                      {"pictures", test_pictures}, {"json", test_json},
                                      {"text", test_text},
                                      {"booklet", test_booklet}};
    return test_main("mission", argc, argv, cases, TEST_COUNT(cases));
}
