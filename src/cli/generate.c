/* meiro generate: a new maze, optionally solved, in any format, with its
 * animation. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <math.h>
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
    "      --wrap W         x, y or xy: the left and right sides (x: a cylinder),\n"
    "                       top and bottom (y) or both (a torus) joined, passages\n"
    "                       crossing the seam, drawn as ticks at the edge (rect\n"
    "                       grid, 3+ cells a wrapped side; cluster, dig, prim,\n"
    "                       true-prim, wilson, aldous-broder, growing-tree or\n"
    "                       hunt-and-kill; pdf, svg, png, page, json, or stl and\n"
    "                       3mf as a tube: x or y only)\n"
    "      --choices N      the way from S to G has exactly N decision points\n"
    "                       (as 'meiro stats' counts them), every wrong turn a\n"
    "                       dead end: for therapy and first mazes; any grid and\n"
    "                       --age, up to a choice for each 8 cells\n"
    "      --tactile-level L  with --print tactile, the pre-braille progression:\n"
    "                       1 a straight line, 2 a line that turns, 3 a Y fork,\n"
    "                       4 lines crossing, 5 a small classic maze (4 x 5);\n"
    "                       the level is the maze (not with -W, -H, -a, --grid,\n"
    "                       --age...); levels fit A5 sheets and larger\n"
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
    "  -f, --format F       text, csv, ascii, unicode, pdf, svg, png, xlsx, html,\n"
    "                       json, page (the pages as data: doc/page-format.md),\n"
    "                       gcode or hpgl (a pen plotter), dxf (a laser cutter),\n"
    "                       or a 3D print: stl, stl-ascii or 3mf (millimetres)\n"
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
/* the machines' and 3D prints' options (a string of their own, as above) */
static const char *const usage_generate_machines =
    "For a machine (gcode, hpgl, dxf) and a 3D print (stl, 3mf):\n"
    "      --draw D         walls (default), or paths: the corridors' centre-lines,\n"
    "                       the maze as a tree of lines (pdf, svg, png, page,\n"
    "                       gcode, hpgl, dxf); --print tactile: paths by\n"
    "                       default, walls raised around cells of 28 mm\n"
    "                       (rect), 32 (hex, triangle), 33 and up (polar)\n"
    "      --pen P          gcode: z (default: the pen up and down as Z moves) or\n"
    "                       servo (M3 S / M5)\n"
    "      --cut C          dxf: outlines (default: closed outlines around the\n"
    "                       strokes, the walls cut out as a piece) or lines (the\n"
    "                       strokes themselves)\n"
    "      --kerf MM        dxf outlines: the beam's width, half of it allowed\n"
    "                       for on each outline (0 to 2 mm; 0.15mm)\n"
    "      --cut-colour #RRGGBB, --engrave-colour #RRGGBB\n"
    "                       dxf: the CUT and ENGRAVE layers' colours (default\n"
    "                       red and black, as LightBurn and LaserGRBL take them)\n"
    "A 3D print (stl, 3mf): the walls on a base plate; --solution adds the way as\n"
    "a part of its own (a raised line), --answers-to FILE.stl puts it in a file apart\n"
    "      --ball D         corridors for a ball D across (8mm: 9 mm corridors, the\n"
    "                       ball and 1 mm), walls as high (default: 8 mm corridors)\n"
    "      --wall T         the walls' thickness, 0.8mm or more (default 1.2mm)\n"
    "      --wall-height H  the walls' height over the base (default 10mm, or the\n"
    "                       ball and 1 mm)\n"
    "      --base B         the base plate's thickness, and the lid's (default 2mm)\n"
    "      --lid            a lid, a part of its own beside the maze: a plate with\n"
    "                       a skirt over the outer wall, printed skirt up (with\n"
    "                       --ball, the walls as high as the ball and 1 mm)\n"
    "                       A print wider than 256 mm (a printer's bed) is refused.\n"
    "With --wrap x (or y) the print is a tube: columns (rows) round, walls outward\n"
    "from a core as thick as --base, its bore from the circumference (no --lid).\n";
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

