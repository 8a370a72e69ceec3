/* The canvas the drawing code draws on (canvas.h). */
#include "compose/canvas.h"

#include "core/alloc.h"
#include "core/error.h"
#include "compose/measure.h"

#include <math.h>
#include <stdlib.h>

void canvas_init(canvas *cv, scene *s)
{
    *cv = (canvas){.scene = s, .view = {-HUGE_VAL, -HUGE_VAL, HUGE_VAL, HUGE_VAL}};
}

void canvas_free(canvas *cv)
{
    if (cv->own_measure) measure_cache_free(cv->measure);
    free(cv->ops);
    free(cv->points);
    *cv = (canvas){0};
}

meiro_status canvas_status(const canvas *cv, meiro_error *err)
{
    meiro_status s = scene_status(cv->scene, err);
    if (s != MEIRO_OK) return s;
    if (measure_ok(cv)) return MEIRO_OK;
    if (cv->measure_err.status != MEIRO_OK) {
        if (err) *err = cv->measure_err;
        return cv->measure_err.status;
    }
    return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring the texts");
    return MEIRO_OK;
}

void canvas_set_colour(canvas *cv, double r, double g, double b)
{
    cv->colour = (scene_rgb){r, g, b};
}

void canvas_new_path(canvas *cv)
{
    cv->op_count = cv->point_count = 0;
    cv->has_point = false;
}

void canvas_new_sub_path(canvas *cv) { cv->has_point = false; }

static void step(canvas *cv, scene_op op, const double *v)
{
    unsigned n = scene_op_numbers(op);
    if (cv->scene->status != MEIRO_OK) return;
    if (!vec_reserve(&cv->ops, &cv->op_cap, cv->op_count + 1, 1, 64) ||
        !vec_reserve(&cv->points, &cv->point_cap, cv->point_count + n, sizeof *cv->points, 256)) {
        scene_out_of_memory(cv->scene); /* sticky: the page is refused */
        return;
    }
    cv->ops[cv->op_count++] = (uint8_t)op;
    for (unsigned i = 0; i < n; i++) cv->points[cv->point_count++] = v[i];
    cv->has_point = true;
}

void canvas_move_to(canvas *cv, double x, double y) { step(cv, SCENE_MOVE, (const double[]){x, y}); }

void canvas_line_to(canvas *cv, double x, double y) { step(cv, SCENE_LINE, (const double[]){x, y}); }

void canvas_arc(canvas *cv, double cx, double cy, double r, double a0, double a1)
{
    /* after a new sub-path the arc starts one: a move to its start (a
     * backend joins an arc to the point before it, as cairo does) */
    if (!cv->has_point && cv->op_count > 0)
        canvas_move_to(cv, cx + r * cos(a0), cy + r * sin(a0));
    step(cv, SCENE_ARC, (const double[]){cx, cy, r, a0, a1});
}

void canvas_rectangle(canvas *cv, double x, double y, double w, double h)
{
    canvas_move_to(cv, x, y);
    canvas_line_to(cv, x + w, y);
    canvas_line_to(cv, x + w, y + h);
    canvas_line_to(cv, x, y + h);
    canvas_close_path(cv);
}

void canvas_close_path(canvas *cv)
{
    if (cv->op_count > 0) step(cv, SCENE_CLOSE, NULL);
}

/* The path's steps into the path s has begun. */
static void add_steps(const canvas *cv, scene *s)
{
    const double *v = cv->points;
    for (size_t i = 0; i < cv->op_count; v += scene_op_numbers((scene_op)cv->ops[i]), i++) {
        switch ((scene_op)cv->ops[i]) {
        case SCENE_MOVE: scene_move(s, v[0], v[1]); break;
        case SCENE_LINE: scene_line(s, v[0], v[1]); break;
        case SCENE_CURVE: scene_curve(s, v[0], v[1], v[2], v[3], v[4], v[5]); break;
        case SCENE_ARC: scene_arc(s, v[0], v[1], v[2], v[3], v[4], false); break;
        case SCENE_ARC_BACK: scene_arc(s, v[0], v[1], v[2], v[3], v[4], true); break;
        case SCENE_CLOSE: scene_close(s); break;
        case SCENE_OP_COUNT: break;
        }
    }
}

void canvas_take_path(canvas *cv, scene_role role, const scene_paint *paints, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        scene_path(cv->scene, role, &paints[k]);
        add_steps(cv, cv->scene);
        scene_end(cv->scene);
    }
    canvas_new_path(cv);
}

void canvas_take_clip(canvas *cv, scene_role role, bool even_odd)
{
    scene_clip(cv->scene, role, even_odd);
    add_steps(cv, cv->scene);
    scene_end(cv->scene);
    canvas_new_path(cv);
}
