/* A maze as a print: the plan of its base and walls built from the cell
 * graph (core/grid.h), and the answer's line, extruded into closed meshes
 * (plan.c).
 *
 * The walls are the union of every closed side, thickened: not boxes laid
 * over each other (each closed, together full of inner faces), but the
 * plane cut into pieces that meet edge to edge, each wholly wall or wholly
 * floor: a cell's room (the cell inset by half a wall), a strip along
 * each side between two rooms (or a room and the outside: the outer
 * wall), and a post at each corner where three or more rooms (or the
 * outside) meet, the polygon of their rooms' corners. A strip is wall when
 * its side is closed, a post when a strip beside it is, a room when its
 * cell is out of the maze (a shape's). Every piece is in the base (S's
 * and G's rooms in its lower part: pockets to start and stop in); so the
 * base and the walls are one closed surface, and rooms and walls touch
 * along whole edges only (a post stands wherever two of its strips do). */
#include "solid/plan.h"

#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The largest gap between an arc and its chords: smooth to a printer
 * (a tenth of a 0.2 mm layer line's width). */
#define ARC_ERROR_MM 0.02
/* Points closer than this are one (the same corner worked out from two
 * cells); the plan's own points are 0.05 mm apart at least. */
#define SAME_MM 1e-4

/* The layers: the base's lower part, its upper part (S's and G's rooms
 * are pockets in it, where the ball starts and stops), the walls; then
 * the lid's, printed upside down: its plate over the whole maze and a
 * rim around it, its skirt, that holds it in place over the outer wall. */
enum {
    LAYER_FLOOR = 1,
    LAYER_POCKET = 2,
    LAYER_WALL = 4,
    LAYER_BASE = LAYER_FLOOR | LAYER_POCKET,
    MAZE_LAYERS = 3,
    LID_PLATE = 8,
    LID_SKIRT = 16,
    LID_FIRST = 3,
    LID_LAYERS = 2
};

/* ---- The grid's corners, found again from each cell that has them ---- */

typedef struct corners {
    /* a tube's wrapped coordinate (0: x, 1: y) taken modulo its period from
     * `from` (the grid's 0): the seam's corners are its other side's */
    int round;
    double period, from;
    double *xy;
    int64_t *key; /* 2 per point: x, y in SAME_MM steps */
    size_t count;
    uint32_t *slot; /* point + 1, or 0 */
    size_t mask;
} corners;

static size_t key_hash(int64_t x, int64_t y)
{
    uint64_t h = (uint64_t)x * 0x9E3779B97F4A7C15u ^ (uint64_t)y * 0xC2B2AE3D27D4EB4Fu;
    return (size_t)(h ^ h >> 29);
}

/* The point at (x, y), added if new (the table holds a point for every
 * corner of every cell: never full). */
static uint32_t corner_at(corners *c, double x, double y)
{
    if (c->period) { /* to the tube's first turn: u = w is u = 0 (and no other corner moves) */
        double *t = c->round ? &y : &x;
        *t -= c->period * floor((*t - c->from) / c->period + 1e-6);
    }
    int64_t kx = llround(x / SAME_MM), ky = llround(y / SAME_MM);
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
            for (size_t s = key_hash(kx + dx, ky + dy) & c->mask; c->slot[s];
                 s = (s + 1) & c->mask) {
                uint32_t p = c->slot[s] - 1;
                if (c->key[2 * p] == kx + dx && c->key[2 * p + 1] == ky + dy) return p;
            }
    size_t s = key_hash(kx, ky) & c->mask;
    while (c->slot[s]) s = (s + 1) & c->mask;
    uint32_t p = (uint32_t)c->count++;
    c->slot[s] = p + 1;
    c->xy[2 * p] = x, c->xy[2 * p + 1] = y;
    c->key[2 * p] = kx, c->key[2 * p + 1] = ky;
    return p;
}

/* ---- The cells' outlines ------------------------------------------------ */

typedef struct walls {
    const meiro_maze *m;
    const solid_frame *f;
    plan *pl;
    size_t cells, entries;
    /* each cell's outline, counter-clockwise: entries start[c] ..
     * start[c + 1] - 1, each a corner and the edge from it to the next */
    size_t *start;
    uint32_t *corner; /* the grid's corner (corners.xy) */
    size_t *across;   /* the cell across the edge, or GRID_NONE */
    uint8_t *side;    /* the cell's side the edge is on */
    uint8_t *wall;    /* the edge is a wall (a closed side, the border) */
    uint32_t *inset;  /* the room's corner (plan point) */
    corners c;
    /* per grid corner: the outline's edges into and out of it, its corner
     * outside the border (plan point), the rooms meeting there */
    double *dir_in, *dir_out;
    uint8_t *on_border; /* bit 0: an edge in, bit 1: an edge out */
    uint32_t *outside;
    size_t *meet_start;
    size_t *meet_cell; /* a cell, or GRID_NONE for the outside */
    uint32_t *meet_point;
    uint8_t *post_wall;
} walls;

static size_t neighbour(const meiro_maze *m, size_t id, unsigned side)
{
    if (m->grid != MEIRO_GRID_RECT) {
        unsigned back;
        return other_across(m, id, side, &back);
    }
    /* a rectangle's cells out of its shape too: they stand as blocks */
    meiro_cell c = grid_cell(m, id);
    if (!(rect_sides_xy(m, c.x, c.y) & dir_bit((meiro_dir)side))) return GRID_NONE;
    static const int64_t dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    size_t next[GRID_MAX_SIDES];
    for (unsigned k = 0; k < DIR_COUNT; k++)
        next[k] = (size_t)((int64_t)id + dx[k] + dy[k] * (int64_t)m->w);
    if (m->wrap) rect_wrap_next(m, c.x, c.y, next); /* across a tube's seam */
    return next[side];
}

/* The chords of an arc of r cells through angle |a1 - a0|. */
static unsigned arc_steps(const solid_frame *f, double r, double a0, double a1)
{
    double R = r * f->cell, step = 2 * acos(1 - ARC_ERROR_MM / R);
    return (unsigned)fmax(1, ceil(fabs(a1 - a0) / step - 1e-9));
}

static unsigned side_points(const walls *w, const grid_side_shape *s)
{
    return s->arc ? arc_steps(w->f, s->r, s->a0, s->a1) : 1;
}

/* Point j of n along side s (0 its start, n its end), in mm. An arc's
 * points are worked out from its lower angle, whichever way the side
 * runs, so that the cells on both sides of it get the same numbers. */
static void side_point(const walls *w, const grid_side_shape *s, unsigned j, unsigned n, double *x,
                       double *y)
{
    double u = j ? s->x1 : s->x0, v = j ? s->y1 : s->y0;
    if (s->arc) {
        double lo = fmin(s->a0, s->a1), span = fabs(s->a1 - s->a0);
        double a = lo + span * (s->a0 < s->a1 ? j : n - j) / n;
        u = s->cx + s->r * cos(a), v = s->cy + s->r * sin(a);
    }
    solid_place(w->f, u, v, x, y);
}

static meiro_status outlines(walls *w, meiro_error *err)
{
    const meiro_maze *m = w->m;
    grid_side_shape s;
    w->start = alloc_array(w->cells + 1, sizeof *w->start);
    if (!w->start) return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    size_t n = 0;
    for (size_t id = 0; id < w->cells; id++) {
        w->start[id] = n;
        for (unsigned k = 0; k < grid_sides(m, id); k++) {
            grid_side(m, id, k, &s);
            n += side_points(w, &s);
        }
    }
    w->start[w->cells] = w->entries = n;
    size_t slots = 1;
    while (slots < 2 * n) slots *= 2;
    w->corner = alloc_array(n, sizeof *w->corner);
    w->across = alloc_array(n, sizeof *w->across);
    w->side = alloc_array(n, 1);
    w->wall = alloc_array(n, 1);
    w->inset = alloc_array(n, sizeof *w->inset);
    w->c.xy = alloc_array(n, 2 * sizeof *w->c.xy);
    w->c.key = alloc_array(n, 2 * sizeof *w->c.key);
    w->c.slot = zalloc(slots, sizeof *w->c.slot);
    w->c.mask = slots - 1;
    if (!w->corner || !w->across || !w->side || !w->wall || !w->inset || !w->c.xy || !w->c.key ||
        !w->c.slot)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    /* grid_side runs clockwise as the page shows it, and solid_place
     * keeps the picture (y up, not mirrored): the outline is taken
     * backwards, counter-clockwise, each edge from its side's end towards
     * its start */
    size_t e = 0;
    for (size_t id = 0; id < w->cells; id++) {
        unsigned open = grid_open_sides(m, id), sides = grid_sides(m, id);
        bool in = grid_active(m, id);
        for (unsigned k = sides; k-- > 0;) {
            grid_side(m, id, k, &s);
            size_t next = neighbour(m, id, k);
            bool wall = next == GRID_NONE || !((open >> k) & 1u) || !in || !grid_active(m, next);
            unsigned steps = side_points(w, &s);
            for (unsigned j = steps; j > 0; j--, e++) {
                double x, y;
                side_point(w, &s, j, steps, &x, &y);
                w->corner[e] = corner_at(&w->c, x, y);
                w->across[e] = next, w->side[e] = (uint8_t)k, w->wall[e] = wall;
            }
        }
    }
    return MEIRO_OK;
}

/* ---- Offsets ------------------------------------------------------------ */

static void unit(double dx, double dy, double *u)
{
    double l = hypot(dx, dy);
    u[0] = dx / l, u[1] = dy / l;
}

/* The point d to the left of both the edge coming in along u1 and the one
 * going out along u2, at corner (x, y): where the two offset lines meet. */
static uint32_t mitre(plan *pl, double x, double y, const double *u1, const double *u2, double d)
{
    double n1x = -u1[1], n1y = u1[0], n2x = -u2[1], n2y = u2[0];
    double k = d / (1 + n1x * n2x + n1y * n2y);
    return plan_point(pl, x + k * (n1x + n2x), y + k * (n1y + n2y));
}

static void corner_xy(const walls *w, size_t e, double *x, double *y)
{
    *x = w->c.xy[2 * w->corner[e]], *y = w->c.xy[2 * w->corner[e] + 1];
}

/* On a tube, point xy moved by turns to the side of the seam of the
 * point ref (a corner's neighbours and rooms across the seam are a
 * period away from it in the plan, and beside it on the tube). */
static void near(double period, int round, double *xy, const double *ref)
{
    if (period) xy[round] -= period * floor((xy[round] - ref[round]) / period + 0.5);
}

/* The rooms' corners, and the outside's along the border. */
static meiro_status offsets(walls *w, meiro_error *err)
{
    size_t nc = w->c.count;
    w->dir_in = alloc_array(nc, 2 * sizeof *w->dir_in);
    w->dir_out = alloc_array(nc, 2 * sizeof *w->dir_out);
    w->on_border = zalloc(nc, 1);
    w->outside = alloc_array(nc, sizeof *w->outside);
    if (!w->dir_in || !w->dir_out || !w->on_border || !w->outside)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    double d = w->f->wall / 2;
    for (size_t id = 0; id < w->cells; id++) {
        size_t first = w->start[id], n = w->start[id + 1] - first;
        for (size_t k = 0; k < n; k++) {
            size_t e = first + k, prev = first + (k + n - 1) % n, next = first + (k + 1) % n;
            double x, y, p[2], n[2], u1[2], u2[2];
            corner_xy(w, e, &x, &y);
            corner_xy(w, prev, &p[0], &p[1]);
            corner_xy(w, next, &n[0], &n[1]);
            near(w->c.period, w->c.round, p, (double[]){x, y});
            near(w->c.period, w->c.round, n, (double[]){x, y});
            unit(x - p[0], y - p[1], u1);
            unit(n[0] - x, n[1] - y, u2);
            w->inset[e] = mitre(w->pl, x, y, u1, u2, d);
            if (w->across[e] == GRID_NONE) { /* the border: out of here, into next */
                uint32_t a = w->corner[e], b = w->corner[next];
                memcpy(w->dir_out + 2 * a, u2, sizeof u2);
                memcpy(w->dir_in + 2 * b, u2, sizeof u2);
                w->on_border[a] |= 2, w->on_border[b] |= 1;
            }
        }
    }
    for (size_t p = 0; p < nc; p++) {
        if (!w->on_border[p]) continue;
        if (w->on_border[p] != 3)
            return fail(err, MEIRO_ERROR_INTERNAL, "the maze's border is not closed at a corner");
        /* to the right of the border, which runs with the rooms on its left */
        w->outside[p] = mitre(w->pl, w->c.xy[2 * p], w->c.xy[2 * p + 1], w->dir_in + 2 * p,
                              w->dir_out + 2 * p, -d);
    }
    return w->pl->nomem ? fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh")
                        : MEIRO_OK;
}

/* Who meets at each corner: the rooms whose outlines pass through it, and
 * the outside on the border. */
static meiro_status meetings(walls *w, meiro_error *err)
{
    size_t nc = w->c.count;
    w->meet_start = zalloc(nc + 1, sizeof *w->meet_start);
    w->post_wall = zalloc(nc, 1);
    size_t total = w->entries;
    for (size_t p = 0; p < nc; p++) total += w->on_border[p] != 0;
    w->meet_cell = alloc_array(total, sizeof *w->meet_cell);
    w->meet_point = alloc_array(total, sizeof *w->meet_point);
    if (!w->meet_start || !w->post_wall || !w->meet_cell || !w->meet_point)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    for (size_t e = 0; e < w->entries; e++) w->meet_start[w->corner[e] + 1]++;
    for (size_t p = 0; p < nc; p++)
        w->meet_start[p + 1] += w->meet_start[p] + (w->on_border[p] != 0);
    size_t *fill = alloc_array(nc, sizeof *fill);
    if (!fill) return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    memcpy(fill, w->meet_start, nc * sizeof *fill);
    for (size_t id = 0; id < w->cells; id++)
        for (size_t e = w->start[id]; e < w->start[id + 1]; e++) {
            size_t at = fill[w->corner[e]]++;
            w->meet_cell[at] = id, w->meet_point[at] = w->inset[e];
        }
    for (size_t p = 0; p < nc; p++)
        if (w->on_border[p]) {
            size_t at = fill[p]++;
            w->meet_cell[at] = GRID_NONE, w->meet_point[at] = w->outside[p];
        }
    free(fill);
    return MEIRO_OK;
}

/* The corner of `cell` (GRID_NONE: the outside) at grid corner p. */
static uint32_t met(const walls *w, uint32_t p, size_t cell)
{
    for (size_t k = w->meet_start[p]; k < w->meet_start[p + 1]; k++)
        if (w->meet_cell[k] == cell) return w->meet_point[k];
    return UINT32_MAX;
}

/* ---- Pieces ------------------------------------------------------------- */

/* A polar cell's room: its inner arc and its outer one, stitched
 * together by how far along each the corners are. Counter-clockwise, the
 * outline runs out along side 2 + k, back along the outer arcs, in along
 * side 1 and along the inner arc (side 0) to where it started: with
 * ring[split] side 1's corner, the inner arc is ring[split + 1 ..] and
 * ring[0], the outer one ring[split .. 1], both from angle t0 to t1. */
static void polar_room(walls *w, size_t id, unsigned layers)
{
    plan *pl = w->pl;
    size_t first = w->start[id], n = w->start[id + 1] - first, split = 0;
    const uint32_t *ring = w->inset + first;
    plan_piece_add(pl, ring, n, layers);
    while (w->side[first + split] != 1) split++;
    size_t ni = n - split, no = split;
#define IN(i) ring[(split + 1 + (i)) % n]
#define OUT(j) ring[split - (j)]
#define GAP(a, b)                                                                                  \
    hypot(pl->xy[2 * (b)] - pl->xy[2 * (a)], pl->xy[2 * (b) + 1] - pl->xy[2 * (a) + 1])
    double li = 0, lo = 0, ti = 0, to = 0;
    for (size_t k = 0; k + 1 < ni; k++) ti += GAP(IN(k), IN(k + 1));
    for (size_t k = 0; k + 1 < no; k++) to += GAP(OUT(k), OUT(k + 1));
    size_t i = 0, j = 0;
    while (i + 1 < ni || j + 1 < no) {
        double step_i = i + 1 < ni ? GAP(IN(i), IN(i + 1)) : 0;
        double step_o = j + 1 < no ? GAP(OUT(j), OUT(j + 1)) : 0;
        if (j + 1 >= no || (i + 1 < ni && (li + step_i) / ti <= (lo + step_o) / to)) {
            plan_tri(pl, IN(i), IN(i + 1), OUT(j));
            li += step_i, i++;
        } else {
            plan_tri(pl, IN(i), OUT(j + 1), OUT(j));
            lo += step_o, j++;
        }
    }
#undef IN
#undef OUT
#undef GAP
}

static void rooms(walls *w)
{
    for (size_t id = 0; id < w->cells; id++) {
        bool block = !grid_active(w->m, id);
        bool end = id == grid_id(w->m, w->m->start) || id == grid_id(w->m, w->m->goal);
        unsigned layers = LID_PLATE | (end ? LAYER_FLOOR : LAYER_BASE | (block ? LAYER_WALL : 0));
        size_t first = w->start[id], n = w->start[id + 1] - first;
        if (w->m->grid == MEIRO_GRID_POLAR && id) polar_room(w, id, layers);
        else plan_convex(w->pl, w->inset + first, n, layers);
        if (block)
            for (size_t e = first; e < first + n; e++) w->post_wall[w->corner[e]] = 1;
    }
}

/* A strip along each edge, once: from the cell with the lower id, or the
 * outer wall from its cell. */
static meiro_status strips(walls *w, meiro_error *err)
{
    for (size_t id = 0; id < w->cells; id++) {
        size_t first = w->start[id], n = w->start[id + 1] - first;
        for (size_t k = 0; k < n; k++) {
            size_t e = first + k, next = first + (k + 1) % n, other = w->across[e];
            if (other != GRID_NONE && other < id) continue;
            uint32_t p = w->corner[e], q = w->corner[next];
            uint32_t a0 = w->inset[e], a1 = w->inset[next];
            uint32_t b0 = met(w, p, other), b1 = met(w, q, other);
            if (b0 == UINT32_MAX || b1 == UINT32_MAX)
                return fail(err, MEIRO_ERROR_INTERNAL,
                            "cell %zu's edge is not its neighbour's: the grid's sides disagree",
                            id);
            uint32_t quad[4] = {b0, b1, a1, a0};
            plan_piece_add(w->pl, quad, 4, LID_PLATE | LAYER_BASE | (w->wall[e] ? LAYER_WALL : 0));
            plan_tri(w->pl, b0, b1, a1);
            plan_tri(w->pl, b0, a1, a0);
            if (w->wall[e]) w->post_wall[p] = w->post_wall[q] = 1;
        }
    }
    return MEIRO_OK;
}

/* A post where three or more meet: their corners around it, fanned from
 * the grid's corner itself (inside it, off every edge). */
static meiro_status posts(walls *w, meiro_error *err)
{
    uint32_t ring[GRID_MAX_SIDES * 4];
    double angle[GRID_MAX_SIDES * 4];
    plan *pl = w->pl;
    for (uint32_t p = 0; p < w->c.count; p++) {
        size_t k0 = w->meet_start[p], n = w->meet_start[p + 1] - k0;
        if (n < 3) continue;
        if (n > sizeof ring / sizeof ring[0])
            return fail(err, MEIRO_ERROR_INTERNAL, "%zu cells meet at a corner", n);
        double x = w->c.xy[2 * p], y = w->c.xy[2 * p + 1];
        for (size_t k = 0; k < n; k++) { /* in order around the corner */
            uint32_t q = w->meet_point[k0 + k];
            double at_q[2] = {pl->xy[2 * q], pl->xy[2 * q + 1]};
            near(w->c.period, w->c.round, at_q, w->c.xy + 2 * p);
            double a = atan2(at_q[1] - y, at_q[0] - x);
            size_t at = k;
            for (; at > 0 && angle[at - 1] > a; at--)
                angle[at] = angle[at - 1], ring[at] = ring[at - 1];
            angle[at] = a, ring[at] = q;
        }
        uint32_t centre = plan_point(pl, x, y);
        plan_piece_add(pl, ring, n, LID_PLATE | LAYER_BASE | (w->post_wall[p] ? LAYER_WALL : 0));
        for (size_t k = 0; k < n; k++) plan_tri(pl, centre, ring[k], ring[(k + 1) % n]);
    }
    return MEIRO_OK;
}

/* Around the border, for the lid: a gap past the outer wall, then the
 * skirt, strips offset from the border as its outside's corners are, each
 * corner made once. */
static meiro_status rim(walls *w, meiro_error *err)
{
    plan *pl = w->pl;
    double d = w->f->wall / 2, gap = d + SOLID_LID_GAP_MM, skirt = gap + w->f->wall;
    uint32_t *in = alloc_array(w->c.count, 2 * sizeof *in);
    if (!in) return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the lid");
    for (size_t p = 0; p < w->c.count; p++) {
        if (!w->on_border[p]) continue;
        const double *xy = w->c.xy + 2 * p, *u1 = w->dir_in + 2 * p, *u2 = w->dir_out + 2 * p;
        in[2 * p] = mitre(pl, xy[0], xy[1], u1, u2, -gap);
        in[2 * p + 1] = mitre(pl, xy[0], xy[1], u1, u2, -skirt);
    }
    for (size_t id = 0; id < w->cells; id++) {
        size_t first = w->start[id], n = w->start[id + 1] - first;
        for (size_t k = 0; k < n; k++) {
            size_t e = first + k;
            if (w->across[e] != GRID_NONE) continue;
            uint32_t p = w->corner[e], q = w->corner[first + (k + 1) % n];
            uint32_t gap_quad[4] = {in[2 * p], in[2 * q], w->outside[q], w->outside[p]};
            uint32_t skirt_quad[4] = {in[2 * p + 1], in[2 * q + 1], in[2 * q], in[2 * p]};
            plan_convex(pl, gap_quad, 4, LID_PLATE);
            plan_convex(pl, skirt_quad, 4, LID_PLATE | LID_SKIRT);
        }
    }
    free(in);
    return MEIRO_OK;
}

static void walls_free(walls *w)
{
    free(w->start);
    free(w->corner);
    free(w->across);
    free(w->side);
    free(w->wall);
    free(w->inset);
    free(w->c.xy);
    free(w->c.key);
    free(w->c.slot);
    free(w->dir_in);
    free(w->dir_out);
    free(w->on_border);
    free(w->outside);
    free(w->meet_start);
    free(w->meet_cell);
    free(w->meet_point);
    free(w->post_wall);
}

static meiro_status maze_plan(const meiro_maze *m, const solid_frame *f, bool lid, plan *pl,
                              meiro_error *err)
{
    walls w = {.m = m, .f = f, .pl = pl, .cells = grid_total(m)};
    if (f->wrap) w.c.round = f->wrap == MEIRO_WRAP_Y, w.c.period = f->period, w.c.from = f->wall / 2;
    meiro_status s = outlines(&w, err);
    if (s == MEIRO_OK) s = offsets(&w, err);
    if (s == MEIRO_OK) s = meetings(&w, err);
    if (s == MEIRO_OK) rooms(&w);
    if (s == MEIRO_OK) s = strips(&w, err);
    if (s == MEIRO_OK) s = posts(&w, err);
    if (s == MEIRO_OK && lid) s = rim(&w, err);
    walls_free(&w);
    if (s == MEIRO_OK && pl->nomem)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    return s;
}

/* ---- The answer: a line from S's centre to G's through each door's middle */

/* The middle of side k of cell id, in mm. */
static void door_middle(const meiro_maze *m, const solid_frame *f, size_t id, unsigned k, double *x,
                        double *y)
{
    grid_side_shape s;
    grid_side(m, id, k, &s);
    double u = (s.x0 + s.x1) / 2, v = (s.y0 + s.y1) / 2;
    if (s.arc) {
        double a = (s.a0 + s.a1) / 2;
        u = s.cx + s.r * cos(a), v = s.cy + s.r * sin(a);
    }
    solid_place(f, u, v, x, y);
}

/* The answer's line: its points, then a piece for each stretch between
 * two (the line thickened, its ends met at the mitres: the turns of a way
 * through cells are never sharp enough to need more). */
static meiro_status answer_plan(const meiro_maze *m, const meiro_path *path, const solid_frame *f,
                                plan *pl, meiro_error *err)
{
    size_t n = path->length;
    double *pt = alloc_array(2 * n, 2 * sizeof *pt);
    if (!pt) return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the answer");
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        size_t id = grid_id(m, path->cells[i]);
        if (i > 0) { /* through the door from the cell before */
            size_t prev = grid_id(m, path->cells[i - 1]), next[GRID_MAX_SIDES];
            unsigned back[GRID_MAX_SIDES], mask = grid_links(m, grid_at_id(m, prev), next, back),
                                           door = GRID_MAX_SIDES;
            FOR_EACH_SIDE_IN (k, mask)
                if (next[k] == id) door = k;
            if (door == GRID_MAX_SIDES) {
                free(pt);
                return fail(err, MEIRO_ERROR_ARGUMENT,
                            "the answer goes from a cell to one that is not its neighbour");
            }
            door_middle(m, f, prev, door, &pt[2 * count], &pt[2 * count + 1]);
            near(f->period, f->wrap == MEIRO_WRAP_Y, pt + 2 * count, pt + 2 * count - 2);
            count++;
        }
        double u, v;
        grid_centre(m, id, &u, &v);
        solid_place(f, u, v, &pt[2 * count], &pt[2 * count + 1]);
        if (count) /* on a tube, on round from the door (never back across the seam) */
            near(f->period, f->wrap == MEIRO_WRAP_Y, pt + 2 * count, pt + 2 * count - 2);
        count++;
    }
    double d = f->path_width / 2;
    uint32_t prev_l = 0, prev_r = 0;
    for (size_t i = 0; i < count; i++) {
        double u1[2] = {1, 0}, u2[2] = {1, 0}, x = pt[2 * i], y = pt[2 * i + 1];
        if (i > 0) unit(x - pt[2 * i - 2], y - pt[2 * i - 1], u1);
        if (i + 1 < count) unit(pt[2 * i + 2] - x, pt[2 * i + 3] - y, u2);
        if (i == 0) memcpy(u1, u2, sizeof u1);
        if (i + 1 == count) memcpy(u2, u1, sizeof u2);
        uint32_t l = mitre(pl, x, y, u1, u2, d), r = mitre(pl, x, y, u1, u2, -d);
        if (i > 0) {
            uint32_t quad[4] = {prev_r, r, l, prev_l};
            plan_piece_add(pl, quad, 4, 1);
            plan_tri(pl, prev_r, r, l);
            plan_tri(pl, prev_r, l, prev_l);
        }
        prev_l = l, prev_r = r;
    }
    free(pt);
    return pl->nomem ? fail(err, MEIRO_ERROR_NOMEM, "out of memory building the answer") : MEIRO_OK;
}

