/* A level on the page: the level's smallest cell kept for every kind of
 * maze (meiro_level_page_check warns, naming the size that keeps it), and
 * a name set to fill the page at that cell (meiro_text_mask_for_level:
 * wrapped on up to three lines, in capitals where small letters would not
 * read, in block capitals where the font's would not read either;
 * refused naming the ages it fits). The page is measured through the
 * layout, as it will be printed: a name's fit lays the page out once and
 * fits each try in the box it leaves (layout_in_slot). */
#define _POSIX_C_SOURCE 200809L /* uselocale, for core/numbers.h */
#include "core/numbers.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "page/layout.h"
#include "compose/document.h"
#include "shapes/glib_lib.h"
#include "draw/module.h"
#include "shapes/text_mask.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- A level's cells on the page -------------------------------------- */

/* The layout a maze is measured with: a page format's own, else a PDF's
 * (an HTML page prints as the PDF's; a text has none). */
static meiro_format measured_format(meiro_format f)
{
    return meiro_format_can(f, MEIRO_CAN_PAGE) && f != MEIRO_FORMAT_HTML ? f : MEIRO_FORMAT_PDF;
}

/* Whether the format prints on the page the options describe (text, CSV
 * and JSON say the page's options change nothing in them: the default
 * page it is). */
static bool paged(meiro_format f) { return meiro_format_can(f, MEIRO_CAN_PAGE); }

/* The largest cell a maze gets on the page, in mm; 0 where it does not fit.
 * A failure other than not fitting (out of memory) sticks in *st and err,
 * and every later call gives 0. */
static double page_cell(meiro_grid grid, uint32_t w, uint32_t h, meiro_format f,
                        const meiro_export_options *page, meiro_status *st, meiro_error *err)
{
    if (*st != MEIRO_OK) return 0;
    meiro_export_options o;
    if (page && paged(f)) o = *page;
    else meiro_export_options_init(&o);
    o.cell_mm = 0;
    double cell = 0;
    meiro_error e = {0};
    meiro_status s = meiro_export_grid_cell_mm(grid, w, h, measured_format(f), &o, &cell, &e);
    if (s == MEIRO_OK) return cell;
    if (s != MEIRO_ERROR_ARGUMENT && s != MEIRO_ERROR_TOO_BIG) *st = fail(err, s, "%s", e.message);
    return 0;
}

/* The page a name is fitted to, measured once per fit (laying a page out
 * takes a tenth of a millisecond, and a fit asks hundreds of times): the
 * box the maze gets in each orientation the page may take (both when it
 * turns to suit the maze), and the fit's cap and line, as the document has
 * them; a sheet (XLSX), laid out otherwise, is asked each time. */
typedef struct page_measure {
    meiro_format format;
    const meiro_export_options *page;
    unsigned orientations; /* boxes measured; 0: the page asked each time */
    box area[2];
    double cell_max, line;
} page_measure;

static meiro_status measure_page(page_measure *pm, meiro_format f,
                                 const meiro_export_options *page, meiro_error *err)
{
    memset(pm, 0, sizeof *pm);
    pm->format = f;
    pm->page = page;
    if (measured_format(f) == MEIRO_FORMAT_XLSX) return MEIRO_OK;
    meiro_export_options o;
    if (page && paged(f)) o = *page;
    else meiro_export_options_init(&o);
    o.cell_mm = 0;
    unsigned n = o.orientation == MEIRO_ORIENT_AUTO ? 2 : 1;
    meiro_status s = MEIRO_OK;
    c_numbers num;
    c_numbers_begin(&num);
    meiro_error e = {0};
    for (unsigned i = 0; i < n && s == MEIRO_OK; i++) {
        meiro_export_options oi = o;
        if (n == 2) oi.orientation = i ? MEIRO_ORIENT_LANDSCAPE : MEIRO_ORIENT_PORTRAIT;
        meiro_maze shell = maze_shell(100, 100);
        doc_item item = {&shell, NULL, 0};
        document d;
        s = drawing()->doc_init(&d, &item, 1, &oi, -1, &e);
        if (s != MEIRO_OK) break;
        page_layout L;
        s = drawing()->doc_first_maze(&d, 0, &L, &e);
        pm->area[i] = L.area;
        pm->cell_max = d.style.cell_max;
        pm->line = d.style.line;
        drawing()->doc_free(&d);
    }
    c_numbers_end(&num);
    /* a page that holds no maze (page_cell's 0): asked each time, it says
     * so each time; any other failure (memory) is the fit's */
    if (s != MEIRO_OK && s != MEIRO_ERROR_ARGUMENT && s != MEIRO_ERROR_TOO_BIG)
        return fail(err, s, "%s", e.message);
    pm->orientations = s == MEIRO_OK ? n : 0;
    return MEIRO_OK;
}

