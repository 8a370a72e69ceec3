/* meiro preflight: a PDF checked against a print service's rules (page count,
 * page and trim size, boxes, embedded fonts, line weights, greys, blank
 * pages, annotations, bookmarks), read through qpdf. */
#include "core/error.h"
#include "page/print.h"
#include "press/qpdf_lib.h"
#include "press/press.h"
#include "shapes/picture.h" /* the sandbox */
#include "press/qpdf_open.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PT_PER_IN 72.0
#define PT_PER_MM (72.0 / 25.4)
/* without a service: the finest line any printer keeps (README) */
#define HOME_LINE_PT 0.25
#define BOX_SLACK_PT 1.0
#define DETAIL 240

/* A page's font: its glyphs' advance widths (1/1000 em) by code, from the
 * font dictionary's /Widths, or a two-byte (Type0, Identity) font's
 * descendant's /W by CID (a subset's CIDs are small: the first 512). */
enum { FONT_CODES = 512 };
typedef struct font_widths {
    char name[40];
    int first, count;
    double w[FONT_CODES], missing;
    bool two_byte;
} font_widths;

enum { PAGE_FONTS = 32 };

/* What a content stream draws: its thinnest line (scaled to the page), its
 * lightest tint (ink below 10 %: vanishes in print), whether it paints;
 * with `area` set, the first text or ink (not white) outside the safe
 * rectangle (page space), a path that runs past the trim into the bleed
 * excepted (art meant to be cut). */
typedef struct ink {
    double thinnest, lightest;
    bool paints;
    bool area;              /* check the safe area */
    double safe[4], trim[4]; /* x0 y0 x1 y1 */
    bool text_out, ink_out; /* found outside */
    double out_x, out_y;    /* where (page space), the first */
    const font_widths *fonts; /* the page's (NULL: 0.55 em a byte) */
    int nfonts;
} ink;

/* The advance of one byte of a string in the font, in em: a two-byte
 * font's first byte waits in *pending (-1: none) for its second. */
static double code_em(const font_widths *f, unsigned byte, int *pending)
{
    if (!f) return 0.55;
    unsigned code = byte;
    if (f->two_byte) {
        if (*pending < 0) {
            *pending = (int)byte;
            return 0;
        }
        code = (unsigned)*pending << 8 | byte;
        *pending = -1;
    }
    int k = (int)code - f->first;
    return (k >= 0 && k < f->count ? f->w[k] : f->missing) / 1000;
}

static bool is_delim(unsigned char c) { return strchr("()<>[]{}/%", c) != NULL; }
static bool is_space(unsigned char c) { return c == 0 || strchr(" \t\r\n\f", c) != NULL; }

/* Ink of a colour operator's operands (a grey, RGB or CMYK), 0 to 1. */
static double ink_of(const double *v, int n)
{
    if (n == 1) return 1 - v[0];
    if (n == 3) return 1 - (0.3 * v[0] + 0.59 * v[1] + 0.11 * v[2]);
    return fmin(1, v[0] + v[1] + v[2] + v[3]);
}

/* m = a x m (PDF's row-vector matrices [a b c d e f]). */
static void mat_pre(double m[6], const double a[6])
{
    double r[6] = {a[0] * m[0] + a[1] * m[2],        a[0] * m[1] + a[1] * m[3],
                   a[2] * m[0] + a[3] * m[2],        a[2] * m[1] + a[3] * m[3],
                   a[4] * m[0] + a[5] * m[2] + m[4], a[4] * m[1] + a[5] * m[3] + m[5]};
    memcpy(m, r, sizeof r);
}

/* A box grown by the point (x, y) through m. */
static void box_add(double box[4], const double m[6], double x, double y)
{
    double px = x * m[0] + y * m[2] + m[4], py = x * m[1] + y * m[3] + m[5];
    box[0] = fmin(box[0], px), box[1] = fmin(box[1], py);
    box[2] = fmax(box[2], px), box[3] = fmax(box[3], py);
}

/* A cubic Bezier from (x0, y0) through the control points c[0..3] to
 * (c[4], c[5]) (user space, the CTM m): its own box, not its control
 * points' (an arc cut at any angle, as a round maze's rim with a door,
 * has control points up to 5 % of its radius outside it). An affine map
 * takes a Bezier to the Bezier of the mapped points, so the extremes are
 * found in page space: where the derivative's quadratic has a root in
 * (0, 1), per axis. */
static void box_add_curve(double box[4], const double m[6], double x0, double y0, const double c[6])
{
    double p[4][2], in[4][2] = {{x0, y0}, {c[0], c[1]}, {c[2], c[3]}, {c[4], c[5]}};
    for (int k = 0; k < 4; k++) {
        p[k][0] = in[k][0] * m[0] + in[k][1] * m[2] + m[4];
        p[k][1] = in[k][0] * m[1] + in[k][1] * m[3] + m[5];
    }
    double ends[4] = {fmin(p[0][0], p[3][0]), fmin(p[0][1], p[3][1]), fmax(p[0][0], p[3][0]),
                      fmax(p[0][1], p[3][1])};
    for (int a = 0; a < 2; a++) {
        double A = p[1][a] - p[0][a], B = p[2][a] - p[1][a], C = p[3][a] - p[2][a];
        double qa = A - 2 * B + C, qb = 2 * (B - A), qc = A, t[2];
        int roots = 0;
        if (fabs(qa) < 1e-12) {
            if (fabs(qb) > 1e-12) t[roots++] = -qc / qb;
        } else {
            double d = qb * qb - 4 * qa * qc;
            if (d >= 0) {
                t[roots++] = (-qb + sqrt(d)) / (2 * qa);
                t[roots++] = (-qb - sqrt(d)) / (2 * qa);
            }
        }
        for (int r = 0; r < roots; r++) {
            if (!(t[r] > 0 && t[r] < 1)) continue;
            double u = 1 - t[r], v = u * u * u * p[0][a] + 3 * u * u * t[r] * p[1][a] +
                                     3 * u * t[r] * t[r] * p[2][a] + t[r] * t[r] * t[r] * p[3][a];
            ends[a] = fmin(ends[a], v), ends[a + 2] = fmax(ends[a + 2], v);
        }
    }
    box[0] = fmin(box[0], ends[0]), box[1] = fmin(box[1], ends[1]);
    box[2] = fmax(box[2], ends[2]), box[3] = fmax(box[3], ends[3]);
}

#define AREA_SLACK_PT 0.5

/* Something drawn (its box in page space) against the safe area: text
 * must be inside; other ink too, unless it crosses the trim (bleed art). */
static void area_check(ink *k, const double box[4], bool text)
{
    if (!k->area || !(box[0] <= box[2]) || k->text_out || (k->ink_out && !text)) return;
    const double *s = k->safe, *t = k->trim, e = AREA_SLACK_PT;
    if (box[0] >= s[0] - e && box[1] >= s[1] - e && box[2] <= s[2] + e && box[3] <= s[3] + e)
        return;
    if (!text && (box[0] < t[0] - e || box[1] < t[1] - e || box[2] > t[2] + e || box[3] > t[3] + e))
        return; /* runs into the bleed: meant to be cut */
    bool first = !k->text_out && !k->ink_out;
    if (text) k->text_out = true;
    else k->ink_out = true;
    if (first || text) k->out_x = box[0], k->out_y = box[1];
}

/* One pass over a content stream: numbers kept as operands, operators
 * acting on them; strings, names, arrays and inline images skipped. The
 * graphics state's matrix follows q, Q and cm (a bounded stack); paths'
 * boxes are gathered through it, and text's estimated from its matrix,
 * its size and its string's codes' widths in its font (0.55 em a byte
 * where the page's fonts are not known). */
