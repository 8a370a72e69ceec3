/* The machines' files read back (fab.h): G-code, HP-GL, DXF R12, strictly,
 * every refusal at its line and column. */
#include "core/error.h"
#include "page/fab.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Coordinates past a metre and a half are no machine's (and keep every
 * sum finite). */
#define FAB_MAX_MM 1.0e5
#define MM_PER_INCH 25.4

/* A number as the formats write them: [+-] digits [. digits], or [+-] .
 * digits; `exponent`: DXF's E+02 too. Sets *len to the characters taken
 * (0: none). */
static bool number_at(const char *s, size_t left, bool exponent, double *v, size_t *len)
{
    size_t i = 0, digits = 0;
    if (i < left && (s[i] == '+' || s[i] == '-')) i++;
    while (i < left && isdigit((unsigned char)s[i])) i++, digits++;
    if (i < left && s[i] == '.')
        for (i++; i < left && isdigit((unsigned char)s[i]); i++) digits++;
    if (!digits) return *len = 0, false;
    if (exponent && i < left && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1, ed = 0;
        if (j < left && (s[j] == '+' || s[j] == '-')) j++;
        while (j < left && isdigit((unsigned char)s[j]) && ed < 4) j++, ed++;
        if (ed) i = j;
    }
    char buf[64];
    if (i >= sizeof buf) return *len = 0, false;
    memcpy(buf, s, i);
    buf[i] = 0;
    *v = strtod(buf, NULL);
    *len = i;
    return isfinite(*v);
}

/* The stroke being read: its points from `first`, when drawing. */
typedef struct stroke {
    plot *p;
    size_t first;
    bool drawing;
    unsigned layer, pen;
} stroke;

static bool stroke_end(stroke *s)
{
    if (!s->drawing) return true;
    s->drawing = false;
    size_t first = s->first;
    const double *a = s->p->points[first], *b = s->p->points[s->p->point_count - 1];
    bool closed = s->p->point_count - first > 2 && a[0] == b[0] && a[1] == b[1];
    return plot_line_end(s->p, first, s->layer, s->pen, closed);
}

/* A segment drawn from (x0, y0) to (x1, y1). */
static bool stroke_to(stroke *s, double x0, double y0, double x1, double y1)
{
    if (!s->drawing) {
        s->first = s->p->point_count;
        s->drawing = true;
        if (!plot_point(s->p, x0, y0)) return false;
    }
    return plot_point(s->p, x1, y1);
}

static meiro_status nomem(meiro_error *err)
{
    return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
}

static bool in_range(double v) { return fabs(v) <= FAB_MAX_MM; }

/* ---- G-code ---- */

meiro_status fab_read_gcode(const char *text, size_t size, plot *p, meiro_error *err)
{
    stroke st = {.p = p, .layer = PLOT_CUT};
    double x = 0, y = 0, z = 0, scale = 1;
    bool relative = false, uses_z = false, spindle = false, ended = false;
    int motion = -1;
    size_t line = 1;
    for (size_t at = 0; at < size && !ended; line++) {
        size_t end = at;
        while (end < size && text[end] != '\n') end++;
        double nx = x, ny = y, nz = z;
        bool moved = false, pause = false;
        for (size_t i = at; i < end;) {
            unsigned long col = (unsigned long)(i - at + 1);
            char c = (char)toupper((unsigned char)text[i]);
            if (c == ' ' || c == '\t' || c == '\r') {
                i++;
                continue;
            }
            if (c == ';' || c == '%') break; /* a comment to the line's end; % a tape's mark */
            if (c == '(') {
                while (i < end && text[i] != ')') i++;
                if (i == end)
                    return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                                   "a comment '(' without its ')'");
                i++;
                continue;
            }
            if (!strchr("GMXYZFSPTN", c) || !isalpha((unsigned char)c))
                return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                               "'%c' is not a G-code word meiro reads (G, M, X, Y, Z, F, S, P, "
                               "T, N)",
                               isprint((unsigned char)text[i]) ? text[i] : '?');
            double v;
            size_t len;
            if (!number_at(text + i + 1, end - i - 1, false, &v, &len))
                return fail_at(err, MEIRO_ERROR_PARSE, line, col, "'%c' without its number", c);
            i += 1 + len;
            if (c == 'G') {
                if (v == 0 || v == 1) motion = (int)v;
                else if (v == 20) scale = MM_PER_INCH;
                else if (v == 21) scale = 1;
                else if (v == 90) relative = false;
                else if (v == 91) relative = true;
                else if (v == 2 || v == 3)
                    return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                                   "G%g: arcs are not read (meiro writes lines: G0 and G1)", v);
                else if (v != 4 && v != 17 && v != 94)
                    return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                                   "G%g is not read (G0, G1, G4, G17, G20, G21, G90, G91, G94)", v);
            } else if (c == 'M') {
                if (v == 3 || v == 4) spindle = true;
                else if (v == 5) spindle = false;
                else if (v == 0 || v == 1 || v == 6) pause = true;
                else if (v == 2 || v == 30) ended = true;
                else
                    return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                                   "M%g is not read (M0, M1, M2, M3, M4, M5, M6, M30)", v);
            } else if (c == 'X' || c == 'Y' || c == 'Z') {
                double *to = c == 'X' ? &nx : c == 'Y' ? &ny : &nz;
                const double *from = c == 'X' ? &x : c == 'Y' ? &y : &z;
                *to = (relative ? *from : 0) + v * scale;
                if (!in_range(*to))
                    return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                                   "%c%g: past %g mm from the origin", c, v, FAB_MAX_MM);
                moved = true;
                if (c == 'Z') uses_z = true;
            }
        }
        at = end + 1;
        bool down = uses_z ? nz <= 0 : spindle;
        if (pause && st.drawing && !stroke_end(&st)) return nomem(err);
        if (pause && p->line_count && p->lines[p->line_count - 1].pen == st.pen) st.pen++;
        if (moved && (nx != x || ny != y)) {
            if (motion < 0)
                return fail_at(err, MEIRO_ERROR_PARSE, line, 1, "a move before G0 or G1");
            if (down && !stroke_to(&st, x, y, nx, ny)) return nomem(err);
            if (!down && !stroke_end(&st)) return nomem(err);
        } else if (!down && !stroke_end(&st)) return nomem(err);
        x = nx, y = ny, z = nz;
    }
    if (!stroke_end(&st) || p->failed) return nomem(err);
    return MEIRO_OK;
}

