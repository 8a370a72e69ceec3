/* The maze through the public API: limits, walls and doors, perfection,
 * copies and error messages. Uses only meiro.h (compiled with include/ as
 * its only include path), so it doubles as an example. White-box tests of
 * the model are in test_model.c. */
#include "harness.h"
#include "meiro.h"

static void test_limits(void)
{
    meiro_error err = {0};
    CHECK(meiro_maze_new(0, 5, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_maze_new(65536, 1, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_TOO_BIG);
    /* 20000 x 20001 > 400,000,000: refused before allocating */
    CHECK(meiro_maze_new(20000, 20001, &err) == NULL);
    CHECK_INT(err.status, MEIRO_ERROR_TOO_BIG);
    CHECK(strstr(err.message, "400000000") != NULL);
    meiro_maze *m = meiro_maze_new(65535, 1, &err);
    CHECK(m != NULL);
    meiro_maze_free(m);
    meiro_maze_free(NULL);
}

static void test_walls(void)
{
    meiro_maze *m = meiro_maze_new(4, 3, NULL);
    CHECK(m != NULL);
    verdict all_closed = {0}; /* a new maze has every wall */
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t x = 0; x < 4; x++)
            for (unsigned d = 0; d < 4; d++)
                verdict_note(&all_closed, !meiro_maze_is_open(m, x, y, (meiro_dir)d),
                             "(%u, %u) open to %u", x, y, d);
    CHECK_ALL(all_closed);
    CHECK_INT(meiro_maze_carve(m, 1, 1, MEIRO_EAST), MEIRO_OK);
    CHECK(meiro_maze_is_open(m, 1, 1, MEIRO_EAST));
    CHECK(meiro_maze_is_open(m, 2, 1, MEIRO_WEST)); /* both sides see it */
    CHECK_INT(meiro_maze_carve(m, 2, 2, MEIRO_NORTH), MEIRO_OK);
    CHECK(meiro_maze_is_open(m, 2, 1, MEIRO_SOUTH));
    CHECK_INT(meiro_maze_build(m, 2, 1, MEIRO_WEST), MEIRO_OK);
    CHECK(!meiro_maze_is_open(m, 1, 1, MEIRO_EAST));
    /* the outer wall cannot be carved */
    CHECK_INT(meiro_maze_carve(m, 0, 0, MEIRO_WEST), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 3, 0, MEIRO_EAST), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 0, 2, MEIRO_SOUTH), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 4, 0, MEIRO_WEST), MEIRO_ERROR_ARGUMENT);
    CHECK(!meiro_maze_is_open(m, 9, 9, MEIRO_EAST));
    CHECK_INT(meiro_maze_check(m, NULL), MEIRO_OK);
    /* doors */
    CHECK_INT(meiro_maze_set_start(m, (meiro_cell){0, 1}, MEIRO_WEST), MEIRO_OK);
    CHECK(meiro_maze_is_open(m, 0, 1, MEIRO_WEST));
    CHECK_INT(meiro_maze_set_start(m, (meiro_cell){1, 1}, MEIRO_WEST), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_set_goal(m, (meiro_cell){4, 1}, MEIRO_NO_DIR), MEIRO_ERROR_ARGUMENT);
    /* nor the edge of a shape: carve and build are meiro_maze_set_side */
    const uint8_t inside[12] = {1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1};
    CHECK_INT(meiro_maze_set_mask(m, inside, NULL), MEIRO_OK);
    CHECK_INT(meiro_maze_carve(m, 2, 0, MEIRO_EAST), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 3, 1, MEIRO_NORTH), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_maze_carve(m, 1, 0, MEIRO_EAST), MEIRO_OK);
    CHECK(meiro_maze_side_open(m, (meiro_cell){2, 0}, MEIRO_WEST));
    CHECK_INT(meiro_maze_check(m, NULL), MEIRO_OK);
    meiro_maze_free(m);
}

