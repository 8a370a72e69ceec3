/* What the commands share: reporting errors, parsing numbers, the page
 * options over a template, choosing the output format and writing the
 * result (atomically to a file, or to standard output). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/* Reports a library error: "meiro: FILE:LINE:COL: message"; the error's
 * own source (a template, its artwork) comes before the file given. The
 * exit code is the one rule's: 2 for a size past a limit (a maze, a file
 * or a picture too big), as for a usage error; 1 for a runtime failure. */
int report_failure(const char *file, const meiro_error *err)
{
    if (err->source[0]) file = err->source;
    char translated[sizeof err->message * 2];
    const char *msg = say(err->message[0] ? err->message : meiro_strerror(err->status), translated,
                          sizeof translated);
    if (file && err->line && err->column)
        fprintf(stderr, "meiro: %s:%lu:%lu: %s\n", file, err->line, err->column, msg);
    else if (file && err->line) fprintf(stderr, "meiro: %s:%lu: %s\n", file, err->line, msg);
    else if (file) fprintf(stderr, "meiro: %s: %s\n", file, msg);
    else fprintf(stderr, "meiro: %s\n", msg);
    return err->status == MEIRO_ERROR_TOO_BIG ? EXIT_USAGE : EXIT_FAIL;
}

/* "meiro COMMAND: message" (already in the messages' language) and the
 * --help hint; EXIT_USAGE. */
static int usage_said(const char *command, const char *message)
{
    char program[32];
    snprintf(program, sizeof program, "meiro%s%s", command ? " " : "", command ? command : "");
    fprintf(stderr, "%s: %s\n", program, message);
    fprintf(stderr, say_format(N_("Try '%s --help'.")), program);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

/* fmt "%s": arg is a message formatted in English (the library's, or one
 * the command put together), translated as a whole; else fmt is the
 * command's own format, translated, and arg what the user typed. */
int usage_error(const char *command, const char *fmt, const char *arg)
{
    char text[1024];
    if (!strcmp(fmt, "%s")) return usage_said(command, say(arg, text, sizeof text));
    snprintf(text, sizeof text, say_format(fmt), arg);
    return usage_said(command, text);
}

int check_lang(const char *command, const char *lang)
{
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.lang = lang;
    meiro_error err = {0};
    if (meiro_export_options_check(&opt, &err) == MEIRO_OK) return EXIT_OK;
    return usage_error(command, "%s", err.message);
}

/* The long name of option `opt` in a command's table; NULL if it has none. */
static const char *long_name(const struct option *longopts, int opt)
{
    for (const struct option *o = longopts; o && o->name; o++)
        if (o->val == opt) return o->name;
    return NULL;
}

/* The options that set each field a library error may be about, by their
 * codes in the commands' tables (a command names those it has). */
static const struct {
    meiro_field field;
    int opt;
} field_options[] = {
    {MEIRO_FIELD_WIDTH, 'W'},
    {MEIRO_FIELD_HEIGHT, 'H'},
    {MEIRO_FIELD_ALGORITHM, 'a'},
    {MEIRO_FIELD_LOOPS, OPT_LOOPS},
    {MEIRO_FIELD_ENDS, OPT_ENDS},
    {MEIRO_FIELD_START, OPT_START},
    {MEIRO_FIELD_GOAL, OPT_GOAL},
    {MEIRO_FIELD_GRID, OPT_GRID},
    {MEIRO_FIELD_GRID, OPT_GRIDS},
    {MEIRO_FIELD_SHAPE, OPT_SHAPE},
    {MEIRO_FIELD_TEXT, OPT_TEXT},
    {MEIRO_FIELD_NO_BRIDGES, OPT_NO_BRIDGES},
    {MEIRO_FIELD_LEVEL, OPT_DIFFICULTY},
    {MEIRO_FIELD_LEVEL, OPT_AGE},
    {MEIRO_FIELD_SOLVER, 'm'},
    {MEIRO_FIELD_FORMAT, 'f'},
    {MEIRO_FIELD_TEMPLATE, 't'},
    {MEIRO_FIELD_PAPER, OPT_PAPER},
    {MEIRO_FIELD_MARGIN, OPT_MARGIN},
    {MEIRO_FIELD_BLEED, OPT_BLEED},
    {MEIRO_FIELD_GUTTER, OPT_GUTTER},
    {MEIRO_FIELD_PRINT, OPT_PRINT},
    {MEIRO_FIELD_CELL, OPT_CELL},
    {MEIRO_FIELD_TITLE, OPT_TITLE},
    {MEIRO_FIELD_SUBTITLE, OPT_SUBTITLE},
    {MEIRO_FIELD_NAME, OPT_NAME},
    {MEIRO_FIELD_FOOTER, OPT_FOOTER},
    {MEIRO_FIELD_ANSWERS, OPT_ANSWERS},
    {MEIRO_FIELD_ANSWERS, OPT_ANSWER_PAGE},
    {MEIRO_FIELD_KEY_PER_PAGE, OPT_KEY_PER_PAGE},
    {MEIRO_FIELD_DPI, OPT_DPI},
    {MEIRO_FIELD_CROP, OPT_CROP},
    {MEIRO_FIELD_PLAY, OPT_PLAY},
    {MEIRO_FIELD_LANG, OPT_LANG},
    {MEIRO_FIELD_ART, OPT_ART},
    {MEIRO_FIELD_MAZES, 'n'},
    {MEIRO_FIELD_SIZES, OPT_FROM},
    {MEIRO_FIELD_SIZES, OPT_TO},
    {MEIRO_FIELD_COPIES, OPT_COPIES},
    {MEIRO_FIELD_NAMES, OPT_NAMES},
    {MEIRO_FIELD_FOLD, OPT_FOLD},
    {MEIRO_FIELD_SHEET, OPT_SHEET},
    {MEIRO_FIELD_SIGNATURE, OPT_SIGNATURE},
    {MEIRO_FIELD_CREEP, OPT_CREEP},
};

int option_error(const char *command, const meiro_error *err)
{
    const struct option *longopts = command_options(command);
    char names[96] = "", text[sizeof err->message * 2 + sizeof names + 32];
    size_t n = 0;
    unsigned count = 0;
    for (size_t i = 0; i < sizeof field_options / sizeof field_options[0]; i++) {
        if (field_options[i].field != err->field || err->field == MEIRO_FIELD_NONE) continue;
        const char *name = long_name(longopts, field_options[i].opt);
        if (name && n < sizeof names)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s--%s", count++ ? ", " : "", name);
    }
    char said[sizeof err->message * 2];
    const char *message =
        say(err->message[0] ? err->message : meiro_strerror(err->status), said, sizeof said);
    if (!count) return usage_said(command, message);
    snprintf(text, sizeof text,
             count > 1 ? say_format(N_("%s (options: %s)")) : say_format(N_("%s (option: %s)")),
             message, names);
    return usage_said(command, text);
}

/* A library failure: a name the user typed wrong (algorithm, solver) or an
 * option out of range is a usage error; anything else a runtime failure
 * about `file`. */
int library_error(const char *command, const char *file, const meiro_error *err)
{
    if (err->status == MEIRO_ERROR_UNKNOWN_NAME || err->status == MEIRO_ERROR_ARGUMENT)
        return option_error(command, err);
    return report_failure(file, err);
}

/* The one INPUT operand of solve and stats. */
int single_input(const char *command, int argc, char **argv, const char **input)
{
    if (optind >= argc)
        return usage_error(command, "%s", N_("missing INPUT (a maze file, or '-')"));
    if (optind + 1 < argc)
        return usage_error(command, N_("unexpected argument '%s'"), argv[optind + 1]);
    *input = argv[optind];
    return EXIT_OK;
}

bool parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    /* digits only: strtoull would skip any leading blank (a tab, a newline) */
    if (!s || *s < '0' || *s > '9') return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > max) return false;
    *out = v;
    return true;
}

