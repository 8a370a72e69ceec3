/* What the format table (formats.c) tells the rest of the top. */
#ifndef MEIRO_SRC_JOB_FORMATS_H
#define MEIRO_SRC_JOB_FORMATS_H

#include "meiro.h"

/* Refuses, with "out of memory" and the figure, a `ulimit -v` below what
 * a width x height maze takes to write in `format` (its row's memory). */
meiro_status format_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err);

#endif /* MEIRO_SRC_JOB_FORMATS_H */
