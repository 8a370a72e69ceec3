/* Masks for shaped mazes: a built-in shape, an SVG or PNG silhouette, or a
 * text set in a bold font, rasterised onto a grid of cells (a cell is
 * inside when at least half of it is covered). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/names.h"
#include "core/utf8.h"
#include "page/template.h"
#include "render/picture.h"

#include <cairo.h>
#include <errno.h>
#include <librsvg/rsvg.h>
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
    {"house", "home", "a house with a roof and a chimney"},
    {"cloud", "", "a cloud"},
    {"flower", "", "a flower with five round petals"},
    {"tree", "", "a round tree on its trunk"},
    {"car", "", "a car on its wheels"},
    {"bear", "", "a bear's head with round ears"},
};

enum { SHAPE_COUNT = sizeof shapes / sizeof shapes[0] };

size_t meiro_shape_count(void) { return SHAPE_COUNT; }

const meiro_algorithm_desc *meiro_shape_info(size_t index) { return index < SHAPE_COUNT ? &shapes[index] : NULL; }

void meiro_mask_free(uint8_t *mask) { free(mask); }

/* A built-in shape by name or alias, in any case ("Heart"). */
static const meiro_algorithm_desc *find_shape(const char *name)
{
    size_t len = strlen(name);
    for (size_t i = 0; i < SHAPE_COUNT; i++)
        if (name_in_list(shapes[i].name, name, len, true) || name_in_list(shapes[i].aliases, name, len, true))
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

/* Whether a pixel (premultiplied ARGB) is inside the silhouette: opaque
 * (alpha mode) or dark once laid on white (luminance below 50%). */
static inline bool pixel_inside(uint32_t p, bool alpha)
{
    unsigned a = p >> 24;
    if (alpha) return a >= 128;
    unsigned r = ((p >> 16) & 0xff) + 255 - a, g = ((p >> 8) & 0xff) + 255 - a, b = (p & 0xff) + 255 - a;
    return 54 * r + 183 * g + 19 * b < 128 * 256;
}

/* Draws a silhouette in the coordinates of the grid (1 unit = 1 cell). */
typedef meiro_status (*paint_fn)(cairo_t *cr, const void *ctx, meiro_error *err);

/* Sets the cells of [x0, x0 + w) x [y0, y0 + h) that the painting covers
 * at least half to 1 in mask (stride cells a row), leaving the others as
 * they are; tile by tile, so that any grid fits in a small surface. */
static meiro_status rasterise(paint_fn paint, const void *ctx, bool alpha, unsigned s, uint8_t *mask,
                              uint32_t stride, uint32_t x0, uint32_t y0, uint32_t w, uint32_t h, meiro_error *err)
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
            uint32_t cw = x0 + w - tx < tile ? x0 + w - tx : tile, ch = y0 + h - ty < tile ? y0 + h - ty : tile;
            for (uint32_t cy = 0; cy < ch; cy++) {
                for (uint32_t cx = 0; cx < cw; cx++) {
                    unsigned count = 0;
                    for (unsigned j = 0; j < s; j++) {
                        const unsigned char *line = data + (size_t)(cy * s + j) * (size_t)row_bytes;
                        const uint32_t *row = (const uint32_t *)(const void *)line;
                        for (unsigned i = 0; i < s; i++) count += pixel_inside(row[cx * s + i], alpha);
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

/* A picture: a PNG as an image whose pixels are its units, or an SVG
 * (drawn again for each tile of the mask: cairo 1.16 shifts a recording
 * replayed into a tile that starts inside it), and where its silhouette
 * lies. */
typedef struct picture {
    cairo_surface_t *png;
    RsvgHandle *svg;
    double svg_w, svg_h;          /* the SVG's units in the picture's */
    bool alpha;                   /* opaque = inside; else dark = inside */
    double bx0, by0, bx1, by1;    /* the silhouette's bounding box */
    double scale, ox, oy;         /* picture units to cells: x * scale + ox */
} picture;

static meiro_status paint_picture(cairo_t *cr, const void *ctx, meiro_error *err)
{
    const picture *p = ctx;
    cairo_translate(cr, p->ox, p->oy);
    cairo_scale(cr, p->scale, p->scale);
    if (p->png) {
        cairo_set_source_surface(cr, p->png, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
        cairo_paint(cr);
        return MEIRO_OK;
    }
    RsvgRectangle view = {0, 0, p->svg_w, p->svg_h};
    GError *gerr = NULL;
    if (rsvg_handle_render_document(p->svg, cr, &view, &gerr)) return MEIRO_OK;
    meiro_status s = fail(err, MEIRO_ERROR_PARSE, "the SVG cannot be drawn: %s", gerr ? gerr->message : "librsvg failed");
    if (gerr) g_error_free(gerr);
    return s;
}

static void picture_free(picture *p)
{
    if (p->svg) g_object_unref(p->svg);
    cairo_surface_destroy(p->png);
}

/* Reads a whole file (at most SHAPE_MAX_BYTES). */
static meiro_status read_file(const char *path, unsigned char **data, size_t *size, meiro_error *err)
{
    *data = NULL;
    *size = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, MEIRO_ERROR_IO, "cannot read shape file '%s': %s", path, strerror(errno));
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
            if (ferror(f)) s = fail(err, MEIRO_ERROR_IO, "cannot read shape file '%s': %s", path, strerror(errno));
            break;
        }
        if (n > SHAPE_MAX_BYTES) {
            s = fail(err, MEIRO_ERROR_TOO_BIG, "shape file '%s' is larger than %d MiB: refused", path,
                     SHAPE_MAX_BYTES >> 20);
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
    unsigned char *row;           /* one decoded row, RGBA */
    uint32_t *acc;                /* sums of premultiplied ARGB per output pixel */
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
static void reader_flush_rows(shape_png_reader *r, uint32_t y0, uint32_t rows, uint32_t f, uint32_t w, uint32_t h)
{
    int ow = cairo_image_surface_get_width(r->out), stride = cairo_image_surface_get_stride(r->out);
    unsigned char *px = cairo_image_surface_get_data(r->out);
    for (uint32_t j = 0; j < rows; j++) {
        uint32_t ty = y0 + j, ny = h - ty * f < f ? h - ty * f : f;
        uint32_t *dst = (uint32_t *)(void *)(px + (size_t)ty * (size_t)stride);
        for (int tx = 0; tx < ow; tx++) {
            uint32_t nx = w - (uint32_t)tx * f < f ? w - (uint32_t)tx * f : f, n = nx * ny;
            const uint32_t *a = r->acc + ((size_t)j * (size_t)ow + (size_t)tx) * 4;
            dst[tx] = (a[0] + n / 2) / n << 24 | (a[1] + n / 2) / n << 16 | (a[2] + n / 2) / n << 8 | (a[3] + n / 2) / n;
        }
    }
}

/* Reads a PNG (any kind: libpng turns rows into 8-bit RGBA) into a
 * surface of premultiplied ARGB at most `side` pixels on its longer side:
 * f x f pixels are averaged into one (f the least that fits), row by row,
 * so no more than one row of the picture is ever held whole. An
 * interlaced PNG comes in seven passes over the picture: its sums are
 * held for the whole output, which is kept to 1024 pixels a side. */
static meiro_status read_png(const unsigned char *data, size_t size, const char *what, unsigned side,
                             cairo_surface_t **out, meiro_error *err)
{
    *out = NULL;
    uint32_t w, h;
    if (!picture_png_size(data, size, &w, &h))
        return fail(err, MEIRO_ERROR_PARSE, "%s is not a readable PNG image", what);
    if (w == 0 || h == 0 || w > 32767 || h > 32767 || (uint64_t)w * h > PICTURE_MAX_PIXELS)
        return fail(err, MEIRO_ERROR_TOO_BIG, "%s is %lu x %lu pixels: at most 32767 a side and %u megapixels",
                    what, (unsigned long)w, (unsigned long)h, PICTURE_MAX_PIXELS >> 20);
    shape_png_reader *r = zalloc(1, sizeof *r);
    if (!r) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
    r->data = data;
    r->size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    meiro_status s = MEIRO_OK;
    if (!info) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what);
        goto done;
    }
    if (setjmp(png_jmpbuf(png))) {
        s = strstr(r->message, "memory") ? fail(err, MEIRO_ERROR_NOMEM, "out of memory reading %s", what)
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
        uint32_t cols = interlaced ? PNG_PASS_COLS(w, pass) : w, rows = interlaced ? PNG_PASS_ROWS(h, pass) : h;
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
            if (!interlaced && ((y + 1) % f == 0 || y + 1 == h)) { /* a row of the output is complete */
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

/* Finds the mode (alpha if some pixel is less than half opaque) and the
 * silhouette's box in an ARGB32 image of the picture; false if nothing is
 * inside. */
static bool analyse(cairo_surface_t *img, picture *p)
{
    cairo_surface_flush(img);
    const unsigned char *data = cairo_image_surface_get_data(img);
    int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    int stride = cairo_image_surface_get_stride(img);
    p->alpha = false;
    for (int y = 0; y < h && !p->alpha; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++)
            if ((row[x] >> 24) < 128) {
                p->alpha = true;
                break;
            }
    }
    int x0 = w, y0 = h, x1 = -1, y1 = -1;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            if (!pixel_inside(row[x], p->alpha)) continue;
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

/* Opens an SVG measured by svg_scan, its units scaled so that its longer
 * side is `side`. */
static meiro_status open_svg(const unsigned char *data, size_t size, const char *what, unsigned side, picture *p,
                             meiro_error *err)
{
    meiro_status s = svg_scan(data, size, what, err);
    if (s != MEIRO_OK) return s;
    GError *gerr = NULL;
    /* from memory, with no base file: librsvg loads no other file */
    p->svg = rsvg_handle_new_from_data(data, size, &gerr);
    if (!p->svg) {
        s = fail(err, MEIRO_ERROR_PARSE, "%s is not a valid SVG image: %s", what,
                 gerr ? gerr->message : "librsvg refused it");
        if (gerr) g_error_free(gerr);
        return s;
    }
    rsvg_handle_set_dpi(p->svg, 96);
    gdouble w = 0, h = 0;
    if (!rsvg_handle_get_intrinsic_size_in_pixels(p->svg, &w, &h)) {
        gboolean has_w, has_h, has_box;
        RsvgLength lw, lh;
        RsvgRectangle vb;
        rsvg_handle_get_intrinsic_dimensions(p->svg, &has_w, &lw, &has_h, &lh, &has_box, &vb);
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

/* Loads an SVG or PNG (told apart by their first bytes) at most `side`
 * pixels on its longer side, and finds its silhouette. `what` names it in
 * messages. */
static meiro_status load_picture(const unsigned char *data, size_t size, const char *what, unsigned side,
                                 picture *p, meiro_error *err)
{
    static const unsigned char png_magic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memset(p, 0, sizeof *p);
    meiro_status s = MEIRO_OK;
    cairo_surface_t *img = NULL;
    if (size >= 8 && memcmp(data, png_magic, 8) == 0) {
        s = read_png(data, size, what, side, &p->png, err);
        if (s != MEIRO_OK) return s;
        img = cairo_surface_reference(p->png);
    } else {
        size_t i = size >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf ? 3 : 0; /* a BOM */
        while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')) i++;
        if (i >= size || data[i] != '<')
            return fail(err, MEIRO_ERROR_PARSE, "%s is neither an SVG nor a PNG image", what);
        s = open_svg(data, size, what, side, p, err);
        if (s == MEIRO_OK) {
            img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(p->svg_w), (int)ceil(p->svg_h));
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
                 p->alpha ? "opaque" : "dark");
    cairo_surface_destroy(img);
    if (s != MEIRO_OK) picture_free(p);
    return s;
}

static meiro_status check_grid(uint32_t width, uint32_t height, meiro_error *err)
{
    if (width < 1 || height < 1)
        return fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_ARGUMENT, "a shape needs a grid of at least 1 x 1 cells, not %u x %u",
                    (unsigned)width, (unsigned)height);
    if (width > MEIRO_MAX_SIDE || height > MEIRO_MAX_SIDE || (uint64_t)width * height > MEIRO_MAX_CELLS)
        return fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_TOO_BIG, "%u x %u cells is too big (at most %u a side and %u cells)",
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
} shape_job;

static meiro_status shape_work(void *ctx, meiro_error *err)
{
    const shape_job *j = ctx;
    /* the picture is drawn 8 pixels a cell (512 to 4096 pixels) to find
     * its silhouette's box */
    uint32_t side = j->width > j->height ? j->width : j->height;
    unsigned px = side < 64 ? 512 : side > 512 ? 4096 : 8 * side;
    picture p;
    meiro_status s = load_picture(j->data, j->size, j->what, px, &p, err);
    if (s != MEIRO_OK) return s;
    double bw = p.bx1 - p.bx0, bh = p.by1 - p.by0;
    p.scale = fmin(j->width / bw, j->height / bh);
    p.ox = (j->width - bw * p.scale) / 2 - p.bx0 * p.scale;
    p.oy = (j->height - bh * p.scale) / 2 - p.by0 * p.scale;
    s = rasterise(paint_picture, &p, p.alpha, samples_per_cell((uint64_t)j->width * j->height), j->mask, j->width, 0,
                  0, j->width, j->height, err);
    picture_free(&p);
    return s;
}

meiro_status picture_mask(const unsigned char *data, size_t size, const char *what, uint32_t width, uint32_t height,
                          uint8_t *mask, meiro_error *err)
{
    shape_job job = {data, size, what, width, height, mask};
    return shape_work(&job, err);
}

meiro_status meiro_shape_mask(const char *shape, uint32_t width, uint32_t height, uint8_t **mask,
                              meiro_error *err)
{
    if (!mask) return fail(err, MEIRO_ERROR_ARGUMENT, "no place for the mask");
    *mask = NULL;
    if (!shape || !shape[0]) return fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT, "no shape given");
    meiro_status s = check_grid(width, height, err);
    if (s != MEIRO_OK) return s;

    const meiro_algorithm_desc *d = find_shape(shape);
    unsigned char *owned = NULL;
    char what[1100];
    shape_job job = {NULL, 0, what, width, height, NULL};
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
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "", shapes[i].name);
        return fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_UNKNOWN_NAME, "no shape '%s' (built in: %s; or a file NAME.svg or NAME.png)",
                    shape, names);
    }

    size_t cells = (size_t)width * height;
    uint8_t *m = zalloc(cells, 1);
    if (!m) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %u x %u mask", (unsigned)width, (unsigned)height);
    if (s == MEIRO_OK && d) { /* ours: drawn here */
        job.mask = m;
        s = shape_work(&job, err);
    } else if (s == MEIRO_OK) { /* a stranger's: measured, then drawn on a budget */
        job.mask = sandbox_shared(cells);
        if (!job.mask) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %u x %u mask", (unsigned)width,
                                (unsigned)height);
        if (s == MEIRO_OK) s = sandbox_run(shape_work, &job, SHAPE_SECONDS(cells), SHAPE_MEGABYTES, what, err);
        if (s == MEIRO_OK) memcpy(m, job.mask, cells);
        sandbox_unshare(job.mask, cells);
    }
    free(owned);
    if (s == MEIRO_OK) {
        uint64_t inside = count_inside(m, cells);
        if (inside < 2)
            s = fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT, "%s leaves %u cell%s inside a %u x %u grid; use a larger -W/-H", what,
                     (unsigned)inside, inside == 1 ? "" : "s", (unsigned)width, (unsigned)height);
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
    else if (c[0] < 0xf0) cp = (uint32_t)(c[0] & 0x0f) << 12 | (uint32_t)(c[1] & 0x3f) << 6 | (c[2] & 0x3f), *p += 3;
    else
        cp = (uint32_t)(c[0] & 0x07) << 18 | (uint32_t)(c[1] & 0x3f) << 12 | (uint32_t)(c[2] & 0x3f) << 6 | (c[3] & 0x3f),
        *p += 4;
    return cp;
}

static bool is_cjk(uint32_t cp)
{
    return (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0xf900 && cp <= 0xfaff) ||
           (cp >= 0xff00 && cp <= 0xffef) || (cp >= 0x20000 && cp <= 0x3ffff) || (cp >= 0x1100 && cp <= 0x11ff);
}

/* One letter (a grapheme cluster) with ink. */
typedef struct glyph {
    PangoLayout *layout;
    double x0, x1, top, bottom; /* ink in font units; top and bottom from the baseline */
    double baseline;
    uint32_t column, columns;   /* where it goes in the grid */
    double shift_x, shift_y;    /* font units to cells: x * k + shift */
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
static meiro_cell deep_cell(const uint8_t *m, uint32_t width, uint32_t height, uint32_t x0, uint32_t x1)
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

/* The text checked (UTF-8, one line) and its height (0: the default for
 * its letters); whether it has kana, kanji or hangul. */
static meiro_status text_mask_check(const char *text, uint32_t *height, bool *cjk, meiro_error *err)
{
    if (!text || !text[0]) return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT, "the text is empty: give the letters to draw");
    size_t len = strlen(text), bad = utf8_check(text, len);
    if (bad < len)
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT, "the text is not valid UTF-8 (byte %zu, counted from 1)", bad + 1);
    bool lower = false;
    *cjk = false;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        size_t at = (size_t)(p - (const unsigned char *)text);
        uint32_t cp = next_code_point(&p);
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
            return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT, "the text has a control character (byte %zu): one line of letters only",
                        at + 1);
        *cjk = *cjk || is_cjk(cp);
        lower = lower || g_unichar_islower(cp);
    }
    if (*height == 0) *height = *cjk ? MEIRO_TEXT_HEIGHT_CJK : lower ? MEIRO_TEXT_HEIGHT_LOWER : MEIRO_TEXT_HEIGHT;
    if (*height < MEIRO_TEXT_HEIGHT_MIN || *height > MEIRO_MAX_SIDE)
        return fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT, "a text %u cells tall cannot be drawn: %u to %u cells", (unsigned)*height,
                    MEIRO_TEXT_HEIGHT_MIN, MEIRO_MAX_SIDE);
    return MEIRO_OK;
}

