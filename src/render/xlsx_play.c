/* The playable maze sheet: a player types anything in the cells of the way
 * from S to G; formulas on a hidden helper sheet read the marks and say
 * whether they make the way, and conditional formats colour the marks.
 * No macros (schools and Excel block them), only functions Excel 2010,
 * LibreOffice and Gnumeric share: IF, LEN, INDEX, MAX, MOD, SUM, COUNTIF.
 *
 * The check follows the marks from S: at each step the marked open
 * neighbour other than the one it came from (G first, then one that goes
 * on, so a stray mark beside the way does not lead it off). The way is
 * right when the walk reaches G over every mark; marks it did not walk are
 * strays. Each mark's count of marked open neighbours (S and G one, the
 * rest two) tells the marks to colour: dead ends, and steps through a
 * wall. The helper sheet has a row per cell: 1 + cells rows. On a shape
 * the cells outside it are locked and walled: never marked, no way in. */
#include "render/xlsx_play.h"

#include <stdio.h>
#include <string.h>

/* Helper sheet columns: the mark, the rows of the four open neighbours (1,
 * the empty first row, where a wall is), marked open neighbours, the count
 * wanted, wrong (1/0), rows of the four neighbours through walls or not,
 * wrong marks next to it across a wall, through a wall (1/0: a wrong mark
 * with a wrong mark across a wall, as a step through a wall leaves both
 * ends short of a neighbour, while a way that only runs beside itself
 * does not); the walk (row, the row it came from); the summary. */
enum {
    COL_MARK,
    COL_OPEN,
    COL_DEGREE = COL_OPEN + 4,
    COL_WANT,
    COL_WRONG,
    COL_NEAR,
    COL_WRONG_ACROSS = COL_NEAR + 4,
    COL_THROUGH,
    COL_WALK,
    COL_FROM,
    COL_SUMMARY
};
/* The summary's rows: marks with S and G, the player's marks, wrong
 * marks, marks through a wall, the way is right, the walk reached G. */
enum { SUM_MARKS, SUM_PLAYER, SUM_WRONG, SUM_THROUGH, SUM_GOAL, SUM_REACHED, SUM_ROWS };

/* Larger than any row number: the walk's preference is added to the row. */
#define PREFER "2097152"

/* The sheet row of cell (x, y)'s helper row (0-based): 1 + its index. */
static uint32_t helper_row(const meiro_maze *m, uint32_t x, uint32_t y) { return 1 + y * m->w + x; }

static bool is_end(const meiro_maze *m, int64_t x, int64_t y)
{
    return (x == m->start.x && y == m->start.y) || (x == m->goal.x && y == m->goal.y);
}

static const int step_x[4] = {0, 1, 0, -1}, step_y[4] = {-1, 0, 1, 0};

/* Whether the way from x, y towards d (N E S W) is open: never into or
 * out of a cell outside the maze's shape, which has no passages. */
static bool open_towards(const meiro_maze *m, uint32_t x, uint32_t y, int d)
{
    return cell_open(m, x, y, (unsigned)d);
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
    char marks[32], wrongs[32]; /* the columns of marks and wrong cells */
} check_sheet;

/* Row r (1 .. n) of cell r - 1: its mark, its neighbours' rows, and
 * whether its marks are wrong. */
