/* meiro/algo.h — generators, solvers and metrics.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_ALGO_H
#define MEIRO_ALGO_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/algo.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Generators ------------------------------------------------------- */

/* One entry of the generator or solver registry. aliases is a
 * space-separated list, possibly empty. */
typedef struct meiro_algorithm_desc {
    const char *name;
    const char *aliases;
    const char *description;
} meiro_algorithm_desc;

MEIRO_API size_t meiro_generator_count(void);
MEIRO_API const meiro_algorithm_desc *meiro_generator_info(size_t index); /* NULL past the end */
/* Whether generator `index` works on `grid` (all of them on rectangles; on
 * polar, hex and triangle grids those that work on any graph, and
 * binary-tree and sidewinder on polar grids). */
MEIRO_API bool meiro_generator_supports(size_t index, meiro_grid grid);

/* Where S and G go. */
typedef enum meiro_ends {
    MEIRO_ENDS_CORNERS,    /* top-left and bottom-right cells (the originals) */
    MEIRO_ENDS_FARTHEST,   /* the ends of the longest path: the hardest pair */
    MEIRO_ENDS_BORDER,     /* in doors of the outer wall on opposite sides, at the
                            ends of the longest such path */
    MEIRO_ENDS_CELLS,      /* the cells given in start and goal */
    MEIRO_ENDS_CENTER,     /* G in the cell nearest the middle (the centre disc
                            of a polar grid), S in the border cell (polar: of
                            the outer ring) farthest from it along the way */
    MEIRO_ENDS_CENTER_OUT, /* the same, S in the centre and G on the border */
    MEIRO_ENDS_PIECES      /* on a shape: S in the piece of the mask that holds
                             start, G in the one that holds goal (a text's
                             first and last letter), at the ends of the
                             longest way between the two; one piece (a
                             single letter), or no mask: as farthest */
} meiro_ends;

/* Frozen at ABI 7 (96 bytes on LP64, tests/test_abi.c): members are
 * never added, moved or removed again. A new maze setting comes as a
 * meiro_job_setting (meiro/plan.h: an opaque job with typed setters), so a
 * program built against these headers keeps working with later libraries. */
typedef struct meiro_generate_options {
    uint32_t width;                 /* cells across; default 20 */
    uint32_t height;                /* cells down; default 15 */
    const char *algorithm;          /* name or alias; NULL = "cluster" */
    uint64_t seed;                  /* the same seed and options give the same maze */
    double bias;                    /* growing-tree: 0 = newest cell (like dig) .. 1 =
                              random cell (like prim); default 0.5 */
    unsigned loops;                 /* 0..100: share of dead ends opened into loops;
                              default 0 (a perfect maze, one solution) */
    meiro_ends ends;                /* default MEIRO_ENDS_CORNERS; farthest and border
                              keep S and G at least (w + h - 2) / 3 cells
                              apart (Manhattan distance, rounded up) */
    meiro_cell start, goal;         /* with MEIRO_ENDS_CELLS and MEIRO_ENDS_PIECES */
    const meiro_observer *observer; /* told every step; NULL for none */
    meiro_grid grid;                /* default MEIRO_GRID_RECT */
    const uint8_t *mask;            /* rect only: width * height bytes, not 0 = inside
                              the shape; NULL = every cell */
    const char *shape_name;         /* what the mask depicts, for captions
                              ("heart", "HANA"; at most 47 bytes kept);
                              meiro_generate_options_resolve sizes a
                              built-in shape so named to its least grid */
    bool no_bridges;                /* a mask in several pieces is refused instead of
                              joined by the shortest bridges of cells */
    unsigned weave;                 /* 0..100: weave maze, the share of cells that may
                              become crossings (a passage tunnels under a
                              straight perpendicular corridor); rect grid and
                              dig, cluster or growing-tree only; default 0.
                              (In the struct's old tail padding: same size.) */
} meiro_generate_options;

/* Fills *opt with the defaults (seed 0). */
MEIRO_API void meiro_generate_options_init(meiro_generate_options *opt);

