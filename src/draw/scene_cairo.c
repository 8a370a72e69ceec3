/* The cairo backend of a page's description, and canvases drawn onto cairo
 * (scene_cairo.h). */
#include "draw/scene_cairo.h"
#include "draw/draw_cairo.h"

#include "core/alloc.h"
#include "core/error.h"
#include "compose/draw.h"
#include "draw/pdf_walls.h"
#include "page/braille.h"
#include "draw/stroke_mask.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_rgb(cairo_t *cr, scene_rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

/* Whether the steps from op on (numbers v) are an arc starting at (x, y). */
static bool arc_from(const uint8_t *op, const double *v, size_t left, double x, double y)
{
    if (left == 0 || (op[0] != SCENE_ARC && op[0] != SCENE_ARC_BACK)) return false;
    return v[0] + v[2] * cos(v[3]) == x && v[1] + v[2] * sin(v[3]) == y;
}

static void replay(cairo_t *cr, const uint8_t *op, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch ((scene_op)op[i]) {
        case SCENE_MOVE:
            /* a move to where an arc starts begins a sub-path the arc
             * starts (canvas_arc's): cairo_arc after a move would add a
             * line of no length, which a stroke's caps show */
            if (arc_from(op + i + 1, v + 2, n - i - 1, v[0], v[1])) cairo_new_sub_path(cr);
            else cairo_move_to(cr, v[0], v[1]);
            break;
        case SCENE_LINE: cairo_line_to(cr, v[0], v[1]); break;
        case SCENE_CURVE: cairo_curve_to(cr, v[0], v[1], v[2], v[3], v[4], v[5]); break;
        case SCENE_ARC: cairo_arc(cr, v[0], v[1], v[2], v[3], v[4]); break;
        case SCENE_ARC_BACK: cairo_arc_negative(cr, v[0], v[1], v[2], v[3], v[4]); break;
        case SCENE_CLOSE: cairo_close_path(cr); break;
        case SCENE_OP_COUNT: break;
        }
        v += scene_op_numbers((scene_op)op[i]);
    }
}

/* ---- A grid's walls ---- */

#define ARC_CHORD_MM GRID_ARC_CHORD_MM

/* cairo as the pen, or on a picture the stroke mask (stroke_mask.h). On a
 * picture arcs are drawn as chords no further than a tenth of a pixel
 * from the circle, as cairo would flatten them: a ring's arc of a few
 * pixels is then one or two lines. */
/* A stroke every so many strokes of the trace: cairo's PDF and SVG
 * surfaces keep several copies of a path they record, ten times the PDF's
 * memory for one stroke of a whole hex page; in pieces the copies stay
 * small (and the ink is the same: opaque black over black). */
enum { STROKE_MOVES = 512 };

typedef struct paint_pen {
    cairo_t *cr;
    stroke_mask *mask; /* NULL: cairo strokes */
    double ppm;        /* pixels a mm on a picture; 0 on a vector page */
    size_t moves, chunk; /* moves so far; a stroke each `chunk` of them */
} paint_pen;

static void paint_pen_move(void *ctx, double x, double y)
{
    paint_pen *p = ctx;
    if (p->mask) {
        stroke_mask_move(p->mask, x, y);
        return;
    }
    if (p->chunk && ++p->moves % p->chunk == 0) cairo_stroke(p->cr);
    cairo_move_to(p->cr, x, y);
}

static void paint_pen_line(void *ctx, double x, double y)
{
    paint_pen *p = ctx;
    if (p->mask) stroke_mask_line(p->mask, x, y);
    else cairo_line_to(p->cr, x, y);
}

/* r < 0: from a1 back to a0 */
static void paint_pen_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    paint_pen *p = ctx;
    bool back = r < 0, whole = a1 - a0 >= TAU - 1e-9;
    r = fabs(r);
    /* a chord of angle t lies r (1 - cos(t / 2)) ~ r t^2 / 8 off the arc:
     * on a picture a tenth of a pixel; on a page a side of a dense ring
     * is one or two chords within ARC_CHORD_MM of it, cheaper than a curve
     * (two or four numbers for six) */
    double span = a1 - a0;
    double pieces = p->ppm > 0 ? ceil(span / fmin(sqrt(8 * 0.1 / (r * p->ppm)), TAU / 8))
                               : ceil(span / sqrt(8 * ARC_CHORD_MM / r));
    if (p->ppm > 0 || pieces <= 2) {
        for (double k = 1; k <= pieces; k++) {
            double a = back ? a1 - span * k / pieces : a0 + span * k / pieces;
            paint_pen_line(p, cx + r * cos(a), cy + r * sin(a));
        }
    } else if (back) {
        cairo_arc_negative(p->cr, cx, cy, r, a1, a0);
    } else {
        cairo_arc(p->cr, cx, cy, r, a0, a1);
    }
    if (whole && !p->mask) cairo_close_path(p->cr);
}

