/* Mazes on a shape (masked rectangles): every generator that takes a shape
 * makes a perfect maze of exactly the cells inside it, over many shapes,
 * sizes and seeds; pieces are joined by the shortest bridges, or refused;
 * solvers, loops, ends and stats keep to the shape. */
#include "harness.h"
#include "meiro.h"

#include <math.h>

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0}; /* N E S W */

/* Test shapes, w x h bytes (1 inside). */
enum { DISC, RING, TWO_PIECES, BLOBS, COMB, LETTERS, SHAPE_COUNT };
static const char *const shape_names[SHAPE_COUNT] = {"disc",  "ring", "two pieces",
                                                     "blobs", "comb", "letters"};

static uint8_t *make_shape(int kind, uint32_t w, uint32_t h, uint64_t seed)
{
    uint8_t *in = calloc((size_t)w * h, 1);
    double cx = (w - 1) / 2.0, cy = (h - 1) / 2.0, r = (w < h ? w : h) / 2.0;
    uint64_t s = seed * 2654435761u + 1;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            double d = hypot(x - cx, y - cy);
            bool v = false;
            switch (kind) {
            case DISC: v = d <= r; break;
            case RING: v = d <= r && d >= r / 2; break;              /* a hole */
            case TWO_PIECES: v = x < w / 3 || x >= w - w / 3; break; /* a gap between */
            case BLOBS: /* random speckle: many pieces */
                s = s * 6364136223846793005u + 1442695040888963407u;
                v = (s >> 33) % 100 < 55;
                break;
            case COMB: v = y < 2 || x % 4 < 2; break; /* one-cell necks and teeth */
            default: v = (x % 7 < 5) && (y % 9 < 7) && !(x % 7 == 2 && y % 9 == 3); break;
            }
            in[(size_t)y * w + x] = v;
        }
    in[(size_t)(h / 2) * w + w / 2] |= kind == DISC; /* never empty */
    in[0] |= kind != DISC && kind != RING;
    return in;
}

static meiro_maze *make(const uint8_t *mask, uint32_t w, uint32_t h, const char *algo,
                        uint64_t seed, unsigned loops, meiro_error *err)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = w;
    o.height = h;
    o.algorithm = algo;
    o.seed = seed;
    o.mask = mask;
    o.loops = loops;
    return meiro_generate(&o, err);
}

/* Every cell inside the shape is reachable from the start, none outside
 * is, and no passage leads outside. */
static bool keeps_to_shape(const meiro_maze *m, const uint8_t *mask, bool *covers)
{
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    uint32_t *dist = malloc((size_t)w * h * sizeof *dist);
    bool ok = meiro_distances(m, meiro_maze_start(m), dist, NULL) == MEIRO_OK;
    *covers = true;
    for (uint32_t y = 0; ok && y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            bool active = meiro_maze_is_active(m, (meiro_cell){x, y});
            if (mask[i] && !active) *covers = false; /* bridges may add, never take */
            if (active != (dist[i] != UINT32_MAX)) ok = false;
            for (unsigned d = 0; d < 4; d++)
                if (!active && meiro_maze_is_open(m, x, y, (meiro_dir)d)) ok = false;
        }
    free(dist);
    return ok;
}

static const char *const shape_generators[] = {
    "cluster",   "dig",    "bar",           "wall",         "prim",
    "true-prim", "wilson", "aldous-broder", "growing-tree", "hunt-and-kill"};
enum { SHAPE_GENERATORS = sizeof shape_generators / sizeof shape_generators[0] };

