/* The generator registry and meiro_generate(). Adding a generator means one
 * file and one line in this table. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/names.h"
#include "core/rng.h"
#include "core/utf8.h"
#include "gen/gen.h"

#include <stdlib.h>
#include <string.h>

static const generator_entry generators[] = {
    {{"cluster", "kruskal",
      "Cluster merging (Kruskal): every cell starts as a room of its own; walls between "
      "different rooms fall in random order, merging them. Many short dead ends."},
     gen_cluster,
     GRIDS_ALL,
     true,
     true},
    {{"dig", "backtracker recursive-backtracker anahori",
      "Digging (穴掘り法, recursive backtracker): one long road dug in random directions, "
      "branching again from an earlier point when stuck. Few dead ends (~10%), a long "
      "solution."},
     gen_dig,
     GRIDS_ALL,
     true,
     true},
    {{"bar", "boutaoshi",
      "Bar tilting (棒倒し法): a pillar at every inner corner tilts one bar of wall to a free "
      "side (up only in the top row). Simple and fast; sparse top rows, long straight runs."},
     rect_bar,
     GRIDS_RECT,
     true,
     false},
    {{"wall", "kabenobashi",
      "Wall extending (壁伸ばし法): from random pillars, walls grow in random directions until "
      "they join a wall already standing. Even texture, many branches."},
     rect_wall,
     GRIDS_RECT,
     true,
     false},
    {{"prim", "",
      "Simplified Prim: joins a random frontier cell to the maze. Many short dead "
      "ends radiating from the start."},
     gen_prim,
     GRIDS_ALL,
     true,
     true},
    {{"true-prim", "",
      "Prim with random cell weights: always joins the lightest frontier cell. "
      "The most dead ends (~38%), short spurs everywhere."},
     gen_true_prim,
     GRIDS_ALL,
     true,
     true},
    {{"wilson", "",
      "Wilson: loop-erased random walks; every maze equally likely (unbiased, "
      "~29% dead ends). Slow to start on large mazes."},
     gen_wilson,
     GRIDS_ALL,
     true,
     true},
    {{"aldous-broder", "",
      "Aldous-Broder: a random walk covering the grid; unbiased like wilson, "
      "and slow."},
     gen_aldous_broder,
     GRIDS_ALL,
     true,
     true},
    {{"eller", "",
      "Eller: row by row with memory for one row only; even, horizontal-leaning "
      "texture."},
     rect_eller,
     GRIDS_RECT,
     false,
     false},
    {{"growing-tree", "",
      "Growing tree: --bias 0 grows from the newest cell (like dig), 1 from a "
      "random one (like prim)."},
     gen_growing_tree,
     GRIDS_ALL,
     true,
     true},
    {{"hunt-and-kill", "",
      "Hunt and kill: random walks, hunting for the next start in reading "
      "order. Few dead ends (~9%), long winding branches."},
     gen_hunt_and_kill,
     GRIDS_ALL,
     true,
     true},
    {{"binary-tree", "",
      "Binary tree: each cell opens north or west. Diagonal bias; open "
      "corridors along the top and left sides."},
     gen_binary_tree,
     GRIDS_RECT_POLAR,
     false,
     false},
    {{"sidewinder", "",
      "Sidewinder: runs east, each closed by one opening north. Vertical bias; "
      "the top row is one corridor."},
     gen_sidewinder,
     GRIDS_RECT_POLAR,
     false,
     false},
    {{"division", "recursive-division",
      "Recursive division: splits open chambers with walls that have one gap. "
      "Long straight walls, boxy rooms."},
     rect_division,
     GRIDS_RECT,
     false,
     false},
};

enum { GENERATOR_COUNT = sizeof generators / sizeof generators[0] };

size_t meiro_generator_count(void) { return GENERATOR_COUNT; }

const meiro_algorithm_desc *meiro_generator_info(size_t index)
{
    return index < GENERATOR_COUNT ? &generators[index].info : NULL;
}


const generator_entry *generator_at(size_t i)
{
    return i < GENERATOR_COUNT ? &generators[i] : NULL;
}

bool meiro_generator_supports(size_t index, meiro_grid grid)
{
    if (index >= GENERATOR_COUNT || (unsigned)grid >= MEIRO_GRID_COUNT) return false;
    return generators[index].grids >> grid & 1u;
}

size_t gen_random_cell(const meiro_maze *m, rng_state *rng)
{
    if (m->grid != MEIRO_GRID_RECT) return rng_below(rng, (uint32_t)grid_total(m));
    for (;;) { /* on a shape: draw again until inside (the same draws every run) */
        uint32_t x = rng_below(rng, m->w), y = rng_below(rng, m->h);
        size_t id = (size_t)y * m->w + x;
        if (grid_active(m, id)) return id;
    }
}

