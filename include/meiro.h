/* meiro — generate, solve and export mazes.
 *
 * The public API of libmeiro. Every public symbol starts with meiro_ / MEIRO_.
 * The library never prints and never exits: functions return a status and,
 * when given a meiro_error, fill it with a message a user can act on. */
#ifndef MEIRO_H
#define MEIRO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MEIRO_VERSION_MAJOR 0
#define MEIRO_VERSION_MINOR 1
#define MEIRO_VERSION_PATCH 0
#define MEIRO_VERSION "0.1.0"

/* The version string of the library actually linked. */
const char *meiro_version(void);

/* ---- Errors ----------------------------------------------------------- */

typedef enum meiro_status {
    MEIRO_OK = 0,
    MEIRO_ERROR_NOMEM,        /* out of memory */
    MEIRO_ERROR_ARGUMENT,     /* an argument is out of range or malformed */
    MEIRO_ERROR_TOO_BIG,      /* the maze exceeds the size limits */
    MEIRO_ERROR_UNKNOWN_NAME, /* no algorithm, solver or format of that name */
    MEIRO_ERROR_PARSE,        /* an input file is not a valid maze */
    MEIRO_ERROR_IO,           /* reading or writing a file failed */
    MEIRO_ERROR_NO_PATH,      /* the goal cannot be reached from the start */
    MEIRO_ERROR_INTERNAL,     /* a broken invariant: a bug in meiro */
    MEIRO_STATUS_COUNT
} meiro_status;

/* A short, fixed description of a status ("out of memory"). Never NULL. */
const char *meiro_strerror(meiro_status status);

/* Details of a failure. line and column are 1-based positions in an input
 * file for MEIRO_ERROR_PARSE (0 when not about a position); message is a
 * complete sentence without the file name, e.g. "unexpected character 'x'". */
typedef struct meiro_error {
    meiro_status status;
    unsigned long line;
    unsigned long column;
    char message[256];
    char source[1024]; /* the file line and column refer to, when it is not
                         the one the caller named (a template found on the
                         search path); "" otherwise */
} meiro_error;

/* ---- The maze model --------------------------------------------------- */

/* Limits: 1 <= width, height <= MEIRO_MAX_SIDE and width * height <=
 * MEIRO_MAX_CELLS. Larger mazes are refused before anything is allocated. */
#define MEIRO_MAX_SIDE 65535u
#define MEIRO_MAX_CELLS 400000000u

typedef enum meiro_dir {
    MEIRO_NORTH = 0,
    MEIRO_EAST = 1,
    MEIRO_SOUTH = 2,
    MEIRO_WEST = 3,
    MEIRO_NO_DIR = 4
} meiro_dir;

typedef struct meiro_cell {
    uint32_t x; /* column, 0 = left */
    uint32_t y; /* row, 0 = top */
} meiro_cell;

/* A rectangular maze of width x height cells, a start and a goal cell. Each
 * wall is stored once; the outer wall is always closed except for the
 * optional "doors" where the start or goal mark sits in an opening of the
 * outer wall. Opaque: use the functions below. */
typedef struct meiro_maze meiro_maze;

/* A new maze with every wall closed, start at the top-left cell and goal at
 * the bottom-right cell (for a 1x1 maze: doors west and east). Returns NULL
 * and fills err on failure. Free with meiro_maze_free(). */
meiro_maze *meiro_maze_new(uint32_t width, uint32_t height, meiro_error *err);

/* A deep copy, or NULL (err filled). */
meiro_maze *meiro_maze_clone(const meiro_maze *maze, meiro_error *err);

/* Frees the maze; NULL is allowed. */
void meiro_maze_free(meiro_maze *maze);

uint32_t meiro_maze_width(const meiro_maze *maze);
uint32_t meiro_maze_height(const meiro_maze *maze);

/* True if one can walk from cell (x, y) in direction dir. The outer wall is
 * closed except at a door. Out-of-range cells answer false. */
bool meiro_maze_is_open(const meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir);

