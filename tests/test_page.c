/* The page as data (page/scene.h, `-f page`): the description is valid
 * JSON for every grid, a child's page, a mission, floors, a shape and a
 * booklet with its key; it carries the seed; a puzzle page describes no
 * answer and its answer page does; the cairo backend draws the description
 * read back from JSON to the pixels the drawing code draws straight (within
 * antialiasing), a template's frame and pictures (drawn by their names)
 * too; a malformed description is refused with its line and column; a
 * book's cover composed, described and drawn from its description. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "page/scene_json.h"
#include "compose/cover.h"
#include "compose/svg_write.h"
#include "draw/scene_cairo.h"

#include <jansson.h>
#include <math.h>

typedef struct page_case {
    const char *name;
    meiro_grid grid;
    uint32_t w, h;
    bool kids;           /* a child's page: badges, a title and a name line */
    const char *mission; /* keys or items (meiro_mission_from_name), or NULL */
    unsigned levels;     /* floors, or 0 */
    const char *shape;   /* a built-in shape, or NULL */
} page_case;

static const page_case cases_of[] = {
    {"rect", MEIRO_GRID_RECT, 12, 9, false, NULL, 0, NULL},
    {"polar", MEIRO_GRID_POLAR, 0, 6, false, NULL, 0, NULL},
    {"hex", MEIRO_GRID_HEX, 9, 7, false, NULL, 0, NULL},
    {"triangle", MEIRO_GRID_TRIANGLE, 12, 7, false, NULL, 0, NULL},
    {"kids", MEIRO_GRID_RECT, 6, 5, true, NULL, 0, NULL},
    {"keys", MEIRO_GRID_RECT, 12, 9, false, "keys:2", 0, NULL},
    {"collect", MEIRO_GRID_RECT, 12, 9, false, "collect:3", 0, NULL},
    {"levels", MEIRO_GRID_RECT, 8, 12, false, NULL, 2, NULL},
    {"heart", MEIRO_GRID_RECT, 20, 18, false, NULL, 0, "heart"},
};

static meiro_maze *maze_for(const page_case *c, uint64_t seed, meiro_path *path)
{
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.grid = c->grid;
    if (c->w) g.width = c->w;
    g.height = c->h;
    g.seed = seed;
    uint8_t *mask = NULL;
    if (c->shape) { /* the grid the shape takes first (a square one), then its mask */
        meiro_generate_options_for_shape(&g, false);
        if (meiro_shape_mask(c->shape, g.width, g.height, &mask, NULL) != MEIRO_OK) return NULL;
        g.mask = mask;
    }
    meiro_maze *m = meiro_generate(&g, NULL);
    free(mask);
    meiro_mission_options mission = {0};
    meiro_error err = {0};
    if (m && c->mission &&
        (meiro_mission_from_name(c->mission, &mission, &err) != MEIRO_OK ||
         meiro_maze_add_mission(m, &mission, &err) != MEIRO_OK)) {
        CHECK_MSG(false, "%s: %s", c->mission, err.message);
        meiro_maze_free(m);
        return NULL;
    }
    if (m && c->levels && meiro_maze_split_levels(m, c->levels, seed, NULL) != MEIRO_OK) {
        meiro_maze_free(m);
        return NULL;
    }
    if (m && meiro_solve(m, NULL, path, NULL) != MEIRO_OK) {
        meiro_maze_free(m);
        return NULL;
    }
    return m;
}

/* The options of the case's page; the template to free (meiro_template_free). */
static meiro_template *options_for(const page_case *c, meiro_export_options *opt)
{
    meiro_export_options_init(opt);
    opt->answers = MEIRO_ANSWERS_AFTER_PAGE;
    if (!c->kids) return NULL;
    opt->signs = MEIRO_SIGNS_BADGES;
    opt->title = "Hana's maze";
    opt->name = "Hana";
    return NULL;
}

static void check_same(const document *d, const scene_book *book, const char *name);

/* What meiro_write writes as `-f page`, read back. */
static bool write_and_read(const meiro_maze *m, const meiro_path *path,
                           const meiro_export_options *opt, char **json, scene_book *book)
{
    size_t len = 0;
    *json = NULL;
    FILE *out = open_memstream(json, &len);
    meiro_error err = {0};
    meiro_status s = out ? meiro_write(m, path, MEIRO_FORMAT_PAGE, opt, out, &err) : MEIRO_ERROR_IO;
    if (out) fclose(out);
    CHECK_MSG(s == MEIRO_OK, "-f page: %s", err.message);
    if (s != MEIRO_OK) return false;
    FILE *in = fmemopen(*json, len, "r");
    s = in ? scene_json_read(in, "page.json", book, &err) : MEIRO_ERROR_IO;
    if (in) fclose(in);
    CHECK_MSG(s == MEIRO_OK, "read back: %s (line %lu)", err.message, err.line);
    return s == MEIRO_OK;
}

