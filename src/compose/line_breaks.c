/* Line breaks for page texts (line_breaks.h). The Unicode rules allow a
 * break between any two kana: "がんばって ゴールまで" could end a line with
 * "がんばっ". Children's Japanese puts a space between words, and those
 * spaces are where a line should end; so words are kept whole, and the
 * kinsoku rules are kept inside a word broken because it is too wide. */
#include "compose/line_breaks.h"

#include "glyph/font.h"

#include <string.h>

bool line_space(uint32_t c) { return c == ' ' || c == 0x3000 || c == '\t'; }

/* Whether c is one of the code points of the UTF-8 list. */
static bool listed(const char *list, uint32_t c)
{
    for (const char *p = list; *p;)
        if (glyph_next_code_point(&p) == c) return true;
    return false;
}

/* Characters that may not start a line: small kana, the prolonged sound
 * mark and iteration marks, closing brackets and punctuation. */
static bool no_break_before(uint32_t c)
{
    static const char *const list =
        "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
        "ーゝゞヽヾ々〻"
        "、。，．,.・：；:;？！?!‼⁇⁈⁉…‥"
        ")）]］}｝」』】〕〗〙〛〉》｠»’”";
    return c && listed(list, c);
}

/* Characters that may not end a line: opening brackets and quotes. */
static bool no_break_after(uint32_t c)
{
    static const char *const list = "([{（［｛「『【〔〖〘〚〈《｟«‘“";
    return c && listed(list, c);
}

bool line_break_between(uint32_t before, uint32_t after)
{
    return !no_break_after(before) && !no_break_before(after);
}

bool text_has_spaces(const char *text)
{
    bool word = false, space = false;
    for (const char *p = text; *p;) {
        bool s = line_space(glyph_next_code_point(&p));
        if (!s && word && space) return true; /* a word after a space after a word */
        word = word || !s;
        space = word && (space || s);
    }
    return false;
}
