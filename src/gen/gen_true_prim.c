/* `true-prim` (Prim's algorithm with random cell weights): every cell gets a
 * fixed random weight; the maze grows by always joining the lightest cell of
 * its frontier. The weights come from a keyed hash, so only the frontier is
 * stored. The most dead ends of any generator here.
 *
 * The frontier is a bucket queue: cells whose weight is at or above `limit`
 * wait, as bare cell numbers (4 bytes), in one of BUCKETS arrays by the top
 * bits of their weight; only those below it are ordered by (weight, cell),
 * in a small binary heap (the hot heap) and, for the lightest, a short
 * sorted list in front of it (see frontier_hot). The growth is invasion
 * percolation: the lightest frontier weight hovers near the percolation
 * threshold and most of the frontier is heavier and waits untouched, so the
 * heap stays small enough for the cache while the buckets are only appended
 * to. When the heap runs dry, the next bucket is poured into it. Pops come
 * out in exactly the order of one heap of every (weight, cell): the same
 * mazes. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>
#include <string.h>

enum { BUCKET_BITS = 12, BUCKETS = 1 << BUCKET_BITS, BUCKET_SHIFT = 32 - BUCKET_BITS };

/* Invasion percolation comes in bursts: a cell joined often has a
 * neighbour lighter than the whole frontier, which is joined next. Such
 * keys skip the heap: they wait, sorted, in `low` (largest first), below
 * every key of the heap; a pop takes the smallest of `low` while there is
 * one, else the heap's top. */
enum { LOW = 64 };

typedef struct frontier {
    uint64_t low[LOW];            /* descending, every one below the heap's top */
    size_t lows;                  /* keys in low */
    u64heap hot;                  /* weight << 32 | cell, every weight below limit */
    uint64_t limit;               /* the first weight of bucket `next` */
    unsigned next;                /* the first bucket not yet poured into the heap */
    uint64_t key;                 /* the weights' hash key */
    size_t waiting;               /* cells in the buckets */
    u32vec *buckets;              /* BUCKETS arrays of cells */
    const uint8_t *cells, *state; /* what to fetch for a cell likely popped soon */
    size_t w, total;
} frontier;

static inline uint64_t cell_weight(uint64_t key, size_t j) { return rng_hash(key, j) >> 32; }

/* The rows around cell `item` (the maze's bytes, and the state's when kept
 * apart): a cell's neighbours are read when it is popped. */
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

/* A key of the hot set (below limit): into low when below the heap's top,
 * else into the heap. A full low hands its largest to the heap (which it
 * becomes the top of). */
static inline bool frontier_hot(frontier *f, uint64_t item)
{
    if (f->hot.count && item > f->hot.items[0]) return u64heap_push(&f->hot, item);
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
    uint64_t weight = cell_weight(f->key, j);
    if (weight < f->limit) return frontier_hot(f, weight << 32 | j);
    f->waiting++;
    u32vec *b = &f->buckets[weight >> BUCKET_SHIFT];
    if (b->count < b->cap) {
        b->items[b->count++] = (uint32_t)j;
        return true;
    }
    return u32vec_push(b, (uint32_t)j);
}

/* Pours the next non-empty bucket into the empty hot set (there is one:
 * the caller checked that cells wait). */
static bool frontier_pour(frontier *f)
{
    u32vec *b = &f->buckets[f->next];
    while (b->count == 0) b = &f->buckets[++f->next];
    f->next++;
    f->limit = (uint64_t)f->next << BUCKET_SHIFT;
    f->waiting -= b->count;
    bool ok = true;
    for (size_t i = 0; ok && i < b->count; i++)
        ok = u64heap_push(&f->hot, cell_weight(f->key, b->items[i]) << 32 | b->items[i]);
    free(b->items); /* poured buckets are never filled again: weights below limit go to the heap */
    *b = (u32vec){NULL, 0, 0};
    return ok;
}

/* The next cell of the frontier (*ok false when out of memory); the caller
 * checked that one is left. */
static inline size_t frontier_pop(frontier *f, bool *ok)
{
    if (f->lows) return (uint32_t)f->low[--f->lows];
    if (!f->hot.count && !(*ok = frontier_pour(f))) return 0;
    uint64_t item = u64heap_pop(&f->hot);
    /* the heap's next pops lie anywhere along the frontier: fetch the
     * likely ones (its top three) while this one is joined */
    for (size_t k = 0; k < 3 && k < f->hot.count; k++) frontier_fetch(f, f->hot.items[k]);
    return (uint32_t)item;
}

static inline bool frontier_empty(const frontier *f)
{
    return !f->lows && !f->hot.count && !f->waiting;
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

static bool true_prim_rect(meiro_maze *m, rng_state *rng, frontier *f)
{
    uint8_t *cells = m->cells;
    uint32_t w = m->w, h = m->h;
    size_t total = (size_t)w * h;
    const size_t step[DIR_COUNT] = {(size_t)0 - w, 1, w, (size_t)0 - 1};
    size_t id = gen_random_cell(m, rng);
    cells[id] |= MARK_IN;
    bool ok = true;
    for (bool first = true; ok; first = false) {
        uint32_t x = (uint32_t)id % w, y = (uint32_t)id / w;
        unsigned sides = rect_sides_xy(m, x, y);
        if (!first) {
            unsigned in = 0;
            FOR_EACH_SIDE_IN (d, sides) /* no branch: which neighbours are in is a coin toss */
                in |= (unsigned)(cells[id + step[d]] & MARK_IN) >> 4 << d;
            unsigned d = rng_pick_bit(rng, in);
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
    bool rect = m->grid == MEIRO_GRID_RECT && !m->active;
    uint8_t *state = rect ? NULL : zalloc(total, 1);
    frontier f = {.key = rng_next(rng),
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
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
