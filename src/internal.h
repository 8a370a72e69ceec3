/* Private declarations shared by the library's sources: the maze layout,
 * the PRNG, the registries and small helpers. Not installed. */
#ifndef MEIRO_INTERNAL_H
#define MEIRO_INTERNAL_H

#include "meiro.h"

/* Each cell owns the wall on its east and its south side, so every inner
 * wall is stored exactly once. A set bit means the wall is open. */
enum { CELL_OPEN_E = 1u, CELL_OPEN_S = 2u, CELL_BITS = 3u };

struct meiro_maze {
    uint32_t w, h;
    uint8_t *cells; /* w * h bytes, row-major */
    meiro_cell start, goal;
    meiro_dir start_door, goal_door;
    bool has_seed;
    uint64_t seed;
    char algorithm[32];
    const meiro_observer *obs; /* set while a generator runs */
    uint32_t road;             /* the road (branch) number reported with carves */
};

/* Tells the observer (if any) one step. */
static inline void observe(const meiro_observer *obs, meiro_event_kind kind, uint32_t x,
                           uint32_t y, unsigned dir, uint32_t value)
{
    if (obs) {
        meiro_event ev = {(uint8_t)kind, (uint8_t)dir, x, y, value};
        obs->step(obs->ctx, &ev);
    }
}

static inline size_t cell_index(const meiro_maze *m, uint32_t x, uint32_t y)
{
    return (size_t)y * m->w + x;
}

static const int DIR_DX[4] = {0, 1, 0, -1};
static const int DIR_DY[4] = {-1, 0, 1, 0};

static inline meiro_dir dir_opposite(meiro_dir d) { return (meiro_dir)(d ^ 2u); }

/* Open between (x, y) and its neighbour in d, ignoring doors. The caller
 * guarantees (x, y) is inside. */
static inline bool cell_open(const meiro_maze *m, uint32_t x, uint32_t y, unsigned d)
{
    switch (d) {
    case MEIRO_NORTH: return y > 0 && (m->cells[cell_index(m, x, y - 1)] & CELL_OPEN_S);
    case MEIRO_EAST: return (m->cells[cell_index(m, x, y)] & CELL_OPEN_E) != 0;
    case MEIRO_SOUTH: return (m->cells[cell_index(m, x, y)] & CELL_OPEN_S) != 0;
    default: return x > 0 && (m->cells[cell_index(m, x - 1, y)] & CELL_OPEN_E);
    }
}

/* Bit mask of the directions open from (x, y) (doors excluded). */
static inline unsigned cell_open_mask(const meiro_maze *m, uint32_t x, uint32_t y)
{
    size_t i = cell_index(m, x, y);
    uint8_t c = m->cells[i];
    unsigned mask = 0;
    if (y > 0 && (m->cells[i - m->w] & CELL_OPEN_S)) mask |= 1u << MEIRO_NORTH;
    if (c & CELL_OPEN_E) mask |= 1u << MEIRO_EAST;
    if (c & CELL_OPEN_S) mask |= 1u << MEIRO_SOUTH;
    if (x > 0 && (m->cells[i - 1] & CELL_OPEN_E)) mask |= 1u << MEIRO_WEST;
    return mask;
}

/* Bit mask of the directions that lead to another cell of the grid. */
static inline unsigned cell_inside_mask(const meiro_maze *m, uint32_t x, uint32_t y)
{
    unsigned mask = 0;
    if (y > 0) mask |= 1u << MEIRO_NORTH;
    if (x + 1 < m->w) mask |= 1u << MEIRO_EAST;
    if (y + 1 < m->h) mask |= 1u << MEIRO_SOUTH;
    if (x > 0) mask |= 1u << MEIRO_WEST;
    return mask;
}

/* A hint to fetch memory that will be read soon (no effect where the
 * compiler offers none). */
#if defined(__GNUC__)
#define prefetch(addr) __builtin_prefetch(addr)
#else
#define prefetch(addr) ((void)(addr))
#endif

/* Tells the maze's observer a wall change (out of line: rarely watched). */
void maze_notify(meiro_maze *m, uint32_t x, uint32_t y, uint8_t bit, bool open);

