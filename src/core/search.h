/* The walks every layer above shares, on every grid: breadth-first search
 * over open sides, the road walk of the design articles, and the trail they
 * leave. */
#ifndef MEIRO_SRC_CORE_SEARCH_H
#define MEIRO_SRC_CORE_SEARCH_H

#include "core/grid.h"

/* Walks and solvers fill a per-cell byte array `trail` (grid_total bytes,
 * zeroed by the caller) with TRAIL_SEEN and the side back to the cell they
 * came from (TRAIL_ROOT where the walk began); a path is read back from the
 * trail. */
enum { TRAIL_SEEN = 0x80u, TRAIL_ROOT = 0x40u, TRAIL_SIDE = 0x07u };

/* ---- The road walk shared by `dig`, `dfs` and `fill` (the road article's
 * fill_with_road): extend a road into unvisited neighbours, chosen by
 * `pick`; when stuck, go back along the road and branch again from the
 * latest point that still can. Iterative: the way back is read from the
 * trail bytes, so no stack grows with the maze. */

/* Returns the side chosen among the set bits of `candidates`, sides of
 * `at`. */
typedef unsigned (*walk_pick_fn)(void *ctx, const meiro_maze *m, grid_at at, unsigned candidates);

/* Walks from cell `from`. With `carve` (generation) any unvisited
 * neighbour may be chosen and the side to it is opened in `carve` (the
 * same maze as m). Without (solving) the walk follows open sides, stops
 * when it enters `goal` and sets *found. *visited counts the cells
 * entered. */
void walk_roads(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, size_t from,
                walk_pick_fn pick, void *ctx, size_t goal, bool *found, uint64_t *visited,
                const meiro_observer *obs);

/* Moves the tip of a walk that may revisit cells (wall followers, Tremaux)
 * from cell i to its neighbour j through an open side (j's side `back`
 * faces i), keeping in the trail a simple path back to the start: entering
 * a cell already on it cuts off the loop. Returns the new tip, j. */
size_t trail_step(const meiro_maze *m, uint8_t *trail, size_t i, size_t j, unsigned back);

/* Breadth-first search over open sides from `from`, skipping cells already
 * marked in `seen`; calls visit with each new cell's id, its parent's and
 * (with `levels`) its distance; stops when visit returns true. */
typedef bool (*bfs_visit_fn)(void *ctx, size_t cell, size_t parent, uint32_t distance);
meiro_status bfs_walk(const meiro_maze *m, meiro_cell from, uint8_t *seen, bfs_visit_fn visit,
                      void *ctx, bool levels, meiro_error *err);

/* Breadth-first distances by id (UINT32_MAX: unreachable); dist holds
 * grid_total entries. */
meiro_status grid_distances(const meiro_maze *m, size_t from, uint32_t *dist, meiro_error *err);

#endif /* MEIRO_SRC_CORE_SEARCH_H */
