/* Marks a path's cells and the walls it passes through, for the writers. */
#include "core/alloc.h"
#include "core/model.h"
#include "io/io.h"

#include <stdlib.h>

meiro_status path_marks(const meiro_maze *m, const meiro_path *path, uint8_t **marks)
{
    *marks = NULL;
    if (!path || path->length == 0) return MEIRO_OK;
    uint8_t *mk = zalloc((size_t)m->w * m->h, 1);
    if (!mk) return MEIRO_ERROR_NOMEM;
    for (size_t k = 0; k < path->length; k++) {
        meiro_cell c = path->cells[k];
        if (c.x >= m->w || c.y >= m->h) continue;
        mk[cell_index(m, c.x, c.y)] |= MARK_PATH;
        if (k == 0) continue;
        meiro_cell p = path->cells[k - 1];
        if (p.x >= m->w || p.y >= m->h) continue;
        /* The wall between p and c belongs to the upper or left one. */
        if (p.y == c.y && (p.x + 1 == c.x || c.x + 1 == p.x))
            mk[cell_index(m, p.x < c.x ? p.x : c.x, c.y)] |= MARK_EAST;
        else if (p.x == c.x && (p.y + 1 == c.y || c.y + 1 == p.y))
            mk[cell_index(m, c.x, p.y < c.y ? p.y : c.y)] |= MARK_SOUTH;
        /* under a weave's crossing, two cells on: both walls of the tunnel */
        else if (p.y == c.y && (p.x + 2 == c.x || c.x + 2 == p.x))
            mk[cell_index(m, p.x < c.x ? p.x : c.x, c.y)] |= MARK_EAST,
                mk[cell_index(m, (p.x < c.x ? p.x : c.x) + 1, c.y)] |= MARK_EAST;
        else if (p.x == c.x && (p.y + 2 == c.y || c.y + 2 == p.y))
            mk[cell_index(m, c.x, p.y < c.y ? p.y : c.y)] |= MARK_SOUTH,
                mk[cell_index(m, c.x, (p.y < c.y ? p.y : c.y) + 1)] |= MARK_SOUTH;
    }
    *marks = mk;
    return MEIRO_OK;
}
