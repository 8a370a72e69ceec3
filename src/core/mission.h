/* Mission mazes: keys and locked doors, numbered items to pick up in order,
 * one-way passages. What the model keeps of them (core/mission.c); where
 * they go is gen/mission.c, the search that solves them solve/mission.c. */
#ifndef MEIRO_SRC_CORE_MISSION_H
#define MEIRO_SRC_CORE_MISSION_H

#include "core/model.h"

enum { MISSION_MAX_KEYS = MEIRO_MISSION_MAX_KEYS, MISSION_MAX_ITEMS = MEIRO_MISSION_MAX_ITEMS };

struct maze_mission {
    uint8_t kind;                        /* meiro_mission_kind */
    uint8_t count;                       /* keys or items */
    meiro_cell mark[MISSION_MAX_ITEMS];  /* key i's or item i's cell */
    meiro_cell door[MISSION_MAX_KEYS];   /* door i: the passage on door_side[i] */
    uint8_t door_side[MISSION_MAX_KEYS]; /* of this cell (east or south) */
    uint8_t *blocked; /* NULL, or a byte a cell: bit d = no way out through side d
                         (the wrong way of a one-way passage) */
    uint64_t one_way; /* one-way passages */
    uint8_t one_way_asked; /* --one-way's P that placed them (0: unknown, read from a
                              file), for the footer: it makes them again */
};

/* The maze's mission, made empty on first use; NULL when out of memory. */
maze_mission *mission_get(meiro_maze *m);
void mission_free(maze_mission *mi);
/* A copy for a clone of m (NULL in, NULL out; *ok false when out of memory). */
maze_mission *mission_clone(const meiro_maze *m, bool *ok);

/* Door index on side s of cell id (rect), or -1. */
static inline int mission_door_at(const maze_mission *mi, const meiro_maze *m, size_t id,
                                  unsigned s)
{
    if (mi->kind != MEIRO_MISSION_KEYS) return -1;
    for (unsigned k = 0; k < mi->count; k++) {
        size_t d = cell_index(m, mi->door[k].x, mi->door[k].y);
        unsigned ds = mi->door_side[k];
        if ((d == id && ds == s) ||
            (dir_opposite((meiro_dir)ds) == s &&
             id == d + (size_t)((ptrdiff_t)DIR_DY[ds] * (ptrdiff_t)m->w + DIR_DX[ds])))
            return (int)k;
    }
    return -1;
}

/* Mark (key or item) index at cell id, or -1. */
static inline int mission_mark_at(const maze_mission *mi, const meiro_maze *m, size_t id)
{
    for (unsigned k = 0; k < mi->count; k++)
        if (cell_index(m, mi->mark[k].x, mi->mark[k].y) == id) return (int)k;
    return -1;
}

/* Whether the maze's mission is well formed (meiro_maze_check). */
bool mission_ok(const meiro_maze *m, char *why, size_t size);
/* Whether two mazes of one size have the same mission (or both none). */
bool mission_equal(const meiro_maze *a, const meiro_maze *b);

/* Key k's colour (a key and its door share it on the page and the sheet),
 * as red, green and blue from 0 to 1, and as 0xRRGGBB. */
extern const double mission_key_rgb[MISSION_MAX_KEYS][3];
uint32_t mission_key_colour(unsigned k);

#endif /* MEIRO_SRC_CORE_MISSION_H */
