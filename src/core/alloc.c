/* Overflow-checked allocation: every n * size is checked before it is
 * multiplied, and large scratch arrays get huge pages where offered. */
#define _DEFAULT_SOURCE
#include "core/alloc.h"

#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>

void *zalloc(size_t count, size_t size)
{
    if (count == 0 || size == 0) return calloc(1, 1);
    return calloc(count, size); /* calloc checks count * size itself */
}

void *alloc_array(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    return malloc(bytes ? bytes : 1);
}

void *realloc_array(void *ptr, size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    return realloc(ptr, bytes ? bytes : 1);
}

/* Scratch arrays as large as the maze are read in random order by some
 * algorithms; on Linux, transparent huge pages cut the TLB misses that then
 * dominate. Elsewhere (or if refused) this is plain zeroed memory. */
void *zalloc_big(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
#if defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (bytes >= 4 * huge) {
        void *p = NULL;
        if (posix_memalign(&p, huge, bytes) != 0) return NULL;
        madvise(p, bytes - bytes % huge, MADV_HUGEPAGE);
        memset(p, 0, bytes);
        return p;
    }
#endif
    return calloc(bytes ? bytes : 1, 1);
}

