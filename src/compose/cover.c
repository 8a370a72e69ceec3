/* The full-wrap cover of a printed book composed (cover.h): back, spine
 * and front on one page with bleed on every side; the title on the front
 * over a maze, on the spine where the service allows text there; the
 * barcode's corner of the back left clear. A book read from the right
 * (Arabic) has its front left of the spine, its back right of it, as KDP
 * lays them out. */
#include "compose/cover.h"

#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "page/layout.h"
#include "page/scene_json.h"
#include "compose/draw.h"
#include "compose/line_breaks.h"
#include "compose/measure.h"
#include "glyph/font.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MM_PER_IN 25.4
/* text and art keep 0.25 in inside the trim (KDP's cover safe area) */
#define SAFE_MM (0.25 * MM_PER_IN)
/* the spine's text keeps 0.0625 in from each fold */
#define SPINE_SAFE_MM (0.0625 * MM_PER_IN)

/* The largest size up to `size` at which `text` is at most `width` wide. */
static double fit_size(canvas *cv, const char *text, bool bold, double size, double width)
{
    for (; size > 2; size *= 0.92)
        if (measured_width(cv, text, FONT_FAMILY, bold, size) <= width) break;
    return size;
}

/* A rectangle filled in colour (the background, the maze's panel). */
static void fill_rect(scene *s, double x, double y, double w, double h, scene_rgb colour)
{
    scene_paint paint = scene_fill(colour);
    scene_path(s, ROLE_PAGE, &paint);
    scene_move(s, x, y);
    scene_line(s, x + w, y);
    scene_line(s, x + w, y + h);
    scene_line(s, x, y + h);
    scene_close(s);
    scene_end(s);
}

/* ---- The spine ---- */

/* A line of the spine, read top to bottom (turned a quarter turn
 * clockwise): its ink centred on `at` (mm along the spine from its middle),
 * or its logical box from the head (align -1) or to the foot (1). */
static void spine_line(canvas *cv, const cover_plan *c, const char *text, double size, double at,
                       int align)
{
    text_set set;
    text_set_out(cv, text, FONT_FAMILY, true, size, 0, false, &set);
    if (set.lines == 0) return; /* not measured: the canvas says why */
    double ox = c->bleed + c->trim_w + c->spine / 2, oy = c->bleed + (c->h - 2 * c->bleed) / 2;
    /* the layout's corner along the spine (u) and across it (v) from its
     * middle; a quarter turn takes (u, v) to (-v, u) on the page */
    double u = at - align * set.width / 2 - (set.ink[0] + set.ink[2] / 2);
    double v = -(set.ink[1] + set.ink[3] / 2);
    const double *ink = set.ink;
    scene_text t = {.text = text,
                    .font = FONT_FAMILY,
                    .bold = true,
                    .size = size,
                    .x = ox - v,
                    .y = oy + u,
                    .angle = TAU / 4,
                    .colour = cv->colour,
                    .box = {ox - v - ink[1] - ink[3], oy + u + ink[0], ink[3], ink[2]}};
    scene_add_text(cv->scene, ROLE_TEXT, &t);
}

/* The width of `text` in bold at `size` (mm). */
static double text_width(canvas *cv, const char *text, double size)
{
    return measured_width(cv, text, FONT_FAMILY, true, size);
}

/* The spine: the volume at its head, the author at its foot, the title
 * between them; and only where letters 1 mm high fit between the spine's
 * margins (IngramSpark allows text from 48 pages, on a spine too thin for
 * it). Returns whether the volume is on it. */
static bool draw_spine(canvas *cv, const cover_plan *c, const char *volume)
{
    double room = c->spine - 2 * SPINE_SAFE_MM, length = c->h - 2 * c->bleed - 4 * SAFE_MM;
    if (!c->spine_text || room / 1.3 < 1) return false;
    double size = fmin(room / 1.3, 10), gap = 2 * size;
    double head = volume[0] ? text_width(cv, volume, size) + gap : 0;
    double foot = c->author ? fmin(text_width(cv, c->author, size), length / 3) + gap : 0;
    double tsize = fit_size(cv, c->title, true, size, length - 2 * fmax(head, foot));
    if (volume[0]) spine_line(cv, c, volume, size, -length / 2, -1);
    if (c->author)
        spine_line(cv, c, c->author, fit_size(cv, c->author, true, size, length / 3), length / 2,
                   1);
    spine_line(cv, c, c->title, tsize, 0, 0);
    return true;
}

/* ---- The back's words ----
 *
 * Set as pango sets a paragraph (the PDF's before the composer made it):
 * lines as wide as the back's safe area, broken after spaces, after a
 * hyphen between letters and between CJK characters (kinsoku kept),
 * inside a word wider than the line between its letters; each paragraph
 * from the side its script starts from; 0.3 x the size between lines.
 * Each line is a run of its own. */

