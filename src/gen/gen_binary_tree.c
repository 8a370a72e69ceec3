/* `binary-tree`: every cell opens its north or its west wall at random (the
 * top row only west, the left column only north). No memory at all; a
 * strong diagonal bias, and the top row and left column are one open
 * corridor each. */
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

static void rect_binary_tree(meiro_maze *m, rng_state *rng)
{
    for (uint32_t y = 0; y < m->h; y++) {
        for (uint32_t x = 0; x < m->w; x++) {
            unsigned choices =
                (y > 0 ? dir_bit(MEIRO_NORTH) : 0) | (x > 0 ? dir_bit(MEIRO_WEST) : 0);
            if (choices) maze_set_wall(m, x, y, rng_pick_bit(rng, choices), true);
        }
    }
}

/* ---- Polar grids: every cell outside the centre opens inward or to its
 * clockwise neighbour (the last cell of a ring only inward, as the right
 * column opens only north), so every way leads in to the centre. */

static void polar_binary_tree(meiro_maze *m, rng_state *rng)
{
    size_t id = 1, next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (uint32_t y = 1; y < m->h; y++) {
        uint32_t n = grid_row_width(m, y);
        for (uint32_t x = 0; x < n; x++, id++) {
            bool clockwise = x + 1 < n && rng_below(rng, 2);
            grid_links(m, (grid_at){id, {x, y}}, next, back);
            unsigned d = clockwise ? grid_sides(m, id) - 1 : 0;
            grid_join(m, id, d, next[d], back[d]);
        }
    }
}

meiro_status gen_binary_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                             meiro_error *err)
{
    (void)opt, (void)err; /* the registry offers it on these two grids only */
    if (m->grid == MEIRO_GRID_POLAR) polar_binary_tree(m, rng);
    else rect_binary_tree(m, rng);
    return MEIRO_OK;
}
