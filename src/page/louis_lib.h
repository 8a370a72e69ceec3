/* liblouis (braille translation, with its tables in liblouis-data) as a
 * table of its functions, opened on first use as libxlsxwriter is
 * (core/lazy_lib.h): only a tactile page translates, so no other run loads
 * it. The braille code (page/braille.c) calls lib_louis()->NAME(...). */
#ifndef MEIRO_SRC_PAGE_LOUIS_LIB_H
#define MEIRO_SRC_PAGE_LOUIS_LIB_H

#include "core/lazy_lib.h"
#include "meiro.h"

#include <liblouis.h>

/* F(return type, name, parameters): what page/braille.c calls */
#define LOUIS_FUNCTIONS(F)                                                                         \
    F(int, lou_translateString,                                                                    \
      (const char *tableList, const widechar *inbuf, int *inlen, widechar *outbuf, int *outlen,    \
       formtype *typeform, char *spacing, int mode))                                               \
    F(int, lou_backTranslateString,                                                                \
      (const char *tableList, const widechar *inbuf, int *inlen, widechar *outbuf, int *outlen,    \
       formtype *typeform, char *spacing, int mode))                                               \
    F(void, lou_registerLogCallback, (logcallback callback))

typedef struct louis_lib {
    LOUIS_FUNCTIONS(LAZY_FIELD)
} louis_lib;

/* The table, or NULL (the reason in err) when the library cannot be
 * opened. */
const louis_lib *lib_louis(meiro_error *err);

#endif /* MEIRO_SRC_PAGE_LOUIS_LIB_H */
