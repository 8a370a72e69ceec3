/* The cell graph out of line (the contract is core/grid.h): the other grids'
 * (polar, hex, triangle) numbering, neighbours and passages; and for every
 * grid the geometry, the neighbour of a cell known by id only, and the
 * perfect-maze check. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/sets.h"

#include <math.h>
#include <stdlib.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const double SQRT3 = 1.7320508075688772;

/* Polar: m->row_start holds h + 1 ring offsets, then one entry per block of
 * POLAR_BLOCK cells giving the ring of the block's first cell, so the ring
 * of a cell is found in a step or two instead of a binary search. */
enum { POLAR_BLOCK_BITS = 6 };

static uint32_t polar_n(const meiro_maze *m, uint32_t y)
{
    return m->row_start[y + 1] - m->row_start[y];
}

static uint32_t polar_ring(const meiro_maze *m, size_t id)
{
    const uint32_t *blocks = m->row_start + m->h + 1;
    uint32_t y = blocks[id >> POLAR_BLOCK_BITS];
    while (m->row_start[y + 1] <= id) y++;
    return y;
}

uint64_t polar_ring_cells(uint64_t inner, uint32_t y)
{
    if (y == 0) return 1;
    if (y == 1) return 6;
    double ratio = floor(2 * M_PI * y / (double)inner + 0.5);
    return inner * (ratio >= 2 ? 2u : 1u);
}

static meiro_maze *polar_new(uint32_t h, meiro_error *err)
{
    if (h < 2) {
        fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                   "a polar maze needs at least 2 rings (the centre and one ring around it)");
        return NULL;
    }
    if (h > MEIRO_MAX_SIDE) {
        fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_TOO_BIG,
                   "%lu rings is too many: a polar maze may have at most %u", (unsigned long)h,
                   MEIRO_MAX_SIDE);
        return NULL;
    }
    uint64_t total = 0, n = 1;
    for (uint32_t y = 0; y < h && total <= MEIRO_MAX_CELLS; y++) {
        n = polar_ring_cells(n, y);
        total += n;
    }
    if (total > MEIRO_MAX_CELLS) {
        fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_TOO_BIG,
                   "%lu rings is too large: a maze may have at most %u cells", (unsigned long)h,
                   MEIRO_MAX_CELLS);
        return NULL;
    }
    size_t blocks = (size_t)(total >> POLAR_BLOCK_BITS) + 1;
    meiro_maze *m = zalloc(1, sizeof *m);
    uint32_t *rows = alloc_array((size_t)h + 1 + blocks, sizeof *rows);
    uint8_t *cells = zalloc_big((size_t)total, 1);
    if (!m || !rows || !cells) {
        free(m), free(rows), free(cells);
        fail(err, MEIRO_ERROR_NOMEM, "out of memory for a polar maze of %lu rings",
             (unsigned long)h);
        return NULL;
    }
    n = 1;
    rows[0] = 0;
    for (uint32_t y = 0; y < h; y++) {
        n = polar_ring_cells(n, y);
        rows[y + 1] = rows[y] + (uint32_t)n;
    }
    uint32_t *block = rows + h + 1;
    for (uint32_t y = 0; y < h; y++)
        for (size_t b = (rows[y] + (1u << POLAR_BLOCK_BITS) - 1) >> POLAR_BLOCK_BITS;
             b < blocks && (b << POLAR_BLOCK_BITS) < rows[y + 1]; b++)
            block[b] = y;
    m->cells = cells;
    m->row_start = rows;
    m->h = h;
    m->w = (uint32_t)n; /* the widest ring: every (x, y) fits a w x h array */
    return m;
}

