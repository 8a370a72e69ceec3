/* Documents: mazes laid out on pages by a style (template, options,
 * language): puzzle pages of 1 to 6 mazes, answers after each page or in a
 * key at the end, an optional cover. Planned and composed here (no drawing
 * library); shared by every drawn format, -f page and booklets. The
 * writers of PDF pages declared below are the drawing module's (draw/). */
#ifndef MEIRO_SRC_COMPOSE_DOCUMENT_H
#define MEIRO_SRC_COMPOSE_DOCUMENT_H

#include "compose/draw.h"

typedef struct doc_item {
    const meiro_maze *maze;
    const meiro_path *path; /* the solution, or NULL */
    int level;              /* in a booklet: 1 + its meiro_level, or 0 */
} doc_item;

/* PAGE_CONTENTS: a booklet's table of contents (over 20 mazes): its
 * levels, or runs of ten mazes, and the key, with page numbers.
 * PAGE_NOTES: a ruled page, where a puzzle must start on a right-hand page
 * or a folded booklet needs a multiple of 4 pages; PAGE_BACK: a folded
 * booklet's back cover, with what makes the booklet again. */
typedef enum page_kind {
    PAGE_COVER,
    PAGE_PUZZLES,
    PAGE_ANSWERS,
    PAGE_NOTES,
    PAGE_BACK,
    PAGE_CONTENTS
} page_kind;

typedef struct doc_page {
    page_kind kind;
    size_t first, count; /* items on the page */
    unsigned slots;      /* grid size: 1, 2, 4, 6 or 9 */
} doc_page;

typedef struct doc_style {
    page_paper paper; /* the trim, bleed and gutter */
    meiro_orientation orientation;
    double margin, cell_exact, cell_max, line;
    double line_min; /* the print service's thinnest line (mm) */
    bool grey_answers; /* the answer a grey band, not coloured (page/print.h) */
    uint32_t answer_colour; /* meiro_export_options.answer_colour */
    bool tactile;      /* puzzle pages as tactile sheets (compose/tactile.h) */
    bool walls;        /* tactile sheets' walls raised (--draw walls), not their centre-lines */
    unsigned per_page, key_per_page;
    answers_place answers;
    page_words words;          /* the texts in the page's language; the pointers below point here */
    const meiro_template *tpl; /* or NULL */
    const char *title, *subtitle, *fields;
    char answers_title[320]; /* "Answers", or "<title> — Answers" for one maze */
    const char *footer;      /* the user's footer text, or NULL */
    bool no_footer;
    bool crop; /* one maze: each page only the maze and a small border */
    maze_marks marks;
    bool page_numbers, show_seed, cover;
    bool workings; /* meiro's name, the seeds and the remaking command on the pages (doc_parts) */
    bool contents_subtitle; /* a series' volume under the contents' heading */
    const page_labels *labels;
    bool rtl; /* its language read from the right: its texts and its mazes' order mirrored */
    const char *footer_font; /* captions and footers: meiro's fonts, or the language's own */
    /* the template's frame and S's and G's pictures, by reference (NULL
     * or an empty file: none), loaded by the drawing sink (doc_load_art) */
    art_ref *art;
    const art_ref *frame; /* drawn over the whole page, or NULL */
    /* the texts as they fit the page (doc_init) */
    text_fit title_fit, subtitle_fit, answers_fit, cover_fit, cover_subtitle_fit;
    double text_width; /* the band texts may take, centred on the page */
    /* large print (page/print.h): no text under LARGE_PRINT_TEXT_MM (the
     * captions and page numbers set so, the seeds and the footer's words
     * left off), cells of cell_min and more */
    bool large;
    double cell_min;
} doc_style;

typedef struct document {
    doc_style style;
    const doc_item *items;
    size_t count;
    doc_page *pages;
    size_t page_count, page_cap;
    bool landscape;
    bool has_seed; /* a booklet's seed, for the footer and cover */
    uint64_t seed;
    const meiro_maze *cover_maze; /* a small maze to decorate the cover */
    const char *version;          /* a class set's copy (doc_parts), or NULL */
    const char *const *copies;    /* a class set's answers: their copies (doc_parts), */
    size_t per_copy;              /*   or NULL */
    const char *remake;           /* a booklet: the command that makes it again; else NULL */
    unsigned remake_lines;        /* its lines in the last page's footer, */
    double remake_size;           /*   at this size (doc_set_remake) */
    /* progress while writing pages: reported as done_before + the share of
     * pages written times `share`, out of `total` */
    void (*progress)(void *ctx, unsigned done, unsigned total);
    void *progress_ctx;
    unsigned done_before, share, total;
    struct measure_cache *measure; /* the fonts its texts are measured in (measure.h) */
} document;

