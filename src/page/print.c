/* The print-on-demand profiles: each service's numbers, with where they come
 * from (README "Print profiles" cites the same pages). */
#include "page/print.h"

#include "core/error.h"
#include "core/names.h"

#include <strings.h>

#define MM_PER_IN 25.4
#define MM_PER_PT (MM_PER_IN / 72)

/* 0.75 pt: KDP's minimum line weight (KDP help "Paperback Submission
 * Guidelines", G201857950). IngramSpark and Lulu print on the same kind of
 * inkjet presses and publish no larger figure: the same floor for them. */
#define SERVICE_LINE_MM (0.75 * MM_PER_PT)
/* at home: the finest wall the layout draws (page/layout.c), 0.28 pt */
#define HOME_LINE_MM 0.1

/* The services' interiors are printed in black and white (Lulu's standard
 * interiors in greyscale): their answers are drawn without colour. */
static const print_profile profiles[MEIRO_PRINT_COUNT] = {
    [MEIRO_PRINT_NONE] = {.name = "none", .service = "no service", .line_min = HOME_LINE_MM},
    [MEIRO_PRINT_HOME] = {.name = "home", .service = "a home printer", .line_min = HOME_LINE_MM},
    /* KDP: bleed on top, bottom and outside (page trim + 0.125 x 0.25 in),
     * 24 to 828 pages. Covers (KDP help "Create a Paperback Cover",
     * G201953020): a page white 0.002252, cream 0.0025, premium color
     * 0.002347 in thick; spine text on more than 79 pages */
    [MEIRO_PRINT_KDP] = {.name = "kdp",
                         .service = "Amazon KDP",
                         .bleed = PRINT_BLEED_MM,
                         .line_min = SERVICE_LINE_MM,
                         .pages_min = 24,
                         .pages_max = 828,
                         .grey_answers = true,
                         /* "Save Your Manuscript File" (G202145060): no
                          * bookmarks, comments, annotations or metadata */
                         .no_metadata = true,
                         .safe_in = 0.25,
                         .paper_in = {0.002252, 0.0025, 0.002347},
                         .spine_text_from = 80},
    /* IngramSpark's File Creation Guide: bleed on the three trim edges, at
     * least 18 pages; 1200 is its thickest perfect-bound book; files in
     * PDF/X-1a:2001 (its "Creating a PDF for submission"). Covers: its
     * template generator's figures are KDP's (50# white, 50# creme, 70#
     * color); Lightning Source prints no spine text under 48 pages */
    [MEIRO_PRINT_INGRAM] = {.name = "ingram",
                            .service = "IngramSpark",
                            .bleed = PRINT_BLEED_MM,
                            .line_min = SERVICE_LINE_MM,
                            .pages_min = 18,
                            .pages_max = 1200,
                            .grey_answers = true,
                            .pdfx = true,
                            .safe_in = 0.5,
                            .paper_in = {0.002252, 0.0025, 0.002347},
                            .spine_text_from = 48},
    /* Lulu's Book Creation Guide: 0.125 in on every side; perfect-bound
     * paperbacks 32 to 800 pages. Covers (Lulu's "How is spine width
     * calculated?"): pages / 444 + 0.06 in on every stock; spine text from
     * 80 pages */
    [MEIRO_PRINT_LULU] = {.name = "lulu",
                          .service = "Lulu",
                          .bleed = PRINT_BLEED_MM,
                          .binding_bleed = true,
                          .line_min = SERVICE_LINE_MM,
                          .pages_min = 32,
                          .pages_max = 800,
                          .grey_answers = true,
                          .safe_in = 0.5,
                          .paper_in = {1 / 444.0, 1 / 444.0, 1 / 444.0},
                          .spine_extra_in = 0.06,
                          .spine_text_from = 80},
    /* the machines: no bleed, no service (page/machine.h) */
    [MEIRO_PRINT_PLOTTER] = {.name = "plotter",
                             .service = "a pen plotter",
                             .line_min = HOME_LINE_MM},
    [MEIRO_PRINT_LASER] = {.name = "laser", .service = "a laser cutter", .line_min = HOME_LINE_MM},
    /* swell paper: its lines and spacings are compose/tactile.h's */
    [MEIRO_PRINT_TACTILE] = {.name = "tactile",
                             .service = "swell paper",
                             .line_min = HOME_LINE_MM,
                             .tactile = true},
    /* low vision: walls of 2 mm (about 6 pt; the thickest line of large
     * print's guidance, APH's and UKAAF's, is 3 pt: a maze's walls are
     * its print) in cells of 12 mm and more, so that a corridor stays 10
     * mm wide; the footer's small print left off. Its font and the maze's
     * size are the template large-print's (templates/large-print.ini) */
    [MEIRO_PRINT_LARGE_PRINT] = {.name = "large-print",
                                 .service = "large print",
                                 .line_min = LARGE_PRINT_LINE_MM,
                                 .cell_min = LARGE_PRINT_CELL_MM,
                                 .no_fine_text = true},
};

