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
    double cell_mm; /* the smallest cell on the page, in mm: what a child
                       of these ages draws a way through (10 at 4-5) */
} meiro_level_desc;

MEIRO_API const meiro_level_desc *meiro_level_info(meiro_level level); /* NULL if invalid */
MEIRO_API meiro_status meiro_level_from_name(const char *name, meiro_level *level,
                                             meiro_error *err);
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
 * corners and border ends become farthest (a shape has no corners nor
 * sides for doors: S and G at the ends of the longest way inside). The
 * shape's step of meiro_generate_options_resolve, for every setting. */
MEIRO_API void meiro_generate_options_for_shape(meiro_generate_options *opt, bool keep_algorithm);

/* ---- A level on the page -------------------------------------------- */

/* Whether a maze keeps a level's smallest cell (level->cell_mm) on the
 * page it is written to: a maze of `grid`, width x height cells (a polar
 * maze's height its rings), laid out as `format` lays it on `page` (HTML
 * as a PDF; NULL page: the defaults). MEIRO_OK when it does, or
 * level is NULL, or the format has no page (text, CSV, JSON); else
 * MEIRO_ERROR_ARGUMENT and a one-line message in *warning that names the
 * cell, the ages and the size that keeps it ("cells of 4.3 mm are too
 * small for ages 4-5 (10 mm and up): 17 x 24 cells fit the page"), its
 * field the width, or the height (rings; a text's letters when
 * text_height, the letters' height in cells, is not 0), or the cell
 * (page->cell_mm asked below the level's). A warning, not a refusal: the
 * caller says it and goes on. Out of memory measuring the page:
 * MEIRO_ERROR_NOMEM. */
MEIRO_API meiro_status meiro_level_page_check(const meiro_level_desc *level, meiro_grid grid,
                                              uint32_t width, uint32_t height, uint32_t text_height,
                                              meiro_format format, const meiro_export_options *page,
                                              meiro_error *warning);

/* The mask of a name for a level's child (meiro_text_mask, set to fill the
 * page): the letters as tall as the page holds at the level's cell
 * (level->cell_mm, or page->cell_mm where larger), on one, two or three
 * lines, broken at spaces and after hyphens (MARY / JANE), or between
 * letters where that makes them a quarter taller or more (HA / NA; never
 * before a mark, small kana or punctuation, and no line of one Latin
 * letter); fewer lines where as tall. A text with line breaks of its own
 * keeps them. Letters must stay tall enough to read (6 cells for capitals,
 * 13 with small letters, 12 for kana and kanji): where small letters would
 * not, the text is set in capitals (a young child reads those first), and
 * in a condensed face where the regular one is too wide. A text that still
 * does not fit is refused (MEIRO_ERROR_ARGUMENT, field text) naming the
 * ages whose smaller cells it fits. The page is `format`'s on `page` as
 * meiro_level_page_check measures it (text, CSV and JSON: the default page,
 * which they would print on). level NULL: meiro_text_mask at its default
 * height. *mask as meiro_text_mask's; set_text (may be NULL) gets the text
 * as set, with its line breaks (malloc'd, free()). */
MEIRO_API meiro_status meiro_text_mask_for_level(const char *text, const char *lang,
                                                 const meiro_level_desc *level, meiro_format format,
                                                 const meiro_export_options *page, uint8_t **mask,
                                                 meiro_text_info *info, char **set_text,
                                                 meiro_error *err);

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
 *      height given is the one the text was drawn at); S and G at the ends
 *      of the longest way between its first and last letter
 *      (MEIRO_ENDS_PIECES; one letter: the longest way in it);
 *   3. shape: a level's, template's or the default size made into a grid
 *      with about 1.6 times its cells in the shape's aspect, at least the
 *      least grid where the shape named by opt->shape_name reads
 *      (meiro_shape_min_grid; 12 x 12 for a picture), when neither width
 *      nor height is given,
 *      dig for a generator that takes no shape, farthest for corners and
 *      border ends (the ends of the longest way inside);
 *   4. grid: on a polar, hex or triangle grid, a level's or template's size
 *      is a rectangle's and becomes about as many cells (polar: rings of
 *      about width x height cells; triangle: twice as wide), its generator
 *      hunt-and-kill where it does not work on the grid; S and G on a polar
 *      grid, unless given, G in the centre and S on the rim at the far end
 *      of the longest way in (MEIRO_ENDS_CENTER), with or without a level;
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
                                                      const meiro_maze_sources *src,
                                                      meiro_error *err);

