/* Reader for the text formats: block grids ('#' walls as text; 1 walls as
 * CSV with ',', ';' or tabs between fields) and meiro's own line drawings
 * (ASCII "+---+" and Unicode box drawing). Each line is turned into symbols
 * and kept as one wall bit per symbol (S and G apart), so memory stays the
 * maze plus about half of it and one line. At the end the grid is read:
 *  - as a pillar grid when it fits one everywhere: 2W+1 by 2H+1 symbols,
 *    walls at every odd line and odd column (1-based), cells open at every
 *    even line and even column, a closed outer wall that S or G may stand
 *    in (meiro's own files; a drawing always is one);
 *  - otherwise as blocks, the way it looks: every symbol is a cell, a wall
 *    block a cell closed on all sides; a ring of walls around it (S and G
 *    may stand in it, not in its corners) is the outer wall and is dropped.
 * Accepted: a UTF-8 BOM, CRLF, trailing blanks and blank lines, '.' path
 * marks, and for CSV mazes whose walls are 0 (told apart by the top-left
 * corner, always a wall). Every error names the line and column (CSV: the
 * field; drawings: the character).
 * A maze on a shape: in text and CSV '~' stands outside it (a cell, or a
 * wall or corner that acts as one); an opening beside a '~' cell is an error.
 * A drawing shows the outside blank: the cells S and G cannot reach are
 * outside, and only they may have gaps in the outer wall beside them.
 * A mission in text and CSV (io/write_text.c): keys and items 'a'.. in
 * cells, doors 'A'..'F' and one-way arrows '<' '>' '^' 'v' in passages. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/mission.h"
#include "core/model.h"
#include "core/weave.h"
#include "core/search.h"
#include "io/io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* SYM_UNDER_EW, SYM_UNDER_NS: a weave's crossing cell, '-' (a tunnel under
 * it west to east) and '|' (north to south), in text and CSV */
enum { SYM_WALL, SYM_OPEN, SYM_START, SYM_GOAL, SYM_OUT, SYM_UNDER_EW, SYM_UNDER_NS };
/* A mission's symbols: arrows (the way allowed), doors 'A'.., keys or items
 * 'a'.. (the symbol's offset from SYM_DOOR or SYM_MARK is the letter's) */
enum {
    SYM_EAST = SYM_UNDER_NS + 1, /* '>' */
    SYM_WEST,                    /* '<' */
    SYM_SOUTH,                   /* 'v' */
    SYM_NORTH,                   /* '^' */
    SYM_DOOR,
    SYM_MARK = SYM_DOOR + MISSION_MAX_KEYS,
    SYM_END = SYM_MARK + MISSION_MAX_ITEMS
};

/* The symbol of a mission's character, or SYM_END. */
static uint8_t mission_sym(char c)
{
    if (c >= 'a' && c < 'a' + MISSION_MAX_ITEMS) return (uint8_t)(SYM_MARK + (c - 'a'));
    if (c >= 'A' && c < 'A' + MISSION_MAX_KEYS) return (uint8_t)(SYM_DOOR + (c - 'A'));
    switch (c) {
    case '>': return SYM_EAST;
    case '<': return SYM_WEST;
    case 'v': return SYM_SOUTH;
    case '^': return SYM_NORTH;
    default: return SYM_END;
    }
}

/* The character of a mission's symbol (for messages). */
static char mission_char(uint8_t sym)
{
    static const char arrows[] = "><v^";
    if (sym >= SYM_MARK) return (char)('a' + (sym - SYM_MARK));
    if (sym >= SYM_DOOR) return (char)('A' + (sym - SYM_DOOR));
    return arrows[sym - SYM_EAST];
}

/* A crossing or a mission's symbol read, placed once the maze is made. */
typedef struct crossing_at {
    size_t r, k;
    unsigned long line;
    uint8_t sym;
} crossing_at;
#define LINE_LIMIT (64u << 20)                       /* longest line accepted, in bytes */
#define MAX_SYMBOLS (2 * (size_t)MEIRO_MAX_SIDE + 1) /* across or down: the largest pillar grid */

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
                               "line is longer than %u MiB: not a maze file", LINE_LIMIT >> 20);
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

typedef enum input_kind { KIND_TEXT, KIND_CSV, KIND_DRAWING } input_kind;

typedef struct sym_row {
    uint8_t *sym;
    size_t len, cap;
    unsigned long line;
} sym_row;

/* Where the pillar grid is broken first: line 0 when it is not. */
typedef struct violation {
    unsigned long line, col;
    const char *why;
} violation;

typedef struct reader {
    input_kind kind;
    char sep;          /* CSV: the field separator, from the first line */
    bool inverted;     /* CSV with 0 walls and 1 passages */
    size_t cell_chars; /* drawings: characters per cell between corners */
    meiro_error *err;
    size_t cols, rows; /* symbols per row (from the first line), rows so far */
    uint8_t *walls;    /* a bit per symbol, row-major: set for a wall (and '~') */
    size_t walls_cap;  /* bytes */
    uint8_t *outs;     /* the same for '~'; NULL until the first one */
    size_t outs_cap;
    crossing_at *crossings; /* weave mazes */
    size_t crossings_n, crossings_cap;
    bool lead_out; /* CSV: line 1 so far is only '~' (the corner may be one) */
    bool has[2];   /* S, G */
    size_t mark_r[2], mark_k[2];
    violation bad, inner, border; /* first break; the last even row as inner row or border */
} reader;

/* The 1-based column of symbol k in its line: the field in CSV; in a
 * drawing, the corner or wall character, or the middle of a cell. */
static unsigned long col_of(const reader *rd, size_t k)
{
    if (rd->kind != KIND_DRAWING) return (unsigned long)k + 1;
    size_t step = rd->cell_chars + 1;
    return (unsigned long)((k / 2) * step + 1 + (k % 2 ? 1 + (rd->cell_chars - 1) / 2 : 0));
}

