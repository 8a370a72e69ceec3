/* Overflow-checked allocation and the shared containers: a growable array
 * of 32-bit values and a binary min-heap of 64-bit keys. */
#ifndef MEIRO_SRC_CORE_ALLOC_H
#define MEIRO_SRC_CORE_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Overflow-checked allocations: NULL on overflow or exhaustion. */
void *zalloc(size_t count, size_t size);
void *alloc_array(size_t count, size_t size);
void *realloc_array(void *ptr, size_t count, size_t size);
/* Zeroed memory for large scratch arrays read in random order (huge pages
 * where the system offers them); free with free(). */
void *zalloc_big(size_t count, size_t size);

/* Fault injection, defined only when alloc.c is compiled with
 * -DMEIRO_FAULT_INJECTION (the white-box fault tests): the nth allocation
 * through the functions above from now fails (0: none does), once. */
void fault_inject(unsigned long nth);
unsigned long fault_allocations(void); /* allocations seen since fault_inject */
bool fault_injected(void);             /* whether the nth came */
/* The countdown, handed back by a child process that drew a picture
 * (shapes/sandbox.c) to its parent, which goes on counting from it as if
 * the child's allocations were its own; defined in every build, it does
 * nothing without -DMEIRO_FAULT_INJECTION. */
typedef struct fault_state {
    unsigned long countdown, seen;
    bool fired;
} fault_state;
void fault_save(fault_state *s);
void fault_restore(const fault_state *s);
/* A named point of the library (a temporary file made: "temp"; a frame
 * written: "frame"); in the fault build a signal can be raised there
 * (alloc.c), elsewhere it does nothing. */
void fault_point(const char *point);

/* Makes room for `need` elements of elem_size bytes in a growable array:
 * `items` is the address of the array's pointer (any element type), *cap
 * its capacity in elements. The capacity doubles, from `first` (not 0)
 * when the array is empty, until it holds `need`. False (the array and *cap as they
 * were) when out of memory or on overflow. */
bool vec_reserve(void *items, size_t *cap, size_t need, size_t elem_size, size_t first);

/* A growable array of 32-bit values (frontiers, stacks, lists). */
typedef struct u32vec {
    uint32_t *items;
    size_t count, cap;
} u32vec;

/* Appends v; false when out of memory. */
bool u32vec_push(u32vec *v, uint32_t value);

/* A first-in first-out queue of 32-bit values (breadth-first search): a
 * ring that doubles when full, so it holds the search front only. */
typedef struct u32ring {
    uint32_t *items;
    size_t cap, head, count;
} u32ring;

bool u32ring_push(u32ring *r, uint32_t value); /* false when out of memory */
uint32_t u32ring_pop(u32ring *r);              /* the oldest; count > 0 */

/* A binary min-heap of 64-bit keys (priority in the high bits, a cell in
 * the low ones). */
typedef struct u64heap {
    uint64_t *items;
    size_t count, cap;
} u64heap;

bool u64heap_push(u64heap *h, uint64_t key); /* false when out of memory */
uint64_t u64heap_pop(u64heap *h);            /* the smallest; count > 0 */

#endif /* MEIRO_SRC_CORE_ALLOC_H */
