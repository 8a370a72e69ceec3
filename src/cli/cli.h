/* Shared by the command's source files: error reporting, parsing, and the
 * page options of generate, solve and booklet. */
#ifndef MEIRO_CLI_H
#define MEIRO_CLI_H

#include "meiro.h"

#include <getopt.h>

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* A message of the command in English, marked for the catalogues of po/
 * (make po): printed in the user's language by say (say.c). */
#define N_(english) english
/* The messages' language: --lang's in argv, else the locale's (LC_ALL,
 * LC_MESSAGES, LANG), when po/ has it; else English. main sets it once,
 * before the command (not for meiro serve, whose page words the messages
 * of its children itself). */
void say_language(int argc, char **argv);
/* A message formatted in English (the library's), translated into the
 * messages' language by the catalogue (into out); `english` itself when
 * the language is English or the catalogue lacks the message. */
const char *say(const char *english, char *out, size_t size);
/* The translation of a format of the command's (its msgid), to be filled
 * in as the English one: "%1$s" and "%2$s" may come in another order. */
#if defined(__GNUC__)
__attribute__((format_arg(1)))
#endif
const char *
say_format(const char *english);
/* "meiro: ...": fmt (N_("...")) translated, then filled in, on a line. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void say_line(const char *fmt, ...);
/* "meiro: warning: ...": fmt (N_("...")) translated, then filled in. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void say_warning(const char *fmt, ...);
/* The catalogue (made by tools/po2c.sh --messages from po/): the
 * languages, NULL-terminated, and a row a message, its English format and
 * its translation in each language, NULL after the last row. */
extern const char *const say_languages[], *const say_catalogue[];
/* The locale's language (LC_ALL, else LC_MESSAGES, else LANG) into out,
 * when meiro has words for it and it is not English. */
bool locale_lang(char *out, size_t size);

/* Reports a library error as "meiro: FILE:LINE:COL: message"; EXIT_FAIL,
 * or EXIT_USAGE for a size past a limit (MEIRO_ERROR_TOO_BIG). */
int report_failure(const char *file, const meiro_error *err);
/* "meiro COMMAND: message" and a --help hint; EXIT_USAGE. */
int usage_error(const char *command, const char *fmt, const char *arg);
/* --lang LANG of a command without a page's options: EXIT_OK when po/ has
 * the language, else the library's refusal and its "did you mean". */
int check_lang(const char *command, const char *lang);
bool parse_u64(const char *s, uint64_t max, uint64_t *out);
/* --difficulty NAME (c == OPT_DIFFICULTY) or --age YEARS: the level in
 * *out; else EXIT_USAGE with the library's message, for COMMAND. */
int parse_level(const char *command, int c, const char *arg, const meiro_level_desc **out);
/* A child's level (easy to hard: --age, --difficulty) shows S and G as
 * badges on every page (meiro_signs); level NULL or expert: as the page
 * decides. */
void page_signs_for_level(meiro_export_options *page, const meiro_level_desc *level);
uint64_t clock_seed(void);

