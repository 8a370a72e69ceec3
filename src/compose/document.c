/* Document pages: the style, the page plan and the drawing of each page. */
#define _POSIX_C_SOURCE 200809L
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "glyph/font.h"
#include "page/layout.h"
#include "page/machine.h"
#include "page/print.h"
#include "page/template.h"
#include "compose/document.h"
#include "compose/draw.h"
#include "compose/measure.h"
#include "compose/canvas.h"
#include "compose/tactile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void resolve_style(doc_style *s, const meiro_export_options *opt, const doc_item *items,
                          size_t count)
{
    const meiro_template *t = opt->tpl;
    *s = (doc_style){0};
    s->tpl = t;
    page_paper_of(opt, &s->paper);
    s->orientation = opt->orientation;
    /* a printed book's pages are its trim, as the service was told */
    if (s->paper.bleed > 0 && opt->print != MEIRO_PRINT_NONE && s->orientation == MEIRO_ORIENT_AUTO)
        s->orientation = MEIRO_ORIENT_PORTRAIT;
    s->margin = opt->margin_mm;
    s->cell_exact = opt->cell_mm;
    s->cell_max = t ? t->cell : 0;
    s->line = t ? t->line : 0;
    s->line_min = meiro_print_line_min_mm(opt->print);
    s->grey_answers = print_profile_of(opt->print)->grey_answers;
    s->answer_colour = opt->answer_colour;
    s->per_page = t ? t->per_page : 1;
    s->key_per_page = opt->key_per_page ? opt->key_per_page : t ? t->key_per_page : 6;
    s->answers = page_answers(opt);
    page_words_for(opt, &s->words);
    s->labels = s->words.labels;
    s->rtl = !strcmp(s->labels->direction, "rtl");
    s->title = s->words.title;
    s->subtitle = s->words.subtitle;
    s->fields = s->words.fields[0] ? s->words.fields : NULL;
    s->marks.start = s->words.start;
    s->marks.goal = s->words.goal;
    s->marks.badges = page_signs_badges(opt, count ? items[0].level : 0);
    /* one maze: its answer page keeps the title ("めいろ — こたえ") */
    if (count == 1 && s->title)
        snprintf(s->answers_title, sizeof s->answers_title, "%s — %s", s->title,
                 s->labels->answers);
    else snprintf(s->answers_title, sizeof s->answers_title, "%s", s->labels->answers);
    s->footer = opt->footer && opt->footer[0] ? opt->footer : NULL;
    s->no_footer = opt->no_footer;
    s->crop = opt->crop && count == 1;
    s->marks.font = page_font(t, s->labels, FONT_FAMILY);
    s->footer_font = page_font(NULL, s->labels, FONT_FAMILY);
    s->page_numbers = t ? t->page_numbers : false;
    s->show_seed = t ? t->show_seed : true;
    s->cover = t ? t->cover && count > 1 : false;
    s->tactile = print_profile_of(opt->print)->tactile;
    if (s->tactile) s->per_page = 1; /* a sheet has one maze */
    s->large = print_profile_of(opt->print)->no_fine_text;
    s->cell_min = print_profile_of(opt->print)->cell_min;
}

static frame_texts texts_for(const doc_style *s, page_kind kind)
{
    if (kind == PAGE_CONTENTS) return (frame_texts){.title = true, .subtitle = s->contents_subtitle};
    if (kind == PAGE_ANSWERS || kind == PAGE_NOTES) return (frame_texts){.title = true};
    if (kind == PAGE_BACK) return (frame_texts){0};
    return (frame_texts){
        .title = s->title != NULL, .subtitle = s->subtitle != NULL, .fields = s->fields != NULL};
}

/* The last page (but a back cover) gives the remaking command in its footer. */
static bool remade_on(const document *d, const doc_page *p)
{
    return d->remake && p == &d->pages[d->page_count - 1] && p->kind != PAGE_BACK;
}

/* The rules a puzzle page states: its special mazes' (page_maze_rules),
 * each once; none on a cropped maze (no page around it). */
static unsigned page_rules(const document *d, const doc_page *p)
{
    unsigned rules = 0;
    for (size_t k = 0; p->kind == PAGE_PUZZLES && !d->style.crop && k < p->count; k++)
        rules |= page_maze_rules(d->items[p->first + k].maze);
    return rules;
}

static unsigned bits(unsigned v)
{
    unsigned n = 0;
    for (; v; v &= v - 1) n++;
    return n;
}

/* A page's texts: its kind's, its rule lines and the remaking command's lines. */
static frame_texts page_texts(const document *d, const doc_page *p)
{
    frame_texts t = texts_for(&d->style, p->kind);
    t.rule_lines = bits(page_rules(d, p));
    if (remade_on(d, p)) t.footer_lines = d->remake_lines;
    return t;
}

/* The rule lines above a puzzle page's mazes, centred, each on one line
 * (set smaller on a narrow page). */
static void draw_rules(canvas *cv, const document *d, const doc_page *p, const page_frame *f)
{
    const doc_style *st = &d->style;
    unsigned rules = page_rules(d, p), line = 0;
    canvas_set_colour(cv, 0.1, 0.1, 0.1);
    for (unsigned r = 0; r < PAGE_RULE_COUNT; r++) {
        if (!(rules & (1u << r))) continue;
        const char *text = st->labels->rules[r];
        text_fit fit;
        double size = f->rules_size;
        if (!fit_text(cv, text, st->marks.font, false, size, size, st->text_width, RULE_LINE_MM,
                      &fit) ||
            fit.wrap)
            size *= st->text_width / fit.natural * 0.999;
        draw_text(cv, ROLE_TEXT, text, st->marks.font, f->center_x,
                  f->rules_baseline + line++ * RULE_LINE_MM, size, false, 0);
    }
}

static bool add_page(document *d, page_kind kind, size_t first, size_t count, unsigned slots)
{
    if (!vec_reserve(&d->pages, &d->page_cap, d->page_count + 1, sizeof *d->pages, 8)) return false;
    d->pages[d->page_count++] = (doc_page){kind, first, count, slots};
    return true;
}

static const char *page_title(const document *d, page_kind kind)
{
    return kind == PAGE_ANSWERS    ? d->style.answers_title
           : kind == PAGE_NOTES    ? d->style.labels->notes
           : kind == PAGE_CONTENTS ? d->style.labels->contents
                                   : d->style.title;
}


bool doc_left_hand_at(const document *d, size_t index) { return index % 2 == !d->style.rtl; }

/* The gutter goes on the binding side. */
static bool doc_left_hand(const document *d, const doc_page *p)
{
    return doc_left_hand_at(d, (size_t)(p - d->pages));
}

/* Large print's caption: its text, a gap and 2 mm to the maze */
#define LARGE_CAPTION_BAND_MM (LARGE_PRINT_TEXT_MM + 3.5)

/* S and G on a dense key: letters about 2 mm tall (a bold capital is
 * 0.73 of its size) */
#define KEY_MARK_MIN_MM 2.8

/* The room above a maze its door arrows take (layout_in_slot keeps it on
 * both sides of an axis with a door). */
static double maze_top_room(const page_layout *L, unsigned doors)
{
    return doors & ((1u << MEIRO_NORTH) | (1u << MEIRO_SOUTH)) ? L->arrow + L->arrow_from : 0;
}

/* Walls and the answer's line no thinner than the print service prints. */
static void line_floor(const doc_style *st, page_layout *L)
{
    L->line = fmax(L->line, st->line_min);
    L->path_width = fmax(L->path_width, st->line_min);
    L->grey_path = st->grey_answers;
    L->answer_colour = st->answer_colour;
}

/* A page's slots in reading order: from the right in a language read from
 * the right (an Arabic key's No. 1 top right), mirrored within the body. */
