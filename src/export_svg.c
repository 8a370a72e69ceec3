/* SVG export: one vector page, its width and height in millimetres with a
 * viewBox, for browsers and Inkscape. */
#include "export_cairo.h"

#include <cairo-svg.h>

meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, meiro_error *err)
{
    page_layout L;
    meiro_status s = layout_page(m->w, m->h, opt, &L, err);
    if (s != MEIRO_OK) return s;
    /* With the document unit set, cairo writes the surface size as given
     * followed by "mm": so the surface is sized, and drawn, in millimetres,
     * and the viewBox is the page in millimetres too. */
    cairo_surface_t *surface =
        cairo_svg_surface_create_for_stream(cairo_write_stream, out, L.page_w, L.page_h);
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1); /* white paper, also in dark viewers */
    cairo_paint(cr);
    draw_page(cr, m, path, &L, opt->title, true, 0);
    return cairo_result(surface, cr, err);
}
