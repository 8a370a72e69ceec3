/* Reader for the block-grid formats (text and CSV). It streams: one line at
 * a time is turned into symbols, checked and folded into the maze, so memory
 * stays the maze plus two lines. Every error names the line and column (for
 * CSV: the field). Accepted: a UTF-8 BOM, CRLF, trailing white space, S and
 * G in their cells or in an opening of the outer wall, '.' path marks, and
 * for CSV also mazes whose walls are 0 and passages 1 (the road article's field),
 * told apart by the top-left corner, which is always a wall. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "io/io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { SYM_WALL, SYM_OPEN, SYM_START, SYM_GOAL };
#define LINE_LIMIT (64u << 20) /* longest line accepted, in bytes */

typedef struct line_reader {
    FILE *in;
    char block[65536];
    size_t pos, fill;
    bool eof;
    char *line;
    size_t len, cap;
} line_reader;

/* Reads the next line without its newline; false at end of input. */
static meiro_status next_line(line_reader *r, bool *got, unsigned long line_no, meiro_error *err)
{
    r->len = 0;
    *got = false;
    for (;;) {
        if (r->pos == r->fill) {
            if (r->eof) return MEIRO_OK;
            r->fill = fread(r->block, 1, sizeof r->block, r->in);
            r->pos = 0;
            if (r->fill == 0) {
                if (ferror(r->in))
                    return fail(err, MEIRO_ERROR_IO, "read error: %s", strerror(errno));
                r->eof = true;
                return MEIRO_OK;
            }
        }
        char *start = r->block + r->pos;
        char *nl = memchr(start, '\n', r->fill - r->pos);
        size_t n = nl ? (size_t)(nl - start) : r->fill - r->pos;
        if (r->len + n + 1 > r->cap) {
            if (r->len + n > LINE_LIMIT)
                return fail_at(err, MEIRO_ERROR_TOO_BIG, line_no, 1,
                                     "line is longer than %u MiB: not a maze file",
                                     LINE_LIMIT >> 20);
            if (!vec_reserve(&r->line, &r->cap, r->len + n + 1, 1, 256))
                return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading a line");
        }
        memcpy(r->line + r->len, start, n);
        r->len += n;
        r->pos += n + (nl ? 1 : 0);
        *got = true;
        if (nl) return MEIRO_OK;
    }
}

typedef struct sym_row {
    uint8_t *sym;
    unsigned long *col; /* source column (CSV: field number) of each symbol */
    size_t len, sym_cap, col_cap;
    unsigned long line;
} sym_row;

static bool row_push(sym_row *row, uint8_t s, unsigned long col)
{
    if (row->len == row->sym_cap || row->len == row->col_cap) {
        if (!vec_reserve(&row->sym, &row->sym_cap, row->len + 1, 1, 256) ||
            !vec_reserve(&row->col, &row->col_cap, row->len + 1, sizeof *row->col, 256))
            return false;
    }
    row->sym[row->len] = s;
    row->col[row->len] = col;
    row->len++;
    return true;
}

typedef struct reader {
    bool csv;
    bool inverted; /* CSV with 0 walls and 1 passages */
    meiro_error *err;
    size_t cols;   /* symbols per row, from the first line */
    uint32_t w, h; /* h counts the cell rows read so far */
    uint8_t *cells;
    size_t rows_cap;
    bool has_start, has_goal;
    meiro_cell start, goal;
    meiro_dir start_door, goal_door;
} reader;

static void describe_char(char *out, size_t size, const char *s, size_t n)
{
    unsigned char c = (unsigned char)s[0];
    if (n == 1 && c >= 0x20 && c < 0x7f) snprintf(out, size, "'%c'", c);
    else snprintf(out, size, "byte 0x%02X", c);
}

static meiro_status tokenize_text(reader *rd, const char *s, size_t n, sym_row *row)
{
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--; /* editors' trailing blanks */
    for (size_t i = 0; i < n; i++) {
        uint8_t sym;
        switch (s[i]) {
        case '#': sym = SYM_WALL; break;
        case ' ': case '.': sym = SYM_OPEN; break;
        case 'S': sym = SYM_START; break;
        case 'G': sym = SYM_GOAL; break;
        default: {
            char what[32];
            describe_char(what, sizeof what, s + i, 1);
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, i + 1,
                                 "unexpected %s: a text maze uses '#' for walls, spaces for "
                                 "passages, S, G and '.'",
                                 what);
        }
        }
        if (!row_push(row, sym, i + 1))
            return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading a line");
    }
    return MEIRO_OK;
}

