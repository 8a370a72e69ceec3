/* Drawing primitives shared by the cairo exporters (PDF, SVG, PNG) and the
 * document pages: walls as long vector strokes, the solution, S and G
 * (words or pictures), lines of text through Pango, SVG artwork. Units are
 * millimetres; the exporters scale to their device. */
#include "core/error.h"
#include "core/model.h"
#include "page/layout.h"
#include "page/template.h"
#include "render/draw.h"

#include <librsvg/rsvg.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

cairo_status_t cairo_write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
}

/* Maps millimetres to positions that land on the device's pixel grid when
 * `snap` (pixels per mm) is set: lines of odd pixel width sit on pixel
 * centres, so raster walls stay crisp. */
typedef struct grid {
    double snap, offset;
} grid;

static double on_grid(const grid *g, double mm)
{
    if (g->snap <= 0) return mm;
    return (round(mm * g->snap) + g->offset) / g->snap;
}

static void stroke_walls(cairo_t *cr, const meiro_maze *m, const page_layout *L, const grid *g)
{
    /* only the grid lines that reach the visible area (a PNG band) */
    double cx0, cy0, cx1, cy1;
    cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
    double pad = L->line + L->cell;
    double first = floor((cy0 - pad - L->maze_y) / L->cell), last = ceil((cy1 + pad - L->maze_y) / L->cell);
    uint32_t y_from = first < 0 ? 0 : first > m->h ? m->h : (uint32_t)first;
    uint32_t y_to = last < 0 ? 0 : last > m->h ? m->h : (uint32_t)last;
    /* horizontal runs, one grid line after another; a run is one stroke */
    for (uint32_t y = y_from; y <= y_to; y++) {
        double py = on_grid(g, L->maze_y + y * L->cell);
        for (uint32_t x = 0; x < m->w;) {
            if (!maze_wall_above(m, x, y)) {
                x++;
                continue;
            }
            uint32_t end = x;
            while (end < m->w && maze_wall_above(m, end, y)) end++;
            cairo_move_to(cr, on_grid(g, L->maze_x + x * L->cell), py);
            cairo_line_to(cr, on_grid(g, L->maze_x + end * L->cell), py);
            x = end;
        }
    }
    uint32_t rows_to = y_to < m->h ? y_to + 1 : m->h;
    for (uint32_t x = 0; x <= m->w; x++) {
        double px = on_grid(g, L->maze_x + x * L->cell);
        for (uint32_t y = y_from; y < rows_to;) {
            if (!maze_wall_left(m, x, y)) {
                y++;
                continue;
            }
            uint32_t end = y;
            while (end < rows_to && maze_wall_left(m, x, end)) end++;
            cairo_move_to(cr, px, on_grid(g, L->maze_y + y * L->cell));
            cairo_line_to(cr, px, on_grid(g, L->maze_y + end * L->cell));
            y = end;
        }
    }
    /* square caps close the corners where runs meet */
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_stroke(cr);
}

/* Centre of cell (x, y), pushed half a cell out through a door if any. */
static void cell_centre(const page_layout *L, meiro_cell c, meiro_dir door, double *cx, double *cy)
{
    *cx = L->maze_x + (c.x + 0.5) * L->cell;
    *cy = L->maze_y + (c.y + 0.5) * L->cell;
    if (door < MEIRO_NO_DIR) {
        *cx += DIR_DX[door] * L->cell / 2;
        *cy += DIR_DY[door] * L->cell / 2;
    }
}

