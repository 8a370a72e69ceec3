/* Picture mazes: the solution path, coloured in, draws a picture. The grid
 * is cut into 2 x 2 blocks; the picture's blocks (joined by the shortest
 * bridges of blocks when it is in pieces) get a random spanning tree, and
 * the way around that tree visits every cell of those blocks once: a cycle,
 * cut at one wall into the path from S to G. Every other cell hangs off it
 * in short dead ends, many of them opening onto the path, so the picture's
 * outline is not a wall of its own before the maze is solved. Reverse: the
 * path covers the cells outside the picture, and the dead ends draw it. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/model.h"
#include "core/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Blocks of a dead end's tree, at most: a dead end is the way around
 * it, up to 4 cells a block, long enough to be worth following, short
 * enough that they are many, opening all over the grid. */
enum { DEAD_END_BLOCKS = 12 };

static uint32_t uf_find(uint32_t *parent, uint32_t a)
{
    while (parent[a] != a) {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}

static bool uf_union(uint32_t *parent, uint32_t a, uint32_t b)
{
    a = uf_find(parent, a);
    b = uf_find(parent, b);
    if (a == b) return false;
    if (a < b) parent[b] = a;
    else parent[a] = b;
    return true;
}

/* The neighbours of block b on a bw x bh grid of blocks, by direction;
 * false past the border. */
static bool block_step(uint32_t bw, uint32_t bh, uint32_t b, unsigned d, uint32_t *next)
{
    uint32_t x = b % bw, y = b / bw;
    if ((d == MEIRO_NORTH && y == 0) || (d == MEIRO_SOUTH && y + 1 == bh) ||
        (d == MEIRO_WEST && x == 0) || (d == MEIRO_EAST && x + 1 == bw))
        return false;
    *next = (uint32_t)((y + (uint32_t)DIR_DY[d]) * bw + x + (uint32_t)DIR_DX[d]);
    return true;
}

typedef struct bridge_edge {
    uint32_t weight, a, b;
} bridge_edge;

static int edge_cmp(const void *pa, const void *pb)
{
    const bridge_edge *a = pa, *b = pb;
    if (a->weight != b->weight) return a->weight < b->weight ? -1 : 1;
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    return a->b < b->b ? -1 : (a->b > b->b);
}

/* Joins the pieces of on[] (blocks) with the shortest bridges: every block
 * is claimed by its nearest piece (one breadth-first search from all of
 * them), the pairs of neighbouring blocks claimed by two pieces are the
 * candidate bridges, and the shortest that join pieces not yet joined
 * (Kruskal's) are marked on, back along the search to each piece. Linear
 * but for the sort of the candidates. *pieces: how many there were. */
static meiro_status join_pieces(uint8_t *on, uint32_t bw, uint32_t bh, uint32_t *pieces,
                                meiro_error *err)
{
    size_t n = (size_t)bw * bh;
    meiro_status s = MEIRO_ERROR_NOMEM;
    uint32_t *piece = alloc_array(n, sizeof *piece), *dist = alloc_array(n, sizeof *dist);
    uint32_t *from = alloc_array(n, sizeof *from), *uf = NULL;
    uint32_t *queue = alloc_array(n, sizeof *queue);
    bridge_edge *edges = NULL;
    if (!piece || !dist || !from || !queue) goto done;
    for (size_t i = 0; i < n; i++) piece[i] = UINT32_MAX;
    /* the pieces: one search each, over the blocks that are on */
    uint32_t count = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!on[i] || piece[i] != UINT32_MAX) continue;
        size_t head = 0, tail = 0;
        queue[tail++] = i;
        piece[i] = count;
        while (head < tail) {
            uint32_t b = queue[head++], nb;
            for (unsigned d = 0; d < DIR_COUNT; d++)
                if (block_step(bw, bh, b, d, &nb) && on[nb] && piece[nb] == UINT32_MAX) {
                    piece[nb] = count;
                    queue[tail++] = nb;
                }
        }
        count++;
    }
    *pieces = count;
    if (count <= 1) {
        s = MEIRO_OK;
        goto done;
    }
    /* every block claimed by its nearest piece */
    size_t head = 0, tail = 0;
    for (uint32_t i = 0; i < n; i++) {
        dist[i] = on[i] ? 0 : UINT32_MAX;
        from[i] = i;
        if (on[i]) queue[tail++] = i;
    }
    while (head < tail) {
        uint32_t b = queue[head++], nb;
        for (unsigned d = 0; d < DIR_COUNT; d++)
            if (block_step(bw, bh, b, d, &nb) && dist[nb] == UINT32_MAX) {
                dist[nb] = dist[b] + 1;
                piece[nb] = piece[b];
                from[nb] = b;
                queue[tail++] = nb;
            }
    }
    /* the candidates: east and south neighbours claimed by two pieces */
    size_t ne = 0;
    edges = alloc_array(2 * n, sizeof *edges);
    uf = alloc_array(count, sizeof *uf);
    if (!edges || !uf) goto done;
    for (uint32_t b = 0; b < n; b++) {
        for (unsigned d = MEIRO_EAST; d <= MEIRO_SOUTH; d++) {
            uint32_t nb;
            if (block_step(bw, bh, b, d, &nb) && piece[nb] != piece[b])
                edges[ne++] = (bridge_edge){dist[b] + dist[nb], b, nb};
        }
    }
    qsort(edges, ne, sizeof *edges, edge_cmp);
    for (uint32_t p = 0; p < count; p++) uf[p] = p;
    for (size_t k = 0; k < ne; k++) {
        if (!uf_union(uf, piece[edges[k].a], piece[edges[k].b])) continue;
        uint32_t ends[2] = {edges[k].a, edges[k].b};
        for (int e = 0; e < 2; e++)
            for (uint32_t b = ends[e]; !on[b]; b = from[b]) on[b] = 1;
    }
    s = MEIRO_OK;
