/* measured_width (measure.h): the measurer's fonts cached for the document
 * (or the canvas) that composes the page. */
#include "draw/measure.h"

#include "core/alloc.h"
#include "glyph/font.h"
#include "draw/draw.h"

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
    bool failed; /* out of memory once */
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

static glyph_fonts *fonts_new(const char *font, bool bold)
{
    glyph_fonts *f = glyph_fonts_new(NULL);
    if (f && glyph_fonts_find(f, font, NULL, bold, NULL) != MEIRO_OK) {
        glyph_fonts_free(f);
        f = NULL;
    }
    return f;
}

/* cv's cache, made on first use; NULL when it cannot be (cv then says so). */
static measure_cache *cache_of(canvas *cv)
{
    if (cv->measure) return cv->measure->failed ? NULL : cv->measure;
    if (cv->measure_failed) return NULL;
    cv->measure = measure_cache_new();
    cv->own_measure = cv->measure != NULL;
    cv->measure_failed = cv->measure == NULL;
    return cv->measure;
}

/* The fonts of (font, bold) cached in c; NULL when out of memory (*own then
 * says whether the caller frees what it got: the cache is full). */
static glyph_fonts *fonts_of(measure_cache *c, const char *font, bool bold, bool *own)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->e[i].bold == bold && strcmp(c->e[i].font, font) == 0) {
            *own = false;
            return c->e[i].fonts;
        }
    glyph_fonts *f = fonts_new(font, bold);
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

double measured_width(canvas *cv, const char *text, const char *font, bool bold, double size)
{
    bool own = false;
    measure_cache *c = cache_of(cv);
    glyph_fonts *f = c ? fonts_of(c, font, bold, &own) : NULL;
    glyph_extents e;
    meiro_status s = f ? glyph_measure(f, text, NULL, size, &e, NULL) : MEIRO_ERROR_NOMEM;
    if (own) glyph_fonts_free(f);
    if (s == MEIRO_OK) return e.advance;
    if (s == MEIRO_ERROR_NOMEM && c) c->failed = true;
    PangoLayout *layout = measure_layout(text, font, bold, size);
    if (!layout) return 0;
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    g_object_unref(layout);
    return (double)logical.width / PANGO_SCALE;
}

bool measure_ok(const canvas *cv)
{
    return !cv->measure_failed && (!cv->measure || !cv->measure->failed);
}
