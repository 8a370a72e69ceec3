/* The measures of strokes and outlines in the plane (fab.h): widths along
 * each segment's normal, found through square buckets of the search's
 * reach (a segment's neighbours within it are in the 3 x 3 buckets
 * around it), and the pieces a cut sheet's outlines make. */
#include "core/alloc.h"
#include "core/error.h"
#include "page/fab.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Shorter segments are not measured: a point's worth. */
#define FAB_DOT_MM 1e-6
/* How far off an outline its side is probed: above the files' 1e-4 mm
 * rounding, below any feature. */
#define PROBE_MM 1e-3
/* The most (segment, band or bucket) entries made: 256 MB of them. A
 * file's strokes are short beside its plot (two or three buckets each); a
 * file of long strokes crossing the plot many times over is refused (or, in
 * bands, said out of memory), not walked. */
#define GRID_MOST_ENTRIES (64u << 20)

bool fab_seg_add(fab_segs *s, double ax, double ay, double bx, double by, int side)
{
    if (!vec_reserve(&s->v, &s->cap, s->n + 1, sizeof *s->v, 256)) return false;
    s->v[s->n++] = (fab_seg){{ax, ay}, {bx, by}, side};
    return true;
}

/* ---- Inside and outside ---- */

/* Segments in bands of y, for the ray from a point to +x: its crossings
 * (even-odd: inside a closed line) and their winding (a loop with its
 * material on its left crosses it going up on its right: inside a box);
 * a query reads one band, about the square root of the segments. */
typedef struct bands {
    double y0, h;
    size_t count;
    size_t *start;
    uint32_t *ids;
    const fab_seg *v;
} bands;

static void bands_free(bands *b)
{
    free(b->start);
    free(b->ids);
    b->start = NULL, b->ids = NULL;
}

static size_t band_of(const bands *b, double y)
{
    double k = floor((y - b->y0) / b->h);
    return k < 0 ? 0 : k >= (double)b->count ? b->count - 1 : (size_t)k;
}

static bool bands_build(bands *b, const fab_segs *s)
{
    *b = (bands){.v = s->v};
    double y0 = HUGE_VAL, y1 = -HUGE_VAL;
    for (size_t i = 0; i < s->n; i++)
        y0 = fmin(y0, fmin(s->v[i].a[1], s->v[i].b[1])),
        y1 = fmax(y1, fmax(s->v[i].a[1], s->v[i].b[1]));
    b->y0 = s->n ? y0 : 0;
    b->count = (size_t)sqrt((double)s->n) + 1;
    b->h = fmax(s->n ? y1 - y0 : 0, 1e-6) / (double)b->count;
    b->start = zalloc(b->count + 1, sizeof *b->start);
    size_t *fill = NULL;
    for (int pass = 0; b->start && pass < 2; pass++) {
        if (pass == 1) {
            for (size_t k = 0; k < b->count; k++) b->start[k + 1] += b->start[k];
            if (b->start[b->count] > GRID_MOST_ENTRIES) break;
            b->ids = alloc_array(b->start[b->count] + 1, sizeof *b->ids);
            fill = alloc_array(b->count + 1, sizeof *fill);
            if (!b->ids || !fill) break;
            memcpy(fill, b->start, b->count * sizeof *fill);
        }
        for (size_t i = 0; i < s->n; i++)
            for (size_t k = band_of(b, fmin(s->v[i].a[1], s->v[i].b[1]));
                 k <= band_of(b, fmax(s->v[i].a[1], s->v[i].b[1])); k++) {
                if (pass == 0) b->start[k + 1]++;
                else b->ids[fill[k]++] = (uint32_t)i;
            }
    }
    bool ok = b->start && b->ids && fill;
    free(fill);
    if (!ok) bands_free(b);
    return ok;
}

