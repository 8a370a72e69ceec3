/* Booklets and templates: page plans, every maze of every page read back
 * from the rendered PDF (walls, answers), Japanese text and fonts, every
 * shipped template, XLSX booklets, and difficulty levels that really rise. */
#define _XOPEN_SOURCE 700 /* posix_openpt and friends */
#include "harness.h"
#include "whitebox.h"

static char dir[64];

#include "picture.h"

#include <fcntl.h>
#include <sys/wait.h>

/* The options of a level's maze. */
static void level_options(const meiro_level_desc *l, uint64_t seed, meiro_generate_options *o)
{
    meiro_generate_options_init(o);
    o->width = l->width;
    o->height = l->height;
    o->algorithm = l->algorithm;
    o->ends = l->ends;
    o->seed = seed;
}

/* Each level's mazes: longer solutions and more decisions on average than
 * the level before (compared from the second level on). */
static void test_levels(void)
{
    double prev_solution = 0, prev_decisions = 0;
    verdict measured = {0};
    for (unsigned k = 0; k < MEIRO_LEVEL_COUNT; k++) {
        const meiro_level_desc *l = meiro_level_info((meiro_level)k);
        double solution = 0, decisions = 0;
        enum { SEEDS = 8 };
        for (uint64_t seed = 1; seed <= SEEDS; seed++) {
            meiro_generate_options o;
            level_options(l, seed, &o);
            meiro_maze *m = meiro_generate(&o, NULL);
            meiro_stats st = {0};
            verdict_note(&measured, m && meiro_stats_compute(m, &st, NULL) == MEIRO_OK,
                         "%s seed %llu", l->name, (unsigned long long)seed);
            solution += (double)st.solution / SEEDS;
            decisions += (double)st.decisions / SEEDS;
            meiro_maze_free(m);
        }
        if (k > 0) {
            CHECK_MSG(solution > prev_solution * 1.3, "%s: solution %.1f after %.1f", l->name,
                      solution, prev_solution);
            CHECK_MSG(decisions > prev_decisions * 1.3, "%s: decisions %.1f after %.1f", l->name,
                      decisions, prev_decisions);
        }
        printf("level %-7s solution %6.1f cells, %5.1f decisions\n", l->name, solution, decisions);
        prev_solution = solution;
        prev_decisions = decisions;
    }
    CHECK_ALL(measured);
    meiro_level lv;
    CHECK(meiro_level_from_name("hard", &lv, NULL) == MEIRO_OK && lv == MEIRO_LEVEL_HARD);
    CHECK(meiro_level_from_name("insane", &lv, NULL) == MEIRO_ERROR_UNKNOWN_NAME);
}

typedef struct book {
    meiro_maze *mazes[64];
    meiro_path paths[64];
    doc_item items[64];
    unsigned count;
} book;

/* The booklet's mazes again, from the documented rules: equal runs of each
 * level, each maze's seed derived from the booklet's. */
static void rebuild(const meiro_booklet_options *b, book *bk)
{
    bk->count = b->count;
    unsigned span = b->to_level - b->from_level + 1;
    for (unsigned i = 0; i < b->count; i++) {
        meiro_level level = (meiro_level)(b->from_level + i * span / b->count);
        meiro_generate_options o;
        level_options(meiro_level_info(level), meiro_booklet_maze_seed(b->seed, i), &o);
        bk->mazes[i] = meiro_generate(&o, NULL);
        meiro_solve(bk->mazes[i], NULL, &bk->paths[i], NULL);
        bk->items[i] = (doc_item){bk->mazes[i], &bk->paths[i], 1 + (int)level};
    }
}

static void free_book(book *bk)
{
    for (unsigned i = 0; i < bk->count; i++) {
        meiro_maze_free(bk->mazes[i]);
        meiro_path_free(&bk->paths[i]);
    }
}

/* Writes a booklet with a template and reads every page back. */
static void check_booklet(const char *tpl_name, unsigned count, meiro_level from, meiro_level to,
                          const char *lang)
{
    meiro_template *tpl = meiro_template_load(tpl_name, NULL);
    CHECK_MSG(tpl != NULL, "template %s", tpl_name);
    if (!tpl) return;
    meiro_export_options page;
    meiro_export_options_from_template(&page, tpl);
    page.lang = lang;
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = count;
    b.from_level = from;
    b.to_level = to;
    b.seed = 11;
    char file[160];
    snprintf(file, sizeof file, "%s/%s.pdf", dir, tpl_name);
    meiro_error err = {0};
    CHECK_MSG(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, file, &err) == MEIRO_OK, "%s: %s",
              tpl_name, err.message);

    book bk;
    rebuild(&b, &bk);
    document d;
    page.answer_page = tpl->answers != ANSWERS_NONE;
    CHECK_INT(doc_init(&d, bk.items, bk.count, &page, -1, NULL), MEIRO_OK);
    /* the plan: cover, puzzle pages, answers after each or in a key */
    size_t puzzles = (count + tpl->per_page - 1) / tpl->per_page;
    size_t answers = tpl->answers == ANSWERS_AFTER_PAGE ? puzzles
                     : tpl->answers == ANSWERS_KEY
                         ? (count + tpl->key_per_page - 1) / tpl->key_per_page
                         : 0;
    CHECK_INT(d.page_count, (tpl->cover ? 1 : 0) + puzzles + answers);
    if (have("pdfinfo")) {
        char cmd[256], out[2048], want[64];
        snprintf(cmd, sizeof cmd, "pdfinfo %s", file);
        CHECK(run(cmd, out, sizeof out));
        snprintf(want, sizeof want, "Pages:           %zu\n", d.page_count);
        CHECK_MSG(strstr(out, want) != NULL, "%s: wanted %zu pages: %s", tpl_name, d.page_count,
                  out);
        double pw, ph, w = 0, h = 0;
        doc_page_size(&d, &pw, &ph);
        char *size = strstr(out, "Page size:");
        if (size) sscanf(size, "Page size: %lf x %lf", &w, &h);
        CHECK_MSG(fabs(w - pw * 72 / 25.4) < 0.01 && fabs(h - ph * 72 / 25.4) < 0.01,
                  "%s: page %.2f x %.2f", tpl_name, w, h);
    }
    if (have("pdftoppm")) {
        double dpi = 200, ppm = dpi / 25.4;
        char cmd[320];
        snprintf(cmd, sizeof cmd, "pdftoppm -r %.0f -png %s %s/%s", dpi, file, dir, tpl_name);
        CHECK(run(cmd, NULL, 0));
        int digits = d.page_count >= 10 ? 2 : 1;
        verdict pages = {0}; /* every maze of every page */
        for (size_t p = 0; p < d.page_count; p++) {
            const doc_page *pg = &d.pages[p];
            char png[200];
            snprintf(png, sizeof png, "%s/%s-%0*zu.png", dir, tpl_name, digits, p + 1);
            image img = {0};
            if (!verdict_note(&pages, load_png(png, &img), "%s page %zu does not render", tpl_name,
                              p + 1))
                continue;
            img.pictures = d.style.marks.start_art != NULL;
            for (size_t k = 0; k < pg->count; k++) {
                page_layout L;
                page_frame f;
                if (!verdict_note(&pages, doc_place(&d, pg, k, &L, &f, NULL) == MEIRO_OK,
                                  "%s page %zu: maze %zu not placed", tpl_name, p + 1, k + 1))
                    continue;
                const doc_item *it = &bk.items[pg->first + k];
                bool answer = pg->kind == PAGE_ANSWERS;
                /* a key's S and G: at least 2 mm letters, their plates (or
                 * badges, filling their cells) over small cells */
                double badge =
                    fmax(fmin((L.cell - L.line) * 0.9, BADGE_MAX_MM), BADGE_KEY_SCALE * L.mark_min);
                img.ends_mm =
                    L.mark_min > 0 ? (d.style.marks.badges ? badge : 1.4 * L.mark_min) : 0;
                char what[96];
                snprintf(what, sizeof what, "%s page %zu maze %zu%s", tpl_name, p + 1,
                         pg->first + k + 1, answer ? " (answer)" : "");
                check_picture(&pages, what, &img, it->maze, answer ? it->path : NULL, &L, ppm, 0, 0,
                              0.02, false, false);
            }
            free_image(&img);
        }
        CHECK_ALL(pages);
    }
    doc_free(&d);
    free_book(&bk);
    meiro_template_free(tpl);
}

static void test_japanese(void)
{
    meiro_template *tpl = meiro_template_load("kids-ja", NULL);
    meiro_export_options page;
    meiro_export_options_from_template(&page, tpl);
    meiro_maze *m = meiro_generate(
        &(meiro_generate_options){.width = 7, .height = 9, .algorithm = "dig", .seed = 2}, NULL);
    meiro_path path;
    meiro_solve(m, NULL, &path, NULL);
    char file[128];
    snprintf(file, sizeof file, "%s/ja.pdf", dir);
    CHECK_INT(meiro_save(m, &path, MEIRO_FORMAT_PDF, &page, file, NULL), MEIRO_OK);
    char cmd[256], out[4096];
    if (have("pdftotext")) {
        snprintf(cmd, sizeof cmd, "pdftotext %s -", file);
        CHECK(run(cmd, out, sizeof out));
        CHECK_MSG(strstr(out, "めいろ") && strstr(out, "なまえ") && strstr(out, "こたえ"),
                  "text layer: %s", out);
    }
    if (have("pdffonts")) {
        snprintf(cmd, sizeof cmd, "pdffonts %s", file);
        CHECK(run(cmd, out, sizeof out));
        CHECK_MSG(strstr(out, "CID") != NULL, "no CID (CJK) font: %s", out);
        snprintf(cmd, sizeof cmd, "pdffonts %s | tail -n +3 | grep -vc ' yes yes '", file);
        run(cmd, out, sizeof out);
        CHECK_MSG(atoi(out) == 0, "a font is not embedded");
    }
    /* --lang ja on an English template: meiro's own words in Japanese */
    meiro_template *en = meiro_template_load("booklet-a4", NULL);
    meiro_export_options_from_template(&page, en);
    page.lang = "ja";
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 3;
    snprintf(file, sizeof file, "%s/ja-book.pdf", dir);
    CHECK_INT(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, file, NULL), MEIRO_OK);
    if (have("pdftotext")) {
        snprintf(cmd, sizeof cmd, "pdftotext %s -", file);
        CHECK(run(cmd, out, sizeof out));
        /* the page numbers stand alone in the corners (cli.sh checks where) */
        CHECK_MSG(strstr(out, "こたえ") && strstr(out, "だい1もん") && !strstr(out, "ページ"),
                  "text layer: %s", out);
    }
    meiro_template_free(en);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_template_free(tpl);
}

