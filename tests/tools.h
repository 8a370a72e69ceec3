/* Outside tools for the tests: whether one is installed, and running one.
 * Needs _POSIX_C_SOURCE (popen) and harness.h before it. */
#ifndef MEIRO_TEST_TOOLS_H
#define MEIRO_TEST_TOOLS_H

/* Whether an outside tool is installed; if not, the check is skipped
 * with a line saying so. */
static bool have(const char *tool)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
    if (system(cmd) == 0) return true;
    printf("skipped: %s is not installed\n", tool);
    test_skipped++;
    return false;
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
