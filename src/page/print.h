/* Print-on-demand profiles: what KDP, IngramSpark and Lulu ask of a PDF's
 * pages (bleed edges, line weights, gutter, page counts). */
#ifndef MEIRO_SRC_PAGE_PRINT_H
#define MEIRO_SRC_PAGE_PRINT_H

#include "meiro.h"

/* 1/8 in: the bleed KDP, IngramSpark and Lulu all ask for */
#define PRINT_BLEED_MM 3.175
/* large print (page/print.c): its walls' least width and its least cell */
#define LARGE_PRINT_LINE_MM 2.0
#define LARGE_PRINT_CELL_MM 12.0
/* and its least text: 18 pt (APH's large print) */
#define LARGE_PRINT_TEXT_MM (18 * 25.4 / 72)

typedef struct print_profile {
    const char *name;              /* "kdp" */
    const char *service;           /* "Amazon KDP": for messages */
    double bleed;                  /* mm on the outer edges; 0: none */
    bool binding_bleed;            /* the bleed on the binding edge too (Lulu) */
    double line_min;               /* mm: the thinnest line printed */
    unsigned pages_min, pages_max; /* a book's page count; 0: no rule */
    bool grey_answers;             /* answers readable without colour */
    bool pdfx;                     /* books and covers as PDF/X-1a only */
    bool no_metadata;              /* no metadata but the title, tools, dates */
    double safe_in;                /* text and ink this far inside the trim */
    /* the cover: a page's thickness by stock (inches; 0: no covers), an
     * allowance added to the spine (inches), the least page count with
     * text on the spine */
    double paper_in[MEIRO_STOCK_COUNT], spine_extra_in;
    unsigned spine_text_from;
    bool tactile; /* a sheet read with the fingers (draw/tactile.c) */
    /* large print: the cells no smaller (mm; 0: no rule), and no text too
     * fine to read (the footer left off, job/job.c) */
    double cell_min;
    bool no_fine_text;
} print_profile;

/* The profile of `print`; MEIRO_PRINT_NONE's (all zero but the home line
 * floor) for an invalid one. */
const print_profile *print_profile_of(meiro_print print);

#endif /* MEIRO_SRC_PAGE_PRINT_H */
