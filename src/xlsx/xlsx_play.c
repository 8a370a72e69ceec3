/* The playable maze sheet: a player types anything in the cells of the way
 * from S to G; formulas on a hidden helper sheet read the marks and say
 * whether they make the way, and conditional formats colour the marks.
 * No macros (schools and Excel block them), only functions Excel 2010,
 * LibreOffice and Gnumeric share: IF, LEN, INDEX, MAX, MIN, MEDIAN, MOD,
 * SUM, COUNTIF.
 *
 * The check follows the marks from S: at each step the marked open
 * neighbour other than the one it came from (G first, then one that goes
 * on, so a stray mark beside the way does not lead it off). The way is
 * right when the walk reaches G over every mark; marks it did not walk are
 * strays. Each mark's count of marked open neighbours (S and G one, the
 * rest two) tells the marks to colour: dead ends, and steps through a
 * wall. The helper sheet has a row per cell: 1 + cells rows. On a shape
 * the cells outside it are locked and walled: never marked, no way in. */
#include "core/words.h"
#include "xlsx/xlsx_lib.h"
#include "xlsx/xlsx_play.h"

#include <stdio.h>
#include <string.h>

/* Helper sheet columns: the mark; the score (below), which counts the
 * marked open neighbours (the formula adds the marks of the open
 * neighbours only: it holds the walls, which the page shows anyway);
 * wrong (1/0: marked, and the count of marked open neighbours is not the
 * one wanted, 1 at S and G, else 2); the next step (the rows of the best
 * and second-best scored open neighbours, and whether it is a mark
 * through a wall: a wrong mark with a wrong mark across a wall, as a step
 * through a wall leaves both ends short of a neighbour, while a way that
 * only runs beside itself does not); the walk (from the last row up: the
 * row of step k from S in row cells - k, so that each step reads the
 * steps before it forwards, through names);
 * the summary. Each row names its neighbours' rows directly, and a row
 * holds few cells: the sheet at 200 x 200 was 80 MB of XML (7.5 MB
 * zipped) when every formula looked its neighbours' rows up through
 * INDEX in more columns. A row's own cells and its neighbours below and
 * to the right are read through names relative to the row (ROW_NAMES),
 * and its row number is ROW(): most formulas are then the same text in
 * every row, which the zip packs to almost nothing (2.6 MB at 200 x 200
 * with every row number written out). LibreOffice reads a relative name
 * only forwards (one reaching back, wrapped round the sheet as Excel
 * stores it, is #REF! there), so the neighbours above and to the left
 * keep their row numbers. */
enum {
    COL_MARK,
    COL_SCORE,
    COL_WRONG,
    COL_NEXT,
    COL_WALK,
    COL_SUMMARY
};
/* The summary's rows: marks with S and G, the player's marks, wrong
 * marks, marks through a wall, the way is right, the walk reached G. */
enum { SUM_MARKS, SUM_PLAYER, SUM_WRONG, SUM_THROUGH, SUM_GOAL, SUM_REACHED, SUM_ROWS };

/* A column's letter (the helper sheet has fewer than 26). */
static char letter(int col) { return (char)('A' + col); }

/* The names relative to a helper row, defined for each check sheet: the
 * row's own mark, score and wrong, and those of the cell to the east (the
 * next row) and the south (w rows on). Names that cannot be read as a
 * cell (as UP3 would be) nor as a function. */
static const char *const own_name[3] = {"mk_", "sc_", "wr_"};
static const char *const east_name[3] = {"mk_e", "sc_e", "wr_e"};
static const char *const south_name[3] = {"mk_s", "sc_s", "wr_s"};
/* the walk's step before and the one before that, in the rows below */
static const char *const walk_name[2] = {"wk_1", "wk_2"};

/* The name, or else the cell, of column col (mark, score or wrong) at
 * A1 row `row`, seen from cell x, y's row towards d (N E S W). */
