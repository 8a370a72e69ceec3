/* meiro watch: a maze made and solved step by step in the terminal. The
 * grid of blocks is drawn with upper half blocks (two grid rows per line, so
 * blocks are about square), fitted to the terminal, like the printed page:
 * dark walls, light corridors, the solver's traces in colour, a legend
 * under it. 24-bit colour when COLORTERM says the terminal has it, else the
 * nearest of xterm's 256. On a shape (--shape, --text) the cells outside
 * it are the terminal's own background. A weave maze's crossing shows as
 * the page shows it: the passage over it runs through in the corridor's
 * colour, the two openings of the tunnel under it are darker (the
 * tunnel's colour in the legend), from the step that dug the tunnel on.
 * `q` stops it; Ctrl-C too, ending
 * meiro by the signal (status 130); the terminal is always restored.
 * Without a terminal it prints the finished maze as plain text. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static const char *const usage_watch =
    "Usage: meiro watch [OPTIONS]\n"
    "Watch a maze being made, then solved, in the terminal (q or Ctrl-C stops).\n"
    "\n"
    "  -a, --algorithm A    generator (default dig; see 'meiro list')\n"
    "  -m, --solver M       solver (default bfs)\n"
    "  -W, --width N        cells across (default: as wide as the terminal allows)\n"
    "  -H, --height N       cells down (default: as tall as the terminal allows)\n"
    "  -s, --seed N         seed (default: from the clock)\n"
    "      --loops P        open P% of the dead ends into loops\n"
    "      --weave P        a weave maze: up to P% of the cells become crossings\n"
    "                       (cluster, dig or growing-tree), drawn as they are dug\n"
    "      --difficulty L   easy, normal, hard or expert: the level's size,\n"
    "                       generator and ends, as in generate (a terminal has\n"
    "                       no page: no cell size); -W/-H/-a win\n"
    "      --age N          the level for a child of N years (3-5 easy, 6-8\n"
    "                       normal, 9-12 hard, 13+ expert)\n"
    "      --shape S        a maze inside a shape: a built-in one (heart, star,\n"
    "                       ...; see 'meiro list') or a picture FILE (SVG, PNG,\n"
    "                       JPEG, GIF, BMP)\n"
    "      --text T         a maze inside the letters of T (HANA); -H sets their\n"
    "                       height (default as in generate, lowered to fit)\n"
    "      --no-bridges     refuse a shape in pieces instead of joining them\n"
    "      --delay MS       milliseconds between frames (default 30)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Colours are 24-bit when COLORTERM is truecolor or 24bit, else xterm's 256.\n";

/* The printed page's dark on light; the solver's traces between them. */
enum {
    COLOUR_WALL = 0x1F2328,
    COLOUR_CORRIDOR = 0xF4F3EE,
    COLOUR_PATH = 0xA048E0, /* the answer's violet, as on the page (--answer-colour's default) */
    COLOUR_START = 0x1F9D3F,
    COLOUR_GOAL = 0x2563EB,
    COLOUR_MARK_TEXT = 0xFFFFFF,
    COLOUR_TUNNEL = 0x8C877D, /* a tunnel's openings beside a crossing: darker than a corridor */
    SECONDS_PER_PHASE = 7
};
/* Not a colour: the terminal's own background (outside a shape), and a
 * colour not set yet. */
#define COLOUR_NONE 0x1000000u
#define COLOUR_UNSET UINT32_MAX

/* What the signal handler and the exit handler share with the viewer: a
 * handler can reach nothing else. */
static volatile sig_atomic_t stop_signal;
static struct termios saved;
static bool raw_mode;

static void on_signal(int sig) { stop_signal = sig; }

static void restore_terminal(void)
{
    fputs("\x1b[0m\x1b[?25h", stdout);
    fflush(stdout);
    if (raw_mode) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    raw_mode = false;
}

/* The frame being drawn: the player, the terminal's colours and width, and
 * the text built for it. */
typedef struct view {
    const meiro_player *p;
    bool truecolor;
    unsigned cols;
    char *buf;
    size_t size, n;
} view;