#if defined(__GNUC__)
#define UNLIKELY(c) __builtin_expect(!!(c), 0)
#else
#define UNLIKELY(c) (c)
#endif

/* Sets or clears the wall between (x, y) and its inner neighbour in d.
 * Inline: every generator's innermost step. */
static inline void maze_set_wall(meiro_maze *m, uint32_t x, uint32_t y, unsigned d, bool open)
{
    uint8_t bit = CELL_OPEN_E;
    switch (d) {
    case MEIRO_NORTH: y--; bit = CELL_OPEN_S; break;
    case MEIRO_EAST: break;
    case MEIRO_SOUTH: bit = CELL_OPEN_S; break;
    default: x--; break;
    }
    uint8_t *c = &m->cells[cell_index(m, x, y)];
    *c = open ? (uint8_t)(*c | bit) : (uint8_t)(*c & ~bit);
    if (UNLIKELY(m->obs)) maze_notify(m, x, y, bit, open);
}

/* Is there a wall on the grid segment above cell (x, y) (y may be h: the
 * bottom border), or left of it (x may be w)? The outer wall counts, with
 * its openings where S or G have a door. */
bool maze_wall_above(const meiro_maze *m, uint32_t x, uint32_t y);
bool maze_wall_left(const meiro_maze *m, uint32_t x, uint32_t y);

/* Opens every inner wall (the starting point of the wall-adding
 * generators). */
void maze_open_all(meiro_maze *m);

/* ---- Errors ---- */

/* Fills err (if not NULL) and returns status. printf-style message. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
meiro_status meiro_fail(meiro_error *err, meiro_status status, const char *fmt, ...);

/* Same, with a position in an input file. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
meiro_status meiro_fail_at(meiro_error *err, meiro_status status, unsigned long line,
                           unsigned long column, const char *fmt, ...);

/* Overflow-checked allocations: NULL on overflow or exhaustion. */
void *meiro_calloc(size_t count, size_t size);
void *meiro_malloc_array(size_t count, size_t size);
void *meiro_realloc_array(void *ptr, size_t count, size_t size);
/* Zeroed memory for large scratch arrays read in random order (huge pages
 * where the system offers them); free with free(). */
void *meiro_calloc_big(size_t count, size_t size);

/* A growable array of 32-bit values (frontiers, stacks, lists). */
typedef struct u32vec {
    uint32_t *items;
    size_t count, cap;
} u32vec;

/* Appends v; false when out of memory. */
bool u32vec_push(u32vec *v, uint32_t value);

/* A binary min-heap of 64-bit keys (priority in the high bits, a cell in
 * the low ones). */
typedef struct u64heap {
    uint64_t *items;
    size_t count, cap;
} u64heap;

bool u64heap_push(u64heap *h, uint64_t key); /* false when out of memory */
uint64_t u64heap_pop(u64heap *h);            /* the smallest; count > 0 */

/* ---- PRNG: xoshiro256** seeded by splitmix64, the same on every machine. */

typedef struct meiro_rng {
    uint64_t s[4];
} meiro_rng;

void rng_seed(meiro_rng *rng, uint64_t seed);
uint64_t rng_next(meiro_rng *rng);
/* Uniform in [0, bound) without modulo bias; bound > 0. */
uint32_t rng_below(meiro_rng *rng, uint32_t bound);
/* A uniformly chosen set bit of mask (mask != 0): returns its index. */
unsigned rng_pick_bit(meiro_rng *rng, unsigned mask);
/* Uniform in [0, 1). */
double rng_unit(meiro_rng *rng);
/* A keyed 64-bit hash: a random-looking value per (key, x), no storage. */
uint64_t rng_hash(uint64_t key, uint64_t x);

/* A pseudo-random permutation of [0, n) that needs no memory: a keyed
 * Feistel network on the next even power of two, cycle-walked into range.
 * Used to visit walls or points in random order without shuffling an array
 * as large as the maze. */
typedef struct meiro_perm {
    uint64_t n;
    unsigned half_bits;
    uint64_t half_mask;
    uint64_t keys[4];
} meiro_perm;

void perm_init(meiro_perm *p, uint64_t n, meiro_rng *rng);
uint64_t perm_at(const meiro_perm *p, uint64_t i);

