/* meiro serve, loaded on demand: the server and libmicrohttpd (with gnutls
 * and its libraries) are the module meiro-serve-VERSION.so, opened only
 * when the command is serve, so no other command loads them (issue 25).
 * The module uses this program's option tables and messages, which the
 * Makefile exports to it (SERVE_DYNLIST). */
#define _GNU_SOURCE
#include "cli.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cmd_serve(int argc, char **argv)
{
    /* a build with no server module (WebAssembly) names none */
    if (!MEIRO_SERVE_MODULE[0]) {
        fprintf(stderr, "meiro serve: this meiro is built without its server (the WebAssembly "
                        "build): run meiro serve from a native build\n");
        return EXIT_FAIL;
    }
    char exe[PATH_MAX], path[3][PATH_MAX + 64];
    size_t n = 0;
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = NULL;
    if (len > 0) {
        exe[len] = '\0';
        slash = strrchr(exe, '/');
    }
    if (slash) {
        *slash = '\0';
        /* next to the program (the build folder), or ../lib from it (installed) */
        snprintf(path[n++], sizeof path[0], "%.*s/%s", PATH_MAX, exe, MEIRO_SERVE_MODULE);
        snprintf(path[n++], sizeof path[0], "%.*s/../lib/%s", PATH_MAX, exe, MEIRO_SERVE_MODULE);
    }
    snprintf(path[n++], sizeof path[0], "%s/%s", MEIRO_MODULE_DIR, MEIRO_SERVE_MODULE);
    for (size_t i = 0; i < n; i++) {
        if (access(path[i], F_OK) != 0) continue;
        void *h = dlopen(path[i], RTLD_NOW | RTLD_LOCAL);
        void *sym = h ? dlsym(h, "serve_main") : NULL;
        if (!sym) {
            const char *e = dlerror();
            fprintf(stderr, "meiro serve: cannot load the server module %s: %s\n", path[i],
                    e ? e : "unknown error");
            return EXIT_FAIL;
        }
        int (*serve)(int, char **);
        memcpy(&serve, &sym, sizeof serve); /* POSIX's way from dlsym to a function */
        return serve(argc, argv);
    }
    fprintf(stderr,
            "meiro serve: the server module %s is missing (installed in %s by make install)\n",
            path[0], MEIRO_MODULE_DIR);
    return EXIT_FAIL;
}