static meiro_status tokenize_csv(reader *rd, const char *s, size_t n, sym_row *row,
                                 bool first_line)
{
    unsigned long field = 0;
    size_t i = 0;
    size_t last_nonempty = 0; /* spreadsheets pad short rows with empty fields */
    bool done = false;
    while (!done) {
        field++;
        size_t end = i;
        while (end < n && s[end] != ',') end++;
        done = end >= n;
        size_t a = i, b = end;
        while (a < b && (s[a] == ' ' || s[a] == '\t')) a++;
        while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t')) b--;
        if (b - a >= 2 && s[a] == '"' && s[b - 1] == '"') a++, b--;
        i = end + 1;
        if (a == b) {
            if (!row_push(row, 255, field))
                return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading a line");
            continue;
        }
        last_nonempty = row->len + 1;
        uint8_t sym;
        char c = s[a];
        if (b - a == 1 && (c == '0' || c == '1')) {
            if (first_line && field == 1) rd->inverted = c == '0';
            sym = (c == '1') != rd->inverted ? SYM_WALL : SYM_OPEN;
        } else if (b - a == 1 && c == '#') sym = SYM_WALL;
        else if (b - a == 1 && c == '.') sym = SYM_OPEN;
        else if (b - a == 1 && c == 'S') sym = SYM_START;
        else if (b - a == 1 && c == 'G') sym = SYM_GOAL;
        else {
            char what[80];
            if (b - a == 1) describe_char(what, sizeof what, s + a, 1);
            else snprintf(what, sizeof what, "value '%.*s'", (int)(b - a > 40 ? 40 : b - a), s + a);
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, field,
                                 "unexpected %s: a CSV maze uses 1 for walls, 0 for passages, "
                                 "S, G and '.'",
                                 what);
        }
        if (!row_push(row, sym, field))
            return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading a line");
    }
    for (size_t k = 0; k < last_nonempty; k++)
        if (row->sym[k] == 255)
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                                 "empty field: every field is 1, 0, S, G or '.'");
    row->len = last_nonempty;
    return MEIRO_OK;
}

static meiro_status place_mark(reader *rd, const sym_row *row, size_t k, uint32_t x, uint32_t y,
                               meiro_dir door)
{
    bool is_start = row->sym[k] == SYM_START;
    bool *has = is_start ? &rd->has_start : &rd->has_goal;
    if (*has)
        return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                             "a second %c: a maze has one start S and one goal G",
                             is_start ? 'S' : 'G');
    *has = true;
    if (is_start) {
        rd->start = (meiro_cell){x, y};
        rd->start_door = door;
    } else {
        rd->goal = (meiro_cell){x, y};
        rd->goal_door = door;
    }
    return MEIRO_OK;
}

/* A row of the outer wall: '#' everywhere but S or G above/below a cell.
 * y is the cell row next to it; side is NORTH for the top border. */
static meiro_status border_row(reader *rd, const sym_row *row, uint32_t y, meiro_dir side)
{
    for (size_t k = 0; k < rd->cols; k++) {
        uint8_t s = row->sym[k];
        if (s == SYM_WALL) continue;
        if ((s == SYM_START || s == SYM_GOAL) && k % 2 == 1) {
            meiro_status st = place_mark(rd, row, k, (uint32_t)(k / 2), y, side);
            if (st != MEIRO_OK) return st;
            continue;
        }
        return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                             k % 2 ? "gap in the outer wall: only S or G may stand in an opening"
                                   : "the outer wall's corners must be walls");
    }
    return MEIRO_OK;
}

static meiro_status check_width(reader *rd, const sym_row *row)
{
    if (row->len == rd->cols) return MEIRO_OK;
    const char *unit = rd->csv ? "fields" : "columns";
    if (row->len == 0)
        return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, 1,
                             "empty line inside the maze");
    return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line,
                         row->len > rd->cols ? row->col[rd->cols] : row->col[row->len - 1] + 1,
                         "ragged row: this line has %zu %s, the first line has %zu", row->len,
                         unit, rd->cols);
}

