/* meiro/maze.h — statuses and errors, the maze model, and the events it reports.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_MAZE_H
#define MEIRO_MAZE_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/maze.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

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

/* A short, fixed description of a status ("out of memory"). Never NULL;
 * static. */
MEIRO_API const char *meiro_strerror(meiro_status status);

/* The option a failure is about, so that a front end can point at its own
 * control for it: the command line names its option (--dpi), a form its
 * field. MEIRO_FIELD_NONE when a failure is about no one option (a file, a
 * maze too large for any page, memory). Each has a stable name,
 * meiro_field_name: the member of the options struct that holds it where
 * there is one ("dpi", "cell_mm"). */
typedef enum meiro_field {
    MEIRO_FIELD_NONE = 0,
    /* the maze (meiro_generate_options, meiro_maze_sources) */
    MEIRO_FIELD_WIDTH,
    MEIRO_FIELD_HEIGHT,
    MEIRO_FIELD_ALGORITHM,
    MEIRO_FIELD_LOOPS,
    MEIRO_FIELD_ENDS,
    MEIRO_FIELD_START,
    MEIRO_FIELD_GOAL,
    MEIRO_FIELD_GRID,
    MEIRO_FIELD_SHAPE, /* the shape's name or picture */
    MEIRO_FIELD_TEXT,  /* the text whose letters are the shape */
    MEIRO_FIELD_NO_BRIDGES,
    MEIRO_FIELD_LEVEL, /* a difficulty level, or an age for one */
    MEIRO_FIELD_SOLVER,
    MEIRO_FIELD_FORMAT,
    /* the page (meiro_export_options) */
    MEIRO_FIELD_TEMPLATE,
    MEIRO_FIELD_PAPER,
    MEIRO_FIELD_MARGIN,
    MEIRO_FIELD_BLEED,
    MEIRO_FIELD_GUTTER,
    MEIRO_FIELD_CELL, /* the cell size in mm */
    MEIRO_FIELD_TITLE,
    MEIRO_FIELD_SUBTITLE,
    MEIRO_FIELD_NAME, /* the name written on the name line */
    MEIRO_FIELD_FOOTER,
    MEIRO_FIELD_ANSWERS, /* answers and answer_page */
    MEIRO_FIELD_KEY_PER_PAGE,
    MEIRO_FIELD_DPI,
    MEIRO_FIELD_CROP,
    MEIRO_FIELD_PLAY,
    MEIRO_FIELD_LANG,
    MEIRO_FIELD_ART,
    /* the booklet (meiro_booklet_options) */
    MEIRO_FIELD_MAZES, /* how many mazes ("count") */
    MEIRO_FIELD_SIZES, /* the first and last size */
    MEIRO_FIELD_COPIES,
    MEIRO_FIELD_NAMES,
    MEIRO_FIELD_FOLD,
    MEIRO_FIELD_SHEET,
    MEIRO_FIELD_SIGNATURE,
    MEIRO_FIELD_CREEP,
    MEIRO_FIELD_PRINT, /* a print service's profile */
    MEIRO_FIELD_COUNT
} meiro_field;

/* "width", "algorithm", "cell_mm", ...: fixed for a field's life, for
 * front ends that key their messages by name (JSON, a form); NULL past the
 * end. */
MEIRO_API const char *meiro_field_name(meiro_field field);

/* Details of a failure. line and column are 1-based positions in an input
 * file for MEIRO_ERROR_PARSE (0 when not about a position); message is a
 * complete sentence without the file name, e.g. "unexpected character 'x'";
 * field is the option it is about, if one. */
