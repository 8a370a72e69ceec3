/* JSON text written through a buffer (jout.h). */
#include "core/jout.h"

#include "core/utf8.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

void jout_flush(jout *o)
{
    if (o->n && fwrite(o->buf, 1, o->n, o->out) != o->n) o->ok = false;
    o->n = 0;
}

void jout_mem(jout *o, const char *s, size_t len)
{
    if (o->n + len > sizeof o->buf) jout_flush(o);
    if (len > sizeof o->buf) {
        if (fwrite(s, 1, len, o->out) != len) o->ok = false;
        return;
    }
    memcpy(o->buf + o->n, s, len);
    o->n += len;
}

void jout_str(jout *o, const char *s) { jout_mem(o, s, strlen(s)); }

void jout_u64(jout *o, uint64_t v)
{
    char d[24];
    size_t k = sizeof d;
    do d[--k] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    jout_mem(o, d + k, sizeof d - k);
}

/* A coordinate or angle: rounded to 9 decimals, trailing zeros dropped,
 * never "-0". Done by hand: printf costs more than the rest of a cell. */
void jout_num(jout *o, double v)
{
    if (!(fabs(v) < 9e9)) { /* not a coordinate meiro makes; kept readable JSON */
        char t[40];
        snprintf(t, sizeof t, "%.17g", isfinite(v) ? v : 0.0);
        jout_str(o, t);
        return;
    }
    int64_t q = (int64_t)llround(v * 1e9);
    if (q < 0) jout_mem(o, "-", 1);
    uint64_t u = q < 0 ? (uint64_t)-q : (uint64_t)q;
    jout_u64(o, u / 1000000000u);
    uint32_t frac = (uint32_t)(u % 1000000000u);
    if (!frac) return;
    char d[10] = {'.'};
    for (int k = 9; k >= 1; k--, frac /= 10) d[k] = (char)('0' + frac % 10);
    size_t len = 10;
    while (d[len - 1] == '0') len--;
    jout_mem(o, d, len);
}

/* A JSON string: quotes, backslashes and control characters escaped; a
 * byte that is not UTF-8 becomes U+FFFD (JSON text is UTF-8). */
void jout_quoted(jout *o, const char *s)
{
    size_t len = strlen(s);
    jout_mem(o, "\"", 1);
    for (size_t i = 0; i < len;) {
        size_t good = i + utf8_check(s + i, len - i);
        for (; i < good; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c == '"' || c == '\\') {
                char e[2] = {'\\', (char)c};
                jout_mem(o, e, 2);
            } else if (c < 0x20) {
                char e[8];
                snprintf(e, sizeof e, "\\u%04x", c);
                jout_mem(o, e, 6);
            } else {
                jout_mem(o, s + i, 1);
            }
        }
        if (i < len) {
            jout_str(o, "\\ufffd");
            i++;
        }
    }
    jout_mem(o, "\"", 1);
}
