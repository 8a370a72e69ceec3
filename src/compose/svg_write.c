/* A page's description as SVG markup (svg_write.h). */
#include "compose/svg_write.h"

#include "core/alloc.h"
#include "core/error.h"
#include "compose/draw.h"
#include "compose/measure.h"
#include "glyph/font.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A glyph defined in this pass: its face, its index in the face, and the
 * number its definition's id ends in. */
struct svg_glyph {
    const glyph_face *face;
    uint32_t id;
    unsigned number;
    bool drawn; /* false: no outline (a space), defined empty, never used */
};

/* What pango and cairo draw an italic text in when its family has no
 * italic face (meiro's fonts have none): the upright face slanted, x +=
 * 0.2 y, as FreeType's synthetic oblique (web/site/meiro-page.js's too). */
#define SLANT " matrix(1 0 -0.2 1 0 0)"
/* A bold text in a face without bold: emboldened by an em / 24 as cairo
 * does (FT_GlyphSlot_Embolden, whose outline grows up and to the right:
 * the ink glyph/font.c measures), here a stroke that wide round the fill,
 * moved half of it up and right. */
#define EMBOLDEN (1.0 / 24)
/* The largest picture file a page takes (draw/draw_cairo.h's for cairo) */
#define PICTURE_MAX_BYTES (1 << 20)

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(svg_writer *w, const char *fmt, ...)
{
    if (w->write_failed) return;
    va_list ap;
    va_start(ap, fmt);
    w->write_failed = vfprintf(w->out, fmt, ap) < 0;
    va_end(ap);
}

/* A number with `places` decimals at most, no trailing zeros, no "-0"
 * (the caller's numbers are "C"'s: formats.c's c_numbers). */
static const char *num(char buf[32], double v, int places)
{
    snprintf(buf, 32, "%.*f", places, v);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *end = buf + strlen(buf);
        while (end > dot + 1 && end[-1] == '0') *--end = 0;
        if (end == dot + 1) *dot = 0;
    }
    if (strcmp(buf, "-0") == 0) strcpy(buf, "0");
    return buf;
}

/* Millimetres to a micrometre. */
static void put_mm(svg_writer *w, double v)
{
    char b[32];
    put(w, "%s", num(b, v, 3));
}

static void put_colour(svg_writer *w, scene_rgb c)
{
    put(w, "#%02x%02x%02x", (unsigned)lround(fmin(fmax(c.r, 0), 1) * 255),
        (unsigned)lround(fmin(fmax(c.g, 0), 1) * 255),
        (unsigned)lround(fmin(fmax(c.b, 0), 1) * 255));
}

/* ---- Paths ---- */

/* Where a path's pen is: an arc starts with a line from it (cairo's arc). */
typedef struct pen {
    bool has;
    double x, y, sx, sy; /* the point, and its sub-path's start */
} pen;

static void step_to(svg_writer *w, pen *p, char op, double x, double y)
{
    put(w, "%c", op);
    put_mm(w, x);
    put(w, " ");
    put_mm(w, y);
    if (op == 'M') p->sx = x, p->sy = y;
    p->has = true, p->x = x, p->y = y;
}

/* An arc as cairo draws it: from the pen a line to its start (or a move
 * there without one), then pieces of at most half a turn (an SVG arc's
 * two end points must not meet). */
static void arc_to(svg_writer *w, pen *p, const double *v, bool back)
{
    double cx = v[0], cy = v[1], r = v[2], a0 = v[3], a1 = v[4];
    if (!back)
        while (a1 < a0) a1 += TAU;
    else
        while (a1 > a0) a1 -= TAU;
    double x0 = cx + r * cos(a0), y0 = cy + r * sin(a0);
    if (!p->has) step_to(w, p, 'M', x0, y0);
    else if (fabs(p->x - x0) > 1e-9 || fabs(p->y - y0) > 1e-9) step_to(w, p, 'L', x0, y0);
    unsigned n = (unsigned)fmax(1, ceil(fabs(a1 - a0) / (TAU / 2) - 1e-9));
    for (unsigned k = 1; k <= n; k++) {
        double a = a0 + (a1 - a0) * k / n;
        put(w, "A");
        put_mm(w, r);
        put(w, " ");
        put_mm(w, r);
        put(w, " 0 0 %d ", back ? 0 : 1); /* y runs down: a rising angle turns clockwise */
        double x = cx + r * cos(a), y = cy + r * sin(a);
        put_mm(w, x);
        put(w, " ");
        put_mm(w, y);
        p->x = x, p->y = y;
    }
}