const generator_entry *generator_find(const char *name)
{
    for (size_t i = 0; i < GENERATOR_COUNT; i++)
        if (info_matches(&generators[i].info, name)) return &generators[i];
    return NULL;
}

void meiro_generate_options_init(meiro_generate_options *opt)
{
    *opt = (meiro_generate_options){0};
    opt->width = 20;
    opt->height = 15;
    opt->bias = 0.5;
    opt->ends = MEIRO_ENDS_CORNERS;
}

/* What a generator is refused on. */
typedef enum { ON_GRID, ON_SHAPE, ON_WRAP } refusal;

/* "'eller' does not work on a shape; these do: cluster, dig, ..." (or "on
 * hex grids", "on a wrapped rectangle"): the generators that apply, named. */
static meiro_status refuse(const generator_entry *gen, meiro_grid grid, refusal on,
                           meiro_error *err)
{
    char names[256] = "";
    size_t used = 0;
    for (size_t i = 0; i < GENERATOR_COUNT; i++) {
        if (on == ON_SHAPE   ? !generators[i].shapes
            : on == ON_WRAP  ? !generators[i].wraps
                             : !meiro_generator_supports(i, grid))
            continue;
        int k = snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "",
                         generators[i].info.name);
        if (k > 0 && (size_t)k < sizeof names - used) used += (size_t)k;
    }
    if (on == ON_SHAPE)
        return fail_field(err, MEIRO_FIELD_ALGORITHM, MEIRO_ERROR_ARGUMENT,
                          "'%s' does not work on a shape; these do: %s", gen->info.name, names);
    if (on == ON_WRAP) /* rows and columns from one side to the other: no seam */
        return fail_field(err, MEIRO_FIELD_ALGORITHM, MEIRO_ERROR_ARGUMENT,
                          "'%s' cannot wrap (--wrap); these can: %s", gen->info.name, names);
    return fail_field(err, MEIRO_FIELD_ALGORITHM, MEIRO_ERROR_ARGUMENT,
                      "'%s' does not work on %s grids; these do: %s", gen->info.name,
                      meiro_grid_name(grid), names);
}

/* Restricts the new maze to the options' mask, its pieces joined. */
static meiro_status apply_mask(meiro_maze *m, const meiro_generate_options *opt, meiro_error *err)
{
    size_t n = (size_t)m->w * m->h;
    uint8_t *inside = alloc_array(n, 1);
    if (!inside) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the shape");
    for (size_t i = 0; i < n; i++) inside[i] = opt->mask[i] != 0;
    uint32_t added;
    meiro_status s = mask_join(inside, m->w, m->h, !opt->no_bridges, &added, err);
    if (s == MEIRO_OK) s = meiro_maze_set_mask(m, inside, err);
    for (size_t i = 0; s == MEIRO_OK && added && m->active && i < n; i++)
        if (inside[i] == MASK_BRIDGE) m->active[i] = MASK_BRIDGE; /* drawn as corridors */
    free(inside);
    return s;
}

/* A wrapped rectangle: plain (no shape, no weave), each wrapped side 3
 * cells or more (2 would join two cells twice), a generator that wraps. */
static meiro_status wrap_check(const meiro_generate_options *opt, unsigned wrap,
                               const generator_entry *gen, meiro_error *err)
{
    if (wrap & ~(unsigned)(MEIRO_WRAP_X | MEIRO_WRAP_Y))
        return fail(err, MEIRO_ERROR_ARGUMENT, "unknown wrap bits %#x (x 1, y 2)", wrap);
    if (opt->grid != MEIRO_GRID_RECT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                          "--wrap needs the rect grid, not %s", meiro_grid_name(opt->grid));
    if (opt->mask || opt->weave)
        return fail(err, MEIRO_ERROR_ARGUMENT, "--wrap cannot go with %s",
                    opt->mask ? "a shape" : "--weave");
    if (((wrap & MEIRO_WRAP_X) && opt->width < 3) || ((wrap & MEIRO_WRAP_Y) && opt->height < 3))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--wrap: a wrapped side needs 3 cells or more (the maze is %u x %u)",
                    opt->width, opt->height);
    return gen->wraps ? MEIRO_OK : refuse(gen, opt->grid, ON_WRAP, err);
}

