/* Multi-level mazes: a generated rectangle cut into floors, the pieces
 * joined again by stairs, and the checks and counts of floors and stairs. */
#include "core/levels.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/rng.h"
#include "core/search.h"
#include "core/sets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void levels_set(meiro_maze *m, unsigned levels)
{
    m->levels = levels;
    m->floor_h = m->h / levels;
    m->floor_cells = (size_t)m->w * m->floor_h;
}

unsigned meiro_maze_levels(const meiro_maze *maze) { return maze->levels ? maze->levels : 1; }

uint64_t meiro_maze_stairs(const meiro_maze *maze)
{
    if (!maze->levels) return 0;
    uint64_t n = 0;
    for (size_t i = 0, total = grid_total(maze); i < total; i++)
        n += (maze->cells[i] & CELL_STAIR_UP) != 0;
    return n;
}

int meiro_maze_stair(const meiro_maze *maze, meiro_cell cell)
{
    if (!maze->levels || cell.x >= maze->w || cell.y >= maze->h) return 0;
    unsigned s = level_stairs(maze, grid_id(maze, cell));
    return (s >> LEVEL_UP) & 1u ? 1 : (s >> LEVEL_DOWN) & 1u ? -1 : 0;
}

uint32_t levels_number_stairs(const meiro_maze *m, uint32_t *num)
{
    size_t total = grid_total(m);
    for (size_t i = 0; i < total; i++) num[i] = 0;
    uint32_t k = 0;
    for (size_t i = 0; m->levels && i + m->floor_cells < total; i++)
        if (m->cells[i] & CELL_STAIR_UP) num[i] = num[i + m->floor_cells] = ++k;
    return k;
}

bool levels_ok(const meiro_maze *m, char *why, size_t size)
{
    if (!m->levels) return true;
    if (m->grid != MEIRO_GRID_RECT || m->levels < 2 || m->levels > MEIRO_MAX_LEVELS ||
        m->h % m->levels || m->floor_h != m->h / m->levels ||
        m->floor_cells != (size_t)m->w * m->floor_h) {
        snprintf(why, size, "the floors do not divide the maze");
        return false;
    }
    size_t total = grid_total(m), fc = m->floor_cells;
    size_t s = grid_id(m, m->start), g = grid_id(m, m->goal);
    for (size_t i = 0; i < total; i++) {
        meiro_cell c = grid_cell(m, i);
        if ((m->cells[i] & CELL_OPEN_S) && (c.y + 1) % m->floor_h == 0) {
            snprintf(why, size, "cell (%lu, %lu) opens into the floor below", (unsigned long)c.x,
                     (unsigned long)c.y);
            return false;
        }
        unsigned st = level_stairs(m, i);
        bool bad = ((m->cells[i] & CELL_STAIR_UP) && i + fc >= total) || st == 48u ||
                   (st && (i == s || i == g));
        if (bad) {
            snprintf(why, size, "cell (%lu, %lu) has a misplaced stair", (unsigned long)c.x,
                     (unsigned long)c.y);
            return false;
        }
    }
    if (level_of(m, m->start.y) != 0 || level_of(m, m->goal.y) != m->levels - 1) {
        snprintf(why, size, "S is not on the first floor or G not on the last");
        return false;
    }
    return true;
}

/* Of the cells on floor `floor` without a stair, the farthest by dist
 * (reachable); GRID_NONE if none is. */
static size_t farthest_on(const meiro_maze *m, uint32_t floor, const uint32_t *dist)
{
    size_t best = GRID_NONE, from = floor * m->floor_cells;
    for (size_t i = from; i < from + m->floor_cells; i++)
        if (dist[i] != UINT32_MAX && !level_stairs(m, i) &&
            (best == GRID_NONE || dist[i] > dist[best]))
            best = i;
    return best;
}