static void scan_content(const unsigned char *b, size_t n, ink *k)
{
    enum { DEPTH = 64 };
    static const double identity[6] = {1, 0, 0, 1, 0, 0};
    double ctm[DEPTH][6];
    memcpy(ctm[0], identity, sizeof identity);
    double fill = 1, stroke = 1; /* ink of the colours: black at first */
    double line = 1;             /* the line width, page space */
    double path[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    double cur[2] = {0, 0}, sub[2] = {0, 0}; /* the current point, its subpath's start */
    double tm[6], tlm[6], size = 0, leading = 0;
    memcpy(tm, identity, sizeof tm), memcpy(tlm, identity, sizeof tlm);
    size_t bytes = 0; /* of the strings since the last operator */
    double em = 0;    /* their advance */
    int pending = -1; /* a two-byte code's first byte */
    const font_widths *font = NULL;
    char name[40] = ""; /* the last name read */
    int top = 0;
    double num[6];
    int nums = 0;
    size_t i = 0;
    while (i < n) {
        unsigned char c = b[i];
        if (is_space(c)) {
            i++;
        } else if (c == '%') {
            while (i < n && b[i] != '\n' && b[i] != '\r') i++;
        } else if (c == '(') { /* a string: nested parentheses, escapes */
            int depth = 0;
            for (; i < n; i++) {
                unsigned code = b[i];
                if (b[i] == '\\' && i + 1 < n) { /* \n, \(, or up to 3 octal digits */
                    code = b[++i];
                    if (code >= '0' && code <= '7') {
                        code -= '0';
                        for (int d = 0; d < 2 && i + 1 < n && b[i + 1] >= '0' && b[i + 1] <= '7';
                             d++)
                            code = code * 8 + (unsigned)(b[++i] - '0');
                    }
                } else if (b[i] == '(') {
                    if (depth++ == 0) continue;
                } else if (b[i] == ')' && --depth == 0) {
                    break;
                }
                bytes++, em += code_em(font, code & 255, &pending);
            }
            i++;
            nums = 0;
        } else if (c == '<' && i + 1 < n && b[i + 1] != '<') { /* a hex string */
            unsigned code = 0, digits = 0;
            for (i++; i < n && b[i] != '>'; i++) {
                if (!isxdigit(b[i])) continue;
                code = code * 16 + (unsigned)(isdigit(b[i]) ? b[i] - '0' : (b[i] | 32) - 'a' + 10);
                if (++digits % 2 == 0) bytes++, em += code_em(font, code & 255, &pending), code = 0;
            }
            if (digits % 2) bytes++, em += code_em(font, (code * 16) & 255, &pending);
            i++;
            nums = 0;
        } else if (is_delim(c)) { /* names, arrays, dictionaries */
            i++;
            size_t from = i;
            if (c == '/')
                while (i < n && !is_space(b[i]) && !is_delim(b[i])) i++;
            if (c == '/') snprintf(name, sizeof name, "/%.*s", (int)(i - from), (const char *)b + from);
            if (c != '[' && c != ']') nums = 0; /* a TJ array's numbers are not operands */
        } else if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.') {
            char tmp[40];
            size_t len = 0;
            while (i < n && len + 1 < sizeof tmp && !is_space(b[i]) && !is_delim(b[i]))
                tmp[len++] = (char)b[i++];
            tmp[len] = 0;
            if (nums == 6) memmove(num, num + 1, 5 * sizeof *num), nums = 5;
            num[nums++] = strtod(tmp, NULL);
        } else {
            char op[4] = {0};
            size_t len = 0;
            while (i < n && !is_space(b[i]) && !is_delim(b[i])) {
                if (len < 3) op[len] = (char)b[i];
                len++, i++;
            }
            if (len > 3) op[0] = 0; /* no operator we read is longer */
            double *m = ctm[top];
            double scale = sqrt(fabs(m[0] * m[3] - m[1] * m[2]));
            if (!strcmp(op, "q") && top + 1 < DEPTH) memcpy(ctm[top + 1], m, sizeof ctm[0]), top++;
            else if (!strcmp(op, "Q") && top > 0) top--;
            else if (!strcmp(op, "cm") && nums == 6) mat_pre(m, num);
            else if (!strcmp(op, "w") && nums >= 1) {
                line = num[nums - 1] * scale;
                k->thinnest = fmin(k->thinnest, line);
            }
            else if ((!strcmp(op, "g") || !strcmp(op, "G")) && nums >= 1) {
                double t = ink_of(num + nums - 1, 1);
                if (t > 1e-6) k->lightest = fmin(k->lightest, t);
                *(op[0] == 'g' ? &fill : &stroke) = t;
            } else if ((!strcmp(op, "rg") || !strcmp(op, "RG")) && nums >= 3) {
                double t = ink_of(num + nums - 3, 3);
                if (t > 1e-6) k->lightest = fmin(k->lightest, t);
                *(op[0] == 'r' ? &fill : &stroke) = t;
            } else if ((!strcmp(op, "k") || !strcmp(op, "K")) && nums >= 4) {
                double t = ink_of(num + nums - 4, 4);
                if (t > 1e-6) k->lightest = fmin(k->lightest, t);
                *(op[0] == 'k' ? &fill : &stroke) = t;
            } else if (!strcmp(op, "ID")) { /* an inline image: its data up to EI */
                while (i + 2 < n && !(is_space(b[i]) && b[i + 1] == 'E' && b[i + 2] == 'I')) i++;
                i += 3;
                k->paints = true;
            } else if ((!strcmp(op, "m") || !strcmp(op, "l")) && nums >= 2) {
                box_add(path, m, num[nums - 2], num[nums - 1]);
                cur[0] = num[nums - 2], cur[1] = num[nums - 1];
                if (op[0] == 'm') sub[0] = cur[0], sub[1] = cur[1];
            } else if ((!strcmp(op, "c") && nums >= 6) ||
                       ((!strcmp(op, "v") || !strcmp(op, "y")) && nums >= 4)) {
                const double *q = num + nums - (op[0] == 'c' ? 6 : 4);
                double c[6] = {q[0], q[1], q[2], q[3], q[4], q[5]};
                if (op[0] == 'v') /* the first control point is the current point */
                    c[0] = cur[0], c[1] = cur[1], c[2] = q[0], c[3] = q[1], c[4] = q[2], c[5] = q[3];
                else if (op[0] == 'y') /* the second is the end */
                    c[4] = c[2] = q[2], c[5] = c[3] = q[3];
                box_add_curve(path, m, cur[0], cur[1], c);
                cur[0] = c[4], cur[1] = c[5];
            } else if (!strcmp(op, "h")) {
                cur[0] = sub[0], cur[1] = sub[1];
            } else if (!strcmp(op, "re") && nums >= 4) {
                const double *r = num + nums - 4;
                cur[0] = sub[0] = r[0], cur[1] = sub[1] = r[1];
                box_add(path, m, r[0], r[1]);
                box_add(path, m, r[0] + r[2], r[1] + r[3]);
                box_add(path, m, r[0], r[1] + r[3]);
                box_add(path, m, r[0] + r[2], r[1]);
            } else if (strchr("SsfFBbn", op[0]) && (op[1] == 0 || op[1] == '*')) {
                if (op[0] != 'n') k->paints = true;
                bool stroked = strchr("SsBb", op[0]) != NULL, filled = strchr("fFBb", op[0]);
                if ((stroked && stroke > 1e-6) || (filled && fill > 1e-6)) {
                    double half = stroked ? line / 2 : 0; /* the line's half outside */
                    double box[4] = {path[0] - half, path[1] - half, path[2] + half,
                                     path[3] + half};
                    area_check(k, box, false);
                }
                path[0] = path[1] = INFINITY, path[2] = path[3] = -INFINITY;
            } else if (!strcmp(op, "BT")) {
                memcpy(tm, identity, sizeof tm), memcpy(tlm, identity, sizeof tlm);
            } else if (!strcmp(op, "Tf") && nums >= 1) {
                size = num[nums - 1];
                font = NULL;
                for (int f = 0; f < k->nfonts && !font; f++)
                    if (!strcmp(k->fonts[f].name, name)) font = &k->fonts[f];
            } else if (!strcmp(op, "TL") && nums >= 1) {
                leading = num[nums - 1];
            } else if (!strcmp(op, "Tm") && nums == 6) {
                memcpy(tm, num, sizeof tm), memcpy(tlm, num, sizeof tlm);
            } else if ((!strcmp(op, "Td") || !strcmp(op, "TD") || !strcmp(op, "T*")) &&
                       (op[1] == '*' || nums >= 2)) {
                double t[6] = {1, 0, 0, 1, 0, -leading};
                if (op[1] != '*') t[4] = num[nums - 2], t[5] = num[nums - 1];
                if (op[1] == 'D') leading = -t[5];
                mat_pre(tlm, t);
                memcpy(tm, tlm, sizeof tm);
            } else if (!strcmp(op, "Tj") || !strcmp(op, "TJ") || !strcmp(op, "'") ||
                       !strcmp(op, "\"")) {
                k->paints = true;
                if (op[0] == '\'' || op[0] == '"') { /* the next line first */
                    double t[6] = {1, 0, 0, 1, 0, -leading};
                    mat_pre(tlm, t);
                    memcpy(tm, tlm, sizeof tm);
                }
                double w = (k->fonts ? em : 0.55 * (double)bytes) * size, text[4] = {INFINITY, INFINITY, -INFINITY,
                                                                    -INFINITY};
                double trm[6];
                memcpy(trm, m, sizeof trm);
                mat_pre(trm, tm);
                box_add(text, trm, 0, -0.2 * size), box_add(text, trm, w, -0.2 * size);
                box_add(text, trm, 0, 0.75 * size), box_add(text, trm, w, 0.75 * size);
                if (fill > 1e-6 && bytes) area_check(k, text, true);
                double advance[6] = {1, 0, 0, 1, w, 0};
                mat_pre(tm, advance);
            } else if (!strcmp(op, "Do") || !strcmp(op, "sh")) {
                k->paints = true;
            }
            nums = 0;
            bytes = 0;
            em = 0;
            pending = -1;
        }
    }
}

