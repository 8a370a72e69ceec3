/* The rule maze's spreadsheet writer, for render_rule_sheets_save. */
#ifndef MEIRO_SRC_RENDER_RULE_EXPORT_H
#define MEIRO_SRC_RENDER_RULE_EXPORT_H

#include "meiro.h"

#include <stdio.h>

/* The playable workbook of one sheet (rule_xlsx.c), written to out;
 * temp_dir (or $TMPDIR, /tmp) holds libxlsxwriter's file meanwhile. */
meiro_status rule_write_xlsx(const meiro_rule_sheet *s, const char *title, FILE *out,
                             const char *temp_dir, meiro_error *err);

/* The page to play in a browser (rule_html.c). */
meiro_status rule_write_html(const meiro_rule_sheet *s, const char *title, FILE *out);

#endif
