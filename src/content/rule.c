/* Rule mazes: parsing a rule, the rule-aware search that proves a sheet has
 * exactly one rule path, and the generator that retries until it does.
 *
 * The proof. A rule path is a simple path of side-neighbour steps from
 * START to FINISH. Two kinds of rule:
 *
 * - Step rules (skip, sum, abc, aiueo, chain) decide each step from the
 *   token stepped from and, for sum, the total so far. The search walks
 *   the graph of states (cell, total, direction entered by), never
 *   stepping straight back: forward from START's state, back from
 *   FINISH's, and keeps the states on both (every state of a rule path
 *   is). It counts the walks from START to FINISH among them in
 *   topological order (Kahn's algorithm, a queue: no recursion); if those
 *   states hold a cycle it proves nothing and answers 2. Every simple rule
 *   path is such a walk, so one walk (the generated path, simple) proves
 *   one path. skip, abc and aiueo go up the sequence at every step, sum's
 *   total grows, and so does a message's count of letters read (its state:
 *   the same letter twice, the L and L of HELLO, are two states), so for
 *   them the states never cycle; a chain's may, and
 *   such a sheet is refused and made again.
 * - Cell rules (multiples, words) only ask whether each cell's token is
 *   allowed, so a path may turn back: the search takes the allowed cells
 *   joined to START (a breadth-first search) and proves one path when
 *   FINISH is among them and they form a tree (edges = cells - 1): in a
 *   tree there is one simple path between two cells.
 *
 * Both are linear in the cells times the states. The generator fills the
 * cells off the path one at a time, near misses and fake continuations
 * first, and keeps a token only when the proof still holds, so every sheet
 * it returns is proven; fake paths follow the rule for a while and then
 * dead-end, because the proof refuses any that reach FINISH. */
#include "content/rule_model.h"

#include "core/alloc.h"
#include "core/error.h"
#include "core/rng.h"
#include "core/utf8.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* あいうえお order, the 46 kana of the gojūon. */
static const char kana_order[] = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ"
                                 "まみむめもやゆよらりるれろわをん";
enum { KANA_COUNT = 46 };

/* One code point from s (advancing it); 0 at the end or on bad UTF-8. */
static uint32_t next_cp(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t c = p[0];
    int n = 0;
    if (c == 0) return 0;
    if (c < 0x80) n = 0;
    else if ((c & 0xE0) == 0xC0) c &= 0x1F, n = 1;
    else if ((c & 0xF0) == 0xE0) c &= 0x0F, n = 2;
    else if ((c & 0xF8) == 0xF0) c &= 0x07, n = 3;
    else return 0;
    for (int i = 1; i <= n; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        c = (c << 6) | (p[i] & 0x3F);
    }
    *s += n + 1;
    return c;
}

static int kana_index(uint32_t c)
{
    const char *s = kana_order;
    for (int i = 0; i < KANA_COUNT; i++)
        if (next_cp(&s) == c) return i;
    return -1;
}

/* A letter as a word chain compares it: katakana as hiragana, small kana
 * as their full size (しりとり); Latin letters in small letters, their
 * accents and cedilla left out but Ñ kept (Spanish's own letter), ß as s;
 * Arabic's alif with hamza or madda as alif, ة as ت, ى as ي. */
static uint32_t sound(uint32_t c)
{
    if (c >= 0x30A1 && c <= 0x30F6) c -= 0x60;
    static const uint32_t small[] = {0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063,
                                     0x3083, 0x3085, 0x3087, 0x308E};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
        if (c == small[i]) return c + 1;
    if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) c += 0x20;          /* Latin-1's capitals */
    if (c == 0x152 || c == 0x178) c = c == 0x152 ? 0x153 : 0xFF; /* Œ Ÿ */
    /* U+00E0 to U+00FF: the letter under the mark (ñ kept; ÷ no letter) */
    static const char base[] = "aaaaaaaceeeeiiiidnooooo-ouuuuyty";
    if (c >= 0xE0 && c <= 0xFF && c != 0xF1 && c != 0xF7) c = (unsigned char)base[c - 0xE0];
    if (c == 0xDF) c = 's';
    if (c == 0x153) c = 'o';
    if (c == 0x0623 || c == 0x0625 || c == 0x0622) c = 0x0627;
    if (c == 0x0629) c = 0x062A;
    if (c == 0x0649) c = 0x064A;
    return c;
}

