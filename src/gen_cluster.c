/* `cluster` (クラスタリング法, seeds 001 and 002, Kruskal's algorithm):
 * every cell is a room with its own number; knock down walls in random
 * order between rooms with different numbers and merge the numbers. The
 * originals relabelled the whole array on every merge (quadratic); here the
 * numbers live in a union-find forest, and the random order of walls comes
 * from a permutation that needs no array of walls. */
#include "internal.h"

#include <stdlib.h>

static uint32_t find_root(uint32_t *parent, uint32_t a)
{
    while (parent[a] != a) a = parent[a] = parent[parent[a]]; /* path halving */
    return a;
}

meiro_status gen_cluster(meiro_maze *m, meiro_rng *rng, meiro_error *err)
{
    size_t n = (size_t)m->w * m->h;
    uint32_t *parent = meiro_malloc_array(n, sizeof *parent);
    uint8_t *rank = meiro_calloc(n, 1);
    if (!parent || !rank) {
        free(parent);
        free(rank);
        return meiro_fail(err, MEIRO_ERROR_NOMEM, "out of memory merging rooms");
    }
    for (size_t i = 0; i < n; i++) parent[i] = (uint32_t)i;

    /* Wall k is the east (k even) or south (k odd) wall of cell k / 2. */
    meiro_perm perm;
    perm_init(&perm, 2 * (uint64_t)n, rng);
    size_t merged = 0;
    for (uint64_t k = 0; k < 2 * (uint64_t)n && merged + 1 < n; k++) {
        uint64_t wall = perm_at(&perm, k);
        size_t i = (size_t)(wall >> 1);
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        unsigned d = (wall & 1) ? MEIRO_SOUTH : MEIRO_EAST;
        size_t j;
        if (d == MEIRO_EAST) {
            if (x + 1 >= m->w) continue;
            j = i + 1;
        } else {
            if (y + 1 >= m->h) continue;
            j = i + m->w;
        }
        uint32_t a = find_root(parent, (uint32_t)i), b = find_root(parent, (uint32_t)j);
        if (a == b) continue; /* same room number: the wall stays */
        if (rank[a] < rank[b]) parent[a] = b;
        else if (rank[a] > rank[b]) parent[b] = a;
        else {
            parent[b] = a;
            rank[a]++;
        }
        maze_set_wall(m, x, y, d, true);
        merged++;
    }
    free(parent);
    free(rank);
    return merged + 1 == n ? MEIRO_OK
                           : meiro_fail(err, MEIRO_ERROR_INTERNAL, "rooms left unmerged");
}
