/* What writing a maze costs in memory (memory.c), asked before work. */
#ifndef MEIRO_SRC_JOB_MEMORY_H
#define MEIRO_SRC_JOB_MEMORY_H

#include "meiro.h"

/* Refuses, with "out of memory" and the figure, a `ulimit -v` below what
 * a width x height maze takes to write in `format` (memory.c). */
meiro_status export_memory_check(meiro_format format, uint32_t width, uint32_t height,
                                 meiro_error *err);

#endif /* MEIRO_SRC_JOB_MEMORY_H */