rule_key rule_key_of(const rule_def *r, const char *token)
{
    rule_key k = {LONG_MIN, 0, 0};
    if (!token[0]) return k;
    switch (r->kind) {
    case RULE_MULTIPLES:
    case RULE_SKIP:
    case RULE_SUM: {
        char *end;
        errno = 0;
        long v = strtol(token, &end, 10);
        if (!*end && errno == 0 && token[0] != '+' && token[0] != ' ') k.v = v;
        break;
    }
    case RULE_ABC: /* its place in the alphabet, in the rule's case */
        for (int i = 0; i < r->letter_count; i++)
            if ((r->variant != 1 && !strcmp(token, r->letters[i][0])) ||
                (r->variant != 0 && !strcmp(token, r->letters[i][1])))
                k.v = i;
        break;
    case RULE_AIUEO: {
        const char *s = token;
        uint32_t c = next_cp(&s);
        if (*s) break;
        if (r->variant == 1) {
            if (c < 0x30A1 || c > 0x30F6) break;
            c -= 0x60;
        }
        int i = kana_index(c);
        if (i >= 0) k.v = i;
        break;
    }
    case RULE_WORDS:
        for (size_t i = 0; i < r->target_count; i++)
            if (!strcmp(token, r->targets[i])) k.v = 1;
        break;
    case RULE_MESSAGE: { /* the letter itself */
        const char *s = token;
        uint32_t c = next_cp(&s);
        if (!*s && c) k.v = c;
        break;
    }
    case RULE_CHAIN: {
        const char *s = token;
        uint32_t c, prev = 0;
        k.first = sound(next_cp(&s));
        prev = k.first;
        while ((c = next_cp(&s)) != 0)
            if (c != 0x30FC) prev = sound(c); /* ー: the sound before it */
        k.last = prev;
        k.v = 0;
        break;
    }
    }
    return k;
}

/* ---- The proof ---------------------------------------------------------- */

static bool cell_rule(rule_kind k) { return k == RULE_MULTIPLES || k == RULE_WORDS; }

static bool allowed(const rule_def *r, rule_key k)
{
    if (r->kind == RULE_MULTIPLES) return k.v != LONG_MIN && k.v > 0 && k.v % r->n == 0;
    return k.v == 1;
}

/* Letter i of a message:TEXT rule, as its key. */
static long message_letter(const rule_def *r, long i)
{
    const char *s = r->targets[i];
    return (long)next_cp(&s);
}

/* The state after stepping onto v from u in state su, or -1. */
static long step(const rule_def *r, rule_key u, long su, rule_key v)
{
    if (u.v == LONG_MIN || v.v == LONG_MIN) return -1;
    switch (r->kind) {
    case RULE_SKIP: return v.v == u.v + r->n ? 0 : -1;
    case RULE_ABC:
    case RULE_AIUEO: return v.v == u.v + 1 ? 0 : -1;
    case RULE_SUM: return v.v >= 1 && su + v.v <= r->n ? su + v.v : -1;
    case RULE_CHAIN: return u.last && v.first == u.last && u.last != 0x3093 ? 0 : -1;
    case RULE_MESSAGE: /* the state: the letters read so far, less one */
        return su < r->n && v.v == message_letter(r, su + 1) ? su + 1 : -1;
    default: return -1;
    }
}

/* START's state, or -1 when START's token cannot begin the rule. */
static long start_state(const rule_def *r, rule_key k)
{
    if (k.v == LONG_MIN) return -1;
    switch (r->kind) {
    case RULE_SKIP: return k.v == r->from ? 0 : -1;
    case RULE_ABC:
    case RULE_AIUEO: return k.v == 0 ? 0 : -1;
    case RULE_SUM: return k.v >= 1 && k.v <= r->n ? k.v : -1;
    case RULE_MESSAGE: return k.v == message_letter(r, 0) ? 0 : -1;
    default: return 0;
    }
}

static unsigned neighbours(const meiro_rule_sheet *s, uint32_t c, uint32_t out[4])
{
    uint32_t x = c % s->w, y = c / s->w;
    unsigned n = 0;
    if (y > 0) out[n++] = c - s->w;
    if (x + 1 < s->w) out[n++] = c + 1;
    if (y + 1 < s->h) out[n++] = c + s->w;
    if (x > 0) out[n++] = c - 1;
    return n;
}

