/* Numbers in files do not depend on the host program's locale: readers and
 * writers run with LC_NUMERIC set to "C" for the calling thread only
 * (uselocale), and the caller's locale comes back afterwards. */
#ifndef MEIRO_SRC_CORE_NUMBERS_H
#define MEIRO_SRC_CORE_NUMBERS_H

#include <locale.h>

typedef struct c_numbers {
    locale_t saved, c; /* c is (locale_t)0 when none could be made */
} c_numbers;

/* From here on this thread reads and writes "12.5", whatever the locale. */
void c_numbers_begin(c_numbers *n);
/* Back to the caller's locale. */
void c_numbers_end(c_numbers *n);

#endif /* MEIRO_SRC_CORE_NUMBERS_H */