meiro_maze *other_new(meiro_grid grid, uint32_t w, uint32_t h, meiro_error *err)
{
    meiro_maze *m;
    if (grid == MEIRO_GRID_POLAR) {
        m = polar_new(h, err);
        if (!m) return NULL;
    } else if (grid == MEIRO_GRID_HEX || grid == MEIRO_GRID_TRIANGLE) {
        if (maze_check_size(w, h, err) != MEIRO_OK) return NULL;
        if ((uint64_t)w * h < 2) {
            fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_ARGUMENT,
                       "a %s maze needs at least 2 cells, one for S and one for G",
                       meiro_grid_name(grid));
            return NULL;
        }
        if (grid == MEIRO_GRID_TRIANGLE && w == 1 && h > 2) {
            /* a column of triangles falls apart in pairs: up and down */
            fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_ARGUMENT,
                       "a triangle maze one cell wide falls apart after 2 rows: give it a width of "
                       "at least 2");
            return NULL;
        }
        m = zalloc(1, sizeof *m);
        uint8_t *cells = zalloc_big((size_t)w * h, 1);
        if (!m || !cells) {
            free(m), free(cells);
            fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %lu x %lu maze", (unsigned long)w,
                 (unsigned long)h);
            return NULL;
        }
        m->cells = cells;
        m->w = w;
        m->h = h;
    } else {
        fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                   "grid number %u is not polar, hex or triangle", (unsigned)grid);
        return NULL;
    }
    m->grid = (uint8_t)grid;
    m->active_count = grid_total(m);
    m->start = grid_cell(m, 0);
    m->goal = grid_cell(m, grid_total(m) - 1);
    m->start_door = m->goal_door = MEIRO_NO_DIR;
    return m;
}

meiro_cell other_cell(const meiro_maze *m, size_t id)
{
    if (m->grid == MEIRO_GRID_POLAR) {
        uint32_t y = polar_ring(m, id);
        return (meiro_cell){(uint32_t)(id - m->row_start[y]), y};
    }
    uint32_t i = (uint32_t)id;
    return (meiro_cell){i % m->w, i / m->w};
}

/* Polar: the cells outward of one in ring y (1 or 2; the border on the
 * outer ring counts as one side). */
static unsigned polar_outward(const meiro_maze *m, uint32_t y)
{
    if (y == 0) return 6;
    if (y + 1 >= m->h) return 1;
    return polar_n(m, y + 1) == polar_n(m, y) ? 1u : 2u;
}

unsigned other_sides(const meiro_maze *m, size_t id)
{
    switch (m->grid) {
    case MEIRO_GRID_POLAR: {
        if (id == 0) return 6;
        return 3 + polar_outward(m, polar_ring(m, id));
    }
    case MEIRO_GRID_HEX: return 6;
    default: return 3;
    }
}

/* Polar neighbours of cell (x, y) = id, with the side of the neighbour
 * facing back in *back. */
static size_t polar_neighbour(const meiro_maze *m, size_t id, uint32_t y, unsigned side,
                              unsigned *back)
{
    if (y == 0) {
        if (side >= 6) return GRID_NONE;
        *back = 0;
        return 1 + side;
    }
    uint32_t n = polar_n(m, y), x = (uint32_t)(id - m->row_start[y]);
    unsigned k = polar_outward(m, y);
    if (side == 0) {
        if (y == 1) {
            *back = x;
            return 0;
        }
        bool split = polar_n(m, y - 1) != n;
        *back = 2 + (split ? (x & 1u) : 0u);
        return m->row_start[y - 1] + (split ? x >> 1 : x);
    }
    if (side == 1) {
        *back = 2 + k;
        return m->row_start[y] + (x == 0 ? n - 1 : x - 1);
    }
    if (side < 2 + k) {
        if (y + 1 >= m->h) return GRID_NONE;
        *back = 0;
        return m->row_start[y + 1] + (size_t)x * k + (side - 2);
    }
    if (side == 2 + k) {
        *back = 1;
        return m->row_start[y] + (x + 1 == n ? 0 : x + 1);
    }
    return GRID_NONE;
}

/* Hex neighbours (odd columns half a cell lower), sides N, NE, SE, S, SW,
 * NW; the side facing back is always the opposite one. */
static size_t hex_neighbour(const meiro_maze *m, size_t id, unsigned side)
{
    uint32_t i = (uint32_t)id, w = m->w, x = i % w, y = i / w;
    static const int DX[6] = {0, 1, 1, 0, -1, -1};
    /* rows moved for even and odd columns */
    static const int DY[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}};
    if (side >= 6) return GRID_NONE;
    int64_t nx = (int64_t)x + DX[side], ny = (int64_t)y + DY[x & 1u][side];
    if (nx < 0 || ny < 0 || nx >= w || ny >= m->h) return GRID_NONE;
    return (size_t)ny * w + (size_t)nx;
}

