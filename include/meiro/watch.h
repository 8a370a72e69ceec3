/* meiro/watch.h — watching: traces, their replay, players and animations.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_WATCH_H
#define MEIRO_WATCH_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/watch.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Watching: recordings of what generators and solvers do --------- */

/* A recording of steps, to replay or render. It records the size of the
 * grid it watches (the MEIRO_EVENT_GRID that meiro_generate and
 * meiro_solve_watched tell first), so nothing below asks for it. */
typedef struct meiro_trace meiro_trace;

/* A new, empty trace (NULL when out of memory); free with meiro_trace_free. */
MEIRO_API meiro_trace *meiro_trace_new(void);
MEIRO_API void meiro_trace_free(meiro_trace *trace); /* NULL is allowed */
/* An observer appending to the trace; valid while the trace lives. */
MEIRO_API meiro_observer meiro_trace_observer(meiro_trace *trace);
MEIRO_API size_t meiro_trace_count(const meiro_trace *trace);
/* The recorded steps (the grid size is kept apart, not among them);
 * borrowed: valid until the trace records another step or is freed. */
MEIRO_API const meiro_event *meiro_trace_events(const meiro_trace *trace);
/* The grid the trace watched; false if it has seen no MEIRO_EVENT_GRID. */
MEIRO_API bool meiro_trace_grid(const meiro_trace *trace, uint32_t *width, uint32_t *height);
/* MEIRO_ERROR_NOMEM if a step could not be recorded, MEIRO_ERROR_ARGUMENT
 * if it was told of two different grids. */
MEIRO_API meiro_status meiro_trace_status(const meiro_trace *trace);

/* A player steps through a trace frame by frame (steps grouped so there
 * are at most `frames` frames per phase: generation, then solving) and
 * keeps what a viewer shows: the walls, a colour per cell, the path. */
typedef struct meiro_player meiro_player;

/* `initial` is the maze the trace starts from (a copy is kept), or NULL for
 * the trace's grid with every wall closed (a trace of generation). A trace
 * with a step outside its grid, or a wall step on the outer wall, is
 * refused (MEIRO_ERROR_ARGUMENT). The player reads the trace's steps: the
 * trace must outlive it and record nothing more. */
MEIRO_API meiro_player *meiro_player_new(const meiro_trace *trace, const meiro_maze *initial,
                                         unsigned frames, meiro_error *err);
MEIRO_API void meiro_player_free(meiro_player *player); /* NULL is allowed */
/* Applies the next frame; false when there is none left. */
MEIRO_API bool meiro_player_next(meiro_player *player);
MEIRO_API size_t meiro_player_frame(const meiro_player *player);  /* frames applied so far */
MEIRO_API size_t meiro_player_frames(const meiro_player *player); /* frames in all */
MEIRO_API bool meiro_player_solving(const meiro_player *player);  /* in the solving phase */
/* The maze as the frames so far made it: valid while the player lives, and
 * changed by each meiro_player_next. */
MEIRO_API const meiro_maze *meiro_player_maze(const meiro_player *player);
/* 0xRRGGBB of cell (x, y), or MEIRO_NO_COLOUR for a plain cell. Roads and
 * visits get hues; cells a depth-first walk backed out of, and cells
 * dead-end filling closed off, get these two greys (mid-tones, so they read
 * apart from both dark walls and light corridors). */
#define MEIRO_NO_COLOUR 0xFFFFFFFFu
#define MEIRO_COLOUR_LEFT 0x8E9AAAu
#define MEIRO_COLOUR_FILLED 0xA8A8A8u
MEIRO_API uint32_t meiro_player_colour(const meiro_player *player, uint32_t x, uint32_t y);
MEIRO_API bool meiro_player_on_path(const meiro_player *player, uint32_t x, uint32_t y);
/* What a solver reported with its visit of (x, y): bfs its distance from S
 * (the DFS/BFS article's numbers), astar the steps, dfs/fill the road, the wall
 * followers and tremaux their step; UINT32_MAX if not visited. */
MEIRO_API uint32_t meiro_player_value(const meiro_player *player, uint32_t x, uint32_t y);

/* The largest maze animated (500 x 500 cells): its SVG takes about 430 to
 * 560 bytes a cell, so up to some 140 MB; the trace of a larger one alone
 * takes gigabytes. Larger mazes are refused (MEIRO_ERROR_TOO_BIG) before
 * anything is written. */
#define MEIRO_ANIMATE_MAX_CELLS 250000u
/* An animated SVG of the trace (SMIL, looping, no script), small on disk;
 * a viewer that does not animate shows the finished maze (and the path,
 * if the trace solved it). */
MEIRO_API meiro_status meiro_animate_svg(const meiro_trace *trace, const meiro_maze *initial,
                                         FILE *out, meiro_error *err);
/* The same into a file, atomically. */
MEIRO_API meiro_status meiro_animate_svg_save(const meiro_trace *trace, const meiro_maze *initial,
                                              const char *filename, meiro_error *err);

/* Numbered PNG frames (frame-00001.png ...) in `dir` (made if missing),
 * all or none: written into a temporary folder (next to `dir` if new,
 * inside it if not) and put in place once all are written; a failure
 * removes them and its message says how many were written. */
MEIRO_API meiro_status meiro_animate_frames(const meiro_trace *trace, const meiro_maze *initial,
                                            const char *dir, unsigned frames, meiro_error *err);

/* Rebuilds, from the trace's grid with every wall closed, the maze the
 * trace made (walls, S, G) and the solution it found (path may be NULL).
 * The caller owns *maze (meiro_maze_free) and *path (meiro_path_free). */
MEIRO_API meiro_status meiro_trace_replay(const meiro_trace *trace, meiro_maze **maze,
                                          meiro_path *path, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_WATCH_H */
