/* A pen between trace_grid_walls and a PDF page's cairo pen that hands the
 * walls on as few long polylines: cairo's PDF surface prints a move and a
 * line for every wall that does not continue the last, and a hex page
 * has half a million of those; walked as trails through the joints they
 * are about half as many. */
#ifndef MEIRO_SRC_DRAW_TRAILS_H
#define MEIRO_SRC_DRAW_TRAILS_H

#include "draw/draw.h"

typedef struct trail_pen trail_pen;

/* A pen whose sides go on to `out`, the same walls in another order, an
 * arc that one or two chords follow within chord_mm (0: none) as those
 * chords; NULL without memory (then draw with `out` itself). */
trail_pen *trail_pen_new(const grid_pen *out, double chord_mm);
/* The pen to trace with (valid until trail_pen_free). */
grid_pen trail_pen_pen(trail_pen *t);
/* Hands on the walls still held, and frees the pen. */
void trail_pen_free(trail_pen *t);

#endif
