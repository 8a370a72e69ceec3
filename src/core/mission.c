/* Mission mazes in the model: the keys, doors and items a maze holds and
 * its one-way passages (core/mission.h), their accessors and checks. */
#include "core/mission.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

maze_mission *mission_get(meiro_maze *m)
{
    if (!m->mission) m->mission = zalloc(1, sizeof *m->mission);
    return m->mission;
}

void mission_free(maze_mission *mi)
{
    if (!mi) return;
    free(mi->blocked);
    free(mi);
}

maze_mission *mission_clone(const meiro_maze *m, bool *ok)
{
    *ok = true;
    if (!m->mission) return NULL;
    maze_mission *c = zalloc(1, sizeof *c);
    if (!c) return *ok = false, NULL;
    *c = *m->mission;
    if (c->blocked) {
        size_t total = maze_total(m);
        c->blocked = malloc(total);
        if (!c->blocked) {
            free(c);
            return *ok = false, NULL;
        }
        memcpy(c->blocked, m->mission->blocked, total);
    }
    return c;
}

static bool cell_in(const meiro_maze *m, meiro_cell c)
{
    return c.x < m->w && c.y < m->h && cell_active(m, cell_index(m, c.x, c.y));
}

bool mission_ok(const meiro_maze *m, char *why, size_t size)
{
    const maze_mission *mi = m->mission;
    if (!mi) return true;
    if (m->grid != MEIRO_GRID_RECT)
        return snprintf(why, size, "a mission on a grid not rect"), false;
    unsigned max = mi->kind == MEIRO_MISSION_KEYS ? MISSION_MAX_KEYS : MISSION_MAX_ITEMS;
    if (mi->kind > MEIRO_MISSION_COLLECT || (mi->kind && (!mi->count || mi->count > max)) ||
        (!mi->kind && mi->count))
        return snprintf(why, size, "a mission of kind %u with %u marks", mi->kind, mi->count),
               false;
    for (unsigned k = 0; k < mi->count; k++) {
        meiro_cell c = mi->mark[k];
        if (!cell_in(m, c) || (c.x == m->start.x && c.y == m->start.y) ||
            (c.x == m->goal.x && c.y == m->goal.y) ||
            mission_mark_at(mi, m, cell_index(m, c.x, c.y)) != (int)k)
            return snprintf(why, size, "mark %u at (%lu, %lu) is misplaced", k + 1,
                            (unsigned long)c.x, (unsigned long)c.y),
                   false;
        if (mi->kind != MEIRO_MISSION_KEYS) continue;
        meiro_cell d = mi->door[k];
        unsigned s = mi->door_side[k];
        if ((s != MEIRO_EAST && s != MEIRO_SOUTH) || !cell_in(m, d) ||
            !meiro_maze_side_open(m, d, s))
            return snprintf(why, size, "door %u at (%lu, %lu) is not on a passage", k + 1,
                            (unsigned long)d.x, (unsigned long)d.y),
                   false;
        for (unsigned j = 0; j < k; j++)
            if (mi->door[j].x == d.x && mi->door[j].y == d.y && mi->door_side[j] == s)
                return snprintf(why, size, "doors %u and %u share a passage", j + 1, k + 1), false;
        /* a door is crossed the way its key leads; an arrow on it would hide
         * under the door on the page and has no place in text (io/write_text.c) */
        size_t id = cell_index(m, d.x, d.y);
        if (mi->blocked && ((mi->blocked[id] & dir_bit(s)) ||
                            (mi->blocked[cell_neighbour(m, d.x, d.y, s)] &
                             dir_bit(dir_opposite((meiro_dir)s)))))
            return snprintf(why, size, "door %u is on a one-way passage", k + 1), false;
    }
    uint64_t n = 0;
    if (mi->blocked)
        for (uint32_t y = 0; y < m->h; y++)
            for (uint32_t x = 0; x < m->w; x++) {
                size_t i = cell_index(m, x, y);
                uint8_t b = mi->blocked[i];
                if (b & ~ALL_DIRS) return snprintf(why, size, "stray one-way bits"), false;
                for (unsigned d = 0; d < DIR_COUNT; d++) {
                    if (!(b & dir_bit(d))) continue;
                    /* a one-way passage: open, blocked on one side only */
                    if (!cell_open(m, x, y, d) ||
                        (mi->blocked[cell_neighbour(m, x, y, d)] & dir_bit(dir_opposite(d))))
                        return snprintf(why, size, "one-way passage at (%lu, %lu) is malformed",
                                        (unsigned long)x, (unsigned long)y),
                               false;
                    n++;
                }
            }
    if (n != mi->one_way) return snprintf(why, size, "one-way passages miscounted"), false;
    return true;
}

