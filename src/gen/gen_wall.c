/* `wall` (壁伸ばし法, the Nadeshiko article): start with only the outer wall; visit the
 * inner grid points in random order and, from each point not yet on a wall,
 * extend a new wall in random directions until it joins an existing wall.
 * A wall under construction never touches itself. The original recursed
 * once per step and reset the whole grid after every wall (quadratic); here
 * the wall being built is a stack of its points, and when it boxes itself
 * in it retreats step by step, marking the dead ends it leaves so it does
 * not walk into them again. On a shape, every grid point that touches a
 * cell outside is wall from the start: walls grow from the shape's edge as
 * from the outer wall. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

/* The grid points as bits. A byte a point (100 MB at 10^8 cells) made every
 * probe in random order and every step of a wall a miss to memory, and so
 * did writing the maze's cells (100 MB) at every step. Each 64 points have
 * four words side by side, in half a cache line (what a probe fetches is
 * what the wall from there reads and writes): on a wall (the outer wall,
 * the shape's edge, walls built); taken by the wall being built (or a dead
 * end it left); the segment below the point is wall; and a spare word (a
 * group never straddles two lines). A point on a wall is never taken:
 * there its taken bit says that the segment east of it is wall. The cells
 * are written from these at the end, row by row. The wall being built is
 * a stack of its points (`chain`). */
enum { PT_WALL, PT_TAKEN, PT_SOUTH, PT_WORDS = 4 };
typedef struct points {
    uint32_t pw, ph; /* (w + 1) x (h + 1) grid points */
    uint64_t *bits;  /* words 4k + PT_*: the bits of points 64k.. */
} points;

static inline size_t pt_index(const points *p, uint32_t px, uint32_t py)
{
    return (size_t)py * p->pw + px;
}

static inline const uint64_t *pt_line(const points *p, size_t i)
{
    return &p->bits[(i >> 6) * PT_WORDS];
}
static inline uint64_t *pt_word(points *p, size_t i, unsigned which)
{
    return &p->bits[(i >> 6) * PT_WORDS + which];
}
static inline uint64_t bit_of(size_t i) { return 1ull << (i & 63); }
static inline unsigned is_wall(const points *p, size_t i)
{
    return (unsigned)(p->bits[(i >> 6) * PT_WORDS] >> (i & 63)) & 1u;
}
/* Whether a wall may step onto point i: free, or on a wall (taken only
 * counts off the walls, where it is not the east segment). */
static inline unsigned is_open(const points *p, size_t i)
{
    const uint64_t *w = pt_line(p, i);
    return (unsigned)((w[PT_WALL] | ~w[PT_TAKEN]) >> (i & 63)) & 1u;
}
static inline void set_wall(points *p, size_t i) { *pt_word(p, i, PT_WALL) |= bit_of(i); }
static inline void set_taken(points *p, size_t i) { *pt_word(p, i, PT_TAKEN) |= bit_of(i); }
static inline void clear_taken(points *p, size_t i) { *pt_word(p, i, PT_TAKEN) &= ~bit_of(i); }

void mark_shape_edge(const meiro_maze *m, uint8_t *state, uint32_t pw)
{
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++)
            if (!m->active[cell_index(m, x, y)]) /* its four corners */
                state[(size_t)y * pw + x] = state[(size_t)y * pw + x + 1] =
                    state[(size_t)(y + 1) * pw + x] = state[(size_t)(y + 1) * pw + x + 1] = 1;
}

/* Opens or closes the wall segment from grid point (px, py) in direction d. */
static void set_segment(meiro_maze *m, uint32_t px, uint32_t py, unsigned d, bool open)
{
    switch (d) {
    case MEIRO_NORTH: maze_set_wall(m, px - 1, py - 1, MEIRO_EAST, open); break;
    case MEIRO_EAST: maze_set_wall(m, px, py - 1, MEIRO_SOUTH, open); break;
    case MEIRO_SOUTH: maze_set_wall(m, px - 1, py, MEIRO_EAST, open); break;
    default: maze_set_wall(m, px - 1, py - 1, MEIRO_SOUTH, open); break;
    }
}

/* Pushes v; the common case inline (a step of the wall is a few instructions). */
static inline bool push(u32vec *v, uint32_t value)
{
    if (v->count == v->cap) return u32vec_push(v, value);
    v->items[v->count++] = value;
    return true;
}

