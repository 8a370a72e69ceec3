/* Which option wins: meiro_generate_options_resolve's order, source against
 * source (given, text, shape, grid, level, template, the defaults), and
 * meiro_export_options_resolve's; and the field of every error about an
 * option, which front ends name their own controls by. Public API only. */
#include "harness.h"
#include "meiro.h"

#include <math.h>

/* A text's mask as meiro_text_mask describes it, for the text step. */
static const meiro_text_info hana = {
    .width = 40, .height = 13, .letters = 4, .first = {2, 6}, .last = {37, 6}};

static meiro_template *load(const char *name)
{
    meiro_template *t = meiro_template_load(name, NULL);
    CHECK_MSG(t != NULL, "template %s", name);
    return t;
}

/* Resolves with the given settings of `given` over `src`. */
static meiro_status resolve(meiro_generate_options *o, unsigned given,
                            const meiro_maze_sources *src, meiro_error *err)
{
    meiro_error none = {0};
    return meiro_generate_options_resolve(o, given, src, err ? err : &none);
}

static bool same_cell(meiro_cell a, meiro_cell b) { return a.x == b.x && a.y == b.y; }

/* Steps 5-7: a level over a template over the defaults, each setting. */
static void test_level_template_defaults(void)
{
    meiro_template *kids = load("kids-a4"); /* [maze] 7 x 9, dig, border */
    const meiro_level_desc *hard = meiro_level_info(MEIRO_LEVEL_HARD);
    meiro_generate_options o, d;
    meiro_generate_options_init(&d);
    meiro_generate_options_init(&o);
    CHECK(resolve(&o, 0, NULL, NULL) == MEIRO_OK);
    CHECK(o.width == d.width && o.height == d.height && !o.algorithm && o.ends == d.ends);
    meiro_generate_options_init(&o);
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.tpl = kids}, NULL) == MEIRO_OK);
    CHECK(o.width == 7 && o.height == 9 && !strcmp(o.algorithm, "dig") &&
          o.ends == MEIRO_ENDS_BORDER);
    meiro_generate_options_init(&o);
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.tpl = kids, .level = hard}, NULL) == MEIRO_OK);
    CHECK(o.width == 20 && o.height == 28 && !strcmp(o.algorithm, "wall") &&
          o.ends == MEIRO_ENDS_BORDER);
    /* a template without [maze]: the defaults, not its page's paper */
    meiro_template *a5 = load("booklet-a5");
    meiro_generate_options_init(&o);
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.tpl = a5}, NULL) == MEIRO_OK);
    CHECK(o.width == d.width && o.height == d.height && !o.algorithm);
    meiro_template_free(a5);
    meiro_template_free(kids);
}

/* Step 1: each setting given wins over a level and a template, alone;
 * the others keep theirs; settings without other sources are kept. */
static void test_given_wins(void)
{
    meiro_template *kids = load("kids-a4");
    meiro_maze_sources sources[] = {{.tpl = kids},
                                    {.level = meiro_level_info(MEIRO_LEVEL_EXPERT)},
                                    {.tpl = kids, .level = meiro_level_info(MEIRO_LEVEL_NORMAL)}};
    verdict v = {0};
    for (size_t s = 0; s < sizeof sources / sizeof sources[0]; s++) {
        meiro_generate_options base;
        meiro_generate_options_init(&base);
        resolve(&base, 0, &sources[s], NULL);
        for (unsigned given = 0; given < 16; given++) {
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.width = 3, o.height = 4, o.algorithm = "prim", o.ends = MEIRO_ENDS_CELLS;
            o.start = (meiro_cell){0, 1}, o.goal = (meiro_cell){2, 3};
            o.seed = 77, o.loops = 9, o.bias = 0.25, o.no_bridges = true;
            bool ok = resolve(&o, given, &sources[s], NULL) == MEIRO_OK;
            ok = ok && o.width == (given & MEIRO_GIVEN_WIDTH ? 3 : base.width);
            ok = ok && o.height == (given & MEIRO_GIVEN_HEIGHT ? 4 : base.height);
            ok =
                ok && !strcmp(o.algorithm, given & MEIRO_GIVEN_ALGORITHM ? "prim" : base.algorithm);
            ok = ok && o.ends == (given & MEIRO_GIVEN_ENDS ? MEIRO_ENDS_CELLS : base.ends);
            ok = ok && (!(given & MEIRO_GIVEN_ENDS) || (same_cell(o.start, (meiro_cell){0, 1}) &&
                                                        same_cell(o.goal, (meiro_cell){2, 3})));
            ok = ok && o.seed == 77 && o.loops == 9 && o.bias == 0.25 && o.no_bridges;
            verdict_note(&v, ok, "sources %zu, given %#x", s, given);
        }
    }
    CHECK_ALL(v);
    meiro_template_free(kids);
}

/* Step 3: a shape squares the size below it (not one given), picks a
 * generator that takes a shape (not one given), and turns border ends
 * (not given ones) farthest; the mazes are made. */
