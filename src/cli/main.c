/* The meiro command: parses options, calls the library, reports errors.
 * Exit status: 0 success, 1 runtime failure, 2 usage error. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


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

static const char *const usage_generate =
    "Usage: meiro generate [OPTIONS]\n"
    "Make a new perfect maze (one path between any two cells).\n"
    "\n"
    "  -W, --width N        cells across (default 20)\n"
    "  -H, --height N       cells down (default 15)\n"
    "  -a, --algorithm A    generator (default cluster; see 'meiro list')\n"
    "      --bias B         growing-tree: 0 = newest cell (like dig) .. 1 = random\n"
    "                       cell (like prim); default 0.5\n"
    "      --loops P        open P% of the dead ends into loops (default 0: one\n"
    "                       solution)\n"
    "      --ends E         corners (default), farthest (the two ends of the longest\n"
    "                       path) or border (openings in the outer wall)\n"
    "      --start X,Y      put S in cell X,Y (0-based); needs --goal\n"
    "      --goal X,Y       put G in cell X,Y\n"
    "  -s, --seed N         seed, 0 to 18446744073709551615 (default: from the clock,\n"
    "                       printed on stderr); the same seed gives the same maze\n"
    "      --solution       draw the shortest path from S to G\n"
    "  -m, --solver M       solver used for --solution (default bfs)\n"
    "  -f, --format F       text, csv, ascii, unicode, pdf, svg, png or xlsx\n"
    "                       (default: from the output file's extension, else text)\n"
    "  -o, --output FILE    write to FILE (default, or '-': standard output)\n"
    "  -h, --help           show this help\n"
    "      --animate F.svg  also write an animated SVG of the generation (and of\n"
    "                       the solving, with --solution)\n"
    "      --frames DIR     also write numbered PNG frames of it into DIR\n"
    PAGE_HELP;

static const char *const usage_solve =
    "Usage: meiro solve [OPTIONS] INPUT\n"
    "Solve the maze in INPUT (a text or CSV maze; '-' reads standard input) and\n"
    "write it with the path from S to G marked.\n"
    "\n"
    "  -m, --solver M       solver (default bfs; see 'meiro list')\n"
    "  -i, --input-format F text or csv (default: from INPUT's extension, else text)\n"
    "  -f, --format F       output format (default: from the output file's\n"
    "                       extension, else text)\n"
    "  -o, --output FILE    write to FILE (default, or '-': standard output)\n"
    "  -h, --help           show this help\n"
    "      --animate F.svg  also write an animated SVG of the search\n"
    "      --frames DIR     also write numbered PNG frames of it into DIR\n"
    PAGE_HELP;

/* Reports a library error: "meiro: FILE:LINE:COL: message". */
int fail(const char *file, const meiro_error *err)
{
    const char *msg = err->message[0] ? err->message : meiro_strerror(err->status);
    if (file && err->line && err->column)
        fprintf(stderr, "meiro: %s:%lu:%lu: %s\n", file, err->line, err->column, msg);
    else if (file && err->line)
        fprintf(stderr, "meiro: %s:%lu: %s\n", file, err->line, msg);
    else if (file)
        fprintf(stderr, "meiro: %s: %s\n", file, msg);
    else
        fprintf(stderr, "meiro: %s\n", msg);
    return EXIT_FAIL;
}

int usage_error(const char *command, const char *fmt, const char *arg)
{
    fprintf(stderr, "meiro%s%s: ", command ? " " : "", command ? command : "");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'meiro%s%s --help'.\n", command ? " " : "", command ? command : "");
    return EXIT_USAGE;
}

/* A library failure: a name the user typed wrong (algorithm, solver) or an
 * option out of range is a usage error; anything else a runtime failure
 * about `file`. */
int library_error(const char *command, const char *file, const meiro_error *err)
{
    if (err->status == MEIRO_ERROR_UNKNOWN_NAME || err->status == MEIRO_ERROR_ARGUMENT)
        return usage_error(command, "%s", err->message);
    return fail(file, err);
}

/* The one INPUT operand of solve and stats. */
int single_input(const char *command, int argc, char **argv, const char **input)
{
    if (optind >= argc) return usage_error(command, "%s", "missing INPUT (a maze file, or '-')");
    if (optind + 1 < argc) return usage_error(command, "unexpected argument '%s'", argv[optind + 1]);
    *input = argv[optind];
    return EXIT_OK;
}