int parse_level(const char *command, int c, const char *arg, const meiro_level_desc **out)
{
    meiro_error e = {0};
    meiro_level level;
    uint64_t age;
    bool ok = c == OPT_DIFFICULTY ? meiro_level_from_name(arg, &level, &e) == MEIRO_OK
                                  : parse_u64(arg, 1000, &age) &&
                                        meiro_level_for_age((unsigned)age, &level, &e) == MEIRO_OK;
    if (!ok)
        return usage_error(command, "%s",
                           e.message[0] ? e.message : N_("--age takes a whole number of years"));
    *out = meiro_level_info(level);
    return EXIT_OK;
}

void page_signs_for_level(meiro_export_options *page, const meiro_level_desc *level)
{
    if (level && level != meiro_level_info(MEIRO_LEVEL_EXPERT) && page->signs == MEIRO_SIGNS_AUTO)
        page->signs = MEIRO_SIGNS_BADGES;
}

/* A seed for when none is given: from the clock, short enough to retype. */
uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15u;
    return (x >> 16) % 1000000000u;
}


static bool parse_mm(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v) || v < 0 || v > 1000) return false;
    *out = v;
    return true;
}

/* Whether page option `opt` (OPT_PAPER to OPT_PLAY) was given. */
static bool page_given(const page_cli *pc, int opt) { return pc->set & (1u << (opt - OPT_PAPER)); }

void page_cli_init(page_cli *pc, const char *command)
{
    memset(pc, 0, sizeof *pc);
    meiro_export_options_init(&pc->v);
    pc->command = command;
    pc->longopts = command_options(command);
}

