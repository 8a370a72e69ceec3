/* The pre-braille progression (--tactile-level, MEIRO_JOB_TACTILE_LEVEL):
 * the mazes a child learns to read with the fingers, one level after
 * another, for the tactile sheet (--print tactile):
 *   1 line       a straight line, S at its left end, G at its right
 *   2 turns      a line winding back and forth (four turns), no branch
 *   3 fork       a Y: one way splits, one arm to G, the other a dead end
 *   4 crossings  a straight way down, crossed by two lines, each a dead
 *                end both ways
 *   5 maze       a small classic maze (4 x 5 cells, dig, S and G in
 *                opposite corners)
 * Levels 1 to 4 are rectangles whose cells off the figure are outside
 * its mask; the seed mirrors the figures of levels 2 to 4 (across, down
 * or both) and makes the maze of level 5. Each is perfect, S and G on it, and fits an
 * A5 sheet at the tactile cell. */
#ifndef MEIRO_SRC_GEN_TACTILE_LEVELS_H
#define MEIRO_SRC_GEN_TACTILE_LEVELS_H

#include "meiro.h"

#define TACTILE_LEVEL_MAZE 5 /* the last level */

/* The maze's cells across and down for the level (1..5). */
void tactile_level_size(unsigned level, uint32_t *w, uint32_t *h);
/* The level's maze; NULL and err filled outside 1..5 or out of memory. */
meiro_maze *gen_tactile_level(unsigned level, uint64_t seed, meiro_error *err);

#endif /* MEIRO_SRC_GEN_TACTILE_LEVELS_H */
