/* Masks for shaped mazes: a built-in shape, an SVG, PNG, JPEG, GIF or BMP
 * silhouette (a line drawing filled), or a text set in a bold font,
 * rasterised onto a grid of cells (a cell is inside when at least half of
 * it is covered). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/names.h"
#include "core/utf8.h"
#include "page/template.h"
#include "render/draw_libs.h"
#include "render/module.h"
#include "render/picture.h"
#include "render/text_mask.h"

#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The built-in shapes ---------------------------------------------- */

/* Each is templates/shapes/NAME.svg, compiled in. */
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

size_t render_shape_count(void) { return SHAPE_COUNT; }

const meiro_algorithm_desc *render_shape_info(size_t index)
{
    return index < SHAPE_COUNT ? &shapes[index] : NULL;
}

static const meiro_algorithm_desc *find_shape(const char *name);

bool render_shape_min_grid(const char *shape, uint32_t *width, uint32_t *height)
{
    const meiro_algorithm_desc *d = shape && shape[0] ? find_shape(shape) : NULL;
    size_t k = d ? (size_t)(d - shapes) : 0;
    *width = d ? least_grid[k].w : MEIRO_SHAPE_MIN_SIDE;
    *height = d ? least_grid[k].h : MEIRO_SHAPE_MIN_SIDE;
    return d != NULL;
}

/* A built-in shape by name or alias, in any case ("Heart"). */
static const meiro_algorithm_desc *find_shape(const char *name)
{
    size_t len = strlen(name);
    for (size_t i = 0; i < SHAPE_COUNT; i++)
        if (name_in_list(shapes[i].name, name, len, true) ||
            name_in_list(shapes[i].aliases, name, len, true))
            return &shapes[i];
    return NULL;
}

/* ---- Rasterising ------------------------------------------------------ */

/* Pixels per cell side: 8 x 8 samples per cell, fewer on grids of more
 * than a million cells so that the work stays near 64 million pixels. */
static unsigned samples_per_cell(uint64_t cells)
{
    if (cells <= (1u << 20)) return 8;
    unsigned s = (unsigned)sqrt((double)(1u << 26) / (double)cells);
    return s < 1 ? 1 : s;
}

enum { TILE_PX = 1024 };

/* How a pixel of a picture counts as inside. INK_OPAQUE is 1, so that
 * `true` asks for it. */
typedef enum ink {
    INK_DARK = 0,    /* a picture opaque all over: dark once laid on white */
    INK_OPAQUE = 1,  /* opaque (text, a filled silhouette, a white shape on nothing) */
    INK_COLOURED = 2 /* opaque and not white: white fill is background, as on paper */
} ink;

/* A colour channel at or above this, laid on white, is white. */
enum { NEAR_WHITE = 230 };

/* Whether a pixel (premultiplied ARGB) is inside the silhouette. */
static inline bool pixel_inside(uint32_t p, int mode)
{
    unsigned a = p >> 24;
    if (mode == INK_OPAQUE) return a >= 128;
    unsigned r = ((p >> 16) & 0xff) + 255 - a, g = ((p >> 8) & 0xff) + 255 - a,
             b = (p & 0xff) + 255 - a;
    if (mode == INK_COLOURED)
        return a >= 128 && (r < NEAR_WHITE || g < NEAR_WHITE || b < NEAR_WHITE);
    return 54 * r + 183 * g + 19 * b < 128 * 256;
}

/* Draws a silhouette in the coordinates of the grid (1 unit = 1 cell). */
typedef meiro_status (*paint_fn)(cairo_t *cr, const void *ctx, meiro_error *err);

/* Sets the cells of [x0, x0 + w) x [y0, y0 + h) that the painting covers
 * at least half to 1 in mask (stride cells a row), leaving the others as
 * they are; tile by tile, so that any grid fits in a small surface. */
static meiro_status rasterise(paint_fn paint, const void *ctx, int mode, unsigned s, uint8_t *mask,
                              uint32_t stride, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h,
                              meiro_error *err)
{
    uint32_t tile = TILE_PX / s;
    int pw = (int)((w < tile ? w : tile) * s), ph = (int)((h < tile ? h : tile) * s);
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph);
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surf);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    meiro_status st = MEIRO_OK;
    unsigned half = (s * s + 1) / 2;
    for (uint32_t ty = y0; ty < y0 + h && st == MEIRO_OK; ty += tile) {
        for (uint32_t tx = x0; tx < x0 + w && st == MEIRO_OK; tx += tile) {
            cairo_t *cr = cairo_create(surf);
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
            cairo_paint(cr);
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
            cairo_scale(cr, s, s);
            cairo_translate(cr, -(double)tx, -(double)ty);
            st = paint(cr, ctx, err);
            if (st == MEIRO_OK && cairo_status(cr) != CAIRO_STATUS_SUCCESS)
                st = fail(err, MEIRO_ERROR_NOMEM, "drawing the shape failed: %s",
                          cairo_status_to_string(cairo_status(cr)));
            cairo_destroy(cr);
            if (st != MEIRO_OK) break;
            cairo_surface_flush(surf);
            const unsigned char *data = cairo_image_surface_get_data(surf);
            int row_bytes = cairo_image_surface_get_stride(surf);
            uint32_t cw = x0 + w - tx < tile ? x0 + w - tx : tile,
                     ch = y0 + h - ty < tile ? y0 + h - ty : tile;
            for (uint32_t cy = 0; cy < ch; cy++) {
                for (uint32_t cx = 0; cx < cw; cx++) {
                    unsigned count = 0;
                    for (unsigned j = 0; j < s; j++) {
                        const unsigned char *line = data + (size_t)(cy * s + j) * (size_t)row_bytes;
                        const uint32_t *row = (const uint32_t *)(const void *)line;
                        for (unsigned i = 0; i < s; i++)
                            count += pixel_inside(row[cx * s + i], mode);
                    }
                    if (count >= half) mask[(size_t)(ty + cy) * stride + tx + cx] = 1;
                }
            }
        }
    }
    cairo_surface_destroy(surf);
    return st;
}

/* ---- Pictures: SVG and PNG -------------------------------------------- */

/* A shape file is read whole, at most this big. */
enum { SHAPE_MAX_BYTES = 16 << 20 };
/* Drawing a shape file gets this long and this much memory beside what
 * meiro already uses (picture.h): half a second, and up to a second more
 * as the grid grows to a million cells, past which its mask is sampled in
 * the same 64 million pixels. */
#define SHAPE_SECONDS(cells) (0.5 + fmin((double)(cells), 1 << 20) / (1 << 20))
enum { SHAPE_MEGABYTES = 256 };

/* A picture: a raster (a PNG, JPEG, GIF or BMP, or the silhouette of a
 * filled line drawing) as an image whose pixels are its units, or an SVG
 * (drawn again for each tile of the mask: cairo 1.16 shifts a recording
 * replayed into a tile that starts inside it), and where its silhouette
 * lies. */
typedef struct picture {
    cairo_surface_t *raster;
    RsvgHandle *svg;
    double svg_w, svg_h;       /* the SVG's units in the picture's */
    ink mode;                  /* which pixels are inside */
    bool filled;               /* a line drawing, its outlines filled */
    double bx0, by0, bx1, by1; /* the silhouette's bounding box */
    double scale, ox, oy;      /* picture units to cells: x * scale + ox */
} picture;

static meiro_status paint_picture(cairo_t *cr, const void *ctx, meiro_error *err)
{
    const picture *p = ctx;
    cairo_translate(cr, p->ox, p->oy);
    cairo_scale(cr, p->scale, p->scale);
    if (p->raster) {
        cairo_set_source_surface(cr, p->raster, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
        cairo_paint(cr);
        return MEIRO_OK;
    }
    RsvgRectangle view = {0, 0, p->svg_w, p->svg_h};
    GError *gerr = NULL;
    if (lib_rsvg()->rsvg_handle_render_document(p->svg, cr, &view, &gerr)) return MEIRO_OK;
    meiro_status s = fail(err, MEIRO_ERROR_PARSE, "the SVG cannot be drawn: %s",
                          gerr ? gerr->message : "librsvg failed");
    if (gerr) g_error_free(gerr);
    return s;
}

static void picture_free(picture *p)
{
    if (p->svg) g_object_unref(p->svg);
    cairo_surface_destroy(p->raster);
}

/* Reads a whole file (at most SHAPE_MAX_BYTES). */
static meiro_status read_file(const char *path, unsigned char **data, size_t *size,
                              meiro_error *err)
{
    *data = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, MEIRO_ERROR_IO, "cannot read shape file '%s': %s", path, strerror(errno));
    size_t cap = 0, n = 0;
    unsigned char *buf = NULL;
    meiro_status s = MEIRO_OK;
    for (;;) {
        if (n == cap) {
            size_t grow = cap ? cap * 2 : 1 << 16;
            unsigned char *more = realloc_array(buf, grow, 1);
            if (!more) {
                s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading '%s'", path);
                break;
            }
            buf = more;
            cap = grow;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                s = fail(err, MEIRO_ERROR_IO, "cannot read shape file '%s': %s", path,
                         strerror(errno));
            break;
        }
        if (n > SHAPE_MAX_BYTES) {
            s = fail(err, MEIRO_ERROR_TOO_BIG, "shape file '%s' is larger than %d MiB: refused",
                     path, SHAPE_MAX_BYTES >> 20);
            break;
        }
    }
    fclose(f);
    if (s != MEIRO_OK) {
        free(buf);
        return s;
    }
    *data = buf;
    *size = n;
    return MEIRO_OK;
}

/* ---- PNG, decoded in strips and shrunk as it comes ---- */

/* The decoder's state, on the heap: libpng leaves by longjmp. */
typedef struct shape_png_reader {
    const unsigned char *data;
    size_t size, pos;
    char message[160];
    unsigned char *row; /* one decoded row, RGBA */
    uint32_t *acc;      /* sums of premultiplied ARGB per output pixel */
    cairo_surface_t *out;
} shape_png_reader;

static void on_png_read(png_structp png, png_bytep to, png_size_t n)
{
    shape_png_reader *r = png_get_io_ptr(png);
    if (n > r->size - r->pos) png_error(png, "the file ends too soon");
    memcpy(to, r->data + r->pos, n);
    r->pos += n;
}