int page_option(const char *command, int c, page_cli *pc, char **argv)
{
    meiro_error err = {0};
    meiro_export_options *page = &pc->v;
    uint64_t v;
    if (c >= OPT_PAPER && c <= OPT_PLAY) pc->set |= 1u << (c - OPT_PAPER);
    switch (c) {
    case 't': pc->template_name = optarg; return EXIT_OK;
    case OPT_ANSWERS_TO: pc->answers_to = optarg; return EXIT_OK;
    case OPT_ART:
        if (strcasecmp(optarg, "none") != 0 && meiro_art_from_name(optarg, NULL, &err) != MEIRO_OK)
            return usage_error(command, "%s", err.message);
        pc->art = optarg;
        return EXIT_OK;
    case OPT_LANG: /* checked with the rest (meiro_export_options_check) */
        page->lang = optarg;
        return EXIT_OK;
    case OPT_PAPER:
        if (meiro_paper_parse(optarg, &page->paper, &page->paper_w_mm, &page->paper_h_mm, &err) !=
            MEIRO_OK)
            return usage_error(command, "%s", err.message);
        return EXIT_OK;
    case OPT_LANDSCAPE: page->orientation = MEIRO_ORIENT_LANDSCAPE; return EXIT_OK;
    case OPT_PORTRAIT: page->orientation = MEIRO_ORIENT_PORTRAIT; return EXIT_OK;
    case OPT_MARGIN:
        if (!parse_mm(optarg, &page->margin_mm))
            return usage_error(command, N_("--margin takes millimetres, not '%s'"), optarg);
        return EXIT_OK;
    case OPT_BLEED:
        if (!parse_mm(optarg, &page->bleed_mm) || page->bleed_mm > MEIRO_BLEED_MAX_MM)
            return usage_error(command, N_("--bleed takes 0 to 20 mm (3 mm is usual), not '%s'"),
                               optarg);
        return EXIT_OK;
    case OPT_GUTTER:
        if (!parse_mm(optarg, &page->gutter_mm) || page->gutter_mm > MEIRO_GUTTER_MAX_MM)
            return usage_error(command, N_("--gutter takes 0 to 50 mm, not '%s'"), optarg);
        return EXIT_OK;
    case OPT_PRINT:
        if (meiro_print_from_name(optarg, &page->print, &err) != MEIRO_OK)
            return usage_error(command, "%s", err.message);
        return EXIT_OK;
    case OPT_ANSWER_COLOUR:
        if (meiro_answer_colour_from_name(optarg, &page->answer_colour, &err) != MEIRO_OK) {
            char text[sizeof err.message + 64]; /* in English, translated as a whole */
            snprintf(text, sizeof text, N_("%s (option: %s)"), err.message, "--answer-colour");
            return usage_error(command, "%s", text);
        }
        return EXIT_OK;
    case OPT_CELL:
        if (!parse_mm(optarg, &page->cell_mm) || page->cell_mm <= 0)
            return usage_error(command, N_("--cell takes millimetres above 0, not '%s'"), optarg);
        return EXIT_OK;
    case OPT_TITLE: page->title = optarg; return EXIT_OK;
    case OPT_SUBTITLE: page->subtitle = optarg; return EXIT_OK;
    case OPT_NAME: page->name = optarg; return EXIT_OK;
    case OPT_FOOTER: page->footer = optarg; return EXIT_OK;
    case OPT_NO_FOOTER: page->no_footer = true; return EXIT_OK;
    case OPT_ANSWER_PAGE: page->answer_page = true; return EXIT_OK;
    case OPT_ANSWERS:
        if (meiro_answers_from_name(optarg, &page->answers, &err) != MEIRO_OK)
            return usage_error(command, "%s", err.message);
        return EXIT_OK;
    case OPT_DPI:
        if (!parse_u64(optarg, 2400, &v) || v < 30)
            return usage_error(
                command, N_("--dpi must be a whole number from 30 to 2400, not '%s'"), optarg);
        page->dpi = (unsigned)v;
        return EXIT_OK;
    case OPT_CROP: page->crop = true; return EXIT_OK;
    case OPT_PLAY: page->play = true; return EXIT_OK;
    default: return bad_option(command, argv, c, pc->longopts);
    }
}

/* The language of the user's locale (LC_ALL, else LC_MESSAGES, else LANG,
 * POSIX's order) into out, when meiro has words for it and it is not
 * English: "es" for es_MX.UTF-8, "pt" for pt_BR. Chinese in traditional
 * characters (zh_TW, zh_HK, zh_MO, zh_Hant) is zh-Hant, not zh
 * (simplified). Read here, by the command, and not by the library: a
 * program's page does not change with the machine it runs on. */
bool locale_lang(char *out, size_t size)
{
    static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    const char *v = NULL;
    for (size_t i = 0; i < sizeof vars / sizeof vars[0] && !(v && *v); i++) v = getenv(vars[i]);
    if (!v || !*v) return false;
    char lang[8];
    size_t n = strspn(v, "abcdefghijklmnopqrstuvwxyz");
    if (n < 2 || n >= sizeof lang) return false;
    snprintf(lang, sizeof lang, "%.*s", (int)n, v);
    if (!strcmp(lang, "zh") &&
        (strstr(v, "_TW") || strstr(v, "_HK") || strstr(v, "_MO") || strstr(v, "Hant")))
        snprintf(lang, sizeof lang, "zh-Hant");
    if (!strcmp(lang, "en") || !meiro_lang_known(lang)) return false;
    snprintf(out, size, "%s", lang);
    return true;
}

/* Whether the locale's country prints on US Letter (LC_ALL, LC_PAPER, then
 * LANG: the Americas from Canada to Chile but Brazil and Argentina, and the
 * Philippines, as glibc's locales say), not A4 as the rest of the world. */
static bool locale_letter(void)
{
    static const char *const vars[] = {"LC_ALL", "LC_PAPER", "LANG"};
    static const char *const letter[] = {"US", "CA", "MX", "PR", "PH", "CL", "CO", "VE",
                                         "CR", "GT", "PA", "DO", "SV", "NI", "HN"};
    const char *v = NULL;
    for (size_t i = 0; i < sizeof vars / sizeof vars[0] && !(v && *v); i++) v = getenv(vars[i]);
    const char *country = v ? strchr(v, '_') : NULL;
    if (!country) return false;
    for (size_t i = 0; i < sizeof letter / sizeof letter[0]; i++)
        if (!strncmp(country + 1, letter[i], 2) && !isalpha((unsigned char)country[3])) return true;
    return false;
}

