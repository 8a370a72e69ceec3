/* The ABI guard: the public structs' layout and the enums' last values, as
 * they were when MEIRO_ABI_VERSION last went up. A change fails here, and
 * says what to do: a program built against the old headers would
 * misread the struct (it allocates the options and meiro_error itself),
 * so the soname's number goes up with it (include/meiro.h), and the new
 * layout is recorded below. Public API only. */
#include "harness.h"
#include "meiro.h"

#include <stddef.h>

/* Recorded for this ABI; the layouts are LP64's (x86-64, arm64). */
#define RECORDED_ABI 7

typedef struct layout {
    const char *name;
    size_t size, last, size_then, last_then; /* now, and as recorded */
} layout;

#define LAYOUT(T, member, size, offset)                                                            \
    {                                                                                              \
#T, sizeof(T), offsetof(T, member), size, offset                                           \
    }

static void test_structs(void)
{
    static const layout structs[] = {
        LAYOUT(meiro_error, source, 1304, 280),
        LAYOUT(meiro_cell, y, 8, 4),
        LAYOUT(meiro_event, value, 16, 12),
        LAYOUT(meiro_observer, ctx, 16, 8),
        LAYOUT(meiro_algorithm_desc, description, 24, 16),
        LAYOUT(meiro_generate_options, no_bridges, 96, 88),
        LAYOUT(meiro_path, explored, 24, 16),
        LAYOUT(meiro_stats, river, 112, 104),
        LAYOUT(meiro_level_desc, cell_mm, 56, 48),
        LAYOUT(meiro_maze_sources, text, 32, 24),
        LAYOUT(meiro_booklet_options, remake_file, 160, 152),
        LAYOUT(meiro_trim_desc, description, 16, 8),
        LAYOUT(meiro_art_desc, description, 32, 24),
        LAYOUT(meiro_export_options, signs, 160, 152),
        LAYOUT(meiro_format_desc, binary, 40, 33),
        LAYOUT(meiro_text_info, last, 44, 36),
        LAYOUT(meiro_series, replaced, 16, 12),
        LAYOUT(meiro_cover_options, volume, 64, 56),
    };
    CHECK_MSG(sizeof(void *) == 8 && sizeof(long) == 8, "the layouts are recorded for LP64 only");
    verdict v = {0};
    for (size_t i = 0; i < sizeof structs / sizeof structs[0]; i++) {
        const layout *l = &structs[i];
        verdict_note(
            &v, l->size == l->size_then && l->last == l->last_then,
            "%s is %zu bytes, its last member at %zu; ABI %d recorded %zu and %zu: a program built "
            "against ABI %d misreads it. Raise MEIRO_ABI_VERSION (include/meiro.h) and record the new "
            "layout in tests/test_abi.c",
            l->name, l->size, l->last, RECORDED_ABI, l->size_then, l->last_then, RECORDED_ABI);
    }
    CHECK_ALL(v);
    CHECK_MSG(MEIRO_ABI_VERSION == RECORDED_ABI,
              "MEIRO_ABI_VERSION %d: record its layouts here (RECORDED_ABI %d)", MEIRO_ABI_VERSION,
              RECORDED_ABI);
}

/* A value added in the middle of an enum moves the ones after it: the
 * last of each (before its _COUNT) stays where it was. */
static void test_enums(void)
{
    const struct {
        const char *name;
        int value, then;
    } last[] = {
        {"MEIRO_ERROR_INTERNAL", MEIRO_ERROR_INTERNAL, 8},
        {"MEIRO_FIELD_CREEP", MEIRO_FIELD_CREEP, 39},
        {"MEIRO_NO_DIR", MEIRO_NO_DIR, 4},
        {"MEIRO_GRID_TRIANGLE", MEIRO_GRID_TRIANGLE, 3},
        {"MEIRO_EVENT_OUTSIDE", MEIRO_EVENT_OUTSIDE, 10},
        {"MEIRO_ENDS_CENTER_OUT", MEIRO_ENDS_CENTER_OUT, 5},
        {"MEIRO_PAPER_A6", MEIRO_PAPER_A6, 7},
        {"MEIRO_ORIENT_LANDSCAPE", MEIRO_ORIENT_LANDSCAPE, 2},
        {"MEIRO_ANSWERS_BACK", MEIRO_ANSWERS_BACK, 4},
        {"MEIRO_LEVEL_EXPERT", MEIRO_LEVEL_EXPERT, 3},
        {"MEIRO_FOLD_SHEETS", MEIRO_FOLD_SHEETS, 2},
        {"MEIRO_FORMAT_JSON", MEIRO_FORMAT_JSON, 9},
        {"MEIRO_FORMAT_PAGE", MEIRO_FORMAT_PAGE, 10},
        {"MEIRO_SETTING_PLAY", MEIRO_SETTING_PLAY, 4},
        {"MEIRO_CAN_BOOKLET", MEIRO_CAN_BOOKLET, 11},
        {"MEIRO_KIND_PLAY", MEIRO_KIND_PLAY, 8},
        {"MEIRO_JOB_FITS_PAPER", MEIRO_JOB_FITS_PAPER, 14},
    };
    verdict v = {0};
    for (size_t i = 0; i < sizeof last / sizeof last[0]; i++)
        verdict_note(
            &v, last[i].value == last[i].then,
            "%s is %d, was %d at ABI %d: add values at an enum's end, or raise MEIRO_ABI_VERSION",
            last[i].name, last[i].value, last[i].then, RECORDED_ABI);
    CHECK_ALL(v);
}

/* The options structs are frozen (ABI 7): whatever the ABI's number, they
 * keep these sizes; a new setting is a meiro_job_setting instead. */
static void test_frozen(void)
{
    CHECK_MSG(sizeof(meiro_generate_options) == 96 && sizeof(meiro_export_options) == 160 &&
                  sizeof(meiro_booklet_options) == 160,
              "the options structs are frozen at 96, 160 and 160 bytes (now %zu, %zu, %zu): add a "
              "setting as a meiro_job_setting (include/meiro/plan.h), not as a member",
              sizeof(meiro_generate_options), sizeof(meiro_export_options),
              sizeof(meiro_booklet_options));
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"structs", test_structs}, {"enums", test_enums}, {"frozen", test_frozen}};
    return test_main("abi", argc, argv, cases, TEST_COUNT(cases));
}