/* The page options, shared by generate and solve. */
#define PAGE_HELP                                                                                  \
    "\n"                                                                                           \
    "Printable pages (pdf, svg, png, xlsx):\n"                                                     \
    "  -t, --template T     a page template by name or path (see 'meiro list');\n"                 \
    "                       the options below override it\n"                                       \
    "      --lang L         en ja es fr de pt zh ko ar zh-Hant: meiro's own words\n"               \
    "                       (answers, pages, fields) and messages (default: the\n"                 \
    "                       locale's, else en)\n"                                                  \
    "      --art NAME       pictures for S and G: bunny, mouse, bee, car, dog or\n"                \
    "                       rocket (see 'meiro list'), or none for the words\n"                    \
    "      --paper P        a4 (default; letter where the locale's country prints on\n"          \
    "                       it), a3, a5, a6, b4, b5 (JIS), letter, legal, or a size\n"            \
    "                       WxH in mm or in: 210x210mm, 6x9in\n"                                  \
    "      --landscape      the page's orientation (default: the one that gives\n"                 \
    "      --portrait       bigger cells: landscape for mazes wider than tall)\n"                  \
    "      --margin MM      page margin in millimetres (default 15)\n"                             \
    "      --bleed MM       pdf: the page grows by MM on every side for the print\n"               \
    "                       shop's cut (TrimBox, BleedBox); frame art runs into it\n"              \
    "      --gutter MM      pdf: more margin on the binding side (odd pages left,\n"               \
    "                       even pages right)\n"                                                   \
    "      --print P        pdf for a print service: kdp, ingram or lulu (its bleed\n"            \
    "                       edges, lines of 0.75 pt or more, its gutter), or home;\n"             \
    "                       or a machine: plotter (gcode, hpgl) or laser (dxf);\n"                \
    "                       or tactile: a sheet for swell paper (pdf, svg, png,\n"               \
    "                       page; stl, 3mf: a plate to 3D-print, its braille as\n"               \
    "                       domes): the centre-lines raised, cells of 19 mm or\n"                 \
    "                       more, S a circle and G a square, braille (liblouis);\n"                \
    "                       or large-print: for low vision (pdf, svg, png, page),\n"               \
    "                       walls 2 mm, cells 12 mm and more, no small print, the\n"               \
    "                       template large-print (with -t large-print-dyslexic:\n"                 \
    "                       in OpenDyslexic)\n"                                                    \
    "      --cell MM        cell size in millimetres (default: the largest that fits;\n"           \
    "                       10 and up suits young children)\n"                                     \
    "      --title TEXT     a title above the maze ('' for none)\n"                                \
    "      --subtitle TEXT  a line under the title\n"                                              \
    "      --name NAME      written on the template's name line\n"                                 \
    "      --footer TEXT    the footer's words (the seed follows them)\n"                          \
    "      --no-footer      no footer (PDF metadata keeps the seed)\n"                             \
    "      --answers WHERE  none, after-page (each puzzle page, then its answer),\n"               \
    "                       key (answers at the end) or back (each on the back of\n"               \
    "                       its puzzle's leaf); default: the template's (svg,\n"                   \
    "                       png, html, text: the answer goes to NAME-answer.EXT)\n"                \
    "      --answer-page    the same as --answers after-page\n"                                    \
    "      --answer-colour C  the answer's colour: violet (default: told from the\n"               \
    "                       walls and the paper with any colour-blind vision),\n"                 \
    "                       red, blue, orange, green, magenta, black or #rrggbb\n"                \
    "      --answers-to F   the answers in file F (its format from its name), the\n"               \
    "                       puzzles alone in the output\n"                                         \
    "      --play           xlsx: the sheet checks the way marked in it (Goal!,\n"                 \
    "                       the way turning green)\n"
/* generate and solve's pictures (a booklet refuses them) */
#define PICTURE_HELP                                                                               \
    "      --dpi N          png resolution (default 300; 96 for screens)\n"                        \
    "      --crop           pdf, svg, png: only the maze with a small border\n"

