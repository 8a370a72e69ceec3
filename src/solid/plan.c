/* Plans extruded into closed meshes (plan.h). A piece's column is cut at
 * every level; a face goes where a filled column meets an empty one: a
 * piece's triangles at a level between its filled and empty layers, a
 * quad up an edge between a filled piece and an empty one (or the
 * outside). Faces of neighbours never overlap, so the union is made
 * without any boolean operation, and each level's vertices are shared:
 * every edge ends up between exactly two triangles. */
#include "solid/plan.h"

#include "core/alloc.h"
#include "core/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

uint32_t plan_point(plan *p, double x, double y)
{
    if (p->points >= UINT32_MAX ||
        !vec_reserve(&p->xy, &p->pcap, 2 * (p->points + 1), sizeof *p->xy, 1024)) {
        p->nomem = true;
        return 0;
    }
    p->xy[2 * p->points] = x;
    p->xy[2 * p->points + 1] = y;
    return (uint32_t)p->points++;
}

void plan_piece_add(plan *p, const uint32_t *corners, size_t n, unsigned layers)
{
    if (!vec_reserve(&p->piece, &p->cap, p->pieces + 1, sizeof *p->piece, 256) ||
        !vec_reserve(&p->ring, &p->rcap, p->rings + n, sizeof *p->ring, 1024)) {
        p->nomem = true;
        return;
    }
    memcpy(p->ring + p->rings, corners, n * sizeof *corners);
    p->piece[p->pieces++] = (plan_piece){p->rings, n, p->tris, 0, layers};
    p->rings += n;
}

void plan_tri(plan *p, uint32_t a, uint32_t b, uint32_t c)
{
    if (p->nomem || !p->pieces) return;
    if (!vec_reserve(&p->tri, &p->tcap, 3 * (p->tris + 1), sizeof *p->tri, 1024)) {
        p->nomem = true;
        return;
    }
    uint32_t *t = p->tri + 3 * p->tris++;
    t[0] = a, t[1] = b, t[2] = c;
    p->piece[p->pieces - 1].tris++;
}

void plan_convex(plan *p, const uint32_t *corners, size_t n, unsigned layers)
{
    plan_piece_add(p, corners, n, layers);
    for (size_t k = 1; k + 1 < n; k++) plan_tri(p, corners[0], corners[k], corners[k + 1]);
}

void plan_free(plan *p)
{
    free(p->xy);
    free(p->ring);
    free(p->tri);
    free(p->piece);
    memset(p, 0, sizeof *p);
}

/* ---- Extrusion ------------------------------------------------------- */

/* A piece's edge from a to b, found again from its neighbour's side by
 * the unordered pair. */
typedef struct half_edge {
    uint32_t lo, hi, from, piece;
} half_edge;

static int by_pair(const void *a, const void *b)
{
    const half_edge *x = a, *y = b;
    if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    return (x->piece > y->piece) - (x->piece < y->piece);
}

typedef struct extrusion {
    const plan *p;
    const double *z;
    unsigned levels; /* layers + 1 */
    double dx, mirror;
    uint32_t *vertex; /* point * levels + level -> the mesh's vertex, or UINT32_MAX */
    solid_mesh *mesh;
    bool nomem;
} extrusion;

static uint32_t vertex_at(extrusion *e, uint32_t point, unsigned level)
{
    uint32_t *v = &e->vertex[(size_t)point * e->levels + level];
    if (*v != UINT32_MAX) return *v;
    solid_mesh *m = e->mesh;
    if (m->vertices >= UINT32_MAX ||
        !vec_reserve(&m->xyz, &m->vcap, 3 * (m->vertices + 1), sizeof *m->xyz, 4096)) {
        e->nomem = true;
        return 0;
    }
    float *xyz = m->xyz + 3 * m->vertices;
    xyz[0] = (float)(e->p->xy[2 * point] + e->dx);
    xyz[1] = (float)(e->mirror ? e->mirror - e->p->xy[2 * point + 1] : e->p->xy[2 * point + 1]);
    xyz[2] = (float)e->z[level];
    *v = (uint32_t)m->vertices++;
    return *v;
}

static void triangle(extrusion *e, uint32_t a, uint32_t b, uint32_t c)
{
    solid_mesh *m = e->mesh;
    if (e->nomem) return;
    if (!vec_reserve(&m->tri, &m->tcap, 3 * (m->triangles + 1), sizeof *m->tri, 4096)) {
        e->nomem = true;
        return;
    }
    uint32_t *t = m->tri + 3 * m->triangles++;
    t[0] = a, t[1] = e->mirror ? c : b, t[2] = e->mirror ? b : c; /* a mirror turns them over */
}

static bool filled(const plan_piece *pc, unsigned first, unsigned layer)
{
    return (pc->layers >> (first + layer)) & 1u;
}

/* The piece's triangles at a level: facing up over a filled layer, down
 * under one. */