/* The cell w x h cells get on the page with room around them, room_w
 * and room_h cells across and down (both sides together). Asking the page
 * itself: measured on a grid k times as fine, its cells k times smaller,
 * the room k times as many of them (rounded up: the cell is at least
 * this), k as large as a grid may be. */
static double room_cell(uint32_t w, uint32_t h, double room_w, double room_h,
                        const page_measure *pm, meiro_status *st, meiro_error *err)
{
    if (pm->orientations) {
        double best = 0;
        for (unsigned i = 0; i < pm->orientations; i++) {
            page_layout q = {0};
            if (layout_in_slot(w + room_w, h + room_h, 0, pm->area[i], false, 0, pm->cell_max,
                               pm->line, &q, NULL) == MEIRO_OK)
                best = fmax(best, q.cell);
        }
        return *st == MEIRO_OK ? best : 0;
    }
    for (uint32_t k = 10;; k /= 2) {
        uint64_t kw = (uint64_t)k * w + (uint64_t)ceil(room_w * k),
                 kh = (uint64_t)k * h + (uint64_t)ceil(room_h * k);
        if (k == 1 || (kw <= MEIRO_MAX_SIDE && kh <= MEIRO_MAX_SIDE && kw * kh <= MEIRO_MAX_CELLS))
            return k * page_cell(MEIRO_GRID_RECT, (uint32_t)kw, (uint32_t)kh, pm->format,
                                 pm->page, st, err);
    }
}

/* The cell a name's w x h cells get on the page with the room its outline
 * takes around them (OUTLINE_ROOM a side) and the signs of S and G outside
 * the doors of its first and last letter (end_reach, layout.c), both
 * across, both down or one each way, whichever keeps the larger cell (the
 * first letter has doors up and left, the last down and right; the layout
 * chooses the same way, and the cells beyond a door can only give back
 * room). The signs' room in cells grows as the cells shrink, slowly (1.9
 * cells a sign at 12 mm, 2.05 at 10): measured at the cell it leaves. */
static double name_cell(uint32_t w, uint32_t h, const page_measure *pm, meiro_status *st,
                        meiro_error *err)
{
    double pad = 2 * OUTLINE_ROOM, cell = room_cell(w, h, pad, pad, pm, st, err);
    if (cell <= 0) return cell;
    /* the three ways at the cell without signs, then the best again at
     * the cell it gives */
    double share[3] = {1, 0, 0.5}, best = 0; /* of the signs' room across */
    int way = 0;
    for (int k = 0; k < 3; k++) {
        double signs = 2 * fmax(0, end_reach(cell) / cell - OUTLINE_ROOM);
        double c =
            room_cell(w, h, pad + share[k] * signs, pad + (1 - share[k]) * signs, pm, st, err);
        if (c > best) best = c, way = k;
    }
    if (best <= 0) return best;
    double signs = 2 * fmax(0, end_reach(best) / best - OUTLINE_ROOM);
    return room_cell(w, h, pad + share[way] * signs, pad + (1 - share[way]) * signs, pm, st, err);
}

/* Whether a name's w x h cells keep cells of `least` on the page with
 * their outline's room and the signs of S and G (as name_cell), the signs
 * sized for that cell: one to three ways tried, where name_cell measures
 * five times (the fitting asks this many times). */
static bool name_fits(uint32_t w, uint32_t h, double least, const page_measure *pm,
                      meiro_status *st, meiro_error *err)
{
    double pad = 2 * OUTLINE_ROOM, signs = 2 * fmax(0, end_reach(least) / least - OUTLINE_ROOM);
    static const double share[3] = {1, 0, 0.5}; /* of the signs' room across */
    for (int k = 0; k < 3 && *st == MEIRO_OK; k++)
        if (room_cell(w, h, pad + share[k] * signs, pad + (1 - share[k]) * signs, pm, st, err) >=
            least - 1e-9)
            return true;
    return false;
}

/* The smallest cell the page may have: the level's, or a larger one asked
 * for (cell_mm). */
static double least_cell(const meiro_level_desc *level, const meiro_export_options *page,
                         meiro_format f)
{
    if (!paged(f)) page = NULL;
    double least = level ? level->cell_mm : 0;
    return page && page->cell_mm > least ? page->cell_mm : least;
}

/* Which ages a level is for, as a phrase: "ages 4-5", "adults". The
 * warnings below are formats of the catalogues (N_), matched and said in
 * the user's language by the command (cli/say.c). */
static const char *ages_of(const meiro_level_desc *level, char *buf, size_t size)
{
    if (level->ages[0] >= '0' && level->ages[0] <= '9')
        snprintf(buf, size, N_("ages %s"), level->ages);
    else snprintf(buf, size, "%s", level->ages);
    return buf;
}

