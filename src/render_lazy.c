/* The loader of the drawing module (render/module.h): in the meiro command
 * and libmeiro.so, each render function is this forwarder, which loads
 * meiro-render-VERSION.so on the first call that draws. Not in libmeiro.a,
 * which links the render layer itself. */
#define _GNU_SOURCE
#include "render/module.h"

#include "core/error.h"
#include "io/io.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <threads.h>
#include <unistd.h>

/* The module once loaded, or the one-line reason it could not be: the
 * process's cache of what dlopen did, written once (call_once). */
static once_flag once = ONCE_FLAG_INIT;
static const render_module *module;
static char why[PATH_MAX + 1400];
static meiro_status why_status = MEIRO_ERROR_IO;

enum { MODULE_MB = 96 }; /* address space the module's libraries take to load */

static const char anchor = 0; /* an address inside this object, for dladdr */

/* The folder of the file this code is in: libmeiro.so, or the program. */
static bool self_dir(char *dir, size_t size)
{
    Dl_info self, exe;
    char path[PATH_MAX];
    void *phdr = (void *)(uintptr_t)getauxval(AT_PHDR);
    if (!dladdr(&anchor, &self) || !self.dli_fname) return false;
    if (phdr && dladdr(phdr, &exe) && exe.dli_fbase == self.dli_fbase) {
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
        if (n <= 0) return false;
        path[n] = '\0';
    } else if (!realpath(self.dli_fname, path)) {
        return false;
    }
    char *slash = strrchr(path, '/');
    if (!slash || (size_t)(slash - path) >= size) return false;
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = '\0';
    return true;
}

/* Opens the first module found: next to this file (the build folder,
 * libmeiro.so's folder), in ../lib from it (an installed or staged
 * bin/meiro), or in the folder given at build time (MEIRO_MODULE_DIR). */
static void load_once(void)
{
    char dir[PATH_MAX], path[3][PATH_MAX + 64];
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
    if (self_dir(dir, sizeof dir)) {
        snprintf(path[n++], sizeof path[0], "%s/%s", dir, MEIRO_MODULE_NAME);
        snprintf(path[n++], sizeof path[0], "%s/../lib/%s", dir, MEIRO_MODULE_NAME);
    }
    snprintf(path[n++], sizeof path[0], "%s/%s", MEIRO_MODULE_DIR, MEIRO_MODULE_NAME);
    for (size_t i = 0; i < n; i++) {
        if (access(path[i], F_OK) != 0) continue;
        /* RTLD_LOCAL: the module's copy of the library stays its own */
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
        /* the module's temporary files go with ours on a signal */
        temp_also_remove(r->remove_temp_files);
        module = r;
        return;
    }
    snprintf(why, sizeof why,
             "the drawing module %.*s is missing (installed in %.200s by make install)", PATH_MAX,
             path[0], MEIRO_MODULE_DIR);
}

static const render_module *load(meiro_error *err)
{
    call_once(&once, load_once);
    if (!module) fail(err, why_status, "%s", why);
    return module;
}

#define RENDER_FORWARD(name, params, args)                                                         \
    meiro_status name params                                                                       \
    {                                                                                              \
        const render_module *r = load(err);                                                        \
        return r ? r->name args : why_status;                                                      \
    }
RENDER_CALLS(RENDER_FORWARD)

void doc_free(document *d)
{
    /* a document is only filled by the module, so without it there is
     * nothing to free */
    const render_module *r = load(NULL);
    if (r) r->doc_free(d);
}

void doc_page_size(const document *d, double *w, double *h)
{
    const render_module *r = load(NULL);
    if (r) {
        r->doc_page_size(d, w, h);
    } else {
        *w = *h = 0;
    }
}

/* a mask is malloc'd (shape.c) */
void meiro_mask_free(uint8_t *mask) { free(mask); }

size_t meiro_shape_count(void)
{
    const render_module *r = load(NULL);
    return r ? r->shape_count() : 0;
}

const meiro_algorithm_desc *meiro_shape_info(size_t index)
{
    const render_module *r = load(NULL);
    return r ? r->shape_info(index) : NULL;
}

/* pictures are made only by the module, so without it (or them) there
 * is nothing to free */
void xlsx_art_free(xlsx_art *art)
{
    const render_module *r = art ? load(NULL) : NULL;
    if (r) r->xlsx_art_free(art);
}

/* loads the module too: a server forks its children after this */
bool meiro_fonts_preload(void)
{
    const render_module *r = load(NULL);
    return r && r->fonts_preload();
}

bool meiro_shape_min_grid(const char *shape, uint32_t *width, uint32_t *height)
{
    const render_module *r = load(NULL);
    return r && r->shape_min_grid(shape, width, height);
}