static void describe_char(char *out, size_t size, unsigned char c)
{
    if (c >= 0x20 && c < 0x7f) snprintf(out, size, "'%c'", c);
    else if (c == '\t') snprintf(out, size, "a tab");
    else if (c == '\r') snprintf(out, size, "a carriage return (0x0D)");
    else snprintf(out, size, "byte 0x%02X", c);
}

/* Appends a symbol; a line may not grow past the first line (nor the first
 * past the widest maze). */
static meiro_status push(reader *rd, sym_row *row, uint8_t s)
{
    if (row->len == (rd->rows ? rd->cols : MAX_SYMBOLS)) {
        if (!rd->rows)
            return fail_at(rd->err, MEIRO_ERROR_TOO_BIG, row->line, 1,
                           "maze too large: at most %u cells across", MEIRO_MAX_SIDE);
        return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, col_of(rd, row->len),
                       "ragged row: this line is longer than the first (%zu %s)", rd->cols,
                       rd->kind == KIND_CSV ? "fields" : "columns");
    }
    if (row->len == row->cap && !vec_reserve(&row->sym, &row->cap, row->len + 1, 1, 256))
        return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading a line");
    row->sym[row->len++] = s;
    return MEIRO_OK;
}

static meiro_status tokenize_text(reader *rd, const char *s, size_t n, sym_row *row)
{
    size_t raw = n;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--; /* editors' trailing blanks */
    meiro_status st = MEIRO_OK;
    for (size_t i = 0; i < n && st == MEIRO_OK; i++) {
        uint8_t sym;
        switch (s[i]) {
        case '#': sym = SYM_WALL; break;
        case ' ':
        case '.': sym = SYM_OPEN; break;
        case 'S': sym = SYM_START; break;
        case 'G': sym = SYM_GOAL; break;
        case '~': sym = SYM_OUT; break;
        case '-': sym = SYM_UNDER_EW; break;
        case '|': sym = SYM_UNDER_NS; break;
        default: {
            if ((sym = mission_sym(s[i])) != SYM_END) break;
            char what[40];
            describe_char(what, sizeof what, (unsigned char)s[i]);
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, i + 1,
                           N_("unexpected %s: a text maze uses '#' for walls, spaces for "
                              "passages, S, G, '.', '~' outside its shape, '-' and '|' for "
                              "crossings, and a mission's a-t, A-F, <, >, ^ and v"),
                           what);
        }
        }
        st = push(rd, row, sym);
    }
    /* a line the editor cut short: its trailing blanks were passages */
    while (st == MEIRO_OK && rd->rows && row->len < rd->cols && raw >= rd->cols)
        st = push(rd, row, SYM_OPEN);
    return st;
}

/* The separator of a CSV line: the most frequent of ',', ';' and tab outside
 * quotes (spreadsheets in many locales save ';'); ',' on a tie. */
static char detect_separator(const char *s, size_t n)
{
    static const char seps[] = {',', ';', '\t'};
    size_t count[3] = {0, 0, 0};
    bool quoted = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"') quoted = !quoted;
        for (size_t j = 0; j < 3 && !quoted; j++) count[j] += s[i] == seps[j];
    }
    size_t best = 0;
    for (size_t j = 1; j < 3; j++)
        if (count[j] > count[best]) best = j;
    return seps[best];
}

static meiro_status tokenize_csv(reader *rd, const char *s, size_t n, sym_row *row)
{
    bool tab_sep = rd->sep == '\t';
    unsigned long field = 0, empty = 0; /* empty: the first empty field not yet followed */
    size_t i = 0;
    bool done = false;
    while (!done) {
        field++;
        size_t end = i;
        while (end < n && s[end] != rd->sep) end++;
        done = end >= n;
        size_t a = i, b = end;
        while (a < b && (s[a] == ' ' || (s[a] == '\t' && !tab_sep))) a++;
        while (b > a && (s[b - 1] == ' ' || (s[b - 1] == '\t' && !tab_sep))) b--;
        if (b - a >= 2 && s[a] == '"' && s[b - 1] == '"') a++, b--;
        i = end + 1;
        if (a == b) { /* spreadsheets pad short rows with empty fields: fine at the end */
            if (!empty) empty = field;
            continue;
        }
        if (empty)
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, empty,
                           "empty field: every field is 1, 0, S, G, '.' or '~' (outside "
                           "the shape)");
        uint8_t sym;
        char c = s[a];
        bool out = b - a == 1 && c == '~';
        if (b - a == 1 && (c == '0' || c == '1')) {
            if (rd->rows == 0 && rd->lead_out) rd->inverted = c == '0'; /* the first wall */
            sym = (c == '1') != rd->inverted ? SYM_WALL : SYM_OPEN;
        } else if (out) sym = SYM_OUT;
        else if (b - a == 1 && c == '#') sym = SYM_WALL;
        else if (b - a == 1 && c == '.') sym = SYM_OPEN;
        else if (b - a == 1 && c == 'S') sym = SYM_START;
        else if (b - a == 1 && c == 'G') sym = SYM_GOAL;
        else if (b - a == 1 && c == '-') sym = SYM_UNDER_EW;
        else if (b - a == 1 && c == '|') sym = SYM_UNDER_NS;
        else if (b - a == 1 && mission_sym(c) != SYM_END) sym = mission_sym(c);
        else {
            char what[80];
            if (b - a == 1) describe_char(what, sizeof what, (unsigned char)c);
            else {
                size_t len = b - a > 40 ? 40 : b - a,
                       w = (size_t)snprintf(what, sizeof what, "value '");
                for (size_t k = 0; k < len; k++) /* no control bytes to the terminal */
                    what[w++] = (unsigned char)s[a + k] < 0x20 || s[a + k] == 0x7f ? '?' : s[a + k];
                snprintf(what + w, sizeof what - w, "'");
            }
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, field,
                           "unexpected %s: a CSV maze uses 1 for walls, 0 for passages, "
                           "S, G, '.', '~' outside its shape, '-' and '|' for crossings, and "
                           "a mission's a-t, A-F, <, >, ^ and v",
                           what);
        }
        rd->lead_out = rd->lead_out && out;
        meiro_status st = push(rd, row, sym);
        if (st != MEIRO_OK) return st;
    }
    return MEIRO_OK;
}

