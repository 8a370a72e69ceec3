/* A maze a small child can do: for each age, rectangles, shapes, names and
 * round and hex mazes keep the age's smallest cell on the printed page,
 * have S and G far apart (the solution at least a third of the longest way
 * in the maze, never neighbours), and names fill the page, wrapped whole.
 * Every maze is made the way `meiro generate --age N` makes it: the level,
 * the page resolved, the name set for the level, the options resolved.
 * Public API only. */
#include "harness.h"
#include "meiro.h"

#include <math.h>

static const unsigned ages[] = {4, 6, 9};
static const char *const names[] = {"Hana", "I", "A", "Alexander", "Mary Jane", "はな"};
enum { SEEDS = 4 };

/* Whether two cells are neighbours on the maze's grid (wall or not). */
static bool neighbours(const meiro_maze *m, meiro_cell a, meiro_cell b)
{
    unsigned sides = meiro_maze_sides(m, a);
    for (unsigned k = 0; k < sides; k++) {
        meiro_cell n;
        if (meiro_maze_neighbour(m, a, k, &n) && n.x == b.x && n.y == b.y) return true;
    }
    return false;
}

/* S and G far apart: not neighbours, the solution (cells) at least a third
 * of the longest way. Notes the maze in v, named by `what`. */
static void note_far(verdict *v, const meiro_maze *m, const char *what)
{
    meiro_stats st;
    meiro_error err = {0};
    bool ok = meiro_stats_compute(m, &st, &err) == MEIRO_OK;
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    verdict_note(v, ok && !neighbours(m, s, g) && st.solution * 3 >= st.longest && st.solution >= 3,
                 "%s: S (%u,%u) G (%u,%u), solution %llu of longest %llu%s", what, s.x, s.y, g.x, g.y,
                 (unsigned long long)st.solution, (unsigned long long)st.longest, ok ? "" : err.message);
}

/* What the command line does without a level: names at their own height,
 * a heart at its square, polar and hex at their defaults; S and G far
 * apart in each. (Main before the change: `I` had a 4-cell solution, a
 * polar maze S in the centre and G straight out.) */
static void test_ends_far(void)
{
    verdict far = {0};
    for (unsigned seed = 1; seed <= SEEDS; seed++) {
        for (size_t k = 0; k < TEST_COUNT(names); k++) {
            uint8_t *mask = NULL;
            meiro_text_info info;
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.seed = seed;
            bool ok = meiro_text_mask(names[k], NULL, 0, &mask, &info, NULL) == MEIRO_OK &&
                      meiro_generate_options_resolve(&o, 0, &(meiro_maze_sources){.text = &info}, NULL) == MEIRO_OK;
            o.mask = mask;
            meiro_maze *m = ok ? meiro_generate(&o, NULL) : NULL;
            char what[64];
            snprintf(what, sizeof what, "%s seed %u", names[k], seed);
            if (m) note_far(&far, m, what);
            else verdict_note(&far, false, "%s: not made", what);
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
        for (int g = 0; g < 3; g++) {
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.seed = seed;
            o.grid = g == 0 ? MEIRO_GRID_POLAR : g == 1 ? MEIRO_GRID_HEX : MEIRO_GRID_RECT;
            meiro_generate_options_resolve(&o, 0, &(meiro_maze_sources){.shape = g == 2}, NULL);
            uint8_t *mask = NULL;
            if (g == 2 && meiro_shape_mask("heart", o.width, o.height, &mask, NULL) != MEIRO_OK) continue;
            o.mask = mask;
            meiro_maze *m = meiro_generate(&o, NULL);
            char what[64];
            snprintf(what, sizeof what, "%s seed %u", g == 0 ? "polar" : g == 1 ? "hex" : "heart", seed);
            if (m) note_far(&far, m, what);
            else verdict_note(&far, false, "%s: not made", what);
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
    }
    CHECK_ALL(far);
}

/* The kinds of maze of the matrix: a rectangle, a heart, each name, a
 * polar and a hex maze. */
enum { KIND_RECT, KIND_HEART, KIND_POLAR, KIND_HEX, KIND_NAME };
#define KINDS (KIND_NAME + TEST_COUNT(names))

static const char *kind_name(size_t k)
{
    static const char *const fixed[] = {"rect", "heart", "polar", "hex"};
    return k < KIND_NAME ? fixed[k] : names[k - KIND_NAME];
}

/* One maze of the matrix, made as `meiro generate --age AGE -o x.pdf`
 * makes it on the default page; its cell on the page into *cell. NULL
 * when it could not be made (the error in *err). */
static meiro_maze *child_maze(unsigned age, size_t kind, uint64_t seed, const meiro_export_options *page,
                              double *cell, meiro_error *err)
{
    meiro_level level;
    if (meiro_level_for_age(age, &level, err) != MEIRO_OK) return NULL;
    const meiro_level_desc *l = meiro_level_info(level);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.seed = seed;
    o.grid = kind == KIND_POLAR ? MEIRO_GRID_POLAR : kind == KIND_HEX ? MEIRO_GRID_HEX : MEIRO_GRID_RECT;
    uint8_t *mask = NULL;
    meiro_text_info info;
    meiro_maze *m = NULL;
    if (kind >= KIND_NAME &&
        meiro_text_mask_for_level(names[kind - KIND_NAME], NULL, l, MEIRO_FORMAT_PDF, page, &mask, &info, NULL, err) !=
            MEIRO_OK)
        return NULL;
    meiro_maze_sources src = {.level = l, .shape = kind == KIND_HEART, .text = kind >= KIND_NAME ? &info : NULL};
    if (meiro_generate_options_resolve(&o, 0, &src, err) == MEIRO_OK &&
        (kind != KIND_HEART || meiro_shape_mask("heart", o.width, o.height, &mask, err) == MEIRO_OK) &&
        meiro_export_grid_cell_mm(o.grid, o.width, o.height, MEIRO_FORMAT_PDF, page, cell, err) == MEIRO_OK) {
        o.mask = mask;
        m = meiro_generate(&o, err);
    }
    meiro_mask_free(mask);
    return m;
}

/* For every age x {rect, heart, the names, polar, hex}: the cell on the
 * page at least the age's smallest (10 mm at 4-5), S and G far apart. */
static void test_ages(void)
{
    meiro_export_options page;
    meiro_export_options_init(&page);
    meiro_export_options_resolve(&page, 0, NULL);
    verdict cells = {0}, far = {0};
    for (size_t a = 0; a < TEST_COUNT(ages); a++) {
        meiro_level level;
        meiro_level_for_age(ages[a], &level, NULL);
        double least = meiro_level_info(level)->cell_mm;
        for (size_t k = 0; k < KINDS; k++) {
            for (uint64_t seed = 1; seed <= (k >= KIND_NAME ? 2 : SEEDS); seed++) {
                double cell = 0;
                meiro_error err = {0};
                meiro_maze *m = child_maze(ages[a], k, seed, &page, &cell, &err);
                char what[96];
                snprintf(what, sizeof what, "age %u %s seed %llu", ages[a], kind_name(k), (unsigned long long)seed);
                verdict_note(&cells, m && cell >= least - 1e-9, "%s: cell %.2f mm, at least %g%s%s", what, cell,
                             least, m ? "" : ": ", m ? "" : err.message);
                if (m) note_far(&far, m, what);
                meiro_maze_free(m);
            }
        }
    }
    CHECK_ALL(cells);
    CHECK_ALL(far);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {{"ends_far", test_ends_far}, {"ages", test_ages}};
    return test_main("child", argc, argv, cases, TEST_COUNT(cases));
}