static void put(view *v, const char *fmt, ...)
{
    if (v->n >= v->size) return; /* sized for the worst frame: a guard */
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(v->buf + v->n, v->size - v->n, fmt, ap);
    va_end(ap);
    if (k > 0) v->n = v->n + (size_t)k < v->size ? v->n + (size_t)k : v->size;
}

/* The nearest of xterm's 256 colours: its 6 x 6 x 6 cube or its 24 greys
 * (the first 16 are left out: every terminal sets its own). */
static unsigned xterm256(uint32_t rgb)
{
    static const int level[6] = {0, 95, 135, 175, 215, 255};
    int c[3] = {(int)(rgb >> 16), (int)((rgb >> 8) & 255), (int)(rgb & 255)}, cube[3];
    long cube_d = 0;
    for (int k = 0; k < 3; k++) {
        cube[k] = 0;
        for (int l = 1; l < 6; l++)
            if (abs(level[l] - c[k]) < abs(level[cube[k]] - c[k])) cube[k] = l;
        cube_d += (long)(level[cube[k]] - c[k]) * (level[cube[k]] - c[k]);
    }
    int grey = ((c[0] + c[1] + c[2]) / 3 - 3) / 10; /* greys are 8, 18, ... 238 */
    grey = grey < 0 ? 0 : grey > 23 ? 23 : grey;
    long grey_d = 0;
    for (int k = 0; k < 3; k++) grey_d += (long)(8 + 10 * grey - c[k]) * (8 + 10 * grey - c[k]);
    return grey_d < cube_d
               ? 232u + (unsigned)grey
               : 16u + 36u * (unsigned)cube[0] + 6u * (unsigned)cube[1] + (unsigned)cube[2];
}

/* Sets the foreground (38) or background (48) colour; COLOUR_NONE: the
 * terminal's own. */
static void put_colour(view *v, int layer, uint32_t rgb)
{
    if (rgb == COLOUR_NONE) put(v, "\x1b[%dm", layer + 1);
    else if (v->truecolor)
        put(v, "\x1b[%d;2;%u;%u;%um", layer, rgb >> 16, (rgb >> 8) & 255, rgb & 255);
    else put(v, "\x1b[%d;5;%um", layer, xterm256(rgb));
}

/* Whether cell (x, y) of the grid is outside the maze's shape; beyond the
 * grid counts as outside. */
static bool outside(const meiro_maze *m, int64_t x, int64_t y)
{
    return x < 0 || y < 0 || x >= meiro_maze_width(m) || y >= meiro_maze_height(m) ||
           !meiro_maze_is_active(m, (meiro_cell){(uint32_t)x, (uint32_t)y});
}

static bool ends_shown(const meiro_player *p)
{
    return meiro_player_frame(p) == meiro_player_frames(p) || meiro_player_solving(p);
}

/* The colour of a cell's block. While a carving generator works, cells it
 * has not reached yet are still rock: wall-coloured. */
static uint32_t cell_colour(const meiro_player *p, uint32_t x, uint32_t y)
{
    const meiro_maze *m = meiro_player_maze(p);
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (ends_shown(p)) {
        if (s.x == x && s.y == y) return COLOUR_START;
        if (g.x == x && g.y == y) return COLOUR_GOAL;
    }
    if (meiro_player_on_path(p, x, y)) return COLOUR_PATH;
    uint32_t c = meiro_player_colour(p, x, y);
    if (c != MEIRO_NO_COLOUR) return c;
    if (!meiro_player_solving(p) && meiro_maze_width(m) * meiro_maze_height(m) > 1) {
        bool open = false;
        for (int d = MEIRO_NORTH; d <= MEIRO_WEST; d++)
            open = open || meiro_maze_is_open(m, x, y, (meiro_dir)d);
        if (!open) return COLOUR_WALL;
    }
    return COLOUR_CORRIDOR;
}

/* The colour of the opening between cells a and b: the path's if both are
 * on it, grey if either was backed out of or filled, else b's. */
