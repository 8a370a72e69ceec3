/* Text and CSV: round trips, tolerated variants, and bad input with the
 * line and column of the problem. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "meiro.h"

/* Public API only (include/ is the only include path): an example too. */
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

static meiro_maze *parse(const char *text, bool csv, meiro_error *err)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    meiro_maze *m = meiro_read(f, csv ? MEIRO_FORMAT_CSV : MEIRO_FORMAT_TEXT, err);
    fclose(f);
    return m;
}

/* Writes to memory; the caller frees the text. NULL if writing failed. */
static char *render(const meiro_maze *m, const meiro_path *p, meiro_format format)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    meiro_status st = meiro_write(m, p, format, NULL, f, NULL);
    fclose(f);
    if (st != MEIRO_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void test_round_trips(void)
{
    static const uint32_t dims[][2] = {{1, 1}, {1, 6}, {6, 1}, {2, 2}, {5, 5}, {13, 8}, {40, 90}};
    /* per generator: every size, seed, format, with and without the path */
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        verdict written = {0}, read_back = {0}, same_text = {0};
        for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
            for (uint64_t seed = 1; seed <= 3; seed++) {
                meiro_generate_options opt = {.width = dims[d][0],
                                              .height = dims[d][1],
                                              .algorithm = meiro_generator_info(g)->name,
                                              .seed = seed};
                meiro_maze *m = meiro_generate(&opt, NULL);
                meiro_path path;
                if (!verdict_note(&written, m && meiro_solve(m, NULL, &path, NULL) == MEIRO_OK,
                                  "%s %ux%u seed %llu: not made and solved", opt.algorithm,
                                  opt.width, opt.height, (unsigned long long)seed)) {
                    meiro_maze_free(m);
                    continue;
                }
                for (int csv = 0; csv <= 1; csv++) {
                    meiro_format f = csv ? MEIRO_FORMAT_CSV : MEIRO_FORMAT_TEXT;
                    for (int with_path = 0; with_path <= 1; with_path++) {
                        char what[96];
                        snprintf(what, sizeof what, "%s %ux%u seed %llu %s%s", opt.algorithm,
                                 opt.width, opt.height, (unsigned long long)seed,
                                 csv ? "csv" : "text", with_path ? " with path" : "");
                        char *text = render(m, with_path ? &path : NULL, f);
                        if (!verdict_note(&written, text != NULL, "%s: not written", what))
                            continue;
                        meiro_error err = {0};
                        meiro_maze *back = parse(text, csv, &err);
                        verdict_note(&read_back, back && meiro_maze_equal(m, back), "%s: %s", what,
                                     back ? "a different maze" : err.message);
                        /* written again, it is the same text */
                        if (back) {
                            char *again = render(back, with_path ? &path : NULL, f);
                            verdict_note(&same_text, again && strcmp(text, again) == 0,
                                         "%s: written again differs", what);
                            free(again);
                        }
                        meiro_maze_free(back);
                        free(text);
                    }
                }
                meiro_path_free(&path);
                meiro_maze_free(m);
            }
        }
        CHECK_ALL(written);
        CHECK_ALL(read_back);
        CHECK_ALL(same_text);
    }
}

static void test_doors_round_trip(void)
{
    meiro_maze *m = meiro_generate(
        &(meiro_generate_options){.width = 6, .height = 4, .algorithm = "dig", .seed = 3}, NULL);
    meiro_maze_set_start(m, (meiro_cell){0, 2}, MEIRO_WEST);
    meiro_maze_set_goal(m, (meiro_cell){4, 0}, MEIRO_NORTH);
    char *text = render(m, NULL, MEIRO_FORMAT_TEXT);
    CHECK(text != NULL);
    if (!text) return;
    CHECK(text[9] == 'G');              /* in the top border, above cell 4 */
    CHECK(strstr(text, "\nS") != NULL); /* in the left border */
    meiro_maze *back = parse(text, false, NULL);
    CHECK(back && meiro_maze_equal(m, back));
    free(text);
    meiro_maze_free(back);
    /* doors on the other two sides */
    meiro_maze_set_start(m, (meiro_cell){1, 3}, MEIRO_SOUTH);
    meiro_maze_set_goal(m, (meiro_cell){5, 1}, MEIRO_EAST);
    text = render(m, NULL, MEIRO_FORMAT_CSV);
    back = text ? parse(text, true, NULL) : NULL;
    CHECK(back && meiro_maze_equal(m, back));
    free(text);
    meiro_maze_free(back);
    meiro_maze_free(m);
}

