/* `cluster` (クラスタリング法, seeds 001 and 002, Kruskal's algorithm):
 * every cell is a room with its own number; knock down walls in random
 * order between rooms with different numbers and merge the numbers. The
 * originals relabelled the whole array on every merge (quadratic); here the
 * numbers live in a union-find forest, and the random order of walls comes
 * from a permutation that needs no array of walls. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/hints.h"
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

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

/* Wall k is slot k % SLOTS of cell k / SLOTS, each passage the slot of
 * exactly one cell: on a rectangle east and south; hex NE, SE, S;
 * triangle the right side, and an up triangle's base; polar inward and the
 * clockwise neighbour. */
static unsigned slots_per_cell(const meiro_maze *m) { return m->grid == MEIRO_GRID_HEX ? 3 : 2; }

/* The side of cell id in `slot`, or GRID_MAX_SIDES for none. */
static unsigned slot_side(const meiro_maze *m, size_t id, unsigned slot)
{
    switch (m->grid) {
    case MEIRO_GRID_RECT:
    case MEIRO_GRID_HEX: return 1 + slot;
    case MEIRO_GRID_TRIANGLE: {
        uint32_t x = (uint32_t)(id % m->w), y = (uint32_t)(id / m->w);
        if (((x + y) & 1u) == 0) return slot;  /* up: right, base */
        return slot == 0 ? 1 : GRID_MAX_SIDES; /* down: right */
    }
    default:
        if (id == 0) return GRID_MAX_SIDES; /* the centre: its ring-1 cells own it */
        return slot == 0 ? 0 : grid_sides(m, id) - 1;
    }
}

meiro_status gen_cluster(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
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
    for (uint64_t k = 0; k < walls && merged + 1 < m->active_count; k++) {
        uint64_t later, wall = perm_stream_next(&order, &later);
        /* fetch the rooms of a coming wall (here in the loop: GCC takes a
         * function that only prefetches for one without effect, and drops it) */
        if (later != UINT64_MAX) {
            size_t c = (size_t)(slots == 2 ? later >> 1 : later / slots);
            prefetch(&parent[c]);
            prefetch(&m->cells[c]); /* the wall it may open: the cell's byte */
            if (m->grid == MEIRO_GRID_RECT) { /* the cell east or south; the parent of
                                                 a nearer one's room, cached by now */
                size_t nb = c + ((later & 1) ? m->w : 1);
                prefetch(&parent[nb < n ? nb : c]);
                /* halfway: both rooms' parents (fetched above by now); a
                 * quarter of the way: their grandparents, the roots' usual
                 * depth after path splitting */
                uint64_t half = perm_stream_peek(&order, PERM_AHEAD / 2),
                         quarter = perm_stream_peek(&order, PERM_AHEAD / 4);
                size_t hc = (size_t)(half >> 1), hn = hc + ((half & 1) ? m->w : 1);
                size_t qc = (size_t)(quarter >> 1), qn = qc + ((quarter & 1) ? m->w : 1);
                if (parent[hc] >= 0) prefetch(&parent[parent[hc]]);
                if (hn < n && parent[hn] >= 0) prefetch(&parent[parent[hn]]);
                if (parent[qc] >= 0 && parent[parent[qc]] >= 0)
                    prefetch(&parent[parent[parent[qc]]]);
                if (qn < n && parent[qn] >= 0 && parent[parent[qn]] >= 0)
                    prefetch(&parent[parent[parent[qn]]]);
            }
        }
        /* two slots but on hex grids: a shift, not a division */
        size_t i = (size_t)(slots == 2 ? wall >> 1 : wall / slots);
        unsigned slot = (unsigned)(slots == 2 ? wall & 1 : wall % slots);
        unsigned side = slot_side(m, i, slot), back;
        if (side == GRID_MAX_SIDES || !grid_active(m, i)) continue;
        size_t j = grid_across(m, i, side, &back);
        if (j == GRID_NONE) continue;
        int32_t a = find_root(parent, (int32_t)i), b = find_root(parent, (int32_t)j);
        if (a == b) continue;        /* same room number: the wall stays */
        if (parent[a] > parent[b]) { /* a is the smaller cluster */
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
    return merged + 1 == m->active_count ? MEIRO_OK
                                         : fail(err, MEIRO_ERROR_INTERNAL, "rooms left unmerged");
}
