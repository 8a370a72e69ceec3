/* The maze model: allocation, walls, start and goal, invariants. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/model.h"
#include "core/sets.h"
#include "core/names.h"
#include "core/weave.h"
#include "core/mission.h"
#include "core/levels.h"

#include <stdlib.h>
#include <string.h>

meiro_status maze_check_size(uint32_t w, uint32_t h, meiro_error *err)
{
    meiro_field side = w < 1 || w > MEIRO_MAX_SIDE ? MEIRO_FIELD_WIDTH : MEIRO_FIELD_HEIGHT;
    if (w < 1 || h < 1)
        return fail_field(err, side, MEIRO_ERROR_ARGUMENT,
                          "a maze needs at least 1 x 1 cells (asked for %lu x %lu)",
                          (unsigned long)w, (unsigned long)h);
    if (w > MEIRO_MAX_SIDE || h > MEIRO_MAX_SIDE)
        return fail_field(err, side, MEIRO_ERROR_TOO_BIG,
                          "%lu x %lu cells is too large: each side may have at most %u cells",
                          (unsigned long)w, (unsigned long)h, MEIRO_MAX_SIDE);
    if ((uint64_t)w * h > MEIRO_MAX_CELLS)
        return fail(err, MEIRO_ERROR_TOO_BIG,
                    "%lu x %lu cells is too large: a maze may have at most %u cells",
                    (unsigned long)w, (unsigned long)h, MEIRO_MAX_CELLS);
    return MEIRO_OK;
}

meiro_maze *meiro_maze_new(uint32_t width, uint32_t height, meiro_error *err)
{
    if (maze_check_size(width, height, err) != MEIRO_OK) return NULL;
    meiro_maze *m = zalloc(1, sizeof *m);
    if (!m) goto nomem;
    m->cells = zalloc_big((size_t)width * height, 1);
    if (!m->cells) goto nomem;
    m->w = width;
    m->h = height;
    m->active_count = (uint64_t)width * height;
    m->start = (meiro_cell){0, 0};
    m->goal = (meiro_cell){width - 1, height - 1};
    m->start_door = m->goal_door = MEIRO_NO_DIR;
    if (width == 1 && height == 1) { /* one cell: S and G need a place each */
        m->start_door = MEIRO_WEST;
        m->goal_door = MEIRO_EAST;
    }
    return m;
nomem:
    free(m);
    fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %lu x %lu maze", (unsigned long)width,
         (unsigned long)height);
    return NULL;
}

meiro_maze *meiro_maze_clone(const meiro_maze *maze, meiro_error *err)
{
    meiro_maze *m = meiro_maze_new_grid((meiro_grid)maze->grid, maze->w, maze->h, err);
    if (!m) return NULL;
    if (maze->active && meiro_maze_set_mask(m, maze->active, err) != MEIRO_OK) {
        meiro_maze_free(m);
        return NULL;
    }
    uint8_t *cells = m->cells, *active = m->active;
    if (active) memcpy(active, maze->active, (size_t)maze->w * maze->h); /* its bridges too */
    uint32_t *row_start = m->row_start;
    *m = *maze;
    m->cells = cells;
    m->active = active;
    m->row_start = row_start;
    m->obs = NULL;
    bool ok = true;
    m->mission = mission_clone(maze, &ok);
    if (!ok) {
        meiro_maze_free(m);
        fail(err, MEIRO_ERROR_NOMEM, "out of memory copying the maze");
        return NULL;
    }
    memcpy(m->cells, maze->cells, maze_total(maze));
    return m;
}

void meiro_maze_free(meiro_maze *maze)
{
    if (!maze) return;
    free(maze->cells);
    free(maze->active);
    free(maze->row_start);
    mission_free(maze->mission);
    free(maze);
}

size_t maze_total(const meiro_maze *m) { return grid_total(m); }

static const meiro_algorithm_desc grid_names[MEIRO_GRID_COUNT] = {{"rect", "rectangle", ""},
                                                                  {"polar", "theta circle", ""},
                                                                  {"hex", "sigma hexagon", ""},
                                                                  {"triangle", "delta", ""}};

const char *meiro_grid_name(meiro_grid grid)
{
    return (unsigned)grid < MEIRO_GRID_COUNT ? grid_names[grid].name : NULL;
}

