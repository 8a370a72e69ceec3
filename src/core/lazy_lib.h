/* A shared library opened on first use, by soname, and its functions
 * looked up into a table of ours (shapes/image_libs.h: librsvg, gdk-pixbuf;
 * libqpdf; xlsx/xlsx_lib.h: libxlsxwriter; shapes/glib_lib.h: glib), once, when
 * it is opened: the callers call table->NAME, the library's own name and
 * prototype (its header checks them), and no function of ours is named as
 * the library's. */
#ifndef MEIRO_SRC_CORE_LAZY_LIB_H
#define MEIRO_SRC_CORE_LAZY_LIB_H

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

typedef struct lazy_lib {
    const char *soname;
    once_flag once;
    void *handle;
    char why[512]; /* dlopen's reason, when it failed */
} lazy_lib;

#define LAZY_LIB(soname)                                                                           \
    {                                                                                              \
        soname, ONCE_FLAG_INIT, NULL, ""                                                           \
    }

/* dlopen's part of an opener for call_once (which takes no argument) */
static inline void lazy_dlopen(lazy_lib *lib)
{
    /* RTLD_LOCAL: the library's symbols stay out of the process's scope */
    lib->handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
    if (!lib->handle) snprintf(lib->why, sizeof lib->why, "%.400s", dlerror());
}

/* The function `name` of an opened library into *fn (a function pointer
 * of `size` bytes), or false (the reason in lib->why, the library closed:
 * not this library after all). */
static inline bool lazy_sym(lazy_lib *lib, const char *name, void *fn, size_t size)
{
    void *sym = lib->handle ? dlsym(lib->handle, name) : NULL;
    if (!sym) {
        snprintf(lib->why, sizeof lib->why, "it has no %.100s", name);
        if (lib->handle) dlclose(lib->handle);
        lib->handle = NULL;
        return false;
    }
    memcpy(fn, &sym, size); /* POSIX's way from dlsym to a function */
    return true;
}

/* A field of a library's table: F(return type, name, parameters) */
#define LAZY_FIELD(ret, name, params) ret(*name) params;

#endif /* MEIRO_SRC_CORE_LAZY_LIB_H */
