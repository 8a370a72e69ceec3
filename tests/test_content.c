/* Rule mazes (meiro/rule.h): every sheet has exactly one START-to-FINISH
 * path that obeys its rule, checked by an exhaustive search of simple paths
 * written here apart from the library's proof; distractors, determinism,
 * the text that reads back, and the errors. Public API only. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "answer_ink.h"
#include "tools.h"
#include "meiro.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char words_rule[600], chain_rule[600];

static const char *rules[] = {"multiples:3", "multiples:7", "skip:5",    "skip:2,1",
                              "sum:20",      "sum:12",      "abc",       "abc:lower",
                              "abc:mixed",   "aiueo",       "aiueo:katakana", words_rule,
                              chain_rule,    "message:HELLO", "message:I LOVE YOU",
                              "message:ありがとう", "chain"};
enum { RULES = sizeof rules / sizeof rules[0] };

static void set_rules(void)
{
    snprintf(words_rule, sizeof words_rule, "words:%s", test_data("rule-words.txt"));
    snprintf(chain_rule, sizeof chain_rule, "chain:%s", test_data("shiritori.txt"));
}

/* ---- the oracle: the rules read straight from their definitions ------- */

static uint32_t cp(const char *s, size_t *len)
{
    const unsigned char *p = (const unsigned char *)s;
    if (p[0] < 0x80) return *len = 1, p[0];
    if ((p[0] & 0xE0) == 0xC0) return *len = 2, ((uint32_t)(p[0] & 0x1F) << 6) | (p[1] & 0x3F);
    *len = 3;
    return ((uint32_t)(p[0] & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
}

/* A letter as a word chain compares it, written here from the games' rules:
 * case and marks left out (Ñ kept), ß as s, Arabic's alifs as one. */
static uint32_t chain_letter(uint32_t c)
{
    static const char *const same[] = {"aàáâãäåAÀÁÂÃÄÅ",
                                       "cçCÇ",
                                       "eèéêëEÈÉÊË",
                                       "iìíîïIÌÍÎÏ",
                                       "oòóôõöOÒÓÔÕÖ",
                                       "uùúûüUÙÚÛÜ",
                                       "yÿY",
                                       "ñÑ",
                                       "sßS",
                                       "اأإآ",
                                       "تة",
                                       "يى"};
    if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        size_t l;
        uint32_t first = cp(same[i], &l);
        for (const char *p = same[i]; *p; p += l)
            if (cp(p, &l) == c) return first;
    }
    return c;
}

static uint32_t last_cp(const char *s)
{
    uint32_t c = 0;
    size_t l;
    while (*s) c = cp(s, &l), s += l;
    return c;
}

/* The alphabets as each language's school writes them, capitals and small
 * letters ("-": none), by spaces; ja's ABC is English's. */
static const struct {
    const char *lang, *capitals, *small;
} alphabets[] = {
    {"en", "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n o p q r s t u v w x y z"},
    {"ja", "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n o p q r s t u v w x y z"},
    {"es", "A B C D E F G H I J K L M N Ñ O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n ñ o p q r s t u v w x y z"},
    {"fr", "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n o p q r s t u v w x y z"},
    {"pt", "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n o p q r s t u v w x y z"},
    {"de", "A Ä B C D E F G H I J K L M N O Ö P Q R S - T U Ü V W X Y Z",
     "a ä b c d e f g h i j k l m n o ö p q r s ß t u ü v w x y z"},
    {"zh", NULL, "b p m f d t n l g k h j q x zh ch sh r z c s y w"},
    {"ko", NULL, "가 나 다 라 마 바 사 아 자 차 카 타 파 하"},
    {"ar", NULL, "أ ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي"},
    /* zhuyin as Taiwan's first-grade charts recite it: initials, finals, medials */
    {"zhuyin", NULL,
     "ㄅ ㄆ ㄇ ㄈ ㄉ ㄊ ㄋ ㄌ ㄍ ㄎ ㄏ ㄐ ㄑ ㄒ ㄓ ㄔ ㄕ ㄖ ㄗ ㄘ ㄙ ㄚ ㄛ ㄜ ㄝ ㄞ ㄟ ㄠ ㄡ ㄢ ㄣ ㄤ ㄥ ㄦ ㄧ ㄨ ㄩ"},
};

/* Whether t is the step-th (0-based) letter of list (by spaces; "-" skipped
 * when skip_none). */
static bool nth_letter(const char *list, int step, const char *t, bool skip_none)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, " ");
        bool none = n == 1 && *p == '-';
        if (!(none && skip_none) && step-- == 0)
            return !none && strlen(t) == n && !strncmp(t, p, n);
        p += n;
        p += *p == ' ';
    }
    return false;
}

/* The abc rule's step: its alphabet (named, or the sheet's language's), its case. */
static bool abc_ok(const char *rule, const char *lang, const char *t, int step)
{
    const char *arg = strchr(rule, ':');
    const char *use = lang;
    size_t use_len = 2; /* a language's code: its first two letters (zh-Hant's zh's) */
    int variant = 0;    /* upper */
    for (const char *p = arg ? arg + 1 : ""; *p;) {
        size_t n = strcspn(p, ",");
        if (n == 5 && !strncmp(p, "lower", 5)) variant = 1;
        else if (n == 5 && !strncmp(p, "mixed", 5)) variant = 2;
        else if (n == 2 || (n == 6 && !strncmp(p, "zhuyin", 6))) use = p, use_len = n;
        p += n;
        p += *p == ',';
    }
    for (size_t i = 0; i < sizeof alphabets / sizeof alphabets[0]; i++) {
        if (strncmp(alphabets[i].lang, use, use_len)) continue;
        if (!alphabets[i].capitals) return nth_letter(alphabets[i].small, step, t, false);
        if (variant == 0) return nth_letter(alphabets[i].capitals, step, t, true);
        if (variant == 1) return nth_letter(alphabets[i].small, step, t, false);
        return nth_letter(alphabets[i].capitals, step, t, false) ||
               nth_letter(alphabets[i].small, step, t, false);
    }
    return false;
}

static const char *kana = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん";

/* Whether token t may be the step-th (0-based) of a path after prev (NULL
 * at START) on a sheet in lang, with *sum the total so far. */
static bool oracle_ok(const char *rule, const char *lang, const char *t, int step, const char *prev,
                      long *sum)
{
    char *end;
    long v = strtol(t, &end, 10);
    bool number = *t && !*end;
    int n, from;
    if (sscanf(rule, "multiples:%d", &n) == 1) return number && v > 0 && v % n == 0;
    if (sscanf(rule, "skip:%d,%d", &n, &from) == 2 || (sscanf(rule, "skip:%d", &n) == 1 && (from = n)))
        return number && v == from + (long)step * n;
    if (sscanf(rule, "sum:%d", &n) == 1) {
        if (!number || v < 1) return false;
        *sum += v;
        return *sum <= n;
    }
    if (!strncmp(rule, "abc", 3)) return abc_ok(rule, lang, t, step);
    if (!strncmp(rule, "aiueo", 5)) {
        size_t l;
        if (step >= 46) return false;
        uint32_t want = cp(kana + 3 * step, &l);
        if (!strcmp(rule, "aiueo:katakana")) want += 0x60;
        return cp(t, &l) == want && t[l] == 0;
    }
    if (!strncmp(rule, "words:", 6)) return !strcmp(t, "the") || !strcmp(t, "and");
    if (!strncmp(rule, "message:", 8)) { /* the step-th letter, spaces left out */
        const char *m = rule + 8;
        size_t l = 0;
        for (int i = 0; *m; m += l) {
            cp(m, &l);
            if (*m == ' ') continue;
            if (i++ == step) {
                *sum = step;
                return strlen(t) == l && !strncmp(t, m, l);
            }
        }
        return false;
    }
    if (!strncmp(rule, "chain", 5)) { /* chain:FILE, or chain: the built-in words */
        if (!*t) return false;
        if (!prev) return true;
        size_t l;
        uint32_t last = last_cp(prev);
        return last != 0x3093 && chain_letter(cp(t, &l)) == chain_letter(last);
    }
    return false;
}

