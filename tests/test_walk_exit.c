/* The exit laws behind aldous-broder's jumps (gen/walk_exit.h): where a
 * simple random walk first leaves a diamond, against a Green function
 * computed another way, against walks taken step by step, and the same
 * tables bit for bit on every machine. */
#include "harness.h"
#include "whitebox.h"
#include "gen/walk_exit.h"

#include <math.h>

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0}; /* N E S W */

/* The chance of each edge as the law's buckets give it. */
static double *law_chances(const exit_law *law)
{
    double *p = calloc(law->edges, sizeof *p);
    size_t buckets = (size_t)1 << law->bits;
    for (size_t b = 0; p && b < buckets; b++) {
        double own = law->bucket[b].below / 4294967296.0 / (double)buckets;
        if (law->bucket[b].own < law->edges) p[law->bucket[b].own] += own;
        p[law->bucket[b].alias] += 1.0 / (double)buckets - own;
    }
    return p;
}

/* The edge of the law leaving cell (x, y) across side d; -1 if none. */
static int edge_index(const exit_law *law, int x, int y, unsigned d)
{
    for (unsigned e = 0; e < law->edges; e++)
        if (law->edge[e].dx == x + DX[d] && law->edge[e].dy == y + DY[d] && law->edge[e].side == d)
            return (int)e;
    return -1;
}

/* Each edge's chance is the expected visits to its inside cell over 4: the
 * visits solved here on the diamond's cells directly (Gauss-Seidel in
 * doubles, no turned coordinates), to 1e-9. */
static void test_green(void)
{
    verdict same = {0};
    static const unsigned radii[] = {1, 2, 5, 8};
    for (size_t k = 0; k < sizeof radii / sizeof radii[0]; k++) {
        int r = (int)radii[k], side = 2 * r + 1;
        exit_law law;
        CHECK(exit_law_init(&law, (unsigned)r));
        double *g = calloc((size_t)side * side, sizeof *g), *p = law_chances(&law);
        CHECK(g && p && law.edges == 8u * (unsigned)r + 4);
        if (!g || !p) goto next;
        /* G(c) = [c = 0] + sum over neighbours n inside of G(n) / 4 */
        for (int sweep = 0, moved = 1; moved && sweep < 100000; sweep++) {
            moved = 0;
            for (int y = -r; y <= r; y++)
                for (int x = -r; x <= r; x++) {
                    if (abs(x) + abs(y) > r) continue;
                    double v = x == 0 && y == 0;
                    for (unsigned d = 0; d < 4; d++) {
                        int nx = x + DX[d], ny = y + DY[d];
                        if (abs(nx) + abs(ny) <= r) v += g[(ny + r) * side + nx + r] / 4;
                    }
                    if (fabs(v - g[(y + r) * side + x + r]) > 1e-15) moved = 1;
                    g[(y + r) * side + x + r] = v;
                }
        }
        double total = 0;
        unsigned found = 0;
        for (int y = -r; y <= r; y++)
            for (int x = -r; x <= r; x++)
                for (unsigned d = 0; d < 4; d++) {
                    if (abs(x) + abs(y) > r || abs(x + DX[d]) + abs(y + DY[d]) <= r) continue;
                    int e = edge_index(&law, x, y, d);
                    double want = g[(y + r) * side + x + r] / 4;
                    found += e >= 0;
                    if (e >= 0) total += p[e];
                    verdict_note(&same, e >= 0 && fabs(p[e] - want) < 1e-9,
                                 "radius %d, (%d, %d) side %u: %.12f, solved %.12f", r, x, y, d,
                                 e >= 0 ? p[e] : -1, want);
                }
        verdict_note(&same, found == law.edges && fabs(total - 1) < 1e-12,
                     "radius %d: %u edges of %u, chances sum to %.15f", r, found, law.edges, total);
    next:
        free(g);
        free(p);
        exit_law_free(&law);
    }
    CHECK_ALL(same);
}

/* Chi-square of counts against chances. */
static double chi_square(const double *count, const double *p, unsigned n, double total)
{
    double chi = 0;
    for (unsigned e = 0; e < n; e++) {
        double expect = p[e] * total;
        chi += (count[e] - expect) * (count[e] - expect) / expect;
    }
    return chi;
}

