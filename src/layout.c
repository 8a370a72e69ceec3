/* Page layout: turns (maze size, paper, options) into geometry in
 * millimetres, origin at the top-left corner of the page. Pure arithmetic,
 * shared by every printable format. */
#include "internal.h"

#include <math.h>
#include <strings.h>

static const struct {
    const char *name;
    double w, h;
} papers[MEIRO_PAPER_COUNT] = {
    [MEIRO_PAPER_A4] = {"a4", 210.0, 297.0},       [MEIRO_PAPER_A3] = {"a3", 297.0, 420.0},
    [MEIRO_PAPER_A5] = {"a5", 148.0, 210.0},       [MEIRO_PAPER_B5] = {"b5", 182.0, 257.0},
    [MEIRO_PAPER_LETTER] = {"letter", 215.9, 279.4}, [MEIRO_PAPER_LEGAL] = {"legal", 215.9, 355.6},
};

const char *meiro_paper_name(meiro_paper paper, double *width_mm, double *height_mm)
{
    if ((unsigned)paper >= MEIRO_PAPER_COUNT) return NULL;
    if (width_mm) *width_mm = papers[paper].w;
    if (height_mm) *height_mm = papers[paper].h;
    return papers[paper].name;
}

meiro_status meiro_paper_from_name(const char *name, meiro_paper *paper, meiro_error *err)
{
    for (unsigned p = 0; p < MEIRO_PAPER_COUNT; p++) {
        if (strcasecmp(name, papers[p].name) == 0) {
            *paper = (meiro_paper)p;
            return MEIRO_OK;
        }
    }
    return meiro_fail(err, MEIRO_ERROR_UNKNOWN_NAME,
                      "unknown paper '%s' (a4, a3, a5, b5, letter or legal)", name);
}

void meiro_export_options_init(meiro_export_options *opt)
{
    *opt = (meiro_export_options){0};
    opt->paper = MEIRO_PAPER_A4;
    opt->orientation = MEIRO_ORIENT_AUTO;
    opt->margin_mm = MEIRO_DEFAULT_MARGIN_MM;
    opt->dpi = 300;
}

void meiro_export_options_from_template(meiro_export_options *opt, const meiro_template *tpl)
{
    meiro_export_options_init(opt);
    if (!tpl) return;
    opt->tpl = tpl;
    opt->paper = tpl->paper;
    opt->orientation = tpl->orientation;
    opt->margin_mm = tpl->margin;
    opt->cell_mm = tpl->cell;
    opt->title = tpl->title[0] ? tpl->title : NULL;
    opt->answer_page = tpl->answers != ANSWERS_NONE;
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Wall lines grow with the cell: a tenth of it, from 0.1 mm (the finest a
 * home printer keeps) to 1.2 mm (bold for big cells). */
static double line_for(double cell) { return clamp(cell * 0.1, 0.1, 1.2); }

/* The largest cell for which w x h cells and their outer line fit. */
static double fit_cell(uint32_t w, uint32_t h, double area_w, double area_h)
{
    double estimate = fmin(area_w / w, area_h / h);
    double line = line_for(estimate);
    return fmin((area_w - line) / w, (area_h - line) / h);
}

meiro_status layout_page(uint32_t w, uint32_t h, const meiro_export_options *opt,
                         page_layout *L, meiro_error *err)
{
    *L = (page_layout){0};
    const char *paper = meiro_paper_name(opt->paper, &L->page_w, &L->page_h);
    if (!paper) return meiro_fail(err, MEIRO_ERROR_ARGUMENT, "invalid paper");
    L->landscape = opt->orientation == MEIRO_ORIENT_LANDSCAPE ||
                   (opt->orientation == MEIRO_ORIENT_AUTO && w > h);
    if (L->landscape) {
        double t = L->page_w;
        L->page_w = L->page_h;
        L->page_h = t;
    }
    double margin = opt->margin_mm;
    if (!(margin >= 0 && margin <= fmin(L->page_w, L->page_h) / 4))
        return meiro_fail(err, MEIRO_ERROR_ARGUMENT,
                          "a margin of %g mm does not suit %s paper (0 to %g mm)", margin, paper,
                          fmin(L->page_w, L->page_h) / 4);
    L->margin = margin;
    L->footer_size = FOOTER_FONT_MM;
    L->footer_baseline = L->page_h - margin - 1.0;
    double top = margin, bottom = L->page_h - margin - FOOTER_BAND_MM;
    if (opt->title && opt->title[0]) {
        L->title_size = TITLE_FONT_MM;
        L->title_baseline = margin + TITLE_FONT_MM;
        top += TITLE_BAND_MM;
    }
    double area_w = L->page_w - 2 * margin, area_h = bottom - top;
    const char *side = L->landscape ? "landscape" : "portrait";
    if (opt->cell_mm > 0) {
        L->cell = opt->cell_mm;
        L->line = line_for(L->cell);
        if (L->cell * w + L->line > area_w || L->cell * h + L->line > area_h) {
            double best = floor(fit_cell(w, h, area_w, area_h) * 10) / 10;
            return meiro_fail(err, MEIRO_ERROR_ARGUMENT,
                              "a %lu x %lu maze with %g mm cells needs %.1f x %.1f mm, but %s "
                              "%s leaves %.1f x %.1f mm; the largest cell that fits is %.1f mm "
                              "(or try another --paper or orientation)",
                              (unsigned long)w, (unsigned long)h, L->cell, L->cell * w + L->line,
                              L->cell * h + L->line, paper, side, area_w, area_h, best);
        }
    } else {
        L->cell = fit_cell(w, h, area_w, area_h);
        L->line = line_for(L->cell);
    }
    if (!(L->cell > 0.05))
        return meiro_fail(err, MEIRO_ERROR_ARGUMENT,
                          "a %lu x %lu maze does not fit on %s %s paper: its cells would be "
                          "smaller than 0.05 mm",
                          (unsigned long)w, (unsigned long)h, paper, side);
    L->maze_w = L->cell * w;
    L->maze_h = L->cell * h;
    L->maze_x = (L->page_w - L->maze_w) / 2;
    L->maze_y = top + (area_h - L->maze_h) / 2;
    L->mark_size = L->cell * 0.6;
    L->path_width = clamp(L->cell * 0.3, 0.2, 4.0);
    /* --crop: the maze and half a cell around it (at least 2 mm) */
    double border = fmax(L->cell / 2, 2.0);
    L->crop_x = L->maze_x - border;
    L->crop_y = L->maze_y - border;
    L->crop_w = L->maze_w + 2 * border;
    L->crop_h = L->maze_h + 2 * border;
    return MEIRO_OK;
}
