/* `true-prim` (Prim's algorithm with random cell weights): every cell gets a
 * fixed random weight; the maze grows by always joining the lightest cell of
 * its frontier. The weights come from a keyed hash, so only the frontier is
 * stored, as a binary heap. The most dead ends of any generator here. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "core/grid.h"

#include <stdlib.h>

static bool add_frontier(meiro_maze *m, uint8_t *state, u64heap *h, uint64_t key, uint32_t x, uint32_t y)
{
    unsigned inside = cell_inside_mask(m, x, y);
    FOR_EACH_DIR_IN(d, inside) {
        size_t j = cell_neighbour(m, x, y, d);
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
    uint8_t *state = zalloc((size_t)m->w * m->h, 1);
    u64heap h = {NULL, 0, 0};
    uint64_t key = rng_next(rng);
    bool ok = state != NULL;
    if (ok) {
        meiro_cell c = gen_random_cell(m, rng);
        state[cell_index(m, c.x, c.y)] = PRIM_IN_MAZE;
        ok = add_frontier(m, state, &h, key, c.x, c.y);
    }
    while (ok && h.count) {
        uint32_t c = (uint32_t)u64heap_pop(&h);
        uint32_t x = c % m->w, y = c / m->w;
        maze_set_wall(m, x, y, rng_pick_bit(rng, prim_in_maze_mask(m, state, x, y)), true);
        state[c] = PRIM_IN_MAZE;
        ok = add_frontier(m, state, &h, key, x, y);
    }
    free(state);
    free(h.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}

/* ---- Polar, hex and triangle grids, by cell id. */

static bool add_frontier_grid(uint8_t *state, u64heap *h, uint64_t key, const size_t *next,
                              unsigned n)
{
    for (unsigned s = 0; s < n; s++) {
        size_t j = next[s];
        if (j == GRID_NONE || state[j]) continue;
        state[j] = PRIM_FRONTIER;
        uint64_t weight = rng_hash(key, j) >> 32;
        if (!u64heap_push(h, weight << 32 | j)) return false;
    }
    return true;
}

meiro_status gen_true_prim_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                                meiro_error *err)
{
    (void)opt;
    size_t total = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *state = zalloc(total, 1);
    u64heap h = {NULL, 0, 0};
    uint64_t key = rng_next(rng);
    bool ok = state != NULL;
    if (ok) {
        size_t c = rng_below(rng, (uint32_t)total);
        state[c] = PRIM_IN_MAZE;
        ok = add_frontier_grid(state, &h, key, next, grid_links(m, c, next));
    }
    while (ok && h.count) {
        uint32_t c = (uint32_t)u64heap_pop(&h);
        unsigned n = grid_links_back(m, c, next, back);
        unsigned d = rng_pick_bit(rng, prim_in_maze_sides(state, next, n));
        grid_join(m, c, d, next[d], back[d]);
        state[c] = PRIM_IN_MAZE;
        ok = add_frontier_grid(state, &h, key, next, n);
    }
    free(state);
    free(h.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
