/* Allocation failures: every allocation the library makes through its
 * allocators (core/alloc.c) on the way from generating a small maze to a
 * written file is made to fail in turn, one run per allocation, for every
 * format, the animated SVG and PNG frames, booklets and a template, JSON
 * read back, shapes from SVG and PNG files (drawn in a child process,
 * whose count of allocations the parent goes on with), text masks, a
 * playable sheet, folded booklets, a bleed, and --answers-to. Each
 * run must end in "out of memory" (or an I/O error), never in a crash or a
 * success, and leave no file behind (every generator and solver too); the sanitizer build's LeakSanitizer
 * sees that everything was freed. Linked with alloc.c compiled with
 * -DMEIRO_FAULT_INJECTION (Makefile); allocations inside cairo, pango,
 * fontconfig and libxlsxwriter are beyond its reach. The sanitized build
 * walks every third allocation, the plain build every fourth, each walk
 * starting one further on (first_point: over the cases, every residue);
 * past the 256th of a run, one in 8 of those (next_point). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "harness.h"
#include "whitebox.h"

#include <cairo.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[64], ref[64]; /* where the runs write; what a run without faults wrote */

/* One way from nothing to a file: returns the first failure. */
typedef meiro_status (*scenario)(const char *target, meiro_error *err);

/* A 6 x 5 maze, solved; freed by the caller. */
static meiro_status make_maze(const meiro_observer *watch, meiro_maze **m, meiro_path *path,
                              meiro_error *err)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 6;
    o.height = 5;
    o.seed = 7;
    o.observer = watch;
    *m = meiro_generate(&o, err);
    if (!*m) return err->status;
    return meiro_solve_watched(*m, "bfs", watch, path, err);
}

static meiro_status save_as(meiro_format format, const char *tpl_name, bool answer_page,
                            const char *target, meiro_error *err)
{
    meiro_maze *m = NULL;
    meiro_path path = {0};
    meiro_template *tpl = NULL;
    meiro_status s = MEIRO_OK;
    if (tpl_name && !(tpl = meiro_template_load(tpl_name, err))) s = err->status;
    if (s == MEIRO_OK) s = make_maze(NULL, &m, &path, err);
    if (s == MEIRO_OK) {
        meiro_export_options page;
        meiro_export_options_from_template(&page, tpl);
        page.title = "Faults";
        page.answer_page = answer_page;
        page.dpi = 40;
        s = meiro_save(m, &path, format, &page, target, err);
    }
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_template_free(tpl);
    return s;
}

static meiro_status to_text(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_TEXT, NULL, false, t, e);
}
static meiro_status to_csv(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_CSV, NULL, false, t, e);
}
static meiro_status to_ascii(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_ASCII, NULL, false, t, e);
}
static meiro_status to_unicode(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_UNICODE, NULL, false, t, e);
}
static meiro_status to_pdf(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_PDF, NULL, true, t, e);
}
static meiro_status to_svg(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_SVG, NULL, false, t, e);
}
static meiro_status to_png(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_PNG, NULL, false, t, e);
}
static meiro_status to_xlsx(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_XLSX, NULL, true, t, e);
}
static meiro_status to_html(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_HTML, "kids-a4", false, t, e);
}
/* 3D prints, the way a part of their own */
static meiro_status to_stl(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_STL, NULL, false, t, e);
}
static meiro_status to_3mf(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_3MF, NULL, false, t, e);
}
/* a template with artwork, labels and texts: loading it allocates most */
static meiro_status to_kids_pdf(const char *t, meiro_error *e)
{
    return save_as(MEIRO_FORMAT_PDF, "kids-a4", true, t, e);
}

/* The generation and the solving recorded, then animated. */
static meiro_status animate(const char *target, bool frames, meiro_error *err)
{
    meiro_trace *trace = meiro_trace_new();
    if (!trace) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the trace");
    meiro_observer watch = meiro_trace_observer(trace);
    meiro_maze *m = NULL;
    meiro_path path = {0};
    meiro_status s = make_maze(&watch, &m, &path, err);
    if (s == MEIRO_OK)
        s = frames ? meiro_animate_frames(trace, NULL, target, 6, err)
                   : meiro_animate_svg_save(trace, NULL, target, err);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_trace_free(trace);
    return s;
}