/* The permutation read in order, computed PERM_AHEAD steps before use so a
 * caller can prefetch what the coming values will touch: algorithms that
 * visit a maze-sized array in random order are bound by cache misses, and
 * overlapping them is what makes large mazes fast. */
enum { PERM_AHEAD = 16 };
typedef struct perm_stream {
    meiro_perm perm;
    uint64_t k;
    uint64_t ahead[PERM_AHEAD];
} perm_stream;

void perm_stream_init(perm_stream *s, uint64_t n, meiro_rng *rng);
/* The next value; *later is set to the value PERM_AHEAD steps on, or
 * UINT64_MAX near the end. Call at most n times. */
uint64_t perm_stream_next(perm_stream *s, uint64_t *later);
/* The value `steps` (< PERM_AHEAD) after the one next() returned last. */
static inline uint64_t perm_stream_peek(const perm_stream *s, unsigned steps)
{
    return s->ahead[(s->k - 1 + steps) % PERM_AHEAD];
}

/* After generation: opens `percent` of the dead ends into loops, and puts
 * S and G where the options say. */
void maze_braid(meiro_maze *m, unsigned percent, meiro_rng *rng);
meiro_status maze_place_ends(meiro_maze *m, const meiro_generate_options *opt, meiro_rng *rng,
                             meiro_error *err);

/* ---- Generators and solvers: one file each, listed in one table. ---- */

typedef meiro_status (*generator_fn)(meiro_maze *m, meiro_rng *rng,
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
meiro_status gen_dig(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                     meiro_error *err);
meiro_status gen_cluster(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                         meiro_error *err);
meiro_status gen_bar(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                     meiro_error *err);
meiro_status gen_wall(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                      meiro_error *err);
meiro_status gen_prim(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                      meiro_error *err);
meiro_status gen_true_prim(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                           meiro_error *err);
meiro_status gen_wilson(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                        meiro_error *err);
meiro_status gen_aldous_broder(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                               meiro_error *err);
meiro_status gen_eller(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                       meiro_error *err);
meiro_status gen_growing_tree(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                              meiro_error *err);
meiro_status gen_hunt_and_kill(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                               meiro_error *err);
meiro_status gen_binary_tree(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                             meiro_error *err);
meiro_status gen_sidewinder(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
                            meiro_error *err);
meiro_status gen_division(meiro_maze *m, meiro_rng *rng, const meiro_generate_options *opt,
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

/* True if `name` is `info`'s name or one of its space-separated aliases. */
bool info_matches(const meiro_algorithm_info *info, const char *name);

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

/* ---- Readers and writers ---- */

meiro_status write_text(const meiro_maze *m, const meiro_path *path, FILE *out, bool csv);
meiro_status write_lines(const meiro_maze *m, const meiro_path *path, FILE *out, bool unicode);
meiro_maze *read_grid(FILE *in, bool csv, meiro_error *err);

/* The document exporters, one file each. */
meiro_status export_pdf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, meiro_error *err);
meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, meiro_error *err);
meiro_status export_png(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, meiro_error *err);
meiro_status export_xlsx(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, meiro_error *err);

/* Writes a file atomically: `write` fills a temporary file next to it,
 * which is flushed, synced and renamed over `filename` only on success. */
typedef meiro_status (*stream_writer)(void *ctx, FILE *out, meiro_error *err);
meiro_status save_atomically(const char *filename, stream_writer write, void *ctx,
                             meiro_error *err);

/* Marks the path's cells in a w * h byte array (1 = on the path) and the
 * walls it crosses (2 = through east wall, 4 = through south wall). NULL
 * path gives NULL with MEIRO_OK. */
meiro_status path_marks(const meiro_maze *m, const meiro_path *path, uint8_t **marks);

/* ---- Page layout (millimetres, origin top-left) ---- */

enum { TITLE_BAND_MM = 16, TITLE_FONT_MM = 8, FOOTER_BAND_MM = 7, FOOTER_FONT_MM = 3 };

