/* A pen between a tracer of walls (or of corridors' centre-lines) and the
 * pen it draws with, that hands the lines on as few long polylines: cairo's
 * PDF surface prints a move and a line for every wall that does not
 * continue the last, and a hex page has half a million of those; walked as
 * trails through the joints they are about half as many. A plotter's
 * strokes are joined the same way (page/machine.c). No cairo: page
 * geometry. */
#ifndef MEIRO_SRC_PAGE_TRAILS_H
#define MEIRO_SRC_PAGE_TRAILS_H

/* Where lines are traced to, in mm on the page: moves, lines, and arcs
 * clockwise on the page (angles rising, a1 > a0; a whole circle spans
 * 2 pi) that start at the current point or after a move; an arc with r < 0
 * is the one of radius -r walked back, from a1 to a0. */
typedef struct grid_pen {
    void (*move)(void *ctx, double x, double y);
    void (*line)(void *ctx, double x, double y);
    void (*arc)(void *ctx, double cx, double cy, double r, double a0, double a1);
    void *ctx;
} grid_pen;

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
