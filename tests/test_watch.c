/* Watching: the steps generators and solvers report. A recorded trace,
 * replayed without any viewer, must rebuild exactly the maze and the path
 * (on a shape too: the trace knows it); solvers report what they explored;
 * the terminal viewer and the animations show a shape's outside as
 * background. */
#define _XOPEN_SOURCE 700 /* posix_openpt and friends */
#include "harness.h"
#include "whitebox.h"

#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static char dir[64];

#include "picture.h"

static void test_generators(void)
{
    static const uint32_t dims[][2] = {{1, 1}, {1, 7}, {7, 1}, {5, 5}, {23, 14}};
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *name = meiro_generator_info(g)->name;
        verdict replayed = {0}, unchanged = {0}; /* every size, plain and with loops */
        for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
            for (unsigned variant = 0; variant < 2; variant++) {
                meiro_trace *t = meiro_trace_new();
                meiro_observer obs = meiro_trace_observer(t);
                meiro_generate_options o;
                meiro_generate_options_init(&o);
                o.width = dims[d][0];
                o.height = dims[d][1];
                o.algorithm = name;
                o.seed = 5 + variant;
                o.observer = &obs;
                if (variant) { /* loops and moved ends are steps too */
                    o.loops = 40;
                    o.ends = MEIRO_ENDS_BORDER;
                }
                meiro_maze *m = meiro_generate(&o, NULL);
                meiro_maze *back = NULL;
                meiro_status st = meiro_trace_replay(t, &back, NULL, NULL);
                verdict_note(&replayed, m && st == MEIRO_OK && back && meiro_maze_equal(m, back),
                             "%s %ux%u variant %u: the replay differs (status %d)", name, o.width,
                             o.height, variant, st);
                /* the same maze is made with or without watching */
                o.observer = NULL;
                meiro_maze *unwatched = meiro_generate(&o, NULL);
                verdict_note(&unchanged, m && unwatched && meiro_maze_equal(m, unwatched),
                             "%s %ux%u variant %u: watching changed the maze", name, o.width,
                             o.height, variant);
                meiro_maze_free(unwatched);
                meiro_maze_free(back);
                meiro_maze_free(m);
                meiro_trace_free(t);
            }
        }
        CHECK_ALL(replayed);
        CHECK_ALL(unchanged);
    }
}

/* dig reports the road article's road numbers: they start at 0 and rise by one
 * for each branch started again after backing up. */
static void test_roads(void)
{
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 30;
    o.height = 20;
    o.algorithm = "dig";
    o.observer = &obs;
    meiro_maze *m = meiro_generate(&o, NULL);
    uint32_t last = 0, roads = 0;
    bool rising = true;
    for (size_t k = 0; k < meiro_trace_count(t); k++) {
        const meiro_event *e = &meiro_trace_events(t)[k];
        if (e->kind != MEIRO_EVENT_CARVE) continue;
        if (e->value < last || e->value > last + 1) rising = false;
        last = e->value;
        roads = e->value + 1;
    }
    CHECK(rising);
    CHECK_MSG(roads > 20 && roads < 600, "%u roads", roads);
    meiro_maze_free(m);
    meiro_trace_free(t);
}

static void test_solvers(void)
{
    meiro_maze *mazes[2];
    mazes[0] = meiro_generate(
        &(meiro_generate_options){.width = 25, .height = 18, .algorithm = "cluster", .seed = 3},
        NULL);
    meiro_generate_options loopy;
    meiro_generate_options_init(&loopy);
    loopy.width = 25;
    loopy.height = 18;
    loopy.loops = 50;
    loopy.seed = 3;
    mazes[1] = meiro_generate(&loopy, NULL);
    for (int k = 0; k < 2; k++) {
        for (size_t s = 0; s < meiro_solver_count(); s++) {
            const char *name = meiro_solver_info(s)->name;
            meiro_trace *t = meiro_trace_new();
            meiro_observer obs = meiro_trace_observer(t);
            meiro_path watched, plain;
            meiro_status st = meiro_solve_watched(mazes[k], name, &obs, &watched, NULL);
            CHECK_INT(meiro_solve(mazes[k], name, &plain, NULL), st);
            size_t visits = 0, fills = 0;
            for (size_t e = 0; e < meiro_trace_count(t); e++) {
                const meiro_event *ev = &meiro_trace_events(t)[e];
                visits += ev->kind == MEIRO_EVENT_VISIT;
                fills += ev->kind == MEIRO_EVENT_FILL;
            }
            if (st == MEIRO_OK) {
                meiro_maze *back = NULL;
                meiro_path path;
                CHECK_INT(meiro_trace_replay(t, &back, &path, NULL), MEIRO_OK);
                bool same = path.length == watched.length && path.length == plain.length;
                for (size_t c = 0; same && c < path.length; c++)
                    same = path.cells[c].x == watched.cells[c].x &&
                           path.cells[c].y == watched.cells[c].y;
                CHECK_MSG(same, "%s: the replayed path differs", name);
                CHECK_MSG(visits + fills >= watched.length - 1, "%s: %zu visits for a path of %zu",
                          name, visits, watched.length);
                if (!strcmp(name, "deadend")) CHECK(fills > 0);
                meiro_path_free(&path);
                meiro_maze_free(back);
            }
            meiro_path_free(&watched);
            meiro_path_free(&plain);
            meiro_trace_free(t);
        }
    }
    /* bfs: the distances of the DFS/BFS article (the goal is 15 steps from S) */
    meiro_maze *m = meiro_load(test_data("seed003.txt"), MEIRO_FORMAT_COUNT, NULL);
    CHECK(m != NULL);
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_path p;
    CHECK_INT(meiro_solve_watched(m, "bfs", &obs, &p, NULL), MEIRO_OK);
    uint32_t goal_distance = UINT32_MAX;
    for (size_t e = 0; e < meiro_trace_count(t); e++) {
        const meiro_event *ev = &meiro_trace_events(t)[e];
        if (ev->kind == MEIRO_EVENT_VISIT && ev->x == 7 && ev->y == 0) goal_distance = ev->value;
    }
    CHECK_INT(goal_distance, 15);
    meiro_path_free(&p);
    meiro_trace_free(t);
    meiro_maze_free(m);
    meiro_maze_free(mazes[0]);
    meiro_maze_free(mazes[1]);
}

