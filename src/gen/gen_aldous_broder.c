/* `aldous-broder`: a random walk over the whole grid that opens the wall
 * into every cell it enters for the first time. Every perfect maze is
 * equally likely; slow, since the walk must cover the grid (about
 * n log^2 n steps). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "gen/walk_exit.h"

#include <stdlib.h>
#include <string.h>

/* The walk, compiled once for rectangles and once for the other grids
 * (core/grid.h's _as functions): a step is little more than the random
 * draw, so the rectangle's copy keeps to its fast path. */
static ALWAYS_INLINE void cover(meiro_maze *m, rng_state *rng, uint8_t *seen, grid_at at,
                                const bool rect)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (uint64_t left = m->active_count - 1; left > 0;) {
        unsigned d = gen_random_side(m, rect, rng, at, grid_links_as(m, rect, at, next, back));
        size_t j = next[d];
        if (!seen[j]) {
            grid_join_as(m, rect, at.id, d, j, back[d]);
            seen[j] = 1;
            left--;
        }
        at = grid_step_as(m, rect, at, d, j);
    }
}

/* Jumps across cells seen (rectangles). The walk records only the first
 * step into each cell; while it wanders among cells it has seen, only
 * where it comes out matters. So when every cell within L1 distance r of
 * the walker has been seen, and none of them lies on the grid's edge (where
 * a step off the grid is drawn again, which would change the law), the
 * walk's way out of that diamond is drawn in one go from its exact law
 * (gen/walk_exit.h) and the walk goes on from the first cell outside,
 * joining it across that edge if it is new: the same law of mazes as the
 * steps one by one. Late in the cover nearly all of the walk is such
 * jumps. Whether a diamond is all seen is read from blocks of 8 x 8 cells
 * (level 0) and 16, 32, 64 (levels 1-3): `around` counts the full blocks
 * off the grid's edge among the 3 x 3 blocks around each; at 9 the block
 * is `ready` (a bit, so the look stays in the cache): every cell within
 * the block's side of any cell of it is seen, and the jump's radius is the
 * block's side. A block ready at one level is ready at the levels below. */
enum { JUMP_LEVELS = 4, JUMP_SHIFT = 3 }; /* sides 8 << level */

typedef struct jumps {
    size_t w, h;
    unsigned levels;
    size_t bw[JUMP_LEVELS], bh[JUMP_LEVELS]; /* whole blocks across and down */
    uint8_t *count[JUMP_LEVELS];             /* cells seen (level 0), full blocks of 4 (above) */
    uint8_t *around[JUMP_LEVELS];
    uint64_t *ready[JUMP_LEVELS];
    exit_law law[JUMP_LEVELS]; /* made on first use */
    void *mem;
} jumps;

/* The levels a w x h grid uses: each only where the walk is long enough
 * to pay for making its exit law (0.04, 0.14, 1 and 6 ms for radius 8, 16,
 * 32, 64; measured: 50 x 50 took 0.13 ms with radius 8, 0.11 without;
 * 1000 x 1000 64 ms with radius 64, 55 without), so from 65, 257, 513 and
 * 2049 cells a side (three blocks off the edge in a row is the least that
 * can jump). False when out of memory; j->levels is 0 when no block is
 * worth it. */
static bool jumps_init(jumps *j, size_t w, size_t h)
{
    static const size_t least[JUMP_LEVELS] = {8, 16, 16, 32}; /* blocks across and down */
    memset(j, 0, sizeof *j);
    j->w = w, j->h = h;
    size_t words = 0;
    for (unsigned l = 0; l < JUMP_LEVELS; l++) {
        size_t side = (size_t)8 << l;
        if ((w - 1) / side < least[l] || (h - 1) / side < least[l]) break;
        j->bw[l] = w / side, j->bh[l] = h / side;
        size_t blocks = j->bw[l] * j->bh[l];
        words += (2 * blocks + 7) / 8 + (blocks + 63) / 64;
        j->levels = l + 1;
    }
    if (!j->levels) return true;
    uint64_t *at = j->mem = zalloc_big(words, sizeof *at);
    if (!at) return false;
    for (unsigned l = 0; l < j->levels; l++) {
        size_t blocks = j->bw[l] * j->bh[l];
        j->ready[l] = at, at += (blocks + 63) / 64;
        j->count[l] = (uint8_t *)at;
        j->around[l] = j->count[l] + blocks;
        at += (2 * blocks + 7) / 8;
    }
    return true;
}