/* The settings of a page a caller gave (a bit each): those a template also
 * sets. */
#define MEIRO_GIVEN_PAPER 0x1u /* paper, paper_w_mm and paper_h_mm */
#define MEIRO_GIVEN_ORIENTATION 0x2u
#define MEIRO_GIVEN_MARGIN 0x4u
#define MEIRO_GIVEN_PRINT 0x8u /* print: a print service's profile */

/* The page's settings: those in `given` as *opt holds them, else the
 * template's (its [page] paper, orientation and margin, its [print]
 * service: a service the caller gave, home included, wins), else the
 * defaults; opt->tpl becomes tpl, which the rest of the page follows
 * where *opt leaves it open (a title or subtitle NULL, answers
 * MEIRO_ANSWERS_DEFAULT, the art NULL, the cell size as a cap). */
MEIRO_API void meiro_export_options_resolve(meiro_export_options *opt, unsigned given,
                                            const meiro_template *tpl);

/* Whether a maze made with the resolved options *gen can take the mission
 * *mission and be written as `format` (MEIRO_FORMAT_COUNT: not yet known)
 * with the page *page (NULL: none): the refusals meiro_maze_add_mission
 * and meiro_write would give once the maze is made (a grid other than
 * rect, a weave, loops with keys, a format that cannot show a mission, a
 * playable sheet), given before it is. MEIRO_OK without a mission. */
MEIRO_API meiro_status meiro_mission_check(const meiro_generate_options *gen,
                                           const meiro_mission_options *mission,
                                           meiro_format format, const meiro_export_options *page,
                                           meiro_error *err);


/* ---- Kinds of maze: what each needs and excludes ------------------------ */

/* What makes a maze of a kind, or how it is made; a set of them is a bit
 * each (1u << kind). New kinds are added at the end. */
typedef enum meiro_kind {
    MEIRO_KIND_ANIMATE, /* an animated SVG of the making (--animate) */
    MEIRO_KIND_FRAMES,  /* PNG frames of the making (--frames) */
    MEIRO_KIND_FLOORS,  /* floors joined by stairs (--levels) */
    MEIRO_KIND_MISSION, /* keys and doors, items, one-way passages (--mission, --one-way) */
    MEIRO_KIND_WEAVE,   /* passages under crossings (--weave) */
    MEIRO_KIND_SHAPE,   /* inside a built-in shape or a picture (--shape) */
    MEIRO_KIND_TEXT,    /* inside the letters of a text (--text) */
    MEIRO_KIND_LOOPS,   /* dead ends opened into loops (--loops) */
    MEIRO_KIND_PLAY,    /* a sheet that checks the way marked in it (--play,
                           meiro_export_options.play) */
    MEIRO_KIND_CHOICES, /* the way with a set number of decision points
                           (--choices, MEIRO_JOB_CHOICES) */
    MEIRO_KIND_WRAP,    /* sides joined, a cylinder or a torus (--wrap, MEIRO_JOB_WRAP) */
    MEIRO_KIND_COUNT
} meiro_kind;

typedef struct meiro_kind_desc {
    const char *name;       /* "floors" */
    const char *option;     /* the command line's option: "--levels" */
    unsigned grids;         /* the grids it is made on: bit (1u << meiro_grid) each */
    meiro_capability shows; /* what a format must can to write it
                               (meiro_format_can); MEIRO_CAN_COUNT: any */
} meiro_kind_desc;

MEIRO_API const meiro_kind_desc *meiro_kind_info(meiro_kind kind); /* NULL if invalid */