static void on_png_error(png_structp png, png_const_charp message)
{
    shape_png_reader *r = png_get_error_ptr(png);
    snprintf(r->message, sizeof r->message, "%s", message);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message;
}

/* Output rows [y0, y0 + rows) of acc (sums of f x f pixels or fewer at the
 * edges) into the surface, as their averages. */
static void reader_flush_rows(shape_png_reader *r, uint32_t y0, uint32_t rows, uint32_t f,
                              uint32_t w, uint32_t h)
{
    int ow = cairo_image_surface_get_width(r->out), stride = cairo_image_surface_get_stride(r->out);
    unsigned char *px = cairo_image_surface_get_data(r->out);
    for (uint32_t j = 0; j < rows; j++) {
        uint32_t ty = y0 + j, ny = h - ty * f < f ? h - ty * f : f;
        uint32_t *dst = (uint32_t *)(void *)(px + (size_t)ty * (size_t)stride);
        for (int tx = 0; tx < ow; tx++) {
            uint32_t nx = w - (uint32_t)tx * f < f ? w - (uint32_t)tx * f : f, n = nx * ny;
            const uint32_t *a = r->acc + ((size_t)j * (size_t)ow + (size_t)tx) * 4;
            dst[tx] = (a[0] + n / 2) / n << 24 | (a[1] + n / 2) / n << 16 |
                      (a[2] + n / 2) / n << 8 | (a[3] + n / 2) / n;
        }
    }
}

/* Reads a PNG (any kind: libpng turns rows into 8-bit RGBA) into a
 * surface of premultiplied ARGB at most `side` pixels on its longer side:
 * f x f pixels are averaged into one (f the least that fits), row by row,
 * so no more than one row of the picture is ever held whole. An
 * interlaced PNG comes in seven passes over the picture: its sums are
 * held for the whole output, which is kept to 1024 pixels a side. */
static meiro_status read_png(const unsigned char *data, size_t size, const char *what,
                             unsigned side, cairo_surface_t **out, meiro_error *err)
{
    *out = NULL;
    uint32_t w, h;
    if (!picture_png_size(data, size, &w, &h))
        return fail(err, MEIRO_ERROR_PARSE, "%s is not a readable PNG image", what);
    if (w == 0 || h == 0 || w > 32767 || h > 32767 || (uint64_t)w * h > PICTURE_MAX_PIXELS)
        return fail(err, MEIRO_ERROR_TOO_BIG,
                    "%s is %lu x %lu pixels: at most 32767 a side and %u megapixels", what,
                    (unsigned long)w, (unsigned long)h, PICTURE_MAX_PIXELS >> 20);
    shape_png_reader *r = zalloc(1, sizeof *r);
    if (!r) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    r->data = data;
    r->size = size;
    png_structp png =
        png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    meiro_status s = MEIRO_OK;
    if (!info) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
        goto done;
    }
    if (setjmp(png_jmpbuf(png))) {
        s = strstr(r->message, "memory")
                ? fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what)
                : fail(err, MEIRO_ERROR_PARSE, "%s is not a readable PNG image: %s", what,
                       r->message);
        goto done;
    }
    png_set_read_fn(png, r, on_png_read);
    png_set_user_limits(png, 32767, 32767);
    png_set_chunk_malloc_max(png, 4 << 20); /* compressed text and profiles */
    png_read_info(png, info);
    bool interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    unsigned most = interlaced && side > 1024 ? 1024 : side;
    uint32_t f = 1;
    while ((w + f - 1) / f > most || (h + f - 1) / f > most) f++;
    uint32_t ow = (w + f - 1) / f, oh = (h + f - 1) / f, acc_rows = interlaced ? oh : 1;
    r->row = alloc_array(png_get_rowbytes(png, info), 1);
    r->acc = zalloc((size_t)ow * acc_rows, 4 * sizeof *r->acc);
    r->out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ow, (int)oh);
    if (!r->row || !r->acc || cairo_surface_status(r->out) != CAIRO_STATUS_SUCCESS) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
        goto done;
    }
    cairo_surface_flush(r->out);
    for (int pass = 0; pass < (interlaced ? 7 : 1); pass++) {
        uint32_t cols = interlaced ? PNG_PASS_COLS(w, pass) : w,
                 rows = interlaced ? PNG_PASS_ROWS(h, pass) : h;
        if (cols == 0) continue;
        for (uint32_t y = 0; y < rows; y++) {
            png_read_row(png, r->row, NULL);
            uint32_t iy = interlaced ? PNG_ROW_FROM_PASS_ROW(y, pass) : y;
            uint32_t *acc = r->acc + (size_t)(interlaced ? iy / f : 0) * ow * 4;
            for (uint32_t x = 0; x < cols; x++) {
                const unsigned char *c = r->row + 4 * (size_t)x;
                uint32_t ix = interlaced ? PNG_COL_FROM_PASS_COL(x, pass) : x, a = c[3];
                uint32_t *sum = acc + (size_t)(ix / f) * 4;
                sum[0] += a;
                sum[1] += (c[0] * a + 127) / 255;
                sum[2] += (c[1] * a + 127) / 255;
                sum[3] += (c[2] * a + 127) / 255;
            }
            if (!interlaced &&
                ((y + 1) % f == 0 || y + 1 == h)) { /* a row of the output is complete */
                reader_flush_rows(r, y / f, 1, f, w, h);
                memset(r->acc, 0, (size_t)ow * 4 * sizeof *r->acc);
            }
        }
    }
    if (interlaced) reader_flush_rows(r, 0, oh, f, w, h);
    cairo_surface_mark_dirty(r->out);
    *out = r->out;
    r->out = NULL;
done:
    png_destroy_read_struct(png ? &png : NULL, info ? &info : NULL, NULL);
    cairo_surface_destroy(r->out);
    free(r->row);
    free(r->acc);
    free(r);
    return s;
}

/* The silhouette's box in an ARGB32 image of the picture, in p->mode;
 * false if nothing is inside. */
static bool silhouette_box(cairo_surface_t *img, picture *p)
{
    const unsigned char *data = cairo_image_surface_get_data(img);
    int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    int stride = cairo_image_surface_get_stride(img);
    int x0 = w, y0 = h, x1 = -1, y1 = -1;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            if (!pixel_inside(row[x], p->mode)) continue;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            y1 = y;
        }
    }
    if (x1 < 0) return false;
    p->bx0 = x0;
    p->by0 = y0;
    p->bx1 = x1 + 1;
    p->by1 = y1 + 1;
    return true;
}

/* Finds the mode and the silhouette's box in an ARGB32 image of the
 * picture; false if nothing is inside. A picture with some pixel less
 * than half opaque has its coloured parts inside (white ones are
 * background, as on paper), or its opaque ones when it is only white; a
 * picture opaque all over has its dark parts inside. */
static bool analyse(cairo_surface_t *img, picture *p)
{
    cairo_surface_flush(img);
    const unsigned char *data = cairo_image_surface_get_data(img);
    int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    int stride = cairo_image_surface_get_stride(img);
    p->mode = INK_DARK;
    for (int y = 0; y < h && p->mode == INK_DARK; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++)
            if ((row[x] >> 24) < 128) {
                p->mode = INK_COLOURED;
                break;
            }
    }
    if (silhouette_box(img, p)) return true;
    if (p->mode != INK_COLOURED) return false;
    p->mode = INK_OPAQUE;
    return silhouette_box(img, p);
}

/* ---- Line drawings ---- */

/* Whether a pixel has any ink in mode: faint lines count too (a line a
 * pixel wide, shrunk with the picture, is grey), so that they close an
 * outline. `faint` is the luminance (x 256) below which a pixel of an
 * opaque picture is ink. */
static inline bool pixel_ink(uint32_t p, int mode, unsigned faint)
{
    unsigned a = p >> 24;
    if (mode == INK_OPAQUE) return a >= 32;
    unsigned r = ((p >> 16) & 0xff) + 255 - a, g = ((p >> 8) & 0xff) + 255 - a,
             b = (p & 0xff) + 255 - a;
    if (mode == INK_COLOURED)
        return a >= 32 && (r < NEAR_WHITE || g < NEAR_WHITE || b < NEAR_WHITE);
    return 54 * r + 183 * g + 19 * b < faint;
}

enum { LINE_INK = 1, LINE_NEAR = 2, LINE_ROW = 4, LINE_OUT = 8 };

/* A stack of pixels, grown as needed. */
typedef struct pixel_stack {
    uint32_t *v;
    size_t n, cap;
} pixel_stack;

static bool stack_push(pixel_stack *st, uint32_t v)
{
    if (st->n == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 1024;
        uint32_t *more = realloc_array(st->v, cap, sizeof *more);
        if (!more) return false;
        st->v = more;
        st->cap = cap;
    }
    st->v[st->n++] = v;
    return true;
}

/* Marks LINE_OUT on the pixels reached from pixel `seed` through pixels
 * neither near ink nor reached (4-connected, so that a line of diagonal
 * steps closes): one span of a row at a time, each span seeding the runs
 * above and below it, so the work is linear in the pixels. */
static bool flood_out(uint8_t *map, uint32_t w, uint32_t h, uint32_t seed, pixel_stack *st)
{
    if (map[seed] & (LINE_NEAR | LINE_OUT)) return true;
    st->n = 0;
    if (!stack_push(st, seed)) return false;
    while (st->n) {
        uint32_t v = st->v[--st->n], y = v / w, l = v % w, r = l;
        uint8_t *row = map + (size_t)y * w;
        if (row[l] & (LINE_NEAR | LINE_OUT)) continue;
        while (l > 0 && !(row[l - 1] & (LINE_NEAR | LINE_OUT))) l--;
        while (r + 1 < w && !(row[r + 1] & (LINE_NEAR | LINE_OUT))) r++;
        for (uint32_t x = l; x <= r; x++) row[x] |= LINE_OUT;
        for (int k = 0; k < 2; k++) {
            if ((k == 0 && y == 0) || (k == 1 && y + 1 == h)) continue;
            uint32_t ny = k == 0 ? y - 1 : y + 1;
            const uint8_t *next = map + (size_t)ny * w;
            bool run = false;
            for (uint32_t x = l; x <= r; x++) {
                bool open = !(next[x] & (LINE_NEAR | LINE_OUT));
                if (open && !run && !stack_push(st, ny * w + x)) return false;
                run = open;
            }
        }
    }
    return true;
}

