/* The drawing module's table (draw/module.h): linked into
 * meiro-render-VERSION.so, which links libmeiro.so for the layers below
 * and exports this table alone (tools/module.map); in libmeiro.a and the
 * tests, the loader finds it linked in. */
#include "draw/module.h"

#define RENDER_ENTRY(name, ...) .name = name,
#define RENDER_API_ENTRY(name, ...) .name = render_##name,

static const render_module table = {
    .stamp = MEIRO_MODULE_STAMP,
    .size = sizeof(render_module),
    RENDER_CALLS(RENDER_ENTRY) RENDER_API(RENDER_API_ENTRY).doc_free = doc_free,
    .doc_page_size = doc_page_size,
    .shape_count = render_shape_count,
    .shape_info = render_shape_info,
    .shape_min_grid = render_shape_min_grid,
    .fonts_preload = render_fonts_preload,
    .xlsx_art_free = xlsx_art_free,
};

__attribute__((visibility("default"))) const render_module *meiro_render_module(void)
{
    return &table;
}
