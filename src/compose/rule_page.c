/* Rule mazes' pages composed (rule_page.h): each sheet's texts measured
 * and placed by the one measurer, its grid, tokens, START and FINISH and
 * the key's shading as items of the page. */
#include "compose/rule_page.h"

#include "content/rule_model.h"
#include "core/error.h"
#include "page/scene_json.h"
#include "compose/draw.h"

#include <math.h>
#include <string.h>

/* The page is laid out for A4's width: on a narrower paper its texts and
 * grid shrink with it. */
enum { MARGIN = 15, A4_BODY_W = 180 };

static const scene_rgb BLACK = {0, 0, 0};

/* The size the sheet's tokens are set at: the largest at which the widest
 * fits its cell, one size for all (a long word is not set smaller than its
 * neighbours). */
static double token_size(canvas *cv, const meiro_rule_sheet *s, const char *font, double cell)
{
    double size = cell * 0.42;
    for (size_t i = 0; i < (size_t)s->w * s->h; i++) {
        text_set set;
        text_set_out(cv, s->tok[i], font, false, size, 0, false, &set);
        if (set.ink[2] > cell * 0.86) size *= cell * 0.86 / set.ink[2];
    }
    return size;
}

/* Where the sheet's tokens stand: their baseline below a cell's middle,
 * the ink of all of them together centred (one line for every cell, so
 * that Ö, Q and ط sit on the line A and ب sit on, not each by its own ink). */
static double token_baseline(canvas *cv, const meiro_rule_sheet *s, const char *font, double size)
{
    double top = 0, bottom = 0;
    bool any = false;
    for (size_t i = 0; i < (size_t)s->w * s->h; i++) {
        if (!s->tok[i][0]) continue;
        text_set set;
        text_set_out(cv, s->tok[i], font, false, size, 0, false, &set);
        double t = set.ink[1] - set.baseline, b = t + set.ink[3];
        if (!any || t < top) top = t;
        if (!any || b > bottom) bottom = b;
        any = true;
    }
    return -(top + bottom) / 2;
}

/* A token in its cell: its ink centred across, on the sheet's baseline. */
static void draw_token(canvas *cv, const char *t, const char *font, double cx, double cy,
                       double size, double baseline)
{
    if (!t[0]) return;
    text_set set;
    text_set_out(cv, t, font, false, size, 0, false, &set);
    scene_text run = {.text = t, .font = font, .size = size, .colour = cv->colour};
    run.x = cx - (set.ink[0] + set.ink[2] / 2);
    run.y = cy + baseline - set.baseline;
    run.box[0] = run.x + set.ink[0], run.box[1] = run.y + set.ink[1];
    run.box[2] = set.ink[2], run.box[3] = set.ink[3];
    scene_add_text(cv->scene, ROLE_TEXT, &run);
}

/* The column cell c (or column c) is drawn in: mirrored for a language
 * read from the right. */
static uint32_t drawn_column(const meiro_rule_sheet *s, bool rtl, uint32_t c)
{
    return rtl ? s->w - 1 - c % s->w : c % s->w;
}

/* A straight line from (x0, y0) to (x1, y1) in `paint`. */
static void line(canvas *cv, scene_role role, const scene_paint *paint, double x0, double y0,
                 double x1, double y1)
{
    canvas_move_to(cv, x0, y0);
    canvas_line_to(cv, x1, y1);
    canvas_take_path(cv, role, paint, 1);
}

/* An arrow from (x0, y0) to (x1, y1) in `paint`'s colour, its head at the
 * end. */
static void arrow(canvas *cv, scene_role role, const scene_paint *paint, double x0, double y0,
                  double x1, double y1, double head)
{
    line(cv, role, paint, x0, y0, x1, y1);
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    dx /= len, dy /= len;
    canvas_move_to(cv, x1, y1);
    canvas_line_to(cv, x1 - head * dx - head * 0.5 * dy, y1 - head * dy + head * 0.5 * dx);
    canvas_line_to(cv, x1 - head * dx + head * 0.5 * dy, y1 - head * dy - head * 0.5 * dx);
    canvas_close_path(cv);
    scene_paint fill = scene_fill(paint->colour);
    canvas_take_path(cv, role, &fill, 1);
}

/* A stroke of `width` in `colour`; on the key round-capped and -joined, as
 * its rule path is (and every line after it on the key's pages). */
static scene_paint pen(scene_rgb colour, double width, bool answer)
{
    return scene_stroke(colour, width, answer ? CAP_ROUND : CAP_BUTT,
                        answer ? JOIN_ROUND : JOIN_MITER);
}

/* The key's shading: the path's cells yellow, and a line through their
 * middles, 55 % of (0.85, 0.3, 0.1) over the yellow it runs on (its one
 * colour: a line of adjacent cells' middles stays on them). */
