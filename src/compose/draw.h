/* The page's drawing, composed on a canvas (no drawing library), and small
 * helpers the composer and the cairo side share. */
#ifndef MEIRO_SRC_COMPOSE_DRAW_H
#define MEIRO_SRC_COMPOSE_DRAW_H

#include "meiro.h"
#include "compose/canvas.h"
#include "compose/measure.h"
#include "page/layout.h"
#include "page/scene.h"
#include "page/trails.h"
#include "page/template.h"

#include <time.h>

#define PT_PER_MM (72.0 / 25.4)
/* Latin first; fontconfig falls back glyph by glyph to the CJK fonts */
#define FONT_FAMILY "DejaVu Sans, IPAexGothic, Noto Sans CJK JP, sans-serif"
/* a print service's answer (page_layout.grey_path): a band 40 % grey,
 * between the walls' black and the paper, readable without colour */
#define SOLUTION_GREY 0.6
#define ARROW_GREY 0.13 /* the door arrows: dark, for black-and-white printers */

/* A template's picture by reference: the composer opens no picture. The
 * file as the template or the options name it, the template whose folder
 * may hold it (NULL: a built-in file, "art/bunny.svg"), the box load_art
 * draws it in (w 0: a frame, its shorter side h mm); `art`, the drawing
 * sink's picture once loaded (doc_load_art: a cairo recording), freed by
 * its `release`. */
typedef struct art_ref {
    const meiro_template *tpl;
    template_art file;
    double w, h;
    void *art;
    void (*release)(void *art);
} art_ref;

/* How S and G are shown: words (fitted into the cell) or pictures, on
 * white plates or on badges (the document's meiro_signs, decided once for
 * every page: page_signs_badges). */
typedef struct maze_marks {
    const char *start, *goal, *font;
    const art_ref *start_art, *goal_art; /* NULL: the words (see art_ref) */
    bool badges;
    bool paths; /* the corridors' centre-lines instead of the walls (--draw paths) */
} maze_marks;

/* The solution's line: in its colour (L->answer_colour; answer_colour
 * gives it) about three walls wide, or for L->grey_path a grey band half a
 * corridor wide that keeps clear of the walls; round caps and joins. */
scene_rgb answer_colour(const page_layout *L);
scene_paint answer_paint(const page_layout *L);

/* The doors of S and G as layout_in_slot wants them: bit 1 << d for each
 * side d of the outer wall with a door, or with a seam's wedges outside it
 * (a wrapped maze: the room of a door's arrow, kept clear of the footer). */
unsigned maze_door_sides(const meiro_maze *m);

/* The parts of a page, drawn apart into SVG's named groups (export_svg):
 * the maze's walls, its solution, its labels (S and G, the door arrows),
 * and the rest of the page (frame, texts, footer). */
enum {
    LAYER_WALLS = 1,
    LAYER_PATH = 2,
    LAYER_LABELS = 4,
    LAYER_PAGE = 8,
    LAYER_FOOTER = 16, /* apart from the page: a page to play shows it once, under the sheet */
    LAYER_ALL = 31,
    /* with LAYER_WALLS: a polar, hex or triangle grid's walls are left
     * out, written by the caller through trace_grid_walls (export_svg);
     * so are a rectangle's when rect_walls_apart (trace_rect_walls) */
    LAYER_GRID_WALLS_APART = 32
};

/* Draws a maze placed by L (its maze fields) onto cv, in millimetres: the
 * walls, the path (if not NULL), arrows outside the doors of S (pointing
 * in) and G (pointing out), S and G; of these the ones in `layers`. snap
 * > 0 (pixels per mm) aligns the walls to the pixel grid for raster output. */
void draw_maze(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
               const maze_marks *marks, double snap, unsigned layers);

/* A multi-level maze (draw_levels.c): its floors side by side a cell
 * apart (two rows from 4 floors) under a row for their names (as
 * core/levels.h's level_origin places them), each drawn as a maze; stairs marked with matching numbers, up and
 * down; the answer on every floor, ending and going on at the stairs. */
void draw_levels(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
                 const maze_marks *marks, double snap, unsigned layers);

