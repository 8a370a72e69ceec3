/* A page as data: what a page draws, in the order it draws it, without
 * cairo. The drawing code (draw/) builds it; a backend draws it (cairo:
 * draw/scene_cairo.c) or writes it (JSON, `-f page`: page/scene_json.c,
 * doc/page-format.md).
 *
 * Items are paths (moves, lines, curves, arcs, closes) stroked or filled,
 * runs of text, and pictures placed in a box; each has a role (walls, the
 * answer, S's badge...) that tests and other backends find things by.
 * Units are millimetres from the trim's top-left corner, y down; angles
 * in radians.
 *
 * A scene hands its items on as they are made to a sink (a backend), which
 * may then let them go: a page of a 10,000 x 10,000 maze streams through
 * in strokes of a bounded size instead of being held whole. Without a sink
 * it keeps them all. Errors are sticky, as cairo's: a failed allocation
 * makes every later call do nothing, and scene_status tells. */
#ifndef MEIRO_SRC_PAGE_SCENE_H
#define MEIRO_SRC_PAGE_SCENE_H

#include "meiro.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What an item is on the page. Names in scene_role_name (the JSON's). */
typedef enum scene_role {
    ROLE_PAGE,      /* the rest of the page: a template's frame */
    ROLE_WALLS,     /* a maze's walls */
    ROLE_CROSSINGS, /* a weave maze's crossings (gaps and rails) */
    ROLE_ANSWER,    /* the solution: its line, or a picture maze's cells */
    ROLE_START,     /* S: its badge, plate or word */
    ROLE_GOAL,      /* G */
    ROLE_ARROW,     /* the arrows at the doors of S and G */
    ROLE_TITLE,     /* the page's title (a cover's too) */
    ROLE_SUBTITLE,
    ROLE_NAME_LINE, /* the name and date line for a pupil */
    ROLE_CAPTION,   /* a maze's caption (No. 2, its size and seed) */
    ROLE_PAGE_NUMBER,
    ROLE_FOOTER,    /* the footer: meiro's name, the seed, the remaking command */
    ROLE_TEXT,      /* other text: a cover's, a contents page's, rule pages' */
    ROLE_MARKS,     /* a mission's keys, doors, items and one-way arrows; floors' stairs and names */
    ROLE_OUTLINE,   /* a shaped maze's outline, and the band between it and the cells */
    ROLE_CORRIDORS, /* the corridors' centre-lines, drawn instead of the walls (--draw paths) */
    ROLE_BRAILLE,   /* braille (page/braille.h): a text item carrying the Unicode braille,
                       drawn by no backend (a PDF's text that inks nothing), and the path
                       of its dots */
    ROLE_SEAMS,     /* a wrapped maze's seams: wedges where a passage goes on at the other side */
    ROLE_COUNT
} scene_role;

const char *scene_role_name(scene_role role);
/* The role named `name`; false for none. */
bool scene_role_parse(const char *name, scene_role *role);

/* A clip is a path (its steps, and its paint's even_odd the rule) that
 * the items after it are drawn within, until its unclip; clips nest. */
typedef enum scene_kind { SCENE_PATH, SCENE_TEXT, SCENE_IMAGE, SCENE_CLIP, SCENE_UNCLIP } scene_kind;

/* A path's steps and the numbers each takes from the item's points:
 * move and line x, y; curve x1, y1, x2, y2, x3, y3 (a cubic Bézier from
 * the current point); arc cx, cy, r, a0, a1 (radians, angles rising
 * clockwise on the page, as cairo_arc; arc_back as cairo_arc_negative);
 * close none. */
typedef enum scene_op {
    SCENE_MOVE,
    SCENE_LINE,
    SCENE_CURVE,
    SCENE_ARC,
    SCENE_ARC_BACK,
    SCENE_CLOSE,
    SCENE_OP_COUNT
} scene_op;

/* The numbers op takes. */
unsigned scene_op_numbers(scene_op op);

typedef enum scene_cap { CAP_BUTT, CAP_ROUND, CAP_SQUARE } scene_cap;
typedef enum scene_join { JOIN_MITER, JOIN_ROUND, JOIN_BEVEL } scene_join;

typedef struct scene_rgb {
    double r, g, b; /* 0 to 1 */
} scene_rgb;

/* How a path is drawn: stroked (width, caps, joins, dashes: `dashes` of
 * dash[] on and off from the start) or filled (nonzero, or even-odd). */
