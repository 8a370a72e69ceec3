/* A maze a small child can do: for each age, rectangles, shapes, names and
 * round and hex mazes keep the age's smallest cell on the printed page,
 * have S and G far apart (the solution at least a third of the longest way
 * in the maze, never neighbours), and names fill the page, wrapped whole.
 * Every maze is made the way `meiro generate --age N` makes it: the level,
 * the page resolved, the name set for the level, the options resolved.
 * Public API only. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "meiro.h"
#include "tools.h"

#include <math.h>
#include <stdint.h>
#include <unistd.h>

static const unsigned ages[] = {4, 6, 9};
static const char *const names[] = {"Hana", "I", "A", "Alexander", "Mary Jane", "はな"};
enum { SEEDS = 4 };

/* Whether two cells are neighbours on the maze's grid (wall or not). */
static bool neighbours(const meiro_maze *m, meiro_cell a, meiro_cell b)
{
    unsigned sides = meiro_maze_sides(m, a);
    for (unsigned k = 0; k < sides; k++) {
        meiro_cell n;
        if (meiro_maze_neighbour(m, a, k, &n) && n.x == b.x && n.y == b.y) return true;
    }
    return false;
}

/* S and G far apart: not neighbours, the solution (cells) at least a third
 * of the longest way. Notes the maze in v, named by `what`. */
static void note_far(verdict *v, const meiro_maze *m, const char *what)
{
    meiro_stats st;
    meiro_error err = {0};
    bool ok = meiro_stats_compute(m, &st, &err) == MEIRO_OK;
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    verdict_note(v, ok && !neighbours(m, s, g) && st.solution * 3 >= st.longest && st.solution >= 3,
                 "%s: S (%u,%u) G (%u,%u), solution %llu of longest %llu%s", what, s.x, s.y, g.x,
                 g.y, (unsigned long long)st.solution, (unsigned long long)st.longest,
                 ok ? "" : err.message);
}

/* What the command line does without a level: names at their own height,
 * a heart at its square, polar and hex at their defaults; S and G far
 * apart in each. (Main before the change: `I` had a 4-cell solution, a
 * polar maze S in the centre and G straight out.) */