/* Opens (carve) or closes (build) the wall between cell (x, y) and its
 * neighbour in direction dir; both cells see the change. The outer wall
 * cannot be changed this way (use meiro_maze_set_start/goal doors). */
meiro_status meiro_maze_carve(meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir);
meiro_status meiro_maze_build(meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir);

/* Start and goal cells. door is MEIRO_NO_DIR when the mark sits in its cell,
 * otherwise the side of the outer wall whose opening holds the mark (the
 * cell must lie on that side). */
meiro_cell meiro_maze_start(const meiro_maze *maze);
meiro_cell meiro_maze_goal(const meiro_maze *maze);
meiro_dir meiro_maze_start_door(const meiro_maze *maze);
meiro_dir meiro_maze_goal_door(const meiro_maze *maze);
meiro_status meiro_maze_set_start(meiro_maze *maze, meiro_cell cell, meiro_dir door);
meiro_status meiro_maze_set_goal(meiro_maze *maze, meiro_cell cell, meiro_dir door);

/* Provenance: the seed and generator that made the maze, if known. The
 * algorithm string is copied (at most 31 bytes kept). */
bool meiro_maze_seed(const meiro_maze *maze, uint64_t *seed);
const char *meiro_maze_algorithm(const meiro_maze *maze); /* "" if unknown */
void meiro_maze_set_origin(meiro_maze *maze, const char *algorithm, uint64_t seed);

/* Checks the model's invariants (no opening into the outer wall except
 * doors, start and goal inside, doors on the right side). MEIRO_OK or
 * MEIRO_ERROR_INTERNAL with a message. */
meiro_status meiro_maze_check(const meiro_maze *maze, meiro_error *err);

/* True if every cell is reachable and there is exactly one path between any
 * two cells (the open walls form a spanning tree). Sets *perfect. */
meiro_status meiro_maze_is_perfect(const meiro_maze *maze, bool *perfect, meiro_error *err);

/* True if both mazes have the same size, walls, start, goal and doors. */
bool meiro_maze_equal(const meiro_maze *a, const meiro_maze *b);

/* ---- Generators ------------------------------------------------------- */

/* One entry of the generator or solver registry. aliases is a
 * space-separated list, possibly empty. */
typedef struct meiro_algorithm_info {
    const char *name;
    const char *aliases;
    const char *description;
} meiro_algorithm_info;

size_t meiro_generator_count(void);
const meiro_algorithm_info *meiro_generator_info(size_t index); /* NULL past the end */

/* ---- Watching: what generators and solvers do, step by step ---------- */

typedef enum meiro_event_kind {
    MEIRO_EVENT_CARVE,    /* wall (x, y, dir) opened; value: the road (branch) number */
    MEIRO_EVENT_BUILD,    /* wall (x, y, dir) closed */
    MEIRO_EVENT_OPEN_ALL, /* every inner wall opened: wall-adding generators start so */
    MEIRO_EVENT_VISIT,    /* a solver reached (x, y); value: its distance, step or road */
    MEIRO_EVENT_LEAVE,    /* a depth-first walk backed out of (x, y) */
    MEIRO_EVENT_FILL,     /* dead-end filling closed off (x, y) */
    MEIRO_EVENT_PATH,     /* (x, y) is cell number `value` of the solution */
    MEIRO_EVENT_START,    /* S is at (x, y), in the door `dir` (or MEIRO_NO_DIR) */
    MEIRO_EVENT_GOAL      /* G likewise */
} meiro_event_kind;

typedef struct meiro_event {
    uint8_t kind; /* meiro_event_kind */
    uint8_t dir;  /* meiro_dir */
    uint32_t x, y;
    uint32_t value;
} meiro_event;

/* An observer is called for every step; NULL observers cost nothing. */
typedef struct meiro_observer {
    void (*step)(void *ctx, const meiro_event *event);
    void *ctx;
} meiro_observer;

/* A recording of steps, to replay or render. */
typedef struct meiro_trace meiro_trace;