/* Triangle neighbours: up (x + y even) sides right, base, left; down sides
 * top, right, left. */
static size_t triangle_neighbour(const meiro_maze *m, size_t id, unsigned side, unsigned *back)
{
    uint32_t i = (uint32_t)id, w = m->w, x = i % w, y = i / w;
    bool up = ((x + y) & 1u) == 0;
    static const unsigned BACK[2][3] = {{1, 2, 0}, {2, 0, 1}}; /* [up][side] */
    int dx, dy;
    if (side >= 3) return GRID_NONE;
    if (up) {
        static const int UX[3] = {1, 0, -1}, UY[3] = {0, 1, 0};
        dx = UX[side], dy = UY[side];
    } else {
        static const int DX[3] = {0, 1, -1}, DY[3] = {-1, 0, 0};
        dx = DX[side], dy = DY[side];
    }
    int64_t nx = (int64_t)x + dx, ny = (int64_t)y + dy;
    if (nx < 0 || ny < 0 || nx >= w || ny >= m->h) return GRID_NONE;
    *back = BACK[up][side];
    return (size_t)ny * w + (size_t)nx;
}

size_t other_across(const meiro_maze *m, size_t id, unsigned side, unsigned *back)
{
    switch (m->grid) {
    case MEIRO_GRID_POLAR: return polar_neighbour(m, id, id ? polar_ring(m, id) : 0, side, back);
    case MEIRO_GRID_HEX: *back = (side + 3) % 6; return hex_neighbour(m, id, side);
    default: return triangle_neighbour(m, id, side, back);
    }
}

/* All neighbours of a polar cell at once (polar_neighbour for each side,
 * with the ring looked up once): the generators' and solvers' inner loop. */
static unsigned polar_links(const meiro_maze *m, size_t id, uint32_t x, uint32_t y, size_t *next,
                            unsigned *back)
{
    if (y == 0) {
        for (unsigned s = 0; s < 6; s++) next[s] = 1 + s, back[s] = 0;
        return 6;
    }
    const uint32_t *rs = m->row_start;
    uint32_t start = rs[y], n = rs[y + 1] - start;
    if (y == 1) {
        next[0] = 0, back[0] = x;
    } else {
        bool split = start - rs[y - 1] != n;
        next[0] = rs[y - 1] + (split ? x >> 1 : x);
        back[0] = 2 + (split ? (x & 1u) : 0u);
    }
    unsigned k = 1;
    if (y + 1 >= m->h) {
        next[2] = GRID_NONE, back[2] = 0;
    } else {
        k = rs[y + 2] - rs[y + 1] == n ? 1u : 2u;
        for (unsigned j = 0; j < k; j++)
            next[2 + j] = rs[y + 1] + (size_t)x * k + j, back[2 + j] = 0;
    }
    next[1] = id - x + (x ? x - 1 : n - 1), back[1] = 2 + k;
    next[2 + k] = id - x + (x + 1 == n ? 0 : x + 1), back[2 + k] = 1;
    return 3 + k;
}

/* The mask of the sides with a neighbour among next[0 .. n - 1]. */
static unsigned linked(const size_t *next, unsigned n)
{
    unsigned mask = 0;
    for (unsigned s = 0; s < n; s++)
        if (next[s] != GRID_NONE) mask |= 1u << s;
    return mask;
}