static void doc_slots(const document *d, const page_frame *f, unsigned n, box *slots)
{
    n = layout_slots(f, n, slots);
    for (unsigned k = 0; d->style.rtl && k < n; k++)
        slots[k].x = 2 * f->body.x + f->body.w - slots[k].x - slots[k].w;
}

meiro_status doc_place(const document *d, const doc_page *p, size_t k, page_layout *L,
                       page_frame *f, meiro_error *err)
{
    *L = (page_layout){0};
    meiro_status s = layout_frame(&d->style.paper, d->landscape, d->style.margin,
                                  doc_left_hand(d, p), page_texts(d, p), f, err);
    if (s != MEIRO_OK) return s;
    box slots[9];
    doc_slots(d, f, p->slots, slots);
    const meiro_maze *m = d->items[p->first + k].maze;
    bool caption = d->count > 1;
    /* on answer-key pages the mazes are small: a fixed cell would not fit */
    double exact =
        p->kind == PAGE_ANSWERS && p->slots != d->style.per_page ? 0 : d->style.cell_exact;
    double mw, mh;
    maze_cells(m, &mw, &mh);
    unsigned doors = maze_door_sides(m);
    L->outline_room = maze_outline_room(m);
    layout_shape_ends(m, L);
    box slot = slots[k];
    if (caption && d->style.large) { /* large print's caption, above the band layout keeps */
        slot.y += LARGE_CAPTION_BAND_MM, slot.h -= LARGE_CAPTION_BAND_MM;
        caption = false;
    }
    page_layout base = *L;
    s = layout_in_slot(mw, mh, doors, slot, caption, exact, d->style.cell_max, d->style.line, L,
                       err);
    /* the walls' ink stays in the slot (off the margin), thick as a
     * template's line or the print's floor makes them (the fit keeps room
     * for the usual line): the slot shrinks by what they take past it */
    box whole = slot;
    double shrink = 0;
    for (int again = 0; s == MEIRO_OK && again < 4; again++) {
        double line = fmax(L->line, d->style.line_min);
        double over = fmax(L->maze_w + line - L->area.w, L->maze_h + line - L->area.h);
        if (over <= 1e-9) break;
        shrink += over;
        slot =
            (box){whole.x + shrink / 2, whole.y + shrink / 2, whole.w - shrink, whole.h - shrink};
        *L = base;
        s = layout_in_slot(mw, mh, doors, slot, caption, exact, d->style.cell_max, d->style.line, L,
                           err);
    }
    line_floor(&d->style, L);
    if (s == MEIRO_OK && p->kind == PAGE_ANSWERS && p->slots > 1) {
        /* a key: every maze at the top of its slot, so the rows' captions
         * line up, and S and G readable however small the cells */
        double top = slot.y + (caption ? CAPTION_BAND_MM : 0) + maze_top_room(L, doors);
        L->crop_y += top - L->maze_y;
        L->maze_y = top;
        L->mark_min = KEY_MARK_MIN_MM;
    }
    L->page_w = f->page_w;
    L->page_h = f->page_h;
    L->landscape = f->landscape;
    L->margin = f->margin;
    return s;
}

/* A key's cells at least this many of the thinnest line printed: at a
 * print service's 0.75 pt, 2.6 mm cells, the grey band (answer_paint) 1.4 mm
 * wide with a wall's width clear on each side, a path the eye follows; at
 * home (0.1 mm) 1 mm, which a key of 6 or 9 small mazes keeps. */
#define KEY_CELL_LINES 10

/* A key page of fewer, larger mazes (9, 6, 4, 2, then 1 a page) until each
 * of its mazes has cells of KEY_CELL_LINES lines: hard and expert mazes in
 * a printed book. Returns how many mazes the page keeps. */
static size_t key_fit(document *d, doc_page *p)
{
    static const unsigned fewer[] = {9, 6, 4, 2, 1};
    for (size_t f = 0; f < sizeof fewer / sizeof fewer[0]; f++) {
        if (fewer[f] > p->slots) continue;
        p->slots = fewer[f];
        if (p->count > p->slots) p->count = p->slots;
        bool big = true;
        for (size_t k = 0; k < p->count && big; k++) {
            page_layout L;
            page_frame fr;
            big = doc_place(d, p, k, &L, &fr, NULL) == MEIRO_OK &&
                  L.cell >= KEY_CELL_LINES * d->style.line_min;
        }
        if (big) break;
    }
    return p->count;
}

/* Frame art keeps its corners: texts stay this far from the page's sides
 * (the stars of art/stars-frame.svg end 21 mm in). */
enum { FRAME_CORNER_MM = 24, FRAME_MARGIN_MM = 10, COVER_TITLE_MM = 14, COVER_SUBTITLE_MM = 6 };

/* cv measuring texts for d, drawing nothing (into none: free both). */
static void measuring_canvas(const document *d, scene *none, canvas *cv)
{
    scene_init(none, 0, 0, NULL);
    canvas_init(cv, none);
    measure_share(cv, d->measure);
}

/* The characters of text no font of `font` has, as "U+E000, U+1E900" (the
 * first few), for a refusal that names them: each is measured alone. */
static void missing_named(canvas *cv, const char *text, const char *font, char *out, size_t size)
{
    size_t n = 0, named = 0;
    out[0] = 0;
    for (const char *p = text; *p && n < size;) {
        const char *q = p;
        uint32_t c = glyph_next_code_point(&q);
        char one[8] = {0};
        memcpy(one, p, (size_t)(q - p));
        p = q;
        if (text_missing(cv, one, font, true) <= 0) continue;
        if (named++ == 6) {
            n += (size_t)snprintf(out + n, size - n, ", …");
            break;
        }
        n += (size_t)snprintf(out + n, size - n, "%sU+%04X", named > 1 ? ", " : "", (unsigned)c);
    }
}

/* Every text of the page fitted to its band (shrunk, then on two lines),
 * or the document refused before anything is drawn. */