static void test_perfect(void)
{
    meiro_maze *m = meiro_maze_new(3, 2, NULL);
    bool perfect = true;
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(!perfect); /* all walls closed: disconnected */
    /* a comb: row 0 open, every column down */
    meiro_maze_carve(m, 0, 0, MEIRO_EAST);
    meiro_maze_carve(m, 1, 0, MEIRO_EAST);
    for (uint32_t x = 0; x < 3; x++) meiro_maze_carve(m, x, 0, MEIRO_SOUTH);
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(perfect);
    meiro_maze_carve(m, 0, 1, MEIRO_EAST); /* a loop */
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(!perfect);
    meiro_maze_free(m);
    /* a b c / d e f with a-b, a-d, b-e, d-e (a loop) and c-f (an island):
     * w*h - 1 open walls, yet not perfect */
    m = meiro_maze_new(3, 2, NULL);
    meiro_maze_carve(m, 0, 0, MEIRO_EAST);
    meiro_maze_carve(m, 0, 0, MEIRO_SOUTH);
    meiro_maze_carve(m, 1, 0, MEIRO_SOUTH);
    meiro_maze_carve(m, 0, 1, MEIRO_EAST);
    meiro_maze_carve(m, 2, 0, MEIRO_SOUTH);
    CHECK_INT(meiro_maze_is_perfect(m, &perfect, NULL), MEIRO_OK);
    CHECK(!perfect);
    meiro_maze *c = meiro_maze_clone(m, NULL);
    CHECK(c && meiro_maze_equal(m, c));
    meiro_maze_carve(c, 1, 1, MEIRO_EAST);
    CHECK(!meiro_maze_equal(m, c));
    meiro_maze_free(c);
    meiro_maze_free(m);
}

static void test_strerror(void)
{
    /* every status has its own message: the table and the enum agree */
    verdict own = {0}, distinct = {0};
    for (int s = 0; s < MEIRO_STATUS_COUNT; s++) {
        const char *a = meiro_strerror((meiro_status)s);
        verdict_note(&own, a && *a && strcmp(a, "unknown status") != 0, "status %d: \"%s\"", s,
                     a ? a : "(null)");
        for (int t = 0; t < s && a; t++)
            verdict_note(&distinct, strcmp(a, meiro_strerror((meiro_status)t)) != 0,
                         "statuses %d and %d: \"%s\"", t, s, a);
    }
    CHECK_ALL(own);
    CHECK_ALL(distinct);
    CHECK_STR(meiro_strerror(MEIRO_STATUS_COUNT), "unknown status");
    CHECK_STR(meiro_version(), MEIRO_VERSION);
}

/* The maze turned or mirrored by hand (through the public API): transposed
 * when swap, then flipped left-right (fx) and top-bottom (fy). */
static meiro_maze *turned(const meiro_maze *m, bool swap, bool fx, bool fy)
{
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    meiro_maze *t = meiro_maze_new(swap ? h : w, swap ? w : h, NULL);
    for (uint32_t y = 0; t && y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int d = MEIRO_EAST; d <= MEIRO_SOUTH; d++) {
                uint32_t nx = x + (d == MEIRO_EAST), ny = y + (d == MEIRO_SOUTH);
                if (nx >= w || ny >= h || !meiro_maze_is_open(m, x, y, (meiro_dir)d)) continue;
                uint32_t a0 = fx ? w - 1 - x : x, b0 = fy ? h - 1 - y : y;
                uint32_t a1 = fx ? w - 1 - nx : nx, b1 = fy ? h - 1 - ny : ny;
                uint32_t x0 = swap ? b0 : a0, y0 = swap ? a0 : b0;
                uint32_t x1 = swap ? b1 : a1, y1 = swap ? a1 : b1;
                meiro_dir to = x1 > x0 ? MEIRO_EAST : x1 < x0 ? MEIRO_WEST
                               : y1 > y0 ? MEIRO_SOUTH : MEIRO_NORTH;
                meiro_maze_carve(t, x0, y0, to);
            }
    return t;
}