static lxw_error check_cell_row(const check_sheet *c, uint32_t r)
{
    const meiro_maze *m = c->m;
    char f[1400], a[16];
    unsigned long R = r + 1; /* the row in A1 terms */
    uint32_t i = r - 1, x = i % m->w, y = i / m->w;
    lxw_error e;
    if (is_end(m, x, y)) {
        e = worksheet_write_number(c->ws, r, COL_MARK, 1, NULL);
    } else if (!cell_active(m, i)) { /* outside the shape: locked, never marked */
        e = worksheet_write_number(c->ws, r, COL_MARK, 0, NULL);
    } else {
        lxw_rowcol_to_cell(a, c->at->first_row + y, (lxw_col_t)(1 + x));
        snprintf(f, sizeof f, "=IF(LEN('%s'!%s)>0,1,0)", c->at->sheet, a);
        e = worksheet_write_formula_num(c->ws, r, COL_MARK, f, NULL, 0);
    }
    /* the rows of the neighbours N E S W: through an opening, and at all */
    for (int d = 0; d < 4 && !e; d++) {
        int64_t nx = (int64_t)x + step_x[d], ny = (int64_t)y + step_y[d];
        bool inside = nx >= 0 && ny >= 0 && nx < m->w && ny < m->h;
        double there = inside ? helper_row(m, (uint32_t)nx, (uint32_t)ny) + 1 : 1;
        e = worksheet_write_number(c->ws, r, (lxw_col_t)(COL_OPEN + d),
                                   open_towards(m, x, y, d) ? there : 1, NULL);
        if (!e) e = worksheet_write_number(c->ws, r, (lxw_col_t)(COL_NEAR + d), there, NULL);
    }
    opening o = opening_of(m, x, y);
    const char *opens = "BCDE", *nears = "IJKL";
    if (!e) {
        snprintf(f, sizeof f,
                 "=A%lu*(INDEX(%s,%c%lu)+INDEX(%s,%c%lu)+INDEX(%s,%c%lu)+INDEX(%s,%c%lu))", R,
                 c->marks, opens[0], R, c->marks, opens[1], R, c->marks, opens[2], R, c->marks,
                 opens[3], R);
        e = worksheet_write_formula_num(c->ws, r, COL_DEGREE, f, NULL, o.degree);
    }
    if (!e) e = worksheet_write_number(c->ws, r, COL_WANT, o.want, NULL);
    if (!e) {
        snprintf(f, sizeof f, "=IF(A%lu=1,IF(F%lu<>G%lu,1,0),0)", R, R, R);
        e = worksheet_write_formula_num(c->ws, r, COL_WRONG, f, NULL, o.wrong);
    }
    if (!e) { /* wrong neighbours of any kind, less those through openings */
        size_t len = (size_t)snprintf(f, sizeof f, "=A%lu*(", R);
        for (int d = 0; d < 8; d++)
            len += (size_t)snprintf(f + len, sizeof f - len, "%sINDEX(%s,%c%lu)",
                                    d == 0  ? ""
                                    : d < 4 ? "+"
                                            : "-",
                                    c->wrongs, d < 4 ? nears[d] : opens[d - 4], R);
        snprintf(f + len, sizeof f - len, ")");
        e = worksheet_write_formula_num(c->ws, r, COL_WRONG_ACROSS, f, NULL, o.across);
    }
    if (!e) {
        snprintf(f, sizeof f, "=IF(AND(H%lu=1,M%lu>0),1,0)", R, R);
        e = worksheet_write_formula_num(c->ws, r, COL_THROUGH, f, NULL, o.through);
    }
    return e;
}

/* The walk: row r holds the step r from S; unmarked, it is at G at once
 * or stops (row 1). */
static lxw_error check_walk_row(const check_sheet *c, uint32_t r)
{
    double at_step = c->right ? c->grow : 1;
    if (r == 0) {
        lxw_error e = worksheet_write_number(c->ws, 0, COL_WALK, c->srow, NULL);
        return e ? e : worksheet_write_number(c->ws, 0, COL_FROM, 1, NULL);
    }
    char f[1400], a[16], b[16];
    lxw_rowcol_to_cell(a, r - 1, COL_WALK);
    lxw_rowcol_to_cell(b, r - 1, COL_FROM);
    unsigned long grow = c->grow, last = c->last;
    size_t len = (size_t)snprintf(f, sizeof f, "=IF(OR(%s=%lu,%s=1),%s,MOD(MAX(", a, grow, a, a);
    for (int d = 0; d < 4; d++) {
        char nb[80];
        snprintf(nb, sizeof nb, "INDEX($%c$1:$%c$%lu,%s)", "BCDE"[d], "BCDE"[d], last, a);
        len += (size_t)snprintf(f + len, sizeof f - len,
                                "%sIF(AND(INDEX(%s,%s)=1,%s<>%s),%s+IF(%s=%lu,2*" PREFER
                                ",IF(INDEX($F$1:$F$%lu,%s)>=2," PREFER ",0)),1)",
                                d ? "," : "", c->marks, nb, nb, b, nb, nb, grow, last, nb);
    }
    snprintf(f + len, sizeof f - len, ")," PREFER "))");
    lxw_error e =
        worksheet_write_formula_num(c->ws, r, COL_WALK, f, NULL, c->both ? c->grow : at_step);
    if (!e) {
        snprintf(f, sizeof f, "=%s", a);
        e = worksheet_write_formula_num(c->ws, r, COL_FROM, f, NULL, r == 1 ? c->srow : at_step);
    }
    return e;
}