/* Options of the printable pages, shared by generate and solve. */
enum {
    /* the page options, OPT_PAPER to OPT_PLAY (a bit each in page_cli.set) */
    OPT_PAPER = 256,
    OPT_LANDSCAPE,
    OPT_PORTRAIT,
    OPT_MARGIN,
    OPT_CELL,
    OPT_TITLE,
    OPT_ANSWER_PAGE,
    OPT_ANSWERS,
    OPT_DPI,
    OPT_CROP,
    OPT_SUBTITLE,
    OPT_NAME,
    OPT_FOOTER,
    OPT_NO_FOOTER,
    OPT_LANG,
    OPT_BLEED,
    OPT_GUTTER,
    OPT_PRINT,
    OPT_ANSWER_COLOUR,
    OPT_PLAY,
    OPT_BIAS,
    OPT_LOOPS,
    OPT_ENDS,
    OPT_START,
    OPT_GOAL,
    OPT_FROM,
    OPT_TO,
    OPT_DIFFICULTY,
    OPT_AGE,
    OPT_COVER,
    OPT_NO_COVER,
    OPT_ANIMATE,
    OPT_FRAMES,
    OPT_ART,
    OPT_FOLD,
    OPT_ANSWERS_TO,
    OPT_SHAPE,
    OPT_TEXT,
    OPT_NO_BRIDGES,
    OPT_GRID,
    /* booklet's and watch's own */
    OPT_GRIDS,
    OPT_COPIES,
    OPT_NAMES,
    OPT_CONTENTS,
    OPT_NO_CONTENTS,
    OPT_SHEET,
    OPT_SIGNATURE,
    OPT_CREEP,
    OPT_KEY_PER_PAGE,
    OPT_DELAY,
    OPT_WEAVE,
    OPT_SERIES,
    OPT_MISSION, /* generate's missions */
    OPT_ONE_WAY,
    OPT_KINDS, /* booklet's kinds of maze */
    OPT_LEVELS, /* generate's floors */
    OPT_PDFX,   /* booklet's and cover's PDF/X */
    OPT_SAME_MAZES, /* booklet's class set of one sheet */
    OPT_WORKINGS, /* booklet's workings on its pages, or not */
    OPT_NO_WORKINGS,
    OPT_BALL, /* generate's 3D print: its sizes and its lid */
    OPT_WALL,
    OPT_WALL_HEIGHT,
    OPT_BASE,
    OPT_LID,
    OPT_DRAW, /* generate's drawing and machines (page/machine.h) */
    OPT_KERF,
    OPT_CUT,
    OPT_PEN,
    OPT_CUT_COLOUR,
    OPT_ENGRAVE_COLOUR,
    OPT_CHOICES, /* generate's way with a set number of choices */
    OPT_WRAP,         /* generate's sides joined */
    OPT_TACTILE_LEVEL /* generate's pre-braille progression */
};
#define GRID_HELP                                                                                  \
    "      --grid G         rect (default), polar (theta: a round maze, -H rings\n"                \
    "                       around the centre, -W unused), hex (sigma: -W x -H\n"                  \
    "                       hexagons) or triangle (delta: -W x -H triangles);\n"                   \
    "                       polar, hex and triangle: pdf, svg, png, json, page,\n"                 \
    "                       stl or 3mf\n"
#define WATCH_LONGOPTS                                                                             \
    {"animate", required_argument, NULL, OPT_ANIMATE},                                             \
    {                                                                                              \
        "frames", required_argument, NULL, OPT_FRAMES                                              \
    }
#define PAGE_LONGOPTS                                                                              \
    {"template", required_argument, NULL, 't'}, {"lang", required_argument, NULL, OPT_LANG},       \
        {"art", required_argument, NULL, OPT_ART},                                                 \
        {"answers-to", required_argument, NULL, OPT_ANSWERS_TO},                                   \
        {"paper", required_argument, NULL, OPT_PAPER},                                             \
        {"landscape", no_argument, NULL, OPT_LANDSCAPE},                                           \
        {"portrait", no_argument, NULL, OPT_PORTRAIT},                                             \
        {"margin", required_argument, NULL, OPT_MARGIN},                                           \
        {"bleed", required_argument, NULL, OPT_BLEED},                                             \
        {"gutter", required_argument, NULL, OPT_GUTTER},                                           \
        {"print", required_argument, NULL, OPT_PRINT},                                             \
        {"answer-colour", required_argument, NULL, OPT_ANSWER_COLOUR},                             \
        {"answer-color", required_argument, NULL, OPT_ANSWER_COLOUR},                              \
        {"cell", required_argument, NULL, OPT_CELL},                                               \
        {"title", required_argument, NULL, OPT_TITLE},                                             \
        {"answer-page", no_argument, NULL, OPT_ANSWER_PAGE},                                       \
        {"answers", required_argument, NULL, OPT_ANSWERS},                                         \
        {"subtitle", required_argument, NULL, OPT_SUBTITLE},                                       \
        {"name", required_argument, NULL, OPT_NAME},                                               \
        {"footer", required_argument, NULL, OPT_FOOTER},                                           \
        {"no-footer", no_argument, NULL, OPT_NO_FOOTER},                                           \
        {"dpi", required_argument, NULL, OPT_DPI}, {"crop", no_argument, NULL, OPT_CROP},          \
    {                                                                                              \
        "play", no_argument, NULL, OPT_PLAY                                                        \
    }