/* Bytes no line of the back holds (a line 8 in wide at 9 pt of letters a
 * millimetre wide is some 200 of them, of at most 4 bytes each): a longer
 * piece is not measured, so that a word of 100,000 letters is broken in
 * time linear in its length. */
enum { BACK_LINE_MAX = 4096 };

typedef struct back {
    canvas *cv;
    double size, width, x, y;
    bool draw;     /* false: measured only */
    double height; /* of the lines so far, with the spacing between them */
    size_t lines;
    char *buf;    /* a line (the whole text's length, and a hyphen) */
    size_t *ends; /* the ends of a too long word's clusters (BACK_LINE_MAX + 1) */
} back;

/* Whether cp is set as a word of its own: a CJK ideograph, kana, a
 * fullwidth form (lines may break between them). */
static bool cjk(uint32_t cp)
{
    return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
           (cp >= 0xFF00 && cp <= 0xFFEF) || (cp >= 0x20000 && cp <= 0x3FFFF);
}

/* Whether a line may end between `before` (after `first`) and `after`. */
static bool back_break(uint32_t first, uint32_t before, uint32_t after)
{
    if (line_space(after) || glyph_is_mark(after)) return false;
    if (line_space(before)) return true;
    if ((before == '-' || before == 0x2010) && first && !line_space(first))
        return !(after >= '0' && after <= '9');
    return (cjk(before) || cjk(after)) && line_break_between(before, after);
}

/* Bytes [a, b) of text into bk's buffer, the spaces that end it left out,
 * and a hyphen after it when asked. */
static const char *back_copy(back *bk, const char *text, size_t a, size_t b, bool hyphen)
{
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t')) b--;
    memcpy(bk->buf, text + a, b - a);
    strcpy(bk->buf + (b - a), hyphen ? "\xE2\x80\x90" : "");
    return bk->buf;
}

static bool back_fits(back *bk, const char *text, size_t a, size_t b, bool hyphen)
{
    if (b - a > BACK_LINE_MAX) return false;
    const char *line = back_copy(bk, text, a, b, hyphen);
    return measured_width(bk->cv, line, FONT_FAMILY, false, bk->size) <= bk->width;
}

/* Whether a line that ends at k inside a word ends with a hyphen, as pango
 * adds one: not after a hyphen, nor between CJK characters. */
static bool back_hyphen(const char *text, size_t k)
{
    size_t b = k;
    while (b > 0 && ((unsigned char)text[--b] & 0xC0) == 0x80) continue;
    const char *p = text + b, *q = text + k;
    uint32_t before = glyph_next_code_point(&p), after = glyph_next_code_point(&q);
    return before != '-' && before != 0x2010 && !cjk(before) && !cjk(after);
}

/* Bytes [a, b) of text as the next line (a hyphen after it when asked),
 * its height added; drawn (from the right in a right-to-left paragraph)
 * when bk draws. An empty line (an empty paragraph) is as high as a
 * space's. */
static void back_line(back *bk, const char *text, size_t a, size_t b, bool hyphen, bool rtl)
{
    const char *line = back_copy(bk, text, a, b, hyphen);
    text_set set;
    text_set_out(bk->cv, line[0] ? line : " ", FONT_FAMILY, false, bk->size, 0, false, &set);
    if (bk->lines++) bk->height += 0.3 * bk->size;
    if (bk->draw && line[0])
        draw_text(bk->cv, ROLE_TEXT, line, FONT_FAMILY, rtl ? bk->x + bk->width : bk->x,
                  bk->y + bk->height + set.baseline, bk->size, false, rtl ? 1 : -1);
    bk->height += set.height;
}

/* Where a word [a, b) wider than the line is cut: the end of the longest
 * run of its clusters from a that fits on a line with its hyphen (*hyphen:
 * whether it takes one); its first cluster's when none does. Found by
 * strides doubling from the start, then by halves, among the clusters'
 * ends (bk->ends, gathered as far as asked): the pieces measured are a
 * few lines long at most, however long the word. */
