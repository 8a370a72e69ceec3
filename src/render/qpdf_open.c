/* qpdf opened quietly, and a book PDF read with it (qpdf_open.h): the
 * PDF writers, preflight and the cover's reading of its book share it. */
#include "render/qpdf_open.h"
#include "render/draw_libs.h"
#include "core/error.h"

#include <stdio.h>

qpdf_data quiet_qpdf(void)
{
    qpdf_data q = lib_qpdf()->qpdf_init();
    if (!q) return NULL;
    lib_qpdf()->qpdf_silence_errors(q);
    lib_qpdf()->qpdf_set_suppress_warnings(q, QPDF_TRUE);
    return q;
}

meiro_status read_book_pdf(const char *filename, qpdf_data *q, meiro_error *err)
{
    *q = NULL;
    FILE *f = fopen(filename, "rb");
    if (!f) return fail(err, MEIRO_ERROR_IO, "cannot read %s", filename);
    fclose(f);
    if (!(*q = quiet_qpdf())) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the PDF");
    if (!(lib_qpdf()->qpdf_read(*q, filename, NULL) & QPDF_ERRORS)) return MEIRO_OK;
    /* taken, so that qpdf does not print it again on cleanup */
    qpdf_error e = lib_qpdf()->qpdf_has_error(*q) ? lib_qpdf()->qpdf_get_error(*q) : NULL;
    return fail(err, MEIRO_ERROR_PARSE, "not a PDF book qpdf can read%s%s", e ? ": " : "",
                e ? lib_qpdf()->qpdf_get_error_message_detail(*q, e) : "");
}