/* Generates a maze: perfect unless loops > 0. Returns NULL and fills err on
 * failure (unknown algorithm, bad size or option, out of memory). The maze
 * records its seed and the canonical algorithm name. */
MEIRO_API meiro_maze *meiro_generate(const meiro_generate_options *opt, meiro_error *err);

/* Looks up "corners", "farthest", "border", "center" or "center-out"
 * ("centre", "centre-out"). On polar, hex and triangle grids: corners =
 * the first and last cell (polar: the centre and the last cell of the
 * outer ring); border = cells of the left and right columns or the top and
 * bottom rows (polar: two cells of the outer ring), without doors; cells =
 * any two cells (x < meiro_maze_row_width(y)). */
MEIRO_API meiro_status meiro_ends_from_name(const char *name, meiro_ends *ends, meiro_error *err);

/* ---- Solvers ---------------------------------------------------------- */

MEIRO_API size_t meiro_solver_count(void);
MEIRO_API const meiro_algorithm_desc *meiro_solver_info(size_t index); /* NULL past the end */

/* A path of cells from start to goal, each a neighbour of the previous one
 * through an open wall. Owned by the caller: meiro_path_free(). */
typedef struct meiro_path {
    meiro_cell *cells;
    size_t length;     /* number of cells, start and goal included */
    uint64_t explored; /* cells the solver visited to find it */
} meiro_path;

/* True if the named solver finds a path whenever one exists (all but the
 * wall followers, which are sure only in perfect mazes). */
MEIRO_API bool meiro_solver_is_complete(const char *name);

/* Solves the maze with the named solver (NULL = "bfs"). On success *path
 * holds the path. When the goal cannot be reached: MEIRO_ERROR_NO_PATH and an
 * empty path. Works on imperfect mazes (loops, unreachable areas). */
MEIRO_API meiro_status meiro_solve(const meiro_maze *maze, const char *solver, meiro_path *path,
                                   meiro_error *err);

/* The same, telling `observer` (if not NULL) every cell visited and, at the
 * end, every cell of the path. */
MEIRO_API meiro_status meiro_solve_watched(const meiro_maze *maze, const char *solver,
                                           const meiro_observer *observer, meiro_path *path,
                                           meiro_error *err);

/* Frees the cells and empties the path; NULL is allowed. */
MEIRO_API void meiro_path_free(meiro_path *path);

/* Breadth-first distances from cell `from`: dist[y * width + x] is the
 * number of steps to reach (x, y), or UINT32_MAX if unreachable (or not a
 * cell: past the end of a polar ring). dist must hold width * height
 * entries (meiro_maze_width and _height; on polar grids the width is the
 * outer ring's). */
MEIRO_API meiro_status meiro_distances(const meiro_maze *maze, meiro_cell from, uint32_t *dist,
                                       meiro_error *err);

/* ---- Metrics ---------------------------------------------------------- */

typedef struct meiro_stats {
    uint32_t width, height;
    uint64_t cells;
    uint64_t passages;   /* open walls between cells */
    bool perfect;        /* spanning tree: all reachable, one path */
    uint64_t reachable;  /* cells reachable from the start */
    uint64_t solution;   /* cells on the shortest path; 0 if none */
    uint64_t dead_ends;  /* cells with exactly one opening */
    uint64_t junctions;  /* cells with three or four openings */
    uint64_t junctions4; /* of those, cells with four openings */
    uint64_t corridors;  /* cells with two openings */
    uint64_t turns;      /* changes of direction along the solution */
    uint64_t decisions;  /* junctions on the solution: where a walker
                              must choose */
    uint64_t longest;    /* cells on the longest path (exact in perfect
                              mazes: two breadth-first sweeps) */
    double river;        /* average length in cells of a dead-end branch,
                              from the dead end to the nearest junction:
                              high = long rivers, low = short spurs */
} meiro_stats;

/* Computes the metrics of the maze (doors do not count as openings). On
 * polar, hex and triangle grids: junctions have 3 or more openings,
 * junctions4 4 or more; a turn is a change of heading (hex: the six sides;
 * triangle: along the row east or west, or across it north or south;
 * polar: in, out, clockwise, counter-clockwise, and straight through the
 * centre disc when leaving on the far side). */
