/* The machines' formats (gcode, hpgl, dxf): the page's maze composed as for a
 * PDF (its walls or centre-lines, S and G's marks, the answer when asked),
 * its description's paths gathered by page/plot.c instead of drawn, then
 * merged and ordered for the machine (or, for a laser, turned into closed
 * outlines), and written by page/plot_write.c. No text, frame or footer:
 * a machine draws the maze alone. The composer's, with no drawing library:
 * in libmeiro.so (no module loaded) and in the WebAssembly build. */
#include "core/error.h"
#include "core/model.h"
#include "page/machine.h"
#include "page/plot.h"
#include "compose/document.h"
#include "compose/draw.h"

#include <inttypes.h>
#include <stdio.h>

/* The maze's page drawn into p. */
static meiro_status gather_maze(const meiro_maze *m, const meiro_path *path,
                                const meiro_export_options *opt, plot *p, meiro_error *err)
{
    doc_item item = {m, path, 0};
    document d;
    meiro_status s = doc_init_writer(&d, &item, opt, err);
    if (s != MEIRO_OK) return s;
    double pw, ph;
    doc_page_size(&d, &pw, &ph);
    scene sc;
    scene_sink sink = plot_sink(p);
    scene_init(&sc, pw, ph, &sink);
    canvas cv; /* the whole page in view: nothing culled as outside a band */
    canvas_init(&cv, &sc);
    s = doc_draw_page(&d, 0, &cv, true, 0, LAYER_WALLS | LAYER_LABELS | LAYER_PATH, err);
    if (s == MEIRO_OK && p->failed) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    canvas_free(&cv);
    scene_free(&sc);
    doc_free(&d);
    return s;
}

static meiro_status write_machine(const meiro_maze *m, const meiro_path *path,
                                  const meiro_export_options *opt, FILE *out, meiro_format format,
                                  meiro_error *err)
{
    const machine_options *mach = machine_of(opt);
    plot p;
    plot_init(&p);
    meiro_status s = gather_maze(m, path, opt, &p, err);
    if (s == MEIRO_OK) s = plot_merge(&p, err);
    double offset = 0;
    if (s == MEIRO_OK && format == MEIRO_FORMAT_DXF && !mach->cut_lines) {
        offset = p.width[PLOT_CUT] / 2 + mach->kerf_mm / 2;
        s = plot_outline(&p, offset, err);
    }
    /* the travel from the machine's origin, the drawing's lower left
     * corner, through the strokes as merged, then ordered */
    double x0, y0, x1, y1;
    plot_bounds(&p, &x0, &y0, &x1, &y1);
    double before = plot_travel(&p, x0, y1), after = 0;
    if (s == MEIRO_OK) s = plot_order(&p, x0, y1, format == MEIRO_FORMAT_DXF, &after, err);
    char title[96];
    if (m->has_seed)
        snprintf(title, sizeof title, "meiro %s, seed %" PRIu64 " (meiro generate -s %" PRIu64 ")",
                 MEIRO_VERSION, m->seed, m->seed);
    else snprintf(title, sizeof title, "meiro %s", MEIRO_VERSION);
    plot_header h = {title, before, after, mach, offset};
    if (s == MEIRO_OK)
        s = format == MEIRO_FORMAT_GCODE  ? plot_write_gcode(&p, &h, out, err)
            : format == MEIRO_FORMAT_HPGL ? plot_write_hpgl(&p, &h, out, err)
                                          : plot_write_dxf(&p, &h, out, err);
    plot_free(&p);
    return s;
}

meiro_status export_gcode(const meiro_maze *m, const meiro_path *path,
                          const meiro_export_options *opt, FILE *out, const char *temp_dir,
                          meiro_error *err)
{
    (void)temp_dir;
    return write_machine(m, path, opt, out, MEIRO_FORMAT_GCODE, err);
}

meiro_status export_hpgl(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err)
{
    (void)temp_dir;
    return write_machine(m, path, opt, out, MEIRO_FORMAT_HPGL, err);
}

meiro_status export_dxf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir;
    return write_machine(m, path, opt, out, MEIRO_FORMAT_DXF, err);
}
