/* Reader for the JSON format (the document is described in write_json.c).
 * jansson parses every value; this file only walks the punctuation of the
 * top-level object and of the long lists ("cells", "passages", "solution")
 * so that they stream: jansson keeps a whole document in memory at about
 * 100 bytes a value and has no event interface, and a 10,000 x 10,000
 * maze's document would not fit. Each element is decoded on its own from a
 * window of the input (JSON_DECODE_ANY, JSON_DISABLE_EOF_CHECK), so memory
 * is the maze, the window and one element, and every error has the line
 * and column of the value at fault (jansson's own, inside it, for syntax).
 *
 * What a file costs is paid for by its content, never by its spaces: a
 * rect's maze is made once its cells are listed (until then, 4 bytes a
 * listed cell), and a rect with a shape lists enough of them
 * (shape_readable_as_json); the other grids list every cell, and the input
 * must show content (bytes that are not spaces) for them before their
 * maze is made. A single value is at most VALUE_LIMIT bytes.
 *
 * Strict: unknown keys, wrong types, cells out of order or not where the
 * grid has them, geometry that is not meiro's, passages between cells that
 * are not neighbours or listed twice, ids that are not cells, a solution
 * that is not a walk from start to goal are each an error. The reader
 * needs "meiro", "grid", "width" and "height" before "cells", and "cells"
 * before "passages", as meiro writes them; other keys may stand anywhere. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/model.h"
#include "core/mission.h"
#include "core/levels.h"
#include "io/io.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define VALUE_LIMIT ((size_t)1 << 20) /* the longest single value, in bytes (a cell takes 100) */
#define JSON_FLAGS (JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK | JSON_REJECT_DUPLICATES)
/* Before a polar, hex or triangle maze is made, the input past "cells"
 * must hold a byte of content for every 32 cells of the grid (each cell is
 * listed, in over 12 bytes), among at most 8 times as many bytes with the
 * spaces: a small file claiming a huge grid is refused before the maze's
 * memory is taken. */
#define READ_AHEAD_RATIO 32
#define READ_AHEAD_SPACES 8
static const double GEOMETRY_TOLERANCE = 1e-6;

enum {
    KEY_MEIRO,
    KEY_GRID,
    KEY_WIDTH,
    KEY_HEIGHT,
    KEY_EXTENT,
    KEY_SEED,
    KEY_ALGORITHM,
    KEY_START,
    KEY_START_DOOR,
    KEY_GOAL,
    KEY_GOAL_DOOR,
    KEY_CELLS,
    KEY_PASSAGES,
    KEY_SOLUTION,
    KEY_UNDER, /* a weave maze's tunnels */
    KEY_MISSION, /* keys, items, one-way passages */
    KEY_LEVELS,  /* a multi-level maze's floors */
    KEY_STAIRS,  /* and its stairs */
    KEY_WRAP,    /* a wrapped maze's sides joined: "x", "y" or "xy" */
    KEY_COUNT
};
static const char *const key_names[KEY_COUNT] = {
    "meiro", "grid",       "width", "height",    "extent", "seed",     "algorithm",
    "start", "start_door", "goal",  "goal_door", "cells",  "passages", "solution", "under", "mission",
    "levels", "stairs", "wrap"};
static const char *const door_names[4] = {"north", "east", "south", "west"};

typedef struct where {
    unsigned long line, col;
} where;

typedef struct jreader {
    FILE *in;
    meiro_error *err;
    /* the window: buf[pos .. fill) is read but not yet taken */
    char *buf;
    size_t cap, pos, fill;
    bool eof;
    unsigned long line, col; /* of buf[pos], 1-based; columns count characters */
    /* the keys seen and where their values start */
    unsigned seen;
    where at[KEY_COUNT];
    where close; /* the document's closing '}' */
    /* the values of the small keys */
    meiro_grid grid;
    uint32_t w, h;
    unsigned levels; /* "levels", 0 without */
    unsigned wrap;   /* "wrap": MEIRO_WRAP_* bits, 0 without */
    double extent[2];
    bool has_seed;
    uint64_t seed;
    char algorithm[32];
    uint64_t start, goal;
    meiro_dir door[2]; /* start, goal */
    /* the maze, made when "cells" begins */
    meiro_maze *m;
    uint64_t total; /* cells of the grid */
    uint64_t count; /* cells listed */
    bool gaps;      /* rect: cells left out (a mask); then linear[] maps ids */
    uint32_t *linear;
    size_t linear_cap;
    uint64_t last_linear;
    uint32_t *solution;
    size_t solution_len, solution_cap;
    json_t *mission; /* read whole, placed once S and G are */
} jreader;

/* ---- The window ---- */

static meiro_status read_error(jreader *r)
{
    return fail(r->err, MEIRO_ERROR_IO, "read error: %s", strerror(errno));
}

/* Makes buf[pos ..] hold at least n bytes, unless the input ends first. */
static meiro_status want(jreader *r, size_t n)
{
    while (r->fill - r->pos < n && !r->eof) {
        if (r->pos) {
            memmove(r->buf, r->buf + r->pos, r->fill - r->pos);
            r->fill -= r->pos;
            r->pos = 0;
        }
        if (r->fill == r->cap || r->cap < n) {
            size_t need = n > r->fill + 1 ? n : r->fill + 1;
            if (!vec_reserve(&r->buf, &r->cap, need, 1, 1 << 16))
                return fail(r->err, MEIRO_ERROR_NOMEM, "out of memory reading the maze");
        }
        size_t got = fread(r->buf + r->fill, 1, r->cap - r->fill, r->in);
        r->fill += got;
        if (got == 0) {
            if (ferror(r->in)) return read_error(r);
            r->eof = true;
        }
    }
    return MEIRO_OK;
}

/* The next byte, or -1 at the end of the input (or on an error, *st set). */
static int peek(jreader *r, meiro_status *st)
{
    if (r->pos == r->fill && (*st = want(r, 1)) != MEIRO_OK) return -1;
    return r->pos < r->fill ? (unsigned char)r->buf[r->pos] : -1;
}

static void advance(jreader *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)r->buf[r->pos + i];
        if (c == '\n') r->line++, r->col = 1;
        else if ((c & 0xC0) != 0x80) r->col++; /* not a UTF-8 continuation byte */
    }
    r->pos += n;
}

static where here(const jreader *r) { return (where){r->line, r->col}; }

static bool is_space(int c);

static meiro_status skip_space(jreader *r, int *c)
{
    meiro_status st = MEIRO_OK;
    for (;;) {
        *c = peek(r, &st);
        if (st != MEIRO_OK) return st;
        if (!is_space(*c)) return MEIRO_OK;
        advance(r, 1);
    }
}

/* Decodes the value at the window's start with jansson. A value that runs
 * to the window's end (or breaks there) is decoded again with more input:
 * a number or a character cut in two would read as another. `what` names
 * the value in an error ("cell 17"). */
