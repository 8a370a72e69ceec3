/* A rule maze to play in a spreadsheet (--play): each cell of the maze is
 * two spreadsheet cells, the token above (locked) and a box below where
 * the child types x on the way; marked cells turn yellow, and the sheet
 * says Goal! (ゴール！) when the marks are exactly the rule path, which is
 * the only path that obeys the rule (the proof in content/rule.c), so
 * checking the marks against it checks the rule. A hidden helper sheet
 * counts the wrong cells; no macros. */
#define _POSIX_C_SOURCE 200809L
#include "content/rule_model.h"
#include "core/error.h"
#include "page/layout.h"
#include "page/template.h"
#include "xlsx/xlsx.h"
#include "xlsx/xlsx_lib.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { TOP = 4 }; /* the first token row (0-based): title, rule, how to play, a gap */

static void cell_name(char *out, size_t size, uint32_t row, uint32_t col)
{
    char letters[4];
    int n = 0;
    for (uint32_t c = col + 1; c > 0; c = (c - 1) / 26) letters[n++] = (char)('A' + (c - 1) % 26);
    size_t k = 0;
    while (n > 0 && k + 1 < size) out[k++] = letters[--n];
    snprintf(out + k, size - k, "%u", row + 1);
}

/* A label beside the grid, on a sheet read from the right with each arrow
 * (← → ↓) a left-to-right run of its own (U+200E before it): LibreOffice
 * takes an arrow that ends an Arabic label into the Arabic run and draws
 * it from a font without it, a box over the word (Excel and LibreOffice
 * draw the mark as nothing). */
static const char *arrow_label(const char *label, bool rtl, char *out, size_t size)
{
    if (!rtl) return label;
    static const char *const arrows[] = {"\u2190", "\u2192", "\u2193"};
    size_t n = 0;
    for (const char *p = label; *p && n + 4 < size; p++) {
        for (size_t a = 0; a < sizeof arrows / sizeof arrows[0]; a++)
            if (!strncmp(p, arrows[a], strlen(arrows[a]))) {
                memcpy(out + n, "\u200e", 3); /* LEFT-TO-RIGHT MARK, 3 bytes */
                n += 3;
            }
        out[n++] = *p;
    }
    out[n] = 0;
    return out;
}