/* ---- Line drawings ---- */

enum { GL_SPACE, GL_LINE, GL_START, GL_GOAL, GL_DOT, GL_OTHER };

/* Reads one UTF-8 character at s[*i] into its class and code point; false
 * when the bytes are not UTF-8. Lines are '+', '-', '|' and box drawing
 * (U+2500..U+257F); U+00B7 is the Unicode drawing's path mark. */
static bool next_glyph(const char *s, size_t n, size_t *i, int *cls, uint32_t *cp)
{
    unsigned char c = (unsigned char)s[*i];
    size_t len = c < 0x80                ? 1
                 : c >= 0xC2 && c < 0xE0 ? 2
                 : c >= 0xE0 && c < 0xF0 ? 3
                 : c >= 0xF0 && c < 0xF5 ? 4
                                         : 0;
    if (len == 0 || len > n - *i) return false;
    *cp = len == 1 ? c : c & (0x7Fu >> len);
    for (size_t k = 1; k < len; k++) {
        unsigned char d = (unsigned char)s[*i + k];
        if ((d & 0xC0) != 0x80) return false;
        *cp = *cp << 6 | (d & 0x3Fu);
    }
    *i += len;
    switch (*cp) {
    case ' ': *cls = GL_SPACE; break;
    case '+':
    case '-':
    case '|': *cls = GL_LINE; break;
    case 'S': *cls = GL_START; break;
    case 'G': *cls = GL_GOAL; break;
    case '.':
    case 0xB7: *cls = GL_DOT; break;
    default: *cls = *cp >= 0x2500 && *cp <= 0x257F ? GL_LINE : GL_OTHER;
    }
    return true;
}

/* Does a text maze's first line start a line drawing? */
static bool looks_drawn(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '+' || s[i] == '-' || s[i] == '|' ||
            (s[i] == '\xE2' && i + 1 < n && (s[i + 1] == '\x94' || s[i + 1] == '\x95')))
            return true;
    return false;
}

static meiro_status bad_glyph(reader *rd, unsigned long line, unsigned long col, uint32_t cp,
                              const char *where)
{
    char what[40];
    if (cp < 0x80) describe_char(what, sizeof what, (unsigned char)cp);
    else snprintf(what, sizeof what, "character U+%04lX", (unsigned long)cp);
    return fail_at(rd->err, MEIRO_ERROR_PARSE, line, col, "unexpected %s%s", what, where);
}

/* The first line of a drawing: characters per cell (in ASCII the first
 * wall drawn, '+' then '-'s up to the next '+'; else meiro's 3) and the
 * width. */
static meiro_status start_drawing(reader *rd, const char *s, size_t n, unsigned long line)
{
    while (n > 0 && s[n - 1] == ' ') n--;
    size_t glyphs = 0, wall = 0, dashes = 0; /* dashes since the last '+' (0: none, or no '+') */
    bool after_plus = false;
    for (size_t i = 0; i < n; glyphs++) {
        int cls;
        uint32_t cp;
        if (!next_glyph(s, n, &i, &cls, &cp))
            return fail_at(rd->err, MEIRO_ERROR_PARSE, line, glyphs + 1,
                           "byte 0x%02X is not UTF-8 text", (unsigned char)s[i]);
        if (cp == '+' && after_plus && dashes >= 2 && !wall) wall = dashes;
        if (cp == '+') after_plus = true, dashes = 0;
        else if (cp == '-' && after_plus) dashes++;
        else after_plus = false;
    }
    rd->cell_chars = wall ? wall : 3;
    if (glyphs < 2)
        return fail_at(rd->err, MEIRO_ERROR_PARSE, line, 1,
                       "a line drawing's first line is its top wall, at least one cell wide");
    size_t w =
        (glyphs - 1 + rd->cell_chars) / (rd->cell_chars + 1); /* its last corner may be cut */
    if (w > MEIRO_MAX_SIDE)
        return fail_at(rd->err, MEIRO_ERROR_TOO_BIG, line, 1,
                       "maze too large: at most %u cells across", MEIRO_MAX_SIDE);
    rd->cols = 2 * w + 1;
    return MEIRO_OK;
}

/* A drawing line to pillar-grid symbols. Lines alternate: corners and the
 * walls between them ("+---+   +"), then cells and the walls beside them
 * ("| S |   |"); a cell is cell_chars wide. Short lines are filled with
 * spaces (editors trim them). */
static meiro_status tokenize_drawing(reader *rd, const char *s, size_t n, sym_row *row)
{
    while (n > 0 && s[n - 1] == ' ') n--;
    size_t step = rd->cell_chars + 1, total = (rd->cols / 2) * step + 1;
    bool cells = rd->rows % 2 == 1;
    size_t i = 0, lines = 0, marks = 0;
    uint8_t mark = SYM_OPEN;
    meiro_status st = MEIRO_OK;
    for (size_t j = 0; j <= total && st == MEIRO_OK; j++) {
        size_t off = j % step;
        if (off == 0 && j > 0) { /* the span before this corner is complete */
            uint8_t sym = mark;
            if (lines == rd->cell_chars && marks == 0) sym = SYM_WALL;
            else if (lines > 0)
                return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, (unsigned long)(j - step + 2),
                               "a wall between two corners is %zu line characters, or spaces "
                               "for an opening (S or G may stand in its middle)",
                               rd->cell_chars);
            st = push(rd, row, sym);
            lines = marks = 0;
            mark = SYM_OPEN;
        }
        if (j == total || st != MEIRO_OK) break;
        int cls = GL_SPACE;
        uint32_t cp = ' ';
        if (i < n && !next_glyph(s, n, &i, &cls, &cp))
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, (unsigned long)j + 1,
                           "byte 0x%02X is not UTF-8 text", (unsigned char)s[i]);
        if (cls == GL_OTHER || (off == 0 && !cells && cls != GL_LINE && cls != GL_SPACE) ||
            (off > 0 && cells && cls == GL_LINE)) {
            char where[160];
            snprintf(where, sizeof where,
                     ": in this drawing %s stand at columns 1, %zu, %zu, ... "
                     "and cells are the %zu characters between",
                     cells ? "walls" : "corners", 1 + step, 1 + 2 * step, rd->cell_chars);
            return bad_glyph(rd, row->line, (unsigned long)j + 1, cp, where);
        }
        uint8_t sym = cls == GL_START ? SYM_START : cls == GL_GOAL ? SYM_GOAL : SYM_OPEN;
        if (off == 0) st = push(rd, row, cls == GL_LINE || !cells ? SYM_WALL : sym);
        else if (cls == GL_LINE) lines++;
        else if (cls != GL_SPACE) {
            if (marks++)
                return bad_glyph(rd, row->line, (unsigned long)j + 1, cp,
                                 ": one mark (S, G or the path) per cell or wall");
            mark = sym;
        }
    }
    if (st == MEIRO_OK && i < n)
        return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, (unsigned long)total + 1,
                       "ragged row: this line is longer than the first (%zu characters)", total);
    return st;
}

