/* Masks for shaped mazes: an SVG, PNG, JPEG, GIF or BMP silhouette (a line
 * drawing filled), decoded and drawn by librsvg, gdk-pixbuf or libpng,
 * then sampled onto a grid of cells as glyph/raster.h does (a cell is
 * inside when at least half of its samples are), for render_shape_mask
 * (mask.c: the built-in shapes and texts are glyph's own). */
#include "core/alloc.h"
#include "core/error.h"
#include "glyph/raster.h"
#include "shapes/image_libs.h"
#include "shapes/picture.h"

#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Rasterising ------------------------------------------------------ */

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
    uint8_t *row = alloc_array((size_t)tile * s, 1);
    uint16_t *counts = zalloc(tile, sizeof *counts);
    if (!row || !counts) st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
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
            /* the samples of a row of cells, counted as meiro's own
             * rasteriser counts them */
            for (uint32_t cy = 0; cy < ch; cy++) {
                for (unsigned j = 0; j < s; j++) {
                    const unsigned char *line = data + (size_t)(cy * s + j) * (size_t)row_bytes;
                    const uint32_t *px = (const uint32_t *)(const void *)line;
                    for (size_t i = 0; i < (size_t)cw * s; i++) row[i] = pixel_inside(px[i], mode);
                    raster_count(row, s, cw, counts);
                }
                raster_cells(counts, s, cw, mask + (size_t)(ty + cy) * stride + tx);
            }
        }
    }
    free(row);
    free(counts);
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
    s = rasterise(paint_picture, &p, p.mode, raster_samples((uint64_t)j->width * j->height),
                  j->mask, j->width, 0, 0, j->width, j->height, err);
    uint64_t inside = s == MEIRO_OK ? raster_inside(j->mask, (size_t)j->width * j->height) : 2;
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

meiro_status picture_file_mask(const char *file, const char *what, uint32_t width, uint32_t height,
                               uint8_t *mask, meiro_error *err)
{
    unsigned char *data = NULL;
    size_t cells = (size_t)width * height;
    shape_job job = {NULL, 0, what, width, height, NULL, true};
    meiro_status s = read_file(file, &data, &job.size, err);
    job.data = data;
    if (s == MEIRO_OK) {
        job.mask = sandbox_shared(cells);
        if (!job.mask)
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %u x %u mask", (unsigned)width,
                     (unsigned)height);
    }
    if (s == MEIRO_OK)
        s = sandbox_run(shape_work, &job, SHAPE_SECONDS(cells), SHAPE_MEGABYTES, "draw", what, err);
    if (s == MEIRO_OK) memcpy(mask, job.mask, cells);
    sandbox_unshare(job.mask, cells);
    free(data);
    return s;
}