static meiro_status decode(jreader *r, json_t **out, const char *what)
{
    *out = NULL;
    for (;;) {
        size_t avail = r->fill - r->pos;
        json_error_t e;
        json_t *v = json_loadb(r->buf + r->pos, avail, JSON_FLAGS, &e);
        size_t used = e.position > 0 ? (size_t)e.position : 0;
        if ((v ? used >= avail : used + 4 >= avail) && !r->eof) {
            json_decref(v);
            if (avail >= VALUE_LIMIT)
                return fail_at(r->err, MEIRO_ERROR_TOO_BIG, r->line, r->col,
                               "%s is longer than %zu MiB: not a maze file", what,
                               VALUE_LIMIT >> 20);
            meiro_status st = want(r, avail + (avail > 4096 ? avail : 4096));
            if (st != MEIRO_OK) return st;
            continue;
        }
        if (!v) {
            if (json_error_code(&e) == json_error_out_of_memory)
                return fail(r->err, MEIRO_ERROR_NOMEM, "out of memory reading the maze");
            unsigned long line = r->line, col = r->col;
            if (e.line > 1) line += (unsigned long)e.line - 1, col = (unsigned long)e.column;
            else if (e.column > 0) col += (unsigned long)e.column - 1;
            return fail_at(r->err, MEIRO_ERROR_PARSE, line, col, "%s: %s", what, e.text);
        }
        advance(r, used);
        *out = v;
        return MEIRO_OK;
    }
}

/* ---- Describing values in messages ---- */

/* The value as JSON, cut to about 40 bytes, into buf. */
static const char *shown(const json_t *v, char *buf, size_t size)
{
    char *s =
        json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(12));
    if (!s) return "(a value)";
    size_t len = strlen(s);
    if (len > 40 && size > 44) snprintf(buf, size, "%.40s...", s);
    else snprintf(buf, size, "%s", s);
    free(s);
    return buf;
}

/* A key for a message: control characters shown as '?', cut to fit. */
static const char *printable(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    for (; s[n] && n + 1 < size; n++)
        buf[n] = (unsigned char)s[n] < 0x20 || s[n] == 0x7f ? '?' : s[n];
    buf[n] = 0;
    return buf;
}

static bool get_id(const json_t *v, uint64_t *id)
{
    if (!json_is_integer(v) || json_integer_value(v) < 0) return false;
    *id = (uint64_t)json_integer_value(v);
    return true;
}

/* Two numbers: [a, b]. */
static bool get_pair(const json_t *v, double out[2])
{
    if (!json_is_array(v) || json_array_size(v) != 2) return false;
    for (size_t k = 0; k < 2; k++) {
        const json_t *n = json_array_get(v, k);
        if (!json_is_number(n)) return false;
        out[k] = json_number_value(n);
    }
    return true;
}

static bool near(double a, double b) { return fabs(a - b) <= GEOMETRY_TOLERANCE; }

/* ---- Cells ---- */

static meiro_cell cell_of(const jreader *r, uint64_t id)
{
    if (r->grid != MEIRO_GRID_RECT) return grid_cell(r->m, (size_t)id);
    uint64_t i = r->gaps ? r->linear[id] : id;
    return (meiro_cell){(uint32_t)(i % r->w), (uint32_t)(i / r->w)};
}

static bool is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Reads ahead until the window holds `need` bytes of content (not
 * spaces), the input ends or the window holds READ_AHEAD_SPACES times as
 * many bytes; whether it found them. */
static meiro_status content_ahead(jreader *r, size_t need, bool *found)
{
    size_t content = 0, seen = 0, most = need * READ_AHEAD_SPACES + 4096;
    *found = false;
    for (;;) {
        for (; seen < r->fill - r->pos && content < need; seen++)
            content += !is_space(r->buf[r->pos + seen]);
        if (content >= need) {
            *found = true;
            return MEIRO_OK;
        }
        size_t have = r->fill - r->pos, next = have < 4096 ? have + 4096 : 2 * have;
        if (r->eof || have >= most) return MEIRO_OK;
        meiro_status st = want(r, next < most ? next : most);
        if (st != MEIRO_OK) return st;
    }
}

/* When "cells" begins: the grid's size checked (as the command line
 * checks it); the maze of a polar, hex or triangle grid made once the
 * input shows content enough to list its cells. A rect's waits for the
 * end of the list (end_cells). */
static meiro_status begin_cells(jreader *r, where at)
{
    meiro_error e = {0};
    where size = r->at[KEY_WIDTH];
    if (r->grid != MEIRO_GRID_POLAR && maze_check_size(r->w, r->h, &e) != MEIRO_OK)
        return fail_at(r->err, e.status, size.line, size.col, "%s", e.message);
    if (r->wrap && (r->grid != MEIRO_GRID_RECT || ((r->wrap & MEIRO_WRAP_X) && r->w < 3) ||
                    ((r->wrap & MEIRO_WRAP_Y) && r->h < 3)))
        return fail_at(r->err, MEIRO_ERROR_PARSE, r->at[KEY_WRAP].line, r->at[KEY_WRAP].col,
                       "\"wrap\" joins the sides of a rect maze, each wrapped side 3 cells or "
                       "more");
    if (r->grid == MEIRO_GRID_RECT) {
        r->total = (uint64_t)r->w * r->h;
        return MEIRO_OK;
    }
    /* a polar maze of h rings has over h * h cells */
    uint64_t least = r->grid == MEIRO_GRID_POLAR ? (uint64_t)r->h * r->h : (uint64_t)r->w * r->h;
    if (least > MEIRO_MAX_CELLS) least = MEIRO_MAX_CELLS;
    bool found;
    meiro_status st = content_ahead(r, (size_t)(least / READ_AHEAD_RATIO), &found);
    if (st != MEIRO_OK) return st;
    if (!found) {
        char size[64];
        if (r->grid == MEIRO_GRID_POLAR)
            snprintf(size, sizeof size, "polar maze of %lu rings", (unsigned long)r->h);
        else
            snprintf(size, sizeof size, "%lu x %lu %s maze", (unsigned long)r->w,
                     (unsigned long)r->h, meiro_grid_name(r->grid));
        return fail_at(
            r->err, MEIRO_ERROR_PARSE, at.line, at.col,
            "the file ends too soon to list the cells of a %s (spaces do not count): is \"width\" or "
            "\"height\" wrong?",
            size);
    }
    r->m = meiro_maze_new_grid(r->grid, r->w, r->h, &e);
    if (!r->m) {
        if (e.status == MEIRO_ERROR_NOMEM) return fail(r->err, e.status, "%s", e.message);
        return fail_at(r->err, e.status, size.line, size.col, "%s", e.message);
    }
    if (r->m->w != r->w)
        return fail_at(
            r->err, MEIRO_ERROR_PARSE, r->at[KEY_WIDTH].line, r->at[KEY_WIDTH].col,
            "\"width\" is %lu: a polar maze of %lu rings has %lu cells in its outer ring",
            (unsigned long)r->w, (unsigned long)r->h, (unsigned long)r->m->w);
    r->total = maze_total(r->m);
    return MEIRO_OK;
}

static meiro_status bad_cell(jreader *r, where at, uint64_t k, const char *fmt, const char *detail)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, detail);
    return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "cell %llu: %s",
                   (unsigned long long)k, msg);
}

/* Where the cell is listed: the next in reading order (rect: any later
 * cell, the ones skipped being outside the mask). */
