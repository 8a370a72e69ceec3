/* Running the generate command for a request: the command line's own
 * code (cmd_generate, cmd_booklet) in a child process, so that what the
 * server sends is the command line's output, byte for byte, and its
 * refusals the command line's own messages; and so a request that runs too
 * long or too big is killed alone, under a time budget and an
 * address-space limit, without the server. The child is a fork of the
 * zygote, a process forked from the server before its first thread: the
 * libraries are linked once, and the fonts found once by the zygote
 * (meiro_fonts_preload), which is most of what a new `meiro generate`
 * spent on a preview; and being single-threaded, the zygote hands no child
 * a lock another thread held at the fork (glibc's time lock, pango's font
 * workers, the sanitizers' allocator: each once hung a child forked from
 * the threaded server). The job goes to the zygote over a socket with the
 * child's three pipes: its output, which comes back into memory, its
 * errors, and its exit status (a byte written as it ends; none: killed).
 * No process outlives its request: the child leads a process group of its
 * own (what it starts, Ghostscript, is in it), and the whole group is
 * killed at the budget, when the client leaves, and once the child is
 * done; a child dies with the zygote and the zygote with the server
 * (PR_SET_PDEATHSIG). Its TMPDIR is the request's own folder, removed with
 * all in it once the group is gone. */
#define _GNU_SOURCE /* pipe2, POLLRDHUP */
#include "serve.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* Every descriptor the child got with the fork but its standard three:
 * the connections' sockets (a client that leaves is gone at once, not
 * when the child ends), the other requests' pipes (else a sibling blocked
 * writing to its own output would wait for this child's end, and after
 * the server's for ever), the server's listening socket and the pipe to
 * its keeper. The fonts the warm-up loaded are mapped, not open. */
static void close_inherited(int keep)
{
    DIR *dir = opendir("/proc/self/fd");
    if (!dir) {
        for (int fd = 3; fd < 1024; fd++)
            if (fd != keep) close(fd);
        return;
    }
    int self = dirfd(dir);
    struct dirent *e;
    while ((e = readdir(dir))) {
        int fd = atoi(e->d_name);
        if (fd > 2 && fd != self && fd != keep) close(fd);
    }
    closedir(dir);
}

/* A job as the child needs it: its words, whether a booklet, its folders. */
typedef struct child_job {
    char *argv[SERVE_MAX_PARAMS + 9];
    int argc;
    bool booklet;
    const char *cwd, *tmpdir;
} child_job;

/* In the child: the command line's main() for this one command (its
 * standard output checked as close_stdout does), its status written to
 * `status`, then _exit, so nothing of the zygote's runs at exit. */
static void run_child(const serve_config *cfg, const child_job *job, int out, int err, int status,
                      pid_t zygote)
{
    /* a group of its own: the budget's kill reaches all it starts */
    setpgid(0, 0);
#ifdef __linux__
    /* dies with the zygote, even a killed one (it may have died before
     * this was set: then its parent is another) */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != zygote) _exit(127);
#else
    (void)zygote;
#endif
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL); /* the server blocks SIGINT and SIGTERM for sigwait */
    signal(SIGPIPE, SIG_DFL);
    /* standard output, error, and the status on 3 (closed by an exec: only
     * this process's end ends it) */
    int in = open("/dev/null", O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 ||
        (status != 3 && dup2(status, 3) < 0) || fcntl(3, F_SETFD, FD_CLOEXEC) != 0)
        _exit(127);
    close_inherited(3);
    /* its scratch files (Ghostscript's) in the request's folder, which the
     * server removes whatever happens */
    if (job->tmpdir && setenv("TMPDIR", job->tmpdir, 1) != 0) _exit(EXIT_FAIL);
    /* standard output is a pipe now, whatever the server's was: buffered whole */
    setvbuf(stdout, NULL, _IOFBF, 65536);
    struct rlimit cpu = {SERVE_TIME_BUDGET, SERVE_TIME_BUDGET + 1};
    struct rlimit file = {SERVE_MAX_SCRATCH, SERVE_MAX_SCRATCH};
#ifndef __SANITIZE_ADDRESS__ /* AddressSanitizer reserves terabytes of address space for its shadow */
    rlim_t mem = (rlim_t)cfg->base_vm + ((rlim_t)SERVE_CHILD_MEMORY_MB << 20);
    struct rlimit as = {mem, mem};
    setrlimit(RLIMIT_AS, &as);