/* The ray from (x, y) to +x: its crossings, and their winding. */
static void bands_ray(const bands *b, double x, double y, size_t *crossings, int *winding)
{
    *crossings = 0, *winding = 0;
    size_t k = band_of(b, y);
    for (size_t i = b->start[k]; i < b->start[k + 1]; i++) {
        const fab_seg *c = &b->v[b->ids[i]];
        const double *lo = c->a, *hi = c->b;
        int up = c->side < 0 ? -1 : 1;
        if (lo[1] > hi[1]) lo = c->b, hi = c->a, up = -up;
        if (!(lo[1] <= y && y < hi[1])) continue;
        if (lo[0] + (y - lo[1]) * (hi[0] - lo[0]) / (hi[1] - lo[1]) <= x) continue;
        ++*crossings;
        *winding += up;
    }
}

/* The closed lines of `layer`, for their insides. */
static bool loops_of(const plot *p, unsigned layer, fab_segs *loops, bands *b)
{
    for (size_t i = 0; i < p->line_count; i++) {
        const plot_line *l = &p->lines[i];
        if (l->layer != layer || !l->closed) continue;
        for (size_t k = l->first; k + 1 < l->first + l->count; k++)
            if (!fab_seg_add(loops, p->points[k][0], p->points[k][1], p->points[k + 1][0],
                             p->points[k + 1][1], 0))
                return false;
    }
    return bands_build(b, loops);
}

/* Whether closed line i holds its material on its left (probed beside its
 * longest segment, even-odd over the loops). */
static bool material_left(const plot *p, size_t i, const bands *b)
{
    const plot_line *l = &p->lines[i];
    size_t best = l->first;
    double longest = -1;
    for (size_t k = l->first; k + 1 < l->first + l->count; k++) {
        double d = hypot(p->points[k + 1][0] - p->points[k][0],
                         p->points[k + 1][1] - p->points[k][1]);
        if (d > longest) longest = d, best = k;
    }
    const double *a = p->points[best], *c = p->points[best + 1];
    double len = fmax(longest, FAB_DOT_MM);
    double mx = (a[0] + c[0]) / 2 - (c[1] - a[1]) / len * PROBE_MM;
    double my = (a[1] + c[1]) / 2 + (c[0] - a[0]) / len * PROBE_MM;
    size_t crossings;
    int winding;
    bands_ray(b, mx, my, &crossings, &winding);
    return crossings % 2 == 1;
}

bool fab_segs_of(const plot *p, unsigned layer, bool sided, fab_segs *out)
{
    fab_segs loops = {0};
    bands b = {0};
    bool ok = !sided || loops_of(p, layer, &loops, &b);
    for (size_t i = 0; ok && i < p->line_count; i++) {
        const plot_line *l = &p->lines[i];
        if (l->layer != layer) continue;
        int side = sided && l->closed ? (material_left(p, i, &b) ? 1 : -1) : 0;
        for (size_t k = l->first; ok && k + 1 < l->first + l->count; k++)
            ok = fab_seg_add(out, p->points[k][0], p->points[k][1], p->points[k + 1][0],
                             p->points[k + 1][1], side);
    }
    if (sided) bands_free(&b);
    free(loops.v);
    return ok;
}

bool fab_drop_inner(fab_segs *s, const fab_segs *boxes)
{
    bands b;
    if (!bands_build(&b, boxes)) return false;
    size_t kept = 0;
    for (size_t i = 0; i < s->n; i++) {
        const fab_seg *e = &s->v[i];
        double dx = e->b[0] - e->a[0], dy = e->b[1] - e->a[1], len = fmax(hypot(dx, dy), FAB_DOT_MM);
        /* a hair off its side away from its material */
        double out = -(e->side < 0 ? -1 : 1) * PROBE_MM;
        double mx = (e->a[0] + e->b[0]) / 2 - dy / len * out;
        double my = (e->a[1] + e->b[1]) / 2 + dx / len * out;
        size_t crossings;
        int winding;
        bands_ray(&b, mx, my, &crossings, &winding);
        if (winding == 0) s->v[kept++] = *e;
    }
    s->n = kept;
    bands_free(&b);
    return true;
}

/* ---- Widths ---- */

