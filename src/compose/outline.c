/* The outline of a shaped maze: a smooth line around the cells inside the
 * mask, as printed shape mazes draw the shape's silhouette around their
 * maze. It is traced from the mask itself, so a built-in shape, a picture,
 * the letters of a text and a maze read back from JSON all get theirs: the
 * mask is sampled a few pixels a cell, blurred (a Gaussian a third of a
 * cell wide) and traced where the blur falls to OUTLINE_LEVEL, about a
 * third of a cell outside the cells and still between letters one cell
 * apart; the line is then smoothed along its length in small steps, each
 * point held clear of every cell, so the cells' steps become slopes and
 * curves and the line never touches a wall. Bridges joining the pieces
 * (MASK_BRIDGE cells) are left out of it: each piece (a name's letter)
 * gets its own outline, cut where a bridge leaves it, and the bridge is a
 * plain corridor between them. The band between the line and the cells
 * is filled as the line is (draw_outline): line and outer wall are one
 * edge. Linear in the raster's pixels and the line's points. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "compose/draw.h"
#include "compose/canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define OUTLINE_SIGMA 0.3    /* the blur, in cells */
#define OUTLINE_LEVEL 0.15   /* where the line runs: 0.3 cell out from a straight edge */
#define OUTLINE_SMOOTH 0.35  /* then smoothed along its length over about this, in cells, */
#define OUTLINE_PASSES 3     /* this many times, */
#define OUTLINE_CLEAR 0.15   /* its ink kept this far from every cell inside */
#define OUTLINE_MIN_AREA 1.5 /* loops round less than this, in cells, are left out */
enum {
    OUTLINE_PAD = 2,             /* empty cells around the grid */
    OUTLINE_PIXELS = 1 << 20,    /* the raster is at most this big */
    NO_EDGE = -1,
};

void outline_free(outline *o)
{
    if (!o) return;
    free(o->points);
    free(o->loop_end);
    *o = (outline){0};
}

/* Blurs the rows of `from` into `to` (w x h), a kernel of 2r + 1 taps. */
static void blur_rows(const float *from, float *to, size_t w, size_t h, const float *k, int r)
{
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++) {
            float s = 0;
            for (int d = -r; d <= r; d++) {
                long xx = (long)x + d;
                if (xx >= 0 && xx < (long)w) s += k[d + r] * from[y * w + (size_t)xx];
            }
            to[y * w + x] = s;
        }
}

static void blur_columns(const float *from, float *to, size_t w, size_t h, const float *k, int r)
{
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++) {
            float s = 0;
            for (int d = -r; d <= r; d++) {
                long yy = (long)y + d;
                if (yy >= 0 && yy < (long)h) s += k[d + r] * from[(size_t)yy * w + x];
            }
            to[y * w + x] = s;
        }
}

/* Where the level crosses the edge between pixels a and b (values va, vb),
 * as a fraction from a. */
static double crossing(float va, float vb)
{
    double t = (OUTLINE_LEVEL - va) / ((double)vb - va);
    return t < 0 ? 0 : t > 1 ? 1 : t;
}

/* How far (x, y), in cells, is from the nearest cell inside, up to 2. */
static double clearance(const meiro_maze *m, double x, double y)
{
    double best = 2;
    long cx = (long)floor(x), cy = (long)floor(y);
    for (long j = cy - 2; j <= cy + 2; j++)
        for (long i = cx - 2; i <= cx + 2; i++) {
            if (i < 0 || j < 0 || i >= (long)m->w || j >= (long)m->h ||
                m->active[(size_t)j * m->w + (size_t)i] != 1)
                continue;
            double dx = x < i       ? i - x
                        : x > i + 1 ? x - i - 1
                                    : 0,
                   dy = y < j       ? j - y
                        : y > j + 1 ? y - j - 1
                                    : 0;
            best = fmin(best, sqrt(dx * dx + dy * dy));
        }
    return best;
}

/* Smooths a loop of n points (x, y pairs, about evenly spaced) along its
 * length, a Gaussian OUTLINE_SMOOTH cells wide, so the steps of the cells
 * become slopes and curves; a point is moved only as far as leaves it
 * `clear` from every cell inside (its traced place has more). */
