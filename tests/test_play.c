/* The playable workbook (--play) played in LibreOffice Calc: a person's
 * marks typed into the sheet (tests/calc_play.py, Python-UNO), the sheet
 * recalculated, and its Status read. Over generators, sizes from 1 x 1 to
 * 60 x 60, mazes with loops and both languages: the solution from meiro's
 * own solver says Goal; nothing marked asks for marks (as the sheet
 * opens, too); the way with a stray mark, beside it or apart, says the
 * marks off the way; a way through a wall says so; a way with one cell
 * off is not right. Mazes on a shape play the same, their cells outside
 * locked. A booklet's first sheet plays too. Some of the marked
 * workbooks, saved by Calc, are recalculated by Gnumeric (ssconvert). */
#define _POSIX_C_SOURCE 200809L
#include "meiro.h"

#include "harness.h"
#include "tools.h"

#include <sys/stat.h>

static char dir[64];

typedef struct play_case {
    char name[24];
    const char *expect; /* a key of status_words */
    char cells[16384];  /* "row,col;..." */
} play_case;

/* The words each status has, in English and Japanese. */
static const struct {
    const char *key, *en, *ja;
} status_words[] = {
    {"prompt", "Mark the way from S to G", "しるしを つけよう"},
    {"goal", "Goal!", "ゴール！"},
    {"stray", "off the way", "みちではない"},
    {"wall", "through a wall", "とおりぬけ"},
    {"keep", "Keep going", "つづけよう"},
};

static bool on(const meiro_path *p, meiro_cell c, size_t from, size_t to)
{
    for (size_t i = from; i < to && i < p->length; i++)
        if (p->cells[i].x == c.x && p->cells[i].y == c.y) return true;
    return false;
}

static bool is_end(const meiro_maze *m, meiro_cell c)
{
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    return (c.x == s.x && c.y == s.y) || (c.x == g.x && c.y == g.y);
}

static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};

/* The neighbour a player can mark: on the grid and inside its shape. */
static bool neighbour(const meiro_maze *m, meiro_cell c, int d, meiro_cell *n)
{
    int64_t x = (int64_t)c.x + dx[d], y = (int64_t)c.y + dy[d];
    if (x < 0 || y < 0 || x >= meiro_maze_width(m) || y >= meiro_maze_height(m)) return false;
    *n = (meiro_cell){(uint32_t)x, (uint32_t)y};
    return meiro_maze_is_active(m, *n);
}

/* Appends cell c (not S or G: those are marked already) to a case. */
static void mark(play_case *k, uint32_t first_row, meiro_cell c, const meiro_maze *m)
{
    if (is_end(m, c)) return;
    size_t n = strlen(k->cells);
    snprintf(k->cells + n, sizeof k->cells - n, "%s%lu,%lu", n ? ";" : "",
             (unsigned long)(first_row + c.y), (unsigned long)(1 + c.x));
}

static void mark_path(play_case *k, uint32_t first_row, const meiro_path *p, size_t from, size_t to,
                      const meiro_maze *m)
{
    for (size_t i = from; i < to && i < p->length; i++) mark(k, first_row, p->cells[i], m);
}

