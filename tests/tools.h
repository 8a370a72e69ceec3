/* Outside tools for the tests: whether one may be used, and running one.
 * Needs _POSIX_C_SOURCE (popen) and harness.h before it. */
#ifndef MEIRO_TEST_TOOLS_H
#define MEIRO_TEST_TOOLS_H

/* Whether $MEIRO_TEST_DEFER (a list of tools, set by tests/run.sh) names
 * the tool: the fast tiers (make test, make check-asan) leave the programs
 * that open our documents as a user's would to make check. */
static bool tool_deferred(const char *tool)
{
    const char *list = getenv("MEIRO_TEST_DEFER");
    size_t n = strlen(tool);
    for (const char *at = list; at && (at = strstr(at, tool)) != NULL; at += n)
        if ((at == list || at[-1] == ' ') && (at[n] == ' ' || at[n] == 0)) return true;
    return false;
}

/* Whether an outside tool may be used for a check. One this tier defers
 * answers false, and the case notes that it left checks to make check; one
 * that is not installed is a skip (test_skip, said once a suite), which
 * fails the run: make check needs every tool. */
static bool have(const char *tool)
{
    static struct {
        char name[64];
        bool found;
    } seen[32];
    static size_t count;
    if (tool_deferred(tool)) {
        test_case_deferred = true;
        return false;
    }
    size_t k = 0;
    while (k < count && strcmp(seen[k].name, tool) != 0) k++;
    bool first = k == count, found;
    if (first) { /* looked up once */
        char cmd[256];
        snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
        found = system(cmd) == 0;
        if (count < sizeof seen / sizeof *seen) {
            snprintf(seen[count].name, sizeof seen[count].name, "%s", tool);
            seen[count++].found = found;
        }
    } else {
        found = seen[k].found;
    }
    if (!found && first) test_skip("%s is not installed", tool);
    else if (!found) test_case_skips++;
    return found;
}

/* Runs a shell command; its standard output goes to buf (if given). */
static bool run(const char *cmd, char *buf, size_t size)
{
    FILE *p = popen(cmd, "r");
    if (!p) return false;
    size_t n = buf ? fread(buf, 1, size - 1, p) : 0;
    if (buf) buf[n] = 0;
    char sink[4096];
    while (fread(sink, 1, sizeof sink, p) > 0) {}
    return pclose(p) == 0;
}

#endif /* MEIRO_TEST_TOOLS_H */