static meiro_status place_cell(jreader *r, where at, uint64_t k, uint64_t x, uint64_t y)
{
    meiro_error *err = r->err;
    if (k >= r->total)
        return fail_at(err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "cell %llu: a %s grid of %lu x %lu has only %llu cells",
                       (unsigned long long)k, meiro_grid_name(r->grid), (unsigned long)r->w,
                       (unsigned long)r->h, (unsigned long long)r->total);
    if (r->grid != MEIRO_GRID_RECT) {
        meiro_cell c = grid_cell(r->m, (size_t)k);
        if (c.x != x || c.y != y)
            return fail_at(
                err, MEIRO_ERROR_PARSE, at.line, at.col,
                "cell %llu is (x %llu, y %llu), but cell %llu of this %s grid is (x %lu, "
                "y %lu): cells are listed %s, each once",
                (unsigned long long)k, (unsigned long long)x, (unsigned long long)y,
                (unsigned long long)k, meiro_grid_name(r->grid), (unsigned long)c.x,
                (unsigned long)c.y,
                r->grid == MEIRO_GRID_POLAR ? "ring by ring from the centre, x clockwise"
                                            : "row by row");
        return MEIRO_OK;
    }
    if (x >= r->w || y >= r->h)
        return fail_at(err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "cell %llu is (x %llu, y %llu), outside the %lu x %lu grid",
                       (unsigned long long)k, (unsigned long long)x, (unsigned long long)y,
                       (unsigned long)r->w, (unsigned long)r->h);
    uint64_t i = y * r->w + x;
    if (k > 0 && i <= r->last_linear)
        return fail_at(
            err, MEIRO_ERROR_PARSE, at.line, at.col,
            "cell %llu is (x %llu, y %llu), which comes before cell %llu (x %llu, y %llu): "
            "cells are listed row by row, each once",
            (unsigned long long)k, (unsigned long long)x, (unsigned long long)y,
            (unsigned long long)k - 1, (unsigned long long)(r->last_linear % r->w),
            (unsigned long long)(r->last_linear / r->w));
    r->last_linear = i;
    if (i != k && !r->gaps) { /* the first cell left out: from here on ids need a map */
        r->gaps = true;
        if (!vec_reserve(&r->linear, &r->linear_cap, (size_t)k + 1, sizeof *r->linear, 1024))
            return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the cells");
        for (uint64_t j = 0; j < k; j++) r->linear[j] = (uint32_t)j;
    }
    if (r->gaps) {
        if (!vec_reserve(&r->linear, &r->linear_cap, (size_t)k + 1, sizeof *r->linear, 1024))
            return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the cells");
        r->linear[k] = (uint32_t)i;
    }
    return MEIRO_OK;
}

static meiro_status check_shape(jreader *r, where at, uint64_t k, meiro_cell c, json_t *center,
                                json_t *corners, json_t *radii, json_t *angles)
{
    cell_shape s;
    if (r->grid == MEIRO_GRID_RECT) rect_cell_shape(c, &s); /* before its maze is made */
    else cell_shape_of(r->m, (size_t)k, c, &s);
    char a[64], b[64];
    double p[2];
    if (center) {
        if (!get_pair(center, p))
            return bad_cell(r, at, k, "\"center\" is %s, not a point [x, y]",
                            shown(center, a, sizeof a));
        if (!near(p[0], s.cx) || !near(p[1], s.cy)) {
            snprintf(b, sizeof b, "[%.9g, %.9g]", s.cx, s.cy);
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "cell %llu: \"center\" is %s, but this cell's centre is %s",
                           (unsigned long long)k, shown(center, a, sizeof a), b);
        }
    }
    if (corners) {
        bool ok = json_is_array(corners) && json_array_size(corners) == s.corners;
        for (unsigned i = 0; ok && i < s.corners; i++)
            ok = get_pair(json_array_get(corners, i), p) && near(p[0], s.px[i]) &&
                 near(p[1], s.py[i]);
        if (!ok) {
            int n = snprintf(b, sizeof b, "[");
            for (unsigned i = 0; i < s.corners && n > 0 && (size_t)n < sizeof b; i++)
                n += snprintf(b + n, sizeof b - (size_t)n, "%s[%.6g, %.6g]", i ? ", " : "", s.px[i],
                              s.py[i]);
            if (n > 0 && (size_t)n < sizeof b) snprintf(b + n, sizeof b - (size_t)n, "]");
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "cell %llu: \"corners\" are %s, but this cell's %u corners are %s",
                           (unsigned long long)k, shown(corners, a, sizeof a), s.corners, b);
        }
    }
    json_t *pairs[2] = {radii, angles};
    double want_v[2][2] = {{s.r0, s.r1}, {s.a0, s.a1}};
    for (int i = 0; i < 2; i++) {
        if (!pairs[i]) continue;
        const char *name = i ? "angles" : "radii";
        if (!get_pair(pairs[i], p))
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "cell %llu: \"%s\" is %s, not two numbers", (unsigned long long)k, name,
                           shown(pairs[i], a, sizeof a));
        if (!near(p[0], want_v[i][0]) || !near(p[1], want_v[i][1]))
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "cell %llu: \"%s\" is %s, but this cell's are [%.9g, %.9g]",
                           (unsigned long long)k, name, shown(pairs[i], a, sizeof a), want_v[i][0],
                           want_v[i][1]);
    }
    return MEIRO_OK;
}

static meiro_status read_cell(jreader *r, json_t *v, uint64_t k, where at)
{
    char a[64];
    if (!json_is_object(v))
        return bad_cell(r, at, k, "%s is not a cell: a cell is an object {\"x\": X, \"y\": Y, ...}",
                        shown(v, a, sizeof a));
    bool polar = r->grid == MEIRO_GRID_POLAR;
    json_t *x = NULL, *y = NULL, *center = NULL, *corners = NULL, *radii = NULL, *angles = NULL;
    const char *key;
    json_t *value;
    json_object_foreach(v, key, value)
    {
        json_t **slot = !strcmp(key, "x")                   ? &x
                        : !strcmp(key, "y")                 ? &y
                        : !strcmp(key, "center")            ? &center
                        : !strcmp(key, "corners") && !polar ? &corners
                        : !strcmp(key, "radii") && polar    ? &radii
                        : !strcmp(key, "angles") && polar   ? &angles
                                                            : NULL;
        if (!slot)
            return bad_cell(r, at, k,
                            polar ? "unknown key \"%s\" (a polar cell has x, y, center, "
                                    "radii and angles)"
                                  : "unknown key \"%s\" (a cell has x, y, center and corners)",
                            printable(key, a, sizeof a));
        *slot = value;
    }
    uint64_t cx, cy;
    if (!x || !y) return bad_cell(r, at, k, "no \"%s\": every cell has its x and y", x ? "y" : "x");
    if (!get_id(x, &cx))
        return bad_cell(r, at, k, "\"x\" is %s, not a whole number from 0", shown(x, a, sizeof a));
    if (!get_id(y, &cy))
        return bad_cell(r, at, k, "\"y\" is %s, not a whole number from 0", shown(y, a, sizeof a));
    meiro_status st = place_cell(r, at, k, cx, cy);
    if (st != MEIRO_OK) return st;
    return check_shape(r, at, k, (meiro_cell){(uint32_t)cx, (uint32_t)cy}, center, corners, radii,
                       angles);
}

