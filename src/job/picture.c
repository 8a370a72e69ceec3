/* The picture of a picture maze (meiro_picture_mask): a built-in shape, a
 * file or a text turned into 2 x 2 blocks of cells with a border, the grid
 * meiro_picture_maze takes. The drawing is the render layer's (through the
 * public shape and text masks); the sizes are decided here. */
#include "core/alloc.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

/* Blocks of border round the picture: room for dead ends outside it. */
enum { BORDER_BLOCKS = 2, DEFAULT_LONG_SIDE = 48 };

/* mask: bw x bh blocks; *out: (bw + 2 border) x (...) blocks, each 2 x 2
 * cells. */
static meiro_status blow_up(const uint8_t *blocks, uint32_t bw, uint32_t bh, uint8_t **mask,
                            uint32_t *out_w, uint32_t *out_h, meiro_error *err)
{
    uint32_t w = 2 * (bw + 2 * BORDER_BLOCKS), h = 2 * (bh + 2 * BORDER_BLOCKS);
    uint8_t *m = zalloc((size_t)w * h, 1);
    if (!m) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %lu x %lu picture",
                        (unsigned long)w, (unsigned long)h);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint32_t bx = x / 2, by = y / 2;
            if (bx >= BORDER_BLOCKS && bx < bw + BORDER_BLOCKS && by >= BORDER_BLOCKS &&
                by < bh + BORDER_BLOCKS)
                m[(size_t)y * w + x] =
                    blocks[(size_t)(by - BORDER_BLOCKS) * bw + (bx - BORDER_BLOCKS)] != 0;
        }
    *mask = m;
    *out_w = w;
    *out_h = h;
    return MEIRO_OK;
}

meiro_status meiro_picture_mask(const char *picture, const char *lang, uint32_t width,
                                uint32_t height, uint8_t **mask, uint32_t *out_w, uint32_t *out_h,
                                meiro_error *err)
{
    *mask = NULL;
    if (!picture || !*picture)
        return fail(err, MEIRO_ERROR_ARGUMENT, "--picture: a shape's name, a PNG or SVG file, or a "
                                               "name to draw in letters");
    uint32_t lw = 0, lh = 0;
    bool builtin = meiro_shape_min_grid(picture, &lw, &lh);
    bool file = !builtin && (strchr(picture, '/') || strchr(picture, '.'));
    uint8_t *blocks = NULL;
    uint32_t bw, bh;
    meiro_status s;
    if (!builtin && !file) { /* a text */
        if (width)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "--picture '%s' is drawn in letters: its width follows from them "
                        "(give the height only)",
                        picture);
        uint32_t text_h = 0;
        if (height) {
            uint32_t bh_all = (height + 1) / 2;
            if (bh_all < 2 * BORDER_BLOCKS + MEIRO_TEXT_HEIGHT_MIN)
                return fail(err, MEIRO_ERROR_ARGUMENT,
                            "a picture maze of letters needs a height of at least %u cells",
                            2u * (2 * BORDER_BLOCKS + MEIRO_TEXT_HEIGHT_MIN));
            text_h = bh_all - 2 * BORDER_BLOCKS;
        }
        meiro_text_info info;
        s = meiro_text_mask(picture, lang, text_h, &blocks, &info, err);
        if (s != MEIRO_OK) return s;
        bw = info.width;
        bh = info.height;
    } else {
        if (!width && !height) {
            /* 48 cells on the long side, in the shape's aspect (a file's
             * least grid is square: its own aspect is kept inside) */
            double aspect = builtin && lh ? (double)lw / lh : 1.0;
            uint32_t inner = DEFAULT_LONG_SIDE / 2 - 2 * BORDER_BLOCKS;
            bw = aspect >= 1 ? inner : (uint32_t)(inner * aspect + 0.5);
            bh = aspect >= 1 ? (uint32_t)(inner / aspect + 0.5) : inner;
            if (bw < lw) bw = lw;
            if (bh < lh) bh = lh;
        } else {
            if (!width) width = height;
            if (!height) height = width;
            uint32_t aw = (width + 1) / 2, ah = (height + 1) / 2;
            if (aw < 2 * BORDER_BLOCKS + 2 || ah < 2 * BORDER_BLOCKS + 2)
                return fail(err, MEIRO_ERROR_ARGUMENT,
                            "a picture maze needs at least %u x %u cells (a border of %u cells "
                            "round the picture)",
                            4u * BORDER_BLOCKS + 4, 4u * BORDER_BLOCKS + 4, 2u * BORDER_BLOCKS);
            bw = aw - 2 * BORDER_BLOCKS;
            bh = ah - 2 * BORDER_BLOCKS;
        }
        s = meiro_shape_mask(picture, bw, bh, &blocks, err);
        if (s != MEIRO_OK) return s;
    }
    s = blow_up(blocks, bw, bh, mask, out_w, out_h, err);
    meiro_mask_free(blocks);
    return s;
}