/* Builds one wall from the free point (px, py) until it joins a wall. Its
 * segments are marked in the points' bits when it joins (the cells are
 * written at the end); a watched maze has its cells written at every step
 * as it happens instead. Nothing but this wall is ever taken, and a
 * point's neighbours are never two or three steps back along it (the
 * grid's points are black and white like a chessboard's), so until it has
 * four points the only side taken is the one it came from: `taken` is
 * marked and read only from there on (nine walls in ten are shorter). */
static meiro_status extend(meiro_maze *m, points *p, uint32_t px, uint32_t py, rng_state *rng,
                           u32vec *chain, u32vec *dead, meiro_error *err)
{
    const size_t pw = p->pw;
    const bool watched = m->obs != NULL;
    size_t here = pt_index(p, px, py);
    chain->count = dead->count = 0;
    if (!push(chain, (uint32_t)here)) goto nomem;
    bool marked = false;       /* the chain is marked in `taken` */
    unsigned candidates = 0xf; /* every side: nothing is taken yet */
    for (;;) {
        if (!candidates) { /* boxed in by its own wall: retreat one step */
            if (chain->count == 1)
                return fail(err, MEIRO_ERROR_INTERNAL, "wall extension found no way out");
            if (!push(dead, (uint32_t)here)) goto nomem; /* stays taken until the join */
            size_t back = chain->items[--chain->count - 1];
            unsigned d = back == here - pw   ? MEIRO_NORTH
                         : back == here + 1  ? MEIRO_EAST
                         : back == here + pw ? MEIRO_SOUTH
                                             : MEIRO_WEST;
            if (UNLIKELY(watched)) set_segment(m, px, py, d, true);
            dir_move(&px, &py, d);
            here = back;
        } else {
            unsigned d = rng_pick_bit(rng, candidates);
            if (UNLIKELY(watched)) set_segment(m, px, py, d, false);
            dir_move(&px, &py, d);
            here = pt_index(p, px, py);
            if (is_wall(p, here)) break; /* joined */
            if (!push(chain, (uint32_t)here)) goto nomem;
            /* the points the next two steps look at, one and two rows on */
            prefetch(pt_line(p, here - pw));
            prefetch(pt_line(p, here + pw));
            prefetch(pt_line(p, py >= 2 ? here - 2 * pw : here));
            prefetch(pt_line(p, py + 2 < p->ph ? here + 2 * pw : here));
            if (!marked) {
                candidates = 0xfu & ~dir_bit(dir_opposite((meiro_dir)d));
                if (chain->count < 4) continue;
                for (size_t k = 0; k < chain->count; k++) set_taken(p, chain->items[k]);
                marked = true;
            } else set_taken(p, here);
        }
        candidates = is_open(p, here - pw) << MEIRO_NORTH | is_open(p, here + 1) << MEIRO_EAST |
                     is_open(p, here + pw) << MEIRO_SOUTH | is_open(p, here - 1) << MEIRO_WEST;
    }
    /* Joined: the chain becomes wall, each point with the segment to the
     * next (the joined point last), marked east or south of the segment's
     * west or north end; the dead ends become free. */
    if (marked)
        for (size_t k = 0; k < chain->count; k++) clear_taken(p, chain->items[k]);
    for (size_t k = 0; k < dead->count; k++) clear_taken(p, dead->items[k]);
    for (size_t k = 0; k < chain->count; k++) {
        size_t at = chain->items[k], next = k + 1 < chain->count ? chain->items[k + 1] : here;
        set_wall(p, at);
        if (watched) continue;
        size_t lo = at < next ? at : next;                    /* the west or north end */
        if (next - lo == 1 || at - lo == 1) set_taken(p, lo); /* east of lo */
        else *pt_word(p, lo, PT_SOUTH) |= bit_of(lo);
    }
    return MEIRO_OK;
nomem:
    return fail(err, MEIRO_ERROR_NOMEM, "out of memory extending walls");
}

/* Closes the cells' sides marked in the points' bits, row by row: the east
 * side of cell (x, y) is the segment below point (x + 1, y), its south side
 * the segment east of point (x, y + 1). */
static void write_cells(meiro_maze *m, const points *p)
{
    for (uint32_t y = 0; y < m->h; y++) {
        uint8_t *row = &m->cells[cell_index(m, 0, y)];
        size_t above = pt_index(p, 1, y), below = pt_index(p, 0, y + 1);
        for (uint32_t x = 0; x < m->w; x++, above++, below++) {
            uint8_t close =
                (uint8_t)((pt_line(p, above)[PT_SOUTH] >> (above & 63) & 1u) * CELL_OPEN_E |
                          (pt_line(p, below)[PT_TAKEN] >> (below & 63) & 1u) * CELL_OPEN_S);
            row[x] &= (uint8_t)~close;
        }
    }
}

