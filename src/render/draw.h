/* Shared by the cairo exporters: the page drawing and small helpers. */
#ifndef MEIRO_SRC_RENDER_DRAW_H
#define MEIRO_SRC_RENDER_DRAW_H

#include "meiro.h"
#include "page/layout.h"
#include "page/template.h"

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <time.h>

#define PT_PER_MM (72.0 / 25.4)
/* Latin first; fontconfig falls back glyph by glyph to the CJK fonts */
#define FONT_FAMILY "DejaVu Sans, IPAexGothic, Noto Sans CJK JP, sans-serif"
#define SOLUTION_R 0.85
#define SOLUTION_G 0.15
#define SOLUTION_B 0.10

/* How S and G are shown: words (fitted into the cell) or pictures. */
typedef struct maze_marks {
    const char *start, *goal, *font;
    RsvgHandle *start_art, *goal_art; /* NULL: the words */
} maze_marks;

/* Draws a maze placed by L (its maze fields) onto cr, in millimetres: the
 * walls, the path (if not NULL), S and G. snap > 0 (pixels per mm) aligns
 * the walls to the pixel grid for raster output. */
void draw_maze(cairo_t *cr, const meiro_maze *m, const meiro_path *path, const page_layout *L,
               const maze_marks *marks, double snap);

/* A line of text: align -1 left of x, 0 centred on x, 1 right of x. */
/* Loads the fonts (fontconfig's cache, pango's font sets) for `font` and
 * meiro's own: done before the mazes take memory, so that under a memory
 * limit it is the mazes that fail, with "out of memory", not fontconfig or
 * glib, which abort. */
void fonts_prepare(const char *font);
void draw_text(cairo_t *cr, const char *text, const char *font, double x, double baseline,
               double size, bool bold, int align);

/* Loads a template's SVG picture (relative to the template, or built in);
 * *art stays NULL for an empty name. */
meiro_status load_art(const meiro_template *tpl, const char *file, RsvgHandle **art, meiro_error *err);

/* Draws an SVG picture fitted into a box. */
void draw_art(cairo_t *cr, RsvgHandle *art, double x, double y, double w, double h);

/* A cairo write callback appending to the FILE * given as closure. */
cairo_status_t cairo_write_stream(void *closure, const unsigned char *data, unsigned int length);

/* Finishes and destroys cr and surface, turning cairo's sticky status into a
 * meiro status. */
meiro_status cairo_result(cairo_surface_t *surface, cairo_t *cr, meiro_error *err);

#endif
