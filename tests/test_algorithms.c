/* Property tests of every generator and solver over many seeds and sizes:
 * the invariants hold, mazes are perfect and reproducible, paths are valid,
 * bfs is shortest, and "no path" is reported rather than looped on. */
#include "harness.h"
#include "meiro.h"

#include <math.h>

/* Public API only (include/ is the only include path): an example too. */

static const struct {
    uint32_t w, h;
    int seeds;
} sizes[] = {
    {1, 1, 3},  {1, 9, 3},    {9, 1, 3},   {2, 2, 20},  {3, 3, 20},   {4, 7, 20},
    {7, 4, 20}, {10, 10, 20}, {31, 17, 8}, {64, 64, 4}, {100, 37, 4}, {300, 200, 2},
};
enum { SIZE_COUNT = sizeof sizes / sizeof sizes[0] };

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0}; /* N E S W */

/* Opens every inner wall: an open field. */
static void open_all(meiro_maze *m)
{
    for (uint32_t y = 0; y < meiro_maze_height(m); y++)
        for (uint32_t x = 0; x < meiro_maze_width(m); x++) {
            if (x + 1 < meiro_maze_width(m)) meiro_maze_carve(m, x, y, MEIRO_EAST);
            if (y + 1 < meiro_maze_height(m)) meiro_maze_carve(m, x, y, MEIRO_SOUTH);
        }
}

/* The index of a generator in the registry. */
static size_t gen_index(const char *name)
{
    for (size_t g = 0; g < meiro_generator_count(); g++)
        if (strcmp(meiro_generator_info(g)->name, name) == 0) return g;
    fprintf(stderr, "no generator %s\n", name);
    abort();
}

/* A path is valid if it runs from start to goal through open walls. */
static bool path_valid(const meiro_maze *m, const meiro_path *p)
{
    if (p->length == 0) return false;
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (p->cells[0].x != s.x || p->cells[0].y != s.y) return false;
    if (p->cells[p->length - 1].x != g.x || p->cells[p->length - 1].y != g.y) return false;
    for (size_t k = 1; k < p->length; k++) {
        meiro_cell a = p->cells[k - 1], b = p->cells[k];
        int dir = -1;
        for (unsigned d = 0; d < 4; d++)
            if ((int64_t)a.x + DX[d] == b.x && (int64_t)a.y + DY[d] == b.y) dir = (int)d;
        if (dir < 0 || !meiro_maze_is_open(m, a.x, a.y, (meiro_dir)dir)) return false;
    }
    return true;
}

/* A maze, or NULL (with a message) if it cannot be made. */
static meiro_maze *make(uint32_t w, uint32_t h, const char *algo, uint64_t seed)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.width = w;
    opt.height = h;
    opt.algorithm = algo;
    opt.seed = seed;
    meiro_error err = {0};
    meiro_maze *m = meiro_generate(&opt, &err);
    if (!m)
        fprintf(stderr, "%s %ux%u seed %llu: %s\n", algo, w, h, (unsigned long long)seed,
                err.message);
    return m;
}

static void test_generators(void)
{
    /* one verdict per generator and property, over every size and seed */
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *name = meiro_generator_info(g)->name;
        verdict made = {0}, valid = {0}, perfect_mazes = {0}, seeded = {0}, named = {0},
                reproducible = {0}, varied = {0};
        for (size_t s = 0; s < SIZE_COUNT; s++) {
            uint32_t w = sizes[s].w, h = sizes[s].h;
            int differ = 0;
            for (int seed = 1; seed <= sizes[s].seeds; seed++) {
                meiro_maze *m = make(w, h, name, (uint64_t)seed);
                if (!verdict_note(&made, m != NULL, "%s %ux%u seed %d", name, w, h, seed)) continue;
                meiro_error err = {0};
                verdict_note(&valid, meiro_maze_check(m, &err) == MEIRO_OK, "%s %ux%u seed %d: %s",
                             name, w, h, seed, err.message);
                bool perfect = false;
                verdict_note(&perfect_mazes,
                             meiro_maze_is_perfect(m, &perfect, NULL) == MEIRO_OK && perfect,
                             "%s %ux%u seed %d is not perfect", name, w, h, seed);
                uint64_t got = 0;
                verdict_note(&seeded, meiro_maze_seed(m, &got) && got == (uint64_t)seed,
                             "%s %ux%u seed %d: the maze says seed %llu", name, w, h, seed,
                             (unsigned long long)got);
                verdict_note(&named, strcmp(meiro_maze_algorithm(m), name) == 0,
                             "%s %ux%u seed %d: named %s", name, w, h, seed,
                             meiro_maze_algorithm(m));
                meiro_maze *again = make(w, h, name, (uint64_t)seed);
                verdict_note(&reproducible, again && meiro_maze_equal(m, again),
                             "%s %ux%u seed %d not reproducible", name, w, h, seed);
                meiro_maze *other = make(w, h, name, (uint64_t)seed + 1000);
                if (other && !meiro_maze_equal(m, other)) differ++;
                meiro_maze_free(other);
                meiro_maze_free(again);
                meiro_maze_free(m);
            }
            /* Only one perfect maze is 1 cell wide or tall. Small grids have
             * few mazes (a 3x3 binary tree: 16), so seeds may collide there;
             * from 30 cells up every pair of seeds must differ. */
            if (w >= 3 && h >= 3) {
                int want = w * h >= 30 ? sizes[s].seeds : sizes[s].seeds * 3 / 4;
                verdict_note(&varied, differ >= want, "%s %ux%u: only %d of %d seeds differ", name,
                             w, h, differ, sizes[s].seeds);
            }
        }
        CHECK_ALL(made);
        CHECK_ALL(valid);
        CHECK_ALL(perfect_mazes);
        CHECK_ALL(seeded);
        CHECK_ALL(named);
        CHECK_ALL(reproducible);
        CHECK_ALL(varied);
    }
}