/* What a booklet adds to its pages. */
typedef struct doc_parts {
    int cover;           /* 1 or 0, or -1: the template's choice */
    int contents;        /* 1 or 0, or -1: the template's, else over 20 mazes
                            of one a page */
    const char *version; /* a class set's copy ("Version B", or a pupil's
                            name): in its footers; NULL */
    bool volume;         /* a series' volume: the subtitle (which names it)
                            under the contents' heading too */
    const char *const *copies; /* a class set's answers: item i is maze
                            i % per_copy + 1 of copies[i / per_copy],
                            captioned so ("Hana · No. 2"); NULL: none */
    size_t per_copy;
    bool clean;          /* a book to sell: no meiro name, seed or remaking
                            command on its pages (page numbers stay) */
    bool walls;          /* tactile sheets: the walls (--draw walls) */
} doc_parts;

/* Plans the pages and checks every maze fits its slot, so that errors come
 * before any output. The items must outlive the document. parts NULL: a
 * document of its own (the template's cover, no contents). */
meiro_status doc_plan(document *d, const doc_item *items, size_t count,
                      const meiro_export_options *opt, const doc_parts *parts, meiro_error *err);
/* A format writer's document of one maze: doc_init (the template's
 * cover), and the machine settings the format table hands its writers
 * (page/machine.h: --draw paths). Only for a writer reached through the
 * format table. */
meiro_status doc_init_writer(document *d, const doc_item *item, const meiro_export_options *opt,
                             meiro_error *err);
/* doc_plan with a cover as asked (1, 0, -1: the template's) and no more. */
meiro_status doc_init(document *d, const doc_item *items, size_t count,
                      const meiro_export_options *opt, int cover, meiro_error *err);
void doc_free(document *d);

/* Pads the page plan of a booklet to fold (or bind): notes pages, then a
 * back cover, to a multiple of `multiple` pages (4 for sheets of two
 * pages a side). */
meiro_status doc_fold(document *d, unsigned multiple, meiro_error *err);
/* A wider gutter once the page count is known (a print service's), the
 * texts fitted again. */
meiro_status doc_set_gutter(document *d, double gutter, meiro_error *err);

/* How a folded booklet's pages go on its sheets. */
typedef struct fold_sheets {
    double w, h;        /* the sheet in mm, landscape */
    unsigned signature; /* sheets folded together; 0: all of them */
    double creep;       /* mm toward the spine per sheet of depth */
} fold_sheets;

/* Writes the folded booklet: two pages a side, centred on the sheet
 * (scaled down if they do not fit), in the order saddle-stitched
 * signatures need when printed on both sides (flipped on the short edge),
 * each signature folded in half, stacked in reading order and stapled;
 * inner sheets' pages moved toward the spine by the creep. */
meiro_status doc_write_pdf_folded(const document *d, const fold_sheets *fs, FILE *out,
                                  meiro_error *err);

/* The command that makes the booklet again, on its last page (after
 * doc_fold: a folded booklet's back cover), in a footer of as many lines
 * as it takes; checks the last page's mazes fit above them. A clean
 * document (doc_parts) shows none. */
meiro_status doc_set_remake(document *d, const char *remake, meiro_error *err);

/* The page size in mm (after orientation): the trim, without the bleed. */
void doc_page_size(const document *d, double *w, double *h);

/* Draws page `index` onto cv in mm (its items into cv's scene; the status
 * canvas_status's at the end), the parts of it in `layers` (LAYER_ALL for
 * all), origin at the trim's top-left corner (frame art runs out into the
 * bleed, at negative coordinates and past the trim). maze_only: just the
 * (first) maze, no texts or frame (PNG --crop).
 * snap: pixels per mm for raster output, else 0. */
