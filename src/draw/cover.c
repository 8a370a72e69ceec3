/* A printed book's cover as a PDF (export.h): the composer's cover
 * (compose/cover.c) drawn by the cairo sink as it is composed, with the
 * PDF's title and creator. */
#include "compose/cover.h"
#include "draw/draw_cairo.h"
#include "draw/export.h"
#include "draw/scene_cairo.h"

#include <cairo-pdf.h>

meiro_status cover_write(const cover_plan *c, FILE *out, meiro_error *err)
{
    stream_sink sink = {out, 0};
    cairo_surface_t *surface =
        cairo_pdf_surface_create_for_stream(sink_write, &sink, c->w * PT_PER_MM, c->h * PT_PER_MM);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, c->title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    scene sc; /* the cover's items, drawn onto cr as they come */
    canvas cv;
    canvas_on_cairo(&cv, &sc, cr);
    meiro_status s = cover_compose(c, &cv, err);
    cairo_show_page(cr);
    canvas_free(&cv);
    scene_free(&sc);
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return s != MEIRO_OK ? s : done;
}
