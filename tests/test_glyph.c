/* The glyph layer: meiro's own rasteriser (areas of known figures, the
 * non-zero rule, the round pen's width, the half-a-cell threshold, a grid
 * larger than a row of samples at a time), the text measurer against pango
 * (the page's titles, Latin and Japanese, regular and bold: the same
 * advance), fonts handed over as bytes (the browser's way) measuring and
 * masking as the fonts fontconfig finds, and its refusals. */
#include "harness.h"
#include "whitebox.h"

#include <math.h>

/* The cells inside a w x h mask. */
static size_t inside(const uint8_t *m, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += m[i];
    return c;
}

/* A rectangle's contour, clockwise on the page (y down). */
static void rect_contour(pen_path *o, double x0, double y0, double x1, double y1)
{
    pen_move(o, x0, y0);
    pen_line(o, x1, y0);
    pen_line(o, x1, y1);
    pen_line(o, x0, y1);
    pen_close(o);
}

/* A square of 10 x 10 cells from (2.25, 3.5): its cells are those at least
 * half covered, 10 across (2.25 .. 12.25: cell 2 three quarters covered,
 * in; cell 12 a quarter, out) and 11 down (3.5 .. 13.5: cells 3 and 13
 * half covered, both in). */
static void test_square(void)
{
    enum { W = 20, H = 20 };
    uint8_t m[W * H] = {0};
    pen_path o;
    pen_init(&o, NULL, 0);
    rect_contour(&o, 2.25, 3.5, 12.25, 13.5);
    CHECK_INT(raster_fill(&o, 1, 8, m, W, 0, 0, W, H, NULL), MEIRO_OK);
    pen_free(&o);
    size_t rows = 0, cols = 0;
    for (int y = 0; y < H; y++) rows += m[y * W + 5];
    for (int x = 0; x < W; x++) cols += m[8 * W + x];
    CHECK_INT(cols, 10);
    CHECK_INT(rows, 11);
    CHECK(!m[8 * W + 1] && m[8 * W + 2] && m[8 * W + 11] && !m[8 * W + 12]);
}

/* A disc of radius 20 cells: its cells' area within 2% of pi r^2, on one
 * sample a cell too (a grid of many cells), and through a map (the same
 * disc given in half units, scaled by 2). */
static void test_disc(void)
{
    enum { W = 50, H = 50 };
    static uint8_t m[W * H];
    static const double twice[6] = {2, 0, 0, 2, 0, 0};
    for (int k = 0; k < 3; k++) {
        memset(m, 0, sizeof m);
        pen_path o;
        pen_init(&o, k == 2 ? twice : NULL, 0);
        double u = k == 2 ? 0.5 : 1;
        pen_ellipse(&o, 25 * u, 25 * u, 20 * u, 20 * u, 0);
        CHECK_INT(raster_fill(&o, 1, k == 1 ? 1 : 8, m, W, 0, 0, W, H, NULL), MEIRO_OK);
        pen_free(&o);
        double area = 3.14159265 * 400;
        CHECK_MSG(fabs(inside(m, W * H) - area) < 0.02 * area, "%zu cells, pass %d",
                  inside(m, W * H), k);
    }
}

/* The non-zero rule: a square with a square inside drawn the other way
 * round is a frame (a hole: the counter of an O); drawn the same way round,
 * it is filled. */
static void test_winding(void)
{
    enum { W = 12, H = 12 };
    for (int same = 0; same < 2; same++) {
        uint8_t m[W * H] = {0};
        pen_path o;
        pen_init(&o, NULL, 0);
        rect_contour(&o, 1, 1, 11, 11);
        if (same) {
            rect_contour(&o, 4, 4, 8, 8);
        } else { /* the other way round */
            pen_move(&o, 4, 4);
            pen_line(&o, 4, 8);
            pen_line(&o, 8, 8);
            pen_line(&o, 8, 4);
            pen_close(&o);
        }
        CHECK_INT(raster_fill(&o, 1, 8, m, W, 0, 0, W, H, NULL), MEIRO_OK);
        pen_free(&o);
        CHECK_INT(m[6 * W + 6], same);
        CHECK_INT(inside(m, W * H), same ? 100 : 84);
    }
}

