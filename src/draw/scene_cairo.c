/* The cairo backend of a page's description, and the canvas (scene_cairo.h). */
#include "draw/scene_cairo.h"

#include "core/alloc.h"
#include "core/error.h"
#include "draw/draw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void set_rgb(cairo_t *cr, scene_rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

static void replay(cairo_t *cr, const uint8_t *op, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch ((scene_op)op[i]) {
        case SCENE_MOVE: cairo_move_to(cr, v[0], v[1]); break;
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
    cairo_move_to(cr, t->x, t->y);
    if (t->outlined) {
        pango_cairo_layout_path(cr, layout);
        cairo_fill(cr);
    } else {
        pango_cairo_show_layout(cr, layout);
        cairo_new_path(cr);
    }
    g_object_unref(layout);
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
        /* braille's text is carried for readers; its dots are its own path */
        else if (it->kind == SCENE_TEXT && it->role != ROLE_BRAILLE) draw_run(cr, &it->text);
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

/* A cairo path's steps into the path s has begun. */
static void add_steps(scene *s, const cairo_path_t *path)
{
    for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
        const cairo_path_data_t *p = &path->data[i];
        switch (p->header.type) {
        case CAIRO_PATH_MOVE_TO: scene_move(s, p[1].point.x, p[1].point.y); break;
        case CAIRO_PATH_LINE_TO: scene_line(s, p[1].point.x, p[1].point.y); break;
        case CAIRO_PATH_CURVE_TO:
            scene_curve(s, p[1].point.x, p[1].point.y, p[2].point.x, p[2].point.y, p[3].point.x,
                        p[3].point.y);
            break;
        case CAIRO_PATH_CLOSE_PATH: scene_close(s); break;
        }
    }
}

void canvas_take_path(cairo_t *cr, scene_role role, const scene_paint *paints, size_t count)
{
    scene *s = canvas_scene(cr);
    cairo_path_t *path = cairo_copy_path(cr);
    cairo_new_path(cr);
    if (!s || !path || path->status != CAIRO_STATUS_SUCCESS) {
        if (s) scene_out_of_memory(s);
        cairo_path_destroy(path);
        return;
    }
    for (size_t k = 0; k < count; k++) {
        scene_path(s, role, &paints[k]);
        add_steps(s, path);
        scene_end(s);
    }
    cairo_path_destroy(path);
}

void canvas_take_clip(cairo_t *cr, scene_role role, bool even_odd)
{
    scene *s = canvas_scene(cr);
    cairo_path_t *path = cairo_copy_path(cr);
    cairo_new_path(cr);
    if (s) {
        scene_clip(s, role, even_odd);
        if (path && path->status == CAIRO_STATUS_SUCCESS) add_steps(s, path);
        else scene_out_of_memory(s);
        scene_end(s);
    }
    cairo_path_destroy(path);
}

static const cairo_user_data_key_t canvas_key, own_key;

meiro_status canvas_attach(cairo_t *cr, scene *s, meiro_error *err)
{
    if (cairo_set_user_data(cr, &canvas_key, s, NULL) != CAIRO_STATUS_SUCCESS)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    return MEIRO_OK;
}

void canvas_detach(cairo_t *cr)
{
    cairo_set_user_data(cr, &canvas_key, NULL, NULL); /* removing takes no memory */
}

static void own_free(void *data)
{
    scene_free(data);
    free(data);
}

meiro_status canvas_open(cairo_t *cr, meiro_error *err)
{
    return canvas_scene(cr) ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory");
}

meiro_status canvas_status(cairo_t *cr, meiro_error *err)
{
    scene *s = cairo_get_user_data(cr, &canvas_key);
    if (!s) s = cairo_get_user_data(cr, &own_key);
    return s ? scene_status(s, err) : MEIRO_OK;
}

scene *canvas_scene(cairo_t *cr)
{
    scene *s = cairo_get_user_data(cr, &canvas_key);
    if (s) return s;
    s = cairo_get_user_data(cr, &own_key);
    if (s) return s;
    s = zalloc(1, sizeof *s);
    if (!s) return NULL;
    scene_sink sink = scene_cairo_sink(cr);
    scene_init(s, 0, 0, &sink);
    if (cairo_set_user_data(cr, &own_key, s, own_free) != CAIRO_STATUS_SUCCESS) {
        own_free(s);
        return NULL;
    }
    return s;
}