typedef struct grid {
    double x0, y0, side;
    size_t gw, gh;
    size_t *start; /* gw * gh + 1 */
    uint32_t *ids;
} grid;

static double bucket_at(double v, double origin, double side, size_t cells)
{
    double k = floor((v - origin) / side);
    return k < 0 ? 0 : k >= (double)cells ? (double)cells - 1 : k;
}

/* Calls `mark` for every bucket segment e passes through (Amanatides and
 * Woo's walk, both buckets beside a corner it crosses exactly), so a
 * segment is in a number of buckets that grows with its length, not with
 * its box's area (a long diagonal's box is the whole plot). */
#define GRID_WALK(g, e, mark)                                                              \
    do {                                                                                   \
        double ax_ = ((e)->a[0] - (g)->x0) / (g)->side, ay_ = ((e)->a[1] - (g)->y0) / (g)->side; \
        double dx_ = ((e)->b[0] - (e)->a[0]) / (g)->side, dy_ = ((e)->b[1] - (e)->a[1]) / (g)->side; \
        size_t x_ = (size_t)bucket_at((e)->a[0], (g)->x0, (g)->side, (g)->gw);             \
        size_t y_ = (size_t)bucket_at((e)->a[1], (g)->y0, (g)->side, (g)->gh);             \
        size_t x1_ = (size_t)bucket_at((e)->b[0], (g)->x0, (g)->side, (g)->gw);            \
        size_t y1_ = (size_t)bucket_at((e)->b[1], (g)->y0, (g)->side, (g)->gh);            \
        double tdx_ = dx_ != 0 ? fabs(1 / dx_) : HUGE_VAL, tdy_ = dy_ != 0 ? fabs(1 / dy_) : HUGE_VAL; \
        double tx_ = dx_ > 0 ? ((double)x_ + 1 - ax_) * tdx_ : dx_ < 0 ? (ax_ - (double)x_) * tdx_ : HUGE_VAL; \
        double ty_ = dy_ > 0 ? ((double)y_ + 1 - ay_) * tdy_ : dy_ < 0 ? (ay_ - (double)y_) * tdy_ : HUGE_VAL; \
        for (size_t steps_ = (g)->gw + (g)->gh + 2; steps_--;) {                          \
            mark(x_, y_);                                                                  \
            if (x_ == x1_ && y_ == y1_) break;                                             \
            bool step_x_ = x_ != x1_ && tx_ <= ty_ + 1e-12;                                \
            bool step_y_ = y_ != y1_ && ty_ <= tx_ + 1e-12;                                \
            if (!step_x_ && !step_y_) step_x_ = x_ != x1_, step_y_ = !step_x_;             \
            if (step_x_ && step_y_) mark(dx_ > 0 ? x_ + 1 : x_ - 1, y_), mark(x_, dy_ > 0 ? y_ + 1 : y_ - 1); \
            if (step_x_) x_ = dx_ > 0 ? x_ + 1 : x_ - 1, tx_ += tdx_;                      \
            if (step_y_) y_ = dy_ > 0 ? y_ + 1 : y_ - 1, ty_ += tdy_;                      \
        }                                                                                  \
    } while (0)

/* Each segment in every bucket it passes through (two passes: count,
 * fill). MEIRO_ERROR_TOO_BIG past GRID_MOST_ENTRIES. */
