/* Writer for the JSON format (-f json): the maze as data for other programs,
 * every grid, read back by read_json.c. The document, keys in this order:
 *
 *   "meiro": 1             the format's version
 *   "grid": "rect"         rect, polar, hex or triangle
 *   "width": W, "height": H  cells across and down; polar: H rings (the
 *                          centre disc is ring 0) and W the cells of the
 *                          outer ring (the widest)
 *   "levels": N            multi-level mazes only: N floors of H / N rows,
 *                          stacked (floor k's row y is row k * H / N + y);
 *                          "extent" and the cells' x, y are the stack's
 *   "wrap": "xy"           a wrapped rect only: the sides joined, x (left
 *                          and right), y (top and bottom) or xy; a
 *                          passage may join the last column to the first
 *                          (the last row to the first)
 *   "extent": [EW, EH]     the bounding box of the drawing, in cell units
 *                          (y down, (0, 0) its top-left corner)
 *   "seed": "2026", "algorithm": "dig"   how the maze was made, when known;
 *                          the seed as a string of decimal digits (64-bit
 *                          seeds do not fit a JSON number read as a double)
 *   "start": ID, "goal": ID   cell ids (below)
 *   "start_door": "west", "goal_door": "east"   rect only, when S or G
 *                          stands in an opening of the outer wall (north,
 *                          east, south, west)
 *   "cells": [...]         the cells of the maze in reading order, one
 *                          object each; the index in this list is the
 *                          cell's id. Rect, hex, triangle: row by row, so
 *                          id = y * W + x. Polar: ring by ring, x clockwise
 *                          from the top. A rect with a mask (a shape) lists
 *                          only the cells inside it, so ids count those.
 *                          Each cell: "x", "y"; on the grids whose shapes
 *                          x and y do not say, "center": [cx, cy] and hex,
 *                          triangle: "corners": [[x, y], ...] the polygon
 *                          clockwise, corner k starting side k; polar:
 *                          "radii": [r0, r1] from the circle's centre
 *                          (EW / 2, EH / 2) and "angles": [a0, a1] in
 *                          degrees clockwise from the top (the centre disc:
 *                          [0, 1] and [0, 360]). A rect cell is the unit
 *                          square at (x, y): no geometry, and eight cells
 *                          to a line (a rect's file is ~40 bytes a cell).
 *   "passages": [[a, b], ...]  the open sides between cells, as pairs of
 *                          ids with a < b, sorted (rect: eight to a line)
 *   "under": [[a, b, c], ...]  weave mazes only: each tunnel, from cell a
 *                          under the crossing cell b to cell c (a < c, in a
 *                          line); the graph's edge is a-c, and b's own
 *                          passages (its over-passage) are in "passages"
 *   "stairs": [[a, b], ...]  multi-level mazes only: each stair, from cell
 *                          a up to cell b, the same cell of the floor above
 *                          (b = a + W * H / N), in id order; a graph's edge
 *                          as a passage is
 *   "mission": {...}       mission mazes only (core/mission.h): "kind"
 *                          ("keys", "collect" or "none": one-way passages
 *                          alone), "marks" (the keys' or items' cells, in
 *                          order), "doors" (keys: door i's passage [a, b],
 *                          a < b), "one_way" ([from, to]: the way allowed)
 *   "solution": [ID, ...]  when written with a path: start to goal (a step
 *                          under a crossing goes from a to c).
 *
 * Geometry is printed with at most 9 decimals, integers without any; the
 * text depends only on the maze (the same maze gives the same bytes). One
 * pass over the cells and one over the passages, through a buffer: linear
 * time, memory a few bytes per 64 cells (the ids of a masked rect). */
#include "core/alloc.h"
#include "core/grid.h"
#include "core/model.h"
#include "core/mission.h"
#include "core/utf8.h"
#include "core/error.h"
#include "core/jout.h"
#include "io/io.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void out_pair(jout *o, double a, double b)
{
    jout_mem(o, "[", 1);
    jout_num(o, a);
    jout_mem(o, ", ", 2);
    jout_num(o, b);
    jout_mem(o, "]", 1);
}

/* ---- Ids ---- */

/* The ids of a masked rect count only the cells inside: the id of linear
 * index i is the number of inside cells before it, from a count per block
 * of 64 cells and at most 63 bytes of the mask. */