/* S and G on a badge: a disc d mm across centred at (cx, cy), light green
 * for S and light blue for G (neither the solution's red; light, so they
 * print pale grey in black and white and the word on them in black stands
 * out), ringed in black when `ring` (outside a shape's door, on white
 * paper); or the picture for it as large on a white disc ringed in that
 * colour. A shape's or a name's in the door cut in its outline
 * (end_badge: 10 mm and more), else filling the cell; the largest that
 * fills a cell is BADGE_MAX_MM. */
#define BADGE_MAX_MM 9.5
/* On an answer key (L->mark_min > 0) a badge is at least this many times
 * mark_min across, standing out of small cells as the key's letters do. */
#define BADGE_KEY_SCALE 1.6
void draw_badge(canvas *cv, const char *text, const art_ref *art, const char *font, double cx,
                double cy, double d, const page_layout *L, bool start, bool ring);

/* S and G's marks and door arrows, of the two those asked (draw_levels:
 * a floor shows one or none). */
void draw_ends(canvas *cv, const meiro_maze *m, const page_layout *L, const maze_marks *marks,
               bool start, bool goal);

/* A mission maze's marks (draw_mission.c), of those in `layers`: one-way
 * arrows (walls), the pickups' order on the answer (path), keys, items and
 * locked doors (labels); line is the walls' width. Nothing on other mazes. */
void draw_mission(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
                  const char *font, double line, unsigned layers);

/* Text, lines, shapes and pictures' places go into cv's scene, which a
 * backend draws (draw/scene_cairo.h: at once) or writes (-f page). The
 * colour of text is cv's. */

/* The corridors' centre-lines of any grid (page/centre.h) as one item of
 * the page, instead of its walls (marks->paths): long strokes of the
 * walls' width, round caps and joins, each line once. */
void stroke_centre_lines(scene *s, const meiro_maze *m, const page_layout *L, double line);
/* The same for what `trace` draws as `role` (trace_rect_walls: a tactile
 * sheet's walls, of the one width, round-capped). */
void stroke_traced(scene *s, scene_role role,
                   void (*trace)(const meiro_maze *, const page_layout *, const grid_pen *),
                   const meiro_maze *m, const page_layout *L, double line);

/* The same for a polar, hex or triangle maze (draw_grid.c), its walls
 * `line` wide (draw_maze's, snapped to whole pixels on a picture). */
void draw_grid_maze(canvas *cv, const meiro_maze *m, const meiro_path *path, const page_layout *L,
                    const maze_marks *marks, double line, unsigned layers);

/* Where trace_grid_walls sends a grid's walls: a grid_pen (page/trails.h). */

/* How far a chord may lie off a ring on a page, in mm (a quarter of a
 * pixel at 2400 dpi): a side of a dense ring is then one or two chords,
 * cheaper than a curve. */
#define GRID_ARC_CHORD_MM 0.0025

/* The walls of a polar, hex or triangle maze placed by L, each once,
 * joined into long strokes (a wall that starts where the last one ended
 * continues it; a ring's arcs are one); only those that may reach the
 * page's band y0 .. y1 mm (use -HUGE_VAL, HUGE_VAL for all). Drawn with
 * round caps and joins, as draw_grid_maze does. */
void trace_grid_walls(const meiro_maze *m, const page_layout *L, double y0, double y1,
                      const grid_pen *pen);

/* A rectangle's walls, each run along a grid line as a move and a line
 * (in mm on the page, no pixel snapping); drawn with square caps and
 * miter joins, as draw_maze does. Weave, mission and level mazes draw
 * more than their runs on the walls' layer: rect_walls_apart is false
 * for them (and for the other grids), and draw_maze keeps their walls. */
void trace_rect_walls(const meiro_maze *m, const page_layout *L, const grid_pen *pen);
bool rect_walls_apart(const meiro_maze *m);
/* Every wall of a maze of any grid, the whole page's (trace_rect_walls or
 * trace_grid_walls, a polar maze's rim closed where S or G has its door
 * on a print: a sheet read with the fingers has no arrows in): a tactile
 * wall sheet's. */
void trace_walls(const meiro_maze *m, const page_layout *L, const grid_pen *pen);

/* The outline of a shaped maze (outline.c), in cells from the grid's top
 * left corner: closed loops, loop l ending before point loop_end[l]. None
 * (count 0) without a mask, on other grids, or past 2^18 cells. */
