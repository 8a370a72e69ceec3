/* Overflow-checked allocation: every n * size is checked before it is
 * multiplied, and large scratch arrays get huge pages where offered. */
#define _DEFAULT_SOURCE
#include "core/alloc.h"

#include <signal.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef MEIRO_FAULT_INJECTION
/* The white-box fault tests only (tests/test_faults.c links this file
 * compiled with -DMEIRO_FAULT_INJECTION; the library proper has none of
 * it): fail the Nth allocation from now. A process-global countdown is
 * the one exception to "no globals holding state", acceptable because it
 * exists in that test build alone. Allocations made inside cairo, pango,
 * fontconfig, libxlsxwriter, libpng and libc (fopen, realpath) are out of
 * its reach. */
static unsigned long fault_countdown, fault_seen;
static bool fault_fired, fault_env_read;

void fault_inject(unsigned long nth)
{
    fault_env_read = true; /* the environment no longer counts */
    fault_countdown = nth;
    fault_seen = 0;
    fault_fired = false;
}

unsigned long fault_allocations(void) { return fault_seen; }
bool fault_injected(void) { return fault_fired; }

/* At exit, whether the armed allocation came: a command that exits 0 after
 * it did succeeded with something missing. */
static void fault_report(void)
{
    if (fault_fired) fputs("meiro-faults: the allocation failed\n", stderr);
}

/* The command line built with this file (tests/meiro-faults) is armed by
 * the environment: MEIRO_FAULT_NTH=N fails its Nth allocation. */
static void fault_now_env(void)
{
    if (!fault_env_read) {
        fault_env_read = true;
        const char *nth = getenv("MEIRO_FAULT_NTH");
        if (nth) {
            fault_countdown = strtoul(nth, NULL, 10);
            atexit(fault_report);
        }
    }
}

static bool fault_now(void)
{
    fault_now_env();
    fault_seen++;
    if (fault_countdown == 0 || --fault_countdown != 0) return false;
    fault_fired = true;
    return true;
}
#define FAIL_HERE()                                                                                \
    do {                                                                                           \
        if (fault_now()) return NULL;                                                              \
    } while (0)

void fault_save(fault_state *s)
{
    fault_now_env();
    *s = (fault_state){fault_countdown, fault_seen, fault_fired};
}

void fault_restore(const fault_state *s)
{
    fault_countdown = s->countdown;
    fault_seen = s->seen;
    fault_fired = s->fired;
}

/* MEIRO_FAULT_SIGNAL=SIG:POINT:N (SIG one of INT, TERM, HUP, QUIT, PIPE,
 * ABRT, XCPU, ALRM, USR1, USR2, VTALRM, PROF: the ones meiro cleans up after):
 * the Nth time the library passes POINT, the signal is raised, as if it
 * came from outside at that moment: a deterministic Ctrl-C for the tests of
 * what a signal leaves behind (tests/cli.sh), in place of timing a kill. */
void fault_point(const char *point)
{
    static unsigned long passes;
    const char *spec = getenv("MEIRO_FAULT_SIGNAL");
    static const struct {
        const char *name;
        int sig;
    } sigs[] = {{"INT", SIGINT},   {"TERM", SIGTERM}, {"HUP", SIGHUP},       {"QUIT", SIGQUIT},
                {"PIPE", SIGPIPE}, {"ABRT", SIGABRT}, {"XCPU", SIGXCPU},     {"ALRM", SIGALRM},
                {"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"VTALRM", SIGVTALRM}, {"PROF", SIGPROF}};
    const char *colon = spec ? strchr(spec, ':') : NULL;
    size_t n = strlen(point);
    if (!colon || strncmp(colon + 1, point, n) != 0 || colon[1 + n] != ':') return;
    if (++passes != strtoul(colon + 2 + n, NULL, 10)) return;
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
        if ((size_t)(colon - spec) == strlen(sigs[i].name) &&
            strncmp(spec, sigs[i].name, strlen(sigs[i].name)) == 0)
            raise(sigs[i].sig);
}
#else
#define FAIL_HERE() ((void)0)

void fault_point(const char *point) { (void)point; }
void fault_save(fault_state *s) { (void)s; }
void fault_restore(const fault_state *s) { (void)s; }
#endif

void *zalloc(size_t count, size_t size)
{
    FAIL_HERE();
    if (count == 0 || size == 0) return calloc(1, 1);
    return calloc(count, size); /* calloc checks count * size itself */
}

void *alloc_array(size_t count, size_t size)
{
    FAIL_HERE();
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    return malloc(bytes ? bytes : 1);
}

void *realloc_array(void *ptr, size_t count, size_t size)
{
    FAIL_HERE();
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    return realloc(ptr, bytes ? bytes : 1);
}

/* Scratch arrays as large as the maze are read in random order by some
 * algorithms; on Linux, transparent huge pages cut the TLB misses that then
 * dominate. Elsewhere (or if refused) this is plain zeroed memory. */
void *zalloc_big(size_t count, size_t size)
{
    FAIL_HERE();
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
#if defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (bytes >= 4 * huge) {
        void *p = NULL;
        if (posix_memalign(&p, huge, bytes) != 0) return NULL;
        madvise(p, bytes - bytes % huge, MADV_HUGEPAGE);
        memset(p, 0, bytes);
        return p;
    }
#endif
    return calloc(bytes ? bytes : 1, 1);
}
