/* meiro preflight: a PDF checked against a print service's rules, or a
 * machine's file against the machine's (--print plotter, laser or 3d), one
 * line a rule. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage_preflight =
    "Usage: meiro preflight [OPTIONS] FILE.pdf\n"
    "       meiro preflight --print plotter|laser|3d [OPTIONS] FILE\n"
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
    "                       (default): the rules every printer shares; or a\n"
    "                       machine's file: plotter, laser or 3d (below)\n"
    "      --title TEXT     the title the service was given: the file's must be\n"
    "                       the same (with --cover --for BOOK.pdf: the book's)\n"
    "      --cover          FILE is a book's full-wrap cover: one page of the\n"
    "                       service's cover size for the book (with --print and\n"
    "                       --for BOOK.pdf, or --pages N and --paper P)\n"
    "      --for BOOK.pdf   --cover: the book (its page count and trim)\n"
    "      --pages N        --cover: the book's page count\n"
    "      --paper P        --cover: the book's trim (6x9in, a5, ...)\n"
    "      --stock S        --cover: white (default), cream or color paper\n"
    "      --lang L         the report's and messages' language (ok, FAIL and\n"
    "                       the rules' names in English): en ja es fr de pt\n"
    "                       zh ko ar zh-Hant (default: the locale's)\n"
    "\n"
    "A machine's file meiro wrote (.gcode, .nc, .hpgl, .plt, .dxf, .svg; .stl,\n"
    ".3mf), checked before the machine runs, each fault named at its place in\n"
    "the file's millimetres: --print plotter: strokes closer than the pen;\n"
    "laser: pieces narrower than the kerf or the material allows, pieces that\n"
    "fall out of the sheet (a braided maze's islands); 3d: walls under two\n"
    "nozzles, gaps under one; all: a print past the bed, a ball that sticks.\n"
    "      --pen-width MM   plotter: the pen's line (0.5)\n"
    "      --kerf MM        laser: the beam's width (0.15)\n"
    "      --nozzle MM      3d: the nozzle (0.4)\n"
    "      --wall MM        laser, 3d: the thinnest wall the material keeps (1;\n"
    "                       3d: two nozzles)\n"
    "      --ball MM        laser, 3d: a ball that rolls through (+1 mm clearance)\n"
    "      --bed WxH        the machine's bed in mm (3d: 256x256)\n"
    "  -h, --help           show this help\n";

static void print_rule(void *ctx, const char *rule, bool pass, const char *detail)
{
    (void)ctx;
    char said[1024]; /* the detail in the user's language; the verdict and rule as keys */
    printf("%-4s %-12s %s\n", pass ? "ok" : "FAIL", rule, say(detail, said, sizeof said));
}

/* The report on stdout written (a full disk, a closed pipe: said): its
 * exit code. */
static int report_written(bool passed)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        char reason[256];
        say_line(N_("cannot write the report: %s"), say(strerror(errno), reason, sizeof reason));
        return EXIT_USAGE;
    }
    return passed ? EXIT_OK : EXIT_FAIL;
}

/* "0.3" or "0.3mm", above 0 and up to 2000 mm. */
static bool parse_size(const char *s, double *mm)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end != s && !strcmp(end, "mm")) end += 2;
    if (errno || end == s || *end || !(v > 0 && v <= 2000)) return false;
    *mm = v;
    return true;
}

/* "220x220" or "220x220mm". */
static bool parse_bed(const char *s, double *w, double *h)
{
    char *end;
    errno = 0;
    *w = strtod(s, &end);
    if (errno || end == s || (*end != 'x' && *end != 'X')) return false;
    const char *second = end + 1;
    *h = strtod(second, &end);
    if (end != second && !strcmp(end, "mm")) end += 2;
    return !errno && end != second && !*end && *w > 0 && *w <= 2000 && *h > 0 && *h <= 2000;
}

/* The machine's half of preflight: its options are given, the file one. */
static int preflight_machine(const char *file, meiro_machine machine, const double *sizes,
                             const bool *given)
{
    /* pen-width, kerf, nozzle: one machine's each; wall and ball not a plotter's */
    static const char *const names[] = {"--pen-width", "--kerf", "--nozzle", "--wall", "--ball"};
    for (int i = 0; i < 5; i++) {
        bool fits = i < 3 ? (int)machine == i : machine != MEIRO_MACHINE_PLOTTER;
        if (given[i] && !fits)
            return usage_error("preflight",
                               N_("%s is not for this machine: --pen-width for a "
                                  "plotter, --kerf for a laser, --nozzle for 3d, "
                                  "--wall and --ball for a laser or 3d"),
                               names[i]);
    }
    double tool = sizes[machine], bed_w = sizes[5], bed_h = sizes[6];
    meiro_error err = {0};
    bool passed = false;
    meiro_status s = meiro_preflight_machine(file, machine, tool, sizes[3], sizes[4], bed_w, bed_h,
                                             print_rule, NULL, &passed, &err);
    if (s == MEIRO_ERROR_ARGUMENT) return usage_error("preflight", "%s", err.message);
    if (s != MEIRO_OK) {
        report_failure(file, &err);
        return EXIT_USAGE;
    }
    return report_written(passed);
}