static void test_shape(void)
{
    meiro_template *kids = load("kids-a4");
    verdict made = {0}, sized = {0};
    for (int l = -1; l < MEIRO_LEVEL_COUNT; l++) {
        for (int t = 0; t < 2; t++) {
            meiro_maze_sources src = {.tpl = t ? kids : NULL,
                                      .level = l < 0 ? NULL : meiro_level_info((meiro_level)l),
                                      .shape = true};
            meiro_generate_options below, o;
            meiro_generate_options_init(&below);
            resolve(&below, 0, &(meiro_maze_sources){.tpl = src.tpl, .level = src.level}, NULL);
            meiro_generate_options_init(&o);
            o.seed = 3;
            bool ok = resolve(&o, 0, &src, NULL) == MEIRO_OK;
            double side = floor(sqrt(1.6 * below.width * below.height) + 0.5);
            verdict_note(&sized,
                         ok && o.width == o.height && o.width == (side < 12 ? 12 : side) &&
                             o.ends != MEIRO_ENDS_BORDER,
                         "level %d template %d: %ux%u", l, t, o.width, o.height);
            uint8_t *mask = NULL;
            ok = ok && meiro_shape_mask("heart", o.width, o.height, &mask, NULL) == MEIRO_OK;
            o.mask = mask;
            meiro_maze *m = ok ? meiro_generate(&o, NULL) : NULL;
            verdict_note(&made, m != NULL, "level %d template %d: %s", l, t,
                         o.algorithm ? o.algorithm : "cluster");
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
    }
    CHECK_ALL(sized);
    CHECK_ALL(made);
    /* given > shape: a width given is not squared, a generator and ends given stay */
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 16, o.algorithm = "eller", o.ends = MEIRO_ENDS_BORDER;
    meiro_maze_sources src = {.tpl = kids, .shape = true};
    CHECK(resolve(&o, MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_ALGORITHM | MEIRO_GIVEN_ENDS, &src, NULL) ==
          MEIRO_OK);
    CHECK(o.width == 16 && o.height == 9 && !strcmp(o.algorithm, "eller") &&
          o.ends == MEIRO_ENDS_BORDER);
    /* shape > template: the template's border ends and dig, the size squared */
    meiro_generate_options_init(&o);
    CHECK(resolve(&o, 0, &src, NULL) == MEIRO_OK);
    CHECK(o.width == 12 && o.height == 12 && !strcmp(o.algorithm, "dig") &&
          o.ends == MEIRO_ENDS_FARTHEST);
    /* a level whose generator takes no shape: dig, unless one is given */
    const meiro_level_desc rows = {
        .width = 20, .height = 28, .algorithm = "eller", .ends = MEIRO_ENDS_CORNERS};
    meiro_generate_options_init(&o);
    src = (meiro_maze_sources){.level = &rows, .shape = true};
    CHECK(resolve(&o, 0, &src, NULL) == MEIRO_OK && !strcmp(o.algorithm, "dig") && o.width == 30);
    o.algorithm = "eller";
    CHECK(resolve(&o, MEIRO_GIVEN_ALGORITHM, &src, NULL) == MEIRO_OK &&
          !strcmp(o.algorithm, "eller"));
    meiro_template_free(kids);
}

/* Step 2: a text's grid over everything but a width given (refused) and
 * ends given; S and G in its first and last letter. */
static void test_text(void)
{
    meiro_template *kids = load("kids-a4");
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    meiro_maze_sources src = {
        .tpl = kids, .level = meiro_level_info(MEIRO_LEVEL_HARD), .text = &hana};
    o.height = 5; /* the height the text was drawn at: its grid is what counts */
    CHECK(resolve(&o, MEIRO_GIVEN_HEIGHT, &src, NULL) == MEIRO_OK);
    CHECK(o.width == 40 && o.height == 13 && o.ends == MEIRO_ENDS_PIECES);
    CHECK(same_cell(o.start, hana.first) && same_cell(o.goal, hana.last));
    CHECK(!strcmp(o.algorithm, "wall")); /* the level's: a text has no say */
    meiro_generate_options_init(&o);
    o.ends = MEIRO_ENDS_FARTHEST;
    CHECK(resolve(&o, MEIRO_GIVEN_ENDS, &src, NULL) == MEIRO_OK && o.ends == MEIRO_ENDS_FARTHEST &&
          o.width == 40);
    /* refused, *opt unchanged: a width with a text, a text with a shape, a text off the rect grid */
    meiro_error err = {0};
    meiro_generate_options_init(&o);
    o.width = 30;
    CHECK(resolve(&o, MEIRO_GIVEN_WIDTH, &src, &err) == MEIRO_ERROR_ARGUMENT &&
          err.field == MEIRO_FIELD_WIDTH);
    CHECK(o.width == 30 && o.height == 15);
    src.shape = true;
    CHECK(resolve(&o, 0, &src, &err) == MEIRO_ERROR_ARGUMENT && err.field == MEIRO_FIELD_TEXT);
    src.shape = false;
    o.grid = MEIRO_GRID_HEX;
    CHECK(resolve(&o, 0, &src, &err) == MEIRO_ERROR_ARGUMENT && err.field == MEIRO_FIELD_TEXT);
    src = (meiro_maze_sources){.shape = true};
    CHECK(resolve(&o, 0, &src, &err) == MEIRO_ERROR_ARGUMENT && err.field == MEIRO_FIELD_SHAPE);
    meiro_template_free(kids);
}

/* Step 4: a level's or template's rectangle on another grid, as booklets
 * make them; the defaults and settings given stay as they are. Every
 * level on every grid is made. */
static void test_grid(void)
{
    meiro_template *kids = load("kids-a4");
    const meiro_level_desc *hard = meiro_level_info(MEIRO_LEVEL_HARD);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.grid = MEIRO_GRID_POLAR;
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.level = hard}, NULL) == MEIRO_OK);
    CHECK(o.height == 13 && !strcmp(o.algorithm, "hunt-and-kill") && o.ends == MEIRO_ENDS_CENTER);
    meiro_generate_options_init(&o);
    o.grid = MEIRO_GRID_POLAR;
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.tpl = kids}, NULL) == MEIRO_OK);
    CHECK(o.height == 4 && !strcmp(o.algorithm, "dig") && o.ends == MEIRO_ENDS_CENTER);
    meiro_generate_options_init(&o);
    o.grid = MEIRO_GRID_TRIANGLE;
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.level = hard}, NULL) == MEIRO_OK);
    CHECK(o.width == 40 && o.height == 28 && o.ends == MEIRO_ENDS_BORDER);
    meiro_generate_options_init(&o);
    o.grid = MEIRO_GRID_HEX;
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.level = hard}, NULL) == MEIRO_OK && o.width == 20 &&
          o.height == 28);
    /* the defaults and what is given are no rectangle's: kept (but a round maze leads into its centre) */
    meiro_generate_options_init(&o);
    o.grid = MEIRO_GRID_POLAR;
    CHECK(resolve(&o, 0, NULL, NULL) == MEIRO_OK && o.height == 15 && o.ends == MEIRO_ENDS_CENTER &&
          !o.algorithm);
    o.height = 9, o.algorithm = "wall", o.ends = MEIRO_ENDS_FARTHEST;
    CHECK(resolve(&o, MEIRO_GIVEN_HEIGHT | MEIRO_GIVEN_ALGORITHM | MEIRO_GIVEN_ENDS,
                  &(meiro_maze_sources){.level = hard}, NULL) == MEIRO_OK);
    CHECK(o.height == 9 && !strcmp(o.algorithm, "wall") && o.ends == MEIRO_ENDS_FARTHEST);
    verdict made = {0};
    for (unsigned g = MEIRO_GRID_POLAR; g < MEIRO_GRID_COUNT; g++)
        for (unsigned l = 0; l < MEIRO_LEVEL_COUNT; l++) {
            meiro_generate_options_init(&o);
            o.grid = (meiro_grid)g;
            o.seed = l;
            resolve(&o, 0,
                    &(meiro_maze_sources){.tpl = kids, .level = meiro_level_info((meiro_level)l)},
                    NULL);
            meiro_maze *m = meiro_generate(&o, NULL);
            verdict_note(&made, m != NULL, "%s level %u", meiro_grid_name((meiro_grid)g), l);
            meiro_maze_free(m);
        }
    CHECK_ALL(made);
    meiro_template_free(kids);
}

