/* The document exporters, one file each, behind meiro_write's format
 * table. No cairo types here: the layer above includes this only.
 * temp_dir: where an exporter that needs scratch files puts them (the
 * folder of the file being saved), NULL for $TMPDIR or /tmp. */
#ifndef MEIRO_SRC_RENDER_EXPORT_H
#define MEIRO_SRC_RENDER_EXPORT_H

#include "meiro.h"

/* Refuses, with "out of memory" and the figure, a `ulimit -v` below what
 * a width x height maze takes to write in `format` (memory.c). */
meiro_status export_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err);

/* A page to play holds MEIRO_HTML_MAX_CELLS at most, a booklet's mazes
 * together: MEIRO_ERROR_TOO_BIG past it (export_html.c). */
meiro_status export_html_check_size(uint64_t cells, meiro_error *err);

meiro_status export_pdf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err);
meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err);
meiro_status export_png(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err);
meiro_status export_xlsx(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err);
meiro_status export_html(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err);
/* A page description read back and drawn as a PDF (meiro_page_draw). */
meiro_status render_page_draw(const char *page, const char *filename, meiro_error *err);
/* The pages as their description in JSON (export_page.c). */
meiro_status export_page(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err);

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

/* A full-wrap cover (cover.c), in mm: the whole sheet w x h with `bleed`
 * around it, the back on the left, the spine, the front on the right. */
typedef struct cover_plan {
    double w, h, bleed, trim_w, spine;
    const char *title, *subtitle; /* subtitle may be NULL */
    const char *author, *blurb;   /* or NULL */
    const meiro_maze *maze;       /* the front's art */
    bool spine_text;              /* the title on the spine */
    bool coloured;                /* a background of rgb (else white) */
    double rgb[3];
    unsigned volume;              /* a series' volume, or 0 */
    double line_min;              /* mm: the thinnest line the service prints */
} cover_plan;
meiro_status cover_write(const cover_plan *c, FILE *out, meiro_error *err);
/* The PDF in buf with `art` (maze `number` of the book, from 1), the
 * book's title and subtitle (NULL: none) and its series volume (0: none)
 * recorded for its cover (render/book_art.c; render_pdf_book_art and
 * render_pdf_book_volume read them back); *out is malloc'd.
 * MEIRO_ERROR_TOO_BIG: a maze JSON cannot carry. */
meiro_status book_art_attach(const char *buf, size_t len, const meiro_maze *art, unsigned number,
                             const char *title, const char *subtitle, unsigned volume, char **out,
                             size_t *out_len, meiro_error *err);

#endif /* MEIRO_SRC_RENDER_EXPORT_H */