unsigned other_links(const meiro_maze *m, grid_at at, size_t next[GRID_MAX_SIDES],
                     unsigned back[GRID_MAX_SIDES])
{
    size_t id = at.id;
    uint32_t x = at.c.x, y = at.c.y, w = m->w, h = m->h;
    if (m->grid == MEIRO_GRID_POLAR) return linked(next, polar_links(m, id, x, y, next, back));
    if (m->grid == MEIRO_GRID_HEX) { /* the sides on the grid as a mask: no branch per side */
        unsigned odd = x & 1u, valid = 0x3f;
        if (x == 0) valid &= ~0x30u;                    /* SW, NW */
        if (x + 1 == w) valid &= ~0x06u;                /* NE, SE */
        if (y == 0) valid &= odd ? ~0x01u : ~0x23u;     /* N (and NE, NW) */
        if (y + 1 == h) valid &= odd ? ~0x1cu : ~0x08u; /* S (and SE, SW) */
        ptrdiff_t W = (ptrdiff_t)w, i = (ptrdiff_t)id;
        ptrdiff_t delta[6] = {-W, odd ? 1 : 1 - W,  odd ? W + 1 : 1,
                              W,  odd ? W - 1 : -1, odd ? -1 : -W - 1};
        static const unsigned BACK6[6] = {3, 4, 5, 0, 1, 2};
        for (unsigned s = 0; s < 6; s++) {
            next[s] = (valid >> s) & 1u ? (size_t)(i + delta[s]) : GRID_NONE;
            back[s] = BACK6[s];
        }
        return valid;
    }
    bool up = ((x + y) & 1u) == 0;
    if (up) { /* right, base, left */
        next[0] = x + 1 < w ? id + 1 : GRID_NONE, back[0] = 2;
        next[1] = y + 1 < h ? id + w : GRID_NONE, back[1] = 0;
        next[2] = x > 0 ? id - 1 : GRID_NONE, back[2] = 1;
    } else { /* top, right, left */
        next[0] = y > 0 ? id - w : GRID_NONE, back[0] = 1;
        next[1] = x + 1 < w ? id + 1 : GRID_NONE, back[1] = 2;
        next[2] = x > 0 ? id - 1 : GRID_NONE, back[2] = 0;
    }
    return linked(next, 3);
}

meiro_cell other_cell_across(const meiro_maze *m, meiro_cell c, unsigned side)
{
    uint32_t x = c.x, y = c.y;
    switch (m->grid) {
    case MEIRO_GRID_POLAR: {
        if (y == 0) return (meiro_cell){side, 1};
        uint32_t n = polar_n(m, y);
        if (side == 0) {
            if (y == 1) return (meiro_cell){0, 0};
            return (meiro_cell){polar_n(m, y - 1) != n ? x >> 1 : x, y - 1};
        }
        if (side == 1) return (meiro_cell){x ? x - 1 : n - 1, y};
        unsigned k = polar_outward(m, y);
        if (side < 2 + k) return (meiro_cell){x * k + (side - 2), y + 1};
        return (meiro_cell){x + 1 == n ? 0 : x + 1, y};
    }
    case MEIRO_GRID_HEX: {
        static const int DX[6] = {0, 1, 1, 0, -1, -1};
        static const int DY[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}};
        return (meiro_cell){(uint32_t)((int64_t)x + DX[side]),
                            (uint32_t)((int64_t)y + DY[x & 1u][side])};
    }
    default:
        if (side == 2) return (meiro_cell){x - 1, y};
        if (((x + y) & 1u) == 0) return side == 0 ? (meiro_cell){x + 1, y} : (meiro_cell){x, y + 1};
        return side == 0 ? (meiro_cell){x, y - 1} : (meiro_cell){x + 1, y};
    }
}

void other_notify(meiro_maze *m, size_t id, unsigned side, bool open)
{
    meiro_cell c = grid_cell(m, id);
    observe(m->obs, open ? MEIRO_EVENT_CARVE : MEIRO_EVENT_BUILD, c.x, c.y, side, m->road);
}

unsigned rect_wrap_links(const meiro_maze *m, grid_at at, size_t next[GRID_MAX_SIDES],
                         unsigned back[GRID_MAX_SIDES])
{
    size_t i = at.id, w = m->w;
    next[MEIRO_NORTH] = i - w, next[MEIRO_EAST] = i + 1, next[MEIRO_SOUTH] = i + w,
    next[MEIRO_WEST] = i - 1;
    for (unsigned d = 0; d < DIR_COUNT; d++) back[d] = dir_opposite((meiro_dir)d);
    rect_wrap_next(m, at.c.x, at.c.y, next);
    return rect_sides(m, at); /* no shape wraps */
}