/* After the list: the rect's maze, with a mask if it left cells out. */
static meiro_status end_cells(jreader *r, where at)
{
    if (r->grid != MEIRO_GRID_RECT) {
        if (r->count == r->total) return MEIRO_OK;
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "\"cells\" lists %llu cells: a %s grid of %lu x %lu has %llu",
                       (unsigned long long)r->count, meiro_grid_name(r->grid), (unsigned long)r->w,
                       (unsigned long)r->h, (unsigned long long)r->total);
    }
    meiro_error why = {0};
    if (r->count == 0)
        return fail_at(
            r->err, MEIRO_ERROR_PARSE, at.line, at.col,
            "\"cells\" lists no cells: a rect grid of %lu x %lu has %llu (or those inside its shape)",
            (unsigned long)r->w, (unsigned long)r->h, (unsigned long long)r->total);
    if (shape_readable_as_json(r->w, r->h, r->count, &why) != MEIRO_OK)
        return fail_at(r->err, why.status, at.line, at.col, "\"cells\": %s", why.message);
    r->m = meiro_maze_new_grid(MEIRO_GRID_RECT, r->w, r->h, &why);
    if (!r->m) return fail(r->err, why.status, "%s", why.message);
    r->m->wrap = (uint8_t)r->wrap; /* before the passages, which may cross a seam */
    if (r->count == r->total) return MEIRO_OK;
    if (r->wrap)
        return fail_at(r->err, MEIRO_ERROR_PARSE, r->at[KEY_WRAP].line, r->at[KEY_WRAP].col,
                       "\"wrap\" joins the sides of a whole rectangle: \"cells\" lists %llu "
                       "of its %llu",
                       (unsigned long long)r->count, (unsigned long long)r->total);
    uint8_t *inside = zalloc_big((size_t)r->total, 1);
    if (!inside) return fail(r->err, MEIRO_ERROR_NOMEM, "out of memory for the maze's shape");
    for (uint64_t k = 0; k < r->count; k++) inside[r->gaps ? r->linear[k] : k] = 1;
    meiro_status st = meiro_maze_set_mask(r->m, inside, &why);
    free(inside);
    if (st == MEIRO_ERROR_ARGUMENT) /* a shape the model refuses: where the list ends */
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "%s", why.message);
    return st == MEIRO_OK ? MEIRO_OK : fail(r->err, st, "%s", why.message);
}

/* ---- Passages and the solution ---- */

/* The side of cell a that leads to cell b, or false. */
static bool side_between(const jreader *r, uint64_t a, uint64_t b, meiro_cell *ca, unsigned *side)
{
    *ca = cell_of(r, a);
    if (r->grid == MEIRO_GRID_RECT && !r->m->wrap) { /* wrapped: across the seam too, below */
        meiro_cell cb = cell_of(r, b);
        for (unsigned d = 0; d < DIR_COUNT; d++) {
            if (ca->x + (uint32_t)DIR_DX[d] == cb.x && ca->y + (uint32_t)DIR_DY[d] == cb.y) {
                *side = d;
                return true;
            }
        }
        return false;
    }
    unsigned sides = grid_sides(r->m, (size_t)a);
    for (unsigned s = 0; s < sides; s++) {
        if (grid_neighbour(r->m, (size_t)a, s) == b) {
            *side = s;
            return true;
        }
    }
    return false;
}

/* A weave's tunnel between cells a and b, two apart: the cell between is
 * a crossing passed under in their direction. */
static bool tunnel_between(const jreader *r, uint64_t a, uint64_t b)
{
    if (r->grid != MEIRO_GRID_RECT || !r->m->weave) return false;
    meiro_cell ca = cell_of(r, a), cb = cell_of(r, b);
    for (unsigned d = 0; d < DIR_COUNT; d++)
        if (ca.x + 2 * (uint32_t)DIR_DX[d] == cb.x && ca.y + 2 * (uint32_t)DIR_DY[d] == cb.y)
            return (r->m->cells[cell_index(r->m, ca.x + (uint32_t)DIR_DX[d],
                                           ca.y + (uint32_t)DIR_DY[d])] &
                    cell_under_bit(d)) != 0;
    return false;
}

static bool side_is_open(const jreader *r, meiro_cell c, size_t a, unsigned side)
{
    return r->grid == MEIRO_GRID_RECT ? cell_open(r->m, c.x, c.y, side) : grid_open(r->m, a, side);
}

static meiro_status read_passage(jreader *r, json_t *v, uint64_t k, where at)
{
    char a[64];
    uint64_t ids[2];
    if (!json_is_array(v) || json_array_size(v) != 2 || !get_id(json_array_get(v, 0), &ids[0]) ||
        !get_id(json_array_get(v, 1), &ids[1]))
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "passage %llu is %s: a passage is a pair of cell ids [a, b]",
                       (unsigned long long)k, shown(v, a, sizeof a));
    const char *bad = NULL;
    char why[160];
    if (ids[0] >= r->count || ids[1] >= r->count) {
        snprintf(why, sizeof why, "there is no cell %llu (ids run from 0 to %llu)",
                 (unsigned long long)(ids[0] >= r->count ? ids[0] : ids[1]),
                 (unsigned long long)r->count - 1);
        bad = why;
    } else if (ids[0] == ids[1]) {
        bad = "it joins a cell to itself";
    } else if (ids[0] > ids[1]) {
        snprintf(why, sizeof why, "the smaller id comes first: [%llu, %llu]",
                 (unsigned long long)ids[1], (unsigned long long)ids[0]);
        bad = why;
    }
    meiro_cell ca;
    unsigned side = 0;
    if (!bad && !side_between(r, ids[0], ids[1], &ca, &side)) {
        snprintf(why, sizeof why, "cells %llu and %llu are not neighbours",
                 (unsigned long long)ids[0], (unsigned long long)ids[1]);
        bad = why;
    }
    if (!bad && side_is_open(r, ca, (size_t)ids[0], side)) bad = "it is listed twice";
    if (bad)
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "passage %llu [%llu, %llu]: %s",
                       (unsigned long long)k, (unsigned long long)ids[0],
                       (unsigned long long)ids[1], bad);
    if (r->grid == MEIRO_GRID_RECT) maze_set_wall(r->m, ca.x, ca.y, side, true);
    else grid_set_side(r->m, (size_t)ids[0], side, true);
    return MEIRO_OK;
}

/* "under": [a, b, c]: the passage from cell a to cell c tunnels under cell
 * b between them (a < c, in a straight line on a rect grid). */
static meiro_status read_under(jreader *r, json_t *v, uint64_t k, where at)
{
    char a[64];
    uint64_t ids[3];
    bool ok = json_is_array(v) && json_array_size(v) == 3;
    for (size_t i = 0; ok && i < 3; i++) ok = get_id(json_array_get(v, i), &ids[i]);
    if (!ok)
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "\"under\" %llu is %s: a tunnel is [a, b, c], from cell a under cell b "
                       "to cell c",
                       (unsigned long long)k, shown(v, a, sizeof a));
    const char *bad = NULL;
    unsigned d = DIR_COUNT;
    if (r->grid != MEIRO_GRID_RECT) bad = "weave mazes are on rect grids only";
    else if (ids[0] >= r->count || ids[1] >= r->count || ids[2] >= r->count)
        bad = "it names an id that is no cell";
    else if (ids[0] >= ids[2]) bad = "the smaller of a and c comes first";
    meiro_cell ca = {0, 0}, cb = {0, 0}, cc = {0, 0};
    if (!bad) {
        ca = cell_of(r, ids[0]), cb = cell_of(r, ids[1]), cc = cell_of(r, ids[2]);
        for (unsigned e = 0; e < DIR_COUNT; e++)
            if (ca.x + (uint32_t)DIR_DX[e] == cb.x && ca.y + (uint32_t)DIR_DY[e] == cb.y &&
                cb.x + (uint32_t)DIR_DX[e] == cc.x && cb.y + (uint32_t)DIR_DY[e] == cc.y)
                d = e;
        if (d == DIR_COUNT) bad = "b is not between a and c in a straight line";
        else if (cell_open(r->m, ca.x, ca.y, d) || cell_open(r->m, cb.x, cb.y, d) ||
                 (r->m->cells[cell_index(r->m, cb.x, cb.y)] & CELL_UNDER))
            bad = "a passage there is listed twice";
    }
    if (bad)
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "\"under\" %llu [%llu, %llu, %llu]: %s", (unsigned long long)k,
                       (unsigned long long)ids[0], (unsigned long long)ids[1],
                       (unsigned long long)ids[2], bad);
    maze_set_wall(r->m, ca.x, ca.y, d, true);
    maze_set_wall(r->m, cb.x, cb.y, d, true);
    r->m->cells[cell_index(r->m, cb.x, cb.y)] |= cell_under_bit(d);
    r->m->weave = true;
    return MEIRO_OK;
}