/* ---- The grid ---- */

typedef enum row_role { ROLE_BORDER, ROLE_CELLS, ROLE_INNER } row_role;

#define GAP_IN_BORDER "gap in the outer wall: only S or G may stand in an opening"

/* The first place where a row breaks the pillar grid in the given role.
 * '~' may stand anywhere a wall may, and in cells. A drawing's gaps in the
 * outer wall are checked once the shape is known (build_maze). */
static violation pillar_check(const reader *rd, const sym_row *row, row_role role)
{
    const char *gap = rd->kind == KIND_DRAWING ? NULL : GAP_IN_BORDER;
    static const char mark_place[] = "S and G stand in a cell or in an opening of the outer wall";
    for (size_t k = 0; k < rd->cols; k++) {
        uint8_t s = row->sym[k];
        bool edge = k == 0 || k == rd->cols - 1, mark = s == SYM_START || s == SYM_GOAL;
        const char *why = NULL;
        if (s >= SYM_UNDER_EW && s <= SYM_UNDER_NS && (role != ROLE_CELLS || k % 2 == 0)) {
            return (violation){row->line, col_of(rd, k),
                               "a crossing ('-' or '|') stands in a cell, not in a wall"};
        }
        if (s >= SYM_MARK && (role != ROLE_CELLS || k % 2 == 0))
            return (violation){row->line, col_of(rd, k),
                               "a key or item (a-t) stands in a cell, not in a wall"};
        if (s >= SYM_EAST && s < SYM_MARK) {
            /* a passage: between two cells of a row (odd line, even column)
             * or of a column (even line, odd column), not in the outer wall */
            bool row_gap = role == ROLE_CELLS && k % 2 == 0 && !edge,
                 col_gap = role == ROLE_INNER && k % 2 == 1;
            bool fits = s >= SYM_DOOR ? row_gap || col_gap
                        : s <= SYM_WEST ? row_gap
                                        : col_gap;
            if (!fits)
                return (violation){row->line, col_of(rd, k),
                                   s >= SYM_DOOR ? "a door (A-F) stands in a passage between "
                                                   "two cells"
                                   : s <= SYM_WEST ? "'<' and '>' stand in a passage between "
                                                     "two cells of a row"
                                                   : "'^' and 'v' stand in a passage between "
                                                     "two cells of a column"};
            continue;
        }
        if (role == ROLE_CELLS) {
            if (edge) why = s == SYM_OPEN ? gap : NULL;
            else if (k % 2)
                why = s == SYM_WALL ? "a cell is a wall (cells are at even lines and "
                                      "even columns)"
                                    : NULL;
            else why = mark ? mark_place : NULL;
        } else if (k % 2 == 0) {
            why = s == SYM_WALL || s == SYM_OUT ? NULL
                  : edge                        ? gap
                                                : "a corner is open (corners are at odd lines "
                                                  "and odd columns)";
        } else if (role == ROLE_BORDER) {
            why = s == SYM_OPEN ? gap : NULL;
        } else {
            why = mark ? mark_place : NULL;
        }
        if (why) return (violation){row->line, col_of(rd, k), why};
    }
    return (violation){0, 0, NULL};
}

static void note_break(reader *rd, violation v)
{
    if (!rd->bad.line) rd->bad = v;
}

static bool wall_at(const reader *rd, size_t r, size_t k)
{
    size_t i = r * rd->cols + k;
    return (rd->walls[i / 8] >> (i % 8)) & 1;
}

static bool out_at(const reader *rd, size_t r, size_t k)
{
    size_t i = r * rd->cols + k;
    return rd->outs && (rd->outs[i / 8] >> (i % 8)) & 1;
}

/* Grows a bit array to `need` bytes, the new bytes zero. */
static bool reserve_bits(uint8_t **bits, size_t *cap, size_t need)
{
    size_t old = *cap;
    if (need <= old) return true;
    if (!vec_reserve(bits, cap, need, 1, 4096)) return false;
    memset(*bits + old, 0, *cap - old);
    return true;
}

/* Folds a row into the grid: its wall bits, S and G, and whether the grid
 * still fits the pillar pattern. */