/* Runs `meiro watch ARGS` on a pseudo-terminal of cols x rows; keeps the
 * last bytes it printed; sends `key` after `key_after` ms (if not 0). With
 * `lflag`, the terminal's local modes once it has ended (the slave is then
 * held open here, so its settings outlive meiro). */
static int run_on_terminal(char **args, unsigned cols, unsigned rows, char key, int key_after,
                           char *tail, size_t size, double *seconds, tcflag_t *lflag)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) || unlockpt(master)) return -1;
    struct winsize ws = {(unsigned short)rows, (unsigned short)cols, 0, 0};
    char *slave_name = ptsname(master);
    int held = lflag ? open(slave_name, O_RDWR | O_NOCTTY | O_CLOEXEC) : -1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid == 0) {
        setsid();
        int s = open(slave_name, O_RDWR);
        ioctl(s, TIOCSWINSZ, &ws);
        dup2(s, 0), dup2(s, 1), dup2(s, 2);
        execv(args[0], args);
        _exit(127);
    }
    size_t len = 0;
    bool sent = false, ended = false;
    int status = 0;
    for (;;) {
        if (key && !sent) {
            clock_gettime(CLOCK_MONOTONIC, &t1);
            if ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 >= key_after) {
                sent = write(master, &key, 1) == 1;
            }
        }
        struct pollfd pfd = {master, POLLIN, 0};
        if (poll(&pfd, 1, 20) <= 0) { /* quiet: ended (and all read) yet? */
            if (ended) break;
            ended = waitpid(pid, &status, WNOHANG) == pid;
            continue;
        }
        char buf[65536];
        ssize_t n = read(master, buf, sizeof buf);
        if (n <= 0) break;                /* the slave closed: meiro has ended */
        for (ssize_t k = 0; k < n; k++) { /* keep the tail */
            if (len == size - 1) {
                memmove(tail, tail + size / 2, size / 2 - 1);
                len = size / 2 - 1;
            }
            tail[len++] = buf[k];
        }
    }
    tail[len] = 0;
    if (!ended) waitpid(pid, &status, 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *seconds = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    struct termios after;
    if (lflag) *lflag = held >= 0 && tcgetattr(held, &after) == 0 ? after.c_lflag : 0;
    if (held >= 0) close(held);
    close(master);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The last frame meiro drew (from its last "home" escape), or NULL. */
static const char *last_frame(const char *tail)
{
    const char *last = NULL;
    for (const char *next = strstr(tail, "\x1b[H"); next; next = strstr(next + 1, "\x1b[H"))
        last = next;
    return last;
}

/* The colour escape of the legend's swatch for `words` (the last "\x1b[38;"
 * before them), e.g. "38;2;31;35;40", into out; false if there is none. */
static bool swatch(const char *frame, const char *words, char *out, size_t size)
{
    const char *at = strstr(frame, words), *esc = NULL;
    for (const char *c = frame; at && c < at; c++)
        if (!strncmp(c, "\x1b[38;", 5)) esc = c + 2;
    if (!esc) return false;
    size_t n = strcspn(esc, "m");
    if (n >= size) return false;
    memcpy(out, esc, n);
    out[n] = 0;
    return true;
}

/* The meiro program the terminal tests run, or NULL (noted as skipped). */
static const char *meiro_binary(const char *what)
{
    const char *meiro = test_meiro();
    if (!meiro) {
        test_skip("%s (no meiro binary: set MEIRO)", what);
    }
    return meiro;
}

static void test_terminal(void)
{
    const char *meiro = meiro_binary("the terminal viewer");
    if (!meiro) return;
    static char tail[1 << 16];
    double secs;
    char *args[] = {(char *)meiro, "watch", "-W", "12", "-H", "6", "-s", "4", "--delay", "1", NULL};
    int rc = run_on_terminal(args, 80, 24, 0, 0, tail, sizeof tail, &secs, NULL);
    CHECK_INT(rc, 0);
    /* the last frame: 2*6+1 = 13 grid rows make 7 lines of 25 half blocks,
     * the legend, then the terminal put back */
    const char *last = last_frame(tail);
    CHECK(last != NULL);
    if (last) {
        int lines = 0, blocks = 0;
        for (const char *c = last; *c; c++) {
            if (!strncmp(c, "\xe2\x96\x80", 3)) blocks++;
            if (*c == '\n') lines++;
        }
        CHECK_MSG(blocks == 7 * 25, "%d blocks in the last frame", blocks);
        CHECK(lines >= 8);
    }
    CHECK(strstr(tail, "\x1b[?25h") != NULL); /* the cursor shown again */
    CHECK(strstr(tail, "dig 12x6 · seed 4 · bfs: path of") != NULL);
    /* q stops a slow show early, shows the end and restores the terminal */
    char *slow[] = {(char *)meiro, "watch", "-W",      "20",  "-H", "8",
                    "-s",          "4",     "--delay", "400", NULL};
    rc = run_on_terminal(slow, 80, 24, 'q', 300, tail, sizeof tail, &secs, NULL);
    CHECK_INT(rc, 0);
    CHECK_MSG(secs < 5, "took %.1f s after q", secs);
    CHECK(strstr(tail, "(stopped)") && strstr(tail, "\x1b[?25h"));
    CHECK(last_frame(tail) && strstr(last_frame(tail), " path")); /* the end: the path shown */
    /* too big for the terminal: a clear message (the legend and the closing
     * line take two lines, the cursor one) */
    char *big[] = {(char *)meiro, "watch", "-W", "200", "-H", "8", NULL};
    rc = run_on_terminal(big, 80, 24, 0, 0, tail, sizeof tail, &secs, NULL);
    CHECK_INT(rc, 2);
    CHECK(strstr(tail, "at most 39 x 20 cells") != NULL);
}

/* Relative luminance 0..255 of "38;2;R;G;B". */
static double luminance(const char *code)
{
    unsigned r = 0, g = 0, b = 0;
    if (sscanf(code, "38;2;%u;%u;%u", &r, &g, &b) != 3) return -1;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/* The legend under the maze, and the colours: dfs's backed-out corridors
 * in a tone of their own (not lost in the walls or the corridors), 24-bit
 * colour only when COLORTERM says so, else xterm's 256. */
static void test_terminal_colours(void)
{
    const char *meiro = meiro_binary("the terminal colours");
    if (!meiro) return;
    static char tail[1 << 16];
    double secs;
    char *args[] = {(char *)meiro, "watch", "-W",  "12",      "-H", "6", "-s",
                    "4",           "-m",    "dfs", "--delay", "1",  NULL};
    for (int truecolor = 0; truecolor < 2; truecolor++) {
        if (truecolor) setenv("COLORTERM", "truecolor", 1);
        else unsetenv("COLORTERM");
        int rc = run_on_terminal(args, 80, 24, 0, 0, tail, sizeof tail, &secs, NULL);
        CHECK_INT(rc, 0);
        const char *frame = last_frame(tail);
        CHECK(frame != NULL);
        if (!frame) continue;
        /* the legend: one line under the maze */
        const char *legend = strstr(frame, " start");
        CHECK_MSG(legend != NULL, "no legend in the last frame");
        if (!legend) continue;
        size_t line = strcspn(legend, "\n");
        static const char *const words[] = {" goal", " path", " backed out", " wall", " corridor"};
        for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
            const char *at = strstr(legend, words[k]);
            CHECK_MSG(at && (size_t)(at - legend) < line, "the legend has no '%s' on its line",
                      words[k]);
        }
        /* backed out: its own colour, used in the maze above the legend */
        char left[48], wall[48], corridor[48];
        CHECK(swatch(frame, " backed out", left, sizeof left) &&
              swatch(frame, " wall", wall, sizeof wall) &&
              swatch(frame, " corridor", corridor, sizeof corridor));
        CHECK_MSG(strcmp(left, wall) && strcmp(left, corridor) && strcmp(wall, corridor),
                  "backed out %s, wall %s, corridor %s", left, wall, corridor);
        char fg[56], bg[56];
        snprintf(fg, sizeof fg, "\x1b[%sm", left);
        snprintf(bg, sizeof bg, "\x1b[4%sm", left + 1);
        const char *maze_end = legend - 1;
        while (maze_end > frame && *maze_end != '\n') maze_end--;
        bool used = false;
        for (const char *c = frame; c < maze_end && !used; c++)
            used = !strncmp(c, fg, strlen(fg)) || !strncmp(c, bg, strlen(bg));
        CHECK_MSG(used, "the backed-out colour %s is not in the maze", left);
        /* 24-bit or 256 colours, never both */
        bool rgb = strstr(frame, "\x1b[38;2;") && strstr(frame, "\x1b[48;2;");
        bool indexed = strstr(frame, "\x1b[38;5;") && strstr(frame, "\x1b[48;5;");
        CHECK_MSG(truecolor ? rgb && !strstr(frame, "\x1b[38;5;")
                            : indexed && !strstr(frame, "\x1b[38;2;"),
                  "COLORTERM %s: the wrong colour escapes", truecolor ? "truecolor" : "unset");
        if (truecolor) { /* a tone clearly apart from dark walls and light corridors */
            double l = luminance(left), w = luminance(wall), c = luminance(corridor);
            CHECK_MSG(fabs(l - w) > 48 && fabs(l - c) > 48,
                      "luminance: backed out %.0f, wall %.0f, corridor %.0f", l, w, c);
            CHECK_MSG(w < 64 && c > 200, "walls (%.0f) dark and corridors (%.0f) light", w, c);
        } else { /* the nearest of xterm's 256: its darkest greys for the walls */
            CHECK_MSG(!strcmp(wall, "38;5;235"), "wall %s", wall);
        }
    }
    unsetenv("COLORTERM");
}

/* Weave mazes watched: every crossing told as it is dug (one
 * MEIRO_EVENT_CROSS each, after the two walls it opened), so the replay
 * and the player's last frame are the maze, crossings and all; in the
 * terminal the tunnels' openings have a colour of their own, named in the
 * legend, and without a terminal the finished maze is text with its
 * crossings. A crossing told where its tunnel has no room is refused. */
static void test_weave(void)
{
    static const char *const algos[] = {"dig", "growing-tree", "cluster"};
    verdict replayed = {0}, played = {0}, told = {0};
    uint64_t crossings = 0;
    for (size_t a = 0; a < 3; a++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            meiro_trace *t = meiro_trace_new();
            meiro_observer obs = meiro_trace_observer(t);
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.width = 14 + (uint32_t)seed, o.height = 9, o.algorithm = algos[a], o.seed = seed;
            o.weave = 90, o.observer = &obs;
            meiro_maze *m = meiro_generate(&o, NULL);
            size_t cross = 0;
            for (size_t k = 0; k < meiro_trace_count(t); k++)
                cross += meiro_trace_events(t)[k].kind == MEIRO_EVENT_CROSS;
            uint64_t n = m ? meiro_maze_crossings(m) : 0;
            crossings += n;
            verdict_note(&told, m && cross == n, "%s seed %llu: %zu told, %llu crossings",
                         algos[a], (unsigned long long)seed, cross, (unsigned long long)n);
            meiro_maze *back = NULL;
            meiro_status st = meiro_trace_replay(t, &back, NULL, NULL);
            verdict_note(&replayed, m && st == MEIRO_OK && meiro_maze_equal(m, back),
                         "%s seed %llu: the replay differs", algos[a], (unsigned long long)seed);
            meiro_player *p = meiro_player_new(t, NULL, 40, NULL);
            while (p && meiro_player_next(p)) {}
            verdict_note(&played, p && m && meiro_maze_equal(m, meiro_player_maze(p)) &&
                                      meiro_maze_crossings(meiro_player_maze(p)) == n,
                         "%s seed %llu: the last frame differs", algos[a], (unsigned long long)seed);
            meiro_player_free(p);
            meiro_maze_free(back);
            meiro_maze_free(m);
            meiro_trace_free(t);
        }
    CHECK_ALL(told);
    CHECK_ALL(replayed);
    CHECK_ALL(played);
    CHECK_MSG(crossings > 12, "%llu crossings in all", (unsigned long long)crossings);
    /* a crossing in the first column, its tunnel running west to east */
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_event grid = {MEIRO_EVENT_GRID, MEIRO_NO_DIR, 3, 3, 0},
                cross = {MEIRO_EVENT_CROSS, MEIRO_EAST, 0, 1, 0};
    obs.step(obs.ctx, &grid);
    obs.step(obs.ctx, &cross);
    meiro_maze *m = NULL;
    meiro_error err = {0};
    CHECK(meiro_trace_replay(t, &m, NULL, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "crossing"));
    meiro_maze_free(m);
    meiro_trace_free(t);

    const char *meiro = meiro_binary("the terminal's weave");
    if (!meiro) return;
    static char tail[1 << 16];
    double secs;
    char *args[] = {(char *)meiro, "watch", "-a", "dig",     "--weave", "90", "-W", "14",
                    "-H",          "8",     "-s", "3",       "--delay", "1",  NULL};
    setenv("COLORTERM", "truecolor", 1);
    int rc = run_on_terminal(args, 80, 24, 0, 0, tail, sizeof tail, &secs, NULL);
    unsetenv("COLORTERM");
    CHECK_INT(rc, 0);
    const char *frame = last_frame(tail);
    char tunnel[48], corridor[48];
    CHECK_MSG(frame && swatch(frame, " under a crossing", tunnel, sizeof tunnel) &&
                  swatch(frame, " corridor", corridor, sizeof corridor) && strcmp(tunnel, corridor),
              "no tunnel colour in the legend");
    if (frame && tunnel[0]) { /* and in the maze above it */
        char fg[56];
        snprintf(fg, sizeof fg, "\x1b[%sm", tunnel);
        const char *legend = strstr(frame, " under a crossing");
        const char *hit = strstr(frame, fg);
        CHECK_MSG(hit && legend && hit < legend - 40, "the tunnel colour is not in the maze");
    }
    /* no terminal: the finished maze as text, its crossings '-' or '|' */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s watch -a dig --weave 90 -W 14 -H 8 -s 3", meiro);
    FILE *out = popen(cmd, "r");
    char line[128];
    bool crossing = false;
    while (out && fgets(line, sizeof line, out))
        crossing = crossing || strchr(line, '|') || strchr(line + 1, '-');
    CHECK(out && pclose(out) == 0 && crossing);
}

/* Ctrl-C: the terminal put back (colours reset, cursor shown, keys echoed
 * again), then meiro ends by the signal: status 130. */
static void test_terminal_interrupt(void)
{
    const char *meiro = meiro_binary("Ctrl-C in the terminal viewer");
    if (!meiro) return;
    static char tail[1 << 16];
    double secs;
    tcflag_t lflag = 0;
    char *slow[] = {(char *)meiro, "watch", "-W",      "20",  "-H", "8",
                    "-s",          "4",     "--delay", "400", NULL};
    int rc = run_on_terminal(slow, 80, 24, 3 /* Ctrl-C */, 300, tail, sizeof tail, &secs, &lflag);
    CHECK_INT(rc, 130);
    CHECK_MSG(secs < 5, "took %.1f s after Ctrl-C", secs);
    const char *frame = last_frame(tail);
    CHECK(frame && strstr(frame, "\x1b[0m\x1b[?25h"));
    CHECK(!strstr(tail, "(stopped)")); /* no closing line: it did not finish */
    CHECK_MSG((lflag & (ICANON | ECHO)) == (ICANON | ECHO), "local modes %#lx: not restored",
              (unsigned long)lflag);
}

/* What a viewer that does not animate shows: the finished maze and path. */
static void check_static_svg(const char *svg, const meiro_maze *m, const meiro_path *path,
                             const page_layout *L)
{
    if (!have("rsvg-convert")) return;
    char png[256], cmd[600];
    snprintf(png, sizeof png, "%s.png", svg);
    /* 2 pixels a unit, whatever size the SVG opens at */
    snprintf(cmd, sizeof cmd, "rsvg-convert -w %u -h %u -o %s %s", 20 * (m->w + 2), 20 * (m->h + 2),
             png, svg);
    CHECK(run(cmd, NULL, 0));
    image img;
    CHECK(load_png(png, &img));
    if (img.gray) {
        verdict picture = {0};
        check_picture(&picture, svg, &img, m, path, L, 2, 0, 0, 0.01, false, true);
        CHECK_ALL(picture);
    }
    free_image(&img);
}

/* The size the SVG opens at: width="N" over the maze's w + 2 cells (the
 * margins), and whether it has a viewBox to scale by. */
static double svg_cell_px(const char *svg, uint32_t w, bool *viewbox)
{
    char head[512] = "";
    FILE *f = fopen(svg, "rb");
    size_t n = f ? fread(head, 1, sizeof head - 1, f) : 0;
    if (f) fclose(f);
    head[n] = 0;
    const char *root = strstr(head, "<svg "), *width = root ? strstr(root, " width=\"") : NULL;
    *viewbox = root && strstr(root, " viewBox=\"0 0 ");
    return width ? atof(width + 8) / (w + 2) : 0;
}

/* Light lines between neighbouring squares of the path, in the finished
 * maze as rsvg draws it at a scale that puts the squares' edges between
 * pixels (the viewer's window rarely fits whole pixels): pixels not the
 * path's red across each edge between two path cells (away from walls). */
static int seam_pixels(const char *svg, const meiro_maze *m, const meiro_path *path)
{
    char png[256], cmd[600];
    snprintf(png, sizeof png, "%s-seams.png", svg);
    double cell = 23.7; /* pixels per cell */
    snprintf(cmd, sizeof cmd, "rsvg-convert -w %.0f -h %.0f -o %s %s", cell * (m->w + 2),
             cell * (m->h + 2), png, svg);
    image img;
    if (!run(cmd, NULL, 0) || !load_png(png, &img)) return -1;
    int seams = 0;
    for (size_t k = 1; k < path->length; k++) {
        meiro_cell a = path->cells[k - 1], b = path->cells[k];
        bool side_by_side = a.y == b.y;
        double edge =
            cell * (1 + (side_by_side ? (a.x > b.x ? a.x : b.x) : (a.y > b.y ? a.y : b.y)));
        double mid = cell * (1.5 + (side_by_side ? a.y : a.x));
        for (int along = (int)(mid - 0.3 * cell); along <= (int)(mid + 0.3 * cell); along++) {
            for (int across = (int)edge - 2; across <= (int)edge + 2; across++) {
                int x = side_by_side ? across : along, y = side_by_side ? along : across;
                seams += !img.answer[(size_t)y * img.w + x];
            }
        }
    }
    free_image(&img);
    return seams;
}

/* The animated SVG: XML, small, and without animation the finished maze
 * (with the path's cells); the PNG frames: the last is the finished maze. */
static void test_animations(void)
{
    static const char *const algos[] = {"dig", "wall", "cluster"};
    for (size_t a = 0; a < 3; a++) {
        meiro_trace *t = meiro_trace_new();
        meiro_observer obs = meiro_trace_observer(t);
        meiro_generate_options o;
        meiro_generate_options_init(&o);
        o.width = 40;
        o.height = 30;
        o.algorithm = algos[a];
        o.seed = 9;
        o.observer = &obs;
        meiro_maze *m = meiro_generate(&o, NULL);
        meiro_path path;
        meiro_solve_watched(m, "bfs", &obs, &path, NULL);
        char svg[160], png[256], cmd[600], out[256];
        snprintf(svg, sizeof svg, "%s/%s.svg", dir, algos[a]);
        CHECK_INT(meiro_animate_svg_save(t, NULL, svg, NULL), MEIRO_OK);
        FILE *f = fopen(svg, "rb");
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fclose(f);
        CHECK_MSG(size > 10000 && size < 3 << 20, "%s: %ld bytes", svg, size);
        if (have("xmllint")) {
            snprintf(cmd, sizeof cmd, "xmllint --noout %s", svg);
            CHECK_MSG(run(cmd, NULL, 0), "%s is not well-formed XML", svg);
            snprintf(cmd, sizeof cmd, "xmllint --xpath 'count(//*[local-name()=\"animate\"])' %s",
                     svg);
            run(cmd, out, sizeof out);
            CHECK_MSG(atoi(out) > 100, "%s: %s animations", svg, out);
        }
        page_layout L = {0}; /* the SVG's own geometry: 10 units a cell, a cell of margin */
        L.cell = 10, L.maze_x = L.maze_y = 10, L.maze_w = 400, L.maze_h = 300, L.line = 1.6;
        check_static_svg(svg, m, &path, &L);
        /* it opens big enough to read (cells of 24 to 32 pixels) and scales */
        bool viewbox = false;
        double px = svg_cell_px(svg, o.width, &viewbox);
        CHECK_MSG(px >= 24 && px <= 32 && viewbox, "%s: cells of %.1f px, viewBox %d", svg, px,
                  viewbox);
        if (have("rsvg-convert")) {
            int seams = seam_pixels(svg, m, &path);
            CHECK_MSG(seams == 0, "%s: %d light pixels between squares of the path", svg, seams);
        }
        char frames[160];
        snprintf(frames, sizeof frames, "%s/frames-%s", dir, algos[a]);
        CHECK_INT(meiro_animate_frames(t, NULL, frames, 20, NULL), MEIRO_OK);
        int count = 0;
        for (int k = 1; k < 200; k++) {
            snprintf(png, sizeof png, "%s/frame-%05d.png", frames, k);
            if (access(png, F_OK) != 0) break;
            count = k;
        }
        CHECK_MSG(count >= 20 && count <= 40, "%s: %d frames", frames,
                  count); /* 20 per phase at most */
        snprintf(png, sizeof png, "%s/frame-%05d.png", frames, count);
        image last;
        CHECK(load_png(png, &last));
        if (last.gray) { /* 1280 / 42 = 30 px cells in frames of a 40-wide maze */
            page_layout F = {0};
            F.cell = 30, F.maze_x = F.maze_y = 30, F.maze_w = 30 * 40, F.maze_h = 30 * 30,
            F.line = 4;
            verdict picture = {0};
            check_picture(&picture, png, &last, m, &path, &F, 1, 0, 0, 0.01, false, true);
            CHECK_ALL(picture);
        }
        free_image(&last);
        /* solve --animate: only the search, on a maze read from a file */
        meiro_trace *s = meiro_trace_new();
        meiro_observer sobs = meiro_trace_observer(s);
        meiro_path p2;
        meiro_solve_watched(m, "dfs", &sobs, &p2, NULL);
        snprintf(svg, sizeof svg, "%s/%s-solve.svg", dir, algos[a]);
        CHECK_INT(meiro_animate_svg_save(s, m, svg, NULL), MEIRO_OK);
        check_static_svg(svg, m, &p2, &L);
        meiro_path_free(&p2);
        meiro_trace_free(s);
        meiro_path_free(&path);
        meiro_maze_free(m);
        meiro_trace_free(t);
    }
}


/* A shape with a hole, two pieces and a ragged edge: w x h bytes. */
static uint8_t *holed_shape(uint32_t w, uint32_t h)
{
    uint8_t *in = calloc((size_t)w * h, 1);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            double dx = x - (w - 1) / 2.0, dy = y - (h - 1) / 2.0, d = sqrt(dx * dx + dy * dy);
            in[(size_t)y * w + x] = (d < h / 2.0 && d > h / 6.0) || (x < 2 && y % 3 != 1);
        }
    return in;
}

