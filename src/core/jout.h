/* JSON text written through a buffer: the JSON writers' output (io's maze,
 * page's description). Numbers are written by hand, the same in every
 * locale. A failed write clears `ok`; the rest is dropped. */
#ifndef MEIRO_SRC_CORE_JOUT_H
#define MEIRO_SRC_CORE_JOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct jout {
    FILE *out;
    bool ok;
    size_t n;
    char buf[1 << 16];
} jout;

/* Writes what the buffer holds to out. */
void jout_flush(jout *o);
void jout_mem(jout *o, const char *s, size_t len);
void jout_str(jout *o, const char *s);
void jout_u64(jout *o, uint64_t v);
/* A coordinate or angle: rounded to 9 decimals, trailing zeros dropped,
 * never "-0". */
void jout_num(jout *o, double v);
/* A JSON string: quotes, backslashes and control characters escaped; a
 * byte that is not UTF-8 becomes U+FFFD (JSON text is UTF-8). */
void jout_quoted(jout *o, const char *s);

#endif