/* The floors of "levels" set on the maze: a rect of every cell (no
 * shape), its rows a multiple of the floors. */
static meiro_status begin_levels(jreader *r, where at)
{
    if (!r->levels || r->m->levels) return MEIRO_OK;
    const char *bad = r->grid != MEIRO_GRID_RECT           ? "floors are rect grids"
                      : r->h % r->levels                   ? "the height is no multiple of them"
                      : r->count != (uint64_t)r->w * r->h ? "a multi-level maze lists every cell"
                                                           : NULL;
    if (bad)
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "\"levels\" is %u: %s",
                       r->levels, bad);
    levels_set(r->m, r->levels);
    return MEIRO_OK;
}

/* "stairs": [a, b]: a stair from cell a up to cell b, the same cell of
 * the floor above. */
static meiro_status read_stair(jreader *r, json_t *v, uint64_t k, where at)
{
    char a[64];
    uint64_t ids[2];
    if (!json_is_array(v) || json_array_size(v) != 2 || !get_id(json_array_get(v, 0), &ids[0]) ||
        !get_id(json_array_get(v, 1), &ids[1]))
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "stair %llu is %s: a stair is a pair of cell ids [a, b], a below b",
                       (unsigned long long)k, shown(v, a, sizeof a));
    const meiro_maze *m = r->m;
    const char *bad = ids[0] >= r->count || ids[1] >= r->count ? "it names an id that is no cell"
                      : ids[1] != ids[0] + m->floor_cells
                          ? "b is not the cell above a (a + width x floor rows)"
                      : level_stairs(m, (size_t)ids[0]) || level_stairs(m, (size_t)ids[1])
                          ? "a cell has a stair already"
                          : NULL;
    if (bad)
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "stair %llu [%llu, %llu]: %s",
                       (unsigned long long)k, (unsigned long long)ids[0],
                       (unsigned long long)ids[1], bad);
    r->m->cells[ids[0]] |= CELL_STAIR_UP;
    return MEIRO_OK;
}

/* A stair joins cells a and b (either way). */
static bool stair_between(const jreader *r, uint64_t a, uint64_t b)
{
    const meiro_maze *m = r->m;
    if (!m->levels) return false;
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    return hi == lo + m->floor_cells && (m->cells[lo] & CELL_STAIR_UP);
}

static meiro_status read_step(jreader *r, json_t *v, uint64_t k, where at)
{
    char a[64];
    uint64_t id;
    if (!get_id(v, &id) || id > UINT32_MAX)
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "\"solution\" step %llu is %s, not a cell id", (unsigned long long)k,
                       shown(v, a, sizeof a));
    if (!vec_reserve(&r->solution, &r->solution_cap, r->solution_len + 1, sizeof *r->solution, 256))
        return fail(r->err, MEIRO_ERROR_NOMEM, "out of memory reading the solution");
    r->solution[r->solution_len++] = (uint32_t)id;
    return MEIRO_OK;
}

/* ---- The lists ---- */

typedef meiro_status (*element_fn)(jreader *r, json_t *v, uint64_t k, where at);

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "a list";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "true or false";
    default: return "null";
    }
}

static meiro_status read_list(jreader *r, int key, element_fn each, const char *element)
{
    const char *name = key_names[key];
    where start = here(r);
    meiro_status st = MEIRO_OK;
    int c = peek(r, &st);
    if (st != MEIRO_OK) return st;
    if (c != '[') {
        json_t *v;
        char what[80];
        snprintf(what, sizeof what, "the value of \"%s\"", name);
        if ((st = decode(r, &v, what)) != MEIRO_OK) return st;
        const char *type = type_name(v);
        json_decref(v);
        return fail_at(r->err, MEIRO_ERROR_PARSE, start.line, start.col,
                       "\"%s\" is %s, not a list [...]", name, type);
    }
    advance(r, 1);
    uint64_t k = 0;
    if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
    if (c == ']') {
        where end = here(r);
        advance(r, 1);
        return key == KEY_CELLS ? end_cells(r, end) : MEIRO_OK;
    }
    for (;; k++) {
        if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
        where at = here(r);
        if (c == ']')
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "a comma before ']' ends \"%s\": JSON has none there", name);
        char what[64];
        snprintf(what, sizeof what, "%s %llu", element, (unsigned long long)k);
        json_t *v;
        if ((st = decode(r, &v, what)) != MEIRO_OK) return st;
        st = each(r, v, k, at);
        json_decref(v);
        if (st != MEIRO_OK) return st;
        if (key == KEY_CELLS) r->count = k + 1;
        if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
        if (c == ',') {
            advance(r, 1);
            continue;
        }
        if (c == ']') {
            where end = here(r);
            advance(r, 1);
            return key == KEY_CELLS ? end_cells(r, end) : MEIRO_OK;
        }
        at = here(r);
        if (c < 0)
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "the file ends inside \"%s\" (after %s %llu)", name, element,
                           (unsigned long long)k);
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "',' or ']' expected after %s %llu", element, (unsigned long long)k);
    }
}

/* ---- The small keys ---- */

