/* The S and G pictures of an XLSX workbook: drawn by cairo inside the
 * drawing module (xlsx_art.c), reached from the XLSX writer, which lives
 * outside it, through the module's table (draw/module.h). */
#ifndef MEIRO_SRC_DRAW_XLSX_ART_H
#define MEIRO_SRC_DRAW_XLSX_ART_H

#include "meiro.h"

#include <stdbool.h>
#include <stddef.h>

/* The pictures, drawn once (load_marks_art) and kept as PNG images until
 * xlsx_art_free. */
typedef struct xlsx_art xlsx_art;

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

#endif /* MEIRO_SRC_DRAW_XLSX_ART_H */