static void test_tolerated(void)
{
    const char *plain = "#####\n#S  #\n### #\n#  G#\n#####\n";
    meiro_error err = {0};
    meiro_maze *ref = parse(plain, false, &err);
    CHECK_MSG(ref != NULL, "%s", err.message);
    if (!ref) return;
    CHECK_INT(meiro_maze_width(ref), 2);
    CHECK(meiro_maze_is_open(ref, 0, 0, MEIRO_EAST) && meiro_maze_is_open(ref, 1, 0, MEIRO_SOUTH));
    const char *variants[] = {
        "\xEF\xBB\xBF#####\r\n#S  #\r\n### #\r\n#  G#\r\n#####\r\n", /* BOM, CRLF */
        "#####   \n#S  #\t\n### # \n#  G#\n#####\n\n\n",             /* trailing blanks */
        "#####\n#S..#\n###.#\n#  G#\n#####", /* path marks, no final newline */
    };
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        meiro_maze *m = parse(variants[i], false, &err);
        CHECK_MSG(m && meiro_maze_equal(ref, m), "variant %zu: %s", i, err.message);
        meiro_maze_free(m);
    }
    const char *csvs[] = {
        "1,1,1,1,1\n1,S,0,0,1\n1,1,1,0,1\n1,0,0,G,1\n1,1,1,1,1\n",
        "0,0,0,0,0\n0,S,1,1,0\n0,0,0,1,0\n0,1,1,G,0\n0,0,0,0,0\n", /* the road article: walls 0 */
        "\"1\", \"1\",1,1,1,,\r\n1,S,0,0,1\r\n1,1,1,0,1,,,\n1,0,0,G,1\n#,#,#,#,#\n",
    };
    for (size_t i = 0; i < sizeof csvs / sizeof csvs[0]; i++) {
        meiro_maze *m = parse(csvs[i], true, &err);
        CHECK_MSG(m && meiro_maze_equal(ref, m), "csv %zu: %s", i, err.message);
        meiro_maze_free(m);
    }
    meiro_maze_free(ref);
}

static void expect_error(const char *text, bool csv, meiro_status status, unsigned long line,
                         unsigned long column, const char *words)
{
    meiro_error err = {0};
    meiro_maze *m = parse(text, csv, &err);
    CHECK_MSG(m == NULL, "accepted: %s", text);
    meiro_maze_free(m);
    CHECK_MSG(err.status == status && err.line == line && err.column == column &&
                  strstr(err.message, words) != NULL,
              "got %d at %lu:%lu \"%s\"; wanted %d at %lu:%lu with \"%s\"", err.status, err.line,
              err.column, err.message, status, line, column, words);
}

static void test_bad_input(void)
{
    /* nothing to read: the position still says where */
    expect_error("", false, MEIRO_ERROR_PARSE, 1, 1, "empty file");
    expect_error("\n\n  \n", false, MEIRO_ERROR_PARSE, 1, 1, "line 1 is empty");
    expect_error("\n#####\n#S  #\n### #\n#  G#\n#####\n", false, MEIRO_ERROR_PARSE, 1, 1,
                 "line 1 is empty");
    expect_error("\xEF\xBB\xBF", false, MEIRO_ERROR_PARSE, 1, 1, "byte order mark");
    expect_error("\xEF\xBB\xBF\r\n1,1,1\n", true, MEIRO_ERROR_PARSE, 1, 1, "byte order mark");
    expect_error("\t \n1;1;1\n", true, MEIRO_ERROR_PARSE, 1, 1, "line 1 is empty");
    expect_error("#####\n#S  #\n###\n#  G#\n#####\n", false, MEIRO_ERROR_PARSE, 3, 4, "ragged");
    expect_error("#####\n#S  #\n### ###\n#  G#\n#####\n", false, MEIRO_ERROR_PARSE, 3, 6, "ragged");
    expect_error("#####\n#   #\n### #\n#  G#\n#####\n", false, MEIRO_ERROR_PARSE, 0, 0, "no start");
    expect_error("#####\n#S  #\n### #\n#   #\n#####\n", false, MEIRO_ERROR_PARSE, 0, 0, "no goal");
    expect_error("#####\n#S  #\n### #\n#  S#\n#####\n", false, MEIRO_ERROR_PARSE, 4, 4, "second S");
    expect_error("#####\n#S #\r\n", false, MEIRO_ERROR_PARSE, 2, 5, "ragged");
    expect_error("#####\n#S  #\n### #\n#  G#\n##x##\n", false, MEIRO_ERROR_PARSE, 5, 3, "'x'");
    expect_error("#####\n#S  #\n###S#\n#  G#\n#####\n", false, MEIRO_ERROR_PARSE, 3, 4, "second S");
    expect_error("#####\r#S  #\r#  G#\r#####\r", false, MEIRO_ERROR_PARSE, 1, 6, "carriage return");
    expect_error("#S G#\n\n\n#####\nxyz\n", false, MEIRO_ERROR_PARSE, 2, 1, "empty line inside");
    expect_error("#####\n#S  #\n\n### #\n#  G#\n#####\n", false, MEIRO_ERROR_PARSE, 3, 1,
                 "empty line");
    expect_error("#####\n#S\x01 #\n", false, MEIRO_ERROR_PARSE, 2, 3, "0x01");
    expect_error("#\xC3\xA9##\n", false, MEIRO_ERROR_PARSE, 1, 2, "0xC3");
    {
        static const char bin[] = "##\0##\n";
        FILE *f = fmemopen((void *)bin, sizeof bin - 1, "rb");
        meiro_error err = {0};
        CHECK(meiro_read(f, MEIRO_FORMAT_TEXT, &err) == NULL);
        CHECK(err.line == 1 && err.column == 3 && strstr(err.message, "binary"));
        fclose(f);
    }
    /* CSV: fields are counted as columns */
    expect_error("1,1,1,1,1\n1,S,0,0,1\n1,1,1,0\n1,0,0,G,1\n1,1,1,1,1\n", true, MEIRO_ERROR_PARSE,
                 3, 5, "4 fields");
    expect_error("1,1,1,1,1\n1,S,0,0,1\n1,1,1,0,1\n1,0,x,G,1\n1,1,1,1,1\n", true, MEIRO_ERROR_PARSE,
                 4, 3, "'x'");
    expect_error("1,1,1,1,1\n1,S,,0,1\n", true, MEIRO_ERROR_PARSE, 2, 3, "empty field");
    expect_error("1,1,1,1,1\n1,S,wall,0,1\n", true, MEIRO_ERROR_PARSE, 2, 3, "'wall'");
    expect_error("1,1,1,1,1\n1,S,w\x1b[2Jx,0,1\n", true, MEIRO_ERROR_PARSE, 2, 3, "'w?[2Jx'");
    expect_error("1;1;1;1;1\n1;S;0;0;1\n1;1;1\n", true, MEIRO_ERROR_PARSE, 3, 4, "3 fields");
    expect_error("1\t1\t1\n1\tS\t1\t0\n", true, MEIRO_ERROR_PARSE, 2, 4,
                 "longer than the first (3 fields)");
    /* a lone separator: no field to point at (read before the buffer once) */
    expect_error(",", true, MEIRO_ERROR_PARSE, 1, 1, "only empty fields");
    expect_error(" , ,\r\n1,1,1\n", true, MEIRO_ERROR_PARSE, 1, 1, "only empty fields");
    /* too large: refused from the first line, before reading on */
    size_t wide = 2 * 70000 + 1;
    char *huge = malloc(wide + 2);
    memset(huge, '#', wide);
    huge[wide] = '\n';
    huge[wide + 1] = 0;
    expect_error(huge, false, MEIRO_ERROR_TOO_BIG, 1, 1, "65535");
    /* 70000 blocks across fit a pillar grid's first line, not a block maze */
    size_t blocks = 70000;
    huge = realloc(huge, 3 * (blocks + 1) + 1);
    memset(huge, '#', 3 * (blocks + 1));
    memset(huge + blocks + 2, ' ', blocks - 2);
    huge[blocks + 2] = 'S';
    huge[2 * blocks - 1] = 'G';
    huge[blocks] = huge[2 * blocks + 1] = huge[3 * blocks + 2] = '\n';
    huge[3 * (blocks + 1)] = 0;
    expect_error(huge, false, MEIRO_ERROR_TOO_BIG, 1, 1, "read as blocks");
    free(huge);
}