/* The d attribute of a path item's steps. */
static void put_d(svg_writer *w, const scene *s, const scene_item *it)
{
    const uint8_t *op = scene_item_ops(s, it);
    const double *v = scene_item_points(s, it);
    pen p = {0};
    put(w, " d=\"");
    for (size_t i = 0; i < it->ops; v += scene_op_numbers((scene_op)op[i]), i++) {
        switch ((scene_op)op[i]) {
        case SCENE_MOVE: step_to(w, &p, 'M', v[0], v[1]); break;
        case SCENE_LINE: step_to(w, &p, p.has ? 'L' : 'M', v[0], v[1]); break;
        case SCENE_CURVE:
            if (!p.has) step_to(w, &p, 'M', v[0], v[1]);
            put(w, "C");
            for (int k = 0; k < 6; k++) {
                if (k) put(w, " ");
                put_mm(w, v[k]);
            }
            p.x = v[4], p.y = v[5];
            break;
        case SCENE_ARC:
        case SCENE_ARC_BACK: arc_to(w, &p, v, op[i] == SCENE_ARC_BACK); break;
        case SCENE_CLOSE:
            put(w, "Z");
            p.x = p.sx, p.y = p.sy;
            break;
        case SCENE_OP_COUNT: break;
        }
    }
    put(w, "\"");
}

static void put_path(svg_writer *w, const scene *s, const scene_item *it)
{
    static const char *const caps[] = {"butt", "round", "square"};
    static const char *const joins[] = {"miter", "round", "bevel"};
    const scene_paint *p = &it->paint;
    put(w, "<path");
    if (p->stroke) {
        put(w, " fill=\"none\" stroke=\"");
        put_colour(w, p->colour);
        put(w, "\" stroke-width=\"");
        put_mm(w, p->width);
        put(w, "\" stroke-linecap=\"%s\" stroke-linejoin=\"%s\"", caps[p->cap], joins[p->join]);
        if (p->join == JOIN_MITER) put(w, " stroke-miterlimit=\"10\""); /* cairo's */
        if (p->dashes) {
            put(w, " stroke-dasharray=\"");
            put_mm(w, p->dash[0]);
            put(w, " ");
            put_mm(w, p->dashes == 2 ? p->dash[1] : p->dash[0]);
            put(w, "\"");
        }
    } else {
        put(w, " fill=\"");
        put_colour(w, p->colour);
        put(w, "\"%s", p->even_odd ? " fill-rule=\"evenodd\"" : "");
    }
    put_d(w, s, it);
    put(w, "/>\n");
}

static void put_clip(svg_writer *w, const scene *s, const scene_item *it)
{
    unsigned n = w->ids++;
    put(w, "<clipPath id=\"%sc%u\"><path%s", w->prefix, n,
        it->paint.even_odd ? " clip-rule=\"evenodd\"" : "");
    put_d(w, s, it);
    put(w, "/></clipPath><g clip-path=\"url(#%sc%u)\">\n", w->prefix, n);
}

/* ---- Texts ---- */

/* A glyph's outline, ems, as steps of a d attribute (its contours closed). */
typedef struct glyph_d {
    svg_writer *w;
    bool open;
} glyph_d;

static void put_em(svg_writer *w, double v)
{
    char b[32];
    put(w, "%s", num(b, v, 5));
}

static void gd_point(glyph_d *g, char op, double x, double y)
{
    put(g->w, "%c", op);
    put_em(g->w, x);
    put(g->w, " ");
    put_em(g->w, y);
}

static void gd_move(void *ctx, double x, double y)
{
    glyph_d *g = ctx;
    if (g->open) put(g->w, "Z");
    g->open = true;
    gd_point(g, 'M', x, y);
}

static void gd_line(void *ctx, double x, double y) { gd_point(ctx, 'L', x, y); }

static void gd_quad(void *ctx, double x1, double y1, double x, double y)
{
    glyph_d *g = ctx;
    gd_point(g, 'Q', x1, y1);
    put(g->w, " ");
    put_em(g->w, x);
    put(g->w, " ");
    put_em(g->w, y);
}

static void gd_cubic(void *ctx, double x1, double y1, double x2, double y2, double x, double y)
{
    glyph_d *g = ctx;
    gd_point(g, 'C', x1, y1);
    double rest[] = {x2, y2, x, y};
    for (int k = 0; k < 4; k++) {
        put(g->w, " ");
        put_em(g->w, rest[k]);
    }
}

/* The number of glyph it's definition in this pass, written now (before
 * the text that uses it) if it is new; -1 for a glyph without an outline
 * (a space), or out of memory (w says so). */