/* Mazes on a shape: the trace tells the cells outside it, so the replay and
 * the player rebuild the masked maze itself, every generator that takes a
 * shape, with loops too. */
static void test_shape_traces(void)
{
    verdict replayed = {0}, played = {0}, told = {0};
    unsigned tried = 0;
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *name = meiro_generator_info(g)->name;
        for (int kind = 0; kind < 2; kind++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                uint32_t w = 23, h = 17;
                uint8_t *mask = NULL;
                if (kind == 0) meiro_shape_mask("heart", w, h, &mask, NULL);
                else mask = holed_shape(w, h);
                meiro_trace *t = meiro_trace_new();
                meiro_observer obs = meiro_trace_observer(t);
                meiro_generate_options o;
                meiro_generate_options_init(&o);
                o.width = w, o.height = h, o.algorithm = name, o.seed = seed, o.mask = mask;
                o.loops = seed == 2 ? 30 : 0;
                o.observer = &obs;
                meiro_maze *m = meiro_generate(&o, NULL);
                free(mask);
                if (!m) { /* a generator that refuses shapes */
                    meiro_trace_free(t);
                    continue;
                }
                tried++;
                meiro_path path = {0};
                meiro_solve_watched(m, "bfs", &obs, &path, NULL);
                /* the outside told once per watcher (generation, solving), as runs on the grid */
                size_t outside = 0;
                for (size_t k = 0; k < meiro_trace_count(t); k++)
                    outside += meiro_trace_events(t)[k].kind == MEIRO_EVENT_OUTSIDE;
                verdict_note(&told, outside == 0, "%s: runs outside the shape among the steps",
                             name);
                meiro_maze *back = NULL;
                meiro_status st = meiro_trace_replay(t, &back, NULL, NULL);
                verdict_note(&replayed, st == MEIRO_OK && back && meiro_maze_equal(m, back),
                             "%s on shape %d seed %llu: the replay differs (status %d)", name, kind,
                             (unsigned long long)seed, st);
                meiro_player *p = meiro_player_new(t, NULL, 50, NULL);
                while (p && meiro_player_next(p)) {}
                verdict_note(&played, p && meiro_maze_equal(m, meiro_player_maze(p)),
                             "%s on shape %d seed %llu: the player ends on another maze", name,
                             kind, (unsigned long long)seed);
                meiro_player_free(p);
                meiro_maze_free(back);
                meiro_path_free(&path);
                meiro_maze_free(m);
                meiro_trace_free(t);
            }
    }
    CHECK_ALL(replayed);
    CHECK_ALL(played);
    CHECK_ALL(told);
    CHECK_MSG(tried >= 30, "%u shaped mazes watched", tried);
}

