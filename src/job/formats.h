/* What the format table (formats.c) tells the rest of the top. */
#ifndef MEIRO_SRC_JOB_FORMATS_H
#define MEIRO_SRC_JOB_FORMATS_H

#include "meiro.h"
#include "solid/solid.h"

/* Refuses, with "out of memory" and the figure, a `ulimit -v` below what
 * a width x height maze takes to write in `format` (its row's memory). */
meiro_status format_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err);

/* meiro_write and meiro_save with a 3D print's sizes (what a job writes:
 * job.c, meiro_job_save); solid NULL: the defaults; formats that print
 * no 3D take no notice of it. */
meiro_status format_write(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                          const meiro_export_options *opt, const solid_sizes *solid, FILE *out,
                          meiro_error *err);
meiro_status format_save(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                         const meiro_export_options *opt, const solid_sizes *solid,
                         const char *filename, meiro_error *err);

#endif /* MEIRO_SRC_JOB_FORMATS_H */