/* ---- The model ---------------------------------------------------------- */

const char *solid_part_name(unsigned part)
{
    static const char *const names[SOLID_PARTS] = {"maze", "answer", "lid"};
    return part < SOLID_PARTS ? names[part] : NULL;
}

void solid_model_free(solid_model *model)
{
    for (unsigned k = 0; k < SOLID_PARTS; k++) {
        free(model->part[k].xyz);
        free(model->part[k].tri);
    }
    memset(model, 0, sizeof *model);
}

/* A tube's strips: each bent to a chord ARC_ERROR_MM from its arc at the
 * walls' tops, a whole number of them to a cell; their lines between the
 * grid's (off the rooms' and posts' corners). */
static double tube_step(const solid_frame *f)
{
    double top = f->radius + f->height, chord = 2 * acos(1 - ARC_ERROR_MM / top);
    return f->cell / ceil(SOLID_TAU * f->cell / f->period / chord);
}

/* A tube's plan in those strips along its axis. The plan given is freed. */
static meiro_status tube_slices(plan *pl, const solid_frame *f, meiro_error *err)
{
    double step = tube_step(f);
    plan sliced;
    meiro_status st = plan_slice(pl, f->wrap == MEIRO_WRAP_Y, f->wall / 2 + step / 2, step,
                                 f->period, &sliced, err);
    plan_free(pl);
    if (st == MEIRO_OK) *pl = sliced;
    return st;
}

