/* Pictures for S and G and the arrows at doors, read back: every built-in
 * pair in PNG, SVG (librsvg) and PDF (poppler) shows its colours inside
 * the S and G cells, stays whole above the solution, and the arrows stand
 * outside the doors, pointing in at S and out at G, inside the margins and
 * clear of everything else on the page; in XLSX the pictures are images
 * anchored on the S and G cells and arrows fill the cells beyond the
 * doors. A missing tool skips its checks and says so. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"

static char dir[64];

#include "picture.h"

enum { DPI = 100 };

/* A maze with doors: S in the west side and G in the east (vertical:
 * north and south). */
static meiro_maze *door_maze(bool vertical)
{
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.width = 6;
    g.height = 5;
    g.seed = 9;
    meiro_maze *m = meiro_generate(&g, NULL);
    if (!m) return NULL;
    if (vertical) {
        meiro_maze_set_start(m, (meiro_cell){1, 0}, MEIRO_NORTH);
        meiro_maze_set_goal(m, (meiro_cell){4, 4}, MEIRO_SOUTH);
    } else {
        meiro_maze_set_start(m, (meiro_cell){0, 1}, MEIRO_WEST);
        meiro_maze_set_goal(m, (meiro_cell){5, 3}, MEIRO_EAST);
    }
    return m;
}

static void page_for(meiro_export_options *page, const char *art)
{
    meiro_export_options_init(page);
    page->title = "Pictures";
    page->art = art;
    page->dpi = DPI;
}

/* Where the maze sits, and the page's frame. */
static bool place(const meiro_maze *m, const meiro_export_options *page, page_layout *L,
                  page_frame *f)
{
    doc_item item = {m, NULL, 0};
    document d;
    if (doc_init(&d, &item, 1, page, -1, NULL) != MEIRO_OK) return false;
    bool ok = doc_place(&d, &d.pages[0], 0, L, f, NULL) == MEIRO_OK;
    doc_free(&d);
    return ok;
}

/* Saturated pixels (a picture's colours, not black, white or grey) in a
 * box of pixels. */
static int colourful(const char *png, double x0, double y0, double x1, double y1)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(png);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return -1;
    }
    const unsigned char *px = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s), w = cairo_image_surface_get_width(s),
        h = cairo_image_surface_get_height(s), n = 0;
    for (int y = (int)fmax(0, y0); y < (int)fmin(h, y1); y++)
        for (int x = (int)fmax(0, x0); x < (int)fmin(w, x1); x++) {
            uint32_t v = *(const uint32_t *)(px + y * stride + 4 * x);
            int r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
            int hi = r > g ? (r > b ? r : b) : (g > b ? g : b),
                lo = r < g ? (r < b ? r : b) : (g < b ? g : b);
            n += (v >> 24) > 200 && hi - lo > 60;
        }
    cairo_surface_destroy(s);
    return n;
}

/* Where an arrow runs, in mm beyond the wall (as draw.c draws it). */
static void arrow_span(const page_layout *L, double *near, double *far)
{
    *near = L->arrow_from + fmin(fmax(0.3 * L->arrow, 0.22 * L->cell), 0.45 * L->arrow);
    *far = L->arrow_from + 0.95 * L->arrow;
}

/* The box an arrow takes outside the door of cell c (pixels). */
typedef struct pbox {
    double x0, y0, x1, y1;
} pbox;

static pbox arrow_box(const page_layout *L, meiro_cell c, meiro_dir door, double ppm)
{
    double cx = L->maze_x + (c.x + 0.5) * L->cell, cy = L->maze_y + (c.y + 0.5) * L->cell;
    double ex = cx + DIR_DX[door] * L->cell / 2, ey = cy + DIR_DY[door] * L->cell / 2;
    double a, b, half = 0.36 * L->arrow;
    arrow_span(L, &a, &b);
    double x0 = ex + DIR_DX[door] * a, x1 = ex + DIR_DX[door] * b, y0 = ey + DIR_DY[door] * a,
           y1 = ey + DIR_DY[door] * b;
    if (DIR_DX[door] == 0) x0 = ex - half, x1 = ex + half;
    else y0 = ey - half, y1 = ey + half;
    return (pbox){fmin(x0, x1) * ppm, fmin(y0, y1) * ppm, fmax(x0, x1) * ppm, fmax(y0, y1) * ppm};
}

