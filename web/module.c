/* The drawing table of the WebAssembly build (web/web.mk), linked in as
 * libmeiro.a links the native module's (draw/module_load.c then takes it
 * instead of loading one): the native module's own code that needs no
 * drawing library, the masks of names and built-in shapes and the shapes'
 * registry (shapes/mask.c over the glyph layer, FreeType and HarfBuzz
 * compiled from Debian's sources, the fonts read from the folder beside
 * the engine: glyph/font.c), so a name or a shape makes the native
 * command's maze; and the composer's rows (compose/, libmeiro's: the
 * native module's table takes them from the library too), so a booklet's
 * pages as data are the native command's description, which the browser
 * draws (web/site/meiro-page.js). (A machine's files, the page to play,
 * a rule maze's pages and a cover's page as data are the composer's,
 * called by the format table, job/rule_save.c and job/cover.c: no row
 * here.) Every call that draws on cairo (PDF, SVG, PNG, a cover's PDF,
 * preflight) fails with the reason: cairo and pango are not compiled for
 * the browser. */
#include "core/error.h"
#include "draw/module.h"

/* (studio-backend.js recognises "draws no page": change both together) */
#define NOT_DRAWN                                                                                  \
    "the WebAssembly build of meiro draws no page itself (no cairo or pango here): -f page "       \
    "describes it"

/* no pictures of one's own: the browser decodes those (shapes/mask.c's
 * picture files are shape.c's, with the drawing libraries) */
meiro_status picture_file_mask(const char *file, const char *what, uint32_t width, uint32_t height,
                               uint8_t *mask, meiro_error *err)
{
    (void)file, (void)width, (void)height, (void)mask;
    return fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT,
                      "the WebAssembly build of meiro reads no picture file (%s): the browser "
                      "decodes pictures",
                      what);
}

/* a book's PDF is read by qpdf, which is not compiled for the browser
 * either: meiro cover takes its numbers as options (its front maze then
 * one of the cover's own) */
static meiro_status unread_pdf_book(const char *filename, unsigned *pages, double *trim_w_mm,
                                    double *trim_h_mm, meiro_error *err)
{
    (void)filename, (void)pages, (void)trim_w_mm, (void)trim_h_mm;
    return fail(err, MEIRO_ERROR_IO,
                "the WebAssembly build of meiro reads no PDF (no qpdf here): give the book's "
                "--pages and --paper instead");
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define UNDRAWN(name, params)                                                                      \
    static meiro_status undrawn_##name params { return fail(err, MEIRO_ERROR_IO, NOT_DRAWN); }
#define UNDRAWN_API(name, params, args) UNDRAWN(name, params)
RENDER_CALLS(UNDRAWN)
RENDER_API(UNDRAWN_API)
#pragma GCC diagnostic pop

/* pictures are only made by drawing: nothing to free */
static void undrawn_xlsx_art_free(xlsx_art *art) { (void)art; }
/* the fonts are read when a text needs them */
static bool undrawn_fonts_preload(void) { return false; }

/* every call undrawn, then the masks and the composer in their stubs'
 * places */
#define UNDRAWN_ENTRY(name, ...) .name = undrawn_##name,
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
static const render_module table = {
    .stamp = MEIRO_MODULE_STAMP,
    .size = sizeof(render_module),
    RENDER_CALLS(UNDRAWN_ENTRY) RENDER_API(UNDRAWN_ENTRY).text_mask_face = text_mask_face,
    .shape_mask = render_shape_mask,
    .text_mask = render_text_mask,
    .export_page = export_page,
    .doc_plan = doc_plan,
    .doc_init = doc_init,
    .doc_fold = doc_fold,
    .doc_set_remake = doc_set_remake,
    .doc_first_maze = doc_first_maze,
    .doc_set_gutter = doc_set_gutter,
    .doc_write_scenes = doc_write_scenes,
    .doc_free = doc_free,
    .doc_page_size = doc_page_size,
    .shape_count = render_shape_count,
    .shape_info = render_shape_info,
    .shape_min_grid = render_shape_min_grid,
    .fonts_preload = undrawn_fonts_preload,
    .pdf_book = unread_pdf_book,
    .xlsx_art_free = undrawn_xlsx_art_free,
};
#pragma GCC diagnostic pop

const render_module *meiro_render_module(void) { return &table; }
