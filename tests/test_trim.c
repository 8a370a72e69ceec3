/* Print-on-demand pages, read back from the PDF with poppler: custom paper
 * sizes, the bleed (MediaBox, TrimBox, BleedBox; nothing but frame art
 * outside the trim) and the gutter (mazes shifted to the outer side).
 * Uses the public API only. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "tools.h"

#include <math.h>
#include <meiro.h>
#include <unistd.h>

static char dir[64];

enum { DPI = 60 };
#define PT_PER_MM (72 / 25.4)
#define PX_MM (25.4 / DPI)

/* ---- Reading the PDF back ---- */

/* A page rasterised in grey (0 black .. 255 white), one byte a pixel. */
typedef struct gray {
    int w, h;
    unsigned char *px;
} gray;

static bool rasterise(const char *pdf, int page, gray *g)
{
    *g = (gray){0};
    char cmd[512], pgm[128];
    snprintf(cmd, sizeof cmd, "pdftoppm -r %d -gray -singlefile -f %d -l %d %s %s/page", DPI, page,
             page, pdf, dir);
    snprintf(pgm, sizeof pgm, "%s/page.pgm", dir);
    if (!run(cmd, NULL, 0)) return false;
    FILE *f = fopen(pgm, "rb");
    int max = 0;
    bool ok = f && fscanf(f, "P5 %d %d %d", &g->w, &g->h, &max) == 3 && max == 255 &&
              fgetc(f) != EOF && g->w > 0 && g->h > 0 && (g->px = malloc((size_t)g->w * g->h)) &&
              fread(g->px, 1, (size_t)g->w * g->h, f) == (size_t)g->w * g->h;
    if (f) fclose(f);
    return ok;
}

/* The box (x0, y0, x1, y1 in mm from the page's top-left corner) around
 * the pixels darker than `level`; false if there are none. */
static bool ink_box(const gray *g, int level, double box[4])
{
    int x0 = g->w, y0 = g->h, x1 = -1, y1 = -1;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (g->px[(size_t)y * g->w + x] < level) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
    box[0] = x0 * PX_MM, box[1] = y0 * PX_MM, box[2] = (x1 + 1) * PX_MM, box[3] = (y1 + 1) * PX_MM;
    return x1 >= 0;
}

/* Pixels lighter than white in the rectangle (mm). */
static long ink_in(const gray *g, int level, double x0, double y0, double x1, double y1)
{
    long n = 0;
    for (int y = (int)(y0 / PX_MM); y < g->h && y < (int)(y1 / PX_MM); y++)
        for (int x = (int)(x0 / PX_MM); x < g->w && x < (int)(x1 / PX_MM); x++)
            n += y >= 0 && x >= 0 && g->px[(size_t)y * g->w + x] < level;
    return n;
}

/* The page count and page `page`'s MediaBox, TrimBox and BleedBox (pt). */
static bool pdf_boxes(const char *pdf, int page, int *pages, double media[4], double trim[4],
                      double bleed[4])
{
    static char out[1 << 16];
    char cmd[300];
    snprintf(cmd, sizeof cmd, "pdfinfo -box -f %d -l %d %s", page, page, pdf);
    if (!run(cmd, out, sizeof out)) return false;
    int found = 0;
    for (char *line = out; line && *line;
         line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
        int p;
        double v[4];
        char what[16];
        if (sscanf(line, "Pages: %d", pages) == 1) found++;
        if (sscanf(line, "Page %d %15[A-Za-z]: %lf %lf %lf %lf", &p, what, &v[0], &v[1], &v[2],
                   &v[3]) != 6 ||
            p != page)
            continue;
        double *to = !strcmp(what, "MediaBox")   ? media
                     : !strcmp(what, "TrimBox")  ? trim
                     : !strcmp(what, "BleedBox") ? bleed
                                                 : NULL;
        if (to) memcpy(to, v, sizeof v), found++;
    }
    return found == 4;
}

/* The box around page `page`'s words (pdftotext -bbox), in mm from the
 * page's top-left corner; false if no words. */
