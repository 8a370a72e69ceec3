/* Status messages, error filling and overflow-checked allocation. */
#define _DEFAULT_SOURCE
#include "internal.h"

#include <sys/mman.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_text[MEIRO_STATUS_COUNT] = {
    [MEIRO_OK] = "no error",
    [MEIRO_ERROR_NOMEM] = "out of memory",
    [MEIRO_ERROR_ARGUMENT] = "invalid argument",
    [MEIRO_ERROR_TOO_BIG] = "maze too large",
    [MEIRO_ERROR_UNKNOWN_NAME] = "unknown name",
    [MEIRO_ERROR_PARSE] = "not a valid maze file",
    [MEIRO_ERROR_IO] = "input/output error",
    [MEIRO_ERROR_NO_PATH] = "no path from start to goal",
    [MEIRO_ERROR_INTERNAL] = "internal error",
};

const char *meiro_strerror(meiro_status status)
{
    if ((unsigned)status >= MEIRO_STATUS_COUNT || !status_text[status]) return "unknown status";
    return status_text[status];
}

const char *meiro_version(void) { return MEIRO_VERSION; }

static meiro_status fail_v(meiro_error *err, meiro_status status, unsigned long line,
                           unsigned long column, const char *fmt, va_list ap)
{
    if (err) {
        err->status = status;
        err->line = line;
        err->column = column;
        err->source[0] = 0;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
    }
    return status;
}

meiro_status meiro_fail(meiro_error *err, meiro_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, status, 0, 0, fmt, ap);
    va_end(ap);
    return status;
}

meiro_status meiro_fail_at(meiro_error *err, meiro_status status, unsigned long line,
                           unsigned long column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, status, line, column, fmt, ap);
    va_end(ap);
    return status;
}

void *meiro_calloc(size_t count, size_t size)
{
    if (count == 0 || size == 0) return calloc(1, 1);
    return calloc(count, size); /* calloc checks count * size itself */
}

void *meiro_malloc_array(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    return malloc(bytes ? bytes : 1);
}

void *meiro_realloc_array(void *ptr, size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    return realloc(ptr, bytes ? bytes : 1);
}

/* Scratch arrays as large as the maze are read in random order by some
 * algorithms; on Linux, transparent huge pages cut the TLB misses that then
 * dominate. Elsewhere (or if refused) this is plain zeroed memory. */
void *meiro_calloc_big(size_t count, size_t size)
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

