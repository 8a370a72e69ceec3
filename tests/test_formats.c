/* The format table cannot lie: every format against every capability,
 * meiro_format_can's answer against what the writers do with a maze or an
 * option that needs it (refused, or written; an option a format takes
 * changes what it writes, one it has no use for changes nothing), and the
 * library's other questions (meiro_format_uses, meiro_answers_apart,
 * meiro_export_grid_check, the formats a refusal names) against the table. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include "meiro.h"

/* What a write gave: its status, the refusal and the bytes written. */
typedef struct written {
    meiro_status status;
    meiro_error err;
    char *data;
    size_t len;
} written;

static written write_one(const meiro_maze *m, meiro_format f, const meiro_export_options *opt)
{
    written w = {0};
    FILE *out = open_memstream(&w.data, &w.len);
    if (!out) {
        w.status = MEIRO_ERROR_NOMEM;
        return w;
    }
    w.status = meiro_write(m, NULL, f, opt, out, &w.err);
    fclose(out);
    return w;
}

/* cairo numbers the surfaces it writes into SVG (and HTML's SVG) per
 * process, "page-surface3" then "page-surface20": those numbers are not
 * the output's. */
static size_t without_surface_numbers(const written *w, char *out)
{
    size_t n = 0;
    for (size_t i = 0; i < w->len; i++) {
        out[n++] = w->data[i];
        if (n >= 7 && memcmp(out + n - 7, "surface", 7) == 0)
            while (i + 1 < w->len && w->data[i + 1] >= '0' && w->data[i + 1] <= '9') i++;
    }
    return n;
}

static bool same_bytes(const written *a, const written *b)
{
    char *x = malloc(a->len + 1), *y = malloc(b->len + 1);
    CHECK(x && y);
    bool same = false;
    if (x && y) {
        size_t nx = without_surface_numbers(a, x), ny = without_surface_numbers(b, y);
        same = nx == ny && memcmp(x, y, nx) == 0;
    }
    free(x);
    free(y);
    return same;
}

static const char *format_name(meiro_format f) { return meiro_format_info(f)->name; }
static const char *cap_name(meiro_capability c) { return meiro_capability_name(c); }

/* A refusal says it is one (an argument, not a failure of the machine);
 * a write writes something. */
static void check_verdict(meiro_format f, meiro_capability c, const written *w, const char *what)
{
    bool can = meiro_format_can(f, c);
    if (can)
        CHECK_MSG(w->status == MEIRO_OK && w->len > 0, "%s can %s, yet %s was refused: %s",
                  format_name(f), cap_name(c), what, w->err.message);
    else
        CHECK_MSG(w->status == MEIRO_ERROR_ARGUMENT, "%s cannot %s, yet %s gave status %d (%s)",
                  format_name(f), cap_name(c), what, (int)w->status, w->err.message);
}

static meiro_maze *maze_of(meiro_grid grid, bool weave, uint64_t seed)
{
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.width = 8;
    g.height = 8;
    g.grid = grid;
    g.weave = weave;
    g.seed = seed;
    if (weave) g.algorithm = "cluster";
    return meiro_generate(&g, NULL);
}

/* An option: a format that takes it writes other bytes than without it
 * (DPI, crop, the page), one that has no use for it the same bytes;
 * `refused` options (bleed, play, answer pages) are refused instead. */
static void check_option(meiro_capability c, void (*set)(meiro_export_options *), bool refused)
{
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, false, 7);
    CHECK(m != NULL);
    meiro_export_options plain, asked;
    meiro_export_options_init(&plain);
    for (unsigned f = 0; m && f < MEIRO_FORMAT_COUNT; f++) {
        asked = plain;
        set(&asked);
        written a = write_one(m, (meiro_format)f, &plain),
                b = write_one(m, (meiro_format)f, &asked);
        CHECK_MSG(a.status == MEIRO_OK, "%s: %s", format_name((meiro_format)f), a.err.message);
        if (refused) check_verdict((meiro_format)f, c, &b, cap_name(c));
        else
            CHECK_MSG(b.status == MEIRO_OK &&
                          !same_bytes(&a, &b) == meiro_format_can((meiro_format)f, c),
                      "%s: %s %s the output (the table: %s)", format_name((meiro_format)f),
                      cap_name(c), same_bytes(&a, &b) ? "changes nothing in" : "changes",
                      meiro_format_can((meiro_format)f, c) ? "can" : "cannot");
        free(a.data);
        free(b.data);
    }
    meiro_maze_free(m);
}