/* A maze on a shape with a hole, watched: written as text and read back,
 * drawn in Unicode and read back (the outside found by a search), then
 * animated from the trace (which keeps the shape). */
static meiro_status shaped(const char *target, meiro_error *err)
{
    uint8_t mask[8 * 7];
    for (int i = 0; i < 8 * 7; i++) mask[i] = !(i % 8 == 0 && i / 8 != 3) && i != 8 * 3 + 4;
    meiro_trace *trace = meiro_trace_new();
    if (!trace) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the trace");
    meiro_observer watch = meiro_trace_observer(trace);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 8, o.height = 7, o.seed = 5, o.mask = mask, o.observer = &watch;
    meiro_path path = {0};
    meiro_maze *m = meiro_generate(&o, err), *back = NULL;
    meiro_status s = m ? meiro_solve_watched(m, "bfs", &watch, &path, err) : err->status;
    for (int k = 0; k < 2 && s == MEIRO_OK; k++) {
        meiro_format f = k ? MEIRO_FORMAT_UNICODE : MEIRO_FORMAT_TEXT;
        s = meiro_save(back ? back : m, &path, f, NULL, target, err);
        meiro_maze_free(back);
        back = s == MEIRO_OK ? meiro_load(target, MEIRO_FORMAT_TEXT, err) : NULL;
        if (s == MEIRO_OK && !back) s = err->status;
        if (s == MEIRO_OK && !meiro_maze_equal(m, back))
            s = fail(err, MEIRO_ERROR_INTERNAL, "read back differs");
    }
    if (s == MEIRO_OK) s = meiro_animate_svg_save(trace, NULL, target, err);
    if (s != MEIRO_OK) remove(target);
    meiro_maze_free(back);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_trace_free(trace);
    return s;
}

/* Written as JSON and read back: a maze on a shape and a hex maze. */
static meiro_status json_back(const char *target, meiro_error *err)
{
    uint8_t mask[9 * 6];
    for (int i = 0; i < 9 * 6; i++) mask[i] = i % 9 != 4 || i / 9 == 5;
    meiro_status s = MEIRO_OK;
    for (int k = 0; k < 2 && s == MEIRO_OK; k++) {
        meiro_generate_options o;
        meiro_generate_options_init(&o);
        o.width = 9, o.height = 6, o.seed = 3;
        if (k) o.grid = MEIRO_GRID_HEX;
        else o.mask = mask;
        meiro_path path = {0};
        meiro_maze *m = meiro_generate(&o, err), *back = NULL;
        s = m ? meiro_solve(m, NULL, &path, err) : err->status;
        if (s == MEIRO_OK) s = meiro_save(m, &path, MEIRO_FORMAT_JSON, NULL, target, err);
        if (s == MEIRO_OK && !(back = meiro_load(target, MEIRO_FORMAT_COUNT, err))) s = err->status;
        if (s == MEIRO_OK && !meiro_maze_equal(m, back))
            s = fail(err, MEIRO_ERROR_INTERNAL, "read back differs");
        meiro_maze_free(back);
        meiro_path_free(&path);
        meiro_maze_free(m);
    }
    if (s != MEIRO_OK) remove(target);
    return s;
}

/* A shape from a file (the fixtures beside the test folder), a maze on
 * it, saved as text. */
static char shapes_dir[64];
static const char *shape_file = "disc.svg";

static meiro_status from_shape_file(const char *target, meiro_error *err)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s", shapes_dir, shape_file);
    uint8_t *mask = NULL;
    meiro_status s = meiro_shape_mask(path, 12, 10, &mask, err);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 12, o.height = 10, o.seed = 2, o.mask = mask;
    meiro_maze *m = s == MEIRO_OK ? meiro_generate(&o, err) : NULL;
    if (s == MEIRO_OK && !m) s = err->status;
    if (s == MEIRO_OK) s = meiro_save(m, NULL, MEIRO_FORMAT_TEXT, NULL, target, err);
    meiro_maze_free(m);
    meiro_mask_free(mask);
    return s;
}

/* --text: a name set in a font, a maze on it. */
/* A name set for a four-year-old: wrapped, fitted, in capitals (two short
 * words: 479 allocations walked; "Ann Lee" walks 1,041, four times as long). */
