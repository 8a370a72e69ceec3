/* The one check that text is UTF-8, for every text that reaches a page
 * (titles, template texts and lines): Pango, cairo's PDF and PNG text and
 * the XLSX writer all need it, and fail late or quietly without it. */
#ifndef MEIRO_SRC_CORE_UTF8_H
#define MEIRO_SRC_CORE_UTF8_H

#include <stdbool.h>
#include <stddef.h>

#include "meiro.h"

/* The offset of the first byte of s[0..len) that does not start a valid
 * UTF-8 sequence (overlong forms, surrogates and code points above
 * U+10FFFF are invalid), or len if all of it is valid. */
size_t utf8_check(const char *s, size_t len);

/* The offset of the first byte of s[0..len) that is not valid UTF-8 or is
 * a control character (C0, DEL, C1: XML and the XLSX writer refuse them,
 * pages would show them as boxes), or len: the check for a line of text a
 * user gives. tabs: a tab and a carriage return pass (a template's lines). */
size_t text_check(const char *s, size_t len, bool tabs);

/* A line of text a user gives, named `what` in the message ("the title"):
 * MEIRO_ERROR_ARGUMENT when it is not UTF-8 or holds a control character
 * (text_check without tabs), about the option `field`. */
meiro_status text_line_check(const char *text, const char *what, meiro_field field,
                             meiro_error *err);

/* Copies the start of src that passes text_check (no tabs) into dst (size
 * bytes with the NUL), cut at a whole character. */
void utf8_copy(char *dst, size_t size, const char *src);

#endif /* MEIRO_SRC_CORE_UTF8_H */
