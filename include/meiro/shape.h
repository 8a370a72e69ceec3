/* meiro/shape.h — masks for shaped mazes: built-in shapes, pictures and
 * text turned into the cells of a rectangular grid that lie inside.
 * Include <meiro.h>, not this file. */
#ifndef MEIRO_SHAPE_H
#define MEIRO_SHAPE_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/shape.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Shapes ----------------------------------------------------------- */

/* A mask is width * height bytes, row by row (mask[y * width + x]): 1 for
 * a cell inside the shape, 0 outside; what meiro_generate_options.mask and
 * meiro_maze_set_mask take. Freed with meiro_mask_free. */
MEIRO_API void meiro_mask_free(uint8_t *mask); /* NULL is allowed */

/* The built-in shapes (heart, star, circle, ...): name, aliases and what
 * they look like, for `meiro list`. */
MEIRO_API size_t meiro_shape_count(void);
MEIRO_API const meiro_algorithm_desc *meiro_shape_info(size_t index); /* NULL past the end */

/* The least grid on which a shape can be recognised: for a built-in shape
 * (name or alias), the width x height, in the shape's aspect, at which its
 * features (a bear's ears, a car's wheels, a house's chimney and door)
 * still show, and true; for anything else (a picture's file) 12 x 12
 * (MEIRO_SHAPE_MIN_SIDE) and false. meiro_generate_options_resolve sizes
 * a shape's grid no smaller. */
#define MEIRO_SHAPE_MIN_SIDE 12u
MEIRO_API bool meiro_shape_min_grid(const char *shape, uint32_t *width, uint32_t *height);

/* The mask of a shape on a width x height grid. shape is a built-in name
 * or alias (meiro_shape_info), else a path to an SVG or PNG file: its
 * silhouette is what is opaque where the picture has transparent parts
 * (less than half opaque somewhere), else what is dark (luminance below
 * 50%). The silhouette's bounding box is scaled to fit the grid, keeping
 * its aspect, and centred; a cell is inside when at least half of it is
 * covered. *mask is malloc'd (meiro_mask_free); on failure it is NULL.
 * Errors: MEIRO_ERROR_UNKNOWN_NAME (no such shape: lists the names),
 * MEIRO_ERROR_IO (a file that cannot be read, with the reason),
 * MEIRO_ERROR_PARSE (not an SVG or PNG, or nothing inside),
 * MEIRO_ERROR_ARGUMENT (fewer than 2 cells inside at this size),
 * MEIRO_ERROR_TOO_BIG (a grid past MEIRO_MAX_SIDE / MEIRO_MAX_CELLS).
 * A warning on success: err->message is not empty (field MEIRO_FIELD_SHAPE)
 * when a picture file shows no clear silhouette (a photo of a scene: its
 * dark parts a ragged blot); the mask is made all the same. */
MEIRO_API meiro_status meiro_shape_mask(const char *shape, uint32_t width, uint32_t height,
                                        uint8_t **mask, meiro_error *err);

/* ---- Text ------------------------------------------------------------- */

/* Default text heights in cells (the ink from the top of the tallest
 * letter to the bottom of the lowest): capitals and digits; text with
 * small letters (their x-height is half of it); text with kana, kanji or
 * hangul (more strokes need more cells). */
#define MEIRO_TEXT_HEIGHT 12u
#define MEIRO_TEXT_HEIGHT_LOWER 15u
#define MEIRO_TEXT_HEIGHT_CJK 20u
#define MEIRO_TEXT_HEIGHT_MIN 5u

/* What meiro_text_mask made: the grid and where the letters lie. */
typedef struct meiro_text_info {
    uint32_t width, height;      /* the grid of the mask, in cells */
    uint32_t letters;            /* letters with ink (spaces not counted) */
    uint32_t first_x0, first_x1; /* columns of the first letter's ink, inclusive */
    uint32_t last_x0, last_x1;   /* columns of the last letter's ink, inclusive */
    meiro_cell first, last;      /* a cell inside the first letter and one inside
                                   the last, well inside: for S and G (one
                                   letter: in its left and right halves) */
} meiro_text_info;

/* The mask of a text: "HANA", "はな", "花子". The letters are shaped by
 * HarfBuzz, their outlines (FreeType) filled by meiro's own rasteriser, the
 * same on every machine, and thickened by stroking them with a line 1.3
 * cells wide (a bold face of its own: every stroke about 3 cells wide, so
 * corridors fit, and the gaps inside letters stay open). The ink of the
 * text is `height` cells tall (0: the default above for this text; at
 * least MEIRO_TEXT_HEIGHT_MIN); the grid is as wide as the letters need.
 * Letters stand one empty column apart (a space: three), so the mask is in
 * pieces (a letter can be several: i, は) that the maze joins with
 * bridges. lang ("en", "ja", "zh", NULL for none) picks the glyph forms of
 * Han characters (kanji are drawn the Japanese way when it is NULL).
 * Fonts: DejaVu Sans for Latin, IPAexGothic (else Noto Sans CJK JP) for
 * Japanese, whatever fontconfig finds for the rest. *mask is malloc'd
 * (meiro_mask_free); info (may be NULL) says where the letters are.
 * Errors: MEIRO_ERROR_ARGUMENT for an empty text, invalid UTF-8, a control
 * character, a text with no ink, a letter no installed font has, a height
 * out of range; MEIRO_ERROR_TOO_BIG when the result is wider than
 * MEIRO_MAX_SIDE cells. */
MEIRO_API meiro_status meiro_text_mask(const char *text, const char *lang, uint32_t height,
                                       uint8_t **mask, meiro_text_info *info, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_SHAPE_H */