done:
    if (s != MEIRO_OK) fail(err, s, "out of memory joining the picture's pieces");
    free(piece);
    free(dist);
    free(from);
    free(queue);
    free(edges);
    free(uf);
    return s;
}

/* The cell (x, y) of corner k of block b: 0 top left, 1 top right, 2
 * bottom left, 3 bottom right. */
static void corner(uint32_t bw, uint32_t b, unsigned k, uint32_t *x, uint32_t *y)
{
    *x = (b % bw) * 2 + (k & 1u);
    *y = (b / bw) * 2 + (k >> 1);
}

/* Every block's four cells in a ring, then random Kruskal over the blocks
 * (a shuffle of the edges taken in order) joining blocks of the same side
 * of the picture: the path's blocks into one tree, the others into trees
 * of at most DEAD_END_BLOCKS blocks. Across each edge of a tree the two
 * sides facing each other become the two walls between them, so the way
 * around each tree visits its cells once: a cycle per tree. uf ends as
 * the trees (uf_find). */
static meiro_status block_cycles(meiro_maze *m, const uint8_t *on, uint32_t *uf, uint32_t bw,
                                 uint32_t bh, rng_state *rng, meiro_error *err)
{
    size_t n = (size_t)bw * bh, ne = 0;
    uint64_t *edges = alloc_array(2 * n, sizeof *edges);
    uint32_t *size = alloc_array(n, sizeof *size);
    if (!edges || !size) {
        free(edges);
        free(size);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the picture's trees");
    }
    for (uint32_t b = 0; b < n; b++) {
        uf[b] = b;
        size[b] = 1;
        uint32_t x, y;
        corner(bw, b, 0, &x, &y);
        maze_set_wall(m, x, y, MEIRO_EAST, true);
        maze_set_wall(m, x, y, MEIRO_SOUTH, true);
        maze_set_wall(m, x + 1, y, MEIRO_SOUTH, true);
        maze_set_wall(m, x, y + 1, MEIRO_EAST, true);
        for (unsigned d = MEIRO_EAST; d <= MEIRO_SOUTH; d++) {
            uint32_t nb;
            if (block_step(bw, bh, b, d, &nb) && on[nb] == on[b])
                edges[ne++] = (uint64_t)b << 1 | (d == MEIRO_SOUTH);
        }
    }
    for (size_t k = ne; k > 1; k--) {
        size_t j = rng_below(rng, (uint32_t)k);
        uint64_t t = edges[k - 1];
        edges[k - 1] = edges[j];
        edges[j] = t;
    }
    for (size_t k = 0; k < ne; k++) {
        uint32_t b = (uint32_t)(edges[k] >> 1);
        bool south = edges[k] & 1u;
        uint32_t nb = south ? b + bw : b + 1, x, y;
        uint32_t rb = uf_find(uf, b), rn = uf_find(uf, nb);
        if (rb == rn || (!on[b] && size[rb] + size[rn] > DEAD_END_BLOCKS)) continue;
        uf_union(uf, rb, rn);
        size[uf_find(uf, rb)] = size[rb] + size[rn];
        corner(bw, b, 0, &x, &y);
        if (south) { /* b's bottom side and nb's top side become two passages down */
            maze_set_wall(m, x, y + 1, MEIRO_EAST, false);
            maze_set_wall(m, x, y + 2, MEIRO_EAST, false);
            maze_set_wall(m, x, y + 1, MEIRO_SOUTH, true);
            maze_set_wall(m, x + 1, y + 1, MEIRO_SOUTH, true);
        } else { /* b's right side and nb's left side become two passages across */
            maze_set_wall(m, x + 1, y, MEIRO_SOUTH, false);
            maze_set_wall(m, x + 2, y, MEIRO_SOUTH, false);
            maze_set_wall(m, x + 1, y, MEIRO_EAST, true);
            maze_set_wall(m, x + 1, y + 1, MEIRO_EAST, true);
        }
    }
    free(edges);
    free(size);
    return MEIRO_OK;
}

