/* 3D prints (STL, 3MF), read back by readers written here from the
 * formats' specifications: binary STL (an 80-byte header, a count, 50
 * bytes a triangle), ASCII STL (solid / facet normal / outer loop /
 * vertex), and 3MF (a zip of stored entries, APPNOTE 6.3, holding the
 * core specification's model). Every mesh is checked as a slicer needs
 * it: each edge between exactly two triangles, the two running it in
 * opposite directions (one orientation throughout), no triangle without
 * area, a positive volume, no flat face looking down but at the bottom
 * (nothing to print in the air, no piece folded over); and the walls are
 * the maze's: standing on
 * every closed side, absent from every open one, the floor at every
 * cell's centre and across every door as wide as the corridor. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "tools.h"
#include "whitebox.h"
#include "core/grid.h"
#include "gen/gen.h"
#include "job/formats.h"
#include "solid/solid.h"

#include <math.h>
#include <stdint.h>
#include <unistd.h>

/* ---- A triangle soup and its checks ---- */

typedef struct soup {
    float *v; /* 9 per triangle */
    size_t n, cap;
} soup;

static void soup_add(soup *s, const float t[9])
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->v = realloc(s->v, s->cap * 9 * sizeof *s->v);
        if (!s->v) abort();
    }
    memcpy(s->v + 9 * s->n++, t, 9 * sizeof *t);
}

typedef struct corner {
    float p[3];
    size_t at;
} corner;

static int by_point(const void *a, const void *b)
{
    const float *x = ((const corner *)a)->p, *y = ((const corner *)b)->p;
    for (int k = 0; k < 3; k++)
        if (x[k] != y[k]) return x[k] < y[k] ? -1 : 1;
    return 0;
}

static int by_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* What a slicer asks of a closed mesh; false with why in `why`. `parts`:
 * the soup holds several parts, the answer's lying on the maze's floor
 * (its bottom faces look down above the maze's). */
static bool closed_mesh(const soup *s, bool parts, char *why, size_t size, double *volume)
{
    size_t m = 3 * s->n;
    corner *c = malloc(m * sizeof *c);
    uint32_t *id = malloc(m * sizeof *id);
    uint64_t *edge = malloc(m * sizeof *edge);
    if (!c || !id || !edge) abort();
    for (size_t i = 0; i < m; i++) memcpy(c[i].p, s->v + 3 * i, sizeof c[i].p), c[i].at = i;
    qsort(c, m, sizeof *c, by_point); /* the same point, the same vertex */
    uint32_t next = 0;
    for (size_t i = 0; i < m; i++) {
        if (i && by_point(&c[i - 1], &c[i]) != 0) next++;
        id[c[i].at] = next;
    }
    bool ok = s->n > 0;
    if (!ok) snprintf(why, size, "no triangles");
    float bottom = INFINITY;
    for (size_t i = 0; i < m; i++) bottom = fminf(bottom, s->v[3 * i + 2]);
    double vol = 0;
    for (size_t t = 0; t < s->n && ok; t++) {
        const float *a = s->v + 9 * t, *b = a + 3, *d = a + 6;
        double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]},
               w[3] = {d[0] - a[0], d[1] - a[1], d[2] - a[2]};
        double x = u[1] * w[2] - u[2] * w[1], y = u[2] * w[0] - u[0] * w[2],
               z = u[0] * w[1] - u[1] * w[0];
        if (sqrt(x * x + y * y + z * z) / 2 < 1e-6 || id[3 * t] == id[3 * t + 1] ||
            id[3 * t + 1] == id[3 * t + 2] || id[3 * t] == id[3 * t + 2]) {
            snprintf(why, size, "triangle %zu has no area", t);
            ok = false;
        }
        /* printed as it lies: a flat face looks down at the bottom alone
         * (one above it is an overhang, or a piece folded over itself) */
        if (ok && a[2] == b[2] && b[2] == d[2] && !parts && (z < 0) != (a[2] == bottom)) {
            snprintf(why, size, "triangle %zu faces %s at %g mm", t, z < 0 ? "down" : "up", a[2]);
            ok = false;
        }
        vol += (a[0] * ((double)b[1] * d[2] - (double)b[2] * d[1]) -
                a[1] * ((double)b[0] * d[2] - (double)b[2] * d[0]) +
                a[2] * ((double)b[0] * d[1] - (double)b[1] * d[0])) /
               6;
        for (int k = 0; k < 3; k++)
            edge[3 * t + k] = (uint64_t)id[3 * t + k] << 32 | id[3 * t + (k + 1) % 3];
    }
    qsort(edge, m, sizeof *edge, by_u64);
    for (size_t i = 0; i < m && ok; i++) {
        uint64_t back = edge[i] << 32 | edge[i] >> 32;
        if (i + 1 < m && edge[i + 1] == edge[i]) {
            snprintf(why, size, "an edge run twice the same way (two triangles facing apart)");
            ok = false;
        } else if (!bsearch(&back, edge, m, sizeof *edge, by_u64)) {
            snprintf(why, size, "an edge of one triangle only (a hole)");
            ok = false;
        }
    }
    if (ok && !(vol > 0)) {
        snprintf(why, size, "volume %g: inside out", vol);
        ok = false;
    }
    if (volume) *volume = vol;
    free(c);
    free(id);
    free(edge);
    return ok;
}

/* The highest up-facing surface over (x, y), or -1 where there is none. */
static double top_at(const soup *s, double x, double y)
{
    double best = -1;
    for (size_t t = 0; t < s->n; t++) {
        const float *a = s->v + 9 * t, *b = a + 3, *c = a + 6;
        double area = ((double)b[0] - a[0]) * ((double)c[1] - a[1]) -
                      ((double)b[1] - a[1]) * ((double)c[0] - a[0]);
        if (area <= 1e-9) continue; /* facing down, or a side */
        double w0 = (((double)b[0] - x) * ((double)c[1] - y) -
                     ((double)b[1] - y) * ((double)c[0] - x)) /
                    area,
               w1 = (((double)c[0] - x) * ((double)a[1] - y) -
                     ((double)c[1] - y) * ((double)a[0] - x)) /
                    area;
        if (w0 < -1e-6 || w1 < -1e-6 || w0 + w1 > 1 + 1e-6) continue;
        double z = w0 * a[2] + w1 * b[2] + (1 - w0 - w1) * c[2];
        if (z > best) best = z;
    }
    return best;
}