/* A walls item of a description handed to a pen as traced. */
static void replay_walls(const scene *s, const scene_item *it, const grid_pen *pen)
{
    const uint8_t *op = scene_item_ops(s, it);
    const double *v = scene_item_points(s, it);
    for (size_t i = 0; i < it->ops; v += scene_op_numbers((scene_op)op[i]), i++) {
        if (op[i] == SCENE_MOVE) pen->move(pen->ctx, v[0], v[1]);
        else if (op[i] == SCENE_LINE) pen->line(pen->ctx, v[0], v[1]);
        else if (op[i] == SCENE_ARC) pen->arc(pen->ctx, v[0], v[1], v[2], v[3], v[4]);
        else if (op[i] == SCENE_ARC_BACK) pen->arc(pen->ctx, v[0], v[1], -v[2], v[4], v[3]);
        /* curves and closes: none in a trace */
    }
}

/* How a grid's walls (a walls item, round caps and joins) are stroked:
 * round ends and joins, as sides meet at any angle and the ends cover the
 * joints. On a PDF page as content of our own (pdf_walls.h), on a picture
 * through the stroke mask (stroke_mask.h: the same round ends and joins),
 * else by cairo in pieces. */
static void paint_grid_walls(cairo_t *cr, const scene *s, const scene_item *it)
{
    cairo_set_line_width(cr, it->paint.width);
    /* a PDF page's walls as content of our own (pdf_walls.h) */
    pdf_walls *own = pdf_walls_of(cr);
    grid_pen out;
    if (own && pdf_walls_begin(own, cr, &out)) {
        replay_walls(s, it, &out);
        pdf_walls_end(own);
        return;
    }
    paint_pen p = {cr, NULL, 0, 0, STROKE_MOVES};
    if (cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE) {
        double ux = 1, uy = 0;
        cairo_user_to_device_distance(cr, &ux, &uy);
        p.ppm = hypot(ux, uy);
        p.mask = stroke_mask_begin(cr);
    }
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_source_rgb(cr, it->paint.colour.r, it->paint.colour.g, it->paint.colour.b);
    grid_pen pen = {paint_pen_move, paint_pen_line, paint_pen_arc, &p};
    cairo_new_path(cr);
    replay_walls(s, it, &pen);
    if (p.mask) stroke_mask_end(p.mask, cr);
    else cairo_stroke(cr);
}

/* ---- Items ---- */

static void draw_path(cairo_t *cr, const scene *s, const scene_item *it)
{
    const scene_paint *p = &it->paint;
    /* a grid's walls (round joins) through their painters: PDF content of
     * our own, a PNG band's stroke mask (draw_grid.c) */
    if (it->role == ROLE_WALLS && p->stroke && p->join == JOIN_ROUND) {
        paint_grid_walls(cr, s, it);
        return;
    }
    static const cairo_line_cap_t caps[] = {CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND,
                                            CAIRO_LINE_CAP_SQUARE};
    static const cairo_line_join_t joins[] = {CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND,
                                              CAIRO_LINE_JOIN_BEVEL};
    cairo_new_path(cr);
    replay(cr, scene_item_ops(s, it), scene_item_points(s, it), it->ops);
    set_rgb(cr, p->colour);
    if (!p->stroke) {
        cairo_set_fill_rule(cr, p->even_odd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING);
        cairo_fill(cr);
        return;
    }
    cairo_set_line_width(cr, p->width);
    cairo_set_line_cap(cr, caps[p->cap]);
    cairo_set_line_join(cr, joins[p->join]);
    double dash[2] = {p->dash[0], p->dashes == 2 ? p->dash[1] : p->dash[0]};
    cairo_set_dash(cr, dash, p->dashes ? 1 + (p->dashes == 2) : 0, 0);
    cairo_stroke(cr);
}

