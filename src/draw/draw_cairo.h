/* The cairo side of the drawing primitives (draw.h is the composer's,
 * which draws onto a canvas of ours): text laid out by Pango, the
 * template's pictures loaded and drawn by librsvg, cairo's streams. */
#ifndef MEIRO_SRC_DRAW_DRAW_CAIRO_H
#define MEIRO_SRC_DRAW_DRAW_CAIRO_H

#include "compose/draw.h"

#include <cairo.h>
#include <pango/pangocairo.h>

/* A Pango layout of `text` at `size` mm (g_object_unref it) to draw on cr,
 * and the move to where it starts so that its ink is centred at (cx, cy),
 * or (with baseline) its logical box centred at cx on that baseline. */
PangoLayout *text_layout(cairo_t *cr, const char *text, const char *family, bool bold, double size);
void place_layout(cairo_t *cr, PangoLayout *layout, double cx, double cy, bool baseline);
/* Where place_layout moves to. */
void layout_origin(PangoLayout *layout, double cx, double cy, bool baseline, double *x, double *y);
/* The layout of a run of text of a page's description on cr, as it was
 * set (text_set_out: one line; a description read back may ask for lines
 * wrapped at a width): the cairo backend draws it (g_object_unref it). */
PangoLayout *run_layout(cairo_t *cr, const scene_text *t);

/* Loads the fonts (fontconfig's cache, pango's font sets) for `font` and
 * meiro's own: done before the mazes take memory, so that under a memory
 * limit it is the mazes that fail, with "out of memory", not fontconfig or
 * glib, which abort. */
void fonts_prepare(const char *font);

/* Template artwork: at most ART_MAX_BYTES of SVG, which librsvg reads
 * from memory, so it follows no reference to another file or URL. */
#define ART_MAX_BYTES (1 << 20)

/* Reads a template's SVG picture (templates/README.md: an absolute path,
 * else in the template's folder, else the built-in copy by that name) and
 * draws it once, into a w x h box, as a recording that draw_art replays:
 * however often a page is drawn (PNG bands, pages, cells), librsvg works
 * once. Errors name the template's file and line. *art stays NULL for an
 * empty name; free it with cairo_surface_destroy. tpl NULL: a built-in
 * file ("art/bunny.svg"). */
meiro_status load_art(const meiro_template *tpl, const template_art *ref, double w, double h,
                      cairo_surface_t **art, meiro_error *err);

/* The pictures for S and G of marks_art_refs loaded (load_art); NULL for
 * a word. */
meiro_status load_marks_art(const meiro_export_options *opt, double size, cairo_surface_t **start,
                            cairo_surface_t **goal, meiro_error *err);
/* Loads a's picture (load_art) unless it is loaded or names none. */
meiro_status art_ref_load(art_ref *a, meiro_error *err);

/* Recordings of frames (w = 0 in load_art) are at this many units a mm:
 * their own size in mm if the SVG gives one, else their shape with the
 * shorter side h mm. Only SVG features librsvg draws as pixels (filters,
 * images) depend on it. */
#define ART_UNITS_PER_MM 10

/* Draws a picture from load_art fitted into a box. */
void draw_art(cairo_t *cr, cairo_surface_t *art, double x, double y, double w, double h);

/* Draws a frame from load_art (w = 0) so that it follows the page: in nine
 * slices, its corners (a seventh of its shorter side) at their own size,
 * its edges stretched along the page, so a portrait frame fits a landscape,
 * Letter or A5 page with the same corners and line widths. */
void draw_frame_art(cairo_t *cr, cairo_surface_t *art, double page_w, double page_h);

/* Where a cairo stream surface writes: the stream, and the errno of its
 * first failed write (later calls, before cairo reports, may change errno). */
typedef struct stream_sink {
    FILE *out;
    int error;
} stream_sink;

/* A cairo write callback appending to the stream_sink given as closure. */
cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int length);

/* Finishes and destroys cr and surface, turning cairo's sticky status into a
 * meiro status; a write error names the sink's reason. */
meiro_status draw_finish(cairo_surface_t *surface, cairo_t *cr, const stream_sink *sink,
                         meiro_error *err);

/* An RGB24 image written to `path` as a PNG, with the page exporter's
 * fast settings (an animation's frame; export_png.c). */
meiro_status frame_write_png(cairo_surface_t *image, const char *path, meiro_error *err);

#endif
