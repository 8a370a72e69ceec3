/* The rule maze generator (the path, its tokens, the distractors kept only
 * while the proof in rule.c holds) and the sheet's public functions. */
#include "content/rule_model.h"

#include "core/alloc.h"
#include "core/catalog.h"
#include "core/error.h"
#include "core/rng.h"
#include "core/utf8.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Per level: the grid, the path's length (at least), how often a cell
 * next to a rule cell first tries a fake continuation, and how often a
 * near miss comes before a far distractor. */
static const struct {
    uint32_t side, len;
    double fake, near;
} levels[] = {
    {5, 8, 0.25, 0.5},
    {6, 11, 0.4, 0.7},
    {7, 15, 0.5, 0.85},
    {8, 19, 0.6, 1.0},
};

/* Look-alikes: a letter or kana's near misses (b/d, ぬ/め, N/Ñ, 다/타,
 * Arabic's letters told apart by their dots). */
static const char *const confusable[] = {
    "bdpq",   "mnwu",   "ilj",  "EF",     "OQCG", "MWN",  "PRB",  "vy",   "ceo",    "hn",
    "ft",     "NÑ",     "nñ",   "가카",   "다타", "바파", "자차", "사자", "بتث",    "جحخ",
    "دذ",     "رز",     "سش",   "صض",     "طظ",   "عغ",   "فق",   "ぬめ", "ねれわ", "るろ",
    "はほま", "さちき", "いり", "あおめ", "くへ", "しつ", "てそ", "こい", "シツ",   "ソンリ",
    "クケタ", "ウワフ", "コユ", "ヌスメ", "チテ", "ハへ", "カヤ", "オホ",
};

meiro_rule_sheet *rule_sheet_alloc(uint32_t w, uint32_t h)
{
    meiro_rule_sheet *s = zalloc(1, sizeof *s);
    if (!s) return NULL;
    s->w = w;
    s->h = h;
    s->tok = zalloc((size_t)w * h, sizeof *s->tok);
    s->key = alloc_array((size_t)w * h, sizeof *s->key);
    s->path = alloc_array((size_t)w * h, sizeof *s->path);
    if (!s->tok || !s->key || !s->path) {
        meiro_rule_sheet_free(s);
        return NULL;
    }
    for (size_t i = 0; i < (size_t)w * h; i++) s->key[i] = (rule_key){LONG_MIN, 0, 0};
    return s;
}

void meiro_rule_sheet_free(meiro_rule_sheet *s)
{
    if (!s) return;
    rule_def_free(&s->rule);
    free(s->tok);
    free(s->key);
    free(s->path);
    free(s);
}

static void set_token(meiro_rule_sheet *s, uint32_t c, const char *t)
{
    snprintf(s->tok[c], RULE_TOKEN_MAX, "%s", t);
    s->key[c] = rule_key_of(&s->rule, s->tok[c]);
}

/* An induced path (no two of its cells side by side unless consecutive, so
 * a cell rule's allowed cells form a simple line) from the left column to
 * the right or bottom edge, between len and max cells: random walks,
 * restarted when stuck. */
