/* A polar, hex or triangle grid's walls on a PDF page, written as PDF
 * content by meiro rather than stroked through cairo: cairo's PDF surface
 * records each path, copies it, prints every coordinate with printf and
 * compresses at zlib's default level, most of a dense grid page's time.
 * The walls of each page are collected here (integer micrometres,
 * compressed quickly) while cairo draws the rest, and added after it to
 * the page's content by qpdf (export_pdf.c). */
#ifndef MEIRO_SRC_DRAW_PDF_WALLS_H
#define MEIRO_SRC_DRAW_PDF_WALLS_H

#include "core/error.h"
#include "compose/draw.h"

#include <qpdf/qpdf-c.h>

typedef struct pdf_walls pdf_walls;

/* A collector for the pages drawn on `surface` (a PDF surface): from now
 * on draw_grid_maze hands it the walls of the grids drawn there. NULL
 * without memory (then cairo strokes them, as before). */
pdf_walls *pdf_walls_attach(cairo_surface_t *surface);
void pdf_walls_free(pdf_walls *w);
/* The page drawn next is the following one (after cairo_show_page). */
void pdf_walls_next_page(pdf_walls *w);

/* The collector of cr's surface, if it has one and cr draws straight onto
 * it (no group); NULL otherwise. */
pdf_walls *pdf_walls_of(cairo_t *cr);
/* A pen that writes the walls traced to it in cr's user space (mm on the
 * page) at its current matrix and line width, with round caps and joins;
 * pdf_walls_end closes them. false without memory. */
bool pdf_walls_begin(pdf_walls *w, cairo_t *cr, grid_pen *pen);
void pdf_walls_end(pdf_walls *w);

/* Whether anything was collected, and whether all of it was (memory). */
bool pdf_walls_any(const pdf_walls *w);
bool pdf_walls_ok(const pdf_walls *w);
/* Adds the walls to the pages of the PDF read into q, over what cairo
 * drew there (the walls keep clear of the paths and marks in their cells). */
bool pdf_walls_apply(pdf_walls *w, qpdf_data q);

#endif
