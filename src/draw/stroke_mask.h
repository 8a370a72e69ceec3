/* Round-capped strokes of one width rasterised straight into a coverage
 * mask, for the walls of a polar, hex or triangle maze on a picture (a PNG
 * band): a page holds up to a million short sides at every angle, and
 * cairo's stroker and scan converter spend four to six times a rectangle's
 * whole page on them; coverage by distance costs a few operations a pixel. */
#ifndef MEIRO_SRC_DRAW_STROKE_MASK_H
#define MEIRO_SRC_DRAW_STROKE_MASK_H

#include <cairo.h>
#include <stdbool.h>

typedef struct stroke_mask stroke_mask;

/* A mask over cr's clip on its target, for strokes of cr's line width in
 * cr's user space. NULL when cairo should stroke instead: the target is
 * not an image, the user space is rotated or stretched (the width would
 * change with the angle), or there is no memory for the mask. */
stroke_mask *stroke_mask_begin(cairo_t *cr);

/* The pen, in cr's user space at stroke_mask_begin: a move, and a line
 * from the current point (a round cap at each end, so joints are round). */
void stroke_mask_move(stroke_mask *k, double x, double y);
void stroke_mask_line(stroke_mask *k, double x, double y);

/* Paints cr's source through the mask (as cairo_stroke would, in the
 * clip) and frees the mask. */
void stroke_mask_end(stroke_mask *k, cairo_t *cr);

#endif
