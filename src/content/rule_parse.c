/* The rules as a user writes them (--rule multiples:3), the word lists
 * words:FILE and chain:FILE name, and each rule's sentence in its
 * language. */
#include "content/rule_model.h"

#include "core/alloc.h"
#include "core/error.h"
#include "core/utf8.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool parse_int(const char *s, const char *end, long lo, long hi, int *out)
{
    if (s == end || end - s > 9) return false;
    long v = 0;
    for (const char *p = s; p < end; p++) {
        if (*p < '0' || *p > '9') return false;
        v = v * 10 + (*p - '0');
    }
    if (v < lo || v > hi) return false;
    *out = (int)v;
    return true;
}

static void free_words(char **w, size_t n)
{
    for (size_t i = 0; i < n; i++) free(w[i]);
    free(w);
}

void rule_def_free(rule_def *r)
{
    free_words(r->targets, r->target_count);
    free_words(r->others, r->other_count);
    r->targets = r->others = NULL;
    r->target_count = r->other_count = 0;
}

static bool push_word(char ***list, size_t *count, size_t *cap, const char *w)
{
    if (*count == *cap && !vec_reserve(list, cap, *count + 1, sizeof **list, 16)) return false;
    char *copy = malloc(strlen(w) + 1);
    if (!copy) return false;
    strcpy(copy, w);
    (*list)[(*count)++] = copy;
    return true;
}

/* One word a line (blank lines and lines starting with # skipped); with
 * split, a line "--" ends the targets and starts the distractors. */
static meiro_status read_words(const char *path, bool split, rule_def *r, meiro_error *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return fail(err, MEIRO_ERROR_IO, N_("--rule: cannot open %s: %s"), path, strerror(errno));
    char line[256];
    unsigned long n = 0;
    size_t tcap = 0, ocap = 0;
    bool second = false;
    meiro_status st = MEIRO_OK;
    while (fgets(line, sizeof line, f)) {
        n++;
        size_t len = strlen(line);
        if (len && line[len - 1] != '\n' && !feof(f)) {
            st = fail_at(err, MEIRO_ERROR_PARSE, n, 1, N_("%s: a word longer than 40 bytes"), path);
            goto done;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' '))
            line[--len] = 0;
        if (!len || line[0] == '#') continue;
        if (split && !strcmp(line, "--")) {
            second = true;
            continue;
        }
        size_t bad = text_check(line, len, false);
        if (bad < len || strchr(line, ' ') || strchr(line, '\t') || len >= 41) {
            st = fail_at(err, MEIRO_ERROR_PARSE, n, bad < len ? bad + 1 : 1,
                         N_("%s: a word is one UTF-8 token without spaces, up to 40 bytes"), path);
            goto done;
        }
        bool ok = second ? push_word(&r->others, &r->other_count, &ocap, line)
                         : push_word(&r->targets, &r->target_count, &tcap, line);
        if (!ok) {
            st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            goto done;
        }
    }
    if (ferror(f)) st = fail(err, MEIRO_ERROR_IO, N_("--rule: cannot read %s"), path);
    else if (split && (!r->target_count || !r->other_count))
        st = fail(err, MEIRO_ERROR_PARSE,
                  N_("%s: words:FILE needs target words, a line \"--\", then distractors"), path);
    else if (!split && r->target_count < 4)
        st = fail(err, MEIRO_ERROR_PARSE, N_("%s: chain:FILE needs at least 4 words"), path);
done:
    fclose(f);
    return st;
}

/* message:TEXT: its letters (code points; spaces between words left
 * out), MESSAGE_MIN to MESSAGE_MAX of them, each a letter of the sheet's
 * language (its alphabet's, marked or not, or its script's: Hangul, Han
 * characters, Arabic), an ASCII letter, a digit or kana, as in every
 * language (no punctuation: a dead end's wrong letter must look like a
 * letter); r's letters the wrong letters its dead ends take. */
