/* `-f page`: the pages of a document as their description (page/scene.h)
 * in JSON (page/scene_json.h, doc/page-format.md). The drawing code runs
 * as for a PDF (its measuring is pango's, so this format loads the drawing
 * module), its items going to the JSON writer instead of cairo; what it
 * still draws straight onto its device (pictures, outlines, mission marks)
 * lands on a recording nobody reads, and the page names it in
 * "drawn_apart". */
#include "core/error.h"
#include "core/model.h"
#include "page/scene_json.h"
#include "render/document.h"
#include "render/draw.h"
#include "render/export.h"
#include "render/scene_cairo.h"

/* Page `index` of d into the writer. */
static meiro_status describe_page(const document *d, size_t index, cairo_t *cr, scene_json *w,
                                  meiro_error *err)
{
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    scene sc;
    scene_init(&sc, pw, ph, NULL);
    scene_json_page(w, &sc);
    meiro_status s = canvas_attach(cr, &sc, err);
    if (s == MEIRO_OK) s = doc_draw_page(d, index, cr, false, 0, LAYER_ALL, err);
    canvas_detach(cr);
    scene_json_page_end(w, &sc);
    if (s == MEIRO_OK) s = scene_status(&sc, err);
    scene_free(&sc);
    return s;
}

meiro_status doc_write_scenes(const document *d, bool has_seed, uint64_t seed, FILE *out,
                              meiro_error *err)
{
    scene_json *w = scene_json_begin(out, has_seed, seed);
    if (!w) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    /* unbounded, so the drawing code culls nothing as outside a band */
    cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
    cairo_t *cr = cairo_create(rec);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM); /* as a PDF page */
    meiro_status s = MEIRO_OK;
    for (size_t p = 0; p < d->page_count && s == MEIRO_OK; p++) s = describe_page(d, p, cr, w, err);
    meiro_status drawn = draw_finish(rec, cr, NULL, err);
    meiro_status written = scene_json_end(w, s == MEIRO_OK ? err : NULL);
    return s != MEIRO_OK ? s : drawn != MEIRO_OK ? drawn : written;
}

meiro_status export_page(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err)
{
    (void)temp_dir;
    doc_item item = {m, path, 0};
    document d;
    meiro_status s = doc_init(&d, &item, 1, opt, -1, err);
    if (s != MEIRO_OK) return s;
    s = doc_write_scenes(&d, m->has_seed, m->seed, out, err);
    doc_free(&d);
    return s;
}
