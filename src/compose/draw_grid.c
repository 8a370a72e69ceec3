/* Polar, hex and triangle mazes on a page (core/grid.h has their
 * geometry): walls as arcs and segments, each drawn once with round ends
 * so that corners meet; the solution through the cells' centres, along the
 * ring between two cells of one ring; S and G on round white plates or
 * badges in their cells, a polar maze's on its rim behind a gap in the rim.
 * Millimetres, as in draw.c; L->cell is a corridor's width. */
#include "core/grid.h"
#include "core/model.h"
#include "page/centre.h"
#include "page/layout.h"
#include "compose/draw.h"

#include <math.h>

/* ---- Which cells a band of the page (a PNG's) can show ---- */

/* Rows y from .. to - 1 may reach the unit rows u0 .. u1 (every ring of a
 * polar grid may: row_runs picks its cells). */
static void visible_rows(const meiro_maze *m, double u0, double u1, uint32_t *from, uint32_t *to)
{
    if (m->grid == MEIRO_GRID_POLAR) {
        *from = 0, *to = m->h;
        return;
    }
    double pitch = m->grid == MEIRO_GRID_HEX ? sqrt(3) : sqrt(3) / 2;
    double a = floor(u0 / pitch) - 2, b = ceil(u1 / pitch) + 2;
    *from = a < 0 ? 0 : a > m->h ? m->h : (uint32_t)a;
    *to = b < 0 ? 0 : b > m->h ? m->h : (uint32_t)b;
}

/* The cells of row y that may reach unit rows u0 .. u1: at most two runs
 * of x (on a ring, the left and the right side of the circle). */
static unsigned row_runs(const meiro_maze *m, uint32_t y, double u0, double u1, uint32_t runs[2][2])
{
    uint32_t n = grid_row_width(m, y);
    if (n == 0) return 0;
    runs[0][0] = 0, runs[0][1] = n - 1;
    if (m->grid != MEIRO_GRID_POLAR || y == 0) return 1;
    /* a point at angle phi (from the top, clockwise) and radius r lies
     * -r cos phi below the centre; the ring's radii are y .. y + 1 */
    double a = u0 - m->h, b = u1 - m->h, r0 = y, r1 = y + 1.0;
    double lo = fmax(-1, fmin(a / r0, a / r1)), hi = fmin(1, fmax(b / r0, b / r1));
    if (lo > hi) return 0;
    double phi_lo = acos(-lo), phi_hi = acos(-hi); /* 0 .. pi, rising */
    double k = n / TAU;
    double x0 = floor(phi_lo * k) - 1, x1 = ceil(phi_hi * k) + 1;
    double x2 = floor((TAU - phi_hi) * k) - 1, x3 = ceil((TAU - phi_lo) * k) + 1;
    if (x2 <= x1 + 1) { /* the two sides meet at the bottom */
        x1 = x3;
        x2 = x3 + 1;
    }
    x0 = fmax(x0, 0), x1 = fmin(x1, n - 1.0), x2 = fmax(x2, 0), x3 = fmin(x3, n - 1.0);
    unsigned count = 0;
    if (x0 <= x1) runs[count][0] = (uint32_t)x0, runs[count][1] = (uint32_t)x1, count++;
    if (x2 <= x3 && x2 > x1) runs[count][0] = (uint32_t)x2, runs[count][1] = (uint32_t)x3, count++;
    return count;
}

/* ---- Walls ---- */

/* The pen and where it stands: a wall that starts (or ends) where the last
 * one ended continues its stroke, so a row's or a cell's walls are one
 * polyline rather than pieces each with two caps. */
typedef struct tracer {
    const grid_pen *pen;
    bool at; /* there is a current point (px, py) */
    double px, py, eps;
} tracer;

static bool here(const tracer *t, double x, double y)
{
    return t->at && fabs(t->px - x) < t->eps && fabs(t->py - y) < t->eps;
}

static void trace_segment(tracer *t, double x0, double y0, double x1, double y1)
{
    if (here(t, x1, y1)) { /* walked backwards */
        double x = x0, y = y0;
        x0 = x1, y0 = y1, x1 = x, y1 = y;
    } else if (!here(t, x0, y0)) {
        t->pen->move(t->pen->ctx, x0, y0);
    }
    t->pen->line(t->pen->ctx, x1, y1);
    t->at = true, t->px = x1, t->py = y1;
}

/* Arcs of one circle that follow each other, drawn as one: a ring's
 * walls have no joints, the outer circle is whole. */