/* The fingerprint a series ledger keeps: the same under the eight turns
 * and mirrorings, different between mazes, changed by one wall. */
static void test_fingerprint(void)
{
    verdict same = {0}, differ = {0};
    enum { SEEDS = 300 };
    static uint64_t seen[SEEDS];
    const char *algorithms[] = {"cluster", "backtracker", "prim", "kruskal", "eller"};
    for (unsigned k = 0; k < SEEDS; k++) {
        meiro_generate_options o;
        meiro_generate_options_init(&o);
        o.width = 5 + k % 13;
        o.height = 4 + k % 7 * 3;
        o.seed = 1000 + k;
        o.algorithm = algorithms[k % 5];
        meiro_maze *m = meiro_generate(&o, NULL);
        CHECK(m != NULL);
        if (!m) return;
        uint64_t fp = seen[k] = meiro_maze_fingerprint(m);
        for (unsigned t = 1; t < 8; t++) {
            meiro_maze *r = turned(m, t & 4, t & 1, t & 2);
            verdict_note(&same, r && meiro_maze_fingerprint(r) == fp,
                         "%ux%u seed %u: symmetry %u has another fingerprint", o.width, o.height,
                         k, t);
            meiro_maze_free(r);
        }
        for (unsigned j = 0; j < k; j++)
            verdict_note(&differ, seen[j] != fp, "mazes %u and %u: one fingerprint", j, k);
        /* one more passage: another maze */
        bool carved = false;
        for (uint32_t i = 0; !carved && i < o.width * o.height; i++) {
            uint32_t x = i % o.width, y = i / o.width;
            if (x + 1 < o.width && !meiro_maze_is_open(m, x, y, MEIRO_EAST))
                carved = meiro_maze_carve(m, x, y, MEIRO_EAST) == MEIRO_OK;
        }
        verdict_note(&differ, meiro_maze_fingerprint(m) != fp, "seed %u: a wall changed nothing",
                     k);
        meiro_maze_free(m);
    }
    CHECK_ALL(same);
    CHECK_ALL(differ);
}

/* A symmetry of a polar, hex or triangle grid, by hand: cell (x, y) of a
 * row of n cells in a grid of w x h to where it goes. */
typedef meiro_cell (*cell_map)(meiro_cell c, uint32_t n, uint32_t w, uint32_t h, unsigned k);

static meiro_cell polar_turn(meiro_cell c, uint32_t n, uint32_t w, uint32_t h, unsigned k)
{
    (void)w, (void)h;
    if (c.y == 0) return c;
    uint32_t x = k >= 6 ? n - 1 - c.x : c.x; /* mirrored, then turned k sixths */
    return (meiro_cell){(x + k % 6 * (n / 6)) % n, c.y};
}

static meiro_cell flip_lr(meiro_cell c, uint32_t n, uint32_t w, uint32_t h, unsigned k)
{
    (void)n, (void)h, (void)k;
    return (meiro_cell){w - 1 - c.x, c.y};
}

static meiro_cell flip_tb(meiro_cell c, uint32_t n, uint32_t w, uint32_t h, unsigned k)
{
    (void)n, (void)w, (void)k;
    return (meiro_cell){c.x, h - 1 - c.y};
}

static meiro_cell half_turn(meiro_cell c, uint32_t n, uint32_t w, uint32_t h, unsigned k)
{
    (void)n, (void)k;
    return (meiro_cell){w - 1 - c.x, h - 1 - c.y};
}

typedef struct grid_move {
    cell_map f;
    unsigned k;
    bool applies;
} grid_move;

/* The maze m moved by f: every open side of a cell opened between the
 * images of the cell and its neighbour (NULL if they are not neighbours). */
