/* A plan: the plane cut into pieces (polygons that meet edge to edge,
 * corner on corner, counter-clockwise, y up, millimetres), each filled in
 * some of a stack of layers; extruded, the filled columns' union is one
 * closed mesh (plan.c). Pieces that meet only at a point in a layer they
 * both fill would pinch the surface: the builder never makes them. */
#ifndef MEIRO_SRC_SOLID_PLAN_H
#define MEIRO_SRC_SOLID_PLAN_H

#include "solid/solid.h"

typedef struct plan_piece {
    size_t ring, corners; /* its boundary: ring[ring .. ring + corners - 1] */
    size_t tri, tris;     /* its triangles: tri[3 tri ..], counter-clockwise */
    unsigned layers;      /* bit l: filled in layer l (plan_extrude's first + l) */
} plan_piece;

typedef struct plan {
    double *xy;
    size_t points, pcap;
    uint32_t *ring;
    size_t rings, rcap;
    uint32_t *tri;
    size_t tris, tcap;
    plan_piece *piece;
    size_t pieces, cap;
    bool nomem; /* an addition failed: the plan is incomplete */
} plan;

/* Adds a point (its index; 0 with nomem set when out of memory). */
uint32_t plan_point(plan *p, double x, double y);
/* Starts a piece of the corners given, filled in `layers`; its triangles
 * follow with plan_tri. */
void plan_piece_add(plan *p, const uint32_t *corners, size_t n, unsigned layers);
void plan_tri(plan *p, uint32_t a, uint32_t b, uint32_t c);
/* A convex piece, its triangles fanned from its first corner (no three of
 * its corners in a line). */
void plan_convex(plan *p, const uint32_t *corners, size_t n, unsigned layers);
void plan_free(plan *p);

/* Extrudes the plan into mesh: layer l spans z[l] .. z[l + 1], a piece
 * filled there when its bit first + l is set (one plan holds several
 * parts' layers); moved dx along x and, mirror not 0, y made mirror - y
 * (a part printed upside down). MEIRO_ERROR_INTERNAL if the pieces do not
 * meet edge to edge. */
meiro_status plan_extrude(const plan *p, unsigned first, unsigned layers, const double *z,
                          double dx, double mirror, solid_mesh *mesh, meiro_error *err);

/* The plan cut by the lines `axis` (0: x, 1: y) = from + k step, every
 * piece (convex, as a tube's are) into its parts between two lines, each
 * edge split where it crosses one: a tube's plan in strips narrow enough
 * to bend (each chord close to its arc). period (a multiple of step; 0:
 * none): the coordinate goes round, a piece's corners a period apart
 * beside each other. */
meiro_status plan_slice(const plan *p, int axis, double from, double step, double period,
                        plan *out, meiro_error *err);

#endif /* MEIRO_SRC_SOLID_PLAN_H */
