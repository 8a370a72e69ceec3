/* The walks of core/search.h on polar, hex and triangle grids, by cell id:
 * the road walk (dig, dfs, fill), breadth-first search, and the trail a
 * path is read back from. */
#ifndef MEIRO_SRC_CORE_GRID_SEARCH_H
#define MEIRO_SRC_CORE_GRID_SEARCH_H

#include "core/grid.h"
#include "core/search.h"

/* The trail of a walk on these grids: TRAIL_SEEN, TRAIL_ROOT, and the side
 * of the cell leading back to the cell the walk came from. */
enum { GRID_TRAIL_SIDE = 0x07u };

/* Returns the side chosen among the set bits of `candidates`; next[] holds
 * the neighbours of cell id by side. */
typedef unsigned (*grid_pick_fn)(void *ctx, const meiro_maze *m, size_t id, unsigned candidates,
                                 const size_t next[GRID_MAX_SIDES]);

/* walk_roads by id: with `carve` the walk opens sides into unvisited
 * cells; without, it follows open sides and stops when it enters `goal`. */
void grid_walk_roads(const meiro_maze *m, meiro_maze *carve, uint8_t *trail, size_t from,
                     grid_pick_fn pick, void *ctx, size_t goal, bool *found, uint64_t *visited,
                     const meiro_observer *obs);

/* trail_step by id: moves the tip of a walk from cell i through side d,
 * cutting off a loop when it enters a cell already on the path. */
size_t grid_trail_step(const meiro_maze *m, uint8_t *trail, size_t i, unsigned d);

/* bfs_walk by id: `visit` gets cell ids. */
meiro_status grid_bfs_walk(const meiro_maze *m, size_t from, uint8_t *seen, bfs_visit_fn visit,
                           void *ctx, bool levels, meiro_error *err);

/* Breadth-first distances by id (UINT32_MAX: unreachable); dist holds
 * grid_total entries. */
meiro_status grid_distances(const meiro_maze *m, size_t from, uint32_t *dist, meiro_error *err);

/* meiro_distances on these grids: dist[y * width + x], width x height
 * entries (polar: the width is the outer ring's, past a ring's end
 * UINT32_MAX). */
meiro_status grid_distances_xy(const meiro_maze *m, meiro_cell from, uint32_t *dist,
                               meiro_error *err);

#endif /* MEIRO_SRC_CORE_GRID_SEARCH_H */