/* The cases for one maze and its solution p. */
static size_t make_cases(const meiro_maze *m, const meiro_path *p, uint32_t first_row, bool perfect,
                         play_case *k)
{
    size_t n = 0;
    bool trivial = p->length <= 2;
    k[n] = (play_case){"open", trivial ? "goal" : "prompt", ""};
    n++;
    k[n] = (play_case){"solution", "goal", ""};
    mark_path(&k[n++], first_row, p, 0, p->length, m);
    if (trivial) return n;
    k[n] = (play_case){"empty", "prompt", ""};
    n++;
    /* a stray: beside the way through an opening, and apart from it */
    bool beside = false, apart = false;
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    for (size_t i = 1; i + 1 < p->length && !beside; i++)
        for (int d = 0; d < 4 && !beside; d++) {
            meiro_cell c;
            if (meiro_maze_is_open(m, p->cells[i].x, p->cells[i].y, (meiro_dir)d) &&
                neighbour(m, p->cells[i], d, &c) && !on(p, c, 0, p->length)) {
                k[n] = (play_case){"stray beside", "stray", ""};
                mark_path(&k[n], first_row, p, 0, p->length, m);
                mark(&k[n++], first_row, c, m);
                beside = true;
            }
        }
    for (uint32_t y = 0; y < h && !apart; y++)
        for (uint32_t x = 0; x < w && !apart; x++) {
            meiro_cell c = {x, y}, nb;
            bool near = on(p, c, 0, p->length) || !meiro_maze_is_active(m, c);
            for (int d = 0; d < 4 && !near; d++)
                near = neighbour(m, c, d, &nb) && on(p, nb, 0, p->length);
            if (near) continue;
            k[n] = (play_case){"stray apart", "stray", ""};
            mark_path(&k[n], first_row, p, 0, p->length, m);
            mark(&k[n++], first_row, c, m);
            apart = true;
        }
    /* one cell off: the middle cell of the way moved to a neighbour off it
     * (in a maze with loops that may be another way: perfect mazes only) */
    size_t mid = p->length / 2;
    for (int d = 0; d < 4 && perfect; d++) {
        meiro_cell c;
        if (!neighbour(m, p->cells[mid], d, &c) || on(p, c, 0, p->length)) continue;
        k[n] = (play_case){"one off", "not goal", ""};
        mark_path(&k[n], first_row, p, 0, mid, m);
        mark(&k[n], first_row, c, m);
        mark_path(&k[n++], first_row, p, mid + 1, p->length, m);
        break;
    }
    /* through a wall: the way to cell i, then a neighbour c across a wall
     * and the way from c to G, where that way keeps off the first part and
     * its openings (nothing else joins S to G) */
    bool crossed = false;
    for (size_t i = 1; i + 1 < p->length && !crossed; i++)
        for (int d = 0; d < 4 && !crossed; d++) {
            meiro_cell c;
            if (meiro_maze_is_open(m, p->cells[i].x, p->cells[i].y, (meiro_dir)d) ||
                !neighbour(m, p->cells[i], d, &c) || on(p, c, 0, i + 2) || is_end(m, c))
                continue;
            meiro_maze *copy = meiro_maze_clone(m, NULL);
            meiro_path rest = {0};
            bool ok = copy && meiro_maze_set_start(copy, c, MEIRO_NO_DIR) == MEIRO_OK &&
                      meiro_solve(copy, "bfs", &rest, NULL) == MEIRO_OK;
            for (size_t j = 0; ok && j < rest.length; j++)
                for (size_t q = 0; ok && q <= i; q++) {
                    meiro_cell a = rest.cells[j], b = p->cells[q];
                    if (a.x == b.x && a.y == b.y) ok = false;
                    for (int e = 0; ok && e < 4; e++) {
                        meiro_cell nb;
                        if (meiro_maze_is_open(m, b.x, b.y, (meiro_dir)e) &&
                            neighbour(m, b, e, &nb) && nb.x == a.x && nb.y == a.y &&
                            !(q == i && j == 0))
                            ok = false;
                    }
                }
            if (ok) {
                k[n] = (play_case){"through a wall", "wall", ""};
                mark_path(&k[n], first_row, p, 0, i + 1, m);
                mark_path(&k[n++], first_row, &rest, 0, rest.length, m);
                crossed = true;
            }
            meiro_path_free(&rest);
            meiro_maze_free(copy);
        }
    return n;
}

/* The maze's first row on the sheet: below the page's texts, one merged
 * row each, and the ring; the status row is merged too. */
static uint32_t first_row_of(const char *file)
{
    char cmd[300], out[1 << 16];
    snprintf(cmd, sizeof cmd,
             "unzip -p %s xl/worksheets/sheet1.xml | grep -o '<mergeCell ' | wc -l", file);
    if (!run(cmd, out, sizeof out)) return 0;
    return (uint32_t)atoi(out);
}

typedef struct config {
    const char *algorithm;
    uint32_t w, h;
    unsigned loops;
    const char *lang;
    const char *shape;   /* a built-in shape, or NULL */
    const char *picture; /* a picture maze of this picture (w, h 0: its own size), or NULL */
    bool reverse;
} config;

/* The cells of the first sheet's maze (at first_row, column 1) that take
 * a mark (unlocked): on a shape, exactly the cells inside but S and G. */