meiro_status meiro_grid_from_name(const char *name, meiro_grid *grid, meiro_error *err)
{
    for (unsigned g = 0; name && g < MEIRO_GRID_COUNT; g++) {
        if (info_matches(&grid_names[g], name)) {
            *grid = (meiro_grid)g;
            return MEIRO_OK;
        }
    }
    char hint[64];
    return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_UNKNOWN_NAME,
                      N_("unknown grid '%s' (rect, polar, hex or triangle)%s"), name ? name : "",
                      name_hint(name ? name : "", "rect polar hex triangle", hint, sizeof hint));
}

meiro_maze *meiro_maze_new_grid(meiro_grid grid, uint32_t width, uint32_t height, meiro_error *err)
{
    if (grid == MEIRO_GRID_RECT) return meiro_maze_new(width, height, err);
    if ((unsigned)grid >= MEIRO_GRID_COUNT) {
        fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT, "unknown grid number %u",
                   (unsigned)grid);
        return NULL;
    }
    return other_new(grid, width, height, err);
}

meiro_grid meiro_maze_grid(const meiro_maze *maze) { return (meiro_grid)maze->grid; }

uint32_t meiro_maze_row_width(const meiro_maze *maze, uint32_t y)
{
    return grid_row_width(maze, y);
}

uint64_t meiro_maze_cell_count(const meiro_maze *maze) { return maze->active_count; }
bool meiro_maze_has_mask(const meiro_maze *maze) { return maze->active != NULL; }
const char *meiro_maze_shape(const meiro_maze *maze) { return maze->shape; }

bool meiro_maze_is_active(const meiro_maze *maze, meiro_cell cell)
{
    if (cell.y >= maze->h || cell.x >= grid_row_width(maze, cell.y)) return false;
    return grid_active(maze, grid_id(maze, cell));
}

/* The cell inside the mask nearest the top-left corner (with last: the
 * bottom-right one): S and G of a shape, in its first and last letter. */
static meiro_cell first_active(const meiro_maze *m, bool last)
{
    meiro_cell best = {0, 0};
    uint64_t best_key = UINT64_MAX;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++) {
            if (!cell_active(m, cell_index(m, x, y))) continue;
            uint64_t key = last ? (uint64_t)(m->w - 1 - x) + (m->h - 1 - y) : (uint64_t)x + y;
            key = key << 32 | (last ? m->h - 1 - y : y); /* ties: the upper (lower) one */
            if (key < best_key) {
                best_key = key;
                best = (meiro_cell){x, y};
            }
        }
    return best;
}

meiro_status meiro_maze_set_mask(meiro_maze *maze, const uint8_t *inside, meiro_error *err)
{
    meiro_maze *m = maze;
    if (m->grid != MEIRO_GRID_RECT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                          "only rectangular grids take a shape");
    size_t n = (size_t)m->w * m->h;
    uint8_t *active = NULL;
    uint64_t count = n;
    if (inside) {
        active = alloc_array(n, 1);
        if (!active) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the shape");
        count = 0;
        for (size_t i = 0; i < n; i++) count += active[i] = inside[i] != 0;
        if (count == n) { /* nothing left out: no mask */
            free(active);
            active = NULL;
        }
        if (active && count < 2) { /* S and G need a cell each: a shape has no doors */
            free(active);
            return fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT,
                              "the shape leaves %s inside the maze; it needs 2",
                              count ? "1 cell" : "no cell");
        }
    }
    free(m->active);
    m->active = active;
    m->active_count = count;
    /* passages into cells now outside close */
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++) {
            uint8_t *c = &m->cells[cell_index(m, x, y)];
            if (!cell_active(m, cell_index(m, x, y))) *c = 0;
            if ((*c & CELL_OPEN_E) && !cell_active(m, cell_index(m, x + 1, y)))
                *c &= (uint8_t)~CELL_OPEN_E;
            if ((*c & CELL_OPEN_S) && !cell_active(m, cell_index(m, x, y + 1)))
                *c &= (uint8_t)~CELL_OPEN_S;
        }
    if (!active) return MEIRO_OK; /* every cell inside: S and G stay */
    m->start = first_active(m, false);
    m->goal = first_active(m, true);
    m->start_door = m->goal_door = MEIRO_NO_DIR;
    return MEIRO_OK;
}

unsigned meiro_maze_sides(const meiro_maze *maze, meiro_cell cell)
{
    if (!meiro_maze_is_active(maze, cell)) return 0;
    return grid_sides(maze, grid_id(maze, cell));
}

bool meiro_maze_neighbour(const meiro_maze *maze, meiro_cell cell, unsigned side, meiro_cell *next)
{
    if (side >= meiro_maze_sides(maze, cell)) return false;
    size_t j = grid_neighbour(maze, grid_id(maze, cell), side);
    if (j == GRID_NONE) return false;
    meiro_cell c = grid_cell(maze, j);
    if (level_of(maze, c.y) != level_of(maze, cell.y)) return false; /* another floor: a wall */
    if (next) *next = c;
    return true;
}

