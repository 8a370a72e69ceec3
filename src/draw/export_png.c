/* PNG export: the page at --dpi (300 by default), or with --crop only the
 * maze and a small border; walls snapped to the pixel grid. The page is
 * drawn in horizontal bands into one small surface and each band's rows go
 * straight to libpng, so memory stays small at any resolution; pages
 * without colour (the red solution, artwork, a shape's S and G) are
 * written in grey. The PNG records its resolution (pHYs), so it prints at
 * size, and the seed (tEXt). An animation's frames are written here too,
 * with the same settings. */
#include "core/alloc.h"
#include "core/error.h"
#include "page/layout.h"
#include "compose/document.h"
#include "draw/export.h"
#include "draw/scene_cairo.h"

#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { BAND_ROWS = 128 };

static void on_png_write(png_structp png, png_bytep data, png_size_t length)
{
    if (fwrite(data, 1, length, png_get_io_ptr(png)) != length) png_error(png, "write error");
}

static void on_png_flush(png_structp png) { (void)png; }

static void on_png_warning(png_structp png, png_const_charp msg) { (void)png, (void)msg; }

static void on_png_error(png_structp png, png_const_charp msg)
{
    (void)msg;
    png_longjmp(png, 1);
}

/* Mostly white: runs of one byte are most of it, and zlib's run search is
 * faster than its level 1 and as small or smaller. Rows repeat along a
 * rectangle's upright walls (each row as a change from the one above);
 * the anti-aliased slopes of the other grids make every row new, and
 * their bytes as they are pack smaller. (libpng's default, trying every
 * filter on every row at level 6, took 3 to 4 times as long.) */
static void raster_png_settings(png_structp png, bool upright)
{
    png_set_compression_level(png, 1);
    png_set_compression_strategy(png, Z_RLE);
    png_set_filter(png, 0, upright ? PNG_FILTER_UP : PNG_FILTER_NONE);
}

/* The picture: its top-left corner on the page in whole pixels (so the
 * walls stay on the pixel grid) and its size. The page is drawn in bands
 * as wide as the picture, and cairo's image surfaces are at most 32767
 * pixels across; the height has no such limit (bands), and at 2400 dpi the
 * largest paper is under 40,000 pixels tall. */
typedef struct raster_area {
    double x0, y0, ppm;
    double width, height;
} raster_area;

static meiro_status raster_measure(const document *d, const meiro_export_options *opt,
                                   raster_area *a, meiro_error *err)
{
    if (opt->dpi < PNG_MIN_DPI || opt->dpi > PNG_MAX_DPI)
        return fail_field(err, MEIRO_FIELD_DPI, MEIRO_ERROR_ARGUMENT,
                          "a resolution (dpi) of %u is out of range (%d to %d)", opt->dpi,
                          PNG_MIN_DPI, PNG_MAX_DPI);
    page_layout L;
    meiro_status s = doc_first_maze(d, 0, &L, err);
    if (s != MEIRO_OK) return s;
    double page_w, page_h;
    doc_page_size(d, &page_w, &page_h);
    a->ppm = opt->dpi / 25.4; /* pixels per mm */
    a->x0 = opt->crop ? floor(L.crop_x * a->ppm) : 0;
    a->y0 = opt->crop ? floor(L.crop_y * a->ppm) : 0;
    double mm_w = opt->crop ? L.crop_w : page_w;
    a->width = ceil(mm_w * a->ppm);
    a->height = ceil((opt->crop ? L.crop_h : page_h) * a->ppm);
    if (a->width > PNG_MAX_SIDE) {
        unsigned most = (unsigned)floor((PNG_MAX_SIDE - 1) * 25.4 / mm_w);
        return fail_field(
            err, MEIRO_FIELD_DPI, MEIRO_ERROR_ARGUMENT,
            "a %.0f x %.0f pixel image is too wide: a PNG is at most %d pixels across, "
            "so this %s takes a resolution (dpi) of %u at most",
            a->width, a->height, PNG_MAX_SIDE, opt->crop ? "maze" : "page", most);
    }
    return MEIRO_OK;
}

meiro_status raster_check(const document *d, const meiro_export_options *opt, meiro_error *err)
{
    raster_area a;
    return raster_measure(d, opt, &a, err);
}