static meiro_status smooth_loop(const meiro_maze *m, double clear, double *pt, size_t n,
                                meiro_error *err)
{
    if (n < 8) return MEIRO_OK;
    double length = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = (i + 1) % n;
        length += hypot(pt[2 * j] - pt[2 * i], pt[2 * j + 1] - pt[2 * i + 1]);
    }
    double sigma = OUTLINE_SMOOTH * (double)n / fmax(length, 1e-9); /* in points */
    long r = (long)ceil(3 * sigma);
    if (r > (long)(n - 1) / 2) r = (long)(n - 1) / 2;
    if (r < 1) return MEIRO_OK;
    double *k = alloc_array((size_t)r + 1, sizeof *k), *out = alloc_array(n, 2 * sizeof *out);
    if (!k || !out) {
        free(k);
        free(out);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory smoothing the shape's outline");
    }
    double total = 0;
    for (long d = 0; d <= r; d++)
        total += (d ? 2 : 1) * (k[d] = exp(-(double)(d * d) / (2 * sigma * sigma)));
    for (size_t i = 0; i < n; i++) {
        double sx = 0, sy = 0;
        for (long d = -r; d <= r; d++) {
            size_t j = (size_t)(((long)i + d + (long)n) % (long)n);
            sx += k[labs(d)] * pt[2 * j];
            sy += k[labs(d)] * pt[2 * j + 1];
        }
        double px = pt[2 * i], py = pt[2 * i + 1], qx = sx / total, qy = sy / total, lo = 0, hi = 1;
        /* the farthest along the way from the traced point to the smooth one
         * that keeps clear of the cells (bisected: the way is short); a
         * point already too near (a narrow gap, where a bridge meets a
         * letter) may still move where it comes no nearer, else it stays
         * put while its neighbours move and the line zigzags */
        double need = fmin(clear, clearance(m, px, py));
        if (clearance(m, qx, qy) < need) {
            for (int step = 0; step < 8; step++) {
                double mid = (lo + hi) / 2;
                if (clearance(m, px + mid * (qx - px), py + mid * (qy - py)) >= need) lo = mid;
                else hi = mid;
            }
            qx = px + lo * (qx - px);
            qy = py + lo * (qy - py);
        }
        out[2 * i] = qx;
        out[2 * i + 1] = qy;
    }
    memcpy(pt, out, n * 2 * sizeof *out);
    free(k);
    free(out);
    return MEIRO_OK;
}

