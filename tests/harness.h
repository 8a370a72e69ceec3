/* A tiny test harness. Each test file lists named cases; `test_x NAME...`
 * runs only the cases whose names contain one of the NAMEs. A case passes
 * when every check in it passes. The closing lines count what means
 * something: the checks (assertion sites reached, however often a loop ran
 * them) and the cases passed and failed ("NAME: N passed, N failed"). */
#ifndef MEIRO_TEST_HARNESS_H
#define MEIRO_TEST_HARNESS_H

#include <stdio.h>
#include <string.h>

static int test_argc;
static char **test_argv;
static const char *test_current = "main"; /* the case running */
static int test_case_failures;               /* failed checks in it */
static int test_passed, test_failed, test_sites;

/* A check: counted once per assertion site, reported at most a few times
 * per site (a loop that fails everywhere prints three lines, not 60,000). */
#define CHECK_MSG(cond, ...)                                                          \
    do {                                                                              \
        static int site_seen_, site_failures_;                                        \
        if (!site_seen_) {                                                            \
            site_seen_ = 1;                                                           \
            test_sites++;                                                             \
        }                                                                             \
        if (!(cond)) {                                                                \
            test_case_failures++;                                                     \
            if (site_failures_++ < 3) {                                               \
                fprintf(stderr, "FAIL %s:%d [%s]: %s: ", __FILE__, __LINE__,          \
                        test_current, #cond);                                         \
                fprintf(stderr, __VA_ARGS__);                                         \
                fputc('\n', stderr);                                                  \
            }                                                                         \
        }                                                                             \
    } while (0)

#define CHECK(cond) CHECK_MSG(cond, "%s", "")
#define CHECK_INT(a, b)                                                               \
    CHECK_MSG((long long)(a) == (long long)(b), "%lld != %lld", (long long)(a), (long long)(b))
#define CHECK_STR(a, b) CHECK_MSG(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))

/* Remembers the command line's case names (none: every case runs). */
static void test_init(int argc, char **argv)
{
    test_argc = argc;
    test_argv = argv;
}

/* True if case `name` is to run; it then becomes the current case. */
static int test_begin(const char *name)
{
    int wanted = test_argc < 2;
    for (int i = 1; i < test_argc && !wanted; i++) wanted = strstr(name, test_argv[i]) != NULL;
    if (!wanted) return 0;
    test_current = name;
    test_case_failures = 0;
    return 1;
}

static void test_end(void)
{
    if (test_case_failures) test_failed++;
    else test_passed++;
    test_current = "main";
    test_case_failures = 0;
}

/* Runs a case under a name: RUN_AS("kids-a4", check_booklet(...)). */
#define RUN_AS(name, call)                                                            \
    do {                                                                              \
        if (test_begin(name)) {                                                       \
            call;                                                                     \
            test_end();                                                               \
        }                                                                             \
    } while (0)
/* Runs test_walls() as the case "walls". */
#define RUN(fn) RUN_AS(#fn + 5, fn())

static int test_summary(const char *name)
{
    if (test_case_failures) test_failed++; /* a failed check outside any case */
    printf("%s: %d checks\n", name, test_sites);
    printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);
    return test_failed ? 1 : 0;
}

/* A file of tests/data, wherever the tests run from. */
#ifndef MEIRO_TEST_DATA
#define MEIRO_TEST_DATA "tests/data"
#endif
#define TEST_DATA(file) MEIRO_TEST_DATA "/" file

#endif