static void test_ends_far(void)
{
    verdict far = {0};
    for (unsigned seed = 1; seed <= SEEDS; seed++) {
        for (size_t k = 0; k < TEST_COUNT(names); k++) {
            uint8_t *mask = NULL;
            meiro_text_info info;
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.seed = seed;
            bool ok = meiro_text_mask(names[k], NULL, 0, &mask, &info, NULL) == MEIRO_OK &&
                      meiro_generate_options_resolve(&o, 0, &(meiro_maze_sources){.text = &info},
                                                     NULL) == MEIRO_OK;
            o.mask = mask;
            meiro_maze *m = ok ? meiro_generate(&o, NULL) : NULL;
            char what[64];
            snprintf(what, sizeof what, "%s seed %u", names[k], seed);
            if (m) note_far(&far, m, what);
            else verdict_note(&far, false, "%s: not made", what);
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
        for (int g = 0; g < 3; g++) {
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.seed = seed;
            o.grid = g == 0 ? MEIRO_GRID_POLAR : g == 1 ? MEIRO_GRID_HEX : MEIRO_GRID_RECT;
            meiro_generate_options_resolve(&o, 0, &(meiro_maze_sources){.shape = g == 2}, NULL);
            uint8_t *mask = NULL;
            if (g == 2 && meiro_shape_mask("heart", o.width, o.height, &mask, NULL) != MEIRO_OK)
                continue;
            o.mask = mask;
            meiro_maze *m = meiro_generate(&o, NULL);
            char what[64];
            snprintf(what, sizeof what, "%s seed %u",
                     g == 0   ? "polar"
                     : g == 1 ? "hex"
                              : "heart",
                     seed);
            if (m) note_far(&far, m, what);
            else verdict_note(&far, false, "%s: not made", what);
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
    }
    CHECK_ALL(far);
}

/* The kinds of maze of the matrix: a rectangle, a heart, each name, a
 * polar and a hex maze. */
enum { KIND_RECT, KIND_HEART, KIND_POLAR, KIND_HEX, KIND_NAME };
#define KINDS (KIND_NAME + TEST_COUNT(names))

static const char *kind_name(size_t k)
{
    static const char *const fixed[] = {"rect", "heart", "polar", "hex"};
    return k < KIND_NAME ? fixed[k] : names[k - KIND_NAME];
}

/* One maze of the matrix, made as `meiro generate --age AGE -o x.pdf`
 * makes it on the default page; its cell on the page into *cell. NULL
 * when it could not be made (the error in *err). */
static meiro_maze *child_maze(unsigned age, size_t kind, uint64_t seed,
                              const meiro_export_options *page, double *cell, meiro_error *err)
{
    meiro_level level;
    if (meiro_level_for_age(age, &level, err) != MEIRO_OK) return NULL;
    const meiro_level_desc *l = meiro_level_info(level);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.seed = seed;
    o.grid = kind == KIND_POLAR ? MEIRO_GRID_POLAR
             : kind == KIND_HEX ? MEIRO_GRID_HEX
                                : MEIRO_GRID_RECT;
    uint8_t *mask = NULL;
    meiro_text_info info;
    meiro_maze *m = NULL;
    if (kind >= KIND_NAME &&
        meiro_text_mask_for_level(names[kind - KIND_NAME], NULL, l, MEIRO_FORMAT_PDF, page, &mask,
                                  &info, NULL, err) != MEIRO_OK)
        return NULL;
    meiro_maze_sources src = {
        .level = l, .shape = kind == KIND_HEART, .text = kind >= KIND_NAME ? &info : NULL};
    if (meiro_generate_options_resolve(&o, 0, &src, err) == MEIRO_OK &&
        (kind != KIND_HEART ||
         meiro_shape_mask("heart", o.width, o.height, &mask, err) == MEIRO_OK) &&
        meiro_export_grid_cell_mm(o.grid, o.width, o.height, MEIRO_FORMAT_PDF, page, cell, err) ==
            MEIRO_OK) {
        o.mask = mask;
        m = meiro_generate(&o, err);
    }
    meiro_mask_free(mask);
    return m;
}

/* For every age x {rect, heart, the names, polar, hex}: the cell on the
 * page at least the age's smallest (10 mm at 4-5), S and G far apart. */
static void test_ages(void)
{
    meiro_export_options page;
    meiro_export_options_init(&page);
    meiro_export_options_resolve(&page, 0, NULL);
    verdict cells = {0}, far = {0};
    for (size_t a = 0; a < TEST_COUNT(ages); a++) {
        meiro_level level;
        meiro_level_for_age(ages[a], &level, NULL);
        double least = meiro_level_info(level)->cell_mm;
        for (size_t k = 0; k < KINDS; k++) {
            for (uint64_t seed = 1; seed <= (k >= KIND_NAME ? 2 : SEEDS); seed++) {
                double cell = 0;
                meiro_error err = {0};
                meiro_maze *m = child_maze(ages[a], k, seed, &page, &cell, &err);
                char what[96];
                snprintf(what, sizeof what, "age %u %s seed %llu", ages[a], kind_name(k),
                         (unsigned long long)seed);
                verdict_note(&cells, m && cell >= least - 1e-9, "%s: cell %.2f mm, at least %g%s%s",
                             what, cell, least, m ? "" : ": ", m ? "" : err.message);
                if (m) note_far(&far, m, what);
                meiro_maze_free(m);
            }
        }
    }
    CHECK_ALL(cells);
    CHECK_ALL(far);
}

/* The default page, resolved as the command line resolves it. */
static meiro_export_options default_page(void)
{
    meiro_export_options page;
    meiro_export_options_init(&page);
    meiro_export_options_resolve(&page, 0, NULL);
    return page;
}

/* The text as set without its line breaks (a break at a space gives the
 * space back). */
static void unwrapped(const char *set, const char *name, char *out, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; set[i] && n + 1 < size; i++) {
        size_t at = n;
        if (set[i] != '\n') out[n++] = set[i];
        else if (strlen(name) > at && name[at] == ' ') out[n++] = ' '; /* the space it stood for */
    }
    out[n] = 0;
}

/* The same letters, or the same in capitals: ASCII letters alike but for
 * case, and the two-byte Latin letters of UTF-8 (é, É) but for the bit
 * that tells their case apart. */
static bool same_letters(const char *a, const char *b)
{
    if (strlen(a) != strlen(b)) return false;
    for (size_t i = 0; a[i]; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        bool ascii_letter = (x | 0x20) >= 'a' && (x | 0x20) <= 'z';
        if (x != y && !(ascii_letter && (x | 0x20) == (y | 0x20)) &&
            !(x >= 0x80 && (x ^ y) == 0x20))
            return false;
    }
    return true;
}

/* No line starts with what belongs to the letter before: a mark, small
 * kana, the long vowel mark, punctuation or a hyphen; no line of one
 * Latin letter. */
static bool lines_start_well(const char *set)
{
    static const char *const clinging[] = {"ょ", "ゃ", "ゅ", "っ", "ー",
                                           "、", "。", "-",  "'",  "\xcc"};
    bool one = !strchr(set, '\n');
    for (const char *line = set; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        for (size_t k = 0; k < TEST_COUNT(clinging); k++)
            if (!strncmp(line, clinging[k], strlen(clinging[k]))) return false;
        size_t len = strcspn(line, "\n");
        if (!one && len == 1 && (unsigned char)line[0] < 0x80) return false;
    }
    return true;
}

/* Names fill the page: every letter kept, in order (in capitals where
 * small letters would not read), on one to three lines broken at the
 * space where there is one; the letters the tallest that keep the cell
 * (a row more and the page's cell is smaller than the age's). */
static void test_names_fill(void)
{
    static const char *const more[] = {
        "Hana",       "I",   "A",      "Alexander", "Mary Jane",    "はな",      "Jean-Luc",
        "José María", "Zoë", "O'Neil", "きょうこ",  "しょうたろう", "Ann Lee Wu"};
    meiro_export_options page = default_page();
    verdict whole = {0}, lines = {0}, tallest = {0};
    for (size_t a = 0; a < TEST_COUNT(ages); a++) {
        meiro_level level;
        meiro_level_for_age(ages[a], &level, NULL);
        const meiro_level_desc *l = meiro_level_info(level);
        for (size_t k = 0; k < TEST_COUNT(more); k++) {
            const char *name = more[k];
            uint8_t *mask = NULL;
            meiro_text_info info;
            char *set = NULL;
            meiro_error err = {0};
            meiro_status s = meiro_text_mask_for_level(name, NULL, l, MEIRO_FORMAT_PDF, &page,
                                                       &mask, &info, &set, &err);
            /* the matrix's names are set; the others may be refused, naming the ages they fit */
            bool must = k < TEST_COUNT(names);
            if (!verdict_note(&whole,
                              (s == MEIRO_OK && set) || (!must && s == MEIRO_ERROR_ARGUMENT &&
                                                         strstr(err.message, "it fits")),
                              "%s at %u: %s", name, ages[a], err.message) ||
                s != MEIRO_OK)
                continue;
            char back[128];
            unwrapped(set, name, back, sizeof back);
            verdict_note(&whole, same_letters(back, name), "%s at %u: set as '%s'", name, ages[a],
                         set);
            unsigned n = 1;
            for (const char *p = set; *p; p++) n += *p == '\n';
            bool at_space = !strchr(name, ' ') || n == 1 || strchr(set, ' ') == NULL || n == 3;
            verdict_note(&lines, n <= 3 && at_space && lines_start_well(set), "%s at %u: '%s'",
                         name, ages[a], set);
            /* the letters' height: the grid is n lines and n - 1 rows between */
            uint32_t h = (info.height - (n - 1)) / n;
            uint8_t *taller = NULL;
            meiro_text_info ti;
            double cell = 0;
            bool more = meiro_text_mask(set, NULL, h + 1, &taller, &ti, NULL) == MEIRO_OK &&
                        meiro_export_grid_cell_mm(MEIRO_GRID_RECT, ti.width, ti.height,
                                                  MEIRO_FORMAT_PDF, &page, &cell, NULL) == MEIRO_OK;
            verdict_note(&tallest, !more || cell < l->cell_mm,
                         "%s at %u: '%s' %u tall, %u would give %.2f mm cells", name, ages[a], set,
                         h, h + 1, cell);
            meiro_mask_free(taller);
            meiro_mask_free(mask);
            free(set);
        }
    }
    CHECK_ALL(whole);
    CHECK_ALL(lines);
    CHECK_ALL(tallest);
}

/* A name too long for the age's cells on the paper is refused, naming the
 * ages whose cells it fits; it is set for those ages, and a shorter one
 * for the young age. */
static void test_names_refused(void)
{
    meiro_export_options page = default_page();
    verdict v = {0};
    for (size_t l = 0; l < 2; l++) {
        const meiro_level_desc *young = meiro_level_info((meiro_level)l);
        for (int paper = 0; paper < 2; paper++) {
            page.paper = paper ? MEIRO_PAPER_A3 : MEIRO_PAPER_A4;
            uint8_t *mask = (uint8_t *)&page;
            meiro_error err = {0};
            const char *name = "Maximilian Alexander von Habsburg";
            meiro_status s = meiro_text_mask_for_level(name, NULL, young, MEIRO_FORMAT_PDF, &page,
                                                       &mask, NULL, NULL, &err);
            if (!verdict_note(&v,
                              s == MEIRO_ERROR_ARGUMENT && !mask && err.field == MEIRO_FIELD_TEXT &&
                                  strstr(err.message, young->ages),
                              "level %zu paper %d: %s", l, paper, err.message))
                continue;
            /* the ages it names: it fits their cells */
            const meiro_level_desc *named = NULL;
            const char *fits = strstr(err.message, "it fits");
            for (unsigned k = 0; fits && k < MEIRO_LEVEL_COUNT; k++) {
                const meiro_level_desc *d = meiro_level_info((meiro_level)k);
                const char *at = strstr(err.message, d->ages);
                if (d != young && at && at < fits) named = d;
            }
            verdict_note(&v,
                         named &&
                             meiro_text_mask_for_level(name, NULL, named, MEIRO_FORMAT_PDF, &page,
                                                       &mask, NULL, NULL, NULL) == MEIRO_OK,
                         "level %zu paper %d: '%s' names no ages it fits", l, paper, err.message);
            meiro_mask_free(mask);
        }
    }
    CHECK_ALL(v);
    page.paper = MEIRO_PAPER_A4;
    uint8_t *mask = NULL;
    meiro_error err = {0};
    const meiro_level_desc *easy = meiro_level_info(MEIRO_LEVEL_EASY);
    CHECK_INT(meiro_text_mask_for_level("Maximilian", NULL, easy, MEIRO_FORMAT_PDF, &page, &mask,
                                        NULL, NULL, &err),
              MEIRO_OK);
    meiro_mask_free(mask);
    /* the text's own errors come first */
    CHECK_INT(
        meiro_text_mask_for_level("", NULL, easy, MEIRO_FORMAT_PDF, &page, &mask, NULL, NULL, &err),
        MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "empty"), "%s", err.message);
}