/* Where S and G go, source against source: a shape's corners and border
 * become farthest, a text's the ends of the way between its first and last
 * letter, a round maze's the centre whatever placed them; ends given win
 * over each. A level on a polar grid is the booklet's round maze (easy: 4
 * rings). */
static void test_ends_sources(void)
{
    meiro_template *kids = load("kids-a4"); /* border ends */
    verdict v = {0};
    for (int l = -1; l < MEIRO_LEVEL_COUNT; l++) {
        for (int t = 0; t < 2; t++) {
            const meiro_level_desc *level = l < 0 ? NULL : meiro_level_info((meiro_level)l);
            const meiro_template *tpl = t ? kids : NULL;
            for (unsigned given = 0; given < 2; given++) {
                meiro_generate_options o;
                /* a shape */
                meiro_generate_options_init(&o);
                o.ends = MEIRO_ENDS_CORNERS;
                bool ok = resolve(&o, given ? MEIRO_GIVEN_ENDS : 0,
                                  &(meiro_maze_sources){.tpl = tpl, .level = level, .shape = true},
                                  NULL) == MEIRO_OK;
                verdict_note(&v, ok && o.ends == (given ? MEIRO_ENDS_CORNERS : MEIRO_ENDS_FARTHEST),
                             "shape level %d template %d given %u: ends %d", l, t, given, o.ends);
                /* a text */
                meiro_generate_options_init(&o);
                o.ends = MEIRO_ENDS_BORDER;
                ok = resolve(&o, given ? MEIRO_GIVEN_ENDS : 0,
                             &(meiro_maze_sources){.tpl = tpl, .level = level, .text = &hana},
                             NULL) == MEIRO_OK;
                verdict_note(&v,
                             ok && (given ? o.ends == MEIRO_ENDS_BORDER
                                          : o.ends == MEIRO_ENDS_PIECES &&
                                                same_cell(o.start, hana.first) &&
                                                same_cell(o.goal, hana.last)),
                             "text level %d template %d given %u: ends %d", l, t, given, o.ends);
                /* a round maze */
                meiro_generate_options_init(&o);
                o.grid = MEIRO_GRID_POLAR;
                o.ends = MEIRO_ENDS_FARTHEST;
                ok = resolve(&o, given ? MEIRO_GIVEN_ENDS : 0,
                             &(meiro_maze_sources){.tpl = tpl, .level = level}, NULL) == MEIRO_OK;
                verdict_note(&v, ok && o.ends == (given ? MEIRO_ENDS_FARTHEST : MEIRO_ENDS_CENTER),
                             "polar level %d template %d given %u: ends %d", l, t, given, o.ends);
            }
        }
    }
    CHECK_ALL(v);
    /* the booklet's easy round maze: 6 x 8 cells as rings */
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.grid = MEIRO_GRID_POLAR;
    CHECK(resolve(&o, 0, &(meiro_maze_sources){.level = meiro_level_info(MEIRO_LEVEL_EASY)},
                  NULL) == MEIRO_OK);
    CHECK_INT(o.height, 4);
    meiro_template_free(kids);
}