/* Every shipped template renders a page, as PDF and PNG. */
static void test_every_template(void)
{
    verdict loaded = {0}, saved = {0};
    for (size_t i = 0; i < meiro_builtin_template_count(); i++) {
        const char *name = meiro_builtin_template_name(i);
        meiro_error err = {0};
        meiro_template *tpl = meiro_template_load(name, &err);
        if (!verdict_note(&loaded, tpl != NULL, "%s: %s", name, err.message)) continue;
        meiro_export_options page;
        meiro_export_options_from_template(&page, tpl);
        page.dpi = 60;
        meiro_maze *m =
            meiro_generate(&(meiro_generate_options){.width = 9, .height = 12, .seed = 4}, NULL);
        meiro_path path;
        meiro_solve(m, NULL, &path, NULL);
        for (int f = 0; f < 3; f++) {
            meiro_format fmt = f == 0   ? MEIRO_FORMAT_PDF
                               : f == 1 ? MEIRO_FORMAT_PNG
                                        : MEIRO_FORMAT_XLSX;
            char file[160];
            snprintf(file, sizeof file, "%s/every-%s.%s", dir, name, meiro_format_info(fmt)->name);
            meiro_export_options po = page;
            if (fmt == MEIRO_FORMAT_PNG) po.answer_page = false;
            verdict_note(&saved, meiro_save(m, &path, fmt, &po, file, &err) == MEIRO_OK,
                         "%s %s: %s", name, file, err.message);
        }
        meiro_path_free(&path);
        meiro_maze_free(m);
        meiro_template_free(tpl);
    }
    CHECK_ALL(loaded);
    CHECK_ALL(saved);
    meiro_error err = {0};
    /* pictures for S and G, relative to a user's template */
    char path[160];
    snprintf(path, sizeof path, "%s/flag.svg", dir);
    FILE *svg = fopen(path, "w");
    fputs("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10' viewBox='0 0 10 10'>"
          "<path d='M2 9 V1 L8 3 L2 5' fill='#3a7' stroke='#063' stroke-width='0.5'/></svg>\n",
          svg);
    fclose(svg);
    snprintf(path, sizeof path, "%s/flags.ini", dir);
    FILE *ini = fopen(path, "w");
    fputs("[art]\nstart = flag.svg\ngoal = flag.svg\n", ini);
    fclose(ini);
    meiro_template *flags = meiro_template_load(path, &err);
    CHECK_MSG(flags != NULL, "%s", err.message);
    if (flags) {
        meiro_export_options page;
        meiro_export_options_from_template(&page, flags);
        meiro_maze *m =
            meiro_generate(&(meiro_generate_options){.width = 6, .height = 5, .seed = 1}, NULL);
        char out[160];
        snprintf(out, sizeof out, "%s/flags.pdf", dir);
        CHECK_MSG(meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, out, &err) == MEIRO_OK, "%s",
                  err.message);
        meiro_template_free(flags);
        /* a picture that is not there: named, with the template */
        ini = fopen(path, "w");
        fputs("[art]\nframe = missing.svg\n", ini);
        fclose(ini);
        flags = meiro_template_load(path, &err);
        meiro_export_options_from_template(&page, flags);
        CHECK(meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, out, &err) == MEIRO_ERROR_IO);
        CHECK_MSG(strstr(err.message, "missing.svg") && strstr(err.source, "flags.ini"), "%s (%s)",
                  err.message, err.source);
        meiro_template_free(flags);
        meiro_maze_free(m);
    }
    /* a broken template: file and line */
    char bad[128];
    snprintf(bad, sizeof bad, "%s/broken.ini", dir);
    FILE *f = fopen(bad, "w");
    fputs("[page]\npaper = a4\n\n[maze]\ncell = huge\n", f);
    fclose(f);
    CHECK(meiro_template_load(bad, &err) == NULL);
    CHECK_MSG(err.status == MEIRO_ERROR_PARSE && err.line == 5 &&
                  strstr(err.source, "broken.ini") && strstr(err.message, "cell"),
              "%d %s:%lu %s", err.status, err.source, err.line, err.message);
    f = fopen(bad, "w");
    fputs("[page]\nmazes = 2\nthis is not ini\n", f);
    fclose(f);
    CHECK(meiro_template_load(bad, &err) == NULL && err.line == 3);
    CHECK(meiro_template_load("no-such-template", &err) == NULL &&
          err.status == MEIRO_ERROR_UNKNOWN_NAME);
}

static void test_xlsx_booklet(void)
{
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 5;
    b.from_w = 8, b.from_h = 6, b.to_w = 24, b.to_h = 18;
    char file[128];
    snprintf(file, sizeof file, "%s/book.xlsx", dir);
    meiro_error err = {0};
    CHECK_MSG(meiro_booklet_save(&b, NULL, MEIRO_FORMAT_XLSX, file, &err) == MEIRO_OK, "%s",
              err.message);
    if (!have("unzip")) return;
    char cmd[256], out[8192];
    snprintf(cmd, sizeof cmd, "unzip -l %s | grep -c 'xl/worksheets/sheet'", file);
    run(cmd, out, sizeof out);
    CHECK_MSG(atoi(out) == 10, "%s sheets, wanted 5 mazes and 5 answers", out);
    snprintf(cmd, sizeof cmd, "unzip -p %s xl/workbook.xml", file);
    run(cmd, out, sizeof out);
    CHECK(strstr(out, "name=\"Maze 1\"") && strstr(out, "name=\"Answer 5\""));
    /* sizes rise from the first maze to the last */
    snprintf(cmd, sizeof cmd,
             "unzip -p %s xl/worksheets/sheet5.xml | grep -o '<dimension ref=\"[A-Z0-9:]*\"'",
             file);
    run(cmd, out, sizeof out);
    CHECK_MSG(strstr(out, "A1:Z20") != NULL, "the last maze is 24 x 18 + a ring: %s", out);
    /* bad booklets */
    b.count = 0;
    CHECK(meiro_booklet_save(&b, NULL, MEIRO_FORMAT_PDF, file, &err) == MEIRO_ERROR_ARGUMENT);
    b.count = 3;
    CHECK(meiro_booklet_save(&b, NULL, MEIRO_FORMAT_SVG, file, &err) == MEIRO_ERROR_ARGUMENT);
}

/* The progress bar: drawn on a terminal (a pseudo-terminal here) for a
 * booklet that takes a moment, never when stderr is a file. */
static void test_progress(void)
{
    const char *meiro = test_meiro();
    if (!meiro) {
        test_skip("progress bar (no meiro binary: set MEIRO)");
        return;
    }
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    CHECK(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0);
    char *slave = ptsname(master);
    char out_pdf[128];
    snprintf(out_pdf, sizeof out_pdf, "%s/progress.pdf", dir);
    char *args[] = {(char *)meiro, "booklet", "-n",    "600", "--difficulty", "easy-expert", "-s",
                    "1",           "-o",      out_pdf, NULL};
    pid_t pid = fork();
    if (pid == 0) {
        setsid();
        int s = open(slave, O_RDWR);
        int null = open("/dev/null", O_WRONLY);
        dup2(s, STDERR_FILENO);
        dup2(null, STDOUT_FILENO);
        execv(meiro, args);
        _exit(127);
    }
    char buf[1 << 16];
    size_t len = 0;
    for (;;) { /* read until the child closes the terminal */
        ssize_t n = read(master, buf + len, sizeof buf - 1 - len);
        if (n <= 0) break;
        len += (size_t)n;
        if (len >= sizeof buf - 1) len = 0; /* keep the tail */
    }
    buf[len] = 0;
    int status = 0;
    waitpid(pid, &status, 0);
    close(master);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK_MSG(strstr(buf, "[##############################] 100%") != NULL,
              "no finished bar: %.200s", buf);
    /* stderr a file: no bar (another 600 mazes: make check) */
    if (!test_full()) return;
    char cmd[4400 + sizeof dir], out[4096];
    snprintf(cmd, sizeof cmd, "%s booklet -n 600 -s 1 -o %s 2>&1 >/dev/null", meiro, out_pdf);
    CHECK(run(cmd, out, sizeof out));
    CHECK_MSG(strstr(out, "%") == NULL, "a bar on a file: %s", out);
}

static void test_booklet_a5(void)
{
    check_booklet("booklet-a5", 9, MEIRO_LEVEL_EASY, MEIRO_LEVEL_HARD, NULL);
}

static void test_worksheet_2up(void)
{
    check_booklet("worksheet-a4-2up", 5, MEIRO_LEVEL_NORMAL, MEIRO_LEVEL_NORMAL, NULL);
}

static void test_answer_key(void)
{
    check_booklet("answer-key", 7, MEIRO_LEVEL_EASY, MEIRO_LEVEL_EXPERT, NULL);
}

static void test_kids_a4(void)
{
    check_booklet("kids-a4", 3, MEIRO_LEVEL_EASY, MEIRO_LEVEL_EASY, NULL);
}

static void test_kids_ja(void)
{
    check_booklet("kids-ja", 2, MEIRO_LEVEL_EASY, MEIRO_LEVEL_NORMAL, "ja");
}

/* The hard levels, as puzzle books need them, over 200 seeds: S and G in
 * doors of the outer wall at least a third of the way across (a tenth of
 * hard mazes had them within 7 cells, some side by side, when they were the
 * ends of the longest path), and the way between still at least half the
 * maze's longest path. */
static void test_hard_levels_far_apart(void)
{
    verdict far = {0}, doors = {0}, long_way = {0};
    for (meiro_level k = MEIRO_LEVEL_HARD; k <= MEIRO_LEVEL_EXPERT; k++)
        for (uint64_t seed = 1; seed <= 200; seed++) {
            const meiro_level_desc *l = meiro_level_info(k);
            meiro_generate_options o;
            level_options(l, seed, &o);
            meiro_maze *m = meiro_generate(&o, NULL);
            meiro_stats st = {0};
            if (!verdict_note(&far, m && meiro_stats_compute(m, &st, NULL) == MEIRO_OK,
                              "%s seed %llu", l->name, (unsigned long long)seed)) {
                meiro_maze_free(m);
                continue;
            }
            meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
            uint32_t apart =
                (s.x > g.x ? s.x - g.x : g.x - s.x) + (s.y > g.y ? s.y - g.y : g.y - s.y);
            verdict_note(&far, apart * 3 >= l->width + l->height - 2,
                         "%s seed %llu: S and G %u apart", l->name, (unsigned long long)seed,
                         apart);
            verdict_note(&doors,
                         meiro_maze_start_door(m) != MEIRO_NO_DIR &&
                             meiro_maze_goal_door(m) != MEIRO_NO_DIR,
                         "%s seed %llu: no doors", l->name, (unsigned long long)seed);
            verdict_note(&long_way, st.solution * 2 >= st.longest,
                         "%s seed %llu: solution %llu of %llu", l->name, (unsigned long long)seed,
                         (unsigned long long)st.solution, (unsigned long long)st.longest);
            meiro_maze_free(m);
        }
    CHECK_ALL(far);
    CHECK_ALL(doors);
    CHECK_ALL(long_way);
}

/* Every word of page `page_no` of a PDF (pdftotext -bbox) lies inside the
 * margins, off the maze (but S and G) and, with frame art, out of its
 * corners; noted in v. */
static void check_words(verdict *v, const char *what, const char *file, int page_no,
                        const page_layout *L, double pw, double ph, double margin, bool frame)
{
    char cmd[256], line[1024];
    snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d -bbox %s -", page_no, page_no, file);
    FILE *in = popen(cmd, "r");
    int words = 0;
    while (in && fgets(line, sizeof line, in)) {
        double x0, y0, x1, y1;
        char word[256];
        if (sscanf(line, " <word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%255[^<]", &x0,
                   &y0, &x1, &y1, word) != 5)
            continue;
        words++;
        x0 /= PT_PER_MM, y0 /= PT_PER_MM, x1 /= PT_PER_MM, y1 /= PT_PER_MM;
        const double tol = 0.5, corner = 22;
        bool in_margins = x0 >= margin - tol && x1 <= pw - margin + tol && y0 >= margin - tol &&
                          y1 <= ph - margin + tol;
        bool on_maze = x1 > L->maze_x && x0 < L->maze_x + L->maze_w && y1 > L->maze_y &&
                       y0 < L->maze_y + L->maze_h && strlen(word) > 3 && strcmp(word, "スタート") &&
                       strcmp(word, "ゴール"); /* not the marks */
        bool in_corner =
            frame && (x0 < corner || x1 > pw - corner) && (y0 < corner || y1 > ph - corner);
        verdict_note(v, in_margins && !on_maze && !in_corner,
                     "%s: '%s' at %.1f,%.1f-%.1f,%.1f mm (page %.0f x %.0f, maze at %.1f,%.1f)",
                     what, word, x0, y0, x1, y1, pw, ph, L->maze_x, L->maze_y);
    }
    if (in) pclose(in);
    verdict_note(v, words > 0, "%s: no text read", what);
}