static meiro_status read_value(jreader *r, int key, json_t *v, where at)
{
    char a[64];
    const char *name = key_names[key];
    meiro_error *err = r->err;
#define BAD(...) fail_at(err, MEIRO_ERROR_PARSE, at.line, at.col, __VA_ARGS__)
    switch (key) {
    case KEY_MEIRO:
        if (json_is_integer(v) && json_integer_value(v) > 1)
            return BAD("this file is version %lld of meiro's JSON; this meiro reads version 1",
                       (long long)json_integer_value(v));
        if (!json_is_integer(v) || json_integer_value(v) != 1)
            return BAD("\"meiro\" is %s: it is the format's version, 1", shown(v, a, sizeof a));
        return MEIRO_OK;
    case KEY_GRID:
        for (unsigned g = 0; json_is_string(v) && g < MEIRO_GRID_COUNT; g++) {
            if (strcmp(json_string_value(v), meiro_grid_name((meiro_grid)g)) == 0) {
                r->grid = (meiro_grid)g;
                return MEIRO_OK;
            }
        }
        return BAD("unknown grid %s: \"rect\", \"polar\", \"hex\" or \"triangle\"",
                   shown(v, a, sizeof a));
    case KEY_WIDTH:
    case KEY_HEIGHT: {
        json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
        if (n < 1 || n > (json_int_t)MEIRO_MAX_SIDE)
            return BAD("\"%s\" is %s: a whole number of cells from 1 to %u", name,
                       shown(v, a, sizeof a), MEIRO_MAX_SIDE);
        *(key == KEY_WIDTH ? &r->w : &r->h) = (uint32_t)n;
        return MEIRO_OK;
    }
    case KEY_LEVELS: {
        json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
        if (n < 2 || n > (json_int_t)MEIRO_MAX_LEVELS)
            return BAD("\"levels\" is %s: a number of floors from 2 to %u", shown(v, a, sizeof a),
                       MEIRO_MAX_LEVELS);
        r->levels = (unsigned)n;
        return MEIRO_OK;
    }
    case KEY_WRAP: {
        r->wrap = wrap_from_name(json_is_string(v) ? json_string_value(v) : "");
        if (!r->wrap)
            return BAD("\"wrap\" is %s: \"x\", \"y\" or \"xy\" (the sides joined)",
                       shown(v, a, sizeof a));
        return MEIRO_OK;
    }
    case KEY_EXTENT:
        if (!get_pair(v, r->extent))
            return BAD("\"extent\" is %s, not two numbers [width, height]", shown(v, a, sizeof a));
        return MEIRO_OK;
    case KEY_SEED: {
        const char *s = json_is_string(v) ? json_string_value(v) : "";
        size_t len = strlen(s);
        bool digits = len > 0 && len <= 20 && strspn(s, "0123456789") == len;
        errno = 0;
        unsigned long long seed = digits ? strtoull(s, NULL, 10) : 0;
        if (!digits || errno == ERANGE)
            return BAD(
                "\"seed\" is %s: a string of decimal digits up to 18446744073709551615, such as "
                "\"2026\" (a 64-bit seed does not fit a JSON number)",
                shown(v, a, sizeof a));
        r->has_seed = true;
        r->seed = seed;
        return MEIRO_OK;
    }
    case KEY_ALGORITHM:
        if (!json_is_string(v) || json_string_length(v) >= sizeof r->algorithm)
            return BAD("\"algorithm\" is %s: a generator's name, at most %zu bytes",
                       shown(v, a, sizeof a), sizeof r->algorithm - 1);
        snprintf(r->algorithm, sizeof r->algorithm, "%s", json_string_value(v));
        return MEIRO_OK;
    case KEY_START:
    case KEY_GOAL:
        if (!get_id(v, key == KEY_START ? &r->start : &r->goal))
            return BAD("\"%s\" is %s, not a cell id", name, shown(v, a, sizeof a));
        return MEIRO_OK;
    case KEY_START_DOOR:
    case KEY_GOAL_DOOR:
        for (unsigned d = 0; json_is_string(v) && d < 4; d++) {
            if (strcmp(json_string_value(v), door_names[d]) == 0) {
                r->door[key == KEY_GOAL_DOOR] = (meiro_dir)d;
                return MEIRO_OK;
            }
        }
        return BAD("\"%s\" is %s: \"north\", \"east\", \"south\" or \"west\"", name,
                   shown(v, a, sizeof a));
    default: return MEIRO_OK;
    }
#undef BAD
}

/* A member "key": value of the document. */
static meiro_status read_member(jreader *r, int *last_key)
{
    meiro_status st;
    int c;
    where key_at = here(r);
    json_t *k;
    if ((st = decode(r, &k, "a key")) != MEIRO_OK) return st;
    char name[48];
    printable(json_string_value(k), name, sizeof name);
    json_decref(k);
    int key = 0;
    while (key < KEY_COUNT && strcmp(name, key_names[key]) != 0) key++;
    meiro_error *err = r->err;
    if (key == KEY_COUNT)
        return fail_at(
            err, MEIRO_ERROR_PARSE, key_at.line, key_at.col,
            N_("unknown key \"%s\": a meiro maze has meiro, grid, width, height, extent, seed, "
               "algorithm, start, start_door, goal, goal_door, cells, passages, under, mission, "
               "levels, stairs, wrap and solution"),
            name);
    if (r->seen & (1u << key))
        return fail_at(err, MEIRO_ERROR_PARSE, key_at.line, key_at.col, "\"%s\" appears twice",
                       name);
    static const int before_cells[] = {KEY_MEIRO, KEY_GRID, KEY_WIDTH, KEY_HEIGHT};
    for (size_t i = 0; key == KEY_CELLS && i < 4; i++)
        if (!(r->seen & (1u << before_cells[i])))
            return fail_at(
                err, MEIRO_ERROR_PARSE, key_at.line, key_at.col,
                "\"cells\" comes before \"%s\": meiro reads \"meiro\", \"grid\", \"width\" and "
                "\"height\" first (put them before the cells)",
                key_names[before_cells[i]]);
    if (key == KEY_WRAP && (r->seen & (1u << KEY_CELLS)))
        return fail_at(err, MEIRO_ERROR_PARSE, key_at.line, key_at.col,
                       "\"wrap\" comes after \"cells\": meiro reads the seams first (put it "
                       "before the cells)");
    if (key == KEY_STAIRS && !(r->seen & (1u << KEY_LEVELS)))
        return fail_at(err, MEIRO_ERROR_PARSE, key_at.line, key_at.col,
                       "\"stairs\" comes before \"levels\": meiro reads the floors first");
    if ((key == KEY_PASSAGES || key == KEY_UNDER || key == KEY_MISSION || key == KEY_STAIRS) &&
        !(r->seen & (1u << KEY_CELLS)))
        return fail_at(err, MEIRO_ERROR_PARSE, key_at.line, key_at.col,
                       "\"%s\" comes before \"cells\": meiro reads the cells first", name);
    if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
    if (c != ':')
        return fail_at(err, MEIRO_ERROR_PARSE, r->line, r->col, "':' expected after the key \"%s\"",
                       name);
    advance(r, 1);
    if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
    r->seen |= 1u << key;
    r->at[key] = here(r);
    *last_key = key;
    if (key == KEY_CELLS) {
        if ((st = begin_cells(r, r->at[key])) != MEIRO_OK) return st;
        return read_list(r, key, read_cell, "cell");
    }
    if (key == KEY_PASSAGES) return read_list(r, key, read_passage, "passage");
    if (key == KEY_UNDER) return read_list(r, key, read_under, "tunnel");
    if (key == KEY_STAIRS) {
        if ((st = begin_levels(r, key_at)) != MEIRO_OK) return st;
        return read_list(r, key, read_stair, "stair");
    }
    if (key == KEY_SOLUTION) return read_list(r, key, read_step, "step");
    if (key == KEY_MISSION) return decode(r, &r->mission, "the value of \"mission\"");
    char what[80];
    snprintf(what, sizeof what, "the value of \"%s\"", name);
    json_t *v;
    if ((st = decode(r, &v, what)) != MEIRO_OK) return st;
    st = read_value(r, key, v, r->at[key]);
    json_decref(v);
    return st;
}

/* The document's object, member by member. */
static meiro_status read_document(jreader *r)
{
    meiro_status st = want(r, 3);
    if (st != MEIRO_OK) return st;
    if (r->fill >= 3 && memcmp(r->buf, "\xEF\xBB\xBF", 3) == 0) r->pos = 3; /* a BOM */
    int c;
    if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
    where at = here(r);
    if (c < 0) return fail_at(r->err, MEIRO_ERROR_PARSE, 1, 1, "empty file: no maze in it");
    if (c != '{') {
        json_t *v;
        if ((st = decode(r, &v, "not JSON")) != MEIRO_OK) return st;
        const char *type = type_name(v);
        json_decref(v);
        return fail_at(
            r->err, MEIRO_ERROR_PARSE, at.line, at.col,
            "the file holds %s, not a maze: a maze is an object {\"meiro\": 1, \"grid\": ...}",
            type);
    }
    advance(r, 1);
    int last = -1;
    for (bool first = true;; first = false) {
        if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
        at = here(r);
        if (c == '}' && first) {
            r->close = at;
            advance(r, 1);
            break;
        }
        if (c != '"')
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                           c < 0      ? "the file ends inside the maze's object"
                           : c == '}' ? "a comma before '}': JSON has none there"
                           : first    ? "a key in double quotes or '}' expected"
                                      : "a key in double quotes expected");
        if ((st = read_member(r, &last)) != MEIRO_OK) return st;
        if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
        at = here(r);
        if (c == ',') {
            advance(r, 1);
            continue;
        }
        if (c == '}') {
            r->close = at;
            advance(r, 1);
            break;
        }
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       c < 0 ? "the file ends inside the maze's object, after \"%s\""
                             : "',' or '}' expected after the value of \"%s\"",
                       key_names[last]);
    }
    if ((st = skip_space(r, &c)) != MEIRO_OK) return st;
    if (c >= 0)
        return fail_at(r->err, MEIRO_ERROR_PARSE, r->line, r->col,
                       "text after the end of the maze (its closing '}')");
    return MEIRO_OK;
}