static void set_paper(meiro_export_options *o) { o->paper = MEIRO_PAPER_A5; }
static void set_dpi(meiro_export_options *o) { o->dpi = 100; }
static void set_crop(meiro_export_options *o) { o->crop = true; }
static void set_bleed(meiro_export_options *o) { o->bleed_mm = 3; }
static void set_play(meiro_export_options *o) { o->play = true; }
static void set_answers(meiro_export_options *o) { o->answer_page = true; }

static void test_options(void)
{
    check_option(MEIRO_CAN_PAGE, set_paper, false);
    check_option(MEIRO_CAN_DPI, set_dpi, false);
    check_option(MEIRO_CAN_CROP, set_crop, false);
    check_option(MEIRO_CAN_BLEED, set_bleed, true);
    check_option(MEIRO_CAN_PLAY, set_play, true);
    check_option(MEIRO_CAN_ANSWERS, set_answers, true);
}

/* The formats a refusal names ("write it as pdf, svg, png, html, xlsx,
 * json, text or csv") are those the table says can. */
static void check_named(const char *message, meiro_capability c)
{
    const char *list = strstr(message, "write it as ");
    CHECK_MSG(list != NULL, "no formats named in: %s", message);
    if (!list) return;
    list += strlen("write it as ");
    unsigned named = 0;
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        const char *name = format_name((meiro_format)f), *at = list;
        size_t n = strlen(name);
        bool found = false;
        while (!found && (at = strstr(at, name)) != NULL) {
            found = (at == list || at[-1] == ' ') && strchr(", ", at[n]) && at[n] != '\0';
            found = found || ((at == list || at[-1] == ' ') && at[n] == '\0');
            at += n;
        }
        if (found) named |= 1u << f;
        CHECK_MSG(found == meiro_format_can((meiro_format)f, c), "\"%s\" %s %s (the table: %s)",
                  message, found ? "names" : "leaves out", name,
                  meiro_format_can((meiro_format)f, c) ? "can" : "cannot");
    }
    CHECK(named != 0);
}

/* The rectangle's passages, start, goal and origin, without what makes it
 * a kind (the crossings of a weave, the stairs between floors): a crossing
 * becomes a junction, each floor a part of one plain maze. */
static meiro_maze *flat_copy(const meiro_maze *m)
{
    meiro_maze *flat = m ? meiro_maze_new(meiro_maze_width(m), meiro_maze_height(m), NULL) : NULL;
    for (uint32_t y = 0; flat && y < meiro_maze_height(m); y++)
        for (uint32_t x = 0; x < meiro_maze_width(m); x++) {
            if (x + 1 < meiro_maze_width(m) && meiro_maze_is_open(m, x, y, MEIRO_EAST))
                CHECK(meiro_maze_carve(flat, x, y, MEIRO_EAST) == MEIRO_OK);
            if (y + 1 < meiro_maze_height(m) && meiro_maze_is_open(m, x, y, MEIRO_SOUTH))
                CHECK(meiro_maze_carve(flat, x, y, MEIRO_SOUTH) == MEIRO_OK);
        }
    uint64_t seed = 0;
    if (flat) {
        CHECK(meiro_maze_set_start(flat, meiro_maze_start(m), meiro_maze_start_door(m)) ==
              MEIRO_OK);
        CHECK(meiro_maze_set_goal(flat, meiro_maze_goal(m), meiro_maze_goal_door(m)) == MEIRO_OK);
        if (meiro_maze_seed(m, &seed)) meiro_maze_set_origin(flat, meiro_maze_algorithm(m), seed);
    }
    return flat;
}

/* A maze of a kind (a grid, a weave, a mission, floors), written in every
 * format: refused where the table says cannot, naming the formats that
 * can; where it says can, shown: written otherwise than `plain`, the same
 * maze without what makes its kind (NULL: no such maze, a grid of its own). */
