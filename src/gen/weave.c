/* Weave generators (--weave P): the forms of dig, growing-tree and cluster
 * that make crossings, where a passage tunnels under a straight
 * perpendicular corridor (core/weave.h). dig and growing-tree tunnel from
 * the cell they grow under a visited corridor into an unvisited cell
 * beyond; cluster (Kruskal) places its crossings first, as in *Mazes for
 * Programmers*, then merges rooms as usual. Still perfect: a tunnel is one
 * more edge of the spanning tree. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/rng.h"
#include "core/search.h"
#include "core/sets.h"
#include "core/weave.h"
#include "gen/gen.h"

#include <stdlib.h>

/* Whether cell b must not become a crossing: S or G, when the user named
 * their cells (S or G on a crossing would hide which passage it is in). */
static bool kept_cell(const meiro_maze *m, const meiro_generate_options *opt, size_t b)
{
    return opt->ends == MEIRO_ENDS_CELLS &&
           (b == grid_id(m, opt->start) || b == grid_id(m, opt->goal));
}

/* The sides of `at` a tunnel may leave by, when the draw lets it (a share
 * `percent` of the cells that could). */
static unsigned tunnels(const meiro_maze *m, rng_state *rng, grid_at at, const uint8_t *seen,
                        const meiro_generate_options *opt)
{
    unsigned t = 0;
    for (unsigned d = 0; d < DIR_COUNT; d++)
        if (weave_can_cross(m, at, d, seen) &&
            !kept_cell(m, opt,
                       at.id + (size_t)((ptrdiff_t)DIR_DY[d] * (ptrdiff_t)m->w + DIR_DX[d])))
            t |= dir_bit(d);
    if (t && rng_below(rng, 100) >= opt->weave) t = 0;
    return t;
}

/* One step from `at` by side d: a tunnel when d is among `under`, else
 * into the neighbour; returns the cell reached. */
static grid_at step(meiro_maze *m, grid_at at, unsigned d, unsigned under)
{
    unsigned back;
    size_t to;
    if (under & dir_bit(d)) {
        to = weave_cross(m, at.id, d);
    } else {
        to = grid_through_as(m, true, at.id, d, &back);
        grid_join_as(m, true, at.id, d, to, dir_opposite((meiro_dir)d));
    }
    return grid_step_as(m, true, at, d, to);
}

static meiro_status weave_dig(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err)
{
    uint8_t *trail = zalloc(grid_total(m), 1);
    if (!trail) return fail(err, MEIRO_ERROR_NOMEM, "out of memory digging the maze");
    grid_at at = grid_at_id(m, gen_random_cell(m, rng));
    trail[at.id] = TRAIL_SEEN | TRAIL_ROOT;
    for (;;) {
        unsigned fresh = rect_unmarked(m, at.id, rect_sides(m, at), trail, TRAIL_SEEN);
        unsigned under = tunnels(m, rng, at, trail, opt);
        if (fresh | under) {
            unsigned d = rng_pick_bit(rng, fresh | under);
            at = step(m, at, d, under);
            trail[at.id] = (uint8_t)(TRAIL_SEEN | dir_opposite((meiro_dir)d));
            continue;
        }
        if (trail[at.id] & TRAIL_ROOT) break;
        unsigned side = trail[at.id] & TRAIL_SIDE, ignored;
        at = grid_step_as(m, true, at, side, grid_through_as(m, true, at.id, side, &ignored));
    }
    free(trail);
    return MEIRO_OK;
}

