/* The rule maze's model, shared by its generator, its proof, its readers
 * and writers (content/) and its pages (render/). */
#ifndef MEIRO_SRC_CONTENT_RULE_MODEL_H
#define MEIRO_SRC_CONTENT_RULE_MODEL_H

#include "meiro.h"

enum { RULE_TOKEN_MAX = 48, RULE_SIDE_MAX = 12 };
/* multiples:N,UPTO: a times table as schools teach it, x1 to x10 (or x12) */
enum { RULE_UPTO_MIN = 5, RULE_UPTO_DEFAULT = 10, RULE_UPTO_MAX = 20 };
enum { RULE_NAME_MAX = 120 }; /* bytes of a pupil's name */
/* an alphabet's letters (abc), or a message's wrong letters: up to 48, each
 * up to 7 bytes (pinyin's "zh", a letter of UTF-8) */
enum { RULE_LETTERS_MAX = 48, RULE_LETTER_BYTES = 8 };
typedef struct rule_alphabet rule_alphabet;

typedef enum rule_kind {
    RULE_MULTIPLES,
    RULE_SKIP,
    RULE_SUM,
    RULE_ABC,
    RULE_AIUEO,
    RULE_WORDS,
    RULE_CHAIN,
    RULE_MESSAGE /* message:TEXT: the letters of TEXT in order (a hidden message) */
} rule_kind;

typedef struct rule_def {
    rule_kind kind;
    int n, from; /* multiples:N, skip:N,FROM, sum:N; message: its letters less one */
    int upto;    /* multiples:N,UPTO: the times table's N x 1 to N x UPTO (default 10) */
    int variant; /* abc: 0 upper, 1 lower, 2 mixed; aiueo: 0 hiragana, 1 katakana;
                    message: 0, 1 when its first letter is small */
    /* abc: its alphabet and the letters of the rule's case in order, each
     * as a capital and a small letter ("" where it has none; an alphabet
     * without case the one form in both), a token's key its place here;
     * message: the letters its wrong cells take (rule_gen.c) */
    const rule_alphabet *alphabet;
    char letters[RULE_LETTERS_MAX][2][RULE_LETTER_BYTES];
    int letter_count;
    char **targets; /* words: the targets; chain: every word; message: its letters */
    size_t target_count;
    char **others; /* words: the distractors */
    size_t other_count;
    char spec[1100]; /* as given */
} rule_def;

/* What the search reads of a token: its number, its place in the alphabet
 * or the kana's order (-1 if none), whether it is a target word, or its
 * first and last sound (chain). */
typedef struct rule_key {
    long v;
    uint32_t first, last;
} rule_key;

struct meiro_rule_sheet {
    rule_def rule;
    char lang[8]; /* a language of the catalogues: "en", "zh-Hant" */
    meiro_level level;
    uint64_t seed;
    uint32_t w, h;
    char (*tok)[RULE_TOKEN_MAX]; /* w * h */
    rule_key *key;               /* w * h */
    uint32_t *path;
    size_t path_len;
    char sentence[1200];
    char name[RULE_NAME_MAX + 1]; /* a pupil's (meiro_rule_sheet_set_name); "" for none */
};

/* Parses a rule for a sheet in lang (NULL: English), whose alphabet abc
 * takes unless it names one, and whose letters a message may hold (reading
 * words:FILE and chain:FILE); fills err naming --rule or --message. */
meiro_status rule_parse(const char *spec, const char *lang, rule_def *r, meiro_error *err);
void rule_def_free(rule_def *r);
/* The key of a token under a rule. */
rule_key rule_key_of(const rule_def *r, const char *token);
/* The alphabets (rule_alphabet.c): one by its code ("es", len bytes of
 * code), or NULL; a language's (English's for one without: ja); their codes
 * for a message ("en, es, ..." into out, size bytes); its code, name, comma
 * in a sentence, whether it has case. */
const rule_alphabet *rule_alphabet_named(const char *code, size_t len);
const rule_alphabet *rule_alphabet_of(const char *lang);
void rule_alphabet_names(char *out, size_t size);
const char *rule_alphabet_code(const rule_alphabet *a);
const char *rule_alphabet_name(const rule_alphabet *a);
const char *rule_alphabet_comma(const rule_alphabet *a);
bool rule_alphabet_cased(const rule_alphabet *a);
/* r's letters: a's in the case of variant (0 capitals, 1 small, 2 either);
 * or the common characters of its script, where it has them (a message's
 * wrong letters in Chinese). */
void rule_alphabet_fill(const rule_alphabet *a, int variant, rule_def *r);
void rule_alphabet_fill_common(const rule_alphabet *a, rule_def *r);
/* Whether a message in a's language may hold the character `letter`
 * (UTF-8, code point c): a letter of a, marked or not, or of its script;
 * the name of the first alphabet that holds it, "Spanish (--lang es)", in
 * name (size bytes), or NULL. */
bool rule_alphabet_has(const rule_alphabet *a, const char *letter, uint32_t c);
const char *rule_alphabet_holding(const char *letter, uint32_t c, char *name, size_t size);
/* The built-in words of a word chain in lang (rule_chains.c): しりとり's in
 * Japanese; count set. */
const char *const *rule_chain_words(const char *lang, size_t *count);
/* A rule maze's words in one language (rule_words.c). */
typedef struct rule_words {
    const char *lang;
    const char *title, *hidden_title, *answer, *number, *name, *start, *finish;
    /* the sentences (rule_sentence) */
    const char *multiples, *skip, *sum, *abc, *aiueo, *words, *chain, *message;
    const char *html_help, *goal, *wrong, *visited, *total; /* the HTML page's */
    const char *tab, *xlsx_help, *xlsx_start, *xlsx_finish_right, *xlsx_finish_below;
} rule_words;
/* The words of lang, or NULL: meiro has none in it (core/catalog.h). */
const rule_words *rule_words_for(const char *lang);
/* A sheet's title: title if given, else "Hidden message" for a message,
 * "Rule maze" for the rest, in the sheet's language. */
const char *rule_title(const meiro_rule_sheet *s, const char *title);
/* The sentence that states the rule, in lang (rule_words_for's). */
void rule_sentence(const rule_def *r, const char *lang, char *out, size_t size);
/* The proof: 0, 1, or 2 (two or more, or not proven one). */
unsigned rule_count_paths(const meiro_rule_sheet *s);
/* Reads the text form (rule_io.c); meiro_rule_sheet_read (job/rule_json.c)
 * takes JSON too, turning it into this form. */
meiro_rule_sheet *rule_sheet_read_text(FILE *in, meiro_error *err);
/* An empty sheet of w x h (tokens ""), or NULL. */
meiro_rule_sheet *rule_sheet_alloc(uint32_t w, uint32_t h);
#endif /* MEIRO_SRC_CONTENT_RULE_MODEL_H */
