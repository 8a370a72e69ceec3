/* Rule mazes on paper: the worksheet page (title, the rule in one line, a
 * name line, START and FINISH, big cells with the tokens), 2-up pages of
 * two sheets, and the key with each rule path shaded; saved atomically, as
 * PDF or as the sheet's text or JSON. */
#include "content/rule_model.h"
#include "core/error.h"
#include "core/utf8.h"
#include "io/io.h"
#include "page/layout.h"
#include "page/template.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "draw/module.h"
#include "draw/scene_cairo.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

/* The page is laid out for A4's width: on a narrower paper its texts and
 * grid shrink with it. */
enum { MARGIN = 15, A4_BODY_W = 180 };



/* The size the sheet's tokens are set at: the largest at which the widest
 * fits its cell, one size for all (a long word is not set smaller than its
 * neighbours). */
static double token_size(cairo_t *cr, const meiro_rule_sheet *s, const char *font, double cell)
{
    double size = cell * 0.42;
    for (size_t i = 0; i < (size_t)s->w * s->h; i++) {
        PangoLayout *layout = text_layout(cr, s->tok[i], font, false, size);
        PangoRectangle ink;
        pango_layout_get_extents(layout, &ink, NULL);
        double w = ink.width / (double)PANGO_SCALE;
        if (w > cell * 0.86) size *= cell * 0.86 / w;
        g_object_unref(layout);
    }
    return size;
}

/* Where the sheet's tokens stand: their baseline below a cell's middle,
 * the ink of all of them together centred (one line for every cell, so
 * that Ö, Q and ط sit on the line A and ب sit on, not each by its own ink). */
static double token_baseline(cairo_t *cr, const meiro_rule_sheet *s, const char *font, double size)
{
    double top = 0, bottom = 0;
    bool any = false;
    for (size_t i = 0; i < (size_t)s->w * s->h; i++) {
        if (!s->tok[i][0]) continue;
        PangoLayout *layout = text_layout(cr, s->tok[i], font, false, size);
        PangoRectangle ink;
        pango_layout_get_extents(layout, &ink, NULL);
        double base = (double)pango_layout_get_baseline(layout) / PANGO_SCALE;
        double t = ink.y / (double)PANGO_SCALE - base, b = t + ink.height / (double)PANGO_SCALE;
        if (!any || t < top) top = t;
        if (!any || b > bottom) bottom = b;
        any = true;
        g_object_unref(layout);
    }
    return -(top + bottom) / 2;
}

/* A token in its cell: its ink centred across, on the sheet's baseline. */
static void draw_token(cairo_t *cr, const char *t, const char *font, double cx, double cy,
                       double size, double baseline)
{
    PangoLayout *layout = text_layout(cr, t, font, false, size);
    double x, y;
    layout_origin(layout, cx, cy, false, &x, &y);
    cairo_move_to(cr, x, cy + baseline - (double)pango_layout_get_baseline(layout) / PANGO_SCALE);
    pango_cairo_show_layout(cr, layout);
    g_object_unref(layout);
}

/* The column cell c (or column c) is drawn in: mirrored for a language
 * read from the right. */
static uint32_t drawn_column(const meiro_rule_sheet *s, bool rtl, uint32_t c)
{
    return rtl ? s->w - 1 - c % s->w : c % s->w;
}

/* An arrow from (x0, y0) to (x1, y1), its head at the end. */
static void arrow(cairo_t *cr, double x0, double y0, double x1, double y1, double head)
{
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    dx /= len, dy /= len;
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x1 - head * dx - head * 0.5 * dy, y1 - head * dy + head * 0.5 * dx);
    cairo_line_to(cr, x1 - head * dx + head * 0.5 * dy, y1 - head * dy - head * 0.5 * dx);
    cairo_close_path(cr);
    cairo_fill(cr);
}

/* The colour cr paints in and cv's texts are set in. */
static void colour(cairo_t *cr, canvas *cv, double r, double g, double b)
{
    cairo_set_source_rgb(cr, r, g, b);
    canvas_set_colour(cv, r, g, b);
}

