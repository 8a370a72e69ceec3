/* make bench: throughput (cells per second) and peak memory (bytes per
 * cell) of every generator and solver. Each measurement runs in its own
 * child process; the kernel's peak-RSS mark is reset just before the
 * measured phase, so the peak is that phase's own.
 * Usage: bench [SIDE...] [NAME...]  (default 1000 4000, every algorithm;
 * NAME engine: the engine's goals alone, 1e8, sbj42 or files (JSON bytes
 * a cell and the --play sheet) a part of them; plotter: the pen-up travel
 * before and after ordering) */
#define _GNU_SOURCE
#include "meiro.h"

#include <malloc.h>
#include <math.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* CPU time of the measuring process (every measurement runs in a process of
 * its own): unlike wall time it does not count other work on the machine,
 * which made single 30 ms runs vary by half. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* VmRSS or VmHWM from /proc/self/status, in bytes; -1 if unknown. */
static long long proc_kb(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long long kb = -1;
    size_t n = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && line[n] == ':') kb = atoll(line + n + 1);
    fclose(f);
    return kb < 0 ? -1 : kb * 1024;
}

static bool reset_peak(void)
{
    malloc_trim(0);
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f) return false;
    bool ok = fputs("5", f) >= 0;
    return (fclose(f) == 0) && ok;
}

static void report(uint32_t side, const char *name, const char *phase, double secs, long long base,
                   bool peak_ok, double maze_bytes)
{
    double cells = (double)side * side;
    long long hwm = proc_kb("VmHWM");
    printf("%5ux%-5u  %-13s %-8s %8.3f s %9.2f Mcells/s", side, side, name, phase, secs,
           cells / secs / 1e6);
    if (peak_ok && hwm > 0 && base >= 0)
        printf("  %6.2f B/cell beyond the maze\n", ((double)(hwm - base) - maze_bytes) / cells);
    else printf("  (peak memory not measurable here)\n");
    fflush(stdout);
}

static double *rect_secs; /* the last rect generation's time, shared by the children */

static int child_generate(uint32_t side, const char *algo)
{
    meiro_generate_options opt; /* the defaults a user gets (growing-tree: --bias 0.5) */
    meiro_generate_options_init(&opt);
    opt.width = opt.height = side, opt.algorithm = algo, opt.seed = 1;
    bool peak_ok = reset_peak();
    long long base = proc_kb("VmRSS");
    double t = now();
    meiro_error err;
    meiro_maze *m = meiro_generate(&opt, &err);
    double secs = now() - t;
    if (!m) {
        fprintf(stderr, "bench: %s %u: %s\n", algo, side, err.message);
        return 1;
    }
    report(side, algo, "generate", secs, base, peak_ok, (double)side * side);
    if (rect_secs) *rect_secs = secs;
    meiro_maze_free(m);
    return 0;
}

/* The other grids at about side x side cells: polar in side / sqrt(pi)
 * rings (pi r^2 cells), hex and triangle side x side. Each run is timed
 * against the rectangle's of the same generator, kept in `rect_secs`
 * (shared with the children). */
static meiro_grid bench_grid;

static int child_generate_grid(uint32_t side, const char *algo)
{
    meiro_generate_options opt; /* the defaults, as child_generate's */
    meiro_generate_options_init(&opt);
    opt.width = opt.height = side, opt.algorithm = algo, opt.seed = 1, opt.grid = bench_grid;
    if (bench_grid == MEIRO_GRID_POLAR)
        opt.height = (uint32_t)(side / sqrt(3.141592653589793) + 0.5);
    bool peak_ok = reset_peak();
    long long base = proc_kb("VmRSS");
    double t = now();
    meiro_error err;
    meiro_maze *m = meiro_generate(&opt, &err);
    double secs = now() - t;
    if (!m) {
        fprintf(stderr, "bench: %s %s %u: %s\n", meiro_grid_name(bench_grid), algo, side,
                err.message);
        return 1;
    }
    double cells = (double)meiro_maze_cell_count(m);
    long long hwm = proc_kb("VmHWM");
    printf("%5ux%-5u  %-13s %-8s %8.3f s %9.2f Mcells/s", side, side, algo,
           meiro_grid_name(bench_grid), secs, cells / secs / 1e6);
    if (peak_ok && hwm > 0 && base >= 0)
        printf("  %6.2f B/cell beyond the maze", ((double)(hwm - base) - cells) / cells);
    /* per cell against the rectangle's run */
    if (*rect_secs > 0)
        printf("  %4.2fx rect", (secs / cells) / (*rect_secs / ((double)side * side)));
    printf("\n");
    fflush(stdout);
    meiro_maze_free(m);
    return 0;
}

static int child_solve(uint32_t side, const char *solver)
{
    meiro_generate_options opt = {.width = side, .height = side, .algorithm = "cluster", .seed = 1};
    meiro_error err;
    meiro_maze *m = meiro_generate(&opt, &err);
    if (!m) {
        fprintf(stderr, "bench: %u: %s\n", side, err.message);
        return 1;
    }
    bool peak_ok = reset_peak();
    long long base = proc_kb("VmRSS");
    meiro_path path;
    double t = now();
    meiro_status s = meiro_solve(m, solver, &path, &err);
    double secs = now() - t;
    if (s != MEIRO_OK) {
        fprintf(stderr, "bench: %s %u: %s\n", solver, side, err.message);
        return 1;
    }
    report(side, solver, "solve", secs, base, peak_ok, 0);
    meiro_path_free(&path);
    meiro_maze_free(m);
    return 0;
}

