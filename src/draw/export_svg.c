/* SVG export: one vector page (or with --crop only the maze and a small
 * border), its width and height in millimetres with a viewBox, for
 * browsers and Inkscape, the maze's parts in named groups (walls,
 * solution, labels) that a designer can pick. */
#include "core/error.h"
#include "core/model.h"
#include "compose/document.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "draw/export.h"
#include "draw/svg_text.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- A maze's walls, written straight out ----
 * cairo's SVG surface holds the whole page in memory and prints every
 * coordinate with six decimals; a grid's walls are most of the page, so
 * they are streamed here instead, as one path of long strokes (draw.h's
 * trace_grid_walls, or a rectangle's runs: trace_rect_walls) with
 * coordinates to the micrometre, a line along an axis as H or V. */

typedef struct svg_path_out {
    FILE *out;
    bool ok;
    double dx, dy; /* the page's offset (--crop) */
    const char *open; /* a <path> tag up to its path data */
    size_t flushed;   /* bytes of the open <path> written out */
    long long qx, qy; /* the current point, in thousandths as written */
    long long sx, sy; /* where its sub-path began (Z returns there) */
    size_t len;
    char buf[1 << 16];
} svg_path_out;

static void path_flush(svg_path_out *o)
{
    if (o->ok && o->len && fwrite(o->buf, 1, o->len, o->out) != o->len) o->ok = false;
    o->flushed += o->len;
    o->len = 0;
}

/* q thousandths, as few characters as it takes: "-12.5", "3" */
static void put_q(svg_path_out *o, long long q)
{
    char *p = o->buf + o->len;
    if (q < 0) *p++ = '-', q = -q;
    char digits[24];
    int n = 0;
    for (long long w = q / 1000; n == 0 || w > 0; w /= 10) digits[n++] = (char)('0' + w % 10);
    while (n) *p++ = digits[--n];
    int frac = (int)(q % 1000);
    if (frac) {
        *p++ = '.';
        for (int div = 100; frac; div /= 10) {
            *p++ = (char)('0' + frac / div);
            frac %= div;
        }
    }
    o->len = (size_t)(p - o->buf);
}

static void put_number(svg_path_out *o, double v) { put_q(o, llround(v * 1000)); }

/* Room for one command (a few numbers of at most 24 characters each). */
static void path_room(svg_path_out *o)
{
    if (o->len > sizeof o->buf - 256) path_flush(o);
}

/* A move (M) or a line (L; H or V along an axis) to (x, y). */
static void path_point(svg_path_out *o, char op, double x, double y)
{
    path_room(o);
    long long qx = llround((x - o->dx) * 1000), qy = llround((y - o->dy) * 1000);
    if (op == 'L' && qy == o->qy) {
        o->buf[o->len++] = 'H';
        put_q(o, qx);
    } else if (op == 'L' && qx == o->qx) {
        o->buf[o->len++] = 'V';
        put_q(o, qy);
    } else {
        o->buf[o->len++] = op;
        put_q(o, qx);
        o->buf[o->len++] = ' ';
        put_q(o, qy);
    }
    o->qx = qx, o->qy = qy;
    if (op == 'M') o->sx = qx, o->sy = qy;
}

/* libxml2 (librsvg, Inkscape) reads an attribute of at most 10 MB, and
 * librsvg fails on less at some offsets: a new <path> after each megabyte,
 * at a move, where it changes nothing. */
enum { PATH_DATA_MOST = 1 << 20 };

static void svg_pen_move(void *ctx, double x, double y)
{
    svg_path_out *o = ctx;
    if (o->flushed + o->len > PATH_DATA_MOST) {
        path_flush(o);
        if (o->ok && fprintf(o->out, "\"/>%s", o->open) < 0) o->ok = false;
        o->flushed = 0;
    }
    path_point(o, 'M', x, y);
}

static void svg_pen_line(void *ctx, double x, double y) { path_point(ctx, 'L', x, y); }

/* SVG's arc to an end point; sweep 1 is clockwise on the page as cairo's
 * rising angles are. */
static void svg_arc_to(svg_path_out *o, double r, bool sweep, double x, double y)
{
    path_room(o);
    o->buf[o->len++] = 'A';
    put_number(o, r);
    o->buf[o->len++] = ' ';
    put_number(o, r);
    memcpy(o->buf + o->len, sweep ? " 0 0 1 " : " 0 0 0 ", 7);
    o->len += 7;
    o->qx = llround((x - o->dx) * 1000), o->qy = llround((y - o->dy) * 1000);
    put_q(o, o->qx);
    o->buf[o->len++] = ' ';
    put_q(o, o->qy);
}

/* In pieces of at most a quarter circle: an SVG arc's centre is found
 * from its end points, and for a half circle the end points rounded to
 * the micrometre would move it sideways by a third of a millimetre. */
static void svg_pen_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    svg_path_out *o = ctx;
    bool back = r < 0;
    r = fabs(r);
    double span = a1 - a0;
    int pieces = (int)ceil(span / (G_PI / 2) - 1e-9);
    if (pieces < 1) pieces = 1;
    for (int k = 1; k <= pieces; k++) {
        double a = back ? a1 - span * k / pieces : a0 + span * k / pieces;
        svg_arc_to(o, r, !back, cx + r * cos(a), cy + r * sin(a));
    }
    if (span >= 2 * G_PI - 1e-9) {
        path_room(o);
        o->buf[o->len++] = 'Z';
        o->qx = o->sx, o->qy = o->sy;
    }
}

