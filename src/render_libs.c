/* librsvg and gdk-pixbuf (with gio and libxml2), and libqpdf, on first use, inside the
 * drawing module: only art (S and G pictures, frames), shapes and pictures
 * use them, so the module does not link them and a plain page never loads
 * them (issue 25). Each function the render layer calls is defined here
 * with the library's own prototype (its header checks it) and looks the
 * real one up in the library, opened on the first call; the two entry
 * points, which make a handle or a loader, report a library that cannot be
 * loaded through their GError. Linked into the module only: libmeiro.a
 * and the tests link the libraries themselves. */
#define _GNU_SOURCE
#include "core/lazy_lib.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <librsvg/rsvg.h>
#include <qpdf/qpdf-c.h>

static lazy_lib rsvg_lib = LAZY_LIB(MEIRO_RSVG_SONAME);
static lazy_lib pixbuf_lib = LAZY_LIB(MEIRO_PIXBUF_SONAME);

static void open_rsvg(void) { lazy_dlopen(&rsvg_lib); }
static void open_pixbuf(void) { lazy_dlopen(&pixbuf_lib); }

static bool lazy_open(lazy_lib *lib, GError **error)
{
    call_once(&lib->once, lib == &rsvg_lib ? open_rsvg : open_pixbuf);
    if (!lib->handle)
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "cannot load %s: %s", lib->soname,
                    lib->why);
    return lib->handle != NULL;
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

/* libqpdf (with libstdc++, gnutls, gmp, libjpeg) on first use too: only a
 * PDF's trim and bleed boxes, a grid's walls on PDF pages (pdf_walls.c) and
 * meiro preflight read PDFs through it, and
 * loading it cost about 5 ms of every drawing run, XLSX included. Its C API
 * has no error channel at qpdf_init: when the library cannot be loaded,
 * qpdf_init says why on stderr once and returns NULL, which every caller
 * checks. */
static lazy_lib qpdf_lib = LAZY_LIB(MEIRO_QPDF_SONAME);

static void open_qpdf(void)
{
    lazy_dlopen(&qpdf_lib);
    if (!qpdf_lib.handle)
        fprintf(stderr, "meiro: cannot load %s: %s\n", qpdf_lib.soname, qpdf_lib.why);
}

qpdf_data qpdf_init(void)
{
    call_once(&qpdf_lib.once, open_qpdf);
    if (!qpdf_lib.handle) return NULL;
    qpdf_data (*f)(void);
    lazy_fn(&qpdf_lib, "qpdf_init", &f, sizeof f);
    return f();
}

/* the rest: asked only about a qpdf_data that qpdf_init made */
LAZY_VOID(qpdf_lib, qpdf_cleanup, (qpdf_data * qpdf), (qpdf))
LAZY(qpdf_lib, unsigned char const *, qpdf_get_buffer, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, size_t, qpdf_get_buffer_length, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, qpdf_error, qpdf_get_error, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, char const *, qpdf_get_error_full_text, (qpdf_data q, qpdf_error e), (q, e))
LAZY(qpdf_lib, char const *, qpdf_get_error_message_detail, (qpdf_data q, qpdf_error e), (q, e))
LAZY(qpdf_lib, int, qpdf_get_num_pages, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, qpdf_oh, qpdf_get_object_by_id, (qpdf_data qpdf, int objid, int generation),
     (qpdf, objid, generation))
LAZY(qpdf_lib, qpdf_oh, qpdf_get_page_n, (qpdf_data qpdf, size_t zero_based_index),
     (qpdf, zero_based_index))
LAZY(qpdf_lib, qpdf_oh, qpdf_get_root, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, qpdf_oh, qpdf_get_trailer, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_has_error, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, QPDF_ERROR_CODE, qpdf_init_write_memory, (qpdf_data qpdf), (qpdf))
LAZY_VOID(qpdf_lib, qpdf_oh_append_item, (qpdf_data qpdf, qpdf_oh oh, qpdf_oh item),
          (qpdf, oh, item))
LAZY_VOID(qpdf_lib, qpdf_oh_begin_dict_key_iter, (qpdf_data qpdf, qpdf_oh dict), (qpdf, dict))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_dict_more_keys, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, char const *, qpdf_oh_dict_next_key, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_get_array_item, (qpdf_data qpdf, qpdf_oh oh, int n), (qpdf, oh, n))
LAZY(qpdf_lib, int, qpdf_oh_get_array_n_items, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_get_dict, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_get_key, (qpdf_data qpdf, qpdf_oh oh, char const *key),
     (qpdf, oh, key))
