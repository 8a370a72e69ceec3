/* `cluster` (クラスタリング法, seeds 001 and 002, Kruskal's algorithm):
 * every cell is a room with its own number; knock down walls in random
 * order between rooms with different numbers and merge the numbers. The
 * originals relabelled the whole array on every merge (quadratic); here the
 * numbers live in a union-find forest, and the random order of walls comes
 * from a permutation that needs no array of walls. Large grids are worked
 * tile by tile in the cache, to the same maze (below). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/hints.h"
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>
#include <string.h>

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

/* ---- The same maze, tile by tile (rectangle, hex and triangle grids).
 *
 * Taking walls in the permutation's order and keeping those between two
 * rooms makes the minimum spanning tree of the walls weighted by their
 * place in the order (perm_inverse): any way to that tree is the same maze.
 * Taken one by one, every wall is a cache miss or two in a 400 MB forest at
 * 10^8 cells. Instead, the grid is cut into TILE x TILE tiles; each tile's
 * own walls, sorted, go through Kruskal in a forest of the tile alone (in
 * the cache). A wall that joins two rooms of the tile is in the tree for
 * sure when one of the two touches no other tile: every way out of that
 * room is a heavier wall of this tile (the cut property). The walls that
 * join two rooms both touching the tile's edge, and the walls between
 * tiles, wait in a bit set by their place in the order and go through
 * Kruskal again over the whole grid (a few per cent of the walls), in the
 * forest the tiles left: the sure walls joined first change nothing. */
enum { TILE_BITS = 7, TILE = 1 << TILE_BITS, TILE_BUCKETS = 1 << 15 };

typedef struct tile_work {
    uint64_t *items, *sorted; /* place << 16 | (ly << TILE_BITS | lx) << 2 | slot */
    int32_t *all;             /* a forest of the tile's cells (ly << TILE_BITS | lx) */
    uint8_t *edge;            /* a root of `all` whose room touches another tile */
    uint32_t *count;          /* TILE_BUCKETS + 1 */
} tile_work;

static int32_t tile_union(int32_t *f, int32_t a, int32_t b) /* roots; the new root */
{
    if (f[a] > f[b]) { /* a: the larger room */
        int32_t t = a;
        a = b;
        b = t;
    }
    f[a] += f[b];
    f[b] = a;
    return a;
}

/* Where j lies from i, a neighbour on a grid of w >= 3 cells a row. */
static inline void offset(size_t i, size_t j, uint32_t w, int *dx, int *dy)
{
    ptrdiff_t d = (ptrdiff_t)j - (ptrdiff_t)i;
    *dy = d > 1 ? 1 : d < -1 ? -1 : 0;
    *dx = (int)(d - (ptrdiff_t)*dy * (ptrdiff_t)w);
}

/* The neighbour across `slot` of cell i at (x, y), GRID_NONE for none; its
 * side, the side back and its offset. Rectangles: east (slot 0) and south. */
static ALWAYS_INLINE size_t slot_across(const meiro_maze *m, const bool rect, size_t i, uint32_t x,
                                        uint32_t y, unsigned slot, unsigned *side, unsigned *back,
                                        int *dx, int *dy)
{
    if (rect) {
        size_t j = GRID_NONE;
        *side = slot ? MEIRO_SOUTH : MEIRO_EAST, *back = slot ? MEIRO_NORTH : MEIRO_WEST;
        *dx = !slot, *dy = (int)slot;
        if (slot ? y + 1 < m->h : x + 1 < m->w) j = slot ? i + m->w : i + 1;
        return j != GRID_NONE && grid_active(m, j) ? j : GRID_NONE;
    }
    *side = slot_side(m, i, slot);
    if (*side == GRID_MAX_SIDES) return GRID_NONE;
    size_t j = grid_across(m, i, *side, back);
    if (j != GRID_NONE) offset(i, j, m->w, dx, dy);
    return j;
}

/* Kruskal in the tile at (tx, ty): joins the sure walls in the whole
 * grid's forest `parent` (the tile's cells only: in the cache), and marks
 * the walls left for later. Compiled once for rectangles and once for the
 * other grids. */