static meiro_status from_name(const char *target, meiro_error *err)
{
    uint8_t *mask = NULL;
    meiro_text_info info;
    char *set = NULL;
    meiro_status s =
        meiro_text_mask_for_level("Al Bo", NULL, meiro_level_info(MEIRO_LEVEL_EASY),
                                  MEIRO_FORMAT_PDF, NULL, &mask, &info, &set, err);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.seed = 2;
    if (s == MEIRO_OK)
        s = meiro_generate_options_resolve(&o, 0, &(meiro_maze_sources){.text = &info}, err);
    o.mask = mask;
    meiro_maze *m = s == MEIRO_OK ? meiro_generate(&o, err) : NULL;
    if (s == MEIRO_OK && !m) s = err->status;
    if (s == MEIRO_OK) s = meiro_save(m, NULL, MEIRO_FORMAT_PDF, NULL, target, err);
    meiro_maze_free(m);
    meiro_mask_free(mask);
    free(set);
    return s;
}

static meiro_status from_text(const char *target, meiro_error *err)
{
    uint8_t *mask = NULL;
    meiro_text_info info;
    meiro_status s = meiro_text_mask("Hi", NULL, 0, &mask, &info, err);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = info.width, o.height = info.height, o.seed = 2, o.mask = mask;
    meiro_maze *m = s == MEIRO_OK ? meiro_generate(&o, err) : NULL;
    if (s == MEIRO_OK && !m) s = err->status;
    if (s == MEIRO_OK) s = meiro_save(m, NULL, MEIRO_FORMAT_PDF, NULL, target, err);
    meiro_maze_free(m);
    meiro_mask_free(mask);
    return s;
}

/* The 6 x 5 maze saved with the page options given. */
static meiro_status save_page(const meiro_export_options *page, meiro_format format,
                              const char *target, meiro_error *err)
{
    meiro_maze *m = NULL;
    meiro_path path = {0};
    meiro_status s = make_maze(NULL, &m, &path, err);
    if (s == MEIRO_OK) s = meiro_save(m, &path, format, page, target, err);
    meiro_path_free(&path);
    meiro_maze_free(m);
    return s;
}

/* --play: a workbook that checks the way marked in it. */
static meiro_status to_play(const char *target, meiro_error *err)
{
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.play = true;
    page.answer_page = true;
    return save_page(&page, MEIRO_FORMAT_XLSX, target, err);
}

/* A PDF with a bleed (its boxes set by qpdf) and a gutter. */
static meiro_status to_bleed(const char *target, meiro_error *err)
{
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.bleed_mm = 3;
    page.gutter_mm = 5;
    return save_page(&page, MEIRO_FORMAT_PDF, target, err);
}

static meiro_status to_animated_svg(const char *t, meiro_error *e) { return animate(t, false, e); }
static meiro_status to_frames(const char *t, meiro_error *e) { return animate(t, true, e); }

static meiro_status booklet(meiro_format format, meiro_fold fold, const char *target,
                            meiro_error *err)
{
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 3;
    b.from_w = b.from_h = 4;
    b.to_w = b.to_h = 6;
    b.seed = 3;
    b.cover = 1;
    b.fold = fold;
    return meiro_booklet_save(&b, NULL, format, target, err);
}

static meiro_status to_booklet_pdf(const char *t, meiro_error *e)
{
    return booklet(MEIRO_FORMAT_PDF, MEIRO_FOLD_NONE, t, e);
}
static meiro_status to_booklet_xlsx(const char *t, meiro_error *e)
{
    return booklet(MEIRO_FORMAT_XLSX, MEIRO_FOLD_NONE, t, e);
}
static meiro_status to_booklet_html(const char *t, meiro_error *e)
{
    return booklet(MEIRO_FORMAT_HTML, MEIRO_FOLD_NONE, t, e);
}
static meiro_status to_fold_sheets(const char *t, meiro_error *e)
{
    return booklet(MEIRO_FORMAT_PDF, MEIRO_FOLD_SHEETS, t, e);
}
static meiro_status to_fold_pages(const char *t, meiro_error *e)
{
    return booklet(MEIRO_FORMAT_PDF, MEIRO_FOLD_PAGES, t, e);
}