/* The cells of a maze as a block picture: '#' for a cell closed on all
 * four sides, ' ' for one with an opening (a door counts). */
static bool same_shape(const meiro_maze *m, uint32_t w, uint32_t h, meiro_cell s, meiro_dir sd,
                       meiro_cell g, meiro_dir gd)
{
    if (!m || meiro_maze_width(m) != w || meiro_maze_height(m) != h) return false;
    meiro_cell ms = meiro_maze_start(m), mg = meiro_maze_goal(m);
    return ms.x == s.x && ms.y == s.y && mg.x == g.x && mg.y == g.y &&
           meiro_maze_start_door(m) == sd && meiro_maze_goal_door(m) == gd;
}

static unsigned path_cells(const meiro_maze *m)
{
    meiro_path p;
    if (!m || meiro_solve(m, NULL, &p, NULL) != MEIRO_OK) return 0;
    unsigned n = (unsigned)p.length;
    meiro_path_free(&p);
    return n;
}

static void test_blocks(void)
{
    meiro_error err = {0};
    /* six blocks across: no 2W+1 grid. The ring of walls is the outer wall,
     * each block inside a cell, the wall blocks closed cells */
    meiro_maze *m = parse("######\n#S   #\n# ## #\n#   G#\n######\n", false, &err);
    CHECK_MSG(
        same_shape(m, 4, 3, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){3, 2}, MEIRO_NO_DIR),
        "%s", err.message);
    if (m) {
        CHECK(meiro_maze_is_open(m, 0, 0, MEIRO_EAST) && meiro_maze_is_open(m, 0, 0, MEIRO_SOUTH));
        CHECK(
            !meiro_maze_is_open(m, 0, 1, MEIRO_EAST) && !meiro_maze_is_open(m, 1, 1, MEIRO_EAST) &&
            !meiro_maze_is_open(m, 1, 1, MEIRO_NORTH) && !meiro_maze_is_open(m, 1, 1, MEIRO_SOUTH));
        CHECK_INT(path_cells(m), 6);
    }
    meiro_maze_free(m);
    /* S and G in the ring: doors of the cells beside them; a 2x2 maze once
     * refused as "not 2W+1" */
    m = parse("####\n#S #\n#  G\n####\n", false, &err);
    CHECK_MSG(same_shape(m, 2, 2, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){1, 1}, MEIRO_EAST),
              "%s", err.message);
    CHECK_INT(path_cells(m), 3);
    meiro_maze_free(m);
    m = parse("#S####\n#    #\n#### #\n#    G\n######\n", false, &err);
    CHECK_MSG(same_shape(m, 4, 3, (meiro_cell){0, 0}, MEIRO_NORTH, (meiro_cell){3, 2}, MEIRO_EAST),
              "%s", err.message);
    CHECK_INT(path_cells(m), 6);
    meiro_maze_free(m);
    /* no closed ring (a gap, or S in a corner): every block is a cell */
    m = parse("S  #\n # #\n   G\n", false, &err);
    CHECK_MSG(
        same_shape(m, 4, 3, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){3, 2}, MEIRO_NO_DIR),
        "%s", err.message);
    CHECK_INT(path_cells(m), 6);
    meiro_maze_free(m);
    m = parse("S####\n#   #\n### #\n#  G#\n#####\n", false, &err);
    CHECK_MSG(
        same_shape(m, 5, 5, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){3, 3}, MEIRO_NO_DIR),
        "%s", err.message);
    CHECK_INT(path_cells(m), 0); /* S is walled in */
    meiro_maze_free(m);
    /* odd sizes that break the pillar grid: a wall where a cell would be
     * (lines 2 and 3), an open corner (line 3) */
    m = parse("#######\n#S#   #\n#   # #\n# ##  #\n#    G#\n#######\n", false, &err);
    CHECK_MSG(
        same_shape(m, 5, 4, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){4, 3}, MEIRO_NO_DIR),
        "%s", err.message);
    CHECK_INT(path_cells(m), 8);
    meiro_maze_free(m);
    /* a missing bottom line: the maze is open at the bottom, as drawn */
    m = parse("#####\n#S  #\n### #\n#  G#\n", false, &err);
    CHECK_MSG(
        same_shape(m, 5, 4, (meiro_cell){1, 1}, MEIRO_NO_DIR, (meiro_cell){3, 3}, MEIRO_NO_DIR),
        "%s", err.message);
    meiro_maze_free(m);
    /* a line whose trailing spaces reach the width keeps them as passages */
    m = parse("#####\n#S   \n### #\n#  G#\n#####\n", false, &err);
    CHECK_MSG(
        same_shape(m, 5, 5, (meiro_cell){1, 1}, MEIRO_NO_DIR, (meiro_cell){3, 3}, MEIRO_NO_DIR),
        "%s", err.message);
    CHECK_INT(path_cells(m), 5);
    meiro_maze_free(m);
    /* one line, one row of blocks; and CSV blocks (the road article's field) */
    m = parse("S G\n", false, &err);
    CHECK_MSG(
        same_shape(m, 3, 1, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){2, 0}, MEIRO_NO_DIR),
        "%s", err.message);
    meiro_maze_free(m);
    m = parse("0;0;0;0\n0;S;1;0\n0;1;G;0\n0;0;0;0\n", true, &err);
    CHECK_MSG(
        same_shape(m, 2, 2, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){1, 1}, MEIRO_NO_DIR),
        "%s", err.message);
    CHECK_INT(path_cells(m), 3);
    meiro_maze_free(m);
    /* a pillar grid stays one: 2x2 cells, not 5x5 blocks */
    m = parse("#####\n#S  #\n### #\n#  G#\n#####\n", false, &err);
    CHECK(same_shape(m, 2, 2, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){1, 1}, MEIRO_NO_DIR));
    meiro_maze_free(m);
}

