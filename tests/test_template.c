/* Template files and their artwork: what is refused, and where (file, line,
 * column): bytes libinih would mangle (NUL, lines longer than its buffer,
 * invalid UTF-8), sections and keys given twice, art paths leaving the
 * template's folder; art found by absolute path or built-in name, external
 * references in SVG not followed, SVG bombs and oversized files refused;
 * texts that are not UTF-8 refused before any work; meiro's own words whole
 * in every language of its catalogues. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"

#include "core/utf8.h"

#include <librsvg/rsvg.h>
#include <sys/stat.h>

static char dir[64];

/* Writes len bytes to dir/name; returns the path (a static buffer). */
static const char *put(const char *name, const char *text, size_t len)
{
    static char path[160];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    return path;
}

static const char *puts_file(const char *name, const char *text)
{
    return put(name, text, strlen(text));
}

static void test_utf8(void)
{
    static const struct {
        const char *text;
        size_t bad; /* offset of the first bad byte; SIZE_MAX: all valid */
    } cases[] = {
        {"plain ascii", SIZE_MAX},
        {"めいろ こたえ", SIZE_MAX},
        {"\xF0\x9F\x98\x80 emoji", SIZE_MAX},
        {"\xEF\xBB\xBF"
         "bom",
         SIZE_MAX},
        {"ab\xFF"
         "c",
         2},
        {"\xC0\xAF", 0},         /* overlong '/' */
        {"x\xE0\x80\xAF", 1},    /* overlong, 3 bytes */
        {"\xED\xA0\x80", 0},     /* a surrogate */
        {"\xF4\x90\x80\x80", 0}, /* above U+10FFFF */
        {"ok\xE3\x81", 2},       /* cut short */
        {"\xE3\x81\x41", 0},     /* a continuation byte missing */
        {"\x80", 0},             /* a lone continuation byte */
    };
    verdict v = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len = strlen(cases[i].text), want = cases[i].bad == SIZE_MAX ? len : cases[i].bad;
        size_t got = utf8_check(cases[i].text, len);
        verdict_note(&v, got == want, "case %zu: %zu, wanted %zu", i, got, want);
    }
    CHECK_ALL(v);
}

/* Loads a template that must fail at line:column with a message naming
 * `what`. */
static void refused(verdict *v, const char *path, unsigned long line, unsigned long column,
                    const char *what)
{
    meiro_error err = {0};
    meiro_template *t = meiro_template_load(path, &err);
    verdict_note(v,
                 !t && err.status == MEIRO_ERROR_PARSE && err.line == line &&
                     err.column == column && strstr(err.message, what) && strstr(err.source, path),
                 "%s: %s:%lu:%lu: %s (wanted line %lu:%lu, '%s')", path, err.source, err.line,
                 err.column, err.message, line, column, what);
    meiro_template_free(t);
}

static void test_lines(void)
{
    verdict v = {0};
    /* a title longer than libinih's 200-byte buffer: libinih would read
     * the rest as a line of its own, here setting the subtitle */
    char line[600];
    int n = snprintf(line, sizeof line, "[text]\ntitle = %0191d", 0);
    snprintf(line + n, sizeof line - (size_t)n, "subtitle = injected\n");
    refused(&v, puts_file("long.ini", line), 2, 200, "longer than 199 bytes");
    /* the longest line: 199 bytes */
    snprintf(line, sizeof line, "[text]\ntitle = %0191d\n", 0);
    meiro_error err = {0};
    meiro_template *t = meiro_template_load(puts_file("longest.ini", line), &err);
    verdict_note(&v, t && strlen(t->texts.title) == 191, "199 bytes: %s", err.message);
    meiro_template_free(t);
    refused(&v, put("nul.ini", "[text]\ntitle = ab\0cd\n", 21), 2, 11, "NUL");
    refused(&v, puts_file("latin1.ini", "[text]\nsubtitle = caf\xE9!\n"), 2, 15, "UTF-8");
    refused(&v, puts_file("label.ini", "[maze]\nstart = \xC0\xAF\n"), 2, 9, "UTF-8");
    refused(&v, puts_file("twice.ini", "[text]\ntitle = a\n\n[page]\nmazes = 2\n[text]\n"), 6, 0,
            "section [text] is given twice (first on line 1)");
    refused(&v, puts_file("key.ini", "[text]\ntitle = a\ntitle = b\n"), 3, 0,
            "title is given twice");
    /* libinih reads an indented line as more of the key above */
    refused(&v, puts_file("indent.ini", "[text]\ntitle = a\n  subtitle = b\n"), 3, 0,
            "continues the key above");
    refused(&v, puts_file("empty.ini", "[paeg]\n"), 1, 0, "unknown section [paeg]");
    refused(&v, puts_file("nosection.ini", "title = a\n"), 1, 0, "before any [section]");
    refused(&v, puts_file("up.ini", "[art]\n\nframe = art/../../secret.svg\n"), 3, 0,
            "leaves the template's folder");
    CHECK_ALL(v);
}