/* The walls of the page's maze as a <path> in the open group: a grid's
 * with round caps and joins, a rectangle's runs with square caps (they
 * close the corners where runs meet), as draw_maze strokes them. */
static bool write_grid_walls(FILE *out, const meiro_maze *m, const page_layout *L, double x0,
                             double y0)
{
    bool rect = m->grid == MEIRO_GRID_RECT;
    char open[256];
    snprintf(open, sizeof open,
             "\n<path style=\"fill:none;stroke-width:%g;stroke-linecap:%s;"
             "stroke-linejoin:%s;stroke:rgb(0%%,0%%,0%%);stroke-opacity:1;"
             "stroke-miterlimit:10;\" d=\"",
             L->line, rect ? "square" : "round", rect ? "miter" : "round");
    svg_path_out *o = malloc(sizeof *o);
    if (!o) return false;
    o->out = out, o->ok = fputs(open, out) != EOF, o->dx = x0, o->dy = y0;
    o->open = open, o->flushed = 0, o->len = 0;
    o->qx = o->qy = o->sx = o->sy = LLONG_MIN; /* no current point */
    grid_pen pen = {svg_pen_move, svg_pen_line, svg_pen_arc, o};
    if (rect) trace_rect_walls(m, L, &pen);
    else trace_grid_walls(m, L, -HUGE_VAL, HUGE_VAL, &pen);
    path_flush(o);
    bool ok = o->ok && fputs("\"/>\n", out) != EOF;
    free(o);
    return ok;
}

/* cairo 1.16 cannot name an SVG group: each part of the page is drawn
 * into an SVG document of its own, held in memory, and the documents are
 * merged in drawing order, each part's content in a group named for it. */
typedef struct svg_part {
    unsigned layers;
    const char *group;  /* NULL: the page itself, outside any group */
    const char *prefix; /* keeps each document's ids (glyph0-1, clip1...) apart */
} svg_part;

meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir; /* no scratch files */
    doc_item item = {m, path, 0};
    document d;
    meiro_status s = doc_init_writer(&d, &item, opt, err);
    if (s != MEIRO_OK) return s;
    double pw, ph, x0 = 0, y0 = 0;
    doc_page_size(&d, &pw, &ph);
    page_layout L;
    if (d.style.crop && (s = doc_first_maze(&d, 0, &L, err)) == MEIRO_OK) {
        /* --crop: the maze and a small border, for layout software */
        x0 = L.crop_x;
        y0 = L.crop_y;
        pw = L.crop_w;
        ph = L.crop_h;
    }
    /* in drawing order: the labels stay readable above the path; a picture
     * maze's answer is its cells filled, under the walls as on a PDF page */
    const svg_part walls_part = {LAYER_WALLS, "walls", "walls-"};
    const svg_part path_part = {LAYER_PATH, "solution", "solution-"};
    const svg_part parts[] = {
        {LAYER_PAGE | LAYER_FOOTER, NULL, "page-"},
        m->picture ? path_part : walls_part,
        m->picture ? walls_part : path_part,
        {LAYER_LABELS, "labels", "labels-"},
    };
    bool path_drawn = doc_page_has_path(&d, 0);
    /* a tactile sheet is one drawing, whatever the layers (draw_tactile):
     * drawn once, in the first part, with no walls */
    size_t count = d.style.tactile ? 1 : sizeof parts / sizeof *parts;
    /* the maze's walls for the grid's path (the page's one maze) */
    page_layout walls_at;
    bool apart = (m->grid != MEIRO_GRID_RECT || rect_walls_apart(m)) && !d.style.marks.paths &&
                 !d.style.tactile && s == MEIRO_OK &&
                 (s = doc_first_maze(&d, 0, &walls_at, err)) == MEIRO_OK;
    svg_text t = {0};
    /* one part in memory at a time */
    for (size_t k = 0; k < count && s == MEIRO_OK; k++) {
        if (parts[k].layers == LAYER_PATH && !path_drawn) continue;
        bool walls = apart && parts[k].layers == LAYER_WALLS;
        s = svg_draw_page(&d, 0, parts[k].layers | (walls ? LAYER_GRID_WALLS_APART : 0), pw, ph,
                          x0, y0, &t, err);
        if (s != MEIRO_OK) break;
        bool ok = walls ? fprintf(out, "\n<g id=\"%s\">", parts[k].group) >= 0 &&
                              svg_copy(out, &t, NULL, parts[k].prefix, false) &&
                              write_grid_walls(out, m, &walls_at, x0, y0) &&
                              fputs("</g>", out) != EOF
                        : svg_copy(out, &t, parts[k].group, parts[k].prefix, k == 0);
        if (!ok) s = fail_write(err);
    }
    if (s == MEIRO_OK && (fputs("\n</svg>\n", out) == EOF || fflush(out) == EOF))
        s = fail_write(err);
    free(t.data);
    doc_free(&d);
    return s;
}
