/* The XLSX writer (export_xlsx.c, xlsx_play.c, rule_xlsx.c): mazes and rule
 * mazes as workbooks. It is in libmeiro.so, not the drawing module (issue
 * 25, 37): libxlsxwriter is opened on first use (xlsx/xlsx_lib.h), and the S
 * and G pictures, which cairo and librsvg draw, come from the drawing
 * module (draw/xlsx_art.h, through draw/module.h) only when a sheet has
 * them. */
#ifndef MEIRO_SRC_XLSX_XLSX_H
#define MEIRO_SRC_XLSX_XLSX_H

#include "meiro.h"

#include <stdbool.h>
#include <stdio.h>

/* Opens libxlsxwriter (once: xlsx/xlsx_lib.h), or says why it cannot be.
 * Call before the first workbook. */
meiro_status xlsx_lib_load(meiro_error *err);

/* A maze's workbook (meiro_write's XLSX row). */
meiro_status export_xlsx(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err);

/* A rule maze's playable workbook of one sheet, written to out. */
meiro_status rule_write_xlsx(const meiro_rule_sheet *s, const char *title, FILE *out,
                             const char *temp_dir, meiro_error *err);

#endif /* MEIRO_SRC_XLSX_XLSX_H */
