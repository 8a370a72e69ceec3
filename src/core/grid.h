/* Every grid as one graph of cells: how cells are numbered, the neighbour
 * across each side, and the passages between them. Generators, solvers
 * and metrics are written once against this interface. Rectangles take an
 * inline fast path over their own encoding (each wall stored once, on the
 * cell west or north of it: core/model.h); polar, hex and triangle grids,
 * "the other grids", are out of line (core/grid.c), where a cell's byte has
 * bit k set when its side k is open and a passage is kept on both cells.
 * Cell ids run row by row: id = row start + x (on a rectangle y * w + x,
 * cells outside a shape included). Sides run clockwise; on a rectangle they
 * are the meiro_dir values, north first. */
#ifndef MEIRO_SRC_CORE_GRID_H
#define MEIRO_SRC_CORE_GRID_H

#include "core/model.h"

enum { GRID_MAX_SIDES = 8 };
#define GRID_NONE SIZE_MAX

/* A cell and where it lies. Walks carry one along, so that neither a
 * division nor a polar ring search finds (x, y) again at every step. */
typedef struct grid_at {
    size_t id;
    meiro_cell c;
} grid_at;

/* ---- The other grids, out of line (core/grid.c) ------------------------ */

/* A new maze on a polar, hex or triangle grid, every side closed, S on the
 * first cell and G on the last (polar: the centre and the outer ring's
 * last cell). Polar takes h >= 2 rings and ignores w; hex and triangle take
 * at least 2 cells. */
meiro_maze *other_new(meiro_grid grid, uint32_t w, uint32_t h, meiro_error *err);
/* A polar maze's cells in ring y, the ring inside having `inner`: 1, 6,
 * then doubling where the cells of the ring inside would grow wider than
 * 1.5 ring widths (the rings of a maze's size before it is made). */
uint64_t polar_ring_cells(uint64_t inner, uint32_t y);
meiro_cell other_cell(const meiro_maze *m, size_t id);
unsigned other_sides(const meiro_maze *m, size_t id);
unsigned other_links(const meiro_maze *m, grid_at at, size_t next[GRID_MAX_SIDES],
                     unsigned back[GRID_MAX_SIDES]); /* the mask of grid_links */
size_t other_across(const meiro_maze *m, size_t id, unsigned side, unsigned *back);
meiro_cell other_cell_across(const meiro_maze *m, meiro_cell c, unsigned side);
void other_notify(meiro_maze *m, size_t id, unsigned side, bool open);

/* Weave mazes (core/weave.c): moves next[s] of the open sides of cell i
 * that lead into a crossing's tunnel on to the cell beyond it. */
void weave_exits(const meiro_maze *m, size_t i, unsigned open, size_t next[GRID_MAX_SIDES]);

/* Multi-level mazes (core/levels.c): the stairs of rectangle cell id as
 * sides LEVEL_UP and LEVEL_DOWN. */
static inline unsigned level_stairs(const meiro_maze *m, size_t id)
{
    const uint8_t *c = m->cells;
    size_t fc = m->floor_cells;
    return ((c[id] & CELL_STAIR_UP) ? 1u << LEVEL_UP : 0u) |
           (id >= fc && (c[id - fc] & CELL_STAIR_UP) ? 1u << LEVEL_DOWN : 0u);
}

/* Runs the statement after it for each side s in mask (read once), side 0
 * first. */
