/* The maze fingerprint (meiro_maze_fingerprint): each of the rectangle's eight
 * symmetries hashed cell by cell in its own reading order, the least kept,
 * so a maze turned or mirrored gives the same number. */
#include "core/model.h"
#include "core/rng.h"

/* One symmetry: the picture transposed (swap), then flipped left-right
 * (fx) and top-bottom (fy), read row by row. */
static uint64_t rect_hash(const meiro_maze *m, bool swap, bool fx, bool fy)
{
    uint32_t tw = swap ? m->h : m->w, th = swap ? m->w : m->h;
    /* the source's side that the picture's east and south are */
    unsigned east = swap ? (fy ? MEIRO_NORTH : MEIRO_SOUTH) : (fx ? MEIRO_WEST : MEIRO_EAST);
    unsigned south = swap ? (fx ? MEIRO_WEST : MEIRO_EAST) : (fy ? MEIRO_NORTH : MEIRO_SOUTH);
    uint64_t h = rng_hash(MEIRO_GRID_RECT, ((uint64_t)tw << 32) | th);
    for (uint32_t ty = 0; ty < th; ty++)
        for (uint32_t tx = 0; tx < tw; tx++) {
            uint32_t a = swap ? ty : tx, b = swap ? tx : ty;
            uint32_t x = fx ? m->w - 1 - a : a, y = fy ? m->h - 1 - b : b;
            size_t i = cell_index(m, x, y);
            uint8_t under = m->cells[i] & CELL_UNDER;
            /* a tunnel along the source's x runs along the picture's y
             * when transposed */
            if (swap && under) under = under == CELL_UNDER_EW ? CELL_UNDER_NS : CELL_UNDER_EW;
            uint64_t v = (uint64_t)cell_open(m, x, y, east) |
                         (uint64_t)cell_open(m, x, y, south) << 1 |
                         (uint64_t)cell_active(m, i) << 2 | (uint64_t)under << 3;
            h = rng_mix(h ^ (v + 0x9e3779b97f4a7c15u));
        }
    return h;
}

uint64_t meiro_maze_fingerprint(const meiro_maze *m)
{
    if (m->grid == MEIRO_GRID_RECT) {
        uint64_t least = UINT64_MAX;
        for (unsigned t = 0; t < 8; t++) {
            uint64_t h = rect_hash(m, t & 4, t & 1, t & 2);
            if (h < least) least = h;
        }
        return least;
    }
    /* polar, hex and triangle: their bytes (each side open on both cells)
     * as they stand */
    uint64_t cells = m->row_start ? m->row_start[m->h] : (uint64_t)m->w * m->h;
    uint64_t h = rng_hash(m->grid, ((uint64_t)m->w << 32) | m->h);
    for (uint64_t i = 0; i < cells; i++) h = rng_mix(h ^ (m->cells[i] + 0x9e3779b97f4a7c15u));
    return h;
}
