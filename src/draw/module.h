/* The drawing module (issue 25, 37): the render layer and its libraries
 * (cairo, pango; rsvg, gdk-pixbuf and qpdf on first use) built as
 * meiro-render-VERSION.so, linked against libmeiro.so (the one copy of the
 * layers below), loaded by libmeiro.so on the first call that draws, so a
 * text, CSV, JSON or XLSX run never loads them (the XLSX writer is outside
 * the module: xlsx/xlsx.h). The rest of the library calls render through
 * one table of function pointers, drawing()->NAME, filled when the module
 * loads (module_table.c); the public functions render implements are
 * meiro_NAME forwarders in the loader. A render function called from
 * outside render is a row here (RENDER_CALLS, or RENDER_API if public) or,
 * if it has no status and `err`, a field by hand below and in
 * module_table.c and module_load.c's table for a missing module. */
#ifndef MEIRO_SRC_DRAW_MODULE_H
#define MEIRO_SRC_DRAW_MODULE_H

#include "meiro.h"
#include "compose/document.h"
#include "draw/export.h"
#include "press/press.h"
#include "shapes/picture.h"
#include "shapes/text_mask.h"
#include "draw/xlsx_art.h"

#define RENDER_EXPORT_PARAMS                                                                       \
    (const meiro_maze *m, const meiro_path *path, const meiro_export_options *opt, FILE *out,      \
     const char *temp_dir, meiro_error *err)
#define RENDER_EXPORT_ARGS (m, path, opt, out, temp_dir, err)

/* X(name, (parameters)): render's own function `name`, called from outside
 * render as drawing()->name; each returns meiro_status and has `err` */
#define RENDER_CALLS(X)                                                                            \
    X(export_pdf, RENDER_EXPORT_PARAMS)                                                            \
    X(export_svg, RENDER_EXPORT_PARAMS)                                                            \
    X(export_png, RENDER_EXPORT_PARAMS)                                                            \
    X(export_page, RENDER_EXPORT_PARAMS)                                                           \
    X(doc_plan, (document * d, const doc_item *items, size_t count,                                \
                 const meiro_export_options *opt, const doc_parts *parts, meiro_error *err))       \
    X(doc_init, (document * d, const doc_item *items, size_t count,                                \
                 const meiro_export_options *opt, int cover, meiro_error *err))                    \
    X(doc_fold, (document * d, unsigned multiple, meiro_error *err))                               \
    X(doc_write_pdf_folded,                                                                        \
      (const document *d, const fold_sheets *fs, FILE *out, meiro_error *err))                     \
    X(doc_set_remake, (document * d, const char *remake, meiro_error *err))                        \
    X(doc_first_maze, (const document *d, size_t index, page_layout *L, meiro_error *err))         \
    X(raster_check, (const document *d, const meiro_export_options *opt, meiro_error *err))        \
    X(xlsx_art_open,                                                                               \
      (const meiro_export_options *opt, xlsx_art **art, bool has[2], meiro_error *err))            \
    X(xlsx_art_png, (xlsx_art * art, int which, int side, const unsigned char **png, size_t *size, \
                     meiro_error *err))                                                            \
    X(doc_write_pdf_set, (const document *docs, size_t n, FILE *out, meiro_error *err))            \
    X(doc_write_scenes, (const document *docs, size_t n, bool has_seed, uint64_t seed, FILE *out, \
                         meiro_error *err))                                                        \
    X(text_mask_face, (const char *text, const char *lang, uint32_t height, text_face face,        \
                       uint8_t **mask, meiro_text_info *info, meiro_error *err))                   \
    X(doc_set_gutter, (document * d, double gutter, meiro_error *err))                             \
    X(preflight_own, (const char *buf, size_t len, meiro_print print, meiro_error *err))           \
    X(cover_write, (const cover_plan *c, FILE *out, meiro_error *err))                             \
    X(rule_write_page, (const rule_job *j, FILE *out, meiro_error *err))                           \
    X(book_art_attach, (const char *buf, size_t len, const meiro_maze *art, unsigned number,       \
                        const char *title, const char *subtitle, unsigned volume,                  \
                        bool right_bound, char **out, size_t *out_len, meiro_error *err))

/* The public API the module implements: meiro_NAME (the loader's, in
 * every build) calls drawing()->NAME, which is render's render_NAME */
