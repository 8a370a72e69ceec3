/* The full-wrap cover of a printed book: back, spine and front on one PDF
 * page with bleed on every side; the title on the front over a maze, on the
 * spine where the service allows text there; the barcode's corner of the
 * back left clear. */
#include "core/error.h"
#include "page/layout.h"
#include "render/draw.h"
#include "render/export.h"

#include <cairo-pdf.h>
#include <math.h>

#define MM_PER_IN 25.4
/* text and art keep 0.25 in inside the trim (KDP's cover safe area) */
#define SAFE_MM (0.25 * MM_PER_IN)
/* the spine's text keeps 0.0625 in from each fold */
#define SPINE_SAFE_MM (0.0625 * MM_PER_IN)

/* The largest size up to `size` at which `text` is at most `width` wide. */
static double fit_size(cairo_t *cr, const char *text, bool bold, double size, double width)
{
    for (; size > 2; size *= 0.92) {
        PangoLayout *l = text_layout(cr, text, FONT_FAMILY, bold, size);
        if (!l) return size;
        PangoRectangle ink, logical;
        pango_layout_get_extents(l, &ink, &logical);
        g_object_unref(l);
        if ((double)logical.width / PANGO_SCALE <= width) break;
    }
    return size;
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
    double front_x = c->bleed + c->trim_w + c->spine, top = c->bleed;
    double trim_h = c->h - 2 * c->bleed, avail = c->trim_w - 2 * SAFE_MM;
    /* the front: the title in its upper part, a maze below it */
    cairo_set_source_rgb(cr, 0, 0, 0);
    double cx = front_x + c->trim_w / 2;
    double size = fit_size(cr, c->title, true, 14, avail);
    draw_text(cr, c->title, FONT_FAMILY, cx, top + SAFE_MM + 0.16 * trim_h, size, true, 0);
    if (c->subtitle && c->subtitle[0]) {
        double sub = fit_size(cr, c->subtitle, false, 6, avail);
        draw_text(cr, c->subtitle, FONT_FAMILY, cx, top + SAFE_MM + 0.16 * trim_h + 2.2 * sub, sub,
                  false, 0);
    }
    meiro_status s = MEIRO_OK;
    if (c->maze) {
        box area = {front_x + SAFE_MM, top + 0.3 * trim_h, avail, 0.62 * trim_h - SAFE_MM};
        page_layout L = {0};
        double mw, mh;
        maze_cells(c->maze, &mw, &mh);
        s = layout_in_slot(mw, mh, maze_door_sides(c->maze), area, false, 0, 0, 0, &L, err);
        if (s == MEIRO_OK) {
            L.line = fmax(L.line, c->line_min);
            L.path_width = fmax(L.path_width, c->line_min);
            maze_marks marks = {"S", "G", FONT_FAMILY, NULL, NULL, false};
            draw_maze(cr, c->maze, NULL, &L, &marks, 0, LAYER_ALL);
        }
    }
    /* the spine: the title read top to bottom, as English books have it */
    double room = c->spine - 2 * SPINE_SAFE_MM;
    /* and only where letters 1 mm high fit between the spine's margins
     * (IngramSpark allows text from 48 pages, on a spine too thin for it) */
    if (s == MEIRO_OK && c->spine_text && room / 1.3 >= 1) {
        double ssize = fmin(room / 1.3, fit_size(cr, c->title, true, 10, trim_h - 4 * SAFE_MM));
        cairo_save(cr);
        cairo_translate(cr, c->bleed + c->trim_w + c->spine / 2, top + trim_h / 2);
        cairo_rotate(cr, acos(0.0)); /* a quarter turn */
        PangoLayout *l = text_layout(cr, c->title, FONT_FAMILY, true, ssize);
        if (l) {
            place_layout(cr, l, 0, 0, false);
            pango_cairo_show_layout(cr, l);
            g_object_unref(l);
        }
        cairo_restore(cr);
    }
    /* the back is left blank: its lower right corner (2 x 1.2 in, 0.25 in
     * in from the spine and the bottom) takes the service's barcode */
    cairo_show_page(cr);
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return s != MEIRO_OK ? s : done;
}