static void test_csv_separators(void)
{
    meiro_error err = {0};
    meiro_maze *ref = parse("#####\n#S  #\n### #\n#  G#\n#####\n", false, &err);
    const char *csvs[] = {
        "1;1;1;1;1\n1;S;0;0;1\n1;1;1;0;1\n1;0;0;G;1\n1;1;1;1;1\n",
        "\xEF\xBB\xBF\"1\";\"1\";\"1\";\"1\";\"1\";;\r\n1;S;0;0;1\r\n1;1;1;0;1\r\n1;0;0;G;1\r\n1;1;1;1;1\r\n",
        "1\t1\t1\t1\t1\n1\tS\t0\t0\t1\n1\t1\t1\t0\t1\t\t\n1\t0\t0\tG\t1\n1\t1\t1\t1\t1\n",
        "1 ;1;1;1;1\n1;S;0;0;1\n1;1;1;0;1\n1;0;0;G;1\n1;1;1;1;1\n", /* ';' outnumbers ',' */
    };
    verdict read = {0};
    for (size_t i = 0; i < sizeof csvs / sizeof csvs[0]; i++) {
        meiro_maze *m = parse(csvs[i], true, &err);
        verdict_note(&read, ref && m && meiro_maze_equal(ref, m), "csv %zu: %s", i, err.message);
        meiro_maze_free(m);
    }
    CHECK_ALL(read);
    meiro_maze_free(ref);
    /* the separator of the first line is the separator of every line */
    expect_error("1;1;1;1;1\n1,S,0,0,1\n", true, MEIRO_ERROR_PARSE, 2, 1, "value '1,S,0,0,1'");
    expect_error("1\t1\t1\n1\t;\t1\n", true, MEIRO_ERROR_PARSE, 2, 2, "';'");
    expect_error(";;\n1;1;1\n", true, MEIRO_ERROR_PARSE, 1, 1, "only empty fields");
}

/* Writes m in a line-drawing format and reads it back as a text maze. */
static bool drawing_round_trip(const meiro_maze *m, const meiro_path *p, meiro_format f, char *why,
                               size_t size)
{
    char *text = render(m, p, f);
    meiro_error err = {0};
    meiro_maze *back = text ? parse(text, false, &err) : NULL;
    bool same = back && meiro_maze_equal(m, back);
    if (!same)
        snprintf(why, size, "%s", !text ? "not written" : back ? "a different maze" : err.message);
    meiro_maze_free(back);
    free(text);
    return same;
}

