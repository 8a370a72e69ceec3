/* Masked rectangles: joining a shape that falls into pieces with the
 * shortest bridges of cells (straight where one is as short, marked
 * MASK_BRIDGE: drawn as corridors between the pieces), and what generators need on a shape (a random
 * cell inside, an order of cells that each touch an earlier one, closing the
 * loops that walls growing from a shape's edge leave around its holes). */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "core/sets.h"
#include "gen/gen.h"

#include <stdlib.h>
#include <string.h>

#define NO_LABEL UINT32_MAX

/* A shape in more pieces than this is noise (a scanned speckle), not a
 * shape: refused rather than webbed with bridges. */
enum { MAX_PIECES = 4096 };

/* The neighbour of cell i in direction d on a w x h grid, or SIZE_MAX. */
static size_t step(uint32_t w, uint32_t h, size_t i, unsigned d)
{
    uint32_t x = (uint32_t)(i % w), y = (uint32_t)(i / w);
    switch (d) {
    case MEIRO_NORTH: return y > 0 ? i - w : SIZE_MAX;
    case MEIRO_EAST: return x + 1 < w ? i + 1 : SIZE_MAX;
    case MEIRO_SOUTH: return y + 1 < h ? i + w : SIZE_MAX;
    default: return x > 0 ? i - 1 : SIZE_MAX;
    }
}

/* Numbers the pieces of the shape (4-connected), breadth first with the
 * queue in `queue`; returns how many, or stops counting past `most`. */
static uint32_t label_pieces(const uint8_t *inside, uint32_t w, uint32_t h, uint32_t *label,
                             uint32_t *queue, uint32_t most)
{
    size_t n = (size_t)w * h;
    uint32_t pieces = 0;
    for (size_t i = 0; i < n; i++) label[i] = NO_LABEL;
    for (size_t s = 0; s < n && pieces <= most; s++) {
        if (!inside[s] || label[s] != NO_LABEL) continue;
        size_t head = 0, tail = 0;
        label[s] = pieces;
        queue[tail++] = (uint32_t)s;
        while (head < tail) {
            size_t i = queue[head++];
            for (unsigned d = 0; d < DIR_COUNT; d++) {
                size_t j = step(w, h, i, d);
                if (j != SIZE_MAX && inside[j] && label[j] == NO_LABEL) {
                    label[j] = pieces;
                    queue[tail++] = (uint32_t)j;
                }
            }
        }
        pieces++;
    }
    return pieces;
}

/* Marks the cells from i back to its piece (following `back`) a bridge. */
static void lay_bridge(uint8_t *inside, const uint8_t *back, uint32_t w, uint32_t h, size_t i)
{
    while (!inside[i]) {
        inside[i] = MASK_BRIDGE;
        i = step(w, h, i, back[i]);
    }
}

/* The cost of the bridge through cells i and j (j the neighbour of i in
 * direction d): twice its cells, one more where it bends. */
static uint32_t bridge_cost(const uint8_t *inside, const uint8_t *back, const uint8_t *straight,
                            const uint32_t *dist, size_t i, size_t j, unsigned d)
{
    bool line = (inside[i] || (straight[i] && back[i] == dir_opposite((meiro_dir)d))) &&
                (inside[j] || (straight[j] && back[j] == d));
    return 2 * (dist[i] + dist[j]) + !line;
}

