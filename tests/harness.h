/* A tiny test harness. A test file lists its cases in a table and hands it
 * to test_main():
 *
 *     static const test_case cases[] = {{"walls", test_walls}, ...};
 *     int main(int argc, char **argv)
 *     {
 *         return test_main("model", argc, argv, cases, TEST_COUNT(cases));
 *     }
 *
 * `test_model walls` runs only the cases named on the command line (a name
 * matches exactly, or else as a part of a case's name); `test_model -l`
 * lists them. A case passes when all its checks pass; a case that could
 * not run a check (test_skip: an outside tool missing) is skipped, never
 * passed, and a skip fails the suite. The last two lines are "NAME: K
 * checks" (every CHECK executed) and "NAME: N passed, N failed" (", N
 * skipped" when some were), counting cases; tests/run.sh sums both.
 *
 * A CHECK runs a bounded, small number of times: a loop over cells, seeds or
 * sizes computes a verdict (verdict_note per item) and checks it once with
 * CHECK_ALL, whose message names the first failing item. */
#ifndef MEIRO_TEST_HARNESS_H
#define MEIRO_TEST_HARNESS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct test_case {
    const char *name;
    void (*run)(void);
} test_case;

#define TEST_COUNT(cases) (sizeof(cases) / sizeof((cases)[0]))

/* TEST_UNDER_ASAN: built with AddressSanitizer (gcc or clang), which
 * reserves terabytes of address space and slows the work down. */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_UNDER_ASAN 1
#endif
#endif

static const char *test_case_name = "";
static const char *test_argv0 = "";
static long test_checks;        /* CHECKs executed, in all cases */
static int test_case_failures;  /* failed CHECKs in the running case */
static int test_case_skips;     /* checks the running case could not run */
static bool test_case_deferred; /* the running case left checks to make check */