/* A line drawing (an outline, a shape drawn but not filled) becomes its
 * inside: what no way from the picture's edge reaches without crossing or
 * touching ink. This is done when that inside, the ink aside, is more
 * than twice the ink: a silhouette with holes (a cat's white eyes, a
 * ring) keeps them. The picture is then that silhouette, a raster of the
 * image's size, opaque inside. */
static meiro_status fill_outlines(cairo_surface_t *img, picture *p, const char *what,
                                  meiro_error *err)
{
    const unsigned char *data = cairo_image_surface_get_data(img);
    uint32_t w = (uint32_t)cairo_image_surface_get_width(img),
             h = (uint32_t)cairo_image_surface_get_height(img);
    int stride = cairo_image_surface_get_stride(img);
    if (w < 3 || h < 3) return MEIRO_OK;
    /* an opaque picture's ink is what is darker than a quarter of the way
     * from its edge's shade (paper, a scan's grey) to the middle grey */
    double edge = 0;
    for (uint32_t y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (uint32_t x = 0; x < w; x += (y == 0 || y + 1 == h) ? 1 : w - 1) {
            uint32_t c = row[x];
            unsigned a = c >> 24;
            edge += 54 * (((c >> 16) & 0xff) + 255 - a) + 183 * (((c >> 8) & 0xff) + 255 - a) +
                    19 * ((c & 0xff) + 255 - a);
        }
    }
    edge /= 2.0 * (w + h) - 4;
    unsigned faint = (unsigned)fmax(128 * 256, 128 * 256 + (edge - 128 * 256) * 0.75);
    uint8_t *map = zalloc((size_t)w * h, 1);
    pixel_stack st = {0};
    meiro_status s = MEIRO_OK;
    cairo_surface_t *sil = NULL;
    if (!map) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
        goto done;
    }
    uint64_t strong = 0;
    for (uint32_t y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        uint8_t *m = map + (size_t)y * w;
        for (uint32_t x = 0; x < w; x++) {
            strong += pixel_inside(row[x], p->mode);
            if (pixel_ink(row[x], p->mode, faint)) m[x] = LINE_INK;
        }
    }
    /* near ink: within a pixel of it, so a gap of two pixels closes */
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *m = map + (size_t)y * w;
        for (uint32_t x = 0; x < w; x++)
            if ((m[x] & LINE_INK) || (x > 0 && (m[x - 1] & LINE_INK)) ||
                (x + 1 < w && (m[x + 1] & LINE_INK)))
                m[x] |= LINE_ROW;
    }
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *m = map + (size_t)y * w;
        for (uint32_t x = 0; x < w; x++)
            if ((m[x] & LINE_ROW) || (y > 0 && ((m - w)[x] & LINE_ROW)) ||
                (y + 1 < h && ((m + w)[x] & LINE_ROW)))
                m[x] |= LINE_NEAR;
    }
    for (uint32_t x = 0; x < w && s == MEIRO_OK; x++)
        if (!flood_out(map, w, h, x, &st) || !flood_out(map, w, h, (h - 1) * w + x, &st))
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    for (uint32_t y = 1; y + 1 < h && s == MEIRO_OK; y++)
        if (!flood_out(map, w, h, y * w, &st) || !flood_out(map, w, h, y * w + w - 1, &st))
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    if (s != MEIRO_OK) goto done;
    uint64_t enclosed = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) enclosed += !(map[i] & (LINE_NEAR | LINE_OUT));
    if (enclosed <= 2 * strong) goto done;
    sil = cairo_image_surface_create(CAIRO_FORMAT_A8, (int)w, (int)h); /* painted as black */
    if (cairo_surface_status(sil) != CAIRO_STATUS_SUCCESS) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
        goto done;
    }
    cairo_surface_flush(sil);
    unsigned char *out = cairo_image_surface_get_data(sil);
    int out_stride = cairo_image_surface_get_stride(sil);
    uint32_t x0 = w, y0 = h, x1 = 0, y1 = 0; /* the silhouette's box */
    for (uint32_t y = 0; y < h; y++) {
        unsigned char *row = out + (size_t)y * (size_t)out_stride;
        const uint8_t *m = map + (size_t)y * w;
        for (uint32_t x = 0; x < w; x++) {
            row[x] = m[x] & LINE_OUT ? 0 : 0xff;
            if (m[x] & LINE_OUT) continue;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            y1 = y;
        }
    }
    cairo_surface_mark_dirty(sil);
    if (p->svg) g_object_unref(p->svg);
    p->svg = NULL;
    cairo_surface_destroy(p->raster);
    p->raster = sil;
    sil = NULL;
    p->mode = INK_OPAQUE;
    p->filled = true;
    p->bx0 = x0;
    p->by0 = y0;
    p->bx1 = x1 + 1;
    p->by1 = y1 + 1;
done:
    cairo_surface_destroy(sil);
    free(st.v);
    free(map);
    return s;
}

/* ---- JPEG, GIF and BMP, through gdk-pixbuf ---- */

/* The size a JPEG declares in its frame header, found by walking its
 * segments; whether it is progressive (libjpeg then holds the whole
 * picture's coefficients). False if there is no frame header. */
static bool jpeg_header_size(const unsigned char *d, size_t n, uint32_t *w, uint32_t *h,
                             bool *progressive)
{
    if (n < 4 || d[0] != 0xff || d[1] != 0xd8) return false;
    size_t i = 2;
    while (i + 4 <= n) {
        if (d[i] != 0xff) return false;
        unsigned char m = d[i + 1];
        if (m == 0xff) { /* fill */
            i++;
            continue;
        }
        if (m == 0x01 || (m >= 0xd0 && m <= 0xd8)) { /* markers without a length */
            i += 2;
            continue;
        }
        if (m == 0xd9 || m == 0xda) return false; /* the end, or data before any frame header */
        size_t len = (size_t)d[i + 2] << 8 | d[i + 3];
        if (len < 2) return false;
        if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) {
            if (len < 7 || i + 9 > n) return false;
            *h = (uint32_t)d[i + 5] << 8 | d[i + 6];
            *w = (uint32_t)d[i + 7] << 8 | d[i + 8];
            *progressive = m == 0xc2 || m == 0xc6 || m == 0xca || m == 0xce;
            return true;
        }
        i += 2 + len;
    }
    return false;
}

/* A raster format gdk-pixbuf reads, told by its first bytes, with the
 * size it declares; NULL if the bytes are none of them. */
typedef struct raster_format {
    const char *name, *loader;
    uint32_t w, h;
    uint32_t max_pixels; /* decoded whole unless shrunk as it is read */
} raster_format;

static bool raster_kind(const unsigned char *d, size_t n, raster_format *f)
{
    bool progressive = false;
    memset(f, 0, sizeof *f);
    if (n >= 3 && d[0] == 0xff && d[1] == 0xd8 && d[2] == 0xff) {
        /* libjpeg shrinks as it decodes (gdk_pixbuf_loader_set_size), but a
         * progressive JPEG's coefficients are held whole: 6 bytes a pixel */
        *f = (raster_format){"JPEG", "jpeg", 0, 0, PICTURE_MAX_PIXELS};
        if (!jpeg_header_size(d, n, &f->w, &f->h, &progressive)) f->w = f->h = 0;
        if (progressive) f->max_pixels = PICTURE_MAX_PIXELS / 4;
        return true;
    }
    if (n >= 10 && (memcmp(d, "GIF87a", 6) == 0 || memcmp(d, "GIF89a", 6) == 0)) {
        *f = (raster_format){"GIF", "gif", (uint32_t)d[6] | (uint32_t)d[7] << 8,
                             (uint32_t)d[8] | (uint32_t)d[9] << 8, PICTURE_MAX_EMBEDDED_PIXELS};
        return true;
    }
    if (n >= 26 && d[0] == 'B' && d[1] == 'M') {
        uint32_t header =
            (uint32_t)d[14] | (uint32_t)d[15] << 8 | (uint32_t)d[16] << 16 | (uint32_t)d[17] << 24;
        *f = (raster_format){"BMP", "bmp", 0, 0, PICTURE_MAX_EMBEDDED_PIXELS};
        if (header == 12) {
            f->w = (uint32_t)d[18] | (uint32_t)d[19] << 8;
            f->h = (uint32_t)d[20] | (uint32_t)d[21] << 8;
        } else {
            int32_t w = (int32_t)((uint32_t)d[18] | (uint32_t)d[19] << 8 | (uint32_t)d[20] << 16 |
                                  (uint32_t)d[21] << 24);
            int32_t h = (int32_t)((uint32_t)d[22] | (uint32_t)d[23] << 8 | (uint32_t)d[24] << 16 |
                                  (uint32_t)d[25] << 24);
            f->w = w > 0 ? (uint32_t)w : 0; /* bottom-up or top-down */
            f->h = h > 0 ? (uint32_t)h : h < 0 && h != INT32_MIN ? (uint32_t)-h : 0;
        }
        return true;
    }
    return false;
}

/* What the loader is asked for once it knows the size it will decode. */
typedef struct pixbuf_want {
    unsigned side;
    uint32_t max_pixels;
    bool refused;
} pixbuf_want;

static void pixbuf_size_prepared(GdkPixbufLoader *loader, gint w, gint h, gpointer data)
{
    pixbuf_want *want = data;
    /* the size the decoder will use, which a GIF's frames may make larger
     * than its header said: refused before anything that big is made */
    if (w <= 0 || h <= 0 || (uint64_t)w * (uint64_t)h > want->max_pixels) {
        want->refused = true;
        lib_pixbuf()->gdk_pixbuf_loader_set_size(loader, 1, 1);
        return;
    }
    double k = fmin(1.0, want->side / (double)(w > h ? w : h));
    if (k < 1)
        lib_pixbuf()->gdk_pixbuf_loader_set_size(loader, (int)fmax(1, ceil(w * k)),
                                                 (int)fmax(1, ceil(h * k)));
}