static bool make_path(meiro_rule_sheet *s, rng_state *rng, size_t len, size_t max)
{
    size_t cells = (size_t)s->w * s->h;
    uint8_t *on = zalloc(cells, 1);
    if (!on) return false;
    bool ok = false;
    for (unsigned attempt = 0; attempt < 3000 && !ok; attempt++) {
        memset(on, 0, cells);
        uint32_t c = rng_below(rng, s->h) * s->w;
        s->path_len = 0;
        s->path[s->path_len++] = c;
        on[c] = 1;
        for (;;) {
            uint32_t x = c % s->w, y = c / s->w;
            if (s->path_len >= len && (x + 1 == s->w || (y + 1 == s->h && x > 0))) {
                ok = true;
                break;
            }
            if (s->path_len >= max) break;
            uint32_t nb[4], pick[4];
            unsigned n = 0, k = 0;
            if (y > 0) nb[n++] = c - s->w;
            if (x + 1 < s->w) nb[n++] = c + 1;
            if (y + 1 < s->h) nb[n++] = c + s->w;
            if (x > 0) nb[n++] = c - 1;
            for (unsigned i = 0; i < n; i++) {
                uint32_t v = nb[i], vx = v % s->w, vy = v / s->w;
                if (on[v]) continue;
                bool touches = (vy > 0 && v - s->w != c && on[v - s->w]) ||
                               (vx + 1 < s->w && v + 1 != c && on[v + 1]) ||
                               (vy + 1 < s->h && v + s->w != c && on[v + s->w]) ||
                               (vx > 0 && v - 1 != c && on[v - 1]);
                if (!touches) pick[k++] = v;
            }
            if (!k) break;
            c = pick[rng_below(rng, k)];
            on[c] = 1;
            s->path[s->path_len++] = c;
        }
    }
    free(on);
    return ok;
}

/* Letter i of the rule's alphabet, in its case (mixed: either, where the
 * letter has both) */
static void abc_token(const rule_def *r, rng_state *rng, int i, char out[RULE_TOKEN_MAX])
{
    const char *cap = r->letters[i][0], *small = r->letters[i][1];
    bool lower = r->variant == 1 || !cap[0] || (r->variant == 2 && rng_below(rng, 2));
    snprintf(out, RULE_TOKEN_MAX, "%s", lower ? small : cap);
}

static void kana_token(const rule_def *r, int i, char out[RULE_TOKEN_MAX])
{
    const char *p = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん";
    uint32_t c = 0;
    for (int k = 0; k <= i; k++) {
        const unsigned char *q = (const unsigned char *)p;
        c = ((uint32_t)(q[0] & 0x0F) << 12) | ((uint32_t)(q[1] & 0x3F) << 6) | (q[2] & 0x3F);
        p += 3;
    }
    if (r->variant == 1) c += 0x60;
    out[0] = (char)(0xE0 | (c >> 12));
    out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[2] = (char)(0x80 | (c & 0x3F));
    out[3] = 0;
}

/* A chain of up to `want` words for chain:FILE, in order[]: random
 * extensions, the longest of many tries. Returns its length. */
static size_t make_chain(const rule_def *r, rng_state *rng, size_t want, size_t *order)
{
    size_t n = r->target_count, best = 0;
    size_t *cur = alloc_array(want, sizeof *cur);
    rule_key *keys = alloc_array(n, sizeof *keys);
    size_t *cand = alloc_array(n, sizeof *cand);
    if (!cur || !keys || !cand) goto done;
    for (size_t i = 0; i < n; i++) keys[i] = rule_key_of(r, r->targets[i]);
    for (unsigned t = 0; t < 200 && best < want; t++) {
        size_t len = 0;
        cur[len++] = rng_below(rng, (uint32_t)n);
        while (len < want) {
            size_t k = 0;
            uint32_t last = keys[cur[len - 1]].last;
            if (last == 0x3093) break; /* ん ends the game */
            for (size_t i = 0; i < n; i++) {
                bool used = false;
                for (size_t j = 0; j < len; j++) used |= cur[j] == i;
                if (!used && keys[i].first == last && (len + 1 == want || keys[i].last != 0x3093))
                    cand[k++] = i;
            }
            if (!k) break;
            cur[len++] = cand[rng_below(rng, (uint32_t)k)];
        }
        if (len > best) best = len, memcpy(order, cur, len * sizeof *cur);
    }
done:
    free(cur);
    free(keys);
    free(cand);
    return best;
}