static void test_generators_on_shapes(void)
{
    static const struct {
        uint32_t w, h;
    } sizes[] = {{3, 3}, {8, 5}, {20, 20}, {33, 21}, {90, 70}};
    verdict made = {0}, perfect = {0}, shape = {0}, covers = {0}, same = {0}, valid = {0};
    for (size_t g = 0; g < SHAPE_GENERATORS; g++)
        for (int kind = 0; kind < SHAPE_COUNT; kind++)
            for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
                for (uint64_t seed = 1; seed <= 3; seed++) {
                    uint32_t w = sizes[z].w, h = sizes[z].h;
                    uint8_t *mask = make_shape(kind, w, h, seed);
                    meiro_error err = {0};
                    const char *algo = shape_generators[g];
                    meiro_maze *m = make(mask, w, h, algo, seed, 0, &err);
                    if (verdict_note(&made, m != NULL, "%s on %s %ux%u seed %llu: %s", algo,
                                     shape_names[kind], w, h, (unsigned long long)seed,
                                     err.message)) {
                        bool p = false, c = false;
                        verdict_note(&valid, meiro_maze_check(m, &err) == MEIRO_OK,
                                     "%s on %s %ux%u: %s", algo, shape_names[kind], w, h,
                                     err.message);
                        verdict_note(&perfect, meiro_maze_is_perfect(m, &p, NULL) == MEIRO_OK && p,
                                     "%s on %s %ux%u seed %llu not perfect", algo,
                                     shape_names[kind], w, h, (unsigned long long)seed);
                        verdict_note(&shape, keeps_to_shape(m, mask, &c),
                                     "%s on %s %ux%u seed %llu: cells unreachable or outside", algo,
                                     shape_names[kind], w, h, (unsigned long long)seed);
                        verdict_note(&covers, c, "%s on %s: a cell of the shape was dropped", algo,
                                     shape_names[kind]);
                        meiro_maze *again = make(mask, w, h, algo, seed, 0, NULL);
                        verdict_note(&same, again && meiro_maze_equal(m, again),
                                     "%s on %s seed %llu: not reproducible", algo,
                                     shape_names[kind], (unsigned long long)seed);
                        meiro_maze_free(again);
                    }
                    meiro_maze_free(m);
                    free(mask);
                }
    CHECK_ALL(made);
    CHECK_ALL(valid);
    CHECK_ALL(perfect);
    CHECK_ALL(shape);
    CHECK_ALL(covers);
    CHECK_ALL(same);
}

/* A path runs from start to goal through open walls, inside the shape. */
static bool path_valid(const meiro_maze *m, const meiro_path *p)
{
    if (p->length == 0) return false;
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (p->cells[0].x != s.x || p->cells[0].y != s.y) return false;
    if (p->cells[p->length - 1].x != g.x || p->cells[p->length - 1].y != g.y) return false;
    for (size_t k = 0; k < p->length; k++)
        if (!meiro_maze_is_active(m, p->cells[k])) return false;
    for (size_t k = 1; k < p->length; k++) {
        meiro_cell a = p->cells[k - 1], b = p->cells[k];
        int dir = -1;
        for (unsigned d = 0; d < 4; d++)
            if ((int64_t)a.x + DX[d] == b.x && (int64_t)a.y + DY[d] == b.y) dir = (int)d;
        if (dir < 0 || !meiro_maze_is_open(m, a.x, a.y, (meiro_dir)dir)) return false;
    }
    return true;
}

static void test_solvers_on_shapes(void)
{
    verdict valid = {0}, shortest = {0}, stats = {0};
    for (int kind = 0; kind < SHAPE_COUNT; kind++)
        for (uint64_t seed = 1; seed <= 4; seed++)
            for (unsigned loops = 0; loops <= 30; loops += 30) {
                uint32_t w = 25 + (uint32_t)seed, h = 19;
                uint8_t *mask = make_shape(kind, w, h, seed);
                meiro_maze *m = make(mask, w, h, "dig", seed, loops, NULL);
                meiro_path best = {0};
                if (!m || meiro_solve(m, "bfs", &best, NULL) != MEIRO_OK) {
                    verdict_note(&valid, false, "no maze or no bfs path on %s", shape_names[kind]);
                    meiro_maze_free(m);
                    free(mask);
                    continue;
                }
                for (size_t s = 0; s < meiro_solver_count(); s++) {
                    const char *name = meiro_solver_info(s)->name;
                    if (loops && !meiro_solver_is_complete(name)) continue;
                    meiro_path p = {0};
                    meiro_error err = {0};
                    meiro_status st = meiro_solve(m, name, &p, &err);
                    verdict_note(&valid, st == MEIRO_OK && path_valid(m, &p),
                                 "%s on %s seed %llu loops %u: %s", name, shape_names[kind],
                                 (unsigned long long)seed, loops, err.message);
                    if (!strcmp(name, "astar") || (!loops && st == MEIRO_OK))
                        verdict_note(&shortest, p.length == best.length,
                                     "%s on %s: %zu cells, bfs %zu", name, shape_names[kind],
                                     p.length, best.length);
                    meiro_path_free(&p);
                }
                meiro_stats st;
                uint64_t inside = 0;
                for (size_t i = 0; i < (size_t)w * h; i++)
                    inside +=
                        meiro_maze_is_active(m, (meiro_cell){(uint32_t)(i % w), (uint32_t)(i / w)});
                verdict_note(&stats,
                             meiro_stats_compute(m, &st, NULL) == MEIRO_OK && st.cells == inside &&
                                 st.reachable == inside &&
                                 st.perfect == (loops == 0 || st.passages == inside - 1) &&
                                 st.solution == best.length && st.cells == meiro_maze_cell_count(m),
                             "stats on %s seed %llu loops %u: cells %llu of %llu, reachable %llu",
                             shape_names[kind], (unsigned long long)seed, loops,
                             (unsigned long long)st.cells, (unsigned long long)inside,
                             (unsigned long long)st.reachable);
                meiro_path_free(&best);
                meiro_maze_free(m);
                free(mask);
            }
    CHECK_ALL(valid);
    CHECK_ALL(shortest);
    CHECK_ALL(stats);
}

