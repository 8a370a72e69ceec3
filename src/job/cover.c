/* meiro_cover_save: a printed book's full-wrap cover, its size from the
 * service's figures (page/print.c), its front maze the book's own
 * (meiro_cover_save_art) or made here, composed by compose/cover.c, drawn
 * by draw/cover.c (a PDF) or described (-f page), and saved atomically. */
#include "core/error.h"
#include "io/io.h"
#include "page/layout.h"
#include "page/print.h"
#include "page/pdfx.h"
#include "compose/cover.h"
#include "draw/export.h"
#include "draw/module.h"
#include "core/utf8.h"

#include <stdlib.h>
#include <string.h>

typedef struct cover_job {
    const cover_plan *plan;
    bool pdfx, x4;
    bool page; /* its description (-f page), not a PDF */
} cover_job;

static meiro_status write_cover(void *ctx, FILE *out, meiro_error *err)
{
    return drawing()->cover_write(ctx, out, err);
}

/* in CMYK when PDF/X: a cover is printed in colour */
static meiro_status write_cover_job(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    const cover_job *job = ctx;
    if (job->page) return cover_write_page(job->plan, out, err);
    return pdfx_write(write_cover, (void *)job->plan, job->pdfx, true, job->x4, temp_dir, out, err);
}

void meiro_cover_options_init(meiro_cover_options *c)
{
    *c = (meiro_cover_options){0};
    c->print = MEIRO_PRINT_NONE;
    c->stock = MEIRO_STOCK_WHITE;
    c->seed = 1;
}

/* "#rrggbb" (or without the '#') into rgb, 0 to 1 each. */
static bool parse_colour(const char *text, double rgb[3])
{
    const char *p = text[0] == '#' ? text + 1 : text;
    if (strlen(p) != 6 || strspn(p, "0123456789abcdefABCDEF") != 6) return false;
    for (int k = 0; k < 3; k++) {
        char pair[3] = {p[2 * k], p[2 * k + 1], 0};
        rgb[k] = (double)strtoul(pair, NULL, 16) / 255;
    }
    return true;
}

/* The cover's own checks, before any maze is made: its words are text a
 * font draws, its colour one that prints. */
static meiro_status cover_words_check(const meiro_cover_options *c, cover_plan *plan,
                                      meiro_error *err)
{
    meiro_status s = MEIRO_OK;
    if (c->author) s = text_line_check(c->author, "the author", MEIRO_FIELD_NONE, err);
    /* the back's text: lines of text (a tab or CR passes, as in a file) */
    for (const char *p = c->blurb; s == MEIRO_OK && p && *p;) {
        size_t n = strcspn(p, "\n"), bad = text_check(p, n, true);
        if (bad < n)
            s = fail(err, MEIRO_ERROR_ARGUMENT,
                     "the back's text: byte %zu is not UTF-8 text (a control character?)",
                     (size_t)(p - c->blurb) + bad + 1);
        p += n + (p[n] == '\n');
    }
    if (s != MEIRO_OK || !c->background) return s;
    if (!parse_colour(c->background, plan->rgb))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "a cover's background is a colour as #rrggbb (#1d3557: a deep blue), not "
                    "'%s'",
                    c->background);
    /* the preflight's greys rule: under 10 % ink vanishes in print */
    double ink = 1 - (0.3 * plan->rgb[0] + 0.59 * plan->rgb[1] + 0.11 * plan->rgb[2]);
    plan->coloured = ink > 1e-6;
    if (plan->coloured && ink < 0.1)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "the background %s is %.0f %% ink, which vanishes in print: 10 %% and up "
                    "(#e5e5e5 is 10 %% grey), or #ffffff for white",
                    c->background, ink * 100);
    return MEIRO_OK;
}

