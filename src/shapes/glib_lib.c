/* glib's table (glib_lib.h), filled once when glib is opened by soname
 * (call_once: the process's cache of what dlopen found). */
#define _GNU_SOURCE
#include "shapes/glib_lib.h"

static lazy_lib lib = LAZY_LIB(MEIRO_GLIB_SONAME);
static glib_lib table;

static void open_glib(void)
{
    lazy_dlopen(&lib);
    bool found = lib.handle != NULL;
#define LOOK_UP(ret, name, params)                                                                 \
    found = found && lazy_sym(&lib, #name, &table.name, sizeof table.name);
    GLIB_FUNCTIONS(LOOK_UP)
    if (!found) {
        fprintf(stderr, "meiro: cannot load %s: %s\n", lib.soname, lib.why);
        abort();
    }
}

const glib_lib *lib_glib(void)
{
    call_once(&lib.once, open_glib);
    return &table;
}