/* The open sides of (x, y) whose neighbour is in the maze (want) or not. */
static unsigned sides_in(const meiro_maze *m, const uint8_t *in, uint32_t x, uint32_t y, bool want)
{
    unsigned sides = rect_sides_xy(m, x, y), out = 0;
    for (unsigned d = 0; d < DIR_COUNT; d++)
        if ((sides >> d & 1u) && (in[cell_neighbour(m, x, y, d)] != 0) == want) out |= dir_bit(d);
    return out;
}

/* Takes tree t's cells into the maze (in[]) and pushes their neighbours
 * outside it onto `near`. members: the blocks of each tree, tree t's from
 * first[t] to first[t + 1]. */
static bool take_tree(const meiro_maze *m, uint8_t *in, const uint32_t *members,
                      const uint32_t *first, uint32_t t, u32vec *near)
{
    uint32_t bw = m->w / 2;
    for (uint32_t k = first[t]; k < first[t + 1]; k++)
        for (unsigned c = 0; c < 4; c++) {
            uint32_t x, y;
            corner(bw, members[k], c, &x, &y);
            in[cell_index(m, x, y)] = 1;
        }
    for (uint32_t k = first[t]; k < first[t + 1]; k++)
        for (unsigned c = 0; c < 4; c++) {
            uint32_t x, y;
            corner(bw, members[k], c, &x, &y);
            unsigned out = sides_in(m, in, x, y, false);
            for (unsigned d = 0; d < DIR_COUNT; d++)
                if ((out >> d & 1u) && !u32vec_push(near, (uint32_t)cell_neighbour(m, x, y, d)))
                    return false;
        }
    return true;
}

/* Hangs every other tree's cycle off the maze as a dead end: a cell next
 * to the maze, drawn at random, opens onto it and its tree's cycle is cut
 * beside it, so the tree becomes one winding dead end from there. The
 * dead ends look like the path (the same winding double lanes) and open
 * off it and off each other all over the grid. One wall joins each tree:
 * the maze stays a tree. */
static meiro_status hang_dead_ends(meiro_maze *m, uint8_t *in, const uint32_t *uf,
                                   uint32_t path_tree, rng_state *rng, meiro_error *err)
{
    uint32_t bw = m->w / 2, nb = bw * (m->h / 2);
    meiro_status s = MEIRO_ERROR_NOMEM;
    u32vec near = {0};
    uint32_t *first = zalloc((size_t)nb + 2, sizeof *first);
    uint32_t *members = alloc_array(nb, sizeof *members);
    if (!first || !members) goto done;
    /* the blocks grouped by tree (a counting sort on the tree's root) */
    for (uint32_t b = 0; b < nb; b++) first[uf[b] + 2]++;
    for (uint32_t t = 0; t < nb; t++) first[t + 2] += first[t + 1];
    for (uint32_t b = 0; b < nb; b++) members[first[uf[b] + 1]++] = b;
    if (!take_tree(m, in, members, first, path_tree, &near)) goto done;
    while (near.count) {
        size_t k = rng_below(rng, (uint32_t)near.count);
        uint32_t c = near.items[k];
        near.items[k] = near.items[--near.count];
        if (in[c]) continue;
        uint32_t x = c % m->w, y = c / m->w;
        unsigned ring = 0;
        for (unsigned d = 0; d < DIR_COUNT; d++)
            if (cell_open(m, x, y, d)) ring |= dir_bit(d);
        maze_set_wall(m, x, y, rng_pick_bit(rng, ring), false);
        maze_set_wall(m, x, y, rng_pick_bit(rng, sides_in(m, in, x, y, true)), true);
        if (!take_tree(m, in, members, first, uf[(y / 2) * bw + x / 2], &near)) goto done;
    }
    s = MEIRO_OK;
done:
    free(near.items);
    free(first);
    free(members);
    if (s != MEIRO_OK) fail(err, s, "out of memory for the picture maze's dead ends");
    return s;
}

