/* The composer's drawing primitives, onto a canvas of ours (canvas.h):
 * walls as long vector strokes, the solution, S and G (words, or pictures
 * by reference), texts set by the measurer (measure.h). Units are
 * millimetres; a sink scales to its device (draw_cairo.h: cairo's side). */
#define _POSIX_C_SOURCE 200809L
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "page/answer_colour.h"
#include "page/layout.h"
#include "page/template.h"
#include "compose/draw.h"
#include "compose/line_breaks.h"
#include "compose/measure.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Maps millimetres to positions that land on the device's pixel grid when
 * `snap` (pixels per mm) is set: lines of odd pixel width sit on pixel
 * centres, so raster walls stay crisp. */
typedef struct pixel_snap {
    double snap, offset;
} pixel_snap;

static double snap_mm(const pixel_snap *g, double mm)
{
    if (g->snap <= 0) return mm;
    return (round(mm * g->snap) + g->offset) / g->snap;
}

/* Walls are stroked this many runs at a time: a PDF page keeps what is
 * drawn and copies each path when the page is written, and a path of
 * millions of runs (a 2000 x 2000 maze) is copied into one array of tens of
 * megabytes, which cairo 1.16 asks for again at every later step once it is
 * refused (under `ulimit -v`: minutes). Smaller paths fail, and are
 * reported, at once. */
enum { WALL_RUNS_A_STROKE = 1 << 15 };

static const scene_rgb BLACK = {0, 0, 0}, WHITE = {1, 1, 1};

/* Runs of walls (or a weave's rails) as strokes of at most
 * WALL_RUNS_A_STROKE runs each: square caps close the corners where runs
 * meet. */
typedef struct wall_runs {
    scene *s;
    scene_role role;
    double line;
    unsigned runs;
} wall_runs;

static void wall_run(wall_runs *w, double x0, double y0, double x1, double y1)
{
    if (w->runs == 0) {
        scene_paint pen = scene_stroke(BLACK, w->line, CAP_SQUARE, JOIN_MITER);
        scene_path(w->s, w->role, &pen);
    }
    scene_move(w->s, x0, y0);
    scene_line(w->s, x1, y1);
    if (++w->runs == WALL_RUNS_A_STROKE) {
        scene_end(w->s);
        w->runs = 0;
    }
}

static void wall_runs_end(wall_runs *w)
{
    scene_end(w->s);
    w->runs = 0;
}

/* Whether the wall above (horizontal) or left of (x, y) is a shape's door
 * for S or G (layout_end_door), left open. */
static bool end_door_wall(const meiro_maze *m, const page_layout *L, uint32_t x, uint32_t y,
                          bool horizontal)
{
    for (int k = 0; k < 2; k++) {
        meiro_dir d = layout_end_door(L, k);
        if (d >= MEIRO_NO_DIR || horizontal != (d == MEIRO_NORTH || d == MEIRO_SOUTH)) continue;
        meiro_cell c = k ? m->goal : m->start;
        if (c.x + (d == MEIRO_EAST) == x && c.y + (d == MEIRO_SOUTH) == y) return true;
    }
    return false;
}

/* Every run of walls along a grid line of rows y_from .. y_to (the lines
 * above them, and the columns' lines beside them) to `run`: the
 * horizontal lines first, one after another, then the vertical ones. */
static void rect_wall_runs(const meiro_maze *m, const page_layout *L, const pixel_snap *g,
                           uint32_t y_from, uint32_t y_to,
                           void (*run)(void *ctx, double x0, double y0, double x1, double y1),
                           void *ctx)
{
    bool doors = L->end_door[0] || L->end_door[1];
    for (uint32_t y = y_from; y <= y_to; y++) {
        double py = snap_mm(g, L->maze_y + y * L->cell);
        for (uint32_t x = 0; x < m->w;) {
            if (!maze_wall_above(m, x, y) || (doors && end_door_wall(m, L, x, y, true))) {
                x++;
                continue;
            }
            uint32_t end = x;
            while (end < m->w && maze_wall_above(m, end, y) &&
                   !(doors && end_door_wall(m, L, end, y, true)))
                end++;
            run(ctx, snap_mm(g, L->maze_x + x * L->cell), py, snap_mm(g, L->maze_x + end * L->cell),
                py);
            x = end;
        }
    }
    uint32_t rows_to = y_to < m->h ? y_to + 1 : m->h;
    for (uint32_t x = 0; x <= m->w; x++) {
        double px = snap_mm(g, L->maze_x + x * L->cell);
        for (uint32_t y = y_from; y < rows_to;) {
            if (!maze_wall_left(m, x, y) || (doors && end_door_wall(m, L, x, y, false))) {
                y++;
                continue;
            }
            uint32_t end = y;
            while (end < rows_to && maze_wall_left(m, x, end) &&
                   !(doors && end_door_wall(m, L, x, end, false)))
                end++;
            run(ctx, px, snap_mm(g, L->maze_y + y * L->cell), px,
                snap_mm(g, L->maze_y + end * L->cell));
            y = end;
        }
    }
}

