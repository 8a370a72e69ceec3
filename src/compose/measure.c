/* measured_width (measure.h): the measurer's fonts cached for the document
 * (or the canvas) that composes the page. */
#include "compose/measure.h"

#include "core/alloc.h"
#include "core/error.h"
#include "glyph/font.h"
#include "compose/line_breaks.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The families a page uses: the page's font and the marks' (regular and
 * bold), a template's own; more are measured without a cache. */
enum { MEASURE_FONTS = 6 };

struct measure_cache {
    struct {
        char *font;
        bool bold;
        glyph_fonts *fonts;
    } e[MEASURE_FONTS];
    size_t n;
};

void measure_cache_free(measure_cache *c)
{
    for (size_t i = 0; c && i < c->n; i++) {
        free(c->e[i].font);
        glyph_fonts_free(c->e[i].fonts);
    }
    free(c);
}

measure_cache *measure_cache_new(void) { return zalloc(1, sizeof(measure_cache)); }

void measure_share(canvas *cv, measure_cache *c)
{
    /* without memory for it, cv keeps (or makes) its own */
    if (c && !cv->measure) cv->measure = c;
}

/* The fonts of (font, bold); NULL when they cannot be had (err says why:
 * out of memory, or no font of the family found). */
static glyph_fonts *fonts_new(const char *font, bool bold, meiro_error *err)
{
    glyph_fonts *f = glyph_fonts_new(err);
    if (f) glyph_fonts_page(f);
    if (f && glyph_fonts_find(f, font, NULL, bold, err) != MEIRO_OK) {
        glyph_fonts_free(f);
        f = NULL;
    }
    return f;
}

/* Notes cv's sticky failure measuring, with its reason (err, else out of
 * memory), the first one kept: canvas_status says it. */
static void measure_fail(canvas *cv, const meiro_error *err)
{
    if (!cv->measure_failed && err && err->status != MEIRO_OK) cv->measure_err = *err;
    cv->measure_failed = true;
}

/* cv's cache, made on first use; NULL when it cannot be (cv then says so). */
static measure_cache *cache_of(canvas *cv)
{
    if (cv->measure || cv->measure_failed) return cv->measure;
    cv->measure = measure_cache_new();
    cv->own_measure = cv->measure != NULL;
    if (!cv->measure) measure_fail(cv, NULL);
    return cv->measure;
}

/* The fonts of (font, bold) cached in c; NULL when they cannot be had (err
 * says why; *own then says whether the caller frees what it got: the cache
 * is full). */
static glyph_fonts *fonts_of(measure_cache *c, const char *font, bool bold, bool *own,
                             meiro_error *err)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->e[i].bold == bold && strcmp(c->e[i].font, font) == 0) {
            *own = false;
            return c->e[i].fonts;
        }
    glyph_fonts *f = fonts_new(font, bold, err);
    size_t len = strlen(font);
    char *copy = c->n < MEASURE_FONTS && f ? alloc_array(len + 1, 1) : NULL;
    *own = copy == NULL;
    if (f && !copy && c->n < MEASURE_FONTS) { /* out of memory for the copy */
        glyph_fonts_free(f);
        f = NULL;
    }
    if (copy) {
        memcpy(copy, font, len + 1);
        c->e[c->n].font = copy;
        c->e[c->n].bold = bold;
        c->e[c->n++].fonts = f;
    }
    return f;
}

/* cv's fonts for (font, bold), or NULL with the canvas's measuring failed
 * (sticky); *own: not cached, the caller frees them. */
static glyph_fonts *canvas_fonts(canvas *cv, const char *font, bool bold, bool *own)
{
    *own = false;
    if (cv->measure_failed) return NULL;
    meiro_error err = {0};
    measure_cache *c = cache_of(cv);
    glyph_fonts *f = c ? fonts_of(c, font, bold, own, &err) : NULL;
    if (!f) measure_fail(cv, &err);
    return f;
}

/* A piece of text shaped: its advance, its ink (ems, y up; x0 > x1 without
 * ink), its line's ascent and descent (ems). */
typedef struct piece {
    double advance, x0, y0, x1, y1, ascent, descent;
} piece;

/* text[0..len) with U+FFFD for each cluster no face of f has (free it);
 * NULL without memory. */
