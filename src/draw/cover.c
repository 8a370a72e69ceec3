/* The full-wrap cover of a printed book: back, spine and front on one PDF
 * page with bleed on every side; the title on the front over a maze, on the
 * spine where the service allows text there; the barcode's corner of the
 * back left clear. A book read from the right (Arabic) has its front left
 * of the spine, its back right of it, as KDP lays them out. */
#include "core/error.h"
#include "page/layout.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "draw/export.h"
#include "compose/measure.h"
#include "draw/scene_cairo.h"

#include <cairo-pdf.h>
#include <math.h>
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

/* A line of the spine, read top to bottom: centred on `at` (mm along the
 * spine from its middle), or from the head (align -1) or to the foot (1). */
static void spine_line(cairo_t *cr, const cover_plan *c, const char *text, double size, double at,
                       int align)
{
    cairo_save(cr);
    cairo_translate(cr, c->bleed + c->trim_w + c->spine / 2, c->bleed + (c->h - 2 * c->bleed) / 2);
    cairo_rotate(cr, acos(0.0)); /* a quarter turn */
    PangoLayout *l = text_layout(cr, text, FONT_FAMILY, true, size);
    if (l) {
        PangoRectangle ink, logical;
        pango_layout_get_extents(l, &ink, &logical);
        double half = (double)logical.width / PANGO_SCALE / 2;
        place_layout(cr, l, at - align * half, 0, false);
        pango_cairo_show_layout(cr, l);
        g_object_unref(l);
    }
    cairo_restore(cr);
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
static bool draw_spine(cairo_t *cr, canvas *cv, const cover_plan *c, const char *volume)
{
    double room = c->spine - 2 * SPINE_SAFE_MM, length = c->h - 2 * c->bleed - 4 * SAFE_MM;
    if (!c->spine_text || room / 1.3 < 1) return false;
    double size = fmin(room / 1.3, 10), gap = 2 * size;
    double head = volume[0] ? text_width(cv, volume, size) + gap : 0;
    double foot = c->author ? fmin(text_width(cv, c->author, size), length / 3) + gap : 0;
    double tsize = fit_size(cv, c->title, true, size, length - 2 * fmax(head, foot));
    if (volume[0]) spine_line(cr, c, volume, size, -length / 2, -1);
    if (c->author)
        spine_line(cr, c, c->author, fit_size(cv, c->author, true, size, length / 3), length / 2, 1);
    spine_line(cr, c, c->title, tsize, 0, 0);
    return true;
}

/* The back's words (the back from back_x), from its top down to the
 * barcode's corner, in lines as wide as the back's safe area, as large as
 * fit (12 pt down to 9 pt). */
static meiro_status draw_blurb(cairo_t *cr, const cover_plan *c, double back_x, meiro_error *err)
{
    double trim_h = c->h - 2 * c->bleed, x = back_x + SAFE_MM, y = c->bleed + SAFE_MM + 6;
    double width = c->trim_w - 2 * SAFE_MM;
    /* the barcode: 2 x 1.2 in, 0.25 in from the bottom, and a line clear of it */
    double room = c->bleed + trim_h - SAFE_MM - 1.2 * MM_PER_IN - 6 - y;
    for (double size = 4.2;; size -= 0.2) {
        PangoLayout *l = text_layout(cr, c->blurb, FONT_FAMILY, false, size);
        if (!l) return fail(err, MEIRO_ERROR_NOMEM, "out of memory setting the back's text");
        pango_layout_set_width(l, (int)(width * PANGO_SCALE));
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_spacing(l, (int)(0.3 * size * PANGO_SCALE));
        PangoRectangle ink, logical;
        pango_layout_get_extents(l, &ink, &logical);
        double height = (double)logical.height / PANGO_SCALE;
        if (height <= room) {
            cairo_move_to(cr, x, y);
            pango_cairo_show_layout(cr, l);
            g_object_unref(l);
            return MEIRO_OK;
        }
        g_object_unref(l);
        if (size < 3.2 + 1e-9)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "the back's text is too long: %.0f mm of lines at 9 pt, and the back "
                        "has %.0f mm above the barcode",
                        height, room);
    }
}

meiro_status cover_write(const cover_plan *c, FILE *out, meiro_error *err)
{
    stream_sink sink = {out, 0};
    cairo_surface_t *surface =
        cairo_pdf_surface_create_for_stream(sink_write, &sink, c->w * PT_PER_MM, c->h * PT_PER_MM);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, c->title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    scene sc; /* the texts and the maze, drawn onto cr as they come */
    canvas cv;
    canvas_on_cairo(&cv, &sc, cr);
    meiro_status s = MEIRO_OK;
    double back_x = c->bleed, front_x = c->bleed + c->trim_w + c->spine, top = c->bleed;
    if (c->front_left) back_x = front_x, front_x = c->bleed;
    double trim_h = c->h - 2 * c->bleed, avail = c->trim_w - 2 * SAFE_MM;
    /* the colour out to the bleed's edge; the words white on a dark one */
    double ink = 0;
    if (c->coloured) {
        cairo_set_source_rgb(cr, c->rgb[0], c->rgb[1], c->rgb[2]);
        cairo_paint(cr);
        ink = 0.3 * c->rgb[0] + 0.59 * c->rgb[1] + 0.11 * c->rgb[2] < 0.5 ? 1 : 0;
    }
    char volume[32] = "";
    if (c->volume) snprintf(volume, sizeof volume, "Vol. %u", c->volume);
    cairo_set_source_rgb(cr, ink, ink, ink);
    canvas_set_colour(&cv, ink, ink, ink);
    bool on_spine = draw_spine(cr, &cv, c, volume);
    /* the front: the title in its upper part, a maze below it, the author
     * at its foot */
    double cx = front_x + c->trim_w / 2;
    double size = fit_size(&cv, c->title, true, 14, avail), below = top + SAFE_MM + 0.16 * trim_h;
    draw_text(&cv, ROLE_TEXT, c->title, FONT_FAMILY, cx, below, size, true, 0);
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
        double small = fit_size(&cv, text, false, 6, avail);
        draw_text(&cv, ROLE_TEXT, text, FONT_FAMILY, cx, below + 2.2 * small, small, false, 0);
    }
    double foot = 0;
    if (c->author) {
        double asize = fit_size(&cv, c->author, false, 6, avail);
        draw_text(&cv, ROLE_TEXT, c->author, FONT_FAMILY, cx, top + trim_h - SAFE_MM - 2, asize,
                  false, 0);
        foot = 2.6 * asize;
    }
    if (s == MEIRO_OK && c->maze) {
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
                cairo_set_source_rgb(cr, 1, 1, 1);
                cairo_rectangle(cr, L.maze_x - pad, L.maze_y - pad, L.maze_w + 2 * pad,
                                L.maze_h + 2 * pad);
                cairo_fill(cr);
            }
            maze_marks marks = {"S", "G", FONT_FAMILY, NULL, NULL, false, false};
            draw_maze(&cv, c->maze, NULL, &L, &marks, 0, LAYER_ALL);
        }
    }
    /* the back: its words above the barcode's corner (2 x 1.2 in, 0.25 in
     * in from the spine and the bottom), which is left clear */
    cairo_set_source_rgb(cr, ink, ink, ink);
    if (s == MEIRO_OK && c->blurb) s = draw_blurb(cr, c, back_x, err);
    cairo_show_page(cr);
    if (s == MEIRO_OK) s = canvas_status(&cv, err);
    canvas_free(&cv);
    scene_free(&sc);
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return s != MEIRO_OK ? s : done;
}
