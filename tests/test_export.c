/* Printable exports read back by independent readers: PDF through poppler
 * (pdftoppm, pdfinfo, qpdf), SVG through librsvg (rsvg-convert), PNG
 * decoded, XLSX unzipped and its sheet XML parsed, and the XLSX opened by
 * LibreOffice. From each picture the walls are rebuilt by sampling every
 * cell edge; the maze must be the same perfect maze, with square cells,
 * centred. A missing tool skips its checks and says so. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "core/grid.h"
#include "page/answer_colour.h"

#include <cairo-svg.h>

static char dir[64];

#include "picture.h"


typedef struct job {
    const char *name;
    meiro_generate_options gen;
    meiro_export_options page;
    bool doors, solve;
} job;

static void check_pdf(const job *j, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    char file[128], cmd[512], out[4096];
    snprintf(file, sizeof file, "%s/%s.pdf", dir, j->name);
    CHECK_INT(meiro_save(m, p, MEIRO_FORMAT_PDF, &j->page, file, NULL), MEIRO_OK);
    if (have("pdfinfo")) {
        snprintf(cmd, sizeof cmd, "pdfinfo %s", file);
        CHECK(run(cmd, out, sizeof out));
        char want[128];
        snprintf(want, sizeof want, "Pages:           %d", j->page.answer_page ? 2 : 1);
        CHECK_MSG(strstr(out, want) != NULL, "%s: %s", j->name, out);
        double pw = 0, ph = 0;
        char *size = strstr(out, "Page size:");
        if (size) sscanf(size, "Page size: %lf x %lf", &pw, &ph);
        CHECK_MSG(fabs(pw - L->page_w * 72 / 25.4) < 0.01 &&
                      fabs(ph - L->page_h * 72 / 25.4) < 0.01,
                  "%s: page %.2f x %.2f pt", j->name, pw, ph);
        CHECK(strstr(out, "CreationDate:    Thu Jan  1 00:00:00 2026 UTC") != NULL);
        uint64_t seed;
        if (meiro_maze_seed(m, &seed)) {
            char s[64];
            snprintf(s, sizeof s, "seed %llu", (unsigned long long)seed);
            CHECK_MSG(strstr(out, s) != NULL, "%s: no seed in the metadata", j->name);
        }
    }
    if (have("pdffonts")) {
        snprintf(cmd, sizeof cmd, "pdffonts %s | tail -n +3 | grep -vc ' yes yes '", file);
        run(cmd, out, sizeof out);
        CHECK_MSG(atoi(out) == 0, "%s: a font is not embedded", j->name);
    }
    if (have("qpdf")) {
        snprintf(cmd, sizeof cmd, "qpdf --check %s", file);
        CHECK_MSG(run(cmd, NULL, 0), "%s: qpdf --check failed", j->name);
    }
    if (!have("pdftoppm")) return;
    double dpi = fmin(600, fmax(72, 20 / (L->cell / 25.4)));
    snprintf(cmd, sizeof cmd, "pdftoppm -r %.0f -png %s %s/%s-page", dpi, file, dir, j->name);
    CHECK(run(cmd, NULL, 0));
    for (int page = 1; page <= (j->page.answer_page ? 2 : 1); page++) {
        char png[160], what[64];
        snprintf(png, sizeof png, "%s/%s-page-%d.png", dir, j->name, page);
        snprintf(what, sizeof what, "%s.pdf page %d", j->name, page);
        image img;
        CHECK_MSG(load_png(png, &img), "%s: no picture", what);
        if (!img.gray) continue;
        bool with_path = p && (!j->page.answer_page || page == 2);
        verdict picture = {0};
        check_picture(&picture, what, &img, m, with_path ? p : NULL, L, dpi / 25.4, 0, 0, 0.015,
                      false, true);
        CHECK_ALL(picture);
        free_image(&img);
    }
}

static void check_svg(const job *j, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    char file[128], png[128], cmd[512], head[600];
    snprintf(file, sizeof file, "%s/%s.svg", dir, j->name);
    CHECK_INT(meiro_save(m, p, MEIRO_FORMAT_SVG, &j->page, file, NULL), MEIRO_OK);
    FILE *f = fopen(file, "r");
    size_t n = fread(head, 1, sizeof head - 1, f);
    head[n] = 0;
    fclose(f);
    char want[128];
    snprintf(want, sizeof want, "width=\"%gmm\" height=\"%gmm\" viewBox=\"0 0 %g %g\"", L->page_w,
             L->page_h, L->page_w, L->page_h);
    CHECK_MSG(strstr(head, want) != NULL, "%s.svg: wanted %s", j->name, want);
    if (!have("rsvg-convert")) return;
    double dpi = round(fmin(600, fmax(72, 20 / (L->cell / 25.4))));
    snprintf(png, sizeof png, "%s/%s-svg.png", dir, j->name);
    snprintf(cmd, sizeof cmd, "rsvg-convert -d %.0f -p %.0f -o %s %s", dpi, dpi, png, file);
    CHECK(run(cmd, NULL, 0));
    image img;
    CHECK(load_png(png, &img));
    if (!img.gray) return;
    CHECK_MSG(abs(img.w - (int)lround(L->page_w * dpi / 25.4)) <= 1, "%s.svg: %d px wide", j->name,
              img.w);
    verdict picture = {0};
    check_picture(&picture, j->name, &img, m, p, L, dpi / 25.4, 0, 0, 0.015, false, true);
    CHECK_ALL(picture);
    free_image(&img);
}

static void check_png(const job *j, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    for (int crop = 0; crop <= 1; crop++) {
        meiro_export_options page = j->page;
        page.crop = crop;
        page.dpi = (unsigned)fmin(600, fmax(96, 20 / (L->cell / 25.4)));
        char file[128], what[64];
        snprintf(file, sizeof file, "%s/%s%s.png", dir, j->name, crop ? "-crop" : "");
        snprintf(what, sizeof what, "%s.png%s", j->name, crop ? " --crop" : "");
        CHECK_INT(meiro_save(m, p, MEIRO_FORMAT_PNG, &page, file, NULL), MEIRO_OK);
        image img;
        CHECK(load_png(file, &img));
        if (!img.gray) continue;
        double ppm = page.dpi / 25.4;
        if (!crop)
            CHECK(img.w == (int)ceil(L->page_w * ppm) && img.h == (int)ceil(L->page_h * ppm));
        double ox = crop ? floor(L->crop_x * ppm) / ppm : 0,
               oy = crop ? floor(L->crop_y * ppm) / ppm : 0;
        verdict picture = {0};
        check_picture(&picture, what, &img, m, p, L, ppm, ox, oy, 0.015, true, !crop);
        CHECK_ALL(picture);
        free_image(&img);
    }
}

/* ---- XLSX: a small reader of the parts libxlsxwriter writes ---- */

/* What a command prints, as a string (free it). */
static char *slurp_output(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len - 1, p)) > 0) {
        len += n;
        if (cap - len < 4096) buf = realloc(buf, cap *= 2);
    }
    buf[len] = 0;
    pclose(p);
    return buf;
}

static char *slurp_zip(const char *zip, const char *part)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "unzip -p %s %s", zip, part);
    return slurp_output(cmd);
}

/* Sides per style index: bit 1 top, 2 right, 4 bottom, 8 left; 16 filled. */
static int parse_styles(const char *xml, unsigned *style, int max)
{
    unsigned borders[256] = {0}, fills[64] = {0};
    int nb = 0, nf = 0;
    const char *s = strstr(xml, "<fills");
    for (const char *f = s ? strstr(s, "<fill>") : NULL; f && nf < 64;
         f = strstr(f + 1, "<fill>")) {
        const char *end = strstr(f, "</fill>");
        const char *solid = strstr(f, "patternType=\"solid\"");
        fills[nf++] = solid && solid < end;
    }
    s = strstr(xml, "<borders");
    for (const char *b = s ? strstr(s, "<border>") : NULL; b && nb < 256;
         b = strstr(b + 1, "<border>")) {
        const char *end = strstr(b, "</border>");
        static const char *const sides[4] = {
            "<top style=", "<right style=", "<bottom style=", "<left style="};
        unsigned bits = 0;
        for (int k = 0; k < 4; k++) {
            const char *at = strstr(b, sides[k]);
            if (at && at < end) bits |= 1u << k;
        }
        borders[nb++] = bits;
    }
    s = strstr(xml, "<cellXfs");
    int n = 0;
    for (const char *x = s ? strstr(s, "<xf ") : NULL; x && n < max; x = strstr(x + 1, "<xf ")) {
        if (strstr(x, "</cellXfs>") == x) break;
        const char *cx_end = strstr(s, "</cellXfs>");
        if (x > cx_end) break;
        int bid = 0, fid = 0;
        const char *a = strstr(x, "borderId=\"");
        const char *f = strstr(x, "fillId=\"");
        const char *close = strchr(x, '>');
        if (a && a < close) bid = atoi(a + 10);
        if (f && f < close) fid = atoi(f + 8);
        style[n++] = borders[bid] | (fid < 64 && fills[fid] ? 16u : 0u);
    }
    return n;
}

typedef struct sheet {
    uint32_t cols, rows;
    unsigned *bits; /* per sheet cell: sides and fill */
    char *text;     /* per sheet cell: 'S', 'G' or 0 */
    unsigned *way;  /* per sheet cell: the sides an answer's line joins (box
                       drawing: north 1, east 2, south 4, west 8), or 0 */
} sheet;