/* A tube's plan, extruded flat, bent round: the wrapped coordinate to
 * the angle (a turn per period; y's the other way round, so that the
 * bending keeps the faces' outward side), the extrusion's height to the
 * radius, the other coordinate along the axis (up: the tube stands on
 * its end), the centre over (width/2, width/2). Each strip goes flat from
 * its line to the next (a prism of as many sides, its corners on the
 * circles): what lies in one plane in a strip stays in one, so the answer
 * lies on the floor as on a flat print. */
static void bend(solid_mesh *mesh, const solid_frame *f)
{
    bool y = f->wrap == MEIRO_WRAP_Y;
    double turn = (y ? -SOLID_TAU : SOLID_TAU) / f->period, mid = f->width / 2;
    double step = tube_step(f), from = f->wall / 2 + step / 2;
    for (size_t i = 0; i < mesh->vertices; i++) {
        float *p = mesh->xyz + 3 * i;
        double s = (p[y] - from) / step, k = floor(s), t = s - k, r = p[2], along = p[!y];
        double a0 = turn * (from + k * step - f->wall / 2), a1 = a0 + turn * step;
        p[0] = (float)(mid + r * ((1 - t) * cos(a0) + t * cos(a1)));
        p[1] = (float)(mid + r * ((1 - t) * sin(a0) + t * sin(a1)));
        p[2] = (float)along;
    }
}

