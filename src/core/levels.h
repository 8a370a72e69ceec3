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