/* generate's options as read: the maze's and the mission's into the job
 * (`given` says which of opt's were given), the sources the library lays
 * under them, and the outputs. */
typedef struct generate_args {
    meiro_job *job;
    meiro_generate_options *opt; /* the job's */
    meiro_mission_options *mission;
    unsigned given; /* MEIRO_GIVEN_* */
    const meiro_level_desc *level;
    const char *shape, *text, *animate, *frames, *fmt, *output, *solver;
    unsigned levels; /* floors; 0 or 1: a flat maze */
    long long ball_um, wall_um, wall_height_um, base_um; /* a 3D print's sizes; 0: meiro's */
    bool lid;
    unsigned choices;       /* --choices; 0: none */
    unsigned wrap;          /* --wrap: MEIRO_WRAP_* bits */
    unsigned tactile_level; /* --tactile-level; 0: none */
    bool solution, seeded, has_start, has_goal, help;
    int draw;                                /* --draw: 1 paths, -1 walls, 0 not given */
    bool cut_lines, servo;                   /* --cut, --pen */
    long long kerf_um, cut_rgb, engrave_rgb; /* -1: not given */
    int argc; /* the command as typed, to say one that works */
    char **argv;
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
    {"ball", required_argument, NULL, OPT_BALL},
    {"wall", required_argument, NULL, OPT_WALL},
    {"wall-height", required_argument, NULL, OPT_WALL_HEIGHT},
    {"base", required_argument, NULL, OPT_BASE},
    {"lid", no_argument, NULL, OPT_LID},
    {"draw", required_argument, NULL, OPT_DRAW},
    {"kerf", required_argument, NULL, OPT_KERF},
    {"cut", required_argument, NULL, OPT_CUT},
    {"pen", required_argument, NULL, OPT_PEN},
    {"cut-colour", required_argument, NULL, OPT_CUT_COLOUR},
    {"cut-color", required_argument, NULL, OPT_CUT_COLOUR},
    {"engrave-colour", required_argument, NULL, OPT_ENGRAVE_COLOUR},
    {"engrave-color", required_argument, NULL, OPT_ENGRAVE_COLOUR},
    {"choices", required_argument, NULL, OPT_CHOICES},
    {"wrap", required_argument, NULL, OPT_WRAP},
    {"tactile-level", required_argument, NULL, OPT_TACTILE_LEVEL},
    {NULL, 0, NULL, 0},
};


