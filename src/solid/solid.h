/* Mazes to 3D-print (STL, 3MF): the sizes of a print, the meshes built
 * from the cell graph (no drawing library), and their writers. */
#ifndef MEIRO_SRC_SOLID_SOLID_H
#define MEIRO_SRC_SOLID_SOLID_H

#include "meiro.h"

#include <stdio.h>

/* ---- Sizes, in millimetres --------------------------------------------- */

/* What the maker sets (0: the default). */
typedef struct solid_sizes {
    double ball;   /* a ball that rolls through: corridors of ball + clearance,
                      walls as high; 0: none, corridors SOLID_CORRIDOR_MM */
    double wall;   /* thickness of the walls; 0: SOLID_WALL_MM */
    double height; /* of the walls above the base; 0: SOLID_HEIGHT_MM, or
                      the ball and its clearance, whichever is more */
    double base;   /* the plate under the walls (and the lid); 0: SOLID_BASE_MM */
    bool lid;      /* a plate to close the top, a part of its own */
    bool tactile;  /* a tactile plate's (job/tactile_plate.c): its remaking
                      command says --print tactile */
} solid_sizes;

#define SOLID_WALL_MM 1.2
#define SOLID_WALL_MIN_MM 0.8 /* two lines of a 0.4 mm nozzle */
#define SOLID_HEIGHT_MM 10.0
#define SOLID_BASE_MM 2.0
#define SOLID_CORRIDOR_MM 8.0
#define SOLID_CLEARANCE_MM 1.0 /* around a ball: corridors and under the lid */
/* The lid: a plate as thick as the base, printed upside down beside the
 * maze, its skirt around the outer wall with a gap to slip over it. */
#define SOLID_LID_GAP_MM 0.3
#define SOLID_LID_SKIRT_MM 4.0
#define SOLID_LID_AWAY_MM 10.0 /* from the maze to the lid's skirt, and more */
/* The largest part: the bed of the common printers (256 mm: Bambu Lab's;
 * Prusa's and Creality's are smaller). A larger file is most likely a
 * mistake (too many cells for the ball), and no slicer of those could
 * place it: refused. */
#define SOLID_BED_MM 256.0
/* A tube's narrowest hole, in radius: one to see through, or thread a
 * rod through. */
#define SOLID_BORE_MIN_MM 1.0
#define SOLID_TAU 6.283185307179586

/* The sizes resolved for a grid and its extent (grid_extent, in cells):
 * the cell's side, where the grid's unit (u, v) lands in millimetres (y
 * up, the base's corner at 0, 0), and the footprint. */
typedef struct solid_frame {
    double cell, wall, height, base, corridor;
    double extent_h;                /* the grid's height in cells (v flips) */
    double width, depth;            /* the footprint, walls included */
    double path_width, path_height; /* the answer's raised line */
    double pocket;                  /* the depth of S's and G's rooms in the base */
    /* A tube (a rectangle wrapped at one side, MEIRO_WRAP_X or _Y in
     * wrap): the wrapped side goes round, the other along the axis; the
     * base is the tube's wall, the walls stand outward from it. period:
     * the wrapped side's length in mm (the floor's circumference, so a
     * corridor is as wide at the floor as on the flat print); radius: the
     * floor's; bore: the hole's (radius - base). width, depth: the tube's
     * outer diameter and its length. */
    unsigned wrap;
    double period, radius, bore;
} solid_frame;

/* Whether any size is set (not all meiro's defaults). */
bool solid_sizes_given(const solid_sizes *s);
/* The sizes in range (a refusal names the option, --ball 8mm...). */
meiro_status solid_sizes_check(const solid_sizes *s, meiro_error *err);
/* The frame of a grid of extent_w x extent_h cells (grid_extent), a tube
 * when wrap (the maze's MEIRO_WRAP_ bits) wraps a side; refuses a
 * footprint past the bed, naming what shrinks it, and a torus. */
meiro_status solid_frame_of(meiro_grid grid, unsigned wrap, double extent_w, double extent_h,
                            const solid_sizes *s, solid_frame *f, meiro_error *err);
/* Where point (u, v) of the grid (cell units, y down) lands, in mm. */
static inline void solid_place(const solid_frame *f, double u, double v, double *x, double *y)
{
    *x = f->wall / 2 + u * f->cell;
    *y = f->wall / 2 + (f->extent_h - v) * f->cell;
}

/* ---- Meshes ------------------------------------------------------------ */