static void test_registry(void)
{
    static const char *const aliases[][2] = {
        {"backtracker", "dig"}, {"anahori", "dig"},      {"kruskal", "cluster"},
        {"boutaoshi", "bar"},   {"kabenobashi", "wall"},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        meiro_maze *a = make(12, 9, aliases[i][0], 5), *b = make(12, 9, aliases[i][1], 5);
        CHECK_MSG(a && b && meiro_maze_equal(a, b), "%s != %s", aliases[i][0], aliases[i][1]);
        CHECK_MSG(a != NULL, "%s", aliases[i][0]);
        if (a) CHECK_STR(meiro_maze_algorithm(a), aliases[i][1]);
        meiro_maze_free(a);
        meiro_maze_free(b);
    }
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.algorithm = "nope";
    meiro_error err = {0};
    CHECK(meiro_generate(&opt, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_UNKNOWN_NAME);
    CHECK(strstr(err.message, "nope") != NULL);
    CHECK(meiro_generator_info(meiro_generator_count()) == NULL);
    CHECK(meiro_solver_info(meiro_solver_count()) == NULL);
    meiro_path p;
    meiro_maze *m = make(3, 3, "dig", 1);
    CHECK(m != NULL);
    CHECK_INT(meiro_solve(m, "nope", &p, &err), MEIRO_ERROR_UNKNOWN_NAME);
    CHECK_INT(meiro_solve(m, "road", &p, &err), MEIRO_OK);
    meiro_path_free(&p);
    meiro_maze_free(m);
}

/* Every solver on one maze, noted in v: all arrive by valid paths, none
 * shorter than bfs, and in perfect mazes all as short; bfs is as short as
 * meiro_distances says. */
static void check_all_solvers(verdict *v, const meiro_maze *m, const char *what, bool perfect)
{
    meiro_path best;
    meiro_error err = {0};
    if (!verdict_note(v, meiro_solve(m, "bfs", &best, &err) == MEIRO_OK, "%s: bfs: %s", what,
                      err.message))
        return;
    verdict_note(v, path_valid(m, &best), "%s: bfs path invalid", what);
    /* bfs is shortest: its length is the BFS distance of the goal + 1 */
    uint32_t *dist = malloc(sizeof *dist * (size_t)meiro_maze_width(m) * meiro_maze_height(m));
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (verdict_note(v, meiro_distances(m, s, dist, NULL) == MEIRO_OK, "%s: meiro_distances failed",
                     what)) {
        size_t want = (size_t)dist[(size_t)g.y * meiro_maze_width(m) + g.x] + 1;
        verdict_note(v, best.length == want, "%s: bfs path of %zu cells, distance + 1 is %zu", what,
                     best.length, want);
    }
    free(dist);
    for (size_t k = 0; k < meiro_solver_count(); k++) {
        const char *name = meiro_solver_info(k)->name;
        meiro_path p;
        meiro_status st = meiro_solve(m, name, &p, &err);
        /* wall followers are sure to arrive only in perfect mazes; elsewhere
         * they may stop with "no path", but must stop */
        if (!perfect && !meiro_solver_is_complete(name) && st == MEIRO_ERROR_NO_PATH) {
            verdict_note(v, p.length == 0, "%s: %s said no path with %zu cells", what, name,
                         p.length);
            continue;
        }
        if (!verdict_note(v, st == MEIRO_OK, "%s %s: %s", what, name, err.message)) continue;
        verdict_note(v, path_valid(m, &p), "%s: %s path invalid", what, name);
        verdict_note(v, p.length >= best.length, "%s: %s shorter than bfs", what, name);
        if (perfect || strcmp(name, "astar") == 0)
            verdict_note(v, p.length == best.length, "%s: %s is not the shortest", what, name);
        verdict_note(v, p.explored >= p.length, "%s: %s explored %zu cells for a path of %zu", what,
                     name, (size_t)p.explored, p.length);
        meiro_path_free(&p);
    }
    meiro_path_free(&best);
}

static void test_solvers_on_generated(void)
{
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *name = meiro_generator_info(g)->name;
        verdict solved = {0};
        for (size_t s = 0; s < SIZE_COUNT; s++) {
            meiro_maze *m = make(sizes[s].w, sizes[s].h, name, 77 + s);
            char what[64];
            snprintf(what, sizeof what, "%s %ux%u", name, sizes[s].w, sizes[s].h);
            if (!verdict_note(&solved, m != NULL, "%s: not made", what)) continue;
            check_all_solvers(&solved, m, what, true);
            meiro_maze_free(m);
        }
        CHECK_ALL(solved);
    }
}

static void test_imperfect(void)
{
    /* An open field: many loops. bfs finds the Manhattan distance. */
    meiro_maze *m = meiro_maze_new(40, 25, NULL);
    open_all(m);
    verdict field = {0};
    check_all_solvers(&field, m, "open field", false);
    CHECK_ALL(field);
    meiro_path p;
    CHECK_INT(meiro_solve(m, "bfs", &p, NULL), MEIRO_OK);
    CHECK_INT(p.length, 39 + 24 + 1);
    meiro_path_free(&p);

    /* A maze with loops and an unreachable room. The open top row and right
     * column guarantee a route; extra openings make loops; the box walled
     * off in the middle holds neither S nor G. */
    meiro_maze *loops = make(30, 20, "dig", 9);
    for (uint32_t x = 0; x + 1 < 30; x++) meiro_maze_carve(loops, x, 0, MEIRO_EAST);
    for (uint32_t y = 0; y + 1 < 20; y++) meiro_maze_carve(loops, 29, y, MEIRO_SOUTH);
    for (uint32_t x = 2; x < 28; x += 5)
        for (uint32_t y = 1; y < 19; y += 4) meiro_maze_carve(loops, x, y, MEIRO_EAST);
    for (uint32_t x = 10; x < 14; x++) /* wall off a strip that holds no S/G */
        for (uint32_t y = 5; y < 9; y++)
            for (unsigned d = 0; d < 4; d++) meiro_maze_build(loops, x, y, (meiro_dir)d);
    verdict looped = {0};
    check_all_solvers(&looped, loops, "loops", false);
    CHECK_ALL(looped);
    meiro_maze_free(loops);

    /* The goal walled in: every solver says "no path", none hangs. */
    for (unsigned d = 0; d < 4; d++) meiro_maze_build(m, 39, 24, (meiro_dir)d);
    for (size_t k = 0; k < meiro_solver_count(); k++) {
        meiro_error err = {0};
        CHECK_INT(meiro_solve(m, meiro_solver_info(k)->name, &p, &err), MEIRO_ERROR_NO_PATH);
        CHECK(p.length == 0 && p.cells == NULL);
        CHECK(strstr(err.message, "no path") != NULL);
    }
    meiro_maze_free(m);

    /* The goal in the middle of an open field: a hand on the outer wall
     * circles the border for ever; the wall followers must stop and say
     * so, the others arrive. */
    m = meiro_maze_new(5, 5, NULL);
    open_all(m);
    meiro_maze_set_goal(m, (meiro_cell){2, 2}, MEIRO_NO_DIR);
    for (size_t k = 0; k < meiro_solver_count(); k++) {
        const char *name = meiro_solver_info(k)->name;
        meiro_status st = meiro_solve(m, name, &p, NULL);
        if (meiro_solver_is_complete(name))
            CHECK_MSG(st == MEIRO_OK && path_valid(m, &p), "%s", name);
        else
            CHECK_MSG(st == MEIRO_ERROR_NO_PATH, "%s went round the island and still said %d", name,
                      st);
        meiro_path_free(&p);
    }
    meiro_maze_free(m);

    /* start == goal (with different doors): a path of one cell */
    m = meiro_maze_new(1, 1, NULL);
    CHECK_INT(meiro_solve(m, "dfs", &p, NULL), MEIRO_OK);
    CHECK_INT(p.length, 1);
    meiro_path_free(&p);
    meiro_maze_free(m);
}

static void test_seed003(void)
{
    /* Seed 003's example: S and G in the outer wall; the published shortest
     * route is 31 grid steps, i.e. 16 cells. */
    meiro_error err = {0};
    meiro_maze *m = meiro_load(test_data("seed003.txt"), MEIRO_FORMAT_COUNT, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    if (!m) return;
    CHECK_INT(meiro_maze_width(m), 8);
    CHECK_INT(meiro_maze_height(m), 7);
    CHECK_INT(meiro_maze_start(m).x, 0);
    CHECK_INT(meiro_maze_start(m).y, 6);
    CHECK_INT(meiro_maze_start_door(m), MEIRO_WEST);
    CHECK_INT(meiro_maze_goal(m).x, 7);
    CHECK_INT(meiro_maze_goal(m).y, 0);
    CHECK_INT(meiro_maze_goal_door(m), MEIRO_EAST);
    meiro_path p;
    CHECK_INT(meiro_solve(m, "bfs", &p, NULL), MEIRO_OK);
    CHECK_INT(p.length, 16);
    meiro_path_free(&p);
    verdict solved = {0};
    check_all_solvers(&solved, m, "the DFS/BFS article", false);
    CHECK_ALL(solved);
    meiro_maze_free(m);
}

/* The statistics of a generated maze; noted in v whether it was made. */
static meiro_stats measure(verdict *v, const char *algo, uint32_t side, uint64_t seed,
                           unsigned loops, meiro_ends ends)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.width = opt.height = side;
    opt.algorithm = algo;
    opt.seed = seed;
    opt.loops = loops;
    opt.ends = ends;
    meiro_stats st = {0};
    meiro_maze *m = meiro_generate(&opt, NULL);
    verdict_note(v, m && meiro_stats_compute(m, &st, NULL) == MEIRO_OK,
                 "%s %ux%u seed %llu loops %u ends %d", algo, side, side, (unsigned long long)seed,
                 loops, (int)ends);
    meiro_maze_free(m);
    return st;
}