static bool in_box(pbox b, int x, int y, double pad)
{
    return x >= b.x0 - pad && x <= b.x1 + pad && y >= b.y0 - pad && y <= b.y1 + pad;
}

/* Dark pixels across the arrow at `at` of its length from the end nearer
 * the wall: its width there. */
static int arrow_width(const image *img, const page_layout *L, meiro_cell c, meiro_dir door,
                       double at, double ppm)
{
    double near, far;
    arrow_span(L, &near, &far);
    double cx = L->maze_x + (c.x + 0.5) * L->cell, cy = L->maze_y + (c.y + 0.5) * L->cell;
    double along = L->cell / 2 + near + at * (far - near);
    double px = (cx + DIR_DX[door] * along) * ppm, py = (cy + DIR_DY[door] * along) * ppm;
    int n = 0, reach = (int)(0.5 * L->arrow * ppm);
    for (int k = -reach; k <= reach; k++)
        n += DIR_DX[door] ? dark(img, (int)px, (int)py + k) : dark(img, (int)px + k, (int)py);
    return n;
}

/* One rendered page: the pictures' colours in the S and G cells, the
 * arrows in their boxes pointing the right way, and every dark pixel
 * outside the maze either an arrow's, the title's (above the body) or
 * the footer's (below it). */
static void check_page(verdict *v, const char *what, const char *png, const meiro_maze *m,
                       const page_layout *L, const page_frame *f, bool pictures)
{
    image img;
    if (!verdict_note(v, load_png(png, &img), "%s: not drawn", what)) return;
    double ppm = img.w / L->page_w;
    img.pictures = pictures;
    /* the maze itself still reads right: walls, doors, no red */
    check_picture(v, what, &img, m, NULL, L, ppm, 0, 0, 0.02, false, false);
    const meiro_cell ends[2] = {m->start, m->goal};
    const meiro_dir doors[2] = {m->start_door, m->goal_door};
    for (int e = 0; e < 2; e++) {
        double x0 = (L->maze_x + ends[e].x * L->cell) * ppm,
               y0 = (L->maze_y + ends[e].y * L->cell) * ppm;
        int n = colourful(png, x0, y0, x0 + L->cell * ppm, y0 + L->cell * ppm);
        double area = L->cell * L->cell * ppm * ppm;
        verdict_note(v, pictures ? n > area * 0.01 : n == 0,
                     "%s: %d coloured pixels in the %s cell (of %.0f)", what, n,
                     e ? "goal" : "start", area);
        /* S's arrow is wide near the wall (its head), G's far from it */
        int near = arrow_width(&img, L, ends[e], doors[e], e == 0 ? 0.4 : 0.15, ppm);
        int far = arrow_width(&img, L, ends[e], doors[e], e == 0 ? 0.85 : 0.6, ppm);
        verdict_note(v, near > 0 && far > 0 && (e == 0 ? near > far * 1.5 : far > near * 1.5),
                     "%s: the %s arrow is %d px wide near the wall and %d px far", what,
                     e ? "goal" : "start", near, far);
    }
    pbox arrows[2] = {arrow_box(L, m->start, m->start_door, ppm),
                      arrow_box(L, m->goal, m->goal_door, ppm)};
    double pad = L->line * ppm / 2 + 2;
    int stray = 0, outside = 0;
    for (int y = 0; y < img.h; y++)
        for (int x = 0; x < img.w; x++) {
            if (!dark(&img, x, y)) continue;
            bool maze = x >= L->maze_x * ppm - pad && x <= (L->maze_x + L->maze_w) * ppm + pad &&
                        y >= L->maze_y * ppm - pad && y <= (L->maze_y + L->maze_h) * ppm + pad;
            bool bands = y < f->body.y * ppm || y > (f->body.y + f->body.h) * ppm;
            bool arrow = in_box(arrows[0], x, y, 2) || in_box(arrows[1], x, y, 2);
            if (!maze && !bands && !arrow) stray++;
            /* arrows: inside the body (the margins, below the titles) */
            if (arrow && !maze &&
                (x < f->body.x * ppm - 1 || x > (f->body.x + f->body.w) * ppm + 1 ||
                 y < f->body.y * ppm - 1 || y > (f->body.y + f->body.h) * ppm + 1))
                outside++;
        }
    verdict_note(v, stray == 0 && outside == 0,
                 "%s: %d dark pixels where nothing belongs, %d of the arrows outside the body",
                 what, stray, outside);
    free_image(&img);
}

