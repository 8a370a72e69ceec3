/* The cairo backend of a page's description (page/scene.h): draws its
 * items onto a cairo context in millimetres. And canvases (compose/canvas.h)
 * whose items a cairo context draws at once. */
#ifndef MEIRO_SRC_DRAW_SCENE_CAIRO_H
#define MEIRO_SRC_DRAW_SCENE_CAIRO_H

#include "compose/canvas.h"
#include "compose/document.h"
#include "page/scene.h"

#include <cairo.h>

/* Draws items[from .. to) of s onto cr; false when cr has failed. */
bool scene_cairo_draw(cairo_t *cr, scene *s, size_t from, size_t to);
/* A sink drawing each item onto cr as it is made. */
scene_sink scene_cairo_sink(cairo_t *cr);

/* cv draws onto cr: s (scene_free it after canvas_free) hands each item
 * to cr at once, and cv sees what cr shows (canvas_view). */
void canvas_on_cairo(canvas *cv, scene *s, cairo_t *cr);
/* What cr shows, as cv's view: the part of the page inside cr's clip (in
 * cr's user space, the page's mm: a PNG's band), whether it is a picture,
 * and whether a grid's walls are all drawn (a PDF page's walls of its own,
 * pdf_walls.h). */
void canvas_view(canvas *cv, cairo_t *cr);

/* The pictures d names (its frame, S's and G's: doc_style.art) loaded
 * once, on a budget for a stranger's (load_art), errors naming the
 * template's file and line; and the fonts pango draws its texts in
 * (fonts_prepare). */
meiro_status doc_load_art(const document *d, meiro_error *err);
/* Page `index` of d drawn onto cr, its pictures loaded first (its user space in the page's mm), as
 * doc_draw_page draws it. */
meiro_status doc_draw_cairo(const document *d, size_t index, cairo_t *cr, bool maze_only,
                            double snap, unsigned layers, meiro_error *err);

#endif