/* A closed, oriented triangle mesh: every edge between exactly two
 * triangles, normals outward (counter-clockwise seen from outside). */
typedef struct solid_mesh {
    float *xyz;    /* vertex i at xyz[3i..3i+2] */
    uint32_t *tri; /* triangle j: vertices tri[3j..3j+2] */
    size_t vertices, triangles, vcap, tcap;
} solid_mesh;

/* The parts of a print: the maze (its base and walls), its answer (a
 * raised line on the floor from S to G, with a path only), the lid. */
enum { SOLID_MAZE, SOLID_ANSWER, SOLID_LID, SOLID_PARTS };
typedef struct solid_model {
    solid_frame frame;
    solid_mesh part[SOLID_PARTS]; /* an empty one is not made */
} solid_model;

/* Builds the parts of maze m (a rect, polar, hex or triangle grid without
 * crossings or floors), the answer along path when not NULL. */
meiro_status solid_build(const meiro_maze *m, const meiro_path *path, const solid_sizes *s,
                         solid_model *model, meiro_error *err);
void solid_model_free(solid_model *model);
const char *solid_part_name(unsigned part);
/* The command that makes the maze again ("meiro generate --grid hex -W 9
 * -H 7 -a cluster -s 7 --ball 8mm"), for the files' metadata. */
void solid_remake(const meiro_maze *m, const solid_sizes *s, const char *format, char *buf,
                  size_t size);

/* ---- Writers ----------------------------------------------------------- */

meiro_status write_stl(const meiro_maze *m, const meiro_path *path, const solid_sizes *s,
                       bool ascii, FILE *out, meiro_error *err);
meiro_status write_3mf(const meiro_maze *m, const meiro_path *path, const solid_sizes *s, FILE *out,
                       meiro_error *err);
/* The same of a model already built (a tactile plate's, job/tactile_plate.c):
 * m names it in the files' metadata, s (3MF) in its remaking command. */
meiro_status write_stl_model(const meiro_maze *m, const solid_model *model, bool ascii, FILE *out,
                             meiro_error *err);
meiro_status write_3mf_model(const meiro_maze *m, const solid_model *model, const solid_sizes *s,
                             FILE *out, meiro_error *err);

/* A zip archive of stored (uncompressed) entries, as 3MF's package is
 * (zip.c): the entries written in order, then the directory. */
typedef struct zip_entry {
    const char *name;
    const void *data;
    size_t size;
} zip_entry;
meiro_status zip_write(const zip_entry *entries, size_t count, FILE *out, meiro_error *err);

/* ---- Reading back (read.c), for the checks before printing ------------- */

/* Triangles, 9 floats each (three corners' x, y, z in mm). */
typedef struct solid_tris {
    float *v;
    size_t n, cap; /* n triangles; cap floats */
    /* meiro's own files: the first `walls` triangles are the part named
     * "maze" (the walls and base; an answer and a lid are parts of their
     * own, after it), 0 when the file does not say */
    size_t walls;
} solid_tris;
void solid_tris_free(solid_tris *t);
/* A binary or text STL; a 3MF package's stored 3D/3dmodel.model (every
 * object's mesh). A malformed file is MEIRO_ERROR_PARSE, naming its line
 * and column (fail_at), or its byte or entry. */
meiro_status solid_read_stl(const unsigned char *data, size_t size, solid_tris *t,
                            meiro_error *err);
meiro_status solid_read_3mf(const unsigned char *data, size_t size, solid_tris *t,
                            meiro_error *err);
/* The section of the triangles at height z: segments in x, y with the
 * material on their left (side 1) or right (-1), as the triangles' outward
 * normals say. raw: a segment a triangle, a closed loop around each box a
 * part is made of; cuts: the same where two faces meet face to face (a
 * part's boxes that touch) taken out, each line's pieces joined. A face
 * inside another box (a wall's strip under its post) is still among the
 * cuts: the winding number over raw tells it (page/fab.h). */
typedef struct solid_cut {
    double a[2], b[2];
    int side;
} solid_cut;
typedef struct solid_section_cuts {
    solid_cut *cuts, *raw;
    size_t count, raw_count;
} solid_section_cuts;
meiro_status solid_section(const solid_tris *t, double z, solid_section_cuts *out,
                           meiro_error *err);
void solid_section_free(solid_section_cuts *s);

#endif /* MEIRO_SRC_SOLID_SOLID_H */