typedef struct page_layout {
    double page_w, page_h; /* the paper, after orientation */
    bool landscape;
    double margin;
    double cell;           /* side of a square cell */
    double line;           /* wall line width */
    double maze_x, maze_y; /* top-left corner of the maze (on the wall lines) */
    double maze_w, maze_h;
    double title_size;     /* font size; 0 = no title */
    double title_baseline;
    double footer_size, footer_baseline;
    double mark_size;      /* S and G */
    double path_width;     /* the solution line */
    double crop_x, crop_y, crop_w, crop_h; /* PNG --crop rectangle */
} page_layout;

meiro_status layout_page(uint32_t w, uint32_t h, const meiro_export_options *opt,
                         page_layout *layout, meiro_error *err);

/* The general form, for pages of several mazes: a frame of text bands
 * around a body, the body split into slots, a maze placed in each. */
enum { SUBTITLE_BAND_MM = 9, SUBTITLE_FONT_MM = 5, FIELDS_BAND_MM = 13, FIELDS_FONT_MM = 4,
       CAPTION_BAND_MM = 6, CAPTION_FONT_MM = 3, GUTTER_MM = 8 };

typedef struct box {
    double x, y, w, h;
} box;

typedef struct page_frame {
    double page_w, page_h;
    bool landscape;
    double margin;
    double title_size, title_baseline;       /* size 0: no title */
    double subtitle_size, subtitle_baseline;
    double fields_size, fields_baseline;
    double footer_size, footer_baseline;
    box body;
} page_frame;

typedef struct frame_texts {
    bool title, subtitle, fields;
} frame_texts;

/* Auto orientation: the one giving the larger cells (ties: portrait). */
bool choose_landscape(uint32_t w, uint32_t h, const meiro_export_options *opt, frame_texts texts);

/* The frame of a page of the given paper and orientation (landscape
 * already decided). */
meiro_status layout_frame(meiro_paper paper, bool landscape, double margin, frame_texts texts,
                          page_frame *f, meiro_error *err);

/* The body split into n slots (1, 2, 4, 6 or 9): a grid of rows x columns
 * that suits the page's orientation, with gutters between. */
unsigned layout_slots(const page_frame *f, unsigned n, box *slots);

/* A w x h maze centred in a slot, below a caption band if `caption`.
 * cell_exact > 0 insists on that cell size (an error naming the largest
 * that fits otherwise); cell_max > 0 caps the fitted size; line > 0 fixes
 * the wall width. Fills the maze fields of L (and crop), not the frame's. */
meiro_status layout_in_slot(uint32_t w, uint32_t h, box slot, bool caption, double cell_exact,
                            double cell_max, double line, page_layout *L, meiro_error *err);

/* ---- Templates ---- */

typedef enum answers_place { ANSWERS_NONE, ANSWERS_AFTER_PAGE, ANSWERS_KEY } answers_place;

struct meiro_template {
    char name[64], description[200];
    char path[1024], dir[1024]; /* where it was read from; art is relative to dir */
    meiro_paper paper;
    meiro_orientation orientation;
    double margin;
    unsigned per_page;      /* 1, 2, 4 or 6 mazes */
    double cell;            /* mm; 0 = fit */
    double line;            /* mm; 0 = a tenth of the cell */
    char start_label[32], goal_label[32];
    char font[96];
    char title[200], subtitle[200], fields[200];
    char lang[8];
    bool page_numbers, show_seed, cover;
    answers_place answers;
    unsigned key_per_page;  /* solved mazes per answer-key page */
    char art_frame[256], art_start[256], art_goal[256];
};

/* meiro's own words in one language. */
typedef struct meiro_labels {
    const char *lang;
    const char *default_title, *answers, *maze_no, *answer_to, *page_no, *answers_at_back,
        *fields, *maze_count;
} meiro_labels;

const meiro_labels *labels_for(const char *lang); /* English if unknown */
bool lang_known(const char *lang);

/* Files built into the library (tools/embed.sh): templates and artwork. */
typedef struct builtin_file {
    const char *file;  /* relative to templates/: "kids-a4.ini", "art/x.svg" */
    const char *name;  /* template name, or NULL */
    bool is_template;
    const char *data;
    size_t size;
} builtin_file;

extern const builtin_file builtin_files[];
extern const size_t builtin_file_count;
const builtin_file *builtin_find(const char *file);

#endif /* MEIRO_INTERNAL_H */