static void shade_path(canvas *cv, const meiro_rule_sheet *s, bool rtl, double gx, double gy,
                       double cell)
{
    for (size_t i = 0; i < s->path_len; i++)
        canvas_rectangle(cv, gx + drawn_column(s, rtl, s->path[i]) * cell,
                         gy + (s->path[i] / s->w) * cell, cell, cell);
    scene_paint yellow = scene_fill((scene_rgb){1.0, 0.89, 0.45});
    canvas_take_path(cv, ROLE_ANSWER, &yellow, 1);
    for (size_t i = 0; i < s->path_len; i++) {
        double cx = gx + (drawn_column(s, rtl, s->path[i]) + 0.5) * cell,
               cy = gy + (s->path[i] / s->w + 0.5) * cell;
        if (i) canvas_line_to(cv, cx, cy);
        else canvas_move_to(cv, cx, cy);
    }
    scene_paint way = pen((scene_rgb){0.9175, 0.5655, 0.2575}, cell * 0.12, true);
    canvas_take_path(cv, ROLE_ANSWER, &way, 1);
}

/* One sheet in the box (x0, y0, bw, bh): big (1-up) or half a page. */
static void draw_sheet(canvas *cv, const meiro_rule_sheet *s, const char *title, size_t number,
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
    canvas_set_colour(cv, 0, 0, 0);
    text_fit fit;
    double ty = y0 + 8 * k;
    if (fit_text(cv, head, font, true, 8 * k, 4, bw, 10 * k, &fit))
        draw_fitted(cv, ROLE_TITLE, head, font, true, &fit, x0 + bw / 2, ty, y0, bw);
    double ny = ty + 10 * k;
    /* a language read from the right starts there: its name line's word,
     * and the grid, mirrored as its HTML page shows it (dir="rtl"): the
     * path begins in the right column, where START points in */
    bool rtl = !strcmp(labels_for(s->lang)->direction, "rtl");
    if (!answer) {
        /* "Name ____" at the right; a language read from the right starts
         * there with its word, the line after it to the left */
        double line_x = rtl ? x0 + bw - 86 * k : x0 + bw - 68 * k;
        draw_text(cv, ROLE_NAME_LINE, w->name, font, rtl ? x0 + bw : x0 + bw - 70 * k, ny, 4.5 * k,
                  false, 1);
        scene_paint thin = pen(BLACK, 0.3, answer);
        line(cv, ROLE_NAME_LINE, &thin, line_x, ny + 0.8, line_x + 68 * k, ny + 0.8);
        /* a pupil's name, written on the line: on one line, smaller for a
         * long name */
        if (s->name[0]) {
            double size = 5 * k, room = 64 * k;
            if (!fit_text(cv, s->name, font, true, size, size, room, 6 * k, &fit) || fit.wrap)
                size *= room / fit.natural * 0.999;
            draw_text(cv, ROLE_NAME_LINE, s->name, font, rtl ? line_x + 66 * k : line_x + 2 * k,
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
    if (answer) shade_path(cv, s, rtl, gx, gy, cell);
    for (uint32_t i = 1; i < s->w; i++) {
        canvas_move_to(cv, gx + i * cell, gy);
        canvas_line_to(cv, gx + i * cell, gy + s->h * cell);
    }
    for (uint32_t j = 1; j < s->h; j++) {
        canvas_move_to(cv, gx, gy + j * cell);
        canvas_line_to(cv, gx + s->w * cell, gy + j * cell);
    }
    scene_paint inner = pen((scene_rgb){0.25, 0.25, 0.25}, 0.35, answer);
    canvas_take_path(cv, ROLE_PAGE, &inner, 1);
    canvas_rectangle(cv, gx, gy, s->w * cell, s->h * cell);
    scene_paint frame = pen(BLACK, 0.9, answer);
    canvas_take_path(cv, ROLE_PAGE, &frame, 1);
    double size = token_size(cv, s, font, cell), baseline = token_baseline(cv, s, font, size);
    for (uint32_t y = 0; y < s->h; y++)
        for (uint32_t x = 0; x < s->w; x++)
            draw_token(cv, s->tok[(size_t)y * s->w + x], font,
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
    canvas_set_colour(cv, 0.1, 0.5, 0.2);
    scene_paint green = pen(cv->colour, 0.8 * k, answer);
    draw_text(cv, ROLE_START, w->start, font, in - way * label / 2, sy0 - 2 * k, lsize, true, 0);
    arrow(cv, ROLE_START, &green, in - way * (label - 3 * k), sy0 + 1.5 * k, in - way,
          sy0 + 1.5 * k, head_len);
    canvas_set_colour(cv, 0.75, 0.15, 0.1);
    scene_paint red = pen(cv->colour, 0.8 * k, answer);
    const char *goal = w->finish;
    if (fin % s->w == s->w - 1) {
        double fy = gy + (fin / s->w + 0.5) * cell;
        draw_text(cv, ROLE_GOAL, goal, font, out + way * label / 2, fy - 2 * k, lsize, true, 0);
        arrow(cv, ROLE_GOAL, &red, out + way, fy + 1.5 * k, out + way * (label - 3 * k),
              fy + 1.5 * k, head_len);
    } else {
        double fx = gx + (drawn_column(s, rtl, fin) + 0.5) * cell, ey = gy + s->h * cell;
        arrow(cv, ROLE_GOAL, &red, fx, ey + 1, fx, ey + 7 * k, head_len);
        draw_text(cv, ROLE_GOAL, goal, font, fx, ey + 7 * k + lsize * 1.1, lsize, true, 0);
    }
    canvas_set_colour(cv, 0, 0, 0);
}

static void footer(canvas *cv, const meiro_rule_sheet *s, double x, double baseline)
{
    char f[1400];
    /* a hidden message stays hidden: the footer does not spell it */
    snprintf(f, sizeof f, "meiro %s · --rule %s · seed %llu", MEIRO_VERSION,
             s->rule.kind == RULE_MESSAGE ? "message:…" : s->rule.spec, (unsigned long long)s->seed);
    canvas_set_colour(cv, 0.45, 0.45, 0.45);
    draw_text(cv, ROLE_FOOTER, f, FONT_FAMILY, x, baseline, 2.6, false, 0);
    canvas_set_colour(cv, 0, 0, 0);
}

/* The first sheet's page alone (an SVG's). */
static bool one_page(const rule_job *j) { return !strncmp(j->format, "svg", 3); }

/* How many pages the puzzles take (and the key as many). */
static size_t pass_pages(const rule_job *j)
{
    unsigned per = j->per_page == 2 ? 2 : 1;
    return (j->count + per - 1) / per;
}

size_t rule_page_count(const rule_job *j)
{
    return one_page(j) ? 1 : pass_pages(j) * (j->answers ? 2 : 1);
}

void rule_compose_page(canvas *cv, const rule_job *j, size_t index)
{
    double pw = j->page_w, ph = j->page_h;
    if (one_page(j)) { /* 1-up, unnumbered: its puzzle, or its key */
        draw_sheet(cv, j->sheets[0], j->title, 0, MARGIN, MARGIN, pw - 2 * MARGIN,
                   ph - 2 * MARGIN - 8, true, j->answers);
        footer(cv, j->sheets[0], pw / 2.0, ph - 8);
        return;
    }
    unsigned per = j->per_page == 2 ? 2 : 1;
    bool answer = index >= pass_pages(j);
    size_t first = (index % pass_pages(j)) * per;
    /* 2-up: each half 12 mm from its edges, its footer under it */
    double bw = pw - 2 * MARGIN, bh = per == 2 ? ph / 2.0 - 12 - 14 : ph - 2 * MARGIN - 8;
    for (unsigned k = 0; k < per && first + k < j->count; k++) {
        const meiro_rule_sheet *s = j->sheets[first + k];
        double y0 = per == 2 ? k * (ph / 2.0) + 12 : MARGIN;
        draw_sheet(cv, s, j->title, j->count > 1 ? first + k + 1 : 0, MARGIN, y0, bw, bh,
                   per == 1, answer);
        footer(cv, s, pw / 2.0, per == 1 ? ph - 8 : y0 + bh + 6);
    }
    if (per == 2 && first + 1 < j->count) { /* where to cut */
        scene_paint cut = pen((scene_rgb){0.6, 0.6, 0.6}, 0.2, answer);
        cut.dash[0] = 2, cut.dashes = 1;
        line(cv, ROLE_PAGE, &cut, 5, ph / 2.0, pw - 5, ph / 2.0);
    }
}

meiro_status rule_write_scenes(const rule_job *j, FILE *out, meiro_error *err)
{
    scene_json *w = scene_json_begin(out, true, j->sheets[0]->seed);
    measure_cache *fonts = measure_cache_new(); /* matched once for every page */
    meiro_status st = MEIRO_OK;
    if (!w || !fonts) st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t p = 0; st == MEIRO_OK && p < rule_page_count(j); p++) {
        scene sc;
        scene_init(&sc, j->page_w, j->page_h, NULL);
        scene_json_page(w, &sc);
        canvas cv;
        canvas_init(&cv, &sc);
        measure_share(&cv, fonts);
        rule_compose_page(&cv, j, p);
        scene_json_page_end(w);
        st = canvas_status(&cv, err);
        canvas_free(&cv);
        scene_free(&sc);
    }
    measure_cache_free(fonts);
    if (!w) return st;
    meiro_status written = scene_json_end(w, st == MEIRO_OK ? err : NULL);
    return st != MEIRO_OK ? st : written;
}
