/* The seeded PRNG and the memory-free random permutations. */
#ifndef MEIRO_SRC_CORE_RNG_H
#define MEIRO_SRC_CORE_RNG_H

#include "meiro.h"

/* ---- PRNG: xoshiro256** seeded by splitmix64, the same on every machine. */

typedef struct rng_state {
    uint64_t s[4];
} rng_state;

void rng_seed(rng_state *rng, uint64_t seed);

/* The draws below are inline: they are the inner step of every generator,
 * and a call per draw cost more than the draw. */
static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng_state *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, bound) without modulo bias; bound > 0. Lemire's
 * multiply-and-reject: usually one multiplication. */
static inline uint32_t rng_below(rng_state *rng, uint32_t bound)
{
    uint64_t m = (rng_next(rng) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (rng_next(rng) >> 32) * (uint64_t)bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The set bits of a side mask (at most 8 bits: GRID_MAX_SIDES), counted
 * with shifts and masks: no popcnt instruction, so the same code and the
 * same mazes on every x86-64 (and any other) machine, and no libgcc call. */
static inline unsigned rng_bits8(unsigned mask)
{
    mask = mask - ((mask >> 1) & 0x55u);
    mask = (mask & 0x33u) + ((mask >> 2) & 0x33u);
    return (mask + (mask >> 4)) & 0x0fu;
}

/* A uniformly chosen set bit of mask (0 < mask < 256): returns its index. */
static inline unsigned rng_pick_bit(rng_state *rng, unsigned mask)
{
    unsigned count = rng_bits8(mask);
    unsigned k = count == 1 ? 0 : rng_below(rng, count);
    while (k--) mask &= mask - 1; /* drop the k lowest set bits */
    return (unsigned)__builtin_ctz(mask);
}

/* Uniform in [0, 1). */
double rng_unit(rng_state *rng);

static inline uint64_t rng_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdu;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53u;
    return x ^ (x >> 33);
}

/* A keyed 64-bit hash: a random-looking value per (key, x), no storage. */
static inline uint64_t rng_hash(uint64_t key, uint64_t x) { return rng_mix(x ^ rng_mix(key)); }

/* A pseudo-random permutation of [0, n) that needs no memory: a keyed
 * Feistel network on the next even power of two, cycle-walked into range.
 * Used to visit walls or points in random order without shuffling an array
 * as large as the maze. */
typedef struct permutation {
    uint64_t n;
    unsigned half_bits;
    uint64_t half_mask;
    uint64_t keys[4];
} permutation;

void perm_init(permutation *p, uint64_t n, rng_state *rng);
uint64_t perm_at(const permutation *p, uint64_t i);
/* The network's four round functions as a table (2 bytes an entry, 4 <<
 * half_bits entries: 128 KB for 10^8 values, at most 512 KB), for
 * perm_fill; NULL when out of memory (perm_fill computes them then). Free
 * with free(). */
uint16_t *perm_rounds(const permutation *p);
/* out[j] = perm_at(p, from + j) for j < count <= PERM_BLOCK, from + count <= n,
 * through the table `rounds` if not NULL: a stretch of the order at a
 * fraction of the cost of perm_at one by one. */
enum { PERM_BLOCK = 256 };
void perm_fill(const permutation *p, const uint16_t *rounds, uint64_t from, size_t count,
               uint64_t *out);
/* The i whose perm_at is v (v < n): where v comes in the order. Inline:
 * cluster asks it for every wall. */
static inline uint64_t perm_inverse(const permutation *p, uint64_t v)
{
    const unsigned bits = p->half_bits;
    const uint64_t mask = p->half_mask;
    uint64_t x = v;
    do { /* the rounds backwards; the cycle walked backwards lands in range */
        uint64_t left = x >> bits, right = x & mask;
        right ^= rng_mix(left ^ p->keys[3]) & mask;
        left ^= rng_mix(right ^ p->keys[2]) & mask;
        right ^= rng_mix(left ^ p->keys[1]) & mask;
        left ^= rng_mix(right ^ p->keys[0]) & mask;
        x = (left << bits) | right;
    } while (x >= p->n);
    return x;
}

/* The permutation read in order, computed PERM_AHEAD steps before use so a
 * caller can prefetch what the coming values will touch: algorithms that
 * visit a maze-sized array in random order are bound by cache misses, and
 * overlapping them is what makes large mazes fast. */
enum { PERM_AHEAD = 16, PERM_RING = 2 * PERM_BLOCK };
typedef struct perm_stream {
    permutation perm;
    uint64_t k;               /* values handed out */
    uint64_t filled;          /* values computed, a block at a time (perm_fill) */
    uint64_t ring[PERM_RING]; /* value i at i % PERM_RING */
} perm_stream;

void perm_stream_init(perm_stream *s, uint64_t n, rng_state *rng);
/* The next value; *later is set to the value PERM_AHEAD steps on, or
 * UINT64_MAX near the end. Call at most n times. */
uint64_t perm_stream_next(perm_stream *s, uint64_t *later);
/* The value `steps` (< PERM_AHEAD) after the one next() returned last. */
static inline uint64_t perm_stream_peek(const perm_stream *s, unsigned steps)
{
    uint64_t i = s->k - 1 + steps;
    return i < s->perm.n ? s->ring[i % PERM_RING] : UINT64_MAX;
}

#endif /* MEIRO_SRC_CORE_RNG_H */
