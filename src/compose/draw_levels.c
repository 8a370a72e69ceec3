/* A multi-level maze on the page: its floors side by side, each drawn as a
 * flat maze of its own, their names above them, stairs marked with a
 * triangle up or down and the stair's number (the same at both ends, so a
 * child finds where a stair comes out), and the answer on every floor. */
#include "core/levels.h"
#include "compose/draw.h"
#include "compose/canvas.h"

#include <math.h>
#include <stdio.h>

/* Floor k as a flat maze: its cells, S and G where they are on it (with
 * their doors), else out of the way in the top-left cell without a door. */
static meiro_maze floor_view(const meiro_maze *m, uint32_t k)
{
    meiro_maze f = *m;
    f.cells = m->cells + (size_t)k * m->floor_cells;
    f.h = m->floor_h;
    f.levels = 0, f.floor_h = 0, f.floor_cells = 0;
    f.mission = NULL;
    f.active_count = m->floor_cells;
    bool start = level_of(m, m->start.y) == k, goal = level_of(m, m->goal.y) == k;
    f.start = start ? (meiro_cell){m->start.x, m->start.y - k * m->floor_h} : (meiro_cell){0, 0};
    f.goal = goal ? (meiro_cell){m->goal.x, m->goal.y - k * m->floor_h} : (meiro_cell){0, 0};
    if (!start) f.start_door = MEIRO_NO_DIR;
    if (!goal) f.goal_door = MEIRO_NO_DIR;
    return f;
}

/* Floor k's place in the grid of floors (level_origin). */
static page_layout floor_layout(const meiro_maze *m, const page_layout *L, uint32_t k)
{
    page_layout F = *L;
    double x, y;
    level_origin(m, k, &x, &y);
    F.maze_x += x * L->cell;
    F.maze_y += y * L->cell;
    F.maze_w = m->w * L->cell;
    F.maze_h = m->floor_h * L->cell;
    return F;
}

static void centre_of(const page_layout *F, uint32_t x, uint32_t y, double *cx, double *cy)
{
    *cx = F->maze_x + (x + 0.5) * F->cell;
    *cy = F->maze_y + (y + 0.5) * F->cell;
}

/* Bold text of `size` mm centred at (cx, cy), its outlines in black. */
static void centred_text(canvas *cv, const char *text, const char *font, double size, double cx,
                         double cy)
{
    draw_centred(cv, ROLE_MARKS, text, font, true, size, cx, cy, (scene_rgb){0, 0, 0}, true);
}

/* A stair: on a white disc, a triangle pointing up or down (its shape
 * says the way in black and white) above the stair's number. */
static void stair_mark(canvas *cv, const char *font, const page_layout *F, double cx, double cy,
                       bool up, uint32_t number)
{
    double c = F->cell, r = (c - F->line) * 0.46;
    canvas_arc(cv, cx, cy, r, 0, TAU);
    scene_paint white = scene_fill((scene_rgb){1, 1, 1}), black = scene_fill((scene_rgb){0, 0, 0});
    canvas_take_path(cv, ROLE_MARKS, &white, 1);
    double tw = c * 0.36, th = c * 0.22, ty = cy - c * 0.2; /* the triangle's middle */
    canvas_move_to(cv, cx - tw / 2, up ? ty + th / 2 : ty - th / 2);
    canvas_line_to(cv, cx + tw / 2, up ? ty + th / 2 : ty - th / 2);
    canvas_line_to(cv, cx, up ? ty - th / 2 : ty + th / 2);
    canvas_close_path(cv);
    canvas_take_path(cv, ROLE_MARKS, &black, 1);
    char text[16];
    snprintf(text, sizeof text, "%lu", (unsigned long)number);
    double size = c * 0.42, w, h;
    text_ink(cv, text, font, size, &w, &h);
    if (w > c * 0.62) size *= c * 0.62 / w;
    centred_text(cv, text, font, size, cx, cy + c * 0.17);
}

