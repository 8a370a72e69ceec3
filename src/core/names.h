/* Name lookup shared by the registries and the format table. */
#ifndef MEIRO_SRC_CORE_NAMES_H
#define MEIRO_SRC_CORE_NAMES_H

#include "meiro.h"

/* True if word[0..len) is one of the space-separated words of list. */
bool name_in_list(const char *list, const char *word, size_t len, bool fold_case);
/* True if `name` is `info`'s name or one of its aliases (case ignored:
 * -a Prim is prim). */
bool info_matches(const meiro_algorithm_desc *info, const char *name);

/* For a name not found: "; did you mean 'polar'?" in `out` when one of
 * `candidates` (names separated by spaces or commas) is near `word` (case
 * ignored: a letter or two off for its length, or `word` the beginning of
 * it), else "". Returns out. */
const char *name_hint(const char *word, const char *candidates, char *out, size_t size);
/* name_hint over a registry's names and aliases (meiro_generator_info,
 * meiro_solver_info and their counts). */
const char *info_hint(const meiro_algorithm_desc *(*info)(size_t), size_t count, const char *word,
                      char *out, size_t size);

#endif /* MEIRO_SRC_CORE_NAMES_H */
