/* The text mask's narrow letters, for the library's own fitting of a name
 * to a page (plan.c): render_text_mask in a condensed face where the
 * regular one leaves a name too wide for a child's cells. */
#ifndef MEIRO_SRC_RENDER_TEXT_MASK_H
#define MEIRO_SRC_RENDER_TEXT_MASK_H

#include "meiro.h"

#include "render/glib_lib.h"

/* The faces a text is set in: the font's regular letters, its condensed
 * ones (Latin about a tenth narrower; kana and kanji as they are), and
 * block capitals drawn cell by cell for the smallest sizes, where a font's
 * letters come out as blobs (A-Z, 0-9 and the hyphen only). */
typedef enum text_face { TEXT_FACE_REGULAR, TEXT_FACE_NARROW, TEXT_FACE_BLOCK } text_face;

/* The block face's letters are drawn for this many rows, and only these:
 * scaled up, their strokes thicken and their counters do not, and they
 * no longer read. */
#define TEXT_BLOCK_ROWS 7u

/* Whether code point cp is punctuation a text's letters leave out of
 * their cells: an apostrophe, quotes, a full stop, the katakana middle dot.
 * Drawn, it is a cell or two of its own, an island the maze must bridge
 * to, that reads as nothing and widens the name (O'Brien was refused where
 * the longer Maximilian fitted); left out, the letters either side keep
 * their usual gap. A dash stays: a stroke of the name (Zoe-Li, Jean-Luc).
 * The fitting (level_page.c) weighs a line's letters without them. */
static inline bool text_drops(uint32_t cp)
{
    switch (lib_glib()->g_unichar_type(cp)) {
    case G_UNICODE_CONNECT_PUNCTUATION:
    case G_UNICODE_CLOSE_PUNCTUATION:
    case G_UNICODE_FINAL_PUNCTUATION:
    case G_UNICODE_INITIAL_PUNCTUATION:
    case G_UNICODE_OPEN_PUNCTUATION:
    case G_UNICODE_OTHER_PUNCTUATION: return true;
    default: return false;
    }
}

/* render_text_mask in face `face`. The block face refuses (argument error) a
 * letter it has not got, or a height other than TEXT_BLOCK_ROWS. */
meiro_status text_mask_face(const char *text, const char *lang, uint32_t height, text_face face,
                            uint8_t **mask, meiro_text_info *info, meiro_error *err);

#endif /* MEIRO_SRC_RENDER_TEXT_MASK_H */