static long glyph_number(svg_writer *w, const glyph_item *it)
{
    for (size_t i = 0; i < w->glyph_count; i++)
        if (w->glyphs[i].face == it->face && w->glyphs[i].id == it->id)
            return w->glyphs[i].drawn ? (long)w->glyphs[i].number : -1;
    if (w->glyph_count == w->glyph_cap) {
        size_t cap = w->glyph_cap ? 2 * w->glyph_cap : 64;
        svg_glyph *grown = realloc_array(w->glyphs, cap, sizeof *grown);
        if (!grown) {
            if (w->status == MEIRO_OK)
                w->status = fail(&w->err, MEIRO_ERROR_NOMEM, "out of memory");
            return -1;
        }
        w->glyphs = grown;
        w->glyph_cap = cap;
    }
    svg_glyph *g = &w->glyphs[w->glyph_count++];
    *g = (svg_glyph){it->face, it->id, w->ids++, false};
    /* the glyph at its own origin; a bold made of a face without one
     * stroked (its colour the text's: the stroke of the group using it) */
    glyph_item at = {it->face, it->id, 0, 0};
    bool bolder = glyph_face_emboldened(it->face);
    put(w, "<defs><path id=\"%sg%u\"", w->prefix, g->number);
    if (bolder) {
        char b[32], c[32];
        num(c, EMBOLDEN / 2, 5);
        put(w, " stroke-width=\"%s\" stroke-linejoin=\"round\" transform=\"translate(%s %s)\"",
            num(b, EMBOLDEN, 5), c, c);
    }
    put(w, " d=\"");
    glyph_d d = {w, false};
    glyph_steps to = {gd_move, gd_line, gd_quad, gd_cubic, &d};
    g->drawn = glyph_outline_steps(&at, &to);
    if (d.open) put(w, "Z");
    put(w, "\"/></defs>\n");
    return g->drawn ? (long)g->number : -1;
}

/* A run of text: its lines as the measurer set them (text_set_out), each
 * shaped again in the fonts it was measured with, its glyphs placed from
 * the line's start on its baseline. Glyphs are filled outlines already:
 * an outlined text (a badge's letters, cairo's path filled) is the same. */
static void put_text(svg_writer *w, const scene_text *t)
{
    text_set set;
    text_set_out(w->cv, t->text, t->font, t->bold, t->size, t->wrap, t->in_words, &set);
    for (size_t i = 0; i < set.lines && i < SET_LINES; i++) {
        const set_line *l = &set.line[i];
        glyph_run run;
        glyph_run_init(&run, true);
        if (!text_shape(w->cv, t->text + l->start, l->len, t->font, t->bold, &run)) {
            glyph_run_free(&run);
            return; /* the canvas says why: the page is refused */
        }
        /* the definitions first, then the uses in a group of the text's
         * size, y up as the glyphs' */
        long *numbers = alloc_array(run.count ? run.count : 1, sizeof *numbers);
        if (!numbers) {
            glyph_run_free(&run);
            if (w->status == MEIRO_OK)
                w->status = fail(&w->err, MEIRO_ERROR_NOMEM, "out of memory");
            return;
        }
        for (size_t k = 0; k < run.count; k++) numbers[k] = glyph_number(w, &run.items[k]);
        char b[4][32];
        put(w, "<g fill=\"");
        put_colour(w, t->colour);
        put(w, "\" stroke=\"");
        put_colour(w, t->colour);
        put(w, "\" stroke-width=\"0\" transform=\"");
        if (t->angle != 0) /* turned about the layout's corner (a spine's words) */
            put(w, "translate(%s %s) rotate(%s) ", num(b[0], t->x, 3), num(b[1], t->y, 3),
                num(b[2], t->angle * 360 / TAU, 4));
        double x = t->angle != 0 ? l->x : t->x + l->x;
        double y = t->angle != 0 ? l->baseline : t->y + l->baseline;
        put(w, "translate(%s %s)%s scale(%s %s)\">", num(b[0], x, 3), num(b[1], y, 3),
            t->italic ? SLANT : "", num(b[2], t->size, 4), num(b[3], -t->size, 4));
        for (size_t k = 0; k < run.count; k++) {
            if (numbers[k] < 0) continue;
            put(w, "<use href=\"#%sg%ld\" x=\"%s\" y=\"%s\"/>", w->prefix, numbers[k],
                num(b[0], run.items[k].x, 5), num(b[1], run.items[k].y, 5));
        }
        put(w, "</g>\n");
        free(numbers);
        glyph_run_free(&run);
    }
}

/* ---- Pictures ---- */

static void put_base64(svg_writer *w, const unsigned char *p, size_t n)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char quad[5] = {0};
    for (size_t i = 0; i < n && !w->write_failed; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
                     (i + 2 < n ? p[i + 2] : 0);
        quad[0] = abc[v >> 18 & 63];
        quad[1] = abc[v >> 12 & 63];
        quad[2] = i + 1 < n ? abc[v >> 6 & 63] : '=';
        quad[3] = i + 2 < n ? abc[v & 63] : '=';
        w->write_failed = fputs(quad, w->out) == EOF;
    }
}

