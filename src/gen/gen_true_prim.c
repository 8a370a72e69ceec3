/* `true-prim` (Prim's algorithm with random cell weights): every cell gets a
 * fixed random weight; the maze grows by always joining the lightest cell of
 * its frontier. The weights come from a keyed hash, so only the frontier is
 * stored, as a binary heap. The most dead ends of any generator here. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

static bool add_frontier(uint8_t *state, u64heap *h, uint64_t key, const size_t *next,
                         unsigned sides)
{
    FOR_EACH_SIDE_IN (s, sides) {
        size_t j = next[s];
        if (state[j]) continue;
        state[j] = PRIM_FRONTIER;
        uint64_t weight = rng_hash(key, j) >> 32;
        if (!u64heap_push(h, weight << 32 | j)) return false;
    }
    return true;
}

meiro_status gen_true_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err)
{
    (void)opt;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *state = zalloc(grid_total(m), 1);
    u64heap h = {NULL, 0, 0};
    uint64_t key = rng_next(rng);
    bool ok = state != NULL;
    if (ok) {
        grid_at c = grid_at_id(m, gen_random_cell(m, rng));
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &h, key, next, grid_links(m, c, next, back));
    }
    while (ok && h.count) {
        grid_at c = grid_at_id(m, (uint32_t)u64heap_pop(&h));
        unsigned sides = grid_links(m, c, next, back);
        unsigned d = rng_pick_bit(rng, prim_in_maze_sides(state, next, sides));
        grid_join(m, c.id, d, next[d], back[d]);
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &h, key, next, sides);
    }
    free(state);
    free(h.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
