/* The cairo side of the drawing primitives (draw_cairo.h): the streams
 * cairo writes, text laid out by Pango for the cairo sink, and the
 * template's SVG pictures drawn by librsvg. */
#define _POSIX_C_SOURCE 200809L
#include "core/alloc.h"
#include "core/error.h"
#include "page/template.h"
#include "draw/draw_cairo.h"
#include "shapes/image_libs.h"
#include "compose/line_breaks.h"
#include "shapes/picture.h"

#include <errno.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int length)
{
    stream_sink *sink = closure;
    if (fwrite(data, 1, length, sink->out) == length) return CAIRO_STATUS_SUCCESS;
    if (!sink->error) sink->error = errno ? errno : EIO;
    return CAIRO_STATUS_WRITE_ERROR;
}

/* A Pango layout of `text` in `family` at `size` mm. User units are mm, so
 * metric hinting and glyph-position rounding (both to whole units) are
 * off: they would space letters by whole millimetres. */
static void set_layout(PangoLayout *layout, const char *text, const char *family, bool bold,
                       double size)
{
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    PangoContext *context = pango_layout_get_context(layout);
    /* Fonts sized in page units, not device pixels: with the page's scale
     * in the context as well, pango asks FreeType for size x scale^2
     * pixels, which it refuses above 65535 ("error occurred in
     * libfreetype": 1100 dpi PNGs of small mazes, whose marks are big).
     * Hinting is off, so the glyphs are the same; cairo still draws them
     * through the page's scale. */
    pango_context_set_matrix(context, NULL);
    pango_cairo_context_set_font_options(context, fo);
    pango_context_set_round_glyph_positions(context, FALSE);
    cairo_font_options_destroy(fo);
    pango_layout_context_changed(layout);
    PangoFontDescription *desc = pango_font_description_from_string(family);
    pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, desc);
    pango_font_description_free(desc);
    pango_layout_set_text(layout, text, -1);
}

PangoLayout *text_layout(cairo_t *cr, const char *text, const char *family, bool bold, double size)
{
    PangoLayout *layout = pango_cairo_create_layout(cr);
    set_layout(layout, text, family, bold, size);
    return layout;
}

/* text_layout's layout on no device, to load the fonts it needs. */
static PangoLayout *loading_layout(const char *text, const char *family, bool bold, double size)
{
    PangoContext *context = pango_font_map_create_context(pango_cairo_font_map_get_default());
    PangoLayout *layout = pango_layout_new(context);
    g_object_unref(context); /* the layout holds it */
    set_layout(layout, text, family, bold, size);
    return layout;
}

/* Where the layout must start so that its ink is centred at (cx, cy), or
 * (with baseline) its logical box centred at cx on that baseline. */
void layout_origin(PangoLayout *layout, double cx, double cy, bool baseline, double *x, double *y)
{
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    if (baseline) {
        double base = (double)pango_layout_get_baseline(layout) / PANGO_SCALE;
        *x = cx - (logical.x + logical.width / 2.0) / PANGO_SCALE;
        *y = cy - base;
    } else {
        *x = cx - (ink.x + ink.width / 2.0) / PANGO_SCALE;
        *y = cy - (ink.y + ink.height / 2.0) / PANGO_SCALE;
    }
}

void place_layout(cairo_t *cr, PangoLayout *layout, double cx, double cy, bool baseline)
{
    double x, y;
    layout_origin(layout, cx, cy, baseline, &x, &y);
    cairo_move_to(cr, x, y);
}

void fonts_prepare(const char *font)
{
    for (int bold = 0; bold <= 1; bold++) {
        PangoLayout *layout = loading_layout("Sスタート0", font, bold, 10);
        PangoRectangle ink;
        pango_layout_get_extents(layout, &ink, NULL);
        g_object_unref(layout);
    }
}