/* A picture's file: the built-in copy of its name, or the template's own
 * (art_path's rule), read whole up to PICTURE_MAX_BYTES; *owned is the
 * copy to free. */
static meiro_status picture_bytes(svg_writer *w, const char *name, const char **data, size_t *size,
                                  char **owned)
{
    *owned = NULL;
    char path[2048];
    if (art_path(w->tpl, name, path, sizeof path)) {
        const builtin_file *b = builtin_find(name);
        if (!b) return fail(&w->err, MEIRO_ERROR_IO, "artwork '%s': no such built-in file", name);
        *data = b->data;
        *size = b->size;
        return MEIRO_OK;
    }
    FILE *f = fopen(path, "rb");
    if (!f) return fail(&w->err, MEIRO_ERROR_IO, "artwork '%s': %s", path, strerror(errno));
    char *buf = alloc_array(PICTURE_MAX_BYTES + 1, 1);
    size_t n = buf ? fread(buf, 1, PICTURE_MAX_BYTES + 1, f) : 0;
    meiro_status s = MEIRO_OK;
    if (!buf) s = fail(&w->err, MEIRO_ERROR_NOMEM, "out of memory");
    else if (ferror(f))
        s = fail(&w->err, MEIRO_ERROR_IO, "artwork '%s': %s", path, strerror(errno));
    else if (n > PICTURE_MAX_BYTES)
        s = fail(&w->err, MEIRO_ERROR_PARSE, "artwork '%s': larger than %d KiB", path,
                 PICTURE_MAX_BYTES / 1024);
    fclose(f);
    if (s != MEIRO_OK) {
        free(buf);
        return s;
    }
    *data = *owned = buf;
    *size = n;
    return MEIRO_OK;
}

static void put_image(svg_writer *w, const scene_image *im)
{
    const char *data;
    size_t size;
    char *owned;
    meiro_status s = picture_bytes(w, im->name, &data, &size, &owned);
    if (s != MEIRO_OK) {
        if (w->status == MEIRO_OK) w->status = s;
        return;
    }
    size_t len = strlen(im->name);
    bool png = len > 4 && strcmp(im->name + len - 4, ".png") == 0;
    put(w, "<image x=\"");
    put_mm(w, im->x);
    put(w, "\" y=\"");
    put_mm(w, im->y);
    put(w, "\" width=\"");
    put_mm(w, im->w);
    put(w, "\" height=\"");
    put_mm(w, im->h);
    /* a frame's edges stretched along the page, a picture fitted in its box */
    put(w, "\" preserveAspectRatio=\"%s\" href=\"data:image/%s;base64,",
        im->frame ? "none" : "xMidYMid meet", png ? "png" : "svg+xml");
    put_base64(w, (const unsigned char *)data, size);
    put(w, "\"/>\n");
    free(owned);
}

/* ---- The sink ---- */

static bool write_items(void *ctx, scene *s, size_t from, size_t to)
{
    svg_writer *w = ctx;
    for (size_t i = from; i < to; i++) {
        const scene_item *it = &s->items[i];
        switch (it->kind) {
        case SCENE_PATH: put_path(w, s, it); break;
        case SCENE_CLIP: put_clip(w, s, it); break;
        case SCENE_UNCLIP: put(w, "</g>\n"); break;
        case SCENE_TEXT:
            /* braille's text is carried for readers; its dots are its own path */
            if (it->role != ROLE_BRAILLE) put_text(w, &it->text);
            break;
        case SCENE_IMAGE: put_image(w, &it->image); break;
        }
    }
    return true; /* the writer's failures are its own (svg_writer_status) */
}

void svg_writer_init(svg_writer *w, FILE *out, const char *prefix, const meiro_template *tpl)
{
    *w = (svg_writer){.out = out, .prefix = prefix, .tpl = tpl};
}

void svg_writer_free(svg_writer *w)
{
    free(w->glyphs);
    w->glyphs = NULL;
    w->glyph_count = w->glyph_cap = 0;
}

scene_sink svg_writer_sink(svg_writer *w) { return (scene_sink){write_items, w}; }

void svg_writer_pass(svg_writer *w) { w->glyph_count = 0; }

meiro_status svg_writer_status(const svg_writer *w, meiro_error *err)
{
    if (w->status != MEIRO_OK) {
        if (err) *err = w->err;
        return w->status;
    }
    return w->write_failed ? fail_write(err) : MEIRO_OK;
}
