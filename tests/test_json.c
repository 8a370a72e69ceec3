/* JSON: round trips over every grid, generator, size and seed, with and
 * without masks and solutions; the document's exact text; the same maze
 * giving the same bytes; bad input with the line and column of the fault;
 * input cut anywhere across the reader's window; sizes out of proportion
 * to the data refused before the maze is made. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "meiro.h"
#include "tools.h"

/* Public API only (include/ is the only include path): an example too. */
#include <locale.h>
#include <unistd.h>
#include <stdint.h>

static meiro_maze *parse_n(const char *text, size_t len, meiro_error *err)
{
    static char none[1];
    FILE *f = fmemopen(len ? (void *)text : none, len ? len : 1, "rb");
    if (!f) return NULL;
    if (!len) fgetc(f);
    meiro_maze *m = meiro_read(f, MEIRO_FORMAT_JSON, err);
    fclose(f);
    return m;
}

static meiro_maze *parse(const char *text, meiro_error *err)
{
    return parse_n(text, strlen(text), err);
}

/* Writes to memory; the caller frees the text. NULL if writing failed. */
static char *render(const meiro_maze *m, const meiro_path *p, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f) return NULL;
    meiro_status st = meiro_write(m, p, MEIRO_FORMAT_JSON, NULL, f, NULL);
    fclose(f);
    if (st != MEIRO_OK) {
        free(buf);
        return NULL;
    }
    if (len) *len = n;
    return buf;
}

/* Everything the JSON keeps: the grid, its rows, the cells inside, every
 * side, the ends and their doors, the seed and the generator. Through the
 * public API, so a mask or a grid meiro_maze_equal might not see counts. */
static bool same_maze(const meiro_maze *a, const meiro_maze *b, char *why, size_t size)
{
    snprintf(why, size, "same");
    if (meiro_maze_grid(a) != meiro_maze_grid(b) || meiro_maze_width(a) != meiro_maze_width(b) ||
        meiro_maze_height(a) != meiro_maze_height(b) ||
        meiro_maze_has_mask(a) != meiro_maze_has_mask(b) ||
        meiro_maze_cell_count(a) != meiro_maze_cell_count(b)) {
        snprintf(why, size, "grid, size, mask or cell count differ");
        return false;
    }
    for (uint32_t y = 0; y < meiro_maze_height(a); y++) {
        if (meiro_maze_row_width(a, y) != meiro_maze_row_width(b, y)) {
            snprintf(why, size, "row %u differs in width", y);
            return false;
        }
        for (uint32_t x = 0; x < meiro_maze_row_width(a, y); x++) {
            meiro_cell c = {x, y};
            if (meiro_maze_is_active(a, c) != meiro_maze_is_active(b, c) ||
                meiro_maze_sides(a, c) != meiro_maze_sides(b, c)) {
                snprintf(why, size, "cell (%u, %u) differs in mask or sides", x, y);
                return false;
            }
            for (unsigned s = 0; s < meiro_maze_sides(a, c); s++) {
                if (meiro_maze_side_open(a, c, s) != meiro_maze_side_open(b, c, s)) {
                    snprintf(why, size, "cell (%u, %u) side %u differs", x, y, s);
                    return false;
                }
            }
        }
    }
    meiro_cell sa = meiro_maze_start(a), sb = meiro_maze_start(b), ga = meiro_maze_goal(a),
               gb = meiro_maze_goal(b);
    if (sa.x != sb.x || sa.y != sb.y || ga.x != gb.x || ga.y != gb.y ||
        meiro_maze_start_door(a) != meiro_maze_start_door(b) ||
        meiro_maze_goal_door(a) != meiro_maze_goal_door(b)) {
        snprintf(why, size, "start, goal or doors differ");
        return false;
    }
    uint64_t seed_a = 0, seed_b = 0;
    if (meiro_maze_seed(a, &seed_a) != meiro_maze_seed(b, &seed_b) || seed_a != seed_b ||
        strcmp(meiro_maze_algorithm(a), meiro_maze_algorithm(b)) != 0) {
        snprintf(why, size, "seed or algorithm differ");
        return false;
    }
    return true;
}

/* Written, read back the same, written again to the same bytes. */
static bool round_trip(const meiro_maze *m, const meiro_path *path, char *why, size_t size)
{
    size_t len = 0, len2 = 0;
    char *text = render(m, path, &len);
    if (!text) {
        snprintf(why, size, "not written");
        return false;
    }
    meiro_error err = {0};
    meiro_maze *back = parse_n(text, len, &err);
    bool ok = back != NULL;
    if (!back)
        snprintf(why, size, "not read back: %lu:%lu: %.200s", err.line, err.column, err.message);
    ok = ok && same_maze(m, back, why, size);
    if (ok && !meiro_maze_equal(m, back)) {
        snprintf(why, size, "meiro_maze_equal says they differ");
        ok = false;
    }
    char *again = ok ? render(back, path, &len2) : NULL;
    if (ok && (!again || len2 != len || memcmp(text, again, len) != 0)) {
        snprintf(why, size, "written again, the text differs");
        ok = false;
    }
    free(again);
    free(text);
    meiro_maze_free(back);
    return ok;
}

/* A small PRNG of the test's own, for the mazes it carves by hand. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A random spanning tree through the side API (any grid, any mask),
 * depth-first with an explicit stack, then `loops` extra sides opened.
 * The maze has every side closed. */
