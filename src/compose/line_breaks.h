/* Where a wrapped page text (a title, a subtitle) may break its lines:
 * at spaces first, as children's Japanese is written (wakachigaki, a space
 * between words), and between characters only inside a word wider than
 * the line; never before small kana, a prolonged sound mark or closing
 * punctuation, nor after an opening bracket (kinsoku). No drawing library:
 * the measurer breaks lines by these rules (measure.h), and so does the
 * cairo backend's pango for a description read back (draw/draw_cairo.c). */
#ifndef MEIRO_SRC_COMPOSE_LINE_BREAKS_H
#define MEIRO_SRC_COMPOSE_LINE_BREAKS_H

#include <stdbool.h>
#include <stdint.h>

/* Whether code point c separates words (a space, an ideographic space, a tab). */
bool line_space(uint32_t c);

/* Whether a line may end between code points `before` and `after` of a
 * word (kinsoku). */
bool line_break_between(uint32_t before, uint32_t after);

/* Whether `text` has a space between two words (where a line may break
 * without breaking a word). */
bool text_has_spaces(const char *text);

#endif /* MEIRO_SRC_COMPOSE_LINE_BREAKS_H */
