/* The tables of librsvg, gdk-pixbuf and libqpdf (render/draw_libs.h),
 * each filled once when its library is opened by soname (call_once: the
 * process's cache of what dlopen found). */
#define _GNU_SOURCE
#include "render/draw_libs.h"

static lazy_lib rsvg_so = LAZY_LIB(MEIRO_RSVG_SONAME);
static lazy_lib pixbuf_so = LAZY_LIB(MEIRO_PIXBUF_SONAME);
static lazy_lib qpdf_so = LAZY_LIB(MEIRO_QPDF_SONAME);
static rsvg_lib rsvg;
static pixbuf_lib pixbuf;
static qpdf_lib qpdf;

/* the entry points without their library: the reason, as a GError or once
 * on stderr */
static RsvgHandle *no_rsvg(const guint8 *data, gsize data_len, GError **error)
{
    (void)data, (void)data_len;
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "cannot load %s: %s", rsvg_so.soname,
                rsvg_so.why);
    return NULL;
}

static GdkPixbufLoader *no_pixbuf(const char *image_type, GError **error)
{
    (void)image_type;
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "cannot load %s: %s", pixbuf_so.soname,
                pixbuf_so.why);
    return NULL;
}

static qpdf_data no_qpdf(void) { return NULL; }

static void open_rsvg(void)
{
    lazy_dlopen(&rsvg_so);
    bool found = rsvg_so.handle != NULL;
#define RSVG_LOOK_UP(ret, name, params)                                                            \
    found = found && lazy_sym(&rsvg_so, #name, &rsvg.name, sizeof rsvg.name);
    RSVG_FUNCTIONS(RSVG_LOOK_UP)
    if (!found) rsvg = (rsvg_lib){.rsvg_handle_new_from_data = no_rsvg};
}

static void open_pixbuf(void)
{
    lazy_dlopen(&pixbuf_so);
    bool found = pixbuf_so.handle != NULL;
#define PIXBUF_LOOK_UP(ret, name, params)                                                          \
    found = found && lazy_sym(&pixbuf_so, #name, &pixbuf.name, sizeof pixbuf.name);
    PIXBUF_FUNCTIONS(PIXBUF_LOOK_UP)
    if (!found) pixbuf = (pixbuf_lib){.gdk_pixbuf_loader_new_with_type = no_pixbuf};
}

static void open_qpdf(void)
{
    lazy_dlopen(&qpdf_so);
    bool found = qpdf_so.handle != NULL;
#define QPDF_LOOK_UP(ret, name, params)                                                            \
    found = found && lazy_sym(&qpdf_so, #name, &qpdf.name, sizeof qpdf.name);
    QPDF_FUNCTIONS(QPDF_LOOK_UP)
    if (!found) {
        fprintf(stderr, "meiro: cannot load %s: %s\n", qpdf_so.soname, qpdf_so.why);
        qpdf = (qpdf_lib){.qpdf_init = no_qpdf};
    }
}

const rsvg_lib *lib_rsvg(void)
{
    call_once(&rsvg_so.once, open_rsvg);
    return &rsvg;
}

const pixbuf_lib *lib_pixbuf(void)
{
    call_once(&pixbuf_so.once, open_pixbuf);
    return &pixbuf;
}

const qpdf_lib *lib_qpdf(void)
{
    call_once(&qpdf_so.once, open_qpdf);
    return &qpdf;
}