static bool carve(meiro_maze *m, uint64_t seed, unsigned loops)
{
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    size_t n = (size_t)w * h;
    uint8_t *seen = calloc(n, 1);
    meiro_cell *stack = malloc(n * sizeof *stack);
    bool ok = seen && stack;
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
    meiro_cell first = meiro_maze_start(m);
    size_t top = 0;
    if (ok) {
        stack[top++] = first;
        seen[(size_t)first.y * w + first.x] = 1;
    }
    while (ok && top) {
        meiro_cell c = stack[top - 1];
        unsigned sides = meiro_maze_sides(m, c), options[8], k = 0;
        for (unsigned s = 0; s < sides && s < 8; s++) {
            meiro_cell nb;
            if (meiro_maze_neighbour(m, c, s, &nb) && !seen[(size_t)nb.y * w + nb.x])
                options[k++] = s;
        }
        if (!k) {
            top--;
            continue;
        }
        unsigned s = options[next_random(&rng) % k];
        meiro_cell nb;
        meiro_maze_neighbour(m, c, s, &nb);
        ok = meiro_maze_set_side(m, c, s, true) == MEIRO_OK;
        seen[(size_t)nb.y * w + nb.x] = 1;
        stack[top++] = nb;
    }
    for (unsigned l = 0; ok && l < loops; l++) {
        uint32_t y = (uint32_t)(next_random(&rng) % h);
        uint32_t rw = meiro_maze_row_width(m, y);
        meiro_cell c = {(uint32_t)(next_random(&rng) % rw), y};
        unsigned sides = meiro_maze_sides(m, c);
        if (sides) meiro_maze_set_side(m, c, (unsigned)(next_random(&rng) % sides), true);
    }
    free(seen);
    free(stack);
    return ok;
}

/* The shortest path from S to G by the side API, any grid (the test's
 * own: the solvers are not what is tested here). False if there is none. */
static bool find_path(const meiro_maze *m, meiro_path *path)
{
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    size_t n = (size_t)w * h, head = 0, tail = 0;
    meiro_cell *queue = malloc(n * sizeof *queue), *from = malloc(n * sizeof *from);
    uint8_t *seen = calloc(n, 1);
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    bool found = false;
    if (queue && from && seen) {
        queue[tail++] = s;
        seen[(size_t)s.y * w + s.x] = 1;
    }
    while (head < tail && !found) {
        meiro_cell c = queue[head++];
        if (c.x == g.x && c.y == g.y) found = true;
        for (unsigned k = 0; !found && k < meiro_maze_sides(m, c); k++) {
            meiro_cell nb;
            if (!meiro_maze_side_open(m, c, k) || !meiro_maze_neighbour(m, c, k, &nb) ||
                seen[(size_t)nb.y * w + nb.x])
                continue;
            seen[(size_t)nb.y * w + nb.x] = 1;
            from[(size_t)nb.y * w + nb.x] = c;
            queue[tail++] = nb;
        }
    }
    memset(path, 0, sizeof *path);
    if (found) {
        size_t len = 1;
        for (meiro_cell c = g; c.x != s.x || c.y != s.y; c = from[(size_t)c.y * w + c.x]) len++;
        path->cells = malloc(len * sizeof *path->cells);
        path->length = len;
        meiro_cell c = g;
        for (size_t k = len; path->cells && k-- > 0; c = from[(size_t)c.y * w + c.x])
            path->cells[k] = c;
        found = path->cells != NULL;
    }
    free(queue);
    free(from);
    free(seen);
    return found;
}

static void test_rect_generators(void)
{
    static const uint32_t dims[][2] = {{1, 1}, {1, 6}, {6, 1}, {2, 2}, {5, 5}, {13, 8}, {40, 31}};
    verdict trips = {0};
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
            for (uint64_t seed = 1; seed <= 3; seed++) {
                meiro_generate_options opt;
                meiro_generate_options_init(&opt);
                opt.width = dims[d][0];
                opt.height = dims[d][1];
                opt.algorithm = meiro_generator_info(g)->name;
                opt.seed = seed * 0x123456789ABCDEFull; /* a seed past 2^53 */
                opt.loops = seed == 3 ? 30 : 0;
                opt.ends = seed == 2 ? MEIRO_ENDS_BORDER : MEIRO_ENDS_CORNERS;
                meiro_maze *m = meiro_generate(&opt, NULL);
                meiro_path path = {0};
                bool made = m && meiro_solve(m, NULL, &path, NULL) == MEIRO_OK;
                char why[400] = "not made or solved";
                for (int with_path = 0; with_path <= 1; with_path++)
                    verdict_note(&trips,
                                 made && round_trip(m, with_path ? &path : NULL, why, sizeof why),
                                 "%s %ux%u seed %llu%s: %s", opt.algorithm, opt.width, opt.height,
                                 (unsigned long long)seed, with_path ? " with path" : "", why);
                meiro_path_free(&path);
                meiro_maze_free(m);
            }
        }
    }
    CHECK_ALL(trips);
}

/* Masks built by hand: a ring, a diagonal band, a checkerboard corner, a
 * mask of one row, each carved into a tree (and with loops). */
static uint8_t mask_at(int shape, uint32_t x, uint32_t y, uint32_t w, uint32_t h)
{
    switch (shape) {
    case 0: return x == 0 || y == 0 || x == w - 1 || y == h - 1;     /* a ring */
    case 1: return x + 2 >= y && y + 2 >= x;                         /* a diagonal band */
    case 2: return !(x > w / 2 && y > h / 2) && !(x == 0 && y == 0); /* an L, no first cell */
    default: return y == h / 2;                                      /* one row */
    }
}