bool meiro_maze_side_open(const meiro_maze *maze, meiro_cell cell, unsigned side)
{
    return meiro_maze_neighbour(maze, cell, side, NULL) &&
           grid_open(maze, grid_id(maze, cell), side);
}

meiro_status meiro_maze_set_side(meiro_maze *maze, meiro_cell cell, unsigned side, bool open)
{
    meiro_cell next;
    if (!meiro_maze_neighbour(maze, cell, side, &next)) return MEIRO_ERROR_ARGUMENT;
    /* a crossing's four walls belong to its two passages: they stay open */
    if (maze->weave && ((maze->cells[grid_id(maze, cell)] | maze->cells[grid_id(maze, next)]) &
                        CELL_UNDER))
        return MEIRO_ERROR_ARGUMENT;
    grid_set_side(maze, grid_id(maze, cell), side, open);
    return MEIRO_OK;
}

uint32_t meiro_maze_width(const meiro_maze *maze) { return maze->w; }
unsigned meiro_maze_wrap(const meiro_maze *maze) { return maze->wrap; }
uint32_t meiro_maze_height(const meiro_maze *maze) { return maze->h; }

static bool on_side(const meiro_maze *m, meiro_cell c, meiro_dir side)
{
    bool x = !(m->wrap & MEIRO_WRAP_X), y = !(m->wrap & MEIRO_WRAP_Y); /* a seam is no border */
    switch (side) {
    case MEIRO_NORTH: return y && c.y == 0;
    case MEIRO_EAST: return x && c.x == m->w - 1;
    case MEIRO_SOUTH: return y && c.y == m->h - 1;
    case MEIRO_WEST: return x && c.x == 0;
    default: return false;
    }
}

/* The rectangle's forms of meiro_maze_side_open and meiro_maze_set_side,
 * which the API had first; is_open also answers for the doors. */
bool meiro_maze_is_open(const meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir)
{
    if (maze->grid != MEIRO_GRID_RECT) return false;
    meiro_cell c = {x, y};
    if (x < maze->w && y < maze->h && on_side(maze, c, dir))
        return (maze->start_door == dir && maze->start.x == x && maze->start.y == y) ||
               (maze->goal_door == dir && maze->goal.x == x && maze->goal.y == y);
    return meiro_maze_side_open(maze, c, dir);
}

/* On a shape the walls follow its edge: a wall stands between a cell
 * inside and one outside (or the border), none between two outside. */
static bool inside_at(const meiro_maze *m, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < m->w && y < m->h &&
           m->active[cell_index(m, (uint32_t)x, (uint32_t)y)];
}

bool maze_wall_above(const meiro_maze *m, uint32_t x, uint32_t y)
{
    if (m->active) {
        bool above = inside_at(m, x, (int64_t)y - 1), below = inside_at(m, x, y);
        if (above != below) return true;
        if (!above) return false;
    }
    if (y == 0) return !meiro_maze_is_open(m, x, 0, MEIRO_NORTH);
    if (y == m->h) return !meiro_maze_is_open(m, x, m->h - 1, MEIRO_SOUTH);
    return !cell_open(m, x, y - 1, MEIRO_SOUTH);
}

bool maze_wall_left(const meiro_maze *m, uint32_t x, uint32_t y)
{
    if (m->active) {
        bool left = inside_at(m, (int64_t)x - 1, y), right = inside_at(m, x, y);
        if (left != right) return true;
        if (!left) return false;
    }
    if (x == 0) return !meiro_maze_is_open(m, 0, y, MEIRO_WEST);
    if (x == m->w) return !meiro_maze_is_open(m, m->w - 1, y, MEIRO_EAST);
    return !cell_open(m, x - 1, y, MEIRO_EAST);
}

void maze_tell_shape(const meiro_maze *m, const meiro_observer *obs)
{
    if (!obs || !m->active) return;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w;) {
            uint32_t run = 0;
            while (x + run < m->w && !m->active[cell_index(m, x + run, y)]) run++;
            if (run) observe(obs, MEIRO_EVENT_OUTSIDE, x, y, MEIRO_NO_DIR, run);
            x += run ? run : 1;
        }
}

void maze_notify(meiro_maze *m, uint32_t x, uint32_t y, uint8_t bit, bool open)
{
    observe(m->obs, open ? MEIRO_EVENT_CARVE : MEIRO_EVENT_BUILD, x, y,
            bit == CELL_OPEN_E ? MEIRO_EAST : MEIRO_SOUTH, m->road);
}