static meiro_status fit_texts(document *d, meiro_error *err)
{
    doc_style *st = &d->style;
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    st->text_width = pw - st->paper.gutter - 2 * fmax(st->margin, st->frame ? FRAME_CORNER_MM : 0);
    const char *cover_title = st->title ? st->title : st->labels->default_title;
    /* each text with the template key it may come from (the answer page's
     * title is built from the title) */
    const struct {
        const char *text, *what;
        double size, band;
        bool bold;
        text_fit *fit;
        const char *key, *from;
        meiro_field field;
    } texts[] = {
        {st->title, "title", TITLE_FONT_MM, TITLE_BAND_MM - 1, true, &st->title_fit, "title",
         st->title, MEIRO_FIELD_TITLE},
        {st->subtitle, "subtitle", SUBTITLE_FONT_MM, SUBTITLE_BAND_MM - 1, false, &st->subtitle_fit,
         "subtitle", st->subtitle, MEIRO_FIELD_SUBTITLE},
        {st->answers_title, "answer page's title", TITLE_FONT_MM, TITLE_BAND_MM - 1, true,
         &st->answers_fit, "title", st->title, MEIRO_FIELD_TITLE},
        {st->cover ? cover_title : NULL, "cover title", COVER_TITLE_MM, 2.6 * COVER_TITLE_MM, true,
         &st->cover_fit, "title", st->title, MEIRO_FIELD_TITLE},
        {st->cover ? st->subtitle : NULL, "subtitle", COVER_SUBTITLE_MM, 2.6 * COVER_SUBTITLE_MM,
         false, &st->cover_subtitle_fit, "subtitle", st->subtitle, MEIRO_FIELD_SUBTITLE},
    };
    scene none;
    canvas measuring, *cv = &measuring;
    measuring_canvas(d, &none, cv);
    meiro_status s = MEIRO_OK;
    /* characters no font has would print as empty boxes */
    const struct {
        const char *text, *what, *section, *key;
        meiro_field field;
    } drawn[] = {{st->title, "title", "text", "title", MEIRO_FIELD_TITLE},
                 {st->subtitle, "subtitle", "text", "subtitle", MEIRO_FIELD_SUBTITLE},
                 {st->fields, "name line", "text", "fields", MEIRO_FIELD_NAME},
                 {st->marks.start_art ? NULL : st->marks.start, "start mark", "maze", "start",
                  MEIRO_FIELD_NONE},
                 {st->marks.goal_art ? NULL : st->marks.goal, "goal mark", "maze", "goal",
                  MEIRO_FIELD_NONE}};
    for (size_t k = 0; s == MEIRO_OK && k < sizeof drawn / sizeof drawn[0]; k++) {
        int missing = drawn[k].text ? text_missing(cv, drawn[k].text, st->marks.font, true) : 0;
        if (missing > 0) {
            char named[96];
            missing_named(cv, drawn[k].text, st->marks.font, named, sizeof named);
            s = fail_field(
                err, drawn[k].field, MEIRO_ERROR_ARGUMENT,
                "the %s '%s' has %d character%s no installed font can draw (%s: they would print "
                "as empty boxes); install a font that has them (emoji: fonts-noto-color-emoji) or "
                "write other text",
                drawn[k].what, drawn[k].text, missing, missing == 1 ? "" : "s", named);
            template_blame(st->tpl, drawn[k].section, drawn[k].key, drawn[k].text, err);
        }
    }
    for (size_t k = 0; s == MEIRO_OK && k < sizeof texts / sizeof texts[0]; k++) {
        if (!texts[k].text || !texts[k].text[0]) continue;
        /* down to 9 pt (3.2 mm), what a printed page still reads easily;
         * large print's 18 pt (then on two lines, or refused) */
        double floor_size = fmin(texts[k].size, st->large ? LARGE_PRINT_TEXT_MM : 3.2);
        /* two lines at 18 pt take 15.2 mm of the title's 16 */
        double band = st->large ? fmax(texts[k].band, 2.4 * floor_size) : texts[k].band;
        if (fit_text(cv, texts[k].text, st->marks.font, texts[k].bold, texts[k].size, floor_size,
                     st->text_width, band, texts[k].fit))
            continue;
        /* about how many characters two lines at the floor hold */
        long chars = 0;
        for (const char *p = texts[k].text; *p; chars++) glyph_next_code_point(&p);
        double room = 2 * st->text_width / (texts[k].fit->natural * floor_size / texts[k].size);
        s = fail_field(
            err, texts[k].field, MEIRO_ERROR_ARGUMENT,
            "the %s is too long for the page: %ld characters do not fit on two lines of %.0f mm "
            "at %.0f pt; about %.0f fit",
            texts[k].what, (long)chars, st->text_width, floor_size * PT_PER_MM, chars * room * 0.9);
        template_blame(st->tpl, "text", texts[k].key, texts[k].from, err);
    }
    if (s == MEIRO_OK) s = canvas_status(cv, err);
    canvas_free(cv);
    scene_free(&none);
    return s;
}

meiro_status doc_init(document *d, const doc_item *items, size_t count,
                      const meiro_export_options *opt, int cover, meiro_error *err)
{
    return doc_plan(d, items, count, opt, &(doc_parts){.cover = cover}, err);
}

meiro_status doc_init_writer(document *d, const doc_item *item, const meiro_export_options *opt,
                             meiro_error *err)
{
    /* the walls before the plan: a tactile sheet's cells are larger for them */
    meiro_status s =
        doc_plan(d, item, 1, opt, &(doc_parts){.cover = -1, .walls = machine_of(opt)->walls}, err);
    if (s == MEIRO_OK) d->style.marks.paths = machine_of(opt)->paths;
    return s;
}

static meiro_status large_contents_check(const document *d, const page_frame *f, meiro_error *err);

/* Whether every tactile sheet of d holds its maze, the pages standing or
 * lying (d->landscape set so). */
static bool tactile_fits(document *d, bool landscape)
{
    d->landscape = landscape;
    for (size_t p = 0; p < d->page_count; p++) {
        page_layout L;
        page_frame f;
        if (d->pages[p].kind == PAGE_PUZZLES &&
            (doc_place(d, &d->pages[p], 0, &L, &f, NULL) != MEIRO_OK ||
             tactile_check(d, &d->pages[p], &f, NULL) != MEIRO_OK))
            return false;
    }
    return true;
}