static void test_masks(void)
{
    static const uint32_t dims[][2] = {{3, 3}, {7, 5}, {12, 12}, {30, 17}};
    verdict trips = {0}, masked = {0};
    for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
        uint32_t w = dims[d][0], h = dims[d][1];
        for (int shape = 0; shape < 4; shape++) {
            for (uint64_t seed = 1; seed <= 3; seed++) {
                uint8_t *inside = malloc((size_t)w * h);
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++)
                        inside[(size_t)y * w + x] = mask_at(shape, x, y, w, h);
                meiro_maze *m = meiro_maze_new(w, h, NULL);
                bool made = m && meiro_maze_set_mask(m, inside, NULL) == MEIRO_OK &&
                            carve(m, seed, seed == 3 ? 5 : 0);
                meiro_maze_set_origin(m, "by hand", seed);
                size_t in = 0;
                for (size_t i = 0; i < (size_t)w * h; i++) in += inside[i];
                verdict_note(&masked, made && meiro_maze_has_mask(m) == (in < (size_t)w * h),
                             "%ux%u shape %d: a mask leaving %zu of %u cells out, or none", w, h,
                             shape, (size_t)w * h - in, w * h);
                meiro_path path = {0};
                bool solved = made && meiro_solve(m, NULL, &path, NULL) == MEIRO_OK;
                char why[400] = "not made";
                verdict_note(&trips, made && round_trip(m, NULL, why, sizeof why),
                             "%ux%u shape %d seed %llu: %s", w, h, shape, (unsigned long long)seed,
                             why);
                if (solved)
                    verdict_note(&trips, round_trip(m, &path, why, sizeof why),
                                 "%ux%u shape %d seed %llu with path: %s", w, h, shape,
                                 (unsigned long long)seed, why);
                meiro_path_free(&path);
                meiro_maze_free(m);
                free(inside);
            }
        }
    }
    CHECK_ALL(masked);
    CHECK_ALL(trips);
}

/* Polar, hex and triangle: carved by hand and by every generator that
 * takes the grid. */
static void test_grids(void)
{
    static const uint32_t dims[][2] = {{2, 2}, {1, 2}, {2, 1}, {5, 5}, {9, 4}, {16, 11}};
    verdict trips = {0}, generated = {0};
    for (meiro_grid grid = MEIRO_GRID_POLAR; grid < MEIRO_GRID_COUNT; grid++) {
        for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
            uint32_t w = dims[d][0], h = dims[d][1];
            for (uint64_t seed = 1; seed <= 3; seed++) {
                meiro_error err = {0};
                meiro_maze *m = meiro_maze_new_grid(grid, w, h, &err);
                if (!m && grid == MEIRO_GRID_POLAR && h < 2) continue; /* polar: 2 rings at least */
                bool made = m && carve(m, seed, seed == 3 ? 7 : 0);
                if (m && seed == 2) meiro_maze_set_origin(m, "by hand", UINT64_MAX - seed);
                meiro_path path = {0};
                bool solved = made && find_path(m, &path);
                char why[400] = "not made";
                if (!m) snprintf(why, sizeof why, "not made: %.200s", err.message);
                verdict_note(&trips, made && round_trip(m, NULL, why, sizeof why),
                             "%s %ux%u seed %llu: %s", meiro_grid_name(grid), w, h,
                             (unsigned long long)seed, why);
                if (solved)
                    verdict_note(&trips, round_trip(m, &path, why, sizeof why),
                                 "%s %ux%u seed %llu with path: %s", meiro_grid_name(grid), w, h,
                                 (unsigned long long)seed, why);
                meiro_path_free(&path);
                meiro_maze_free(m);
            }
        }
        /* the generators that take this grid */
        for (size_t g = 0; g < meiro_generator_count(); g++) {
            meiro_generate_options opt;
            meiro_generate_options_init(&opt);
            opt.grid = grid;
            opt.width = 9;
            opt.height = 7;
            opt.seed = 77;
            opt.algorithm = meiro_generator_info(g)->name;
            meiro_maze *m = meiro_generate(&opt, NULL);
            if (!m) continue;
            generated.items++;
            char why[400];
            verdict_note(&trips, round_trip(m, NULL, why, sizeof why), "%s by %s: %s",
                         meiro_grid_name(grid), opt.algorithm, why);
            meiro_maze_free(m);
        }
    }
    CHECK_ALL(trips);
    printf("json grids: %u mazes made by the generators\n", generated.items);
}