/* Draws the art of a template's frame into a small image; true if the
 * pixel at the centre is red. */
static bool frame_is_red(const char *ini, meiro_error *err, meiro_status *s)
{
    meiro_template *t = meiro_template_load(ini, err);
    if (!t) {
        *s = err->status;
        return false;
    }
    cairo_surface_t *art = NULL;
    *s = load_art(t, &t->art_frame, 100, 100, &art, err);
    bool red = false;
    if (*s == MEIRO_OK) {
        cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 20, 20);
        cairo_t *cr = cairo_create(img);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        draw_art(cr, art, 0, 0, 20, 20);
        cairo_destroy(cr);
        cairo_surface_flush(img);
        uint32_t px = ((const uint32_t *)(cairo_image_surface_get_data(img) +
                                          10 * cairo_image_surface_get_stride(img)))[10];
        red = (px & 0xFFFFFF) == 0xFF0000;
        cairo_surface_destroy(img);
    }
    cairo_surface_destroy(art);
    meiro_template_free(t);
    return red;
}

static void test_art_paths(void)
{
    verdict v = {0};
    meiro_error err = {0};
    meiro_status s;
    const char *red = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'>"
                      "<rect width='10' height='10' fill='#f00'/></svg>";
    char sub[128], abs_svg[160], text[300];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    mkdir(sub, 0777);
    snprintf(abs_svg, sizeof abs_svg, "%s", puts_file("red.svg", red));
    /* an absolute path, from a template in another folder */
    snprintf(text, sizeof text, "[art]\nframe = %s\n", abs_svg);
    verdict_note(&v, frame_is_red(puts_file("sub/abs.ini", text), &err, &s), "absolute: %s",
                 err.message);
    /* relative: in the template's folder */
    verdict_note(&v, frame_is_red(puts_file("rel.ini", "[art]\nframe = red.svg\n"), &err, &s),
                 "relative: %s", err.message);
    /* a name of the built-in art, not in the template's folder: the built-in copy */
    meiro_template *t = meiro_template_load(
        puts_file("sub/stars.ini", "[art]\nframe = art/stars-frame.svg\n"), &err);
    cairo_surface_t *art = NULL;
    verdict_note(&v, t && load_art(t, &t->art_frame, 100, 100, &art, &err) == MEIRO_OK && art,
                 "built-in fallback: %s", err.message);
    cairo_surface_destroy(art);
    meiro_template_free(t);
    /* missing: the template's file and line */
    frame_is_red(puts_file("sub/missing.ini", "[page]\nmazes = 1\n[art]\nframe = nothere.svg\n"),
                 &err, &s);
    verdict_note(&v,
                 s == MEIRO_ERROR_IO && err.line == 4 && strstr(err.source, "missing.ini") &&
                     strstr(err.message, "nothere.svg"),
                 "missing: %s:%lu: %s", err.source, err.line, err.message);
    CHECK_ALL(v);
}

/* An SVG pointing at a red picture elsewhere (next to it, and by a file://
 * URL) over a white page: librsvg would draw it from a file, meiro must not. */
