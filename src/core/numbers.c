/* Locale-free numbers: "C" for LC_NUMERIC around every reader and writer,
 * the caller's choice for everything else (text stays UTF-8). */
#define _POSIX_C_SOURCE 200809L
#include "core/numbers.h"

void c_numbers_begin(c_numbers *n)
{
    n->saved = uselocale((locale_t)0);
    locale_t base = duplocale(n->saved);
    n->c = base ? newlocale(LC_NUMERIC_MASK, "C", base) : (locale_t)0;
    if (!n->c) {
        if (base) freelocale(base);
        return; /* out of memory: the global locale stays; "C" unless the host changed it */
    }
    uselocale(n->c);
}

void c_numbers_end(c_numbers *n)
{
    if (!n->c) return;
    uselocale(n->saved);
    freelocale(n->c);
    n->c = (locale_t)0;
}