typedef struct arc_run {
    bool on;
    double cx, cy, r, from, span; /* mm; radians, clockwise */
} arc_run;

static void arc_flush(tracer *t, arc_run *run)
{
    if (!run->on) return;
    run->on = false;
    double a1 = run->from + fmin(run->span, TAU);
    double x0 = run->cx + run->r * cos(run->from), y0 = run->cy + run->r * sin(run->from);
    double x1 = run->cx + run->r * cos(a1), y1 = run->cy + run->r * sin(a1);
    if (run->span < TAU - 1e-9 && here(t, x1, y1)) { /* the other way round */
        t->pen->arc(t->pen->ctx, run->cx, run->cy, -run->r, run->from, a1);
        x1 = x0, y1 = y0;
    } else {
        if (!here(t, x0, y0)) t->pen->move(t->pen->ctx, x0, y0);
        t->pen->arc(t->pen->ctx, run->cx, run->cy, run->r, run->from, a1);
    }
    t->at = true, t->px = x1, t->py = y1;
}

static bool same_angle(double a, double b) { return fabs(remainder(a - b, TAU)) < 1e-9; }

static void add_arc(tracer *t, arc_run *run, const grid_view *v, const grid_side_shape *s)
{
    double d = remainder(s->a1 - s->a0, TAU);
    double from = d >= 0 ? s->a0 : s->a1, span = fabs(d);
    double cx = v->x0 + s->cx * v->unit, cy = v->y0 + s->cy * v->unit, r = s->r * v->unit;
    double eps = 1e-9 * (1 + r);
    if (run->on && fabs(run->cx - cx) < eps && fabs(run->cy - cy) < eps && fabs(run->r - r) < eps) {
        if (same_angle(from, run->from + run->span)) {
            run->span += span;
            return;
        }
        if (same_angle(from + span, run->from)) {
            run->from = from;
            run->span += span;
            return;
        }
    }
    arc_flush(t, run);
    *run = (arc_run){true, cx, cy, r, from, span};
}

/* A polar maze's S or G on its outer ring enters through a gap in the rim:
 * that cell's outer side is a door, left open on the page (the model has no
 * doors on a ring: the solvers need none). */
static bool rim_door(const meiro_maze *m, size_t next, meiro_cell c)
{
    return m->grid == MEIRO_GRID_POLAR && next == GRID_NONE && c.y + 1 == m->h && c.y > 0 &&
           ((c.x == m->start.x && c.y == m->start.y) || (c.x == m->goal.x && c.y == m->goal.y));
}

/* Every closed side once: from the cell whose neighbour has the larger id,
 * or at the border (but, with `doors`, a polar maze's door in the rim:
 * rim_door). */
static void trace_sides(const meiro_maze *m, const page_layout *L, double y0, double y1, bool doors,
                        const grid_pen *pen)
{
    grid_view v = grid_view_of(m, L);
    double pad = (L->line + L->cell) / v.unit + 1;
    double u0 = (y0 - v.y0) / v.unit - pad, u1 = (y1 - v.y0) / v.unit + pad;
    uint32_t from, to;
    visible_rows(m, u0, u1, &from, &to);
    tracer t = {pen, false, 0, 0, 1e-6 * (1 + L->cell)};
    arc_run run = {0};
    for (uint32_t y = from; y < to; y++) {
        uint32_t runs[2][2];
        unsigned count = row_runs(m, y, u0, u1, runs);
        for (unsigned r = 0; r < count; r++) {
            for (uint32_t x = runs[r][0]; x <= runs[r][1]; x++) {
                size_t id = grid_id(m, (meiro_cell){x, y});
                unsigned sides = grid_sides(m, id);
                for (unsigned s = 0; s < sides; s++) {
                    if (grid_open(m, id, s)) continue;
                    size_t next = grid_neighbour(m, id, s);
                    if (next != GRID_NONE && next < id) continue;
                    if (doors && rim_door(m, next, (meiro_cell){x, y})) continue;
                    grid_side_shape shape;
                    grid_side(m, id, s, &shape);
                    if (shape.arc) {
                        add_arc(&t, &run, &v, &shape);
                    } else {
                        trace_segment(&t, v.x0 + shape.x0 * v.unit, v.y0 + shape.y0 * v.unit,
                                      v.x0 + shape.x1 * v.unit, v.y0 + shape.y1 * v.unit);
                    }
                }
            }
        }
    }
    arc_flush(&t, &run);
}