static bool oracle_end(const char *rule, long sum)
{
    int n;
    if (!strncmp(rule, "message:", 8)) { /* every letter read */
        long letters = 0;
        size_t l;
        for (const char *m = rule + 8; *m; m += l) {
            cp(m, &l);
            letters += *m != ' ';
        }
        return sum == letters - 1;
    }
    return sscanf(rule, "sum:%d", &n) != 1 || sum == n;
}

/* Every simple path from START that obeys the rule, by an explicit-stack
 * depth-first search; counts those that end at FINISH (a path stops
 * there), up to 3, and copies the first. */
static unsigned oracle_paths(const meiro_rule_sheet *s, uint32_t *first, size_t *first_len)
{
    const char *rule = meiro_rule_sheet_rule(s), *lang = meiro_rule_sheet_lang(s);
    uint32_t w = meiro_rule_sheet_width(s), h = meiro_rule_sheet_height(s);
    const uint32_t *path;
    size_t len = meiro_rule_sheet_path(s, &path);
    uint32_t start = path[0], finish = path[len - 1];
    uint32_t stack[256];
    unsigned dir[256];
    long sums[256];
    bool on[256] = {false};
    unsigned found = 0;
    size_t depth = 0;
    long sum = 0;
    if (!oracle_ok(rule, lang, meiro_rule_sheet_token(s, start % w, start / w), 0, NULL, &sum))
        return 0;
    stack[0] = start, dir[0] = 0, sums[0] = sum, on[start] = true;
    if (start == finish) return oracle_end(rule, sum) ? 1 : 0;
    while (found < 3) {
        uint32_t u = stack[depth];
        if (dir[depth] == 4) {
            on[u] = false;
            if (depth == 0) break;
            depth--;
            continue;
        }
        unsigned d = dir[depth]++;
        uint32_t x = u % w, y = u / w, v;
        if (d == 0 && y > 0) v = u - w;
        else if (d == 1 && x + 1 < w) v = u + 1;
        else if (d == 2 && y + 1 < h) v = u + w;
        else if (d == 3 && x > 0) v = u - 1;
        else continue;
        if (on[v]) continue;
        long vs = sums[depth];
        if (!oracle_ok(rule, lang, meiro_rule_sheet_token(s, v % w, v / w), (int)depth + 1,
                       meiro_rule_sheet_token(s, x, y), &vs))
            continue;
        if (v == finish) {
            if (oracle_end(rule, vs)) {
                if (found++ == 0) {
                    memcpy(first, stack, (depth + 1) * sizeof *stack);
                    first[depth + 1] = v;
                    *first_len = depth + 2;
                }
            }
            continue;
        }
        depth++;
        stack[depth] = v, dir[depth] = 0, sums[depth] = vs, on[v] = true;
    }
    return found;
}

/* The proof over every rule, level and language, 50 seeds each: the
 * library's search says one path, the oracle finds exactly one, and it is
 * the sheet's path (so no distractor lies on a rule path). */
static void test_unique(void)
{
    set_rules();
    static const char *langs[] = {"en", "ja"};
    verdict v = {0};
    for (unsigned r = 0; r < RULES; r++)
        for (unsigned lv = 0; lv < 4; lv++)
            for (unsigned l = 0; l < 2; l++)
                for (uint64_t seed = 1; seed <= 50; seed++) {
                    meiro_error err = {0};
                    meiro_rule_sheet *s =
                        meiro_rule_sheet_new(rules[r], langs[l], (meiro_level)lv, seed, &err);
                    if (!verdict_note(&v, s != NULL, "%s level %u seed %llu: %s", rules[r], lv,
                                      (unsigned long long)seed, err.message))
                        continue;
                    uint32_t found[256];
                    size_t found_len = 0;
                    const uint32_t *path;
                    size_t len = meiro_rule_sheet_path(s, &path);
                    unsigned n = oracle_paths(s, found, &found_len);
                    verdict_note(&v,
                                 meiro_rule_sheet_paths(s) == 1 && n == 1 && found_len == len &&
                                     !memcmp(found, path, len * sizeof *path) &&
                                     meiro_rule_sheet_follows(s, path, len, NULL),
                                 "%s level %u %s seed %llu: proof %u, oracle %u paths", rules[r],
                                 lv, langs[l], (unsigned long long)seed,
                                 meiro_rule_sheet_paths(s), n);
                    meiro_rule_sheet_free(s);
                }
    CHECK_ALL(v);
}

static char *text_of(const meiro_rule_sheet *s, const char *format, size_t *size);

/* Every language's alphabet, word chain and hidden message, 4 levels and
 * 12 seeds each: the oracle (with the alphabets written above) finds one
 * path, the sheet's, which reads the alphabet in order from its first
 * letter; Spanish's long paths go N, Ñ, O; the sentence shows the first
 * letters; the sheet reads back from its text and its JSON the same. */
static void test_alphabets(void)
{
    static const struct {
        const char *lang, *message, *first;
    } langs[] = {
        {"en", "message:WELL DONE", "A, B, C"},      {"es", "message:ÑANDÚ", "A, B, C"},
        {"fr", "message:TRÈS BIEN", "A, B, C"},      {"de", "message:schön", "A, Ä, B"},
        {"pt", "message:PARABÉNS", "A, B, C"},       {"zh", "message:你真棒", "b、p、m"},
        {"ko", "message:참 잘했어요", "가, 나, 다"}, {"ar", "message:أحسنت", "أ، ب، ت"},
        {"ja", "message:ありがとう", "A, B, C"},     {"zh-Hant", "message:你真棒", "b、p、m"},
    };
    verdict v = {0};
    bool enye = false;
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        const char *rules_of[] = {"abc", "abc:lower", "abc:mixed", "chain", langs[l].message};
        bool cased = strncmp(langs[l].lang, "zh", 2) && strcmp(langs[l].lang, "ko") &&
                     strcmp(langs[l].lang, "ar");
        for (size_t r = 0; r < 5; r++) {
            if (!cased && (r == 1 || r == 2)) continue;
            for (unsigned lv = 0; lv < 4; lv++)
                for (uint64_t seed = 1; seed <= 12; seed++) {
                    meiro_error err = {0};
                    meiro_rule_sheet *s = meiro_rule_sheet_new(rules_of[r], langs[l].lang,
                                                               (meiro_level)lv, seed, &err);
                    if (!verdict_note(&v, s != NULL, "%s %s level %u seed %llu: %s", langs[l].lang,
                                      rules_of[r], lv, (unsigned long long)seed, err.message))
                        continue;
                    uint32_t found[256], w = meiro_rule_sheet_width(s);
                    size_t found_len = 0;
                    const uint32_t *path;
                    size_t len = meiro_rule_sheet_path(s, &path);
                    unsigned n = oracle_paths(s, found, &found_len);
                    verdict_note(
                        &v, n == 1 && found_len == len && !memcmp(found, path, len * sizeof *path),
                        "%s %s level %u seed %llu: oracle %u paths", langs[l].lang, rules_of[r], lv,
                        (unsigned long long)seed, n);
                    if (r == 0) {
                        bool in_order = true;
                        for (size_t i = 0; i < len; i++)
                            in_order &=
                                abc_ok("abc", langs[l].lang,
                                       meiro_rule_sheet_token(s, path[i] % w, path[i] / w), (int)i);
                        verdict_note(
                            &v, in_order && strstr(meiro_rule_sheet_sentence(s), langs[l].first),
                            "%s abc seed %llu: the path reads the alphabet; %s", langs[l].lang,
                            (unsigned long long)seed, meiro_rule_sheet_sentence(s));
                        if (!strcmp(langs[l].lang, "es") && len > 15)
                            enye |=
                                !strcmp(meiro_rule_sheet_token(s, path[13] % w, path[13] / w),
                                        "N") &&
                                !strcmp(meiro_rule_sheet_token(s, path[14] % w, path[14] / w),
                                        "Ñ") &&
                                !strcmp(meiro_rule_sheet_token(s, path[15] % w, path[15] / w), "O");
                    }
                    /* read back from its text and its JSON: the same sheet */
                    for (int j = 0; j < 2 && seed == 1 && lv == 2; j++) {
                        size_t size, size2 = 0, size3 = 0;
                        char *file = text_of(s, j ? "json" : "text", &size),
                             *text = text_of(s, "text", &size2);
                        FILE *f = file ? fmemopen(file, size, "r") : NULL;
                        meiro_error rerr = {0};
                        meiro_rule_sheet *b = f ? meiro_rule_sheet_read(f, &rerr) : NULL;
                        char *again = b ? text_of(b, "text", &size3) : NULL;
                        verdict_note(&v,
                                     again && text && !strcmp(again, text) &&
                                         meiro_rule_sheet_paths(b) == 1,
                                     "%s %s: read back from %s (%s)", langs[l].lang, rules_of[r],
                                     j ? "json" : "text", rerr.message);
                        meiro_rule_sheet_free(b);
                        if (f) fclose(f);
                        free(file), free(text), free(again);
                    }
                    meiro_rule_sheet_free(s);
                }
        }
    }
    CHECK_MSG(enye, "a Spanish path goes N, Ñ, O");
    CHECK_ALL(v);
}