static void stroked_run(void *ctx, double x0, double y0, double x1, double y1)
{
    wall_run(ctx, x0, y0, x1, y1);
}

static void stroke_walls(const canvas *cv, scene *s, const meiro_maze *m, const page_layout *L,
                         const pixel_snap *g, double line)
{
    /* only the grid lines that reach the visible area (a PNG band) */
    double cy0 = cv->view[1], cy1 = cv->view[3];
    double pad = L->line + L->cell;
    double first = floor((cy0 - pad - L->maze_y) / L->cell),
           last = ceil((cy1 + pad - L->maze_y) / L->cell);
    uint32_t y_from = first < 0 ? 0 : first > m->h ? m->h : (uint32_t)first;
    uint32_t y_to = last < 0 ? 0 : last > m->h ? m->h : (uint32_t)last;
    /* a run is one stroke */
    wall_runs w = {s, ROLE_WALLS, line, 0};
    rect_wall_runs(m, L, g, y_from, y_to, stroked_run, &w);
    wall_runs_end(&w);
}

static void pen_run(void *ctx, double x0, double y0, double x1, double y1)
{
    const grid_pen *pen = ctx;
    pen->move(pen->ctx, x0, y0);
    pen->line(pen->ctx, x1, y1);
}

void trace_rect_walls(const meiro_maze *m, const page_layout *L, const grid_pen *pen)
{
    pixel_snap g = {0, 0};
    rect_wall_runs(m, L, &g, 0, m->h, pen_run, (void *)pen);
}

bool rect_walls_apart(const meiro_maze *m)
{
    return m->grid == MEIRO_GRID_RECT && !m->weave && !m->mission && !m->levels;
}

/* A rectangle, as cairo_rectangle draws it. */
static void scene_rect(scene *s, double x, double y, double w, double h)
{
    scene_move(s, x, y);
    scene_line(s, x + w, y);
    scene_line(s, x + w, y + h);
    scene_line(s, x, y + h);
    scene_close(s);
}

/* A weave maze's crossings, over the walls: the over-passage's two walls
 * drawn whole across the cell, and the under-passage's walls (the grid
 * lines along it in the cells either side) cut short of them, so a gap
 * shows where the passage goes under. The gap is a fifth of a cell, and
 * at least one and a half line widths, so it shows at every cell size. */
static void stroke_crossings(scene *s, const meiro_maze *m, const page_layout *L,
                             const pixel_snap *g, double line)
{
    double gap = fmin(fmax(L->cell * 0.2, 2 * line), L->cell * 0.35), half = line / 2;
    wall_runs w = {s, ROLE_CROSSINGS, line, 0};
    /* two passes: the gaps in the paper's colour, then the rails over them */
    scene_paint paper = scene_fill(WHITE);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0) scene_path(s, ROLE_CROSSINGS, &paper);
        for (uint32_t y = 1; y + 1 < m->h; y++)
            for (uint32_t x = 1; x + 1 < m->w; x++) {
                uint8_t u = m->cells[cell_index(m, x, y)] & CELL_UNDER;
                if (!u) continue;
                double x0 = L->maze_x + x * L->cell, y0 = L->maze_y + y * L->cell, c = L->cell;
                for (int side = 0; side < 2; side++) {
                    bool ew = u == CELL_UNDER_EW; /* rails west and east, gaps beside them */
                    if (pass == 0) {
                        for (int end = 0; end < 2; end++) {
                            double along = (ew ? x0 : y0) + (end ? c + half : -half - gap),
                                   across = (ew ? y0 : x0) + side * c;
                            if (ew) scene_rect(s, along, across - line, gap, 2 * line);
                            else scene_rect(s, across - line, along, 2 * line, gap);
                        }
                    } else if (ew) {
                        double px = snap_mm(g, x0 + side * c);
                        wall_run(&w, px, snap_mm(g, y0), px, snap_mm(g, y0 + c));
                    } else {
                        double py = snap_mm(g, y0 + side * c);
                        wall_run(&w, snap_mm(g, x0), py, snap_mm(g, x0 + c), py);
                    }
                }
            }
        if (pass == 0) scene_end(s);
    }
    wall_runs_end(&w);
}

