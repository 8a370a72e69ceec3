/* The tactile plate (tactile_plate.h): the sheet's parts laid out in mm as
 * on paper (y down), their heights set on a grid of PLATE_STEP_MM (the
 * highest part over each square), and the raised squares extruded as one
 * plan (solid/plan.h): squares meet edge to edge, so their union is one
 * closed mesh, stepped where a dot's dome or a symbol rises above a line;
 * the base a box under it. */
#define _POSIX_C_SOURCE 200809L
#include "job/tactile_plate.h"

#include "compose/tactile.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "page/braille.h"
#include "page/centre.h"
#include "page/layout.h"
#include "solid/plan.h"
#include "solid/solid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PLATE_MARGIN_MM 10.0
enum { BRAILLE_BYTES = 1024 };

/* A square's height, as a level: what rises highest over it */
enum { FLAT, DOT_FOOT, DOT_TOP, LINE, SYMBOL, LEVELS };

typedef struct plate {
    double w, h;    /* mm */
    size_t nx, ny;  /* squares */
    uint8_t *level; /* nx * ny, row by row from the top */
} plate;

/* Raises the squares whose centres `inside` says are in a shape within
 * box (x0, y0)-(x1, y1) to `level` */
typedef bool (*inside_fn)(const double *shape, double x, double y);

static void raise(plate *pl, const double *shape, inside_fn inside, double x0, double y0, double x1,
                  double y1, uint8_t level)
{
    double s = PLATE_STEP_MM;
    size_t i0 = x0 > 0 ? (size_t)(x0 / s) : 0, j0 = y0 > 0 ? (size_t)(y0 / s) : 0;
    for (size_t j = j0; j < pl->ny && (double)j * s <= y1; j++)
        for (size_t i = i0; i < pl->nx && (double)i * s <= x1; i++) {
            uint8_t *at = &pl->level[j * pl->nx + i];
            if (*at < level && inside(shape, ((double)i + 0.5) * s, ((double)j + 0.5) * s))
                *at = level;
        }
}

/* shape: x0, y0, x1, y1 of a line's centre; its ends square, half its
 * width on (a round end's tip would be a sliver on the grid) */
static bool in_line(const double *g, double x, double y)
{
    double dx = g[2] - g[0], dy = g[3] - g[1], len = hypot(dx, dy), w = TACTILE_LINE_MM / 2;
    if (len < 1e-9) return false;
    double along = ((x - g[0]) * dx + (y - g[1]) * dy) / len;
    double across = ((x - g[0]) * dy - (y - g[1]) * dx) / len;
    return fabs(across) <= w && along >= -w && along <= len + w;
}

/* shape: centre x, y and radius */
static bool in_disc(const double *g, double x, double y)
{
    return hypot(x - g[0], y - g[1]) <= g[2];
}

/* shape: centre x, y and half the side */
static bool in_square(const double *g, double x, double y)
{
    return fabs(x - g[0]) <= g[2] && fabs(y - g[1]) <= g[2];
}

static void line(plate *pl, const double *g)
{
    double r = TACTILE_LINE_MM / 2;
    raise(pl, g, in_line, fmin(g[0], g[2]) - r, fmin(g[1], g[3]) - r, fmax(g[0], g[2]) + r,
          fmax(g[1], g[3]) + r, LINE);
}

/* S (a disc) or G (a square), 13 mm across, at (x, y) */
static void symbol(plate *pl, bool goal, double x, double y)
{
    const double g[3] = {x, y, TACTILE_SYMBOL_MM / 2};
    raise(pl, g, goal ? in_square : in_disc, x - g[2], y - g[2], x + g[2], y + g[2], SYMBOL);
}

/* A braille dot: a foot 1.5 mm across, its top 0.9 mm */
static void dot(void *ctx, double x, double y)
{
    const double foot[3] = {x, y, BRAILLE_DOT_MM / 2}, top[3] = {x, y, BRAILLE_DOT_MM * 0.3};
    raise(ctx, foot, in_disc, x - foot[2], y - foot[2], x + foot[2], y + foot[2], DOT_FOOT);
    raise(ctx, top, in_disc, x - top[2], y - top[2], x + top[2], y + top[2], DOT_TOP);
}

/* The braille of text (english where liblouis has no table for the
 * language and the text is not in Latin letters, as on the sheet) */
static meiro_status braille_of(const char *lang, const char *text, const char *english, char *dots,
                               meiro_error *err)
{
    bool fallback;
    braille_table(lang, &fallback);
    for (const char *c = text; fallback && *c; c++)
        if (*c & 0x80) text = english;
    return braille_translate(lang, text, dots, BRAILLE_BYTES, err);
}