/* abc:zhuyin on a zh-Hant sheet (or an English one): 4 levels and 12
 * seeds, the oracle's one path the sheet's, reading ㄅ, ㄆ, ㄇ... in
 * zhuyin's order (its long paths past the initials, ㄙ then ㄚ); the
 * sentence names them; the sheet read back from its text the same; a
 * hidden message may hold zhuyin on a zh-Hant sheet. */
static void test_zhuyin(void)
{
    verdict v = {0};
    bool past_initials = false;
    const char *langs[] = {"zh-Hant", "en"};
    for (int l = 0; l < 2; l++)
        for (unsigned lv = 0; lv < 4; lv++)
            for (uint64_t seed = 1; seed <= 12; seed++) {
                meiro_error err = {0};
                meiro_rule_sheet *s =
                    meiro_rule_sheet_new("abc:zhuyin", langs[l], (meiro_level)lv, seed, &err);
                if (!verdict_note(&v, s != NULL, "%s level %u seed %llu: %s", langs[l], lv,
                                  (unsigned long long)seed, err.message))
                    continue;
                uint32_t found[256], w = meiro_rule_sheet_width(s);
                size_t found_len = 0;
                const uint32_t *path;
                size_t len = meiro_rule_sheet_path(s, &path);
                unsigned n = oracle_paths(s, found, &found_len);
                bool in_order = true;
                for (size_t i = 0; i < len; i++) {
                    const char *t = meiro_rule_sheet_token(s, path[i] % w, path[i] / w);
                    in_order &= abc_ok("abc:zhuyin", langs[l], t, (int)i);
                    past_initials |= i == 21 && !strcmp(t, "ㄚ");
                }
                /* the sentence joins them with the alphabet's comma, on any sheet */
                verdict_note(&v,
                             n == 1 && found_len == len &&
                                 !memcmp(found, path, len * sizeof *path) && in_order &&
                                 strstr(meiro_rule_sheet_sentence(s), "ㄅ、ㄆ、ㄇ"),
                             "%s level %u seed %llu: oracle %u paths, in order %d; %s", langs[l],
                             lv, (unsigned long long)seed, n, in_order,
                             meiro_rule_sheet_sentence(s));
                if (seed == 1 && lv == 2) {
                    size_t size, size2 = 0;
                    char *text = text_of(s, "text", &size);
                    FILE *f = text ? fmemopen(text, size, "r") : NULL;
                    meiro_rule_sheet *b = f ? meiro_rule_sheet_read(f, &err) : NULL;
                    char *again = b ? text_of(b, "text", &size2) : NULL;
                    verdict_note(&v, again && !strcmp(again, text), "%s: read back: %s", langs[l],
                                 err.message);
                    meiro_rule_sheet_free(b);
                    if (f) fclose(f);
                    free(text), free(again);
                }
                meiro_rule_sheet_free(s);
            }
    CHECK_MSG(past_initials, "a long zhuyin path goes ㄙ, ㄚ");
    meiro_error err = {0};
    meiro_rule_sheet *m =
        meiro_rule_sheet_new("message:ㄅㄆㄇ", "zh-Hant", MEIRO_LEVEL_NORMAL, 1, &err);
    CHECK_MSG(m != NULL, "a zh-Hant message of zhuyin: %s", err.message);
    meiro_rule_sheet_free(m);
    CHECK_ALL(v);
}

static char *text_of(const meiro_rule_sheet *s, const char *format, size_t *size)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, size);
    if (!f) return NULL;
    meiro_status st = meiro_rule_sheet_write(s, format, f, NULL);
    fclose(f);
    if (st != MEIRO_OK) free(buf), buf = NULL;
    return buf;
}

/* Same arguments, same sheet; another seed, another sheet. */
static void test_deterministic(void)
{
    set_rules();
    verdict v = {0};
    for (unsigned r = 0; r < RULES; r++) {
        meiro_rule_sheet *a = meiro_rule_sheet_new(rules[r], "en", MEIRO_LEVEL_NORMAL, 7, NULL);
        meiro_rule_sheet *b = meiro_rule_sheet_new(rules[r], "en", MEIRO_LEVEL_NORMAL, 7, NULL);
        meiro_rule_sheet *c = meiro_rule_sheet_new(rules[r], "en", MEIRO_LEVEL_NORMAL, 8, NULL);
        size_t na, nb, nc;
        char *ta = a ? text_of(a, "text", &na) : NULL, *tb = b ? text_of(b, "text", &nb) : NULL;
        char *tc = c ? text_of(c, "text", &nc) : NULL;
        const char *body_a = ta ? strstr(ta, "\npath") : NULL, *body_c = tc ? strstr(tc, "\npath") : NULL;
        verdict_note(&v, ta && tb && tc && !strcmp(ta, tb) && body_a && body_c && strcmp(body_a, body_c),
                     "%s", rules[r]);
        free(ta), free(tb), free(tc);
        meiro_rule_sheet_free(a), meiro_rule_sheet_free(b), meiro_rule_sheet_free(c);
    }
    CHECK_ALL(v);
}

