/* A page's description as JSON (scene_json.h, doc/page-format.md). */
#define _POSIX_C_SOURCE 200809L /* uselocale, for core/numbers.h */
#include "page/scene_json.h"

#include "core/alloc.h"
#include "core/error.h"
#include "core/jout.h"
#include "core/numbers.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const cap_names[] = {"butt", "round", "square"};
static const char *const join_names[] = {"miter", "round", "bevel"};
/* a path's steps in its "d" string: move, line, curve, arc, arc back, close */
static const char op_letters[SCENE_OP_COUNT] = {'M', 'L', 'C', 'A', 'N', 'Z'};

struct scene_json {
    c_numbers numbers; /* "12.5" while the writer lives */
    unsigned pages;
    size_t items; /* on the page being written */
    bool headed;  /* the head written up to the pages */
    jout o;
};

/* ---- Writing ---- */

static void key(jout *o, const char *name)
{
    jout_str(o, ", \"");
    jout_str(o, name);
    jout_str(o, "\": ");
}

static void put_flag(jout *o, const char *name, bool value)
{
    key(o, name);
    jout_str(o, value ? "true" : "false");
}

/* A number as the shortest text that reads back as the same double, so a
 * page drawn from its description is the page drawn (a glyph a
 * nanometre off can land on the next subpixel position). */
static void num(jout *o, double v)
{
    char t[32];
    if (!isfinite(v) || v == 0) v = 0; /* and never "-0" */
    snprintf(t, sizeof t, "%.15g", v);
    if (strtod(t, NULL) != v) snprintf(t, sizeof t, "%.17g", v);
    jout_str(o, t);
}

static void rgb(jout *o, scene_rgb c)
{
    jout_str(o, "[");
    num(o, c.r);
    jout_str(o, ", ");
    num(o, c.g);
    jout_str(o, ", ");
    num(o, c.b);
    jout_str(o, "]");
}

static void box4(jout *o, const double *v)
{
    for (int k = 0; k < 4; k++) {
        jout_str(o, k ? ", " : "[");
        num(o, v[k]);
    }
    jout_str(o, "]");
}

static void write_paint(jout *o, const scene_paint *p)
{
    if (!p->stroke) {
        key(o, "fill");
        jout_str(o, "{\"colour\": ");
        rgb(o, p->colour);
        jout_str(o, p->even_odd ? ", \"rule\": \"even-odd\"}" : ", \"rule\": \"nonzero\"}");
        return;
    }
    key(o, "stroke");
    jout_str(o, "{\"colour\": ");
    rgb(o, p->colour);
    key(o, "width");
    num(o, p->width);
    key(o, "cap");
    jout_quoted(o, cap_names[p->cap]);
    key(o, "join");
    jout_quoted(o, join_names[p->join]);
    if (p->dashes) {
        key(o, "dash");
        jout_str(o, "[");
        num(o, p->dash[0]);
        if (p->dashes == 2) {
            jout_str(o, ", ");
            num(o, p->dash[1]);
        }
        jout_str(o, "]");
    }
    jout_str(o, "}");
}

static void write_steps(jout *o, const scene *s, const scene_item *it)
{
    const uint8_t *op = scene_item_ops(s, it);
    const double *v = scene_item_points(s, it);
    key(o, "d");
    jout_str(o, "\"");
    for (size_t i = 0; i < it->ops; i++) {
        unsigned n = scene_op_numbers((scene_op)op[i]);
        char letter[2] = {op_letters[op[i]], ' '};
        jout_mem(o, letter, i + 1 < it->ops || n ? 2 : 1);
        for (unsigned k = 0; k < n; k++) {
            num(o, v[k]);
            if (k + 1 < n || i + 1 < it->ops) jout_str(o, " ");
        }
        v += n;
    }
    jout_str(o, "\"");
}

static void write_text(jout *o, const scene_text *t)
{
    key(o, "text");
    jout_quoted(o, t->text);
    key(o, "font");
    jout_quoted(o, t->font);
    put_flag(o, "bold", t->bold);
    put_flag(o, "italic", t->italic);
    key(o, "size");
    num(o, t->size);
    key(o, "x");
    num(o, t->x);
    key(o, "y");
    num(o, t->y);
    if (t->wrap > 0) {
        key(o, "wrap");
        num(o, t->wrap);
        put_flag(o, "in_words", t->in_words);
    }
    put_flag(o, "outlined", t->outlined);
    if (t->angle != 0) { /* a spine's words */
        key(o, "angle");
        num(o, t->angle);
    }
    key(o, "colour");
    rgb(o, t->colour);
    key(o, "box");
    box4(o, t->box);
}