/* Long titles fit the page: over templates (with and without frame art),
 * papers, orientations and titles in English and Japanese, every word of
 * page 1 (pdftotext -bbox) lies inside the margins, clear of the frame's
 * corner art and of the maze; a title too long even for two lines at the
 * floor size is refused with a message saying how much fits. */
static void test_long_titles(void)
{
    if (!have("pdftotext")) return;
    static const char *const templates[] = {"default", "kids-a4", "kids-ja", "worksheet-a4-2up"};
    static const meiro_paper papers[] = {MEIRO_PAPER_A4, MEIRO_PAPER_LETTER, MEIRO_PAPER_A5};
    static const char *const titles[] = {
        "Maze",
        "Hana's Birthday Maze: Find the Way to the Cake and the Presents!", /* 64 characters */
        "はなちゃんの おたんじょうび めいろ：ケーキまでの みちを みつけよう！プレゼントも さがしてね",
    };
    verdict inside = {0};
    size_t pages = 0;
    for (size_t t = 0; t < TEST_COUNT(templates); t++)
        for (size_t p = 0; p < TEST_COUNT(papers); p++)
            for (int land = 0; land <= 1; land++)
                for (size_t k = 0; k < TEST_COUNT(titles); k++) {
                    meiro_template *tpl = meiro_template_load(templates[t], NULL);
                    meiro_export_options page;
                    meiro_export_options_from_template(&page, tpl);
                    page.paper = papers[p];
                    page.orientation = land ? MEIRO_ORIENT_LANDSCAPE : MEIRO_ORIENT_PORTRAIT;
                    page.title = titles[k];
                    page.answer_page = false;
                    meiro_maze *m = meiro_generate(
                        &(meiro_generate_options){
                            .width = 7, .height = 9, .algorithm = "dig", .seed = 2},
                        NULL);
                    char what[160], file[160];
                    snprintf(what, sizeof what, "%s %s %s title %zu", templates[t],
                             meiro_paper_name(papers[p], NULL, NULL),
                             land ? "landscape" : "portrait", k);
                    snprintf(file, sizeof file, "%s/title.pdf", dir);
                    meiro_error err = {0};
                    doc_item item = {m, NULL, 0};
                    document d;
                    page_layout L;
                    bool made =
                        meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, file, &err) == MEIRO_OK &&
                        doc_init(&d, &item, 1, &page, -1, &err) == MEIRO_OK;
                    if (!verdict_note(&inside, made, "%s: %s", what, err.message)) goto next;
                    pages++;
                    doc_first_maze(&d, 0, &L, NULL);
                    double pw, ph;
                    doc_page_size(&d, &pw, &ph);
                    bool frame = d.style.frame != NULL;
                    doc_free(&d);
                    check_words(&inside, what, file, 1, &L, pw, ph, page.margin_mm, frame);
                next:
                    meiro_maze_free(m);
                    meiro_template_free(tpl);
                }
    printf("long titles: %zu pages checked\n", pages);
    CHECK_ALL(inside);
    /* far too long: refused before anything is written, with what fits */
    char longer[1024] = "";
    for (int k = 0; k < 6; k++) strcat(longer, titles[1]);
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.title = longer;
    meiro_maze *m =
        meiro_generate(&(meiro_generate_options){.width = 7, .height = 9, .seed = 2}, NULL);
    char file[160];
    snprintf(file, sizeof file, "%s/too-long.pdf", dir);
    meiro_error err = {0};
    CHECK(meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, file, &err) == MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "title is too long") && strstr(err.message, "fit"), "%s",
              err.message);
    CHECK(access(file, F_OK) != 0);
    meiro_maze_free(m);
}

/* Whether UTF-8 `s` starts with one of the characters of `set`. */
static bool starts_with_one_of(const char *s, const char *set)
{
    size_t n = 1;
    while (s[n] && ((unsigned char)s[n] & 0xc0) == 0x80) n++;
    char c[8] = "";
    memcpy(c, s, n < 7 ? n : 7);
    return s[0] && strstr(set, c) != NULL;
}

/* Japanese titles wrap as children's text is read: over templates,
 * papers and orientations, a long title read back from page 1 (pdftotext)
 * is one or two lines; when it has spaces (wakachigaki) the line breaks at
 * one of them, never inside a word ("がんばっ" / "て"); no line starts with
 * small kana, ー or closing punctuation, and none ends with an opening
 * bracket. */
static void test_japanese_breaks(void)
{
    if (!have("pdftotext")) return;
    static const char *const templates[] = {"kids-ja", "worksheet-a4-2up", "booklet-a5"};
    static const meiro_paper papers[] = {MEIRO_PAPER_A4, MEIRO_PAPER_A5};
    static const char *const titles[] = {
        "きょうも げんきに がんばって ゴールまで いこう みんなで いっしょに",
        "はなちゃんの おたんじょうび めいろ：ケーキまでの みちを みつけよう！プレゼントも さがしてね",
        "しゅっぱつ しんこう！ちょっと まってね「ジャンプ」で ゴールまで がんばって いこう",
        "ゴールまでがんばっていこうねみんなでいっしょにゴールをめざそう「ジャンプ！」ちょっとまってね。",
    };
    static const char no_start[] =
        "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー、。，．」』）】！？!?・：；…";
    static const char no_end[] = "「『（【";
    verdict v = {0};
    size_t pages = 0, wrapped = 0;
    for (size_t t = 0; t < TEST_COUNT(templates); t++)
        for (size_t p = 0; p < TEST_COUNT(papers); p++)
            for (int land = 0; land <= 1; land++)
                for (size_t k = 0; k < TEST_COUNT(titles); k++) {
                    char what[160], file[160], cmd[256], text[8192];
                    snprintf(what, sizeof what, "%s %s %s title %zu", templates[t],
                             meiro_paper_name(papers[p], NULL, NULL),
                             land ? "landscape" : "portrait", k);
                    meiro_template *tpl = meiro_template_load(templates[t], NULL);
                    meiro_export_options page;
                    meiro_export_options_from_template(&page, tpl);
                    page.paper = papers[p];
                    page.orientation = land ? MEIRO_ORIENT_LANDSCAPE : MEIRO_ORIENT_PORTRAIT;
                    page.title = titles[k];
                    page.answers = MEIRO_ANSWERS_NONE;
                    meiro_maze *m = meiro_generate(
                        &(meiro_generate_options){
                            .width = 7, .height = 9, .algorithm = "dig", .seed = 2},
                        NULL);
                    snprintf(file, sizeof file, "%s/breaks.pdf", dir);
                    snprintf(cmd, sizeof cmd, "pdftotext -f 1 -l 1 %s -", file);
                    meiro_error err = {0};
                    bool made =
                        m && meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, file, &err) == MEIRO_OK &&
                        run(cmd, text, sizeof text);
                    meiro_maze_free(m);
                    meiro_template_free(tpl);
                    if (!verdict_note(&v, made, "%s: %s", what, err.message)) continue;
                    pages++;
                    /* the title's first line, and what follows it */
                    const char *title = titles[k], *line = text, *second = NULL;
                    size_t len = 0;
                    bool found = false;
                    for (; *line && !found; line += len + (line[len] == '\n')) {
                        len = strcspn(line, "\n");
                        size_t n = len;
                        while (n > 0 && line[n - 1] == ' ') n--;
                        if (n == 0 || strncmp(title, line, n) != 0) continue;
                        found = true;
                        if (title[n] == 0) break; /* on one line */
                        second = line + len + (line[len] == '\n');
                        const char *rest = title + n;
                        bool at_space = rest[0] == ' ';
                        if (at_space) rest++;
                        size_t m2 = strcspn(second, "\n");
                        while (m2 > 0 && second[m2 - 1] == ' ') m2--;
                        wrapped++;
                        verdict_note(&v, strlen(rest) == m2 && strncmp(rest, second, m2) == 0,
                                     "%s: the title is not two lines: '%.*s' then '%.*s'", what,
                                     (int)n, line, (int)m2, second);
                        verdict_note(
                            &v, at_space || !strchr(title, ' '),
                            "%s: broken inside a word although it has spaces: '%.*s' / '%s'", what,
                            (int)n, line, rest);
                        verdict_note(&v, !starts_with_one_of(rest, no_start),
                                     "%s: a line starts with '%.3s': %s", what, rest, title);
                        const char *last = title + n - 1;
                        while (last > title && ((unsigned char)*last & 0xc0) == 0x80) last--;
                        verdict_note(&v, !starts_with_one_of(last, no_end),
                                     "%s: a line ends with '%.3s': %s", what, last, title);
                    }
                    verdict_note(&v, found, "%s: the title is not on page 1: %s", what, text);
                }
    printf("japanese breaks: %zu pages, %zu titles wrapped\n", pages, wrapped);
    CHECK_ALL(v);
    CHECK_MSG(wrapped >= pages / 2, "only %zu of %zu titles wrapped: the test does not test",
              wrapped, pages);
}

/* Pixels of warm, saturated colour (the frame's orange and yellow) in a
 * box of an ARGB32/RGB24 image, in pixels. */
static int art_pixels(const unsigned char *data, int stride, int w, int h, double x0, double y0,
                      double x1, double y1)
{
    int n = 0;
    for (int y = (int)fmax(0, y0); y < (int)fmin(h, y1); y++)
        for (int x = (int)fmax(0, x0); x < (int)fmin(w, x1); x++) {
            uint32_t p = *(const uint32_t *)(data + (size_t)y * stride + 4 * (size_t)x);
            int r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            n += r > 180 && r - b > 90 && g > 90 && g - b > 40; /* not the red path's soft edges */
        }
    return n;
}

/* Frame art follows the page: on every paper and orientation the kids'
 * frame has its corner pieces in the four corners and its border along
 * the middle of all four edges, and not one art pixel (orange or yellow)
 * falls on the maze (a portrait-only frame was drawn across landscape
 * pages, through the maze). */
static void test_frame_follows_page(void)
{
    static const meiro_paper papers[] = {MEIRO_PAPER_A4, MEIRO_PAPER_LETTER, MEIRO_PAPER_A5,
                                         MEIRO_PAPER_A3};
    verdict follows = {0};
    for (size_t p = 0; p < TEST_COUNT(papers); p++)
        for (int land = 0; land <= 1; land++) {
            meiro_template *tpl = meiro_template_load("kids-a4", NULL);
            meiro_export_options page;
            meiro_export_options_from_template(&page, tpl);
            page.paper = papers[p];
            page.orientation = land ? MEIRO_ORIENT_LANDSCAPE : MEIRO_ORIENT_PORTRAIT;
            page.dpi = 40;
            page.art = "none"; /* the frame's colours only: the carrot is orange too */
            meiro_maze *m =
                meiro_generate(&(meiro_generate_options){.width = 9, .height = 7, .seed = 3}, NULL);
            char what[64], file[160];
            snprintf(what, sizeof what, "%s %s", meiro_paper_name(papers[p], NULL, NULL),
                     land ? "landscape" : "portrait");
            snprintf(file, sizeof file, "%s/frame.png", dir);
            doc_item item = {m, NULL, 0};
            document d;
            page_layout L;
            image img = {0};
            bool made = meiro_save(m, NULL, MEIRO_FORMAT_PNG, &page, file, NULL) == MEIRO_OK &&
                        doc_init(&d, &item, 1, &page, -1, NULL) == MEIRO_OK;
            if (verdict_note(&follows, made && load_png(file, &img), "%s: not drawn", what)) {
                doc_first_maze(&d, 0, &L, NULL);
                doc_free(&d);
                double ppm = img.w / L.page_w;
                /* art: saturated warm colours; count them in a box (mm) */
                cairo_surface_t *s = cairo_image_surface_create_from_png(file);
                const unsigned char *px = cairo_image_surface_get_data(s);
                int stride = cairo_image_surface_get_stride(s);
#define ART_IN(x0, y0, x1, y1)                                                                     \
    art_pixels(px, stride, img.w, img.h, (x0)*ppm, (y0)*ppm, (x1)*ppm, (y1)*ppm)
                int on_maze = ART_IN(L.maze_x - 1, L.maze_y - 1, L.maze_x + L.maze_w + 1,
                                     L.maze_y + L.maze_h + 1);
                double w = L.page_w, h = L.page_h;
                bool corners = ART_IN(0, 0, 24, 24) > 20 && ART_IN(w - 24, 0, w, 24) > 20 &&
                               ART_IN(0, h - 24, 24, h) > 20 && ART_IN(w - 24, h - 24, w, h) > 20;
                bool edges = ART_IN(w / 2 - 15, 0, w / 2 + 15, 10) > 5 &&
                             ART_IN(w / 2 - 15, h - 10, w / 2 + 15, h) > 5 &&
                             ART_IN(0, h / 2 - 15, 10, h / 2 + 15) > 5 &&
                             ART_IN(w - 10, h / 2 - 15, w, h / 2 + 15) > 5;
#undef ART_IN
                verdict_note(&follows, on_maze == 0 && corners && edges,
                             "%s: %d art pixels on the maze, corners %d, edges %d", what, on_maze,
                             corners, edges);
                cairo_surface_destroy(s);
            }
            free_image(&img);
            meiro_maze_free(m);
            meiro_template_free(tpl);
        }
    CHECK_ALL(follows);
}

