/* The maze model inside the library: the layout of walls, cell helpers, the
 * one place walls change (maze_set_wall), and observing steps. */
#ifndef MEIRO_SRC_CORE_MODEL_H
#define MEIRO_SRC_CORE_MODEL_H

#include "meiro.h"
#include "core/hints.h"

#include <string.h>

/* Each cell owns the wall on its east and its south side, so every inner
 * wall is stored exactly once. A set bit means the wall is open. */
enum { CELL_OPEN_E = 1u, CELL_OPEN_S = 2u, CELL_BITS = 3u };

/* Weave mazes: a crossing cell has all four walls open and two passages.
 * CELL_UNDER_EW: a passage tunnels under it from west to east (the cell
 * itself joins north and south, the over-passage); CELL_UNDER_NS the other
 * way round. In the cell graph the cells either side of the tunnel are
 * neighbours (two apart), and the crossing cell has only its over sides. */
enum { CELL_UNDER_EW = 4u, CELL_UNDER_NS = 8u, CELL_UNDER = 12u };

/* Multi-level mazes (core/levels.c): the floors are stacked in one
 * rectangle, floor k's row y being row k * floor_h + y; the wall between
 * two floors stays closed, and CELL_STAIR_UP on a cell is a stair up to the
 * same cell of the floor above (stored once, on the lower cell). In the
 * cell graph a stair is side LEVEL_UP of the lower cell and LEVEL_DOWN of
 * the upper one. */
enum { CELL_STAIR_UP = 16u, LEVEL_UP = 4u, LEVEL_DOWN = 5u };

/* The under bit a step in direction d goes through. */
static inline uint8_t cell_under_bit(unsigned d)
{
    return (d & 1u) ? CELL_UNDER_EW : CELL_UNDER_NS;
}

/* The mark of a bridge cell in a maze's active mask: inside, but drawn as
 * a plain corridor between the shape's pieces, outside their outline. */
#define MASK_BRIDGE 2

typedef struct maze_mission maze_mission;

struct meiro_maze {
    uint32_t w, h;
    uint8_t *cells;        /* rect: w * h bytes, row-major, CELL_OPEN_E/S bits;
                       other grids: one byte per cell, bit k = side k open
                       (kept on both cells of a passage; see core/grid.h) */
    uint8_t grid;          /* meiro_grid */
    uint8_t *active;       /* rect with a mask: w * h bytes, 1 = inside the
                              shape, MASK_BRIDGE = a cell of a bridge joining
                              its pieces; NULL = every cell is */
    uint64_t active_count; /* cells that are part of the maze */
    uint32_t *row_start;   /* polar: h + 1 offsets, cell (x, y) is
                              row_start[y] + x; NULL on other grids */
    meiro_cell start, goal;
    meiro_dir start_door, goal_door;
    bool has_seed;
    uint64_t seed;
    char algorithm[32];
    char shape[48];            /* what a mask depicts ("heart", "HANA"), or "" */
    const meiro_observer *obs; /* set while a generator runs */
    uint32_t road;             /* the road (branch) number reported with carves */
    bool weave;                /* rect: some cell has a CELL_UNDER bit (a crossing) */
    uint8_t picture;           /* a picture maze (meiro_maze_picture): the answer
                                  fills cells, the path's or the others */
    struct maze_mission *mission; /* keys, items, one-way passages (core/mission.h), or NULL */
    uint32_t levels;              /* rect: floors (0: a flat maze; else >= 2) */
    uint32_t floor_h;             /* rows of a floor (h / levels) */
    size_t floor_cells;           /* w * floor_h: the step of a stair */
    uint8_t wrap;                 /* rect: MEIRO_WRAP_X and _Y bits, the sides
                                     joined (a cylinder, a torus): the seam's
                                     wall is the east wall of the last column
                                     and the south wall of the last row */
    uint32_t choices;             /* the decision points --choices made the way
                                     with (0: none asked): the footer says it, so
                                     the seed makes the maze again */
};

/* The sides a wrap joins as JSON and the footer say them: "x", "y", "xy"
 * ("" for none); and back (0 for another word). */
static inline const char *wrap_name(unsigned wrap)
{
    static const char *const names[] = {"", "x", "y", "xy"};
    return names[wrap & 3u];
}
static inline unsigned wrap_from_name(const char *name)
{
    for (unsigned w = 1; w < 4; w++)
        if (!strcmp(name, wrap_name(w))) return w;
    return 0;
}

/* Tells the observer (if any) one step. */
static inline void observe(const meiro_observer *obs, meiro_event_kind kind, uint32_t x, uint32_t y,
                           unsigned dir, uint32_t value)
{
    if (obs) {
        meiro_event ev = {(uint8_t)kind, (uint8_t)dir, x, y, value};
        obs->step(obs->ctx, &ev);
    }
}

static inline size_t cell_index(const meiro_maze *m, uint32_t x, uint32_t y)
{
    return (size_t)y * m->w + x;
}

