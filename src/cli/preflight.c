/* meiro preflight: a PDF checked against a print service's rules, one line
 * a rule. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const usage_preflight =
    "Usage: meiro preflight [OPTIONS] FILE.pdf\n"
    "Check a PDF (meiro's or any other) against a print service's rules: page\n"
    "count, page and trim size with the bleed, TrimBox and BleedBox, embedded\n"
    "fonts, line weights, greys, blank pages, annotations and bookmarks. One\n"
    "line a rule (ok or FAIL, and what is wrong on which page); exit 0 when\n"
    "every rule passes, 1 when one fails, 2 when the file cannot be read.\n"
    "\n"
    "      --print P        kdp, ingram or lulu: that service's rules; home\n"
    "                       (default): the rules every printer shares\n"
    "  -h, --help           show this help\n";

static void print_rule(void *ctx, const char *rule, bool pass, const char *detail)
{
    (void)ctx;
    printf("%-4s %-12s %s\n", pass ? "ok" : "FAIL", rule, detail);
}

int cmd_preflight(int argc, char **argv)
{
    enum { OPT_SERVICE = 1000 };
    static const struct option longopts[] = {
        {"print", required_argument, NULL, OPT_SERVICE},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    meiro_print print = MEIRO_PRINT_HOME;
    meiro_error err = {0};
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SERVICE:
            if (meiro_print_from_name(optarg, &print, &err) != MEIRO_OK)
                return usage_error("preflight", "%s", err.message);
            break;
        case 'h': fputs(usage_preflight, stdout); return EXIT_OK;
        default: return bad_option("preflight", argv, c, longopts);
        }
    }
    if (optind != argc - 1) return usage_error("preflight", "%s", "give one PDF file to check");
    bool passed = false;
    if (meiro_preflight(argv[optind], print, print_rule, NULL, &passed, &err) != MEIRO_OK) {
        report_failure(argv[optind], &err);
        return EXIT_USAGE;
    }
    if (fflush(stdout) != 0) return EXIT_USAGE;
    return passed ? EXIT_OK : EXIT_FAIL;
}