/* The page's text layer (pdftotext) for a maze with a template and options. */
static bool page_text(const char *tpl_name, const char *lang, const meiro_export_options *extra,
                      char *out, size_t size)
{
    meiro_template *tpl = tpl_name ? meiro_template_load(tpl_name, NULL) : NULL;
    meiro_export_options page;
    if (extra) page = *extra;
    else meiro_export_options_init(&page);
    page.tpl = tpl;
    page.lang = lang;
    page.answers = MEIRO_ANSWERS_NONE;
    meiro_maze *m =
        meiro_generate(&(meiro_generate_options){.width = 7, .height = 9, .seed = 1}, NULL);
    char file[160], cmd[256];
    snprintf(file, sizeof file, "%s/words.pdf", dir);
    snprintf(cmd, sizeof cmd, "pdftotext -layout %s -", file);
    bool ok = m && meiro_save(m, NULL, MEIRO_FORMAT_PDF, &page, file, NULL) == MEIRO_OK &&
              run(cmd, out, size);
    meiro_maze_free(m);
    meiro_template_free(tpl);
    return ok;
}

/* --lang switches the whole page (a kids' page in Japanese mixed "Find the
 * way!" with なまえ); kids-ja is kids-a4 in Japanese; the user's subtitle,
 * name, footer words, or no footer. */
static void test_page_words(void)
{
    if (!have("pdftotext")) return;
    char text[8192];
    static const struct {
        const char *tpl, *lang, *want[4], *never[3];
    } pages[] = {
        {"kids-a4",
         NULL,
         {"Find the way!", "Go from the start", "Name", NULL},
         {"めいろ", "なまえ", NULL}},
        {"kids-a4", "ja", {"めいろ", "スタート", "なまえ", "ゴール"}, {"Find", "Name", "Start"}},
        {"kids-ja", NULL, {"めいろ", "スタート", "なまえ", "ゴール"}, {"Find", "Name", NULL}},
        {"kids-ja", "en", {"Find the way!", "Name", NULL, NULL}, {"めいろ", "なまえ", NULL}},
    };
    verdict words = {0};
    for (size_t k = 0; k < TEST_COUNT(pages); k++) {
        if (!verdict_note(&words, page_text(pages[k].tpl, pages[k].lang, NULL, text, sizeof text),
                          "%s %s: no text", pages[k].tpl, pages[k].lang ? pages[k].lang : "-"))
            continue;
        for (int w = 0; w < 4 && pages[k].want[w]; w++)
            verdict_note(&words, strstr(text, pages[k].want[w]) != NULL, "%s %s: no '%s' in %s",
                         pages[k].tpl, pages[k].lang ? pages[k].lang : "-", pages[k].want[w], text);
        for (int w = 0; w < 3 && pages[k].never[w]; w++)
            verdict_note(&words, strstr(text, pages[k].never[w]) == NULL, "%s %s: '%s' in %s",
                         pages[k].tpl, pages[k].lang ? pages[k].lang : "-", pages[k].never[w],
                         text);
    }
    CHECK_ALL(words);
    meiro_export_options o;
    meiro_export_options_init(&o);
    o.subtitle = "For the car ride";
    o.name = "Hana";
    o.footer = "Class 2B";
    CHECK(page_text("kids-a4", NULL, &o, text, sizeof text));
    CHECK_MSG(strstr(text, "For the car ride") && !strstr(text, "Start at S"), "%s", text);
    CHECK_MSG(strstr(text, "Name Hana") && strstr(text, "Date ___"), "%s", text);
    CHECK_MSG(strstr(text, "Class 2B · seed 1") && !strstr(text, "meiro " MEIRO_VERSION), "%s",
              text);
    o = (meiro_export_options){0};
    meiro_export_options_init(&o);
    o.no_footer = true;
    o.title = ""; /* none, not the template's */
    CHECK(page_text("kids-a4", NULL, &o, text, sizeof text));
    CHECK_MSG(!strstr(text, "seed") && !strstr(text, "Find the way"), "%s", text);
    /* one maze's answer page keeps its title; Japanese numbers sit close */
    meiro_template *ja = meiro_template_load("kids-ja", NULL);
    meiro_export_options_from_template(&o, ja);
    o.answers = MEIRO_ANSWERS_AFTER_PAGE;
    meiro_maze *m =
        meiro_generate(&(meiro_generate_options){.width = 7, .height = 9, .seed = 1}, NULL);
    char file[160], cmd[320];
    snprintf(file, sizeof file, "%s/answer-title.pdf", dir);
    snprintf(cmd, sizeof cmd, "pdftotext -f 2 -l 2 %s -", file);
    CHECK(meiro_save(m, NULL, MEIRO_FORMAT_PDF, &o, file, NULL) == MEIRO_OK &&
          run(cmd, text, sizeof text));
    CHECK_MSG(strstr(text, "めいろ — こたえ") != NULL, "%s", text);
    /* a kids' name line is big enough for a five-year-old: 16 pt and up,
     * starting where the maze starts */
    snprintf(cmd, sizeof cmd, "pdftotext -f 1 -l 1 -bbox %s - | grep '>なまえ<'", file);
    CHECK(run(cmd, text, sizeof text));
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    CHECK(sscanf(text, " <word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"", &x0, &y0, &x1,
                 &y1) == 4);
    doc_item item = {m, NULL, 0};
    document d;
    page_layout L;
    CHECK_INT(doc_init(&d, &item, 1, &o, -1, NULL), MEIRO_OK);
    doc_first_maze(&d, 0, &L, NULL);
    doc_free(&d);
    CHECK_MSG(y1 - y0 >= 16 && fabs(x0 / PT_PER_MM - L.maze_x) < 1.5,
              "なまえ at %.1f mm (maze at %.1f), %.1f pt high", x0 / PT_PER_MM, L.maze_x, y1 - y0);
    meiro_maze_free(m);
    meiro_template_free(ja);
}

/* The 2-up worksheet turns the page when that gives bigger cells: two
 * 12 x 16 mazes (ages 6-8) side by side on landscape A4 get 8.9 mm cells,
 * where stacked on portrait they got 6.8 mm and left half the page blank. */
static void test_worksheet_cells(void)
{
    meiro_template *tpl = meiro_template_load("worksheet-a4-2up", NULL);
    meiro_export_options page;
    meiro_export_options_from_template(&page, tpl);
    meiro_maze *m[2];
    doc_item items[2];
    for (int k = 0; k < 2; k++) {
        m[k] = meiro_generate(
            &(meiro_generate_options){.width = 12, .height = 16, .seed = (uint64_t)k + 1}, NULL);
        items[k] = (doc_item){m[k], NULL, 0};
    }
    document d;
    page_layout L;
    page_frame f;
    CHECK_INT(doc_init(&d, items, 2, &page, -1, NULL), MEIRO_OK);
    CHECK_INT(doc_place(&d, &d.pages[0], 1, &L, &f, NULL), MEIRO_OK);
    CHECK_MSG(L.cell >= 8.5 && d.landscape, "cells of %.1f mm, %s", L.cell,
              d.landscape ? "landscape" : "portrait");
    doc_free(&d);
    for (int k = 0; k < 2; k++) meiro_maze_free(m[k]);
    meiro_template_free(tpl);
}

/* A print service's answer key: no maze on it with cells under ten of
 * the 0.75 pt line the service prints (expert mazes one or two a 6 x 9 in
 * page, not six), where at home the same key keeps six a page. */
static void test_key_cells(void)
{
    enum { N = 6 };
    meiro_maze *m[N];
    doc_item items[N];
    for (int k = 0; k < N; k++) {
        meiro_generate_options o;
        level_options(meiro_level_info(MEIRO_LEVEL_EXPERT), (uint64_t)k + 1, &o);
        m[k] = meiro_generate(&o, NULL);
        items[k] = (doc_item){m[k], NULL, 4};
    }
    for (int service = 0; service <= 1; service++) {
        meiro_export_options page;
        meiro_export_options_init(&page);
        page.answers = MEIRO_ANSWERS_KEY;
        page.answers_only = true;
        page.key_per_page = 6;
        if (service) {
            page.print = MEIRO_PRINT_KDP;
            CHECK_INT(meiro_paper_parse("6x9in", &page.paper, &page.paper_w_mm, &page.paper_h_mm,
                                        NULL),
                      MEIRO_OK);
        }
        document d;
        CHECK_INT(doc_init(&d, items, N, &page, 0, NULL), MEIRO_OK);
        double least = 1e9;
        size_t shown = 0;
        for (size_t p = 0; p < d.page_count; p++) {
            for (size_t k = 0; k < d.pages[p].count; k++, shown++) {
                page_layout L;
                page_frame f;
                CHECK_INT(doc_place(&d, &d.pages[p], k, &L, &f, NULL), MEIRO_OK);
                least = L.cell < least ? L.cell : least;
            }
        }
        CHECK_INT(shown, N);
        if (service)
            CHECK_MSG(least >= 10 * 0.75 * 25.4 / 72 && d.page_count >= 3,
                      "KDP key: cells of %.2f mm on %zu pages", least, d.page_count);
        else CHECK_MSG(d.page_count == 1, "home key: %zu pages, cells of %.2f mm", d.page_count, least);
        doc_free(&d);
    }
    for (int k = 0; k < N; k++) meiro_maze_free(m[k]);
}

/* Who shows meiro's workings: any booklet by default but a print
 * service's book, whatever the default when asked; a clean book's
 * remaking file names each maze's own seed in order, and the command. */
