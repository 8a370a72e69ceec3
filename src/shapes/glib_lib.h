/* glib as a table of the functions level_page.c calls, opened on first use
 * (issue 25, 37): level_page.c fits a name to its page with glib's Unicode
 * functions, and only a name maze, drawn by the drawing module (whose
 * pango loads glib anyway), gets there; so libmeiro.so does not link glib,
 * which cost every run, --version included, about 0.35 ms. Called as
 * lib_glib()->NAME(...); no function of ours takes glib's names. */
#ifndef MEIRO_SRC_SHAPES_GLIB_LIB_H
#define MEIRO_SRC_SHAPES_GLIB_LIB_H

#include "core/lazy_lib.h"

#include <glib.h>

/* F(return type, name, parameters) */
#define GLIB_FUNCTIONS(F)                                                                          \
    F(GUnicodeType, g_unichar_type, (gunichar c))                                                  \
    F(gboolean, g_unichar_isspace, (gunichar c))                                                   \
    F(gboolean, g_unichar_islower, (gunichar c))                                                   \
    F(gunichar, g_unichar_toupper, (gunichar c))                                                   \
    F(gint, g_unichar_to_utf8, (gunichar c, gchar * outbuf))                                       \
    F(gunichar, g_utf8_get_char, (const gchar *p))                                                 \
    F(glong, g_utf8_strlen, (const gchar *p, gssize max))

typedef struct glib_lib {
    GLIB_FUNCTIONS(LAZY_FIELD)
} glib_lib;

/* The table, glib opened on the first call. glib is a library of the
 * drawing module, which a name maze has already loaded or fails without:
 * missing, the installation is broken beyond reporting through calls
 * that have no error channel, and the process ends saying so. */
const glib_lib *lib_glib(void);

#endif /* MEIRO_SRC_SHAPES_GLIB_LIB_H */