meiro_status doc_plan(document *d, const doc_item *items, size_t count,
                      const meiro_export_options *opt, const doc_parts *parts, meiro_error *err)
{
    *d = (document){0};
    /* a tactile sheet shows no answer: a key at the end is the teacher's, in print */
    for (size_t i = 0; print_profile_of(opt->print)->tactile && i < count; i++)
        if (items[i].path && page_answers(opt) != ANSWERS_KEY)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        page_answers(opt) == ANSWERS_NONE
                            ? "--print tactile makes a sheet to read with the fingers, without "
                              "an answer: leave out --solution (or a template's answers)"
                            : "--print tactile keeps the answers off the sheets: a key in print "
                              "at the end (--answers key) or none, not between them");
    d->measure = measure_cache_new();
    if (!d->measure) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    d->items = items;
    d->count = count;
    resolve_style(&d->style, opt, items, count);
    doc_style *st = &d->style;
    if (parts && parts->cover >= 0) st->cover = parts->cover;
    st->walls = st->tactile && parts && parts->walls;
    /* a table of contents: asked for, else the template's, else for over
     * 20 mazes of one a page (not for worksheets of several a page) */
    int contents = parts ? parts->contents : 0;
    if (contents < 0 && st->tpl && st->tpl->contents >= 0) contents = st->tpl->contents;
    if (contents < 0) contents = count > 20 && st->per_page == 1;
    if (st->tactile) { /* a tactile booklet opens with its braille contents, no print cover */
        st->cover = false;
        if (contents < 0 || (parts && parts->contents < 0)) contents = count > 1;
    }
    d->version = parts ? parts->version : NULL;
    d->copies = parts && parts->per_copy ? parts->copies : NULL;
    d->per_copy = d->copies ? parts->per_copy : 0;
    /* a book to sell says nothing of how it was made: the seeds (captions,
     * footers) go with the rest */
    st->workings = !(parts && parts->clean);
    st->show_seed = st->show_seed && st->workings;
    st->contents_subtitle = parts && parts->volume && st->subtitle;
    meiro_status s = page_margin_check(opt, err);
    if (s != MEIRO_OK) {
        doc_free(d);
        return s;
    }
    /* orientation: the one that gives the largest maze bigger cells */
    double bw = 1, bh = 1;
    unsigned doors = 0;
    for (size_t i = 0; i < count; i++) {
        double mw, mh;
        maze_cells(items[i].maze, &mw, &mh);
        if (mw * mh > bw * bh) {
            bw = mw, bh = mh;
            doors = maze_door_sides(items[i].maze);
        }
    }
    if (st->orientation == MEIRO_ORIENT_AUTO) {
        double best[2] = {0, 0};
        for (int land = 0; land <= 1; land++) {
            page_frame f;
            box slots[9];
            page_layout L = {0};
            if (layout_frame(&st->paper, land, st->margin, false, texts_for(st, PAGE_PUZZLES), &f,
                             NULL) != MEIRO_OK)
                continue;
            layout_slots(&f, st->per_page, slots);
            if (layout_in_slot(bw, bh, doors, slots[0], count > 1, 0, 0, 0, &L, NULL) == MEIRO_OK)
                best[land] = L.cell;
        }
        d->landscape = best[1] > best[0];
    } else {
        d->landscape = st->orientation == MEIRO_ORIENT_LANDSCAPE;
    }
    /* the artwork, named here and drawn once by the sink: the frame at its
     * own size (drawn in slices to follow the page), the marks in a square
     * (500 units: only the SVG features librsvg draws as pixels, filters
     * and images, depend on it) */
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    const meiro_template *t = opt->tpl;
    st->art = calloc(3, sizeof *st->art);
    if (!st->art) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    if (s == MEIRO_OK) {
        if (t && t->art_frame.file[0]) {
            st->art[0] = (art_ref){t, t->art_frame, 0, fmin(pw, ph), NULL, NULL};
            st->frame = &st->art[0];
        }
        marks_art_refs(opt, MARKS_ART_SIZE, &st->art[1], &st->art[2]);
        if (st->art[1].file.file[0]) st->marks.start_art = &st->art[1];
        if (st->art[2].file.file[0]) st->marks.goal_art = &st->art[2];
    }
    if (s == MEIRO_OK) s = art_ref_check(&st->art[0], err);
    /* frame art runs a few millimetres in from the page's edge (the kids'
     * stars: a line 6 mm in): the title and footer keep inside it */
    if (s == MEIRO_OK && st->frame && !st->crop && st->margin < FRAME_MARGIN_MM) {
        s = fail_field(
            err, MEIRO_FIELD_MARGIN, MEIRO_ERROR_ARGUMENT,
            "a margin of %g mm puts the page's words on the template's frame art: %g mm and up keeps "
            "them inside it",
            st->margin, (double)FRAME_MARGIN_MM);
        if (st->margin == t->margin) template_blame(t, "page", "margin", NULL, err);
    }
    for (int i = 1; s == MEIRO_OK && i < 3; i++) s = art_ref_check(&st->art[i], err);
    if (s == MEIRO_OK) s = fit_texts(d, err);
    /* the page plan */
    /* the answers alone: after each page (without the pages), or a key */
    bool only = opt->answers_only;
    if (only && st->answers == ANSWERS_NONE) st->answers = ANSWERS_AFTER_PAGE;
    if (only) st->cover = false;
    bool ok = s == MEIRO_OK && (!st->cover || add_page(d, PAGE_COVER, 0, 0, 1));
    /* a booklet of over 20 mazes opens with its contents */
    if (ok && !only && contents) ok = add_page(d, PAGE_CONTENTS, 0, 0, 1);
    for (size_t i = 0; ok && i < count && !(only && st->answers == ANSWERS_KEY);
         i += st->per_page) {
        size_t n = count - i < st->per_page ? count - i : st->per_page;
        /* answers on the back: each puzzle on a right-hand (odd) page */
        if (st->answers == ANSWERS_BACK && d->page_count % 2 && !only)
            ok = add_page(d, PAGE_NOTES, 0, 0, 1);
        if (ok && !only) ok = add_page(d, PAGE_PUZZLES, i, n, st->per_page);
        if (ok && (st->answers == ANSWERS_AFTER_PAGE || st->answers == ANSWERS_BACK))
            ok = add_page(d, PAGE_ANSWERS, i, n, st->per_page);
    }
    for (size_t i = 0; ok && st->answers == ANSWERS_KEY && i < count;) {
        size_t n = count - i < st->key_per_page ? count - i : st->key_per_page;
        ok = add_page(d, PAGE_ANSWERS, i, n, st->key_per_page);
        if (ok) i += key_fit(d, &d->pages[d->page_count - 1]);
    }
    if (s == MEIRO_OK && !ok) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory planning pages");
    /* tactile sheets stand upright, unless only lying down do they hold
     * their mazes at the tactile size */
    if (s == MEIRO_OK && st->tactile && st->orientation == MEIRO_ORIENT_AUTO)
        d->landscape = !tactile_fits(d, false) && tactile_fits(d, true);
    /* every maze must fit where it goes */
    for (size_t p = 0; s == MEIRO_OK && p < d->page_count; p++) {
        for (size_t k = 0; s == MEIRO_OK && k < d->pages[p].count; k++) {
            if (d->pages[p].kind == PAGE_COVER) break;
            page_layout L;
            page_frame f;
            s = doc_place(d, &d->pages[p], k, &L, &f, err);
            if (s == MEIRO_OK && st->tactile && d->pages[p].kind == PAGE_PUZZLES)
                s = tactile_check(d, &d->pages[p], &f, err);
            if (s == MEIRO_OK && d->pages[p].kind == PAGE_PUZZLES && L.cell < st->cell_min - 1e-9)
                s = fail_field(err, MEIRO_FIELD_SIZES, MEIRO_ERROR_ARGUMENT,
                               "large print wants cells of %g mm and more: maze %zu (%u x %u) "
                               "gets %.1f mm on %s (smaller mazes, or a larger --paper)",
                               st->cell_min, d->pages[p].first + k + 1,
                               d->items[d->pages[p].first + k].maze->w,
                               d->items[d->pages[p].first + k].maze->h, L.cell, st->paper.name);
        }
    }
    for (size_t p = 0; s == MEIRO_OK && (st->tactile || st->large) && p < d->page_count; p++) {
        page_frame f;
        if (d->pages[p].kind != PAGE_CONTENTS) continue;
        s = layout_frame(&st->paper, d->landscape, st->margin, doc_left_hand(d, &d->pages[p]),
                         page_texts(d, &d->pages[p]), &f, err);
        if (s == MEIRO_OK)
            s = st->tactile ? tactile_contents_check(d, &d->pages[p], &f, err)
                            : large_contents_check(d, &f, err);
    }
    if (s != MEIRO_OK) doc_free(d);
    return s;
}

meiro_status doc_fold(document *d, unsigned multiple, meiro_error *err)
{
    bool ok = true;
    while (ok && (d->page_count + 1) % multiple) ok = add_page(d, PAGE_NOTES, 0, 0, 1);
    if (ok) ok = add_page(d, PAGE_BACK, 0, 0, 1);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory planning pages");
}

meiro_status doc_set_gutter(document *d, double gutter, meiro_error *err)
{
    d->style.paper.gutter = gutter;
    return fit_texts(d, err); /* the texts' width depends on it */
}

void doc_free(document *d)
{
    measure_cache_free(d->measure);
    d->measure = NULL;
    free(d->pages);
    d->pages = NULL;
    d->page_cap = 0;
    for (int i = 0; d->style.art && i < 3; i++)
        if (d->style.art[i].art) d->style.art[i].release(d->style.art[i].art);
    free(d->style.art);
    d->style.art = NULL;
    d->style.frame = d->style.marks.start_art = d->style.marks.goal_art = NULL;
}

void doc_page_size(const document *d, double *w, double *h)
{
    double pw = d->style.paper.w, ph = d->style.paper.h;
    *w = d->landscape ? ph : pw;
    *h = d->landscape ? pw : ph;
}

meiro_status doc_first_maze(const document *d, size_t index, page_layout *L, meiro_error *err)
{
    page_frame f;
    return doc_place(d, &d->pages[index], 0, L, &f, err);
}

/* "No. 3" on the left above a maze, "dig · 12 × 15 · seed 42" on the right;
 * both kept inside the page's body (a shape's maze may stand off its slot's
 * middle, beside the signs of S and G, and its box be narrower than "No. 3"). */