/* The plate's parts placed and raised on its squares */
static meiro_status lay_out(const meiro_maze *m, const meiro_export_options *opt, plate *pl,
                            meiro_error *err)
{
    /* a slanted or curved line on the grid is a staircase whose steps a
     * printer's checks (meiro preflight --print 3d) take for walls and
     * gaps too thin: a rectangle's lines lie along it */
    if (m->grid != MEIRO_GRID_RECT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                          "a tactile plate is a rectangle's maze (its lines along the printer's "
                          "grid), not a %s one's yet: its sheet is pdf, svg or png",
                          meiro_grid_name(meiro_maze_grid(m)));
    page_words words;
    page_words_for(opt, &words);
    const char *lang = words.labels->lang;
    const char *title = words.title ? words.title : words.labels->default_title;
    char head[BRAILLE_BYTES], key[2][BRAILLE_BYTES];
    const char *said[2] = {words.start ? words.start : "S", words.goal ? words.goal : "G"};
    meiro_status s = braille_of(lang, title, labels_for("en")->default_title, head, err);
    for (int k = 0; k < 2 && s == MEIRO_OK; k++)
        s = braille_of(lang, said[k], k ? "G" : "S", key[k], err);
    if (s != MEIRO_OK) return s;
    /* the maze under the title, at the sheet's cell */
    double mw, mh, M = PLATE_MARGIN_MM, top = M + BRAILLE_LINE_MM + TACTILE_APART_MM;
    maze_cells(m, &mw, &mh);
    box slot = {M, top, mw * TACTILE_CELL_MM + TACTILE_LINE_MM + 0.01,
                mh * TACTILE_CELL_MM + TACTILE_LINE_MM + 0.01};
    page_layout L = {0};
    s = layout_in_slot(mw, mh, 0, slot, false, TACTILE_CELL_MM, 0, TACTILE_LINE_MM, &L, err);
    if (s != MEIRO_OK) return s;
    /* the key under it: S, its label, G, its label */
    double ky = slot.y + slot.h + TACTILE_APART_MM + TACTILE_SYMBOL_MM / 2;
    double kx[2], lx[2], x = M;
    for (int k = 0; k < 2; k++) {
        kx[k] = x + TACTILE_SYMBOL_MM / 2;
        lx[k] = x + TACTILE_SYMBOL_MM + TACTILE_APART_MM;
        x = lx[k] + braille_width(key[k]) + 2 * TACTILE_APART_MM;
    }
    pl->w = fmax(fmax(slot.x + slot.w, x - 2 * TACTILE_APART_MM), M + braille_width(head)) + M;
    pl->h = ky + TACTILE_SYMBOL_MM / 2 + M;
    if (pl->w > SOLID_BED_MM || pl->h > SOLID_BED_MM)
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                          "a tactile plate of this maze takes %.0f x %.0f mm (cells of %g mm), "
                          "more than a printer's bed of %g mm: a smaller maze",
                          pl->w, pl->h, TACTILE_CELL_MM, SOLID_BED_MM);
    pl->nx = (size_t)ceil(pl->w / PLATE_STEP_MM);
    pl->ny = (size_t)ceil(pl->h / PLATE_STEP_MM);
    pl->w = (double)pl->nx * PLATE_STEP_MM, pl->h = (double)pl->ny * PLATE_STEP_MM;
    pl->level = zalloc(pl->nx * pl->ny, 1);
    double(*segs)[4] = NULL;
    size_t n = 0;
    if (!pl->level || !centre_segments(m, &L, &segs, &n))
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory raising the plate");
    braille_each_dot((pl->w - braille_width(head)) / 2, M, head, dot, pl);
    for (size_t i = 0; i < n; i++) line(pl, segs[i]);
    free(segs);
    grid_view v = grid_view_of(m, &L);
    const meiro_cell ends[2] = {m->start, m->goal};
    for (int k = 0; k < 2; k++) {
        double ex, ey;
        grid_view_centre(m, &v, grid_id(m, ends[k]), &ex, &ey);
        symbol(pl, k, ex, ey);
        symbol(pl, k, kx[k], ky);
        braille_each_dot(lx[k], ky - (2 * BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM) / 2, key[k], dot,
                         pl);
    }
    return MEIRO_OK;
}

/* Whether square (i, j) and the 3 x 3 around it all stand at `level` or
 * higher */
static bool block(const plate *pl, const uint8_t *level, size_t i, size_t j, uint8_t at)
{
    if (i == 0 || j == 0 || i + 1 >= pl->nx || j + 1 >= pl->ny) return false;
    for (size_t b = j - 1; b <= j + 1; b++)
        for (size_t a = i - 1; a <= i + 1; a++)
            if (level[b * pl->nx + a] < at) return false;
    return true;
}

