/* The masks of names (text_mask.h): each letter shaped by HarfBuzz in the
 * first font that has it, its glyphs' outlines (FreeType) filled and
 * thickened by a round pen, sampled by meiro's rasteriser (raster.h) in
 * the letter's own columns; or block capitals, cell by cell. */
#include "glyph/text_mask.h"

#include "core/alloc.h"
#include "core/error.h"
#include "core/utf8.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_GAP 1u       /* empty columns between letters */
#define TEXT_SPACE_GAP 3u /* ... and where the text has a space */

/* The outlines are thickened by stroking them with a line this wide, in
 * cells: strokes of the regular weight come out about 3 cells wide at the
 * default heights, wide enough for corridors, and the gaps between strokes
 * (the counters of a, e, the strokes of kanji) stay open, which bold
 * outlines thickened as much would fill. */
#define TEXT_STROKE 1.3

static bool is_cjk(uint32_t cp)
{
    return (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) ||
           (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff00 && cp <= 0xffef) ||
           (cp >= 0x20000 && cp <= 0x3ffff) || (cp >= 0x1100 && cp <= 0x11ff);
}

/* The cell of a letter's columns that lies deepest inside (the most
 * rings of inside cells around it, up to 2), nearest its middle. */
static meiro_cell deep_cell(const uint8_t *m, uint32_t width, uint32_t height, uint32_t x0,
                            uint32_t x1)
{
    meiro_cell best = {x0, 0};
    int best_depth = -1;
    double best_d = 0, mx = (x0 + x1) / 2.0, my = (height - 1) / 2.0;
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = x0; x <= x1; x++) {
            if (!m[(size_t)y * width + x]) continue;
            int depth = 0;
            for (int r = 1; r <= 2 && depth == r - 1; r++) {
                bool all = true;
                for (int dy = -r; dy <= r && all; dy++)
                    for (int dx = -r; dx <= r && all; dx++) {
                        long xx = (long)x + dx, yy = (long)y + dy;
                        all = xx >= 0 && yy >= 0 && xx < (long)width && yy < (long)height &&
                              m[(size_t)yy * width + (size_t)xx];
                    }
                if (all) depth = r;
            }
            double d = (x - mx) * (x - mx) + (y - my) * (y - my);
            if (depth > best_depth || (depth == best_depth && d < best_d)) {
                best = (meiro_cell){x, y};
                best_depth = depth;
                best_d = d;
            }
        }
    }
    return best;
}

/* The text checked (UTF-8, lines of letters) and its height (0: the default for
 * its letters); whether it has kana, kanji or hangul. */
static meiro_status text_mask_check(const char *text, uint32_t *height, bool *cjk, meiro_error *err)
{
    if (!text || !text[0])
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                          "the text is empty: give the letters to draw");
    size_t len = strlen(text), bad = utf8_check(text, len);
    if (bad < len)
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                          "the text is not valid UTF-8 (byte %zu, counted from 1)", bad + 1);
    bool lower = false;
    *cjk = false;
    for (const char *p = text; *p;) {
        size_t at = (size_t)(p - text);
        uint32_t cp = glyph_next_code_point(&p);
        if (cp == '\n' && (at == 0 || !*p || *p == '\n'))
            return fail_field(
                err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                "the text has an empty line (byte %zu): a line break goes between letters", at + 1);
        if (cp != '\n' && (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)))
            return fail_field(
                err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                "the text has a control character (byte %zu): letters and line breaks only",
                at + 1);
        *cjk = *cjk || is_cjk(cp);
        lower = lower || glyph_is_lower(cp);
    }
    if (*height == 0)
        *height = *cjk    ? MEIRO_TEXT_HEIGHT_CJK
                  : lower ? MEIRO_TEXT_HEIGHT_LOWER
                          : MEIRO_TEXT_HEIGHT;
    if (*height < MEIRO_TEXT_HEIGHT_MIN || *height > MEIRO_MAX_SIDE)
        return fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                          "a text %u cells tall cannot be drawn: %u to %u cells", (unsigned)*height,
                          MEIRO_TEXT_HEIGHT_MIN, MEIRO_MAX_SIDE);
    return MEIRO_OK;
}