static bool write_items(void *ctx, scene *s, size_t from, size_t to)
{
    scene_json *w = ctx;
    jout *o = &w->o;
    for (size_t i = from; i < to; i++) {
        const scene_item *it = &s->items[i];
        jout_str(o, w->items++ ? ",\n    {\"role\": " : "\n    {\"role\": ");
        jout_quoted(o, scene_role_name(it->role));
        if (it->kind == SCENE_PATH) {
            write_paint(o, &it->paint);
            write_steps(o, s, it);
        } else if (it->kind == SCENE_CLIP) {
            key(o, "clip");
            jout_quoted(o, it->paint.even_odd ? "even-odd" : "nonzero");
            write_steps(o, s, it);
        } else if (it->kind == SCENE_UNCLIP) {
            put_flag(o, "unclip", true);
        } else if (it->kind == SCENE_TEXT) {
            write_text(o, &it->text);
        } else {
            key(o, "image");
            jout_quoted(o, it->image.name);
            key(o, "fit");
            jout_quoted(o, it->image.frame ? "frame" : "box");
            key(o, "box");
            box4(o, (const double[]){it->image.x, it->image.y, it->image.w, it->image.h});
        }
        jout_str(o, "}");
    }
    return true; /* a write error is sticky (o->ok), reported by scene_json_end */
}

scene_json *scene_json_begin(FILE *out, bool has_seed, uint64_t seed)
{
    scene_json *w = zalloc(1, sizeof *w);
    if (!w) return NULL;
    c_numbers_begin(&w->numbers);
    w->o.out = out;
    w->o.ok = true;
    jout_str(&w->o, "{\"meiro_page\": 1, \"units\": \"mm\"");
    if (has_seed) {
        key(&w->o, "seed");
        char digits[24];
        snprintf(digits, sizeof digits, "%llu", (unsigned long long)seed);
        jout_quoted(&w->o, digits);
    }
    return w;
}

void scene_json_title(scene_json *w, const char *title)
{
    if (w->headed) return;
    key(&w->o, "title");
    jout_quoted(&w->o, title);
}

/* The head's end, before the first page (the title may come till then). */
static void head_end(scene_json *w)
{
    if (!w->headed) jout_str(&w->o, ", \"pages\": [");
    w->headed = true;
}

void scene_json_page(scene_json *w, scene *s)
{
    jout *o = &w->o;
    head_end(w);
    jout_str(o, w->pages++ ? ",\n  {\"width\": " : "\n  {\"width\": ");
    num(o, s->page_w);
    key(o, "height");
    num(o, s->page_h);
    jout_str(o, ", \"items\": [");
    w->items = 0;
    s->sink = (scene_sink){write_items, w};
}

void scene_json_page_end(scene_json *w)
{
    jout *o = &w->o;
    jout_str(o, "\n  ]}");
}

meiro_status scene_json_end(scene_json *w, meiro_error *err)
{
    head_end(w);
    jout_str(&w->o, "\n]}\n");
    jout_flush(&w->o);
    bool ok = w->o.ok;
    c_numbers_end(&w->numbers);
    free(w);
    return ok ? MEIRO_OK : fail_write(err);
}

/* ---- Reading ---- */

static const char *const fill_rules[] = {"nonzero", "even-odd"};

typedef struct reader {
    meiro_error *err;
    const char *name;
    size_t page, item; /* 1-based, for messages; item 0: the page itself */
    size_t clips;      /* the page's clips not ended yet */
} reader;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static meiro_status
bad(reader *r, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    char where[64] = "";
    if (r->item) snprintf(where, sizeof where, "page %zu, item %zu: ", r->page, r->item);
    else if (r->page) snprintf(where, sizeof where, "page %zu: ", r->page);
    meiro_status s = fail(r->err, MEIRO_ERROR_PARSE, "%s%s", where, what);
    if (r->err) snprintf(r->err->source, sizeof r->err->source, "%s", r->name);
    return s;
}