/* Walks step by step from the centre agree with the law (chi-square under
 * its mean plus 6 standard deviations), and the law's draws do too; the
 * same walks fail a law with two edges swapped. */
static void test_walks(void)
{
    static const unsigned radii[] = {2, 8};
    enum { WALKS = 150000, DRAWS = 400000 };
    verdict agree = {0};
    for (size_t k = 0; k < sizeof radii / sizeof radii[0]; k++) {
        int r = (int)radii[k];
        exit_law law;
        CHECK(exit_law_init(&law, (unsigned)r));
        double *p = law_chances(&law), *walked = calloc(law.edges, sizeof *walked),
               *drawn = calloc(law.edges, sizeof *drawn);
        CHECK(p && walked && drawn);
        if (!p || !walked || !drawn) goto next;
        rng_state rng;
        rng_seed(&rng, 2026 + (uint64_t)r);
        for (int n = 0; n < WALKS; n++) {
            int x = 0, y = 0;
            for (;;) {
                unsigned d = (unsigned)(rng_next(&rng) >> 62);
                if (abs(x + DX[d]) + abs(y + DY[d]) > r) {
                    int e = edge_index(&law, x, y, d);
                    if (e >= 0) walked[e]++;
                    break;
                }
                x += DX[d], y += DY[d];
            }
        }
        for (int n = 0; n < DRAWS; n++) drawn[exit_law_draw(&law, rng_next(&rng)) - law.edge]++;
        double dof = law.edges - 1, limit = dof + 6 * sqrt(2 * dof);
        double chi_walked = chi_square(walked, p, law.edges, WALKS);
        double chi_drawn = chi_square(drawn, p, law.edges, DRAWS);
        verdict_note(&agree, chi_walked < limit && chi_drawn < limit,
                     "radius %d: chi-square %.1f walked, %.1f drawn (limit %.0f)", r, chi_walked,
                     chi_drawn, limit);
        /* a planted error: the likeliest and the least likely edge swapped */
        unsigned most = 0, least = 0;
        for (unsigned e = 0; e < law.edges; e++) {
            if (p[e] > p[most]) most = e;
            if (p[e] < p[least]) least = e;
        }
        double keep = p[most];
        p[most] = p[least], p[least] = keep;
        double chi_planted = chi_square(walked, p, law.edges, WALKS);
        verdict_note(&agree, chi_planted > 2 * limit,
                     "radius %d: edges %u and %u swapped, chi-square only %.1f (limit %.0f)", r,
                     most, least, chi_planted, limit);
    next:
        free(p);
        free(walked);
        free(drawn);
        exit_law_free(&law);
    }
    CHECK_ALL(agree);
}

/* The laws aldous-broder uses (radius 8, 16, 32, 64), bit for bit as
 * recorded: the same mazes for a seed on every machine. */
static void test_recorded(void)
{
    uint64_t hash = 0;
    for (unsigned r = 8; r <= 64; r *= 2) {
        exit_law law;
        CHECK(exit_law_init(&law, r));
        if (!law.edge) continue;
        for (size_t b = 0; b < (size_t)1 << law.bits; b++)
            hash = rng_hash(hash, (uint64_t)law.bucket[b].below << 32 |
                                      (uint64_t)law.bucket[b].own << 16 | law.bucket[b].alias);
        for (unsigned e = 0; e < law.edges; e++)
            hash = rng_hash(hash, (uint64_t)(uint16_t)law.edge[e].dx << 32 |
                                      (uint64_t)(uint16_t)law.edge[e].dy << 16 | law.edge[e].side);
        exit_law_free(&law);
    }
    CHECK_MSG(hash == 0x8a30522eaa78eba9u, "hash 0x%016llxu", (unsigned long long)hash);
    exit_law none;
    CHECK(!exit_law_init(&none, 0) && !exit_law_init(&none, 257));
}

static const test_case cases[] = {
    {"green", test_green},
    {"walks", test_walks},
    {"recorded", test_recorded},
};

int main(int argc, char **argv)
{
    return test_main("walk_exit", argc, argv, cases, TEST_COUNT(cases));
}
