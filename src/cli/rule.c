/* meiro generate --rule and meiro booklet --rule: rule mazes for the
 * classroom, with their own options (parse, resolve, run: the library
 * makes and proves the sheets). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage_rule =
    "Usage: meiro generate --rule R [OPTIONS]\n"
    "       meiro generate --message TEXT [OPTIONS]\n"
    "       meiro booklet --rule R --copies N [OPTIONS]\n"
    "       meiro booklet --rule R --names FILE [OPTIONS]\n"
    "A rule maze: a grid of numbers, letters, kana or words where exactly one\n"
    "way from START to FINISH obeys the rule (moves go up, down, left, right);\n"
    "every sheet is proven to have one. An answer key follows in a PDF.\n"
    "\n"
    "      --rule R         multiples:N[,UPTO] (N 2-50; the numbers stay within\n"
    "                       the times table, N x 1 to N x UPTO: UPTO 5-20, default\n"
    "                       10, 12 for a x12 table), skip:N[,FROM] (count by N from\n"
    "                       FROM, default N), sum:N (add as you go, reach exactly N\n"
    "                       at FINISH; 5-60), abc[:ALPHABET][,CASE] (the alphabet\n"
    "                       in order: --lang's, or en es fr de pt zh ko ar\n"
    "                       zh-Hant, or zhuyin (ㄅ ㄆ ㄇ: Taiwan's); CASE\n"
    "                       upper, lower or mixed where it has them),\n"
    "                       aiueo[:hiragana|katakana], words:FILE (target words, a\n"
    "                       line \"--\", then look-alike distractors), chain[:FILE]\n"
    "                       (one word a line; each word starts with the last letter\n"
    "                       or kana of the one before: shiritori; without FILE the\n"
    "                       language's built-in words)\n"
    "                       or message:TEXT (a hidden message: one letter a cell\n"
    "                       along the way spells TEXT, 3-30 letters of --lang's\n"
    "                       alphabet or script, ASCII letters, digits or kana;\n"
    "                       spaces left out)\n"
    "      --message TEXT   the same as --rule message:TEXT, titled Hidden message\n"
    "      --difficulty L   easy (5x5), normal (6x6, default), hard (7x7) or expert\n"
    "                       (8x8): the grid, the path's length, how close the\n"
    "                       distractors come\n"
    "      --age N          the level for a child of N years (3-5 easy, 6-8\n"
    "                       normal, 9-12 hard, 13+ expert)\n"
    "      --lang L         en (default) ja es fr de pt zh ko ar: the rule's\n"
    "                       sentence, the page's words and abc's alphabet\n"
    "  -s, --seed N         seed (default: from the clock, printed on stderr); the\n"
    "                       same seed and options give the same sheets\n"
    "      --copies N       booklet: N different sheets (1-500), numbered, one a\n"
    "                       page (a class set), the key after them\n"
    "      --names FILE     booklet: a sheet for each pupil named in FILE (one\n"
    "                       name a line), each different, the name written on\n"
    "                       its name line and its key\n"
    "      --paper P        pdf and svg: a4 (default), a3, a5, a6, b4, b5, letter,\n"
    "                       legal, or a size such as 8.5x11in or 210x210mm\n"
    "      --per-page N     1 (default) or 2: two sheets a page, to cut in half\n"
    "      --title TEXT     the title (default: Rule maze, ルールめいろ)\n"
    "      --answers WHERE  key (default: the answer pages after the puzzles) or\n"
    "                       none\n"
    "      --play           xlsx: the child types x under the cells of the way;\n"
    "                       marked cells turn yellow and the sheet says Goal!\n"
    "                       (ゴール！) only for the rule path (an xlsx always plays)\n"
    "  -f, --format F       pdf, xlsx, html, text, json or svg (default: from the\n"
    "                       output file's extension, else text); html is a page\n"
    "                       to play (click or arrow through the tokens; a wrong\n"
    "                       one says why); svg is the sheet's page as printed;\n"
    "                       xlsx, html, text, json and svg hold one sheet\n"
    "      --solution       svg: the key's page (the rule path shaded)\n"
    "  -o, --output FILE    write to FILE (default, or '-': standard output)\n"
    "  -h, --help           show this help\n";

enum { R_RULE = 1000, R_MESSAGE, R_DIFFICULTY, R_AGE, R_LANG, R_COPIES, R_NAMES, R_PAPER, R_PER_PAGE, R_TITLE, R_ANSWERS, R_PLAY, R_SOLUTION };

static const struct option rule_options[] = {
    {"rule", required_argument, NULL, R_RULE},
    {"message", required_argument, NULL, R_MESSAGE},
    {"difficulty", required_argument, NULL, R_DIFFICULTY},
    {"age", required_argument, NULL, R_AGE},
    {"lang", required_argument, NULL, R_LANG},
    {"seed", required_argument, NULL, 's'},
    {"copies", required_argument, NULL, R_COPIES},
    {"names", required_argument, NULL, R_NAMES},
    {"paper", required_argument, NULL, R_PAPER},
    {"per-page", required_argument, NULL, R_PER_PAGE},
    {"title", required_argument, NULL, R_TITLE},
    {"answers", required_argument, NULL, R_ANSWERS},
    {"play", no_argument, NULL, R_PLAY},
    {"solution", no_argument, NULL, R_SOLUTION},
    {"format", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

const struct option *rule_option_table(void) { return rule_options; }

bool rule_asked(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) return false;
        if (!strcmp(argv[i], "--rule") || !strncmp(argv[i], "--rule=", 7)) return true;
        if (!strcmp(argv[i], "--message") || !strncmp(argv[i], "--message=", 10)) return true;
    }
    return false;
}

/* "meiro rule: message", the library's, in the messages' language. */
static void said(const char *cmd, const meiro_error *err)
{
    char translated[sizeof err->message * 2];
    fprintf(stderr, "meiro %s: %s\n", cmd, say(err->message, translated, sizeof translated));
}