meiro_status mask_join(uint8_t *inside, uint32_t w, uint32_t h, bool bridges, uint32_t *added,
                       meiro_error *err)
{
    size_t n = (size_t)w * h;
    uint32_t *label = alloc_array(n, sizeof *label), *queue = alloc_array(n, sizeof *queue);
    uint32_t *dist = NULL, *parent = NULL;
    uint8_t *back = NULL, *straight = NULL;
    u32vec edges = {NULL, 0, 0};
    meiro_status s = MEIRO_OK;
    *added = 0;
    if (!label || !queue) goto nomem;
    uint32_t pieces = label_pieces(inside, w, h, label, queue, MAX_PIECES);
    if (pieces <= 1) goto done;
    if (pieces > MAX_PIECES) {
        s = fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT,
                       "the shape falls into more than %u pieces at %lu x %lu cells: use a cleaner "
                       "picture or fewer cells",
                       (unsigned)MAX_PIECES, (unsigned long)w, (unsigned long)h);
        goto done;
    }
    if (!bridges) {
        s = fail_field(
            err, MEIRO_FIELD_NO_BRIDGES, MEIRO_ERROR_ARGUMENT,
            "the shape falls into %lu pieces at %lu x %lu cells; allow bridges between them "
            "or use more cells",
            (unsigned long)pieces, (unsigned long)w, (unsigned long)h);
        goto done;
    }
    /* Grow every piece outward at once: each outside cell learns its
     * nearest piece, the distance and the way back to it. */
    dist = alloc_array(n, sizeof *dist);
    back = zalloc(n, 1);
    straight = zalloc(n, 1);
    parent = alloc_array(pieces, sizeof *parent);
    if (!dist || !back || !straight || !parent) goto nomem;
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < n; i++) {
        dist[i] = inside[i] ? 0 : UINT32_MAX;
        if (inside[i]) queue[tail++] = (uint32_t)i;
    }
    while (head < tail) {
        size_t i = queue[head++];
        for (unsigned d = 0; d < DIR_COUNT; d++) {
            size_t j = step(w, h, i, d);
            if (j == SIZE_MAX || dist[j] != UINT32_MAX) continue;
            dist[j] = dist[i] + 1;
            label[j] = label[i];
            back[j] = (uint8_t)dir_opposite((meiro_dir)d);
            queue[tail++] = (uint32_t)j;
        }
    }
    /* whether the way back from a cell to its piece is straight (in the
     * order found: the next cell back is known first) */
    for (size_t q = 0; q < tail; q++) {
        size_t i = queue[q], k = inside[i] ? i : step(w, h, i, back[i]);
        straight[i] = inside[i] || inside[k] || (back[k] == back[i] && straight[k]);
    }
    /* Where two pieces' regions meet, a bridge of dist[a] + dist[b] cells
     * would join them: Kruskal over those meeting points, cheapest first
     * (a counting sort by cost: twice the cells, and one more for a bent
     * bridge), keeps the shortest set of bridges, straight where it can. */
    uint32_t most = 0;
    for (size_t i = 0; i < n; i++) {
        for (unsigned d = MEIRO_EAST; d <= MEIRO_SOUTH; d++) {
            size_t j = step(w, h, i, d);
            if (j == SIZE_MAX || label[i] == label[j]) continue;
            if (!u32vec_push(&edges, (uint32_t)i) || !u32vec_push(&edges, d)) goto nomem;
            if (bridge_cost(inside, back, straight, dist, i, j, d) > most)
                most = bridge_cost(inside, back, straight, dist, i, j, d);
        }
    }
    size_t count = edges.count / 2;
    uint32_t *start = zalloc((size_t)most + 2, sizeof *start);
    uint32_t *order = alloc_array(count ? count : 1, sizeof *order);
    if (!start || !order) {
        free(start);
        free(order);
        goto nomem;
    }
    for (size_t e = 0; e < count; e++) {
        size_t i = edges.items[2 * e], j = step(w, h, i, edges.items[2 * e + 1]);
        start[bridge_cost(inside, back, straight, dist, i, j, edges.items[2 * e + 1]) + 1]++;
    }
    for (uint32_t c = 1; c <= most + 1; c++) start[c] += start[c - 1];
    for (size_t e = 0; e < count; e++) {
        size_t i = edges.items[2 * e], j = step(w, h, i, edges.items[2 * e + 1]);
        order[start[bridge_cost(inside, back, straight, dist, i, j, edges.items[2 * e + 1])]++] =
            (uint32_t)e;
    }
    free(start);
    for (uint32_t p = 0; p < pieces; p++) parent[p] = p;
    uint32_t joined = 0;
    for (size_t k = 0; k < count && joined + 1 < pieces; k++) {
        size_t e = order[k], i = edges.items[2 * e], j = step(w, h, i, edges.items[2 * e + 1]);
        if (!set_join(parent, label[i], label[j])) continue;
        joined++;
        *added += dist[i] + dist[j];
        lay_bridge(inside, back, w, h, i);
        lay_bridge(inside, back, w, h, j);
    }
    free(order);
    if (joined + 1 != pieces) s = fail(err, MEIRO_ERROR_INTERNAL, "pieces of the shape left apart");
    goto done;
nomem:
    s = fail(err, MEIRO_ERROR_NOMEM, "out of memory joining the pieces of the shape");
done:
    free(label);
    free(queue);
    free(dist);
    free(back);
    free(straight);
    free(parent);
    free(edges.items);
    return s;
}

meiro_status mask_close_loops(meiro_maze *m, rng_state *rng, meiro_error *err)
{
    size_t n = (size_t)m->w * m->h;
    uint32_t *parent = alloc_array(n, sizeof *parent);
    if (!parent) return fail(err, MEIRO_ERROR_NOMEM, "out of memory closing loops");
    for (size_t i = 0; i < n; i++) parent[i] = (uint32_t)i;
    /* passages in random order, so the wall that closes a hole's loop may
     * stand anywhere around it */
    perm_stream order;
    perm_stream_init(&order, 2 * (uint64_t)n, rng);
    for (uint64_t k = 0; k < 2 * (uint64_t)n; k++) {
        uint64_t later, wall = perm_stream_next(&order, &later);
        size_t i = (size_t)(wall >> 1);
        unsigned d = (wall & 1) ? MEIRO_SOUTH : MEIRO_EAST;
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        if (!cell_open(m, x, y, d)) continue;
        if (!set_join(parent, (uint32_t)i, (uint32_t)cell_neighbour(m, x, y, d)))
            maze_set_wall(m, x, y, d, false);
    }
    free(parent);
    return MEIRO_OK;
}
