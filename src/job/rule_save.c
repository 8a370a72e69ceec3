/* Rule mazes saved: the format (named, or from the file's name), the
 * checks every format shares, then the writer — the pages drawn (PDF, SVG)
 * through the drawing module, their description (-f page: the composer's,
 * compose/rule_page.c), the workbook (XLSX) and the page to play (HTML)
 * without it, the sheet's text and JSON (content/rule_io.c). Saved
 * atomically. */
#include "content/rule_model.h"
#include "core/error.h"
#include "core/utf8.h"
#include "draw/module.h"
#include "io/io.h"
#include "job/rule_html.h"
#include "xlsx/xlsx.h"

#include <math.h>
#include <string.h>

static meiro_status write_job(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    const rule_job *j = ctx;
    if (!strcmp(j->format, "pdf") || !strcmp(j->format, "svg"))
        return drawing()->rule_write_page(j, out, err);
    if (!strcmp(j->format, "page") || !strcmp(j->format, "svg page"))
        return rule_write_scenes(j, out, err);
    if (!strcmp(j->format, "xlsx")) return rule_write_xlsx(j->sheets[0], j->title, out, temp_dir, err);
    if (!strcmp(j->format, "html")) {
        meiro_status st = rule_write_html(j->sheets[0], j->title, out);
        if (st == MEIRO_OK && (fflush(out) || ferror(out))) return fail_write(err);
        return st;
    }
    return meiro_rule_sheet_write(j->sheets[0], j->format, out, err);
}

meiro_status meiro_rule_sheets_save(const meiro_rule_sheet *const *sheets, size_t count,
                                     const char *format, const char *filename, const char *title,
                                    unsigned per_page, bool answers, meiro_error *err)
{
    return meiro_rule_sheets_save_on(sheets, count, format, filename, title, per_page, answers,
                                      MEIRO_PAPER_A4, 0, 0, err);
}

/* The paper in mm, portrait; false for none. */
static bool rule_paper(meiro_paper paper, double width_mm, double height_mm, double *w, double *h)
{
    if (width_mm || height_mm) {
        if (!(width_mm >= MEIRO_PAPER_MIN_MM && width_mm <= MEIRO_PAPER_MAX_MM &&
              height_mm >= MEIRO_PAPER_MIN_MM && height_mm <= MEIRO_PAPER_MAX_MM))
            return false;
        *w = fmin(width_mm, height_mm), *h = fmax(width_mm, height_mm);
        return true;
    }
    return meiro_paper_name(paper, w, h) != NULL;
}

meiro_status meiro_rule_sheets_save_on(const meiro_rule_sheet *const *sheets, size_t count,
                                        const char *format, const char *filename,
                                        const char *title, unsigned per_page, bool answers,
                                        meiro_paper paper, double width_mm, double height_mm,
                                        meiro_error *err)
{
    if (!count) return fail(err, MEIRO_ERROR_ARGUMENT, "no rule maze to save");
    /* the file's name says the format as the format table reads it (an
     * extension of a format rule mazes are not written in is refused, not
     * written as text) */
    meiro_format named = MEIRO_FORMAT_TEXT;
    if (!format && filename && meiro_format_from_filename(filename, MEIRO_FORMAT_TEXT, &named, err))
        return err->status;
    if (!format) format = meiro_format_info(named)->name;
    /* the pages drawn, and described (page: pdf's; "svg page": svg's) */
    bool page = !strcmp(format, "pdf") || !strcmp(format, "svg") || !strcmp(format, "page") ||
                !strcmp(format, "svg page");
    if (!page && strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "xlsx") &&
        strcmp(format, "html"))
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                          "a rule maze is written as pdf, xlsx, html, text or json (svg: a page's "
                          "picture; page: the pages' description), not '%s'",
                          format);
    if (strcmp(format, "pdf") && strcmp(format, "page") && count > 1)
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                          "--format %s holds one rule maze; %zu sheets need pdf (or page)", format,
                          count);
    if (per_page != 1 && per_page != 2)
        return fail(err, MEIRO_ERROR_ARGUMENT, "--per-page: 1 or 2 rule mazes a page");
    if (title) {
        meiro_status st = text_line_check(title, "the title", MEIRO_FIELD_TITLE, err);
        if (st != MEIRO_OK) return st;
    }
    rule_job j = {sheets, count, format, title, per_page, answers, 0, 0};
    if (!rule_paper(paper, width_mm, height_mm, &j.page_w, &j.page_h))
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                          "--paper: no such paper (a named one, or each side %g to %g mm)",
                          MEIRO_PAPER_MIN_MM, MEIRO_PAPER_MAX_MM);
    /* the formats that are no pages take no paper and print no name */
    if (!page && (width_mm || height_mm || paper != MEIRO_PAPER_A4))
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                          "--paper: a rule maze's %s is no page; pdf and svg (and page, their "
                          "description) are printed on a paper",
                          format);
    for (size_t i = 0; !page && i < count; i++)
        if (sheets[i]->name[0])
            return fail_field(err, MEIRO_FIELD_NAMES, MEIRO_ERROR_ARGUMENT,
                              "--names: a rule maze's %s has no name line; pdf and svg print the "
                              "pupils' names",
                              format);
    /* the page must hold the grid: 2-up halves on a short paper do not */
    if (j.page_h / (per_page == 2 ? 2 : 1) < 100 || j.page_w < 90)
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                          "--paper: a rule maze needs a page of at least 90 x 100 mm%s (this one is "
                          "%.0f x %.0f mm)",
                          per_page == 2 ? " for each of its 2-up halves" : "", j.page_w, j.page_h);
    if (!filename || !strcmp(filename, "-")) {
        meiro_status st = write_job(&j, stdout, NULL, err);
        if (st == MEIRO_OK && fflush(stdout)) return fail_write(err);
        return st;
    }
    return save_atomically(filename, write_job, &j, err);
}