/* The rule path's tokens. */
static bool path_tokens(meiro_rule_sheet *s, rng_state *rng, const size_t *chain)
{
    const rule_def *r = &s->rule;
    char t[RULE_TOKEN_MAX];
    if (r->kind == RULE_SUM) {
        int len = (int)s->path_len, extra = r->n - len;
        int v[RULE_SIDE_MAX * RULE_SIDE_MAX];
        if (extra < 0 || extra > 8 * len) return false;
        for (int i = 0; i < len; i++) v[i] = 1;
        while (extra > 0) {
            int i = (int)rng_below(rng, (uint32_t)len);
            if (v[i] < 9) v[i]++, extra--;
        }
        for (int i = 0; i < len; i++) {
            snprintf(t, sizeof t, "%d", v[i]);
            set_token(s, s->path[i], t);
        }
        return true;
    }
    for (size_t i = 0; i < s->path_len; i++) {
        switch (r->kind) {
        case RULE_MULTIPLES:
            snprintf(t, sizeof t, "%d", r->n * (1 + (int)rng_below(rng, (uint32_t)r->upto)));
            break;
        case RULE_SKIP: snprintf(t, sizeof t, "%d", r->from + (int)i * r->n); break;
        case RULE_ABC: abc_token(r, rng, (int)i, t); break;
        case RULE_AIUEO: kana_token(r, (int)i, t); break;
        case RULE_WORDS:
            snprintf(t, sizeof t, "%s", r->targets[rng_below(rng, (uint32_t)r->target_count)]);
            break;
        case RULE_CHAIN: snprintf(t, sizeof t, "%s", r->targets[chain[i]]); break;
        case RULE_MESSAGE: snprintf(t, sizeof t, "%s", r->targets[i]); break;
        default: return false;
        }
        set_token(s, s->path[i], t);
    }
    return true;
}

typedef struct cands {
    char t[32][RULE_TOKEN_MAX];
    unsigned n;
} cands;

static void add(cands *c, const char *t)
{
    if (c->n < 32 && t[0]) snprintf(c->t[c->n++], RULE_TOKEN_MAX, "%s", t);
}

/* A number from 0 up to `top` (a number beyond it is no candidate). */
static void add_num(cands *c, long v, long top)
{
    char t[24];
    if (v < 0 || v > top) return;
    snprintf(t, sizeof t, "%ld", v);
    add(c, t);
}

static void shuffle(cands *c, unsigned from, rng_state *rng)
{
    for (unsigned i = c->n; i > from + 1; i--) {
        unsigned j = from + rng_below(rng, i - from);
        char tmp[RULE_TOKEN_MAX];
        memcpy(tmp, c->t[i - 1], RULE_TOKEN_MAX);
        memcpy(c->t[i - 1], c->t[j], RULE_TOKEN_MAX);
        memcpy(c->t[j], tmp, RULE_TOKEN_MAX);
    }
}

/* Whether a letter is one of the rule's letters (its alphabet, or a
 * message's script): a look-alike of another alphabet (Ñ on an English
 * sheet) would stand out; true where the rule has no list (kana). */
static bool rule_letter(const rule_def *r, const char *t)
{
    for (int i = 0; i < r->letter_count; i++)
        if (!strcmp(t, r->letters[i][0]) || !strcmp(t, r->letters[i][1])) return true;
    return r->letter_count == 0;
}

/* Look-alikes of one character, those of the rule's letters. */
static void add_lookalikes(cands *c, const rule_def *r, const char *t)
{
    for (size_t g = 0; g < sizeof confusable / sizeof confusable[0]; g++) {
        const char *set = confusable[g];
        size_t tl = strlen(t);
        const char *hit = strstr(set, t);
        if (!hit || !tl) continue;
        for (const char *p = set; *p;) {
            unsigned char b = (unsigned char)*p;
            size_t l = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
            char one[5] = {0};
            memcpy(one, p, l);
            if (strcmp(one, t) && rule_letter(r, one)) add(c, one);
            p += l;
        }
    }
}

