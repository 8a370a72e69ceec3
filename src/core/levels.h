/* Multi-level mazes: floors stacked in one rectangle, joined by stairs
 * (core/levels.c; the layout in core/model.h). */
#ifndef MEIRO_SRC_CORE_LEVELS_H
#define MEIRO_SRC_CORE_LEVELS_H

#include "core/grid.h"

/* The floor of row y (0 on a flat maze). */
static inline uint32_t level_of(const meiro_maze *m, uint32_t y)
{
    return m->levels ? y / m->floor_h : 0;
}

/* How the floors are drawn (page/layout.c, compose/draw_levels.c, the HTML
 * player): a grid of up to 3 floors a row, else two rows, floor k in
 * column k % levels_columns and row k / levels_columns; a floor takes w + 1
 * cells across (a cell apart) and floor_h + 2 down (its name in the row
 * above, a cell apart). levels_extent: the cells the grid of floors spans. */
static inline uint32_t levels_columns(uint32_t levels)
{
    return levels <= 3 ? levels : (levels + 1) / 2;
}

static inline void levels_extent(uint32_t w, uint32_t floor_h, uint32_t levels, double *ew,
                                 double *eh)
{
    uint32_t cols = levels_columns(levels), rows = (levels + cols - 1) / cols;
    *ew = (double)cols * (w + 1) - 1;
    *eh = (double)rows * (floor_h + 2) - 1;
}

/* Floor k's top-left corner in cells from the grid of floors' corner. */
static inline void level_origin(const meiro_maze *m, uint32_t k, double *x, double *y)
{
    uint32_t cols = levels_columns(m->levels);
    *x = (double)(k % cols) * (m->w + 1);
    *y = (double)(k / cols) * (m->floor_h + 2) + 1;
}

/* Numbers the stairs 1, 2, ... by their lower cell in id order (floor by
 * floor, row by row): num[id] (grid_total entries) is the number of the
 * stair on cell id, at both its ends, 0 elsewhere. Returns the count. */
uint32_t levels_number_stairs(const meiro_maze *m, uint32_t *num);

/* Whether the floors and stairs are well formed (maze check): no passage
 * between floors, stairs below the last floor, at most one a cell, none on
 * S or G, S on the first floor and G on the last. */
bool levels_ok(const meiro_maze *m, char *why, size_t size);

/* Sets the floors' fields of a w x h rectangle (h a multiple of levels):
 * what a reader does before it opens stairs. */
void levels_set(meiro_maze *m, unsigned levels);

#endif /* MEIRO_SRC_CORE_LEVELS_H */
