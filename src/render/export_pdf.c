/* PDF export: vector pages of exactly the paper size, fonts embedded by
 * cairo, metadata naming the maze (or the booklet) and its seed, a fixed
 * creation date. With --answer-page (or a template's answers) the answer
 * follows the puzzle. Booklets write their documents through doc_write_pdf. */
#include "page/layout.h"
#include "render/document.h"
#include "render/draw.h"
#include "render/export.h"

#include <cairo-pdf.h>

meiro_status doc_write_pdf(const document *d, FILE *out, meiro_error *err)
{
    /* the page's title, or "Mazes" in the page's language */
    const char *title = d->style.title ? d->style.title : d->style.labels->default_title;
    char date[32];
    meiro_status s = page_timestamp_iso(date, sizeof date, err);
    if (s != MEIRO_OK) return s;
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    stream_sink sink = {out, 0};
    cairo_surface_t *surface =
        cairo_pdf_surface_create_for_stream(cairo_write_stream, &sink, pw * PT_PER_MM, ph * PT_PER_MM);
    char subject[200];
    if (d->count == 1) page_footer(d->items[0].maze, subject, sizeof subject);
    else if (d->has_seed) snprintf(subject, sizeof subject, "meiro %s · %zu mazes · seed %llu", MEIRO_VERSION, d->count, (unsigned long long)d->seed);
    else snprintf(subject, sizeof subject, "meiro %s · %zu mazes", MEIRO_VERSION, d->count);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, "meiro");
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    for (size_t p = 0; p < d->page_count && s == MEIRO_OK; p++) {
        page_layout L;
        if (d->style.crop && (s = doc_first_maze(d, p, &L, err)) == MEIRO_OK) {
            /* --crop: a page the size of the maze and its border, for
             * placing in layout software */
            cairo_pdf_surface_set_size(surface, L.crop_w * PT_PER_MM, L.crop_h * PT_PER_MM);
            cairo_save(cr);
            cairo_translate(cr, -L.crop_x, -L.crop_y);
            s = doc_draw_page(d, p, cr, true, 0, LAYER_ALL, err);
            cairo_restore(cr);
        } else if (s == MEIRO_OK) {
            s = doc_draw_page(d, p, cr, false, 0, LAYER_ALL, err);
        }
        cairo_show_page(cr);
        if (d->progress)
            d->progress(d->progress_ctx, d->done_before + (unsigned)((p + 1) * d->share / d->page_count), d->total);
    }
    meiro_status done = cairo_result(surface, cr, &sink, err);
    return s != MEIRO_OK ? s : done;
}

meiro_status export_pdf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir; /* no scratch files */
    doc_item item = {m, path};
    document d;
    meiro_status s = doc_init(&d, &item, 1, opt, -1, err);
    if (s != MEIRO_OK) return s;
    s = doc_write_pdf(&d, out, err);
    doc_free(&d);
    return s;
}