static void test_drawings(void)
{
    static const uint32_t dims[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {5, 4}, {12, 7}, {31, 20}};
    static const meiro_dir doors[] = {MEIRO_NO_DIR, MEIRO_NORTH, MEIRO_EAST, MEIRO_SOUTH,
                                      MEIRO_WEST};
    verdict trips = {0};
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
            for (uint64_t seed = 1; seed <= 2; seed++) {
                meiro_generate_options opt = {.width = dims[d][0],
                                              .height = dims[d][1],
                                              .algorithm = meiro_generator_info(g)->name,
                                              .seed = seed};
                meiro_maze *m = meiro_generate(&opt, NULL);
                meiro_path path;
                bool solved = m && meiro_solve(m, NULL, &path, NULL) == MEIRO_OK;
                for (int f = 0; f < 4 && solved; f++) {
                    char why[256] = "";
                    meiro_format fmt = f % 2 ? MEIRO_FORMAT_UNICODE : MEIRO_FORMAT_ASCII;
                    verdict_note(&trips,
                                 drawing_round_trip(m, f < 2 ? NULL : &path, fmt, why, sizeof why),
                                 "%s %ux%u seed %llu %s%s: %s", opt.algorithm, opt.width,
                                 opt.height, (unsigned long long)seed, meiro_format_info(fmt)->name,
                                 f < 2 ? "" : " with path", why);
                }
                if (solved) meiro_path_free(&path);
                if (!m) verdict_note(&trips, false, "%s: not made", opt.algorithm);
                meiro_maze_free(m);
            }
        }
    }
    CHECK_ALL(trips);
    /* S and G in every opening of the outer wall, and in corner cells */
    verdict door_trips = {0};
    meiro_maze *m = meiro_generate(
        &(meiro_generate_options){.width = 4, .height = 3, .algorithm = "dig", .seed = 5}, NULL);
    for (size_t a = 0; a < 5; a++) {
        for (size_t b = 0; b < 5; b++) {
            meiro_cell s = {a % 2 ? 3 : 0, a < 3 ? 0 : 2}, goal = {b % 2 ? 0 : 3, b < 3 ? 2 : 0};
            if (meiro_maze_set_start(m, s, doors[a]) != MEIRO_OK ||
                meiro_maze_set_goal(m, goal, doors[b]) != MEIRO_OK)
                continue;
            for (int f = 0; f < 2; f++) {
                char why[256] = "";
                meiro_format fmt = f ? MEIRO_FORMAT_UNICODE : MEIRO_FORMAT_ASCII;
                verdict_note(&door_trips, drawing_round_trip(m, NULL, fmt, why, sizeof why),
                             "doors %d/%d %s: %s", (int)doors[a], (int)doors[b],
                             meiro_format_info(fmt)->name, why);
            }
        }
    }
    CHECK_ALL(door_trips);
    meiro_maze_free(m);
    /* hand-typed ASCII with two-character cells, CRLF, a BOM, trimmed lines */
    meiro_error err = {0};
    m = parse("\xEF\xBB\xBF+--+--+\r\n|S    |\r\n+--+  +\r\n|G    |\r\n+--+--+\r\n", false, &err);
    CHECK_MSG(
        same_shape(m, 2, 2, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){0, 1}, MEIRO_NO_DIR),
        "%s", err.message);
    CHECK_INT(path_cells(m), 4);
    meiro_maze_free(m);
    m = parse("+---+ S\n|       |\n+   +---+\n|       |\n+ G +---+\n", false,
              &err); /* a cut corner */
    CHECK_MSG(
        same_shape(m, 2, 2, (meiro_cell){1, 0}, MEIRO_NORTH, (meiro_cell){0, 1}, MEIRO_SOUTH) &&
            path_cells(m) == 3,
        "%s", err.message);
    meiro_maze_free(m);
    /* mistakes, with positions as an editor counts them (1-based characters) */
    expect_error("+---+---+\n| S |  |\n", false, MEIRO_ERROR_PARSE, 2, 8,
                 "walls stand at columns 1, 5, 9");
    expect_error("+---+- -+\n", false, MEIRO_ERROR_PARSE, 1, 6, "a wall between two corners is 3");
    expect_error("+---+---+\n| S   G |   |\n+---+---+\n", false, MEIRO_ERROR_PARSE, 2, 10,
                 "longer than the first");
    expect_error("+---+---+\n| S   G  \n+---+---+\n", false, MEIRO_ERROR_PARSE, 2, 9,
                 "gap in the outer wall");
    expect_error("+---+---+\n| S | G |\n+---+   +\n", false, MEIRO_ERROR_PARSE, 3, 7,
                 "gap in the outer wall");
    expect_error("+---+---+\n| S | G |\n+---+-.-+\n", false, MEIRO_ERROR_PARSE, 3, 6,
                 "a wall between two corners");
    expect_error("+---+---+\n| S | G |\n+-S-+---+\n| S | G |\n", false, MEIRO_ERROR_PARSE, 3, 2,
                 "wall between two corners");
    expect_error("+---+---+\n| S   G |\n", false, MEIRO_ERROR_PARSE, 2, 1, "2H+1");
    expect_error("+---+---+\n| S   G |\n+---+ S +\n| G     |\n+---+---+\n", false,
                 MEIRO_ERROR_PARSE, 3, 7, "a second S");
    expect_error("+---+---+\n| S | G S\n+---+---+\n", false, MEIRO_ERROR_PARSE, 2, 9, "a second S");
    expect_error("+---+---+\n| S # G |\n", false, MEIRO_ERROR_PARSE, 2, 5, "'#'");
    expect_error(
        "\xE2\x94\x8C\xE2\x94\x80\xE2\x94\x80\xE2\x94\x80\xE2\x94\x90\n\xE2\x94\x82 S\xC3 G \xE2\x94\x82\n",
        false, MEIRO_ERROR_PARSE, 2, 4, "not UTF-8");
    expect_error("+---+---+\n| S \xE2\x94\x82 G |\n+-\xE2\x94\x80-+---+\n| x |   |\n", false,
                 MEIRO_ERROR_PARSE, 4, 3, "'x'");
}

