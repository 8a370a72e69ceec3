/* Name lookup shared by the registries and the format table: a name or
 * one of its space-separated aliases. */
#include "core/names.h"
#include "core/error.h"

#include <ctype.h>
#include <stdio.h>
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
    return strcasecmp(info->name, name) == 0 ||
           name_in_list(info->aliases, name, strlen(name), true);
}

/* The edit distance (insertions, deletions, changes, two letters swapped)
 * between a[0..n) and b[0..m), case ignored; names are short (at most 63
 * letters counted, a longer one is far from all). */
static size_t distance(const char *a, size_t n, const char *b, size_t m)
{
    enum { MAX = 64 };
    if (n >= MAX || m >= MAX) return MAX;
    size_t d[MAX][MAX];
    for (size_t i = 0; i <= n; i++) d[i][0] = i;
    for (size_t j = 0; j <= m; j++) d[0][j] = j;
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (ca != cb);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[n][m];
}

const char *name_hint(const char *word, const char *candidates, char *out, size_t size)
{
    size_t len = strlen(word), best = (size_t)-1, best_n = 0;
    const char *best_at = NULL;
    for (const char *c = candidates; *c;) {
        size_t n = strcspn(c, " ,");
        /* near: a third of the letters off (at least one), or its start */
        size_t d =
            n > len && len >= 2 && strncasecmp(c, word, len) == 0 ? 0 : distance(word, len, c, n);
        size_t near = (n > len ? n : len) / 3;
        if (d <= (near ? near : 1) && d < best) best = d, best_at = c, best_n = n;
        c += n;
        while (*c == ' ' || *c == ',') c++;
    }
    if (best_at && size > 0)
        snprintf(out, size, N_("; did you mean '%.*s'?"), (int)best_n, best_at);
    else if (size > 0) out[0] = 0;
    return out;
}

const char *info_hint(const meiro_algorithm_desc *(*info)(size_t), size_t count, const char *word,
                      char *out, size_t size)
{
    char names[1024] = "";
    size_t n = 0;
    for (size_t i = 0; i < count && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s %s ", info(i)->name,
                              info(i)->aliases ? info(i)->aliases : "");
    return name_hint(word, names, out, size);
}