/* Directions are MEIRO_NORTH..MEIRO_WEST (0..3); a set of them is a mask
 * with bit d for direction d. */
enum { DIR_COUNT = 4, ALL_DIRS = (1u << DIR_COUNT) - 1 };

static const int DIR_DX[DIR_COUNT] = {0, 1, 0, -1};
static const int DIR_DY[DIR_COUNT] = {-1, 0, 1, 0};

static inline unsigned dir_bit(unsigned d) { return 1u << d; }
static inline meiro_dir dir_opposite(meiro_dir d) { return (meiro_dir)(d ^ 2u); }

/* Moves (x, y) one step in d. */
static inline void dir_move(uint32_t *x, uint32_t *y, unsigned d)
{
    *x += (uint32_t)DIR_DX[d];
    *y += (uint32_t)DIR_DY[d];
}

/* The index of the neighbour of (x, y) in d; the caller knows it is on
 * the grid. */
static inline size_t cell_neighbour(const meiro_maze *m, uint32_t x, uint32_t y, unsigned d)
{
    return cell_index(m, x + (uint32_t)DIR_DX[d], y + (uint32_t)DIR_DY[d]);
}

/* Open between (x, y) and its neighbour in d, ignoring doors. The caller
 * guarantees (x, y) is inside. */
static inline bool cell_open(const meiro_maze *m, uint32_t x, uint32_t y, unsigned d)
{
    switch (d) {
    case MEIRO_NORTH:
        if (y == 0 && (m->wrap & MEIRO_WRAP_Y)) y = m->h; /* across the seam */
        return y > 0 && (m->cells[cell_index(m, x, y - 1)] & CELL_OPEN_S);
    case MEIRO_EAST: return (m->cells[cell_index(m, x, y)] & CELL_OPEN_E) != 0;
    case MEIRO_SOUTH: return (m->cells[cell_index(m, x, y)] & CELL_OPEN_S) != 0;
    default:
        if (x == 0 && (m->wrap & MEIRO_WRAP_X)) x = m->w;
        return x > 0 && (m->cells[cell_index(m, x - 1, y)] & CELL_OPEN_E);
    }
}

/* Whether cell i of a rectangle is part of the maze (inside its mask). */
static inline bool cell_active(const meiro_maze *m, size_t i) { return !m->active || m->active[i]; }

/* All cells of the grid, inside a mask or not: the bytes in cells. */
size_t maze_total(const meiro_maze *m);

/* Tells obs the runs of cells outside the maze's shape (MEIRO_EVENT_OUTSIDE),
 * after MEIRO_EVENT_GRID; nothing without a mask. */
void maze_tell_shape(const meiro_maze *m, const meiro_observer *obs);

/* Tells the maze's observer a wall change (out of line: rarely watched). */
void maze_notify(meiro_maze *m, uint32_t x, uint32_t y, uint8_t bit, bool open);

/* Sets or clears the wall between (x, y) and its inner neighbour in d.
 * Inline: every generator's innermost step. */
static inline void maze_set_wall(meiro_maze *m, uint32_t x, uint32_t y, unsigned d, bool open)
{
    uint8_t bit = CELL_OPEN_E;
    switch (d) {
    case MEIRO_NORTH:
        y = (y ? y : m->h) - 1; /* row 0's north wall: the seam's (wrap y) */
        bit = CELL_OPEN_S;
        break;
    case MEIRO_EAST: break;
    case MEIRO_SOUTH: bit = CELL_OPEN_S; break;
    default: x = (x ? x : m->w) - 1; break;
    }
    uint8_t *c = &m->cells[cell_index(m, x, y)];
    *c = open ? (uint8_t)(*c | bit) : (uint8_t)(*c & ~bit);
    if (UNLIKELY(m->obs)) maze_notify(m, x, y, bit, open);
}

/* Is there a wall on the grid segment above cell (x, y) (y may be h: the
 * bottom border), or left of it (x may be w)? The outer wall counts, with
 * its openings where S or G have a door. */
bool maze_wall_above(const meiro_maze *m, uint32_t x, uint32_t y);
bool maze_wall_left(const meiro_maze *m, uint32_t x, uint32_t y);

/* Opens every inner wall (the starting point of the wall-adding
 * generators). */
void maze_open_all(meiro_maze *m);

/* Whether a w x h maze is within the limits (MEIRO_MAX_SIDE, MEIRO_MAX_CELLS):
 * what meiro_maze_new checks before allocating. */
meiro_status maze_check_size(uint32_t w, uint32_t h, meiro_error *err);

/* A w x h maze without cells: all a page layout reads of a maze is its
 * size, so options can be checked with shells before any maze is made. */
static inline meiro_maze maze_shell(uint32_t w, uint32_t h)
{
    return (meiro_maze){.w = w,
                        .h = h,
                        .goal = {w - 1, h - 1},
                        .start_door = MEIRO_NO_DIR,
                        .goal_door = MEIRO_NO_DIR};
}

#endif /* MEIRO_SRC_CORE_MODEL_H */
