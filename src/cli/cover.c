/* meiro cover: a printed book's full-wrap cover (back, spine, front). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage_cover =
    "Usage: meiro cover --print P (--pages N | --for BOOK.pdf) [OPTIONS] -o FILE.pdf\n"
    "A paperback's full-wrap cover: back, spine and front on one PDF page with\n"
    "1/8 in bleed on every side, the spine as wide as N pages of the stock\n"
    "(the service's figures), the title on the front over a maze (with --for,\n"
    "the book's last maze, its hardest) and on the spine where the service\n"
    "prints spine text (KDP and Lulu from 80 pages, IngramSpark from 48), the\n"
    "barcode's corner of the back left clear.\n"
    "\n"
    "      --print P        the print service: kdp, ingram or lulu\n"
    "      --pages N        the book's page count (meiro booklet says it)\n"
    "      --for BOOK.pdf   the page count, trim and front maze read from the\n"
    "                       book itself, made by meiro booklet --print (instead\n"
    "                       of --pages, --paper and --seed)\n"
    "      --paper P        the book's trim: 6x9in, 8.5x11in, a5, ... (default a4)\n"
    "      --stock S        white (default), cream or color paper\n"
    "      --title TEXT     the title (default the book's with --for, else \"Mazes\")\n"
    "      --subtitle TEXT  a line under it on the front (default the book's with\n"
    "                       --for: a series' \"Volume N\")\n"
    "      --author NAME    under the maze on the front, at the spine's foot\n"
    "      --blurb TEXT     the back's words, above the barcode's corner (a\n"
    "                       newline starts a paragraph: --blurb \"$(cat back.txt)\")\n"
    "      --background C   the cover's colour, #rrggbb (default white); the words\n"
    "                       white on a dark one, the maze on a white panel\n"
    "      --volume N       \"Vol. N\" at the spine's head (on the front where the\n"
    "                       spine has no words); default with --for: the\n"
    "                       book's series volume\n"
    "      --lang LANG      the book's language (its default title; ar: read from\n"
    "                       the right, the front left of the spine, as the book\n"
    "                       made with --lang ar is bound; give it with --for too)\n"
    "      --pdfx[=X]       kdp, lulu: the cover in PDF/X-1a:2001 (CMYK, made by\n"
    "                       Ghostscript); ingram's always is. --pdfx=x4:\n"
    "                       PDF/X-4 instead (ingram, lulu)\n"
    "  -s, --seed N         without --for: the front's maze (default 1)\n"
    "  -f, --format F       pdf (default), or page: the cover's page as data\n"
    "                       (JSON, doc/page-format.md; a FILE.page is too)\n"
    "  -o, --output FILE    the PDF (or the page) to write (required)\n"
    "  -h, --help           show this help\n";

int cmd_cover(int argc, char **argv)
{
    enum {
        O_PRINT = 1000,
        O_PAGES,
        O_PAPER,
        O_STOCK,
        O_TITLE,
        O_SUBTITLE,
        O_FOR,
        O_PDFX,
        O_AUTHOR,
        O_BLURB,
        O_BACKGROUND,
        O_VOLUME,
        O_LANG
    };
    static const struct option longopts[] = {
        {"print", required_argument, NULL, O_PRINT},
        {"pages", required_argument, NULL, O_PAGES},
        {"for", required_argument, NULL, O_FOR},
        {"paper", required_argument, NULL, O_PAPER},
        {"stock", required_argument, NULL, O_STOCK},
        {"title", required_argument, NULL, O_TITLE},
        {"subtitle", required_argument, NULL, O_SUBTITLE},
        {"pdfx", optional_argument, NULL, O_PDFX},
        {"author", required_argument, NULL, O_AUTHOR},
        {"blurb", required_argument, NULL, O_BLURB},
        {"background", required_argument, NULL, O_BACKGROUND},
        {"volume", required_argument, NULL, O_VOLUME},
        {"lang", required_argument, NULL, O_LANG},
        {"seed", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    meiro_export_options page;
    meiro_export_options_init(&page);
    meiro_cover_options cover;
    meiro_cover_options_init(&cover);
    meiro_print print = MEIRO_PRINT_NONE;
    meiro_stock stock = MEIRO_STOCK_WHITE;
    uint64_t pages = 0, seed = 1, volume = 0;
    const char *output = NULL, *book = NULL, *fmt = NULL;
    bool papered = false, seeded = false;
    meiro_error err = {0};
    int c;
    while ((c = getopt_long(argc, argv, ":s:f:o:h", longopts, NULL)) != -1) {
        switch (c) {
        case O_PRINT:
            if (meiro_print_from_name(optarg, &print, &err) != MEIRO_OK)
                return usage_error("cover", "%s", err.message);
            break;
        case O_PAGES:
            if (!parse_u64(optarg, 100000, &pages) || pages == 0)
                return usage_error("cover", N_("--pages takes the book's page count, not '%s'"),
                                   optarg);
            break;
        case O_FOR: book = optarg; break;
        case O_PAPER:
            papered = true;
            if (meiro_paper_parse(optarg, &page.paper, &page.paper_w_mm, &page.paper_h_mm, &err) !=
                MEIRO_OK)
                return usage_error("cover", "%s", err.message);
            break;
        case O_STOCK:
            if (meiro_stock_from_name(optarg, &stock, &err) != MEIRO_OK)
                return usage_error("cover", "%s", err.message);
            break;
        case O_TITLE: page.title = optarg; break;
        case O_LANG:
            if (check_lang("cover", optarg) != EXIT_OK) return EXIT_USAGE;
            page.lang = optarg;
            break;
        case O_SUBTITLE: page.subtitle = optarg; break;
        case O_AUTHOR: cover.author = optarg; break;
        case O_BLURB: cover.blurb = optarg; break;
        case O_BACKGROUND: cover.background = optarg; break; /* the library reads it */
        case O_VOLUME:
            if (!parse_u64(optarg, 99999, &volume) || volume == 0)
                return usage_error(
                    "cover", N_("--volume takes the series' volume, 1 and up, not '%s'"), optarg);
            break;
        case O_PDFX:
            if (optarg && strcmp(optarg, "x1a") != 0 && strcmp(optarg, "x4") != 0)
                return usage_error(
                    "cover", N_("--pdfx is x1a (PDF/X-1a:2001) or x4 (PDF/X-4), not '%s'"), optarg);
            page.pdfx = true;
            page.pdfx4 = optarg && !strcmp(optarg, "x4");
            break;
        case 's':
            if (!parse_u64(optarg, UINT64_MAX, &seed))
                return usage_error("cover", N_("--seed takes a whole number, not '%s'"), optarg);
            seeded = true;
            break;
        case 'f': fmt = optarg; break;
        case 'o': output = optarg; break;
        case 'h': fputs(usage_cover, stdout); return EXIT_OK;
        default: return bad_option("cover", argv, c, longopts);
        }
    }
    if (optind < argc) return usage_error("cover", N_("unexpected argument '%s'"), argv[optind]);
    if (print == MEIRO_PRINT_NONE)
        return usage_error("cover", "%s", N_("--print names the service (kdp, ingram or lulu)"));
    if (book && (pages || papered || seeded))
        return usage_error("cover", "%s",
                           N_("--for reads the page count, trim and maze from the book: leave "
                              "--pages, --paper and --seed out"));
    if (!pages && !book)
        return usage_error("cover", "%s",
                           N_("--pages (or --for BOOK.pdf) gives the book's page count"));
    if (!output) return usage_error("cover", "%s", N_("-o names the PDF to write"));
    /* a .page file is the description; any other name the PDF, as ever
     * (another format asked is the library's to refuse) */
    meiro_format format = MEIRO_FORMAT_PDF;
    if (fmt && meiro_format_from_name(fmt, &format, &err) != MEIRO_OK)
        return usage_error("cover", "%s", err.message);
    if (!fmt && (meiro_format_from_filename(output, MEIRO_FORMAT_PDF, &format, &err) != MEIRO_OK ||
                 format != MEIRO_FORMAT_PAGE))
        format = MEIRO_FORMAT_PDF;
    if (fmt) warn_name_format(format, output);
    const input_file inputs[] = {{N_("the --for book"), book}};
    int rc = check_not_inputs("cover", output, NULL, inputs, 1);
    if (rc != EXIT_OK) return rc;
    meiro_maze *art = NULL;
    char title[400] = "", subtitle[400] = ""; /* the book's, for the cover */
    if (book) {
        unsigned n = 0, which = 0;
        if (meiro_pdf_book(book, &n, &page.paper_w_mm, &page.paper_h_mm, &err) != MEIRO_OK)
            return report_failure(book, &err);
        pages = n;
        /* the front's maze: the one the book recorded (its last) */
        if (meiro_pdf_book_art(book, &art, &which, title, subtitle, sizeof title, &err) !=
            MEIRO_OK) {
            if (err.status == MEIRO_ERROR_ARGUMENT) return usage_error("cover", "%s", err.message);
            return report_failure(book, &err);
        }
        /* the book's words unless given: a service matches cover and book */
        if (!page.title && title[0]) page.title = title;
        if (!page.subtitle && subtitle[0]) page.subtitle = subtitle;
        unsigned recorded = 0;
        if (!volume && meiro_pdf_book_volume(book, &recorded, &err) != MEIRO_OK) {
            meiro_maze_free(art);
            return report_failure(book, &err);
        }
        if (!volume) volume = recorded;
        say_line(N_("the front's maze is maze %u of %s (fingerprint %016llx)"), which, book,
                 (unsigned long long)meiro_maze_fingerprint(art));
    }
    cover.print = print;
    cover.stock = stock;
    cover.pages = (unsigned)pages;
    cover.art = art;
    cover.seed = seed;
    cover.volume = (unsigned)volume;
    meiro_status s = meiro_cover_save_as(&cover, &page, format, output, &err);
    meiro_maze_free(art);
    if (s != MEIRO_OK) {
        if (err.status == MEIRO_ERROR_ARGUMENT) return usage_error("cover", "%s", err.message);
        return report_failure(output, &err);
    }
    return EXIT_OK;
}