static size_t count_role(const scene *s, scene_role role)
{
    size_t n = 0;
    for (size_t i = 0; i < s->count; i++) n += s->items[i].role == role;
    return n;
}

/* Valid JSON with the seed, every page's walls, S and G; the answer on
 * the answer page only. */
static void test_json(void)
{
    for (size_t k = 0; k < TEST_COUNT(cases_of); k++) {
        const page_case *c = &cases_of[k];
        meiro_path path = {0};
        meiro_maze *m = maze_for(c, 7, &path);
        CHECK_MSG(m != NULL, "%s", c->name);
        if (!m) continue;
        meiro_export_options opt;
        meiro_template *tpl = options_for(c, &opt);
        char *json;
        scene_book book;
        if (write_and_read(m, &path, &opt, &json, &book)) {
            json_error_t jerr;
            json_t *root = json_loads(json, 0, &jerr);
            CHECK_MSG(root != NULL, "%s: %s at %d:%d", c->name, jerr.text, jerr.line, jerr.column);
            CHECK_STR(json_string_value(json_object_get(root, "seed")), "7");
            CHECK_STR(json_string_value(json_object_get(root, "units")), "mm");
            json_decref(root);
            CHECK(book.has_seed && book.seed == 7);
            CHECK_MSG(book.count == 2, "%s: %zu pages", c->name, book.count);
            for (size_t p = 0; p < book.count; p++) {
                const scene *s = &book.pages[p];
                CHECK_MSG(count_role(s, ROLE_WALLS) > 0 && count_role(s, ROLE_START) > 0 &&
                              count_role(s, ROLE_GOAL) > 0,
                          "%s page %zu: walls, S or G missing", c->name, p + 1);
                /* the spoiler check: the puzzle describes no answer */
                CHECK_MSG((count_role(s, ROLE_ANSWER) > 0) == (p == 1), "%s page %zu: %zu answers",
                          c->name, p + 1, count_role(s, ROLE_ANSWER));
                if (c->mission || c->levels) /* keys, doors, items; stairs and floors' names */
                    CHECK_MSG(count_role(s, ROLE_MARKS) > 0, "%s page %zu: no marks", c->name,
                              p + 1);
                if (c->shape)
                    CHECK_MSG(count_role(s, ROLE_OUTLINE) > 0, "%s page %zu: no outline",
                              c->name, p + 1);
            }
            if (c->kids) {
                CHECK(count_role(&book.pages[0], ROLE_TITLE) == 1);
                CHECK(count_role(&book.pages[0], ROLE_NAME_LINE) == 1);
            }
            scene_book_free(&book);
        }
        free(json);
        meiro_template_free(tpl);
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
}

/* A template's frame and pictures: their places and files described, and
 * drawn from the description by their names as the drawing code draws
 * them. */
static void test_pictures(void)
{
    meiro_path path = {0};
    meiro_maze *m = maze_for(&cases_of[0], 3, &path);
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    meiro_template *tpl = meiro_template_load("kids-a4", NULL);
    CHECK(m && tpl);
    opt.tpl = tpl;
    char *json;
    scene_book book;
    if (m && tpl && write_and_read(m, &path, &opt, &json, &book)) {
        size_t pictures = 0;
        const scene *s = &book.pages[0];
        for (size_t i = 0; i < s->count; i++) {
            const scene_item *it = &s->items[i];
            if (it->kind != SCENE_IMAGE) continue;
            pictures++;
            CHECK_MSG(strncmp(it->image.name, "art/", 4) == 0, "%s", it->image.name);
            CHECK(it->image.art == NULL); /* read back: drawn by its name */
            if (it->role == ROLE_PAGE) /* the frame: the whole page */
                CHECK(it->image.frame && it->image.w >= s->page_w && it->image.h >= s->page_h);
            else CHECK(!it->image.frame && (it->role == ROLE_START || it->role == ROLE_GOAL));
        }
        CHECK_INT(pictures, 3);
        doc_item item = {m, &path, 0};
        document d;
        CHECK(doc_init(&d, &item, 1, &opt, -1, NULL) == MEIRO_OK);
        check_same(&d, &book, "pictures");
        doc_free(&d);
        scene_book_free(&book);
        free(json);
    }
    meiro_template_free(tpl);
    meiro_path_free(&path);
    meiro_maze_free(m);
}

/* ---- Drawn two ways ---- */

enum { PX_PER_MM = 4 }; /* about 100 dpi: every line some pixels wide */

static cairo_surface_t *canvas_of(double w, double h, cairo_t **cr)
{
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(w * PX_PER_MM),
                                                      (int)ceil(h * PX_PER_MM));
    *cr = cairo_create(img);
    cairo_set_source_rgb(*cr, 1, 1, 1);
    cairo_paint(*cr);
    cairo_scale(*cr, PX_PER_MM, PX_PER_MM);
    return img;
}

