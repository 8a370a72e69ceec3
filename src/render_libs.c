/* librsvg and gdk-pixbuf (with gio and libxml2) on first use, inside the
 * drawing module: only art (S and G pictures, frames), shapes and pictures
 * use them, so the module does not link them and a plain page never loads
 * them (issue 25). Each function the render layer calls is defined here
 * with the library's own prototype (its header checks it) and looks the
 * real one up in the library, opened on the first call; the two entry
 * points, which make a handle or a loader, report a library that cannot be
 * loaded through their GError. Linked into the module only: libmeiro.a
 * and the tests link the libraries themselves. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
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

static lazy_lib rsvg_lib = {MEIRO_RSVG_SONAME, ONCE_FLAG_INIT, NULL, ""};
static lazy_lib pixbuf_lib = {MEIRO_PIXBUF_SONAME, ONCE_FLAG_INIT, NULL, ""};

static void open_rsvg(void)
{
    rsvg_lib.handle = dlopen(rsvg_lib.soname, RTLD_NOW | RTLD_LOCAL);
    if (!rsvg_lib.handle) snprintf(rsvg_lib.why, sizeof rsvg_lib.why, "%.400s", dlerror());
}

static void open_pixbuf(void)
{
    pixbuf_lib.handle = dlopen(pixbuf_lib.soname, RTLD_NOW | RTLD_LOCAL);
    if (!pixbuf_lib.handle) snprintf(pixbuf_lib.why, sizeof pixbuf_lib.why, "%.400s", dlerror());
}

static bool lazy_open(lazy_lib *lib, GError **error)
{
    call_once(&lib->once, lib == &rsvg_lib ? open_rsvg : open_pixbuf);
    if (!lib->handle)
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "cannot load %s: %s", lib->soname,
                    lib->why);
    return lib->handle != NULL;
}

/* The function `name` of an opened library, into *fn (a function pointer of
 * `size` bytes). Called only once an entry point opened the library: a
 * library of that soname without the function is broken beyond reporting. */
static void lazy_fn(lazy_lib *lib, const char *name, void *fn, size_t size)
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

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error)
{
    if (!lazy_open(&rsvg_lib, error)) return NULL;
    RsvgHandle *(*f)(const guint8 *, gsize, GError **);
    lazy_fn(&rsvg_lib, "rsvg_handle_new_from_data", &f, sizeof f);
    return f(data, data_len, error);
}

GdkPixbufLoader *gdk_pixbuf_loader_new_with_type(const char *image_type, GError **error)
{
    if (!lazy_open(&pixbuf_lib, error)) return NULL;
    GdkPixbufLoader *(*f)(const char *, GError **);
    lazy_fn(&pixbuf_lib, "gdk_pixbuf_loader_new_with_type", &f, sizeof f);
    return f(image_type, error);
}

LAZY(rsvg_lib, gboolean, rsvg_handle_render_document,
     (RsvgHandle * handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error),
     (handle, cr, viewport, error))
LAZY_VOID(rsvg_lib, rsvg_handle_get_intrinsic_dimensions,
          (RsvgHandle * handle, gboolean *out_has_width, RsvgLength *out_width,
           gboolean *out_has_height, RsvgLength *out_height, gboolean *out_has_viewbox,
           RsvgRectangle *out_viewbox),
          (handle, out_has_width, out_width, out_has_height, out_height, out_has_viewbox,
           out_viewbox))
LAZY_VOID(rsvg_lib, rsvg_handle_set_dpi, (RsvgHandle * handle, double dpi), (handle, dpi))
LAZY(rsvg_lib, gboolean, rsvg_handle_get_intrinsic_size_in_pixels,
     (RsvgHandle * handle, gdouble *out_width, gdouble *out_height),
     (handle, out_width, out_height))
/* gio's, through librsvg's handle (gio is one of its libraries); asked
 * only about an SVG already opened */
LAZY(rsvg_lib, GQuark, g_io_error_quark, (void), ())

LAZY(pixbuf_lib, gboolean, gdk_pixbuf_loader_write,
     (GdkPixbufLoader * loader, const guchar *buf, gsize count, GError **error),
     (loader, buf, count, error))
LAZY_VOID(pixbuf_lib, gdk_pixbuf_loader_set_size, (GdkPixbufLoader * loader, int width, int height),
          (loader, width, height))
LAZY(pixbuf_lib, GdkPixbuf *, gdk_pixbuf_loader_get_pixbuf, (GdkPixbufLoader * loader), (loader))
LAZY(pixbuf_lib, gboolean, gdk_pixbuf_loader_close, (GdkPixbufLoader * loader, GError **error),
     (loader, error))
LAZY(pixbuf_lib, const guint8 *, gdk_pixbuf_read_pixels, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, int, gdk_pixbuf_get_width, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, int, gdk_pixbuf_get_height, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, int, gdk_pixbuf_get_rowstride, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, int, gdk_pixbuf_get_n_channels, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, int, gdk_pixbuf_get_bits_per_sample, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, gboolean, gdk_pixbuf_get_has_alpha, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, GdkColorspace, gdk_pixbuf_get_colorspace, (const GdkPixbuf *pixbuf), (pixbuf))
LAZY(pixbuf_lib, GdkPixbuf *, gdk_pixbuf_apply_embedded_orientation, (GdkPixbuf * src), (src))
/* asked only about a loader's error, so the library is open */
LAZY(pixbuf_lib, GQuark, gdk_pixbuf_error_quark, (void), ())