/* Whether the picture is light (the page's white) across the middle of
 * every edge between cells outside the maze's shape (or the border), and
 * dark on every edge of the shape; origin and cell in pixels. */
static bool outside_blank(const image *img, const meiro_maze *m, double origin, double cell,
                          int *wrong)
{
    *wrong = 0;
    for (uint32_t y = 0; y <= m->h; y++)
        for (uint32_t x = 0; x <= m->w; x++)
            for (int vertical = 0; vertical < 2; vertical++) {
                if (vertical ? y == m->h : x == m->w) continue;
                bool a = meiro_maze_is_active(m, (meiro_cell){x, y});
                bool b = vertical ? x > 0 && meiro_maze_is_active(m, (meiro_cell){x - 1, y})
                                  : y > 0 && meiro_maze_is_active(m, (meiro_cell){x, y - 1});
                double px = origin + (vertical ? x : x + 0.5) * cell,
                       py = origin + (vertical ? y + 0.5 : y) * cell;
                bool ink = false;
                for (int d = -2; d <= 2; d++)
                    ink |= vertical ? dark(img, (int)lround(px) + d, (int)lround(py))
                                    : dark(img, (int)lround(px), (int)lround(py) + d);
                if (!(a && b))
                    *wrong += ink != (a != b); /* outside: no line; the shape's edge: one */
            }
    return *wrong == 0;
}

