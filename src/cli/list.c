/* meiro list: the catalogue of generators, solvers, templates, levels and
 * formats. */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const usage_list =
    "Usage: meiro list\n"
    "List the generators (-a), solvers (-m), grids (--grid) with the generators\n"
    "that work on each, templates (-t), shapes, pictures for S and G (--art),\n"
    "difficulty levels, papers and book trims (--paper) and formats (-f), each\n"
    "with what it does.\n";

enum { LIST_COLUMNS = 79 };

/* Terminal columns of a UTF-8 character starting with byte c (wide CJK
 * characters, from U+1100 on, take two), and its length in bytes. */
static int char_columns(const unsigned char *c, int *bytes)
{
    *bytes = c[0] < 0x80 ? 1 : c[0] >= 0xf0 ? 4 : c[0] >= 0xe0 ? 3 : 2;
    if (*bytes < 3) return 1;
    unsigned cp =
        *bytes == 3 ? (c[0] & 0x0fu) << 12 | (c[1] & 0x3fu) << 6 | (c[2] & 0x3fu) : 0x10000;
    return cp >= 0x1100 ? 2 : 1;
}

/* "  name      text", the text wrapped at spaces to fit LIST_COLUMNS, its
 * later lines under its first. */
static void entry(const char *name, int name_width, const char *text)
{
    int indent = 2 + name_width + 1;
    int col = printf("  %-*s ", name_width, name);
    if (col > indent) { /* a long name: the text starts on the next line */
        printf("\n%*s", indent, "");
        col = indent;
    }
    const char *p = text;
    while (*p) {
        const char *word = p;
        int width = 0, bytes;
        while (*p && *p != ' ') {
            width += char_columns((const unsigned char *)p, &bytes);
            p += bytes;
        }
        if (col > indent && col + 1 + width > LIST_COLUMNS) {
            printf("\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            putchar(' ');
            col++;
        }
        col += printf("%.*s", (int)(p - word), word) > 0 ? width : 0;
        while (*p == ' ') p++;
    }
    putchar('\n');
}

static void list_algorithms(const char *title, size_t count,
                            const meiro_algorithm_desc *(*info)(size_t))
{
    printf("%s:\n", title);
    for (size_t i = 0; i < count; i++) {
        const meiro_algorithm_desc *a = info(i);
        char text[640];
        snprintf(text, sizeof text, "%s%s%s%s", a->description, a->aliases[0] ? " (also: " : "",
                 a->aliases, a->aliases[0] ? ")" : "");
        entry(a->name, 13, text);
    }
}

int cmd_list(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage_list, stdout);
        return fflush(stdout) == 0 ? EXIT_OK : EXIT_FAIL;
    }
    if (argc > 1) return usage_error("list", N_("unexpected argument '%s'"), argv[1]);
    list_algorithms("Generators (-a)", meiro_generator_count(), meiro_generator_info);
    printf("\n");
    list_algorithms("Solvers (-m)", meiro_solver_count(), meiro_solver_info);
    printf("\nGrids (--grid):\n");
    static const char *const grid_text[MEIRO_GRID_COUNT] = {
        "squares, -W x -H (the default); every generator",
        /* one string over two lines (the parentheses tell clang so) */
        ("a round maze (theta): -H rings around a centre disc, cells split outward to stay "
         "near-square; generators:"),
        "flat-topped hexagons (sigma), -W x -H; generators:",
        "triangles pointing up and down (delta), -W x -H; generators:"};
    for (unsigned g = 0; g < MEIRO_GRID_COUNT; g++) {
        char text[640];
        size_t n = (size_t)snprintf(text, sizeof text, "%s", grid_text[g]);
        for (size_t i = 0; g != MEIRO_GRID_RECT && i < meiro_generator_count() && n < sizeof text;
             i++)
            if (meiro_generator_supports(i, (meiro_grid)g))
                n += (size_t)snprintf(text + n, sizeof text - n, "%s%s",
                                      text[n - 1] == ':' ? " " : ", ",
                                      meiro_generator_info(i)->name);
        entry(meiro_grid_name((meiro_grid)g), 13, text);
    }
    printf("\nTemplates (-t):\n");
    for (size_t i = 0; i < meiro_builtin_template_count(); i++) {
        const char *name = meiro_builtin_template_name(i);
        meiro_template *t = meiro_template_load(name, NULL);
        entry(name, 18, t ? meiro_template_description(t) : "");
        meiro_template_free(t);
    }
    printf("\n");
    list_algorithms("Shapes (--shape NAME, or a picture: --shape FILE.svg, .png, .jpg, .gif, .bmp)",
                    meiro_shape_count(), meiro_shape_info);
    printf("\nPictures for S and G (--art; none: the words):\n");
    for (size_t i = 0; i < meiro_art_count(); i++) {
        const meiro_art_desc *a = meiro_art_info(i);
        entry(a->name, 18, a->description);
    }
    printf("\nDifficulty levels (--difficulty, --age):\n");
    for (unsigned k = 0; k < MEIRO_LEVEL_COUNT; k++) {
        const meiro_level_desc *l = meiro_level_info((meiro_level)k);
        char ages[32];
        snprintf(ages, sizeof ages, isdigit((unsigned char)l->ages[0]) ? "ages %s" : "%s", l->ages);
        char text[320];
        snprintf(text, sizeof text, "%s: %s (%s; cells of %g mm and up on the page)", ages,
                 l->description, l->algorithm, l->cell_mm);
        entry(l->name, 10, text);
    }
    printf("\nPapers (--paper; or any size WxH in mm or in):\n");
    for (unsigned p = 0; p < MEIRO_PAPER_COUNT; p++) {
        double w, h;
        const char *name = meiro_paper_name((meiro_paper)p, &w, &h);
        char text[64];
        snprintf(text, sizeof text, "%g x %g mm", w, h);
        entry(name, 10, text);
    }
    for (size_t i = 0; i < meiro_trim_count(); i++) {
        const meiro_trim_desc *t = meiro_trim_info(i);
        entry(t->size, 10, t->description);
    }
    printf("\nFormats (-f):\n");
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        const meiro_format_desc *info = meiro_format_info((meiro_format)f);
        char text[320];
        snprintf(text, sizeof text, "%s%s%s", info->description,
                 info->extensions[0] ? "; extension ." : "", info->extensions);
        entry(info->name, 10, text);
    }
    return EXIT_OK; /* main checks that standard output was written */
}
