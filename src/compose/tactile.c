/* The tactile sheet (tactile.h). */
#include "compose/tactile.h"

#include "core/error.h"
#include "core/grid.h"
#include "compose/draw.h"
#include "compose/canvas.h"
#include "compose/measure.h"
#include "page/braille.h"
#include "page/centre.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the print beside the braille: large, for a sighted helper */
#define TACTILE_PRINT_MM 7.0
#define BRAILLE_H_MM (2 * BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM)

enum { BRAILLE_BYTES = 1024 };

static const scene_rgb BLACK = {0, 0, 0};

/* S (a filled circle) or G (a filled square), centred on x, y */
static void symbol(scene *sc, scene_role role, double x, double y)
{
    scene_paint ink = scene_fill(BLACK);
    double r = TACTILE_SYMBOL_MM / 2;
    scene_path(sc, role, &ink);
    if (role == ROLE_START) {
        scene_move(sc, x + r, y);
        scene_arc(sc, x, y, r, 0, TAU, false);
    } else {
        scene_move(sc, x - r, y - r);
        scene_line(sc, x + r, y - r);
        scene_line(sc, x + r, y + r);
        scene_line(sc, x - r, y + r);
    }
    scene_close(sc);
    scene_end(sc);
}

/* What the braille says for a text: the text, but where liblouis has no
 * table for the page's language (Japanese) and the text is not in Latin
 * letters, English's words instead (`english`): the English table would
 * spell the kana as escapes no reader knows. */
static const char *braille_words(const document *d, const char *text, const char *english)
{
    bool fallback;
    braille_table(d->style.labels->lang, &fallback);
    for (const char *c = text; fallback && *c; c++)
        if (*c & 0x80) return english;
    return text;
}

/* text in braille at (x, y) (its top), then in print after it; the print's
 * right end into *end (NULL: not wanted) */
static meiro_status label(canvas *cv, const document *d, const char *text, const char *english,
                          double x, double y, double *end, meiro_error *err)
{
    char dots[BRAILLE_BYTES];
    meiro_status s = braille_translate(d->style.labels->lang, braille_words(d, text, english), dots,
                                       sizeof dots, err);
    if (s != MEIRO_OK) return s;
    braille_scene(cv->scene, x, y, dots);
    canvas_set_colour(cv, 0, 0, 0);
    char print[160]; /* the print's numbers in the language's digits (the braille's its table's) */
    snprintf(print, sizeof print, "%s", text);
    labels_digits(d->style.labels, print, sizeof print);
    double at = x + braille_width(dots) + BRAILLE_CELL_MM;
    draw_text(cv, ROLE_TEXT, print, d->style.marks.font, at, y + BRAILLE_H_MM, TACTILE_PRINT_MM,
              true, -1);
    if (end) *end = at + measured_width(cv, print, d->style.marks.font, true, TACTILE_PRINT_MM);
    return MEIRO_OK;
}

double tactile_wall_cell(const meiro_maze *m)
{
    double r = TACTILE_SYMBOL_MM / 2, clear = TACTILE_APART_MM + TACTILE_LINE_MM / 2;
    if (m->grid == MEIRO_GRID_RECT) return ceil(2 * (r + clear));
    /* G's square toward a side at 60 degrees; a hexagon's door is its
     * side, cell / sqrt 3 (the other grids' doors are wider than a cell) */
    double slant = 2 * (r * (cos(TAU / 12) + sin(TAU / 12)) + clear);
    if (m->grid == MEIRO_GRID_HEX)
        return ceil(fmax(slant, (TACTILE_FINGER_MM + TACTILE_LINE_MM) * sqrt(3)));
    if (m->grid == MEIRO_GRID_TRIANGLE) return ceil(slant);
    /* from the ring's arcs, and from the side walls of the narrowest cell
     * (the rings' alone: the checks before the maze is made know no more) */
    double reach = r * sqrt(2) + clear, cell = 2 * reach;
    uint64_t n = 1;
    for (uint32_t y = 1; y < m->h; y++) {
        n = polar_ring_cells(n, y);
        cell = fmax(cell, reach / ((y + 0.5) * sin(TAU / 2 / (double)n)));
    }
    return ceil(cell);
}