static void draw_caption(canvas *cv, const document *d, const doc_page *p, size_t k,
                         const page_layout *L, const page_frame *f)
{
    size_t i = p->first + k;
    char left[320], right[224] = "", number[96];
    if (d->copies) { /* a class set's answers: "Hana · No. 2", whose maze it is */
        snprintf(number, sizeof number, d->style.labels->maze_no, (unsigned)(i % d->per_copy + 1));
        labels_digits(d->style.labels, number, sizeof number); /* the pupil's name as typed */
        snprintf(left, sizeof left, "%s · %s", d->copies[i / d->per_copy], number);
    } else {
        snprintf(left, sizeof left,
                 p->kind == PAGE_ANSWERS ? d->style.labels->answer_to : d->style.labels->maze_no,
                 (unsigned)(i + 1));
        labels_digits(d->style.labels, left, sizeof left);
    }
    const meiro_maze *m = d->items[i].maze;
    uint64_t seed;
    /* the maze's own seed, where there is room: not in an answer key */
    char dims[128];
    page_maze_size(m, dims, sizeof dims);
    if (d->style.show_seed && p->kind == PAGE_PUZZLES && L->maze_w >= 60 &&
        meiro_maze_seed(m, &seed))
        snprintf(right, sizeof right, "%s · %s · seed %llu", meiro_maze_algorithm(m), dims,
                 (unsigned long long)seed);
    double base = L->maze_y - 2.0 - maze_top_room(L, maze_door_sides(m)); /* above a door's arrow */
    canvas_set_colour(cv, 0, 0, 0);
    text_fit w;
    fit_text(cv, left, d->style.marks.font, true, CAPTION_FONT_MM, CAPTION_FONT_MM, f->body.w,
             2 * CAPTION_FONT_MM, &w);
    /* read from the right (rtl): the number over the maze's right side,
     * the seed over its left, each clamp below the mirror of its left to
     * right one */
    bool rtl = d->style.rtl;
    double body_right = f->body.x + f->body.w, body_left = f->body.x, size = CAPTION_FONT_MM;
    double maze_lead = rtl ? L->maze_x + L->maze_w : L->maze_x;
    if (d->copies) { /* a pupil's long name on a key: within its slot, smaller if need be */
        box slots[9];
        doc_slots(d, f, p->slots, slots);
        double room = rtl ? fmin(slots[k].x + slots[k].w, fmax(maze_lead, body_left)) - slots[k].x
                          : slots[k].x + slots[k].w - fmax(slots[k].x, fmin(maze_lead, body_right));
        if (w.natural > room) {
            size = fmax(0.6 * CAPTION_FONT_MM, size * room / w.natural);
            w.natural *= size / CAPTION_FONT_MM;
        }
        body_right = slots[k].x + slots[k].w;
        body_left = slots[k].x;
    }
    if (d->style.large) { /* its number alone, at large print's least size */
        size = LARGE_PRINT_TEXT_MM;
        w.natural *= size / CAPTION_FONT_MM;
        right[0] = 0;
    }
    double x = rtl ? fmin(body_right, fmax(maze_lead, body_left + w.natural))
                   : fmax(f->body.x, fmin(maze_lead, body_right - w.natural));
    draw_text(cv, ROLE_CAPTION, left, d->style.marks.font, x, base, size, true, rtl ? 1 : -1);
    canvas_set_colour(cv, 0.4, 0.4, 0.4);
    double seed_x = rtl ? fmax(L->maze_x, body_left) : fmin(L->maze_x + L->maze_w, body_right);
    draw_text(cv, ROLE_CAPTION, right, d->style.footer_font, seed_x, base, CAPTION_FONT_MM * 0.8,
              false, rtl ? -1 : 1);
}

/* A line of a text broken into lines. */
typedef struct text_line {
    const char *start;
    int len;
} text_line;

/* text[0..len) as a string of its own (free it); NULL without memory. */
static char *copy_of(const char *text, size_t len)
{
    char *copy = alloc_array(len + 1, 1);
    if (copy) {
        memcpy(copy, text, len);
        copy[len] = 0;
    }
    return copy;
}

static double text_width(canvas *cv, const char *text, int len, const char *font, double size)
{
    char *copy = copy_of(text, (size_t)len);
    if (!copy) {
        cv->measure_failed = true; /* canvas_status reports it */
        return 0;
    }
    double w = measured_width(cv, copy, font, false, size);
    free(copy);
    return w;
}

/* Breaks `text` into lines no wider than `width` at `size`, only at spaces
 * outside single quotes: a shell command's words stay whole, and its lines
 * joined with spaces give the command back. A word wider than a line has
 * one to itself. Fills up to `max` lines; returns how many it takes. */
static size_t word_lines(canvas *cv, const char *text, const char *font, double size, double width,
                         text_line *lines, size_t max)
{
    size_t n = 0;
    const char *line = text, *end = NULL; /* the line so far: [line, end) */
    bool quoted = false;
    for (const char *p = text;; p++) {
        if (*p == '\\' && !quoted && p[1]) { /* \' outside quotes: a quote */
            p++;
            continue;
        }
        if (*p == '\'') quoted = !quoted;
        if (*p && (*p != ' ' || quoted)) continue;
        if (p > line && p[-1] != ' ') { /* a word ends at p */
            if (end && text_width(cv, line, (int)(p - line), font, size) > width) {
                if (n < max) lines[n] = (text_line){line, (int)(end - line)};
                n++;
                for (line = end; *line == ' '; line++) {}
            }
            end = p;
        }
        if (!*p) break;
        if (!end) line = p + 1; /* spaces before the first word */
    }
    if (end) {
        if (n < max) lines[n] = (text_line){line, (int)(end - line)};
        n++;
    }
    return n;
}

/* Lines of `text` centred on x at `size`, broken as word_lines does; the
 * last one's baseline at `baseline` (upwards) or the first one's (not). */
static void draw_word_lines(canvas *cv, scene_role role, const char *text, const char *font,
                            double x, double baseline, double size, double width, bool upwards)
{
    text_line lines[16];
    size_t n = word_lines(cv, text, font, size, width, lines, 16);
    if (n > 16) n = 16;
    for (size_t k = 0; k < n; k++) {
        char *line = copy_of(lines[k].start, (size_t)lines[k].len);
        if (!line) {
            scene_out_of_memory(cv->scene);
            return;
        }
        double y = upwards ? baseline - (double)(n - 1 - k) * FOOTER_LINE_MM
                           : baseline + (double)k * size * 1.25;
        draw_text(cv, role, line, font, x, y, size, false, 0);
        free(line);
    }
}

/* Japanese workbooks set the page number alone in the outer bottom corner
 * (right on right-hand pages, left on left-hand ones), larger, where a
 * thumb turning the pages finds it; elsewhere "Page 3" leads the footer
 * (into `text`). Returns whether the number goes in the corner. */
static bool page_number(const document *d, size_t index, char *text, size_t size)
{
    bool numbered = d->style.page_numbers && d->pages[index].kind != PAGE_COVER &&
                    d->pages[index].kind != PAGE_BACK;
    bool corner = numbered && d->count > 1 && !strcmp(d->style.labels->lang, "ja");
    text[0] = 0;
    if (numbered && !corner) snprintf(text, size, d->style.labels->page_no, (unsigned)(index + 1));
    labels_digits(d->style.labels, text, size);
    return corner;
}

/* The last page's footer, "Page 9   ·   To make this booklet again: meiro
 * booklet ...", and the width its lines may take (free it); NULL without
 * memory. */
static char *remake_footer(const document *d, size_t index, const page_frame *f, double *width)
{
    char number[64], version[160] = "";
    bool corner = page_number(d, index, number, sizeof number);
    *width = f->body.w - (corner ? 8 * FOOTER_FONT_MM : 0); /* clear of a number in the corner */
    if (d->version) /* a class set's last copy keeps its label and seed */
        snprintf(version, sizeof version, "%s%s · seed %llu   ·   ", number[0] ? "   ·   " : "",
                 d->version, (unsigned long long)d->seed);
    const char *between = version[0] ? version : number[0] ? "   ·   " : "";
    int n = snprintf(NULL, 0, "%s%s%s %s", number, between, d->style.labels->remake, d->remake);
    char *text = n >= 0 ? alloc_array((size_t)n + 1, 1) : NULL;
    if (text)
        snprintf(text, (size_t)n + 1, "%s%s%s %s", number, between, d->style.labels->remake,
                 d->remake);
    return text;
}

