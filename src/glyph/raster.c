/* meiro's own rasteriser (raster.h): outlines flattened to polygons, then
 * sampled a row of samples at a time: the non-zero winding rule over the
 * edges a row crosses, and for a stroked outline every segment's capsule
 * (the segment widened by a disc: round joins), whose crossing with a row
 * is one interval as a capsule is convex. */
#include "glyph/raster.h"

#include "core/alloc.h"
#include "core/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Curves are flattened to within this many cells of their true line. */
#define FLAT_TOLERANCE 0.01
#define PI 3.14159265358979323846

static const double identity[6] = {1, 0, 0, 1, 0, 0};

void pen_init(pen_path *o, const double *m, double stroke)
{
    memset(o, 0, sizeof *o);
    memcpy(o->m, m ? m : identity, sizeof o->m);
    o->stroke = stroke;
}

void pen_free(pen_path *o)
{
    free(o->xy);
    free(o->ends);
    memset(o, 0, sizeof *o);
}

/* A point already mapped into cells. */
static void push_mapped(pen_path *o, double x, double y)
{
    if (o->nomem || !vec_reserve(&o->xy, &o->cap, 2 * (o->n + 1), sizeof *o->xy, 512)) {
        o->nomem = true;
        return;
    }
    o->xy[2 * o->n] = x;
    o->xy[2 * o->n + 1] = y;
    o->n++;
}

static void map(const pen_path *o, double x, double y, double *mx, double *my)
{
    *mx = o->m[0] * x + o->m[2] * y + o->m[4];
    *my = o->m[1] * x + o->m[3] * y + o->m[5];
}

static void push(pen_path *o, double x, double y)
{
    double mx, my;
    map(o, x, y, &mx, &my);
    push_mapped(o, mx, my);
    o->cx = x;
    o->cy = y;
}

void pen_close(pen_path *o)
{
    if (o->n > o->start && !o->nomem) {
        if (!vec_reserve(&o->ends, &o->ends_cap, o->contours + 1, sizeof *o->ends, 8)) {
            o->nomem = true;
            return;
        }
        o->ends[o->contours++] = o->n;
    }
    o->start = o->n;
}

void pen_move(pen_path *o, double x, double y)
{
    pen_close(o);
    push(o, x, y);
}

void pen_line(pen_path *o, double x, double y) { push(o, x, y); }

/* Segments enough for a curve whose control polygon bends by `bend`
 * cells (the largest second difference): the flattening error of n
 * segments is at most bend / (8 n^2) for a quadratic, 3 bend / (4 n^2)
 * over 6 for a cubic (Wang's formula). */
static unsigned segments_for(double bend, double factor)
{
    double n = ceil(sqrt(factor * bend / FLAT_TOLERANCE));
    return n < 1 ? 1 : n > 1000 ? 1000 : (unsigned)n;
}

void pen_quad(pen_path *o, double x1, double y1, double x, double y)
{
    double ax, ay, bx, by, cx, cy;
    map(o, o->cx, o->cy, &ax, &ay);
    map(o, x1, y1, &bx, &by);
    map(o, x, y, &cx, &cy);
    unsigned n = segments_for(hypot(ax - 2 * bx + cx, ay - 2 * by + cy), 0.25);
    for (unsigned i = 1; i <= n; i++) {
        double t = (double)i / n, u = 1 - t;
        push_mapped(o, u * u * ax + 2 * u * t * bx + t * t * cx,
                    u * u * ay + 2 * u * t * by + t * t * cy);
    }
    o->cx = x;
    o->cy = y;
}

void pen_cubic(pen_path *o, double x1, double y1, double x2, double y2, double x, double y)
{
    double p[4][2];
    map(o, o->cx, o->cy, &p[0][0], &p[0][1]);
    map(o, x1, y1, &p[1][0], &p[1][1]);
    map(o, x2, y2, &p[2][0], &p[2][1]);
    map(o, x, y, &p[3][0], &p[3][1]);
    double bend = fmax(hypot(p[0][0] - 2 * p[1][0] + p[2][0], p[0][1] - 2 * p[1][1] + p[2][1]),
                       hypot(p[1][0] - 2 * p[2][0] + p[3][0], p[1][1] - 2 * p[2][1] + p[3][1]));
    unsigned n = segments_for(bend, 0.75);
    for (unsigned i = 1; i <= n; i++) {
        double t = (double)i / n, u = 1 - t, a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t,
               d = t * t * t;
        push_mapped(o, a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0],
                    a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1]);
    }
    o->cx = x;
    o->cy = y;
}