/* A row of cells (y) and the walls between them. */
static meiro_status cell_row(reader *rd, const sym_row *row, uint32_t y)
{
    if ((uint64_t)(y + 1) * rd->w > MEIRO_MAX_CELLS || y + 1 > MEIRO_MAX_SIDE)
        return fail_at(rd->err, MEIRO_ERROR_TOO_BIG, row->line, 1,
                             "maze too large: at most %u cells and %u rows", MEIRO_MAX_CELLS,
                             MEIRO_MAX_SIDE);
    if (!vec_reserve(&rd->cells, &rd->rows_cap, (size_t)y + 1, rd->w, 64))
        return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading the maze");
    uint8_t *cells = rd->cells + (size_t)y * rd->w;
    memset(cells, 0, rd->w);
    for (size_t k = 0; k < rd->cols; k++) {
        uint8_t s = row->sym[k];
        bool edge = k == 0 || k == rd->cols - 1;
        if (edge) {
            if (s == SYM_WALL) continue;
            if (s == SYM_START || s == SYM_GOAL) {
                meiro_status st = place_mark(rd, row, k, k ? rd->w - 1 : 0, y,
                                             k ? MEIRO_EAST : MEIRO_WEST);
                if (st != MEIRO_OK) return st;
                continue;
            }
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                                 "gap in the outer wall: only S or G may stand in an opening");
        }
        uint32_t x = (uint32_t)(k / 2);
        if (k % 2) { /* a cell */
            if (s == SYM_WALL)
                return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                                     "cell (%lu, %lu) is a wall: cells are at odd positions "
                                     "and must be open",
                                     (unsigned long)x, (unsigned long)y);
            if (s != SYM_OPEN) {
                meiro_status st = place_mark(rd, row, k, x, y, MEIRO_NO_DIR);
                if (st != MEIRO_OK) return st;
            }
        } else { /* the wall between cells x-1 and x */
            if (s == SYM_START || s == SYM_GOAL)
                return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                                     "S and G stand in a cell or in an opening of the outer wall");
            if (s == SYM_OPEN) cells[x - 1] |= CELL_OPEN_E;
        }
    }
    return MEIRO_OK;
}

/* A row of walls between cell rows y and y + 1. */
static meiro_status wall_row(reader *rd, const sym_row *row, uint32_t y)
{
    uint8_t *cells = rd->cells + (size_t)y * rd->w;
    for (size_t k = 0; k < rd->cols; k++) {
        uint8_t s = row->sym[k];
        if (k % 2 == 0) {
            if (s != SYM_WALL)
                return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                                     k == 0 || k == rd->cols - 1
                                         ? "gap in the outer wall: only S or G may stand in an "
                                           "opening"
                                         : "grid corners (even line, even column) must be walls");
            continue;
        }
        if (s == SYM_START || s == SYM_GOAL)
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, row->col[k],
                                 "S and G stand in a cell or in an opening of the outer wall");
        if (s == SYM_OPEN) cells[k / 2] |= CELL_OPEN_S;
    }
    return MEIRO_OK;
}

static bool is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t') return false;
    return true;
}

