/* A host program with a decimal-comma locale (de_DE.UTF-8, made by
 * `make deps-test`) still gets files whose numbers use a point, and can
 * read templates that use one. Public API only. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "meiro.h"

#include <locale.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/meiro-locale-XXXXXX";

/* Reads a whole file into a NUL-terminated buffer (NULL on failure). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(1 << 22);
    size_t n = buf ? fread(buf, 1, (1 << 22) - 1, f) : 0;
    fclose(f);
    if (buf) buf[n] = 0;
    return buf;
}

static void test_animated_svg_durations(void)
{
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 9;
    o.height = 7;
    o.seed = 3;
    o.observer = &obs;
    meiro_maze *m = meiro_generate(&o, NULL);
    char path[64];
    snprintf(path, sizeof path, "%s/anim.svg", dir);
    CHECK_INT(meiro_animate_svg_save(t, NULL, path, NULL), MEIRO_OK);
    char *svg = slurp(path);
    CHECK(svg != NULL);
    if (svg) {
        /* dur="10.50s", keyTimes="0;0.0125;..." never "10,50s" */
        char *dur = strstr(svg, "dur=\"");
        CHECK(dur != NULL);
        size_t len = dur ? strcspn(dur + 5, "\"") : 0;
        CHECK_MSG(dur && len > 0 && memchr(dur + 5, ',', len) == NULL, "%.20s", dur ? dur : "");
        CHECK(strstr(svg, "keyTimes=\"0;0,") == NULL);
        CHECK(strstr(svg, "keyTimes=\"0;0.") != NULL);
    }
    free(svg);
    meiro_maze_free(m);
    meiro_trace_free(t);
}

static void test_template_decimals(void)
{
    char path[64];
    snprintf(path, sizeof path, "%s/half.ini", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("[page]\nmargin = 12.5\n[maze]\ncell = 12.5\nline = 0.8\n", f);
    fclose(f);
    meiro_error err = {0};
    meiro_template *t = meiro_template_load(path, &err);
    CHECK_MSG(t != NULL, "%s", err.message);
    meiro_template_free(t);
}

static void test_xlsx_row_heights(void)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.seed = 5;
    meiro_maze *m = meiro_generate(&o, NULL);
    char path[64], cmd[200];
    snprintf(path, sizeof path, "%s/m.xlsx", dir);
    CHECK_INT(meiro_save(m, NULL, MEIRO_FORMAT_XLSX, NULL, path, NULL), MEIRO_OK);
    /* every number in the sheet's XML has a point, never a comma */
    snprintf(cmd, sizeof cmd, "unzip -p %s xl/worksheets/sheet1.xml | grep -q '=\"[0-9]*,[0-9]'",
             path);
    CHECK_MSG(system(cmd) != 0, "a decimal comma in %s", path);
    snprintf(cmd, sizeof cmd,
             "unzip -p %s xl/worksheets/sheet1.xml | grep -q 'ht=\"[0-9]*\\.[0-9]'", path);
    CHECK_MSG(system(cmd) == 0, "no decimal row height in %s", path);
    meiro_maze_free(m);
}

static const test_case cases[] = {
    {"animated-svg", test_animated_svg_durations},
    {"template", test_template_decimals},
    {"xlsx", test_xlsx_row_heights},
};

int main(int argc, char **argv)
{
    if (!setlocale(LC_ALL, "de_DE.UTF-8")) {
        fprintf(stderr, "FAIL: the locale de_DE.UTF-8 is missing (make deps-test makes it)\n");
        return 1;
    }
    char before[16], after[16];
    snprintf(before, sizeof before, "%.1f", 0.5); /* the host's locale is in force */
    if (!mkdtemp(dir) || strcmp(before, "0,5") != 0) {
        fprintf(stderr, "FAIL: no temporary folder, or no decimal comma (\"%s\")\n", before);
        return 1;
    }
    int rc = test_main("locale", argc, argv, cases, TEST_COUNT(cases));
    char cmd[80];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    snprintf(after, sizeof after, "%.1f", 0.5); /* and the library gave it back */
    if (strcmp(after, "0,5") != 0) {
        fprintf(stderr, "FAIL: the library left the locale changed (\"%s\")\n", after);
        return 1;
    }
    return rc;
}
