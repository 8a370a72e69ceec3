/* A print's sizes: checked, resolved for a grid, said again as the
 * command that makes the maze. */
#include "solid/solid.h"

#include "core/error.h"
#include "core/model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Each size's range: what a printer can make, and what stays a maze. */
static meiro_status in_range(double v, double lo, double hi, const char *option, const char *why,
                             meiro_error *err)
{
    if (v == 0 || (v >= lo && v <= hi)) return MEIRO_OK;
    return fail(err, MEIRO_ERROR_ARGUMENT, "%s %gmm is out of range: %g to %g mm%s", option, v, lo,
                hi, why);
}

bool solid_sizes_given(const solid_sizes *s)
{
    return s->ball || s->wall || s->height || s->base || s->lid;
}

meiro_status solid_sizes_check(const solid_sizes *s, meiro_error *err)
{
    meiro_status st = in_range(s->wall, SOLID_WALL_MIN_MM, 20, "--wall",
                               " (thinner than two lines of a 0.4 mm nozzle, a wall breaks)", err);
    if (st == MEIRO_OK) st = in_range(s->ball, 2, 100, "--ball", "", err);
    if (st == MEIRO_OK) st = in_range(s->height, 1, 200, "--wall-height", "", err);
    if (st == MEIRO_OK)
        st = in_range(s->base, 0.6, 20, "--base", " (three layers of 0.2 mm at least)", err);
    if (st != MEIRO_OK) return st;
    if (s->lid && s->ball && s->height && s->height < s->ball + SOLID_CLEARANCE_MM)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--wall-height %gmm is too low for the ball (--ball %gmm) under the lid: at "
                    "least %gmm",
                    s->height, s->ball, s->ball + SOLID_CLEARANCE_MM);
    return MEIRO_OK;
}

/* A tube's sizes (solid.h), its outer diameter and length as its width
 * and depth; a bore too narrow to see through refused. */
static meiro_status tube_of(solid_frame *f, double extent_w, double extent_h, meiro_error *err)
{
    bool x = f->wrap == MEIRO_WRAP_X;
    f->period = (x ? extent_w : extent_h) * f->cell;
    f->radius = f->period / SOLID_TAU;
    f->bore = f->radius - f->base;
    if (f->bore < SOLID_BORE_MIN_MM)
        return fail_field(err, x ? MEIRO_FIELD_WIDTH : MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                          "this tube's bore would be %.1f mm across (at least %g): use more %s "
                          "(%s) or a thinner --base",
                          2 * f->bore, 2 * SOLID_BORE_MIN_MM, x ? "columns" : "rows",
                          x ? "-W" : "-H");
    f->width = 2 * (f->radius + f->height);
    f->depth = (x ? extent_h : extent_w) * f->cell + f->wall;
    return MEIRO_OK;
}

meiro_status solid_frame_of(meiro_grid grid, unsigned wrap, double extent_w, double extent_h,
                            const solid_sizes *s, solid_frame *f, meiro_error *err)
{
    meiro_status st = solid_sizes_check(s, err);
    if (st != MEIRO_OK) return st;
    if (wrap == (MEIRO_WRAP_X | MEIRO_WRAP_Y))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--wrap xy makes a torus, which prints as no solid: a tube is --wrap x or y");
    if (wrap && s->lid)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--lid closes a flat print: a tube (--wrap) has none (a sleeve over it closes it)");
    memset(f, 0, sizeof *f);
    f->wall = s->wall ? s->wall : SOLID_WALL_MM;
    f->base = s->base ? s->base : SOLID_BASE_MM;
    f->corridor = s->ball ? s->ball + SOLID_CLEARANCE_MM : SOLID_CORRIDOR_MM;
    f->height = s->height ? s->height : s->ball ? s->ball + SOLID_CLEARANCE_MM : SOLID_HEIGHT_MM;
    /* the cell's side for that corridor at its narrowest: a door between
     * two posts (a hex's stand a third of a wall into it, a triangle's
     * twice as far), a triangle's room around the ball, a ring's cells at
     * their inner arc (3/4 of the ring's width at least: a ring doubles
     * its cells where they grow wider than 1.5) */
    switch (grid) {
    case MEIRO_GRID_HEX: f->cell = f->corridor + f->wall / sqrt(3); break;
    case MEIRO_GRID_TRIANGLE: f->cell = sqrt(3) * (f->corridor + f->wall); break;
    case MEIRO_GRID_POLAR: f->cell = (f->corridor + f->wall) / 0.75; break;
    default: f->cell = f->corridor + f->wall; break;
    }
    f->extent_h = extent_h;
    f->width = extent_w * f->cell + f->wall;
    f->depth = extent_h * f->cell + f->wall;
    f->path_width = fmin(2, f->corridor / 3);
    f->path_height = 1;
    f->pocket = fmin(1, f->base / 2);
    f->wrap = wrap;
    if (wrap && (st = tube_of(f, extent_w, extent_h, err)) != MEIRO_OK) return st;
    /* the lid, around the maze, is the larger part */
    double rim = s->lid ? 2 * (SOLID_LID_GAP_MM + f->wall) : 0;
    if (f->width + rim <= SOLID_BED_MM && f->depth + rim <= SOLID_BED_MM) return MEIRO_OK;
    return fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_TOO_BIG,
                      "this %s prints %.0f x %.0f mm with %gmm corridors%s: larger than a "
                      "printer's bed (%.0f mm); use fewer cells (-W/-H) or a smaller ball "
                      "(option: --ball)",
                      wrap ? "tube" : "maze", f->width + rim, f->depth + rim, f->corridor, s->lid ? ", its lid" : "",
                      SOLID_BED_MM);
}

void solid_remake(const meiro_maze *m, const solid_sizes *s, const char *format, char *buf,
                  size_t size)
{
    meiro_grid grid = meiro_maze_grid(m);
    uint64_t seed;
    size_t n = (size_t)snprintf(buf, size, "meiro generate");
#define ADD(...)                                                                                   \
    if (n < size) n += (size_t)snprintf(buf + n, size - n, __VA_ARGS__)
    if (grid != MEIRO_GRID_RECT) ADD(" --grid %s", meiro_grid_name(grid));
    if (grid != MEIRO_GRID_POLAR) ADD(" -W %lu", (unsigned long)meiro_maze_width(m));
    ADD(" -H %lu", (unsigned long)meiro_maze_height(m));
    if (*meiro_maze_shape(m)) ADD(" --shape %s", meiro_maze_shape(m));
    ADD(" -a %s", meiro_maze_algorithm(m));
    if (meiro_maze_seed(m, &seed)) ADD(" -s %llu", (unsigned long long)seed);
    if (s->ball) ADD(" --ball %gmm", s->ball);
    if (s->wall) ADD(" --wall %gmm", s->wall);
    if (s->height) ADD(" --wall-height %gmm", s->height);
    if (s->base) ADD(" --base %gmm", s->base);
    if (s->lid) ADD(" --lid");
    if (s->tactile) ADD(" --print tactile");
    ADD(" -f %s", format);
#undef ADD
}