static void test_art_external(void)
{
    cairo_surface_t *png = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
    cairo_t *cr = cairo_create(png);
    cairo_set_source_rgb(cr, 1, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    char png_path[160], svg[1024];
    snprintf(png_path, sizeof png_path, "%s/red.png", dir);
    CHECK(cairo_surface_write_to_png(png, png_path) == CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy(png);
    static const char *const hrefs[] = {"red.png", "file://%s", "%s"};
    verdict v = {0};
    for (size_t i = 0; i < sizeof hrefs / sizeof hrefs[0]; i++) {
        char href[200];
        snprintf(href, sizeof href, hrefs[i], png_path);
        snprintf(
            svg, sizeof svg,
            "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
            "viewBox='0 0 10 10'><rect width='10' height='10' fill='#fff'/>"
            "<image x='0' y='0' width='10' height='10' preserveAspectRatio='none' xlink:href='%s'/></svg>",
            href);
        const char *svg_path = puts_file("external.svg", svg);
        /* librsvg itself, given the file, draws the picture: the test can see it */
        RsvgHandle *h = rsvg_handle_new_from_file(svg_path, NULL);
        cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 10, 10);
        cr = cairo_create(img);
        rsvg_handle_render_document(h, cr, &(RsvgRectangle){0, 0, 10, 10}, NULL);
        cairo_destroy(cr);
        cairo_surface_flush(img);
        uint32_t px = ((const uint32_t *)(cairo_image_surface_get_data(img) +
                                          5 * cairo_image_surface_get_stride(img)))[5];
        bool librsvg_draws = (px & 0xFFFFFF) == 0xFF0000;
        cairo_surface_destroy(img);
        g_object_unref(h);
        meiro_error err = {0};
        meiro_status s;
        bool drawn =
            frame_is_red(puts_file("external.ini", "[art]\nframe = external.svg\n"), &err, &s);
        verdict_note(&v, !drawn && (s == MEIRO_OK || s == MEIRO_ERROR_PARSE),
                     "%s: drawn %d (librsvg from the file: %d), %s", href, drawn, librsvg_draws,
                     err.message);
        /* the relative one shows the test would see a picture drawn */
        if (i == 0)
            verdict_note(&v, librsvg_draws, "librsvg does not draw %s from a file: test blind",
                         href);
    }
    CHECK_ALL(v);
}

/* Nested <use> (a billion laughs): refused before librsvg draws it, with
 * the reason; and a file above the size limit, refused unread. */
static void test_art_budget(void)
{
    char svg[4096];
    int n = snprintf(svg, sizeof svg,
                     "<svg xmlns='http://www.w3.org/2000/svg' "
                     "xmlns:xlink='http://www.w3.org/1999/xlink' viewBox='0 0 10 10'>"
                     "<defs><g id='a0'/>");
    for (int level = 1; level <= 6; level++) {
        n += snprintf(svg + n, sizeof svg - (size_t)n, "<g id='a%d'>", level);
        for (int k = 0; k < 10; k++)
            n += snprintf(svg + n, sizeof svg - (size_t)n, "<use xlink:href='#a%d'/>", level - 1);
        n += snprintf(svg + n, sizeof svg - (size_t)n, "</g>");
    }
    snprintf(svg + n, sizeof svg - (size_t)n, "</defs><use xlink:href='#a6'/></svg>");
    puts_file("bomb.svg", svg);
    const char *ini = puts_file("bomb.ini", "[art]\nframe = bomb.svg\n");
    meiro_template *t = meiro_template_load(ini, NULL);
    meiro_export_options page;
    meiro_export_options_from_template(&page, t);
    page.dpi = 30;
    meiro_maze *m =
        meiro_generate(&(meiro_generate_options){.width = 4, .height = 4, .seed = 1}, NULL);
    meiro_error err = {0};
    char out[160];
    snprintf(out, sizeof out, "%s/bomb.png", dir);
    meiro_status s = meiro_save(m, NULL, MEIRO_FORMAT_PNG, &page, out, &err);
    CHECK_MSG(s == MEIRO_ERROR_TOO_BIG && err.line == 2 && strstr(err.source, "bomb.ini") &&
                  strstr(err.message, "bomb.svg") &&
                  strstr(err.message, "more than 20000 elements"),
              "%d %s:%lu: %s", s, err.source, err.line, err.message);
    CHECK(access(out, F_OK) != 0);
    meiro_template_free(t);

    /* one byte over the limit: a comment pads a valid picture */
    size_t size = ART_MAX_BYTES + 1;
    char *big = malloc(size);
    const char *head = "<svg xmlns='http://www.w3.org/2000/svg'><!--", *tail = "--></svg>";
    memset(big, ' ', size);
    memcpy(big, head, strlen(head));
    memcpy(big + size - strlen(tail), tail, strlen(tail));
    put("big.svg", big, size);
    free(big);
    t = meiro_template_load(puts_file("big.ini", "[art]\ngoal = big.svg\n"), NULL);
    meiro_export_options_from_template(&page, t);
    snprintf(out, sizeof out, "%s/big.pdf", dir);
    s = meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, out, &err);
    CHECK_MSG(s == MEIRO_ERROR_PARSE && err.line == 2 &&
                  strstr(err.message, "larger than 1024 KiB"),
              "%s", err.message);
    meiro_template_free(t);
    meiro_maze_free(m);
}

