/* Files a stranger could send: the hostile corpus of tests/hostile/make.py
 * (entity bombs, PNG and data: bombs, filter, <use> and marker bombs,
 * drawings that take seconds, JSON of spaces, PDFs with flate bombs, two
 * billion objects, encryption and scripts, a ledger of colliding
 * fingerprints), each given to the command line as a shape, a template's
 * artwork, a maze to read, a PDF to check or a book to cover, a series. Each must be
 * refused in one line within a second and 200 MB: the process runs under
 * `ulimit -v` 200 MB and its processor time and peak memory, with the
 * children it waited for, are measured (wait4); the clock, which a busy
 * machine stretches, only has to stay under ten seconds. Under
 * AddressSanitizer, which reserves terabytes of address space and keeps
 * freed memory aside, neither the limit nor the peak applies, and the time
 * is three times as long (so are meiro's own budgets there). Prints the
 * figures. */
#define _GNU_SOURCE /* wait4 */
#include "harness.h"
#include "tools.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { BUDGET_MB = 200 };
#ifdef TEST_UNDER_ASAN
#define BUDGET_SECONDS 3.0
#define WITHIN_MEMORY(mb) true
#else
#define BUDGET_SECONDS 1.0
#define WITHIN_MEMORY(mb) ((mb) < BUDGET_MB)
#endif

static char dir[64];

static const char *meiro(void)
{
    const char *m = getenv("MEIRO");
    return m ? m : "build/meiro";
}

static const char *path(const char *name)
{
    static char buf[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

/* The corpus, written once into this run's folder. */
static bool corpus(void)
{
    static int made;
    if (made) return made > 0;
    made = -1;
    snprintf(dir, sizeof dir, "/tmp/meiro-hostile-XXXXXX");
    if (!have("python3") || !mkdtemp(dir)) return false;
    const char *data = getenv("MEIRO_TEST_DATA");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "python3 %s/../hostile/make.py %s", data ? data : "tests/data", dir);
    if (run(cmd, NULL, 0)) made = 1;
    else CHECK_MSG(false, "%s failed", cmd);
    return made > 0;
}

typedef struct outcome {
    int exit_code;  /* -signal when killed */
    double seconds; /* processor time, user and system */
    double clock;   /* by the clock */
    long peak_mb;   /* the largest resident set of the process or a child */
    char err[1024]; /* what it wrote on standard error */
    int lines;
} outcome;

/* Runs meiro with args (NULL-terminated) under the memory budget. */
static outcome run_meiro(const char *const *args)
{
    outcome o = {.exit_code = -1};
    const char *argv[16] = {"meiro"};
    for (int i = 0; args[i] && i < 14; i++) argv[i + 1] = args[i];
    int fds[2];
    if (pipe(fds) != 0) return o;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], STDERR_FILENO);
        close(fds[0]);
        close(fds[1]);
        int out = open(path("stdout.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out >= 0) dup2(out, STDOUT_FILENO);
#ifndef TEST_UNDER_ASAN
        struct rlimit lim = {(rlim_t)BUDGET_MB << 20, (rlim_t)BUDGET_MB << 20};
        setrlimit(RLIMIT_AS, &lim);
#endif
        execv(meiro(), (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    size_t n = 0;
    ssize_t got;
    while ((got = read(fds[0], o.err + n, sizeof o.err - 1 - n)) > 0) n += (size_t)got;
    o.err[n] = 0;
    close(fds[0]);
    int status = 0;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) return o;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    o.clock = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    o.seconds = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    o.peak_mb = ru.ru_maxrss / 1024;
    o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    for (const char *p = o.err; *p; p++) o.lines += *p == '\n';
    return o;
}

/* A refusal within the budget, in one line that says `why`. */
static bool refused(verdict *v, const char *name, outcome o, const char *why)
{
    printf("  %-24s exit %d, %.2f s (%.2f s by the clock), %ld MB: %.*s\n", name, o.exit_code,
           o.seconds, o.clock, o.peak_mb, (int)strcspn(o.err, "\n"), o.err);
    return verdict_note(v,
                        (o.exit_code == 1 || o.exit_code == 2) && o.lines == 1 &&
                            strstr(o.err, why) && o.seconds < BUDGET_SECONDS &&
                            o.clock < 10 * BUDGET_SECONDS && WITHIN_MEMORY(o.peak_mb),
                        "%s: exit %d in %.2f s and %ld MB, saying: %s (wanted: %s)", name,
                        o.exit_code, o.seconds, o.peak_mb, o.err, why);
}

static const struct {
    const char *file, *why;
} pictures[] = {
    {"entity-quadratic.svg", "entity"},
    {"entity-nested.svg", "entity"},
    {"entity-external.svg", "external entity"},
    {"png-32767.png", "32767 x 32767 pixels"},
    {"png-header-65535.png", "65535 x 65535 pixels"},
    {"jpeg-header-65535.jpg", "65535 x 65535 pixels"},
    {"gif-65535.gif", "65535 x 65535 pixels"},
    {"gif-frame-30000.gif", "too big"},
    {"data-png-32767.svg", "megapixels"},
    {"data-png-60000.svg", "megapixels"},
    {"data-svg.svg", "PNG and JPEG images"},
    {"filter-turbulence.svg", "filters"},
    {"filter-chain.svg", "filters"},
    {"use-bomb.svg", "more than 20000 elements"},
    {"elements.svg", "more than 10000 elements"},
    {"marker-bomb.svg", "markers"},
    {"text-entities.svg", "characters of text"},
    {"text-long.svg", "characters of text"},
    {"opacity-groups.svg", "to draw"},
    {"entity-forward.svg", "an entity not declared before it"},
    {"entity-hidden.svg", "entity bomb"},
    {"style-reference.svg", "references"},
    {"style-cdata.svg", "filters"},
    {"style-pi.svg", "xml-stylesheet"},
    {"text-cdata.svg", "characters of text"},
};

/* Each picture as a shape. */
static void test_shapes(void)
{
    if (!corpus()) return;
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(pictures); i++) {
        const char *args[] = {
            "generate",      "-W", "20", "-H", "20", "--shape", path(pictures[i].file), "-o",
            path("out.txt"), NULL};
        refused(&v, pictures[i].file, run_meiro(args), pictures[i].why);
    }
    CHECK_ALL(v);
    CHECK(access(path("out.txt"), F_OK) != 0);
}

/* The same through a template's artwork, drawn on PNG pages. */
static void test_template_art(void)
{
    if (!corpus()) return;
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(pictures); i++) {
        if (!strstr(pictures[i].file, ".svg")) continue; /* art is SVG */
        char ini[600];
        snprintf(ini, sizeof ini, "%s.ini", path(pictures[i].file));
        FILE *f = fopen(ini, "w");
        if (!f) continue;
        fprintf(f, "[art]\nstart = %s\ngoal = %s\n", pictures[i].file, pictures[i].file);
        fclose(f);
        const char *args[] = {"generate",      "-W", "5", "-H", "5", "-t", ini, "-o",
                              path("out.png"), NULL};
        /* art is at most 1 MiB; drawn small, the groups take memory (or,
         * without a limit of address space, time) */
        const char *why = strcmp(pictures[i].file, "elements.svg") == 0 ? "larger than 1024 KiB"
                          : strcmp(pictures[i].file, "opacity-groups.svg") == 0 ? "draw"
                                                                                : pictures[i].why;
        refused(&v, pictures[i].file, run_meiro(args), why);
    }
    CHECK_ALL(v);
    CHECK(access(path("out.png"), F_OK) != 0);
}