/* The refusal of a maze too big for the sheet: the largest that fits */
static meiro_status too_big(const document *d, const meiro_maze *m, box slot, double cell,
                            meiro_error *err)
{
    if (m->grid == MEIRO_GRID_RECT)
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                          "a %u x %u maze does not fit a tactile sheet on %s (cells of %g mm: "
                          "lines 1/4 in apart, S and G 1/2 in): %d x %d at most",
                          m->w, m->h, d->style.paper.name, cell,
                          (int)floor((slot.w - TACTILE_LINE_MM) / cell),
                          (int)floor((slot.h - TACTILE_LINE_MM) / cell));
    double mw, mh;
    maze_cells(m, &mw, &mh);
    return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                      "the maze does not fit a tactile sheet on %s (cells of %g mm: lines 1/4 in "
                      "apart, S and G 1/2 in): it takes %.0f x %.0f mm, the sheet has %.0f x "
                      "%.0f mm for it",
                      d->style.paper.name, cell, mw * cell, mh * cell, slot.w, slot.h);
}

/* What heads a page: its title (a booklet's sheet: its maze's number, as
 * the contents name it) in braille, centred, and in print under it. */
typedef struct heading {
    char print[256], english[256];
    char dots[BRAILLE_BYTES];
} heading;

static meiro_status heading_plan(const document *d, const doc_page *p, const page_frame *f,
                                 heading *h, meiro_error *err)
{
    const doc_style *st = &d->style;
    if (p->kind == PAGE_PUZZLES && d->count > 1) {
        snprintf(h->print, sizeof h->print, st->labels->maze_no, (unsigned)(p->first + 1));
        snprintf(h->english, sizeof h->english, labels_for("en")->maze_no,
                 (unsigned)(p->first + 1));
    } else {
        snprintf(h->print, sizeof h->print, "%s",
                 st->title ? st->title : st->labels->default_title);
        snprintf(h->english, sizeof h->english, "%s", labels_for("en")->default_title);
    }
    meiro_status s = braille_translate(st->labels->lang, braille_words(d, h->print, h->english),
                                       h->dots, sizeof h->dots, err);
    if (s != MEIRO_OK) return s;
    if (p->kind == PAGE_PUZZLES && d->count > 1) /* a maze's number, not a title as typed */
        labels_digits(st->labels, h->print, sizeof h->print);
    double width = f->page_w - 2 * f->margin;
    if (braille_width(h->dots) > width)
        return fail_field(err, MEIRO_FIELD_TITLE, MEIRO_ERROR_ARGUMENT,
                          "the title takes %zu braille cells, a line of a tactile sheet on %s "
                          "holds %d: shorten it",
                          braille_cells(h->dots), st->paper.name, (int)(width / BRAILLE_CELL_MM));
    return MEIRO_OK;
}

/* The heading's height: its braille line and the print's baseline under it */
#define HEADING_MM (BRAILLE_LINE_MM + TACTILE_PRINT_MM)

static void draw_heading(canvas *cv, const document *d, const heading *h, const page_frame *f)
{
    double left = f->margin, right = f->page_w - f->margin;
    braille_scene(cv->scene, (left + right - braille_width(h->dots)) / 2, f->margin, h->dots);
    canvas_set_colour(cv, 0, 0, 0);
    draw_text(cv, ROLE_TITLE, h->print, d->style.marks.font, (left + right) / 2,
              f->margin + HEADING_MM, TACTILE_PRINT_MM, true, 0);
}

/* The top of the braille on a page's last row: the key's second row, and
 * a booklet's page number beside it */
static double foot_row(const page_frame *f)
{
    return f->page_h - f->margin - TACTILE_SYMBOL_MM / 2 - BRAILLE_H_MM / 2;
}

