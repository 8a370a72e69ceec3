/* glib's table (src/shapes/glib_lib.h) in the WebAssembly build, where
 * glib is not compiled: the Unicode functions level_page.c fits a name
 * with, from HarfBuzz's tables (its general categories are glib's
 * GUnicodeType, value for value) and the C library's case mapping, as the
 * native build's glib answers them. Natively shapes/glib_lib.c opens glib
 * instead; this file takes its place (web/web.mk). */
#include "shapes/glib_lib.h"

#include <hb.h>
#include <wctype.h>

_Static_assert(
    (int)HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER == (int)G_UNICODE_LOWERCASE_LETTER &&
        (int)HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK == (int)G_UNICODE_NON_SPACING_MARK &&
        (int)HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR == (int)G_UNICODE_SPACE_SEPARATOR,
    "HarfBuzz's general categories are glib's");

static GUnicodeType unichar_type(gunichar c)
{
    return (GUnicodeType)hb_unicode_general_category(hb_unicode_funcs_get_default(), c);
}

/* glib's: the ASCII blanks but the vertical tab, and the separators */
static gboolean unichar_isspace(gunichar c)
{
    if (c == '\t' || c == '\n' || c == '\r' || c == '\f') return TRUE;
    GUnicodeType t = unichar_type(c);
    return t == G_UNICODE_SPACE_SEPARATOR || t == G_UNICODE_LINE_SEPARATOR ||
           t == G_UNICODE_PARAGRAPH_SEPARATOR;
}

static gboolean unichar_islower(gunichar c)
{
    return unichar_type(c) == G_UNICODE_LOWERCASE_LETTER;
}

static gunichar unichar_toupper(gunichar c) { return (gunichar)towupper((wint_t)c); }

static gint unichar_to_utf8(gunichar c, gchar *out)
{
    gint n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (!out) return n;
    static const unsigned char lead[] = {0, 0, 0xc0, 0xe0, 0xf0};
    for (gint i = n - 1; i > 0; i--, c >>= 6) out[i] = (gchar)(0x80 | (c & 0x3f));
    out[0] = (gchar)(n == 1 ? c : lead[n] | c);
    return n;
}

/* valid UTF-8, as glib's takes it */
static gunichar utf8_get_char(const gchar *p)
{
    const unsigned char *c = (const unsigned char *)p;
    if (c[0] < 0x80) return c[0];
    if (c[0] < 0xe0) return (gunichar)(c[0] & 0x1f) << 6 | (c[1] & 0x3f);
    if (c[0] < 0xf0)
        return (gunichar)(c[0] & 0x0f) << 12 | (gunichar)(c[1] & 0x3f) << 6 | (c[2] & 0x3f);
    return (gunichar)(c[0] & 0x07) << 18 | (gunichar)(c[1] & 0x3f) << 12 |
           (gunichar)(c[2] & 0x3f) << 6 | (c[3] & 0x3f);
}

/* the characters that start in p[0..max) (max < 0: up to the NUL) */
static glong utf8_strlen(const gchar *p, gssize max)
{
    glong n = 0;
    for (gssize i = 0; (max < 0 || i < max) && p[i]; i++) n += ((unsigned char)p[i] & 0xc0) != 0x80;
    return n;
}

static const glib_lib table = {
    .g_unichar_type = unichar_type,
    .g_unichar_isspace = unichar_isspace,
    .g_unichar_islower = unichar_islower,
    .g_unichar_toupper = unichar_toupper,
    .g_unichar_to_utf8 = unichar_to_utf8,
    .g_utf8_get_char = utf8_get_char,
    .g_utf8_strlen = utf8_strlen,
};

const glib_lib *lib_glib(void) { return &table; }