int page_template(page_cli *pc)
{
    /* large print's font, maze and walls are its template's */
    if (!pc->template_name && pc->v.print == MEIRO_PRINT_LARGE_PRINT)
        pc->template_name = "large-print";
    if (pc->template_name) {
        meiro_error err = {0};
        pc->tpl = meiro_template_load(pc->template_name, &err);
        if (!pc->tpl) {
            if (err.status == MEIRO_ERROR_UNKNOWN_NAME) return option_error(pc->command, &err);
            return report_failure(pc->template_name, &err);
        }
    }
    /* the page's language, when --lang is not given and the template is in
     * English (its words for other languages in title[es] = ...), is the
     * locale's; so is the paper when neither --paper, --print nor a
     * template names one */
    if (!pc->v.lang && (!pc->tpl || !strcmp(meiro_template_lang(pc->tpl), "en")) &&
        locale_lang(pc->locale_lang, sizeof pc->locale_lang))
        pc->v.lang = pc->locale_lang;
    if (!pc->template_name && !page_given(pc, OPT_PAPER) && !page_given(pc, OPT_PRINT) &&
        (pc->locale_letter = locale_letter()))
        pc->v.paper = MEIRO_PAPER_LETTER;
    return EXIT_OK;
}

unsigned page_given_bits(const page_cli *pc)
{
    return (page_given(pc, OPT_PAPER) || pc->locale_letter ? MEIRO_GIVEN_PAPER : 0) |
           (page_given(pc, OPT_MARGIN) ? MEIRO_GIVEN_MARGIN : 0) |
           (page_given(pc, OPT_PRINT) ? MEIRO_GIVEN_PRINT : 0) |
           (page_given(pc, OPT_LANDSCAPE) || page_given(pc, OPT_PORTRAIT) ? MEIRO_GIVEN_ORIENTATION
                                                                          : 0);
}

/* Loads the template (if any) and lays the given options over it. */
int page_finish(page_cli *pc, meiro_export_options *page)
{
    int rc = page_template(pc);
    if (rc != EXIT_OK) return rc;
    /* the template under the options given: the library's order */
    *page = pc->v;
    meiro_export_options_resolve(page, page_given_bits(pc), pc->tpl);
    if (pc->art) page->art = pc->art;
    meiro_error err = {0};
    if (meiro_export_options_check(page, &err) != MEIRO_OK) return option_error(pc->command, &err);
    return EXIT_OK;
}

/* The page options by what the library says each sets; the template
 * also sets generate's maze, answers go to a second file from any
 * format: neither is listed. */
static const struct {
    int opt;
    meiro_page_setting setting;
} page_settings[] = {
    {OPT_PAPER, MEIRO_SETTING_PAGE},    {OPT_LANDSCAPE, MEIRO_SETTING_PAGE},
    {OPT_PORTRAIT, MEIRO_SETTING_PAGE}, {OPT_MARGIN, MEIRO_SETTING_PAGE},
    {OPT_CELL, MEIRO_SETTING_PAGE},     {OPT_TITLE, MEIRO_SETTING_PAGE},
    {OPT_SUBTITLE, MEIRO_SETTING_PAGE}, {OPT_NAME, MEIRO_SETTING_PAGE},
    {OPT_FOOTER, MEIRO_SETTING_PAGE},   {OPT_NO_FOOTER, MEIRO_SETTING_PAGE},
    {OPT_LANG, MEIRO_SETTING_PAGE},     {OPT_BLEED, MEIRO_SETTING_BLEED},
    {OPT_GUTTER, MEIRO_SETTING_BLEED},  {OPT_DPI, MEIRO_SETTING_DPI},
    {OPT_PRINT, MEIRO_SETTING_BLEED},   {OPT_ANSWER_COLOUR, MEIRO_SETTING_PAGE},
    {OPT_CROP, MEIRO_SETTING_CROP},     {OPT_PLAY, MEIRO_SETTING_PLAY},
};

int page_options_check(const char *command, const page_cli *pc, meiro_format format)
{
    if (page_given(pc, OPT_LANDSCAPE) && page_given(pc, OPT_PORTRAIT))
        return usage_error(command, "%s",
                           N_("--landscape and --portrait: a page has one orientation"));
    char unused[200] = "";
    size_t n = 0, count = 0;
    /* a service's or a machine's profile: the library refuses it where it
     * does not go, rather than it changing nothing */
    bool refused = pc->v.print != MEIRO_PRINT_NONE && pc->v.print != MEIRO_PRINT_HOME;
    /* a tactile plate (a 3D print) says its title in braille, in the language's */
    bool plate = pc->v.print == MEIRO_PRINT_TACTILE && meiro_format_can(format, MEIRO_CAN_SOLID);
    for (size_t i = 0; i < sizeof page_settings / sizeof page_settings[0]; i++)
        if (page_given(pc, page_settings[i].opt) &&
            !(refused && page_settings[i].opt == OPT_PRINT) &&
            !(plate && (page_settings[i].opt == OPT_TITLE || page_settings[i].opt == OPT_LANG)) &&
            !meiro_format_uses(format, page_settings[i].setting) && n < sizeof unused)
            n += (size_t)snprintf(unused + n, sizeof unused - n, "%s--%s", count++ ? ", " : "",
                                  long_name(pc->longopts, page_settings[i].opt));
    if (pc->art && !meiro_format_uses(format, MEIRO_SETTING_PAGE) && n < sizeof unused)
        n += (size_t)snprintf(unused + n, sizeof unused - n, "%s--%s", count++ ? ", " : "",
                              long_name(pc->longopts, OPT_ART));
    if (count)
        say_warning(count == 1 ? N_("%s changes nothing in %s output")
                               : N_("%s change nothing in %s output"),
                    unused, meiro_format_info(format)->name);
    return EXIT_OK;
}

