/* Rule mazes on paper, composed on a canvas (no drawing library): the
 * worksheet page (title, the rule in one line, a name line, START and
 * FINISH, big cells with the tokens), 2-up pages of two sheets, and the
 * key with each rule path shaded. The cairo backend draws the pages as PDF
 * and SVG (draw/rule_page.c); -f page writes their description. */
#ifndef MEIRO_SRC_COMPOSE_RULE_PAGE_H
#define MEIRO_SRC_COMPOSE_RULE_PAGE_H

#include "meiro.h"
#include "compose/canvas.h"

#include <stdio.h>

/* A rule maze's pages: its sheets, on paper page_w x page_h mm (portrait),
 * one or two a page. format "pdf" or "page" (its description): every
 * sheet, then with answers the key after all the puzzles; "svg" or "svg
 * page" (its description, the command's -f page --solution): the first
 * sheet's page alone, its puzzle or with answers its key. The checks and
 * the other formats are meiro_rule_sheets_save's (job/rule_save.c). */
typedef struct rule_job {
    const meiro_rule_sheet *const *sheets;
    size_t count;
    const char *format, *title;
    unsigned per_page;
    bool answers;
    double page_w, page_h;
} rule_job;

/* How many pages j prints. */
size_t rule_page_count(const rule_job *j);
/* Page `index` of j composed onto cv (whose scene is a page_w x page_h
 * page). */
void rule_compose_page(canvas *cv, const rule_job *j, size_t index);
/* j's pages as their description (page/scene_json.h, -f page). */
meiro_status rule_write_scenes(const rule_job *j, FILE *out, meiro_error *err);

#endif /* MEIRO_SRC_COMPOSE_RULE_PAGE_H */