static bool only_inside_unlocked(const char *file, const meiro_maze *m, uint32_t first_row)
{
    char cmd[300];
    static char styles[1 << 18], xml[1 << 22];
    snprintf(cmd, sizeof cmd, "unzip -p %s xl/styles.xml", file);
    if (!run(cmd, styles, sizeof styles)) return false;
    snprintf(cmd, sizeof cmd, "unzip -p %s xl/worksheets/sheet1.xml", file);
    if (!run(cmd, xml, sizeof xml)) return false;
    bool unlocked[512] = {false};
    const char *xfs = strstr(styles, "<cellXfs"), *end = xfs ? strstr(xfs, "</cellXfs>") : NULL;
    int n = 0;
    for (const char *x = xfs ? strstr(xfs, "<xf ") : NULL; x && x < end && n < 512;
         x = strstr(x + 1, "<xf ")) {
        const char *next = strstr(x + 1, "<xf ");
        const char *lock = strstr(x, "locked=\"0\"");
        unlocked[n++] = lock && lock < end && (!next || lock < next);
    }
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    bool ok = true;
    size_t count = 0;
    for (const char *c = strstr(xml, "<c r=\""); c; c = strstr(c + 1, "<c r=\"")) {
        const char *r = c + 6;
        uint32_t col = 0, row = 0;
        while (*r >= 'A' && *r <= 'Z') col = col * 26 + (uint32_t)(*r++ - 'A' + 1);
        while (*r >= '0' && *r <= '9') row = row * 10 + (uint32_t)(*r++ - '0');
        const char *st = strstr(c, " s=\""), *close = strchr(c, '>');
        int k = st && st < close ? atoi(st + 4) : 0;
        if (k >= n || !unlocked[k]) continue;
        count++;
        meiro_cell cell = {
            col - 2, row - 1 - first_row}; /* col, row are 1-based; the maze at (1, first_row) */
        ok &= col >= 2 && row >= first_row + 1 && cell.x < w && cell.y < h &&
              meiro_maze_is_active(m, cell) && !is_end(m, cell);
    }
    return ok && count == meiro_maze_cell_count(m) - 2;
}