/* Known texture facts, over three 100 x 100 mazes each. */
static void test_textures(void)
{
    double dead[32] = {0}, river[32] = {0}, solution[32] = {0};
    size_t count = meiro_generator_count();
    CHECK(count <= 32);
    verdict measured = {0};
    for (size_t g = 0; g < count && g < 32; g++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            meiro_stats st =
                measure(&measured, meiro_generator_info(g)->name, 100, seed, 0, MEIRO_ENDS_CORNERS);
            dead[g] += 100.0 * (double)st.dead_ends / (double)st.cells / 3;
            river[g] += st.river / 3;
            solution[g] += (double)st.solution / 3;
        }
    }
    CHECK_ALL(measured);
#define IDX(name) gen_index(name)
    /* digging and hunt-and-kill leave far fewer dead ends than prim */
    CHECK_MSG(dead[IDX("dig")] < dead[IDX("prim")] / 2, "dig %.1f%%, prim %.1f%%", dead[IDX("dig")],
              dead[IDX("prim")]);
    CHECK_MSG(dead[IDX("hunt-and-kill")] < dead[IDX("prim")] / 2, "%.1f%%",
              dead[IDX("hunt-and-kill")]);
    /* the unbiased generators: ~29.4% dead ends, as uniform spanning trees */
    CHECK_MSG(dead[IDX("wilson")] > 28 && dead[IDX("wilson")] < 31, "wilson %.1f%%",
              dead[IDX("wilson")]);
    CHECK_MSG(dead[IDX("aldous-broder")] > 28 && dead[IDX("aldous-broder")] < 31,
              "aldous-broder %.1f%%", dead[IDX("aldous-broder")]);
    /* true-prim has the most dead ends of all */
    verdict most = {0};
    for (size_t g = 0; g < count && g < 32; g++)
        verdict_note(&most, dead[g] <= dead[IDX("true-prim")], "%s %.1f%% > true-prim %.1f%%",
                     meiro_generator_info(g)->name, dead[g], dead[IDX("true-prim")]);
    CHECK_ALL(most);
    /* hunt-and-kill's branches run long; dig's solution is long, prim's short */
    CHECK_MSG(river[IDX("hunt-and-kill")] > 2 * river[IDX("prim")], "rivers %.2f %.2f",
              river[IDX("hunt-and-kill")], river[IDX("prim")]);
    CHECK_MSG(solution[IDX("dig")] > 3 * solution[IDX("prim")], "solutions %.0f %.0f",
              solution[IDX("dig")], solution[IDX("prim")]);
#undef IDX
    /* binary-tree: open corridors along the top and left sides;
     * sidewinder: along the top */
    verdict corridors = {0};
    for (uint64_t seed = 1; seed <= 5; seed++) {
        meiro_maze *b = make(30, 20, "binary-tree", seed), *s = make(30, 20, "sidewinder", seed);
        if (!verdict_note(&corridors, b && s, "seed %llu: not made", (unsigned long long)seed)) {
            meiro_maze_free(b);
            meiro_maze_free(s);
            continue;
        }
        bool top_b = true, left_b = true, top_s = true;
        for (uint32_t x = 0; x + 1 < 30; x++) {
            top_b &= meiro_maze_is_open(b, x, 0, MEIRO_EAST);
            top_s &= meiro_maze_is_open(s, x, 0, MEIRO_EAST);
        }
        for (uint32_t y = 0; y + 1 < 20; y++) left_b &= meiro_maze_is_open(b, 0, y, MEIRO_SOUTH);
        verdict_note(&corridors, top_b && left_b && top_s,
                     "seed %llu: binary-tree top %d left %d, sidewinder top %d",
                     (unsigned long long)seed, top_b, left_b, top_s);
        meiro_maze_free(b);
        meiro_maze_free(s);
    }
    CHECK_ALL(corridors);
}

static void test_loops_and_ends(void)
{
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *name = meiro_generator_info(g)->name;
        verdict measured = {0};
        meiro_stats none = measure(&measured, name, 40, 7, 0, MEIRO_ENDS_CORNERS);
        meiro_stats half = measure(&measured, name, 40, 7, 50, MEIRO_ENDS_CORNERS);
        meiro_stats all = measure(&measured, name, 40, 7, 100, MEIRO_ENDS_CORNERS);
        CHECK(none.perfect && !half.perfect && !all.perfect);
        CHECK_MSG(all.dead_ends == 0, "%s --loops 100 left %llu dead ends", name,
                  (unsigned long long)all.dead_ends);
        CHECK_MSG(half.dead_ends * 10 <= none.dead_ends * 6 &&
                      half.dead_ends * 10 >= none.dead_ends * 3,
                  "%s --loops 50: %llu of %llu dead ends left", name,
                  (unsigned long long)half.dead_ends, (unsigned long long)none.dead_ends);
        CHECK(half.reachable == half.cells && all.reachable == all.cells);
        CHECK(all.solution <= none.solution);
        /* farthest: the same maze, S and G on a long path (how long: ends_apart) */
        meiro_stats far = measure(&measured, name, 40, 7, 0, MEIRO_ENDS_FARTHEST);
        CHECK_ALL(measured);
        CHECK_MSG(far.solution * 2 >= far.longest && far.longest == none.longest, "%s: %llu %llu",
                  name, (unsigned long long)far.solution, (unsigned long long)far.longest);
    }
    /* border: S and G in doors on opposite sides, a valid path between */
    static const uint32_t dims[][2] = {{20, 12}, {12, 20}, {1, 9}, {9, 1}, {1, 1}};
    verdict border = {0};
    for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++) {
        meiro_generate_options opt;
        meiro_generate_options_init(&opt);
        opt.width = dims[k][0];
        opt.height = dims[k][1];
        opt.ends = MEIRO_ENDS_BORDER;
        opt.seed = 3;
        meiro_maze *m = meiro_generate(&opt, NULL);
        if (!verdict_note(&border, m != NULL, "%ux%u: not made", opt.width, opt.height)) continue;
        verdict_note(&border, meiro_maze_check(m, NULL) == MEIRO_OK, "%ux%u: invalid", opt.width,
                     opt.height);
        meiro_dir sd = meiro_maze_start_door(m), gd = meiro_maze_goal_door(m);
        verdict_note(&border, sd != MEIRO_NO_DIR && gd == (meiro_dir)(sd ^ 2), "%ux%u: doors %d %d",
                     opt.width, opt.height, sd, gd);
        meiro_cell s = meiro_maze_start(m);
        verdict_note(&border, sd != MEIRO_NO_DIR && meiro_maze_is_open(m, s.x, s.y, sd),
                     "%ux%u: the start door is shut", opt.width, opt.height);
        meiro_path p;
        if (verdict_note(&border, meiro_solve(m, NULL, &p, NULL) == MEIRO_OK, "%ux%u: not solved",
                         opt.width, opt.height)) {
            verdict_note(&border, path_valid(m, &p), "%ux%u: invalid path", opt.width, opt.height);
            meiro_path_free(&p);
        }
        meiro_maze_free(m);
    }
    CHECK_ALL(border);
    /* explicit cells, and their errors */
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.ends = MEIRO_ENDS_CELLS;
    opt.start = (meiro_cell){3, 4};
    opt.goal = (meiro_cell){10, 2};
    meiro_maze *m = meiro_generate(&opt, NULL);
    CHECK(m && meiro_maze_start(m).x == 3 && meiro_maze_start(m).y == 4 &&
          meiro_maze_goal(m).x == 10);
    meiro_maze_free(m);
    meiro_error err = {0};
    opt.goal = (meiro_cell){20, 2};
    CHECK(meiro_generate(&opt, &err) == NULL && err.status == MEIRO_ERROR_ARGUMENT);
    opt.goal = opt.start;
    CHECK(meiro_generate(&opt, &err) == NULL && strstr(err.message, "different"));
    meiro_ends e;
    CHECK(meiro_ends_from_name("farthest", &e, NULL) == MEIRO_OK && e == MEIRO_ENDS_FARTHEST);
    CHECK(meiro_ends_from_name("middle", &e, &err) == MEIRO_ERROR_UNKNOWN_NAME);
    opt.ends = MEIRO_ENDS_CORNERS;
    opt.loops = 101;
    CHECK(meiro_generate(&opt, &err) == NULL && err.status == MEIRO_ERROR_ARGUMENT);
    /* growing-tree's bias: 0 behaves like dig (few dead ends), 1 like prim */
    meiro_generate_options gt;
    meiro_generate_options_init(&gt);
    gt.width = gt.height = 60;
    gt.algorithm = "growing-tree";
    meiro_stats st0, st1;
    gt.bias = 0;
    m = meiro_generate(&gt, NULL);
    meiro_stats_compute(m, &st0, NULL);
    meiro_maze_free(m);
    gt.bias = 1;
    m = meiro_generate(&gt, NULL);
    meiro_stats_compute(m, &st1, NULL);
    meiro_maze_free(m);
    CHECK_MSG(st0.dead_ends * 2 < st1.dead_ends, "bias 0: %llu, bias 1: %llu dead ends",
              (unsigned long long)st0.dead_ends, (unsigned long long)st1.dead_ends);
}