static void cap(extrusion *e, const plan_piece *pc, unsigned level, bool up)
{
    const uint32_t *t = e->p->tri + 3 * pc->tri;
    for (size_t k = 0; k < pc->tris; k++, t += 3) {
        uint32_t a = vertex_at(e, t[0], level), b = vertex_at(e, t[1], level),
                 c = vertex_at(e, t[2], level);
        if (up) triangle(e, a, b, c);
        else triangle(e, a, c, b);
    }
}

/* The side of layer l up the edge from a to b, facing out of the piece on
 * its left. */
static void side(extrusion *e, uint32_t a, uint32_t b, unsigned l)
{
    uint32_t a0 = vertex_at(e, a, l), b0 = vertex_at(e, b, l), a1 = vertex_at(e, a, l + 1),
             b1 = vertex_at(e, b, l + 1);
    triangle(e, a0, b0, b1);
    triangle(e, a0, b1, a1);
}

meiro_status plan_extrude(const plan *p, unsigned first, unsigned layers, const double *z,
                          double dx, double mirror, solid_mesh *mesh, meiro_error *err)
{
    extrusion e = {p, z, layers + 1, dx, mirror, NULL, mesh, false};
    half_edge *edges = alloc_array(p->rings, sizeof *edges);
    e.vertex = alloc_array(p->points, (size_t)e.levels * sizeof *e.vertex);
    if (!edges || !e.vertex) {
        free(edges);
        free(e.vertex);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    }
    memset(e.vertex, 0xff, p->points * e.levels * sizeof *e.vertex);
    size_t n = 0;
    for (size_t i = 0; i < p->pieces; i++) {
        const plan_piece *pc = &p->piece[i];
        for (unsigned l = 0; l <= layers; l++) {
            bool below = l > 0 && filled(pc, first, l - 1),
                 above = l < layers && filled(pc, first, l);
            if (below != above) cap(&e, pc, l, below);
        }
        const uint32_t *r = p->ring + pc->ring;
        for (size_t k = 0; k < pc->corners; k++) {
            uint32_t a = r[k], b = r[(k + 1) % pc->corners];
            edges[n++] = (half_edge){a < b ? a : b, a < b ? b : a, a, (uint32_t)i};
        }
    }
    qsort(edges, n, sizeof *edges, by_pair);
    meiro_status s = MEIRO_OK;
    for (size_t i = 0; i < n && s == MEIRO_OK;) {
        size_t j = i + 1;
        while (j < n && edges[j].lo == edges[i].lo && edges[j].hi == edges[i].hi) j++;
        if (j - i > 2 || (j - i == 2 && edges[i].from == edges[i + 1].from)) {
            s = fail(err, MEIRO_ERROR_INTERNAL,
                     "the mesh's plan has an edge of %zu pieces, or two the same way round", j - i);
            break;
        }
        for (size_t k = i; k < j; k++) {
            const plan_piece *pc = &p->piece[edges[k].piece];
            const plan_piece *other =
                j - i == 2 ? &p->piece[edges[k == i ? i + 1 : i].piece] : NULL;
            uint32_t a = edges[k].from, b = a == edges[k].lo ? edges[k].hi : edges[k].lo;
            for (unsigned l = 0; l < layers; l++)
                if (filled(pc, first, l) && !(other && filled(other, first, l))) side(&e, a, b, l);
        }
        i = j;
    }
    free(edges);
    free(e.vertex);
    if (s == MEIRO_OK && e.nomem)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
    return s;
}

/* ---- Slices ------------------------------------------------------------ */

/* A point of a cut line nearer than this is on it (no crossing made a
 * hair from it). */
#define SLICE_ON_MM 1e-3

typedef struct slicer {
    const plan *p;
    int axis;
    double from, step, period;
} slicer;

/* Point i's coordinate across the lines, moved by turns of the period
 * (a tube's) to the side of the seam of ref. */
static double coord_near(const slicer *sl, uint32_t i, double ref)
{
    double v = sl->p->xy[2 * i + sl->axis];
    return sl->period ? v - sl->period * floor((v - ref) / sl->period + 0.5) : v;
}

/* Where the edge between points lo < hi crosses cut line `line`. */
typedef struct crossing {
    uint32_t lo, hi;
    int64_t line;
} crossing;

static int by_crossing(const void *a, const void *b)
{
    const crossing *x = a, *y = b;
    if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

/* The cut lines strictly between the ends of edge a-b, first .. last, in
 * its lower end's frame (the same from either piece along it); ca, cb:
 * the ends' coordinates there. */
static void lines_between(const slicer *sl, uint32_t a, uint32_t b, double *ca, double *cb,
                          int64_t *first, int64_t *last)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    double clo = sl->p->xy[2 * lo + sl->axis], chi = coord_near(sl, hi, clo);
    *ca = a == lo ? clo : chi, *cb = a == lo ? chi : clo;
    *first = (int64_t)ceil((fmin(clo, chi) + SLICE_ON_MM - sl->from) / sl->step);
    *last = (int64_t)floor((fmax(clo, chi) - SLICE_ON_MM - sl->from) / sl->step);
}

/* The crossings of every piece's edges, each once, sorted (*count
 * SIZE_MAX: out of memory). */