static meiro_status grid_build(grid *g, const fab_segs *s, double reach, meiro_error *err)
{
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    for (size_t i = 0; i < s->n; i++) {
        x0 = fmin(x0, fmin(s->v[i].a[0], s->v[i].b[0]));
        x1 = fmax(x1, fmax(s->v[i].a[0], s->v[i].b[0]));
        y0 = fmin(y0, fmin(s->v[i].a[1], s->v[i].b[1]));
        y1 = fmax(y1, fmax(s->v[i].a[1], s->v[i].b[1]));
    }
    /* no more than 2048 buckets a side */
    g->side = fmax(reach, fmax(x1 - x0, y1 - y0) / 2048);
    g->x0 = x0, g->y0 = y0;
    g->gw = (size_t)floor((x1 - x0) / g->side) + 1;
    g->gh = (size_t)floor((y1 - y0) / g->side) + 1;
    g->start = zalloc(g->gw * g->gh + 1, sizeof *g->start);
    if (!g->start) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    size_t *count = g->start + 1;
#define COUNT(x, y) count[(y) * g->gw + (x)]++
    for (size_t i = 0; i < s->n; i++) GRID_WALK(g, &s->v[i], COUNT);
#undef COUNT
    for (size_t c = 0; c < g->gw * g->gh; c++) g->start[c + 1] += g->start[c];
    if (g->start[g->gw * g->gh] > GRID_MOST_ENTRIES)
        return fail(err, MEIRO_ERROR_TOO_BIG,
                    "the file's strokes cross its plot too many times over to be measured (%zu "
                    "long strokes)",
                    s->n);
    g->ids = alloc_array(g->start[g->gw * g->gh] + 1, sizeof *g->ids);
    size_t *fill = alloc_array(g->gw * g->gh + 1, sizeof *fill);
    if (!g->ids || !fill) {
        free(fill);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    memcpy(fill, g->start, g->gw * g->gh * sizeof *fill);
#define FILL(x, y) g->ids[fill[(y) * g->gw + (x)]++] = (uint32_t)i
    for (size_t i = 0; i < s->n; i++) GRID_WALK(g, &s->v[i], FILL);
#undef FILL
    free(fill);
    return MEIRO_OK;
}

/* Strokes closer than this are one line drawn twice (an SVG's ring and a
 * wall along it, flattened apart): no gap between them. */
#define SAME_LINE_MM 0.05
/* Faces measured across: within 30 degrees of parallel. A wall's end
 * drawn to a point, or two walls meeting at a corner, narrow to nothing
 * by their nature: no width of the wall's or the corridor's. */
#define FACING_COS 0.866

/* Where the ray from m along d (a unit vector, square to its segment)
 * first meets segment e, when e faces it, past a hair; HUGE_VAL if it
 * does not. */
static double ray_hit(const double *m, const double *d, const fab_seg *e)
{
    double ex = e->b[0] - e->a[0], ey = e->b[1] - e->a[1];
    double den = d[0] * ey - d[1] * ex;
    if (fabs(den) < FACING_COS * hypot(ex, ey)) return HUGE_VAL; /* not facing */
    double wx = e->a[0] - m[0], wy = e->a[1] - m[1];
    double t = (wx * ey - wy * ex) / den;     /* along the ray */
    double u = (wx * d[1] - wy * d[0]) / den; /* along e */
    return t > PROBE_MM / 10 && u >= 0 && u <= 1 ? t : HUGE_VAL;
}

/* The places below a limit: keys of squares of `cell` mm. */
typedef struct places {
    int64_t (*key)[2];
    size_t n, cap;
    double cell;
} places;

static bool place_add(places *pl, const double *m)
{
    if (!vec_reserve(&pl->key, &pl->cap, pl->n + 1, sizeof *pl->key, 64)) return false;
    pl->key[pl->n][0] = (int64_t)floor(m[0] / pl->cell);
    pl->key[pl->n][1] = (int64_t)floor(m[1] / pl->cell);
    pl->n++;
    return true;
}

static int by_place(const void *x, const void *y)
{
    const int64_t *a = x, *b = y;
    return a[0] != b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] != b[1] ? (a[1] < b[1] ? -1 : 1) : 0;
}

/* The distinct places, the first (least x, then y) at its square's middle. */
static void places_count(places *pl, fab_width *w)
{
    if (pl->n) qsort(pl->key, pl->n, sizeof *pl->key, by_place);
    w->under = 0;
    for (size_t i = 0; i < pl->n; i++) w->under += i == 0 || by_place(pl->key[i - 1], pl->key[i]);
    if (pl->n)
        w->first[0] = ((double)pl->key[0][0] + 0.5) * pl->cell,
        w->first[1] = ((double)pl->key[0][1] + 0.5) * pl->cell;
    free(pl->key);
}

