/* A generate job (include/meiro/plan.h): the options a front end read,
 * planned in the one order every front end follows (the combinations
 * refused, the page over its template, a text's mask, which setting of the
 * maze wins, the floors), prepared (the checks that need the final size,
 * a shape's mask), then run. The command line's generate is this and its
 * own files. */
#define _POSIX_C_SOURCE 200809L
#include "core/error.h"
#include "core/grid.h"
#include "core/levels.h"
#include "gen/gen.h"
#include "gen/tactile_levels.h"
#include "job/formats.h"
#include "page/machine.h"
#include "page/print.h"
#include "page/template.h"
#include "solid/solid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JOB_WARNINGS 4

struct meiro_job {
    meiro_generate_options maze;
    meiro_export_options page;
    meiro_mission_options mission;
    meiro_format format;
    unsigned maze_given, page_given, floors, choices, wrap;
    unsigned tactile_level; /* 1..TACTILE_LEVEL_MAZE; 0: none */
    int level;              /* a meiro_level, or -1 */
    bool solution, animate, frames, tried, planned, prepared;
    char *shape, *text, *solver, *answers_to; /* the job's copies */
    uint8_t *mask;
    meiro_text_info text_info;
    uint32_t extent_w, extent_h; /* the cells on the page */
    int fits_paper;              /* a paper a text refused would fit, or -1 */
    /* the drawing's and the machine's settings (MEIRO_JOB_DRAW_PATHS on) */
    bool paths, walls, cut_lines, servo; /* walls: --draw walls asked for */
    long long kerf_um;
    uint32_t cut_rgb, engrave_rgb;
    char caption[48];
    solid_sizes solid; /* a 3D print's, in mm */
    struct {
        meiro_field field;
        char message[sizeof((meiro_error *)0)->message];
    } warnings[JOB_WARNINGS];
    size_t warning_count;
};

meiro_job *meiro_job_new(void)
{
    meiro_job *job = calloc(1, sizeof *job);
    if (!job) return NULL;
    meiro_generate_options_init(&job->maze);
    meiro_export_options_init(&job->page);
    job->format = MEIRO_FORMAT_TEXT;
    job->level = -1;
    job->fits_paper = -1;
    machine_options m;
    machine_options_init(&m);
    job->cut_rgb = m.cut_rgb;
    job->engrave_rgb = m.engrave_rgb;
    return job;
}

void meiro_job_free(meiro_job *job)
{
    if (!job) return;
    free(job->shape);
    free(job->text);
    free(job->solver);
    free(job->answers_to);
    meiro_mask_free(job->mask);
    free(job);
}

meiro_generate_options *meiro_job_maze(meiro_job *job) { return &job->maze; }
meiro_export_options *meiro_job_page(meiro_job *job) { return &job->page; }
meiro_mission_options *meiro_job_mission(meiro_job *job) { return &job->mission; }

/* A 3D print's size (mm) that a setting sets, or NULL. */
static double *solid_size(meiro_job *job, meiro_job_setting setting)
{
    switch (setting) {
    case MEIRO_JOB_BALL_UM: return &job->solid.ball;
    case MEIRO_JOB_WALL_UM: return &job->solid.wall;
    case MEIRO_JOB_WALL_HEIGHT_UM: return &job->solid.height;
    case MEIRO_JOB_BASE_UM: return &job->solid.base;
    default: return NULL;
    }
}

/* The text setting's slot, or NULL for a setting that is no text. */
static char **text_slot(meiro_job *job, meiro_job_setting setting)
{
    switch (setting) {
    case MEIRO_JOB_SHAPE: return &job->shape;
    case MEIRO_JOB_TEXT: return &job->text;
    case MEIRO_JOB_SOLVER: return &job->solver;
    case MEIRO_JOB_ANSWERS_TO: return &job->answers_to;
    default: return NULL;
    }
}