/* ---- Readers ---- */

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float le_float(const unsigned char *p)
{
    uint32_t u = le32(p);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* Binary STL: the count, then each triangle's normal (which must agree
 * with its corners' order) and corners. */
static bool read_binary_stl(const unsigned char *d, size_t size, soup *s, char *head, char *why,
                            size_t wsize)
{
    if (size < 84) return snprintf(why, wsize, "%zu bytes: no header", size), false;
    memcpy(head, d, 80);
    head[80] = 0;
    uint32_t n = le32(d + 80);
    if (size != 84 + 50 * (size_t)n)
        return snprintf(why, wsize, "%zu bytes for %u triangles", size, n), false;
    for (size_t t = 0; t < n; t++) {
        const unsigned char *r = d + 84 + 50 * t;
        float tri[9], nrm[3];
        for (int k = 0; k < 3; k++) nrm[k] = le_float(r + 4 * k);
        for (int k = 0; k < 9; k++) tri[k] = le_float(r + 12 + 4 * k);
        double u[3] = {tri[3] - tri[0], tri[4] - tri[1], tri[5] - tri[2]},
               w[3] = {tri[6] - tri[0], tri[7] - tri[1], tri[8] - tri[2]};
        double x = u[1] * w[2] - u[2] * w[1], y = u[2] * w[0] - u[0] * w[2],
               z = u[0] * w[1] - u[1] * w[0];
        if (x * nrm[0] + y * nrm[1] + z * nrm[2] <= 0)
            return snprintf(why, wsize, "triangle %zu: its normal against its winding", t), false;
        if (r[48] || r[49]) return snprintf(why, wsize, "triangle %zu: an attribute", t), false;
        soup_add(s, tri);
    }
    return true;
}

/* ASCII STL: `solid NAME`, facets of three vertices, `endsolid NAME`; a
 * soup per solid, names in `names`. */
static bool read_ascii_stl(const char *text, soup *parts, char names[][16], size_t *count,
                           char *why, size_t wsize)
{
    const char *p = text;
    char word[32], name[16];
    int used;
    *count = 0;
    while (sscanf(p, " solid %15s%n", name, &used) == 1) {
        p += used;
        soup *s = &parts[(*count)];
        snprintf(names[(*count)++], 16, "%s", name);
        for (;;) {
            float n[3], t[9];
            if (sscanf(p, " facet normal %f %f %f outer loop%n", &n[0], &n[1], &n[2], &used) == 3) {
                p += used;
                for (int v = 0; v < 3; v++) {
                    if (sscanf(p, " vertex %f %f %f%n", &t[3 * v], &t[3 * v + 1], &t[3 * v + 2],
                               &used) != 3)
                        return snprintf(why, wsize, "a facet without 3 vertices"), false;
                    p += used;
                }
                if (sscanf(p, " endloop endfacet%n", &used) != 0 || !used)
                    return snprintf(why, wsize, "a facet not closed"), false;
                p += used;
                soup_add(s, t);
                continue;
            }
            if (sscanf(p, " endsolid %31s%n", word, &used) != 1 || strcmp(word, name) != 0)
                return snprintf(why, wsize, "solid %s not ended", name), false;
            p += used;
            break;
        }
        if (*count == 3) break;
    }
    while (*p == '\n') p++;
    if (*p) return snprintf(why, wsize, "text after the solids: '%.20s'", p), false;
    return *count > 0;
}

/* ---- Mazes, written to memory ---- */

static meiro_maze *maze_of(meiro_grid grid, uint32_t w, uint32_t h, uint64_t seed)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.grid = grid, o.width = w, o.height = h, o.seed = seed;
    meiro_error e = {0};
    meiro_maze *m = meiro_generate(&o, &e);
    CHECK_MSG(m, "%s", e.message);
    return m;
}

/* The bytes `format` writes (meiro_write through a memory stream). */
static unsigned char *written(const meiro_maze *m, const meiro_path *path, meiro_format format,
                              const solid_sizes *sizes, size_t *size, meiro_error *e)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, size);
    if (!f) abort();
    meiro_status s = sizes ? format_write(m, path, format, NULL, sizes, NULL, f, e)
                           : meiro_write(m, path, format, NULL, f, e);
    fclose(f);
    if (s != MEIRO_OK) {
        free(buf);
        return NULL;
    }
    return (unsigned char *)buf;
}

static const meiro_grid grids[] = {MEIRO_GRID_RECT, MEIRO_GRID_POLAR, MEIRO_GRID_HEX,
                                   MEIRO_GRID_TRIANGLE};

/* Every grid, over seeds and sizes: a closed mesh, with and without the
 * answer and the lid. */
static void test_closed(void)
{
    verdict v = {0};
    for (size_t g = 0; g < 4; g++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            uint32_t w = 2 + (uint32_t)(seed * 7 % 9), h = 2 + (uint32_t)(seed * 5 % 7);
            meiro_maze *m = maze_of(grids[g], w, h, seed);
            if (!m) continue;
            meiro_path path = {0};
            bool solved = seed % 2 == 0;
            if (solved) CHECK(meiro_solve(m, "bfs", &path, NULL) == MEIRO_OK);
            solid_sizes sizes = {.lid = seed % 3 == 0,
                                 .ball = seed % 4 == 0 ? 4 + (double)(seed % 3) : 0};
            meiro_error e = {0};
            size_t size;
            unsigned char *d =
                written(m, solved ? &path : NULL, MEIRO_FORMAT_STL, &sizes, &size, &e);
            soup s = {0};
            char head[81], why[128] = "";
            double vol = 0;
            bool ok = d && read_binary_stl(d, size, &s, head, why, sizeof why) &&
                      closed_mesh(&s, solved, why, sizeof why, &vol);
            verdict_note(&v, ok, "%s %ux%u seed %llu: %s", meiro_grid_name(grids[g]), w, h,
                         (unsigned long long)seed, d ? why : e.message);
            /* the header names meiro and the seed, and is no text STL's */
            char seed_text[40];
            snprintf(seed_text, sizeof seed_text, "seed %llu", (unsigned long long)seed);
            verdict_note(&v, d && strncmp(head, "meiro ", 6) == 0 && strstr(head, seed_text),
                         "header '%s'", head);
            free(s.v);
            free(d);
            meiro_path_free(&path);
            meiro_maze_free(m);
        }
    CHECK_ALL(v);
}

/* Where the maze's point (u, v) is in mm, and the middle of side k. */
static void side_middle(const meiro_maze *m, const solid_frame *f, size_t id, unsigned k,
                        double along, double *x, double *y)
{
    grid_side_shape s;
    grid_side(m, id, k, &s);
    double u, v;
    if (s.arc) { /* `along` mm from the middle, along the arc */
        double a = (s.a0 + s.a1) / 2 + along / (s.r * f->cell);
        u = s.cx + s.r * cos(a), v = s.cy + s.r * sin(a);
    } else {
        double len = hypot(s.x1 - s.x0, s.y1 - s.y0), t = 0.5 + along / (len * f->cell);
        u = s.x0 + t * (s.x1 - s.x0), v = s.y0 + t * (s.y1 - s.y0);
    }
    solid_place(f, u, v, x, y);
}

/* The walls are the maze's: a wall on each closed side, none on an open
 * one, across a door as wide as the corridor; the floor at each cell's
 * centre (S's and G's a pocket lower; a shape's cells outside solid). */
