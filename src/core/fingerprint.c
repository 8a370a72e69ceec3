/* The maze fingerprint (meiro_maze_fingerprint): each symmetry of the grid
 * hashed cell by cell in its own reading order, the least kept, so a maze
 * turned or mirrored gives the same number: the rectangle's eight, the
 * polar grid's turns by a sixth and mirrors, and those of the hex and
 * triangle grids' twelve (turns by 60 degrees and mirrors) that map the
 * grid's cells onto themselves. */
#include "core/alloc.h"
#include "core/grid.h"
#include "core/model.h"
#include "core/rng.h"

#include <math.h>
#include <stdlib.h>

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

/* Where a hex or triangle cell's centre lies (unit sides; y down). */
static void centre(const meiro_maze *m, uint32_t x, uint32_t y, double *cx, double *cy)
{
    if (m->grid == MEIRO_GRID_HEX) { /* odd columns half a cell lower */
        *cx = 1.5 * x;
        *cy = sqrt(3) * (y + 0.5 * (x & 1u));
    } else { /* up triangles where x + y is even: the centroid nearer the base */
        double row = sqrt(3) / 2;
        *cx = 0.5 * (x + 1);
        *cy = row * (y + (((x + y) & 1u) == 0 ? 2.0 / 3 : 1.0 / 3));
    }
}

/* The cell whose centre is (px, py), or GRID_NONE. */
static size_t cell_at(const meiro_maze *m, double px, double py)
{
    double fx = m->grid == MEIRO_GRID_HEX ? px / 1.5 : 2 * px - 1;
    long x = lround(fx);
    if (x < 0 || x >= (long)m->w) return GRID_NONE;
    double fy = m->grid == MEIRO_GRID_HEX ? py / sqrt(3) - 0.5 * (x & 1) : py / (sqrt(3) / 2) - 0.5;
    long y = lround(fy);
    if (y < 0 || y >= (long)m->h) return GRID_NONE;
    double cx, cy;
    centre(m, (uint32_t)x, (uint32_t)y, &cx, &cy);
    if (fabs(cx - px) > 1e-6 || fabs(cy - py) > 1e-6) return GRID_NONE;
    return (size_t)y * m->w + (size_t)x;
}

/* Symmetry t of the grid (0 to 11) as a permutation of its cells into to[];
 * false when it does not map the grid onto itself. Polar: t % 6 sixths of
 * a turn, mirrored from 6 (the rings' cells are multiples of 6). Hex and
 * triangle: t % 6 turns by 60 degrees about the cells' centroid, mirrored
 * left-right from 6. */
static bool symmetry(const meiro_maze *m, unsigned t, size_t *to)
{
    size_t total = grid_total(m);
    if (m->grid == MEIRO_GRID_POLAR) {
        to[0] = 0;
        for (uint32_t y = 1; y < m->h; y++) {
            uint32_t n = grid_row_width(m, y), step = n / 6;
            if (n % 6) return t == 0;
            for (uint32_t x = 0; x < n; x++) {
                uint32_t r = t >= 6 ? n - 1 - x : x;
                to[m->row_start[y] + x] = m->row_start[y] + (r + (t % 6) * step) % n;
            }
        }
        return true;
    }
    double sx = 0, sy = 0;
    for (size_t i = 0; i < total; i++) {
        double cx, cy;
        centre(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w), &cx, &cy);
        sx += cx, sy += cy;
    }
    sx /= (double)total, sy /= (double)total;
    double a = (t % 6) * 3.14159265358979323846 / 3, c = cos(a), s = sin(a);
    for (size_t i = 0; i < total; i++) {
        double cx, cy;
        centre(m, (uint32_t)(i % m->w), (uint32_t)(i / m->w), &cx, &cy);
        double dx = cx - sx, dy = cy - sy;
        if (t >= 6) dx = -dx;
        size_t j = cell_at(m, sx + c * dx - s * dy, sy + s * dx + c * dy);
        if (j == GRID_NONE) return false;
        to[i] = j;
    }
    return true;
}

/* The hash of the maze as symmetry `to` shows it: cell by cell in the
 * image's order, whether it is in the maze and which cells it opens onto
 * (their images, sorted). false when `to` breaks a passage (no symmetry of
 * the graph after all). */
static bool hash_as(const meiro_maze *m, const size_t *to, size_t *from, uint64_t *out)
{
    size_t total = grid_total(m);
    for (size_t i = 0; i < total; i++) from[to[i]] = i;
    uint64_t h = rng_hash(m->grid, ((uint64_t)m->w << 32) | m->h);
    for (size_t t = 0; t < total; t++) {
        size_t i = from[t], next[GRID_MAX_SIDES], open[GRID_MAX_SIDES];
        unsigned back[GRID_MAX_SIDES], n = 0;
        unsigned links = other_links(m, (grid_at){i, other_cell(m, i)}, next, back);
        FOR_EACH_SIDE_IN (side, links & m->cells[i]) {
            size_t j = to[next[side]];
            unsigned k = n++;
            while (k > 0 && open[k - 1] > j) open[k] = open[k - 1], k--; /* sorted */
            open[k] = j;
        }
        /* a passage must join neighbours in the image too */
        size_t image[GRID_MAX_SIDES];
        unsigned img_links = other_links(m, (grid_at){t, other_cell(m, t)}, image, back);
        for (unsigned k = 0; k < n; k++) {
            bool found = false;
            FOR_EACH_SIDE_IN (side, img_links) found = found || image[side] == open[k];
            if (!found) return false;
        }
        h = rng_mix(h ^ ((uint64_t)cell_active(m, i) + 0x9e3779b97f4a7c15u));
        for (unsigned k = 0; k < n; k++) h = rng_mix(h ^ (open[k] + 0x9e3779b97f4a7c15u));
        h = rng_mix(h ^ 0xff51afd7ed558ccdu); /* the cell's end */
    }
    *out = h;
    return true;
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
    size_t total = grid_total(m);
    size_t *to = alloc_array(total, sizeof *to), *from = alloc_array(total, sizeof *from);
    uint64_t least = UINT64_MAX;
    for (unsigned t = 0; to && from && t < 12; t++) {
        uint64_t h;
        if (symmetry(m, t, to) && hash_as(m, to, from, &h) && h < least) least = h;
    }
    free(to);
    free(from);
    if (least != UINT64_MAX) return least;
    /* out of memory: the cells' bytes as they stand (the maze itself,
     * though not its turned copies) */
    uint64_t h = rng_hash(m->grid, ((uint64_t)m->w << 32) | m->h);
    for (size_t i = 0; i < total; i++) h = rng_mix(h ^ (m->cells[i] + 0x9e3779b97f4a7c15u));
    return h;
}
