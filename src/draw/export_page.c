/* The way back from `-f page` (compose/page_write.c): a description read
 * and drawn as a PDF on cairo (meiro_page_draw). */
#define _POSIX_C_SOURCE 200809L
#include "core/error.h"
#include "io/io.h"
#include "page/scene_json.h"
#include "draw/draw_cairo.h"
#include "draw/export.h"
#include "draw/scene_cairo.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <string.h>

/* The pages of a description as a PDF, each its own size. */
static meiro_status write_book_pdf(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    (void)temp_dir;
    const scene_book *book = ctx;
    char date[32];
    meiro_status s = page_timestamp_iso(date, sizeof date, err);
    if (s != MEIRO_OK) return s;
    stream_sink sink = {out, 0};
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(
        sink_write, &sink, book->pages[0].page_w * PT_PER_MM, book->pages[0].page_h * PT_PER_MM);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    if (book->title) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, book->title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date);
    cairo_t *cr = cairo_create(surface);
    for (size_t p = 0; p < book->count; p++) {
        scene *sc = &book->pages[p];
        cairo_pdf_surface_set_size(surface, sc->page_w * PT_PER_MM, sc->page_h * PT_PER_MM);
        cairo_save(cr);
        cairo_scale(cr, PT_PER_MM, PT_PER_MM);
        scene_cairo_draw(cr, sc, 0, sc->count);
        cairo_restore(cr);
        cairo_show_page(cr);
    }
    return draw_finish(surface, cr, &sink, err);
}

meiro_status render_page_draw(const char *page, const char *filename, meiro_error *err)
{
    bool stdin_ = !page || strcmp(page, "-") == 0;
    FILE *in = stdin_ ? stdin : fopen(page, "rb");
    if (!in) return fail(err, MEIRO_ERROR_IO, "%s: %s", page, strerror(errno));
    scene_book book;
    meiro_status s = scene_json_read(in, stdin_ ? "-" : page, &book, err);
    if (!stdin_) fclose(in);
    if (s != MEIRO_OK) return s;
    if (filename && strcmp(filename, "-") != 0) {
        s = save_atomically(filename, write_book_pdf, &book, err);
    } else {
        s = write_book_pdf(&book, stdout, NULL, err);
        if (s == MEIRO_OK && fflush(stdout) != 0) s = fail_write(err);
    }
    scene_book_free(&book);
    return s;
}
