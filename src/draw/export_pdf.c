/* PDF export: vector pages of exactly the paper size, fonts embedded by
 * cairo, metadata naming the maze (or the booklet) and its seed, a fixed
 * creation date. With --answer-page (or a template's answers) the answer
 * follows the puzzle. Booklets write their documents through doc_write_pdf,
 * or imposed two pages a sheet for folding (doc_write_pdf_folded). With a
 * bleed the pages grow by it on every side (a print service's: on its edges)
 * and qpdf adds the TrimBox and BleedBox print shops read (cairo 1.16 cannot
 * write them). */
#define _POSIX_C_SOURCE 200809L
#include "core/error.h"
#include "core/grid.h"
#include "core/model.h"
#include "page/layout.h"
#include "compose/document.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "draw/scene_cairo.h"
#include "press/qpdf_lib.h"
#include "draw/export.h"
#include "draw/pdf_walls.h"
#include "press/qpdf_open.h"

#include <cairo-pdf.h>
#include <math.h>
#include <stdlib.h>

/* A PDF surface of w x h mm writing to the sink, with the document's
 * metadata: its title (or "Mazes" in the page's language), what it holds
 * and its seed, and fixed dates. */
static cairo_surface_t *pdf_surface(const document *d, double w, double h, stream_sink *sink,
                                    const char *date)
{
    const char *title = d->style.title ? d->style.title : d->style.labels->default_title;
    cairo_surface_t *surface =
        cairo_pdf_surface_create_for_stream(sink_write, sink, w * PT_PER_MM, h * PT_PER_MM);
    char subject[200];
    if (d->count == 1) page_footer(d->items[0].maze, subject, sizeof subject);
    else if (d->has_seed)
        snprintf(subject, sizeof subject, "meiro %s · %zu mazes · seed %llu", MEIRO_VERSION,
                 d->count, (unsigned long long)d->seed);
    else snprintf(subject, sizeof subject, "meiro %s · %zu mazes", MEIRO_VERSION, d->count);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, "meiro");
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date);
    return surface;
}

static void report_progress(const document *d, size_t done, size_t of)
{
    if (d->progress)
        d->progress(d->progress_ctx, d->done_before + (unsigned)(done * d->share / of), d->total);
}

static meiro_status write_doc_pages(const document *d, cairo_surface_t *surface, cairo_t *cr,
                                    pdf_walls *walls, meiro_error *err);

/* The pages of n documents of one paper, one after another; with `walls`,
 * a polar, hex or triangle grid's walls collected there (pdf_walls.h)
 * rather than drawn (*walls NULL without memory: drawn). */
static meiro_status write_pages(const document *docs, size_t n, FILE *out, pdf_walls **walls,
                                meiro_error *err)
{
    char date[32];
    meiro_status s = page_timestamp_iso(date, sizeof date, err);
    if (s != MEIRO_OK) return s;
    double pw, ph, b = docs[0].style.paper.bleed;
    doc_page_size(&docs[0], &pw, &ph);
    stream_sink sink = {out, 0};
    cairo_surface_t *surface = pdf_surface(
        &docs[0], pw + page_bleed_across(&docs[0].style.paper), ph + 2 * b, &sink, date);
    if (walls) *walls = pdf_walls_attach(surface);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    cairo_translate(cr, 0, b); /* the pages draw from the trim's corner (across: per page) */
    for (size_t k = 0; k < n && s == MEIRO_OK; k++) {
        /* copies of one size: one orientation */
        s = write_doc_pages(&docs[k], surface, cr, walls ? *walls : NULL, err);
    }
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return s != MEIRO_OK ? s : done;
}

static meiro_status write_doc_pages(const document *d, cairo_surface_t *surface, cairo_t *cr,
                                    pdf_walls *walls, meiro_error *err)
{
    meiro_status s = MEIRO_OK;
    for (size_t p = 0; p < d->page_count && s == MEIRO_OK; p++) {
        page_layout L;
        if (d->style.crop && (s = doc_first_maze(d, p, &L, err)) == MEIRO_OK) {
            /* --crop: a page the size of the maze and its border, for
             * placing in layout software */
            cairo_pdf_surface_set_size(surface, L.crop_w * PT_PER_MM, L.crop_h * PT_PER_MM);
            cairo_save(cr);
            cairo_translate(cr, -L.crop_x, -L.crop_y);
            s = doc_draw_cairo(d, p, cr, true, 0, LAYER_ALL, err);
            cairo_restore(cr);
        } else if (s == MEIRO_OK) {
            cairo_save(cr);
            cairo_translate(cr, page_bleed_left(&d->style.paper, doc_left_hand_at(d, p)), 0);
            s = doc_draw_cairo(d, p, cr, false, 0, LAYER_ALL, err);
            cairo_restore(cr);
        }
        cairo_show_page(cr);
        pdf_walls_next_page(walls);
        report_progress(d, p + 1, d->page_count);
    }
    return s;
}

