/* look: reads meiro's finished files back as their users see them, for the
 * spoiler audit and the jobs suite (tests/spoilers.sh, tests/jobs.sh).
 *
 *     look FILE...
 *
 * prints one line per page or sheet:  FILE N ROLE MARKS
 *   N      the page or sheet, from 1
 *   ROLE   answer, puzzle, cover, notes or contents (PDF: from the page's
 *          text; XLSX: from the sheet's name, helper sheets left out;
 *          the one-page formats: page)
 *   MARKS  how much of a solution shows: pixels of the answer's colour on
 *          the page as printed (PDF through pdftoppm, SVG through
 *          rsvg-convert, PNG as it is, all at 30 dpi), filled cells on a
 *          sheet (XLSX), '.' path marks (text, CSV), 1 for an HTML page
 *          that opens with the answer shown.
 * Exit 1 if a file cannot be read. */
#define _POSIX_C_SOURCE 200809L
#include <cairo.h>
#include <glob.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "answer_ink.h"

static char tmp[64];

/* A shell command's standard output, whole (NULL on failure). */
static char *capture(const char *cmd, size_t *len)
{
    FILE *p = popen(cmd, "r");
    if (!p) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, p)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more) free(buf);
            buf = more;
        }
    }
    if (pclose(p) != 0 || !buf) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}


/* Pixels of the answer's colour in a PNG. */
static long answer_pixels(const char *png)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(png);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return -1;
    }
    cairo_surface_flush(s);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    bool alpha = cairo_image_surface_get_format(s) == CAIRO_FORMAT_ARGB32;
    const unsigned char *data = cairo_image_surface_get_data(s);
    long marks = 0;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            uint32_t px = *(const uint32_t *)(data + (size_t)y * stride + 4 * (size_t)x);
            int a = alpha ? (int)(px >> 24) : 255; /* premultiplied: on white */
            int r = (int)(px >> 16 & 255) + 255 - a, g = (int)(px >> 8 & 255) + 255 - a,
                b = (int)(px & 255) + 255 - a;
            marks += answer_ink(r, g, b);
        }
    }
    cairo_surface_destroy(s);
    return marks;
}

/* The same in a binary PPM (pdftoppm's own output: no PNG to compress). */
static long answer_pixels_ppm(const char *ppm)
{
    FILE *f = fopen(ppm, "rb");
    int w, h, max;
    if (!f || fscanf(f, "P6 %d %d %d", &w, &h, &max) != 3 || max != 255 || fgetc(f) == EOF ||
        w <= 0 || h <= 0) {
        if (f) fclose(f);
        return -1;
    }
    size_t n = (size_t)w * (size_t)h * 3;
    unsigned char *px = malloc(n);
    long marks = px && fread(px, 1, n, f) == n ? 0 : -1;
    for (size_t i = 0; marks >= 0 && i < n; i += 3)
        marks += answer_ink(px[i], px[i + 1], px[i + 2]);
    free(px);
    fclose(f);
    return marks;
}

static bool has(const char *text, const char *word) { return strstr(text, word) != NULL; }

/* A page's role from its words (English or Japanese): the contents (it
 * lists the answers), the cover (the count of mazes, "6 mazes" or "めいろ
 * 6もん", and no page number: a title may say "40 mazes"), notes, answers. */
static const char *page_role(const char *text)
{
    if (has(text, "Contents") || has(text, "もくじ")) return "contents";
    bool numbered = has(text, "Page ") || has(text, "ページ");
    for (const char *p = text; !numbered && (p = strstr(p, " mazes")) != NULL; p++)
        if (p > text && p[-1] >= '0' && p[-1] <= '9') return "cover";
    const char *ja = strstr(text, "めいろ ");
    if (!numbered && ja && ja[sizeof "めいろ " - 1] >= '0' && ja[sizeof "めいろ " - 1] <= '9')
        return "cover";
    if (has(text, "Notes") || has(text, "メモ")) return "notes";
    if (has(text, "Answer") || has(text, "こたえ")) return "answer";
    return "puzzle";
}

static bool look_pdf(const char *file)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 '%s' -", file);
    char *text = capture(cmd, NULL);
    snprintf(cmd, sizeof cmd, "rm -f %s/p-*.ppm && pdftoppm -r 30 '%s' %s/p", tmp, file, tmp);
    char *none = capture(cmd, NULL);
    glob_t g = {0};
    char pattern[96];
    snprintf(pattern, sizeof pattern, "%s/p-*.ppm", tmp);
    bool ok = text && none && glob(pattern, 0, NULL, &g) == 0;
    char *page = text;
    for (size_t i = 0; ok && i < g.gl_pathc; i++) {
        char *end = page ? strchr(page, '\f') : NULL;
        if (end) *end = 0;
        printf("%s %zu %s %ld\n", file, i + 1, page ? page_role(page) : "puzzle",
               answer_pixels_ppm(g.gl_pathv[i]));
        page = end ? end + 1 : NULL;
    }
    globfree(&g);
    free(text);
    free(none);
    return ok;
}

/* The value of attribute `name` in the tag starting at p, or -1. */
static long attr(const char *p, const char *name)
{
    const char *end = strchr(p, '>');
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *a = strstr(p, key);
    return a && end && a < end ? atol(a + strlen(key)) : -1;
}

/* Sheets: their names in the workbook, in order (the n-th worksheet part
 * is the n-th sheet, as libxlsxwriter writes them); a cell shows a way
 * when its style's fill is solid (but for S's and G's badge colours, a
 * child's sheet's signs) or its font is the way's line colour (the path
 * drawn through the cells in box drawing, export_xlsx.c's KIND_PATH). */