static bool word_box(const char *pdf, int page, double box[4])
{
    static char out[1 << 17];
    char cmd[300];
    snprintf(cmd, sizeof cmd, "pdftotext -bbox -f %d -l %d %s -", page, page, pdf);
    if (!run(cmd, out, sizeof out)) return false;
    box[0] = box[1] = 1e9, box[2] = box[3] = -1e9;
    bool any = false;
    for (char *w = strstr(out, "<word "); w; w = strstr(w + 1, "<word ")) {
        double v[4];
        if (sscanf(w, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"", &v[0], &v[1],
                   &v[2], &v[3]) != 4)
            continue;
        any = true;
        box[0] = fmin(box[0], v[0] / PT_PER_MM), box[1] = fmin(box[1], v[1] / PT_PER_MM);
        box[2] = fmax(box[2], v[2] / PT_PER_MM), box[3] = fmax(box[3], v[3] / PT_PER_MM);
    }
    return any;
}

/* The middle of page `page`'s last line of words (the footer), in mm. */
static bool footer_centre(const char *pdf, int page, double *x)
{
    static char out[1 << 17];
    char cmd[300];
    snprintf(cmd, sizeof cmd, "pdftotext -bbox -f %d -l %d %s -", page, page, pdf);
    if (!run(cmd, out, sizeof out)) return false;
    double bottom = -1, x0 = 1e9, x1 = -1e9;
    for (int pass = 0; pass < 2; pass++) /* the lowest line, then its words */
        for (char *w = strstr(out, "<word "); w; w = strstr(w + 1, "<word ")) {
            double v[4];
            if (sscanf(w, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"", &v[0], &v[1],
                       &v[2], &v[3]) != 4)
                continue;
            if (pass == 0) bottom = fmax(bottom, v[3]);
            else if (fabs(v[3] - bottom) < 1) x0 = fmin(x0, v[0]), x1 = fmax(x1, v[2]);
        }
    *x = (x0 + x1) / 2 / PT_PER_MM;
    return x1 > x0;
}

static bool near(const double a[4], const double b[4], double tolerance)
{
    for (int k = 0; k < 4; k++)
        if (!(fabs(a[k] - b[k]) <= tolerance)) return false;
    return true;
}

/* b lies within a (x0, y0, x1, y1), give or take tolerance. */
static bool inside(const double b[4], double x0, double y0, double x1, double y1, double tolerance)
{
    return b[0] >= x0 - tolerance && b[1] >= y0 - tolerance && b[2] <= x1 + tolerance &&
           b[3] <= y1 + tolerance;
}

/* ---- Making the documents ---- */

/* A one-maze PDF (booklet 0) or a booklet of `booklet` mazes, portrait,
 * on `paper` with the bleed, gutter and margin given. */
static bool make_pdf(const char *file, const char *paper, double bleed, double gutter,
                     double margin, unsigned booklet, const meiro_template *tpl, meiro_error *err)
{
    meiro_export_options opt;
    meiro_export_options_from_template(&opt, tpl);
    if (paper &&
        meiro_paper_parse(paper, &opt.paper, &opt.paper_w_mm, &opt.paper_h_mm, err) != MEIRO_OK)
        return false;
    opt.orientation = MEIRO_ORIENT_PORTRAIT;
    opt.bleed_mm = bleed;
    opt.gutter_mm = gutter;
    if (margin >= 0) opt.margin_mm = margin;
    if (booklet) {
        meiro_booklet_options b;
        meiro_booklet_options_init(&b);
        b.count = booklet;
        b.seed = 7;
        return meiro_booklet_save(&b, &opt, MEIRO_FORMAT_PDF, file, err) == MEIRO_OK;
    }
    meiro_maze *m = meiro_generate(
        &(meiro_generate_options){.width = 8, .height = 11, .algorithm = "dig", .seed = 3}, err);
    bool ok = m && meiro_save(m, NULL, MEIRO_FORMAT_PDF, &opt, file, err) == MEIRO_OK;
    meiro_maze_free(m);
    return ok;
}

/* ---- The cases ---- */