static ALWAYS_INLINE bool tile_kruskal(meiro_maze *m, const bool rect, const permutation *perm,
                                       unsigned slots, unsigned shift, tile_work *t, uint32_t tx,
                                       uint32_t ty, int32_t *parent, uint64_t *later,
                                       size_t *merged)
{
    const uint32_t w = m->w, tw = w - tx < TILE ? w - tx : TILE,
                   th = m->h - ty < TILE ? m->h - ty : TILE;
    size_t count = 0;
    for (uint32_t ly = 0; ly < th; ly++) {
        bool row_edge = (ly == 0 && ty > 0) || (ly + 1 == th && ty + th < m->h);
        size_t i = (size_t)(ty + ly) * w + tx;
        for (uint32_t lx = 0; lx < tw; lx++, i++) {
            uint32_t li = ly << TILE_BITS | lx;
            parent[i] = -1;
            t->all[li] = -1;
            t->edge[li] = row_edge || (lx == 0 && tx > 0) || (lx + 1 == tw && tx + tw < w);
            if (!grid_active(m, i)) continue;
            for (unsigned slot = 0; slot < slots; slot++) {
                unsigned side, back;
                int dx = 0, dy = 0;
                if (slot_across(m, rect, i, tx + lx, ty + ly, slot, &side, &back, &dx, &dy) ==
                    GRID_NONE)
                    continue;
                uint64_t place = perm_inverse(perm, (uint64_t)i * slots + slot);
                if ((uint32_t)((int)lx + dx) < tw && (uint32_t)((int)ly + dy) < th) {
                    t->items[count++] = place << 16 | li << 2 | slot;
                } else {
                    if (!t->edge[li] || dx < -1 || dx > 1) return false; /* not a next cell */
                    later[place >> 6] |= 1ull << (place & 63);
                }
            }
        }
    }
    /* sorted by place: counted into buckets by its top bits, then by
     * insertion (a bucket holds a wall or two: few move) */
    memset(t->count, 0, (TILE_BUCKETS + 1) * sizeof *t->count);
    for (size_t k = 0; k < count; k++) t->count[(t->items[k] >> 16 >> shift) + 1]++;
    for (unsigned b = 0; b < TILE_BUCKETS; b++) t->count[b + 1] += t->count[b];
    for (size_t k = 0; k < count; k++)
        t->sorted[t->count[t->items[k] >> 16 >> shift]++] = t->items[k];
    for (size_t k = 1; k < count; k++) {
        uint64_t item = t->sorted[k];
        size_t at = k;
        for (; at > 0 && t->sorted[at - 1] > item; at--) t->sorted[at] = t->sorted[at - 1];
        t->sorted[at] = item;
    }
    for (size_t k = 0; k < count; k++) {
        uint32_t li = (uint32_t)(t->sorted[k] >> 2) & 0x3fff, lx = li & (TILE - 1),
                 ly = li >> TILE_BITS;
        unsigned slot = (unsigned)t->sorted[k] & 3, side, back;
        size_t i = (size_t)(ty + ly) * w + tx + lx;
        int dx = 0, dy = 0;
        size_t j = slot_across(m, rect, i, tx + lx, ty + ly, slot, &side, &back, &dx, &dy);
        int32_t a = find_root(t->all, (int32_t)li),
                b = find_root(t->all, (int32_t)li + dy * TILE + dx);
        if (a == b) continue; /* a cycle in the tile: the heaviest wall of it */
        bool sure = !t->edge[a] || !t->edge[b];
        uint8_t edge = t->edge[a] | t->edge[b];
        t->edge[tile_union(t->all, a, b)] = edge;
        if (sure) {
            tile_union(parent, find_root(parent, (int32_t)i), find_root(parent, (int32_t)j));
            grid_join_as(m, rect, i, side, j, back);
            ++*merged;
        } else {
            uint64_t place = t->sorted[k] >> 16;
            later[place >> 6] |= 1ull << (place & 63);
        }
    }
    return true;
}

/* Wall `wall` (cell * slots + slot) taken in Kruskal's order: opened when
 * it parts two rooms, whose numbers then merge. */
static void join_rooms(meiro_maze *m, int32_t *parent, unsigned slots, uint64_t wall,
                       size_t *merged)
{
    /* two slots but on hex grids: a shift, not a division */
    size_t i = (size_t)(slots == 2 ? wall >> 1 : wall / slots);
    unsigned slot = (unsigned)(slots == 2 ? wall & 1 : wall % slots);
    unsigned side = slot_side(m, i, slot), back;
    if (side == GRID_MAX_SIDES || !grid_active(m, i)) return;
    size_t j = grid_across(m, i, side, &back);
    if (j == GRID_NONE) return;
    int32_t a = find_root(parent, (int32_t)i), b = find_root(parent, (int32_t)j);
    if (a == b) return;          /* same room number: the wall stays */
    if (parent[a] > parent[b]) { /* a is the smaller cluster */
        int32_t t = a;
        a = b;
        b = t;
    }
    parent[a] += parent[b];
    parent[b] = a;
    grid_join(m, i, side, j, back);
    ++*merged;
}

