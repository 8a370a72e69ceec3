/* The closed outlines around a plot's cut strokes (plot_outline, plot.h):
 * the strokes are a plane graph (walls meet at their ends, or end on
 * another wall's side: those are split there), whose faces are walked
 * with each face on the left, every side offset h into its face; where
 * two sides meet, their offset lines' crossing (a mitre, bevelled past 4 h),
 * and at a stroke's free end a square end h beyond it. Each walk is one
 * closed outline: around a maze's walls, its outer edge and the edge of
 * each corridor; a laser cutting along them leaves the walls as a piece
 * of the width drawn (h = half the stroke's width and half the kerf). */
#include "core/alloc.h"
#include "core/error.h"
#include "page/plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Ends closer than this are one joint. */
#define JOINT_MM 1e-4
/* A joint this close to a stroke's side splits it: a wall ending on a
 * ring meets its chords within the chords' distance off the arc. */
#define SIDE_MM (1.5 * PLOT_TOL_MM)
/* Joints closer than this are one: the ends of strokes drawn apart that
 * meet (an arc's end computed from its angle, a wall's from its corner)
 * may lie a few micrometres apart. */
#define MERGE_MM (0.5 * PLOT_TOL_MM)
/* Strokes that cross this far from their ends cross there: a joint. */
#define CROSS_MM (4 * SIDE_MM)

typedef struct graph {
    double (*at)[2]; /* the joints */
    size_t joints, joint_cap;
    uint32_t (*edge)[2];
    size_t edges, edge_cap;
    /* the joints by position: open addressing over quantised points */
    int64_t (*key)[2];
    uint32_t *slot; /* joint + 1, 0: empty */
    size_t slots;
} graph;

static void graph_free(graph *g)
{
    free(g->at);
    free(g->edge);
    free(g->key);
    free(g->slot);
}

static int64_t qj(double v) { return llround(v / JOINT_MM); }

static size_t slot_of(const graph *g, int64_t kx, int64_t ky)
{
    uint64_t h = ((uint64_t)kx * 0x9E3779B97F4A7C15u) ^ ((uint64_t)ky * 0xC2B2AE3D27D4EB4Fu);
    size_t i = (size_t)(h ^ (h >> 31)) & (g->slots - 1);
    while (g->slot[i] && (g->key[i][0] != kx || g->key[i][1] != ky)) i = (i + 1) & (g->slots - 1);
    return i;
}

/* The joint at (x, y), made if new; UINT32_MAX out of memory. */
static uint32_t joint(graph *g, double x, double y)
{
    int64_t kx = qj(x), ky = qj(y);
    size_t i = slot_of(g, kx, ky);
    if (g->slot[i]) return g->slot[i] - 1;
    if (!vec_reserve(&g->at, &g->joint_cap, g->joints + 1, sizeof *g->at, 256)) return UINT32_MAX;
    g->at[g->joints][0] = x, g->at[g->joints][1] = y;
    g->key[i][0] = kx, g->key[i][1] = ky;
    g->slot[i] = (uint32_t)++g->joints;
    return (uint32_t)(g->joints - 1);
}

static bool add_edge(graph *g, uint32_t a, uint32_t b)
{
    if (a == b) return true;
    if (!vec_reserve(&g->edge, &g->edge_cap, g->edges + 1, sizeof *g->edge, 256)) return false;
    g->edge[g->edges][0] = a, g->edge[g->edges][1] = b;
    g->edges++;
    return true;
}

/* Joint j's place along a -> b (0 to 1), if it lies on the segment's
 * inside within JOINT_MM of it. */
static bool on_side(const double *a, const double *b, const double *j, double *t)
{
    double dx = b[0] - a[0], dy = b[1] - a[1], len2 = dx * dx + dy * dy;
    if (len2 <= 0) return false;
    *t = ((j[0] - a[0]) * dx + (j[1] - a[1]) * dy) / len2;
    double len = sqrt(len2);
    if (*t * len <= MERGE_MM || (1 - *t) * len <= MERGE_MM) return false;
    return fabs((j[0] - a[0]) * dy - (j[1] - a[1]) * dx) / len < SIDE_MM;
}