/* Centre of cell (x, y), pushed half a cell out through a door if any. */
static void cell_centre(const page_layout *L, meiro_cell c, meiro_dir door, double *cx, double *cy)
{
    *cx = L->maze_x + (c.x + 0.5) * L->cell;
    *cy = L->maze_y + (c.y + 0.5) * L->cell;
    if (door < MEIRO_NO_DIR) {
        *cx += DIR_DX[door] * L->cell / 2;
        *cy += DIR_DY[door] * L->cell / 2;
    }
}

scene_rgb answer_colour(const page_layout *L)
{
    uint32_t rgb = answer_rgb(L->answer_colour);
    return (scene_rgb){(rgb >> 16) / 255.0, (rgb >> 8 & 255) / 255.0, (rgb & 255) / 255.0};
}

scene_paint answer_paint(const page_layout *L)
{
    if (!L->grey_path)
        return scene_stroke(answer_colour(L), L->path_width, CAP_ROUND, JOIN_ROUND);
    /* wide enough to read as a band, not a line; a wall's width clear of
     * the walls on either side, never thinner than the coloured line */
    double band = fmin(0.55 * L->cell, L->cell - 3 * L->line);
    scene_rgb grey = {SOLUTION_GREY, SOLUTION_GREY, SOLUTION_GREY};
    return scene_stroke(grey, fmax(band, L->path_width), CAP_ROUND, JOIN_ROUND);
}

/* A wrapped maze's seams: at both ends of each passage across a seam, a
 * wedge just outside the border, pointing out, where the corridor leaves
 * the page to come back at the other side (the border is open there). */
static void stroke_seams(scene *s, const meiro_maze *m, const page_layout *L, double line)
{
    /* in the room of a door's arrow (maze_door_sides) */
    double c = L->cell, off = line + 0.08 * c, len = fmin(0.3 * c, L->arrow / 2),
           half = 0.75 * len;
    scene_paint ink = scene_fill((scene_rgb){ARROW_GREY, ARROW_GREY, ARROW_GREY});
    scene_path(s, ROLE_SEAMS, &ink);
    for (unsigned axis = 0; axis < 2; axis++) { /* x: east and west; y: south and north */
        if (!(m->wrap & (axis ? MEIRO_WRAP_Y : MEIRO_WRAP_X))) continue;
        uint32_t n = axis ? m->w : m->h;
        for (uint32_t k = 0; k < n; k++) {
            meiro_cell last = axis ? (meiro_cell){k, m->h - 1} : (meiro_cell){m->w - 1, k};
            unsigned out = axis ? MEIRO_SOUTH : MEIRO_EAST;
            if (!cell_open(m, last.x, last.y, out)) continue;
            meiro_cell first = axis ? (meiro_cell){k, 0} : (meiro_cell){0, k};
            for (int end = 0; end < 2; end++) {
                unsigned d = end ? dir_opposite((meiro_dir)out) : out;
                double ex, ey; /* the opening, on the border */
                cell_centre(L, end ? first : last, (meiro_dir)d, &ex, &ey);
                double dx = DIR_DX[d], dy = DIR_DY[d];
                double bx = ex + dx * off, by = ey + dy * off;
                scene_move(s, bx - dy * half, by + dx * half);
                scene_line(s, bx + dx * len, by + dy * len);
                scene_line(s, bx + dy * half, by - dx * half);
                scene_close(s);
            }
        }
    }
    scene_end(s);
}