bool mission_equal(const meiro_maze *a, const meiro_maze *b)
{
    const maze_mission *x = a->mission, *y = b->mission;
    static const maze_mission none = {0};
    if (!x) x = &none;
    if (!y) y = &none;
    if (x->kind != y->kind || x->count != y->count || x->one_way != y->one_way) return false;
    for (unsigned k = 0; k < x->count; k++) {
        if (x->mark[k].x != y->mark[k].x || x->mark[k].y != y->mark[k].y) return false;
        if (x->kind == MEIRO_MISSION_KEYS &&
            (x->door[k].x != y->door[k].x || x->door[k].y != y->door[k].y ||
             x->door_side[k] != y->door_side[k]))
            return false;
    }
    if (!x->blocked || !y->blocked) return !x->blocked == !y->blocked || !x->one_way;
    return memcmp(x->blocked, y->blocked, maze_total(a)) == 0;
}

meiro_mission_kind meiro_maze_mission(const meiro_maze *maze, unsigned *count)
{
    const maze_mission *mi = maze->mission;
    if (count) *count = mi ? mi->count : 0;
    return mi ? (meiro_mission_kind)mi->kind : MEIRO_MISSION_NONE;
}

bool meiro_maze_mission_mark(const meiro_maze *maze, unsigned i, meiro_cell *cell)
{
    const maze_mission *mi = maze->mission;
    if (!mi || i >= mi->count) return false;
    *cell = mi->mark[i];
    return true;
}

bool meiro_maze_mission_door(const meiro_maze *maze, unsigned i, meiro_cell *cell, meiro_dir *side)
{
    const maze_mission *mi = maze->mission;
    if (!mi || mi->kind != MEIRO_MISSION_KEYS || i >= mi->count) return false;
    *cell = mi->door[i];
    *side = (meiro_dir)mi->door_side[i];
    return true;
}

unsigned meiro_maze_one_way(const meiro_maze *maze, meiro_cell cell)
{
    const maze_mission *mi = maze->mission;
    if (!mi || !mi->blocked || maze->grid != MEIRO_GRID_RECT || cell.x >= maze->w ||
        cell.y >= maze->h)
        return 0;
    return mi->blocked[cell_index(maze, cell.x, cell.y)];
}

uint64_t meiro_maze_one_ways(const meiro_maze *maze)
{
    return maze->mission ? maze->mission->one_way : 0;
}

bool meiro_maze_has_mission(const meiro_maze *maze)
{
    return maze->mission && (maze->mission->kind || maze->mission->one_way);
}

const double mission_key_rgb[MISSION_MAX_KEYS][3] = {
    {0.12, 0.35, 0.85}, {0.10, 0.60, 0.20}, {0.95, 0.60, 0.05},
    {0.55, 0.20, 0.75}, {0.00, 0.65, 0.70}, {0.85, 0.25, 0.60},
};

uint32_t mission_key_colour(unsigned k)
{
    const double *c = mission_key_rgb[k % MISSION_MAX_KEYS];
    return (uint32_t)lround(c[0] * 255) << 16 | (uint32_t)lround(c[1] * 255) << 8 |
           (uint32_t)lround(c[2] * 255);
}
