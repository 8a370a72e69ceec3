/* meiro generate: a new maze, optionally solved, in any format, with its
 * animation. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    "      --weave P        a weave maze: up to P% of the cells become crossings,\n"
    "                       a passage going under a straight corridor (rect grid;\n"
    "                       cluster, dig or growing-tree)\n"
    "      --levels N       N floors (2-8) of -W x -H cells joined by stairs, S on\n"
    "                       the first and G on the last (rect grid, any\n"
    "                       generator; pdf, svg, png, json or html)\n"
    "      --mission M      keys:K (K keys, 1-6, each opening its own door on the\n"
    "                       way to G, needed in order) or collect:N (N numbered\n"
    "                       items, 1-20, picked up in order before G)\n"
    "      --one-way P      P% of the passages become one-way, drawn with arrows\n"
    "                       (missions: rect grid; pdf, svg, png, json, html,\n"
    "                       text or csv)\n"
    "      --difficulty L   easy, normal, hard or expert: the level's size,\n"
    "                       generator and ends (see 'meiro list') and its\n"
    "                       smallest cell on the page (10, 7, 5, 3 mm);\n"
    "                       -W/-H/-a win, with a warning that names the size\n"
    "                       that keeps the cell\n"
    "      --age N          the level for a child of N years (3-5 easy, 6-8\n"
    "                       normal, 9-12 hard, 13+ expert); a child's level\n"
    "                       shows S and G on badges (green S, blue G)\n"
    "      --ends E         corners (default), farthest (the two ends of the longest\n"
    "                       path), border (doors on opposite sides of the outer\n"
    "                       wall, far apart), center (G in the middle, S on the\n"
    "                       edge; default on --grid polar) or center-out (S in\n"
    "                       the middle); on a shape corners become farthest\n";
/* (two strings: C compilers need not take longer ones) */
static const char *const usage_generate_more =
    "      --shape S        a maze inside a shape: a built-in one (heart, star,\n"
    "                       ...; see 'meiro list') or a picture FILE (SVG, PNG,\n"
    "                       JPEG, GIF, BMP: dark, or opaque and not white, is\n"
    "                       inside; an outline is filled), fitted to -W x -H cells\n"
    "                       (without them: a square grid that holds it, 12 across\n"
    "                       or more)\n"
    "      --text T         a maze inside the letters of T (HANA, はな; a line\n"
    "                       break sets lines); -H sets their height in cells,\n"
    "                       the width follows; S and G at the ends of the\n"
    "                       longest way from the first letter to the last.\n"
    "                       With --age and no -H: set to fill the page at the\n"
    "                       age's cells, on up to 3 lines, in capitals where\n"
    "                       small letters would not read, in block capitals\n"
    "                       where no font's would; punctuation left out (too\n"
    "                       long: at ages 3-8 set in cells down to the next\n"
    "                       age's with a warning, else refused, saying the\n"
    "                       command that sets it on A3)\n"
    "      --no-bridges     refuse a shape in pieces instead of joining them\n"
    "      --start X,Y      put S in cell X,Y (0-based); needs --goal\n"
    "      --goal X,Y       put G in cell X,Y\n" GRID_HELP
    "  -s, --seed N         seed, 0 to 18446744073709551615 (default: from the clock,\n"
    "                       printed on stderr); the same seed gives the same maze\n"
    "      --solution       draw the shortest path from S to G\n"
    "  -m, --solver M       solver used for --solution (default bfs)\n"
    "  -f, --format F       text, csv, ascii, unicode, pdf, svg, png, xlsx, html or\n"
    "                       json\n"
    "                       (default: from the output file's extension, else text)\n"
    "  -o, --output FILE    write to FILE (default, or '-': standard output)\n"
    "  -h, --help           show this help\n"
    "      --rule R         a rule maze of numbers, letters, kana or words (its own\n"
    "                       options: 'meiro generate --rule R --help')\n"
    "      --picture P      a picture maze: the way coloured in draws P (its own\n"
    "                       options: 'meiro generate --picture P --help')\n"
    "      --animate F.svg  also write an animated SVG of the generation (and of\n"
    "                       the solving, with --solution)\n"
    "      --frames DIR     also write numbered PNG frames of it into DIR\n";