/* Whether a maze of the kinds `kinds` (bits of meiro_kind, or-ed) can be
 * made on `grid` and written as `format` (MEIRO_FORMAT_COUNT: not known
 * yet), the one rule the command line, meiro serve, meiro_job_plan,
 * meiro_mission_check and meiro_write follow. Checked in this order, the
 * first refusal said: each kind's grids; the grid against the format
 * (meiro_export_grid_check); the kinds that cannot go together; each
 * kind against the format. MEIRO_OK, or MEIRO_ERROR_ARGUMENT and a message
 * that names the options (as the command line spells them) and, for a
 * format, those that can; err->field the option to change where one is
 * (the format, the grid, the shape, the text or play), else
 * MEIRO_FIELD_NONE. */
MEIRO_API meiro_status meiro_kind_check(unsigned kinds, meiro_grid grid, meiro_format format,
                                        meiro_error *err);

/* ---- A generate job: the options resolved into a plan, then run ------ */

/* What `meiro generate` does with its options, for every front end: the
 * options read into a job, planned (which setting wins, the checks that
 * need no maze, each refusal in a message a user can act on), then run.
 * The job is opaque and holds the options structs: they are frozen at their
 * present size (include/meiro.h), and a setting added later is a new
 * meiro_job_setting, read and written through meiro_job_set_int,
 * meiro_job_set_text and their getters (as sqlite3_db_config or
 * curl_easy_setopt take new options without a new struct layout, but typed),
 * so a program built against older headers keeps working. */
typedef struct meiro_job meiro_job;

/* A job with the defaults (meiro_generate_options_init,
 * meiro_export_options_init, no mission); NULL when out of memory. Free
 * with meiro_job_free (NULL is fine). */
MEIRO_API meiro_job *meiro_job_new(void);
MEIRO_API void meiro_job_free(meiro_job *job);

/* The job's maze, page and mission, to be changed field by field before
 * meiro_job_plan (which resolves them in place; read them after it). Valid
 * while the job lives. page->tpl is the template the page and the maze
 * follow where the options leave them open (borrowed: keep it until the job
 * is freed; NULL: none). */
MEIRO_API meiro_generate_options *meiro_job_maze(meiro_job *job);
MEIRO_API meiro_export_options *meiro_job_page(meiro_job *job);
MEIRO_API meiro_mission_options *meiro_job_mission(meiro_job *job);

/* The job's other settings; new ones are added at the end. Numbers are set
 * with meiro_job_set_int, texts with meiro_job_set_text (copied). */