/* One letter (a grapheme cluster) with ink: its glyphs, shaped alone as a
 * letter written by itself, and where it goes in the grid. */
typedef struct letter {
    glyph_run run;
    double x0, x1, top, bottom; /* ink in ems; top and bottom down from the baseline */
    uint32_t column, columns;   /* where it goes in the grid */
    double shift_x, shift_y;    /* ems to cells: x * k + shift */
} letter;

/* The letters of a text in reading order: one for each grapheme cluster
 * with ink (a word, in a script that joins its letters), and the columns
 * before each (one between letters, a space's three); a right-to-left
 * text's are laid out from the right. */
typedef struct letters {
    letter *g;
    uint32_t *gap_before;
    size_t n;
    bool rtl;
} letters;

/* Whether the cluster start..end is only spaces and invisible marks. */
static bool blank_cluster(const char *start, const char *end)
{
    bool blank = true;
    for (const char *p = start; blank && p < end;) blank = glyph_is_blank(glyph_next_code_point(&p));
    return blank;
}

/* Whether the cluster start..end is punctuation a name leaves out alone. */
static bool punctuation_cluster(const char *start, const char *end)
{
    bool all = true;
    for (const char *p = start; all && p < end;) all = glyph_drops(glyph_next_code_point(&p));
    return all;
}

static size_t code_points(const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p; n++) glyph_next_code_point(&p);
    return n;
}

static meiro_status text_letters(glyph_fonts *fonts, const char *lang, const char *text,
                                 letters *out, meiro_error *err)
{
    size_t n_chars = code_points(text);
    letter *g = out->g = zalloc(n_chars + 1, sizeof *g);
    uint32_t *gap_before = out->gap_before = zalloc(n_chars + 1, sizeof *gap_before);
    if (!g || !gap_before) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    meiro_status s = MEIRO_OK;
    size_t n = 0;
    uint32_t pending_gap = 0; /* spaces since the last letter */
    out->rtl = glyph_rtl(text);
    for (const char *start = text; s == MEIRO_OK && *start;) {
        const char *end = glyph_cluster_end(start);
        if (punctuation_cluster(start, end) || blank_cluster(start, end)) {
            if (n > 0 && blank_cluster(start, end)) pending_gap = TEXT_SPACE_GAP;
            start = end;
            continue;
        }
        /* joined letters stay joined: the word, shaped whole */
        const char *p = start;
        if (glyph_joins(glyph_next_code_point(&p)))
            for (const char *next; *end && !punctuation_cluster(end, next = glyph_cluster_end(end)) &&
                                   !blank_cluster(end, next);)
                end = next;
        letter *l = &g[n];
        glyph_run_init(&l->run, true);
        s = glyph_shape(fonts, start, (size_t)(end - start), lang, &l->run, err);
        if (s == MEIRO_OK && l->run.x1 <= l->run.x0)
            s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                           "the letter '%.*s' has no outline to draw (a colour emoji?)",
                           (int)(end - start), start);
        if (s != MEIRO_OK) {
            glyph_run_free(&l->run);
            break;
        }
        l->x0 = l->run.x0;
        l->x1 = l->run.x1;
        l->top = -l->run.y1;
        l->bottom = -l->run.y0;
        gap_before[n] = n == 0 ? 0 : pending_gap ? pending_gap : TEXT_GAP;
        pending_gap = 0;
        n++;
        start = end;
    }
    out->n = n;
    if (s == MEIRO_OK && n == 0)
        s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                       "the text '%s' has no letters to draw (only spaces and punctuation)", text);
    return s;
}

/* One scale for all: the ink of the whole text (top to bottom, over all
 * its lines) `height` cells tall; each letter's columns; *k the scale,
 * *width the line's columns. */
