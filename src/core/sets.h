/* Disjoint sets in an array: parent[i] == i for a set's root. Union-find
 * with path halving, for the passes that join cells (Kruskal, Eller, the
 * perfect-maze check, the bridges between a shape's pieces). */
#ifndef MEIRO_SRC_CORE_SETS_H
#define MEIRO_SRC_CORE_SETS_H

#include <stdbool.h>
#include <stdint.h>

static inline uint32_t set_find(uint32_t *parent, uint32_t a)
{
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
}

/* Joins the sets of a and b (the smaller root stays the root); false if
 * they were one set already. */
static inline bool set_join(uint32_t *parent, uint32_t a, uint32_t b)
{
    a = set_find(parent, a);
    b = set_find(parent, b);
    if (a == b) return false;
    if (a < b) parent[b] = a;
    else parent[a] = b;
    return true;
}

#endif /* MEIRO_SRC_CORE_SETS_H */