static void test_parse(void)
{
    static const struct {
        const char *text;
        meiro_status want;
        double w, h; /* 0: a named paper */
    } cases[] = {
        {"6x9in", MEIRO_OK, 152.4, 228.6},
        {"210X210mm", MEIRO_OK, 210, 210},
        {"148x210", MEIRO_OK, 148, 210},
        {"5.5x8.5in", MEIRO_OK, 139.7, 215.9},
        {"A5", MEIRO_OK, 0, 0},
        {"b4", MEIRO_OK, 0, 0},
        {"a6", MEIRO_OK, 0, 0},
        {"6x9cm", MEIRO_ERROR_UNKNOWN_NAME, 0, 0},
        {"x9", MEIRO_ERROR_UNKNOWN_NAME, 0, 0},
        {"6x", MEIRO_ERROR_UNKNOWN_NAME, 0, 0},
        {"6 x 9in", MEIRO_ERROR_UNKNOWN_NAME, 0, 0},
        {"-6x9in", MEIRO_ERROR_UNKNOWN_NAME, 0, 0},
        {"1e3x200", MEIRO_ERROR_UNKNOWN_NAME, 0, 0},
        {"", MEIRO_ERROR_UNKNOWN_NAME, 0, 0},
        {"10x10mm", MEIRO_ERROR_ARGUMENT, 0, 0},
        {"49x100", MEIRO_ERROR_ARGUMENT, 0, 0},
        {"100x1001", MEIRO_ERROR_ARGUMENT, 0, 0},
        {"40x40in", MEIRO_ERROR_ARGUMENT, 0, 0},
    };
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(cases); i++) {
        meiro_paper p = MEIRO_PAPER_LEGAL;
        double w = -1, h = -1;
        meiro_error err = {0};
        meiro_status s = meiro_paper_parse(cases[i].text, &p, &w, &h, &err);
        bool ok = s == cases[i].want &&
                  (s != MEIRO_OK || (fabs(w - cases[i].w) < 1e-9 && fabs(h - cases[i].h) < 1e-9));
        if (s == MEIRO_OK && cases[i].w == 0)
            ok = ok && p != MEIRO_PAPER_LEGAL; /* the name was read */
        if (s != MEIRO_OK)
            ok = ok && strstr(err.message,
                              cases[i].want == MEIRO_ERROR_ARGUMENT ? "50 to 1000" : "6x9in");
        verdict_note(&v, ok, "'%s': status %d, %g x %g: %s", cases[i].text, (int)s, w, h,
                     err.message);
    }
    CHECK_ALL(v);
    /* the book trims `meiro list` shows are sizes --paper takes */
    verdict trims = {0};
    for (size_t i = 0; i < meiro_trim_count(); i++) {
        meiro_paper p;
        double w = 0, h = 0;
        verdict_note(&trims,
                     meiro_paper_parse(meiro_trim_info(i)->size, &p, &w, &h, NULL) == MEIRO_OK &&
                         w > 0,
                     "%s", meiro_trim_info(i)->size);
    }
    CHECK_ALL(trims);
    CHECK(meiro_trim_info(meiro_trim_count()) == NULL);
    double w, h;
    CHECK_STR(meiro_paper_name(MEIRO_PAPER_B4, &w, &h), "b4");
    CHECK(w == 257 && h == 364);
    CHECK_STR(meiro_paper_name(MEIRO_PAPER_A6, &w, &h), "a6");
    CHECK(w == 105 && h == 148);
}

