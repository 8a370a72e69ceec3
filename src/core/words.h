/* meiro's own words and their translations: the message catalogues of
 * po/ (gettext's format), compiled in by tools/po2c.sh as core/catalog.h.
 *
 * A table of words (page_labels, the HTML page's words...) is written in
 * English, each word as WORD("TABLE.FIELD", "English"): xgettext reads
 * them into po/meiro.pot, the place becoming the msgctxt, and the header
 * gives every other language's row of the table, CATALOG_TABLE, in the
 * same fields. So a table is
 *     static const T table[] = {{.lang = "en", .f = WORD("T.f", "...")},
 *                               CATALOG_T};
 * and adding a language is adding po/LL.po (po/README.md). */
#ifndef MEIRO_CORE_WORDS_H
#define MEIRO_CORE_WORDS_H

#include "core/catalog.h"

#define WORD(place, english) english

#endif /* MEIRO_CORE_WORDS_H */