static void test_save(void)
{
    char dir[] = "/tmp/meiro-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/maze.txt", dir);
    meiro_maze *m = meiro_generate(
        &(meiro_generate_options){.width = 9, .height = 7, .algorithm = "wall", .seed = 4}, NULL);
    meiro_error err = {0};
    CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_TEXT, NULL, path, &err), MEIRO_OK);
    meiro_maze *back = meiro_load(path, MEIRO_FORMAT_COUNT, &err);
    CHECK(back && meiro_maze_equal(m, back));
    meiro_maze_free(back);
    struct stat st;
    CHECK(stat(path, &st) == 0 && (st.st_mode & 0444) == 0444); /* umask, not 0600 */
    /* .csv names CSV */
    snprintf(path, sizeof path, "%s/maze.csv", dir);
    CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_CSV, NULL, path, &err), MEIRO_OK);
    back = meiro_load(path, MEIRO_FORMAT_COUNT, &err);
    CHECK(back && meiro_maze_equal(m, back));
    meiro_maze_free(back);
    unlink(path);
    /* a missing folder: an error, and nothing is created */
    snprintf(path, sizeof path, "%s/missing/maze.txt", dir);
    CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_TEXT, NULL, path, &err), MEIRO_ERROR_IO);
    CHECK(strstr(err.message, "No such file") != NULL);
    CHECK(meiro_load(path, MEIRO_FORMAT_COUNT, &err) == NULL && err.status == MEIRO_ERROR_IO);
    snprintf(path, sizeof path, "%s/maze.txt", dir);
    unlink(path);
    CHECK(rmdir(dir) == 0); /* no temporary file left behind */
    meiro_maze_free(m);
}

static void test_formats(void)
{
    meiro_format f;
    CHECK(meiro_format_from_name("CSV", &f, NULL) == MEIRO_OK && f == MEIRO_FORMAT_CSV);
    CHECK(meiro_format_from_name("txt", &f, NULL) == MEIRO_OK && f == MEIRO_FORMAT_TEXT);
    CHECK(meiro_format_from_filename("a/b.c/maze", MEIRO_FORMAT_CSV, &f, NULL) == MEIRO_OK &&
          f == MEIRO_FORMAT_CSV);
    CHECK(meiro_format_from_filename("x.TXT", MEIRO_FORMAT_CSV, &f, NULL) == MEIRO_OK &&
          f == MEIRO_FORMAT_TEXT);
    meiro_error err = {0};
    CHECK_INT(meiro_format_from_filename("maze.doc", MEIRO_FORMAT_TEXT, &f, &err),
              MEIRO_ERROR_UNKNOWN_NAME);
    CHECK(strstr(err.message, ".doc") != NULL);
    CHECK(meiro_read(stdin, MEIRO_FORMAT_PDF, &err) == NULL && err.status == MEIRO_ERROR_ARGUMENT);
    verdict table = {0};
    for (unsigned k = 0; k < MEIRO_FORMAT_COUNT; k++) {
        const meiro_format_desc *info = meiro_format_info((meiro_format)k);
        verdict_note(&table, info && info->format == (meiro_format)k, "format %u", k);
    }
    CHECK_ALL(table);
}

static void test_line_drawings(void)
{
    /* A 2x2 maze: S top-left, G bottom-right, one route right then down. */
    meiro_maze *m = meiro_maze_new(2, 2, NULL);
    meiro_maze_carve(m, 0, 0, MEIRO_EAST);
    meiro_maze_carve(m, 1, 0, MEIRO_SOUTH);
    meiro_maze_carve(m, 0, 1, MEIRO_EAST);
    char *ascii = render(m, NULL, MEIRO_FORMAT_ASCII);
    CHECK(ascii != NULL);
    if (ascii)
        CHECK_STR(ascii, "+---+---+\n"
                         "| S     |\n"
                         "+---+   +\n"
                         "|     G |\n"
                         "+---+---+\n");
    free(ascii);
    meiro_path p;
    meiro_solve(m, NULL, &p, NULL);
    char *box = render(m, &p, MEIRO_FORMAT_UNICODE);
    CHECK(box != NULL);
    if (box)
        CHECK_STR(box, "┌───────┐\n"
                       "│ S · · │\n"
                       "├───╴ · │\n"
                       "│     G │\n"
                       "└───────┘\n");
    free(box);
    meiro_path_free(&p);
    meiro_maze_free(m);
}


/* ---- Mazes on a shape ---- */

/* The test shapes: built-in ones, and by hand a ring (a hole inside),
 * a comb (one-cell necks) and a blob that leaves every edge of the grid
 * outside (blank first and last lines). */
enum { SHAPE_BUILTIN = 4, SHAPE_KINDS = SHAPE_BUILTIN + 3 };
static const char *const builtin_shapes[SHAPE_BUILTIN] = {"heart", "star", "fish", "cat"};