meiro_status meiro_job_set_int(meiro_job *job, meiro_job_setting setting, long long value,
                               meiro_error *err)
{
    switch (setting) {
    case MEIRO_JOB_FORMAT:
        if (value < 0 || value >= MEIRO_FORMAT_COUNT) break;
        job->format = (meiro_format)value;
        return MEIRO_OK;
    case MEIRO_JOB_MAZE_GIVEN: job->maze_given = (unsigned)value; return MEIRO_OK;
    case MEIRO_JOB_PAGE_GIVEN: job->page_given = (unsigned)value; return MEIRO_OK;
    case MEIRO_JOB_LEVEL:
        if (value < -1 || value >= MEIRO_LEVEL_COUNT) break;
        job->level = (int)value;
        return MEIRO_OK;
    case MEIRO_JOB_FLOORS:
        if (value < 0 || value > MEIRO_MAX_LEVELS) break;
        job->floors = value == 1 ? 0 : (unsigned)value;
        return MEIRO_OK;
    case MEIRO_JOB_SOLUTION: job->solution = value != 0; return MEIRO_OK;
    case MEIRO_JOB_CHOICES:
        if (value < 0 || value > UINT32_MAX) break;
        job->choices = (unsigned)value;
        return MEIRO_OK;
    case MEIRO_JOB_WRAP:
        if (value < 0 || value > (MEIRO_WRAP_X | MEIRO_WRAP_Y)) break;
        job->wrap = (unsigned)value;
        return MEIRO_OK;
    case MEIRO_JOB_TACTILE_LEVEL:
        if (value < 0 || value > TACTILE_LEVEL_MAZE) break;
        job->tactile_level = (unsigned)value;
        return MEIRO_OK;
    case MEIRO_JOB_ANIMATE: job->animate = value != 0; return MEIRO_OK;
    case MEIRO_JOB_FRAMES: job->frames = value != 0; return MEIRO_OK;
    case MEIRO_JOB_DRAW_PATHS: /* < 0: the walls asked for (not a tactile sheet's default) */
        job->paths = value > 0, job->walls = value < 0;
        return MEIRO_OK;
    case MEIRO_JOB_KERF_UM: job->kerf_um = value; return MEIRO_OK; /* checked when planned */
    case MEIRO_JOB_CUT_LINES: job->cut_lines = value != 0; return MEIRO_OK;
    case MEIRO_JOB_PEN_SERVO: job->servo = value != 0; return MEIRO_OK;
    case MEIRO_JOB_CUT_COLOUR:
    case MEIRO_JOB_ENGRAVE_COLOUR:
        if (value < 0 || value > 0xFFFFFF) break;
        *(setting == MEIRO_JOB_CUT_COLOUR ? &job->cut_rgb : &job->engrave_rgb) = (uint32_t)value;
        return MEIRO_OK;
    case MEIRO_JOB_LID: job->solid.lid = value != 0; return MEIRO_OK;
    default: {
        double *mm = solid_size(job, setting);
        if (!mm) break;
        if (value < 0 || value > 1000000) /* a metre: the sizes' check says the real range */
            return fail(err, MEIRO_ERROR_ARGUMENT, "a 3D print's size of %lld um is out of range",
                        value);
        *mm = value / 1000.0;
        return MEIRO_OK;
    }
    }
    return fail(err, MEIRO_ERROR_ARGUMENT, "setting %d of a job takes no number %lld", (int)setting,
                value);
}

meiro_status meiro_job_set_text(meiro_job *job, meiro_job_setting setting, const char *value,
                                meiro_error *err)
{
    char **slot = text_slot(job, setting), *copy = NULL;
    if (!slot)
        return fail(err, MEIRO_ERROR_ARGUMENT, "setting %d of a job takes no text", (int)setting);
    if (value && !(copy = strdup(value))) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    free(*slot);
    *slot = copy;
    return MEIRO_OK;
}