static meiro_status add_row(reader *rd, const sym_row *row)
{
    size_t r = rd->rows;
    if (r + 1 > MAX_SYMBOLS || (uint64_t)((rd->cols - 1) / 2) * (r / 2) > MEIRO_MAX_CELLS)
        return fail_at(rd->err, MEIRO_ERROR_TOO_BIG, row->line, 1,
                       "maze too large: at most %u cells and %u rows", MEIRO_MAX_CELLS,
                       MEIRO_MAX_SIDE);
    size_t base = r * rd->cols, need = (base + rd->cols + 7) / 8;
    bool outs = rd->outs != NULL;
    for (size_t k = 0; k < rd->cols && !outs; k++) outs = row->sym[k] == SYM_OUT;
    if (!reserve_bits(&rd->walls, &rd->walls_cap, need) ||
        (outs && !reserve_bits(&rd->outs, &rd->outs_cap, need)))
        return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading the maze");
    for (size_t k = 0; k < rd->cols; k++) {
        uint8_t s = row->sym[k], bit = (uint8_t)(1u << ((base + k) % 8));
        if (s == SYM_WALL || s == SYM_OUT) rd->walls[(base + k) / 8] |= bit;
        if (s == SYM_OUT) rd->outs[(base + k) / 8] |= bit;
        if (s >= SYM_UNDER_EW) {
            if (!vec_reserve(&rd->crossings, &rd->crossings_cap, rd->crossings_n + 1,
                             sizeof *rd->crossings, 64))
                return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading the maze");
            rd->crossings[rd->crossings_n++] = (crossing_at){r, k, row->line, s};
            continue;
        }
        if (s != SYM_START && s != SYM_GOAL) continue;
        int g = s == SYM_GOAL;
        if (rd->has[g])
            return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, col_of(rd, k),
                           "a second %c: a maze has one start S and one goal G", g ? 'G' : 'S');
        rd->has[g] = true;
        rd->mark_r[g] = r;
        rd->mark_k[g] = k;
    }
    /* an even row is inner walls if another row follows, else the bottom border */
    note_break(rd, rd->inner);
    rd->inner = rd->border = (violation){0, 0, NULL};
    if (r == 0) note_break(rd, pillar_check(rd, row, ROLE_BORDER));
    else if (r % 2) note_break(rd, pillar_check(rd, row, ROLE_CELLS));
    else {
        rd->inner = pillar_check(rd, row, ROLE_INNER);
        rd->border = pillar_check(rd, row, ROLE_BORDER);
    }
    rd->rows++;
    return MEIRO_OK;
}

static meiro_status check_width(reader *rd, const sym_row *row)
{
    if (row->len == rd->cols) return MEIRO_OK;
    if (row->len == 0)
        return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, 1, "empty line inside the maze");
    return fail_at(rd->err, MEIRO_ERROR_PARSE, row->line, col_of(rd, row->len - 1) + 1,
                   "ragged row: this line has %zu %s, the first line has %zu", row->len,
                   rd->kind == KIND_CSV ? "fields" : "columns", rd->cols);
}

/* Is the outermost ring all wall, but for S and G away from its corners? */
static bool walled_around(const reader *rd)
{
    if (rd->rows < 3 || rd->cols < 3) return false;
    for (size_t r = 0; r < rd->rows; r++) {
        bool edge_row = r == 0 || r == rd->rows - 1;
        for (size_t k = 0; k < rd->cols; k += edge_row ? 1 : rd->cols - 1) {
            if (wall_at(rd, r, k)) continue;
            bool corner = edge_row && (k == 0 || k == rd->cols - 1);
            bool mark = (rd->has[0] && rd->mark_r[0] == r && rd->mark_k[0] == k) ||
                        (rd->has[1] && rd->mark_r[1] == r && rd->mark_k[1] == k);
            if (corner || !mark) return false;
        }
    }
    return true;
}

/* The cell and door of a mark at symbol (r, k). `ring` says the outermost
 * symbols are the outer wall (pillar grids, walled block grids). */
static void place_mark(const reader *rd, const meiro_maze *m, size_t r, size_t k, bool pillar,
                       bool ring, meiro_cell *c, meiro_dir *door)
{
    *door = !ring               ? MEIRO_NO_DIR
            : r == 0            ? MEIRO_NORTH
            : r == rd->rows - 1 ? MEIRO_SOUTH
            : k == 0            ? MEIRO_WEST
            : k == rd->cols - 1 ? MEIRO_EAST
                                : MEIRO_NO_DIR;
    size_t x = pillar ? k / 2 : ring && k > 0 ? k - 1 : k;
    size_t y = pillar ? r / 2 : ring && r > 0 ? r - 1 : r;
    c->x = (uint32_t)(x < m->w ? x : m->w - 1);
    c->y = (uint32_t)(y < m->h ? y : m->h - 1);
}

/* Text and CSV pillar grids: the shape's edge is closed, so no opening
 * (nor S or G) stands beside a '~' cell. Reports the first in the file. */
static meiro_status check_shape_edge(const reader *rd)
{
    for (size_t r = 0; r < rd->rows; r++)
        for (size_t k = (r + 1) % 2; k < rd->cols; k += 2) { /* walls: one of r, k odd */
            if (wall_at(rd, r, k)) continue;
            bool across = r % 2 == 0; /* a wall above or below a cell */
            size_t r1 = across ? r - (r > 0) : r, k1 = across ? k : k - (k > 0);
            size_t r2 = across ? r + (r + 1 < rd->rows) : r,
                   k2 = across ? k : k + (k + 1 < rd->cols);
            if (out_at(rd, r1, k1) || out_at(rd, r2, k2))
                return fail_at(rd->err, MEIRO_ERROR_PARSE, (unsigned long)r + 1, col_of(rd, k),
                               "an opening beside a cell outside the shape ('~'): a wall "
                               "('#') stands between the shape and its outside");
        }
    return MEIRO_OK;
}

static bool count_cell(void *ctx, size_t cell, size_t parent, uint32_t distance)
{
    (void)cell, (void)parent, (void)distance;
    ++*(size_t *)ctx;
    return false;
}

/* Sets the maze's shape when some cells are outside it: the '~' cells of
 * text and CSV; in a drawing the cells S and G cannot reach (drawn blank:
 * the walls between them are left out). S and G stay where the file puts
 * them. */