/* A size given that breaks the age's cell: a warning that names a size
 * that keeps it, and that size does; a size that keeps it: none. */
static void test_page_check(void)
{
    meiro_export_options page = default_page();
    verdict v = {0};
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
    } sizes[] = {{MEIRO_GRID_RECT, 40, 50},
                 {MEIRO_GRID_RECT, 30, 12},
                 {MEIRO_GRID_POLAR, 1, 12},
                 {MEIRO_GRID_HEX, 30, 30},
                 {MEIRO_GRID_RECT, 6, 8}};
    for (size_t a = 0; a < TEST_COUNT(ages); a++) {
        meiro_level level;
        meiro_level_for_age(ages[a], &level, NULL);
        const meiro_level_desc *l = meiro_level_info(level);
        for (size_t k = 0; k < TEST_COUNT(sizes); k++) {
            double cell = 0;
            meiro_export_grid_cell_mm(sizes[k].grid, sizes[k].w, sizes[k].h, MEIRO_FORMAT_PDF,
                                      &page, &cell, NULL);
            meiro_error warn = {0};
            meiro_status s = meiro_level_page_check(l, sizes[k].grid, sizes[k].w, sizes[k].h, 0,
                                                    MEIRO_FORMAT_PDF, &page, &warn);
            bool small = cell < l->cell_mm;
            if (!verdict_note(&v, (s != MEIRO_OK) == small, "age %u %ux%u: cell %.2f, %s", ages[a],
                              sizes[k].w, sizes[k].h, cell, warn.message) ||
                !small)
                continue;
            unsigned w = sizes[k].w, h = 0;
            const char *fits = strrchr(warn.message, ':');
            bool read = fits && (sizes[k].grid == MEIRO_GRID_POLAR
                                     ? sscanf(fits, ": %u rings", &h) == 1
                                     : sscanf(fits, ": %u x %u cells", &w, &h) == 2);
            double fit_cell = 0;
            meiro_export_grid_cell_mm(sizes[k].grid, w, h, MEIRO_FORMAT_PDF, &page, &fit_cell,
                                      NULL);
            verdict_note(&v, read && fit_cell >= l->cell_mm && strstr(warn.message, l->ages),
                         "age %u %ux%u: '%s' (%.2f mm)", ages[a], sizes[k].w, sizes[k].h,
                         warn.message, fit_cell);
        }
    }
    CHECK_ALL(v);
    /* no page, no cells in mm; no level, nothing to keep */
    CHECK_INT(meiro_level_page_check(meiro_level_info(MEIRO_LEVEL_EASY), MEIRO_GRID_RECT, 400, 400,
                                     0, MEIRO_FORMAT_TEXT, &page, NULL),
              MEIRO_OK);
    CHECK_INT(
        meiro_level_page_check(NULL, MEIRO_GRID_RECT, 400, 400, 0, MEIRO_FORMAT_PDF, &page, NULL),
        MEIRO_OK);
    /* a cell asked for below the age's */
    meiro_error warn = {0};
    page.cell_mm = 5;
    CHECK_INT(meiro_level_page_check(meiro_level_info(MEIRO_LEVEL_EASY), MEIRO_GRID_RECT, 6, 8, 0,
                                     MEIRO_FORMAT_PDF, &page, &warn),
              MEIRO_ERROR_ARGUMENT);
    CHECK(warn.field == MEIRO_FIELD_CELL);
}