meiro_maze *read_grid(FILE *in, bool csv, meiro_error *err)
{
    line_reader lr;
    lr.in = in;
    lr.pos = lr.fill = 0;
    lr.eof = false;
    lr.line = NULL;
    lr.len = lr.cap = 0;
    reader rd = {.csv = csv, .err = err};
    sym_row rows[2] = {{0}, {0}}; /* the current line and a pending wall row */
    bool pending = false;
    meiro_maze *m = NULL;
    meiro_status st = MEIRO_OK;
    unsigned long line_no = 0, blank_run = 0, lines = 0;

    for (;;) {
        bool got;
        st = next_line(&lr, &got, line_no + 1, err);
        if (st != MEIRO_OK) goto done;
        if (!got) break;
        line_no++;
        char *s = lr.line;
        size_t n = lr.len;
        if (memchr(s, '\0', n)) {
            st = fail_at(err, MEIRO_ERROR_PARSE, line_no, (char *)memchr(s, 0, n) - s + 1,
                               "binary data (a NUL byte): not a text or CSV maze");
            goto done;
        }
        if (line_no == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3, n -= 3;
        if (n > 0 && s[n - 1] == '\r') n--;
        if (is_blank(s, n)) { /* blank lines may only trail the maze */
            if (lines > 0) blank_run++;
            continue;
        }
        if (blank_run) {
            st = fail_at(err, MEIRO_ERROR_PARSE, line_no - blank_run, 1,
                               "empty line inside the maze");
            goto done;
        }
        sym_row *row = &rows[pending ? 1 : 0];
        row->len = 0;
        row->line = line_no;
        st = csv ? tokenize_csv(&rd, s, n, row, lines == 0) : tokenize_text(&rd, s, n, row);
        if (st != MEIRO_OK) goto done;
        if (lines == 0) {
            rd.cols = row->len;
            if (rd.cols == 0) { /* only empty fields: no column to point at but the first */
                st = fail_at(err, MEIRO_ERROR_PARSE, line_no, 1,
                             "the first line has only empty fields: a maze starts on line 1");
                goto done;
            }
            if (rd.cols % 2 == 0 || rd.cols < 3) {
                st = fail_at(err, MEIRO_ERROR_PARSE, line_no, row->col[row->len - 1],
                                   "the first line has %zu %s: a maze W cells wide has 2W+1",
                                   rd.cols, csv ? "fields" : "columns");
                goto done;
            }
            if ((rd.cols - 1) / 2 > MEIRO_MAX_SIDE) {
                st = fail_at(err, MEIRO_ERROR_TOO_BIG, line_no, 1,
                                   "maze too large: at most %u cells across", MEIRO_MAX_SIDE);
                goto done;
            }
            rd.w = (uint32_t)((rd.cols - 1) / 2);
            st = border_row(&rd, row, 0, MEIRO_NORTH);
        } else if ((st = check_width(&rd, row)) != MEIRO_OK) {
            goto done;
        } else if (lines % 2 == 1) { /* cells; a pending row was inner walls */
            if (pending) st = wall_row(&rd, &rows[0], rd.h - 1);
            pending = false;
            if (st == MEIRO_OK) st = cell_row(&rd, row, rd.h);
            rd.h++;
        } else {
            pending = true; /* inner walls or the bottom border: known later */
        }
        if (st != MEIRO_OK) goto done;
        lines++;
    }
    if (lines == 0) st = fail(err, MEIRO_ERROR_PARSE, "empty file: no maze in it");
    else if (lines % 2 == 0)
        st = fail_at(err, MEIRO_ERROR_PARSE, line_no, 1,
                           "the maze has %lu lines: a maze H cells tall has 2H+1 (the last "
                           "line must be the bottom wall)",
                           lines);
    else if (lines < 3)
        st = fail_at(err, MEIRO_ERROR_PARSE, line_no, 1,
                           "only one line: a maze needs at least three");
    else st = border_row(&rd, &rows[0], rd.h - 1, MEIRO_SOUTH);
    if (st != MEIRO_OK) goto done;
    if (!rd.has_start || !rd.has_goal) {
        st = fail(err, MEIRO_ERROR_PARSE, "no %s: mark the %s cell with %c",
                        rd.has_start ? "goal" : "start", rd.has_start ? "goal" : "start",
                        rd.has_start ? 'G' : 'S');
        goto done;
    }
    m = meiro_maze_new(rd.w, rd.h, err);
    if (!m) goto done;
    memcpy(m->cells, rd.cells, (size_t)rd.w * rd.h);
    m->start = rd.start;
    m->start_door = rd.start_door;
    m->goal = rd.goal;
    m->goal_door = rd.goal_door;
    if (meiro_maze_check(m, NULL) != MEIRO_OK)
        st = fail(err, MEIRO_ERROR_PARSE, "S and G stand in the same place");
done:
    if (st != MEIRO_OK) { /* the maze only leaves here whole */
        meiro_maze_free(m);
        m = NULL;
    }
    free(lr.line);
    free(rd.cells);
    for (int k = 0; k < 2; k++) {
        free(rows[k].sym);
        free(rows[k].col);
    }
    return m;
}
