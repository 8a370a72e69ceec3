/* meiro booklet: many mazes in one PDF, workbook or HTML page, with a
 * progress bar. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const usage_booklet =
    "Usage: meiro booklet [OPTIONS] -o FILE\n"
    "Many mazes in one PDF (or XLSX, or an HTML page to play): rising in size\n"
    "or difficulty from the first page to the last, with page numbers and the\n"
    "answers (where the template puts them, or --answers).\n"
    "\n"
    "  -n, --count N        mazes (default 10)\n"
    "      --difficulty L   levels from the first maze to the last: easy, normal,\n"
    "                       hard, expert, or a range like easy-hard (default)\n"
    "      --from WxH       sizes rising evenly from WxH (the first maze) ...\n"
    "      --to WxH         ... to WxH (the last); instead of --difficulty\n"
    "  -a, --algorithm A    generator for every maze (default: the level's, or\n"
    "                       cluster with --from/--to)\n"
    "      --shape LIST     mazes inside shapes, taken in turn: heart or\n"
    "                       heart,star,cat (see 'meiro list'), or SVG/PNG files\n"
    "      --grid G[,G...]  rect, polar, hex or triangle, or a mix taken in\n"
    "                       turn (pdf only); sizes as a rectangle's: a polar\n"
    "                       maze gets as many cells in rings, G in the centre\n"
    "      --kinds K[,K...] kinds of maze taken in turn: plain, weave (passages\n"
    "                       over and under; a level whose generator cannot\n"
    "                       weave takes cluster), keys (keys and doors),\n"
    "                       collect (items in order), one-way (arrows), more\n"
    "                       as the level rises, levels (two floors; pdf or\n"
    "                       html) (rect), choices=N (the way with exactly N\n"
    "                       decision points); hard:keys: the hard mazes' kind\n"
    "      --choices N      every maze's way with exactly N decision points, every\n"
    "                       wrong turn a dead end (--kinds choices=N); up to one\n"
    "                       for each 8 cells of the smallest maze\n"
    "  -s, --seed N         the booklet's seed (default: from the clock); each\n"
    "                       maze's own seed (over it, or in BOOK.remake.txt) from it\n";
/* apart: one string would pass the 4095 bytes C compilers must take */
static const char *const usage_booklet_class =
    "      --copies N       a class set: N different versions of the booklet, one\n"
    "                       after another, each labelled (Version A, B, ...) with\n"
    "                       its seed; their answers go to NAME-answer.pdf (with\n"
    "                       --answers, or -o -: after every version's sheets),\n"
    "                       several a page, each labelled with its version\n"
    "      --names FILE     a class set of one version a pupil: the names in FILE,\n"
    "                       one a line (a spreadsheet's rows: the first column),\n"
    "                       written on the name line and labelling each version\n"
    "      --same-mazes     with --names: every pupil the same mazes, their own\n"
    "                       name on the sheet, and one key for all\n"
    "      --cover          a cover page (default: as the template says)\n"
    "      --no-cover       no cover page\n"
    "      --key-per-page N solved mazes on an answer-key page: 1, 2, 4, 6 or 9\n"
    "                       (default: the template's)\n"
    "      --contents       a contents page (default: the template's, else for\n"
    "      --no-contents    over 20 mazes of one a page)\n";
static const char *const usage_booklet_fold =
    "      --fold[=sheets]  pdf: two pages a sheet, in booklet order: print on both\n"
    "                       sides (flip on the short edge), fold, staple; A5 pages\n"
    "                       on A4 sheets (B6 on B5, A6 on A5, ...); --paper letter:\n"
    "                       half-letter pages on Letter sheets; padded with\n"
    "                       notes pages and a back cover to a multiple of 4 pages\n"
    "      --fold=pages     the same pages in reading order, one a page (for a\n"
    "                       print shop that imposes them itself), padded to an\n"
    "                       even count (with --signature N: to 4 x N pages)\n"
    "      --sheet S        --fold: the sheet, a4, letter, ... (default: twice\n"
    "                       the page; Letter for --paper letter), the pages\n"
    "                       centred, scaled down to fit\n"
    "      --signature N    --fold: N sheets folded together, the booklet of\n"
    "                       such signatures in a stack (default: one up to 10\n"
    "                       sheets, else 8 each)\n"
    "      --creep MM       --fold: inner sheets' pages moved MM a sheet toward\n"
    "                       the spine (the paper's thickness, about 0.1)\n"
    "      --series LEDGER  a volume of a series: no maze the ledger file has\n"
    "                       (turned or mirrored either) is made again, the\n"
    "                       ledger gets this volume's; \"Volume N\" under the title\n"
    "      --pdfx[=X]       with --print kdp or lulu: the book in PDF/X-1a:2001\n"
    "                       (greyscale, made by Ghostscript); --print ingram's\n"
    "                       always is. --pdfx=x4: PDF/X-4 instead (ingram,\n"
    "                       lulu; KDP asks for no metadata: not its XMP)\n";