/* The document meiro writes, exactly, for a small maze of each kind. */
static void test_document(void)
{
    meiro_maze *m = meiro_maze_new(2, 2, NULL);
    meiro_maze_carve(m, 0, 0, MEIRO_EAST);
    meiro_maze_carve(m, 1, 0, MEIRO_SOUTH);
    meiro_maze_carve(m, 0, 1, MEIRO_EAST);
    meiro_maze_set_start(m, (meiro_cell){0, 0}, MEIRO_WEST);
    meiro_maze_set_origin(m, "dig", 18446744073709551615ull);
    meiro_path p = {0};
    CHECK(meiro_solve(m, NULL, &p, NULL) == MEIRO_OK);
    char *text = render(m, &p, NULL);
    CHECK(text != NULL);
    if (text)
        CHECK_STR(
            text,
            "{\n"
            "  \"meiro\": 1,\n"
            "  \"grid\": \"rect\",\n"
            "  \"width\": 2,\n"
            "  \"height\": 2,\n"
            "  \"extent\": [2, 2],\n"
            "  \"seed\": \"18446744073709551615\",\n"
            "  \"algorithm\": \"dig\",\n"
            "  \"start\": 0,\n"
            "  \"start_door\": \"west\",\n"
            "  \"goal\": 3,\n"
            "  \"cells\": [\n"
            "    {\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}, {\"x\": 0, \"y\": 1}, {\"x\": 1, \"y\": 1}\n"
            "  ],\n"
            "  \"passages\": [\n"
            "    [0, 1], [1, 3], [2, 3]\n"
            "  ],\n"
            "  \"solution\": [\n"
            "    0, 1, 3\n"
            "  ]\n"
            "}\n");
    free(text);
    meiro_path_free(&p);
    meiro_maze_free(m);
    /* a masked rect lists the cells inside; ids count them */
    uint8_t inside[6] = {1, 0, 1, 1, 1, 1};
    m = meiro_maze_new(3, 2, NULL);
    meiro_maze_set_mask(m, inside, NULL);
    meiro_maze_set_side(m, (meiro_cell){0, 0}, MEIRO_SOUTH, true);
    meiro_maze_set_side(m, (meiro_cell){0, 1}, MEIRO_EAST, true);
    meiro_maze_set_side(m, (meiro_cell){1, 1}, MEIRO_EAST, true);
    meiro_maze_set_side(m, (meiro_cell){2, 0}, MEIRO_SOUTH, true);
    text = render(m, NULL, NULL);
    CHECK(text && strstr(text, "\"start\": 0,\n  \"goal\": 4,\n  \"cells\": [\n"
                               "    {\"x\": 0, \"y\": 0}, ") != NULL);
    CHECK(text && strstr(text, "}, {\"x\": 2, \"y\": 0}, {\"x\": 0, \"y\": 1}") != NULL);
    CHECK(text &&
          strstr(text, "\"passages\": [\n    [0, 2], [1, 4], [2, 3], [3, 4]\n  ]\n}\n") != NULL);
    CHECK(text && !strstr(text, "center") && !strstr(text, "corners")); /* a rect has no geometry */
    free(text);
    meiro_maze_free(m);
}

/* Each grid's geometry in the document: a polar cell's radii and angles,
 * hexagons and triangles with their corners clockwise. */
static void test_geometry(void)
{
    meiro_maze *m = meiro_maze_new_grid(MEIRO_GRID_POLAR, 0, 3, NULL);
    char *text = m ? render(m, NULL, NULL) : NULL;
    CHECK_MSG(text != NULL, "a polar maze of 3 rings is made and written");
    if (text) {
        CHECK(strstr(text, "\"grid\": \"polar\"") != NULL);
        CHECK(strstr(text, "\"extent\": [6, 6]") != NULL);
        CHECK(
            strstr(
                text,
                "{\"x\": 0, \"y\": 0, \"center\": [3, 3], \"radii\": [0, 1], \"angles\": [0, 360]}") !=
            NULL);
        CHECK(strstr(text, "\"y\": 1, \"center\": [") != NULL &&
              strstr(text, "\"radii\": [1, 2], \"angles\": [60, 120]}") != NULL);
        CHECK(strstr(text, "corners") == NULL);
    }
    free(text);
    meiro_maze_free(m);
    m = meiro_maze_new_grid(MEIRO_GRID_HEX, 2, 1, NULL);
    text = m ? render(m, NULL, NULL) : NULL;
    CHECK_MSG(text != NULL, "a hex maze of 2 x 1 is made and written");
    if (text)
        CHECK_MSG(
            strstr(
                text,
                "{\"x\": 0, \"y\": 0, \"center\": [1, 0.866025404], \"corners\": [[0.5, 0], [1.5, 0], "
                "[2, 0.866025404], [1.5, 1.732050808], [0.5, 1.732050808], [0, 0.866025404]]}") !=
                NULL,
            "%s", text);
    free(text);
    meiro_maze_free(m);
    m = meiro_maze_new_grid(MEIRO_GRID_TRIANGLE, 2, 1, NULL);
    text = m ? render(m, NULL, NULL) : NULL;
    CHECK_MSG(text != NULL, "a triangle maze of 2 x 1 is made and written");
    if (text) {
        CHECK_MSG(
            strstr(text,
                   "{\"x\": 0, \"y\": 0, \"center\": [0.5, 0.577350269], \"corners\": [[0.5, 0], "
                   "[1, 0.866025404], [0, 0.866025404]]}") != NULL,
            "%s", text);
        CHECK_MSG(
            strstr(text,
                   "{\"x\": 1, \"y\": 0, \"center\": [1, 0.288675135], \"corners\": [[0.5, 0], "
                   "[1.5, 0], [1, 0.866025404]]}") != NULL,
            "%s", text);
    }
    free(text);
    meiro_maze_free(m);
}

/* Numbers in the C locale whatever the program's. */
static void test_locale(void)
{
    if (!setlocale(LC_ALL, "de_DE.UTF-8")) {
        test_skip("the de_DE.UTF-8 locale is not installed");
        return;
    }
    meiro_maze *m = meiro_maze_new_grid(MEIRO_GRID_HEX, 3, 2, NULL); /* geometry with decimals */
    meiro_maze_set_side(m, (meiro_cell){1, 0}, 2, true);
    char *text = render(m, NULL, NULL);
    setlocale(LC_ALL, "C");
    char *plain = render(m, NULL, NULL);
    CHECK(text && plain && strcmp(text, plain) == 0 && strstr(text, "[1, 0.866025404]") != NULL);
    if (text) setlocale(LC_ALL, "de_DE.UTF-8");
    meiro_error err = {0};
    meiro_maze *back = text ? parse(text, &err) : NULL;
    setlocale(LC_ALL, "C");
    CHECK_MSG(back && meiro_maze_equal(m, back), "%s", err.message);
    meiro_maze_free(back);
    free(text);
    free(plain);
    meiro_maze_free(m);
}

/* A document of 2 x 1 cells (x, y only) around the given parts. */
#define DOC(before, cells, after)                                                                  \
    "{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " before "\"cells\": [" cells \
    "],\n\"passages\": [[0, 1]]" after "}"