#define RENDER_API(X)                                                                              \
    X(page_draw, (const char *page, const char *filename, meiro_error *err),                       \
      (page, filename, err))                                                                       \
    X(preflight,                                                                                   \
      (const char *filename, meiro_print print, meiro_preflight_report report, void *ctx,          \
       bool *passed, meiro_error *err),                                                            \
      (filename, print, report, ctx, passed, err))                                                 \
    X(preflight_cover,                                                                             \
      (const char *filename, meiro_print print, meiro_stock stock, unsigned pages,                 \
       double trim_w_mm, double trim_h_mm, meiro_preflight_report report, void *ctx, bool *passed, \
       meiro_error *err),                                                                          \
      (filename, print, stock, pages, trim_w_mm, trim_h_mm, report, ctx, passed, err))             \
    X(preflight_titled,                                                                            \
      (const char *filename, meiro_print print, const char *title, bool is_cover,                  \
       meiro_stock stock, unsigned pages, double trim_w_mm, double trim_h_mm,                      \
       meiro_preflight_report report, void *ctx, bool *passed, meiro_error *err),                  \
      (filename, print, title, is_cover, stock, pages, trim_w_mm, trim_h_mm, report, ctx, passed,  \
       err))                                                                                       \
    X(pdf_book,                                                                                    \
      (const char *filename, unsigned *pages, double *trim_w_mm, double *trim_h_mm,                \
       meiro_error *err),                                                                          \
      (filename, pages, trim_w_mm, trim_h_mm, err))                                                \
    X(pdf_book_volume, (const char *filename, unsigned *volume, meiro_error *err),                 \
      (filename, volume, err))                                                                     \
    X(pdf_book_art,                                                                                \
      (const char *filename, meiro_maze **art, unsigned *number, char *title, char *subtitle,      \
       size_t size, meiro_error *err),                                                             \
      (filename, art, number, title, subtitle, size, err))                                         \
    X(shape_mask,                                                                                  \
      (const char *shape, uint32_t width, uint32_t height, uint8_t **mask, meiro_error *err),      \
      (shape, width, height, mask, err))                                                           \
    X(text_mask,                                                                                   \
      (const char *text, const char *lang, uint32_t height, uint8_t **mask, meiro_text_info *info, \
       meiro_error *err),                                                                          \
      (text, lang, height, mask, info, err))                                                       \
    X(animate_svg,                                                                                 \
      (const meiro_trace *trace, const meiro_maze *initial, FILE *out, meiro_error *err),          \
      (trace, initial, out, err))                                                                  \
    X(animate_svg_save,                                                                            \
      (const meiro_trace *trace, const meiro_maze *initial, const char *filename,                  \
       meiro_error *err),                                                                          \
      (trace, initial, filename, err))                                                             \
    X(animate_frames,                                                                              \
      (const meiro_trace *trace, const meiro_maze *initial, const char *dir, unsigned frames,      \
       meiro_error *err),                                                                          \
      (trace, initial, dir, frames, err))

#define RENDER_FIELD(name, params) meiro_status(*name) params;
#define RENDER_API_FIELD(name, params, args) RENDER_FIELD(name, params)
#define RENDER_DECLARE(name, params, args) meiro_status render_##name params;
RENDER_API(RENDER_DECLARE)
bool render_fonts_preload(void);

/* The table: filled by the module (module_table.c), read through drawing() */
typedef struct render_module {
    /* MEIRO_MODULE_STAMP: the version and a checksum of the sources' headers,
     * the same in the loader and the module or the module is refused */
    const char *stamp;
    size_t size; /* sizeof(render_module) */
    RENDER_CALLS(RENDER_FIELD)
    RENDER_API(RENDER_API_FIELD)
    void (*doc_free)(document *d);
    void (*doc_page_size)(const document *d, double *w, double *h);
    size_t (*shape_count)(void);
    const meiro_algorithm_desc *(*shape_info)(size_t index);
    bool (*shape_min_grid)(const char *shape, uint32_t *width, uint32_t *height);
    bool (*fonts_preload)(void); /* meiro serve, before it forks */
    void (*xlsx_art_free)(xlsx_art *art);
} render_module;

/* The drawing module's table, loaded on the first call (module_load.c); when
 * the module cannot be loaded, a table whose every call fails with the
 * reason (a status and `err`), or does nothing (the frees, the counts). */
const render_module *drawing(void);

/* The module's one exported symbol: its table. In libmeiro.a and the tests,
 * which link render itself, the loader finds it linked in (a weak
 * reference) and loads nothing. */
const render_module *meiro_render_module(void);
#define RENDER_MODULE_SYMBOL "meiro_render_module"

#endif /* MEIRO_SRC_DRAW_MODULE_H */
