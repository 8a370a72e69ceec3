/* The text mask's narrow letters, for the library's own fitting of a name
 * to a page (plan.c): render_text_mask in a condensed face where the
 * regular one leaves a name too wide for a child's cells. */
#ifndef MEIRO_SRC_RENDER_TEXT_MASK_H
#define MEIRO_SRC_RENDER_TEXT_MASK_H

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

/* render_text_mask in face `face`. The block face refuses (argument error) a
 * letter it has not got, or a height other than TEXT_BLOCK_ROWS. */
meiro_status text_mask_face(const char *text, const char *lang, uint32_t height, text_face face,
                            uint8_t **mask, meiro_text_info *info, meiro_error *err);

#endif /* MEIRO_SRC_RENDER_TEXT_MASK_H */
