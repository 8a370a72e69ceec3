/* Polar, hex and triangle grids: how their cells are numbered, which cells
 * are neighbours across each side, and the passages between them. A cell's
 * byte in maze->cells has bit k set when its side k is open; a passage is
 * kept on both of its cells. Cell ids run row by row: id = row start + x. */
#ifndef MEIRO_SRC_CORE_GRID_H
#define MEIRO_SRC_CORE_GRID_H

#include "core/model.h"

enum { GRID_MAX_SIDES = 8 };
#define GRID_NONE SIZE_MAX

/* A new maze on a polar, hex or triangle grid, every side closed, S on the
 * first cell and G on the last (polar: the centre and the outer ring's
 * last cell). Polar takes h >= 2 rings and ignores w; hex and triangle take
 * at least 2 cells. */
meiro_maze *grid_new(meiro_grid grid, uint32_t w, uint32_t h, meiro_error *err);

/* All cells of the grid, and the conversions between ids and (x, y). */
size_t grid_total(const meiro_maze *m);
uint32_t grid_row_width(const meiro_maze *m, uint32_t y);
size_t grid_id(const meiro_maze *m, meiro_cell c);
meiro_cell grid_cell(const meiro_maze *m, size_t id);

/* The sides of cell id in clockwise order, the neighbour across one
 * (GRID_NONE at the border), and the side of that neighbour facing back. */
unsigned grid_sides(const meiro_maze *m, size_t id);
size_t grid_neighbour(const meiro_maze *m, size_t id, unsigned side);
unsigned grid_back_side(const meiro_maze *m, size_t id, unsigned side);
/* Both at once: the neighbour across `side`, and in *back its side facing
 * back (set only when there is a neighbour). */
size_t grid_across(const meiro_maze *m, size_t id, unsigned side, unsigned *back);
/* All neighbours of cell id at once, by side (GRID_NONE at the border):
 * what the generators and solvers loop over. Returns the number of sides. */
unsigned grid_links(const meiro_maze *m, size_t id, size_t next[GRID_MAX_SIDES]);
/* The same with the side of each neighbour facing back. */
unsigned grid_links_back(const meiro_maze *m, size_t id, size_t next[GRID_MAX_SIDES],
                         unsigned back[GRID_MAX_SIDES]);
/* The same for a cell whose (x, y) the caller keeps (a walk), without the
 * division or ring search that finds it from the id; and the (x, y) of the
 * neighbour across a side that has one. */
unsigned grid_links_at(const meiro_maze *m, size_t id, meiro_cell c, size_t next[GRID_MAX_SIDES],
                       unsigned back[GRID_MAX_SIDES]);
meiro_cell grid_cell_across(const meiro_maze *m, meiro_cell c, unsigned side);

static inline bool grid_open(const meiro_maze *m, size_t id, unsigned side)
{
    return (m->cells[id] >> side) & 1u;
}

/* Opens or closes side `side` of cell id and the neighbour's side facing
 * it; tells the maze's observer (CARVE/BUILD with x, y, dir = side). */
void grid_set_side(meiro_maze *m, size_t id, unsigned side, bool open);

/* Tells the observer of a side opened or closed (out of line: rarely
 * watched). */
void grid_notify(meiro_maze *m, size_t id, unsigned side, bool open);

/* Opens side `side` of cell id towards j, whose side `back` faces it (from
 * grid_links_back): the generators' innermost step. */
static inline void grid_join(meiro_maze *m, size_t id, unsigned side, size_t j, unsigned back)
{
    m->cells[id] |= (uint8_t)(1u << side);
    m->cells[j] |= (uint8_t)(1u << back);
    if (UNLIKELY(m->obs)) grid_notify(m, id, side, true);
}

/* The number of open sides of cell id (passages are kept on both cells). */
static inline unsigned grid_degree(const meiro_maze *m, size_t id)
{
    return (unsigned)__builtin_popcount(m->cells[id]);
}

/* ---- Geometry, in cell units with y down and (0, 0) the top-left corner of
 * the grid's bounding box; what drawing and the JSON writer share.
 * polar: at least 2 rings; the maze's width is the outer ring's cells (the
 *   widest), so any (x, y) fits a width x height array. Ring y spans radii y .. y + 1 around (rings, rings); the centre
 *   disc has radius 1. Ring 1 has 6 cells; ring y has the cells of ring
 *   y - 1 times round(2 pi y / cells of ring y - 1) (1 or 2, so cells stay
 *   near-square). Cell x of ring y >= 1 spans angles 2 pi x / n .. 2 pi
 *   (x + 1) / n clockwise from the top. Sides: 0 inward, 1 the neighbour
 *   at the smaller angle, 2 .. 2 + k - 1 the k cells outward by angle (one
 *   border side on the outer ring), last the neighbour at the larger angle.
 *   The centre disc's sides are the cells of ring 1 by angle.
 * hex: flat-topped hexagons of side 1 (width 2, height sqrt 3); column x at
 *   1.5 x, odd columns half a cell lower. Sides 0 N, 1 NE, 2 SE, 3 S, 4 SW,
 *   5 NW.
 * triangle: sides 1 long, height sqrt 3 / 2; cell x of row y spans x / 2 ..
 *   x / 2 + 1 across. (x + y) even points up: sides 0 right, 1 base (below),
 *   2 left; otherwise down: 0 top (above), 1 right, 2 left. */
/* Every side runs clockwise around its cell, from (x0, y0) to (x1, y1): side
 * k ends where side k + 1 starts, and the neighbour across it sees the same
 * side reversed. An arc runs from angle a0 to a1 (clockwise when a1 > a0,
 * cairo_arc; else cairo_arc_negative). */
typedef struct grid_side_shape {
    bool arc;              /* a polar arc around (cx, cy), else a segment */
    double x0, y0, x1, y1; /* the segment, or the arc's two ends */
    double cx, cy, r, a0, a1; /* the arc: centre, radius, angles (radians,
                                 cairo's convention: 0 = east, clockwise) */
} grid_side_shape;

/* The size of the bounding box, a cell's centre (a point inside it where a
 * path or a mark is drawn), and where side `side` of cell id lies. */
void grid_extent(const meiro_maze *m, double *width, double *height);
void grid_centre(const meiro_maze *m, size_t id, double *x, double *y);
void grid_side(const meiro_maze *m, size_t id, unsigned side, grid_side_shape *shape);

/* Invariants (passages kept on both cells, none through the border), and
 * whether the passages form a spanning tree. */
meiro_status grid_check(const meiro_maze *m, meiro_error *err);
meiro_status grid_is_perfect(const meiro_maze *m, bool *perfect, meiro_error *err);

#endif /* MEIRO_SRC_CORE_GRID_H */