static void test_workings(void)
{
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    meiro_export_options page;
    meiro_export_options_init(&page);
    CHECK(meiro_booklet_workings(&b, &page));
    page.print = MEIRO_PRINT_HOME;
    CHECK(meiro_booklet_workings(&b, &page));
    page.print = MEIRO_PRINT_LULU;
    CHECK(!meiro_booklet_workings(&b, &page));
    b.workings = 1;
    CHECK(meiro_booklet_workings(&b, &page));
    page.print = MEIRO_PRINT_NONE;
    b.workings = 0;
    CHECK(!meiro_booklet_workings(&b, &page));

    char pdf[128], side[128];
    snprintf(pdf, sizeof pdf, "%s/clean.pdf", dir);
    snprintf(side, sizeof side, "%s/clean.remake.txt", dir);
    b.count = 5;
    b.seed = 77;
    b.command = "meiro booklet -n 5 -s 77 --no-workings";
    b.remake_file = side;
    CHECK_INT(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, pdf, NULL), MEIRO_OK);
    FILE *f = fopen(side, "r");
    CHECK(f != NULL);
    char line[512];
    unsigned mazes = 0;
    bool command = false;
    verdict seeds = {0};
    while (f && fgets(line, sizeof line, f)) {
        unsigned i;
        unsigned long long seed;
        command = command || !strcmp(line, "command: meiro booklet -n 5 -s 77 --no-workings\n");
        if (sscanf(line, "maze %u: seed %llu", &i, &seed) == 2) {
            verdict_note(&seeds, i == mazes + 1 && seed == meiro_booklet_maze_seed(77, mazes),
                         "maze %u: seed %llu, wanted %llu", i, seed,
                         (unsigned long long)meiro_booklet_maze_seed(77, mazes));
            mazes++;
        }
    }
    if (f) fclose(f);
    CHECK(command);
    CHECK_INT(mazes, 5);
    CHECK_ALL(seeds);
    /* the answers' own file (the same options but no remaking file) leaves it be */
    remove(side);
    b.remake_file = NULL;
    CHECK_INT(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, pdf, NULL), MEIRO_OK);
    CHECK(access(side, F_OK) != 0);
    /* a workbook cannot leave the seeds out of its footers */
    meiro_error err = {0};
    snprintf(pdf, sizeof pdf, "%s/clean.xlsx", dir);
    CHECK_INT(meiro_booklet_save(&b, &page, MEIRO_FORMAT_XLSX, pdf, &err), MEIRO_ERROR_ARGUMENT);
    CHECK(strstr(err.message, "without meiro's workings") != NULL);
}

/* Adds a page picture to the audit's contact sheet, scaled to a cell of
 * it (which it fills left to right, top to bottom). */
enum { THUMB_W = 120, THUMB_H = 120, SHEET_COLUMNS = 12 };
static void add_thumbnail(cairo_t *sheet, size_t k, const char *png)
{
    if (!sheet) return;
    cairo_surface_t *page = cairo_image_surface_create_from_png(png);
    if (cairo_surface_status(page) == CAIRO_STATUS_SUCCESS) {
        double w = cairo_image_surface_get_width(page), h = cairo_image_surface_get_height(page);
        double scale = fmin((THUMB_W - 8) / w, (THUMB_H - 8) / h);
        cairo_save(sheet);
        cairo_translate(sheet, (double)(k % SHEET_COLUMNS) * THUMB_W + (THUMB_W - w * scale) / 2,
                        (double)(k / SHEET_COLUMNS) * THUMB_H + (THUMB_H - h * scale) / 2);
        cairo_scale(sheet, scale, scale);
        cairo_rectangle(sheet, 0, 0, w, h);
        cairo_set_source_rgb(sheet, 0.6, 0.6, 0.6);
        cairo_set_line_width(sheet, 1 / scale);
        cairo_stroke_preserve(sheet);
        cairo_set_source_surface(sheet, page, 0, 0);
        cairo_fill(sheet);
        cairo_restore(sheet);
    }
    cairo_surface_destroy(page);
}

/* The page audit: every shipped template on A4, Letter and A5, portrait
 * and landscape, each page in one of PDF, SVG and PNG (in turn, so every
 * template meets every format), in each language of meiro's catalogues in
 * turn (core/catalog.h), with a short or a 60-character title (English or
 * Japanese). On each page, rasterised at
 * 60 dpi: the maze read back equals the generated one; no frame art on
 * it; in PDF every word inside the margins (languages set in meiro's own
 * fonts: see check_words's call), off the maze and the frame's
 * corners; on PDF answer pages the path is there and S and G stay
 * readable. MEIRO_AUDIT_SHEET=FILE.png also writes a contact sheet of
 * the pages (make samples). */
static void test_page_audit(void)
{
    if (!have("pdftoppm") || !have("rsvg-convert") || !have("pdftotext")) return;
    static const meiro_paper papers[] = {MEIRO_PAPER_A4, MEIRO_PAPER_LETTER, MEIRO_PAPER_A5};
    static const meiro_format formats[] = {MEIRO_FORMAT_PDF, MEIRO_FORMAT_SVG, MEIRO_FORMAT_PNG};
    static const char *const titles[] = {
        NULL,                                               /* the template's own */
        "Hana's Birthday Maze: Find the Way to the Cake!!", /* about 50-60 characters */
        "はなちゃんの おたんじょうび めいろ：ケーキまでの みちを みつけよう！",
    };
    char lang_list[] = CATALOG_LANGS, *langs[TEXT_LANGS], *save = NULL;
    size_t lang_count = 0;
    for (char *l = strtok_r(lang_list, " ", &save); l && lang_count < TEXT_LANGS;
         l = strtok_r(NULL, " ", &save))
        langs[lang_count++] = l;
    const char *sheet_file = getenv("MEIRO_AUDIT_SHEET");
    size_t combos = meiro_builtin_template_count() * TEST_COUNT(papers) * 2;
    cairo_surface_t *sheet_surface = NULL;
    cairo_t *sheet = NULL;
    if (sheet_file) {
        sheet_surface = cairo_image_surface_create(
            CAIRO_FORMAT_RGB24, SHEET_COLUMNS * THUMB_W,
            (int)((combos * 3 / 2 + SHEET_COLUMNS - 1) / SHEET_COLUMNS) * THUMB_H);
        sheet = cairo_create(sheet_surface);
        cairo_set_source_rgb(sheet, 1, 1, 1);
        cairo_paint(sheet);
    }
    verdict audit = {0};
    size_t n = 0, checked = 0, thumbs = 0;
    const double dpi = 60, ppm = dpi / 25.4;
    for (size_t t = 0; t < meiro_builtin_template_count(); t++)
        for (size_t p = 0; p < TEST_COUNT(papers); p++)
            for (int land = 0; land <= 1; land++, n++) {
                const char *name = meiro_builtin_template_name(t);
                meiro_format format = formats[n % 3];
                const char *lang = langs[(n / 3) % lang_count];
                const char *title = titles[(n / 2) % 3];
                meiro_template *tpl = meiro_template_load(name, NULL);
                meiro_export_options page;
                meiro_export_options_from_template(&page, tpl);
                page.paper = papers[p];
                page.orientation = land ? MEIRO_ORIENT_LANDSCAPE : MEIRO_ORIENT_PORTRAIT;
                page.lang = lang;
                page.title = title;
                page.dpi = (unsigned)dpi;
                page.answers =
                    format == MEIRO_FORMAT_PDF ? MEIRO_ANSWERS_AFTER_PAGE : MEIRO_ANSWERS_NONE;
                meiro_maze *m = meiro_generate(
                    &(meiro_generate_options){
                        .width = 7, .height = 9, .algorithm = "dig", .seed = n + 1},
                    NULL);
                meiro_path path = {0};
                meiro_solve(m, NULL, &path, NULL);
                char what[200], file[160], png[160], cmd[400];
                const char *ext = meiro_format_info(format)->name;
                snprintf(what, sizeof what, "%s %s %s %s %s title %zu", name,
                         meiro_paper_name(papers[p], NULL, NULL), land ? "landscape" : "portrait",
                         lang, ext, (n / 2) % 3);
                snprintf(file, sizeof file, "%s/audit.%s", dir, ext);
                meiro_error err = {0};
                doc_item item = {m, &path, 0};
                document d;
                page_layout L;
                /* the path for the answer pages; single pages are the puzzle */
                const meiro_path *given = format == MEIRO_FORMAT_PDF ? &path : NULL;
                bool made = meiro_save(m, given, format, &page, file, &err) == MEIRO_OK &&
                            doc_init(&d, &item, 1, &page, -1, &err) == MEIRO_OK;
                if (!verdict_note(&audit, made, "%s: %s", what, err.message)) goto next;
                double pw, ph;
                doc_page_size(&d, &pw, &ph);
                bool frame = d.style.frame != NULL;
                int pages = format == MEIRO_FORMAT_PDF ? (int)d.page_count : 1;
                for (int pg = 1; pg <= pages; pg++) {
                    doc_first_maze(&d, (size_t)pg - 1, &L, NULL);
                    bool answer = d.pages[pg - 1].kind == PAGE_ANSWERS;
                    snprintf(png, sizeof png, "%s/audit-page.png", dir);
                    if (format == MEIRO_FORMAT_PDF)
                        snprintf(cmd, sizeof cmd,
                                 "pdftoppm -r %g -png -singlefile -f %d -l %d %s %s/audit-page",
                                 dpi, pg, pg, file, dir);
                    else if (format == MEIRO_FORMAT_SVG)
                        snprintf(cmd, sizeof cmd, "rsvg-convert -d %g -p %g -b white -o %s %s", dpi,
                                 dpi, png, file);
                    else snprintf(cmd, sizeof cmd, "cp %s %s", file, png);
                    image img = {0};
                    if (!verdict_note(&audit, run(cmd, NULL, 0) && load_png(png, &img),
                                      "%s page %d: not drawn", what, pg))
                        continue;
                    char page_what[240];
                    snprintf(page_what, sizeof page_what, "%s page %d", what, pg);
                    img.pictures =
                        d.style.marks.start_art != NULL; /* their own colours may be red */
                    check_picture(&audit, page_what, &img, m, answer ? &path : NULL, &L, ppm, 0, 0,
                                  0.04, false, false);
                    cairo_surface_t *raw = cairo_image_surface_create_from_png(png);
                    const unsigned char *px = cairo_image_surface_get_data(raw);
                    int stride = cairo_image_surface_get_stride(raw);
                    int on_maze = art_pixels(px, stride, img.w, img.h, (L.maze_x - 1) * ppm,
                                             (L.maze_y - 1) * ppm, (L.maze_x + L.maze_w + 1) * ppm,
                                             (L.maze_y + L.maze_h + 1) * ppm);
                    /* but S and G's own pictures (a carrot is orange) */
                    const meiro_cell ends[2] = {meiro_maze_start(m), meiro_maze_goal(m)};
                    for (int e = 0; e < 2; e++)
                        on_maze -= art_pixels(px, stride, img.w, img.h,
                                              (L.maze_x + ends[e].x * L.cell) * ppm,
                                              (L.maze_y + ends[e].y * L.cell) * ppm,
                                              (L.maze_x + (ends[e].x + 1) * L.cell) * ppm,
                                              (L.maze_y + (ends[e].y + 1) * L.cell) * ppm);
                    verdict_note(&audit, on_maze == 0, "%s: %d art pixels on the maze", page_what,
                                 on_maze);
                    cairo_surface_destroy(raw);
                    /* the words' boxes in the fonts of meiro's own (a language
                     * with fonts of its own, Noto CJK or Noto Sans Arabic, has
                     * pdftotext box a word by the font's whole ascent and
                     * descent, 1.3 mm past its ink: a Chinese title inked
                     * 16.2 mm from the top is boxed from 13.7 mm; so has
                     * OpenDyslexic's, 3.5 mm past its ink) */
                    bool own_fonts = strcmp(labels_for(lang)->font, "default") != 0 ||
                                     !strcmp(d.style.marks.font, "OpenDyslexic");
                    if (format == MEIRO_FORMAT_PDF && !own_fonts)
                        check_words(&audit, page_what, file, pg, &L, pw, ph, page.margin_mm, frame);
                    add_thumbnail(sheet, thumbs++, png);
                    free_image(&img);
                    checked++;
                }
                doc_free(&d);
            next:
                meiro_path_free(&path);
                meiro_maze_free(m);
                meiro_template_free(tpl);
            }
    printf("page audit: %zu pages checked (%zu documents)\n", checked, n);
    CHECK_ALL(audit);
    if (sheet) {
        CHECK(cairo_surface_write_to_png(sheet_surface, sheet_file) == CAIRO_STATUS_SUCCESS);
        cairo_destroy(sheet);
        cairo_surface_destroy(sheet_surface);
    }
}

/* A page's look, coarsely: the share of dark pixels in each of 8 x 12
 * boxes, so pictures of one page printed alone and on half a sheet
 * compare despite a pixel of rounding. */
enum { SIG_W = 8, SIG_H = 12 };
typedef struct signature {
    double ink[SIG_W * SIG_H];
} signature;