/* Each floor's name ("1F", "2F", ...) centred above it. */
static void floor_names(canvas *cv, const meiro_maze *m, const page_layout *L, const char *font)
{
    for (uint32_t k = 0; k < m->levels; k++) {
        page_layout F = floor_layout(m, L, k);
        char name[16];
        snprintf(name, sizeof name, "%luF", (unsigned long)k + 1);
        double size = fmin(L->cell * 0.6, 8);
        centred_text(cv, name, font, size, F.maze_x + F.maze_w / 2,
                     F.maze_y - L->cell * 0.55);
    }
}

/* The answer: one line a floor for each run of the path on it, from the
 * stair (or S's door) where it comes in to the stair (or G's door) where
 * it leaves. */
static void levels_path(canvas *cv, const meiro_maze *m, const meiro_path *p, const page_layout *L)
{
    if (!p || p->length == 0) return;
    scene_paint pen = answer_paint(L); /* round caps and joins */
    for (size_t k = 0; k < p->length; k++) {
        uint32_t floor = level_of(m, p->cells[k].y);
        page_layout F = floor_layout(m, L, floor);
        double x, y;
        centre_of(&F, p->cells[k].x, p->cells[k].y - floor * m->floor_h, &x, &y);
        bool first = k == 0 || level_of(m, p->cells[k - 1].y) != floor;
        if (k == 0 && m->start_door < MEIRO_NO_DIR) { /* from S's door */
            canvas_move_to(cv, x + DIR_DX[m->start_door] * L->cell / 2,
                          y + DIR_DY[m->start_door] * L->cell / 2);
            canvas_line_to(cv, x, y);
        } else if (first) {
            canvas_move_to(cv, x, y);
        } else {
            canvas_line_to(cv, x, y);
        }
        if (k + 1 == p->length && m->goal_door < MEIRO_NO_DIR)
            canvas_line_to(cv, x + DIR_DX[m->goal_door] * L->cell / 2,
                          y + DIR_DY[m->goal_door] * L->cell / 2);
        /* the run ends at a stair (its mark, drawn over it, says which) */
        if (k + 1 == p->length || level_of(m, p->cells[k + 1].y) != floor)
            canvas_take_path(cv, ROLE_ANSWER, &pen, 1);
    }
}

void draw_levels(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
                 const maze_marks *marks, double snap, unsigned layers)
{
    for (uint32_t k = 0; k < m->levels; k++) {
        meiro_maze f = floor_view(m, k);
        page_layout F = floor_layout(m, L, k);
        draw_maze(cv, &f, NULL, &F, marks, snap, layers & LAYER_WALLS);
    }
    if (layers & LAYER_PATH) levels_path(cv, m, path, L);
    if (!(layers & LAYER_LABELS)) return;
    floor_names(cv, m, L, marks->font);
    /* stairs numbered by their lower cell in id order (levels_number_stairs),
     * counted as the cells go by: a stair's upper end takes the count of
     * the stairs up to its lower cell, a floor's cells behind */
    uint32_t ups = 0, below = 0;
    size_t behind = 0;
    for (size_t i = 0, total = grid_total(m); i < total; i++) {
        unsigned st = level_stairs(m, i);
        if (!st) continue;
        uint32_t number;
        if ((st >> LEVEL_UP) & 1u) {
            number = ++ups;
        } else {
            for (; behind <= i - m->floor_cells; behind++)
                below += (m->cells[behind] & CELL_STAIR_UP) != 0;
            number = below;
        }
        meiro_cell c = grid_cell(m, i);
        uint32_t floor = level_of(m, c.y);
        page_layout F = floor_layout(m, L, floor);
        double x, y;
        centre_of(&F, c.x, c.y - floor * m->floor_h, &x, &y);
        stair_mark(cv, marks->font, &F, x, y, (st >> LEVEL_UP) & 1u, number);
    }
    for (uint32_t k = 0; k < m->levels; k++) {
        bool start = level_of(m, m->start.y) == k, goal = level_of(m, m->goal.y) == k;
        if (!start && !goal) continue;
        meiro_maze f = floor_view(m, k);
        page_layout F = floor_layout(m, L, k);
        draw_ends(cv, &f, &F, marks, start, goal);
    }
}