/* The round pen: a horizontal segment stroked 3 cells wide is a band 3
 * cells tall reaching 1.5 cells past its ends; a dot stroked 8 wide is a
 * disc (50 cells, where a square pen's 64); and a Bézier is flattened
 * close to its curve (a quadratic's peak at half its control point's
 * height). */
static void test_pen_and_curves(void)
{
    enum { W = 30, H = 12 };
    uint8_t m[W * H] = {0};
    pen_path o;
    pen_init(&o, NULL, 3);
    pen_move(&o, 5.5, 6.5);
    pen_line(&o, 24.5, 6.5);
    pen_close(&o);
    CHECK_INT(raster_fill(&o, 1, 8, m, W, 0, 0, W, H, NULL), MEIRO_OK);
    pen_free(&o);
    size_t column = 0;
    for (int y = 0; y < H; y++) column += m[y * W + 15];
    CHECK_INT(column, 3);
    CHECK(m[6 * W + 4] && !m[6 * W + 3] && m[6 * W + 25] && !m[6 * W + 26]);

    memset(m, 0, sizeof m);
    pen_init(&o, NULL, 8);
    pen_move(&o, 15, 6);
    pen_line(&o, 15.001, 6);
    pen_close(&o);
    CHECK_INT(raster_fill(&o, 1, 8, m, W, 0, 0, W, H, NULL), MEIRO_OK);
    pen_free(&o);
    CHECK_MSG(inside(m, W * H) >= 46 && inside(m, W * H) <= 54, "%zu cells", inside(m, W * H));

    memset(m, 0, sizeof m);
    pen_init(&o, NULL, 0);
    pen_move(&o, 0, 12);
    pen_quad(&o, 15, -12, 30, 12); /* peak at y = 0 */
    pen_close(&o);
    CHECK_INT(raster_fill(&o, 1, 8, m, W, 0, 0, W, H, NULL), MEIRO_OK);
    pen_free(&o);
    CHECK(m[0 * W + 15] && m[0 * W + 14] && !m[0 * W + 10]);
}

/* A mask drawn in part: only the cells asked for are set, others kept. */
static void test_window(void)
{
    enum { W = 16, H = 16 };
    uint8_t m[W * H];
    memset(m, 0, sizeof m);
    m[0] = 1;
    pen_path o;
    pen_init(&o, NULL, 0);
    rect_contour(&o, 0, 0, 16, 16);
    CHECK_INT(raster_fill(&o, 1, 4, m, W, 4, 2, 6, 5, NULL), MEIRO_OK);
    pen_free(&o);
    CHECK_INT(inside(m, W * H), 31);
    CHECK(m[0] && m[2 * W + 4] && m[6 * W + 9] && !m[7 * W + 9] && !m[2 * W + 10]);
}

/* The page's texts measured by the glyph layer and by pango (as draw_cairo.c sets
 * them: unhinted, in mm): the same advance to a millionth, the same ink
 * box to 0.01 mm (a bold asked of IPAexGothic, which has none, emboldened
 * as cairo does). */
static void test_measure_like_pango(void)
{
    static const char *const texts[] = {"Maze for Hana", "33 x 33, as in the Excel original",
                                        "Ōtani Shōhei's maze", "はなの めいろ",
                                        "ぼうけんの めいろ 迷路", "Sスタート", "AVATAR Toy Wally"};
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(s);
    verdict v = {0};
    for (int bold = 0; bold < 2; bold++) {
        glyph_fonts *f = glyph_fonts_new(NULL);
        CHECK(f && glyph_fonts_find(f, FONT_FAMILY, NULL, bold, NULL) == MEIRO_OK);
        for (size_t i = 0; f && i < TEST_COUNT(texts); i++) {
            PangoLayout *l = text_layout(cr, texts[i], FONT_FAMILY, bold, 10);
            PangoRectangle ink, logical;
            pango_layout_get_extents(l, &ink, &logical);
            g_object_unref(l);
            glyph_extents e = {0};
            meiro_status st = glyph_measure(f, texts[i], NULL, 10, &e, NULL);
            double pw = (double)logical.width / PANGO_SCALE, iw = (double)ink.width / PANGO_SCALE;
            verdict_note(&v,
                         st == MEIRO_OK && fabs(e.advance - pw) < 1e-6 * pw &&
                             fabs(e.ink_x1 - e.ink_x0 - iw) < 0.01,
                         "%s%s: advance %.4f, pango %.4f; ink %.4f, pango %.4f", texts[i],
                         bold ? " (bold)" : "", e.advance, pw, e.ink_x1 - e.ink_x0, iw);
        }
        glyph_fonts_free(f);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    CHECK_ALL(v);
}

/* Reads a file whole; NULL if it cannot. */
static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *buf = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n)) != NULL &&
            fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        *size = n > 0 ? (size_t)n : 0;
    }
    fclose(f);
    return buf;
}