long long meiro_job_get_int(const meiro_job *job, meiro_job_setting setting)
{
    switch (setting) {
    case MEIRO_JOB_FORMAT: return job->format;
    case MEIRO_JOB_MAZE_GIVEN: return job->maze_given;
    case MEIRO_JOB_PAGE_GIVEN: return job->page_given;
    case MEIRO_JOB_LEVEL: return job->level;
    case MEIRO_JOB_FLOORS: return job->floors;
    case MEIRO_JOB_SOLUTION: return job->solution;
    case MEIRO_JOB_CHOICES: return job->choices;
    case MEIRO_JOB_WRAP: return job->wrap;
    case MEIRO_JOB_TACTILE_LEVEL: return job->tactile_level;
    case MEIRO_JOB_ANIMATE: return job->animate;
    case MEIRO_JOB_FRAMES: return job->frames;
    case MEIRO_JOB_EXTENT_WIDTH: return job->extent_w;
    case MEIRO_JOB_EXTENT_HEIGHT: return job->extent_h;
    case MEIRO_JOB_FITS_PAPER: return job->fits_paper;
    case MEIRO_JOB_DRAW_PATHS: return job->paths ? 1 : job->walls ? -1 : 0;
    case MEIRO_JOB_KERF_UM: return job->kerf_um;
    case MEIRO_JOB_CUT_LINES: return job->cut_lines;
    case MEIRO_JOB_PEN_SERVO: return job->servo;
    case MEIRO_JOB_CUT_COLOUR: return job->cut_rgb;
    case MEIRO_JOB_ENGRAVE_COLOUR: return job->engrave_rgb;
    case MEIRO_JOB_LID: return job->solid.lid;
    default: {
        const double *mm = solid_size((meiro_job *)job, setting);
        return mm ? llround(*mm * 1000) : 0;
    }
    }
}

const char *meiro_job_get_text(const meiro_job *job, meiro_job_setting setting)
{
    char **slot = text_slot((meiro_job *)job, setting);
    return slot ? *slot : NULL;
}

const char *meiro_job_warning(const meiro_job *job, size_t i, meiro_field *field)
{
    if (i >= job->warning_count) return NULL;
    if (field) *field = job->warnings[i].field;
    return job->warnings[i].message;
}

/* What was said but not refused, kept for meiro_job_warning (past the
 * last slot: the first ones are kept). */
static void warn(meiro_job *job, meiro_field field, const char *message)
{
    if (job->warning_count == JOB_WARNINGS) return;
    job->warnings[job->warning_count].field = field;
    snprintf(job->warnings[job->warning_count++].message, sizeof job->warnings[0].message, "%s",
             message);
}

static const meiro_level_desc *job_level(const meiro_job *job)
{
    return job->level < 0 ? NULL : meiro_level_info((meiro_level)job->level);
}

/* The job's kinds of maze (meiro_kind bits). */
static unsigned job_kinds(const meiro_job *job)
{
    const meiro_generate_options *o = &job->maze;
    const struct {
        bool is;
        meiro_kind kind;
    } has[] = {
        {job->animate, MEIRO_KIND_ANIMATE},
        {job->frames, MEIRO_KIND_FRAMES},
        {job->floors != 0, MEIRO_KIND_FLOORS},
        {job->mission.kind || job->mission.one_way, MEIRO_KIND_MISSION},
        {o->weave != 0, MEIRO_KIND_WEAVE},
        {job->shape != NULL, MEIRO_KIND_SHAPE},
        {job->text != NULL, MEIRO_KIND_TEXT},
        {o->loops != 0, MEIRO_KIND_LOOPS},
        {job->page.play, MEIRO_KIND_PLAY},
        {job->choices != 0, MEIRO_KIND_CHOICES},
        {job->wrap != 0, MEIRO_KIND_WRAP},
    };
    unsigned set = 0;
    for (size_t i = 0; i < sizeof has / sizeof has[0]; i++)
        if (has[i].is) set |= 1u << has[i].kind;
    return set;
}

