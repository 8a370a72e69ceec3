/* The fences around the library's hacks: each rests on an assumption about
 * a library we use, measured on the versions named, and each case fails
 * when the assumption breaks (a newer library, another build), pointing at
 * the code to revisit:
 *   xlsx_default_font   the workbook's default font set through the first of
 *                       libxlsxwriter's formats (xlsx/export_xlsx.c)
 *   xlsx_output_buffer  a temporary file for the workbook where libxlsxwriter
 *                       cannot write into memory (before 1.1.5)
 *   svg_layer_splice    the SVG's named groups spliced from cairo's documents
 *                       (draw/svg_text.c)
 *   text_memory_floor   the address space drawing text needs (cli/common.c)
 *   library_tables      every function of librsvg, gdk-pixbuf, libqpdf,
 *                       libxlsxwriter and glib our tables list is in the
 *                       library opened (shapes/image_libs.h, press/qpdf_lib.h, xlsx_lib.h,
 *                       glib_lib.h), and called through the table
 *   module_table        every row of the drawing module's table filled
 *                       (draw/module.h), the public forwarders reaching
 *                       render's own functions */
#define _GNU_SOURCE /* memmem */
#include "harness.h"
#include "tools.h"
#include "whitebox.h"
#include "press/qpdf_lib.h"
#include "shapes/image_libs.h"
#include "shapes/glib_lib.h"
#include "draw/module.h"
#include "xlsx/xlsx_lib.h"

#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xlsxwriter.h>

static char dir[64];

/* A solved 9 x 7 maze (free both). */
static meiro_maze *solved_maze(meiro_path *path)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 9;
    o.height = 7;
    o.seed = 5;
    meiro_maze *m = meiro_generate(&o, NULL);
    *path = (meiro_path){0};
    if (m && meiro_solve(m, "bfs", path, NULL) != MEIRO_OK) {
        meiro_maze_free(m);
        return NULL;
    }
    return m;
}

/* Measured with libxlsxwriter 1.1.4 (and 1.2.3 built from source): the
 * first format in wb->formats is the Normal style, whose font is font 0 of
 * xl/styles.xml and sets the unit of column widths. Read back from a
 * written workbook: font 0 is DEFAULT_FONT_PT (10.5, export_xlsx.c) and the
 * Normal style and the cells without a format of their own use it. */
static void test_xlsx_default_font(void)
{
    meiro_path p;
    meiro_maze *m = solved_maze(&p);
    char file[128], cmd[256];
    static char styles[1 << 16];
    snprintf(file, sizeof file, "%s/font.xlsx", dir);
    CHECK(m && meiro_save(m, &p, MEIRO_FORMAT_XLSX, NULL, file, NULL) == MEIRO_OK);
    meiro_path_free(&p);
    meiro_maze_free(m);
    if (!have("unzip")) return;
    snprintf(cmd, sizeof cmd, "unzip -p %s xl/styles.xml", file);
    CHECK(run(cmd, styles, sizeof styles));
    const char *fonts = strstr(styles, "<fonts "), *font0 = fonts ? strstr(fonts, "<font>") : NULL;
    const char *end0 = font0 ? strstr(font0, "</font>") : NULL;
    const char *size = font0 ? strstr(font0, "<sz val=\"10.5\"/>") : NULL;
    CHECK_MSG(size && size < end0, "font 0 is not 10.5 pt: %.200s", fonts ? fonts : styles);
    const char *normal =
        strstr(styles, "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\"");
    const char *plain = strstr(styles, "<cellXfs count=\"");
    CHECK_MSG(normal != NULL, "the Normal style does not use font 0: %.300s", styles);
    CHECK_MSG(plain && strstr(plain, "><xf numFmtId=\"0\" fontId=\"0\""),
              "cell format 0 does not use font 0");
}

/* Measured with libxlsxwriter 1.1.4 (Debian 12), 1.1.5 and 1.2.3: from 1.1.5
 * on a workbook can be written into memory (output_buffer), and meiro then
 * makes no temporary file of its own (export_xlsx.c, XLSX_IN_MEMORY); before,
 * it makes one, meiro-xlsx-XXXXXX in $TMPDIR, and removes it. Watched with
 * inotify while a workbook is written to a stream; and the library the
 * program runs with is the kind it was compiled for. */