/* The page: each of paper, orientation and margin given wins over the
 * template's, else the template's, else the defaults; the rest stays. */
static void test_page(void)
{
    meiro_template *a5 = load("booklet-a5"); /* a5, portrait, margin 12 */
    meiro_export_options d;
    meiro_export_options_init(&d);
    verdict v = {0};
    for (unsigned given = 0; given < 8; given++) {
        for (int t = 0; t < 2; t++) {
            meiro_export_options o;
            meiro_export_options_init(&o);
            o.paper = MEIRO_PAPER_A3, o.orientation = MEIRO_ORIENT_LANDSCAPE, o.margin_mm = 7,
            o.dpi = 99;
            o.title = "T";
            meiro_export_options_resolve(&o, given, t ? a5 : NULL);
            meiro_paper paper = given & MEIRO_GIVEN_PAPER ? MEIRO_PAPER_A3
                                : t                       ? MEIRO_PAPER_A5
                                                          : d.paper;
            meiro_orientation orient = given & MEIRO_GIVEN_ORIENTATION ? MEIRO_ORIENT_LANDSCAPE
                                       : t                             ? MEIRO_ORIENT_PORTRAIT
                                                                       : d.orientation;
            double margin = given & MEIRO_GIVEN_MARGIN ? 7 : t ? 12 : d.margin_mm;
            verdict_note(&v,
                         o.paper == paper && o.orientation == orient && o.margin_mm == margin &&
                             o.tpl == (t ? a5 : NULL) && o.dpi == 99 && !strcmp(o.title, "T"),
                         "given %#x template %d", given, t);
        }
    }
    CHECK_ALL(v);
    meiro_template_free(a5);
    /* answers asked by the options themselves, not by a template */
    meiro_export_options o;
    meiro_export_options_init(&o);
    CHECK(!meiro_answers_asked(&o));
    o.answer_page = true;
    CHECK(meiro_answers_asked(&o));
    o.answers = MEIRO_ANSWERS_NONE;
    CHECK(!meiro_answers_asked(&o));
    o.answers = MEIRO_ANSWERS_KEY;
    CHECK(meiro_answers_asked(&o));
}

/* The fields' names: one each, stable, none for MEIRO_FIELD_NONE. */
static void test_field_names(void)
{
    verdict v = {0};
    for (unsigned f = 1; f < MEIRO_FIELD_COUNT; f++) {
        const char *name = meiro_field_name((meiro_field)f);
        bool ok = name && name[0];
        for (unsigned g = 1; ok && g < f; g++)
            ok = strcmp(name, meiro_field_name((meiro_field)g)) != 0;
        verdict_note(&v, ok, "field %u", f);
    }
    CHECK_ALL(v);
    CHECK_STR(meiro_field_name(MEIRO_FIELD_NONE), "");
    CHECK_STR(meiro_field_name(MEIRO_FIELD_CELL), "cell_mm");
    CHECK(meiro_field_name(MEIRO_FIELD_COUNT) == NULL);
}

/* A status and a field, as a failing call left them. */
static bool failed(meiro_status s, const meiro_error *err, meiro_field field)
{
    return s != MEIRO_OK && err->status == s && err->field == field && err->message[0];
}