/* A random letter of the script of a message's first letter: the letters
 * rule_parse chose (its alphabet in its case, or common characters), or
 * for digits and kana, which it left to this, a digit, hiragana or
 * katakana. */
static void message_far(const rule_def *r, rng_state *rng, char out[RULE_TOKEN_MAX])
{
    const unsigned char *p = (const unsigned char *)r->targets[0];
    if (r->letter_count) {
        abc_token(r, rng, (int)rng_below(rng, (uint32_t)r->letter_count), out);
        return;
    }
    uint32_t c = p[0] < 0x80 ? p[0]
                             : (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 |
                                   (p[2] & 0x3F);
    if (c >= '0' && c <= '9') c = '0' + rng_below(rng, 10);
    else if (c >= 0x30A1) c = 0x30A2 + rng_below(rng, 0x30F3 - 0x30A2); /* katakana ア..ン */
    else c = 0x3042 + rng_below(rng, 0x3093 - 0x3042);                  /* hiragana あ..ん */
    if (c < 0x80) snprintf(out, RULE_TOKEN_MAX, "%c", (char)c);
    else
        snprintf(out, RULE_TOKEN_MAX, "%c%c%c", (char)(0xE0 | c >> 12), (char)(0x80 | (c >> 6 & 0x3F)),
                 (char)(0x80 | (c & 0x3F)));
}

/* The tokens to try in cell `at`, whose filled neighbour `ref` (or none:
 * UINT32_MAX) it might seem to continue: fakes (the rule's next token),
 * near misses, far distractors; in the order the level sets. */
static void candidates(const meiro_rule_sheet *s, uint32_t ref, rng_state *rng, double fake,
                       double near, cands *c)
{
    const rule_def *r = &s->rule;
    cands f = {.n = 0}, nr = {.n = 0}, far = {.n = 0};
    rule_key k = ref == UINT32_MAX ? (rule_key){LONG_MIN, 0, 0} : s->key[ref];
    char t[RULE_TOKEN_MAX];
    switch (r->kind) {
    case RULE_MULTIPLES: {
        /* every number within the times table's range (1 to N x UPTO): a
         * child who knows the table reads each one, and no number past it
         * gives itself away */
        long top = (long)r->n * r->upto;
        long m = (long)r->n * (1 + (long)rng_below(rng, (uint32_t)r->upto));
        add_num(&f, m, top);
        for (long d = -2; d <= 2; d++)
            if (d && (m + d) % r->n) add_num(&nr, m + d, top);
        long rev = 0;
        for (long x = m; x; x /= 10) rev = rev * 10 + x % 10;
        if (rev % r->n) add_num(&nr, rev, top);
        for (int i = 0; i < 4; i++) {
            long v = 1 + (long)rng_below(rng, (uint32_t)top);
            if (v % r->n) add_num(&far, v, top);
        }
        break;
    }
    case RULE_SKIP: {
        long base = k.v == LONG_MIN ? r->from + (long)r->n * (long)rng_below(rng, (uint32_t)s->path_len) : k.v;
        add_num(&f, base + r->n, LONG_MAX);
        add_num(&f, base + 2 * r->n, LONG_MAX);
        add_num(&nr, base + r->n + 1, LONG_MAX);
        add_num(&nr, base + r->n - 1, LONG_MAX);
        add_num(&nr, base + 1, LONG_MAX);
        add_num(&nr, base + r->n + 2, LONG_MAX);
        if (r->n > 2) add_num(&nr, base + r->n / 2, LONG_MAX);
        add_num(&nr, base - 1, LONG_MAX);
        long last = r->from + (long)r->n * (long)s->path_len;
        for (int i = 0; i < 4; i++) add_num(&far, (long)rng_below(rng, (uint32_t)(last + 10)), LONG_MAX);
        break;
    }
    case RULE_SUM:
        for (int i = 0; i < 6; i++) add_num(&nr, 1 + (long)rng_below(rng, 9), LONG_MAX);
        for (int i = 0; i < 4; i++) add_num(&far, 10 + (long)rng_below(rng, (uint32_t)r->n), LONG_MAX);
        break;
    case RULE_ABC:
    case RULE_AIUEO: {
        int count = r->kind == RULE_ABC ? r->letter_count : 46;
        int i = k.v == LONG_MIN ? (int)rng_below(rng, (uint32_t)count) : (int)k.v;
        for (int d = 1; d <= 2; d++)
            if (i + d < count) {
                if (r->kind == RULE_ABC) abc_token(r, rng, i + d, t);
                else kana_token(r, i + d, t);
                add(&f, t);
            }
        for (int d = -1; d <= 3; d++) {
            if (i + d < 0 || i + d >= count) continue;
            if (r->kind == RULE_ABC) abc_token(r, rng, i + d, t);
            else kana_token(r, i + d, t);
            if (d != 1 && d != 2) add(&nr, t);
            add_lookalikes(&nr, r, t);
        }
        for (int d = 0; d < 4; d++) {
            int j = (int)rng_below(rng, (uint32_t)count);
            if (r->kind == RULE_ABC) abc_token(r, rng, j, t);
            else kana_token(r, j, t);
            add(&far, t);
        }
        break;
    }
    case RULE_WORDS:
        add(&f, r->targets[rng_below(rng, (uint32_t)r->target_count)]);
        for (int i = 0; i < 6; i++) add(&nr, r->others[rng_below(rng, (uint32_t)r->other_count)]);
        break;
    case RULE_MESSAGE: {
        /* fakes: what follows this letter somewhere in the message; near:
         * its look-alikes and the message's other letters; far: letters of
         * the message's script */
        for (size_t i = 0; i + 1 < r->target_count && k.v != LONG_MIN; i++)
            if (!strcmp(r->targets[i], s->tok[ref])) add(&f, r->targets[i + 1]);
        if (k.v != LONG_MIN) add_lookalikes(&nr, r, s->tok[ref]);
        for (int i = 0; i < 4; i++) {
            const char *m = r->targets[rng_below(rng, (uint32_t)r->target_count)];
            add(&nr, m);
            add_lookalikes(&nr, r, m);
        }
        for (int i = 0; i < 4; i++) {
            message_far(r, rng, t);
            add(&far, t);
        }
        break;
    }
    case RULE_CHAIN:
        for (size_t i = 0; i < r->target_count && k.v != LONG_MIN; i++)
            if (rule_key_of(r, r->targets[i]).first == k.last) add(&f, r->targets[i]);
        shuffle(&f, 0, rng);
        if (f.n > 2) f.n = 2;
        for (int i = 0; i < 28; i++) add(&nr, r->targets[rng_below(rng, (uint32_t)r->target_count)]);
        break;
    }
    shuffle(&nr, 0, rng);
    shuffle(&far, 0, rng);
    c->n = 0;
    bool fake_first = rng_unit(rng) < fake, near_first = rng_unit(rng) < near;
    if (r->kind == RULE_SUM) near_first = true; /* numbers past the total are a last resort */
    if (fake_first)
        for (unsigned i = 0; i < f.n; i++) add(c, f.t[i]);
    for (unsigned i = 0; i < nr.n; i++)
        if (near_first) add(c, nr.t[i]);
    for (unsigned i = 0; i < far.n; i++) add(c, far.t[i]);
    for (unsigned i = 0; i < nr.n; i++)
        if (!near_first) add(c, nr.t[i]);
    if (!fake_first)
        for (unsigned i = 0; i < f.n; i++) add(c, f.t[i]);
}

/* Fills the cells off the path, nearest the path first, keeping a token
 * only while the proof holds. */
static bool fill(meiro_rule_sheet *s, rng_state *rng)
{
    size_t cells = (size_t)s->w * s->h;
    uint32_t *order = alloc_array(cells, sizeof *order);
    uint32_t *dist = alloc_array(cells, sizeof *dist);
    bool ok = false;
    if (!order || !dist) goto done;
    for (size_t i = 0; i < cells; i++) dist[i] = UINT32_MAX;
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < s->path_len; i++) dist[s->path[i]] = 0;
    /* breadth first from the path, each ring in random order */
    for (size_t i = 0; i < s->path_len; i++) order[tail++] = s->path[i];
    while (head < tail) {
        size_t ring_end = tail;
        for (; head < ring_end; head++) {
            uint32_t u = order[head], x = u % s->w, y = u / s->w;
            uint32_t nb[4];
            unsigned n = 0;
            if (y > 0) nb[n++] = u - s->w;
            if (x + 1 < s->w) nb[n++] = u + 1;
            if (y + 1 < s->h) nb[n++] = u + s->w;
            if (x > 0) nb[n++] = u - 1;
            for (unsigned i = 0; i < n; i++)
                if (dist[nb[i]] == UINT32_MAX) dist[nb[i]] = dist[u] + 1, order[tail++] = nb[i];
        }
        for (size_t k = tail - ring_end; k > 1; k--) {
            size_t j = ring_end + rng_below(rng, (uint32_t)k);
            uint32_t t = order[ring_end + k - 1];
            order[ring_end + k - 1] = order[j];
            order[j] = t;
        }
    }
    const double fake = levels[s->level].fake, near = levels[s->level].near;
    cands c;
    for (size_t i = s->path_len; i < cells; i++) {
        uint32_t at = order[i], x = at % s->w, y = at / s->w, nb[4], filled[4];
        unsigned n = 0, k = 0;
        if (y > 0) nb[n++] = at - s->w;
        if (x + 1 < s->w) nb[n++] = at + 1;
        if (y + 1 < s->h) nb[n++] = at + s->w;
        if (x > 0) nb[n++] = at - 1;
        for (unsigned j = 0; j < n; j++)
            if (s->tok[nb[j]][0]) filled[k++] = nb[j];
        uint32_t ref = k ? filled[rng_below(rng, k)] : UINT32_MAX;
        candidates(s, ref, rng, fake, near, &c);
        bool kept = false;
        for (unsigned j = 0; j < c.n && !kept; j++) {
            set_token(s, at, c.t[j]);
            kept = rule_count_paths(s) == 1;
        }
        if (!kept) goto done;
    }
    ok = true;
done:
    free(order);
    free(dist);
    return ok;
}

