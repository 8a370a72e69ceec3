/* A page as data (scene.h): items built step by step, handed to the sink
 * as each is done and then let go, or kept. */
#include "page/scene.h"

#include "core/alloc.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

static const char *const role_names[ROLE_COUNT] = {
    [ROLE_PAGE] = "page",           [ROLE_WALLS] = "walls",     [ROLE_CROSSINGS] = "crossings",
    [ROLE_ANSWER] = "answer",       [ROLE_START] = "start",     [ROLE_GOAL] = "goal",
    [ROLE_ARROW] = "arrow",         [ROLE_TITLE] = "title",     [ROLE_SUBTITLE] = "subtitle",
    [ROLE_NAME_LINE] = "name-line", [ROLE_CAPTION] = "caption", [ROLE_PAGE_NUMBER] = "page-number",
    [ROLE_FOOTER] = "footer",       [ROLE_TEXT] = "text",       [ROLE_MARKS] = "marks",
    [ROLE_OUTLINE] = "outline",     [ROLE_CORRIDORS] = "corridors", [ROLE_BRAILLE] = "braille",
    [ROLE_SEAMS] = "seams",
};

const char *scene_role_name(scene_role role) { return role < ROLE_COUNT ? role_names[role] : "?"; }

bool scene_role_parse(const char *name, scene_role *role)
{
    for (int r = 0; r < ROLE_COUNT; r++)
        if (strcmp(name, role_names[r]) == 0) {
            *role = (scene_role)r;
            return true;
        }
    return false;
}

unsigned scene_op_numbers(scene_op op)
{
    static const unsigned n[SCENE_OP_COUNT] = {2, 2, 6, 5, 5, 0};
    return op < SCENE_OP_COUNT ? n[op] : 0;
}

void scene_init(scene *s, double page_w, double page_h, const scene_sink *sink)
{
    *s = (scene){.page_w = page_w, .page_h = page_h};
    if (sink) s->sink = *sink;
}

/* An item's own strings: a text's one block (text then font), a picture's name. */
static void item_release(scene_item *it)
{
    if (it->kind == SCENE_TEXT) free((char *)it->text.text);
    else if (it->kind == SCENE_IMAGE) free((char *)it->image.name);
}

static void release_all(scene *s)
{
    for (size_t i = 0; i < s->count; i++) item_release(&s->items[i]);
    s->count = s->op_count = s->point_count = 0;
}

void scene_free(scene *s)
{
    release_all(s);
    free(s->items);
    free(s->ops);
    free(s->points);
    s->items = NULL;
    s->ops = NULL;
    s->points = NULL;
    s->cap = s->op_cap = s->point_cap = 0;
}

meiro_status scene_status(const scene *s, meiro_error *err)
{
    if (s->status != MEIRO_OK && err) *err = s->error;
    return s->status;
}

/* Makes s's error sticky (the first one stays). */
static meiro_status scene_fail(scene *s, meiro_status status, const char *message)
{
    if (s->status == MEIRO_OK) {
        s->status = status;
        fail(&s->error, status, "%s", message);
    }
    return s->status;
}

void scene_out_of_memory(scene *s)
{
    scene_fail(s, MEIRO_ERROR_NOMEM, "out of memory describing the page");
}

/* The item just made goes to the sink (and is let go), or stays. */
static void item_done(scene *s)
{
    if (!s->sink.items || s->status != MEIRO_OK) return;
    if (!s->sink.items(s->sink.ctx, s, 0, s->count) && s->status == MEIRO_OK)
        scene_fail(s, MEIRO_ERROR_INTERNAL, "the page's backend failed");
    release_all(s);
}

static scene_item *item_new(scene *s, scene_kind kind, scene_role role)
{
    if (s->status != MEIRO_OK) return NULL;
    if (!vec_reserve(&s->items, &s->cap, s->count + 1, sizeof *s->items, 16)) {
        scene_out_of_memory(s);
        return NULL;
    }
    scene_item *it = &s->items[s->count++];
    *it = (scene_item){.kind = kind, .role = role, .op = s->op_count, .point = s->point_count};
    return it;
}

static void path_begin(scene *s, scene_kind kind, scene_role role, const scene_paint *paint)
{
    if (s->open) scene_end(s);
    scene_item *it = item_new(s, kind, role);
    if (!it) return;
    it->paint = *paint;
    s->open = true;
}