bool parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ') return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > max) return false;
    *out = v;
    return true;
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

/* "X,Y" with whole numbers. */
static bool parse_cell(const char *s, meiro_cell *cell)
{
    const char *comma = strchr(s, ',');
    if (!comma) return false;
    char x[24];
    size_t n = (size_t)(comma - s);
    if (n == 0 || n >= sizeof x) return false;
    memcpy(x, s, n);
    x[n] = 0;
    uint64_t cx, cy;
    if (!parse_u64(x, MEIRO_MAX_SIDE, &cx) || !parse_u64(comma + 1, MEIRO_MAX_SIDE, &cy)) return false;
    *cell = (meiro_cell){(uint32_t)cx, (uint32_t)cy};
    return true;
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

void page_cli_init(page_cli *pc)
{
    memset(pc, 0, sizeof *pc);
    meiro_export_options_init(&pc->v);
}

/* Handles one page option; returns -1 if c is not one, else an exit code. */
int page_option(const char *command, int c, page_cli *pc, char **argv)
{
    meiro_error err = {0};
    meiro_export_options *page = &pc->v;
    uint64_t v;
    if (c >= OPT_PAPER && c <= OPT_LANG) pc->set |= 1u << (c - OPT_PAPER);
    switch (c) {
    case 't': pc->template_name = optarg; return EXIT_OK;
    case OPT_LANG:
        if (!meiro_lang_known(optarg))
            return usage_error(command, "unknown language '%s' (en or ja)", optarg);
        page->lang = optarg;
        return EXIT_OK;
    case OPT_PAPER:
        if (meiro_paper_from_name(optarg, &page->paper, &err) != MEIRO_OK)
            return usage_error(command, "%s", err.message);
        return EXIT_OK;
    case OPT_LANDSCAPE: page->orientation = MEIRO_ORIENT_LANDSCAPE; return EXIT_OK;
    case OPT_PORTRAIT: page->orientation = MEIRO_ORIENT_PORTRAIT; return EXIT_OK;
    case OPT_MARGIN:
        if (!parse_mm(optarg, &page->margin_mm))
            return usage_error(command, "--margin takes millimetres, not '%s'", optarg);
        return EXIT_OK;
    case OPT_CELL:
        if (!parse_mm(optarg, &page->cell_mm) || page->cell_mm <= 0)
            return usage_error(command, "--cell takes millimetres above 0, not '%s'", optarg);
        return EXIT_OK;
    case OPT_TITLE: page->title = optarg; return EXIT_OK;
    case OPT_ANSWER_PAGE: page->answer_page = true; return EXIT_OK;
    case OPT_DPI:
        if (!parse_u64(optarg, 2400, &v) || v < 30)
            return usage_error(command, "--dpi must be a whole number from 30 to 2400, not '%s'", optarg);
        page->dpi = (unsigned)v;
        return EXIT_OK;
    case OPT_CROP: page->crop = true; return EXIT_OK;
    default: return bad_option(command, argv, c);
    }
}

/* Loads the template (if any) and lays the given options over it. */
int page_finish(page_cli *pc, meiro_export_options *page)
{
    if (pc->template_name) {
        meiro_error err = {0};
        pc->tpl = meiro_template_load(pc->template_name, &err);
        if (!pc->tpl) {
            if (err.status == MEIRO_ERROR_UNKNOWN_NAME) return usage_error(NULL, "%s", err.message);
            return fail(err.source[0] ? err.source : pc->template_name, &err);
        }
    }
    meiro_export_options_from_template(page, pc->tpl);
#define GIVEN(opt) (pc->set & (1u << ((opt) - OPT_PAPER)))
    if (GIVEN(OPT_PAPER)) page->paper = pc->v.paper;
    if (GIVEN(OPT_LANDSCAPE) || GIVEN(OPT_PORTRAIT)) page->orientation = pc->v.orientation;
    if (GIVEN(OPT_MARGIN)) page->margin_mm = pc->v.margin_mm;
    if (GIVEN(OPT_CELL)) page->cell_mm = pc->v.cell_mm;
    if (GIVEN(OPT_TITLE)) page->title = pc->v.title;
    if (GIVEN(OPT_ANSWER_PAGE)) page->answer_page = true;
    if (GIVEN(OPT_DPI)) page->dpi = pc->v.dpi;
    if (GIVEN(OPT_CROP)) page->crop = true;
    if (GIVEN(OPT_LANG)) page->lang = pc->v.lang;
#undef GIVEN
    return EXIT_OK;
}

/* --animate and --frames: writes the trace's animations; a runtime
 * failure names the file. */
static int write_animations(const meiro_trace *trace, const meiro_maze *initial, uint32_t w,
                            uint32_t h, const char *svg, const char *frames)
{
    meiro_error err = {0};
    if (svg && meiro_animate_svg_save(trace, initial, w, h, svg, &err) != MEIRO_OK) return fail(svg, &err);
    if (frames && meiro_animate_frames(trace, initial, w, h, frames, 200, &err) != MEIRO_OK)
        return fail(frames, &err);
    return EXIT_OK;
}

/* Shared handling of getopt's complaints. */
int bad_option(const char *command, char **argv, int c)
{
    if (c == ':') return usage_error(command, "option '%s' needs a value", argv[optind - 1]);
    return usage_error(command, "unknown option '%s'", argv[optind - 1]);
}

bool is_stdout(const char *output) { return !output || strcmp(output, "-") == 0; }

/* Picks the output format: -f, else the output file's extension, else text. */
static int output_format(const char *command, const char *fmt, const char *output,
                         meiro_format *format)
{
    meiro_error err = {0};
    if (fmt) {
        if (meiro_format_from_name(fmt, format, &err) != MEIRO_OK)
            return usage_error(command, "%s", err.message);
        return EXIT_OK;
    }
    *format = MEIRO_FORMAT_TEXT;
    if (!is_stdout(output) &&
        meiro_format_from_filename(output, MEIRO_FORMAT_TEXT, format, &err) != MEIRO_OK)
        return usage_error(command, "%s", err.message);
    return EXIT_OK;
}

static int write_result(const char *command, const meiro_maze *m, const meiro_path *path,
                        meiro_format format, const meiro_export_options *page,
                        const char *output)
{
    meiro_error err = {0};
    meiro_status s;
    if (is_stdout(output)) {
        const meiro_format_info *info = meiro_format_info_get(format);
        if (info->binary && isatty(STDOUT_FILENO))
            return usage_error(command, "%s output is not for a terminal: name a file with -o",
                               info->name);
        s = meiro_write(m, path, format, page, stdout, &err);
    } else {
        s = meiro_save(m, path, format, page, output, &err);
    }
    if (s == MEIRO_ERROR_ARGUMENT) return usage_error(command, "%s", err.message);
    if (s != MEIRO_OK) return fail(is_stdout(output) ? "stdout" : output, &err);
    return EXIT_OK;
}

static int cmd_generate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"width", required_argument, NULL, 'W'},  {"height", required_argument, NULL, 'H'},
        {"algorithm", required_argument, NULL, 'a'}, {"seed", required_argument, NULL, 's'},
        {"solution", no_argument, NULL, 'S'},     {"solver", required_argument, NULL, 'm'},
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},         PAGE_LONGOPTS,
        {"bias", required_argument, NULL, OPT_BIAS}, {"loops", required_argument, NULL, OPT_LOOPS},
        {"ends", required_argument, NULL, OPT_ENDS}, {"start", required_argument, NULL, OPT_START},
        {"goal", required_argument, NULL, OPT_GOAL}, WATCH_LONGOPTS,
        {NULL, 0, NULL, 0},
    };
    const char *animate = NULL, *frames = NULL;
    page_cli pc;
    page_cli_init(&pc);
    meiro_export_options page;
    bool has_start = false, has_goal = false;
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    const char *fmt = NULL, *output = NULL, *solver = NULL;
    bool solution = false, seeded = false;
    uint64_t v;
    int c;
    while ((c = getopt_long(argc, argv, ":W:H:a:s:m:f:o:t:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'W':
        case 'H':
            if (!parse_u64(optarg, MEIRO_MAX_SIDE, &v) || v == 0)
                return usage_error("generate", "%s must be a whole number from 1 to 65535",
                                   c == 'W' ? "--width" : "--height");
            *(c == 'W' ? &opt.width : &opt.height) = (uint32_t)v;
            break;
        case 'a': opt.algorithm = optarg; break;
        case 's':
            if (!parse_u64(optarg, UINT64_MAX, &opt.seed))
                return usage_error("generate", "--seed must be a whole number, not '%s'", optarg);
            seeded = true;
            break;
        case 'S': solution = true; break;
        case 'm': solver = optarg; break;
        case OPT_BIAS: {
            char *end;
            opt.bias = strtod(optarg, &end);
            if (*end || end == optarg || !(opt.bias >= 0 && opt.bias <= 1))
                return usage_error("generate", "--bias is a number from 0 to 1, not '%s'", optarg);
            break;
        }
        case OPT_LOOPS:
            if (!parse_u64(optarg, 100, &v))
                return usage_error("generate", "--loops is a percentage from 0 to 100, not '%s'", optarg);
            opt.loops = (unsigned)v;
            break;
        case OPT_ENDS: {
            meiro_error e = {0};
            if (meiro_ends_from_name(optarg, &opt.ends, &e) != MEIRO_OK)
                return usage_error("generate", "%s", e.message);
            break;
        }
        case OPT_ANIMATE: animate = optarg; break;
        case OPT_FRAMES: frames = optarg; break;
        case OPT_START:
        case OPT_GOAL:
            if (!parse_cell(optarg, c == OPT_START ? &opt.start : &opt.goal))
                return usage_error("generate", "--start and --goal take a cell as X,Y "
                                               "(0-based), not '%s'", optarg);
            *(c == OPT_START ? &has_start : &has_goal) = true;
            break;
        case 'f': fmt = optarg; break;
        case 'o': output = optarg; break;
        case 'h': fputs(usage_generate, stdout); return EXIT_OK;
        default: {
            int rc = page_option("generate", c, &pc, argv);
            if (rc != EXIT_OK) return rc;
        }
        }
    }
    if (optind < argc) return usage_error("generate", "unexpected argument '%s'", argv[optind]);
    if (has_start != has_goal)
        return usage_error("generate", "%s", "--start and --goal go together");
    if (has_start) opt.ends = MEIRO_ENDS_CELLS;
    meiro_format format;
    int rc = output_format("generate", fmt, output, &format);
    if (rc == EXIT_OK) rc = page_finish(&pc, &page);
    if (rc != EXIT_OK) {
        meiro_template_free(pc.tpl);
        return rc;
    }

    meiro_error err = {0};
    if (!seeded) opt.seed = clock_seed();
    meiro_trace *trace = animate || frames ? meiro_trace_new() : NULL;
    meiro_observer watcher = trace ? meiro_trace_observer(trace) : (meiro_observer){0};
    if (trace) opt.observer = &watcher;
    meiro_maze *m = meiro_generate(&opt, &err);
    if (!m) {
        meiro_template_free(pc.tpl);
        meiro_trace_free(trace);
        return library_error("generate", NULL, &err);
    }
    if (!seeded)
        fprintf(stderr, "meiro: seed %llu (use -s %llu to make this maze again)\n",
                (unsigned long long)opt.seed, (unsigned long long)opt.seed);
    meiro_path path = {0};
    solution = solution || page.answer_page;
    if (solution && meiro_solve_watched(m, solver, trace ? &watcher : NULL, &path, &err) != MEIRO_OK) {
        meiro_maze_free(m);
        meiro_template_free(pc.tpl);
        meiro_trace_free(trace);
        return library_error("generate", NULL, &err);
    }
    rc = write_result("generate", m, solution ? &path : NULL, format, &page, output);
    if (rc == EXIT_OK && trace) rc = write_animations(trace, NULL, opt.width, opt.height, animate, frames);
    meiro_trace_free(trace);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_template_free(pc.tpl);
    return rc;
}