/* Reads a JPEG, GIF or BMP (the first frame) into a surface of
 * premultiplied ARGB at most `side` pixels on its longer side. Its
 * declared size is measured first; a JPEG is shrunk as it is decoded
 * (libjpeg decodes at 1/2, 1/4 or 1/8), the others are decoded whole,
 * so they get the smaller budget. */
static meiro_status read_pixbuf(const unsigned char *data, size_t size, const raster_format *f,
                                const char *what, unsigned side, cairo_surface_t **out,
                                meiro_error *err)
{
    *out = NULL;
    if (f->w == 0 || f->h == 0)
        return fail(err, MEIRO_ERROR_PARSE, "%s is not a readable %s image: it gives no size", what,
                    f->name);
    if (f->w > 32767 || f->h > 32767 || (uint64_t)f->w * f->h > f->max_pixels)
        return fail(err, MEIRO_ERROR_TOO_BIG,
                    "%s is %lu x %lu pixels: at most 32767 a side and %u megapixels for a%s %s",
                    what, (unsigned long)f->w, (unsigned long)f->h, f->max_pixels >> 20,
                    f->max_pixels == PICTURE_MAX_PIXELS / 4 ? " progressive" : "", f->name);
    GError *gerr = NULL;
    GdkPixbufLoader *loader = lib_pixbuf()->gdk_pixbuf_loader_new_with_type(f->loader, &gerr);
    if (!loader) {
        meiro_status s = fail(err, MEIRO_ERROR_PARSE,
                              "%s: this meiro cannot read %s images (%s): save it as PNG", what,
                              f->name, gerr ? gerr->message : "gdk-pixbuf has no loader for them");
        if (gerr) g_error_free(gerr);
        return s;
    }
    pixbuf_want want = {side, f->max_pixels, false};
    g_signal_connect(loader, "size-prepared", G_CALLBACK(pixbuf_size_prepared), &want);
    bool ok = true;
    for (size_t at = 0; ok && !want.refused && at < size; at += 1 << 16) {
        size_t n = size - at < (1 << 16) ? size - at : (1 << 16);
        ok = lib_pixbuf()->gdk_pixbuf_loader_write(loader, data + at, n, &gerr);
    }
    /* closed even after a failure, which it then reports again */
    GError *close_err = NULL;
    bool closed = lib_pixbuf()->gdk_pixbuf_loader_close(loader, ok ? &close_err : NULL);
    if (ok && !closed) gerr = close_err, ok = false;
    else if (close_err) g_error_free(close_err);
    meiro_status s = MEIRO_OK;
    GdkPixbuf *pb = ok && !want.refused ? lib_pixbuf()->gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (want.refused || (gerr && gerr->domain == lib_pixbuf()->gdk_pixbuf_error_quark() &&
                         gerr->code == GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY))
        s = fail(err, MEIRO_ERROR_TOO_BIG,
                 "%s is too big to decode: at most %u megapixels for a %s", what,
                 f->max_pixels >> 20, f->name);
    else if (!pb)
        s = fail(err, MEIRO_ERROR_PARSE, "%s is not a readable %s image: %s", what, f->name,
                 gerr ? gerr->message : "gdk-pixbuf made nothing of it");
    if (gerr) g_error_free(gerr);
    if (s != MEIRO_OK) {
        g_object_unref(loader);
        return s;
    }
    /* a phone's photo stands as it was taken (its Exif orientation) */
    GdkPixbuf *turned = lib_pixbuf()->gdk_pixbuf_apply_embedded_orientation(pb);
    if (!turned) {
        g_object_unref(loader);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    }
    pb = turned;
    int w = lib_pixbuf()->gdk_pixbuf_get_width(pb), h = lib_pixbuf()->gdk_pixbuf_get_height(pb),
        n = lib_pixbuf()->gdk_pixbuf_get_n_channels(pb);
    int in_stride = lib_pixbuf()->gdk_pixbuf_get_rowstride(pb);
    bool alpha = lib_pixbuf()->gdk_pixbuf_get_has_alpha(pb);
    cairo_surface_t *img = NULL;
    if (lib_pixbuf()->gdk_pixbuf_get_bits_per_sample(pb) != 8 ||
        lib_pixbuf()->gdk_pixbuf_get_colorspace(pb) != GDK_COLORSPACE_RGB || n != (alpha ? 4 : 3))
        s = fail(err, MEIRO_ERROR_PARSE, "%s is not a readable %s image: an unusual pixel format",
                 what, f->name);
    else {
        img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
        if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS)
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    }
    if (s == MEIRO_OK) {
        cairo_surface_flush(img);
        const guint8 *in = lib_pixbuf()->gdk_pixbuf_read_pixels(pb);
        unsigned char *px = cairo_image_surface_get_data(img);
        int stride = cairo_image_surface_get_stride(img);
        for (int y = 0; y < h; y++) {
            const guint8 *c = in + (size_t)y * (size_t)in_stride;
            uint32_t *dst = (uint32_t *)(void *)(px + (size_t)y * (size_t)stride);
            for (int x = 0; x < w; x++, c += n) {
                uint32_t a = alpha ? c[3] : 255;
                dst[x] = a << 24 | (c[0] * a + 127) / 255 << 16 | (c[1] * a + 127) / 255 << 8 |
                         (c[2] * a + 127) / 255;
            }
        }
        cairo_surface_mark_dirty(img);
        *out = img;
    } else cairo_surface_destroy(img);
    g_object_unref(turned);
    g_object_unref(loader);
    return s;
}

/* Opens an SVG measured by svg_scan, its units scaled so that its longer
 * side is `side`. */
static meiro_status open_svg(const unsigned char *data, size_t size, const char *what,
                             unsigned side, picture *p, meiro_error *err)
{
    meiro_status s = svg_scan(data, size, what, err);
    if (s != MEIRO_OK) return s;
    GError *gerr = NULL;
    /* from memory, with no base file: librsvg loads no other file */
    p->svg = lib_rsvg()->rsvg_handle_new_from_data(data, size, &gerr);
    if (!p->svg) {
        s = fail(err, MEIRO_ERROR_PARSE, "%s is not a valid SVG image: %s", what,
                 gerr ? gerr->message : "librsvg refused it");
        if (gerr) g_error_free(gerr);
        return s;
    }
    lib_rsvg()->rsvg_handle_set_dpi(p->svg, 96);
    gdouble w = 0, h = 0;
    if (!lib_rsvg()->rsvg_handle_get_intrinsic_size_in_pixels(p->svg, &w, &h)) {
        gboolean has_w, has_h, has_box;
        RsvgLength lw, lh;
        RsvgRectangle vb;
        lib_rsvg()->rsvg_handle_get_intrinsic_dimensions(p->svg, &has_w, &lw, &has_h, &lh, &has_box,
                                                         &vb);
        if (has_box) {
            w = vb.width;
            h = vb.height;
        }
    }
    if (!(w > 0 && h > 0 && w < 1e9 && h < 1e9))
        return fail(err, MEIRO_ERROR_PARSE, "%s has no size: give its <svg> a viewBox", what);
    double k = side / fmax(w, h);
    p->svg_w = w * k;
    p->svg_h = h * k;
    return MEIRO_OK;
}

/* How clear a silhouette a picture's mask shows (silhouette_measure). */
typedef struct silhouette_clarity {
    double outline; /* the edge between inside and outside, in the box's perimeters */
    uint64_t holes; /* regions outside the mask that no way from its box's edge reaches */
} silhouette_clarity;

/* How clear a silhouette `mask` (width x height, nonzero inside) is: a
 * photo (a scene, not a figure on a plain ground) comes out as a ragged
 * blot full of holes where its light parts were, which reads as no shape
 * at all. Measured: the holes (outside parts no way from the mask's box's
 * edge reaches: a cat's eyes are two, a ring one) and the edge between
 * inside and outside against the box's perimeter (a figure's outline is
 * about its box's; a photo's ragged edges and holes add theirs). Linear in
 * the mask. false when memory ran out. */
static bool silhouette_measure(const uint8_t *mask, uint32_t width, uint32_t height,
                               silhouette_clarity *c)
{
    memset(c, 0, sizeof *c);
    uint32_t x0 = width, y0 = height, x1 = 0, y1 = 0;
    uint64_t edges = 0;
    bool any = false;
    for (uint32_t y = 0; y < height; y++)
        for (uint32_t x = 0; x < width; x++) {
            bool in = mask[(size_t)y * width + x];
            if (x + 1 < width && in != (bool)mask[(size_t)y * width + x + 1]) edges++;
            if (y + 1 < height && in != (bool)mask[(size_t)(y + 1) * width + x]) edges++;
            if (!in) continue;
            any = true;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
        }
    if (!any) return true;
    uint32_t bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    /* the box's cells: LINE_NEAR inside, LINE_OUT once reached from its edge */
    uint8_t *map = zalloc((size_t)bw * bh, 1);
    pixel_stack st = {0};
    bool ok = map != NULL;
    for (uint32_t y = 0; ok && y < bh; y++)
        for (uint32_t x = 0; x < bw; x++)
            if (mask[(size_t)(y0 + y) * width + x0 + x]) {
                map[(size_t)y * bw + x] = LINE_NEAR;
                /* the mask's edge on the box's edge is the outline too */
                edges += (x == 0) + (x + 1 == bw) + (y == 0) + (y + 1 == bh);
            }
    for (uint32_t i = 0; ok && i < bw; i++)
        ok = flood_out(map, bw, bh, i, &st) && flood_out(map, bw, bh, (bh - 1) * bw + i, &st);
    for (uint32_t i = 0; ok && i < bh; i++)
        ok = flood_out(map, bw, bh, i * bw, &st) && flood_out(map, bw, bh, i * bw + bw - 1, &st);
    for (size_t i = 0; ok && i < (size_t)bw * bh; i++)
        if (!map[i]) {
            c->holes++;
            ok = flood_out(map, bw, bh, (uint32_t)i, &st);
        }
    free(map);
    free(st.v);
    if (!ok) return false;
    c->outline = (double)edges / (2.0 * (bw + bh));
    return true;
}

/* The picture's silhouette as analysed (what is inside in p->mode, or the
 * filled outline), sampled at most CLARITY_SIDE pixels a side so that the
 * measure is the picture's, whatever the grid, and its cost bounded. */