meiro_status doc_draw_page(const document *d, size_t index, canvas *cv, bool maze_only,
                           double snap, unsigned layers, meiro_error *err);

/* The first page (from 1) of a kind showing item i, or 0. */
unsigned doc_page_of(const document *d, page_kind kind, size_t i);

/* Whether page `index` draws a solution path. */
bool doc_page_has_path(const document *d, size_t index);

/* Whether page `index` (of the book: a class set's copies follow one
 * another) is a left-hand page, its binding on its right: page 1 is a
 * right-hand page, page 2 a left-hand one, and so on; a book read from the
 * right is bound on the right, its page 1 a left-hand page. */
bool doc_left_hand_at(const document *d, size_t index);

/* Where maze k of page p sits, and the page's frame. */
meiro_status doc_place(const document *d, const doc_page *p, size_t k, page_layout *L,
                       page_frame *f, meiro_error *err);

/* Where the first maze of page `index` sits (for --crop). */
meiro_status doc_first_maze(const document *d, size_t index, page_layout *L, meiro_error *err);

/* Whether every item fits a sheet (xlsx_write_items checks it first);
 * the first one's cell as printed into *cell_mm (NULL: not wanted). */
meiro_status xlsx_check(const doc_item *items, size_t count, const meiro_export_options *opt,
                        double *cell_mm, meiro_error *err);

/* Whether the document can be a PNG (resolution in range, at most
 * PNG_MAX_SIDE pixels across): export_png checks it before drawing. */
enum { PNG_MIN_DPI = 30, PNG_MAX_DPI = 2400, PNG_MAX_SIDE = 32767 };
meiro_status raster_check(const document *d, const meiro_export_options *opt, meiro_error *err);

/* A workbook of the items: a sheet per maze and, with opt->answer_page, per
 * answer (src/export_xlsx.c). */
meiro_status xlsx_write_items(const doc_item *items, size_t count, const meiro_export_options *opt,
                              FILE *out, const char *temp_dir, meiro_error *err);

/* Writes the puzzle pages as one HTML page to play in a browser
 * (html_write.c). The items are drawn without paths; solutions[i] is
 * item i's solution for the answer button (length 0: none), shown at once
 * if `shown`. The document has no cover and no answer pages. */
meiro_status doc_write_html(const document *d, const meiro_path *solutions, bool shown, FILE *out,
                            meiro_error *err);
/* -f html: one maze's page to play, its solution for the answer button
 * (the format table finds it: the composer does not solve). */
meiro_status export_html(const meiro_maze *m, const meiro_path *solution, bool shown,
                         const meiro_export_options *opt, FILE *out, meiro_error *err);
/* A page to play holds MEIRO_HTML_MAX_CELLS at most, a booklet's mazes
 * together: MEIRO_ERROR_TOO_BIG past it. */
meiro_status export_html_check_size(uint64_t cells, meiro_error *err);

/* The pages of the n documents, one after the other, as their description
 * in JSON (export_page.c, -f page), with the seed that makes them again. */
meiro_status doc_write_scenes(const document *docs, size_t n, bool has_seed, uint64_t seed,
                              FILE *out, meiro_error *err);
/* -f page: the format writer of one maze's document (the format table's
 * row, as draw/export.h's writers). */
meiro_status export_page(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err);
/* The machines' formats (machine_write.c): a plotter's G-code and HP-GL,
 * a laser's DXF, with the machine's settings of page/machine.h (format
 * table rows, as export_page). */
meiro_status export_gcode(const meiro_maze *m, const meiro_path *path,
                          const meiro_export_options *opt, FILE *out, const char *temp_dir,
                          meiro_error *err);
meiro_status export_hpgl(const meiro_maze *m, const meiro_path *path,
                         const meiro_export_options *opt, FILE *out, const char *temp_dir,
                         meiro_error *err);
meiro_status export_dxf(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err);

/* Writes every page as PDF to a stream. */
meiro_status doc_write_pdf(const document *d, FILE *out, meiro_error *err);
/* Writes the pages of n documents of one paper (a class set's copies) as
 * one PDF, each document's pages numbered from 1. */
meiro_status doc_write_pdf_set(const document *docs, size_t n, FILE *out, meiro_error *err);

#endif