static uint32_t passage_colour(const meiro_player *p, uint32_t ax, uint32_t ay, uint32_t bx,
                               uint32_t by)
{
    if (meiro_player_on_path(p, ax, ay) && meiro_player_on_path(p, bx, by)) return COLOUR_PATH;
    uint32_t a = meiro_player_colour(p, ax, ay), b = meiro_player_colour(p, bx, by);
    if (a == MEIRO_NO_COLOUR || b == MEIRO_NO_COLOUR) return COLOUR_CORRIDOR;
    if (a == MEIRO_COLOUR_LEFT || a == MEIRO_COLOUR_FILLED) return a;
    return b;
}

/* Whether the opening east (`east`) or south of cell a leads a tunnel
 * under a crossing: a or the cell beyond it is a crossing whose tunnel
 * runs that way. */
static bool tunnel_opening(const meiro_maze *m, uint32_t ax, uint32_t ay, bool east)
{
    meiro_dir along = east ? MEIRO_EAST : MEIRO_SOUTH; /* as meiro_maze_crossing says it */
    return meiro_maze_crossing(m, (meiro_cell){ax, ay}) == along ||
           meiro_maze_crossing(m, (meiro_cell){ax + east, ay + !east}) == along;
}

/* The colour of block (bx, by) of the (2w+1) x (2h+1) grid: cells at odd
 * positions, corners at even ones, walls between. A corner is wall unless
 * all four walls meeting there are open (loops make such rooms). */
static uint32_t block_colour(const meiro_player *p, uint32_t bx, uint32_t by)
{
    const meiro_maze *m = meiro_player_maze(p);
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    bool odd_x = bx % 2, odd_y = by % 2;
    if (meiro_maze_has_mask(m)) { /* a block touching no cell inside the shape: background */
        int64_t x0 = odd_x ? bx / 2 : (int64_t)bx / 2 - 1,
                y0 = odd_y ? by / 2 : (int64_t)by / 2 - 1;
        bool any = false;
        for (int64_t y = y0; y <= (int64_t)by / 2 && !any; y++)
            for (int64_t x = x0; x <= (int64_t)bx / 2 && !any; x++) any = !outside(m, x, y);
        if (!any) return COLOUR_NONE;
    }
    if (odd_x && odd_y) return cell_colour(p, bx / 2, by / 2);
    if (!odd_x && !odd_y) {
        uint32_t cx = bx / 2, cy = by / 2;
        if (cx == 0 || cy == 0 || cx == w || cy == h) return COLOUR_WALL;
        bool room = meiro_maze_is_open(m, cx - 1, cy - 1, MEIRO_EAST) &&
                    meiro_maze_is_open(m, cx - 1, cy, MEIRO_EAST) &&
                    meiro_maze_is_open(m, cx - 1, cy - 1, MEIRO_SOUTH) &&
                    meiro_maze_is_open(m, cx, cy - 1, MEIRO_SOUTH);
        return room ? passage_colour(p, cx - 1, cy - 1, cx, cy) : COLOUR_WALL;
    }
    /* a wall: between cells a (above or left) and b (below or right) */
    bool border = odd_x ? (by == 0 || by == 2 * h) : (bx == 0 || bx == 2 * w);
    if (border) return COLOUR_WALL;
    uint32_t ax = odd_x ? bx / 2 : bx / 2 - 1, ay = odd_x ? by / 2 - 1 : by / 2;
    /* asked from both sides: a crossing's own cell does not lead into its tunnel */
    if (!meiro_maze_is_open(m, ax, ay, odd_x ? MEIRO_SOUTH : MEIRO_EAST) &&
        !meiro_maze_is_open(m, odd_x ? ax : ax + 1, odd_x ? ay + 1 : ay,
                            odd_x ? MEIRO_NORTH : MEIRO_WEST))
        return COLOUR_WALL;
    uint32_t colour = passage_colour(p, ax, ay, odd_x ? ax : ax + 1, odd_x ? ay + 1 : ay);
    if (colour != COLOUR_PATH && tunnel_opening(m, ax, ay, !odd_x)) return COLOUR_TUNNEL;
    return colour;
}

/* One item of the legend: a swatch (or the S / G mark) and its words;
 * false, writing nothing, if it would not fit in the terminal's width. */