int cmd_preflight(int argc, char **argv)
{
    enum {
        OPT_SERVICE = 1000,
        O_COVER,
        O_FOR,
        O_PAGES,
        O_PAPER,
        O_STOCK,
        O_TITLE,
        O_PEN_WIDTH,
        O_KERF,
        O_NOZZLE,
        O_WALL,
        O_BALL,
        O_BED,
        O_LANG
    };
    static const struct option longopts[] = {
        {"print", required_argument, NULL, OPT_SERVICE},
        {"cover", no_argument, NULL, O_COVER},
        {"for", required_argument, NULL, O_FOR},
        {"pages", required_argument, NULL, O_PAGES},
        {"paper", required_argument, NULL, O_PAPER},
        {"stock", required_argument, NULL, O_STOCK},
        {"title", required_argument, NULL, O_TITLE},
        {"pen-width", required_argument, NULL, O_PEN_WIDTH},
        {"kerf", required_argument, NULL, O_KERF},
        {"nozzle", required_argument, NULL, O_NOZZLE},
        {"wall", required_argument, NULL, O_WALL},
        {"ball", required_argument, NULL, O_BALL},
        {"bed", required_argument, NULL, O_BED},
        {"lang", required_argument, NULL, O_LANG}, /* main read it (say_language) */
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
    /* a machine's: pen-width, kerf, nozzle, wall, ball, the bed's w and h */
    bool machined = false, given[7] = {false};
    meiro_machine machine = MEIRO_MACHINE_PLOTTER;
    double sizes[7] = {0};
    int c;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_SERVICE:
            /* a machine's file, or a PDF for a service */
            if ((machined = meiro_machine_from_name(optarg, &machine, NULL) == MEIRO_OK)) break;
            if (meiro_print_from_name(optarg, &print, &err) != MEIRO_OK) {
                /* the library's message inside: the whole said, its parts translated */
                char message[sizeof err.message + 40];
                snprintf(message, sizeof message, N_("%s (or a machine: plotter, laser or 3d)"),
                         err.message);
                return usage_error("preflight", "%s", message);
            }
            if (print == MEIRO_PRINT_TACTILE || print == MEIRO_PRINT_LARGE_PRINT)
                return usage_error("preflight",
                                   N_("--print %s is a tactile sheet's or large print's: "
                                      "preflight checks a PDF for a print service (kdp, ingram, "
                                      "lulu or home) or a machine's file (plotter, laser or 3d)"),
                                   optarg);
            break;
        case O_PEN_WIDTH:
        case O_KERF:
        case O_NOZZLE:
        case O_WALL:
        case O_BALL:
            if (!parse_size(optarg, &sizes[c - O_PEN_WIDTH]))
                return usage_error("preflight", N_("a size in mm above 0 (0.3 or 0.3mm), not '%s'"),
                                   optarg);
            given[c - O_PEN_WIDTH] = true;
            break;
        case O_BED:
            if (!parse_bed(optarg, &sizes[5], &sizes[6]))
                return usage_error("preflight", N_("--bed is W x H in mm (220x220), not '%s'"),
                                   optarg);
            given[5] = true;
            break;
        case O_COVER: cover = true; break;
        case O_FOR: book = optarg; break;
        case O_PAGES:
            if (!parse_u64(optarg, 100000, &pages) || pages == 0)
                return usage_error("preflight", N_("--pages takes the book's page count, not '%s'"),
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
        case O_LANG:
            if (check_lang("preflight", optarg) != EXIT_OK) return EXIT_USAGE;
            break;
        case 'h': fputs(usage_preflight, stdout); return EXIT_OK;
        default: return bad_option("preflight", argv, c, longopts);
        }
    }
    if (optind != argc - 1)
        return usage_error("preflight", "%s",
                           machined ? N_("give one machine's file to check")
                                    : N_("give one PDF file "
                                         "to check"));
    if (machined && (cover || book || pages || papered || stocked || title))
        return usage_error("preflight", "%s",
                           N_("--cover, --for, --pages, --paper, --stock and --title are a book's: "
                              "not for a machine's file"));
    if (machined) return preflight_machine(argv[optind], machine, sizes, given);
    for (int i = 0; i < 6; i++)
        if (given[i])
            return usage_error("preflight", "%s",
                               N_("--pen-width, --kerf, --nozzle, --wall, --ball and --bed are a "
                                  "machine's: name it with --print plotter, laser or 3d"));
    if (!cover && (book || pages || papered || stocked))
        return usage_error("preflight", "%s",
                           N_("--for, --pages, --paper and --stock describe a cover's book: add "
                              "--cover"));
    if (cover && (print == MEIRO_PRINT_HOME || (!book && !pages) || (book && (pages || papered))))
        return usage_error("preflight", "%s",
                           print == MEIRO_PRINT_HOME
                               ? N_("--cover checks a service's cover: name it with --print")
                               : N_("--cover needs the book: --for BOOK.pdf, or --pages N (and "
                                    "--paper P)"));
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
    return report_written(passed);
}
