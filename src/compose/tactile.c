/* The tactile sheet (tactile.h). */
#include "compose/tactile.h"

#include "core/error.h"
#include "core/grid.h"
#include "compose/draw.h"
#include "compose/canvas.h"
#include "page/braille.h"
#include "page/centre.h"

#include <math.h>

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

/* text in braille at (x, y) (its top), then in print after it; the right
 * end */
static meiro_status label(canvas *cv, const document *d, const char *text, const char *english,
                          double x, double y, meiro_error *err)
{
    char dots[BRAILLE_BYTES];
    meiro_status s = braille_translate(d->style.labels->lang, braille_words(d, text, english), dots,
                                       sizeof dots, err);
    if (s != MEIRO_OK) return s;
    braille_scene(cv->scene, x, y, dots);
    canvas_set_colour(cv, 0, 0, 0);
    draw_text(cv, ROLE_TEXT, text, d->style.marks.font, x + braille_width(dots) + BRAILLE_CELL_MM,
              y + BRAILLE_H_MM, TACTILE_PRINT_MM, true, -1);
    return MEIRO_OK;
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

meiro_status draw_tactile(canvas *cv, const document *d, const doc_page *p, const page_frame *f,
                          meiro_error *err)
{
    const doc_style *st = &d->style;
    const meiro_maze *m = d->items[p->first].maze;
    double cell = st->cell_exact > 0 ? st->cell_exact : TACTILE_CELL_MM; /* --cell: larger */
    if (cell < TACTILE_CELL_MM)
        return fail_field(err, MEIRO_FIELD_CELL, MEIRO_ERROR_ARGUMENT,
                          "a tactile sheet's cells are %g mm or more (lines 1/4 in apart, S and G "
                          "1/2 in), not %g",
                          TACTILE_CELL_MM, cell);
    scene *sc = cv->scene;
    double left = f->margin, right = f->page_w - f->margin, y = f->margin;
    /* the title: braille centred, the print under it */
    const char *title = st->title ? st->title : st->labels->default_title;
    char dots[BRAILLE_BYTES];
    meiro_status s = braille_translate(st->labels->lang,
                                       braille_words(d, title, labels_for("en")->default_title),
                                       dots, sizeof dots, err);
    if (s != MEIRO_OK) return s;
    if (braille_width(dots) > right - left)
        return fail_field(err, MEIRO_FIELD_TITLE, MEIRO_ERROR_ARGUMENT,
                          "the title takes %zu braille cells, a line of a tactile sheet on %s "
                          "holds %d: shorten it",
                          braille_cells(dots), st->paper.name,
                          (int)((right - left) / BRAILLE_CELL_MM));
    braille_scene(sc, (left + right - braille_width(dots)) / 2, y, dots);
    y += BRAILLE_LINE_MM + TACTILE_PRINT_MM;
    canvas_set_colour(cv, 0, 0, 0);
    draw_text(cv, ROLE_TITLE, title, st->marks.font, (left + right) / 2, y, TACTILE_PRINT_MM, true,
              0);
    /* the key, two rows at the foot: a symbol, its braille and print */
    double row = TACTILE_SYMBOL_MM + TACTILE_APART_MM;
    double key = f->page_h - f->margin - 2 * row + TACTILE_APART_MM;
    const char *words[2] = {st->marks.start ? st->marks.start : "S",
                            st->marks.goal ? st->marks.goal : "G"};
    for (int k = 0; k < 2 && s == MEIRO_OK; k++) {
        double cy = key + k * row + TACTILE_SYMBOL_MM / 2;
        symbol(sc, k ? ROLE_GOAL : ROLE_START, left + TACTILE_SYMBOL_MM / 2, cy);
        s = label(cv, d, words[k], k ? "G" : "S", left + TACTILE_SYMBOL_MM + TACTILE_APART_MM,
                  cy - BRAILLE_H_MM / 2, err);
    }
    if (s != MEIRO_OK) return s;
    /* the maze between, its cells at the tactile size */
    box slot = {left, y + TACTILE_APART_MM, right - left,
                key - 2 * TACTILE_APART_MM - (y + TACTILE_APART_MM)};
    double mw, mh;
    maze_cells(m, &mw, &mh);
    page_layout L = {0};
    meiro_error quiet;
    if (layout_in_slot(mw, mh, 0, slot, false, cell, 0, TACTILE_LINE_MM, &L, &quiet) != MEIRO_OK)
        return too_big(d, m, slot, cell, err);
    stroke_centre_lines(sc, m, &L, TACTILE_LINE_MM);
    grid_view v = grid_view_of(m, &L);
    const meiro_cell ends[2] = {m->start, m->goal};
    for (int k = 0; k < 2; k++) {
        double x, cy;
        grid_view_centre(m, &v, grid_id(m, ends[k]), &x, &cy);
        symbol(sc, k ? ROLE_GOAL : ROLE_START, x, cy);
    }
    return canvas_status(cv, err);
}
