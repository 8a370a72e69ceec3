/* `cluster` (クラスタリング法, seeds 001 and 002, Kruskal's algorithm):
 * every cell is a room with its own number; knock down walls in random
 * order between rooms with different numbers and merge the numbers. The
 * originals relabelled the whole array on every merge (quadratic); here the
 * numbers live in a union-find forest, and the random order of walls comes
 * from a permutation that needs no array of walls. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "core/grid.h"

#include <stdlib.h>

/* parent[i] >= 0: the parent of room i; < 0: i is a root and -parent[i]
 * the size of its cluster (union by size, in the same array). */
static int32_t find_root(int32_t *parent, int32_t a)
{
    while (parent[a] >= 0) {
        int32_t up = parent[a];
        if (parent[up] >= 0) parent[a] = parent[up]; /* path splitting */
        a = up;
    }
    return a;
}

meiro_status gen_cluster(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                         meiro_error *err)
{
    (void)opt;
    size_t n = (size_t)m->w * m->h;
    int32_t *parent = zalloc_big(n, sizeof *parent);
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms");
    for (size_t i = 0; i < n; i++) parent[i] = -1;

    /* Wall k is the east (k even) or south (k odd) wall of cell k / 2. */
    uint64_t walls = 2 * (uint64_t)n;
    perm_stream order;
    perm_stream_init(&order, walls, rng);
    size_t merged = 0;
    for (uint64_t k = 0; k < walls && merged + 1 < m->active_count; k++) {
        uint64_t later, wall = perm_stream_next(&order, &later);
        if (later != UINT64_MAX) { /* fetch the rooms of a coming wall */
            size_t c = (size_t)(later >> 1), nb = c + ((later & 1) ? m->w : 1);
            prefetch(&parent[c]);
            prefetch(&parent[nb < n ? nb : c]);
            /* and the parent of a nearer one, whose room is cached by now */
            size_t mc = (size_t)(perm_stream_peek(&order, PERM_AHEAD / 2) >> 1);
            if (parent[mc] >= 0) prefetch(&parent[parent[mc]]);
        }
        size_t i = (size_t)(wall >> 1);
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        unsigned d = (wall & 1) ? MEIRO_SOUTH : MEIRO_EAST;
        size_t j;
        if (d == MEIRO_EAST) {
            if (x + 1 >= m->w) continue;
            j = i + 1;
        } else {
            if (y + 1 >= m->h) continue;
            j = i + m->w;
        }
        if (UNLIKELY(m->active) && !(m->active[i] && m->active[j])) continue;
        int32_t a = find_root(parent, (int32_t)i), b = find_root(parent, (int32_t)j);
        if (a == b) continue; /* same room number: the wall stays */
        if (parent[a] > parent[b]) { /* a is the smaller cluster */
            int32_t t = a;
            a = b;
            b = t;
        }
        parent[a] += parent[b];
        parent[b] = a;
        maze_set_wall(m, x, y, d, true);
        merged++;
    }
    free(parent);
    return merged + 1 == m->active_count ? MEIRO_OK
                           : fail(err, MEIRO_ERROR_INTERNAL, "rooms left unmerged");
}

/* ---- Polar, hex and triangle grids: wall k is slot k % SLOTS of cell
 * k / SLOTS, each passage the slot of exactly one cell (hex: NE, SE, S;
 * triangle: the right side, and an up triangle's base; polar: inward and
 * the clockwise neighbour). */

static unsigned slots_per_cell(const meiro_maze *m)
{
    return m->grid == MEIRO_GRID_HEX ? 3 : 2;
}

/* The side of cell id in `slot`, or GRID_MAX_SIDES for none. */
static unsigned slot_side(const meiro_maze *m, size_t id, unsigned slot)
{
    switch (m->grid) {
    case MEIRO_GRID_HEX: return 1 + slot;
    case MEIRO_GRID_TRIANGLE: {
        uint32_t x = (uint32_t)(id % m->w), y = (uint32_t)(id / m->w);
        if (((x + y) & 1u) == 0) return slot; /* up: right, base */
        return slot == 0 ? 1 : GRID_MAX_SIDES; /* down: right */
    }
    default:
        if (id == 0) return GRID_MAX_SIDES; /* the centre: its ring-1 cells own it */
        return slot == 0 ? 0 : grid_sides(m, id) - 1;
    }
}

meiro_status gen_cluster_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m);
    int32_t *parent = zalloc_big(n, sizeof *parent);
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms");
    for (size_t i = 0; i < n; i++) parent[i] = -1;
    unsigned slots = slots_per_cell(m);
    uint64_t walls = (uint64_t)slots * n;
    perm_stream order;
    perm_stream_init(&order, walls, rng);
    size_t merged = 0;
    for (uint64_t k = 0; k < walls && merged + 1 < n; k++) {
        uint64_t later, wall = perm_stream_next(&order, &later);
        if (later != UINT64_MAX) prefetch(&parent[later / slots]);
        size_t i = (size_t)(wall / slots);
        unsigned side = slot_side(m, i, (unsigned)(wall % slots)), back;
        if (side == GRID_MAX_SIDES) continue;
        size_t j = grid_across(m, i, side, &back);
        if (j == GRID_NONE) continue;
        int32_t a = find_root(parent, (int32_t)i), b = find_root(parent, (int32_t)j);
        if (a == b) continue;
        if (parent[a] > parent[b]) {
            int32_t t = a;
            a = b;
            b = t;
        }
        parent[a] += parent[b];
        parent[b] = a;
        grid_join(m, i, side, j, back);
        merged++;
    }
    free(parent);
    return merged + 1 == n ? MEIRO_OK : fail(err, MEIRO_ERROR_INTERNAL, "rooms left unmerged");
}