void trace_grid_walls(const meiro_maze *m, const page_layout *L, double y0, double y1,
                      const grid_pen *pen)
{
    trace_sides(m, L, y0, y1, true, pen);
}

void trace_walls(const meiro_maze *m, const page_layout *L, const grid_pen *pen)
{
    if (m->grid == MEIRO_GRID_RECT) trace_rect_walls(m, L, pen);
    else trace_sides(m, L, -HUGE_VAL, HUGE_VAL, false, pen);
}

#define ARC_CHORD_MM GRID_ARC_CHORD_MM

/* The walls into a page's description, as the pens below take them: on a
 * page in strokes of WALL_MOVES moves, each handed on (drawn, written) as
 * it is done, so a dense grid's walls are never held twice, as trails
 * and as the description; a picture's band whole, through one mask. */
enum { WALL_MOVES = 1 << 15 };

typedef struct wall_items {
    scene *s;
    scene_paint ink;
    size_t moves, chunk; /* chunk 0: one stroke */
} wall_items;

static void scene_pen_move(void *ctx, double x, double y)
{
    wall_items *w = ctx;
    if (w->chunk && w->moves && w->moves % w->chunk == 0) scene_path(w->s, ROLE_WALLS, &w->ink);
    w->moves++;
    scene_move(w->s, x, y);
}

static void scene_pen_line(void *ctx, double x, double y)
{
    scene_line(((wall_items *)ctx)->s, x, y);
}

static void scene_pen_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    scene *s = ((wall_items *)ctx)->s;
    if (r < 0) scene_arc(s, cx, cy, -r, a1, a0, true);
    else scene_arc(s, cx, cy, r, a0, a1, false);
}

/* The walls traced into the scene: on a page as trails (a picture's mask
 * takes them as they come), only those that may reach the visible band
 * (a PNG's). */
static void stroke_grid_walls(const canvas *cv, scene *s, const meiro_maze *m, const page_layout *L,
                              double line)
{
    double cy0 = cv->every_wall ? -HUGE_VAL : cv->view[1],
           cy1 = cv->every_wall ? HUGE_VAL : cv->view[3];
    bool picture = cv->picture;
    wall_items w = {
        s, scene_stroke((scene_rgb){0, 0, 0}, line, CAP_ROUND, JOIN_ROUND), 0,
        picture ? 0 : WALL_MOVES};
    scene_path(s, ROLE_WALLS, &w.ink);
    grid_pen pen = {scene_pen_move, scene_pen_line, scene_pen_arc, &w};
    trail_pen *trails = picture ? NULL : trail_pen_new(&pen, ARC_CHORD_MM);
    grid_pen joined = trails ? trail_pen_pen(trails) : pen;
    trace_grid_walls(m, L, cy0, cy1, &joined);
    trail_pen_free(trails);
    scene_end(s);
}

void stroke_traced(scene *s, scene_role role,
                   void (*trace)(const meiro_maze *, const page_layout *, const grid_pen *),
                   const meiro_maze *m, const page_layout *L, double line)
{
    wall_items w = {s, scene_stroke((scene_rgb){0, 0, 0}, line, CAP_ROUND, JOIN_ROUND), 0, 0};
    grid_pen pen = {scene_pen_move, scene_pen_line, scene_pen_arc, &w};
    /* joined, or not drawn: a sheet's lines in pieces would feel broken */
    trail_pen *trails = trail_pen_new(&pen, ARC_CHORD_MM);
    if (!trails) {
        scene_out_of_memory(s);
        return;
    }
    grid_pen joined = trail_pen_pen(trails);
    scene_path(s, role, &w.ink);
    trace(m, L, &joined);
    trail_pen_free(trails);
    scene_end(s);
}

void stroke_centre_lines(scene *s, const meiro_maze *m, const page_layout *L, double line)
{
    stroke_traced(s, ROLE_CORRIDORS, trace_centre_lines, m, L, line);
}

/* ---- The solution ---- */

/* The solution through the centres (centre_step). */
static void stroke_grid_path(scene *s, const meiro_maze *m, const meiro_path *p, const grid_view *v,
                             const page_layout *L)
{
    if (!p || p->length == 0) return;
    double x, y;
    grid_view_centre(m, v, grid_id(m, p->cells[0]), &x, &y);
    scene_paint ink = answer_paint(L);
    scene_path(s, ROLE_ANSWER, &ink);
    scene_move(s, x, y);
    scene_line(s, x, y); /* one cell: a dot */
    wall_items w = {s, ink, 0, 0};
    grid_pen pen = {scene_pen_move, scene_pen_line, scene_pen_arc, &w};
    for (size_t k = 1; k < p->length; k++) centre_step(m, v, p->cells[k - 1], p->cells[k], &pen);
    scene_end(s);
}