enum { MESSAGE_MIN = 3, MESSAGE_MAX = 30 };
static meiro_status read_message(const char *text, const char *lang, rule_def *r, meiro_error *err)
{
    const rule_alphabet *alphabet = rule_alphabet_of(lang);
    size_t len = strlen(text), cap = 0;
    if (text_check(text, len, false) < len)
        return fail(err, MEIRO_ERROR_ARGUMENT, N_("--message: not UTF-8 text"));
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        size_t n = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        char letter[8] = {0};
        memcpy(letter, p, n);
        uint32_t c = *p < 0x80   ? *p
                     : n == 2    ? (uint32_t)(p[0] & 0x1F) << 6 | (p[1] & 0x3F)
                     : n == 3    ? (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 | (p[2] & 0x3F)
                                 : 0;
        p += n;
        if (c == ' ' || c == 0x3000) continue; /* between words */
        bool ascii = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        bool kana = (c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30FA) || c == 0x30FC;
        char holder[64];
        if (!ascii && !kana && !rule_alphabet_has(alphabet, letter, c)) {
            if (rule_alphabet_holding(letter, c, holder, sizeof holder))
                return fail(
                    err, MEIRO_ERROR_ARGUMENT,
                    N_("--message: '%s' is not a letter of the page's language (--lang %s): "
                       "it is one of %s"),
                    letter, lang ? lang : "en", holder);
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        N_("--message: '%s' is not a letter, digit or kana (the message is read "
                           "one of them a cell)"),
                        letter);
        }
        if (r->target_count >= MESSAGE_MAX)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        N_("--message: at most %d letters, spaces not "
                           "counted"),
                        MESSAGE_MAX);
        if (!push_word(&r->targets, &r->target_count, &cap, letter))
            return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    if (r->target_count < MESSAGE_MIN)
        return fail(err, MEIRO_ERROR_ARGUMENT, N_("--message: at least %d letters, not %zu"),
                    MESSAGE_MIN, r->target_count);
    r->n = (int)r->target_count - 1;
    /* the wrong letters: the alphabet of the first letter's script, in its
     * case; none for digits and kana, which rule_gen.c's message_far draws
     * itself (and whose look-alikes are then all kept) */
    const char *first = r->targets[0];
    const unsigned char *f = (const unsigned char *)first;
    if ((*f >= '0' && *f <= '9') || (f[0] == 0xE3 && f[1] >= 0x81 && f[1] <= 0x83)) return MEIRO_OK;
    const rule_alphabet *of =
        *f < 0x80 && !rule_alphabet_cased(alphabet) ? rule_alphabet_of("en") : alphabet;
    r->variant = 0;
    if (rule_alphabet_cased(of)) {
        rule_alphabet_fill(of, 1, r);
        for (int i = 0; i < r->letter_count; i++) r->variant |= !strcmp(r->letters[i][1], first);
    }
    rule_alphabet_fill(of, r->variant, r);
    rule_alphabet_fill_common(of, r);
    return MEIRO_OK;
}

/* abc[:ALPHABET][,CASE] (either alone, in either order): the alphabet of
 * the sheet's language unless one is named; capitals unless a case is. */
static meiro_status read_abc(const char *arg, const char *lang, rule_def *r, meiro_error *err)
{
    const rule_alphabet *named = NULL;
    bool cased = false;
    r->variant = 0;
    for (const char *p = arg; p && *p;) {
        size_t n = strcspn(p, ",");
        const rule_alphabet *a = rule_alphabet_named(p, n);
        if (n == 5 && !strncmp(p, "upper", 5)) cased = true, r->variant = 0;
        else if (n == 5 && !strncmp(p, "lower", 5)) cased = true, r->variant = 1;
        else if (n == 5 && !strncmp(p, "mixed", 5)) cased = true, r->variant = 2;
        else if (a && !named) named = a;
        else {
            char names[64];
            rule_alphabet_names(names, sizeof names);
            return fail(err, MEIRO_ERROR_UNKNOWN_NAME,
                        N_("--rule abc[:ALPHABET][,CASE]: '%.*s' is no alphabet (%s; Japanese's "
                           "kana: --rule aiueo) nor case (upper, lower, mixed)"),
                        (int)(n > 20 ? 20 : n), p, names);
        }
        p += n;
        p += *p == ',';
    }
    r->alphabet = named ? named : rule_alphabet_of(lang);
    if (cased && !rule_alphabet_cased(r->alphabet))
        return fail(
            err, MEIRO_ERROR_ARGUMENT,
            N_("--rule abc: the %s alphabet has no capital and small letters: --rule abc:%s"),
            rule_alphabet_name(r->alphabet), rule_alphabet_code(r->alphabet));
    if (!rule_alphabet_cased(r->alphabet)) r->variant = 0;
    rule_alphabet_fill(r->alphabet, r->variant, r);
    return MEIRO_OK;
}