/* The text reads back to the same sheet; JSON holds every token. */
static void test_roundtrip(void)
{
    set_rules();
    verdict v = {0};
    for (unsigned r = 0; r < RULES; r++)
        for (uint64_t seed = 1; seed <= 5; seed++) {
            meiro_rule_sheet *a = meiro_rule_sheet_new(rules[r], seed % 2 ? "ja" : "en",
                                                       MEIRO_LEVEL_HARD, seed, NULL);
            size_t n, nj;
            char *t = a ? text_of(a, "text", &n) : NULL, *j = a ? text_of(a, "json", &nj) : NULL;
            FILE *f = t ? fmemopen(t, n, "r") : NULL;
            meiro_error err = {0};
            meiro_rule_sheet *b = f ? meiro_rule_sheet_read(f, &err) : NULL;
            if (f) fclose(f);
            size_t n2;
            char *t2 = b ? text_of(b, "text", &n2) : NULL;
            bool tokens = j != NULL;
            for (uint32_t y = 0; a && y < meiro_rule_sheet_height(a) && tokens; y++)
                for (uint32_t x = 0; x < meiro_rule_sheet_width(a); x++) {
                    char q[80];
                    snprintf(q, sizeof q, "\"%s\"", meiro_rule_sheet_token(a, x, y));
                    tokens &= strstr(j, q) != NULL;
                }
            /* the JSON reads back too: the same sheet, as text */
            FILE *fj = j ? fmemopen(j, nj, "r") : NULL;
            meiro_error jerr = {0};
            meiro_rule_sheet *c = fj ? meiro_rule_sheet_read(fj, &jerr) : NULL;
            if (fj) fclose(fj);
            size_t n3;
            char *t3 = c ? text_of(c, "text", &n3) : NULL;
            verdict_note(&v, t2 && !strcmp(t, t2) && tokens &&
                                 !strcmp(meiro_rule_sheet_sentence(a), meiro_rule_sheet_sentence(b)),
                         "%s seed %llu: %s", rules[r], (unsigned long long)seed, err.message);
            verdict_note(&v, t3 && !strcmp(t, t3), "%s seed %llu: the JSON read back: %s",
                         rules[r], (unsigned long long)seed, jerr.message);
            meiro_rule_sheet_free(c);
            free(t3);
            free(t), free(t2), free(j);
            meiro_rule_sheet_free(a), meiro_rule_sheet_free(b);
        }
    CHECK_ALL(v);
}

/* JSON that is not a rule sheet: syntax errors with their line and
 * column, missing fields named, a tampered token caught by the proof. */
static void test_read_json_refuses(void)
{
    static const struct {
        const char *json, *says;
        unsigned long line;
    } bad[] = {
        {"{\"rule\": \"abc\",\n \"width\": }", "", 2},
        {"{\"rule\": \"abc\", \"width\": 5, \"height\": 5, \"path\": []}", "tokens", 0},
        {"{\"width\": 5}", "rule", 0},
        {"[1, 2]", "object", 0},
        {"{\"rule\": \"abc\", \"width\": 99, \"height\": 5, \"path\": [], \"tokens\": []}",
         "width", 0},
    };
    for (size_t k = 0; k < TEST_COUNT(bad); k++) {
        FILE *f = fmemopen((void *)bad[k].json, strlen(bad[k].json), "r");
        meiro_error err = {0};
        meiro_rule_sheet *s = meiro_rule_sheet_read(f, &err);
        fclose(f);
        CHECK_MSG(!s && err.status == MEIRO_ERROR_PARSE && strstr(err.message, bad[k].says) &&
                      err.line == bad[k].line,
                  "%s: %s (line %lu)", bad[k].json, err.message, err.line);
        meiro_rule_sheet_free(s);
    }
    /* the rule changed (capitals read as small letters): no path follows it */
    meiro_rule_sheet *a = meiro_rule_sheet_new("abc", "en", MEIRO_LEVEL_EASY, 3, NULL);
    size_t n;
    char *j = a ? text_of(a, "json", &n) : NULL;
    char *b = j ? strstr(j, "\"abc\"") : NULL;
    CHECK(b != NULL);
    if (b) {
        memcpy(b + 1, "ABC", 3); /* an unknown rule */
        FILE *f = fmemopen(j, n, "r");
        meiro_error err = {0};
        meiro_rule_sheet *s = meiro_rule_sheet_read(f, &err);
        fclose(f);
        CHECK_MSG(!s && strstr(err.message, "unknown rule 'ABC'"), "%s", err.message);
        meiro_rule_sheet_free(s);
    }
    free(j);
    meiro_rule_sheet_free(a);
}

/* A file whose path is broken, or whose tokens open a second path, is
 * refused with its line. */
static void test_read_refuses(void)
{
    meiro_rule_sheet *a = meiro_rule_sheet_new("skip:2", "en", MEIRO_LEVEL_EASY, 3, NULL);
    CHECK(a != NULL);
    if (!a) return;
    size_t n;
    char *t = text_of(a, "text", &n);
    const uint32_t *path;
    size_t len = meiro_rule_sheet_path(a, &path);
    /* the token of the path's second cell, in the grid's text, made wrong */
    uint32_t w = meiro_rule_sheet_width(a), c = path[1];
    const char *tok = meiro_rule_sheet_token(a, c % w, c / w);
    char *grid = strstr(t, "\n# ");
    grid = grid ? strchr(grid + 1, '\n') + 1 : NULL;
    CHECK(grid != NULL && len > 2);
    if (!grid) {
        free(t);
        meiro_rule_sheet_free(a);
        return;
    }
    char *p = grid;
    for (uint32_t i = 0; i < c; i++) p += strcspn(p, "\t\n") + 1;
    CHECK(!strncmp(p, tok, strlen(tok)));
    p[0] = p[0] == '9' ? '7' : '9';
    FILE *f = fmemopen(t, n, "r");
    meiro_error err = {0};
    meiro_rule_sheet *b = meiro_rule_sheet_read(f, &err);
    fclose(f);
    CHECK(b == NULL && err.status == MEIRO_ERROR_PARSE && err.line > 0);
    meiro_rule_sheet_free(b);
    const char *bad = "rule multiples:3\nsize 2 2\npath 0,0 9,9\n3\t1\n1\t3\n";
    f = fmemopen((void *)bad, strlen(bad), "r");
    b = meiro_rule_sheet_read(f, &err);
    fclose(f);
    CHECK(b == NULL && err.line == 3 && strstr(err.message, "path"));
    free(t);
    meiro_rule_sheet_free(a);
}

/* Bad rules are refused, naming --rule. */
static void test_errors(void)
{
    static const char *bad[] = {"multiples:1", "multiples:x", "skip:", "sum:1000", "abc:greek",
                                "aiueo:romaji", "words:/nonexistent", "chain:", "fizz", ""};
    verdict v = {0};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        meiro_error err = {0};
        meiro_rule_sheet *s = meiro_rule_sheet_new(bad[i], "en", MEIRO_LEVEL_EASY, 1, &err);
        verdict_note(&v, !s && err.status != MEIRO_OK && strstr(err.message, "--rule"),
                     "%s: %s", bad[i], err.message);
        meiro_rule_sheet_free(s);
    }
    /* a language meiro has no words in */
    meiro_error err = {0};
    CHECK(!meiro_rule_sheet_new("abc", "xx", MEIRO_LEVEL_EASY, 1, &err) &&
          err.field == MEIRO_FIELD_LANG);
    /* an alphabet meiro has not, a case where an alphabet has none, a
     * message's letter the page's language lacks (the language that has it
     * named) */
    static const struct {
        const char *rule, *lang, *says[2];
    } refused[] = {
        {"abc:xx", "en", {"'xx' is no alphabet", "en, es, fr, de, pt, zh, ko, ar"}},
        {"abc:ja", "ja", {"'ja' is no alphabet", "--rule aiueo"}},
        {"abc:es,greek", "es", {"'greek' is no alphabet", "upper, lower, mixed"}},
        {"abc:lower", "ko", {"Korean alphabet has no capital", "--rule abc:ko"}},
        {"abc:ar,upper", "en", {"Arabic alphabet has no capital", "--rule abc:ar"}},
        {"message:ÑANDÚ",
         "en",
         {"'Ñ' is not a letter of the page's language (--lang en)", "Spanish (--lang es)"}},
        {"message:참 잘했어요", "de", {"'참' is not a letter", "Korean (--lang ko)"}},
        {"message:SCHÖN", "fr", {"'Ö' is not a letter", "German (--lang de)"}},
        {"message:أحسنت", "zh", {"'أ' is not a letter", "Arabic (--lang ar)"}},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        meiro_error e = {0};
        meiro_rule_sheet *s =
            meiro_rule_sheet_new(refused[i].rule, refused[i].lang, MEIRO_LEVEL_EASY, 1, &e);
        verdict_note(
            &v, !s && (e.status == MEIRO_ERROR_ARGUMENT || e.status == MEIRO_ERROR_UNKNOWN_NAME),
            "%s in %s: refused (%s)", refused[i].rule, refused[i].lang, e.message);
        verdict_note(&v,
                     strstr(e.message, refused[i].says[0]) && strstr(e.message, refused[i].says[1]),
                     "%s in %s: %s", refused[i].rule, refused[i].lang, e.message);
        meiro_rule_sheet_free(s);
    }
    /* French: the sentence in French */
    meiro_rule_sheet *fr = meiro_rule_sheet_new("multiples:3", "fr", MEIRO_LEVEL_EASY, 1, &err);
    CHECK_MSG(fr && strstr(meiro_rule_sheet_sentence(fr), "multiples de 3"), "%s", err.message);
    meiro_rule_sheet_free(fr);
    CHECK_ALL(v);
}

