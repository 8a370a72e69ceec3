/* Generators: the registry, one function per file, and what runs after
 * generation (loops, where S and G go). */
#ifndef MEIRO_SRC_GEN_GEN_H
#define MEIRO_SRC_GEN_GEN_H

#include "core/model.h"
#include "core/rng.h"

typedef meiro_status (*generator_fn)(meiro_maze *m, rng_state *rng,
                                     const meiro_generate_options *opt, meiro_error *err);

typedef struct generator_entry {
    meiro_algorithm_desc info;
    generator_fn run;
    generator_fn run_grid; /* polar, hex and triangle grids; NULL: none */
    uint8_t grids;         /* the grids run_grid works on: bit g for grid g */
    bool shapes;           /* run works on a masked rectangle */
} generator_entry;

/* generator_entry.grids */
enum {
    GRIDS_POLAR = 1u << MEIRO_GRID_POLAR,
    GRIDS_OTHER = (1u << MEIRO_GRID_POLAR) | (1u << MEIRO_GRID_HEX) | (1u << MEIRO_GRID_TRIANGLE)
};

/* prim and true-prim: cell states, and the directions from (x, y) to
 * neighbours already in the maze. */
enum { PRIM_IN_MAZE = 1, PRIM_FRONTIER = 2 };
unsigned prim_in_maze_mask(const meiro_maze *m, const uint8_t *state, uint32_t x, uint32_t y);
/* The same on the other grids: the sides of a cell (neighbours next[0 ..
 * n - 1], GRID_NONE at the border) that lead into the maze. */
unsigned prim_in_maze_sides(const uint8_t *state, const size_t *next, unsigned n);

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

/* Masked rectangles (gen/mask.c). mask_join joins the pieces of the shape
 * inside[w * h] with the shortest bridges of cells (or refuses, without
 * bridges), counting the cells added. */
meiro_status mask_join(uint8_t *inside, uint32_t w, uint32_t h, bool bridges, uint32_t *added,
                       meiro_error *err);
/* A random cell of the maze, inside its shape (rng_below(w), then
 * rng_below(h), drawn again while outside). */
meiro_cell gen_random_cell(const meiro_maze *m, rng_state *rng);
/* Closes, in random order, every passage that closes a loop: walls grown
 * from a shape's edge leave one loop around each hole of the shape. */
meiro_status mask_close_loops(meiro_maze *m, rng_state *rng, meiro_error *err);

/* wall and bar: marks as wall (1) every point of the (w + 1) x (h + 1)
 * grid points (pw across) that touches a cell outside the maze's shape. */
void mark_shape_edge(const meiro_maze *m, uint8_t *state, uint32_t pw);

/* The same generators on polar, hex and triangle grids (in the same files;
 * binary-tree and sidewinder on polar grids only). */
meiro_status gen_dig_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                          meiro_error *err);
meiro_status gen_cluster_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err);
meiro_status gen_prim_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err);
meiro_status gen_true_prim_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                                meiro_error *err);
meiro_status gen_wilson_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                             meiro_error *err);
meiro_status gen_aldous_broder_grid(meiro_maze *m, rng_state *rng,
                                    const meiro_generate_options *opt, meiro_error *err);
meiro_status gen_growing_tree_grid(meiro_maze *m, rng_state *rng,
                                   const meiro_generate_options *opt, meiro_error *err);
meiro_status gen_hunt_and_kill_grid(meiro_maze *m, rng_state *rng,
                                    const meiro_generate_options *opt, meiro_error *err);
meiro_status gen_binary_tree_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                                  meiro_error *err);
meiro_status gen_sidewinder_grid(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                                 meiro_error *err);

/* Looks up a name or alias; NULL if not found. */
const generator_entry *generator_find(const char *name);
/* Entry i of the registry; NULL past the end. */
const generator_entry *generator_at(size_t i);

/* meiro_generate on a polar, hex or triangle grid (gen/generate_grid.c):
 * the options checked before the maze is made, --start and --goal (with
 * MEIRO_ENDS_CELLS) against its rows once it is. */
meiro_status grid_options_check(const meiro_generate_options *opt, meiro_error *err);
meiro_status grid_cells_check(const meiro_maze *m, const meiro_generate_options *opt,
                              meiro_error *err);
/* Their loops and ends: maze_braid and maze_place_ends by cell id. */
void grid_braid(meiro_maze *m, unsigned percent, rng_state *rng);
meiro_status grid_place_ends(meiro_maze *m, const meiro_generate_options *opt,
                             meiro_error *err);
/* --ends center on any grid (a rectangle, masked or not, too): G in the
 * cell nearest the middle, S in the border cell farthest from it by the
 * way (or the other way round with MEIRO_ENDS_CENTER_OUT). */
meiro_status place_center(meiro_maze *m, bool outward, meiro_error *err);

/* After generation: opens `percent` of the dead ends into loops, and puts
 * S and G where the options say. */
void maze_braid(meiro_maze *m, unsigned percent, rng_state *rng);
/* Whether the start and goal cells the options give (MEIRO_ENDS_CELLS) lie
 * in a w x h maze: checked before generating. */
meiro_status ends_check(uint32_t w, uint32_t h, const meiro_generate_options *opt, meiro_error *err);
meiro_status maze_place_ends(meiro_maze *m, const meiro_generate_options *opt, rng_state *rng,
                             meiro_error *err);

#endif /* MEIRO_SRC_GEN_GEN_H */
