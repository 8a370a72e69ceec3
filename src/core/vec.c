/* Small containers shared by the algorithms: a growable array and a
 * binary min-heap of 64-bit keys. */
#include "core/alloc.h"

bool u32vec_push(u32vec *v, uint32_t value)
{
    if (v->count == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 256;
        uint32_t *items = realloc_array(v->items, cap, sizeof *items);
        if (!items) return false;
        v->items = items;
        v->cap = cap;
    }
    v->items[v->count++] = value;
    return true;
}

bool u64heap_push(u64heap *h, uint64_t key)
{
    if (h->count == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 256;
        uint64_t *items = realloc_array(h->items, cap, sizeof *items);
        if (!items) return false;
        h->items = items;
        h->cap = cap;
    }
    size_t i = h->count++;
    while (i > 0 && h->items[(i - 1) / 2] > key) {
        h->items[i] = h->items[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->items[i] = key;
    return true;
}

uint64_t u64heap_pop(u64heap *h)
{
    uint64_t top = h->items[0], last = h->items[--h->count];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->count) break;
        if (c + 1 < h->count && h->items[c + 1] < h->items[c]) c++;
        if (h->items[c] >= last) break;
        h->items[i] = h->items[c];
        i = c;
    }
    if (h->count) h->items[i] = last;
    return top;
}