void maze_open_all(meiro_maze *m)
{
    for (uint32_t y = 0; y < m->h; y++) {
        uint8_t *row = &m->cells[cell_index(m, 0, y)];
        uint8_t v = y + 1 < m->h ? (CELL_OPEN_E | CELL_OPEN_S) : CELL_OPEN_E;
        memset(row, v, m->w);
        row[m->w - 1] &= (uint8_t)~CELL_OPEN_E;
        for (uint32_t x = 0; m->active && x < m->w; x++) { /* only between cells inside */
            size_t next[GRID_MAX_SIDES];
            unsigned back[GRID_MAX_SIDES];
            grid_at at = {cell_index(m, x, y), {x, y}};
            unsigned sides = grid_active(m, at.id) ? rect_links(m, at, next, back) : 0;
            row[x] = (uint8_t)(sides >> 1 & CELL_BITS); /* east, south */
        }
    }
    observe(m->obs, MEIRO_EVENT_OPEN_ALL, 0, 0, MEIRO_NO_DIR, 0);
}

meiro_status meiro_maze_carve(meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir)
{
    if (maze->grid != MEIRO_GRID_RECT) return MEIRO_ERROR_ARGUMENT;
    return meiro_maze_set_side(maze, (meiro_cell){x, y}, dir, true);
}

meiro_status meiro_maze_build(meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir)
{
    if (maze->grid != MEIRO_GRID_RECT) return MEIRO_ERROR_ARGUMENT;
    return meiro_maze_set_side(maze, (meiro_cell){x, y}, dir, false);
}

meiro_cell meiro_maze_start(const meiro_maze *maze) { return maze->start; }
meiro_cell meiro_maze_goal(const meiro_maze *maze) { return maze->goal; }
meiro_dir meiro_maze_start_door(const meiro_maze *maze) { return maze->start_door; }
meiro_dir meiro_maze_goal_door(const meiro_maze *maze) { return maze->goal_door; }

static meiro_status check_end(const meiro_maze *m, meiro_cell c, meiro_dir door)
{
    if (m->grid != MEIRO_GRID_RECT) /* any cell of the grid; doors only on rectangles */
        return c.y < m->h && c.x < grid_row_width(m, c.y) && door == MEIRO_NO_DIR
                   ? MEIRO_OK
                   : MEIRO_ERROR_ARGUMENT;
    if (c.x >= m->w || c.y >= m->h) return MEIRO_ERROR_ARGUMENT;
    if (door != MEIRO_NO_DIR && !on_side(m, c, door)) return MEIRO_ERROR_ARGUMENT;
    return MEIRO_OK;
}

static meiro_status set_end(const meiro_maze *m, meiro_cell *end, meiro_dir *end_door,
                            meiro_cell cell, meiro_dir door)
{
    meiro_status s = check_end(m, cell, door);
    if (s == MEIRO_OK) {
        *end = cell;
        *end_door = door;
    }
    return s;
}

meiro_status meiro_maze_set_start(meiro_maze *maze, meiro_cell cell, meiro_dir door)
{
    return set_end(maze, &maze->start, &maze->start_door, cell, door);
}

meiro_status meiro_maze_set_goal(meiro_maze *maze, meiro_cell cell, meiro_dir door)
{
    return set_end(maze, &maze->goal, &maze->goal_door, cell, door);
}

bool meiro_maze_seed(const meiro_maze *maze, uint64_t *seed)
{
    if (maze->has_seed && seed) *seed = maze->seed;
    return maze->has_seed;
}

const char *meiro_maze_algorithm(const meiro_maze *maze) { return maze->algorithm; }

void meiro_maze_set_origin(meiro_maze *maze, const char *algorithm, uint64_t seed)
{
    maze->has_seed = true;
    maze->seed = seed;
    snprintf(maze->algorithm, sizeof maze->algorithm, "%s", algorithm ? algorithm : "");
}

/* The bits a cell's byte may hold. */
static unsigned cell_bits(const meiro_maze *m, size_t id)
{
    if (m->grid != MEIRO_GRID_RECT) return (1u << grid_sides(m, id)) - 1;
    return CELL_BITS | CELL_UNDER | (m->levels ? CELL_STAIR_UP : 0u);
}

/* "side 2", or on a rectangle "south". */
static const char *side_name(const meiro_maze *m, unsigned side, char buf[16])
{
    static const char *const dirs[DIR_COUNT] = {"north", "east", "south", "west"};
    if (m->grid == MEIRO_GRID_RECT && side < DIR_COUNT) return dirs[side];
    snprintf(buf, 16, "side %u", side);
    return buf;
}