static void check_kind(meiro_capability c, meiro_maze *m, meiro_maze *plain)
{
    CHECK(m != NULL);
    for (unsigned f = 0; m && f < MEIRO_FORMAT_COUNT; f++) {
        written w = write_one(m, (meiro_format)f, NULL);
        check_verdict((meiro_format)f, c, &w, "a maze of that kind");
        if (w.status != MEIRO_OK) check_named(w.err.message, c);
        if (w.status == MEIRO_OK && plain) {
            written p = write_one(plain, (meiro_format)f, NULL);
            CHECK_MSG(p.status == MEIRO_OK && !same_bytes(&w, &p),
                      "%s can %s, yet writes the maze as if it had none",
                      format_name((meiro_format)f), cap_name(c));
            free(p.data);
        }
        free(w.data);
    }
    meiro_maze_free(m);
    meiro_maze_free(plain);
}

static void test_grids(void)
{
    for (int g = 0; g < MEIRO_GRID_COUNT; g++) {
        if (g == MEIRO_GRID_RECT) continue;
        check_kind(MEIRO_CAN_GRIDS, maze_of((meiro_grid)g, false, 3), NULL);
        for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++)
            CHECK((meiro_export_grid_check((meiro_grid)g, (meiro_format)f, NULL) == MEIRO_OK) ==
                  meiro_format_can((meiro_format)f, MEIRO_CAN_GRIDS));
    }
}

static void test_weave(void)
{
    /* S and G off the crossings: text and CSV write a crossing where they
     * would stand */
    meiro_maze *m = NULL;
    for (uint64_t seed = 1; !m && seed < 100; seed++) {
        m = maze_of(MEIRO_GRID_RECT, true, seed);
        if (m && meiro_maze_crossings(m) > 0 &&
            meiro_maze_crossing(m, meiro_maze_start(m)) == MEIRO_NO_DIR &&
            meiro_maze_crossing(m, meiro_maze_goal(m)) == MEIRO_NO_DIR)
            break;
        meiro_maze_free(m);
        m = NULL;
    }
    check_kind(MEIRO_CAN_WEAVE, m, flat_copy(m));
}

static void test_missions(void)
{
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, false, 5);
    meiro_maze *plain = m ? meiro_maze_clone(m, NULL) : NULL;
    meiro_mission_options mission = {MEIRO_MISSION_KEYS, 1, 0, 5};
    CHECK(m && meiro_maze_add_mission(m, &mission, NULL) == MEIRO_OK);
    check_kind(MEIRO_CAN_MISSIONS, m, plain);
}

static void test_levels(void)
{
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, false, 9);
    CHECK(m && meiro_maze_split_levels(m, 2, 9, NULL) == MEIRO_OK);
    check_kind(MEIRO_CAN_LEVELS, m, flat_copy(m));
}

/* Read back what it wrote, or refused as written only. */
static void test_read(void)
{
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, false, 11);
    CHECK(m != NULL);
    for (unsigned f = 0; m && f < MEIRO_FORMAT_COUNT; f++) {
        written w = write_one(m, (meiro_format)f, NULL);
        CHECK(w.status == MEIRO_OK);
        FILE *in = fmemopen(w.data, w.len, "r");
        meiro_error err = {0};
        meiro_maze *back = in ? meiro_read(in, (meiro_format)f, &err) : NULL;
        if (in) fclose(in);
        bool can = meiro_format_can((meiro_format)f, MEIRO_CAN_READ);
        CHECK_MSG((back != NULL) == can, "%s: read back %s, the table says %s",
                  format_name((meiro_format)f), back ? "" : err.message, can ? "can" : "cannot");
        CHECK(meiro_format_info((meiro_format)f)->readable == can);
        if (back) CHECK(meiro_maze_width(back) == 8 && meiro_maze_height(back) == 8);
        meiro_maze_free(back);
        free(w.data);
    }
    meiro_maze_free(m);
}

static void test_booklet(void)
{
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 1;
    b.seed = 4;
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        written w = {0};
        FILE *out = open_memstream(&w.data, &w.len);
        CHECK(out != NULL);
        if (!out) continue;
        w.status = meiro_booklet_write(&b, NULL, (meiro_format)f, out, &w.err);
        fclose(out);
        check_verdict((meiro_format)f, MEIRO_CAN_BOOKLET, &w, "a booklet");
        free(w.data);
    }
}

/* A 3D print's sizes (the job's): planned for a format that can, refused
 * for the others; written, they size what the format writes. */