/* Every generator (with loops and far ends) and every solver, to text. */
static const char *generator = "cluster", *solver = "bfs";

static meiro_status with_algorithms(const char *target, meiro_error *err)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 7;
    o.height = 6;
    o.seed = 11;
    o.algorithm = generator;
    o.loops = 30;
    o.ends = MEIRO_ENDS_FARTHEST;
    meiro_path path = {0};
    meiro_maze *m = meiro_generate(&o, err);
    meiro_status s = m ? meiro_solve(m, solver, &path, err) : err->status;
    if (s == MEIRO_OK) s = meiro_save(m, &path, MEIRO_FORMAT_TEXT, NULL, target, err);
    meiro_path_free(&path);
    meiro_maze_free(m);
    return s;
}

/* A maze read from a file (text, then the CSV written back), solved. */
static meiro_status read_back(const char *target, meiro_error *err)
{
    meiro_path path = {0};
    meiro_maze *m = meiro_load(test_data("seed003.txt"), MEIRO_FORMAT_COUNT, err);
    meiro_status s = m ? meiro_save(m, NULL, MEIRO_FORMAT_CSV, NULL, target, err) : err->status;
    meiro_maze_free(m);
    m = s == MEIRO_OK ? meiro_load(target, MEIRO_FORMAT_COUNT, err) : NULL;
    if (s == MEIRO_OK && !m) s = err->status;
    if (s == MEIRO_OK) s = meiro_solve(m, NULL, &path, err);
    if (s != MEIRO_OK) remove(target); /* the test wants nothing left after a failure */
    meiro_path_free(&path);
    meiro_maze_free(m);
    return s;
}

/* Files left in the test folder. */
static unsigned files_left(void)
{
    DIR *d = opendir(dir);
    unsigned n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.' || strstr(e->d_name, ".tmp");
    if (d) closedir(d);
    return n;
}

static void remove_all(void)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s/* %s/.*.tmp", dir, dir);
    if (system(cmd) != 0) fprintf(stderr, "could not empty %s\n", dir);
}

static unsigned long walked; /* failure points, in all cases */

#ifdef TEST_UNDER_ASAN
enum { STRIDE = 3 }; /* every allocation cost make check 4.5 minutes under ASan, every 2nd 4 */
#else
enum { STRIDE = 4 };
#endif

/* The first allocation a walk fails: 1, 2, ... STRIDE in turn. */
static unsigned long first_point(void)
{
    static unsigned long walks;
    return walks++ % STRIDE + 1;
}

/* The allocation after n to fail: every one (every STRIDE-th) up to the
 * 256th, then one in 8 of those: past the first ones a run repeats them (an
 * animation's next frames, a name fitted at the next size, a booklet's next
 * maze), and walking each of their thousands in turn cost minutes under
 * ASan. */
static unsigned long next_point(unsigned long n) { return n + (n < 256 ? STRIDE : 8 * STRIDE); }

static void walked_note(const char *name, unsigned long points)
{
    printf("%-14s %4lu allocations failed in turn%s\n", name, points,
           STRIDE == 4 ? " (every 4th, past the 256th every 32nd; the sanitized build every 3rd)"
                       : " (every 3rd, past the 256th every 24th)");
    walked += points;
}

/* Fails allocation 1, 2, ... of the scenario until a run sees fewer
 * allocations than the one that would fail: that run must succeed. Under
 * the sanitizers every STRIDE-th allocation fails (a leak or a use after
 * free on an error path shows only there; make check walks the sanitized
 * build alone, tests/run.sh); the plain build, which make test walks, fails
 * every STRIDE-th, from a different first one each scenario so that together
 * they reach every residue. */