static meiro_status apply_shape(const reader *rd, meiro_maze *m, bool pillar, bool ring)
{
    size_t n = (size_t)m->w * m->h, reached = 0;
    uint8_t *inside = zalloc(n, 1);
    if (!inside) return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading the shape");
    meiro_status st = MEIRO_OK;
    if (rd->kind == KIND_DRAWING) {
        st = bfs_walk(m, m->start, inside, count_cell, &reached, false, rd->err);
        if (st == MEIRO_OK && !inside[cell_index(m, m->goal.x, m->goal.y)])
            st = bfs_walk(m, m->goal, inside, count_cell, &reached, false, rd->err);
    } else {
        for (size_t y = 0; y < m->h; y++)
            for (size_t x = 0; x < m->w; x++) {
                bool out =
                    pillar ? out_at(rd, 2 * y + 1, 2 * x + 1) : out_at(rd, y + ring, x + ring);
                reached += inside[y * m->w + x] = !out;
            }
    }
    if (st == MEIRO_OK && reached < n) {
        meiro_cell s = m->start, g = m->goal;
        meiro_dir sd = m->start_door, gd = m->goal_door;
        st = meiro_maze_set_mask(m, inside, rd->err); /* it places S and G anew */
        m->start = s, m->goal = g, m->start_door = sd, m->goal_door = gd;
    }
    free(inside);
    return st;
}

/* A drawing leaves the outer wall out beside cells outside the shape; a
 * gap beside a cell inside it is an error. */
static meiro_status check_border_gaps(const reader *rd, const meiro_maze *m)
{
    for (size_t r = 0; r < rd->rows; r++) {
        bool edge_row = r == 0 || r + 1 == rd->rows;
        if (!edge_row && r % 2 == 0) continue; /* inner corners: always walls */
        for (size_t k = edge_row ? 1 : 0; k < rd->cols; k += edge_row ? 2 : rd->cols - 1) {
            if (wall_at(rd, r, k) || (r == rd->mark_r[0] && k == rd->mark_k[0]) ||
                (r == rd->mark_r[1] && k == rd->mark_k[1]))
                continue;
            uint32_t x = (uint32_t)(k / 2 < m->w ? k / 2 : m->w - 1);
            uint32_t y = (uint32_t)(r / 2 < m->h ? r / 2 : m->h - 1);
            if (cell_active(m, cell_index(m, x, y)))
                return fail_at(rd->err, MEIRO_ERROR_PARSE, (unsigned long)r + 1, col_of(rd, k),
                               GAP_IN_BORDER);
        }
    }
    return MEIRO_OK;
}

/* A mission's symbols (pillar grids only) into the maze's mission: the
 * letters a.. in order, each once, doors A.. matching them (then a keys
 * mission, else items), arrows on open passages. */
static meiro_status read_mission(const reader *rd, meiro_maze *m)
{
    const crossing_at *mark[MISSION_MAX_ITEMS] = {0}, *door[MISSION_MAX_KEYS] = {0},
                      *first = NULL;
    for (size_t i = 0; i < rd->crossings_n; i++) {
        const crossing_at *x = &rd->crossings[i];
        if (x->sym <= SYM_UNDER_NS) continue;
        if (!first) first = x;
        const crossing_at **slot = x->sym >= SYM_MARK   ? &mark[x->sym - SYM_MARK]
                                   : x->sym >= SYM_DOOR ? &door[x->sym - SYM_DOOR]
                                                        : NULL;
        if (slot && *slot)
            return fail_at(rd->err, MEIRO_ERROR_PARSE, x->line, col_of(rd, x->k),
                           "a second '%c': each key, door and item stands once",
                           mission_char(x->sym));
        if (slot) *slot = x;
    }
    if (!first) return MEIRO_OK;
    if (m->weave)
        return fail_at(rd->err, MEIRO_ERROR_PARSE, first->line, col_of(rd, first->k),
                       "'%c': a mission is for a maze without crossings ('-' and '|')",
                       mission_char(first->sym));
    maze_mission *mi = mission_get(m);
    if (!mi) return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading the mission");
    unsigned n = 0, doors = 0;
    while (n < MISSION_MAX_ITEMS && mark[n]) n++;
    for (unsigned k = n; k < MISSION_MAX_ITEMS; k++)
        if (mark[k])
            return fail_at(rd->err, MEIRO_ERROR_PARSE, mark[k]->line, col_of(rd, mark[k]->k),
                           "'%c' without '%c': keys and items are the letters from a on, each "
                           "once",
                           'a' + k, 'a' + n);
    for (unsigned k = 0; k < MISSION_MAX_KEYS; k++) doors += door[k] != NULL;
    for (unsigned k = 0; doors && k < MISSION_MAX_ITEMS; k++)
        if (!mark[k] != !(k < MISSION_MAX_KEYS && door[k])) {
            const crossing_at *x = mark[k] ? mark[k] : door[k];
            return fail_at(rd->err, MEIRO_ERROR_PARSE, x->line, col_of(rd, x->k),
                           "'%c' without '%c': with doors, every key a-f has its door A-F "
                           "and every door its key",
                           mark[k] ? 'a' + k : 'A' + k, mark[k] ? 'A' + k : 'a' + k);
        }
    mi->kind = (uint8_t)(doors ? MEIRO_MISSION_KEYS : n ? MEIRO_MISSION_COLLECT : 0);
    mi->count = (uint8_t)n;
    for (unsigned k = 0; k < n; k++) {
        mi->mark[k] = (meiro_cell){(uint32_t)(mark[k]->k / 2), (uint32_t)(mark[k]->r / 2)};
        meiro_cell c = mi->mark[k];
        if ((c.x == m->start.x && c.y == m->start.y) || (c.x == m->goal.x && c.y == m->goal.y))
            return fail_at(rd->err, MEIRO_ERROR_PARSE, mark[k]->line, col_of(rd, mark[k]->k),
                           "'%c' stands in the cell of %s (its door is beside it)", 'a' + k,
                           c.x == m->start.x && c.y == m->start.y ? "S" : "G");
        if (!doors) continue;
        const crossing_at *d = door[k];
        bool east = d->r % 2 == 1; /* between two cells of a row */
        mi->door[k] = (meiro_cell){(uint32_t)((d->k - east) / 2), (uint32_t)((d->r - !east) / 2)};
        mi->door_side[k] = (uint8_t)(east ? MEIRO_EAST : MEIRO_SOUTH);
    }
    for (size_t i = 0; i < rd->crossings_n; i++) {
        const crossing_at *x = &rd->crossings[i];
        if (x->sym < SYM_EAST || x->sym > SYM_NORTH) continue;
        if (!mi->blocked && !(mi->blocked = zalloc(maze_total(m), 1)))
            return fail(rd->err, MEIRO_ERROR_NOMEM, "out of memory reading the mission");
        bool row = x->sym <= SYM_WEST; /* '<' '>': between (x, y) and (x + 1, y) */
        uint32_t cx = (uint32_t)((x->k - row) / 2), cy = (uint32_t)((x->r - !row) / 2);
        size_t a = cell_index(m, cx, cy), b = a + (row ? 1 : m->w);
        /* the wrong way: out of the cell the arrow points to, back */
        if (x->sym == SYM_EAST) mi->blocked[b] |= (uint8_t)dir_bit(MEIRO_WEST);
        else if (x->sym == SYM_WEST) mi->blocked[a] |= (uint8_t)dir_bit(MEIRO_EAST);
        else if (x->sym == SYM_SOUTH) mi->blocked[b] |= (uint8_t)dir_bit(MEIRO_NORTH);
        else mi->blocked[a] |= (uint8_t)dir_bit(MEIRO_SOUTH);
        mi->one_way++;
    }
    char why[160];
    if (!mission_ok(m, why, sizeof why))
        return fail_at(rd->err, MEIRO_ERROR_PARSE, first->line, col_of(rd, first->k),
                       "the mission: %s", why);
    return MEIRO_OK;
}