/* The options' ranges, and the formats bleed, gutter and custom sizes suit. */
static void test_options(void)
{
    static const struct {
        double paper_w, paper_h, bleed, gutter;
        bool crop;
        meiro_format format;
        meiro_status want;
        const char *says;
    } cases[] = {
        {0, 0, 3, 8, false, MEIRO_FORMAT_PDF, MEIRO_OK, ""},
        {152.4, 228.6, 3, 0, false, MEIRO_FORMAT_PDF, MEIRO_OK, ""},
        {152.4, 228.6, 0, 0, false, MEIRO_FORMAT_SVG, MEIRO_OK, ""},
        {152.4, 228.6, 0, 0, false, MEIRO_FORMAT_PNG, MEIRO_OK, ""},
        {0, 0, -1, 0, false, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT, "bleed of -1"},
        {0, 0, 21, 0, false, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT, "0 to 20 mm"},
        {0, 0, NAN, 0, false, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT, "bleed"},
        {0, 0, 0, 51, false, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT, "gutter of 51"},
        {40, 100, 0, 0, false, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT, "50 to 1000"},
        {100, 0, 0, 0, false, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT, "50 to 1000"},
        {0, 0, 3, 0, true, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT, "cropped"},
        {0, 0, 3, 0, false, MEIRO_FORMAT_SVG, MEIRO_ERROR_ARGUMENT, "not svg"},
        {0, 0, 3, 0, false, MEIRO_FORMAT_PNG, MEIRO_ERROR_ARGUMENT, "not png"},
        {0, 0, 0, 5, false, MEIRO_FORMAT_SVG, MEIRO_ERROR_ARGUMENT, "gutter"},
        {0, 0, 3, 0, false, MEIRO_FORMAT_XLSX, MEIRO_ERROR_ARGUMENT, "not xlsx"},
        {0, 0, 3, 0, false, MEIRO_FORMAT_TEXT, MEIRO_ERROR_ARGUMENT, "not text"},
        {152.4, 228.6, 0, 0, false, MEIRO_FORMAT_XLSX, MEIRO_ERROR_ARGUMENT, "named paper"},
        {30, 30, 40, 0, false, MEIRO_FORMAT_PDF, MEIRO_ERROR_ARGUMENT,
         "50 to 1000"}, /* the first fault */
    };
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(cases); i++) {
        meiro_export_options opt;
        meiro_export_options_init(&opt);
        opt.paper_w_mm = cases[i].paper_w, opt.paper_h_mm = cases[i].paper_h;
        opt.bleed_mm = cases[i].bleed, opt.gutter_mm = cases[i].gutter, opt.crop = cases[i].crop;
        meiro_error err = {0};
        meiro_status s = meiro_export_check(10, 10, cases[i].format, &opt, &err);
        verdict_note(&v, s == cases[i].want && strstr(err.message, cases[i].says),
                     "case %zu: %d, '%s'", i, (int)s, err.message);
    }
    CHECK_ALL(v);
    /* a booklet checks them too, before making a maze */
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.paper_w_mm = opt.paper_h_mm = 210;
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 2;
    meiro_error err = {0};
    char file[128];
    snprintf(file, sizeof file, "%s/custom.xlsx", dir);
    CHECK_INT(meiro_booklet_save(&b, &opt, MEIRO_FORMAT_XLSX, file, &err), MEIRO_ERROR_ARGUMENT);
    CHECK(access(file, F_OK) != 0);
    /* a margin and gutter that leave no room */
    opt.paper_w_mm = 60, opt.paper_h_mm = 90, opt.margin_mm = 15, opt.gutter_mm = 25;
    CHECK_INT(meiro_export_check(5, 5, MEIRO_FORMAT_PDF, &opt, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "gutter of 25 mm leave no room") != NULL, "%s", err.message);
}

/* MediaBox, TrimBox and BleedBox of every page, for named, mm and inch
 * papers, with and without a bleed, one maze and a booklet. */
static void test_boxes(void)
{
    if (!have("pdfinfo")) return;
    static const struct {
        const char *paper;
        double w, h;
    } papers[] = {{"a5", 148, 210},        {"148x210", 148, 210}, {"6x9in", 152.4, 228.6},
                  {"210x210mm", 210, 210}, {"b4", 257, 364},      {"a6", 105, 148}};
    static const double bleeds[] = {0, 3, 3.175};
    verdict v = {0};
    size_t pages_seen = 0;
    for (size_t p = 0; p < TEST_COUNT(papers); p++)
        for (size_t k = 0; k < TEST_COUNT(bleeds); k++)
            for (unsigned booklet = 0; booklet <= 3; booklet += 3) {
                char file[128], what[128];
                snprintf(file, sizeof file, "%s/boxes.pdf", dir);
                snprintf(what, sizeof what, "%s bleed %g %s", papers[p].paper, bleeds[k],
                         booklet ? "booklet" : "one maze");
                meiro_error err = {0};
                if (!verdict_note(
                        &v, make_pdf(file, papers[p].paper, bleeds[k], 0, 10, booklet, NULL, &err),
                        "%s: %s", what, err.message))
                    continue;
                double b = bleeds[k] * PT_PER_MM, W = papers[p].w * PT_PER_MM + 2 * b,
                       H = papers[p].h * PT_PER_MM + 2 * b;
                const double want_media[4] = {0, 0, W, H}, want_trim[4] = {b, b, W - b, H - b};
                int pages = 0;
                for (int pg = 1; pg == 1 || pg <= pages; pg++) {
                    double media[4], trim[4], bleed[4];
                    bool read = pdf_boxes(file, pg, &pages, media, trim, bleed);
                    verdict_note(&v,
                                 read && near(media, want_media, 0.1) &&
                                     near(bleed, want_media, 0.1) && near(trim, want_trim, 0.1),
                                 "%s page %d: MediaBox %g %g %g %g TrimBox %g %g %g %g", what, pg,
                                 media[2], media[3], media[0], media[1], trim[0], trim[1], trim[2],
                                 trim[3]);
                    pages_seen++;
                }
                verdict_note(&v, booklet ? pages > 3 : pages == 1, "%s: %d pages", what, pages);
            }
    printf("boxes: %zu pages\n", pages_seen);
    CHECK_ALL(v);
}