/* A number of `o`; false if absent and required, or not a finite number. */
static bool number(reader *r, json_t *o, const char *name, bool required, double *v)
{
    json_t *j = json_object_get(o, name);
    if (!j && !required) return true;
    if (!json_is_number(j) || !isfinite(json_number_value(j))) {
        bad(r, "\"%s\" must be a number", name);
        return false;
    }
    *v = json_number_value(j);
    return true;
}

static bool flag(reader *r, json_t *o, const char *name, bool *v)
{
    json_t *j = json_object_get(o, name);
    if (!j) return true;
    if (!json_is_boolean(j)) {
        bad(r, "\"%s\" must be true or false", name);
        return false;
    }
    *v = json_is_true(j);
    return true;
}

static bool colour(reader *r, json_t *o, scene_rgb *c)
{
    json_t *j = json_object_get(o, "colour");
    double v[3];
    for (size_t k = 0; k < 3; k++) {
        json_t *e = json_array_get(j, k);
        v[k] = json_is_number(e) ? json_number_value(e) : -1;
        if (json_array_size(j) != 3 || !(v[k] >= 0 && v[k] <= 1)) {
            bad(r, "\"colour\" must be three numbers from 0 to 1");
            return false;
        }
    }
    *c = (scene_rgb){v[0], v[1], v[2]};
    return true;
}

static bool box(reader *r, json_t *o, double v[4])
{
    json_t *j = json_object_get(o, "box");
    for (size_t k = 0; k < 4; k++) {
        json_t *e = json_array_get(j, k);
        if (json_array_size(j) != 4 || !json_is_number(e) || !isfinite(json_number_value(e))) {
            bad(r, "\"box\" must be four numbers: left, top, width, height");
            return false;
        }
        v[k] = json_number_value(e);
    }
    return true;
}

static bool name_of(reader *r, json_t *j, const char *what, const char *const *names, int n, int *v)
{
    const char *s = json_string_value(j);
    for (int k = 0; s && k < n; k++)
        if (strcmp(s, names[k]) == 0) {
            *v = k;
            return true;
        }
    bad(r, "unknown %s \"%s\"", what, s ? s : "");
    return false;
}

static bool read_paint(reader *r, json_t *item, scene_paint *p)
{
    json_t *stroke = json_object_get(item, "stroke"), *fill = json_object_get(item, "fill");
    if (!json_is_object(stroke) == !json_is_object(fill)) {
        bad(r, "a path has \"stroke\" or \"fill\"");
        return false;
    }
    if (fill) {
        *p = scene_fill((scene_rgb){0, 0, 0});
        json_t *rule = json_object_get(fill, "rule");
        int even_odd = 0;
        if (rule && !name_of(r, rule, "fill rule", fill_rules, 2, &even_odd)) return false;
        p->even_odd = even_odd;
        return colour(r, fill, &p->colour);
    }
    int cap = 0, join = 0;
    *p = scene_stroke((scene_rgb){0, 0, 0}, 0, CAP_BUTT, JOIN_MITER);
    if (!colour(r, stroke, &p->colour) || !number(r, stroke, "width", true, &p->width) ||
        !name_of(r, json_object_get(stroke, "cap"), "cap", cap_names, 3, &cap) ||
        !name_of(r, json_object_get(stroke, "join"), "join", join_names, 3, &join))
        return false;
    p->cap = (scene_cap)cap;
    p->join = (scene_join)join;
    if (!(p->width >= 0)) return bad(r, "a negative width"), false;
    json_t *dash = json_object_get(stroke, "dash");
    if (!dash) return true;
    size_t n = json_array_size(dash);
    for (size_t k = 0; k < n && n <= 2; k++) {
        json_t *e = json_array_get(dash, k);
        p->dash[k] = json_is_number(e) ? json_number_value(e) : -1;
        if (!(p->dash[k] > 0 && isfinite(p->dash[k]))) n = 0;
    }
    if (n < 1 || n > 2) return bad(r, "\"dash\" must be one or two lengths above 0"), false;
    p->dashes = (unsigned)n;
    return true;
}