/* Pixels whose channels differ by more than an antialiased edge may (a
 * grid's walls are joined into trails on one way and not the other; an arc
 * followed by chords within 2.5 µm), and pixels that differ at all. */
static void compare(cairo_surface_t *a, cairo_surface_t *b, size_t *far, size_t *differ)
{
    cairo_surface_flush(a);
    cairo_surface_flush(b);
    int w = cairo_image_surface_get_width(a), h = cairo_image_surface_get_height(a),
        stride = cairo_image_surface_get_stride(a);
    const unsigned char *pa = cairo_image_surface_get_data(a),
                        *pb = cairo_image_surface_get_data(b);
    *far = *differ = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w * 4; x++) {
            int d = abs(pa[y * stride + x] - pb[y * stride + x]);
            *differ += d > 0;
            *far += d > 64;
        }
}

/* Page p of d drawn straight and from its description read back: the same
 * pixels but for antialiasing at a few edges. */
static void check_same(const document *d, const scene_book *book, const char *name)
{
    for (size_t p = 0; p < d->page_count && p < book->count; p++) {
        double w, h;
        doc_page_size(d, &w, &h);
        cairo_t *ca, *cb;
        cairo_surface_t *a = canvas_of(w, h, &ca), *b = canvas_of(w, h, &cb);
        meiro_error err = {0};
        CHECK(doc_draw_cairo(d, p, ca, false, 0, LAYER_ALL, &err) == MEIRO_OK);
        scene *s = &book->pages[p];
        CHECK(scene_cairo_draw(cb, s, 0, s->count));
        size_t far, differ;
        compare(a, b, &far, &differ);
        CHECK_MSG(far == 0, "%s page %zu: %zu channels differ by more than an edge's (%zu at all)",
                  name, p + 1, far, differ);
        cairo_destroy(ca);
        cairo_destroy(cb);
        cairo_surface_destroy(a);
        cairo_surface_destroy(b);
    }
}

static void test_same_pixels(void)
{
    for (size_t k = 0; k < TEST_COUNT(cases_of); k++) {
        const page_case *c = &cases_of[k];
        meiro_path path = {0};
        meiro_maze *m = maze_for(c, 11, &path);
        CHECK(m != NULL);
        if (!m) continue;
        meiro_export_options opt;
        meiro_template *tpl = options_for(c, &opt);
        char *json;
        scene_book book;
        doc_item item = {m, &path, 0};
        document d;
        if (write_and_read(m, &path, &opt, &json, &book)) {
            CHECK(doc_init(&d, &item, 1, &opt, -1, NULL) == MEIRO_OK);
            CHECK(d.page_count == book.count);
            check_same(&d, &book, c->name);
            doc_free(&d);
            scene_book_free(&book);
        }
        free(json);
        meiro_template_free(tpl);
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
}

/* A booklet's pages with its key: no answer on a puzzle page, every key
 * page's mazes answered, drawn the same both ways. */
static void test_booklet_key(void)
{
    enum { N = 3 };
    meiro_maze *m[N] = {0};
    meiro_path paths[N] = {{0}};
    doc_item items[N];
    for (int k = 0; k < N; k++) {
        m[k] = maze_for(&cases_of[0], 20 + (uint64_t)k, &paths[k]);
        CHECK(m[k] != NULL);
        items[k] = (doc_item){m[k], &paths[k], k + 1};
    }
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.answers = MEIRO_ANSWERS_KEY;
    meiro_template *tpl = meiro_template_load("booklet-a4", NULL);
    CHECK(tpl != NULL);
    opt.tpl = tpl;
    document d;
    meiro_error err = {0};
    bool ok = m[0] && m[1] && m[2] && doc_plan(&d, items, N, &opt, NULL, &err) == MEIRO_OK;
    CHECK_MSG(ok, "%s", err.message);
    if (ok) {
        char *json = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&json, &len);
        CHECK(doc_write_scenes(&d, 1, true, 2026, out, &err) == MEIRO_OK);
        fclose(out);
        FILE *in = fmemopen(json, len, "r");
        scene_book book;
        CHECK(scene_json_read(in, "booklet.json", &book, &err) == MEIRO_OK);
        fclose(in);
        CHECK(book.has_seed && book.seed == 2026);
        CHECK(book.count == d.page_count);
        size_t keys = 0;
        for (size_t p = 0; p < book.count && p < d.page_count; p++) {
            size_t answers = count_role(&book.pages[p], ROLE_ANSWER);
            if (d.pages[p].kind == PAGE_PUZZLES) CHECK_MSG(answers == 0, "page %zu answers", p + 1);
            if (d.pages[p].kind == PAGE_ANSWERS) {
                CHECK(answers >= d.pages[p].count);
                keys++;
            }
        }
        CHECK(keys > 0);
        check_same(&d, &book, "booklet");
        scene_book_free(&book);
        free(json);
        doc_free(&d);
    }
    meiro_template_free(tpl);
    for (int k = 0; k < N; k++) {
        meiro_path_free(&paths[k]);
        meiro_maze_free(m[k]);
    }
}