static void stroke_path(scene *s, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    if (!p || p->length == 0) return;
    double x, y;
    /* through the doors, a shape's too */
    meiro_dir in = m->start_door < MEIRO_NO_DIR ? m->start_door : layout_end_door(L, 0),
              out = m->goal_door < MEIRO_NO_DIR ? m->goal_door : layout_end_door(L, 1);
    cell_centre(L, p->cells[0], in, &x, &y);
    scene_paint pen = answer_paint(L);
    scene_path(s, ROLE_ANSWER, &pen);
    scene_move(s, x, y);
    for (size_t k = 0; k < p->length; k++) {
        double px = x, py = y;
        cell_centre(L, p->cells[k], MEIRO_NO_DIR, &x, &y);
        if (k > 0 && m->wrap && (fabs(x - px) > 1.5 * L->cell || fabs(y - py) > 1.5 * L->cell)) {
            /* across a seam: out at one border, in again at the other */
            double sx = x > px ? -1 : x < px ? 1 : 0, sy = y > py ? -1 : y < py ? 1 : 0;
            scene_line(s, px + sx * L->cell / 2, py + sy * L->cell / 2);
            scene_move(s, x - sx * L->cell / 2, y - sy * L->cell / 2);
        } else if (k > 0 && (fabs(x - px) > 1.5 * L->cell || fabs(y - py) > 1.5 * L->cell)) {
            /* under a weave's crossing (two cells on): dashed across the cell
             * passed under, between its rails */
            double ax = (px + x) / 2 - (x - px) / 4, ay = (py + y) / 2 - (y - py) / 4;
            double bx = (px + x) / 2 + (x - px) / 4, by = (py + y) / 2 + (y - py) / 4;
            scene_line(s, ax, ay);
            scene_paint dashed = pen;
            dashed.cap = CAP_BUTT;
            dashed.dash[0] = L->cell / 6;
            dashed.dashes = 1;
            scene_path(s, ROLE_ANSWER, &dashed);
            scene_move(s, ax, ay);
            scene_line(s, bx, by);
            scene_path(s, ROLE_ANSWER, &pen);
            scene_move(s, bx, by);
        }
        scene_line(s, x, y);
    }
    cell_centre(L, p->cells[p->length - 1], out, &x, &y);
    scene_line(s, x, y);
    scene_end(s);
}

/* A run of text (its origin, font and size in t) added to cv's scene, its
 * ink box `ink` (left, top, width, height) from (ox, oy): where the text
 * set it was measured in starts. */
static void put_run(canvas *cv, scene_role role, const double *ink, double ox, double oy,
                    scene_text *t)
{
    t->box[0] = ox + ink[0];
    t->box[1] = oy + ink[1];
    t->box[2] = ink[2];
    t->box[3] = ink[3];
    scene_add_text(cv->scene, role, t);
}

/* A one-line run set as `set`, its ink centred at (cx, cy). */
static void put_centred(canvas *cv, scene_role role, const text_set *set, scene_text *t, double cx,
                        double cy)
{
    t->x = cx - (set->ink[0] + set->ink[2] / 2);
    t->y = cy - (set->ink[1] + set->ink[3] / 2);
    put_run(cv, role, set->ink, t->x, t->y, t);
}

void draw_word(canvas *cv, scene_role role, const text_set *set, const char *text,
               const char *font, double size, double cx, double cy)
{
    scene_text t = {
        .text = text, .font = font, .bold = true, .size = size, .outlined = true, .colour = BLACK};
    put_centred(cv, role, set, &t, cx, cy);
}

void draw_centred(canvas *cv, scene_role role, const char *text, const char *font, bool bold,
                  double size, double cx, double cy, scene_rgb colour, bool outlined)
{
    text_set set;
    text_set_out(cv, text, font, bold, size, 0, false, &set);
    scene_text t = {.text = text, .font = font, .bold = bold, .size = size,
                    .outlined = outlined, .colour = colour};
    put_centred(cv, role, &set, &t, cx, cy);
}

/* The size at which a mark's word fits in 70% of a cell (the mark size at
 * most), so that it stays clear of the walls. */
static double mark_fit(canvas *cv, const char *text, const char *font, const page_layout *L)
{
    double width, height;
    text_ink(cv, text, font, L->mark_size, &width, &height);
    double size = width > L->cell * 0.7 ? L->mark_size * L->cell * 0.7 / width : L->mark_size;
    return fmax(size, L->mark_min);
}

void text_ink(canvas *cv, const char *text, const char *family, double size, double *w, double *h)
{
    text_set set;
    text_set_out(cv, text, family, true, size, 0, false, &set);
    *w = set.ink[2];
    *h = set.ink[3];
}

/* A white plate with rounded corners: what a label stands on, above the
 * solution line, so the line never runs through the letters. */
static void plate(scene *s, scene_role role, double x, double y, double w, double h, double r)
{
    scene_paint paper = scene_fill(WHITE);
    scene_path(s, role, &paper);
    scene_arc(s, x + w - r, y + r, r, -TAU / 4, 0, false);
    scene_arc(s, x + w - r, y + h - r, r, 0, TAU / 4, false);
    scene_arc(s, x + r, y + h - r, r, TAU / 4, TAU / 2, false);
    scene_arc(s, x + r, y + r, r, TAU / 2, 3 * TAU / 4, false);
    scene_close(s);
    scene_end(s);
}

