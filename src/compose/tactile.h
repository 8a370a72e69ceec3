/* A sheet for swell (capsule) paper, read with the fingers (--print
 * tactile): the maze as its corridors' centre-lines raised (or, with
 * --draw walls, its walls around corridors a finger follows),
 * S a filled circle and G a filled square, a key of the two with their braille and
 * print labels, the title in braille and print; pure black, nothing else
 * (no frame, answer, badge or footer). The sizes follow APH's guidelines
 * for tactile graphics: lines a reader must tell apart at least 1/4 in
 * (6.35 mm) apart, symbols at least 1/2 in (12.7 mm) across. */
#ifndef MEIRO_SRC_COMPOSE_TACTILE_H
#define MEIRO_SRC_COMPOSE_TACTILE_H

#include "compose/document.h"

#include <math.h>


#define TACTILE_APART_MM 6.35  /* 1/4 in: the least gap between lines told apart */
#define TACTILE_SYMBOL_MM 13.0 /* S and G across: 1/2 in and a little */
#define TACTILE_LINE_MM 1.5    /* a raised line, as swell paper raises it well */
/* The cell: from S or G's centre to the nearest line not its own there
 * must be the square's half diagonal (9.19), the gap and half a line:
 * 16.29 mm, which a rectangle's cells give at 16.3 mm (that line passes a
 * cell away) and hexagons' and triangles' at 18.8 (0.87 of a cell away);
 * then lines pass 17.5 mm apart and more (tests/test_tactile.c measures
 * both on every grid) */
#define TACTILE_CELL_MM 19.0
/* A wall sheet (--draw walls): the walls raised around corridors a finger
 * follows. Every opening between two walls' edges is at least a
 * fingertip wide (5/8 in, an adult's; a child's is less), and S and G sit
 * 1/4 in clear of every wall's edge: the cells that gives each grid are
 * tactile_wall_cell's. */
#define TACTILE_FINGER_MM 15.875
/* A wall sheet's least cell for m, in mm (S's disc and G's square, 13 mm
 * across, 1/4 in and half a wall clear of their cell's walls, and the
 * finger's openings; rounded up to the millimetre, so the gaps as drawn
 * are above the rule rather than at it where rounding decides):
 * - a rectangle: G's sides along the walls, 2 x (6.5 + 6.35 + 0.75) = 27.2:
 *   28 mm, a corridor 26.5 mm wide;
 * - hexagons and triangles (the cell their inscribed circle's diameter): G's
 *   square reaches 6.5 (cos 30 + sin 30) = 8.88 mm toward a side at 60
 *   degrees: 32 mm; a hexagon's side (its door) then 18.5 mm, 17 between
 *   the walls' edges, where a finger's needs 30.1 mm cells;
 * - a polar maze (the cell a ring's width): G's half diagonal (9.19 mm, at
 *   any turn) from the ring's arcs: 32.6 mm; and from the side walls of
 *   every ring's cells (S and G may stand in any), (y + 0.5) cell x
 *   sin(pi / n) from a centre in ring y of n cells: 33 mm for 2 or 3 rings,
 *   36 from the fourth, 39 from the seventh, 43 from the fortieth (the
 *   limit 43.4).
 * Tests measure the gaps and the openings on every grid's sheets. */
double tactile_wall_cell(const meiro_maze *m);

/* Draws puzzle page p of d (its first maze) as a tactile sheet in frame f
 * (in a booklet, headed by its maze's number and with its page number in
 * braille and print at the foot's right); MEIRO_ERROR_ARGUMENT naming the
 * largest maze that fits when the maze is too big for the paper at
 * TACTILE_CELL_MM (a wall sheet's: tactile_wall_cell). tactile_check: the
 * same refusals, drawing nothing (doc_plan's, before any page is drawn). */
meiro_status draw_tactile(canvas *cv, const document *d, const doc_page *p, const page_frame *f,
                          meiro_error *err);
meiro_status tactile_check(const document *d, const doc_page *p, const page_frame *f,
                           meiro_error *err);

/* A tactile booklet's contents page p: the booklet's title, then a line a
 * maze (its number, guide dots, its page) and one for the print key, each
 * in braille and print; MEIRO_ERROR_ARGUMENT when the lines do not fit the
 * one page (tactile_contents_check says so before anything is drawn). */
meiro_status draw_tactile_contents(canvas *cv, const document *d, const doc_page *p,
                                   const page_frame *f, meiro_error *err);
meiro_status tactile_contents_check(const document *d, const doc_page *p, const page_frame *f,
                                    meiro_error *err);

#endif /* MEIRO_SRC_COMPOSE_TACTILE_H */
