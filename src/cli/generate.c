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
    "      --difficulty L   easy, normal, hard or expert: the level's size,\n"
    "                       generator and ends (see 'meiro list'); -W/-H/-a win\n"
    "      --age N          the level for a child of N years (3-5 easy, 6-8\n"
    "                       normal, 9-12 hard, 13+ expert)\n"
    "      --ends E         corners (default), farthest (the two ends of the longest\n"
    "                       path), border (doors on opposite sides of the outer\n"
    "                       wall, far apart), center (G in the middle, S on the\n"
    "                       edge) or center-out (S in the middle)\n";
/* (two strings: C compilers need not take longer ones) */
static const char *const usage_generate_more =
    "      --shape S        a maze inside a shape: a built-in one (heart, star,\n"
    "                       ...; see 'meiro list') or FILE.svg / FILE.png (dark\n"
    "                       or opaque = inside), fitted to -W x -H cells (without\n"
    "                       them: a square grid that holds it, 12 across or more)\n"
    "      --text T         a maze inside the letters of T (HANA, はな); -H sets\n"
    "                       their height in cells, the width follows; S and G\n"
    "                       stand in the first and the last letter\n"
    "      --no-bridges     refuse a shape in pieces instead of joining them\n"
    "      --start X,Y      put S in cell X,Y (0-based); needs --goal\n"
    "      --goal X,Y       put G in cell X,Y\n"
    GRID_HELP
    "  -s, --seed N         seed, 0 to 18446744073709551615 (default: from the clock,\n"
    "                       printed on stderr); the same seed gives the same maze\n"
    "      --solution       draw the shortest path from S to G\n"
    "  -m, --solver M       solver used for --solution (default bfs)\n"
    "  -f, --format F       text, csv, ascii, unicode, pdf, svg, png, xlsx, html or\n"
    "                       json\n"
    "                       (default: from the output file's extension, else text)\n"
    "  -o, --output FILE    write to FILE (default, or '-': standard output)\n"
    "  -h, --help           show this help\n"
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
    if (!parse_u64(x, MEIRO_MAX_SIDE, &cx) || !parse_u64(comma + 1, MEIRO_MAX_SIDE, &cy)) return false;
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