/* A page box [x0 y0 x1 y1], from the page or the pages above it. */
static bool page_box(qpdf_data q, qpdf_oh page, const char *key, double v[4])
{
    qpdf_oh node = page;
    for (int up = 0; up < 32; up++) { /* inherited: /Parent, a few levels */
        qpdf_oh box = lib_qpdf()->qpdf_oh_get_key(q, node, key);
        if (lib_qpdf()->qpdf_oh_is_array(q, box) &&
            lib_qpdf()->qpdf_oh_get_array_n_items(q, box) == 4) {
            for (int k = 0; k < 4; k++)
                v[k] = lib_qpdf()->qpdf_oh_get_numeric_value(
                    q, lib_qpdf()->qpdf_oh_get_array_item(q, box, k));
            if (v[0] > v[2]) {
                double t = v[0];
                v[0] = v[2];
                v[2] = t;
            }
            if (v[1] > v[3]) {
                double t = v[1];
                v[1] = v[3];
                v[3] = t;
            }
            return true;
        }
        if (strcmp(key, "/MediaBox") != 0) return false; /* only MediaBox is inherited */
        node = lib_qpdf()->qpdf_oh_get_key(q, node, "/Parent");
        if (!lib_qpdf()->qpdf_oh_is_dictionary(q, node)) return false;
    }
    return false;
}

/* A coordinate as the area's message prints it: a stranger's text can be
 * drawn at 1e100 pt. */
static double shown(double v) { return fmax(-99999, fmin(99999, v)); }

static bool near(double a, double b) { return fabs(a - b) <= BOX_SLACK_PT; }

/* A rule's detail, "!" before it when the rule fails. Its format is a
 * message of the catalogues (N_), each value apart and a variant a format
 * of its own (no words pieced together, no plural by a letter added), so
 * that the command matches it and says it in the user's language
 * (cli/say.c); the values that are words (a printer, an edge) are messages
 * too. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
detail(char *out, bool pass, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    out[0] = '!';
    vsnprintf(out + !pass, DETAIL - !pass, fmt, ap);
    va_end(ap);
}

typedef struct checks {
    char pages[DETAIL], size[DETAIL], boxes[DETAIL], fonts[DETAIL], lines[DETAIL], greys[DETAIL],
        blanks[DETAIL], annots[DETAIL], outline[DETAIL], pdfx[DETAIL], area[DETAIL], meta[DETAIL],
        crypt[DETAIL], active[DETAIL];
} checks;

/* A number of the file as an int within [lo, hi] (NaN: lo): a cast of a
 * double out of int's range is undefined, and a stranger's file holds any. */
static int int_in(qpdf_data q, qpdf_oh o, int lo, int hi)
{
    double v = lib_qpdf()->qpdf_oh_get_numeric_value(q, o);
    return !(v >= lo) ? lo : v > hi ? hi : (int)v;
}

/* A glyph's width (1/1000 em) within what a font could mean. */
static double width_of(qpdf_data q, qpdf_oh o)
{
    double v =
        lib_qpdf()->qpdf_oh_is_number(q, o) ? lib_qpdf()->qpdf_oh_get_numeric_value(q, o) : 0;
    return !(v >= -10000) ? (v < 0 ? -10000 : 0) : fmin(v, 10000);
}

/* The page's fonts' widths (its /Resources /Font), up to PAGE_FONTS. */
static int page_fonts(qpdf_data q, qpdf_oh page, font_widths *fonts)
{
    qpdf_oh dict =
        lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_oh_get_key(q, page, "/Resources"), "/Font");
    if (!lib_qpdf()->qpdf_oh_is_dictionary(q, dict)) return 0;
    int n = 0;
    lib_qpdf()->qpdf_oh_begin_dict_key_iter(q, dict);
    while (lib_qpdf()->qpdf_oh_dict_more_keys(q) && n < PAGE_FONTS) {
        font_widths *f = &fonts[n];
        snprintf(f->name, sizeof f->name, "%s", lib_qpdf()->qpdf_oh_dict_next_key(q));
        qpdf_oh o = lib_qpdf()->qpdf_oh_get_key(q, dict, f->name);
        f->two_byte = lib_qpdf()->qpdf_oh_is_name_and_equals(
            q, lib_qpdf()->qpdf_oh_get_key(q, o, "/Subtype"), "/Type0");
        if (f->two_byte) { /* /W: [c [w ...] c1 c2 w ...] of the descendant, /DW else */
            qpdf_oh d = lib_qpdf()->qpdf_oh_get_array_item(
                q, lib_qpdf()->qpdf_oh_get_key(q, o, "/DescendantFonts"), 0);
            qpdf_oh dw = lib_qpdf()->qpdf_oh_get_key(q, d, "/DW"),
                    w = lib_qpdf()->qpdf_oh_get_key(q, d, "/W");
            f->missing = lib_qpdf()->qpdf_oh_is_number(q, dw) ? width_of(q, dw) : 1000;
            f->first = 0, f->count = FONT_CODES;
            for (int c = 0; c < FONT_CODES; c++) f->w[c] = f->missing;
            int items = lib_qpdf()->qpdf_oh_is_array(q, w)
                            ? lib_qpdf()->qpdf_oh_get_array_n_items(q, w)
                            : 0;
            /* a few entries a code at most (a stranger's /W can be long) */
            for (int at = 0; at + 1 < items && at < 4 * FONT_CODES;) {
                /* CIDs past the first FONT_CODES are not kept: clamped, no sum overflows */
                int c = int_in(q, lib_qpdf()->qpdf_oh_get_array_item(q, w, at), -1, FONT_CODES);
                qpdf_oh next = lib_qpdf()->qpdf_oh_get_array_item(q, w, at + 1);
                if (lib_qpdf()->qpdf_oh_is_array(q, next)) { /* c [w w ...] */
                    int m = lib_qpdf()->qpdf_oh_get_array_n_items(q, next);
                    for (int j = c < 0 ? 1 : 0; j < m && c + j < FONT_CODES; j++)
                        f->w[c + j] = width_of(q, lib_qpdf()->qpdf_oh_get_array_item(q, next, j));
                    at += 2;
                } else if (at + 2 < items) { /* c1 c2 w */
                    int c2 = int_in(q, next, -1, FONT_CODES - 1);
                    double v = width_of(q, lib_qpdf()->qpdf_oh_get_array_item(q, w, at + 2));
                    for (int j = c < 0 ? 0 : c; j <= c2; j++) f->w[j] = v;
                    at += 3;
                } else break;
            }
            n++;
            continue;
        }
        qpdf_oh first = lib_qpdf()->qpdf_oh_get_key(q, o, "/FirstChar"),
                w = lib_qpdf()->qpdf_oh_get_key(q, o, "/Widths");
        qpdf_oh missing = lib_qpdf()->qpdf_oh_get_key(
            q, lib_qpdf()->qpdf_oh_get_key(q, o, "/FontDescriptor"), "/MissingWidth");
        f->first = lib_qpdf()->qpdf_oh_is_number(q, first) ? int_in(q, first, 0, 65535)
                                                           : 0; /* codes are 0 to 65535 */
        f->count =
            lib_qpdf()->qpdf_oh_is_array(q, w) ? lib_qpdf()->qpdf_oh_get_array_n_items(q, w) : 0;
        if (f->count > FONT_CODES) f->count = FONT_CODES;
        for (int c = 0; c < f->count; c++) {
            qpdf_oh v = lib_qpdf()->qpdf_oh_get_array_item(q, w, c);
            f->w[c] = width_of(q, v);
        }
        /* no width known: a wide glyph, so that nothing passes unseen */
        f->missing = lib_qpdf()->qpdf_oh_is_number(q, missing) ? width_of(q, missing)
                     : f->count                    ? 0
                                                   : 600;
        n++;
    }
    return n;
}

