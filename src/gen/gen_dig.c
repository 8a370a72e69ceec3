/* `dig` (穴掘り法, the road article's fill_with_road, the Nadeshiko article): dig a road from a
 * random start into unvisited cells in random directions; when stuck,
 * branch again from the latest point of the road that can. Long winding
 * corridors, few dead ends. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/rng.h"
#include "core/search.h"
#include "gen/gen.h"

#include <stdlib.h>

static unsigned pick_random(void *ctx, const meiro_maze *m, grid_at at, unsigned candidates)
{
    (void)m, (void)at;
    return rng_pick_bit(ctx, candidates);
}

meiro_status gen_dig(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                     meiro_error *err)
{
    (void)opt;
    uint8_t *trail = zalloc(grid_total(m), 1);
    if (!trail) return fail(err, MEIRO_ERROR_NOMEM, "out of memory digging the maze");
    size_t start = gen_random_cell(m, rng);
    uint64_t visited;
    walk_roads(m, m, trail, start, pick_random, rng, start, NULL, &visited, NULL);
    free(trail);
    return MEIRO_OK;
}
