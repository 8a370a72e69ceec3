/* The model from inside: the invariant checker, the PRNG and the
 * permutation. The public API's side is in test_maze.c. */
#include "harness.h"
#include "whitebox.h"

/* The invariant checker notices a wall opened into the border. */
static void test_invariant(void)
{
    meiro_maze *m = meiro_maze_new(4, 3, NULL);
    CHECK(m != NULL);
    if (!m) return;
    CHECK_INT(meiro_maze_check(m, NULL), MEIRO_OK);
    m->cells[cell_index(m, 3, 0)] |= CELL_OPEN_E;
    meiro_error err = {0};
    CHECK_INT(meiro_maze_check(m, &err), MEIRO_ERROR_INTERNAL);
    CHECK(strstr(err.message, "east") != NULL);
    meiro_maze_free(m);
}

static void test_rng(void)
{
    /* Reference values of xoshiro256** seeded by splitmix64(0), computed
     * independently: the same numbers on every machine. */
    rng_state r;
    rng_seed(&r, 0);
    CHECK(r.s[0] == 0xe220a8397b1dcdafull);
    CHECK(r.s[1] == 0x6e789e6aa1b965f4ull);
    uint64_t first = rng_next(&r);
    CHECK_MSG(first == 0x99ec5f36cb75f2b4ull, "%llx", (unsigned long long)first);
    /* rng_below: in range, and roughly uniform over 6 values */
    rng_seed(&r, 42);
    int hist[6] = {0};
    verdict in_range = {0}, uniform = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v = rng_below(&r, 6);
        if (verdict_note(&in_range, v < 6, "draw %d: %u", i, v)) hist[v]++;
    }
    for (int k = 0; k < 6; k++)
        verdict_note(&uniform, hist[k] > 9400 && hist[k] < 10600, "bucket %d: %d of 60000", k,
                     hist[k]);
    CHECK_ALL(in_range);
    CHECK_ALL(uniform);
    /* rng_pick_bit picks only set bits, each of them */
    int seen[4] = {0};
    verdict set_bits = {0};
    for (int i = 0; i < 400; i++) {
        unsigned d = rng_pick_bit(&r, 0xB);
        verdict_note(&set_bits, d == 0 || d == 1 || d == 3, "pick %d: bit %u of 0xB", i, d);
        seen[d & 3]++;
    }
    CHECK_ALL(set_bits);
    CHECK(seen[0] && seen[1] && seen[3]);
}

static void test_perm(void)
{
    static const uint64_t sizes[] = {1, 2, 3, 5, 16, 17, 255, 256, 257, 513, 1000, 4097};
    verdict permutes = {0}, shuffles = {0}, streams = {0};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        uint64_t n = sizes[s];
        rng_state r;
        rng_seed(&r, n);
        permutation p;
        perm_init(&p, n, &r);
        unsigned char *hit = calloc(n, 1);
        size_t fixed = 0;
        bool ok = true;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t v = perm_at(&p, i);
            if (v >= n || hit[v]) ok = false;
            else hit[v] = 1;
            fixed += v == i;
        }
        verdict_note(&permutes, ok, "not a permutation of %llu", (unsigned long long)n);
        if (n >= 1000)
            verdict_note(&shuffles, fixed < n / 50, "%zu fixed points of %llu", fixed,
                         (unsigned long long)n);
        free(hit);
        /* the stream yields the same order, and looks PERM_AHEAD ahead */
        rng_seed(&r, n);
        perm_stream ps;
        perm_stream_init(&ps, n, &r);
        bool same = true;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t later, v = perm_stream_next(&ps, &later);
            if (v != perm_at(&p, i)) same = false;
            if (later != (i + PERM_AHEAD < n ? perm_at(&p, i + PERM_AHEAD) : UINT64_MAX))
                same = false;
            if (i + 3 < n && perm_stream_peek(&ps, 3) != perm_at(&p, i + 3)) same = false;
        }
        verdict_note(&streams, same, "stream differs from perm_at for n = %llu",
                     (unsigned long long)n);
    }
    CHECK_ALL(permutes);
    CHECK_ALL(shuffles);
    CHECK_ALL(streams);
}

static const test_case cases[] = {
    {"invariant", test_invariant},
    {"rng", test_rng},
    {"perm", test_perm},
};

int main(int argc, char **argv) { return test_main("model", argc, argv, cases, TEST_COUNT(cases)); }