typedef struct cut {
    double t;
    uint32_t j;
} cut;

static int by_t(const void *a, const void *b)
{
    double d = ((const cut *)a)->t - ((const cut *)b)->t;
    return d < 0 ? -1 : d > 0;
}

/* Where segments a-b and c-d cross inside both, each more than CROSS_MM
 * from its ends: the point. (A wall that ends on a ring may poke through
 * the ring's chord by up to PLOT_TOL_MM: its end is the joint, found on
 * the chord's side by SIDE_MM.) */
static bool crossing(const double *a, const double *b, const double *c, const double *d, double *at)
{
    double rx = b[0] - a[0], ry = b[1] - a[1], sx = d[0] - c[0], sy = d[1] - c[1];
    double den = rx * sy - ry * sx, lr = hypot(rx, ry), ls = hypot(sx, sy);
    if (fabs(den) <= 1e-12 * lr * ls) return false; /* parallel */
    double t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den;
    double u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den;
    if (t * lr <= CROSS_MM || (1 - t) * lr <= CROSS_MM || u * ls <= CROSS_MM ||
        (1 - u) * ls <= CROSS_MM)
        return false;
    at[0] = a[0] + t * rx, at[1] = a[1] + t * ry;
    return true;
}

/* A joint where two segments cross, neither ending there (walls that
 * meet at a joint both strokes pass straight through, as merged trails
 * do at a cross of four walls), so that both are split there as at a
 * wall's end on another's side: segments bucketed by their boxes, each
 * bucket's pairs tried. */
static meiro_status add_crossings(graph *g, const uint32_t (*ends)[2], size_t n, double side,
                                  meiro_error *err)
{
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    for (size_t j = 0; j < g->joints; j++) {
        x0 = fmin(x0, g->at[j][0]), x1 = fmax(x1, g->at[j][0]);
        y0 = fmin(y0, g->at[j][1]), y1 = fmax(y1, g->at[j][1]);
    }
    if (!n) return MEIRO_OK;
    side = fmax(side, fmax(x1 - x0, y1 - y0) / 2048);
    size_t gw = (size_t)((x1 - x0) / side) + 1, gh = (size_t)((y1 - y0) / side) + 1;
    double(*seg)[4] = alloc_array(n, sizeof *seg);
    size_t *start = zalloc(gw * gh + 1, sizeof *start), *fill = NULL;
    uint32_t *in = NULL;
    meiro_status s = seg && start ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t e = 0; s == MEIRO_OK && e < n; e++)
        memcpy(seg[e], g->at[ends[e][0]], 2 * sizeof(double)),
            memcpy(seg[e] + 2, g->at[ends[e][1]], 2 * sizeof(double));
    for (int pass = 0; pass < 2 && s == MEIRO_OK; pass++) {
        if (pass == 1) {
            for (size_t c = 0; c < gw * gh; c++) start[c + 1] += start[c];
            in = alloc_array(start[gw * gh] + 1, sizeof *in);
            fill = alloc_array(gw * gh + 1, sizeof *fill);
            if (!in || !fill) {
                s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
                break;
            }
            memcpy(fill, start, gw * gh * sizeof *fill);
        }
        for (size_t e = 0; e < n; e++) {
            size_t bx0 = (size_t)((fmin(seg[e][0], seg[e][2]) - x0) / side);
            size_t bx1 = (size_t)((fmax(seg[e][0], seg[e][2]) - x0) / side);
            size_t by0 = (size_t)((fmin(seg[e][1], seg[e][3]) - y0) / side);
            size_t by1 = (size_t)((fmax(seg[e][1], seg[e][3]) - y0) / side);
            for (size_t by = by0; by <= by1 && by < gh; by++)
                for (size_t bx = bx0; bx <= bx1 && bx < gw; bx++) {
                    if (pass == 0) start[by * gw + bx + 1]++;
                    else in[fill[by * gw + bx]++] = (uint32_t)e;
                }
        }
    }
    for (size_t c = 0; s == MEIRO_OK && c < gw * gh; c++)
        for (size_t i = start[c]; i < start[c + 1] && s == MEIRO_OK; i++)
            for (size_t k = i + 1; k < start[c + 1]; k++) {
                const double *u = seg[in[i]], *v = seg[in[k]];
                double at[2];
                if (!crossing(u, u + 2, v, v + 2, at)) continue;
                /* the joints' table stays half empty (build sizes it for
                 * twice the ends: crossings as many as the ends at most) */
                if (g->joints + 1 > g->slots / 2) {
                    s = fail(err, MEIRO_ERROR_TOO_BIG, "the strokes cross too often to outline");
                    break;
                }
                if (joint(g, at[0], at[1]) == UINT32_MAX) {
                    s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
                    break;
                }
            }
    free(seg);
    free(start);
    free(fill);
    free(in);
    return s;
}

