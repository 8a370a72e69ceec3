/* Weave mazes: making, counting and checking crossings (core/weave.c). */
#ifndef MEIRO_SRC_CORE_WEAVE_H
#define MEIRO_SRC_CORE_WEAVE_H

#include "core/grid.h"

/* Whether a generator at cell `a` may tunnel in direction d under its
 * neighbour b into the cell c beyond: b a straight corridor across d (and
 * not a crossing), c on the grid, in the maze and not yet seen (seen[c] 0),
 * a no crossing itself. Rectangles only. */
bool weave_can_cross(const meiro_maze *m, grid_at a, unsigned d, const uint8_t *seen);

/* Tunnels from a in direction d under its neighbour (weave_can_cross said
 * yes): opens both walls, marks the crossing; returns c, the cell beyond. */
size_t weave_cross(meiro_maze *m, size_t a, unsigned d);

/* The number of crossings (0 on other grids). */
uint64_t weave_count(const meiro_maze *m);

/* Whether a cell's crossing, if it has one, is well formed (maze check). */
bool weave_cell_ok(const meiro_maze *m, grid_at at);

#endif /* MEIRO_SRC_CORE_WEAVE_H */
