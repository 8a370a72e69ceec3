/* `wilson` (Wilson's algorithm): loop-erased random walks from each cell not
 * yet in the maze until they hit it; every perfect maze is equally likely.
 * The walk keeps only the last exit side of each cell (three bits), which
 * erases its loops for free. Slow to start on large mazes: the first walks
 * wander long before they hit the few cells already in the maze. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

enum { IN_MAZE = 0x80, EXIT_SIDE = 0x07 };

/* One loop-erased walk from `from` until it hits the maze, then the path
 * it leaves joined in. Compiled once for rectangles and once for the other
 * grids (core/grid.h's _as functions): a step is little more than the
 * random draw. */
static ALWAYS_INLINE void walk_in(meiro_maze *m, rng_state *rng, uint8_t *state, size_t from,
                                  const bool rect)
{
    size_t nb[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    /* walk until the maze is hit, remembering each cell's last exit */
    for (grid_at at = grid_at_id(m, from); !(state[at.id] & IN_MAZE);) {
        unsigned d = gen_random_side(m, rect, rng, at, grid_links_as(m, rect, at, nb, back));
        state[at.id] = (uint8_t)d;
        at = grid_step_as(m, rect, at, d, nb[d]);
    }
    /* follow the exits from the start again: the loop-erased path */
    for (size_t i = from; !(state[i] & IN_MAZE);) {
        unsigned d = state[i] & EXIT_SIDE, b;
        size_t j = grid_through_as(m, rect, i, d, &b);
        grid_join_as(m, rect, i, d, j, b);
        state[i] = IN_MAZE;
        i = j;
    }
}

/* The walks on a padded grid (gen.h's lattice), from each cell in order;
 * `first` is in the maze. Compiled once for rectangles and once for hex
 * and triangle grids. */
enum { PAD_EDGE = 0x40 };

static ALWAYS_INLINE void walks_on(meiro_maze *m, rng_state *rng, uint8_t *pad, const lattice *l,
                                   const bool rect)
{
    const unsigned sides = rect ? 4 : l->sides, bits = rect ? 2 : l->bits, per = 64 / bits,
                   mask = (1u << bits) - 1, flip = rect ? 0 : l->flip;
    size_t w = m->w, pw = w + 2;
    uint64_t draw = 0;
    unsigned left = 0; /* steps left in draw */
    for (size_t y = 0, id = 0; y < m->h; y++)
        for (size_t x = 0, from = (y + 1) * pw + 1; x < w; x++, id++, from++) {
            if (pad[from] & IN_MAZE) continue;
            unsigned kind = rect ? 0 : lattice_kind(l, x, y);
            for (size_t p = from, k = kind; !(pad[p] & IN_MAZE);) { /* each cell's last exit */
                if (UNLIKELY(!left)) draw = rng_next(rng), left = per;
                unsigned d = (unsigned)draw & mask;
                draw >>= bits;
                left--;
                if (!rect && d >= sides) continue; /* draw again */
                if (UNLIKELY(pad[p + l->pstep[k][d]] == PAD_EDGE)) continue;
                pad[p] = (uint8_t)d;
                p += l->pstep[k][d];
                k ^= flip >> d & 1u;
            }
            for (size_t p = from, i = id, k = kind; !(pad[p] & IN_MAZE);) { /* loop-erased */
                unsigned d = pad[p] & EXIT_SIDE;
                grid_join_as(m, rect, i, d, i + l->step[k][d], l->back[k][d]);
                pad[p] = IN_MAZE;
                p += l->pstep[k][d];
                i += l->step[k][d];
                k ^= flip >> d & 1u;
            }
        }
}

meiro_status gen_wilson(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                        meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m);
    bool rect = m->grid == MEIRO_GRID_RECT;
    lattice l;
    if (gen_lattice(m, &l)) {
        size_t first = rng_below(rng, (uint32_t)n), pw = (size_t)m->w + 2;
        uint8_t *pad = gen_padded(m, PAD_EDGE);
        if (!pad) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walks");
        pad[(first / m->w + 1) * pw + first % m->w + 1] = IN_MAZE;
        if (rect) walks_on(m, rng, pad, &l, true);
        else walks_on(m, rng, pad, &l, false);
        free(pad);
        return MEIRO_OK;
    }
    uint8_t *state = zalloc_big(n, 1);
    if (!state) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walks");
    if (m->active) { /* on a shape: cells outside count as done; start inside */
        for (size_t i = 0; i < n; i++) state[i] = m->active[i] ? 0 : IN_MAZE;
        state[gen_random_cell(m, rng)] = IN_MAZE;
    } else {
        state[rng_below(rng, (uint32_t)n)] = IN_MAZE;
    }
    size_t next = 0;
    for (;;) {
        while (next < n && (state[next] & IN_MAZE)) next++;
        if (next == n) break;
        if (rect) walk_in(m, rng, state, next, true);
        else walk_in(m, rng, state, next, false);
    }
    free(state);
    return MEIRO_OK;
}