meiro_status export_png(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir; /* no scratch files */
    doc_item item = {m, path, 0};
    document d;
    meiro_status s = doc_init_writer(&d, &item, opt, err);
    if (s != MEIRO_OK) return s; /* nothing to free yet */
    /* everything below is freed at done: (libpng may longjmp back to the
     * setjmp; these are all set before it and not changed after) */
    cairo_surface_t *band = NULL;
    png_bytep row = NULL;
    png_structp png = NULL;
    png_infop info = NULL;
    raster_area a;
    s = raster_measure(&d, opt, &a, err);
    if (s != MEIRO_OK) goto done;
    int width = (int)a.width, height = (int)a.height;
    double ppm = a.ppm, x0 = a.x0, y0 = a.y0;
    /* grey unless something is coloured: the path, template artwork or
     * S and G's badges (a shape's, a picture maze's, or the document's) */
    bool grey = (!path || path->length == 0) && !d.style.frame && !d.style.marks.start_art &&
                !d.style.marks.goal_art && !meiro_maze_has_mask(m) && !meiro_maze_picture(m) &&
                !d.style.marks.badges;

    band = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, BAND_ROWS);
    row = alloc_array(width, 3);
    png = row ? png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, on_png_error, on_png_warning)
              : NULL;
    info = png ? png_create_info_struct(png) : NULL;
    if (cairo_surface_status(band) != CAIRO_STATUS_SUCCESS || !info) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for the image");
        goto done;
    }
    char footer[160];
    page_footer(m, footer, sizeof footer);
    page_words words;
    page_words_for(opt, &words);
    if (setjmp(png_jmpbuf(png))) {
        s = fail_write(err); /* s is set anew here, never read stale */
        goto done;
    }
    png_set_write_fn(png, out, on_png_write, on_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 grey ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    raster_png_settings(png, meiro_maze_grid(m) == MEIRO_GRID_RECT);
    png_uint_32 per_metre = (png_uint_32)lround(ppm * 1000);
    png_set_pHYs(png, info, per_metre, per_metre, PNG_RESOLUTION_METER);
    png_text text[3] = {
        {.compression = PNG_TEXT_COMPRESSION_NONE,
         .key = "Title",
         .text = (char *)(words.title ? words.title : words.labels->default_title)},
        {.compression = PNG_TEXT_COMPRESSION_NONE, .key = "Description", .text = footer},
        {.compression = PNG_TEXT_COMPRESSION_NONE,
         .key = "Software",
         .text = "meiro " MEIRO_VERSION},
    };
    png_set_text(png, info, text, 3);
    png_write_info(png, info);

    cairo_status_t st = CAIRO_STATUS_SUCCESS;
    for (int top = 0; top < height && st == CAIRO_STATUS_SUCCESS && s == MEIRO_OK;
         top += BAND_ROWS) {
        cairo_t *cr = cairo_create(band);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        cairo_translate(cr, -x0, -(y0 + top)); /* device pixels */
        cairo_scale(cr, ppm, ppm);
        s = doc_draw_cairo(&d, 0, cr, opt->crop, ppm, LAYER_ALL, err);
        st = cairo_status(cr);
        cairo_destroy(cr);
        cairo_surface_flush(band);
        const unsigned char *data = cairo_image_surface_get_data(band);
        int stride = cairo_image_surface_get_stride(band);
        for (int y = 0; y < BAND_ROWS && top + y < height; y++) {
            const uint32_t *px = (const uint32_t *)(data + (size_t)y * stride);
            for (int x = 0; x < width; x++) {
                unsigned r = (px[x] >> 16) & 255, g = (px[x] >> 8) & 255, b = px[x] & 255;
                if (grey) {
                    row[x] = (png_byte)((r * 77 + g * 150 + b * 29) >> 8);
                } else {
                    row[3 * x] = (png_byte)r;
                    row[3 * x + 1] = (png_byte)g;
                    row[3 * x + 2] = (png_byte)b;
                }
            }
            png_write_row(png, row);
        }
    }
    if (st == CAIRO_STATUS_SUCCESS && s == MEIRO_OK) png_write_end(png, NULL);
    if (s == MEIRO_OK && st != CAIRO_STATUS_SUCCESS)
        s = fail(err, st == CAIRO_STATUS_NO_MEMORY ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_INTERNAL,
                 "drawing failed: %s", cairo_status_to_string(st));
done:
    png_destroy_write_struct(&png, &info);
    free(row);
    cairo_surface_destroy(band);
    doc_free(&d);
    return s;
}

/* The reason alone: the caller says what failed */
static meiro_status io_failed(meiro_error *err)
{
    return fail(err, MEIRO_ERROR_IO, "%s", errno ? strerror(errno) : "write error");
}

/* One frame of an animation (an RGB24 image of a rectangle's cells) to
 * `path`, with the page's settings. The image's rows go to libpng as they
 * are: no row to allocate a frame (an animation writes hundreds). */
meiro_status frame_write_png(cairo_surface_t *image, const char *path, meiro_error *err)
{
    int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
    png_structp png = NULL;
    png_infop info = NULL;
    meiro_status s = MEIRO_OK;
    errno = 0;
    FILE *out = fopen(path, "wb");
    if (!out) return io_failed(err);
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, on_png_error, on_png_warning);
    info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for the image");
        goto done;
    }
    if (setjmp(png_jmpbuf(png))) {
        s = io_failed(err);
        goto done;
    }
    png_set_write_fn(png, out, on_png_write, on_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    raster_png_settings(png, true);
    png_write_info(png, info);
    /* cairo's RGB24 pixel is a native 32-bit 0x00RRGGBB: B G R x in memory
     * on a little-endian machine, x R G B on a big-endian one */
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe == 1) {
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    } else {
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
    }
    cairo_surface_flush(image);
    unsigned char *data = cairo_image_surface_get_data(image);
    int stride = cairo_image_surface_get_stride(image);
    for (int y = 0; y < height; y++) png_write_row(png, data + (size_t)y * stride);
    png_write_end(png, NULL);
done:
    png_destroy_write_struct(&png, &info);
    if (fclose(out) != 0 && s == MEIRO_OK) s = io_failed(err);
    return s;
}