/* Nothing but frame art leaves the trim: the ink and the words of every
 * page lie inside the trim less the margin, and the bleed is blank. */
static void test_safe_area(void)
{
    if (!have("pdftoppm") || !have("pdftotext")) return;
    static const struct {
        const char *paper;
        double w, h, bleed, gutter, margin;
        unsigned booklet;
    } docs[] = {
        {"6x9in", 152.4, 228.6, 3, 0, 12, 0},   {"6x9in", 152.4, 228.6, 3, 0, 12, 4},
        {"210x210mm", 210, 210, 5, 10, 10, 3},  {"a5", 148, 210, 3, 8, 6, 3},
        {"5x8in", 127, 203.2, 3.175, 0, 15, 0},
    };
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(docs); i++) {
        char file[128];
        snprintf(file, sizeof file, "%s/safe.pdf", dir);
        meiro_error err = {0};
        if (!verdict_note(&v,
                          make_pdf(file, docs[i].paper, docs[i].bleed, docs[i].gutter,
                                   docs[i].margin, docs[i].booklet, NULL, &err),
                          "%s: %s", docs[i].paper, err.message))
            continue;
        double b = docs[i].bleed, m = docs[i].margin, W = docs[i].w, H = docs[i].h;
        /* the safe area, in mm from the bleed box's corner */
        double x0 = b + m, y0 = b + m, x1 = b + W - m, y1 = b + H - m;
        int pages = docs[i].booklet ? 0 : 1;
        double media[4], trim[4], bleed[4];
        if (!verdict_note(&v, pdf_boxes(file, 1, &pages, media, trim, bleed), "%s: no boxes",
                          docs[i].paper))
            continue;
        for (int pg = 1; pg <= pages; pg++) {
            gray g;
            double ink[4], words[4];
            bool drawn =
                rasterise(file, pg, &g) && ink_box(&g, 200, ink) && word_box(file, pg, words);
            if (verdict_note(&v, drawn, "%s page %d: not read", docs[i].paper, pg)) {
                verdict_note(
                    &v, inside(ink, x0, y0, x1, y1, PX_MM),
                    "%s page %d: ink %.1f %.1f %.1f %.1f outside the safe area %.1f %.1f %.1f %.1f",
                    docs[i].paper, pg, ink[0], ink[1], ink[2], ink[3], x0, y0, x1, y1);
                verdict_note(&v, inside(words, x0, y0, x1, y1, 0.3),
                             "%s page %d: words %.1f %.1f %.1f %.1f outside the safe area",
                             docs[i].paper, pg, words[0], words[1], words[2], words[3]);
                double light[4];
                verdict_note(
                    &v, inside(ink_box(&g, 250, light) ? light : ink, b, b, b + W, b + H, PX_MM),
                    "%s page %d: ink in the bleed", docs[i].paper, pg);
            }
            free(g.px);
        }
    }
    CHECK_ALL(v);
}