static void ref_towards(char *out, size_t size, int col, int d, unsigned long row)
{
    if (d == 1) snprintf(out, size, "%s", east_name[col]);
    else if (d == 2) snprintf(out, size, "%s", south_name[col]);
    else snprintf(out, size, "%c%lu", letter(col), row);
}

/* Larger than any row number (at most 40001): a step's preference is
 * added to its row, and MOD(score, PREFER) is the row again. */
#define PREFER 65536UL
/* PREFER squared (a wrong mark's), 2^32: more than a 32-bit long holds
 * (wasm32, i386), so in a long long */
#define PREFER_SQUARED ((unsigned long long)PREFER * PREFER)

/* The sheet row of cell (x, y)'s helper row (0-based): 1 + its index. */
static uint32_t helper_row(const meiro_maze *m, uint32_t x, uint32_t y) { return 1 + y * m->w + x; }

static bool is_end(const meiro_maze *m, int64_t x, int64_t y)
{
    return (x == m->start.x && y == m->start.y) || (x == m->goal.x && y == m->goal.y);
}

static const int step_x[4] = {0, 1, 0, -1}, step_y[4] = {-1, 0, 1, 0};

/* Whether x, y has a neighbour towards d (N E S W) on the grid; if so,
 * its helper row in A1 terms. */
static bool near_row(const meiro_maze *m, uint32_t x, uint32_t y, int d, unsigned long *row)
{
    int64_t nx = (int64_t)x + step_x[d], ny = (int64_t)y + step_y[d];
    if (nx < 0 || ny < 0 || nx >= m->w || ny >= m->h) return false;
    *row = helper_row(m, (uint32_t)nx, (uint32_t)ny) + 1UL;
    return true;
}

/* Whether the way from x, y towards d (N E S W) is open: never into or
 * out of a cell outside the maze's shape, which has no passages, nor off
 * the grid. */
static bool open_towards(const meiro_maze *m, uint32_t x, uint32_t y, int d)
{
    unsigned long row;
    return near_row(m, x, y, d, &row) && cell_open(m, x, y, (unsigned)d);
}

/* Spreadsheet programs show the values stored with formulas until they
 * recalculate, and LibreOffice does not on opening by default: every
 * formula is stored with its value for the sheet as it opens, when only
 * S and G count as marked. A cell's values then: */
typedef struct opening {
    int want, degree, across; /* marked open neighbours wanted, had; wrong ones across walls */
    bool wrong, through;
} opening;

/* Whether x, y's neighbour towards d is S or G (so marked as it opens). */
static bool end_towards(const meiro_maze *m, uint32_t x, uint32_t y, int d, uint32_t *nx,
                        uint32_t *ny)
{
    int64_t ax = (int64_t)x + step_x[d], ay = (int64_t)y + step_y[d];
    if (ax < 0 || ay < 0 || ax >= m->w || ay >= m->h || !is_end(m, ax, ay)) return false;
    *nx = (uint32_t)ax, *ny = (uint32_t)ay;
    return true;
}

static int want_of(const meiro_maze *m, uint32_t x, uint32_t y)
{
    bool both = m->start.x == m->goal.x && m->start.y == m->goal.y;
    return is_end(m, x, y) ? (both ? 0 : 1) : 2;
}

static int end_degree(const meiro_maze *m, uint32_t x, uint32_t y)
{
    int degree = 0;
    uint32_t nx, ny;
    for (int d = 0; d < 4; d++)
        degree += end_towards(m, x, y, d, &nx, &ny) && open_towards(m, x, y, d);
    return degree;
}

static opening opening_of(const meiro_maze *m, uint32_t x, uint32_t y)
{
    bool end = is_end(m, x, y);
    opening o = {.want = want_of(m, x, y), .degree = end ? end_degree(m, x, y) : 0};
    o.wrong = end && o.degree != o.want;
    uint32_t nx, ny;
    for (int d = 0; d < 4 && end; d++)
        o.across += end_towards(m, x, y, d, &nx, &ny) && !open_towards(m, x, y, d) &&
                    end_degree(m, nx, ny) != want_of(m, nx, ny);
    o.through = o.wrong && o.across > 0;
    return o;
}