#define CHECK_MSG(cond, ...)                                                                       \
    do {                                                                                           \
        test_checks++;                                                                             \
        if (!(cond)) {                                                                             \
            test_case_failures++;                                                                  \
            fprintf(stderr, "FAIL %s:%d [%s]: %s: ", __FILE__, __LINE__, test_case_name, #cond);   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

#define CHECK(cond) CHECK_MSG(cond, "%s", "")
#define CHECK_INT(a, b)                                                                            \
    CHECK_MSG((long long)(a) == (long long)(b), "%lld != %lld", (long long)(a), (long long)(b))
#define CHECK_STR(a, b) CHECK_MSG(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))

/* The verdict of a loop: how many items it saw, how many failed, and what
 * the first failure was. */
typedef struct verdict {
    unsigned items, failed;
    char first[512];
} verdict;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
/* Notes one item of a loop; the message (printf-style) says which item
 * failed and how. Returns ok. */
static inline bool
verdict_note(verdict *v, bool ok, const char *fmt, ...)
{
    v->items++;
    if (!ok && v->failed++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(v->first, sizeof v->first, fmt, ap);
        va_end(ap);
    }
    return ok;
}

/* One check of a whole loop: every item passed, and there was at least one. */
#define CHECK_ALL(v)                                                                               \
    CHECK_MSG((v).failed == 0 && (v).items > 0, "%s: %u of %u items failed; first: %s", #v,        \
              (v).failed, (v).items, (v).items ? (v).first : "(no items)")

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
/* A check that cannot run here (an outside tool, a locale or the meiro
 * program missing): said on a line "skipped: WHAT", and the case is
 * counted as skipped, never as passed. */
static inline void
test_skip(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("skipped: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    test_case_skips++;
}

/* Does a readable file exist? */
static inline bool test_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

/* Looks for `rel` in the folder of the test binary and up to three folders
 * above it (build/tests, build/asan/tests); NULL if not found. */
static inline const char *test_near_binary(const char *rel, char *buf, size_t size)
{
    const char *slash = strrchr(test_argv0, '/');
    int dirlen = slash ? (int)(slash - test_argv0) : 1;
    const char *dir = slash ? test_argv0 : ".";
    static const char *const ups[] = {"", "/..", "/../..", "/../../.."};
    for (size_t k = 0; k < TEST_COUNT(ups); k++) {
        snprintf(buf, size, "%.*s%s/%s", dirlen, dir, ups[k], rel);
        if (test_exists(buf)) return buf;
    }
    return NULL;
}

/* Whether this is make check's tier (or a suite run by hand): as lib.sh's
 * `full`, the fast tiers sample what make check runs whole, and the case
 * notes that it left checks to make check. */
static inline bool test_full(void)
{
    const char *tier = getenv("MEIRO_TEST_TIER");
    if (!tier || !*tier || strcmp(tier, "check") == 0) return true;
    test_case_deferred = true;
    return false;
}

/* The path of a file in tests/data: in $MEIRO_TEST_DATA (set by run.sh),
 * else found from the test binary, so the working folder does not matter. */
static inline const char *test_data(const char *file)
{
    static char path[4096];
    const char *dir = getenv("MEIRO_TEST_DATA");
    if (dir && *dir) {
        snprintf(path, sizeof path, "%s/%s", dir, file);
        return path;
    }
    char rel[512];
    snprintf(rel, sizeof rel, "tests/data/%s", file);
    if (test_near_binary(rel, path, sizeof path)) return path;
    snprintf(path, sizeof path, "tests/data/%s", file);
    return path;
}

/* The meiro command: $MEIRO (set by run.sh), else the one built beside the
 * test binary (BUILD/meiro for BUILD/tests/test_x); NULL if neither. */
static inline const char *test_meiro(void)
{
    static char path[4096];
    const char *env = getenv("MEIRO");
    if (env && *env) return env;
    const char *slash = strrchr(test_argv0, '/');
    if (!slash) return NULL;
    snprintf(path, sizeof path, "%.*s/../meiro", (int)(slash - test_argv0), test_argv0);
    return test_exists(path) ? path : NULL;
}

static inline bool test_selected(const char *name, int argc, char **argv, const test_case *cases,
                                 size_t count)
{
    if (argc < 2) return true;
    for (int a = 1; a < argc; a++) {
        bool exact = false;
        for (size_t k = 0; k < count; k++) exact |= strcmp(cases[k].name, argv[a]) == 0;
        if (exact ? strcmp(name, argv[a]) == 0 : strstr(name, argv[a]) != NULL) return true;
    }
    return false;
}

/* Runs the cases selected by the arguments; prints the checks and the
 * closing line; returns the exit status (2: an argument matched nothing). */
static inline int test_main(const char *suite, int argc, char **argv, const test_case *cases,
                            size_t count)
{
    test_argv0 = argc > 0 ? argv[0] : "";
    if (argc == 2 && (!strcmp(argv[1], "-l") || !strcmp(argv[1], "--list"))) {
        for (size_t k = 0; k < count; k++) printf("%s\n", cases[k].name);
        return 0;
    }
    for (int a = 1; a < argc; a++) {
        bool found = false;
        for (size_t k = 0; k < count; k++) found |= strstr(cases[k].name, argv[a]) != NULL;
        if (!found) {
            fprintf(stderr, "%s: no case matches '%s'; the cases:", suite, argv[a]);
            for (size_t k = 0; k < count; k++) fprintf(stderr, " %s", cases[k].name);
            fputc('\n', stderr);
            return 2;
        }
    }
    int passed = 0, failed = 0, skipped = 0, deferred = 0;
    for (size_t k = 0; k < count; k++) {
        if (!test_selected(cases[k].name, argc, argv, cases, count)) continue;
        test_case_name = cases[k].name;
        test_case_failures = test_case_skips = 0;
        test_case_deferred = false;
        long before = test_checks;
        cases[k].run();
        fflush(stdout);
        deferred += test_case_deferred;
        if (test_checks == before && !test_case_deferred && !test_case_skips) {
            failed++; /* a case must assert something */
            fprintf(stderr, "FAIL %s: case %s checked nothing\n", suite, cases[k].name);
        } else if (test_case_failures) {
            failed++;
            fprintf(stderr, "FAIL %s: case %s: %d of %ld checks failed\n", suite, cases[k].name,
                    test_case_failures, test_checks - before);
        } else if (test_case_skips) {
            skipped++;
            printf("%s: case %s skipped %d checks\n", suite, cases[k].name, test_case_skips);
        } else if (test_checks > before) {
            passed++;
        } /* else it checked nothing here: all its checks left to make check */
    }
    test_case_name = "";
    fflush(stderr);
    if (deferred) printf("%s: %d cases left read-backs to make check\n", suite, deferred);
    printf("%s: %ld checks\n", suite, test_checks);
    if (skipped) printf("%s: %d passed, %d failed, %d skipped\n", suite, passed, failed, skipped);
    else printf("%s: %d passed, %d failed\n", suite, passed, failed);
    fflush(stdout);
    return failed || skipped ? 1 : 0;
}

#endif