/* The sides a heavy box-drawing character joins (north 1, east 2, south
 * 4, west 8); 0 if it is none. */
static unsigned box_sides(const char *text)
{
    static const char *const glyphs[16] = {"",  "╹", "╺", "┗", "╻", "┃", "┏", "┣",
                                           "╸", "┛", "━", "┻", "┓", "┫", "┳", "╋"};
    for (unsigned k = 1; k < 16; k++)
        if (!strncmp(text, glyphs[k], strlen(glyphs[k]))) return k;
    return 0;
}

/* The maze's ring of cells, `top` rows down the sheet. */
static void parse_sheet(const char *xml, const unsigned *style, int nstyle, uint32_t top, sheet *sh)
{
    sh->bits = calloc((size_t)sh->cols * sh->rows, sizeof *sh->bits);
    sh->text = calloc((size_t)sh->cols * sh->rows, 1);
    sh->way = calloc((size_t)sh->cols * sh->rows, sizeof *sh->way);
    for (const char *c = strstr(xml, "<c r=\""); c; c = strstr(c + 1, "<c r=\"")) {
        const char *r = c + 6;
        uint32_t col = 0, row = 0;
        while (*r >= 'A' && *r <= 'Z') col = col * 26 + (uint32_t)(*r++ - 'A' + 1);
        while (*r >= '0' && *r <= '9') row = row * 10 + (uint32_t)(*r++ - '0');
        col--, row--;
        if (row < top) continue;
        row -= top;
        if (col >= sh->cols || row >= sh->rows) continue;
        const char *close = strchr(c, '>');
        const char *s = strstr(c, " s=\"");
        int idx = s && s < close ? atoi(s + 4) : 0;
        size_t i = (size_t)row * sh->cols + col;
        if (idx < nstyle) sh->bits[i] = style[idx];
        const char *t = strstr(c, "<t>");
        const char *next = strstr(c + 1, "<c r=\"");
        if (t && (!next || t < next)) sh->text[i] = t[3], sh->way[i] = box_sides(t + 3);
    }
}

static void check_xlsx(const job *j, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    char file[128];
    snprintf(file, sizeof file, "%s/%s.xlsx", dir, j->name);
    CHECK_INT(meiro_save(m, p, MEIRO_FORMAT_XLSX, &j->page, file, NULL), MEIRO_OK);
    if (!have("unzip")) return;
    char *styles = slurp_zip(file, "xl/styles.xml");
    char *workbook = slurp_zip(file, "xl/workbook.xml");
    char *core = slurp_zip(file, "docProps/core.xml");
    unsigned style[512];
    int nstyle = parse_styles(styles, style, 512);
    CHECK_MSG(nstyle > 1 && nstyle <= 70, "%s.xlsx: %d formats (a small cache is expected)",
              j->name, nstyle);
    CHECK(strstr(workbook, "_xlnm.Print_Area") != NULL);
    CHECK(strstr(core, "2026-01-01T00:00:00Z") != NULL);
    static const int paper_code[MEIRO_PAPER_COUNT] = {9, 8, 11, 13, 1, 5, 12, 70};
    int sheets = j->page.answer_page ? 2 : 1;
    for (int k = 1; k <= sheets; k++) {
        char part[64];
        snprintf(part, sizeof part, "xl/worksheets/sheet%d.xml", k);
        char *xml = slurp_zip(file, part);
        char want[64];
        snprintf(want, sizeof want, "paperSize=\"%d\"", paper_code[j->page.paper]);
        CHECK_MSG(strstr(xml, want) != NULL, "%s.xlsx: no %s", j->name, want);
        CHECK(strstr(xml, L->landscape ? "orientation=\"landscape\""
                                       : "orientation=\"portrait\"") != NULL);
        CHECK(strstr(xml, "showGridLines=\"0\"") != NULL);
        CHECK(strstr(xml, "fitToPage=\"1\"") != NULL);
        CHECK(strstr(xml, "horizontalCentered=\"1\"") != NULL);
        /* the page's texts in merged rows above the maze: one per text */
        uint32_t top = 0;
        for (const char *g = strstr(xml, "<mergeCell "); g; g = strstr(g + 1, "<mergeCell ")) top++;
        bool has_title = j->page.title || k == 2;
        CHECK_MSG(top == (has_title ? 1u : 0u), "%s.xlsx sheet %d: %u rows of text", j->name, k,
                  top);
        /* one width for every column and one height, a whole number of
         * pixels, for every row of the maze: its cells are square */
        const char *col = strstr(xml, "<col ");
        CHECK(col && strstr(col + 1, "<col ") == NULL);
        double width = col ? atof(strstr(col, "width=\"") + 7) : 0;
        double ht = -1;
        bool same_rows = true;
        /* a row as high as the default has no height of its own */
        const char *fmt_pr = strstr(xml, "defaultRowHeight=\"");
        double default_ht = fmt_pr ? atof(fmt_pr + 18) : 0;
        uint32_t row_no = 0;
        for (const char *r = strstr(xml, "<row "); r; r = strstr(r + 1, "<row ")) {
            const char *h = strstr(r, " ht=\"");
            const char *end = strchr(r, '>');
            double v = h && h < end ? atof(h + 5) : default_ht;
            if (row_no++ < top) continue;
            if (ht >= 0 && v != ht) same_rows = false;
            ht = v;
        }
        double px = ht / 0.75;
        CHECK_MSG(same_rows && ht > 0 && fabs(px - round(px)) < 1e-9, "%s.xlsx: maze rows of %g pt",
                  j->name, ht);
        CHECK_MSG(fabs(width * 7 - px) < 7.0 / 256 + 1e-9,
                  "%s.xlsx: columns %g wide for rows of %g px", j->name, width, px);
        if (has_title) { /* the title in the first row, escaped for XML */
            char escaped[256];
            size_t e = 0;
            const char *title = k == 2 ? "Answers" : j->page.title;
            for (const char *t = title; *t && e < sizeof escaped - 12; t++) {
                if (*t == '&') e += (size_t)sprintf(escaped + e, "&amp;");
                else escaped[e++] = *t;
            }
            escaped[e] = 0;
            const char *a1 = strstr(xml, "<c r=\"A1\"");
            const char *a2 = strstr(xml, "<row r=\"2\"");
            const char *found = a1 ? strstr(a1, escaped) : NULL;
            CHECK_MSG(found && (!a2 || found < a2), "%s.xlsx: no title %s in A1", j->name, escaped);
        }
        sheet sh = {m->w + 2, m->h + 2, NULL, NULL, NULL};
        parse_sheet(xml, style, nstyle, top, &sh);
        int differ = 0, disagree = 0, fill_wrong = 0, way_wrong = 0;
        uint8_t *marks = NULL;
        bool answer = p && (!j->page.answer_page || k == 2);
        if (answer) path_marks(m, p, &marks);
        /* the sides the answer's line joins in each cell, from the path's
         * steps (a step under a crossing skips a cell: its direction) */
        unsigned *way = calloc((size_t)m->w * m->h, sizeof *way);
        for (size_t i = 0; answer && way && i < p->length; i++)
            for (int d = -1; d <= 1; d += 2) {
                if ((d < 0 && i == 0) || (d > 0 && i + 1 == p->length)) continue;
                meiro_cell a = p->cells[i], b = p->cells[(size_t)((long)i + d)];
                way[(size_t)a.y * m->w + a.x] |= b.y < a.y   ? 1u
                                                 : b.x > a.x ? 2u
                                                 : b.y > a.y ? 4u
                                                             : 8u;
            }
        for (uint32_t y = 0; y <= m->h; y++) {
            for (uint32_t x = 0; x <= m->w; x++) {
                /* sheet cell of maze cell (x, y) is (x + 1, y + 1) */
                if (x < m->w) {
                    unsigned below = sh.bits[(size_t)(y + 1) * sh.cols + x + 1];
                    unsigned above = sh.bits[(size_t)y * sh.cols + x + 1];
                    bool a = below & 1, b = above & 4;
                    if (a != b) disagree++;
                    if (a != maze_wall_above(m, x, y)) differ++;
                }
                if (y < m->h) {
                    unsigned right = sh.bits[(size_t)(y + 1) * sh.cols + x + 1];
                    unsigned left = sh.bits[(size_t)(y + 1) * sh.cols + x];
                    bool a = right & 8, b = left & 2;
                    if (a != b) disagree++;
                    if (a != maze_wall_left(m, x, y)) differ++;
                }
                if (x < m->w && y < m->h) {
                    /* S and G (on the way) filled, the way's other cells a
                     * line joining the sides it passes, the rest blank */
                    size_t at = (size_t)(y + 1) * sh.cols + x + 1;
                    bool filled = sh.bits[at] & 16;
                    bool on = marks && (marks[cell_index(m, x, y)] & 1);
                    bool end = sh.text[at] == 'S' || sh.text[at] == 'G';
                    if (filled != (on && end)) fill_wrong++;
                    if (sh.way[at] != (on && !end && way ? way[(size_t)y * m->w + x] : 0u))
                        way_wrong++;
                }
            }
        }
        CHECK_MSG(differ == 0, "%s.xlsx sheet %d: %d walls differ", j->name, k, differ);
        CHECK_MSG(disagree == 0, "%s.xlsx sheet %d: %d walls drawn on one side only", j->name, k,
                  disagree);
        CHECK_MSG(fill_wrong == 0, "%s.xlsx sheet %d: %d cells filled wrongly", j->name, k,
                  fill_wrong);
        /* main before the change: every cell of the way filled, a way that
         * doubles back a block */
        CHECK_MSG(way_wrong == 0, "%s.xlsx sheet %d: %d cells' line of the way wrong", j->name, k,
                  way_wrong);
        free(way);
        meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
        CHECK(sh.text[(size_t)(s.y + 1) * sh.cols + s.x + 1] == 'S');
        CHECK(sh.text[(size_t)(g.y + 1) * sh.cols + g.x + 1] == 'G');
        int written_outside = 0; /* a shape's outside is blank */
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++)
                written_outside += !meiro_maze_is_active(m, (meiro_cell){x, y}) &&
                                   (sh.text[(size_t)(y + 1) * sh.cols + x + 1] ||
                                    (sh.bits[(size_t)(y + 1) * sh.cols + x + 1] & 16));
        CHECK_MSG(written_outside == 0, "%s.xlsx sheet %d: %d cells outside the shape written",
                  j->name, k, written_outside);
        free(marks);
        free(sh.bits);
        free(sh.text);
        free(sh.way);
        free(xml);
    }
    free(styles);
    free(workbook);
    free(core);
}