static void test_xlsx_output_buffer(void)
{
    bool memory = LXW_VERSION_ID >= 115, runtime_memory = lxw_version_id() >= 115;
    CHECK_MSG(memory == runtime_memory, "compiled with libxlsxwriter %s, running with %s: rebuild",
              LXW_VERSION, lxw_version());
    char tmpdir[128];
    snprintf(tmpdir, sizeof tmpdir, "%s/tmpdir", dir);
    CHECK(mkdir(tmpdir, 0700) == 0);
    int fd = inotify_init1(IN_NONBLOCK);
    CHECK(fd >= 0 && inotify_add_watch(fd, tmpdir, IN_CREATE) >= 0);
    char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
    setenv("TMPDIR", tmpdir, 1);
    meiro_path p;
    meiro_maze *m = solved_maze(&p);
    char *bytes = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&bytes, &len);
    CHECK(m && out && meiro_write(m, &p, MEIRO_FORMAT_XLSX, NULL, out, NULL) == MEIRO_OK);
    if (out) fclose(out);
    if (old) setenv("TMPDIR", old, 1);
    else unsetenv("TMPDIR");
    free(old);
    CHECK_MSG(len > 1000 && bytes && memcmp(bytes, "PK", 2) == 0, "not a workbook: %zu bytes", len);
    free(bytes);
    meiro_path_free(&p);
    meiro_maze_free(m);
    /* the names made in $TMPDIR while it was written */
    bool ours = false;
    char events[8192];
    ssize_t n;
    while (fd >= 0 && (n = read(fd, events, sizeof events)) > 0)
        for (char *at = events; at < events + n;) {
            const struct inotify_event *ev = (const struct inotify_event *)at;
            ours |= ev->len && strncmp(ev->name, "meiro-xlsx-", 11) == 0;
            at += sizeof *ev + ev->len;
        }
    if (fd >= 0) close(fd);
    if (memory)
        CHECK_MSG(!ours,
                  "libxlsxwriter %s writes into memory, but a temporary workbook file was made",
                  LXW_VERSION);
    else CHECK_MSG(ours, "libxlsxwriter %s: no temporary workbook file seen", LXW_VERSION);
    char cmd[192], left[256] = "";
    snprintf(cmd, sizeof cmd, "ls -A %s", tmpdir);
    CHECK(run(cmd, left, sizeof left));
    CHECK_MSG(left[0] == 0, "left in $TMPDIR: %s", left);
}

/* The part of the SVG a position is in: the group opened last before it. */
static const char *part_at(const char *svg, const char *at)
{
    static const char *const groups[] = {"walls", "solution", "labels"};
    const char *part = "page", *best = NULL;
    for (size_t k = 0; k < 3; k++) {
        char open[32];
        snprintf(open, sizeof open, "<g id=\"%s\">", groups[k]);
        const char *g = memmem(svg, (size_t)(at - svg), open, strlen(open));
        if (g && (!best || g > best)) best = g, part = groups[k];
    }
    return part;
}

/* Measured with cairo 1.16.0 (Debian 12; no newer cairo at hand): cairo
 * cannot name an SVG group, so each part of the page is drawn as an SVG
 * document of its own and its content copied into a named group, every id
 * and reference to one (id="…", href="#…", url(#…)) prefixed with the part's
 * name. This holds while cairo writes one <svg> element per document and
 * refers to ids only in those three ways. Checked on a page with every part
 * (text as glyphs, pictures, frame art, the path): the groups are there once
 * each; every id is unique and prefixed; every reference ("#, '# or (#
 * followed by a name) names an id of its own part; xmllint reads it. */