/* S and G are never close: for farthest and border, over every generator,
 * shapes from a line to a square and many seeds, they stand at least
 * (w + h - 2) / 3 apart (Manhattan, rounded up), S nearer the top left;
 * border puts both in doors of opposite sides of the outer wall. Against
 * the best pair found by brute force: border's is the longest way across,
 * farthest's at least 80% of the longest far-apart way. */
/* The longest way between two cells at least `apart` apart (with
 * `border`, on opposite sides), by a breadth-first search from every cell
 * (for small mazes only). */
static uint32_t longest_apart(const meiro_maze *m, uint32_t apart, bool border)
{
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m), best = 0;
    uint32_t *dist = malloc((size_t)w * h * sizeof *dist);
    if (!dist) abort();
    for (uint32_t a = 0; a < w * h; a++) {
        meiro_cell ca = {a % w, a / w};
        if (meiro_distances(m, ca, dist, NULL) != MEIRO_OK) abort();
        for (uint32_t b = 0; b < w * h; b++) {
            meiro_cell cb = {b % w, b / w};
            uint32_t d = (ca.x > cb.x ? ca.x - cb.x : cb.x - ca.x) +
                         (ca.y > cb.y ? ca.y - cb.y : cb.y - ca.y);
            /* across an axis whose sides are far enough apart */
            bool opposite = (ca.x == 0 && cb.x == w - 1 && w - 1 >= apart) ||
                            (ca.y == 0 && cb.y == h - 1 && h - 1 >= apart);
            if (d >= apart && (!border || opposite) && dist[b] != UINT32_MAX && dist[b] + 1 > best)
                best = dist[b] + 1;
        }
    }
    free(dist);
    return best;
}

static void test_ends_apart(void)
{
    static const uint32_t dims[][2] = {{20, 12}, {12, 20}, {1, 9}, {9, 1}, {2, 2}, {7, 7}, {30, 3}};
    verdict apart = {0}, doors = {0}, long_way = {0};
    uint64_t worst = 100;
    for (size_t g = 0; g < meiro_generator_count(); g++)
        for (size_t k = 0; k < sizeof dims / sizeof dims[0]; k++)
            for (uint64_t seed = 1; seed <= 6; seed++)
                for (int border = 0; border <= 1; border++) {
                    meiro_generate_options o;
                    meiro_generate_options_init(&o);
                    o.algorithm = meiro_generator_info(g)->name;
                    o.width = dims[k][0];
                    o.height = dims[k][1];
                    o.seed = seed;
                    o.ends = border ? MEIRO_ENDS_BORDER : MEIRO_ENDS_FARTHEST;
                    meiro_maze *m = meiro_generate(&o, NULL);
                    if (!verdict_note(&apart, m != NULL, "%s %ux%u: not made", o.algorithm, o.width,
                                      o.height))
                        continue;
                    meiro_cell s = meiro_maze_start(m), e = meiro_maze_goal(m);
                    uint32_t dist =
                        (s.x > e.x ? s.x - e.x : e.x - s.x) + (s.y > e.y ? s.y - e.y : e.y - s.y);
                    uint32_t need = (o.width + o.height - 2 + 2) / 3;
                    verdict_note(&apart, dist >= need && s.x + s.y <= e.x + e.y,
                                 "%s %ux%u seed %llu %s: S (%u,%u) G (%u,%u)", o.algorithm, o.width,
                                 o.height, (unsigned long long)seed, border ? "border" : "farthest",
                                 s.x, s.y, e.x, e.y);
                    if (dims[k][0] * dims[k][1] <=
                        144) { /* against the best pair, found by brute force */
                        meiro_stats st = {0};
                        bool measured = meiro_stats_compute(m, &st, NULL) == MEIRO_OK;
                        uint32_t best = longest_apart(m, need, border);
                        /* border is exact on a perfect maze; farthest climbs */
                        verdict_note(&long_way,
                                     measured && (border ? st.solution == best
                                                         : st.solution * 10 >= best * 8),
                                     "%s %ux%u seed %llu %s: solution %llu, the best %u",
                                     o.algorithm, o.width, o.height, (unsigned long long)seed,
                                     border ? "border" : "farthest",
                                     (unsigned long long)st.solution, best);
                        if (!border && st.solution * 100 < worst * best)
                            worst = st.solution * 100 / best;
                    }
                    if (border) {
                        meiro_dir sd = meiro_maze_start_door(m), gd = meiro_maze_goal_door(m);
                        bool on_side = sd < MEIRO_NO_DIR && gd == (meiro_dir)(sd ^ 2) &&
                                       (sd == MEIRO_WEST    ? s.x == 0 && e.x == o.width - 1
                                        : sd == MEIRO_EAST  ? s.x == o.width - 1 && e.x == 0
                                        : sd == MEIRO_NORTH ? s.y == 0 && e.y == o.height - 1
                                                            : s.y == o.height - 1 && e.y == 0);
                        verdict_note(&doors,
                                     on_side && meiro_maze_is_open(m, s.x, s.y, sd) &&
                                         meiro_maze_is_open(m, e.x, e.y, gd),
                                     "%s %ux%u seed %llu: doors %d %d", o.algorithm, o.width,
                                     o.height, (unsigned long long)seed, sd, gd);
                    }
                    meiro_maze_free(m);
                }
    printf("ends farthest: the worst solution was %llu%% of the best pair's\n",
           (unsigned long long)worst);
    CHECK_ALL(apart);
    CHECK_ALL(doors);
    CHECK_ALL(long_way);
}