/* The page's own drawing (its content streams, one after the other) and
 * its form XObjects' (one level), decoded within the budget. */
static meiro_status page_ink(qpdf_data q, qpdf_oh page, ink *k, pdf_budget *b, meiro_error *err)
{
    qpdf_oh contents = lib_qpdf()->qpdf_oh_get_key(q, page, "/Contents");
    bool array = lib_qpdf()->qpdf_oh_is_array(q, contents);
    int parts = array ? lib_qpdf()->qpdf_oh_get_array_n_items(q, contents) : 1;
    unsigned char *all = NULL;
    size_t len = 0;
    meiro_status s = MEIRO_OK;
    for (int i = 0; i < parts && s == MEIRO_OK; i++) {
        qpdf_oh part = array ? lib_qpdf()->qpdf_oh_get_array_item(q, contents, i) : contents;
        unsigned char *buf = NULL;
        size_t n = 0;
        if (!lib_qpdf()->qpdf_oh_is_stream(q, part)) continue; /* none: a blank page */
        s = pdf_stream_data(q, part, b, &buf, &n, err);
        unsigned char *grown = s == MEIRO_OK ? realloc(all, len + n + 1) : NULL;
        if (s == MEIRO_OK && !grown) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        if (grown) { /* a line between streams: a token ends with its stream */
            all = grown;
            if (n) memcpy(all + len, buf, n);
            len += n;
            all[len++] = '\n';
        }
        free(buf);
    }
    if (s == MEIRO_OK) scan_content(all, len, k);
    free(all);
    qpdf_oh xobjects = lib_qpdf()->qpdf_oh_get_key(
        q, lib_qpdf()->qpdf_oh_get_key(q, page, "/Resources"), "/XObject");
    if (s != MEIRO_OK || !lib_qpdf()->qpdf_oh_is_dictionary(q, xobjects)) return s;
    lib_qpdf()->qpdf_oh_begin_dict_key_iter(q, xobjects);
    while (lib_qpdf()->qpdf_oh_dict_more_keys(q) && s == MEIRO_OK) {
        qpdf_oh x = lib_qpdf()->qpdf_oh_get_key(q, xobjects, lib_qpdf()->qpdf_oh_dict_next_key(q));
        if (!lib_qpdf()->qpdf_oh_is_stream(q, x) ||
            !lib_qpdf()->qpdf_oh_is_name_and_equals(
                q, lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_oh_get_dict(q, x), "/Subtype"),
                "/Form"))
            continue;
        unsigned char *buf = NULL;
        meiro_error own = {0};
        s = pdf_stream_data(q, x, b, &buf, &len, &own);
        if (s == MEIRO_ERROR_PARSE) { /* a codec meiro does not undo: not a drawing */
            s = MEIRO_OK;
            continue;
        }
        if (s != MEIRO_OK) {
            if (err) *err = own;
            break;
        }
        bool area = k->area; /* where a form lands is its Do's: not followed */
        k->area = false;
        scan_content(buf, len, k);
        k->area = area;
        free(buf);
    }
    return s;
}

/* What the walk of the file's objects finds (pdf_walk: those reachable
 * from the trailer, never every number up to what the trailer says). */
typedef struct found {
    int fonts, bare;     /* simple and CID fonts; without their font file */
    char first[80];      /* the first bare one's name */
    int transparent;     /* the first object with transparency, -1 none */
    char active[80];     /* JavaScript, a Launch action or an embedded file */
} found;

/* Whether a dictionary brings transparency: a transparency group, a soft
 * mask, or an alpha under 1. */
static bool transparent(qpdf_data q, qpdf_oh o)
{
    qpdf_oh group = lib_qpdf()->qpdf_oh_get_key(q, o, "/Group"),
            mask = lib_qpdf()->qpdf_oh_get_key(q, o, "/SMask");
    bool t = pdf_key_is(q, group, "/S", "/Transparency") ||
             lib_qpdf()->qpdf_oh_is_dictionary(q, mask) || lib_qpdf()->qpdf_oh_is_stream(q, mask);
    lib_qpdf()->qpdf_oh_release(q, group);
    lib_qpdf()->qpdf_oh_release(q, mask);
    const char *alphas[] = {"/CA", "/ca"};
    for (size_t k = 0; k < 2 && !t; k++) {
        qpdf_oh a = lib_qpdf()->qpdf_oh_get_key(q, o, alphas[k]);
        t = lib_qpdf()->qpdf_oh_is_number(q, a) &&
            lib_qpdf()->qpdf_oh_get_numeric_value(q, a) < 1 - 1e-6;
        lib_qpdf()->qpdf_oh_release(q, a);
    }
    return t;
}

/* A font: embedded (a font file in its descriptor, or a Type 3 font, drawn
 * by the file itself)? Type0: its descendant is checked on its own. */
static void check_font(qpdf_data q, qpdf_oh o, found *f)
{
    if (pdf_key_is(q, o, "/Subtype", "/Type0") || pdf_key_is(q, o, "/Subtype", "/Type3")) return;
    f->fonts++;
    qpdf_oh d = lib_qpdf()->qpdf_oh_get_key(q, o, "/FontDescriptor");
    if (!lib_qpdf()->qpdf_oh_has_key(q, d, "/FontFile") &&
        !lib_qpdf()->qpdf_oh_has_key(q, d, "/FontFile2") &&
        !lib_qpdf()->qpdf_oh_has_key(q, d, "/FontFile3") && !f->bare++) {
        qpdf_oh name = lib_qpdf()->qpdf_oh_get_key(q, o, "/BaseFont");
        snprintf(f->first, sizeof f->first, "%s",
                 lib_qpdf()->qpdf_oh_is_name(q, name) ? lib_qpdf()->qpdf_oh_get_name(q, name) + 1
                                                      : N_("unnamed"));
        lib_qpdf()->qpdf_oh_release(q, name);
    }
    lib_qpdf()->qpdf_oh_release(q, d);
}

/* Each dictionary of the file: fonts, transparency, and what a printer's
 * software must not run or open (an action's JavaScript or Launch, an
 * embedded file). */
