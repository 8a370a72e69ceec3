/* The tables of librsvg and gdk-pixbuf (shapes/image_libs.h), each filled
 * once when its library is opened by soname (call_once: the process's cache
 * of what dlopen found). */
#define _GNU_SOURCE
#include "shapes/image_libs.h"

static lazy_lib so_rsvg = LAZY_LIB(MEIRO_RSVG_SONAME);
static lazy_lib so_pixbuf = LAZY_LIB(MEIRO_PIXBUF_SONAME);
static svg_lib table_rsvg;
static pixbuf_lib table_pixbuf;

/* the entry points without their library: the reason, as a GError */
static RsvgHandle *no_rsvg(const guint8 *data, gsize data_len, GError **error)
{
    (void)data, (void)data_len;
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "cannot load %s: %s", so_rsvg.soname,
                so_rsvg.why);
    return NULL;
}

static GdkPixbufLoader *no_pixbuf(const char *image_type, GError **error)
{
    (void)image_type;
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "cannot load %s: %s", so_pixbuf.soname,
                so_pixbuf.why);
    return NULL;
}

static void open_rsvg(void)
{
    lazy_dlopen(&so_rsvg);
    bool found = so_rsvg.handle != NULL;
#define RSVG_LOOK_UP(ret, name, params)                                                            \
    found = found && lazy_sym(&so_rsvg, #name, &table_rsvg.name, sizeof table_rsvg.name);
    RSVG_FUNCTIONS(RSVG_LOOK_UP)
    if (!found) table_rsvg = (svg_lib){.rsvg_handle_new_from_data = no_rsvg};
}

static void open_pixbuf(void)
{
    lazy_dlopen(&so_pixbuf);
    bool found = so_pixbuf.handle != NULL;
#define PIXBUF_LOOK_UP(ret, name, params)                                                          \
    found = found && lazy_sym(&so_pixbuf, #name, &table_pixbuf.name, sizeof table_pixbuf.name);
    PIXBUF_FUNCTIONS(PIXBUF_LOOK_UP)
    if (!found) table_pixbuf = (pixbuf_lib){.gdk_pixbuf_loader_new_with_type = no_pixbuf};
}

const svg_lib *lib_rsvg(void)
{
    call_once(&so_rsvg.once, open_rsvg);
    return &table_rsvg;
}

const pixbuf_lib *lib_pixbuf(void)
{
    call_once(&so_pixbuf.once, open_pixbuf);
    return &table_pixbuf;
}
