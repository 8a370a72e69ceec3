/* The text mask's narrow letters, for the library's own fitting of a name
 * to a page (plan.c): render_text_mask in a condensed face where the
 * regular one leaves a name too wide for a child's cells. */
#ifndef MEIRO_SRC_SHAPES_TEXT_MASK_H
#define MEIRO_SRC_SHAPES_TEXT_MASK_H

#include "meiro.h"

#include "glyph/text_mask.h"
#include "shapes/glib_lib.h"

/* Whether code point cp is punctuation a text's letters leave out of
 * their cells: an apostrophe, quotes, a full stop, the katakana middle dot.
 * Drawn, it is a cell or two of its own, an island the maze must bridge
 * to, that reads as nothing and widens the name (O'Brien was refused where
 * the longer Maximilian fitted); left out, the letters either side keep
 * their usual gap. A dash stays: a stroke of the name (Zoe-Li, Jean-Luc).
 * The fitting (level_page.c) weighs a line's letters without them, by
 * glib's categories (it runs outside the drawing module); the masks by
 * HarfBuzz's (glyph_drops, the same categories). */
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

/* render_text_mask in face `face` (glyph_text_mask in fontconfig's fonts). */
meiro_status text_mask_face(const char *text, const char *lang, uint32_t height, text_face face,
                            uint8_t **mask, meiro_text_info *info, meiro_error *err);

#endif /* MEIRO_SRC_SHAPES_TEXT_MASK_H */