static meiro_status text_columns(letters *t, uint32_t height, double stroke, double top,
                                 double bottom, double *k, uint64_t *width, meiro_error *err)
{
    letter *g = t->g;
    *k = (height - stroke) / (bottom - top);
    *width = 0;
    for (size_t v = 0; v < t->n && *width <= MEIRO_MAX_SIDE; v++) {
        /* from the left: the first letter, or a right-to-left text's last;
         * the gap before a letter is the one after it then */
        size_t i = t->rtl ? t->n - 1 - v : v;
        double w = (g[i].x1 - g[i].x0) * *k + stroke;
        uint32_t cols = (uint32_t)fmax(1, floor(w + 0.5));
        *width += t->rtl ? (v ? t->gap_before[i + 1] : 0) : t->gap_before[i];
        g[i].column = (uint32_t)*width;
        g[i].columns = cols;
        g[i].shift_x = g[i].column + (cols - w) / 2 + stroke / 2 - g[i].x0 * *k;
        g[i].shift_y = stroke / 2 - top * *k;
        *width += cols;
    }
    if (*width > MEIRO_MAX_SIDE || *width * height > MEIRO_MAX_CELLS)
        return fail_field(
            err, MEIRO_FIELD_TEXT, MEIRO_ERROR_TOO_BIG,
            "the text is too long: %s%llu cells across at %u cells tall, at most %u (a shorter text or a "
            "smaller height)",
            *width > MEIRO_MAX_SIDE ? "more than " : "", (unsigned long long)*width,
            (unsigned)height, MEIRO_MAX_SIDE);
    return MEIRO_OK;
}

/* The letters that kept cells, and the grid trimmed to them (the mask
 * moved in place); info says where they are. */
static meiro_status text_trim(uint8_t *m, uint32_t width, uint32_t height, const letters *t,
                              const char *text, meiro_text_info *info, meiro_error *err)
{
    size_t first = t->n, kept = 0;
    uint32_t lo = UINT32_MAX, hi = 0, first_lo = 0, first_hi = 0, last_lo = 0, last_hi = 0;
    for (size_t i = 0; i < t->n; i++) {
        uint32_t a = UINT32_MAX, b = 0;
        for (uint32_t x = t->g[i].column; x < t->g[i].column + t->g[i].columns; x++)
            for (uint32_t y = 0; y < height; y++)
                if (m[(size_t)y * width + x]) {
                    if (x < a) a = x;
                    b = x;
                    break;
                }
        if (a == UINT32_MAX) continue;
        kept++;
        if (first == t->n) first = i, first_lo = a, first_hi = b;
        last_lo = a, last_hi = b;
        if (a < lo) lo = a;
        if (b > hi) hi = b;
    }
    uint64_t inside = raster_inside(m, (size_t)width * height);
    if (kept == 0 || inside < 2)
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                          "the text '%s' leaves %s at %u cells tall; use a larger height", text,
                          inside == 1 ? "1 cell" : "no cells", (unsigned)height);
    uint32_t w2 = hi - lo + 1;
    if (w2 < width) { /* drop the empty columns at both ends */
        for (uint32_t y = 0; y < height; y++)
            memmove(m + (size_t)y * w2, m + (size_t)y * width + lo, w2);
    }
    if (!info) return MEIRO_OK;
    info->width = w2;
    info->height = height;
    info->letters = (uint32_t)kept;
    info->first_x0 = first_lo - lo;
    info->first_x1 = first_hi - lo;
    info->last_x0 = last_lo - lo;
    info->last_x1 = last_hi - lo;
    /* one letter: S in its left half, G in its right one */
    uint32_t mid = (info->first_x0 + info->first_x1) / 2;
    bool one = kept == 1 && info->first_x1 > info->first_x0;
    /* one letter (or word): S in the half its reading starts from */
    uint32_t s0 = one && t->rtl ? mid + 1 : info->first_x0, s1 = one && !t->rtl ? mid : info->first_x1;
    uint32_t g0 = one && !t->rtl ? mid + 1 : info->last_x0, g1 = one && t->rtl ? mid : info->last_x1;
    info->first = deep_cell(m, w2, height, s0, s1);
    info->last = deep_cell(m, w2, height, g0, g1);
    return MEIRO_OK;
}

/* Lines stand this many empty rows apart (the maze bridges them). */
#define TEXT_LINE_GAP 1u