static size_t back_cut(back *bk, const char *text, size_t a, size_t b, bool *hyphen)
{
    size_t k = (size_t)(glyph_cluster_end(text + a) - text), n = 0;
    if (k > b) k = b;
    bk->ends[n++] = k;     /* the first cluster, on the line however wide */
    size_t lo = 0, hi = 0; /* ends[lo] goes on the line, ends[hi + 1] does not */
    for (size_t step = 1;; step *= 2) {
        size_t i = lo + step;
        while (n <= i && k < b && k - a <= BACK_LINE_MAX) {
            size_t next = (size_t)(glyph_cluster_end(text + k) - text);
            bk->ends[n++] = k = next < b ? next : b;
        }
        if (i >= n) {
            hi = n - 1;
            break;
        }
        if (!back_fits(bk, text, a, bk->ends[i], back_hyphen(text, bk->ends[i]))) {
            hi = i - 1;
            break;
        }
        lo = i;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        if (back_fits(bk, text, a, bk->ends[mid], back_hyphen(text, bk->ends[mid]))) lo = mid;
        else hi = mid - 1;
    }
    *hyphen = bk->ends[lo] < b && back_hyphen(text, bk->ends[lo]);
    return bk->ends[lo];
}

/* A paragraph, bytes [0, len) of text, in lines. */
static void back_paragraph(back *bk, const char *text, size_t len)
{
    char *copy = bk->buf; /* its direction: its first letter that has one */
    memcpy(copy, text, len);
    copy[len] = 0;
    bool rtl = glyph_rtl(copy);
    size_t ls = 0, fit = 0, lines = bk->lines; /* the line so far: [ls, fit) fits */
    uint32_t first = 0, before = 0;
    for (const char *q = text;;) {
        size_t k = (size_t)(q - text);
        uint32_t after = 0;
        if (k < len) {
            const char *r = q;
            after = glyph_next_code_point(&r);
            q = r;
        }
        bool end = k >= len;
        if (end || (k > 0 && back_break(first, before, after))) {
            while (measure_ok(bk->cv) && !back_fits(bk, text, ls, k, false)) {
                bool hyphen = false;
                if (fit == ls) fit = back_cut(bk, text, ls, k, &hyphen); /* a word too wide */
                back_line(bk, text, ls, fit, hyphen, rtl);
                for (ls = fit; ls < k && (text[ls] == ' ' || text[ls] == '\t');) ls++;
                fit = ls;
            }
            fit = k;
        }
        if (end) break;
        first = before;
        before = after;
    }
    if (ls < len || bk->lines == lines) back_line(bk, text, ls, len, false, rtl);
}

/* The back's text at size, its paragraphs (a newline, or CR LF, starts
 * one) in lines from (x, y); its height in bk->height. */
static void back_set(back *bk, const char *blurb)
{
    bk->height = 0;
    bk->lines = 0;
    for (const char *p = blurb;;) {
        size_t n = strcspn(p, "\r\n");
        back_paragraph(bk, p, n);
        if (!p[n]) break;
        p += n + (p[n] == '\r' && p[n + 1] == '\n' ? 2 : 1);
    }
}

/* The back's words (the back from back_x), from its top down to the
 * barcode's corner, in lines as wide as the back's safe area, as large as
 * fit (12 pt down to 9 pt). */
static meiro_status draw_blurb(canvas *cv, const cover_plan *c, double back_x, meiro_error *err)
{
    double trim_h = c->h - 2 * c->bleed;
    back bk = {.cv = cv,
               .width = c->trim_w - 2 * SAFE_MM,
               .x = back_x + SAFE_MM,
               .y = c->bleed + SAFE_MM + 6,
               .buf = alloc_array(strlen(c->blurb) + 4, 1), /* and a hyphen */
               .ends = alloc_array(BACK_LINE_MAX + 1, sizeof(size_t))};
    meiro_status s = MEIRO_OK;
    if (!bk.buf || !bk.ends)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory setting the back's text");
    /* the barcode: 2 x 1.2 in, 0.25 in from the bottom, and a line clear of it */
    double room = c->bleed + trim_h - SAFE_MM - 1.2 * MM_PER_IN - 6 - bk.y;
    for (bk.size = 4.2; s == MEIRO_OK && measure_ok(cv); bk.size -= 0.2) {
        back_set(&bk, c->blurb);
        if (bk.height <= room) {
            bk.draw = true;
            back_set(&bk, c->blurb);
            break;
        }
        if (bk.size < 3.2 + 1e-9) {
            s = fail(err, MEIRO_ERROR_ARGUMENT,
                     "the back's text is too long: %.0f mm of lines at 9 pt, and the back has "
                     "%.0f mm above the barcode",
                     bk.height, room);
            break;
        }
    }
    free(bk.buf);
    free(bk.ends);
    return s;
}

/* ---- The cover ---- */