/* A spreadsheet program opens the workbook and prints it: one page of the
 * paper, and the picture is the maze with square cells (within 2%: rows
 * are whole pixels, the default font makes a column the same pixels in
 * LibreOffice, Gnumeric and Excel). Slow (seconds): a few jobs. */
static void check_printed(const job *j, const meiro_maze *m, const page_layout *L, bool gnumeric)
{
    const char *program = gnumeric ? "ssconvert" : "soffice";
    if (!have(program) || !have("pdftoppm")) return;
    char cmd[768], out[4096], pdf[160], png[160];
    snprintf(pdf, sizeof pdf, "%s/lo/%s-%s.pdf", dir, j->name, program);
    if (gnumeric)
        snprintf(cmd, sizeof cmd, "mkdir -p %s/lo && ssconvert %s/%s.xlsx %s >/dev/null 2>&1", dir,
                 dir, j->name, pdf);
    else
        snprintf(
            cmd, sizeof cmd,
            "cd %s && HOME=%s soffice --headless --convert-to pdf --outdir %s/lo %s.xlsx >/dev/null 2>&1 && "
            "mv %s/lo/%s.pdf %s",
            dir, dir, dir, j->name, dir, j->name, pdf);
    CHECK_MSG(run(cmd, NULL, 0), "%s: %s failed", j->name, program);
    snprintf(cmd, sizeof cmd, "pdfinfo %s", pdf);
    CHECK(run(cmd, out, sizeof out));
    /* Gnumeric prints every sheet: the answer sheet is its second page */
    CHECK_MSG(strstr(out, "Pages:           1\n") ||
                  (gnumeric && strstr(out, "Pages:           2\n")),
              "%s: %s printed more pages than sheets", j->name, program);
    double pw = 0, ph = 0;
    char *size = strstr(out, "Page size:");
    if (size) sscanf(size, "Page size: %lf x %lf", &pw, &ph);
    CHECK_MSG(fabs(pw - L->page_w * 72 / 25.4) < 1 && fabs(ph - L->page_h * 72 / 25.4) < 1,
              "%s: %s page %.1f x %.1f pt", j->name, program, pw, ph);
    snprintf(cmd, sizeof cmd, "pdftoppm -r 150 -png -singlefile %s %s/lo/%s-%s", pdf, dir, j->name,
             program);
    CHECK(run(cmd, NULL, 0));
    snprintf(png, sizeof png, "%s/lo/%s-%s.png", dir, j->name, program);
    image img;
    CHECK(load_png(png, &img));
    if (!img.gray) return;
    /* a solved maze's sheet draws the way's glyphs in the answer's colour:
     * seen, then left out of the walls read below */
    size_t answer = 0;
    for (size_t i = 0; i < (size_t)img.w * img.h; i++) answer += img.answer[i];
    CHECK_MSG(!j->solve || answer > 100, "%s: the way in %zu pixels of the answer's colour in %s",
              j->name, answer, program);
    if (j->solve) memset(img.answer, 0, (size_t)img.w * img.h);
    /* LibreOffice places the maze itself: its outer wall is the first and
     * last dark pixel of the middle row, and of the first cell's column. */
    page_layout guess = *L;
    double ppm = 150 / 25.4;
    int mid_y = img.h / 2, x0 = 0, x1 = img.w - 1, y0 = 0, y1 = img.h - 1;
    while (x0 < img.w && !dark(&img, x0, mid_y)) x0++;
    while (x1 > 0 && !dark(&img, x1, mid_y)) x1--;
    int column = x0 + (x1 - x0) / (int)m->w / 2;
    while (y0 < img.h && !dark(&img, column, y0)) y0++;
    while (y1 > 0 && !dark(&img, column, y1)) y1--;
    double cells_w = m->w, cells_h = m->h, box_x = 0,
           box_y = 0; /* what x0..x1, y0..y1 span, in cells */
    if (m->active) {  /* a shape: the box of the ink between the margins is its cells' box */
        uint32_t bx0, by0, bx1, by1;
        mask_box(m, &bx0, &by0, &bx1, &by1);
        int margin = (int)(L->margin * ppm);
        x0 = img.w, x1 = 0, y0 = img.h, y1 = 0;
        for (int y = margin; y < img.h - margin; y++)
            for (int x = margin; x < img.w - margin; x++)
                if (dark(&img, x, y)) {
                    x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
                    y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
                }
        cells_w = bx1 + 1 - bx0, cells_h = by1 + 1 - by0, box_x = bx0, box_y = by0;
    }
    guess.cell = (x1 - x0) / ppm / cells_w;
    guess.maze_x = x0 / ppm - box_x * guess.cell;
    guess.maze_y = y0 / ppm - box_y * (y1 - y0) / ppm / cells_h;
    guess.maze_w = guess.cell * m->w;
    guess.maze_h = (y1 - y0) / ppm / cells_h * m->h;
    char what[64];
    snprintf(what, sizeof what, "%s.xlsx in %s", j->name, program);
    verdict picture = {0};
    /* Gnumeric centres the page to a millimetre or two (its own affair):
     * the maze is checked where it printed it */
    check_picture(&picture, what, &img, m, NULL, &guess, ppm, 0, 0, 0.02, false, !gnumeric);
    CHECK_ALL(picture);
    free_image(&img);
}

/* The jobs: each format is checked on every one. */
static job jobs[7];
static uint8_t *heart_mask, *ring_mask; /* the shaped jobs' masks */

static void setup_jobs(void)
{
    job all[] = {
        {"a4-cluster",
         {.width = 12, .height = 9, .algorithm = "cluster", .seed = 3},
         {0},
         false,
         false},
        {"a4-excel33",
         {.width = 33, .height = 33, .algorithm = "dig", .seed = 11},
         {0},
         false,
         true},
        {"letter-doors",
         {.width = 7, .height = 10, .algorithm = "wall", .seed = 5},
         {0},
         true,
         true},
        {"a3-bar-wide",
         {.width = 60, .height = 40, .algorithm = "bar", .seed = 8},
         {0},
         false,
         false},
        {"b5-answers",
         {.width = 15, .height = 20, .algorithm = "cluster", .seed = 21},
         {0},
         false,
         true},
        {"a4-heart", {.width = 26, .height = 24, .algorithm = "wall", .seed = 4}, {0}, false, true},
        {"a5-ring-answers",
         {.width = 30, .height = 30, .algorithm = "bar", .seed = 6},
         {0},
         false,
         true},
    };
    _Static_assert(sizeof all == sizeof jobs, "the job table");
    memcpy(jobs, all, sizeof jobs);
    for (size_t i = 0; i < TEST_COUNT(jobs); i++) meiro_export_options_init(&jobs[i].page);
    jobs[1].page.title = "Maze for Hana";
    jobs[2].page.paper = MEIRO_PAPER_LETTER;
    jobs[2].page.cell_mm = 15;
    jobs[3].page.paper = MEIRO_PAPER_A3;
    jobs[3].page.margin_mm = 10;
    jobs[4].page.paper = MEIRO_PAPER_B5;
    jobs[4].page.answer_page = true;
    jobs[4].page.title = "Answers & more";
    /* shapes: walls along their edges, none outside; a ring has a hole */
    if (!heart_mask) meiro_shape_mask("heart", 26, 24, &heart_mask, NULL);
    if (!ring_mask) {
        ring_mask = calloc(30 * 30, 1);
        for (int y = 0; y < 30; y++)
            for (int x = 0; x < 30; x++) {
                double d = hypot(x - 14.5, y - 14.5);
                ring_mask[y * 30 + x] = d < 15 && d > 6;
            }
    }
    jobs[5].gen.mask = heart_mask;
    jobs[6].gen.mask = ring_mask;
    jobs[6].page.paper = MEIRO_PAPER_A5;
    jobs[6].page.answer_page = true;
    jobs[6].page.title = "A ring"; /* a title on both pages: the maze stands where it did */
}

enum which { PDF, SVG, PNG, XLSX, SOFFICE, GNUMERIC };

/* One format over the jobs it applies to (SVG and PNG have no answer
 * page; spreadsheet programs are slow: the first two jobs, after their
 * XLSX). */