static void test_solid(void)
{
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        meiro_job *job = meiro_job_new();
        meiro_error e = {0};
        CHECK(job && meiro_job_set_int(job, MEIRO_JOB_FORMAT, f, NULL) == MEIRO_OK);
        CHECK(meiro_job_set_int(job, MEIRO_JOB_BALL_UM, 6000, NULL) == MEIRO_OK);
        meiro_job_maze(job)->width = meiro_job_maze(job)->height = 4;
        CHECK(meiro_job_set_int(job, MEIRO_JOB_MAZE_GIVEN, MEIRO_GIVEN_WIDTH | MEIRO_GIVEN_HEIGHT,
                                NULL) == MEIRO_OK);
        meiro_status planned = meiro_job_plan(job, &e);
        bool can = meiro_format_can((meiro_format)f, MEIRO_CAN_SOLID);
        CHECK_MSG(can ? planned == MEIRO_OK
                      : planned == MEIRO_ERROR_ARGUMENT && strstr(e.message, "--ball"),
                  "%s: %s", meiro_format_info((meiro_format)f)->name, e.message);
        if (can && planned == MEIRO_OK) { /* a 6 mm ball's print is smaller than the defaults' */
            meiro_maze *m = NULL;
            meiro_path path = {0};
            CHECK(meiro_job_make(job, NULL, &m, &path, NULL) == MEIRO_OK);
            written small = {0}, plain = {0};
            FILE *out = open_memstream(&small.data, &small.len);
            CHECK(out && meiro_job_write(job, m, NULL, (meiro_format)f, meiro_job_page(job), out,
                                         NULL) == MEIRO_OK);
            if (out) fclose(out);
            out = open_memstream(&plain.data, &plain.len);
            CHECK(out && meiro_write(m, NULL, (meiro_format)f, NULL, out, NULL) == MEIRO_OK);
            if (out) fclose(out);
            CHECK_MSG(
                small.len && plain.len &&
                    (small.len != plain.len || memcmp(small.data, plain.data, plain.len) != 0),
                "%s: the ball changed nothing", meiro_format_info((meiro_format)f)->name);
            free(small.data);
            free(plain.data);
            meiro_path_free(&path);
            meiro_maze_free(m);
        }
        meiro_job_free(job);
    }
}

/* The older questions read the same columns; out of range is false. */
static void test_questions(void)
{
    static const struct {
        meiro_page_setting setting;
        meiro_capability column;
    } uses[] = {{MEIRO_SETTING_PAGE, MEIRO_CAN_PAGE},
                {MEIRO_SETTING_BLEED, MEIRO_CAN_BLEED},
                {MEIRO_SETTING_DPI, MEIRO_CAN_DPI},
                {MEIRO_SETTING_CROP, MEIRO_CAN_CROP},
                {MEIRO_SETTING_PLAY, MEIRO_CAN_PLAY}};
    meiro_export_options asked;
    meiro_export_options_init(&asked);
    asked.answer_page = true;
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        meiro_format fmt = (meiro_format)f;
        for (size_t i = 0; i < TEST_COUNT(uses); i++)
            CHECK(meiro_format_uses(fmt, uses[i].setting) == meiro_format_can(fmt, uses[i].column));
        CHECK(meiro_answers_apart(fmt, &asked) == !meiro_format_can(fmt, MEIRO_CAN_ANSWERS));
        CHECK(!meiro_format_can(fmt, MEIRO_CAN_COUNT));
    }
    CHECK(!meiro_format_can(MEIRO_FORMAT_COUNT, MEIRO_CAN_READ));
    CHECK(meiro_capability_name(MEIRO_CAN_COUNT) == NULL);
    for (unsigned c = 0; c < MEIRO_CAN_COUNT; c++) {
        const char *name = meiro_capability_name((meiro_capability)c);
        CHECK_MSG(name && name[0], "capability %u has no name", c);
        for (unsigned d = 0; name && d < c; d++)
            CHECK(strcmp(name, meiro_capability_name((meiro_capability)d)) != 0);
    }
}

/* ---- The kinds table against the makers and the writer ------------- */

/* A maze of the kinds `set` on `grid`, made as the library's own calls
 * make one (the generator, the mission, the floors), without the table:
 * NULL where one of them refuses it. */