void scene_path(scene *s, scene_role role, const scene_paint *paint)
{
    path_begin(s, SCENE_PATH, role, paint);
}

void scene_clip(scene *s, scene_role role, bool even_odd)
{
    path_begin(s, SCENE_CLIP, role, &(scene_paint){.even_odd = even_odd});
}

void scene_unclip(scene *s, scene_role role)
{
    if (s->open) scene_end(s);
    if (item_new(s, SCENE_UNCLIP, role)) item_done(s);
}

static void step(scene *s, scene_op op, const double *v)
{
    if (!s->open || s->status != MEIRO_OK) return;
    unsigned n = scene_op_numbers(op);
    if (!vec_reserve(&s->ops, &s->op_cap, s->op_count + 1, 1, 256) ||
        !vec_reserve(&s->points, &s->point_cap, s->point_count + n, sizeof *s->points, 1024)) {
        scene_out_of_memory(s);
        return;
    }
    s->ops[s->op_count++] = (uint8_t)op;
    if (n) memcpy(s->points + s->point_count, v, n * sizeof *v); /* a close has none (v NULL) */
    s->point_count += n;
    s->items[s->count - 1].ops++;
}

void scene_move(scene *s, double x, double y) { step(s, SCENE_MOVE, (const double[]){x, y}); }

void scene_line(scene *s, double x, double y) { step(s, SCENE_LINE, (const double[]){x, y}); }

void scene_curve(scene *s, double x1, double y1, double x2, double y2, double x3, double y3)
{
    step(s, SCENE_CURVE, (const double[]){x1, y1, x2, y2, x3, y3});
}

void scene_arc(scene *s, double cx, double cy, double r, double a0, double a1, bool back)
{
    step(s, back ? SCENE_ARC_BACK : SCENE_ARC, (const double[]){cx, cy, r, a0, a1});
}

void scene_close(scene *s) { step(s, SCENE_CLOSE, NULL); }

void scene_end(scene *s)
{
    if (!s->open) return;
    s->open = false;
    if (s->status != MEIRO_OK) return;
    /* nothing drawn: no item (but a clip to nothing, which its unclip ends) */
    if (s->items[s->count - 1].ops == 0 && s->items[s->count - 1].kind == SCENE_PATH) {
        s->count--;
        return;
    }
    item_done(s);
}

/* A copy of n strings, one after another in one block. */
static char *strings_copy(const char *const *v, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) len += strlen(v[i]) + 1;
    char *block = alloc_array(len, 1);
    if (!block) return NULL;
    for (size_t i = 0, at = 0; i < n; i++) {
        size_t l = strlen(v[i]) + 1;
        memcpy(block + at, v[i], l);
        at += l;
    }
    return block;
}

void scene_add_text(scene *s, scene_role role, const scene_text *t)
{
    if (s->open) scene_end(s);
    if (s->status != MEIRO_OK) return;
    char *block = strings_copy((const char *const[]){t->text, t->font}, 2);
    scene_item *it = block ? item_new(s, SCENE_TEXT, role) : NULL;
    if (!it) {
        free(block);
        if (!block) scene_out_of_memory(s);
        return;
    }
    it->text = *t;
    it->text.text = block;
    it->text.font = block + strlen(block) + 1;
    item_done(s);
}

void scene_add_image(scene *s, scene_role role, const scene_image *im)
{
    if (s->open) scene_end(s);
    if (s->status != MEIRO_OK) return;
    char *name = strings_copy(&im->name, 1);
    scene_item *it = name ? item_new(s, SCENE_IMAGE, role) : NULL;
    if (!it) {
        free(name);
        if (!name) scene_out_of_memory(s);
        return;
    }
    it->image = *im;
    it->image.name = name;
    item_done(s);
}

const uint8_t *scene_item_ops(const scene *s, const scene_item *it) { return s->ops + it->op; }

const double *scene_item_points(const scene *s, const scene_item *it)
{
    return s->points + it->point;
}

scene_paint scene_fill(scene_rgb colour) { return (scene_paint){.colour = colour}; }

scene_paint scene_stroke(scene_rgb colour, double width, scene_cap cap, scene_join join)
{
    return (scene_paint){
        .stroke = true, .colour = colour, .width = width, .cap = cap, .join = join};
}
