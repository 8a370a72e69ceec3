/* A 3D print read back to be checked (meiro preflight --print 3d): STL,
 * binary or text, and 3MF's stored zip with its model's meshes, into
 * triangles; and their section at a height, the outline of what is cut
 * there. Strict: a refusal names its line and column (text STL, the
 * model's XML) or its byte. */
#include "solid/solid.h"

#include "core/alloc.h"
#include "core/error.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Past a metre and a half from the origin, no printer's. */
#define READ_MAX_MM 1.0e5

static meiro_status nomem(meiro_error *err)
{
    return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
}

static bool tri_add(solid_tris *t, const float v[9])
{
    if (!vec_reserve(&t->v, &t->cap, 9 * (t->n + 1), sizeof *t->v, 9 * 1024)) return false;
    memcpy(t->v + 9 * t->n++, v, 9 * sizeof *v);
    return true;
}

void solid_tris_free(solid_tris *t)
{
    free(t->v);
    *t = (solid_tris){0};
}

static bool corner_ok(float v) { return isfinite(v) && fabsf(v) <= READ_MAX_MM; }

/* ---- STL ---- */

static float get_float(const unsigned char *p)
{
    uint32_t u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static unsigned get16(const unsigned char *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }

/* A text STL's words, with where each starts. */
typedef struct words {
    const char *s;
    size_t size, at, line, line_at;
    const char *w;
    size_t len;
    unsigned long wline, wcol;
} words;

static bool word(words *k)
{
    while (k->at < k->size && isspace((unsigned char)k->s[k->at])) {
        if (k->s[k->at] == '\n') k->line++, k->line_at = k->at + 1;
        k->at++;
    }
    if (k->at >= k->size) return k->len = 0, false;
    k->w = k->s + k->at;
    k->wline = k->line, k->wcol = (unsigned long)(k->at - k->line_at + 1);
    while (k->at < k->size && !isspace((unsigned char)k->s[k->at])) k->at++;
    k->len = (size_t)(k->s + k->at - k->w);
    return true;
}

static bool is_word(const words *k, const char *w)
{
    return k->len == strlen(w) && !memcmp(k->w, w, k->len);
}

static meiro_status expect(words *k, const char *w, meiro_error *err)
{
    if (word(k) && is_word(k, w)) return MEIRO_OK;
    return fail_at(err, MEIRO_ERROR_PARSE, k->len ? k->wline : k->line, k->len ? k->wcol : 1,
                   "'%s' was expected", w);
}

static meiro_status number(words *k, float *v, meiro_error *err)
{
    char buf[48];
    if (word(k) && k->len < sizeof buf) {
        memcpy(buf, k->w, k->len);
        buf[k->len] = 0;
        char *end;
        double d = strtod(buf, &end);
        bool plain = strspn(buf, "+-0123456789.eE") == k->len; /* no hex, inf or nan */
        if (*end == 0 && plain && isfinite(d) && fabs(d) <= READ_MAX_MM) {
            *v = (float)d;
            return MEIRO_OK;
        }
    }
    return fail_at(err, MEIRO_ERROR_PARSE, k->len ? k->wline : k->line, k->len ? k->wcol : 1,
                   "a number within %g was expected", READ_MAX_MM);
}

static meiro_status read_stl_text(const char *s, size_t size, solid_tris *t, meiro_error *err)
{
    words k = {s, size, 0, 1, 0, NULL, 0, 0, 0};
    meiro_status st = MEIRO_OK;
    bool any = false;
    while (st == MEIRO_OK && word(&k)) {
        if (!is_word(&k, "solid"))
            return fail_at(err, MEIRO_ERROR_PARSE, k.wline, k.wcol, "'solid' was expected");
        /* the solid's name: the rest of its line; meiro's first, "maze",
         * is the walls' part */
        size_t name = k.at;
        while (k.at < size && s[k.at] != '\n') k.at++;
        bool walls = !any && k.at - name == 5 && !memcmp(s + name, " maze", 5);
        any = true;
        for (;;) {
            if (!word(&k))
                return fail_at(err, MEIRO_ERROR_PARSE, k.line, 1, "the solid has no 'endsolid'");
            if (is_word(&k, "endsolid")) {
                while (k.at < size && s[k.at] != '\n') k.at++;
                if (walls) t->walls = t->n;
                break;
            }
            if (!is_word(&k, "facet"))
                return fail_at(err, MEIRO_ERROR_PARSE, k.wline, k.wcol,
                               "'facet' or 'endsolid' was expected");
            float v[9], n;
            st = expect(&k, "normal", err);
            for (int i = 0; i < 3 && st == MEIRO_OK; i++) st = number(&k, &n, err);
            if (st == MEIRO_OK) st = expect(&k, "outer", err);
            if (st == MEIRO_OK) st = expect(&k, "loop", err);
            for (int c = 0; c < 3 && st == MEIRO_OK; c++) {
                st = expect(&k, "vertex", err);
                for (int i = 0; i < 3 && st == MEIRO_OK; i++) st = number(&k, &v[3 * c + i], err);
            }
            if (st == MEIRO_OK) st = expect(&k, "endloop", err);
            if (st == MEIRO_OK) st = expect(&k, "endfacet", err);
            if (st != MEIRO_OK) return st;
            if (!tri_add(t, v)) return nomem(err);
        }
    }
    if (!any) return fail_at(err, MEIRO_ERROR_PARSE, 1, 1, "an empty STL");
    return st;
}

meiro_status solid_read_stl(const unsigned char *data, size_t size, solid_tris *t, meiro_error *err)
{
    /* binary: 80 bytes of header, the count, 50 bytes a triangle; a binary
     * file's header may start "solid" too: the size decides */
    if (size >= 84 && (uint64_t)size == 84 + 50 * (uint64_t)get32(data + 80)) {
        uint32_t n = get32(data + 80);
        for (uint32_t j = 0; j < n; j++) {
            float v[9];
            for (int i = 0; i < 9; i++) {
                v[i] = get_float(data + 84 + 50 * (size_t)j + 12 + 4 * i);
                if (!corner_ok(v[i]))
                    return fail(err, MEIRO_ERROR_PARSE,
                                "triangle %u (byte %zu): a corner past %g mm, or not a number",
                                j + 1, 84 + 50 * (size_t)j, READ_MAX_MM);
            }
            if (!tri_add(t, v)) return nomem(err);
        }
        /* meiro's header: "meiro VERSION, ... mm; maze N" */
        char head[81] = "";
        memcpy(head, data, 80);
        const char *said = strstr(head, "; maze ");
        unsigned long long walls = 0;
        if (!memcmp(head, "meiro ", 6) && said && sscanf(said, "; maze %llu", &walls) == 1 &&
            walls <= n)
            t->walls = (size_t)walls;
        return MEIRO_OK;
    }
    if (size >= 5 && !memcmp(data, "solid", 5))
        return read_stl_text((const char *)data, size, t, err);
    return fail(err, MEIRO_ERROR_PARSE,
                size >= 84 ? "not an STL: a binary STL of %u triangles would be %llu bytes, "
                             "not %zu"
                           : "not an STL: too short%.0u%.0llu (%zu bytes)",
                size >= 84 ? get32(data + 80) : 0,
                size >= 84 ? 84 + 50 * (unsigned long long)get32(data + 80) : 0ull, size);
}

/* ---- 3MF ---- */

/* The stored entry `name`'s bytes in the zip (APPNOTE 6.3: the end
 * record, the central directory, the local header). */
static meiro_status zip_find(const unsigned char *z, size_t size, const char *name,
                             const unsigned char **data, size_t *len, meiro_error *err)
{
    if (size < 22) return fail(err, MEIRO_ERROR_PARSE, "not a 3MF: no zip's end record");
    size_t end = size - 22;
    /* the end record, before a comment of up to 64 KiB */
    while (get32(z + end) != 0x06054b50u) {
        if (end == 0 || size - end > 22 + 0xFFFF)
            return fail(err, MEIRO_ERROR_PARSE, "not a 3MF: no zip's end record");
        end--;
    }
    size_t entries = get16(z + end + 10), dir = get32(z + end + 16);
    size_t name_len = strlen(name);
    for (size_t i = 0, at = dir; i < entries; i++) {
        if (at > size || size - at < 46 || get32(z + at) != 0x02014b50u)
            return fail(err, MEIRO_ERROR_PARSE, "the zip's directory is broken at byte %zu", at);
        size_t n = get16(z + at + 28), extra = get16(z + at + 30), comment = get16(z + at + 32);
        if (size - at - 46 < n)
            return fail(err, MEIRO_ERROR_PARSE, "the zip's directory is broken at byte %zu", at);
        if (n == name_len && !memcmp(z + at + 46, name, n)) {
            unsigned method = get16(z + at + 10);
            size_t stored = get32(z + at + 20), local = get32(z + at + 42);
            if (method != 0)
                return fail(err, MEIRO_ERROR_PARSE,
                            "%s is compressed (zip method %u): meiro reads the stored 3MF files "
                            "it writes",
                            name, method);
            if (local > size || size - local < 30 || get32(z + local) != 0x04034b50u)
                return fail(err, MEIRO_ERROR_PARSE, "%s: no local header at byte %zu", name, local);
            size_t from = local + 30 + get16(z + local + 26) + get16(z + local + 28);
            if (from > size || size - from < stored)
                return fail(err, MEIRO_ERROR_PARSE, "%s runs past the file's end", name);
            *data = z + from, *len = stored;
            return MEIRO_OK;
        }
        at += 46 + n + extra + comment;
    }
    return fail(err, MEIRO_ERROR_PARSE, "not a 3MF: no %s in the package", name);
}

/* Whether [s, e) holds `what`. */
static bool has(const char *s, const char *e, const char *what)
{
    size_t k = strlen(what);
    for (; s + k <= e; s++)
        if (!memcmp(s, what, k)) return true;
    return false;
}

/* An attribute's value in the element [s, e): its number. */
static bool attribute(const char *s, const char *e, const char *key, double *v)
{
    size_t k = strlen(key);
    for (const char *p = s; p + k + 2 < e; p++) {
        if (memcmp(p, key, k) || p[k] != '=' || (p[k + 1] != '"' && p[k + 1] != '\'') ||
            isalnum((unsigned char)p[-1]))
            continue;
        char q = p[k + 1], buf[48];
        const char *from = p + k + 2, *to = from;
        while (to < e && *to != q) to++;
        if (to == e || (size_t)(to - from) >= sizeof buf) return false;
        memcpy(buf, from, (size_t)(to - from));
        buf[to - from] = 0;
        char *end;
        *v = strtod(buf, &end);
        return *end == 0 && to > from && strspn(buf, "+-0123456789.eE") == (size_t)(to - from) &&
               isfinite(*v);
    }
    return false;
}

meiro_status solid_read_3mf(const unsigned char *data, size_t size, solid_tris *t, meiro_error *err)
{
    const unsigned char *model = NULL;
    size_t len = 0;
    meiro_status st = zip_find(data, size, "3D/3dmodel.model", &model, &len, err);
    if (st != MEIRO_OK) return st;
    const char *s = (const char *)model, *end = s + len;
    float *xyz = NULL;
    size_t vertices = 0, cap = 0, line = 1;
    const char *line_at = s;
    bool in_object = false, walls = false; /* in meiro's first object, "maze" */
    for (const char *p = s; p < end && st == MEIRO_OK; p++) {
        if (*p == '\n') line++, line_at = p + 1;
        if (*p != '<') continue;
        const char *close = memchr(p, '>', (size_t)(end - p));
        if (!close) {
            st = fail_at(err, MEIRO_ERROR_PARSE, line, (unsigned long)(p - line_at + 1),
                         "3D/3dmodel.model: an element without its '>'");
            break;
        }
        unsigned long col = (unsigned long)(p - line_at + 1);
        size_t n = (size_t)(close - p);
        if (n > 7 && !memcmp(p, "<object", 7) && (p[7] == ' ' || p[7] == '>'))
            in_object = true, vertices = 0, walls = t->n == 0 && has(p, close, "name=\"maze\"");
        else if (n >= 8 && !memcmp(p, "</object", 8)) {
            in_object = false;
            if (walls) t->walls = t->n, walls = false;
        }
        else if (n > 7 && !memcmp(p, "<vertex ", 8)) {
            double x, y, z;
            if (!in_object || !attribute(p, close, "x", &x) || !attribute(p, close, "y", &y) ||
                !attribute(p, close, "z", &z) || fabs(x) > READ_MAX_MM || fabs(y) > READ_MAX_MM ||
                fabs(z) > READ_MAX_MM)
                st = fail_at(err, MEIRO_ERROR_PARSE, line, col,
                             "3D/3dmodel.model: a vertex needs x, y and z within %g mm, in an "
                             "object",
                             READ_MAX_MM);
            else if (!vec_reserve(&xyz, &cap, 3 * (vertices + 1), sizeof *xyz, 3 * 1024))
                st = nomem(err);
            else {
                xyz[3 * vertices] = (float)x, xyz[3 * vertices + 1] = (float)y;
                xyz[3 * vertices + 2] = (float)z;
                vertices++;
            }
        } else if (n > 9 && !memcmp(p, "<triangle ", 10)) {
            double v[3];
            bool ok = in_object && attribute(p, close, "v1", &v[0]) &&
                      attribute(p, close, "v2", &v[1]) && attribute(p, close, "v3", &v[2]);
            for (int k = 0; ok && k < 3; k++)
                ok = v[k] >= 0 && v[k] < (double)vertices && v[k] == floor(v[k]);
            if (!ok)
                st = fail_at(err, MEIRO_ERROR_PARSE, line, col,
                             "3D/3dmodel.model: a triangle needs v1, v2 and v3, vertices of its "
                             "object (%zu)",
                             vertices);
            else {
                float c[9];
                for (int k = 0; k < 3; k++)
                    memcpy(c + 3 * k, xyz + 3 * (size_t)v[k], 3 * sizeof *c);
                if (!tri_add(t, c)) st = nomem(err);
            }
        } else if (n > 8 && !memcmp(p, "<item ", 6) && has(p, close, "transform="))
            st = fail_at(err, MEIRO_ERROR_PARSE, line, col,
                         "3D/3dmodel.model: a build item with a transform (meiro's have none)");
        for (const char *q = p; q < close; q++) /* an element over several lines */
            if (*q == '\n') line++, line_at = q + 1;
        p = close - 1;
    }
    free(xyz);
    if (st == MEIRO_OK && t->n == 0)
        st = fail(err, MEIRO_ERROR_PARSE, "3D/3dmodel.model has no triangles");
    return st;
}

/* ---- The section ---- */

/* A piece of the section on its line: the line's direction (angle in
 * [0, pi)) and offset, and the piece's span along it, its side. */
typedef struct piece {
    int64_t angle, offset; /* quantised */
    double theta, c, s0, s1;
    int side;
} piece;

static int by_line(const void *x, const void *y)
{
    const piece *a = x, *b = y;
    if (a->angle != b->angle) return a->angle < b->angle ? -1 : 1;
    if (a->offset != b->offset) return a->offset < b->offset ? -1 : 1;
    return a->s0 < b->s0 ? -1 : a->s0 > b->s0;
}

/* An end of a piece along its line: where, +1 starting, -1 ending, its
 * side. */
typedef struct event {
    double s;
    int delta, side;
} event;

static int by_s(const void *x, const void *y)
{
    const event *a = x, *b = y;
    return a->s < b->s ? -1 : a->s > b->s;
}

meiro_status solid_section(const solid_tris *t, double z, solid_section_cuts *out,
                           meiro_error *err)
{
    *out = (solid_section_cuts){0};
    piece *pc = alloc_array(t->n + 1, sizeof *pc);
    event *ev = alloc_array(2 * t->n + 2, sizeof *ev);
    solid_cut *raw = alloc_array(t->n + 1, sizeof *raw);
    size_t n = 0, cap = 0;
    meiro_status st = pc && ev && raw ? MEIRO_OK : nomem(err);
    for (size_t j = 0; st == MEIRO_OK && j < t->n; j++) {
        const float *v = t->v + 9 * j;
        double pts[2][2];
        int k = 0;
        for (int e = 0; e < 3 && k < 2; e++) {
            const float *a = v + 3 * e, *b = v + 3 * ((e + 1) % 3);
            bool above_a = a[2] >= z, above_b = b[2] >= z;
            if (above_a == above_b) continue;
            double f = (z - a[2]) / ((double)b[2] - a[2]);
            pts[k][0] = a[0] + f * ((double)b[0] - a[0]);
            pts[k][1] = a[1] + f * ((double)b[1] - a[1]);
            k++;
        }
        if (k < 2) continue;
        /* the outward normal's x and y: the material is away from them */
        double ux = (double)v[3] - v[0], uy = (double)v[4] - v[1], uz = (double)v[5] - v[2];
        double wx = (double)v[6] - v[0], wy = (double)v[7] - v[1], wz = (double)v[8] - v[2];
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz;
        double dx = pts[1][0] - pts[0][0], dy = pts[1][1] - pts[0][1], len = hypot(dx, dy);
        if (len < 1e-9 || hypot(nx, ny) < 1e-12) continue;
        /* on its line: direction in [0, pi), material on its left (+1) or right */
        int side = -dy * nx + dx * ny > 0 ? -1 : 1; /* left normal (-dy, dx) against n */
        raw[n] = (solid_cut){{pts[0][0], pts[0][1]}, {pts[1][0], pts[1][1]}, side};
        if (dy < 0 || (dy == 0 && dx < 0)) {
            double tmp[2] = {pts[0][0], pts[0][1]};
            memcpy(pts[0], pts[1], sizeof tmp), memcpy(pts[1], tmp, sizeof tmp);
            dx = -dx, dy = -dy, side = -side;
        }
        double theta = atan2(dy, dx), cs = cos(theta), sn = sin(theta);
        double c = -sn * pts[0][0] + cs * pts[0][1];
        double s0 = cs * pts[0][0] + sn * pts[0][1], s1 = cs * pts[1][0] + sn * pts[1][1];
        pc[n++] = (piece){llround(theta * 1e6), llround(c * 1e4), theta, c, s0, s1, side};
    }
    if (st == MEIRO_OK && n) qsort(pc, n, sizeof *pc, by_line);
    /* each line's pieces: where one side's faces meet the other's (two
     * parts, or a part's boxes, face to face) nothing is cut */
    for (size_t i = 0; st == MEIRO_OK && i < n;) {
        size_t j = i, m = 0;
        for (; j < n && pc[j].angle == pc[i].angle && pc[j].offset == pc[i].offset; j++) {
            ev[m++] = (event){pc[j].s0, 1, pc[j].side};
            ev[m++] = (event){pc[j].s1, -1, pc[j].side};
        }
        qsort(ev, m, sizeof *ev, by_s);
        int left = 0, right = 0;
        double from = 0;
        int open = 0; /* the side being cut from `from`, 0 none */
        for (size_t e = 0; e < m && st == MEIRO_OK; e++) {
            if (ev[e].side > 0) left += ev[e].delta;
            else right += ev[e].delta;
            bool last = e + 1 == m || ev[e + 1].s != ev[e].s;
            if (!last) continue;
            int now = (left > 0) != (right > 0) ? (left > 0 ? 1 : -1) : 0;
            if (now == open) continue;
            if (open && ev[e].s - from > 1e-7) {
                double cs = cos(pc[i].theta), sn = sin(pc[i].theta), c = pc[i].c;
                if (!vec_reserve(&out->cuts, &cap, out->count + 1, sizeof *out->cuts, 256)) {
                    st = nomem(err);
                    break;
                }
                solid_cut *k = &out->cuts[out->count++];
                k->a[0] = from * cs - c * sn, k->a[1] = from * sn + c * cs;
                k->b[0] = ev[e].s * cs - c * sn, k->b[1] = ev[e].s * sn + c * cs;
                k->side = open;
            }
            open = now, from = ev[e].s;
        }
        i = j;
    }
    free(pc);
    free(ev);
    out->raw = raw, out->raw_count = n;
    if (st != MEIRO_OK) solid_section_free(out);
    return st;
}

void solid_section_free(solid_section_cuts *s)
{
    free(s->cuts);
    free(s->raw);
    *s = (solid_section_cuts){0};
}