typedef struct meiro_error {
    meiro_status status;
    meiro_field field;
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
MEIRO_API meiro_maze *meiro_maze_new(uint32_t width, uint32_t height, meiro_error *err);

/* A deep copy, or NULL (err filled). */
MEIRO_API meiro_maze *meiro_maze_clone(const meiro_maze *maze, meiro_error *err);

/* Frees the maze; NULL is allowed. */
MEIRO_API void meiro_maze_free(meiro_maze *maze);

MEIRO_API uint32_t meiro_maze_width(const meiro_maze *maze);
MEIRO_API uint32_t meiro_maze_height(const meiro_maze *maze);

/* True if one can walk from cell (x, y) in direction dir. The outer wall is
 * closed except at a door. Out-of-range cells answer false. Rectangles
 * only: false on other grids (use meiro_maze_side_open). */
MEIRO_API bool meiro_maze_is_open(const meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir);

/* Opens (carve) or closes (build) the wall between cell (x, y) and its
 * neighbour in direction dir; both cells see the change. The outer wall
 * cannot be changed this way (use meiro_maze_set_start/goal doors), nor
 * the edge of a shape. The rectangle's form of meiro_maze_set_side:
 * MEIRO_ERROR_ARGUMENT on other grids. */
MEIRO_API meiro_status meiro_maze_carve(meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir);
MEIRO_API meiro_status meiro_maze_build(meiro_maze *maze, uint32_t x, uint32_t y, meiro_dir dir);

/* Start and goal cells. door is MEIRO_NO_DIR when the mark sits in its cell,
 * otherwise the side of the outer wall whose opening holds the mark (the
 * cell must lie on that side). Doors are for rectangles only: on other
 * grids the door must be MEIRO_NO_DIR. */
MEIRO_API meiro_cell meiro_maze_start(const meiro_maze *maze);
MEIRO_API meiro_cell meiro_maze_goal(const meiro_maze *maze);
MEIRO_API meiro_dir meiro_maze_start_door(const meiro_maze *maze);
MEIRO_API meiro_dir meiro_maze_goal_door(const meiro_maze *maze);
MEIRO_API meiro_status meiro_maze_set_start(meiro_maze *maze, meiro_cell cell, meiro_dir door);
MEIRO_API meiro_status meiro_maze_set_goal(meiro_maze *maze, meiro_cell cell, meiro_dir door);

/* Provenance: the seed and generator that made the maze, if known. The
 * algorithm string is copied (at most 31 bytes kept). */
MEIRO_API bool meiro_maze_seed(const meiro_maze *maze, uint64_t *seed);
/* "" if unknown; valid until the maze is freed or its origin set again. */
MEIRO_API const char *meiro_maze_algorithm(const meiro_maze *maze);
MEIRO_API void meiro_maze_set_origin(meiro_maze *maze, const char *algorithm, uint64_t seed);

/* Checks the model's invariants (no opening into the outer wall except
 * doors, start and goal inside, doors on the right side). MEIRO_OK or
 * MEIRO_ERROR_INTERNAL with a message. */
MEIRO_API meiro_status meiro_maze_check(const meiro_maze *maze, meiro_error *err);

/* True if every cell is reachable and there is exactly one path between any
 * two cells (the open walls form a spanning tree). Sets *perfect. */
MEIRO_API meiro_status meiro_maze_is_perfect(const meiro_maze *maze, bool *perfect,
                                             meiro_error *err);

/* True if both mazes have the same size, walls, start, goal and doors. */
MEIRO_API bool meiro_maze_equal(const meiro_maze *a, const meiro_maze *b);

/* ---- Grids and shapes -------------------------------------------------- */

/* The shape of the cells. A rectangular grid may also have a mask: the
 * cells outside it are not part of the maze (a heart, a name). The other
 * grids number their cells by row y and position x in the row, as the
 * rectangle does:
 * - polar (theta): row y is ring y, 0 the centre disc (one cell); x counts
 *   clockwise from the top. Rings split outward so cells stay near-square,
 *   so rows differ in width (meiro_maze_row_width).
 * - hex (sigma): width columns x height rows of flat-topped hexagons; odd
 *   columns sit half a cell lower.
 * - triangle (delta): width x height triangles; (x + y) even points up.
 * Every cell has sides 0 .. meiro_maze_sides() - 1 in clockwise order; on a
 * rectangle they are the meiro_dir values, north first. */
typedef enum meiro_grid {
    MEIRO_GRID_RECT = 0,
    MEIRO_GRID_POLAR,
    MEIRO_GRID_HEX,
    MEIRO_GRID_TRIANGLE,
    MEIRO_GRID_COUNT
} meiro_grid;

/* "rect", "polar", "hex", "triangle"; NULL past the end. */
MEIRO_API const char *meiro_grid_name(meiro_grid grid);
/* Looks up a name or alias (theta, sigma, delta, rectangle). */
MEIRO_API meiro_status meiro_grid_from_name(const char *name, meiro_grid *grid, meiro_error *err);

/* A new maze on any grid, every wall closed. For MEIRO_GRID_RECT the same as
 * meiro_maze_new. Polar: height rings (the centre disc included, at least
 * 2); the width asked for is not used, and meiro_maze_width then answers
 * the cells of the outer ring (the widest row). Hex and triangle: at least
 * 2 cells. Start and goal: the first and last cell (polar: the centre and
 * a cell of the outer ring). NULL and err filled on failure. */
MEIRO_API meiro_maze *meiro_maze_new_grid(meiro_grid grid, uint32_t width, uint32_t height,
                                          meiro_error *err);

MEIRO_API meiro_grid meiro_maze_grid(const meiro_maze *maze);
/* Cells in row y (0 past the last row): the width, except on polar grids. */
MEIRO_API uint32_t meiro_maze_row_width(const meiro_maze *maze, uint32_t y);
/* Cells that are part of the maze: all of them, unless a mask leaves some
 * out. */
MEIRO_API uint64_t meiro_maze_cell_count(const meiro_maze *maze);
/* False outside the grid and outside the mask. */
MEIRO_API bool meiro_maze_is_active(const meiro_maze *maze, meiro_cell cell);
/* What the maze's mask depicts, for captions ("heart", "HANA"): the
 * generate options' shape_name; "" if none. Valid while the maze lives. */
MEIRO_API const char *meiro_maze_shape(const meiro_maze *maze);

/* True if some cells are left out by a mask. */
MEIRO_API bool meiro_maze_has_mask(const meiro_maze *maze);

/* Restricts a rectangular maze to the cells where inside[y * width + x] is
 * not 0 (copied); passages to cells left out close. NULL, or every cell
 * inside, removes the mask (start and goal stay). Otherwise at least two
 * cells must be inside, and start and goal move to the cells inside nearest
 * the top-left and the bottom-right corner. Not for other grids. */
MEIRO_API meiro_status meiro_maze_set_mask(meiro_maze *maze, const uint8_t *inside,
                                           meiro_error *err);

/* Any grid: the number of sides of a cell (0 for a cell not active), the
 * neighbour across side `side` (false at the border or outside the mask),
 * whether that side is open, and opening or closing it (both cells see the
 * change; the border cannot be opened). */
MEIRO_API unsigned meiro_maze_sides(const meiro_maze *maze, meiro_cell cell);
MEIRO_API bool meiro_maze_neighbour(const meiro_maze *maze, meiro_cell cell, unsigned side,
                                    meiro_cell *next);
MEIRO_API bool meiro_maze_side_open(const meiro_maze *maze, meiro_cell cell, unsigned side);
MEIRO_API meiro_status meiro_maze_set_side(meiro_maze *maze, meiro_cell cell, unsigned side,
                                           bool open);

/* ---- Weave mazes -------------------------------------------------------- */

/* A weave maze (meiro_generate_options.weave) has crossings: a cell whose
 * straight corridor (the over-passage) a perpendicular passage tunnels
 * under, joining the cells either side of it. All four walls of a crossing
 * are open; the cell itself leads only along its over-passage, and a path
 * under it steps from the cell before straight to the cell after (two
 * apart). meiro_maze_crossing answers the direction the tunnel runs,
 * MEIRO_EAST (west to east) or MEIRO_SOUTH (north to south), or
 * MEIRO_NO_DIR for a cell that is no crossing; meiro_maze_crossings counts
 * them (0 on mazes that do not weave). */
MEIRO_API meiro_dir meiro_maze_crossing(const meiro_maze *maze, meiro_cell cell);
MEIRO_API uint64_t meiro_maze_crossings(const meiro_maze *maze);

/* ---- Wrap-around mazes -------------------------------------------------- */

/* A rectangle whose left and right sides (MEIRO_WRAP_X: a cylinder), top
 * and bottom (MEIRO_WRAP_Y), or both (a torus) are joined: a passage may
 * cross the seam, from the last column to the first (or the last row to
 * the first). meiro_maze_neighbour, meiro_maze_side_open, meiro_maze_set_side
 * and every generator and solver that takes it go across; a wrapped side
 * is at least 3 cells long and has no door. Made by a job
 * (MEIRO_JOB_WRAP), kept in JSON. */
enum { MEIRO_WRAP_X = 1, MEIRO_WRAP_Y = 2 };
/* The maze's MEIRO_WRAP_* bits (0: a plain maze). */
MEIRO_API unsigned meiro_maze_wrap(const meiro_maze *maze);

/* ---- Multi-level mazes ------------------------------------------------- */

/* A multi-level maze has `levels` floors of the same size joined by stairs,
 * one rectangle to the API: the floors stacked, floor k's row y being row
 * k * (height / levels) + y, so width and height are a floor's width and
 * the floors' rows together, and a path's cells are (x, row) as ever. The
 * wall between two floors stays closed; a stair joins a cell to the same
 * (x, y) of the floor above, and a path steps from one to the other (height
 * / levels rows apart). S is on the first floor, G on the last; every
 * cell has at most one stair, up or down, and neither S nor G has one.
 * meiro_maze_neighbour gives no neighbour across the floors' wall (so
 * meiro_maze_set_side cannot open it); stairs are not sides. */
#define MEIRO_MAX_LEVELS 8u

/* Makes a generated perfect rectangle (no shape, weave, loops or mission;
 * height a multiple of levels, 2..MEIRO_MAX_LEVELS; floors of 4 cells or
 * more) into `levels` floors: the passages between floors are closed and
 * stairs, at cells chosen by `seed` (at least one between each two
 * floors), join the pieces again, a stair for each passage closed (or, for
 * a piece no free stair reaches, a wall opened within its floor), so the
 * maze stays perfect across the floors. On failure (floors too small for
 * the stairs) the maze is left as it was. S and G stay where they are when S is on
 * the first floor and G on the last (corners); else S moves to the first
 * floor's cell farthest from the last floor's last cell, G to the last
 * floor's cell farthest from S (without doors). */
MEIRO_API meiro_status meiro_maze_split_levels(meiro_maze *maze, unsigned levels, uint64_t seed,
                                               meiro_error *err);
/* The floors (1 for a flat maze) and the stairs (0). */
MEIRO_API unsigned meiro_maze_levels(const meiro_maze *maze);
MEIRO_API uint64_t meiro_maze_stairs(const meiro_maze *maze);
/* Cell's stair: 1 up, -1 down, 0 none. */
MEIRO_API int meiro_maze_stair(const meiro_maze *maze, meiro_cell cell);

/* A fingerprint of the maze: 64 bits from its grid, size, walls, crossings
 * and shape (not S and G: the same walls are the same picture), the same
 * for the maze turned or mirrored: the least of the hashes of the grid's
 * symmetries (a rectangle's eight, with its shape; a polar grid's turns by
 * sixths and their mirror images; the turns by 60 degrees and mirrors of
 * a hex or triangle grid that map its cells onto themselves). A series of
 * books keeps them (meiro_booklet_save_series). */
MEIRO_API uint64_t meiro_maze_fingerprint(const meiro_maze *maze);

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
    MEIRO_EVENT_GOAL,     /* G likewise */
    MEIRO_EVENT_GRID,     /* the grid is x by y cells: told first, by meiro_generate and
                             meiro_solve_watched, so a trace knows its size */
    MEIRO_EVENT_OUTSIDE,  /* cells (x, y) to (x + value - 1, y) lie outside the maze's
                             shape: told right after MEIRO_EVENT_GRID, row by row, so a
                             trace knows its shape (none without a mask) */
    MEIRO_EVENT_CROSS     /* a weave maze's (x, y) became a crossing: a passage tunnels
                             under it in direction dir (told after the two walls it
                             opened); value: the road */
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

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_MAZE_H */
