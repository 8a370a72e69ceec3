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

#include <stdlib.h>

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

/* The walk on a padded grid (gen.h's lattice): about n (ln n)^2 / pi
 * steps, 10^10 at 10^8 cells, so the step is all that counts. The cells
 * seen are one bit each on the padded grid (12.5 MB at 10^8 cells, in the
 * cache where a byte a cell was not): a step onto a clear bit is a new
 * cell or the border, told apart by its (x, y), then drawn again.
 * Compiled once for rectangles and once for hex and triangle grids. */
static ALWAYS_INLINE bool cover_on(meiro_maze *m, rng_state *rng, const lattice *l, size_t start,
                                   const bool rect)
{
    const unsigned sides = rect ? 4 : l->sides, bits = rect ? 2 : l->bits, per = 64 / bits,
                   mask = (1u << bits) - 1, flip = rect ? 0 : l->flip;
    size_t w = m->w, pw = w + 2, ph = (size_t)m->h + 2;
    uint64_t *seen = zalloc_big((pw * ph + 63) / 64, sizeof *seen);
    if (!seen) return false;
    size_t p = (start / w + 1) * pw + start % w + 1;
    unsigned k = rect ? 0 : lattice_kind(l, start % w, start / w);
    seen[p >> 6] |= 1ull << (p & 63);
    for (uint64_t left = m->active_count - 1; left > 0;) {
        uint64_t draw = rng_next(rng);
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
            k ^= flip >> d & 1u;
            if (--left == 0) break;
        }
    }
    free(seen);
    return true;
}

meiro_status gen_aldous_broder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err)
{
    (void)opt;
    size_t start = gen_random_cell(m, rng);
    lattice l;
    if (gen_lattice(m, &l)) {
        bool ok = m->grid == MEIRO_GRID_RECT ? cover_on(m, rng, &l, start, true)
                                             : cover_on(m, rng, &l, start, false);
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