/* The way is right before any mark: S is G, or G is next to S through an
 * opening. */
static bool right_unmarked(const meiro_maze *m)
{
    return opening_of(m, m->start.x, m->start.y).degree > 0 ||
           (m->start.x == m->goal.x && m->start.y == m->goal.y);
}

/* The check sheet being written: the maze, where its sheet is, and what
 * every row's formulas refer to. */
typedef struct check_sheet {
    lxw_worksheet *ws;
    const meiro_maze *m;
    const play_place *at;
    uint32_t n, last, srow, grow; /* cells; the last row; S's and G's rows (A1 terms) */
    bool both, right;             /* S is G; the way is right unmarked */
    int wrong_count, through_count;
} check_sheet;

/* A cell's score, from the cell at helper row R (A1 terms): unmarked 1,
 * marked its row plus PREFER times its count of marked open neighbours
 * (plus 8 at G). The walk takes the best scored neighbour, so G first,
 * then a mark that goes on, and a stray mark beside the way (one
 * neighbour) does not lead it off; unmarked, it stops at row 1, which
 * leads to itself. MOD(score, PREFER) is the row. As the sheet opens only
 * S and G are marked. */
static unsigned long score_of(const check_sheet *c, unsigned long R, int degree)
{
    return R + PREFER * (unsigned long)(degree + (R == c->grow ? 8 : 0));
}

static unsigned long score_opening(const check_sheet *c, uint32_t x, uint32_t y)
{
    unsigned long R = helper_row(c->m, x, y) + 1UL;
    return is_end(c->m, x, y) ? score_of(c, R, opening_of(c->m, x, y).degree) : 1;
}

/* Appends "ref+ref+..." of column col at the rows of x, y's neighbours
 * that are open (open) or across a wall (!open); returns how many. */
static int neighbour_refs(const check_sheet *c, uint32_t x, uint32_t y, bool open, int col,
                          char *f, size_t size, size_t *len)
{
    int count = 0;
    for (int d = 0; d < 4; d++) {
        unsigned long row;
        if (!near_row(c->m, x, y, d, &row) || open_towards(c->m, x, y, d) != open) continue;
        char ref[16];
        ref_towards(ref, sizeof ref, col, d, row);
        *len += (size_t)snprintf(f + *len, size - *len, "%s%s", count ? "+" : "", ref);
        count++;
    }
    return count;
}

/* The next step from row r, cell x, y, in one number: the row of the
 * best scored open neighbour, PREFER times the row of the second best, and
 * PREFER squared if a wrong mark here has wrong marks across a wall. The
 * best is the MAX, the second the second largest of up to four (MIN,
 * MEDIAN, and the larger of each pair's smaller and the smaller of the
 * pairs' larger). G and row 1 lead to themselves: the walk stays there. */