static void check_walls(const meiro_maze *m, const solid_sizes *sizes, verdict *v)
{
    size_t size;
    meiro_error e = {0};
    unsigned char *d = written(m, NULL, MEIRO_FORMAT_STL, sizes, &size, &e);
    soup s = {0};
    char head[81], why[128] = "";
    verdict_note(v, d && read_binary_stl(d, size, &s, head, why, sizeof why), "%s",
                 d ? why : e.message);
    double ew, eh;
    grid_extent(m, &ew, &eh);
    solid_frame f;
    CHECK(solid_frame_of(m->grid, m->wrap, ew, eh, sizes, &f, NULL) == MEIRO_OK);
    double floor = f.base, top = f.base + f.height;
    for (size_t id = 0; id < grid_total(m); id++) {
        double u, w, x, y;
        grid_centre(m, id, &u, &w);
        solid_place(&f, u, w, &x, &y);
        bool end = id == grid_id(m, m->start) || id == grid_id(m, m->goal);
        double want = !grid_active(m, id) ? top : end ? floor - f.pocket : floor;
        double got = top_at(&s, x, y);
        verdict_note(v, fabs(got - want) < 1e-3, "%s: cell %zu's centre at %.3f mm, wanted %.3f",
                     meiro_grid_name(m->grid), id, got, want);
        unsigned open = grid_open_sides(m, id);
        for (unsigned k = 0; k < grid_sides(m, id); k++) {
            size_t next[GRID_MAX_SIDES];
            unsigned back[GRID_MAX_SIDES];
            bool linked = (grid_links(m, grid_at_id(m, id), next, back) >> k) & 1u;
            bool wall = !((open >> k) & 1u) || !linked;
            bool inside = grid_active(m, id) && (!linked || grid_active(m, next[k]));
            if (!inside) continue; /* between a shape's solid cells */
            /* the middle, and (a door) the corridor's width across it */
            double half = wall ? 0 : f.corridor / 2 - 0.05;
            for (int side = -1; side <= 1; side++) {
                side_middle(m, &f, id, k, side * half, &x, &y);
                got = top_at(&s, x, y);
                verdict_note(v, fabs(got - (wall ? top : floor)) < 1e-3,
                             "%s: cell %zu side %u (%s) at %+.2f mm: %.3f mm high",
                             meiro_grid_name(m->grid), id, k, wall ? "closed" : "open", side * half,
                             got);
            }
        }
    }
    free(s.v);
    free(d);
}

static void test_walls(void)
{
    verdict v = {0};
    for (size_t g = 0; g < 4; g++)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            meiro_maze *m = maze_of(grids[g], 3 + (uint32_t)seed, 2 + (uint32_t)seed % 4, seed);
            if (!m) continue;
            solid_sizes sizes = {.ball = seed % 2 ? 0 : 4 + (double)seed,
                                 .wall = 0.8 + 0.2 * (double)seed};
            check_walls(m, &sizes, &v);
            meiro_maze_free(m);
        }
    /* a shape: its cells outside stand solid, its own walls as the maze's */
    uint8_t mask[64];
    for (int i = 0; i < 64; i++) mask[i] = !(i / 8 >= 3 && i / 8 <= 4 && i % 8 >= 2 && i % 8 <= 5);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = o.height = 8, o.seed = 3, o.mask = mask;
    meiro_maze *m = meiro_generate(&o, NULL);
    CHECK(m != NULL);
    if (m) {
        solid_sizes sizes = {0};
        check_walls(m, &sizes, &v);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* A ball sizes the corridors and the walls' height; the print is where
 * the frame says, on the bed. */
static void test_ball(void)
{
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, 6, 4, 9);
    if (!m) return;
    solid_sizes sizes = {.ball = 12};
    size_t size;
    unsigned char *d = written(m, NULL, MEIRO_FORMAT_STL, &sizes, &size, NULL);
    soup s = {0};
    char head[81], why[128];
    CHECK(d && read_binary_stl(d, size, &s, head, why, sizeof why));
    float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (size_t i = 0; i < 3 * s.n; i++)
        for (int k = 0; k < 3; k++)
            lo[k] = fminf(lo[k], s.v[3 * i + k]), hi[k] = fmaxf(hi[k], s.v[3 * i + k]);
    /* 13 mm corridors and 1.2 mm walls: 6 x 14.2 + 1.2 across, 4 x 14.2 + 1.2 deep,
     * 2 mm of base and 13 mm of walls */
    CHECK_MSG(fabs(lo[0]) < 1e-4 && fabs(lo[1]) < 1e-4 && fabs(lo[2]) < 1e-4, "%g %g %g", lo[0],
              lo[1], lo[2]);
    CHECK_MSG(fabs(hi[0] - 86.4) < 1e-3 && fabs(hi[1] - 58) < 1e-3 && fabs(hi[2] - 15) < 1e-3,
              "%g x %g x %g", hi[0], hi[1], hi[2]);
    free(s.v);
    free(d);
    meiro_maze_free(m);
}

/* The lid: turned over, it covers the maze; its skirt stands around the
 * outer wall with the gap to slip over it. */
