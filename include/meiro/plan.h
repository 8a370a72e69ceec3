/* meiro/plan.h — the maze a user asks for: difficulty levels, and the one
 * order in which the options given, a text, a shape, a grid, a level and a
 * template decide each setting of a maze and of its page.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_PLAN_H
#define MEIRO_PLAN_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/plan.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Levels ----------------------------------------------------------- */

/* Difficulty levels for children and up: each a size, an algorithm, where S
 * and G go and the largest cell. Measured: each level's mazes have longer
 * solutions and more decisions (junctions on the way) than the one before. */
typedef enum meiro_level {
    MEIRO_LEVEL_EASY,   /* ages 4-5 */
    MEIRO_LEVEL_NORMAL, /* ages 6-8 */
    MEIRO_LEVEL_HARD,   /* ages 9-12 */
    MEIRO_LEVEL_EXPERT, /* adults */
    MEIRO_LEVEL_COUNT
} meiro_level;

typedef struct meiro_level_desc {
    const char *name, *ages, *description;
    uint32_t width, height;
    const char *algorithm;
    meiro_ends ends;
    double cell_mm; /* the largest cell on the page */
} meiro_level_desc;

MEIRO_API const meiro_level_desc *meiro_level_info(meiro_level level); /* NULL if invalid */
MEIRO_API meiro_status meiro_level_from_name(const char *name, meiro_level *level, meiro_error *err);
/* The level for a child of `age` years: 3-5 easy, 6-8 normal, 9-12 hard,
 * 13 and up expert; ages under 3 or over 120 are refused. */
MEIRO_API meiro_status meiro_level_for_age(unsigned age, meiro_level *level, meiro_error *err);
/* Sets the maze of a level: its size, generator and where S and G go. */
MEIRO_API void meiro_generate_options_for_level(meiro_generate_options *opt, meiro_level level);
/* Makes a level's or a template's rectangle fit a maze on a picture's
 * shape: a shape fills part of its grid, so the grid becomes square with
 * about 1.6 times the cells (at least 12 across, or the shape does not
 * show; meiro_generate_options_resolve also knows the built-in shapes'
 * least grids); the
 * generator becomes dig where it takes no shape (unless keep_algorithm);
 * border ends become farthest (a shape has no sides for doors). The
 * shape's step of meiro_generate_options_resolve, for every setting. */
MEIRO_API void meiro_generate_options_for_shape(meiro_generate_options *opt, bool keep_algorithm);

/* ---- Which option wins ------------------------------------------------ */

/* The settings of a maze a caller gave (a bit each, or-ed): the user's,
 * or a front end's own defaults (`meiro watch` fits the terminal). */
#define MEIRO_GIVEN_WIDTH 0x1u
#define MEIRO_GIVEN_HEIGHT 0x2u
#define MEIRO_GIVEN_ALGORITHM 0x4u
#define MEIRO_GIVEN_ENDS 0x8u /* ends, and start and goal with MEIRO_ENDS_CELLS */

/* Where the settings not given come from. */
typedef struct meiro_maze_sources {
    const meiro_template *tpl;     /* its [maze] size, generator and ends; NULL: none */
    const meiro_level_desc *level; /* a level's (meiro_level_info), or any
                                      such maze; NULL: none */
    bool shape;                    /* a shape's mask goes on the grid
                                      (meiro_shape_mask, at the size
                                      resolved); rectangles only */
    const meiro_text_info *text;   /* a text's mask, made (meiro_text_mask,
                                      with the height given, if any), goes on
                                      the grid; NULL: none. Not with shape */
} meiro_maze_sources;

/* The maze's settings, each from the strongest source that has it:
 *
 *   1. given: the settings in `given`, as *opt holds them;
 *   2. text: its mask's grid is the size (so a width given is refused, and a
 *      height given is the one the text was drawn at); S and G in its first
 *      and last letter;
 *   3. shape: a level's, template's or the default size made into a grid
 *      with about 1.6 times its cells in the shape's aspect, at least the
 *      least grid where the shape named by opt->shape_name reads
 *      (meiro_shape_min_grid; 12 x 12 for a picture), when neither width
 *      nor height is given,
 *      dig for a generator that takes no shape, farthest for border ends;
 *   4. grid: on a polar, hex or triangle grid, a level's or template's size
 *      is a rectangle's and becomes about as many cells (polar: rings of
 *      about width x height cells; triangle: twice as wide), its generator
 *      hunt-and-kill where it does not work on the grid, and its S and G on
 *      a polar grid the centre and the border (MEIRO_ENDS_CENTER);
 *   5. level;
 *   6. template ([maze] width, height, algorithm, ends);
 *   7. meiro_generate_options_init's defaults.
 *
 * The other settings (seed, bias, loops, grid, observer, mask, shape_name,
 * no_bridges) have no other source and are kept as they are. A shape or a
 * text on another grid than rect, a shape with a text, and a width given
 * with a text are refused (MEIRO_ERROR_ARGUMENT, err->field naming the one
 * to drop); *opt is then unchanged. The resolved options borrow the
 * template's and the level's names: keep them until the maze is made. The
 * command line's generate, watch and booklet, and meiro_booklet_write for
 * each of its mazes, all come here. */
MEIRO_API meiro_status meiro_generate_options_resolve(meiro_generate_options *opt, unsigned given,
                                                      const meiro_maze_sources *src, meiro_error *err);

/* The settings of a page a caller gave (a bit each): those a template also
 * sets. */
#define MEIRO_GIVEN_PAPER 0x1u       /* paper, paper_w_mm and paper_h_mm */
#define MEIRO_GIVEN_ORIENTATION 0x2u
#define MEIRO_GIVEN_MARGIN 0x4u

/* The page's settings: those in `given` as *opt holds them, else the
 * template's (its [page] paper, orientation and margin), else the
 * defaults; opt->tpl becomes tpl, which the rest of the page follows
 * where *opt leaves it open (a title or subtitle NULL, answers
 * MEIRO_ANSWERS_DEFAULT, the art NULL, the cell size as a cap). */
MEIRO_API void meiro_export_options_resolve(meiro_export_options *opt, unsigned given, const meiro_template *tpl);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_PLAN_H */