static bool legend_item(view *v, unsigned *used, uint32_t colour, uint32_t second, const char *mark,
                        const char *words)
{
    unsigned width = (*used ? 2u : 0u) +
                     (mark     ? 3u
                      : second ? 2u
                               : 1u) +
                     1u + (unsigned)strlen(words);
    if (*used + width > v->cols) return false;
    put(v, "%s", *used ? "  " : "");
    if (mark) { /* the mark as in the maze: bold, on its colour */
        put(v, "\x1b[1m");
        put_colour(v, 38, COLOUR_MARK_TEXT);
        put_colour(v, 48, colour);
        put(v, " %s \x1b[0m", mark);
    } else {
        put_colour(v, 38, colour);
        put(v, "\xe2\x96\x88"); /* █ */
        if (second) put_colour(v, 38, second), put(v, "\xe2\x96\x88");
        put(v, "\x1b[39m");
    }
    put(v, " %s", words);
    *used += width;
    return true;
}

/* The line under the maze: what its colours mean, for what is on screen,
 * the most telling first (what does not fit the terminal is left off). */
static void legend(view *v)
{
    const meiro_player *p = v->p;
    const meiro_maze *m = meiro_player_maze(p);
    bool solving = meiro_player_solving(p), left = false, filled = false, path = false;
    uint32_t near = MEIRO_NO_COLOUR, far = MEIRO_NO_COLOUR, near_v = UINT32_MAX, far_v = 0;
    uint32_t road[2] = {MEIRO_NO_COLOUR, MEIRO_NO_COLOUR}; /* two roads' colours, as samples */
    for (uint32_t y = 0; y < meiro_maze_height(m); y++) {
        for (uint32_t x = 0; x < meiro_maze_width(m); x++) {
            uint32_t c = meiro_player_colour(p, x, y), value = meiro_player_value(p, x, y);
            path = path || meiro_player_on_path(p, x, y);
            left = left || c == MEIRO_COLOUR_LEFT;
            filled = filled || c == MEIRO_COLOUR_FILLED;
            if (!solving && c != MEIRO_NO_COLOUR && c != road[0])
                road[road[0] != MEIRO_NO_COLOUR] = c;
            if (!solving || value == UINT32_MAX) continue;
            if (value < near_v) near_v = value, near = c;
            if (value >= far_v) far_v = value, far = c;
        }
    }
    unsigned used = 0;
    bool fits = true;
    if (ends_shown(p)) {
        fits = legend_item(v, &used, COLOUR_START, 0, "S", "start");
        fits = fits && legend_item(v, &used, COLOUR_GOAL, 0, "G", "goal");
    }
    if (path) fits = fits && legend_item(v, &used, COLOUR_PATH, 0, NULL, "path");
    if (near != MEIRO_NO_COLOUR) fits = fits && legend_item(v, &used, near, far, NULL, "explored");
    if (left) fits = fits && legend_item(v, &used, MEIRO_COLOUR_LEFT, 0, NULL, "backed out");
    if (filled) fits = fits && legend_item(v, &used, MEIRO_COLOUR_FILLED, 0, NULL, "filled in");
    if (road[0] != MEIRO_NO_COLOUR)
        fits = fits && legend_item(v, &used, road[0], road[1] == MEIRO_NO_COLOUR ? 0 : road[1],
                                   NULL, "dug, a colour per road");
    if (meiro_maze_crossings(m))
        fits = fits && legend_item(v, &used, COLOUR_TUNNEL, 0, NULL, "under a crossing");
    fits = fits && legend_item(v, &used, COLOUR_WALL, 0, NULL, "wall");
    fits = fits && legend_item(v, &used, COLOUR_CORRIDOR, 0, NULL, "corridor");
    put(v, "\x1b[0m\x1b[K\r\n"); /* \x1b[K: what a longer legend left */
}

/* Draws the whole grid from the top-left corner, with colour escapes only
 * where the colour changes, and the legend under it. */