/* Same seed, same maze, on every machine and after every speed-up: a hash
 * of each generator's maze per grid (the open sides of every cell, then S
 * and G) for one seed, against the values recorded when the mazes were
 * last changed on purpose. A faster generator that draws differently fails
 * here; if the change is meant, say so in the README and record the new
 * values (the message gives them). */
static uint64_t maze_hash(const meiro_maze *m)
{
    uint64_t h = 0xcbf29ce484222325u; /* FNV-1a */
    for (uint32_t y = 0; y < meiro_maze_height(m); y++)
        for (uint32_t x = 0; x < meiro_maze_row_width(m, y); x++) {
            meiro_cell c = {x, y};
            unsigned bits = 0, n = meiro_maze_sides(m, c);
            for (unsigned s = 0; s < n; s++) bits |= (unsigned)meiro_maze_side_open(m, c, s) << s;
            h = (h ^ (bits | n << 8)) * 0x100000001b3u;
        }
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    uint32_t ends[4] = {s.x, s.y, g.x, g.y};
    for (int k = 0; k < 4; k++) h = (h ^ ends[k]) * 0x100000001b3u;
    return h;
}

/* The hash of the maze the options make (0 when none is made). */
static uint64_t generated_hash(const meiro_generate_options *opt)
{
    meiro_maze *m = meiro_generate(opt, NULL);
    uint64_t h = m ? maze_hash(m) : 0;
    meiro_maze_free(m);
    return h;
}

/* The edges of a small maze's grid (each passage once, cell numbers in
 * row order) and how many spanning trees the grid has (Kirchhoff: any
 * cofactor of its Laplacian). */
enum { TREE_CELLS = 12, TREE_EDGES = 18 };

static size_t grid_edges(const meiro_maze *m, meiro_cell a[TREE_EDGES], unsigned side[TREE_EDGES],
                         double *trees)
{
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m), n = w * h;
    double lap[TREE_CELLS][TREE_CELLS] = {{0}};
    size_t count = 0;
    for (uint32_t i = 0; i < n && n <= TREE_CELLS; i++) {
        meiro_cell c = {i % w, i / w}, next;
        for (unsigned s = 0; s < meiro_maze_sides(m, c); s++) {
            if (!meiro_maze_neighbour(m, c, s, &next)) continue;
            uint32_t j = next.y * w + next.x;
            lap[i][i] += 1, lap[i][j] -= 1;
            if (j < i || count == TREE_EDGES) continue;
            a[count] = c, side[count++] = s;
        }
    }
    double det = 1; /* of the Laplacian without its last row and column */
    for (uint32_t k = 0; k + 1 < n; k++) {
        uint32_t pivot = k;
        for (uint32_t r = k + 1; r + 1 < n; r++)
            if (fabs(lap[r][k]) > fabs(lap[pivot][k])) pivot = r;
        if (pivot != k)
            for (uint32_t c = 0; c + 1 < n; c++) {
                double t = lap[k][c];
                lap[k][c] = lap[pivot][c], lap[pivot][c] = -t; /* a swap negates: undone */
            }
        det *= lap[k][k];
        for (uint32_t r = k + 1; r + 1 < n && lap[k][k] != 0; r++) {
            double f = lap[r][k] / lap[k][k];
            for (uint32_t c = k; c + 1 < n; c++) lap[r][c] -= f * lap[k][c];
        }
    }
    *trees = det;
    return n <= TREE_CELLS ? count : 0;
}

/* wilson and aldous-broder make every perfect maze equally likely, on
 * every grid their walks take a fast path (rect, hex, triangle; a step off
 * the grid drawn again, a draw past the sides drawn again): each spanning
 * tree of a small grid comes about equally often over 60 seeds a tree
 * (chi-square under its mean plus 6 standard deviations). */
static void test_uniform_trees(void)
{
    static const char *const algos[] = {"wilson", "aldous-broder"};
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
    } grids[] = {{MEIRO_GRID_RECT, 3, 3},
                 {MEIRO_GRID_RECT, 3, 2},
                 {MEIRO_GRID_HEX, 3, 3},
                 {MEIRO_GRID_TRIANGLE, 4, 3}};
    verdict uniform = {0};
    for (size_t a = 0; a < 2; a++)
        for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++) {
            static uint32_t seen[1u << TREE_EDGES];
            memset(seen, 0, sizeof seen);
            meiro_generate_options opt;
            meiro_generate_options_init(&opt);
            opt.width = grids[g].w, opt.height = grids[g].h, opt.grid = grids[g].grid;
            opt.algorithm = algos[a];
            meiro_cell cell[TREE_EDGES];
            unsigned side[TREE_EDGES];
            double trees = 0;
            size_t edges = 0;
            uint32_t runs = 0;
            for (uint32_t seed = 1; seed == 1 || seed <= runs; seed++) {
                opt.seed = seed;
                meiro_maze *m = meiro_generate(&opt, NULL);
                if (!verdict_note(&uniform, m != NULL, "%s: not made", algos[a])) break;
                if (seed == 1) {
                    edges = grid_edges(m, cell, side, &trees);
                    runs = 60 * (uint32_t)(trees + 0.5);
                }
                unsigned code = 0; /* the passages open */
                for (size_t e = 0; e < edges; e++)
                    code |= (unsigned)meiro_maze_side_open(m, cell[e], side[e]) << e;
                seen[code]++;
                meiro_maze_free(m);
            }
            uint32_t distinct = 0;
            double chi = 0, expect = 60, dof = trees - 1, limit = dof + 6 * sqrt(2 * dof);
            for (unsigned c = 0; c < 1u << TREE_EDGES; c++)
                if (seen[c]) {
                    distinct++;
                    chi += (seen[c] - expect) * (seen[c] - expect) / expect;
                }
            verdict_note(&uniform, edges > 0 && distinct == (uint32_t)(trees + 0.5) && chi < limit,
                         "%s on %s %ux%u: %u trees (of %.0f), chi-square %.1f (limit %.0f)",
                         algos[a], meiro_grid_name(grids[g].grid), grids[g].w, grids[g].h,
                         distinct, trees, chi, limit);
        }
    CHECK_ALL(uniform);
}

/* aldous-broder on a grid where it jumps across the cells it has seen
 * (70 x 70: blocks of 8 cells; src/gen/gen_aldous_broder.c) makes
 * mazes like wilson's, both uniform: the mean dead ends, four-way
 * junctions, corner-to-corner solution and longest path of 200 mazes each
 * agree within 5 standard errors of their difference. */
static void test_uniform_jumps(void)
{
    enum { RUNS = 200, SIDE = 70, STATS = 4 };
    static const char *const algos[] = {"aldous-broder", "wilson"};
    static const char *const names[STATS] = {"dead ends", "4-way junctions", "solution",
                                             "longest path"};
    double sum[2][STATS] = {{0}}, squares[2][STATS] = {{0}};
    verdict made = {0}, agree = {0};
    for (int a = 0; a < 2; a++)
        for (uint64_t seed = 1; seed <= RUNS; seed++) {
            meiro_stats st =
                measure(&made, algos[a], SIDE, seed, 0, MEIRO_ENDS_CORNERS);
            double v[STATS] = {(double)st.dead_ends, (double)st.junctions4, (double)st.solution,
                               (double)st.longest};
            for (int k = 0; k < STATS; k++) sum[a][k] += v[k], squares[a][k] += v[k] * v[k];
        }
    CHECK_ALL(made);
    for (int k = 0; k < STATS; k++) {
        double mean[2], var[2];
        for (int a = 0; a < 2; a++) {
            mean[a] = sum[a][k] / RUNS;
            var[a] = (squares[a][k] - RUNS * mean[a] * mean[a]) / (RUNS - 1) / RUNS;
        }
        double limit = 5 * sqrt(var[0] + var[1]);
        verdict_note(&agree, fabs(mean[0] - mean[1]) < limit,
                     "%s: aldous-broder %.2f, wilson %.2f (limit %.2f)", names[k], mean[0],
                     mean[1], limit);
    }
    CHECK_ALL(agree);
}