/* Every pair in PNG, SVG and PDF, doors west-east and north-south, and
 * the words (art none) as the control: no colour in S and G. */
static void test_pages(void)
{
    bool svg_tool = have("rsvg-convert"), pdf_tool = have("pdftoppm");
    verdict v = {0};
    for (size_t i = 0; i <= meiro_art_count(); i++) {
        const char *name = i < meiro_art_count() ? meiro_art_info(i)->name : "none";
        meiro_maze *m = door_maze(i % 2 == 1);
        meiro_export_options page;
        page_for(&page, name);
        page_layout L;
        page_frame f;
        if (!verdict_note(&v, m && place(m, &page, &L, &f), "%s: not placed", name)) continue;
        char file[160], png[160], cmd[400], what[64];
        for (int fmt = 0; fmt < 3; fmt++) {
            if ((fmt == 1 && !svg_tool) || (fmt == 2 && !pdf_tool)) continue;
            static const char *const ext[] = {"png", "svg", "pdf"};
            static const meiro_format formats[] = {MEIRO_FORMAT_PNG, MEIRO_FORMAT_SVG,
                                                   MEIRO_FORMAT_PDF};
            snprintf(file, sizeof file, "%s/%s.%s", dir, name, ext[fmt]);
            snprintf(what, sizeof what, "%s.%s", name, ext[fmt]);
            snprintf(png, sizeof png, "%s/%s-%s.png", dir, name, ext[fmt]);
            meiro_error err = {0};
            if (!verdict_note(&v, meiro_save(m, NULL, formats[fmt], &page, file, &err) == MEIRO_OK,
                              "%s: %s", what, err.message))
                continue;
            if (fmt == 0) snprintf(png, sizeof png, "%s", file);
            if (fmt == 1)
                snprintf(cmd, sizeof cmd, "rsvg-convert -d %d -p %d %s -o %s", DPI, DPI, file, png);
            if (fmt == 2)
                snprintf(cmd, sizeof cmd, "pdftoppm -r %d -png -singlefile %s %s/%s-pdf", DPI, file,
                         dir, name);
            if (fmt && !verdict_note(&v, run(cmd, NULL, 0), "%s: %s failed", what, cmd)) continue;
            check_page(&v, what, png, m, &L, &f, i < meiro_art_count());
        }
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* The solution runs under the pictures: S's and G's pictures are the same
 * pixels on the answer as on the puzzle. */
static void test_answers_keep_pictures(void)
{
    verdict v = {0};
    for (size_t i = 0; i < meiro_art_count(); i++) {
        const char *name = meiro_art_info(i)->name;
        meiro_maze *m = door_maze(i % 2 == 0);
        meiro_path path = {0};
        meiro_export_options page;
        page_for(&page, name);
        page_layout L;
        page_frame f;
        char puzzle[160], answer[160];
        snprintf(puzzle, sizeof puzzle, "%s/%s-puzzle.png", dir, name);
        snprintf(answer, sizeof answer, "%s/%s-answer.png", dir, name);
        image a = {0}, b = {0};
        bool made = m && meiro_solve(m, NULL, &path, NULL) == MEIRO_OK && place(m, &page, &L, &f) &&
                    meiro_save(m, NULL, MEIRO_FORMAT_PNG, &page, puzzle, NULL) == MEIRO_OK &&
                    meiro_save(m, &path, MEIRO_FORMAT_PNG, &page, answer, NULL) == MEIRO_OK &&
                    load_png(puzzle, &a) && load_png(answer, &b);
        if (verdict_note(&v, made && a.w == b.w && a.h == b.h, "%s: not drawn", name)) {
            double ppm = a.w / L.page_w;
            int differ = 0, reds = 0;
            const meiro_cell ends[2] = {m->start, m->goal};
            for (int e = 0; e < 2; e++) {
                double cx = (L.maze_x + (ends[e].x + 0.5) * L.cell) * ppm,
                       cy = (L.maze_y + (ends[e].y + 0.5) * L.cell) * ppm;
                double r = 0.34 * L.cell * ppm;
                for (int y = (int)(cy - r); y <= cy + r; y++)
                    for (int x = (int)(cx - r); x <= cx + r; x++)
                        if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                            differ +=
                                abs(a.gray[(size_t)y * a.w + x] - b.gray[(size_t)y * b.w + x]) > 8;
            }
            for (size_t k = 0; k < (size_t)b.w * b.h; k++) reds += b.answer[k];
            verdict_note(&v, differ == 0 && reds > 0,
                         "%s: %d pixels of the pictures changed under the path (%d red)", name,
                         differ, reds);
        }
        free_image(&a);
        free_image(&b);
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* "C4" for sheet cell (col 2, row 3), 0-based. */
static void cell_name(uint32_t col, uint32_t row, char *out, size_t size)
{
    char letters[8];
    int n = 0;
    for (uint32_t c = col + 1; c > 0; c = (c - 1) / 26) letters[n++] = (char)('A' + (c - 1) % 26);
    int k = 0;
    while (n > 0 && k < (int)size - 1) out[k++] = letters[--n];
    snprintf(out + k, size - (size_t)k, "%lu", (unsigned long)row + 1);
}

/* The text of sheet cell `ref` in sheet XML, or "" (inline strings, as
 * constant-memory mode writes them). */
static void cell_text(const char *xml, const char *ref, char *out, size_t size)
{
    char key[32];
    snprintf(key, sizeof key, "<c r=\"%s\"", ref);
    out[0] = 0;
    const char *c = xml ? strstr(xml, key) : NULL;
    if (!c) return;
    const char *end = strstr(c, "</c>"), *t = strstr(c, "<t>");
    if (!end || !t || t > end) return;
    t += 3;
    const char *close = strstr(t, "</t>");
    if (close) snprintf(out, size, "%.*s", (int)(close - t), t);
}

static char *slurp(const char *zip, const char *part)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "unzip -p %s %s 2>/dev/null", zip, part);
    char *buf = malloc(1 << 20);
    if (buf && !run(cmd, buf, 1 << 20)) buf[0] = 0;
    return buf;
}

/* XLSX: two images (xl/media/image1.png, image2.png) anchored on the S and
 * G cells, arrows in the cells beyond the doors; none with the words. */
static void test_xlsx(void)
{
    if (!have("unzip")) return;
    verdict v = {0};
    static const char *const arrows[4] = {"\u2191", "\u2192", "\u2193", "\u2190"};
    for (size_t i = 0; i <= meiro_art_count(); i++) {
        bool pictures = i < meiro_art_count();
        const char *name = pictures ? meiro_art_info(i)->name : "none";
        meiro_maze *m = door_maze(i % 2 == 1);
        meiro_export_options page;
        page_for(&page, name);
        char file[160], cmd[300], list[4096];
        snprintf(file, sizeof file, "%s/%s.xlsx", dir, name);
        snprintf(cmd, sizeof cmd, "unzip -l %s", file);
        if (!verdict_note(
                &v,
                m && meiro_save(m, NULL, MEIRO_FORMAT_XLSX, &page, file, NULL) == MEIRO_OK &&
                    run(cmd, list, sizeof list),
                "%s.xlsx: not written", name))
            continue;
        bool media = strstr(list, "xl/media/image1.png") && strstr(list, "xl/media/image2.png");
        verdict_note(&v, pictures ? media : !strstr(list, "xl/media/"), "%s.xlsx: images %s", name,
                     list);
        char *drawing = slurp(file, "xl/drawings/drawing1.xml"),
             *sheet = slurp(file, "xl/worksheets/sheet1.xml");
        const meiro_cell ends[2] = {m->start, m->goal};
        const meiro_dir doors[2] = {m->start_door, m->goal_door};
        const char *at = drawing;
        /* the maze's ring starts below the page's texts, one merged row each */
        unsigned long top = 0;
        for (const char *g = sheet ? strstr(sheet, "<mergeCell ") : NULL; g;
             g = strstr(g + 1, "<mergeCell "))
            top++;
        for (int e = 0; e < 2 && pictures; e++) {
            /* the e-th anchor starts in the mark's cell: the maze sits at (1, top + 1) */
            char want[96];
            snprintf(want, sizeof want, "<xdr:from><xdr:col>%lu</xdr:col>",
                     (unsigned long)ends[e].x + 1);
            at = at ? strstr(at, "<xdr:from>") : NULL;
            const char *row = at ? strstr(at, "<xdr:row>") : NULL;
            verdict_note(&v,
                         at && !strncmp(at, want, strlen(want)) && row &&
                             strtoul(row + 9, NULL, 10) == top + ends[e].y + 1,
                         "%s.xlsx: the %s picture is not anchored on its cell", name,
                         e ? "goal" : "start");
            if (at) at++;
        }
        for (int e = 0; e < 2; e++) {
            char ref[16], text[32];
            cell_name(ends[e].x + 1 + DIR_DX[doors[e]],
                      (uint32_t)top + ends[e].y + 1 + DIR_DY[doors[e]], ref, sizeof ref);
            cell_text(sheet, ref, text, sizeof text);
            const char *want = arrows[e == 0 ? (doors[e] + 2) % 4 : doors[e]];
            verdict_note(&v, !strcmp(text, want), "%s.xlsx: cell %s holds '%s', not the arrow '%s'",
                         name, ref, text, want);
        }
        free(drawing);
        free(sheet);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* LibreOffice shows the pictures: the workbook printed to PDF has a
 * picture's colours where the words would be black. */
static void test_soffice(void)
{
    if (!have("soffice") || !have("pdftoppm")) return;
    meiro_maze *m = door_maze(false);
    meiro_export_options page;
    page_for(&page, "bee");
    char file[160], cmd[400], png[160];
    snprintf(file, sizeof file, "%s/bee-office.xlsx", dir);
    CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_XLSX, &page, file, NULL), MEIRO_OK);
    snprintf(
        cmd, sizeof cmd,
        "cd %s && HOME=%s soffice --headless --convert-to pdf bee-office.xlsx >/dev/null 2>&1 && "
        "pdftoppm -r 50 -png -singlefile bee-office.pdf bee-office",
        dir, dir);
    CHECK(run(cmd, NULL, 0));
    snprintf(png, sizeof png, "%s/bee-office.png", dir);
    CHECK_MSG(colourful(png, 0, 0, 1e9, 1e9) > 50, "%d coloured pixels",
              colourful(png, 0, 0, 1e9, 1e9));
    meiro_maze_free(m);
}

/* The catalogue: six pairs or more, each naming built-in files that
 * draw; names unique and found again; an unknown name is refused with the
 * list, by the options' check and by a template. */
static void test_catalogue(void)
{
    CHECK(meiro_art_count() >= 6);
    CHECK(meiro_art_info(meiro_art_count()) == NULL);
    verdict v = {0};
    for (size_t i = 0; i < meiro_art_count(); i++) {
        const meiro_art_desc *a = meiro_art_info(i);
        size_t found = 99;
        cairo_surface_t *s = NULL, *g = NULL;
        meiro_export_options page;
        page_for(&page, a->name);
        bool ok = builtin_find(a->start) && builtin_find(a->goal) && a->description[0] &&
                  meiro_art_from_name(a->name, &found, NULL) == MEIRO_OK && found == i &&
                  load_marks_art(&page, 100, &s, &g, NULL) == MEIRO_OK && s && g;
        verdict_note(&v, ok, "pair %zu (%s) does not load", i, a->name);
        cairo_surface_destroy(s);
        cairo_surface_destroy(g);
    }
    CHECK_ALL(v);
    meiro_error err = {0};
    CHECK_INT(meiro_art_from_name("unicorn", NULL, &err), MEIRO_ERROR_UNKNOWN_NAME);
    for (size_t i = 0; i < meiro_art_count(); i++)
        CHECK_MSG(strstr(err.message, meiro_art_info(i)->name) != NULL, "%s", err.message);
    meiro_export_options page;
    page_for(&page, "unicorn");
    CHECK_INT(meiro_export_options_check(&page, NULL), MEIRO_ERROR_UNKNOWN_NAME);
    page.art = "none";
    CHECK_INT(meiro_export_options_check(&page, NULL), MEIRO_OK);
    char ini[160];
    snprintf(ini, sizeof ini, "%s/unicorn.ini", dir);
    FILE *out = fopen(ini, "w");
    CHECK(out != NULL);
    if (!out) return;
    fputs("[maze]\nwidth = 5\nart = unicorn\n", out);
    fclose(out);
    CHECK(meiro_template_load(ini, &err) == NULL);
    CHECK_MSG(err.line == 3 && strstr(err.message, "bunny"), "line %lu: %s", err.line, err.message);
}

static const test_case cases[] = {
    {"catalogue", test_catalogue},
    {"pages", test_pages},
    {"answers_keep_pictures", test_answers_keep_pictures},
    {"xlsx", test_xlsx},
    {"soffice", test_soffice},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-art-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("art", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