/* The animations of a maze on a heart: without animation the finished
 * maze, walls along the heart's edge and none outside it; the first frame
 * (cells inside still closed) draws nothing outside (not closed cells), the
 * last is the finished maze. */
static void test_shape_animations(void)
{
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 30, o.height = 24, o.algorithm = "dig", o.seed = 4, o.observer = &obs;
    uint8_t *mask = NULL;
    CHECK(meiro_shape_mask("heart", o.width, o.height, &mask, NULL) == MEIRO_OK);
    o.mask = mask;
    meiro_maze *m = meiro_generate(&o, NULL);
    meiro_mask_free(mask);
    CHECK(m != NULL);
    if (!m) return;
    meiro_path path;
    CHECK_INT(meiro_solve_watched(m, "bfs", &obs, &path, NULL), MEIRO_OK);
    char svg[160];
    snprintf(svg, sizeof svg, "%s/heart.svg", dir);
    CHECK_INT(meiro_animate_svg_save(t, NULL, svg, NULL), MEIRO_OK);
    page_layout L = {0};
    L.cell = 10, L.maze_x = L.maze_y = 10, L.maze_w = 300, L.maze_h = 240, L.line = 1.6;
    check_static_svg(svg, m, &path, &L);
    char frames[160], png[256];
    snprintf(frames, sizeof frames, "%s/heart-frames", dir);
    CHECK_INT(meiro_animate_frames(t, NULL, frames, 30, NULL), MEIRO_OK);
    int count = 0;
    for (int k = 1; k < 200; k++) {
        snprintf(png, sizeof png, "%s/frame-%05d.png", frames, k);
        if (access(png, F_OK) != 0) break;
        count = k;
    }
    CHECK(count > 2);
    double cell = floor(1280.0 / (o.width + 2)); /* the frames' cells, a cell of margin */
    for (int k = 1; k <= count; k += count - 1) {
        snprintf(png, sizeof png, "%s/frame-%05d.png", frames, k);
        image img;
        CHECK(load_png(png, &img));
        if (!img.gray) continue;
        int wrong = 0;
        CHECK_MSG(outside_blank(&img, m, cell, cell, &wrong), "%s: %d edges wrong", png, wrong);
        if (k == count) {
            page_layout F = {0};
            F.cell = cell, F.maze_x = F.maze_y = cell, F.maze_w = cell * o.width,
            F.maze_h = cell * o.height;
            F.line = fmax(1, round(cell / 8));
            verdict picture = {0};
            check_picture(&picture, png, &img, m, &path, &F, 1, 0, 0, 0.01, false, true);
            CHECK_ALL(picture);
        }
        free_image(&img);
    }
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_trace_free(t);
}

