/* meiro_cover_save: a printed book's full-wrap cover, its size from the
 * service's figures (page/print.c), its front maze the book's own
 * (meiro_cover_save_art) or made here, drawn by render/cover.c and saved
 * atomically. */
#include "core/error.h"
#include "io/io.h"
#include "page/layout.h"
#include "page/print.h"
#include "page/pdfx.h"
#include "render/export.h"

typedef struct cover_job {
    const cover_plan *plan;
    bool pdfx, x4;
} cover_job;

static meiro_status write_cover(void *ctx, FILE *out, meiro_error *err)
{
    return cover_write(ctx, out, err);
}

/* in CMYK when PDF/X: a cover is printed in colour */
static meiro_status write_cover_job(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    const cover_job *job = ctx;
    return pdfx_write(write_cover, (void *)job->plan, job->pdfx, true, job->x4, temp_dir, out, err);
}

meiro_status meiro_cover_save_art(meiro_print print, meiro_stock stock, unsigned pages,
                                  const meiro_export_options *page, const meiro_maze *art,
                                  const char *filename, meiro_error *err)
{
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
    if (!art) return fail(err, MEIRO_ERROR_ARGUMENT, "a cover needs a maze for its front");
    page_paper paper;
    page_paper_of(&opt, &paper);
    cover_plan plan = {.trim_w = paper.w,
                       .bleed = print_profile_of(print)->bleed,
                       .title = opt.title && opt.title[0] ? opt.title : "Mazes",
                       .subtitle = opt.subtitle,
                       .maze = art,
                       .line_min = meiro_print_line_min_mm(print),
                       /* the service's least page count for spine text */
                       .spine_text = pages >= print_profile_of(print)->spine_text_from};
    s = meiro_cover_size(print, stock, pages, paper.w, paper.h, &plan.w, &plan.h, &plan.spine, err);
    if (s != MEIRO_OK) return s;
    if (page && page->pdfx4 && print_profile_of(print)->no_metadata)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "%s asks for files without metadata, and PDF/X-4 carries an XMP "
                          "packet: --pdfx=x1a (or --pdfx)",
                          print_profile_of(print)->service);
    cover_job job = {&plan, pdfx_wanted(print, page && (page->pdfx || page->pdfx4)),
                     page && page->pdfx4};
    return save_atomically(filename, write_cover_job, &job, err);
}

meiro_status meiro_cover_save(meiro_print print, meiro_stock stock, unsigned pages,
                              const meiro_export_options *page, uint64_t seed, const char *filename,
                              meiro_error *err)
{
    /* the front's art without a book: a maze of its own, a little one for a
     * picture */
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.width = 12;
    g.height = 14;
    g.algorithm = "dig";
    g.seed = seed;
    meiro_maze *m = meiro_generate(&g, err);
    if (!m) return err ? err->status : MEIRO_ERROR_INTERNAL;
    meiro_status s = meiro_cover_save_art(print, stock, pages, page, m, filename, err);
    meiro_maze_free(m);
    return s;
}