static uint8_t *shape_mask(int kind, uint32_t w, uint32_t h, char *name, size_t size)
{
    if (kind < SHAPE_BUILTIN) {
        uint8_t *mask = NULL;
        snprintf(name, size, "%s", builtin_shapes[kind]);
        return meiro_shape_mask(builtin_shapes[kind], w, h, &mask, NULL) == MEIRO_OK ? mask : NULL;
    }
    static const char *const names[] = {"ring", "comb", "inset blob"};
    snprintf(name, size, "%s", names[kind - SHAPE_BUILTIN]);
    uint8_t *in = calloc((size_t)w * h, 1);
    double cx = (w - 1) / 2.0, cy = (h - 1) / 2.0, r = (w < h ? w : h) / 2.0;
    for (uint32_t y = 0; in && y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            double d = sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
            bool v = kind == SHAPE_BUILTIN ? d <= r && d >= r / 2
                     : kind == SHAPE_BUILTIN + 1
                         ? y < 2 || x % 4 < 2
                         : x >= 2 && y >= 1 && x + 2 < w && y + 2 < h && (x + y) % 7 != 3;
            in[(size_t)y * w + x] = v;
        }
    return in;
}

static void test_shape_round_trips(void)
{
    static const uint32_t dims[][2] = {{12, 10}, {23, 17}};
    static const meiro_format formats[] = {MEIRO_FORMAT_TEXT, MEIRO_FORMAT_CSV, MEIRO_FORMAT_ASCII,
                                           MEIRO_FORMAT_UNICODE};
    verdict made = {0}, read_back = {0}, same_text = {0}, outside = {0};
    unsigned refused = 0, generators = 0;
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        bool works = true;
        for (int kind = 0; kind < SHAPE_KINDS && works; kind++)
            for (size_t d = 0; d < sizeof dims / sizeof dims[0] && works; d++)
                for (uint64_t seed = 1; seed <= 2 && works; seed++) {
                    char name[32];
                    uint32_t w = dims[d][0], h = dims[d][1];
                    uint8_t *mask = shape_mask(kind, w, h, name, sizeof name);
                    meiro_generate_options opt;
                    meiro_generate_options_init(&opt);
                    opt.width = w, opt.height = h, opt.seed = seed, opt.mask = mask;
                    opt.algorithm = meiro_generator_info(g)->name;
                    opt.loops = seed == 2 ? 20 : 0; /* loops inside a shape too */
                    meiro_error err = {0};
                    meiro_maze *m = mask ? meiro_generate(&opt, &err) : NULL;
                    if (!m && err.status == MEIRO_ERROR_ARGUMENT &&
                        strstr(err.message, "on a shape")) {
                        works = false; /* this generator refuses shapes (the CLI test checks how) */
                        refused++;
                        free(mask);
                        break;
                    }
                    meiro_path path;
                    bool solved =
                        verdict_note(&made, m && meiro_solve(m, NULL, &path, NULL) == MEIRO_OK,
                                     "%s on %s %ux%u seed %llu: %s", opt.algorithm, name, w, h,
                                     (unsigned long long)seed, m ? "no path" : err.message);
                    for (size_t f = 0; f < sizeof formats / sizeof formats[0] && solved; f++)
                        for (int with_path = 0; with_path <= 1; with_path++) {
                            char what[128];
                            snprintf(what, sizeof what, "%s on %s %ux%u seed %llu %s%s",
                                     opt.algorithm, name, w, h, (unsigned long long)seed,
                                     meiro_format_info(formats[f])->name,
                                     with_path ? " with path" : "");
                            char *text = render(m, with_path ? &path : NULL, formats[f]);
                            bool csv = formats[f] == MEIRO_FORMAT_CSV;
                            meiro_maze *back = text ? parse(text, csv, &err) : NULL;
                            verdict_note(&read_back, back && meiro_maze_equal(m, back), "%s: %s",
                                         what,
                                         !text  ? "not written"
                                         : back ? "a different maze"
                                                : err.message);
                            /* the picture shows the shape: '~' in text and CSV exactly where a cell is outside */
                            if (text && formats[f] <= MEIRO_FORMAT_CSV) {
                                size_t col = csv ? 2 : 1,
                                       row_len = csv ? 2 * (2 * (size_t)w + 1) : 2 * (size_t)w + 2;
                                bool shown = true;
                                for (uint32_t y = 0; y < h; y++)
                                    for (uint32_t x = 0; x < w; x++) {
                                        char c = text[(2 * (size_t)y + 1) * row_len +
                                                      (2 * (size_t)x + 1) * col];
                                        shown &= (c == '~') ==
                                                 !meiro_maze_is_active(m, (meiro_cell){x, y});
                                    }
                                verdict_note(&outside, shown,
                                             "%s: '~' not where the cells outside are", what);
                            }
                            if (back && formats[f] <= MEIRO_FORMAT_CSV) {
                                char *again = render(back, with_path ? &path : NULL, formats[f]);
                                verdict_note(&same_text, again && strcmp(text, again) == 0,
                                             "%s: written again differs", what);
                                free(again);
                            }
                            meiro_maze_free(back);
                            free(text);
                        }
                    if (solved) meiro_path_free(&path);
                    meiro_maze_free(m);
                    free(mask);
                }
        generators += works;
    }
    CHECK_ALL(made);
    CHECK_ALL(read_back);
    CHECK_ALL(same_text);
    CHECK_ALL(outside);
    CHECK_MSG(generators >= 10 && refused >= 1, "%u generators work on shapes, %u refuse",
              generators, refused);
}