static int in_child(int (*fn)(uint32_t, const char *), uint32_t side, const char *name)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) { /* _exit flushes nothing: a child's lines went missing in a file */
        int status = fn(side, name);
        fflush(stdout);
        _exit(status);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench: %s at %u x %u failed\n", name, side, side);
        return 1;
    }
    return 0;
}

static bool wanted(const char *name, const char *const *only, int names)
{
    for (int i = 0; i < names; i++)
        if (strcmp(name, only[i]) == 0) return true;
    return names == 0;
}

/* A booklet of about 100 A4 pages with answers: 86 mazes, one a page, and
 * an answer key of 15 pages, as PDF. */
static void bench_booklet(void)
{
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 86;
    b.from_level = MEIRO_LEVEL_EASY;
    b.to_level = MEIRO_LEVEL_EXPERT;
    b.seed = 1;
    FILE *out = fopen("/dev/null", "wb");
    double t = now();
    meiro_error err;
    meiro_status s =
        out ? meiro_booklet_write(&b, NULL, MEIRO_FORMAT_PDF, out, &err) : MEIRO_ERROR_IO;
    double secs = now() - t;
    if (out) fclose(out);
    if (s != MEIRO_OK) fprintf(stderr, "bench: booklet: %s\n", err.message);
    else
        printf(
            "booklet    %-13s pdf      %8.3f s  for 101 A4 pages (86 mazes easy..expert, answer key)\n",
            "", secs);
}

/* Export timings: one page per format, written to /dev/null. */
static void bench_exports(const char *const *only, int names)
{
    static const uint32_t sides[] = {33, 200};
    static const meiro_format formats[] = {MEIRO_FORMAT_PDF, MEIRO_FORMAT_SVG, MEIRO_FORMAT_PNG,
                                           MEIRO_FORMAT_XLSX, MEIRO_FORMAT_TEXT};
    for (size_t k = 0; k < sizeof sides / sizeof sides[0]; k++) {
        meiro_generate_options opt = {
            .width = sides[k], .height = sides[k], .algorithm = "cluster", .seed = 1};
        meiro_maze *m = meiro_generate(&opt, NULL);
        meiro_path path;
        if (!m || meiro_solve(m, NULL, &path, NULL) != MEIRO_OK) return;
        for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
            const char *name = meiro_format_info(formats[f])->name;
            if (!wanted(name, only, names)) continue;
            meiro_export_options page;
            meiro_export_options_init(&page);
            page.answer_page = formats[f] == MEIRO_FORMAT_PDF || formats[f] == MEIRO_FORMAT_XLSX;
            const int reps = sides[k] < 100 ? 10 : 3;
            double t = now();
            for (int r = 0; r < reps; r++) {
                FILE *out = fopen("/dev/null", "wb");
                meiro_error err;
                if (!out || meiro_write(m, &path, formats[f], &page, out, &err) != MEIRO_OK) {
                    fprintf(stderr, "bench: %s: %s\n", name, out ? err.message : "no /dev/null");
                    if (out) fclose(out);
                    break;
                }
                fclose(out);
            }
            double per = (now() - t) / reps;
            printf("%5ux%-5u  %-13s export   %8.1f ms per document%s\n", sides[k], sides[k], name,
                   per * 1000, page.answer_page ? " (puzzle + answer)" : "");
        }
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
}

/* What a shape costs on one A4 page (PDF with its answer page): making the
 * mask from the text or picture, and the page with it against the same
 * page without it (the same grid, every cell in). Milliseconds, or -1. */
typedef struct shape_cost {
    double mask, page, plain;
} shape_cost;

static double page_once(uint32_t w, uint32_t h, const uint8_t *mask)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.width = w;
    opt.height = h;
    opt.algorithm = "dig";
    opt.seed = 1;
    opt.mask = mask;
    double t = now();
    meiro_error err = {0};
    meiro_maze *m = meiro_generate(&opt, &err);
    meiro_path path = {0};
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.answer_page = true;
    FILE *out = fopen("/dev/null", "wb");
    bool ok = m && out && meiro_solve(m, NULL, &path, &err) == MEIRO_OK &&
              meiro_write(m, &path, MEIRO_FORMAT_PDF, &page, out, &err) == MEIRO_OK;
    if (!ok) fprintf(stderr, "bench: shape page: %s\n", err.message);
    if (out) fclose(out);
    meiro_path_free(&path);
    meiro_maze_free(m);
    return ok ? (now() - t) * 1000 : -1;
}