static void jumps_free(jumps *j)
{
    for (unsigned l = 0; l < JUMP_LEVELS; l++) exit_law_free(&j->law[l]);
    free(j->mem);
}

/* Block (bx, by) of level l is full: it counts in the 3 x 3 around it when
 * off the edge, and in its block above. */
static void jumps_full(jumps *j, unsigned l, size_t bx, size_t by)
{
    for (;;) {
        size_t bw = j->bw[l], side = (size_t)8 << l;
        if (bx >= 1 && by >= 1 && (bx + 1) * side < j->w && (by + 1) * side < j->h)
            for (size_t ay = by - 1; ay <= by + 1 && ay < j->bh[l]; ay++)
                for (size_t ax = bx - 1; ax <= bx + 1 && ax < bw; ax++) {
                    size_t b = ay * bw + ax;
                    if (++j->around[l][b] == 9) j->ready[l][b >> 6] |= 1ull << (b & 63);
                }
        if (++l == j->levels) return;
        bx >>= 1, by >>= 1;
        if (bx >= j->bw[l] || by >= j->bh[l] || ++j->count[l][by * j->bw[l] + bx] < 4) return;
    }
}

/* Cell (x, y) is seen: counts it in its block. */
static inline void jumps_seen(jumps *j, size_t x, size_t y)
{
    size_t bx = x >> JUMP_SHIFT, by = y >> JUMP_SHIFT;
    if (bx < j->bw[0] && by < j->bh[0] && ++j->count[0][by * j->bw[0] + bx] == 64)
        jumps_full(j, 0, bx, by);
}

static inline bool jumps_ready(const jumps *j, int l, size_t x, size_t y)
{
    size_t bx = x >> (JUMP_SHIFT + l), by = y >> (JUMP_SHIFT + l), b = by * j->bw[l] + bx;
    return bx < j->bw[l] && by < j->bh[l] && (j->ready[l][b >> 6] >> (b & 63) & 1);
}

/* The largest level ready at (x, y), -1 for none; level `from` (the last
 * jump's) is looked at first. */
static inline int jumps_level(const jumps *j, size_t x, size_t y, int from)
{
    if (jumps_ready(j, from, x, y)) {
        while (from + 1 < (int)j->levels && jumps_ready(j, from + 1, x, y)) from++;
        return from;
    }
    while (--from >= 0 && !jumps_ready(j, from, x, y)) {
    }
    return from;
}

/* The walk on a padded grid (gen.h's lattice): about n (ln n)^2 / pi
 * steps, 10^10 at 10^8 cells, so the step is all that counts. The cells
 * seen are one bit each on the padded grid (12.5 MB at 10^8 cells, in the
 * cache where a byte a cell was not): a step onto a clear bit is a new
 * cell or the border, told apart by its (x, y), then drawn again.
 * Compiled once for rectangles and once for hex and triangle grids; on
 * rectangles (J not NULL) a draw's 32 steps that found no new cell are
 * followed by a look at the blocks, and jumps while they allow. False when
 * out of memory. */