/* Every option before any work: a wrong one on a huge maze fails at once. */
static meiro_status options_check(const meiro_generate_options *opt, const generator_entry *gen,
                                  unsigned choices, unsigned wrap, meiro_error *err)
{
    if (choices && (opt->loops || opt->weave || opt->mask))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--choices makes one way with its set of choices: not with %s",
                    opt->loops ? "--loops" : opt->weave ? "--weave" : "a shape or a text");
    if (opt->loops > 100)
        return fail_field(err, MEIRO_FIELD_LOOPS, MEIRO_ERROR_ARGUMENT,
                          "loops must be a percentage, 0 to 100 (not %u)", opt->loops);
    if ((unsigned)opt->grid >= MEIRO_GRID_COUNT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT, "unknown grid number %u",
                          (unsigned)opt->grid);
    bool rect = opt->grid == MEIRO_GRID_RECT;
    if (opt->mask && !rect)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                          "a shape needs the rect grid, not %s", meiro_grid_name(opt->grid));
    /* the other grids' sizes are checked as the maze is made (a polar
     * grid's cells follow from its rings) */
    meiro_status s = rect ? maze_check_size(opt->width, opt->height, err) : MEIRO_OK;
    if (s == MEIRO_OK) s = ends_check(opt, err);
    if (s != MEIRO_OK) return s;
    if (opt->weave > 100)
        return fail(err, MEIRO_ERROR_ARGUMENT, "weave must be a percentage, 0 to 100 (not %u)",
                    opt->weave);
    if (opt->weave && !rect)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                          "a weave maze needs the rect grid, not %s", meiro_grid_name(opt->grid));
    if (opt->weave && !weave_generator(gen->run))
        return fail_field(err, MEIRO_FIELD_ALGORITHM, MEIRO_ERROR_ARGUMENT,
                          "'%s' cannot weave; these can: cluster, dig, growing-tree",
                          gen->info.name);
    if (rect ? opt->mask && !gen->shapes
             : !meiro_generator_supports((size_t)(gen - generators), opt->grid))
        return refuse(gen, opt->grid, rect ? ON_SHAPE : ON_GRID, err);
    return wrap ? wrap_check(opt, wrap, gen, err) : MEIRO_OK;
}

meiro_maze *meiro_generate(const meiro_generate_options *opt, meiro_error *err)
{
    return gen_maze(opt, 0, 0, err);
}

meiro_maze *gen_maze(const meiro_generate_options *opt, unsigned choices, unsigned wrap,
                     meiro_error *err)
{
    meiro_generate_options defaults;
    if (!opt) {
        meiro_generate_options_init(&defaults);
        opt = &defaults;
    }
    const char *name = opt->algorithm ? opt->algorithm : "cluster";
    const generator_entry *gen = generator_find(name);
    if (!gen) {
        char hint[64];
        fail_field(err, MEIRO_FIELD_ALGORITHM, MEIRO_ERROR_UNKNOWN_NAME,
                   N_("unknown algorithm '%s' (see 'meiro list' for the names)%s"), name,
                   info_hint(meiro_generator_info, GENERATOR_COUNT, name, hint, sizeof hint));
        return NULL;
    }
    if (options_check(opt, gen, choices, wrap, err) != MEIRO_OK) return NULL;
    meiro_maze *m = meiro_maze_new_grid(opt->grid, opt->width, opt->height, err);
    if (!m) return NULL;
    m->wrap = (uint8_t)wrap;
    if ((opt->mask && apply_mask(m, opt, err) != MEIRO_OK) ||
        ends_cells_check(m, opt, err) != MEIRO_OK) {
        meiro_maze_free(m);
        return NULL;
    }
    rng_state rng;
    rng_seed(&rng, opt->seed);
    m->obs = opt->observer; /* every wall change is told from here on */
    observe(m->obs, MEIRO_EVENT_GRID, m->w, m->h, MEIRO_NO_DIR, 0);
    maze_tell_shape(m, m->obs);
    meiro_status s = (opt->weave ? weave_generator(gen->run) : gen->run)(m, &rng, opt, err);
    if (s == MEIRO_OK) {
        maze_braid(m, opt->loops, &rng);
        s = maze_place_ends(m, opt, err);
    }
    if (s == MEIRO_OK && choices) s = maze_choices(m, choices, &rng, err);
    m->choices = choices;
    if (s != MEIRO_OK) {
        meiro_maze_free(m);
        return NULL;
    }
    observe(m->obs, MEIRO_EVENT_START, m->start.x, m->start.y, m->start_door, 0);
    observe(m->obs, MEIRO_EVENT_GOAL, m->goal.x, m->goal.y, m->goal_door, 0);
    m->obs = NULL;
    meiro_maze_set_origin(m, gen->info.name, opt->seed);
    if (m->active && opt->shape_name) /* cut at a whole UTF-8 character */
        utf8_copy(m->shape, sizeof m->shape, opt->shape_name);
    return m;
}
