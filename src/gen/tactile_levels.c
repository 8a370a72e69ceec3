/* The pre-braille progression as mazes (tactile_levels.h): a child who
 * reads with the fingers first follows a line, then a line that turns,
 * then a Y fork, then lines crossing, then a small classic maze. The first
 * four are figures drawn below on a rectangle (the cells off the figure
 * outside its mask), so the tactile sheet draws them as it draws any maze:
 * their centre-lines raised, S and G its symbols. In a figure, letters
 * stand on even columns and rows (S, G, or o a cell), '-' and '|' between
 * two are a passage. */
#include "gen/tactile_levels.h"

#include "core/alloc.h"
#include "core/error.h"
#include "gen/gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FIGURE_ROWS = 9 };

/* A figure: its name (for captions), whether the seed mirrors it across,
 * down or both (the line keeps S on the left, as braille is read), its
 * rows (NULL after the last). */
typedef struct figure {
    const char *name;
    bool mirrored;
    const char *rows[FIGURE_ROWS];
} figure;

static const figure figures[TACTILE_LEVEL_MAZE - 1] = {
    {"line", false, {"S-o-o-o-G"}},
    {"turns", true, {"S-o-o", "    |", "o-o-o", "|    ", "o-o-G"}},
    {"fork", true, {"o   G", "|   |", "o-o-o", "  |  ", "  o  ", "  |  ", "  S  "}},
    /* down the page: an A5 sheet holds 6 x 5 cells upright, 9 x 2 on its side */
    {"crossings",
     true,
     {"  S  ", "  |  ", "o-o-o", "  |  ", "  o  ", "  |  ", "o-o-o", "  |  ", "  G  "}},
};

/* The last level: a classic maze, small enough for an A5 sheet at the
 * tactile cells, upright (6 x 5 fit), by dig (long corridors, few
 * branches) */
#define CLASSIC_W 4
#define CLASSIC_H 5

static uint32_t figure_w(const figure *f) { return (uint32_t)(strlen(f->rows[0]) + 1) / 2; }

static uint32_t figure_h(const figure *f)
{
    uint32_t rows = 0;
    while (rows < FIGURE_ROWS && f->rows[rows]) rows++;
    return (rows + 1) / 2;
}

void tactile_level_size(unsigned level, uint32_t *w, uint32_t *h)
{
    if (level < 1 || level > TACTILE_LEVEL_MAZE) { /* no such level: no cells */
        *w = *h = 0;
        return;
    }
    if (level == TACTILE_LEVEL_MAZE) {
        *w = CLASSIC_W, *h = CLASSIC_H;
        return;
    }
    *w = figure_w(&figures[level - 1]);
    *h = figure_h(&figures[level - 1]);
}

/* The character at figure column c, row r ('\0' and ' ' off it). */
static char at(const figure *f, uint32_t c, uint32_t r)
{
    if (r >= FIGURE_ROWS || !f->rows[r]) return ' ';
    return c < strlen(f->rows[r]) ? f->rows[r][c] : ' ';
}

/* Figure cell (fx, fy) on the maze, mirrored by the seed. */
static meiro_cell place(const figure *f, uint64_t seed, uint32_t fx, uint32_t fy)
{
    if (f->mirrored && (seed & 1)) fx = figure_w(f) - 1 - fx;
    if (f->mirrored && (seed & 2)) fy = figure_h(f) - 1 - fy;
    return (meiro_cell){fx, fy};
}

static meiro_maze *draw_figure(const figure *f, uint64_t seed, meiro_error *err)
{
    uint32_t w = figure_w(f), h = figure_h(f);
    meiro_maze *m = meiro_maze_new(w, h, err);
    uint8_t *inside = m ? alloc_array((size_t)w * h, 1) : NULL;
    if (m && !inside) fail(err, MEIRO_ERROR_NOMEM, "out of memory for a tactile level");
    if (!inside) {
        meiro_maze_free(m);
        return NULL;
    }
    memset(inside, 0, (size_t)w * h);
    for (uint32_t fy = 0; fy < figure_h(f); fy++)
        for (uint32_t fx = 0; fx < figure_w(f); fx++) {
            char c = at(f, 2 * fx, 2 * fy);
            if (c == ' ') continue;
            meiro_cell p = place(f, seed, fx, fy);
            inside[(size_t)p.y * w + p.x] = 1;
            if (c == 'S') m->start = p;
            if (c == 'G') m->goal = p;
        }
    meiro_status s = meiro_maze_set_mask(m, inside, err);
    free(inside);
    /* set_mask moves S and G to the cells nearest the corners: the
     * figure's again after it, and its passages */
    for (uint32_t fy = 0; s == MEIRO_OK && fy < figure_h(f); fy++)
        for (uint32_t fx = 0; fx < figure_w(f); fx++) {
            char c = at(f, 2 * fx, 2 * fy);
            meiro_cell p = place(f, seed, fx, fy);
            if (c == 'S') m->start = p;
            if (c == 'G') m->goal = p;
            /* a passage east or south of the figure's cell, mirrored with it */
            for (int d = 0; d < 2; d++) {
                char link = d ? at(f, 2 * fx, 2 * fy + 1) : at(f, 2 * fx + 1, 2 * fy);
                if (link != (d ? '|' : '-')) continue;
                meiro_cell q = place(f, seed, fx + !d, fy + d);
                unsigned dir = q.x > p.x   ? MEIRO_EAST
                               : q.x < p.x ? MEIRO_WEST
                               : q.y > p.y ? MEIRO_SOUTH
                                           : MEIRO_NORTH;
                maze_set_wall(m, p.x, p.y, dir, true);
            }
        }
    if (s == MEIRO_OK) snprintf(m->shape, sizeof m->shape, "%s", f->name);
    else {
        meiro_maze_free(m);
        m = NULL;
    }
    return m;
}

meiro_maze *gen_tactile_level(unsigned level, uint64_t seed, meiro_error *err)
{
    if (level < 1 || level > TACTILE_LEVEL_MAZE) {
        fail(err, MEIRO_ERROR_ARGUMENT, "no tactile level %u (1 to 5)", level);
        return NULL;
    }
    if (level < TACTILE_LEVEL_MAZE) return draw_figure(&figures[level - 1], seed, err);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = CLASSIC_W;
    o.height = CLASSIC_H;
    o.algorithm = "dig";
    o.ends = MEIRO_ENDS_CORNERS;
    o.seed = seed;
    return gen_maze(&o, 0, 0, err);
}