#else
    (void)cfg;
#endif
    setrlimit(RLIMIT_CPU, &cpu);
    setrlimit(RLIMIT_FSIZE, &file); /* past it a write fails (main ignores SIGXFSZ) */
    /* an upload's folder: its file named as the user knows it (picture.png) */
    if (job->cwd && chdir(job->cwd) != 0) {
        fprintf(stderr, "meiro serve: cannot enter the upload's folder: %s\n", strerror(errno));
        _exit(EXIT_FAIL);
    }
    char **argv = (char **)job->argv; /* the child's own copy: getopt may reorder it */
    optind = 0; /* getopt from the start, as in a new process (glibc: its state too) */
    int rc =
        job->booklet ? cmd_booklet(job->argc - 1, argv + 1) : cmd_generate(job->argc - 1, argv + 1);
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    if (failed && rc == EXIT_OK) {
        fprintf(stderr, "meiro: write error\n");
        rc = EXIT_FAIL;
    }
    unsigned char said = (unsigned char)rc;
    if (write(3, &said, 1) != 1) rc = EXIT_FAIL; /* (the server reads no status: killed) */
    _exit(rc);
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

/* The job on the wire: argc, booklet, then NUL-ended strings: tmpdir,
 * cwd ("" for none), the words. The child's three pipes go with it. */
#define JOB_WIRE_MAX 16384 /* a job's words are at most SERVE_MAX_PARAMS values of SERVE_MAX_VALUE */

static size_t job_wire(const serve_job *job, char *buf, size_t size)
{
    size_t n = 0;
    const char *parts[SERVE_MAX_PARAMS + 11];
    size_t count = 0;
    parts[count++] = job->tmpdir ? job->tmpdir : "";
    parts[count++] = job->cwd ? job->cwd : "";
    for (int i = 0; i < job->argc && count < sizeof parts / sizeof *parts; i++) parts[count++] = job->argv[i];
    if (size < 2) return 0;
    buf[n++] = (char)job->argc;
    buf[n++] = job->booklet;
    for (size_t i = 0; i < count; i++) {
        size_t len = strlen(parts[i]) + 1;
        if (n + len > size) return 0;
        memcpy(buf + n, parts[i], len);
        n += len;
    }
    return n;
}

static bool job_unwire(char *buf, size_t n, child_job *job)
{
    if (n < 2 || buf[n - 1] != 0) return false;
    job->argc = (unsigned char)buf[0];
    job->booklet = buf[1] != 0;
    if (job->argc > SERVE_MAX_PARAMS + 8) return false;
    char *p = buf + 2, *end = buf + n;
    const char *dirs[2];
    for (int i = 0; i < 2 + job->argc; i++) {
        if (p >= end) return false;
        if (i < 2) dirs[i] = p;
        else job->argv[i - 2] = p;
        p += strlen(p) + 1;
    }
    job->argv[job->argc] = NULL;
    job->tmpdir = dirs[0][0] ? dirs[0] : NULL;
    job->cwd = dirs[1][0] ? dirs[1] : NULL;
    return p == end;
}

/* The zygote: loads the fonts, then forks a child for each job received,
 * answering with its pid (or -errno). Ends when the server closes the
 * socket, or dies with it. */
static void zygote(serve_config *cfg, int sock, pid_t server)
{
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != server) _exit(0);
#else
    (void)server;
#endif
    signal(SIGCHLD, SIG_IGN); /* the children reaped as they end: the server reads their status */
    close_inherited(sock);
    if (!meiro_fonts_preload())
        fprintf(stderr, "meiro serve: warning: the fonts could not be loaded ahead; each "
                        "request loads them itself\n");
    pid_t self = getpid();
    static char buf[JOB_WIRE_MAX];
    for (;;) {
        union {
            struct cmsghdr h;
            char space[CMSG_SPACE(3 * sizeof(int))];
        } control;
        struct iovec iov = {buf, sizeof buf};
        struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = &control,
                             .msg_controllen = sizeof control};
        ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            /* the server is done (its children killed): gone with them, not
             * before, or one ending now is left to init a zombie (with
             * SIGCHLD ignored, wait returns once none is left) */
            while (wait(NULL) > 0 || errno == EINTR) {}
            _exit(0);
        }
        int fds[3] = {-1, -1, -1};
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
            c->cmsg_len == CMSG_LEN(sizeof fds))
            memcpy(fds, CMSG_DATA(c), sizeof fds);
        child_job job;
        int32_t answer = -EINVAL;
        if (fds[2] >= 0 && !(msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) &&
            job_unwire(buf, (size_t)n, &job)) {
            pid_t pid = fork();
            if (pid == 0) {
                close(sock);
                run_child(cfg, &job, fds[0], fds[1], fds[2], self);
            }
            if (pid > 0) setpgid(pid, pid); /* before any kill of its group */
            answer = pid > 0 ? (int32_t)pid : -errno;
        }
        for (int i = 0; i < 3; i++)
            if (fds[i] >= 0) close(fds[i]);
        while (send(sock, &answer, sizeof answer, MSG_NOSIGNAL) < 0 && errno == EINTR) {}
    }
}