static meiro_status visit_object(void *ctx, qpdf_data q, qpdf_oh dict, int object)
{
    found *f = ctx;
    if (pdf_key_is(q, dict, "/Type", "/Font")) check_font(q, dict, f);
    if (f->transparent < 0 && transparent(q, dict)) f->transparent = object;
    if (!f->active[0]) {
        const char *what =
            pdf_key_is(q, dict, "/S", "/JavaScript") || lib_qpdf()->qpdf_oh_has_key(q, dict, "/JS")
                ? "JavaScript"
            : pdf_key_is(q, dict, "/S", "/Launch") ? N_("a Launch action")
            : lib_qpdf()->qpdf_oh_has_key(q, dict, "/EmbeddedFiles") ||
                    lib_qpdf()->qpdf_oh_has_key(q, dict, "/EF") ||
                    pdf_key_is(q, dict, "/Type", "/EmbeddedFile")
                ? N_("an embedded file")
                : NULL;
        if (what) snprintf(f->active, sizeof f->active, N_("%s (object %d)"), what, object);
    }
    return MEIRO_OK;
}

static void report_fonts(const found *f, char *out)
{
    if (f->bare == 1)
        detail(out, false, N_("1 of %d fonts not embedded (%s): embed every font"), f->fonts,
               f->first);
    else if (f->bare)
        detail(out, false, N_("%d of %d fonts not embedded, the first %s: embed every font"),
               f->bare, f->fonts, f->first);
    else if (f->fonts == 1) detail(out, true, N_("1 font, embedded"));
    else detail(out, true, N_("%d fonts, all embedded"), f->fonts);
}

/* Encryption: a printer's software must open the file as it is. */
static void check_encryption(qpdf_data q, char *out)
{
    if (!lib_qpdf()->qpdf_is_encrypted(q)) {
        detail(out, true, N_("not encrypted"));
        return;
    }
    qpdf_oh e = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_trailer(q), "/Encrypt");
    qpdf_oh v = lib_qpdf()->qpdf_oh_get_key(q, e, "/V");
    double version =
        lib_qpdf()->qpdf_oh_is_number(q, v) ? lib_qpdf()->qpdf_oh_get_numeric_value(q, v) : 0;
    qpdf_oh cf = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_oh_get_key(q, e, "/CF"), "/StdCF");
    const char *method = version >= 5                                          ? "AES-256"
                         : version >= 4 && pdf_key_is(q, cf, "/CFM", "/AESV2") ? "AES-128"
                                                                               : "RC4";
    detail(out, false,
           N_("the file is encrypted (%s): a print service takes files without a password or "
              "permissions"),
           method);
}

/* PDF/X-1a (ISO 15930-1): the version in the document's Info, Trapped, an
 * output intent of subtype GTS_PDFX with its profile or a registered
 * condition, and no transparency anywhere; PDF/X-4 (ISO 15930-7): the
 * same but transparency, and the version in the XMP packet too. Asked of a service that wants
 * PDF/X (IngramSpark), and of any file that says it is PDF/X. */
static void check_pdfx(qpdf_data q, const print_profile *service, const found *f, char *out)
{
    qpdf_oh info = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_trailer(q), "/Info");
    qpdf_oh version = lib_qpdf()->qpdf_oh_get_key(q, info, "/GTS_PDFXVersion");
    bool declared = lib_qpdf()->qpdf_oh_is_string(q, version);
    if (!declared && !service->pdfx) {
        detail(out, true, N_("not PDF/X, which %s does not ask for"),
               service->bleed > 0 ? service->service : N_("a home printer"));
        return;
    }
    if (!declared) {
        detail(out, false,
               N_("not PDF/X (no GTS_PDFXVersion): %s takes PDF/X-1a:2001 and PDF/X-4 files"),
               service->service);
        return;
    }
    char v[64];
    snprintf(v, sizeof v, "%s", lib_qpdf()->qpdf_oh_get_utf8_value(q, version));
    qpdf_oh intents =
        lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_root(q), "/OutputIntents");
    bool intent = false;
    int n = lib_qpdf()->qpdf_oh_is_array(q, intents)
                ? lib_qpdf()->qpdf_oh_get_array_n_items(q, intents)
                : 0;
    for (int k = 0; k < n && !intent; k++) {
        qpdf_oh i = lib_qpdf()->qpdf_oh_get_array_item(q, intents, k);
        intent = lib_qpdf()->qpdf_oh_is_name_and_equals(q, lib_qpdf()->qpdf_oh_get_key(q, i, "/S"),
                                                        "/GTS_PDFX") &&
                 (lib_qpdf()->qpdf_oh_is_stream(
                      q, lib_qpdf()->qpdf_oh_get_key(q, i, "/DestOutputProfile")) ||
                  lib_qpdf()->qpdf_oh_is_string(
                      q, lib_qpdf()->qpdf_oh_get_key(q, i, "/OutputConditionIdentifier")));
    }
    qpdf_oh trapped = lib_qpdf()->qpdf_oh_get_key(q, info, "/Trapped");
    if (strncmp(v, "PDF/X-", 6) != 0) {
        detail(out, false, N_("GTS_PDFXVersion is '%.40s', not a PDF/X version"), v);
        return;
    }
    if (!intent) {
        detail(out, false, N_("%s without a GTS_PDFX output intent (and its profile)"), v);
        return;
    }
    if (!lib_qpdf()->qpdf_oh_is_name(q, trapped) && !lib_qpdf()->qpdf_oh_is_string(q, trapped)) {
        detail(out, false, N_("%s without Trapped in its document information"), v);
        return;
    }
    if (!strncmp(v, "PDF/X-4", 7)) {
        /* X-4 (ISO 15930-7) allows transparency; its version is in the
         * XMP packet too */
        unsigned char *xmp = NULL;
        size_t len = 0;
        qpdf_oh meta = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_root(q), "/Metadata");
        bool named = false;
        if (lib_qpdf()->qpdf_oh_is_stream(q, meta) &&
            !(lib_qpdf()->qpdf_oh_get_stream_data(q, meta, qpdf_dl_generalized, NULL, &xmp, &len) &
              QPDF_ERRORS)) {
            /* "pdfxid:GTS_PDFXVersion>PDF/X-4" or "...='PDF/X-4'" */
            static const char tag[] = "pdfxid:GTS_PDFXVersion";
            for (size_t i = 0; i + sizeof tag + 8 < len && !named; i++) {
                if (memcmp(xmp + i, tag, sizeof tag - 1) != 0) continue;
                for (size_t j = i + sizeof tag - 1; j < i + 40 && j + 7 <= len && !named; j++)
                    named = !memcmp(xmp + j, "PDF/X-4", 7);
            }
        }
        free(xmp);
        if (!named) detail(out, false, N_("%s without the version in its XMP packet"), v);
        else detail(out, true, N_("%s, a GTS_PDFX output intent, the version in its XMP"), v);
        return;
    }
    if (f->transparent >= 0) {
        detail(out, false, N_("%s with transparency (object %d): PDF/X-1a has none"), v,
               f->transparent);
        return;
    }
    detail(out, true, N_("%s, a GTS_PDFX output intent, no transparency"), v);
}

/* The document's metadata: KDP asks for files without any ("Save Your
 * Manuscript File": no bookmarks, comments, annotations or metadata), so
 * its rule allows the document information's title, the tools and dates and
 * PDF/X's marks, and no XMP packet; PDF/X (ISO 15930-1) asks for a title;
 * and a title given (the one the service was told) must be the file's, as
 * the services match book, cover and their records. */