meiro_status meiro_cover_save_as(const meiro_cover_options *c, const meiro_export_options *page,
                                 meiro_format format, const char *filename, meiro_error *err)
{
    if (!c) return fail(err, MEIRO_ERROR_ARGUMENT, "no cover options");
    if (format != MEIRO_FORMAT_PDF && format != MEIRO_FORMAT_PAGE)
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                          "a cover is a PDF, or its page as data (-f page), not %s",
                          meiro_format_info(format) ? meiro_format_info(format)->name : "that");
    if (format == MEIRO_FORMAT_PAGE && page && (page->pdfx || page->pdfx4))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "--pdfx makes the cover's PDF with Ghostscript: -f page describes the "
                          "page before it (leave --pdfx out)");
    meiro_print print = c->print;
    meiro_export_options opt;
    if (page) opt = *page;
    else meiro_export_options_init(&opt);
    opt.print = MEIRO_PRINT_NONE; /* the cover's own bleed, below */
    opt.pdfx = opt.pdfx4 = false;
    meiro_status s = meiro_export_options_check(&opt, err);
    if (s != MEIRO_OK) return s;
    if (opt.bleed_mm > 0 || opt.gutter_mm > 0)
        return fail_field(err, opt.bleed_mm > 0 ? MEIRO_FIELD_BLEED : MEIRO_FIELD_GUTTER,
                          MEIRO_ERROR_ARGUMENT,
                          "a cover's bleed is the service's and it has no gutter: leave them out");
    page_paper paper;
    page_paper_of(&opt, &paper);
    const page_labels *words = labels_for(opt.lang); /* the book's language: English if none */
    cover_plan plan = {.trim_w = paper.w,
                       .bleed = print_profile_of(print)->bleed,
                       .title = opt.title && opt.title[0] ? opt.title : words->default_title,
                       .front_left = !strcmp(words->direction, "rtl"),
                       .subtitle = opt.subtitle,
                       .author = c->author && c->author[0] ? c->author : NULL,
                       .blurb = c->blurb && c->blurb[0] ? c->blurb : NULL,
                       .volume = c->volume,
                       .line_min = meiro_print_line_min_mm(print),
                       /* the service's least page count for spine text */
                       .spine_text = c->pages >= print_profile_of(print)->spine_text_from};
    s = meiro_cover_size(print, c->stock, c->pages, paper.w, paper.h, &plan.w, &plan.h,
                         &plan.spine, err);
    if (s == MEIRO_OK) s = cover_words_check(c, &plan, err);
    if (s != MEIRO_OK) return s;
    if (page && page->pdfx4 && print_profile_of(print)->no_metadata)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "%s asks for files without metadata, and PDF/X-4 carries an XMP "
                          "packet: --pdfx=x1a (or --pdfx)",
                          print_profile_of(print)->service);
    /* the front's art without a book: a maze of its own, a little one for a
     * picture */
    meiro_maze *own = NULL;
    if (!c->art) {
        meiro_generate_options g;
        meiro_generate_options_init(&g);
        g.width = 12;
        g.height = 14;
        g.algorithm = "dig";
        g.seed = c->seed;
        if (!(own = meiro_generate(&g, err))) return err ? err->status : MEIRO_ERROR_INTERNAL;
    }
    plan.maze = c->art ? c->art : own;
    cover_job job = {&plan, pdfx_wanted(print, page && (page->pdfx || page->pdfx4)),
                     page && page->pdfx4, format == MEIRO_FORMAT_PAGE};
    s = save_atomically(filename, write_cover_job, &job, err);
    meiro_maze_free(own);
    return s;
}

meiro_status meiro_cover_save_with(const meiro_cover_options *c, const meiro_export_options *page,
                                   const char *filename, meiro_error *err)
{
    return meiro_cover_save_as(c, page, MEIRO_FORMAT_PDF, filename, err);
}

meiro_status meiro_cover_save_art(meiro_print print, meiro_stock stock, unsigned pages,
                                  const meiro_export_options *page, const meiro_maze *art,
                                  const char *filename, meiro_error *err)
{
    if (!art) return fail(err, MEIRO_ERROR_ARGUMENT, "a cover needs a maze for its front");
    meiro_cover_options c;
    meiro_cover_options_init(&c);
    c.print = print, c.stock = stock, c.pages = pages, c.art = art;
    return meiro_cover_save_with(&c, page, filename, err);
}

meiro_status meiro_cover_save(meiro_print print, meiro_stock stock, unsigned pages,
                              const meiro_export_options *page, uint64_t seed, const char *filename,
                              meiro_error *err)
{
    meiro_cover_options c;
    meiro_cover_options_init(&c);
    c.print = print, c.stock = stock, c.pages = pages, c.seed = seed;
    return meiro_cover_save_with(&c, page, filename, err);
}
