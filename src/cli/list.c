/* meiro list: the catalogue of generators, solvers, templates, levels and
 * formats. */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>

static void list_algorithms(const char *title, size_t count,
                            const meiro_algorithm_desc *(*info)(size_t))
{
    printf("%s:\n", title);
    for (size_t i = 0; i < count; i++) {
        const meiro_algorithm_desc *a = info(i);
        printf("  %-10s %s", a->name, a->description);
        if (a->aliases[0]) printf(" (also: %s)", a->aliases);
        printf("\n");
    }
}

int cmd_list(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) return usage_error("list", "unexpected argument '%s'", argv[1]);
    list_algorithms("Generators (-a)", meiro_generator_count(), meiro_generator_info);
    printf("\n");
    list_algorithms("Solvers (-m)", meiro_solver_count(), meiro_solver_info);
    printf("\nTemplates (-t):\n");
    for (size_t i = 0; i < meiro_builtin_template_count(); i++) {
        const char *name = meiro_builtin_template_name(i);
        meiro_template *t = meiro_template_load(name, NULL);
        printf("  %-18s %s\n", name, t ? meiro_template_description(t) : "");
        meiro_template_free(t);
    }
    printf("\nDifficulty levels (booklet --difficulty):\n");
    for (unsigned k = 0; k < MEIRO_LEVEL_COUNT; k++) {
        const meiro_level_desc *l = meiro_level_info((meiro_level)k);
        char ages[32];
        snprintf(ages, sizeof ages, isdigit((unsigned char)l->ages[0]) ? "ages %s" : "%s", l->ages);
        printf("  %-10s %-10s %s (%s)\n", l->name, ages, l->description, l->algorithm);
    }
    printf("\nFormats (-f):\n");
    for (unsigned f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        const meiro_format_desc *info = meiro_format_info((meiro_format)f);
        printf("  %-10s %s%s%s\n", info->name, info->description,
               info->extensions[0] ? "; extension ." : "", info->extensions);
    }
    return EXIT_OK; /* main checks that standard output was written */
}