/* meiro_generate's errors about an option. */
static void test_generate_fields(void)
{
    static const uint8_t split[] = {1, 0, 0, 1}; /* 2 x 2: two pieces */
    const struct {
        const char *what;
        meiro_field field;
        meiro_generate_options set;
    } cases[] = {
        {"unknown algorithm",
         MEIRO_FIELD_ALGORITHM,
         {.width = 5, .height = 5, .algorithm = "nope"}},
        {"loops", MEIRO_FIELD_LOOPS, {.width = 5, .height = 5, .loops = 101}},
        {"grid", MEIRO_FIELD_GRID, {.width = 5, .height = 5, .grid = (meiro_grid)9}},
        {"width 0", MEIRO_FIELD_WIDTH, {.width = 0, .height = 5}},
        {"height 0", MEIRO_FIELD_HEIGHT, {.width = 5, .height = 0}},
        {"width too big", MEIRO_FIELD_WIDTH, {.width = 70000, .height = 5}},
        {"height too big", MEIRO_FIELD_HEIGHT, {.width = 5, .height = 70000}},
        {"ends", MEIRO_FIELD_ENDS, {.width = 5, .height = 5, .ends = (meiro_ends)99}},
        {"start outside",
         MEIRO_FIELD_START,
         {.width = 5, .height = 5, .ends = MEIRO_ENDS_CELLS, .start = {5, 0}}},
        {"goal outside",
         MEIRO_FIELD_GOAL,
         {.width = 5, .height = 5, .ends = MEIRO_ENDS_CELLS, .goal = {0, 9}}},
        {"goal on start", MEIRO_FIELD_GOAL, {.width = 5, .height = 5, .ends = MEIRO_ENDS_CELLS}},
        {"polar goal",
         MEIRO_FIELD_GOAL,
         {.width = 1,
          .height = 3,
          .grid = MEIRO_GRID_POLAR,
          .ends = MEIRO_ENDS_CELLS,
          .goal = {0, 7}}},
        {"algorithm on grid",
         MEIRO_FIELD_ALGORITHM,
         {.width = 5, .height = 5, .algorithm = "wall", .grid = MEIRO_GRID_HEX}},
        {"algorithm on shape",
         MEIRO_FIELD_ALGORITHM,
         {.width = 2, .height = 2, .algorithm = "eller", .mask = split}},
        {"shape off rect",
         MEIRO_FIELD_GRID,
         {.width = 2, .height = 2, .grid = MEIRO_GRID_HEX, .mask = split}},
        {"shape in pieces",
         MEIRO_FIELD_NO_BRIDGES,
         {.width = 2, .height = 2, .mask = split, .no_bridges = true}},
        {"polar rings", MEIRO_FIELD_HEIGHT, {.width = 1, .height = 1, .grid = MEIRO_GRID_POLAR}},
        {"triangle width",
         MEIRO_FIELD_WIDTH,
         {.width = 1, .height = 3, .grid = MEIRO_GRID_TRIANGLE}},
        {"hex cells", MEIRO_FIELD_WIDTH, {.width = 1, .height = 1, .grid = MEIRO_GRID_HEX}},
    };
    verdict v = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        meiro_generate_options o = cases[i].set;
        o.bias = 0.5;
        meiro_error err = {0};
        meiro_maze *m = meiro_generate(&o, &err);
        verdict_note(&v, !m && err.field == cases[i].field && err.message[0], "%s: field %s (%s)",
                     cases[i].what, meiro_field_name(err.field), err.message);
        meiro_maze_free(m);
    }
    CHECK_ALL(v);
}