/* 41 x 29 (polar: 29 rings), seed 2026; 0: the grid is not supported */
static const struct {
    const char *algo;
    uint64_t hash[MEIRO_GRID_COUNT]; /* rect, polar, hex, triangle */
} golden[] = {
    {"cluster",
     {0x1034af8827dca0edu, 0x55d292620b87b60cu, 0x4509f8b688ef49cau, 0x61ebd1809effe7dfu}},
    {"dig", {0x7f6a44beb768dbc5u, 0x0192783555903b41u, 0xb41516e127dd48a2u, 0x87361c552a65b613u}},
    {"bar", {0x37ed453a770fd408u, 0, 0, 0}},
    {"wall", {0xcda3a4d1b8064d12u, 0, 0, 0}},
    {"prim", {0xe328633f3b5e91f0u, 0x3d947ecf4bcafe18u, 0xdcc72499eb971f51u, 0x7d728f31fb31ef7fu}},
    {"true-prim",
     {0x7cff563533451f86u, 0xfa59abb2cce94233u, 0x7c83d47220fe16e0u, 0x9996a58ea6543742u}},
    {"wilson",
     {0x69a4968ae4655498u, 0x06240502ba1086ffu, 0x3d7465d3209a509eu, 0xf79cc0e833c05782u}},
    {"aldous-broder",
     {0x279f1a42ed5c1649u, 0x5ad94e0c1cd6ef67u, 0x9cc5f63577d34c4fu, 0xd8c0190fb0a28f63u}},
    {"eller", {0x6cbd16878d5b4e2cu, 0, 0, 0}},
    {"growing-tree",
     {0xb7d73d6073aa14fbu, 0x5aea70897b508721u, 0x86604fff0758a045u, 0x771a395fdbdc4576u}},
    {"hunt-and-kill",
     {0xd5a2876e8db487bdu, 0x7271243c11bf6f24u, 0x44d291b0a92f2660u, 0x64331a74c838d99fu}},
    {"binary-tree", {0x331dce2c5b52b7c5u, 0x3ecc4a8badde71c0u, 0, 0}},
    {"sidewinder", {0x6d71c04dd897d5d5u, 0xce0911b11a4ececfu, 0, 0}},
    {"division", {0x3b8c43fe659c25bcu, 0, 0, 0}},
};

static void test_golden(void)
{
    verdict same = {0};
    size_t seen = 0;
    for (size_t k = 0; k < sizeof golden / sizeof golden[0]; k++)
        for (int g = 0; g < MEIRO_GRID_COUNT; g++) {
            if (!golden[k].hash[g]) continue;
            meiro_generate_options opt;
            meiro_generate_options_init(&opt);
            opt.width = 41, opt.height = 29, opt.seed = 2026, opt.algorithm = golden[k].algo;
            opt.grid = (meiro_grid)g;
            uint64_t got = generated_hash(&opt);
            verdict_note(&same, got == golden[k].hash[g],
                         "%s on %s: hash 0x%016llxu, recorded 0x%016llxu", golden[k].algo,
                         meiro_grid_name((meiro_grid)g), (unsigned long long)got,
                         (unsigned long long)golden[k].hash[g]);
            seen++;
        }
    CHECK_ALL(same);
    CHECK(seen == 40 && sizeof golden / sizeof golden[0] == meiro_generator_count());
}

/* The shape of the golden cases: a disc with one-cell holes, one piece,
 * on GOLDEN_W x GOLDEN_H cells. */
enum { GOLDEN_W = 300, GOLDEN_H = 260 };
static const uint8_t *golden_disc(void)
{
    static uint8_t mask[GOLDEN_W * GOLDEN_H];
    for (int y = 0; y < GOLDEN_H; y++)
        for (int x = 0; x < GOLDEN_W; x++)
            mask[y * GOLDEN_W + x] = (x - 150) * (x - 150) + (y - 130) * (y - 130) < 125 * 125 &&
                                     !(x % 9 == 4 && y % 9 == 4);
    return mask;
}

/* cluster on grids of many tiles of its fast path (src/gen/gen_cluster.c
 * builds each tile's part of the tree alone, then the walls between the
 * tiles): the same mazes as walls taken one by one in the permutation's
 * order, recorded from that plain loop; a shape too. */
static void test_golden_tiles(void)
{
    static const struct {
        meiro_grid grid;
        bool masked;
        uint64_t hash;
    } big[] = {
        {MEIRO_GRID_RECT, false, 0xf7fe8f78c305ac20u},
        {MEIRO_GRID_RECT, true, 0x4c42f626d260cc13u},
        {MEIRO_GRID_HEX, false, 0x24ef01f35e79f4e3u},
        {MEIRO_GRID_TRIANGLE, false, 0x6483b82b991cd241u},
    };
    enum { W = GOLDEN_W, H = GOLDEN_H };
    const uint8_t *mask = golden_disc();
    verdict same = {0};
    for (size_t k = 0; k < sizeof big / sizeof big[0]; k++) {
        meiro_generate_options opt;
        meiro_generate_options_init(&opt);
        opt.width = W, opt.height = H, opt.seed = 2026, opt.algorithm = "cluster";
        opt.grid = big[k].grid;
        if (big[k].masked) opt.mask = mask;
        uint64_t got = generated_hash(&opt);
        verdict_note(&same, got == big[k].hash, "cluster %ux%u on %s%s: hash 0x%016llxu, recorded 0x%016llxu",
                     W, H, meiro_grid_name(big[k].grid), big[k].masked ? " with a shape" : "",
                     (unsigned long long)got, (unsigned long long)big[k].hash);
    }
    CHECK_ALL(same);
}

/* cluster's tiles (src/gen/gen_cluster.c) against the plain loop, which a
 * watched generation keeps: the same maze on grids whose last tiles are one
 * or two cells across or down, narrow and wide, every grid with tiles, and
 * a shape with holes across tiles' rims; several seeds each. */
static void ignore_step(void *ctx, const meiro_event *event) { (void)ctx, (void)event; }

