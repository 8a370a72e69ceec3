/* The page's texts measured by the one text measurer (glyph/font.h), the
 * one a build without pango has too: a title's, a caption's, a spine's
 * width on one line, from which their sizes are chosen. Pango draws them
 * (the same fonts, the same shaping: the widths agree). */
#ifndef MEIRO_SRC_DRAW_MEASURE_H
#define MEIRO_SRC_DRAW_MEASURE_H

#include "draw/canvas.h"

#include <stdbool.h>

/* The advance of `text` on one line in `font` (a family list, as pango
 * reads it) at `size` (mm), bold or not. The fonts matched are kept in
 * the cache cv shares, else in its own (freed with it). A text with a
 * letter no font has (pango draws a box) is measured by pango. Out of
 * memory, pango's width too, and cv remembers it: canvas_status says so,
 * and the page is refused. */
double measured_width(canvas *cv, const char *text, const char *font, bool bold, double size);

/* False when measuring a text on cv ran out of memory. */
bool measure_ok(const canvas *cv);

/* The fonts matched for a document, kept for every canvas it is drawn on
 * (a PNG's bands, the canvases its texts are fitted on), so that each
 * family is matched once a document, not once a canvas: made with
 * measure_cache_new (NULL without memory), handed to a canvas with
 * measure_share (not freed with it), freed with measure_cache_free after
 * the canvases. */
measure_cache *measure_cache_new(void);
void measure_cache_free(measure_cache *c);
void measure_share(canvas *cv, measure_cache *c);

#endif /* MEIRO_SRC_DRAW_MEASURE_H */