/* A disc filled with `colour`. */
static void disc(scene *s, scene_role role, double cx, double cy, double r, scene_rgb colour)
{
    scene_paint fill = scene_fill(colour);
    scene_path(s, role, &fill);
    scene_arc(s, cx, cy, r, 0, TAU, false);
    scene_end(s);
}

void draw_sign_art(scene *s, scene_role role, const art_ref *art, double x, double y, double side)
{
    scene_add_image(s, role, &(scene_image){art->file.file, x, y, side, side, .art = art->art});
}

/* A mark (S, G, スタート, ...) of `size` centred at (cx, cy) on a white
 * plate, or the template's picture for it on a round one. */
static void draw_mark(canvas *cv, scene *s, scene_role role, const char *text,
                      const art_ref *art, const char *font, double size, double cx, double cy,
                      const page_layout *L)
{
    if (art) {
        /* the plate covers most of the cell, the picture 70% of it, like
         * a word: clear of the walls, so no picture reads as a wall */
        double side = L->cell * 0.7;
        disc(s, role, cx, cy, L->cell * 0.42, WHITE);
        draw_sign_art(s, role, art, cx - side / 2, cy - side / 2, side);
        return;
    }
    text_set set;
    text_set_out(cv, text, font, true, size, 0, false, &set);
    double w = set.ink[2], h = set.ink[3];
    /* the ink and a margin, at least the middle of the cell, inside its walls */
    double pad = size * 0.2, room = (L->cell - L->line) * 0.9;
    if (L->mark_min > 0) room = fmax(room, fmax(w, h) + 2 * pad); /* a word bigger than its cell */
    double pw = fmin(room, fmax(w + 2 * pad, L->cell * 0.42)),
           ph = fmin(room, fmax(h + 2 * pad, L->cell * 0.42));
    plate(s, role, cx - pw / 2, cy - ph / 2, pw, ph, fmin(pad, fmin(pw, ph) / 2));
    draw_word(cv, role, &set, text, font, size, cx, cy);
}

void draw_badge(canvas *cv, const char *text, const art_ref *art, const char *font, double cx,
                double cy, double d, const page_layout *L, bool start, bool ring)
{
    scene *s = cv->scene;
    scene_role role = start ? ROLE_START : ROLE_GOAL;
    double r = d / 2;
    scene_rgb colour = {start ? 0.56 : 0.58, start ? 0.86 : 0.78, start ? 0.52 : 1.0};
    disc(s, role, cx, cy, r, colour);
    if (ring) {
        scene_paint pen = scene_stroke(BLACK, fmax(L->line, 0.35), CAP_BUTT, JOIN_MITER);
        scene_path(s, role, &pen);
        scene_arc(s, cx, cy, r, 0, TAU, false);
        scene_end(s);
    }
    if (art) {
        double band = fmax(d * 0.08, L->line);
        disc(s, role, cx, cy, r - band, WHITE);
        double side = (r - band) * 1.7; /* pictures are round: their corners may cross the ring */
        draw_sign_art(s, role, art, cx - side / 2, cy - side / 2, side);
        return;
    }
    /* the word as large as fits in the disc's middle */
    text_set set;
    text_set_out(cv, text, font, true, d * 0.6, 0, false, &set);
    double w = set.ink[2], h = set.ink[3];
    double k = fmin(1, fmin(d * 0.66 / fmax(w, 1e-9), d * 0.5 / fmax(h, 1e-9)));
    if (k < 1) text_set_out(cv, text, font, true, d * 0.6 * k, 0, false, &set);
    draw_word(cv, role, &set, text, font, d * 0.6 * k, cx, cy);
}

void draw_text(canvas *cv, scene_role role, const char *text, const char *font, double x,
               double baseline, double size, bool bold, int align)
{
    if (!text || !text[0]) return;
    text_set set;
    text_set_out(cv, text, font, bold, size, 0, false, &set);
    double width = set.width, left = set.x;
    double start = align < 0 ? x - left : align > 0 ? x - left - width : x - left - width / 2;
    scene_text t = {.text = text,
                    .font = font,
                    .bold = bold,
                    .size = size,
                    .x = start,
                    .y = baseline - set.baseline,
                    .colour = cv->colour};
    put_run(cv, role, set.ink, t.x, t.y, &t);
}

