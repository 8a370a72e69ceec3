/* Traces: a recording of the steps of a generator and a solver, and their
 * replay into the maze and path they made. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "watch/trace.h"

#include <stdlib.h>
#include <string.h>

struct meiro_trace {
    meiro_event *events;
    size_t count, cap;
    bool failed, mixed;       /* a step was lost; two grids were told */
    bool has_grid, bad_shape; /* a run outside the shape off the grid, or before it */
    uint32_t w, h;
    uint8_t *inside; /* w * h, 1 = inside the shape; NULL: no cell was told outside */
};

meiro_trace *meiro_trace_new(void) { return zalloc(1, sizeof(meiro_trace)); }

void meiro_trace_free(meiro_trace *trace)
{
    if (!trace) return;
    free(trace->events);
    free(trace->inside);
    free(trace);
}

static void record(void *ctx, const meiro_event *ev)
{
    meiro_trace *t = ctx;
    if (ev->kind == MEIRO_EVENT_GRID) { /* the size, kept apart from the steps */
        if (t->has_grid && (t->w != ev->x || t->h != ev->y)) t->mixed = true;
        t->has_grid = true;
        t->w = ev->x;
        t->h = ev->y;
        return;
    }
    if (ev->kind == MEIRO_EVENT_OUTSIDE) { /* the shape: kept apart too */
        if (!t->has_grid || t->mixed || ev->x >= t->w || ev->y >= t->h ||
            ev->value > t->w - ev->x) {
            t->bad_shape = true;
            return;
        }
        size_t n = (size_t)t->w * t->h;
        if (!t->inside && (t->inside = alloc_array(n, 1)) != NULL) memset(t->inside, 1, n);
        if (!t->inside) t->failed = true;
        else memset(t->inside + (size_t)ev->y * t->w + ev->x, 0, ev->value);
        return;
    }
    if (t->failed) return;
    if (t->count == t->cap &&
        !vec_reserve(&t->events, &t->cap, t->count + 1, sizeof *t->events, 1024)) {
        t->failed = true;
        return;
    }
    t->events[t->count++] = *ev;
}

meiro_observer meiro_trace_observer(meiro_trace *trace) { return (meiro_observer){record, trace}; }
size_t meiro_trace_count(const meiro_trace *trace) { return trace->count; }
const meiro_event *meiro_trace_events(const meiro_trace *trace) { return trace->events; }
meiro_status meiro_trace_status(const meiro_trace *trace)
{
    return trace->failed ? MEIRO_ERROR_NOMEM : trace->mixed ? MEIRO_ERROR_ARGUMENT : MEIRO_OK;
}

bool meiro_trace_grid(const meiro_trace *trace, uint32_t *width, uint32_t *height)
{
    if (!trace->has_grid) return false;
    *width = trace->w;
    *height = trace->h;
    return true;
}

const uint8_t *trace_inside(const meiro_trace *trace) { return trace->inside; }

static const char *const dir_name[DIR_COUNT] = {"north", "east", "south", "west"};

meiro_status trace_check(const meiro_trace *trace, uint32_t w, uint32_t h, meiro_error *err)
{
    if (trace->failed)
        return fail(err, MEIRO_ERROR_NOMEM,
                    "the trace is incomplete: out of memory while recording");
    if (trace->mixed)
        return fail(err, MEIRO_ERROR_ARGUMENT, "the trace watched two grids of different sizes");
    if (trace->bad_shape)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "the trace tells cells outside the shape before its grid, or off it");
    for (size_t k = 0; k < trace->count; k++) {
        const meiro_event *e = &trace->events[k];
        if (e->kind == MEIRO_EVENT_OPEN_ALL) continue;
        if (e->x >= w || e->y >= h)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "step %zu of the trace is at cell (%lu, %lu), outside the %lu x %lu grid",
                        k + 1, (unsigned long)e->x, (unsigned long)e->y, (unsigned long)w,
                        (unsigned long)h);
        /* a crossing: a cell either side along its tunnel */
        if (e->kind == MEIRO_EVENT_CROSS &&
            (e->dir >= MEIRO_NO_DIR ||
             ((e->dir & 1u) ? e->x == 0 || e->x + 1 >= w : e->y == 0 || e->y + 1 >= h)))
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "step %zu of the trace puts a crossing at cell (%lu, %lu), where its "
                        "tunnel has no cell on one side",
                        k + 1, (unsigned long)e->x, (unsigned long)e->y);
        if (e->kind != MEIRO_EVENT_CARVE && e->kind != MEIRO_EVENT_BUILD) continue;
        bool inner = (e->dir == MEIRO_NORTH && e->y > 0) ||
                     (e->dir == MEIRO_SOUTH && e->y + 1 < h) ||
                     (e->dir == MEIRO_WEST && e->x > 0) || (e->dir == MEIRO_EAST && e->x + 1 < w);
        if (!inner)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "step %zu of the trace changes the %s wall of cell (%lu, %lu): "
                        "that is the outer wall",
                        k + 1, e->dir < MEIRO_NO_DIR ? dir_name[e->dir] : "unnamed",
                        (unsigned long)e->x, (unsigned long)e->y);
    }
    return MEIRO_OK;
}

meiro_status meiro_trace_replay(const meiro_trace *trace, meiro_maze **maze, meiro_path *path,
                                meiro_error *err)
{
    *maze = NULL;
    if (path) *path = (meiro_path){NULL, 0, 0};
    if (!trace->has_grid)
        return fail(
            err, MEIRO_ERROR_ARGUMENT,
            "the trace knows no grid: record it from meiro_generate or meiro_solve_watched");
    meiro_status s = trace_check(trace, trace->w, trace->h, err);
    if (s != MEIRO_OK) return s;
    meiro_error own;
    meiro_maze *m = meiro_maze_new(trace->w, trace->h, err ? err : &own);
    if (!m) return err ? err->status : own.status;
    if (trace->inside && (s = meiro_maze_set_mask(m, trace->inside, err)) != MEIRO_OK) {
        meiro_maze_free(m);
        return s;
    }
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
        switch (e->kind) { /* trace_check: every step is on the grid */
        case MEIRO_EVENT_CARVE:
        case MEIRO_EVENT_BUILD:
            maze_set_wall(m, e->x, e->y, e->dir, e->kind == MEIRO_EVENT_CARVE);
            break;
        case MEIRO_EVENT_OPEN_ALL: maze_open_all(m); break;
        case MEIRO_EVENT_CROSS:
            m->cells[cell_index(m, e->x, e->y)] |= cell_under_bit(e->dir);
            m->weave = true;
            break;
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