meiro_status meiro_level_page_check(const meiro_level_desc *level, meiro_grid grid, uint32_t width,
                                    uint32_t height, uint32_t text_height, meiro_format format,
                                    const meiro_export_options *page, meiro_error *warning)
{
    if (!level || level->cell_mm <= 0) return MEIRO_OK;
    if (!paged(format)) return MEIRO_OK; /* no page, no cells in mm */
    double least = level->cell_mm;
    char ages[32];
    ages_of(level, ages, sizeof ages);
    if (page && page->cell_mm > 0 && page->cell_mm < least - 1e-9)
        return fail_field(warning, MEIRO_FIELD_CELL, MEIRO_ERROR_ARGUMENT,
                          N_("cells of %g mm are too small for %s: %g mm and up"), page->cell_mm,
                          ages, least);
    meiro_status st = MEIRO_OK;
    double cell = page_cell(grid, width, height, format, page, &st, warning);
    if (st != MEIRO_OK || cell <= 0 || cell >= least - 1e-9 || (page && page->cell_mm > 0))
        return st;
    char fits[64];
    double f = cell / least;
    bool polar = grid == MEIRO_GRID_POLAR;
    if (text_height) {
        uint32_t th = (uint32_t)floor(text_height * f);
        if (th < MEIRO_TEXT_HEIGHT_MIN)
            snprintf(fits, sizeof fits, "%s", N_("no height fits: a shorter text or larger paper"));
        else
            snprintf(fits, sizeof fits, N_("letters about %u cells tall fit the page"),
                     (unsigned)th);
    } else {
        uint32_t w = polar ? width : (uint32_t)fmax(1, floor(width * f)),
                 h = (uint32_t)fmax(1, floor(height * f));
        /* the lines and door arrows do not scale with the cells: shrink
         * until it fits */
        for (int k = 0; k < 4096 && (w > 1 || h > 1) && st == MEIRO_OK &&
                        page_cell(grid, w, h, format, page, &st, warning) < least - 1e-9;
             k++) {
            if (!polar && w > 1 && ((uint64_t)w * height >= (uint64_t)h * width || h == 1)) w--;
            else h--;
        }
        if (st != MEIRO_OK) return st;
        if (polar) snprintf(fits, sizeof fits, N_("%u rings fit the page"), (unsigned)h);
        else
            snprintf(fits, sizeof fits, N_("%u x %u cells fit the page"), (unsigned)w, (unsigned)h);
    }
    return fail_field(warning, text_height || polar ? MEIRO_FIELD_HEIGHT : MEIRO_FIELD_WIDTH,
                      MEIRO_ERROR_ARGUMENT,
                      N_("cells of %.1f mm are too small for %s (%g mm and up): %s"),
                      floor(cell * 10) / 10, ages, least, fits);
}

/* ---- A name set for a level ------------------------------------------- */

/* The fewest cells letters are tall and still read, by kind: capitals and
 * digits, small letters (their x-height half of it), kana and kanji (more
 * strokes). Measured by looking at masks: below these, a, e and は are
 * blobs. */
#define LEGIBLE_CAPS 13u
#define LEGIBLE_LOWER 16u
#define LEGIBLE_CJK 16u
#define MOST_LINES 3u
#define LINE_GAP 1u /* meiro_text_mask's rows between lines */
/* A name that does not fit the level's cell may take cells down to this
 * share of it, and no smaller than the next level's (a warning says so),
 * tried in this many steps. */
#define NAME_SHRINK 0.7
#define NAME_SHRINK_STEPS 12
/* Only for children up to 8 (cells this large): a child of 9 has cells
 * as small as a name needs, and smaller ones are the next level's, which
 * the refusal names. */
#define NAME_SHRINK_FROM 7.0

/* the next character of valid UTF-8 text (glib's g_utf8_next_char reads
 * a table of glib's, which the library does not link) */
static const char *next_char(const char *p)
{
    do p++;
    while ((*p & 0xC0) == 0x80);
    return p;
}

static bool cjk_point(gunichar c)
{
    return (c >= 0x2e80 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) ||
           (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xffef) ||
           (c >= 0x20000 && c <= 0x3ffff) || (c >= 0x1100 && c <= 0x11ff);
}

/* Whether a line may not begin with c: marks that belong to the letter
 * before (accents, voicing marks, variation selectors, emoji modifiers),
 * and what Japanese keeps off a line's start (small kana, the long vowel
 * mark, closing punctuation). */