/* No break inside bytes [start, end) of the text. */
static void keep(PangoAttrList *attrs, size_t start, size_t end)
{
    PangoAttribute *a = pango_attr_allow_breaks_new(FALSE);
    a->start_index = (guint)start;
    a->end_index = (guint)end;
    pango_attr_list_insert(attrs, a);
}

/* The width of bytes [start, end) of an unwrapped one-line layout, mm. */
static double span_width(PangoLayout *line, size_t start, size_t end, const char *text)
{
    PangoRectangle a, b;
    pango_layout_index_to_pos(line, (int)start, &a);
    const char *last = g_utf8_find_prev_char(text, text + end);
    pango_layout_index_to_pos(line, (int)(last - text), &b);
    double x0 = fmin(a.x, a.x + a.width), x1 = fmax(b.x, b.x + b.width);
    return (x1 - x0) / PANGO_SCALE;
}

/* Pango's line breaks for `layout` (its text, font and width set) kept to
 * meiro's (line_breaks.h): words whole, except, when `in_words`, those
 * wider than `width` (mm); kinsoku always. */
static void set_line_breaks(PangoLayout *layout, double width, bool in_words)
{
    const char *text = pango_layout_get_text(layout);
    PangoAttrList *old = pango_layout_get_attributes(layout);
    PangoAttrList *attrs = old ? pango_attr_list_copy(old) : pango_attr_list_new();
    PangoLayout *line = NULL; /* the text on one line, to measure words */
    if (in_words) {
        line = pango_layout_copy(layout);
        pango_layout_set_width(line, -1);
    }
    size_t word = SIZE_MAX;
    const char *prev = NULL;
    for (const char *p = text;; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        size_t at = (size_t)(p - text);
        bool end = c == 0, space = !end && line_space(c);
        if ((end || space) && word != SIZE_MAX) { /* a word ends */
            if (!in_words || span_width(line, word, at, text) <= width) keep(attrs, word, at);
            word = SIZE_MAX;
        }
        if (end) break;
        if (!space && word == SIZE_MAX) word = at;
        if (prev && !line_break_between(g_utf8_get_char(prev), c))
            keep(attrs, (size_t)(prev - text), (size_t)(g_utf8_next_char(p) - text));
        prev = p;
    }
    pango_layout_set_attributes(layout, attrs);
    pango_attr_list_unref(attrs);
    if (line) g_object_unref(line);
}

/* `layout` wrapped into `width` (at spaces, and inside too wide words when
 * `in_words`), lines centred: a description read back that asks. */
static void wrap_layout(PangoLayout *layout, double width, bool in_words)
{
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER);
    set_line_breaks(layout, width, in_words);
}

PangoLayout *run_layout(cairo_t *cr, const scene_text *t)
{
    PangoLayout *layout = text_layout(cr, t->text, t->font, t->bold, t->size);
    if (t->wrap > 0) wrap_layout(layout, t->wrap, t->in_words);
    if (t->italic) { /* none of meiro's own; a description may ask */
        PangoFontDescription *desc =
            pango_font_description_copy(pango_layout_get_font_description(layout));
        pango_font_description_set_style(desc, PANGO_STYLE_ITALIC);
        pango_layout_set_font_description(layout, desc);
        pango_font_description_free(desc);
    }
    return layout;
}

/* Reads at most ART_MAX_BYTES of a file into *data (g_free it). */
static meiro_status read_art_file(const char *path, char **data, size_t *size, meiro_error *err)
{
    *data = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, MEIRO_ERROR_IO, "%s", strerror(errno));
    char *buf = g_try_malloc(ART_MAX_BYTES + 1);
    size_t n = buf ? fread(buf, 1, ART_MAX_BYTES + 1, f) : 0;
    meiro_status s = MEIRO_OK;
    if (!buf) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    else if (ferror(f)) s = fail(err, MEIRO_ERROR_IO, "%s", strerror(errno));
    else if (n > ART_MAX_BYTES)
        s = fail(err, MEIRO_ERROR_PARSE, "larger than %d KiB", ART_MAX_BYTES / 1024);
    fclose(f);
    if (s != MEIRO_OK) {
        g_free(buf);
        return s;
    }
    *data = buf;
    *size = n;
    return MEIRO_OK;
}

