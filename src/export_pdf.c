/* PDF export: vector pages of exactly the paper size, fonts embedded by
 * cairo, metadata naming the maze and its seed, a fixed creation date. With
 * --answer-page the puzzle comes first and the solved maze second. */
#define _POSIX_C_SOURCE 200809L
#include "export_cairo.h"

#include <cairo-pdf.h>

meiro_status export_pdf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, meiro_error *err)
{
    page_layout L;
    meiro_status s = layout_page(m->w, m->h, opt, &L, err);
    if (s != MEIRO_OK) return s;
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(
        cairo_write_stream, out, L.page_w * PT_PER_MM, L.page_h * PT_PER_MM);
    char subject[160], date[32];
    export_footer(m, subject, sizeof subject);
    time_t t = export_timestamp();
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    const char *title = opt->title && opt->title[0] ? opt->title : "Maze";
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, "meiro");
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    draw_page(cr, m, opt->answer_page ? NULL : path, &L, opt->title, true, 0);
    cairo_show_page(cr);
    if (opt->answer_page) {
        draw_page(cr, m, path, &L, opt->title, true, 0);
        cairo_show_page(cr);
    }
    return cairo_result(surface, cr, err);
}