meiro_status outline_trace(const meiro_maze *m, double line, outline *out, meiro_error *err)
{
    *out = (outline){0};
    /* the line's middle: past its half width and the walls' half */
    double clear = OUTLINE_CLEAR + (OUTLINE_WIDTH + 1) / 2 * line;
    if (m->grid != MEIRO_GRID_RECT || !m->active || (uint64_t)m->w * m->h > OUTLINE_MAX_CELLS)
        return MEIRO_OK;
    uint64_t cells = (uint64_t)(m->w + 2 * OUTLINE_PAD) * (m->h + 2 * OUTLINE_PAD);
    unsigned s = (unsigned)sqrt((double)OUTLINE_PIXELS / (double)cells);
    s = s > 8 ? 8 : s < 2 ? 2 : s;
    size_t w = (size_t)(m->w + 2 * OUTLINE_PAD) * s, h = (size_t)(m->h + 2 * OUTLINE_PAD) * s,
           n = w * h;
    float *a = alloc_array(n, sizeof *a), *b = alloc_array(n, sizeof *b);
    /* each edge between two pixels' centres holds the next edge of its
     * loop: edge 2i joins pixel i to the one right of it, 2i + 1 to the one
     * below */
    int32_t *next = alloc_array(2 * n, sizeof *next);
    meiro_status st = MEIRO_OK;
    if (!a || !b || !next) goto nomem;
    /* the mask, a pixel's centre inside a cell inside */
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++) {
            long cx = (long)(x / s) - OUTLINE_PAD, cy = (long)(y / s) - OUTLINE_PAD;
            a[y * w + x] = cx >= 0 && cy >= 0 && cx < (long)m->w && cy < (long)m->h &&
                           m->active[(size_t)cy * m->w + (size_t)cx] == 1;
        }
    float k[64];
    double sigma = OUTLINE_SIGMA * s, total = 0;
    int r = (int)ceil(3 * sigma);
    if (r > 31) r = 31;
    for (int d = -r; d <= r; d++) total += k[d + r] = (float)exp(-d * d / (2 * sigma * sigma));
    for (int d = -r; d <= r; d++) k[d + r] = (float)(k[d + r] / total);
    blur_rows(a, b, w, h, k, r);
    blur_columns(b, a, w, h, k, r);
    /* marching squares over the squares of four pixel centres; an edge
     * the line crosses is left by one square's segment and entered by the
     * other's, so the segments link into closed loops */
    for (size_t i = 0; i < 2 * n; i++) next[i] = NO_EDGE;
    size_t segments = 0;
    for (size_t y = 0; y + 1 < h; y++)
        for (size_t x = 0; x + 1 < w; x++) {
            size_t i = y * w + x;
            float v[4] = {a[i], a[i + 1], a[i + w + 1], a[i + w]}; /* clockwise from the top left */
            unsigned c = (v[0] >= OUTLINE_LEVEL) | (v[1] >= OUTLINE_LEVEL) << 1 |
                         (v[2] >= OUTLINE_LEVEL) << 2 | (v[3] >= OUTLINE_LEVEL) << 3;
            if (c == 0 || c == 15) continue;
            /* the square's sides, clockwise: top, right, bottom, left */
            int32_t side[4] = {(int32_t)(2 * i), (int32_t)(2 * (i + 1) + 1), (int32_t)(2 * (i + w)),
                               (int32_t)(2 * i + 1)};
            /* going clockwise round the square, a side from inside to
             * outside starts a segment, which ends at the next side from
             * outside to inside */
            unsigned from[2], to[2], count = 0;
            for (unsigned e = 0; e < 4; e++) {
                bool in0 = c >> e & 1, in1 = c >> ((e + 1) & 3) & 1;
                if (in0 && !in1) from[count++] = e;
            }
            for (unsigned f = 0; f < count; f++) {
                unsigned e = (from[f] + 1) & 3;
                while (!(!(c >> e & 1) && (c >> ((e + 1) & 3) & 1))) e = (e + 1) & 3;
                to[f] = e;
            }
            if (count == 2) { /* a saddle: the pairs above cut off the outside corners; apart
                                 where the middle is outside */
                float mid = (v[0] + v[1] + v[2] + v[3]) / 4;
                if (mid < OUTLINE_LEVEL) {
                    unsigned t = to[0];
                    to[0] = to[1];
                    to[1] = t;
                }
            }
            for (unsigned f = 0; f < count; f++) {
                /* an edge is a "to" side in one of its two squares and a
                 * "from" side in the other: to -> from links them all */
                next[side[to[f]]] = side[from[f]];
                segments++;
            }
        }
    /* the loops: follow next from each edge not yet taken */
    out->points = alloc_array(segments + 1, 2 * sizeof *out->points);
    out->loop_end = alloc_array(segments + 1, sizeof *out->loop_end);
    if (!out->points || !out->loop_end) goto nomem;
    for (size_t e0 = 0; e0 < 2 * n; e0++) {
        if (next[e0] == NO_EDGE) continue;
        for (int32_t e = (int32_t)e0; next[e] != NO_EDGE;) { /* round to e0, taken first */
            size_t p = (size_t)e / 2, px = p % w, py = p / w;
            double fx = (double)px, fy = (double)py;
            if (e % 2 == 0) fx += crossing(a[p], a[p + 1]);
            else fy += crossing(a[p], a[p + w]);
            /* pixel centres are at (x + 0.5) / s cells, less the pad */
            out->points[2 * out->count] = (fx + 0.5) / s - OUTLINE_PAD;
            out->points[2 * out->count + 1] = (fy + 0.5) / s - OUTLINE_PAD;
            out->count++;
            int32_t later = next[e];
            next[e] = NO_EDGE;
            e = later;
        }
        size_t first = out->loops ? out->loop_end[out->loops - 1] : 0;
        /* a hole of a cell or two (inside a letter) would be a dash in the
         * maze, not an outline: left out */
        double area = 0;
        for (size_t i = first, j = out->count - 1; i < out->count; j = i++)
            area += out->points[2 * j] * out->points[2 * i + 1] -
                    out->points[2 * i] * out->points[2 * j + 1];
        if (fabs(area) / 2 < OUTLINE_MIN_AREA) {
            out->count = first;
            continue;
        }
        out->loop_end[out->loops++] = out->count;
        /* smoothed a little at a time, each time held clear of the cells:
         * the line settles round them without kinks where it is held */
        for (int pass = 0; pass < OUTLINE_PASSES && st == MEIRO_OK; pass++)
            st = smooth_loop(m, clear, out->points + 2 * first, out->count - first, err);
        if (st != MEIRO_OK) {
            outline_free(out);
            goto done;
        }
        /* a loop smoothing has shrunk to a dot, or a hole (its loop the
         * other way round) under OUTLINE_MIN_AREA (a letter's counter of a
         * cell or a few): left out too, the counter filled whole with the
         * band round the letter (draw_outline), not a ring in a box */
        area = 0;
        for (size_t i = first, j = out->count - 1; i < out->count; j = i++)
            area += out->points[2 * j] * out->points[2 * i + 1] -
                    out->points[2 * i] * out->points[2 * j + 1];
        if (fabs(area) / 2 < OUTLINE_MIN_AREA / 3 || (area > 0 && area / 2 < OUTLINE_MIN_AREA)) {
            out->count = first;
            out->loops--;
        }
    }
    goto done;