typedef enum meiro_job_setting {
    MEIRO_JOB_FORMAT,        /* number: the meiro_format written; default text */
    MEIRO_JOB_MAZE_GIVEN,    /* number: the maze's MEIRO_GIVEN_* bits (which
                                settings of meiro_job_maze the user gave) */
    MEIRO_JOB_PAGE_GIVEN,    /* number: the page's MEIRO_GIVEN_* bits */
    MEIRO_JOB_LEVEL,         /* number: a meiro_level, or -1 (default) for none */
    MEIRO_JOB_FLOORS,        /* number: 2..MEIRO_MAX_LEVELS floors joined by
                                stairs, each of the maze's height; 0 (default)
                                or 1: one */
    MEIRO_JOB_SOLUTION,      /* number: not 0: the way drawn on the puzzle */
    MEIRO_JOB_ANIMATE,       /* number: not 0: an animated SVG of the making */
    MEIRO_JOB_FRAMES,        /* number: not 0: PNG frames of the making */
    MEIRO_JOB_SHAPE,         /* text: a built-in shape's name or a picture file */
    MEIRO_JOB_TEXT,          /* text: the maze inside the letters of it */
    MEIRO_JOB_SOLVER,        /* text: the solver's name; NULL: bfs */
    MEIRO_JOB_ANSWERS_TO,    /* text: a file apart for the answers (its name
                                says its format); NULL: none */
    MEIRO_JOB_EXTENT_WIDTH,  /* number, read only, once planned: the cells the
                                page lays out across (floors side by side) */
    MEIRO_JOB_EXTENT_HEIGHT, /* number, read only: and down */
    MEIRO_JOB_FITS_PAPER,    /* number, read only, once a plan refused a text
                                set for a level's page (too long at its
                                age's cells): a larger meiro_paper (A3) that
                                holds it; -1: none, or another refusal */
    /* a 3D print's sizes (formats that can MEIRO_CAN_SOLID; refused by the
     * plan for others), in micrometres, 0 (default) for meiro's: */
    MEIRO_JOB_BALL_UM,        /* a ball's diameter: corridors of the ball and
                                 1 mm, walls as high; 0: 8 mm corridors */
    MEIRO_JOB_WALL_UM,        /* the walls' thickness (800 and more); 1.2 mm */
    MEIRO_JOB_WALL_HEIGHT_UM, /* the walls' height over the base; 10 mm */
    MEIRO_JOB_BASE_UM,        /* the base plate's thickness (and the lid's); 2 mm */
    MEIRO_JOB_LID,            /* number: not 0: a lid, a part of its own */
    /* how the maze is drawn, and for the machines (meiro_job_save): */
    MEIRO_JOB_DRAW_PATHS,    /* number: > 0: the corridors' centre-lines (the
                                maze as a tree of lines) instead of the walls:
                                pdf, svg, png, page, gcode, hpgl, dxf; not on a
                                weave, a mission or floors; < 0: the walls
                                asked for (a tactile sheet's default is the
                                centre-lines); 0: the default */
    MEIRO_JOB_KERF_UM,       /* number: the laser's kerf in micrometres, 0 to
                                MEIRO_KERF_MAX_UM (dxf with outlines): each
                                outline moves half of it off the piece;
                                another is refused by meiro_job_plan and
                                meiro_job_save */
    MEIRO_JOB_CUT_LINES,     /* number: not 0: dxf cuts the strokes themselves
                                (the walls, or the centre-lines) as lines;
                                0 (default): closed outlines around them, the
                                walls' piece with its corridors cut out */
    MEIRO_JOB_PEN_SERVO,     /* number: not 0: G-code lifts the pen with a servo
                                (M3 S / M5) instead of moving Z */
    MEIRO_JOB_CUT_COLOUR,    /* number: 0xRRGGBB, the cut layer's colour (dxf:
                                the nearest of AutoCAD's first 9); default red */
    MEIRO_JOB_ENGRAVE_COLOUR, /* number: 0xRRGGBB, the engrave layer's (S and G's
                                marks); default black */
    MEIRO_JOB_CHOICES,        /* number: 1 and up: the way from S to G has
                                exactly this many decision points (cells of
                                it with three or more openings:
                                meiro_stats.decisions), every other way a
                                closed dead end, the maze built so on every
                                grid; 0 (default): as the generator makes
                                it. Refused with loops, a weave, a shape or
                                a text, floors or a mission, and past what
                                the grid holds */
    MEIRO_JOB_WRAP,           /* number: MEIRO_WRAP_X, _Y or both (meiro/maze.h):
                                the rectangle's sides joined, passages
                                crossing the seam; 0 (default): none.
                                Refused on other grids, with a shape or a
                                text, a weave, floors, a mission or
                                --choices, a generator of rows and columns,
                                a wrapped side under 3 cells, and in a
                                format that cannot show it (MEIRO_CAN_WRAP) */
    MEIRO_JOB_TACTILE_LEVEL   /* number: 1 to 5, a level of the pre-braille
                                progression for a tactile sheet (page print
                                MEIRO_PRINT_TACTILE, else refused): a
                                straight line, a line that turns, a Y fork,
                                lines crossing, a small classic maze; the
                                level is the maze (its size, generator, S
                                and G), so refused with what sets them (the
                                size, algorithm, ends, a level, another
                                grid, any kind of maze); 0 (default): none */
} meiro_job_setting;
/* The largest kerf a laser or a router bit takes: 2 mm. */
#define MEIRO_KERF_MAX_UM 2000

/* MEIRO_ERROR_ARGUMENT for a setting of the other type, a read-only one or
 * an unknown one; MEIRO_ERROR_NOMEM copying a text. */
MEIRO_API meiro_status meiro_job_set_int(meiro_job *job, meiro_job_setting setting, long long value,
                                         meiro_error *err);
