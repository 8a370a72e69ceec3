/* `true-prim` (Prim's algorithm with random cell weights): every cell gets a
 * fixed random weight; the maze grows by always joining the lightest cell of
 * its frontier. The weights come from a keyed hash, so only the frontier is
 * stored. The most dead ends of any generator here.
 *
 * The frontier is a bucket queue: cells whose weight is at or above `limit`
 * wait, as bare cell numbers (4 bytes), in one of BUCKETS arrays by the top
 * bits of their weight, only appended to. The growth is invasion
 * percolation: the lightest frontier weight hovers near the percolation
 * threshold and most of the frontier is heavier and waits untouched. Those
 * below limit (the hot set) are ordered by (weight, cell) in three places,
 * every key of the first below the others': `low`, a short sorted list of
 * the lightest (most are joined at once, see below); `run`, the last bucket
 * poured, sorted and taken in order; and a small heap for the rest. When
 * all three are empty, the next bucket is poured. Pops come out in exactly
 * the order of one heap of every (weight, cell): the same mazes
 * (test_algorithms' golden_frontier). What bounds it: the cache misses of
 * the jumps across the frontier (three rows for each cell taken from a run,
 * fetched AHEAD pops early) and the unpredictable branches of a push. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

enum { BUCKET_BITS = 10, BUCKETS = 1 << BUCKET_BITS, BUCKET_SHIFT = 32 - BUCKET_BITS };

/* Invasion percolation comes in bursts: a cell joined often has a
 * neighbour lighter than the whole frontier, which is joined next. Such
 * keys wait, sorted, in `low` (largest first), below every other key of the
 * hot set, and a pop takes the smallest of `low` while there is one. A
 * poured bucket becomes `run`, sorted, and is popped from front to back:
 * the order of its pops is known, so the rows of the cell AHEAD pops on are
 * fetched from memory while this one is joined. The few other keys below
 * limit (above the least of run and heap) go to the heap. */
enum { LOW = 64, AHEAD = 8, SORT_BITS = 11, SORT_BINS = 1 << SORT_BITS };

typedef struct frontier {
    uint64_t low[LOW];            /* descending, every one below run's and the heap's least */
    size_t lows;                  /* keys in low */
    uint64_t *run, *spare;        /* run[at .. runs): the poured bucket, sorted; spare: its room */
    size_t at, runs, room;        /* room: the keys run and spare hold */
    u64heap hot;                  /* weight << 32 | cell, every weight below limit */
    uint64_t limit;               /* the first weight of bucket `next` */
    unsigned next;                /* the first bucket not yet poured */
    uint64_t mixed;               /* the weights' hash key, mixed (cell_weight) */
    size_t waiting;               /* cells in the buckets */
    u32vec *buckets;              /* BUCKETS arrays of cells */
    const uint8_t *cells, *state; /* what to fetch for a cell likely popped soon */
    size_t w, total;
} frontier;

/* rng_hash(key, j) >> 32, with the key's own mix done once (`mixed`): the
 * compiler cannot keep it across the loops' byte stores, which may alias. */
static inline uint64_t cell_weight(uint64_t mixed, size_t j) { return rng_mix(j ^ mixed) >> 32; }

/* The rows around cell `item` (the maze's bytes, and the state's when kept
 * apart): a cell's neighbours are read when it is popped. ALWAYS_INLINE:
 * GCC 12 deletes the calls of a helper that only prefetches (ipa-modref
 * finds no side effect) before it would inline them. */
static ALWAYS_INLINE void frontier_fetch(const frontier *f, uint64_t item)
{
    size_t id = (uint32_t)item, w = f->w, up = id >= w ? id - w : id,
           down = id + w < f->total ? id + w : id;
    prefetch(&f->cells[up]);
    prefetch(&f->cells[id]);
    prefetch(&f->cells[down]);
    if (f->state) {
        prefetch(&f->state[up]);
        prefetch(&f->state[id]);
        prefetch(&f->state[down]);
    }
}

/* A key of the hot set (below limit): into low when below the least of run
 * and heap, else into the heap. When low is full, the larger of the key and
 * low's largest goes to the heap instead (and becomes its least). */
static inline bool frontier_hot(frontier *f, uint64_t item)
{
    if ((f->at < f->runs && item > f->run[f->at]) || (f->hot.count && item > f->hot.items[0]))
        return u64heap_push(&f->hot, item);
    size_t n = f->lows;
    if (n == LOW) {
        if (item > f->low[0]) return u64heap_push(&f->hot, item);
        if (!u64heap_push(&f->hot, f->low[0])) return false;
        memmove(f->low, f->low + 1, --n * sizeof *f->low);
    }
    while (n > 0 && f->low[n - 1] < item) {
        f->low[n] = f->low[n - 1];
        n--;
    }
    f->low[n] = item;
    f->lows = f->lows < LOW ? f->lows + 1 : LOW;
    frontier_fetch(f, item);
    return true;
}

