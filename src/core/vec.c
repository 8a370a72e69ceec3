/* Small containers shared by the algorithms: the growth of any growable
 * array, an array and a queue of 32-bit values and a binary min-heap of
 * 64-bit keys. */
#include "core/alloc.h"

#include <string.h>

bool vec_reserve(void *items, size_t *cap, size_t need, size_t elem_size, size_t first)
{
    if (need <= *cap) return true;
    size_t grown = *cap ? *cap : first;
    while (grown < need) {
        if (grown > SIZE_MAX / 2) return false;
        grown *= 2;
    }
    void *old; /* items points to a T *, read and written as bytes */
    memcpy(&old, items, sizeof old);
    void *more = realloc_array(old, grown, elem_size);
    if (!more) return false;
    memcpy(items, &more, sizeof more);
    *cap = grown;
    return true;
}

bool u32vec_push(u32vec *v, uint32_t value)
{
    if (v->count == v->cap && !vec_reserve(&v->items, &v->cap, v->count + 1, sizeof *v->items, 256))
        return false;
    v->items[v->count++] = value;
    return true;
}

bool u32ring_push(u32ring *r, uint32_t value)
{
    if (r->count == r->cap) {
        size_t old = r->cap;
        if (!vec_reserve(&r->items, &r->cap, old + 1, sizeof *r->items, 1024)) return false;
        /* full: the queue runs from head to the old end, then wraps to
         * 0..head; the wrapped part moves after the old end */
        memcpy(r->items + old, r->items, r->head * sizeof *r->items);
    }
    r->items[(r->head + r->count) % r->cap] = value;
    r->count++;
    return true;
}

uint32_t u32ring_pop(u32ring *r)
{
    uint32_t v = r->items[r->head];
    r->head = (r->head + 1) % r->cap;
    r->count--;
    return v;
}

bool u64heap_push(u64heap *h, uint64_t key)
{
    if (h->count == h->cap && !vec_reserve(&h->items, &h->cap, h->count + 1, sizeof *h->items, 256))
        return false;
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