/* Frame art is laid out on the bleed box: kids-a4's frame sits as far
 * from the bleed edge as it sits from the trim without a bleed (its stars
 * and border keep a blank rim of their own), art that fills its picture
 * runs to the bleed edge on every side, and the texts and the maze stay
 * inside the trim less the margin. */
static void test_frame_bleeds(void)
{
    if (!have("pdftoppm") || !have("pdftotext")) return;
    char kids[2][128], full[128], svg[128], ini[128];
    snprintf(svg, sizeof svg, "%s/full.svg", dir);
    snprintf(ini, sizeof ini, "%s/full.ini", dir);
    FILE *f = fopen(svg, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\">"
        "<rect width=\"210\" height=\"297\" fill=\"#dde8ff\"/></svg>\n",
        f);
    CHECK(fclose(f) == 0);
    f = fopen(ini, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("[page]\nmargin = 12\n[art]\nframe = full.svg\n", f);
    CHECK(fclose(f) == 0);
    meiro_template *tpl = meiro_template_load("kids-a4", NULL),
                   *own = meiro_template_load(ini, NULL);
    CHECK(tpl != NULL && own != NULL);
    if (!tpl || !own) {
        meiro_template_free(tpl);
        meiro_template_free(own);
        return;
    }
    meiro_export_options opt;
    meiro_export_options_from_template(&opt, tpl);
    const double m = opt.margin_mm, b = 3, W = 210, H = 297;
    meiro_error err = {0};
    double art[2][4]; /* where kids-a4's art starts and ends, from the bleed box's sides */
    for (int k = 0; k < 2; k++) {
        double bk = k ? b : 0;
        snprintf(kids[k], sizeof kids[k], "%s/kids%d.pdf", dir, k);
        CHECK_MSG(make_pdf(kids[k], "a4", bk, 0, -1, 0, tpl, &err), "%s", err.message);
        gray g;
        double ink[4] = {0}, words[4] = {0}, light[4] = {0};
        bool read = rasterise(kids[k], 1, &g) && ink_box(&g, 60, ink) && ink_box(&g, 250, light) &&
                    word_box(kids[k], 1, words);
        CHECK_MSG(read, "bleed %g: the kids' page was not read", bk);
        /* the art's colours are light; black is the maze, its arrows and texts */
        CHECK_MSG(inside(ink, bk + m, bk + m, bk + W - m, bk + H - m, PX_MM),
                  "bleed %g: ink %.1f %.1f %.1f %.1f", bk, ink[0], ink[1], ink[2], ink[3]);
        CHECK_MSG(inside(words, bk + m, bk + m, bk + W - m, bk + H - m, 0.3),
                  "bleed %g: words %.1f %.1f %.1f %.1f", bk, words[0], words[1], words[2],
                  words[3]);
        art[k][0] = light[0], art[k][1] = light[1];
        art[k][2] = 2 * bk + W - light[2], art[k][3] = 2 * bk + H - light[3];
        free(g.px);
    }
    CHECK_MSG(
        art[0][0] > 1 && near(art[0], art[1], 2 * PX_MM),
        "kids-a4's frame %.1f %.1f %.1f %.1f mm from the page's sides, with a bleed %.1f %.1f %.1f %.1f",
        art[0][0], art[0][1], art[0][2], art[0][3], art[1][0], art[1][1], art[1][2], art[1][3]);
    /* art that fills its picture fills the bleed: every side's outer
     * pixels are tinted */
    snprintf(full, sizeof full, "%s/full.pdf", dir);
    CHECK_MSG(make_pdf(full, "6x9in", b, 0, -1, 0, own, &err), "%s", err.message);
    gray g;
    if (rasterise(full, 1, &g)) {
        double Wb = 152.4 + 2 * b, Hb = 228.6 + 2 * b, px = PX_MM;
        long edges[4] = {ink_in(&g, 250, 0, 0, px, Hb), ink_in(&g, 250, Wb - px, 0, Wb, Hb),
                         ink_in(&g, 250, 0, 0, Wb, px), ink_in(&g, 250, 0, Hb - px, Wb, Hb)};
        long want_w = g.w - 1, want_h = g.h - 1; /* the last row or column may be cut short */
        CHECK_MSG(edges[0] >= want_h && edges[1] >= want_h && edges[2] >= want_w &&
                      edges[3] >= want_w,
                  "tinted pixels on the bleed edges: %ld %ld %ld %ld of %d x %d", edges[0],
                  edges[1], edges[2], edges[3], g.w, g.h);
    } else {
        CHECK_MSG(false, "%s", "the full-bleed page was not read");
    }
    free(g.px);
    meiro_template_free(tpl);
    meiro_template_free(own);
}

/* On a booklet with a gutter, odd (right-hand) pages move out to the right
 * by half the gutter and even pages to the left; without one they stay
 * centred. */
static void test_gutter(void)
{
    if (!have("pdftoppm") || !have("pdftotext")) return;
    static const double gutters[] = {0, 12, 20};
    const double b = 3, W = 152.4;
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(gutters); k++) {
        char file[128];
        snprintf(file, sizeof file, "%s/gutter.pdf", dir);
        meiro_error err = {0};
        if (!verdict_note(&v, make_pdf(file, "6x9in", b, gutters[k], 10, 4, NULL, &err),
                          "gutter %g: %s", gutters[k], err.message))
            continue;
        int pages = 0;
        double media[4], trim[4], bleed[4];
        pdf_boxes(file, 1, &pages, media, trim, bleed);
        verdict_note(&v, pages >= 5, "gutter %g: %d pages", gutters[k], pages);
        for (int pg = 1; pg <= pages; pg++) {
            gray g;
            double ink[4];
            if (verdict_note(&v, rasterise(file, pg, &g) && ink_box(&g, 200, ink),
                             "gutter %g page %d: not read", gutters[k], pg)) {
                double centre = (ink[0] + ink[2]) / 2,
                       want = b + W / 2 + (pg % 2 ? 1 : -1) * gutters[k] / 2;
                verdict_note(&v, fabs(centre - want) < 1.0,
                             "gutter %g page %d: centred at %.1f mm, not %.1f", gutters[k], pg,
                             centre, want);
                double footer = 0;
                verdict_note(&v, footer_centre(file, pg, &footer) && fabs(footer - want) < 1.0,
                             "gutter %g page %d: the footer centred at %.1f mm, not %.1f",
                             gutters[k], pg, footer, want);
            }
            free(g.px);
        }
    }
    CHECK_ALL(v);
}