/* A way that breaks the rule, skips a cell or stops short is refused, and
 * says where. */
static void test_follows(void)
{
    meiro_rule_sheet *s = meiro_rule_sheet_new("abc", "en", MEIRO_LEVEL_NORMAL, 11, NULL);
    CHECK(s != NULL);
    if (!s) return;
    const uint32_t *path;
    size_t len = meiro_rule_sheet_path(s, &path), why = 0;
    uint32_t way[256];
    memcpy(way, path, len * sizeof *way);
    CHECK(meiro_rule_sheet_follows(s, way, len, &why) && why == len);
    CHECK(!meiro_rule_sheet_follows(s, way, len - 1, &why) && why == len - 1);
    way[2] = way[0];
    CHECK(!meiro_rule_sheet_follows(s, way, len, &why) && why == 2);
    meiro_rule_sheet_free(s);
}

/* The distractors are close: next to the path, cells hold fake
 * continuations (the rule's next token) and near misses, at every level
 * above easy on most sheets. */
static void test_distractors(void)
{
    unsigned fakes = 0, near = 0, sheets = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        meiro_rule_sheet *s = meiro_rule_sheet_new("multiples:4", "en", MEIRO_LEVEL_HARD, seed, NULL);
        if (!s) continue;
        sheets++;
        uint32_t w = meiro_rule_sheet_width(s), h = meiro_rule_sheet_height(s);
        const uint32_t *path;
        size_t len = meiro_rule_sheet_path(s, &path);
        bool on[256] = {false}, f = false, nr = false;
        for (size_t i = 0; i < len; i++) on[path[i]] = true;
        for (uint32_t c = 0; c < w * h; c++) {
            if (on[c]) continue;
            long v = strtol(meiro_rule_sheet_token(s, c % w, c / w), NULL, 10);
            bool next_to = (c >= w && on[c - w]) || (c + w < w * h && on[c + w]) ||
                           (c % w && on[c - 1]) || (c % w + 1 < w && on[c + 1]);
            if (next_to && v % 4 == 0) f = true;
            if (v % 4 == 1 || v % 4 == 3) nr = true;
        }
        fakes += f, near += nr;
        meiro_rule_sheet_free(s);
    }
    CHECK_MSG(sheets == 40 && fakes >= 30 && near == 40, "%u sheets, %u with fakes, %u near", sheets,
              fakes, near);
}

/* Multiples stay within the times table: every number on a sheet, on the
 * path or off it (near misses, reversed digits, far distractors), is 1 to
 * N x UPTO (x10 unless the rule says x12), over tables, levels and seeds;
 * and the path's numbers are multiples. The 7 times table for age 8 has no
 * 91 (7 x 13). */
static void test_times_table(void)
{
    verdict v = {0};
    unsigned sheets = 0, tops = 0;
    for (long n = 2; n <= 12; n++)
        for (int upto = 10; upto <= 12; upto += 2)
            for (int lv = MEIRO_LEVEL_EASY; lv <= MEIRO_LEVEL_EXPERT; lv++)
                for (uint64_t seed = 1; seed <= 4; seed++) {
                    char rule[64];
                    if (upto == 10) snprintf(rule, sizeof rule, "multiples:%ld", n);
                    else snprintf(rule, sizeof rule, "multiples:%ld,%d", n, upto);
                    meiro_rule_sheet *s =
                        meiro_rule_sheet_new(rule, "en", (meiro_level)lv, seed * 31 + (uint64_t)n, NULL);
                    verdict_note(&v, s != NULL, "%s level %d seed %llu: no sheet", rule, lv,
                                 (unsigned long long)seed);
                    if (!s) continue;
                    sheets++;
                    uint32_t w = meiro_rule_sheet_width(s), h = meiro_rule_sheet_height(s);
                    const uint32_t *path;
                    size_t len = meiro_rule_sheet_path(s, &path);
                    long top = 0;
                    for (uint32_t c = 0; c < w * h; c++) {
                        long t = strtol(meiro_rule_sheet_token(s, c % w, c / w), NULL, 10);
                        if (t > top) top = t;
                        verdict_note(&v, t >= 1 && t <= n * upto,
                                     "%s level %d: %ld is outside 1 to %ld", rule, lv, t, n * upto);
                    }
                    for (size_t i = 0; i < len; i++) {
                        long t = strtol(meiro_rule_sheet_token(s, path[i] % w, path[i] / w), NULL, 10);
                        verdict_note(&v, t % n == 0, "%s: %ld on the path", rule, t);
                    }
                    tops += top > n * 10; /* x12 sheets reach past x10 */
                    meiro_rule_sheet_free(s);
                }
    CHECK_ALL(v);
    CHECK_MSG(sheets == 11 * 2 * 4 * 4 && tops > 0, "%u sheets, %u past x10", sheets, tops);
    meiro_rule_sheet *s = meiro_rule_sheet_new("multiples:7", "en", MEIRO_LEVEL_NORMAL, 8, NULL);
    CHECK(s != NULL);
    for (uint32_t c = 0; s && c < 36; c++)
        CHECK_MSG(strtol(meiro_rule_sheet_token(s, c % 6, c / 6), NULL, 10) <= 70, "cell %u: %s", c,
                  meiro_rule_sheet_token(s, c % 6, c / 6));
    meiro_rule_sheet_free(s);
    meiro_error err = {0};
    CHECK(!meiro_rule_sheet_new("multiples:7,30", "en", MEIRO_LEVEL_EASY, 1, &err) &&
          strstr(err.message, "UPTO 5 to 20"));
}

/* A class set by name on Letter (meiro_rule_sheets_save_on and
 * meiro_rule_sheet_set_name): a sheet for each name, every page 612 x 792
 * pt, each name printed on its own sheet only (read back by pdftotext);
 * the names and the paper refused where no page prints them. */