static void test_calc(void)
{
    if (!have("soffice") || !have("unzip") || !have("/usr/bin/python3")) return;
    if (system("/usr/bin/python3 -c 'import uno' 2>/dev/null") != 0) {
        test_skip("python3-uno is not installed");
        return;
    }
    config configs[64];
    size_t nc = 0;
    static const uint32_t sizes[][2] = {{1, 1}, {1, 2},  {2, 2},   {3, 1},
                                        {5, 4}, {12, 9}, {30, 20}, {60, 60}};
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const uint32_t *s = sizes[g % (sizeof sizes / sizeof sizes[0])];
        configs[nc++] =
            (config){meiro_generator_info(g)->name, s[0], s[1], 0, g % 2 ? "ja" : "en", NULL, NULL,
                     false};
    }
    configs[nc++] = (config){"dig", 20, 15, 40, "en", NULL, NULL, false};
    configs[nc++] = (config){"prim", 25, 25, 100, "ja", NULL, NULL, false};
    configs[nc++] = (config){"cluster", 60, 60, 20, "en", NULL, NULL, false};
    configs[nc++] = (config){"cluster", 16, 13, 0, "en", "heart", NULL, false};
    configs[nc++] = (config){"dig", 20, 18, 0, "ja", "star", NULL, false};
    configs[nc++] = (config){"wilson", 18, 15, 30, "en", "cat", NULL, false};
    /* picture maze: their marked cells colour the picture in, and the sheet
     * says Goal! along the way around it alone */
    configs[nc++] = (config){"picture", 0, 0, 0, "en", NULL, "heart", false};
    configs[nc++] = (config){"picture", 0, 0, 0, "ja", NULL, "star", true};
    verdict locked = {0};
    char jobs[160];
    snprintf(jobs, sizeof jobs, "%s/jobs.tsv", dir);
    FILE *out = fopen(jobs, "w");
    CHECK(out != NULL);
    if (!out) return;
    static play_case cases[8];
    const char *expect[64][8];
    static char marked[64][8][128];
    bool gnumeric = have("ssconvert");
    size_t counts[64];
    for (size_t i = 0; i < nc; i++) {
        meiro_generate_options go;
        meiro_generate_options_init(&go);
        go.algorithm = configs[i].algorithm;
        go.width = configs[i].w, go.height = configs[i].h;
        go.loops = configs[i].loops;
        go.seed = 1000 + i;
        uint8_t *mask = NULL;
        if (configs[i].shape)
            CHECK(meiro_shape_mask(configs[i].shape, go.width, go.height, &mask, NULL) == MEIRO_OK);
        go.mask = mask;
        meiro_maze *m = NULL;
        if (configs[i].picture) {
            uint8_t *pic = NULL;
            uint32_t pw = 0, ph = 0;
            CHECK(meiro_picture_mask(configs[i].picture, NULL, 24, 24, &pic, &pw, &ph, NULL) ==
                  MEIRO_OK);
            m = pic ? meiro_picture_maze(pic, pw, ph, configs[i].reverse, go.seed, NULL) : NULL;
            CHECK(m && meiro_maze_picture(m) != MEIRO_PICTURE_NONE);
            meiro_mask_free(pic);
        } else {
            m = meiro_generate(&go, NULL);
        }
        meiro_mask_free(mask);
        meiro_path p = {0};
        meiro_export_options page;
        meiro_export_options_init(&page);
        page.play = true;
        page.lang = configs[i].lang;
        page.title = i % 3 ? "Play me" : NULL; /* with and without text rows above */
        char file[160];
        snprintf(file, sizeof file, "%s/play%zu.xlsx", dir, i);
        CHECK_MSG(m && meiro_solve(m, "bfs", &p, NULL) == MEIRO_OK &&
                      meiro_save(m, NULL, MEIRO_FORMAT_XLSX, &page, file, NULL) == MEIRO_OK,
                  "%s %ux%u: not written", configs[i].algorithm, configs[i].w, configs[i].h);
        counts[i] =
            m && p.length ? make_cases(m, &p, first_row_of(file), configs[i].loops == 0, cases) : 0;
        if (m && configs[i].shape)
            verdict_note(&locked, only_inside_unlocked(file, m, first_row_of(file)),
                         "%s on a %s: cells outside the shape take marks, or inside do not",
                         configs[i].algorithm, configs[i].shape);
        for (size_t c = 0; c < counts[i]; c++) {
            /* some marked workbooks are kept for Gnumeric (saved by Calc) */
            bool keep = gnumeric && i % 3 == 0 && strcmp(cases[c].expect, "not goal") &&
                        strcmp(cases[c].name, "open");
            if (keep)
                snprintf(marked[i][c], sizeof marked[i][c], "%s/marked-%zu-%zu.xlsx", dir, i, c);
            else marked[i][c][0] = 0;
            fprintf(out, "%s\t%s\t%s\t%s\n", file, cases[c].name, cases[c].cells, marked[i][c]);
            expect[i][c] = cases[c].expect;
        }
        meiro_path_free(&p);
        meiro_maze_free(m);
    }
    /* a booklet: a playable sheet a maze, each with its own Status; the
     * first maze made again from its seed (as its caption says) */
    {
        meiro_booklet_options bo;
        meiro_booklet_options_init(&bo);
        bo.count = 3, bo.seed = 77, bo.algorithm = "dig";
        bo.from_w = bo.to_w = 9, bo.from_h = bo.to_h = 7;
        meiro_export_options page;
        meiro_export_options_init(&page);
        page.play = true;
        char file[160];
        snprintf(file, sizeof file, "%s/book.xlsx", dir);
        meiro_generate_options go;
        meiro_generate_options_init(&go);
        go.algorithm = "dig", go.width = 9, go.height = 7, go.seed = meiro_booklet_maze_seed(77, 0);
        meiro_maze *m = meiro_generate(&go, NULL);
        meiro_path p = {0};
        CHECK_MSG(m && meiro_solve(m, "bfs", &p, NULL) == MEIRO_OK &&
                      meiro_booklet_save(&bo, &page, MEIRO_FORMAT_XLSX, file, NULL) == MEIRO_OK,
                  "the playable booklet was not written");
        configs[nc] = (config){"booklet (dig)", 9, 7, 0, "en", NULL, NULL, false};
        counts[nc] = m && p.length ? make_cases(m, &p, first_row_of(file), true, cases) : 0;
        for (size_t c = 0; c < counts[nc]; c++) {
            marked[nc][c][0] = 0;
            fprintf(out, "%s\t%s\t%s\n", file, cases[c].name, cases[c].cells);
            expect[nc][c] = cases[c].expect;
        }
        nc++;
        meiro_path_free(&p);
        meiro_maze_free(m);
    }
    fclose(out);
    CHECK_ALL(locked);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 tests/calc_play.py < %s > %s/results.tsv", jobs,
             dir);
    CHECK_MSG(system(cmd) == 0, "calc_play.py failed");
    snprintf(cmd, sizeof cmd, "%s/results.tsv", dir);
    FILE *in = fopen(cmd, "r");
    CHECK(in != NULL);
    if (!in) return;
    verdict v = {0};
    size_t seen[16] = {0};
    char line[4096];
    for (size_t i = 0; i < nc; i++)
        for (size_t c = 0; c < counts[i]; c++) {
            char *got = fgets(line, sizeof line, in) ? strrchr(line, '\t') : NULL;
            const char *key = expect[i][c];
            bool ja = !strcmp(configs[i].lang, "ja"), right = false;
            for (size_t s = 0; got && s < TEST_COUNT(status_words); s++) {
                bool says = strstr(got, ja ? status_words[s].ja : status_words[s].en) != NULL;
                if (!strcmp(key, "not goal"))
                    right = right || (says && strcmp(status_words[s].key, "goal") &&
                                      strcmp(status_words[s].key, "prompt"));
                else if (!strcmp(key, status_words[s].key)) right = says;
                if (says) seen[s]++;
            }
            verdict_note(&v, right, "%s %ux%u%s%s loops %u (%s), %s: want %s, the sheet says %s",
                         configs[i].algorithm, configs[i].w, configs[i].h,
                         configs[i].shape ? " on a " : "", configs[i].shape ? configs[i].shape : "",
                         configs[i].loops, configs[i].lang, line, key, got ? got : "nothing");
        }
    fclose(in);
    CHECK_ALL(v);
    /* Gnumeric recalculates the marked workbooks (an error in a formula it
     * cannot read would show instead of the words) and says the same */
    verdict gn = {0};
    for (size_t i = 0; i < nc; i++)
        for (size_t c = 0; c < counts[i]; c++) {
            if (!marked[i][c][0]) continue;
            char csv[4096], want[160];
            snprintf(cmd, sizeof cmd,
                     "ssconvert --recalc -S %s %s-%%n.csv >/dev/null 2>&1 && cat %s-0.csv",
                     marked[i][c], marked[i][c], marked[i][c]);
            bool ja = !strcmp(configs[i].lang, "ja");
            want[0] = 0;
            for (size_t s = 0; s < TEST_COUNT(status_words); s++)
                if (!strcmp(expect[i][c], status_words[s].key))
                    snprintf(want, sizeof want, "%s", ja ? status_words[s].ja : status_words[s].en);
            verdict_note(&gn, run(cmd, csv, sizeof csv) && want[0] && strstr(csv, want),
                         "%s in Gnumeric: want '%s'", marked[i][c], want);
        }
    if (gnumeric) CHECK_ALL(gn);
    /* every message was seen at least once */
    for (size_t s = 0; s < TEST_COUNT(status_words); s++)
        CHECK_MSG(seen[s] > 0, "no case said %s", status_words[s].key);
}