meiro_trace *meiro_trace_new(void);
void meiro_trace_free(meiro_trace *trace); /* NULL is allowed */
/* An observer appending to the trace (valid while the trace lives). */
meiro_observer meiro_trace_observer(meiro_trace *trace);
size_t meiro_trace_count(const meiro_trace *trace);
const meiro_event *meiro_trace_events(const meiro_trace *trace);
/* MEIRO_ERROR_NOMEM if a step could not be recorded. */
meiro_status meiro_trace_status(const meiro_trace *trace);

/* A player steps through a trace frame by frame (steps grouped so there
 * are at most `frames` frames per phase: generation, then solving) and
 * keeps what a viewer shows: the walls, a colour per cell, the path. */
typedef struct meiro_player meiro_player;

/* `initial` is the maze the trace starts from (a copy is kept), or NULL for
 * a width x height grid with every wall closed (a trace of generation). */
meiro_player *meiro_player_new(const meiro_trace *trace, const meiro_maze *initial, uint32_t width,
                               uint32_t height, unsigned frames, meiro_error *err);
void meiro_player_free(meiro_player *player); /* NULL is allowed */
/* Applies the next frame; false when there is none left. */
bool meiro_player_next(meiro_player *player);
size_t meiro_player_frame(const meiro_player *player);  /* frames applied so far */
size_t meiro_player_frames(const meiro_player *player); /* frames in all */
bool meiro_player_solving(const meiro_player *player);  /* in the solving phase */
const meiro_maze *meiro_player_maze(const meiro_player *player);
/* 0xRRGGBB of cell (x, y), or MEIRO_NO_COLOUR for a plain cell. */
#define MEIRO_NO_COLOUR 0xFFFFFFFFu
uint32_t meiro_player_colour(const meiro_player *player, uint32_t x, uint32_t y);
bool meiro_player_on_path(const meiro_player *player, uint32_t x, uint32_t y);
/* What a solver reported with its visit of (x, y): bfs its distance from S
 * (seed 003's numbers), astar the steps, dfs/fill the road, the wall
 * followers and tremaux their step; UINT32_MAX if not visited. */
uint32_t meiro_player_value(const meiro_player *player, uint32_t x, uint32_t y);

/* An animated SVG of the trace (SMIL, looping, no script), small on disk;
 * a viewer that does not animate shows the finished maze (and the path,
 * if the trace solved it). */
meiro_status meiro_animate_svg(const meiro_trace *trace, const meiro_maze *initial,
                               uint32_t width, uint32_t height, FILE *out, meiro_error *err);
/* The same into a file, atomically. */
meiro_status meiro_animate_svg_save(const meiro_trace *trace, const meiro_maze *initial,
                                    uint32_t width, uint32_t height, const char *filename,
                                    meiro_error *err);

/* Numbered PNG frames (frame-00001.png ...) in `dir` (made if missing). */
meiro_status meiro_animate_frames(const meiro_trace *trace, const meiro_maze *initial,
                                  uint32_t width, uint32_t height, const char *dir,
                                  unsigned frames, meiro_error *err);

/* Where S and G go. */
typedef enum meiro_ends {
    MEIRO_ENDS_CORNERS,  /* top-left and bottom-right cells (the originals) */
    MEIRO_ENDS_FARTHEST, /* the two ends of the longest path: the hardest pair */
    MEIRO_ENDS_BORDER,   /* in openings of the outer wall, on opposite sides */
    MEIRO_ENDS_CELLS     /* the cells given in start and goal */
} meiro_ends;

typedef struct meiro_generate_options {
    uint32_t width;        /* cells across; default 20 */
    uint32_t height;       /* cells down; default 15 */
    const char *algorithm; /* name or alias; NULL = "cluster" */
    uint64_t seed;         /* the same seed and options give the same maze */
    double bias;           /* growing-tree: 0 = newest cell (like dig) .. 1 =
                              random cell (like prim); default 0.5 */
    unsigned loops;        /* 0..100: share of dead ends opened into loops;
                              default 0 (a perfect maze, one solution) */
    meiro_ends ends;       /* default MEIRO_ENDS_CORNERS */
    meiro_cell start, goal; /* with MEIRO_ENDS_CELLS */
    const meiro_observer *observer; /* told every step; NULL for none */
} meiro_generate_options;