#define CLARITY_SIDE 512u
/* A silhouette is unclear past either: measured on photos of scenes (their
 * outlines 11 and 18 box perimeters, 400 and 600 holes) against the
 * built-in shapes and a scanned drawing (1 to 1.6, no holes); a face's eyes,
 * nose and mouth stay well under the holes allowed. */
#define CLARITY_OUTLINE 3.0
#define CLARITY_HOLES 12u

static bool silhouette_clear(cairo_surface_t *img, const picture *p, bool *clear)
{
    *clear = true;
    cairo_surface_t *src = p->filled ? p->raster : img;
    cairo_surface_flush(src);
    const unsigned char *data = cairo_image_surface_get_data(src);
    uint32_t w = (uint32_t)cairo_image_surface_get_width(src),
             h = (uint32_t)cairo_image_surface_get_height(src);
    int stride = cairo_image_surface_get_stride(src);
    bool a8 = cairo_image_surface_get_format(src) == CAIRO_FORMAT_A8;
    uint32_t step = (w > h ? w : h) / CLARITY_SIDE + 1, sw = (w + step - 1) / step,
             sh = (h + step - 1) / step;
    uint8_t *mask = zalloc((size_t)sw * sh, 1);
    if (!mask) return false;
    for (uint32_t y = 0; y < sh; y++) {
        const unsigned char *row = data + (size_t)y * step * (size_t)stride;
        for (uint32_t x = 0; x < sw; x++)
            mask[(size_t)y * sw + x] =
                a8 ? row[x * step] != 0
                   : pixel_inside(((const uint32_t *)(const void *)row)[x * step], p->mode);
    }
    silhouette_clarity c;
    bool ok = silhouette_measure(mask, sw, sh, &c);
    free(mask);
    *clear = c.outline <= CLARITY_OUTLINE && c.holes <= CLARITY_HOLES;
    return ok;
}

/* Loads an SVG, PNG, JPEG, GIF or BMP (told apart by their first bytes) at
 * most `side` pixels on its longer side, finds its silhouette and fills a
 * line drawing; with `clear`, says whether the silhouette is a clear one
 * (silhouette_clear). `what` names it in messages. */
static meiro_status load_picture(const unsigned char *data, size_t size, const char *what,
                                 unsigned side, picture *p, bool *clear, meiro_error *err)
{
    static const unsigned char png_magic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memset(p, 0, sizeof *p);
    meiro_status s = MEIRO_OK;
    cairo_surface_t *img = NULL;
    raster_format f;
    if (size >= 8 && memcmp(data, png_magic, 8) == 0) {
        s = read_png(data, size, what, side, &p->raster, err);
        if (s != MEIRO_OK) return s;
        img = cairo_surface_reference(p->raster);
    } else if (raster_kind(data, size, &f)) {
        s = read_pixbuf(data, size, &f, what, side, &p->raster, err);
        if (s != MEIRO_OK) return s;
        img = cairo_surface_reference(p->raster);
    } else {
        size_t i =
            size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf ? 3 : 0; /* a BOM */
        while (i < size &&
               (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
            i++;
        if (i >= size || data[i] != '<')
            return fail(err, MEIRO_ERROR_PARSE, "%s is not an SVG, PNG, JPEG, GIF or BMP image",
                        what);
        s = open_svg(data, size, what, side, p, err);
        if (s == MEIRO_OK) {
            img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(p->svg_w),
                                             (int)ceil(p->svg_h));
            if (cairo_surface_status(img) == CAIRO_STATUS_SUCCESS) {
                cairo_t *cr = cairo_create(img);
                p->scale = 1;
                s = paint_picture(cr, p, err);
                cairo_destroy(cr);
            }
        }
        if (s != MEIRO_OK) {
            cairo_surface_destroy(img);
            picture_free(p);
            return s;
        }
    }
    if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    else if (!analyse(img, p))
        s = fail(err, MEIRO_ERROR_PARSE, "%s has nothing inside: no part of it is %s", what,
                 p->mode == INK_DARK ? "dark" : "opaque");
    else s = fill_outlines(img, p, what, err);
    if (s == MEIRO_OK && clear && !silhouette_clear(img, p, clear))
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    cairo_surface_destroy(img);
    if (s != MEIRO_OK) picture_free(p);
    return s;
}

static meiro_status check_grid(uint32_t width, uint32_t height, meiro_error *err)
{
    if (width < 1 || height < 1)
        return fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_ARGUMENT,
                          "a shape needs a grid of at least 1 x 1 cells, not %u x %u",
                          (unsigned)width, (unsigned)height);
    if (width > MEIRO_MAX_SIDE || height > MEIRO_MAX_SIDE ||
        (uint64_t)width * height > MEIRO_MAX_CELLS)
        return fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_TOO_BIG,
                          "%u x %u cells is too big (at most %u a side and %u cells)",
                          (unsigned)width, (unsigned)height, MEIRO_MAX_SIDE, MEIRO_MAX_CELLS);
    return MEIRO_OK;
}

static uint64_t count_inside(const uint8_t *mask, size_t n)
{
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++) c += mask[i];
    return c;
}

/* A picture's mask: read, analysed and rasterised into `mask` (zeroed,
 * width x height). */
typedef struct shape_job {
    const unsigned char *data;
    size_t size;
    const char *what;
    uint32_t width, height;
    uint8_t *mask;
    bool measure; /* a stranger's picture: its silhouette's clarity said (a warning) */
} shape_job;

static meiro_status shape_work(void *ctx, meiro_error *err)
{
    const shape_job *j = ctx;
    /* the picture is drawn 8 pixels a cell (512 to 4096 pixels) to find
     * its silhouette's box */
    uint32_t side = j->width > j->height ? j->width : j->height;
    unsigned px = side < 64 ? 512 : side > 512 ? 4096 : 8 * side;
    picture p;
    bool clear = true;
    meiro_status s =
        load_picture(j->data, j->size, j->what, px, &p, j->measure ? &clear : NULL, err);
    if (s != MEIRO_OK) return s;
    double bw = p.bx1 - p.bx0, bh = p.by1 - p.by0;
    p.scale = fmin(j->width / bw, j->height / bh);
    p.ox = (j->width - bw * p.scale) / 2 - p.bx0 * p.scale;
    p.oy = (j->height - bh * p.scale) / 2 - p.by0 * p.scale;
    s = rasterise(paint_picture, &p, p.mode, samples_per_cell((uint64_t)j->width * j->height),
                  j->mask, j->width, 0, 0, j->width, j->height, err);
    uint64_t inside = s == MEIRO_OK ? count_inside(j->mask, (size_t)j->width * j->height) : 2;
    /* on a grid of some size, a picture scaled to fill it that leaves
     * nothing is made of lines thinner than half a cell that enclose
     * nothing: a larger grid would not help */
    if (inside < 2 && !p.filled && j->width >= 4 && j->height >= 4)
        s = fail_field(
            err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT,
            "%s leaves %u cell%s inside a %u x %u grid: this looks like a line drawing with open ends: "
            "close it or fill it",
            j->what, (unsigned)inside, inside == 1 ? "" : "s", (unsigned)j->width,
            (unsigned)j->height);
    /* made, with a warning (render_shape_mask's message on success) */
    if (s == MEIRO_OK && !clear)
        fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT,
                   "%s shows no clear silhouette (a photo?): its dark parts make a ragged blot, "
                   "not a figure; a drawing, or a figure on a plain or transparent ground, makes "
                   "a shape",
                   j->what);
    picture_free(&p);
    return s;
}

meiro_status picture_mask(const unsigned char *data, size_t size, const char *what, uint32_t width,
                          uint32_t height, uint8_t *mask, meiro_error *err)
{
    shape_job job = {data, size, what, width, height, mask, false};
    return shape_work(&job, err);
}

meiro_status render_shape_mask(const char *shape, uint32_t width, uint32_t height, uint8_t **mask,
                               meiro_error *err)
{
    if (!mask) return fail(err, MEIRO_ERROR_ARGUMENT, "no place for the mask");
    *mask = NULL;
    if (!shape || !shape[0])
        return fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT, "no shape given");
    meiro_status s = check_grid(width, height, err);
    if (s != MEIRO_OK) return s;

    const meiro_algorithm_desc *d = find_shape(shape);
    unsigned char *owned = NULL;
    char what[1100];
    shape_job job = {NULL, 0, what, width, height, NULL, false};
    if (d) {
        char file[64];
        snprintf(file, sizeof file, "shapes/%s.svg", d->name);
        const builtin_file *b = builtin_find(file);
        if (!b) return fail(err, MEIRO_ERROR_INTERNAL, "the built-in shape %s is missing", file);
        job.data = (const unsigned char *)b->data;
        job.size = b->size;
        snprintf(what, sizeof what, "the shape '%s'", d->name);
    } else if (strchr(shape, '/') || strchr(shape, '.')) {
        s = read_file(shape, &owned, &job.size, err);
        if (s != MEIRO_OK) return s;
        job.data = owned;
        snprintf(what, sizeof what, "'%s'", shape);
    } else {
        char names[400] = "";
        size_t n = 0;
        for (size_t i = 0; i < SHAPE_COUNT && n < sizeof names; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                                  shapes[i].name);
        return fail_field(
            err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_UNKNOWN_NAME,
            "no shape '%s' (built in: %s; or a picture file NAME.svg, .png, .jpg, .gif or .bmp)",
            shape, names);
    }

    size_t cells = (size_t)width * height;
    uint8_t *m = zalloc(cells, 1);
    if (!m)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %u x %u mask", (unsigned)width,
                 (unsigned)height);
    if (s == MEIRO_OK && d) { /* ours: drawn here */
        job.mask = m;
        s = shape_work(&job, err);
    } else if (s == MEIRO_OK) { /* a stranger's: measured, then drawn on a budget */
        job.mask = sandbox_shared(cells);
        job.measure = true;
        if (!job.mask)
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %u x %u mask", (unsigned)width,
                     (unsigned)height);
        if (s == MEIRO_OK)
            s = sandbox_run(shape_work, &job, SHAPE_SECONDS(cells), SHAPE_MEGABYTES, "draw", what,
                            err);
        if (s == MEIRO_OK) memcpy(m, job.mask, cells);
        sandbox_unshare(job.mask, cells);
    }
    free(owned);
    if (s == MEIRO_OK) {
        uint64_t inside = count_inside(m, cells);
        if (inside < 2)
            s = fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT,
                           "%s leaves %u cell%s inside a %u x %u grid; use a larger -W/-H", what,
                           (unsigned)inside, inside == 1 ? "" : "s", (unsigned)width,
                           (unsigned)height);
    }
    if (s != MEIRO_OK) {
        free(m);
        return s;
    }
    *mask = m;
    return MEIRO_OK;
}