static void draw_run(cairo_t *cr, const scene_text *t)
{
    PangoLayout *layout = run_layout(cr, t);
    set_rgb(cr, t->colour);
    if (t->angle != 0) { /* turned about its corner (the caller saved cr) */
        cairo_translate(cr, t->x, t->y);
        cairo_rotate(cr, t->angle);
        cairo_move_to(cr, 0, 0);
    } else {
        cairo_move_to(cr, t->x, t->y);
    }
    if (t->outlined) {
        pango_cairo_layout_path(cr, layout);
        cairo_fill(cr);
    } else {
        pango_cairo_show_layout(cr, layout);
        cairo_new_path(cr);
    }
    g_object_unref(layout);
}

/* ---- Braille's text on a PDF page ----
 *
 * Braille is drawn as dots (its own path), which no reader reads back: on a
 * PDF page its Unicode braille goes with it as text that inks nothing,
 * glyphs of a font of our own (a cairo user font, written as a Type 3
 * font) whose glyphs are the 256 braille cells, each an empty drawing in
 * the cell's box. Shown as one cluster of the whole run, cairo writes it
 * as a marked-content span whose /ActualText is the braille (cairo 1.16's
 * one way to write ActualText: for a cluster of more than one glyph, so a
 * run of one cell takes a second glyph, of no width): pdftotext, copying
 * and screen readers get the braille where its dots are, and nothing on
 * the page changes (an empty glyph marks nothing). */

static const cairo_user_data_key_t braille_font_key; /* its address names a surface's font */

/* The glyph of no width after a lone cell */
enum { BRAILLE_GLYPH_NONE = 256 };

/* A cell's glyph: no ink, the box of a cell's dots (its size in ems of a
 * cell's advance, the baseline at the dots' foot); a box, not empty, or
 * cairo would drop the text as marking nothing. */
static cairo_status_t braille_glyph(cairo_scaled_font_t *font, unsigned long glyph, cairo_t *cr,
                                    cairo_text_extents_t *ext)
{
    (void)font, (void)cr;
    double h = (2 * BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM) / BRAILLE_CELL_MM;
    *ext = (cairo_text_extents_t){.x_bearing = 0,
                                  .y_bearing = -h,
                                  .width = (BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM) / BRAILLE_CELL_MM,
                                  .height = h,
                                  .x_advance = glyph == BRAILLE_GLYPH_NONE ? 0 : 1};
    return CAIRO_STATUS_SUCCESS;
}

/* The braille font of cr's surface, made on its first braille (one Type 3
 * font a file, its glyphs subset as used); NULL without memory. */
static cairo_font_face_t *braille_font(cairo_t *cr)
{
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_font_face_t *face = cairo_surface_get_user_data(target, &braille_font_key);
    if (face) return face;
    face = cairo_user_font_face_create();
    cairo_user_font_face_set_render_glyph_func(face, braille_glyph);
    if (cairo_font_face_status(face) != CAIRO_STATUS_SUCCESS ||
        cairo_surface_set_user_data(target, &braille_font_key, face,
                                    (cairo_destroy_func_t)cairo_font_face_destroy) !=
            CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(face);
        return NULL;
    }
    return face;
}

/* Braille's text t (braille_scene's: its top left cell at t->x, t->y) as
 * the braille font's glyphs over its dots, a cell a glyph; false without
 * memory. */
static bool braille_text(cairo_t *cr, const scene_text *t)
{
    cairo_font_face_t *face = braille_font(cr);
    size_t n = braille_cells(t->text), len = strlen(t->text), glyph_count = n == 1 ? 2 : n;
    cairo_glyph_t *glyphs = n ? alloc_array(glyph_count, sizeof *glyphs) : NULL;
    if (!face || !glyphs) {
        free(glyphs);
        return n == 0 && face;
    }
    const char *p = t->text;
    double foot = t->y + 2 * BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM;
    for (size_t i = 0; i < n; i++)
        glyphs[i] =
            (cairo_glyph_t){braille_next_cell(&p), t->x + (double)i * BRAILLE_CELL_MM, foot};
    if (n == 1) glyphs[1] = (cairo_glyph_t){BRAILLE_GLYPH_NONE, t->x, foot};
    cairo_text_cluster_t all = {(int)len, (int)glyph_count};
    cairo_set_font_face(cr, face);
    cairo_set_font_size(cr, BRAILLE_CELL_MM);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_show_text_glyphs(cr, t->text, (int)len, glyphs, (int)glyph_count, &all, 1, 0);
    free(glyphs);
    return true;
}