/* One of the maze's own options (the page's go to page_option). */
static int maze_option(generate_args *a, int c, char **argv)
{
    meiro_generate_options *opt = a->opt;
    uint64_t v;
    meiro_error e = {0};
    char *end;
    switch (c) {
    case 'W':
    case 'H':
        if (!parse_u64(optarg, MEIRO_MAX_SIDE, &v) || v == 0)
            return usage_error("generate", N_("%s must be a whole number from 1 to 65535"),
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
            return usage_error("generate", N_("--seed must be a whole number, not '%s'"), optarg);
        a->seeded = true;
        return EXIT_OK;
    case OPT_BIAS:
        opt->bias = strtod(optarg, &end);
        if (*end || end == optarg || !(opt->bias >= 0 && opt->bias <= 1))
            return usage_error("generate", N_("--bias is a number from 0 to 1, not '%s'"), optarg);
        return EXIT_OK;
    case OPT_LOOPS:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("generate", N_("--loops is a percentage from 0 to 100, not '%s'"),
                               optarg);
        opt->loops = (unsigned)v;
        return EXIT_OK;
    case OPT_WEAVE:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("generate", N_("--weave is a percentage from 0 to 100, not '%s'"),
                               optarg);
        opt->weave = (unsigned)v;
        return EXIT_OK;
    case OPT_MISSION: {
        meiro_error e = {0};
        if (meiro_mission_from_name(optarg, a->mission, &e) != MEIRO_OK) {
            char text[sizeof e.message + 64]; /* in English, translated as a whole */
            snprintf(text, sizeof text, N_("%s (option: %s)"), e.message, "--mission");
            return usage_error("generate", "%s", text);
        }
        return EXIT_OK;
    }
    case OPT_ONE_WAY:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("generate", N_("--one-way is a percentage from 0 to 100, not '%s'"),
                               optarg);
        a->mission->one_way = (unsigned)v;
        return EXIT_OK;
    case OPT_CHOICES:
        if (!parse_u64(optarg, UINT32_MAX, &v) || v == 0)
            return usage_error("generate", N_("--choices is a whole number from 1, not '%s'"),
                               optarg);
        a->choices = (unsigned)v;
        return EXIT_OK;
    case OPT_TACTILE_LEVEL:
        if (!parse_u64(optarg, 5, &v) || v == 0)
            return usage_error("generate",
                               N_("--tactile-level is 1 (a line), 2 (turns), 3 (a fork), 4 "
                                  "(crossings) or 5 (a small maze), not '%s'"),
                               optarg);
        a->tactile_level = (unsigned)v;
        return EXIT_OK;
    case OPT_WRAP:
        a->wrap = !strcmp(optarg, "x")    ? MEIRO_WRAP_X
                  : !strcmp(optarg, "y")  ? MEIRO_WRAP_Y
                  : !strcmp(optarg, "xy") ? MEIRO_WRAP_X | MEIRO_WRAP_Y
                                          : 0;
        if (!a->wrap)
            return usage_error("generate", N_("--wrap is x, y or xy (the sides joined), not '%s'"),
                               optarg);
        return EXIT_OK;
    case OPT_LEVELS:
        if (!parse_u64(optarg, MEIRO_MAX_LEVELS, &v) || v == 0)
            return usage_error("generate",
                               N_("--levels is a number of floors from 1 to 8, not '%s'"), optarg);
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
                               N_("--start and --goal take a cell as X,Y "
                                  "(0-based), not '%s'"),
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

/* A 3D print's size: millimetres, "8mm" or "8", in micrometres. */
static int parse_mm(const char *option, const char *text, long long *um)
{
    char *end;
    double mm = strtod(text, &end);
    if (end != text && strcmp(end, "mm") == 0) end += 2;
    if (end == text || *end || !(mm > 0 && mm <= 1000)) {
        char message[600]; /* in English, translated as a whole by usage_error */
        snprintf(message, sizeof message, N_("%s takes a size in millimetres (8mm), not '%s'"),
                 option, text);
        return usage_error("generate", "%s", message);
    }
    *um = (long long)(mm * 1000 + 0.5);
    return EXIT_OK;
}

/* "0.15" or "0.15mm" in micrometres; false for anything else (a negative
 * too: the library says the range). */
static bool parse_kerf(const char *s, long long *um)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || (*end && strcmp(end, "mm") != 0) || !(v >= 0) || v > 1e6) return false;
    *um = llround(v * 1000);
    return true;
}

/* "#rrggbb" (or without the #) as 0xRRGGBB. */
static bool parse_colour(const char *s, long long *rgb)
{
    if (*s == '#') s++;
    if (strlen(s) != 6 || strspn(s, "0123456789abcdefABCDEF") != 6) return false;
    *rgb = strtoll(s, NULL, 16);
    return true;
}

/* One of the drawing's and the machines' options. */
static int machine_option(generate_args *a, int c, char **argv)
{
    switch (c) {
    case OPT_DRAW:
        if (strcmp(optarg, "walls") && strcmp(optarg, "paths"))
            return usage_error("generate", N_("--draw is walls or paths, not '%s'"), optarg);
        a->draw = strcmp(optarg, "paths") ? -1 : 1;
        return EXIT_OK;
    case OPT_CUT:
        if (strcmp(optarg, "outlines") && strcmp(optarg, "lines"))
            return usage_error("generate", N_("--cut is outlines or lines, not '%s'"), optarg);
        a->cut_lines = !strcmp(optarg, "lines");
        return EXIT_OK;
    case OPT_PEN:
        if (strcmp(optarg, "z") && strcmp(optarg, "servo"))
            return usage_error("generate", N_("--pen is z or servo, not '%s'"), optarg);
        a->servo = !strcmp(optarg, "servo");
        return EXIT_OK;
    case OPT_KERF:
        if (!parse_kerf(optarg, &a->kerf_um))
            return usage_error("generate",
                               N_("--kerf is a width in mm from 0 to 2 (0.15 or 0.15mm), not '%s'"),
                               optarg);
        return EXIT_OK;
    case OPT_CUT_COLOUR:
    case OPT_ENGRAVE_COLOUR:
        if (!parse_colour(optarg, c == OPT_CUT_COLOUR ? &a->cut_rgb : &a->engrave_rgb))
            return usage_error("generate",
                               c == OPT_CUT_COLOUR
                                   ? N_("--cut-colour is a colour as #rrggbb, not '%s'")
                                   : N_("--engrave-colour is a colour as #rrggbb, "
                                        "not '%s'"),
                               optarg);
        return EXIT_OK;
    default: return maze_option(a, c, argv);
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
    case OPT_BALL: return parse_mm("--ball", optarg, &a->ball_um);
    case OPT_WALL: return parse_mm("--wall", optarg, &a->wall_um);
    case OPT_WALL_HEIGHT: return parse_mm("--wall-height", optarg, &a->wall_height_um);
    case OPT_BASE: return parse_mm("--base", optarg, &a->base_um);
    case OPT_LID: a->lid = true; return EXIT_OK;
    case 'h':
        fputs(usage_generate, stdout);
        fputs(usage_generate_more, stdout);
        fputs(usage_generate_machines, stdout);
        fputs(usage_generate_page, stdout);
        a->help = true;
        return EXIT_OK;
    default: return machine_option(a, c, argv);
    }
}

#define GENERATE_SHORTOPTS ":W:H:a:s:m:f:o:t:h"

static int parse_generate(int argc, char **argv, generate_args *a)
{
    page_cli_init(&a->pc, "generate");
    int c, rc = EXIT_OK;
    while (rc == EXIT_OK && !a->help &&
           (c = getopt_long(argc, argv, GENERATE_SHORTOPTS, generate_options, NULL)) != -1)
        rc = generate_option(a, c, argv);
    if (rc != EXIT_OK || a->help) return rc;
    if (optind < argc) return usage_error("generate", N_("unexpected argument '%s'"), argv[optind]);
    if (a->has_start != a->has_goal)
        return usage_error("generate", "%s", N_("--start and --goal go together"));
    if (a->has_start) {
        a->opt->ends = MEIRO_ENDS_CELLS;
        a->given |= MEIRO_GIVEN_ENDS;
    }
    if (a->solution && a->pc.answers_to)
        return usage_error("generate", "%s",
                           N_("--solution draws the answer on the puzzle and --answers-to puts it "
                              "in a file apart: one or the other"));
    return EXIT_OK;
}

/* A name refused at its age on paper the job says too small: the command
 * that sets it on the paper that holds it, said after the refusal. */
static void suggest_paper(const generate_args *a, const meiro_job *job)
{
    long long paper = meiro_job_get_int(job, MEIRO_JOB_FITS_PAPER);
    const char *name = paper >= 0 ? meiro_paper_name((meiro_paper)paper, NULL, NULL) : NULL;
    if (!name) return;
    const char *const tail[] = {"--paper", name, NULL};
    char *command = remake_command("generate", a->argc, a->argv, GENERATE_SHORTOPTS,
                                   generate_options, "h", tail);
    if (command) {
        fprintf(stderr, "meiro generate: ");
        fprintf(stderr, say_format(N_("it fits with --paper %s: %s")), name, command);
        fputc('\n', stderr);
    }
    free(command);
}

/* The job's settings from the options read (the maze's and the
 * mission's are in it already). */
static int fill_job(generate_args *a, meiro_format format)
{
    meiro_job *job = a->job;
    meiro_export_options *page = meiro_job_page(job);
    *page = a->pc.v;
    page->tpl = a->pc.tpl;
    if (a->pc.art) page->art = a->pc.art;
    int level = -1;
    for (int k = 0; k < MEIRO_LEVEL_COUNT && a->level; k++)
        if (meiro_level_info((meiro_level)k) == a->level) level = k;
    const struct {
        meiro_job_setting setting;
        long long value;
    } numbers[] = {
        {MEIRO_JOB_FORMAT, format},
        {MEIRO_JOB_MAZE_GIVEN, a->given},
        {MEIRO_JOB_PAGE_GIVEN, page_given_bits(&a->pc)},
        {MEIRO_JOB_LEVEL, level},
        {MEIRO_JOB_FLOORS, a->levels},
        {MEIRO_JOB_SOLUTION, a->solution},
        {MEIRO_JOB_ANIMATE, a->animate != NULL},
        {MEIRO_JOB_FRAMES, a->frames != NULL},
        {MEIRO_JOB_BALL_UM, a->ball_um},
        {MEIRO_JOB_WALL_UM, a->wall_um},
        {MEIRO_JOB_WALL_HEIGHT_UM, a->wall_height_um},
        {MEIRO_JOB_BASE_UM, a->base_um},
        {MEIRO_JOB_LID, a->lid},
        {MEIRO_JOB_DRAW_PATHS, a->draw},
        {MEIRO_JOB_CUT_LINES, a->cut_lines},
        {MEIRO_JOB_PEN_SERVO, a->servo},
        {MEIRO_JOB_KERF_UM, a->kerf_um < 0 ? 0 : a->kerf_um},
        {MEIRO_JOB_CUT_COLOUR,
         a->cut_rgb < 0 ? meiro_job_get_int(job, MEIRO_JOB_CUT_COLOUR) : a->cut_rgb},
        {MEIRO_JOB_ENGRAVE_COLOUR,
         a->engrave_rgb < 0 ? meiro_job_get_int(job, MEIRO_JOB_ENGRAVE_COLOUR) : a->engrave_rgb},
        {MEIRO_JOB_CHOICES, a->choices},
        {MEIRO_JOB_WRAP, a->wrap},
        {MEIRO_JOB_TACTILE_LEVEL, a->tactile_level},
    };
    const struct {
        meiro_job_setting setting;
        const char *value;
    } texts[] = {
        {MEIRO_JOB_SHAPE, a->shape},
        {MEIRO_JOB_TEXT, a->text},
        {MEIRO_JOB_SOLVER, a->solver},
        {MEIRO_JOB_ANSWERS_TO, a->pc.answers_to},
    };
    meiro_error e = {0};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (meiro_job_set_int(job, numbers[i].setting, numbers[i].value, &e) != MEIRO_OK)
            return library_error("generate", NULL, &e); /* a kerf out of range */
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (meiro_job_set_text(job, texts[i].setting, texts[i].value, &e) != MEIRO_OK)
            return report_failure(NULL, &e);
    return EXIT_OK;
}

/* The job's warnings from `first` on, each naming its option; the count
 * said so far. */
static size_t say_warnings(const meiro_job *job, size_t first)
{
    meiro_field field;
    const char *message;
    char said[1024];
    for (; (message = meiro_job_warning(job, first, &field)); first++)
        say_warning("%s (%s)", say(message, said, sizeof said), /* (-W/-H): no words */
                    field == MEIRO_FIELD_TEXT     ? "--text"
                    : field == MEIRO_FIELD_SHAPE  ? "--shape"
                    : field == MEIRO_FIELD_CELL   ? "--cell"
                    : field == MEIRO_FIELD_HEIGHT ? "-H"
                    : field == MEIRO_FIELD_PRINT  ? "--print"
                                                  : "-W/-H");
    return first;
}

/* The job planned: the command line's own checks (the output's name and
 * format, the page options it will not use, the memory, the template),
 * the library's plan, the files written checked against the page and the
 * inputs, then the job prepared (its last checks, the shape's mask). */
static int plan_generate(generate_args *a)
{
    meiro_format format;
    int rc = output_format("generate", a->fmt, a->output, &format);
    if (rc == EXIT_OK) rc = page_options_check("generate", &a->pc, format);
    if (rc == EXIT_OK) rc = check_animate("generate", &a->pc, a->animate, a->frames);
    if (rc == EXIT_OK) rc = check_memory_floor("generate", format, a->frames != NULL);
    if (rc == EXIT_OK) rc = page_template(&a->pc);
    if (rc == EXIT_OK) rc = fill_job(a, format);
    if (rc != EXIT_OK) return rc;
    meiro_error e = {0};
    meiro_job *job = a->job;
    if (meiro_job_plan(job, &e) != MEIRO_OK) {
        rc = library_error("generate", NULL, &e);
        suggest_paper(a, job);
        return rc;
    }
    size_t said = say_warnings(job, 0);
    rc = check_output("generate", a->opt->grid,
                      (uint32_t)meiro_job_get_int(job, MEIRO_JOB_EXTENT_WIDTH),
                      (uint32_t)meiro_job_get_int(job, MEIRO_JOB_EXTENT_HEIGHT), format,
                      meiro_job_page(job), a->output, a->pc.answers_to, a->animate || a->frames);
    const input_file inputs[] = {{N_("the -t template"), a->pc.template_name},
                                 {N_("the --shape picture"), a->shape}};
    if (rc == EXIT_OK)
        rc = check_not_inputs("generate", a->output, a->pc.answers_to, inputs, 2);
    if (rc == EXIT_OK) rc = check_not_inputs("generate", a->animate, NULL, inputs, 2);
    if (rc != EXIT_OK) return rc;
    meiro_status prepared = meiro_job_prepare(job, &e);
    say_warnings(job, said);
    return prepared == MEIRO_OK ? EXIT_OK : library_error("generate", NULL, &e);
}

/* A failed rule of the machine's checks as a warning (preflight's report). */
static void machine_warning(void *ctx, const char *rule, bool pass, const char *detail)
{
    (void)ctx;
    char said[1024];
    if (!pass) say_warning("%s: %s", rule, say(detail, said, sizeof said));
}

/* A machine's file written: the checks meiro preflight --print plotter,
 * laser or 3d makes, each fault a warning (the file kept: a maker may glue
 * an island or take a finer pen); out of memory checking it, the command
 * fails as for any other step. */
static int warn_machine(const generate_args *a, meiro_format format)
{
    meiro_machine machine;
    if (format == MEIRO_FORMAT_GCODE || format == MEIRO_FORMAT_HPGL)
        machine = MEIRO_MACHINE_PLOTTER;
    else if (format == MEIRO_FORMAT_DXF) machine = MEIRO_MACHINE_LASER;
    else if (format == MEIRO_FORMAT_STL || format == MEIRO_FORMAT_STL_ASCII ||
             format == MEIRO_FORMAT_3MF)
        machine = MEIRO_MACHINE_3D;
    else return EXIT_OK;
    if (!a->output || !strcmp(a->output, "-")) return EXIT_OK; /* preflight reads a file */
    double kerf = machine == MEIRO_MACHINE_LASER && a->kerf_um > 0 ? a->kerf_um / 1000.0 : 0;
    meiro_error err = {0};
    meiro_status s = meiro_preflight_machine(a->output, machine, kerf, 0, a->ball_um / 1000.0, 0,
                                             0, machine_warning, NULL, NULL, &err);
    if (s == MEIRO_ERROR_NOMEM) return report_failure(a->output, &err);
    if (s != MEIRO_OK) {
        char said[1024];
        say_warning(N_("%s not checked for the machine: %s"), a->output,
                    say(err.message, said, sizeof said));
    }
    return EXIT_OK;
}

/* The maze, its solution where one is shown, the output and the
 * animations, then the seed. */
static int run_generate(generate_args *a)
{
    meiro_trace *trace = NULL;
    meiro_maze *m = NULL;
    meiro_path path = {0};
    meiro_error err = {0};
    int rc = EXIT_OK;
    if (!a->seeded) a->opt->seed = clock_seed();
    if ((a->animate || a->frames) && !(trace = meiro_trace_new())) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    meiro_observer watcher = trace ? meiro_trace_observer(trace) : (meiro_observer){0};
    if (meiro_job_make(a->job, trace ? &watcher : NULL, &m, &path, &err) != MEIRO_OK) {
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
    meiro_format format = (meiro_format)meiro_job_get_int(a->job, MEIRO_JOB_FORMAT);
    rc = write_result("generate", a->job, m, path.cells ? &path : NULL, format,
                      meiro_job_page(a->job), a->output, a->pc.answers_to);
    if (rc == EXIT_OK && (format == MEIRO_FORMAT_GCODE || format == MEIRO_FORMAT_HPGL ||
                          format == MEIRO_FORMAT_DXF)) {
        char alone[512];
        snprintf(alone, sizeof alone,
                 say_format(N_("%s draws the maze's lines alone: the words S and G, pictures and "
                               "the page's texts are left out, S and G's plates marking them")),
                 meiro_format_info(format)->name);
        say_warning(N_("%s (option: %s)"), alone, "--format");
    }
    if (rc == EXIT_OK) rc = warn_machine(a, format);
    if (rc == EXIT_OK && trace) rc = write_animations(trace, NULL, a->animate, a->frames);
    /* the seed once the maze is out (not before an error about the output),
     * and the language and paper the locale gave, for the same page on any
     * machine */
    if (rc == EXIT_OK && !a->seeded) {
        char again[96];
        snprintf(again, sizeof again, "-s %llu%s%s%s", (unsigned long long)a->opt->seed,
                 a->pc.locale_lang[0] ? " --lang " : "", a->pc.locale_lang,
                 a->pc.locale_letter ? " --paper letter" : "");
        fprintf(stderr, "meiro: ");
        fprintf(stderr, say_format(N_("seed %llu (use %s to make this maze again)")),
                (unsigned long long)a->opt->seed, again);
        fputc('\n', stderr);
    }
done:
    meiro_trace_free(trace);
    meiro_path_free(&path);
    meiro_maze_free(m);
    return rc;
}

/* parse -> plan -> run: the options read into a job, the job planned by
 * the library (with the command line's checks of its files), then made
 * and written. */
int cmd_generate(int argc, char **argv)
{
    if (rule_asked(argc, argv)) return cmd_rule(argc, argv, false);
    if (picture_asked(argc, argv)) return cmd_picture(argc, argv);
    generate_args a = {.argc = argc,
                       .argv = argv,
                       .job = meiro_job_new(),
                       .kerf_um = -1,
                       .cut_rgb = -1,
                       .engrave_rgb = -1};
    if (!a.job) return report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
    a.opt = meiro_job_maze(a.job);
    a.mission = meiro_job_mission(a.job);
    int rc = parse_generate(argc, argv, &a);
    if (rc == EXIT_OK && !a.help) rc = plan_generate(&a);
    if (rc == EXIT_OK && !a.help) rc = run_generate(&a);
    meiro_job_free(a.job);
    meiro_template_free(a.pc.tpl);
    return rc;
}
