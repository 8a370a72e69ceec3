/* Line-drawing writers for terminals: ASCII (+---+ and |) and Unicode box
 * drawing. Grid points carry the corner characters; each cell is three
 * characters wide and one line tall, so it looks about square on screen.
 * On a shape the outside is blank; the grid's four corners are always
 * drawn (as crop marks where the shape leaves them), so the reader finds
 * the whole grid. */
#include "core/alloc.h"
#include "core/model.h"
#include "io/io.h"

#include <stdlib.h>
#include <string.h>

/* Box-drawing character for a grid point, indexed by the segments that
 * meet there, as a mask of directions (up 1, right 2, down 4, left 8). */
static const char *const box_chars[ALL_DIRS + 1] = {
    " ", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼",
};

static const char *mark_at(const meiro_maze *m, uint32_t x, uint32_t y, meiro_dir side)
{
    if (m->start_door == side && m->start.x == x && m->start.y == y) return "S";
    if (m->goal_door == side && m->goal.x == x && m->goal.y == y) return "G";
    return NULL;
}

typedef struct line_buf {
    char *data;
    size_t len, cap;
    bool failed;
} line_buf;

static void put(line_buf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n > b->cap && !vec_reserve(&b->data, &b->cap, b->len + n, 1, 256)) {
        b->failed = true;
        return;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

meiro_status write_lines(const meiro_maze *m, const meiro_path *path, FILE *out, bool unicode)
{
    uint8_t *marks;
    if (path_marks(m, path, &marks) != MEIRO_OK) return MEIRO_ERROR_NOMEM;
    const char *hwall = unicode ? "───" : "---", *vwall = unicode ? "│" : "|";
    const char *dot = unicode ? "·" : ".";
    line_buf b = {NULL, 0, 0, false};
    bool ok = true;
    for (uint32_t py = 0; py <= m->h && ok; py++) {
        /* the line of grid points and horizontal walls */
        b.len = 0;
        for (uint32_t px = 0; px <= m->w; px++) {
            unsigned segs = 0;
            if (py > 0 && maze_wall_left(m, px, py - 1)) segs |= dir_bit(MEIRO_NORTH);
            if (px < m->w && maze_wall_above(m, px, py)) segs |= dir_bit(MEIRO_EAST);
            if (py < m->h && maze_wall_left(m, px, py)) segs |= dir_bit(MEIRO_SOUTH);
            if (px > 0 && maze_wall_above(m, px - 1, py)) segs |= dir_bit(MEIRO_WEST);
            bool corner = (px == 0 || px == m->w) && (py == 0 || py == m->h);
            if (corner && !segs && m->active) { /* the grid's extent, for the reader */
                unsigned inward = (px ? dir_bit(MEIRO_WEST) : dir_bit(MEIRO_EAST)) |
                                  (py ? dir_bit(MEIRO_NORTH) : dir_bit(MEIRO_SOUTH));
                put(&b, unicode ? box_chars[inward] : "+");
            } else {
                put(&b, unicode ? box_chars[segs] : segs ? "+" : " ");
            }
            if (px == m->w) break;
            const char *door = py == 0      ? mark_at(m, px, 0, MEIRO_NORTH)
                               : py == m->h ? mark_at(m, px, m->h - 1, MEIRO_SOUTH)
                                            : NULL;
            if (door) {
                put(&b, " ");
                put(&b, door);
                put(&b, " ");
            } else if (segs & dir_bit(MEIRO_EAST)) {
                put(&b, hwall);
            } else if (py > 0 && py < m->h && marks &&
                       (marks[cell_index(m, px, py - 1)] & MARK_SOUTH)) {
                put(&b, " ");
                put(&b, dot);
                put(&b, " ");
            } else {
                put(&b, "   ");
            }
        }
        put(&b, "\n");
        if (py == m->h) {
            ok = !b.failed && fwrite(b.data, 1, b.len, out) == b.len;
            break;
        }
        /* the line of cells and vertical walls */
        for (uint32_t px = 0; px <= m->w; px++) {
            const char *door = px == 0      ? mark_at(m, 0, py, MEIRO_WEST)
                               : px == m->w ? mark_at(m, m->w - 1, py, MEIRO_EAST)
                                            : NULL;
            if (door) put(&b, door);
            else if (maze_wall_left(m, px, py)) put(&b, vwall);
            else if (px > 0 && px < m->w && marks && (marks[cell_index(m, px - 1, py)] & MARK_EAST))
                put(&b, dot);
            else put(&b, " ");
            if (px == m->w) break;
            const char *in = mark_at(m, px, py, MEIRO_NO_DIR);
            put(&b, " ");
            put(&b, in ? in : marks && (marks[cell_index(m, px, py)] & MARK_PATH) ? dot : " ");
            put(&b, " ");
        }
        put(&b, "\n");
        ok = !b.failed && fwrite(b.data, 1, b.len, out) == b.len;
    }
    bool nomem = b.failed;
    free(b.data);
    free(marks);
    if (nomem) return MEIRO_ERROR_NOMEM;
    return ok ? MEIRO_OK : MEIRO_ERROR_IO;
}