static signature sign(const image *img, int x0, int w)
{
    signature g = {{0}};
    for (int y = 0; y < img->h; y++)
        for (int x = x0 < 0 ? 0 : x0; x < x0 + w && x < img->w; x++) {
            int bx = (x - x0) * SIG_W / w, by = y * SIG_H / img->h;
            if (img->gray[(size_t)y * img->w + x] < 128)
                g.ink[by * SIG_W + bx] += 1.0 * SIG_W * SIG_H / (w * img->h);
        }
    return g;
}

static double sig_distance(const signature *a, const signature *b)
{
    double d = 0;
    for (int i = 0; i < SIG_W * SIG_H; i++) d += fabs(a->ink[i] - b->ink[i]);
    return d;
}

/* Every page of a PDF of n pages at 30 dpi, as DIR/NAME-K.png: one
 * pdftoppm a file (one a page read the file again for each). */
static bool pdf_pictures(const char *pdf, const char *name)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -f %s/%s-*.png && pdftoppm -r 30 -png %s %s/%s", dir, name, pdf,
             dir, name);
    return run(cmd, NULL, 0);
}

/* Page `page` (from 1) of n of the pictures pdf_pictures made (pdftoppm
 * pads the numbers to the digits of n). */
static bool pdf_picture(const char *name, int page, int n, image *img)
{
    char png[200];
    int digits = n >= 100 ? 3 : n >= 10 ? 2 : 1;
    snprintf(png, sizeof png, "%s/%s-%0*d.png", dir, name, digits, page);
    return load_png(png, img);
}

/* The text of every page of a PDF, pages[k] that of page k + 1 (pdftotext
 * ends each page with a form feed); false if unread or not n pages. */
static bool pdf_texts(const char *pdf, int n, char *text, size_t size, const char **pages)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 %s -", pdf);
    if (!run(cmd, text, size)) return false;
    char *at = text;
    for (int k = 0; k < n; k++) {
        char *ff = strchr(at, '\f');
        if (!ff) return false;
        *ff = 0;
        pages[k] = at;
        at = ff + 1;
    }
    return true;
}

static int pdf_page_count(const char *file, double *w_pt, double *h_pt)
{
    char cmd[300], out[4096];
    snprintf(cmd, sizeof cmd, "pdfinfo %s", file);
    if (!run(cmd, out, sizeof out)) return -1;
    const char *pages = strstr(out, "Pages:"), *size = strstr(out, "Page size:");
    if (size) sscanf(size, "Page size: %lf x %lf", w_pt, h_pt);
    return pages ? atoi(pages + 6) : -1;
}

/* Folded booklets: the same pages in reading order (--fold=pages) and on
 * sheets (--fold): a multiple of 4 pages, ending with the back cover that
 * says how to make the booklet again; sheets twice a page wide, and each
 * half of each sheet side the page a reader finds there after printing on
 * both sides, stacking the sheets and folding them (worked out here from
 * the stack, not from meiro's formula); with --answers back every puzzle
 * on a right-hand page and its answers on the back of the leaf. */
static void test_fold(void)
{
    if (!have("pdfinfo") || !have("pdftoppm") || !have("pdftotext")) return;
    static const struct {
        const char *tpl;
        unsigned count;
        meiro_answers answers;
        int cover;
        unsigned signature; /* sheets a signature; 0: meiro's choice */
        double creep;
    } books[] = {
        {"booklet-a5", 6, MEIRO_ANSWERS_DEFAULT, -1, 0, 0},
        {"booklet-a5", 1, MEIRO_ANSWERS_BACK, 0, 0, 0},
        {"booklet-a5", 5, MEIRO_ANSWERS_BACK, 1, 0, 0},
        {"kids-a4", 3, MEIRO_ANSWERS_DEFAULT, -1, 0, 0},
        {"worksheet-a4-2up", 7, MEIRO_ANSWERS_KEY, 0, 0, 0},
        {"booklet-a5", 14, MEIRO_ANSWERS_DEFAULT, 0, 2,
         0}, /* signatures of 2 sheets, the last of 1 */
        {"booklet-a5", 12, MEIRO_ANSWERS_DEFAULT, 1, 3, 0.3}, /* 3 sheets a signature, creep */
        {"booklet-a5", 30, MEIRO_ANSWERS_DEFAULT, 0, 0, 0},   /* 10 sheets: one signature */
        {"booklet-a5", 36, MEIRO_ANSWERS_DEFAULT, 0, 0, 0},   /* 12 sheets: signatures of 8 and 4 */
    };
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(books); i++) {
        meiro_template *tpl = meiro_template_load(books[i].tpl, NULL);
        meiro_export_options page;
        meiro_export_options_from_template(&page, tpl);
        page.answers = books[i].answers;
        meiro_booklet_options b;
        meiro_booklet_options_init(&b);
        b.count = books[i].count, b.seed = 40 + i, b.cover = books[i].cover;
        b.command =
            "meiro booklet --title 'Hana'\\''s book' --fold"; /* words whole, whatever the lines */
        char pages[160], sheets[160], cmd[512], text[1 << 14];
        snprintf(pages, sizeof pages, "%s/fold%zu-pages.pdf", dir, i);
        snprintf(sheets, sizeof sheets, "%s/fold%zu-sheets.pdf", dir, i);
        b.fold = MEIRO_FOLD_PAGES;
        b.signature = 1; /* pages to a multiple of 4, as the sheets */
        bool written = meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, pages, NULL) == MEIRO_OK;
        b.fold = MEIRO_FOLD_SHEETS;
        b.signature = books[i].signature;
        b.creep_mm = books[i].creep;
        written =
            written && meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, sheets, NULL) == MEIRO_OK;
        meiro_template_free(tpl);
        if (!verdict_note(&v, written, "%s x%u: not written", books[i].tpl, books[i].count))
            continue;
        double pw = 0, ph = 0, sw = 0, sh = 0;
        int n = pdf_page_count(pages, &pw, &ph), sides = pdf_page_count(sheets, &sw, &sh);
        verdict_note(&v, n > 0 && n % 4 == 0 && sides == n / 2, "%s: %d pages on %d sheet sides",
                     pages, n, sides);
        /* twice the page, or the A sheet a millimetre wider (A5 on A4) */
        verdict_note(&v, sw >= 2 * pw - 0.5 && sw <= 2 * pw + 3 && fabs(sh - ph) < 1,
                     "%s: sheets %.1f x %.1f pt for pages %.1f x %.1f", sheets, sw, sh, pw, ph);
        snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d %s -", n, n, pages);
        verdict_note(&v,
                     run(cmd, text, sizeof text) && strstr(text, "To make this booklet again") &&
                         strstr(text, "--fold") && strstr(text, "'Hana'\\''s book'"),
                     "%s: the last page is not the back cover with the command", pages);
        if (n <= 0 || sides != n / 2) continue;
        /* the reader's order, signature by signature (each folded, then
         * stacked): sheet k's front right, back left, for k from the
         * outside in; then back right, front left, from the inside out */
        int per = books[i].signature ? (int)books[i].signature : n / 4 <= 10 ? n / 4 : 8;
        int order[128][2], count = 0; /* [side, half] of page 1, 2, ... */
        for (int first = 0; first < n / 4 && count + 4 * per <= 128; first += per) {
            int sheets = n / 4 - first < per ? n / 4 - first : per;
            for (int k = first; k < first + sheets; k++) {
                order[count][0] = 2 * k, order[count++][1] = 1;
                order[count][0] = 2 * k + 1, order[count++][1] = 0;
            }
            for (int k = first + sheets - 1; k >= first; k--) {
                order[count][0] = 2 * k + 1, order[count++][1] = 1;
                order[count][0] = 2 * k, order[count++][1] = 0;
            }
        }
        signature want[128], got[128];
        static char all_text[1 << 18];
        const char *page_text[128];
        bool read = n <= 128 && count == n && pdf_pictures(pages, "fold-page") &&
                    pdf_pictures(sheets, "fold-sheet") &&
                    pdf_texts(pages, n, all_text, sizeof all_text, page_text);
        for (int p = 0; p < n && read; p++) {
            image img = {0};
            read = pdf_picture("fold-page", p + 1, n, &img);
            if (read) want[p] = sign(&img, 0, img.w), free_image(&img);
        }
        for (int s = 0; s < sides && read; s++) {
            image img = {0};
            read = pdf_picture("fold-sheet", s + 1, sides, &img);
            /* the pages meet at the fold, in the middle of the sheet */
            int page_px = read ? (int)lround(img.w * pw / sw) : 1;
            for (int p = 0; read && p < n; p++)
                if (order[p][0] == s)
                    got[p] = sign(&img, order[p][1] ? img.w / 2 : img.w / 2 - page_px, page_px);
            if (read) free_image(&img);
        }
        if (!verdict_note(&v, read, "%s: pages not read back", sheets)) continue;
        /* each half is its page: its number read from that half ("Page
         * 24"), or for a page without one (covers) its picture nearer to
         * it than to any other page */
        for (int p = 0; p < n; p++) {
            char half_text[4096], number[32];
            snprintf(number, sizeof number, "Page %d", p + 1);
            const char *said = strstr(page_text[p], number);
            char after = said ? said[strlen(number)] : 'x';
            if (after == ' ' || after == '\n' || after == 0) { /* not "Page 1" of "Page 12" */
                snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d -x %d -y 0 -W %d -H %d %s -",
                         order[p][0] + 1, order[p][0] + 1, order[p][1] ? (int)(sw / 2) : 0,
                         (int)(sw / 2), (int)sh, sheets);
                bool read_half = run(cmd, half_text, sizeof half_text);
                char *at = read_half ? strstr(half_text, "Page ") : NULL;
                verdict_note(&v, at && atoi(at + 5) == p + 1,
                             "%s: sheet side %d, %s half says '%.12s', not page %d", sheets,
                             order[p][0] + 1, order[p][1] ? "right" : "left", at ? at : "no page",
                             p + 1);
                continue;
            }
            double mine = sig_distance(&got[p], &want[p]), best = mine;
            for (int q = 0; q < n; q++) best = fmin(best, sig_distance(&got[p], &want[q]));
            verdict_note(&v, mine < 2.5 && mine <= best + 1e-9,
                         "%s: page %d on sheet side %d, %s half: %.3f away (best %.3f)", sheets,
                         p + 1, order[p][0] + 1, order[p][1] ? "right" : "left", mine, best);
        }
        /* answers on the back: puzzle No. k on an odd page, its answer next */
        for (unsigned k = 1; books[i].answers == MEIRO_ANSWERS_BACK && k <= books[i].count; k++) {
            int puzzle = 0, answer = 0;
            for (int p = 1; p <= n; p++) {
                char want_puzzle[32], want_answer[48];
                snprintf(want_puzzle, sizeof want_puzzle, "No. %u\n", k);
                snprintf(want_answer, sizeof want_answer, "Answer to No. %u", k);
                const char *text = page_text[p - 1];
                /* one maze has no captions: its answer page's title says
                 * Answers, its puzzle page is the one page of no other kind */
                bool one = books[i].count == 1;
                if (one ? strstr(text, "Answers") != NULL : strstr(text, want_answer) != NULL)
                    answer = p;
                else if (one ? !strstr(text, "Notes") && !strstr(text, "To make") &&
                                   !strstr(text, "mazes")
                             : strstr(text, want_puzzle) != NULL)
                    puzzle = p;
            }
            verdict_note(&v, puzzle % 2 == 1 && answer == puzzle + 1,
                         "%s: No. %u on page %d, its answer on page %d", pages, k, puzzle, answer);
        }
    }
    CHECK_ALL(v);
    /* creep: on the innermost sheet of a signature of 3, the pages' words
     * sit 2 x creep nearer the spine than without it */
    verdict creep = {0};
    const char *file[2] = {"creep0", "creep1"};
    double x[2][2] = {{0}}; /* [creep][half]: "Page" on the front of sheet 3 */
    for (int c = 0; c < 2; c++) {
        meiro_template *tpl = meiro_template_load("booklet-a5", NULL);
        meiro_export_options page;
        meiro_export_options_from_template(&page, tpl);
        meiro_booklet_options b;
        meiro_booklet_options_init(&b);
        b.count = 8, b.seed = 5, b.cover = 0, b.fold = MEIRO_FOLD_SHEETS, b.signature = 3,
        b.creep_mm = c ? 0.5 : 0;
        char path[160], cmd[400], out[1 << 15];
        snprintf(path, sizeof path, "%s/%s.pdf", dir, file[c]);
        bool made = meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, path, NULL) == MEIRO_OK;
        meiro_template_free(tpl);
        snprintf(cmd, sizeof cmd, "pdftotext -bbox -f 5 -l 5 %s -", path);
        if (!verdict_note(&creep, made && run(cmd, out, sizeof out), "%s: not written or read",
                          path))
            continue;
        int half = 0;
        for (const char *at = out; (at = strstr(at, ">Page<")) && half < 2; at++, half++) {
            const char *w = at;
            while (w > out && strncmp(w, "xMin=\"", 6)) w--;
            x[c][half] = atof(w + 6);
        }
        verdict_note(&creep, half == 2, "%s: %d page numbers on sheet 3's front", path, half);
    }
    double want = 2 * 0.5 * 72 / 25.4; /* two sheets in: 1 mm */
    verdict_note(&creep,
                 fabs(x[1][0] - x[0][0] - want) < 0.3 && fabs(x[0][1] - x[1][1] - want) < 0.3,
                 "creep: left page moved %.2f pt, right %.2f pt, not %.2f toward the spine",
                 x[1][0] - x[0][0], x[0][1] - x[1][1], want);
    CHECK_ALL(creep);
}

