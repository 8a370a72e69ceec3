/* The drawing module's table (render/module.h): linked into
 * meiro-render-VERSION.so with the whole library, whose other symbols the
 * module keeps to itself (tools/module.map). */
#include "render/module.h"


#define RENDER_ENTRY(name, params, args) .name = name,

static const render_module table = {
    .stamp = MEIRO_MODULE_STAMP,
    .size = sizeof(render_module),
    RENDER_CALLS(RENDER_ENTRY).doc_free = doc_free,
    .doc_page_size = doc_page_size,
    .shape_count = meiro_shape_count,
    .shape_info = meiro_shape_info,
    .shape_min_grid = meiro_shape_min_grid,
    .remove_temp_files = meiro_remove_temp_files,
    .fonts_preload = meiro_fonts_preload,
    .xlsx_art_free = xlsx_art_free,
};

__attribute__((visibility("default"))) const render_module *meiro_render_module(void);

const render_module *meiro_render_module(void) { return &table; }