/* One sheet in the box (x0, y0, bw, bh): big (1-up) or half a page. */
static void draw_sheet(cairo_t *cr, canvas *cv, const meiro_rule_sheet *s, const char *title, size_t number,
                       double x0, double y0, double bw, double bh, bool big, bool answer)
{
    const rule_words *w = rule_words_for(s->lang);
    /* the language's own fonts where its script needs them */
    const char *font = page_font(NULL, labels_for(s->lang), FONT_FAMILY);
    double k = (big ? 1.0 : 0.75) * fmin(1, bw / A4_BODY_W);
    char head[800];
    const char *t = rule_title(s, title);
    if (answer) snprintf(head, sizeof head, "%s — %s", w->answer, t);
    else snprintf(head, sizeof head, "%s", t);
    if (number) {
        size_t l = strlen(head);
        char no[48];
        snprintf(no, sizeof no, w->number, number);
        labels_digits(labels_for(s->lang), no, sizeof no);
        snprintf(head + l, sizeof head - l, "   %s", no);
    }
    if (answer && s->name[0]) { /* a class set's keys told apart */
        size_t l = strlen(head);
        snprintf(head + l, sizeof head - l, " — %s", s->name);
    }
    colour(cr, cv, 0, 0, 0);
    text_fit fit;
    double ty = y0 + 8 * k;
    if (fit_text(cv, head, font, true, 8 * k, 4, bw, 10 * k, &fit))
        draw_fitted(cv, ROLE_TEXT, head, font, true, &fit, x0 + bw / 2, ty, y0, bw);
    double ny = ty + 10 * k;
    /* a language read from the right starts there: its name line's word,
     * and the grid, mirrored as its HTML page shows it (dir="rtl"): the
     * path begins in the right column, where START points in */
    bool rtl = !strcmp(labels_for(s->lang)->direction, "rtl");
    if (!answer) {
        /* "Name ____" at the right; a language read from the right starts
         * there with its word, the line after it to the left */
        double line_x = rtl ? x0 + bw - 86 * k : x0 + bw - 68 * k;
        draw_text(cv, ROLE_TEXT, w->name, font, rtl ? x0 + bw : x0 + bw - 70 * k, ny, 4.5 * k,
                  false, 1);
        cairo_set_line_width(cr, 0.3);
        cairo_move_to(cr, line_x, ny + 0.8);
        cairo_line_to(cr, line_x + 68 * k, ny + 0.8);
        cairo_stroke(cr);
        /* a pupil's name, written on the line: on one line, smaller for a
         * long name */
        if (s->name[0]) {
            double size = 5 * k, room = 64 * k;
            if (!fit_text(cv, s->name, font, true, size, size, room, 6 * k, &fit) || fit.wrap)
                size *= room / fit.natural * 0.999;
            draw_text(cv, ROLE_TEXT, s->name, font, rtl ? line_x + 66 * k : line_x + 2 * k,
                      ny - 0.2, size, true, rtl ? 1 : -1);
        }
    }
    double sy = ny + 10 * k;
    if (fit_text(cv, s->sentence, font, false, 5.5 * k, 3, bw, 12 * k, &fit))
        draw_fitted(cv, ROLE_TEXT, s->sentence, font, false, &fit, x0 + bw / 2, sy, sy - 5 * k, bw);
    /* the grid, START on the left (rtl: the right), FINISH on the other
     * side or below */
    double top = y0 + (big ? 45 : 34) * k, label = 26 * k, below = 14 * k;
    double cell = (bw - 2 * label) / s->w;
    double fit_h = (y0 + bh - top - below) / s->h;
    if (fit_h < cell) cell = fit_h;
    if (cell > 24 * k) cell = 24 * k;
    double gx = x0 + (bw - cell * s->w) / 2, gy = top;
    if (answer) {
        colour(cr, cv, 1.0, 0.89, 0.45);
        for (size_t i = 0; i < s->path_len; i++)
            cairo_rectangle(cr, gx + drawn_column(s, rtl, s->path[i]) * cell,
                            gy + (s->path[i] / s->w) * cell, cell, cell);
        cairo_fill(cr);
        cairo_set_source_rgba(cr, 0.85, 0.3, 0.1, 0.55);
        cairo_set_line_width(cr, cell * 0.12);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        for (size_t i = 0; i < s->path_len; i++) {
            double cx = gx + (drawn_column(s, rtl, s->path[i]) + 0.5) * cell,
                   cy = gy + (s->path[i] / s->w + 0.5) * cell;
            if (i) cairo_line_to(cr, cx, cy);
            else cairo_move_to(cr, cx, cy);
        }
        cairo_stroke(cr);
    }
    colour(cr, cv, 0.25, 0.25, 0.25);
    cairo_set_line_width(cr, 0.35);
    for (uint32_t i = 1; i < s->w; i++) {
        cairo_move_to(cr, gx + i * cell, gy);
        cairo_line_to(cr, gx + i * cell, gy + s->h * cell);
    }
    for (uint32_t j = 1; j < s->h; j++) {
        cairo_move_to(cr, gx, gy + j * cell);
        cairo_line_to(cr, gx + s->w * cell, gy + j * cell);
    }
    cairo_stroke(cr);
    colour(cr, cv, 0, 0, 0);
    cairo_set_line_width(cr, 0.9);
    cairo_rectangle(cr, gx, gy, s->w * cell, s->h * cell);
    cairo_stroke(cr);
    double size = token_size(cr, s, font, cell), baseline = token_baseline(cr, s, font, size);
    for (uint32_t y = 0; y < s->h; y++)
        for (uint32_t x = 0; x < s->w; x++)
            draw_token(cr, s->tok[(size_t)y * s->w + x], font,
                       gx + (drawn_column(s, rtl, x) + 0.5) * cell, gy + (y + 0.5) * cell, size,
                       baseline);
    /* START and FINISH */
    uint32_t st = s->path[0], fin = s->path[s->path_len - 1];
    double lsize = 4.2 * k, head_len = 2.2 * k;
    double sy0 = gy + (st / s->w + 0.5) * cell;
    /* the edges START and FINISH (at the last column) point through, and
     * the way out of the grid there: -1 leftwards, 1 rightwards */
    double left = gx, right = gx + s->w * cell, in = rtl ? right : left;
    double out = rtl ? left : right, way = rtl ? -1 : 1;
    colour(cr, cv, 0.1, 0.5, 0.2);
    cairo_set_line_width(cr, 0.8 * k);
    draw_text(cv, ROLE_TEXT, w->start, font, in - way * label / 2, sy0 - 2 * k, lsize, true, 0);
    arrow(cr, in - way * (label - 3 * k), sy0 + 1.5 * k, in - way, sy0 + 1.5 * k, head_len);
    colour(cr, cv, 0.75, 0.15, 0.1);
    const char *goal = w->finish;
    if (fin % s->w == s->w - 1) {
        double fy = gy + (fin / s->w + 0.5) * cell;
        draw_text(cv, ROLE_TEXT, goal, font, out + way * label / 2, fy - 2 * k, lsize, true, 0);
        arrow(cr, out + way, fy + 1.5 * k, out + way * (label - 3 * k), fy + 1.5 * k, head_len);
    } else {
        double fx = gx + (drawn_column(s, rtl, fin) + 0.5) * cell, ey = gy + s->h * cell;
        arrow(cr, fx, ey + 1, fx, ey + 7 * k, head_len);
        draw_text(cv, ROLE_TEXT, goal, font, fx, ey + 7 * k + lsize * 1.1, lsize, true, 0);
    }
    colour(cr, cv, 0, 0, 0);
}

