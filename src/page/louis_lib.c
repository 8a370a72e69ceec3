/* liblouis's table (page/louis_lib.h), filled once when the library is
 * opened by soname. */
#define _GNU_SOURCE
#include "page/louis_lib.h"

#include "core/error.h"

static lazy_lib lib = LAZY_LIB(MEIRO_LOUIS_SONAME);
static louis_lib table;

/* liblouis logs a missing table or a bad rule to stderr; the library
 * prints nothing: a failed translation is the caller's error */
static void quiet(logLevels level, const char *message) { (void)level, (void)message; }

static void open_louis(void)
{
    lazy_dlopen(&lib);
    bool found = lib.handle != NULL;
#define LOOK_UP(ret, name, params)                                                                 \
    found = found && lazy_sym(&lib, #name, &table.name, sizeof table.name);
    LOUIS_FUNCTIONS(LOOK_UP)
    if (found) table.lou_registerLogCallback(quiet);
}

const louis_lib *lib_louis(meiro_error *err)
{
    call_once(&lib.once, open_louis);
    if (lib.handle) return &table;
    bool nomem = strstr(lib.why, "failed to map") || strstr(lib.why, "allocate memory");
    fail(err, nomem ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_IO,
         "%scannot load %s (braille: install liblouis): %s", nomem ? "out of memory: " : "",
         lib.soname, lib.why);
    return NULL;
}