static lxw_error build(lxw_workbook *wb, const meiro_rule_sheet *s, const char *title)
{
    const rule_words *w = rule_words_for(s->lang);
    const char *name = w->tab;
    lxw_worksheet *ws = lib_xlsx()->workbook_add_worksheet(wb, name);
    lxw_worksheet *check = lib_xlsx()->workbook_add_worksheet(wb, "check");
    if (!ws || !check) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    lxw_format *head = lib_xlsx()->workbook_add_format(wb),
               *token = lib_xlsx()->workbook_add_format(wb);
    lxw_format *box = lib_xlsx()->workbook_add_format(wb),
               *label = lib_xlsx()->workbook_add_format(wb);
    lxw_format *goal = lib_xlsx()->workbook_add_format(wb),
               *marked = lib_xlsx()->workbook_add_format(wb);
    if (!head || !token || !box || !label || !goal || !marked) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    lib_xlsx()->format_set_bold(head);
    lib_xlsx()->format_set_font_size(head, 16);
    lib_xlsx()->format_set_font_size(token, 20);
    lib_xlsx()->format_set_align(token, LXW_ALIGN_CENTER);
    lib_xlsx()->format_set_align(token, LXW_ALIGN_VERTICAL_CENTER);
    lib_xlsx()->format_set_border(token, LXW_BORDER_THIN);
    lib_xlsx()->format_set_bottom(token, LXW_BORDER_NONE);
    lib_xlsx()->format_set_unlocked(box);
    lib_xlsx()->format_set_align(box, LXW_ALIGN_CENTER);
    lib_xlsx()->format_set_border(box, LXW_BORDER_THIN);
    lib_xlsx()->format_set_top(box, LXW_BORDER_NONE);
    lib_xlsx()->format_set_bold(label);
    lib_xlsx()->format_set_bold(goal);
    lib_xlsx()->format_set_font_size(goal, 20);
    lib_xlsx()->format_set_font_color(goal, 0xC0392B);
    lib_xlsx()->format_set_bg_color(marked, 0xFFE373);
    lib_xlsx()->format_set_pattern(marked, LXW_PATTERN_SOLID);
    const char *t = rule_title(s, title);
    lxw_error e = lib_xlsx()->worksheet_write_string(ws, 0, 1, t, head);
    if (!e) e = lib_xlsx()->worksheet_write_string(ws, 1, 1, s->sentence, NULL);
    if (!e)
        e = lib_xlsx()->worksheet_write_string(
            ws, 2, 1, w->xlsx_help, NULL);
    lib_xlsx()->worksheet_set_column(ws, 0, 0, 10, NULL);
    lib_xlsx()->worksheet_set_column(ws, 1, (lxw_col_t)s->w, 9, NULL);
    lib_xlsx()->worksheet_set_column(ws, (lxw_col_t)s->w + 1, (lxw_col_t)s->w + 1, 10, NULL);
    char ref[32], f[256];
    lxw_conditional_format cf = {.type = LXW_CONDITIONAL_TYPE_FORMULA, .format = marked};
    for (uint32_t y = 0; y < s->h && !e; y++) {
        lxw_row_t tr = (lxw_row_t)(TOP + 2 * y), br = tr + 1;
        lib_xlsx()->worksheet_set_row(ws, tr, 30, NULL);
        lib_xlsx()->worksheet_set_row(ws, br, 15, NULL);
        for (uint32_t x = 0; x < s->w && !e; x++) {
            lxw_col_t c = (lxw_col_t)(1 + x);
            size_t id = (size_t)y * s->w + x;
            const char *tok = s->tok[id];
            char *end;
            long v = strtol(tok, &end, 10);
            /* numbers as numbers, so the sheet reads them as the page does */
            if (*tok && !*end && strlen(tok) < 10)
                e = lib_xlsx()->worksheet_write_number(ws, tr, c, (double)v, token);
            else e = lib_xlsx()->worksheet_write_string(ws, tr, c, tok, token);
            if (!e) e = lib_xlsx()->worksheet_write_blank(ws, br, c, box);
            cell_name(ref, sizeof ref, br, c);
            snprintf(f, sizeof f, "=LEN(TRIM(%s))>0", ref);
            cf.value_string = f;
            if (!e) e = lib_xlsx()->worksheet_conditional_format_cell(ws, tr, c, &cf);
            if (!e) e = lib_xlsx()->worksheet_conditional_format_cell(ws, br, c, &cf);
            bool on = false;
            for (size_t i = 0; i < s->path_len; i++) on |= s->path[i] == id;
            /* a wrong cell: marked off the way, or not marked on it */
            snprintf(f, sizeof f, "=ABS(IF(LEN(TRIM('%s'!%s))>0,1,0)-%d)", name, ref, on ? 1 : 0);
            if (!e)
                e = lib_xlsx()->worksheet_write_formula_num(check, (lxw_row_t)id, 0, f, NULL,
                                                            on ? 1 : 0);
        }
    }
    uint32_t st = s->path[0], fin = s->path[s->path_len - 1];
    bool rtl = !strcmp(labels_for(s->lang)->direction, "rtl");
    char said[200];
    if (!e)
        e = lib_xlsx()->worksheet_write_string(ws, (lxw_row_t)(TOP + 2 * (st / s->w)), 0,
                                               arrow_label(w->xlsx_start, rtl, said, sizeof said),
                                               label);
    lxw_row_t status_row = (lxw_row_t)(TOP + 2 * s->h + 1);
    if (!e) {
        if (fin % s->w == s->w - 1)
            e = lib_xlsx()->worksheet_write_string(
                ws, (lxw_row_t)(TOP + 2 * (fin / s->w)), (lxw_col_t)s->w + 1,
                arrow_label(w->xlsx_finish_right, rtl, said, sizeof said), label);
        else
            e = lib_xlsx()->worksheet_write_string(
                ws, (lxw_row_t)(TOP + 2 * s->h), (lxw_col_t)(1 + fin % s->w),
                arrow_label(w->xlsx_finish_below, rtl, said, sizeof said), label);
    }
    snprintf(f, sizeof f, "=IF(SUM(check!A1:A%zu)=0,\"%s\",\"\")", (size_t)s->w * s->h,
             w->goal);
    if (!e) e = lib_xlsx()->worksheet_write_formula_str(ws, status_row, 1, f, goal, "");
    cell_name(ref, sizeof ref, status_row, 1);
    char defined[64];
    snprintf(defined, sizeof defined, "='%s'!$B$%u", name, status_row + 1);
    if (!e) e = lib_xlsx()->workbook_define_name(wb, "Status", defined);
    /* a language read from the right: the sheet too, column A on the right,
     * so the way starts in the right column (START beside it) and leaves on
     * the left, as the language's rule page draws it (draw/rule_page.c) */
    if (rtl) lib_xlsx()->worksheet_right_to_left(ws);
    lib_xlsx()->worksheet_hide(check);
    lib_xlsx()->worksheet_activate(ws);
    lib_xlsx()->worksheet_protect(ws, NULL, NULL);
    return e;
}