/* Drawing text (PDF, SVG, PNG, frames) loads fontconfig's cache, pango and
 * their fonts; in less address space than this, measured with the shipped
 * templates (the Japanese ones need the most), fontconfig, glib or cairo
 * abort or crash instead of reporting it. So a smaller `ulimit -v` is
 * refused up front. Plain text and XLSX need about half of it. Measured on
 * Debian 12 (fontconfig 2.14.1, pango 1.50.12, cairo 1.16.0, glib 2.74.6,
 * freetype 2.12.1): a kids-ja booklet or PNG needs 164 to 166 MB since
 * the composer measures texts with faces of its own (FreeType, HarfBuzz:
 * 137 MB before), when pango and glib start one or two threads; they
 * start up to three, each with an 8 MB stack, as timing has it (a run at
 * 170 MB aborted on a busy machine). The fence: tests/test_hacks.c
 * (text_memory_floor) runs them at the floor. */
#define TEXT_FLOOR_MB 192

int check_memory_floor(const char *command, meiro_format format, bool frames)
{
    bool draws_text = frames || format == MEIRO_FORMAT_PDF || format == MEIRO_FORMAT_SVG ||
                      format == MEIRO_FORMAT_PNG || format == MEIRO_FORMAT_HTML;
    struct rlimit lim;
    if (!draws_text || getrlimit(RLIMIT_AS, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY ||
        lim.rlim_cur >= (rlim_t)TEXT_FLOOR_MB << 20)
        return EXIT_OK;
    fprintf(stderr, "meiro %s: ", command);
    fprintf(stderr,
            say_format(N_("out of memory: drawing pages needs at least %d MB of address space "
                          "(ulimit -v %d), and this process may use %lu MB")),
            TEXT_FLOOR_MB, TEXT_FLOOR_MB * 1024, (unsigned long)(lim.rlim_cur >> 20));
    fputc('\n', stderr);
    return EXIT_FAIL;
}

/* Everything about the output that can be checked before the work: the
 * page, cell size, resolution and format for a width x height maze, and
 * the size of an animation. */
/* Below this a printed maze is a picture, not a puzzle. */
#define MIN_PENCIL_CELL_MM 3.0

int check_not_inputs(const char *command, const char *output, const char *answers_to,
                     const input_file *inputs, size_t count)
{
    const char *outputs[2] = {output, answers_to};
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (!inputs[i].file || is_stdout(inputs[i].file) ||
            (stat(inputs[i].file, &st) == 0 && !S_ISREG(st.st_mode)))
            continue;
        for (int k = 0; k < 2; k++)
            if (outputs[k] && !is_stdout(outputs[k]) && meiro_same_file(outputs[k], inputs[i].file)) {
                char msg[600];
                snprintf(msg, sizeof msg,
                         N_("'%.250s' is %s, which meiro reads: it does not write over its input"),
                         outputs[k], inputs[i].what);
                return usage_error(command, "%s", msg);
            }
    }
    return EXIT_OK;
}