static void footer(cairo_t *cr, canvas *cv, const meiro_rule_sheet *s, double x, double baseline)
{
    char f[1400];
    /* a hidden message stays hidden: the footer does not spell it */
    snprintf(f, sizeof f, "meiro %s · --rule %s · seed %llu", MEIRO_VERSION,
             s->rule.kind == RULE_MESSAGE ? "message:…" : s->rule.spec, (unsigned long long)s->seed);
    colour(cr, cv, 0.45, 0.45, 0.45);
    draw_text(cv, ROLE_TEXT, f, FONT_FAMILY, x, baseline, 2.6, false, 0);
    colour(cr, cv, 0, 0, 0);
}

static meiro_status write_pdf(const rule_job *j, FILE *out, meiro_error *err)
{
    char date[32];
    meiro_status st = page_timestamp_iso(date, sizeof date, err);
    if (st != MEIRO_OK) return st;
    fonts_prepare(FONT_FAMILY);
    stream_sink sink = {out, 0};
    double pw = j->page_w, ph = j->page_h;
    cairo_surface_t *surface =
        cairo_pdf_surface_create_for_stream(sink_write, &sink, pw * PT_PER_MM, ph * PT_PER_MM);
    const meiro_rule_sheet *first = j->sheets[0];
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, rule_title(first, j->title));
    /* (a message's rule is not the subject either: it is the answer) */
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT,
                                   first->rule.kind == RULE_MESSAGE ? "message" : first->rule.spec);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "meiro " MEIRO_VERSION);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, PT_PER_MM, PT_PER_MM);
    scene sc; /* the texts, drawn onto cr as they come */
    canvas cv;
    canvas_on_cairo(&cv, &sc, cr);
    unsigned per = j->per_page == 2 ? 2 : 1;
    /* 2-up: each half 12 mm from its edges, its footer under it */
    double bw = pw - 2 * MARGIN, bh = per == 2 ? ph / 2.0 - 12 - 14 : ph - 2 * MARGIN - 8;
    for (int pass = 0; pass < (j->answers ? 2 : 1); pass++)
        for (size_t i = 0; i < j->count; i += per) {
            for (unsigned k = 0; k < per && i + k < j->count; k++) {
                const meiro_rule_sheet *s = j->sheets[i + k];
                double y0 = per == 2 ? k * (ph / 2.0) + 12 : MARGIN;
                draw_sheet(cr, &cv, s, j->title, j->count > 1 ? i + k + 1 : 0, MARGIN, y0, bw, bh,
                           per == 1, pass == 1);
                footer(cr, &cv, s, pw / 2.0, per == 1 ? ph - 8 : y0 + bh + 6);
            }
            if (per == 2 && i + 1 < j->count) {
                /* where to cut */
                static const double dash[] = {2, 2};
                cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
                cairo_set_line_width(cr, 0.2);
                cairo_set_dash(cr, dash, 2, 0);
                cairo_move_to(cr, 5, ph / 2.0);
                cairo_line_to(cr, pw - 5, ph / 2.0);
                cairo_stroke(cr);
                cairo_set_dash(cr, NULL, 0, 0);
                cairo_set_source_rgb(cr, 0, 0, 0);
            }
            cairo_show_page(cr);
        }
    meiro_status drawn = canvas_status(&cv, err);
    canvas_free(&cv);
    scene_free(&sc);
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return drawn != MEIRO_OK ? drawn : done;
}

