/* The masks of names (--text): a text's letters, from their glyphs'
 * outlines (FreeType) through meiro's own rasteriser, so that a name gives
 * the same mask, and the same maze, on every machine and in the browser. */
#ifndef MEIRO_SRC_GLYPH_TEXT_MASK_H
#define MEIRO_SRC_GLYPH_TEXT_MASK_H

#include "glyph/font.h"
#include "meiro.h"

/* The faces a text is set in: the font's regular letters, its condensed
 * ones (Latin about a tenth narrower; kana and kanji as they are), and
 * block capitals drawn cell by cell for the smallest sizes, where a font's
 * letters come out as blobs (A-Z, 0-9 and the hyphen only). */
typedef enum text_face { TEXT_FACE_REGULAR, TEXT_FACE_NARROW, TEXT_FACE_BLOCK } text_face;

/* The block face's letters are drawn for this many rows, and only these:
 * scaled up, their strokes thicken and their counters do not, and they
 * no longer read. */
#define TEXT_BLOCK_ROWS 7u

/* The fonts of a text mask (regular or narrow), for glyph_fonts_find:
 * Latin from DejaVu Sans, kana and kanji from IPAexGothic (what the
 * packages meiro depends on install), else Noto. */
#define TEXT_FONT "DejaVu Sans, IPAexGothic, Noto Sans CJK JP, Noto Sans JP, Noto Sans, sans-serif"
#define TEXT_FONT_NARROW "DejaVu Sans Condensed, " TEXT_FONT

/* The mask of `text` (UTF-8, lines of letters) `height` cells tall (0: the
 * default for its letters) in face `face`, as meiro_text_mask says; set in
 * `fonts` (NULL: the fonts fontconfig finds for TEXT_FONT). The block face
 * refuses (argument error) a letter it has not got, or a height other
 * than TEXT_BLOCK_ROWS. */
meiro_status glyph_text_mask(glyph_fonts *fonts, const char *text, const char *lang,
                             uint32_t height, text_face face, uint8_t **mask,
                             meiro_text_info *info, meiro_error *err);

/* The built-in shapes (heart, star...): stored outlines through the same
 * rasteriser. */
size_t glyph_shape_count(void);
const meiro_algorithm_desc *glyph_shape_info(size_t index);
/* The shape named `name` or one of its aliases, in any case; -1 if none. */
int glyph_shape_find(const char *name);
/* The least grid at which shape `index` reads. */
void glyph_shape_min_grid(size_t index, uint32_t *width, uint32_t *height);
/* Shape `index` filling a zeroed width x height mask, centred. */
meiro_status glyph_shape_mask(size_t index, uint32_t width, uint32_t height, uint8_t *mask,
                              meiro_error *err);

#endif /* MEIRO_SRC_GLYPH_TEXT_MASK_H */