meiro_status doc_set_remake(document *d, const char *remake, meiro_error *err)
{
    d->remake = d->style.workings && remake && remake[0] ? remake : NULL;
    d->remake_lines = 1;
    d->remake_size = FOOTER_FONT_MM;
    if (!d->remake || d->page_count == 0) return MEIRO_OK;
    size_t last = d->page_count - 1;
    const doc_page *p = &d->pages[last];
    if (p->kind == PAGE_BACK || d->style.no_footer) return MEIRO_OK; /* the back cover has room */
    page_frame f;
    meiro_status s = layout_frame(&d->style.paper, d->landscape, d->style.margin,
                                  doc_left_hand(d, p), texts_for(&d->style, p->kind), &f, err);
    if (s != MEIRO_OK) return s;
    scene none;
    canvas measuring, *cv = &measuring;
    measuring_canvas(d, &none, cv);
    double width;
    char *text = remake_footer(d, last, &f, &width);
    text_line lines[1];
    /* one line at the footer's size, else lines a little smaller (up to
     * four; a longer command smaller still) */
    if (text && word_lines(cv, text, d->style.footer_font, FOOTER_FONT_MM, width, lines, 1) > 1) {
        double size = 2.5;
        size_t n;
        while ((n = word_lines(cv, text, d->style.footer_font, size, width, lines, 1)) > 4 &&
               size > 1.8)
            size -= 0.1;
        d->remake_lines = (unsigned)n;
        d->remake_size = size;
    }
    if (!text) scene_out_of_memory(&none);
    free(text);
    s = canvas_status(cv, err);
    canvas_free(cv);
    scene_free(&none);
    /* the mazes of the last page in what the footer leaves */
    for (size_t k = 0; s == MEIRO_OK && k < p->count; k++) {
        page_layout L;
        s = doc_place(d, p, k, &L, &f, err);
    }
    return s;
}

static void draw_footer(canvas *cv, const document *d, size_t index, const page_frame *f)
{
    char text[600], part[500];
    const doc_page *p = &d->pages[index];
    if (d->style.large) { /* large print's footer: the page number alone, at its least size */
        if (!d->style.page_numbers || p->kind == PAGE_COVER || p->kind == PAGE_BACK) return;
        snprintf(text, sizeof text, d->style.labels->page_no, (unsigned)(index + 1));
        labels_digits(d->style.labels, text, sizeof text);
        canvas_set_colour(cv, 0, 0, 0);
        draw_text(cv, ROLE_PAGE_NUMBER, text, d->style.footer_font, f->center_x, f->footer_baseline,
                  LARGE_PRINT_TEXT_MM, false, 0);
        return;
    }
    if (d->style.no_footer) return;
    if (page_number(d, index, text, sizeof text)) {
        char number[16];
        snprintf(number, sizeof number, "%u", (unsigned)(index + 1));
        labels_digits(d->style.labels, number, sizeof number);
        bool right = !doc_left_hand_at(d, index); /* on the outside edge */
        canvas_set_colour(cv, 0.2, 0.2, 0.2);
        draw_text(cv, ROLE_PAGE_NUMBER, number, d->style.footer_font,
                  right ? f->page_w - f->margin : f->margin, f->footer_baseline,
                  f->footer_size * 1.6, true, right ? 1 : -1);
    }
    size_t n = strlen(text);
    canvas_set_colour(cv, 0.35, 0.35, 0.35);
    if (remade_on(d, p)) { /* the command that makes the booklet again */
        double width;
        char *line = remake_footer(d, index, f, &width);
        if (line)
            draw_word_lines(cv, ROLE_FOOTER, line, d->style.footer_font, f->center_x,
                            f->footer_baseline, d->remake_size, width, true);
        else scene_out_of_memory(cv->scene);
        free(line);
        return;
    }
    uint64_t seed;
    bool one_seed = d->count == 1 && meiro_maze_seed(d->items[0].maze, &seed);
    if (d->version) { /* a class set's copy: which one, and its seed */
        snprintf(part, sizeof part, "%s%s%s", d->style.footer ? d->style.footer : "",
                 d->style.footer ? " · " : "", d->version);
        size_t k = strlen(part);
        if (d->style.show_seed)
            snprintf(part + k, sizeof part - k, " · seed %llu", (unsigned long long)d->seed);
    } else if (d->style.footer) { /* the user's words, and the seed that remakes the maze */
        if (d->style.show_seed && (one_seed || d->has_seed))
            snprintf(part, sizeof part, "%s · seed %llu", d->style.footer,
                     (unsigned long long)(one_seed ? seed : d->seed));
        else snprintf(part, sizeof part, "%s", d->style.footer);
    } else if (d->count == 1 && d->style.show_seed) {
        page_footer(d->items[0].maze, part, sizeof part);
    } else if (d->has_seed && d->style.show_seed) {
        snprintf(part, sizeof part, "meiro %s · seed %llu", MEIRO_VERSION,
                 (unsigned long long)d->seed);
    } else {
        snprintf(part, sizeof part, "%s%s", d->style.workings ? "meiro " : "",
                 d->style.workings ? MEIRO_VERSION : "");
    }
    snprintf(text + n, sizeof text - n, "%s%s", n && part[0] ? "   ·   " : "", part);
    /* one line between the margins: a long one smaller */
    text_fit fit;
    double width = f->body.w, size = f->footer_size;
    fit_text(cv, text, d->style.footer_font, false, size, size, width, size, &fit);
    if (fit.natural > width) size *= width / fit.natural;
    draw_text(cv, ROLE_FOOTER, text, d->style.footer_font, f->center_x, f->footer_baseline, size,
              false, 0);
}

static meiro_status draw_cover(canvas *cv, const document *d, const page_frame *f, double snap,
                               unsigned layers, meiro_error *err)
{
    const doc_style *st = &d->style;
    const char *title = st->title ? st->title : st->labels->default_title;
    bool page = layers & LAYER_PAGE;
    canvas_set_colour(cv, 0, 0, 0);
    double base = f->page_h * 0.26;
    if (page)
        draw_fitted(cv, ROLE_TITLE, title, st->marks.font, true, &st->cover_fit, f->center_x, base,
                    base - 1.4 * COVER_TITLE_MM, st->text_width);
    if (page && st->subtitle)
        draw_fitted(cv, ROLE_SUBTITLE, st->subtitle, st->marks.font, false, &st->cover_subtitle_fit,
                    f->center_x, base + 13, base + 13 - COVER_SUBTITLE_MM, st->text_width);
    if (d->cover_maze) { /* a little maze as a picture */
        box area = {f->center_x - f->page_w * 0.25, f->page_h * 0.38, f->page_w * 0.5,
                    f->page_h * 0.32};
        page_layout L = {0};
        double mw, mh;
        maze_cells(d->cover_maze, &mw, &mh);
        meiro_status s =
            layout_in_slot(mw, mh, maze_door_sides(d->cover_maze), area, false, 0, 0, 0, &L, err);
        if (s != MEIRO_OK) return s;
        line_floor(st, &L);
        draw_maze(cv, d->cover_maze, NULL, &L, &st->marks, snap, layers);
    }
    if (!page) return MEIRO_OK;
    char line[160];
    snprintf(line, sizeof line, st->labels->maze_count, (unsigned)d->count);
    labels_digits(st->labels, line, sizeof line);
    size_t n = strlen(line);
    if (st->answers == ANSWERS_KEY)
        snprintf(line + n, sizeof line - n, " · %s", st->labels->answers_at_back);
    canvas_set_colour(cv, 0.25, 0.25, 0.25);
    draw_text(cv, ROLE_TEXT, line, st->marks.font, f->center_x, f->page_h * 0.8, 5, false, 0);
    return MEIRO_OK;
}