static lxw_error check_next(const check_sheet *c, uint32_t r, uint32_t x, uint32_t y,
                            const opening *o)
{
    char refs[4][16], f[600], best[100] = "", second[200] = "", through[100] = "";
    unsigned long v[4], R = r + 1UL;
    int n = 0;
    for (int d = 0; d < 4 && R != c->grow; d++) {
        unsigned long row;
        if (!open_towards(c->m, x, y, d) || !near_row(c->m, x, y, d, &row)) continue;
        ref_towards(refs[n], sizeof refs[n], COL_SCORE, d, row);
        v[n++] = score_opening(c, (uint32_t)((int64_t)x + step_x[d]),
                               (uint32_t)((int64_t)y + step_y[d]));
    }
    unsigned long b = 1, s = 1; /* their values as the sheet opens */
    for (int i = 0; i < n; i++) {
        if (v[i] > b) s = b, b = v[i];
        else if (v[i] > s) s = v[i];
    }
    if (R == c->grow) b = s = R;
    if (n == 1) snprintf(best, sizeof best, "MOD(%s,%lu)", refs[0], PREFER);
    else if (n > 1) {
        size_t len = (size_t)snprintf(best, sizeof best, "MOD(MAX(");
        for (int i = 0; i < n; i++)
            len += (size_t)snprintf(best + len, sizeof best - len, "%s%s", i ? "," : "", refs[i]);
        snprintf(best + len, sizeof best - len, "),%lu)", PREFER);
    }
    if (n == 2) snprintf(second, sizeof second, "MOD(MIN(%s,%s),%lu)", refs[0], refs[1], PREFER);
    else if (n == 3)
        snprintf(second, sizeof second, "MOD(MEDIAN(%s,%s,%s),%lu)", refs[0], refs[1], refs[2],
                 PREFER);
    else if (n == 4)
        snprintf(second, sizeof second,
                 "MOD(MAX(MIN(%s,%s),MIN(%s,%s),MIN(MAX(%s,%s),MAX(%s,%s))),%lu)", refs[0],
                 refs[1], refs[2], refs[3], refs[0], refs[1], refs[2], refs[3], PREFER);
    size_t len = (size_t)snprintf(through, sizeof through, "%s*(", own_name[COL_WRONG]);
    if (neighbour_refs(c, x, y, false, COL_WRONG, through, sizeof through, &len) == 0)
        through[0] = 0;
    else snprintf(through + len, sizeof through - len, ">0)");
    double value = (double)(b % PREFER) + (double)PREFER * (double)(s % PREFER) +
                   (o->through ? (double)PREFER * (double)PREFER : 0);
    if (!best[0] && !second[0] && !through[0])
        return lib_xlsx()->worksheet_write_number(c->ws, r, COL_NEXT, value, NULL);
    if (!best[0]) snprintf(best, sizeof best, "%lu", b % PREFER);
    if (!second[0]) snprintf(second, sizeof second, "%lu", s % PREFER);
    len = (size_t)snprintf(f, sizeof f, "=%s+%lu*%s", best, PREFER, second);
    if (through[0]) snprintf(f + len, sizeof f - len, "+%llu*%s", PREFER_SQUARED, through);
    return lib_xlsx()->worksheet_write_formula_num(c->ws, r, COL_NEXT, f, NULL, value);
}

/* The score of row r, cell x, y (S and G are marked, cells outside the
 * shape never): its row and the marks of its open neighbours. */
static lxw_error check_score(const check_sheet *c, uint32_t r, uint32_t x, uint32_t y,
                             bool active, bool end)
{
    unsigned long R = r + 1UL;
    if (!active && !end) return lib_xlsx()->worksheet_write_number(c->ws, r, COL_SCORE, 1, NULL);
    char f[200], refs[100];
    size_t len = 0;
    refs[0] = 0;
    if (neighbour_refs(c, x, y, true, COL_MARK, refs, sizeof refs, &len) == 0)
        snprintf(refs, sizeof refs, "0");
    if (end)
        snprintf(f, sizeof f, "=%lu+%lu*(%s%s)", R, PREFER, R == c->grow ? "8+" : "", refs);
    else snprintf(f, sizeof f, "=%s*(ROW()-1+%lu*(%s))+1", own_name[COL_MARK], PREFER, refs);
    return lib_xlsx()->worksheet_write_formula_num(c->ws, r, COL_SCORE, f, NULL,
                                                   (double)score_opening(c, x, y));
}

/* Row r (1 .. n) of cell r - 1: its mark, its marked open neighbours,
 * whether its marks are wrong, its score and its neighbours' best. */