/* The SVG text of a template's picture: templates/README.md has the rule.
 * *ours is set for the files built into meiro (not measured). */
static meiro_status find_art(const meiro_template *tpl, const char *file, char **owned,
                             const char **data, size_t *size, bool *ours, meiro_error *err)
{
    *owned = NULL;
    *ours = false;
    char path[2048];
    if (!art_path(tpl, file, path, sizeof path)) {
        meiro_status s = read_art_file(path, owned, size, err);
        *data = *owned;
        return s;
    }
    const builtin_file *b = builtin_find(file);
    if (!b) return fail(err, MEIRO_ERROR_IO, "no such built-in file");
    *data = b->data;
    *size = b->size;
    *ours = true;
    return MEIRO_OK;
}

/* The key of the SVG a recording was drawn from (its address is the key). */
static const cairo_user_data_key_t svg_source;

/* Draws the SVG into a recording w x h (w <= 0: a frame, its size from the
 * SVG, its shorter side h mm); *svg is kept for SVG pages. */
static meiro_status draw_svg_art(const char *data, size_t size, double w, double h,
                                 cairo_surface_t **art, RsvgHandle **svg_out, GError **gerr)
{
    *art = NULL;
    *svg_out = NULL;
    /* from memory, with no base file: librsvg loads no other file or URL
     * (an <image>, a <use> of another file, an XInclude) */
    RsvgHandle *svg = lib_rsvg()->rsvg_handle_new_from_data((const guint8 *)data, size, gerr);
    if (!svg) return MEIRO_ERROR_PARSE;
    if (w <= 0) { /* a frame: its own size in mm, else its shape with the shorter side h mm */
        gboolean has_w, has_h, has_box;
        RsvgLength lw, lh;
        RsvgRectangle vb;
        lib_rsvg()->rsvg_handle_get_intrinsic_dimensions(svg, &has_w, &lw, &has_h, &lh, &has_box,
                                                         &vb);
        double aw = has_box && vb.width > 0 && vb.height > 0 ? vb.width : 1,
               ah = has_box && vb.height > 0 ? vb.height : 1;
        if (has_w && has_h && lw.unit == RSVG_UNIT_MM && lh.unit == RSVG_UNIT_MM && lw.length > 0 &&
            lh.length > 0) {
            w = lw.length * ART_UNITS_PER_MM;
            h = lh.length * ART_UNITS_PER_MM;
        } else {
            w = aw * h / fmin(aw, ah) * ART_UNITS_PER_MM;
            h = ah * h / fmin(aw, ah) * ART_UNITS_PER_MM;
        }
    }
    cairo_rectangle_t box = {0, 0, w, h};
    *art = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &box);
    cairo_t *cr = cairo_create(*art);
    RsvgRectangle view = {0, 0, w, h};
    if (!lib_rsvg()->rsvg_handle_render_document(svg, cr, &view, gerr) && !*gerr)
        *gerr = g_error_new_literal(lib_rsvg()->g_io_error_quark(), G_IO_ERROR_FAILED,
                                    "cannot be drawn");
    if (!*gerr && cairo_status(cr) != CAIRO_STATUS_SUCCESS)
        *gerr = g_error_new_literal(lib_rsvg()->g_io_error_quark(), G_IO_ERROR_FAILED,
                                    cairo_status_to_string(cairo_status(cr)));
    cairo_destroy(cr);
    if (*gerr) {
        g_object_unref(svg);
        cairo_surface_destroy(*art);
        *art = NULL;
        return MEIRO_ERROR_PARSE;
    }
    *svg_out = svg;
    return MEIRO_OK;
}

/* A stranger's artwork, drawn once on a budget before it is drawn for the
 * pages (picture.h), as a page at 300 dpi would draw it: what it costs is
 * known before the real drawing. */
