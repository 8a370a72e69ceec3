/* PDF/X-1a:2001 or PDF/X-4 through Ghostscript: a PDF meiro has made,
 * rewritten for a print service's press (IngramSpark's rule, KDP's and
 * Lulu's choice). */
#ifndef MEIRO_SRC_PAGE_PDFX_H
#define MEIRO_SRC_PAGE_PDFX_H

#include "meiro.h"

#include <stddef.h>
#include <stdio.h>

/* Rewrites the PDF in buf as PDF/X-1a:2001 (PDF 1.3: transparency
 * flattened), or with x4 as PDF/X-4 (PDF 1.6, the version also in its XMP
 * packet): greyscale (an interior) or CMYK (a cover), an output intent with
 * the profile embedded, every font embedded; its page boxes kept. Runs the `gs`
 * command (no shell) in a folder of its own in temp_dir (NULL: TMPDIR or
 * /tmp), its TMPDIR, removed with what gs left there once gs ends; a
 * signal that would end the process meanwhile (SIGINT, SIGTERM, SIGHUP...,
 * unless held or ignored already) kills gs, removes the folder, and is
 * then raised again; gs dies with the process. *out is malloc'd. Dates from SOURCE_DATE_EPOCH (or meiro's
 * fixed date), so the same book gives the same bytes. Without Ghostscript
 * or its ICC profiles: MEIRO_ERROR_IO naming the Debian package; its own
 * failure: MEIRO_ERROR_IO with the first line of its error output. */
meiro_status pdfx_convert(const char *buf, size_t len, bool cmyk, bool x4, const char *temp_dir,
                          char **out, size_t *out_len, meiro_error *err);

/* What `write` writes, through pdfx_convert (when `convert`) into out:
 * the whole PDF is made in memory first, so out gets all of it or nothing. */
typedef meiro_status (*pdf_writer)(void *ctx, FILE *out, meiro_error *err);
meiro_status pdfx_write(pdf_writer write, void *ctx, bool convert, bool cmyk, bool x4,
                        const char *temp_dir, FILE *out, meiro_error *err);

/* Whether the service's book and cover are PDF/X: IngramSpark's always,
 * KDP's and Lulu's when asked (pdfx). */
bool pdfx_wanted(meiro_print print, bool pdfx);

#endif /* MEIRO_SRC_PAGE_PDFX_H */
