/* `prim` (simplified Prim): grow the maze from a random cell by joining a
 * random frontier cell (a cell next to the maze) to a random neighbour
 * already in it. Many short dead ends radiating from the start. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

unsigned prim_in_maze_sides(const uint8_t *state, const size_t *next, unsigned sides)
{
    unsigned in = 0;
    FOR_EACH_SIDE_IN (s, sides)
        if (state[next[s]] == PRIM_IN_MAZE) in |= 1u << s;
    return in;
}

/* Adds the neighbours (next[s] for s in sides) that are neither in the
 * maze nor on the frontier to the frontier. */
static bool add_frontier(uint8_t *state, u32vec *frontier, const size_t *next, unsigned sides)
{
    FOR_EACH_SIDE_IN (s, sides) {
        size_t j = next[s];
        if (state[j]) continue;
        state[j] = PRIM_FRONTIER;
        if (!u32vec_push(frontier, (uint32_t)j)) return false;
    }
    return true;
}

/* An unmasked rectangle's prim keeps its cell states in two spare bits of
 * the cells' own bytes (cleared at the end) instead of an array beside
 * them: a frontier cell is picked anywhere, and reading its neighbours'
 * states and opening its wall then misses the cache in one array, not
 * two. The same draws in the same order as the general loop: the same
 * mazes. */
enum { MARK_IN = 0x10, MARK_FRONTIER = 0x20, MARKS = MARK_IN | MARK_FRONTIER };

static bool prim_rect(meiro_maze *m, rng_state *rng, u32vec *frontier)
{
    uint8_t *cells = m->cells;
    uint32_t w = m->w, h = m->h;
    const size_t step[DIR_COUNT] = {(size_t)0 - w, 1, w, (size_t)0 - 1};
    size_t id = gen_random_cell(m, rng);
    cells[id] |= MARK_IN;
    bool ok = true;
    for (bool first = true; ok; first = false) {
        uint32_t x = (uint32_t)id % w, y = (uint32_t)id / w;
        unsigned sides = rect_sides_xy(m, x, y);
        if (!first) {
            unsigned in = 0;
            FOR_EACH_SIDE_IN (d, sides)
                if (cells[id + step[d]] & MARK_IN) in |= dir_bit(d);
            unsigned d = rng_pick_bit(rng, in);
            grid_join_as(m, true, id, d, id + step[d], dir_opposite((meiro_dir)d));
            cells[id] |= MARK_IN;
        }
        FOR_EACH_SIDE_IN (d, sides) {
            uint8_t *c = &cells[id + step[d]];
            if (*c & MARKS) continue;
            *c |= MARK_FRONTIER;
            ok = u32vec_push(frontier, (uint32_t)(id + step[d]));
            if (!ok) break;
        }
        if (!frontier->count) break;
        uint32_t k = rng_below(rng, (uint32_t)frontier->count);
        id = frontier->items[k];
        frontier->items[k] = frontier->items[--frontier->count];
    }
    size_t total = (size_t)w * h;
    for (size_t i = 0; i < total; i++) cells[i] &= (uint8_t)CELL_BITS;
    return ok;
}

meiro_status gen_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err)
{
    (void)opt;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    u32vec frontier = {NULL, 0, 0};
    if (m->grid == MEIRO_GRID_RECT && !m->active && !m->wrap) { /* no seam to step across */
        bool done = prim_rect(m, rng, &frontier);
        free(frontier.items);
        return done ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
    }
    uint8_t *state = zalloc(grid_total(m), 1);
    bool ok = state != NULL;
    if (ok) {
        grid_at c = grid_at_id(m, gen_random_cell(m, rng));
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &frontier, next, grid_links(m, c, next, back));
    }
    while (ok && frontier.count) {
        uint32_t k = rng_below(rng, (uint32_t)frontier.count);
        grid_at c = grid_at_id(m, frontier.items[k]);
        frontier.items[k] = frontier.items[--frontier.count];
        unsigned sides = grid_links(m, c, next, back);
        unsigned d = rng_pick_bit(rng, prim_in_maze_sides(state, next, sides));
        grid_join(m, c.id, d, next[d], back[d]);
        state[c.id] = PRIM_IN_MAZE;
        ok = add_frontier(state, &frontier, next, sides);
    }
    free(state);
    free(frontier.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