/* The graph of the cut layer's segments, each split where a joint lies
 * on its side (a wall ending on another's middle, or crossing it):
 * joints bucketed by position, each segment asking the buckets under
 * it. */
static meiro_status build(graph *g, const plot *p, meiro_error *err)
{
    size_t segs = 0;
    for (size_t i = 0; i < p->line_count; i++)
        if (p->lines[i].layer == PLOT_CUT) segs += p->lines[i].count - 1;
    g->slots = 16;
    while (g->slots < 8 * segs + 16) g->slots *= 2;
    g->key = alloc_array(g->slots, sizeof *g->key);
    g->slot = zalloc(g->slots, sizeof *g->slot);
    uint32_t(*ends)[2] = alloc_array(segs + 1, sizeof *ends);
    if (!g->key || !g->slot || !ends) {
        free(ends);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    size_t n = 0;
    double len = 0;
    for (size_t i = 0; i < p->line_count; i++) {
        const plot_line *l = &p->lines[i];
        if (l->layer != PLOT_CUT) continue;
        for (size_t k = l->first; k + 1 < l->first + l->count; k++) {
            ends[n][0] = joint(g, p->points[k][0], p->points[k][1]);
            ends[n][1] = joint(g, p->points[k + 1][0], p->points[k + 1][1]);
            if (ends[n][0] == UINT32_MAX || ends[n][1] == UINT32_MAX) {
                free(ends);
                return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            }
            len +=
                hypot(p->points[k + 1][0] - p->points[k][0], p->points[k + 1][1] - p->points[k][1]);
            n++;
        }
    }
    meiro_status crossed =
        add_crossings(g, (const uint32_t(*)[2])ends, n, fmax(n ? len / (double)n : 1, 1e-3), err);
    if (crossed != MEIRO_OK) {
        free(ends);
        return crossed;
    }
    /* the joints in buckets about a segment long */
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    for (size_t j = 0; j < g->joints; j++) {
        x0 = fmin(x0, g->at[j][0]), x1 = fmax(x1, g->at[j][0]);
        y0 = fmin(y0, g->at[j][1]), y1 = fmax(y1, g->at[j][1]);
    }
    double side = fmax(fmax(n ? len / (double)n : 1, 1e-3), fmax(x1 - x0, y1 - y0) / 2048);
    size_t gw = g->joints ? (size_t)((x1 - x0) / side) + 1 : 1;
    size_t gh = g->joints ? (size_t)((y1 - y0) / side) + 1 : 1;
    size_t *start = zalloc(gw * gh + 1, sizeof *start);
    uint32_t *in = alloc_array(g->joints + 1, sizeof *in);
    cut *cuts = NULL;
    size_t cut_cap = 0;
    meiro_status s = MEIRO_OK;
    if (!start || !in) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
#define BUCKET(x, y) ((size_t)(((y)-y0) / side) * gw + (size_t)(((x)-x0) / side))
    for (size_t j = 0; s == MEIRO_OK && j < g->joints; j++)
        start[BUCKET(g->at[j][0], g->at[j][1]) + 1]++;
    for (size_t c = 0; s == MEIRO_OK && c < gw * gh; c++) start[c + 1] += start[c];
    size_t *fill = s == MEIRO_OK ? alloc_array(gw * gh + 1, sizeof *fill) : NULL;
    if (s == MEIRO_OK && !fill) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    if (s == MEIRO_OK) {
        memcpy(fill, start, gw * gh * sizeof *fill);
        for (size_t j = 0; j < g->joints; j++)
            in[fill[BUCKET(g->at[j][0], g->at[j][1])]++] = (uint32_t)j;
    }
    free(fill);
    /* joints closer than MERGE_MM: the first of them stands for all */
    uint32_t *rep = s == MEIRO_OK ? alloc_array(g->joints + 1, sizeof *rep) : NULL;
    if (s == MEIRO_OK && !rep) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t j = 0; s == MEIRO_OK && j < g->joints; j++) {
        rep[j] = (uint32_t)j;
        size_t bx = (size_t)((g->at[j][0] - x0) / side), by = (size_t)((g->at[j][1] - y0) / side);
        for (size_t yy = by ? by - 1 : 0; yy <= by + 1 && yy < gh && rep[j] == j; yy++)
            for (size_t xx = bx ? bx - 1 : 0; xx <= bx + 1 && xx < gw && rep[j] == j; xx++)
                for (size_t i = start[yy * gw + xx]; i < start[yy * gw + xx + 1]; i++) {
                    uint32_t k = in[i];
                    if (k < j && rep[k] == k &&
                        hypot(g->at[k][0] - g->at[j][0], g->at[k][1] - g->at[j][1]) < MERGE_MM) {
                        rep[j] = k;
                        break;
                    }
                }
    }
    for (size_t e = 0; s == MEIRO_OK && e < n; e++)
        ends[e][0] = rep[ends[e][0]], ends[e][1] = rep[ends[e][1]];
    for (size_t e = 0; s == MEIRO_OK && e < n; e++) {
        const double *a = g->at[ends[e][0]], *b = g->at[ends[e][1]];
        double lo_x = fmax(x0, fmin(a[0], b[0]) - SIDE_MM),
               hi_x = fmin(x1, fmax(a[0], b[0]) + SIDE_MM);
        double lo_y = fmax(y0, fmin(a[1], b[1]) - SIDE_MM),
               hi_y = fmin(y1, fmax(a[1], b[1]) + SIDE_MM);
        size_t bx0 = (size_t)((lo_x - x0) / side), bx1 = (size_t)((hi_x - x0) / side);
        size_t by0 = (size_t)((lo_y - y0) / side), by1 = (size_t)((hi_y - y0) / side);
        size_t cuts_n = 0;
        for (size_t by = by0; by <= by1 && by < gh && s == MEIRO_OK; by++)
            for (size_t bx = bx0; bx <= bx1 && bx < gw && s == MEIRO_OK; bx++)
                for (size_t i = start[by * gw + bx]; i < start[by * gw + bx + 1] && s == MEIRO_OK;
                     i++) {
                    double t;
                    if (rep[in[i]] != in[i] || !on_side(a, b, g->at[in[i]], &t)) continue;
                    if (!vec_reserve(&cuts, &cut_cap, cuts_n + 1, sizeof *cuts, 16)) {
                        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
                        break;
                    }
                    cuts[cuts_n++] = (cut){t, in[i]};
                }
        if (s != MEIRO_OK) break;
        if (cuts_n > 1) qsort(cuts, cuts_n, sizeof *cuts, by_t);
        uint32_t from = ends[e][0];
        for (size_t c = 0; c < cuts_n && s == MEIRO_OK; c++) {
            if (!add_edge(g, from, cuts[c].j)) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            from = cuts[c].j;
        }
        if (s == MEIRO_OK && !add_edge(g, from, ends[e][1]))
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
#undef BUCKET
    free(rep);
    free(cuts);
    free(start);
    free(in);
    free(ends);
    return s;
}

/* The sides leaving each joint, by angle: half-edge 2 e + 1 runs edge e
 * backwards. */
typedef struct around {
    size_t *start;   /* joints + 1 */
    uint32_t *half;  /* by joint, then by angle */
    uint32_t *place; /* a half-edge's index in half[] */
    double *angle;   /* by half-edge */
} around;

static uint32_t from_of(const graph *g, uint32_t h) { return g->edge[h / 2][h & 1]; }
static uint32_t to_of(const graph *g, uint32_t h) { return g->edge[h / 2][!(h & 1)]; }

static meiro_status sort_around(const graph *g, around *r, meiro_error *err)
{
    size_t halves = 2 * g->edges;
    r->start = zalloc(g->joints + 1, sizeof *r->start);
    r->half = alloc_array(halves + 1, sizeof *r->half);
    r->place = alloc_array(halves + 1, sizeof *r->place);
    r->angle = alloc_array(halves + 1, sizeof *r->angle);
    if (!r->start || !r->half || !r->place || !r->angle)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (uint32_t h = 0; h < halves; h++) {
        const double *a = g->at[from_of(g, h)], *b = g->at[to_of(g, h)];
        r->angle[h] = atan2(b[1] - a[1], b[0] - a[0]);
        r->start[from_of(g, h) + 1]++;
    }
    for (size_t j = 0; j < g->joints; j++) r->start[j + 1] += r->start[j];
    for (uint32_t h = 0; h < halves; h++) r->place[h] = 0;
    size_t *fill = alloc_array(g->joints + 1, sizeof *fill);
    if (!fill) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    memcpy(fill, r->start, g->joints * sizeof *fill);
    for (uint32_t h = 0; h < halves; h++) r->half[fill[from_of(g, h)]++] = h;
    free(fill);
    /* a joint has a few sides: sorted in place */
    for (size_t j = 0; j < g->joints; j++) {
        for (size_t i = r->start[j] + 1; i < r->start[j + 1]; i++)
            for (size_t k = i; k > r->start[j] && r->angle[r->half[k]] < r->angle[r->half[k - 1]];
                 k--) {
                uint32_t t = r->half[k];
                r->half[k] = r->half[k - 1], r->half[k - 1] = t;
            }
        for (size_t i = r->start[j]; i < r->start[j + 1]; i++) r->place[r->half[i]] = (uint32_t)i;
    }
    return MEIRO_OK;
}

/* The side after h around the face on h's left: at h's end, the side
 * next clockwise (by angle, downwards) from the way back. */
static uint32_t next_side(const graph *g, const around *r, uint32_t h)
{
    uint32_t back = h ^ 1u;
    size_t j = from_of(g, back), lo = r->start[j], deg = r->start[j + 1] - lo;
    size_t i = r->place[back] - lo;
    return r->half[lo + (i + deg - 1) % deg];
}

/* The corner where side h1 meets h2 at joint v, both offset d to their
 * left: one point (a mitre), or two (a free end's square end, a bevel). */
static unsigned corner(const graph *g, uint32_t h1, uint32_t h2, double d, double out[2][2])
{
    const double *v = g->at[to_of(g, h1)], *u = g->at[from_of(g, h1)], *w = g->at[to_of(g, h2)];
    double l1 = hypot(v[0] - u[0], v[1] - u[1]), l2 = hypot(w[0] - v[0], w[1] - v[1]);
    double d1[2] = {(v[0] - u[0]) / l1, (v[1] - u[1]) / l1};
    double d2[2] = {(w[0] - v[0]) / l2, (w[1] - v[1]) / l2};
    double n1[2] = {-d1[1], d1[0]}, n2[2] = {-d2[1], d2[0]};
    double cross = d1[0] * d2[1] - d1[1] * d2[0], dot = d1[0] * d2[0] + d1[1] * d2[1];
    if (h2 == (h1 ^ 1u) || (fabs(cross) < 1e-12 && dot < 0)) { /* a free end */
        out[0][0] = v[0] + d * (n1[0] + d1[0]), out[0][1] = v[1] + d * (n1[1] + d1[1]);
        out[1][0] = v[0] + d * (n2[0] + d1[0]), out[1][1] = v[1] + d * (n2[1] + d1[1]);
        return 2;
    }
    if (fabs(cross) < 1e-12) { /* straight on */
        out[0][0] = v[0] + d * n1[0], out[0][1] = v[1] + d * n1[1];
        return 1;
    }
    /* v + d n1 + t d1 = v + d n2 + s d2 */
    double rx = d * (n2[0] - n1[0]), ry = d * (n2[1] - n1[1]);
    double t = (rx * d2[1] - ry * d2[0]) / cross;
    double px = v[0] + d * n1[0] + t * d1[0], py = v[1] + d * n1[1] + t * d1[1];
    if (hypot(px - v[0], py - v[1]) > 4 * d) { /* a sharp corner: bevelled */
        out[0][0] = v[0] + d * n1[0], out[0][1] = v[1] + d * n1[1];
        out[1][0] = v[0] + d * n2[0], out[1][1] = v[1] + d * n2[1];
        return 2;
    }
    out[0][0] = px, out[0][1] = py;
    return 1;
}

/* Drops from out's last line (from `first`, closed: its last point its
 * first) each point where it turns back on itself (by more than 160
 * degrees: the least angle two walls meet at in meiro's grids is 60, a
 * turn of 120): a side shorter than the mitres at its ends (a wall's end
 * splitting a ring's chord a little way from the chord's end) is offset
 * backwards, and its corners are a sliver to leave out. */
static void drop_reversals(plot *out, size_t first)
{
    size_t n = out->point_count - first;
    double(*pt)[2] = out->points + first;
    if (n < 4) return;
    n--; /* the closing point, put back at the end */
    bool changed = true;
    while (changed && n > 3) {
        changed = false;
        for (size_t i = 0; i < n && n > 3; i++) {
            const double *a = pt[(i + n - 1) % n], *b = pt[i], *c = pt[(i + 1) % n];
            double ux = b[0] - a[0], uy = b[1] - a[1], vx = c[0] - b[0], vy = c[1] - b[1];
            double lu = hypot(ux, uy), lv = hypot(vx, vy);
            if (lu > 0 && lv > 0 && (ux * vx + uy * vy) > -0.94 * lu * lv) continue;
            memmove(pt[i], pt[i + 1], (n - i - 1) * sizeof *pt); /* b, or a point on a point */
            n--;
            changed = true;
        }
    }
    memcpy(pt[n], pt[0], sizeof *pt);
    out->point_count = first + n + 1;
}

meiro_status plot_outline(plot *p, double h, meiro_error *err)
{
    graph g = {0};
    around r = {0};
    unsigned char *seen = NULL;
    plot out;
    plot_init_like(&out, p);
    meiro_status s = build(&g, p, err);
    if (s == MEIRO_OK) s = sort_around(&g, &r, err);
    if (s == MEIRO_OK && !(seen = zalloc(2 * g.edges + 1, 1)))
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    /* the engraved lines as they were */
    for (size_t i = 0; s == MEIRO_OK && i < p->line_count; i++) {
        const plot_line *l = &p->lines[i];
        if (l->layer != PLOT_ENGRAVE) continue;
        size_t first = out.point_count;
        for (size_t k = 0; k < l->count && s == MEIRO_OK; k++)
            if (!plot_point(&out, p->points[l->first + k][0], p->points[l->first + k][1]))
                s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        if (s == MEIRO_OK && !plot_line_end(&out, first, PLOT_ENGRAVE, l->pen, l->closed))
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    for (uint32_t start = 0; s == MEIRO_OK && start < 2 * g.edges; start++) {
        if (seen[start]) continue;
        size_t first = out.point_count;
        uint32_t h1 = start;
        do {
            seen[h1] = 1;
            uint32_t h2 = next_side(&g, &r, h1);
            double pts[2][2];
            unsigned k = corner(&g, h1, h2, h, pts);
            for (unsigned i = 0; i < k && s == MEIRO_OK; i++)
                if (!plot_point(&out, pts[i][0], pts[i][1]))
                    s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            h1 = h2;
        } while (h1 != start && s == MEIRO_OK);
        if (s == MEIRO_OK && out.point_count > first &&
            !plot_point(&out, out.points[first][0], out.points[first][1]))
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        if (s == MEIRO_OK) drop_reversals(&out, first);
        if (s == MEIRO_OK && !plot_line_end(&out, first, PLOT_CUT, 0, true))
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    graph_free(&g);
    free(r.start);
    free(r.half);
    free(r.place);
    free(r.angle);
    free(seen);
    if (s != MEIRO_OK) {
        plot_free(&out);
        return s;
    }
    plot_free(p);
    *p = out;
    return MEIRO_OK;
}