/* A number in braille then in print, the print's right end at `right`,
 * the braille's top at y; its left end into *start. */
static meiro_status number_at(canvas *cv, const document *d, scene_role role, unsigned number,
                              double right, double y, double *start, meiro_error *err)
{
    char digits[16], print[64], dots[64];
    snprintf(digits, sizeof digits, "%u", number);
    snprintf(print, sizeof print, "%u", number);
    labels_digits(d->style.labels, print, sizeof print);
    meiro_status s = braille_translate(d->style.labels->lang, digits, dots, sizeof dots, err);
    if (s != MEIRO_OK) return s;
    const char *font = d->style.marks.font;
    double at = right - measured_width(cv, print, font, true, TACTILE_PRINT_MM);
    *start = at - BRAILLE_CELL_MM - braille_width(dots);
    braille_scene(cv->scene, *start, y, dots);
    canvas_set_colour(cv, 0, 0, 0);
    draw_text(cv, role, print, font, at, y + BRAILLE_H_MM, TACTILE_PRINT_MM, true, -1);
    return MEIRO_OK;
}

/* A booklet's page number (braille pages are numbered in braille), at the
 * foot's right, 1/4 in clear of what ends at `clear_of` on its row. */
static meiro_status page_number(canvas *cv, const document *d, const doc_page *p,
                                const page_frame *f, double clear_of, meiro_error *err)
{
    if (!d->style.page_numbers || d->count < 2) return MEIRO_OK;
    double start;
    meiro_status s = number_at(cv, d, ROLE_PAGE_NUMBER, (unsigned)(p - d->pages + 1),
                               f->page_w - f->margin, foot_row(f), &start, err);
    if (s == MEIRO_OK && start - clear_of < TACTILE_APART_MM)
        s = fail_field(err, MEIRO_FIELD_NONE, MEIRO_ERROR_ARGUMENT,
                       "the key's words leave no room for the page number on a tactile sheet "
                       "on %s: shorter words for S and G",
                       d->style.paper.name);
    return s;
}

/* Where a sheet's parts go: its heading, the key's top, the maze */
typedef struct sheet {
    heading head;
    double key;
    box slot; /* the maze's: 1/4 in clear of the heading and the key */
    page_layout L;
} sheet;

static meiro_status sheet_plan(const document *d, const doc_page *p, const page_frame *f, sheet *sh,
                               meiro_error *err)
{
    const doc_style *st = &d->style;
    const meiro_maze *m = d->items[p->first].maze;
    double least = st->walls ? tactile_wall_cell(m) : TACTILE_CELL_MM;
    double cell = st->cell_exact > 0 ? st->cell_exact : least; /* --cell: larger */
    if (cell < least)
        return fail_field(err, MEIRO_FIELD_CELL, MEIRO_ERROR_ARGUMENT,
                          "a tactile sheet's cells are %g mm or more (lines 1/4 in apart, S and G "
                          "1/2 in%s), not %g",
                          least, st->walls ? " 1/4 in clear of the walls" : "", cell);
    meiro_status s = heading_plan(d, p, f, &sh->head, err);
    if (s != MEIRO_OK) return s;
    /* the key, two rows at the foot; the maze between */
    double row = TACTILE_SYMBOL_MM + TACTILE_APART_MM, top = f->margin + HEADING_MM;
    sh->key = f->page_h - f->margin - 2 * row + TACTILE_APART_MM;
    box slot = {f->margin, top + TACTILE_APART_MM, f->page_w - 2 * f->margin,
                sh->key - 2 * TACTILE_APART_MM - (top + TACTILE_APART_MM)};
    sh->slot = slot;
    double mw, mh;
    maze_cells(m, &mw, &mh);
    sh->L = (page_layout){0};
    meiro_error quiet;
    if (layout_in_slot(mw, mh, 0, slot, false, cell, 0, TACTILE_LINE_MM, &sh->L, &quiet) !=
        MEIRO_OK)
        return too_big(d, m, slot, cell, err);
    return MEIRO_OK;
}

