/* The page's texts measured and set by the one text measurer
 * (glyph/font.h), the one a build without pango has too: their widths,
 * from which their sizes are chosen, their lines, baselines and ink, from
 * which their places are. The cairo backend draws them with pango at those
 * places (the same fonts, the same shaping: they agree). */
#ifndef MEIRO_SRC_COMPOSE_MEASURE_H
#define MEIRO_SRC_COMPOSE_MEASURE_H

#include "compose/canvas.h"
#include "glyph/font.h"

#include <stdbool.h>

/* The advance of `text` on one line in `font` (a family list, as pango
 * reads it) at `size` (mm), bold or not. The fonts matched are kept in
 * the cache cv shares, else in its own (freed with it). A letter no font
 * has is measured as U+FFFD's box. Out of memory, or no font of the
 * family, cv remembers it with its reason: canvas_status says so, and the
 * page is refused. */
double measured_width(canvas *cv, const char *text, const char *font, bool bold, double size);

/* A text set by the one measurer as pango sets it: on one line, or broken
 * into lines a width wide (line_breaks.h: at spaces, and inside a word
 * wider than the line when asked), each centred in the width, the lines
 * one under the other, each as high as its fonts' ascent and descent.
 * Places are in mm from the set's top left corner. */
enum { SET_LINES = 6 }; /* the lines kept; more are counted */
typedef struct set_line {
    size_t start, len;    /* the line's bytes of the text */
    double x, top, width; /* its logical box's left, top and width */
    double baseline;      /* from the set's top */
    double ink[4];        /* left, top, width, height; 0 x 0 without ink */
} set_line;
typedef struct text_set {
    size_t lines;          /* how many (line[] holds the first SET_LINES) */
    set_line line[SET_LINES];
    double x, width, height; /* the logical box: the lines' union */
    double baseline;         /* the first line's */
    double ink[4];           /* the lines' ink: left, top, width, height */
} text_set;

/* `text` in `font` at `size` mm, bold or not, set on one line (width 0)
 * or in lines `width` wide (broken inside words too when in_words). A
 * letter no font has is set as U+FFFD (pango draws a box of about its
 * size). Out of memory: an empty set, and cv remembers it. */
void text_set_out(canvas *cv, const char *text, const char *font, bool bold, double size,
                  double width, bool in_words, text_set *out);

/* Bytes [0, len) of `text` (a line of a text_set_out's set) shaped in
 * `font`, bold or not, as they were measured (U+FFFD for a letter no font
 * has), into run (glyph_run_init(run, true) first; glyph_run_free after,
 * before the canvas's fonts go): its glyphs, in ems from the line's
 * start. False when the fonts cannot be had, or are not kept in the cache
 * (more families than it holds), or out of memory: cv remembers it. */
bool text_shape(canvas *cv, const char *text, size_t len, const char *font, bool bold,
                glyph_run *run);

/* How many letters of `text` no font of `font` has (they would print as
 * empty boxes). */
int text_missing(canvas *cv, const char *text, const char *font, bool bold);

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

#endif /* MEIRO_SRC_COMPOSE_MEASURE_H */
