/* The one check that text is UTF-8, for every text that reaches a page
 * (titles, template texts and lines): Pango, cairo's PDF and PNG text and
 * the XLSX writer all need it, and fail late or quietly without it. */
#ifndef MEIRO_SRC_CORE_UTF8_H
#define MEIRO_SRC_CORE_UTF8_H

#include <stddef.h>

/* The offset of the first byte of s[0..len) that does not start a valid
 * UTF-8 sequence (overlong forms, surrogates and code points above
 * U+10FFFF are invalid), or len if all of it is valid. */
size_t utf8_check(const char *s, size_t len);

/* Copies the valid UTF-8 start of src into dst (size bytes with the NUL),
 * cut at a whole character. */
void utf8_copy(char *dst, size_t size, const char *src);

#endif /* MEIRO_SRC_CORE_UTF8_H */
