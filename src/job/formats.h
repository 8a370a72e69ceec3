/* What the format table (formats.c) tells the rest of the top. */
#ifndef MEIRO_SRC_JOB_FORMATS_H
#define MEIRO_SRC_JOB_FORMATS_H

#include "meiro.h"
#include "page/machine.h"
#include "solid/solid.h"

/* Refuses, with "out of memory" and the figure, a `ulimit -v` below what
 * a width x height maze takes to write in `format` (its row's memory). */
meiro_status format_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err);

/* meiro_export_grid_cell_mm's checks with the drawing's and the
 * machines' settings (NULL: the defaults): a tactile sheet's walls take
 * larger cells. */
meiro_status format_size_check(meiro_grid grid, uint32_t width, uint32_t height,
                               meiro_format format, const meiro_export_options *opt,
                               const machine_options *machine, meiro_error *err);

/* meiro_write and meiro_save with the settings no options struct holds
 * (what a job writes: job.c, meiro_job_save): a 3D print's sizes, the
 * drawing's and the machines'; NULL: the defaults. A format takes notice
 * of those it can show (the machines' are checked against the format:
 * machine_check). */
meiro_status format_write(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                          const meiro_export_options *opt, const solid_sizes *solid,
                          const machine_options *machine, FILE *out, meiro_error *err);
meiro_status format_save(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                         const meiro_export_options *opt, const solid_sizes *solid,
                         const machine_options *machine, const char *filename, meiro_error *err);

#endif /* MEIRO_SRC_JOB_FORMATS_H */