static meiro_maze *moved(const meiro_maze *m, cell_map f, unsigned k)
{
    meiro_grid grid = meiro_maze_grid(m);
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    meiro_maze *r = meiro_maze_new_grid(grid, w, h, NULL);
    for (uint32_t y = 0; r && y < h; y++) {
        uint32_t n = meiro_maze_row_width(m, y);
        for (uint32_t x = 0; x < n; x++) {
            meiro_cell c = {x, y}, next;
            for (unsigned s = 0; s < meiro_maze_sides(m, c); s++) {
                if (!meiro_maze_side_open(m, c, s) || !meiro_maze_neighbour(m, c, s, &next))
                    continue;
                meiro_cell a = f(c, n, w, h, k),
                           b = f(next, meiro_maze_row_width(m, next.y), w, h, k), there;
                bool found = false;
                for (unsigned t = 0; !found && t < meiro_maze_sides(r, a); t++)
                    if (meiro_maze_neighbour(r, a, t, &there) && there.x == b.x && there.y == b.y)
                        found = meiro_maze_set_side(r, a, t, true) == MEIRO_OK;
                if (!found) {
                    meiro_maze_free(r);
                    return NULL;
                }
            }
        }
    }
    return r;
}

/* Polar, hex and triangle: a maze turned or mirrored by hand has the
 * fingerprint of the maze (polar: by sixths of a turn and mirrored; hex:
 * mirrored left-right on an odd width, turned half on an even one;
 * triangle: left-right on an odd width, top-bottom on an even height,
 * turned half when width + height is odd), and no two mazes share one. */
static void test_fingerprint_grids(void)
{
    verdict same = {0}, differ = {0};
    enum { SEEDS = 60 };
    static uint64_t seen[3][SEEDS];
    for (meiro_grid grid = MEIRO_GRID_POLAR; grid <= MEIRO_GRID_TRIANGLE; grid++)
        for (unsigned k = 0; k < SEEDS; k++) {
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.grid = grid;
            o.width = 4 + k % 9;
            o.height = grid == MEIRO_GRID_POLAR ? 3 + k % 6 : 3 + k % 7;
            o.seed = 500 + k;
            meiro_maze *m = meiro_generate(&o, NULL);
            CHECK(m != NULL);
            if (!m) return;
            uint64_t fp = seen[grid - 1][k] = meiro_maze_fingerprint(m);
            uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
            grid_move moves[14];
            unsigned count = 0;
            if (grid == MEIRO_GRID_POLAR)
                for (unsigned t = 1; t < 12; t++) moves[count++] = (grid_move){polar_turn, t, true};
            if (grid == MEIRO_GRID_HEX) {
                moves[count++] = (grid_move){flip_lr, 0, w % 2 == 1};
                moves[count++] = (grid_move){half_turn, 0, w % 2 == 0};
            }
            if (grid == MEIRO_GRID_TRIANGLE) {
                moves[count++] = (grid_move){flip_lr, 0, w % 2 == 1};
                moves[count++] = (grid_move){flip_tb, 0, h % 2 == 0};
                moves[count++] = (grid_move){half_turn, 0, (w + h) % 2 == 1};
            }
            for (unsigned t = 0; t < count; t++) {
                if (!moves[t].applies) continue;
                meiro_maze *r = moved(m, moves[t].f, moves[t].k);
                verdict_note(&same, r && meiro_maze_fingerprint(r) == fp,
                             "%s %ux%u seed %u: move %u %s", meiro_grid_name(grid), w, h, k, t,
                             r ? "has another fingerprint" : "is no symmetry");
                meiro_maze_free(r);
            }
            for (unsigned j = 0; j < k; j++)
                verdict_note(&differ, seen[grid - 1][j] != fp, "%s mazes %u and %u: one fingerprint",
                             meiro_grid_name(grid), j, k);
            meiro_maze_free(m);
        }
    CHECK_ALL(same);
    CHECK_ALL(differ);
}

static const test_case cases[] = {
    {"limits", test_limits},
    {"walls", test_walls},
    {"perfect", test_perfect},
    {"strerror", test_strerror},
    {"fingerprint", test_fingerprint},
    {"fingerprint-grids", test_fingerprint_grids},
};

int main(int argc, char **argv) { return test_main("maze", argc, argv, cases, TEST_COUNT(cases)); }