void pen_ellipse(pen_path *o, double cx, double cy, double rx, double ry, double degrees)
{
    double a = degrees * PI / 180, ca = cos(a), sa = sin(a);
    /* the radius in cells, through the map, sets the steps: a chord of an
     * arc of angle t strays r (1 - cos(t / 2)) from it */
    double scale = sqrt(fabs(o->m[0] * o->m[3] - o->m[1] * o->m[2]));
    double r = fmax(rx, ry) * scale, step = r > FLAT_TOLERANCE ? 2 * acos(1 - FLAT_TOLERANCE / r) : PI;
    unsigned n = (unsigned)fmin(4000, fmax(8, ceil(2 * PI / step)));
    pen_close(o);
    for (unsigned i = 0; i < n; i++) {
        double t = 2 * PI * i / n, x = rx * cos(t), y = ry * sin(t);
        push(o, cx + x * ca - y * sa, cy + x * sa + y * ca);
    }
    pen_close(o);
}

bool pen_box(const pen_path *o, double *x0, double *y0, double *x1, double *y1)
{
    if (o->n == 0) return false;
    double h = o->stroke / 2;
    *x0 = *y0 = INFINITY;
    *x1 = *y1 = -INFINITY;
    for (size_t i = 0; i < o->n; i++) {
        *x0 = fmin(*x0, o->xy[2 * i] - h);
        *x1 = fmax(*x1, o->xy[2 * i] + h);
        *y0 = fmin(*y0, o->xy[2 * i + 1] - h);
        *y1 = fmax(*y1, o->xy[2 * i + 1] + h);
    }
    return true;
}

unsigned raster_samples(uint64_t cells)
{
    if (cells <= (1u << 20)) return 8;
    unsigned s = (unsigned)sqrt((double)(1u << 26) / (double)cells);
    return s < 1 ? 1 : s;
}

/* ---- Sampling --------------------------------------------------------- */

/* An edge in samples, and the rows it touches with the stroke around. */
typedef struct edge {
    double ax, ay, bx, by;
    double lo, hi;
} edge;

/* One outline's edges by their first row, those the current row touches,
 * and the crossings of a row. */
typedef struct edges {
    edge *e;
    size_t n, next;
    size_t *active, n_active;
    double *cross; /* x, then the direction (+1, -1), in turn */
    double r;      /* half the stroke, in samples */
} edges;

static int by_lo(const void *a, const void *b)
{
    double x = ((const edge *)a)->lo, y = ((const edge *)b)->lo;
    return (x > y) - (x < y);
}

