/* The S and G pictures of an XLSX workbook (draw/xlsx_art.h): drawn by cairo
 * from their SVG inside the drawing module, handed to the XLSX writer,
 * which lives outside it, as PNG images. */
#include "draw/xlsx_art.h"

#include "core/alloc.h"
#include "core/error.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"

#include <stdlib.h>
#include <string.h>

typedef struct picture_bytes {
    unsigned char *data;
    size_t size, cap;
} picture_bytes;

struct xlsx_art {
    cairo_surface_t *pictures[2]; /* S, G */
    picture_bytes *pngs;          /* every image made, until the workbook is written */
    size_t count, cap;
};

meiro_status xlsx_art_open(const meiro_export_options *opt, xlsx_art **art, bool has[2],
                           meiro_error *err)
{
    has[0] = has[1] = false;
    *art = zalloc(1, sizeof **art);
    if (!*art) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    meiro_status s = load_marks_art(opt, MARKS_ART_SIZE, &(*art)->pictures[0], &(*art)->pictures[1], err);
    if (s != MEIRO_OK) {
        xlsx_art_free(*art);
        *art = NULL;
        return s;
    }
    has[0] = (*art)->pictures[0] != NULL;
    has[1] = (*art)->pictures[1] != NULL;
    return MEIRO_OK;
}

static cairo_status_t append_png(void *closure, const unsigned char *data, unsigned int length)
{
    picture_bytes *b = closure;
    if (!vec_reserve(&b->data, &b->cap, b->size + length, 1, 4096)) return CAIRO_STATUS_NO_MEMORY;
    memcpy(b->data + b->size, data, length);
    b->size += length;
    return CAIRO_STATUS_SUCCESS;
}

meiro_status xlsx_art_png(xlsx_art *art, int which, int side, const unsigned char **png,
                          size_t *size, meiro_error *err)
{
    *png = NULL;
    *size = 0;
    cairo_surface_t *picture = which == 0 || which == 1 ? art->pictures[which] : NULL;
    if (!picture) return fail(err, MEIRO_ERROR_ARGUMENT, "no picture for %s", which ? "G" : "S");
    if (!vec_reserve(&art->pngs, &art->cap, art->count + 1, sizeof *art->pngs, 8))
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side);
    cairo_t *cr = cairo_create(image);
    draw_art(cr, picture, 0, 0, side, side);
    cairo_destroy(cr);
    picture_bytes b = {0};
    cairo_status_t st = cairo_surface_write_to_png_stream(image, append_png, &b);
    cairo_surface_destroy(image);
    if (st != CAIRO_STATUS_SUCCESS) {
        free(b.data);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    art->pngs[art->count++] = b;
    *png = b.data;
    *size = b.size;
    return MEIRO_OK;
}

void xlsx_art_free(xlsx_art *art)
{
    if (!art) return;
    for (size_t i = 0; i < art->count; i++) free(art->pngs[i].data);
    free(art->pngs);
    cairo_surface_destroy(art->pictures[0]);
    cairo_surface_destroy(art->pictures[1]);
    free(art);
}
