/* A page's strokes for a machine (a pen plotter, a laser cutter, a
 * router): the paths of a page's description (page/scene.h) gathered as
 * polylines in millimetres, arcs and curves flattened within PLOT_TOL_MM,
 * on two layers: cut (the walls, or the corridors' centre-lines) and
 * engrave (S and G's marks and arrows, the answer). Then merged (each
 * segment once, joined into long strokes through their joints: the trails
 * of page/trails.h) and ordered for the least pen-up travel (greedy
 * nearest neighbour, then 2-opt within a window); or, for a laser's cut
 * layer, turned into closed outlines around the strokes (page/cutout.c).
 * The writers (plot_write.c) put them out as G-code, HP-GL or DXF R12. */
#ifndef MEIRO_SRC_PAGE_PLOT_H
#define MEIRO_SRC_PAGE_PLOT_H

#include "page/machine.h"
#include "page/scene.h"

#include <stdio.h>

/* How far a chord may lie off its arc or curve: 10 µm, below any pen's or
 * beam's width. */
#define PLOT_TOL_MM 0.01

enum { PLOT_CUT, PLOT_ENGRAVE, PLOT_LAYERS };

/* A plotter's pens: one a colour drawn (the walls', the answer's, S's and
 * G's), in the order the page first draws them; colours past the last
 * share it. */
enum { PLOT_PENS = 8 };

typedef struct plot_line {
    size_t first, count; /* points[first .. first + count) */
    unsigned layer;
    unsigned pen; /* pens[pen] */
    bool closed;  /* its last point is its first */
} plot_line;

typedef struct plot {
    double (*points)[2]; /* x, y in mm on the page (y down) */
    size_t point_count, point_cap;
    plot_line *lines;
    size_t line_count, line_cap;
    double width[PLOT_LAYERS]; /* the widest stroke seen on each layer */
    uint32_t pens[PLOT_PENS];  /* each pen's colour, 0xRRGGBB */
    scene_role pen_role[PLOT_PENS]; /* what it drew first (walls, the answer...) */
    unsigned pen_count;
    size_t texts;              /* runs of text left out */
    size_t pictures;           /* pictures left out (S's and G's, a frame) */
    /* the page's clips while gathering: the rectangles they cut out (a
     * shape's outline opened at the doors of S and G and where bridges
     * cross it), holes[0 .. hole_count), each clip's first in clip_first */
    double (*holes)[4]; /* x0, y0, x1, y1 */
    size_t hole_count, hole_cap;
    size_t clip_first[16];
    unsigned clips;
    bool failed; /* out of memory gathering */
} plot;

void plot_init(plot *p);
/* An empty plot with like's notes (widths, pens, texts and pictures left
 * out). */
void plot_init_like(plot *p, const plot *like);
void plot_free(plot *p);
/* A point added to the line being made; a line of the points from `first`
 * (none if fewer than two); false out of memory (p->failed then). */
bool plot_point(plot *p, double x, double y);
bool plot_line_end(plot *p, size_t first, unsigned layer, unsigned pen, bool closed);
/* The pen of colour rgb, first drawing `role`: a new one if there is room. */
unsigned plot_pen(plot *p, uint32_t rgb, scene_role role);
/* A sink (page/scene.h) that gathers a scene's path items into p; out of
 * memory, p->failed (the scene goes on). */
scene_sink plot_sink(plot *p);

/* Merges the lines of each layer and pen: every segment once (one drawn twice, or
 * back and forth, is kept once), joined through their joints into long
 * strokes, whatever order they came in. */
meiro_status plot_merge(plot *p, meiro_error *err);
/* The pen-up travel from (x0, y0) through the lines in their order, in mm. */
double plot_travel(const plot *p, double x0, double y0);
/* Orders the strokes for the least pen-up travel from (x0, y0), *after
 * that travel: by_layer, each layer's apart, the cut layer after the
 * engrave one (a laser cuts a piece free last), else each pen's apart in
 * the pens' order (a plotter's pen changed once a colour). */
meiro_status plot_order(plot *p, double x0, double y0, bool by_layer, double *after,
                        meiro_error *err);
/* The lines' bounding box. */
void plot_bounds(const plot *p, double *x0, double *y0, double *x1, double *y1);

/* The cut layer's strokes replaced by the closed outlines around them, h
 * mm off each stroke's centre-line (square ends, mitred corners): the
 * boundary of the strokes drawn h wide on each side (page/cutout.c). */
meiro_status plot_outline(plot *p, double h, meiro_error *err);

/* What a file says of itself in its header. */
typedef struct plot_header {
    const char *title; /* "meiro 0.1.0, seed 7" */
    double travel_before, travel_after;
    const machine_options *machine;
    double offset; /* dxf outlines: mm off the strokes' centre-lines; 0: lines */
} plot_header;

/* The writers, in machine coordinates: millimetres, the drawing's lower
 * left corner at the origin, x right, y up. */
meiro_status plot_write_gcode(const plot *p, const plot_header *h, FILE *out, meiro_error *err);
meiro_status plot_write_hpgl(const plot *p, const plot_header *h, FILE *out, meiro_error *err);
meiro_status plot_write_dxf(const plot *p, const plot_header *h, FILE *out, meiro_error *err);

#endif