/* A title that is not UTF-8: refused before anything is written, in every
 * page format and in booklets. */
static void test_title_utf8(void)
{
    meiro_maze *m =
        meiro_generate(&(meiro_generate_options){.width = 4, .height = 4, .seed = 1}, NULL);
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.title = "caf\xE9";
    verdict v = {0};
    static const meiro_format formats[] = {MEIRO_FORMAT_PDF, MEIRO_FORMAT_SVG, MEIRO_FORMAT_PNG,
                                           MEIRO_FORMAT_XLSX};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        char out[160];
        snprintf(out, sizeof out, "%s/title.%s", dir, meiro_format_info(formats[i])->name);
        meiro_error err = {0};
        meiro_status s = meiro_save(m, NULL, formats[i], &page, out, &err);
        verdict_note(&v,
                     s == MEIRO_ERROR_ARGUMENT && strstr(err.message, "from byte 4") &&
                         access(out, F_OK) != 0,
                     "%s: %d %s", out, s, err.message);
    }
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 2;
    char out[160];
    snprintf(out, sizeof out, "%s/title-booklet.pdf", dir);
    meiro_error err = {0};
    meiro_status s = meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, out, &err);
    verdict_note(&v, s == MEIRO_ERROR_ARGUMENT && strstr(err.message, "UTF-8"), "booklet: %d %s", s,
                 err.message);
    CHECK_ALL(v);
    page.title = "めいろ";
    CHECK(meiro_export_options_check(&page, NULL) == MEIRO_OK);
    meiro_maze_free(m);
}

/* [maze] width, height, algorithm, ends: the maze a template asks for,
 * over meiro's defaults; aliases read as the generator's name; bad values
 * refused with their line. The kids' templates ask for a child's maze. */
static void test_maze_keys(void)
{
    const char *path = puts_file(
        "maze.ini", "[maze]\nwidth = 9\nheight = 11\nalgorithm = anahori\nends = border\n");
    meiro_error err = {0};
    meiro_template *t = meiro_template_load(path, &err);
    CHECK_MSG(t != NULL, "%s", err.message);
    meiro_generate_options o;
    meiro_generate_options_from_template(&o, t);
    CHECK(o.width == 9 && o.height == 11 && o.algorithm && strcmp(o.algorithm, "dig") == 0 &&
          o.ends == MEIRO_ENDS_BORDER);
    meiro_template_free(t);
    meiro_generate_options_from_template(&o, NULL); /* no template: meiro's defaults */
    CHECK(o.width == 20 && o.height == 15 && o.ends == MEIRO_ENDS_CORNERS);
    static const struct {
        const char *text, *says;
        unsigned long line;
    } bad[] = {
        {"[maze]\nwidth = 0\n", "width is 1 to 65535", 2},
        {"[maze]\n\nheight = 70000\n", "height is 1 to 65535", 3},
        {"[maze]\nalgorithm = nope\n", "unknown generator 'nope'", 2},
        {"[maze]\nends = middle\n", "ends is corners, farthest or border", 2},
    };
    verdict refused = {0};
    for (size_t k = 0; k < TEST_COUNT(bad); k++) {
        path = puts_file("bad-maze.ini", bad[k].text);
        err = (meiro_error){0};
        t = meiro_template_load(path, &err);
        verdict_note(&refused, !t && strstr(err.message, bad[k].says) && err.line == bad[k].line,
                     "%s: %s (line %lu)", bad[k].text, err.message, err.line);
        meiro_template_free(t);
    }
    CHECK_ALL(refused);
    verdict kids = {0};
    static const char *const names[] = {"kids-a4", "kids-ja"};
    for (size_t k = 0; k < TEST_COUNT(names); k++) {
        t = meiro_template_load(names[k], NULL);
        meiro_generate_options_from_template(&o, t);
        verdict_note(&kids, t && o.width == 7 && o.height == 9 && strcmp(o.algorithm, "dig") == 0,
                     "%s", names[k]);
        meiro_template_free(t);
    }
    CHECK_ALL(kids);
}