static meiro_status build_maze(const reader *rd, bool pillar, unsigned long last_line,
                               meiro_maze **out)
{
    bool ring = pillar || walled_around(rd);
    size_t w = pillar ? rd->cols / 2 : rd->cols - (ring ? 2 : 0);
    size_t h = pillar ? rd->rows / 2 : rd->rows - (ring ? 2 : 0);
    if (w > MEIRO_MAX_SIDE || h > MEIRO_MAX_SIDE || (uint64_t)w * h > MEIRO_MAX_CELLS) {
        return fail_at(
            rd->err, MEIRO_ERROR_TOO_BIG, w > MEIRO_MAX_SIDE ? 1 : last_line, 1,
            "maze too large: read as blocks (it does not follow the 2W+1 grid), it is %zu x "
            "%zu cells; at most %u a side and %u in all",
            w, h, MEIRO_MAX_SIDE, MEIRO_MAX_CELLS);
    }
    meiro_maze *m = *out = meiro_maze_new((uint32_t)w, (uint32_t)h, rd->err);
    if (!m) return rd->err ? rd->err->status : MEIRO_ERROR_NOMEM;
    for (size_t y = 0; y < h; y++) {
        for (size_t x = 0; x < w; x++) {
            uint8_t c = 0;
            if (pillar) {
                if (x + 1 < w && !wall_at(rd, 2 * y + 1, 2 * x + 2)) c |= CELL_OPEN_E;
                if (y + 1 < h && !wall_at(rd, 2 * y + 2, 2 * x + 1)) c |= CELL_OPEN_S;
            } else { /* blocks: two open neighbours are joined */
                size_t r = y + ring, k = x + ring;
                if (!wall_at(rd, r, k)) {
                    if (x + 1 < w && !wall_at(rd, r, k + 1)) c |= CELL_OPEN_E;
                    if (y + 1 < h && !wall_at(rd, r + 1, k)) c |= CELL_OPEN_S;
                }
            }
            m->cells[y * w + x] = c;
        }
    }
    for (size_t i = 0; i < rd->crossings_n; i++) { /* a weave's crossings: in cells, well formed */
        const crossing_at *x = &rd->crossings[i];
        if (!pillar && x->sym > SYM_UNDER_NS && rd->bad.line) /* where the grid broke */
            return fail_at(rd->err, MEIRO_ERROR_PARSE, rd->bad.line, rd->bad.col, "%s", rd->bad.why);
        if (!pillar)
            return fail_at(rd->err, MEIRO_ERROR_PARSE, x->line, col_of(rd, x->k),
                           x->sym > SYM_UNDER_NS
                               ? "a mission's keys, doors, items and arrows need the 2W+1 grid "
                                 "of cells and walls"
                               : "a crossing ('-' or '|') needs the 2W+1 grid of cells and walls");
        if (x->sym > SYM_UNDER_NS) continue; /* read_mission, once S and G stand */
        size_t id = (x->r / 2) * w + x->k / 2;
        m->cells[id] |= x->sym == SYM_UNDER_EW ? CELL_UNDER_EW : CELL_UNDER_NS;
        m->weave = true;
        if (!weave_cell_ok(m, grid_at_id(m, id)))
            return fail_at(rd->err, MEIRO_ERROR_PARSE, x->line, col_of(rd, x->k),
                           "a crossing ('%c') needs its four sides open, inside the border",
                           x->sym == SYM_UNDER_EW ? '-' : '|');
    }
    place_mark(rd, m, rd->mark_r[0], rd->mark_k[0], pillar, ring, &m->start, &m->start_door);
    place_mark(rd, m, rd->mark_r[1], rd->mark_k[1], pillar, ring, &m->goal, &m->goal_door);
    meiro_status st = MEIRO_OK;
    if (rd->outs && pillar) st = check_shape_edge(rd);
    if (st == MEIRO_OK && (rd->outs || rd->kind == KIND_DRAWING))
        st = apply_shape(rd, m, pillar, ring);
    if (st == MEIRO_OK && rd->kind == KIND_DRAWING) st = check_border_gaps(rd, m);
    for (int g = 0; g < 2 && st == MEIRO_OK; g++) {
        meiro_cell c = g ? m->goal : m->start;
        if (!cell_active(m, cell_index(m, c.x, c.y)))
            st = fail_at(rd->err, MEIRO_ERROR_PARSE, (unsigned long)rd->mark_r[g] + 1,
                         col_of(rd, rd->mark_k[g]),
                         "%c stands beside a cell outside the shape "
                         "('~'), not in one of its cells",
                         g ? 'G' : 'S');
    }
    return st == MEIRO_OK ? read_mission(rd, m) : st;
}