/* ---- What needs the whole document ---- */

/* An id of "mission"'s lists: a cell listed. */
static bool mission_id(const jreader *r, const json_t *v, uint64_t *id)
{
    return get_id(v, id) && *id < r->count;
}

/* [a, b]: two cells, neighbours through an open passage; *c and *side the
 * passage from a. */
static bool mission_pair(const jreader *r, const json_t *v, meiro_cell *c, unsigned *side)
{
    uint64_t a, b;
    return json_is_array(v) && json_array_size(v) == 2 &&
           mission_id(r, json_array_get(v, 0), &a) && mission_id(r, json_array_get(v, 1), &b) &&
           side_between(r, a, b, c, side) && cell_open(r->m, c->x, c->y, *side);
}

/* "mission": {"kind", "marks", "doors", "one_way"} (write_json.c). */
static meiro_status read_mission(jreader *r)
{
    where at = r->at[KEY_MISSION];
    json_t *v = r->mission;
    const char *bad = NULL;
    char why[120], a[64];
    static const char *const kinds[] = {"none", "keys", "collect"};
    const char *kind = json_string_value(json_object_get(v, "kind"));
    json_t *marks = json_object_get(v, "marks"), *doors = json_object_get(v, "doors"),
           *one_way = json_object_get(v, "one_way");
    unsigned k = 0;
    while (kind && k < 3 && strcmp(kind, kinds[k]) != 0) k++;
    if (r->grid != MEIRO_GRID_RECT || r->m->weave) bad = "missions are for rect grids without crossings";
    else if (!json_is_object(v) || json_object_size(v) != (k == MEIRO_MISSION_KEYS ? 4u : 3u))
        bad = "it is an object of \"kind\", \"marks\", \"doors\" (keys only) and \"one_way\"";
    else if (k == 3) bad = "\"kind\" is \"none\", \"keys\" or \"collect\"";
    else if (!json_is_array(marks) || !json_is_array(one_way) ||
             (k == MEIRO_MISSION_KEYS && !json_is_array(doors)))
        bad = "\"marks\", \"doors\" and \"one_way\" are lists";
    else if (json_array_size(marks) > (k == MEIRO_MISSION_KEYS ? MISSION_MAX_KEYS : MISSION_MAX_ITEMS) ||
             (k == MEIRO_MISSION_NONE) != (json_array_size(marks) == 0) ||
             (k == MEIRO_MISSION_KEYS && json_array_size(doors) != json_array_size(marks)))
        bad = "the number of marks (and doors) does not fit the kind";
    maze_mission *mi = bad ? NULL : mission_get(r->m);
    if (!bad && !mi) return fail(r->err, MEIRO_ERROR_NOMEM, "out of memory reading the mission");
    if (!bad) {
        mi->kind = (uint8_t)k;
        mi->count = (uint8_t)json_array_size(marks);
    }
    for (size_t i = 0; !bad && i < mi->count; i++) {
        uint64_t id;
        meiro_cell c;
        unsigned side;
        if (!mission_id(r, json_array_get(marks, i), &id)) {
            snprintf(why, sizeof why, "mark %zu is %s, not a cell's id", i + 1,
                     shown(json_array_get(marks, i), a, sizeof a));
            bad = why;
            break;
        }
        mi->mark[i] = cell_of(r, id);
        if (k != MEIRO_MISSION_KEYS) continue;
        if (!mission_pair(r, json_array_get(doors, i), &c, &side)) {
            snprintf(why, sizeof why, "door %zu is %s, not [a, b] across a passage", i + 1,
                     shown(json_array_get(doors, i), a, sizeof a));
            bad = why;
            break;
        }
        if (side == MEIRO_WEST || side == MEIRO_NORTH) /* kept on the cell west or north */
            c.x += (uint32_t)DIR_DX[side], c.y += (uint32_t)DIR_DY[side],
                side = dir_opposite((meiro_dir)side);
        mi->door[i] = c, mi->door_side[i] = (uint8_t)side;
    }
    size_t n = bad ? 0 : json_array_size(one_way);
    if (n && !(mi->blocked = zalloc(maze_total(r->m), 1)))
        return fail(r->err, MEIRO_ERROR_NOMEM, "out of memory reading the mission");
    for (size_t i = 0; !bad && i < n; i++) {
        meiro_cell c;
        unsigned side;
        if (!mission_pair(r, json_array_get(one_way, i), &c, &side)) {
            snprintf(why, sizeof why, "one_way %zu is %s, not [from, to] across a passage", i + 1,
                     shown(json_array_get(one_way, i), a, sizeof a));
            bad = why;
            break;
        }
        /* the way back, from `to`, is the one barred */
        size_t to = cell_index(r->m, c.x + (uint32_t)DIR_DX[side], c.y + (uint32_t)DIR_DY[side]);
        mi->blocked[to] |= (uint8_t)dir_bit(dir_opposite((meiro_dir)side));
        mi->one_way++;
    }
    if (!bad && !mission_ok(r->m, why, sizeof why)) bad = why;
    if (bad) return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "\"mission\": %s", bad);
    return MEIRO_OK;
}

/* A mission's rules along the solution: no step against an arrow or
 * through a door without its key; every key, or every item in order, held
 * at the goal. */
static const char *mission_walk(const jreader *r, char *why, size_t size)
{
    const maze_mission *mi = r->m->mission;
    unsigned held = 0, next = 0;
    for (size_t k = 0; k < r->solution_len; k++) {
        size_t id = cell_index(r->m, cell_of(r, r->solution[k]).x, cell_of(r, r->solution[k]).y);
        if (k > 0) {
            meiro_cell ca;
            unsigned side;
            side_between(r, r->solution[k - 1], r->solution[k], &ca, &side);
            size_t from = cell_index(r->m, ca.x, ca.y);
            int door = mission_door_at(mi, r->m, from, side);
            if (mi->blocked && (mi->blocked[from] & dir_bit(side)))
                return snprintf(why, size, "step %zu goes against a one-way arrow", k), why;
            if (door >= 0 && !(held & (1u << door)))
                return snprintf(why, size, "step %zu goes through door %d without its key", k,
                                door + 1),
                       why;
        }
        int mark = mission_mark_at(mi, r->m, id);
        if (mark >= 0 && mi->kind == MEIRO_MISSION_KEYS) held |= 1u << mark;
        if (mark >= 0 && mi->kind == MEIRO_MISSION_COLLECT && (unsigned)mark == next) next++;
    }
    if (mi->kind == MEIRO_MISSION_KEYS && held != (1u << mi->count) - 1)
        return snprintf(why, size, "it reaches the goal without every key"), why;
    if (mi->kind == MEIRO_MISSION_COLLECT && next != mi->count)
        return snprintf(why, size, "it reaches the goal with %u of %u items", next, mi->count), why;
    return NULL;
}

