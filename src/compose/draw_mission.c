/* Drawing a mission maze's marks (draw_maze calls it): locked doors and
 * one-way arrows with the walls, keys and numbered items with S and G, and
 * on the answer the order of the pickups. Each key and its door share a
 * colour and a shape (circle, square, triangle, diamond, star, hexagon),
 * so they match on a black-and-white print too. */
#include "core/mission.h"
#include "compose/draw.h"
#include "compose/canvas.h"

#include <math.h>
#include <stdio.h>

/* Key k's shape, centred on (cx, cy), r from the centre to its rim. */
static void symbol_path(canvas *cv, unsigned k, double cx, double cy, double r)
{
    switch (k % MISSION_MAX_KEYS) {
    case 0: canvas_new_sub_path(cv), canvas_arc(cv, cx, cy, r, 0, TAU); return;
    case 1: canvas_rectangle(cv, cx - 0.85 * r, cy - 0.85 * r, 1.7 * r, 1.7 * r); return;
    default: break;
    }
    /* polygons: triangle, diamond, star (ten corners), hexagon */
    static const unsigned corners[] = {0, 0, 3, 4, 10, 6};
    unsigned n = corners[k % MISSION_MAX_KEYS];
    for (unsigned i = 0; i < n; i++) {
        double a = -TAU / 4 + TAU * i / n, rr = (n == 10 && (i & 1)) ? 0.45 * r : r;
        if (n == 3) rr = 1.15 * r;
        double x = cx + rr * cos(a), y = cy + rr * sin(a) + (n == 3 ? 0.2 * r : 0);
        if (i == 0) canvas_move_to(cv, x, y);
        else canvas_line_to(cv, x, y);
    }
    canvas_close_path(cv);
}

/* The current path filled in colour (rgb, or white) and outlined in black
 * `line` wide, the walls' square corners: a mark's (role) two items. */
static void fill_and_outline(canvas *cv, scene_role role, const double *rgb, double line)
{
    scene_paint paints[2] = {
        scene_fill(rgb ? (scene_rgb){rgb[0], rgb[1], rgb[2]} : (scene_rgb){1, 1, 1}),
        scene_stroke((scene_rgb){0, 0, 0}, line, CAP_SQUARE, JOIN_MITER)};
    canvas_take_path(cv, role, paints, 2);
}

/* A locked door: a bar across the passage in its key's colour, the key's
 * shape in white on it. */
static void draw_door(canvas *cv, const page_layout *L, const maze_mission *mi, unsigned k,
                      double line)
{
    double c = L->cell, x = L->maze_x + mi->door[k].x * c, y = L->maze_y + mi->door[k].y * c;
    bool east = mi->door_side[k] == MEIRO_EAST;
    double cx = east ? x + c : x + c / 2, cy = east ? y + c / 2 : y + c;
    double t = 0.32 * c, len = c - line;
    if (east) canvas_rectangle(cv, cx - t / 2, cy - len / 2, t, len);
    else canvas_rectangle(cv, cx - len / 2, cy - t / 2, len, t);
    fill_and_outline(cv, ROLE_MARKS, mission_key_rgb[k], 0.6 * line);
    symbol_path(cv, k, cx, cy, 0.12 * c);
    fill_and_outline(cv, ROLE_MARKS, NULL, 0.4 * line);
}

/* A one-way arrow on the wall line between cell i and its neighbour in d,
 * pointing in d (the way allowed). */
static void draw_one_way(canvas *cv, const page_layout *L, uint32_t x, uint32_t y, unsigned d)
{
    double c = L->cell;
    double wx = L->maze_x + (x + 0.5) * c + DIR_DX[d] * c / 2;
    double wy = L->maze_y + (y + 0.5) * c + DIR_DY[d] * c / 2;
    double fx = DIR_DX[d], fy = DIR_DY[d], sx = -fy, sy = fx; /* forward and sideways */
    canvas_move_to(cv, wx + fx * 0.24 * c, wy + fy * 0.24 * c);
    canvas_line_to(cv, wx - fx * 0.14 * c + sx * 0.22 * c, wy - fy * 0.14 * c + sy * 0.22 * c);
    canvas_line_to(cv, wx - fx * 0.02 * c, wy - fy * 0.02 * c);
    canvas_line_to(cv, wx - fx * 0.14 * c - sx * 0.22 * c, wy - fy * 0.14 * c - sy * 0.22 * c);
    canvas_close_path(cv);
    scene_paint grey = scene_fill((scene_rgb){ARROW_GREY, ARROW_GREY, ARROW_GREY});
    canvas_take_path(cv, ROLE_MARKS, &grey, 1);
}