/* ---- HP-GL ---- */

/* HP-GL's plotter unit: 0.025 mm */
#define HPGL_UNIT_MM 0.025

meiro_status fab_read_hpgl(const char *text, size_t size, plot *p, meiro_error *err)
{
    stroke st = {.p = p, .layer = PLOT_CUT};
    double x = 0, y = 0;
    bool down = false, relative = false;
    size_t line = 1, line_at = 0, pens = 0;
    for (size_t i = 0; i < size;) {
        char c = text[i];
        if (c == '\n') {
            line++, line_at = ++i;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == ';') {
            i++;
            continue;
        }
        unsigned long col = (unsigned long)(i - line_at + 1);
        if (i + 1 >= size || !isalpha((unsigned char)c) || !isalpha((unsigned char)text[i + 1]))
            return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                           "not an HP-GL instruction (two letters, then numbers)");
        char op[3] = {(char)toupper((unsigned char)c), (char)toupper((unsigned char)text[i + 1]),
                      0};
        i += 2;
        /* the parameters: numbers apart by commas or spaces, to ';' or the
         * next instruction */
        double v[2];
        size_t n = 0;
        bool pu = !strcmp(op, "PU"), pd = !strcmp(op, "PD"), pa = !strcmp(op, "PA"),
             pr = !strcmp(op, "PR");
        if (pu) down = false;
        if (pd) down = true;
        if (pa) relative = false;
        if (pr) relative = true;
        if (pu && !stroke_end(&st)) return nomem(err);
        bool known = pu || pd || pa || pr || !strcmp(op, "IN") || !strcmp(op, "SP") ||
                     !strcmp(op, "DF") || !strcmp(op, "VS") || !strcmp(op, "LT") ||
                     !strcmp(op, "SC") || !strcmp(op, "IP");
        if (!known)
            return fail_at(err, MEIRO_ERROR_PARSE, line, col,
                           "%s is not read (IN, DF, SP, PU, PD, PA, PR, VS, LT, SC, IP)", op);
        size_t params = 0;
        while (i < size && text[i] != ';' && !isalpha((unsigned char)text[i])) {
            if (text[i] == ',' || text[i] == ' ' || text[i] == '\r' || text[i] == '\t') {
                i++;
                continue;
            }
            if (text[i] == '\n') {
                line++, line_at = ++i;
                continue;
            }
            size_t len;
            unsigned long pcol = (unsigned long)(i - line_at + 1);
            if (!number_at(text + i, size - i, false, &v[n], &len))
                return fail_at(err, MEIRO_ERROR_PARSE, line, pcol, "%s: not a number", op);
            i += len;
            params++;
            if (!strcmp(op, "SP")) {
                if (params > 1 || v[0] < 0 || v[0] > 255 || v[0] != floor(v[0]))
                    return fail_at(err, MEIRO_ERROR_PARSE, line, pcol,
                                   "SP takes one pen number, 0 to 255");
                if (!stroke_end(&st)) return nomem(err);
                if (v[0] > 0 && pens++ > 0) st.pen++; /* SP0 puts the pen away */
                continue;
            }
            if (!(pu || pd || pa || pr)) continue; /* a setting's numbers */
            if (++n < 2) continue;
            n = 0;
            double nx = (relative ? x : 0) + v[0] * HPGL_UNIT_MM;
            double ny = (relative ? y : 0) + v[1] * HPGL_UNIT_MM;
            if (!in_range(nx) || !in_range(ny))
                return fail_at(err, MEIRO_ERROR_PARSE, line, pcol, "%s: past %g mm", op,
                               FAB_MAX_MM);
            if (down && (nx != x || ny != y) && !stroke_to(&st, x, y, nx, ny)) return nomem(err);
            x = nx, y = ny;
        }
        if (n) return fail_at(err, MEIRO_ERROR_PARSE, line, col, "%s: an x without its y", op);
    }
    if (!stroke_end(&st) || p->failed) return nomem(err);
    return MEIRO_OK;
}