meiro_rule_sheet *meiro_rule_sheet_new(const char *rule, const char *lang, meiro_level level,
                                       uint64_t seed, meiro_error *err)
{
    if (lang && !rule_words_for(lang)) {
        fail_field(err, MEIRO_FIELD_LANG, MEIRO_ERROR_ARGUMENT,
                   "--lang: " CATALOG_LANGS ", not '%s'", lang);
        return NULL;
    }
    if ((unsigned)level >= sizeof levels / sizeof levels[0]) {
        fail(err, MEIRO_ERROR_ARGUMENT, "--difficulty: no such level");
        return NULL;
    }
    rule_def r;
    if (rule_parse(rule, lang, &r, err) != MEIRO_OK) return NULL;
    uint32_t side = levels[level].side;
    size_t len = levels[level].len, max = len + len / 2;
    size_t *chain = NULL;
    if (r.kind == RULE_ABC) { /* the path goes up the alphabet from its first letter */
        size_t letters = (size_t)r.letter_count;
        if (max > letters) max = letters;
        if (len > letters) len = letters;
    }
    if (r.kind == RULE_SUM) {
        size_t want = ((size_t)r.n + 4) / 5, least = ((size_t)r.n + 8) / 9;
        len = want < 3 ? 3 : want > len / 2 ? len / 2 : want;
        if (len < least) len = least;
        max = len + 2;
    }
    if (r.kind == RULE_MESSAGE) {
        /* the path is the message, one letter a cell; the grid holds it
         * with room for as many dead ends, up to RULE_SIDE_MAX */
        len = max = r.target_count;
        while ((size_t)side * side < 3 * len && side < RULE_SIDE_MAX) side++;
        if (side > len + 1) side = (uint32_t)len + 1 < 4 ? 4 : (uint32_t)len + 1;
    }
    rng_state rng;
    rng_seed(&rng, seed);
    if (r.kind == RULE_CHAIN) {
        chain = alloc_array(max, sizeof *chain);
        if (!chain) {
            rule_def_free(&r);
            fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            return NULL;
        }
        size_t got = make_chain(&r, &rng, max, chain);
        if (got < 4) {
            fail(err, MEIRO_ERROR_ARGUMENT,
                 N_("--rule chain:FILE: the words make no chain of 4 (each word starting with the "
                    "last letter of the one before)"));
            rule_def_free(&r);
            free(chain);
            return NULL;
        }
        /* any prefix of a chain is a chain: the path takes as many as fit */
        max = got;
        if (len > got) len = got;
    }
    meiro_rule_sheet *s = NULL;
    for (unsigned attempt = 0; attempt < 200; attempt++) {
        s = rule_sheet_alloc(side, side);
        if (!s) break;
        s->rule = r;
        s->level = level;
        s->seed = seed;
        snprintf(s->lang, sizeof s->lang, "%s", lang ? lang : "en");
        bool ok = make_path(s, &rng, len, max) && path_tokens(s, &rng, chain) &&
                  rule_count_paths(s) == 1 && fill(s, &rng);
        memset(&s->rule, 0, sizeof s->rule); /* r stays the owner until the end */
        if (ok) break;
        meiro_rule_sheet_free(s);
        s = NULL;
    }
    free(chain);
    if (!s) {
        fail(err, MEIRO_ERROR_INTERNAL, "--rule %s: no sheet proven to have one path", r.spec);
        rule_def_free(&r);
        return NULL;
    }
    s->rule = r;
    rule_sentence(&s->rule, s->lang, s->sentence, sizeof s->sentence);
    return s;
}