bool serve_spawner_start(serve_config *cfg)
{
    serve_spawner *sp = &cfg->spawner;
    memset(sp, 0, sizeof *sp);
    sp->sock = -1;
    int pair[2];
    if (pthread_mutex_init(&sp->lock, NULL) != 0) return false;
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
        pthread_mutex_destroy(&sp->lock);
        return false;
    }
    pid_t server = getpid();
    sp->pid = fork();
    if (sp->pid == 0) zygote(cfg, pair[1], server);
    int error = errno;
    close(pair[1]);
    if (sp->pid < 0) {
        close(pair[0]);
        pthread_mutex_destroy(&sp->lock);
        errno = error;
        return false;
    }
    sp->sock = pair[0];
    sp->running = true;
    return true;
}

void serve_spawner_stop(serve_config *cfg)
{
    serve_spawner *sp = &cfg->spawner;
    if (!sp->running) return;
    close(sp->sock); /* the zygote reads the end and leaves */
    sp->sock = -1;
    while (waitpid(sp->pid, NULL, 0) < 0 && errno == EINTR) {}
    pthread_mutex_destroy(&sp->lock);
    sp->running = false;
}

/* A child for the job, started by the zygote with the write ends of its
 * pipes: its pid, or -1 (errno). */
static pid_t spawn(serve_spawner *sp, const serve_job *job, const int fds[3])
{
    char buf[JOB_WIRE_MAX];
    size_t n = job_wire(job, buf, sizeof buf);
    if (!n) {
        errno = E2BIG;
        return -1;
    }
    union {
        struct cmsghdr h;
        char space[CMSG_SPACE(3 * sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct iovec iov = {buf, n};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = &control,
                         .msg_controllen = sizeof control};
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(3 * sizeof(int));
    memcpy(CMSG_DATA(c), fds, 3 * sizeof(int));
    int32_t answer = -EPIPE;
    pthread_mutex_lock(&sp->lock);
    ssize_t sent;
    while ((sent = sendmsg(sp->sock, &msg, MSG_NOSIGNAL)) < 0 && errno == EINTR) {}
    ssize_t got = -1;
    if (sent == (ssize_t)n)
        while ((got = recv(sp->sock, &answer, sizeof answer, 0)) < 0 && errno == EINTR) {}
    pthread_mutex_unlock(&sp->lock);
    if (got != (ssize_t)sizeof answer || answer <= 0) {
        errno = got == (ssize_t)sizeof answer ? -answer : EPIPE;
        return -1;
    }
    return (pid_t)answer;
}

bool serve_client_gone(int fd)
{
    if (fd < 0) return false;
    struct pollfd p = {fd, POLLIN | POLLRDHUP, 0};
    if (poll(&p, 1, 0) <= 0) return false;
    if (p.revents & (POLLHUP | POLLERR | POLLRDHUP)) return true;
    char byte;
    return recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 0; /* else: its next request */
}

/* The pipes of a child: output, errors and status, read here, their write
 * ends handed to the zygote; false (errno) if one could not be made. */
static bool child_pipes(int pipes[3][2])
{
    for (int i = 0; i < 3; i++)
        if (pipe2(pipes[i], O_CLOEXEC) != 0) {
            int error = errno;
            for (int k = 0; k < i; k++) close_fd(&pipes[k][0]), close_fd(&pipes[k][1]);
            errno = error;
            return false;
        }
    return true;
}

/* The child's exit status from its status pipe, once it has ended (the pipe
 * closes with it): -1 if it wrote none (killed: its budget, its processor
 * time, a crash). Waits at most 10 s for the end of a child killed. */
static int child_status(int fd)
{
    unsigned char said;
    int status = -1;
    for (int waited = 0; waited < 40; waited++) {
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, 250);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        ssize_t n = read(fd, &said, 1);
        if (n == 1) status = said;
        else if (n == 0 || (n < 0 && errno != EINTR)) break; /* the end: the child is gone */
    }
    return status;
}

bool serve_run(serve_config *cfg, const serve_job *job, int client, serve_result *res)
{
    memset(res, 0, sizeof *res);
    int pipes[3][2];
    pid_t pid = -1;
    if (child_pipes(pipes)) {
        const int ends[3] = {pipes[0][1], pipes[1][1], pipes[2][1]};
        pid = spawn(&cfg->spawner, job, ends);
        int error = errno;
        for (int i = 0; i < 3; i++) close_fd(&pipes[i][1]); /* the child's now */
        errno = error;
    }
    if (pid < 0) {
        snprintf(res->err, sizeof res->err, "meiro serve: cannot start a process: %s",
                 strerror(errno));
        for (int i = 0; i < 3; i++) close_fd(&pipes[i][0]);
        return false;
    }
    int *out = pipes[0], *err = pipes[1];
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += SERVE_TIME_BUDGET;
    size_t cap = 0, err_len = 0;
    /* the client's socket too: a client that leaves (or is cut off) ends the work */
    struct pollfd fds[3] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}, {client, POLLRDHUP, 0}};
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        long left = ms_left(&deadline);
        if (left <= 0) {
            res->timed_out = true;
            break;
        }
        /* woken each quarter second to see whether the server stops */
        int ready = poll(fds, 3, (int)(left > 250 ? 250 : left));
        if (ready < 0 && errno != EINTR) break;
        if (atomic_load(&cfg->stopping) || (ready > 0 && fds[2].revents && serve_client_gone(client))) {
            res->abandoned = true;
            break;
        }
        for (int i = 0; i < 2 && ready > 0; i++)
            if (fds[i].fd >= 0 && fds[i].revents &&
                !drain(fds[i].fd, i == 0, res, &cap, &err_len)) {
                close_fd(i == 0 ? &out[0] : &err[0]);
                fds[i].fd = -1;
            }
        if (res->too_big) break;
    }
    bool cut = res->timed_out || res->too_big || res->abandoned;
    if (cut) kill(-pid, SIGKILL);
    close_fd(&out[0]);
    close_fd(&err[0]);
    res->status = child_status(pipes[2][0]);
    close_fd(&pipes[2][0]);
    /* what the child left running in its group (its own pid names the group
     * while any member lives) */
    if (!cut) kill(-pid, SIGKILL);
    return true;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (flag == FTW_DP ? rmdir(path) : unlink(path)) return errno == ENOENT ? 0 : -1;
    return 0;
}

