/* The built-in shapes: each the outline of templates/shapes/NAME.svg (the
 * picture the studio shows), stored here as its parts, filled (and, where
 * the picture strokes them, stroked with a round pen) by meiro's own
 * rasteriser: a shape's mask is the same wherever meiro runs. test_shape
 * checks each against its picture drawn by librsvg. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/names.h"
#include "glyph/raster.h"
#include "glyph/text_mask.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const meiro_algorithm_desc shapes[] = {
    {"heart", "love", "a heart"},
    {"star", "", "a five-pointed star with round tips"},
    {"circle", "round disc", "a circle"},
    {"apple", "", "an apple with its stem and a leaf"},
    {"fish", "", "a fish swimming right"},
    {"cat", "neko", "a cat's head with its ears"},
    {"house", "home", "a house with a roof, a chimney and a door"},
    {"cloud", "", "a cloud"},
    {"flower", "", "a flower with five round petals"},
    {"tree", "", "a round tree on its trunk"},
    {"car", "", "a car on its wheels"},
    {"bear", "teddy", "a teddy bear sitting, arms and feet out"},
};

enum { SHAPE_COUNT = sizeof shapes / sizeof shapes[0] };

/* The least grid at which each shape reads (its ears, wheels, chimney or
 * petals two cells or more across, with a cell between them), in its
 * aspect: found by looking at the masks, and checked by test_shape (the
 * cells cover the silhouette, intersection over union 0.8 or more). */
static const struct {
    uint8_t w, h;
} least_grid[] = {
    {12, 11}, {15, 14}, {12, 12}, {15, 16}, {16, 10}, {13, 12},
    {14, 14}, {16, 10}, {14, 14}, {11, 12}, {16, 10}, {14, 18},
};

_Static_assert(sizeof least_grid / sizeof least_grid[0] == SHAPE_COUNT,
               "a least grid for every shape");

/* A part of a shape, in the SVG's units: a path ('p', the SVG path data's
 * absolute M, L, Q, C and Z), an ellipse ('e': cx, cy, rx, ry, turned by
 * degrees; a circle has rx == ry) or a rectangle with round corners ('r':
 * x, y, width, height, corner radius); stroked `stroke` wide if not 0. */
typedef struct part {
    char kind;
    const char *d;
    double v[5];
    double stroke;
} part;

#define PATH(d, stroke) {'p', d, {0}, stroke}
#define CIRCLE(cx, cy, r) {'e', NULL, {cx, cy, r, r, 0}, 0}
#define ELLIPSE(cx, cy, rx, ry, deg) {'e', NULL, {cx, cy, rx, ry, deg}, 0}
#define RECT(x, y, w, h, r) {'r', NULL, {x, y, w, h, r}, 0}
#define END {0, NULL, {0}, 0}

/* At most this many parts a shape (the bear's). */
enum { MAX_PARTS = 9 };

static const part outlines[SHAPE_COUNT][MAX_PARTS + 1] = {
    {PATH("M50 90 C30 74 2 56 2 30 C2 12 14 2 28 2 C38 2 46 8 50 18 C54 8 62 2 72 2 C86 2 98 12 98 30 "
          "C98 56 70 74 50 90 Z",
          0),
     END},
    {PATH("M50.0 7.0 L64.1 33.6 L93.7 38.8 L72.8 60.4 L77.0 90.2 L50.0 77.0 L23.0 90.2 L27.2 60.4 "
          "L6.3 38.8 L35.9 33.6 Z",
          8),
     END},
    {CIRCLE(50, 50, 50), END},
    {PATH("M50 46 C36 26 4 28 4 66 C4 94 24 108 38 108 C44 108 46 103 50 103 C54 103 56 108 62 108 "
          "C76 108 96 94 96 66 C96 28 64 26 50 46 Z",
          0),
     PATH("M45 46 L43 4 L55 4 L55 46 Z", 0), ELLIPSE(72, 18, 20, 10, -20), END},
    {ELLIPSE(78, 40, 40, 29, 0), PATH("M5 6 L52 40 L5 74 Q14 40 5 6 Z", 8), END},
    {ELLIPSE(50, 56, 47, 33, 0), PATH("M9 46 L14 5 L46 26 Z M91 46 L86 5 L54 26 Z", 6), END},
    {PATH("M0 52 L50 8 L100 52 Z", 0), RECT(66, 2, 17, 36, 0),
     PATH("M12 46 L88 46 L88 98 L59 98 L59 70 L41 70 L41 98 L12 98 Z", 0), END},
    {RECT(2, 36, 96, 24, 12), CIRCLE(26, 34, 18), CIRCLE(60, 26, 22), CIRCLE(86, 44, 12), END},
    {CIRCLE(50, 51, 24), CIRCLE(50.0, 17.0, 15), CIRCLE(82.3, 40.5, 15), CIRCLE(70.0, 78.5, 15),
     CIRCLE(30.0, 78.5, 15), CIRCLE(17.7, 40.5, 15), END},
    {CIRCLE(50, 32, 30), CIRCLE(26, 50, 24), CIRCLE(74, 50, 24), CIRCLE(50, 60, 26),
     PATH("M39 70 L61 70 L62 96 L72 100 L72 108 L28 108 L28 100 L38 96 Z", 0), END},
    {RECT(2, 30, 116, 30, 8),
     PATH("M26 34 L38 8 C39 5 41 4 44 4 L78 4 C81 4 83 5 84 8 L96 34 Z", 0), CIRCLE(30, 62, 14),
     CIRCLE(90, 62, 14), END},
    {CIRCLE(50, 27, 20), CIRCLE(31, 11, 9), CIRCLE(69, 11, 9), ELLIPSE(50, 66, 23, 25, 0),
     ELLIPSE(24, 56, 9, 15, 35), ELLIPSE(76, 56, 9, 15, -35), CIRCLE(31, 88, 11),
     CIRCLE(69, 88, 11), END},
};

