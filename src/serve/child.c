/* Running the generate command for a request: this same program, in a
 * child process, so that what the server sends is the command line's own
 * output, byte for byte, and its refusals the command line's own messages;
 * and so a request that runs too long or too big is killed alone, under a
 * time budget and an address-space limit, without the server. The output
 * comes back through a pipe into memory: nothing is written to disk. */
#define _GNU_SOURCE /* pipe2: close-on-exec from the start, as other threads fork too */
#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The child's address space: above the 160 MB drawing text needs
 * (check_memory_floor in src/cli/common.c), below what would hurt. */
#define CHILD_MEMORY_MB 1024

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* In the child, between fork and exec: async-signal-safe calls only. */
static void exec_child(const serve_config *cfg, const serve_job *job, int out, int err)
{
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL); /* the server blocks SIGINT and SIGTERM for sigwait */
    signal(SIGPIPE, SIG_DFL);
    int in = open("/dev/null", O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    struct rlimit cpu = {SERVE_TIME_BUDGET, SERVE_TIME_BUDGET + 1};
#ifndef __SANITIZE_ADDRESS__ /* AddressSanitizer reserves terabytes of address space for its shadow */
    struct rlimit mem = {(rlim_t)CHILD_MEMORY_MB << 20, (rlim_t)CHILD_MEMORY_MB << 20};
    setrlimit(RLIMIT_AS, &mem);
#endif
    setrlimit(RLIMIT_CPU, &cpu);
    execv(cfg->exe, job->argv);
    _exit(127);
}

static long ms_left(const struct timespec *deadline)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(deadline->tv_sec - now.tv_sec) * 1000 +
           (deadline->tv_nsec - now.tv_nsec) / 1000000;
}

/* Reads what fd has into res: standard output grows (up to the limit),
 * standard error keeps its first bytes. false at the end of it. */
static bool drain(int fd, bool is_out, serve_result *res, size_t *cap, size_t *err_len)
{
    char chunk[65536];
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0) return errno == EINTR || errno == EAGAIN;
    if (n == 0) return false;
    if (!is_out) {
        size_t keep = sizeof res->err - 1 - *err_len;
        if ((size_t)n < keep) keep = (size_t)n;
        memcpy(res->err + *err_len, chunk, keep);
        *err_len += keep;
        res->err[*err_len] = 0;
        return true;
    }
    if (res->out_len + (size_t)n > SERVE_MAX_OUTPUT) {
        res->too_big = true;
        return false;
    }
    if (res->out_len + (size_t)n > *cap) {
        size_t grown = (res->out_len + (size_t)n) * 2;
        char *p = realloc(res->out, grown);
        if (!p) {
            res->too_big = true;
            return false;
        }
        res->out = p;
        *cap = grown;
    }
    memcpy(res->out + res->out_len, chunk, (size_t)n);
    res->out_len += (size_t)n;
    return true;
}

bool serve_run(const serve_config *cfg, const serve_job *job, serve_result *res)
{
    memset(res, 0, sizeof *res);
    int out[2] = {-1, -1}, err[2] = {-1, -1};
    if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
        snprintf(res->err, sizeof res->err, "meiro serve: cannot make a pipe: %s", strerror(errno));
        close_fd(&out[0]);
        close_fd(&out[1]);
        return false;
    }
    pid_t pid = fork();
    if (pid == 0) exec_child(cfg, job, out[1], err[1]);
    close_fd(&out[1]);
    close_fd(&err[1]);
    if (pid < 0) {
        snprintf(res->err, sizeof res->err, "meiro serve: cannot start meiro: %s", strerror(errno));
        close_fd(&out[0]);
        close_fd(&err[0]);
        return false;
    }
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += SERVE_TIME_BUDGET;
    size_t cap = 0, err_len = 0;
    struct pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        long left = ms_left(&deadline);
        if (left <= 0) {
            res->timed_out = true;
            break;
        }
        int ready = poll(fds, 2, (int)(left > 1000 ? 1000 : left));
        if (ready < 0 && errno != EINTR) break;
        for (int i = 0; i < 2 && ready > 0; i++)
            if (fds[i].fd >= 0 && fds[i].revents &&
                !drain(fds[i].fd, i == 0, res, &cap, &err_len)) {
                close_fd(i == 0 ? &out[0] : &err[0]);
                fds[i].fd = -1;
            }
        if (res->too_big) break;
    }
    if (res->timed_out || res->too_big) kill(pid, SIGKILL);
    close_fd(&out[0]);
    close_fd(&err[0]);
    int status = 0;
    pid_t done;
    while ((done = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {}
    res->status = done == pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return true;
}
