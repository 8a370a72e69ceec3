/* The seeded PRNG and the memory-free random permutations. */
#ifndef MEIRO_SRC_CORE_RNG_H
#define MEIRO_SRC_CORE_RNG_H

#include "meiro.h"

/* ---- PRNG: xoshiro256** seeded by splitmix64, the same on every machine. */

typedef struct rng_state {
    uint64_t s[4];
} rng_state;

void rng_seed(rng_state *rng, uint64_t seed);
uint64_t rng_next(rng_state *rng);
/* Uniform in [0, bound) without modulo bias; bound > 0. */
uint32_t rng_below(rng_state *rng, uint32_t bound);
/* A uniformly chosen set bit of mask (mask != 0): returns its index. */
unsigned rng_pick_bit(rng_state *rng, unsigned mask);
/* Uniform in [0, 1). */
double rng_unit(rng_state *rng);
/* A keyed 64-bit hash: a random-looking value per (key, x), no storage. */
uint64_t rng_hash(uint64_t key, uint64_t x);

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

/* The permutation read in order, computed PERM_AHEAD steps before use so a
 * caller can prefetch what the coming values will touch: algorithms that
 * visit a maze-sized array in random order are bound by cache misses, and
 * overlapping them is what makes large mazes fast. */
enum { PERM_AHEAD = 16 };
typedef struct perm_stream {
    permutation perm;
    uint64_t k;
    uint64_t ahead[PERM_AHEAD];
} perm_stream;

void perm_stream_init(perm_stream *s, uint64_t n, rng_state *rng);
/* The next value; *later is set to the value PERM_AHEAD steps on, or
 * UINT64_MAX near the end. Call at most n times. */
uint64_t perm_stream_next(perm_stream *s, uint64_t *later);
/* The value `steps` (< PERM_AHEAD) after the one next() returned last. */
static inline uint64_t perm_stream_peek(const perm_stream *s, unsigned steps)
{
    return s->ahead[(s->k - 1 + steps) % PERM_AHEAD];
}

#endif /* MEIRO_SRC_CORE_RNG_H */