/* A Pango context for measuring: unhinted outlines in user units, so they
 * scale exactly, in the text's language. */
static PangoContext *text_context(cairo_t *cr, const char *lang, bool cjk)
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
    pango_context_set_language(pc, pango_language_from_string(lang && lang[0] ? lang : cjk ? "ja" : "en"));
    PangoFontDescription *desc = pango_font_description_from_string(TEXT_FONT);
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
        blank = blank && (g_unichar_isspace(cp) || type == G_UNICODE_FORMAT || type == G_UNICODE_CONTROL);
    }
    return blank;
}

static meiro_status text_letters(PangoContext *pc, cairo_t *cr, const char *text, letters *out, meiro_error *err)
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
        PangoLayout *l = pango_layout_new(pc);
        pango_layout_set_text(l, start, (int)(end - start));
        if (pango_layout_get_unknown_glyphs_count(l) > 0) {
            s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
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
                s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT, "the letter '%.*s' has no outline to draw (a colour emoji?)",
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
        s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT, "the text '%s' has no letters to draw (only spaces)", text);
    return s;
}

/* One scale for all: the ink of the whole text `height` cells tall; each
 * letter's columns; *k the scale, *width the grid's columns. */
static meiro_status text_columns(letters *t, uint32_t height, double stroke, double *k, uint64_t *width,
                                 meiro_error *err)
{
    glyph *g = t->g;
    double top = g[0].top, bottom = g[0].bottom;
    for (size_t i = 1; i < t->n; i++) {
        top = fmin(top, g[i].top);
        bottom = fmax(bottom, g[i].bottom);
    }
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
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_TOO_BIG,
                 "the text is too long: %s%llu cells across at %u cells tall, at most %u (a shorter text or a "
                 "smaller height)",
                 *width > MEIRO_MAX_SIDE ? "more than " : "", (unsigned long long)*width, (unsigned)height,
                 MEIRO_MAX_SIDE);
    return MEIRO_OK;
}

