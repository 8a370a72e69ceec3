/* A rule maze's words: its page, its HTML page and its workbook (the
 * sentence that states the rule: rule_sentence). English here, every other
 * language from its catalogue (po/, core/words.h). */
#include "content/rule_model.h"
#include "core/words.h"

#include <string.h>

static const rule_words TABLE[] = {
    {.lang = "en",
     .title = WORD("rule.title", "Rule maze"),
     /* TRANSLATORS: the title of a maze whose cells spell a hidden message */
     .hidden_title = WORD("rule.hidden_title", "Hidden message"),
     .answer = WORD("rule.answer", "Answer"),
     /* TRANSLATORS: a class set's sheet's number, after its title */
     .number = WORD("rule.number", "No. %zu"),
     .name = WORD("rule.name", "Name"),
     /* TRANSLATORS: written beside the first and the last cell of a rule maze */
     .start = WORD("rule.start", "START"),
     .finish = WORD("rule.finish", "FINISH"),
     /* TRANSLATORS: the rule's sentences; %d a number */
     .multiples = WORD("rule.multiples", "Step only on the multiples of %d from START to FINISH."),
     /* TRANSLATORS: %1$d the step, %2$d the first number, %3$d %4$d %5$d
        the first three numbers of the way: put them in your order */
     .skip = WORD("rule.skip", "Count by %1$ds from %2$d: %3$d, %4$d, %5$d, …"),
     .sum = WORD("rule.sum", "Add the numbers as you go: reach exactly %d at FINISH."),
     /* TRANSLATORS: %s is the first three letters of the sheet's alphabet
        (its language's): "A, B, C", "A, Ä, B", "가, 나, 다", "b、p、m" */
     .abc = WORD("rule.abc", "Follow the alphabet in order: %s, …"),
     /* TRANSLATORS: %s is the first kana, "あ、い、う、え、お" */
     .aiueo = WORD("rule.aiueo", "Follow the kana in a-i-u-e-o order: %s …"),
     /* TRANSLATORS: the words of the rule follow, with commas */
     .words = WORD("rule.words", "Step only on: "),
     .chain = WORD("rule.chain",
                   "Word chain: each word starts with the last letter of the word before."),
     .message = WORD("rule.message",
                     "Read one letter a cell from START to FINISH: a hidden message appears."),
     /* TRANSLATORS: the HTML page of a rule maze */
     .html_help = WORD("rule.html_help",
                       "Click or use the arrow keys; step back onto the last cell to undo."),
     .goal = WORD("rule.goal", "Goal!"),
     /* TRANSLATORS: %s is the word of the cell the child tried */
     .wrong = WORD("rule.wrong", "\"%s\" does not follow the rule."),
     .visited = WORD("rule.visited", "You have been there already."),
     .total = WORD("rule.total", "The total at FINISH is %d: it must be exact."),
     /* TRANSLATORS: a rule maze's workbook: its sheet's name (short, no
        : \ / ? * [ ]), what to do, the labels beside START and FINISH */
     .tab = WORD("rule.tab", "Maze"),
     .xlsx_help = WORD("rule.xlsx_help", "Type x in the box under each cell on your way."),
     /* TRANSLATORS: a workbook's labels beside its grid: START in the
        column before the grid, its arrow pointing into it; a language
        read from the right has its sheet right to left, the grid to the
        label's left (Arabic: البداية ←, ← النهاية) */
     .xlsx_start = WORD("rule.xlsx_start", "START →"),
     .xlsx_finish_right = WORD("rule.xlsx_finish_right", "→ FINISH"),
     .xlsx_finish_below = WORD("rule.xlsx_finish_below", "↓ FINISH")},
    CATALOG_rule};

const rule_words *rule_words_for(const char *lang)
{
    for (size_t i = 0; i < sizeof TABLE / sizeof TABLE[0]; i++)
        if (lang && !strcmp(lang, TABLE[i].lang)) return &TABLE[i];
    return NULL;
}

const char *rule_title(const meiro_rule_sheet *s, const char *title)
{
    if (title) return title;
    const rule_words *w = rule_words_for(s->lang);
    return s->rule.kind == RULE_MESSAGE ? w->hidden_title : w->title;
}