typedef struct art_trial {
    const char *data;
    size_t size;
    double w, h;
} art_trial;

static meiro_status try_art(void *ctx, meiro_error *err)
{
    const art_trial *t = ctx;
    cairo_surface_t *art;
    RsvgHandle *svg;
    GError *gerr = NULL;
    meiro_status s = draw_svg_art(t->data, t->size, t->w, t->h, &art, &svg, &gerr);
    if (s == MEIRO_OK) {
        cairo_rectangle_t box;
        cairo_recording_surface_get_extents(art, &box);
        double px = 300 / 25.4 / (t->w <= 0 ? ART_UNITS_PER_MM : 1); /* pixels a unit */
        px = fmin(px, 4096 / fmax(box.width, box.height));
        cairo_surface_t *page = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, (int)ceil(box.width * px), (int)ceil(box.height * px));
        cairo_t *cr = cairo_create(page);
        cairo_scale(cr, px, px);
        cairo_set_source_surface(cr, art, 0, 0);
        cairo_paint(cr);
        cairo_status_t cs = cairo_status(cr);
        if (cs == CAIRO_STATUS_NO_MEMORY) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        else if (cs != CAIRO_STATUS_SUCCESS)
            s = fail(err, MEIRO_ERROR_PARSE, "cannot be drawn: %s", cairo_status_to_string(cs));
        cairo_destroy(cr);
        cairo_surface_destroy(page);
    }
    if (gerr) {
        s = fail(err, s, "%s", gerr->message);
        g_error_free(gerr);
    }
    cairo_surface_destroy(art);
    if (svg) g_object_unref(svg);
    return s;
}

/* Art is at most this long and this big to draw (beside meiro's own). */
#define ART_SECONDS 0.5
enum { ART_MEGABYTES = 128 };

