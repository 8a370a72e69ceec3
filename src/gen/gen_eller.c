/* `eller` (Eller's algorithm): one row at a time, keeping only which cells
 * of the current row are already connected (sets): join neighbours of
 * different sets at random, then send every set down at least once. The
 * last row joins everything left. Scratch memory is proportional to the
 * width alone, so very tall mazes cost nothing extra. The sets are a
 * union-find over the row's columns: no relabelling of the row per join. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "core/sets.h"
#include "gen/gen.h"

#include <stdlib.h>

meiro_status rect_eller(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                        meiro_error *err)
{
    (void)opt;
    uint32_t w = m->w;
    /* per column: its set's parent; per set root: members seen so far, the
     * randomly kept member, whether it goes down, the column that roots it
     * in the next row; and the next row's parents */
    uint32_t *parent = alloc_array(w, 6 * sizeof(uint32_t));
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for a row");
    uint32_t *seen = parent + w, *keep = seen + w, *down = keep + w, *next = down + w,
             *below = next + w;
    for (uint32_t x = 0; x < w; x++) parent[x] = x;
    for (uint32_t y = 0; y < m->h; y++) {
        bool last = y + 1 == m->h;
        for (uint32_t x = 0; x + 1 < w; x++) {
            uint32_t a = set_find(parent, x), b = set_find(parent, x + 1);
            if (a != b && (last || rng_below(rng, 2))) {
                maze_set_wall(m, x, y, MEIRO_EAST, true);
                parent[b] = a;
            }
        }
        if (last) break;
        /* each set goes down from a random half of its cells, and from one
         * randomly kept member (reservoir sampling) if none was chosen */
        for (uint32_t x = 0; x < w; x++) seen[x] = 0, down[x] = 0;
        const uint32_t SET_HAS_DOWN = 2;
        for (uint32_t x = 0; x < w; x++) {
            uint32_t r = set_find(parent, x);
            if (rng_below(rng, ++seen[r]) == 0) keep[r] = x;
            if (rng_below(rng, 2)) {
                down[x] |= 1;
                down[r] |= SET_HAS_DOWN;
            }
        }
        for (uint32_t x = 0; x < w; x++) {
            uint32_t r = set_find(parent, x);
            if (!(down[r] & SET_HAS_DOWN) && keep[r] == x) down[x] |= 1;
        }
        /* the next row: cells below a way down keep their set, whose new
         * root is the set's first such column; the others start their own */
        for (uint32_t x = 0; x < w; x++) next[x] = UINT32_MAX;
        for (uint32_t x = 0; x < w; x++) {
            uint32_t r = set_find(parent, x);
            if (down[x] & 1) {
                maze_set_wall(m, x, y, MEIRO_SOUTH, true);
                if (next[r] == UINT32_MAX) next[r] = x;
                below[x] = next[r];
            } else {
                below[x] = x;
            }
        }
        for (uint32_t x = 0; x < w; x++) parent[x] = below[x];
    }
    free(parent);
    return MEIRO_OK;
}
