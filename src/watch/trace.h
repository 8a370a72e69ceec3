/* What the player and the replay share: checking a trace against its grid
 * before any step is applied, and the shape it was told. */
#ifndef MEIRO_SRC_WATCH_TRACE_H
#define MEIRO_SRC_WATCH_TRACE_H

#include "meiro.h"

/* MEIRO_OK if every step of the trace lies on a w x h grid and every wall
 * step names an inner wall; MEIRO_ERROR_ARGUMENT naming the first step that
 * does not (the outer wall is changed only through S and G doors). Also
 * fails for an incomplete trace (MEIRO_ERROR_NOMEM) or one of two grids. */
meiro_status trace_check(const meiro_trace *trace, uint32_t w, uint32_t h, meiro_error *err);

/* The shape the trace was told (MEIRO_EVENT_OUTSIDE): w * h bytes, 1 for a
 * cell inside; NULL when no cell was outside. */
const uint8_t *trace_inside(const meiro_trace *trace);

#endif /* MEIRO_SRC_WATCH_TRACE_H */
