/* A page's description (page/scene.h) written as SVG markup by the
 * composer, with no drawing library: the items a scene hands its sink,
 * as they come, as the elements of an <svg> in millimetres that the
 * caller opens and closes (the HTML page to play: html_write.c). Paths
 * with their paint, clips as groups; texts as their glyphs' outlines,
 * shaped as the measurer set them (compose/measure.h over glyph/: the
 * same lines, fonts and places natively and in the WebAssembly build),
 * each glyph defined once a pass and used where it goes; pictures by
 * their name, a built-in file's or a template's own, as data: addresses,
 * so that the markup loads nothing. */
#ifndef MEIRO_SRC_COMPOSE_SVG_WRITE_H
#define MEIRO_SRC_COMPOSE_SVG_WRITE_H

#include "compose/canvas.h"
#include "page/template.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct svg_glyph svg_glyph;

typedef struct svg_writer {
    FILE *out;
    const char *prefix;        /* of every id: one writer's ids apart from another's */
    const meiro_template *tpl; /* where a picture's file is (NULL: built-in ones) */
    canvas *cv;                /* whose fonts shape the texts: the scene's canvas */
    svg_glyph *glyphs;         /* defined in this pass */
    size_t glyph_count, glyph_cap;
    unsigned ids; /* glyphs and clips defined so far: the next one's number */
    bool write_failed;
    meiro_status status; /* out of memory, or a picture that could not be read */
    meiro_error err;
} svg_writer;

/* A writer to out, its ids beginning with prefix (kept, not copied). */
void svg_writer_init(svg_writer *w, FILE *out, const char *prefix, const meiro_template *tpl);
void svg_writer_free(svg_writer *w);

/* The sink that writes a scene's items to w; w->cv is set to the canvas
 * that draws into the scene before the first item. Each pass (a scene
 * drawn) starts with svg_writer_pass: its glyphs are defined in it again,
 * so that none is used from a group of the page that may not be shown. */
scene_sink svg_writer_sink(svg_writer *w);
void svg_writer_pass(svg_writer *w);

/* What went wrong writing: MEIRO_OK, the first failure (err says it), or
 * MEIRO_ERROR_IO when a write failed (errno). */
meiro_status svg_writer_status(const svg_writer *w, meiro_error *err);

#endif /* MEIRO_SRC_COMPOSE_SVG_WRITE_H */