meiro_status load_art(const meiro_template *tpl, const template_art *ref, double w, double h,
                      cairo_surface_t **art, meiro_error *err)
{
    *art = NULL;
    if (!ref->file[0]) return MEIRO_OK;
    char *owned;
    const char *data = NULL;
    size_t size = 0;
    bool ours = false;
    GError *gerr = NULL;
    RsvgHandle *svg = NULL;
    meiro_status s = find_art(tpl, ref->file, &owned, &data, &size, &ours, err);
    if (s == MEIRO_OK && !ours) s = svg_scan((const unsigned char *)data, size, "it", err);
    if (s == MEIRO_OK && !ours) {
        art_trial trial = {data, size, w, h};
        s = sandbox_run(try_art, &trial, ART_SECONDS, ART_MEGABYTES, "draw", "it", err);
    }
    if (s == MEIRO_OK) s = draw_svg_art(data, size, w, h, art, &svg, &gerr);
    g_free(owned);
    /* kept for draw_art on SVG pages (the recording's owner frees it) */
    if (s == MEIRO_OK && cairo_surface_set_user_data(*art, &svg_source, svg, g_object_unref) !=
                             CAIRO_STATUS_SUCCESS) {
        g_object_unref(svg);
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    if (s == MEIRO_OK) return MEIRO_OK;
    char why[256];
    snprintf(why, sizeof why, "%s", gerr ? gerr->message : err ? err->message : "cannot be read");
    art_blame(tpl, ref, s, why, err);
    if (gerr) g_error_free(gerr);
    cairo_surface_destroy(*art);
    *art = NULL;
    return s;
}

static void release_art(void *art) { cairo_surface_destroy(art); }

meiro_status art_ref_load(art_ref *a, meiro_error *err)
{
    if (a->art || !a->file.file[0]) return MEIRO_OK;
    cairo_surface_t *art;
    meiro_status s = load_art(a->tpl, &a->file, a->w, a->h, &art, err);
    if (s != MEIRO_OK) return s;
    a->art = art;
    a->release = release_art;
    return MEIRO_OK;
}

meiro_status load_marks_art(const meiro_export_options *opt, double size, cairo_surface_t **start,
                            cairo_surface_t **goal, meiro_error *err)
{
    art_ref ref[2];
    marks_art_refs(opt, size, &ref[0], &ref[1]);
    meiro_status s = art_ref_load(&ref[0], err);
    if (s == MEIRO_OK) s = art_ref_load(&ref[1], err);
    if (s != MEIRO_OK) cairo_surface_destroy(ref[0].art); /* NULL is allowed */
    *start = s == MEIRO_OK ? ref[0].art : NULL;
    *goal = s == MEIRO_OK ? ref[1].art : NULL;
    return s;
}

void draw_frame_art(cairo_t *cr, cairo_surface_t *art, double page_w, double page_h)
{
    cairo_rectangle_t box;
    cairo_recording_surface_get_extents(art, &box);
    double sw = box.width / ART_UNITS_PER_MM, sh = box.height / ART_UNITS_PER_MM; /* in mm */
    RsvgHandle *svg = cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_SVG
                          ? cairo_surface_get_user_data(art, &svg_source)
                          : NULL;
    double c = fmin(fmin(sw, sh) / 7, fmin(page_w, page_h) / 3); /* the corners */
    const double sx[4] = {0, c, sw - c, sw}, sy[4] = {0, c, sh - c, sh};
    const double dx[4] = {0, c, page_w - c, page_w}, dy[4] = {0, c, page_h - c, page_h};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            cairo_save(cr);
            cairo_rectangle(cr, dx[i], dy[j], dx[i + 1] - dx[i], dy[j + 1] - dy[j]);
            cairo_clip(cr);
            cairo_translate(cr, dx[i], dy[j]);
            cairo_scale(cr, (dx[i + 1] - dx[i]) / (sx[i + 1] - sx[i]),
                        (dy[j + 1] - dy[j]) / (sy[j + 1] - sy[j]));
            cairo_translate(cr, -sx[i], -sy[j]);
            cairo_scale(cr, 1.0 / ART_UNITS_PER_MM, 1.0 / ART_UNITS_PER_MM);
            if (svg) { /* see draw_art */
                RsvgRectangle view = {0, 0, box.width, box.height};
                lib_rsvg()->rsvg_handle_render_document(svg, cr, &view, NULL);
            } else {
                cairo_set_source_surface(cr, art, 0, 0);
                cairo_paint(cr);
            }
            cairo_restore(cr);
        }
}

void draw_art(cairo_t *cr, cairo_surface_t *art, double x, double y, double w, double h)
{
    /* cairo 1.16's SVG backend loses a reference to one of two recordings
     * painted on a page (a leak under LSan): SVG pages get the picture
     * drawn by librsvg itself, as vectors all the same */
    RsvgHandle *svg = cairo_surface_get_user_data(art, &svg_source);
    if (svg && cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_SVG) {
        RsvgRectangle view = {x, y, w, h};
        lib_rsvg()->rsvg_handle_render_document(svg, cr, &view, NULL);
        return;
    }
    cairo_rectangle_t box;
    cairo_recording_surface_get_extents(art, &box);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, w / box.width, h / box.height);
    cairo_set_source_surface(cr, art, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
}

meiro_status draw_finish(cairo_surface_t *surface, cairo_t *cr, const stream_sink *sink,
                         meiro_error *err)
{
    cairo_status_t s = cr ? cairo_status(cr) : CAIRO_STATUS_SUCCESS;
    if (cr) cairo_destroy(cr);
    cairo_surface_finish(surface); /* PDF and SVG write errors show up here */
    if (s == CAIRO_STATUS_SUCCESS) s = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (s == CAIRO_STATUS_SUCCESS) return MEIRO_OK;
    if (s == CAIRO_STATUS_NO_MEMORY)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory drawing the page");
    if (s == CAIRO_STATUS_WRITE_ERROR) {
        errno = sink ? sink->error : errno;
        return fail_write(err);
    }
    return fail(err, MEIRO_ERROR_INTERNAL, "drawing failed: %s", cairo_status_to_string(s));
}