meiro_status cover_compose(const cover_plan *c, canvas *cv, meiro_error *err)
{
    meiro_status s = MEIRO_OK;
    double back_x = c->bleed, front_x = c->bleed + c->trim_w + c->spine, top = c->bleed;
    if (c->front_left) back_x = front_x, front_x = c->bleed;
    double trim_h = c->h - 2 * c->bleed, avail = c->trim_w - 2 * SAFE_MM;
    /* the colour out to the bleed's edge; the words white on a dark one */
    double ink = 0;
    if (c->coloured) {
        /* a millimetre past the sheet: a picture's last pixels, which the
         * sheet covers in part, in the colour too (as cairo_paint's) */
        fill_rect(cv->scene, -1, -1, c->w + 2, c->h + 2,
                  (scene_rgb){c->rgb[0], c->rgb[1], c->rgb[2]});
        ink = 0.3 * c->rgb[0] + 0.59 * c->rgb[1] + 0.11 * c->rgb[2] < 0.5 ? 1 : 0;
    }
    char volume[32] = "";
    if (c->volume) snprintf(volume, sizeof volume, "Vol. %u", c->volume);
    canvas_set_colour(cv, ink, ink, ink);
    bool on_spine = draw_spine(cv, c, volume);
    /* the front: the title in its upper part, a maze below it, the author
     * at its foot */
    double cx = front_x + c->trim_w / 2;
    double size = fit_size(cv, c->title, true, 14, avail), below = top + SAFE_MM + 0.16 * trim_h;
    draw_text(cv, ROLE_TITLE, c->title, FONT_FAMILY, cx, below, size, true, 0);
    /* the volume where the spine has no words, unless the subtitle says it */
    char said[48];
    snprintf(said, sizeof said, "Volume %u", c->volume);
    const char *sub = c->subtitle && c->subtitle[0] ? c->subtitle : NULL;
    bool front_volume = volume[0] && !on_spine && !(sub && strstr(sub, said));
    char line[400];
    if (front_volume)
        snprintf(line, sizeof line, "%s%s%s", sub ? sub : "", sub ? " · " : "", volume);
    if (front_volume || sub) {
        const char *text = front_volume ? line : sub;
        double small = fit_size(cv, text, false, 6, avail);
        draw_text(cv, ROLE_SUBTITLE, text, FONT_FAMILY, cx, below + 2.2 * small, small, false, 0);
    }
    double foot = 0;
    if (c->author) {
        double asize = fit_size(cv, c->author, false, 6, avail);
        draw_text(cv, ROLE_TEXT, c->author, FONT_FAMILY, cx, top + trim_h - SAFE_MM - 2, asize,
                  false, 0);
        foot = 2.6 * asize;
    }
    if (c->maze) {
        box area = {front_x + SAFE_MM, top + 0.3 * trim_h, avail, 0.62 * trim_h - SAFE_MM - foot};
        page_layout L = {0};
        double mw, mh;
        maze_cells(c->maze, &mw, &mh);
        s = layout_in_slot(mw, mh, maze_door_sides(c->maze), area, false, 0, 0, 0, &L, err);
        if (s == MEIRO_OK) {
            L.line = fmax(L.line, c->line_min);
            L.path_width = fmax(L.path_width, c->line_min);
            if (c->coloured) { /* black walls on a white panel, its doors' arrows in it */
                double pad = L.arrow + L.arrow_from + 3;
                fill_rect(cv->scene, L.maze_x - pad, L.maze_y - pad, L.maze_w + 2 * pad,
                          L.maze_h + 2 * pad, (scene_rgb){1, 1, 1});
            }
            maze_marks marks = {"S", "G", FONT_FAMILY, NULL, NULL, false, false};
            draw_maze(cv, c->maze, NULL, &L, &marks, 0, LAYER_ALL);
        }
    }
    /* the back: its words above the barcode's corner (2 x 1.2 in, 0.25 in
     * in from the spine and the bottom), which is left clear */
    canvas_set_colour(cv, ink, ink, ink);
    if (s == MEIRO_OK && c->blurb) s = draw_blurb(cv, c, back_x, err);
    return s != MEIRO_OK ? s : canvas_status(cv, err);
}

meiro_status cover_write_page(const cover_plan *c, FILE *out, meiro_error *err)
{
    const meiro_maze *m = c->maze;
    scene_json *w = scene_json_begin(out, m && m->has_seed, m ? m->seed : 0);
    if (!w) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    scene_json_title(w, c->title); /* the PDF's, as draw/cover.c's */
    scene sc;
    scene_init(&sc, c->w, c->h, NULL);
    scene_json_page(w, &sc);
    canvas cv;
    canvas_init(&cv, &sc);
    meiro_status s = cover_compose(c, &cv, err);
    scene_json_page_end(w);
    canvas_free(&cv);
    scene_free(&sc);
    meiro_status written = scene_json_end(w, s == MEIRO_OK ? err : NULL);
    return s != MEIRO_OK ? s : written;
}