/* One line of the text: its letters, its mask trimmed to them, where they
 * lie. */
typedef struct text_line {
    letters t;
    uint8_t *m;
    meiro_text_info info;
} text_line;

static void text_lines_free(text_line *lines, size_t count)
{
    for (size_t l = 0; lines && l < count; l++) {
        for (size_t i = 0; lines[l].t.g && i < lines[l].t.n; i++) glyph_run_free(&lines[l].t.g[i].run);
        free(lines[l].t.g);
        free(lines[l].t.gap_before);
        free(lines[l].m);
    }
    free(lines);
}

/* Letter g's glyphs, filled and stroked, into its columns of mask m. */
static meiro_status letter_mask(const letter *g, double k, double stroke, uint8_t *m,
                                uint32_t width, uint32_t height, meiro_error *err)
{
    const double map[6] = {k, 0, 0, -k, g->shift_x, g->shift_y}; /* ems, y up, to cells */
    pen_path *parts = zalloc(g->run.count ? g->run.count : 1, sizeof *parts);
    if (!parts) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    size_t n = 0;
    for (size_t i = 0; i < g->run.count; i++) {
        pen_init(&parts[n], map, stroke);
        if (glyph_outline(&g->run.items[i], &parts[n])) n++;
        else pen_free(&parts[n]);
    }
    meiro_status s = raster_fill(parts, n, raster_samples((uint64_t)width * height), m, width,
                                 g->column, 0, g->columns, height, err);
    for (size_t i = 0; i < n; i++) pen_free(&parts[i]);
    free(parts);
    return s;
}

/* Draws line `l` at scale (top, bottom): its mask and info. */
static meiro_status text_line_mask(text_line *line, const char *text, uint32_t height, double top,
                                   double bottom, meiro_error *err)
{
    double stroke = TEXT_STROKE, k = 0;
    uint64_t width = 0;
    meiro_status s = text_columns(&line->t, height, stroke, top, bottom, &k, &width, err);
    if (s == MEIRO_OK) {
        line->m = zalloc((size_t)width * height, 1);
        if (!line->m)
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %llu x %u mask",
                     (unsigned long long)width, (unsigned)height);
    }
    for (size_t i = 0; i < line->t.n && s == MEIRO_OK; i++)
        s = letter_mask(&line->t.g[i], k, stroke, line->m, (uint32_t)width, height, err);
    if (s == MEIRO_OK)
        s = text_trim(line->m, (uint32_t)width, height, &line->t, text, &line->info, err);
    return s;
}

/* The lines, each centred, `gap` rows apart, into one mask; S in
 * the first line's first letter, G in the last line's last. */
static meiro_status text_stack(const text_line *lines, size_t count, uint32_t height, uint32_t gap,
                               uint8_t **mask, meiro_text_info *info, meiro_error *err)
{
    uint64_t w = 0, h = (uint64_t)count * height + (count - 1) * gap;
    for (size_t l = 0; l < count; l++) w = lines[l].info.width > w ? lines[l].info.width : w;
    if (h > MEIRO_MAX_SIDE || w * h > MEIRO_MAX_CELLS)
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_TOO_BIG,
                          "the text is too long: %llu x %llu cells, at most %u across and down",
                          (unsigned long long)w, (unsigned long long)h, MEIRO_MAX_SIDE);
    uint8_t *m = zalloc((size_t)(w * h), 1);
    if (!m)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %llu x %llu mask",
                    (unsigned long long)w, (unsigned long long)h);
    uint32_t x_first = 0, x_last = 0, y_last = 0;
    for (size_t l = 0; l < count; l++) {
        const meiro_text_info *li = &lines[l].info;
        uint32_t dx = (uint32_t)(w - li->width) / 2, dy = (uint32_t)l * (height + gap);
        for (uint32_t y = 0; y < height; y++)
            memcpy(m + (size_t)(dy + y) * w + dx, lines[l].m + (size_t)y * li->width, li->width);
        if (l == 0) x_first = dx;
        x_last = dx, y_last = dy;
    }
    *mask = m;
    if (!info) return MEIRO_OK;
    const meiro_text_info *a = &lines[0].info, *b = &lines[count - 1].info;
    *info = *a;
    info->width = (uint32_t)w;
    info->height = (uint32_t)h;
    info->letters = 0;
    for (size_t l = 0; l < count; l++) info->letters += lines[l].info.letters;
    info->first_x0 = a->first_x0 + x_first;
    info->first_x1 = a->first_x1 + x_first;
    info->last_x0 = b->last_x0 + x_last;
    info->last_x1 = b->last_x1 + x_last;
    info->first = (meiro_cell){a->first.x + x_first, a->first.y};
    info->last = (meiro_cell){b->last.x + x_last, b->last.y + y_last};
    return MEIRO_OK;
}