/* Fills *opt with the defaults (seed 0). */
void meiro_generate_options_init(meiro_generate_options *opt);

/* Generates a maze: perfect unless loops > 0. Returns NULL and fills err on
 * failure (unknown algorithm, bad size or option, out of memory). The maze
 * records its seed and the canonical algorithm name. */
meiro_maze *meiro_generate(const meiro_generate_options *opt, meiro_error *err);

/* Looks up "corners", "farthest" or "border". */
meiro_status meiro_ends_from_name(const char *name, meiro_ends *ends, meiro_error *err);

/* ---- Solvers ---------------------------------------------------------- */

size_t meiro_solver_count(void);
const meiro_algorithm_info *meiro_solver_info(size_t index); /* NULL past the end */

/* A path of cells from start to goal, each a neighbour of the previous one
 * through an open wall. Owned by the caller: meiro_path_free(). */
typedef struct meiro_path {
    meiro_cell *cells;
    size_t length;     /* number of cells, start and goal included */
    uint64_t explored; /* cells the solver visited to find it */
} meiro_path;

/* True if the named solver finds a path whenever one exists (all but the
 * wall followers, which are sure only in perfect mazes). */
bool meiro_solver_is_complete(const char *name);

/* Solves the maze with the named solver (NULL = "bfs"). On success *path
 * holds the path. When the goal cannot be reached: MEIRO_ERROR_NO_PATH and an
 * empty path. Works on imperfect mazes (loops, unreachable areas). */
meiro_status meiro_solve(const meiro_maze *maze, const char *solver, meiro_path *path,
                         meiro_error *err);

/* The same, telling `observer` (if not NULL) every cell visited and, at the
 * end, every cell of the path. */
meiro_status meiro_solve_watched(const meiro_maze *maze, const char *solver,
                                 const meiro_observer *observer, meiro_path *path,
                                 meiro_error *err);

/* Frees the cells and empties the path; NULL is allowed. */
void meiro_path_free(meiro_path *path);

/* Rebuilds, from a w x h grid with every wall closed, the maze the trace
 * made (walls, S, G) and the solution it found (path may be NULL). */
meiro_status meiro_trace_replay(const meiro_trace *trace, uint32_t width, uint32_t height,
                                meiro_maze **maze, meiro_path *path, meiro_error *err);


/* Breadth-first distances from cell `from`: dist[y * width + x] is the
 * number of steps to reach (x, y), or UINT32_MAX if unreachable. dist must
 * hold width * height entries. */
meiro_status meiro_distances(const meiro_maze *maze, meiro_cell from, uint32_t *dist,
                             meiro_error *err);

/* ---- Metrics ---------------------------------------------------------- */

typedef struct meiro_stats {
    uint32_t width, height;
    uint64_t cells;
    uint64_t passages;     /* open walls between cells */
    bool perfect;          /* spanning tree: all reachable, one path */
    uint64_t reachable;    /* cells reachable from the start */
    uint64_t solution;     /* cells on the shortest path; 0 if none */
    uint64_t dead_ends;    /* cells with exactly one opening */
    uint64_t junctions;    /* cells with three or four openings */
    uint64_t junctions4;   /* of those, cells with four openings */
    uint64_t corridors;    /* cells with two openings */
    uint64_t turns;        /* changes of direction along the solution */
    uint64_t decisions;    /* junctions on the solution: where a walker
                              must choose */
    uint64_t longest;      /* cells on the longest path (exact in perfect
                              mazes: two breadth-first sweeps) */
    double river;          /* average length in cells of a dead-end branch,
                              from the dead end to the nearest junction:
                              high = long rivers, low = short spurs */
} meiro_stats;

/* Computes the metrics of the maze (doors do not count as openings). */
meiro_status meiro_stats_compute(const meiro_maze *maze, meiro_stats *stats, meiro_error *err);

/* ---- Files ------------------------------------------------------------ */