uint32_t meiro_rule_sheet_width(const meiro_rule_sheet *s) { return s->w; }
uint32_t meiro_rule_sheet_height(const meiro_rule_sheet *s) { return s->h; }
const char *meiro_rule_sheet_token(const meiro_rule_sheet *s, uint32_t x, uint32_t y)
{
    return x < s->w && y < s->h ? s->tok[(size_t)y * s->w + x] : "";
}
size_t meiro_rule_sheet_path(const meiro_rule_sheet *s, const uint32_t **cells)
{
    *cells = s->path;
    return s->path_len;
}
const char *meiro_rule_sheet_rule(const meiro_rule_sheet *s) { return s->rule.spec; }
const char *meiro_rule_sheet_sentence(const meiro_rule_sheet *s) { return s->sentence; }
const char *meiro_rule_sheet_lang(const meiro_rule_sheet *s) { return s->lang; }
uint64_t meiro_rule_sheet_seed(const meiro_rule_sheet *s) { return s->seed; }
unsigned meiro_rule_sheet_paths(const meiro_rule_sheet *s) { return rule_count_paths(s); }

meiro_status meiro_rule_sheet_set_name(meiro_rule_sheet *s, const char *name, meiro_error *err)
{
    if (!name) name = "";
    if (strlen(name) > RULE_NAME_MAX)
        return fail_field(err, MEIRO_FIELD_NAME, MEIRO_ERROR_ARGUMENT,
                          "the name '%.40s…' is too long for a sheet's name line (up to %d bytes)",
                          name, RULE_NAME_MAX);
    meiro_status st = text_line_check(name, "the name", MEIRO_FIELD_NAME, err);
    if (st == MEIRO_OK) snprintf(s->name, sizeof s->name, "%s", name);
    return st;
}
