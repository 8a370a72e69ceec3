/* What the top layer's files share of the format table (formats.c). */
#ifndef MEIRO_SRC_FORMATS_H
#define MEIRO_SRC_FORMATS_H

#include <meiro.h>

#include <stddef.h>

/* "pdf, svg, png, json": the formats that can, for a refusal to name
 * (in the table's order; cut short if `size` is too small). */
const char *formats_that_can(meiro_capability capability, char *list, size_t size);

#endif /* MEIRO_SRC_FORMATS_H */