static shape_cost shape_page(const char *shape, const char *text, const char *lang)
{
    enum { REPS = 10 };
    shape_cost c = {0, 0, 0};
    for (int r = 0; r < REPS; r++) {
        uint8_t *mask = NULL;
        meiro_text_info info;
        meiro_error err = {0};
        uint32_t w = 40, h = 40;
        double t = now();
        meiro_status s = text ? meiro_text_mask(text, lang, 0, &mask, &info, &err)
                              : meiro_shape_mask(shape, w, h, &mask, &err);
        c.mask += (now() - t) * 1000 / REPS;
        if (s != MEIRO_OK) {
            fprintf(stderr, "bench: %s: %s\n", text ? text : shape, err.message);
            return (shape_cost){-1, -1, -1};
        }
        if (text) w = info.width, h = info.height;
        c.page += page_once(w, h, mask) / REPS;
        c.plain += page_once(w, h, NULL) / REPS;
        meiro_mask_free(mask);
    }
    return c;
}

static void bench_shapes(void)
{
    static const struct {
        const char *what, *shape, *text, *lang;
    } cases[] = {
        {"heart 40x40", "heart", NULL, NULL},
        {"heart.svg", "templates/shapes/heart.svg", NULL, NULL},
        {"text HANA", NULL, "HANA", "en"},
        {"text (ja)", NULL, "\u306f\u306a", "ja"}, /* はな */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        shape_cost c = shape_page(cases[k].shape, cases[k].text, cases[k].lang);
        if (c.mask >= 0)
            printf(
                "shape      %-13s pdf      %8.1f ms the mask; the page %.1f ms, %.1f ms without it\n",
                cases[k].what, c.mask, c.page, c.plain);
    }
}

/* ---- The engine's goals (issue 25), measured in one run: every generator
 * at 10^8 cells (< 10 CPU-s, <= 6 bytes a cell with the maze), JSON bytes a
 * cell, the --play sheet at 200 x 200, and dig 1000 x 1000 as a whole
 * process against sbj42/maze-generator's backtracker (node). */

static double cpu_secs(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int child_engine_1e8(uint32_t side, const char *algo)
{
    meiro_generate_options opt; /* the defaults a user gets (growing-tree: --bias 0.5) */
    meiro_generate_options_init(&opt);
    opt.width = opt.height = side, opt.algorithm = algo, opt.seed = 1;
    bool peak_ok = reset_peak();
    long long base = proc_kb("VmRSS");
    double t = cpu_secs();
    meiro_error err;
    meiro_maze *m = meiro_generate(&opt, &err);
    double secs = cpu_secs() - t;
    if (!m) {
        fprintf(stderr, "bench: %s %u: %s\n", algo, side, err.message);
        return 1;
    }
    double cells = (double)side * side, per = -1;
    long long hwm = proc_kb("VmHWM");
    if (peak_ok && hwm > 0 && base >= 0) per = (double)(hwm - base) / cells;
    printf("engine     %-13s %ux%u %7.2f CPU-s (goal < 10)  %5.2f B/cell with the maze (goal <= "
           "6)  %s\n",
           algo, side, side, secs, per, secs < 10 && per <= 6 ? "ok" : "over");
    meiro_maze_free(m);
    return 0;
}

/* The bytes and time of one document written to a temporary file. */
static bool measure_write(meiro_maze *m, meiro_format f, const meiro_export_options *page,
                          double *secs, long *bytes)
{
    FILE *out = tmpfile();
    if (!out) return false;
    meiro_error err;
    double t = cpu_secs();
    bool ok = meiro_write(m, NULL, f, page, out, &err) == MEIRO_OK && fflush(out) == 0;
    *secs = cpu_secs() - t;
    *bytes = ok ? ftell(out) : -1;
    if (!ok) fprintf(stderr, "bench: %s: %s\n", meiro_format_info(f)->name, err.message);
    fclose(out);
    return ok && *bytes >= 0;
}

static void bench_engine_files(void)
{
    meiro_generate_options opt = {.width = 1000, .height = 1000, .algorithm = "dig", .seed = 1};
    meiro_maze *m = meiro_generate(&opt, NULL);
    double secs;
    long bytes;
    if (m && measure_write(m, MEIRO_FORMAT_JSON, NULL, &secs, &bytes))
        printf("engine     %-13s 1000x1000 %7.2f B/cell (goal <= 48), %.2f CPU-s  %s\n", "json",
               bytes / 1e6, secs, bytes / 1e6 <= 48 ? "ok" : "over");
    meiro_maze_free(m);
    opt.width = opt.height = 200;
    opt.algorithm = "cluster";
    m = meiro_generate(&opt, NULL);
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.play = true;
    if (m && measure_write(m, MEIRO_FORMAT_XLSX, &page, &secs, &bytes))
        printf("engine     %-13s 200x200   %7.2f CPU-s (goal < 1), %.2f MB (goal < 2)  %s\n",
               "xlsx --play", secs, bytes / 1048576.0,
               secs < 1 && bytes < 2 * 1048576 ? "ok" : "over");
    meiro_maze_free(m);
}

/* CPU seconds (user + system) of `argv` run to the end, its output to
 * /dev/null; -1 if it could not run or failed. */
static double process_cpu(char *const argv[])
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout)) _exit(127);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           ru.ru_stime.tv_usec / 1e6;
}