/* A special maze's page says its rule in one line (page_maze_rules): keys
 * and doors, items in order, one-way arrows, floors and stairs, over and
 * under; in English and Japanese. PDF: the line read back (pdftotext),
 * every word of the page inside the margins and off the maze; SVG and PNG:
 * its band above the maze inked, the maze clear of it; XLSX: the line in
 * the sheet's XML; HTML: in the page's data, which the status line says. A
 * plain maze's page has none. */
static void test_rule_lines(void)
{
    if (!have("pdftotext") || !have("rsvg-convert") || !have("unzip")) return;
    static const struct {
        const char *kind, *en, *ja;
    } kinds[] = {
        {"keys", "pass its door", "とびらを とおろう"},
        {"collect", "numbers in order", "じゅんに とおって"},
        {"one-way", "one way only", "やじるしの むき"},
        {"levels", "are stairs", "かいだん"},
        {"weave", "over and under", "まじわる"},
        {"plain", NULL, NULL},
    };
    static const meiro_format formats[] = {MEIRO_FORMAT_PDF, MEIRO_FORMAT_SVG, MEIRO_FORMAT_PNG,
                                           MEIRO_FORMAT_XLSX, MEIRO_FORMAT_HTML};
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(kinds); k++)
        for (int ja = 0; ja <= 1; ja++) {
            bool weave = !strcmp(kinds[k].kind, "weave");
            meiro_maze *m = meiro_generate(
                &(meiro_generate_options){.width = 10, .height = 8, .algorithm = "cluster",
                                          .weave = weave ? 40 : 0, .seed = 5 + k},
                NULL);
            meiro_mission_options mo = {MEIRO_MISSION_NONE, 0, 0, 7};
            if (!strcmp(kinds[k].kind, "keys")) mo.kind = MEIRO_MISSION_KEYS, mo.count = 2;
            if (!strcmp(kinds[k].kind, "collect")) mo.kind = MEIRO_MISSION_COLLECT, mo.count = 3;
            if (!strcmp(kinds[k].kind, "one-way")) mo.one_way = 30;
            meiro_error err = {0};
            bool made = m && (mo.kind == MEIRO_MISSION_NONE && !mo.one_way
                                  ? true
                                  : meiro_maze_add_mission(m, &mo, &err) == MEIRO_OK);
            if (made && !strcmp(kinds[k].kind, "levels"))
                made = meiro_maze_split_levels(m, 2, 7, &err) == MEIRO_OK;
            if (!verdict_note(&v, made, "%s: %s", kinds[k].kind, err.message)) {
                meiro_maze_free(m);
                continue;
            }
            const char *want = ja ? kinds[k].ja : kinds[k].en;
            meiro_export_options page;
            meiro_export_options_init(&page);
            page.lang = ja ? "ja" : "en";
            page.dpi = 60;
            for (size_t f = 0; f < TEST_COUNT(formats); f++) {
                const char *ext = meiro_format_info(formats[f])->name;
                char what[120], file[160], cmd[400], out[16384];
                snprintf(what, sizeof what, "%s %s %s", kinds[k].kind, page.lang, ext);
                snprintf(file, sizeof file, "%s/rule-line.%s", dir, ext);
                /* (a workbook draws no floors side by side: refused) */
                if (formats[f] == MEIRO_FORMAT_XLSX && !strcmp(kinds[k].kind, "levels")) continue;
                if (!verdict_note(&v, meiro_save(m, NULL, formats[f], &page, file, &err) == MEIRO_OK,
                                  "%s: %s", what, err.message))
                    continue;
                if (formats[f] == MEIRO_FORMAT_PDF)
                    snprintf(cmd, sizeof cmd, "pdftotext %s -", file);
                else if (formats[f] == MEIRO_FORMAT_XLSX)
                    snprintf(cmd, sizeof cmd, "unzip -p %s xl/worksheets/sheet1.xml", file);
                else if (formats[f] == MEIRO_FORMAT_HTML)
                    snprintf(cmd, sizeof cmd, "grep -o '\"rules\":\"[^\"]*\"' %s", file);
                if (formats[f] == MEIRO_FORMAT_PDF || formats[f] == MEIRO_FORMAT_XLSX ||
                    formats[f] == MEIRO_FORMAT_HTML) {
                    out[0] = 0;
                    run(cmd, out, sizeof out);
                    verdict_note(&v, want ? strstr(out, want) != NULL : !strstr(out, "Paths go") &&
                                                                          !strstr(out, "key"),
                                 "%s: the rule line '%s' %s", what, want ? want : "(none)",
                                 want ? "not read back" : "where none belongs");
                }
                /* the page: the band above the maze, inked for a rule, the
                 * words off the maze */
                if (formats[f] == MEIRO_FORMAT_XLSX || formats[f] == MEIRO_FORMAT_HTML) continue;
                doc_item item = {m, NULL, 0};
                document d;
                page_layout L;
                page_frame fr;
                if (!verdict_note(&v, doc_init(&d, &item, 1, &page, -1, &err) == MEIRO_OK &&
                                          doc_place(&d, &d.pages[0], 0, &L, &fr, &err) == MEIRO_OK,
                                  "%s: %s", what, err.message))
                    continue;
                double pw, ph;
                doc_page_size(&d, &pw, &ph);
                verdict_note(&v, (fr.rules_size > 0) == (want != NULL), "%s: a rule band %s", what,
                             want ? "missing" : "where none belongs");
                if (formats[f] == MEIRO_FORMAT_PDF) {
                    check_words(&v, what, file, 1, &L, pw, ph, page.margin_mm, false);
                } else if (want) {
                    char png[160];
                    snprintf(png, sizeof png, "%s/rule-line.png", dir);
                    if (formats[f] == MEIRO_FORMAT_SVG)
                        snprintf(cmd, sizeof cmd, "rsvg-convert -d 60 -p 60 -b white -o %s %s", png,
                                 file);
                    else cmd[0] = 0; /* the PNG itself */
                    image img = {0};
                    bool drawn = (!cmd[0] || run(cmd, NULL, 0)) &&
                                 load_png(formats[f] == MEIRO_FORMAT_SVG ? png : file, &img);
                    if (verdict_note(&v, drawn, "%s: not drawn", what)) {
                        const double ppm = 60 / 25.4;
                        int y0 = (int)((fr.rules_baseline - fr.rules_size) * ppm),
                            y1 = (int)((fr.rules_baseline + 1) * ppm), ink = 0;
                        for (int y = y0; y < y1 && y < img.h; y++)
                            for (int x = 0; x < img.w; x++) ink += img.gray[(size_t)y * img.w + x] < 128;
                        verdict_note(&v, ink > 40 && y1 < L.maze_y * ppm,
                                     "%s: %d inked pixels in the rule's band (%d-%d px), maze at %.0f px",
                                     what, ink, y0, y1, L.maze_y * ppm);
                        free_image(&img);
                    }
                }
                doc_free(&d);
            }
            meiro_maze_free(m);
        }
    CHECK_ALL(v);
}

/* A class set's book of the pupils' names (and one long name), with
 * `count` easy mazes each, its answers as a key; b->names into *names. */
static void class_set(meiro_booklet_options *b, meiro_export_options *page, meiro_template *tpl,
                      const char **names, unsigned pupils, unsigned count)
{
    static char own[26][24];
    for (unsigned c = 0; c < pupils; c++) {
        snprintf(own[c], sizeof own[c], "Pupil %u", c + 1);
        names[c] = c == 1 ? "Maximilian-Alexander" : c == 2 ? "Zoë-Li O'Brien" : own[c];
    }
    meiro_booklet_options_init(b);
    b->count = count;
    b->from_level = b->to_level = MEIRO_LEVEL_EASY;
    b->seed = 5;
    b->copies = pupils;
    b->names = names;
    meiro_export_options_from_template(page, tpl);
    page->answers = MEIRO_ANSWERS_KEY;
}

/* Red (a solution) anywhere on a rendered page. */
static size_t red_pixels(const image *img)
{
    size_t n = 0;
    for (size_t i = 0; i < (size_t)img->w * img->h; i++) n += img->answer[i];
    return n;
}

/* A class set in one file: every pupil's sheets first, clean, then the
 * answers of all of them packed six to a key page (25 pupils x 2 mazes:
 * 9 pages, not one a pupil), each key maze captioned with its pupil and
 * number and drawn from that pupil's own maze with its solution; the
 * answer file alone (answers_only) the same key. Answers on the back of a
 * class set's sheets are refused. */