/* What rises to a line's height and more keeps only where a 3 x 3 block
 * of squares does (an opening): the grid's nubs and slivers, a square or
 * two wide at a disc's edge, would print as walls too thin to stand (the
 * braille's domes, lower than a section 60 % up, keep their shape).
 * false without memory. */
static bool open_up(plate *pl)
{
    size_t n = pl->nx * pl->ny;
    uint8_t *was = malloc(n);
    if (!was) return false;
    memcpy(was, pl->level, n);
    for (size_t j = 0; j < pl->ny; j++)
        for (size_t i = 0; i < pl->nx; i++) {
            uint8_t *at = &pl->level[j * pl->nx + i];
            if (*at < LINE) continue;
            uint8_t kept = FLAT;
            for (uint8_t t = *at; t >= LINE && kept == FLAT; t--)
                for (size_t b = j ? j - 1 : 0; b <= j + 1 && b < pl->ny && kept == FLAT; b++)
                    for (size_t a = i ? i - 1 : 0; a <= i + 1 && a < pl->nx; a++)
                        if (block(pl, was, a, b, t)) {
                            kept = t;
                            break;
                        }
            *at = kept;
        }
    free(was);
    return true;
}

/* The raised squares as a plan, y up: each square filled from the base to
 * its level (layer l spans level l to l + 1); corners shared */
static meiro_status raised_plan(const plate *pl, plan *p, meiro_error *err)
{
    size_t cols = pl->nx + 1;
    uint32_t *corner = alloc_array((pl->ny + 1) * cols, sizeof *corner);
    if (!corner) return fail(err, MEIRO_ERROR_NOMEM, "out of memory raising the plate");
    memset(corner, 0xff, (pl->ny + 1) * cols * sizeof *corner);
    for (size_t j = 0; j < pl->ny && !p->nomem; j++)
        for (size_t i = 0; i < pl->nx && !p->nomem; i++) {
            uint8_t level = pl->level[j * pl->nx + i];
            if (level == FLAT) continue;
            /* counter-clockwise, y up: the square's bottom edge first */
            const size_t at[4][2] = {{i, j + 1}, {i + 1, j + 1}, {i + 1, j}, {i, j}};
            uint32_t c[4];
            for (int k = 0; k < 4; k++) {
                uint32_t *v = &corner[at[k][1] * cols + at[k][0]];
                if (*v == UINT32_MAX)
                    *v = plan_point(p, (double)at[k][0] * PLATE_STEP_MM,
                                    pl->h - (double)at[k][1] * PLATE_STEP_MM);
                c[k] = *v;
            }
            plan_convex(p, c, 4, (1u << level) - 1);
        }
    free(corner);
    return p->nomem ? fail(err, MEIRO_ERROR_NOMEM, "out of memory raising the plate") : MEIRO_OK;
}

meiro_status tactile_plate_write(const meiro_maze *m, const meiro_export_options *opt,
                                 meiro_format format, FILE *out, meiro_error *err)
{
    plate pl = {0};
    plan raised = {0}, base = {0};
    solid_model model = {0};
    meiro_status s = lay_out(m, opt, &pl, err);
    if (s == MEIRO_OK && !open_up(&pl))
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory raising the plate");
    if (s == MEIRO_OK) s = raised_plan(&pl, &raised, err);
    free(pl.level);
    const double b = SOLID_BASE_MM;
    const double z[LEVELS] = {b, b + PLATE_DOT_FOOT_MM, b + PLATE_DOT_MM, b + PLATE_LINE_MM,
                              b + PLATE_SYMBOL_MM};
    if (s == MEIRO_OK)
        s = plan_extrude(&raised, 0, LEVELS - 1, z, 0, 0, &model.part[SOLID_MAZE], err);
    if (s == MEIRO_OK) {
        const uint32_t c[4] = {plan_point(&base, 0, 0), plan_point(&base, pl.w, 0),
                               plan_point(&base, pl.w, pl.h), plan_point(&base, 0, pl.h)};
        plan_convex(&base, c, 4, 1);
        const double zb[2] = {0, b};
        s = base.nomem ? fail(err, MEIRO_ERROR_NOMEM, "out of memory raising the plate")
                       : plan_extrude(&base, 0, 1, zb, 0, 0, &model.part[SOLID_MAZE], err);
    }
    plan_free(&raised);
    plan_free(&base);
    static const solid_sizes sizes = {.tactile = true};
    if (s == MEIRO_OK)
        s = format == MEIRO_FORMAT_3MF
                ? write_3mf_model(m, &model, &sizes, out, err)
                : write_stl_model(m, &model, format == MEIRO_FORMAT_STL_ASCII, out, err);
    solid_model_free(&model);
    return s;
}
