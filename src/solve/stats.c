/* Maze metrics: openings per cell, reachability, the shortest solution and
 * its turns, the longest path, and how long the dead-end branches run. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/search.h"

#include <stdlib.h>

/* Walks from every dead end along the corridor to the first junction (or
 * the other end of an isolated corridor) and averages the lengths. */
static double river(const meiro_maze *m, uint64_t dead_ends)
{
    if (dead_ends == 0) return 0;
    size_t n = grid_total(m), next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (grid_degree(m, i) != 1) continue;
        size_t at = i, from = GRID_NONE;
        for (;;) {
            total++;
            unsigned exits = grid_exits(m, grid_at_exits(m, at), next, back), ways = 0;
            size_t to = GRID_NONE;
            FOR_EACH_SIDE_IN (s, exits)
                if (next[s] != from) ways++, to = next[s];
            if (ways != 1) break; /* a junction or the end */
            from = at;
            at = to;
            if (grid_degree(m, at) > 2) break;
        }
    }
    return (double)total / (double)dead_ends;
}

/* A turn is a change of heading between two steps: on rectangles the four
 * directions, on hex grids the six sides; on triangle grids a step is east
 * or west along the row, or north or south across it (going straight along
 * a row zigzags through triangles pointing up and down); on polar grids in,
 * out, clockwise or counter-clockwise, and a way through the centre disc is
 * straight when it leaves on the far side. */
enum { HEAD_N, HEAD_E, HEAD_S, HEAD_W, HEAD_IN, HEAD_OUT, HEAD_CW, HEAD_CCW };

static unsigned heading(const meiro_maze *m, size_t id, unsigned side)
{
    switch (m->grid) {
    case MEIRO_GRID_RECT:
    case MEIRO_GRID_HEX: return side;
    case MEIRO_GRID_TRIANGLE: {
        meiro_cell c = grid_cell(m, id);
        static const unsigned UP[3] = {HEAD_E, HEAD_S, HEAD_W}, DOWN[3] = {HEAD_N, HEAD_E, HEAD_W};
        return ((c.x + c.y) & 1u) == 0 ? UP[side] : DOWN[side];
    }
    default: {
        if (id == 0) return HEAD_OUT;
        unsigned sides = grid_sides(m, id);
        return side == 0 ? HEAD_IN : side == 1 ? HEAD_CCW : side + 1 == sides ? HEAD_CW : HEAD_OUT;
    }
    }
}

/* The side of cell a leading to its neighbour b. */
static unsigned side_to(const meiro_maze *m, size_t a, size_t b)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    /* the open sides: a weave's tunnel leads two cells on */
    unsigned sides = grid_exits(m, grid_at_id(m, a), next, back);
    FOR_EACH_SIDE_IN (s, sides)
        if (next[s] == b) return s;
    return GRID_MAX_SIDES;
}

static uint64_t turns_along(const meiro_maze *m, const meiro_path *path)
{
    uint64_t turns = 0;
    for (size_t k = 2; k < path->length; k++) {
        size_t a = grid_id(m, path->cells[k - 2]), b = grid_id(m, path->cells[k - 1]),
               c = grid_id(m, path->cells[k]);
        unsigned in = side_to(m, a, b), out = side_to(m, b, c);
        if (m->grid == MEIRO_GRID_POLAR && b == 0) { /* through the centre */
            unsigned from = side_to(m, b, a);
            turns += (out + 6 - from) % 6 != 3;
            continue;
        }
        turns += heading(m, a, in) != heading(m, b, out);
    }
    return turns;
}

/* Through meiro_distances (y * width + x on every grid): cells reachable
 * from S, the longest path (the farthest cell from anywhere ends one; sweep
 * again), and the shortest solution with its decisions (cells of 3 or more
 * openings) and turns. */
static meiro_status measure_ways(const meiro_maze *m, meiro_stats *st, meiro_error *err)
{
    size_t total = (size_t)m->w * m->h;
    uint32_t *dist = alloc_array(total, sizeof *dist);
    if (!dist) return fail(err, MEIRO_ERROR_NOMEM, "out of memory measuring the maze");
    meiro_status s = meiro_distances(m, m->start, dist, err);
    size_t far = (size_t)m->start.y * m->w + m->start.x;
    for (size_t i = 0; s == MEIRO_OK && i < total; i++) {
        st->reachable += dist[i] != UINT32_MAX;
        if (dist[i] != UINT32_MAX && dist[i] > dist[far]) far = i;
    }
    if (s == MEIRO_OK)
        s = meiro_distances(m, (meiro_cell){(uint32_t)(far % m->w), (uint32_t)(far / m->w)}, dist,
                            err);
    for (size_t i = 0; s == MEIRO_OK && i < total; i++)
        if (dist[i] != UINT32_MAX && dist[i] + 1 > st->longest) st->longest = dist[i] + 1;
    free(dist);
    if (s != MEIRO_OK) return s;

    meiro_path path;
    s = meiro_solve(m, "bfs", &path, err);
    if (s == MEIRO_ERROR_NO_PATH) return MEIRO_OK;
    if (s != MEIRO_OK) return s;
    st->solution = path.length;
    for (size_t k = 0; k < path.length; k++)
        st->decisions += grid_degree(m, grid_id(m, path.cells[k])) >= 3;
    st->turns = turns_along(m, &path);
    meiro_path_free(&path);
    return MEIRO_OK;
}

meiro_status meiro_stats_compute(const meiro_maze *maze, meiro_stats *st, meiro_error *err)
{
    const meiro_maze *m = maze;
    *st = (meiro_stats){0};
    size_t n = grid_total(m);
    st->width = m->w;
    st->height = m->h;
    st->cells = m->active_count; /* inside the shape, if it has one */
    for (size_t i = 0; i < n; i++) {
        unsigned degree = grid_degree(m, i);
        st->passages += degree;
        if (degree == 1) st->dead_ends++;
        else if (degree == 2) st->corridors++;
        else if (degree >= 3) st->junctions++;
        if (degree >= 4) st->junctions4++;
    }
    st->passages /= 2; /* each counted from both of its cells */
    meiro_status s = meiro_maze_is_perfect(m, &st->perfect, err);
    if (s != MEIRO_OK) return s;
    st->river = river(m, st->dead_ends);
    return measure_ways(m, st, err);
}