int cmd_generate(int argc, char **argv)
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
        {"difficulty", required_argument, NULL, OPT_DIFFICULTY}, {"age", required_argument, NULL, OPT_AGE},
        {"shape", required_argument, NULL, OPT_SHAPE}, {"text", required_argument, NULL, OPT_TEXT},
        {"no-bridges", no_argument, NULL, OPT_NO_BRIDGES},
        {"grid", required_argument, NULL, OPT_GRID},
        {NULL, 0, NULL, 0},
    };
    const char *animate = NULL, *frames = NULL, *shape = NULL, *text = NULL;
    uint8_t *mask = NULL;
    page_cli pc;
    page_cli_init(&pc);
    pc.longopts = longopts;
    meiro_export_options page;
    bool has_start = false, has_goal = false;
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    const char *fmt = NULL, *output = NULL, *solver = NULL;
    bool solution = false, seeded = false;
    bool given_w = false, given_h = false, given_algorithm = false, given_ends = false;
    bool levelled = false;
    meiro_level level = MEIRO_LEVEL_EASY;
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
            *(c == 'W' ? &given_w : &given_h) = true;
            break;
        case 'a':
            opt.algorithm = optarg;
            given_algorithm = true;
            break;
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
            given_ends = true;
            break;
        }
        case OPT_DIFFICULTY:
        case OPT_AGE: {
            meiro_error e = {0};
            bool ok = c == OPT_DIFFICULTY ? meiro_level_from_name(optarg, &level, &e) == MEIRO_OK
                                          : parse_u64(optarg, 1000, &v) &&
                                                meiro_level_for_age((unsigned)v, &level, &e) == MEIRO_OK;
            if (!ok)
                return usage_error("generate", "%s", e.message[0] ? e.message : "--age takes a whole number of years");
            levelled = true;
            break;
        }
        case OPT_GRID: {
            int bad = parse_grid("generate", optarg, &opt.grid);
            if (bad != EXIT_OK) return bad;
            break;
        }
        case OPT_SHAPE: shape = optarg; break;
        case OPT_TEXT: text = optarg; break;
        case OPT_NO_BRIDGES: opt.no_bridges = true; break;
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
        case 'h':
            fputs(usage_generate, stdout);
            fputs(usage_generate_more, stdout);
            fputs(usage_generate_page, stdout);
            return EXIT_OK;
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
    if (shape && text) return usage_error("generate", "%s", "--shape and --text go one at a time");
    if (text && given_w)
        return usage_error("generate", "%s", "--text takes its width from the letters; -H sets their height");
    meiro_trace *trace = NULL;
    meiro_maze *m = NULL;
    meiro_path path = {0};
    meiro_format format;
    if (solution && pc.answers_to)
        return usage_error("generate", "%s", "--solution draws the answer on the puzzle and --answers-to puts it "
                                              "in a file apart: one or the other");
    int rc = output_format("generate", fmt, output, &format);
    if (rc == EXIT_OK) rc = page_options_check("generate", &pc, format);
    if (rc == EXIT_OK) rc = check_animate_name("generate", animate);
    if (rc == EXIT_OK)
        rc = check_grid_output("generate", opt.grid, format, pc.answers_to, animate || frames);
    if (rc == EXIT_OK)
        rc = check_memory_floor("generate", format, frames != NULL);
    if (rc == EXIT_OK) rc = page_finish(&pc, &page);
    if (rc == EXIT_OK && text) {
        meiro_text_info info;
        meiro_error e = {0};
        if (meiro_text_mask(text, page.lang, given_h ? opt.height : 0, &mask, &info, &e) != MEIRO_OK) {
            rc = library_error("generate", NULL, &e);
            goto done;
        }
        opt.width = info.width;
        opt.height = info.height;
        given_w = given_h = true;
        if (!given_ends && !has_start) { /* S in the first letter, G in the last */
            opt.ends = MEIRO_ENDS_CELLS;
            opt.start = info.first;
            opt.goal = info.last;
            given_ends = true;
        }
    }
    if (rc == EXIT_OK)
        rc = check_output("generate", opt.grid, opt.width, opt.height, format, &page, output, pc.answers_to, animate || frames);
    if (rc != EXIT_OK) goto done;
    /* the level's maze, else the template's, where the command line says nothing */
    meiro_generate_options base;
    meiro_generate_options_from_template(&base, pc.tpl);
    if (levelled) meiro_generate_options_for_level(&base, level);
    if (!given_w) opt.width = base.width;
    if (!given_h) opt.height = base.height;
    if (!given_algorithm) opt.algorithm = base.algorithm;
    if (!given_ends && !has_start) opt.ends = base.ends;
    if (shape) {
        if (!given_w && !given_h) meiro_generate_options_for_shape(&opt, given_algorithm);
        meiro_error e = {0};
        if (meiro_shape_mask(shape, opt.width, opt.height, &mask, &e) != MEIRO_OK) {
            rc = library_error("generate", NULL, &e);
            goto done;
        }
    }
    opt.mask = mask;
    char caption[48];
    opt.shape_name = text ? text : shape ? shape_caption(shape, caption, sizeof caption) : NULL;

    meiro_error err = {0};
    if (!seeded) opt.seed = clock_seed();
    if ((animate || frames) && !(trace = meiro_trace_new())) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    meiro_observer watcher = trace ? meiro_trace_observer(trace) : (meiro_observer){0};
    if (trace) opt.observer = &watcher;
    m = meiro_generate(&opt, &err);
    if (!m) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    solution = solution || answers_given(&page) || pc.answers_to;
    if (solution && meiro_solve_watched(m, solver, trace ? &watcher : NULL, &path, &err) != MEIRO_OK) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    /* a step the trace lost would fail the animation: say so before writing anything */
    if (trace && meiro_trace_status(trace) == MEIRO_ERROR_NOMEM) {
        rc = report_failure(animate ? animate : frames,
                            &(meiro_error){.status = MEIRO_ERROR_NOMEM,
                                           .message = "out of memory recording the animation"});
        goto done;
    }
    rc = write_result("generate", m, solution ? &path : NULL, format, &page, output, pc.answers_to);
    if (rc == EXIT_OK && trace) rc = write_animations(trace, NULL, animate, frames);
    /* the seed once the maze is out (not before an error about the output) */
    if (rc == EXIT_OK && !seeded)
        fprintf(stderr, "meiro: seed %llu (use -s %llu to make this maze again)\n",
                (unsigned long long)opt.seed, (unsigned long long)opt.seed);
done:
    meiro_trace_free(trace);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_template_free(pc.tpl);
    meiro_mask_free(mask);
    return rc;
}