static meiro_status read_text(const char *text, meiro_error *err)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    scene_book book;
    meiro_status s = scene_json_read(in, "bad.json", &book, err);
    fclose(in);
    if (s == MEIRO_OK) scene_book_free(&book);
    return s;
}

/* Broken JSON: its line and column; a bad field: its page and item. */
static void test_malformed(void)
{
    meiro_error err = {0};
    CHECK(read_text("{\"meiro_page\": 1,\n  \"pages\": [ }", &err) == MEIRO_ERROR_PARSE);
    CHECK_INT(err.line, 2);
    CHECK(err.column > 0);
    CHECK_STR(err.source, "bad.json");
    static const char *const bad[] = {
        "{\"meiro_page\": 2, \"pages\": []}",
        "{\"meiro_page\": 1, \"pages\": [{\"width\": 100, \"height\": 100, \"items\": "
        "[{\"role\": \"walls\", \"stroke\": {\"colour\": [0, 0, 0], \"width\": 1, \"cap\": "
        "\"round\", \"join\": \"round\"}, \"d\": \"M 1 2 Q 3\"}]}]}",
        "{\"meiro_page\": 1, \"pages\": [{\"width\": 100, \"height\": 100, \"items\": "
        "[{\"role\": \"moat\", \"image\": \"start\", \"box\": [0, 0, 1, 1]}]}]}",
        "{\"meiro_page\": 1, \"pages\": [{\"width\": 100, \"height\": 100, \"items\": "
        "[{\"role\": \"title\", \"text\": \"A\", \"font\": \"Sans\", \"size\": -1, \"x\": 0, "
        "\"y\": 0, \"colour\": [0, 0, 0], \"box\": [0, 0, 1, 1]}]}]}",
        "{\"meiro_page\": 1, \"pages\": [{\"width\": 100, \"height\": 100, \"items\": "
        "[{\"role\": \"title\", \"text\": \"A\", \"font\": \"Sans\", \"size\": 1, \"x\": 0, "
        "\"y\": 0, \"angle\": 7, \"colour\": [0, 0, 0], \"box\": [0, 0, 1, 1]}]}]}",
        "{\"meiro_page\": 1, \"title\": 7, \"pages\": [{\"width\": 1, \"height\": 1, "
        "\"items\": []}]}",
        "{\"meiro_page\": 1, \"seed\": \"-1\", \"pages\": [{\"width\": 1, \"height\": 1, "
        "\"items\": []}]}",
        /* a clip never ended, an unclip without its clip, a clip's unknown rule */
        "{\"meiro_page\": 1, \"pages\": [{\"width\": 100, \"height\": 100, \"items\": "
        "[{\"role\": \"outline\", \"clip\": \"even-odd\", \"d\": \"M 0 0 L 9 0 L 9 9 Z\"}]}]}",
        "{\"meiro_page\": 1, \"pages\": [{\"width\": 100, \"height\": 100, \"items\": "
        "[{\"role\": \"outline\", \"unclip\": true}]}]}",
        "{\"meiro_page\": 1, \"pages\": [{\"width\": 100, \"height\": 100, \"items\": "
        "[{\"role\": \"outline\", \"clip\": \"inside\", \"d\": \"M 0 0 L 9 0 Z\"}, "
        "{\"role\": \"outline\", \"unclip\": true}]}]}",
    };
    for (size_t k = 0; k < TEST_COUNT(bad); k++) {
        err = (meiro_error){0};
        CHECK_MSG(read_text(bad[k], &err) == MEIRO_ERROR_PARSE, "accepted: %s", bad[k]);
        CHECK(err.message[0] != '\0');
    }
    err = (meiro_error){0};
    read_text(bad[1], &err);
    CHECK_MSG(strstr(err.message, "page 1, item 1") != NULL, "%s", err.message);
}