static unsigned count_cell_rule(const meiro_rule_sheet *s)
{
    size_t cells = (size_t)s->w * s->h;
    uint32_t start = s->path[0], finish = s->path[s->path_len - 1];
    if (!allowed(&s->rule, s->key[start]) || !allowed(&s->rule, s->key[finish])) return 0;
    uint8_t *seen = zalloc(cells, 1);
    uint32_t *queue = alloc_array(cells, sizeof *queue);
    unsigned result = 2;
    if (!seen || !queue) goto done;
    size_t head = 0, tail = 0, ends = 0;
    queue[tail++] = start;
    seen[start] = 1;
    while (head < tail) {
        uint32_t u = queue[head++], nb[4];
        unsigned n = neighbours(s, u, nb);
        for (unsigned i = 0; i < n; i++) {
            if (!allowed(&s->rule, s->key[nb[i]])) continue;
            ends++;
            if (!seen[nb[i]]) seen[nb[i]] = 1, queue[tail++] = nb[i];
        }
    }
    if (!seen[finish]) result = 0;
    else result = ends / 2 == tail - 1 ? 1 : 2;
done:
    free(seen);
    free(queue);
    return result;
}

/* The cell one step from c in direction k (0 north, 1 east, 2 south, 3
 * west), or UINT32_MAX off the grid. */
static uint32_t toward(const meiro_rule_sheet *s, uint32_t c, unsigned k)
{
    uint32_t x = c % s->w, y = c / s->w;
    switch (k) {
    case 0: return y > 0 ? c - s->w : UINT32_MAX;
    case 1: return x + 1 < s->w ? c + 1 : UINT32_MAX;
    case 2: return y + 1 < s->h ? c + s->w : UINT32_MAX;
    default: return x > 0 ? c - 1 : UINT32_MAX;
    }
}

/* A state of the search: (cell, the rule's state, the direction it was
 * entered by; 4 at START). Walks never step straight back (a simple path
 * never does), so two tokens that each follow the other (かめ, めだか) make
 * no cycle. */
enum { DIRS = 5 };
#define NODE(c, st, d) ((((size_t)(c) * states) + (size_t)(st)) * DIRS + (d))