static meiro_status check_solution(jreader *r)
{
    where at = r->at[KEY_SOLUTION];
    uint64_t ends[2] = {r->start, r->goal};
    if (r->solution_len == 0)
        return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col,
                       "\"solution\" is empty: it runs from the start to the goal");
    for (size_t k = 0; k < r->solution_len; k++) {
        uint64_t id = r->solution[k];
        const char *bad = NULL;
        char why[160];
        meiro_cell ca;
        unsigned side;
        if (id >= r->count) {
            snprintf(why, sizeof why, "there is no cell %llu", (unsigned long long)id);
            bad = why;
        } else if (k == 0 && id != ends[0]) {
            snprintf(why, sizeof why, "it begins at cell %llu, not at the start (%llu)",
                     (unsigned long long)id, (unsigned long long)ends[0]);
            bad = why;
        } else if (k + 1 == r->solution_len && id != ends[1]) {
            snprintf(why, sizeof why, "it ends at cell %llu, not at the goal (%llu)",
                     (unsigned long long)id, (unsigned long long)ends[1]);
            bad = why;
        } else if (k > 0 && !tunnel_between(r, r->solution[k - 1], id) &&
                   !stair_between(r, r->solution[k - 1], id) &&
                   (!side_between(r, r->solution[k - 1], id, &ca, &side) ||
                    !side_is_open(r, ca, r->solution[k - 1], side))) {
            snprintf(why, sizeof why, "no passage joins cells %llu and %llu",
                     (unsigned long long)r->solution[k - 1], (unsigned long long)id);
            bad = why;
        }
        if (bad)
            return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "\"solution\" step %zu: %s",
                           k, bad);
    }
    char why[96];
    const char *bad = r->m->mission ? mission_walk(r, why, sizeof why) : NULL;
    if (bad) return fail_at(r->err, MEIRO_ERROR_PARSE, at.line, at.col, "\"solution\": %s", bad);
    return MEIRO_OK;
}

static meiro_status finish(jreader *r)
{
    static const int required[] = {KEY_MEIRO, KEY_GRID, KEY_WIDTH, KEY_HEIGHT,
                                   KEY_START, KEY_GOAL, KEY_CELLS, KEY_PASSAGES};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!(r->seen & (1u << required[i])))
            return fail_at(
                r->err, MEIRO_ERROR_PARSE, r->close.line, r->close.col,
                "no \"%s\": a meiro maze has meiro, grid, width, height, start, goal, cells "
                "and passages",
                key_names[required[i]]);
    meiro_error *err = r->err;
    if ((r->seen & (1u << KEY_ALGORITHM)) && !r->has_seed)
        return fail_at(
            err, MEIRO_ERROR_PARSE, r->at[KEY_ALGORITHM].line, r->at[KEY_ALGORITHM].col,
            "\"algorithm\" without \"seed\": the two tell together how the maze was made");
    if (r->seen & (1u << KEY_EXTENT)) {
        double ew, eh;
        grid_extent(r->m, &ew, &eh);
        if (!near(r->extent[0], ew) || !near(r->extent[1], eh))
            return fail_at(err, MEIRO_ERROR_PARSE, r->at[KEY_EXTENT].line, r->at[KEY_EXTENT].col,
                           "\"extent\" is [%.9g, %.9g], but this grid's is [%.9g, %.9g]",
                           r->extent[0], r->extent[1], ew, eh);
    }
    for (int g = 0; g < 2; g++) {
        int key = g ? KEY_GOAL : KEY_START, door_key = g ? KEY_GOAL_DOOR : KEY_START_DOOR;
        uint64_t id = g ? r->goal : r->start;
        where at = r->at[key];
        if (id >= r->count)
            return fail_at(err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "\"%s\" is %llu: there is no such cell (ids run from 0 to %llu)",
                           key_names[key], (unsigned long long)id,
                           (unsigned long long)r->count - 1);
        meiro_dir door = (r->seen & (1u << door_key)) ? r->door[g] : MEIRO_NO_DIR;
        at = r->at[door_key];
        if (door != MEIRO_NO_DIR && r->grid != MEIRO_GRID_RECT)
            return fail_at(err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "\"%s\": doors in the outer wall are for rect grids only",
                           key_names[door_key]);
        meiro_cell c = cell_of(r, id);
        meiro_status st =
            g ? meiro_maze_set_goal(r->m, c, door) : meiro_maze_set_start(r->m, c, door);
        bool seam = (door == MEIRO_EAST || door == MEIRO_WEST) ? (r->wrap & MEIRO_WRAP_X)
                                                               : (r->wrap & MEIRO_WRAP_Y);
        if (st != MEIRO_OK && seam)
            return fail_at(err, MEIRO_ERROR_PARSE, at.line, at.col,
                           "\"%s\" is \"%s\", but that side is wrapped (\"wrap\": \"%s\"): it "
                           "goes on at the other side and has no outer wall for a door",
                           key_names[door_key], door_names[door], wrap_name(r->wrap));
        if (st != MEIRO_OK)
            return fail_at(
                err, MEIRO_ERROR_PARSE, at.line, at.col,
                "\"%s\" is \"%s\", but the %s cell (x %lu, y %lu) is not on the %s side of the grid",
                key_names[door_key], door_names[door], g ? "goal" : "start", (unsigned long)c.x,
                (unsigned long)c.y, door_names[door]);
    }
    if (r->start == r->goal && r->door[0] == r->door[1])
        return fail_at(err, MEIRO_ERROR_PARSE, r->at[KEY_GOAL].line, r->at[KEY_GOAL].col,
                       "the goal is the start's cell %llu%s", (unsigned long long)r->goal,
                       r->grid == MEIRO_GRID_RECT
                           ? " (a one-cell maze puts them in doors: \"start_door\": "
                             "\"west\", \"goal_door\": \"east\")"
                           : "");
    if (r->levels) { /* floors without a stair listed: set here */
        meiro_status st = begin_levels(r, r->at[KEY_LEVELS]);
        if (st != MEIRO_OK) return st;
    }
    if (r->mission) {
        meiro_status st = read_mission(r);
        if (st != MEIRO_OK) return st;
    }
    if (r->seen & (1u << KEY_SOLUTION)) {
        meiro_status st = check_solution(r);
        if (st != MEIRO_OK) return st;
    }
    if (r->has_seed) meiro_maze_set_origin(r->m, r->algorithm, r->seed);
    meiro_error e = {0};
    if (meiro_maze_check(r->m, &e) != MEIRO_OK)
        return fail_at(err, MEIRO_ERROR_PARSE, r->close.line, r->close.col, "not a valid maze: %s",
                       e.message);
    return MEIRO_OK;
}

meiro_maze *read_json(FILE *in, meiro_error *err)
{
    jreader r = {.in = in, .err = err, .line = 1, .col = 1, .door = {MEIRO_NO_DIR, MEIRO_NO_DIR}};
    meiro_status st = read_document(&r);
    if (st == MEIRO_OK) st = finish(&r);
    free(r.buf);
    free(r.linear);
    free(r.solution);
    json_decref(r.mission);
    if (st != MEIRO_OK) {
        meiro_maze_free(r.m);
        return NULL;
    }
    return r.m;
}
