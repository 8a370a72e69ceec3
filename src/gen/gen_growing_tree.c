/* `growing-tree`: keep a list of cells that may still grow; take the newest
 * (like `dig`) or a random one (like `prim`), as --bias says, and carve to a
 * random unvisited neighbour, or drop it from the list when it has none. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"
#include "core/grid.h"

#include <stdlib.h>

meiro_status gen_growing_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err)
{
    double bias = opt->bias < 0 ? 0 : opt->bias > 1 ? 1 : opt->bias;
    uint8_t *seen = zalloc((size_t)m->w * m->h, 1);
    u32vec list = {NULL, 0, 0};
    meiro_cell first = gen_random_cell(m, rng);
    uint32_t start = (uint32_t)cell_index(m, first.x, first.y);
    bool ok = seen && u32vec_push(&list, start);
    if (ok) seen[start] = 1;
    while (ok && list.count) {
        size_t k = list.count - 1;
        if (bias > 0 && rng_unit(rng) < bias) k = rng_below(rng, (uint32_t)list.count);
        uint32_t c = list.items[k], x = c % m->w, y = c / m->w;
        unsigned inside = cell_inside_mask(m, x, y), fresh = 0;
        FOR_EACH_DIR_IN(d, inside)
            if (!seen[cell_neighbour(m, x, y, d)]) fresh |= dir_bit(d);
        if (!fresh) { /* nothing left to grow here */
            list.items[k] = list.items[--list.count];
            continue;
        }
        unsigned d = rng_pick_bit(rng, fresh);
        maze_set_wall(m, x, y, d, true);
        uint32_t j = (uint32_t)cell_neighbour(m, x, y, d);
        seen[j] = 1;
        ok = u32vec_push(&list, j);
    }
    free(seen);
    free(list.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}

/* ---- Polar, hex and triangle grids, by cell id. */

meiro_status gen_growing_tree_grid(meiro_maze *m, rng_state *rng,
                                   const meiro_generate_options *opt, meiro_error *err)
{
    double bias = opt->bias < 0 ? 0 : opt->bias > 1 ? 1 : opt->bias;
    size_t total = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *seen = zalloc(total, 1);
    u32vec list = {NULL, 0, 0};
    uint32_t start = rng_below(rng, (uint32_t)total);
    bool ok = seen && u32vec_push(&list, start);
    if (ok) seen[start] = 1;
    while (ok && list.count) {
        size_t k = list.count - 1;
        if (bias > 0 && rng_unit(rng) < bias) k = rng_below(rng, (uint32_t)list.count);
        uint32_t c = list.items[k];
        unsigned n = grid_links_back(m, c, next, back), fresh = 0;
        for (unsigned s = 0; s < n; s++)
            if (next[s] != GRID_NONE && !seen[next[s]]) fresh |= 1u << s;
        if (!fresh) {
            list.items[k] = list.items[--list.count];
            continue;
        }
        unsigned d = rng_pick_bit(rng, fresh);
        grid_join(m, c, d, next[d], back[d]);
        seen[next[d]] = 1;
        ok = u32vec_push(&list, (uint32_t)next[d]);
    }
    free(seen);
    free(list.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