/* The columns of ink (dark pixels) above the footer of a greyscale PGM
 * page; false if it cannot be read. */
static bool ink_columns(const char *pgm, double dpi, double *width_mm)
{
    FILE *f = fopen(pgm, "rb");
    if (!f) return false;
    unsigned w, h, max;
    bool ok =
        fscanf(f, "P5 %u %u %u", &w, &h, &max) == 3 && fgetc(f) != EOF && w && h && max == 255;
    unsigned char *px = ok ? malloc((size_t)w * h) : NULL;
    ok = px && fread(px, 1, (size_t)w * h, f) == (size_t)w * h;
    fclose(f);
    unsigned x0 = w, x1 = 0,
             rows = h - (unsigned)(25 / 25.4 * dpi); /* the footer: the last 25 mm */
    for (unsigned y = 0; ok && y < rows; y++)
        for (unsigned x = 0; x < w; x++)
            if (px[(size_t)y * w + x] < 96) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
            }
    free(px);
    *width_mm = ok && x1 >= x0 ? (x1 - x0 + 1) * 25.4 / dpi : 0;
    return ok;
}

/* The cell as printed: the page rasterised (pdftoppm), the ink's width
 * over the maze's columns (a polar maze: twice its rings), less a line. */
static void test_printed(void)
{
    if (!have("pdftoppm")) return;
    char dir[] = "/tmp/meiro-child-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK_MSG(false, "no temporary folder");
        return;
    }
    meiro_export_options page = default_page();
    static const size_t kinds[] = {KIND_RECT, KIND_POLAR, KIND_NAME + 3 /* Alexander */,
                                   KIND_NAME + 1 /* I */};
    verdict v = {0};
    for (size_t a = 0; a < TEST_COUNT(ages); a++) {
        meiro_level level;
        meiro_level_for_age(ages[a], &level, NULL);
        double least = meiro_level_info(level)->cell_mm;
        for (size_t k = 0; k < TEST_COUNT(kinds); k++) {
            double cell = 0;
            meiro_maze *m = child_maze(ages[a], kinds[k], 7, &page, &cell, NULL);
            char pdf[64], pgm[64], cmd[256];
            snprintf(pdf, sizeof pdf, "%s/m.pdf", dir);
            snprintf(pgm, sizeof pgm, "%s/m", dir);
            snprintf(cmd, sizeof cmd, "pdftoppm -r 100 -gray -singlefile '%s' '%s'", pdf, pgm);
            snprintf(pgm, sizeof pgm, "%s/m.pgm", dir);
            double ink = 0;
            bool ok = m && meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, pdf, NULL) == MEIRO_OK &&
                      run(cmd, NULL, 0) && ink_columns(pgm, 100, &ink);
            double across =
                kinds[k] == KIND_POLAR ? 2.0 * meiro_maze_height(m) : meiro_maze_width(m);
            double printed = (ink - 1.0) / across; /* the outer lines: under a millimetre */
            verdict_note(&v, ok && printed >= least * 0.98,
                         "age %u %s: %.0f cells in %.1f mm: %.2f mm, at least %g", ages[a],
                         kind_name(kinds[k]), across, ink, printed, least);
            meiro_maze_free(m);
            remove(pdf);
            remove(pgm);
        }
    }
    rmdir(dir);
    CHECK_ALL(v);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"ends_far", test_ends_far},     {"ages", test_ages},
        {"names_fill", test_names_fill}, {"names_refused", test_names_refused},
        {"page_check", test_page_check}, {"printed", test_printed}};
    return test_main("child", argc, argv, cases, TEST_COUNT(cases));
}