static void check_metadata(qpdf_data q, const print_profile *service, const char *title, char *out)
{
    static const char *const kept[] = {
        "/Title",   "/Creator", "/Producer",        "/CreationDate",
        "/ModDate", "/Trapped", "/GTS_PDFXVersion", "/GTS_PDFXConformance"};
    qpdf_oh info = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_trailer(q), "/Info");
    qpdf_oh t = lib_qpdf()->qpdf_oh_get_key(q, info, "/Title");
    char have[160] = "";
    if (lib_qpdf()->qpdf_oh_is_string(q, t))
        snprintf(have, sizeof have, "%s", lib_qpdf()->qpdf_oh_get_utf8_value(q, t));
    bool pdfx =
        lib_qpdf()->qpdf_oh_is_string(q, lib_qpdf()->qpdf_oh_get_key(q, info, "/GTS_PDFXVersion"));
    bool kdp = service->no_metadata;
    char extra[120] = "";
    if (kdp && lib_qpdf()->qpdf_oh_is_dictionary(q, info)) {
        lib_qpdf()->qpdf_oh_begin_dict_key_iter(q, info);
        while (lib_qpdf()->qpdf_oh_dict_more_keys(q)) {
            const char *key = lib_qpdf()->qpdf_oh_dict_next_key(q);
            bool ok = false;
            for (size_t k = 0; k < sizeof kept / sizeof kept[0] && !ok; k++)
                ok = !strcmp(key, kept[k]);
            size_t at = strlen(extra);
            if (!ok && at + strlen(key) + 3 < sizeof extra)
                snprintf(extra + at, sizeof extra - at, "%s%s", at ? ", " : "", key + 1);
        }
    }
    bool xmp = kdp && lib_qpdf()->qpdf_oh_has_key(q, lib_qpdf()->qpdf_get_root(q), "/Metadata");
    if (title && strcmp(have, title) != 0 && !have[0])
        detail(out, false, N_("the title is '' (none), not '%.60s' (the one the service has)"),
               title);
    else if (title && strcmp(have, title) != 0)
        detail(out, false, N_("the title is '%.60s', not '%.60s' (the one the service has)"), have,
               title);
    else if (!have[0] && (pdfx || service->pdfx))
        detail(out, false, N_("no Title in the document information: PDF/X asks for one"));
    else if (extra[0] && xmp)
        detail(out, false,
               N_("%s in the document information, an XMP packet: %s asks for files without "
                  "metadata (the title kept)"),
               extra, service->service);
    else if (extra[0])
        detail(out, false,
               N_("%s in the document information: %s asks for files without metadata (the "
                  "title kept)"),
               extra, service->service);
    else if (xmp)
        detail(out, false, N_("an XMP packet: %s asks for files without metadata (the title kept)"),
               service->service);
    else if (have[0] && kdp) detail(out, true, N_("title '%.60s', no other metadata"), have);
    else if (have[0]) detail(out, true, N_("title '%.60s'"), have);
    else detail(out, true, kdp ? N_("no title, no other metadata") : N_("no title"));
}

/* A cover's expected size (pt, with bleed), and what for (the message). */
typedef struct cover_expect {
    double w, h;
    char what[120];
} cover_expect;

/* A cover: one page of the size the service's formula gives. */
static void cover_rules(qpdf_data q, const print_profile *service, const cover_expect *cover,
                        int pages, checks *c)
{
    if (pages == 1) detail(c->pages, true, N_("1 page"));
    else detail(c->pages, false, N_("%d pages: a cover is one page (back, spine, front)"), pages);
    double media[4];
    qpdf_oh page = lib_qpdf()->qpdf_get_page_n(q, 0);
    if (!page_box(q, page, "/MediaBox", media))
        detail(c->size, false, N_("page 1 has no MediaBox"));
    else if (!near(media[2] - media[0], cover->w) || !near(media[3] - media[1], cover->h))
        detail(c->size, false, N_("the cover is %.1f x %.1f pt: %s's for %s is %.1f x %.1f"),
               media[2] - media[0], media[3] - media[1], service->service, cover->what, cover->w,
               cover->h);
    else
        detail(c->size, true, N_("%.1f x %.1f pt (%.4g x %.4g in), %s's for %s"), cover->w,
               cover->h, cover->w / PT_PER_IN, cover->h / PT_PER_IN, service->service, cover->what);
    lib_qpdf()->qpdf_oh_release_all(q);
}