static void draw(view *v)
{
    const meiro_maze *m = meiro_player_maze(v->p);
    uint32_t gw = 2 * meiro_maze_width(m) + 1, gh = 2 * meiro_maze_height(m) + 1;
    v->n = 0;
    put(v, "\x1b[H");
    for (uint32_t row = 0; row < gh; row += 2) {
        uint32_t fg = COLOUR_UNSET, bg = COLOUR_NONE; /* after \x1b[0m: the terminal's */
        for (uint32_t bx = 0; bx < gw; bx++) {
            uint32_t top = block_colour(v->p, bx, row);
            uint32_t bottom = row + 1 < gh ? block_colour(v->p, bx, row + 1) : COLOUR_NONE;
            /* the upper half block in the top colour on the bottom one; with
             * the top the background, the lower half block; both: a space */
            bool lower = top == COLOUR_NONE && bottom != COLOUR_NONE;
            uint32_t ink = lower ? bottom : top, paper = lower ? COLOUR_NONE : bottom;
            if (paper != bg) put_colour(v, 48, paper), bg = paper;
            if (ink == COLOUR_NONE) {
                put(v, " ");
                continue;
            }
            if (ink != fg) put_colour(v, 38, ink), fg = ink;
            put(v, lower ? "\xe2\x96\x84" : "\xe2\x96\x80"); /* ▄ ▀ */
        }
        put(v, "\x1b[0m\r\n");
    }
    legend(v);
    fwrite(v->buf, 1, v->n, stdout);
    fflush(stdout);
}

/* Waits `ms` for a key; true if the viewer should stop. Keys are read
 * while standard input gives them (not at its end: then it only waits). */
static bool wait_key(int ms, bool *keys)
{
    struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
    if (poll(&pfd, *keys ? 1 : 0, ms) > 0 && (pfd.revents & (POLLIN | POLLHUP))) {
        char c;
        ssize_t got = read(STDIN_FILENO, &c, 1);
        if (got <= 0) *keys = false;
        else if (c == 3) stop_signal = SIGINT; /* a terminal that does not send the signal itself */
        else if (c == 'q' || c == 'Q' || c == 27) return true;
    }
    return stop_signal != 0;
}

/* watch's options as read: the maze's settings given (`given` says which
 * of opt's; the generator is dig unless told), the terminal's pace. */
typedef struct watch_args {
    meiro_generate_options opt;
    unsigned given; /* MEIRO_GIVEN_* */
    const char *shape, *text, *solver;
    const meiro_level_desc *level; /* --age or --difficulty; NULL: none */
    uint64_t delay;
    bool seeded, help;
} watch_args;

/* The terminal: its size, and the most cells it shows. */
typedef struct terminal {
    bool tty;
    unsigned cols, rows;
    uint32_t fit_w, fit_h;
} terminal;

const struct option watch_options[] = {
    {"algorithm", required_argument, NULL, 'a'},
    {"solver", required_argument, NULL, 'm'},
    {"width", required_argument, NULL, 'W'},
    {"height", required_argument, NULL, 'H'},
    {"seed", required_argument, NULL, 's'},
    {"loops", required_argument, NULL, OPT_LOOPS},
    {"weave", required_argument, NULL, OPT_WEAVE},
    {"delay", required_argument, NULL, OPT_DELAY},
    {"help", no_argument, NULL, 'h'},
    {"shape", required_argument, NULL, OPT_SHAPE},
    {"text", required_argument, NULL, OPT_TEXT},
    {"no-bridges", no_argument, NULL, OPT_NO_BRIDGES},
    {"difficulty", required_argument, NULL, OPT_DIFFICULTY},
    {"age", required_argument, NULL, OPT_AGE},
    {NULL, 0, NULL, 0},
};


