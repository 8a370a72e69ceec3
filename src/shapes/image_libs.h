/* librsvg and gdk-pixbuf (with gio and libxml2) as tables of their
 * functions, opened on first use inside the drawing module (issue 25, 37):
 * only art (S and G pictures, frames), shapes and pictures use them. Callers
 * write lib_rsvg()->NAME(...), lib_pixbuf()->NAME(...); no function of ours
 * takes the libraries' names. */
#ifndef MEIRO_SRC_SHAPES_IMAGE_LIBS_H
#define MEIRO_SRC_SHAPES_IMAGE_LIBS_H

#include "core/lazy_lib.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>

/* F(return type, name, parameters); g_io_error_quark is gio's, through
 * librsvg's handle (gio is one of its libraries), asked only about an SVG
 * already opened */
#define RSVG_FUNCTIONS(F)                                                                          \
    F(GQuark, g_io_error_quark, (void))                                                            \
    F(void, rsvg_handle_get_intrinsic_dimensions,                                                  \
      (RsvgHandle * handle, gboolean * out_has_width, RsvgLength * out_width,                      \
       gboolean * out_has_height, RsvgLength * out_height, gboolean * out_has_viewbox,             \
       RsvgRectangle * out_viewbox))                                                               \
    F(gboolean, rsvg_handle_get_intrinsic_size_in_pixels,                                          \
      (RsvgHandle * handle, gdouble * out_width, gdouble * out_height))                            \
    F(RsvgHandle *, rsvg_handle_new_from_data,                                                     \
      (const guint8 *data, gsize data_len, GError **error))                                        \
    F(gboolean, rsvg_handle_render_document,                                                       \
      (RsvgHandle * handle, cairo_t * cr, const RsvgRectangle *viewport, GError **error))          \
    F(void, rsvg_handle_set_dpi, (RsvgHandle * handle, double dpi))

#define PIXBUF_FUNCTIONS(F)                                                                        \
    F(GdkPixbuf *, gdk_pixbuf_apply_embedded_orientation, (GdkPixbuf * src))                       \
    F(GQuark, gdk_pixbuf_error_quark, (void))                                                      \
    F(int, gdk_pixbuf_get_bits_per_sample, (const GdkPixbuf *pixbuf))                              \
    F(GdkColorspace, gdk_pixbuf_get_colorspace, (const GdkPixbuf *pixbuf))                         \
    F(gboolean, gdk_pixbuf_get_has_alpha, (const GdkPixbuf *pixbuf))                               \
    F(int, gdk_pixbuf_get_height, (const GdkPixbuf *pixbuf))                                       \
    F(int, gdk_pixbuf_get_n_channels, (const GdkPixbuf *pixbuf))                                   \
    F(int, gdk_pixbuf_get_rowstride, (const GdkPixbuf *pixbuf))                                    \
    F(int, gdk_pixbuf_get_width, (const GdkPixbuf *pixbuf))                                        \
    F(gboolean, gdk_pixbuf_loader_close, (GdkPixbufLoader * loader, GError * *error))              \
    F(GdkPixbuf *, gdk_pixbuf_loader_get_pixbuf, (GdkPixbufLoader * loader))                       \
    F(GdkPixbufLoader *, gdk_pixbuf_loader_new_with_type,                                          \
      (const char *image_type, GError **error))                                                    \
    F(void, gdk_pixbuf_loader_set_size, (GdkPixbufLoader * loader, int width, int height))         \
    F(gboolean, gdk_pixbuf_loader_write,                                                           \
      (GdkPixbufLoader * loader, const guchar *buf, gsize count, GError **error))                  \
    F(const guint8 *, gdk_pixbuf_read_pixels, (const GdkPixbuf *pixbuf))

typedef struct svg_lib {
    RSVG_FUNCTIONS(LAZY_FIELD)
} svg_lib;
typedef struct pixbuf_lib {
    PIXBUF_FUNCTIONS(LAZY_FIELD)
} pixbuf_lib;

/* The tables, each library opened on the first call. Without it, the
 * entry points that make a handle or a loader (rsvg_handle_new_from_data,
 * gdk_pixbuf_loader_new_with_type) say why through their GError; the rest
 * is called only on what they made. */
const svg_lib *lib_rsvg(void);
const pixbuf_lib *lib_pixbuf(void);

#endif /* MEIRO_SRC_SHAPES_IMAGE_LIBS_H */