static bool clings(gunichar c)
{
    GUnicodeType t = lib_glib()->g_unichar_type(c);
    if (t == G_UNICODE_NON_SPACING_MARK || t == G_UNICODE_SPACING_MARK ||
        t == G_UNICODE_ENCLOSING_MARK || t == G_UNICODE_FORMAT ||
        t == G_UNICODE_CLOSE_PUNCTUATION || t == G_UNICODE_FINAL_PUNCTUATION ||
        t == G_UNICODE_DASH_PUNCTUATION || t == G_UNICODE_OTHER_PUNCTUATION)
        return true;
    if (c >= 0xfe00 && c <= 0xfe0f) return true;
    if (c >= 0x1f3fb && c <= 0x1f3ff) return true;
    static const char small[] = "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶー、。！？";
    const char *p = small;
    while (*p) {
        if (lib_glib()->g_utf8_get_char(p) == c) return true;
        p = next_char(p);
    }
    return false;
}

/* Whether c is drawn as a letter of its own: not a space, nor punctuation
 * the letters leave out (text_drops), nor an accent written apart. */
static bool drawn_letter(gunichar c)
{
    return !lib_glib()->g_unichar_isspace(c) && !text_drops(c) &&
           lib_glib()->g_unichar_type(c) != G_UNICODE_NON_SPACING_MARK;
}

/* The text with line breaks at the opportunities nearest to equal shares
 * of its letters: `lines` lines, at spaces (and after a hyphen: Jean- /
 * Luc) only, or also between letters. No line of one letter but in kana
 * and kanji (Z / oë reads as two words). NULL when there are too few
 * opportunities, or no memory (*nomem). */
static char *wrapped(const char *text, unsigned lines, bool spaces_only, bool *nomem)
{
    size_t len = strlen(text), n = (size_t)lib_glib()->g_utf8_strlen(text, (gssize)len);
    gunichar *cp = alloc_array(n + 1, sizeof *cp);
    size_t *at = alloc_array(2 * n + 1, sizeof *at); /* then each point's letters before it */
    uint8_t *cut = zalloc(n + 1, 1); /* 1: a space to break at, 2: a break before this point */
    char *out = alloc_array(len + lines + 1, 1);
    if (!cp || !at || !cut || !out) {
        *nomem = true;
        goto fail;
    }
    size_t k = 0;
    for (const char *p = text; *p; p = next_char(p), k++) {
        cp[k] = lib_glib()->g_utf8_get_char(p);
        at[k] = (size_t)(p - text);
    }
    at[n] = len;
    /* the letters before each point (spaces count as one: their width;
     * punctuation the letters leave out and accents written apart count
     * none: O'BR / IEN, not O'B / RIEN) */
    size_t *before = at + n + 1, total = 0;
    for (size_t i = 0; i < n; i++) {
        before[i] = total;
        total += drawn_letter(cp[i]) || lib_glib()->g_unichar_isspace(cp[i]);
    }
    unsigned placed = 1;
    for (unsigned l = 1; l < lines; l++) {
        size_t want = total * l / lines, best = SIZE_MAX, best_d = SIZE_MAX;
        for (size_t i = 1; i < n; i++) {
            bool space = lib_glib()->g_unichar_isspace(cp[i]) &&
                         !lib_glib()->g_unichar_isspace(cp[i - 1]) && i + 1 < n &&
                         !lib_glib()->g_unichar_isspace(cp[i + 1]);
            bool inside = !lib_glib()->g_unichar_isspace(cp[i]) &&
                          !lib_glib()->g_unichar_isspace(cp[i - 1]) && !clings(cp[i]) &&
                          cp[i - 1] != 0x200d &&
                          lib_glib()->g_unichar_type(cp[i - 1]) != G_UNICODE_OPEN_PUNCTUATION;
            bool hyphen =
                inside && lib_glib()->g_unichar_type(cp[i - 1]) == G_UNICODE_DASH_PUNCTUATION;
            bool letter = !spaces_only && inside;
            space = space || hyphen;
            if (!(space || letter) || cut[i] || cut[i - 1] || cut[i + 1]) continue;
            size_t d = before[i] > want ? before[i] - want : want - before[i];
            if (d < best_d || (d == best_d && space)) best = i, best_d = d;
        }
        if (best == SIZE_MAX) goto fail;
        cut[best] = lib_glib()->g_unichar_isspace(cp[best]) ? 1 : 2;
        placed++;
    }
    /* every line two letters or more, but in kana and kanji */
    size_t letters = 0;
    bool cjk = false;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || cut[i]) {
            if (letters < 2 && !cjk) goto fail;
            letters = 0;
            cjk = false;
        }
        if (i < n && drawn_letter(cp[i])) letters++;
        if (i < n) cjk = cjk || cjk_point(cp[i]);
    }
    /* the text again, a space at a break becoming the break */
    char *o = out;
    for (size_t i = 0; i < n; i++) {
        size_t bytes = at[i + 1] - at[i];
        if (cut[i] == 1) *o++ = '\n';
        else {
            if (cut[i] == 2) *o++ = '\n';
            memcpy(o, text + at[i], bytes);
            o += bytes;
        }
    }
    *o = 0;
    free(cp);
    free(at);
    free(cut);
    return placed == lines ? out : (free(out), NULL);