typedef struct scene_paint {
    bool stroke;
    scene_rgb colour;
    double width;
    scene_cap cap;
    scene_join join;
    double dash[2];
    unsigned dashes; /* 0: solid; 1: dash[0] on, dash[0] off; 2: dash[0] on, dash[1] off */
    bool even_odd;
} scene_paint;

/* A run of text as the drawing code laid it out: its layout's top left
 * corner at (x, y), one line, or lines `wrap` mm wide centred in it (broken
 * inside words where `in_words`); glyphs, or (outlined) their outlines
 * filled, as a badge's letters are; turned `angle` radians clockwise
 * about (x, y) (a book's spine: a quarter turn; 0 upright). `box` is its
 * ink as the drawing code measured it: left, top, width, height on the
 * page (of the turned ink). */
typedef struct scene_text {
    const char *text, *font; /* UTF-8; font a fontconfig family list */
    bool bold, italic;
    double size; /* mm */
    double x, y;
    double wrap;
    bool in_words, outlined;
    double angle;
    scene_rgb colour;
    double box[4];
} scene_text;

/* A picture placed in a box: `name` says which (the artwork's file, as a
 * template names it: "art/bunny.svg"); fitted in the box, or (frame) a
 * page's frame, its corners kept at their size and its edges stretched
 * along the box. `art` is the picture itself while the drawing code draws
 * the page (its backend's own kind: a cairo recording), NULL read back;
 * a backend that has neither it nor a picture by that name leaves the
 * box empty. */
typedef struct scene_image {
    const char *name; /* owned by the item */
    double x, y, w, h;
    bool frame;
    void *art; /* not owned */
} scene_image;

typedef struct scene_item {
    scene_kind kind;
    scene_role role;
    scene_paint paint;     /* a path's */
    size_t op, ops, point; /* a path's steps: ops[op .. op + ops), numbers from point */
    scene_text text;       /* its strings owned by the item (one block) */
    scene_image image;
} scene_item;

typedef struct scene scene;

/* Where items go as they are made: `items` gets items[from .. to) of s
 * (and may read their steps and strings); false stops the scene (its
 * status then an internal error; a backend with a sticky status of its
 * own, as cairo's, returns true and reports it itself). */
typedef struct scene_sink {
    bool (*items)(void *ctx, scene *s, size_t from, size_t to);
    void *ctx;
} scene_sink;

struct scene {
    double page_w, page_h; /* the trim in mm */
    bool has_seed;
    uint64_t seed;
    scene_item *items;
    size_t count, cap;
    uint8_t *ops;
    size_t op_count, op_cap;
    double *points;
    size_t point_count, point_cap;
    scene_sink sink; /* items NULL: none, the scene keeps every item */
    meiro_status status;
    meiro_error error;
    bool open; /* a path begun and not ended */
};

/* An empty scene of a page w x h mm, its sink (NULL: keep the items).
 * Takes no memory until items come; scene_free frees what it took. */
void scene_init(scene *s, double page_w, double page_h, const scene_sink *sink);
void scene_free(scene *s);
meiro_status scene_status(const scene *s, meiro_error *err);
/* Makes "out of memory describing the page" s's sticky error: a backend's
 * or a builder's allocation failed. */
void scene_out_of_memory(scene *s);

/* A path: begun with its role and paint, then its steps, then ended (when
 * it goes to the sink). Steps outside a path, or an empty path, do nothing. */
void scene_path(scene *s, scene_role role, const scene_paint *paint);
void scene_move(scene *s, double x, double y);
void scene_line(scene *s, double x, double y);
void scene_curve(scene *s, double x1, double y1, double x2, double y2, double x3, double y3);
void scene_arc(scene *s, double cx, double cy, double r, double a0, double a1, bool back);
void scene_close(scene *s);
void scene_end(scene *s);

/* A clip (its steps follow, then scene_end) and its end: the items
 * between are drawn within the clip's path. Every clip has its unclip. */
void scene_clip(scene *s, scene_role role, bool even_odd);
void scene_unclip(scene *s, scene_role role);

/* A run of text (its strings copied) and a picture's placement. */
void scene_add_text(scene *s, scene_role role, const scene_text *t);
void scene_add_image(scene *s, scene_role role, const scene_image *im);

/* The steps and numbers of a path item. */
const uint8_t *scene_item_ops(const scene *s, const scene_item *it);
const double *scene_item_points(const scene *s, const scene_item *it);

/* A solid paint: fill, or stroke of width with caps and joins. */
scene_paint scene_fill(scene_rgb colour);
scene_paint scene_stroke(scene_rgb colour, double width, scene_cap cap, scene_join join);

#endif
