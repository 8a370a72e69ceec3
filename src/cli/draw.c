/* meiro draw: a page description (`generate -f page`) drawn as a PDF. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <unistd.h>

static const char *const usage_draw =
    "Usage: meiro draw [OPTIONS] PAGE\n"
    "Draw the pages described in PAGE (what 'meiro generate -f page' writes,\n"
    "doc/page-format.md; '-': standard input) as a PDF, with meiro's own drawing.\n"
    "\n"
    "  -o, --output FILE    write the PDF to FILE ('-': standard output, not a\n"
    "                       terminal)\n"
    "  -h, --help           show this help\n";

int cmd_draw(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL;
    int c;
    while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case 'h': fputs(usage_draw, stdout); return EXIT_OK;
        default: return bad_option("draw", argv, c, longopts);
        }
    }
    if (optind >= argc)
        return usage_error("draw", "%s", N_("missing PAGE (a page description, or '-')"));
    if (optind + 1 < argc)
        return usage_error("draw", N_("unexpected argument '%s'"), argv[optind + 1]);
    if (!output) return usage_error("draw", "%s", N_("missing -o FILE (the PDF)"));
    if (is_stdout(output) && isatty(STDOUT_FILENO))
        return usage_error("draw", "%s",
                           N_("a PDF is not written to a terminal: name a file with -o"));
    meiro_error err = {0};
    if (meiro_page_draw(argv[optind], is_stdout(output) ? "-" : output, &err) != MEIRO_OK)
        return report_failure(argv[optind], &err);
    return EXIT_OK;
}