static char *without_missing(glyph_fonts *f, const char *text, size_t len, size_t *out_len)
{
    char *copy = alloc_array(3 * len + 1, 1), *o = copy;
    for (const char *p = text, *end = text + len; copy && p < end;) {
        const char *q = glyph_cluster_end(p);
        if (q > end) q = end;
        if (glyph_fonts_cover(f, p, (size_t)(q - p), NULL)) {
            memcpy(o, p, (size_t)(q - p));
            o += q - p;
        } else {
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
        }
        p = q;
    }
    if (copy) *out_len = (size_t)(o - copy);
    return copy;
}

/* text[0..len) shaped in f into run (glyph_run_init first), U+FFFD for a
 * letter no font has; false when out of memory. A text even U+FFFD cannot
 * stand in for leaves the run empty. */
static bool shape_run(glyph_fonts *f, const char *text, size_t len, glyph_run *run)
{
    meiro_status s = glyph_shape(f, text, len, NULL, run, NULL);
    if (s == MEIRO_ERROR_ARGUMENT) { /* a letter no font has */
        glyph_run_free(run);
        size_t n = 0;
        char *copy = without_missing(f, text, len, &n);
        s = copy ? glyph_shape(f, copy, n, NULL, run, NULL) : MEIRO_ERROR_NOMEM;
        free(copy);
        if (s == MEIRO_ERROR_ARGUMENT) glyph_run_free(run);
    }
    return s == MEIRO_OK || s == MEIRO_ERROR_ARGUMENT;
}

/* text[0..len) shaped in f; false when out of memory. A text even U+FFFD
 * cannot stand in for measures nothing. */
static bool shape_piece(glyph_fonts *f, const char *text, size_t len, piece *out)
{
    glyph_run run;
    glyph_run_init(&run, true); /* its glyphs' faces give the line's height */
    bool ok = shape_run(f, text, len, &run);
    *out = (piece){run.advance, run.x0, run.y0, run.x1, run.y1, 0, 0};
    glyph_run_line(&run, &out->ascent, &out->descent);
    glyph_run_free(&run);
    return ok;
}

/* A text being set: where its lines go. */
typedef struct setter {
    glyph_fonts *fonts;
    const char *text;
    double size, width;
    text_set *out;
    bool failed; /* out of memory */
} setter;

/* The advance of bytes [a, b) of the text, mm. */
static double span(setter *st, size_t a, size_t b)
{
    piece pc;
    if (!shape_piece(st->fonts, st->text + a, b - a, &pc)) st->failed = true;
    return pc.advance * st->size;
}

/* Box (left, top, width, height) b grown to hold a, unless a is empty. */
static void box_union(double *b, const double *a)
{
    if (a[2] <= 0 && a[3] <= 0) return;
    if (b[2] <= 0 && b[3] <= 0) {
        memcpy(b, a, 4 * sizeof *b);
        return;
    }
    double x1 = fmax(b[0] + b[2], a[0] + a[2]), y1 = fmax(b[1] + b[3], a[1] + a[3]);
    b[0] = fmin(b[0], a[0]);
    b[1] = fmin(b[1], a[1]);
    b[2] = x1 - b[0];
    b[3] = y1 - b[1];
}

/* Bytes [a, b) of the text as the next line, under the others. */
static void emit(setter *st, size_t a, size_t b)
{
    piece pc;
    if (!shape_piece(st->fonts, st->text + a, b - a, &pc)) st->failed = true;
    text_set *o = st->out;
    double k = st->size, w = pc.advance * k;
    set_line l = {a, b - a, st->width > 0 ? (st->width - w) / 2 : 0, o->height, w, 0, {0}};
    l.baseline = l.top + pc.ascent * k;
    if (pc.x1 >= pc.x0)
        memcpy(l.ink, (double[]){l.x + pc.x0 * k, l.baseline - pc.y1 * k, (pc.x1 - pc.x0) * k,
                                 (pc.y1 - pc.y0) * k}, sizeof l.ink);
    if (o->lines == 0) {
        o->x = l.x;
        o->width = w;
        o->baseline = l.baseline;
    } else {
        double right = fmax(o->x + o->width, l.x + w);
        o->x = fmin(o->x, l.x);
        o->width = right - o->x;
    }
    o->height += (pc.ascent + pc.descent) * k;
    box_union(o->ink, l.ink);
    if (o->lines < SET_LINES) o->line[o->lines] = l;
    o->lines++;
}

