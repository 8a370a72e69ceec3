/* Name lookup shared by the registries and the format table: a name or
 * one of its space-separated aliases. */
#include "core/names.h"

#include <string.h>
#include <strings.h>

bool name_in_list(const char *list, const char *word, size_t len, bool fold_case)
{
    for (const char *a = list; *a;) {
        size_t n = strcspn(a, " ");
        if (n == len && (fold_case ? strncasecmp(a, word, n) : strncmp(a, word, n)) == 0)
            return true;
        a += n;
        while (*a == ' ') a++;
    }
    return false;
}

bool info_matches(const meiro_algorithm_desc *info, const char *name)
{
    return strcmp(info->name, name) == 0 || name_in_list(info->aliases, name, strlen(name), false);
}