/* Texts set by the one measurer (compose/measure.h): a wrapped Japanese text
 * in lines within the width, none starting with small kana or a comma nor
 * ending with an opening bracket, which join back into the text; English
 * broken at spaces; one line measured as wide as measured_width says. */
static void test_texts_set(void)
{
    scene none;
    scene_init(&none, 0, 0, NULL);
    canvas cv;
    canvas_init(&cv, &none);
    const char *ja = "ながいながいたいとるのめいろはにほへとちりぬるをわかよたっっっ、、「かぎ」のなか";
    text_set set;
    double width = 60;
    text_set_out(&cv, ja, FONT_FAMILY, true, 6, width, true, &set);
    CHECK_MSG(set.lines >= 3 && set.lines <= SET_LINES, "%zu lines", set.lines);
    char joined[256] = "";
    for (size_t k = 0; k < set.lines && k < SET_LINES; k++) {
        const set_line *l = &set.line[k];
        const char *start = ja + l->start, *end = start + l->len;
        CHECK_MSG(l->width <= width + 1e-9, "line %zu: %g mm wide", k, l->width);
        CHECK_MSG(strncmp(start, "っ", 3) && strncmp(start, "、", 3), "line %zu starts '%.3s'", k,
                  start);
        CHECK_MSG(strncmp(end - 3, "「", 3) != 0, "line %zu ends with an opening bracket", k);
        CHECK(k == 0 || l->top >= set.line[k - 1].top + 6 - 1e-9); /* one under the other */
        strncat(joined, start, l->len);
    }
    CHECK_STR(joined, ja);
    const char *en = "Find the way from the start to the goal";
    text_set_out(&cv, en, FONT_FAMILY, false, 5, 40, false, &set);
    CHECK_MSG(set.lines >= 2 && set.lines <= SET_LINES, "%zu lines", set.lines);
    for (size_t k = 0; k < set.lines && k < SET_LINES; k++) {
        const char *start = en + set.line[k].start;
        CHECK(start[0] != ' ' && start[set.line[k].len - 1] != ' ' && (start == en || start[-1] == ' '));
    }
    text_set_out(&cv, en, FONT_FAMILY, false, 5, 0, false, &set);
    CHECK(set.lines == 1 && fabs(set.width - measured_width(&cv, en, FONT_FAMILY, false, 5)) < 1e-9);
    CHECK(set.baseline > 0 && set.ink[1] >= 0 && set.ink[1] + set.ink[3] <= set.height + 1e-9);
    CHECK(canvas_status(&cv, NULL) == MEIRO_OK);
    canvas_free(&cv);
    scene_free(&none);
}

/* A title too long for a line: a run a line in the description, each
 * within the page's text, the second under the first. */
static void test_title_lines(void)
{
    page_case c = {"rect", MEIRO_GRID_RECT, 12, 9, false, NULL, 0, NULL};
    meiro_path path = {0};
    meiro_maze *m = maze_for(&c, 7, &path);
    meiro_export_options opt;
    options_for(&c, &opt);
    opt.title = "A very long title for a maze, one that surely needs two lines on the page to fit "
                "in, and then a few more words";
    char *json;
    scene_book book;
    if (m && write_and_read(m, &path, &opt, &json, &book)) {
        const scene *s = &book.pages[0];
        const scene_text *lines[2];
        size_t n = 0;
        for (size_t i = 0; i < s->count; i++)
            if (s->items[i].role == ROLE_TITLE && n < 2) lines[n++] = &s->items[i].text;
        CHECK_MSG(n == 2 && count_role(s, ROLE_TITLE) == 2, "%zu title runs",
                  count_role(s, ROLE_TITLE));
        for (size_t k = 0; k < n; k++)
            CHECK(lines[k]->wrap == 0 && lines[k]->box[0] > 10 &&
                  lines[k]->box[0] + lines[k]->box[2] < s->page_w - 10);
        if (n == 2) CHECK(lines[1]->box[1] > lines[0]->box[1] + lines[0]->box[3] * 0.5);
        scene_book_free(&book);
        free(json);
    }
    meiro_path_free(&path);
    meiro_maze_free(m);
}

/* How often `needle` is in `text`. */
static size_t occurrences(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle)) n++;
    return n;
}

/* The composer's SVG markup (compose/svg_write.h, the page to play's
 * sheets): a dashed stroke with an arc, an even-odd fill, a clip and its
 * group, numbers to the micrometre; texts as their glyphs, each defined
 * once a pass and used where it goes (a space none), an italic one
 * slanted, a bold one in a face without bold stroked, a turned one
 * turned about its corner; a built-in picture in it as a data: address. */