/* The page options as given: they override the template's, which is only
 * known once every option has been read. */
typedef struct page_cli {
    const char *command; /* "generate": its messages and its options */
    meiro_export_options v;
    unsigned set; /* bit (OPT_x - OPT_PAPER) for each option given */
    const char *template_name;
    const char *art;               /* --art, or NULL */
    const char *answers_to;        /* --answers-to FILE: the answers apart, or NULL */
    const struct option *longopts; /* the command's (command_options) */
    meiro_template *tpl;
    char locale_lang[8]; /* the language the locale gave (no --lang), else "" */
    bool locale_letter;  /* US Letter, as the locale's country prints (no --paper) */
} page_cli;

void page_cli_init(page_cli *pc, const char *command);
/* The options given against the format: --landscape with --portrait is a
 * usage error; those the format does not use a warning, in one line. */
int page_options_check(const char *command, const page_cli *pc, meiro_format format);
/* Handles one page option, or reports c as an unknown option (getopt's
 * complaint); returns the exit code (EXIT_OK to go on). */
int page_option(const char *command, int c, page_cli *pc, char **argv);
/* Loads the template named (if any) into pc->tpl: EXIT_OK, or the error
 * said (an unknown name a usage error, naming the option); then the
 * language and the paper the locale gives when the options and the
 * template give none (pc->locale_lang, pc->locale_letter). */
int page_template(page_cli *pc);
/* The page options given, as the library's MEIRO_GIVEN_* bits of a page
 * (those a template also sets): which of pc->v wins over the template. */
unsigned page_given_bits(const page_cli *pc);
/* Loads the template (if any) and lays the given options over it
 * (meiro_export_options_resolve). */
int page_finish(page_cli *pc, meiro_export_options *page);

/* NAME.EXT -> NAME-answer.EXT, where answers apart go unless named
 * (malloc'd; NULL when out of memory). */
char *answer_name(const char *output);
/* "book.remake.txt" for "book.pdf": a booklet's remaking file, beside it
 * (malloc'ed; NULL without memory). */
char *remake_name(const char *output);

/* The options of each command, as its parser reads them (also for "did
 * you mean", the remaking command and naming an error's field). */
extern const struct option generate_options[], solve_options[], booklet_options[], watch_options[];
/* The options table of `command` ("generate"); NULL for another. */
const struct option *command_options(const char *command);

/* A library failure: a name or option the user got wrong is a usage error
 * (naming the command's options for the field it is about: "(option:
 * --dpi)"), anything else a runtime failure about `file`. */
int library_error(const char *command, const char *file, const meiro_error *err);
/* usage_error for a library error about an option: its message and the
 * command's options for err->field. */
int option_error(const char *command, const meiro_error *err);
/* The command line that makes the same output again, built from the
 * parser's own table: "meiro COMMAND", then every option of argv as the
 * parser read it (a long one by its full name, a value as typed), but
 * those whose short letters are in `not_content` (help; the output's own
 * name, which must not change its bytes), each a POSIX shell word (quoted
 * where the shell would change it), then the words of `tail`
 * (NULL-terminated, or NULL). malloc'd; NULL when out of memory. Parses
 * argv again: call it once the options were read. */
char *remake_command(const char *command, int argc, char **argv, const char *shortopts,
                     const struct option *longopts, const char *not_content,
                     const char *const *tail);
/* getopt's complaints, as usage errors (with the nearest of longopts). */
int bad_option(const char *command, char **argv, int c, const struct option *longopts);
bool is_stdout(const char *output);
/* The one INPUT operand of solve and stats; reading it ('-': stdin). */
int single_input(const char *command, int argc, char **argv, const char **input);
meiro_maze *load_input(const char *input, const char *input_format, int *rc);