MEIRO_API meiro_status meiro_stats_compute(const meiro_maze *maze, meiro_stats *stats,
                                           meiro_error *err);

/* ---- Missions: keys and doors, items in order, one-way passages -------- */

/* A mission is added to a generated rectangle (not a weave) by
 * meiro_maze_add_mission:
 * - MEIRO_MISSION_KEYS: `count` (1..MEIRO_MISSION_MAX_KEYS) keys and as many
 *   locked doors, key i opening door i alone; the doors stand on the one way
 *   from S to G and key i lies past door i - 1, so the goal needs every key,
 *   in the order 1, 2, ...; a perfect maze only (no loops).
 * - MEIRO_MISSION_COLLECT: `count` (1..MEIRO_MISSION_MAX_ITEMS) numbered items,
 *   picked up in the order of their numbers (passing item 3 before item 2
 *   does not pick it up) before G counts.
 * - one_way (0..100): that share of the passages become one-way, drawn with
 *   arrows. The passages the intended way uses one way are turned its way,
 *   those it uses both ways stay two-way, the others point towards it, so
 *   from every cell the intended way can be reached again.
 * Keys and items go on cells other than S and G; the same maze, options and
 * seed place the same marks. */
enum { MEIRO_MISSION_MAX_KEYS = 6, MEIRO_MISSION_MAX_ITEMS = 20 };

typedef enum meiro_mission_kind {
    MEIRO_MISSION_NONE = 0,
    MEIRO_MISSION_KEYS,
    MEIRO_MISSION_COLLECT
} meiro_mission_kind;

typedef struct meiro_mission_options {
    meiro_mission_kind kind;
    unsigned count;   /* keys or items */
    unsigned one_way; /* 0..100: share of passages made one-way */
    uint64_t seed;    /* where the marks and arrows go */
} meiro_mission_options;

/* Reads "keys:K" or "collect:N" into opt->kind and opt->count. */
MEIRO_API meiro_status meiro_mission_from_name(const char *spec, meiro_mission_options *opt,
                                               meiro_error *err);

/* Places the mission on the maze (see above). A maze that already has one,
 * a grid other than rect, a weave, loops with keys, or a maze too small for
 * the marks is refused. */
MEIRO_API meiro_status meiro_maze_add_mission(meiro_maze *maze, const meiro_mission_options *opt,
                                              meiro_error *err);

/* The maze's mission kind and (keys or items) count; MEIRO_MISSION_NONE and
 * 0 for none. */
MEIRO_API meiro_mission_kind meiro_maze_mission(const meiro_maze *maze, unsigned *count);
/* Key i's or item i's cell (0-based); false past the count. */
MEIRO_API bool meiro_maze_mission_mark(const meiro_maze *maze, unsigned i, meiro_cell *cell);
/* Door i: the passage on side *side of *cell; false past the count or
 * without keys. */
MEIRO_API bool meiro_maze_mission_door(const meiro_maze *maze, unsigned i, meiro_cell *cell,
                                       meiro_dir *side);
/* The sides of cell a one-way passage forbids leaving by (bit d for
 * direction d); 0 for two-way passages and walls. */
MEIRO_API unsigned meiro_maze_one_way(const meiro_maze *maze, meiro_cell cell);
/* The number of one-way passages. */
MEIRO_API uint64_t meiro_maze_one_ways(const meiro_maze *maze);
/* Whether the maze has keys, items or one-way passages. */
MEIRO_API bool meiro_maze_has_mission(const meiro_maze *maze);

/* Solves a mission maze by a breadth-first search of states (cell x keys
 * held or items collected, one-way passages obeyed): *path is a shortest
 * walk from S to G (cells may repeat: a walk to a key and back), and
 * *shortest the number of shortest walks (1: the answer is unique; at most
 * UINT64_MAX). meiro_solve with "bfs" on a mission maze gives the same
 * path; the other solvers refuse it. */
MEIRO_API meiro_status meiro_mission_solve(const meiro_maze *maze, meiro_path *path,
                                           uint64_t *shortest, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_ALGO_H */
