/* Status messages and error filling. */
#include "core/error.h"

#include <errno.h>
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

meiro_status fail(meiro_error *err, meiro_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, status, 0, 0, fmt, ap);
    va_end(ap);
    return status;
}

meiro_status fail_at(meiro_error *err, meiro_status status, unsigned long line,
                           unsigned long column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, status, line, column, fmt, ap);
    va_end(ap);
    return status;
}


meiro_status fail_write(meiro_error *err)
{
    int e = errno;
    if (e) return fail(err, MEIRO_ERROR_IO, "write error: %s", strerror(e));
    return fail(err, MEIRO_ERROR_IO, "write error");
}