static inline bool frontier_push(frontier *f, size_t j)
{
    uint64_t weight = cell_weight(f->mixed, j);
    if (weight < f->limit) return frontier_hot(f, weight << 32 | j);
    f->waiting++;
    u32vec *b = &f->buckets[weight >> BUCKET_SHIFT];
    if (b->count < b->cap) {
        b->items[b->count++] = (uint32_t)j;
        return true;
    }
    return u32vec_push(b, (uint32_t)j);
}

/* Sorts keys[0 .. n) of one bucket (the weight's top BUCKET_BITS alike) in
 * place, out[0 .. n) its room: stable counting passes by the weight's lower
 * bits, SORT_BITS at a time, then insertion for equal weights (by cell;
 * rare). */
static void sort_bucket(uint64_t *keys, uint64_t *out, size_t n)
{
    static_assert((32 - BUCKET_BITS) % (2 * SORT_BITS) == 0, "an even number of whole passes");
    for (unsigned shift = 32; shift < 64 - BUCKET_BITS; shift += SORT_BITS) {
        size_t count[SORT_BINS] = {0};
        for (size_t i = 0; i < n; i++) count[keys[i] >> shift & (SORT_BINS - 1)]++;
        for (size_t d = 0, sum = 0; d < SORT_BINS; d++) {
            size_t c = count[d];
            count[d] = sum, sum += c;
        }
        for (size_t i = 0; i < n; i++) out[count[keys[i] >> shift & (SORT_BINS - 1)]++] = keys[i];
        uint64_t *t = keys;
        keys = out, out = t;
    }
    /* an even number of passes: the sorted keys are in the first array again */
    for (size_t i = 1; i < n; i++) {
        uint64_t k = keys[i];
        size_t j = i;
        for (; j > 0 && keys[j - 1] > k; j--) keys[j] = keys[j - 1];
        keys[j] = k;
    }
}

/* Pours the next non-empty bucket into run, sorted, when low, run and heap
 * are empty (a bucket waits: the caller checked). */
static bool frontier_pour(frontier *f)
{
    u32vec *b = &f->buckets[f->next];
    while (b->count == 0) b = &f->buckets[++f->next];
    f->next++;
    f->limit = (uint64_t)f->next << BUCKET_SHIFT;
    size_t n = b->count;
    if (n > f->room) {
        size_t room = n > 2 * f->room ? n : 2 * f->room;
        uint64_t *run = alloc_array(room, sizeof *run), *spare = alloc_array(room, sizeof *spare);
        if (!run || !spare) {
            free(run);
            free(spare);
            return false;
        }
        free(f->run);
        free(f->spare);
        f->run = run, f->spare = spare, f->room = room;
    }
    f->waiting -= n;
    for (size_t i = 0; i < n; i++)
        f->run[i] = cell_weight(f->mixed, b->items[i]) << 32 | b->items[i];
    free(b->items); /* poured buckets are never filled again: weights below limit are hot */
    *b = (u32vec){NULL, 0, 0};
    sort_bucket(f->run, f->spare, n);
    f->at = 0, f->runs = n;
    for (size_t i = 0; i < AHEAD && i < n; i++) frontier_fetch(f, f->run[i]);
    return true;
}

/* The next cell of the frontier (*ok false when out of memory); the caller
 * checked that one is left. */
static inline size_t frontier_pop(frontier *f, bool *ok)
{
    if (f->lows) return (uint32_t)f->low[--f->lows];
    if (f->at == f->runs && !f->hot.count && !(*ok = frontier_pour(f))) return 0;
    if (f->hot.count && (f->at == f->runs || f->hot.items[0] < f->run[f->at])) {
        uint64_t item = u64heap_pop(&f->hot);
        if (f->hot.count) frontier_fetch(f, f->hot.items[0]);
        return (uint32_t)item;
    }
    if (f->at + AHEAD < f->runs) frontier_fetch(f, f->run[f->at + AHEAD]);
    return (uint32_t)f->run[f->at++];
}

static inline bool frontier_empty(const frontier *f)
{
    return !f->lows && f->at == f->runs && !f->hot.count && !f->waiting;
}

static bool add_frontier(uint8_t *state, frontier *f, const size_t *next, unsigned sides)
{
    FOR_EACH_SIDE_IN (s, sides) {
        size_t j = next[s];
        if (state[j]) continue;
        state[j] = PRIM_FRONTIER;
        if (!frontier_push(f, j)) return false;
    }
    return true;
}

