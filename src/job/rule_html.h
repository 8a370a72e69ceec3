/* A rule maze as a page to play in a browser (rule_html.c). */
#ifndef MEIRO_SRC_JOB_RULE_HTML_H
#define MEIRO_SRC_JOB_RULE_HTML_H

#include "meiro.h"

#include <stdio.h>

/* The sheet's page, self-contained, written to out. */
meiro_status rule_write_html(const meiro_rule_sheet *s, const char *title, FILE *out);

#endif /* MEIRO_SRC_JOB_RULE_HTML_H */