meiro_maze *meiro_picture_maze(const uint8_t *picture, uint32_t width, uint32_t height,
                               bool reverse, uint64_t seed, meiro_error *err)
{
    if (!picture)
        return fail(err, MEIRO_ERROR_ARGUMENT, "a picture maze needs a picture"), NULL;
    if (width < 2 || height < 2 || width % 2 || height % 2)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "a picture maze is made of 2 x 2 blocks: its width and height must be even "
                    "(at least 2), not %lu x %lu",
                    (unsigned long)width, (unsigned long)height),
               NULL;
    meiro_maze *m = meiro_maze_new(width, height, err);
    if (!m) return NULL;
    uint32_t bw = width / 2, bh = height / 2, pieces = 0;
    size_t nb = (size_t)bw * bh, n = (size_t)width * height, on_count = 0;
    uint8_t *on = zalloc(nb, 1), *in = zalloc(n, 1);
    uint32_t *uf = alloc_array(nb, sizeof *uf);
    rng_state rng;
    rng_seed(&rng, seed);
    if (!on || !in || !uf) {
        fail(err, MEIRO_ERROR_NOMEM, "out of memory for a %lu x %lu picture maze",
             (unsigned long)width, (unsigned long)height);
        goto fail;
    }
    /* a block is the picture's when at least half of its cells are */
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t x, y;
        unsigned inside = 0;
        for (unsigned k = 0; k < 4; k++) {
            corner(bw, b, k, &x, &y);
            inside += picture[cell_index(m, x, y)] != 0;
        }
        on[b] = (inside >= 2) != reverse;
        on_count += on[b];
    }
    if (on_count == 0 || on_count == nb) {
        fail(err, MEIRO_ERROR_ARGUMENT,
             on_count == 0 ? "the picture has no 2 x 2 block of cells on a %lu x %lu grid"
                           : "the picture covers the whole %lu x %lu grid: nothing is left "
                             "for the dead ends",
             (unsigned long)width, (unsigned long)height);
        goto fail;
    }
    if (join_pieces(on, bw, bh, &pieces, err) != MEIRO_OK) goto fail;
    if (block_cycles(m, on, uf, bw, bh, &rng, err) != MEIRO_OK) goto fail;
    for (uint32_t b = 0; b < nb; b++) uf[b] = uf_find(uf, b);
    /* the cycle cut at one of its walls: the path from S to G */
    uint32_t cut_block;
    do cut_block = rng_below(&rng, (uint32_t)nb);
    while (!on[cut_block]);
    uint32_t sx, sy;
    corner(bw, cut_block, rng_below(&rng, 4), &sx, &sy);
    unsigned open = 0;
    for (unsigned d = 0; d < DIR_COUNT; d++)
        if (cell_open(m, sx, sy, d)) open |= dir_bit(d);
    unsigned d = rng_pick_bit(&rng, open);
    maze_set_wall(m, sx, sy, d, false);
    m->start = (meiro_cell){sx, sy};
    m->goal = (meiro_cell){sx + (uint32_t)DIR_DX[d], sy + (uint32_t)DIR_DY[d]};
    if (hang_dead_ends(m, in, uf, uf[cut_block], &rng, err) != MEIRO_OK) goto fail;
    m->has_seed = true;
    m->seed = seed;
    m->picture = reverse ? MEIRO_PICTURE_REVERSE : MEIRO_PICTURE_PATH;
    snprintf(m->algorithm, sizeof m->algorithm, "%s", reverse ? "picture-reverse" : "picture");
    free(on);
    free(in);
    free(uf);
    return m;
fail:
    free(on);
    free(in);
    free(uf);
    meiro_maze_free(m);
    return NULL;
}

unsigned meiro_maze_picture(const meiro_maze *maze) { return maze ? maze->picture : 0; }
