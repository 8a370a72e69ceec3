/* PNG export: the page at --dpi (300 by default), or with --crop only the
 * maze and a small border; walls snapped to the pixel grid. */
#include "export_cairo.h"

#include <math.h>

meiro_status export_png(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, meiro_error *err)
{
    page_layout L;
    meiro_status s = layout_page(m->w, m->h, opt, &L, err);
    if (s != MEIRO_OK) return s;
    if (opt->dpi < 30 || opt->dpi > 2400)
        return meiro_fail(err, MEIRO_ERROR_ARGUMENT, "--dpi %u is out of range (30 to 2400)", opt->dpi);
    double ppm = opt->dpi / 25.4; /* pixels per mm */
    double x0 = opt->crop ? L.crop_x : 0, y0 = opt->crop ? L.crop_y : 0;
    double w = opt->crop ? L.crop_w : L.page_w, h = opt->crop ? L.crop_h : L.page_h;
    double pw = ceil(w * ppm), ph = ceil(h * ppm);
    if (pw > 32767 || ph > 32767)
        return meiro_fail(err, MEIRO_ERROR_ARGUMENT,
                          "a %.0f x %.0f pixel image is too large (32767 at most): lower --dpi", pw, ph);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)pw, (int)ph);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, ppm, ppm);
    /* shift by whole pixels, so the walls stay on the pixel grid */
    cairo_translate(cr, -floor(x0 * ppm) / ppm, -floor(y0 * ppm) / ppm);
    draw_page(cr, m, path, &L, opt->title, !opt->crop, ppm);
    cairo_status_t st = cairo_status(cr);
    if (st == CAIRO_STATUS_SUCCESS) {
        cairo_surface_flush(surface);
        st = cairo_surface_write_to_png_stream(surface, cairo_write_stream, out);
    }
    if (st != CAIRO_STATUS_SUCCESS) {
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        return st == CAIRO_STATUS_WRITE_ERROR ? meiro_fail(err, MEIRO_ERROR_IO, "write error")
                                              : meiro_fail(err, MEIRO_ERROR_NOMEM, "cannot draw the image: %s",
                                                           cairo_status_to_string(st));
    }
    return cairo_result(surface, cr, err);
}
