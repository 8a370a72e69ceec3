/* Strokes rasterised into an A8 mask by distance (stroke_mask.h): each
 * segment is a capsule, a pixel's coverage the part of a pixel-wide box
 * across the line at its centre's distance that falls inside the stroke,
 * and overlapping capsules keep the larger coverage, so joints are round
 * and never darker than the line. */
#include "draw/stroke_mask.h"
#include "core/alloc.h"

#include <math.h>
#include <stdlib.h>

/* Coverage by squared distance from the line's middle, in this many
 * steps out to the farthest pixel touched: no square root a pixel. */
enum { STEPS = 256 };

struct stroke_mask {
    cairo_surface_t *surface; /* A8 */
    unsigned char *data;
    int stride, w, h;
    double ox, oy;                  /* the mask's corner in device space */
    cairo_matrix_t m;               /* user space to the mask's pixels */
    double r;                       /* half the line width, pixels */
    double reach2;                  /* the squared distance of the farthest pixel touched */
    double x, y;                    /* the current point, pixels */
    unsigned char level[STEPS + 1]; /* coverage at squared distance reach2 * i / STEPS */
};

/* The coverage of a pixel whose centre is d from the line's middle: the
 * part of [d - 1/2, d + 1/2] inside [-r, r], in 16 steps as 4 x 4
 * samples would give (smaller pictures than finer steps, the same look). */
static unsigned char coverage(double d, double r)
{
    double c = fmin(d + 0.5, r) - fmax(d - 0.5, -r);
    return (unsigned char)((int)(fmax(c, 0) * 16 + 0.5) * 255 / 16);
}

stroke_mask *stroke_mask_begin(cairo_t *cr)
{
    if (cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE) return NULL;
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    if (m.xy != 0 || m.yx != 0 || fabs(fabs(m.xx) - fabs(m.yy)) > 1e-9 * fabs(m.xx)) return NULL;
    double x0, y0, x1, y1;
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_clip_extents(cr, &x0, &y0, &x1, &y1);
    cairo_restore(cr);
    x0 = floor(x0), y0 = floor(y0), x1 = ceil(x1), y1 = ceil(y1);
    if (!(x1 - x0 < 32768 && y1 - y0 < 32768)) return NULL; /* cairo's limit */
    stroke_mask *k = zalloc(1, sizeof *k);
    if (!k) return NULL;
    k->w = x1 > x0 ? (int)(x1 - x0) : 0;
    k->h = y1 > y0 ? (int)(y1 - y0) : 0;
    k->surface = cairo_image_surface_create(CAIRO_FORMAT_A8, k->w, k->h); /* zeroed */
    if (cairo_surface_status(k->surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(k->surface);
        free(k);
        return NULL;
    }
    cairo_surface_flush(k->surface);
    k->data = cairo_image_surface_get_data(k->surface);
    k->stride = cairo_image_surface_get_stride(k->surface);
    k->ox = x0, k->oy = y0;
    k->m = m;
    k->m.x0 -= x0, k->m.y0 -= y0;
    k->r = cairo_get_line_width(cr) * fabs(m.xx) / 2;
    k->reach2 = (k->r + 0.5) * (k->r + 0.5);
    for (int i = 0; i <= STEPS; i++) k->level[i] = coverage(sqrt(k->reach2 * i / STEPS), k->r);
    return k;
}

void stroke_mask_move(stroke_mask *k, double x, double y)
{
    cairo_matrix_transform_point(&k->m, &x, &y);
    k->x = x, k->y = y;
}

/* floor(v) for v clamped to 0 .. n (out of line floor and ceil cost more
 * than the pixels of a short side) */
static inline int clamped_floor(double v, int n)
{
    if (!(v > 0)) return 0;
    if (v >= n) return n;
    return (int)v;
}

void stroke_mask_line(stroke_mask *k, double x, double y)
{
    cairo_matrix_transform_point(&k->m, &x, &y);
    double x0 = k->x, y0 = k->y, x1 = x, y1 = y, dx = x1 - x0, dy = y1 - y0;
    double len2 = dx * dx + dy * dy;
    k->x = x, k->y = y;
    double reach = k->r + 0.5, reach2 = k->reach2;
    double inv = len2 > 0 ? 1 / len2 : 0, step = STEPS / reach2;
    /* the rows within reach, and in each row the pixels whose centres are
     * within reach of the segment's line and of its bounding box */
    int row0 = clamped_floor((y0 < y1 ? y0 : y1) - reach + 0.5, k->h);
    int row1 = clamped_floor((y0 < y1 ? y1 : y0) + reach + 0.5, k->h);
    double left = (x0 < x1 ? x0 : x1) - reach, right = (x0 < x1 ? x1 : x0) + reach;
    double slope = dy != 0 ? dx / dy : 0, half = dy != 0 ? reach * sqrt(len2) / fabs(dy) : 0;
    for (int py = row0; py < row1; py++) {
        double cy = py + 0.5, lo = left, hi = right;
        if (dy != 0) {
            double mid = x0 + (cy - y0) * slope;
            lo = lo > mid - half ? lo : mid - half;
            hi = hi < mid + half ? hi : mid + half;
        }
        int px0 = clamped_floor(lo + 0.5, k->w), px1 = clamped_floor(hi + 0.5, k->w);
        unsigned char *row = k->data + (size_t)py * (size_t)k->stride;
        /* along the row: u, the projection on the segment (times len2),
         * and s, the distance from its line (times its length), grow by
         * dx and dy a pixel */
        double ex = px0 + 0.5 - x0, ey = cy - y0;
        double u = ex * dx + ey * dy, s = ex * dy - ey * dx;
        for (int px = px0; px < px1; px++, ex += 1, u += dx, s += dy) {
            double d2;
            if (u <= 0) d2 = ex * ex + ey * ey; /* (a dot: len2 0) */
            else if (u > len2) d2 = (ex - dx) * (ex - dx) + (ey - dy) * (ey - dy);
            else d2 = s * s * inv;
            if (d2 >= reach2) continue;
            unsigned char v = k->level[(int)(d2 * step)];
            if (v > row[px]) row[px] = v;
        }
    }
}

void stroke_mask_end(stroke_mask *k, cairo_t *cr)
{
    if (!k) return;
    cairo_surface_mark_dirty(k->surface);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_mask_surface(cr, k->surface, k->ox, k->oy);
    cairo_restore(cr);
    cairo_surface_destroy(k->surface);
    free(k);
}