static void test_svg_layer_splice(void)
{
    meiro_template *tpl = meiro_template_load("kids-a4", NULL);
    CHECK(tpl != NULL);
    meiro_export_options opt;
    meiro_export_options_from_template(&opt, tpl);
    opt.title = "Splice";
    opt.art = "bunny";
    meiro_path p;
    meiro_maze *m = solved_maze(&p);
    char file[128];
    snprintf(file, sizeof file, "%s/splice.svg", dir);
    CHECK(m && meiro_save(m, &p, MEIRO_FORMAT_SVG, &opt, file, NULL) == MEIRO_OK);
    meiro_path_free(&p);
    meiro_maze_free(m);
    meiro_template_free(tpl);
    FILE *f = fopen(file, "rb");
    static char svg[1 << 22];
    size_t len = f ? fread(svg, 1, sizeof svg - 1, f) : 0;
    if (f) fclose(f);
    svg[len] = 0;
    CHECK_MSG(len > 0 && len < sizeof svg - 1, "%s: %zu bytes", file, len);
    const char *root = strstr(svg, "<svg");
    CHECK_MSG(root && !strstr(root + 4, "<svg"), "not one <svg> element");
    verdict groups = {0}, ids = {0}, refs = {0};
    static const char *const names[] = {"walls", "solution", "labels"};
    for (size_t k = 0; k < 3; k++) {
        char open[32];
        snprintf(open, sizeof open, "<g id=\"%s\">", names[k]);
        const char *g = strstr(svg, open);
        verdict_note(&groups, g && !strstr(g + 1, open), "group %s: not there once", names[k]);
    }
    for (const char *at = svg; (at = strstr(at, " id=\"")) != NULL; at++) {
        const char *name = at + 5;
        size_t n = strcspn(name, "\"");
        char id[96];
        snprintf(id, sizeof id, "%.*s", (int)n, name);
        bool group = false;
        for (size_t k = 0; k < 3; k++) group |= strcmp(id, names[k]) == 0;
        if (group) continue;
        char part[24];
        snprintf(part, sizeof part, "%s-", part_at(svg, at));
        char quoted[112];
        snprintf(quoted, sizeof quoted, " id=\"%s\"", id);
        verdict_note(&ids,
                     strncmp(id, part, strlen(part)) == 0 && strstr(svg, quoted) == at &&
                         !strstr(at + 1, quoted),
                     "id %s: not unique, or not prefixed %s", id, part);
    }
    for (const char *at = svg; (at = strchr(at, '#')) != NULL; at++) {
        if (at == svg || !strchr("\"'(", at[-1])) continue;
        size_t n = strcspn(at + 1, "\"') ");
        if ((n == 3 || n == 6) && strspn(at + 1, "0123456789abcdefABCDEF") >= n)
            continue; /* a colour */
        char quoted[112], part[24];
        snprintf(quoted, sizeof quoted, " id=\"%.*s\"", (int)(n < 90 ? n : 90), at + 1);
        snprintf(part, sizeof part, "%s-", part_at(svg, at));
        verdict_note(&refs, strstr(svg, quoted) && strncmp(at + 1, part, strlen(part)) == 0,
                     "#%.*s: no such id, or not of its part %s", (int)(n < 60 ? n : 60), at + 1,
                     part);
    }
    CHECK_ALL(groups);
    CHECK_ALL(ids);
    CHECK_ALL(refs);
    if (have("xmllint")) {
        char cmd[192];
        snprintf(cmd, sizeof cmd, "xmllint --noout %s", file);
        CHECK_MSG(run(cmd, NULL, 0), "%s is not well-formed XML", file);
    }
}

/* Runs meiro with at most `kb` KiB of address space; its exit status, its
 * standard error in err. */
