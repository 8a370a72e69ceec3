/* The maze a user asks for: the difficulty levels, and the one order in
 * which the options given, a text, a shape, a grid, a level and a template
 * decide each setting of a maze (meiro_generate_options_resolve) and of its
 * page (meiro_export_options_resolve). Every front end comes here, so the
 * command line, the booklets and a library user get the same maze. */
#include "core/error.h"
#include "core/names.h"
#include "gen/gen.h"
#include "page/print.h"
#include "page/template.h"

#include <math.h>
#include <strings.h>

/* The levels: bigger mazes, then algorithms with more dead ends, then S and
 * G in doors of the outer wall on opposite sides, at the ends of the longest
 * such way (never side by side). Checked by measuring (test_booklet). The
 * last number is the smallest cell a child of those ages draws a way
 * through with a crayon or pencil: 10 mm at 4-5 (a preschooler's line
 * wobbles by some millimetres), less as the hand grows steadier. */
static const meiro_level_desc levels[MEIRO_LEVEL_COUNT] = {
    [MEIRO_LEVEL_EASY] = {"easy", "4-5", "6 x 8 big cells, one winding road with few branches", 6,
                          8, "dig", MEIRO_ENDS_CORNERS, 10},
    [MEIRO_LEVEL_NORMAL] = {"normal", "6-8", "12 x 16, many short dead ends", 12, 16, "cluster",
                            MEIRO_ENDS_CORNERS, 7},
    [MEIRO_LEVEL_HARD] = {"hard", "9-12", "20 x 28, S and G in doors far apart, a long way between",
                          20, 28, "wall", MEIRO_ENDS_BORDER, 5},
    [MEIRO_LEVEL_EXPERT] = {"expert", N_("adults"), "32 x 45, the most dead ends, doors far apart",
                            32, 45, "true-prim", MEIRO_ENDS_BORDER, 3},
};

const meiro_level_desc *meiro_level_info(meiro_level level)
{
    return (unsigned)level < MEIRO_LEVEL_COUNT ? &levels[level] : NULL;
}

meiro_status meiro_level_from_name(const char *name, meiro_level *level, meiro_error *err)
{
    for (unsigned k = 0; k < MEIRO_LEVEL_COUNT; k++) {
        if (strcasecmp(name, levels[k].name) == 0) {
            *level = (meiro_level)k;
            return MEIRO_OK;
        }
    }
    char hint[64];
    return fail_field(err, MEIRO_FIELD_LEVEL, MEIRO_ERROR_UNKNOWN_NAME,
                      "unknown difficulty '%s' (easy, normal, hard or expert)%s", name,
                      name_hint(name, "easy normal hard expert", hint, sizeof hint));
}

meiro_status meiro_level_for_age(unsigned age, meiro_level *level, meiro_error *err)
{
    if (age < 3 || age > 120)
        return fail_field(err, MEIRO_FIELD_LEVEL, MEIRO_ERROR_ARGUMENT,
                          "an age is 3 to 120 years, not %u", age);
    *level = age <= 5    ? MEIRO_LEVEL_EASY
             : age <= 8  ? MEIRO_LEVEL_NORMAL
             : age <= 12 ? MEIRO_LEVEL_HARD
                         : MEIRO_LEVEL_EXPERT;
    return MEIRO_OK;
}

void meiro_generate_options_for_level(meiro_generate_options *opt, meiro_level level)
{
    const meiro_level_desc *l = meiro_level_info(level);
    if (!l) return;
    opt->width = l->width;
    opt->height = l->height;
    opt->algorithm = l->algorithm;
    opt->ends = l->ends;
}

/* The shape's step: a grid in the shape's aspect with about 1.6 times the
 * rectangle's cells (a shape fills part of its grid), never smaller than
 * the least grid at which the shape reads (a picture's: 12 x 12); a
 * generator that takes one, ends without doors. */
static void shape_size(meiro_generate_options *o, const char *shape)
{
    uint32_t lw, lh;
    meiro_shape_min_grid(shape, &lw, &lh);
    double k = sqrt(1.6 * o->width * o->height / ((double)lw * lh));
    if (k < 1) k = 1;
    double w = floor(lw * k + 0.5), h = floor(lh * k + 0.5);
    o->width = w > 2000 ? 2000 : (uint32_t)w;
    o->height = h > 2000 ? 2000 : (uint32_t)h;
}

static void shape_algorithm(meiro_generate_options *o)
{
    const generator_entry *g =
        generator_find(o->algorithm ? o->algorithm : "cluster"); /* NULL: cluster */
    if (!g || !g->shapes) o->algorithm = "dig";
}

/* A shape's corners are no corners of it (the first and last cell inside
 * can stand side by side), nor has it sides for doors: S and G go to the
 * ends of the longest way inside. */
static void shape_ends(meiro_generate_options *o)
{
    if (o->ends == MEIRO_ENDS_BORDER || o->ends == MEIRO_ENDS_CORNERS)
        o->ends = MEIRO_ENDS_FARTHEST;
}

void meiro_generate_options_for_shape(meiro_generate_options *o, bool keep_algorithm)
{
    shape_size(o, NULL);
    if (!keep_algorithm) shape_algorithm(o);
    shape_ends(o);
}

