/* The corridors' centre-lines (centre.h). */
#include "page/centre.h"
#include "core/alloc.h"
#include "core/grid.h"

#include <math.h>
#include <stdlib.h>

#define TAU 6.283185307179586

grid_view grid_view_of(const meiro_maze *m, const page_layout *L)
{
    return (grid_view){L->maze_x, L->maze_y, L->cell / grid_cell_units((meiro_grid)m->grid)};
}

void grid_view_centre(const meiro_maze *m, const grid_view *v, size_t id, double *x, double *y)
{
    double ux, uy;
    grid_centre(m, id, &ux, &uy);
    *x = v->x0 + ux * v->unit;
    *y = v->y0 + uy * v->unit;
}

/* An arc of the circle around (ox, oy) from angle a0 (the current point)
 * to angle a1, the short way round. */
static void ring_arc(const grid_pen *pen, double ox, double oy, double r, double a0, double a1)
{
    double d = remainder(a1 - a0, TAU);
    if (d < 0) pen->arc(pen->ctx, ox, oy, -r, a0 + d, a0);
    else pen->arc(pen->ctx, ox, oy, r, a0, a0 + d);
}

void centre_step(const meiro_maze *m, const grid_view *v, meiro_cell a, meiro_cell b,
                 const grid_pen *pen)
{
    double px, py, x, y;
    grid_view_centre(m, v, grid_id(m, a), &px, &py);
    grid_view_centre(m, v, grid_id(m, b), &x, &y);
    if (m->grid != MEIRO_GRID_POLAR || a.y == 0 || b.y == 0) { /* the disc's centre is the grid's */
        pen->line(pen->ctx, x, y);
        return;
    }
    double ox = v->x0 + m->h * v->unit, oy = v->y0 + m->h * v->unit; /* the grid's centre */
    double a0 = atan2(py - oy, px - ox), a1 = atan2(y - oy, x - ox);
    double r0 = hypot(px - ox, py - oy), r1 = hypot(x - ox, y - oy);
    if (a.y == b.y) {
        ring_arc(pen, ox, oy, r0, a0, a1);
    } else if (a.y < b.y) { /* outwards */
        ring_arc(pen, ox, oy, r0, a0, a1);
        pen->line(pen->ctx, x, y);
    } else { /* inwards */
        pen->line(pen->ctx, ox + r1 * cos(a0), oy + r1 * sin(a0));
        ring_arc(pen, ox, oy, r1, a0, a1);
    }
}

/* A cell of a polar grid's rings (not the centre): along its ring, the
 * arc through its centre out to where each outward passage leaves it and
 * to the side it shares with a neighbour on its ring (whose own arc meets
 * it there), split at each of those, then straight out to each outward
 * neighbour's centre; the passages inwards are the inner cells' to draw.
 * Each line once: a passage out along the ring and another along it to
 * the next cell would overlap (centre_step's way, the answer's). */
static void polar_cell(const meiro_maze *m, const grid_view *v, size_t id, const grid_pen *pen)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    size_t n = grid_total(m);
    unsigned open = grid_exits(m, grid_at_exits(m, id), next, back);
    meiro_cell c = grid_cell(m, id);
    double ox = v->x0 + m->h * v->unit, oy = v->y0 + m->h * v->unit; /* the grid's centre */
    double x, y;
    grid_view_centre(m, v, id, &x, &y);
    double a = atan2(y - oy, x - ox), r = hypot(x - ox, y - oy);
    /* the stations along the ring, as angles off the centre's: 0 first */
    double at[GRID_MAX_SIDES + 1] = {0};
    size_t out[GRID_MAX_SIDES];
    unsigned stations = 1, outs = 0;
    for (unsigned side = 0; open; side++, open >>= 1) {
        if (!(open & 1u) || next[side] >= n) continue;
        meiro_cell b = grid_cell(m, next[side]);
        if (b.y < c.y) continue;
        double bx, by;
        grid_view_centre(m, v, next[side], &bx, &by);
        double d = remainder(atan2(by - oy, bx - ox) - a, TAU);
        at[stations++] = b.y == c.y ? d / 2 : d; /* the shared side, or under the outer centre */
        if (b.y > c.y) out[outs++] = next[side];
    }
    for (unsigned i = 1; i < stations; i++) /* a few: sorted in place */
        for (unsigned k = i; k > 0 && at[k] < at[k - 1]; k--) {
            double t = at[k];
            at[k] = at[k - 1], at[k - 1] = t;
        }
    for (unsigned i = 0; i + 1 < stations; i++) {
        if (!(at[i + 1] > at[i])) continue;
        pen->move(pen->ctx, ox + r * cos(a + at[i]), oy + r * sin(a + at[i]));
        pen->arc(pen->ctx, ox, oy, r, a + at[i], a + at[i + 1]);
    }
    for (unsigned k = 0; k < outs; k++) {
        double bx, by;
        grid_view_centre(m, v, out[k], &bx, &by);
        double d = atan2(by - oy, bx - ox);
        pen->move(pen->ctx, ox + r * cos(d), oy + r * sin(d));
        pen->line(pen->ctx, bx, by);
    }
}

