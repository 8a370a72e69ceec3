/* The meiro command: finds the command and runs it (one file each in
 * src/cli/). Exit status: 0 success, 1 runtime failure, 2 usage error. */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
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
    "  solve      solve a maze read from a text or CSV file\n"
    "  booklet    many mazes in one PDF or workbook, getting harder, with answers\n"
    "  watch      watch a maze being made and solved, in the terminal\n"
    "  stats      measure a maze (size, solution, dead ends, junctions)\n"
    "  list       list algorithms, solvers and formats\n"
    "\n"
    "  meiro COMMAND --help   options of a command\n"
    "  meiro --version        print the version\n";


int main(int argc, char **argv)
{
    opterr = 0;
#ifdef M_ARENA_MAX
    /* One malloc arena: each thread pango starts (font matching) would
     * otherwise reserve a 64 MB arena of its own, which under `ulimit -v`
     * made the fonts fail at random (abort or crash) below about 250 MB;
     * with one arena they need a steady 160 MB or so. meiro itself is
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
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        {"generate", cmd_generate}, {"solve", cmd_solve}, {"booklet", cmd_booklet},
        {"watch", cmd_watch},       {"stats", cmd_stats}, {"list", cmd_list},
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(cmd, commands[i].name) == 0) {
            int rc = commands[i].run(argc - 1, argv + 1);
            if (rc == EXIT_OK && (fflush(stdout) != 0 || ferror(stdout))) {
                fprintf(stderr, "meiro: stdout: write error: %s\n", strerror(errno));
                return EXIT_FAIL;
            }
            return rc;
        }
    }
    return usage_error(NULL, "unknown command '%s'", cmd);
}
