/* Page geometry in millimetres: frames, slots, where a maze sits. */
#ifndef MEIRO_SRC_PAGE_LAYOUT_H
#define MEIRO_SRC_PAGE_LAYOUT_H

#include "meiro.h"
#include "page/template.h"

#include <time.h>

/* ---- Page layout (millimetres, origin top-left) ---- */

enum { TITLE_BAND_MM = 16, TITLE_FONT_MM = 8, FOOTER_BAND_MM = 7, FOOTER_FONT_MM = 3 };

typedef struct box {
    double x, y, w, h;
} box;

typedef struct page_layout {
    double page_w, page_h; /* the paper, after orientation */
    bool landscape;
    double margin;
    double cell;           /* side of a square cell */
    double line;           /* wall line width */
    double maze_x, maze_y; /* top-left corner of the maze (on the wall lines) */
    double maze_w, maze_h;
    double title_size; /* font size; 0 = no title */
    double title_baseline;
    double footer_size, footer_baseline;
    double mark_size;  /* S and G */
    double mark_min;   /* their least size, standing out of small
                              cells on a plate as big as the word (an
                              answer key), or 0: within the cell */
    double path_width; /* the solution line */
    /* entry and exit arrows outside the doors of S and G: each takes
     * arrow_from + arrow mm beyond the outer wall (the arrow in its last
     * `arrow`); 0 = no doors, no arrows */
    double arrow, arrow_from;
    double crop_x, crop_y, crop_w, crop_h; /* PNG --crop rectangle */
    /* the solution as a mid-grey band along the corridors, for a print
     * service's black-and-white interior (red prints as a grey line among
     * the walls there) */
    bool grey_path;
    /* otherwise the answer's colour (meiro_export_options.answer_colour,
     * page/answer_colour.h: 0 the default) */
    uint32_t answer_colour;
    /* cells kept clear on each side for a shaped maze's outline (set by
     * the caller before layout_in_slot: maze_outline_room) */
    double outline_room;
    /* a shape's S [0] and G [1] in doors of its outline, an arrow and a
     * badge outside each (set by the caller before layout_in_slot:
     * layout_shape_ends): the sides each may take (bit 1 << d; 0: none,
     * its badge stands in its cell), the cells beyond each side to the
     * grid's edge, and the side layout_in_slot chose (1 + the side, 0:
     * none), the one that keeps the largest cell */
    unsigned end_sides[2];
    uint32_t end_run[2][4];
    unsigned end_door[2];
    /* the box the maze was fitted in: its slot, below any caption (set by
     * layout_in_slot; a name's fit measures it once, level_page.c) */
    box area;
} page_layout;

/* Sets L's end_sides and end_run for maze m (none but on a shape with an
 * outline). */
void layout_shape_ends(const meiro_maze *m, page_layout *L);
/* The door layout_in_slot chose for S (k 0) or G (k 1), or MEIRO_NO_DIR. */
meiro_dir layout_end_door(const page_layout *L, int k);
/* Outside a shape's door, from its wall line outward: the outline and a
 * gap, then an arrow (end_arrow mm long), a gap, the badge (end_badge mm
 * across, 10 mm and more: a sign a child sees). end_reach: all of it. */
double end_arrow(double cell);
double end_badge(double cell);
double end_arrow_from(double cell);
double end_reach(double cell);

/* A shaped maze's outline (compose/outline.c) runs about 0.3 cell outside
 * its cells, its line beyond: the room the fit keeps for it, in cells.
 * Grids past OUTLINE_MAX_CELLS are drawn without one. */
#define OUTLINE_ROOM 0.35
enum { OUTLINE_MAX_CELLS = 1 << 18 };
double maze_outline_room(const meiro_maze *m);

/* The margin suits the paper (it fails on every page otherwise); if the
 * template gave it, err names the template's line. */
meiro_status page_margin_check(const meiro_export_options *opt, meiro_error *err);

meiro_status layout_page(uint32_t w, uint32_t h, const meiro_export_options *opt,
                         page_layout *layout, meiro_error *err);

/* The general form, for pages of several mazes: a frame of text bands
 * around a body, the body split into slots, a maze placed in each. */
enum {
    SUBTITLE_BAND_MM = 9,
    SUBTITLE_FONT_MM = 5,
    FIELDS_BAND_MM = 13,
    FIELDS_FONT_MM = 4,
    CAPTION_BAND_MM = 6,
    CAPTION_FONT_MM = 3,
    GUTTER_MM = 8
};

/* The paper a page is laid out on: its trim size (portrait), the bleed
 * around it and the gutter on its binding side, and a name for messages
 * ("a5", "152.4 x 228.6 mm"). */
typedef struct page_paper {
    double w, h, bleed, gutter;
    char name[48];
    bool no_binding_bleed; /* a print service's (KDP, IngramSpark): the
                              bleed on top, bottom and outside edge only */
} page_paper;

/* The bleed left of the trim on a right-hand (odd) or left-hand page, and
 * across a page in all: without bleed at the binding edge the page is
 * trim + bleed wide, its trim at the left edge of odd pages and the right
 * edge of even ones. */
double page_bleed_left(const page_paper *p, bool left_hand);
double page_bleed_across(const page_paper *p);

/* The paper the options ask for (a named one, or their own size). */
void page_paper_of(const meiro_export_options *opt, page_paper *p);

/* Bleed, gutter and a custom size suit the format (PDF for bleed and
 * gutter; any paged format but XLSX for a custom size); `format_name`
 * names it in the message. */
meiro_status page_paper_check(const meiro_export_options *opt, bool pdf, bool xlsx,
                              const char *format_name, meiro_error *err);

