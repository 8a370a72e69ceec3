/* The document exporters, one file each, behind meiro_write's format
 * table. No cairo types here: the layer above includes this only.
 * temp_dir: where an exporter that needs scratch files puts them (the
 * folder of the file being saved), NULL for $TMPDIR or /tmp. */
#ifndef MEIRO_SRC_DRAW_EXPORT_H
#define MEIRO_SRC_DRAW_EXPORT_H

#include "meiro.h"
#include "compose/rule_page.h"

meiro_status export_pdf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err);
meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err);
meiro_status export_png(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err);
/* A page description read back and drawn as a PDF (meiro_page_draw). */
meiro_status render_page_draw(const char *page, const char *filename, meiro_error *err);
/* (-f page's writer, export_page, the page to play, export_html, and the
 * machines' formats, export_gcode, export_hpgl and export_dxf, are the
 * composer's: compose/document.h) */

/* A full-wrap cover as a PDF (cover.c: the composer's, compose/cover.h,
 * drawn on cairo). */
typedef struct cover_plan cover_plan;
meiro_status cover_write(const cover_plan *c, FILE *out, meiro_error *err);

/* A rule maze's pages (compose/rule_page.h) drawn as PDF or SVG (rule_page.c). */
meiro_status rule_write_page(const rule_job *j, FILE *out, meiro_error *err);

#endif /* MEIRO_SRC_DRAW_EXPORT_H */
