/* The cairo backend of a page's description, and the canvas (scene_cairo.h). */
#include "draw/scene_cairo.h"

#include "core/alloc.h"
#include "core/error.h"
#include "draw/draw.h"

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

bool scene_cairo_draw(cairo_t *cr, scene *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        const scene_item *it = &s->items[i];
        cairo_save(cr);
        if (it->kind == SCENE_PATH) draw_path(cr, s, it);
        else if (it->kind == SCENE_TEXT) draw_run(cr, &it->text);
        /* pictures: the drawing code paints them itself (scene_direct) */
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
