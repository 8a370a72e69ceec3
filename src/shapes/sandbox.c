/* Drawing a stranger's picture, or reading a stranger's PDF, under a time
 * and memory budget: librsvg offers no way to stop a drawing, nor qpdf a
 * stream it decodes for itself (an object stream), so it runs in a child process, which
 * is killed when its time is up and limited in address space. The time is
 * the child's processor time (so that a busy machine does not refuse what
 * a quiet one draws); by the clock it gets ten times as long, and at least
 * ten seconds (a child that waits for nothing, such as a lock held in the
 * parent when it forked, is stopped too). The child shares only the
 * memory given for its result. */
#define _GNU_SOURCE /* pipe2 */
#include "core/alloc.h"
#include "core/error.h"
#include "shapes/picture.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

void *sandbox_shared(size_t size)
{
    void *p =
        mmap(NULL, size ? size : 1, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void sandbox_unshare(void *p, size_t size)
{
    if (p) munmap(p, size ? size : 1);
}

#ifndef UNDER_ASAN
/* The address space the process uses now, in bytes (0 if unknown). */
static unsigned long long address_space(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long pages = 0;
    if (!f) return 0;
    if (fscanf(f, "%llu", &pages) != 1) pages = 0;
    fclose(f);
    return pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}
#endif

static double seconds_of(clockid_t clock)
{
    struct timespec t;
    if (clock_gettime(clock, &t) != 0) return 0;
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* In the child: nothing of the parent's handlers (they would remove the
 * parent's temporary files), nothing on its terminal, the budget set. */
static void child_setup(unsigned megabytes)
{
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++) sigaction(sig, &dfl, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        if (null > STDERR_FILENO) close(null);
    }
#ifndef UNDER_ASAN
    unsigned long long used = address_space();
    struct rlimit lim;
    if (used && getrlimit(RLIMIT_AS, &lim) == 0) {
        rlim_t want = (rlim_t)(used + ((unsigned long long)megabytes << 20));
        if (lim.rlim_cur == RLIM_INFINITY || want < lim.rlim_cur) {
            lim.rlim_cur = want;
            setrlimit(RLIMIT_AS, &lim);
        }
    }
#else
    (void)megabytes;
#endif
}

typedef struct outcome {
    meiro_status status;
    meiro_error err;
    fault_state faults; /* the fault tests' count of allocations, continued */
} outcome;

meiro_status sandbox_run(sandbox_fn work, void *ctx, double seconds, unsigned megabytes,
                         const char *verb, const char *what, meiro_error *err)
{
    bool drawing = !strcmp(verb, "draw");
    outcome *out = sandbox_shared(sizeof *out);
    int fds[2];
    if (!out) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    if (pipe2(fds, O_CLOEXEC) != 0) {
        sandbox_unshare(out, sizeof *out);
        return fail(err, MEIRO_ERROR_IO, "cannot %s %s: %s", verb, what, strerror(errno));
    }
    out->status = MEIRO_ERROR_INTERNAL;
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        child_setup(megabytes);
        out->status = work(ctx, &out->err);
        fault_save(&out->faults);
        _exit(0); /* the pipe closes: the parent wakes */
    }
    int fork_errno = errno;
    close(fds[1]);
    meiro_status s;
    if (pid < 0) {
        close(fds[0]);
        sandbox_unshare(out, sizeof *out);
        return fail(
            err, fork_errno == ENOMEM || fork_errno == EAGAIN ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_IO,
            "%s: cannot start %sing %s: %s", fork_errno == ENOMEM ? "out of memory" : "failed",
            verb, what, strerror(fork_errno));
    }
#ifdef UNDER_ASAN
    seconds *= 3; /* the same work, instrumented, takes about three times as long */
#endif
    clockid_t cpu;
    bool has_cpu = clock_getcpuclockid(pid, &cpu) == 0, late = true;
    for (double end = seconds_of(CLOCK_MONOTONIC) + fmax(10, 10 * seconds);;) {
        double left = end - seconds_of(CLOCK_MONOTONIC);
        if (left <= 0 || (has_cpu && seconds_of(cpu) > seconds)) break;
        struct pollfd p = {fds[0], POLLIN, 0};
        int r = poll(&p, 1, (int)(fmin(left, seconds / 10) * 1000) + 1);
        if (r > 0) {
            late = false;
            break;
        }
        if (r < 0 && errno != EINTR) break;
    }
    close(fds[0]);
    if (late) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (late)
        s = fail(err, MEIRO_ERROR_TOO_BIG,
                 "%s takes more than %.1f s to %s: refused%s", what, seconds, verb,
                 drawing ? " (simplify the drawing)" : "");
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) /* glib aborts when memory runs out */
        s = fail(err, MEIRO_ERROR_NOMEM,
                 "out of memory %sing %s (it may take %u MB beside meiro's own; it "
                 "stopped%s%s)",
                 verb, what, megabytes, WIFSIGNALED(status) ? ": " : "",
                 WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "");
    else if ((fault_restore(&out->faults), s = out->status) == MEIRO_ERROR_NOMEM)
        s = fail(err, MEIRO_ERROR_NOMEM,
                 "out of memory %sing %s (it may take %u MB beside meiro's own)", verb, what,
                 megabytes);
    else if (err && (s != MEIRO_OK || out->err.message[0])) *err = out->err; /* or a warning */
    sandbox_unshare(out, sizeof *out);
    return s;
}