int check_output(const char *command, meiro_grid grid, uint32_t width, uint32_t height,
                 meiro_format format, const meiro_export_options *page, const char *output,
                 const char *answers_to, bool animate)
{
    if (animate && (uint64_t)width * height > MEIRO_ANIMATE_MAX_CELLS) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 N_("--animate and --frames take mazes of up to %u cells (500 x 500), "
                    "not %lu x %lu"),
                 MEIRO_ANIMATE_MAX_CELLS, (unsigned long)width, (unsigned long)height);
        return usage_error(command, "%s", msg);
    }
    meiro_error err = {0};
    meiro_export_options checked = *page;
    if (answers_to ||
        meiro_answers_apart(format, page)) { /* write_result puts the answer in a second file */
        if (is_stdout(output) && !answers_to)
            return usage_error(command, "%s",
                               N_("the answer goes to a second file beside the puzzle: name the "
                                  "puzzle's file with -o"));
        checked.answer_page = false;
        checked.answers = MEIRO_ANSWERS_NONE;
    }
    double cell = 0;
    /* laid out as the page will: a grid by its bounding box */
    if (meiro_export_grid_cell_mm(grid, width, height, format, &checked, &cell, &err) != MEIRO_OK)
        return library_error(command, is_stdout(output) ? NULL : output, &err);
    meiro_format answers_format = format;
    /* the files can be written, and are two: before the work, not after it
     * (the answers apart go to NAME-answer.EXT, which may be a link too) */
    bool apart_asked = !answers_to && !is_stdout(output) && meiro_answers_apart(format, page);
    char *apart = apart_asked ? answer_name(output) : NULL;
    if (apart_asked && !apart)
        return report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
    const char *second = answers_to ? answers_to : apart;
    int rc = EXIT_OK;
    if (second && !is_stdout(output) && meiro_same_file(second, output))
        rc = usage_error(command,
                         answers_to
                             ? N_("--answers-to names the puzzle's own file '%s'")
                             : N_("the answers' file '%s' is the puzzle's own file (a link?)"),
                         second);
    const char *files[2] = {is_stdout(output) ? NULL : output, second};
    for (int i = 0; i < 2 && rc == EXIT_OK; i++)
        if (files[i] && meiro_save_check(files[i], &err) != MEIRO_OK)
            rc = report_failure(files[i], &err);
    free(apart);
    if (rc != EXIT_OK) return rc;
    if (answers_to &&
        meiro_format_from_filename(answers_to, format, &answers_format, &err) != MEIRO_OK)
        return usage_error(command, "%s", err.message);
    if (answers_to && meiro_export_grid_cell_mm(grid, width, height, answers_format, &checked, NULL,
                                                &err) != MEIRO_OK)
        return library_error(command, answers_to, &err);
    if ((format == MEIRO_FORMAT_XLSX || (answers_to && answers_format == MEIRO_FORMAT_XLSX)) &&
        (uint64_t)width * height > MEIRO_XLSX_SLOW_CELLS)
        say_warning((uint64_t)width * height > 30000
                        ? N_("a sheet of %lu x %lu cells takes LibreOffice over a minute to open "
                             "(120 x 120: a few seconds)")
                        : N_("a sheet of %lu x %lu cells takes LibreOffice ten seconds or more to "
                             "open (120 x 120: a few seconds)"),
                    (unsigned long)width, (unsigned long)height);
    if (cell > 0 && cell < MIN_PENCIL_CELL_MM) /* 2.97 mm, not "3.0 mm" (below 3 mm and up) */
        say_warning(N_("cells of %.*f mm are too small to draw a way through with a pencil (%g mm "
                       "and up): make the maze smaller or the paper larger"),
                    round(cell * 10) / 10 < MIN_PENCIL_CELL_MM ? 1 : 2, floor(cell * 100) / 100,
                    MIN_PENCIL_CELL_MM);
    return EXIT_OK;
}

int check_animate(const char *command, const page_cli *pc, const char *svg, const char *frames)
{
    meiro_format named;
    if (svg && !(meiro_format_from_filename(svg, MEIRO_FORMAT_SVG, &named, NULL) == MEIRO_OK &&
                 named == MEIRO_FORMAT_SVG))
        return usage_error(
            command, N_("--animate writes an animated SVG: name its file NAME.svg, not '%s'"), svg);
    /* the animation's cells take the studio's colours, its way the default answer's */
    if ((svg || frames) && page_given(pc, OPT_ANSWER_COLOUR))
        say_warning(N_("--answer-colour colours the page's answer: the animation (%s) draws its "
                       "way in violet"),
                    svg ? "--animate" : "--frames");
    return EXIT_OK;
}

/* --animate and --frames: writes the trace's animations; a runtime
 * failure names the file. */
int write_animations(const meiro_trace *trace, const meiro_maze *initial, const char *svg,
                     const char *frames)
{
    meiro_error err = {0};
    if (svg && meiro_animate_svg_save(trace, initial, svg, &err) != MEIRO_OK)
        return report_failure(svg, &err);
    if (frames && meiro_animate_frames(trace, initial, frames, 200, &err) != MEIRO_OK)
        return report_failure(frames, &err);
    return EXIT_OK;
}

/* A growing string; `failed` once memory ran out. */
typedef struct strbuf {
    char *s;
    size_t len, cap;
    bool failed;
} strbuf;

static void sb_add(strbuf *b, const char *text, size_t n)
{
    if (b->failed) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->failed = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->len, text, n);
    b->s[b->len += n] = 0;
}

/* " WORD", as one word of a POSIX shell: as it is when the shell takes
 * every character literally, else in single quotes (a quote as '\''). */
static void sb_word(strbuf *b, const char *word)
{
    bool plain = *word != 0;
    for (const char *p = word; *p && plain; p++)
        plain = isalnum((unsigned char)*p) || strchr("_-+=:,./@%", *p);
    sb_add(b, " ", 1);
    if (plain) {
        sb_add(b, word, strlen(word));
        return;
    }
    sb_add(b, "'", 1);
    for (const char *p = word; *p; p++) sb_add(b, *p == '\'' ? "'\\''" : p, *p == '\'' ? 4 : 1);
    sb_add(b, "'", 1);
}