static void test_named_letter(void)
{
    static const char *const names[] = {"Hana", "O'Brien", "Zoë-Li"};
    char dir[] = "/tmp/meiro-rule-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK_MSG(false, "mkdtemp: %s", dir);
        return;
    }
    char file[128], cmd[400], out[8192];
    snprintf(file, sizeof file, "%s/set.pdf", dir);
    meiro_rule_sheet *sheets[3] = {NULL};
    meiro_error err = {0};
    for (int i = 0; i < 3; i++) {
        sheets[i] = meiro_rule_sheet_new("multiples:6", "en", MEIRO_LEVEL_NORMAL, 20 + (uint64_t)i, NULL);
        CHECK(sheets[i] && meiro_rule_sheet_set_name(sheets[i], names[i], &err) == MEIRO_OK);
    }
    const meiro_rule_sheet *const *set = (const meiro_rule_sheet *const *)sheets;
    CHECK(sheets[2] && meiro_rule_sheets_save_on(set, 3, NULL, file, NULL, 1, true, MEIRO_PAPER_LETTER,
                                                 0, 0, &err) == MEIRO_OK);
    if (have("pdfinfo") && have("pdftotext")) {
        snprintf(cmd, sizeof cmd, "pdfinfo -f 1 -l 6 %s | grep -c 'size: *612 x 792 pts'", file);
        CHECK(run(cmd, out, sizeof out) && atoi(out) == 6);
        for (int i = 0; i < 3; i++) {
            snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d %s -", i + 1, i + 1, file);
            CHECK(run(cmd, out, sizeof out));
            for (int k = 0; k < 3; k++)
                CHECK_MSG((strstr(out, names[k]) != NULL) == (k == i), "sheet %d and %s", i + 1,
                          names[k]);
        }
    }
    /* no page: no paper and no name */
    snprintf(file, sizeof file, "%s/one.xlsx", dir);
    CHECK(meiro_rule_sheets_save_on(set, 1, "xlsx", file, NULL, 1, false, MEIRO_PAPER_LETTER, 0, 0,
                                    &err) == MEIRO_ERROR_ARGUMENT &&
          err.field == MEIRO_FIELD_PAPER && access(file, F_OK) != 0);
    CHECK(meiro_rule_sheets_save_on(set, 1, "html", file, NULL, 1, false, MEIRO_PAPER_A4, 0, 0,
                                    &err) == MEIRO_ERROR_ARGUMENT &&
          err.field == MEIRO_FIELD_NAMES);
    CHECK(meiro_rule_sheets_save_on(set, 1, "pdf", file, NULL, 1, false, MEIRO_PAPER_A4, 20, 30,
                                    &err) == MEIRO_ERROR_ARGUMENT &&
          err.field == MEIRO_FIELD_PAPER);
    CHECK(meiro_rule_sheet_set_name(sheets[0], "Ha\nna", &err) == MEIRO_ERROR_ARGUMENT &&
          err.field == MEIRO_FIELD_NAME);
    char longer[200];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    CHECK(meiro_rule_sheet_set_name(sheets[0], longer, &err) == MEIRO_ERROR_ARGUMENT);
    CHECK(meiro_rule_sheet_set_name(sheets[0], NULL, &err) == MEIRO_OK); /* none again */
    CHECK(meiro_rule_sheets_save_on(set, 1, "html", file, NULL, 1, false, MEIRO_PAPER_A4, 0, 0,
                                    &err) == MEIRO_OK);
    unlink(file);
    snprintf(file, sizeof file, "%s/set.pdf", dir);
    unlink(file);
    rmdir(dir);
    for (int i = 0; i < 3; i++) meiro_rule_sheet_free(sheets[i]);
}

/* Fake paths: on most sheets of the step rules some cell off the path
 * continues the rule from a path cell (the next letter, kana, count or
 * word), the start of a way that follows the rule for a while and then
 * dead-ends. */
static void test_fakes(void)
{
    set_rules();
    static const char *step_rules[] = {"skip:5", "abc", "aiueo", "sum:20", NULL};
    verdict v = {0};
    for (const char **r = step_rules; *r; r++) {
        unsigned with = 0, sheets = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            meiro_rule_sheet *s = meiro_rule_sheet_new(*r, "en", MEIRO_LEVEL_HARD, seed, NULL);
            if (!s) continue;
            sheets++;
            uint32_t w = meiro_rule_sheet_width(s), h = meiro_rule_sheet_height(s);
            const uint32_t *path;
            size_t len = meiro_rule_sheet_path(s, &path);
            bool on[256] = {false}, fake = false;
            for (size_t i = 0; i < len; i++) on[path[i]] = true;
            long sum = 0;
            for (size_t i = 0; i + 1 < len && !fake; i++) {
                uint32_t u = path[i];
                const char *tu = meiro_rule_sheet_token(s, u % w, u / w);
                long here = sum;
                oracle_ok(*r, meiro_rule_sheet_lang(s), tu, (int)i, NULL, &here);
                uint32_t nb[4] = {u >= w ? u - w : UINT32_MAX, u + w < w * h ? u + w : UINT32_MAX,
                                  u % w ? u - 1 : UINT32_MAX, u % w + 1 < w ? u + 1 : UINT32_MAX};
                for (int k = 0; k < 4 && !fake; k++) {
                    if (nb[k] == UINT32_MAX || on[nb[k]]) continue;
                    long next = here;
                    fake = oracle_ok(*r, meiro_rule_sheet_lang(s),
                                     meiro_rule_sheet_token(s, nb[k] % w, nb[k] / w), (int)i + 1,
                                     tu, &next);
                }
                sum = here;
            }
            with += fake;
            meiro_rule_sheet_free(s);
        }
        verdict_note(&v, sheets == 40 && with >= 32, "%s: %u of %u sheets with a fake step", *r, with,
                     sheets);
    }
    CHECK_ALL(v);
}

/* ---- picture mazes (meiro/picture.h) ---------------------------------- */

static const char *picture_names[] = {"heart", "star", "bear", "car", "HANA", "はな", NULL};

static const char *picture_at(size_t k)
{
    return picture_names[k] ? picture_names[k] : test_data("house.jpg");
}
enum { PICTURES = sizeof picture_names / sizeof picture_names[0] };

/* Cells on the maze's solution (1) or not (0). */
static uint8_t *path_cells(const meiro_maze *m, const meiro_path *p)
{
    uint32_t w = meiro_maze_width(m);
    uint8_t *on = calloc((size_t)w * meiro_maze_height(m), 1);
    for (size_t k = 0; on && k < p->length; k++) on[(size_t)p->cells[k].y * w + p->cells[k].x] = 1;
    return on;
}

/* Intersection over union of two w x h sets of cells. */
static double iou(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t both = 0, either = 0;
    for (size_t i = 0; i < n; i++) {
        both += a[i] && b[i];
        either += a[i] || b[i];
    }
    return either ? (double)both / either : 0;
}

/* For every picture, both ways, over many seeds: the maze is perfect (one
 * wall fewer open than cells, every cell reached from S), the solution
 * coloured in (reversed: every other cell) is the picture (IoU >= 0.9:
 * bridges between a name's letters are the only extra cells), and the
 * puzzle does not give the picture away: dead ends, forks and open sides
 * a cell are about as common inside the picture as outside. (Its edge is
 * closed but where dead ends open onto the path, like the edge of every
 * dead end: the dead ends are winding ways round trees of blocks too, so
 * the picture is one such region among many.) */