MEIRO_API meiro_status meiro_job_set_text(meiro_job *job, meiro_job_setting setting,
                                          const char *value, meiro_error *err);
/* A setting's value (0, or NULL, for one of the other type). */
MEIRO_API long long meiro_job_get_int(const meiro_job *job, meiro_job_setting setting);
MEIRO_API const char *meiro_job_get_text(const meiro_job *job, meiro_job_setting setting);

/* meiro_save with the job's settings that no options struct holds: a 3D
 * print's sizes (MEIRO_JOB_BALL_UM to MEIRO_JOB_LID), the drawing and the
 * machines' (MEIRO_JOB_DRAW_PATHS to MEIRO_JOB_ENGRAVE_COLOUR): the maze in
 * `format` (the job's own, or another, an answers' file's) with `page` (the
 * job's meiro_job_page, or a copy of it changed for a file of answers
 * apart); meiro_job_write to a stream. MEIRO_ERROR_ARGUMENT for a setting
 * the format cannot take (a kerf without outlines, centre-lines on a
 * weave...). */
MEIRO_API meiro_status meiro_job_save(const meiro_job *job, const meiro_maze *maze,
                                      const meiro_path *path, meiro_format format,
                                      const meiro_export_options *page, const char *filename,
                                      meiro_error *err);
MEIRO_API meiro_status meiro_job_write(const meiro_job *job, const meiro_maze *maze,
                                       const meiro_path *path, meiro_format format,
                                       const meiro_export_options *page, FILE *out,
                                       meiro_error *err);

/* Plans the job, in this order: its kinds of maze (the floors, a mission,
 * a weave, a shape or a text, loops, an animation) against each other, the
 * grid and the format (meiro_kind_check; the answers' file's format too);
 * the page laid over its template (meiro_export_options_resolve with
 * MEIRO_JOB_PAGE_GIVEN,
 * then meiro_export_options_check), S and G shown as badges for a child's
 * level (easy to hard); a text's mask (set for the level's page when no
 * height is given, meiro_text_mask_for_level); the maze's settings
 * (meiro_generate_options_resolve with MEIRO_JOB_MAZE_GIVEN); the floors
 * stacked into one rectangle. Cheap: no picture is read. On failure the
 * status and *err (a combination refused: MEIRO_ERROR_ARGUMENT, the
 * message naming the options as the command line spells them, err->field
 * as meiro_kind_check says; the library's error otherwise). A job is planned
 * once (its options are resolved in place): a second call, or one after a
 * refusal, is refused; make a new job. */
MEIRO_API meiro_status meiro_job_plan(meiro_job *job, meiro_error *err);
/* Once planned (and a caller's checks of its files done): the checks that
 * need the maze's final size (meiro_mission_check, meiro_level_page_check:
 * a warning), then the shape's mask (meiro_shape_mask, which may read a
 * picture) and the caption (the text, or the shape's name without folder
 * and extension). meiro_job_make does it if not done. */
MEIRO_API meiro_status meiro_job_prepare(meiro_job *job, meiro_error *err);
/* What planning and preparing said but did not refuse, in order: warning i
 * (NULL past the last) and the field it is about (may be NULL):
 * MEIRO_FIELD_TEXT for a name set in smaller cells than its age's,
 * MEIRO_FIELD_SHAPE for a picture with no clear silhouette, and
 * meiro_level_page_check's field for a level's cell that does not fit. */
MEIRO_API const char *meiro_job_warning(const meiro_job *job, size_t i, meiro_field *field);
/* Runs the job: the maze (told to watch, if not NULL), its mission and
 * floors, and, when a solution is drawn or the answers asked for
 * (meiro_answers_asked, MEIRO_JOB_ANSWERS_TO), the way in *path (watched
 * too; zeroed when not solved: free with meiro_path_free). *maze is the
 * caller's (meiro_maze_free); NULL on failure. */
MEIRO_API meiro_status meiro_job_make(meiro_job *job, const meiro_observer *watch,
                                      meiro_maze **maze, meiro_path *path, meiro_error *err);
#ifdef __cplusplus
}
#endif

#endif /* MEIRO_PLAN_H */