static meiro_status run_checks(qpdf_data q, meiro_print print, const print_profile *service,
                               const cover_expect *cover, const char *title, checks *c,
                               meiro_error *err)
{
    int pages = lib_qpdf()->qpdf_get_num_pages(q);
    if (pages < 0 || lib_qpdf()->qpdf_has_error(q))
        return pdf_error(q, err, "not a PDF qpdf can read");
    pdf_budget budget = PDF_BUDGET;
    /* pages: an even count within the service's range */
    bool even_ok = !service->pages_min || pages % 2 == 0;
    bool range_ok = !service->pages_min || ((unsigned)pages >= service->pages_min &&
                                            (unsigned)pages <= service->pages_max);
    /* a book read from the right (its catalog's /ViewerPreferences
     * /Direction /R2L: meiro booklet --lang ar) is bound on the right of
     * its page 1, which the seller tells the service */
    qpdf_oh prefs =
        lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_root(q), "/ViewerPreferences");
    bool right_bound = lib_qpdf()->qpdf_oh_is_dictionary(q, prefs) &&
                       lib_qpdf()->qpdf_oh_is_name_and_equals(
                           q, lib_qpdf()->qpdf_oh_get_key(q, prefs, "/Direction"), "/R2L");
    if (even_ok && range_ok && pages == 1) detail(c->pages, true, N_("1 page"));
    else if (even_ok && range_ok && right_bound && service->bleed > 0)
        detail(c->pages, true,
               N_("%d pages, bound on the right (read right to left): at %s, choose the "
                  "right-to-left reading direction"),
               pages, service->service);
    else if (even_ok && range_ok) detail(c->pages, true, N_("%d pages"), pages);
    else if (pages == 1)
        detail(c->pages, false,
               N_("1 page: %s binds an even count of %u to %u (a cover? check it with --cover)"),
               service->service, service->pages_min, service->pages_max);
    else
        detail(c->pages, false, N_("%d pages: %s binds an even count of %u to %u"), pages,
               service->service, service->pages_min, service->pages_max);
    double trim_w = 0, trim_h = 0, b = service->bleed * PT_PER_MM;
    double line_min = service->bleed > 0 ? service->line_min * PT_PER_MM : HOME_LINE_PT;
    double thinnest = INFINITY, lightest = INFINITY;
    int thin_page = 0, light_page = 0, run = 0, worst_run = 0, run_end = 0, annotated = 0;
    /* the safe area: a service's book (a cover has its own layout) */
    bool area = service->bleed > 0 && !cover;
    double safe = service->safe_in * PT_PER_IN,
           gutter = meiro_print_gutter_mm(print, pages > 0 ? (unsigned)pages : 0) * PT_PER_MM;
    int area_page = 0;
    font_widths *fonts = area ? calloc(PAGE_FONTS, sizeof *fonts) : NULL;
    if (area && !fonts) return MEIRO_ERROR_NOMEM;
    for (int p = 0; p < pages; p++) {
        qpdf_oh page = lib_qpdf()->qpdf_get_page_n(q, (size_t)p);
        double media[4], trim[4], bleed[4];
        bool has_media = page_box(q, page, "/MediaBox", media);
        bool has_trim = page_box(q, page, "/TrimBox", trim);
        bool has_bleed = page_box(q, page, "/BleedBox", bleed);
        /* the binding edge: the left of odd pages and the right of even
         * ones, the other way round in a book bound on the right */
        bool bound_left = (p % 2 == 0) != right_bound;
        if (!has_media) {
            if (!c->size[0]) detail(c->size, false, N_("page %d has no MediaBox"), p + 1);
        } else {
            if (!has_trim) memcpy(trim, media, sizeof trim);
            double tw = trim[2] - trim[0], th = trim[3] - trim[1];
            if (p == 0) trim_w = tw, trim_h = th;
            if (!c->size[0] && (!near(tw, trim_w) || !near(th, trim_h)))
                detail(c->size, false, N_("page %d's trim is %.1f x %.1f pt, page 1's %.1f x %.1f"),
                       p + 1, tw, th, trim_w, trim_h);
            /* a service's bleed: its edges, the binding edge's too or not */
            if (!c->size[0] && b > 0 && has_trim) {
                double left = service->binding_bleed || !bound_left ? b : 0;
                double right = service->binding_bleed || bound_left ? b : 0;
                if (!near(trim[0] - media[0], left) || !near(media[2] - trim[2], right) ||
                    !near(trim[1] - media[1], b) || !near(media[3] - trim[3], b))
                    detail(c->size, false,
                           N_("page %d is %.1f x %.1f pt around a %.1f x %.1f pt trim: %s wants "
                              "%.1f x %.1f (bleed %.3g pt on %s)"),
                           p + 1, media[2] - media[0], media[3] - media[1], tw, th,
                           service->service, tw + left + right, th + 2 * b, b,
                           service->binding_bleed ? N_("every edge")
                                                  : N_("top, bottom and outside edge"));
            }
            if (!c->boxes[0] && has_trim && !has_bleed)
                detail(c->boxes, false, N_("page %d has a TrimBox but no BleedBox"), p + 1);
        }
        ink k = {INFINITY, INFINITY, false, area, {0}, {0}, false, false, 0, 0, NULL, 0};
        if (area && has_media) {
            /* the trim less the safe margin, the gutter at the binding edge */
            if (!has_trim) memcpy(trim, media, sizeof trim);
            memcpy(k.trim, trim, sizeof trim);
            double in = fmax(safe, gutter);
            k.safe[0] = trim[0] + (bound_left ? in : safe);
            k.safe[2] = trim[2] - (bound_left ? safe : in);
            k.safe[1] = trim[1] + safe, k.safe[3] = trim[3] - safe;
        } else k.area = false;
        if (k.area) {
            k.nfonts = page_fonts(q, page, fonts);
            k.fonts = fonts;
        }
        meiro_status s = page_ink(q, page, &k, &budget, err);
        if (s != MEIRO_OK) {
            free(fonts);
            return s;
        }
        if (!area_page && (k.text_out || k.ink_out)) {
            area_page = p + 1;
            detail(c->area, false,
                   k.text_out
                       ? N_("page %d: text at x %.0f, y %.0f pt (from the trim's lower left) "
                            "within %.3g in of the trim (%.3g in at the binding): %s may "
                            "cut it")
                       : N_("page %d: ink at x %.0f, y %.0f pt (from the trim's lower left) "
                            "within %.3g in of the trim (%.3g in at the binding): %s may "
                            "cut it"),
                   p + 1, shown(k.out_x - k.trim[0]), shown(k.out_y - k.trim[1]), safe / PT_PER_IN,
                   fmax(safe, gutter) / PT_PER_IN, service->service);
        }
        if (k.thinnest < thinnest) thinnest = k.thinnest, thin_page = p + 1;
        if (k.lightest < lightest) lightest = k.lightest, light_page = p + 1;
        run = k.paints ? 0 : run + 1;
        if (run > worst_run) worst_run = run, run_end = p + 1;
        qpdf_oh annots = lib_qpdf()->qpdf_oh_get_key(q, page, "/Annots");
        if (!annotated && lib_qpdf()->qpdf_oh_is_array(q, annots) &&
            lib_qpdf()->qpdf_oh_get_array_n_items(q, annots) > 0)
            annotated = p + 1;
        lib_qpdf()->qpdf_oh_release_all(q);
        if (lib_qpdf()->qpdf_has_error(q)) {
            free(fonts);
            return pdf_error(q, err, "not a PDF qpdf can read");
        }
    }
    free(fonts);
    if (!c->size[0])
        detail(c->size, true, N_("every page's trim %.1f x %.1f pt (%.3g x %.3g in)"), trim_w,
               trim_h, trim_w / PT_PER_IN, trim_h / PT_PER_IN);
    if (!area)
        detail(c->area, true,
               cover ? N_("not checked: a cover") : N_("not checked: no service's trim"));
    else if (!area_page)
        detail(
            c->area, true,
            N_("text and ink %.3g in inside the trim (%.3g in at the binding), or into the bleed"),
            safe / PT_PER_IN, fmax(safe, gutter) / PT_PER_IN);
    if (!c->boxes[0]) detail(c->boxes, true, N_("TrimBox and BleedBox together or neither"));
    if (thinnest < line_min - 1e-3)
        detail(c->lines, false, N_("page %d: a line of %.3g pt; %s prints %.3g pt and up"),
               thin_page, thinnest, service->bleed > 0 ? service->service : N_("a printer"),
               line_min);
    else if (isinf(thinnest)) detail(c->lines, true, N_("no lines"));
    else detail(c->lines, true, N_("the thinnest line %.3g pt (page %d)"), thinnest, thin_page);
    if (lightest < 0.1 - 1e-3)
        detail(c->greys, false,
               N_("page %d: a tint of %.0f %%, which vanishes in print (10 %% and up)"), light_page,
               lightest * 100);
    else if (isinf(lightest)) detail(c->greys, true, N_("no tints"));
    else
        detail(c->greys, true, N_("the lightest tint %.0f %% (page %d)"), lightest * 100,
               light_page);
    if (worst_run > 2)
        detail(c->blanks, false, N_("%d blank pages in a row (pages %d to %d): 2 at most"),
               worst_run, run_end - worst_run + 1, run_end);
    else
        detail(c->blanks, true,
               worst_run == 0   ? N_("no blank pages")
               : worst_run == 1 ? N_("at most 1 blank page in a row")
                                : N_("at most 2 blank pages in a row"));
    if (annotated)
        detail(c->annots, false, N_("page %d has annotations (links, comments): remove them"),
               annotated);
    else detail(c->annots, true, N_("no annotations"));
    qpdf_oh outlines = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_root(q), "/Outlines");
    if (lib_qpdf()->qpdf_oh_has_key(q, outlines, "/First"))
        detail(c->outline, false, N_("the file has bookmarks (an outline): remove them"));
    else detail(c->outline, true, N_("no bookmarks"));
    lib_qpdf()->qpdf_oh_release_all(q);
    found f = {.transparent = -1};
    meiro_status s = pdf_walk(q, &budget, visit_object, &f, err);
    if (s != MEIRO_OK) return s;
    report_fonts(&f, c->fonts);
    if (f.active[0])
        detail(c->active, false, N_("%s: a print service takes no scripts, programs or files"),
               f.active);
    else detail(c->active, true, N_("no JavaScript, Launch actions or embedded files"));
    check_encryption(q, c->crypt);
    check_pdfx(q, service, &f, c->pdfx);
    check_metadata(q, service, title, c->meta);
    lib_qpdf()->qpdf_oh_release_all(q);
    if (cover && pages > 0) cover_rules(q, service, cover, pages, c);
    return lib_qpdf()->qpdf_has_error(q) ? pdf_error(q, err, "not a PDF qpdf can read") : MEIRO_OK;
}

/* One reading of the PDF (a file, or bytes when filename is NULL), its
 * checks into c. */
typedef struct check_job {
    const char *filename, *buf;
    size_t len;
    meiro_print print;
    const cover_expect *cover;
    const char *title;
    checks *c;
} check_job;

static meiro_status check_pdf(void *ctx, meiro_error *err)
{
    const check_job *j = ctx;
    qpdf_data q = quiet_qpdf();
    if (!q) return fail(err, MEIRO_ERROR_NOMEM, "out of memory checking the PDF");
    QPDF_ERROR_CODE read = j->filename
                               ? lib_qpdf()->qpdf_read(q, j->filename, NULL)
                               : lib_qpdf()->qpdf_read_memory(q, "meiro.pdf", j->buf, j->len, NULL);
    meiro_status s = read & QPDF_ERRORS ? pdf_error(q, err, "not a PDF qpdf can read")
                                        : run_checks(q, j->print, print_profile_of(j->print),
                                                     j->cover, j->title, j->c, err);
    quiet_cleanup(&q);
    return s;
}

/* Checks the PDF and reports each rule: a stranger's file (filename) in a
 * child process within PDF_SECONDS and PDF_MEGABYTES (qpdf decodes object
 * streams for itself, past any cap of ours), meiro's own (buf) here. */