/* The steps of a path's "d" into s (its path begun). */
static bool read_steps(reader *r, scene *s, const char *d)
{
    const char *at = d;
    while (*at) {
        while (*at == ' ') at++;
        if (!*at) break;
        const char *letter = memchr(op_letters, *at, SCENE_OP_COUNT);
        if (!letter) return bad(r, "\"d\": unknown step '%c' at %zu", *at, (size_t)(at - d)), false;
        scene_op op = (scene_op)(letter - op_letters);
        at++;
        double v[6];
        for (unsigned k = 0; k < scene_op_numbers(op); k++) {
            char *end;
            v[k] = strtod(at, &end);
            if (end == at || !isfinite(v[k]))
                return bad(r, "\"d\": a number expected at %zu", (size_t)(at - d)), false;
            at = end;
        }
        switch (op) {
        case SCENE_MOVE: scene_move(s, v[0], v[1]); break;
        case SCENE_LINE: scene_line(s, v[0], v[1]); break;
        case SCENE_CURVE: scene_curve(s, v[0], v[1], v[2], v[3], v[4], v[5]); break;
        case SCENE_ARC:
        case SCENE_ARC_BACK:
            if (!(v[2] >= 0)) return bad(r, "\"d\": an arc of negative radius"), false;
            scene_arc(s, v[0], v[1], v[2], v[3], v[4], op == SCENE_ARC_BACK);
            break;
        case SCENE_CLOSE: scene_close(s); break;
        case SCENE_OP_COUNT: break;
        }
    }
    return true;
}

static bool read_text(reader *r, scene *s, scene_role role, json_t *item)
{
    scene_text t = {.text = json_string_value(json_object_get(item, "text")),
                    .font = json_string_value(json_object_get(item, "font"))};
    if (!t.text || !t.font) return bad(r, "a text has \"text\" and \"font\" strings"), false;
    if (!flag(r, item, "bold", &t.bold) || !flag(r, item, "italic", &t.italic) ||
        !flag(r, item, "in_words", &t.in_words) || !flag(r, item, "outlined", &t.outlined) ||
        !number(r, item, "size", true, &t.size) || !number(r, item, "x", true, &t.x) ||
        !number(r, item, "y", true, &t.y) || !number(r, item, "wrap", false, &t.wrap) ||
        !number(r, item, "angle", false, &t.angle) || !colour(r, item, &t.colour) ||
        !box(r, item, t.box))
        return false;
    /* pango takes sizes up to about 2^21 points; a text no page holds */
    if (!(t.size > 0 && t.size < 1000) || !(t.wrap >= 0 && t.wrap < 1e5))
        return bad(r, "a text's size or wrap out of range"), false;
    if (!(fabs(t.angle) <= 6.283185307179586)) /* a turn either way */
        return bad(r, "a text's angle out of range (radians, at most a turn either way)"), false;
    scene_add_text(s, role, &t);
    return true;
}

static bool read_item(reader *r, scene *s, json_t *item)
{
    if (!json_is_object(item)) return bad(r, "not an object"), false;
    int role = 0;
    const char *role_name = json_string_value(json_object_get(item, "role"));
    if (!role_name || !scene_role_parse(role_name, (scene_role *)&role))
        return bad(r, "unknown role \"%s\"", role_name ? role_name : ""), false;
    json_t *d = json_object_get(item, "d");
    const char *clip = json_string_value(json_object_get(item, "clip"));
    if (clip) {
        int rule = 0;
        if (!name_of(r, json_object_get(item, "clip"), "clip", fill_rules, 2, &rule)) return false;
        if (!json_is_string(d)) return bad(r, "a clip has its path (\"d\")"), false;
        scene_clip(s, (scene_role)role, rule == 1);
        bool ok = read_steps(r, s, json_string_value(d));
        scene_end(s);
        r->clips++;
        return ok;
    }
    if (json_is_true(json_object_get(item, "unclip"))) {
        if (!r->clips) return bad(r, "an unclip without its clip"), false;
        r->clips--;
        scene_unclip(s, (scene_role)role);
        return true;
    }
    if (json_is_string(d)) {
        scene_paint p;
        if (!read_paint(r, item, &p)) return false;
        scene_path(s, (scene_role)role, &p);
        bool ok = read_steps(r, s, json_string_value(d));
        scene_end(s);
        return ok;
    }
    if (json_object_get(item, "text")) return read_text(r, s, (scene_role)role, item);
    const char *image = json_string_value(json_object_get(item, "image"));
    if (!image) return bad(r, "an item is a path (\"d\"), a \"text\", an \"image\", a \"clip\" or an \"unclip\""), false;
    double v[4];
    static const char *const fits[] = {"box", "frame"};
    int fit = 0;
    json_t *how = json_object_get(item, "fit");
    if (!box(r, item, v) || (how && !name_of(r, how, "fit", fits, 2, &fit))) return false;
    scene_add_image(s, (scene_role)role,
                    &(scene_image){image, v[0], v[1], v[2], v[3], .frame = fit == 1});
    return true;
}