const print_profile *print_profile_of(meiro_print print)
{
    return &profiles[(unsigned)print < MEIRO_PRINT_COUNT ? print : MEIRO_PRINT_NONE];
}

meiro_status meiro_print_from_name(const char *name, meiro_print *print, meiro_error *err)
{
    for (int k = MEIRO_PRINT_HOME; name && k < MEIRO_PRINT_COUNT; k++) {
        if (!strcasecmp(name, profiles[k].name)) {
            if (print) *print = (meiro_print)k;
            return MEIRO_OK;
        }
    }
    char hint[64];
    return fail_field(
        err, MEIRO_FIELD_PRINT, MEIRO_ERROR_UNKNOWN_NAME,
        N_("unknown print profile '%s' (kdp, ingram, lulu, home, plotter, laser, tactile or "
           "large-print)%s"),
        name ? name : "",
        name_hint(name ? name : "", "kdp ingram lulu home plotter laser tactile large-print", hint,
                  sizeof hint));
}

const char *meiro_print_name(meiro_print print)
{
    return (unsigned)print < MEIRO_PRINT_COUNT ? profiles[print].name : NULL;
}

double meiro_print_gutter_mm(meiro_print print, unsigned pages)
{
    if (!(print_profile_of(print)->bleed > 0)) return 0;
    /* KDP's inside margins by page count (KDP help "Set Trim Size, Bleed,
     * and Margins", G201834190); IngramSpark and Lulu ask less (Lulu 0.2 to
     * 0.3 in), so KDP's table suits them too */
    static const struct {
        unsigned upto;
        double in;
    } table[] = {{150, 0.375}, {300, 0.5}, {500, 0.625}, {700, 0.75}};
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
        if (pages <= table[k].upto) return table[k].in * MM_PER_IN;
    return 0.875 * MM_PER_IN;
}

double meiro_print_line_min_mm(meiro_print print) { return print_profile_of(print)->line_min; }

meiro_status meiro_stock_from_name(const char *name, meiro_stock *stock, meiro_error *err)
{
    static const char *const names[MEIRO_STOCK_COUNT] = {"white", "cream", "color"};
    for (int k = 0; name && k < MEIRO_STOCK_COUNT; k++) {
        if (!strcasecmp(name, names[k])) {
            if (stock) *stock = (meiro_stock)k;
            return MEIRO_OK;
        }
    }
    return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_UNKNOWN_NAME,
                      N_("unknown paper stock '%s' (white, cream or color)"), name ? name : "");
}

meiro_status meiro_cover_size(meiro_print print, meiro_stock stock, unsigned pages,
                              double trim_w_mm, double trim_h_mm, double *width_mm,
                              double *height_mm, double *spine_mm, meiro_error *err)
{
    const print_profile *service = print_profile_of(print);
    if (!(service->paper_in[0] > 0))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          N_("covers are made for kdp, ingram and lulu, not for %s"),
                          service->name);
    if ((unsigned)stock >= MEIRO_STOCK_COUNT)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT, "invalid paper stock");
    if (pages < service->pages_min || pages > service->pages_max)
        return fail_field(err, MEIRO_FIELD_MAZES, MEIRO_ERROR_ARGUMENT,
                          N_("%s binds books of %u to %u pages, not %u"), service->service,
                          service->pages_min, service->pages_max, pages);
    if (!(trim_w_mm >= MEIRO_PAPER_MIN_MM && trim_w_mm <= MEIRO_PAPER_MAX_MM &&
          trim_h_mm >= MEIRO_PAPER_MIN_MM && trim_h_mm <= MEIRO_PAPER_MAX_MM))
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT, "invalid trim size");
    double spine = (pages * service->paper_in[stock] + service->spine_extra_in) * MM_PER_IN;
    /* bleed, back, spine, front, bleed across; bleed above and below */
    if (spine_mm) *spine_mm = spine;
    if (width_mm) *width_mm = 2 * service->bleed + 2 * trim_w_mm + spine;
    if (height_mm) *height_mm = 2 * service->bleed + trim_h_mm;
    return MEIRO_OK;
}
