/* Traces: a recording of the steps of a generator and a solver, and their
 * replay into the maze and path they made. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"

#include <stdlib.h>

struct meiro_trace {
    meiro_event *events;
    size_t count, cap;
    bool failed;
};

meiro_trace *meiro_trace_new(void) { return calloc(1, sizeof(meiro_trace)); }

void meiro_trace_free(meiro_trace *trace)
{
    if (!trace) return;
    free(trace->events);
    free(trace);
}

static void record(void *ctx, const meiro_event *ev)
{
    meiro_trace *t = ctx;
    if (t->failed) return;
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        meiro_event *events = realloc_array(t->events, cap, sizeof *events);
        if (!events) {
            t->failed = true;
            return;
        }
        t->events = events;
        t->cap = cap;
    }
    t->events[t->count++] = *ev;
}

meiro_observer meiro_trace_observer(meiro_trace *trace) { return (meiro_observer){record, trace}; }
size_t meiro_trace_count(const meiro_trace *trace) { return trace->count; }
const meiro_event *meiro_trace_events(const meiro_trace *trace) { return trace->events; }
meiro_status meiro_trace_status(const meiro_trace *trace)
{
    return trace->failed ? MEIRO_ERROR_NOMEM : MEIRO_OK;
}

meiro_status meiro_trace_replay(const meiro_trace *trace, uint32_t width, uint32_t height,
                                meiro_maze **maze, meiro_path *path, meiro_error *err)
{
    *maze = NULL;
    if (path) *path = (meiro_path){NULL, 0, 0};
    if (trace->failed) return fail(err, MEIRO_ERROR_NOMEM, "the trace is incomplete");
    meiro_maze *m = meiro_maze_new(width, height, err);
    if (!m) return err ? err->status : MEIRO_ERROR_NOMEM;
    size_t cells = 0;
    for (size_t k = 0; k < trace->count; k++) cells += trace->events[k].kind == MEIRO_EVENT_PATH;
    if (path && cells) {
        path->cells = alloc_array(cells, sizeof *path->cells);
        if (!path->cells) {
            meiro_maze_free(m);
            return fail(err, MEIRO_ERROR_NOMEM, "out of memory replaying");
        }
    }
    for (size_t k = 0; k < trace->count; k++) {
        const meiro_event *e = &trace->events[k];
        bool inside = e->x < width && e->y < height;
        switch (e->kind) {
        case MEIRO_EVENT_CARVE:
        case MEIRO_EVENT_BUILD:
            if (inside && e->dir < 4)
                maze_set_wall(m, e->x, e->y, e->dir, e->kind == MEIRO_EVENT_CARVE);
            break;
        case MEIRO_EVENT_OPEN_ALL: maze_open_all(m); break;
        case MEIRO_EVENT_START:
            meiro_maze_set_start(m, (meiro_cell){e->x, e->y}, (meiro_dir)e->dir);
            break;
        case MEIRO_EVENT_GOAL:
            meiro_maze_set_goal(m, (meiro_cell){e->x, e->y}, (meiro_dir)e->dir);
            break;
        case MEIRO_EVENT_PATH:
            if (path && path->cells) path->cells[path->length++] = (meiro_cell){e->x, e->y};
            break;
        default: break; /* visits, fills and leaves change nothing */
        }
    }
    *maze = m;
    return MEIRO_OK;
}