/* ---- Text ------------------------------------------------------------- */

/* Latin from DejaVu Sans, kana and kanji from IPAexGothic (what the
 * packages meiro depends on install), else Noto. */
#define TEXT_FONT "DejaVu Sans, IPAexGothic, Noto Sans CJK JP, Noto Sans JP, Noto Sans, sans-serif"
#define TEXT_FONT_NARROW "DejaVu Sans Condensed, " TEXT_FONT
#define TEXT_FONT_SIZE 100.0 /* the size glyphs are measured at, in user units */
#define TEXT_GAP 1u          /* empty columns between letters */
#define TEXT_SPACE_GAP 3u    /* ... and where the text has a space */

/* The outlines are thickened by stroking them with a line this wide, in
 * cells: strokes of the regular weight come out about 3 cells wide at the
 * default heights, wide enough for corridors, and the gaps between strokes
 * (the counters of a, e, the strokes of kanji) stay open, which bold
 * outlines thickened as much would fill. */
#define TEXT_STROKE 1.3

/* The next code point of valid UTF-8. */
static uint32_t next_code_point(const unsigned char **p)
{
    const unsigned char *c = *p;
    uint32_t cp;
    if (c[0] < 0x80) cp = c[0], *p += 1;
    else if (c[0] < 0xe0) cp = (uint32_t)(c[0] & 0x1f) << 6 | (c[1] & 0x3f), *p += 2;
    else if (c[0] < 0xf0)
        cp = (uint32_t)(c[0] & 0x0f) << 12 | (uint32_t)(c[1] & 0x3f) << 6 | (c[2] & 0x3f), *p += 3;
    else
        cp = (uint32_t)(c[0] & 0x07) << 18 | (uint32_t)(c[1] & 0x3f) << 12 |
             (uint32_t)(c[2] & 0x3f) << 6 | (c[3] & 0x3f),
        *p += 4;
    return cp;
}

static bool is_cjk(uint32_t cp)
{
    return (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) ||
           (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff00 && cp <= 0xffef) ||
           (cp >= 0x20000 && cp <= 0x3ffff) || (cp >= 0x1100 && cp <= 0x11ff);
}

/* One letter (a grapheme cluster) with ink. */
typedef struct glyph {
    PangoLayout *layout;
    double x0, x1, top, bottom; /* ink in font units; top and bottom from the baseline */
    double baseline;
    uint32_t column, columns; /* where it goes in the grid */
    double shift_x, shift_y;  /* font units to cells: x * k + shift */
} glyph;

typedef struct text_paint {
    const glyph *g;
    double k, stroke;
} text_paint;

static meiro_status paint_glyph(cairo_t *cr, const void *ctx, meiro_error *err)
{
    (void)err;
    const text_paint *t = ctx;
    cairo_save(cr);
    cairo_translate(cr, t->g->shift_x, t->g->shift_y);
    cairo_scale(cr, t->k, t->k);
    cairo_move_to(cr, 0, 0);
    pango_cairo_layout_path(cr, t->g->layout);
    cairo_restore(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, t->stroke);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_fill_preserve(cr);
    cairo_stroke(cr);
    return MEIRO_OK;
}

/* The cell of a letter's columns that lies deepest inside (the most
 * rings of inside cells around it, up to 2), nearest its middle. */
static meiro_cell deep_cell(const uint8_t *m, uint32_t width, uint32_t height, uint32_t x0,
                            uint32_t x1)
{
    meiro_cell best = {x0, 0};
    int best_depth = -1;
    double best_d = 0, mx = (x0 + x1) / 2.0, my = (height - 1) / 2.0;
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = x0; x <= x1; x++) {
            if (!m[(size_t)y * width + x]) continue;
            int depth = 0;
            for (int r = 1; r <= 2 && depth == r - 1; r++) {
                bool all = true;
                for (int dy = -r; dy <= r && all; dy++)
                    for (int dx = -r; dx <= r && all; dx++) {
                        long xx = (long)x + dx, yy = (long)y + dy;
                        all = xx >= 0 && yy >= 0 && xx < (long)width && yy < (long)height &&
                              m[(size_t)yy * width + (size_t)xx];
                    }
                if (all) depth = r;
            }
            double d = (x - mx) * (x - mx) + (y - my) * (y - my);
            if (depth > best_depth || (depth == best_depth && d < best_d)) {
                best = (meiro_cell){x, y};
                best_depth = depth;
                best_d = d;
            }
        }
    }
    return best;
}

/* The text checked (UTF-8, lines of letters) and its height (0: the default for
 * its letters); whether it has kana, kanji or hangul. */
static meiro_status text_mask_check(const char *text, uint32_t *height, bool *cjk, meiro_error *err)
{
    if (!text || !text[0])
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                          "the text is empty: give the letters to draw");
    size_t len = strlen(text), bad = utf8_check(text, len);
    if (bad < len)
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                          "the text is not valid UTF-8 (byte %zu, counted from 1)", bad + 1);
    bool lower = false;
    *cjk = false;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        size_t at = (size_t)(p - (const unsigned char *)text);
        uint32_t cp = next_code_point(&p);
        if (cp == '\n' && (at == 0 || !*p || *p == '\n'))
            return fail_field(
                err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                "the text has an empty line (byte %zu): a line break goes between letters", at + 1);
        if (cp != '\n' && (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)))
            return fail_field(
                err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                "the text has a control character (byte %zu): letters and line breaks only",
                at + 1);
        *cjk = *cjk || is_cjk(cp);
        lower = lower || g_unichar_islower(cp);
    }
    if (*height == 0)
        *height = *cjk    ? MEIRO_TEXT_HEIGHT_CJK
                  : lower ? MEIRO_TEXT_HEIGHT_LOWER
                          : MEIRO_TEXT_HEIGHT;
    if (*height < MEIRO_TEXT_HEIGHT_MIN || *height > MEIRO_MAX_SIDE)
        return fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                          "a text %u cells tall cannot be drawn: %u to %u cells", (unsigned)*height,
                          MEIRO_TEXT_HEIGHT_MIN, MEIRO_MAX_SIDE);
    return MEIRO_OK;
}

/* A Pango context for measuring: unhinted outlines in user units, so they
 * scale exactly, in the text's language. */
static PangoContext *text_context(cairo_t *cr, const char *lang, bool cjk, text_face face)
{
    PangoContext *pc = pango_cairo_create_context(cr);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    pango_context_set_matrix(pc, NULL);
    pango_cairo_context_set_font_options(pc, fo);
    pango_context_set_round_glyph_positions(pc, FALSE);
    cairo_font_options_destroy(fo);
    /* a language always, else the locale's would choose the forms of kanji */
    pango_context_set_language(pc, pango_language_from_string(lang && lang[0] ? lang
                                                              : cjk           ? "ja"
                                                                              : "en"));
    PangoFontDescription *desc =
        pango_font_description_from_string(face == TEXT_FACE_NARROW ? TEXT_FONT_NARROW : TEXT_FONT);
    pango_font_description_set_absolute_size(desc, TEXT_FONT_SIZE * PANGO_SCALE);
    pango_context_set_font_description(pc, desc);
    pango_font_description_free(desc);
    return pc;
}

/* The letters of a text: a glyph each (its own layout, its ink) for the
 * grapheme clusters with ink, and the columns before each (one between
 * letters, a space's three). */
typedef struct letters {
    glyph *g;
    uint32_t *gap_before;
    size_t n;
} letters;

/* Whether the cluster start..end is only spaces and invisible marks. */
static bool blank_cluster(const char *start, const char *end)
{
    bool blank = true;
    for (const unsigned char *p = (const unsigned char *)start; p < (const unsigned char *)end;) {
        gunichar cp = next_code_point(&p);
        GUnicodeType type = g_unichar_type(cp);
        blank = blank &&
                (g_unichar_isspace(cp) || type == G_UNICODE_FORMAT || type == G_UNICODE_CONTROL);
    }
    return blank;
}

/* Whether the cluster start..end is such punctuation alone. */
static bool punctuation_cluster(const char *start, const char *end)
{
    bool all = true;
    for (const unsigned char *p = (const unsigned char *)start; p < (const unsigned char *)end;)
        all = all && text_drops(next_code_point(&p));
    return all;
}

static meiro_status text_letters(PangoContext *pc, cairo_t *cr, const char *text, letters *out,
                                 meiro_error *err)
{
    size_t len = strlen(text);
    /* the grapheme clusters: where the cursor may stop */
    PangoLayout *whole = pango_layout_new(pc);
    pango_layout_set_text(whole, text, (int)len);
    int n_attrs = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(whole, &n_attrs);
    meiro_status s = MEIRO_OK;
    size_t n_chars = (size_t)g_utf8_strlen(text, (gssize)len);
    glyph *g = out->g = zalloc(n_chars + 1, sizeof *g);
    uint32_t *gap_before = out->gap_before = zalloc(n_chars + 1, sizeof *gap_before);
    size_t n = 0;
    uint32_t pending_gap = 0; /* spaces since the last letter */
    if (!g || !gap_before) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    const char *start = text;
    for (size_t ci = 0; s == MEIRO_OK && ci < n_chars;) {
        size_t cj = ci + 1;
        while (cj < n_chars && (int)cj < n_attrs && !attrs[cj].is_cursor_position) cj++;
        const char *end = g_utf8_offset_to_pointer(start, (glong)(cj - ci));
        if (punctuation_cluster(start, end)) {
            start = end;
            ci = cj;
            continue;
        }
        PangoLayout *l = pango_layout_new(pc);
        pango_layout_set_text(l, start, (int)(end - start));
        if (pango_layout_get_unknown_glyphs_count(l) > 0) {
            s = fail_field(
                err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                "no installed font has the letter '%.*s' (install a font with it, e.g. fonts-noto-cjk)",
                (int)(end - start), start);
            g_object_unref(l);
            break;
        }
        cairo_new_path(cr);
        cairo_move_to(cr, 0, 0);
        pango_cairo_layout_path(cr, l);
        double x0, y0, x1, y1;
        cairo_fill_extents(cr, &x0, &y0, &x1, &y1);
        cairo_new_path(cr);
        if (x1 > x0 && y1 > y0) {
            double base = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
            g[n] = (glyph){l, x0, x1, y0 - base, y1 - base, base, 0, 0, 0, 0};
            gap_before[n] = n == 0 ? 0 : pending_gap ? pending_gap : TEXT_GAP;
            pending_gap = 0;
            n++;
        } else {
            g_object_unref(l);
            if (!blank_cluster(start, end)) {
                s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                               "the letter '%.*s' has no outline to draw (a colour emoji?)",
                               (int)(end - start), start);
                break;
            }
            if (n > 0) pending_gap = TEXT_SPACE_GAP;
        }
        start = end;
        ci = cj;
    }
    out->n = n;
    g_object_unref(whole);
    if (s == MEIRO_OK && n == 0)
        s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                       "the text '%s' has no letters to draw (only spaces and punctuation)", text);
    return s;
}