/* Reads INPUT ('-' = stdin) in the given or guessed format. */
meiro_maze *load_input(const char *input, const char *input_format, int *rc)
{
    meiro_error err = {0};
    meiro_format format = MEIRO_FORMAT_COUNT;
    if (input_format && meiro_format_from_name(input_format, &format, &err) != MEIRO_OK) {
        *rc = fail(NULL, &err);
        return NULL;
    }
    meiro_maze *m;
    if (strcmp(input, "-") == 0)
        m = meiro_read(stdin, format == MEIRO_FORMAT_COUNT ? MEIRO_FORMAT_TEXT : format, &err);
    else
        m = meiro_load(input, format, &err);
    if (!m) *rc = fail(strcmp(input, "-") == 0 ? "stdin" : input, &err);
    return m;
}

static int cmd_solve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"solver", required_argument, NULL, 'm'}, {"input-format", required_argument, NULL, 'i'},
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},         PAGE_LONGOPTS,
        WATCH_LONGOPTS,                           {NULL, 0, NULL, 0},
    };
    page_cli pc;
    page_cli_init(&pc);
    meiro_export_options page;
    const char *solver = NULL, *fmt = NULL, *output = NULL, *input_format = NULL;
    const char *animate = NULL, *frames = NULL;
    int c;
    while ((c = getopt_long(argc, argv, ":m:i:f:o:t:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'm': solver = optarg; break;
        case 'i': input_format = optarg; break;
        case 'f': fmt = optarg; break;
        case 'o': output = optarg; break;
        case OPT_ANIMATE: animate = optarg; break;
        case OPT_FRAMES: frames = optarg; break;
        case 'h': fputs(usage_solve, stdout); return EXIT_OK;
        default: {
            int rc = page_option("solve", c, &pc, argv);
            if (rc != EXIT_OK) return rc;
        }
        }
    }
    const char *input;
    int rc = single_input("solve", argc, argv, &input);
    meiro_format format;
    if (rc == EXIT_OK) rc = output_format("solve", fmt, output, &format);
    if (rc == EXIT_OK) rc = page_finish(&pc, &page);
    meiro_maze *m = rc == EXIT_OK ? load_input(input, input_format, &rc) : NULL;
    if (!m) {
        meiro_template_free(pc.tpl);
        return rc;
    }
    meiro_error err = {0};
    meiro_path path;
    meiro_trace *trace = animate || frames ? meiro_trace_new() : NULL;
    meiro_observer watcher = trace ? meiro_trace_observer(trace) : (meiro_observer){0};
    if (meiro_solve_watched(m, solver, trace ? &watcher : NULL, &path, &err) != MEIRO_OK) {
        meiro_maze_free(m);
        meiro_template_free(pc.tpl);
        meiro_trace_free(trace);
        return library_error("solve", input, &err);
    }
    rc = write_result("solve", m, &path, format, &page, output);
    if (rc == EXIT_OK && trace)
        rc = write_animations(trace, m, meiro_maze_width(m), meiro_maze_height(m), animate, frames);
    meiro_trace_free(trace);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_template_free(pc.tpl);
    return rc;
}