static void test_shape_files(void)
{
    /* 3 x 2 cells, the top-left one outside: written by hand as meiro does */
    const char *text = "~~#####\n~~#S  #\n### # #\n#   #G#\n#######\n";
    meiro_error err = {0};
    meiro_maze *m = parse(text, false, &err);
    CHECK_MSG(
        m && meiro_maze_has_mask(m) && meiro_maze_cell_count(m) == 5 &&
            !meiro_maze_is_active(m, (meiro_cell){0, 0}) &&
            same_shape(m, 3, 2, (meiro_cell){1, 0}, MEIRO_NO_DIR, (meiro_cell){2, 1}, MEIRO_NO_DIR),
        "%s", err.message);
    char *again = m ? render(m, NULL, MEIRO_FORMAT_TEXT) : NULL;
    CHECK(again && strcmp(again, text) == 0);
    free(again);
    /* the same in CSV, and with walls 0 (the corner is '~': the first 0 or 1 tells) */
    const char *csvs[] = {
        "~,~,1,1,1,1,1\n~,~,1,S,0,0,1\n1,1,1,0,1,0,1\n1,0,0,0,1,G,1\n1,1,1,1,1,1,1\n",
        "~;~;0;0;0;0;0\n~;~;0;S;1;1;0\n0;0;0;1;0;1;0\n0;1;1;1;0;G;0\n0;0;0;0;0;0;0\n",
    };
    verdict csv_read = {0};
    for (size_t i = 0; i < sizeof csvs / sizeof csvs[0]; i++) {
        meiro_maze *c = parse(csvs[i], true, &err);
        verdict_note(&csv_read, m && c && meiro_maze_equal(m, c), "csv %zu: %s", i,
                     c ? "a different maze" : err.message);
        meiro_maze_free(c);
    }
    CHECK_ALL(csv_read);
    meiro_maze_free(m);
    /* blocks: '~' is a cell outside the shape */
    m = parse("~S G~\n", false, &err);
    CHECK_MSG(
        same_shape(m, 5, 1, (meiro_cell){1, 0}, MEIRO_NO_DIR, (meiro_cell){3, 0}, MEIRO_NO_DIR) &&
            meiro_maze_cell_count(m) == 3 && path_cells(m) == 3,
        "%s", err.message);
    meiro_maze_free(m);
    /* a drawing: the cell S and G cannot reach is outside, a gap beside it allowed */
    m = parse("+---+---+---+\n| S   G |    \n+---+---+   +\n", false, &err);
    CHECK_MSG(
        same_shape(m, 3, 1, (meiro_cell){0, 0}, MEIRO_NO_DIR, (meiro_cell){1, 0}, MEIRO_NO_DIR) &&
            meiro_maze_cell_count(m) == 2 && !meiro_maze_is_active(m, (meiro_cell){2, 0}),
        "%s", err.message);
    meiro_maze_free(m);
    /* mistakes, with positions: an opening (or S) beside a cell outside */
    expect_error("~~#####\n~~ S  #\n### # #\n#   #G#\n#######\n", false, MEIRO_ERROR_PARSE, 2, 3,
                 "opening beside a cell outside the shape");
    expect_error("~~#####\nS~#   #\n### # #\n#   #G#\n#######\n", false, MEIRO_ERROR_PARSE, 2, 1,
                 "opening beside a cell outside the shape");
    expect_error("~~#####\n~~#S  #\n# # # #\n#   #G#\n#######\n", false, MEIRO_ERROR_PARSE, 3, 2,
                 "opening beside a cell outside the shape");
    expect_error("~,~,1,1,1,1,1\n~,~,1,S,0,0,1\n1,0,1,0,1,0,1\n1,0,0,0,1,G,1\n1,1,1,1,1,1,1\n",
                 true, MEIRO_ERROR_PARSE, 3, 2, "opening beside a cell outside the shape");
    expect_error("~,~,1,1,1\n~,x,1,S,1\n", true, MEIRO_ERROR_PARSE, 2, 2, "'~' outside its shape");
    expect_error("#####\n#S~~#\n#  ~G\n#####\n", false, MEIRO_ERROR_PARSE, 3, 5,
                 "G stands beside a cell outside"); /* blocks: G in a door of a '~' cell */
    /* a drawing's gap beside a cell S reaches is still one */
    expect_error("+---+---+---+\n| S   G     \n+---+---+   +\n", false, MEIRO_ERROR_PARSE, 2, 13,
                 "gap in the outer wall");
}

static const test_case cases[] = {
    {"round_trips", test_round_trips},
    {"doors", test_doors_round_trip},
    {"tolerated", test_tolerated},
    {"bad_input", test_bad_input},
    {"blocks", test_blocks},
    {"csv_separators", test_csv_separators},
    {"drawings", test_drawings},
    {"save", test_save},
    {"formats", test_formats},
    {"line_drawings", test_line_drawings},
    {"shape_round_trips", test_shape_round_trips},
    {"shape_files", test_shape_files},
};

int main(int argc, char **argv) { return test_main("io", argc, argv, cases, TEST_COUNT(cases)); }