/* sbj42/maze-generator (JavaScript) with its backtracker plugin: SBJ42_DIR
 * names a folder whose node_modules holds @sbj42/maze-generator and
 * @sbj42/maze-generator-backtrack. Both sides print the 1000 x 1000 maze
 * as text, as whole processes; the median of three CPU ratios. */
static void bench_engine_sbj42(const char *self)
{
    const char *dir = getenv("SBJ42_DIR");
    char meiro[4096], modules[4096];
    const char *slash = strrchr(self, '/');
    snprintf(meiro, sizeof meiro, "%.*smeiro", slash ? (int)(slash - self + 1) : 0, self);
    struct stat st;
    if (!dir ||
        snprintf(modules, sizeof modules, "%s/node_modules/@sbj42/maze-generator", dir) < 0 ||
        stat(modules, &st) != 0) {
        printf("engine     %-13s 1000x1000 skipped: set SBJ42_DIR to a folder with node_modules/"
               "@sbj42/maze-generator and -backtrack (npm install there)\n",
               "dig vs sbj42");
        return;
    }
    static const char script[] =
        "const g=require('@sbj42/maze-generator');"
        "const m=g.generate(1000,1000,{generator:'@sbj42/maze-generator-backtrack'});"
        "const o=[];for(let y=0;y<1000;y++){let a='#',b='#';for(let x=0;x<1000;x++){"
        "const c=m.cell(x,y);a+=' '+(c.east()?' ':'#');b+=(c.south()?' ':'#')+'#';}"
        "o.push(a,b);}process.stdout.write('#'.repeat(2001)+'\\n'+o.join('\\n')+'\\n');";
    snprintf(modules, sizeof modules, "%s/node_modules", dir); /* where require looks */
    if (setenv("NODE_PATH", modules, 1) != 0) return;
    char *node[] = {"node", "-e", (char *)script, NULL};
    char *ours[] = {meiro,  "generate", "-a", "dig", "-W",   "1000", "-H",
                    "1000", "-s",       "1",  "-f",  "text", NULL};
    double ratio[3];
    for (int r = 0; r < 3; r++) { /* interleaved pairs */
        double theirs = process_cpu(node), mine = process_cpu(ours);
        if (theirs <= 0 || mine <= 0) {
            printf("engine     %-13s 1000x1000 skipped: %s did not run\n", "dig vs sbj42",
                   theirs <= 0 ? "node" : meiro);
            return;
        }
        ratio[r] = theirs / mine;
    }
    for (int i = 0; i < 3; i++) /* sort three */
        for (int j = i + 1; j < 3; j++)
            if (ratio[j] < ratio[i]) {
                double t = ratio[i];
                ratio[i] = ratio[j];
                ratio[j] = t;
            }
    printf("engine     %-13s 1000x1000 %7.2fx sbj42's CPU (goal >= 10)  %s\n", "dig vs sbj42",
           ratio[1], ratio[1] >= 10 ? "ok" : "under");
}

static int bench_engine(const char *self, const char *const *only, int names)
{
    int failures = 0;
    if (wanted("engine", only, names) || wanted("files", only, names)) bench_engine_files();
    if (wanted("engine", only, names) || wanted("sbj42", only, names)) bench_engine_sbj42(self);
    if (wanted("engine", only, names) || wanted("1e8", only, names))
        for (size_t gi = 0; gi < meiro_generator_count(); gi++)
            failures += in_child(child_engine_1e8, 10000, meiro_generator_info(gi)->name);
    return failures;
}

/* ---- Start-up (issue 25): whole `meiro` runs of each job type, small
 * enough that loading the program and its libraries is most of the cost.
 * Each is run RUNS times; printed: CPU (user + system) per run, the CPU
 * from the exec on (the program's own: its loading, its work, its exit,
 * without this benchmark's fork, whose copy of every library the child
 * unmaps at the exec), and the largest peak RSS of a run, with the issue's
 * goals judged on the CPU from the exec: a text, CSV or JSON run, solve
 * and stats (no drawing library) 3 ms and 4 MB, XLSX (libxlsxwriter, no
 * drawing module) 6 ms; PDF and PNG load the drawing module and fonts. */
enum { STARTUP_RUNS = 30 };

/* The CPU nanoseconds a process has run, from /proc/PID/schedstat; -1
 * when unknown. */
static long long run_ns(pid_t pid)
{
    char name[64];
    snprintf(name, sizeof name, "/proc/%d/schedstat", (int)pid);
    FILE *f = fopen(name, "r");
    long long ns = -1;
    if (f && fscanf(f, "%lld", &ns) != 1) ns = -1;
    if (f) fclose(f);
    return ns;
}

/* The peak RSS of the program itself, read from /proc/PID/status (VmHWM)
 * as it exits (stopped there by ptrace): a fork of this benchmark, which
 * links every library, would otherwise count its own pages in the child's
 * ru_maxrss before the exec. -1 when unknown. */
static long exit_hwm_kb(pid_t pid)
{
    char name[64], line[256];
    snprintf(name, sizeof name, "/proc/%d/status", (int)pid);
    FILE *f = fopen(name, "r");
    long kb = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) kb = atol(line + 6);
    fclose(f);
    return kb;
}