/* An unmasked rectangle keeps the cell states in two spare bits of the
 * cells' own bytes (cleared at the end), as prim does: half the cache
 * misses of a jump to a far part of the frontier, and no state array.
 * The same pops and draws as the general loop: the same mazes. */
enum { MARK_IN = 0x10, MARK_FRONTIER = 0x20, MARKS = MARK_IN | MARK_FRONTIER };
/* The first and last columns carry marks too, so that a cell's sides come
 * from its own byte and its number, without a division. */
enum { EDGE_W = 0x40, EDGE_E = 0x80 };

/* rng_pick_bit for a rectangle's sides (mask < 16) by table, not by
 * counting and dropping bits one by one: the same draws and the same side. */
static inline unsigned pick_side(rng_state *rng, unsigned mask)
{
    static const uint8_t count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    /* the sides of mask from the lowest, two bits each */
    static const uint8_t sides[16] = {0, 0, 1, 4, 2, 8, 9, 36, 3, 12, 13, 52, 14, 56, 57, 228};
    unsigned n = count[mask], k = n == 1 ? 0 : rng_below(rng, n);
    return sides[mask] >> 2 * k & 3u;
}

static bool true_prim_rect(meiro_maze *m, rng_state *rng, frontier *f)
{
    uint8_t *cells = m->cells;
    uint32_t w = m->w, h = m->h;
    size_t total = (size_t)w * h;
    const size_t step[DIR_COUNT] = {(size_t)0 - w, 1, w, (size_t)0 - 1};
    for (size_t row = 0; row < total; row += w) {
        cells[row] |= EDGE_W;
        cells[row + w - 1] |= EDGE_E;
    }
    size_t id = gen_random_cell(m, rng);
    cells[id] |= MARK_IN;
    bool ok = true;
    for (bool first = true; ok; first = false) {
        unsigned edges = cells[id];
        unsigned sides = (id >= w ? dir_bit(MEIRO_NORTH) : 0) |
                         (edges & EDGE_E ? 0 : dir_bit(MEIRO_EAST)) |
                         (id + w < total ? dir_bit(MEIRO_SOUTH) : 0) |
                         (edges & EDGE_W ? 0 : dir_bit(MEIRO_WEST));
        if (!first) {
            unsigned in = 0;
            FOR_EACH_SIDE_IN (d, sides) /* no branch: which neighbours are in is a coin toss */
                in |= (unsigned)(cells[id + step[d]] & MARK_IN) >> 4 << d;
            unsigned d = pick_side(rng, in);
            grid_join_as(m, true, id, d, id + step[d], dir_opposite((meiro_dir)d));
            cells[id] |= MARK_IN;
        }
        FOR_EACH_SIDE_IN (d, sides) {
            uint8_t *c = &cells[id + step[d]];
            if (*c & MARKS) continue;
            *c |= MARK_FRONTIER;
            if (!(ok = frontier_push(f, id + step[d]))) break;
        }
        if (!ok || frontier_empty(f)) break;
        id = frontier_pop(f, &ok);
    }
    for (size_t i = 0; i < total; i++) cells[i] &= (uint8_t)CELL_BITS;
    return ok;
}

meiro_status gen_true_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err)
{
    (void)opt;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    size_t total = grid_total(m);
    bool rect = m->grid == MEIRO_GRID_RECT && !m->active && !m->wrap; /* no seam */
    uint8_t *state = rect ? NULL : zalloc(total, 1);
    frontier f = {.mixed = rng_mix(rng_next(rng)),
                  .buckets = zalloc(BUCKETS, sizeof(u32vec)),
                  .cells = m->cells,
                  .state = state,
                  .w = m->w,
                  .total = total};
    bool ok = (rect || state) && f.buckets;
    if (ok && rect) {
        ok = true_prim_rect(m, rng, &f);
    } else if (ok) {
        grid_at c = grid_at_id(m, gen_random_cell(m, rng));
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &f, next, grid_links(m, c, next, back));
    }
    while (ok && !rect && !frontier_empty(&f)) {
        grid_at c = grid_at_id(m, frontier_pop(&f, &ok));
        if (!ok) break;
        unsigned sides = grid_links(m, c, next, back);
        unsigned d = rng_pick_bit(rng, prim_in_maze_sides(state, next, sides));
        grid_join(m, c.id, d, next[d], back[d]);
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &f, next, sides);
    }
    if (f.buckets)
        for (unsigned b = 0; b < BUCKETS; b++) free(f.buckets[b].items);
    free(f.buckets);
    free(state);
    free(f.hot.items);
    free(f.run);
    free(f.spare);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