static crossing *crossings(const slicer *sl, size_t *count)
{
    const plan *p = sl->p;
    size_t n = 0, cap = 0;
    crossing *c = NULL;
    for (size_t i = 0; i < p->pieces; i++) {
        const plan_piece *pc = &p->piece[i];
        const uint32_t *r = p->ring + pc->ring;
        for (size_t k = 0; k < pc->corners; k++) {
            uint32_t a = r[k], b = r[(k + 1) % pc->corners];
            double ca, cb;
            int64_t first, last;
            lines_between(sl, a, b, &ca, &cb, &first, &last);
            for (int64_t l = first; l <= last; l++) {
                if (!vec_reserve(&c, &cap, n + 1, sizeof *c, 1024)) {
                    free(c);
                    *count = SIZE_MAX;
                    return NULL;
                }
                c[n++] = (crossing){a < b ? a : b, a < b ? b : a, l};
            }
        }
    }
    if (n) qsort(c, n, sizeof *c, by_crossing);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (!u || by_crossing(&c[u - 1], &c[i])) c[u++] = c[i];
    *count = u;
    return c;
}

meiro_status plan_slice(const plan *p, int axis, double from, double step, double period,
                        plan *out, meiro_error *err)
{
    memset(out, 0, sizeof *out);
    slicer sl = {p, axis, from, step, period};
    size_t nc;
    crossing *c = crossings(&sl, &nc);
    uint32_t *ring = NULL, *slab = NULL;
    double *at = NULL;
    size_t rcap = 0, scap = 0, acap = 0;
    for (size_t i = 0; i < p->points; i++) plan_point(out, p->xy[2 * i], p->xy[2 * i + 1]);
    /* crossing i is point p->points + i, worked out in its edge's lower
     * end's frame */
    for (size_t i = 0; i < nc && c; i++) {
        const double *a = p->xy + 2 * c[i].lo, *b = p->xy + 2 * c[i].hi;
        double line = from + (double)c[i].line * step, bc = coord_near(&sl, c[i].hi, a[axis]);
        double t = (line - a[axis]) / (bc - a[axis]), xy[2];
        xy[axis] = line, xy[!axis] = a[!axis] + t * (b[!axis] - a[!axis]);
        plan_point(out, xy[0], xy[1]);
    }
    for (size_t i = 0; i < p->pieces && !out->nomem && nc != SIZE_MAX; i++) {
        const plan_piece *pc = &p->piece[i];
        const uint32_t *r = p->ring + pc->ring;
        size_t n = 0;
        for (size_t k = 0; k < pc->corners; k++) { /* the outline, with its crossings */
            uint32_t a = r[k], b = r[(k + 1) % pc->corners];
            double ca, cb;
            int64_t first, last;
            lines_between(&sl, a, b, &ca, &cb, &first, &last);
            if (!vec_reserve(&ring, &rcap, n + 1 + (size_t)(last >= first ? last - first + 1 : 0),
                             sizeof *ring, 64)) {
                out->nomem = true;
                break;
            }
            ring[n++] = a;
            for (int64_t j = 0; j <= last - first; j++) {
                crossing key = {a < b ? a : b, a < b ? b : a, ca < cb ? first + j : last - j};
                const crossing *x = bsearch(&key, c, nc, sizeof *c, by_crossing);
                ring[n++] = (uint32_t)(p->points + (size_t)(x - c));
            }
        }
        if (out->nomem || !vec_reserve(&slab, &scap, n, sizeof *slab, 64) ||
            !vec_reserve(&at, &acap, n, sizeof *at, 64)) {
            out->nomem = true;
            break;
        }
        /* the piece in its first corner's frame (a tube's last column's
         * rooms have corners on both sides of the seam) */
        double lo = INFINITY, hi = -INFINITY, ref = out->xy[2 * ring[0] + axis];
        for (size_t j = 0; j < n; j++) {
            double v = out->xy[2 * ring[j] + axis];
            at[j] = period ? v - period * floor((v - ref) / period + 0.5) : v;
            lo = fmin(lo, at[j]), hi = fmax(hi, at[j]);
        }
        /* each slab's part: the outline's points in it, in order (a convex
         * piece's part of a slab is convex, and its outline's) */
        int64_t k0 = (int64_t)floor((lo + SLICE_ON_MM - from) / step),
                k1 = (int64_t)ceil((hi - SLICE_ON_MM - from) / step);
        for (int64_t k = k0; k < k1; k++) {
            double s0 = from + (double)k * step - SLICE_ON_MM, s1 = s0 + step + 2 * SLICE_ON_MM;
            size_t m = 0;
            for (size_t j = 0; j < n; j++)
                if (at[j] >= s0 && at[j] <= s1) slab[m++] = ring[j];
            if (m >= 3) plan_convex(out, slab, m, pc->layers);
        }
    }
    bool nomem = out->nomem || nc == SIZE_MAX;
    free(c);
    free(ring);
    free(slab);
    free(at);
    if (!nomem) return MEIRO_OK;
    plan_free(out);
    return fail(err, MEIRO_ERROR_NOMEM, "out of memory building the mesh");
}
