/* `cluster` (クラスタリング法, seeds 001 and 002, Kruskal's algorithm):
 * every cell is a room with its own number; knock down walls in random
 * order between rooms with different numbers and merge the numbers. The
 * originals relabelled the whole array on every merge (quadratic); here the
 * numbers live in a union-find forest (in a tile, the smaller room's cells
 * renamed), and the random order of walls comes from a permutation that
 * needs no array of walls. Large grids are worked tile by tile in the
 * cache, to the same maze (below). */
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
 * place in the order (the permutation's inverse): any way to that tree is
 * the same maze. Taken one by one, every wall is a cache miss or two in a
 * forest of the whole grid. Instead, the grid is cut into TILE x TILE
 * tiles; each tile's own walls, sorted, go through Kruskal in a forest of
 * the tile alone (in the cache). A wall that joins two rooms of the tile
 * is in the tree for sure when one of the two touches no other tile: every
 * way out of that room is a heavier wall of this tile (the cut property).
 *
 * The rest goes through Kruskal again over the whole grid: the walls
 * between tiles, and the walls of a tile that join two rooms both touching
 * its rim (the cells next to another tile), at most one fewer than the rim
 * cells. Sure walls only ever join a room off the rim to another room, so
 * the rooms the sure walls make each hold one rim cell at most: the pass
 * over the grid needs a forest of the rim cells alone (3 % of the cells),
 * and a wall kept for later is told by the two rim cells of its rooms. */
enum { TILE_BITS = 7, TILE = 1 << TILE_BITS, TILE_BUCKETS = 1 << 15, RIM = 4 * TILE };

/* A rim cell's place on its tile's rim (th rows): top, bottom, left, right. */
static inline uint32_t rim_at(uint32_t lx, uint32_t ly, uint32_t th)
{
    if (ly == 0) return lx;
    if (ly + 1 == th) return TILE + lx;
    if (lx == 0) return 2 * TILE + ly;
    return 3 * TILE + ly; /* the last column */
}

/* The permutation with its four round functions tabulated (core/rng.h's
 * perm_rounds: the halves have at most 16 bits at MEIRO_MAX_CELLS): a
 * lookup in the cache where rng_mix costs two multiplications, the same
 * values. */
typedef struct round_table {
    const permutation *perm;
    uint16_t *t; /* round r of value v at r << half_bits | v */
} round_table;

static bool rounds_init(round_table *r, const permutation *perm)
{
    r->perm = perm;
    r->t = perm_rounds(perm);
    return r->t != NULL;
}

/* perm_inverse's four rounds, once (the cycle walk is the caller's). */
static ALWAYS_INLINE uint64_t rounds_back(const uint16_t *t, unsigned bits, uint64_t x)
{
    const size_t s = (size_t)1 << bits;
    uint64_t left = x >> bits, right = x & (s - 1);
    right ^= t[3 * s + left];
    left ^= t[2 * s + right];
    right ^= t[s + left];
    left ^= t[right];
    return (left << bits) | right;
}

/* The places of walls first .. first + count - 1: the rounds once for all,
 * then again for those that fell past n, and so on (the cycle walk with no
 * branch a wall to mispredict, so the walls' lookups overlap). */
static void rounds_inverse_run(const round_table *r, uint64_t first, unsigned count,
                               uint32_t *place, uint16_t *redo)
{
    const unsigned bits = r->perm->half_bits;
    const size_t s = (size_t)1 << bits;
    const uint64_t n = r->perm->n, mask = s - 1;
    const uint16_t *t = r->t;
    unsigned left = 0;
    for (unsigned k = 0; k < count;) {
        /* a run of walls whose top half is the same: its first round once */
        uint64_t top = (first + k) >> bits, c3 = t[3 * s + top];
        unsigned end = count;
        if (s - ((first + k) & mask) < end - k) end = k + (unsigned)(s - ((first + k) & mask));
        for (; k < end; k++) {
            uint64_t right = ((first + k) & mask) ^ c3;
            uint64_t half = top ^ t[2 * s + right];
            right ^= t[s + half];
            half ^= t[right];
            uint64_t x = (half << bits) | right;
            place[k] = (uint32_t)x; /* the halves have at most 16 bits */
            redo[left] = (uint16_t)k;
            left += x >= n;
        }
    }
    while (left) {
        unsigned next = 0;
        for (unsigned q = 0; q < left; q++) {
            unsigned k = redo[q];
            uint64_t x = rounds_back(t, bits, place[k]);
            place[k] = (uint32_t)x;
            redo[next] = (uint16_t)k;
            next += x >= n;
        }
        left = next;
    }
}

/* perm_at(i) by the tables. */
static inline uint64_t rounds_at(const round_table *r, uint64_t i)
{
    const unsigned bits = r->perm->half_bits;
    const size_t s = (size_t)1 << bits;
    const uint64_t mask = s - 1, n = r->perm->n;
    const uint16_t *t = r->t;
    uint64_t x = i;
    do { /* perm_at's rounds */
        uint64_t left = x >> bits, right = x & mask;
        left ^= t[right];
        right ^= t[s + left];
        left ^= t[2 * s + right];
        right ^= t[3 * s + left];
        x = (left << bits) | right;
    } while (x >= n);
    return x;
}

enum { SURE_ROOT = 0xffff };

typedef struct tile_work {
    uint64_t *items, *sorted; /* place << 16 | (ly << TILE_BITS | lx) << 2 | slot */
    uint16_t *room, *ring;    /* the tile's rooms: each cell's room (its first cell), and
                               * the next cell of the same room (a ring); no search for a
                               * room, and a join renames the smaller room's cells */
    uint16_t *size;           /* a room's cells */
    uint16_t *sure;           /* the rooms of the sure walls alone: parent, or SURE_ROOT at
                               * a root; a room off the rim has its first cell as root,
                               * a sure room on the rim its rim cell */
    uint8_t *edge;            /* by a room's first cell: it touches another tile */
    uint32_t *count;          /* TILE_BUCKETS + 1 */
    uint32_t place[3 * TILE]; /* a row's walls' places */
    uint16_t redo[3 * TILE];
    uint32_t late[4 * RIM]; /* the places of the tile's walls left (three a rim cell
                               * between tiles, RIM kept at most), set in `later` at the
                               * end and fetched ahead: `later` is far past the cache */
} tile_work;

/* What the tiles leave to the pass over the whole grid. */
typedef struct tile_plan {
    uint32_t tiles_x;
    uint64_t *later;   /* a bit by place: the walls left */
    uint32_t *kept;    /* RIM a tile: its walls left, in order, as rim places a << 16 | b */
    uint16_t *kept_n;  /* a tile's count of them */
    uint16_t *kept_at; /* how many the pass over the grid has read */
    int32_t *forest;   /* RIM a tile: the rim cells' rooms (parent, or -size at a root) */
} tile_plan;

static inline uint32_t find_sure(uint16_t *f, uint32_t a)
{
    while (f[a] != SURE_ROOT) {
        uint32_t up = f[a];
        if (f[up] != SURE_ROOT) f[a] = f[up];
        a = up;
    }
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

/* Kruskal in the tile at (tx, ty): opens the sure walls and leaves the
 * others in `plan`. Compiled once for rectangles and once for the other
 * grids. */
static ALWAYS_INLINE bool tile_kruskal(meiro_maze *m, const bool rect, const round_table *perm,
                                       unsigned slots, unsigned shift, tile_work *t, uint32_t tx,
                                       uint32_t ty, tile_plan *plan, size_t *merged)
{
    const uint32_t w = m->w, tw = w - tx < TILE ? w - tx : TILE,
                   th = m->h - ty < TILE ? m->h - ty : TILE;
    uint64_t *later = plan->later;
    size_t count = 0, late = 0;
    for (uint32_t c = 0; c < TILE * TILE; c++)
        t->room[c] = t->ring[c] = (uint16_t)c, t->size[c] = 1;
    memset(t->sure, 0xff, (size_t)TILE * TILE * sizeof *t->sure); /* SURE_ROOT */
    memset(t->count, 0, (TILE_BUCKETS + 1) * sizeof *t->count);
    for (uint32_t ly = 0; ly < th; ly++) {
        bool row_edge = (ly == 0 && ty > 0) || (ly + 1 == th && ty + th < m->h);
        size_t i = (size_t)(ty + ly) * w + tx;
        rounds_inverse_run(perm, (uint64_t)i * slots, tw * slots, t->place, t->redo);
        for (uint32_t lx = 0; lx < tw; lx++, i++) {
            uint32_t li = ly << TILE_BITS | lx;
            t->edge[li] = row_edge || (lx == 0 && tx > 0) || (lx + 1 == tw && tx + tw < w);
            if (!grid_active(m, i)) continue;
            for (unsigned slot = 0; slot < slots; slot++) {
                unsigned side, back;
                int dx = 0, dy = 0;
                if (slot_across(m, rect, i, tx + lx, ty + ly, slot, &side, &back, &dx, &dy) ==
                    GRID_NONE)
                    continue;
                uint64_t place = t->place[lx * slots + slot];
                if ((uint32_t)((int)lx + dx) < tw && (uint32_t)((int)ly + dy) < th) {
                    t->items[count++] = place << 16 | li << 2 | slot;
                    t->count[(place >> shift) + 1]++;
                } else {
                    if (!t->edge[li] || dx < -1 || dx > 1) return false; /* not a next cell */
                    t->late[late++] = (uint32_t)place;
                }
            }
        }
    }
    /* sorted by place: counted into buckets by its top bits (above), then
     * by insertion (a bucket holds a wall or two: few move) */
    for (unsigned b = 0; b < TILE_BUCKETS; b++) t->count[b + 1] += t->count[b];
    for (size_t k = 0; k < count; k++)
        t->sorted[t->count[t->items[k] >> 16 >> shift]++] = t->items[k];
    for (size_t k = 1; k < count; k++) {
        uint64_t item = t->sorted[k];
        size_t at = k;
        for (; at > 0 && t->sorted[at - 1] > item; at--) t->sorted[at] = t->sorted[at - 1];
        t->sorted[at] = item;
    }
    size_t tile = (size_t)(ty >> TILE_BITS) * plan->tiles_x + (tx >> TILE_BITS);
    uint32_t *kept = plan->kept + tile * RIM, kept_n = 0;
    for (size_t k = 0; k < count; k++) {
        uint32_t li = (uint32_t)(t->sorted[k] >> 2) & 0x3fff, lx = li & (TILE - 1),
                 ly = li >> TILE_BITS;
        unsigned slot = (unsigned)t->sorted[k] & 3, side, back;
        size_t i = (size_t)(ty + ly) * w + tx + lx, j;
        uint32_t lj;
        if (rect) { /* east or south, by arithmetic: the slot is a coin toss a wall */
            side = 1 + slot, back = 3 - 3 * slot;
            j = i + 1 + slot * (size_t)(w - 1);
            lj = li + 1 + slot * (TILE - 1);
        } else {
            int dx = 0, dy = 0;
            j = slot_across(m, rect, i, tx + lx, ty + ly, slot, &side, &back, &dx, &dy);
            lj = (uint32_t)((int32_t)li + dy * TILE + dx);
        }
        uint32_t a = t->room[li], b = t->room[lj];
        if (a == b) continue; /* a cycle in the tile: the heaviest wall of it */
        uint8_t ea = t->edge[a], eb = t->edge[b];
        /* the larger room stays (a mask, not a branch: which is larger is a toss) */
        uint32_t root = a ^ ((a ^ b) & -(uint32_t)(t->size[a] < t->size[b])), gone = a ^ b ^ root;
        uint32_t c = gone;
        do {
            t->room[c] = (uint16_t)root;
            c = t->ring[c];
        } while (c != gone);
        uint16_t next = t->ring[root]; /* one ring of the two */
        t->ring[root] = t->ring[gone];
        t->ring[gone] = next;
        t->size[root] = (uint16_t)(t->size[root] + t->size[gone]);
        t->edge[root] = ea | eb;
        if (!ea || !eb) { /* sure: the room off the rim (its root, its sure root
                           * too) joins the other room's sure room, at the cell
                           * of the wall; two rooms off the rim keep `all`'s root */
            uint32_t off = !ea && !eb ? gone : !ea ? a : b;
            t->sure[off] = (uint16_t)(off == a ? lj : li);
            grid_join_as(m, rect, i, side, j, back);
            ++*merged;
        } else {
            uint32_t ra = find_sure(t->sure, li), rb = find_sure(t->sure, lj);
            if (kept_n == RIM) return false;
            kept[kept_n++] = rim_at(ra & (TILE - 1), ra >> TILE_BITS, th) << 16 |
                             rim_at(rb & (TILE - 1), rb >> TILE_BITS, th);
            t->late[late++] = (uint32_t)(t->sorted[k] >> 16);
        }
    }
    enum { AHEAD = 16 };
    for (size_t k = 0; k < late; k++) {
        if (k + AHEAD < late) prefetch(&later[t->late[k + AHEAD] >> 6]);
        later[t->late[k] >> 6] |= 1ull << (t->late[k] & 63);
    }
    plan->kept_n[tile] = (uint16_t)kept_n;
    return true;
}

/* The node of the pass over the grid for cell (x, y) on a rim. */
static inline uint32_t rim_node(const meiro_maze *m, const tile_plan *plan, uint32_t x, uint32_t y)
{
    uint32_t bx = x & ~(uint32_t)(TILE - 1), by = y & ~(uint32_t)(TILE - 1);
    uint32_t th = m->h - by < TILE ? m->h - by : TILE;
    return (uint32_t)(((size_t)(by >> TILE_BITS) * plan->tiles_x + (bx >> TILE_BITS)) * RIM) +
           rim_at(x - bx, y - by, th);
}

/* One batch of walls left, in order, through Kruskal in the forest of the
 * rim cells (their nodes were fetched while the batch was made). */
typedef struct later_wall {
    size_t i, j;
    unsigned side, back;
    uint32_t a, b; /* the nodes of their rooms */
} later_wall;

static void join_batch(meiro_maze *m, const bool rect, int32_t *forest, const later_wall *batch,
                       size_t got, size_t *merged)
{
    for (size_t q = 0; q < got; q++) {
        int32_t a = find_root(forest, (int32_t)batch[q].a),
                b = find_root(forest, (int32_t)batch[q].b);
        if (a == b) continue;        /* same room: the wall stays */
        if (forest[a] > forest[b]) { /* a: the larger room */
            int32_t s = a;
            a = b;
            b = s;
        }
        forest[a] += forest[b];
        forest[b] = a;
        grid_join_as(m, rect, batch[q].i, batch[q].side, batch[q].j, batch[q].back);
        ++*merged;
    }
}

/* The walls the tiles left, in order (a bit by place), over the forest of
 * the rim cells. */
static bool join_later(meiro_maze *m, const round_table *perm, unsigned slots, tile_plan *plan,
                       size_t *merged)
{
    enum { BATCH = 16 };
    later_wall batch[BATCH];
    const bool rect = m->grid == MEIRO_GRID_RECT;
    const uint32_t w = m->w;
    size_t words = (size_t)((perm->perm->n + 63) / 64), got = 0;
    for (size_t k = 0; k < words; k++)
        for (uint64_t bits = plan->later[k]; bits; bits &= bits - 1) {
            uint64_t wall = rounds_at(perm, k * 64 + (unsigned)__builtin_ctzll(bits));
            size_t i = (size_t)(slots == 2 ? wall >> 1 : wall / slots);
            unsigned slot = (unsigned)(wall - (uint64_t)i * slots);
            uint32_t x = (uint32_t)(i % w), y = (uint32_t)(i / w);
            int dx = 0, dy = 0;
            later_wall *b = &batch[got];
            b->i = i;
            b->j = slot_across(m, rect, i, x, y, slot, &b->side, &b->back, &dx, &dy);
            if (b->j == GRID_NONE) return false;
            uint32_t x2 = (uint32_t)((int)x + dx), y2 = (uint32_t)((int)y + dy);
            if (((x ^ x2) | (y ^ y2)) >> TILE_BITS) { /* between tiles */
                b->a = rim_node(m, plan, x, y);
                b->b = rim_node(m, plan, x2, y2);
            } else { /* the tile's next wall left: its rooms' rim cells */
                size_t tile = (size_t)(y >> TILE_BITS) * plan->tiles_x + (x >> TILE_BITS);
                if (plan->kept_at[tile] == plan->kept_n[tile]) return false;
                uint32_t e = plan->kept[tile * RIM + plan->kept_at[tile]++],
                         base = (uint32_t)(tile * RIM);
                b->a = base + (e >> 16), b->b = base + (e & 0xffff);
            }
            prefetch(&plan->forest[b->a]);
            prefetch(&plan->forest[b->b]);
            prefetch(&m->cells[i]);
            if (!rect) prefetch(&m->cells[b->j]);
            if (++got < BATCH) continue;
            join_batch(m, rect, plan->forest, batch, got, merged);
            got = 0;
        }
    join_batch(m, rect, plan->forest, batch, got, merged);
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

/* The tiles, then the walls they left; false with *fits false when a
 * neighbour lies beyond the next tile (a grid this way does not fit). */
static bool cluster_tiles(meiro_maze *m, const permutation *perm, unsigned slots, size_t *merged,
                          bool *fits)
{
    uint64_t walls = perm->n;
    unsigned shift = 0;
    while (((walls - 1) >> shift) >= TILE_BUCKETS) shift++;
    size_t items = (size_t)TILE * TILE * slots, cells = (size_t)TILE * TILE;
    uint32_t tiles_y = (m->h + TILE - 1) >> TILE_BITS;
    size_t tiles = (size_t)((m->w + TILE - 1) >> TILE_BITS) * tiles_y;
    tile_work t = {.items = alloc_array(items, sizeof *t.items),
                   .sorted = alloc_array(items, sizeof *t.sorted),
                   .room = alloc_array(cells, sizeof *t.room),
                   .ring = alloc_array(cells, sizeof *t.ring),
                   .size = alloc_array(cells, sizeof *t.size),
                   .sure = alloc_array(cells, sizeof *t.sure),
                   .edge = alloc_array(cells, 1),
                   .count = alloc_array(TILE_BUCKETS + 1, sizeof *t.count)};
    tile_plan plan = {(m->w + TILE - 1) >> TILE_BITS,
                      zalloc_big((size_t)((walls + 63) / 64), 8),
                      alloc_array(tiles * RIM, sizeof *plan.kept),
                      alloc_array(tiles, sizeof *plan.kept_n),
                      zalloc_big(tiles, sizeof *plan.kept_at),
                      alloc_array(tiles * RIM, sizeof *plan.forest)};
    round_table rounds = {perm, NULL};
    bool ok = t.items && t.sorted && t.room && t.ring && t.size && t.sure && t.edge && t.count &&
              plan.later && plan.kept && plan.kept_n && plan.kept_at && plan.forest &&
              rounds_init(&rounds, perm);
    *fits = true;
    if (ok) {
        memset(plan.forest, 0xff, tiles * RIM * sizeof *plan.forest); /* -1: a room of one */
        for (uint32_t ty = 0; *fits && ty < m->h; ty += TILE)
            for (uint32_t tx = 0; *fits && tx < m->w; tx += TILE)
                *fits =
                    m->grid == MEIRO_GRID_RECT
                        ? tile_kruskal(m, true, &rounds, slots, shift, &t, tx, ty, &plan, merged)
                        : tile_kruskal(m, false, &rounds, slots, shift, &t, tx, ty, &plan, merged);
        *fits = *fits && join_later(m, &rounds, slots, &plan, merged);
    }
    free(t.items), free(t.sorted), free(t.room), free(t.ring), free(t.size), free(t.sure),
        free(t.edge), free(t.count);
    free(plan.later), free(plan.kept), free(plan.kept_n), free(plan.kept_at), free(plan.forest);
    free(rounds.t);
    return ok && *fits;
}

meiro_status gen_cluster(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                         meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m);
    unsigned slots = slots_per_cell(m);
    uint64_t walls = (uint64_t)slots * n;
    size_t merged = 0;
    /* tiles where cells are numbered y * w + x, and no observer watches
     * the walls fall in Kruskal's order */
    if (m->grid != MEIRO_GRID_POLAR && m->w >= 3 && !m->obs && !m->wrap) {
        permutation perm;
        perm_init(&perm, walls, rng);
        bool fits;
        if (!cluster_tiles(m, &perm, slots, &merged, &fits))
            return fits ? fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms")
                        : fail(err, MEIRO_ERROR_INTERNAL, "a neighbour beyond the next tile");
    } else {
        int32_t *parent = alloc_array(n, sizeof *parent);
        if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms");
        for (size_t i = 0; i < n; i++) parent[i] = -1;
        perm_stream order;
        perm_stream_init(&order, walls, rng);
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
    }
    return merged + 1 == m->active_count ? MEIRO_OK
                                         : fail(err, MEIRO_ERROR_INTERNAL, "rooms left unmerged");
}
