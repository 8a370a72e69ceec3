/* The canvas the page's drawing code draws on: no drawing library's, ours.
 * It carries what the drawing functions share while a page is composed —
 * the scene its items go into (page/scene.h), the colour texts are set in,
 * the part of the page that is drawn, the path being built, the fonts
 * matched — and nothing of the device: a backend draws the scene (cairo:
 * draw/scene_cairo.h, which also makes a canvas for a cairo context).
 *
 * Paths are built in the page's millimetres, as the scene holds them, with
 * steps named as cairo names them (a move, lines, arcs, rectangles, a
 * close), then handed over whole: canvas_take_path makes them items. */
#ifndef MEIRO_SRC_COMPOSE_CANVAS_H
#define MEIRO_SRC_COMPOSE_CANVAS_H

#include "page/scene.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A turn in radians, the angles of arcs. */
#define TAU 6.283185307179586

typedef struct measure_cache measure_cache;

typedef struct canvas {
    scene *scene;     /* where the items go */
    scene_rgb colour; /* the texts' colour */
    /* the part of the page that is drawn (x0, y0, x1, y1 in mm): a PNG
     * band's, or everything; walls outside it are left out */
    double view[4];
    /* drawn as pixels (a PNG, an animation's frames): a grid's walls go as
     * one stroke, unjoined, into the picture's stroke mask */
    bool picture;
    /* a grid's walls traced whatever the view (a PDF page's walls of its
     * own, which a booklet's imposition may show anywhere) */
    bool every_wall;
    measure_cache *measure; /* the fonts matched: the document's, else own */
    bool own_measure, measure_failed;
    meiro_error measure_err; /* why measuring failed: out of memory when empty */
    /* the path being built: steps as a scene's (scene_op), their numbers */
    uint8_t *ops;
    double *points;
    size_t op_count, op_cap, point_count, point_cap;
    bool has_point; /* a current point (cairo's: where an arc's line goes from) */
} canvas;

/* A canvas drawing into s (its sink draws or writes the items): the whole
 * page in view, black text. Takes no memory until used; canvas_free frees
 * what it took (not s). */
void canvas_init(canvas *cv, scene *s);
void canvas_free(canvas *cv);
/* The canvas's sticky error: its scene's (out of memory describing the
 * page, a path's steps too), or measuring a text's (out of memory, no
 * font of its family); MEIRO_OK without one. */
meiro_status canvas_status(const canvas *cv, meiro_error *err);

/* The colour texts are drawn in from now on. */
void canvas_set_colour(canvas *cv, double r, double g, double b);

/* The path: as cairo's functions of those names (an arc joined to the
 * path by a line from its current point; a new sub-path leaves none). */
void canvas_new_path(canvas *cv);
void canvas_new_sub_path(canvas *cv);
void canvas_move_to(canvas *cv, double x, double y);
void canvas_line_to(canvas *cv, double x, double y);
void canvas_arc(canvas *cv, double cx, double cy, double r, double a0, double a1);
void canvas_rectangle(canvas *cv, double x, double y, double w, double h);
void canvas_close_path(canvas *cv);

/* The path as items of the scene, one a paint (a fill and then its
 * outline: two); the path is cleared. */
void canvas_take_path(canvas *cv, scene_role role, const scene_paint *paints, size_t count);
/* The path as a clip (the items after it drawn within it until
 * scene_unclip); the path is cleared. */
void canvas_take_clip(canvas *cv, scene_role role, bool even_odd);

#endif
