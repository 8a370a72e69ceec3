/* Polar, hex and triangle grids: how their cells are numbered, which cells
 * are neighbours across each side, and the passages between them. A cell's
 * byte in maze->cells has bit k set when its side k is open; a passage is
 * kept on both of its cells. Cell ids run row by row: id = row start + x. */
#ifndef MEIRO_SRC_CORE_GRID_H
#define MEIRO_SRC_CORE_GRID_H

#include "core/model.h"

enum { GRID_MAX_SIDES = 8 };
#define GRID_NONE SIZE_MAX

/* A new maze on a polar, hex or triangle grid, every side closed. */
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

static inline bool grid_open(const meiro_maze *m, size_t id, unsigned side)
{
    return (m->cells[id] >> side) & 1u;
}

/* Opens or closes side `side` of cell id and the neighbour's side facing
 * it; tells the maze's observer (CARVE/BUILD with x, y, dir = side). */
void grid_set_side(meiro_maze *m, size_t id, unsigned side, bool open);

/* Invariants (passages kept on both cells, none through the border), and
 * whether the passages form a spanning tree. */
meiro_status grid_check(const meiro_maze *m, meiro_error *err);
meiro_status grid_is_perfect(const meiro_maze *m, bool *perfect, meiro_error *err);

#endif /* MEIRO_SRC_CORE_GRID_H */
