/* Running the generate command for a request: the command line's own
 * code (cmd_generate, cmd_booklet) in a child process forked from the
 * server, so that what the server sends is the command line's output, byte
 * for byte, and its refusals the command line's own messages; and so a
 * request that runs too long or too big is killed alone, under a time
 * budget and an address-space limit, without the server. The child is a
 * fork of the running server, not a new program: the libraries are linked
 * once, and the fonts found once by the thread that forks every child
 * (meiro_fonts_preload), which is most of what a new `meiro generate`
 * spent on a preview. The output
 * comes back through a pipe into memory. No process outlives its request:
 * the child leads a process group of its own (what it starts, Ghostscript,
 * is in it), and the whole group is killed at the budget, when the client
 * leaves, and once the child is done; a child dies with the server
 * (PR_SET_PDEATHSIG). Its TMPDIR is the request's own folder, removed
 * with all in it once the group is gone. */
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

/* In the child: the command line's main() for this one command (its
 * standard output checked as close_stdout does), then _exit, so nothing
 * of the server's (its threads are not in the child) runs at exit. */
static void run_child(const serve_config *cfg, const serve_job *job, int out, int err,
                      pid_t server)
{
    /* a group of its own: the budget's kill reaches all it starts */
    setpgid(0, 0);
#ifdef __linux__
    /* dies with the server, even a killed one (the server may have died
     * before this was set: then its parent is another) */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != server) _exit(127);
#else
    (void)server;
#endif
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL); /* the server blocks SIGINT and SIGTERM for sigwait */
    signal(SIGPIPE, SIG_DFL);
    int in = open("/dev/null", O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    close(in);
    close(out);
    close(err);
    close_inherited(-1);
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

/* The spawner thread: loads the fonts, then forks a child for each job
 * handed to it. Forks happen here alone, one at a time. */
static void *spawner(void *arg)
{
    serve_config *cfg = arg;
    serve_spawner *sp = &cfg->spawner;
    if (!meiro_fonts_preload())
        fprintf(stderr, "meiro serve: warning: the fonts could not be loaded ahead; each "
                        "request loads them itself\n");
    pthread_mutex_lock(&sp->lock);
    for (;;) {
        while (!(sp->job && !sp->answered) && !sp->stopping)
            pthread_cond_wait(&sp->changed, &sp->lock);
        if (sp->stopping) break;
        pid_t server = getpid();
        sp->pid = fork();
        if (sp->pid == 0) run_child(cfg, sp->job, sp->out, sp->err, server);
        sp->error = errno;
        if (sp->pid > 0) setpgid(sp->pid, sp->pid); /* before any kill of its group */
        sp->answered = true;
        pthread_cond_broadcast(&sp->changed);
    }
    pthread_mutex_unlock(&sp->lock);
    return NULL;
}

bool serve_spawner_start(serve_config *cfg)
{
    serve_spawner *sp = &cfg->spawner;
    memset(sp, 0, sizeof *sp);
    if (pthread_mutex_init(&sp->lock, NULL) != 0) return false;
    if (pthread_cond_init(&sp->changed, NULL) != 0) {
        pthread_mutex_destroy(&sp->lock);
        return false;
    }
    int e = pthread_create(&sp->thread, NULL, spawner, cfg);
    if (e != 0) {
        pthread_cond_destroy(&sp->changed);
        pthread_mutex_destroy(&sp->lock);
        errno = e;
        return false;
    }
    sp->running = true;
    return true;
}

void serve_spawner_stop(serve_config *cfg)
{
    serve_spawner *sp = &cfg->spawner;
    if (!sp->running) return;
    pthread_mutex_lock(&sp->lock);
    sp->stopping = true;
    pthread_cond_broadcast(&sp->changed);
    pthread_mutex_unlock(&sp->lock);
    pthread_join(sp->thread, NULL);
    pthread_cond_destroy(&sp->changed);
    pthread_mutex_destroy(&sp->lock);
    sp->running = false;
}

/* A child for the job, started by the spawner: its pid, or -1 (errno).
 * The pipes are made and their write ends closed while the slot is held,
 * so no other child inherits them (else this one's output would end only
 * when that child ends). */
static pid_t spawn(serve_spawner *sp, const serve_job *job, int out[2], int err[2])
{
    pthread_mutex_lock(&sp->lock);
    while (sp->job && !sp->stopping) pthread_cond_wait(&sp->changed, &sp->lock);
    pid_t pid = -1;
    int error = ECANCELED;
    if (!sp->stopping && pipe2(out, O_CLOEXEC) == 0 && pipe2(err, O_CLOEXEC) == 0) {
        sp->job = job;
        sp->out = out[1];
        sp->err = err[1];
        sp->answered = false;
        pthread_cond_broadcast(&sp->changed);
        while (!sp->answered && !sp->stopping) pthread_cond_wait(&sp->changed, &sp->lock);
        pid = sp->answered ? sp->pid : -1;
        error = sp->answered ? sp->error : ECANCELED;
        sp->job = NULL;
        pthread_cond_broadcast(&sp->changed);
    } else if (!sp->stopping) {
        error = errno;
    }
    close_fd(&out[1]);
    close_fd(&err[1]);
    pthread_mutex_unlock(&sp->lock);
    errno = error;
    return pid;
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

bool serve_run(serve_config *cfg, const serve_job *job, int client, serve_result *res)
{
    memset(res, 0, sizeof *res);
    int out[2] = {-1, -1}, err[2] = {-1, -1};
    pid_t pid = spawn(&cfg->spawner, job, out, err);
    if (pid < 0) {
        snprintf(res->err, sizeof res->err, "meiro serve: cannot start a process: %s",
                 strerror(errno));
        close_fd(&out[0]);
        close_fd(&err[0]);
        return false;
    }
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
    int status = 0;
    pid_t done;
    while ((done = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {}
    /* what the child left running in its group (its own pid names the group
     * while any member lives) */
    if (!cut) kill(-pid, SIGKILL);
    res->status = done == pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
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