meiro_status rect_wall(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                       meiro_error *err)
{
    (void)opt;
    maze_open_all(m);
    if (m->w < 2 || m->h < 2) return MEIRO_OK; /* no inner grid points */
    points p = {m->w + 1, m->h + 1, NULL};
    p.bits = zalloc_big(((size_t)p.pw * p.ph + 63) / 64 * PT_WORDS, sizeof *p.bits);
    if (!p.bits) return fail(err, MEIRO_ERROR_NOMEM, "out of memory extending walls");
    for (uint32_t px = 0; px < p.pw; px++) {
        set_wall(&p, pt_index(&p, px, 0));
        set_wall(&p, pt_index(&p, px, p.ph - 1));
    }
    for (uint32_t py = 0; py < p.ph; py++) {
        set_wall(&p, pt_index(&p, 0, py));
        set_wall(&p, pt_index(&p, p.pw - 1, py));
    }
    if (m->active) /* the four corners of every cell outside the shape */
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++)
                if (!m->active[cell_index(m, x, y)]) {
                    set_wall(&p, pt_index(&p, x, y));
                    set_wall(&p, pt_index(&p, x + 1, y));
                    set_wall(&p, pt_index(&p, x, y + 1));
                    set_wall(&p, pt_index(&p, x + 1, y + 1));
                }
    uint32_t iw = m->w - 1;
    uint64_t inner = (uint64_t)iw * (m->h - 1);
    /* The order, a block at a time (perm_fill: far cheaper than value by
     * value), as coordinates in a ring of two blocks: while the points of
     * one are visited the next is ready, so the points AHEAD on can be
     * fetched. AHEAD before its turn a point's line of bits is fetched;
     * CHECK_AHEAD before, if it is still free (most are wall by then),
     * what its wall will look at first: the rows above and below. */
    enum { RING = 2 * PERM_BLOCK, AHEAD = 32, CHECK_AHEAD = AHEAD / 2 };
    permutation order;
    perm_init(&order, inner, rng);
    uint16_t *rounds = perm_rounds(&order);
    if (!rounds) { /* an allocation that fails fails the maze, like every other */
        free(p.bits);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory extending walls");
    }
    uint64_t block[PERM_BLOCK];
    uint32_t ring_x[RING], ring_y[RING];
    uint64_t filled = 0; /* points of the order in the ring so far */
    u32vec chain = {NULL, 0, 0}, dead = {NULL, 0, 0};
    meiro_status s = MEIRO_OK;
    for (uint64_t k = 0; k < inner && s == MEIRO_OK; k++) {
        if (filled < inner && filled <= k + AHEAD) { /* the next block, into the other half */
            size_t count = inner - filled < PERM_BLOCK ? (size_t)(inner - filled) : PERM_BLOCK;
            perm_fill(&order, rounds, filled, count, block);
            size_t at = (size_t)(filled % RING);
            for (size_t j = 0; j < count; j++) {
                /* points number below MEIRO_MAX_CELLS: 32-bit divisions, the cheaper */
                uint32_t q = (uint32_t)block[j];
                ring_x[at + j] = 1 + q % iw, ring_y[at + j] = 1 + q / iw;
            }
            filled += count;
        }
        if (k + AHEAD < inner) { /* points come in random order: fetch ahead */
            size_t a = (size_t)((k + AHEAD) % RING);
            prefetch(pt_line(&p, pt_index(&p, ring_x[a], ring_y[a])));
        }
        if (k + CHECK_AHEAD < inner) {
            size_t c = (size_t)((k + CHECK_AHEAD) % RING);
            size_t at = pt_index(&p, ring_x[c], ring_y[c]);
            if (!is_wall(&p, at)) {
                prefetch(pt_line(&p, at - p.pw));
                prefetch(pt_line(&p, at + p.pw));
            }
        }
        uint32_t px = ring_x[k % RING], py = ring_y[k % RING];
        if (!is_wall(&p, pt_index(&p, px, py))) s = extend(m, &p, px, py, rng, &chain, &dead, err);
    }
    if (s == MEIRO_OK && !m->obs) write_cells(m, &p);
    free(chain.items);
    free(dead.items);
    free(rounds);
    free(p.bits);
    if (s == MEIRO_OK && m->active) s = mask_close_loops(m, rng, err);
    return s;
}
