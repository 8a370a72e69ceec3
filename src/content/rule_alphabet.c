/* A rule maze's alphabets (--rule abc, abc:es, abc:de,lower) and the
 * letters a hidden message may hold in each language: po/GLOSSARY.md says
 * why each alphabet is the one chosen. */
#include "content/rule_model.h"
#include "core/error.h"

#include <stdio.h>
#include <string.h>

typedef struct rule_alphabet {
    const char *code, *name; /* "es", "Spanish": --rule abc:es, and --lang es's (its name a
                              * message of the catalogues: the command says it translated) */
    /* the letters in order, by spaces: capitals ("-" where a letter has none)
     * and small letters; an alphabet without case has small letters alone */
    const char *capitals, *small;
    /* the letters with marks a message may also hold, capitals and small */
    const char *marked;
    /* a script whose letters are a range (Hangul's syllables, the Han
     * characters, Arabic's letters): what a message may hold; 0, 0: none */
    uint32_t first, last;
    /* a message's wrong letters, where its alphabet is no list of its
     * script's letters (pinyin's initials for Chinese): common characters */
    const char *common;
    const char *comma; /* between letters in a sentence */
} rule_alphabet;

static const rule_alphabet ALPHABETS[] = {
    {"en", N_("English"), "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n o p q r s t u v w x y z", "", 0, 0, NULL, ", "},
    /* Ñ a letter of its own after N (RAE, 2010: 27 letters) */
    {"es", N_("Spanish"), "A B C D E F G H I J K L M N Ñ O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n ñ o p q r s t u v w x y z", "ÁÉÍÓÚÜáéíóúü", 0, 0, NULL, ", "},
    /* accents and the cedilla mark a letter, they make none: A to Z */
    {"fr", N_("French"), "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n o p q r s t u v w x y z", "ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ", 0,
     0, NULL, ", "},
    /* each umlaut after its vowel, ß after s, as dictionaries file them; ß
     * has no capital a child learns */
    {"de", N_("German"), "A Ä B C D E F G H I J K L M N O Ö P Q R S - T U Ü V W X Y Z",
     "a ä b c d e f g h i j k l m n o ö p q r s ß t u ü v w x y z", "", 0, 0, NULL, ", "},
    {"pt", N_("Portuguese"), "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
     "a b c d e f g h i j k l m n o p q r s t u v w x y z", "ÁÂÃÀÇÉÊÍÓÔÕÚÜáâãàçéêíóôõúü", 0, 0,
     NULL, ", "},
    /* the initials of pinyin (声母表) in the order a first grader recites them */
    {"zh", N_("Chinese"), NULL, "b p m f d t n l g k h j q x zh ch sh r z c s y w", "", 0x4E00,
     0x9FFF,
     "大 小 人 口 手 山 水 火 木 日 月 天 上 下 中 左 右 土 田 目 耳 子 女 门 马 牛 羊 鸟 鱼 花 "
     "草 书 本 你 我 他 好 学 生 真 棒 爱 家 开 心 快 乐",
     "、"},
    /* 가나다: the consonants of Hangul, each with ㅏ, in dictionary order */
    {"ko", N_("Korean"), NULL, "가 나 다 라 마 바 사 아 자 차 카 타 파 하", "", 0xAC00, 0xD7A3,
     NULL, ", "},
    /* the hijā'ī order of schoolbooks, alif as their charts write it */
    {"ar", N_("Arabic"), NULL, "أ ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي", "",
     0x0621, 0x064A, NULL, "، "},
    /* Chinese in traditional characters: pinyin's initials as zh's, the
     * same common characters in their traditional forms; a message may
     * hold zhuyin's symbols too (abc:zhuyin, below) */
    {"zh-Hant", N_("Traditional Chinese"), NULL, "b p m f d t n l g k h j q x zh ch sh r z c s y w",
     "ㄅㄆㄇㄈㄉㄊㄋㄌㄍㄎㄏㄐㄑㄒㄓㄔㄕㄖㄗㄘㄙㄚㄛㄜㄝㄞㄟㄠㄡㄢㄣㄤㄥㄦㄧㄨㄩ", 0x4E00, 0x9FFF,
     "大 小 人 口 手 山 水 火 木 日 月 天 上 下 中 左 右 土 田 目 耳 子 女 門 馬 牛 羊 鳥 魚 花 "
     "草 書 本 你 我 他 好 學 生 真 棒 愛 家 開 心 快 樂",
     "、"},
    /* zhuyin (注音符號, bopomofo), Taiwan's first-grade alphabet, in the
     * order its charts and 注音 lessons recite: the 21 initials ㄅ to ㄙ,
     * then the finals ㄚ to ㄦ and the medials ㄧ ㄨ ㄩ; no --lang of its
     * own (abc:zhuyin on a zh-Hant sheet, or any) */
    {"zhuyin", N_("Zhuyin"), NULL,
     "ㄅ ㄆ ㄇ ㄈ ㄉ ㄊ ㄋ ㄌ ㄍ ㄎ ㄏ ㄐ ㄑ ㄒ ㄓ ㄔ ㄕ ㄖ ㄗ ㄘ ㄙ "
     "ㄚ ㄛ ㄜ ㄝ ㄞ ㄟ ㄠ ㄡ ㄢ ㄣ ㄤ ㄥ ㄦ ㄧ ㄨ ㄩ",
     "", 0x3105, 0x3129, NULL, "、"},
};
enum { ALPHABET_COUNT = sizeof ALPHABETS / sizeof ALPHABETS[0] };