static meiro_status weave_growing_tree(meiro_maze *m, rng_state *rng,
                                       const meiro_generate_options *opt, meiro_error *err)
{
    double bias = opt->bias < 0 ? 0 : opt->bias > 1 ? 1 : opt->bias;
    uint8_t *seen = zalloc(grid_total(m), 1);
    u32vec list = {NULL, 0, 0};
    uint32_t start = (uint32_t)gen_random_cell(m, rng);
    bool ok = seen && u32vec_push(&list, start);
    if (ok) seen[start] = 1;
    while (ok && list.count) {
        size_t k = list.count - 1;
        if (bias > 0 && rng_unit(rng) < bias) k = rng_below(rng, (uint32_t)list.count);
        grid_at c = grid_at_id(m, list.items[k]);
        unsigned fresh = rect_unmarked(m, c.id, rect_sides(m, c), seen, 1);
        unsigned under = tunnels(m, rng, c, seen, opt);
        if (!(fresh | under)) {
            list.items[k] = list.items[--list.count];
            continue;
        }
        grid_at to = step(m, c, rng_pick_bit(rng, fresh | under), under);
        seen[to.id] = 1;
        ok = u32vec_push(&list, (uint32_t)to.id);
    }
    free(seen);
    free(list.items);
    return ok ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory growing the maze");
}

/* Kruskal's with crossings placed first: a cell with no passage yet whose
 * four neighbours and itself are five different rooms becomes a crossing
 * (over one way, under the other, by a draw), which merges its rooms into
 * two; then every other wall in random order, as `cluster` does. */
static meiro_status weave_cluster(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                                  meiro_error *err)
{
    size_t n = grid_total(m);
    uint32_t *parent = alloc_array(n, sizeof *parent);
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms");
    for (size_t i = 0; i < n; i++) parent[i] = (uint32_t)i;
    uint64_t merged = 0;
    size_t w = m->w;
    for (uint32_t y = 1; y + 1 < m->h; y++)
        for (uint32_t x = 1; x + 1 < m->w; x++) {
            size_t b = (size_t)y * w + x, nb[DIR_COUNT] = {b - w, b + 1, b + w, b - 1};
            if (rng_below(rng, 100) >= opt->weave || grid_open_sides_as(m, true, b) ||
                kept_cell(m, opt, b))
                continue;
            bool fits = grid_active(m, b);
            uint32_t roots[5] = {set_find(parent, (uint32_t)b)};
            for (unsigned d = 0; d < DIR_COUNT && fits; d++) {
                fits = grid_active(m, nb[d]);
                roots[d + 1] = set_find(parent, (uint32_t)nb[d]);
                for (unsigned e = 0; e <= d && fits; e++) fits = roots[e] != roots[d + 1];
            }
            if (!fits) continue;
            unsigned under = rng_below(rng, 2) ? MEIRO_EAST : MEIRO_NORTH, over = under ^ 1u;
            /* the over-passage through b, then the tunnel under it */
            grid_join_as(m, true, b, over, nb[over], over ^ 2u);
            grid_join_as(m, true, b, over ^ 2u, nb[over ^ 2u], over);
            set_join(parent, (uint32_t)b, (uint32_t)nb[over]);
            set_join(parent, (uint32_t)b, (uint32_t)nb[over ^ 2u]);
            weave_cross(m, nb[under ^ 2u], under);
            set_join(parent, (uint32_t)nb[under], (uint32_t)nb[under ^ 2u]);
            merged += 3;
        }
    uint64_t walls = 2 * (uint64_t)n;
    perm_stream order;
    perm_stream_init(&order, walls, rng);
    for (uint64_t k = 0; k < walls && merged + 1 < m->active_count; k++) {
        uint64_t later, wall = perm_stream_next(&order, &later);
        size_t i = (size_t)(wall >> 1), j;
        unsigned side = 1u + (unsigned)(wall & 1u), back;
        if (!grid_active(m, i) || (j = grid_across(m, i, side, &back)) == GRID_NONE) continue;
        /* a crossing's walls are all taken already */
        if ((m->cells[i] | m->cells[j]) & CELL_UNDER) continue;
        if (!set_join(parent, (uint32_t)i, (uint32_t)j)) continue;
        grid_join_as(m, true, i, side, j, back);
        merged++;
    }
    free(parent);
    return merged + 1 == m->active_count ? MEIRO_OK
                                         : fail(err, MEIRO_ERROR_INTERNAL, "rooms left unmerged");
}

generator_fn weave_generator(generator_fn run)
{
    if (run == gen_dig) return weave_dig;
    if (run == gen_growing_tree) return weave_growing_tree;
    if (run == gen_cluster) return weave_cluster;
    return NULL;
}