meiro_status solid_build(const meiro_maze *m, const meiro_path *path, const solid_sizes *s,
                         solid_model *model, meiro_error *err)
{
    memset(model, 0, sizeof *model);
    double ew, eh;
    grid_extent(m, &ew, &eh);
    meiro_status st = solid_frame_of(meiro_maze_grid(m), m->wrap, ew, eh, s, &model->frame, err);
    if (st != MEIRO_OK) return st;
    const solid_frame *f = &model->frame;
    plan pl = {0};
    st = maze_plan(m, f, s->lid, &pl, err);
    if (st == MEIRO_OK && f->wrap) st = tube_slices(&pl, f, err);
    double z0 = f->wrap ? f->bore : 0; /* a tube's heights are radii */
    double z[4] = {z0, z0 + f->base - f->pocket, z0 + f->base, z0 + f->base + f->height};
    if (st == MEIRO_OK)
        st = plan_extrude(&pl, 0, MAZE_LAYERS, z, 0, 0, &model->part[SOLID_MAZE], err);
    if (st == MEIRO_OK && s->lid) { /* beside the maze, as thick as its base, its skirt up:
                                       mirrored, to fit once turned over */
        double lid[3] = {0, f->base, f->base + SOLID_LID_SKIRT_MM};
        st = plan_extrude(&pl, LID_FIRST, LID_LAYERS, lid, f->width + SOLID_LID_AWAY_MM, f->depth,
                          &model->part[SOLID_LID], err);
    }
    plan_free(&pl);
    if (st == MEIRO_OK && path && path->length) {
        st = answer_plan(m, path, f, &pl, err);
        if (st == MEIRO_OK && f->wrap) st = tube_slices(&pl, f, err);
        double line[2] = {z0 + f->base, z0 + f->base + f->path_height};
        if (st == MEIRO_OK)
            st = plan_extrude(&pl, 0, 1, line, 0, 0, &model->part[SOLID_ANSWER], err);
        plan_free(&pl);
    }
    for (unsigned k = 0; k < SOLID_PARTS && st == MEIRO_OK && f->wrap; k++)
        bend(&model->part[k], f);
    if (st != MEIRO_OK) solid_model_free(model);
    return st;
}
