/* The padded state of the rectangle's random walks (gen.h's rng_pairs):
 * a byte a cell inside a border, so a step needs no bounds check. */
#include "core/alloc.h"
#include "gen/gen.h"

#include <string.h>

uint8_t *gen_padded(const meiro_maze *m, uint8_t edge)
{
    size_t pw = (size_t)m->w + 2, ph = (size_t)m->h + 2;
    uint8_t *pad = zalloc_big(pw * ph, 1);
    if (!pad) return NULL;
    memset(pad, edge, pw);
    memset(pad + (ph - 1) * pw, edge, pw);
    for (size_t y = 1; y + 1 < ph; y++) pad[y * pw] = pad[y * pw + pw - 1] = edge;
    return pad;
}