/* ---- Block capitals --------------------------------------------------- */

/* Capitals, digits and the hyphen for letters 7 cells tall, where a font's
 * letters fill up: upright strokes two cells wide (a corridor with turns in
 * each), counters a cell wide (A, B, 8 keep their holes), the shapes of
 * the printed capitals children learn first. Checked by test_child's
 * recognition, letter against letter. */
typedef struct block_glyph {
    char c;
    const char *rows[TEXT_BLOCK_ROWS];
} block_glyph;

static const block_glyph block_glyphs[] = {
    {'A', {"..##..", ".####.", ".#..#.", "##..##", "######", "##..##", "##..##"}},
    {'B', {"####.", "##.##", "##.##", "####.", "##.##", "##.##", "####."}},
    {'C', {".####", "##...", "##...", "##...", "##...", "##...", ".####"}},
    {'D', {"####.", "##.##", "##.##", "##.##", "##.##", "##.##", "####."}},
    {'E', {"####", "##..", "##..", "###.", "##..", "##..", "####"}},
    {'F', {"####", "##..", "##..", "###.", "##..", "##..", "##.."}},
    {'G', {".####", "##...", "##...", "##.##", "##.##", "##.##", ".####"}},
    {'H', {"##.##", "##.##", "##.##", "#####", "##.##", "##.##", "##.##"}},
    {'I', {"##", "##", "##", "##", "##", "##", "##"}},
    {'J', {"...##", "...##", "...##", "...##", "...##", "##.##", ".###."}},
    {'K', {"##.##", "##.##", "####.", "###..", "####.", "##.##", "##.##"}},
    {'L', {"##..", "##..", "##..", "##..", "##..", "##..", "####"}},
    {'M', {"##...##", "###.###", "#######", "##.#.##", "##...##", "##...##", "##...##"}},
    {'N', {"##...##", "###..##", "####.##", "##.####", "##..###", "##...##", "##...##"}},
    {'O', {".###.", "##.##", "##.##", "##.##", "##.##", "##.##", ".###."}},
    {'P', {"####.", "##.##", "##.##", "####.", "##...", "##...", "##..."}},
    {'Q', {".###..", "##.##.", "##.##.", "##.##.", "##.##.", ".####.", "...###"}},
    {'R', {"####.", "##.##", "##.##", "####.", "##.##", "##.##", "##.##"}},
    {'S', {".####", "##...", "##...", ".###.", "...##", "...##", "####."}},
    {'T', {"######", "..##..", "..##..", "..##..", "..##..", "..##..", "..##.."}},
    {'U', {"##.##", "##.##", "##.##", "##.##", "##.##", "##.##", ".###."}},
    {'V', {"##.##", "##.##", "##.##", "##.##", "##.##", ".###.", "..#.."}},
    {'W', {"##...##", "##...##", "##...##", "##.#.##", "#######", "###.###", "##...##"}},
    {'X', {"##..##", "##..##", ".####.", "..##..", ".####.", "##..##", "##..##"}},
    {'Y', {"##..##", "##..##", ".####.", "..##..", "..##..", "..##..", "..##.."}},
    {'Z', {"######", "....##", "...##.", "..##..", ".##...", "##....", "######"}},
    {'0', {".###.", "##.##", "##.##", "##.##", "##.##", "##.##", ".###."}},
    {'1', {".##.", "###.", ".##.", ".##.", ".##.", ".##.", "####"}},
    {'2', {".###.", "##.##", "...##", "..##.", ".##..", "##...", "#####"}},
    {'3', {"####.", "...##", "...##", ".###.", "...##", "...##", "####."}},
    {'4', {"##.##", "##.##", "##.##", "#####", "...##", "...##", "...##"}},
    {'5', {"#####", "##...", "####.", "...##", "...##", "##.##", ".###."}},
    {'6', {".###.", "##...", "##...", "####.", "##.##", "##.##", ".###."}},
    {'7', {"#####", "...##", "...##", "..##.", "..##.", ".##..", ".##.."}},
    {'8', {".###.", "##.##", "##.##", ".###.", "##.##", "##.##", ".###."}},
    {'9', {".###.", "##.##", "##.##", ".####", "...##", "...##", ".###."}},
    {'-', {"...", "...", "...", "###", "...", "...", "..."}},
};

