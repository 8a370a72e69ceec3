/* The meiro command: finds the command and runs it (one file each in
 * src/cli/). Exit status: 0 success, 1 runtime failure, 2 usage error or
 * a size past a limit; a
 * signal that ends it (Ctrl-C, SIGTERM, a reader of its output gone, a
 * limit of processor time, an alarm, SIGUSR1...) ends it by that signal,
 * after removing the temporary files of its saves. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <string.h>

static const char *const usage_main =
    "Usage: meiro COMMAND [OPTIONS]\n"
    "Generate, solve and export mazes.\n"
    "\n"
    "Commands:\n"
    "  generate   make a new maze\n"
    "  solve      solve a maze read from a text, CSV or JSON file\n"
    "  booklet    many mazes in one PDF or workbook, getting harder, with answers\n"
    "  watch      watch a maze being made and solved, in the terminal\n"
    "  stats      measure a maze (size, solution, dead ends, junctions)\n"
    "  draw       draw a page description (generate -f page) as a PDF\n"
    "  cover      a printed book's full-wrap cover (back, spine, front) for KDP\n"
    "  preflight  check a PDF against a print service's rules (KDP, IngramSpark, Lulu)\n"
    "  list       list algorithms, solvers and formats\n"
    "  serve      the maze studio in a browser: meiro serve --open\n"
    "\n"
    "  meiro COMMAND --help   options of a command\n"
    "  meiro --version        print the version\n";


/* Removes the half-written temporary files, then dies of the signal, so
 * the shell sees 130 (Ctrl-C), 143 (SIGTERM) or 141 (a closed pipe, quietly
 * as `yes | head` does). SA_RESETHAND has put the default action back; the
 * raised signal arrives when the handler returns. */
static void remove_temp_files_and_die(int sig)
{
    meiro_remove_temp_files();
    raise(sig);
}

static void handle_signals(void)
{
    /* every signal whose default ends the process, but the faults the
     * sanitizers report (SIGSEGV, SIGBUS, SIGFPE, SIGILL) */
    static const int fatal[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,   SIGPIPE, SIGABRT, SIGXCPU,
                                SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGTRAP, SIGSYS};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction sa = {0}, old;
        sigemptyset(&sa.sa_mask);
        sa.sa_handler = remove_temp_files_and_die;
        sa.sa_flags = SA_RESETHAND;
        /* a signal ignored by whoever started us (nohup, `&`) stays ignored,
         * except SIGPIPE: a closed pipe ends meiro quietly, not with errors */
        if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN &&
            fatal[i] != SIGPIPE)
            continue;
        sigaction(fatal[i], &sa, NULL);
    }
    /* past a file size limit (ulimit -f), write() fails with EFBIG: the
     * save then fails cleanly, its temporary file removed, with a message */
    signal(SIGXFSZ, SIG_IGN);
}

/* Like coreutils' close_stdout: what could not be written to standard
 * output (closed, full disk) is a failure, reported once. (stdout stays
 * open: watch's exit handler still writes to it.) */
static int close_stdout(int rc)
{
    errno = 0;
    bool failed = fflush(stdout) != 0;
    int e = errno;
    failed = ferror(stdout) || failed;
    if (!failed || rc != EXIT_OK) return rc;
    char reason[256];
    if (e) say_line(N_("write error: %s"), say(strerror(e), reason, sizeof reason));
    else say_line("%s", say_format(N_("write error")));
    return EXIT_FAIL;
}

/* The commands, with the option tables of those that pass options to the
 * library (command_options: its errors name their options from these). */
static const struct {
    const char *name;
    int (*run)(int, char **);
    const struct option *options;
} commands[] = {
    {"generate", cmd_generate, generate_options},
    {"solve", cmd_solve, solve_options},
    {"booklet", cmd_booklet, booklet_options},
    {"watch", cmd_watch, watch_options},
    {"stats", cmd_stats, NULL},
    {"draw", cmd_draw, NULL},
    {"preflight", cmd_preflight, NULL},
    {"cover", cmd_cover, NULL},
    {"list", cmd_list, NULL},
    {"serve", cmd_serve, NULL},
};

const struct option *command_options(const char *command)
{
    for (size_t i = 0; command && i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(command, commands[i].name) == 0) return commands[i].options;
    return NULL;
}

static int run(int argc, char **argv)
{
    opterr = 0;
#ifdef M_ARENA_MAX
    /* One malloc arena: each thread pango starts (font matching) would
     * otherwise reserve a 64 MB arena of its own, which under `ulimit -v`
     * made the fonts fail at random (abort or crash) below about 250 MB;
     * with one arena they need a steady 170 MB or so. meiro itself is
     * single-threaded. */
    mallopt(M_ARENA_MAX, 1);
#endif
    if (argc < 2) {
        fputs(usage_main, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_main, stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("meiro %s\n", meiro_version());
        return EXIT_OK;
    }
    if (strcmp(cmd, "serve") != 0) say_language(argc, argv);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(cmd, commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    }
    char hint[64], msg[200];
    meiro_name_hint(cmd, "generate solve booklet watch stats draw list serve", hint, sizeof hint);
    snprintf(msg, sizeof msg, N_("unknown command '%s'%s"), cmd, hint);
    return usage_error(NULL, "%s", msg);
}

int main(int argc, char **argv)
{
    handle_signals();
    return close_stdout(run(argc, argv));
}