/* The letters that kept cells, and the grid trimmed to them (the mask
 * moved in place); info says where they are. */
static meiro_status text_trim(uint8_t *m, uint32_t width, uint32_t height, const letters *t, const char *text,
                              meiro_text_info *info, meiro_error *err)
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
        return fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT, "the text '%s' leaves %s at %u cells tall; use a larger height", text,
                 inside == 1 ? "1 cell" : "no cells", (unsigned)height);
    uint32_t w2 = hi - lo + 1;
    if (w2 < width) { /* drop the empty columns at both ends */
        for (uint32_t y = 0; y < height; y++) memmove(m + (size_t)y * w2, m + (size_t)y * width + lo, w2);
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

meiro_status meiro_text_mask(const char *text, const char *lang, uint32_t height, uint8_t **mask,
                             meiro_text_info *info, meiro_error *err)
{
    if (!mask) return fail(err, MEIRO_ERROR_ARGUMENT, "no place for the mask");
    *mask = NULL;
    if (info) memset(info, 0, sizeof *info);
    bool cjk = false;
    meiro_status s = text_mask_check(text, &height, &cjk, err);
    if (s != MEIRO_OK) return s;
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create(surf);
    PangoContext *pc = text_context(cr, lang, cjk);
    letters t = {0};
    s = text_letters(pc, cr, text, &t, err);
    double stroke = TEXT_STROKE, k = 0;
    uint64_t width = 0;
    if (s == MEIRO_OK) s = text_columns(&t, height, stroke, &k, &width, err);
    uint8_t *m = NULL;
    if (s == MEIRO_OK) {
        m = zalloc((size_t)width * height, 1);
        if (!m) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %llu x %u mask", (unsigned long long)width, (unsigned)height);
    }
    unsigned samples = samples_per_cell(width * height);
    for (size_t i = 0; i < t.n && s == MEIRO_OK; i++) {
        text_paint paint = {&t.g[i], k, stroke};
        s = rasterise(paint_glyph, &paint, true, samples, m, (uint32_t)width, t.g[i].column, 0, t.g[i].columns, height,
                      err);
    }
    if (s == MEIRO_OK) s = text_trim(m, (uint32_t)width, height, &t, text, info, err);
    for (size_t i = 0; t.g && i < t.n; i++) g_object_unref(t.g[i].layout);
    free(t.g);
    free(t.gap_before);
    g_object_unref(pc);
    cairo_destroy(cr);
    cairo_surface_destroy(surf);
    if (s != MEIRO_OK) {
        free(m);
        return s;
    }
    *mask = m;
    return MEIRO_OK;
}