static void walk(const char *name, scenario run, const char *file)
{
    char target[128];
    snprintf(target, sizeof target, "%s/%s", dir, file);
    verdict failed_cleanly = {0}, said_why = {0}, left_nothing = {0};
    bool finished = false;
    unsigned long n, walked_here = 0;
    enum { MOST = 5000 }; /* a bound, so a broken count cannot loop forever */
    for (n = first_point(); n <= MOST && !finished; n = next_point(n), walked_here++) {
        meiro_error err = {0};
        fault_inject(n);
        meiro_status s = run(target, &err);
        bool injected = fault_injected();
        fault_inject(0);
        if (!injected) {
            finished = true;
            CHECK_MSG(s == MEIRO_OK, "%s: %s", name, err.message);
            CHECK_MSG(test_exists(target), "%s: no %s", name, target);
            remove_all();
            break;
        }
        verdict_note(&failed_cleanly, s == MEIRO_ERROR_NOMEM || s == MEIRO_ERROR_IO,
                     "%s: allocation %lu failed, status %d (%s)", name, n, (int)s, err.message);
        verdict_note(&said_why, err.status == s && err.message[0],
                     "%s: allocation %lu: err holds status %d, message '%s'", name, n,
                     (int)err.status, err.message);
        unsigned left = files_left();
        verdict_note(&left_nothing, left == 0, "%s: allocation %lu failed, %u files left", name, n,
                     left);
        if (left) remove_all();
    }
    CHECK_MSG(finished, "%s: still failing after %d allocations", name, MOST);
    CHECK_ALL(failed_cleanly);
    CHECK_ALL(said_why);
    CHECK_ALL(left_nothing);
    walked_note(name, walked_here);
}

static void test_text(void) { walk("text", to_text, "m.txt"); }
static void test_csv(void) { walk("csv", to_csv, "m.csv"); }
static void test_ascii(void) { walk("ascii", to_ascii, "m.txt"); }
static void test_unicode(void) { walk("unicode", to_unicode, "m.txt"); }
static void test_pdf(void) { walk("pdf", to_pdf, "m.pdf"); }
static void test_svg(void) { walk("svg", to_svg, "m.svg"); }
static void test_png(void) { walk("png", to_png, "m.png"); }
static void test_xlsx(void) { walk("xlsx", to_xlsx, "m.xlsx"); }
static void test_html(void) { walk("html", to_html, "m.html"); }
static void test_template(void) { walk("template", to_kids_pdf, "kids.pdf"); }
static void test_stl(void) { walk("stl", to_stl, "m.stl"); }
static void test_3mf(void) { walk("3mf", to_3mf, "m.3mf"); }
static void test_animated_svg(void) { walk("animated-svg", to_animated_svg, "anim.svg"); }
static void test_frames(void) { walk("frames", to_frames, "frames"); }
static void test_booklet_pdf(void) { walk("booklet-pdf", to_booklet_pdf, "book.pdf"); }
static void test_booklet_xlsx(void) { walk("booklet-xlsx", to_booklet_xlsx, "book.xlsx"); }
static void test_booklet_html(void) { walk("booklet-html", to_booklet_html, "book.html"); }

/* Whether every file in the test folder is one the run without faults
 * wrote, byte for byte (no temporary file, nothing cut short). */
static bool only_complete_files(void)
{
    char cmd[512];
    snprintf(
        cmd, sizeof cmd,
        "cd %s && find . -type f | while read -r f; do cmp -s \"$f\" \"%s/$f\" || exit 1; done",
        dir, ref);
    return system(cmd) == 0;
}

/* The command line built with the hook (tests/meiro-faults), its Nth
 * allocation failed through MEIRO_FAULT_NTH: it must exit 1 saying "out of
 * memory" (never 0 with an output missing, never crash, never leak under
 * ASan). Its outputs are each saved whole or not at all, so what it leaves
 * must be files the run without faults writes, complete. The maze files
 * are read, the rest written in the test folder. */
