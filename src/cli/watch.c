/* meiro watch: a maze made and solved step by step in the terminal. The
 * grid of blocks is drawn with upper half blocks in 24-bit colour (two grid
 * rows per line, so blocks are about square), fitted to the terminal; `q`
 * or Ctrl-C stops it, and the terminal is always restored. Without a
 * terminal it prints the finished maze as plain text. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <poll.h>
#include <signal.h>
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
    "      --delay MS       milliseconds between frames (default 30)\n"
    "  -h, --help           show this help\n";

enum { COLOUR_WALL = 0xE8E8E8, COLOUR_DARK = 0x202428, COLOUR_PATH = 0xE0483E,
       COLOUR_START = 0x3FB950, COLOUR_GOAL = 0x4493F8, SECONDS_PER_PHASE = 7 };

static volatile sig_atomic_t stop_requested;
static struct termios saved;
static bool raw_mode;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static void restore_terminal(void)
{
    fputs("\x1b[0m\x1b[?25h", stdout);
    fflush(stdout);
    if (raw_mode) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    raw_mode = false;
}

/* The colour of a cell's block. */
static uint32_t cell_colour(const meiro_player *p, uint32_t x, uint32_t y)
{
    const meiro_maze *m = meiro_player_maze(p);
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (meiro_player_frame(p) == meiro_player_frames(p) || meiro_player_solving(p)) {
        if (s.x == x && s.y == y) return COLOUR_START;
        if (g.x == x && g.y == y) return COLOUR_GOAL;
    }
    if (meiro_player_on_path(p, x, y)) return COLOUR_PATH;
    uint32_t c = meiro_player_colour(p, x, y);
    return c == MEIRO_NO_COLOUR ? COLOUR_DARK : c;
}

/* The colour of block (bx, by) of the (2w+1) x (2h+1) grid: cells at odd
 * positions, corners at even ones, walls between. */
static uint32_t block_colour(const meiro_player *p, uint32_t bx, uint32_t by)
{
    const meiro_maze *m = meiro_player_maze(p);
    bool odd_x = bx % 2, odd_y = by % 2;
    if (odd_x && odd_y) return cell_colour(p, bx / 2, by / 2);
    if (!odd_x && !odd_y) return COLOUR_WALL;
    /* a wall: between cells a (above or left) and b (below or right) */
    uint32_t bxc = odd_x ? bx / 2 : bx / 2 - (bx > 0), byc = odd_y ? by / 2 : by / 2 - (by > 0);
    bool border = odd_x ? (by == 0 || by == 2 * meiro_maze_height(m)) : (bx == 0 || bx == 2 * meiro_maze_width(m));
    if (border || !meiro_maze_is_open(m, bxc, byc, odd_x ? MEIRO_SOUTH : MEIRO_EAST)) return COLOUR_WALL;
    uint32_t ax = bxc, ay = byc, cx = odd_x ? bxc : bxc + 1, cy = odd_x ? byc + 1 : byc;
    if (meiro_player_on_path(p, ax, ay) && meiro_player_on_path(p, cx, cy)) return COLOUR_PATH;
    uint32_t c = meiro_player_colour(p, cx, cy);
    return c == MEIRO_NO_COLOUR ? COLOUR_DARK : c;
}

/* Draws the whole grid from the top-left corner, with colour escapes only
 * where the colour changes. */
static void draw(const meiro_player *p, char *buf, size_t size)
{
    const meiro_maze *m = meiro_player_maze(p);
    uint32_t gw = 2 * meiro_maze_width(m) + 1, gh = 2 * meiro_maze_height(m) + 1;
    size_t n = (size_t)snprintf(buf, size, "\x1b[H");
    for (uint32_t row = 0; row < gh; row += 2) {
        uint32_t fg = UINT32_MAX, bg = UINT32_MAX;
        for (uint32_t bx = 0; bx < gw && n + 64 < size; bx++) {
            uint32_t top = block_colour(p, bx, row);
            uint32_t bottom = row + 1 < gh ? block_colour(p, bx, row + 1) : 0;
            if (top != fg) n += (size_t)snprintf(buf + n, size - n, "\x1b[38;2;%u;%u;%um", top >> 16, (top >> 8) & 255, top & 255), fg = top;
            if (row + 1 < gh && bottom != bg)
                n += (size_t)snprintf(buf + n, size - n, "\x1b[48;2;%u;%u;%um", bottom >> 16, (bottom >> 8) & 255, bottom & 255), bg = bottom;
            if (row + 1 >= gh && bg != 0) n += (size_t)snprintf(buf + n, size - n, "\x1b[49m"), bg = 0;
            n += (size_t)snprintf(buf + n, size - n, "\xe2\x96\x80"); /* ▀ */
        }
        n += (size_t)snprintf(buf + n, size - n, "\x1b[0m\r\n");
    }
    fwrite(buf, 1, n, stdout);
    fflush(stdout);
}

/* Waits `ms` for a key; true if the viewer should stop. */
static bool wait_key(int ms)
{
    struct pollfd pfd = {STDIN_FILENO, POLLIN, 0};
    if (poll(&pfd, 1, ms) > 0 && (pfd.revents & POLLIN)) {
        char c;
        if (read(STDIN_FILENO, &c, 1) == 1 && (c == 'q' || c == 'Q' || c == 3 || c == 27)) return true;
    }
    return stop_requested;
}

