/* The seeded PRNG (xoshiro256**, seeded with splitmix64) and a memory-free
 * random permutation. Integer arithmetic only, so every machine draws the
 * same numbers from the same seed. */
#include "core/rng.h"

#include "core/alloc.h"

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


/* The keyed Feistel network, once: a bijection of [0, 4^half_bits). */
static inline uint64_t feistel(const permutation *p, uint64_t x)
{
    const uint64_t mask = p->half_mask;
    uint64_t left = x >> p->half_bits, right = x & mask;
    /* the four rounds written out (a loop was not unrolled at -O2) */
    left ^= rng_mix(right ^ p->keys[0]) & mask;
    right ^= rng_mix(left ^ p->keys[1]) & mask;
    left ^= rng_mix(right ^ p->keys[2]) & mask;
    right ^= rng_mix(left ^ p->keys[3]) & mask;
    return (left << p->half_bits) | right;
}

uint64_t perm_at(const permutation *p, uint64_t i)
{
    uint64_t x = i;
    do /* cycle-walk: stays a permutation of [0, n) */
        x = feistel(p, x);
    while (x >= p->n);
    return x;
}

uint16_t *perm_rounds(const permutation *p)
{
    size_t size = (size_t)1 << p->half_bits; /* half_bits <= 16: n < 2^32 */
    if (p->half_bits > 16) return NULL;
    uint16_t *t = alloc_array(4 * size, sizeof *t);
    if (!t) return NULL;
    for (size_t r = 0; r < 4; r++)
        for (size_t v = 0; v < size; v++)
            t[r * size + v] = (uint16_t)(rng_mix(v ^ p->keys[r]) & p->half_mask);
    return t;
}

/* The network through the tables: four loads in place of eight
 * multiplications. */
static inline uint64_t feistel_rounds(const permutation *p, const uint16_t *t, uint64_t x)
{
    const unsigned bits = p->half_bits;
    uint64_t left = x >> bits, right = x & p->half_mask;
    left ^= t[right];
    right ^= t[((size_t)1 << bits) + left];
    left ^= t[((size_t)2 << bits) + right];
    right ^= t[((size_t)3 << bits) + left];
    return (left << bits) | right;
}

void perm_fill(const permutation *p, const uint16_t *rounds, uint64_t from, size_t count,
               uint64_t *out)
{
    /* One pass evaluates the network once for every value not yet in
     * range; the values are independent, so their rounds overlap (one
     * value's cycle walk alone is a chain of dependent ones). */
    uint16_t pending[PERM_BLOCK];
    size_t left = 0;
    for (size_t j = 0; j < count; j++) {
        out[j] = rounds ? feistel_rounds(p, rounds, from + j) : feistel(p, from + j);
        pending[left] = (uint16_t)j;
        left += out[j] >= p->n; /* no branch: a coin toss the predictor would miss */
    }
    while (left) {
        size_t still = 0;
        for (size_t t = 0; t < left; t++) {
            size_t j = pending[t];
            out[j] = rounds ? feistel_rounds(p, rounds, out[j]) : feistel(p, out[j]);
            pending[still] = (uint16_t)j;
            still += out[j] >= p->n;
        }
        left = still;
    }
}

/* The next block of the order into the ring: perm_fill overlaps its
 * values' rounds (half the time of perm_at one by one). The block
 * overwrites values a block and more behind the last handed out. */
static void stream_fill(perm_stream *s)
{
    uint64_t count = s->perm.n - s->filled;
    if (count > PERM_BLOCK) count = PERM_BLOCK;
    perm_fill(&s->perm, NULL, s->filled, (size_t)count, &s->ring[s->filled % PERM_RING]);
    s->filled += count;
}

void perm_stream_init(perm_stream *s, uint64_t n, rng_state *rng)
{
    perm_init(&s->perm, n, rng);
    s->k = s->filled = 0;
    if (n) stream_fill(s);
}

uint64_t perm_stream_next(perm_stream *s, uint64_t *later)
{
    uint64_t far = s->k + PERM_AHEAD;
    if (far >= s->filled && s->filled < s->perm.n) stream_fill(s);
    uint64_t value = s->ring[s->k % PERM_RING];
    *later = far < s->perm.n ? s->ring[far % PERM_RING] : UINT64_MAX;
    s->k++;
    return value;
}