static void each_job(enum which what)
{
    for (size_t i = 0; i < TEST_COUNT(jobs); i++) {
        const job *j = &jobs[i];
        if ((what == SVG || what == PNG) && j->page.answer_page) continue;
        bool office = what == SOFFICE || what == GNUMERIC;
        if (office && i > 1 && i != 5) continue; /* and the heart */
        meiro_maze *m = meiro_generate(&j->gen, NULL);
        CHECK_MSG(m != NULL, "%s", j->name);
        if (!m) continue;
        if (j->doors) {
            meiro_maze_set_start(m, (meiro_cell){0, 3}, MEIRO_WEST);
            meiro_maze_set_goal(m, (meiro_cell){6, 7}, MEIRO_EAST);
        }
        meiro_path path = {0};
        if (j->solve) CHECK_INT(meiro_solve(m, NULL, &path, NULL), MEIRO_OK);
        /* where the pages put the maze (room for the arrows of doors);
         * a workbook's sheet is laid out on its own */
        page_layout L;
        if (what == XLSX || office) {
            CHECK_INT(layout_page(m->w, m->h, &j->page, &L, NULL), MEIRO_OK);
        } else {
            doc_item item = {m, NULL, 0};
            document d;
            CHECK_INT(doc_init(&d, &item, 1, &j->page, -1, NULL), MEIRO_OK);
            CHECK_INT(doc_first_maze(&d, 0, &L, NULL), MEIRO_OK);
            doc_free(&d);
        }
        const meiro_path *p = j->solve ? &path : NULL;
        switch (what) {
        case PDF: check_pdf(j, m, p, &L); break;
        case SVG: check_svg(j, m, p, &L); break;
        case PNG: check_png(j, m, p, &L); break;
        case XLSX: check_xlsx(j, m, p, &L); break;
        case SOFFICE:
        case GNUMERIC: {
            char file[128];
            snprintf(file, sizeof file, "%s/%s.xlsx", dir, j->name);
            CHECK_INT(meiro_save(m, p, MEIRO_FORMAT_XLSX, &j->page, file, NULL), MEIRO_OK);
            check_printed(j, m, &L, what == GNUMERIC);
        } break;
        }
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
}

/* ---- SVG: the maze's parts in named groups ---- */

/* The page as cairo draws it in one pass, without groups: the reference
 * the grouped SVG must look like. */
static bool svg_one_pass(const meiro_maze *m, const meiro_path *p, const meiro_export_options *opt,
                         const char *file)
{
    doc_item item = {m, p, 0};
    document d;
    meiro_export_options one = *opt;
    one.answers = MEIRO_ANSWERS_NONE; /* as meiro_save has it for one page */
    if (doc_init(&d, &item, 1, &one, -1, NULL) != MEIRO_OK) return false;
    double pw, ph;
    doc_page_size(&d, &pw, &ph);
    cairo_surface_t *surface = cairo_svg_surface_create(file, pw, ph);
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    bool ok = doc_draw_cairo(&d, 0, cr, false, 0, LAYER_ALL, NULL) == MEIRO_OK;
    ok = draw_finish(surface, cr, NULL, NULL) == MEIRO_OK && ok;
    doc_free(&d);
    return ok;
}

static int compare_ids(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether every id in svg is unique and every reference (href="#x",
 * url(#x)) names one. */
static bool ids_sound(const char *svg, char *why, size_t size)
{
    size_t count = 0, cap = 64;
    char **ids = malloc(cap * sizeof *ids);
    bool ok = ids != NULL;
    for (const char *at = svg; ok && (at = strstr(at, " id=\"")) != NULL; at += 5) {
        if (count == cap && !(ids = realloc(ids, (cap *= 2) * sizeof *ids))) return false;
        ids[count++] = strndup(at + 5, strcspn(at + 5, "\""));
    }
    if (ok) qsort(ids, count, sizeof *ids, compare_ids);
    for (size_t i = 1; ok && i < count; i++)
        if (strcmp(ids[i - 1], ids[i]) == 0) {
            snprintf(why, size, "id %s twice", ids[i]);
            ok = false;
        }
    const char *marks[] = {"href=\"#", "url(#"};
    for (int k = 0; k < 2; k++)
        for (const char *at = svg; ok && (at = strstr(at, marks[k])) != NULL; at++) {
            at += strlen(marks[k]);
            char *ref = strndup(at, strcspn(at, "\")"));
            if (!bsearch(&ref, ids, count, sizeof *ids, compare_ids)) {
                snprintf(why, size, "#%s names no id", ref);
                ok = false;
            }
            free(ref);
        }
    for (size_t i = 0; i < count; i++) free(ids[i]);
    free(ids);
    return ok;
}

/* Whether the text from `from` to `to` holds `what`. */
static bool holds(const char *from, const char *to, const char *what)
{
    if (!from || !to) return false;
    char *part = strndup(from, (size_t)(to - from));
    bool found = part && strstr(part, what) != NULL;
    free(part);
    return found;
}

/* Whether every id from `from` to `to` but the group's own starts with
 * `prefix` (cairo numbers glyphs anew in each document it writes). */
static bool ids_prefixed(const char *from, const char *to, const char *prefix)
{
    if (!from || !to) return true;
    const char *at = strchr(from, '>'); /* after the group's own tag */
    bool ok = at != NULL;
    while (ok && (at = strstr(at, " id=\"")) != NULL && at < to) {
        at += 5;
        ok = strncmp(at, prefix, strlen(prefix)) == 0;
    }
    return ok;
}

/* kids-a4 (pictures, doors with arrows, frame art) with the solution, and
 * the default page (S and G as words on white) without: the walls, the
 * red path and the labels each in their group, over the rest of the page;
 * ids unique; the picture as librsvg draws it the same as the page drawn
 * without groups. */
static void test_svg_groups(void)
{
    meiro_template *kids = meiro_template_load("kids-a4", NULL);
    CHECK(kids != NULL);
    for (int solved = 0; solved <= 1; solved++) {
        meiro_generate_options gen = {.width = 8, .height = 6, .algorithm = "cluster", .seed = 9};
        meiro_maze *m = meiro_generate(&gen, NULL);
        CHECK(m != NULL);
        if (!m) continue;
        meiro_export_options page;
        meiro_export_options_init(&page);
        meiro_path path = {0};
        if (solved) {
            meiro_export_options_from_template(&page, kids);
            meiro_maze_set_start(m, (meiro_cell){0, 2}, MEIRO_WEST);
            meiro_maze_set_goal(m, (meiro_cell){7, 4}, MEIRO_EAST);
            CHECK_INT(meiro_solve(m, NULL, &path, NULL), MEIRO_OK);
        }
        const char *name = solved ? "kids-solved" : "plain";
        char file[128], ref[128], cmd[512], why[128] = "";
        snprintf(file, sizeof file, "%s/groups-%s.svg", dir, name);
        snprintf(ref, sizeof ref, "%s/groups-%s-ref.svg", dir, name);
        const meiro_path *p = solved ? &path : NULL;
        CHECK_INT(meiro_save(m, p, MEIRO_FORMAT_SVG, &page, file, NULL), MEIRO_OK);
        CHECK(svg_one_pass(m, p, &page, ref));
        snprintf(cmd, sizeof cmd, "cat %s", file);
        char *svg = slurp_output(cmd);
        CHECK(svg != NULL);
        if (svg) {
            const char *walls = strstr(svg, "<g id=\"walls\">"),
                       *sol = strstr(svg, "<g id=\"solution\">");
            const char *labels = strstr(svg, "<g id=\"labels\">"), *end = svg + strlen(svg);
            CHECK_MSG(walls && labels && walls < labels && (sol != NULL) == solved &&
                          (!sol || (walls < sol && sol < labels)),
                      "%s: the groups in order", name);
            const char *after_walls = sol ? sol : labels;
            /* the answer's violet, 0xA048E0, as cairo writes it */
            const char *black = "stroke:rgb(0%,0%,0%)",
                       *ink = "stroke:rgb(62.745098%,28.235294%,87.843137%)";
            CHECK_MSG(holds(walls, after_walls, black) && !holds(svg, walls, black) &&
                          !holds(labels, end, black),
                      "%s: the wall strokes only in walls", name);
            CHECK_MSG(!holds(svg, after_walls, ink) && !holds(labels, end, ink) &&
                          holds(sol, labels, ink) == solved,
                      "%s: the answer's path only in solution", name);
            CHECK_MSG(!holds(sol, labels, "href=") && !holds(sol, labels, "fill:rgb"),
                      "%s: nothing but the path in solution", name);
            /* the arrows (kids), the words' outlines in black (plain), on white */
            const char *marks = solved ? "fill:rgb(13%,13%,13%)" : "fill:rgb(0%,0%,0%)";
            CHECK_MSG(holds(labels, end, marks) && holds(labels, end, "fill:rgb(100%,100%,100%)") &&
                          !holds(walls, after_walls, marks),
                      "%s: S, G (and arrows) in labels", name);
            CHECK_MSG(ids_sound(svg, why, sizeof why), "%s: %s", name, why);
            CHECK_MSG(
                ids_prefixed(svg, walls, "page-") && ids_prefixed(walls, after_walls, "walls-") &&
                    ids_prefixed(sol, labels, "solution-") && ids_prefixed(labels, end, "labels-"),
                "%s: each part's ids named for it", name);
            free(svg);
        }
        if (have("xmllint")) {
            snprintf(cmd, sizeof cmd, "xmllint --noout %s", file);
            CHECK_MSG(run(cmd, NULL, 0), "%s: xmllint", name);
        }
        if (have("rsvg-convert")) {
            image img[2];
            for (int k = 0; k < 2; k++) {
                snprintf(cmd, sizeof cmd, "rsvg-convert -d 150 -p 150 -o %s.png %s", k ? ref : file,
                         k ? ref : file);
                CHECK(run(cmd, NULL, 0));
                snprintf(cmd, sizeof cmd, "%s.png", k ? ref : file);
                CHECK(load_png(cmd, &img[k]));
            }
            int differ = img[0].w == img[1].w && img[0].h == img[1].h ? 0 : -1;
            for (int i = 0; differ >= 0 && i < img[0].w * img[0].h; i++)
                differ +=
                    abs(img[0].gray[i] - img[1].gray[i]) > 24 || img[0].answer[i] != img[1].answer[i];
            CHECK_MSG(differ == 0, "%s: %d pixels differ from the page drawn without groups", name,
                      differ);
            free_image(&img[0]);
            free_image(&img[1]);
        }
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
    meiro_template_free(kids);
}

/* ---- HTML: a page to play, self-contained, its data the maze ---- */

/* The number after "key": in text, from *at on; moves *at past it. */
static long json_number(const char **at, const char *key)
{
    const char *k = *at ? strstr(*at, key) : NULL;
    if (!k) {
        *at = NULL;
        return -1;
    }
    char *end;
    long v = strtol(k + strlen(key), &end, 10);
    *at = end;
    return v;
}

/* Just after "key" in text, or NULL. */
static const char *json_after(const char *text, const char *key)
{
    const char *k = text ? strstr(text, key) : NULL;
    return k ? k + strlen(key) : NULL;
}

/* Reads the next n numbers of a JSON array of arrays from *at (brackets,
 * commas and spaces skipped); false if the array holds fewer. */
static bool json_numbers(const char **at, long *out, size_t n)
{
    const char *p = *at;
    for (size_t k = 0; k < n; k++) {
        while (p && *p && strchr("[], \n", *p)) p++;
        char *end;
        if (!p || !*p) return false;
        out[k] = strtol(p, &end, 10);
        if (end == p) return false;
        p = end;
    }
    *at = p;
    return true;
}

/* Nothing in the page asks for another file: no URL, no <link>, no src,
 * every href and url() to an id of its own (or a data: URI). */
static bool self_contained(const char *html, char *why, size_t size)
{
    const char *banned[] = {"http:", "https:", "<link", " src=", "@import"};
    for (size_t k = 0; k < TEST_COUNT(banned); k++) {
        const char *at = strstr(html, banned[k]);
        if (at) {
            snprintf(why, size, "'%s' at byte %zu: %.60s", banned[k], (size_t)(at - html), at);
            return false;
        }
    }
    const char *refs[] = {"href=\"", "url("};
    for (size_t k = 0; k < TEST_COUNT(refs); k++) {
        for (const char *at = strstr(html, refs[k]); at; at = strstr(at + 1, refs[k])) {
            const char *v = at + strlen(refs[k]);
            if (*v != '#' && strncmp(v, "data:", 5) != 0) {
                snprintf(why, size, "a reference out of the page: %.60s", at);
                return false;
            }
        }
    }
    return true;
}

typedef struct html_job {
    const char *name;
    uint32_t w, h;
    const char *algorithm;
    uint64_t seed;
    const char *lang, *title, *tpl;
    bool doors, solution;
    const char *page_lang; /* the page's language: lang, else the template's, else en */
} html_job;

static void check_html_page(const html_job *j)
{
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.width = j->w;
    g.height = j->h;
    g.algorithm = j->algorithm;
    g.seed = j->seed;
    if (j->doors) g.ends = MEIRO_ENDS_BORDER;
    meiro_maze *m = meiro_generate(&g, NULL);
    CHECK_MSG(m != NULL, "%s", j->name);
    if (!m) return;
    meiro_path path = {0};
    CHECK_INT(meiro_solve(m, "bfs", &path, NULL), MEIRO_OK);
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    meiro_template *tpl = j->tpl ? meiro_template_load(j->tpl, NULL) : NULL;
    if (tpl) meiro_export_options_from_template(&opt, tpl);
    opt.lang = j->lang;
    opt.title = j->title;
    char file[160];
    snprintf(file, sizeof file, "%s/%s.html", dir, j->name);
    CHECK_INT(meiro_save(m, j->solution ? &path : NULL, MEIRO_FORMAT_HTML, &opt, file, NULL),
              MEIRO_OK);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "cat %s", file);
    char *html = slurp_output(cmd);
    char why[200] = "";
    CHECK_MSG(self_contained(html, why, sizeof why), "%s: %s", j->name, why);
    CHECK_MSG(strncmp(html, "<!DOCTYPE html>\n<html lang=\"", 28) == 0 &&
                  strncmp(html + 28, j->page_lang, 2) == 0,
              "%s: %.60s", j->name, html);
    bool ja = strcmp(j->page_lang, "ja") == 0;
    CHECK_MSG(strstr(html, ja ? "ゴール！" : "Goal!") &&
                  strstr(html, ja ? "こたえを みる" : "Show the answer"),
              "%s: the page's words are not in %s", j->name, ja ? "Japanese" : "English");
    if (j->title) {
        char want[200];
        snprintf(want, sizeof want, "<title>%s</title>", j->title);
        CHECK_MSG(strstr(html, want) != NULL, "%s: no %s", j->name, want);
    }
    char footer[200];
    page_footer(m, footer, sizeof footer);
    CHECK_MSG(strstr(html, footer) != NULL, "%s: the footer '%s' is not in the data", j->name,
              footer);
    /* the data: one maze, its size, S, G, doors, solution and every wall */
    const char *data = strstr(html, "<script type=\"application/json\" id=\"meiro-data\">");
    const char *at = data;
    long w = json_number(&at, "\"w\":"), h = json_number(&at, "\"h\":");
    CHECK_MSG(w == (long)m->w && h == (long)m->h, "%s: %ld x %ld", j->name, w, h);
    long ends[4] = {0};
    at = json_after(data, "\"start\":");
    bool read = at && json_numbers(&at, ends, 2) && (at = json_after(at, "\"goal\":")) &&
                json_numbers(&at, ends + 2, 2);
    CHECK_MSG(read && ends[0] == m->start.x && ends[1] == m->start.y && ends[2] == m->goal.x &&
                  ends[3] == m->goal.y,
              "%s: S and G in the data", j->name);
    at = data;
    long sd = json_number(&at, "\"startDoor\":"), gd = json_number(&at, "\"goalDoor\":");
    CHECK_MSG(sd == (m->start_door < MEIRO_NO_DIR ? (long)m->start_door : -1) &&
                  gd == (m->goal_door < MEIRO_NO_DIR ? (long)m->goal_door : -1),
              "%s: doors %ld %ld", j->name, sd, gd);
    at = json_after(data, "\"solution\":");
    verdict v = {0};
    for (size_t k = 0; at && k < path.length; k++) {
        long c[2];
        verdict_note(&v,
                     json_numbers(&at, c, 2) && c[0] == path.cells[k].x && c[1] == path.cells[k].y,
                     "solution cell %zu", k);
    }
    CHECK_MSG(at && v.failed == 0, "%s: the solution in the data: %s", j->name, v.first);
    v = (verdict){0};
    at = json_after(data, "\"walls\":");
    for (uint32_t y = 0; at && y < m->h; y++) {
        for (uint32_t x = 0; at && x < m->w; x++) {
            long closed = 0;
            if (!verdict_note(&v, json_numbers(&at, &closed, 1), "cell %u,%u missing", x, y)) break;
            for (unsigned d = 0; d < 4; d++)
                verdict_note(&v, ((closed >> d) & 1) == !meiro_maze_is_open(m, x, y, (meiro_dir)d),
                             "cell %u,%u side %u", x, y, d);
        }
    }
    CHECK_MSG(at && v.failed == 0, "%s: walls in the data: %s", j->name, v.first);
    CHECK_MSG(strstr(html, j->solution ? "\"shown\":true" : "\"shown\":false") != NULL,
              "%s: the answer shown at once only with a path", j->name);
    /* HTML that parses: libxml2's HTML 4 parser knows no HTML5 or SVG
     * tag names, all else is an error */
    if (have("xmllint")) {
        snprintf(cmd, sizeof cmd,
                 "xmllint --html --noout %s 2>&1 | grep 'error' | grep -v 'Tag [a-zA-Z]* invalid'",
                 file);
        char out[2048] = "";
        run(cmd, out, sizeof out);
        CHECK_MSG(out[0] == 0, "%s: xmllint: %s", j->name, out);
    }
    free(html);
    meiro_template_free(tpl);
    meiro_path_free(&path);
    meiro_maze_free(m);
}

static void test_html(void)
{
    const html_job all[] = {
        {"html-1x1", 1, 1, "dig", 1, NULL, NULL, NULL, false, false, "en"},
        {"html-2x3", 2, 3, "wall", 2, NULL, NULL, NULL, false, false, "en"},
        {"html-15x10", 15, 10, "cluster", 42, NULL, "Maze for Hana", NULL, false, true, "en"},
        {"html-40x30-ja", 40, 30, "true-prim", 7, "ja", NULL, NULL, true, false, "ja"},
        {"html-kids-ja", 8, 10, "dig", 5, NULL, NULL, "kids-ja", false, false, "ja"},
    };
    for (size_t k = 0; k < TEST_COUNT(all); k++) check_html_page(&all[k]);
    /* the title is escaped in <title>; answers on a page of their own are
     * refused, as for SVG */
    meiro_maze *m = meiro_maze_new(2, 3, NULL);
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.title = "A <small> & \"odd\" title";
    char file[160], cmd[300], out[64] = "";
    snprintf(file, sizeof file, "%s/odd.html", dir);
    CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_HTML, &opt, file, NULL), MEIRO_OK);
    snprintf(cmd, sizeof cmd,
             "grep -c '<title>A &lt;small&gt; &amp; &quot;odd&quot; title</title>' %s", file);
    CHECK_MSG(run(cmd, out, sizeof out) && atoi(out) == 1, "the title is not escaped: %s", out);
    opt.answer_page = true;
    CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_HTML, &opt, file, NULL), MEIRO_ERROR_ARGUMENT);
    meiro_maze_free(m);
}

