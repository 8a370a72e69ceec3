/* The player: a trace stepped frame by frame, with the state a viewer
 * draws. Generation colours each cell by its road (branch) number, as seed
 * 000 does; solving colours visited cells by their distance or step, greys
 * what dead-end filling closes and what depth-first walks back out of, and
 * marks the path. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "watch/trace.h"

#include <math.h>
#include <stdlib.h>

enum { PAINT_NONE, PAINT_ROAD, PAINT_VISIT, PAINT_LEFT, PAINT_FILL };

struct meiro_player {
    const meiro_event *events;
    size_t count, solve_from; /* events [0, solve_from) generate */
    size_t *ends;             /* frame f covers events [ends[f-1], ends[f]) */
    size_t frames, frame;
    meiro_maze *maze;
    uint8_t *paint;  /* PAINT_* per cell */
    uint32_t *value; /* road, distance or step per cell */
    uint8_t *path;
    uint32_t max_visit; /* to scale the colours of visits */
};

static bool is_solving(uint8_t kind)
{
    return kind == MEIRO_EVENT_VISIT || kind == MEIRO_EVENT_LEAVE || kind == MEIRO_EVENT_FILL ||
           kind == MEIRO_EVENT_PATH;
}

void meiro_player_free(meiro_player *p)
{
    if (!p) return;
    free(p->ends);
    meiro_maze_free(p->maze);
    free(p->paint);
    free(p->value);
    free(p->path);
    free(p);
}

/* Splits [from, to) into at most n frames of equal numbers of steps. */
static void split(meiro_player *p, size_t from, size_t to, unsigned n)
{
    size_t steps = to - from;
    if (!steps) return;
    size_t per = (steps + n - 1) / n;
    for (size_t at = from + per;; at += per) {
        p->ends[p->frames++] = at < to ? at : to;
        if (at >= to) break;
    }
}

meiro_player *meiro_player_new(const meiro_trace *trace, const meiro_maze *initial, unsigned frames,
                               meiro_error *err)
{
    uint32_t width, height;
    if (initial) {
        width = initial->w;
        height = initial->h;
    } else if (!meiro_trace_grid(trace, &width, &height)) {
        fail(err, MEIRO_ERROR_ARGUMENT,
             "the trace knows no grid: record it from meiro_generate or meiro_solve_watched, "
             "or give the maze it starts from");
        return NULL;
    }
    if (trace_check(trace, width, height, err) != MEIRO_OK) return NULL;
    if (frames < 1) frames = 1;
    meiro_player *p = zalloc(1, sizeof *p);
    if (!p) goto nomem;
    p->events = meiro_trace_events(trace);
    p->count = meiro_trace_count(trace);
    p->solve_from = p->count;
    for (size_t k = 0; k < p->count; k++) {
        if (is_solving(p->events[k].kind)) {
            if (p->solve_from == p->count) p->solve_from = k;
            if (p->events[k].kind == MEIRO_EVENT_VISIT && p->events[k].value > p->max_visit)
                p->max_visit = p->events[k].value;
        }
    }
    p->ends = alloc_array(2 * (size_t)frames + 2, sizeof *p->ends);
    p->maze = initial ? meiro_maze_clone(initial, err) : meiro_maze_new(width, height, err);
    /* a maze on a shape: its cells outside are no part of any frame */
    const uint8_t *inside = trace_inside(trace);
    if (p->maze && !initial && inside && meiro_maze_set_mask(p->maze, inside, err) != MEIRO_OK) {
        meiro_player_free(p);
        return NULL;
    }
    size_t n = (size_t)width * height;
    p->paint = zalloc(n, 1);
    p->value = zalloc(n, sizeof *p->value);
    p->path = zalloc(n, 1);
    if (!p->maze) {
        meiro_player_free(p);
        return NULL;
    }
    if (!p->ends || !p->paint || !p->value || !p->path) goto nomem;
    split(p, 0, p->solve_from, frames);
    split(p, p->solve_from, p->count, frames);
    return p;
nomem:
    meiro_player_free(p);
    fail(err, MEIRO_ERROR_NOMEM, "out of memory for the animation");
    return NULL;
}

static void paint(meiro_player *p, uint32_t x, uint32_t y, uint8_t how, uint32_t value)
{
    if (x >= p->maze->w || y >= p->maze->h) return;
    size_t i = cell_index(p->maze, x, y);
    p->paint[i] = how;
    p->value[i] = value;
}