/* The lookups by name and the page's checks. */
static void test_option_fields(void)
{
    meiro_error e = {0};
    meiro_ends ends;
    meiro_grid grid;
    meiro_level level;
    meiro_paper paper;
    meiro_answers answers;
    meiro_format format;
    double w, h;
    CHECK(failed(meiro_ends_from_name("bordr", &ends, &e), &e, MEIRO_FIELD_ENDS));
    CHECK(failed(meiro_grid_from_name("polr", &grid, &e), &e, MEIRO_FIELD_GRID));
    CHECK(failed(meiro_level_from_name("insane", &level, &e), &e, MEIRO_FIELD_LEVEL));
    CHECK(failed(meiro_level_for_age(2, &level, &e), &e, MEIRO_FIELD_LEVEL));
    CHECK(failed(meiro_paper_from_name("a9", &paper, &e), &e, MEIRO_FIELD_PAPER));
    CHECK(failed(meiro_paper_parse("30x30", &paper, &w, &h, &e), &e, MEIRO_FIELD_PAPER));
    CHECK(failed(meiro_answers_from_name("kye", &answers, &e), &e, MEIRO_FIELD_ANSWERS));
    CHECK(failed(meiro_art_from_name("bunni", NULL, &e), &e, MEIRO_FIELD_ART));
    CHECK(failed(meiro_format_from_name("pfd", &format, &e), &e, MEIRO_FIELD_FORMAT));
    CHECK(failed(meiro_format_from_filename("maze.foo", MEIRO_FORMAT_TEXT, &format, &e), &e,
                 MEIRO_FIELD_FORMAT));
    CHECK(!meiro_template_load("no-such-template", &e) && e.field == MEIRO_FIELD_TEMPLATE);
    meiro_maze *m = meiro_maze_new(4, 4, NULL);
    meiro_path path = {0};
    CHECK(failed(meiro_solve(m, "bsf", &path, &e), &e, MEIRO_FIELD_SOLVER));
    meiro_maze_free(m);
    uint8_t *mask = NULL;
    CHECK(failed(meiro_shape_mask("hart", 12, 12, &mask, &e), &e, MEIRO_FIELD_SHAPE));
    CHECK(failed(meiro_shape_mask("heart", 0, 12, &mask, &e), &e, MEIRO_FIELD_WIDTH));
    CHECK(failed(meiro_text_mask("", NULL, 0, &mask, NULL, &e), &e, MEIRO_FIELD_TEXT));
    CHECK(failed(meiro_text_mask("HI", NULL, 1, &mask, NULL, &e), &e, MEIRO_FIELD_HEIGHT));
    /* a file that is not a picture is about the file, not an option */
    CHECK(meiro_shape_mask("no-such-file.svg", 12, 12, &mask, &e) == MEIRO_ERROR_IO);
    meiro_mask_free(mask);
}

/* The page's options, checked against a format and a 20 x 15 maze. */
static void set_kpp(meiro_export_options *o) { o->key_per_page = 5; }
static void set_title(meiro_export_options *o) { o->title = "caf\351"; }
static void set_lang(meiro_export_options *o) { o->lang = "xx"; }
static void set_paper(meiro_export_options *o) { o->paper_w_mm = o->paper_h_mm = 30; }
static void set_bleed(meiro_export_options *o) { o->bleed_mm = 30; }
static void set_gutter(meiro_export_options *o) { o->gutter_mm = 60; }
static void set_crop_bleed(meiro_export_options *o) { o->crop = true, o->bleed_mm = 3; }
static void set_crop_gutter(meiro_export_options *o) { o->crop = true, o->gutter_mm = 3; }
static void set_art(meiro_export_options *o) { o->art = "bunni"; }
static void set_cell(meiro_export_options *o) { o->cell_mm = 50; }
static void set_margin(meiro_export_options *o) { o->margin_mm = 100; }
static void set_dpi(meiro_export_options *o) { o->dpi = 10; }
static void set_answers(meiro_export_options *o) { o->answer_page = true; }
static void set_play(meiro_export_options *o) { o->play = true; }
static void set_small_bleed(meiro_export_options *o) { o->bleed_mm = 3; }
static void set_small_gutter(meiro_export_options *o) { o->gutter_mm = 3; }
static void set_custom(meiro_export_options *o) { o->paper_w_mm = 150, o->paper_h_mm = 150; }

static void test_export_fields(void)
{
    const struct {
        const char *what;
        meiro_field field;
        meiro_format format;
        void (*set)(meiro_export_options *);
    } cases[] = {
        {"key per page", MEIRO_FIELD_KEY_PER_PAGE, MEIRO_FORMAT_PDF, set_kpp},
        {"title", MEIRO_FIELD_TITLE, MEIRO_FORMAT_PDF, set_title},
        {"lang", MEIRO_FIELD_LANG, MEIRO_FORMAT_PDF, set_lang},
        {"paper", MEIRO_FIELD_PAPER, MEIRO_FORMAT_PDF, set_paper},
        {"bleed", MEIRO_FIELD_BLEED, MEIRO_FORMAT_PDF, set_bleed},
        {"gutter", MEIRO_FIELD_GUTTER, MEIRO_FORMAT_PDF, set_gutter},
        {"crop with bleed", MEIRO_FIELD_BLEED, MEIRO_FORMAT_PDF, set_crop_bleed},
        {"crop with gutter", MEIRO_FIELD_GUTTER, MEIRO_FORMAT_PDF, set_crop_gutter},
        {"art", MEIRO_FIELD_ART, MEIRO_FORMAT_PDF, set_art},
        {"cell", MEIRO_FIELD_CELL, MEIRO_FORMAT_PDF, set_cell},
        {"margin", MEIRO_FIELD_MARGIN, MEIRO_FORMAT_PDF, set_margin},
        {"dpi", MEIRO_FIELD_DPI, MEIRO_FORMAT_PNG, set_dpi},
        {"answers on svg", MEIRO_FIELD_ANSWERS, MEIRO_FORMAT_SVG, set_answers},
        {"play on pdf", MEIRO_FIELD_PLAY, MEIRO_FORMAT_PDF, set_play},
        {"bleed on png", MEIRO_FIELD_BLEED, MEIRO_FORMAT_PNG, set_small_bleed},
        {"gutter on svg", MEIRO_FIELD_GUTTER, MEIRO_FORMAT_SVG, set_small_gutter},
        {"custom paper in xlsx", MEIRO_FIELD_PAPER, MEIRO_FORMAT_XLSX, set_custom},
    };
    verdict v = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        meiro_export_options o;
        meiro_export_options_init(&o);
        cases[i].set(&o);
        meiro_error err = {0};
        meiro_status s = meiro_export_check(20, 15, cases[i].format, &o, &err);
        verdict_note(&v, failed(s, &err, cases[i].field), "%s: field %s (%s)", cases[i].what,
                     meiro_field_name(err.field), err.message);
    }
    CHECK_ALL(v);
    meiro_error err = {0};
    CHECK(failed(meiro_export_grid_check(MEIRO_GRID_POLAR, MEIRO_FORMAT_TEXT, &err), &err,
                 MEIRO_FIELD_FORMAT));
    /* a PNG too wide for its resolution */
    meiro_export_options o;
    meiro_export_options_init(&o);
    o.dpi = 2400, o.paper = MEIRO_PAPER_A3;
    CHECK(failed(meiro_export_check(20, 15, MEIRO_FORMAT_PNG, &o, &err), &err, MEIRO_FIELD_DPI));
}