static bool look_xlsx(const char *file)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd,
             "unzip -p '%s' xl/workbook.xml xl/styles.xml 'xl/worksheets/sheet*.xml'", file);
    char *all = capture(cmd, NULL);
    if (!all) return false;
    /* the parts, one after another: each starts with "<?xml" */
    const char *styles = NULL, *book = NULL, *sheet_xml[1024];
    int sheets = 0;
    for (char *p = strstr(all, "<?xml"); p;) {
        char *next = strstr(p + 1, "<?xml");
        if (next) *next = 0;
        if (strstr(p, "<styleSheet")) styles = p;
        else if (strstr(p, "<workbook")) book = p;
        else if (strstr(p, "<worksheet") && sheets < 1024) sheet_xml[sheets++] = p;
        p = next ? next + 1 : NULL; /* its '<' is now the end of this one */
    }
    if (!styles || !book) {
        free(all);
        return false;
    }
    bool solid[256] = {false}; /* by fill */
    const char *p = strstr(styles, "<fills");
    for (int k = 0; p && (p = strstr(p + 1, "<fill>")) != NULL && k < 256; k++) {
        const char *next = strstr(p, "</fill>");
        const char *sol = strstr(p, "patternType=\"solid\"");
        const char *badge_s = strstr(p, "FF8FDB85"), *badge_g = strstr(p, "FF94C7FF");
        solid[k] = sol && next && sol < next && !(badge_s && badge_s < next) &&
                   !(badge_g && badge_g < next);
    }
    bool line[256] = {false}; /* by font: the way's line colour */
    p = strstr(styles, "<fonts");
    for (int k = 0; p && (p = strstr(p + 1, "<font>")) != NULL && k < 256; k++) {
        const char *next = strstr(p, "</font>"), *way = strstr(p, "FFA048E0");
        line[k] = way && next && way < next;
    }
    bool *filled = NULL; /* by cell style */
    size_t styles_n = 0;
    const char *xfs = strstr(styles, "<cellXfs"), *xfs_end = xfs ? strstr(xfs, "</cellXfs>") : NULL;
    for (p = xfs; p && (p = strstr(p + 1, "<xf ")) != NULL && p < xfs_end;) {
        bool *more = realloc(filled, (styles_n + 1) * sizeof *filled);
        if (!more) break;
        filled = more;
        long fill = attr(p, "fillId"), font = attr(p, "fontId");
        filled[styles_n++] =
            (fill >= 0 && fill < 256 && solid[fill]) || (font >= 0 && font < 256 && line[font]);
    }
    int n = 0;
    bool ok = true;
    for (p = book; (p = strstr(p, "<sheet ")) != NULL; p++) {
        const char *xml = n < sheets ? sheet_xml[n] : NULL;
        n++;
        const char *name = strstr(p, "name=\"");
        char sheet[96] = "";
        if (name) snprintf(sheet, sizeof sheet, "%.*s", (int)strcspn(name + 6, "\""), name + 6);
        if (!strncmp(sheet, "Check", 5)) continue; /* a playable sheet's helper */
        bool answer = !strncmp(sheet, "Answer", 6) || !strncmp(sheet, "こたえ", strlen("こたえ"));
        if (!xml) {
            ok = false;
            continue;
        }
        long cells = 0;
        for (const char *c = xml; (c = strstr(c, "<c ")) != NULL; c++) {
            long s = attr(c, "s");
            cells += s >= 0 && (size_t)s < styles_n && filled[s];
        }
        printf("%s %d %s %ld\n", file, n, answer ? "answer" : "puzzle", cells);
    }
    free(filled);
    free(all);
    return ok;
}

static bool look_file(const char *file)
{
    const char *dot = strrchr(file, '.');
    const char *ext = dot ? dot + 1 : "";
    if (!strcmp(ext, "pdf")) return look_pdf(file);
    if (!strcmp(ext, "xlsx")) return look_xlsx(file);
    long marks = -1;
    char cmd[1200], png[96];
    if (!strcmp(ext, "png")) {
        marks = answer_pixels(file);
    } else if (!strcmp(ext, "svg")) {
        snprintf(png, sizeof png, "%s/svg.png", tmp);
        snprintf(cmd, sizeof cmd, "rsvg-convert --dpi-x 30 --dpi-y 30 -f png -o %s '%s'", png,
                 file);
        char *none = capture(cmd, NULL);
        if (none) marks = answer_pixels(png);
        free(none);
    } else {
        FILE *f = fopen(file, "rb");
        if (!f) return false;
        char *text = NULL;
        size_t len = 0;
        if (fseek(f, 0, SEEK_END) == 0 && (len = (size_t)ftell(f)) > 0 &&
            fseek(f, 0, SEEK_SET) == 0 && (text = malloc(len + 1)) &&
            fread(text, 1, len, f) == len) {
            text[len] = 0;
            if (!strcmp(ext, "html") || !strcmp(ext, "htm")) {
                marks = has(text, "\"shown\":true");
            } else {
                marks = 0;
                for (size_t i = 0; i < len; i++) marks += text[i] == '.';
            }
        }
        fclose(f);
        free(text);
    }
    if (marks < 0) return false;
    printf("%s 1 page %ld\n", file, marks);
    return true;
}

int main(int argc, char **argv)
{
    snprintf(tmp, sizeof tmp, "/tmp/meiro-look-XXXXXX");
    if (!mkdtemp(tmp)) return 1;
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        if (strchr(argv[i], '\'') || !look_file(argv[i])) {
            fprintf(stderr, "look: cannot read %s\n", argv[i]);
            rc = 1;
        }
        fflush(stdout);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
    if (system(cmd) != 0) rc = 1;
    return rc;
}