/* The browser's way: the font file's bytes handed over, no fontconfig: a
 * name measures and masks as with the fonts fontconfig finds (the same
 * file), and a letter the font has not got is refused with its name. */
static void test_fonts_as_bytes(void)
{
    static const char *const paths[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"};
    size_t size = 0;
    unsigned char *data = slurp(paths[0], &size);
    if (!data) {
        test_skip("%s is missing (fonts-dejavu-core)", paths[0]);
        return;
    }
    glyph_fonts *given = glyph_fonts_new(NULL);
    CHECK_INT(glyph_fonts_add(given, data, size, 0, NULL), MEIRO_OK);
    free(data); /* copied */
    glyph_fonts *found = glyph_fonts_new(NULL);
    CHECK_INT(glyph_fonts_find(found, TEXT_FONT, "en", false, NULL), MEIRO_OK);
    static const char *const names[] = {"Hana", "O'Brien", "Zoë", "Jean-Luc"};
    for (size_t i = 0; i < TEST_COUNT(names); i++) {
        glyph_extents a, b;
        CHECK_INT(glyph_measure(given, names[i], NULL, 10, &a, NULL), MEIRO_OK);
        CHECK_INT(glyph_measure(found, names[i], NULL, 10, &b, NULL), MEIRO_OK);
        CHECK_MSG(a.advance == b.advance && a.ink_top == b.ink_top, "%s: %.4f against %.4f",
                  names[i], a.advance, b.advance);
        uint8_t *ma = NULL, *mb = NULL;
        meiro_text_info ia, ib;
        CHECK_INT(glyph_text_mask(given, names[i], NULL, 0, TEXT_FACE_REGULAR, &ma, &ia, NULL),
                  MEIRO_OK);
        CHECK_INT(glyph_text_mask(NULL, names[i], NULL, 0, TEXT_FACE_REGULAR, &mb, &ib, NULL),
                  MEIRO_OK);
        CHECK_MSG(ma && mb && ia.width == ib.width && ia.height == ib.height &&
                      memcmp(ma, mb, (size_t)ia.width * ia.height) == 0,
                  "%s: the masks differ", names[i]);
        free(ma);
        free(mb);
    }
    meiro_error err = {0};
    uint8_t *m = NULL;
    CHECK_INT(glyph_text_mask(given, "はな", "ja", 0, TEXT_FACE_REGULAR, &m, NULL, &err),
              MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "no installed font has the letter 'は'"), "%s", err.message);
    CHECK(m == NULL);
    glyph_fonts_free(given);
    glyph_fonts_free(found);
}

/* Bytes that are no font: refused when a letter needs them, not before. */
static void test_not_a_font(void)
{
    glyph_fonts *f = glyph_fonts_new(NULL);
    static const unsigned char junk[] = "not a font at all";
    CHECK_INT(glyph_fonts_add(f, junk, sizeof junk, 0, NULL), MEIRO_OK);
    meiro_error err = {0};
    glyph_extents e;
    CHECK_INT(glyph_measure(f, "A", NULL, 10, &e, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "no installed font has the letter 'A'"), "%s", err.message);
    glyph_fonts_free(f);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"square", test_square},
        {"disc", test_disc},
        {"winding", test_winding},
        {"pen_and_curves", test_pen_and_curves},
        {"window", test_window},
        {"measure_like_pango", test_measure_like_pango},
        {"fonts_as_bytes", test_fonts_as_bytes},
        {"not_a_font", test_not_a_font},
    };
    return test_main("glyph", argc, argv, cases, TEST_COUNT(cases));
}