#define TWO "{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}"
#define ENDS "\"start\": 0, \"goal\": 1, "

static void test_bad_input(void)
{
    static const struct {
        const char *text;
        unsigned long line, col;
        const char *says;
    } bad[] = {
        {"", 1, 1, "empty file"},
        {"  \n", 1, 1, "empty file"},
        {"[1, 2]", 1, 1, "holds a list, not a maze"},
        {"{\"meiro\": 1,\n \"grid\": \"square\"}", 2, 10, "unknown grid \"square\""},
        {"{\"meiro\": 2}", 1, 11, "version 2"},
        {"{\"meiro\": \"1\"}", 1, 11, "format's version"},
        {"{\"meiro\": 1, \"size\": 3}", 1, 14, "unknown key \"size\""},
        {"{\"meiro\": 1, \"meiro\": 1}", 1, 14, "\"meiro\" appears twice"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 0}", 1, 39, "from 1 to 65535"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2.5}", 1, 39, "whole number"},
        {"{\"meiro\": 1, \"cells\": []}", 1, 14, "\"cells\" comes before \"grid\""},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, \"passages\": []}", 1, 55,
         "\"passages\" comes before \"cells\""},
        {"{\"meiro\": 1 \"grid\": \"rect\"}", 1, 13,
         "',' or '}' expected after the value of \"meiro\""},
        {"{\"meiro\": 1, }", 1, 14, "a comma before '}'"},
        {"{\"meiro\": 1, grid: 2}", 1, 14, "a key in double quotes"},
        {"{\"meiro\" 1}", 1, 10, "':' expected"},
        {"{\"meiro\": 1,\n  \"grid\": \"rect\",\n  \"width\": tru}", 3, 14, "invalid token"},
        {"{\"meiro\": 1, \"grid\": \"rect\"", 1, 28, "the file ends inside the maze's object"},
        {DOC(ENDS, TWO, "") " 5", 2, 23, "text after the end of the maze"},
        {DOC(ENDS, TWO, ", \"solution\": [0, 1],"), 2, 42, "a comma before '}'"},
        /* cells */
        {DOC(ENDS, "{\"x\": 0, \"y\": 0}", ""), 1, 104,
         "the shape leaves 1 cell inside the maze"}, /* a mask of 1 */
        {DOC(ENDS, TWO ", {\"x\": 1, \"y\": 1}", ""), 1, 124, "only 2 cells"},
        {DOC(ENDS, "{\"x\": 1, \"y\": 0}, {\"x\": 0, \"y\": 0}", ""), 1, 106,
         "comes before cell 0 (x 1, y 0)"},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0}, {\"x\": 2, \"y\": 0}", ""), 1, 106,
         "outside the 2 x 1 grid"},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0}, [1, 0]", ""), 1, 106, "a cell is an object"},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0}, {\"x\": 1}", ""), 1, 106, "no \"y\""},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": -1}", ""), 1, 106, "\"y\" is -1"},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0, \"z\": 0}, {\"x\": 1, \"y\": 0}", ""), 1, 88,
         "unknown key \"z\""},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0, \"x\": 0}, {\"x\": 1, \"y\": 0}", ""), 1, 107,
         "duplicate object key"},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0, \"radii\": [0, 1]}, {\"x\": 1, \"y\": 0}", ""), 1, 88,
         "unknown key \"radii\""},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0, \"center\": [0.5, 0.6]}, {\"x\": 1, \"y\": 0}", ""), 1, 88,
         "this cell's centre is [0.5, 0.5]"},
        {DOC(ENDS,
             "{\"x\": 0, \"y\": 0, \"corners\": [[0, 0], [1, 0], [1, 1]]}, {\"x\": 1, \"y\": 0}",
             ""),
         1, 88, "4 corners are [[0, 0], [1, 0], [1, 1], [0, 1]]"},
        {DOC(ENDS, "{\"x\": 0, \"y\": 0, \"center\": \"middle\"}, {\"x\": 1, \"y\": 0}", ""), 1, 88,
         "not a point"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, \"cells\": {}}", 1, 64,
         "\"cells\" is an object, not a list"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, \"cells\": [{\"x\": 0, \"y\": 0}",
         1, 81, "the file ends inside \"cells\""},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, \"cells\": [{\"x\": 0, \"y\": 0}}",
         1, 81, "',' or ']' expected after cell 0"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, \"cells\": [{\"x\": 0, \"y\": 0},]}",
         1, 82, "a comma before ']'"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, \"cells\": [{\"x\": 0, \"y\": \"0\xff\"}]}",
         1, 80, "cell 0: unable to decode byte 0xff"},
        /* passages */
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 2, " ENDS
         "\"cells\": [{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}, {\"x\": 0, \"y\": 1}, {\"x\": 1, \"y\": 1}],\n"
         "  \"passages\": [[0, 1],\n    [0, 3]]}",
         3, 5, "passage 1 [0, 3]: cells 0 and 3 are not neighbours"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " ENDS "\"cells\": [" TWO
         "], \"passages\": [[0, 1], [0, 1]]}",
         1, 146, "passage 1 [0, 1]: it is listed twice"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " ENDS "\"cells\": [" TWO
         "], \"passages\": [[1, 0]]}",
         1, 138, "the smaller id comes first: [0, 1]"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " ENDS "\"cells\": [" TWO
         "], \"passages\": [[1, 1]]}",
         1, 138, "joins a cell to itself"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " ENDS "\"cells\": [" TWO
         "], \"passages\": [[0, 2]]}",
         1, 138, "there is no cell 2 (ids run from 0 to 1)"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " ENDS "\"cells\": [" TWO
         "], \"passages\": [[0, 1.5]]}",
         1, 138, "a passage is a pair of cell ids"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " ENDS "\"cells\": [" TWO
         "], \"passages\": [[0, 1, 2]]}",
         1, 138, "a passage is a pair of cell ids"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, " ENDS "\"cells\": [" TWO
         "], \"passages\": [[0, 1] [1, 2]]}",
         1, 145, "',' or ']' expected after passage 0"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 3, \"height\": 1, " ENDS
         "\"cells\": [{\"x\": 0, \"y\": 0}, {\"x\": 2, \"y\": 0}], \"passages\": [[0, 1]]}",
         1, 138, "cells 0 and 1 are not neighbours"},
        /* the small keys and what needs the whole document */
        {DOC("\"start\": 0, ", TWO, ""), 2, 21, "no \"goal\""},
        {DOC("\"start\": 0, \"goal\": 2, ", TWO, ""), 1, 75,
         "\"goal\" is 2: there is no such cell"},
        {DOC("\"start\": 0, \"goal\": -1, ", TWO, ""), 1, 75, "not a cell id"},
        {DOC("\"start\": 1, \"goal\": 1, ", TWO, ""), 1, 75, "the goal is the start's cell 1"},
        {DOC(ENDS "\"seed\": 12, ", TWO, ""), 1, 86, "a string of decimal digits"},
        {DOC(ENDS "\"seed\": \"18446744073709551616\", ", TWO, ""), 1, 86,
         "a string of decimal digits"},
        {DOC(ENDS "\"seed\": \"-1\", ", TWO, ""), 1, 86, "a string of decimal digits"},
        {DOC(ENDS "\"algorithm\": \"dig\", ", TWO, ""), 1, 91, "\"algorithm\" without \"seed\""},
        {DOC(ENDS "\"seed\": \"1\", \"algorithm\": \"a name much longer than thirty-one bytes\", ",
             TWO, ""),
         1, 104, "at most 31 bytes"},
        {DOC(ENDS "\"start_door\": \"up\", ", TWO, ""), 1, 92,
         "\"north\", \"east\", \"south\" or \"west\""},
        {DOC(ENDS "\"start_door\": \"east\", ", TWO, ""), 1, 92,
         "the start cell (x 0, y 0) is not on the east side"},
        {DOC(ENDS "\"extent\": [2, 2], ", TWO, ""), 1, 88,
         "\"extent\" is [2, 2], but this grid's is [2, 1]"},
        {DOC(ENDS, TWO, ", \"solution\": [0]"), 2, 35,
         "\"solution\" step 0: it ends at cell 0, not at the goal (1)"},
        {DOC(ENDS, TWO, ", \"solution\": [1, 0, 1]"), 2, 35,
         "step 0: it begins at cell 1, not at the start (0)"},
        {DOC(ENDS, TWO, ", \"solution\": [0, 0, 1]"), 2, 35,
         "step 1: no passage joins cells 0 and 0"},
        {DOC(ENDS, TWO, ", \"solution\": [0, 5, 1]"), 2, 35, "step 1: there is no cell 5"},
        {DOC(ENDS, TWO, ", \"solution\": []"), 2, 35, "\"solution\" is empty"},
        {DOC(ENDS, TWO, ", \"solution\": [0, \"1\"]"), 2, 39,
         "\"solution\" step 1 is \"1\", not a cell id"},
        /* sizes out of proportion to the data: refused before the maze is made */
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 20000, \"height\": 20000, \"cells\": [{\"x\": 0, \"y\": 0}]}",
         1, 89, "\"cells\": a shape of 1 cells is too sparse for its 20000 x 20000 grid"},
        {"{\"meiro\": 1, \"grid\": \"hex\", \"width\": 20000, \"height\": 20000, \"cells\": [{\"x\": 0, \"y\": 0}]}",
         1, 71, "the file ends too soon to list the cells of a 20000 x 20000 hex maze"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 65535, \"height\": 65535, \"cells\": []}",
         1, 39, "too large"},
    };
    verdict refused = {0};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        meiro_error err = {0};
        meiro_maze *m = parse(bad[i].text, &err);
        verdict_note(&refused,
                     !m && err.status != MEIRO_OK && err.line == bad[i].line &&
                         err.column == bad[i].col && strstr(err.message, bad[i].says) != NULL,
                     "input %zu: %s; expected %lu:%lu '%s', got %lu:%lu '%s'", i,
                     m ? "accepted" : "refused", bad[i].line, bad[i].col, bad[i].says, err.line,
                     err.column, err.message);
        meiro_maze_free(m);
    }
    CHECK_ALL(refused);
    /* spaces are no content: a megabyte of them lists no cells */
    static const char *const padded[][2] = {
        {"{\"meiro\": 1, \"grid\": \"hex\", \"width\": 20000, \"height\": 20000, \"cells\": [",
         "{\"x\": 0}]}"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 20000, \"height\": 20000, \"start\": 0, \"goal\": 1, "
         "\"cells\": [",
         "{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}], \"passages\": [[0, 1]]}"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 1, \"cells\": [{\"x\": ",
         "0}]}"},
    };
    static const char *const padded_says[] = {
        "the file ends too soon to list the cells of a 20000 x 20000 hex maze "
        "(spaces do not count)",
        "too sparse for its 20000 x 20000 grid", "longer than 1 MiB"};
    verdict spaces = {0};
    for (size_t i = 0; i < 3; i++) {
        size_t head = strlen(padded[i][0]), pad = (size_t)1 << 21, tail = strlen(padded[i][1]);
        char *doc = malloc(head + pad + tail);
        if (!doc) continue;
        memcpy(doc, padded[i][0], head);
        memset(doc + head, ' ', pad);
        memcpy(doc + head + pad, padded[i][1], tail);
        meiro_error err = {0};
        meiro_maze *m = parse_n(doc, head + pad + tail, &err);
        verdict_note(&spaces, !m && strstr(err.message, padded_says[i]), "padded %zu: %s", i,
                     err.message);
        meiro_maze_free(m);
        free(doc);
    }
    CHECK_ALL(spaces);
    /* the other grids */
    static const struct {
        const char *text;
        unsigned long line, col;
        const char *says;
    } grids[] = {
        {"{\"meiro\": 1, \"grid\": \"polar\", \"width\": 5, \"height\": 2, \"cells\": []}", 1, 40,
         "\"width\" is 5: a polar maze of 2 rings has 6 cells in its outer ring"},
        {"{\"meiro\": 1, \"grid\": \"hex\", \"width\": 2, \"height\": 2, \"start\": 0, \"goal\": 3, \"cells\": "
         "[{\"x\": 0, \"y\": 0}, {\"x\": 0, \"y\": 1}]}",
         1, 105, "cell 1 is (x 0, y 1), but cell 1 of this hex grid is (x 1, y 0)"},
        {"{\"meiro\": 1, \"grid\": \"hex\", \"width\": 3, \"height\": 1, \"start\": 0, \"goal\": 2, \"cells\": "
         "[{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}], \"passages\": []}",
         1, 121, "\"cells\" lists 2 cells: a hex grid of 3 x 1 has 3"},
        {"{\"meiro\": 1, \"grid\": \"hex\", \"width\": 3, \"height\": 1, \"start\": 0, \"goal\": 2, \"cells\": "
         "[{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}, {\"x\": 2, \"y\": 0}], \"passages\": [[0, 2]]}",
         1, 155, "passage 0 [0, 2]: cells 0 and 2 are not neighbours"},
        {"{\"meiro\": 1, \"grid\": \"hex\", \"width\": 3, \"height\": 1, \"start\": 0, \"start_door\": \"west\", "
         "\"goal\": 2, \"cells\": [{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}, {\"x\": 2, \"y\": 0}], "
         "\"passages\": [[0, 1]]}",
         1, 80, "doors in the outer wall are for rect grids only"},
        {"{\"meiro\": 1, \"grid\": \"polar\", \"width\": 6, \"height\": 2, \"cells\": [{\"x\": 0, \"y\": 0, "
         "\"corners\": []}]}",
         1, 66, "unknown key \"corners\" (a polar cell has x, y, center, radii and angles)"},
        {"{\"meiro\": 1, \"grid\": \"polar\", \"width\": 6, \"height\": 2, \"cells\": [{\"x\": 0, \"y\": 0, "
         "\"angles\": [0, 360]}, {\"x\": 0, \"y\": 1, \"angles\": [0, 90]}]}",
         1, 104, "cell 1: \"angles\" is [0,90], but this cell's are [0, 60]"},
        {"{\"meiro\": 1, \"grid\": \"polar\", \"width\": 6, \"height\": 9000, \"cells\": [{\"x\": 0, \"y\": 0}]}",
         1, 68, "the file ends too soon to list the cells of a polar maze of 9000 rings"},
        {"{\"meiro\": 1, \"grid\": \"triangle\", \"width\": 2, \"height\": 1, \"start\": 1, \"goal\": 1, \"cells\": "
         "[{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}], \"passages\": [[0, 1]]}",
         1, 79, "the goal is the start's cell 1"},
        {"{\"meiro\": 1, \"grid\": \"rect\", \"width\": 3, \"height\": 1, \"wrap\": \"x\", \"start\": 0, "
         "\"start_door\": \"west\", \"goal\": 2, \"cells\": [{\"x\": 0, \"y\": 0}, {\"x\": 1, \"y\": 0}, "
         "{\"x\": 2, \"y\": 0}], \"passages\": [[0, 1], [1, 2]]}",
         1, 94, "that side is wrapped (\"wrap\": \"x\")"},
    };
    verdict grid_refused = {0};
    for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++) {
        meiro_error err = {0};
        meiro_maze *m = parse(grids[i].text, &err);
        verdict_note(&grid_refused,
                     !m && err.status == MEIRO_ERROR_PARSE && err.line == grids[i].line &&
                         err.column == grids[i].col && strstr(err.message, grids[i].says) != NULL,
                     "grid input %zu: %s; expected %lu:%lu '%s', got %lu:%lu '%s'", i,
                     m ? "accepted" : "refused", grids[i].line, grids[i].col, grids[i].says,
                     err.line, err.column, err.message);
        meiro_maze_free(m);
    }
    CHECK_ALL(grid_refused);
    /* and the documents they were made from are good */
    meiro_error err = {0};
    meiro_maze *m = parse(DOC(ENDS "\"seed\": \"18446744073709551615\", \"algorithm\": \"x\", "
                                   "\"start_door\": \"west\", \"extent\": [2, 1], ",
                              TWO, ", \"solution\": [0, 1]"),
                          &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    uint64_t seed = 0;
    CHECK(m && meiro_maze_seed(m, &seed) && seed == UINT64_MAX &&
          strcmp(meiro_maze_algorithm(m), "x") == 0);
    CHECK(m && meiro_maze_is_open(m, 0, 0, MEIRO_EAST) && meiro_maze_start_door(m) == MEIRO_WEST);
    meiro_maze_free(m);
}