grid_at rect_wrap_step(const meiro_maze *m, grid_at at, unsigned side, size_t next)
{
    uint32_t x = at.c.x + (uint32_t)DIR_DX[side], y = at.c.y + (uint32_t)DIR_DY[side];
    if (x == m->w) x = 0; /* off a side: the other one's cell */
    else if (x == UINT32_MAX) x = m->w - 1;
    if (y == m->h) y = 0;
    else if (y == UINT32_MAX) y = m->h - 1;
    return (grid_at){next, {x, y}};
}

void grid_set_side(meiro_maze *m, size_t id, unsigned side, bool open)
{
    unsigned back;
    size_t j = grid_across(m, id, side, &back);
    if (j == GRID_NONE) return;
    if (m->grid == MEIRO_GRID_RECT) {
        meiro_cell c = grid_cell(m, id);
        maze_set_wall(m, c.x, c.y, side, open);
        return;
    }
    uint8_t a = (uint8_t)(1u << side), b = (uint8_t)(1u << back);
    m->cells[id] = open ? (uint8_t)(m->cells[id] | a) : (uint8_t)(m->cells[id] & ~a);
    m->cells[j] = open ? (uint8_t)(m->cells[j] | b) : (uint8_t)(m->cells[j] & ~b);
    if (UNLIKELY(m->obs)) other_notify(m, id, side, open);
}

/* ---- Geometry ----------------------------------------------------------- */

void grid_extent(const meiro_maze *m, double *width, double *height)
{
    switch (m->grid) {
    case MEIRO_GRID_RECT: *width = m->w, *height = m->h; break;
    case MEIRO_GRID_POLAR: *width = *height = 2.0 * m->h; break;
    case MEIRO_GRID_HEX:
        *width = 1.5 * m->w + 0.5;
        *height = SQRT3 * m->h + (m->w > 1 ? SQRT3 / 2 : 0);
        break;
    default:
        *width = (m->w + 1) / 2.0;
        *height = SQRT3 / 2 * m->h;
        break;
    }
}

/* Polar: the point at radius r and angle t (clockwise from the top). */
static void polar_point(const meiro_maze *m, double r, double t, double *x, double *y)
{
    *x = m->h + r * sin(t);
    *y = m->h - r * cos(t);
}

void grid_centre(const meiro_maze *m, size_t id, double *x, double *y)
{
    grid_cell_centre(m, grid_cell(m, id), x, y);
}

void other_cell_centre(const meiro_maze *m, meiro_cell c, double *x, double *y)
{
    switch (m->grid) {
    case MEIRO_GRID_POLAR:
        if (c.y == 0) *x = *y = m->h;
        else polar_point(m, c.y + 0.5, 2 * M_PI * (c.x + 0.5) / polar_n(m, c.y), x, y);
        break;
    case MEIRO_GRID_HEX:
        *x = 1 + 1.5 * c.x;
        *y = SQRT3 / 2 * (1 + 2.0 * c.y + (c.x & 1u));
        break;
    default: {
        bool up = ((c.x + c.y) & 1u) == 0;
        *x = c.x / 2.0 + 0.5;
        *y = SQRT3 / 2 * (c.y + (up ? 2.0 : 1.0) / 3);
        break;
    }
    }
}

static void set_segment(grid_side_shape *s, double x0, double y0, double x1, double y1)
{
    *s = (grid_side_shape){.x0 = x0, .y0 = y0, .x1 = x1, .y1 = y1};
}

/* An arc of radius r from angle t0 to t1 (clockwise from the top). */
static void set_arc(const meiro_maze *m, grid_side_shape *s, double r, double t0, double t1)
{
    *s = (grid_side_shape){
        .arc = true, .cx = m->h, .cy = m->h, .r = r, .a0 = t0 - M_PI / 2, .a1 = t1 - M_PI / 2};
    polar_point(m, r, t0, &s->x0, &s->y0);
    polar_point(m, r, t1, &s->x1, &s->y1);
}