/* meiro_booklet_write's refusals, before any maze is made. */
static void test_booklet_fields(void)
{
    static const char *const no_names[] = {"Hana", "", NULL};
    const struct {
        const char *what;
        meiro_field field;
        meiro_format format;
        meiro_booklet_options b;
        bool play;
    } cases[] = {
        {"count", MEIRO_FIELD_MAZES, MEIRO_FORMAT_PDF, {.count = 0}, false},
        {"sizes", MEIRO_FIELD_SIZES, MEIRO_FORMAT_PDF, {.count = 2, .from_w = 5}, false},
        {"levels",
         MEIRO_FIELD_LEVEL,
         MEIRO_FORMAT_PDF,
         {.count = 2, .to_level = (meiro_level)9},
         false},
        {"format", MEIRO_FIELD_FORMAT, MEIRO_FORMAT_SVG, {.count = 2}, false},
        {"fold",
         MEIRO_FIELD_FOLD,
         MEIRO_FORMAT_XLSX,
         {.count = 2, .fold = MEIRO_FOLD_SHEETS},
         false},
        {"sheet",
         MEIRO_FIELD_SHEET,
         MEIRO_FORMAT_PDF,
         {.count = 2, .sheet = MEIRO_PAPER_A4},
         false},
        {"creep",
         MEIRO_FIELD_CREEP,
         MEIRO_FORMAT_PDF,
         {.count = 2, .sheet = -1, .creep_mm = 0.1},
         false},
        {"signature",
         MEIRO_FIELD_SIGNATURE,
         MEIRO_FORMAT_PDF,
         {.count = 2, .sheet = -1, .signature = 3},
         false},
        {"signatures",
         MEIRO_FIELD_SIGNATURE,
         MEIRO_FORMAT_PDF,
         {.count = 2, .sheet = -1, .fold = MEIRO_FOLD_SHEETS, .signature = 51},
         false},
        {"copies",
         MEIRO_FIELD_COPIES,
         MEIRO_FORMAT_XLSX,
         {.count = 2, .sheet = -1, .copies = 2},
         false},
        {"names",
         MEIRO_FIELD_NAMES,
         MEIRO_FORMAT_PDF,
         {.count = 2, .sheet = -1, .copies = 2, .names = no_names},
         false},
        {"play", MEIRO_FIELD_PLAY, MEIRO_FORMAT_PDF, {.count = 2, .sheet = -1}, true},
        {"grids",
         MEIRO_FIELD_GRID,
         MEIRO_FORMAT_XLSX,
         {.count = 2, .sheet = -1, .grids = 1u << MEIRO_GRID_HEX},
         false},
    };
    verdict v = {0};
    FILE *out = fopen("/dev/null", "wb");
    CHECK(out != NULL);
    for (size_t i = 0; out && i < sizeof cases / sizeof cases[0]; i++) {
        meiro_export_options page;
        meiro_export_options_init(&page);
        page.play = cases[i].play;
        meiro_error err = {0};
        meiro_status s = meiro_booklet_write(&cases[i].b, &page, cases[i].format, out, &err);
        verdict_note(&v, failed(s, &err, cases[i].field), "%s: field %s (%s)", cases[i].what,
                     meiro_field_name(err.field), err.message);
    }
    if (out) fclose(out);
    CHECK_ALL(v);
}

/* A job, as a library user runs one: settings in, planned (a level over
 * the defaults, the page's badges for a child, the floors stacked, the
 * extent the page lays out), refusals that name the options, then made
 * and solved when answers are asked for. */