static int by_x(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static bool edges_make(const pen_path *o, unsigned s, double ox, double oy, edges *es)
{
    memset(es, 0, sizeof *es);
    es->r = o->stroke * s / 2;
    es->e = alloc_array(o->n ? o->n : 1, sizeof *es->e);
    es->active = alloc_array(o->n ? o->n : 1, sizeof *es->active);
    es->cross = alloc_array(2 * (o->n ? o->n : 1), sizeof *es->cross);
    if (!es->e || !es->active || !es->cross) return false;
    size_t first = 0;
    for (size_t c = 0; c < o->contours; c++) {
        size_t end = o->ends[c];
        for (size_t i = first; i < end; i++) {
            size_t j = i + 1 < end ? i + 1 : first;
            edge *e = &es->e[es->n++];
            e->ax = o->xy[2 * i] * s - ox;
            e->ay = o->xy[2 * i + 1] * s - oy;
            e->bx = o->xy[2 * j] * s - ox;
            e->by = o->xy[2 * j + 1] * s - oy;
            e->lo = fmin(e->ay, e->by) - es->r;
            e->hi = fmax(e->ay, e->by) + es->r;
        }
        first = end;
    }
    qsort(es->e, es->n, sizeof *es->e, by_lo);
    return true;
}

static void edges_free(edges *es)
{
    free(es->e);
    free(es->active);
    free(es->cross);
}

/* Sets row[i] for the samples whose centre i + 0.5 lies in [a, b) (or
 * [a, b] when closed). */
static void mark(uint8_t *row, size_t len, double a, double b, bool closed)
{
    double lo = ceil(a - 0.5), hi = closed ? floor(b - 0.5) + 1 : ceil(b - 0.5);
    if (lo < 0) lo = 0;
    if (hi > (double)len) hi = (double)len;
    if (hi > lo) memset(row + (size_t)lo, 1, (size_t)(hi - lo));
}

/* Where the row y crosses the capsule of radius r around e: an interval
 * (convex), false if it misses it. */
static bool capsule_span(const edge *e, double r, double y, double *a, double *b)
{
    double lo = INFINITY, hi = -INFINITY;
    const double ends[2][2] = {{e->ax, e->ay}, {e->bx, e->by}};
    for (int k = 0; k < 2; k++) {
        double dy = y - ends[k][1];
        if (fabs(dy) > r) continue;
        double h = sqrt(r * r - dy * dy);
        lo = fmin(lo, ends[k][0] - h);
        hi = fmax(hi, ends[k][0] + h);
    }
    double dx = e->bx - e->ax, dy = e->by - e->ay, len = hypot(dx, dy);
    if (len > 0) {
        double nx = -dy / len * r, ny = dx / len * r;
        const double q[4][2] = {{e->ax + nx, e->ay + ny},
                                {e->bx + nx, e->by + ny},
                                {e->bx - nx, e->by - ny},
                                {e->ax - nx, e->ay - ny}};
        for (int k = 0; k < 4; k++) {
            const double *p = q[k], *n = q[(k + 1) % 4];
            if ((p[1] - y) * (n[1] - y) > 0) continue;
            double x = p[1] == n[1] ? p[0] : p[0] + (y - p[1]) * (n[0] - p[0]) / (n[1] - p[1]);
            double x2 = p[1] == n[1] ? n[0] : x;
            lo = fmin(lo, fmin(x, x2));
            hi = fmax(hi, fmax(x, x2));
        }
    }
    *a = lo;
    *b = hi;
    return lo <= hi;
}

/* Marks the samples of row y (a sample row's centre) inside one outline. */
static void sample_row(edges *es, double y, uint8_t *row, size_t len)
{
    while (es->next < es->n && es->e[es->next].lo <= y) es->active[es->n_active++] = es->next++;
    size_t kept = 0, n_cross = 0;
    for (size_t k = 0; k < es->n_active; k++) {
        const edge *e = &es->e[es->active[k]];
        if (e->hi < y) continue;
        es->active[kept++] = es->active[k];
        double a, b;
        if (es->r > 0 && capsule_span(e, es->r, y, &a, &b)) mark(row, len, a, b, true);
        if (e->ay == e->by || y < fmin(e->ay, e->by) || y >= fmax(e->ay, e->by)) continue;
        es->cross[2 * n_cross] = e->ax + (y - e->ay) * (e->bx - e->ax) / (e->by - e->ay);
        es->cross[2 * n_cross + 1] = e->by > e->ay ? 1 : -1;
        n_cross++;
    }
    es->n_active = kept;
    qsort(es->cross, n_cross, 2 * sizeof *es->cross, by_x);
    int winding = 0;
    for (size_t k = 0; k < n_cross; k++) {
        int before = winding;
        winding += (int)es->cross[2 * k + 1];
        if (before != 0 && k > 0) mark(row, len, es->cross[2 * (k - 1)], es->cross[2 * k], false);
    }
}

uint64_t raster_inside(const uint8_t *mask, size_t n)
{
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++) c += mask[i];
    return c;
}

void raster_count(const uint8_t *row, unsigned s, uint32_t w, uint16_t *counts)
{
    for (uint32_t x = 0; x < w; x++) {
        unsigned c = 0;
        for (unsigned i = 0; i < s; i++) c += row[(size_t)x * s + i];
        counts[x] = (uint16_t)(counts[x] + c);
    }
}

void raster_cells(uint16_t *counts, unsigned s, uint32_t w, uint8_t *mask)
{
    unsigned half = (s * s + 1) / 2;
    for (uint32_t x = 0; x < w; x++) {
        if (counts[x] >= half) mask[x] = 1;
        counts[x] = 0;
    }
}

meiro_status raster_fill(const pen_path *parts, size_t count, unsigned s, uint8_t *mask,
                         uint32_t stride, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h,
                         meiro_error *err)
{
    for (size_t p = 0; p < count; p++)
        if (parts[p].nomem) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for an outline");
    size_t len = (size_t)w * s;
    edges *es = zalloc(count ? count : 1, sizeof *es);
    uint8_t *row = alloc_array(len ? len : 1, 1);
    uint16_t *counts = zalloc(w ? w : 1, sizeof *counts);
    bool ok = es && row && counts;
    for (size_t p = 0; ok && p < count; p++)
        ok = edges_make(&parts[p], s, (double)x0 * s, (double)y0 * s, &es[p]);
    for (uint32_t cy = 0; ok && cy < h; cy++) {
        for (unsigned j = 0; j < s; j++) {
            memset(row, 0, len);
            double y = (double)cy * s + j + 0.5;
            for (size_t p = 0; p < count; p++) sample_row(&es[p], y, row, len);
            raster_count(row, s, w, counts);
        }
        raster_cells(counts, s, w, mask + (size_t)(y0 + cy) * stride + x0);
    }
    for (size_t p = 0; es && p < count; p++) edges_free(&es[p]);
    free(es);
    free(row);
    free(counts);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory drawing a mask");
}