/* Whether the named generator works on grid g. */
static bool generator_on(const char *name, meiro_grid g)
{
    const generator_entry *gen = generator_find(name ? name : "cluster");
    return gen && (gen->grids >> g & 1u);
}

/* A rectangle's size on another grid, with about as many cells: polar
 * rings holding w x h (a ring of radius r has about 2 pi r cells), hex as
 * it is, triangles twice as many across (two make a square's room). */
static void size_on_grid(meiro_grid g, uint32_t *w, uint32_t *h)
{
    if (g == MEIRO_GRID_POLAR) {
        double rings = floor(sqrt((double)*w * *h / 3.141592653589793) + 0.5);
        *w = 1;
        *h = rings < 2 ? 2 : rings > MEIRO_MAX_SIDE ? MEIRO_MAX_SIDE : (uint32_t)rings;
    } else if (g == MEIRO_GRID_TRIANGLE) {
        *w = *w > MEIRO_MAX_SIDE / 2 ? MEIRO_MAX_SIDE : *w * 2;
    }
}

/* What a level or a template says of the maze (steps 5 and 6, over the
 * defaults), then its rectangle on the options' grid (step 4). */
static void described_maze(const meiro_maze_sources *src, meiro_grid grid,
                           meiro_generate_options *o)
{
    meiro_generate_options_from_template(o, src->tpl);
    const meiro_template *t = src->tpl;
    bool sized = t && (t->width || t->height), named = t && t->algorithm[0];
    if (src->level) {
        o->width = src->level->width;
        o->height = src->level->height;
        o->algorithm = src->level->algorithm;
        o->ends = src->level->ends;
        sized = named = true;
    }
    if (grid == MEIRO_GRID_RECT) return;
    if (sized) size_on_grid(grid, &o->width, &o->height);
    if (named && !generator_on(o->algorithm, grid)) o->algorithm = "hunt-and-kill";
    /* the way into the centre of a round maze, whoever placed S and G (the
     * corners of a polar grid are its centre and a cell of the rim: a way
     * straight out) */
    if (grid == MEIRO_GRID_POLAR) o->ends = MEIRO_ENDS_CENTER;
}

meiro_status meiro_generate_options_resolve(meiro_generate_options *opt, unsigned given,
                                            const meiro_maze_sources *src, meiro_error *err)
{
    static const meiro_maze_sources none = {0};
    if (!src) src = &none;
    /* a shape and a text: on the rect grid, one at a time (the kinds' rule) */
    unsigned kinds =
        (src->shape ? 1u << MEIRO_KIND_SHAPE : 0) | (src->text ? 1u << MEIRO_KIND_TEXT : 0);
    meiro_status s = meiro_kind_check(kinds, opt->grid, MEIRO_FORMAT_COUNT, err);
    if (s != MEIRO_OK) return s;
    if (src->text && (given & MEIRO_GIVEN_WIDTH))
        return fail_field(err, MEIRO_FIELD_WIDTH, MEIRO_ERROR_ARGUMENT,
                          "a text takes its width from the letters; its height sets theirs");
    meiro_generate_options o;
    described_maze(src, opt->grid, &o);
    if (src->shape) { /* step 3 */
        if (!(given & (MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_HEIGHT))) shape_size(&o, opt->shape_name);
        if (!(given & MEIRO_GIVEN_ALGORITHM)) shape_algorithm(&o);
        if (!(given & MEIRO_GIVEN_ENDS)) shape_ends(&o);
    }
    if (src->text) { /* step 2 */
        o.width = src->text->width;
        o.height = src->text->height;
        o.ends = MEIRO_ENDS_PIECES;
        o.start = src->text->first;
        o.goal = src->text->last;
        given &= ~MEIRO_GIVEN_HEIGHT; /* the text was drawn at it */
    }
    /* step 1: what was given stays */
    if (!(given & MEIRO_GIVEN_WIDTH)) opt->width = o.width;
    if (!(given & MEIRO_GIVEN_HEIGHT)) opt->height = o.height;
    if (!(given & MEIRO_GIVEN_ALGORITHM)) opt->algorithm = o.algorithm;
    if (!(given & MEIRO_GIVEN_ENDS)) {
        opt->ends = o.ends;
        opt->start = o.start;
        opt->goal = o.goal;
    }
    return MEIRO_OK;
}

void meiro_export_options_resolve(meiro_export_options *opt, unsigned given,
                                  const meiro_template *tpl)
{
    meiro_export_options base;
    meiro_export_options_from_template(&base, tpl);
    opt->tpl = tpl;
    if (!(given & MEIRO_GIVEN_PAPER)) {
        opt->paper = base.paper;
        opt->paper_w_mm = base.paper_w_mm;
        opt->paper_h_mm = base.paper_h_mm;
    }
    if (!(given & MEIRO_GIVEN_ORIENTATION)) opt->orientation = base.orientation;
    if (!(given & MEIRO_GIVEN_MARGIN)) opt->margin_mm = base.margin_mm;
    /* a service named on the command line, home included, wins over the
     * template's: a template for KDP still proofs at home */
    if (!(given & MEIRO_GIVEN_PRINT)) opt->print = base.print;
    /* large print has no small print: no footer */
    if (print_profile_of(opt->print)->no_fine_text) opt->no_footer = true;
}