void trace_centre_lines(const meiro_maze *m, const page_layout *L, const grid_pen *pen)
{
    grid_view v = grid_view_of(m, L);
    size_t n = grid_total(m);
    for (size_t id = 0; id < n; id++) {
        meiro_cell c = grid_cell(m, id);
        if (m->grid == MEIRO_GRID_POLAR && c.y > 0) {
            polar_cell(m, &v, id, pen);
            continue;
        }
        size_t next[GRID_MAX_SIDES];
        unsigned back[GRID_MAX_SIDES];
        unsigned open = grid_exits(m, grid_at_exits(m, id), next, back);
        for (unsigned side = 0; open; side++, open >>= 1) {
            if (!(open & 1u) || next[side] < id || next[side] >= n) continue; /* a door out */
            double x, y;
            grid_view_centre(m, &v, id, &x, &y);
            pen->move(pen->ctx, x, y);
            centre_step(m, &v, c, grid_cell(m, next[side]), pen); /* the polar centre's: straight */
        }
    }
}

/* ---- The centre-lines as segments ---- */

typedef struct segs {
    double (*v)[4];
    size_t n, cap;
    double x, y; /* the pen's point */
    bool failed; /* out of memory */
} segs;

static void segs_add(segs *l, double x0, double y0, double x1, double y1)
{
    if (!vec_reserve(&l->v, &l->cap, l->n + 1, sizeof *l->v, 64)) {
        l->failed = true;
        return;
    }
    double *v = l->v[l->n++];
    v[0] = x0, v[1] = y0, v[2] = x1, v[3] = y1;
}

static void segs_move(void *ctx, double x, double y)
{
    segs *l = ctx;
    l->x = x, l->y = y;
}

static void segs_line(void *ctx, double x, double y)
{
    segs *l = ctx;
    segs_add(l, l->x, l->y, x, y);
    l->x = x, l->y = y;
}

static void segs_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    segs *l = ctx;
    double R = fabs(r);
    int n = (int)ceil((a1 - a0) / (TAU / 120)) + 1;
    for (int k = 1; k <= n; k++) {
        double a = a0 + (a1 - a0) * (k - 1) / n, b = a0 + (a1 - a0) * k / n;
        segs_add(l, cx + R * cos(a), cy + R * sin(a), cx + R * cos(b), cy + R * sin(b));
    }
    double end = r < 0 ? a0 : a1; /* r < 0: walked back */
    l->x = cx + R * cos(end), l->y = cy + R * sin(end);
}

bool centre_segments(const meiro_maze *m, const page_layout *L, double (**out)[4], size_t *n)
{
    return pen_segments(trace_centre_lines, m, L, out, n);
}

bool pen_segments(void (*trace)(const meiro_maze *, const page_layout *, const grid_pen *),
                  const meiro_maze *m, const page_layout *L, double (**out)[4], size_t *n)
{
    segs l = {0};
    trace(m, L, &(grid_pen){segs_move, segs_line, segs_arc, &l});
    if (l.failed) {
        free(l.v);
        l.v = NULL, l.n = 0;
    }
    *out = l.v;
    *n = l.n;
    return !l.failed;
}
