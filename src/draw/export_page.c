/* `-f page`: the pages of a document as their description (page/scene.h)
 * in JSON (page/scene_json.h, doc/page-format.md). The drawing code runs
 * as for a PDF (its measuring is pango's, so this format loads the drawing
 * module), its items going to the JSON writer instead of cairo. And the
 * way back: a description read and drawn as a PDF (meiro_page_draw). */
#define _POSIX_C_SOURCE 200809L
#include "core/error.h"
#include "core/model.h"
#include "io/io.h"
#include "page/layout.h"
#include "page/scene_json.h"
#include "draw/document.h"
#include "draw/draw.h"
#include "draw/draw_cairo.h"
#include "draw/export.h"
#include "draw/scene_cairo.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <string.h>

/* Page `index` of d into the writer. */
static meiro_status describe_page(const document *d, size_t index, scene_json *w,
                                  meiro_error *err)
{
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    scene sc;
    scene_init(&sc, pw, ph, NULL);
    scene_json_page(w, &sc);
    canvas cv; /* the whole page in view: nothing culled as outside a band */
    canvas_init(&cv, &sc);
    meiro_status s = doc_draw_page(d, index, &cv, false, 0, LAYER_ALL, err);
    scene_json_page_end(w);
    canvas_free(&cv);
    scene_free(&sc);
    return s;
}

meiro_status doc_write_scenes(const document *docs, size_t n, bool has_seed, uint64_t seed,
                              FILE *out, meiro_error *err)
{
    scene_json *w = scene_json_begin(out, has_seed, seed);
    if (!w) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    meiro_status s = MEIRO_OK;
    for (size_t k = 0; k < n; k++)
        for (size_t p = 0; p < docs[k].page_count && s == MEIRO_OK; p++)
            s = describe_page(&docs[k], p, w, err);
    meiro_status written = scene_json_end(w, s == MEIRO_OK ? err : NULL);
    return s != MEIRO_OK ? s : written;
}

meiro_status export_page(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err)
{
    (void)temp_dir;
    doc_item item = {m, path, 0};
    document d;
    meiro_status s = doc_init_writer(&d, &item, opt, err);
    if (s != MEIRO_OK) return s;
    s = doc_write_scenes(&d, 1, m->has_seed, m->seed, out, err);
    doc_free(&d);
    return s;
}

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
