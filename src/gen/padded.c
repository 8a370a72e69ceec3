/* The random walks' grid (gen.h's lattice): the steps of each kind of cell
 * on a grid padded with a border, so a walk's step needs no bounds check. */
#include "core/alloc.h"
#include "gen/gen.h"

#include <string.h>

bool gen_lattice(const meiro_maze *m, lattice *l)
{
    if (m->active || m->wrap || m->w < 2 || m->h < 2) return false;
    size_t P = (size_t)m->w + 2, W = m->w, up = (size_t)0 - 1;
    /* per kind and side: rows (dy) and columns (dx) moved */
    static const int rect_dy[4] = {-1, 0, 1, 0}, rect_dx[4] = {0, 1, 0, -1};
    static const int hex_dy[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}}; /* even, odd x */
    static const int hex_dx[6] = {0, 1, 1, 0, -1, -1};
    static const int tri_dy[2][3] = {{0, 1, 0}, {-1, 0, 0}};  /* up: right, base, left; down: */
    static const int tri_dx[2][3] = {{1, 0, -1}, {0, 1, -1}}; /* top, right, left */
    static const unsigned tri_back[2][3] = {{2, 0, 1}, {1, 2, 0}};
    memset(l, 0, sizeof *l);
    for (unsigned k = 0; k < 2; k++)
        for (unsigned s = 0; s < 6; s++) {
            int dy, dx;
            switch (m->grid) {
            case MEIRO_GRID_RECT:
                if (s >= 4) continue;
                dy = rect_dy[s], dx = rect_dx[s];
                l->back[k][s] = (s + 2) & 3u;
                break;
            case MEIRO_GRID_HEX:
                dy = hex_dy[k][s], dx = hex_dx[s];
                l->back[k][s] = (s + 3) % 6;
                break;
            case MEIRO_GRID_TRIANGLE:
                if (s >= 3) continue;
                dy = tri_dy[k][s], dx = tri_dx[k][s];
                l->back[k][s] = tri_back[k][s];
                break;
            default: return false;
            }
            /* size_t arithmetic wraps: a step back is a large number added */
            l->pstep[k][s] = (dy < 0 ? up * P : (size_t)dy * P) + (dx < 0 ? up : (size_t)dx);
            l->step[k][s] = (dy < 0 ? up * W : (size_t)dy * W) + (dx < 0 ? up : (size_t)dx);
        }
    switch (m->grid) {
    case MEIRO_GRID_RECT: l->sides = 4, l->bits = 2; break;
    case MEIRO_GRID_HEX: l->sides = 6, l->bits = 3, l->flip = 0x36, l->kx = 1; break;
    default: l->sides = 3, l->bits = 2, l->flip = 0x7, l->kx = l->ky = 1; break;
    }
    return true;
}

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