/* Valid JSON in other forms than meiro's: keys in another order (after the
 * header), no geometry, a BOM, CRLF, passages in any order. */
static void test_tolerated(void)
{
    const char *docs[] = {
        "\xEF\xBB\xBF{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2, \"height\": 2,\r\n"
        "\"cells\": [{\"y\": 0, \"x\": 0}, {\"x\": 1, \"y\": 0}, {\"x\": 0, \"y\": 1}, {\"x\": 1, \"y\": 1}],\r\n"
        "\"goal\": 3, \"passages\": [[2, 3], [0, 1], [1, 3]], \"start\": 0}\r\n",
        "{\"goal\": 3, \"start\": 0, \"meiro\": 1, \"height\": 2, \"width\": 2, \"grid\": \"rect\", \"cells\": "
        "[{\"x\":0,\"y\":0},{\"x\":1,\"y\":0},{\"x\":0,\"y\":1},{\"x\":1,\"y\":1}],\"passages\":[[0,1],[1,3],[2,3]]}",
    };
    meiro_maze *ref = meiro_maze_new(2, 2, NULL);
    meiro_maze_carve(ref, 0, 0, MEIRO_EAST);
    meiro_maze_carve(ref, 1, 0, MEIRO_SOUTH);
    meiro_maze_carve(ref, 0, 1, MEIRO_EAST);
    verdict read = {0};
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        meiro_error err = {0};
        meiro_maze *m = parse(docs[i], &err);
        char why[400] = "";
        verdict_note(&read, m && same_maze(ref, m, why, sizeof why), "document %zu: %s %s", i,
                     err.message, why);
        meiro_maze_free(m);
    }
    CHECK_ALL(read);
    meiro_maze_free(ref);
}