/* apart: one string would pass the 4095 bytes C compilers must take */
static const char *const usage_generate_page = PAGE_HELP PICTURE_HELP;


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
    if (!parse_u64(x, MEIRO_MAX_SIDE, &cx) || !parse_u64(comma + 1, MEIRO_MAX_SIDE, &cy))
        return false;
    *cell = (meiro_cell){(uint32_t)cx, (uint32_t)cy};
    return true;
}

/* A shape's name for captions: a file's name without folder and extension. */
static const char *shape_caption(const char *shape, char *name, size_t size)
{
    const char *base = strrchr(shape, '/');
    base = base ? base + 1 : shape;
    snprintf(name, size, "%.*s", (int)strcspn(base, "."), base);
    return name;
}

/* generate's options as read: the settings given (`given` says which of
 * opt's), the sources the library lays under them, and the outputs. */
typedef struct generate_args {
    meiro_generate_options opt;
    unsigned given; /* MEIRO_GIVEN_* */
    const meiro_level_desc *level;
    const char *shape, *text, *animate, *frames, *fmt, *output, *solver;
    meiro_mission_options mission;
    unsigned levels; /* floors; 0 or 1: a flat maze */
    bool solution, seeded, has_start, has_goal, help;
    int argc; /* the command as typed, to say one that works */
    char **argv;
    char caption[48];
    page_cli pc;
} generate_args;