size_t glyph_shape_count(void) { return SHAPE_COUNT; }

const meiro_algorithm_desc *glyph_shape_info(size_t index)
{
    return index < SHAPE_COUNT ? &shapes[index] : NULL;
}

int glyph_shape_find(const char *name)
{
    size_t len = strlen(name);
    for (size_t i = 0; i < SHAPE_COUNT; i++)
        if (name_in_list(shapes[i].name, name, len, true) ||
            name_in_list(shapes[i].aliases, name, len, true))
            return (int)i;
    return -1;
}

void glyph_shape_min_grid(size_t index, uint32_t *width, uint32_t *height)
{
    *width = least_grid[index].w;
    *height = least_grid[index].h;
}

/* The numbers after a command of path data d (at p), at most 6. */
static size_t numbers(const char **p, double *v)
{
    size_t n = 0;
    for (;;) {
        while (**p == ' ' || **p == ',') (*p)++;
        char *end;
        double x = strtod(*p, &end);
        if (end == *p || n == 6) return n;
        v[n++] = x;
        *p = end;
    }
}

/* Path data (the subset the parts use, written above) into o. */
static void path(pen_path *o, const char *d)
{
    for (const char *p = d; *p;) {
        char c = *p++;
        double v[6];
        size_t n = numbers(&p, v);
        if (c == 'M' && n == 2) pen_move(o, v[0], v[1]);
        else if (c == 'L' && n == 2) pen_line(o, v[0], v[1]);
        else if (c == 'Q' && n == 4) pen_quad(o, v[0], v[1], v[2], v[3]);
        else if (c == 'C' && n == 6) pen_cubic(o, v[0], v[1], v[2], v[3], v[4], v[5]);
        else if (c == 'Z') pen_close(o);
    }
    pen_close(o);
}

/* A rectangle whose corners are quarter circles of radius r (0: square). */
static void rounded_rect(pen_path *o, const double *v)
{
    double x = v[0], y = v[1], w = v[2], h = v[3], r = fmin(v[4], fmin(w, h) / 2);
    /* a quarter circle as one cubic (the usual 0.5523 of the radius) */
    double k = r * (1 - 0.5522847498);
    pen_move(o, x + r, y);
    pen_line(o, x + w - r, y);
    pen_cubic(o, x + w - k, y, x + w, y + k, x + w, y + r);
    pen_line(o, x + w, y + h - r);
    pen_cubic(o, x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pen_line(o, x + r, y + h);
    pen_cubic(o, x + k, y + h, x, y + h - k, x, y + h - r);
    pen_line(o, x, y + r);
    pen_cubic(o, x, y + k, x + k, y, x + r, y);
    pen_close(o);
}

/* Shape `index`'s parts through map m (its units to cells). */
static size_t shape_parts(size_t index, const double *m, pen_path *o)
{
    static const double units[6] = {1, 0, 0, 1, 0, 0};
    if (!m) m = units;
    size_t n = 0;
    for (const part *p = outlines[index]; p->kind; p++, n++) {
        pen_init(&o[n], m, p->stroke * sqrt(fabs(m[0] * m[3] - m[1] * m[2])));
        if (p->kind == 'p') path(&o[n], p->d);
        else if (p->kind == 'e') pen_ellipse(&o[n], p->v[0], p->v[1], p->v[2], p->v[3], p->v[4]);
        else rounded_rect(&o[n], p->v);
    }
    return n;
}

meiro_status glyph_shape_mask(size_t index, uint32_t width, uint32_t height, uint8_t *mask,
                              meiro_error *err)
{
    pen_path o[MAX_PARTS];
    /* the box in the shape's own units first, then the map that fits it
     * to the grid, centred */
    size_t n = shape_parts(index, NULL, o);
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    bool nomem = false;
    for (size_t i = 0; i < n; i++) {
        double a, b, c, d;
        nomem = nomem || o[i].nomem;
        if (pen_box(&o[i], &a, &b, &c, &d))
            x0 = fmin(x0, a), y0 = fmin(y0, b), x1 = fmax(x1, c), y1 = fmax(y1, d);
        pen_free(&o[i]);
    }
    if (nomem) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for a shape");
    double scale = fmin(width / (x1 - x0), height / (y1 - y0));
    const double m[6] = {scale, 0, 0, scale, (width - (x1 - x0) * scale) / 2 - x0 * scale,
                         (height - (y1 - y0) * scale) / 2 - y0 * scale};
    n = shape_parts(index, m, o);
    meiro_status s = raster_fill(o, n, raster_samples((uint64_t)width * height), mask, width, 0, 0,
                                 width, height, err);
    for (size_t i = 0; i < n; i++) pen_free(&o[i]);
    return s;
}