static meiro_status preflight(const char *filename, const char *buf, size_t len, meiro_print print,
                              const cover_expect *cover, const char *title,
                              meiro_preflight_report report, void *ctx, bool *passed,
                              meiro_error *err)
{
    if (passed) *passed = false;
    if ((unsigned)print >= MEIRO_PRINT_COUNT)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT, "invalid print service %d",
                          (int)print);
    if (filename) {
        FILE *f = fopen(filename, "rb");
        if (!f) return fail(err, MEIRO_ERROR_IO, "cannot read %s", filename);
        fclose(f);
    }
    checks *c = filename ? sandbox_shared(sizeof *c) : calloc(1, sizeof *c);
    if (!c) return fail(err, MEIRO_ERROR_NOMEM, "out of memory checking the PDF");
    check_job job = {filename, buf, len, print, cover, title, c};
    meiro_status s =
        filename ? sandbox_run(check_pdf, &job, PDF_SECONDS, PDF_MEGABYTES, "read", "the PDF", err)
                 : check_pdf(&job, err);
    if (s == MEIRO_OK) {
        const struct {
            const char *rule, *detail;
        } rules[] = {
            {"pages", c->pages},        {"page size", c->size},     {"boxes", c->boxes},
            {"fonts", c->fonts},        {"lines", c->lines},        {"greys", c->greys},
            {"blank pages", c->blanks}, {"annotations", c->annots}, {"bookmarks", c->outline},
            {"safe area", c->area},     {"pdf/x", c->pdfx},         {"metadata", c->meta},
            {"encryption", c->crypt},   {"actions", c->active}};
        bool all = true;
        for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
            bool pass = rules[k].detail[0] != '!';
            all = all && pass;
            if (report) report(ctx, rules[k].rule, pass, rules[k].detail + !pass);
        }
        if (passed) *passed = all;
    }
    if (filename) sandbox_unshare(c, sizeof *c);
    else free(c);
    return s;
}

meiro_status render_preflight(const char *filename, meiro_print print,
                              meiro_preflight_report report, void *ctx, bool *passed,
                              meiro_error *err)
{
    if (!filename) return fail(err, MEIRO_ERROR_ARGUMENT, "preflight needs a file");
    return preflight(filename, NULL, 0, print, NULL, NULL, report, ctx, passed, err);
}

meiro_status render_preflight_cover(const char *filename, meiro_print print, meiro_stock stock,
                                    unsigned pages, double trim_w_mm, double trim_h_mm,
                                    meiro_preflight_report report, void *ctx, bool *passed,
                                    meiro_error *err)
{
    return render_preflight_titled(filename, print, NULL, true, stock, pages, trim_w_mm, trim_h_mm,
                                   report, ctx, passed, err);
}

meiro_status render_preflight_titled(const char *filename, meiro_print print, const char *title,
                                     bool is_cover, meiro_stock stock, unsigned pages,
                                     double trim_w_mm, double trim_h_mm,
                                     meiro_preflight_report report, void *ctx, bool *passed,
                                     meiro_error *err)
{
    if (!is_cover) {
        if (!filename) return fail(err, MEIRO_ERROR_ARGUMENT, "preflight needs a file");
        return preflight(filename, NULL, 0, print, NULL, title, report, ctx, passed, err);
    }
    if (passed) *passed = false;
    if (!filename) return fail(err, MEIRO_ERROR_ARGUMENT, "preflight needs a file");
    double w, h;
    meiro_status s = meiro_cover_size(print, stock, pages, trim_w_mm, trim_h_mm, &w, &h, NULL, err);
    if (s != MEIRO_OK) return s;
    static const char *const stocks[MEIRO_STOCK_COUNT] = {"white", "cream", "color"};
    cover_expect cover = {w * PT_PER_MM, h * PT_PER_MM, ""};
    snprintf(cover.what, sizeof cover.what, N_("%u pages of %.4g x %.4g in on %s"), pages,
             trim_w_mm / 25.4, trim_h_mm / 25.4, stocks[stock]);
    return preflight(filename, NULL, 0, print, &cover, title, report, ctx, passed, err);
}

meiro_status book_pages(const char *filename, unsigned *pages, double *trim_w_mm, double *trim_h_mm,
                        meiro_error *err)
{
    qpdf_data q;
    meiro_status s = read_book_pdf(filename, &q, err);
    if (s != MEIRO_OK) {
        if (q) quiet_cleanup(&q);
        return s;
    }
    int n = lib_qpdf()->qpdf_get_num_pages(q);
    double box[4];
    qpdf_oh page = n > 0 ? lib_qpdf()->qpdf_get_page_n(q, 0) : 0;
    /* the trim is the TrimBox, else the page */
    if (n <= 0 || lib_qpdf()->qpdf_has_error(q) ||
        !(page_box(q, page, "/TrimBox", box) || page_box(q, page, "/MediaBox", box)))
        s = pdf_error(q, err, "not a PDF book qpdf can read");
    else {
        *pages = (unsigned)n;
        *trim_w_mm = (box[2] - box[0]) / PT_PER_MM;
        *trim_h_mm = (box[3] - box[1]) / PT_PER_MM;
    }
    quiet_cleanup(&q);
    return s;
}

/* book_pages in the child: the book and what it found, shared. */
typedef struct book_job {
    const char *filename;
    unsigned pages;
    double w, h;
} book_job;

static meiro_status read_pages(void *ctx, meiro_error *err)
{
    book_job *j = ctx;
    return book_pages(j->filename, &j->pages, &j->w, &j->h, err);
}

meiro_status render_pdf_book(const char *filename, unsigned *pages, double *trim_w_mm,
                             double *trim_h_mm, meiro_error *err)
{
    if (!filename) return fail(err, MEIRO_ERROR_ARGUMENT, "no book to read");
    book_job *j = sandbox_shared(sizeof *j);
    if (!j) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the book");
    j->filename = filename;
    meiro_status s =
        sandbox_run(read_pages, j, PDF_SECONDS, PDF_MEGABYTES, "read", "the book", err);
    if (s == MEIRO_OK) {
        if (pages) *pages = j->pages;
        if (trim_w_mm) *trim_w_mm = j->w;
        if (trim_h_mm) *trim_h_mm = j->h;
    }
    sandbox_unshare(j, sizeof *j);
    return s;
}

/* The failing rules, gathered into one message: their names on its first
 * line, then a line each (the command translates a message a line at a
 * time, each line a format of the catalogue: a detail joined to another
 * on one line would be English). */
typedef struct failures {
    char names[100], lines[sizeof((meiro_error *)0)->message];
    size_t names_len, lines_len;
} failures;

static void gather(void *ctx, const char *rule, bool pass, const char *detail)
{
    failures *f = ctx;
    if (pass) return;
    if (f->names_len < sizeof f->names - 1) {
        int n = snprintf(f->names + f->names_len, sizeof f->names - f->names_len, "%s%s",
                         f->names_len ? ", " : "", rule);
        if (n > 0) f->names_len = fmin(sizeof f->names - 1, f->names_len + (size_t)n);
    }
    char line[sizeof f->lines];
    /* TRANSLATORS: a failing rule's line under "the PDF would fail ...":
       the rule's name (as meiro preflight prints it), its detail */
    int n = snprintf(line, sizeof line, N_("  %s: %s"), rule, detail);
    /* whole lines only: the message holds what fits */
    if (n > 0 && f->lines_len + 1 + (size_t)n < sizeof f->lines)
        f->lines_len +=
            (size_t)snprintf(f->lines + f->lines_len, sizeof f->lines - f->lines_len, "\n%s", line);
}

meiro_status preflight_own(const char *buf, size_t len, meiro_print print, meiro_error *err)
{
    failures f = {0};
    bool passed = false;
    meiro_status s = preflight(NULL, buf, len, print, NULL, NULL, gather, &f, &passed, err);
    if (s != MEIRO_OK || passed) return s;
    char head[sizeof err->message];
    snprintf(head, sizeof head, N_("the PDF would fail %s's rules (meiro preflight): %s"),
             print_profile_of(print)->service, f.names);
    /* the rules' lines that fit after it, whole */
    size_t room = sizeof err->message - 1 - strlen(head), keep = f.lines_len;
    while (keep > room)
        while (keep > 0 && f.lines[--keep] != '\n') continue;
    return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT, "%s%.*s", head, (int)keep,
                      f.lines);
}