static void test_job(void)
{
    meiro_job *job = meiro_job_new();
    CHECK(job != NULL);
    meiro_error err = {0};
    CHECK(meiro_job_set_int(job, MEIRO_JOB_LEVEL, MEIRO_LEVEL_EASY, &err) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_PDF, &err) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_FLOORS, 2, &err) == MEIRO_OK);
    /* the wrong type, a read-only setting, a value out of range: refused */
    CHECK(meiro_job_set_text(job, MEIRO_JOB_FLOORS, "2", &err) == MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_EXTENT_WIDTH, 9, &err) == MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_FLOORS, MEIRO_MAX_LEVELS + 1, &err) ==
          MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_job_get_int(job, MEIRO_JOB_FLOORS) == 2);
    meiro_job_page(job)->answers = MEIRO_ANSWERS_KEY;
    CHECK_MSG(meiro_job_plan(job, &err) == MEIRO_OK, "%s", err.message);
    const meiro_level_desc *easy = meiro_level_info(MEIRO_LEVEL_EASY);
    meiro_generate_options *o = meiro_job_maze(job);
    CHECK(o->width == easy->width && o->height == 2 * easy->height); /* two floors stacked */
    CHECK(meiro_job_get_int(job, MEIRO_JOB_EXTENT_WIDTH) == 2 * easy->width + 1);
    CHECK(meiro_job_get_int(job, MEIRO_JOB_EXTENT_HEIGHT) == easy->height + 2 - 1);
    CHECK(meiro_job_page(job)->signs == MEIRO_SIGNS_BADGES);
    meiro_maze *m = NULL;
    meiro_path path;
    CHECK_MSG(meiro_job_make(job, NULL, &m, &path, &err) == MEIRO_OK, "%s", err.message);
    CHECK(m && meiro_maze_levels(m) == 2 && path.length > 1); /* solved: the answers are asked */
    CHECK(meiro_job_plan(job, &err) == MEIRO_ERROR_ARGUMENT); /* planned once */
    CHECK(o->height == 2 * easy->height);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_job_free(job);

    /* a weave with floors: refused before any work, naming the option */
    job = meiro_job_new();
    meiro_job_maze(job)->weave = 20;
    CHECK(meiro_job_set_int(job, MEIRO_JOB_FLOORS, 3, &err) == MEIRO_OK);
    CHECK(meiro_job_plan(job, &err) == MEIRO_ERROR_ARGUMENT);
    CHECK(strstr(err.message, "--weave") && err.field == MEIRO_FIELD_NONE);
    meiro_job_free(job);

    /* a hex grid as text: the format's refusal */
    job = meiro_job_new();
    meiro_job_maze(job)->grid = MEIRO_GRID_HEX;
    CHECK(meiro_job_plan(job, &err) == MEIRO_ERROR_ARGUMENT && err.field == MEIRO_FIELD_FORMAT);
    /* made without planning: refused, saying so */
    meiro_maze *none = NULL;
    CHECK(meiro_job_make(job, NULL, &none, &path, &err) == MEIRO_ERROR_ARGUMENT && !none);
    meiro_job_free(job);
    meiro_job_free(NULL);

    /* a name too long for its age's cells on A4: refused, saying the paper
     * that holds it; a shape with it: refused, and no paper would help */
    job = meiro_job_new();
    CHECK(meiro_job_set_text(job, MEIRO_JOB_TEXT, "Maximilian Alexander", &err) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_LEVEL, MEIRO_LEVEL_EASY, &err) == MEIRO_OK);
    CHECK(meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_PDF, &err) == MEIRO_OK);
    CHECK(meiro_job_plan(job, &err) == MEIRO_ERROR_ARGUMENT && err.field == MEIRO_FIELD_TEXT);
    CHECK(meiro_job_get_int(job, MEIRO_JOB_FITS_PAPER) == MEIRO_PAPER_A3);
    meiro_job_free(job);
    job = meiro_job_new();
    CHECK(meiro_job_set_text(job, MEIRO_JOB_TEXT, "HI", &err) == MEIRO_OK);
    CHECK(meiro_job_set_text(job, MEIRO_JOB_SHAPE, "heart", &err) == MEIRO_OK);
    CHECK(meiro_job_plan(job, &err) == MEIRO_ERROR_ARGUMENT && err.field == MEIRO_FIELD_TEXT);
    CHECK(meiro_job_get_int(job, MEIRO_JOB_FITS_PAPER) == -1);
    meiro_job_free(job);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"level_template_defaults", test_level_template_defaults},
        {"given_wins", test_given_wins},
        {"shape", test_shape},
        {"text", test_text},
        {"grid", test_grid},
        {"ends_sources", test_ends_sources},
        {"page", test_page},
        {"field_names", test_field_names},
        {"generate_fields", test_generate_fields},
        {"option_fields", test_option_fields},
        {"export_fields", test_export_fields},
        {"booklet_fields", test_booklet_fields},
        {"job", test_job},
    };
    return test_main("plan", argc, argv, cases, TEST_COUNT(cases));
}
