/* The test-only umbrella for white-box tests: every private header of the
 * library, so a test can reach inside any layer. The library's own files
 * include only what they use (tools/check-layers.sh). */
#ifndef MEIRO_TEST_WHITEBOX_H
#define MEIRO_TEST_WHITEBOX_H

#include "core/alloc.h"
#include "core/error.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/names.h"
#include "core/rng.h"
#include "core/search.h"
#include "gen/gen.h"
#include "glyph/font.h"
#include "glyph/raster.h"
#include "glyph/text_mask.h"
#include "solve/solve.h"
#include "io/io.h"
#include "page/layout.h"
#include "page/template.h"
#include "compose/document.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "draw/export.h"
#include "draw/scene_cairo.h"
#include "job/formats.h"
#include "xlsx/xlsx.h"

/* draw_maze onto cr, its items drawn at once (on a canvas of cr's). */
static inline void draw_maze_onto(cairo_t *cr, const meiro_maze *m, const meiro_path *path,
                                  const page_layout *L, const maze_marks *marks, double snap,
                                  unsigned layers)
{
    scene s;
    canvas cv;
    canvas_on_cairo(&cv, &s, cr);
    draw_maze(&cv, m, path, L, marks, snap, layers);
    canvas_free(&cv);
    scene_free(&s);
}

#endif
