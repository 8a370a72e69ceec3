/* Rule mazes' pages drawn on cairo: the composer's pages
 * (compose/rule_page.h), each item drawn as it is made, as a PDF with the
 * sheets' title and rule in its metadata, or as the SVG of one page. */
#include "content/rule_model.h"
#include "core/error.h"
#include "compose/measure.h"
#include "compose/rule_page.h"
#include "draw/draw_cairo.h"
#include "draw/module.h"
#include "draw/scene_cairo.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <string.h>

/* j's pages onto cr, one after the other (each shown: a PDF's pages). */
static meiro_status draw_pages(const rule_job *j, cairo_t *cr, bool show, meiro_error *err)
{
    measure_cache *fonts = measure_cache_new(); /* matched once for every page */
    if (!fonts) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    meiro_status st = MEIRO_OK;
    for (size_t p = 0; st == MEIRO_OK && p < rule_page_count(j); p++) {
        scene sc; /* each item drawn onto cr as it comes */
        canvas cv;
        canvas_on_cairo(&cv, &sc, cr);
        measure_share(&cv, fonts);
        rule_compose_page(&cv, j, p);
        st = canvas_status(&cv, err);
        canvas_free(&cv);
        scene_free(&sc);
        if (show) cairo_show_page(cr);
    }
    measure_cache_free(fonts);
    return st;
}

static meiro_status write_pdf(const rule_job *j, FILE *out, meiro_error *err)
{
    char date[32];
    meiro_status st = page_timestamp_iso(date, sizeof date, err);
    if (st != MEIRO_OK) return st;
    fonts_prepare(FONT_FAMILY);
    stream_sink sink = {out, 0};
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(
        sink_write, &sink, j->page_w * PT_PER_MM, j->page_h * PT_PER_MM);
    const meiro_rule_sheet *first = j->sheets[0];
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, rule_title(first, j->title));
    /* (a message's rule is not the subject either: it is the answer) */
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT,
                                   first->rule.kind == RULE_MESSAGE ? "message" : first->rule.spec);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    meiro_status drawn = draw_pages(j, cr, true, err);
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return drawn != MEIRO_OK ? drawn : done;
}

/* SVG: the one page (a picture of the page for a screen: meiro serve's
 * preview), on white paper, also in dark viewers. */
static meiro_status write_svg(const rule_job *j, FILE *out, meiro_error *err)
{
    fonts_prepare(FONT_FAMILY);
    stream_sink sink = {out, 0};
    /* in millimetres: cairo writes the size given with "mm" */
    cairo_surface_t *surface =
        cairo_svg_surface_create_for_stream(sink_write, &sink, j->page_w, j->page_h);
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    meiro_status drawn = draw_pages(j, cr, false, err);
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return drawn != MEIRO_OK ? drawn : done;
}

meiro_status rule_write_page(const rule_job *j, FILE *out, meiro_error *err)
{
    return !strcmp(j->format, "svg") ? write_svg(j, out, err) : write_pdf(j, out, err);
}