static int meiro_limited(const char *meiro, unsigned long kb, char *const args[], char *err,
                         size_t size)
{
    char log[128];
    snprintf(log, sizeof log, "%s/limited.err", dir);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit lim = {(rlim_t)kb << 10, (rlim_t)kb << 10};
        if (!freopen("/dev/null", "w", stdout) || !freopen(log, "w", stderr) ||
            setrlimit(RLIMIT_AS, &lim) != 0)
            _exit(126);
        execv(meiro, args);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    FILE *f = fopen(log, "rb");
    size_t n = f ? fread(err, 1, size - 1, f) : 0;
    if (f) fclose(f);
    err[n] = 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Measured on Debian 12 (fontconfig 2.14.1, pango 1.50.12, cairo 1.16.0,
 * glib 2.74.6, freetype 2.12.1): the hungriest jobs, with the Japanese
 * template, need 166 MB of address space with the threads pango and glib
 * start, more when they start more (8 MB a stack); meiro refuses less than
 * 192 MB up front (cli/common.c) rather than let fontconfig or glib abort. The
 * floor is read from meiro's own refusal, and the hungriest jobs must run
 * in exactly that much. Not under the sanitizers (they reserve terabytes of
 * address space): make check runs it on the plain build. */
static void test_text_memory_floor(void)
{
#ifdef TEST_UNDER_ASAN
    test_case_deferred = true;
    return;
#endif
    const char *meiro = test_meiro();
    if (!meiro) {
        test_skip("the memory floor (no meiro binary: set MEIRO)");
        return;
    }
    char err[1024], out[3][128];
    snprintf(out[0], sizeof out[0], "%s/floor.pdf", dir);
    snprintf(out[1], sizeof out[1], "%s/floor.png", dir);
    snprintf(out[2], sizeof out[2], "%s/floor-book.pdf", dir);
    char *const refused[] = {(char *)meiro, "booklet", "-n", "4",    "-s", "1",
                             "-t",          "kids-ja", "-o", out[2], NULL};
    CHECK_INT(meiro_limited(meiro, 100000, refused, err, sizeof err), 1);
    const char *at = strstr(err, "needs at least ");
    unsigned long floor_mb = at ? strtoul(at + 15, NULL, 10) : 0;
    CHECK_MSG(floor_mb >= 100 && floor_mb < 1000, "no floor in: %s", err);
    char *const jobs[][12] = {
        {(char *)meiro, "generate", "-W", "7", "-H", "9", "-s", "1", "-t", "kids-ja", "-o", out[0]},
        {(char *)meiro, "generate", "-W", "7", "-H", "9", "-s", "1", "-t", "kids-ja", "-o", out[1]},
        {(char *)meiro, "booklet", "-n", "4", "-s", "1", "-t", "kids-ja", "-o", out[2], NULL},
    };
    verdict fits = {0};
    for (size_t j = 0; j < 3 && floor_mb; j++) {
        char *args[13] = {0};
        memcpy(args, jobs[j], sizeof jobs[j]);
        int rc = meiro_limited(meiro, floor_mb << 10, args, err, sizeof err);
        verdict_note(&fits, rc == 0 && test_exists(out[j]), "%s %s in %lu MB: exit %d: %s", args[1],
                     out[j], floor_mb, rc, err);
    }
    CHECK_ALL(fits);
}

/* the first field of a table left NULL (a function the library lacks,
 * a row not filled), or NULL */
#define FIRST_MISSING(table, name) missing = missing ? missing : (table)->name ? NULL : #name;

static void test_library_tables(void)
{
    const char *missing = NULL;
#define IN_SVG(ret, name, params) FIRST_MISSING(lib_rsvg(), name)
#define IN_PIXBUF(ret, name, params) FIRST_MISSING(lib_pixbuf(), name)
#define IN_PDF(ret, name, params) FIRST_MISSING(lib_qpdf(), name)
#define IN_XLSX(ret, name, params) FIRST_MISSING(lib_xlsx(), name)
#define IN_GLIB(ret, name, params) FIRST_MISSING(lib_glib(), name)
    RSVG_FUNCTIONS(IN_SVG)
    PIXBUF_FUNCTIONS(IN_PIXBUF)
    QPDF_FUNCTIONS(IN_PDF)
    XLSX_FUNCTIONS(IN_XLSX)
    GLIB_FUNCTIONS(IN_GLIB)
    CHECK_MSG(!missing, "%s: not found in its library", missing);
    /* through the tables, the libraries themselves */
    CHECK_INT(lib_glib()->g_unichar_toupper('a'), 'A');
    CHECK_STR(lib_xlsx()->lxw_strerror(LXW_ERROR_MEMORY_MALLOC_FAILED),
              lxw_strerror(LXW_ERROR_MEMORY_MALLOC_FAILED));
    qpdf_data q = lib_qpdf()->qpdf_init();
    CHECK(q && !lib_qpdf()->qpdf_has_error(q));
    if (q) lib_qpdf()->qpdf_cleanup(&q);
    GError *e = NULL;
    RsvgHandle *svg = lib_rsvg()->rsvg_handle_new_from_data((const guint8 *)"<svg/>", 6, &e);
    CHECK(svg && !e);
    if (svg) g_object_unref(svg);
    if (e) g_error_free(e);
}

static void test_module_table(void)
{
    /* a test links render itself: the table linked in, no module loaded */
    const render_module *r = drawing();
    CHECK(r == meiro_render_module());
    CHECK_INT(r->size, sizeof *r);
    const char *missing = NULL;
#define IN_TABLE(name, params) FIRST_MISSING(r, name)
#define IN_TABLE_API(name, params, args) FIRST_MISSING(r, name)
    RENDER_CALLS(IN_TABLE)
    RENDER_API(IN_TABLE_API)
    FIRST_MISSING(r, doc_free)
    FIRST_MISSING(r, doc_page_size)
    FIRST_MISSING(r, shape_count)
    FIRST_MISSING(r, shape_info)
    FIRST_MISSING(r, shape_min_grid)
    FIRST_MISSING(r, fonts_preload)
    FIRST_MISSING(r, xlsx_art_free)
    CHECK_MSG(!missing, "%s: not in the drawing module's table", missing);
    /* the public functions render implements reach render's own */
    CHECK_INT(meiro_shape_count(), render_shape_count());
    CHECK(meiro_shape_count() > 0 && meiro_shape_info(0) == render_shape_info(0));
}

static const test_case cases[] = {
    {"xlsx_default_font", test_xlsx_default_font}, {"xlsx_output_buffer", test_xlsx_output_buffer},
    {"svg_layer_splice", test_svg_layer_splice},   {"text_memory_floor", test_text_memory_floor},
    {"library_tables", test_library_tables},       {"module_table", test_module_table},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-hacks-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("hacks", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