static void polar_side(const meiro_maze *m, meiro_cell c, unsigned side, grid_side_shape *s)
{
    if (c.y == 0) { /* the centre disc: one arc per cell of ring 1 */
        double step = 2 * M_PI / polar_n(m, 1);
        set_arc(m, s, 1, side * step, (side + 1) * step);
        return;
    }
    uint32_t n = polar_n(m, c.y);
    unsigned k = polar_outward(m, c.y);
    double t0 = 2 * M_PI * c.x / n, t1 = 2 * M_PI * (c.x + 1) / n, x0, y0, x1, y1;
    if (side == 0) set_arc(m, s, c.y, t1, t0);
    else if (side == 1 || side == 2 + k) {
        double t = side == 1 ? t0 : t1;
        polar_point(m, c.y, t, &x0, &y0);
        polar_point(m, c.y + 1, t, &x1, &y1);
        if (side == 1) set_segment(s, x0, y0, x1, y1);
        else set_segment(s, x1, y1, x0, y0);
    } else {
        unsigned j = side - 2;
        set_arc(m, s, c.y + 1, t0 + (t1 - t0) * j / k, t0 + (t1 - t0) * (j + 1) / k);
    }
}

void grid_side(const meiro_maze *m, size_t id, unsigned side, grid_side_shape *shape)
{
    meiro_cell c = grid_cell(m, id);
    if (m->grid == MEIRO_GRID_POLAR) {
        polar_side(m, c, side, shape);
        return;
    }
    if (m->grid == MEIRO_GRID_RECT) { /* the corners clockwise from the top-left one */
        static const int CX[5] = {0, 1, 1, 0, 0}, CY[5] = {0, 0, 1, 1, 0};
        unsigned a = side % 4;
        set_segment(shape, c.x + CX[a], c.y + CY[a], c.x + CX[a + 1], c.y + CY[a + 1]);
        return;
    }
    double cx, cy;
    other_cell_centre(m, c, &cx, &cy);
    if (m->grid == MEIRO_GRID_HEX) {
        /* the corners clockwise from the top-left one */
        static const double CX[6] = {-0.5, 0.5, 1, 0.5, -0.5, -1};
        static const double CY[6] = {-1, -1, 0, 1, 1, 0};
        unsigned a = side % 6, b = (side + 1) % 6;
        set_segment(shape, cx + CX[a], cy + CY[a] * SQRT3 / 2, cx + CX[b], cy + CY[b] * SQRT3 / 2);
        return;
    }
    double h = SQRT3 / 2, left = c.x / 2.0, top = c.y * h;
    double px[3], py[3];           /* corners clockwise; side k runs from corner k */
    if (((c.x + c.y) & 1u) == 0) { /* apex, base right, base left */
        px[0] = left + 0.5, py[0] = top;
        px[1] = left + 1, py[1] = top + h;
        px[2] = left, py[2] = top + h;
    } else { /* top left, top right, apex */
        px[0] = left, py[0] = top;
        px[1] = left + 1, py[1] = top;
        px[2] = left + 0.5, py[2] = top + h;
    }
    unsigned a = side % 3, b = (side + 1) % 3;
    set_segment(shape, px[a], py[a], px[b], py[b]);
}

/* ---- Invariants ----------------------------------------------------------- */

/* Perfect = spanning tree: cells - 1 passages and no cycle (union-find, so
 * no traversal stack). Cells outside a shape have no passages. */
meiro_status grid_is_perfect(const meiro_maze *m, bool *perfect, meiro_error *err)
{
    size_t total = grid_total(m);
    uint64_t open = 0;
    for (size_t id = 0; id < total; id++) open += grid_degree(m, id);
    if (open != 2 * (m->active_count - 1)) {
        *perfect = false;
        return MEIRO_OK;
    }
    uint32_t *parent = alloc_array(total, sizeof *parent);
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory checking the maze");
    for (size_t i = 0; i < total; i++) parent[i] = (uint32_t)i;
    bool cycle = false;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (size_t id = 0; id < total && !cycle; id++) {
        unsigned exits = grid_exits(m, grid_at_exits(m, id), next, back);
        FOR_EACH_SIDE_IN (s, exits)
            if (next[s] > id && !set_join(parent, (uint32_t)id, (uint32_t)next[s])) cycle = true;
    }
    free(parent);
    *perfect = !cycle;
    return MEIRO_OK;
}
