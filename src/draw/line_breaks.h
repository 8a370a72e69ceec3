/* Where a wrapped page text (a title, a subtitle) may break its lines:
 * at spaces first, as children's Japanese is written (wakachigaki, a space
 * between words), and between characters only inside a word wider than
 * the line; never before small kana, a prolonged sound mark or closing
 * punctuation, nor after an opening bracket (kinsoku). */
#ifndef MEIRO_SRC_DRAW_LINE_BREAKS_H
#define MEIRO_SRC_DRAW_LINE_BREAKS_H

#include <pango/pangocairo.h>
#include <stdbool.h>

/* Whether `text` has a space between two words (where a line may break
 * without breaking a word). */
bool text_has_spaces(const char *text);

/* Sets the breaks of `layout` (its text, font and width set): words are
 * kept whole, except, when `in_words`, those wider than `width` (mm),
 * which break between characters; kinsoku always. */
void set_line_breaks(PangoLayout *layout, double width, bool in_words);

#endif /* MEIRO_SRC_DRAW_LINE_BREAKS_H */
