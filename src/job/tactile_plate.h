/* A tactile sheet as a 3D-printed plate (--print tactile -f stl|3mf): the
 * sheet's maze, symbols and braille raised on a base. */
#ifndef MEIRO_SRC_JOB_TACTILE_PLATE_H
#define MEIRO_SRC_JOB_TACTILE_PLATE_H

#include "meiro.h"

#include <stdio.h>

/* Heights above the base (mm): lines a finger follows; S and G taller, so
 * that they are told from the lines by height too; braille's dots domed
 * (a foot, then a top 0.9 mm across) to the standard 0.5 mm */
#define PLATE_LINE_MM 1.5
#define PLATE_SYMBOL_MM 3.0
#define PLATE_DOT_MM 0.5
#define PLATE_DOT_FOOT_MM 0.3
/* The raised parts are laid on a grid of this step (a 0.4 mm nozzle
 * prints no finer) */
#define PLATE_STEP_MM 0.3

/* Writes maze m (a rectangle's) as a tactile
 * plate in STL (binary, or ascii) or 3MF: a base 2 mm thick, the
 * corridors' centre-lines raised as the sheet draws them (19 mm cells,
 * lines 1.5 mm wide), S a disc and G a square 13 mm across, a key of the
 * two with their braille labels under the maze, the title in braille
 * above it, every braille dot a dome 1.5 mm across; no print (a plate is
 * read with the fingers). The raised parts are one closed mesh (their
 * union, on PLATE_STEP_MM's grid), the base another under it.
 * MEIRO_ERROR_ARGUMENT for another grid, and for a plate larger than a
 * printer's bed (SOLID_BED_MM), naming its size. */
meiro_status tactile_plate_write(const meiro_maze *m, const meiro_export_options *opt,
                                 meiro_format format, FILE *out, meiro_error *err);

#endif
