/* The walks every layer above shares: breadth-first search over open walls,
 * the road walk of the design articles, and the trail they leave. */
#ifndef MEIRO_SRC_CORE_SEARCH_H
#define MEIRO_SRC_CORE_SEARCH_H

#include "core/model.h"

/* Walks and solvers fill a per-cell byte array `trail` (w * h bytes,
 * zeroed by the caller) with TRAIL_SEEN and the direction back to the cell
 * they came from (TRAIL_ROOT where the walk began); a path is read back
 * from the trail. */
enum { TRAIL_SEEN = 0x80u, TRAIL_DIR = 0x03u, TRAIL_ROOT = 0x40u };

/* ---- The road walk shared by `dig`, `dfs` and `fill` (the road article's
 * fill_with_road): extend a road into unvisited neighbours, chosen by
 * `pick`; when stuck, go back along the road and branch again from the
 * latest point that still can. Iterative: the way back is read from the
 * trail bytes, so no stack grows with the maze. */

/* Returns the direction chosen among the set bits of `candidates`. */
typedef unsigned (*walk_pick_fn)(void *ctx, const meiro_maze *m, uint32_t x, uint32_t y,
                                 unsigned candidates);

/* Walks from `from`. With `carve` (generation) any unvisited neighbour may
 * be chosen and the wall to it is opened in `carve` (the same maze as m).
 * Without (solving) the walk follows open walls, stops when `goal` is
 * entered and sets *found. *visited counts the cells entered. */
void walk_roads(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, meiro_cell from,
                walk_pick_fn pick, void *ctx, meiro_cell goal, bool *found, uint64_t *visited,
                const meiro_observer *obs);

/* Moves the tip of a walk that may revisit cells (wall followers, Tremaux)
 * from cell i in direction d, keeping in the trail a simple path back to the
 * start: entering a cell already on it cuts off the loop. Returns the new
 * tip's index. */
size_t trail_step(const meiro_maze *m, uint8_t *trail, size_t i, unsigned d);

/* Breadth-first search over open walls from `from`, skipping cells already
 * marked in `seen`; calls visit with each new cell, its parent and (with
 * `levels`) its distance; stops when visit returns true. */
typedef bool (*bfs_visit_fn)(void *ctx, size_t cell, size_t parent, uint32_t distance);
meiro_status bfs_walk(const meiro_maze *m, meiro_cell from, uint8_t *seen, bfs_visit_fn visit,
                      void *ctx, bool levels, meiro_error *err);

#endif /* MEIRO_SRC_CORE_SEARCH_H */