static lxw_error check_cell_row(const check_sheet *c, uint32_t r)
{
    const meiro_maze *m = c->m;
    char f[400], a[16];
    unsigned long R = r + 1; /* the row in A1 terms */
    uint32_t i = r - 1, x = i % m->w, y = i / m->w;
    bool active = cell_active(m, i), end = is_end(m, x, y);
    lxw_error e;
    if (end) {
        e = lib_xlsx()->worksheet_write_number(c->ws, r, COL_MARK, 1, NULL);
    } else if (!active) { /* outside the shape: locked, never marked */
        e = lib_xlsx()->worksheet_write_number(c->ws, r, COL_MARK, 0, NULL);
    } else {
        lib_xlsx()->lxw_rowcol_to_cell(a, c->at->first_row + y, (lxw_col_t)(1 + x));
        snprintf(f, sizeof f, "=MIN(1,LEN('%s'!%s))", c->at->sheet, a);
        e = lib_xlsx()->worksheet_write_formula_num(c->ws, r, COL_MARK, f, NULL, 0);
    }
    opening o = opening_of(m, x, y);
    if (!e) e = check_score(c, r, x, y, active, end);
    if (!e && !active && !end) e = lib_xlsx()->worksheet_write_number(c->ws, r, COL_WRONG, 0, NULL);
    else if (!e) { /* the score with the count wanted */
        if (end) snprintf(f, sizeof f, "=IF(B%lu<>%lu,1,0)", R, score_of(c, R, o.want));
        else /* score_of(c, R, 2), the row written ROW() */
            snprintf(f, sizeof f, "=%s*(%s<>ROW()+%lu)", own_name[COL_MARK], own_name[COL_SCORE],
                     2 * PREFER);
        e = lib_xlsx()->worksheet_write_formula_num(c->ws, r, COL_WRONG, f, NULL, o.wrong);
    }
    return e ? e : check_next(c, r, x, y, &o);
}

/* The walk: row r holds step k = cells - r from S, the best marked open
 * neighbour of the step before (the row below) unless it came from there
 * (two rows below; before S, none), then the second best; unmarked, it
 * is at G at once or stops (row 1). Step 0, S, is the row of the last
 * cell. */
static lxw_error check_walk_row(const check_sheet *c, uint32_t r)
{
    double at_step = c->right ? c->grow : 1;
    if (r == 0) { /* row 1, where the walk stops, leads to itself */
        lxw_error e =
            lib_xlsx()->worksheet_write_number(c->ws, 0, COL_NEXT, 1 + (double)PREFER, NULL);
        if (e) return e;
    }
    if (r == c->n) return lib_xlsx()->worksheet_write_number(c->ws, r, COL_WALK, c->srow, NULL);
    char f[200], next = letter(COL_NEXT);
    const char *before = r + 2 <= c->n ? walk_name[1] : "0";
    snprintf(f, sizeof f, "=MOD(INT(INDEX($%c:$%c,%s)/IF(MOD(INDEX($%c:$%c,%s),%lu)=%s,%lu,1)),%lu)",
             next, next, walk_name[0], next, next, walk_name[0], PREFER, before, PREFER, PREFER);
    return lib_xlsx()->worksheet_write_formula_num(c->ws, r, COL_WALK, f, NULL,
                                                   c->both ? c->grow : at_step);
}

/* Summary row r: marks, the player's marks, wrong ones, through walls, G
 * reached over every mark, the walk's end. */