static void stroke_path(cairo_t *cr, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    if (!p || p->length == 0) return;
    double x, y;
    cell_centre(L, p->cells[0], m->start_door, &x, &y);
    cairo_move_to(cr, x, y);
    for (size_t k = 0; k < p->length; k++) {
        cell_centre(L, p->cells[k], MEIRO_NO_DIR, &x, &y);
        cairo_line_to(cr, x, y);
    }
    cell_centre(L, p->cells[p->length - 1], m->goal_door, &x, &y);
    cairo_line_to(cr, x, y);
    cairo_set_source_rgb(cr, SOLUTION_R, SOLUTION_G, SOLUTION_B);
    cairo_set_line_width(cr, L->path_width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
}

/* A Pango layout of `text` in `family` at `size` mm. User units are mm, so
 * metric hinting and glyph-position rounding (both to whole units) are
 * off: they would space letters by whole millimetres. */
static PangoLayout *text_layout(cairo_t *cr, const char *text, const char *family, bool bold,
                                double size)
{
    PangoLayout *layout = pango_cairo_create_layout(cr);
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
    return layout;
}

/* Moves to where the layout must start so that its ink is centred at
 * (cx, cy), or (with baseline) its logical box centred at cx on that
 * baseline. */
static void place_layout(cairo_t *cr, PangoLayout *layout, double cx, double cy, bool baseline)
{
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    if (baseline) {
        double base = (double)pango_layout_get_baseline(layout) / PANGO_SCALE;
        cairo_move_to(cr, cx - (logical.x + logical.width / 2.0) / PANGO_SCALE, cy - base);
    } else {
        cairo_move_to(cr, cx - (ink.x + ink.width / 2.0) / PANGO_SCALE,
                      cy - (ink.y + ink.height / 2.0) / PANGO_SCALE);
    }
}

/* A mark (S, G, スタート, ...) centred at (cx, cy) and fitted into the
 * cell, with a white halo so the solution line under it does not hide it;
 * or the template's picture for it. */
static void draw_mark(cairo_t *cr, const char *text, RsvgHandle *art, const char *font,
                      double cx, double cy, const page_layout *L)
{
    if (art) {
        double side = L->cell * 0.84;
        RsvgRectangle view = {cx - side / 2, cy - side / 2, side, side};
        rsvg_handle_render_document(art, cr, &view, NULL);
        return;
    }
    double size = L->mark_size;
    PangoLayout *layout = text_layout(cr, text, font, true, size);
    PangoRectangle ink;
    pango_layout_get_extents(layout, &ink, NULL);
    double width = (double)ink.width / PANGO_SCALE;
    if (width > L->cell * 0.7) { /* a long word: shrink it clear of the walls */
        g_object_unref(layout);
        size *= L->cell * 0.7 / width;
        layout = text_layout(cr, text, font, true, size);
    }
    place_layout(cr, layout, cx, cy, false);
    pango_cairo_layout_path(cr, layout);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, size * 0.18);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke_preserve(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_fill(cr);
    g_object_unref(layout);
}

void fonts_prepare(const char *font)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
    cairo_t *cr = cairo_create(s);
    for (int bold = 0; bold <= 1; bold++) {
        PangoLayout *layout = text_layout(cr, "Sスタート0", font, bold, 10);
        PangoRectangle ink;
        pango_layout_get_extents(layout, &ink, NULL);
        g_object_unref(layout);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(s);
}

void draw_text(cairo_t *cr, const char *text, const char *font, double x, double baseline,
               double size, bool bold, int align)
{
    if (!text || !text[0]) return;
    PangoLayout *layout = text_layout(cr, text, font, bold, size);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    double width = (double)logical.width / PANGO_SCALE, left = (double)logical.x / PANGO_SCALE;
    double start = align < 0 ? x - left : align > 0 ? x - left - width : x - left - width / 2;
    cairo_move_to(cr, start, baseline - (double)pango_layout_get_baseline(layout) / PANGO_SCALE);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

void draw_maze(cairo_t *cr, const meiro_maze *m, const meiro_path *path, const page_layout *L,
               const maze_marks *marks, double snap)
{
    grid g = {snap, 0};
    double line = L->line;
    if (snap > 0) { /* whole pixels, odd widths centred on pixels */
        double px = fmax(1, round(line * snap));
        line = px / snap;
        g.offset = fmod(px, 2) == 1 ? 0.5 : 0;
    }
    cairo_save(cr);
    cairo_set_line_width(cr, line);
    stroke_walls(cr, m, L, &g);
    stroke_path(cr, m, path, L);
    /* one cell holding both S and G (1 x 1): the marks stand in their doors */
    bool shared = m->start.x == m->goal.x && m->start.y == m->goal.y;
    double x, y;
    cell_centre(L, m->start, shared ? m->start_door : MEIRO_NO_DIR, &x, &y);
    draw_mark(cr, marks->start, marks->start_art, marks->font, x, y, L);
    cell_centre(L, m->goal, shared ? m->goal_door : MEIRO_NO_DIR, &x, &y);
    draw_mark(cr, marks->goal, marks->goal_art, marks->font, x, y, L);
    cairo_restore(cr);
}

meiro_status load_art(const meiro_template *tpl, const char *file, RsvgHandle **art, meiro_error *err)
{
    *art = NULL;
    if (!tpl || !file[0]) return MEIRO_OK;
    GError *gerr = NULL;
    const builtin_file *b = strncmp(tpl->path, "(built-in)", 10) == 0 ? builtin_find(file) : NULL;
    if (b) {
        *art = rsvg_handle_new_from_data((const guint8 *)b->data, b->size, &gerr);
    } else {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", tpl->dir, file);
        *art = rsvg_handle_new_from_file(path, &gerr);
    }
    if (*art) return MEIRO_OK;
    fail(err, MEIRO_ERROR_IO, "template artwork '%s': %s", file,
               gerr ? gerr->message : "cannot be read");
    if (err) snprintf(err->source, sizeof err->source, "%s", tpl->path);
    if (gerr) g_error_free(gerr);
    return MEIRO_ERROR_IO;
}

void draw_art(cairo_t *cr, RsvgHandle *art, double x, double y, double w, double h)
{
    RsvgRectangle view = {x, y, w, h};
    rsvg_handle_render_document(art, cr, &view, NULL);
}

meiro_status cairo_result(cairo_surface_t *surface, cairo_t *cr, meiro_error *err)
{
    cairo_status_t s = cr ? cairo_status(cr) : CAIRO_STATUS_SUCCESS;
    if (cr) cairo_destroy(cr);
    cairo_surface_finish(surface); /* PDF and SVG write errors show up here */
    if (s == CAIRO_STATUS_SUCCESS) s = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (s == CAIRO_STATUS_SUCCESS) return MEIRO_OK;
    if (s == CAIRO_STATUS_NO_MEMORY) return fail(err, MEIRO_ERROR_NOMEM, "out of memory drawing the page");
    if (s == CAIRO_STATUS_WRITE_ERROR) return fail(err, MEIRO_ERROR_IO, "write error");
    return fail(err, MEIRO_ERROR_INTERNAL, "drawing failed: %s", cairo_status_to_string(s));
}