bool fit_text(canvas *cv, const char *text, const char *font, bool bold, double size,
              double floor_size, double width, double height, text_fit *fit)
{
    double natural = measured_width(cv, text, font, bold, size);
    *fit = (text_fit){size, false, natural, false};
    if (natural <= width) return true;
    if (size * width / natural >= fmax(floor_size, size * 0.7)) { /* shrunk a little, on one line */
        fit->size = size * width / natural * 0.999;
        return true;
    }
    /* two lines: from the largest size two lines fit in the band down to
     * the floor, in steps of 5%, broken at spaces; then also inside words */
    fit->wrap = true;
    for (int pass = text_has_spaces(text) ? 0 : 1; pass < 2; pass++) {
        for (double s = fmin(size, height / 2.4); s >= floor_size; s *= 0.95) {
            text_set set;
            text_set_out(cv, text, font, bold, s, width, pass == 1, &set);
            /* a word kept whole may stick out of the line */
            if (set.lines <= 2 && set.height <= height && set.width <= width * 1.001) {
                fit->size = s;
                fit->in_words = pass == 1;
                return true;
            }
        }
    }
    return false;
}

void draw_fitted(canvas *cv, scene_role role, const char *text, const char *font, bool bold,
                 const text_fit *fit, double cx, double baseline, double top, double width)
{
    if (!fit->wrap) {
        draw_text(cv, role, text, font, cx, baseline, fit->size, bold, 0);
        return;
    }
    /* a run a line, set as fit_text fitted them */
    text_set set;
    text_set_out(cv, text, font, bold, fit->size, width, fit->in_words, &set);
    double x0 = cx - width / 2;
    for (size_t k = 0; k < set.lines && k < SET_LINES; k++) {
        const set_line *l = &set.line[k];
        char *line = alloc_array(l->len + 1, 1);
        if (!line) {
            scene_out_of_memory(cv->scene);
            return;
        }
        memcpy(line, text + l->start, l->len);
        line[l->len] = 0;
        scene_text t = {.text = line, .font = font, .bold = bold, .size = fit->size,
                        .x = x0 + l->x, .y = top + l->top, .colour = cv->colour};
        put_run(cv, role, l->ink, x0, top, &t);
        free(line);
    }
}

/* A bold arrow outside the door `door` of cell c, in the room the layout
 * keeps there, clear of the wall (and of the solution's round end, which
 * reaches 0.15 cell out, so a fifth of a cell off where the room allows):
 * pointing in (at S) or out (from G). Dark grey, so it prints in black
 * and white. */
static void arrow_at(scene *s, const page_layout *L, meiro_cell c, meiro_dir door, bool in,
                     double from, double len)
{
    double ex, ey; /* the door, on the wall line */
    cell_centre(L, c, door, &ex, &ey);
    double far = from + 0.95 * len;
    double near = from + fmin(fmax(0.3 * len, 0.22 * L->cell), 0.45 * len);
    double dx = DIR_DX[door], dy = DIR_DY[door];
    double tail = in ? far : near, sign = in ? -1 : 1;
    double t = far - near, shaft = 0.3 * len, head_w = 0.72 * len, head_l = 0.5 * t;
    /* along u from the tail to the tip, v across it */
    double ox = ex + dx * tail, oy = ey + dy * tail, ux = dx * sign, uy = dy * sign;
    const double outline[7][2] = {
        {0, -shaft / 2}, {t - head_l, -shaft / 2}, {t - head_l, -head_w / 2},
        {t, 0},          {t - head_l, head_w / 2}, {t - head_l, shaft / 2},
        {0, shaft / 2}};
    scene_paint ink = scene_fill((scene_rgb){ARROW_GREY, ARROW_GREY, ARROW_GREY});
    scene_path(s, ROLE_ARROW, &ink);
    for (int k = 0; k < 7; k++) {
        double u = outline[k][0], v = outline[k][1];
        double x = ox + u * ux - v * uy, y = oy + u * uy + v * ux;
        if (k == 0) scene_move(s, x, y);
        else scene_line(s, x, y);
    }
    scene_close(s);
    scene_end(s);
}

static void draw_arrow(scene *s, const page_layout *L, meiro_cell c, meiro_dir door, bool in)
{
    if (door >= MEIRO_NO_DIR || L->arrow <= 0) return;
    arrow_at(s, L, c, door, in, L->arrow_from, L->arrow);
}

/* A shape's S or G in a door of its outline: the arrow (in at S, out at
 * G) past the outline, the badge beyond it, as printed children's mazes
 * mark where to go in and out. */