/* A key: its bow the key's shape and colour, a black shaft and bit. */
static void draw_key(canvas *cv, const page_layout *L, meiro_cell at, unsigned k, double line)
{
    double c = L->cell, cx = L->maze_x + (at.x + 0.5) * c, cy = L->maze_y + (at.y + 0.5) * c;
    canvas_rectangle(cv, cx - 0.05 * c, cy - 0.05 * c, 0.43 * c, 0.10 * c);
    canvas_rectangle(cv, cx + 0.22 * c, cy, 0.07 * c, 0.17 * c);
    canvas_rectangle(cv, cx + 0.32 * c, cy, 0.06 * c, 0.12 * c);
    scene_paint black = scene_fill((scene_rgb){0, 0, 0});
    canvas_take_path(cv, ROLE_MARKS, &black, 1);
    symbol_path(cv, k, cx - 0.17 * c, cy, 0.23 * c);
    fill_and_outline(cv, ROLE_MARKS, mission_key_rgb[k], 0.6 * line);
}

/* An item: its number in a white disc with a black ring. */
static void draw_item(canvas *cv, const page_layout *L, meiro_cell at, unsigned k, double line,
                      const char *font)
{
    double c = L->cell, cx = L->maze_x + (at.x + 0.5) * c, cy = L->maze_y + (at.y + 0.5) * c;
    canvas_new_sub_path(cv);
    canvas_arc(cv, cx, cy, 0.36 * c, 0, TAU);
    fill_and_outline(cv, ROLE_MARKS, NULL, fmax(0.8 * line, 0.05 * c));
    char text[8];
    snprintf(text, sizeof text, "%u", k + 1);
    draw_centred(cv, ROLE_MARKS, text, font, true, (k + 1 >= 10 ? 0.30 : 0.42) * c, cx, cy,
                 (scene_rgb){0, 0, 0}, false);
}

/* On the answer: a small disc in the answer's colour with the pickup's number (1, 2, ...) in
 * the corner of each cell where the walk picks something up. */
static void draw_pickups(canvas *cv, const meiro_maze *m, const meiro_path *p,
                         const page_layout *L, const char *font)
{
    const maze_mission *mi = m->mission;
    unsigned held = 0, n = 0, next = 0;
    double c = L->cell;
    for (size_t s = 0; s < p->length; s++) {
        int k = mission_mark_at(mi, m, cell_index(m, p->cells[s].x, p->cells[s].y));
        if (k < 0) continue;
        if (mi->kind == MEIRO_MISSION_KEYS ? (held & (1u << k)) != 0 : (unsigned)k != next)
            continue;
        held |= 1u << k, next++, n++;
        double cx = L->maze_x + (p->cells[s].x + 0.84) * c,
               cy = L->maze_y + (p->cells[s].y + 0.16) * c;
        canvas_new_sub_path(cv);
        canvas_arc(cv, cx, cy, 0.15 * c, 0, TAU);
        scene_paint disc = scene_fill(answer_colour(L));
        canvas_take_path(cv, ROLE_ANSWER, &disc, 1);
        char text[8];
        snprintf(text, sizeof text, "%u", n);
        draw_centred(cv, ROLE_ANSWER, text, font, true, (n >= 10 ? 0.13 : 0.18) * c, cx, cy,
                     (scene_rgb){1, 1, 1}, false);
    }
}

void draw_mission(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
                  const char *font, double line, unsigned layers)
{
    const maze_mission *mi = m->mission;
    if (!mi || m->grid != MEIRO_GRID_RECT) return;
    if (!font) font = FONT_FAMILY;
    /* the outlines' corners and ends as the walls' (square), on the puzzle
     * and on its answer alike: fill_and_outline */
    if ((layers & LAYER_WALLS) && mi->blocked)
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++) {
                uint8_t b = mi->blocked[cell_index(m, x, y)];
                /* each passage once: from the cell the arrow leaves */
                for (unsigned d = 0; d < DIR_COUNT; d++)
                    if (b & dir_bit(d))
                        draw_one_way(cv, L, x + (uint32_t)DIR_DX[d], y + (uint32_t)DIR_DY[d],
                                     dir_opposite((meiro_dir)d));
            }
    /* doors over the answer's line, which goes through them */
    if ((layers & LAYER_LABELS) && mi->kind == MEIRO_MISSION_KEYS)
        for (unsigned k = 0; k < mi->count; k++) draw_door(cv, L, mi, k, line);
    if ((layers & LAYER_PATH) && path && path->length && mi->kind)
        draw_pickups(cv, m, path, L, font);
    if (layers & LAYER_LABELS)
        for (unsigned k = 0; k < mi->count; k++) {
            if (mi->kind == MEIRO_MISSION_KEYS) draw_key(cv, L, mi->mark[k], k, line);
            else draw_item(cv, L, mi->mark[k], k, line, font);
        }
}