/* Pixels of a binary PPM (P6, 255) within 12 of (r, g, b) in each
 * channel; -1 if it is not read. */
static long ppm_colour(const char *path, int r, int g, int b)
{
    FILE *f = fopen(path, "rb");
    unsigned w, h, max;
    long n = -1;
    if (f && fscanf(f, "P6 %u %u %u", &w, &h, &max) == 3 && max == 255 && fgetc(f) != EOF) {
        n = 0;
        unsigned char px[3];
        for (size_t i = 0; i < (size_t)w * h && fread(px, 1, 3, f) == 3; i++)
            n += abs(px[0] - r) <= 12 && abs(px[1] - g) <= 12 && abs(px[2] - b) <= 12;
    }
    if (f) fclose(f);
    return n;
}

/* A right way turns green: its marks, S and G and the message (Calc
 * recalculates the conditional formats as the player types); a way with
 * a stray mark, and the sheet as it opens, have no green. Main before the
 * change: the marks stayed pale blue, the message the only sign. */
static void test_solved_green(void)
{
    if (!have("soffice") || !have("unzip") || !have("pdftoppm") || !have("/usr/bin/python3"))
        return;
    if (system("/usr/bin/python3 -c 'import uno' 2>/dev/null") != 0) {
        test_skip("python3-uno is not installed");
        return;
    }
    meiro_generate_options go;
    meiro_generate_options_init(&go);
    go.width = 8, go.height = 6, go.seed = 2, go.algorithm = "dig";
    meiro_maze *m = meiro_generate(&go, NULL);
    meiro_path p = {0};
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.play = true;
    char file[160], jobs[160], cmd[600];
    snprintf(file, sizeof file, "%s/green.xlsx", dir);
    snprintf(jobs, sizeof jobs, "%s/green.tsv", dir);
    bool made = m && meiro_solve(m, "bfs", &p, NULL) == MEIRO_OK &&
                meiro_save(m, NULL, MEIRO_FORMAT_XLSX, &page, file, NULL) == MEIRO_OK;
    CHECK_MSG(made, "the playable sheet was not written");
    static play_case cases[16];
    size_t n = made ? make_cases(m, &p, first_row_of(file), true, cases) : 0;
    FILE *out = fopen(jobs, "w");
    CHECK(out != NULL);
    for (size_t c = 0; out && c < n; c++)
        fprintf(out, "%s\t%s\t%s\t%s/green-%zu.pdf\n", file, cases[c].name, cases[c].cells, dir, c);
    if (out) fclose(out);
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 tests/calc_play.py < %s > %s/green.out", jobs, dir);
    CHECK_MSG(out && system(cmd) == 0, "calc_play.py failed");
    verdict v = {0};
    for (size_t c = 0; c < n; c++) {
        snprintf(cmd, sizeof cmd, "pdftoppm -r 40 -singlefile %s/green-%zu.pdf %s/green-%zu", dir,
                 c, dir, c);
        char ppm[200];
        snprintf(ppm, sizeof ppm, "%s/green-%zu.ppm", dir, c);
        long green = run(cmd, NULL, 0) ? ppm_colour(ppm, 0xC6, 0xEF, 0xCE) : -1;
        bool solved = !strcmp(cases[c].expect, "goal");
        /* the way's cells and the message's row: hundreds of pixels */
        verdict_note(&v, solved ? green > 200 : green == 0, "%s: %ld green pixels (%s)",
                     cases[c].name, green, solved ? "a right way: green" : "not right: none");
    }
    CHECK_MSG(n > 3, "only %zu cases", n);
    CHECK_ALL(v);
    meiro_path_free(&p);
    meiro_maze_free(m);
}