static void test_lid(void)
{
    verdict v = {0};
    for (size_t g = 0; g < 4; g++) {
        meiro_maze *m = maze_of(grids[g], 5, 4, 60 + g);
        if (!m) continue;
        solid_sizes sizes = {.lid = true, .wall = 1.6};
        size_t size;
        unsigned char *text = written(m, NULL, MEIRO_FORMAT_STL_ASCII, &sizes, &size, NULL);
        char *z = text ? realloc(text, size + 1) : NULL;
        if (!z) abort();
        z[size] = 0;
        soup parts[3] = {{0}};
        char names[3][16], why[128] = "";
        size_t count = 0;
        CHECK(read_ascii_stl(z, parts, names, &count, why, sizeof why) && count == 2);
        double ew, eh;
        grid_extent(m, &ew, &eh);
        solid_frame f;
        CHECK(solid_frame_of(m->grid, m->wrap, ew, eh, &sizes, &f, NULL) == MEIRO_OK);
        float lo[2][3], hi[2][3];
        for (size_t k = 0; k < 2 && k < count; k++) {
            for (int c = 0; c < 3; c++) lo[k][c] = INFINITY, hi[k][c] = -INFINITY;
            for (size_t i = 0; i < 3 * parts[k].n; i++)
                for (int c = 0; c < 3; c++)
                    lo[k][c] = fminf(lo[k][c], parts[k].v[3 * i + c]),
                    hi[k][c] = fmaxf(hi[k][c], parts[k].v[3 * i + c]);
        }
        double rim = SOLID_LID_GAP_MM + f.wall, dx = f.width + SOLID_LID_AWAY_MM;
        /* the skirt's mitred corners stand out further at the outline's
         * corners: at least the rim on every side, at most twice */
        verdict_note(&v,
                     count == 2 && lo[1][0] - dx <= lo[0][0] - rim + 1e-3 &&
                         lo[1][0] - dx >= lo[0][0] - 2 * rim - 1e-3 &&
                         lo[1][1] <= lo[0][1] - rim + 1e-3 && hi[1][1] >= hi[0][1] + rim - 1e-3 &&
                         fabs(hi[1][2] - (f.base + SOLID_LID_SKIRT_MM)) < 1e-3 && lo[1][2] == 0,
                     "%s: the lid's box %g..%g x %g..%g x %g..%g around the maze's %g..%g x %g..%g",
                     meiro_grid_name(grids[g]), lo[1][0] - dx, hi[1][0] - dx, lo[1][1], hi[1][1],
                     lo[1][2], hi[1][2], lo[0][0], hi[0][0], lo[0][1], hi[0][1]);
        /* every cell under the plate, turned over (y mirrored) */
        for (size_t id = 0; id < grid_total(m); id++) {
            double u, w, x, y;
            grid_centre(m, id, &u, &w);
            solid_place(&f, u, w, &x, &y);
            double got = top_at(&parts[1], x + dx, f.depth - y);
            verdict_note(&v, fabs(got - f.base) < 1e-3, "%s: cell %zu under the lid at %.3f mm",
                         meiro_grid_name(grids[g]), id, got);
            /* the outer wall under the plate, inside the skirt */
            size_t next[GRID_MAX_SIDES];
            unsigned back[GRID_MAX_SIDES], linked = grid_links(m, grid_at_id(m, id), next, back);
            for (unsigned k = 0; k < grid_sides(m, id); k++) {
                if ((linked >> k) & 1u) continue;
                side_middle(m, &f, id, k, 0, &x, &y);
                got = top_at(&parts[1], x + dx, f.depth - y);
                verdict_note(&v, fabs(got - f.base) < 1e-3,
                             "%s: cell %zu's outer wall (side %u) under the lid at %.3f mm",
                             meiro_grid_name(grids[g]), id, k, got);
            }
        }
        for (size_t k = 0; k < 3; k++) free(parts[k].v);
        free(z);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* The text STL: a solid per part, named, each closed (the answer's line
 * too, through every turn of the way), the same triangles as the binary
 * one's. */
static void test_ascii(void)
{
    verdict v = {0};
    for (size_t g = 0; g < 4; g++)
        for (uint64_t seed = 1; seed <= 8; seed++) {
            meiro_maze *m =
                maze_of(grids[g], 3 + (uint32_t)seed, 3 + (uint32_t)seed % 3, 20 * seed + g);
            if (!m) continue;
            meiro_path path = {0};
            CHECK(meiro_solve(m, "bfs", &path, NULL) == MEIRO_OK);
            solid_sizes sizes = {.lid = true};
            size_t tsize, bsize;
            unsigned char *text = written(m, &path, MEIRO_FORMAT_STL_ASCII, &sizes, &tsize, NULL);
            unsigned char *bin = written(m, &path, MEIRO_FORMAT_STL, &sizes, &bsize, NULL);
            char *z = text ? realloc(text, tsize + 1) : NULL;
            if (!z) abort();
            z[tsize] = 0;
            soup parts[3] = {{0}}, all = {0};
            char names[3][16], why[128] = "", head[81];
            size_t count = 0;
            bool ok = read_ascii_stl(z, parts, names, &count, why, sizeof why);
            verdict_note(&v, ok && count == 3, "%s: %s (%zu solids)", meiro_grid_name(grids[g]),
                         why, count);
            static const char *const want[3] = {"maze", "answer", "lid"};
            size_t total = 0;
            for (size_t k = 0; k < count; k++) {
                verdict_note(&v, !strcmp(names[k], want[k]), "solid %zu named %s", k, names[k]);
                verdict_note(&v, closed_mesh(&parts[k], false, why, sizeof why, NULL),
                             "%s's %s: %s", meiro_grid_name(grids[g]), names[k], why);
                total += parts[k].n;
            }
            verdict_note(&v, read_binary_stl(bin, bsize, &all, head, why, sizeof why), "%s", why);
            verdict_note(&v, total == all.n, "%zu triangles in text, %zu in binary", total, all.n);
            size_t k = 0, t = 0;
            for (size_t i = 0; i < all.n && k < count; i++, t++) { /* the same, in the same order */
                if (t == parts[k].n) k++, t = 0;
                if (k < count &&
                    memcmp(all.v + 9 * i, parts[k].v + 9 * t, 9 * sizeof(float)) != 0) {
                    verdict_note(&v, false, "triangle %zu differs", i);
                    break;
                }
            }
            for (size_t p = 0; p < 3; p++) free(parts[p].v);
            free(all.v);
            free(z);
            free(bin);
            meiro_path_free(&path);
            meiro_maze_free(m);
        }
    CHECK_ALL(v);
}

/* ---- 3MF: the zip, its parts, the model ---- */

typedef struct zip_part {
    char name[64];
    const unsigned char *data;
    size_t size;
} zip_part;

static uint32_t crc32_spec(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return ~c;
}

static unsigned le16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

/* A zip read from its end: the end record, the central directory, each
 * entry's local header (stored, its CRC right). */
static size_t read_zip(const unsigned char *d, size_t size, zip_part *parts, size_t max, char *why,
                       size_t wsize)
{
    if (size < 22 || le32(d + size - 22) != 0x06054b50)
        return snprintf(why, wsize, "no end of central directory"), 0;
    const unsigned char *end = d + size - 22;
    size_t count = le16(end + 10), dir = le32(end + 16), at = dir;
    if (count > max || dir + le32(end + 12) != size - 22)
        return snprintf(why, wsize, "a directory of %zu entries at %zu", count, dir), 0;
    for (size_t i = 0; i < count; i++) {
        const unsigned char *c = d + at;
        if (at + 46 > size || le32(c) != 0x02014b50)
            return snprintf(why, wsize, "directory entry %zu", i), 0;
        size_t name = le16(c + 28), local = le32(c + 42), csize = le32(c + 20);
        const unsigned char *l = d + local;
        if (local + 30 > size || le32(l) != 0x04034b50 || le16(l + 8) != 0 ||
            le32(l + 18) != csize || le32(l + 22) != csize || le16(c + 10) != 0)
            return snprintf(why, wsize, "entry %zu: not a stored local header", i), 0;
        size_t lname = le16(l + 26), extra = le16(l + 28);
        snprintf(parts[i].name, sizeof parts[i].name, "%.*s", (int)lname, (const char *)l + 30);
        if (lname != name || memcmp(l + 30, c + 46, name) != 0)
            return snprintf(why, wsize, "entry %zu: names differ", i), 0;
        parts[i].data = l + 30 + lname + extra;
        parts[i].size = csize;
        if (crc32_spec(parts[i].data, csize) != le32(l + 14) || le32(c + 16) != le32(l + 14))
            return snprintf(why, wsize, "%.60s: its CRC", parts[i].name), 0;
        at += 46 + name + le16(c + 30) + le16(c + 32);
    }
    return count;
}

static const zip_part *part_named(const zip_part *parts, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(parts[i].name, name)) return &parts[i];
    return NULL;
}

/* The model's objects as soups (vertices indexed, each index in range
 * and the three of a triangle distinct, as the core spec asks), their
 * names, the build's items. */
static size_t read_model(const char *xml, soup *objects, char names[][16], char *why, size_t wsize)
{
    size_t count = 0;
    const char *p = xml;
    while ((p = strstr(p, "<object ")) && count < 3) {
        unsigned id;
        char name[16];
        if (sscanf(p, "<object id=\"%u\" type=\"model\" name=\"%15[^\"]\"", &id, name) != 2 ||
            id != count + 1)
            return snprintf(why, wsize, "object %zu's attributes", count), 0;
        snprintf(names[count], 16, "%s", name);
        const char *stop = strstr(p, "</object>");
        float *v = NULL;
        size_t nv = 0, cap = 0;
        const char *q = strstr(p, "<vertices>");
        while (q && (q = strstr(q, "<vertex ")) && q < stop) {
            if (nv == cap) {
                cap = cap ? 2 * cap : 1024;
                v = realloc(v, 3 * cap * sizeof *v);
                if (!v) abort();
            }
            if (sscanf(q, "<vertex x=\"%f\" y=\"%f\" z=\"%f\"/>", &v[3 * nv], &v[3 * nv + 1],
                       &v[3 * nv + 2]) != 3)
                return free(v), snprintf(why, wsize, "a vertex"), 0;
            nv++, q++;
        }
        q = strstr(p, "<triangles>");
        while (q && (q = strstr(q, "<triangle ")) && q < stop) {
            unsigned long a, b, c;
            if (sscanf(q, "<triangle v1=\"%lu\" v2=\"%lu\" v3=\"%lu\"/>", &a, &b, &c) != 3 ||
                a >= nv || b >= nv || c >= nv || a == b || b == c || a == c)
                return free(v), snprintf(why, wsize, "a triangle's indices"), 0;
            float t[9];
            memcpy(t, v + 3 * a, 3 * sizeof *t);
            memcpy(t + 3, v + 3 * b, 3 * sizeof *t);
            memcpy(t + 6, v + 3 * c, 3 * sizeof *t);
            soup_add(&objects[count], t);
            q++;
        }
        free(v);
        char item[48];
        snprintf(item, sizeof item, "<item objectid=\"%u\"/>", id);
        if (!strstr(xml, item)) return snprintf(why, wsize, "object %u not in the build", id), 0;
        count++;
        p = stop;
    }
    return count;
}

static void test_3mf(void)
{
    verdict v = {0};
    char dir[] = "/tmp/meiro-3mf-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    for (size_t g = 0; g < 4; g++) {
        meiro_maze *m = maze_of(grids[g], 6, 5, 40 + g);
        if (!m) continue;
        meiro_path path = {0};
        CHECK(meiro_solve(m, "bfs", &path, NULL) == MEIRO_OK);
        solid_sizes sizes = {.lid = g % 2 == 0, .ball = 7};
        size_t size;
        unsigned char *d = written(m, &path, MEIRO_FORMAT_3MF, &sizes, &size, NULL);
        zip_part parts[8];
        char why[128] = "";
        size_t n = d ? read_zip(d, size, parts, 8, why, sizeof why) : 0;
        verdict_note(&v, n == 3, "%s: %s", meiro_grid_name(grids[g]), why);
        const zip_part *types = part_named(parts, n, "[Content_Types].xml"),
                       *rels = part_named(parts, n, "_rels/.rels"),
                       *model = part_named(parts, n, "3D/3dmodel.model");
        verdict_note(&v, types && rels && model, "the package's three parts");
        if (!types || !rels || !model) {
            free(d);
            continue;
        }
        char *t = strndup((const char *)types->data, types->size),
             *r = strndup((const char *)rels->data, rels->size),
             *x = strndup((const char *)model->data, model->size);
        verdict_note(
            &v,
            strstr(
                t,
                "Extension=\"model\" ContentType=\"application/vnd.ms-package.3dmanufacturing-3dmodel+xml\"") &&
                strstr(t, "Extension=\"rels\""),
            "content types: %s", t);
        verdict_note(
            &v,
            strstr(r, "Target=\"/3D/3dmodel.model\"") &&
                strstr(r, "Type=\"http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel\""),
            "the start part: %s", r);
        verdict_note(
            &v,
            strstr(x, "<model unit=\"millimeter\"") &&
                strstr(x, "xmlns=\"http://schemas.microsoft.com/3dmanufacturing/core/2015/02\"") &&
                strstr(x, "<resources>") && strstr(x, "<build>"),
            "the model's root");
        char seed[64];
        snprintf(seed, sizeof seed, "seed %zu", 40 + g);
        verdict_note(&v, strstr(x, seed) && strstr(x, "meiro generate") && strstr(x, "--ball 7mm"),
                     "the metadata: the seed and the command");
        soup objects[3] = {{0}};
        char names[3][16];
        size_t count = read_model(x, objects, names, why, sizeof why);
        size_t want = g % 2 == 0 ? 3 : 2;
        verdict_note(&v, count == want, "%s: %zu objects: %s", meiro_grid_name(grids[g]), count,
                     why);
        for (size_t k = 0; k < count; k++) {
            verdict_note(&v, closed_mesh(&objects[k], false, why, sizeof why, NULL),
                         "object %s: %s", names[k], why);
            free(objects[k].v);
        }
        verdict_note(&v,
                     count >= 2 && !strcmp(names[0], "maze") && !strcmp(names[1], "answer") &&
                         (count < 3 || !strcmp(names[2], "lid")),
                     "the objects' names");
        /* unzip and xmllint, as a maker's tools would open it */
        char file[64], cmd[200];
        snprintf(file, sizeof file, "%s/maze.3mf", dir);
        FILE *f = fopen(file, "wb");
        CHECK(f && fwrite(d, 1, size, f) == size && fclose(f) == 0);
        if (have("unzip")) {
            snprintf(cmd, sizeof cmd, "unzip -tq %s >/dev/null 2>&1", file);
            verdict_note(&v, run(cmd, NULL, 0), "unzip -t %s", meiro_grid_name(grids[g]));
        }
        if (have("unzip") && have("xmllint")) {
            snprintf(cmd, sizeof cmd, "unzip -p %s 3D/3dmodel.model | xmllint --noout - 2>&1",
                     file);
            verdict_note(&v, run(cmd, NULL, 0), "xmllint: the model");
        }
        remove(file);
        free(t);
        free(r);
        free(x);
        free(d);
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
    rmdir(dir);
    CHECK_ALL(v);
}

/* The same maze and sizes, the same bytes. */
static void test_reproducible(void)
{
    meiro_maze *a = maze_of(MEIRO_GRID_HEX, 5, 4, 77), *b = maze_of(MEIRO_GRID_HEX, 5, 4, 77);
    if (!a || !b) return;
    for (meiro_format f = MEIRO_FORMAT_STL; f <= MEIRO_FORMAT_3MF; f++) {
        size_t na, nb;
        unsigned char *x = written(a, NULL, f, NULL, &na, NULL),
                      *y = written(b, NULL, f, NULL, &nb, NULL);
        CHECK_MSG(x && y && na == nb && !memcmp(x, y, na), "%s", meiro_format_info(f)->name);
        free(x);
        free(y);
    }
    meiro_maze_free(a);
    meiro_maze_free(b);
}

/* Refused, saying why, with nothing written: sizes a printer cannot make,
 * a print past the bed, mazes the formats cannot show, sizes for a format
 * that takes none. */
static void test_refused(void)
{
    solid_sizes thin = {.wall = 0.5}, flat = {.base = 0.3},
                low = {.ball = 8, .height = 5, .lid = true};
    meiro_error e = {0};
    CHECK(solid_sizes_check(&thin, &e) == MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "--wall 0.5mm"));
    CHECK(solid_sizes_check(&flat, &e) == MEIRO_ERROR_ARGUMENT && strstr(e.message, "--base"));
    CHECK(solid_sizes_check(&low, &e) == MEIRO_ERROR_ARGUMENT && strstr(e.message, "at least 9mm"));
    char dir[] = "/tmp/meiro-solid-XXXXXX", file[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(file, sizeof file, "%s/big.stl", dir);
    meiro_maze *big = maze_of(MEIRO_GRID_RECT, 40, 10, 1);
    CHECK(big && meiro_save(big, NULL, MEIRO_FORMAT_STL, NULL, file, &e) == MEIRO_ERROR_TOO_BIG);
    CHECK_MSG(strstr(e.message, "bed"), "%s", e.message);
    CHECK(access(file, F_OK) != 0);
    meiro_maze_free(big);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = o.height = 8, o.weave = 40, o.seed = 2;
    meiro_maze *weave = meiro_generate(&o, NULL);
    CHECK(weave &&
          meiro_save(weave, NULL, MEIRO_FORMAT_3MF, NULL, file, &e) == MEIRO_ERROR_ARGUMENT);
    CHECK(access(file, F_OK) != 0);
    meiro_maze_free(weave);
    /* the job: sizes for a PDF, and a print past the bed, before any maze */
    meiro_job *job = meiro_job_new();
    CHECK(job && meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_PDF, NULL) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_BALL_UM, 8000, NULL) == MEIRO_OK);
    CHECK(meiro_job_get_int(job, MEIRO_JOB_BALL_UM) == 8000);
    CHECK(meiro_job_plan(job, &e) == MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "stl, stl-ascii, 3mf"));
    meiro_job_free(job);
    job = meiro_job_new();
    CHECK(job && meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_3MF, NULL) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_BALL_UM, 20000, NULL) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_WALL_UM, -1, NULL) == MEIRO_ERROR_ARGUMENT);
    meiro_job_maze(job)->width = 12, meiro_job_maze(job)->height = 8;
    CHECK(meiro_job_set_int(job, MEIRO_JOB_MAZE_GIVEN, MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_HEIGHT,
                            NULL) == MEIRO_OK);
    CHECK(meiro_job_plan(job, &e) == MEIRO_ERROR_TOO_BIG && strstr(e.message, "smaller ball (option: --ball)"));
    meiro_job_free(job);
    rmdir(dir);
}