static void list_algorithms(const char *title, size_t count,
                            const meiro_algorithm_info *(*info)(size_t))
{
    printf("%s:\n", title);
    for (size_t i = 0; i < count; i++) {
        const meiro_algorithm_info *a = info(i);
        printf("  %-10s %s", a->name, a->description);
        if (a->aliases[0]) printf(" (also: %s)", a->aliases);
        printf("\n");
    }
}

static int cmd_list(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) return usage_error("list", "unexpected argument '%s'", argv[1]);
    list_algorithms("Generators (-a)", meiro_generator_count(), meiro_generator_info);
    printf("\n");
    list_algorithms("Solvers (-m)", meiro_solver_count(), meiro_solver_info);
    printf("\nTemplates (-t):\n");
    for (size_t i = 0; i < meiro_builtin_template_count(); i++) {
        const char *name = meiro_builtin_template_name(i);
        meiro_template *t = meiro_template_load(name, NULL);
        printf("  %-18s %s\n", name, t ? meiro_template_description(t) : "");
        meiro_template_free(t);
    }
    printf("\nDifficulty levels (booklet --difficulty):\n");
    for (unsigned k = 0; k < MEIRO_LEVEL_COUNT; k++) {
        const meiro_level_info *l = meiro_level_info_get((meiro_level)k);
        char ages[32];
        snprintf(ages, sizeof ages, isdigit((unsigned char)l->ages[0]) ? "ages %s" : "%s", l->ages);
        printf("  %-10s %-10s %s (%s)\n", l->name, ages, l->description, l->algorithm);
    }
    printf("\nFormats (-f):\n");
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        const meiro_format_info *info = meiro_format_info_get((meiro_format)f);
        printf("  %-10s %s%s%s\n", info->name, info->description,
               info->extensions[0] ? "; extension ." : "", info->extensions);
    }
    return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
}

int main(int argc, char **argv)
{
    opterr = 0;
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