/* A PDF rectangle [x0 y0 x1 y1] in points. */
static qpdf_oh pdf_box(qpdf_data q, double x0, double y0, double x1, double y1)
{
    qpdf_oh box = lib_qpdf()->qpdf_oh_new_array(q);
    const double v[4] = {x0, y0, x1, y1};
    for (int k = 0; k < 4; k++)
        lib_qpdf()->qpdf_oh_append_item(q, box,
                                        lib_qpdf()->qpdf_oh_new_real_from_double(q, v[k], 4));
    return box;
}

/* The cairo PDF in buf with a TrimBox (the page less the bleed) and a
 * BleedBox (the whole page, as the MediaBox) on every page when it has a
 * bleed, and the walls collected (if any) on their pages, written to out.
 * qpdf reports errors through qpdf_has_error after each call. */
static meiro_status set_boxes(const document *d, const char *buf, size_t len, pdf_walls *walls,
                              FILE *out, meiro_error *err)
{
    bool boxes = d->style.paper.bleed > 0;
    double pw, ph, b = d->style.paper.bleed;
    doc_page_size(d, &pw, &ph);
    double W = (pw + page_bleed_across(&d->style.paper)) * PT_PER_MM,
           H = (ph + 2 * b) * PT_PER_MM, B = b * PT_PER_MM;
    if (!pdf_walls_ok(walls))
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory drawing the walls");
    qpdf_data q = quiet_qpdf();
    if (!q)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory %s",
                    boxes ? "setting the PDF's trim and bleed" : "writing the PDF");
    bool ok = !(lib_qpdf()->qpdf_read_memory(q, "meiro.pdf", buf, len, NULL) & QPDF_ERRORS);
    int pages = ok ? lib_qpdf()->qpdf_get_num_pages(q) : -1;
    ok = pages >= 0 && !lib_qpdf()->qpdf_has_error(q);
    for (int p = 0; ok && boxes && p < pages; p++) {
        qpdf_oh page = lib_qpdf()->qpdf_get_page_n(q, (size_t)p);
        /* the copies of a class set each start on a right-hand page, but
         * their bleed is the same on both sides (a service prints one book) */
        double left = page_bleed_left(&d->style.paper, doc_left_hand_at(d, (size_t)p)) * PT_PER_MM;
        lib_qpdf()->qpdf_oh_replace_key(q, page, "/TrimBox",
                                        pdf_box(q, left, B, left + pw * PT_PER_MM, H - B));
        lib_qpdf()->qpdf_oh_replace_key(q, page, "/BleedBox", pdf_box(q, 0, 0, W, H));
        ok = !lib_qpdf()->qpdf_has_error(q);
        lib_qpdf()->qpdf_oh_release_all(q);
    }
    if (ok && pdf_walls_any(walls)) ok = pdf_walls_apply(walls, q);
    if (ok) ok = !(lib_qpdf()->qpdf_init_write_memory(q) & QPDF_ERRORS);
    if (ok) {
        lib_qpdf()->qpdf_set_deterministic_ID(q, QPDF_TRUE); /* the same maze, the same file */
        ok = !(lib_qpdf()->qpdf_write(q) & QPDF_ERRORS);
    }
    meiro_status s = MEIRO_OK;
    if (!ok) {
        qpdf_error e = lib_qpdf()->qpdf_has_error(q) ? lib_qpdf()->qpdf_get_error(q) : NULL;
        s = fail(err, MEIRO_ERROR_INTERNAL, "cannot %s (qpdf: %s)",
                 boxes ? "set the PDF's trim and bleed boxes" : "add the walls to the PDF",
                 e ? lib_qpdf()->qpdf_get_error_full_text(q, e) : "unknown error");
    } else {
        size_t n = lib_qpdf()->qpdf_get_buffer_length(q);
        const unsigned char *data = lib_qpdf()->qpdf_get_buffer(q);
        if (!data || fwrite(data, 1, n, out) != n)
            s = data ? fail_write(err)
                     : fail(err, MEIRO_ERROR_NOMEM, "out of memory writing the PDF");
    }
    quiet_cleanup(&q);
    return s;
}

meiro_status doc_write_pdf(const document *d, FILE *out, meiro_error *err)
{
    return doc_write_pdf_set(d, 1, out, err);
}

/* Cells of polar, hex and triangle mazes on all pages at most, for their
 * walls to be written by meiro (pdf_walls.h): they are held deflated
 * until the end, and qpdf copies them and the whole file once more (about
 * 30 bytes a cell); beyond, cairo strokes them page by page as before. */