/* Two blocks k cells apart are joined by a bridge of exactly k cells;
 * without bridges the shape is refused, naming the pieces. */
static void test_bridges(void)
{
    verdict exact = {0};
    for (uint32_t gap = 1; gap <= 6; gap++) {
        uint32_t w = 10 + gap, h = 7;
        uint8_t *mask = calloc((size_t)w * h, 1);
        for (uint32_t y = 1; y < 6; y++)
            for (uint32_t x = 0; x < w; x++) mask[y * w + x] = x < 5 || x >= 5 + gap;
        meiro_maze *m = make(mask, w, h, "dig", gap, 0, NULL);
        uint64_t shape = 0;
        for (size_t i = 0; i < (size_t)w * h; i++) shape += mask[i];
        verdict_note(&exact, m && meiro_maze_cell_count(m) == shape + gap,
                     "gap %u: %llu cells, want %llu", gap,
                     m ? (unsigned long long)meiro_maze_cell_count(m) : 0ull,
                     (unsigned long long)(shape + gap));
        meiro_maze_free(m);
        free(mask);
    }
    CHECK_ALL(exact);

    uint32_t w = 20, h = 20;
    uint8_t *mask = make_shape(TWO_PIECES, w, h, 1);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = w;
    o.height = h;
    o.mask = mask;
    o.no_bridges = true;
    meiro_error err = {0};
    meiro_maze *m = meiro_generate(&o, &err);
    CHECK(m == NULL && err.status == MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "2 pieces") != NULL, "%s", err.message);
    meiro_maze_free(m);
    free(mask);

    /* a speckle of thousands of pieces is noise: refused, not webbed */
    w = h = 200;
    mask = calloc((size_t)w * h, 1);
    for (uint32_t y = 0; y < h; y += 2)
        for (uint32_t x = 0; x < w; x += 2) mask[y * w + x] = 1;
    m = make(mask, w, h, "dig", 1, 0, &err);
    CHECK(m == NULL);
    CHECK_MSG(strstr(err.message, "pieces") != NULL, "%s", err.message);
    meiro_maze_free(m);
    free(mask);
}

/* Generators that work row by row refuse a shape, listing those that take
 * one; ends keep to the shape. */
static void test_refusals_and_ends(void)
{
    uint32_t w = 21, h = 21;
    uint8_t *mask = make_shape(DISC, w, h, 1);
    const char *row_ones[] = {"eller", "binary-tree", "sidewinder", "division"};
    verdict refused = {0};
    for (size_t k = 0; k < 4; k++) {
        meiro_error err = {0};
        meiro_maze *m = make(mask, w, h, row_ones[k], 1, 0, &err);
        verdict_note(&refused,
                     !m && strstr(err.message, "does not work on a shape") &&
                         strstr(err.message, "wilson"),
                     "%s: %s", row_ones[k], err.message);
        meiro_maze_free(m);
    }
    CHECK_ALL(refused);

    verdict ends = {0};
    for (int e = MEIRO_ENDS_CORNERS; e <= MEIRO_ENDS_BORDER; e++)
        for (uint64_t seed = 1; seed <= 10; seed++) {
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.width = w;
            o.height = h;
            o.mask = mask;
            o.seed = seed;
            o.ends = (meiro_ends)e;
            meiro_maze *m = meiro_generate(&o, NULL);
            meiro_cell s = m ? meiro_maze_start(m) : (meiro_cell){0, 0};
            meiro_cell g = m ? meiro_maze_goal(m) : (meiro_cell){0, 0};
            verdict_note(&ends,
                         m && meiro_maze_is_active(m, s) && meiro_maze_is_active(m, g) &&
                             (s.x != g.x || s.y != g.y) &&
                             meiro_maze_start_door(m) == MEIRO_NO_DIR &&
                             meiro_maze_goal_door(m) == MEIRO_NO_DIR && s.x + s.y < g.x + g.y,
                         "ends %d seed %llu: S (%u, %u) G (%u, %u)", e, (unsigned long long)seed,
                         s.x, s.y, g.x, g.y);
            meiro_maze_free(m);
        }
    CHECK_ALL(ends);

    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = w;
    o.height = h;
    o.mask = mask;
    o.ends = MEIRO_ENDS_CELLS;
    o.start = (meiro_cell){0, 0}; /* the disc's corner is outside */
    o.goal = (meiro_cell){10, 10};
    meiro_error err = {0};
    meiro_maze *m = meiro_generate(&o, &err);
    CHECK(m == NULL);
    CHECK_MSG(strstr(err.message, "start (0, 0) lies outside the shape") != NULL, "%s",
              err.message);
    meiro_maze_free(m);
    free(mask);
}

