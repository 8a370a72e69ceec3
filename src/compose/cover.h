/* A printed book's full-wrap cover composed on a canvas of ours (cover.c):
 * back, spine and front on one page with bleed on every side, the title on
 * the front over a maze, on the spine where the service allows text there,
 * the back's words above the barcode's corner. No drawing library: the
 * cairo sink (draw/cover.c) makes the PDF of it, cover_write_page its
 * description (-f page), which the browser draws. */
#ifndef MEIRO_SRC_COMPOSE_COVER_H
#define MEIRO_SRC_COMPOSE_COVER_H

#include "compose/canvas.h"
#include "meiro.h"

#include <stdbool.h>
#include <stdio.h>

/* A full-wrap cover, in mm: the whole sheet w x h with `bleed` around it,
 * the back on the left, the spine, the front on the right (or, read from
 * the right, the other way round). */
typedef struct cover_plan {
    double w, h, bleed, trim_w, spine;
    const char *title, *subtitle; /* subtitle may be NULL */
    const char *author, *blurb;   /* or NULL */
    const meiro_maze *maze;       /* the front's art */
    bool spine_text;              /* the title on the spine */
    bool coloured;                /* a background of rgb (else white) */
    double rgb[3];
    unsigned volume; /* a series' volume, or 0 */
    double line_min; /* mm: the thinnest line the service prints */
    bool front_left; /* a book read from the right: its front left of the spine */
} cover_plan;

/* The cover c onto cv (its scene the sheet's page). A back's text too long
 * for the room above the barcode is refused (MEIRO_ERROR_ARGUMENT), and so
 * is what the canvas could not measure (canvas_status). */
meiro_status cover_compose(const cover_plan *c, canvas *cv, meiro_error *err);

/* The cover's description as JSON (-f page, doc/page-format.md): one page,
 * the sheet, with the front maze's seed. */
meiro_status cover_write_page(const cover_plan *c, FILE *out, meiro_error *err);

#endif /* MEIRO_SRC_COMPOSE_COVER_H */