/* meiro watch --shape heart on a terminal: the blocks outside the heart are
 * the terminal's background (spaces on the default colour), every grid row
 * as wide as the grid; --text fits the letters to the terminal. */
static void test_terminal_shape(void)
{
    const char *meiro = meiro_binary("the terminal viewer on a shape");
    if (!meiro) return;
    static char tail[1 << 17];
    double secs;
    char *args[] = {(char *)meiro, "watch", "--shape", "heart",   "-W", "20", "-H",
                    "14",          "-s",    "4",       "--delay", "1",  NULL};
    CHECK_INT(run_on_terminal(args, 80, 24, 0, 0, tail, sizeof tail, &secs, NULL), 0);
    const char *last = last_frame(tail);
    CHECK(last != NULL);
    if (last) { /* 2*14+1 = 29 grid rows: 15 lines of 41 blocks, then the legend */
        int lines = 0, widths_ok = 0, spaces = 0, width = 0;
        bool first_blank = false;
        for (const char *c = last + 3; *c && lines < 15; c++) {
            if (*c == '\x1b') {
                c += strcspn(c, "mHJK");
                continue;
            }
            if (*c == '\r') continue;
            if (*c == '\n') {
                widths_ok += width == 41;
                lines++, width = 0;
                continue;
            }
            if (lines == 0 && width == 0) first_blank = *c == ' '; /* the heart leaves the corner */
            spaces += *c == ' ';
            width++;
            if ((unsigned char)*c == 0xE2) c += 2; /* a half block: one column */
        }
        CHECK_MSG(widths_ok == 15, "%d of 15 grid lines 41 columns wide", widths_ok);
        CHECK_MSG(spaces > 60 && first_blank, "%d blank blocks outside the heart", spaces);
        CHECK(strstr(last, "\x1b[49m") != NULL); /* the terminal's own background */
    }
    char *text[] = {(char *)meiro, "watch", "--text", "HANA", "-s", "2", "--delay", "0", NULL};
    CHECK_INT(run_on_terminal(text, 60, 20, 0, 0, tail, sizeof tail, &secs, NULL), 0);
    unsigned tw = 0, th = 0;
    const char *done = strstr(tail, "dig ");
    CHECK_MSG(done && sscanf(done, "dig %ux%u", &tw, &th) == 2 && tw <= 29 && th <= 16 && tw > th,
              "HANA on a 60 x 20 terminal: %ux%u", tw, th);
    char *big[] = {(char *)meiro, "watch", "--text", "HANA", "-H", "12", NULL};
    CHECK_INT(run_on_terminal(big, 60, 20, 0, 0, tail, sizeof tail, &secs, NULL), 2);
    CHECK(strstr(tail, "this terminal shows at most 29 x 16") != NULL);
}