static meiro_status check_cell(const meiro_maze *m, grid_at at, meiro_error *err)
{
    char name[16];
    unsigned long x = at.c.x, y = at.c.y;
    if (m->cells[at.id] & ~cell_bits(m, at.id))
        return fail(err, MEIRO_ERROR_INTERNAL, "cell (%lu, %lu) has stray bits", x, y);
    if (!weave_cell_ok(m, at))
        return fail(err, MEIRO_ERROR_INTERNAL, "cell (%lu, %lu) is a malformed crossing", x, y);
    unsigned open = grid_open_sides(m, at.id);
    if (open && !grid_active(m, at.id))
        return fail(err, MEIRO_ERROR_INTERNAL, "cell (%lu, %lu) has a passage outside the shape", x,
                    y);
    size_t next[GRID_MAX_SIDES];
    /* (a stair leads to another floor: levels_ok checks it) */
    unsigned back[GRID_MAX_SIDES],
        nowhere = open & ~grid_links(m, at, next, back) & ~(m->levels ? level_stairs(m, at.id) : 0u);
    if (nowhere)
        return fail(err, MEIRO_ERROR_INTERNAL, "cell (%lu, %lu) opens %s into the outer wall%s", x,
                    y, side_name(m, (unsigned)__builtin_ctz(nowhere), name),
                    m->active ? " or out of the shape" : "");
    FOR_EACH_SIDE_IN (s, open) { /* (a rectangle keeps each wall once: only the others) */
        if (m->grid != MEIRO_GRID_RECT && !grid_open(m, next[s], back[s]))
            return fail(err, MEIRO_ERROR_INTERNAL,
                        "cell (%lu, %lu) opens %s but its neighbour does not", x, y,
                        side_name(m, s, name));
    }
    return MEIRO_OK;
}

meiro_status meiro_maze_check(const meiro_maze *maze, meiro_error *err)
{
    const meiro_maze *m = maze;
    if (!m->cells || m->w < 1 || m->h < 1)
        return fail(err, MEIRO_ERROR_INTERNAL, "maze has no cells");
    size_t total = grid_total(m);
    for (grid_at at = grid_at_id(m, 0); at.id < total; grid_advance(m, &at))
        if (check_cell(m, at, err) != MEIRO_OK) return MEIRO_ERROR_INTERNAL;
    if (!meiro_maze_is_active(m, m->start) || !meiro_maze_is_active(m, m->goal))
        return fail(err, MEIRO_ERROR_INTERNAL, "start or goal lies outside the maze");
    if (check_end(m, m->start, m->start_door) != MEIRO_OK)
        return fail(err, MEIRO_ERROR_INTERNAL, "start's door is misplaced");
    if (check_end(m, m->goal, m->goal_door) != MEIRO_OK)
        return fail(err, MEIRO_ERROR_INTERNAL, "goal's door is misplaced");
    if (m->start.x == m->goal.x && m->start.y == m->goal.y && m->start_door == m->goal_door)
        return fail(err, MEIRO_ERROR_INTERNAL, "start and goal share one place");
    char why[96];
    if (!mission_ok(m, why, sizeof why)) return fail(err, MEIRO_ERROR_INTERNAL, "%s", why);
    if (!levels_ok(m, why, sizeof why)) return fail(err, MEIRO_ERROR_INTERNAL, "%s", why);
    return MEIRO_OK;
}

meiro_status meiro_maze_is_perfect(const meiro_maze *maze, bool *perfect, meiro_error *err)
{
    return grid_is_perfect(maze, perfect, err);
}

bool meiro_maze_equal(const meiro_maze *a, const meiro_maze *b)
{
    if (a->grid != b->grid || a->w != b->w || a->h != b->h || a->active_count != b->active_count ||
        a->levels != b->levels || a->wrap != b->wrap)
        return false; /* (one mask and none differ in active_count) */
    /* inside or not: which cells are bridges is the drawing's business */
    for (size_t i = 0; a->active && b->active && i < (size_t)a->w * a->h; i++)
        if (!a->active[i] != !b->active[i]) return false;
    return a->start.x == b->start.x && a->start.y == b->start.y && a->goal.x == b->goal.x &&
           a->goal.y == b->goal.y && a->start_door == b->start_door &&
           a->goal_door == b->goal_door && memcmp(a->cells, b->cells, maze_total(a)) == 0 &&
           mission_equal(a, b);
}
