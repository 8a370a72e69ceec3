/* The page's texts measured by the one text measurer (glyph/font.h), the
 * one a build without pango has too: a title's, a caption's, a spine's
 * width on one line, from which their sizes are chosen. Pango draws them
 * (the same fonts, the same shaping: the widths agree). */
#ifndef MEIRO_SRC_DRAW_MEASURE_H
#define MEIRO_SRC_DRAW_MEASURE_H

#include <cairo.h>
#include <stdbool.h>

/* The advance of `text` on one line in `font` (a family list, as pango
 * reads it) at `size` (mm), bold or not. The fonts matched are kept on
 * cr (its user data, freed with it), or in the cache it shares. A text with a letter no font has (pango draws a box) is measured by
 * pango. Out of memory, pango's width too, and cr remembers it (as cairo's
 * own errors stick to it): measure_ok says so where cairo's status is
 * read, and the page is refused. */
double measured_width(cairo_t *cr, const char *text, const char *font, bool bold, double size);

/* False when measuring a text on cr ran out of memory. */
bool measure_ok(cairo_t *cr);

/* The fonts matched for a document, kept for every context it is drawn on
 * (a PNG's bands, the contexts its texts are fitted on), so that each
 * family is matched once a document, not once a context: made with
 * measure_cache_new (NULL without memory), handed to a context with
 * measure_share (not freed with it), freed with measure_cache_free after
 * the contexts. */
typedef struct measure_cache measure_cache;
measure_cache *measure_cache_new(void);
void measure_cache_free(measure_cache *c);
void measure_share(cairo_t *cr, measure_cache *c);

#endif /* MEIRO_SRC_DRAW_MEASURE_H */