/* One scale for all: the ink of the whole text (top to bottom, over all
 * its lines) `height` cells tall; each letter's columns; *k the scale,
 * *width the line's columns. */
static meiro_status text_columns(letters *t, uint32_t height, double stroke, double top,
                                 double bottom, double *k, uint64_t *width, meiro_error *err)
{
    glyph *g = t->g;
    *k = (height - stroke) / (bottom - top);
    *width = 0;
    for (size_t i = 0; i < t->n && *width <= MEIRO_MAX_SIDE; i++) {
        double w = (g[i].x1 - g[i].x0) * *k + stroke;
        uint32_t cols = (uint32_t)fmax(1, floor(w + 0.5));
        *width += t->gap_before[i];
        g[i].column = (uint32_t)*width;
        g[i].columns = cols;
        g[i].shift_x = g[i].column + (cols - w) / 2 + stroke / 2 - g[i].x0 * *k;
        g[i].shift_y = stroke / 2 - (g[i].baseline + top) * *k;
        *width += cols;
    }
    if (*width > MEIRO_MAX_SIDE || *width * height > MEIRO_MAX_CELLS)
        return fail_field(
            err, MEIRO_FIELD_TEXT, MEIRO_ERROR_TOO_BIG,
            "the text is too long: %s%llu cells across at %u cells tall, at most %u (a shorter text or a "
            "smaller height)",
            *width > MEIRO_MAX_SIDE ? "more than " : "", (unsigned long long)*width,
            (unsigned)height, MEIRO_MAX_SIDE);
    return MEIRO_OK;
}

/* The letters that kept cells, and the grid trimmed to them (the mask
 * moved in place); info says where they are. */
static meiro_status text_trim(uint8_t *m, uint32_t width, uint32_t height, const letters *t,
                              const char *text, meiro_text_info *info, meiro_error *err)
{
    size_t first = t->n, kept = 0;
    uint32_t lo = UINT32_MAX, hi = 0, first_lo = 0, first_hi = 0, last_lo = 0, last_hi = 0;
    for (size_t i = 0; i < t->n; i++) {
        uint32_t a = UINT32_MAX, b = 0;
        for (uint32_t x = t->g[i].column; x < t->g[i].column + t->g[i].columns; x++)
            for (uint32_t y = 0; y < height; y++)
                if (m[(size_t)y * width + x]) {
                    if (x < a) a = x;
                    b = x;
                    break;
                }
        if (a == UINT32_MAX) continue;
        kept++;
        if (first == t->n) first = i, first_lo = a, first_hi = b;
        last_lo = a, last_hi = b;
        if (a < lo) lo = a;
        if (b > hi) hi = b;
    }
    uint64_t inside = count_inside(m, (size_t)width * height);
    if (kept == 0 || inside < 2)
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                          "the text '%s' leaves %s at %u cells tall; use a larger height", text,
                          inside == 1 ? "1 cell" : "no cells", (unsigned)height);
    uint32_t w2 = hi - lo + 1;
    if (w2 < width) { /* drop the empty columns at both ends */
        for (uint32_t y = 0; y < height; y++)
            memmove(m + (size_t)y * w2, m + (size_t)y * width + lo, w2);
    }
    if (!info) return MEIRO_OK;
    info->width = w2;
    info->height = height;
    info->letters = (uint32_t)kept;
    info->first_x0 = first_lo - lo;
    info->first_x1 = first_hi - lo;
    info->last_x0 = last_lo - lo;
    info->last_x1 = last_hi - lo;
    /* one letter: S in its left half, G in its right one */
    uint32_t mid = (info->first_x0 + info->first_x1) / 2;
    bool one = kept == 1 && info->first_x1 > info->first_x0;
    info->first = deep_cell(m, w2, height, info->first_x0, one ? mid : info->first_x1);
    info->last = deep_cell(m, w2, height, one ? mid + 1 : info->last_x0, info->last_x1);
    return MEIRO_OK;
}

/* Lines stand this many empty rows apart (the maze bridges them). */
#define TEXT_LINE_GAP 1u

/* One line of the text: its letters, its mask trimmed to them, where they
 * lie. */
typedef struct text_line {
    letters t;
    uint8_t *m;
    meiro_text_info info;
} text_line;

static void text_lines_free(text_line *lines, size_t count)
{
    for (size_t l = 0; lines && l < count; l++) {
        for (size_t i = 0; lines[l].t.g && i < lines[l].t.n; i++)
            if (lines[l].t.g[i].layout) g_object_unref(lines[l].t.g[i].layout);
        free(lines[l].t.g);
        free(lines[l].t.gap_before);
        free(lines[l].m);
    }
    free(lines);
}

/* Draws line `l` at scale (top, bottom): its mask and info. */
static meiro_status text_line_mask(text_line *line, const char *text, uint32_t height, double top,
                                   double bottom, meiro_error *err)
{
    double stroke = TEXT_STROKE, k = 0;
    uint64_t width = 0;
    meiro_status s = text_columns(&line->t, height, stroke, top, bottom, &k, &width, err);
    if (s == MEIRO_OK) {
        line->m = zalloc((size_t)width * height, 1);
        if (!line->m)
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %llu x %u mask",
                     (unsigned long long)width, (unsigned)height);
    }
    unsigned samples = samples_per_cell(width * height);
    for (size_t i = 0; i < line->t.n && s == MEIRO_OK; i++) {
        text_paint paint = {&line->t.g[i], k, stroke};
        s = rasterise(paint_glyph, &paint, true, samples, line->m, (uint32_t)width,
                      line->t.g[i].column, 0, line->t.g[i].columns, height, err);
    }
    if (s == MEIRO_OK)
        s = text_trim(line->m, (uint32_t)width, height, &line->t, text, &line->info, err);
    return s;
}

/* The lines, each centred, `gap` rows apart, into one mask; S in
 * the first line's first letter, G in the last line's last. */
static meiro_status text_stack(const text_line *lines, size_t count, uint32_t height, uint32_t gap,
                               uint8_t **mask, meiro_text_info *info, meiro_error *err)
{
    uint64_t w = 0, h = (uint64_t)count * height + (count - 1) * gap;
    for (size_t l = 0; l < count; l++) w = lines[l].info.width > w ? lines[l].info.width : w;
    if (h > MEIRO_MAX_SIDE || w * h > MEIRO_MAX_CELLS)
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_TOO_BIG,
                          "the text is too long: %llu x %llu cells, at most %u across and down",
                          (unsigned long long)w, (unsigned long long)h, MEIRO_MAX_SIDE);
    uint8_t *m = zalloc((size_t)(w * h), 1);
    if (!m)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %llu x %llu mask",
                    (unsigned long long)w, (unsigned long long)h);
    uint32_t x_first = 0, x_last = 0, y_last = 0;
    for (size_t l = 0; l < count; l++) {
        const meiro_text_info *li = &lines[l].info;
        uint32_t dx = (uint32_t)(w - li->width) / 2, dy = (uint32_t)l * (height + gap);
        for (uint32_t y = 0; y < height; y++)
            memcpy(m + (size_t)(dy + y) * w + dx, lines[l].m + (size_t)y * li->width, li->width);
        if (l == 0) x_first = dx;
        x_last = dx, y_last = dy;
    }
    *mask = m;
    if (!info) return MEIRO_OK;
    const meiro_text_info *a = &lines[0].info, *b = &lines[count - 1].info;
    *info = *a;
    info->width = (uint32_t)w;
    info->height = (uint32_t)h;
    info->letters = 0;
    for (size_t l = 0; l < count; l++) info->letters += lines[l].info.letters;
    info->first_x0 = a->first_x0 + x_first;
    info->first_x1 = a->first_x1 + x_first;
    info->last_x0 = b->last_x0 + x_last;
    info->last_x1 = b->last_x1 + x_last;
    info->first = (meiro_cell){a->first.x + x_first, a->first.y};
    info->last = (meiro_cell){b->last.x + x_last, b->last.y + y_last};
    return MEIRO_OK;
}

/* ---- Block capitals --------------------------------------------------- */

/* Capitals, digits and the hyphen for letters 7 cells tall, where a font's
 * letters fill up: upright strokes two cells wide (a corridor with turns in
 * each), counters a cell wide (A, B, 8 keep their holes), the shapes of
 * the printed capitals children learn first. Checked by test_child's
 * recognition, letter against letter. */
typedef struct block_glyph {
    char c;
    const char *rows[TEXT_BLOCK_ROWS];
} block_glyph;

