/* meiro's own rasteriser for masks: outlines (lines, quadratic and cubic
 * Béziers, ellipses) flattened to polygons and sampled on a grid of cells,
 * a cell inside when at least half its samples are. No drawing library:
 * the same outline gives the same mask on every machine and in the
 * browser. */
#ifndef MEIRO_SRC_GLYPH_RASTER_H
#define MEIRO_SRC_GLYPH_RASTER_H

#include "meiro.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An outline (pen_path): closed contours flattened into points, in cells, through
 * the affine map m (x' = m[0] x + m[2] y + m[4], y' = m[1] x + m[3] y +
 * m[5]) set before the first point. It is filled by the non-zero rule and,
 * if stroke > 0, stroked too, with a line that wide (in cells) and round
 * joins, as a pen drawing over its edge. An allocation that fails marks
 * the outline (nomem) and the rasteriser refuses it. */
typedef struct pen_path {
    double m[6];
    double stroke;
    double *xy;          /* points, x and y in turn */
    size_t n, cap;       /* points */
    size_t *ends;        /* where each contour ends (a point index) */
    size_t contours, ends_cap;
    size_t start;        /* the current contour's first point */
    double cx, cy;       /* the pen, before the map */
    bool nomem;
} pen_path;

/* An empty outline through map m (NULL: none) and stroked `stroke` cells wide (0: filled only). */
void pen_init(pen_path *o, const double *m, double stroke);
void pen_free(pen_path *o);
void pen_move(pen_path *o, double x, double y);
void pen_line(pen_path *o, double x, double y);
void pen_quad(pen_path *o, double x1, double y1, double x, double y);
void pen_cubic(pen_path *o, double x1, double y1, double x2, double y2, double x, double y);
/* Ends the contour (back to its first point). */
void pen_close(pen_path *o);
/* A closed ellipse (a circle when rx == ry), turned by `degrees`. */
void pen_ellipse(pen_path *o, double cx, double cy, double rx, double ry, double degrees);
/* The box of the outline's points, with half its stroke around; false
 * when it has none. */
bool pen_box(const pen_path *o, double *x0, double *y0, double *x1, double *y1);

/* Samples a cell takes on a side: 8 (64 samples), fewer on grids of more
 * than a million cells so that the work stays near 64 million samples. */
unsigned raster_samples(uint64_t cells);

/* Sets to 1 the cells of [x0, x0 + w) x [y0, y0 + h) of mask (`stride`
 * cells a row) at least half of whose s x s samples (at their centres) lie
 * inside one of the outlines; leaves the others as they are. Works a row
 * of cells at a time, in memory for one row of samples. */
meiro_status raster_fill(const pen_path *parts, size_t count, unsigned s, uint8_t *mask,
                         uint32_t stride, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h,
                         meiro_error *err);

/* The cells inside a mask of n cells. */
uint64_t raster_inside(const uint8_t *mask, size_t n);

/* The cells of a row of samples: counts[x] += the samples of cell x that
 * row[] holds (s a cell); for a picture a drawing library rasterised, the
 * same threshold as raster_fill's after s rows (raster_cells). */
void raster_count(const uint8_t *row, unsigned s, uint32_t w, uint16_t *counts);
/* Sets mask[x] = 1 where counts[x] reaches half of s x s, and zeroes counts. */
void raster_cells(uint16_t *counts, unsigned s, uint32_t w, uint8_t *mask);

#endif /* MEIRO_SRC_GLYPH_RASTER_H */