static ALWAYS_INLINE bool cover_on(meiro_maze *m, rng_state *rng, const lattice *l, size_t start,
                                   jumps *J, const bool rect)
{
    const unsigned sides = rect ? 4 : l->sides, bits = rect ? 2 : l->bits, per = 64 / bits,
                   mask = (1u << bits) - 1, flip = rect ? 0 : l->flip;
    size_t w = m->w, pw = w + 2, ph = (size_t)m->h + 2;
    const double inverse = 1.0 / (double)pw;
    uint64_t *seen = zalloc_big((pw * ph + 63) / 64, sizeof *seen);
    if (!seen) return false;
    size_t p = (start / w + 1) * pw + start % w + 1;
    unsigned k = rect ? 0 : lattice_kind(l, start % w, start / w);
    seen[p >> 6] |= 1ull << (p & 63);
    if (J) jumps_seen(J, start % w, start / w);
    bool ok = true;
    for (uint64_t left = m->active_count - 1; left > 0;) {
        uint64_t draw = rng_next(rng);
        bool fresh = false;
        for (unsigned s = 0; s < per; s++, draw >>= bits) {
            unsigned d = (unsigned)draw & mask;
            if (!rect && d >= sides) continue; /* draw again */
            p += l->pstep[k][d];
            if (LIKELY(seen[p >> 6] >> (p & 63) & 1)) {
                k ^= flip >> d & 1u;
                continue;
            }
            size_t x = p % pw, y = p / pw;
            if (x == 0 || x == pw - 1 || y == 0 || y == ph - 1) { /* off the grid */
                p -= l->pstep[k][d];
                continue;
            }
            size_t id = (y - 1) * w + x - 1;
            grid_join_as(m, rect, id - l->step[k][d], d, id, l->back[k][d]);
            seen[p >> 6] |= 1ull << (p & 63);
            if (rect && J) jumps_seen(J, x - 1, y - 1);
            fresh = true;
            k ^= flip >> d & 1u;
            if (--left == 0) break;
        }
        if (!rect || !J || fresh || left == 0) continue;
        /* y = p / pw through a reciprocal, corrected to the exact quotient */
        size_t y = (size_t)((double)p * inverse), x = p - y * pw;
        if (x > p) y--, x += pw;
        else if (x >= pw) y++, x -= pw;
        x--, y--;
        int level = jumps_level(J, x, y, 0);
        if (level < 0) continue;
        do {
            exit_law *law = &J->law[level];
            if (!law->edge && !exit_law_init(law, 8u << level)) {
                ok = false;
                goto done;
            }
            /* the 3 x 3 blocks seen: an exit inside them needs no look */
            const unsigned shift = JUMP_SHIFT + (unsigned)level;
            size_t x0 = ((x >> shift) - 1) << shift, y0 = ((y >> shift) - 1) << shift;
            const exit_edge *e = exit_law_draw(law, rng_next(rng));
            x += (size_t)(ptrdiff_t)e->dx, y += (size_t)(ptrdiff_t)e->dy; /* wraps */
            size_t q = (y + 1) * pw + x + 1;
            bool inside = (x - x0) >> shift < 3 && (y - y0) >> shift < 3;
            if (!inside && !(seen[q >> 6] >> (q & 63) & 1)) {
                size_t id = y * w + x;
                grid_join_as(m, rect, id - l->step[0][e->side], e->side, id, l->back[0][e->side]);
                seen[q >> 6] |= 1ull << (q & 63);
                jumps_seen(J, x, y);
                if (--left == 0) break;
            }
            level = jumps_level(J, x, y, level);
        } while (level >= 0);
        p = (y + 1) * pw + x + 1;
    }
done:
    free(seen);
    return ok;
}

meiro_status gen_aldous_broder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err)
{
    (void)opt;
    size_t start = gen_random_cell(m, rng);
    lattice l;
    if (gen_lattice(m, &l)) {
        if (m->grid != MEIRO_GRID_RECT)
            return cover_on(m, rng, &l, start, NULL, false)
                       ? MEIRO_OK
                       : fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
        jumps J;
        bool ok = jumps_init(&J, m->w, m->h) &&
                  cover_on(m, rng, &l, start, J.levels ? &J : NULL, true);
        jumps_free(&J);
        return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    }
    uint8_t *seen = zalloc_big(grid_total(m), 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    grid_at at = grid_at_id(m, start); /* (x, y) kept along the walk */
    seen[at.id] = 1;
    if (m->grid == MEIRO_GRID_RECT) cover(m, rng, seen, at, true);
    else cover(m, rng, seen, at, false);
    free(seen);
    return MEIRO_OK;
}