/* S on the first floor, G on the last: kept there, else placed far apart. */
static meiro_status place_ends(meiro_maze *m, meiro_error *err)
{
    if (level_of(m, m->start.y) == 0 && level_of(m, m->goal.y) == m->levels - 1) return MEIRO_OK;
    size_t total = grid_total(m);
    uint32_t *dist = alloc_array(total, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory placing S and G");
    meiro_status s = grid_distances(m, total - 1, dist, err);
    size_t start = s == MEIRO_OK ? farthest_on(m, 0, dist) : GRID_NONE;
    if (start != GRID_NONE) s = grid_distances(m, start, dist, err);
    size_t goal =
        s == MEIRO_OK && start != GRID_NONE ? farthest_on(m, m->levels - 1, dist) : GRID_NONE;
    free(dist);
    if (s != MEIRO_OK) return s;
    if (goal == GRID_NONE)
        return fail(err, MEIRO_ERROR_INTERNAL, "no place for S or G on the floors");
    m->start = grid_cell(m, start);
    m->goal = grid_cell(m, goal);
    m->start_door = m->goal_door = MEIRO_NO_DIR;
    return MEIRO_OK;
}

/* A stair up from cell i, when it joins two pieces not yet joined and
 * neither end is S, G or a cell with a stair. */
static bool try_stair(meiro_maze *m, uint32_t *parent, size_t i, size_t s, size_t g)
{
    size_t j = i + m->floor_cells;
    if (i == s || i == g || j == s || j == g || level_stairs(m, i) || level_stairs(m, j))
        return false;
    if (!set_join(parent, (uint32_t)i, (uint32_t)j)) return false;
    m->cells[i] |= CELL_STAIR_UP;
    return true;
}

/* Joins the floors' pieces by stairs, Kruskal's way over every pair of
 * cells one above the other, in the seed's order: a stair goes in where it
 * joins two pieces not yet joined, never on S or G or a cell with one. */
static meiro_status add_stairs(meiro_maze *m, uint64_t seed, meiro_error *err)
{
    size_t total = grid_total(m), fc = m->floor_cells, w = m->w;
    uint32_t *parent = alloc_array(total, sizeof *parent);
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory adding stairs");
    for (size_t i = 0; i < total; i++) parent[i] = (uint32_t)i;
    size_t pieces = total;
    for (size_t i = 0; i < total; i++) {
        if ((m->cells[i] & CELL_OPEN_E) && set_join(parent, (uint32_t)i, (uint32_t)(i + 1)))
            pieces--;
        if ((m->cells[i] & CELL_OPEN_S) && set_join(parent, (uint32_t)i, (uint32_t)(i + w)))
            pieces--;
    }
    size_t s = grid_id(m, m->start), g = grid_id(m, m->goal), pairs = total - fc;
    rng_state rng;
    rng_seed(&rng, rng_hash(0x6c6576656c73ull /* "levels" */, seed));
    permutation perm;
    /* first one stair between each two floors, so that on small floors the
     * stairs between two of them cannot take every cell the next needs;
     * then every pair in turn */
    for (uint32_t floor = 0; floor + 1 < m->levels; floor++) {
        perm_init(&perm, fc, &rng);
        for (uint64_t k = 0; k < fc; k++)
            if (try_stair(m, parent, floor * fc + (size_t)perm_at(&perm, k), s, g)) {
                pieces--;
                break;
            }
    }
    perm_init(&perm, pairs, &rng);
    for (uint64_t k = 0; k < pairs && pieces > 1; k++)
        if (try_stair(m, parent, (size_t)perm_at(&perm, k), s, g)) pieces--;
    /* pieces the stairs cannot join (one floor's piece over another's, the
     * same cells) are joined by walls opened within a floor, in the same
     * Kruskal's way: every floor is a connected grid, so this ends it */
    perm_init(&perm, 2 * (uint64_t)total, &rng);
    for (uint64_t k = 0; k < 2 * (uint64_t)total && pieces > 1; k++) {
        uint64_t v = perm_at(&perm, k);
        size_t i = (size_t)(v >> 1);
        meiro_cell c = grid_cell(m, i);
        bool east = v & 1u;
        if (east ? c.x + 1 >= m->w : (c.y + 1) % m->floor_h == 0) continue;
        if (!set_join(parent, (uint32_t)i, (uint32_t)(east ? i + 1 : i + w))) continue;
        m->cells[i] |= east ? CELL_OPEN_E : CELL_OPEN_S;
        pieces--;
    }
    free(parent);
    if (pieces > 1) /* floors of a single cell's width and S or G in the way */
        return fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                          "the floors are too small to join by stairs: give each more cells");
    return MEIRO_OK;
}

meiro_status meiro_maze_split_levels(meiro_maze *maze, unsigned levels, uint64_t seed,
                                     meiro_error *err)
{
    meiro_maze *m = maze;
    if (levels < 2 || levels > MEIRO_MAX_LEVELS)
        return fail(err, MEIRO_ERROR_ARGUMENT, "levels must be 2 to %u floors (not %u)",
                    MEIRO_MAX_LEVELS, levels);
    const char *bad = m->grid != MEIRO_GRID_RECT ? "a grid other than rect"
                      : m->active                ? "a shape"
                      : m->weave                 ? "crossings (a weave)"
                      : m->wrap                  ? "seams (--wrap)"
                      : m->mission               ? "a mission"
                      : m->levels                ? "floors already"
                                                 : NULL;
    if (bad)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "a multi-level maze is made of plain rectangles, and this maze has %s", bad);
    if (m->h % levels || m->h / levels * (uint64_t)m->w < 4)
        return fail_field(err, MEIRO_FIELD_HEIGHT, MEIRO_ERROR_ARGUMENT,
                          "%lu rows do not make %u floors of at least 4 cells each",
                          (unsigned long)m->h, levels);
    bool perfect = false;
    meiro_status st = grid_is_perfect(m, &perfect, err);
    if (st != MEIRO_OK) return st;
    if (!perfect)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "a multi-level maze starts from a perfect maze (no loops)");
    /* the maze as it was, given back when the stairs cannot be laid */
    size_t total = grid_total(m);
    uint8_t *before = alloc_array(total, 1);
    if (!before) return fail(err, MEIRO_ERROR_NOMEM, "out of memory adding floors");
    memcpy(before, m->cells, total);
    meiro_cell start = m->start, goal = m->goal;
    meiro_dir start_door = m->start_door, goal_door = m->goal_door;
    levels_set(m, levels);
    for (unsigned k = 1; k < levels; k++) /* the floors apart */
        for (uint32_t x = 0; x < m->w; x++)
            m->cells[cell_index(m, x, k * m->floor_h - 1)] &= (uint8_t)~CELL_OPEN_S;
    st = add_stairs(m, seed, err);
    if (st == MEIRO_OK) st = place_ends(m, err);
    if (st != MEIRO_OK) {
        m->levels = 0, m->floor_h = 0, m->floor_cells = 0;
        memcpy(m->cells, before, total);
        m->start = start, m->goal = goal, m->start_door = start_door, m->goal_door = goal_door;
    }
    free(before);
    return st;
}