#define FOR_EACH_SIDE_IN(s, mask)                                                                  \
    for (unsigned s##_left = (mask), s = 0;                                                        \
         s##_left && (s = (unsigned)__builtin_ctz(s##_left), true); s##_left &= s##_left - 1)

/* ---- Numbering ------------------------------------------------------------ */

/* All cells of the grid (on a rectangle with a shape, those outside too). */
static inline size_t grid_total(const meiro_maze *m)
{
    if (m->grid == MEIRO_GRID_POLAR) return m->row_start[m->h];
    return (size_t)m->w * m->h;
}

/* The cells of row y (0 past the last row). */
static inline uint32_t grid_row_width(const meiro_maze *m, uint32_t y)
{
    if (y >= m->h) return 0;
    return m->grid == MEIRO_GRID_POLAR ? m->row_start[y + 1] - m->row_start[y] : m->w;
}

static inline size_t grid_id(const meiro_maze *m, meiro_cell c)
{
    if (m->grid == MEIRO_GRID_POLAR) return (size_t)m->row_start[c.y] + c.x;
    return (size_t)c.y * m->w + c.x;
}

static inline meiro_cell grid_cell(const meiro_maze *m, size_t id)
{
    if (m->grid == MEIRO_GRID_POLAR) return other_cell(m, id);
    /* ids stay below MEIRO_MAX_CELLS: a 32-bit division is enough */
    uint32_t i = (uint32_t)id;
    return (meiro_cell){i % m->w, i / m->w};
}

static inline grid_at grid_at_id(const meiro_maze *m, size_t id)
{
    return (grid_at){id, grid_cell(m, id)};
}

/* The next cell in id order (row by row), for passes over every cell. */
static inline void grid_advance(const meiro_maze *m, grid_at *at)
{
    at->id++;
    if (++at->c.x == grid_row_width(m, at->c.y)) at->c.x = 0, at->c.y++;
}

/* Whether the cell takes part in the maze (a rectangle's shape). */
static inline bool grid_active(const meiro_maze *m, size_t id)
{
    return !m->active || m->active[id];
}

/* ---- Neighbours ----------------------------------------------------------- */

/* The number of sides of cell id. */
static inline unsigned grid_sides(const meiro_maze *m, size_t id)
{
    return m->grid == MEIRO_GRID_RECT ? DIR_COUNT : other_sides(m, id);
}

/* Rectangles: the sides of cell (x, y) that lead to a cell of the grid
 * (not past the border; a shape not considered). */
static inline unsigned rect_sides_xy(const meiro_maze *m, uint32_t x, uint32_t y)
{
    unsigned sides = (y > 0 ? dir_bit(MEIRO_NORTH) : 0) |
                     (x + 1 < m->w ? dir_bit(MEIRO_EAST) : 0) |
                     (y + 1 < m->h ? dir_bit(MEIRO_SOUTH) : 0) | (x > 0 ? dir_bit(MEIRO_WEST) : 0);
    if (UNLIKELY(m->wrap)) /* a wrapped side has no border: every cell has both */
        sides |= (m->wrap & MEIRO_WRAP_X ? dir_bit(MEIRO_EAST) | dir_bit(MEIRO_WEST) : 0) |
                 (m->wrap & MEIRO_WRAP_Y ? dir_bit(MEIRO_NORTH) | dir_bit(MEIRO_SOUTH) : 0);
    return sides;
}

/* Rectangles joined at their sides (m->wrap): next[] of cell (x, y), filled
 * as on a plain rectangle, with the steps across a seam taken to the
 * other side (a wrapped side is at least 3 cells long: no cell is its own
 * neighbour, no two cells share two walls). */
static inline void rect_wrap_next(const meiro_maze *m, uint32_t x, uint32_t y,
                                  size_t next[GRID_MAX_SIDES])
{
    size_t w = m->w, i = (size_t)y * w + x, span = (size_t)(m->h - 1) * w;
    if (m->wrap & MEIRO_WRAP_X) {
        if (x == 0) next[MEIRO_WEST] = i + w - 1;
        if (x + 1 == w) next[MEIRO_EAST] = i + 1 - w;
    }
    if (m->wrap & MEIRO_WRAP_Y) {
        if (y == 0) next[MEIRO_NORTH] = i + span;
        if (y + 1 == m->h) next[MEIRO_SOUTH] = i - span;
    }
}

/* rect_links on a wrapped rectangle, out of line: the plain one stays as
 * small as it was in the generators' loops (hunt-and-kill lost a fifth of
 * its speed with the seams inline). */
unsigned rect_wrap_links(const meiro_maze *m, grid_at at, size_t next[GRID_MAX_SIDES],
                         unsigned back[GRID_MAX_SIDES]);
/* grid_step_as on a wrapped rectangle, out of line for the same reason:
 * the cell across `side` of `at`, whose id is `next`. */
grid_at rect_wrap_step(const meiro_maze *m, grid_at at, unsigned side, size_t next);

static inline unsigned rect_sides(const meiro_maze *m, grid_at at)
{
    return rect_sides_xy(m, at.c.x, at.c.y);
}

/* Rectangles: the neighbours by side, and the mask of those on the grid
 * and inside the shape. */
static inline unsigned rect_links(const meiro_maze *m, grid_at at, size_t next[GRID_MAX_SIDES],
                                  unsigned back[GRID_MAX_SIDES])
{
    if (UNLIKELY(m->wrap)) return rect_wrap_links(m, at, next, back);
    size_t i = at.id, w = m->w;
    next[MEIRO_NORTH] = i - w, next[MEIRO_EAST] = i + 1, next[MEIRO_SOUTH] = i + w,
    next[MEIRO_WEST] = i - 1;
    for (unsigned d = 0; d < DIR_COUNT; d++) back[d] = dir_opposite((meiro_dir)d);
    unsigned sides = rect_sides(m, at);
    if (UNLIKELY(m->active))
        FOR_EACH_SIDE_IN (d, sides)
            if (!m->active[next[d]]) sides &= ~dir_bit(d);
    return sides;
}

/* Rectangles: those of `sides` of cell i whose neighbour is inside the
 * shape and has none of `bit` in marks[] (not yet seen by a walk). Worked
 * out in registers for the hot loops of walks and generators: filling
 * next[] and reading it back cost them ~20 % against the rectangle-only
 * code they replaced (interleaved CPU time, 1000 x 1000). */
static inline unsigned rect_unmarked(const meiro_maze *m, size_t i, unsigned sides,
                                     const uint8_t *marks, uint8_t bit)
{
    size_t w = m->w;
    const uint8_t *on = m->active;
    unsigned c = 0;
    if (UNLIKELY(m->wrap)) { /* the steps across a seam: (x, y) needed */
        size_t next[GRID_MAX_SIDES] = {i - w, i + 1, i + w, i - 1};
        rect_wrap_next(m, (uint32_t)(i % w), (uint32_t)(i / w), next);
        FOR_EACH_SIDE_IN (d, sides)
            if (!(marks[next[d]] & bit) && (!on || on[next[d]])) c |= dir_bit(d);
        return c;
    }
    if ((sides & dir_bit(MEIRO_NORTH)) && !(marks[i - w] & bit) && (!on || on[i - w]))
        c |= dir_bit(MEIRO_NORTH);
    if ((sides & dir_bit(MEIRO_EAST)) && !(marks[i + 1] & bit) && (!on || on[i + 1]))
        c |= dir_bit(MEIRO_EAST);
    if ((sides & dir_bit(MEIRO_SOUTH)) && !(marks[i + w] & bit) && (!on || on[i + w]))
        c |= dir_bit(MEIRO_SOUTH);
    if ((sides & dir_bit(MEIRO_WEST)) && !(marks[i - 1] & bit) && (!on || on[i - 1]))
        c |= dir_bit(MEIRO_WEST);
    return c;
}

/* The hottest functions below come in two forms: grid_X(m, ...) and
 * grid_X_as(m, rect, ...), where rect says m->grid == MEIRO_GRID_RECT. A
 * loop compiled once for rectangles and once for the other grids (an
 * always_inline body called with rect true and false, as in core/walk.c)
 * calls the _as form, so that its rectangle copy is the fast path alone. */

/* The sides of `at` that lead to a cell of the maze (not the border, not
 * out of a rectangle's shape), as a mask (bit s: side s), with the
 * neighbour across each (next) and the side of each facing back: what the
 * generators loop over. next[s] is meaningless for a side not in the mask. */
static inline unsigned grid_links_as(const meiro_maze *m, bool rect, grid_at at,
                                     size_t next[GRID_MAX_SIDES], unsigned back[GRID_MAX_SIDES])
{
    return rect ? rect_links(m, at, next, back) : other_links(m, at, next, back);
}

static inline unsigned grid_links(const meiro_maze *m, grid_at at, size_t next[GRID_MAX_SIDES],
                                  unsigned back[GRID_MAX_SIDES])
{
    return grid_links_as(m, m->grid == MEIRO_GRID_RECT, at, next, back);
}

/* The neighbour across `side` of cell id when the caller knows there is
 * one (an open side, a side grid_links gave), and in *back its side facing
 * back. */
static inline size_t grid_through_as(const meiro_maze *m, bool rect, size_t id, unsigned side,
                                     unsigned *back)
{
    if (!rect) return other_across(m, id, side, back);
    if (UNLIKELY(side >= DIR_COUNT)) { /* a stair: the same cell a floor up or down */
        *back = side ^ 1u;
        return side == LEVEL_UP ? id + m->floor_cells : id - m->floor_cells;
    }
    *back = dir_opposite((meiro_dir)side);
    size_t delta = (size_t)((ptrdiff_t)DIR_DY[side] * (ptrdiff_t)m->w + DIR_DX[side]);
    size_t j = id + delta;
    if (UNLIKELY(m->wrap)) { /* no weave wraps */
        size_t next[GRID_MAX_SIDES];
        next[side] = j;
        rect_wrap_next(m, (uint32_t)(id % m->w), (uint32_t)(id / m->w), next);
        return next[side];
    }
    /* a weave's tunnel: the cell beyond the crossing (core/weave.c) */
    if (UNLIKELY(m->weave) && (m->cells[j] & cell_under_bit(side))) j += delta;
    return j;
}

static inline size_t grid_through(const meiro_maze *m, size_t id, unsigned side, unsigned *back)
{
    return grid_through_as(m, m->grid == MEIRO_GRID_RECT, id, side, back);
}

/* The cell across `side` of `at`, whose id `next` is (from grid_links or
 * grid_through). */
static inline grid_at grid_step_as(const meiro_maze *m, bool rect, grid_at at, unsigned side,
                                   size_t next)
{
    if (!rect) return (grid_at){next, other_cell_across(m, at.c, side)};
    if (UNLIKELY(side >= DIR_COUNT)) /* a stair */
        return (grid_at){next,
                         {at.c.x, side == LEVEL_UP ? at.c.y + m->floor_h : at.c.y - m->floor_h}};
    if (UNLIKELY(m->wrap)) return rect_wrap_step(m, at, side, next); /* maybe across a seam */
    /* two cells when next is across a weave's crossing */
    uint32_t k = 1;
    if (UNLIKELY(m->weave) &&
        next != at.id + (size_t)((ptrdiff_t)DIR_DY[side] * (ptrdiff_t)m->w + DIR_DX[side]))
        k = 2;
    return (grid_at){next,
                     {at.c.x + k * (uint32_t)DIR_DX[side], at.c.y + k * (uint32_t)DIR_DY[side]}};
}

static inline grid_at grid_step(const meiro_maze *m, grid_at at, unsigned side, size_t next)
{
    return grid_step_as(m, m->grid == MEIRO_GRID_RECT, at, side, next);
}

/* Rectangles: the neighbour across `side` of `at`, GRID_NONE at the border
 * and outside the shape. */
static inline size_t rect_across(const meiro_maze *m, grid_at at, unsigned side, unsigned *back)
{
    if (side >= DIR_COUNT || !(rect_sides(m, at) & dir_bit(side))) return GRID_NONE;
    size_t w = m->w, next[GRID_MAX_SIDES] = {at.id - w, at.id + 1, at.id + w, at.id - 1};
    if (UNLIKELY(m->wrap)) rect_wrap_next(m, at.c.x, at.c.y, next);
    size_t j = next[side];
    if (UNLIKELY(m->active) && !m->active[j]) return GRID_NONE;
    *back = dir_opposite((meiro_dir)side);
    return j;
}

/* The neighbour across a side of cell id, GRID_NONE where there is none;
 * with its side facing back (set only when there is a neighbour). */
static inline size_t grid_across(const meiro_maze *m, size_t id, unsigned side, unsigned *back)
{
    if (m->grid != MEIRO_GRID_RECT) return other_across(m, id, side, back);
    return rect_across(m, grid_at_id(m, id), side, back);
}

static inline size_t grid_neighbour(const meiro_maze *m, size_t id, unsigned side)
{
    unsigned back;
    return grid_across(m, id, side, &back);
}

static inline unsigned grid_back_side(const meiro_maze *m, size_t id, unsigned side)
{
    unsigned back = side;
    grid_across(m, id, side, &back);
    return back;
}

/* ---- Passages ------------------------------------------------------------- */

/* The open sides of cell id as a mask (bit s: side s), doors excluded. A
 * rectangle's cell in the east column never opens east (the outer wall, but
 * on a wrapped maze), so the cell before it in id order tells the west
 * side without (x, y). */
static inline unsigned grid_open_sides_as(const meiro_maze *m, bool rect, size_t id)
{
    if (!rect) return m->cells[id];
    const uint8_t *c = m->cells;
    unsigned mask = (unsigned)(c[id] & CELL_BITS) << 1; /* east, south */
    if (UNLIKELY(m->wrap)) { /* the east column opens east, across the seam: (x, y) needed
                                (no weave or floors wrap) */
        uint32_t x = (uint32_t)(id % m->w), y = (uint32_t)(id / m->w);
        return mask | (cell_open(m, x, y, MEIRO_NORTH) ? dir_bit(MEIRO_NORTH) : 0) |
               (cell_open(m, x, y, MEIRO_WEST) ? dir_bit(MEIRO_WEST) : 0);
    }
    if (id >= m->w && (c[id - m->w] & CELL_OPEN_S)) mask |= dir_bit(MEIRO_NORTH);
    if (id > 0 && (c[id - 1] & CELL_OPEN_E)) mask |= dir_bit(MEIRO_WEST);
    /* a crossing cell's own passage is its over-passage alone */
    if (UNLIKELY(c[id] & CELL_UNDER))
        mask &= (c[id] & CELL_UNDER_EW) ? ~(dir_bit(MEIRO_EAST) | dir_bit(MEIRO_WEST))
                                        : ~(dir_bit(MEIRO_NORTH) | dir_bit(MEIRO_SOUTH));
    if (UNLIKELY(m->levels)) mask |= level_stairs(m, id);
    return mask;
}

static inline unsigned grid_open_sides(const meiro_maze *m, size_t id)
{
    return grid_open_sides_as(m, m->grid == MEIRO_GRID_RECT, id);
}

static inline bool grid_open(const meiro_maze *m, size_t id, unsigned side)
{
    return (grid_open_sides(m, id) >> side) & 1u;
}

/* The number of open sides of cell id. */
static inline unsigned grid_degree(const meiro_maze *m, size_t id)
{
    return (unsigned)__builtin_popcount(grid_open_sides(m, id));
}

/* The open sides of `at` as a mask, with the neighbour across each (next)
 * and its side facing back: what the solvers loop over. A rectangle needs
 * only at.id (grid_at_exits). */
static inline unsigned grid_exits_as(const meiro_maze *m, bool rect, grid_at at,
                                     size_t next[GRID_MAX_SIDES], unsigned back[GRID_MAX_SIDES])
{
    if (!rect) {
        other_links(m, at, next, back);
        return m->cells[at.id];
    }
    size_t i = at.id, w = m->w;
    next[MEIRO_NORTH] = i - w, next[MEIRO_EAST] = i + 1, next[MEIRO_SOUTH] = i + w,
    next[MEIRO_WEST] = i - 1;
    for (unsigned d = 0; d < DIR_COUNT; d++) back[d] = dir_opposite((meiro_dir)d);
    unsigned open = grid_open_sides_as(m, true, i);
    if (UNLIKELY(m->wrap)) rect_wrap_next(m, (uint32_t)(i % w), (uint32_t)(i / w), next);
    if (UNLIKELY(m->weave)) weave_exits(m, i, open, next);
    if (UNLIKELY(m->levels)) {
        next[LEVEL_UP] = i + m->floor_cells, next[LEVEL_DOWN] = i - m->floor_cells;
        back[LEVEL_UP] = LEVEL_DOWN, back[LEVEL_DOWN] = LEVEL_UP;
    }
    return open;
}

static inline unsigned grid_exits(const meiro_maze *m, grid_at at, size_t next[GRID_MAX_SIDES],
                                  unsigned back[GRID_MAX_SIDES])
{
    return grid_exits_as(m, m->grid == MEIRO_GRID_RECT, at, next, back);
}

/* A cell known by id, for grid_exits: (x, y) only where the grid needs it. */
static inline grid_at grid_at_exits(const meiro_maze *m, size_t id)
{
    return m->grid == MEIRO_GRID_RECT ? (grid_at){id, {0, 0}} : grid_at_id(m, id);
}

/* Opens side `side` of cell id towards next, whose side `back` faces it
 * (from grid_links or grid_through); tells the maze's observer. The
 * generators' innermost step. */
static inline void grid_join_as(meiro_maze *m, bool rect, size_t id, unsigned side, size_t next,
                                unsigned back)
{
    if (rect) {
        /* the wall belongs to the cell west or north of it: east and south
         * are the cell's own, north and west its neighbour's */
        static const uint8_t wall_bit[DIR_COUNT] = {CELL_OPEN_S, CELL_OPEN_E, CELL_OPEN_S,
                                                    CELL_OPEN_E};
        size_t owner = side - 1u < 2u ? id : next;
        uint8_t bit = wall_bit[side & 3u];
        m->cells[owner] |= bit;
        if (UNLIKELY(m->obs))
            maze_notify(m, (uint32_t)(owner % m->w), (uint32_t)(owner / m->w), bit, true);
        return;
    }
    m->cells[id] |= (uint8_t)(1u << side);
    m->cells[next] |= (uint8_t)(1u << back);
    if (UNLIKELY(m->obs)) other_notify(m, id, side, true);
}

static inline void grid_join(meiro_maze *m, size_t id, unsigned side, size_t next, unsigned back)
{
    grid_join_as(m, m->grid == MEIRO_GRID_RECT, id, side, next, back);
}

/* Opens or closes side `side` of cell id, when it leads to a neighbour;
 * tells the maze's observer. */
void grid_set_side(meiro_maze *m, size_t id, unsigned side, bool open);

/* ---- Geometry, in cell units with y down and (0, 0) the top-left corner of
 * the grid's bounding box; what drawing, the JSON writer and the placement
 * of S and G share.
 * rect: unit squares; cell (x, y) spans x .. x + 1 across, y .. y + 1 down.
 * polar: at least 2 rings; the maze's width is the outer ring's cells (the
 *   widest), so any (x, y) fits a width x height array. Ring y spans radii
 *   y .. y + 1 around (rings, rings); the centre disc has radius 1. Ring 1
 *   has 6 cells; ring y has the cells of ring y - 1 times round(2 pi y /
 *   cells of ring y - 1) (1 or 2, so cells stay near-square). Cell x of ring
 *   y >= 1 spans angles 2 pi x / n .. 2 pi (x + 1) / n clockwise from the
 *   top. Sides: 0 inward, 1 the neighbour at the smaller angle, 2 .. 2 + k -
 *   1 the k cells outward by angle (one border side on the outer ring),
 *   last the neighbour at the larger angle. The centre disc's sides are the
 *   cells of ring 1 by angle.
 * hex: flat-topped hexagons of side 1 (width 2, height sqrt 3); column x at
 *   1.5 x, odd columns half a cell lower. Sides 0 N, 1 NE, 2 SE, 3 S, 4 SW,
 *   5 NW.
 * triangle: sides 1 long, height sqrt 3 / 2; cell x of row y spans x / 2 ..
 *   x / 2 + 1 across. (x + y) even points up: sides 0 right, 1 base (below),
 *   2 left; otherwise down: 0 top (above), 1 right, 2 left. */
/* Every side runs clockwise around its cell, from (x0, y0) to (x1, y1): side
 * k ends where side k + 1 starts, and the neighbour across it sees the same
 * side reversed. An arc runs from angle a0 to a1 (clockwise when a1 > a0,
 * cairo_arc; else cairo_arc_negative). */
typedef struct grid_side_shape {
    bool arc;                 /* a polar arc around (cx, cy), else a segment */
    double x0, y0, x1, y1;    /* the segment, or the arc's two ends */
    double cx, cy, r, a0, a1; /* the arc: centre, radius, angles (radians,
                                 cairo's convention: 0 = east, clockwise) */
} grid_side_shape;

/* The size of the bounding box, a cell's centre (a point inside it where a
 * path or a mark is drawn), and where side `side` of cell id lies. */
void grid_extent(const meiro_maze *m, double *width, double *height);
void grid_centre(const meiro_maze *m, size_t id, double *x, double *y);
void other_cell_centre(const meiro_maze *m, meiro_cell c, double *x, double *y);
static inline void grid_cell_centre(const meiro_maze *m, meiro_cell c, double *x, double *y)
{
    if (m->grid != MEIRO_GRID_RECT) {
        other_cell_centre(m, c, x, y);
        return;
    }
    *x = c.x + 0.5;
    *y = c.y + 0.5;
}
void grid_side(const meiro_maze *m, size_t id, unsigned side, grid_side_shape *shape);

/* ---- Invariants ------------------------------------------------------------ */

/* Whether the passages form a spanning tree of the cells in the maze. */
meiro_status grid_is_perfect(const meiro_maze *m, bool *perfect, meiro_error *err);

#endif /* MEIRO_SRC_CORE_GRID_H */