#define OWN_WALLS_MOST_CELLS 2000000.0

/* Whether the pages show polar, hex or triangle mazes of at most
 * OWN_WALLS_MOST_CELLS cells in all. */
static bool own_grid_walls(const document *docs, size_t n)
{
    double cells = 0;
    for (size_t k = 0; k < n; k++)
        for (size_t p = 0; p < docs[k].page_count; p++)
            for (size_t i = 0; i < docs[k].pages[p].count; i++) {
                const meiro_maze *m = docs[k].items[docs[k].pages[p].first + i].maze;
                if (m->grid != MEIRO_GRID_RECT) cells += (double)grid_total(m);
            }
    return cells > 0 && cells <= OWN_WALLS_MOST_CELLS;
}

meiro_status doc_write_pdf_set(const document *docs, size_t n, FILE *out, meiro_error *err)
{
    const document *d = &docs[0];
    bool grids = own_grid_walls(docs, n);
    if (!(d->style.paper.bleed > 0) && !grids) return write_pages(docs, n, out, NULL, err);
    /* the pages into memory, then the boxes on them into out */
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return fail(err, MEIRO_ERROR_NOMEM, "out of memory drawing the pages");
    pdf_walls *walls = NULL;
    meiro_status s = write_pages(docs, n, mem, grids ? &walls : NULL, err);
    if (fclose(mem) != 0 && s == MEIRO_OK)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory drawing the pages");
    if (s == MEIRO_OK) s = set_boxes(d, buf, len, walls, out, err);
    pdf_walls_free(walls);
    free(buf);
    return s;
}

meiro_status doc_write_pdf_folded(const document *d, const fold_sheets *fs, FILE *out,
                                  meiro_error *err)
{
    char date[32];
    meiro_status s = page_timestamp_iso(date, sizeof date, err);
    if (s != MEIRO_OK) return s;
    if (d->page_count % 4)
        return fail(err, MEIRO_ERROR_INTERNAL, "a folded booklet needs a multiple of 4 pages");
    double pw, ph, sw = fs->w, sh = fs->h;
    doc_page_size(d, &pw, &ph);
    /* the pages meet at the fold, in the middle of the sheet; smaller
     * ones centred, bigger ones scaled down to fit */
    double scale = fmin(1, fmin(sw / 2 / pw, sh / ph)), top = (sh - scale * ph) / 2;
    stream_sink sink = {out, 0};
    cairo_surface_t *surface = pdf_surface(d, sw, sh, &sink, date);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    /* signatures of `per` sheets (the last may have fewer), one after
     * another; in one of m pages from page o + 1, sheet k (from the
     * outside in) carries pages m - 2k and 2k + 1 on its front, 2k + 2
     * and m - 2k - 1 on its back (numbered from 1 in the signature) */
    size_t n = d->page_count, per = fs->signature ? fs->signature : n / 4, done = 0;
    for (size_t o = 0; o < n && s == MEIRO_OK; o += 4 * per) {
        size_t m = n - o < 4 * per ? n - o : 4 * per;
        for (size_t side = 0; side < m / 2 && s == MEIRO_OK; side++) {
            size_t k = side / 2;
            size_t left = side % 2 ? 2 * k + 2 : m - 2 * k,
                   right = side % 2 ? m - 2 * k - 1 : 2 * k + 1;
            double creep = (double)k * fs->creep; /* the inner sheets' pages toward the spine */
            for (int half = 0; half < 2 && s == MEIRO_OK; half++) {
                cairo_save(cr);
                cairo_translate(cr, half ? sw / 2 - creep : sw / 2 - scale * pw + creep, top);
                cairo_scale(cr, scale, scale);
                cairo_rectangle(cr, 0, 0, pw, ph);
                cairo_clip(cr);
                /* a book read from the right binds on the right: its
                 * front cover on the sheet's left half, each side mirrored */
                bool first = half != d->style.rtl;
                s = doc_draw_cairo(d, o + (first ? right : left) - 1, cr, false, 0, LAYER_ALL, err);
                cairo_restore(cr);
            }
            cairo_show_page(cr);
            report_progress(d, ++done, n / 2);
        }
    }
    meiro_status finished = draw_finish(surface, cr, &sink, err);
    return s != MEIRO_OK ? s : finished;
}

meiro_status export_pdf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir; /* no scratch files */
    doc_item item = {m, path, 0};
    document d;
    meiro_status s = doc_init_writer(&d, &item, opt, err);
    if (s != MEIRO_OK) return s;
    s = doc_write_pdf(&d, out, err);
    doc_free(&d);
    return s;
}
