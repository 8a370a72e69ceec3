/* glib on first use (issue 25): level_page.c fits a name to its page with
 * glib's Unicode functions, and only a name maze, drawn by the drawing
 * module (whose pango loads glib anyway), gets there; so the program and
 * libmeiro.so do not link glib, which cost every run, --version included,
 * about 0.35 ms. The functions level_page.c calls are defined here with
 * glib's own prototypes (its header checks them), looked up once when
 * glib is opened on the first call; g_utf8_next_char's table of UTF-8
 * sequence lengths is ours (the encoding's, not a choice of glib's).
 * Linked into the program and libmeiro.so only: the module, libmeiro.a and
 * the tests link glib itself. */
#define _GNU_SOURCE
#include "core/lazy_lib.h"

#include <glib.h>

/* F(return type, name, parameters, arguments) */
#define GLIB_FUNCTIONS(F)                                                                          \
    F(GUnicodeType, g_unichar_type, (gunichar c), (c))                                             \
    F(gboolean, g_unichar_isspace, (gunichar c), (c))                                              \
    F(gboolean, g_unichar_islower, (gunichar c), (c))                                              \
    F(gunichar, g_unichar_toupper, (gunichar c), (c))                                              \
    F(gint, g_unichar_to_utf8, (gunichar c, gchar * outbuf), (c, outbuf))                          \
    F(gunichar, g_utf8_get_char, (const gchar *p), (p))                                            \
    F(glong, g_utf8_strlen, (const gchar *p, gssize max), (p, max))

#define FIELD(ret, name, params, args) ret(*name) params;
/* glib and its functions, looked up once (call_once) */
static lazy_lib glib_lib = LAZY_LIB(MEIRO_GLIB_SONAME);
static struct {
    GLIB_FUNCTIONS(FIELD)
} fn;

static void open_glib(void)
{
    lazy_dlopen(&glib_lib);
    bool found = glib_lib.handle != NULL;
#define LOOK_UP(ret, name, params, args)                                                           \
    found = found && lazy_sym(&glib_lib, #name, &fn.name, sizeof fn.name);
    GLIB_FUNCTIONS(LOOK_UP)
    /* glib is a library of the drawing module, which a name maze has
     * already loaded or fails without: missing, the installation is
     * broken beyond reporting through a call that has no error channel */
    if (!found) {
        fprintf(stderr, "meiro: cannot load %s: %s\n", glib_lib.soname, glib_lib.why);
        abort();
    }
}

#define FORWARD(ret, name, params, args)                                                           \
    ret name params                                                                                \
    {                                                                                              \
        call_once(&glib_lib.once, open_glib);                                                      \
        return fn.name args;                                                                       \
    }
GLIB_FUNCTIONS(FORWARD)

/* the length of a UTF-8 sequence from its first byte (glib's table, as
 * g_utf8_next_char reads it) */
static const gchar utf8_skip[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 1, 1};
const gchar *const g_utf8_skip = utf8_skip;