fail:
    free(cp);
    free(at);
    free(cut);
    free(out);
    return NULL;
}

static char *copy_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *c = alloc_array(n, 1);
    if (c) memcpy(c, text, n);
    return c;
}

/* The text in capitals (each letter's simple upper case, the same in every
 * locale). NULL without memory. */
static char *capitals(const char *text)
{
    size_t len = strlen(text);
    /* a simple upper case is at most half again as long in UTF-8 (2 bytes
     * to 3) */
    char *out = alloc_array(len * 2 + 1, 1);
    if (!out) return NULL;
    char *o = out;
    size_t room = len * 2;
    for (const char *p = text; *p; p = next_char(p)) {
        char buf[8];
        int b = lib_glib()->g_unichar_to_utf8(
            lib_glib()->g_unichar_toupper(lib_glib()->g_utf8_get_char(p)), buf);
        if ((size_t)(o - out) + (size_t)b > room) break; /* never, by the above */
        memcpy(o, buf, (size_t)b);
        o += b;
    }
    *o = 0;
    return out;
}

/* A way of setting the text: its lines, and the tallest letters that keep
 * the level's cell on the page. */
typedef struct setting {
    char *text; /* with its line breaks */
    unsigned lines;
    uint32_t height; /* 0: none fits */
    uint8_t *mask;
    meiro_text_info info;
} setting;

/* The texts drawn while fitting one name, each kept once: a fit tries
 * the same text, face and height again at each smaller cell, and drawing
 * a text is most of its time. Each mask is its own (NULL: too large or too
 * thin at that height). */
typedef struct drawn_text {
    char *text;
    text_face face;
    uint32_t height;
    uint8_t *mask;
    meiro_text_info info;
} drawn_text;

typedef struct text_memo {
    drawn_text *items;
    size_t count, cap;
} text_memo;

static void memo_free(text_memo *t)
{
    for (size_t i = 0; i < t->count; i++) {
        free(t->items[i].text);
        meiro_mask_free(t->items[i].mask);
    }
    free(t->items);
    memset(t, 0, sizeof *t);
}

/* Text t drawn in face at height cells: from the memo, else drawn and
 * kept (*d NULL: its mask too large or too thin at that height). */
static meiro_status draw_once(text_memo *t, const char *text, const char *lang, uint32_t height,
                              text_face face, const drawn_text **d, meiro_error *err)
{
    *d = NULL;
    for (size_t i = 0; i < t->count; i++) /* a few dozen: the heights a fit tries */
        if (t->items[i].height == height && t->items[i].face == face &&
            strcmp(t->items[i].text, text) == 0) {
            *d = t->items[i].mask ? &t->items[i] : NULL;
            return MEIRO_OK;
        }
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 32;
        drawn_text *items = realloc_array(t->items, cap, sizeof *items);
        if (!items) return fail(err, MEIRO_ERROR_NOMEM, "out of memory setting the text");
        t->items = items, t->cap = cap;
    }
    drawn_text n = {.text = copy_text(text), .face = face, .height = height};
    if (!n.text) return fail(err, MEIRO_ERROR_NOMEM, "out of memory setting the text");
    meiro_error why = {0};
    meiro_status s = drawing()->text_mask_face(text, lang, height, face, &n.mask, &n.info, &why);
    if (s != MEIRO_OK && s != MEIRO_ERROR_TOO_BIG && s != MEIRO_ERROR_ARGUMENT) {
        free(n.text);
        return fail(err, s, "%s", why.message);
    }
    if (s != MEIRO_OK) {
        meiro_mask_free(n.mask);
        n.mask = NULL;
    }
    t->items[t->count++] = n;
    *d = n.mask ? &t->items[t->count - 1] : NULL;
    return MEIRO_OK;
}

typedef struct fit_ctx {
    const char *lang;
    text_face face;
    uint32_t shortest, tallest; /* the face's letters' heights; 0: any */
    meiro_format format;
    const meiro_export_options *page;
    double least;
    uint32_t rows; /* the most rows of cells the page holds at `least` */
    const page_measure *measure;
    text_memo *memo;
} fit_ctx;

/* Whether the text `t` at `h` cells tall keeps the cell; its mask kept in
 * *m when it does. A text that cannot be drawn at all: its error. */