static int watch_option(watch_args *a, int c, char **argv)
{
    uint64_t v;
    switch (c) {
    case 'a': a->opt.algorithm = optarg; return EXIT_OK;
    case 'm': a->solver = optarg; return EXIT_OK;
    case 'W':
    case 'H':
        if (!parse_u64(optarg, MEIRO_MAX_SIDE, &v) || v == 0)
            return usage_error(
                "watch", N_("the size must be a whole number from 1 to 65535, not '%s'"), optarg);
        *(c == 'W' ? &a->opt.width : &a->opt.height) = (uint32_t)v;
        a->given |= c == 'W' ? MEIRO_GIVEN_WIDTH : MEIRO_GIVEN_HEIGHT;
        return EXIT_OK;
    case 's':
        if (!parse_u64(optarg, UINT64_MAX, &a->opt.seed))
            return usage_error("watch", N_("--seed must be a whole number, not '%s'"), optarg);
        a->seeded = true;
        return EXIT_OK;
    case OPT_LOOPS:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("watch", N_("--loops is 0 to 100, not '%s'"), optarg);
        a->opt.loops = (unsigned)v;
        return EXIT_OK;
    case OPT_WEAVE:
        if (!parse_u64(optarg, 100, &v))
            return usage_error("watch", N_("--weave is a percentage from 0 to 100, not '%s'"),
                               optarg);
        a->opt.weave = (unsigned)v;
        return EXIT_OK;
    case OPT_DELAY:
        if (!parse_u64(optarg, 5000, &a->delay))
            return usage_error("watch", N_("--delay is 0 to 5000 milliseconds, not '%s'"), optarg);
        return EXIT_OK;
    case OPT_SHAPE: a->shape = optarg; return EXIT_OK;
    case OPT_TEXT: a->text = optarg; return EXIT_OK;
    case OPT_NO_BRIDGES: a->opt.no_bridges = true; return EXIT_OK;
    case OPT_DIFFICULTY:
    case OPT_AGE: return parse_level("watch", c, optarg, &a->level);
    case 'h':
        fputs(usage_watch, stdout);
        a->help = true;
        return EXIT_OK;
    case ':': return usage_error("watch", N_("option '%s' needs a value"), argv[optind - 1]);
    default: return bad_option("watch", argv, c, watch_options);
    }
}

static int parse_watch(int argc, char **argv, watch_args *a)
{
    meiro_generate_options_init(&a->opt);
    a->opt.algorithm = NULL; /* watch's own default, dig, unless a level names one */
    a->given = 0;
    a->solver = "bfs";
    a->delay = 30;
    int c, rc = EXIT_OK;
    while (rc == EXIT_OK && !a->help &&
           (c = getopt_long(argc, argv, ":a:m:W:H:s:h", watch_options, NULL)) != -1)
        rc = watch_option(a, c, argv);
    if (rc == EXIT_OK && !a->help && optind < argc)
        rc = usage_error("watch", N_("unexpected argument '%s'"), argv[optind]);
    if (a->opt.algorithm) a->given |= MEIRO_GIVEN_ALGORITHM;
    else if (!a->level) {
        a->opt.algorithm = "dig"; /* a road to follow */
        a->given |= MEIRO_GIVEN_ALGORITHM;
    }
    return rc;
}

/* The text's mask, fitted to the terminal: without -H the default height,
 * or the largest under it that fits. */
static int watch_text(const watch_args *a, const terminal *t, uint8_t **mask, meiro_text_info *info)
{
    meiro_error e = {0};
    uint32_t given_h = a->given & MEIRO_GIVEN_HEIGHT ? a->opt.height : 0, height = given_h;
    for (int attempt = 0; attempt < 8; attempt++) {
        if (meiro_text_mask(a->text, NULL, height, mask, info, &e) != MEIRO_OK)
            return library_error("watch", NULL, &e);
        if (!t->tty || given_h || (info->width <= t->fit_w && info->height <= t->fit_h) ||
            info->height <= MEIRO_TEXT_HEIGHT_MIN)
            break;
        /* too large for the terminal: letters about as much lower as they are too wide */
        double scale = fmin((double)t->fit_w / info->width, (double)t->fit_h / info->height);
        uint32_t lower = (uint32_t)(info->height * scale);
        height = lower < info->height ? lower : info->height - 1;
        if (height < MEIRO_TEXT_HEIGHT_MIN) height = MEIRO_TEXT_HEIGHT_MIN;
        meiro_mask_free(*mask);
        *mask = NULL;
    }
    if (t->tty && (info->width > t->fit_w || info->height > t->fit_h)) {
        char msg[512]; /* translated: three bytes a CJK character */
        snprintf(msg, sizeof msg,
                 given_h ? say_format(N_("the text is %u x %u cells; this terminal shows at most "
                                         "%u x %u: try a smaller -H"))
                         : say_format(N_("the text is %u x %u cells; this terminal shows at most "
                                         "%u x %u")),
                 info->width, info->height, t->fit_w, t->fit_h);
        return usage_error("watch", "%s", msg);
    }
    return EXIT_OK;
}

