/* What every page says about its maze: the footer line and the document
 * date (SOURCE_DATE_EPOCH or a fixed date, so the same maze gives the same
 * file). */
#include "page/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void page_footer(const meiro_maze *m, char *buf, size_t size)
{
    uint64_t seed;
    if (meiro_maze_seed(m, &seed))
        snprintf(buf, size, "meiro %s · %s · seed %llu · %lu × %lu", MEIRO_VERSION,
                 meiro_maze_algorithm(m), (unsigned long long)seed, (unsigned long)meiro_maze_width(m),
                 (unsigned long)meiro_maze_height(m));
    else
        snprintf(buf, size, "meiro %s · %lu × %lu", MEIRO_VERSION, (unsigned long)meiro_maze_width(m),
                 (unsigned long)meiro_maze_height(m));
}

time_t page_timestamp(void)
{
    const char *env = getenv("SOURCE_DATE_EPOCH");
    if (env && *env) {
        char *end;
        long long v = strtoll(env, &end, 10);
        if (!*end && v >= 0) return (time_t)v;
    }
    return (time_t)1767225600; /* 2026-01-01T00:00:00Z: fixed, so files repeat */
}