/* The kinds of maze against each other, the grid and the format (the
 * kinds table's one rule), and the grid against the answers' file. */
static meiro_status check_kinds(const meiro_job *job, meiro_error *err)
{
    meiro_status s = meiro_kind_check(job_kinds(job), job->maze.grid, job->format, err);
    meiro_format answers = job->format;
    if (s != MEIRO_OK || !job->answers_to || job->maze.grid == MEIRO_GRID_RECT) return s;
    if (meiro_format_from_filename(job->answers_to, job->format, &answers, err) != MEIRO_OK ||
        meiro_export_grid_check(job->maze.grid, answers, err) != MEIRO_OK) {
        if (err) err->field = MEIRO_FIELD_NONE; /* about --answers-to, which has no field */
        return MEIRO_ERROR_ARGUMENT;
    }
    return MEIRO_OK;
}

/* The job's settings of the drawing and the machine. */
static void job_machine(const meiro_job *job, machine_options *m)
{
    machine_options_init(m);
    m->paths = job->paths;
    m->walls = job->walls;
    m->kerf_mm = (double)job->kerf_um / 1000;
    m->cut_lines = job->cut_lines;
    m->servo = job->servo;
    m->cut_rgb = job->cut_rgb;
    m->engrave_rgb = job->engrave_rgb;
}

/* Large print (a profile with no_fine_text; meiro_export_options_check
 * refuses its page's smaller texts, machine_check a maze whose page states
 * its rule in a line of small print, meiro_export_options_resolve leaves
 * its footer off, the PDF's metadata keeping the seed): S and G as black
 * letters; a footer's words asked for, said left off. */
static meiro_status plan_large_print(meiro_job *job)
{
    const print_profile *profile = print_profile_of(job->page.print);
    if (!profile->no_fine_text) return MEIRO_OK;
    /* S and G black letters, not a child's level's coloured badges, unless
     * the page or its template asks for them ([maze] badges = yes) */
    const meiro_template *t = job->page.tpl;
    if (job->page.signs == MEIRO_SIGNS_AUTO && !(t && t->badges == 1))
        job->page.signs = MEIRO_SIGNS_LETTERS;
    if (job->page.footer && job->page.footer[0])
        warn(job, MEIRO_FIELD_PRINT,
             "large print leaves the footer off, its words too (small print): put them in the "
             "title");
    return MEIRO_OK;
}

/* The page: the options given over the template, checked; a child's level
 * (easy to hard) shows S and G on badges unless the page says how. */
static meiro_status plan_page(meiro_job *job, meiro_error *err)
{
    meiro_export_options_resolve(&job->page, job->page_given, job->page.tpl);
    meiro_status s = meiro_export_options_check(&job->page, err);
    machine_options m;
    job_machine(job, &m);
    if (s == MEIRO_OK)
        s = machine_check(&m, job->format, meiro_format_info(job->format)->name, job->page.print,
                          job_kinds(job), err);
    if (s == MEIRO_OK) s = plan_large_print(job);
    if (s != MEIRO_OK) return s;
    const meiro_level_desc *level = job_level(job);
    if (level && level != meiro_level_info(MEIRO_LEVEL_EXPERT) &&
        job->page.signs == MEIRO_SIGNS_AUTO)
        job->page.signs = MEIRO_SIGNS_BADGES;
    return MEIRO_OK;
}

/* A text too long for its level's page smaller than A3: MEIRO_PAPER_A3 if
 * it fits there, else -1. */
static int larger_paper(const meiro_job *job)
{
    const meiro_export_options *page = &job->page;
    double w, h, a3_w, a3_h;
    if (page->paper_w_mm > 0) w = page->paper_w_mm, h = page->paper_h_mm;
    else if (!meiro_paper_name(page->paper, &w, &h)) return -1;
    meiro_paper_name(MEIRO_PAPER_A3, &a3_w, &a3_h);
    if (w * h >= a3_w * a3_h) return -1;
    meiro_export_options o = *page;
    o.paper = MEIRO_PAPER_A3;
    o.paper_w_mm = o.paper_h_mm = 0;
    uint8_t *mask = NULL;
    meiro_status s = meiro_text_mask_for_level(job->text, page->lang, job_level(job), job->format,
                                               &o, &mask, NULL, NULL, NULL);
    meiro_mask_free(mask);
    return s == MEIRO_OK ? MEIRO_PAPER_A3 : -1;
}

