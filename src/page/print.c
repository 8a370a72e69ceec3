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

static const print_profile profiles[MEIRO_PRINT_COUNT] = {
    [MEIRO_PRINT_NONE] = {"none", "no service", 0, false, HOME_LINE_MM, 0, 0},
    [MEIRO_PRINT_HOME] = {"home", "a home printer", 0, false, HOME_LINE_MM, 0, 0},
    /* KDP: bleed on top, bottom and outside (page trim + 0.125 x 0.25 in),
     * 24 to 828 pages */
    [MEIRO_PRINT_KDP] = {"kdp", "Amazon KDP", PRINT_BLEED_MM, false, SERVICE_LINE_MM, 24, 828},
    /* IngramSpark's File Creation Guide: bleed on the three trim edges, at
     * least 18 pages; 1200 is its thickest perfect-bound book */
    [MEIRO_PRINT_INGRAM] = {"ingram", "IngramSpark", PRINT_BLEED_MM, false, SERVICE_LINE_MM, 18,
                            1200},
    /* Lulu's Book Creation Guide: 0.125 in on every side; perfect-bound
     * paperbacks 32 to 800 pages */
    [MEIRO_PRINT_LULU] = {"lulu", "Lulu", PRINT_BLEED_MM, true, SERVICE_LINE_MM, 32, 800},
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
    return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_UNKNOWN_NAME,
                      "unknown print service '%s' (kdp, ingram, lulu or home)%s", name ? name : "",
                      name_hint(name ? name : "", "kdp ingram lulu home", hint, sizeof hint));
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