static meiro_status try_height(const fit_ctx *c, const char *t, uint32_t h, bool *fits, uint8_t **m,
                               meiro_text_info *info, meiro_error *err)
{
    *fits = false;
    /* the text's own errors were found before: too long, or too thin to
     * leave cells at this height, it does not fit */
    const drawn_text *d;
    meiro_status s = draw_once(c->memo, t, c->lang, h, c->face, &d, err);
    if (s != MEIRO_OK || !d) return s;
    *info = d->info;
    meiro_status st = MEIRO_OK;
    *fits = name_fits(info->width, info->height, c->least, c->measure, &st, err);
    if (st != MEIRO_OK) return st;
    if (*fits) {
        size_t size = (size_t)info->width * info->height;
        uint8_t *mask = alloc_array(size ? size : 1, 1);
        if (!mask) return fail(err, MEIRO_ERROR_NOMEM, "out of memory setting the text");
        memcpy(mask, d->mask, size);
        meiro_mask_free(*m);
        *m = mask;
    }
    return MEIRO_OK;
}

/* The tallest letters of setting `st` that fit, above `beat` (a taller
 * setting found already): bisection, as a taller text is a larger grid. */
static meiro_status fit_setting(const fit_ctx *c, setting *st, uint32_t beat, meiro_error *err)
{
    st->height = 0;
    if (c->rows < (st->lines - 1) * LINE_GAP + st->lines * MEIRO_TEXT_HEIGHT_MIN) return MEIRO_OK;
    uint32_t lo = beat > MEIRO_TEXT_HEIGHT_MIN ? beat + 1 : MEIRO_TEXT_HEIGHT_MIN;
    uint32_t hi = (c->rows - (st->lines - 1) * LINE_GAP) / st->lines;
    if (c->tallest && hi > c->tallest) hi = c->tallest;
    if (lo < c->shortest) lo = c->shortest;
    meiro_text_info info;
    while (lo <= hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        bool fits;
        meiro_status s = try_height(c, st->text, mid, &fits, &st->mask, &info, err);
        if (s != MEIRO_OK) return s;
        if (fits) {
            st->height = mid;
            st->info = info;
            lo = mid + 1;
        } else hi = mid - 1;
    }
    return MEIRO_OK;
}

/* The best setting of `text` on one, two or three lines broken at spaces
 * (and after hyphens), or (`letters`) on two or three broken also between
 * letters: the tallest letters win, fewer lines where as tall. A text with
 * line breaks of its own is set as it is. *best takes the winner (its
 * height 0: none fits). */
static meiro_status best_setting(const fit_ctx *c, const char *text, bool letters, setting *best,
                                 meiro_error *err)
{
    memset(best, 0, sizeof *best);
    bool own = strchr(text, '\n') != NULL;
    if (own && letters) return MEIRO_OK;
    meiro_status s = MEIRO_OK;
    for (unsigned l = letters ? 2 : 1; l <= (own ? 1 : MOST_LINES) && s == MEIRO_OK; l++) {
        setting st = {.lines = own ? 1 : l};
        bool nomem = false;
        st.text = l == 1 ? copy_text(text) : wrapped(text, l, !letters, &nomem);
        if (!st.text && (nomem || l == 1))
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory setting the text");
        if (!st.text) continue; /* too few places to break: no such setting */
        if (own)
            for (const char *p = text; *p; p++) st.lines += *p == '\n';
        s = fit_setting(c, &st, best->height, err);
        if (s == MEIRO_OK && st.height > best->height) {
            free(best->text);
            meiro_mask_free(best->mask);
            *best = st;
        } else {
            free(st.text);
            meiro_mask_free(st.mask);
        }
    }
    return s;
}

/* Whether `set` (the text as set) breaks `text` between its words only:
 * at spaces and after hyphens (ZOË- / LI, not ZO / Ë- / LI), none of its
 * words cut. A text without such places has no words to cut. */
static bool at_spaces(const char *text, const char *set)
{
    if (!strpbrk(text, " -")) return true;
    /* letter by letter: the set text may be the text in capitals */
    for (const char *start = text; *set && *text; set = next_char(set)) {
        if (*set != '\n' || *text == '\n' || *text == ' ') /* a letter, a break of its own, */
            text = next_char(text);                         /* or a space become a break */
        else if (text == start || text[-1] != '-') return false; /* a break in a word */
    }
    return true;
}

/* The fewest cells tall the letters of `text` read at. */
static uint32_t legible_height(const char *text)
{
    bool lower = false;
    for (const char *p = text; *p; p = next_char(p)) {
        gunichar ch = lib_glib()->g_utf8_get_char(p);
        if (cjk_point(ch)) return LEGIBLE_CJK;
        lower = lower || lib_glib()->g_unichar_islower(ch);
    }
    return lower ? LEGIBLE_LOWER : LEGIBLE_CAPS;
}

/* The most rows of cells the page holds at the least cell: a bisection
 * over a one-column maze's height. */
static meiro_status page_rows(fit_ctx *c, meiro_error *err)
{
    uint32_t lo = 0, hi = 2048;
    meiro_status st = MEIRO_OK;
    while (lo < hi && st == MEIRO_OK) {
        uint32_t mid = lo + (hi - lo + 1) / 2;
        if (name_fits(1, mid, c->least, c->measure, &st, err))
            lo = mid;
        else hi = mid - 1;
    }
    c->rows = lo;
    return st;
}