/* A text's mask: at the height given, else set to fill the level's page
 * (in smaller cells than the age's: made, and said). */
static meiro_status plan_text(meiro_job *job, meiro_error *err)
{
    if (!job->text) return MEIRO_OK;
    meiro_error e = {0};
    uint32_t height = job->maze_given & MEIRO_GIVEN_HEIGHT ? job->maze.height : 0;
    meiro_status s =
        height ? meiro_text_mask(job->text, job->page.lang, height, &job->mask, &job->text_info, &e)
               : meiro_text_mask_for_level(job->text, job->page.lang, job_level(job), job->format,
                                           &job->page, &job->mask, &job->text_info, NULL, &e);
    if (s != MEIRO_OK) {
        if (!height && s == MEIRO_ERROR_ARGUMENT && e.field == MEIRO_FIELD_TEXT)
            job->fits_paper = larger_paper(job);
        if (err) *err = e;
        return s;
    }
    if (!height && e.message[0]) warn(job, MEIRO_FIELD_TEXT, e.message);
    return MEIRO_OK;
}

/* The floors stacked into one rectangle, as the library makes them: the
 * maze's height a floor; S on the first floor, G on the last. */
static meiro_status stack_floors(meiro_job *job, meiro_error *err)
{
    meiro_generate_options *o = &job->maze;
    uint64_t floor_rows = o->height, last = floor_rows * (job->floors - 1);
    if (o->ends == MEIRO_ENDS_CELLS &&
        (o->start.y >= floor_rows || o->goal.y < last || o->goal.y >= last + floor_rows))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--start goes on the first floor (rows 0 to %llu) and --goal on the last "
                    "(rows %llu to %llu): the floors' rows follow one another",
                    (unsigned long long)floor_rows - 1, (unsigned long long)last,
                    (unsigned long long)(last + floor_rows - 1));
    uint64_t rows = floor_rows * job->floors;
    if (rows > MEIRO_MAX_SIDE)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--levels: the floors' rows together are past 65535");
    o->height = (uint32_t)rows;
    return MEIRO_OK;
}

/* The cells the page lays out: the maze, or its floors side by side
 * (core/levels.h, as the page draws them). */
static void plan_extent(meiro_job *job)
{
    job->extent_w = job->maze.width;
    job->extent_h = job->maze.height;
    if (!job->floors) return;
    double w, h;
    levels_extent(job->maze.width, job->maze.height / job->floors, job->floors, &w, &h);
    job->extent_w = (uint32_t)w;
    job->extent_h = (uint32_t)h;
}

/* A 3D print's sizes: for a format that prints in 3D, in range, the
 * print on a printer's bed (the sizes' first refusal); not for another. */
static meiro_status plan_solid(const meiro_job *job, meiro_error *err)
{
    if (!meiro_format_can(job->format, MEIRO_CAN_SOLID)) {
        if (!solid_sizes_given(&job->solid)) return MEIRO_OK;
        char list[64];
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                          "--ball, --wall, --wall-height, --base and --lid size a 3D print: %s, "
                          "not %s",
                          meiro_format_list(MEIRO_CAN_SOLID, list, sizeof list),
                          meiro_format_info(job->format)->name);
    }
    meiro_maze shell = maze_shell(job->maze.width, job->maze.height);
    shell.grid = (uint8_t)job->maze.grid;
    double w, h;
    grid_extent(&shell, &w, &h);
    solid_frame f;
    return solid_frame_of(job->maze.grid, job->wrap, w, h, &job->solid, &f, err);
}

