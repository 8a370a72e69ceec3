/* The text mask's narrow letters, for the library's own fitting of a name
 * to a page (plan.c): meiro_text_mask in a condensed face where the
 * regular one leaves a name too wide for a child's cells. */
#ifndef MEIRO_SRC_RENDER_TEXT_MASK_H
#define MEIRO_SRC_RENDER_TEXT_MASK_H

#include "meiro.h"

/* meiro_text_mask, its Latin letters from DejaVu Sans Condensed when
 * `narrow` (about a tenth narrower; kana and kanji as they are). */
meiro_status text_mask_face(const char *text, const char *lang, uint32_t height, bool narrow,
                            uint8_t **mask, meiro_text_info *info, meiro_error *err);

#endif /* MEIRO_SRC_RENDER_TEXT_MASK_H */