/* ---- S and G labelled beside them ---- */

static double point_box(double px, double py, const box *b)
{
    return hypot(fmax(0, fmax(b->x - px, px - (b->x + b->w))),
                 fmax(0, fmax(b->y - py, py - (b->y + b->h))));
}

static double box_box(const box *a, const box *b)
{
    return hypot(fmax(0, fmax(a->x - (b->x + b->w), b->x - (a->x + a->w))),
                 fmax(0, fmax(a->y - (b->y + b->h), b->y - (a->y + a->h))));
}

static double point_seg(double px, double py, const double s[4])
{
    double dx = s[2] - s[0], dy = s[3] - s[1], l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? fmax(0, fmin(1, ((px - s[0]) * dx + (py - s[1]) * dy) / l2)) : 0;
    return hypot(px - (s[0] + t * dx), py - (s[1] + t * dy));
}

/* From a segment to a box: 0 when it enters it (clipped, Liang-Barsky) */
static double seg_box(const double s[4], const box *b)
{
    double dx = s[2] - s[0], dy = s[3] - s[1], t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {s[0] - b->x, b->x + b->w - s[0], s[1] - b->y, b->y + b->h - s[1]};
    bool meets = true;
    for (int k = 0; k < 4 && meets; k++) {
        if (p[k] == 0) meets = q[k] >= 0;
        else if (p[k] < 0) t0 = fmax(t0, q[k] / p[k]);
        else t1 = fmin(t1, q[k] / p[k]);
    }
    if (meets && t0 <= t1) return 0;
    double d = fmin(point_box(s[0], s[1], b), point_box(s[2], s[3], b));
    for (int c = 0; c < 4; c++)
        d = fmin(d, point_seg(b->x + (c & 1) * b->w, b->y + (c >> 1) * b->h, s));
    return d;
}

/* Where S's and G's labels go on the maze, if both have room */
typedef struct beside {
    bool fit;
    box at[2];
} beside;

/* Whether a label at b has room: inside the maze's slot, 1/4 in clear of
 * every line's edge, of both symbols and of the label placed before it. */
static bool roomy(const box *b, const sheet *sh, double (*lines)[4], size_t n, double (*ends)[2],
                  const box *before)
{
    const box *slot = &sh->slot;
    if (b->x < slot->x || b->y < slot->y || b->x + b->w > slot->x + slot->w ||
        b->y + b->h > slot->y + slot->h)
        return false;
    for (size_t i = 0; i < n; i++)
        if (seg_box(lines[i], b) < TACTILE_APART_MM + TACTILE_LINE_MM / 2) return false;
    for (int k = 0; k < 2; k++) {
        double r = TACTILE_SYMBOL_MM / 2;
        box symbol = {ends[k][0] - r, ends[k][1] - r, 2 * r, 2 * r};
        if (box_box(b, &symbol) < TACTILE_APART_MM) return false;
    }
    return !before || box_box(b, before) >= TACTILE_APART_MM;
}

/* S's and G's labels (their braille and print, `w` x BRAILLE_H_MM each)
 * beside their symbols at `ends`: left, right, above or below, 1/4 in off
 * the symbol, the first with room (roomy); both, or none (the key). */
static meiro_status place_beside(const meiro_maze *m, bool walls, const sheet *sh,
                                 const double w[2], double (*ends)[2], beside *out,
                                 meiro_error *err)
{
    double(*lines)[4];
    size_t n;
    if (!pen_segments(walls ? trace_walls : trace_centre_lines, m, &sh->L, &lines, &n))
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S's and G's labels");
    /* from the symbol's centre: its half, the gap and half a millimetre */
    double r = TACTILE_SYMBOL_MM / 2 + TACTILE_APART_MM + 0.5, h = BRAILLE_H_MM;
    out->fit = true;
    for (int k = 0; k < 2 && out->fit; k++) {
        double x = ends[k][0], y = ends[k][1];
        const box tries[4] = {{x - r - w[k], y - h / 2, w[k], h},
                              {x + r, y - h / 2, w[k], h},
                              {x - w[k] / 2, y - r - h, w[k], h},
                              {x - w[k] / 2, y + r, w[k], h}};
        out->fit = false;
        for (int t = 0; t < 4 && !out->fit; t++)
            if (roomy(&tries[t], sh, lines, n, ends, k ? &out->at[0] : NULL)) {
                out->at[k] = tries[t];
                out->fit = true;
            }
    }
    free(lines);
    return MEIRO_OK;
}