static void test_tiles_as_loop(void)
{
    static const uint32_t sizes[][2] = {{3, 300},   {129, 130}, {130, 257}, {257, 3},
                                        {256, 129}, {4, 5},     {300, 131}};
    static const meiro_grid grids[] = {MEIRO_GRID_RECT, MEIRO_GRID_HEX, MEIRO_GRID_TRIANGLE};
    enum { SEEDS = 3 };
    static uint8_t mask[300 * 300];
    verdict same = {0};
    meiro_observer quiet = {ignore_step, NULL};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++)
            for (int masked = 0; masked < 2; masked++)
                for (uint64_t seed = 1; seed <= SEEDS; seed++) {
                    uint32_t w = sizes[k][0], h = sizes[k][1];
                    if (masked && (grids[g] != MEIRO_GRID_RECT || w < 100 || h < 100)) continue;
                    for (uint32_t y = 0; y < h; y++) /* a ring with one-cell holes: one piece */
                        for (uint32_t x = 0; x < w; x++) {
                            int dx = 2 * (int)x - (int)w, dy = 2 * (int)y - (int)h;
                            int r2 = dx * dx + dy * dy, big = (int)(w < h ? w : h);
                            mask[y * w + x] = r2 < big * big && r2 > big * big / 16 &&
                                              !((x + seed) % 7 == 0 && (y + 2 * seed) % 5 == 0);
                        }
                    uint64_t hash[2] = {0, 1};
                    for (int watched = 0; watched < 2; watched++) {
                        meiro_generate_options opt;
                        meiro_generate_options_init(&opt);
                        opt.width = w, opt.height = h, opt.seed = seed, opt.grid = grids[g];
                        opt.algorithm = "cluster";
                        if (masked) opt.mask = mask;
                        if (watched) opt.observer = &quiet;
                        meiro_error err;
                        meiro_maze *m = meiro_generate(&opt, &err);
                        hash[watched] = m ? maze_hash(m) : (uint64_t)watched;
                        meiro_maze_free(m);
                    }
                    verdict_note(&same, hash[0] == hash[1],
                                 "cluster %ux%u on %s%s, seed %llu: tiles 0x%016llx, loop 0x%016llx",
                                 w, h, meiro_grid_name(grids[g]), masked ? " with a shape" : "",
                                 (unsigned long long)seed, (unsigned long long)hash[0],
                                 (unsigned long long)hash[1]);
                }
    CHECK_ALL(same);
}

/* aldous-broder where it jumps across the cells it has seen
 * (src/gen/gen_aldous_broder.c): the maze for a seed stays the same, on
 * every machine (its exit laws are computed in integers). 600 x 520 uses
 * blocks of 8, 16 and 32 cells; make check adds 2100 x 2100, which uses
 * 64 too (half a second). */
static void test_golden_jumps(void)
{
    static const struct {
        uint32_t w, h;
        uint64_t hash;
    } big[] = {{600, 520, 0x8545fd60c4b5dfdfu}, {2100, 2100, 0xa3a403eab5710d5du}};
    size_t count = test_full() ? 2 : 1;
    verdict same = {0};
    for (size_t k = 0; k < count; k++) {
        meiro_generate_options opt;
        meiro_generate_options_init(&opt);
        opt.width = big[k].w, opt.height = big[k].h, opt.seed = 2026;
        opt.algorithm = "aldous-broder";
        uint64_t got = generated_hash(&opt);
        verdict_note(&same, got == big[k].hash, "%ux%u: hash 0x%016llxu, recorded 0x%016llxu",
                     big[k].w, big[k].h, (unsigned long long)got,
                     (unsigned long long)big[k].hash);
    }
    CHECK_ALL(same);
}

/* true-prim at sizes where its frontier's fast paths all work (src/gen/
 * gen_true_prim.c: a full list of the lightest cells spilling into the heap,
 * poured buckets sorted with equal weights among them, the general loop for
 * a shape and the other grids): the same mazes as one heap of every
 * (weight, cell), recorded from that plain heap. */
static void test_golden_frontier(void)
{
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
        bool masked;
        uint64_t hash;
    } big[] = {
        {MEIRO_GRID_RECT, 800, 600, false, 0xc022b4c2b062e20au},
        {MEIRO_GRID_RECT, 300, 260, true, 0xbea3fef0bf47b56cu},
        {MEIRO_GRID_POLAR, 150, 150, false, 0xfd40e61a688e7f8au},
        {MEIRO_GRID_HEX, 300, 260, false, 0x25f7a409a03339f4u},
        {MEIRO_GRID_TRIANGLE, 300, 260, false, 0x929ecd39ed1c271du},
    };
    enum { W = GOLDEN_W, H = GOLDEN_H };
    const uint8_t *mask = golden_disc();
    verdict same = {0};
    for (size_t k = 0; k < sizeof big / sizeof big[0]; k++) {
        meiro_generate_options opt;
        meiro_generate_options_init(&opt);
        opt.width = big[k].w, opt.height = big[k].h, opt.seed = 2026;
        opt.algorithm = "true-prim", opt.grid = big[k].grid;
        if (big[k].masked) opt.mask = mask;
        uint64_t got = generated_hash(&opt);
        verdict_note(&same, got == big[k].hash,
                     "true-prim %ux%u on %s%s: hash 0x%016llxu, recorded 0x%016llxu", big[k].w,
                     big[k].h, meiro_grid_name(big[k].grid), big[k].masked ? " with a shape" : "",
                     (unsigned long long)got, (unsigned long long)big[k].hash);
    }
    CHECK_ALL(same);
}

/* Counts a watched generation's steps. */
static void count_step(void *ctx, const meiro_event *event)
{
    (void)event;
    ++*(unsigned long *)ctx;
}

/* wall over many blocks of its order and many walls (src/gen/gen_wall.c
 * keeps its points as bits and writes a wall's cells when it joins): the
 * same mazes as the loop with a byte a point that wrote each step,
 * recorded from it; with a shape, on thin grids, and watched (the cells
 * then written at each step, as the observer sees them). */
static void test_golden_wall(void)
{
    static const struct {
        uint32_t w, h;
        bool masked, watched;
        uint64_t hash;
    } big[] = {
        {300, 260, false, false, 0xaf6505b6851c7847u},
        {300, 260, true, false, 0x6e90a95a4076de94u},
        {300, 260, true, true, 0x6e90a95a4076de94u},
        {997, 3, false, false, 0xde5674261ae69599u},
        {2, 600, false, true, 0x3fdf72cc50b14215u},
    };
    enum { W = GOLDEN_W, H = GOLDEN_H };
    const uint8_t *mask = golden_disc();
    verdict same = {0};
    for (size_t k = 0; k < sizeof big / sizeof big[0]; k++) {
        meiro_generate_options opt;
        meiro_generate_options_init(&opt);
        opt.width = big[k].w, opt.height = big[k].h, opt.seed = 2026, opt.algorithm = "wall";
        if (big[k].masked) opt.mask = mask;
        unsigned long steps = 0;
        meiro_observer watch = {count_step, &steps};
        if (big[k].watched) opt.observer = &watch;
        uint64_t got = generated_hash(&opt);
        verdict_note(&same, got == big[k].hash && (steps > 0) == big[k].watched,
                     "wall %ux%u%s%s: hash 0x%016llxu, recorded 0x%016llxu", big[k].w, big[k].h,
                     big[k].masked ? " with a shape" : "", big[k].watched ? ", watched" : "",
                     (unsigned long long)got, (unsigned long long)big[k].hash);
    }
    CHECK_ALL(same);
}

/* ---- --choices N: a way with exactly N decision points ----------------- */

/* A maze made as meiro generate makes it (a job), with `choices`; level
 * -1 for none (then w x h cells). NULL and *e on a refusal. */
static meiro_maze *choices_maze(meiro_grid grid, int level, uint32_t w, uint32_t h,
                                unsigned choices, uint64_t seed, meiro_error *e)
{
    meiro_job *job = meiro_job_new();
    meiro_maze *m = NULL;
    meiro_path path = {0};
    if (!job) return NULL;
    meiro_generate_options *o = meiro_job_maze(job);
    o->grid = grid, o->seed = seed;
    if (level < 0) o->width = w, o->height = h;
    if (meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_JSON, e) == MEIRO_OK &&
        meiro_job_set_int(job, MEIRO_JOB_LEVEL, level, e) == MEIRO_OK &&
        meiro_job_set_int(job, MEIRO_JOB_MAZE_GIVEN,
                          level < 0 ? MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_HEIGHT : 0, e) == MEIRO_OK &&
        meiro_job_set_int(job, MEIRO_JOB_CHOICES, choices, e) == MEIRO_OK &&
        meiro_job_plan(job, e) == MEIRO_OK)
        meiro_job_make(job, NULL, &m, &path, e);
    meiro_path_free(&path);
    meiro_job_free(job);
    return m;
}