/* Summary row r: marks, the player's marks, wrong ones, through walls, G
 * reached over every mark, the walk's end. */
static lxw_error check_summary_row(const check_sheet *c, uint32_t r)
{
    char f[200], a[16];
    unsigned long last = c->last, grow = c->grow;
    double value = 0;
    switch (r) {
    case SUM_MARKS:
        snprintf(f, sizeof f, "=SUM(A2:A%lu)", last);
        value = c->both ? 1 : 2;
        break;
    case SUM_PLAYER: snprintf(f, sizeof f, "=Q1-%d", c->both ? 1 : 2); break;
    case SUM_WRONG:
        snprintf(f, sizeof f, "=SUM(H2:H%lu)", last);
        value = c->wrong_count;
        break;
    case SUM_THROUGH:
        snprintf(f, sizeof f, "=SUM(N2:N%lu)", last);
        value = c->through_count;
        break;
    case SUM_GOAL: /* the walk reached G over every mark */
        snprintf(f, sizeof f, "=IF(AND(Q6=1,COUNTIF(O1:O%lu,\"<>%lu\")+1=Q1),1,0)", last, grow);
        value = c->right;
        break;
    default: /* SUM_REACHED */
        lxw_rowcol_to_cell(a, c->n, COL_WALK);
        snprintf(f, sizeof f, "=IF(%s=%lu,1,0)", a, grow);
        value = c->right;
        break;
    }
    return worksheet_write_formula_num(c->ws, r, COL_SUMMARY, f, NULL, value);
}

lxw_error play_add_check_sheet(lxw_workbook *wb, const meiro_maze *m, const play_place *at)
{
    check_sheet c = {.ws = workbook_add_worksheet(wb, at->check), .m = m, .at = at};
    if (!c.ws) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    c.n = m->w * m->h, c.last = c.n + 1; /* rows 1 .. n + 1 in A1 terms */
    c.srow = helper_row(m, m->start.x, m->start.y) + 1,
    c.grow = helper_row(m, m->goal.x, m->goal.y) + 1;
    c.both = c.srow == c.grow, c.right = right_unmarked(m);
    opening s_open = opening_of(m, m->start.x, m->start.y),
            g_open = opening_of(m, m->goal.x, m->goal.y);
    c.wrong_count = s_open.wrong + (!c.both && g_open.wrong);
    c.through_count = s_open.through + (!c.both && g_open.through);
    snprintf(c.marks, sizeof c.marks, "$A$1:$A$%lu", (unsigned long)c.last);
    snprintf(c.wrongs, sizeof c.wrongs, "$H$1:$H$%lu", (unsigned long)c.last);
    lxw_error e = LXW_NO_ERROR;
    uint32_t rows = c.n + 1 > SUM_ROWS ? c.n + 1 : SUM_ROWS;
    for (uint32_t r = 0; r < rows && !e; r++) {
        if (r == 0) e = worksheet_write_number(c.ws, 0, COL_MARK, 0, NULL); /* where walls lead */
        else if (r <= c.n) e = check_cell_row(&c, r);
        if (!e && r <= c.n) e = check_walk_row(&c, r);
        if (!e && r < SUM_ROWS) e = check_summary_row(&c, r);
    }
    if (!e) {
        worksheet_hide(c.ws);
        worksheet_protect(c.ws, NULL, NULL);
    }
    return e;
}

/* The status texts, per language: no marks yet, the way is right, G
 * reached with marks off the way, a mark through a wall, not there yet. */
static const char *const status_en[5] = {
    "Mark the way from S to G: type x in each cell of the way.",
    "Goal! Well done: the way is right.",
    "Goal reached! But some marks are off the way: erase them.",
    "A mark goes through a wall (orange): walls cannot be crossed.",
    "Keep going: the marks do not reach G yet (orange marks lead nowhere).",
};
static const char *const status_ja[5] = {
    "スタートから ゴールまで しるしを つけよう",
    "ゴール！ 正解（せいかい）！ よくできました",
    "ゴールまで ついたけど、みちではない しるしが あるよ。けしてね",
    "かべを とおりぬけている しるしが あるよ（オレンジ）",
    "まだ ゴールに とどいて いないよ。つづけよう！（オレンジは いきどまり）",
};

