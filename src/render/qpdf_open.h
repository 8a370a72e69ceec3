/* qpdf opened the one way meiro uses it: its errors kept for the caller
 * to word, no warnings on stderr (qpdf_open.c). */
#ifndef MEIRO_SRC_RENDER_QPDF_OPEN_H
#define MEIRO_SRC_RENDER_QPDF_OPEN_H

#include "meiro.h"

#include <qpdf/qpdf-c.h>

/* A new qpdf handle, quiet; NULL when out of memory (or qpdf cannot be
 * loaded: render/draw_libs.c said why). Free with qpdf_cleanup. */
qpdf_data quiet_qpdf(void);

/* A book PDF `filename` read into *q (set whenever it returns, NULL only
 * when out of memory; the caller cleans it up): MEIRO_ERROR_IO when the
 * file cannot be opened, MEIRO_ERROR_PARSE when qpdf cannot read it. */
meiro_status read_book_pdf(const char *filename, qpdf_data *q, meiro_error *err);

#endif