static void draw_end_sign(canvas *cv, scene *s, const page_layout *L, meiro_cell c, meiro_dir door,
                          const char *text, const art_ref *art, const char *font, bool start)
{
    double from = end_arrow_from(L->cell), len = end_arrow(L->cell), d = end_badge(L->cell);
    arrow_at(s, L, c, door, start, from, len);
    double x, y, out = from + len + 1 + d / 2;
    cell_centre(L, c, door, &x, &y);
    draw_badge(cv, text, art, font, x + DIR_DX[door] * out, y + DIR_DY[door] * out, d, L, start,
               true);
}

/* The arrows at the doors and S and G, on top of the walls and path; of
 * the two, those asked (a floor of a multi-level maze has one or none). */
static void draw_labels(canvas *cv, scene *s, const meiro_maze *m, const page_layout *L,
                        const maze_marks *marks, bool show_start, bool show_goal)
{
    if (show_start) draw_arrow(s, L, m->start, m->start_door, true);
    if (show_goal) draw_arrow(s, L, m->goal, m->goal_door, false);
    /* one cell holding both S and G (1 x 1): the marks stand in their doors */
    bool shared = m->start.x == m->goal.x && m->start.y == m->goal.y;
    double x, y;
    /* badges: a shape's, a name's or a picture maze's always (signs a
     * child sees; a picture maze's S and G side by side somewhere in its
     * small cells, coloured to be found), else the document's (a child's:
     * page_signs_badges). Filling their cells, a rectangle's word
     * at most BADGE_MAX_MM (in larger cells a disc well clear of the walls;
     * a picture as large as the cell); on an answer key readable however
     * small the cells, standing out of them as its letters do */
    if ((m->active || m->picture || marks->badges) && !shared) {
        for (int k = 0; k < 2; k++) {
            if (!(k ? show_goal : show_start)) continue;
            meiro_cell c = k ? m->goal : m->start;
            const char *text = k ? marks->goal : marks->start;
            const art_ref *art = k ? marks->goal_art : marks->start_art;
            double fill = (L->cell - L->line) * 0.9;
            if (!m->active && !art) fill = fmin(fill, BADGE_MAX_MM);
            if (L->mark_min > 0) fill = fmax(fill, BADGE_KEY_SCALE * L->mark_min);
            meiro_dir door = m->active ? layout_end_door(L, k) : MEIRO_NO_DIR;
            if (door < MEIRO_NO_DIR) {
                draw_end_sign(cv, s, L, c, door, text, art, marks->font, k == 0);
                continue;
            }
            cell_centre(L, c, MEIRO_NO_DIR, &x, &y);
            draw_badge(cv, text, art, marks->font, x, y, fill, L, k == 0, false);
        }
        return;
    }
    /* S and G at one size: the one that fits both */
    double size =
        fmin(mark_fit(cv, marks->start, marks->font, L), mark_fit(cv, marks->goal, marks->font, L));
    cell_centre(L, m->start, shared ? m->start_door : MEIRO_NO_DIR, &x, &y);
    if (show_start)
        draw_mark(cv, s, ROLE_START, marks->start, marks->start_art, marks->font, size, x, y, L);
    cell_centre(L, m->goal, shared ? m->goal_door : MEIRO_NO_DIR, &x, &y);
    if (show_goal)
        draw_mark(cv, s, ROLE_GOAL, marks->goal, marks->goal_art, marks->font, size, x, y, L);
}

void draw_ends(canvas *cv, const meiro_maze *m, const page_layout *L, const maze_marks *marks,
               bool start, bool goal)
{
    draw_labels(cv, cv->scene, m, L, marks, start, goal);
}

/* A picture maze's answer: its cells filled, under the walls (one fill of
 * all the cells' squares, so no seams between them): the path's, or
 * reversed every cell but the path's. */
static void fill_picture(scene *s, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    if (!p || p->length == 0) return;
    bool reverse = m->picture == MEIRO_PICTURE_REVERSE;
    scene_paint ink = scene_fill(answer_colour(L)), paper = scene_fill(WHITE);
    if (reverse) {
        scene_path(s, ROLE_ANSWER, &ink);
        scene_rect(s, L->maze_x, L->maze_y, m->w * L->cell, m->h * L->cell);
    }
    scene_path(s, ROLE_ANSWER, reverse ? &paper : &ink);
    for (size_t k = 0; k < p->length; k++)
        scene_rect(s, L->maze_x + p->cells[k].x * L->cell, L->maze_y + p->cells[k].y * L->cell,
                   L->cell, L->cell);
    scene_end(s);
}

