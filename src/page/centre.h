/* The corridors' centre-lines: the maze as a tree of lines through its
 * cells' centres (what a router, a plotter drawing corridors or a tactile
 * sheet wants), and the step between two neighbouring centres the answer's
 * line takes too. Page geometry in mm, no cairo: a grid_pen
 * (page/trails.h) takes the lines. */
#ifndef MEIRO_SRC_PAGE_CENTRE_H
#define MEIRO_SRC_PAGE_CENTRE_H

#include "core/model.h"
#include "page/layout.h"
#include "page/trails.h"

/* Where a grid lies on the page: its bounding box's top-left corner and
 * the millimetres of one grid unit (a rectangle's unit is its cell). */
typedef struct grid_view {
    double x0, y0, unit;
} grid_view;

grid_view grid_view_of(const meiro_maze *m, const page_layout *L);
/* Cell id's centre on the page. */
void grid_view_centre(const meiro_maze *m, const grid_view *v, size_t id, double *x, double *y);

/* From a's centre (the pen's current point) to b's, a neighbour's. On a
 * polar grid it keeps to the rings: along the ring between two cells of
 * one ring (a chord would cut the corner of the wall between the rings),
 * and from a ring to the next along the inner cell's ring to the outer
 * cell's angle, then straight out, through the middle of the outer cell's
 * inner side (a straight line would pass close by the end of the wall
 * between two cells that share an inner one). */
void centre_step(const meiro_maze *m, const grid_view *v, meiro_cell a, meiro_cell b,
                 const grid_pen *pen);

/* Every passage of the maze once, from the centre of the cell of lower id
 * to its neighbour's (a move, then centre_step): n - 1 lines for a perfect
 * maze of n cells; a polar grid's along its rings as centre_step goes,
 * but no stretch of a ring twice (split where the passages leave it).
 * Weave mazes' passages under a crossing are not neighbours' (the caller
 * refuses them). Walk them through a trail_pen to have them as long
 * strokes. */
void trace_centre_lines(const meiro_maze *m, const page_layout *L, const grid_pen *pen);

/* The centre-lines as segments (x0, y0, x1, y1 in mm), arcs as chords of
 * 3 degrees, into *segs (malloc'ed: free it) and *n: what a tactile page
 * measures its labels' room against and a tactile plate raises. false
 * without memory (*segs NULL). */
bool centre_segments(const meiro_maze *m, const page_layout *L, double (**segs)[4], size_t *n);
/* The same for what `trace` draws (a grid's walls: a tactile sheet's). */
bool pen_segments(void (*trace)(const meiro_maze *, const page_layout *, const grid_pen *),
                  const meiro_maze *m, const page_layout *L, double (**segs)[4], size_t *n);

#endif
