/* The random order a block at a time (perm_fill, with and without its
 * table of round functions) against the order value by value (perm_at):
 * wall reads its points this way, and its mazes depend on every value. */
#include "harness.h"
#include "whitebox.h"

#include <stdlib.h>

static void test_fill(void)
{
    /* around the block's size, and 2^16 + 1: the cycle walk's domain of 2^18 */
    static const uint64_t sizes[] = {1, 2, 3, 17, 255, 256, 257, 1000, 65537};
    static const size_t counts[] = {PERM_BLOCK, 1, 7, PERM_BLOCK - 1};
    verdict same = {0}, tables = {0};
    uint64_t out[PERM_BLOCK];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        uint64_t n = sizes[s];
        rng_state r;
        rng_seed(&r, n);
        permutation p;
        perm_init(&p, n, &r);
        uint16_t *rounds = perm_rounds(&p);
        verdict_note(&tables, rounds != NULL, "no table for n = %llu", (unsigned long long)n);
        for (int with = 0; with < 2; with++) {
            bool ok = true;
            uint64_t from = 0;
            for (size_t c = 0; from < n; c++) { /* blocks of several lengths */
                size_t count = counts[c % 4];
                if (count > n - from) count = (size_t)(n - from);
                perm_fill(&p, with ? rounds : NULL, from, count, out);
                for (size_t j = 0; j < count; j++) ok = ok && out[j] == perm_at(&p, from + j);
                from += count;
            }
            verdict_note(&same, ok, "perm_fill %s its table differs from perm_at for n = %llu",
                         with ? "with" : "without", (unsigned long long)n);
        }
        free(rounds);
    }
    CHECK_ALL(same);
    CHECK_ALL(tables);
}

static const test_case cases[] = {
    {"fill", test_fill},
};

int main(int argc, char **argv) { return test_main("order", argc, argv, cases, TEST_COUNT(cases)); }
