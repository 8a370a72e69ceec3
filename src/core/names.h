/* Name lookup shared by the registries and the format table. */
#ifndef MEIRO_SRC_CORE_NAMES_H
#define MEIRO_SRC_CORE_NAMES_H

#include "meiro.h"

/* True if word[0..len) is one of the space-separated words of list. */
bool name_in_list(const char *list, const char *word, size_t len, bool fold_case);
/* True if `name` is `info`'s name or one of its aliases. */
bool info_matches(const meiro_algorithm_desc *info, const char *name);

#endif /* MEIRO_SRC_CORE_NAMES_H */