/* Mazes to read: a 400-million-cell grid of spaces, a value of spaces. */
static void test_json(void)
{
    if (!corpus()) return;
    verdict v = {0};
    static const struct {
        const char *file, *why;
    } files[] = {
        {"whitespace.json", "cells"},
        {"whitespace-value.json", "spaces"},
    };
    for (size_t i = 0; i < TEST_COUNT(files); i++) {
        const char *args[] = {"stats", path(files[i].file), NULL};
        refused(&v, files[i].file, run_meiro(args), files[i].why);
    }
    CHECK_ALL(v);
}

/* A stroke dashed a hundred thousand times a unit, which cairo draws as
 * a line: drawn, or refused as too slow, within the budget either way. */
static void test_within_budget(void)
{
    if (!corpus()) return;
    const char *args[] = {
        "generate",       "-W", "20", "-H", "20", "--shape", path("dash-bomb.svg"), "-o",
        path("dash.txt"), NULL};
    outcome o = run_meiro(args);
    printf("  %-24s exit %d, %.2f s (%.2f s by the clock), %ld MB\n", "dash-bomb.svg", o.exit_code,
           o.seconds, o.clock, o.peak_mb);
    CHECK_MSG((o.exit_code == 0 || (o.exit_code == 2 && strstr(o.err, "to draw"))) &&
                  o.seconds < BUDGET_SECONDS && o.clock < 10 * BUDGET_SECONDS &&
                  WITHIN_MEMORY(o.peak_mb),
              "exit %d, %.2f s, %ld MB: %s", o.exit_code, o.seconds, o.peak_mb, o.err);
}

/* Whether standard output of the last run has `line` (a whole line's start). */
static bool printed(const char *line)
{
    char buf[4096];
    FILE *f = fopen(path("stdout.txt"), "r");
    bool found = false;
    while (f && !found && fgets(buf, sizeof buf, f)) found = !strncmp(buf, line, strlen(line));
    if (f) fclose(f);
    return found;
}

/* A run within the budget that ended with `code`, printing `line`. */
static bool answered(verdict *v, const char *name, outcome o, int code, const char *line)
{
    printf("  %-24s exit %d, %.2f s (%.2f s by the clock), %ld MB\n", name, o.exit_code,
           o.seconds, o.clock, o.peak_mb);
    return verdict_note(v,
                        o.exit_code == code && (!line || printed(line)) &&
                            o.seconds < BUDGET_SECONDS && o.clock < 10 * BUDGET_SECONDS &&
                            WITHIN_MEMORY(o.peak_mb),
                        "%s: exit %d in %.2f s and %ld MB, saying: %s (wanted exit %d and %s)",
                        name, o.exit_code, o.seconds, o.peak_mb, o.err, code, line ? line : "");
}