meiro_status tactile_check(const document *d, const doc_page *p, const page_frame *f,
                           meiro_error *err)
{
    sheet sh;
    return sheet_plan(d, p, f, &sh, err);
}

meiro_status draw_tactile(canvas *cv, const document *d, const doc_page *p, const page_frame *f,
                          meiro_error *err)
{
    const doc_style *st = &d->style;
    const meiro_maze *m = d->items[p->first].maze;
    sheet sh;
    meiro_status s = sheet_plan(d, p, f, &sh, err);
    if (s != MEIRO_OK) return s;
    scene *sc = cv->scene;
    draw_heading(cv, d, &sh.head, f);
    /* S and G labelled beside them on the maze where both have room, else
     * in the key */
    const char *words[2] = {st->marks.start ? st->marks.start : "S",
                            st->marks.goal ? st->marks.goal : "G"};
    grid_view v = grid_view_of(m, &sh.L);
    const meiro_cell cells[2] = {m->start, m->goal};
    double ends[2][2], w[2];
    for (int k = 0; k < 2 && s == MEIRO_OK; k++) {
        grid_view_centre(m, &v, grid_id(m, cells[k]), &ends[k][0], &ends[k][1]);
        char dots[BRAILLE_BYTES];
        s = braille_translate(st->labels->lang, braille_words(d, words[k], k ? "G" : "S"), dots,
                              sizeof dots, err);
        w[k] = braille_width(dots) + BRAILLE_CELL_MM +
               measured_width(cv, words[k], st->marks.font, true, TACTILE_PRINT_MM);
    }
    beside on = {0};
    if (s == MEIRO_OK) s = place_beside(m, st->walls, &sh, w, ends, &on, err);
    /* the key: a symbol, its braille and print */
    double row = TACTILE_SYMBOL_MM + TACTILE_APART_MM, left = f->margin, end = left;
    for (int k = 0; k < 2 && s == MEIRO_OK && !on.fit; k++) {
        double cy = sh.key + k * row + TACTILE_SYMBOL_MM / 2;
        symbol(sc, k ? ROLE_GOAL : ROLE_START, left + TACTILE_SYMBOL_MM / 2, cy);
        s = label(cv, d, words[k], k ? "G" : "S", left + TACTILE_SYMBOL_MM + TACTILE_APART_MM,
                  cy - BRAILLE_H_MM / 2, &end, err);
    }
    if (s == MEIRO_OK) s = page_number(cv, d, p, f, end, err);
    if (s != MEIRO_OK) return s;
    /* the maze, its cells at the tactile size */
    if (st->walls) stroke_traced(sc, ROLE_WALLS, trace_walls, m, &sh.L, TACTILE_LINE_MM);
    else stroke_centre_lines(sc, m, &sh.L, TACTILE_LINE_MM);
    for (int k = 0; k < 2; k++) symbol(sc, k ? ROLE_GOAL : ROLE_START, ends[k][0], ends[k][1]);
    for (int k = 0; k < 2 && s == MEIRO_OK && on.fit; k++)
        s = label(cv, d, words[k], k ? "G" : "S", on.at[k].x, on.at[k].y, NULL, err);
    return s == MEIRO_OK ? canvas_status(cv, err) : s;
}

/* ---- A tactile booklet's contents ---- */

/* Contents lines as far apart as braille's lines */
#define CONTENTS_ROW_MM BRAILLE_LINE_MM

