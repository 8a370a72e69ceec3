/* The kinds of maze: a row each with the grids it is made on, the
 * capability a format needs to show it (the format table's, formats.c) and
 * the words of its refusals; the kinds that cannot go together, a row per
 * pair. meiro_kind_check reads both and is the one answer every front end
 * and the writer ask (src/README.md, "How to add a kind of maze"). */
#include "core/error.h"

#include <stdio.h>

#define RECT (1u << MEIRO_GRID_RECT)
#define ALL_GRIDS ((1u << MEIRO_GRID_COUNT) - 1)
#define KIND(k) (1u << MEIRO_KIND_##k)

typedef struct kind_entry {
    meiro_kind_desc info;
    const char *grid_refusal;   /* on a grid it is not made on; %s the grid */
    meiro_field grid_field;     /* the option to change */
    const char *format_refusal; /* in a format that cannot show it; %s the format */
    meiro_field format_field;   /* the option to change then: the format, or the kind's own */
} kind_entry;

/* A format refusal whose fix is another format (format_field) is followed
 * by the formats that can, from the format table (": write it as pdf,
 * svg, ..."). */
static const kind_entry kinds[MEIRO_KIND_COUNT] = {
    [MEIRO_KIND_ANIMATE] = {{"animate", "--animate", RECT, MEIRO_CAN_COUNT},
                            "--animate and --frames draw rectangular mazes only, not %s",
                            MEIRO_FIELD_NONE,
                            NULL,
                            MEIRO_FIELD_NONE},
    [MEIRO_KIND_FRAMES] = {{"frames", "--frames", RECT, MEIRO_CAN_COUNT},
                           "--animate and --frames draw rectangular mazes only, not %s",
                           MEIRO_FIELD_NONE,
                           NULL,
                           MEIRO_FIELD_NONE},
    [MEIRO_KIND_FLOORS] = {{"floors", "--levels", RECT, MEIRO_CAN_LEVELS},
                           "--levels cannot go with --grid (floors are rect grids) yet",
                           MEIRO_FIELD_NONE,
                           N_("%s cannot show a multi-level maze's floors and stairs yet"),
                           MEIRO_FIELD_FORMAT},
    [MEIRO_KIND_MISSION] = {{"mission", "--mission", RECT, MEIRO_CAN_MISSIONS},
                            N_("a mission maze needs the rect grid, not %s"),
                            MEIRO_FIELD_GRID,
                            N_("%s cannot show a mission's keys, doors, items or one-way arrows "
                               "yet"),
                            MEIRO_FIELD_FORMAT},
    [MEIRO_KIND_WEAVE] = {{"weave", "--weave", RECT, MEIRO_CAN_WEAVE},
                          N_("a weave maze needs the rect grid, not %s"),
                          MEIRO_FIELD_GRID,
                          N_("%s cannot show a weave maze's crossings yet"),
                          MEIRO_FIELD_FORMAT},
    [MEIRO_KIND_SHAPE] = {{"shape", "--shape", RECT, MEIRO_CAN_COUNT},
                          "a shape needs the rect grid, not %s",
                          MEIRO_FIELD_SHAPE,
                          NULL,
                          MEIRO_FIELD_NONE},
    [MEIRO_KIND_TEXT] = {{"text", "--text", RECT, MEIRO_CAN_COUNT},
                         "a shape needs the rect grid, not %s",
                         MEIRO_FIELD_TEXT,
                         NULL,
                         MEIRO_FIELD_NONE},
    [MEIRO_KIND_LOOPS] = {{"loops", "--loops", ALL_GRIDS, MEIRO_CAN_COUNT},
                          NULL,
                          MEIRO_FIELD_NONE,
                          NULL,
                          MEIRO_FIELD_NONE},
    [MEIRO_KIND_PLAY] = {{"play", "--play", ALL_GRIDS, MEIRO_CAN_PLAY},
                         NULL,
                         MEIRO_FIELD_NONE,
                         "a playable sheet is a spreadsheet: it needs XLSX output, not %s",
                         MEIRO_FIELD_PLAY},
    [MEIRO_KIND_WRAP] = {{"wrap", "--wrap", RECT, MEIRO_CAN_WRAP},
                         "--wrap needs the rect grid, not %s",
                         MEIRO_FIELD_GRID,
                         N_("%s cannot show a wrapped maze's seams"),
                         MEIRO_FIELD_FORMAT},
    [MEIRO_KIND_CHOICES] = {{"choices", "--choices", ALL_GRIDS, MEIRO_CAN_COUNT},
                            NULL,
                            MEIRO_FIELD_NONE,
                            NULL,
                            MEIRO_FIELD_NONE},
};