/* runs argv (output to /dev/null) n times; false if a run fails. *own:
 * ms a run from the exec to the exit, -1 when unknown. */
static bool startup_runs(char *const *argv, int n, double *ms, double *own, double *mb)
{
    long long own_ns = 0;
    struct rusage before, after;
    getrusage(RUSAGE_CHILDREN, &before);
    long peak = 0;
    fflush(stdout); /* or each child's freopen prints it again */
    for (int i = 0; i < n; i++) {
        pid_t pid = fork();
        if (pid < 0) return false;
        if (pid == 0) {
            if (!freopen("/dev/null", "w", stdout)) _exit(127);
            ptrace(PTRACE_TRACEME, 0, NULL, NULL); /* stops at the exec */
            execv(argv[0], argv);
            _exit(127);
        }
        int status;
        struct rusage ru;
        long hwm = -1;
        long long exec_ns = -1, exit_ns = -1;
        if (waitpid(pid, &status, 0) == pid && WIFSTOPPED(status)) {
            exec_ns = run_ns(pid); /* stopped just after the exec */
            ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)(long)PTRACE_O_TRACEEXIT);
            ptrace(PTRACE_CONT, pid, NULL, NULL);
            while (waitpid(pid, &status, 0) == pid && WIFSTOPPED(status)) {
                if (status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
                    hwm = exit_hwm_kb(pid);
                    exit_ns = run_ns(pid);
                }
                int sig = WSTOPSIG(status) == SIGTRAP ? 0 : WSTOPSIG(status);
                ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig);
            }
        }
        /* reaps it (already, if the loop above saw it end) */
        if (!WIFEXITED(status) && wait4(pid, &status, 0, &ru) != pid) return false;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return false;
        if (hwm > peak) peak = hwm;
        if (own_ns >= 0 && exec_ns >= 0 && exit_ns >= exec_ns) own_ns += exit_ns - exec_ns;
        else own_ns = -1;
    }
    *own = own_ns >= 0 ? (double)own_ns / 1e6 / n : -1;
    getrusage(RUSAGE_CHILDREN, &after);
    double cpu = (double)(after.ru_utime.tv_sec - before.ru_utime.tv_sec) +
                 (double)(after.ru_stime.tv_sec - before.ru_stime.tv_sec) +
                 (double)(after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6 +
                 (double)(after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6;
    *ms = cpu * 1e3 / n;
    *mb = peak > 0 ? (double)peak / 1024 : -1;
    return true;
}

static int bench_startup(void)
{
    char exe[4096], dir[] = "/tmp/meiro-bench-XXXXXX";
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 16);
    if (len <= 0 || !mkdtemp(dir)) return 1;
    exe[len] = '\0';
    strcpy(strrchr(exe, '/') + 1, "meiro"); /* build/meiro, next to build/bench */
    char maze[64], out[64];
    snprintf(maze, sizeof maze, "%s/input.txt", dir);
    static const struct {
        const char *job, *ext;
        double goal_ms; /* 0: none */
    } jobs[] = {{"version", NULL, 3}, {"text", "txt", 3}, {"csv", "csv", 3},  {"json", "json", 3},
                {"solve", NULL, 3},   {"stats", NULL, 3}, {"xlsx", "xlsx", 6}, {"pdf", "pdf", 0},
                {"png", "png", 0}};
    char *make[] = {exe, "generate", "-W", "20", "-H", "20", "-s", "1", "-o", maze, NULL};
    double ms, own, mb;
    int failures = 0;
    if (!startup_runs(make, 1, &ms, &own, &mb)) {
        fprintf(stderr, "bench: %s did not run\n", exe);
        return 1;
    }
    for (size_t k = 0; k < sizeof jobs / sizeof jobs[0]; k++) {
        char *version[] = {exe, "--version", NULL};
        char *solve[] = {exe, "solve", maze, "-o", "/dev/null", NULL};
        char *stats[] = {exe, "stats", maze, NULL};
        char *gen[] = {exe, "generate", "-W", "20", "-H", "20", "-s", "1", "-o", out, NULL};
        char *const *argv = strcmp(jobs[k].job, "version") == 0 ? version
                            : strcmp(jobs[k].job, "solve") == 0 ? solve
                            : strcmp(jobs[k].job, "stats") == 0 ? stats
                                                                : gen;
        if (jobs[k].ext) snprintf(out, sizeof out, "%s/m.%s", dir, jobs[k].ext);
        if (startup_runs(argv, STARTUP_RUNS, &ms, &own, &mb)) {
            /* the goals: 3 ms and 4 MB for a job that draws nothing, 6 ms for XLSX */
            bool light = jobs[k].goal_ms > 0 && jobs[k].goal_ms < 6;
            /* (a drawn page's threads are not in the main thread's
             * schedstat: the CPU from the exec only where there is a goal) */
            printf("startup    %-13s 20x20    %6.2f ms CPU a run, ", jobs[k].job, ms);
            if (jobs[k].goal_ms > 0) printf("%5.2f from the exec, ", own);
            printf("%5.1f MB peak RSS (%d runs)", mb, STARTUP_RUNS);
            if (jobs[k].goal_ms > 0)
                printf("  goal <= %.0f ms%s: %s", jobs[k].goal_ms, light ? ", <= 4 MB" : "",
                       own >= 0 && own <= jobs[k].goal_ms && (!light || mb <= 4) ? "ok" : "over");
            printf("\n");
        } else {
            printf("startup    %-13s FAILED\n", jobs[k].job);
            failures++;
        }
        if (jobs[k].ext) unlink(out);
    }
    unlink(maze);
    rmdir(dir);
    return failures;
}