static const block_glyph block_glyphs[] = {
    {'A', {"..##..", ".####.", ".#..#.", "##..##", "######", "##..##", "##..##"}},
    {'B', {"####.", "##.##", "##.##", "####.", "##.##", "##.##", "####."}},
    {'C', {".####", "##...", "##...", "##...", "##...", "##...", ".####"}},
    {'D', {"####.", "##.##", "##.##", "##.##", "##.##", "##.##", "####."}},
    {'E', {"####", "##..", "##..", "###.", "##..", "##..", "####"}},
    {'F', {"####", "##..", "##..", "###.", "##..", "##..", "##.."}},
    {'G', {".####", "##...", "##...", "##.##", "##.##", "##.##", ".####"}},
    {'H', {"##.##", "##.##", "##.##", "#####", "##.##", "##.##", "##.##"}},
    {'I', {"##", "##", "##", "##", "##", "##", "##"}},
    {'J', {"...##", "...##", "...##", "...##", "...##", "##.##", ".###."}},
    {'K', {"##.##", "##.##", "####.", "###..", "####.", "##.##", "##.##"}},
    {'L', {"##..", "##..", "##..", "##..", "##..", "##..", "####"}},
    {'M', {"##...##", "###.###", "#######", "##.#.##", "##...##", "##...##", "##...##"}},
    {'N', {"##...##", "###..##", "####.##", "##.####", "##..###", "##...##", "##...##"}},
    {'O', {".###.", "##.##", "##.##", "##.##", "##.##", "##.##", ".###."}},
    {'P', {"####.", "##.##", "##.##", "####.", "##...", "##...", "##..."}},
    {'Q', {".###..", "##.##.", "##.##.", "##.##.", "##.##.", ".####.", "...###"}},
    {'R', {"####.", "##.##", "##.##", "####.", "##.##", "##.##", "##.##"}},
    {'S', {".####", "##...", "##...", ".###.", "...##", "...##", "####."}},
    {'T', {"######", "..##..", "..##..", "..##..", "..##..", "..##..", "..##.."}},
    {'U', {"##.##", "##.##", "##.##", "##.##", "##.##", "##.##", ".###."}},
    {'V', {"##.##", "##.##", "##.##", "##.##", "##.##", ".###.", "..#.."}},
    {'W', {"##...##", "##...##", "##...##", "##.#.##", "#######", "###.###", "##...##"}},
    {'X', {"##..##", "##..##", ".####.", "..##..", ".####.", "##..##", "##..##"}},
    {'Y', {"##..##", "##..##", ".####.", "..##..", "..##..", "..##..", "..##.."}},
    {'Z', {"######", "....##", "...##.", "..##..", ".##...", "##....", "######"}},
    {'0', {".###.", "##.##", "##.##", "##.##", "##.##", "##.##", ".###."}},
    {'1', {".##.", "###.", ".##.", ".##.", ".##.", ".##.", "####"}},
    {'2', {".###.", "##.##", "...##", "..##.", ".##..", "##...", "#####"}},
    {'3', {"####.", "...##", "...##", ".###.", "...##", "...##", "####."}},
    {'4', {"##.##", "##.##", "##.##", "#####", "...##", "...##", "...##"}},
    {'5', {"#####", "##...", "####.", "...##", "...##", "##.##", ".###."}},
    {'6', {".###.", "##...", "##...", "####.", "##.##", "##.##", ".###."}},
    {'7', {"#####", "...##", "...##", "..##.", "..##.", ".##..", ".##.."}},
    {'8', {".###.", "##.##", "##.##", ".###.", "##.##", "##.##", ".###."}},
    {'9', {".###.", "##.##", "##.##", ".####", "...##", "...##", ".###."}},
    {'-', {"...", "...", "...", "###", "...", "...", "..."}},
};

/* The block letter of cp: an accented letter as its plain one (a mark
 * above 7 rows has no room: ZOE-LI for Zoë-Li), NULL for none. */
static const block_glyph *block_glyph_of(uint32_t cp)
{
    gunichar base[G_UNICHAR_MAX_DECOMPOSITION_LENGTH];
    if (g_unichar_fully_decompose(cp, FALSE, base, G_UNICHAR_MAX_DECOMPOSITION_LENGTH) > 0)
        cp = base[0];
    if (cp >= 'a' && cp <= 'z') cp -= 'a' - 'A';
    for (size_t i = 0; i < sizeof block_glyphs / sizeof *block_glyphs; i++)
        if ((uint32_t)block_glyphs[i].c == cp) return &block_glyphs[i];
    return NULL;
}

/* Empty columns between block letters, and rows between their lines:
 * two, as one reads as one more corridor of the maze and the letters run
 * together. */
#define TEXT_BLOCK_GAP 2u

/* One line of text in block capitals, TEXT_BLOCK_ROWS tall. */
static meiro_status block_line(text_line *line, const char *text, uint32_t height, meiro_error *err)
{
    size_t n = (size_t)g_utf8_strlen(text, -1);
    glyph *g = line->t.g = zalloc(n + 1, sizeof *g);
    uint32_t *gap = line->t.gap_before = zalloc(n + 1, sizeof *gap);
    const block_glyph **bg = zalloc(n + 1, sizeof *bg);
    if (!g || !gap || !bg) {
        free(bg);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    meiro_status s = MEIRO_OK;
    uint64_t width = 0;
    uint32_t pending = 0;
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        const unsigned char *at = p;
        uint32_t cp = next_code_point(&p);
        if (cp == ' ') {
            if (k) pending = TEXT_SPACE_GAP;
            continue;
        }
        /* left out as the font's letters leave them (an accent written
         * apart from its letter goes with it) */
        if (text_drops(cp) || g_unichar_type(cp) == G_UNICODE_NON_SPACING_MARK) continue;
        if (!(bg[k] = block_glyph_of(cp))) {
            s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                           "the block capitals have no letter '%.*s'", (int)(p - at), at);
            break;
        }
        width += k == 0 ? 0 : pending ? pending : TEXT_BLOCK_GAP;
        pending = 0;
        g[k].column = (uint32_t)width;
        g[k].columns = (uint32_t)strlen(bg[k]->rows[0]);
        width += g[k].columns;
        k++;
    }
    line->t.n = k;
    if (s == MEIRO_OK && k == 0)
        s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                       "the text '%s' has no letters to draw (only spaces and punctuation)", text);
    if (s == MEIRO_OK && (width > MEIRO_MAX_SIDE || width * height > MEIRO_MAX_CELLS))
        s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_TOO_BIG,
                       "the text is too long: %llu cells across, at most %u",
                       (unsigned long long)width, MEIRO_MAX_SIDE);
    if (s == MEIRO_OK && !(line->m = zalloc((size_t)width * height, 1)))
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t i = 0; i < k && s == MEIRO_OK; i++)
        for (uint32_t y = 0; y < height; y++) {
            const char *row = bg[i]->rows[y];
            for (uint32_t x = 0; x < g[i].columns; x++)
                line->m[(size_t)y * width + g[i].column + x] = row[x] == '#';
        }
    free(bg);
    if (s != MEIRO_OK) return s;
    return text_trim(line->m, (uint32_t)width, height, &line->t, text, &line->info, err);
}

/* The text in block capitals, its lines stacked as the font's are. */
static meiro_status block_mask(const char *text, uint32_t height, uint8_t **mask,
                               meiro_text_info *info, meiro_error *err)
{
    if (height != TEXT_BLOCK_ROWS)
        return fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                          "block capitals %u cells tall cannot be drawn: %u only", (unsigned)height,
                          TEXT_BLOCK_ROWS);
    size_t count = 1, len = strlen(text);
    for (const char *p = text; *p; p++) count += *p == '\n';
    text_line *lines = zalloc(count, sizeof *lines);
    char *copy = alloc_array(len + 1, 1);
    meiro_status s = MEIRO_OK;
    if (!lines || !copy) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    else memcpy(copy, text, len + 1);
    char *line = copy;
    for (size_t l = 0; l < count && s == MEIRO_OK; l++) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        s = block_line(&lines[l], line, height, err);
        if (end) line = end + 1;
    }
    if (s == MEIRO_OK) s = text_stack(lines, count, height, TEXT_BLOCK_GAP, mask, info, err);
    text_lines_free(lines, count);
    free(copy);
    return s;
}

meiro_status render_text_mask(const char *text, const char *lang, uint32_t height, uint8_t **mask,
                              meiro_text_info *info, meiro_error *err)
{
    return text_mask_face(text, lang, height, TEXT_FACE_REGULAR, mask, info, err);
}

meiro_status text_mask_face(const char *text, const char *lang, uint32_t height, text_face face,
                            uint8_t **mask, meiro_text_info *info, meiro_error *err)
{
    if (!mask) return fail(err, MEIRO_ERROR_ARGUMENT, "no place for the mask");
    *mask = NULL;
    if (info) memset(info, 0, sizeof *info);
    bool cjk = false;
    meiro_status s = text_mask_check(text, &height, &cjk, err);
    if (s != MEIRO_OK) return s;
    if (face == TEXT_FACE_BLOCK) return block_mask(text, height, mask, info, err);
    size_t count = 1;
    for (const char *p = text; *p; p++) count += *p == '\n';
    text_line *lines = zalloc(count, sizeof *lines);
    size_t len = strlen(text);
    char *copy = alloc_array(len + 1, 1);
    if (copy) memcpy(copy, text, len + 1);
    if (!lines || !copy) {
        free(lines);
        free(copy);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(surf);
    PangoContext *pc = text_context(cr, lang, cjk, face);
    /* the letters of every line first: one scale for all of them */
    double top = INFINITY, bottom = -INFINITY;
    char *line = copy;
    for (size_t l = 0; l < count && s == MEIRO_OK; l++) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        s = text_letters(pc, cr, line, &lines[l].t, err);
        for (size_t i = 0; s == MEIRO_OK && i < lines[l].t.n; i++) {
            top = fmin(top, lines[l].t.g[i].top);
            bottom = fmax(bottom, lines[l].t.g[i].bottom);
        }
        if (end) line = end + 1;
    }
    line = copy;
    for (size_t l = 0; l < count && s == MEIRO_OK; l++) {
        s = text_line_mask(&lines[l], line, height, top, bottom, err);
        line += strlen(line) + 1;
    }
    if (s == MEIRO_OK) s = text_stack(lines, count, height, TEXT_LINE_GAP, mask, info, err);
    text_lines_free(lines, count);
    free(copy);
    g_object_unref(pc);
    cairo_destroy(cr);
    cairo_surface_destroy(surf);
    return s;
}