/* ---- DXF ---- */

/* A group: its code and value, and the value's line. */
typedef struct dxf {
    const char *text;
    size_t size, at, line;
    int code;
    const char *value;
    size_t len, value_line;
} dxf;

/* The next line: [start, start + len) without its end; false at the end. */
static bool dxf_line(dxf *d, const char **start, size_t *len)
{
    if (d->at >= d->size) return false;
    const char *s = d->text + d->at;
    size_t n = 0;
    while (d->at + n < d->size && s[n] != '\n') n++;
    d->at += n + 1;
    d->line++;
    if (n && s[n - 1] == '\r') n--;
    while (n && (*s == ' ' || *s == '\t')) s++, n--; /* codes are right-aligned */
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
    *start = s, *len = n;
    return true;
}

/* The next group; 1 read, 0 at the end of the text, -1 malformed. */
static int dxf_next(dxf *d, meiro_error *err)
{
    const char *s;
    size_t n;
    if (!dxf_line(d, &s, &n)) return 0;
    double v;
    size_t len;
    if (!number_at(s, n, false, &v, &len) || len != n || v < 0 || v > 1071 || v != floor(v)) {
        fail_at(err, MEIRO_ERROR_PARSE, d->line, 1, "a group code (0 to 1071) was expected");
        return -1;
    }
    d->code = (int)v;
    if (!dxf_line(d, &d->value, &d->len)) {
        fail_at(err, MEIRO_ERROR_PARSE, d->line + 1, 1, "group %d without its value", d->code);
        return -1;
    }
    d->value_line = d->line;
    return 1;
}

static bool dxf_is(const dxf *d, int code, const char *value)
{
    return d->code == code && d->len == strlen(value) && !memcmp(d->value, value, d->len);
}

static bool dxf_number(const dxf *d, double *v, meiro_error *err)
{
    size_t len;
    if (number_at(d->value, d->len, true, v, &len) && len == d->len && in_range(*v)) return true;
    fail_at(err, MEIRO_ERROR_PARSE, d->value_line, 1, "group %d: a number within %g was expected",
            d->code, FAB_MAX_MM);
    return false;
}

/* An entity's groups up to the next 0: its layer, points (10/20 and
 * 11/21, or every 10/20 of an LWPOLYLINE) and flags (70). */
typedef struct entity {
    unsigned layer;
    double a[2], b[2];
    int flags;
} entity;

/* The groups of one entity, into e; LWPOLYLINE's vertices into p as a
 * line. 1 at the next entity, 0 at the text's end, -1 malformed. */
static int dxf_entity(dxf *d, entity *e, plot *p, bool lw, meiro_error *err)
{
    *e = (entity){.layer = PLOT_CUT};
    size_t first = p->point_count, xs = 0;
    double x = 0;
    int r;
    while ((r = dxf_next(d, err)) == 1 && d->code != 0) {
        double v = 0;
        bool coordinate = d->code == 10 || d->code == 20 || d->code == 11 || d->code == 21;
        if ((coordinate || d->code == 70) && !dxf_number(d, &v, err)) return -1;
        if (d->code == 8)
            e->layer = d->len == 7 && !memcmp(d->value, "ENGRAVE", 7) ? PLOT_ENGRAVE : PLOT_CUT;
        else if (d->code == 70) e->flags = (int)v;
        else if (lw && d->code == 10) x = v, xs++;
        else if (lw && d->code == 20) {
            if (xs != p->point_count - first + 1) {
                fail_at(err, MEIRO_ERROR_PARSE, d->value_line, 1, "a 20 (y) without its 10 (x)");
                return -1;
            }
            if (!plot_point(p, x, v)) return -1;
        } else if (coordinate)
            (d->code == 10   ? e->a
             : d->code == 20 ? e->a + 1
             : d->code == 11 ? e->b
                             : e->b + 1)[0] = v;
    }
    return r;
}

