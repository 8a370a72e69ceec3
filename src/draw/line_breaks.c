/* Line breaks for page texts (line_breaks.h). Pango breaks lines by the
 * Unicode rules, which allow a break between any two kana: "がんばって
 * ゴールまで" could end a line with "がんばっ". Children's Japanese puts a
 * space between words, and those spaces are where a line should end; so
 * each word is kept whole with Pango's allow-breaks attribute, and the
 * kinsoku rules are set the same way, whatever Pango's version does. */
#include "draw/line_breaks.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static bool is_space(gunichar c) { return c == ' ' || c == 0x3000 || c == '\t'; }

/* Characters that may not start a line: small kana, the prolonged sound
 * mark and iteration marks, closing brackets and punctuation. */
static bool no_break_before(gunichar c)
{
    static const char *const list =
        "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
        "ーゝゞヽヾ々〻"
        "、。，．,.・：；:;？！?!‼⁇⁈⁉…‥"
        ")）]］}｝」』】〕〗〙〛〉》｠»’”";
    if (c < 0x80) return c && strchr(",.:;?!)]}", (int)c);
    char buf[8];
    int n = g_unichar_to_utf8(c, buf);
    buf[n] = 0;
    return strstr(list, buf) != NULL;
}

/* Characters that may not end a line: opening brackets and quotes. */
static bool no_break_after(gunichar c)
{
    static const char *const list = "（［｛「『【〔〖〘〚〈《｟«‘“";
    if (c < 0x80) return c == '(' || c == '[' || c == '{';
    char buf[8];
    int n = g_unichar_to_utf8(c, buf);
    buf[n] = 0;
    return strstr(list, buf) != NULL;
}

bool text_has_spaces(const char *text)
{
    bool word = false;
    for (const char *p = text; *p; p = g_utf8_next_char(p)) {
        bool space = is_space(g_utf8_get_char(p));
        if (space && word) {
            for (const char *q = p; *q; q = g_utf8_next_char(q))
                if (!is_space(g_utf8_get_char(q))) return true;
            return false;
        }
        word = word || !space;
    }
    return false;
}

/* No break inside bytes [start, end) of the text. */
static void keep(PangoAttrList *attrs, size_t start, size_t end)
{
    PangoAttribute *a = pango_attr_allow_breaks_new(FALSE);
    a->start_index = (guint)start;
    a->end_index = (guint)end;
    pango_attr_list_insert(attrs, a);
}

/* The width of bytes [start, end) of an unwrapped one-line layout, mm. */
static double span_width(PangoLayout *line, size_t start, size_t end, const char *text)
{
    PangoRectangle a, b;
    pango_layout_index_to_pos(line, (int)start, &a);
    const char *last = g_utf8_find_prev_char(text, text + end);
    pango_layout_index_to_pos(line, (int)(last - text), &b);
    double x0 = fmin(a.x, a.x + a.width), x1 = fmax(b.x, b.x + b.width);
    return (x1 - x0) / PANGO_SCALE;
}

void set_line_breaks(PangoLayout *layout, double width, bool in_words)
{
    const char *text = pango_layout_get_text(layout);
    PangoAttrList *old = pango_layout_get_attributes(layout);
    PangoAttrList *attrs = old ? pango_attr_list_copy(old) : pango_attr_list_new();
    PangoLayout *line = NULL; /* the text on one line, to measure words */
    if (in_words) {
        line = pango_layout_copy(layout);
        pango_layout_set_width(line, -1);
    }
    size_t word = SIZE_MAX;
    const char *prev = NULL;
    for (const char *p = text;; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        size_t at = (size_t)(p - text);
        bool end = c == 0, space = !end && is_space(c);
        if ((end || space) && word != SIZE_MAX) { /* a word ends */
            if (!in_words || span_width(line, word, at, text) <= width) keep(attrs, word, at);
            word = SIZE_MAX;
        }
        if (end) break;
        if (!space && word == SIZE_MAX) word = at;
        if (prev) {
            gunichar b = g_utf8_get_char(prev);
            if (no_break_before(c) || no_break_after(b))
                keep(attrs, (size_t)(prev - text), (size_t)(g_utf8_next_char(p) - text));
        }
        prev = p;
    }
    pango_layout_set_attributes(layout, attrs);
    pango_attr_list_unref(attrs);
    if (line) g_object_unref(line);
}