static void test_pdf(void) { each_job(PDF); }
static void test_svg(void) { each_job(SVG); }
static void test_png(void) { each_job(PNG); }
static void test_xlsx(void) { each_job(XLSX); }
static void test_soffice(void) { each_job(SOFFICE); }
static void test_gnumeric(void) { each_job(GNUMERIC); }

/* ---- Shapes: the outline and the marks of S and G ---------------------- */

/* How far (x, y), in cells, is from the nearest cell inside m's mask. */
static double cell_distance(const meiro_maze *m, double x, double y)
{
    double best = 1e9;
    for (uint32_t j = 0; j < m->h; j++)
        for (uint32_t i = 0; i < m->w; i++) {
            if (!m->active[(size_t)j * m->w + i]) continue;
            double dx = x < i       ? i - x
                        : x > i + 1 ? x - i - 1
                                    : 0,
                   dy = y < j       ? j - y
                        : y > j + 1 ? y - j - 1
                                    : 0;
            best = fmin(best, sqrt(dx * dx + dy * dy));
        }
    return best;
}

/* Whether (x, y) is inside the outline's loops (even-odd). */
static bool inside_outline(const outline *o, double x, double y)
{
    bool in = false;
    size_t start = 0;
    for (size_t l = 0; l < o->loops; l++) {
        for (size_t i = start, j = o->loop_end[l] - 1; i < o->loop_end[l]; j = i++) {
            double xi = o->points[2 * i], yi = o->points[2 * i + 1], xj = o->points[2 * j],
                   yj = o->points[2 * j + 1];
            if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) in = !in;
        }
        start = o->loop_end[l];
    }
    return in;
}