typedef enum meiro_format {
    MEIRO_FORMAT_TEXT,    /* block grid: '#' walls, ' ' passages, S G . */
    MEIRO_FORMAT_CSV,     /* the same grid as CSV: 1 wall, 0 passage, S G . */
    MEIRO_FORMAT_ASCII,   /* +--+ and | line drawing (write only) */
    MEIRO_FORMAT_UNICODE, /* box-drawing characters (write only) */
    MEIRO_FORMAT_PDF,     /* printable vector pages (write only) */
    MEIRO_FORMAT_SVG,     /* a vector page in millimetres (write only) */
    MEIRO_FORMAT_PNG,     /* a raster page or the cropped maze (write only) */
    MEIRO_FORMAT_XLSX,    /* a spreadsheet: walls as cell borders (write only) */
    MEIRO_FORMAT_COUNT
} meiro_format;

/* ---- Printable pages -------------------------------------------------- */

typedef enum meiro_paper {
    MEIRO_PAPER_A4,     /* 210 x 297 mm */
    MEIRO_PAPER_A3,     /* 297 x 420 mm */
    MEIRO_PAPER_A5,     /* 148 x 210 mm */
    MEIRO_PAPER_B5,     /* JIS B5, 182 x 257 mm */
    MEIRO_PAPER_LETTER, /* 215.9 x 279.4 mm */
    MEIRO_PAPER_LEGAL,  /* 215.9 x 355.6 mm */
    MEIRO_PAPER_COUNT
} meiro_paper;

typedef enum meiro_orientation {
    MEIRO_ORIENT_AUTO,     /* landscape if the maze is wider than tall */
    MEIRO_ORIENT_PORTRAIT,
    MEIRO_ORIENT_LANDSCAPE
} meiro_orientation;

/* Looks a paper up by name ("a4", "letter", ...; case does not matter). */
meiro_status meiro_paper_from_name(const char *name, meiro_paper *paper, meiro_error *err);
/* The paper's name and portrait size in millimetres; NULL if invalid. */
const char *meiro_paper_name(meiro_paper paper, double *width_mm, double *height_mm);

#define MEIRO_DEFAULT_MARGIN_MM 15.0

/* A page template: paper, mazes per page, texts, where answers go, artwork.
 * See templates/README.md for the file format. */
typedef struct meiro_template meiro_template;

/* Loads a template by name ("kids-a4": from $MEIRO_TEMPLATE_PATH, the
 * installed templates, or the copies built into the library) or by path (a
 * name with '/' or ending in .ini). A broken template gives
 * MEIRO_ERROR_PARSE with the file in err->source and the line. */
meiro_template *meiro_template_load(const char *name_or_path, meiro_error *err);
void meiro_template_free(meiro_template *t); /* NULL is allowed */
const char *meiro_template_name(const meiro_template *t);
const char *meiro_template_description(const meiro_template *t);

/* True for the languages of meiro's own words: "en", "ja". */
bool meiro_lang_known(const char *lang);

/* The templates built into the library. */
size_t meiro_builtin_template_count(void);
const char *meiro_builtin_template_name(size_t index);

typedef struct meiro_export_options {
    meiro_paper paper;             /* default A4 */
    meiro_orientation orientation; /* default auto */
    double margin_mm;              /* default 15; at least 10 */
    double cell_mm;                /* 0 (default): the largest cells that fit */
    const char *title;             /* printed above the maze; NULL for none */
    bool answer_page;              /* PDF, XLSX: the puzzle, then the answer */
    unsigned dpi;                  /* PNG resolution; default 300 */
    bool crop;                     /* PNG: only the maze and a small border */
    const meiro_template *tpl;     /* texts, labels, art, answers; NULL = none */
    const char *lang;              /* "en" or "ja": meiro's own words; NULL =
                                      the template's, else English */
} meiro_export_options;

/* Fills *opt with the defaults. */
void meiro_export_options_init(meiro_export_options *opt);

/* Fills *opt with the defaults, then the template's page settings (paper,
 * orientation, margin, title, answer page), keeping tpl for the rest (its
 * cell size caps how big cells grow). Options set afterwards override the
 * template. */