static const char *const usage_booklet_output =
    "      --workings       meiro's name, the seeds and the command that makes the\n"
    "                       booklet again on its pages: a --print kdp, ingram\n"
    "                       or lulu book leaves them out (page numbers stay)\n"
    "                       and writes them to BOOK.remake.txt beside it\n"
    "      --no-workings    leave them out of any booklet, into that file\n"
    "  -f, --format F       pdf, xlsx or html (default: from the file's extension)\n"
    "  -o, --output FILE    the booklet to write\n"
    "      --rule R         a class set of rule mazes (its own options: 'meiro\n"
    "                       booklet --rule R --help')\n"
    "  -h, --help           show this help\n"
    "\n"
    "Levels: easy (ages 4-5), normal (6-8), hard (9-12), expert (adults); see\n"
    "'meiro list'.\n"
    "\n"
    "--print tactile: a PDF of swell-paper sheets, its braille contents first (a\n"
    "line a maze, its number and page), one maze a sheet headed by its number,\n"
    "sizes rising from 3x3 to the largest a sheet holds (or --from/--to), page\n"
    "numbers in braille and print; the answers a print key at the end for the\n"
    "teacher (--answers key, the default) or none.\n"
    "--print large-print: a PDF of pages with no text under 18 pt (each maze\n"
    "and page numbered, no seeds), sizes rising to the largest whose cells keep\n"
    "12 mm (or --from/--to).\n";
/* apart: one string would pass the 4095 bytes C compilers must take */
static const char *const usage_booklet_page = PAGE_HELP;

/* WxH, e.g. 12x16. */
static bool parse_size(const char *s, uint32_t *w, uint32_t *h)
{
    const char *x = strpbrk(s, "xX");
    if (!x) return false;
    char left[24];
    size_t n = (size_t)(x - s);
    if (n == 0 || n >= sizeof left) return false;
    memcpy(left, s, n);
    left[n] = 0;
    uint64_t a, b;
    if (!parse_u64(left, MEIRO_MAX_SIDE, &a) || !parse_u64(x + 1, MEIRO_MAX_SIDE, &b) || !a || !b)
        return false;
    *w = (uint32_t)a;
    *h = (uint32_t)b;
    return true;
}

/* "polar", or a mix "polar,hex": a bit 1 << meiro_grid each. */
static bool parse_grids(const char *s, unsigned *grids)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", s);
    *grids = 0;
    for (char *save = NULL, *name = strtok_r(buf, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        meiro_grid g;
        if (meiro_grid_from_name(name, &g, NULL) != MEIRO_OK) return false;
        *grids |= 1u << g;
    }
    return *grids != 0;
}

/* "hard", or a range "easy-hard" (also with "..", "," or ":"). */
static bool parse_levels(const char *s, meiro_level *from, meiro_level *to)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", s);
    char *sep = strpbrk(buf, "-,:.");
    char *second = NULL;
    if (sep) {
        second = sep + 1;
        while (*second == '.') second++;
        *sep = 0;
    }
    if (meiro_level_from_name(buf, from, NULL) != MEIRO_OK) return false;
    if (meiro_level_from_name(second ? second : buf, to, NULL) != MEIRO_OK) return false;
    return *to >= *from;
}

/* A name and its line in the names file, for warn_duplicates. */
typedef struct named_line {
    const char *name;
    unsigned long line;
} named_line;