/* A tactile level is the maze (gen/tactile_levels.h): on a tactile sheet
 * only, and alone (what else would set the maze refused). */
static meiro_status plan_tactile_level(meiro_job *job, meiro_error *err)
{
    if (!job->tactile_level) return MEIRO_OK;
    if (!print_profile_of(job->page.print)->tactile)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "--tactile-level is a sheet to read with the fingers: it goes with "
                          "--print tactile");
    const unsigned sets_maze =
        MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_HEIGHT | MEIRO_GIVEN_ALGORITHM | MEIRO_GIVEN_ENDS;
    if ((job->maze_given & sets_maze) || job->level >= 0 || job->maze.grid != MEIRO_GRID_RECT ||
        job_kinds(job))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--tactile-level is the maze (its size, generator, S and G): not with -W, "
                    "-H, -a, --ends, --start, --age, --difficulty, --grid or another kind of "
                    "maze");
    if (job->walls && job->tactile_level < TACTILE_LEVEL_MAZE)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--draw walls: tactile levels 1 to %u are lines to follow, only level %u is "
                    "a maze with walls",
                    TACTILE_LEVEL_MAZE - 1, TACTILE_LEVEL_MAZE);
    return MEIRO_OK;
}

meiro_status meiro_job_plan(meiro_job *job, meiro_error *err)
{
    /* the options are resolved in place: a second plan would stack the
     * floors again */
    if (job->tried) return fail(err, MEIRO_ERROR_ARGUMENT, "a job is planned once");
    job->tried = true;
    meiro_status s = check_kinds(job, err);
    if (s == MEIRO_OK) s = plan_page(job, err);
    if (s == MEIRO_OK) s = plan_tactile_level(job, err);
    if (s == MEIRO_OK) s = plan_text(job, err);
    if (s != MEIRO_OK) return s;
    meiro_maze_sources src = {job->page.tpl, job_level(job), job->shape != NULL,
                              job->text ? &job->text_info : NULL};
    job->maze.shape_name =
        job->shape; /* a built-in shape's grid is at least the one where it reads */
    s = meiro_generate_options_resolve(&job->maze, job->maze_given, &src, err);
    if (job->tactile_level) /* its size for the page's checks */
        tactile_level_size(job->tactile_level, &job->maze.width, &job->maze.height);
    if (s == MEIRO_OK && job->floors) s = stack_floors(job, err);
    if (s != MEIRO_OK) return s;
    plan_extent(job);
    if (job->walls && print_profile_of(job->page.print)->tactile) {
        /* a wall sheet's larger cells: its size refused now, as the page's */
        machine_options m;
        job_machine(job, &m);
        s = format_size_check(job->maze.grid, job->extent_w, job->extent_h, job->format, &job->page,
                              &m, err);
        if (s != MEIRO_OK) return s;
    }
    s = plan_solid(job, err);
    if (s != MEIRO_OK) return s;
    job->planned = true;
    return MEIRO_OK;
}

meiro_status meiro_job_save(const meiro_job *job, const meiro_maze *maze, const meiro_path *path,
                            meiro_format format, const meiro_export_options *page,
                            const char *filename, meiro_error *err)
{
    machine_options m;
    job_machine(job, &m);
    return format_save(maze, path, format, page, &job->solid, &m, filename, err);
}

meiro_status meiro_job_write(const meiro_job *job, const meiro_maze *maze, const meiro_path *path,
                             meiro_format format, const meiro_export_options *page, FILE *out,
                             meiro_error *err)
{
    machine_options m;
    job_machine(job, &m);
    return format_write(maze, path, format, page, &job->solid, &m, out, err);
}

/* A shape's name for captions: a file's name without folder and extension. */
static void shape_caption(meiro_job *job)
{
    const char *base = strrchr(job->shape, '/');
    base = base ? base + 1 : job->shape;
    snprintf(job->caption, sizeof job->caption, "%.*s", (int)strcspn(base, "."), base);
}