typedef struct id_map {
    const meiro_maze *m;
    uint32_t *block; /* inside cells before each block; NULL without a mask */
} id_map;

static bool id_map_init(id_map *ids, const meiro_maze *m)
{
    ids->m = m;
    ids->block = NULL;
    if (m->grid != MEIRO_GRID_RECT || !m->active) return true;
    size_t n = (size_t)m->w * m->h, blocks = n / 64 + 1;
    ids->block = alloc_array(blocks, sizeof *ids->block);
    if (!ids->block) return false;
    uint32_t count = 0;
    for (size_t b = 0; b < blocks; b++) {
        ids->block[b] = count;
        for (size_t i = b * 64; i < n && i < (b + 1) * 64; i++) count += m->active[i] != 0;
    }
    return true;
}

static uint64_t id_of(const id_map *ids, meiro_cell c)
{
    const meiro_maze *m = ids->m;
    if (m->grid != MEIRO_GRID_RECT) return grid_id(m, c);
    size_t i = cell_index(m, c.x, c.y);
    if (!ids->block) return i;
    uint64_t id = ids->block[i / 64];
    for (size_t k = i - i % 64; k < i; k++) id += m->active[k] != 0;
    return id;
}

/* ---- Geometry (shared with the reader, which checks it) ---- */

static bool same_point(double ax, double ay, double bx, double by)
{
    return fabs(ax - bx) < 1e-7 && fabs(ay - by) < 1e-7;
}

void rect_cell_shape(meiro_cell c, cell_shape *s)
{
    memset(s, 0, sizeof *s);
    s->cx = c.x + 0.5;
    s->cy = c.y + 0.5;
    s->corners = 4;
    static const int dx[4] = {0, 1, 1, 0}, dy[4] = {0, 0, 1, 1};
    for (unsigned k = 0; k < 4; k++) {
        s->px[k] = c.x + dx[k];
        s->py[k] = c.y + dy[k];
    }
}

/* A shape is listed cell by cell, but its grid is made whole: a file of a
 * few cells must not claim a grid of hundreds of millions. Past a million
 * cells, a grid lists at least half its shorter side: a shape in one
 * piece that reaches across its grid (every shape meiro draws: its
 * pictures and texts are fitted to the grid and joined by bridges) has at
 * least as many cells as that side. */
#define SHAPE_FREE_CELLS ((uint64_t)1 << 20)

meiro_status shape_readable_as_json(uint32_t w, uint32_t h, uint64_t inside, meiro_error *err)
{
    uint64_t shorter = w < h ? w : h;
    if ((uint64_t)w * h <= SHAPE_FREE_CELLS || 2 * inside >= shorter) return MEIRO_OK;
    return fail(
        err, MEIRO_ERROR_TOO_BIG,
        "a shape of %llu cells is too sparse for its %lu x %lu grid in JSON: a grid of over %llu cells "
        "lists at least half its shorter side (%llu cells)",
        (unsigned long long)inside, (unsigned long)w, (unsigned long)h,
        (unsigned long long)SHAPE_FREE_CELLS, (unsigned long long)(shorter + 1) / 2);
}

void cell_shape_of(const meiro_maze *m, size_t id, meiro_cell c, cell_shape *s)
{
    memset(s, 0, sizeof *s);
    if (m->grid == MEIRO_GRID_RECT) {
        rect_cell_shape(c, s);
        return;
    }
    grid_centre(m, id, &s->cx, &s->cy);
    if (m->grid == MEIRO_GRID_POLAR) {
        s->polar = true;
        uint32_t n = grid_row_width(m, c.y);
        s->r0 = c.y;
        s->r1 = c.y + 1.0;
        s->a0 = c.y ? 360.0 * c.x / n : 0;
        s->a1 = c.y ? 360.0 * (c.x + 1.0) / n : 360;
        return;
    }
    /* corner k: where side k - 1 ends and side k starts, whichever way
     * round grid_side gives each segment */
    unsigned sides = grid_sides(m, id);
    grid_side_shape prev, cur;
    grid_side(m, id, sides - 1, &prev);
    for (unsigned k = 0; k < sides && k < GRID_MAX_SIDES; k++) {
        grid_side(m, id, k, &cur);
        bool first = same_point(cur.x0, cur.y0, prev.x0, prev.y0) ||
                     same_point(cur.x0, cur.y0, prev.x1, prev.y1);
        s->px[k] = first ? cur.x0 : cur.x1;
        s->py[k] = first ? cur.y0 : cur.y1;
        prev = cur;
    }
    s->corners = sides;
}