void meiro_export_options_from_template(meiro_export_options *opt, const meiro_template *tpl);

typedef struct meiro_format_info {
    meiro_format format;
    const char *name;       /* "text" */
    const char *extensions; /* space-separated, without dots: "txt" */
    const char *description;
    bool readable;
    bool binary; /* not for a terminal */
} meiro_format_info;

const meiro_format_info *meiro_format_info_get(meiro_format format); /* NULL if invalid */

/* Looks a format up by name or extension ("text", "txt", "csv", ...). */
meiro_status meiro_format_from_name(const char *name, meiro_format *format, meiro_error *err);

/* The format named by a file name's extension; MEIRO_ERROR_UNKNOWN_NAME if
 * the extension is unknown, and `fallback` if the name has no extension. */
meiro_status meiro_format_from_filename(const char *filename, meiro_format fallback,
                                        meiro_format *format, meiro_error *err);

/* Writes the maze, with the path drawn if path is not NULL, to a stream.
 * opt (NULL = defaults) sets the page of the printable formats. With
 * opt->answer_page the path is drawn on a second page only. */
meiro_status meiro_write(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                         const meiro_export_options *opt, FILE *out, meiro_error *err);

/* Writes the maze to a file atomically: a temporary file in the same
 * directory is written, flushed and renamed over `filename`, so a failure
 * never leaves a partial file and an existing file is replaced only by a
 * complete one. */
meiro_status meiro_save(const meiro_maze *maze, const meiro_path *path, meiro_format format,
                        const meiro_export_options *opt, const char *filename, meiro_error *err);

/* Reads a maze (text or CSV) from a stream. Parse errors carry line and
 * column (for CSV: the field number). Returns NULL and fills err. */
meiro_maze *meiro_read(FILE *in, meiro_format format, meiro_error *err);

/* Opens and reads a file; the format comes from its extension unless
 * `format` is not MEIRO_FORMAT_COUNT. */
meiro_maze *meiro_load(const char *filename, meiro_format format, meiro_error *err);

/* ---- Booklets --------------------------------------------------------- */

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

typedef struct meiro_level_info {
    const char *name, *ages, *description;
    uint32_t width, height;
    const char *algorithm;
    meiro_ends ends;
    double cell_mm; /* the largest cell on the page */
} meiro_level_info;

const meiro_level_info *meiro_level_info_get(meiro_level level); /* NULL if invalid */
meiro_status meiro_level_from_name(const char *name, meiro_level *level, meiro_error *err);

typedef struct meiro_booklet_options {
    unsigned count;               /* mazes; default 10 */
    uint32_t from_w, from_h;      /* sizes rising evenly from the first maze */
    uint32_t to_w, to_h;          /*   to the last; 0: use the levels */
    meiro_level from_level;       /* levels rising from..to; default easy */
    meiro_level to_level;         /*   .. hard */
    const char *algorithm;        /* NULL: the level's, or cluster with sizes */
    uint64_t seed;                /* each maze's seed is derived from it */
    int cover;                    /* 1 yes, 0 no, -1 (default) the template's */
    void (*progress)(void *ctx, unsigned done, unsigned total); /* or NULL */
    void *progress_ctx;
} meiro_booklet_options;

void meiro_booklet_options_init(meiro_booklet_options *b);

/* The seed of maze `index` (0-based) of a booklet: printed under each maze,
 * so `meiro generate -s SEED` with its size and algorithm makes it again. */
uint64_t meiro_booklet_maze_seed(uint64_t booklet_seed, unsigned index);

/* Writes a booklet as PDF (pages per the template in page->tpl: mazes per
 * page, answers after each page or in a key at the end, cover) or XLSX (a
 * sheet per maze and per answer). */
meiro_status meiro_booklet_write(const meiro_booklet_options *b, const meiro_export_options *page,
                                 meiro_format format, FILE *out, meiro_error *err);
meiro_status meiro_booklet_save(const meiro_booklet_options *b, const meiro_export_options *page,
                                meiro_format format, const char *filename, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_H */
