/* `growing-tree`: keep a list of cells that may still grow; take the newest
 * (like `dig`) or a random one (like `prim`), as --bias says, and carve to a
 * random unvisited neighbour, or drop it from the list when it has none. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

/* The growth, compiled once for rectangles (rect true: the fast path
 * alone) and once for the other grids. A cell seen has `bit` in marks[]:
 * on an unmasked rectangle a spare bit of the maze's own cell bytes, as
 * prim keeps its states (a cell picked at random anywhere in the list then
 * misses the cache in one array, not two; cleared at the end), otherwise
 * an array of its own. */
enum { MARK_SEEN = 0x10 };

static ALWAYS_INLINE bool grow(meiro_maze *m, rng_state *rng, double bias, uint8_t *marks,
                               uint8_t bit, u32vec *list, const bool rect)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    while (list->count) {
        size_t k = list->count - 1;
        if (bias > 0 && rng_unit(rng) < bias) k = rng_below(rng, (uint32_t)list->count);
        grid_at c = grid_at_id(m, list->items[k]);
        unsigned fresh = 0;
        if (rect) {
            fresh = rect_unmarked(m, c.id, rect_sides(m, c), marks, bit);
        } else {
            unsigned sides = grid_links_as(m, false, c, next, back);
            FOR_EACH_SIDE_IN (s, sides)
                if (!(marks[next[s]] & bit)) fresh |= 1u << s;
        }
        if (!fresh) { /* nothing left to grow here */
            list->items[k] = list->items[--list->count];
            continue;
        }
        unsigned d = rng_pick_bit(rng, fresh), d_back;
        size_t to = rect ? grid_through_as(m, true, c.id, d, &d_back) : next[d];
        if (!rect) d_back = back[d];
        grid_join_as(m, rect, c.id, d, to, d_back);
        marks[to] |= bit;
        if (!u32vec_push(list, (uint32_t)to)) return false;
    }
    return true;
}

meiro_status gen_growing_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err)
{
    double bias = opt->bias < 0 ? 0 : opt->bias > 1 ? 1 : opt->bias;
    bool in_cells = m->grid == MEIRO_GRID_RECT && !m->active;
    uint8_t *seen = in_cells ? NULL : zalloc(grid_total(m), 1);
    uint8_t *marks = in_cells ? m->cells : seen, bit = in_cells ? MARK_SEEN : 1;
    u32vec list = {NULL, 0, 0};
    uint32_t start = (uint32_t)gen_random_cell(m, rng);
    bool ok = marks && u32vec_push(&list, start);
    if (ok) {
        marks[start] |= bit;
        ok = m->grid == MEIRO_GRID_RECT ? grow(m, rng, bias, marks, bit, &list, true)
                                        : grow(m, rng, bias, marks, bit, &list, false);
    }
    if (in_cells)
        for (size_t i = 0, n = grid_total(m); i < n; i++) m->cells[i] &= (uint8_t)CELL_BITS;
    free(seen);
    free(list.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}