/* ---- The document ---- */

static const char *const door_names[4] = {"north", "east", "south", "west"};

static void out_key_u64(jout *o, const char *key, uint64_t v)
{
    jout_str(o, ",\n  \"");
    jout_str(o, key);
    jout_str(o, "\": ");
    jout_u64(o, v);
}

/* Rectangles list cells and passages eight to a line: short lines of
 * short values were a third of the file's bytes. */
enum { RECT_PER_LINE = 8 };

/* A rect cell, the k-th listed: its position alone (the unit square at
 * x, y; the reader takes missing geometry as the grid's). */
static void out_rect_cell(jout *o, uint64_t k, meiro_cell c, bool last)
{
    jout_str(o, k % RECT_PER_LINE ? " {\"x\": " : "    {\"x\": ");
    jout_u64(o, c.x);
    jout_str(o, ", \"y\": ");
    jout_u64(o, c.y);
    jout_str(o, last ? "}\n" : k % RECT_PER_LINE == RECT_PER_LINE - 1 ? "},\n" : "},");
}

static void out_cell(jout *o, const meiro_maze *m, size_t id, meiro_cell c, bool last)
{
    cell_shape s;
    cell_shape_of(m, id, c, &s);
    jout_str(o, "    {\"x\": ");
    jout_u64(o, c.x);
    jout_str(o, ", \"y\": ");
    jout_u64(o, c.y);
    jout_str(o, ", \"center\": ");
    out_pair(o, s.cx, s.cy);
    if (s.polar) {
        jout_str(o, ", \"radii\": ");
        out_pair(o, s.r0, s.r1);
        jout_str(o, ", \"angles\": ");
        out_pair(o, s.a0, s.a1);
    } else {
        jout_str(o, ", \"corners\": [");
        for (unsigned k = 0; k < s.corners; k++) {
            if (k) jout_mem(o, ", ", 2);
            out_pair(o, s.px[k], s.py[k]);
        }
        jout_mem(o, "]", 1);
    }
    jout_str(o, last ? "}\n" : "},\n");
}

/* Passage number k (counted from 0) of the list; rect's `packed` eight to
 * a line. */
static void out_passage(jout *o, uint64_t a, uint64_t b, uint64_t *k, bool packed)
{
    if (*k == 0) jout_str(o, "\n    [");
    else if (packed && *k % RECT_PER_LINE) jout_str(o, ", [");
    else jout_str(o, ",\n    [");
    ++*k;
    jout_u64(o, a);
    jout_mem(o, ", ", 2);
    jout_u64(o, b);
    jout_mem(o, "]", 1);
}

static void write_cells(jout *o, const meiro_maze *m)
{
    jout_str(o, ",\n  \"cells\": [\n");
    size_t total = maze_total(m);
    uint64_t left = m->active_count;
    for (size_t i = 0; i < total && o->ok; i++) {
        if (m->grid == MEIRO_GRID_RECT) {
            if (!cell_active(m, i)) continue;
            out_rect_cell(o, m->active_count - left,
                          (meiro_cell){(uint32_t)(i % m->w), (uint32_t)(i / m->w)}, left == 1);
            left--;
        } else {
            out_cell(o, m, i, grid_cell(m, i), i + 1 == total);
        }
    }
    jout_str(o, "  ]");
}

/* Each passage once, from its smaller id; a cell's larger neighbours in
 * increasing order, so the list comes out sorted. */