/* Masks set on a maze by hand: the API's own rules. */
static void test_set_mask(void)
{
    meiro_maze *m = meiro_maze_new(4, 3, NULL);
    uint8_t none[12] = {0}, some[12] = {0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0};
    meiro_error err = {0};
    CHECK(meiro_maze_set_mask(m, none, &err) == MEIRO_ERROR_ARGUMENT);
    uint8_t one[12] = {0, 0, 0, 0, 0, 1}; /* S and G need a cell each */
    CHECK(meiro_maze_set_mask(m, one, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "1 cell"));
    meiro_maze *single = meiro_maze_new(1, 1, NULL);
    uint8_t all[1] = {1}; /* every cell inside: no mask, and the 1x1 maze keeps its doors */
    CHECK(meiro_maze_set_mask(single, all, NULL) == MEIRO_OK && !meiro_maze_has_mask(single) &&
          meiro_maze_check(single, NULL) == MEIRO_OK);
    meiro_maze_free(single);
    CHECK(!meiro_maze_has_mask(m) && meiro_maze_cell_count(m) == 12);
    CHECK(meiro_maze_set_mask(m, some, &err) == MEIRO_OK);
    CHECK(meiro_maze_has_mask(m) && meiro_maze_cell_count(m) == 6);
    CHECK(!meiro_maze_is_active(m, (meiro_cell){0, 0}) &&
          meiro_maze_is_active(m, (meiro_cell){1, 0}));
    CHECK(meiro_maze_start(m).x == 1 && meiro_maze_start(m).y == 0);
    CHECK(meiro_maze_goal(m).x == 2 && meiro_maze_goal(m).y == 2);
    /* sides: a neighbour outside the shape is not a neighbour */
    meiro_cell next;
    CHECK(!meiro_maze_neighbour(m, (meiro_cell){1, 0}, MEIRO_WEST, &next));
    CHECK(meiro_maze_neighbour(m, (meiro_cell){1, 0}, MEIRO_EAST, &next) && next.x == 2);
    CHECK(meiro_maze_set_side(m, (meiro_cell){1, 0}, MEIRO_WEST, true) == MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_maze_set_side(m, (meiro_cell){1, 0}, MEIRO_SOUTH, true) == MEIRO_OK);
    CHECK(meiro_maze_side_open(m, (meiro_cell){1, 1}, MEIRO_NORTH));
    meiro_maze *copy = meiro_maze_clone(m, NULL);
    CHECK(copy && meiro_maze_equal(m, copy) && meiro_maze_cell_count(copy) == 6);
    meiro_maze *plain = meiro_maze_new(4, 3, NULL);
    meiro_maze_carve(plain, 1, 0, MEIRO_SOUTH);
    CHECK(!meiro_maze_equal(m, plain)); /* same walls, not the same shape */
    CHECK(meiro_maze_set_mask(m, NULL, NULL) == MEIRO_OK && meiro_maze_cell_count(m) == 12);
    meiro_maze_free(plain);
    meiro_maze_free(copy);
    meiro_maze_free(m);
}

static const test_case cases[] = {
    {"generators", test_generators_on_shapes},
    {"solvers", test_solvers_on_shapes},
    {"bridges", test_bridges},
    {"refusals_and_ends", test_refusals_and_ends},
    {"set_mask", test_set_mask},
};

int main(int argc, char **argv) { return test_main("mask", argc, argv, cases, TEST_COUNT(cases)); }