nomem:
    outline_free(out);
    st = fail(err, MEIRO_ERROR_NOMEM, "out of memory tracing the shape's outline");
done:
    free(a);
    free(b);
    free(next);
    return st;
}

/* The loops of o as the current path, placed by L. */
static void outline_path(canvas *cv, const outline *o, const page_layout *L)
{
    size_t start = 0;
    for (size_t l = 0; l < o->loops; l++) {
        for (size_t i = start; i < o->loop_end[l]; i++) {
            double x = L->maze_x + o->points[2 * i] * L->cell,
                   y = L->maze_y + o->points[2 * i + 1] * L->cell;
            if (i == start) canvas_move_to(cv, x, y);
            else canvas_line_to(cv, x, y);
        }
        canvas_close_path(cv);
        start = o->loop_end[l];
    }
}

/* The edge of the cells inside (a mask's 1 and its bridges) as the
 * current path: closed loops of their outer sides, each side once, the
 * cells on its right, so the path is the cells' region exactly (one
 * rectangle a cell would leave a seam of half-covered pixels between
 * neighbours in every viewer). Each corner has as many sides leaving it
 * as reaching it, so a walk from any side comes back to its start. false
 * without memory. */
static bool cells_path(canvas *cv, const meiro_maze *m, const page_layout *L)
{
    size_t vw = (size_t)m->w + 1, corners = vw * (m->h + 1);
    uint8_t *out = zalloc(corners, 1); /* bit d: a side leaves the corner going d (N E S W) */
    if (!out) return false;
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
#define INSIDE(x, y)                                                                               \
    ((x) >= 0 && (y) >= 0 && (x) < (long)m->w && (y) < (long)m->h &&                               \
     m->active[(size_t)(y)*m->w + (size_t)(x)])
    for (long y = 0; y < (long)m->h; y++)
        for (long x = 0; x < (long)m->w; x++) {
            if (!INSIDE(x, y)) continue;
            size_t c = (size_t)y * vw + (size_t)x;            /* the cell's top left corner */
            if (!INSIDE(x, y - 1)) out[c] |= 1 << 1;          /* top, going E */
            if (!INSIDE(x + 1, y)) out[c + 1] |= 1 << 2;      /* right, going S */
            if (!INSIDE(x, y + 1)) out[c + vw + 1] |= 1 << 3; /* bottom, going W */
            if (!INSIDE(x - 1, y)) out[c + vw] |= 1 << 0;     /* left, going N */
        }
#undef INSIDE
    for (size_t v0 = 0; v0 < corners; v0++)
        while (out[v0]) { /* a corner two loops touch at starts both */
            size_t v = v0;
            canvas_move_to(cv, L->maze_x + (double)(v % vw) * L->cell,
                          L->maze_y + (double)(v / vw) * L->cell);
            do {
                int d = 0;
                while (!(out[v] >> d & 1)) d++;
                out[v] &= (uint8_t) ~(1u << d);
                v = (size_t)((long)v + dx[d] + dy[d] * (long)vw);
                canvas_line_to(cv, L->maze_x + (double)(v % vw) * L->cell,
                              L->maze_y + (double)(v / vw) * L->cell);
            } while (v != v0);
            canvas_close_path(cv);
        }
    free(out);
    return true;
}