meiro_status fab_read_dxf(const char *text, size_t size, plot *p, meiro_error *err)
{
    dxf d = {text, size, 0, 0, 0, NULL, 0, 0};
    double scale = 1;
    bool entities = false, header = false, ended = false;
    int r = dxf_next(&d, err);
    while (r == 1 && !ended) {
        if (d.code == 999) { /* a comment */
            r = dxf_next(&d, err);
            continue;
        }
        if (dxf_is(&d, 0, "SECTION")) {
            if ((r = dxf_next(&d, err)) != 1) break;
            entities = dxf_is(&d, 2, "ENTITIES");
            header = dxf_is(&d, 2, "HEADER");
            r = dxf_next(&d, err);
            continue;
        }
        if (dxf_is(&d, 0, "ENDSEC")) {
            entities = header = false;
            r = dxf_next(&d, err);
            continue;
        }
        if (dxf_is(&d, 0, "EOF")) {
            ended = true;
            break;
        }
        if (header && dxf_is(&d, 9, "$INSUNITS")) {
            double units = 0;
            if ((r = dxf_next(&d, err)) != 1) break;
            if (d.code != 70 || !dxf_number(&d, &units, err)) {
                if (d.code != 70)
                    fail_at(err, MEIRO_ERROR_PARSE, d.value_line, 1, "$INSUNITS without its 70");
                return MEIRO_ERROR_PARSE;
            }
            /* 0 unitless (taken as mm), 1 inches, 4 mm, 5 cm */
            if (units == 1) scale = MM_PER_INCH;
            else if (units == 5) scale = 10;
            else if (units != 0 && units != 4)
                return fail_at(err, MEIRO_ERROR_PARSE, d.value_line, 1,
                               "$INSUNITS %g: meiro reads millimetres, centimetres or inches",
                               units);
            r = dxf_next(&d, err);
            continue;
        }
        if (!entities || d.code != 0) {
            r = dxf_next(&d, err);
            continue;
        }
        size_t at_line = d.line - 1;
        bool line = dxf_is(&d, 0, "LINE"), poly = dxf_is(&d, 0, "POLYLINE"),
             lw = dxf_is(&d, 0, "LWPOLYLINE");
        if (!line && !poly && !lw) {
            static const char *const flat[] = {"TEXT", "MTEXT", "POINT"};
            bool skip = false;
            for (size_t k = 0; k < sizeof flat / sizeof *flat; k++) skip |= dxf_is(&d, 0, flat[k]);
            if (!skip)
                return fail_at(err, MEIRO_ERROR_PARSE, at_line, 1,
                               "an entity %.*s: meiro's checks read LINE, POLYLINE and "
                               "LWPOLYLINE (TEXT, MTEXT and POINT left aside)",
                               (int)(d.len > 40 ? 40 : d.len), d.value);
        }
        entity e;
        size_t first = p->point_count;
        r = dxf_entity(&d, &e, p, lw, err);
        if (r < 0) return p->failed ? nomem(err) : MEIRO_ERROR_PARSE;
        if (line) {
            if (!plot_point(p, e.a[0] * scale, e.a[1] * scale) ||
                !plot_point(p, e.b[0] * scale, e.b[1] * scale) ||
                !plot_line_end(p, first, e.layer, 0, false))
                return nomem(err);
        } else if (lw) {
            for (size_t k = first; k < p->point_count; k++)
                p->points[k][0] *= scale, p->points[k][1] *= scale;
            bool closed = e.flags & 1 && p->point_count - first > 2;
            if ((closed && !plot_point(p, p->points[first][0], p->points[first][1])) ||
                !plot_line_end(p, first, e.layer, 0, closed))
                return nomem(err);
        } else if (poly) {
            /* its VERTEXes to SEQEND */
            while (r == 1 && dxf_is(&d, 0, "VERTEX")) {
                entity v;
                if ((r = dxf_entity(&d, &v, p, false, err)) < 0) return MEIRO_ERROR_PARSE;
                if (!plot_point(p, v.a[0] * scale, v.a[1] * scale)) return nomem(err);
            }
            if (r != 1 || !dxf_is(&d, 0, "SEQEND"))
                return fail_at(err, MEIRO_ERROR_PARSE, r == 1 ? d.line - 1 : d.line, 1,
                               "the POLYLINE of line %zu has no SEQEND after its VERTEXes",
                               at_line);
            bool closed = e.flags & 1 && p->point_count - first > 2;
            if ((closed && !plot_point(p, p->points[first][0], p->points[first][1])) ||
                !plot_line_end(p, first, e.layer, 0, closed))
                return nomem(err);
            r = dxf_next(&d, err);
            while (r == 1 && d.code != 0) r = dxf_next(&d, err); /* SEQEND's groups */
        }
    }
    if (r < 0) return MEIRO_ERROR_PARSE;
    if (!ended)
        return fail_at(err, MEIRO_ERROR_PARSE, d.line ? d.line : 1, 1,
                       "the DXF ends without its 0 EOF");
    return p->failed ? nomem(err) : MEIRO_OK;
}

/* ---- SVG ---- */

/* An affine matrix (a b c d e f, SVG's order): x' = a x + c y + e. */
typedef struct affine {
    double m[6];
} affine;

static affine affine_mul(affine p, affine q) /* p after q */
{
    const double *a = p.m, *b = q.m;
    return (affine){{a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
                     a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
                     a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5]}};
}

/* Where an offset into the text is: its line and column. */
static void line_col(const char *text, size_t at, unsigned long *line, unsigned long *col)
{
    *line = 1, *col = 1;
    for (size_t i = 0; i < at; i++) {
        if (text[i] == '\n') ++*line, *col = 1;
        else ++*col;
    }
}