static bool is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t') return false;
    return true;
}

/* Reads the lines into rd; false (err filled) on the first problem. */
static meiro_status read_rows(reader *rd, line_reader *lr, sym_row *row, unsigned long *line_no)
{
    meiro_error *err = rd->err;
    unsigned long blank_run = 0;
    for (;;) {
        bool got;
        meiro_status st = next_line(lr, &got, *line_no + 1, err);
        if (st != MEIRO_OK || !got) return st;
        ++*line_no;
        char *s = lr->line;
        size_t n = lr->len;
        char *nul = memchr(s, '\0', n);
        if (nul)
            return fail_at(err, MEIRO_ERROR_PARSE, *line_no, (unsigned long)(nul - s) + 1,
                           "binary data (a NUL byte): not a text or CSV maze");
        bool bom = *line_no == 1 && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0;
        if (bom) s += 3, n -= 3;
        if (n > 0 && s[n - 1] == '\r') n--;
        if (is_blank(s, n)) { /* blank lines may only trail the maze (or be
                                 a drawing's rows outside its shape) */
            if (*line_no == 1)
                return fail_at(err, MEIRO_ERROR_PARSE, 1, 1, "%s: a maze starts on the first line",
                               bom ? "line 1 holds only a byte order mark (BOM)"
                                   : "line 1 is empty");
            blank_run++;
            continue;
        }
        if (blank_run && rd->kind != KIND_DRAWING)
            return fail_at(err, MEIRO_ERROR_PARSE, *line_no - blank_run, 1,
                           "empty line inside the maze");
        for (; blank_run; blank_run--) { /* a drawing: a row outside its shape */
            row->len = 0;
            row->line = *line_no - blank_run;
            if ((st = tokenize_drawing(rd, "", 0, row)) != MEIRO_OK ||
                (st = check_width(rd, row)) != MEIRO_OK || (st = add_row(rd, row)) != MEIRO_OK)
                return st;
        }
        row->len = 0;
        row->line = *line_no;
        if (*line_no == 1) {
            if (rd->kind == KIND_CSV) rd->sep = detect_separator(s, n);
            else if (looks_drawn(s, n)) {
                rd->kind = KIND_DRAWING;
                if ((st = start_drawing(rd, s, n, 1)) != MEIRO_OK) return st;
            }
        }
        st = rd->kind == KIND_CSV       ? tokenize_csv(rd, s, n, row)
             : rd->kind == KIND_DRAWING ? tokenize_drawing(rd, s, n, row)
                                        : tokenize_text(rd, s, n, row);
        if (st != MEIRO_OK) return st;
        if (*line_no == 1) {
            if (row->len == 0) /* a CSV line of empty fields: nothing to count from */
                return fail_at(err, MEIRO_ERROR_PARSE, 1, 1,
                               "the first line has only empty fields: a maze starts on line 1");
            rd->cols = row->len;
        } else if ((st = check_width(rd, row)) != MEIRO_OK) {
            return st;
        }
        if ((st = add_row(rd, row)) != MEIRO_OK) return st;
    }
}

meiro_maze *read_grid(FILE *in, bool csv, meiro_error *err)
{
    line_reader lr;
    lr.in = in;
    lr.pos = lr.fill = 0;
    lr.eof = false;
    lr.line = NULL;
    lr.len = lr.cap = 0;
    reader rd = {.kind = csv ? KIND_CSV : KIND_TEXT, .err = err, .lead_out = true};
    sym_row row = {0};
    meiro_maze *m = NULL;
    unsigned long line_no = 0;
    meiro_status st = read_rows(&rd, &lr, &row, &line_no);
    if (st != MEIRO_OK) goto done;
    if (line_no == 0) {
        st = fail_at(err, MEIRO_ERROR_PARSE, 1, 1, "empty file: no maze in it");
        goto done;
    }
    note_break(&rd, rd.border); /* the last even row is the bottom border */
    bool pillar = !rd.bad.line && rd.rows % 2 && rd.cols % 2 && rd.rows >= 3 && rd.cols >= 3;
    if (rd.kind == KIND_DRAWING && !pillar) { /* drawn by meiro, or like it: no blocks */
        if (rd.bad.line)
            st = fail_at(err, MEIRO_ERROR_PARSE, rd.bad.line, rd.bad.col, "%s", rd.bad.why);
        else
            st = fail_at(err, MEIRO_ERROR_PARSE, rd.rows, 1,
                         "the drawing has %zu lines: a maze H cells tall has 2H+1 (the last line "
                         "is the bottom wall)",
                         rd.rows);
        goto done;
    }
    if (!rd.has[0] || !rd.has[1]) {
        st =
            fail(err, MEIRO_ERROR_PARSE, "no %s: mark the %s cell with %c",
                 rd.has[0] ? "goal" : "start", rd.has[0] ? "goal" : "start", rd.has[0] ? 'G' : 'S');
        goto done;
    }
    st = build_maze(&rd, pillar, line_no, &m);
    if (st == MEIRO_OK && meiro_maze_check(m, NULL) != MEIRO_OK)
        st = fail(err, MEIRO_ERROR_PARSE, "S and G stand in the same place");
done:
    if (st != MEIRO_OK) { /* the maze only leaves here whole */
        meiro_maze_free(m);
        m = NULL;
    }
    free(lr.line);
    free(rd.walls);
    free(rd.outs);
    free(rd.crossings);
    free(row.sym);
    return m;
}