/* The kinds that cannot go together (yet), in the order they are said. */
static const struct {
    unsigned pair; /* KIND(a) | KIND(b) */
    meiro_field field;
    const char *refusal;
} apart[] = {
    {KIND(ANIMATE) | KIND(MISSION), MEIRO_FIELD_NONE,
     "--animate cannot show a mission's keys, items or arrows yet"},
    {KIND(FRAMES) | KIND(MISSION), MEIRO_FIELD_NONE,
     "--frames cannot show a mission's keys, items or arrows yet"},
    {KIND(FLOORS) | KIND(WEAVE), MEIRO_FIELD_NONE, "--levels cannot go with --weave yet"},
    {KIND(FLOORS) | KIND(MISSION), MEIRO_FIELD_NONE,
     "--levels cannot go with --mission and --one-way yet"},
    {KIND(FLOORS) | KIND(LOOPS), MEIRO_FIELD_NONE,
     "--levels cannot go with --loops (floors are perfect) yet"},
    {KIND(FLOORS) | KIND(SHAPE), MEIRO_FIELD_NONE,
     "--levels cannot go with --shape and --text yet"},
    {KIND(FLOORS) | KIND(TEXT), MEIRO_FIELD_NONE, "--levels cannot go with --shape and --text yet"},
    {KIND(FLOORS) | KIND(ANIMATE), MEIRO_FIELD_NONE,
     "--levels cannot go with --animate and --frames yet"},
    {KIND(FLOORS) | KIND(FRAMES), MEIRO_FIELD_NONE,
     "--levels cannot go with --animate and --frames yet"},
    {KIND(MISSION) | KIND(WEAVE), MEIRO_FIELD_NONE, "a weave maze cannot have a mission yet"},
    {KIND(SHAPE) | KIND(TEXT), MEIRO_FIELD_TEXT,
     "a maze takes the shape of a picture or of a text, one at a time"},
    /* a sheet's check counts a cell's marked neighbours, and walks each
     * cell once, any way, in no order (xlsx/export_xlsx.c says them too) */
    {KIND(PLAY) | KIND(WEAVE), MEIRO_FIELD_PLAY,
     "a playable sheet cannot check a weave maze's crossings: leave out --play, or play it as "
     "html"},
    /* --choices builds one way and its branches on a perfect maze of
     * cells side by side */
    {KIND(CHOICES) | KIND(LOOPS), MEIRO_FIELD_LOOPS,
     "--choices makes one way with its set of choices: --loops would open more"},
    {KIND(CHOICES) | KIND(WEAVE), MEIRO_FIELD_NONE, "--choices cannot go with --weave yet"},
    {KIND(WRAP) | KIND(WEAVE), MEIRO_FIELD_NONE, "--wrap cannot go with --weave yet"},
    {KIND(WRAP) | KIND(FLOORS), MEIRO_FIELD_NONE, "--wrap cannot go with --levels yet"},
    {KIND(WRAP) | KIND(MISSION), MEIRO_FIELD_NONE,
     "--wrap cannot go with --mission and --one-way yet"},
    {KIND(WRAP) | KIND(SHAPE), MEIRO_FIELD_NONE, "--wrap cannot go with --shape and --text"},
    {KIND(WRAP) | KIND(TEXT), MEIRO_FIELD_NONE, "--wrap cannot go with --shape and --text"},
    {KIND(WRAP) | KIND(CHOICES), MEIRO_FIELD_NONE, "--wrap cannot go with --choices yet"},
    {KIND(WRAP) | KIND(ANIMATE), MEIRO_FIELD_NONE,
     "--wrap cannot go with --animate and --frames yet"},
    {KIND(WRAP) | KIND(FRAMES), MEIRO_FIELD_NONE,
     "--wrap cannot go with --animate and --frames yet"},
    {KIND(CHOICES) | KIND(MISSION), MEIRO_FIELD_NONE,
     "--choices cannot go with --mission and --one-way yet"},
    {KIND(CHOICES) | KIND(FLOORS), MEIRO_FIELD_NONE, "--choices cannot go with --levels yet"},
    {KIND(CHOICES) | KIND(SHAPE), MEIRO_FIELD_NONE,
     "--choices cannot go with --shape and --text yet"},
    {KIND(CHOICES) | KIND(TEXT), MEIRO_FIELD_NONE,
     "--choices cannot go with --shape and --text yet"},
    {KIND(PLAY) | KIND(MISSION), MEIRO_FIELD_PLAY,
     "a playable sheet cannot check a mission's keys, items or one-way passages: leave out "
     "--play, or play it as html"},
};

const meiro_kind_desc *meiro_kind_info(meiro_kind kind)
{
    return (unsigned)kind < MEIRO_KIND_COUNT ? &kinds[kind].info : NULL;
}

meiro_status meiro_kind_check(unsigned set, meiro_grid grid, meiro_format format, meiro_error *err)
{
    if ((unsigned)grid >= MEIRO_GRID_COUNT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT, "unknown grid number %u",
                          (unsigned)grid);
    bool known = (unsigned)format < MEIRO_FORMAT_COUNT;
    for (unsigned k = 0; k < MEIRO_KIND_COUNT; k++)
        if ((set & 1u << k) && !(kinds[k].info.grids & 1u << grid))
            return fail_field(err, kinds[k].grid_field, MEIRO_ERROR_ARGUMENT, kinds[k].grid_refusal,
                              meiro_grid_name(grid));
    meiro_status s = known ? meiro_export_grid_check(grid, format, err) : MEIRO_OK;
    if (s != MEIRO_OK) return s;
    for (size_t i = 0; i < sizeof apart / sizeof apart[0]; i++)
        if ((set & apart[i].pair) == apart[i].pair)
            return fail_field(err, apart[i].field, MEIRO_ERROR_ARGUMENT, "%s", apart[i].refusal);
    for (unsigned k = 0; k < MEIRO_KIND_COUNT && known; k++)
        if ((set & 1u << k) && kinds[k].info.shows != MEIRO_CAN_COUNT &&
            !meiro_format_can(format, kinds[k].info.shows)) {
            char why[200], can[200];
            snprintf(why, sizeof why, kinds[k].format_refusal, meiro_format_info(format)->name);
            bool list = kinds[k].format_field == MEIRO_FIELD_FORMAT;
            return fail_field(err, kinds[k].format_field, MEIRO_ERROR_ARGUMENT,
                              list ? N_("%s: write it as %s") : "%s%s", why,
                              list ? meiro_format_list(kinds[k].info.shows, can, sizeof can) : "");
        }
    return MEIRO_OK;
}