static meiro_status svg_fail(const char *text, const char *at, meiro_error *err, const char *what)
{
    unsigned long line, col;
    line_col(text, (size_t)(at - text), &line, &col);
    return fail_at(err, MEIRO_ERROR_PARSE, line, col, "%s", what);
}

/* The value of attribute `key` of the element [s, e) (without quotes):
 * its start and length; false if absent. */
static bool svg_attr(const char *s, const char *e, const char *key, const char **v, size_t *len)
{
    size_t k = strlen(key);
    for (const char *p = s + 1; p + k + 2 < e; p++) {
        if (memcmp(p, key, k) || p[k] != '=' || (p[k + 1] != '"' && p[k + 1] != '\'') ||
            !isspace((unsigned char)p[-1]))
            continue;
        const char *from = p + k + 2, *to = memchr(from, p[k + 1], (size_t)(e - from));
        if (!to) return false;
        *v = from, *len = (size_t)(to - from);
        return true;
    }
    return false;
}

/* Numbers of an attribute or a path: apart by spaces and commas. */
static bool svg_number(const char **p, const char *end, double *v)
{
    while (*p < end && (isspace((unsigned char)**p) || **p == ',')) ++*p;
    size_t len;
    if (!number_at(*p, (size_t)(end - *p), true, v, &len)) return false;
    *p += len;
    return fabs(*v) <= FAB_MAX_MM * 100;
}

/* A transform attribute: matrix, translate, scale, rotate, in turn. */
static bool svg_transform(const char *s, size_t len, affine *t)
{
    const char *p = s, *end = s + len;
    *t = (affine){{1, 0, 0, 1, 0, 0}};
    while (p < end) {
        while (p < end && (isspace((unsigned char)*p) || *p == ',')) p++;
        if (p == end) break;
        static const char *const names[] = {"matrix", "translate", "scale", "rotate"};
        int kind = -1;
        for (int k = 0; k < 4 && kind < 0; k++)
            if ((size_t)(end - p) > strlen(names[k]) && !memcmp(p, names[k], strlen(names[k])))
                kind = k, p += strlen(names[k]);
        while (p < end && isspace((unsigned char)*p)) p++;
        if (kind < 0 || p == end || *p++ != '(') return false;
        double v[6];
        int n = 0;
        while (n < 6 && svg_number(&p, end, &v[n])) n++;
        while (p < end && isspace((unsigned char)*p)) p++;
        if (p == end || *p++ != ')') return false;
        affine m = {{1, 0, 0, 1, 0, 0}};
        if (kind == 0 && n == 6) memcpy(m.m, v, sizeof v);
        else if (kind == 1 && (n == 1 || n == 2)) m.m[4] = v[0], m.m[5] = n == 2 ? v[1] : 0;
        else if (kind == 2 && (n == 1 || n == 2)) m.m[0] = v[0], m.m[3] = n == 2 ? v[1] : v[0];
        else if (kind == 3 && n == 1) {
            double a = v[0] * 3.141592653589793 / 180;
            m = (affine){{cos(a), sin(a), -sin(a), cos(a), 0, 0}};
        } else return false;
        *t = affine_mul(*t, m);
    }
    return true;
}

/* How an element is painted: stroked (its colour's text), filled, or
 * neither; from its style and its stroke and fill attributes. */
typedef struct svg_paint {
    char colour[64]; /* "" for the walls' black (as long as a stroke's text) */
    bool stroke, fill, white;
} svg_paint;

static void svg_paint_of(const char *s, const char *e, svg_paint *pt)
{
    *pt = (svg_paint){"", false, true, false};
    const char *v;
    size_t len;
    char style[512] = "";
    if (svg_attr(s, e, "style", &v, &len)) snprintf(style, sizeof style, "%.*s", (int)len, v);
    char stroke[64] = "", fill[64] = "";
    const char *at = strstr(style, "stroke:");
    while (at && at > style && at[-1] != ';' && !isspace((unsigned char)at[-1]))
        at = strstr(at + 1, "stroke:");
    if (at) snprintf(stroke, sizeof stroke, "%.*s", (int)strcspn(at + 7, ";"), at + 7);
    else if (svg_attr(s, e, "stroke", &v, &len))
        snprintf(stroke, sizeof stroke, "%.*s", (int)len, v);
    at = strstr(style, "fill:");
    if (at) snprintf(fill, sizeof fill, "%.*s", (int)strcspn(at + 5, ";"), at + 5);
    else if (svg_attr(s, e, "fill", &v, &len)) snprintf(fill, sizeof fill, "%.*s", (int)len, v);
    pt->stroke = stroke[0] && strcmp(stroke, "none") != 0;
    pt->fill = strcmp(fill, "none") != 0;
    pt->white =
        !strcmp(fill, "rgb(100%,100%,100%)") || !strcmp(fill, "#ffffff") || !strcmp(fill, "white");
    /* the colour, to tell pens apart: a shape filled in the paper's white
     * (S's and G's plates) is drawn as its outline in black, as meiro's
     * machines draw it */
    if (pt->stroke || !pt->white)
        snprintf(pt->colour, sizeof pt->colour, "%s", pt->stroke ? stroke : fill);
}