LAZY(qpdf_lib, char const *, qpdf_oh_get_name, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, double, qpdf_oh_get_numeric_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, QPDF_ERROR_CODE, qpdf_oh_get_page_content_data,
     (qpdf_data qpdf, qpdf_oh page_oh, unsigned char **bufp, size_t *len),
     (qpdf, page_oh, bufp, len))
LAZY(qpdf_lib, QPDF_ERROR_CODE, qpdf_oh_get_stream_data,
     (qpdf_data qpdf, qpdf_oh stream_oh, enum qpdf_stream_decode_level_e decode_level,
      QPDF_BOOL *filtered, unsigned char **bufp, size_t *len),
     (qpdf, stream_oh, decode_level, filtered, bufp, len))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_has_key, (qpdf_data qpdf, qpdf_oh oh, char const *key),
     (qpdf, oh, key))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_array, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_dictionary, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_name, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_name_and_equals,
     (qpdf_data qpdf, qpdf_oh oh, char const *name), (qpdf, oh, name))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_number, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_stream, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_string, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, char const *, qpdf_oh_get_utf8_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_new_stream, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_new_name, (qpdf_data qpdf, char const *name), (qpdf, name))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_new_null, (qpdf_data qpdf), (qpdf))
LAZY_VOID(qpdf_lib, qpdf_oh_replace_stream_data,
          (qpdf_data qpdf, qpdf_oh stream_oh, unsigned char const *buf, size_t len, qpdf_oh filter,
           qpdf_oh decode_parms),
          (qpdf, stream_oh, buf, len, filter, decode_parms))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_new_array, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_new_real_from_double,
     (qpdf_data qpdf, double value, int decimal_places), (qpdf, value, decimal_places))
/* a book's cover maze (render/book_art.c) */
LAZY_VOID(qpdf_lib, qpdf_oh_remove_key, (qpdf_data qpdf, qpdf_oh oh, char const *key),
          (qpdf, oh, key))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_new_integer, (qpdf_data qpdf, long long value), (qpdf, value))
LAZY(qpdf_lib, qpdf_oh, qpdf_oh_new_unicode_string, (qpdf_data qpdf, char const *utf8_str),
     (qpdf, utf8_str))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_integer, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, long long, qpdf_oh_get_int_value, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY_VOID(qpdf_lib, qpdf_oh_release, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY_VOID(qpdf_lib, qpdf_oh_release_all, (qpdf_data qpdf), (qpdf))
LAZY_VOID(qpdf_lib, qpdf_oh_replace_key,
          (qpdf_data qpdf, qpdf_oh oh, char const *key, qpdf_oh item), (qpdf, oh, key, item))
LAZY(qpdf_lib, QPDF_ERROR_CODE, qpdf_read,
     (qpdf_data qpdf, char const *filename, char const *password), (qpdf, filename, password))
LAZY(qpdf_lib, QPDF_ERROR_CODE, qpdf_read_memory,
     (qpdf_data qpdf, char const *description, char const *buffer, unsigned long long size,
      char const *password),
     (qpdf, description, buffer, size, password))
LAZY_VOID(qpdf_lib, qpdf_set_deterministic_ID, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value))
LAZY_VOID(qpdf_lib, qpdf_set_suppress_warnings, (qpdf_data qpdf, QPDF_BOOL value), (qpdf, value))
LAZY_VOID(qpdf_lib, qpdf_silence_errors, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_is_encrypted, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, qpdf_error, qpdf_next_warning, (qpdf_data qpdf), (qpdf))
LAZY(qpdf_lib, QPDF_BOOL, qpdf_oh_is_indirect, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, enum qpdf_object_type_e, qpdf_oh_get_type_code, (qpdf_data qpdf, qpdf_oh oh),
     (qpdf, oh))
LAZY(qpdf_lib, int, qpdf_oh_get_object_id, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, int, qpdf_oh_get_generation, (qpdf_data qpdf, qpdf_oh oh), (qpdf, oh))
LAZY(qpdf_lib, QPDF_ERROR_CODE, qpdf_write, (qpdf_data qpdf), (qpdf))