/* ---- Drawing the grids (issue 25): pages of the other grids against a
 * rectangle of the same cells, and against razimantv/mazegenerator ---- */

/* A maze to draw: its grid, size and generator. */
typedef struct draw_job {
    meiro_grid grid;
    uint32_t w, h;
    meiro_format format;
    const char *path; /* where to write; NULL: /dev/null */
} draw_job;

static draw_job draw_now; /* the job of the next child */

static meiro_maze *draw_maze(const draw_job *j)
{
    meiro_generate_options opt = {.width = j->w, .height = j->h, .seed = 1, .grid = j->grid};
    meiro_error err;
    meiro_maze *m = meiro_generate(&opt, &err);
    if (!m) fprintf(stderr, "bench: %s %ux%u: %s\n", meiro_grid_name(j->grid), j->w, j->h,
                    err.message);
    return m;
}

/* In a child: the page written (not the maze made) timed by CPU, and the
 * peak resident size of the writing, reported through `draw_out`. */
static double *draw_out; /* shared: seconds, peak bytes */

static int child_draw(uint32_t side, const char *name)
{
    (void)side, (void)name;
    meiro_maze *m = draw_maze(&draw_now);
    if (!m) return 1;
    FILE *out = fopen("/dev/null", "wb");
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.footer = false;
    reset_peak();
    double t = now();
    meiro_error err;
    bool ok = out && meiro_write(m, NULL, draw_now.format, &page, out, &err) == MEIRO_OK;
    draw_out[0] = now() - t;
    draw_out[1] = (double)proc_kb("VmHWM");
    if (!ok) fprintf(stderr, "bench: draw: %s\n", out ? err.message : "no /dev/null");
    if (out) fclose(out);
    meiro_maze_free(m);
    return ok ? 0 : 1;
}

/* PNG (300 dpi), SVG and PDF of each grid at the cells of a polar maze of
 * `rings` rings, against a rectangle of as many cells: time and peak
 * memory, and their ratios. */
static int bench_draw_grids(uint32_t rings)
{
    meiro_generate_options popt = {.width = 1, .height = rings, .seed = 1,
                                   .grid = MEIRO_GRID_POLAR};
    meiro_maze *pm = meiro_generate(&popt, NULL);
    if (!pm) return 1;
    double cells = (double)meiro_maze_cell_count(pm);
    meiro_maze_free(pm);
    uint32_t side = (uint32_t)lround(sqrt(cells));
    const draw_job jobs[] = {
        {MEIRO_GRID_RECT, side, side, 0, NULL},
        {MEIRO_GRID_POLAR, 1, rings, 0, NULL},
        {MEIRO_GRID_HEX, side, side, 0, NULL},
        {MEIRO_GRID_TRIANGLE, side, side, 0, NULL},
    };
    static const meiro_format formats[] = {MEIRO_FORMAT_SVG, MEIRO_FORMAT_PDF, MEIRO_FORMAT_PNG};
    int failures = 0;
    printf("draw: one A4 page of about %.0f cells (polar %u rings, the others %u x %u), "
           "no solution; the page's writing alone, CPU and peak RSS\n",
           cells, rings, side, side);
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
        double rect[2] = {0, 0};
        for (size_t k = 0; k < sizeof jobs / sizeof *jobs; k++) {
            draw_now = jobs[k];
            draw_now.format = formats[f];
            draw_out[0] = draw_out[1] = -1;
            const char *fname = meiro_format_info(formats[f])->name;
            if (in_child(child_draw, side, fname)) {
                failures++;
                continue;
            }
            if (k == 0) rect[0] = draw_out[0], rect[1] = draw_out[1];
            printf("draw  %-4s %-9s %8.3f s %7.1f MB", fname, meiro_grid_name(jobs[k].grid),
                   draw_out[0], draw_out[1] / 1048576);
            if (k > 0 && rect[0] > 0 && rect[1] > 0) {
                double t = draw_out[0] / rect[0], mem = draw_out[1] / rect[1];
                printf("   %5.2fx rect time, %5.2fx rect memory", t, mem);
                /* issue 25's goal for PNG and PDF: within 2x of the rectangle */
                if (formats[f] != MEIRO_FORMAT_SVG)
                    printf("  (goal 2x: %s)", t <= 2 && mem <= 2 ? "met" : "NOT met");
            }
            printf("\n");
            fflush(stdout);
        }
    }
    return failures;
}

