/* Writers for the block-grid formats: text ('#' walls) and CSV (1 walls).
 * Each maze cell (x, y) is grid position (2x+1, 2y+1); the positions between
 * are walls or openings; S and G stand in their cells, or in an opening of
 * the outer wall when they have a door; '.' marks the solution. On a shape,
 * '~' (in CSV too) stands in the cells outside it and in every wall or
 * corner that touches no cell inside, so the file shows the shape; the walls
 * along its edge stay '#'. A weave's crossing cell is '-' (a tunnel runs
 * under it from west to east) or '|' (north to south), in CSV too.
 * A mission (core/mission.h), in CSV too: key or item k is the letter 'a' + k
 * in its cell (keys a-f, items a-t picked up in that order), door k the
 * capital 'A' + k in its passage, a one-way passage the way allowed: '>' or
 * '<' between two cells of a row, 'v' or '^' between two of a column. A
 * file with doors is a keys mission, letters without doors are items. */
#include "core/alloc.h"
#include "core/mission.h"
#include "core/model.h"
#include "io/io.h"

#include <stdlib.h>

/* What stands in the outer wall next to cell (x, y) on side d. */
static char border_char(const meiro_maze *m, uint32_t x, uint32_t y, meiro_dir d)
{
    if (m->start_door == d && m->start.x == x && m->start.y == y) return 'S';
    if (m->goal_door == d && m->goal.x == x && m->goal.y == y) return 'G';
    return '#';
}

/* Is cell (x, y) inside the shape? Outside the grid counts as outside. */
static bool inside(const meiro_maze *m, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < m->w && y < m->h &&
           cell_active(m, cell_index(m, (uint32_t)x, (uint32_t)y));
}

/* A wall or corner touching no cell inside the shape is '~', else c.
 * (ax, ay) .. (bx, by) are the cells around it (corners: the four). */
static char edge_char(const meiro_maze *m, char c, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    if (!m->active) return c;
    for (int64_t y = ay; y <= by; y++)
        for (int64_t x = ax; x <= bx; x++)
            if (inside(m, x, y)) return c;
    return '~';
}

static char cell_char(const meiro_maze *m, const uint8_t *marks, uint32_t x, uint32_t y)
{
    if (!cell_active(m, cell_index(m, x, y))) return '~';
    if (m->start_door == MEIRO_NO_DIR && m->start.x == x && m->start.y == y) return 'S';
    if (m->goal_door == MEIRO_NO_DIR && m->goal.x == x && m->goal.y == y) return 'G';
    /* a weave's crossing: '-' when a tunnel runs under it west to east, '|'
     * north to south (the path over or under it shows in the gaps beside) */
    uint8_t u = m->cells[cell_index(m, x, y)] & CELL_UNDER;
    if (u) return u == CELL_UNDER_EW ? '-' : '|';
    int k = m->mission ? mission_mark_at(m->mission, m, cell_index(m, x, y)) : -1;
    if (k >= 0) return (char)('a' + k);
    return marks && (marks[cell_index(m, x, y)] & MARK_PATH) ? '.' : ' ';
}

/* The passage on side d (east or south) of cell (x, y): a wall, a door, a
 * one-way arrow, the path or an opening. */
static char gap_char(const meiro_maze *m, const uint8_t *marks, uint32_t x, uint32_t y,
                     meiro_dir d)
{
    size_t i = cell_index(m, x, y);
    if (!cell_open(m, x, y, d)) return '#';
    const maze_mission *mi = m->mission;
    int door = mi ? mission_door_at(mi, m, i, d) : -1;
    if (door >= 0) return (char)('A' + door);
    if (mi && mi->blocked) {
        bool east = d == MEIRO_EAST;
        if (mi->blocked[i] & dir_bit(d)) return east ? '<' : '^';
        if (mi->blocked[cell_neighbour(m, x, y, d)] & dir_bit(dir_opposite(d)))
            return east ? '>' : 'v';
    }
    return marks && (marks[i] & (d == MEIRO_EAST ? MARK_EAST : MARK_SOUTH)) ? '.' : ' ';
}

/* Writes one grid row; in CSV, '#' becomes 1 and ' ' becomes 0 (and '~'
 * stays: an empty field would be taken for a spreadsheet's padding). */
static bool put_row(FILE *out, char *row, size_t cols, bool csv, char *buf)
{
    if (!csv) {
        row[cols] = '\n';
        return fwrite(row, 1, cols + 1, out) == cols + 1;
    }
    size_t n = 0;
    for (size_t c = 0; c < cols; c++) {
        char ch = row[c] == '#' ? '1' : row[c] == ' ' ? '0' : row[c];
        buf[n++] = ch;
        buf[n++] = c + 1 < cols ? ',' : '\n';
    }
    return fwrite(buf, 1, n, out) == n;
}

meiro_status write_text(const meiro_maze *m, const meiro_path *path, FILE *out, bool csv)
{
    uint8_t *marks;
    if (path_marks(m, path, &marks) != MEIRO_OK) return MEIRO_ERROR_NOMEM;
    size_t cols = 2 * (size_t)m->w + 1;
    char *row = alloc_array(cols + 1, 1), *buf = alloc_array(cols, 2);
    bool ok = row && buf;
    for (uint32_t y = 0; ok && y < m->h; y++) {
        if (y == 0) { /* top border */
            for (size_t c = 0; c < cols; c++) {
                int64_t x = (int64_t)(c / 2);
                row[c] = c % 2
                             ? edge_char(m, border_char(m, (uint32_t)x, 0, MEIRO_NORTH), x, 0, x, 0)
                             : edge_char(m, '#', x - 1, 0, x, 0);
            }
            ok = put_row(out, row, cols, csv, buf);
        }
        /* the cell row */
        row[0] = edge_char(m, border_char(m, 0, y, MEIRO_WEST), 0, y, 0, y);
        for (uint32_t x = 0; x < m->w; x++) {
            row[2 * x + 1] = cell_char(m, marks, x, y);
            row[2 * x + 2] =
                x + 1 < m->w
                    ? edge_char(m, gap_char(m, marks, x, y, MEIRO_EAST), x, y, x + 1, y)
                    : edge_char(m, border_char(m, x, y, MEIRO_EAST), x, y, x, y);
        }
        ok = ok && put_row(out, row, cols, csv, buf);
        /* the walls below it, or the bottom border */
        for (uint32_t x = 0; x < m->w; x++) {
            row[2 * x] = edge_char(m, '#', (int64_t)x - 1, y, x, (int64_t)y + 1);
            row[2 * x + 1] =
                y + 1 < m->h
                    ? edge_char(m, gap_char(m, marks, x, y, MEIRO_SOUTH), x, y, x, y + 1)
                    : edge_char(m, border_char(m, x, y, MEIRO_SOUTH), x, y, x, y);
        }
        row[cols - 1] = edge_char(m, '#', (int64_t)m->w - 1, y, m->w - 1, (int64_t)y + 1);
        ok = ok && put_row(out, row, cols, csv, buf);
    }
    free(row);
    free(buf);
    free(marks);
    if (!row || !buf) return MEIRO_ERROR_NOMEM;
    return ok ? MEIRO_OK : MEIRO_ERROR_IO;
}
