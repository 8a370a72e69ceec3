/* UTF-8 validation (RFC 3629): the well-formed byte sequences of the
 * Unicode standard's table 3-7. */
#include "core/utf8.h"
#include "core/error.h"

#include <string.h>

size_t utf8_check(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned c = u[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t n;                      /* continuation bytes */
        unsigned lo = 0x80, hi = 0xBF; /* the range of the first of them */
        if (c >= 0xC2 && c <= 0xDF) n = 1;
        else if (c == 0xE0) n = 2, lo = 0xA0; /* no overlong forms */
        else if (c >= 0xE1 && c <= 0xEC) n = 2;
        else if (c == 0xED) n = 2, hi = 0x9F; /* no surrogates */
        else if (c >= 0xEE && c <= 0xEF) n = 2;
        else if (c == 0xF0) n = 3, lo = 0x90; /* no overlong forms */
        else if (c >= 0xF1 && c <= 0xF3) n = 3;
        else if (c == 0xF4) n = 3, hi = 0x8F; /* nothing above U+10FFFF */
        else return i;
        if (len - i <= n) return i;
        if (u[i + 1] < lo || u[i + 1] > hi) return i;
        for (size_t k = 2; k <= n; k++)
            if (u[i + k] < 0x80 || u[i + k] > 0xBF) return i;
        i += n + 1;
    }
    return len;
}

size_t text_check(const char *s, size_t len, bool tabs)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t valid = utf8_check(s, len);
    for (size_t i = 0; i < valid; i++) {
        unsigned c = u[i];
        if ((c < 0x20 && !(tabs && (c == '\t' || c == '\r'))) || c == 0x7f) return i;
        if (c == 0xC2 && i + 1 < valid && u[i + 1] < 0xA0) return i; /* U+0080 to U+009F */
    }
    return valid;
}

meiro_status text_line_check(const char *text, const char *what, meiro_field field,
                             meiro_error *err)
{
    size_t len = strlen(text), bad = text_check(text, len, false);
    if (bad == len) return MEIRO_OK;
    if (bad == utf8_check(text, len))
        return fail_field(err, field, MEIRO_ERROR_ARGUMENT, "%s is not UTF-8 text (from byte %zu)",
                          what, bad + 1);
    return fail_field(err, field, MEIRO_ERROR_ARGUMENT,
                      "%s has a control character (byte %zu): one line of text", what, bad + 1);
}

void utf8_copy(char *dst, size_t size, const char *src)
{
    size_t n = text_check(src, strlen(src), false);
    if (n > size - 1) n = size - 1;
    while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80) n--; /* not inside a character */
    memcpy(dst, src, n);
    dst[n] = 0;
}
