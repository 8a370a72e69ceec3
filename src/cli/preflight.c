/* meiro preflight: a PDF checked against a print service's rules, one line
 * a rule. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage_preflight =
    "Usage: meiro preflight [OPTIONS] FILE.pdf\n"
    "Check a PDF (meiro's or any other) against a print service's rules: page\n"
    "count, page and trim size with the bleed, TrimBox and BleedBox, embedded\n"
    "fonts, line weights, greys, blank pages, annotations, bookmarks, text and\n"
    "ink inside the safe area (the trim less the service's safe margin and the\n"
    "gutter), PDF/X (IngramSpark's, or a file that says it is), metadata,\n"
    "encryption, and actions (JavaScript, Launch, embedded files). One\n"
    "line a rule (ok or FAIL, and what is wrong on which page); exit 0 when\n"
    "every rule passes, 1 when one fails, 2 when the file cannot be read or\n"
    "passes a budget (a stream of more than 64 MB decoded, 128 MB in all).\n"
    "\n"
    "      --print P        kdp, ingram or lulu: that service's rules; home\n"
    "                       (default): the rules every printer shares\n"
    "      --title TEXT     the title the service was given: the file's must be\n"
    "                       the same (with --cover --for BOOK.pdf: the book's)\n"
    "      --cover          FILE is a book's full-wrap cover: one page of the\n"
    "                       service's cover size for the book (with --print and\n"
    "                       --for BOOK.pdf, or --pages N and --paper P)\n"
    "      --for BOOK.pdf   --cover: the book (its page count and trim)\n"
    "      --pages N        --cover: the book's page count\n"
    "      --paper P        --cover: the book's trim (6x9in, a5, ...)\n"
    "      --stock S        --cover: white (default), cream or color paper\n"
    "  -h, --help           show this help\n";

static void print_rule(void *ctx, const char *rule, bool pass, const char *detail)
{
    (void)ctx;
    printf("%-4s %-12s %s\n", pass ? "ok" : "FAIL", rule, detail);
}

int cmd_preflight(int argc, char **argv)
{
    enum { OPT_SERVICE = 1000, O_COVER, O_FOR, O_PAGES, O_PAPER, O_STOCK, O_TITLE };
    static const struct option longopts[] = {
        {"print", required_argument, NULL, OPT_SERVICE},
        {"cover", no_argument, NULL, O_COVER},
        {"for", required_argument, NULL, O_FOR},
        {"pages", required_argument, NULL, O_PAGES},
        {"paper", required_argument, NULL, O_PAPER},
        {"stock", required_argument, NULL, O_STOCK},
        {"title", required_argument, NULL, O_TITLE},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    meiro_print print = MEIRO_PRINT_HOME;
    meiro_error err = {0};
    bool cover = false, papered = false, stocked = false;
    const char *book = NULL, *title = NULL;
    char book_title[400] = "";
    uint64_t pages = 0;
    meiro_stock stock = MEIRO_STOCK_WHITE;
    meiro_paper paper = MEIRO_PAPER_A4;
    double trim_w = 0, trim_h = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SERVICE:
            if (meiro_print_from_name(optarg, &print, &err) != MEIRO_OK)
                return usage_error("preflight", "%s", err.message);
            if (print == MEIRO_PRINT_PLOTTER || print == MEIRO_PRINT_LASER ||
                print == MEIRO_PRINT_TACTILE || print == MEIRO_PRINT_LARGE_PRINT)
                return usage_error("preflight",
                                   "--print %s is a machine's, a tactile sheet's or large print's: "
                                   "preflight checks a PDF for a print service (kdp, ingram, lulu "
                                   "or home)",
                                   optarg);
            break;
        case O_COVER: cover = true; break;
        case O_FOR: book = optarg; break;
        case O_PAGES:
            if (!parse_u64(optarg, 100000, &pages) || pages == 0)
                return usage_error("preflight", "--pages takes the book's page count, not '%s'",
                                   optarg);
            break;
        case O_PAPER:
            papered = true;
            if (meiro_paper_parse(optarg, &paper, &trim_w, &trim_h, &err) != MEIRO_OK)
                return usage_error("preflight", "%s", err.message);
            break;
        case O_STOCK:
            stocked = true;
            if (meiro_stock_from_name(optarg, &stock, &err) != MEIRO_OK)
                return usage_error("preflight", "%s", err.message);
            break;
        case O_TITLE: title = optarg; break;
        case 'h': fputs(usage_preflight, stdout); return EXIT_OK;
        default: return bad_option("preflight", argv, c, longopts);
        }
    }
    if (optind != argc - 1) return usage_error("preflight", "%s", "give one PDF file to check");
    if (!cover && (book || pages || papered || stocked))
        return usage_error("preflight", "%s",
                           "--for, --pages, --paper and --stock describe a cover's book: add "
                           "--cover");
    if (cover && (print == MEIRO_PRINT_HOME || (!book && !pages) || (book && (pages || papered))))
        return usage_error("preflight", "%s",
                           print == MEIRO_PRINT_HOME
                               ? "--cover checks a service's cover: name it with --print"
                               : "--cover needs the book: --for BOOK.pdf, or --pages N (and "
                                 "--paper P)");
    if (cover && !book && !trim_w) meiro_paper_name(paper, &trim_w, &trim_h); /* a named paper */
    if (book) {
        unsigned n = 0;
        if (meiro_pdf_book(book, &n, &trim_w, &trim_h, &err) != MEIRO_OK) {
            report_failure(book, &err);
            return EXIT_USAGE;
        }
        pages = n;
        /* the cover's title is the book's (one meiro made records it) */
        meiro_maze *art = NULL;
        if (!title && meiro_pdf_book_art(book, &art, NULL, book_title, NULL, sizeof book_title,
                                         &err) == MEIRO_OK && book_title[0])
            title = book_title;
        meiro_maze_free(art);
    }
    bool passed = false;
    meiro_status s = meiro_preflight_titled(argv[optind], print, title, cover, stock,
                                            (unsigned)pages, trim_w, trim_h, print_rule, NULL,
                                            &passed, &err);
    if (s == MEIRO_ERROR_ARGUMENT) return usage_error("preflight", "%s", err.message);
    if (s != MEIRO_OK) {
        report_failure(argv[optind], &err);
        return EXIT_USAGE;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) { /* a full disk, a closed pipe */
        fprintf(stderr, "meiro: cannot write the report: %s\n", strerror(errno));
        return EXIT_USAGE;
    }
    return passed ? EXIT_OK : EXIT_FAIL;
}