/* The rules preflight reported, in order. */
typedef struct said {
    char rule[8][16], detail[8][400];
    bool pass[8];
    int n;
} said;

static void note_rule(void *ctx, const char *rule, bool pass, const char *detail)
{
    said *s = ctx;
    if (s->n == 8) return;
    snprintf(s->rule[s->n], sizeof s->rule[0], "%s", rule);
    snprintf(s->detail[s->n], sizeof s->detail[0], "%s", detail);
    s->pass[s->n++] = pass;
}

/* The narrowest measure a rule says ("the narrowest wall: 1.20 mm at"),
 * -1 if it says none. */
static double narrowest(const said *s, const char *rule)
{
    for (int i = 0; i < s->n; i++) {
        const char *at = strcmp(s->rule[i], rule) ? NULL : strstr(s->detail[i], "narrowest ");
        double v;
        if (at && (sscanf(at, "narrowest %lf mm", &v) == 1 ||
                   sscanf(at, "narrowest %*s %lf mm", &v) == 1))
            return v;
    }
    return -1;
}

static bool passed_rule(const said *s, const char *rule)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->rule[i], rule)) return s->pass[i];
    return false;
}

/* meiro preflight --print 3d on the prints meiro writes (every grid, STL
 * and 3MF, a ball, a lid, the answer): the section's narrowest wall is
 * the walls' thickness and its narrowest corridor the ball and its
 * clearance (a rectangle's exactly), every rule passes; a larger ball
 * fails the ball rule, a smaller bed the bed rule; a 3D print is no
 * plotter's file. */