meiro_status rule_parse(const char *spec, const char *lang, rule_def *r, meiro_error *err)
{
    memset(r, 0, sizeof *r);
    if (!spec || strlen(spec) >= sizeof r->spec)
        return fail(err, MEIRO_ERROR_ARGUMENT, N_("--rule: missing or too long"));
    strcpy(r->spec, spec);
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *arg = colon ? colon + 1 : NULL, *end = arg ? arg + strlen(arg) : NULL;
#define IS(name) (nlen == strlen(name) && !strncmp(spec, name, nlen))
    if (IS("multiples")) {
        r->kind = RULE_MULTIPLES;
        const char *comma = arg ? strchr(arg, ',') : NULL;
        if (!arg || !parse_int(arg, comma ? comma : end, 2, 50, &r->n) ||
            (comma && !parse_int(comma + 1, end, RULE_UPTO_MIN, RULE_UPTO_MAX, &r->upto)))
            return fail(
                err, MEIRO_ERROR_ARGUMENT,
                N_("--rule multiples:N[,UPTO]: N is a whole number from 2 to 50, UPTO %d to "
                   "%d (the times table's N x 1 to N x UPTO, default %d), not '%s'"),
                RULE_UPTO_MIN, RULE_UPTO_MAX, RULE_UPTO_DEFAULT, arg ? arg : "");
        if (!comma) r->upto = RULE_UPTO_DEFAULT;
    } else if (IS("skip")) {
        r->kind = RULE_SKIP;
        const char *comma = arg ? strchr(arg, ',') : NULL;
        if (!arg || !parse_int(arg, comma ? comma : end, 1, 100, &r->n) ||
            (comma && !parse_int(comma + 1, end, 0, 1000, &r->from)))
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        N_("--rule skip:N[,FROM]: N is 1 to 100, FROM 0 to 1000 (default N), not "
                           "'%s'"),
                        arg ? arg : "");
        if (!comma) r->from = r->n;
    } else if (IS("sum")) {
        r->kind = RULE_SUM;
        if (!arg || !parse_int(arg, end, 5, 60, &r->n))
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        N_("--rule sum:N: N is a whole number from 5 to 60, not '%s'"),
                        arg ? arg : "");
    } else if (IS("abc")) {
        r->kind = RULE_ABC;
        return read_abc(arg, lang, r, err);
    } else if (IS("aiueo")) {
        r->kind = RULE_AIUEO;
        if (!arg || !strcmp(arg, "hiragana")) r->variant = 0;
        else if (!strcmp(arg, "katakana")) r->variant = 1;
        else
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        N_("--rule aiueo[:hiragana|katakana]: unknown script '%s'"), arg);
    } else if (IS("chain") && !arg) { /* the language's built-in words (しりとり's) */
        r->kind = RULE_CHAIN;
        size_t cap = 0, count;
        const char *const *words = rule_chain_words(lang, &count);
        for (size_t i = 0; i < count; i++)
            if (!push_word(&r->targets, &r->target_count, &cap, words[i])) {
                rule_def_free(r);
                return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            }
    } else if (IS("words") || IS("chain")) {
        bool words = IS("words");
        r->kind = words ? RULE_WORDS : RULE_CHAIN;
        if (!arg || !*arg)
            return fail(err, MEIRO_ERROR_ARGUMENT, N_("--rule %s:FILE: the word list is missing"),
                        words ? "words" : "chain");
        meiro_status st = read_words(arg, words, r, err);
        if (st != MEIRO_OK) rule_def_free(r);
        return st;
    } else if (IS("message")) {
        r->kind = RULE_MESSAGE;
        meiro_status st = read_message(arg ? arg : "", lang, r, err);
        if (st != MEIRO_OK) rule_def_free(r);
        return st;
    } else {
        return fail(err, MEIRO_ERROR_UNKNOWN_NAME,
                    N_("--rule: unknown rule '%.*s' (multiples:N, skip:N[,FROM], sum:N, "
                       "abc[:ALPHABET][,CASE], aiueo, words:FILE, chain[:FILE], message:TEXT)"),
                    (int)(nlen > 40 ? 40 : nlen), spec);
    }
#undef IS
    return MEIRO_OK;
}

void rule_sentence(const rule_def *r, const char *lang, char *out, size_t size)
{
    const rule_words *w = rule_words_for(lang);
    if (!w) w = rule_words_for("en");
    switch (r->kind) {
    case RULE_MULTIPLES: snprintf(out, size, w->multiples, r->n); break;
    case RULE_SKIP:
        snprintf(out, size, w->skip, r->n, r->from, r->from, r->from + r->n, r->from + 2 * r->n);
        break;
    case RULE_SUM: snprintf(out, size, w->sum, r->n); break;
    case RULE_ABC: { /* the first three letters: "A, B, C", "a, ä, b", "A/a, B/b, C/c", "가, 나, 다" */
        char first[64] = "";
        size_t used = 0;
        for (int i = 0; i < 3 && i < r->letter_count && used < sizeof first; i++) {
            const char *cap = r->letters[i][0], *small = r->letters[i][1];
            bool both = r->variant == 2 && cap[0] && strcmp(cap, small);
            used += (size_t)snprintf(first + used, sizeof first - used, "%s%s%s%s",
                                     i ? rule_alphabet_comma(r->alphabet) : "",
                                     r->variant == 1 || !cap[0] ? small : cap, both ? "/" : "",
                                     both ? small : "");
        }
        snprintf(out, size, w->abc, first);
        break;
    }
    case RULE_AIUEO:
        snprintf(out, size, w->aiueo,
                 r->variant == 1 ? "ア、イ、ウ、エ、オ" : "あ、い、う、え、お");
        break;
    case RULE_WORDS: {
        size_t used = (size_t)snprintf(out, size, "%s", w->words);
        for (size_t i = 0; i < r->target_count && used < size; i++)
            used += (size_t)snprintf(out + used, size - used, "%s%s", i ? ", " : "", r->targets[i]);
        break;
    }
    case RULE_CHAIN: snprintf(out, size, "%s", w->chain); break;
    case RULE_MESSAGE: /* the message itself is what the child finds */
        snprintf(out, size, "%s", w->message);
        break;
    }
}