/* The pens seen: their colours' texts, in order. */
typedef struct svg_pens {
    char colour[PLOT_PENS][64];
    unsigned n;
} svg_pens;

static unsigned svg_pen(svg_pens *pens, const svg_paint *pt)
{
    const char *c = pt->colour[0] ? pt->colour : "rgb(0%,0%,0%)";
    for (unsigned k = 0; k < pens->n; k++)
        if (!strcmp(pens->colour[k], c)) return k;
    if (pens->n == PLOT_PENS) return PLOT_PENS - 1;
    snprintf(pens->colour[pens->n], sizeof pens->colour[0], "%s", c);
    return pens->n++;
}

/* An SVG arc from (x0, y0) to (x1, y1), radii rx, ry turned phi degrees,
 * as chords into p through t (SVG 1.1's implementation notes F.6: the
 * centre from the end points; radii too small scaled up). */
static bool svg_arc(plot *p, affine t, double x0, double y0, double rx, double ry, double phi,
                    bool large, bool sweep, double x1, double y1)
{
    rx = fabs(rx), ry = fabs(ry);
    if (rx == 0 || ry == 0 || (x0 == x1 && y0 == y1))
        return plot_point(p, t.m[0] * x1 + t.m[2] * y1 + t.m[4],
                          t.m[1] * x1 + t.m[3] * y1 + t.m[5]);
    double a = phi * 3.141592653589793 / 180, ca = cos(a), sa = sin(a);
    double dx = (x0 - x1) / 2, dy = (y0 - y1) / 2;
    double px = ca * dx + sa * dy, py = -sa * dx + ca * dy;
    double lambda = px * px / (rx * rx) + py * py / (ry * ry);
    if (lambda > 1) rx *= sqrt(lambda), ry *= sqrt(lambda);
    double num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px;
    double den = rx * rx * py * py + ry * ry * px * px;
    double k = den > 0 && num > 0 ? sqrt(num / den) : 0;
    if (large == sweep) k = -k;
    double cpx = k * rx * py / ry, cpy = -k * ry * px / rx;
    double cx = ca * cpx - sa * cpy + (x0 + x1) / 2, cy = sa * cpx + ca * cpy + (y0 + y1) / 2;
    double t0 = atan2((py - cpy) / ry, (px - cpx) / rx);
    double t1 = atan2((-py - cpy) / ry, (-px - cpx) / rx), dt = t1 - t0;
    if (sweep && dt < 0) dt += 2 * 3.141592653589793;
    if (!sweep && dt > 0) dt -= 2 * 3.141592653589793;
    /* chords within PLOT_TOL_MM of the larger radius (in the file's units) */
    double r = fmax(rx, ry), step = r > PLOT_TOL_MM ? 2 * acos(1 - PLOT_TOL_MM / r) : 1;
    int n = (int)fmin(1024, fmax(1, ceil(fabs(dt) / step)));
    for (int i = 1; i <= n; i++) {
        double u = t0 + dt * i / n;
        double ex = i == n ? x1 : cx + rx * cos(u) * ca - ry * sin(u) * sa;
        double ey = i == n ? y1 : cy + rx * cos(u) * sa + ry * sin(u) * ca;
        if (!plot_point(p, t.m[0] * ex + t.m[2] * ey + t.m[4], t.m[1] * ex + t.m[3] * ey + t.m[5]))
            return false;
    }
    return true;
}

/* A path's d into p's lines, through t; curves in 16 chords, arcs within
 * PLOT_TOL_MM. */
