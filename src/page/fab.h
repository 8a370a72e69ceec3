/* A machine's file checked before the machine runs (meiro preflight
 * --print plotter|laser|3d, and the same checks after generate writes
 * one): the readers of the files meiro writes for the machines, written
 * from the formats' specifications (G-code as GRBL takes RS274/NGC,
 * HP-GL/2's PU/PD/PA/SP, DXF R12's group pairs, SVG 1.1's paths), into a
 * plot's strokes in the file's own millimetres (y up; SVG's y down); and the measures the checks make of
 * strokes in the plane: the narrowest gap between strokes, the thinnest
 * piece between a cut's two sides, the pieces a cut sheet loses. A 3D
 * print's section at a height (solid/read.c) is measured the same way.
 * No drawing library: the planner's build (check-nocairo) has it. */
#ifndef MEIRO_SRC_PAGE_FAB_H
#define MEIRO_SRC_PAGE_FAB_H

#include "page/plot.h"

/* The readers: text[0 .. size) into p (plot_init'd by the caller), every
 * stroke a line of p (G-code and HP-GL: layer PLOT_CUT, the pen as
 * selected, 0 first; DXF: the layer named ENGRAVE is PLOT_ENGRAVE, any
 * other PLOT_CUT; a closed POLYLINE closed). A malformed file is
 * MEIRO_ERROR_PARSE with its line and column (fail_at). */
meiro_status fab_read_gcode(const char *text, size_t size, plot *p, meiro_error *err);
meiro_status fab_read_hpgl(const char *text, size_t size, plot *p, meiro_error *err);
meiro_status fab_read_dxf(const char *text, size_t size, plot *p, meiro_error *err);
/* SVG (as meiro's pages are, cairo's): its paths through their transforms
 * in the svg element's millimetres (y down), a stroked one on PLOT_CUT, a
 * filled one's outline on PLOT_ENGRAVE, a pen a colour; defs, symbols,
 * clips, text (its glyphs' uses) and images left out (p->texts,
 * p->pictures count them). */
meiro_status fab_read_svg(const char *text, size_t size, plot *p, meiro_error *err);

/* A segment to measure, in mm: from a to b, with the side its material
 * lies on (a cut's outline or a print's section: +1 on the left going
 * from a to b, -1 on the right; 0: a stroke, no material). */
typedef struct fab_seg {
    double a[2], b[2];
    int side;
} fab_seg;

typedef struct fab_segs {
    fab_seg *v;
    size_t n, cap;
} fab_segs;

/* A segment added; false out of memory. */
bool fab_seg_add(fab_segs *s, double ax, double ay, double bx, double by, int side);
/* The segments of p's lines of `layer`, sided by their loops when `sided`
 * (a closed line's material found by the even-odd rule: the pieces inside
 * its outer loops, holes out); false out of memory. */
bool fab_segs_of(const plot *p, unsigned layer, bool sided, fab_segs *out);

/* The least of a measure over the segments, where, and the places below
 * a limit (distinct places: a 1 mm square or the limit's side apiece). */
typedef struct fab_width {
    double least;    /* HUGE_VAL: none found within the search */
    double at[2];    /* where the least was */
    size_t under;    /* places below the limit */
    double first[2]; /* the first of them, along x then y */
} fab_width;

/* The segments of s that are faces of the boxes' union: those whose
 * outside (a hair off the side away from their material) lies in none of
 * the boxes (sided closed loops, a 3D print's raw section: their winding
 * number there 0); false out of memory. */
bool fab_drop_inner(fab_segs *s, const fab_segs *boxes);

/* Measures, from each segment's middle along its normal, up to `reach` mm:
 * a sided segment's material (the first segment met on its material's
 * side) and gap (on the other side); a stroke's spacing to the next
 * stroke on either side, as gap. Places below material_limit and
 * gap_limit counted. MEIRO_ERROR_NOMEM, or MEIRO_OK. */
meiro_status fab_measure(const fab_segs *s, double reach, double material_limit, double gap_limit,
                         fab_width *material, fab_width *gap, meiro_error *err);

/* The pieces of a cut sheet's outlines (p's closed lines of `layer`): the
 * loops that hold material inside them, the largest the sheet's own; the
 * others fall out: *islands of them, the first up to `room` of their
 * places (a vertex of each) in at. False out of memory. */
bool fab_islands(const plot *p, unsigned layer, size_t *islands, double (*at)[2], size_t room);

#endif /* MEIRO_SRC_PAGE_FAB_H */