/* A picture: the drawing code's, or (read back) the built-in artwork of its
 * name, drawn for its box as the drawing code loads it; else, a template's
 * own file a page description cannot carry, its box left empty. */
static void draw_image(cairo_t *cr, const scene_image *im)
{
    cairo_surface_t *art = im->art;
    if (!art) {
        template_art ref = {.line = 0};
        snprintf(ref.file, sizeof ref.file, "%s", im->name);
        /* as document.c loads them: a frame for the page it goes round
         * (the box less a bleed, which the description does not say),
         * S's and G's pictures at their one size */
        double frame = fmin(im->w, im->h), mark = MARKS_ART_SIZE;
        meiro_status s = im->frame ? load_art(NULL, &ref, 0, frame, &art, NULL)
                                   : load_art(NULL, &ref, mark, mark, &art, NULL);
        if (s != MEIRO_OK) return;
    }
    if (im->frame) {
        cairo_translate(cr, im->x, im->y);
        draw_frame_art(cr, art, im->w, im->h);
    } else {
        draw_art(cr, art, im->x, im->y, im->w, im->h);
    }
    if (art != im->art) cairo_surface_destroy(art);
}

bool scene_cairo_draw(cairo_t *cr, scene *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        const scene_item *it = &s->items[i];
        if (it->kind == SCENE_CLIP) { /* saved until its unclip restores it */
            cairo_save(cr);
            cairo_new_path(cr);
            replay(cr, scene_item_ops(s, it), scene_item_points(s, it), it->ops);
            cairo_set_fill_rule(cr, it->paint.even_odd ? CAIRO_FILL_RULE_EVEN_ODD
                                                       : CAIRO_FILL_RULE_WINDING);
            cairo_clip(cr);
            continue;
        }
        if (it->kind == SCENE_UNCLIP) {
            cairo_restore(cr);
            continue;
        }
        cairo_save(cr);
        if (it->kind == SCENE_PATH) draw_path(cr, s, it);
        /* braille's text is carried for readers (a PDF's, as text that inks
         * nothing); its dots are its own path */
        else if (it->kind == SCENE_TEXT && it->role == ROLE_BRAILLE) {
            if (cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_PDF &&
                !braille_text(cr, &it->text))
                scene_out_of_memory(s);
        } else if (it->kind == SCENE_TEXT) draw_run(cr, &it->text);
        else draw_image(cr, &it->image);
        cairo_restore(cr);
    }
    return cairo_status(cr) == CAIRO_STATUS_SUCCESS;
}

static bool draw_items(void *ctx, scene *s, size_t from, size_t to)
{
    scene_cairo_draw(ctx, s, from, to);
    return true; /* cairo's own status is sticky, read by draw_finish */
}

scene_sink scene_cairo_sink(cairo_t *cr) { return (scene_sink){draw_items, cr}; }

void canvas_view(canvas *cv, cairo_t *cr)
{
    cairo_clip_extents(cr, &cv->view[0], &cv->view[1], &cv->view[2], &cv->view[3]);
    cv->picture = cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE;
    cv->every_wall = pdf_walls_of(cr) != NULL;
}

void canvas_on_cairo(canvas *cv, scene *s, cairo_t *cr)
{
    scene_sink sink = scene_cairo_sink(cr);
    scene_init(s, 0, 0, &sink);
    canvas_init(cv, s);
    canvas_view(cv, cr);
}

meiro_status doc_load_art(const document *d, meiro_error *err)
{
    fonts_prepare(d->style.marks.font);
    meiro_status s = MEIRO_OK;
    for (int i = 0; s == MEIRO_OK && d->style.art && i < 3; i++)
        s = art_ref_load(&d->style.art[i], err);
    return s;
}

meiro_status doc_draw_cairo(const document *d, size_t index, cairo_t *cr, bool maze_only,
                            double snap, unsigned layers, meiro_error *err)
{
    meiro_status loaded = doc_load_art(d, err);
    if (loaded != MEIRO_OK) return loaded;
    scene s;
    canvas cv;
    canvas_on_cairo(&cv, &s, cr);
    meiro_status st = doc_draw_page(d, index, &cv, maze_only, snap, layers, err);
    canvas_free(&cv);
    scene_free(&s);
    return st;
}