static void width_note(fab_width *w, double t, const double *m)
{
    if (t < w->least) w->least = t, w->at[0] = m[0], w->at[1] = m[1];
}

meiro_status fab_measure(const fab_segs *s, double reach, double material_limit, double gap_limit,
                         fab_width *material, fab_width *gap, meiro_error *err)
{
    *material = *gap = (fab_width){.least = HUGE_VAL};
    if (s->n == 0) return MEIRO_OK;
    grid g = {0};
    places under[2] = {{.cell = fmax(1, material_limit)}, {.cell = fmax(1, gap_limit)}};
    meiro_status st = MEIRO_OK;
    st = grid_build(&g, s, reach, err);
    /* probed at the middle of each stretch of a bucket's side: a narrowing
     * near a long stroke's end is found as one near its middle */
    for (size_t i = 0, probe = 0, probes = 1; st == MEIRO_OK && i < s->n;
         ++probe < probes ? (void)0 : (void)(i++, probe = 0)) {
        const fab_seg *e = &s->v[i];
        double dx = e->b[0] - e->a[0], dy = e->b[1] - e->a[1], len = hypot(dx, dy);
        if (len < FAB_DOT_MM) {
            probes = 1;
            continue;
        }
        probes = (size_t)ceil(len / g.side);
        double f = (probe + 0.5) / (double)probes;
        double m[2] = {e->a[0] + f * dx, e->a[1] + f * dy};
        size_t cx = (size_t)bucket_at(m[0], g.x0, g.side, g.gw);
        size_t cy = (size_t)bucket_at(m[1], g.y0, g.side, g.gh);
        for (int dir = 1; dir >= -1; dir -= 2) {
            double d[2] = {-dy / len * dir, dx / len * dir}; /* dir 1: to the left */
            double t = HUGE_VAL;
            for (size_t y = cy ? cy - 1 : 0; y <= cy + 1 && y < g.gh; y++)
                for (size_t x = cx ? cx - 1 : 0; x <= cx + 1 && x < g.gw; x++)
                    for (size_t k = g.start[y * g.gw + x]; k < g.start[y * g.gw + x + 1]; k++)
                        if (g.ids[k] != i) {
                            double hit = ray_hit(m, d, &s->v[g.ids[k]]);
                            if (e->side != 0 || hit >= SAME_LINE_MM) t = fmin(t, hit);
                        }
            if (t > reach) continue;
            bool solid = e->side != 0 && dir == e->side;
            width_note(solid ? material : gap, t, m);
            if (t < (solid ? material_limit : gap_limit) && !place_add(&under[!solid], m))
                st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        }
    }
    places_count(&under[0], material);
    places_count(&under[1], gap);
    free(g.start);
    free(g.ids);
    return st;
}

/* ---- Pieces ---- */

bool fab_islands(const plot *p, unsigned layer, size_t *islands, double (*at)[2], size_t room)
{
    fab_segs loops = {0};
    bands b;
    *islands = 0;
    if (!loops_of(p, layer, &loops, &b)) {
        free(loops.v);
        return false;
    }
    /* the outer loops: material inside them (on the left of a loop going
     * anticlockwise, y up) */
    size_t main = SIZE_MAX, outer = 0;
    double largest = -1;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < p->line_count; i++) {
            const plot_line *l = &p->lines[i];
            if (l->layer != layer || !l->closed) continue;
            double area = 0;
            for (size_t k = l->first; k + 1 < l->first + l->count; k++)
                area +=
                    p->points[k][0] * p->points[k + 1][1] - p->points[k + 1][0] * p->points[k][1];
            if (fabs(area) < 2 * FAB_DOT_MM || material_left(p, i, &b) != (area > 0)) continue;
            if (pass == 0 && fabs(area) > largest) largest = fabs(area), main = i;
            if (pass == 1 && i != main) {
                if (outer < room) memcpy(at[outer], p->points[l->first], sizeof *at);
                outer++;
            }
        }
    *islands = outer;
    bands_free(&b);
    free(loops.v);
    return true;
}
