/* Generators: the registry, one function per file, and what runs after
 * generation (loops, where S and G go). */
#ifndef MEIRO_SRC_GEN_GEN_H
#define MEIRO_SRC_GEN_GEN_H

#include "core/grid.h"
#include "core/hints.h"
#include "core/rng.h"

typedef meiro_status (*generator_fn)(meiro_maze *m, rng_state *rng,
                                     const meiro_generate_options *opt, meiro_error *err);

/* The random walks (aldous-broder, wilson) on a grid whose cells repeat
 * in at most two kinds: rectangles (one), hex (even and odd columns),
 * triangle (up and down). A step is little more than its random draw, so a
 * draw gives many steps (2 bits each with up to 4 sides, 3 with 6; a value
 * past the sides is drawn again) and the walk's own state is a byte or a
 * bit a cell with a border around the grid ((w + 2) x (h + 2), row y + 1,
 * column x + 1): a step that would leave the grid lands on the border and
 * is drawn again, which picks uniformly among the sides a border cell has,
 * with no bounds check on the other steps. The walks are compiled once for
 * rectangles (one kind, four sides: constants) and once for the others. */
typedef struct lattice {
    unsigned sides, bits; /* sides a cell; bits a draw */
    unsigned flip;        /* bit s: the step across side s changes the kind */
    unsigned kx, ky;      /* the kind of cell (x, y): (kx * x + ky * y) & 1 */
    size_t pstep[2][6];   /* the step across each side on the padded grid */
    size_t step[2][6];    /* and in cell numbers */
    unsigned back[2][6];  /* the side facing back */
} lattice;

/* False for a grid the walks must take the general way (polar, a shape, a
 * wrapped rectangle, a side of one cell). */
bool gen_lattice(const meiro_maze *m, lattice *l);

static inline unsigned lattice_kind(const lattice *l, size_t x, size_t y)
{
    return (unsigned)(l->kx * x + l->ky * y) & 1u;
}

/* (w + 2) x (h + 2) bytes, `edge` around the grid and 0 inside. */
uint8_t *gen_padded(const meiro_maze *m, uint8_t edge);

typedef struct generator_entry {
    meiro_algorithm_desc info;
    generator_fn run;
    uint8_t grids; /* the grids run works on: bit g for grid g */
    bool shapes;   /* run works on a masked rectangle */
    bool wraps;    /* and on a wrapped one (m->wrap): a spanning tree of the
                      cell graph, not of rows and columns */
} generator_entry;


/* generator_entry.grids */
enum {
    GRIDS_RECT = 1u << MEIRO_GRID_RECT,
    GRIDS_RECT_POLAR = GRIDS_RECT | 1u << MEIRO_GRID_POLAR,
    GRIDS_ALL = (1u << MEIRO_GRID_COUNT) - 1
};

/* Generators for every grid (the cell graph of core/grid.h), one per file;
 * opt carries the knobs some of them use. */
meiro_status gen_dig(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                     meiro_error *err);
meiro_status gen_cluster(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                         meiro_error *err);
meiro_status gen_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err);
meiro_status gen_true_prim(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err);
meiro_status gen_wilson(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                        meiro_error *err);
meiro_status gen_aldous_broder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err);
meiro_status gen_growing_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                              meiro_error *err);
meiro_status gen_hunt_and_kill(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                               meiro_error *err);
/* A rectangle's form and a polar grid's (rows and columns, rings and
 * rays). */
meiro_status gen_binary_tree(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                             meiro_error *err);
meiro_status gen_sidewinder(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                            meiro_error *err);
/* Rectangles only: walls between grid points, or whole rows. */
meiro_status rect_bar(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                      meiro_error *err);
meiro_status rect_wall(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                       meiro_error *err);
meiro_status rect_eller(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                        meiro_error *err);
meiro_status rect_division(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                           meiro_error *err);

/* The weave form of generator `run` (gen/weave.c), NULL for one that cannot
 * weave. */
generator_fn weave_generator(generator_fn run);

/* What several generators share. A random cell of the maze: on a
 * rectangle rng_below(w), then rng_below(h), drawn again while outside its
 * shape; on the other grids rng_below(cells). */