/* The walls the tiles left, in order, over the whole grid: a batch's cells
 * fetched before it is taken. */
static void join_later(meiro_maze *m, const permutation *perm, unsigned slots, int32_t *parent,
                       const uint64_t *later, size_t *merged)
{
    enum { BATCH = 16 };
    uint64_t batch[BATCH];
    size_t words = (size_t)((perm->n + 63) / 64), got = 0, n = grid_total(m);
    for (size_t k = 0; k < words; k++)
        for (uint64_t bits = later[k]; bits; bits &= bits - 1) {
            uint64_t wall = perm_at(perm, k * 64 + (unsigned)__builtin_ctzll(bits));
            size_t c = (size_t)(wall / slots);
            prefetch(&parent[c]);
            prefetch(&parent[c + m->w < n ? c + m->w : c]);
            batch[got++] = wall;
            if (got < BATCH) continue;
            for (size_t b = 0; b < got; b++) join_rooms(m, parent, slots, batch[b], merged);
            got = 0;
        }
    for (size_t b = 0; b < got; b++) join_rooms(m, parent, slots, batch[b], merged);
}

meiro_status gen_cluster(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                         meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m);
    int32_t *parent = zalloc_big(n, sizeof *parent);
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms");
    unsigned slots = slots_per_cell(m);
    uint64_t walls = (uint64_t)slots * n;
    perm_stream order;
    size_t merged = 0;
    /* tiles where cells are numbered y * w + x, and no observer watches
     * the walls fall in Kruskal's order */
    if (m->grid != MEIRO_GRID_POLAR && m->w >= 3 && !m->obs) {
        perm_init(&order.perm, walls, rng);
        unsigned shift = 0;
        while (((walls - 1) >> shift) >= TILE_BUCKETS) shift++;
        tile_work t = {NULL, NULL, NULL, NULL, NULL};
        size_t items = (size_t)TILE * TILE * slots;
        t.items = alloc_array(items, sizeof *t.items);
        t.sorted = alloc_array(items, sizeof *t.sorted);
        t.all = alloc_array((size_t)TILE * TILE, sizeof *t.all);
        t.edge = alloc_array((size_t)TILE * TILE, 1);
        t.count = alloc_array(TILE_BUCKETS + 1, sizeof *t.count);
        uint64_t *later = zalloc_big((walls + 63) / 64, sizeof *later);
        bool ok = t.items && t.sorted && t.all && t.edge && t.count && later, fits = true;
        for (uint32_t ty = 0; ok && fits && ty < m->h; ty += TILE)
            for (uint32_t tx = 0; fits && tx < m->w; tx += TILE)
                fits = m->grid == MEIRO_GRID_RECT
                           ? tile_kruskal(m, true, &order.perm, slots, shift, &t, tx, ty, parent,
                                          later, &merged)
                           : tile_kruskal(m, false, &order.perm, slots, shift, &t, tx, ty, parent,
                                          later, &merged);
        if (ok && fits) join_later(m, &order.perm, slots, parent, later, &merged);
        free(t.items), free(t.sorted), free(t.all), free(t.edge), free(t.count), free(later);
        if (!ok) {
            free(parent);
            return fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms");
        }
        if (!fits) {
            free(parent);
            return fail(err, MEIRO_ERROR_INTERNAL, "a neighbour beyond the next tile");
        }
        walls = 0; /* the loop below has nothing left */
    } else {
        for (size_t i = 0; i < n; i++) parent[i] = -1;
        perm_stream_init(&order, walls, rng);
    }
    for (uint64_t k = 0; k < walls && merged + 1 < m->active_count; k++) {
        uint64_t later, wall = perm_stream_next(&order, &later);
        /* fetch the rooms of a coming wall (here in the loop: GCC takes a
         * function that only prefetches for one without effect, and drops it) */
        if (later != UINT64_MAX) {
            size_t c = (size_t)(slots == 2 ? later >> 1 : later / slots);
            prefetch(&parent[c]);
            prefetch(&m->cells[c]); /* the wall it may open: the cell's byte */
        }
        join_rooms(m, parent, slots, wall, &merged);
    }
    free(parent);
    return merged + 1 == m->active_count ? MEIRO_OK
                                         : fail(err, MEIRO_ERROR_INTERNAL, "rooms left unmerged");
}