/* A notes page: its title and ruled lines a child can write or draw on. */
static void draw_notes(canvas *cv, const document *d, const page_frame *f)
{
    canvas_set_colour(cv, 0, 0, 0);
    draw_text(cv, ROLE_TEXT, d->style.labels->notes, d->style.marks.font, f->center_x,
              f->title_baseline, f->title_size, true, 0);
    for (double y = f->body.y + 10; y <= f->body.y + f->body.h; y += 10) {
        canvas_move_to(cv, f->body.x, y);
        canvas_line_to(cv, f->body.x + f->body.w, y);
    }
    scene_paint rule = scene_stroke((scene_rgb){0.75, 0.75, 0.75}, fmax(0.2, d->style.line_min),
                                    CAP_BUTT, JOIN_MITER);
    canvas_take_path(cv, ROLE_PAGE, &rule, 1);
}

unsigned doc_page_of(const document *d, page_kind kind, size_t i)
{
    for (size_t p = 0; p < d->page_count; p++)
        if (d->pages[p].kind == kind && d->pages[p].first <= i &&
            i < d->pages[p].first + d->pages[p].count)
            return (unsigned)(p + 1);
    return 0;
}

/* One line of the contents: the words, dots, the page number (read from
 * the right: the words on the right, the number on the left). Words too
 * long for the line (a level's name and two maze numbers in Japanese on a
 * small page) are set smaller, clear of the number. */
static void contents_line(canvas *cv, const document *d, const page_frame *f, double y,
                          const char *words, unsigned page)
{
    const char *font = d->style.marks.font;
    bool rtl = d->style.rtl;
    double size = d->style.large ? LARGE_PRINT_TEXT_MM : 4.5;
    double left = f->body.x + 10, right = f->body.x + f->body.w - 10;
    char number[16];
    snprintf(number, sizeof number, "%u", page);
    labels_digits(d->style.labels, number, sizeof number);
    text_fit w, n;
    fit_text(cv, words, font, false, size, size, right - left, size * 2, &w);
    fit_text(cv, number, font, false, size, size, right - left, size * 2, &n);
    double room = right - left - n.natural - 3, shrink = w.natural > room ? room / w.natural : 1;
    if (d->style.large) shrink = 1; /* 18 pt: doc_plan checked they fit (large_contents_check) */
    canvas_set_colour(cv, 0, 0, 0);
    draw_text(cv, ROLE_TEXT, words, font, rtl ? right : left, y, size * shrink, false,
              rtl ? 1 : -1);
    draw_text(cv, ROLE_TEXT, number, font, rtl ? left : right, y, size, false, rtl ? -1 : 1);
    canvas_new_path(cv); /* the text left a current point: no line from it */
    /* the leader, between the words and the number */
    double from = rtl ? left + n.natural : left + w.natural * shrink;
    double to = rtl ? right - w.natural * shrink : right - n.natural;
    for (double x = from + 3; x < to - 3; x += 2.5) {
        canvas_new_sub_path(cv);
        canvas_arc(cv, x, y - 0.4, 0.25, 0, TAU);
    }
    scene_paint dots = scene_fill((scene_rgb){0.55, 0.55, 0.55});
    canvas_take_path(cv, ROLE_PAGE, &dots, 1);
}

/* Where the contents line that starts at maze i ends: its level's end,
 * or `per` mazes of rising sizes on. */
static size_t contents_run_end(const document *d, size_t i, size_t per)
{
    int level = d->items[i].level;
    size_t j = i + 1;
    while (j < d->count && (level ? d->items[j].level == level : j % per != 0)) j++;
    return j;
}

/* The least distance between contents lines: 7 mm, large print's 10 */
static double contents_apart(const document *d) { return d->style.large ? 10 : 7; }

/* How many mazes a contents line of rising sizes names: ten, or (a book of
 * hundreds) a round number more, so that every line and the answers' fit
 * on the one page at 7 pt or more apart. */
static size_t contents_run(const document *d, double room)
{
    static const size_t round[] = {10, 20, 25, 50, 100, 200, 250, 500, 1000};
    double apart = contents_apart(d);
    size_t fit = room / apart > 3 ? (size_t)(room / apart) - 2 : 1, per = 10;
    for (size_t k = 0; k < sizeof round / sizeof *round && (d->count + per - 1) / per > fit; k++)
        per = round[k];
    if ((d->count + per - 1) / per > fit) per = (d->count + fit - 1) / fit;
    return per;
}

/* A contents line's words for the mazes from i: their level's name and
 * the first and last one's numbers; where the next line starts. */
static size_t contents_words(const document *d, size_t i, size_t per, char *line, size_t size)
{
    const page_labels *words = d->style.labels;
    int level = d->items[i].level;
    size_t j = contents_run_end(d, i, per);
    char from[48], to[48];
    snprintf(from, sizeof from, words->maze_no, (unsigned)(i + 1));
    snprintf(to, sizeof to, words->maze_no, (unsigned)j);
    labels_digits(words, from, sizeof from);
    labels_digits(words, to, sizeof to);
    if (level >= 1 && level <= 4)
        snprintf(line, size, "%s   %s – %s", words->levels[level - 1], from, to);
    else snprintf(line, size, "%s – %s", from, to);
    return j;
}

/* Large print's contents keep 18 pt: each line's words fit beside their
 * page's number (contents_line's room), or the booklet is refused. */
static meiro_status large_contents_check(const document *d, const page_frame *f, meiro_error *err)
{
    scene none;
    canvas measuring, *cv = &measuring;
    measuring_canvas(d, &none, cv);
    const char *font = d->style.marks.font;
    char number[16], line[200] = "";
    snprintf(number, sizeof number, "%zu", d->page_count);
    labels_digits(d->style.labels, number, sizeof number);
    double room = f->body.w - 20 - 3 - measured_width(cv, number, font, false, LARGE_PRINT_TEXT_MM),
           widest = 0;
    size_t per = contents_run(d, f->body.h - 12);
    for (size_t i = 0; i < d->count && widest <= room;) {
        i = contents_words(d, i, per, line, sizeof line);
        widest = fmax(widest, measured_width(cv, line, font, false, LARGE_PRINT_TEXT_MM));
    }
    meiro_status s = canvas_status(cv, err);
    canvas_free(cv);
    scene_free(&none);
    if (s == MEIRO_OK && widest > room)
        s = fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                       "large print's contents line '%s' takes %.1f mm at 18 pt, %s leaves %.1f "
                       "beside its page's number: a wider --paper, or no contents (--no-contents)",
                       line, widest, d->style.paper.name, room);
    return s;
}

/* A long booklet's contents: each level (or each run of mazes of rising
 * sizes) with the numbers of its mazes and the page it starts on, then
 * the answers. */