/* SVG: the first sheet's page as printed, 1-up: its puzzle, or (answers)
 * its key page; a picture of the page for a screen (meiro serve's preview). */
static meiro_status write_svg(const rule_job *j, FILE *out, meiro_error *err)
{
    fonts_prepare(FONT_FAMILY);
    stream_sink sink = {out, 0};
    /* in millimetres: cairo writes the size given with "mm" */
    double pw = j->page_w, ph = j->page_h;
    cairo_surface_t *surface = cairo_svg_surface_create_for_stream(sink_write, &sink, pw, ph);
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM);
    cairo_t *cr = cairo_create(surface);
    scene sc; /* the texts, drawn onto cr as they come */
    canvas cv;
    canvas_on_cairo(&cv, &sc, cr);
    cairo_set_source_rgb(cr, 1, 1, 1); /* white paper, also in dark viewers */
    cairo_paint(cr);
    const meiro_rule_sheet *s = j->sheets[0];
    draw_sheet(cr, &cv, s, j->title, 0, MARGIN, MARGIN, pw - 2 * MARGIN, ph - 2 * MARGIN - 8, true,
               j->answers);
    footer(cr, &cv, s, pw / 2.0, ph - 8);
    meiro_status drawn = canvas_status(&cv, err);
    canvas_free(&cv);
    scene_free(&sc);
    meiro_status done = draw_finish(surface, cr, &sink, err);
    return drawn != MEIRO_OK ? drawn : done;
}

meiro_status rule_write_page(const rule_job *j, FILE *out, meiro_error *err)
{
    return !strcmp(j->format, "svg") ? write_svg(j, out, err) : write_pdf(j, out, err);
}