/* A template's paper key takes a size too. */
static void test_template_paper(void)
{
    char path[128], file[128];
    snprintf(path, sizeof path, "%s/trim.ini", dir);
    snprintf(file, sizeof file, "%s/trim.pdf", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("[page]\npaper = 8.5x11in\nmargin = 12\n", f);
    CHECK(fclose(f) == 0);
    meiro_error err = {0};
    meiro_template *tpl = meiro_template_load(path, &err);
    CHECK_MSG(tpl != NULL, "%s", err.message);
    meiro_export_options opt;
    meiro_export_options_from_template(&opt, tpl);
    CHECK(fabs(opt.paper_w_mm - 215.9) < 1e-9 && fabs(opt.paper_h_mm - 279.4) < 1e-9);
    if (tpl && have("pdfinfo")) {
        CHECK_MSG(make_pdf(file, NULL, 0, 0, -1, 0, tpl, &err), "%s", err.message);
        int pages = 0;
        double media[4], trim[4], bleed[4];
        const double want[4] = {0, 0, 612, 792};
        CHECK(pdf_boxes(file, 1, &pages, media, trim, bleed) && near(media, want, 0.1));
    }
    meiro_template_free(tpl);
    f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("[page]\n\npaper = 6x9cm\n", f);
    CHECK(fclose(f) == 0);
    tpl = meiro_template_load(path, &err);
    CHECK(tpl == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_PARSE);
    CHECK_INT(err.line, 3);
    CHECK_MSG(strstr(err.message, "6x9in") != NULL, "%s", err.message);
    meiro_template_free(tpl);
}

static const test_case cases[] = {
    {"parse", test_parse},
    {"options", test_options},
    {"boxes", test_boxes},
    {"safe_area", test_safe_area},
    {"frame_bleeds", test_frame_bleeds},
    {"gutter", test_gutter},
    {"template_paper", test_template_paper},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-trim-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("trim", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