static meiro_maze *maze_of_kinds(unsigned set, meiro_grid grid)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 8;
    o.height = 8;
    o.grid = grid;
    o.seed = 3;
    o.algorithm = "cluster";
    uint8_t *mask = NULL;
    meiro_text_info text;
    if (set & 1u << MEIRO_KIND_WEAVE) o.weave = 30;
    if (set & 1u << MEIRO_KIND_LOOPS) o.loops = 30;
    if (set & 1u << MEIRO_KIND_SHAPE)
        CHECK(meiro_shape_mask("heart", 8, 8, &mask, NULL) == MEIRO_OK);
    if (set & 1u << MEIRO_KIND_TEXT) {
        CHECK(meiro_text_mask("L", NULL, 12, &mask, &text, NULL) == MEIRO_OK);
        o.width = text.width;
        o.height = text.height;
    }
    o.mask = mask;
    meiro_maze *m = NULL;
    if (set & 1u << MEIRO_KIND_WRAP) { /* a job's setting, made as the job makes it: a
                                          cylinder, which every format that wraps shows (a
                                          torus is no 3D print: test_solid tube_refused) */
        meiro_job *job = meiro_job_new();
        meiro_path path;
        if (job) {
            *meiro_job_maze(job) = o;
            meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_JSON, NULL);
            meiro_job_set_int(job, MEIRO_JOB_WRAP, MEIRO_WRAP_X, NULL);
            /* a shape or a text as the job takes them (a mask of its own) */
            if (set & 1u << MEIRO_KIND_SHAPE) meiro_job_set_text(job, MEIRO_JOB_SHAPE, "heart", NULL);
            if (set & 1u << MEIRO_KIND_TEXT) meiro_job_set_text(job, MEIRO_JOB_TEXT, "L", NULL);
            if (meiro_job_plan(job, NULL) == MEIRO_OK &&
                meiro_job_make(job, NULL, &m, &path, NULL) == MEIRO_OK)
                meiro_path_free(&path);
        }
        meiro_job_free(job);
    } else {
        m = meiro_generate(&o, NULL);
    }
    meiro_mission_options mission = {MEIRO_MISSION_COLLECT, 2, 0, 3};
    if (m && (set & 1u << MEIRO_KIND_MISSION) &&
        meiro_maze_add_mission(m, &mission, NULL) != MEIRO_OK) {
        meiro_maze_free(m);
        m = NULL;
    }
    if (m && (set & 1u << MEIRO_KIND_FLOORS) &&
        meiro_maze_split_levels(m, 2, 3, NULL) != MEIRO_OK) {
        meiro_maze_free(m);
        m = NULL;
    }
    meiro_mask_free(mask);
    return m;
}

/* The kinds the library makes or writes (the animations are the command
 * line's: a trace draws rectangles only; a shape with a text is one mask;
 * play is the page's, meiro_export_options.play). */
static const meiro_kind made_kinds[] = {MEIRO_KIND_FLOORS, MEIRO_KIND_MISSION, MEIRO_KIND_WEAVE,
                                        MEIRO_KIND_SHAPE,  MEIRO_KIND_TEXT,    MEIRO_KIND_LOOPS,
                                        MEIRO_KIND_PLAY,   MEIRO_KIND_WRAP};

/* A maze of the kinds `set` written as `f`, with play where the set has it. */
static written write_kinds(const meiro_maze *m, unsigned set, meiro_format f)
{
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.play = (set & 1u << MEIRO_KIND_PLAY) != 0;
    return write_one(m, f, &opt);
}

/* Every kind of maze on every grid in every format: meiro_kind_check's
 * answer is what making and writing it does (refused, or written), and a
 * refusal for the format names the formats that can. (meiro_write asks the
 * table too: that a format which can shows the kind, and one which cannot
 * would not, is the capability's, checked against the drawings above.) */
static void test_kinds(void)
{
    for (size_t k = 0; k < TEST_COUNT(made_kinds); k++)
        for (int g = 0; g < MEIRO_GRID_COUNT; g++) {
            meiro_maze *m = maze_of_kinds(1u << made_kinds[k], (meiro_grid)g);
            const meiro_kind_desc *kind = meiro_kind_info(made_kinds[k]);
            CHECK_MSG(!m == !(kind->grids & 1u << g), "%s on %s: %s, the table says %s", kind->name,
                      meiro_grid_name((meiro_grid)g), m ? "made" : "refused",
                      kind->grids & 1u << g ? "made" : "refused");
            for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
                meiro_error e = {0};
                bool table = meiro_kind_check(1u << made_kinds[k], (meiro_grid)g, (meiro_format)f,
                                              &e) == MEIRO_OK;
                written w = m ? write_kinds(m, 1u << made_kinds[k], (meiro_format)f) : (written){0};
                bool writes = m && w.status == MEIRO_OK;
                CHECK_MSG(table == writes, "%s on %s as %s: %s, the table says %s", kind->name,
                          meiro_grid_name((meiro_grid)g), format_name((meiro_format)f),
                          writes ? "written"
                          : m    ? w.err.message
                                 : "not made",
                          table ? "can" : e.message);
                bool squares =
                    g != MEIRO_GRID_RECT && !meiro_format_can((meiro_format)f, MEIRO_CAN_GRIDS);
                if (!table && m &&
                    e.field == MEIRO_FIELD_FORMAT) /* the grid's refusal, or the kind's */
                    check_named(e.message, squares ? MEIRO_CAN_GRIDS : kind->shows);
                if (!table && m && e.field == MEIRO_FIELD_PLAY)
                    CHECK(!meiro_format_can((meiro_format)f, MEIRO_CAN_PLAY));
                free(w.data);
            }
            meiro_maze_free(m);
        }
}

