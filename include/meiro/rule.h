/* meiro/rule.h — rule mazes for the classroom: a grid of tokens (numbers,
 * letters, kana, words) where exactly one START-to-FINISH path obeys a rule
 * ("follow the multiples of 3"), proven for every sheet. */
#ifndef MEIRO_RULE_H
#define MEIRO_RULE_H

#ifdef __cplusplus
extern "C" {
#endif

/* One worksheet: its rule, its tokens, START, FINISH and the rule path.
 * Opaque; free with meiro_rule_sheet_free. Moves go up, down, left and
 * right, one cell at a time. */
typedef struct meiro_rule_sheet meiro_rule_sheet;

/* A new sheet. rule: multiples:N[,UPTO] (N 2-50; every number on the sheet
 * from 1 to N x UPTO, the times table: UPTO 5-20, default 10), skip:N[,FROM] (count by N from
 * FROM, default N), sum:N (add the numbers, reach exactly N; 5-60), abc[:ALPHABET][,CASE]
 * (the alphabet of lang, or one named: en es fr de pt zh ko ar; CASE upper,
 * lower or mixed where it has capitals), aiueo[:hiragana|katakana], words:FILE (the lines of FILE are
 * the target words, then a line "--", then look-alike distractors) or
 * chain:FILE (one word a line; each word starts with the last letter or
 * kana of the one before: しりとり; chain alone: lang's built-in words) or
 * message:TEXT (the path spells TEXT, one letter of lang's alphabet or
 * script, ASCII letter, digit or kana a cell, 3 to 30, spaces left out).
 * lang one of meiro_lang_known's (NULL: "en"): the language of the rule's
 * sentence, its page's words and its alphabet. The level sets the grid (5x5 to 8x8),
 * the path's length and how close the distractors come. The same arguments
 * give the same sheet. The generator retries until the rule search
 * (meiro_rule_sheet_paths) proves exactly one path; NULL and err filled
 * (about MEIRO_FIELD_NONE, the message naming --rule) on a bad rule. */
MEIRO_API meiro_rule_sheet *meiro_rule_sheet_new(const char *rule, const char *lang,
                                                 meiro_level level, uint64_t seed,
                                                 meiro_error *err);
MEIRO_API void meiro_rule_sheet_free(meiro_rule_sheet *sheet);

MEIRO_API uint32_t meiro_rule_sheet_width(const meiro_rule_sheet *sheet);
MEIRO_API uint32_t meiro_rule_sheet_height(const meiro_rule_sheet *sheet);
/* The token of cell (x, y), UTF-8; "" outside the grid. Borrowed. */
MEIRO_API const char *meiro_rule_sheet_token(const meiro_rule_sheet *sheet, uint32_t x, uint32_t y);
/* The rule path's cells as y * width + x, START first, FINISH last; returns
 * its length. Borrowed. */
MEIRO_API size_t meiro_rule_sheet_path(const meiro_rule_sheet *sheet, const uint32_t **cells);
/* The rule as given ("multiples:3"), its one-line sentence in the sheet's
 * language, the sheet's language and its title. Borrowed. */
MEIRO_API const char *meiro_rule_sheet_rule(const meiro_rule_sheet *sheet);
MEIRO_API const char *meiro_rule_sheet_sentence(const meiro_rule_sheet *sheet);
MEIRO_API const char *meiro_rule_sheet_lang(const meiro_rule_sheet *sheet);
MEIRO_API uint64_t meiro_rule_sheet_seed(const meiro_rule_sheet *sheet);

/* A pupil's name (a class set's sheet), written on the sheet's name line
 * and in its key's title (PDF and SVG); NULL or "": none. One line of up
 * to 120 bytes of printable UTF-8; MEIRO_ERROR_ARGUMENT naming the name
 * otherwise. */
MEIRO_API meiro_status meiro_rule_sheet_set_name(meiro_rule_sheet *sheet, const char *name,
                                                 meiro_error *err);

/* The rule-aware search: how many START-to-FINISH paths obey the rule, 0,
 * 1 or 2 (two or more, or not proven to be one). 1 is a proof: see
 * src/content/rule.c for the argument. */
MEIRO_API unsigned meiro_rule_sheet_paths(const meiro_rule_sheet *sheet);
/* Whether a way through cells (y * width + x, n of them) starts at START,
 * ends at FINISH, moves to a side neighbour each step, visits no cell twice
 * and obeys the rule; *why (if not NULL) gets the step that breaks it
 * (0-based), or n when the way stops before FINISH. */
MEIRO_API bool meiro_rule_sheet_follows(const meiro_rule_sheet *sheet, const uint32_t *cells,
                                        size_t n, size_t *why);

/* Text (format "text") that meiro_rule_sheet_read reads back, or JSON
 * ("json"). */
MEIRO_API meiro_status meiro_rule_sheet_write(const meiro_rule_sheet *sheet, const char *format,
                                              FILE *out, meiro_error *err);
/* Reads a sheet written as text or JSON (meiro_rule_sheet_write's), checks
 * it (its rule, tokens, path, and the proof); NULL and err filled on a bad
 * file: with line and column for text and for JSON syntax, naming the
 * field for JSON that lacks one. */
MEIRO_API meiro_rule_sheet *meiro_rule_sheet_read(FILE *in, meiro_error *err);

/* Saves sheets atomically (never a half-written file; filename NULL or "-":
 * standard output). format "pdf", "xlsx", "html", "text", "json", "svg" or
 * "page", NULL: from the file's extension (.pdf, .xlsx, .html, .txt, .json,
 * .svg, .page), else text. SVG: the first sheet's page as the PDF prints it,
 * its puzzle, or with answers its key (a picture of the page for a screen).
 * "page": the PDF's pages as their description (doc/page-format.md, which
 * meiro_page_draw draws); "svg page": the SVG's one page as its description.
 * HTML: a page to play, each step checked against the rule. XLSX: the sheet
 * to play, where the child types x under the cells of the way and it says
 * Goal! (ゴール！) only for the rule path. PDF: each sheet on a worksheet page
 * (title, the rule in one line in the sheet's language, a name line, START,
 * FINISH, big cells), per_page 1 or 2 (2-up: two sheets a page, to cut in
 * half); then, with answers, the key: each sheet again with its rule path
 * shaded, after all the puzzles (an answer is never on a puzzle page). XLSX,
 * HTML, text, JSON, SVG and "svg page": one sheet only. title NULL: the
 * language's ("Rule maze", "ルールめいろ"). */
MEIRO_API meiro_status meiro_rule_sheets_save(const meiro_rule_sheet *const *sheets, size_t count,
                                              const char *format, const char *filename,
                                              const char *title, unsigned per_page, bool answers,
                                              meiro_error *err);
/* meiro_rule_sheets_save on any paper (that one is A4): `paper`, or one of
 * width_mm x height_mm when both are set (MEIRO_PAPER_MIN_MM to _MAX_MM,
 * portrait: the shorter side across). The page's texts and grid keep A4's
 * sizes where they fit across, else shrink with the paper. PDF and SVG
 * only: the other formats are no pages, and refuse any paper but A4
 * (MEIRO_FIELD_PAPER). Names (meiro_rule_sheet_set_name) likewise print
 * on PDF and SVG only, and are refused for the other formats. */
MEIRO_API meiro_status meiro_rule_sheets_save_on(const meiro_rule_sheet *const *sheets,
                                                 size_t count, const char *format,
                                                 const char *filename, const char *title,
                                                 unsigned per_page, bool answers,
                                                 meiro_paper paper, double width_mm,
                                                 double height_mm, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_RULE_H */