static lxw_error check_summary_row(const check_sheet *c, uint32_t r)
{
    char f[200];
    unsigned long last = c->last, grow = c->grow;
    char sum = letter(COL_SUMMARY), walk = letter(COL_WALK);
    double value = 0;
    switch (r) {
    case SUM_MARKS:
        snprintf(f, sizeof f, "=SUM(%c2:%c%lu)", letter(COL_MARK), letter(COL_MARK), last);
        value = c->both ? 1 : 2;
        break;
    case SUM_PLAYER: snprintf(f, sizeof f, "=%c1-%d", sum, c->both ? 1 : 2); break;
    case SUM_WRONG:
        snprintf(f, sizeof f, "=SUM(%c2:%c%lu)", letter(COL_WRONG), letter(COL_WRONG), last);
        value = c->wrong_count;
        break;
    case SUM_THROUGH:
        snprintf(f, sizeof f, "=COUNTIF(%c2:%c%lu,\">=%llu\")", letter(COL_NEXT), letter(COL_NEXT),
                 last, PREFER_SQUARED);
        value = c->through_count;
        break;
    case SUM_GOAL: /* the walk reached G over every mark */
        snprintf(f, sizeof f, "=IF(AND(%c6=1,COUNTIF(%c1:%c%lu,\"<>%lu\")+1=%c1),1,0)", sum, walk,
                 walk, last, grow, sum);
        value = c->right;
        break;
    default: /* SUM_REACHED: the last step, in the first row */
        snprintf(f, sizeof f, "=IF(%c1=%lu,1,0)", walk, grow);
        value = c->right;
        break;
    }
    return lib_xlsx()->worksheet_write_formula_num(c->ws, r, COL_SUMMARY, f, NULL, value);
}

lxw_error play_add_check_sheet(lxw_workbook *wb, const meiro_maze *m, const play_place *at)
{
    check_sheet c = {.ws = lib_xlsx()->workbook_add_worksheet(wb, at->check), .m = m, .at = at};
    if (!c.ws) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    c.n = m->w * m->h, c.last = c.n + 1; /* rows 1 .. n + 1 in A1 terms */
    c.srow = helper_row(m, m->start.x, m->start.y) + 1,
    c.grow = helper_row(m, m->goal.x, m->goal.y) + 1;
    c.both = c.srow == c.grow, c.right = right_unmarked(m);
    opening s_open = opening_of(m, m->start.x, m->start.y),
            g_open = opening_of(m, m->goal.x, m->goal.y);
    c.wrong_count = s_open.wrong + (!c.both && g_open.wrong);
    c.through_count = s_open.through + (!c.both && g_open.through);
    lxw_error e = LXW_NO_ERROR;
    /* the names relative to a row, local to this check sheet */
    for (int col = COL_MARK; col <= COL_WRONG && !e; col++) {
        const char *const *names[3] = {own_name, east_name, south_name};
        unsigned long below[3] = {0, 1, m->w};
        for (int k = 0; k < 3 && !e; k++) {
            char name[96], ref[96];
            snprintf(name, sizeof name, "'%s'!%s", at->check, names[k][col]);
            snprintf(ref, sizeof ref, "='%s'!$%c%lu", at->check, letter(col), 1 + below[k]);
            e = lib_xlsx()->workbook_define_name(wb, name, ref);
        }
    }
    for (int k = 0; k < 2 && !e; k++) {
        char name[96], ref[96];
        snprintf(name, sizeof name, "'%s'!%s", at->check, walk_name[k]);
        snprintf(ref, sizeof ref, "='%s'!$%c%d", at->check, letter(COL_WALK), 2 + k);
        e = lib_xlsx()->workbook_define_name(wb, name, ref);
    }
    uint32_t rows = c.n + 1 > SUM_ROWS ? c.n + 1 : SUM_ROWS;
    for (uint32_t r = 0; r < rows && !e; r++) {
        if (r == 0)
            e = lib_xlsx()->worksheet_write_number(c.ws, 0, COL_MARK, 0,
                                                   NULL); /* where walls lead */
        else if (r <= c.n) e = check_cell_row(&c, r);
        if (!e && r <= c.n) e = check_walk_row(&c, r);
        if (!e && r < SUM_ROWS) e = check_summary_row(&c, r);
    }
    if (!e) {
        lib_xlsx()->worksheet_hide(c.ws);
        lib_xlsx()->worksheet_protect(c.ws, NULL, NULL);
    }
    return e;
}