meiro_status draw_outline(canvas *cv, const meiro_maze *m, const page_layout *L, meiro_error *err)
{
    outline o;
    meiro_status s = outline_trace(m, L->line / L->cell, &o, err);
    if (s != MEIRO_OK || o.loops == 0) return s;
    scene *sc = cv->scene;
    double big = 1e6;
    /* cut where bridges cross it (the page but their cells) and at the
     * doors of S and G (a cell wide, out past the line) */
    bool bridges = false, doors = L->end_door[0] || L->end_door[1];
    for (size_t i = 0; i < (size_t)m->w * m->h && !bridges; i++) bridges = m->active[i] == MASK_BRIDGE;
    if (bridges || doors) {
        canvas_rectangle(cv, -big, -big, 2 * big, 2 * big);
        for (int k = 0; k < 2; k++) {
            meiro_dir d = layout_end_door(L, k);
            if (d >= MEIRO_NO_DIR) continue;
            meiro_cell c = k ? m->goal : m->start;
            /* the cell, moved out by most of a cell: its far half clears the line */
            double x = L->maze_x + (c.x + 0.9 * DIR_DX[d]) * L->cell,
                   y = L->maze_y + (c.y + 0.9 * DIR_DY[d]) * L->cell;
            canvas_rectangle(cv, x, y, L->cell, L->cell);
        }
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++)
                if (m->active[(size_t)y * m->w + x] == MASK_BRIDGE)
                    canvas_rectangle(cv, L->maze_x + x * L->cell, L->maze_y + y * L->cell, L->cell,
                                    L->cell);
        canvas_take_clip(cv, ROLE_OUTLINE, true);
    }
    outline_path(cv, &o, L);
    scene_paint ink = scene_stroke((scene_rgb){0, 0, 0}, L->line * OUTLINE_WIDTH, CAP_BUTT,
                                   JOIN_ROUND);
    canvas_take_path(cv, ROLE_OUTLINE, &ink, 1);
    /* the band between the line and the cells filled as the line is: the
     * line and the outer walls are one edge, with no white channel between
     * them that a child would take for a way round the letter; a counter
     * too small to trace (A's, D's) is filled whole, a hole, not a box of
     * walls. The cells themselves are cut out of the fill. */
    canvas_rectangle(cv, -big, -big, 2 * big, 2 * big);
    bool made = cells_path(cv, m, L);
    if (made) {
        canvas_take_clip(cv, ROLE_OUTLINE, true);
        outline_path(cv, &o, L);
        scene_paint band = scene_fill((scene_rgb){0, 0, 0});
        band.even_odd = true;
        canvas_take_path(cv, ROLE_OUTLINE, &band, 1);
        scene_unclip(sc, ROLE_OUTLINE);
    }
    canvas_new_path(cv);
    if (bridges || doors) scene_unclip(sc, ROLE_OUTLINE);
    outline_free(&o);
    if (!made) return fail(err, MEIRO_ERROR_NOMEM, "out of memory drawing the shape's outline");
    return MEIRO_OK;
}