static void test_preflight(void)
{
    verdict walls = {0}, ball = {0}, fails = {0};
    char dir[] = "/tmp/meiro-preflight-XXXXXX", file[64];
    CHECK(mkdtemp(dir) != NULL);
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++)
        for (int f = 0; f < 2; f++) {
            meiro_maze *m = maze_of(grids[gi], 5, 4, 30 + gi);
            meiro_path path = {0};
            solid_sizes sizes = {.ball = 8, .lid = gi % 2 == 0};
            meiro_format format = f ? MEIRO_FORMAT_3MF : MEIRO_FORMAT_STL;
            snprintf(file, sizeof file, "%s/print.%s", dir, f ? "3mf" : "stl");
            meiro_error e = {0};
            CHECK(m && meiro_solve(m, "bfs", &path, &e) == MEIRO_OK);
            CHECK_MSG(format_save(m, &path, format, NULL, &sizes, NULL, file, &e) == MEIRO_OK, "%s",
                      e.message);
            said s = {0}, big = {0}, bed = {0};
            bool passed = false, big_passed = true, bed_passed = true;
            CHECK_MSG(meiro_preflight_machine(file, MEIRO_MACHINE_3D, 0, 0, 8, 0, 0, note_rule, &s,
                                              &passed, &e) == MEIRO_OK,
                      "%s", e.message);
            double wall = narrowest(&s, "walls"), corridor = narrowest(&s, "ball");
            /* a hex or polar wall's end narrows a little toward its post */
            verdict_note(
                &walls, passed && wall > SOLID_WALL_MM - 0.2 && wall < SOLID_WALL_MM + 0.011,
                "%s %s: the narrowest wall %.3f mm, not %.1f (%s)", meiro_grid_name(grids[gi]),
                f ? "3mf" : "stl", wall, SOLID_WALL_MM, s.detail[2]);
            /* a ring's corridors are wider than the narrowest; a triangle's
             * walls meet at 60 degrees and face none within the rule's
             * reach (the answer, a part of its own, is not measured) */
            verdict_note(&ball,
                         grids[gi] == MEIRO_GRID_TRIANGLE
                             ? corridor < 0 || corridor > 8 + SOLID_CLEARANCE_MM - 0.011
                             : corridor > 8 + SOLID_CLEARANCE_MM - 0.011 &&
                                   (corridor < 9.011 || grids[gi] != MEIRO_GRID_RECT) &&
                                   corridor < 14,
                         "%s %s: the narrowest corridor %.3f mm, not 9 (%s)",
                         meiro_grid_name(grids[gi]), f ? "3mf" : "stl", corridor,
                         s.n > 4 ? s.detail[4] : "");
            CHECK(meiro_preflight_machine(file, MEIRO_MACHINE_3D, 0, 0, 13, 0, 0, note_rule, &big,
                                          &big_passed, &e) == MEIRO_OK);
            CHECK(meiro_preflight_machine(file, MEIRO_MACHINE_3D, 0, 0, 0, 40, 40, note_rule, &bed,
                                          &bed_passed, &e) == MEIRO_OK);
            verdict_note(&fails,
                         !big_passed && !passed_rule(&big, "ball") && passed_rule(&big, "walls") &&
                             !bed_passed && !passed_rule(&bed, "bed"),
                         "%s: a ball of 13 mm or a bed of 40 x 40 mm passed",
                         meiro_grid_name(grids[gi]));
            CHECK(meiro_preflight_machine(file, MEIRO_MACHINE_PLOTTER, 0, 0, 0, 0, 0, NULL, NULL,
                                          NULL, &e) == MEIRO_ERROR_ARGUMENT);
            unlink(file);
            meiro_path_free(&path);
            meiro_maze_free(m);
        }
    rmdir(dir);
    CHECK_ALL(walls);
    CHECK_ALL(ball);
    CHECK_ALL(fails);
}


/* ---- Tubes: a maze wrapped at one side (--wrap x or y) ---- */

