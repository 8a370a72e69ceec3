/* qpdf opened the one way meiro uses it: its errors kept for the caller
 * to word, no warnings on stderr; and a stranger's PDF read within budgets
 * (qpdf_open.c): streams decoded through a byte cap, the objects walked
 * from the trailer, never by number up to what the trailer claims. */
#ifndef MEIRO_SRC_PRESS_QPDF_OPEN_H
#define MEIRO_SRC_PRESS_QPDF_OPEN_H

#include "meiro.h"

#include <qpdf/qpdf-c.h>

/* A new qpdf handle, quiet; NULL when out of memory (or qpdf cannot be
 * loaded: press/qpdf_lib.c said why). Free with qpdf_cleanup. */
qpdf_data quiet_qpdf(void);

/* qpdf_cleanup, its error taken first: qpdf prints one it was not asked
 * for ("application did not handle error"). */
void quiet_cleanup(qpdf_data *q);

/* A book PDF `filename` read into *q (set whenever it returns, NULL only
 * when out of memory; the caller cleans it up): MEIRO_ERROR_IO when the
 * file cannot be opened, MEIRO_ERROR_PARSE when qpdf cannot read it. */
meiro_status read_book_pdf(const char *filename, qpdf_data *q, meiro_error *err);

/* MEIRO_ERROR_PARSE, err saying `what` and qpdf's error (taken);
 * MEIRO_ERROR_NOMEM when qpdf ran out of memory. */
meiro_status pdf_error(qpdf_data q, meiro_error *err, const char *what);

/* What one reading of a stranger's PDF may spend: processor time and
 * memory (its child process: sandbox_run), decoded stream bytes (one
 * stream and all of them together), and objects and values walked. */
#define PDF_SECONDS 5.0
#define PDF_MEGABYTES 160
#define PDF_STREAM_MB 64
#define PDF_DECODED_MB 128
#define PDF_VALUES 300000
typedef struct pdf_budget {
    size_t decoded; /* bytes still to decode, PDF_DECODED_MB at first */
    size_t values;  /* values still to walk, PDF_VALUES at first */
} pdf_budget;
#define PDF_BUDGET {(size_t)PDF_DECODED_MB << 20, PDF_VALUES}

/* The stream's data decoded into *buf (malloc'd, *len bytes), at most
 * PDF_STREAM_MB and what is left of the budget (taken from it): Flate by
 * zlib through the cap, the other general filters (LZW, ASCII85,
 * ASCIIHex, RunLength) by qpdf when the most they could make fits.
 * MEIRO_ERROR_TOO_BIG past the cap (err says it), MEIRO_ERROR_PARSE for
 * data it cannot decode (an image's codec, a broken stream),
 * MEIRO_ERROR_NOMEM. */
meiro_status pdf_stream_data(qpdf_data q, qpdf_oh stream, pdf_budget *b, unsigned char **buf,
                             size_t *len, meiro_error *err);

/* Calls visit on every dictionary reachable from the trailer (a stream's
 * too), each object once, with the number of the object that is or holds
 * it (0: the trailer); a handle
 * visit makes it releases itself. Iterative, its memory the objects
 * waiting. MEIRO_ERROR_TOO_BIG past the budget's values (err says so),
 * MEIRO_ERROR_NOMEM, or visit's first status that is not MEIRO_OK. */
typedef meiro_status (*pdf_visit)(void *ctx, qpdf_data q, qpdf_oh dict, int object);
meiro_status pdf_walk(qpdf_data q, pdf_budget *b, pdf_visit visit, void *ctx, meiro_error *err);

/* Whether the dictionary's `key` is the name `name` (no handle kept). */
bool pdf_key_is(qpdf_data q, qpdf_oh dict, const char *key, const char *name);

#endif