static void write_passages(jout *o, const meiro_maze *m, const id_map *ids)
{
    jout_str(o, ",\n  \"passages\": [");
    uint64_t k = 0;
    size_t total = maze_total(m);
    if (m->grid == MEIRO_GRID_RECT) {
        /* east then south: id + 1, then the id below (larger) */
        uint64_t id = 0;
        for (size_t i = 0; i < total && o->ok; i++) {
            if (!cell_active(m, i)) continue;
            uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
            /* across a seam (no weave wraps, no shape): to the first column or row */
            bool seam_e = (m->wrap & MEIRO_WRAP_X) && x + 1 == m->w,
                 seam_s = (m->wrap & MEIRO_WRAP_Y) && y + 1 == m->h;
            /* a weave's tunnel walls go in "under" (write_under) */
            bool east = (m->cells[i] & CELL_OPEN_E) &&
                        (seam_e || !((m->cells[i] | m->cells[i + 1]) & CELL_UNDER_EW)),
                 south = (m->cells[i] & CELL_OPEN_S) &&
                         (seam_s || !((m->cells[i] | m->cells[i + m->w]) & CELL_UNDER_NS));
            if (east && seam_e) out_passage(o, id + 1 - m->w, id, &k, true);
            else if (east) out_passage(o, id, id + 1, &k, true);
            if (south && seam_s) out_passage(o, x, id, &k, true);
            else if (south) out_passage(o, id, id_of(ids, (meiro_cell){x, y + 1}), &k, true);
            id++;
        }
    } else {
        for (size_t i = 0; i < total && o->ok; i++) {
            size_t next[GRID_MAX_SIDES];
            unsigned n = 0, sides = grid_sides(m, i);
            for (unsigned s = 0; s < sides; s++) {
                if (!grid_open(m, i, s)) continue;
                size_t j = grid_neighbour(m, i, s);
                if (j == GRID_NONE || j <= i) continue;
                size_t k = n++; /* insertion sort: at most 8 */
                for (; k > 0 && next[k - 1] > j; k--) next[k] = next[k - 1];
                next[k] = j;
            }
            for (unsigned t = 0; t < n; t++) out_passage(o, i, next[t], &k, false);
        }
    }
    jout_str(o, k ? "\n  ]" : "]");
}

/* A weave maze's tunnels, [a, b, c]: from cell a under cell b to cell c. */
static void write_under(jout *o, const meiro_maze *m, const id_map *ids)
{
    jout_str(o, ",\n  \"under\": [");
    bool first = true;
    size_t total = maze_total(m);
    for (size_t i = 0; i < total && o->ok; i++) {
        uint8_t u = m->cells[i] & CELL_UNDER;
        if (!u) continue;
        uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
        meiro_cell a = u == CELL_UNDER_EW ? (meiro_cell){x - 1, y} : (meiro_cell){x, y - 1},
                   c = u == CELL_UNDER_EW ? (meiro_cell){x + 1, y} : (meiro_cell){x, y + 1};
        jout_str(o, first ? "\n    [" : ",\n    [");
        first = false;
        jout_u64(o, id_of(ids, a));
        jout_mem(o, ", ", 2);
        jout_u64(o, id_of(ids, (meiro_cell){x, y}));
        jout_mem(o, ", ", 2);
        jout_u64(o, id_of(ids, c));
        jout_mem(o, "]", 1);
    }
    jout_str(o, first ? "]" : "\n  ]");
}

/* A multi-level maze's stairs, [a, b]: from cell a up to cell b. */
static void write_stairs(jout *o, const meiro_maze *m)
{
    jout_str(o, ",\n  \"stairs\": [");
    uint64_t k = 0;
    size_t total = maze_total(m);
    for (size_t i = 0; i + m->floor_cells < total && o->ok; i++)
        if (m->cells[i] & CELL_STAIR_UP) out_passage(o, i, i + m->floor_cells, &k, true);
    jout_str(o, k ? "\n  ]" : "]");
}