const struct option generate_options[] = {
    {"width", required_argument, NULL, 'W'},
    {"height", required_argument, NULL, 'H'},
    {"algorithm", required_argument, NULL, 'a'},
    {"seed", required_argument, NULL, 's'},
    {"solution", no_argument, NULL, 'S'},
    {"solver", required_argument, NULL, 'm'},
    {"format", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    PAGE_LONGOPTS,
    {"bias", required_argument, NULL, OPT_BIAS},
    {"loops", required_argument, NULL, OPT_LOOPS},
    {"ends", required_argument, NULL, OPT_ENDS},
    {"start", required_argument, NULL, OPT_START},
    {"goal", required_argument, NULL, OPT_GOAL},
    WATCH_LONGOPTS,
    {"difficulty", required_argument, NULL, OPT_DIFFICULTY},
    {"age", required_argument, NULL, OPT_AGE},
    {"shape", required_argument, NULL, OPT_SHAPE},
    {"text", required_argument, NULL, OPT_TEXT},
    {"no-bridges", no_argument, NULL, OPT_NO_BRIDGES},
    {"grid", required_argument, NULL, OPT_GRID},
    {"weave", required_argument, NULL, OPT_WEAVE},
    {"mission", required_argument, NULL, OPT_MISSION},
    {"one-way", required_argument, NULL, OPT_ONE_WAY},
    {"levels", required_argument, NULL, OPT_LEVELS},
    {NULL, 0, NULL, 0},
};


/* One of the maze's own options (the page's go to page_option). */
static int maze_option(generate_args *a, int c, char **argv)
{
    meiro_generate_options *opt = &a->opt;
    uint64_t v;
    meiro_error e = {0};
    char *end;
    switch (c) {
    case 'W':
    case 'H':
        if (!parse_u64(optarg, MEIRO_MAX_SIDE, &v) || v == 0)
            return usage_error("generate", "%s must be a whole number from 1 to 65535",
                               c == 'W' ? "--width" : "--height");
        *(c == 'W' ? &opt->width : &opt->height) = (uint32_t)v;
        a->given |= c == 'W' ? MEIRO_GIVEN_WIDTH : MEIRO_GIVEN_HEIGHT;
        return EXIT_OK;
    case 'a':
        opt->algorithm = optarg;
        a->given |= MEIRO_GIVEN_ALGORITHM;
        return EXIT_OK;
    case 's':
        if (!parse_u64(optarg, UINT64_MAX, &opt->seed))
            return usage_error("generate", "--seed must be a whole number, not '%s'", optarg);
        a->seeded = true;
        return EXIT_OK;
    case OPT_BIAS:
        opt->bias = strtod(optarg, &end);
        if (*end || end == optarg || !(opt->bias >= 0 && opt->bias <= 1))
            return usage_error("generate", "--bias is a number from 0 to 1, not '%s'", optarg);
        return EXIT_OK;
    case OPT_LOOPS:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("generate", "--loops is a percentage from 0 to 100, not '%s'",
                               optarg);
        opt->loops = (unsigned)v;
        return EXIT_OK;
    case OPT_WEAVE:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("generate", "--weave is a percentage from 0 to 100, not '%s'",
                               optarg);
        opt->weave = (unsigned)v;
        return EXIT_OK;
    case OPT_MISSION: {
        meiro_error e = {0};
        if (meiro_mission_from_name(optarg, &a->mission, &e) != MEIRO_OK)
            return usage_error("generate", "--mission: %s", e.message);
        return EXIT_OK;
    }
    case OPT_ONE_WAY:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("generate", "--one-way is a percentage from 0 to 100, not '%s'",
                               optarg);
        a->mission.one_way = (unsigned)v;
        return EXIT_OK;
    case OPT_LEVELS:
        if (!parse_u64(optarg, MEIRO_MAX_LEVELS, &v) || v == 0)
            return usage_error("generate", "--levels is a number of floors from 1 to 8, not '%s'",
                               optarg);
        a->levels = (unsigned)v == 1 ? 0 : (unsigned)v;
        return EXIT_OK;
    case OPT_ENDS:
        if (meiro_ends_from_name(optarg, &opt->ends, &e) != MEIRO_OK)
            return usage_error("generate", "%s", e.message);
        a->given |= MEIRO_GIVEN_ENDS;
        return EXIT_OK;
    case OPT_START:
    case OPT_GOAL:
        if (!parse_cell(optarg, c == OPT_START ? &opt->start : &opt->goal))
            return usage_error("generate",
                               "--start and --goal take a cell as X,Y "
                               "(0-based), not '%s'",
                               optarg);
        *(c == OPT_START ? &a->has_start : &a->has_goal) = true;
        return EXIT_OK;
    case OPT_DIFFICULTY:
    case OPT_AGE: return parse_level("generate", c, optarg, &a->level);
    case OPT_GRID: return parse_grid("generate", optarg, &opt->grid);
    case OPT_NO_BRIDGES: opt->no_bridges = true; return EXIT_OK;
    default: return page_option("generate", c, &a->pc, argv);
    }
}

/* One option: the output's, the maze's or the page's. */
static int generate_option(generate_args *a, int c, char **argv)
{
    switch (c) {
    case 'S': a->solution = true; return EXIT_OK;
    case 'm': a->solver = optarg; return EXIT_OK;
    case 'f': a->fmt = optarg; return EXIT_OK;
    case 'o': a->output = optarg; return EXIT_OK;
    case OPT_SHAPE: a->shape = optarg; return EXIT_OK;
    case OPT_TEXT: a->text = optarg; return EXIT_OK;
    case OPT_ANIMATE: a->animate = optarg; return EXIT_OK;
    case OPT_FRAMES: a->frames = optarg; return EXIT_OK;
    case 'h':
        fputs(usage_generate, stdout);
        fputs(usage_generate_more, stdout);
        fputs(usage_generate_page, stdout);
        a->help = true;
        return EXIT_OK;
    default: return maze_option(a, c, argv);
    }
}

#define GENERATE_SHORTOPTS ":W:H:a:s:m:f:o:t:h"

static int parse_generate(int argc, char **argv, generate_args *a)
{
    meiro_generate_options_init(&a->opt);
    page_cli_init(&a->pc, "generate");
    int c, rc = EXIT_OK;
    while (rc == EXIT_OK && !a->help &&
           (c = getopt_long(argc, argv, GENERATE_SHORTOPTS, generate_options, NULL)) != -1)
        rc = generate_option(a, c, argv);
    if (rc != EXIT_OK || a->help) return rc;
    if (optind < argc) return usage_error("generate", "unexpected argument '%s'", argv[optind]);
    if (a->has_start != a->has_goal)
        return usage_error("generate", "%s", "--start and --goal go together");
    if (a->has_start) {
        a->opt.ends = MEIRO_ENDS_CELLS;
        a->given |= MEIRO_GIVEN_ENDS;
    }
    if (a->solution && a->pc.answers_to)
        return usage_error("generate", "%s",
                           "--solution draws the answer on the puzzle and --answers-to puts it "
                           "in a file apart: one or the other");
    return EXIT_OK;
}

/* --levels: what a multi-level maze cannot be or be written as (the
 * library refuses them too; here before the work, naming the options). */
static int check_levels(const generate_args *a, meiro_format format, bool animate)
{
    const char *bad = a->opt.grid != MEIRO_GRID_RECT ? "--grid (floors are rect grids)"
                      : a->opt.weave                 ? "--weave"
                      : a->mission.kind || a->mission.one_way ? "--mission and --one-way"
                      : a->opt.loops                          ? "--loops (floors are perfect)"
                      : a->shape || a->text                   ? "--shape and --text"
                      : animate                               ? "--animate and --frames"
                                                              : NULL;
    if (bad) return usage_error("generate", "--levels cannot go with %s yet", bad);
    const meiro_format_desc *f = meiro_format_info(format);
    if (!meiro_format_can(format, MEIRO_CAN_LEVELS))
        return usage_error("generate",
                           "%s cannot show a multi-level maze's floors and stairs yet: write it "
                           "as pdf, svg, png, json or html",
                           f ? f->name : "this format");
    return EXIT_OK;
}

/* The floors stacked into one rectangle, as the library makes them:
 * -H rows a floor. */
static bool stack_levels(generate_args *a)
{
    /* rows count floor after floor: S on the first floor, G on the last */
    uint64_t floor_rows = a->opt.height, last = floor_rows * (a->levels - 1);
    if (a->has_start && (a->opt.start.y >= floor_rows || a->opt.goal.y < last ||
                         a->opt.goal.y >= last + floor_rows)) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "--start goes on the first floor (rows 0 to %llu) and --goal on the last "
                 "(rows %llu to %llu): the floors' rows follow one another",
                 (unsigned long long)floor_rows - 1, (unsigned long long)last,
                 (unsigned long long)(last + floor_rows - 1));
        usage_error("generate", "%s", msg);
        return false;
    }
    uint64_t rows = (uint64_t)a->opt.height * a->levels;
    if (rows > MEIRO_MAX_SIDE) {
        usage_error("generate", "%s", "--levels: the floors' rows together are past 65535");
        return false;
    }
    a->opt.height = (uint32_t)rows;
    return true;
}