static meiro_maze *tube_of(unsigned wrap, uint32_t w, uint32_t h, uint64_t seed)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.algorithm = seed % 2 ? "wilson" : "dig";
    o.width = w, o.height = h, o.seed = seed;
    meiro_error e = {0};
    meiro_maze *m = gen_maze(&o, 0, wrap, &e);
    CHECK_MSG(m, "%s", e.message);
    return m;
}

/* Where the plan's point (x, y) mm at radius r lands on the tube: the
 * test's own bending (solid.h's frame: a turn per period from the grid's
 * 0, y's the other way round, the axis up, the centre at width / 2). */
static void on_tube(const solid_frame *f, double x, double y, double r, double p[3])
{
    bool wy = f->wrap == MEIRO_WRAP_Y;
    double a = (wy ? -SOLID_TAU : SOLID_TAU) * ((wy ? y : x) - f->wall / 2) / f->period;
    p[0] = f->width / 2 + r * cos(a), p[1] = f->width / 2 + r * sin(a), p[2] = wy ? x : y;
}

/* Whether point p is inside the closed soup: the crossings of a ray
 * from it (askew of every axis, so no edge or face along it) counted. */
static bool inside(const soup *s, const double p[3])
{
    const double d[3] = {0.0123, 0.0371, 1};
    unsigned crossings = 0;
    for (size_t t = 0; t < s->n; t++) {
        const float *v = s->v + 9 * t;
        double e1[3], e2[3], q[3], h[3];
        for (int k = 0; k < 3; k++) e1[k] = v[3 + k] - v[k], e2[k] = v[6 + k] - v[k];
        h[0] = d[1] * e2[2] - d[2] * e2[1], h[1] = d[2] * e2[0] - d[0] * e2[2],
        h[2] = d[0] * e2[1] - d[1] * e2[0];
        double det = e1[0] * h[0] + e1[1] * h[1] + e1[2] * h[2];
        if (fabs(det) < 1e-12) continue;
        double o[3] = {p[0] - v[0], p[1] - v[1], p[2] - v[2]};
        double u = (o[0] * h[0] + o[1] * h[1] + o[2] * h[2]) / det;
        if (u < 0 || u > 1) continue;
        q[0] = o[1] * e1[2] - o[2] * e1[1], q[1] = o[2] * e1[0] - o[0] * e1[2],
        q[2] = o[0] * e1[1] - o[1] * e1[0];
        double w = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) / det;
        if (w < 0 || u + w > 1) continue;
        crossings += (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det > 0;
    }
    return crossings % 2;
}

/* Tubes of several sizes and seeds, both ways round, with and without the
 * answer and a ball: closed meshes (the answer a part of its own), on
 * the bed, round: every point between the bore and the walls' tops, the
 * bore open and as the frame says. */
