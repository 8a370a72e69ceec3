/* Filling a meiro_error: the one way the library reports a failure. */
#ifndef MEIRO_SRC_CORE_ERROR_H
#define MEIRO_SRC_CORE_ERROR_H

#include "meiro.h"

/* A message marked for the catalogues of po/ (make po): the command
 * prints it in the user's language (src/cli/say.c); the library keeps it
 * English. */
#define N_(english) english

/* Fills err (if not NULL) and returns status. printf-style message. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
meiro_status
fail(meiro_error *err, meiro_status status, const char *fmt, ...);

/* Same, about one option (err->field; fail leaves it MEIRO_FIELD_NONE). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
meiro_status
fail_field(meiro_error *err, meiro_field field, meiro_status status, const char *fmt, ...);

/* Same, with a position in an input file. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
meiro_status
fail_at(meiro_error *err, meiro_status status, unsigned long line, unsigned long column,
        const char *fmt, ...);

/* MEIRO_ERROR_IO, "write error: " and errno's reason ("No space left on
 * device", "File too large"), or without one if errno is 0. */
meiro_status fail_write(meiro_error *err);

#endif /* MEIRO_SRC_CORE_ERROR_H */
