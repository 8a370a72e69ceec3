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

static meiro_status nomem(meiro_error *err) { return fail(err, MEIRO_ERROR_NOMEM, "out of memory"); }

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
                                   "G%g is not read (G0, G1, G4, G17, G20, G21, G90, G91, G94)",
                                   v);
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
                           "%s is not read (IN, DF, SP, PU, PD, PA, PR, VS, LT)", op);
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
        if (n)
            return fail_at(err, MEIRO_ERROR_PARSE, line, col, "%s: an x without its y", op);
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
    fail_at(err, MEIRO_ERROR_PARSE, d->value_line, 1,
            "group %d: a number within %g was expected", d->code, FAB_MAX_MM);
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
        if (d->code == 8) e->layer = d->len == 7 && !memcmp(d->value, "ENGRAVE", 7) ? PLOT_ENGRAVE
                                                                                     : PLOT_CUT;
        else if (d->code == 70) e->flags = (int)v;
        else if (lw && d->code == 10) x = v, xs++;
        else if (lw && d->code == 20) {
            if (xs != p->point_count - first + 1) {
                fail_at(err, MEIRO_ERROR_PARSE, d->value_line, 1, "a 20 (y) without its 10 (x)");
                return -1;
            }
            if (!plot_point(p, x, v)) return -1;
        } else if (coordinate)
            (d->code == 10 ? e->a : d->code == 20 ? e->a + 1 : d->code == 11 ? e->b : e->b + 1)[0] =
                v;
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
