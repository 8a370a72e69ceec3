/* The loader of the drawing module (draw/module.h): drawing() returns the
 * module's table, loading meiro-render-VERSION.so on the first call, or the
 * table linked in (libmeiro.a, the tests), or, when the module cannot be
 * loaded, a table whose calls fail with the reason. The public functions
 * render implements are here too, as meiro_NAME calling drawing()->NAME. */
#define _GNU_SOURCE
#include "draw/module.h"

#include "core/error.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <threads.h>
#include <unistd.h>

/* linked in only where render is (libmeiro.a, the tests): elsewhere NULL */
#pragma weak meiro_render_module

/* The module once loaded, or the one-line reason it could not be: the
 * process's cache of what dlopen did, written once (call_once). */
static once_flag once = ONCE_FLAG_INIT;
static const render_module *module;
static char why[PATH_MAX + 1400];
static meiro_status why_status = MEIRO_ERROR_IO;

enum { MODULE_MB = 96 }; /* address space the module's libraries take to load */

static const char anchor = 0; /* an address inside this object, for dladdr */

/* The folder of libmeiro.so (this code is in no program: one that links
 * render itself has the table linked in). */
static bool self_dir(char *dir, size_t size)
{
    Dl_info self;
    char path[PATH_MAX];
    if (!dladdr(&anchor, &self) || !self.dli_fname || !realpath(self.dli_fname, path)) return false;
    char *slash = strrchr(path, '/');
    if (!slash || (size_t)(slash - path) >= size) return false;
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = '\0';
    return true;
}

/* Opens the first module found: next to libmeiro.so (the build folder,
 * PREFIX/lib, a staged copy), or in the folder given at build time
 * (MEIRO_MODULE_DIR). */
static void load_once(void)
{
    if (meiro_render_module) {
        module = meiro_render_module();
        return;
    }
    /* a build with no module at all (WebAssembly: no cairo) names none */
    if (!MEIRO_MODULE_NAME[0]) {
        snprintf(why, sizeof why,
                 "this meiro is built without its drawing module (the WebAssembly build): "
                 "no drawn format, and no shape, name or picture mask");
        return;
    }
    char dir[PATH_MAX], path[2][PATH_MAX + 64];
    size_t n = 0;
    /* Under `ulimit -v` the dynamic loader, out of memory halfway through
     * the module's libraries, may end the process itself (exit 127, "out
     * of memory"): so below what they take to load (measured by
     * tests/ulimit-walk.sh; every drawn format needs more anyway) refuse. */
    struct rlimit lim;
    if (getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY &&
        lim.rlim_cur < (rlim_t)MODULE_MB << 20) {
        why_status = MEIRO_ERROR_NOMEM;
        snprintf(why, sizeof why,
                 "out of memory: the drawing module needs about %d MB of address space to load "
                 "(ulimit -v %d), and this process may use %llu MB",
                 MODULE_MB, MODULE_MB * 1024, (unsigned long long)(lim.rlim_cur >> 20));
        return;
    }
    if (self_dir(dir, sizeof dir))
        snprintf(path[n++], sizeof path[0], "%s/%s", dir, MEIRO_MODULE_NAME);
    snprintf(path[n++], sizeof path[0], "%s/%s", MEIRO_MODULE_DIR, MEIRO_MODULE_NAME);
    for (size_t i = 0; i < n; i++) {
        if (access(path[i], F_OK) != 0) continue;
        /* the module needs libmeiro.so, already loaded: the one copy of
         * the library in the process */
        void *h = dlopen(path[i], RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            const char *e = dlerror();
            /* under `ulimit -v` the loader cannot map the libraries: that is
             * running out of memory, and said so */
            bool nomem = e && (strstr(e, "failed to map") || strstr(e, "allocate memory"));
            if (nomem) why_status = MEIRO_ERROR_NOMEM;
            snprintf(why, sizeof why, "%scannot load the drawing module %.*s: %.1000s",
                     nomem ? "out of memory: " : "", PATH_MAX, path[i], e ? e : "unknown error");
            return;
        }
        const render_module *(*get)(void);
        void *sym = dlsym(h, RENDER_MODULE_SYMBOL);
        /* POSIX's way to turn dlsym's pointer into a function's */
        memcpy(&get, &sym, sizeof get);
        const render_module *r = sym ? get() : NULL;
        if (!r || r->size != sizeof(render_module) || strcmp(r->stamp, MEIRO_MODULE_STAMP) != 0) {
            snprintf(why, sizeof why,
                     "the drawing module %.*s is not this meiro's (%.100s); reinstall meiro",
                     PATH_MAX, path[i], r ? r->stamp : "no table");
            return;
        }
        module = r;
        return;
    }
    snprintf(why, sizeof why,
             "the drawing module %.*s is missing (installed in %.200s by make install)", PATH_MAX,
             path[0], MEIRO_MODULE_DIR);
}

/* The table without the module: each call that draws fails with why */
static meiro_status missing(meiro_error *err) { return fail(err, why_status, "%s", why); }

/* the stubs take the calls' parameters and use only err */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define MISSING(name, params)                                                                      \
    static meiro_status missing_##name params { return missing(err); }
#define MISSING_API(name, params, args) MISSING(name, params)
RENDER_CALLS(MISSING)
RENDER_API(MISSING_API)
#pragma GCC diagnostic pop

/* a document and pictures are only filled by the module: nothing to free */
static void missing_doc_free(document *d) { (void)d; }
static void missing_xlsx_art_free(xlsx_art *art) { (void)art; }

static void missing_doc_page_size(const document *d, double *w, double *h)
{
    (void)d;
    *w = *h = 0;
}

static size_t missing_shape_count(void) { return 0; }
static const meiro_algorithm_desc *missing_shape_info(size_t index)
{
    (void)index;
    return NULL;
}

static bool missing_shape_min_grid(const char *shape, uint32_t *width, uint32_t *height)
{
    (void)shape, (void)width, (void)height;
    return false;
}

static bool missing_fonts_preload(void) { return false; }

#define MISSING_ENTRY(name, ...) .name = missing_##name,
static const render_module missing_table = {
    .stamp = MEIRO_MODULE_STAMP,
    .size = sizeof(render_module),
    RENDER_CALLS(MISSING_ENTRY) RENDER_API(MISSING_ENTRY).doc_free = missing_doc_free,
    .doc_page_size = missing_doc_page_size,
    .shape_count = missing_shape_count,
    .shape_info = missing_shape_info,
    .shape_min_grid = missing_shape_min_grid,
    .fonts_preload = missing_fonts_preload,
    .xlsx_art_free = missing_xlsx_art_free,
};

const render_module *drawing(void)
{
    call_once(&once, load_once);
    return module ? module : &missing_table;
}

/* the public API render implements */
#define PUBLIC(name, params, args)                                                                 \
    meiro_status meiro_##name params { return drawing()->name args; }
RENDER_API(PUBLIC)

/* a mask is malloc'd (shape.c) */
void meiro_mask_free(uint8_t *mask) { free(mask); }

size_t meiro_shape_count(void) { return drawing()->shape_count(); }

const meiro_algorithm_desc *meiro_shape_info(size_t index) { return drawing()->shape_info(index); }

/* loads the module too: a server forks its children after this */
bool meiro_fonts_preload(void) { return drawing()->fonts_preload(); }

bool meiro_shape_min_grid(const char *shape, uint32_t *width, uint32_t *height)
{
    return drawing()->shape_min_grid(shape, width, height);
}