char *remake_command(const char *command, int argc, char **argv, const char *shortopts,
                     const struct option *longopts, const char *not_content,
                     const char *const *tail)
{
    strbuf b = {0};
    sb_add(&b, "meiro", 5);
    sb_word(&b, command);
    optind = 0; /* from the start again (glibc: and its state) */
    int c, index;
    while ((void)(index = -1), (c = getopt_long(argc, argv, shortopts, longopts, &index)) != -1) {
        if (c == '?' || c == ':' || (c < 256 && strchr(not_content, c))) continue;
        if (index >= 0) { /* typed long: the full name (an abbreviation completed) */
            const struct option *o = &longopts[index];
            if (o->has_arg == optional_argument && optarg) {
                char *word = malloc(strlen(o->name) + strlen(optarg) + 4);
                if (!word) b.failed = true;
                else sprintf(word, "--%s=%s", o->name, optarg);
                if (word) sb_word(&b, word);
                free(word);
                continue;
            }
            sb_add(&b, " --", 3);
            sb_add(&b, o->name, strlen(o->name));
            if (o->has_arg == required_argument) sb_word(&b, optarg);
        } else {
            char flag[3] = {'-', (char)c, 0};
            const char *spec = strchr(shortopts, c);
            sb_word(&b, flag);
            if (spec && spec[1] == ':') sb_word(&b, optarg);
        }
    }
    for (; tail && *tail; tail++) sb_word(&b, *tail);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

static bool has_option(const struct option *longopts, const char *name)
{
    for (const struct option *o = longopts; o && o->name; o++)
        if (!strcmp(o->name, name)) return true;
    return false;
}

static bool is_generator(const char *name)
{
    for (size_t i = 0; i < meiro_generator_count(); i++) {
        const meiro_algorithm_desc *g = meiro_generator_info(i);
        if (!strcasecmp(g->name, name)) return true;
        for (const char *a = g->aliases; a && *a;) { /* aliases: words apart */
            size_t len = strcspn(a, " ");
            if (len == strlen(name) && !strncasecmp(a, name, len)) return true;
            a += len + (a[len] == ' ');
        }
    }
    return false;
}

/* An option named as a value of another (--heart, --polar, --dig, --a3,
 * --easy, --size 20x20, as other maze programs take them): the way the
 * command says it, in `hint` ("; did you mean '--shape heart'?"), if it has
 * that option. `value`: the word after '=', or the next argument. */
static bool value_as_option(const char *word, const char *value, const struct option *longopts,
                            char *hint, size_t size)
{
    meiro_grid grid;
    meiro_paper paper;
    meiro_level level;
    uint32_t w, h;
    const char *as = meiro_shape_min_grid(word, &w, &h)                      ? "--shape"
                     : meiro_grid_from_name(word, &grid, NULL) == MEIRO_OK   ? "--grid"
                     : is_generator(word)                                    ? "-a"
                     : meiro_paper_from_name(word, &paper, NULL) == MEIRO_OK ? "--paper"
                     : meiro_level_from_name(word, &level, NULL) == MEIRO_OK ? "--difficulty"
                                                                             : NULL;
    if (as && has_option(longopts, as[1] == 'a' ? "algorithm" : as + 2)) {
        snprintf(hint, size, "; did you mean '%s %s'?", as, word);
        return true;
    }
    unsigned long vw, vh;
    char end;
    if (!strcmp(word, "size") && has_option(longopts, "width")) {
        if (value && sscanf(value, "%lux%lu%c", &vw, &vh, &end) == 2)
            snprintf(hint, size, "; the size is given as '-W %lu -H %lu'", vw, vh);
        else snprintf(hint, size, "; the size is given as '-W WIDTH -H HEIGHT'");
        return true;
    }
    return false;
}

/* Shared handling of getopt's complaints: an unknown long option with the
 * nearest of the command's own (--widht: did you mean '--width'?), or the
 * option its name is a value of (value_as_option). */
int bad_option(const char *command, char **argv, int c, const struct option *longopts)
{
    const char *arg = argv[optind - 1];
    if (c == ':') return usage_error(command, N_("option '%s' needs a value"), arg);
    char names[2048] = "", word[64], hint[96] = "", msg[200];
    size_t n = 0;
    for (const struct option *o = longopts; o && o->name && n < sizeof names; o++)
        n += (size_t)snprintf(names + n, sizeof names - n, "--%s ", o->name);
    snprintf(word, sizeof word, "%.*s", (int)strcspn(arg, "="), arg);
    const char *eq = strchr(arg, '=');
    const char *value = eq ? eq + 1 : argv[optind];
    if (!strncmp(word, "--", 2) && !value_as_option(word + 2, value, longopts, hint, sizeof hint))
        meiro_name_hint(word, names, hint, sizeof hint);
    snprintf(msg, sizeof msg, N_("unknown option '%s'%s"), arg, hint);
    return usage_error(command, "%s", msg);
}

bool is_stdout(const char *output) { return !output || strcmp(output, "-") == 0; }

/* -f and a file whose extension names another format: a warning. */
/* Whether the name ends in one of the format's extensions (stl-ascii's
 * .stl, which names binary STL first). */
static bool own_extension(meiro_format format, const char *name)
{
    const char *dot = strrchr(name, '.'), *list = meiro_format_info(format)->extensions;
    if (!dot || strchr(dot, '/')) return false;
    size_t len = strlen(dot + 1);
    for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ')
        if (strcspn(p, " ") == len && strncasecmp(p, dot + 1, len) == 0) return true;
    return false;
}

void warn_name_format(meiro_format format, const char *output)
{
    meiro_format named;
    if (is_stdout(output) || meiro_format_from_filename(output, format, &named, NULL) != MEIRO_OK ||
        named == format || own_extension(format, output))
        return;
    say_warning(N_("writing %s into '%s', whose name says %s"), meiro_format_info(format)->name,
                output, meiro_format_info(named)->name);
}

/* Picks the output format: -f, else the output file's extension, else text. */
int output_format(const char *command, const char *fmt, const char *output, meiro_format *format)
{
    meiro_error err = {0};
    if (fmt) {
        if (meiro_format_from_name(fmt, format, &err) != MEIRO_OK)
            return usage_error(command, "%s", err.message);
        warn_name_format(*format, output);
        return EXIT_OK;
    }
    *format = MEIRO_FORMAT_TEXT;
    if (!is_stdout(output) &&
        meiro_format_from_filename(output, MEIRO_FORMAT_TEXT, format, &err) != MEIRO_OK)
        return usage_error(command, "%s", err.message);
    return EXIT_OK;
}

/* NAME.EXT -> NAME-answer.EXT (in the same folder); NULL when out of memory. */
/* output's name with `tail` before its extension, and `ext` (NULL: its
 * own) after it. */
static char *name_beside(const char *output, const char *tail, const char *ext)
{
    const char *base = strrchr(output, '/');
    base = base ? base + 1 : output;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - output) : strlen(output);
    if (!ext) ext = output + stem;
    char *name = malloc(stem + strlen(tail) + strlen(ext) + 1);
    if (name) sprintf(name, "%.*s%s%s", (int)stem, output, tail, ext);
    return name;
}

