/* What the XLSX writer (export_xlsx.c, xlsx_play.c, rule_xlsx.c) needs from
 * outside its files. The writer is in libmeiro.so, not the drawing module
 * (issue 25): libxlsxwriter is opened
 * on first use (render/xlsx_lib.c), and the S and G pictures, which cairo and
 * librsvg draw, come from the drawing module (xlsx_art.c, through
 * render/module.h) only when a sheet has them. */
#ifndef MEIRO_SRC_RENDER_XLSX_H
#define MEIRO_SRC_RENDER_XLSX_H

#include "meiro.h"

#include <stdbool.h>
#include <stddef.h>

/* Opens libxlsxwriter (once: render/xlsx_lib.h), or says why it cannot be.
 * Call before the first workbook. */
meiro_status xlsx_lib_load(meiro_error *err);

/* The S and G pictures of a workbook's sheets, drawn once (load_marks_art)
 * and kept as PNG images until xlsx_art_free. */
typedef struct xlsx_art xlsx_art;

/* Whether opt asks for a picture for S or G (the same choice as
 * load_marks_art, in page/art.c): without one the drawing module is not
 * loaded. */
bool xlsx_art_wanted(const meiro_export_options *opt);

/* The pictures opt asks for into *art (free with xlsx_art_free);
 * has[0] and has[1] say whether S and G have one. */
meiro_status xlsx_art_open(const meiro_export_options *opt, xlsx_art **art, bool has[2],
                           meiro_error *err);

/* Picture `which` (0 S, 1 G) as a side x side PNG, kept in art until
 * xlsx_art_free. */
meiro_status xlsx_art_png(xlsx_art *art, int which, int side, const unsigned char **png,
                          size_t *size, meiro_error *err);

/* Frees art; NULL is fine. */
void xlsx_art_free(xlsx_art *art);

#endif /* MEIRO_SRC_RENDER_XLSX_H */
