/* Small shared helpers: errors, checked allocation, containers, compiler hints. */
#ifndef MEIRO_UTIL_H
#define MEIRO_UTIL_H

#include "meiro.h"

/* ---- Errors ---- */

/* Fills err (if not NULL) and returns status. printf-style message. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
meiro_status fail(meiro_error *err, meiro_status status, const char *fmt, ...);

/* Same, with a position in an input file. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
meiro_status fail_at(meiro_error *err, meiro_status status, unsigned long line,
                           unsigned long column, const char *fmt, ...);

/* Overflow-checked allocations: NULL on overflow or exhaustion. */
void *zalloc(size_t count, size_t size);
void *alloc_array(size_t count, size_t size);
void *realloc_array(void *ptr, size_t count, size_t size);
/* Zeroed memory for large scratch arrays read in random order (huge pages
 * where the system offers them); free with free(). */
void *zalloc_big(size_t count, size_t size);

/* ---- Names ---- */

/* True if word[0..len) is one of the space-separated words of list. */
bool name_in_list(const char *list, const char *word, size_t len, bool fold_case);
/* True if `name` is `info`'s name or one of its aliases. */
bool info_matches(const meiro_algorithm_info *info, const char *name);

/* A growable array of 32-bit values (frontiers, stacks, lists). */
typedef struct u32vec {
    uint32_t *items;
    size_t count, cap;
} u32vec;

/* Appends v; false when out of memory. */
bool u32vec_push(u32vec *v, uint32_t value);

/* A binary min-heap of 64-bit keys (priority in the high bits, a cell in
 * the low ones). */
typedef struct u64heap {
    uint64_t *items;
    size_t count, cap;
} u64heap;

bool u64heap_push(u64heap *h, uint64_t key); /* false when out of memory */
uint64_t u64heap_pop(u64heap *h);            /* the smallest; count > 0 */

/* A hint to fetch memory that will be read soon (no effect where the
 * compiler offers none). */
#if defined(__GNUC__)
#define prefetch(addr) __builtin_prefetch(addr)
#else
#define prefetch(addr) ((void)(addr))
#endif

/* A branch that is almost never taken (an observer, say). */
#if defined(__GNUC__)
#define UNLIKELY(c) __builtin_expect(!!(c), 0)
#else
#define UNLIKELY(c) (c)
#endif

#endif /* MEIRO_UTIL_H */