int cmd_rule(int argc, char **argv, bool booklet)
{
    const char *cmd = booklet ? "booklet" : "generate";
    const char *rule = NULL, *lang = NULL, *title = NULL, *format = NULL, *output = NULL,
               *names_file = NULL;
    meiro_paper paper = MEIRO_PAPER_A4;
    double paper_w = 0, paper_h = 0;
    meiro_level level = MEIRO_LEVEL_NORMAL;
    uint64_t seed = 0, copies = 1, per_page = 1;
    bool seeded = false, answers = true, copies_set = false, play = false, solution = false,
         answers_set = false;
    meiro_error err = {0};
    char message[1000];
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":s:f:o:h", rule_options, NULL)) != -1) {
        switch (c) {
        case R_RULE:
            if (rule)
                return usage_error(cmd, N_("%s: one rule a maze (--rule or --message)"), "--rule");
            rule = optarg;
            break;
        case R_MESSAGE: /* the rule message:TEXT */
            if (rule)
                return usage_error(cmd, N_("%s: one rule a maze (--rule or --message)"),
                                   "--message");
            if (strlen(optarg) >= sizeof message - 8)
                return usage_error(cmd, N_("%s: too long"), "--message");
            snprintf(message, sizeof message, "message:%s", optarg);
            rule = message;
            break;
        case R_DIFFICULTY:
            if (meiro_level_from_name(optarg, &level, &err) != MEIRO_OK)
                return usage_error(cmd, N_("--difficulty: easy, normal, hard or expert, not '%s'"),
                                   optarg);
            break;
        case R_AGE: {
            uint64_t age;
            if (!parse_u64(optarg, 1000, &age) ||
                meiro_level_for_age((unsigned)age, &level, &err) != MEIRO_OK)
                return usage_error(cmd, N_("--age: a child's age, 3 to 120, not '%s'"), optarg);
            break;
        }
        case R_LANG:
            if (check_lang(cmd, optarg) != EXIT_OK) return EXIT_USAGE;
            lang = optarg;
            break;
        case 's':
            if (!parse_u64(optarg, UINT64_MAX, &seed))
                return usage_error(cmd, N_("--seed: a whole number, not '%s'"), optarg);
            seeded = true;
            break;
        case R_COPIES:
            if (!booklet)
                return usage_error(
                    cmd, N_("%s: one sheet; use 'meiro booklet --rule R --copies N'"), "--copies");
            if (!parse_u64(optarg, 500, &copies) || copies < 1)
                return usage_error(cmd, N_("--copies: 1 to 500 sheets, not '%s'"), optarg);
            copies_set = true;
            break;
        case R_NAMES:
            if (!booklet)
                return usage_error(
                    cmd, N_("%s: one sheet; use 'meiro booklet --rule R --names FILE'"), "--names");
            names_file = optarg;
            break;
        case R_PAPER:
            if (meiro_paper_parse(optarg, &paper, &paper_w, &paper_h, &err) != MEIRO_OK)
                return usage_error(cmd, "%s", err.message);
            break;
        case R_PER_PAGE:
            if (!parse_u64(optarg, 2, &per_page) || per_page < 1)
                return usage_error(cmd, N_("--per-page: 1 or 2, not '%s'"), optarg);
            break;
        case R_TITLE: title = optarg; break;
        case R_ANSWERS:
            answers_set = true;
            if (!strcmp(optarg, "none")) answers = false;
            else if (!strcmp(optarg, "key")) answers = true;
            else
                return usage_error(cmd, N_("--answers with --rule: key or none, not '%s'"), optarg);
            break;
        case R_PLAY: play = true; break;
        case R_SOLUTION: solution = true; break;
        case 'f': format = optarg; break;
        case 'o': output = optarg; break;
        case 'h': fputs(usage_rule, stdout); return EXIT_OK;
        case ':': return usage_error(cmd, N_("%s needs a value"), argv[optind - 1]);
        default:
            return usage_error(cmd, N_("%s is not an option of a rule maze (see --rule --help)"),
                               argv[optind - 1]);
        }
    }
    if (optind < argc) return usage_error(cmd, N_("unexpected argument '%s'"), argv[optind]);
    if (!rule) return usage_error(cmd, N_("%s needs a value"), "--rule");
    char *names_text = NULL;
    const char **names = NULL;
    if (names_file) { /* the copies are the pupils */
        unsigned count = 0;
        int rc = read_names(names_file, &names_text, &names, &count);
        if (rc == EXIT_OK && copies_set && copies != count) {
            char msg[600]; /* in English, translated as a whole by usage_error */
            snprintf(msg, sizeof msg, N_("--copies %u and %u names in '%s': give one of them"),
                     (unsigned)copies, count, names_file);
            rc = usage_error(cmd, "%s", msg);
        }
        if (rc == EXIT_OK && count > 500)
            rc = usage_error(cmd,
                             N_("--names: a class set of rule mazes is up to 500 sheets ('%s')"),
                             names_file);
        if (rc != EXIT_OK) {
            free(names);
            free(names_text);
            return rc;
        }
        copies = count;
    }
    size_t olen = output ? strlen(output) : 0;
    bool xlsx = format ? !strcmp(format, "xlsx") : olen > 5 && !strcmp(output + olen - 5, ".xlsx");
    if (play && !xlsx)
        return usage_error(cmd, N_("%s: a rule maze plays in an xlsx file (-f xlsx)"), "--play");
    /* an svg is one page: the puzzle, or with --solution the key's */
    bool svg = format ? !strcmp(format, "svg") : olen > 4 && !strcmp(output + olen - 4, ".svg");
    if (solution && !svg)
        return usage_error(cmd,
                           N_("%s: the key's page as svg (-f svg); a pdf has its key after the "
                              "puzzles (--answers key)"),
                           "--solution");
    if (svg && answers_set)
        return usage_error(cmd, N_("%s: an svg is one page; --solution draws the key's"),
                           "--answers");
    if (svg) answers = solution;
    if (!seeded) {
        seed = clock_seed();
        say_line(N_("seed %llu"), (unsigned long long)seed);
    }
    int rc = EXIT_OK;
    meiro_rule_sheet **sheets = calloc((size_t)copies, sizeof *sheets);
    if (!sheets) {
        say_line("%s", say_format(N_("out of memory")));
        rc = EXIT_FAIL;
        goto done;
    }
    for (uint64_t i = 0; i < copies; i++) {
        /* each copy its own seed, from the one given: copy i of seed S is
         * the sheet of seed S + i */
        sheets[i] = meiro_rule_sheet_new(rule, lang, level, seed + i, &err);
        if (sheets[i] && names && meiro_rule_sheet_set_name(sheets[i], names[i], &err) != MEIRO_OK) {
            rc = report_failure(names_file, &err);
            goto done;
        }
        if (!sheets[i]) {
            rc = err.status == MEIRO_ERROR_IO ? EXIT_FAIL : EXIT_USAGE;
            said(cmd, &err);
            goto done;
        }
    }
    if (meiro_rule_sheets_save_on((const meiro_rule_sheet *const *)sheets, (size_t)copies, format,
                                  output, title, (unsigned)per_page, answers, paper, paper_w,
                                  paper_h, &err) != MEIRO_OK) {
        if (err.status == MEIRO_ERROR_ARGUMENT || err.status == MEIRO_ERROR_UNKNOWN_NAME) {
            /* an option the library refused, a file type it does not know */
            said(cmd, &err);
            rc = EXIT_USAGE;
        } else {
            rc = report_failure(output, &err);
        }
    }
done:
    for (uint64_t i = 0; sheets && i < copies; i++) meiro_rule_sheet_free(sheets[i]);
    free(sheets);
    free(names);
    free(names_text);
    return rc;
}