/* ---- S and G ---- */

/* The circle a mark has in cell id, across in mm: a corridor's width, and
 * the centre disc of a polar grid is two across. */
static double mark_room(const meiro_maze *m, size_t id, const page_layout *L)
{
    return m->grid == MEIRO_GRID_POLAR && id == 0 ? 2 * L->cell : L->cell;
}

/* The size at which a word fits a circle `room` across: its ink at most
 * 70% of it wide and its corners clear of the walls (the mark size, 60%
 * of it, at most). */
static double fit_in_circle(canvas *cv, const char *text, const char *font, double room)
{
    double size = room * 0.6, w, h;
    text_ink(cv, text, font, size, &w, &h);
    double scale =
        fmin(1, fmin(w > 0 ? room * 0.7 / w : 1, hypot(w, h) > 0 ? room * 0.8 / hypot(w, h) : 1));
    return size * scale;
}

/* A word of `size` (or the template's picture) centred at (cx, cy) on a
 * round white plate inside a circle `room` across: clear of the walls of
 * a hexagon or a triangle, where a square plate would cover them. */
static void grid_mark(canvas *cv, scene *s, scene_role role, const char *text,
                      const art_ref *art, const char *font, double size, double cx, double cy,
                      double room, double line)
{
    double most = (room - line) / 2 * 0.94;
    scene_paint paper = scene_fill((scene_rgb){1, 1, 1});
    if (art) {
        double side = room * 0.7;
        scene_path(s, role, &paper);
        scene_arc(s, cx, cy, fmin(room * 0.42, most), 0, TAU, false);
        scene_end(s);
        draw_sign_art(s, role, art, cx - side / 2, cy - side / 2, side);
        return;
    }
    text_set set;
    text_set_out(cv, text, font, true, size, 0, false, &set);
    double w = set.ink[2], h = set.ink[3];
    double r = fmin(most, fmax(hypot(w, h) / 2 + size * 0.12, room * 0.21));
    scene_path(s, role, &paper);
    scene_arc(s, cx, cy, r, 0, TAU, false);
    scene_end(s);
    draw_word(cv, role, &set, text, font, size, cx, cy);
}

static void draw_grid_labels(canvas *cv, scene *s, const meiro_maze *m, const grid_view *v,
                             const page_layout *L, const maze_marks *marks)
{
    size_t id[2] = {grid_id(m, m->start), grid_id(m, m->goal)};
    /* S and G at one size, the one that fits both in a corridor; the
     * polar centre's mark as much larger as its disc is */
    double size = fmin(fit_in_circle(cv, marks->start, marks->font, L->cell),
                       fit_in_circle(cv, marks->goal, marks->font, L->cell));
    for (int k = 0; k < 2; k++) {
        const char *text = k ? marks->goal : marks->start;
        const art_ref *art = k ? marks->goal_art : marks->start_art;
        double x, y, room = mark_room(m, id[k], L);
        grid_view_centre(m, v, id[k], &x, &y);
        if (marks->badges) /* the document's badges (a child's): filling the corridor */
            draw_badge(cv, text, art, marks->font, x, y,
                       fmin((room - L->line) * 0.9, BADGE_MAX_MM * room / L->cell), L, k == 0,
                       false);
        else
            grid_mark(cv, s, k ? ROLE_GOAL : ROLE_START, text, art, marks->font,
                      size * room / L->cell, x, y, room, L->line);
    }
}

void draw_grid_maze(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
                    const maze_marks *marks, double line, unsigned layers)
{
    scene *s = cv->scene;
    grid_view v = grid_view_of(m, L);
    if ((layers & LAYER_WALLS) && marks && marks->paths) stroke_centre_lines(s, m, L, line);
    else if ((layers & LAYER_WALLS) && !(layers & LAYER_GRID_WALLS_APART))
        stroke_grid_walls(cv, s, m, L, line);
    if (layers & LAYER_PATH) stroke_grid_path(s, m, path, &v, L);
    if (layers & LAYER_LABELS) draw_grid_labels(cv, s, m, &v, L, marks);
}