/* The block letter of cp: an accented letter as its plain one (a mark
 * above 7 rows has no room: ZOE-LI for Zoë-Li), NULL for none. */
static const block_glyph *block_glyph_of(uint32_t cp)
{
    cp = glyph_base_letter(cp);
    if (cp >= 'a' && cp <= 'z') cp -= 'a' - 'A';
    for (size_t i = 0; i < sizeof block_glyphs / sizeof *block_glyphs; i++)
        if ((uint32_t)block_glyphs[i].c == cp) return &block_glyphs[i];
    return NULL;
}

/* Empty columns between block letters, and rows between their lines:
 * two, as one reads as one more corridor of the maze and the letters run
 * together. */
#define TEXT_BLOCK_GAP 2u

/* One line of text in block capitals, TEXT_BLOCK_ROWS tall. */
static meiro_status block_line(text_line *line, const char *text, uint32_t height, meiro_error *err)
{
    size_t n = code_points(text);
    letter *g = line->t.g = zalloc(n + 1, sizeof *g);
    uint32_t *gap = line->t.gap_before = zalloc(n + 1, sizeof *gap);
    const block_glyph **bg = zalloc(n + 1, sizeof *bg);
    if (!g || !gap || !bg) {
        free(bg);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    meiro_status s = MEIRO_OK;
    uint64_t width = 0;
    uint32_t pending = 0;
    size_t k = 0;
    for (const char *p = text; *p;) {
        const char *at = p;
        uint32_t cp = glyph_next_code_point(&p);
        if (cp == ' ') {
            if (k) pending = TEXT_SPACE_GAP;
            continue;
        }
        /* left out as the font's letters leave them (an accent written
         * apart from its letter goes with it) */
        if (glyph_drops(cp) || glyph_is_mark(cp)) continue;
        if (!(bg[k] = block_glyph_of(cp))) {
            s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                           "the block capitals have no letter '%.*s'", (int)(p - at), at);
            break;
        }
        width += k == 0 ? 0 : pending ? pending : TEXT_BLOCK_GAP;
        pending = 0;
        g[k].column = (uint32_t)width;
        g[k].columns = (uint32_t)strlen(bg[k]->rows[0]);
        width += g[k].columns;
        k++;
    }
    line->t.n = k;
    if (s == MEIRO_OK && k == 0)
        s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                       "the text '%s' has no letters to draw (only spaces and punctuation)", text);
    if (s == MEIRO_OK && (width > MEIRO_MAX_SIDE || width * height > MEIRO_MAX_CELLS))
        s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_TOO_BIG,
                       "the text is too long: %llu cells across, at most %u",
                       (unsigned long long)width, MEIRO_MAX_SIDE);
    if (s == MEIRO_OK && !(line->m = zalloc((size_t)width * height, 1)))
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t i = 0; i < k && s == MEIRO_OK; i++)
        for (uint32_t y = 0; y < height; y++) {
            const char *row = bg[i]->rows[y];
            for (uint32_t x = 0; x < g[i].columns; x++)
                line->m[(size_t)y * width + g[i].column + x] = row[x] == '#';
        }
    free(bg);
    if (s != MEIRO_OK) return s;
    return text_trim(line->m, (uint32_t)width, height, &line->t, text, &line->info, err);
}

