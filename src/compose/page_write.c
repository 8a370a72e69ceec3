/* `-f page`: the pages of a document as their description (page/scene.h)
 * in JSON (page/scene_json.h, doc/page-format.md). The composer runs as
 * for a PDF, onto a canvas whose items go to the JSON writer instead of a
 * drawing library. */
#include "core/error.h"
#include "core/model.h"
#include "page/scene_json.h"
#include "compose/canvas.h"
#include "compose/document.h"
#include "compose/draw.h"

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