/* razimantv/mazegenerator (C++, its SVG) built in the benchmark's own
 * folder, from a checkout's src/ in MEIRO_RAZIMANTV (or the git mirror
 * the project fetches to /work/.mirror); "" and the reason when there is
 * none. */
static bool razimantv_build(const char *dir, char *why, size_t size)
{
    char cmd[2048], bin[1024];
    snprintf(bin, sizeof bin, "%s/src/mazegen", dir);
    if (access(bin, X_OK) == 0) return true;
    const char *src = getenv("MEIRO_RAZIMANTV");
    const char *mirror = "/work/.mirror/razimantv+mazegenerator/repo";
    struct stat st;
    if (src && *src)
        snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s' && cp -r '%s' '%s/src'", dir, dir,
                 src, dir);
    else if (stat(mirror, &st) == 0)
        snprintf(cmd, sizeof cmd,
                 "rm -rf '%s' && mkdir -p '%s' && git --git-dir='%s' archive HEAD src | "
                 "tar -x -C '%s'",
                 dir, dir, mirror, dir);
    else {
        snprintf(why, size, "no source: set MEIRO_RAZIMANTV to a checkout's src/, or fetch "
                            "github:razimantv/mazegenerator");
        return false;
    }
    if (system(cmd) != 0) {
        snprintf(why, size, "could not copy its source into %s", dir);
        return false;
    }
    snprintf(cmd, sizeof cmd, "make -s -C '%s/src' mazegen > '%s/build.log' 2>&1", dir, dir);
    if (system(cmd) != 0 || access(bin, X_OK) != 0) {
        snprintf(why, size, "its build failed (g++; see %s/build.log)", dir);
        return false;
    }
    return true;
}

/* A whole process's CPU seconds and peak RSS (bytes): argv run with an
 * unlimited stack (razimantv's depth-first search recurses per cell), or
 * with argv NULL the draw job in a forked child. */
static bool process_cost(char *const argv[], const char *dir, double *secs, double *peak)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        struct rlimit unlimited = {RLIM_INFINITY, RLIM_INFINITY};
        setrlimit(RLIMIT_STACK, &unlimited);
        if (!argv) {
            meiro_maze *m = draw_maze(&draw_now);
            meiro_error err;
            _exit(m && meiro_save(m, NULL, draw_now.format, NULL, draw_now.path, &err) ==
                           MEIRO_OK
                      ? 0
                      : 1);
        }
        if (chdir(dir) != 0) _exit(127);
        freopen("/dev/null", "w", stdout);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return false;
    *secs = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
            ru.ru_stime.tv_usec / 1e6;
    *peak = ru.ru_maxrss * 1024.0;
    return true;
}

/* Whole processes, generating and writing an SVG: razimantv's circular
 * 400, honeycomb and triangular mazes against meiro's polar -H 400, and
 * hex and triangle grids of as many cells; ratios of CPU and peak RSS
 * (above 1: meiro is that many times faster, or smaller). */
static void bench_razimantv(const char *bench_path)
{
    char dir[256], why[1024], bin[1024];
    const char *slash = strrchr(bench_path, '/');
    snprintf(dir, sizeof dir, "%.*s/razimantv", slash ? (int)(slash - bench_path) : 1,
             slash ? bench_path : ".");
    if (!razimantv_build(dir, why, sizeof why)) {
        printf("razimantv  skipped: %s\n", why);
        return;
    }
    snprintf(bin, sizeof bin, "%s/src/mazegen", dir);
    if (bin[0] != '/') {
        char cwd[400];
        if (!getcwd(cwd, sizeof cwd)) return;
        snprintf(bin, sizeof bin, "%s/%s/src/mazegen", cwd, dir);
    }
    /* honeycomb s: 3 s (s - 1) + 1 hexagons; triangular s: s (s + 1) / 2 */
    static const struct {
        const char *what, *type, *size;
        meiro_grid grid;
        uint32_t w, h;
    } cases[] = {
        {"circular 400", "3", "400", MEIRO_GRID_POLAR, 1, 400},
        {"honeycomb 400", "2", "400", MEIRO_GRID_HEX, 692, 692},
        {"triangular 980", "6", "980", MEIRO_GRID_TRIANGLE, 980, 491},
    };
    char out[512];
    snprintf(out, sizeof out, "%s/meiro.svg", dir);
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char *argv[] = {bin, "-m", (char *)cases[k].type, "-a", "1", "-s", (char *)cases[k].size,
                        "-o", "maze", NULL};
        double rs, rp, ms, mp;
        if (!process_cost(argv, dir, &rs, &rp)) {
            printf("razimantv  %-15s skipped: it failed or crashed\n", cases[k].what);
            continue;
        }
        draw_now = (draw_job){cases[k].grid, cases[k].w, cases[k].h, MEIRO_FORMAT_SVG, out};
        if (!process_cost(NULL, dir, &ms, &mp)) {
            printf("razimantv  %-15s meiro failed\n", cases[k].what);
            continue;
        }
        printf("razimantv  %-15s svg %7.3f s %7.1f MB; meiro %s %ux%u %7.3f s %7.1f MB: "
               "%5.1fx faster, %5.1fx less memory\n",
               cases[k].what, rs, rp / 1048576, meiro_grid_name(cases[k].grid), cases[k].w,
               cases[k].h, ms, mp / 1048576, rs / ms, rp / mp);
        fflush(stdout);
    }
}

