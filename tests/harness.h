/* A tiny test harness: CHECK and friends count results; test_summary()
 * prints the closing "N passed, N failed" line and gives the exit code. */
#ifndef MEIRO_TEST_HARNESS_H
#define MEIRO_TEST_HARNESS_H

#include <stdio.h>
#include <string.h>

static int test_passed, test_failed;

#define CHECK_MSG(cond, ...)                                                  \
    do {                                                                      \
        if (cond) {                                                           \
            test_passed++;                                                    \
        } else {                                                              \
            test_failed++;                                                    \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);   \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
        }                                                                     \
    } while (0)

#define CHECK(cond) CHECK_MSG(cond, "%s", "")
#define CHECK_INT(a, b)                                                       \
    CHECK_MSG((long long)(a) == (long long)(b), "%lld != %lld", (long long)(a), (long long)(b))
#define CHECK_STR(a, b) CHECK_MSG(strcmp((a), (b)) == 0, "\"%s\" != \"%s\"", (a), (b))

static int test_summary(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);
    return test_failed ? 1 : 0;
}

#endif
