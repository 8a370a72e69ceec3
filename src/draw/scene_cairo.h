/* The cairo backend of a page's description (page/scene.h): draws its
 * items onto a cairo context in millimetres, as the drawing code drew
 * them before it described them. And the canvas: the scene a cairo
 * context's drawing goes into (attached to it, as pdf_walls.h's collector
 * is to its surface), so the drawing functions keep their cairo_t. */
#ifndef MEIRO_SRC_DRAW_SCENE_CAIRO_H
#define MEIRO_SRC_DRAW_SCENE_CAIRO_H

#include "page/scene.h"

#include <cairo.h>

/* Draws items[from .. to) of s onto cr; false when cr has failed. */
bool scene_cairo_draw(cairo_t *cr, scene *s, size_t from, size_t to);
/* A sink drawing each item onto cr as it is made. */
scene_sink scene_cairo_sink(cairo_t *cr);

/* Makes s the scene cr's drawing goes into, until canvas_detach. */
meiro_status canvas_attach(cairo_t *cr, scene *s, meiro_error *err);
void canvas_detach(cairo_t *cr);
/* The scene attached to cr; else one of cr's own that draws onto it at
 * once (made by canvas_open, or on first use; freed with cr); NULL out of
 * memory. */
scene *canvas_scene(cairo_t *cr);
/* Makes cr's own scene now, so that running out of memory for it is
 * reported here rather than lost in a drawing function without a status:
 * whoever draws on a cairo context of its own calls it first. */
meiro_status canvas_open(cairo_t *cr, meiro_error *err);
/* The sticky status of cr's scene (out of memory describing the page),
 * MEIRO_OK without one: draw_finish reports it. */
meiro_status canvas_status(cairo_t *cr, meiro_error *err);

/* cr's current path, built in the page's millimetres as the drawing
 * functions build it, as path items of cr's scene, one a paint (a fill and
 * then its outline: two), drawn as they are made; cr's path is cleared. */
void canvas_take_path(cairo_t *cr, scene_role role, const scene_paint *paints, size_t count);
/* cr's current path as a clip of cr's scene (the items after it drawn
 * within it until scene_unclip); cr's path is cleared. */
void canvas_take_clip(cairo_t *cr, scene_role role, bool even_odd);

#endif