static void walk_cli(const char *name, const char *args)
{
    char near[4096], bin[PATH_MAX], cmd[16384];
    if (!test_near_binary("meiro-faults", near, sizeof near) || !realpath(near, bin)) {
        CHECK_MSG(false, "%s: no meiro-faults beside the test", name);
        return;
    }
    snprintf(cmd, sizeof cmd, "rm -rf %s/* && cd %s && %s %s >/dev/null", ref, ref, bin, args);
    CHECK_MSG(system(cmd) == 0, "%s: fails without faults", name);
    verdict failed_cleanly = {0}, left_whole = {0};
    bool finished = false;
    unsigned long n, walked_here = 0;
    enum { MOST = 4000 };
    for (n = first_point(); n <= MOST && !finished; n = next_point(n), walked_here++) {
        char said[512] = "";
        snprintf(cmd, sizeof cmd, "cd %s && MEIRO_FAULT_NTH=%lu %s %s >/dev/null 2>.stderr", dir, n,
                 bin, args);
        int st = system(cmd);
        int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        snprintf(cmd, sizeof cmd, "%s/.stderr", dir);
        FILE *f = fopen(cmd, "r");
        size_t got = f ? fread(said, 1, sizeof said - 1, f) : 0;
        said[got] = 0;
        if (f) fclose(f);
        remove(cmd);
        bool injected = strstr(said, "meiro-faults: the allocation failed") != NULL;
        if (!injected) {
            finished = true;
            CHECK_MSG(code == 0, "%s: exit %d: %s", name, code, said);
            remove_all();
            break;
        }
        verdict_note(&failed_cleanly, code == 1 && strstr(said, "out of memory"),
                     "%s: allocation %lu failed: exit %d, said: %s", name, n, code, said);
        verdict_note(&left_whole, only_complete_files(),
                     "%s: allocation %lu failed, a file left is not one of the run without faults",
                     name, n);
        remove_all();
    }
    CHECK_MSG(finished, "%s: still failing after %d allocations", name, MOST);
    CHECK_ALL(failed_cleanly);
    CHECK_ALL(left_whole);
    walked_note(name, walked_here);
}

static void test_cli_generate(void)
{
    walk_cli("cli-generate",
             "generate -W 6 -H 5 -s 7 --solution --animate a.svg --frames f -o m.txt");
}

static void test_cli_solve(void)
{
    char args[8192], maze[PATH_MAX];
    CHECK(realpath(test_data("seed003.txt"), maze));
    snprintf(args, sizeof args, "solve --animate a.svg --frames f -o m.txt %s", maze);
    walk_cli("cli-solve", args);
}

static void test_cli_booklet(void) { walk_cli("cli-booklet", "booklet -n 2 -s 1 -o b.pdf"); }
/* a book without workings: its remaking file beside it, written whole or not at all */
static void test_cli_booklet_clean(void)
{
    walk_cli("cli-booklet-clean", "booklet -n 2 -s 1 --no-workings -o b.pdf");
}

static void test_read(void) { walk("read", read_back, "m.csv"); }
static void test_json(void) { walk("json", json_back, "m.json"); }
static void test_shape_svg(void)
{
    shape_file = "disc.svg";
    walk("shape-svg", from_shape_file, "m.txt");
}
static void test_shape_png(void)
{
    shape_file = "disc.png";
    walk("shape-png", from_shape_file, "m.txt");
}
static void test_text_mask(void) { walk("text-mask", from_text, "m.pdf"); }
static void test_name_fit(void) { walk("name-fit", from_name, "m.pdf"); }
static void test_play(void) { walk("play", to_play, "m.xlsx"); }
static void test_bleed(void) { walk("bleed", to_bleed, "m.pdf"); }
static void test_fold_sheets(void) { walk("fold-sheets", to_fold_sheets, "f.pdf"); }
static void test_fold_pages(void) { walk("fold-pages", to_fold_pages, "f.pdf"); }
static void test_cli_answers_to(void)
{
    walk_cli("cli-answers-to", "generate -W 6 -H 5 -s 7 --answers-to k.pdf -o m.svg");
}
static void test_cli_play(void)
{
    walk_cli("cli-play", "generate -W 6 -H 5 -s 7 --play -o m.xlsx");
}
static void test_cli_json(void)
{
    walk_cli("cli-json", "generate -W 6 -H 5 -s 7 --shape heart -o m.json");
}
/* a laser's outlines: the strokes gathered, merged, outlined and ordered (a
 * rectangle's: the other grids' walls are joined on the page as they can, by
 * trails when there is memory for them, else as they come) */
static void test_cli_dxf(void)
{
    walk_cli("cli-dxf", "generate -W 6 -H 5 -s 7 --kerf 0.1 -o m.dxf");
}
/* the machines' checks after the file is written (meiro_preflight_machine):
 * a braided maze's outlines read back and their islands found, a plotter's
 * two pens, a 3D print's section */
