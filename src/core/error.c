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

/* The members of the options structs, where a field has one. */
static const char *const field_names[MEIRO_FIELD_COUNT] = {
    [MEIRO_FIELD_NONE] = "",
    [MEIRO_FIELD_WIDTH] = "width",
    [MEIRO_FIELD_HEIGHT] = "height",
    [MEIRO_FIELD_ALGORITHM] = "algorithm",
    [MEIRO_FIELD_LOOPS] = "loops",
    [MEIRO_FIELD_ENDS] = "ends",
    [MEIRO_FIELD_START] = "start",
    [MEIRO_FIELD_GOAL] = "goal",
    [MEIRO_FIELD_GRID] = "grid",
    [MEIRO_FIELD_SHAPE] = "shape",
    [MEIRO_FIELD_TEXT] = "text",
    [MEIRO_FIELD_NO_BRIDGES] = "no_bridges",
    [MEIRO_FIELD_LEVEL] = "level",
    [MEIRO_FIELD_SOLVER] = "solver",
    [MEIRO_FIELD_FORMAT] = "format",
    [MEIRO_FIELD_TEMPLATE] = "template",
    [MEIRO_FIELD_PAPER] = "paper",
    [MEIRO_FIELD_MARGIN] = "margin_mm",
    [MEIRO_FIELD_BLEED] = "bleed_mm",
    [MEIRO_FIELD_GUTTER] = "gutter_mm",
    [MEIRO_FIELD_CELL] = "cell_mm",
    [MEIRO_FIELD_TITLE] = "title",
    [MEIRO_FIELD_SUBTITLE] = "subtitle",
    [MEIRO_FIELD_NAME] = "name",
    [MEIRO_FIELD_FOOTER] = "footer",
    [MEIRO_FIELD_ANSWERS] = "answers",
    [MEIRO_FIELD_KEY_PER_PAGE] = "key_per_page",
    [MEIRO_FIELD_DPI] = "dpi",
    [MEIRO_FIELD_CROP] = "crop",
    [MEIRO_FIELD_PLAY] = "play",
    [MEIRO_FIELD_LANG] = "lang",
    [MEIRO_FIELD_ART] = "art",
    [MEIRO_FIELD_MAZES] = "count",
    [MEIRO_FIELD_SIZES] = "sizes",
    [MEIRO_FIELD_COPIES] = "copies",
    [MEIRO_FIELD_NAMES] = "names",
    [MEIRO_FIELD_FOLD] = "fold",
    [MEIRO_FIELD_SHEET] = "sheet",
    [MEIRO_FIELD_SIGNATURE] = "signature",
    [MEIRO_FIELD_CREEP] = "creep_mm",
    [MEIRO_FIELD_PRINT] = "print",
};

const char *meiro_field_name(meiro_field field)
{
    return (unsigned)field < MEIRO_FIELD_COUNT ? field_names[field] : NULL;
}

const char *meiro_version(void) { return MEIRO_VERSION; }

static meiro_status fail_v(meiro_error *err, meiro_field field, meiro_status status,
                           unsigned long line, unsigned long column, const char *fmt, va_list ap)
{
    if (err) {
        err->status = status;
        err->field = field;
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
    fail_v(err, MEIRO_FIELD_NONE, status, 0, 0, fmt, ap);
    va_end(ap);
    return status;
}

meiro_status fail_field(meiro_error *err, meiro_field field, meiro_status status, const char *fmt,
                        ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, field, status, 0, 0, fmt, ap);
    va_end(ap);
    return status;
}

meiro_status fail_at(meiro_error *err, meiro_status status, unsigned long line,
                     unsigned long column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, MEIRO_FIELD_NONE, status, line, column, fmt, ap);
    va_end(ap);
    return status;
}


meiro_status fail_write(meiro_error *err)
{
    int e = errno;
    if (e) return fail(err, MEIRO_ERROR_IO, "write error: %s", strerror(e));
    return fail(err, MEIRO_ERROR_IO, "write error");
}