static void draw_contents(canvas *cv, const document *d, const page_frame *f)
{
    const doc_style *st = &d->style;
    canvas_set_colour(cv, 0, 0, 0);
    draw_text(cv, ROLE_TITLE, st->labels->contents, st->marks.font, f->center_x, f->title_baseline,
              f->title_size, true, 0);
    if (st->contents_subtitle) /* a series' book says which volume on its first page */
        draw_fitted(cv, ROLE_SUBTITLE, st->subtitle, st->marks.font, false, &st->subtitle_fit,
                    f->center_x, f->subtitle_baseline, f->subtitle_baseline - f->subtitle_size,
                    st->text_width);
    double room = f->body.h - 12;
    size_t per = contents_run(d, room), lines = 0;
    for (size_t i = 0; i < d->count; i = contents_run_end(d, i, per)) lines++;
    double y = f->body.y + 12, step = fmin(11, room / (double)(lines + 2 > 12 ? lines + 2 : 12));
    step = fmax(step, fmin(contents_apart(d), room / (double)(lines + 1)));
    for (size_t i = 0; i < d->count;) {
        char line[200];
        size_t j = contents_words(d, i, per, line, sizeof line);
        contents_line(cv, d, f, y, line, doc_page_of(d, PAGE_PUZZLES, i));
        y += step;
        i = j;
    }
    unsigned key = doc_page_of(d, PAGE_ANSWERS, 0);
    if (key && st->answers == ANSWERS_KEY)
        contents_line(cv, d, f, y + step / 2, st->labels->answers, key);
}

/* A folded booklet's back cover: its title, and the command that makes the
 * same booklet again (the seed alone does not: levels, sizes and the
 * template count too). */
static void draw_back(canvas *cv, const document *d, const page_frame *f)
{
    const doc_style *st = &d->style;
    const char *title = st->title ? st->title : st->labels->default_title;
    canvas_set_colour(cv, 0, 0, 0);
    draw_fitted(cv, ROLE_TITLE, title, st->marks.font, true, &st->title_fit, f->center_x,
                f->page_h * 0.4, f->page_h * 0.4 - TITLE_FONT_MM, st->text_width);
    if (!d->remake) return;
    canvas_set_colour(cv, 0.3, 0.3, 0.3);
    draw_text(cv, ROLE_TEXT, st->labels->remake, st->marks.font, f->center_x, f->page_h * 0.72, 3.2,
              false, 0);
    draw_word_lines(cv, ROLE_TEXT, d->remake, d->style.footer_font, f->center_x,
                    f->page_h * 0.72 + 6, 3.2, f->body.w, false);
}

/* Whether the mazes of a page show their solutions (answer pages, or
 * documents without answers apart). */
static bool shows_paths(const document *d, const doc_page *p)
{
    return p->kind == PAGE_ANSWERS || (p->kind == PAGE_PUZZLES && d->style.answers == ANSWERS_NONE);
}

bool doc_page_has_path(const document *d, size_t index)
{
    const doc_page *p = &d->pages[index];
    bool any = false;
    for (size_t k = 0; k < p->count && shows_paths(d, p); k++)
        any = any || d->items[p->first + k].path != NULL;
    return any;
}

meiro_status doc_draw_page(const document *d, size_t index, canvas *cv, bool maze_only,
                           double snap, unsigned layers, meiro_error *err)
{
    const doc_page *p = &d->pages[index];
    const doc_style *st = &d->style;
    page_frame f;
    meiro_status s = layout_frame(&st->paper, d->landscape, st->margin, doc_left_hand(d, p),
                                  page_texts(d, p), &f, err);
    if (s != MEIRO_OK) return s;
    measure_share(cv, d->measure);
    scene *sc = cv->scene;
    bool page = layers & LAYER_PAGE;
    if (page && !maze_only && st->frame) { /* out to the bleed edge: the cut leaves no white rim */
        double b = st->paper.bleed, left = page_bleed_left(&st->paper, doc_left_hand(d, p));
        double w = f.page_w + page_bleed_across(&st->paper), h = f.page_h + 2 * b;
        scene_add_image(sc, ROLE_PAGE, &(scene_image){st->frame->file.file, -left, -b, w, h,
                                                      .frame = true, .art = st->frame->art});
    }
    if (p->kind == PAGE_COVER) {
        s = draw_cover(cv, d, &f, snap, layers, err);
        if (s == MEIRO_OK && (layers & LAYER_FOOTER)) draw_footer(cv, d, index, &f);
        return s == MEIRO_OK ? canvas_status(cv, err) : s;
    }
    if (p->kind == PAGE_NOTES || p->kind == PAGE_BACK || p->kind == PAGE_CONTENTS) {
        if (p->kind == PAGE_CONTENTS && st->tactile) /* braille, without small print */
            return page ? draw_tactile_contents(cv, d, p, &f, err) : canvas_status(cv, err);
        if (page && p->kind == PAGE_NOTES) draw_notes(cv, d, &f);
        else if (page && p->kind == PAGE_BACK) draw_back(cv, d, &f);
        else if (page) draw_contents(cv, d, &f);
        if (layers & LAYER_FOOTER) draw_footer(cv, d, index, &f);
        return canvas_status(cv, err);
    }
    if (st->tactile && p->kind == PAGE_PUZZLES) return draw_tactile(cv, d, p, &f, err);
    /* a tactile print key: the mazes as the sheets draw them, lines or walls */
    maze_marks marks = st->marks;
    marks.paths = marks.paths || (st->tactile && !st->walls);
    bool paths = shows_paths(d, p);
    page_layout first = {0};
    for (size_t k = 0; k < p->count && s == MEIRO_OK; k++) {
        page_layout L;
        s = doc_place(d, p, k, &L, &f, err);
        if (k == 0) first = L;
        if (s != MEIRO_OK) break;
        const doc_item *it = &d->items[p->first + k];
        if (layers & LAYER_WALLS) s = draw_outline(cv, it->maze, &L, err);
        if (s != MEIRO_OK) break;
        draw_maze(cv, it->maze, paths ? it->path : NULL, &L, &marks, snap, layers);
        if (maze_only) return canvas_status(cv, err);
        if (page && d->count > 1) draw_caption(cv, d, p, k, &L, &f);
    }
    if (s != MEIRO_OK) return s;
    if (page) {
        canvas_set_colour(cv, 0, 0, 0);
        const char *title = page_title(d, p->kind);
        if (title && f.title_size > 0)
            draw_fitted(cv, ROLE_TITLE, title, st->marks.font, true,
                        p->kind == PAGE_ANSWERS ? &st->answers_fit : &st->title_fit, f.center_x,
                        f.title_baseline, f.title_baseline - f.title_size, st->text_width);
        if (p->kind == PAGE_PUZZLES && st->subtitle)
            draw_fitted(cv, ROLE_SUBTITLE, st->subtitle, st->marks.font, false, &st->subtitle_fit,
                        f.center_x, f.subtitle_baseline, f.subtitle_baseline - f.subtitle_size,
                        st->text_width);
        if (f.rules_size > 0) draw_rules(cv, d, p, &f);
        if (p->kind == PAGE_PUZZLES && st->fields) {
            /* a page of one maze: the name line starts where the maze does,
             * written as large as a child's hand needs for big cells (up to
             * 6 mm, 17 pt), kept within the page */
            bool one = p->count == 1, rtl = st->rtl; /* rtl: from the right, mirrored */
            double x = one ? (rtl ? first.maze_x + first.maze_w : first.maze_x)
                           : (rtl ? f.body.x + f.body.w - 2 : f.body.x + 2);
            double size = one ? fmin(6, fmax(f.fields_size, first.cell * 0.3)) : f.fields_size;
            text_fit fit;
            double room = rtl ? x - f.body.x : f.body.x + f.body.w - x;
            if (!fit_text(cv, st->fields, st->marks.font, false, size, size, room, FIELDS_BAND_MM,
                          &fit) ||
                fit.wrap)
                fit.size = size * room / fit.natural * 0.999; /* one line, smaller */
            draw_text(cv, ROLE_NAME_LINE, st->fields, st->marks.font, x, f.fields_baseline,
                      fit.size, false, rtl ? 1 : -1);
        }
    }
    if (layers & LAYER_FOOTER) draw_footer(cv, d, index, &f);
    return canvas_status(cv, err);
}