/* A plotter's pen-up travel, from the G-code's own header ("pen-up travel
 * A mm (B mm before ordering)"), for a few mazes: the strokes as merged,
 * then ordered (nearest neighbour and 2-opt, page/plot.c). */
static void bench_plot_travel(void)
{
    static const struct {
        uint32_t w, h;
        meiro_grid grid;
    } mazes[] = {{10, 10, MEIRO_GRID_RECT},
                 {30, 20, MEIRO_GRID_RECT},
                 {60, 80, MEIRO_GRID_RECT},
                 {20, 20, MEIRO_GRID_HEX},
                 {15, 15, MEIRO_GRID_POLAR}};
    for (size_t k = 0; k < sizeof mazes / sizeof mazes[0]; k++) {
        meiro_generate_options opt = {.width = mazes[k].w,
                                      .height = mazes[k].h,
                                      .grid = mazes[k].grid,
                                      .algorithm = "cluster",
                                      .seed = 7};
        meiro_maze *m = meiro_generate(&opt, NULL);
        char *text = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&text, &size);
        meiro_error err;
        double before = 0, after = 0;
        bool ok = m && out && meiro_write(m, NULL, MEIRO_FORMAT_GCODE, NULL, out, &err) == MEIRO_OK;
        if (out) ok = fclose(out) == 0 && ok;
        const char *at = ok ? strstr(text, "pen-up travel ") : NULL;
        if (!at || sscanf(at, "pen-up travel %lf mm (%lf mm before", &after, &before) != 2)
            fprintf(stderr, "bench: plotter travel: no G-code header\n");
        else
            printf("%5ux%-5u  %-13s plotter  pen-up travel %9.1f mm, %9.1f mm before ordering "
                   "(%.0f%%)\n",
                   mazes[k].w, mazes[k].h, meiro_grid_name(mazes[k].grid), after, before,
                   100 * after / before);
        free(text);
        meiro_maze_free(m);
    }
}

int main(int argc, char **argv)
{
    uint32_t sides[8] = {1000, 4000};
    int count = 0;
    const char *only[16];
    int names = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] && strspn(argv[i], "0123456789") == strlen(argv[i])) { /* "1e8": a name */
            if (count < 8) sides[count++] = (uint32_t)atol(argv[i]);
        } else if (names < 16) {
            only[names++] = argv[i];
        }
    }
    if (count == 0) count = 2;
    printf("meiro %s benchmark; solvers run on cluster mazes; seed 1; polar, hex and triangle\n"
           "at about the same cells (polar: side / sqrt(pi) rings), per cell against rect;\n"
           "times are CPU seconds of the measuring process\n",
           meiro_version());
    rect_secs =
        mmap(NULL, sizeof *rect_secs, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (rect_secs == MAP_FAILED) {
        fprintf(stderr, "bench: no shared memory for the timings\n");
        return 1;
    }
    *rect_secs = 0;
    int failures = 0;
    for (int k = 0; k < count; k++) {
        for (size_t gi = 0; gi < meiro_generator_count(); gi++) {
            const char *name = meiro_generator_info(gi)->name;
            if (!wanted(name, only, names)) continue;
            /* random walks that must cover the grid: slow by nature */
            uint32_t cap = strcmp(name, "aldous-broder") == 0 ? 2000
                           : strcmp(name, "wilson") == 0      ? 4000
                                                              : 0;
            if (cap && sides[k] > cap && names == 0) {
                printf("%5ux%-5u  %-13s skipped: a covering random walk, slow by nature\n",
                       sides[k], sides[k], name);
                continue;
            }
            *rect_secs = 0;
            failures += in_child(child_generate, sides[k], name);
            for (unsigned g = MEIRO_GRID_POLAR; g < MEIRO_GRID_COUNT; g++) {
                if (!meiro_generator_supports(gi, (meiro_grid)g)) continue;
                bench_grid = (meiro_grid)g;
                failures += in_child(child_generate_grid, sides[k], name);
            }
        }
        for (size_t s = 0; s < meiro_solver_count(); s++)
            if (wanted(meiro_solver_info(s)->name, only, names))
                failures += in_child(child_solve, sides[k], meiro_solver_info(s)->name);
    }
    bench_exports(only, names);
    if (wanted("draw", only, names)) {
        draw_out = mmap(NULL, 2 * sizeof *draw_out, PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (draw_out == MAP_FAILED) return 1;
        failures += bench_draw_grids(400);
        failures += bench_draw_grids(170); /* cells of 7 pixels: the walls far apart */
        bench_razimantv(argv[0]);
    }
    if (wanted("plotter", only, names)) bench_plot_travel();
    if (wanted("booklet", only, names)) bench_booklet();
    if (wanted("shapes", only, names)) bench_shapes();
    failures += bench_engine(argv[0], only, names);
    if (wanted("startup", only, names)) failures += bench_startup();
    return failures ? 1 : 0;
}