int cmd_watch(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"algorithm", required_argument, NULL, 'a'}, {"solver", required_argument, NULL, 'm'},
        {"width", required_argument, NULL, 'W'},     {"height", required_argument, NULL, 'H'},
        {"seed", required_argument, NULL, 's'},      {"loops", required_argument, NULL, 'l'},
        {"delay", required_argument, NULL, 'd'},     {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.algorithm = "dig";
    const char *solver = "bfs";
    uint64_t v, delay = 30;
    bool seeded = false;
    uint32_t w = 0, h = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":a:m:W:H:s:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': opt.algorithm = optarg; break;
        case 'm': solver = optarg; break;
        case 'W':
        case 'H':
            if (!parse_u64(optarg, MEIRO_MAX_SIDE, &v) || v == 0)
                return usage_error("watch", "the size must be a whole number from 1 to 65535, not '%s'", optarg);
            *(c == 'W' ? &w : &h) = (uint32_t)v;
            break;
        case 's':
            if (!parse_u64(optarg, UINT64_MAX, &opt.seed))
                return usage_error("watch", "--seed must be a whole number, not '%s'", optarg);
            seeded = true;
            break;
        case 'l':
            if (!parse_u64(optarg, 100, &v)) return usage_error("watch", "--loops is 0 to 100, not '%s'", optarg);
            opt.loops = (unsigned)v;
            break;
        case 'd':
            if (!parse_u64(optarg, 5000, &delay))
                return usage_error("watch", "--delay is 0 to 5000 milliseconds, not '%s'", optarg);
            break;
        case 'h': fputs(usage_watch, stdout); return EXIT_OK;
        case ':': return usage_error("watch", "option '%s' needs a value", argv[optind - 1]);
        default: return usage_error("watch", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc) return usage_error("watch", "unexpected argument '%s'", argv[optind]);
    bool tty = isatty(STDOUT_FILENO);
    /* fit the terminal: (2w+1) columns, (2h+1) half-block rows, a status line */
    struct winsize ws = {0};
    unsigned cols = 80, rows = 24;
    if (tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col && ws.ws_row) cols = ws.ws_col, rows = ws.ws_row;
    uint32_t fit_w = cols > 2 ? (cols - 1) / 2 : 1, fit_h = rows > 3 ? (2 * (rows - 2) - 1) / 2 : 1;
    if (tty && (w > fit_w || h > fit_h)) {
        char msg[160];
        snprintf(msg, sizeof msg, "a %ux%u terminal shows at most %u x %u cells", cols, rows, fit_w, fit_h);
        return usage_error("watch", "%s", msg);
    }
    opt.width = w ? w : tty ? fit_w : 20;
    opt.height = h ? h : tty ? fit_h : 12;
    if (!seeded) opt.seed = clock_seed();

    meiro_trace *trace = NULL;
    meiro_maze *m = NULL;
    meiro_player *p = NULL;
    char *buf = NULL;
    meiro_path path = {0};
    int rc = EXIT_OK;
    if (!(trace = meiro_trace_new())) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    meiro_observer watcher = meiro_trace_observer(trace);
    opt.observer = &watcher;
    meiro_error err = {0};
    m = meiro_generate(&opt, &err);
    meiro_status s = m ? meiro_solve_watched(m, solver, &watcher, &path, &err) : err.status;
    if (s != MEIRO_OK && s != MEIRO_ERROR_NO_PATH) {
        rc = err.status == MEIRO_ERROR_UNKNOWN_NAME ? usage_error("watch", "%s", err.message) : report_failure(NULL, &err);
        goto done;
    }
    if (!tty) { /* no terminal: the finished maze, plain */
        s = meiro_write(m, path.length ? &path : NULL, MEIRO_FORMAT_UNICODE, NULL, stdout, &err);
        rc = s == MEIRO_OK ? EXIT_OK : report_failure("stdout", &err);
        goto done;
    }
    unsigned frames = delay ? (unsigned)(SECONDS_PER_PHASE * 1000 / delay) : 400;
    p = meiro_player_new(trace, NULL, frames ? frames : 1, &err);
    size_t size = (size_t)(2 * opt.width + 2) * (opt.height + 1) * 48 + 64;
    buf = malloc(size);
    if (!p || !buf) {
        if (p) err = (meiro_error){.status = MEIRO_ERROR_NOMEM};
        rc = report_failure(NULL, &err);
        goto done;
    }
    /* the terminal: raw keys, no cursor; put back however we leave */
    if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0) {
        struct termios raw = saved;
        raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO);
        raw.c_cc[VMIN] = 0;
        raw.c_cc[VTIME] = 0;
        raw_mode = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;
    }
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    atexit(restore_terminal);
    fputs("\x1b[2J\x1b[?25l", stdout);
    bool stopped = false;
    while (!stopped && meiro_player_next(p)) {
        draw(p, buf, size);
        stopped = wait_key((int)delay);
    }
    while (!stopped && meiro_player_next(p)) {} /* q: show the end at once */
    draw(p, buf, size);
    restore_terminal();
    uint64_t seed = opt.seed;
    printf("%s %ux%u · seed %llu · %s: %s%zu cells, %llu explored%s\n", meiro_maze_algorithm(m),
           opt.width, opt.height, (unsigned long long)seed, solver,
           s == MEIRO_OK ? "path of " : "no path; ", path.length,
           (unsigned long long)path.explored, stopped ? " (stopped)" : "");
done:
    free(buf);
    meiro_player_free(p);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_trace_free(trace);
    return rc;
}
