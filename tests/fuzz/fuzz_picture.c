/* libFuzzer target for pictures: the bytes of an SVG, PNG, JPEG, GIF or
 * BMP shape file through meiro's own loader (the budget scan, the PNG
 * decoder, gdk-pixbuf, librsvg, the filling of line drawings) into the
 * mask of a small grid, as meiro_shape_mask draws a stranger's
 * picture but in this process (the time budget's child process aside:
 * libFuzzer's own timeout stands in for it). A refusal is a status and a
 * message; a mask holds 0 and 1 only. */
#include "meiro.h"
#include "shapes/picture.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

enum { W = 12, H = 10 };

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    uint8_t mask[W * H];
    memset(mask, 0, sizeof mask);
    meiro_error err = {0};
    meiro_status s = picture_mask(data, size, "the picture", W, H, mask, &err);
    if (s != MEIRO_OK && (err.status == MEIRO_OK || !err.message[0])) abort();
    for (size_t i = 0; i < sizeof mask; i++)
        if (mask[i] > 1) abort();
    return 0;
}
