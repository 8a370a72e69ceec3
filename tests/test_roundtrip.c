/* Whatever meiro writes in a readable format reads back: a property test
 * over every generator x every grid it supports x shapes (none, built-in
 * ones, pieces far apart, a thin ring) x sizes, written as JSON (every
 * grid) and as text and CSV (rectangles), read back and compared; past a
 * million cells, shapes of distant pieces and thin lines (the JSON reader
 * makes such grids whole, so these are the files it must still take).
 * Uses the public API only. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <meiro.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static const char *tmp_path(const char *name)
{
    static char path[256];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/meiro-roundtrip-XXXXXX");
        if (!mkdtemp(dir)) exit(1);
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static bool put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

/* Two dots in opposite corners, and a ring one hundredth as thick as it
 * is wide: shapes whose grid is mostly outside them. */
static const char *two_dots(void)
{
    const char *p = tmp_path("two-dots.svg");
    put(p, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>"
           "<circle cx='3' cy='3' r='3'/><circle cx='97' cy='97' r='3'/></svg>");
    return p;
}

static const char *thin_ring(void)
{
    const char *p = tmp_path("ring.svg");
    put(p, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>"
           "<circle cx='50' cy='50' r='49.5' fill='none' stroke='black' stroke-width='1'/></svg>");
    return p;
}

/* The maze written in `format` and read back: whether it is the same. */
static bool reads_back(const meiro_maze *m, meiro_format format, char *why, size_t size)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    meiro_error err = {0};
    bool ok = out && meiro_write(m, NULL, format, NULL, out, &err) == MEIRO_OK;
    if (out && fclose(out) != 0) ok = false;
    if (!ok) {
        snprintf(why, size, "not written: %s", err.message);
        free(text);
        return false;
    }
    FILE *in = fmemopen(text, len, "rb");
    meiro_maze *back = in ? meiro_read(in, format, &err) : NULL;
    if (in) fclose(in);
    ok = back && meiro_maze_equal(m, back);
    if (!back) snprintf(why, size, "%zu bytes not read back: %s", len, err.message);
    else if (!ok) snprintf(why, size, "read back as another maze");
    meiro_maze_free(back);
    free(text);
    return ok;
}

static void check_formats(verdict *v, const meiro_maze *m, const char *what)
{
    char why[600];
    bool rect = meiro_maze_grid(m) == MEIRO_GRID_RECT;
    static const meiro_format formats[] = {MEIRO_FORMAT_JSON, MEIRO_FORMAT_TEXT, MEIRO_FORMAT_CSV};
    for (size_t f = 0; f < (rect ? 3u : 1u); f++)
        verdict_note(v, reads_back(m, formats[f], why, sizeof why), "%s as %s: %s", what,
                     meiro_format_info(formats[f])->name, why);
}

/* Every generator on every grid it supports, with and without shapes, at
 * three sizes and three seeds. */
static void test_generators_grids_shapes(void)
{
    const char *shapes[] = {NULL, "heart", "star", "cat", two_dots(), thin_ring()};
    static const uint32_t sizes[][2] = {{2, 3}, {9, 7}, {31, 24}};
    verdict v = {0};
    unsigned made = 0;
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *algo = meiro_generator_info(g)->name;
        for (int grid = 0; grid < MEIRO_GRID_COUNT; grid++) {
            if (!meiro_generator_supports(g, (meiro_grid)grid)) continue;
            for (size_t sh = 0; sh < TEST_COUNT(shapes); sh++) {
                if (shapes[sh] && grid != MEIRO_GRID_RECT) continue; /* shapes are rectangles' */
                for (size_t z = 0; z < TEST_COUNT(sizes); z++) {
                    uint32_t w = sizes[z][0], h = sizes[z][1];
                    uint8_t *mask = NULL;
                    if (shapes[sh] &&
                        (w < 9 || meiro_shape_mask(shapes[sh], w, h, &mask, NULL) != MEIRO_OK))
                        continue;
                    for (uint64_t seed = 1; seed <= 3; seed++) {
                        meiro_generate_options opt;
                        meiro_generate_options_init(&opt);
                        opt.width = w;
                        opt.height = h;
                        opt.algorithm = algo;
                        opt.seed = seed;
                        opt.grid = (meiro_grid)grid;
                        opt.mask = mask;
                        meiro_error err = {0};
                        meiro_maze *m = meiro_generate(&opt, &err);
                        char what[200];
                        snprintf(what, sizeof what, "%s on %s, %s, %ux%u, seed %llu", algo,
                                 meiro_grid_name((meiro_grid)grid),
                                 shapes[sh] ? shapes[sh] : "no shape", w, h,
                                 (unsigned long long)seed);
                        if (!m) {
                            /* a shape the generator cannot fill is refused; nothing else is */
                            verdict_note(&v, shapes[sh] != NULL, "%s: not made: %s", what,
                                         err.message);
                            continue;
                        }
                        made++;
                        check_formats(&v, m, what);
                        meiro_maze_free(m);
                    }
                    meiro_mask_free(mask);
                }
            }
        }
    }
    printf("  %u mazes, each written and read back\n", made);
    CHECK_ALL(v);
    CHECK(made > 500);
}

/* Past a million cells (where the JSON reader asks a shape for cells
 * enough), the shapes that leave most of the grid outside. In make test
 * and under the sanitizers, one size a shape, in turn (the same code). */
static void test_big_sparse_shapes(void)
{
    const bool sampled = !test_full(); /* make test and the sanitized tier */
    const char *shapes[] = {two_dots(), thin_ring()};
    static const uint32_t sizes[][2] = {{1100, 1000}, {2400, 500}};
    verdict v = {0};
    for (size_t sh = 0; sh < TEST_COUNT(shapes); sh++) {
        for (size_t z = 0; z < TEST_COUNT(sizes); z++) {
            if (sampled && z != sh % TEST_COUNT(sizes)) continue;
            uint32_t w = sizes[z][0], h = sizes[z][1];
            uint8_t *mask = NULL;
            meiro_error err = {0};
            if (!verdict_note(&v, meiro_shape_mask(shapes[sh], w, h, &mask, &err) == MEIRO_OK,
                              "%s %ux%u: %s", shapes[sh], w, h, err.message))
                continue;
            meiro_generate_options opt;
            meiro_generate_options_init(&opt);
            opt.width = w;
            opt.height = h;
            opt.algorithm = "dig";
            opt.seed = 7;
            opt.mask = mask;
            meiro_maze *m = meiro_generate(&opt, &err);
            char what[300];
            snprintf(what, sizeof what, "%s %ux%u", shapes[sh], w, h);
            if (verdict_note(&v, m != NULL, "%s: not made: %s", what, err.message)) {
                char why[600];
                verdict_note(&v, reads_back(m, MEIRO_FORMAT_JSON, why, sizeof why),
                             "%s as json: %s", what, why);
            }
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
    }
    CHECK_ALL(v);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"generators_grids_shapes", test_generators_grids_shapes},
        {"big_sparse_shapes", test_big_sparse_shapes},
    };
    int rc = test_main("roundtrip", argc, argv, cases, TEST_COUNT(cases));
    if (dir[0]) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        if (system(cmd) != 0) rc = 1;
    }
    return rc;
}