static void test_class_set(void)
{
    if (!have("pdftoppm") || !have("pdftotext") || !have("pdfinfo")) return;
    enum { PUPILS = 25, COUNT = 2 };
    meiro_template *tpl = meiro_template_load("booklet-a4", NULL);
    const char *names[PUPILS];
    meiro_booklet_options b;
    meiro_export_options page;
    class_set(&b, &page, tpl, names, PUPILS, COUNT);
    char file[160], only_file[160];
    snprintf(file, sizeof file, "%s/class.pdf", dir);
    snprintf(only_file, sizeof only_file, "%s/class-answer.pdf", dir);
    meiro_error err = {0};
    CHECK_MSG(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, file, &err) == MEIRO_OK, "%s",
              err.message);
    meiro_export_options only = page;
    only.answers_only = true;
    CHECK_MSG(meiro_booklet_save(&b, &only, MEIRO_FORMAT_PDF, only_file, &err) == MEIRO_OK, "%s",
              err.message);
    /* the key as the library lays it out: every pupil's mazes in turn */
    book bks[PUPILS];
    doc_item items[PUPILS * COUNT];
    for (unsigned c = 0; c < PUPILS; c++) {
        meiro_booklet_options copy = b;
        copy.seed = meiro_booklet_copy_seed(b.seed, c);
        rebuild(&copy, &bks[c]);
        for (unsigned i = 0; i < COUNT; i++) items[c * COUNT + i] = bks[c].items[i];
    }
    document key;
    CHECK_INT(doc_plan(&key, items, PUPILS * COUNT, &only,
                       &(doc_parts){.copies = names, .per_copy = COUNT}, NULL),
              MEIRO_OK);
    CHECK_MSG(key.page_count == 9, "%zu key pages for %d pupils x %d mazes, not 9", key.page_count,
              PUPILS, COUNT);
    double w, h;
    int pages = pdf_page_count(file, &w, &h), sheets = pages - (int)key.page_count;
    CHECK_MSG(sheets == PUPILS * COUNT, "%d pages: not %d sheets then the key", pages,
              PUPILS * COUNT);
    int only_pages = pdf_page_count(only_file, &w, &h);
    CHECK_INT(only_pages, (int)key.page_count);
    static char text[1 << 18];
    const char *texts[PUPILS * COUNT + 9];
    if (sheets != PUPILS * COUNT || !pdf_texts(file, pages, text, sizeof text, texts) ||
        !pdf_pictures(file, "class")) {
        CHECK_MSG(false, "%s: not read", file);
        goto done;
    }
    verdict sheet_pages = {0}, key_pages = {0};
    for (int p = 1; p <= sheets; p++) { /* pupil (p - 1) / COUNT's, clean */
        image img = {0};
        char name_line[64];
        snprintf(name_line, sizeof name_line, "Name %s", names[(p - 1) / COUNT]);
        verdict_note(&sheet_pages,
                     strstr(texts[p - 1], name_line) && !strstr(texts[p - 1], "Answer"),
                     "page %d is not %s's sheet: %.80s", p, names[(p - 1) / COUNT], texts[p - 1]);
        if (verdict_note(&sheet_pages, pdf_picture("class", p, pages, &img), "page %d: not drawn",
                         p))
            verdict_note(&sheet_pages, red_pixels(&img) == 0, "page %d (a sheet) shows a solution",
                         p);
        free_image(&img);
    }
    CHECK_ALL(sheet_pages);
    /* each key maze: its caption, and its pupil's maze solved where it says */
    const double dpi = 30, ppm = dpi / 25.4;
    for (size_t k = 0; k < key.page_count; k++) {
        int p = sheets + (int)k + 1;
        const doc_page *pg = &key.pages[k];
        verdict_note(&key_pages, strstr(texts[p - 1], "Answers") != NULL, "page %d is no key", p);
        image img = {0};
        if (!verdict_note(&key_pages, pdf_picture("class", p, pages, &img), "page %d: not drawn",
                          p))
            continue;
        for (size_t s = 0; s < pg->count; s++) {
            size_t i = pg->first + s;
            char caption[96], what[160];
            snprintf(caption, sizeof caption, "%s · No. %zu", names[i / COUNT], i % COUNT + 1);
            snprintf(what, sizeof what, "key page %zu, %s", k + 1, caption);
            verdict_note(&key_pages, strstr(texts[p - 1], caption) != NULL, "%s: no caption", what);
            page_layout L;
            page_frame f;
            if (!verdict_note(&key_pages, doc_place(&key, pg, s, &L, &f, NULL) == MEIRO_OK,
                              "%s: not placed", what))
                continue;
            img.ends_mm = 1.4 * L.mark_min;
            check_picture(&key_pages, what, &img, items[i].maze, items[i].path, &L, ppm, 0, 0, 0.02,
                          false, false);
        }
        free_image(&img);
    }
    CHECK_ALL(key_pages);
    /* a class set's answers on the back of the sheets would hand them out */
    meiro_export_options back = page;
    back.answers = MEIRO_ANSWERS_BACK;
    err = (meiro_error){0};
    CHECK_INT(meiro_booklet_save(&b, &back, MEIRO_FORMAT_PDF, file, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(err.field, MEIRO_FIELD_ANSWERS);
done:
    doc_free(&key);
    for (unsigned c = 0; c < PUPILS; c++) free_book(&bks[c]);
    meiro_template_free(tpl);
}

/* The same mazes for every pupil: each sheet the first pupil's but for the
 * name line (the mazes' pixels equal), their footers the booklet's seed,
 * and one key of the booklet's mazes after them, without pupils' names.
 * Without names the option is refused. */
static void test_same_mazes(void)
{
    if (!have("pdftoppm") || !have("pdftotext") || !have("pdfinfo")) return;
    enum { PUPILS = 3, COUNT = 2 };
    meiro_template *tpl = meiro_template_load("booklet-a4", NULL);
    const char *names[PUPILS];
    meiro_booklet_options b;
    meiro_export_options page;
    class_set(&b, &page, tpl, names, PUPILS, COUNT);
    b.same_mazes = true;
    char file[160];
    snprintf(file, sizeof file, "%s/same.pdf", dir);
    meiro_error err = {0};
    CHECK_MSG(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, file, &err) == MEIRO_OK, "%s",
              err.message);
    double w, h;
    int pages = pdf_page_count(file, &w, &h);
    CHECK_INT(pages, PUPILS * COUNT + 1); /* one key page of the two mazes */
    static char text[1 << 16];
    const char *texts[PUPILS * COUNT + 1];
    if (pages != PUPILS * COUNT + 1 || !pdf_texts(file, pages, text, sizeof text, texts) ||
        !pdf_pictures(file, "same")) {
        CHECK_MSG(false, "%s: not read", file);
        meiro_template_free(tpl);
        return;
    }
    book bk;
    rebuild(&b, &bk); /* the booklet's own mazes, for every pupil */
    document d;
    CHECK_INT(doc_init(&d, bk.items, bk.count, &page, -1, NULL), MEIRO_OK);
    verdict same = {0};
    for (int p = 1; p <= PUPILS * COUNT; p++) {
        char footer[96];
        snprintf(footer, sizeof footer, "%s · seed 5", names[(p - 1) / COUNT]);
        verdict_note(&same, strstr(texts[p - 1], footer) != NULL, "page %d: no '%s'", p, footer);
        image img = {0}, first = {0};
        page_layout L;
        page_frame f;
        if (!verdict_note(&same,
                          pdf_picture("same", p, pages, &img) &&
                              pdf_picture("same", 1 + (p - 1) % COUNT, pages, &first) &&
                              doc_place(&d, &d.pages[(p - 1) % COUNT], 0, &L, &f, NULL) == MEIRO_OK,
                          "page %d: not drawn", p)) {
            free_image(&img), free_image(&first);
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "%s's page %d", names[(p - 1) / COUNT], p);
        check_picture(&same, what, &img, bk.mazes[(p - 1) % COUNT], NULL, &L, 30 / 25.4, 0, 0, 0.02,
                      false, false);
        size_t differ = 0;
        for (int y = (int)(L.maze_y * 30 / 25.4); y < (int)((L.maze_y + L.maze_h) * 30 / 25.4); y++)
            for (int x = (int)(L.maze_x * 30 / 25.4); x < (int)((L.maze_x + L.maze_w) * 30 / 25.4);
                 x++)
                differ += img.gray[(size_t)y * img.w + x] != first.gray[(size_t)y * first.w + x];
        verdict_note(&same, differ == 0, "%s: %zu pixels of the maze differ from %s's", what,
                     differ, names[0]);
        free_image(&img), free_image(&first);
    }
    const char *key = texts[PUPILS * COUNT];
    verdict_note(&same,
                 strstr(key, "Answers") && strstr(key, "Answer to No. 2") && !strstr(key, names[0]),
                 "the last page is not the one key: %.120s", key);
    CHECK_ALL(same);
    doc_free(&d);
    free_book(&bk);
    b.names = NULL;
    err = (meiro_error){0};
    CHECK_INT(meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, file, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(err.field, MEIRO_FIELD_NAMES);
    meiro_template_free(tpl);
}

/* Pixels of a PNG within 24 of the colour (r, g, b) in each channel; -1
 * if the file is not read. */
static long colour_pixels(const char *png, int r, int g, int b)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(png);
    long n = -1;
    if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS &&
        cairo_image_surface_get_format(s) != CAIRO_FORMAT_A8) {
        cairo_surface_flush(s);
        int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
        int stride = cairo_image_surface_get_stride(s);
        const unsigned char *data = cairo_image_surface_get_data(s);
        n = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t px = *(const uint32_t *)(data + (size_t)y * stride + 4 * (size_t)x);
                n += abs((int)((px >> 16) & 255) - r) <= 24 &&
                     abs((int)((px >> 8) & 255) - g) <= 24 && abs((int)(px & 255) - b) <= 24;
            }
    } else if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
        n = 0; /* grey: no colour */
    }
    cairo_surface_destroy(s);
    return n;
}

/* One style of S and G a document: a booklet for children (easy to hard)
 * shows S and G as badges (light green S, light blue G) on every page,
 * its puzzles and its answer key alike; one for adults (expert) shows
 * none. Main before the change: easy's big cells had plain letters,
 * normal's badges, hard's small letters in their doors, and the key's
 * small mazes letters. */
static void test_signs_one_style(void)
{
    if (!have("pdftoppm")) return;
    static const struct {
        meiro_level from, to;
        bool badges;
    } books[] = {{MEIRO_LEVEL_EASY, MEIRO_LEVEL_HARD, true},
                 {MEIRO_LEVEL_EXPERT, MEIRO_LEVEL_EXPERT, false}};
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(books); k++) {
        meiro_export_options page;
        meiro_export_options_init(&page);
        page.answers = MEIRO_ANSWERS_KEY;
        meiro_booklet_options b;
        meiro_booklet_options_init(&b);
        b.count = 12;
        b.from_level = books[k].from;
        b.to_level = books[k].to;
        b.seed = 3;
        char pdf[160], cmd[400];
        snprintf(pdf, sizeof pdf, "%s/signs%zu.pdf", dir, k);
        meiro_error err = {0};
        double w, h;
        int pages = meiro_booklet_save(&b, &page, MEIRO_FORMAT_PDF, pdf, &err) == MEIRO_OK
                        ? pdf_page_count(pdf, &w, &h)
                        : -1;
        snprintf(cmd, sizeof cmd, "rm -f %s/signs%zu-*.png && pdftoppm -r 50 -png %s %s/signs%zu",
                 dir, k, pdf, dir, k);
        if (!verdict_note(&v, pages == 14 && run(cmd, NULL, 0), "book %zu: %d pages, not 14: %s", k,
                          pages, err.message))
            continue;
        for (int p = 1; p <= pages; p++) {
            char png[200];
            snprintf(png, sizeof png, "%s/signs%zu-%02d.png", dir, k, p);
            long green = colour_pixels(png, 143, 219, 133),
                 blue = colour_pixels(png, 148, 199, 255);
            /* puzzle pages: one S and one G; key pages: six of each */
            verdict_note(&v, books[k].badges ? green > 10 && blue > 10 : green == 0 && blue == 0,
                         "book %zu page %d: %ld pixels of S's badge, %ld of G's (badges %s)", k, p,
                         green, blue, books[k].badges ? "on every page" : "on none");
        }
    }
    CHECK_ALL(v);
}

static const test_case cases[] = {
    {"page_audit", test_page_audit},
    {"rule_lines", test_rule_lines},
    {"class_set", test_class_set},
    {"same_mazes", test_same_mazes},
    {"signs_one_style", test_signs_one_style},
    {"fold", test_fold},
    {"worksheet_cells", test_worksheet_cells},
    {"key_cells", test_key_cells},
    {"workings", test_workings},
    {"page_words", test_page_words},
    {"frame_follows_page", test_frame_follows_page},
    {"long_titles", test_long_titles},
    {"japanese_breaks", test_japanese_breaks},
    {"hard_levels_far_apart", test_hard_levels_far_apart},
    {"levels", test_levels},
    {"booklet-a5", test_booklet_a5},
    {"worksheet-a4-2up", test_worksheet_2up},
    {"answer-key", test_answer_key},
    {"kids-a4", test_kids_a4},
    {"kids-ja", test_kids_ja},
    {"japanese", test_japanese},
    {"every_template", test_every_template},
    {"xlsx_booklet", test_xlsx_booklet},
    {"progress", test_progress},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-booklet-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("booklet", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