/* The largest sheet to play, 200 x 200, stays small: its hidden sheet
 * names each cell's neighbours directly, five cells a row, and reads its
 * own row and the rows after it through relative names, so most of its
 * formulas are the same text in every row (it was 7.9 MB when its
 * formulas looked every neighbour up through INDEX, 2.6 MB with every row
 * number written out; 1.6 MB now, the goal under 2 MB). */
static void test_size(void)
{
    meiro_generate_options go;
    meiro_generate_options_init(&go);
    go.width = go.height = 200;
    go.seed = 1;
    meiro_maze *m = meiro_generate(&go, NULL);
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.play = true;
    char file[160];
    snprintf(file, sizeof file, "%s/big.xlsx", dir);
    CHECK(m && meiro_save(m, NULL, MEIRO_FORMAT_XLSX, &page, file, NULL) == MEIRO_OK);
    struct stat st;
    CHECK(stat(file, &st) == 0);
    CHECK_MSG(st.st_size < 2 * 1048576, "a 200 x 200 sheet to play takes %lld bytes",
              (long long)st.st_size);
    meiro_maze_free(m);
}

static const test_case cases_list[] = {
    {"calc", test_calc},
    {"solved_green", test_solved_green},
    {"size", test_size},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-play-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("play", argc, argv, cases_list, TEST_COUNT(cases_list));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
