/* measured_width (measure.h): the measurer's fonts cached for the document
 * (or the cairo context) that draws the page. */
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

static const cairo_user_data_key_t cache_key;
/* cr's user data when even the cache could not be made: failed, nothing to free */
static const measure_cache no_memory = {.failed = true};

void measure_cache_free(measure_cache *c)
{
    for (size_t i = 0; c && i < c->n; i++) {
        free(c->e[i].font);
        glyph_fonts_free(c->e[i].fonts);
    }
    free(c);
}

static void cache_free(void *p) { measure_cache_free(p); }

measure_cache *measure_cache_new(void) { return zalloc(1, sizeof(measure_cache)); }

void measure_share(cairo_t *cr, measure_cache *c)
{
    /* without memory for it, cr keeps (or makes) its own */
    if (c && !cairo_get_user_data(cr, &cache_key)) cairo_set_user_data(cr, &cache_key, c, NULL);
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

/* cr's cache, made on first use; NULL when it cannot be (cr then says so). */
static measure_cache *cache_of(cairo_t *cr)
{
    measure_cache *c = cairo_get_user_data(cr, &cache_key);
    if (c) return c->failed ? NULL : c;
    c = measure_cache_new();
    if (c && cairo_set_user_data(cr, &cache_key, c, cache_free) == CAIRO_STATUS_SUCCESS) return c;
    free(c);
    cairo_set_user_data(cr, &cache_key, (void *)&no_memory, NULL);
    return NULL;
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

double measured_width(cairo_t *cr, const char *text, const char *font, bool bold, double size)
{
    bool own = false;
    measure_cache *c = cache_of(cr);
    glyph_fonts *f = c ? fonts_of(c, font, bold, &own) : NULL;
    glyph_extents e;
    meiro_status s = f ? glyph_measure(f, text, NULL, size, &e, NULL) : MEIRO_ERROR_NOMEM;
    if (own) glyph_fonts_free(f);
    if (s == MEIRO_OK) return e.advance;
    if (s == MEIRO_ERROR_NOMEM && c) c->failed = true;
    PangoLayout *layout = text_layout(cr, text, font, bold, size);
    if (!layout) return 0;
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    g_object_unref(layout);
    return (double)logical.width / PANGO_SCALE;
}

bool measure_ok(cairo_t *cr)
{
    const measure_cache *c = cairo_get_user_data(cr, &cache_key);
    return !c || !c->failed;
}