static unsigned count_step_rule(const meiro_rule_sheet *s)
{
    const rule_def *r = &s->rule;
    size_t cells = (size_t)s->w * s->h;
    bool counted = r->kind == RULE_SUM || r->kind == RULE_MESSAGE; /* a state beside the cell */
    size_t states = counted ? (size_t)r->n + 1 : 1, nodes = cells * states * DIRS;
    uint32_t start = s->path[0], finish = s->path[s->path_len - 1];
    long s0 = start_state(r, s->key[start]);
    if (s0 < 0) return 0;
    size_t sfin = counted ? (size_t)r->n : 0;
    size_t from = NODE(start, s0, 4);
    uint8_t *mark = zalloc(nodes, 1); /* bit 1: from START, bit 2: to FINISH */
    uint8_t *count = zalloc(nodes, 1);
    uint32_t *indeg = zalloc(nodes, sizeof *indeg);
    uint32_t *queue = alloc_array(nodes, sizeof *queue);
    unsigned result = 2;
    if (!mark || !count || !indeg || !queue) goto done;
    size_t head = 0, tail = 0;
    queue[tail++] = (uint32_t)from;
    mark[from] |= 1;
    bool reached = false;
    while (head < tail) {
        size_t x = queue[head++];
        unsigned du = (unsigned)(x % DIRS);
        uint32_t u = (uint32_t)(x / DIRS / states);
        long su = (long)(x / DIRS % states);
        if (u == finish && (size_t)su == sfin) {
            reached = true;
            continue; /* a path stops at FINISH */
        }
        for (unsigned k = 0; k < 4; k++) {
            uint32_t v = toward(s, u, k);
            if (v == UINT32_MAX || (du < 4 && k == (du + 2) % 4)) continue;
            long sv = step(r, s->key[u], su, s->key[v]);
            if (sv < 0) continue;
            size_t y = NODE(v, sv, k);
            if (!(mark[y] & 1)) mark[y] |= 1, queue[tail++] = (uint32_t)y;
        }
    }
    if (!reached) {
        result = 0;
        goto done;
    }
    head = tail = 0;
    for (unsigned d = 0; d < DIRS; d++) {
        size_t y = NODE(finish, sfin, d);
        if (mark[y] & 1) mark[y] |= 2, queue[tail++] = (uint32_t)y;
    }
    while (head < tail) {
        size_t y = queue[head++];
        unsigned dv = (unsigned)(y % DIRS);
        uint32_t v = (uint32_t)(y / DIRS / states);
        long sv = (long)(y / DIRS % states);
        if (dv == 4) continue;
        uint32_t u = toward(s, v, (dv + 2) % 4);
        long su = r->kind == RULE_SUM ? sv - s->key[v].v : r->kind == RULE_MESSAGE ? sv - 1 : 0;
        if (u == UINT32_MAX || su < 0 || su >= (long)states) continue;
        if (step(r, s->key[u], su, s->key[v]) != sv) continue;
        if (u == finish && (size_t)su == sfin) continue; /* no walk goes on from FINISH */
        for (unsigned du = 0; du < DIRS; du++) {
            if (du < 4 && dv == (du + 2) % 4) continue;
            size_t x = NODE(u, su, du);
            if ((mark[x] & 1) && !(mark[x] & 2)) mark[x] |= 2, queue[tail++] = (uint32_t)x;
        }
    }
    /* Kahn's algorithm over the states on both searches, counting walks
     * (capped at 2); a cycle leaves states unvisited and proves nothing. */
    size_t relevant = tail;
    for (size_t i = 0; i < relevant; i++) {
        size_t x = queue[i];
        unsigned du = (unsigned)(x % DIRS);
        uint32_t u = (uint32_t)(x / DIRS / states);
        long su = (long)(x / DIRS % states);
        if (u == finish && (size_t)su == sfin) continue;
        for (unsigned k = 0; k < 4; k++) {
            uint32_t v = toward(s, u, k);
            if (v == UINT32_MAX || (du < 4 && k == (du + 2) % 4)) continue;
            long sv = step(r, s->key[u], su, s->key[v]);
            if (sv >= 0 && mark[NODE(v, sv, k)] == 3) indeg[NODE(v, sv, k)]++;
        }
    }
    if (indeg[from] != 0 || mark[from] != 3) goto done;
    head = tail = 0;
    queue[tail++] = (uint32_t)from;
    count[from] = 1;
    unsigned paths = 0;
    while (head < tail) {
        size_t x = queue[head++];
        unsigned du = (unsigned)(x % DIRS);
        uint32_t u = (uint32_t)(x / DIRS / states);
        long su = (long)(x / DIRS % states);
        if (u == finish && (size_t)su == sfin) {
            paths += count[x];
            continue;
        }
        for (unsigned k = 0; k < 4; k++) {
            uint32_t v = toward(s, u, k);
            if (v == UINT32_MAX || (du < 4 && k == (du + 2) % 4)) continue;
            long sv = step(r, s->key[u], su, s->key[v]);
            if (sv < 0) continue;
            size_t y = NODE(v, sv, k);
            if (mark[y] != 3) continue;
            unsigned c = count[y] + count[x];
            count[y] = (uint8_t)(c > 2 ? 2 : c);
            if (--indeg[y] == 0) queue[tail++] = (uint32_t)y;
        }
    }
    result = tail < relevant ? 2 : paths > 2 ? 2 : paths;
done:
    free(mark);
    free(count);
    free(indeg);
    free(queue);
    return result;
}
#undef NODE

unsigned rule_count_paths(const meiro_rule_sheet *s)
{
    if (!s->path_len) return 0;
    return cell_rule(s->rule.kind) ? count_cell_rule(s) : count_step_rule(s);
}

bool meiro_rule_sheet_follows(const meiro_rule_sheet *s, const uint32_t *cells, size_t n,
                              size_t *why)
{
    size_t total = (size_t)s->w * s->h, bad = n;
    uint8_t *seen = zalloc(total, 1);
    bool ok = false;
    long state = 0;
    if (!seen) goto done;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = cells[i];
        bad = i;
        if (c >= total || seen[c]) goto done;
        seen[c] = 1;
        if (i == 0) {
            if (c != s->path[0]) goto done;
            if (cell_rule(s->rule.kind) ? !allowed(&s->rule, s->key[c])
                                        : (state = start_state(&s->rule, s->key[c])) < 0)
                goto done;
            continue;
        }
        uint32_t p = cells[i - 1];
        bool side = (c == p + 1 && c % s->w) || (p == c + 1 && p % s->w) || c == p + s->w ||
                    p == c + s->w;
        if (!side) goto done;
        if (cell_rule(s->rule.kind)) {
            if (!allowed(&s->rule, s->key[c])) goto done;
        } else if ((state = step(&s->rule, s->key[p], state, s->key[c])) < 0) {
            goto done;
        }
    }
    bad = n;
    ok = n > 0 && cells[n - 1] == s->path[s->path_len - 1] &&
         ((s->rule.kind != RULE_SUM && s->rule.kind != RULE_MESSAGE) || state == s->rule.n);
done:
    if (why) *why = ok ? n : bad;
    free(seen);
    return ok;
}