/* The cells the page lays out for the floors: up to 3 a row, else two
 * rows, a cell apart, each under a row for its name (as the library's
 * levels_extent, core/levels.h). */
static void levels_extent(const generate_args *a, uint32_t *w, uint32_t *h)
{
    uint32_t cols = a->levels <= 3 ? a->levels : (a->levels + 1) / 2;
    uint32_t rows = (a->levels + cols - 1) / cols;
    *w = cols * (a->opt.width + 1) - 1;
    *h = rows * (a->opt.height / a->levels + 2) - 1;
}

/* A name refused at its age on paper smaller than A3: the command that
 * sets it on A3, if A3 holds it, said after the refusal. */
static void suggest_paper(const generate_args *a, meiro_format format,
                          const meiro_export_options *page)
{
    double w, h, a3_w, a3_h;
    if (page->paper_w_mm > 0) w = page->paper_w_mm, h = page->paper_h_mm;
    else if (!meiro_paper_name(page->paper, &w, &h)) return;
    const char *a3 = meiro_paper_name(MEIRO_PAPER_A3, &a3_w, &a3_h);
    if (w * h >= a3_w * a3_h) return;
    meiro_export_options o = *page;
    o.paper = MEIRO_PAPER_A3;
    o.paper_w_mm = o.paper_h_mm = 0;
    uint8_t *mask = NULL;
    meiro_error e = {0};
    meiro_status s =
        meiro_text_mask_for_level(a->text, page->lang, a->level, format, &o, &mask, NULL, NULL, &e);
    meiro_mask_free(mask);
    if (s != MEIRO_OK) return;
    const char *const tail[] = {"--paper", a3, NULL};
    char *command = remake_command("generate", a->argc, a->argv, GENERATE_SHORTOPTS,
                                   generate_options, "h", tail);
    if (command) fprintf(stderr, "meiro generate: it fits with --paper %s: %s\n", a3, command);
    free(command);
}