/* Two kinds together on the rect grid: refused by the table exactly
 * where making and writing them refuses (as json, which shows every kind;
 * with play as xlsx, the one that plays), in the writer's words. */
static void test_kind_pairs(void)
{
    for (size_t a = 0; a < TEST_COUNT(made_kinds); a++)
        for (size_t b = a + 1; b < TEST_COUNT(made_kinds); b++) {
            unsigned set = 1u << made_kinds[a] | 1u << made_kinds[b];
            if (set == (1u << MEIRO_KIND_SHAPE | 1u << MEIRO_KIND_TEXT)) continue; /* one mask */
            meiro_format f = set & 1u << MEIRO_KIND_PLAY ? MEIRO_FORMAT_XLSX : MEIRO_FORMAT_JSON;
            meiro_maze *m = maze_of_kinds(set, MEIRO_GRID_RECT);
            written w = m ? write_kinds(m, set, f) : (written){0};
            meiro_error e = {0};
            bool table = meiro_kind_check(set, MEIRO_GRID_RECT, f, &e) == MEIRO_OK;
            CHECK_MSG(table == (m && w.status == MEIRO_OK),
                      "%s with %s as %s: %s, the table says %s",
                      meiro_kind_info(made_kinds[a])->name, meiro_kind_info(made_kinds[b])->name,
                      format_name(f),
                      !m         ? "not made"
                      : w.status ? w.err.message
                                 : "written",
                      table ? "can" : e.message);
            if (!table && m)
                CHECK_MSG(!strcmp(e.message, w.err.message), "the table says '%s', the writer '%s'",
                          e.message, w.err.message);
            free(w.data);
            meiro_maze_free(m);
        }
    CHECK(meiro_kind_check(1u << MEIRO_KIND_SHAPE | 1u << MEIRO_KIND_TEXT, MEIRO_GRID_RECT,
                           MEIRO_FORMAT_PDF, NULL) == MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_kind_info(MEIRO_KIND_COUNT) == NULL);
}

/* meiro_format_list names exactly the formats that can, in the table's
 * order, and cut short keeps whole names. */
static void test_list(void)
{
    for (unsigned c = 0; c < MEIRO_CAN_COUNT; c++) {
        char list[512], want[512] = "";
        for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++)
            if (meiro_format_can((meiro_format)f, (meiro_capability)c)) {
                if (want[0]) strcat(want, ", ");
                strcat(want, meiro_format_info((meiro_format)f)->name);
            }
        CHECK_MSG(!strcmp(meiro_format_list((meiro_capability)c, list, sizeof list), want),
                  "%s: '%s', wanted '%s'", meiro_capability_name((meiro_capability)c), list, want);
        for (size_t size = 1; size < strlen(want) + 1; size++) {
            char cut[512];
            meiro_format_list((meiro_capability)c, cut, size);
            size_t n = strlen(cut);
            CHECK_MSG(n < size && !strncmp(cut, want, n) && (n == 0 || want[n] == ',' || want[n] == '\0'),
                      "%s in %zu bytes: '%s'", want, size, cut);
        }
    }
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"options", test_options},       {"grids", test_grids},         {"weave", test_weave},
        {"missions", test_missions},     {"levels", test_levels},       {"read", test_read},
        {"booklet", test_booklet},       {"questions", test_questions}, {"kinds", test_kinds},
        {"kind_pairs", test_kind_pairs}, {"list", test_list},           {"solid", test_solid}};
    return test_main("formats", argc, argv, cases, TEST_COUNT(cases));
}