static void test_picture(void)
{
    verdict v = {0};
    for (size_t k = 0; k < PICTURES; k++) {
        uint8_t *mask = NULL;
        uint32_t w, h;
        meiro_error err = {0};
        const char *name = picture_at(k);
        if (!verdict_note(&v, meiro_picture_mask(name, NULL, 0, 0, &mask, &w, &h, &err) == MEIRO_OK,
                          "%s: %s", name, err.message))
            continue;
        size_t n = (size_t)w * h;
        uint32_t *dist = malloc(n * sizeof *dist);
        for (int reverse = 0; reverse <= 1; reverse++) {
            double worst_iou = 1, dead_gap = 0, fork_gap = 0, ways_gap = 0;
            for (uint64_t seed = 0; seed < 25; seed++) {
                meiro_maze *m = meiro_picture_maze(mask, w, h, reverse, seed, &err);
                if (!verdict_note(&v, m != NULL, "%s seed %llu: %s", name,
                                  (unsigned long long)seed, err.message))
                    continue;
                meiro_path path = {0};
                meiro_solve(m, NULL, &path, NULL);
                uint8_t *on = path_cells(m, &path);
                size_t open = 0, reached = 0, dead[2] = {0}, cells[2] = {0};
                size_t ways[2] = {0}, forks[2] = {0};
                meiro_distances(m, meiro_maze_start(m), dist, NULL);
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++) {
                        size_t i = (size_t)y * w + x;
                        unsigned sides = 0;
                        for (int d = 0; d < 4; d++) sides += meiro_maze_is_open(m, x, y, d);
                        cells[mask[i] != 0]++;
                        dead[mask[i] != 0] += sides == 1;
                        reached += dist[i] != UINT32_MAX;
                        on[i] = reverse ? !on[i] : on[i];
                        for (int d = MEIRO_EAST; d <= MEIRO_SOUTH; d++) {
                            uint32_t nx = x + (d == MEIRO_EAST), ny = y + (d == MEIRO_SOUTH);
                            if (nx < w && ny < h) open += meiro_maze_is_open(m, x, y, d);
                        }
                        ways[mask[i] != 0] += sides;
                        forks[mask[i] != 0] += sides >= 3;
                    }
                verdict_note(&v, open == n - 1 && reached == n,
                             "%s%s seed %llu: %zu open walls, %zu of %zu cells reached: not "
                             "perfect",
                             name, reverse ? " reversed" : "", (unsigned long long)seed, open,
                             reached, n);
                verdict_note(&v, meiro_maze_picture(m) ==
                                     (reverse ? MEIRO_PICTURE_REVERSE : MEIRO_PICTURE_PATH),
                             "%s: meiro_maze_picture", name);
                double score = iou(on, mask, n);
                if (score < worst_iou) worst_iou = score;
                double gap = fabs((double)dead[1] / cells[1] - (double)dead[0] / cells[0]);
                if (gap > dead_gap) dead_gap = gap;
                gap = fabs((double)forks[1] / cells[1] - (double)forks[0] / cells[0]);
                if (gap > fork_gap) fork_gap = gap;
                gap = fabs((double)ways[1] / cells[1] - (double)ways[0] / cells[0]);
                if (gap > ways_gap) ways_gap = gap;
                /* the same seed, the same maze */
                meiro_maze *again = meiro_picture_maze(mask, w, h, reverse, seed, NULL);
                bool same = again != NULL;
                for (uint32_t y = 0; same && y < h; y++)
                    for (uint32_t x = 0; same && x < w; x++)
                        for (int d = 0; same && d < 4; d++)
                            same = meiro_maze_is_open(m, x, y, d) ==
                                   meiro_maze_is_open(again, x, y, d);
                verdict_note(&v, same, "%s seed %llu: made again, another maze", name,
                             (unsigned long long)seed);
                meiro_maze_free(again);
                free(on);
                meiro_path_free(&path);
                meiro_maze_free(m);
            }
            verdict_note(&v, worst_iou >= 0.9, "%s%s: the answer's cells match the picture with "
                         "IoU %.3f (at least 0.9)", name, reverse ? " reversed" : "", worst_iou);
            verdict_note(&v, dead_gap <= 0.04,
                         "%s%s: dead ends inside and outside the picture differ by %.3f of the "
                         "cells: the picture shows",
                         name, reverse ? " reversed" : "", dead_gap);
            verdict_note(&v, fork_gap <= 0.04 && ways_gap <= 0.1,
                         "%s%s: forks differ by %.3f of the cells, open sides by %.3f a cell "
                         "inside and outside the picture: it shows",
                         name, reverse ? " reversed" : "", fork_gap, ways_gap);
        }
        free(dist);
        meiro_mask_free(mask);
    }
    CHECK_ALL(v);
}

/* A PPM (P6) picture that pdftoppm wrote: w x h pixels, RGB. */
typedef struct ppm {
    int w, h;
    unsigned char *rgb;
} ppm;

static bool read_ppm(const char *path, ppm *img)
{
    FILE *f = fopen(path, "rb");
    img->rgb = NULL;
    if (!f) return false;
    int max = 0;
    bool ok = fscanf(f, "P6 %d %d %d", &img->w, &img->h, &max) == 3 && max == 255 &&
              fgetc(f) != EOF && img->w > 0 && img->h > 0;
    size_t n = ok ? (size_t)img->w * img->h * 3 : 0;
    if (ok && (img->rgb = malloc(n)) != NULL) ok = fread(img->rgb, 1, n, f) == n;
    fclose(f);
    return ok && img->rgb;
}

static const unsigned char *px(const ppm *img, int x, int y)
{
    return img->rgb + ((size_t)y * img->w + x) * 3;
}
static bool px_dark(const ppm *img, int x, int y)
{
    const unsigned char *p = px(img, x, y);
    return p[0] < 110 && p[1] < 110 && p[2] < 110;
}
static bool px_answer(const ppm *img, int x, int y)
{
    const unsigned char *p = px(img, x, y);
    return answer_ink(p[0], p[1], p[2]);
}

/* The box of a picture's dark pixels: a maze's outer wall. */
static void dark_box(const ppm *a, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = a->w, *y0 = a->h, *x1 = -1, *y1 = -1;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++)
            if (px_dark(a, x, y)) {
                if (x < *x0) *x0 = x;
                if (x > *x1) *x1 = x;
                if (y < *y0) *y0 = y;
                if (y > *y1) *y1 = y;
            }
}

/* Dark pixels a cell, averaged over the cells inside the picture (ink[1])
 * and outside it (ink[0]), S's and G's cells left out; the cells found
 * from the box of the picture's dark pixels (the outer wall). */
static void ink_by_cell(const ppm *a, const meiro_maze *m, const uint8_t *mask, double ink[2])
{
    uint32_t w = meiro_maze_width(m), h = meiro_maze_height(m);
    int x0, y0, x1, y1;
    dark_box(a, &x0, &y0, &x1, &y1);
    double cw = (double)(x1 - x0) / w, ch = (double)(y1 - y0) / h, cells[2] = {0};
    ink[0] = ink[1] = 0;
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            if ((x == s.x && y == s.y) || (x == g.x && y == g.y)) continue;
            unsigned dark = 0, all = 0;
            for (int py = (int)(y0 + y * ch); py <= (int)(y0 + (y + 1) * ch); py++)
                for (int pxl = (int)(x0 + x * cw); pxl <= (int)(x0 + (x + 1) * cw); pxl++, all++)
                    dark += px_dark(a, pxl, py);
            bool in = mask[(size_t)y * w + x] != 0;
            ink[in] += (double)dark / all;
            cells[in]++;
        }
    for (int k = 0; k < 2; k++) ink[k] /= cells[k] > 0 ? cells[k] : 1;
}

/* A picture maze's answer as SVG (its layers are documents of their own,
 * merged in drawing order), rasterised by librsvg: the walls show as much
 * inside the picture as outside it, the fill staying under them. */
static void svg_answer_walls(verdict *v, const meiro_maze *m, const meiro_path *path,
                             const uint8_t *mask, const char *dir, const char *what)
{
    char file[128], pdf[128], ppm_file[128], cmd[500];
    snprintf(file, sizeof file, "%s/a.svg", dir);
    snprintf(pdf, sizeof pdf, "%s/a.pdf", dir);
    snprintf(ppm_file, sizeof ppm_file, "%s/a-1.ppm", dir);
    /* librsvg draws it (into a PDF of its own), poppler rasterises that */
    snprintf(cmd, sizeof cmd, "rsvg-convert -f pdf %s -o %s && pdftoppm -r 60 %s %s/a", file, pdf,
             pdf, dir);
    meiro_export_options o;
    meiro_export_options_init(&o);
    o.crop = true;
    meiro_error err = {0};
    ppm a = {0};
    bool read = meiro_save(m, path, MEIRO_FORMAT_SVG, &o, file, &err) == MEIRO_OK &&
                run(cmd, NULL, 0) && read_ppm(ppm_file, &a);
    unlink(file);
    unlink(pdf);
    unlink(ppm_file);
    if (verdict_note(v, read, "%s: the SVG answer was not made or not read: %s", what,
                     err.message)) {
        double ink[2];
        ink_by_cell(&a, m, mask, ink);
        verdict_note(v, fabs(ink[1] - ink[0]) <= 0.2 * ink[0],
                     "%s: the SVG answer's ink a cell is %.3f inside the picture, %.3f outside: "
                     "the fill hides walls",
                     what, ink[1], ink[0]);
    }
    free(a.rgb);
}