/* The maze to watch: the size given, else the terminal's (else 20 x 12
 * without one); a text's own size; a shape over it; the seed. */
static int resolve_watch(watch_args *a, const terminal *t, uint8_t **mask)
{
    uint32_t w = a->given & MEIRO_GIVEN_WIDTH ? a->opt.width : 0,
             h = a->given & MEIRO_GIVEN_HEIGHT ? a->opt.height : 0;
    if (t->tty && (w > t->fit_w || h > t->fit_h)) {
        char msg[512];
        snprintf(msg, sizeof msg, say_format(N_("a %ux%u terminal shows at most %u x %u cells")),
                 t->cols, t->rows, t->fit_w, t->fit_h);
        return usage_error("watch", "%s", msg);
    }
    if (!a->text && !a->level) { /* watch's own size: the terminal's */
        a->opt.width = w ? w : t->tty ? t->fit_w : 20;
        a->opt.height = h ? h : t->tty ? t->fit_h : 12;
        a->given |= MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_HEIGHT;
    }
    meiro_text_info info = {0};
    int rc = a->text && !a->shape ? watch_text(a, t, mask, &info) : EXIT_OK;
    meiro_error e = {0};
    meiro_maze_sources src = {
        .level = a->level, .shape = a->shape != NULL, .text = a->text ? &info : NULL};
    if (rc == EXIT_OK && meiro_generate_options_resolve(&a->opt, a->given, &src, &e) != MEIRO_OK)
        rc = library_error("watch", NULL, &e);
    /* the level's maze, or its shape's grid, on this terminal */
    if (rc == EXIT_OK && a->level && !a->text && t->tty &&
        (a->opt.width > t->fit_w || a->opt.height > t->fit_h)) {
        char msg[512];
        snprintf(msg, sizeof msg,
                 say_format(N_("the %s level's maze is %u x %u cells; this terminal shows at most "
                               "%u x %u (a larger terminal, or -W/-H)")),
                 a->level->name, a->opt.width, a->opt.height, t->fit_w, t->fit_h);
        rc = usage_error("watch", "%s", msg);
    }
    if (rc == EXIT_OK && a->shape &&
        meiro_shape_mask(a->shape, a->opt.width, a->opt.height, mask, &e) != MEIRO_OK)
        rc = library_error("watch", NULL, &e);
    a->opt.mask = *mask;
    if (!a->seeded) a->opt.seed = clock_seed();
    return rc;
}

/* The terminal in raw mode, without a cursor, until restore_terminal;
 * Ctrl-C and SIGTERM stop the show, then end meiro by the signal once the
 * terminal is back (SA_RESTART: a frame is not cut short). */
static void take_terminal(void)
{
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0) {
        struct termios raw = saved;
        raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO);
        raw.c_cc[VMIN] = 0;
        raw.c_cc[VTIME] = 0;
        raw_mode = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
    }
    struct sigaction sa = {0};
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    atexit(restore_terminal);
    fputs("\x1b[2J\x1b[?25l", stdout);
}

/* Plays the trace in the terminal, frame by frame; `stopped` when q
 * stopped it. */