/* -f and a file whose extension names another format: a warning. */
void warn_name_format(meiro_format format, const char *output);
/* -f (with a warning if the file's extension says otherwise), else the
 * output file's extension, else text. */
int output_format(const char *command, const char *fmt, const char *output, meiro_format *format);
/* Writes the result to standard output or atomically to `output`, with the
 * job's settings that no options struct holds (a 3D print's sizes, the
 * drawing's and the machines'; job NULL: the defaults). */
int write_result(const char *command, const meiro_job *job, const meiro_maze *m,
                 const meiro_path *path, meiro_format format, const meiro_export_options *page,
                 const char *output, const char *answers_to);
/* Refuses (EXIT_FAIL, saying why) work that draws text (the page formats,
 * PNG frames) when `ulimit -v` leaves less than the fonts need; EXIT_OK
 * otherwise. */
int check_memory_floor(const char *command, meiro_format format, bool frames);
/* A file a command reads, and the option (or operand) that names it. */
typedef struct input_file {
    const char *what, *file; /* "the --names file", "names.txt"; file NULL: none */
} input_file;
/* Refuses (EXIT_USAGE, saying which) an output (`output`, `answers_to`:
 * NULL or '-' for none) that is one of the command's inputs, the same file
 * by device and inode, or the same name in the same folder for one not
 * made yet (a new series' ledger): meiro_same_file, as --answers-to
 * against -o. meiro never writes over what it reads. Standard input and
 * what is no regular file (a device, a folder) are no file to lose. */
int check_not_inputs(const char *command, const char *output, const char *answers_to,
                     const input_file *inputs, size_t count);
/* The checks that need no maze (page, resolution, format, animation
 * size), before any work; the exit code (EXIT_OK to go on). */
int check_output(const char *command, meiro_grid grid, uint32_t width, uint32_t height,
                 meiro_format format, const meiro_export_options *page, const char *output,
                 const char *answers_to, bool animate);
/* --grid: the grid named (usage error EXIT_USAGE if unknown). */
int parse_grid(const char *command, const char *name, meiro_grid *grid);
/* Whether a maze of `kinds` (meiro_kind bits: an animation, a mission...)
 * on `grid` can be written as `format` and its answers as --answers-to
 * says (the library's kinds table, meiro_kind_check): EXIT_OK, or the
 * refusal said (EXIT_USAGE). */
int check_kinds_output(const char *command, unsigned kinds, meiro_grid grid, meiro_format format,
                       const char *answers_to);
/* --animate's file: an SVG (NAME.svg, or a name without extension such as
 * /dev/stdout); another extension is a usage error. --answer-colour with
 * --animate or --frames: a warning (the animation keeps its violet). */
int check_animate(const char *command, const page_cli *pc, const char *svg, const char *frames);
/* --animate and --frames: writes the trace's animations; a runtime
 * failure names the file. */
int write_animations(const meiro_trace *trace, const meiro_maze *initial, const char *svg,
                     const char *frames);

/* The commands, one file each. */
int cmd_generate(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_booklet(int argc, char **argv);
/* --names FILE: the pupils' names, one a line (booklet.c; a booklet's and a
 * rule maze's class set) into *names, NULL-terminated, pointing into *text
 * (free both); the exit code, the message naming the file and line. */
int read_names(const char *file, char **text, const char ***names, unsigned *count);
/* --rule: a rule maze (rule.c), for generate and booklet */
bool rule_asked(int argc, char **argv);
/* its options (meiro serve reads a rule maze's query by them) */
const struct option *rule_option_table(void);
int cmd_rule(int argc, char **argv, bool booklet);
/* --picture: a picture maze (picture.c), for generate */
bool picture_asked(int argc, char **argv);
/* its options (meiro serve reads a picture maze's query by them) */
const struct option *picture_option_table(void);
int cmd_picture(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_draw(int argc, char **argv);
int cmd_preflight(int argc, char **argv);
int cmd_cover(int argc, char **argv);
int cmd_watch(int argc, char **argv);
/* in src/serve/serve.c: the server, a front end of its own (libmicrohttpd) */
int cmd_serve(int argc, char **argv);

#endif