/* The page as its user sees it: a picture maze's PDF (cropped to the maze,
 * its answer after it) rasterised at 60 dpi. The answer page's red cells
 * (each cell's centre; S and G stand on white plates) match the picture
 * with IoU >= 0.9; the puzzle page has no red, and its ink (dark pixels a
 * cell) is about the same inside the picture as outside. */
static void test_picture_page(void)
{
    if (!have("pdftoppm")) return;
    bool svg_tool = have("rsvg-convert");
    char dir[] = "/tmp/meiro-picture-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK_MSG(false, "mkdtemp: %s", dir);
        return;
    }
    static const char *const names[] = {"heart", "HANA", "bear"};
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(names); k++) {
        for (int reverse = 0; reverse <= 1; reverse++) {
            uint8_t *mask = NULL;
            uint32_t w, h;
            meiro_error err = {0};
            if (!verdict_note(&v, meiro_picture_mask(names[k], NULL, 0, 0, &mask, &w, &h, &err) ==
                                      MEIRO_OK,
                              "%s: %s", names[k], err.message))
                continue;
            uint64_t seed = 11 + k;
            meiro_maze *m = meiro_picture_maze(mask, w, h, reverse, seed, &err);
            meiro_path path = {0};
            meiro_export_options page;
            meiro_export_options_init(&page);
            page.crop = true;
            page.answer_page = true;
            char file[128], cmd[400], name[160];
            snprintf(file, sizeof file, "%s/p.pdf", dir);
            bool saved = m && meiro_solve(m, NULL, &path, NULL) == MEIRO_OK &&
                         meiro_save(m, &path, MEIRO_FORMAT_PDF, &page, file, &err) == MEIRO_OK;
            snprintf(cmd, sizeof cmd, "pdftoppm -r 60 %s %s/p", file, dir);
            ppm pages[2] = {{0}};
            bool read = saved && run(cmd, NULL, 0);
            for (int p = 0; p < 2; p++) {
                snprintf(name, sizeof name, "%s/p-%d.ppm", dir, p + 1);
                read = read && read_ppm(name, &pages[p]);
                unlink(name);
            }
            unlink(file);
            if (verdict_note(&v, read, "%s: the PDF was not made or not read: %s", names[k],
                             err.message)) {
                /* the outer wall: the box of the answer page's dark pixels */
                const ppm *a = &pages[1];
                int x0, y0, x1, y1;
                dark_box(a, &x0, &y0, &x1, &y1);
                double cw = (double)(x1 - x0) / w, ch = (double)(y1 - y0) / h;
                uint8_t *red = calloc((size_t)w * h, 1);
                uint8_t *want = calloc((size_t)w * h, 1);
                double ink[2] = {0}, cells[2] = {0};
                size_t puzzle_red = 0;
                meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++) {
                        size_t i = (size_t)y * w + x;
                        int cx = (int)(x0 + (x + 0.5) * cw), cy = (int)(y0 + (y + 0.5) * ch);
                        bool end = (x == s.x && y == s.y) || (x == g.x && y == g.y);
                        red[i] = !end && px_answer(a, cx, cy);
                        want[i] = !end && mask[i];
                        unsigned dark = 0, all = 0;
                        for (int py = (int)(y0 + y * ch); py <= (int)(y0 + (y + 1) * ch); py++)
                            for (int pxl = (int)(x0 + x * cw); pxl <= (int)(x0 + (x + 1) * cw);
                                 pxl++, all++) {
                                dark += px_dark(&pages[0], pxl, py);
                                puzzle_red += px_answer(&pages[0], pxl, py);
                            }
                        if (!end) {
                            ink[mask[i] != 0] += (double)dark / all;
                            cells[mask[i] != 0]++;
                        }
                    }
                double score = iou(red, want, (size_t)w * h);
                double in = ink[1] / cells[1], out = ink[0] / cells[0];
                verdict_note(&v, score >= 0.9,
                             "%s%s: the answer page's red cells match the picture with IoU %.3f",
                             names[k], reverse ? " reversed" : "", score);
                verdict_note(&v, puzzle_red == 0, "%s: the puzzle page has %zu red pixels",
                             names[k], puzzle_red);
                verdict_note(&v, fabs(in - out) <= 0.15 * out,
                             "%s%s: the puzzle's ink a cell is %.3f inside the picture, %.3f "
                             "outside: it shows",
                             names[k], reverse ? " reversed" : "", in, out);
                free(red);
                free(want);
            }
            for (int p = 0; p < 2; p++) free(pages[p].rgb);
            if (m && svg_tool) {
                snprintf(name, sizeof name, "%s%s", names[k], reverse ? " reversed" : "");
                svg_answer_walls(&v, m, &path, mask, dir, name);
            }
            meiro_path_free(&path);
            meiro_maze_free(m);
            meiro_mask_free(mask);
        }
    }
    rmdir(dir);
    CHECK_ALL(v);
}

/* Sizes and refusals of the picture's grid. */
static void test_picture_errors(void)
{
    uint8_t *mask = NULL, cells[16] = {0};
    uint32_t w = 0, h = 0;
    meiro_error err = {0};
    CHECK_INT(meiro_picture_mask("heart", NULL, 30, 20, &mask, &w, &h, &err), MEIRO_OK);
    CHECK(w == 30 && h == 20);
    meiro_mask_free(mask);
    CHECK_INT(meiro_picture_mask("heart", NULL, 31, 21, &mask, &w, &h, &err), MEIRO_OK);
    CHECK_MSG(w == 32 && h == 22, "odd sizes rounded up to even: %u x %u", w, h);
    meiro_mask_free(mask);
    CHECK_INT(meiro_picture_mask("HANA", NULL, 40, 0, &mask, &w, &h, &err), MEIRO_ERROR_ARGUMENT);
    CHECK(strstr(err.message, "width") != NULL);
    CHECK_INT(meiro_picture_mask("heart", NULL, 6, 6, &mask, &w, &h, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_picture_mask("no-such-file.png", NULL, 0, 0, &mask, &w, &h, &err),
              MEIRO_ERROR_IO);
    CHECK(meiro_picture_maze(cells, 3, 4, false, 1, &err) == NULL);
    CHECK(strstr(err.message, "even") != NULL);
    CHECK(meiro_picture_maze(cells, 4, 4, false, 1, &err) == NULL); /* nothing drawn */
    memset(cells, 1, sizeof cells);
    CHECK(meiro_picture_maze(cells, 4, 4, false, 1, &err) == NULL); /* nothing left over */
    CHECK(meiro_picture_maze(cells, 4, 4, true, 1, &err) == NULL);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"unique", test_unique},
        {"deterministic", test_deterministic},
        {"roundtrip", test_roundtrip},
        {"read_refuses", test_read_refuses},
        {"errors", test_errors},
        {"follows", test_follows},
        {"alphabets", test_alphabets},
        {"zhuyin", test_zhuyin},
        {"distractors", test_distractors},
        {"fakes", test_fakes},
        {"times_table", test_times_table},
        {"named_letter", test_named_letter},
        {"picture", test_picture},
        {"picture_errors", test_picture_errors},
        {"picture_page", test_picture_page},
        {"read_json_refuses", test_read_json_refuses},
    };
    return test_main("content", argc, argv, cases, TEST_COUNT(cases));
}
