/* The maze model, errors, the PRNG and the permutation. */
#include "harness.h"
#include "whitebox.h"

#include <stdlib.h>

static void test_limits(void)
{
    meiro_error err = {0};
    CHECK(meiro_maze_new(0, 5, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_maze_new(65536, 1, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_TOO_BIG);
    /* 20000 x 20001 > 400,000,000: refused before allocating */
    CHECK(meiro_maze_new(20000, 20001, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_TOO_BIG);
    CHECK(strstr(err.message, "400000000") != NULL);
    meiro_maze *m = meiro_maze_new(65535, 1, &err);
    CHECK(m != NULL);
    meiro_maze_free(m);
    meiro_maze_free(NULL);
}

static void test_walls(void)
{
    meiro_maze *m = meiro_maze_new(4, 3, NULL);
    CHECK(m != NULL);
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t x = 0; x < 4; x++)
            for (unsigned d = 0; d < 4; d++) CHECK(!meiro_maze_is_open(m, x, y, (meiro_dir)d));
    CHECK_INT(meiro_maze_carve(m, 1, 1, MEIRO_EAST), MEIRO_OK);
    CHECK(meiro_maze_is_open(m, 1, 1, MEIRO_EAST));
    CHECK(meiro_maze_is_open(m, 2, 1, MEIRO_WEST)); /* both sides see it */
    CHECK_INT(meiro_maze_carve(m, 2, 2, MEIRO_NORTH), MEIRO_OK);
    CHECK(meiro_maze_is_open(m, 2, 1, MEIRO_SOUTH));
    CHECK_INT(meiro_maze_build(m, 2, 1, MEIRO_WEST), MEIRO_OK);
    CHECK(!meiro_maze_is_open(m, 1, 1, MEIRO_EAST));
    /* the outer wall cannot be carved */
    CHECK_INT(meiro_maze_carve(m, 0, 0, MEIRO_WEST), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 3, 0, MEIRO_EAST), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 0, 2, MEIRO_SOUTH), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 4, 0, MEIRO_WEST), MEIRO_ERROR_ARGUMENT);
    CHECK(!meiro_maze_is_open(m, 9, 9, MEIRO_EAST));
    CHECK_INT(meiro_maze_check(m, NULL), MEIRO_OK);
    /* doors */
    CHECK_INT(meiro_maze_set_start(m, (meiro_cell){0, 1}, MEIRO_WEST), MEIRO_OK);
    CHECK(meiro_maze_is_open(m, 0, 1, MEIRO_WEST));
    CHECK_INT(meiro_maze_set_start(m, (meiro_cell){1, 1}, MEIRO_WEST), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_set_goal(m, (meiro_cell){4, 1}, MEIRO_NO_DIR), MEIRO_ERROR_ARGUMENT);
    /* the invariant checker notices a wall opened into the border */
    m->cells[cell_index(m, 3, 0)] |= CELL_OPEN_E;
    meiro_error err = {0};
    CHECK_INT(meiro_maze_check(m, &err), MEIRO_ERROR_INTERNAL);
    CHECK(strstr(err.message, "east") != NULL);
    meiro_maze_free(m);
}

static void test_perfect(void)
{
    meiro_maze *m = meiro_maze_new(3, 2, NULL);
    bool perfect = true;
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(!perfect); /* all walls closed: disconnected */
    /* a comb: row 0 open, every column down */
    meiro_maze_carve(m, 0, 0, MEIRO_EAST);
    meiro_maze_carve(m, 1, 0, MEIRO_EAST);
    for (uint32_t x = 0; x < 3; x++) meiro_maze_carve(m, x, 0, MEIRO_SOUTH);
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(perfect);
    meiro_maze_carve(m, 0, 1, MEIRO_EAST); /* a loop */
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(!perfect);
    meiro_maze_free(m);
    /* a b c / d e f with a-b, a-d, b-e, d-e (a loop) and c-f (an island):
     * w*h - 1 open walls, yet not perfect */
    m = meiro_maze_new(3, 2, NULL);
    meiro_maze_carve(m, 0, 0, MEIRO_EAST);
    meiro_maze_carve(m, 0, 0, MEIRO_SOUTH);
    meiro_maze_carve(m, 1, 0, MEIRO_SOUTH);
    meiro_maze_carve(m, 0, 1, MEIRO_EAST);
    meiro_maze_carve(m, 2, 0, MEIRO_SOUTH);
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(!perfect);
    meiro_maze *c = meiro_maze_clone(m, NULL);
    CHECK(c && meiro_maze_equal(m, c));
    meiro_maze_carve(c, 1, 1, MEIRO_EAST);
    CHECK(!meiro_maze_equal(m, c));
    meiro_maze_free(c);
    meiro_maze_free(m);
}

static void test_strerror(void)
{
    /* every status has its own message: the table and the enum agree */
    for (int s = 0; s < MEIRO_STATUS_COUNT; s++) {
        const char *a = meiro_strerror((meiro_status)s);
        CHECK(a && *a && strcmp(a, "unknown status") != 0);
        for (int t = 0; t < s; t++) CHECK(strcmp(a, meiro_strerror((meiro_status)t)) != 0);
    }
    CHECK_STR(meiro_strerror(MEIRO_STATUS_COUNT), "unknown status");
    CHECK_STR(meiro_version(), MEIRO_VERSION);
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
    for (int i = 0; i < 60000; i++) {
        uint32_t v = rng_below(&r, 6);
        CHECK_MSG(v < 6, "%u", v);
        if (v < 6) hist[v]++;
    }
    for (int k = 0; k < 6; k++) CHECK_MSG(hist[k] > 9400 && hist[k] < 10600, "bucket %d: %d", k, hist[k]);
    /* rng_pick_bit picks only set bits, each of them */
    int seen[4] = {0};
    for (int i = 0; i < 400; i++) {
        unsigned d = rng_pick_bit(&r, 0xB);
        CHECK(d == 0 || d == 1 || d == 3);
        seen[d & 3]++;
    }
    CHECK(seen[0] && seen[1] && seen[3]);
}

static void test_perm(void)
{
    static const uint64_t sizes[] = {1, 2, 3, 5, 16, 17, 1000, 4097};
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
        CHECK_MSG(ok, "not a permutation of %llu", (unsigned long long)n);
        if (n >= 1000) CHECK_MSG(fixed < n / 50, "%zu fixed points of %llu", fixed, (unsigned long long)n);
        free(hit);
        /* the stream yields the same order, and looks PERM_AHEAD ahead */
        rng_seed(&r, n);
        perm_stream ps;
        perm_stream_init(&ps, n, &r);
        bool same = true;
        for (uint64_t i = 0; i < n; i++) {
            uint64_t later, v = perm_stream_next(&ps, &later);
            if (v != perm_at(&p, i)) same = false;
            if (later != (i + PERM_AHEAD < n ? perm_at(&p, i + PERM_AHEAD) : UINT64_MAX)) same = false;
            if (i + 3 < n && perm_stream_peek(&ps, 3) != perm_at(&p, i + 3)) same = false;
        }
        CHECK_MSG(same, "stream differs from perm_at for n = %llu", (unsigned long long)n);
    }
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_limits);
    RUN(test_walls);
    RUN(test_perfect);
    RUN(test_strerror);
    RUN(test_rng);
    RUN(test_perm);
    return test_summary("model");
}