/* PDFs to check: flate bombs in a page and in its forms refused by meiro's
 * caps, in an object stream and the cross-reference stream (which qpdf
 * decodes for itself) by the memory budget of the child process that
 * reads a stranger's PDF (not under ASan, which leaves it out); a trailer
 * of two billion objects read as the five it has (it passes); encryption,
 * JavaScript, a Launch action and an embedded file each fail their rule;
 * fonts with widths and codes out of every range fail as fonts should
 * (under UBSan: no undefined behaviour). Each within the budget. */
static void test_pdfs(void)
{
    if (!corpus()) return;
    verdict v = {0};
    static const char *const bombs[] = {"pdf-content-bomb.pdf", "pdf-form-bombs.pdf"};
    for (size_t i = 0; i < TEST_COUNT(bombs); i++) {
        const char *args[] = {"preflight", "--print", "kdp", path(bombs[i]), NULL};
        refused(&v, bombs[i], run_meiro(args), "stream decodes to more than 64 MB");
    }
#ifndef TEST_UNDER_ASAN
    static const char *const qpdf_bombs[] = {"pdf-objstm-bomb.pdf", "pdf-xref-bomb.pdf"};
    for (size_t i = 0; i < TEST_COUNT(qpdf_bombs); i++) {
        const char *args[] = {"preflight", path(qpdf_bombs[i]), NULL};
        refused(&v, qpdf_bombs[i], run_meiro(args), "out of memory reading the PDF");
    }
#endif
    static const struct {
        const char *file, *print;
        int code;
        const char *line;
    } checked[] = {
        {"pdf-size.pdf", "home", 0, "ok   fonts        0 fonts"},
        {"pdf-aes256.pdf", "home", 1, "FAIL encryption   the file is encrypted (AES-256)"},
        {"pdf-rc4.pdf", "home", 1, "FAIL encryption   the file is encrypted (RC4)"},
        {"pdf-javascript.pdf", "home", 1, "FAIL actions      JavaScript (object 5)"},
        {"pdf-launch.pdf", "home", 1, "FAIL actions      a Launch action"},
        {"pdf-embedded.pdf", "home", 1, "FAIL actions      an embedded file"},
        {"pdf-font-widths.pdf", "kdp", 1, "FAIL fonts        2 of 2 fonts not embedded"},
    };
    for (size_t i = 0; i < TEST_COUNT(checked); i++) {
        const char *args[] = {"preflight", "--print", checked[i].print, path(checked[i].file), NULL};
        answered(&v, checked[i].file, run_meiro(args), checked[i].code, checked[i].line);
    }
    CHECK_ALL(v);
}

/* A book whose recorded cover maze is a flate bomb (2.1 GB, then "empty
 * file", before), and one whose object stream is (not under ASan, as
 * above): refused in one line, no cover written. */
static void test_cover_art(void)
{
    if (!corpus()) return;
    verdict v = {0};
    const char *args[] = {"cover",          "--print", "kdp", "--for", path("pdf-art-bomb.pdf"),
                          "-o",             path("cover.pdf"), NULL};
    refused(&v, "pdf-art-bomb.pdf", run_meiro(args),
            "its cover maze cannot be read: object 5's stream decodes to more than 64 MB");
#ifndef TEST_UNDER_ASAN
    const char *objstm[] = {"cover",          "--print", "kdp", "--for", path("pdf-objstm-bomb.pdf"),
                            "-o",             path("cover.pdf"), NULL};
    refused(&v, "pdf-objstm-bomb.pdf", run_meiro(objstm), "out of memory reading the book");
#endif
    CHECK_ALL(v);
    CHECK(access(path("cover.pdf"), F_OK) != 0);
}

/* A series ledger of 400,000 fingerprints that collide in a hash table
 * (47 s, growing with the square, before): read within the budget. */
static void test_ledger(void)
{
    if (!corpus()) return;
    verdict v = {0};
    const char *args[] = {"booklet", "-n", "2", "-s", "5", "--series", path("ledger-colliding.txt"),
                          "-o",      path("series.html"), NULL};
    answered(&v, "ledger-colliding.txt", run_meiro(args), 0, NULL);
    CHECK_ALL(v);
    FILE *f = fopen(path("ledger-colliding.txt"), "r");
    char last[64] = "", line[64];
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "volume", 6)) snprintf(last, sizeof last, "%s", line);
    if (f) fclose(f);
    CHECK_MSG(!strncmp(last, "volume 2 seed 5 mazes ", 22), "the ledger's last volume: %s", last);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"shapes", test_shapes},
        {"template_art", test_template_art},
        {"json", test_json},
        {"within_budget", test_within_budget},
        {"pdfs", test_pdfs},
        {"cover_art", test_cover_art},
        {"ledger", test_ledger},
    };
    int rc = test_main("hostile", argc, argv, cases, TEST_COUNT(cases));
    if (dir[0]) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        if (system(cmd) != 0) rc = 1;
    }
    return rc;
}