void draw_maze(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
               const maze_marks *marks, double snap, unsigned layers)
{
    if (m->levels) { /* its floors side by side, each drawn as a maze */
        draw_levels(cv, m, path, L, marks, snap, layers);
        return;
    }
    pixel_snap g = {snap, 0};
    double line = L->line;
    if (snap > 0) { /* whole pixels, odd widths centred on pixels */
        double px = fmax(1, round(line * snap));
        line = px / snap;
        g.offset = fmod(px, 2) == 1 ? 0.5 : 0;
    }
    scene *s = cv->scene;
    bool picture = m->grid == MEIRO_GRID_RECT && m->picture && (layers & LAYER_PATH);
    if (picture) fill_picture(s, m, path, L);
    if (m->grid != MEIRO_GRID_RECT) draw_grid_maze(cv, m, path, L, marks, line, layers);
    else if ((layers & LAYER_WALLS) && marks && marks->paths) stroke_centre_lines(s, m, L, line);
    else if ((layers & LAYER_WALLS) && !((layers & LAYER_GRID_WALLS_APART) && rect_walls_apart(m))) {
        stroke_walls(cv, s, m, L, &g, line);
        if (m->weave) stroke_crossings(s, m, L, &g, line);
    }
    /* with the walls, drawn here or apart (SVG's group of walls) */
    if (m->wrap && (layers & LAYER_WALLS)) stroke_seams(s, m, L, line);
    if (m->mission) draw_mission(cv, m, path, L, marks->font, line, layers & LAYER_WALLS);
    if (m->grid == MEIRO_GRID_RECT && (layers & LAYER_PATH) && !picture) stroke_path(s, m, path, L);
    if (m->mission) draw_mission(cv, m, path, L, marks->font, line, layers & ~LAYER_WALLS);
    if (m->grid == MEIRO_GRID_RECT && (layers & LAYER_LABELS))
        draw_labels(cv, s, m, L, marks, true, true);
}

bool art_path(const meiro_template *tpl, const char *file, char *path, size_t size)
{
    bool builtin = !tpl || strncmp(tpl->path, "(built-in)", 10) == 0;
    if (file[0] == '/' || !tpl) snprintf(path, size, "%s", file);
    else snprintf(path, size, "%s/%s", tpl->dir, file);
    return builtin || (file[0] != '/' && access(path, F_OK) != 0 && builtin_find(file));
}

meiro_status art_blame(const meiro_template *tpl, const template_art *ref, meiro_status s,
                       const char *why, meiro_error *err)
{
    fail_at(err, s, ref->line, 0, "%s artwork '%s': %s", tpl ? "template" : "built-in", ref->file,
            why);
    if (err && tpl) snprintf(err->source, sizeof err->source, "%s", tpl->path);
    return s;
}

meiro_status art_ref_check(const art_ref *a, meiro_error *err)
{
    if (!a->file.file[0]) return MEIRO_OK;
    char path[2048];
    if (art_path(a->tpl, a->file.file, path, sizeof path))
        return builtin_find(a->file.file)
                   ? MEIRO_OK
                   : art_blame(a->tpl, &a->file, MEIRO_ERROR_IO, "no such built-in file", err);
    FILE *f = fopen(path, "rb");
    if (!f) return art_blame(a->tpl, &a->file, MEIRO_ERROR_IO, strerror(errno), err);
    fclose(f);
    return MEIRO_OK;
}

void marks_art_refs(const meiro_export_options *opt, double size, art_ref *start, art_ref *goal)
{
    *start = *goal = (art_ref){.w = size, .h = size};
    const meiro_template *t = opt->tpl;
    /* the template's own files, unless the options choose */
    bool own = t && !opt->art;
    const meiro_art_desc *pair = art_pair(opt);
    if (own && t->art_start.file[0]) *start = (art_ref){t, t->art_start, size, size, NULL, NULL};
    else if (pair) snprintf(start->file.file, sizeof start->file.file, "%s", pair->start);
    if (own && t->art_goal.file[0]) *goal = (art_ref){t, t->art_goal, size, size, NULL, NULL};
    else if (pair) snprintf(goal->file.file, sizeof goal->file.file, "%s", pair->goal);
}

unsigned maze_door_sides(const meiro_maze *m)
{
    unsigned sides = 0;
    if (m->start_door < MEIRO_NO_DIR) sides |= 1u << m->start_door;
    if (m->goal_door < MEIRO_NO_DIR) sides |= 1u << m->goal_door;
    if (m->wrap & MEIRO_WRAP_X) sides |= 1u << MEIRO_EAST | 1u << MEIRO_WEST;
    if (m->wrap & MEIRO_WRAP_Y) sides |= 1u << MEIRO_NORTH | 1u << MEIRO_SOUTH;
    return sides;
}
