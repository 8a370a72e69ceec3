/* The exit law of a simple random walk from the centre of a diamond
 * (gen/walk_exit.h), computed in integers.
 *
 * Turned 45 degrees, u = x + y and v = x - y, a step of the walk moves u
 * and v each by +-1, independently and uniformly (N: -1 +1, E: +1 +1,
 * S: +1 -1, W: -1 -1): the walk is two independent walks on a line, and
 * the diamond |x| + |y| <= r is the square |u| <= r, |v| <= r. So the
 * expected visits to a cell (a, b) before the walk leaves is
 * G(a, b) = sum over t of q_t(a) q_t(b), where q_t(j) is the chance that
 * one walk on the line from 0 is at j at time t without having left
 * [-r, r]. The cells next to the way out have |a| = r or |b| = r, so one
 * walk on the line, r + 1 numbers, gives every edge's probability:
 * G / 4 for each step out. */
#include "gen/walk_exit.h"

#include "core/alloc.h"

#include <stdlib.h>
#include <string.h>

/* A 128-bit sum, in two halves (no compiler extension: the same integers
 * on every machine). */
typedef struct wide {
    uint64_t hi, lo;
} wide;

static void wide_add_product(wide *w, uint64_t a, uint64_t b)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    uint64_t lo = (mid << 32) | (uint32_t)p00;
    uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    w->lo += lo;
    w->hi += hi + (w->lo < lo);
}

/* green[j] = sum over t of q_t(r) q_t(j) in units of 2^-60, for j = 0 .. r
 * (q(-j) = q(j)); q in units of 2^-62, each halving rounded down (about
 * 22 (r + 1)^2 steps of r + 1 numbers lose less than 2^-33 in all for
 * r <= 256). Stops when less than 2^-40 of the walk is left inside. */
static bool green_line(unsigned r, uint64_t *green)
{
    /* q(r + 1) stays 0; at time t only j = t (mod 2) is read, so one array
     * serves: step t + 1 writes the other parity from this one */
    uint64_t *q = calloc((size_t)r + 2, sizeof *q);
    wide *sum = calloc((size_t)r + 1, sizeof *sum);
    bool ok = q && sum;
    if (!ok) goto done;
    q[0] = 1ull << 62;
    for (uint64_t t = 0;; t++) {
        unsigned odd = (unsigned)(t & 1);
        if (odd == (r & 1))
            for (unsigned j = odd; j <= r; j += 2) wide_add_product(&sum[j], q[r], q[j]);
        if ((t & 63) == 0) {
            uint64_t left = odd ? 0 : q[0];
            for (unsigned j = odd ? 1 : 2; j <= r; j += 2) left += 2 * q[j];
            if (left < 1ull << 22) break;
        }
        unsigned j = !odd;
        if (j == 0) q[0] = q[1], j = 2; /* from -1 and 1 alike */
        for (; j <= r; j += 2) q[j] = (q[j - 1] + q[j + 1]) >> 1;
    }
    for (unsigned j = 0; j <= r; j++) green[j] = sum[j].hi;
done:
    free(q);
    free(sum);
    return ok;
}

void exit_law_free(exit_law *law)
{
    if (!law) return;
    free(law->bucket);
    free(law->edge);
    law->bucket = NULL, law->edge = NULL;
}

bool exit_law_init(exit_law *law, unsigned r)
{
    memset(law, 0, sizeof *law);
    if (r < 1 || r > 256) return false;
    law->radius = r, law->edges = 8 * r + 4;
    while (1u << law->bits < law->edges) law->bits++;
    size_t buckets = (size_t)1 << law->bits;
    uint64_t *green = alloc_array((size_t)r + 1, sizeof *green);
    uint64_t *mass = calloc(buckets, sizeof *mass);
    uint32_t *stack = alloc_array(buckets, sizeof *stack);
    law->bucket = alloc_array(buckets, sizeof *law->bucket);
    law->edge = alloc_array(law->edges, sizeof *law->edge);
    bool ok = green && mass && stack && law->bucket && law->edge && green_line(r, green);
    if (!ok) goto done;
    /* the edges: cells (a, b) in (u, v) with max(|a|, |b|) = r (a and b
     * have r's parity), each step out of the square; mass in units of
     * 2^-(32 + bits) */
    unsigned n = 0;
    const int R = (int)r;
    for (int a = -R; a <= R; a += 2)
        for (int b = -R; b <= R; b += 2) {
            if (abs(a) != R && abs(b) != R) continue;
            uint64_t g = green[abs(a) == R ? abs(b) : abs(a)];
            for (int du = -1; du <= 1; du += 2)
                for (int dv = -1; dv <= 1; dv += 2) {
                    if (abs(a + du) <= R && abs(b + dv) <= R) continue;
                    int dx = (du + dv) / 2, dy = (du - dv) / 2;
                    exit_edge *e = &law->edge[n];
                    e->dx = (int16_t)((a + b) / 2 + dx), e->dy = (int16_t)((a - b) / 2 + dy);
                    e->side = (uint8_t)(dy < 0 ? 0 : dx > 0 ? 1 : dy > 0 ? 2 : 3);
                    mass[n++] = g >> (30 - law->bits);
                }
        }
    /* what the rounding and the walk left inside took (a few units of
     * 2^-32 at most), one unit to each edge in turn, so the masses fill
     * the buckets exactly */
    const uint64_t full = 1ull << 32;
    uint64_t total = 0;
    for (unsigned e = 0; e < n; e++) total += mass[e];
    for (unsigned e = 0; total < buckets * full; e = (e + 1) % n) mass[e]++, total++;
    for (unsigned e = 0; total > buckets * full; e = (e + 1) % n)
        if (mass[e]) mass[e]--, total--;
    /* Vose's alias method in integers: the small buckets from the bottom
     * of the stack, the large from the top */
    size_t small = 0, large = buckets;
    for (uint32_t i = 0; i < buckets; i++) {
        if (mass[i] < full) stack[small++] = i;
        else stack[--large] = i;
    }
    size_t s = 0;
    while (s < small && large < buckets) {
        uint32_t lo = stack[s++], hi = stack[large];
        law->bucket[lo] = (exit_bucket){(uint32_t)mass[lo], (uint16_t)lo, (uint16_t)hi};
        mass[hi] -= full - mass[lo];
        if (mass[hi] < full) stack[small++] = stack[large++]; /* small now */
    }
    /* the rest are full (the masses sum to the buckets exactly) */
    for (; s < small; s++)
        law->bucket[stack[s]] = (exit_bucket){0, (uint16_t)stack[s], (uint16_t)stack[s]};
    for (; large < buckets; large++)
        law->bucket[stack[large]] =
            (exit_bucket){0, (uint16_t)stack[large], (uint16_t)stack[large]};
done:
    free(green);
    free(mass);
    free(stack);
    if (!ok) exit_law_free(law);
    return ok;
}