/* A profile's least cell (large print's) against the cells the page
 * gives the maze. */
static meiro_status large_cells(const meiro_job *job, meiro_error *err)
{
    const print_profile *profile = print_profile_of(job->page.print);
    double cell = 0;
    if (!(profile->cell_min > 0)) return MEIRO_OK;
    meiro_status s = meiro_export_grid_cell_mm(job->maze.grid, job->extent_w, job->extent_h,
                                               job->format, &job->page, &cell, err);
    if (s != MEIRO_OK || cell >= profile->cell_min - 1e-9) return s;
    return fail(err, MEIRO_ERROR_ARGUMENT,
                "%s wants cells of %g mm and more, so that its %g mm walls leave wide "
                "corridors: a %u x %u maze gets %.1f mm on this page (fewer cells, or a "
                "larger --paper)",
                profile->service, profile->cell_min, profile->line_min, job->extent_w,
                job->extent_h, cell);
}

meiro_status meiro_job_prepare(meiro_job *job, meiro_error *err)
{
    if (job->prepared) return MEIRO_OK;
    if (!job->planned)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "a job is planned (meiro_job_plan) before it is prepared");
    meiro_error e = {0};
    meiro_status s = meiro_mission_check(&job->maze, &job->mission, job->format, &job->page, err);
    if (s != MEIRO_OK) return s;
    /* a name set for the level keeps its cell, or has said why not */
    bool set_for_level = job->text && !(job->maze_given & MEIRO_GIVEN_HEIGHT);
    s = set_for_level
            ? MEIRO_OK
            : meiro_level_page_check(job_level(job), job->maze.grid, job->extent_w, job->extent_h,
                                     job->text ? job->maze.height : 0, job->format, &job->page, &e);
    if (s == MEIRO_ERROR_ARGUMENT) warn(job, e.field, e.message); /* made as asked */
    else if (s != MEIRO_OK) {
        if (err) *err = e;
        return s;
    }
    s = large_cells(job, err);
    if (s != MEIRO_OK) return s;
    if (job->shape) {
        e = (meiro_error){0};
        s = meiro_shape_mask(job->shape, job->maze.width, job->maze.height, &job->mask, &e);
        if (s != MEIRO_OK) {
            if (err) *err = e;
            return s;
        }
        if (e.message[0]) warn(job, MEIRO_FIELD_SHAPE, e.message); /* no clear silhouette */
        shape_caption(job);
    }
    job->maze.mask = job->mask;
    job->maze.shape_name = job->text ? job->text : job->shape ? job->caption : NULL;
    job->prepared = true;
    return MEIRO_OK;
}

meiro_status meiro_job_make(meiro_job *job, const meiro_observer *watch, meiro_maze **maze,
                            meiro_path *path, meiro_error *err)
{
    *maze = NULL;
    *path = (meiro_path){0};
    meiro_status s = meiro_job_prepare(job, err);
    if (s != MEIRO_OK) return s;
    meiro_generate_options o = job->maze;
    o.observer = watch;
    meiro_error e = {0};
    meiro_maze *m = job->tactile_level ? gen_tactile_level(job->tactile_level, o.seed, &e)
                                       : gen_maze(&o, job->choices, job->wrap, &e);
    meiro_mission_options mission = job->mission;
    mission.seed = o.seed;
    s = !m ? e.status : meiro_maze_add_mission(m, &mission, &e);
    if (s == MEIRO_OK && job->floors) s = meiro_maze_split_levels(m, job->floors, o.seed, &e);
    bool solve = job->solution || job->answers_to || meiro_answers_asked(&job->page);
    if (s == MEIRO_OK && solve) s = meiro_solve_watched(m, job->solver, watch, path, &e);
    if (s != MEIRO_OK) {
        meiro_maze_free(m);
        if (err) *err = e;
        return s;
    }
    *maze = m;
    return MEIRO_OK;
}