/* A mission's marks, doors and one-way passages (see the top). */
static void write_mission(jout *o, const meiro_maze *m, const id_map *ids)
{
    const maze_mission *mi = m->mission;
    static const char *const kinds[] = {"none", "keys", "collect"};
    jout_str(o, ",\n  \"mission\": {\"kind\": \"");
    jout_str(o, kinds[mi->kind]);
    jout_str(o, "\", \"marks\": [");
    for (unsigned k = 0; k < mi->count; k++) {
        if (k) jout_mem(o, ", ", 2);
        jout_u64(o, id_of(ids, mi->mark[k]));
    }
    jout_str(o, "]");
    if (mi->kind == MEIRO_MISSION_KEYS) {
        jout_str(o, ", \"doors\": [");
        for (unsigned k = 0; k < mi->count; k++) {
            meiro_cell b = {mi->door[k].x + (uint32_t)DIR_DX[mi->door_side[k]],
                            mi->door[k].y + (uint32_t)DIR_DY[mi->door_side[k]]};
            jout_str(o, k ? ", [" : "[");
            jout_u64(o, id_of(ids, mi->door[k]));
            jout_mem(o, ", ", 2);
            jout_u64(o, id_of(ids, b));
            jout_mem(o, "]", 1);
        }
        jout_str(o, "]");
    }
    jout_str(o, ", \"one_way\": [");
    bool first = true;
    for (uint32_t y = 0; mi->blocked && y < m->h && o->ok; y++)
        for (uint32_t x = 0; x < m->w; x++) {
            uint8_t b = mi->blocked[cell_index(m, x, y)];
            for (unsigned d = 0; d < DIR_COUNT; d++) {
                if (!(b & dir_bit(d))) continue;
                /* blocked leaving (x, y) by d: the way allowed is into it */
                meiro_cell from = {x + (uint32_t)DIR_DX[d], y + (uint32_t)DIR_DY[d]};
                jout_str(o, first ? "\n    [" : ",\n    [");
                first = false;
                jout_u64(o, id_of(ids, from));
                jout_mem(o, ", ", 2);
                jout_u64(o, id_of(ids, (meiro_cell){x, y}));
                jout_mem(o, "]", 1);
            }
        }
    jout_str(o, first ? "]}" : "\n  ]}");
}

static void write_solution(jout *o, const meiro_path *path, const id_map *ids)
{
    jout_str(o, ",\n  \"solution\": [");
    for (size_t k = 0; k < path->length && o->ok; k++) {
        jout_str(o, k == 0 ? "\n    " : k % 16 ? ", " : ",\n    ");
        jout_u64(o, id_of(ids, path->cells[k]));
    }
    jout_str(o, path->length ? "\n  ]" : "]");
}

meiro_status write_json(const meiro_maze *m, const meiro_path *path, FILE *out)
{
    id_map ids;
    if (!id_map_init(&ids, m)) return MEIRO_ERROR_NOMEM;
    jout *o = alloc_array(1, sizeof *o);
    if (!o) {
        free(ids.block);
        return MEIRO_ERROR_NOMEM;
    }
    o->out = out;
    o->ok = true;
    o->n = 0;
    jout_str(o, "{\n  \"meiro\": 1,\n  \"grid\": ");
    jout_quoted(o, meiro_grid_name((meiro_grid)m->grid));
    out_key_u64(o, "width", m->w);
    out_key_u64(o, "height", m->h);
    if (m->levels) out_key_u64(o, "levels", m->levels);
    if (m->wrap) {
        jout_str(o, ",\n  \"wrap\": ");
        jout_quoted(o, wrap_name(m->wrap));
    }
    double ew, eh;
    grid_extent(m, &ew, &eh);
    jout_str(o, ",\n  \"extent\": ");
    out_pair(o, ew, eh);
    if (m->has_seed) {
        char seed[24];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)m->seed);
        jout_str(o, ",\n  \"seed\": ");
        jout_quoted(o, seed);
        if (m->algorithm[0]) {
            jout_str(o, ",\n  \"algorithm\": ");
            jout_quoted(o, m->algorithm);
        }
    }
    out_key_u64(o, "start", id_of(&ids, m->start));
    if (m->start_door <= MEIRO_WEST) {
        jout_str(o, ",\n  \"start_door\": ");
        jout_quoted(o, door_names[m->start_door]);
    }
    out_key_u64(o, "goal", id_of(&ids, m->goal));
    if (m->goal_door <= MEIRO_WEST) {
        jout_str(o, ",\n  \"goal_door\": ");
        jout_quoted(o, door_names[m->goal_door]);
    }
    write_cells(o, m);
    write_passages(o, m, &ids);
    if (m->weave) write_under(o, m, &ids);
    if (m->levels) write_stairs(o, m);
    if (meiro_maze_has_mission(m)) write_mission(o, m, &ids);
    if (path) write_solution(o, path, &ids);
    jout_str(o, "\n}\n");
    jout_flush(o);
    bool ok = o->ok;
    free(o);
    free(ids.block);
    return ok ? MEIRO_OK : MEIRO_ERROR_IO;
}
