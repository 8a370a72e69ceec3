/* The seeded PRNG (xoshiro256**, seeded with splitmix64) and a memory-free
 * random permutation. Integer arithmetic only, so every machine draws the
 * same numbers from the same seed. */
#include "core/rng.h"

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void rng_seed(rng_state *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix64(&seed);
}

double rng_unit(rng_state *rng) { return (double)(rng_next(rng) >> 11) * 0x1.0p-53; }

void perm_init(permutation *p, uint64_t n, rng_state *rng)
{
    unsigned bits = 2;
    while (bits < 64 && (1ull << bits) < n) bits += 2;
    p->n = n;
    p->half_bits = bits / 2;
    p->half_mask = (1ull << p->half_bits) - 1;
    for (int i = 0; i < 4; i++) p->keys[i] = rng_next(rng);
}


uint64_t perm_at(const permutation *p, uint64_t i)
{
    uint64_t x = i;
    do { /* cycle-walk: stays a permutation of [0, n) */
        uint64_t left = x >> p->half_bits, right = x & p->half_mask;
        for (int r = 0; r < 4; r++) {
            uint64_t next = left ^ (rng_mix(right ^ p->keys[r]) & p->half_mask);
            left = right;
            right = next;
        }
        x = (left << p->half_bits) | right;
    } while (x >= p->n);
    return x;
}

void perm_stream_init(perm_stream *s, uint64_t n, rng_state *rng)
{
    perm_init(&s->perm, n, rng);
    s->k = 0;
    for (uint64_t i = 0; i < PERM_AHEAD; i++)
        s->ahead[i] = i < n ? perm_at(&s->perm, i) : UINT64_MAX;
}

uint64_t perm_stream_next(perm_stream *s, uint64_t *later)
{
    uint64_t slot = s->k % PERM_AHEAD, value = s->ahead[slot];
    uint64_t far = s->k + PERM_AHEAD;
    s->ahead[slot] = far < s->perm.n ? perm_at(&s->perm, far) : UINT64_MAX;
    *later = s->ahead[slot];
    s->k++;
    return value;
}