typedef struct page_frame {
    double page_w, page_h; /* the trim */
    bool landscape;
    double margin;
    double center_x;                   /* where centred texts go: the middle of the body
                              (off the page's middle by half a gutter) */
    double title_size, title_baseline; /* size 0: no title */
    double subtitle_size, subtitle_baseline;
    double fields_size, fields_baseline;
    double rules_size, rules_baseline; /* the first rule line's; RULE_LINE_MM apart */
    double footer_size, footer_baseline;
    box body;
} page_frame;

typedef struct frame_texts {
    bool title, subtitle, fields;
    unsigned rule_lines;   /* the special mazes' rules, a line each, just
                              above the body (nearest the mazes) */
    unsigned footer_lines; /* more than one: the footer band grows upwards
                              by FOOTER_LINE_MM a line (a booklet's
                              remaking command) */
} frame_texts;
enum { FOOTER_LINE_MM = 3, RULE_LINE_MM = 5 };
#define RULE_FONT_MM 3.6 /* 10 pt: a line a child reads, under the title's */

/* Auto orientation: the one giving the larger cells (ties: portrait). */
bool choose_landscape(uint32_t w, uint32_t h, const meiro_export_options *opt, frame_texts texts);

/* The frame of a page of the given paper and orientation (landscape
 * already decided). A left-hand page (even page numbers) has its gutter on
 * the right, a right-hand page on the left. */
meiro_status layout_frame(const page_paper *paper, bool landscape, double margin, bool left_hand,
                          frame_texts texts, page_frame *f, meiro_error *err);

/* The body split into n slots (1, 2, 4, 6 or 9): a grid of rows x columns
 * that suits the page's orientation, with gutters between. */
unsigned layout_slots(const page_frame *f, unsigned n, box *slots);

/* A w x h maze centred in a slot, below a caption band if `caption`,
 * with room for arrows outside its doors: `doors` has bit 1 << d for each
 * side d (a meiro_dir) where S or G has a door, and the room is kept on
 * both sides of that axis, so the maze stays centred.
 * cell_exact > 0 insists on that cell size (an error naming the largest
 * that fits otherwise); cell_max > 0 caps the fitted size; line > 0 fixes
 * the wall width. Fills the maze fields of L (and crop), not the frame's. */
meiro_status layout_in_slot(double w, double h, unsigned doors, box slot, bool caption,
                            double cell_exact, double cell_max, double line, page_layout *L,
                            meiro_error *err);

/* What a page lays out of a maze: its size in cells, w x h on a rectangle;
 * on the other grids their bounding box (core/grid.h) in corridor widths,
 * so that L->cell is a corridor's width (the circle inside a cell) on
 * every grid and walls, path and marks take the same weights. */
void maze_cells(const meiro_maze *m, double *w, double *h);
/* Grid units (core/grid.h) a cell is across: polar 1, hex sqrt 3, triangle
 * 1 / sqrt 3; 1 on a rectangle. */
double grid_cell_units(meiro_grid grid);

/* ---- The words on a page ---- */

/* The page's language and its texts: the options', else the template's in
 * that language (title[ja] = ...), else as the template wrote them; meiro's
 * own name line where the template has none in that language; the name
 * filled into the first blanks of the name line. */
typedef struct page_words {
    const page_labels *labels;                   /* meiro's own words */
    const char *title, *subtitle, *start, *goal; /* NULL: none */
    char fields[256];                            /* the name line; "" for none */
} page_words;
void page_words_for(const meiro_export_options *opt, page_words *w);

/* ---- Answers ---- */

/* Where answers go: `answers` if set, else answer_page (where the template
 * puts answers, or after the page), else the template's choice. */
answers_place page_answers(const meiro_export_options *opt);

/* ---- S and G ---- */

/* Whether a document shows S and G as badges (else letters), one style on
 * every page, puzzles and answers, in every format (meiro_signs): asked
 * for, else the template's, else badges where the document starts at a
 * child's level (first_level: 1 + its first maze's meiro_level, the
 * youngest reader it is for; 0 none), else letters. */
bool page_signs_badges(const meiro_export_options *opt, int first_level);

/* ---- What every page says about its maze ---- */

/* A maze's size as pages name it: "20 × 15", "hex · 15 × 12", "polar · 10
 * rings". */
void page_maze_size(const meiro_maze *m, char *buf, size_t size);

/* The signs maze m has whose rule its page states (bit 1 << page_rule):
 * keys and doors, items to collect, one-way passages, floors, crossings.
 * The one place that decides which special mazes say what. */
unsigned page_maze_rules(const meiro_maze *m);
/* Their lines in the labels' language, joined by sep (a page without
 * room for a line each: XLSX, HTML); returns how many. */
unsigned page_rules_text(unsigned rules, const page_labels *labels, const char *sep, char *buf,
                         size_t size);

/* "meiro 0.1.0 · cluster · seed 42 · 20 × 15" (no seed part if unknown). */
void page_footer(const meiro_maze *m, char *buf, size_t size);

/* Document dates: SOURCE_DATE_EPOCH if set, otherwise a fixed date, so the
 * same maze gives the same file. SOURCE_DATE_EPOCH is whole seconds from 0
 * to the end of the year 9999 (what PDF and XLSX dates can hold); anything
 * else is refused with MEIRO_ERROR_ARGUMENT, as reproducible-builds.org
 * asks, rather than quietly replaced by another date. */
meiro_status page_timestamp(time_t *t, meiro_error *err);
/* The same as "2026-01-01T00:00:00Z". */
meiro_status page_timestamp_iso(char *buf, size_t size, meiro_error *err);

#endif /* MEIRO_SRC_PAGE_LAYOUT_H */
