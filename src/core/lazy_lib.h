/* A shared library opened on first use, by soname, and its functions
 * looked up in it (render_libs.c: librsvg, gdk-pixbuf, libqpdf;
 * xlsx_libs.c: libxlsxwriter). Each stub keeps the library's own
 * prototype (its header checks it) and calls the real function, looked up
 * on every call with lazy_fn (render_libs.c: few calls) or once with
 * lazy_sym when the library is opened (xlsx_libs.c: a call a cell); only
 * the entry points that make a handle open the library and report why it
 * could not be opened. */
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

/* The function `name` of an opened library, into *fn (a function pointer of
 * `size` bytes). Called only once an entry point opened the library: a
 * library of that soname without the function is broken beyond reporting. */
static inline void lazy_fn(lazy_lib *lib, const char *name, void *fn, size_t size)
{
    void *sym = lib->handle ? dlsym(lib->handle, name) : NULL;
    if (!sym) {
        fprintf(stderr, "meiro: %s has no %s\n", lib->soname, name);
        abort();
    }
    memcpy(fn, &sym, size); /* POSIX's way from dlsym to a function */
}

#define LAZY(lib, ret, name, params, args)                                                         \
    ret name params                                                                                \
    {                                                                                              \
        ret(*f) params;                                                                            \
        lazy_fn(&lib, #name, &f, sizeof f);                                                        \
        return f args;                                                                             \
    }
#define LAZY_VOID(lib, name, params, args)                                                         \
    void name params                                                                               \
    {                                                                                              \
        void(*f) params;                                                                           \
        lazy_fn(&lib, #name, &f, sizeof f);                                                        \
        f args;                                                                                    \
    }

#endif /* MEIRO_SRC_CORE_LAZY_LIB_H */