/* The outline of every built-in shape (at its least grid and twice that)
 * and of a name: closed loops that hold every cell inside and no cell far
 * outside, running a tenth to 0.85 of a cell from the cells (across a notch). */
static void test_outline(void)
{
    verdict v = {0};
    for (size_t k = 0; k <= meiro_shape_count(); k++) {
        for (uint32_t times = 1; times <= 2; times++) {
            uint8_t *mask = NULL;
            uint32_t w, h;
            char name[32];
            if (k < meiro_shape_count()) {
                snprintf(name, sizeof name, "%s", meiro_shape_info(k)->name);
                meiro_shape_min_grid(name, &w, &h);
                w *= times, h *= times;
                CHECK_INT(meiro_shape_mask(name, w, h, &mask, NULL), MEIRO_OK);
            } else {
                meiro_text_info info;
                snprintf(name, sizeof name, "%s", times == 1 ? "HANA" : "はな");
                CHECK_INT(meiro_text_mask(name, NULL, 0, &mask, &info, NULL), MEIRO_OK);
                w = info.width, h = info.height;
            }
            meiro_maze *m = mask ? meiro_maze_new(w, h, NULL) : NULL;
            if (!m || meiro_maze_set_mask(m, mask, NULL) != MEIRO_OK) {
                CHECK_MSG(false, "%s: no maze", name);
                meiro_maze_free(m);
                meiro_mask_free(mask);
                continue;
            }
            outline o;
            CHECK_INT(outline_trace(m, 0.05, &o, NULL), MEIRO_OK);
            double near = 1e9, far = 0;
            for (size_t i = 0; i < o.count; i++) {
                double d = cell_distance(m, o.points[2 * i], o.points[2 * i + 1]);
                near = fmin(near, d);
                far = fmax(far, d);
            }
            verdict_note(&v, o.loops >= 1 && o.count >= 8 && near >= 0.1 && far <= 0.85,
                         "%s %ux%u: %zu loops of %zu points, %.2f to %.2f cells from the cells",
                         name, w, h, o.loops, o.count, near, far);
            size_t held = 0, astray = 0, cells = 0;
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    bool in = inside_outline(&o, x + 0.5, y + 0.5);
                    if (m->active[(size_t)y * w + x]) cells++, held += in;
                    else astray += in && cell_distance(m, x + 0.5, y + 0.5) > 0.9;
                }
            verdict_note(&v, held == cells && astray == 0,
                         "%s %ux%u: %zu of %zu cells inside the outline, %zu cells "
                         "far outside the shape in it",
                         name, w, h, held, cells, astray);
            outline_free(&o);
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
    }
    CHECK_ALL(v);
    /* none without a mask */
    meiro_maze *m = meiro_maze_new(5, 5, NULL);
    outline o;
    CHECK(m && outline_trace(m, 0.05, &o, NULL) == MEIRO_OK && o.loops == 0);
    meiro_maze_free(m);
}

/* A shape's page as a four-year-old gets it (the easy level, the shape's
 * least grid), rasterised, read where the document's own layout put the
 * maze and the doors of S and G: the outline's ink around the cells, none
 * far from them but the signs; S and G in doors of the outline, each on a
 * disc 8 mm across or more outside the outline beyond its door, a dark
 * arrow between door and disc, its letter readable on it. */
