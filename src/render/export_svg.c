/* SVG export: one vector page (or with --crop only the maze and a small
 * border), its width and height in millimetres with a viewBox, for
 * browsers and Inkscape. */
#include "render/document.h"
#include "render/draw.h"
#include "render/export.h"

#include <cairo-svg.h>

meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir; /* no scratch files */
    doc_item item = {m, path};
    document d;
    meiro_status s = doc_init(&d, &item, 1, opt, -1, err);
    if (s != MEIRO_OK) return s;
    double pw, ph, x0 = 0, y0 = 0;
    doc_page_size(&d, &pw, &ph);
    page_layout L;
    if (d.style.crop && (s = doc_first_maze(&d, 0, &L, err)) == MEIRO_OK) {
        /* --crop: the maze and a small border, for layout software */
        x0 = L.crop_x;
        y0 = L.crop_y;
        pw = L.crop_w;
        ph = L.crop_h;
    }
    if (s != MEIRO_OK) {
        doc_free(&d);
        return s;
    }
    /* With the document unit set, cairo writes the surface size as given
     * followed by "mm": so the surface is sized, and drawn, in millimetres,
     * and the viewBox is the page in millimetres too. */
    stream_sink sink = {out, 0};
    cairo_surface_t *surface = cairo_svg_surface_create_for_stream(cairo_write_stream, &sink, pw, ph);
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1); /* white paper, also in dark viewers */
    cairo_paint(cr);
    cairo_translate(cr, -x0, -y0);
    s = doc_draw_page(&d, 0, cr, d.style.crop, 0, err);
    meiro_status done = cairo_result(surface, cr, &sink, err);
    doc_free(&d);
    return s != MEIRO_OK ? s : done;
}