static void test_tube_closed(void)
{
    verdict v = {0};
    for (uint64_t seed = 1; seed <= 10; seed++) {
        unsigned wrap = seed % 2 ? MEIRO_WRAP_X : MEIRO_WRAP_Y;
        uint32_t w = 3 + (uint32_t)(seed * 7 % 11), h = 3 + (uint32_t)(seed * 5 % 7);
        if (wrap == MEIRO_WRAP_Y) w = h, h = 3 + (uint32_t)(seed * 7 % 11);
        meiro_maze *m = tube_of(wrap, w, h, seed);
        if (!m) continue;
        meiro_path path = {0};
        bool solved = seed % 3 != 0;
        if (solved) CHECK(meiro_solve(m, "bfs", &path, NULL) == MEIRO_OK);
        solid_sizes sizes = {.ball = seed % 4 == 0 ? 5 + (double)(seed % 3) : 0,
                             .wall = seed % 5 == 0 ? 2 : 0};
        meiro_error e = {0};
        size_t size;
        unsigned char *d = written(m, solved ? &path : NULL, MEIRO_FORMAT_STL, &sizes, &size, &e);
        soup s = {0};
        char head[81], why[128] = "";
        double vol = 0;
        /* a tube stands on its end: the rings between its rows overhang */
        bool ok = d && read_binary_stl(d, size, &s, head, why, sizeof why) &&
                  closed_mesh(&s, true, why, sizeof why, &vol);
        verdict_note(&v, ok, "tube %s %ux%u seed %llu: %s", wrap_name(wrap), w, h,
                     (unsigned long long)seed, d ? why : e.message);
        double ew, eh;
        grid_extent(m, &ew, &eh);
        solid_frame f;
        CHECK(solid_frame_of(m->grid, m->wrap, ew, eh, &sizes, &f, NULL) == MEIRO_OK);
        double rmin = INFINITY, rmax = 0, zmin = INFINITY, zmax = -INFINITY;
        for (size_t i = 0; i < 3 * s.n; i++) {
            const float *p = s.v + 3 * i;
            double r = hypot(p[0] - f.width / 2, p[1] - f.width / 2);
            rmin = fmin(rmin, r), rmax = fmax(rmax, r);
            zmin = fmin(zmin, p[2]), zmax = fmax(zmax, p[2]);
        }
        /* the strips' corners are on the circles, their chords within
         * 0.02 mm of them; the floor's circumference the wrapped side's
         * cells */
        verdict_note(&v,
                     rmin > f.bore - 0.021 && rmin <= f.bore + 1e-3 &&
                         fabs(rmax - (f.radius + f.height)) < 1e-3 &&
                         fabs(zmin) < 1e-3 && fabs(zmax - f.depth) < 1e-3 &&
                         fabs(SOLID_TAU * f.radius - (wrap == MEIRO_WRAP_X ? w : h) * f.cell) <
                             1e-9,
                     "tube %s %ux%u: radii %.3f..%.3f (bore %.3f, top %.3f), length %.3f..%.3f "
                     "(%.3f)",
                     wrap_name(wrap), w, h, rmin, rmax, f.bore, f.radius + f.height, zmin, zmax,
                     f.depth);
        double axis[3] = {f.width / 2, f.width / 2, f.depth / 2};
        verdict_note(&v, !inside(&s, axis), "tube %s %ux%u: the bore is closed", wrap_name(wrap),
                     w, h);
        free(s.v);
        free(d);
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* The walls where the maze says: halfway up the walls, at each side's
 * middle (its angle and height on the tube), solid on a closed side and
 * open across a passage, the corridor's width of it (the passages across
 * the seam too: the tube's own); the tube's wall under every cell's
 * centre, the corridor over it. */
static void test_tube_walls(void)
{
    verdict v = {0}, seam = {0};
    for (uint64_t seed = 1; seed <= 6; seed++) {
        unsigned wrap = seed % 2 ? MEIRO_WRAP_X : MEIRO_WRAP_Y;
        meiro_maze *m = tube_of(wrap, 4 + (uint32_t)seed, 3 + (uint32_t)seed % 3, seed);
        if (!m) continue;
        solid_sizes sizes = {.ball = seed % 2 ? 0 : 5 + (double)seed,
                             .wall = 0.8 + 0.2 * (double)seed};
        size_t size;
        meiro_error e = {0};
        unsigned char *d = written(m, NULL, MEIRO_FORMAT_STL, &sizes, &size, &e);
        soup s = {0};
        char head[81], why[128] = "";
        verdict_note(&v, d && read_binary_stl(d, size, &s, head, why, sizeof why), "%s",
                     d ? why : e.message);
        double ew, eh;
        grid_extent(m, &ew, &eh);
        solid_frame f;
        CHECK(solid_frame_of(m->grid, m->wrap, ew, eh, &sizes, &f, NULL) == MEIRO_OK);
        double mid = f.radius + f.height / 2, p[3], x, y;
        unsigned crossed = 0;
        for (size_t id = 0; id < grid_total(m); id++) {
            double u, w;
            grid_centre(m, id, &u, &w);
            solid_place(&f, u, w, &x, &y);
            /* the tube's wall under the pocket, S's and G's pocket */
            on_tube(&f, x, y, f.bore + (f.base - f.pocket) / 2, p);
            bool core = inside(&s, p);
            bool end = id == grid_id(m, m->start) || id == grid_id(m, m->goal);
            on_tube(&f, x, y, f.radius - f.pocket / 2, p);
            core = core && inside(&s, p) != end;
            on_tube(&f, x, y, mid, p);
            verdict_note(&v, core && !inside(&s, p), "tube seed %llu: cell %zu's floor or corridor",
                         (unsigned long long)seed, id);
            unsigned open = grid_open_sides(m, id);
            meiro_cell c = grid_cell(m, id);
            for (unsigned k = 0; k < DIR_COUNT; k++) {
                bool wall = !((open >> k) & 1u);
                bool across = wrap == MEIRO_WRAP_X
                                  ? (k == MEIRO_EAST && c.x + 1 == m->w) ||
                                        (k == MEIRO_WEST && c.x == 0)
                                  : (k == MEIRO_NORTH && c.y == 0) ||
                                        (k == MEIRO_SOUTH && c.y + 1 == m->h);
                double half = wall ? 0 : f.corridor / 2 - 0.05;
                bool right = true;
                for (int side = -1; side <= 1; side++) {
                    side_middle(m, &f, id, k, side * half, &x, &y);
                    on_tube(&f, x, y, mid, p);
                    right = right && inside(&s, p) == wall;
                }
                verdict_note(across ? &seam : &v, right,
                             "tube %s seed %llu: cell %zu side %u (%s%s) not as the maze says",
                             wrap_name(wrap), (unsigned long long)seed, id, k,
                             wall ? "closed" : "open", across ? ", across the seam" : "");
                crossed += across && !wall;
            }
        }
        verdict_note(&seam, crossed > 0, "tube seed %llu: no passage across the seam",
                     (unsigned long long)seed);
        free(s.v);
        free(d);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
    CHECK_ALL(seam);
}

/* A torus, a tube's lid, a bore too narrow and a tube past the bed are
 * refused in a line; preflight --print 3d passes the tubes meiro writes,
 * binary and text STL and 3MF, with and without a ball, with and without
 * the answer (a part of its own, which preflight's section across the
 * axis leaves out: it cut the answer's line on the floor and said a
 * corridor was 2.5 mm). */
static void test_tube_refused(void)
{
    meiro_error e = {0};
    solid_frame f;
    solid_sizes none = {0}, lid = {.lid = true}, thick = {.base = 8};
    CHECK(solid_frame_of(MEIRO_GRID_RECT, MEIRO_WRAP_X | MEIRO_WRAP_Y, 8, 8, &none, &f, &e) ==
              MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "torus"));
    CHECK(solid_frame_of(MEIRO_GRID_RECT, MEIRO_WRAP_X, 8, 8, &lid, &f, &e) ==
              MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "--lid"));
    CHECK(solid_frame_of(MEIRO_GRID_RECT, MEIRO_WRAP_Y, 8, 3, &thick, &f, &e) ==
              MEIRO_ERROR_ARGUMENT &&
          strstr(e.message, "bore") && strstr(e.message, "-H"));
    CHECK(solid_frame_of(MEIRO_GRID_RECT, MEIRO_WRAP_X, 8, 30, &none, &f, &e) ==
              MEIRO_ERROR_TOO_BIG &&
          strstr(e.message, "tube") && strstr(e.message, "bed"));
    CHECK(solid_frame_of(MEIRO_GRID_RECT, MEIRO_WRAP_X, 90, 8, &none, &f, &e) ==
          MEIRO_ERROR_TOO_BIG);
    /* the job refuses a torus before any maze */
    meiro_job *job = meiro_job_new();
    CHECK(job && meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_STL, NULL) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_WRAP, MEIRO_WRAP_X | MEIRO_WRAP_Y, NULL) == MEIRO_OK);
    CHECK_MSG(meiro_job_plan(job, &e) == MEIRO_ERROR_ARGUMENT && strstr(e.message, "torus"), "%s",
              e.message);
    meiro_job_free(job);
    char dir[] = "/tmp/meiro-tube-XXXXXX", file[64];
    CHECK(mkdtemp(dir) != NULL);
    verdict v = {0};
    static const meiro_format formats[3] = {MEIRO_FORMAT_STL, MEIRO_FORMAT_STL_ASCII,
                                            MEIRO_FORMAT_3MF};
    for (int k = 0; k < 12; k++) {
        unsigned wrap = k % 2 ? MEIRO_WRAP_Y : MEIRO_WRAP_X;
        bool answered = k % 4 >= 2;
        meiro_maze *m = tube_of(wrap, 12 - 3 * (k % 2), 8 + 3 * (k % 2), 40 + (uint64_t)k);
        meiro_path path = {0};
        CHECK(m && (!answered || meiro_solve(m, "bfs", &path, NULL) == MEIRO_OK));
        solid_sizes sizes = {.ball = k % 3 ? 8 : 0};
        snprintf(file, sizeof file, "%s/tube-%d.%s", dir, k, k / 4 == 2 ? "3mf" : "stl");
        CHECK_MSG(format_save(m, answered ? &path : NULL, formats[k / 4], NULL, &sizes, NULL, file,
                              &e) == MEIRO_OK,
                  "%s", e.message);
        said s = {0};
        bool passed = false;
        CHECK(meiro_preflight_machine(file, MEIRO_MACHINE_3D, 0, 0, sizes.ball, 0, 0, note_rule,
                                      &s, &passed, &e) == MEIRO_OK);
        /* with a ball: its corridors measured across, as wide as the flat
         * print's but for the facets' chords (hundredths of a mm) */
        double corridor = narrowest(&s, "ball");
        verdict_note(&v, passed && (!sizes.ball || corridor > 9 - 0.05),
                     "tube %s %s%s: %s / %s / %s / %s / %s", wrap_name(wrap), file,
                     answered ? " with its answer" : "", s.detail[0], s.detail[1], s.detail[2],
                     s.detail[3], s.n > 4 ? s.detail[4] : "");
        unlink(file);
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
    rmdir(dir);
    CHECK_ALL(v);
}

static const test_case cases[] = {
    {"closed", test_closed},
    {"walls", test_walls},
    {"ball", test_ball},
    {"lid", test_lid},
    {"ascii", test_ascii},
    {"3mf", test_3mf},
    {"reproducible", test_reproducible},
    {"refused", test_refused},
    {"preflight", test_preflight},
    {"tube_closed", test_tube_closed},
    {"tube_walls", test_tube_walls},
    {"tube_refused", test_tube_refused},
};

int main(int argc, char **argv) { return test_main("solid", argc, argv, cases, TEST_COUNT(cases)); }
