/* Generators and solvers: their registries, the shared walks and searches,
 * and what runs after generation (loops, where S and G go). */
#ifndef MEIRO_ALGORITHMS_H
#define MEIRO_ALGORITHMS_H

#include "model.h"
#include "rng.h"

/* After generation: opens `percent` of the dead ends into loops, and puts
 * S and G where the options say. */
void maze_braid(meiro_maze *m, unsigned percent, rng_state *rng);
meiro_status maze_place_ends(meiro_maze *m, const meiro_generate_options *opt, rng_state *rng,
                             meiro_error *err);

/* ---- Generators and solvers: one file each, listed in one table. ---- */

typedef meiro_status (*generator_fn)(meiro_maze *m, rng_state *rng,
                                     const meiro_generate_options *opt, meiro_error *err);

typedef struct generator_entry {
    meiro_algorithm_info info;
    generator_fn run;
} generator_entry;

/* prim and true-prim: cell states, and the directions from (x, y) to
 * neighbours already in the maze. */
enum { PRIM_IN_MAZE = 1, PRIM_FRONTIER = 2 };
unsigned prim_in_maze_mask(const meiro_maze *m, const uint8_t *state, uint32_t x, uint32_t y);

/* One generator per file; opt carries the knobs some of them use. */
meiro_status gen_dig(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                     meiro_error *err);
meiro_status gen_cluster(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                         meiro_error *err);
meiro_status gen_bar(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                     meiro_error *err);
meiro_status gen_wall(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err);
meiro_status gen_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err);
meiro_status gen_true_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err);
meiro_status gen_wilson(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                        meiro_error *err);
meiro_status gen_aldous_broder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err);
meiro_status gen_eller(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                       meiro_error *err);
meiro_status gen_growing_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err);
meiro_status gen_hunt_and_kill(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err);
meiro_status gen_binary_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                             meiro_error *err);
meiro_status gen_sidewinder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                            meiro_error *err);
meiro_status gen_division(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                          meiro_error *err);

/* Solvers fill a per-cell byte array `trail` (w * h bytes, zeroed by the
 * caller) with TRAIL_SEEN and the direction back to the cell they came
 * from, and return whether the goal was reached; the path is read back
 * from the trail. */
enum { TRAIL_SEEN = 0x80u, TRAIL_DIR = 0x03u, TRAIL_ROOT = 0x40u };

typedef meiro_status (*solver_fn)(const meiro_maze *m, uint8_t *trail, bool *found,
                                  uint64_t *explored, const meiro_observer *obs,
                                  meiro_error *err);

typedef struct solver_entry {
    meiro_algorithm_info info;
    solver_fn run;
    bool complete; /* finds a path whenever there is one */
} solver_entry;

/* One solver per file. */
meiro_status solve_bfs(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                        const meiro_observer *obs, meiro_error *err);
meiro_status solve_dfs(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                        const meiro_observer *obs, meiro_error *err);
meiro_status solve_fill(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                         const meiro_observer *obs, meiro_error *err);
meiro_status solve_astar(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                          const meiro_observer *obs, meiro_error *err);
meiro_status solve_deadend(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                            const meiro_observer *obs, meiro_error *err);
meiro_status solve_left_hand(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                              const meiro_observer *obs, meiro_error *err);
meiro_status solve_right_hand(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                               const meiro_observer *obs, meiro_error *err);
meiro_status solve_tremaux(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                            const meiro_observer *obs, meiro_error *err);


/* Looks up a name or alias in a registry; NULL if not found. */
const generator_entry *generator_find(const char *name);
const solver_entry *solver_find(const char *name);

/* ---- The road walk shared by `dig`, `dfs` and `fill` (seed 000's
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

#endif /* MEIRO_ALGORITHMS_H */