lxw_error play_add_rules(lxw_workbook *wb, lxw_worksheet *ws, const meiro_maze *m,
                         const play_place *at, uint32_t row, uint32_t cols,
                         const page_labels *labels)
{
    const char *const *t = strcmp(labels->lang, "ja") == 0 ? status_ja : status_en;
    lxw_format *big = workbook_add_format(wb);
    lxw_format *warn = workbook_add_format(wb), *marked = workbook_add_format(wb);
    if (!big || !warn || !marked) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    format_set_bold(big);
    format_set_font_size(big, 14);
    format_set_align(big, LXW_ALIGN_CENTER);
    format_set_align(big, LXW_ALIGN_VERTICAL_CENTER);
    format_set_text_wrap(big);
    format_set_bg_color(warn, 0xF8A45C);   /* orange: a mark that leads nowhere */
    /* pale blue: a mark; a picture maze's red, the answer's, so that the
     * picture appears as the way is marked */
    format_set_bg_color(marked, m->picture == MEIRO_PICTURE_PATH ? 0xD93A2E : 0xB4DEF0);
    char f[2000], s[16];
    lxw_error e = worksheet_set_row(ws, row, 42, NULL);
    if (!e) e = worksheet_merge_range(ws, row, 0, row, (lxw_col_t)(cols - 1), "", big);
    const char *c = at->check;
    if (!e) {
        snprintf(
            f, sizeof f,
            "=IF('%s'!Q5=1,\"%s\",IF('%s'!Q2=0,\"%s\",IF('%s'!Q6=1,\"%s\",IF('%s'!Q4>0,\"%s\",\"%s\"))))",
            c, t[1], c, t[0], c, t[2], c, t[3], t[4]);
        e = worksheet_write_formula_str(ws, row, 0, f, big, t[right_unmarked(m) ? 1 : 0]);
    }
    /* names: Status (the message); Wrong and Want (the marks to colour) */
    char name[64];
    lxw_rowcol_to_cell_abs(s, row, 0, true, true);
    snprintf(name, sizeof name, "%sStatus", at->scope);
    snprintf(f, sizeof f, "='%s'!%s", at->sheet, s);
    if (!e) e = workbook_define_name(wb, name, f);
    snprintf(name, sizeof name, "%sWrong", at->scope);
    snprintf(f, sizeof f, "='%s'!$H$1:$H$%lu", c, (unsigned long)(m->w * m->h + 1));
    if (!e) e = workbook_define_name(wb, name, f);
    snprintf(name, sizeof name, "%sWant", at->scope);
    snprintf(f, sizeof f, "='%s'!$G$1:$G$%lu", c, (unsigned long)(m->w * m->h + 1));
    if (!e) e = workbook_define_name(wb, name, f);
    /* the marks' colours, over the maze's cells; the first rule that
     * holds wins: the player's wrong marks orange (not S and G, which are
     * short of a neighbour until the way reaches them), others pale blue */
    lxw_rowcol_to_cell(s, at->first_row, 1);
    uint32_t r1 = at->first_row + m->h - 1;
    lxw_col_t c1 = (lxw_col_t)m->w;
    snprintf(f, sizeof f,
             "=AND(INDEX(Wrong,(ROW()-%lu)*%lu+COLUMN())=1,INDEX(Want,(ROW()-%lu)*%lu+COLUMN())=2)",
             (unsigned long)at->first_row + 1, (unsigned long)m->w,
             (unsigned long)at->first_row + 1, (unsigned long)m->w);
    lxw_conditional_format rule = {.type = LXW_CONDITIONAL_TYPE_FORMULA,
                                   .value_string = f,
                                   .format = warn,
                                   .stop_if_true = LXW_TRUE};
    if (!e) e = worksheet_conditional_format_range(ws, at->first_row, 1, r1, c1, &rule);
    char g[64];
    snprintf(g, sizeof g, "=LEN(%s)>0", s);
    lxw_conditional_format mark = {
        .type = LXW_CONDITIONAL_TYPE_FORMULA, .value_string = g, .format = marked};
    if (!e) e = worksheet_conditional_format_range(ws, at->first_row, 1, r1, c1, &mark);
    /* the borders stay; the maze's cells (formatted unlocked) take marks */
    if (!e) worksheet_protect(ws, NULL, NULL);
    return e;
}