static meiro_status svg_path(const char *text, const char *d, size_t len, affine t, unsigned layer,
                             unsigned pen, plot *p, meiro_error *err)
{
    const char *s = d, *end = d + len;
    double x = 0, y = 0, sx = 0, sy = 0, cx = 0, cy = 0; /* pen, sub-path start, last control */
    char cmd = 0, last = 0;
    size_t first = p->point_count;
    bool open = false;
#define PUT(px, py)                                                                                \
    do {                                                                                           \
        double px_ = (px), py_ = (py);                                                             \
        if (!plot_point(p, t.m[0] * px_ + t.m[2] * py_ + t.m[4],                                   \
                        t.m[1] * px_ + t.m[3] * py_ + t.m[5]))                                     \
            return nomem(err);                                                                     \
    } while (0)
    for (;;) {
        while (s < end && (isspace((unsigned char)*s) || *s == ',')) s++;
        if (s == end) break;
        if (isalpha((unsigned char)*s)) {
            cmd = *s++;
            if (!strchr("MmLlHhVvCcSsQqTtAaZz", cmd))
                return svg_fail(text, s - 1, err,
                                "not a path command (M, L, H, V, C, S, Q, T, A, Z)");
            if (cmd == 'Z' || cmd == 'z') {
                if (open) {
                    PUT(sx, sy);
                    if (!plot_line_end(p, first, layer, pen, true)) return nomem(err);
                }
                open = false, x = sx, y = sy, last = 'Z';
                continue;
            }
        } else if (!cmd) return svg_fail(text, s, err, "a path starts with a command (M)");
        static const int arity[128] = {['M'] = 2, ['L'] = 2, ['H'] = 1, ['V'] = 1, ['C'] = 6,
                                       ['S'] = 4, ['Q'] = 4, ['T'] = 2, ['A'] = 7};
        char up = (char)toupper((unsigned char)cmd);
        if (up == 'Z') return svg_fail(text, s, err, "numbers after Z");
        double v[7];
        const char *args = s;
        for (int k = 0; k < arity[(int)up]; k++)
            if (!svg_number(&s, end, &v[k]))
                return svg_fail(text, s, err, "a path's number was expected");
        bool rel = cmd != up;
        double ox = rel ? x : 0, oy = rel ? y : 0;
        if (up == 'M') {
            if (open && !plot_line_end(p, first, layer, pen, false)) return nomem(err);
            x = ox + v[0], y = oy + v[1], sx = x, sy = y;
            first = p->point_count, open = true;
            PUT(x, y);
            cmd = rel ? 'l' : 'L'; /* pairs after a move are lines */
            last = 'M';
            continue;
        }
        if (!open) { /* after Z, drawing goes on from the sub-path's start */
            first = p->point_count, open = true;
            PUT(x, y);
        }
        double nx = x, ny = y, c1x, c1y, c2x, c2y;
        if (up == 'L') nx = ox + v[0], ny = oy + v[1];
        else if (up == 'H') nx = ox + v[0];
        else if (up == 'V') ny = (rel ? y : 0) + v[0];
        if (up == 'L' || up == 'H' || up == 'V') {
            x = nx, y = ny, last = up;
            PUT(x, y);
            continue;
        }
        if (up == 'A') {
            if ((v[3] != 0 && v[3] != 1) || (v[4] != 0 && v[4] != 1))
                return svg_fail(text, args, err, "an arc's flags are 0 or 1");
            nx = ox + v[5], ny = oy + v[6];
            if (!svg_arc(p, t, x, y, v[0], v[1], v[2], v[3] != 0, v[4] != 0, nx, ny))
                return nomem(err);
            x = nx, y = ny, last = up;
            continue;
        }
        bool smooth_c = up == 'S' && (last == 'C' || last == 'S');
        bool smooth_q = up == 'T' && (last == 'Q' || last == 'T');
        if (up == 'C')
            c1x = ox + v[0], c1y = oy + v[1], c2x = ox + v[2], c2y = oy + v[3], nx = ox + v[4],
            ny = oy + v[5];
        else if (up == 'S') {
            c1x = smooth_c ? 2 * x - cx : x, c1y = smooth_c ? 2 * y - cy : y;
            c2x = ox + v[0], c2y = oy + v[1], nx = ox + v[2], ny = oy + v[3];
        } else { /* Q, T: raised to cubic */
            double qx = up == 'Q' ? ox + v[0] : smooth_q ? 2 * x - cx : x;
            double qy = up == 'Q' ? oy + v[1] : smooth_q ? 2 * y - cy : y;
            nx = up == 'Q' ? ox + v[2] : ox + v[0], ny = up == 'Q' ? oy + v[3] : oy + v[1];
            c1x = x + 2 * (qx - x) / 3, c1y = y + 2 * (qy - y) / 3;
            c2x = nx + 2 * (qx - nx) / 3, c2y = ny + 2 * (qy - ny) / 3;
            cx = qx, cy = qy; /* a quadratic's control, for T */
        }
        for (int k = 1; k <= 16; k++) {
            double u = k / 16.0, w = 1 - u;
            PUT(w * w * w * x + 3 * w * w * u * c1x + 3 * w * u * u * c2x + u * u * u * nx,
                w * w * w * y + 3 * w * w * u * c1y + 3 * w * u * u * c2y + u * u * u * ny);
        }
        if (up == 'C' || up == 'S') cx = c2x, cy = c2y;
        x = nx, y = ny, last = up;
    }
#undef PUT
    if (open && !plot_line_end(p, first, layer, pen, false)) return nomem(err);
    return MEIRO_OK;
}

/* A length of the svg element's width or height in mm ("297mm", "842pt",
 * "800" px). */
static bool svg_length_mm(const char *v, size_t len, double *mm)
{
    const char *p = v;
    if (!svg_number(&p, v + len, mm) || !(*mm > 0)) return false;
    size_t unit = (size_t)(v + len - p);
    static const struct {
        const char *name;
        double mm;
    } units[] = {{"mm", 1},         {"cm", 10},        {"in", 25.4},
                 {"pt", 25.4 / 72}, {"px", 25.4 / 96}, {"", 25.4 / 96}};
    for (size_t k = 0; k < sizeof units / sizeof *units; k++)
        if (unit == strlen(units[k].name) && !memcmp(p, units[k].name, unit)) {
            *mm *= units[k].mm;
            return true;
        }
    return false;
}

