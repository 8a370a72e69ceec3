/* The press: PDFs read and checked — a print service's rules (preflight.c),
 * a book's pages and trim, the maze it records for its cover (book_art.c),
 * each read in a sandboxed child within the PDF budgets (qpdf_open.h). In
 * the drawing module, reached through its table (draw/module.h). */
#ifndef MEIRO_SRC_PRESS_PRESS_H
#define MEIRO_SRC_PRESS_PRESS_H

#include "meiro.h"

#include <stdbool.h>
#include <stddef.h>

/* A PDF meiro has just made (in memory) checked against the print
 * service's rules, as render_preflight: MEIRO_ERROR_ARGUMENT naming every
 * failing rule when one fails (preflight.c). */
meiro_status preflight_own(const char *buf, size_t len, meiro_print print, meiro_error *err);

/* A book's page count and trim (mm), and the JSON of the maze it records
 * for its cover (malloc'd) with its number, title and subtitle, read in
 * this process: meiro_pdf_book and meiro_pdf_book_art read them so in a
 * child within the PDF budgets (preflight.c, book_art.c); the fuzz target
 * here. */
meiro_status book_pages(const char *filename, unsigned *pages, double *trim_w_mm,
                        double *trim_h_mm, meiro_error *err);
meiro_status book_art_json(const char *filename, unsigned *number, char *title, char *subtitle,
                           size_t size, unsigned char **json, size_t *len, meiro_error *err);

/* The PDF in buf with `art` (maze `number` of the book, from 1), the
 * book's title and subtitle (NULL: none) and its series volume (0: none)
 * recorded for its cover (book_art.c; render_pdf_book_art and render_pdf_book_volume read them
 * back), and, right_bound, its pages read from the right (the catalog's
 * /ViewerPreferences /Direction /R2L); *out is malloc'd.
 * MEIRO_ERROR_TOO_BIG: a maze JSON cannot carry. */
meiro_status book_art_attach(const char *buf, size_t len, const meiro_maze *art, unsigned number,
                             const char *title, const char *subtitle, unsigned volume,
                             bool right_bound, char **out, size_t *out_len, meiro_error *err);

/* The public meiro_preflight*, meiro_pdf_book* (meiro.h), as the module
 * implements them. */
meiro_status render_preflight(const char *filename, meiro_print print,
                              meiro_preflight_report report, void *ctx, bool *passed,
                              meiro_error *err);
meiro_status render_preflight_cover(const char *filename, meiro_print print, meiro_stock stock,
                                    unsigned pages, double trim_w_mm, double trim_h_mm,
                                    meiro_preflight_report report, void *ctx, bool *passed,
                                    meiro_error *err);
meiro_status render_preflight_titled(const char *filename, meiro_print print, const char *title,
                                     bool is_cover, meiro_stock stock, unsigned pages,
                                     double trim_w_mm, double trim_h_mm,
                                     meiro_preflight_report report, void *ctx, bool *passed,
                                     meiro_error *err);
meiro_status render_pdf_book(const char *filename, unsigned *pages, double *trim_w_mm,
                             double *trim_h_mm, meiro_error *err);
meiro_status render_pdf_book_volume(const char *filename, unsigned *volume, meiro_error *err);
meiro_status render_pdf_book_art(const char *filename, meiro_maze **art, unsigned *number,
                                 char *title, char *subtitle, size_t size, meiro_error *err);

#endif /* MEIRO_SRC_PRESS_PRESS_H */