bool serve_remove_tree(const char *path)
{
    /* depth first, links not followed; nftw's depth is the tree's (ours: a
     * request's folder, Ghostscript's in it) */
    return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS) == 0 || errno == ENOENT;
}

pid_t serve_keeper_start(const char *folder, int *hold)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) return -1;
    pid_t pid = fork();
    if (pid != 0) {
        close(p[0]);
        if (pid > 0) *hold = p[1];
        else close(p[1]);
        return pid;
    }
    /* the keeper: deaf to the signals that stop the server (a terminal's
     * Ctrl-C reaches the whole group), holding nothing of the server's
     * (its listening socket above all) */
    static const int deaf[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2};
    for (size_t i = 0; i < sizeof deaf / sizeof deaf[0]; i++) signal(deaf[i], SIG_IGN);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    close(p[1]);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0), dup2(null, 1), dup2(null, 2);
        if (null > 2) close(null);
    }
    close_inherited(p[0]);
    char byte;
    ssize_t n;
    while ((n = read(p[0], &byte, 1)) > 0 || (n < 0 && errno == EINTR)) {}
    /* the server has ended; its children die with it, and Ghostscript with
     * them: what they still write is gone with the folder, tried again
     * until nothing is left (once the folder is gone nothing new can be
     * made in it), for at most 5 s */
    for (int i = 0; i < 100; i++) {
        if (serve_remove_tree(folder) && access(folder, F_OK) != 0) break;
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    _exit(0);
}

size_t serve_address_space(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f) return 0;
    if (fscanf(f, "%lu", &pages) != 1) pages = 0;
    fclose(f);
    long page = sysconf(_SC_PAGESIZE);
    return pages * (size_t)(page > 0 ? page : 4096);
}