char *answer_name(const char *output) { return name_beside(output, "-answer", NULL); }

char *remake_name(const char *output) { return name_beside(output, ".remake", ".txt"); }

int write_result(const char *command, const meiro_job *job, const meiro_maze *m,
                 const meiro_path *path, meiro_format format, const meiro_export_options *page,
                 const char *output, const char *answers_to)
{
    meiro_error err = {0};
    meiro_status s;
    if (answers_to || meiro_answers_apart(format, page)) {
        /* the puzzle, and the answer in a second file: the one named, in
         * the format its name says, or (one page a file) NAME-answer.EXT
         * (check_output made sure there is a file) */
        meiro_export_options single = *page;
        single.answer_page = false;
        single.answers = MEIRO_ANSWERS_NONE;
        meiro_format second_format = format;
        if (answers_to &&
            meiro_format_from_filename(answers_to, format, &second_format, &err) != MEIRO_OK)
            return usage_error(command, "%s", err.message);
        char *second = answers_to ? strdup(answers_to) : answer_name(output);
        if (!second) return report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        meiro_export_options answers = single; /* the answer page alone */
        answers.answers_only = true;
        answers.play = false;
        /* the answers first: when they fail, no puzzle is left without
         * them; when the puzzle then fails, its answers are named */
        int rc = write_result(command, job, m, path, second_format, &answers, second, NULL);
        if (rc == EXIT_OK) {
            rc = write_result(command, job, m, NULL, format, &single, output, NULL);
            if (rc == EXIT_OK) say_line(N_("the answer is in %s"), second);
            else say_line(N_("the answers are in %s, without their puzzle"), second);
        }
        free(second);
        return rc;
    }
    if (is_stdout(output)) {
        const meiro_format_desc *info = meiro_format_info(format);
        if (info->binary && isatty(STDOUT_FILENO))
            return usage_error(command, N_("%s output is not for a terminal: name a file with -o"),
                               info->name);
        s = job ? meiro_job_write(job, m, path, format, page, stdout, &err)
                : meiro_write(m, path, format, page, stdout, &err);
    } else {
        s = job ? meiro_job_save(job, m, path, format, page, output, &err)
                : meiro_save(m, path, format, page, output, &err);
    }
    if (s == MEIRO_ERROR_ARGUMENT) return option_error(command, &err);
    if (s != MEIRO_OK) return report_failure(is_stdout(output) ? "stdout" : output, &err);
    return EXIT_OK;
}

/* Reads INPUT ('-' = stdin) in the given or guessed format. */
meiro_maze *load_input(const char *input, const char *input_format, int *rc)
{
    meiro_error err = {0};
    meiro_format format = MEIRO_FORMAT_COUNT;
    if (input_format && meiro_format_from_name(input_format, &format, &err) != MEIRO_OK) {
        *rc = report_failure(NULL, &err);
        return NULL;
    }
    meiro_maze *m;
    if (strcmp(input, "-") == 0)
        m = meiro_read(stdin, format == MEIRO_FORMAT_COUNT ? MEIRO_FORMAT_TEXT : format, &err);
    else m = meiro_load(input, format, &err);
    if (!m) *rc = report_failure(strcmp(input, "-") == 0 ? "stdin" : input, &err);
    return m;
}

int parse_grid(const char *command, const char *name, meiro_grid *grid)
{
    meiro_error err = {0};
    if (meiro_grid_from_name(name, grid, &err) != MEIRO_OK)
        return usage_error(command, "%s", err.message);
    return EXIT_OK;
}

int check_kinds_output(const char *command, unsigned kinds, meiro_grid grid, meiro_format format,
                       const char *answers_to)
{
    meiro_error err = {0};
    /* the kinds' rule: an animation draws rectangles, a format its grids */
    if (meiro_kind_check(kinds, grid, format, &err) != MEIRO_OK)
        return library_error(command, NULL, &err);
    meiro_format answers_format = format;
    if (answers_to && grid != MEIRO_GRID_RECT &&
        (meiro_format_from_filename(answers_to, format, &answers_format, &err) != MEIRO_OK ||
         meiro_export_grid_check(grid, answers_format, &err) != MEIRO_OK))
        return usage_error(command, "%s", err.message);
    return EXIT_OK;
}