/* The status texts: no marks yet, the way is right, G reached with marks
 * off the way, a mark through a wall, not there yet. English here, every
 * other language from its catalogue (core/words.h). */
typedef struct play_words {
    const char *lang;
    const char *status[5];
} play_words;
static const play_words PLAY_WORDS[] = {
    {.lang = "en",
     /* TRANSLATORS: a workbook maze's status line, in a spreadsheet cell;
        the child types x in the cells of the way */
     .status[0] = WORD("xlsx.status[0]",
                       "Mark the way from S to G: type x in each cell of the way."),
     .status[1] = WORD("xlsx.status[1]", "Goal! Well done: the way is right."),
     .status[2] = WORD("xlsx.status[2]",
                       "Goal reached! But some marks are off the way: erase them."),
     .status[3] = WORD("xlsx.status[3]",
                       "A mark goes through a wall (orange): walls cannot be crossed."),
     .status[4] = WORD("xlsx.status[4]",
                       "Keep going: the marks do not reach G yet (orange marks lead nowhere).")},
    CATALOG_xlsx};

/* The fill of a right way and its message (spreadsheets' "good" green). */
#define SOLVED_FILL 0xC6EFCE

lxw_error play_add_rules(lxw_workbook *wb, lxw_worksheet *ws, const meiro_maze *m,
                         const play_place *at, uint32_t row, uint32_t cols,
                         const page_labels *labels)
{
    const char *const *t = PLAY_WORDS[0].status;
    for (size_t i = 0; i < sizeof PLAY_WORDS / sizeof PLAY_WORDS[0]; i++)
        if (!strcmp(labels->lang, PLAY_WORDS[i].lang)) t = PLAY_WORDS[i].status;
    lxw_format *big = lib_xlsx()->workbook_add_format(wb);
    lxw_format *warn = lib_xlsx()->workbook_add_format(wb),
               *marked = lib_xlsx()->workbook_add_format(wb);
    lxw_format *solved = lib_xlsx()->workbook_add_format(wb);
    if (!big || !warn || !marked || !solved) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    /* green, as spreadsheets show "good": the way and its message once the
     * way is right */
    lib_xlsx()->format_set_bg_color(solved, SOLVED_FILL);
    lib_xlsx()->format_set_font_color(solved, 0x006100);
    lib_xlsx()->format_set_bold(big);
    lib_xlsx()->format_set_font_size(big, 14);
    lib_xlsx()->format_set_align(big, LXW_ALIGN_CENTER);
    lib_xlsx()->format_set_align(big, LXW_ALIGN_VERTICAL_CENTER);
    lib_xlsx()->format_set_text_wrap(big);
    lib_xlsx()->format_set_bg_color(warn, 0xF8A45C);   /* orange: a mark that leads nowhere */
    /* pale blue: a mark; a picture maze's in the answer's colour, so that
     * the picture appears as the way is marked */
    lib_xlsx()->format_set_bg_color(marked, m->picture == MEIRO_PICTURE_PATH ? at->answer : 0xB4DEF0);
    char f[2000], s[16];
    lxw_error e = lib_xlsx()->worksheet_set_row(ws, row, 42, NULL);
    if (!e) e = lib_xlsx()->worksheet_merge_range(ws, row, 0, row, (lxw_col_t)(cols - 1), "", big);
    const char *c = at->check;
    if (!e) {
        char q = letter(COL_SUMMARY); /* the summary's rows: SUM_GOAL + 1 is Q5 */
        snprintf(f, sizeof f,
                 "=IF('%s'!%c%d=1,\"%s\",IF('%s'!%c%d=0,\"%s\",IF('%s'!%c%d=1,\"%s\",IF('%s'!%c%d>0,"
                 "\"%s\",\"%s\"))))",
                 c, q, SUM_GOAL + 1, t[1], c, q, SUM_PLAYER + 1, t[0], c, q, SUM_REACHED + 1, t[2],
                 c, q, SUM_THROUGH + 1, t[3], t[4]);
        e = lib_xlsx()->worksheet_write_formula_str(ws, row, 0, f, big,
                                                    t[right_unmarked(m) ? 1 : 0]);
    }
    /* names: Status (the message); Wrong (the marks to colour) */
    char name[64];
    lib_xlsx()->lxw_rowcol_to_cell_abs(s, row, 0, true, true);
    snprintf(name, sizeof name, "%sStatus", at->scope);
    snprintf(f, sizeof f, "='%s'!%s", at->sheet, s);
    if (!e) e = lib_xlsx()->workbook_define_name(wb, name, f);
    snprintf(name, sizeof name, "%sWrong", at->scope);
    snprintf(f, sizeof f, "='%s'!$C$1:$C$%lu", c, (unsigned long)(m->w * m->h + 1));
    if (!e) e = lib_xlsx()->workbook_define_name(wb, name, f);
    /* Solved: the way is right (1); a name, as a rule may not read another
     * sheet in Excel 2007 */
    snprintf(name, sizeof name, "%sSolved", at->scope);
    snprintf(f, sizeof f, "='%s'!$%c$%d", c, letter(COL_SUMMARY), SUM_GOAL + 1);
    if (!e) e = lib_xlsx()->workbook_define_name(wb, name, f);
    /* the message turns green with the way */
    lxw_conditional_format won = {.type = LXW_CONDITIONAL_TYPE_FORMULA,
                                  .value_string = "=Solved=1",
                                  .format = solved,
                                  .stop_if_true = LXW_TRUE};
    if (!e) e = lib_xlsx()->worksheet_conditional_format_cell(ws, row, 0, &won);
    /* the marks' colours, over the maze's cells; the first rule that
     * holds wins: all green once the way is right (S and G too), else the
     * player's wrong marks orange (not S and G, which are short of a
     * neighbour until the way reaches them), others pale blue */
    lib_xlsx()->lxw_rowcol_to_cell(s, at->first_row, 1);
    uint32_t r1 = at->first_row + m->h - 1;
    lxw_col_t c1 = (lxw_col_t)m->w;
    char w[64];
    snprintf(w, sizeof w, "=AND(Solved=1,LEN(%s)>0)", s);
    won.value_string = w;
    if (!e) e = lib_xlsx()->worksheet_conditional_format_range(ws, at->first_row, 1, r1, c1, &won);
    char k[64]; /* the helper row of the cell being formatted */
    snprintf(k, sizeof k, "(ROW()-%lu)*%lu+COLUMN()", (unsigned long)at->first_row + 1,
             (unsigned long)m->w);
    snprintf(f, sizeof f, "=AND(INDEX(Wrong,%s)=1,%s<>%lu,%s<>%lu)", k, k,
             (unsigned long)helper_row(m, m->start.x, m->start.y) + 1, k,
             (unsigned long)helper_row(m, m->goal.x, m->goal.y) + 1);
    lxw_conditional_format rule = {.type = LXW_CONDITIONAL_TYPE_FORMULA,
                                   .value_string = f,
                                   .format = warn,
                                   .stop_if_true = LXW_TRUE};
    if (!e) e = lib_xlsx()->worksheet_conditional_format_range(ws, at->first_row, 1, r1, c1, &rule);
    char g[64];
    snprintf(g, sizeof g, "=LEN(%s)>0", s);
    lxw_conditional_format mark = {
        .type = LXW_CONDITIONAL_TYPE_FORMULA, .value_string = g, .format = marked};
    if (!e) e = lib_xlsx()->worksheet_conditional_format_range(ws, at->first_row, 1, r1, c1, &mark);
    /* the borders stay; the maze's cells (formatted unlocked) take marks */
    if (!e) lib_xlsx()->worksheet_protect(ws, NULL, NULL);
    return e;
}