static void apply(meiro_player *p, const meiro_event *e)
{
    meiro_maze *m = p->maze;
    bool inside = e->x < m->w && e->y < m->h;
    switch (e->kind) {
    case MEIRO_EVENT_CARVE:
    case MEIRO_EVENT_BUILD:
        if (!inside) break; /* trace_check keeps walls inside: a guard, not a rule */
        maze_set_wall(m, e->x, e->y, e->dir, e->kind == MEIRO_EVENT_CARVE);
        if (e->kind == MEIRO_EVENT_CARVE) { /* both cells join the road */
            paint(p, e->x, e->y, PAINT_ROAD, e->value);
            paint(p, e->x + (uint32_t)DIR_DX[e->dir], e->y + (uint32_t)DIR_DY[e->dir], PAINT_ROAD,
                  e->value);
        }
        break;
    case MEIRO_EVENT_OPEN_ALL: maze_open_all(m); break;
    case MEIRO_EVENT_START:
        meiro_maze_set_start(m, (meiro_cell){e->x, e->y}, (meiro_dir)e->dir);
        break;
    case MEIRO_EVENT_GOAL:
        meiro_maze_set_goal(m, (meiro_cell){e->x, e->y}, (meiro_dir)e->dir);
        break;
    case MEIRO_EVENT_CROSS: /* a tunnel under it: drawn as the page draws one */
        if (!inside) break;
        m->cells[cell_index(m, e->x, e->y)] |= cell_under_bit(e->dir);
        m->weave = true;
        paint(p, e->x, e->y, PAINT_ROAD, e->value);
        break;
    case MEIRO_EVENT_VISIT: paint(p, e->x, e->y, PAINT_VISIT, e->value); break;
    case MEIRO_EVENT_LEAVE: paint(p, e->x, e->y, PAINT_LEFT, e->value); break;
    case MEIRO_EVENT_FILL: paint(p, e->x, e->y, PAINT_FILL, e->value); break;
    case MEIRO_EVENT_PATH:
        if (inside) p->path[cell_index(m, e->x, e->y)] = 1;
        break;
    default: break;
    }
}

bool meiro_player_next(meiro_player *p)
{
    if (p->frame >= p->frames) return false;
    size_t from = p->frame ? p->ends[p->frame - 1] : 0, to = p->ends[p->frame];
    if (from == p->solve_from && from > 0) /* solving starts on a clean maze */
        for (size_t i = 0; i < (size_t)p->maze->w * p->maze->h; i++) p->paint[i] = PAINT_NONE;
    for (size_t k = from; k < to; k++) apply(p, &p->events[k]);
    p->frame++;
    return true;
}

size_t meiro_player_frame(const meiro_player *p) { return p->frame; }
size_t meiro_player_frames(const meiro_player *p) { return p->frames; }
bool meiro_player_solving(const meiro_player *p)
{
    return p->frame > 0 && p->ends[p->frame - 1] > p->solve_from;
}
const meiro_maze *meiro_player_maze(const meiro_player *p) { return p->maze; }

/* A pastel hue from 0..1. */
static uint32_t hue(double h, double s, double v)
{
    double r, g, b, f = h * 6 - floor(h * 6);
    double pp = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s);
    switch ((int)(h * 6) % 6) {
    case 0: r = v, g = t, b = pp; break;
    case 1: r = q, g = v, b = pp; break;
    case 2: r = pp, g = v, b = t; break;
    case 3: r = pp, g = q, b = v; break;
    case 4: r = t, g = pp, b = v; break;
    default: r = v, g = pp, b = q; break;
    }
    return (uint32_t)lround(r * 255) << 16 | (uint32_t)lround(g * 255) << 8 |
           (uint32_t)lround(b * 255);
}

uint32_t meiro_player_colour(const meiro_player *p, uint32_t x, uint32_t y)
{
    if (x >= p->maze->w || y >= p->maze->h) return MEIRO_NO_COLOUR;
    size_t i = cell_index(p->maze, x, y);
    switch (p->paint[i]) {
    case PAINT_ROAD: /* golden-ratio hues: neighbouring roads look different */
        return hue(fmod(p->value[i] * 0.6180339887, 1.0), 0.35, 0.97);
    case PAINT_VISIT: /* near S warm yellow, far away cool blue */
        return hue(0.15 + 0.5 * (p->max_visit ? (double)p->value[i] / p->max_visit : 0), 0.45,
                   0.98);
    case PAINT_LEFT: return MEIRO_COLOUR_LEFT;
    case PAINT_FILL: return MEIRO_COLOUR_FILLED;
    default: return MEIRO_NO_COLOUR;
    }
}

bool meiro_player_on_path(const meiro_player *p, uint32_t x, uint32_t y)
{
    return x < p->maze->w && y < p->maze->h && p->path[cell_index(p->maze, x, y)];
}

uint32_t meiro_player_value(const meiro_player *p, uint32_t x, uint32_t y)
{
    if (x >= p->maze->w || y >= p->maze->h) return UINT32_MAX;
    size_t i = cell_index(p->maze, x, y);
    return p->paint[i] == PAINT_VISIT ? p->value[i] : UINT32_MAX;
}
