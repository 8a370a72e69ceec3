/* The masks of shapes and names (picture.h's render_shape_mask,
 * render_text_mask, text_mask.h's text_mask_face) and the built-in
 * shapes' registry: the built-in shapes and the names are glyph's own
 * (glyph/text_mask.h), a picture file is decoded by shape.c. No drawing
 * library here: the WebAssembly build compiles this file without shape.c
 * (web/web.mk), its pictures being the browser's to decode. */
#include "core/alloc.h"
#include "core/error.h"
#include "glyph/raster.h"
#include "glyph/text_mask.h"
#include "shapes/picture.h"
#include "shapes/text_mask.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t render_shape_count(void) { return glyph_shape_count(); }

const meiro_algorithm_desc *render_shape_info(size_t index) { return glyph_shape_info(index); }

bool render_shape_min_grid(const char *shape, uint32_t *width, uint32_t *height)
{
    int k = shape && shape[0] ? glyph_shape_find(shape) : -1;
    *width = *height = MEIRO_SHAPE_MIN_SIDE;
    if (k >= 0) glyph_shape_min_grid((size_t)k, width, height);
    return k >= 0;
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

meiro_status render_shape_mask(const char *shape, uint32_t width, uint32_t height, uint8_t **mask,
                               meiro_error *err)
{
    if (!mask) return fail(err, MEIRO_ERROR_ARGUMENT, "no place for the mask");
    *mask = NULL;
    if (!shape || !shape[0])
        return fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT, "no shape given");
    meiro_status s = check_grid(width, height, err);
    if (s != MEIRO_OK) return s;

    int builtin = glyph_shape_find(shape);
    char what[1100];
    if (builtin >= 0) {
        snprintf(what, sizeof what, "the shape '%s'", glyph_shape_info((size_t)builtin)->name);
    } else if (strchr(shape, '/') || strchr(shape, '.')) {
        snprintf(what, sizeof what, "'%s'", shape);
    } else {
        char names[400] = "";
        size_t n = 0;
        for (size_t i = 0; i < glyph_shape_count() && n < sizeof names; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                                  glyph_shape_info(i)->name);
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
    if (s == MEIRO_OK && builtin >= 0) /* ours: stored outlines, by meiro's rasteriser */
        s = glyph_shape_mask((size_t)builtin, width, height, m, err);
    else if (s == MEIRO_OK) /* a stranger's: measured, then drawn on a budget */
        s = picture_file_mask(shape, what, width, height, m, err);
    if (s == MEIRO_OK) {
        uint64_t inside = raster_inside(m, cells);
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

meiro_status render_text_mask(const char *text, const char *lang, uint32_t height, uint8_t **mask,
                              meiro_text_info *info, meiro_error *err)
{
    return glyph_text_mask(NULL, text, lang, height, TEXT_FACE_REGULAR, mask, info, err);
}

meiro_status text_mask_face(const char *text, const char *lang, uint32_t height, text_face face,
                            uint8_t **mask, meiro_text_info *info, meiro_error *err)
{
    return glyph_text_mask(NULL, text, lang, height, face, mask, info, err);
}