/* Input cut by the reader's 64 KiB window anywhere inside a key, a string,
 * a number or a character: the document is padded so that each of its
 * bytes in turn sits at the window's end. */
static void test_window(void)
{
    meiro_maze *m = meiro_maze_new(3, 2, NULL);
    carve(m, 4, 0);
    meiro_maze_set_origin(m, "d\xc3\xa9j\xc3\xa0 vu", 12345678901234567ull);
    meiro_path p = {0};
    meiro_solve(m, NULL, &p, NULL);
    size_t len = 0;
    char *text = render(m, &p, &len);
    verdict same = {0};
    size_t window = 65536;
    for (size_t cut = 1; text && cut < len; cut++) {
        /* spaces after '{' put byte `cut` of the document at the window's end */
        size_t pad = window - cut, total = len + pad;
        char *doc = malloc(total);
        doc[0] = '{';
        memset(doc + 1, ' ', pad);
        memcpy(doc + 1 + pad, text + 1, len - 1);
        meiro_error err = {0};
        meiro_maze *back = parse_n(doc, total, &err);
        char why[400] = "";
        verdict_note(&same, back && same_maze(m, back, why, sizeof why), "cut at byte %zu: %s %s",
                     cut, err.message, why);
        meiro_maze_free(back);
        free(doc);
    }
    CHECK_ALL(same);
    free(text);
    meiro_path_free(&p);
    meiro_maze_free(m);
}