/* The text in block capitals, its lines stacked as the font's are. */
static meiro_status block_mask(const char *text, uint32_t height, uint8_t **mask,
                               meiro_text_info *info, meiro_error *err)
{
    if (height != TEXT_BLOCK_ROWS)
        return fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                          "block capitals %u cells tall cannot be drawn: %u only", (unsigned)height,
                          TEXT_BLOCK_ROWS);
    size_t count = 1, len = strlen(text);
    for (const char *p = text; *p; p++) count += *p == '\n';
    text_line *lines = zalloc(count, sizeof *lines);
    char *copy = alloc_array(len + 1, 1);
    meiro_status s = MEIRO_OK;
    if (!lines || !copy) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    else memcpy(copy, text, len + 1);
    char *line = copy;
    for (size_t l = 0; l < count && s == MEIRO_OK; l++) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        s = block_line(&lines[l], line, height, err);
        if (end) line = end + 1;
    }
    if (s == MEIRO_OK) s = text_stack(lines, count, height, TEXT_BLOCK_GAP, mask, info, err);
    text_lines_free(lines, count);
    free(copy);
    return s;
}

/* The fonts of a text in a face: those given, or fontconfig's for it. */
static glyph_fonts *fonts_for(text_face face, const char *lang, meiro_error *err)
{
    glyph_fonts *f = glyph_fonts_new(err);
    if (f && glyph_fonts_find(f, face == TEXT_FACE_NARROW ? TEXT_FONT_NARROW : TEXT_FONT, lang, false, err) !=
                 MEIRO_OK) {
        glyph_fonts_free(f);
        f = NULL;
    }
    return f;
}

meiro_status glyph_text_mask(glyph_fonts *fonts, const char *text, const char *lang,
                             uint32_t height, text_face face, uint8_t **mask,
                             meiro_text_info *info, meiro_error *err)
{
    if (!mask) return fail(err, MEIRO_ERROR_ARGUMENT, "no place for the mask");
    *mask = NULL;
    if (info) memset(info, 0, sizeof *info);
    bool cjk = false;
    meiro_status s = text_mask_check(text, &height, &cjk, err);
    if (s != MEIRO_OK) return s;
    if (face == TEXT_FACE_BLOCK) return block_mask(text, height, mask, info, err);
    /* a language always, else the fonts' order would choose the forms of kanji */
    const char *language = lang && lang[0] ? lang : cjk ? "ja" : "en";
    glyph_fonts *own = fonts ? NULL : fonts_for(face, language, err);
    if (!fonts && !own) return err ? err->status : MEIRO_ERROR_NOMEM;
    size_t count = 1;
    for (const char *p = text; *p; p++) count += *p == '\n';
    text_line *lines = zalloc(count, sizeof *lines);
    size_t len = strlen(text);
    char *copy = alloc_array(len + 1, 1);
    if (!lines || !copy) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    else memcpy(copy, text, len + 1);
    /* the letters of every line first: one scale for all of them */
    double top = INFINITY, bottom = -INFINITY;
    char *line = copy;
    for (size_t l = 0; l < count && s == MEIRO_OK; l++) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        s = text_letters(fonts ? fonts : own, language, line, &lines[l].t, err);
        for (size_t i = 0; s == MEIRO_OK && i < lines[l].t.n; i++) {
            top = fmin(top, lines[l].t.g[i].top);
            bottom = fmax(bottom, lines[l].t.g[i].bottom);
        }
        if (end) line = end + 1;
    }
    line = copy;
    for (size_t l = 0; l < count && s == MEIRO_OK; l++) {
        s = text_line_mask(&lines[l], line, height, top, bottom, err);
        line += strlen(line) + 1;
    }
    if (s == MEIRO_OK) s = text_stack(lines, count, height, TEXT_LINE_GAP, mask, info, err);
    text_lines_free(lines, count);
    free(copy);
    glyph_fonts_free(own);
    return s;
}
