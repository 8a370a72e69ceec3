/* What every page says about its maze: the footer line and the document
 * date (SOURCE_DATE_EPOCH or a fixed date, so the same maze gives the same
 * file). */
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#include "core/error.h"
#include "core/mission.h"
#include "page/layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void page_maze_size(const meiro_maze *m, char *buf, size_t size)
{
    unsigned long w = meiro_maze_width(m), h = meiro_maze_height(m);
    meiro_grid g = meiro_maze_grid(m);
    if (g == MEIRO_GRID_POLAR) snprintf(buf, size, "polar · %lu ring%s", h, h == 1 ? "" : "s");
    else if (g != MEIRO_GRID_RECT) snprintf(buf, size, "%s · %lu × %lu", meiro_grid_name(g), w, h);
    else if (*meiro_maze_shape(m)) snprintf(buf, size, "%s · %lu × %lu", meiro_maze_shape(m), w, h);
    else if (meiro_maze_levels(m) > 1) /* a floor's size, and --levels */
        snprintf(buf, size, "%lu × %lu × %u floors", w, h / meiro_maze_levels(m),
                 meiro_maze_levels(m));
    else snprintf(buf, size, "%lu × %lu", w, h);
    /* a weave maze says so: its passages go under each other, and
     * --weave makes it again */
    if (meiro_maze_crossings(m)) {
        char dims[160];
        snprintf(dims, sizeof dims, "%s", buf);
        snprintf(buf, size, "weave · %s", dims);
    }
    /* and a wrapped one which sides are joined: --wrap makes it again */
    if (m->wrap) {
        size_t n = strlen(buf);
        snprintf(buf + n, n < size ? size - n : 0, " · wrap %s", wrap_name(m->wrap));
    }
    /* a set number of choices (the way made anew): --choices makes it again */
    if (m->choices) {
        size_t n = strlen(buf);
        snprintf(buf + n, n < size ? size - n : 0, " · choices %lu", (unsigned long)m->choices);
    }
    /* a mission says what --mission and --one-way make it again with the seed */
    const maze_mission *mi = m->mission;
    if (mi && (mi->kind || mi->one_way)) {
        size_t n = strlen(buf);
        if (mi->kind)
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, " · %s:%u",
                                  mi->kind == MEIRO_MISSION_KEYS ? "keys" : "collect", mi->count);
        if (mi->one_way && n < size && mi->one_way_asked)
            snprintf(buf + n, size - n, " · one-way %u%%", mi->one_way_asked);
        else if (mi->one_way && n < size)
            snprintf(buf + n, size - n, " · one-way");
    }
}

unsigned page_maze_rules(const meiro_maze *m)
{
    const maze_mission *mi = m->mission;
    unsigned rules = 0;
    if (mi && mi->kind == MEIRO_MISSION_KEYS) rules |= 1u << PAGE_RULE_KEYS;
    if (mi && mi->kind == MEIRO_MISSION_COLLECT) rules |= 1u << PAGE_RULE_COLLECT;
    if (mi && mi->one_way) rules |= 1u << PAGE_RULE_ONE_WAY;
    if (meiro_maze_levels(m) > 1) rules |= 1u << PAGE_RULE_FLOORS;
    if (meiro_maze_crossings(m)) rules |= 1u << PAGE_RULE_WEAVE;
    return rules;
}

unsigned page_rules_text(unsigned rules, const page_labels *labels, const char *sep, char *buf,
                         size_t size)
{
    unsigned lines = 0;
    size_t n = 0;
    buf[0] = 0;
    for (unsigned r = 0; r < PAGE_RULE_COUNT; r++)
        if ((rules & (1u << r)) && n < size)
            n += (size_t)snprintf(buf + n, size - n, "%s%s", lines++ ? sep : "", labels->rules[r]);
    return lines;
}

void page_footer(const meiro_maze *m, char *buf, size_t size)
{
    uint64_t seed;
    char dims[128];
    page_maze_size(m, dims, sizeof dims);
    if (meiro_maze_seed(m, &seed))
        snprintf(buf, size, "meiro %s · %s · seed %llu · %s", MEIRO_VERSION,
                 meiro_maze_algorithm(m), (unsigned long long)seed, dims);
    else snprintf(buf, size, "meiro %s · %s", MEIRO_VERSION, dims);
}

#define LAST_DATE 253402300799ULL /* 9999-12-31T23:59:59Z */

meiro_status page_timestamp(time_t *t, meiro_error *err)
{
    const char *env = getenv("SOURCE_DATE_EPOCH");
    if (!env || !*env) {
        *t = (time_t)1767225600; /* 2026-01-01T00:00:00Z: fixed, so files repeat */
        return MEIRO_OK;
    }
    unsigned long long v = 0;
    const char *p = env;
    while (*p >= '0' && *p <= '9' && v <= LAST_DATE) v = v * 10 + (unsigned long long)(*p++ - '0');
    if (*p || v > LAST_DATE || (time_t)v < 0)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "SOURCE_DATE_EPOCH must be whole seconds since 1970 up to %lld (the end of "
                    "9999), not '%.40s'",
                    (long long)LAST_DATE, env);
    *t = (time_t)v;
    return MEIRO_OK;
}

meiro_status page_timestamp_iso(char *buf, size_t size, meiro_error *err)
{
    time_t t;
    meiro_status s = page_timestamp(&t, err);
    if (s != MEIRO_OK) return s;
    struct tm tm;
    if (!gmtime_r(&t, &tm) || strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        return fail(err, MEIRO_ERROR_ARGUMENT, "SOURCE_DATE_EPOCH %lld is not a date here",
                    (long long)t);
    return MEIRO_OK;
}