static void test_shape_page(void)
{
    if (!have("pdftoppm")) return;
    verdict v = {0};
    for (size_t k = 0; k < meiro_shape_count(); k++) {
        const char *name = meiro_shape_info(k)->name;
        meiro_generate_options g;
        meiro_generate_options_init(&g);
        g.seed = 7 + k;
        g.shape_name = name;
        meiro_maze_sources src = {.level = meiro_level_info(MEIRO_LEVEL_EASY), .shape = true};
        CHECK_INT(meiro_generate_options_resolve(&g, 0, &src, NULL), MEIRO_OK);
        uint8_t *mask = NULL;
        CHECK_INT(meiro_shape_mask(name, g.width, g.height, &mask, NULL), MEIRO_OK);
        g.mask = mask;
        meiro_maze *m = mask ? meiro_generate(&g, NULL) : NULL;
        meiro_mask_free(mask);
        if (!m) {
            CHECK_MSG(false, "%s: no maze", name);
            continue;
        }
        meiro_export_options page;
        meiro_export_options_init(&page);
        page_layout L;
        doc_item item = {m, NULL, 0};
        document d;
        CHECK_INT(doc_init(&d, &item, 1, &page, -1, NULL), MEIRO_OK);
        CHECK_INT(doc_first_maze(&d, 0, &L, NULL), MEIRO_OK);
        doc_free(&d);
        char file[128], cmd[400], png[160];
        snprintf(file, sizeof file, "%s/shape-%s.pdf", dir, name);
        CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, file, NULL), MEIRO_OK);
        snprintf(cmd, sizeof cmd, "pdftoppm -r 60 -png -singlefile %s %s/shape-%s", file, dir,
                 name);
        snprintf(png, sizeof png, "%s/shape-%s.png", dir, name);
        cairo_surface_t *img = run(cmd, NULL, 0) ? cairo_image_surface_create_from_png(png) : NULL;
        if (!verdict_note(&v, img && cairo_surface_status(img) == CAIRO_STATUS_SUCCESS,
                          "%s: no picture", name)) {
            if (img) cairo_surface_destroy(img);
            meiro_maze_free(m);
            continue;
        }
        int iw = cairo_image_surface_get_width(img), ih = cairo_image_surface_get_height(img);
        int stride = cairo_image_surface_get_stride(img);
        const unsigned char *px = cairo_image_surface_get_data(img);
        double ppm = 60 / 25.4;
        /* the discs: light green (S) and light blue (G), their boxes in mm */
        int box[2][4] = {{iw, ih, -1, -1}, {iw, ih, -1, -1}};
        size_t ring = 0, stray = 0;
        for (int y = 0; y < ih; y++)
            for (int x = 0; x < iw; x++) {
                const unsigned char *p = px + (size_t)y * stride + 4 * (size_t)x; /* B G R */
                int which = abs(p[2] - 143) < 14 && abs(p[1] - 219) < 14 && abs(p[0] - 133) < 14 ? 0
                            : abs(p[2] - 148) < 14 && abs(p[1] - 199) < 14 && abs(p[0] - 255) < 14
                                ? 1
                                : -1;
                if (which >= 0) {
                    int *b = box[which];
                    if (x < b[0]) b[0] = x;
                    if (y < b[1]) b[1] = y;
                    if (x > b[2]) b[2] = x;
                    if (y > b[3]) b[3] = y;
                }
                /* ink outside the cells: near them (the outline) or astray */
                double cx = ((x + 0.5) / ppm - L.maze_x) / L.cell,
                       cy = ((y + 0.5) / ppm - L.maze_y) / L.cell;
                if (cx < -1 || cy < -1 || cx > m->w + 1 || cy > m->h + 1) continue;
                if (p[0] + p[1] + p[2] >= 3 * 128) continue;
                double dist = cell_distance(m, cx, cy);
                /* astray: within the grid (the footer may stand just below
                 * it), but for the signs of S and G out of their doors */
                bool grid = cx >= 0 && cy >= 0 && cx <= m->w && cy <= m->h;
                for (int k = 0; k < 2 && grid; k++) {
                    meiro_dir d = layout_end_door(&L, k);
                    meiro_cell c = k ? m->goal : m->start;
                    if (d >= MEIRO_NO_DIR) continue;
                    double along = (cx - c.x - 0.5) * DIR_DX[d] + (cy - c.y - 0.5) * DIR_DY[d],
                           off = fabs((cx - c.x - 0.5) * DIR_DY[d] - (cy - c.y - 0.5) * DIR_DX[d]);
                    double half = (fmax(end_badge(L.cell), end_arrow(L.cell)) / 2 + 1) / L.cell;
                    grid = !(along > 0 && along < 0.5 + (end_reach(L.cell) + 1) / L.cell &&
                             off < half);
                }
                if (dist > 0.12) ring += dist < 0.6, stray += grid && dist >= 1;
            }
        outline o = {0};
        CHECK_INT(outline_trace(m, L.line / L.cell, &o, NULL), MEIRO_OK);
        for (int which = 0; which < 2; which++) {
            const int *b = box[which];
            meiro_cell c = which ? m->goal : m->start;
            meiro_dir door = layout_end_door(&L, which);
            double w = (b[2] - b[0] + 1) / ppm, h = (b[3] - b[1] + 1) / ppm;
            double mx = ((b[0] + b[2] + 1) / 2.0 / ppm - L.maze_x) / L.cell,
                   my = ((b[1] + b[3] + 1) / 2.0 / ppm - L.maze_y) / L.cell;
            const char *sign = which ? "G" : "S";
            if (door < MEIRO_NO_DIR) {
                /* beyond the door, on its line, every corner of the disc's
                 * box outside the outline (cells of the grid), the arrow
                 * dark halfway between the door and the disc */
                double ox = c.x + 0.5 + DIR_DX[door] * 0.5, oy = c.y + 0.5 + DIR_DY[door] * 0.5;
                double along = (mx - ox) * DIR_DX[door] + (my - oy) * DIR_DY[door],
                       off = fabs((mx - ox) * DIR_DY[door] - (my - oy) * DIR_DX[door]);
                double bx0 = (b[0] / ppm - L.maze_x) / L.cell,
                       by0 = (b[1] / ppm - L.maze_y) / L.cell,
                       bx1 = ((b[2] + 1) / ppm - L.maze_x) / L.cell,
                       by1 = ((b[3] + 1) / ppm - L.maze_y) / L.cell;
                bool out = !inside_outline(&o, bx0, by0) && !inside_outline(&o, bx1, by0) &&
                           !inside_outline(&o, bx0, by1) && !inside_outline(&o, bx1, by1) &&
                           !inside_outline(&o, mx, my) && cell_distance(m, mx, my) > OUTLINE_ROOM;
                /* the arrow: 3 mm of dark ink or more on the line from past
                 * the outline to the disc */
                double dark_mm = 0, to = L.cell * along - w / 2;
                for (double at = (OUTLINE_ROOM + 0.15) * L.cell; at < to; at += 1 / ppm) {
                    int x = (int)((L.maze_x + ox * L.cell + DIR_DX[door] * at) * ppm),
                        y = (int)((L.maze_y + oy * L.cell + DIR_DY[door] * at) * ppm);
                    const unsigned char *q = px + (size_t)y * stride + 4 * (size_t)x;
                    if (x >= 0 && y >= 0 && x < iw && y < ih && q[0] + q[1] + q[2] < 3 * 128)
                        dark_mm += 1 / ppm;
                }
                bool arrow = dark_mm >= 3;
                verdict_note(&v, along > OUTLINE_ROOM && off < 0.2 && out && arrow,
                             "%s: %s's disc at %.1f cells out of its door (side %d), %.1f aside, "
                             "%s the outline, %s arrow",
                             name, sign, along, (int)door, off, out ? "outside" : "inside",
                             arrow ? "an" : "no");
            } else { /* every built-in shape has room for doors at this size */
                verdict_note(&v, false, "%s: %s on its cell, not in a door", name, sign);
            }
            verdict_note(&v, b[2] >= 0 && w >= 8 && h >= 8, "%s: %s's disc %.1f x %.1f mm",
                         name, sign, w, h);
            /* its letter on it, dark on the light disc (drawn as paths:
             * pdftotext does not see it): ink inside the ring 40% of the
             * disc's height or more, covering 5 to 85% of the letter's box (not a blot) */
            int lx0 = iw, ly0 = ih, lx1 = -1, ly1 = -1, ink = 0;
            int inset = (b[2] - b[0]) / 6;
            for (int y = b[1] + inset; y <= b[3] - inset; y++)
                for (int x = b[0] + inset; x <= b[2] - inset; x++) {
                    const unsigned char *q = px + (size_t)y * stride + 4 * (size_t)x;
                    if (q[0] + q[1] + q[2] >= 3 * 100) continue;
                    ink++;
                    lx0 = x < lx0 ? x : lx0, lx1 = x > lx1 ? x : lx1;
                    ly0 = y < ly0 ? y : ly0, ly1 = y > ly1 ? y : ly1;
                }
            double area = (double)(lx1 - lx0 + 1) * (ly1 - ly0 + 1);
            bool read = b[2] >= 0 && ly1 >= 0 && (ly1 - ly0 + 1) >= 0.4 * (b[3] - b[1] + 1) &&
                        ink >= 0.05 * area && ink <= 0.85 * area;
            verdict_note(&v, read, "%s: no %s on its disc (ink %d px in %d x %d of a %d px disc)",
                         name, sign, ink, lx1 - lx0 + 1, ly1 - ly0 + 1, b[3] - b[1] + 1);
        }
        outline_free(&o);
        /* the outline runs all round: ink in a ring a cell's length long
         * or more for each cell on the edge */
        size_t edge = 0;
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++)
                edge +=
                    m->active[(size_t)y * m->w + x] &&
                    (x == 0 || y == 0 || x + 1 == m->w || y + 1 == m->h ||
                     !m->active[(size_t)y * m->w + x - 1] || !m->active[(size_t)y * m->w + x + 1] ||
                     !m->active[(size_t)(y - 1) * m->w + x] ||
                     !m->active[(size_t)(y + 1) * m->w + x]);
        verdict_note(&v, ring >= edge * L.cell * ppm && stray == 0,
                     "%s: %zu pixels of outline for %zu cells on the edge "
                     "(%.0f px each), %zu astray",
                     name, ring, edge, L.cell * ppm, stray);
        cairo_surface_destroy(img);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* The arcs of the outer circle a grid pen is given (radius r, centre
 * cx, cy): their spans, for rim_covered. */
typedef struct rim_arcs {
    double cx, cy, r;
    double from[512], to[512];
    size_t n;
} rim_arcs;

static void rim_move(void *ctx, double x, double y) { (void)ctx, (void)x, (void)y; }
static void rim_line(void *ctx, double x, double y) { (void)ctx, (void)x, (void)y; }
static void rim_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    rim_arcs *a = ctx;
    if (fabs(fabs(r) - a->r) > 1e-6 || fabs(cx - a->cx) > 1e-6 || fabs(cy - a->cy) > 1e-6 ||
        a->n == 512)
        return;
    a->from[a->n] = a0, a->to[a->n] = a1, a->n++;
}

static bool rim_covered(const rim_arcs *a, double angle)
{
    for (size_t k = 0; k < a->n; k++) {
        double d = remainder(angle - a->from[k], 2 * G_PI);
        if (d < 0) d += 2 * G_PI;
        if (d <= a->to[k] - a->from[k] + 1e-9) return true;
    }
    return false;
}

/* A round maze enters through a gap in its rim: the outer circle, as
 * drawn, leaves out the outer side of S's cell (G's too with G on the rim:
 * --ends center-out) and no other. Main before the change: the circle was
 * whole, S a letter in a closed cell. */
static void test_polar_rim_door(void)
{
    verdict v = {0};
    for (int out = 0; out <= 1; out++) {
        meiro_generate_options o;
        meiro_generate_options_init(&o);
        o.grid = MEIRO_GRID_POLAR;
        o.width = 10, o.height = 6, o.seed = 7;
        o.ends = out ? MEIRO_ENDS_CENTER_OUT : MEIRO_ENDS_CENTER;
        meiro_maze *m = meiro_generate(&o, NULL);
        if (!verdict_note(&v, m != NULL, "polar maze not made")) continue;
        page_layout L = {0};
        L.cell = 10, L.line = 1;
        uint32_t rings = meiro_maze_height(m);
        rim_arcs arcs = {rings * L.cell, rings * L.cell, rings * L.cell, {0}, {0}, 0};
        grid_pen pen = {rim_move, rim_line, rim_arc, &arcs};
        trace_grid_walls(m, &L, -HUGE_VAL, HUGE_VAL, &pen);
        meiro_cell rim_end = out ? meiro_maze_goal(m) : meiro_maze_start(m);
        verdict_note(&v, rim_end.y + 1 == rings, "ends %d: the end at ring %u of %u", out,
                     rim_end.y, rings);
        uint32_t n = grid_row_width(m, rings - 1);
        for (uint32_t x = 0; x < n; x++) {
            double ux, uy;
            grid_centre(m, grid_id(m, (meiro_cell){x, rings - 1}), &ux, &uy);
            double angle = atan2(uy - rings, ux - rings);
            bool door = x == rim_end.x;
            verdict_note(&v, rim_covered(&arcs, angle) != door,
                         "ends %d: the rim %s at cell %u of the outer ring (the door's: %u)", out,
                         door ? "closed" : "open", x, rim_end.x);
        }
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* ---- The answer as readers with colour-blind vision see it ------------- */

/* Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB:
 * none, protan, deutan, tritan. */
static const double cvd[4][3][3] = {
    {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
    {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216},
     {-0.003882, -0.048116, 1.051998}},
    {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413},
     {-0.011820, 0.042940, 0.968881}},
    {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602},
     {0.004733, 0.691367, 0.303900}},
};
static const char *const cvd_name[4] = {"normal", "protan", "deutan", "tritan"};

