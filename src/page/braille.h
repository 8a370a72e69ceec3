/* Braille for tactile pages: text translated by liblouis (grade 1, the
 * page language's table) into Unicode braille (U+2800 to U+28FF, one
 * character a cell), read back the same way, and drawn as dots at the
 * standard size as scene paths. No cairo: tests translate and measure
 * without the drawing. */
#ifndef MEIRO_SRC_PAGE_BRAILLE_H
#define MEIRO_SRC_PAGE_BRAILLE_H

#include "meiro.h"
#include "page/scene.h"

#include <stdbool.h>
#include <stddef.h>

/* The standard cell (the Library of Congress's and BANA's sizes, which
 * APH's guidelines follow): dots 1.5 mm across, 2.5 mm from dot to dot
 * within a cell, 6.2 mm from a cell to the next, 10 mm from line to line;
 * a dot's height is the paper's (swell paper or an embosser). */
#define BRAILLE_DOT_MM 1.5
#define BRAILLE_DOT_STEP_MM 2.5
#define BRAILLE_CELL_MM 6.2
#define BRAILLE_LINE_MM 10.0

/* liblouis's table for a language ("en", "de"...; NULL: English): grade 1
 * where liblouis has one. *fallback is true when it has none for the
 * language (Japanese: liblouis 3.24 has kanji braille, ja-kantenji, but no
 * kana table) and the English table stands in. */
const char *braille_table(const char *lang, bool *fallback);

/* text (UTF-8) in the language's braille, as Unicode braille in UTF-8,
 * into out (size bytes with the NUL). MEIRO_ERROR_IO without liblouis or
 * its table, MEIRO_ERROR_ARGUMENT for a text too long for out. */
meiro_status braille_translate(const char *lang, const char *text, char *out, size_t size,
                               meiro_error *err);
/* Unicode braille back into text (the reader's side: a test reads a
 * page's braille back). */
meiro_status braille_back(const char *lang, const char *braille, char *out, size_t size,
                          meiro_error *err);

/* The cells of a Unicode braille string (its characters), and its width
 * on the page (the last cell's dots, not its space after). */
size_t braille_cells(const char *braille);
double braille_width(const char *braille);

/* The dots of the cell at *p (a Unicode braille character: its bits, dot
 * k bit k - 1; 0 for any other character), *p moved past it. */
unsigned braille_next_cell(const char **p);

/* The braille drawn with its top-left cell's top-left dot centre at
 * (x + DOT/2, y + DOT/2): a text item of role ROLE_BRAILLE carrying the
 * Unicode string (read back from the page's description, and a PDF's
 * text: draw/scene_cairo.c; a backend draws no glyphs for it) and one filled path of every raised dot, in black. */
void braille_scene(scene *s, double x, double y, const char *braille);
/* Each raised dot's centre of the braille placed so (braille_scene's
 * dots; a tactile plate's domes), handed to fn in reading order. */
typedef void (*braille_dot_fn)(void *ctx, double cx, double cy);
void braille_each_dot(double x, double y, const char *braille, braille_dot_fn fn, void *ctx);

#endif /* MEIRO_SRC_PAGE_BRAILLE_H */