static int by_name(const void *a, const void *b)
{
    const named_line *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* Names written twice (two pupils of one name, or a line pasted twice):
 * one warning line naming each and its lines, sorted so the pass is not
 * quadratic. Out of memory: no warning (the names are still good). */
static void warn_duplicates(const char *file, const char *const *names, const unsigned long *lines,
                            unsigned count)
{
    named_line *v = malloc((size_t)count * sizeof *v);
    if (!v) return;
    for (unsigned i = 0; i < count; i++) v[i] = (named_line){names[i], lines[i]};
    qsort(v, count, sizeof *v, by_name);
    char msg[400] = "";
    size_t len = 0;
    unsigned twice = 0;
    for (unsigned i = 0, j; i < count; i = j) {
        for (j = i + 1; j < count && !strcmp(v[j].name, v[i].name);) j++;
        if (j - i < 2) continue;
        if (twice++ < 4 && len < sizeof msg) { /* 'Hana' (3, 7): no words to translate */
            len += (size_t)snprintf(msg + len, sizeof msg - len, "%s'%s' (", twice > 1 ? ", " : "",
                                    v[i].name);
            for (unsigned k = i; k < j && len < sizeof msg; k++)
                len += (size_t)snprintf(msg + len, sizeof msg - len, "%s%lu", k > i ? ", " : "",
                                        v[k].line);
            if (len < sizeof msg) len += (size_t)snprintf(msg + len, sizeof msg - len, ")");
        }
    }
    if (twice > 4 && len < sizeof msg) snprintf(msg + len, sizeof msg - len, ", …");
    if (twice)
        say_warning(N_("%s: names written more than once (on these lines): %s: a copy for each"),
                    file, msg);
    free(v);
}

/* The pupils' names: one a line of FILE (blank lines skipped, spaces
 * around a name trimmed; a line with tabs, pasted from a spreadsheet, its
 * first column; a byte order mark, as spreadsheets save, skipped), into
 * *names (NULL-terminated, pointing into *text; free both). A usage error
 * names the file and line; names written twice are warned of. */
enum { NAMES_MAX = 1000, NAME_MAX_BYTES = 60 };
int read_names(const char *file, char **text, const char ***names, unsigned *count)
{
    meiro_error err = {0};
    FILE *f = fopen(file, "rb");
    if (!f) {
        snprintf(err.message, sizeof err.message, "cannot open: %s", strerror(errno));
        return report_failure(file, &err);
    }
    size_t cap = 4096, n = 0;
    *text = malloc(cap);
    for (size_t got; *text && (got = fread(*text + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *more = cap < ((size_t)NAMES_MAX + 1) * 256 ? realloc(*text, cap *= 2) : NULL;
            if (!more) {
                fclose(f);
                return usage_error("booklet", N_("--names: '%s' is too long for a class's names"),
                                   file);
            }
            *text = more;
        }
    }
    bool failed = ferror(f);
    fclose(f);
    if (!*text) return report_failure(file, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
    if (failed)
        return report_failure(
            file, &(meiro_error){.status = MEIRO_ERROR_IO, .message = "cannot read the file"});
    (*text)[n] = 0;
    *names = calloc(NAMES_MAX + 1, sizeof **names);
    unsigned long *lines = malloc(NAMES_MAX * sizeof *lines);
    if (!*names || !lines) {
        free(lines);
        return report_failure(file, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
    }
    *count = 0;
    unsigned long line = 0;
    char *start = *text + (strncmp(*text, "\xEF\xBB\xBF", 3) ? 0 : 3);
    for (char *p = start, *next; p && *p; p = next) {
        line++;
        next = strchr(p, '\n');
        if (next) *next++ = 0;
        while (*p == ' ' || *p == '\t') p++;
        p[strcspn(p, "\t")] = 0; /* the first column */
        size_t len = strlen(p);
        while (len > 0 && strchr(" \t\r", p[len - 1])) p[--len] = 0;
        if (!len) continue;
        const char *bad = len > NAME_MAX_BYTES  ? "a name is at most 60 bytes"
                          : *count == NAMES_MAX ? "a class set has at most 1000 names"
                                                : NULL;
        if (bad) {
            meiro_error e = {.status = MEIRO_ERROR_PARSE,
                             .line = line,
                             .column = len > NAME_MAX_BYTES ? NAME_MAX_BYTES + 1 : 1};
            snprintf(e.message, sizeof e.message, "%s", bad);
            free(lines);
            return report_failure(file, &e);
        }
        lines[*count] = line;
        (*names)[(*count)++] = p;
    }
    if (*count > 1) warn_duplicates(file, *names, lines, *count);
    free(lines);
    if (*count == 0)
        return report_failure(file,
                              &(meiro_error){.status = MEIRO_ERROR_PARSE,
                                             .message = N_("no names in the file (one a line)")});
    return EXIT_OK;
}

/* A progress bar on stderr, only on a terminal and once it takes a moment. */
typedef struct progress {
    struct timespec start;
    bool shown;
    unsigned percent; /* redraw only when it changes */
} progress;

static void show_progress(void *ctx, unsigned done, unsigned total)
{
    progress *p = ctx;
    if (!isatty(STDERR_FILENO)) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed =
        (double)(now.tv_sec - p->start.tv_sec) + (now.tv_nsec - p->start.tv_nsec) / 1e9;
    if (!p->shown && (elapsed < 0.4 || done == total)) return;
    unsigned share = total ? done * 100 / total : 100;
    if (p->shown && share == p->percent) return;
    p->percent = share;
    char bar[31];
    unsigned fill = total ? done * 30 / total : 30;
    for (unsigned k = 0; k < 30; k++) bar[k] = k < fill ? '#' : '.';
    bar[30] = 0;
    fprintf(stderr, "\rmeiro: booklet [%s] %3u%%", bar, share);
    if (done == total) fputc('\n', stderr);
    p->shown = true;
}

/* booklet's options as read. */
typedef struct booklet_args {
    meiro_booklet_options b;
    page_cli pc;
    const char *fmt, *output, *names_file, *series;
    char choices_kind[24]; /* --choices N: the kind every maze takes, choices=N */
    bool seeded, sized, levelled, help;
} booklet_args;

/* The parser's table, which the remaking command reads the options with. */
static const char booklet_shortopts[] = ":n:a:s:f:o:t:h";
const struct option booklet_options[] = {
    {"count", required_argument, NULL, 'n'},
    {"difficulty", required_argument, NULL, OPT_DIFFICULTY},
    {"from", required_argument, NULL, OPT_FROM},
    {"to", required_argument, NULL, OPT_TO},
    {"algorithm", required_argument, NULL, 'a'},
    {"seed", required_argument, NULL, 's'},
    {"grid", required_argument, NULL, OPT_GRIDS},
    {"cover", no_argument, NULL, OPT_COVER},
    {"no-cover", no_argument, NULL, OPT_NO_COVER},
    {"fold", optional_argument, NULL, OPT_FOLD},
    {"shape", required_argument, NULL, OPT_SHAPE},
    {"kinds", required_argument, NULL, OPT_KINDS},
    {"choices", required_argument, NULL, OPT_CHOICES},
    {"copies", required_argument, NULL, OPT_COPIES},
    {"names", required_argument, NULL, OPT_NAMES},
    {"same-mazes", no_argument, NULL, OPT_SAME_MAZES},
    {"contents", no_argument, NULL, OPT_CONTENTS},
    {"no-contents", no_argument, NULL, OPT_NO_CONTENTS},
    {"sheet", required_argument, NULL, OPT_SHEET},
    {"signature", required_argument, NULL, OPT_SIGNATURE},
    {"creep", required_argument, NULL, OPT_CREEP},
    {"key-per-page", required_argument, NULL, OPT_KEY_PER_PAGE},
    {"series", required_argument, NULL, OPT_SERIES},
    {"pdfx", optional_argument, NULL, OPT_PDFX},
    {"workings", no_argument, NULL, OPT_WORKINGS},
    {"no-workings", no_argument, NULL, OPT_NO_WORKINGS},
    {"format", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    PAGE_LONGOPTS,
    {NULL, 0, NULL, 0},
};

/* --fold and what goes with it: the sheet, signatures, creep. */
static int fold_option(meiro_booklet_options *b, int c)
{
    uint64_t v;
    meiro_paper sheet;
    meiro_error e = {0};
    char *end;
    switch (c) {
    case OPT_FOLD:
        if (!optarg || !strcmp(optarg, "sheets")) b->fold = MEIRO_FOLD_SHEETS;
        else if (!strcmp(optarg, "pages")) b->fold = MEIRO_FOLD_PAGES;
        else
            return usage_error(
                "booklet", N_("--fold is --fold, --fold=sheets or --fold=pages, not '%s'"), optarg);
        return EXIT_OK;
    case OPT_SHEET:
        if (meiro_paper_from_name(optarg, &sheet, &e) != MEIRO_OK)
            return usage_error("booklet", "%s", e.message);
        b->sheet = (int)sheet;
        return EXIT_OK;
    case OPT_SIGNATURE:
        if (!parse_u64(optarg, 50, &v) || v == 0)
            return usage_error("booklet", N_("--signature takes 1 to 50 sheets, not '%s'"), optarg);
        b->signature = (unsigned)v;
        return EXIT_OK;
    default: /* OPT_CREEP */
        b->creep_mm = strtod(optarg, &end);
        if (*end || end == optarg || !(b->creep_mm >= 0 && b->creep_mm <= 2))
            return usage_error(
                "booklet",
                N_("--creep takes 0 to 2 mm a sheet (the paper's thickness, about 0.1), "
                   "not '%s'"),
                optarg);
        return EXIT_OK;
    }
}

static int kinds_and_choices(void)
{
    return usage_error(
        "booklet", "%s",
        N_("--choices N makes every maze choices=N: with --kinds, name it among them "
           "(--kinds plain,choices=3)"));
}

/* What the booklet holds: how many mazes, rising how, of which kinds. */
static int content_option(booklet_args *a, int c, char **argv)
{
    meiro_booklet_options *b = &a->b;
    uint64_t v;
    switch (c) {
    case 'n':
        if (!parse_u64(optarg, 10000, &v) || v == 0)
            return usage_error(
                "booklet", N_("--count must be a whole number from 1 to 10000, not '%s'"), optarg);
        b->count = (unsigned)v;
        return EXIT_OK;
    case OPT_DIFFICULTY:
        if (!parse_levels(optarg, &b->from_level, &b->to_level))
            return usage_error("booklet",
                               N_("--difficulty is easy, normal, hard or expert, or a rising "
                                  "range like easy-hard, not '%s'"),
                               optarg);
        a->levelled = true;
        return EXIT_OK;
    case OPT_FROM:
    case OPT_TO:
        if (!parse_size(optarg, c == OPT_FROM ? &b->from_w : &b->to_w,
                        c == OPT_FROM ? &b->from_h : &b->to_h))
            return usage_error(
                "booklet", N_("--from and --to take a size as WxH, e.g. 12x16, not '%s'"), optarg);
        a->sized = true;
        return EXIT_OK;
    case 'a': b->algorithm = optarg; return EXIT_OK;
    case OPT_SHAPE: b->shapes = optarg; return EXIT_OK;
    case OPT_KINDS:
        if (a->choices_kind[0]) return kinds_and_choices();
        b->kinds = optarg; /* the library checks the names */
        return EXIT_OK;
    case OPT_CHOICES: /* every maze of that kind; the library says past what a maze holds */
        if (b->kinds) return kinds_and_choices();
        if (!parse_u64(optarg, 1000000, &v) || v == 0)
            return usage_error("booklet", N_("--choices is a whole number from 1, not '%s'"),
                               optarg);
        snprintf(a->choices_kind, sizeof a->choices_kind, "choices=%u", (unsigned)v);
        b->kinds = a->choices_kind;
        return EXIT_OK;
    case OPT_GRIDS:
        if (!parse_grids(optarg, &b->grids))
            return usage_error("booklet",
                               N_("--grid is rect, polar, hex or triangle, or a mix like "
                                  "polar,hex, not '%s'"),
                               optarg);
        return EXIT_OK;
    case OPT_COPIES:
        if (!parse_u64(optarg, 1000, &v) || v == 0)
            return usage_error(
                "booklet", N_("--copies must be a whole number from 1 to 1000, not '%s'"), optarg);
        b->copies = (unsigned)v;
        return EXIT_OK;
    case OPT_NAMES: a->names_file = optarg; return EXIT_OK;
    case OPT_SAME_MAZES: b->same_mazes = true; return EXIT_OK; /* the library wants the names */
    case OPT_SERIES: a->series = optarg; return EXIT_OK;
    case OPT_PDFX: /* checked with the page's options */
        if (optarg && strcmp(optarg, "x1a") != 0 && strcmp(optarg, "x4") != 0)
            return usage_error(
                "booklet", N_("--pdfx is x1a (PDF/X-1a:2001) or x4 (PDF/X-4), not '%s'"), optarg);
        a->pc.v.pdfx = true;
        a->pc.v.pdfx4 = optarg && !strcmp(optarg, "x4");
        return EXIT_OK;
    case OPT_FOLD:
    case OPT_SHEET:
    case OPT_SIGNATURE:
    case OPT_CREEP: return fold_option(b, c);
    default: return page_option("booklet", c, &a->pc, argv);
    }
}

/* One option: the output's, the booklet's parts, its content, its page. */
static int booklet_option(booklet_args *a, int c, char **argv)
{
    uint64_t v;
    switch (c) {
    case 's':
        if (!parse_u64(optarg, UINT64_MAX, &a->b.seed))
            return usage_error("booklet", N_("--seed must be a whole number, not '%s'"), optarg);
        a->seeded = true;
        return EXIT_OK;
    case OPT_KEY_PER_PAGE:
        if (!parse_u64(optarg, 9, &v) || !(v == 1 || v == 2 || v == 4 || v == 6 || v == 9))
            return usage_error("booklet", N_("--key-per-page is 1, 2, 4, 6 or 9, not '%s'"),
                               optarg);
        a->pc.v.key_per_page = (unsigned)v;
        return EXIT_OK;
    case OPT_CONTENTS:
    case OPT_NO_CONTENTS: a->b.contents = c == OPT_CONTENTS; return EXIT_OK;
    case OPT_COVER:
    case OPT_NO_COVER: a->b.cover = c == OPT_COVER; return EXIT_OK;
    case OPT_WORKINGS:
    case OPT_NO_WORKINGS: a->b.workings = c == OPT_WORKINGS; return EXIT_OK;
    case 'f': a->fmt = optarg; return EXIT_OK;
    case 'o': a->output = optarg; return EXIT_OK;
    case 'h':
        fputs(usage_booklet, stdout);
        fputs(usage_booklet_class, stdout);
        fputs(usage_booklet_fold, stdout);
        fputs(usage_booklet_output, stdout);
        fputs(usage_booklet_page, stdout);
        a->help = true;
        return EXIT_OK;
    default: return content_option(a, c, argv);
    }
}

static int parse_booklet(int argc, char **argv, booklet_args *a)
{
    meiro_booklet_options_init(&a->b);
    page_cli_init(&a->pc, "booklet");
    int c, rc = EXIT_OK;
    while (rc == EXIT_OK && !a->help &&
           (c = getopt_long(argc, argv, booklet_shortopts, booklet_options, NULL)) != -1)
        rc = booklet_option(a, c, argv);
    if (rc != EXIT_OK || a->help) return rc;
    if (optind < argc) return usage_error("booklet", N_("unexpected argument '%s'"), argv[optind]);
    if (a->pc.set & (1u << (OPT_DPI - OPT_PAPER) | 1u << (OPT_CROP - OPT_PAPER)))
        return usage_error("booklet", "%s",
                           N_("--dpi and --crop are for PNG pictures; a booklet is a PDF, "
                              "an XLSX workbook or an HTML page"));
    if (a->sized && a->levelled)
        return usage_error("booklet", "%s", N_("use --difficulty or --from/--to, not both"));
    if (a->sized && !(a->b.from_w && a->b.to_w))
        return usage_error("booklet", "%s", N_("--from and --to go together"));
    return EXIT_OK;
}

/* PDF, XLSX or HTML: -f, else the file's extension. */
static int booklet_format(const booklet_args *a, meiro_format *format)
{
    meiro_error err = {0};
    *format = MEIRO_FORMAT_PDF;
    if (a->fmt ? meiro_format_from_name(a->fmt, format, &err) != MEIRO_OK
               : !is_stdout(a->output) && meiro_format_from_filename(a->output, MEIRO_FORMAT_PDF,
                                                                     format, &err) != MEIRO_OK)
        return option_error("booklet", &err);
    if (!meiro_format_can(*format, MEIRO_CAN_BOOKLET))
        return usage_error("booklet", "%s",
                           N_("a booklet is a PDF, an XLSX workbook or an HTML page"));
    if (a->fmt) warn_name_format(*format, a->output);
    return EXIT_OK;
}

/* --names: the copies are the pupils. */
static int booklet_names(booklet_args *a, char **text, const char ***names)
{
    unsigned count = 0;
    int rc = read_names(a->names_file, text, names, &count);
    if (rc == EXIT_OK && a->b.copies && a->b.copies != count) {
        char msg[600]; /* in English, translated as a whole by usage_error */
        snprintf(msg, sizeof msg, N_("--copies %u and %u names in '%s': give one of them"),
                 a->b.copies, count, a->names_file);
        rc = usage_error("booklet", "%s", msg);
    }
    a->b.copies = count;
    a->b.names = *names;
    return rc;
}

/* --paper letter --fold: Letter is the sheet a US home printer takes, so
 * the pages are half letter (5.5 x 8.5 in), two on each side of a Letter
 * sheet, unless --sheet says otherwise (A4 and the others: the page, on
 * sheets twice its size). */
static void letter_fold(meiro_booklet_options *b, meiro_export_options *page)
{
    if (b->fold != MEIRO_FOLD_SHEETS || b->sheet >= 0 || page->paper != MEIRO_PAPER_LETTER ||
        page->paper_w_mm > 0)
        return;
    page->paper_w_mm = 5.5 * 25.4;
    page->paper_h_mm = 8.5 * 25.4;
    b->sheet = MEIRO_PAPER_LETTER;
}

/* A folded booklet on a sheet no home printer takes: say so. */
static void warn_sheet(const meiro_booklet_options *b, const meiro_export_options *page)
{
    double w, h;
    bool fits = true;
    if (b->fold != MEIRO_FOLD_SHEETS || b->sheet >= 0 ||
        meiro_booklet_sheet_mm(b, page, &w, &h, &fits, NULL) != MEIRO_OK || fits)
        return;
    say_warning(N_("these folded pages need sheets of %.0f x %.0f mm (%.1f x %.1f in), more than a "
                   "home printer takes: --sheet a4 or --sheet letter puts them on one (smaller if "
                   "need be), or a print shop prints --fold=pages"),
                w, h, w / 25.4, h / 25.4);
}

/* The booklet's files and pages: --answers-to, or answers apart (a class
 * set's, unless told where; those asked of a page to play): the puzzles
 * alone, then their answers in the second file (as a key where the
 * template or --answers says so, else a full page each); a class set
 * written to standard output, one stream, has its key after every sheet.
 * *apart: the second file's name when meiro chose it. */
static int booklet_answers(booklet_args *a, meiro_format format, meiro_export_options *page,
                           meiro_export_options *answers, meiro_format *answers_format,
                           char **apart)
{
    meiro_error err = {0};
    if (!a->pc.answers_to && meiro_booklet_answers_apart(&a->b, format, page)) {
        if (is_stdout(a->output) && a->b.copies > 1) {
            /* one stream (meiro serve's): a class set's key after every sheet in it */
            page->answers = MEIRO_ANSWERS_KEY;
        } else if (is_stdout(a->output)) {
            return usage_error("booklet", "%s",
                               N_("the answers go to a second file beside the booklet: name the "
                                  "booklet's file with -o"));
        } else {
            if (!(*apart = answer_name(a->output)))
                return report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
            a->pc.answers_to = *apart;
        }
    }
    *answers_format = format;
    *answers = *page;
    if (a->series && (is_stdout(a->output) || a->pc.answers_to))
        return usage_error("booklet", "%s",
                           is_stdout(a->output)
                               ? N_("--series writes a volume to a file: name it with -o")
                               : N_("--series: the answers go in the volume itself (--answers key "
                                    "or after-page), not a second file"));
    /* (--shape's list: a file alone in it is checked) */
    const input_file inputs[] = {{N_("the --names file"), a->names_file},
                                 {N_("the --series ledger"), a->series},
                                 {N_("the -t template"), a->pc.template_name},
                                 {N_("the --shape picture"), a->b.shapes}};
    int rc = check_not_inputs("booklet", a->output, a->pc.answers_to, inputs, 4);
    if (rc != EXIT_OK) return rc;
    if (!a->pc.answers_to) return EXIT_OK;
    if (meiro_format_from_filename(a->pc.answers_to, format, answers_format, &err) != MEIRO_OK)
        return usage_error("booklet", "%s", err.message);
    if (!is_stdout(a->output) && meiro_same_file(a->pc.answers_to, a->output))
        return usage_error("booklet", N_("--answers-to names the booklet's own file '%s'"),
                           a->output);
    answers->answers_only = true;
    page->answers = MEIRO_ANSWERS_NONE;
    page->answer_page = false;
    return EXIT_OK;
}

/* The booklet's page, and its answers': checked, the template loaded, the
 * names read. */
static int resolve_booklet(booklet_args *a, meiro_format *format, meiro_export_options *page,
                           char **names_text, const char ***names)
{
    int rc = booklet_format(a, format);
    if (rc == EXIT_OK) rc = page_options_check("booklet", &a->pc, *format);
    if (rc == EXIT_OK && is_stdout(a->output) && isatty(STDOUT_FILENO))
        rc = usage_error("booklet", "%s", N_("name the booklet's file with -o"));
    if (rc == EXIT_OK) rc = check_memory_floor("booklet", *format, false);
    if (rc == EXIT_OK && a->names_file) rc = booklet_names(a, names_text, names);
    if (rc == EXIT_OK) rc = page_finish(&a->pc, page);
    if (rc == EXIT_OK && a->levelled && page->print == MEIRO_PRINT_TACTILE)
        rc =
            usage_error("booklet", "%s",
                        N_("a tactile booklet's mazes rise to the largest its sheets hold, not by "
                           "--difficulty (a printed page's sizes): --from WxH --to WxH to choose"));
    if (rc == EXIT_OK && a->levelled && page->print == MEIRO_PRINT_LARGE_PRINT)
        rc = usage_error("booklet", "%s",
                         N_("a large-print booklet's mazes rise to the largest whose cells keep 12 "
                            "mm, not by --difficulty (a printed page's sizes): --from WxH --to WxH "
                            "to choose"));
    if (rc == EXIT_OK) letter_fold(&a->b, page);
    if (rc == EXIT_OK && page->print != MEIRO_PRINT_TACTILE) /* refused folded */
        warn_sheet(&a->b, page);
    if (!a->seeded) a->b.seed = clock_seed();
    return rc;
}

/* The booklet (and its answers), with a progress bar and the command that
 * makes it again on its last page. */
static int run_booklet(booklet_args *a, int argc, char **argv, meiro_format format,
                       meiro_export_options *page)
{
    meiro_export_options answers;
    meiro_format answers_format;
    meiro_error err = {0};
    char *apart = NULL, *command = NULL, *remake = NULL;
    int rc = booklet_answers(a, format, page, &answers, &answers_format, &apart);
    if (rc != EXIT_OK) goto done;
    /* a book without meiro's workings on its pages: they go beside it */
    bool clean = !meiro_booklet_workings(&a->b, page) && format != MEIRO_FORMAT_XLSX;
    if (clean && !is_stdout(a->output) && !(remake = remake_name(a->output))) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    if (clean && is_stdout(a->output))
        say_warning("%s", say_format(N_("the pages do not say how to make this book again, and "
                                        "on stdout it has no remaking file beside it: -o BOOK.pdf "
                                        "writes BOOK.remake.txt")));
    /* the files can be written: before the work, not after it */
    const char *files[3] = {is_stdout(a->output) ? NULL : a->output, a->pc.answers_to, remake};
    for (int i = 0; i < 3 && rc == EXIT_OK; i++)
        if (files[i] && meiro_save_check(files[i], &err) != MEIRO_OK)
            rc = report_failure(files[i], &err);
    if (rc != EXIT_OK) goto done;
    /* the last page's command: the options as the parser read them (not
     * -o: a file's name does not change its bytes), the language and
     * paper if the locale gave them and the seed if it was not given: the
     * same book on any machine */
    char seed_word[24];
    snprintf(seed_word, sizeof seed_word, "%llu", (unsigned long long)a->b.seed);
    const char *tail[7] = {NULL}, **t = tail;
    if (a->pc.locale_lang[0]) *t++ = "--lang", *t++ = a->pc.locale_lang;
    if (a->pc.locale_letter) *t++ = "--paper", *t++ = "letter";
    if (!a->seeded) *t++ = "-s", *t++ = seed_word;
    command = remake_command("booklet", argc, argv, booklet_shortopts, booklet_options, "oh", tail);
    if (!command) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    a->b.command = command;
    progress prog = {.shown = false};
    clock_gettime(CLOCK_MONOTONIC, &prog.start);
    a->b.progress = show_progress;
    a->b.progress_ctx = &prog;
    /* the answers first: when they fail, no booklet is left without them */
    const char *failed = a->pc.answers_to;
    meiro_status s = MEIRO_OK;
    meiro_series series = {a->series, 0, 0};
    if (a->pc.answers_to)
        s = meiro_booklet_save(&a->b, &answers, answers_format, a->pc.answers_to, &err);
    if (s == MEIRO_OK) {
        failed = is_stdout(a->output) ? "stdout" : a->output;
        meiro_booklet_options book = a->b; /* the remaking file the book's alone */
        book.remake_file = remake;
        s = is_stdout(a->output) ? meiro_booklet_write(&book, page, format, stdout, &err)
            : a->series ? meiro_booklet_save_series(&book, page, format, a->output, &series, &err)
                        : meiro_booklet_save(&book, page, format, a->output, &err);
    }
    if (prog.shown && s != MEIRO_OK) fputc('\n', stderr);
    if (s == MEIRO_ERROR_ARGUMENT || s == MEIRO_ERROR_UNKNOWN_NAME)
        rc = option_error("booklet", &err);
    else if (s != MEIRO_OK) rc = report_failure(failed, &err);
    if (rc != EXIT_OK) goto done;
    if (apart) say_line(N_("the answers are in %s"), apart);
    if (remake)
        say_line(N_("the command and the seeds that make this book again are in %s"), remake);
    if (a->series) /* the count last: no plural to agree with it */
        say_line(N_("volume %u of the series %s; mazes made again from another seed (one printed "
                    "before, or twice here): %u"),
                 series.volume, a->series, series.replaced);
    if (!a->seeded) { /* once the booklet is out, not before an error */
        char again[96];
        snprintf(again, sizeof again, "-s %llu%s%s%s", (unsigned long long)a->b.seed,
                 a->pc.locale_lang[0] ? " --lang " : "", a->pc.locale_lang,
                 a->pc.locale_letter ? " --paper letter" : "");
        say_line(N_("seed %llu (use %s to make this booklet again)"), (unsigned long long)a->b.seed,
                 again);
    }
done:
    free(apart);
    free(command);
    free(remake);
    return rc;
}

int cmd_booklet(int argc, char **argv)
{
    if (rule_asked(argc, argv)) return cmd_rule(argc, argv, true);
    booklet_args a = {0};
    meiro_format format;
    meiro_export_options page;
    char *names_text = NULL;
    const char **names = NULL;
    int rc = parse_booklet(argc, argv, &a);
    if (rc == EXIT_OK && !a.help) rc = resolve_booklet(&a, &format, &page, &names_text, &names);
    if (rc == EXIT_OK && !a.help) rc = run_booklet(&a, argc, argv, format, &page);
    free(names);
    free(names_text);
    meiro_template_free(a.pc.tpl);
    return rc;
}
