/* `growing-tree`: keep a list of cells that may still grow; take the newest
 * (like `dig`) or a random one (like `prim`), as --bias says, and carve to a
 * random unvisited neighbour, or drop it from the list when it has none. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

meiro_status gen_growing_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err)
{
    double bias = opt->bias < 0 ? 0 : opt->bias > 1 ? 1 : opt->bias;
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint8_t *seen = zalloc(grid_total(m), 1);
    u32vec list = {NULL, 0, 0};
    uint32_t start = (uint32_t)gen_random_cell(m, rng);
    bool ok = seen && u32vec_push(&list, start);
    if (ok) seen[start] = 1;
    while (ok && list.count) {
        size_t k = list.count - 1;
        if (bias > 0 && rng_unit(rng) < bias) k = rng_below(rng, (uint32_t)list.count);
        grid_at c = grid_at_id(m, list.items[k]);
        unsigned sides = grid_links(m, c, next, back), fresh = 0;
        FOR_EACH_SIDE_IN (s, sides)
            if (!seen[next[s]]) fresh |= 1u << s;
        if (!fresh) { /* nothing left to grow here */
            list.items[k] = list.items[--list.count];
            continue;
        }
        unsigned d = rng_pick_bit(rng, fresh);
        grid_join(m, c.id, d, next[d], back[d]);
        seen[next[d]] = 1;
        ok = u32vec_push(&list, (uint32_t)next[d]);
    }
    free(seen);
    free(list.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