/* A larger maze, and a streamed read of it; with more cells than the
 * reader's window holds. */
static void test_large(void)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.width = 300;
    opt.height = 200;
    opt.seed = 9;
    opt.algorithm = "dig";
    meiro_maze *m = meiro_generate(&opt, NULL);
    meiro_path p = {0};
    CHECK(m && meiro_solve(m, NULL, &p, NULL) == MEIRO_OK);
    char why[400] = "not made";
    CHECK_MSG(m && round_trip(m, &p, why, sizeof why), "%s", why);
    meiro_path_free(&p);
    meiro_maze_free(m);
}

/* What meiro writes is JSON by another parser too. */
static void test_python(void)
{
    if (!have("python3")) return;
    verdict valid = {0};
    for (meiro_grid grid = MEIRO_GRID_RECT; grid < MEIRO_GRID_COUNT; grid++) {
        meiro_maze *m = meiro_maze_new_grid(grid, 6, 5, NULL);
        if (!verdict_note(&valid, m != NULL, "%s: not made", meiro_grid_name(grid))) continue;
        carve(m, 3, 2);
        meiro_maze_set_origin(m, "quote \" backslash \\ tab \t", 1);
        meiro_path p = {0};
        find_path(m, &p);
        char path[] = "/tmp/meiro-json-XXXXXX";
        int fd = mkstemp(path);
        FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
        bool written =
            f && meiro_write(m, p.length ? &p : NULL, MEIRO_FORMAT_JSON, NULL, f, NULL) == MEIRO_OK;
        if (f) fclose(f);
        char cmd[512], out[256];
        snprintf(cmd, sizeof cmd,
                 "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); "
                 "print(d[\"grid\"], len(d[\"cells\"]), d[\"algorithm\"])' %s",
                 path);
        bool ok = written && run(cmd, out, sizeof out);
        char expect[128];
        snprintf(expect, sizeof expect, "%s %llu quote \" backslash \\ tab \t\n",
                 meiro_grid_name(grid), (unsigned long long)meiro_maze_cell_count(m));
        verdict_note(&valid, ok && strcmp(out, expect) == 0, "%s: python3 read '%s'",
                     meiro_grid_name(grid), ok ? out : "nothing");
        unlink(path);
        meiro_path_free(&p);
        meiro_maze_free(m);
    }
    CHECK_ALL(valid);
}

static const test_case cases[] = {
    {"rect_generators", test_rect_generators},
    {"masks", test_masks},
    {"grids", test_grids},
    {"document", test_document},
    {"geometry", test_geometry},
    {"locale", test_locale},
    {"bad_input", test_bad_input},
    {"tolerated", test_tolerated},
    {"window", test_window},
    {"large", test_large},
    {"python", test_python},
};

int main(int argc, char **argv) { return test_main("json", argc, argv, cases, TEST_COUNT(cases)); }