/* The maze and the page to make: the output checked, the template and the
 * text's mask made, the library's order of precedence applied, then the
 * size checked against the page before the shape's mask is made. */
static int resolve_generate(generate_args *a, meiro_format *format, meiro_export_options *page,
                            uint8_t **mask)
{
    bool animate = a->animate || a->frames;
    int rc = output_format("generate", a->fmt, a->output, format);
    if (rc == EXIT_OK) rc = page_options_check("generate", &a->pc, *format);
    if (rc == EXIT_OK) rc = check_animate_name("generate", a->animate);
    if (rc == EXIT_OK)
        rc = check_grid_output("generate", a->opt.grid, *format, a->pc.answers_to, animate);
    if (rc == EXIT_OK && (a->mission.kind || a->mission.one_way) && animate)
        rc = usage_error("generate", "--%s cannot show a mission's keys, items or arrows yet",
                         a->animate ? "animate" : "frames");
    if (rc == EXIT_OK && a->levels) rc = check_levels(a, *format, animate);
    if (rc == EXIT_OK) rc = check_memory_floor("generate", *format, a->frames != NULL);
    if (rc == EXIT_OK) rc = page_finish(&a->pc, page);
    if (rc != EXIT_OK) return rc;
    page_signs_for_level(page, a->level);
    meiro_error e = {0};
    meiro_text_info info;
    uint32_t height = a->given & MEIRO_GIVEN_HEIGHT ? a->opt.height : 0; /* 0: the text's own */
    /* a level's child gets the name filling the page at its cells; a
     * height given sets the letters as it says */
    if (a->text && (height ? meiro_text_mask(a->text, page->lang, height, mask, &info, &e)
                           : meiro_text_mask_for_level(a->text, page->lang, a->level, *format, page,
                                                       mask, &info, NULL, &e)) != MEIRO_OK) {
        rc = library_error("generate", NULL, &e);
        if (!height && e.status == MEIRO_ERROR_ARGUMENT && e.field == MEIRO_FIELD_TEXT)
            suggest_paper(a, *format, page);
        return rc;
    }
    if (a->text && !height && e.message[0]) /* set in smaller cells than the age's: said */
        fprintf(stderr, "meiro: warning: %s (--text)\n", e.message);
    meiro_maze_sources src = {a->pc.tpl, a->level, a->shape != NULL, a->text ? &info : NULL};
    a->opt.shape_name = a->shape; /* a built-in shape's grid is at least the one where it reads */
    if (meiro_generate_options_resolve(&a->opt, a->given, &src, &e) != MEIRO_OK)
        return library_error("generate", NULL, &e);
    if (a->levels && !stack_levels(a)) return EXIT_USAGE;
    /* the page holds the floors side by side (levels_extent) */
    uint32_t page_w = a->opt.width, page_h = a->opt.height;
    if (a->levels) levels_extent(a, &page_w, &page_h);
    rc = check_output("generate", a->opt.grid, page_w, page_h, *format, page, a->output,
                      a->pc.answers_to, animate);
    const input_file inputs[] = {{"the -t template", a->pc.template_name},
                                 {"the --shape picture", a->shape}};
    if (rc == EXIT_OK)
        rc = check_not_inputs("generate", a->output, a->pc.answers_to, inputs, 2);
    if (rc == EXIT_OK) rc = check_not_inputs("generate", a->animate, NULL, inputs, 2);
    /* a mission that will be refused, refused before the maze is made */
    if (rc == EXIT_OK && meiro_mission_check(&a->opt, &a->mission, *format, page, &e) != MEIRO_OK)
        rc = library_error("generate", NULL, &e);
    /* a name set for the level keeps its cell, or has said why not */
    bool set_for_level = a->text && !height;
    meiro_status checked =
        rc == EXIT_OK && !set_for_level
            ? meiro_level_page_check(a->level, a->opt.grid, page_w, page_h,
                                     a->text ? height : 0, *format, page, &e)
            : MEIRO_OK;
    if (checked == MEIRO_ERROR_ARGUMENT) /* a warning: made as asked */
        fprintf(stderr, "meiro: warning: %s (%s)\n", e.message,
                e.field == MEIRO_FIELD_CELL     ? "--cell"
                : e.field == MEIRO_FIELD_HEIGHT ? "-H"
                                                : "-W/-H");
    else if (checked != MEIRO_OK) rc = library_error("generate", NULL, &e);
    if (rc == EXIT_OK && a->shape) {
        e = (meiro_error){0};
        if (meiro_shape_mask(a->shape, a->opt.width, a->opt.height, mask, &e) != MEIRO_OK)
            rc = library_error("generate", NULL, &e);
        else if (e.message[0]) /* a picture with no clear silhouette: made, and said */
            fprintf(stderr, "meiro: warning: %s (--shape)\n", e.message);
    }
    a->opt.mask = *mask;
    a->opt.shape_name = a->text    ? a->text
                        : a->shape ? shape_caption(a->shape, a->caption, sizeof a->caption)
                                   : NULL;
    return rc;
}

