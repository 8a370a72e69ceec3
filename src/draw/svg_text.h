/* Pages drawn by cairo as SVG into memory and copied into another
 * document, their ids prefixed: the SVG exporter's named groups. (The
 * HTML page's inline pictures are the composer's: compose/svg_write.h.) */
#ifndef MEIRO_SRC_DRAW_SVG_TEXT_H
#define MEIRO_SRC_DRAW_SVG_TEXT_H

#include "compose/document.h"

#include <stdio.h>

/* A document as cairo writes it, kept ending in a NUL for strstr. */
typedef struct svg_text {
    char *data;
    size_t len, cap;
} svg_text;

/* Draws the parts `layers` of page `index` as an SVG document of pw x ph
 * mm whose top-left corner is (x0, y0) on the page, into *t (replacing
 * what it held; free t->data when done). LAYER_PAGE paints white paper. */
meiro_status svg_draw_page(const document *d, size_t index, unsigned layers, double pw, double ph,
                           double x0, double y0, svg_text *t, meiro_error *err);

/* Writes the content of a document from svg_draw_page with every id (and
 * reference to one) prefixed by `prefix`; with `open_tag` its <svg> tag
 * first, with `group` the content in <g id="group">. false on a write
 * error. */
bool svg_copy(FILE *out, const svg_text *t, const char *group, const char *prefix, bool open_tag);

#endif /* MEIRO_SRC_DRAW_SVG_TEXT_H */