const rule_alphabet *rule_alphabet_named(const char *code, size_t len)
{
    for (size_t i = 0; i < ALPHABET_COUNT; i++)
        if (strlen(ALPHABETS[i].code) == len && !strncmp(code, ALPHABETS[i].code, len))
            return &ALPHABETS[i];
    return NULL;
}

const rule_alphabet *rule_alphabet_of(const char *lang)
{
    const rule_alphabet *a = lang ? rule_alphabet_named(lang, strlen(lang)) : NULL;
    return a ? a : &ALPHABETS[0]; /* Japanese's is あいうえお (aiueo): its ABC is English's */
}

const char *rule_alphabet_code(const rule_alphabet *a) { return a->code; }
const char *rule_alphabet_comma(const rule_alphabet *a) { return a->comma; }
bool rule_alphabet_cased(const rule_alphabet *a) { return a->capitals != NULL; }

void rule_alphabet_names(char *out, size_t size)
{
    size_t used = 0;
    out[0] = 0;
    for (size_t i = 0; i < ALPHABET_COUNT && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? ", " : "", ALPHABETS[i].code);
}

/* Word i of a list of words by spaces into out (bytes), "" past its end. */
static void word_at(const char *list, int i, char out[RULE_LETTER_BYTES])
{
    out[0] = 0;
    for (const char *p = list; *p; i--) {
        size_t n = strcspn(p, " ");
        if (i == 0) {
            if (n < RULE_LETTER_BYTES) memcpy(out, p, n), out[n] = 0;
            return;
        }
        p += n;
        p += *p == ' ';
    }
}

static int word_count(const char *list)
{
    int n = *list != 0;
    for (const char *p = list; *p; p++) n += *p == ' ';
    return n;
}

void rule_alphabet_fill(const rule_alphabet *a, int variant, rule_def *r)
{
    int n = word_count(a->small);
    r->letter_count = 0;
    for (int i = 0; i < n && r->letter_count < RULE_LETTERS_MAX; i++) {
        char *cap = r->letters[r->letter_count][0], *sm = r->letters[r->letter_count][1];
        word_at(a->small, i, sm);
        if (a->capitals) word_at(a->capitals, i, cap);
        else memcpy(cap, sm, RULE_LETTER_BYTES); /* no case: the one form */
        if (!strcmp(cap, "-")) {
            if (variant == 0) continue; /* no capital: not in the capitals' alphabet */
            cap[0] = 0;
        }
        r->letter_count++;
    }
}

void rule_alphabet_fill_common(const rule_alphabet *a, rule_def *r)
{
    if (!a->common) return;
    int n = word_count(a->common);
    r->letter_count = 0;
    for (int i = 0; i < n && r->letter_count < RULE_LETTERS_MAX; i++, r->letter_count++) {
        word_at(a->common, i, r->letters[i][1]);
        memcpy(r->letters[i][0], r->letters[i][1], RULE_LETTER_BYTES);
    }
}

/* Whether the one character `letter` (UTF-8) is among the words of list
 * (by spaces) or the characters of a list without spaces. */
static bool listed(const char *list, const char *letter)
{
    size_t n = strlen(letter);
    for (const char *p = list; p && (p = strstr(p, letter)) != NULL; p += n) {
        /* whole characters: a match starts at a lead byte and ends before one */
        if ((p == list || ((unsigned char)*p & 0xC0) != 0x80) &&
            ((unsigned char)p[n] & 0xC0) != 0x80)
            return true;
    }
    return false;
}

bool rule_alphabet_has(const rule_alphabet *a, const char *letter, uint32_t c)
{
    if (a->first && c >= a->first && c <= a->last && c != 0x0640)
        return true; /* (ـ: a line, no letter) */
    return (a->capitals && listed(a->capitals, letter) && strcmp(letter, "-")) ||
           listed(a->small, letter) || listed(a->marked, letter);
}

const char *rule_alphabet_holding(const char *letter, uint32_t c, char *name, size_t size)
{
    for (size_t i = 0; i < ALPHABET_COUNT; i++)
        if (rule_alphabet_has(&ALPHABETS[i], letter, c)) {
            snprintf(name, size, N_("%s (--lang %s)"), ALPHABETS[i].name, ALPHABETS[i].code);
            return name;
        }
    return NULL;
}

const char *rule_alphabet_name(const rule_alphabet *a) { return a->name; }