meiro_status fab_read_svg(const char *text, size_t size, plot *p, meiro_error *err)
{
    enum { DEPTH = 64 };
    affine stack[DEPTH];
    size_t depth = 0, hidden = 0; /* inside defs, symbol, clipPath, mask: not drawn */
    svg_pens pens = {0};
    bool seen_svg = false;
    const char *end = text + size;
    for (const char *s = text; s < end;) {
        const char *lt = memchr(s, '<', (size_t)(end - s));
        if (!lt) break;
        if ((size_t)(end - lt) >= 4 && !memcmp(lt, "<!--", 4)) {
            const char *close = NULL;
            for (const char *q = lt + 4; q + 3 <= end && !close; q++)
                if (!memcmp(q, "-->", 3)) close = q;
            if (!close) return svg_fail(text, lt, err, "a comment without its end");
            s = close + 3;
            continue;
        }
        const char *gt = memchr(lt, '>', (size_t)(end - lt));
        if (!gt) return svg_fail(text, lt, err, "an element without its '>'");
        s = gt + 1;
        if (lt[1] == '?' || lt[1] == '!') continue;
        bool closing = lt[1] == '/', empty = gt[-1] == '/';
        const char *name = lt + 1 + closing;
        size_t name_len = strcspn(name, " \t\r\n/>");
        if (closing) {
            if (!depth) return svg_fail(text, lt, err, "an end tag without its element");
            depth--;
            if (hidden > depth) hidden = 0;
            continue;
        }
#define IS(n) (name_len == strlen(n) && !memcmp(name, n, name_len))
        affine here = depth ? stack[depth - 1] : (affine){{1, 0, 0, 1, 0, 0}};
        const char *v;
        size_t len;
        if (IS("svg") && !seen_svg) {
            seen_svg = true;
            double w = 0, h = 0, vb[4];
            bool sized = svg_attr(lt, gt, "width", &v, &len) && svg_length_mm(v, len, &w) &&
                         svg_attr(lt, gt, "height", &v, &len) && svg_length_mm(v, len, &h);
            if (!sized)
                return svg_fail(text, lt, err, "the svg element needs a width and a height");
            if (svg_attr(lt, gt, "viewBox", &v, &len)) {
                const char *q = v;
                int n = 0;
                while (n < 4 && svg_number(&q, v + len, &vb[n])) n++;
                if (n != 4 || vb[2] <= 0 || vb[3] <= 0)
                    return svg_fail(text, lt, err, "a viewBox is four numbers, a size above 0");
                here =
                    (affine){{w / vb[2], 0, 0, h / vb[3], -vb[0] * w / vb[2], -vb[1] * h / vb[3]}};
            } else here = (affine){{25.4 / 96, 0, 0, 25.4 / 96, 0, 0}};
        }
        if (!seen_svg) return svg_fail(text, lt, err, "not an SVG: its first element is not svg");
        if (svg_attr(lt, gt, "transform", &v, &len)) {
            affine t;
            if (!svg_transform(v, len, &t))
                return svg_fail(text, v, err,
                                "a transform meiro does not read (matrix, translate, scale, "
                                "rotate)");
            here = affine_mul(here, t);
        }
        bool hides = IS("defs") || IS("symbol") || IS("clipPath") || IS("mask") || IS("pattern") ||
                     IS("marker");
        if (!empty) {
            if (depth == DEPTH) return svg_fail(text, lt, err, "elements nested past 64");
            if (hides && !hidden) hidden = depth + 1;
            stack[depth++] = here;
        }
        if (hidden || hides) continue;
        if (IS("use") || IS("image") || IS("text")) {
            p->texts += IS("image") ? 0 : 1;
            p->pictures += IS("image");
            continue;
        }
        svg_paint pt;
        svg_paint_of(lt, gt, &pt);
        if (!pt.stroke && (!pt.fill || pt.white) && IS("rect")) continue; /* the paper */
        if (!pt.stroke && !pt.fill) continue;
        unsigned layer = pt.stroke ? PLOT_CUT : PLOT_ENGRAVE;
        meiro_status st = MEIRO_OK;
        if (IS("path")) { /* a pen for what draws (not the svg or a group element) */
            if (!svg_attr(lt, gt, "d", &v, &len)) continue;
            st = svg_path(text, v, len, here, layer, svg_pen(&pens, &pt), p, err);
        } else if (IS("rect") || IS("line") || IS("polyline") || IS("polygon") || IS("circle") ||
                   IS("ellipse"))
            st =
                svg_fail(text, lt, err, "an SVG shape other than a path: meiro's files draw paths");
        if (st != MEIRO_OK) return st;
#undef IS
    }
    if (!seen_svg) return fail_at(err, MEIRO_ERROR_PARSE, 1, 1, "not an SVG: no svg element");
    return p->failed ? nomem(err) : MEIRO_OK;
}