size_t gen_random_cell(const meiro_maze *m, rng_state *rng);
/* A random side of `at` among `sides` (from grid_links): on a rectangle
 * (rect) one draw among those sides, on the other grids a draw among all
 * sides of the cell, again while it hits the border. (The draws each
 * grid's mazes were first made with; the same seed keeps giving the same
 * maze.) */
static inline unsigned gen_random_side(const meiro_maze *m, bool rect, rng_state *rng, grid_at at,
                                       unsigned sides)
{
    if (rect) return rng_pick_bit(rng, sides);
    unsigned n = grid_sides(m, at.id), s;
    do s = rng_below(rng, n);
    while (!(sides >> s & 1u));
    return s;
}

/* prim and true-prim: cell states, and which of a cell's `sides` (from
 * grid_links, neighbours in next) lead into the maze. */
enum { PRIM_IN_MAZE = 1, PRIM_FRONTIER = 2 };
unsigned prim_in_maze_sides(const uint8_t *state, const size_t *next, unsigned sides);

/* Masked rectangles (gen/mask.c). mask_join joins the pieces of the shape
 * inside[w * h] with the shortest bridges of cells (or refuses, without
 * bridges), counting the cells added. */
meiro_status mask_join(uint8_t *inside, uint32_t w, uint32_t h, bool bridges, uint32_t *added,
                       meiro_error *err);
/* Closes, in random order, every passage that closes a loop: walls grown
 * from a shape's edge leave one loop around each hole of the shape. */
meiro_status mask_close_loops(meiro_maze *m, rng_state *rng, meiro_error *err);
/* wall and bar: marks as wall (1) every point of the (w + 1) x (h + 1)
 * grid points (pw across) that touches a cell outside the maze's shape. */
void mark_shape_edge(const meiro_maze *m, uint8_t *state, uint32_t pw);

/* Looks up a name or alias; NULL if not found. */
const generator_entry *generator_find(const char *name);
/* Entry i of the registry; NULL past the end. */
const generator_entry *generator_at(size_t i);

/* meiro_generate, and with choices > 0 (--choices, MEIRO_JOB_CHOICES) its
 * maze remade so that the way from S to G has exactly that many decision
 * points (maze_choices); on a rectangle with the sides `wrap` (MEIRO_WRAP_*
 * bits, MEIRO_JOB_WRAP) joined. */
meiro_maze *gen_maze(const meiro_generate_options *opt, unsigned choices, unsigned wrap,
                     meiro_error *err);
/* gen/choices.c: after S and G are placed on a perfect maze (of one
 * piece, no weave), the way and the rest rebuilt around them with n
 * decision points; refused (MEIRO_ERROR_ARGUMENT, a line saying why) when
 * the grid or the way walked cannot hold n. */
meiro_status maze_choices(meiro_maze *m, unsigned n, rng_state *rng, meiro_error *err);

/* After generation (gen/braid.c, gen/ends.c): opens `percent` of the dead
 * ends into loops, and puts S and G where the options say. */
void maze_braid(meiro_maze *m, unsigned percent, rng_state *rng);
/* Whether the options' ends fit the grid before the maze is made: the
 * placement known, and on a rectangle the start and goal cells
 * (MEIRO_ENDS_CELLS) inside it (the other grids' rows differ in width:
 * ends_cells_check checks them once the maze is made). */
meiro_status ends_check(const meiro_generate_options *opt, meiro_error *err);
meiro_status ends_cells_check(const meiro_maze *m, const meiro_generate_options *opt,
                              meiro_error *err);
meiro_status maze_place_ends(meiro_maze *m, const meiro_generate_options *opt, meiro_error *err);

/* A shape's S and G stand in doors of its outline, with an arrow and a
 * badge outside (compose/draw.c): the sides of cell c of a shaped
 * rectangle (bit 1 << d) that face out of the shape with nothing of it
 * beyond, across a strip three cells wide (the cell's line and the two
 * beside it) to the grid's edge; run[d] takes the cells from c to that
 * edge. 0 on a maze without a mask, or for a cell outside it. */
unsigned shape_door_sides(const meiro_maze *m, meiro_cell c, uint32_t run[4]);

#endif /* MEIRO_SRC_GEN_GEN_H */