/* Keeps the better of *a and *b in *a, frees the other: b where its
 * letters are markedly taller (a quarter: breaking a word between letters
 * must pay for itself), else a. */
static void keep_better(setting *a, setting *b)
{
    if (b->height * 4 > a->height * 5) {
        setting t = *a;
        *a = *b;
        *b = t;
    }
    free(b->text);
    meiro_mask_free(b->mask);
    memset(b, 0, sizeof *b);
}

/* The text set for one level, the first that reads of: as written, then
 * in capitals where small letters would not read; each in the regular face,
 * then the condensed. Each broken at spaces, or between letters where that
 * makes the letters markedly taller (HA / NA, not ANN L / EE WU). *best's
 * height 0 when none reads. */
static meiro_status set_for(const char *text, const char *lang, const meiro_level_desc *level,
                            double least, const page_measure *pm, text_memo *memo, setting *best,
                            meiro_error *err)
{
    fit_ctx c = {lang,      TEXT_FACE_REGULAR,
                 0,         0,
                 pm->format, pm->page,
                 least > 0 ? least : least_cell(level, pm->page, pm->format),
                 0,         pm,
                 memo};
    memset(best, 0, sizeof *best);
    meiro_status rows = page_rows(&c, err);
    if (rows != MEIRO_OK) return rows;
    char *caps = capitals(text);
    if (!caps) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    bool capitalise = strcmp(caps, text) != 0 && legible_height(caps) < legible_height(text);
    meiro_status s = MEIRO_OK;
    /* last, the block capitals, at the one height they are drawn for */
    for (int k = 0; k < 5 && s == MEIRO_OK; k++) {
        const char *t = k & 2 || k == 4 ? caps : text;
        if (k < 4 && (k & 2) && !capitalise) continue;
        c.face = k == 4 ? TEXT_FACE_BLOCK : k & 1 ? TEXT_FACE_NARROW : TEXT_FACE_REGULAR;
        c.shortest = k == 4 ? TEXT_BLOCK_ROWS : 0;
        c.tallest = k == 4 ? TEXT_BLOCK_ROWS : 0;
        setting split = {0};
        s = best_setting(&c, t, false, best, err);
        if (s == MEIRO_OK) s = best_setting(&c, t, true, &split, err);
        keep_better(best, &split);
        uint32_t legible = k == 4 ? TEXT_BLOCK_ROWS : legible_height(t);
        if (s == MEIRO_OK && best->height >= legible) break;
        free(best->text);
        meiro_mask_free(best->mask);
        memset(best, 0, sizeof *best);
    }
    free(caps);
    return s;
}

/* The text set for a level (set_for), and for a child up to 8 whose name
 * does not fit the level's cell (ALEXANDER at 4 on A4, CHRISTOPHER at 6):
 * the largest cell down to NAME_SHRINK of it, and no smaller than the next
 * level's, that sets it (*shrunk, in mm; 0: the level's own). A child
 * would rather have their whole name in slightly smaller cells than be
 * refused. */
static meiro_status set_shrinking(const char *text, const char *lang, const meiro_level_desc *level,
                                  meiro_format format, const meiro_export_options *page,
                                  const page_measure *pm, text_memo *memo, setting *best,
                                  double *shrunk, meiro_error *err)
{
    *shrunk = 0;
    meiro_status s = set_for(text, lang, level, 0, pm, memo, best, err);
    double least = least_cell(level, page, format), lowest = least * NAME_SHRINK;
    for (unsigned k = 0; k < MEIRO_LEVEL_COUNT; k++) {
        double next = meiro_level_info((meiro_level)k)->cell_mm;
        if (next < level->cell_mm && next > lowest) lowest = next;
    }
    bool young = level->cell_mm >= NAME_SHRINK_FROM;
    int step = 0; /* the steps down it took */
    while (young && s == MEIRO_OK && best->height == 0 && step < NAME_SHRINK_STEPS) {
        *shrunk = least - (least - lowest) * ++step / NAME_SHRINK_STEPS;
        s = set_for(text, lang, level, *shrunk, pm, memo, best, err);
    }
    /* a name of words broken inside one (ANN L / EE WU, ZO / Ë- / LI): a
     * step smaller may break it between its words */
    if (young && s == MEIRO_OK && best->height && !at_spaces(text, best->text))
        for (int j = step + 1; s == MEIRO_OK && j <= NAME_SHRINK_STEPS; j++) {
            setting other;
            double cell = least - (least - lowest) * j / NAME_SHRINK_STEPS;
            s = set_for(text, lang, level, cell, pm, memo, &other, err);
            bool words = s == MEIRO_OK && other.height && at_spaces(text, other.text);
            if (words) {
                setting t = *best;
                *best = other;
                other = t;
                *shrunk = cell;
            }
            free(other.text);
            meiro_mask_free(other.mask);
            if (words) break;
        }
    if (s != MEIRO_OK || best->height == 0) *shrunk = 0;
    if (s != MEIRO_OK) {
        free(best->text);
        meiro_mask_free(best->mask);
        memset(best, 0, sizeof *best);
    }
    return s;
}

