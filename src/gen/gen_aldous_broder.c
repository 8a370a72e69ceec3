/* `aldous-broder`: a random walk over the whole grid that opens the wall
 * into every cell it enters for the first time. Every perfect maze is
 * equally likely; slow, since the walk must cover the grid (about
 * n log^2 n steps). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "core/grid.h"

#include <stdlib.h>

meiro_status gen_aldous_broder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err)
{
    (void)opt;
    size_t n = (size_t)m->w * m->h;
    uint8_t *seen = zalloc_big(n, 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    meiro_cell c = gen_random_cell(m, rng);
    uint32_t x = c.x, y = c.y;
    seen[cell_index(m, x, y)] = 1;
    for (uint64_t left = m->active_count - 1; left > 0;) {
        unsigned d = rng_pick_bit(rng, cell_inside_mask(m, x, y));
        uint32_t nx = x, ny = y;
        dir_move(&nx, &ny, d);
        size_t j = cell_index(m, nx, ny);
        if (!seen[j]) {
            maze_set_wall(m, x, y, d, true);
            seen[j] = 1;
            left--;
        }
        x = nx;
        y = ny;
    }
    free(seen);
    return MEIRO_OK;
}

/* ---- Polar, hex and triangle grids, by cell id. */

meiro_status gen_aldous_broder_grid(meiro_maze *m, rng_state *rng,
                                    const meiro_generate_options *opt, meiro_error *err)
{
    (void)opt;
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *seen = zalloc_big(n, 1);
    if (!seen) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the walk");
    size_t i = rng_below(rng, (uint32_t)n);
    meiro_cell c = grid_cell(m, i); /* kept along the walk: no division per step */
    seen[i] = 1;
    for (size_t left = n - 1; left > 0;) {
        unsigned sides = grid_links_at(m, i, c, next, back), d;
        do d = rng_below(rng, sides); /* a side with a neighbour, all equally likely */
        while (next[d] == GRID_NONE);
        size_t j = next[d];
        if (!seen[j]) {
            grid_join(m, i, d, j, back[d]);
            seen[j] = 1;
            left--;
        }
        i = j;
        c = grid_cell_across(m, c, d);
    }
    free(seen);
    return MEIRO_OK;
}
