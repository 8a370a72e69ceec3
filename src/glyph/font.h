/* The one text measurer: strings shaped by HarfBuzz over FreeType faces
 * loaded from font files (natively the files fontconfig finds, as pango
 * does for the page; in the browser, a file handed over), their advance
 * and ink measured and their glyphs' outlines read. No drawing library:
 * what a text measures and the outlines its mask is made of are the same
 * natively and in the browser. */
#ifndef MEIRO_SRC_GLYPH_FONT_H
#define MEIRO_SRC_GLYPH_FONT_H

#include "glyph/raster.h"
#include "meiro.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The fonts a text is set in, in order: a context holding FreeType's
 * library and every face it opened (no global state; one per job). */
typedef struct glyph_fonts glyph_fonts;
typedef struct glyph_face glyph_face;

/* A new context, no fonts in it yet; NULL when out of memory or FreeType
 * fails (err says). Free with glyph_fonts_free (NULL is fine). */
glyph_fonts *glyph_fonts_new(meiro_error *err);
void glyph_fonts_free(glyph_fonts *f);

/* Makes f choose faces as pango does for a page's text (before
 * glyph_fonts_find): among SFNT fonts alone (not WOFF); a blank (a space,
 * a joiner, a variation selector) in the face of the letters either side
 * of it, a digit or a sign in the first face that has it. By default (the
 * masks of names) every font fontconfig finds, and a letter of no script
 * in the face of the letters before it. */
void glyph_fonts_page(glyph_fonts *f);

/* Adds a font file's bytes (copied; face `index` of a collection) after
 * the fonts already there: the browser's bundled fonts. Fonts are added
 * before a text is shaped in the context (the glyphs shaped point to
 * them). */
meiro_status glyph_fonts_add(glyph_fonts *f, const unsigned char *data, size_t size, int index,
                             meiro_error *err);

/* Adds the fonts fontconfig sorts first for `families` (a list as pango
 * reads it: "DejaVu Sans, IPAexGothic, sans-serif") in language `lang`,
 * regular or bold, after those already there (opened when a letter needs
 * one). Without fontconfig (the browser's build), an argument error. */
meiro_status glyph_fonts_find(glyph_fonts *f, const char *families, const char *lang, bool bold,
                              meiro_error *err);

/* The first face that has every code point of text[0..len), NULL if none
 * has (err then says which letter), or when a face cannot be opened. */
glyph_face *glyph_fonts_cover(glyph_fonts *f, const char *text, size_t len, meiro_error *err);

/* One glyph of a shaped text: where its origin lies, in ems (the font's
 * size is 1), x to the right and y up from the text's origin. */
typedef struct glyph_item {
    glyph_face *face;
    uint32_t id;
    double x, y;
} glyph_item;

/* A shaped text: its glyphs, its advance (ems) and its ink's box (ems, y
 * up; x0 > x1 when it has no ink). */
typedef struct glyph_run {
    bool keep; /* its glyphs kept (items), or only measured */
    glyph_item *items;
    size_t count, cap;
    double advance;
    double x0, y0, x1, y1;
} glyph_run;

/* An empty run (no glyphs, no ink) that keeps the glyphs shaped into it
 * or (keep false) only measures them; free with glyph_run_free, which
 * leaves it empty again. */
void glyph_run_init(glyph_run *run, bool keep);

/* Shapes text[0..len) in `lang` (NULL: guessed from the letters), every
 * cluster in the first face that has it, appending to run from its
 * advance on. Refuses (argument error) a letter no face has. */
meiro_status glyph_shape(glyph_fonts *f, const char *text, size_t len, const char *lang,
                         glyph_run *run, meiro_error *err);
void glyph_run_free(glyph_run *run);

/* A kept run's line height as pango sets it: the largest ascent and
 * descent (ems, both down from the top and the baseline: positive) of the
 * faces its glyphs are in, from their OpenType metrics (OS/2 or hhea);
 * 0 for a run without glyphs. */
void glyph_run_line(const glyph_run *run, double *ascent, double *descent);

/* The advance and ink of `text` at `size` (any unit: mm, points), the
 * page's fitting: *width the advance, *ink_x0.. the ink (y down from the
 * baseline, as on a page). */
typedef struct glyph_extents {
    double advance;
    double ink_x0, ink_top, ink_x1, ink_bottom;
} glyph_extents;
meiro_status glyph_measure(glyph_fonts *f, const char *text, const char *lang, double size,
                           glyph_extents *out, meiro_error *err);

/* Appends glyph `it`'s outline (ems, y up, through o's map), and whether
 * it has one: a colour emoji's bitmap has none. */
bool glyph_outline(const glyph_item *it, pen_path *o);

/* Glyph `it`'s outline as its steps (ems, y up, from the text's origin),
 * its curves kept: each contour a move, then lines, quadratic and cubic
 * Béziers back to its start (not closed by a step of its own); false when
 * it has none. */
typedef struct glyph_steps {
    void (*move)(void *ctx, double x, double y);
    void (*line)(void *ctx, double x, double y);
    void (*quad)(void *ctx, double x1, double y1, double x, double y);
    void (*cubic)(void *ctx, double x1, double y1, double x2, double y2, double x, double y);
    void *ctx;
} glyph_steps;
bool glyph_outline_steps(const glyph_item *it, const glyph_steps *to);

/* Whether a face was asked for in bold and has none: its outlines are
 * drawn emboldened, as cairo does for pango (an em / 24 wider). */
bool glyph_face_emboldened(const glyph_face *face);

/* ---- Unicode, from HarfBuzz's tables (no glib) ----------------------- */

/* The end of the grapheme cluster that starts at p (valid UTF-8): a
 * letter with its marks, joiners and variation selectors. */
const char *glyph_cluster_end(const char *p);
/* The next code point of valid UTF-8, *p moved past it. */
uint32_t glyph_next_code_point(const char **p);
/* Kinds of code points the masks treat apart. */
bool glyph_is_lower(uint32_t cp);
bool glyph_is_blank(uint32_t cp);  /* a space, a format or control character */
bool glyph_is_mark(uint32_t cp);   /* a combining mark, written with a letter */
bool glyph_drops(uint32_t cp);     /* punctuation a name's letters leave out (text_mask.h) */
/* cp without its accents (é: e). */
uint32_t glyph_base_letter(uint32_t cp);
/* Whether cp's script writes a word's letters joined (Arabic, Syriac, N'Ko,
 * Mongolian..., and the scripts under one headline: Devanagari, Bengali,
 * Gurmukhi): a name in it is shaped a word at a time, not a letter. */
bool glyph_joins(uint32_t cp);
/* Whether text is written right to left: the direction of the script of
 * its first letter that has one (Arabic, Hebrew...). */
bool glyph_rtl(const char *text);

#endif /* MEIRO_SRC_GLYPH_FONT_H */