static double linear(unsigned v)
{
    double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* The relative luminance of 0xRRGGBB as vision k sees it. */
static double seen_luminance(uint32_t rgb, int k)
{
    double l[3] = {linear(rgb >> 16), linear(rgb >> 8 & 255), linear(rgb & 255)}, s[3];
    for (int i = 0; i < 3; i++) {
        s[i] = cvd[k][i][0] * l[0] + cvd[k][i][1] * l[1] + cvd[k][i][2] * l[2];
        s[i] = s[i] < 0 ? 0 : s[i] > 1 ? 1 : s[i];
    }
    return 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
}

static double contrast(double a, double b)
{
    return (fmax(a, b) + 0.05) / (fmin(a, b) + 0.05);
}

/* What a rendered key page shows: the most common colours of its walls
 * (dark), paper (light) and answer (saturated), and the usual width in
 * pixels of the answer's line and of a wall (the commonest run across
 * them, along rows and columns). */
typedef struct page_inks {
    uint32_t wall, paper, answer;
    long answer_pixels;
    int answer_width, wall_width;
} page_inks;

static uint32_t pixel_at(const unsigned char *px, int stride, int x, int y)
{
    return *(const uint32_t *)(px + (size_t)y * stride + 4 * (size_t)x) & 0xFFFFFFu;
}

static int channel_spread(uint32_t c)
{
    int r = (int)(c >> 16), g = (int)(c >> 8 & 255), b = (int)(c & 255);
    return (r > g ? (r > b ? r : b) : (g > b ? g : b)) - (r < g ? (r < b ? r : b) : (g < b ? g : b));
}

static bool near_colour(uint32_t a, uint32_t b, int by)
{
    return abs((int)(a >> 16) - (int)(b >> 16)) <= by &&
           abs((int)(a >> 8 & 255) - (int)(b >> 8 & 255)) <= by &&
           abs((int)(a & 255) - (int)(b & 255)) <= by;
}

/* The commonest run length (1..63 pixels) of pixels near `ink`. */
static int usual_run(const unsigned char *px, int stride, int w, int h, uint32_t ink, int by)
{
    long runs[64] = {0};
    for (int pass = 0; pass < 2; pass++) {
        int lines = pass ? w : h, along = pass ? h : w;
        for (int i = 0; i < lines; i++) {
            int run = 0;
            for (int j = 0; j <= along; j++) {
                bool in = j < along && near_colour(pass ? pixel_at(px, stride, i, j)
                                                        : pixel_at(px, stride, j, i),
                                                   ink, by);
                if (in) run++;
                else if (run) runs[run < 64 ? run : 0]++, run = 0;
            }
        }
    }
    int best = 1;
    for (int r = 1; r < 64; r++)
        if (runs[r] > runs[best]) best = r;
    return best;
}

static bool page_inks_of(const char *png, page_inks *k)
{
    cairo_surface_t *img = cairo_image_surface_create_from_png(png);
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(img);
        return false;
    }
    int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    int stride = cairo_image_surface_get_stride(img);
    const unsigned char *px = cairo_image_surface_get_data(img);
    /* colours by count: an open-addressed table of the page's colours */
    enum { SLOTS = 1 << 16 };
    uint32_t *key = calloc(SLOTS, sizeof *key);
    long *count = calloc(SLOTS, sizeof *count);
    bool ok = key && count;
    for (int y = 0; ok && y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t c = pixel_at(px, stride, x, y) | 0x1000000u, i = (c * 2654435761u) >> 16;
            while (key[i] && key[i] != c) i = (i + 1) & (SLOTS - 1);
            key[i] = c, count[i]++;
        }
    long wall = 0, paper = 0, answer = 0;
    *k = (page_inks){0};
    for (uint32_t i = 0; ok && i < SLOTS; i++) {
        if (!key[i]) continue;
        uint32_t c = key[i] & 0xFFFFFFu;
        int spread = channel_spread(c);
        if (c >> 16 < 48 && (c >> 8 & 255) < 48 && (c & 255) < 48 && count[i] > wall)
            wall = count[i], k->wall = c;
        if (c >> 16 > 230 && (c >> 8 & 255) > 230 && (c & 255) > 230 && count[i] > paper)
            paper = count[i], k->paper = c;
        if (spread >= 80 && count[i] > answer) answer = count[i], k->answer = c;
    }
    k->answer_pixels = answer;
    if (ok) {
        k->answer_width = usual_run(px, stride, w, h, k->answer, 40);
        k->wall_width = usual_run(px, stride, w, h, k->wall, 60);
    }
    free(key);
    free(count);
    cairo_surface_destroy(img);
    return ok;
}

/* A booklet's key page and a generated maze's answer page, rasterised by
 * poppler: each kind of vision (simulated on the colours the page shows)
 * tells the answer from the walls and from the paper by 3.5:1 or more,
 * and the answer is at least twice a wall's width (told apart by more than
 * colour). The same measure on the answers' old red fails for protans:
 * the check can fail. */
static void test_answer_contrast(void)
{
    if (!have("pdftoppm")) return;
    meiro_maze *m = NULL;
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.width = 12, g.height = 9, g.seed = 5;
    CHECK((m = meiro_generate(&g, NULL)) != NULL);
    if (!m) return;
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 2, b.seed = 5;
    struct {
        const char *name;
        uint32_t colour;
        bool booklet, safe;
    } pages[] = {{"page", 0, false, true}, {"booklet", 0, true, true},
                 {"red", MEIRO_COLOUR_SET | 0xD92619, false, false}};
    for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
        char pdf[128], cmd[400], png[160];
        snprintf(pdf, sizeof pdf, "%s/contrast-%s.pdf", dir, pages[i].name);
        meiro_export_options page;
        meiro_export_options_init(&page);
        page.answer_colour = pages[i].colour;
        page.answers = pages[i].booklet ? MEIRO_ANSWERS_KEY : MEIRO_ANSWERS_AFTER_PAGE;
        int last = 2;
        if (pages[i].booklet) {
            CHECK_INT(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, pdf, NULL), MEIRO_OK);
            last = 0;
        } else {
            CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, pdf, NULL), MEIRO_OK);
        }
        if (!last) { /* the booklet's last page: its key */
            char out[4096] = "";
            snprintf(cmd, sizeof cmd, "pdfinfo %s", pdf);
            CHECK(run(cmd, out, sizeof out));
            const char *n = strstr(out, "Pages:");
            last = n ? atoi(n + 6) : 0;
        }
        snprintf(cmd, sizeof cmd, "pdftoppm -r 100 -png -singlefile -f %d -l %d %s %s/contrast-%s",
                 last, last, pdf, dir, pages[i].name);
        snprintf(png, sizeof png, "%s/contrast-%s.png", dir, pages[i].name);
        page_inks k;
        bool seen = run(cmd, NULL, 0) && page_inks_of(png, &k);
        CHECK_MSG(seen, "%s: no picture", png);
        if (!seen) continue;
        CHECK_MSG(k.answer_pixels > 500, "%s: the answer shows in %ld pixels", pages[i].name,
                  k.answer_pixels);
        CHECK_MSG(k.answer == answer_rgb(pages[i].colour), "%s: the answer %06X, not %06X",
                  pages[i].name, k.answer, answer_rgb(pages[i].colour));
        CHECK_MSG(k.answer_width >= 2 * k.wall_width, "%s: the answer %d px wide, a wall %d",
                  pages[i].name, k.answer_width, k.wall_width);
        double worst = 21;
        int worst_k = 0;
        for (int v = 0; v < 4; v++) {
            double a = seen_luminance(k.answer, v);
            double c = fmin(contrast(a, seen_luminance(k.wall, v)),
                            contrast(a, seen_luminance(k.paper, v)));
            if (c < worst) worst = c, worst_k = v;
        }
        if (pages[i].safe)
            CHECK_MSG(worst >= 3.5, "%s: %06X against walls %06X and paper %06X: %.2f:1 for %s",
                      pages[i].name, k.answer, k.wall, k.paper, worst, cvd_name[worst_k]);
        else
            CHECK_MSG(worst < 3.5 && worst_k == 1, "%s: the old red measures %.2f:1 (%s)",
                      pages[i].name, worst, cvd_name[worst_k]);
    }
    meiro_maze_free(m);
}

static const test_case cases[] = {
    {"answer_contrast", test_answer_contrast},
    {"polar_rim_door", test_polar_rim_door},
    {"pdf", test_pdf},
    {"svg", test_svg},
    {"svg_groups", test_svg_groups},
    {"png", test_png},
    {"xlsx", test_xlsx},
    {"soffice", test_soffice},
    {"gnumeric", test_gnumeric},
    {"html", test_html},
    {"outline", test_outline},
    {"shape_page", test_shape_page},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-export-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    setup_jobs();
    int status = test_main("export", argc, argv, cases, TEST_COUNT(cases));
    meiro_mask_free(heart_mask);
    free(ring_mask);
    char cmd[128];
    if (getenv("KEEP")) return status;
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