/* A trace fed by hand (any observer can be): steps off the grid or on the
 * outer wall are refused, never written outside the maze. */
static void test_bad_traces(void)
{
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_maze *m = NULL;
    meiro_error err = {0};
    meiro_event carve = {MEIRO_EVENT_CARVE, MEIRO_EAST, 0, 0, 0};
    obs.step(obs.ctx, &carve);
    CHECK_INT(meiro_trace_replay(t, &m, NULL, &err), MEIRO_ERROR_ARGUMENT); /* no grid told */
    CHECK(strstr(err.message, "knows no grid") != NULL);
    meiro_event grid = {MEIRO_EVENT_GRID, MEIRO_NO_DIR, 3, 3, 0};
    obs.step(obs.ctx, &grid);
    uint32_t w = 0, h = 0;
    CHECK(meiro_trace_grid(t, &w, &h) && w == 3 && h == 3);
    CHECK_INT(meiro_trace_count(t), 1); /* the grid is not a step */
    CHECK_INT(meiro_trace_replay(t, &m, NULL, &err), MEIRO_OK);
    CHECK(m && meiro_maze_is_open(m, 0, 0, MEIRO_EAST));
    meiro_maze_free(m);
    meiro_event border = {MEIRO_EVENT_CARVE, MEIRO_NORTH, 0, 0, 0};
    obs.step(obs.ctx, &border);
    CHECK_INT(meiro_trace_replay(t, &m, NULL, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "step 2") && strstr(err.message, "outer wall"), "%s",
              err.message);
    CHECK(m == NULL);
    CHECK(meiro_player_new(t, NULL, 10, NULL) == NULL);
    meiro_trace_free(t);

    t = meiro_trace_new();
    obs = meiro_trace_observer(t);
    obs.step(obs.ctx, &grid);
    meiro_event off = {MEIRO_EVENT_VISIT, MEIRO_NO_DIR, 3, 1, 0};
    obs.step(obs.ctx, &off);
    CHECK_INT(meiro_trace_replay(t, &m, NULL, &err), MEIRO_ERROR_ARGUMENT);
    CHECK(strstr(err.message, "outside the 3 x 3 grid") != NULL);
    meiro_event other = {MEIRO_EVENT_GRID, MEIRO_NO_DIR, 4, 3, 0};
    obs.step(obs.ctx, &other);
    CHECK_INT(meiro_trace_status(t), MEIRO_ERROR_ARGUMENT); /* two grids */
    meiro_trace_free(t);
    /* cells outside a shape: told after the grid, on it; a run off it, or
     * before the grid, is refused */
    meiro_event runs[] = {{MEIRO_EVENT_OUTSIDE, MEIRO_NO_DIR, 0, 0, 2},
                          {MEIRO_EVENT_OUTSIDE, MEIRO_NO_DIR, 2, 1, 2}};
    for (int k = 0; k < 3; k++) {
        t = meiro_trace_new();
        obs = meiro_trace_observer(t);
        if (k != 1) obs.step(obs.ctx, &grid);
        obs.step(obs.ctx, &runs[k == 2]);
        if (k == 1) obs.step(obs.ctx, &grid);
        CHECK_INT(meiro_trace_count(t), 0); /* not a step */
        meiro_status st = meiro_trace_replay(t, &m, NULL, &err);
        if (k == 0) {
            CHECK_MSG(st == MEIRO_OK && m && meiro_maze_has_mask(m) &&
                          meiro_maze_cell_count(m) == 7 &&
                          !meiro_maze_is_active(m, (meiro_cell){1, 0}),
                      "%s", err.message);
            meiro_maze_free(m);
        } else {
            CHECK_MSG(st == MEIRO_ERROR_ARGUMENT && strstr(err.message, "outside the shape"),
                      "run %d: %s", k, err.message);
            CHECK(meiro_player_new(t, NULL, 10, NULL) == NULL);
        }
        meiro_trace_free(t);
    }
}

static const test_case cases[] = {
    {"generators", test_generators},
    {"roads", test_roads},
    {"solvers", test_solvers},
    {"terminal", test_terminal},
    {"terminal-colours", test_terminal_colours},
    {"terminal-ctrl-c", test_terminal_interrupt},
    {"animations", test_animations},
    {"bad-traces", test_bad_traces},
    {"shape-traces", test_shape_traces},
    {"shape-animations", test_shape_animations},
    {"terminal-shape", test_terminal_shape},
    {"weave", test_weave},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-watch-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("watch", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
