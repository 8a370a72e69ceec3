/* Text written into HTML and XML (the playable pages, 3MF's model): the
 * one escaping every writer of markup uses. */
#ifndef MEIRO_SRC_CORE_MARKUP_H
#define MEIRO_SRC_CORE_MARKUP_H

#include <stdbool.h>
#include <stdio.h>

/* s as an element's text or a quoted attribute's value: & < > " as
 * entities. False when a write fails. */
bool markup_text(FILE *out, const char *s);

/* s as a JSON string inside an HTML <script>: quoted, JSON's escapes,
 * control characters as \uXXXX, and '<' as \u003c so that no "</script>"
 * in the text ends the script early. False when a write fails. */
bool markup_script_string(FILE *out, const char *s);

#endif
