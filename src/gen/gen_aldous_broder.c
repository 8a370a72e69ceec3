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

/* The walk of an unmasked rectangle (w, h > 1): about n (ln n)^2 / pi
 * steps, 10^10 at 10^8 cells, so the step is all that counts. 32 steps a
 * draw, two bits each as gen.h's rng_pair takes them; the cells seen are one bit each in rows with a
 * column of padding either side and a row above and below (12.5 MB at
 * 10^8 cells, where a byte a cell left the cache behind a long walk): a
 * step onto a clear bit is a new cell or the padding, told apart by its
 * (x, y), then drawn again. */
static bool cover_rect(meiro_maze *m, rng_state *rng, size_t start)
{
    size_t w = m->w, pw = w + 2, ph = (size_t)m->h + 2;
    uint64_t *seen = zalloc_big((pw * ph + 63) / 64, sizeof *seen);
    if (!seen) return false;
    const size_t pstep[DIR_COUNT] = {(size_t)0 - pw, 1, pw, (size_t)0 - 1};
    size_t p = (start / w + 1) * pw + start % w + 1;
    seen[p >> 6] |= 1ull << (p & 63);
    /* rng_pair's order of steps, written out: one draw a round of 32 */
    for (uint64_t left = m->active_count - 1; left > 0;) {
        uint64_t bits = rng_next(rng);
        for (unsigned k = 0; k < 32; k++, bits >>= 2) {
            unsigned d = (unsigned)(bits & 3u);
            p += pstep[d];
            if (LIKELY(seen[p >> 6] >> (p & 63) & 1)) continue;
            size_t x = p % pw, y = p / pw;
            if (x == 0 || x == pw - 1 || y == 0 || y == ph - 1) { /* off the rectangle */
                p -= pstep[d];
                continue;
            }
            size_t id = (y - 1) * w + x - 1;
            grid_join_as(m, true, id - (size_t)DIR_DX[d] - (size_t)DIR_DY[d] * w, d, id,
                         dir_opposite((meiro_dir)d));
            seen[p >> 6] |= 1ull << (p & 63);
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
    if (m->grid == MEIRO_GRID_RECT && !m->active && m->w > 1 && m->h > 1)
        return cover_rect(m, rng, start)
                   ? MEIRO_OK
                   : fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    uint8_t *seen = zalloc_big(grid_total(m), 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    grid_at at = grid_at_id(m, start); /* (x, y) kept along the walk */
    seen[at.id] = 1;
    if (m->grid == MEIRO_GRID_RECT) cover(m, rng, seen, at, true);
    else cover(m, rng, seen, at, false);
    free(seen);
    return MEIRO_OK;
}