/* The rest of meiro_text_mask_for_level, on the page measured once, the
 * texts drawn kept in memo. */
static meiro_status fit_for_level(const char *text, const char *lang, const meiro_level_desc *level,
                                  meiro_format format, const meiro_export_options *page,
                                  const page_measure *pm, text_memo *memo, uint8_t **mask,
                                  meiro_text_info *info, char **set_text, meiro_error *err)
{
    setting best;
    double shrunk, least = least_cell(level, page, format);
    meiro_status s = set_shrinking(text, lang, level, format, page, pm, memo, &best, &shrunk, err);
    if (s != MEIRO_OK) return s;
    if (best.height == 0) {
        /* the youngest age the text fits at, with its smaller cells (or
         * a little under them) */
        const meiro_level_desc *older = NULL;
        double older_shrunk = 0;
        for (unsigned k = 0; k < MEIRO_LEVEL_COUNT && !older && s == MEIRO_OK; k++) {
            const meiro_level_desc *l = meiro_level_info((meiro_level)k);
            if (l->cell_mm >= least) continue;
            setting st;
            s = set_shrinking(text, lang, l, format, page, pm, memo, &st, &older_shrunk, err);
            if (s == MEIRO_OK && st.height) older = l;
            free(st.text);
            meiro_mask_free(st.mask);
        }
        if (s != MEIRO_OK) return s;
        char ages[32], older_ages[32];
        ages_of(level, ages, sizeof ages);
        if (!older)
            return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                              N_("'%s' does not fit the page in letters tall enough to read with "
                                 "the %g mm cells %s need; a shorter text, or larger paper"),
                              text, least, ages);
        ages_of(older, older_ages, sizeof older_ages);
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                          older_shrunk > 0
                              ? N_("'%s' does not fit the page in letters tall enough to read "
                                   "with the %g mm cells %s need; with the %g mm cells of %s (a "
                                   "little under) it fits, or on larger paper")
                              : N_("'%s' does not fit the page in letters tall enough to read "
                                   "with the %g mm cells %s need; with the %g mm cells of %s it "
                                   "fits, or on larger paper"),
                          text, least, ages, older->cell_mm, older_ages);
    }
    if (shrunk > 0) {
        meiro_status ps = MEIRO_OK;
        double cell = name_cell(best.info.width, best.info.height, pm, &ps, err);
        if (ps != MEIRO_OK) {
            free(best.text);
            meiro_mask_free(best.mask);
            return ps;
        }
        char ages[32];
        fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                   N_("'%s' is set in cells of %.1f mm, a little under the %g mm %s need, to "
                      "fit the page; larger paper keeps %g mm"),
                   text, floor(cell * 10) / 10, least, ages_of(level, ages, sizeof ages), least);
    }
    *mask = best.mask;
    if (info) *info = best.info;
    if (set_text) *set_text = best.text; /* handed over */
    else free(best.text);
    return MEIRO_OK;
}

meiro_status meiro_text_mask_for_level(const char *text, const char *lang,
                                       const meiro_level_desc *level, meiro_format format,
                                       const meiro_export_options *page, uint8_t **mask,
                                       meiro_text_info *info, char **set_text, meiro_error *err)
{
    if (!mask) return fail(err, MEIRO_ERROR_ARGUMENT, "no place for the mask");
    *mask = NULL;
    if (set_text) *set_text = NULL;
    if (!level) {
        meiro_status s = meiro_text_mask(text, lang, 0, mask, info, err);
        if (s == MEIRO_OK && set_text && !(*set_text = copy_text(text))) {
            meiro_mask_free(*mask);
            *mask = NULL;
            return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        }
        return s;
    }
    /* the text's own errors first (empty, not UTF-8, no font), at its
     * default size */
    meiro_text_info probe;
    meiro_status s = meiro_text_mask(text, lang, 0, mask, &probe, err);
    meiro_mask_free(*mask);
    *mask = NULL;
    if (s != MEIRO_OK && s != MEIRO_ERROR_TOO_BIG) return s;
    if (err) memset(err, 0, sizeof *err); /* too long at that size: set smaller below */
    page_measure pm;
    text_memo memo = {0};
    s = measure_page(&pm, format, page, err);
    if (s == MEIRO_OK)
        s = fit_for_level(text, lang, level, format, page, &pm, &memo, mask, info, set_text, err);
    memo_free(&memo);
    return s;
}