/* How many times fmt has the conversion conv ("%u"), and no other. */
static int conversions(const char *fmt, char conv)
{
    int n = 0;
    for (const char *p = strchr(fmt, '%'); p; p = strchr(p + 2, '%')) {
        if (p[1] != conv) return -1;
        n++;
    }
    return n;
}

/* Each language of the catalogues (po/, core/catalog.h) has all of meiro's
 * words: none missing (a word a catalogue lacks is English, never NULL),
 * the number where English has it, a direction; and the languages known
 * are the catalogues', English first. */
static void test_words(void)
{
    verdict words = {0};
    char langs[] = CATALOG_LANGS;
    int count = 0;
    for (char *save, *lang = strtok_r(langs, " ", &save); lang; lang = strtok_r(NULL, " ", &save)) {
        const page_labels *l = labels_for(lang);
        verdict_note(&words, lang_known(lang) && meiro_lang_known(lang) && !strcmp(l->lang, lang),
                     "%s: not known", lang);
        verdict_note(&words, lang_index(lang) == count++, "%s: not in the catalogues' order", lang);
        const char *all[] = {l->name,       l->direction,       l->font,      l->default_title,
                             l->answers,    l->answers_at_back, l->fields,    l->maze_tab,
                             l->answer_tab, l->notes,           l->remake,    l->contents,
                             l->levels[0],  l->levels[1],       l->levels[2], l->levels[3]};
        for (size_t k = 0; k < TEST_COUNT(all); k++)
            verdict_note(&words, all[k] && all[k][0] && !strchr(all[k], '%'), "%s: word %zu", lang,
                         k);
        for (int r = 0; r < PAGE_RULE_COUNT; r++)
            verdict_note(&words, l->rules[r] && l->rules[r][0], "%s: rule %d", lang, r);
        const char *numbered[] = {l->maze_no, l->answer_to, l->page_no, l->maze_count};
        for (size_t k = 0; k < TEST_COUNT(numbered); k++)
            verdict_note(&words, numbered[k] && conversions(numbered[k], 'u') == 1,
                         "%s: numbered word %zu is '%s'", lang, k, numbered[k]);
        verdict_note(&words, l->version && conversions(l->version, 's') == 1, "%s: version", lang);
        verdict_note(&words, !strcmp(l->direction, "ltr") || !strcmp(l->direction, "rtl"),
                     "%s: direction '%s'", lang, l->direction);
    }
    CHECK_ALL(words);
    CHECK_INT(count, TEXT_LANGS);
    CHECK(strncmp(CATALOG_LANGS, "en ", 3) == 0);
    /* a language without a catalogue: English words, and not known */
    CHECK(!lang_known("xx") && !meiro_lang_known("xx") && !strcmp(labels_for("xx")->lang, "en"));
    CHECK_STR(labels_for("ar")->direction, "rtl");
    CHECK_STR(labels_for("ja")->answers, "こたえ");
}

static const test_case cases[] = {
    {"words", test_words},
    {"maze_keys", test_maze_keys},
    {"utf8", test_utf8},
    {"lines", test_lines},
    {"art_paths", test_art_paths},
    {"art_external", test_art_external},
    {"art_budget", test_art_budget},
    {"title_utf8", test_title_utf8},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-template-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("template", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