static void test_svg_markup(void)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    CHECK(out != NULL);
    if (!out) return;
    svg_writer w;
    svg_writer_init(&w, out, "t-", NULL);
    scene_sink sink = svg_writer_sink(&w);
    scene sc;
    scene_init(&sc, 100, 80, &sink);
    canvas cv;
    canvas_init(&cv, &sc);
    w.cv = &cv;
    scene_paint dashed = scene_stroke((scene_rgb){1, 0, 0}, 0.5, CAP_ROUND, JOIN_MITER);
    dashed.dashes = 2, dashed.dash[0] = 2, dashed.dash[1] = 1;
    scene_path(&sc, ROLE_WALLS, &dashed);
    scene_move(&sc, 10.5, 20);
    scene_line(&sc, 30.25, 20);
    scene_arc(&sc, 30.25, 30, 10, -TAU / 4, TAU / 4, false);
    scene_end(&sc);
    scene_paint fill = scene_fill((scene_rgb){0, 0, 1});
    fill.even_odd = true;
    scene_clip(&sc, ROLE_PAGE, false);
    scene_move(&sc, 0, 0);
    scene_line(&sc, 50, 0);
    scene_line(&sc, 50, 50);
    scene_close(&sc);
    scene_end(&sc);
    scene_path(&sc, ROLE_MARKS, &fill);
    scene_move(&sc, 1, 1);
    scene_line(&sc, 9, 1);
    scene_line(&sc, 9, 9);
    scene_close(&sc);
    scene_end(&sc);
    scene_unclip(&sc, ROLE_PAGE);
    scene_text hello = {.text = "Hello all", .font = FONT_FAMILY, .size = 5, .x = 10, .y = 40,
                        .colour = {0, 0, 0}};
    scene_add_text(&sc, ROLE_TITLE, &hello);
    scene_text slanted = hello;
    slanted.italic = true;
    slanted.y = 50;
    scene_add_text(&sc, ROLE_TEXT, &slanted);
    scene_text ja = {.text = "迷路", .font = FONT_FAMILY, .bold = true, .size = 6, .x = 10, .y = 60};
    scene_add_text(&sc, ROLE_TITLE, &ja);
    scene_image bunny = {.name = "art/bunny.svg", .x = 60, .y = 10, .w = 20, .h = 20};
    scene_add_image(&sc, ROLE_START, &bunny);
    /* a second pass defines its glyphs again */
    svg_writer_pass(&w);
    scene_add_text(&sc, ROLE_FOOTER, &hello);
    scene_text turned = hello; /* a spine's words: about their corner */
    turned.x = 90, turned.y = 10, turned.angle = TAU / 4;
    scene_add_text(&sc, ROLE_TEXT, &turned);
    CHECK(canvas_status(&cv, NULL) == MEIRO_OK && scene_status(&sc, NULL) == MEIRO_OK);
    CHECK(svg_writer_status(&w, NULL) == MEIRO_OK);
    canvas_free(&cv);
    scene_free(&sc);
    svg_writer_free(&w);
    CHECK(fclose(out) == 0);
    CHECK_MSG(strstr(text, "stroke=\"#ff0000\" stroke-width=\"0.5\" stroke-linecap=\"round\" "
                           "stroke-linejoin=\"miter\" stroke-miterlimit=\"10\" "
                           "stroke-dasharray=\"2 1\" d=\"M10.5 20L30.25 20A10 10 0 0 1 30.25 40\"") != NULL,
              "%.300s", text);
    CHECK(strstr(text, "<path fill=\"#0000ff\" fill-rule=\"evenodd\" d=\"M1 1L9 1L9 9Z\"/>") != NULL);
    CHECK(strstr(text, "<clipPath id=\"t-c0\"><path d=\"M0 0L50 0L50 50Z\"/></clipPath><g "
                       "clip-path=\"url(#t-c0)\">") != NULL);
    /* "Hello all" twice, then again after the pass: H e l o a and the
     * space defined each pass, 8 glyphs of ink used each time */
    CHECK_MSG(occurrences(text, "<defs><path id=\"t-g") == 2 * 6 + 2, "%zu glyphs defined",
              occurrences(text, "<defs><path id=\"t-g"));
    CHECK_MSG(occurrences(text, "<use href=\"#t-g") == 4 * 8 + 2, "%zu glyphs used",
              occurrences(text, "<use href=\"#t-g"));
    CHECK_MSG(occurrences(text, "transform=\"translate(90 10) rotate(90) translate(0 ") == 1,
              "%s", strstr(text, "rotate") ? strstr(text, "rotate") : "no turned text");
    CHECK(occurrences(text, " matrix(1 0 -0.2 1 0 0) scale(5 -5)") == 1);
    CHECK(occurrences(text, "stroke-width=\"0.04167\" stroke-linejoin=\"round\"") == 2);
    const builtin_file *b = builtin_find("art/bunny.svg");
    const char *href = strstr(text, "href=\"data:image/svg+xml;base64,");
    CHECK(b != NULL && href != NULL);
    if (b && href) {
        href += strlen("href=\"data:image/svg+xml;base64,");
        CHECK_MSG((size_t)(strchr(href, '"') - href) == (b->size + 2) / 3 * 4, "%zu base64 letters",
                  (size_t)(strchr(href, '"') - href));
    }
    free(text);
}