/* The maze, its solution where one is shown, the output and the
 * animations, then the seed. */
static int run_generate(generate_args *a, meiro_format format, const meiro_export_options *page)
{
    meiro_trace *trace = NULL;
    meiro_maze *m = NULL;
    meiro_path path = {0};
    meiro_error err = {0};
    int rc = EXIT_OK;
    if (!a->seeded) a->opt.seed = clock_seed();
    if ((a->animate || a->frames) && !(trace = meiro_trace_new())) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    meiro_observer watcher = trace ? meiro_trace_observer(trace) : (meiro_observer){0};
    if (trace) a->opt.observer = &watcher;
    m = meiro_generate(&a->opt, &err);
    if (!m) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    a->mission.seed = a->opt.seed;
    if (meiro_maze_add_mission(m, &a->mission, &err) != MEIRO_OK) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    if (a->levels && meiro_maze_split_levels(m, a->levels, a->opt.seed, &err) != MEIRO_OK) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    bool solution = a->solution || meiro_answers_asked(page) || a->pc.answers_to;
    if (solution &&
        meiro_solve_watched(m, a->solver, trace ? &watcher : NULL, &path, &err) != MEIRO_OK) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    /* a step the trace lost would fail the animation: say so before writing anything */
    if (trace && meiro_trace_status(trace) == MEIRO_ERROR_NOMEM) {
        rc = report_failure(a->animate ? a->animate : a->frames,
                            &(meiro_error){.status = MEIRO_ERROR_NOMEM,
                                           .message = "out of memory recording the animation"});
        goto done;
    }
    rc = write_result("generate", m, solution ? &path : NULL, format, page, a->output,
                      a->pc.answers_to);
    if (rc == EXIT_OK && trace) rc = write_animations(trace, NULL, a->animate, a->frames);
    /* the seed once the maze is out (not before an error about the output),
     * and the language and paper the locale gave, for the same page on any
     * machine */
    if (rc == EXIT_OK && !a->seeded)
        fprintf(stderr, "meiro: seed %llu (use -s %llu%s%s%s to make this maze again)\n",
                (unsigned long long)a->opt.seed, (unsigned long long)a->opt.seed,
                a->pc.locale_lang[0] ? " --lang " : "", a->pc.locale_lang,
                a->pc.locale_letter ? " --paper letter" : "");
done:
    meiro_trace_free(trace);
    meiro_path_free(&path);
    meiro_maze_free(m);
    return rc;
}

int cmd_generate(int argc, char **argv)
{
    if (rule_asked(argc, argv)) return cmd_rule(argc, argv, false);
    if (picture_asked(argc, argv)) return cmd_picture(argc, argv);
    generate_args a = {.argc = argc, .argv = argv};
    meiro_export_options page;
    meiro_format format;
    uint8_t *mask = NULL;
    int rc = parse_generate(argc, argv, &a);
    if (rc == EXIT_OK && !a.help) rc = resolve_generate(&a, &format, &page, &mask);
    if (rc == EXIT_OK && !a.help) rc = run_generate(&a, format, &page);
    meiro_template_free(a.pc.tpl);
    meiro_mask_free(mask);
    return rc;
}
