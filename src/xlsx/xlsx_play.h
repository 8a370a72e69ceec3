/* The playable maze sheet (--play): formulas and conditional formats, no
 * macros, check the way a player marks from S to G. */
#ifndef MEIRO_SRC_XLSX_XLSX_PLAY_H
#define MEIRO_SRC_XLSX_XLSX_PLAY_H

#include "core/model.h"
#include "page/template.h"

#include <xlsxwriter.h>

/* The most cells a playable sheet checks (its helper sheet has a row a cell). */
enum { PLAY_MAX_CELLS = 40000 };

/* Where a maze sheet is: its name, the sheet row of the maze's first row
 * and column 1 for its first column (the ring of empty cells around it),
 * the name of its hidden helper sheet, and the sheet-local prefix of its
 * names ("" for a workbook of one maze: the name is then Status). */
typedef struct play_place {
    const char *sheet, *check, *scope;
    uint32_t first_row;
    uint32_t answer; /* the answer's colour (0xRRGGBB): a picture maze's marks */
} play_place;

/* The status row below the maze (a merged row saying what is going on),
 * written as row `row` of ws, the rules that colour marks, the defined
 * name Status, and the sheet's protection (the maze cells stay open). */
lxw_error play_add_rules(lxw_workbook *wb, lxw_worksheet *ws, const meiro_maze *m,
                         const play_place *at, uint32_t row, uint32_t cols,
                         const page_labels *labels);

/* The hidden, protected helper sheet that reads the marks: a row per
 * cell with its mark, its open neighbours (the walls, which the page
 * shows anyway), and a walk along the marks from S. No cell lists the
 * solution. */
lxw_error play_add_check_sheet(lxw_workbook *wb, const meiro_maze *m, const play_place *at);

#endif /* MEIRO_SRC_XLSX_XLSX_PLAY_H */