/* Where a word [a, end) too wide for the line breaks first: the last break
 * kinsoku allows that leaves [a, k) within the width, else the first one
 * (end without any). */
static size_t word_break(setter *st, size_t a, size_t end)
{
    size_t first = end, fits = end;
    bool found = false;
    const char *p = st->text + a;
    uint32_t before = glyph_next_code_point(&p);
    for (const char *q = glyph_cluster_end(st->text + a); q < st->text + end;) {
        const char *r = q;
        uint32_t after = glyph_next_code_point(&r);
        size_t k = (size_t)(q - st->text);
        if (line_break_between(before, after)) {
            if (first == end) first = k;
            if (span(st, a, k) > st->width) break;
            fits = k;
            found = true;
        }
        const char *next = glyph_cluster_end(q);
        for (const char *c = q; c < next;) before = glyph_next_code_point(&c);
        q = next;
    }
    return found ? fits : first;
}

/* The byte after the word that starts at a (a space or the end). */
static size_t word_end(const char *text, size_t a)
{
    const char *p = text + a;
    while (*p) {
        const char *q = p;
        if (line_space(glyph_next_code_point(&q))) break;
        p = q;
    }
    return (size_t)(p - text);
}

/* The words of the text in lines: each word on the line before if it fits
 * there, else on a line of its own; one too wide for a line broken where
 * it fits when in_words. */
static void set_lines(setter *st, bool in_words)
{
    size_t ls = SIZE_MAX, le = 0, n = strlen(st->text); /* the line so far: [ls, le) */
    for (size_t a = 0; a < n && !st->failed;) {
        const char *p = st->text + a;
        if (line_space(glyph_next_code_point(&p))) {
            a = (size_t)(p - st->text);
            continue;
        }
        size_t we = word_end(st->text, a);
        if (ls != SIZE_MAX && span(st, ls, we) <= st->width) {
            le = we;
        } else {
            if (ls != SIZE_MAX) emit(st, ls, le);
            ls = a, le = we;
            while (in_words && !st->failed && span(st, ls, le) > st->width) {
                size_t k = word_break(st, ls, le);
                if (k == le) break;
                emit(st, ls, k);
                ls = k;
            }
        }
        a = we;
    }
    if (ls != SIZE_MAX) emit(st, ls, le);
}

void text_set_out(canvas *cv, const char *text, const char *font, bool bold, double size,
                  double width, bool in_words, text_set *out)
{
    *out = (text_set){0};
    bool own;
    setter st = {canvas_fonts(cv, font, bold, &own), text, size, width, out, false};
    if (!st.fonts) return;
    if (width > 0) set_lines(&st, in_words);
    else emit(&st, 0, strlen(text));
    if (own) glyph_fonts_free(st.fonts);
    if (st.failed) {
        measure_fail(cv, NULL);
        *out = (text_set){0};
    }
}

int text_missing(canvas *cv, const char *text, const char *font, bool bold)
{
    bool own;
    glyph_fonts *f = canvas_fonts(cv, font, bold, &own);
    if (!f) return 0;
    int n = 0;
    for (const char *p = text; *p;) {
        const char *q = glyph_cluster_end(p);
        n += !glyph_fonts_cover(f, p, (size_t)(q - p), NULL);
        p = q;
    }
    if (own) glyph_fonts_free(f);
    return n;
}

bool text_shape(canvas *cv, const char *text, size_t len, const char *font, bool bold,
                glyph_run *run)
{
    bool own;
    glyph_fonts *f = canvas_fonts(cv, font, bold, &own);
    if (!f) return false;
    if (own) { /* a run's glyphs point to its faces: fonts not cached would go with them */
        glyph_fonts_free(f);
        meiro_error err = {0};
        fail(&err, MEIRO_ERROR_INTERNAL, "a page's texts in more than %d fonts", MEASURE_FONTS);
        measure_fail(cv, &err);
        return false;
    }
    if (shape_run(f, text, len, run)) return true;
    measure_fail(cv, NULL);
    return false;
}

double measured_width(canvas *cv, const char *text, const char *font, bool bold, double size)
{
    text_set set;
    text_set_out(cv, text, font, bold, size, 0, false, &set);
    return set.width;
}

bool measure_ok(const canvas *cv) { return !cv->measure_failed; }