/* Where the way from S to G has a choice, as meiro stats counts them. */
static uint64_t decisions(const meiro_maze *m, bool *perfect)
{
    meiro_stats st;
    if (meiro_stats_compute(m, &st, NULL) != MEIRO_OK) return UINT64_MAX;
    *perfect = st.perfect && st.reachable == st.cells;
    return st.decisions;
}

/* N = 1 .. 8 over 200 seeds on every grid: exactly N, the maze perfect
 * (every wrong turn a dead end, every cell reached), the same maze again
 * from the seed; and a maze of each level (age) on each grid. */
static void test_choices(void)
{
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
    } grids[] = {{MEIRO_GRID_RECT, 12, 9},
                 {MEIRO_GRID_POLAR, 1, 6},
                 {MEIRO_GRID_HEX, 12, 9},
                 {MEIRO_GRID_TRIANGLE, 16, 9}};
    verdict v = {0};
    for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++) {
        for (unsigned n = 1; n <= 8; n++) {
            for (uint64_t seed = 0; seed < 200; seed++) {
                meiro_error e = {0};
                meiro_maze *m = choices_maze(grids[g].grid, -1, grids[g].w, grids[g].h, n, seed, &e);
                bool perfect = false;
                uint64_t got = m ? decisions(m, &perfect) : 0;
                verdict_note(&v, m && got == n && perfect, "%s seed %llu --choices %u: %s%llu%s",
                             meiro_grid_name(grids[g].grid), (unsigned long long)seed, n,
                             m ? "" : e.message, (unsigned long long)got,
                             m && !perfect ? ", not perfect" : "");
                if (m && seed % 50 == 0) { /* again from the seed */
                    meiro_maze *again =
                        choices_maze(grids[g].grid, -1, grids[g].w, grids[g].h, n, seed, NULL);
                    verdict_note(&v, again && meiro_maze_equal(m, again),
                                 "%s seed %llu --choices %u: another maze from the same seed",
                                 meiro_grid_name(grids[g].grid), (unsigned long long)seed, n);
                    meiro_maze_free(again);
                }
                meiro_maze_free(m);
            }
        }
        /* each level's grid: as many as it holds (a choice for each 8
         * cells), the rest refused before any work */
        for (int level = 0; level < MEIRO_LEVEL_COUNT; level++) {
            meiro_maze *plain = choices_maze(grids[g].grid, level, 0, 0, 0, 0, NULL);
            uint64_t holds = plain ? meiro_maze_cell_count(plain) / 8 : 0;
            meiro_maze_free(plain);
            for (unsigned n = 1; n <= 8; n++)
                for (uint64_t seed = 0; seed < 10; seed++) {
                    meiro_error e = {0};
                    meiro_maze *m = choices_maze(grids[g].grid, level, 0, 0, n, seed, &e);
                    bool perfect = false;
                    uint64_t got = m ? decisions(m, &perfect) : 0;
                    verdict_note(&v,
                                 n <= holds ? m && got == n && perfect
                                            : !m && strstr(e.message, "--choices takes 1 to"),
                                 "%s %s seed %llu --choices %u (%llu held): %s%llu",
                                 meiro_grid_name(grids[g].grid),
                                 meiro_level_info((meiro_level)level)->name,
                                 (unsigned long long)seed, n, (unsigned long long)holds,
                                 m ? "" : e.message, (unsigned long long)got);
                    meiro_maze_free(m);
                }
        }
    }
    CHECK_ALL(v);
}

/* What --choices cannot be, each in a line: more than the grid holds,
 * none, and the kinds of maze it cannot go with. */
static void test_choices_refused(void)
{
    meiro_error e = {0};
    meiro_maze *m = choices_maze(MEIRO_GRID_RECT, -1, 3, 3, 3, 1, &e);
    CHECK_MSG(!m && e.status == MEIRO_ERROR_ARGUMENT && strstr(e.message, "1 to 1 on a maze of 9 cells"), "%s",
              e.message);
    meiro_maze_free(m);
    meiro_job *job = meiro_job_new();
    e = (meiro_error){0};
    meiro_job_maze(job)->loops = 20;
    CHECK_INT(meiro_job_set_int(job, MEIRO_JOB_CHOICES, 2, NULL), MEIRO_OK);
    CHECK_INT(meiro_job_plan(job, &e), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(e.message, "--loops") && !strchr(e.message, '\n'), "%s", e.message);
    meiro_job_free(job);
}

/* Watched (--animate, --frames, meiro watch): the trace of a --choices
 * maze, replayed, ends in the maze made (the way and its branches rebuilt
 * are told wall by wall, as a generator's steps are). */
static void test_choices_watched(void)
{
    verdict v = {0};
    for (uint64_t seed = 0; seed < 20; seed++) {
        meiro_trace *trace = meiro_trace_new();
        meiro_observer watch = meiro_trace_observer(trace);
        meiro_job *job = meiro_job_new();
        meiro_maze *m = NULL;
        meiro_path path = {0};
        meiro_job_maze(job)->width = 10, meiro_job_maze(job)->height = 8;
        meiro_job_maze(job)->seed = seed;
        if (meiro_job_set_int(job, MEIRO_JOB_MAZE_GIVEN, MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_HEIGHT,
                              NULL) == MEIRO_OK &&
            meiro_job_set_int(job, MEIRO_JOB_CHOICES, 1 + seed % 5, NULL) == MEIRO_OK &&
            meiro_job_plan(job, NULL) == MEIRO_OK)
            meiro_job_make(job, &watch, &m, &path, NULL);
        meiro_player *p = m ? meiro_player_new(trace, NULL, 0, NULL) : NULL;
        while (p && meiro_player_next(p)) continue;
        verdict_note(&v, p && meiro_maze_equal(meiro_player_maze(p), m),
                     "seed %llu: the replayed trace is not the maze made",
                     (unsigned long long)seed);
        meiro_player_free(p);
        meiro_path_free(&path);
        meiro_maze_free(m);
        meiro_job_free(job);
        meiro_trace_free(trace);
    }
    CHECK_ALL(v);
}

static const test_case cases[] = {
    {"choices", test_choices},
    {"choices_watched", test_choices_watched},
    {"choices_refused", test_choices_refused},
    {"ends_apart", test_ends_apart},
    {"textures", test_textures},
    {"loops_and_ends", test_loops_and_ends},
    {"generators", test_generators},
    {"registry", test_registry},
    {"solvers", test_solvers_on_generated},
    {"imperfect", test_imperfect},
    {"seed003", test_seed003},
    {"golden", test_golden},
    {"golden_tiles", test_golden_tiles},
    {"tiles_as_loop", test_tiles_as_loop},
    {"golden_jumps", test_golden_jumps},
    {"golden_frontier", test_golden_frontier},
    {"golden_wall", test_golden_wall},
    {"uniform_trees", test_uniform_trees},
    {"uniform_jumps", test_uniform_jumps},
};

int main(int argc, char **argv)
{
    return test_main("algorithms", argc, argv, cases, TEST_COUNT(cases));
}