meiro_status rule_write_xlsx(const meiro_rule_sheet *s, const char *title, FILE *out,
                             const char *temp_dir, meiro_error *err)
{
    time_t created;
    meiro_status st = page_timestamp(&created, err);
    if (st != MEIRO_OK) return st;
    if (created == 0) created = 1;
    st = xlsx_lib_load(err); /* libxlsxwriter, where it is opened on first use */
    if (st != MEIRO_OK) return st;
    const char *dir = temp_dir ? temp_dir : getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    char temp[4200];
    snprintf(temp, sizeof temp, "%s/.meiro-rule-XXXXXX", dir);
    int fd = mkstemp(temp);
    if (fd < 0)
        return fail(err, MEIRO_ERROR_IO, "cannot create a temporary file in %s: %s", dir,
                    strerror(errno));
    close(fd);
    lxw_workbook_options wo = {.constant_memory = LXW_FALSE, .tmpdir = (char *)dir};
    lxw_workbook *wb = lib_xlsx()->workbook_new_opt(temp, &wo);
    lxw_error e = wb ? LXW_NO_ERROR : LXW_ERROR_MEMORY_MALLOC_FAILED;
    if (wb) {
        lxw_doc_properties props = {0};
        props.title = (char *)(title ? title : "Rule maze");
        props.subject = (char *)(s->rule.kind == RULE_MESSAGE ? "message" : s->rule.spec);
        props.author = "meiro";
        props.created = created;
        e = lib_xlsx()->workbook_set_properties(wb, &props);
        if (!e) e = build(wb, s, title);
        lxw_error closed = lib_xlsx()->workbook_close(wb);
        if (!e) e = closed;
    }
    if (e == LXW_NO_ERROR) {
        FILE *in = fopen(temp, "rb");
        if (!in) st = fail(err, MEIRO_ERROR_IO, "cannot read the workbook: %s", strerror(errno));
        char buf[65536];
        size_t n;
        while (in && st == MEIRO_OK && (n = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, n, out) != n) st = fail_write(err);
        if (in) fclose(in);
    } else {
        st =
            fail(err, MEIRO_ERROR_IO, "cannot write the workbook: %s", lib_xlsx()->lxw_strerror(e));
    }
    unlink(temp);
    return st;
}