static void test_cli_preflight(void)
{
    walk_cli("cli-preflight-laser", "generate -W 6 -H 5 -s 7 --loops 60 -o m.dxf");
    walk_cli("cli-preflight-plotter", "generate -W 6 -H 5 -s 7 --solution -o m.gcode");
    walk_cli("cli-preflight-3d", "generate -W 3 -H 3 -s 7 --ball 8mm -o m.stl");
}
/* --choices: the way walked anew and the rest grown (gen/choices.c) */
static void test_cli_choices(void)
{
    walk_cli("cli-choices", "generate -W 8 -H 6 -s 7 --choices 3 --solution -o m.txt");
}
/* a tactile wall sheet: its walls, and its braille as the PDF's text
 * (draw/scene_cairo.c) */
static void test_cli_tactile(void)
{
    walk_cli("cli-tactile", "generate -W 3 -H 3 -s 7 --grid hex --print tactile --draw walls "
                            "-o m.pdf");
}
static void test_shape(void) { walk("shape", shaped, "m.txt"); }

static void test_generators(void)
{
    for (size_t k = 0; k < meiro_generator_count(); k++) {
        generator = meiro_generator_info(k)->name;
        walk(generator, with_algorithms, "m.txt");
    }
    generator = "cluster";
}

static void test_solvers(void)
{
    for (size_t k = 0; k < meiro_solver_count(); k++) {
        solver = meiro_solver_info(k)->name;
        walk(solver, with_algorithms, "m.txt");
    }
    solver = "bfs";
}

static const test_case cases[] = {
    {"text", test_text},
    {"csv", test_csv},
    {"ascii", test_ascii},
    {"unicode", test_unicode},
    {"pdf", test_pdf},
    {"svg", test_svg},
    {"png", test_png},
    {"xlsx", test_xlsx},
    {"html", test_html},
    {"stl", test_stl},
    {"3mf", test_3mf},
    {"template", test_template},
    {"animated-svg", test_animated_svg},
    {"frames", test_frames},
    {"booklet-pdf", test_booklet_pdf},
    {"booklet-xlsx", test_booklet_xlsx},
    {"booklet-html", test_booklet_html},
    {"read", test_read},
    {"json", test_json},
    {"shape-svg", test_shape_svg},
    {"shape-png", test_shape_png},
    {"text-mask", test_text_mask},
    {"name-fit", test_name_fit},
    {"play", test_play},
    {"bleed", test_bleed},
    {"fold-sheets", test_fold_sheets},
    {"fold-pages", test_fold_pages},
    {"shape", test_shape},
    {"generators", test_generators},
    {"solvers", test_solvers},
    {"cli-generate", test_cli_generate},
    {"cli-solve", test_cli_solve},
    {"cli-booklet", test_cli_booklet},
    {"cli-booklet-clean", test_cli_booklet_clean},
    {"cli-answers-to", test_cli_answers_to},
    {"cli-play", test_cli_play},
    {"cli-json", test_cli_json},
    {"cli-dxf", test_cli_dxf},
    {"cli-preflight", test_cli_preflight},
    {"cli-choices", test_cli_choices},
    {"cli-tactile", test_cli_tactile},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-faults-XXXXXX");
    snprintf(ref, sizeof ref, "/tmp/meiro-faults-ref-XXXXXX");
    snprintf(shapes_dir, sizeof shapes_dir, "/tmp/meiro-faults-shapes-XXXXXX");
    if (!mkdtemp(dir) || !mkdtemp(ref) || !mkdtemp(shapes_dir)) return 1;
    /* the shape files: a disc as SVG, and as PNG (drawn with cairo) */
    char path[160];
    snprintf(path, sizeof path, "%s/disc.svg", shapes_dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><circle cx='5' cy='5' r='5'/></svg>",
            f);
        fclose(f);
    }
    cairo_surface_t *disc = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 40);
    cairo_t *cr = cairo_create(disc);
    cairo_arc(cr, 20, 20, 19, 0, 2 * M_PI);
    cairo_fill(cr);
    cairo_destroy(cr);
    snprintf(path, sizeof path, "%s/disc.png", shapes_dir);
    cairo_surface_write_to_png(disc, path);
    cairo_surface_destroy(disc);
    int status = test_main("faults", argc, argv, cases, TEST_COUNT(cases));
    if (walked) printf("faults: %lu allocation failure points walked\n", walked);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s %s %s", dir, ref, shapes_dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
