/* Weave mazes on rectangles: crossings, where a passage tunnels under a
 * straight perpendicular corridor. The model keeps a crossing as a
 * CELL_UNDER bit on the cell passed under (core/model.h); here the cell
 * graph's view of it, making crossings, counting and checking them. */
#include "core/grid.h"
#include "core/weave.h"

void weave_exits(const meiro_maze *m, size_t i, unsigned open, size_t next[GRID_MAX_SIDES])
{
    FOR_EACH_SIDE_IN (s, open)
        if (m->cells[next[s]] & cell_under_bit(s))
            next[s] += next[s] - i; /* on past the crossing: i, next, beyond are in a line */
}

bool weave_can_cross(const meiro_maze *m, grid_at a, unsigned d, const uint8_t *seen)
{
    uint32_t k = d & 1u ? m->w : m->h, p = d & 1u ? a.c.x : a.c.y;
    /* the crossing cell and the cell beyond it must be on the grid */
    if (DIR_DX[d] + DIR_DY[d] > 0 ? p + 2 >= k : p < 2) return false;
    size_t delta = (size_t)((ptrdiff_t)DIR_DY[d] * (ptrdiff_t)m->w + DIR_DX[d]);
    size_t b = a.id + delta, c = b + delta;
    if (!grid_active(m, b) || !grid_active(m, c) || seen[c]) return false;
    if (m->cells[a.id] & CELL_UNDER) return false;
    /* b: a straight corridor across d, not a crossing already */
    unsigned across = (d & 1u) ? dir_bit(MEIRO_NORTH) | dir_bit(MEIRO_SOUTH)
                               : dir_bit(MEIRO_EAST) | dir_bit(MEIRO_WEST);
    return !(m->cells[b] & CELL_UNDER) && grid_open_sides_as(m, true, b) == across;
}

size_t weave_cross(meiro_maze *m, size_t a, unsigned d)
{
    size_t delta = (size_t)((ptrdiff_t)DIR_DY[d] * (ptrdiff_t)m->w + DIR_DX[d]);
    size_t b = a + delta, c = b + delta;
    unsigned back = dir_opposite((meiro_dir)d);
    grid_join_as(m, true, a, d, b, back);
    grid_join_as(m, true, b, d, c, back);
    m->cells[b] |= cell_under_bit(d);
    m->weave = true;
    observe(m->obs, MEIRO_EVENT_CROSS, (uint32_t)(b % m->w), (uint32_t)(b / m->w), d, m->road);
    return c;
}

uint64_t weave_count(const meiro_maze *m)
{
    if (m->grid != MEIRO_GRID_RECT || !m->weave) return 0;
    uint64_t n = 0;
    size_t total = grid_total(m);
    for (size_t i = 0; i < total; i++) n += (m->cells[i] & CELL_UNDER) != 0;
    return n;
}

bool weave_cell_ok(const meiro_maze *m, grid_at at)
{
    if (m->grid != MEIRO_GRID_RECT) return true; /* (their bits are sides) */
    uint8_t u = m->cells[at.id] & CELL_UNDER;
    if (!u) return true;
    if (u == CELL_UNDER || !m->weave) return false;
    if (at.c.x == 0 || at.c.y == 0 || at.c.x + 1 >= m->w || at.c.y + 1 >= m->h) return false;
    /* all four walls open, every neighbour in the maze, and the tunnel's ends
     * are no crossing on the same line (a tunnel passes under one cell) */
    for (unsigned d = 0; d < DIR_COUNT; d++) {
        size_t j = at.id + (size_t)((ptrdiff_t)DIR_DY[d] * (ptrdiff_t)m->w + DIR_DX[d]);
        if (!cell_open(m, at.c.x, at.c.y, d) || !grid_active(m, j)) return false;
        if ((m->cells[j] & u) && cell_under_bit(d) == u) return false;
    }
    return true;
}

meiro_dir meiro_maze_crossing(const meiro_maze *maze, meiro_cell cell)
{
    if (maze->grid != MEIRO_GRID_RECT || cell.x >= maze->w || cell.y >= maze->h) return MEIRO_NO_DIR;
    uint8_t u = maze->cells[cell_index(maze, cell.x, cell.y)] & CELL_UNDER;
    return u == CELL_UNDER_EW ? MEIRO_EAST : u == CELL_UNDER_NS ? MEIRO_SOUTH : MEIRO_NO_DIR;
}

uint64_t meiro_maze_crossings(const meiro_maze *maze) { return weave_count(maze); }