static bool read_page(reader *r, scene *s, json_t *page)
{
    double w = 0, h = 0;
    if (!json_is_object(page)) return bad(r, "not an object"), false;
    if (!number(r, page, "width", true, &w) || !number(r, page, "height", true, &h)) return false;
    /* a page at most 5 m across: what cairo and the PDF format take */
    if (!(w > 0 && h > 0 && w <= 5000 && h <= 5000))
        return bad(r, "a page from 0 to 5 m across"), false;
    scene_init(s, w, h, NULL);
    json_t *items = json_object_get(page, "items");
    if (!json_is_array(items)) return bad(r, "\"items\" must be an array"), false;
    r->clips = 0;
    for (size_t i = 0; i < json_array_size(items); i++) {
        r->item = i + 1;
        if (!read_item(r, s, json_array_get(items, i))) return false;
        if (s->status != MEIRO_OK) {
            scene_status(s, r->err);
            return false;
        }
    }
    r->item = 0;
    if (r->clips) return bad(r, "%zu clip%s not ended (\"unclip\")", r->clips, r->clips > 1 ? "s" : ""), false;
    return true;
}

static bool read_seed(reader *r, json_t *root, scene_book *book)
{
    json_t *seed = json_object_get(root, "seed");
    if (!seed) return true;
    const char *digits = json_string_value(seed);
    char *end = NULL;
    errno = 0;
    unsigned long long v = digits ? strtoull(digits, &end, 10) : 0;
    if (!digits || !digits[0] || *end || errno || digits[0] == '-')
        return bad(r, "\"seed\" must be a string of decimal digits"), false;
    book->has_seed = true;
    book->seed = v;
    return true;
}

static bool read_title(reader *r, json_t *root, scene_book *book)
{
    json_t *title = json_object_get(root, "title");
    if (!title) return true;
    const char *text = json_string_value(title);
    if (!text) return bad(r, "\"title\" must be a string"), false;
    size_t n = strlen(text) + 1;
    book->title = alloc_array(n, 1);
    if (!book->title) return fail(r->err, MEIRO_ERROR_NOMEM, "out of memory"), false;
    memcpy(book->title, text, n);
    return true;
}

meiro_status scene_json_read(FILE *in, const char *name, scene_book *book, meiro_error *err)
{
    *book = (scene_book){0};
    reader r = {.err = err, .name = name};
    json_error_t jerr;
    json_t *root = json_loadf(in, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        meiro_status s = fail_at(err, MEIRO_ERROR_PARSE, (unsigned long)jerr.line,
                                 (unsigned long)jerr.column, "%s", jerr.text);
        if (err) snprintf(err->source, sizeof err->source, "%s", name);
        return s;
    }
    c_numbers num;
    c_numbers_begin(&num);
    json_t *pages = json_object_get(root, "pages");
    bool ok = json_is_object(root) && json_integer_value(json_object_get(root, "meiro_page")) == 1;
    if (!ok) bad(&r, "not a page description (\"meiro_page\": 1)");
    else if (!json_is_array(pages) || json_array_size(pages) == 0)
        ok = false, bad(&r, "\"pages\" must be an array of pages");
    ok = ok && read_seed(&r, root, book) && read_title(&r, root, book);
    size_t n = ok ? json_array_size(pages) : 0;
    book->pages = n ? zalloc(n, sizeof *book->pages) : NULL;
    if (n && !book->pages) ok = false, fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t p = 0; ok && p < n; p++) {
        r.page = p + 1;
        ok = read_page(&r, &book->pages[p], json_array_get(pages, p));
        book->count = p + 1; /* freed if it failed half way */
    }
    c_numbers_end(&num);
    json_decref(root);
    if (ok) return MEIRO_OK;
    scene_book_free(book);
    return err ? err->status : MEIRO_ERROR_PARSE;
}

void scene_book_free(scene_book *book)
{
    for (size_t p = 0; p < book->count; p++) scene_free(&book->pages[p]);
    free(book->pages);
    free(book->title);
    *book = (scene_book){0};
}