/* A book's cover composed (compose/cover.c), described and read back: the
 * colour out past the sheet's edge first, the spine's words turned a
 * quarter turn inside the spine (the volume at its head, the author at its
 * foot), the back's words a run a line inside the back's safe area from its
 * left, broken after a hyphen as pango breaks them, 0.3 x the size apart,
 * the maze on a white panel, the book's title the document's; drawn from
 * the description read back, the pixels the cover composed onto cairo has. */
static void test_cover(void)
{
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.width = 12;
    g.height = 14;
    g.seed = 1;
    meiro_maze *m = meiro_generate(&g, NULL);
    const double bleed = 3.175, trim_w = 152.4, spine = 12, safe = 6.35;
    cover_plan c = {.w = 2 * trim_w + spine + 2 * bleed,
                    .h = 228.6 + 2 * bleed,
                    .bleed = bleed,
                    .trim_w = trim_w,
                    .spine = spine,
                    .title = "Big Maze Book",
                    .author = "Ken Adams",
                    .blurb = "Thirty mazes from easy to expert, answers at the back. A "
                             "well-known puzzle-maker's finest work.\nA second paragraph.",
                    .maze = m,
                    .spine_text = true,
                    .coloured = true,
                    .rgb = {0.11, 0.2, 0.34},
                    .volume = 2};
    char *json = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&json, &len);
    meiro_error err = {0};
    CHECK_MSG(out && cover_write_page(&c, out, &err) == MEIRO_OK, "%s", err.message);
    if (out) fclose(out);
    scene_book book = {0};
    FILE *in = json ? fmemopen(json, len, "r") : NULL;
    CHECK_MSG(in && scene_json_read(in, "cover", &book, &err) == MEIRO_OK, "%s", err.message);
    if (in) fclose(in);
    CHECK(book.count == 1);
    CHECK_MSG(book.title && strcmp(book.title, c.title) == 0, "the title %s", book.title);
    if (book.count != 1) goto done;
    scene *sc = &book.pages[0];
    CHECK(fabs(sc->page_w - c.w) < 1e-5 && fabs(sc->page_h - c.h) < 1e-5);
    CHECK(sc->count > 0 && sc->items[0].kind == SCENE_PATH && !sc->items[0].paint.stroke &&
          sc->items[0].paint.colour.r == 0.11);
    double fold = bleed + trim_w, back_left = bleed + safe, back_right = bleed + trim_w - safe;
    size_t spine_words = 0, back_lines = 0, panel = 0, walls = 0;
    double last_top = 0, first_top = 0, title_box[4] = {0};
    bool hyphen = false;
    for (size_t i = 0; i < sc->count; i++) {
        const scene_item *it = &sc->items[i];
        if (it->kind == SCENE_PATH && !it->paint.stroke && it->paint.colour.r == 1 && !walls)
            panel = i;
        if (it->role == ROLE_WALLS) walls = i;
        if (it->kind != SCENE_TEXT || it->role == ROLE_START || it->role == ROLE_GOAL) continue;
        const scene_text *t = &it->text; /* (S and G black in the panel) */
        CHECK_MSG(t->colour.r == 1, "%s: not white on the dark blue", t->text);
        if (t->angle != 0) {
            spine_words++;
            CHECK_MSG(t->angle == TAU / 4, "%s turned %.17g", t->text, t->angle);
            CHECK_MSG(t->box[0] >= fold && t->box[0] + t->box[2] <= fold + spine,
                      "%s across %g..%g mm, the spine %g..%g", t->text, t->box[0],
                      t->box[0] + t->box[2], fold, fold + spine);
            /* read top to bottom: taller than wide */
            CHECK_MSG(t->box[3] > t->box[2], "%s: %g x %g mm", t->text, t->box[2], t->box[3]);
            if (strcmp(t->text, "Vol. 2") == 0) CHECK(t->box[1] < c.h / 4);
            if (strcmp(t->text, "Ken Adams") == 0) CHECK(t->box[1] > c.h / 2);
            if (strcmp(t->text, c.title) == 0) memcpy(title_box, t->box, sizeof title_box);
        } else if (t->x < fold) {
            back_lines++;
            CHECK_MSG(fabs(t->x - back_left) < 1e-9, "%s from %g mm", t->text, t->x);
            CHECK_MSG(t->box[0] + t->box[2] <= back_right, "%s to %g mm", t->text,
                      t->box[0] + t->box[2]);
            CHECK_MSG(t->y > last_top, "%s above the line before", t->text);
            if (back_lines == 1) first_top = t->y;
            else if (back_lines == 2) /* a line's height and 0.3 x the size */
                CHECK_MSG(t->y - first_top > 1.3 * t->size, "lines %g mm apart, size %g",
                          t->y - first_top, t->size);
            last_top = t->y;
            size_t n = strlen(t->text);
            hyphen = hyphen || (n && t->text[n - 1] == '-');
        }
    }
    CHECK_MSG(spine_words == 3, "%zu words on the spine", spine_words);
    CHECK_MSG(back_lines == 3, "%zu lines on the back", back_lines);
    CHECK_MSG(hyphen, "no line of the back ends after well-");
    CHECK_MSG(panel > 0 && walls > panel, "the panel item %zu, the walls %zu", panel, walls);
    /* the cover composed onto cairo and the description read back, drawn */
    cairo_t *ca, *cb;
    cairo_surface_t *a = canvas_of(c.w, c.h, &ca), *b = canvas_of(c.w, c.h, &cb);
    scene straight;
    canvas cv;
    canvas_on_cairo(&cv, &straight, ca);
    CHECK(cover_compose(&c, &cv, &err) == MEIRO_OK);
    canvas_free(&cv);
    scene_free(&straight);
    CHECK(scene_cairo_draw(cb, sc, 0, sc->count));
    size_t far, differ;
    compare(a, b, &far, &differ);
    CHECK_MSG(far == 0, "%zu channels far apart (%zu differ)", far, differ);
    /* the spine's title drawn turned: its box (its ink) a good part white */
    int stride = cairo_image_surface_get_stride(b), white = 0, all = 0;
    const unsigned char *px = cairo_image_surface_get_data(b);
    for (int y = (int)(title_box[1] * PX_PER_MM); y < (title_box[1] + title_box[3]) * PX_PER_MM;
         y++)
        for (int x = (int)(title_box[0] * PX_PER_MM); x < (title_box[0] + title_box[2]) * PX_PER_MM;
             x++, all++)
            white += px[y * stride + 4 * x + 2] > 128; /* red: white's, not the blue's */
    CHECK_MSG(all > 0 && white > all / 6, "%d of the spine title's %d pixels white", white, all);
    cairo_destroy(ca);
    cairo_destroy(cb);
    cairo_surface_destroy(a);
    cairo_surface_destroy(b);
    /* a word wider than the back: cut where it fits, each piece but the
     * last with pango's hyphen */
    char word[301];
    memset(word, 'a', 300);
    word[300] = 0;
    c.blurb = word;
    scene kept;
    scene_init(&kept, c.w, c.h, NULL);
    canvas_init(&cv, &kept);
    CHECK(cover_compose(&c, &cv, &err) == MEIRO_OK);
    size_t pieces = 0, letters = 0;
    for (size_t i = 0; i < kept.count; i++) {
        const scene_text *t = &kept.items[i].text;
        if (kept.items[i].kind != SCENE_TEXT || t->angle != 0 || t->x >= fold) continue;
        size_t n = strlen(t->text), a = strspn(t->text, "a");
        bool last = letters + a == 300;
        CHECK_MSG(last ? a == n : strcmp(t->text + a, "\xE2\x80\x90") == 0, "a piece: %s", t->text);
        CHECK_MSG(t->box[0] + t->box[2] <= back_right, "a piece to %g mm", t->box[0] + t->box[2]);
        letters += a;
        pieces++;
    }
    CHECK_MSG(pieces > 2 && letters == 300, "%zu pieces, %zu letters", pieces, letters);
    canvas_free(&cv);
    scene_free(&kept);
done:
    scene_book_free(&book);
    free(json);
    meiro_maze_free(m);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {{"json", test_json},
                                      {"same-pixels", test_same_pixels},
                                      {"booklet-key", test_booklet_key},
                                      {"pictures", test_pictures},
                                      {"malformed", test_malformed},
                                      {"texts-set", test_texts_set},
                                      {"title-lines", test_title_lines},
                                      {"svg-markup", test_svg_markup},
                                      {"cover", test_cover}};
    return test_main("page", argc, argv, cases, TEST_COUNT(cases));
}