typedef struct outline {
    double *points; /* x, y pairs */
    size_t count;
    size_t *loop_end;
    size_t loops;
} outline;

#define OUTLINE_WIDTH 1.3 /* the outline's line, in walls */

meiro_status outline_trace(const meiro_maze *m, double line, outline *out,
                           meiro_error *err); /* line: the walls', in cells */
void outline_free(outline *o);
/* Strokes the outline around a shaped maze placed by L (documents: PDF,
 * SVG, PNG pages and answers; not the animations' frames, which show the
 * cells being made). */
meiro_status draw_outline(canvas *cv, const meiro_maze *m, const page_layout *L, meiro_error *err);

/* A word set as `set` (bold `font` at `size`) centred at (cx, cy), as
 * outlines filled black: a mark's, a badge's. */
void draw_word(canvas *cv, scene_role role, const text_set *set, const char *text,
               const char *font, double size, double cx, double cy);
/* `text` at `size` mm with its ink centred at (cx, cy) in colour: glyphs,
 * or (outlined) their outlines filled. */
void draw_centred(canvas *cv, scene_role role, const char *text, const char *font, bool bold,
                  double size, double cx, double cy, scene_rgb colour, bool outlined);
/* The ink box of `text` in bold at `size` mm: its width and height (mm). */
void text_ink(canvas *cv, const char *text, const char *family, double size, double *w, double *h);

/* A line of text: align -1 left of x, 0 centred on x, 1 right of x. */
void draw_text(canvas *cv, scene_role role, const char *text, const char *font, double x,
               double baseline, double size, bool bold, int align);

/* How a text fits its band: its size, and whether it wraps to two lines. */
typedef struct text_fit {
    double size;
    bool wrap;
    double natural; /* the width on one line at the size asked for */
    bool in_words;  /* wrapped inside a word too wide for the line */
} text_fit;

/* Fits a line of text into a band `width` x `height` mm: at `size` if it
 * fits, else shrunk on one line down to 70% of it, else on two lines from
 * the size two lines fit in the band down to `floor_size`: broken at
 * spaces (line_breaks.h) at the largest size where that fits, else (or
 * with no space, as in most Japanese) also between the characters of a
 * word too wide for the line. false when even that does not fit. */
bool fit_text(canvas *cv, const char *text, const char *font, bool bold, double size,
              double floor_size, double width, double height, text_fit *fit);

/* Draws text as fit_text fitted it, centred on cx: one line on `baseline`,
 * or two lines from `top` in a band `width` wide (a run each). */
void draw_fitted(canvas *cv, scene_role role, const char *text, const char *font, bool bold,
                 const text_fit *fit, double cx, double baseline, double top, double width);

/* The size S and G pictures are drawn at once (load_marks_art's `size`),
 * in the art's units, before they are scaled to their boxes. */
#define MARKS_ART_SIZE 500
/* The pictures for S and G that opt asks for (templates/README.md: the
 * options' art, else the template's start and goal files, else its art
 * pair), each to be drawn once into a size x size square; an empty file
 * for a word. */
void marks_art_refs(const meiro_export_options *opt, double size, art_ref *start, art_ref *goal);
/* Where a picture's file is (templates/README.md): an absolute path, else
 * in the template's folder, else the built-in copy by that name; true for
 * the built-in copy (path unused). */
bool art_path(const meiro_template *tpl, const char *file, char *path, size_t size);
/* err says why the picture `ref` (of tpl, NULL: built-in) failed, at the
 * template's file and line; returns s. */
meiro_status art_blame(const meiro_template *tpl, const template_art *ref, meiro_status s,
                       const char *why, meiro_error *err);
/* a's file there and readable (opened, not read: the sink reads and
 * draws it), so that a missing picture is refused before any output, in
 * every format (-f page too, which loads none). */
meiro_status art_ref_check(const art_ref *a, meiro_error *err);

/* The picture for S or G (role) in a side x side box at (x, y): an image
 * item of s named as the template or the options name it
 * ("art/bunny-start.svg"), which its backend draws. */
void draw_sign_art(scene *s, scene_role role, const art_ref *art, double x, double y, double side);


#endif