static int play(const meiro_trace *trace, const meiro_generate_options *opt, const terminal *t,
                uint64_t delay, bool *stopped)
{
    meiro_error err = {0};
    unsigned frames = delay ? (unsigned)(SECONDS_PER_PHASE * 1000 / delay) : 400;
    meiro_player *p = meiro_player_new(trace, NULL, frames ? frames : 1, &err);
    /* a block changes both colours at most (2 x 19 bytes) */
    view screen = {
        p, false, t->cols, NULL, (size_t)(2 * opt->width + 2) * (opt->height + 1) * 48 + 4096, 0};
    const char *colorterm = getenv("COLORTERM");
    screen.truecolor =
        colorterm && (!strcmp(colorterm, "truecolor") || !strcmp(colorterm, "24bit"));
    screen.buf = malloc(screen.size);
    int rc = EXIT_OK;
    if (!p || !screen.buf) {
        if (p) err = (meiro_error){.status = MEIRO_ERROR_NOMEM};
        rc = report_failure(NULL, &err);
        goto done;
    }
    take_terminal();
    bool keys = true;
    while (!*stopped && meiro_player_next(p)) {
        draw(&screen);
        *stopped = wait_key((int)delay, &keys);
    }
    if (stop_signal) {
        restore_terminal();
        int sig = stop_signal;
        signal(sig, SIG_DFL);
        raise(sig);
    }
    while (*stopped && meiro_player_next(p)) {} /* q: show the end at once */
    draw(&screen);
    restore_terminal();
done:
    free(screen.buf);
    meiro_player_free(p);
    return rc;
}

/* The maze made and solved, recorded; then shown in the terminal, or
 * printed finished without one. */
static int run_watch(watch_args *a, const terminal *t)
{
    meiro_maze *m = NULL;
    meiro_path path = {0};
    meiro_error err = {0};
    int rc = EXIT_OK;
    meiro_trace *trace = meiro_trace_new();
    if (!trace) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    meiro_observer watcher = meiro_trace_observer(trace);
    a->opt.observer = &watcher;
    m = meiro_generate(&a->opt, &err);
    meiro_status s = m ? meiro_solve_watched(m, a->solver, &watcher, &path, &err) : err.status;
    if (s != MEIRO_OK && s != MEIRO_ERROR_NO_PATH) {
        rc = library_error("watch", NULL, &err); /* a wrong name or a refused shape: usage */
        goto done;
    }
    if (!t->tty) { /* no terminal: the finished maze, plain */
        /* the line drawing cannot show crossings: a weave maze in text ('-' and '|') */
        s = meiro_write(m, path.length ? &path : NULL,
                        meiro_maze_crossings(m) ? MEIRO_FORMAT_TEXT : MEIRO_FORMAT_UNICODE, NULL,
                        stdout, &err);
        rc = s == MEIRO_OK ? EXIT_OK : report_failure("stdout", &err);
        goto done;
    }
    bool stopped = false;
    rc = play(trace, &a->opt, t, a->delay, &stopped);
    if (rc == EXIT_OK) {
        printf("%s %ux%u · seed %llu · %s: ", meiro_maze_algorithm(m), a->opt.width, a->opt.height,
               (unsigned long long)a->opt.seed, a->solver);
        printf(s == MEIRO_OK ? say_format(N_("path of %zu cells, %llu explored"))
                             : say_format(N_("no path; %zu cells, %llu explored")),
               path.length, (unsigned long long)path.explored);
        printf("%s%s\n", stopped ? " " : "", stopped ? say_format(N_("(stopped)")) : "");
    }
done:
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_trace_free(trace);
    return rc;
}

int cmd_watch(int argc, char **argv)
{
    watch_args a = {0};
    int rc = parse_watch(argc, argv, &a);
    if (rc != EXIT_OK || a.help) return rc;
    terminal t = {isatty(STDOUT_FILENO), 80, 24, 0, 0};
    struct winsize ws = {0};
    if (t.tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col && ws.ws_row)
        t.cols = ws.ws_col, t.rows = ws.ws_row;
    /* fit the terminal: (2w+1) columns; h+1 lines of half blocks, the
     * legend, the closing line and the cursor's line under it */
    t.fit_w = t.cols > 2 ? (t.cols - 1) / 2 : 1;
    t.fit_h = t.rows > 4 ? t.rows - 4 : 1;
    uint8_t *mask = NULL;
    rc = resolve_watch(&a, &t, &mask);
    if (rc == EXIT_OK) rc = run_watch(&a, &t);
    meiro_mask_free(mask);
    return rc;
}