/* The top of the contents' first line (their heading) */
static double contents_top(const page_frame *f)
{
    return f->margin + HEADING_MM + TACTILE_APART_MM;
}

/* Lines the contents page holds: from its heading to 1/4 in above the
 * page number's row */
static size_t contents_room(const page_frame *f)
{
    double room = foot_row(f) - TACTILE_APART_MM - contents_top(f);
    return room > 0 ? (size_t)(room / CONTENTS_ROW_MM) : 0;
}

/* The contents' lines: their heading, a line a maze, the key's */
static size_t contents_lines(const document *d)
{
    return 1 + d->count + (doc_page_of(d, PAGE_ANSWERS, 0) ? 1 : 0);
}

meiro_status tactile_contents_check(const document *d, const doc_page *p, const page_frame *f,
                                    meiro_error *err)
{
    heading h;
    meiro_status s = heading_plan(d, p, f, &h, err);
    if (s != MEIRO_OK) return s;
    size_t room = contents_room(f), lines = contents_lines(d);
    if (lines > room)
        return fail_field(err, MEIRO_FIELD_MAZES, MEIRO_ERROR_ARGUMENT,
                          "a tactile booklet's braille contents name each maze on a line of "
                          "its own: %s holds %zu mazes%s, not %zu",
                          d->style.paper.name, room - (lines - d->count),
                          lines > d->count + 1 ? " and the key" : "", d->count);
    return MEIRO_OK;
}

/* A contents line: its words in braille and print, guide dots (dot 5, a
 * cell clear of each side, as braille's contents have them), the page in
 * braille and print at the right. */
static meiro_status contents_line(canvas *cv, const document *d, const page_frame *f, double y,
                                  const char *words, const char *english, unsigned page,
                                  meiro_error *err)
{
    double end, start;
    meiro_status s = label(cv, d, words, english, f->margin, y, &end, err);
    if (s == MEIRO_OK) s = number_at(cv, d, ROLE_TEXT, page, f->page_w - f->margin, y, &start, err);
    if (s != MEIRO_OK) return s;
    double from = end + BRAILLE_CELL_MM, to = start - BRAILLE_CELL_MM;
    char guide[BRAILLE_BYTES] = "";
    size_t n = 0;
    for (double x = from + BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM; x <= to && n + 4 < sizeof guide;
         x += BRAILLE_CELL_MM)
        n += (size_t)snprintf(guide + n, sizeof guide - n, "⠐");
    if (n >= 2 * strlen("⠐")) braille_scene(cv->scene, from, y, guide);
    return MEIRO_OK;
}

meiro_status draw_tactile_contents(canvas *cv, const document *d, const doc_page *p,
                                   const page_frame *f, meiro_error *err)
{
    const page_labels *words = d->style.labels, *en = labels_for("en");
    heading h;
    meiro_status s = heading_plan(d, p, f, &h, err);
    if (s != MEIRO_OK) return s;
    draw_heading(cv, d, &h, f);
    double y = contents_top(f);
    s = label(cv, d, words->contents, en->contents, f->margin, y, NULL, err);
    for (size_t i = 0; s == MEIRO_OK && i < d->count; i++) {
        char print[96], english[96];
        snprintf(print, sizeof print, words->maze_no, (unsigned)(i + 1));
        snprintf(english, sizeof english, en->maze_no, (unsigned)(i + 1));
        y += CONTENTS_ROW_MM;
        s = contents_line(cv, d, f, y, print, english, doc_page_of(d, PAGE_PUZZLES, i), err);
    }
    unsigned key = doc_page_of(d, PAGE_ANSWERS, 0);
    if (s == MEIRO_OK && key)
        s = contents_line(cv, d, f, y + CONTENTS_ROW_MM, words->answers, en->answers, key, err);
    if (s == MEIRO_OK) s = page_number(cv, d, p, f, f->margin, err);
    return s == MEIRO_OK ? canvas_status(cv, err) : s;
}
