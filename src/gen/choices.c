/* --choices N: a maze whose way from S to G has exactly N decision points
 * (cells of the way with three or more openings: meiro_stats.decisions),
 * for mazes for therapy (a set number of choices, ABLLS-R B27). Built so,
 * on the maze the generator made and S and G where they were put:
 *
 * 1. The way is walked anew from S to G, a random walk leaning towards G
 *    that backs up when stuck and never takes a cell whose taking would cut
 *    the cells left over in two (their free neighbours must stay joined
 *    within three steps around it), but for the last cell before G. So the
 *    cells off the way are one piece, or the two sides of a way from edge
 *    to edge, and few more.
 * 2. Each piece gets a port: a cell of the way beside it, a cell beside
 *    two pieces serving both (one decision); G may take one piece (a
 *    branch past the goal is no choice on the way). More ports, anywhere
 *    along the way, until there are N.
 * 3. Each port opens into one cell beside it (a root) per piece it serves;
 *    the rest grows from the roots as a forest, the generator's own
 *    passages first (its texture kept), then any wall, never joining two
 *    roots' trees: so no other cell of the way gains an opening, and every
 *    wrong turn ends in a dead end.
 *
 * The maze stays perfect and every cell is reached. A way whose pieces
 * need more ports than N (the two sides of a way from edge to edge, on a
 * grid of three-sided cells, where a port serves one) is walked once more
 * along the edge, which leaves one side empty; a way that still cannot hold
 * N choices is refused. No generator is run again. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/grid.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    ON_WAY = 1,  /* a cell of the way */
    WALKED = 2,  /* the walk has been here (and may have backed out) */
    USED = 4,    /* a root, or a port, already */
    BALL_R = 3,  /* steps around a cell the pieces must stay joined within */
    BALL_MAX = 512,
    PIECES_MAX = 64,
    /* the cells a choice takes, the way on to the next one included: with
     * these the way walked holds them (tests/test_algorithms.c, choices:
     * every grid and level, down to a child's 43-cell polar maze) */
    CELLS_A_CHOICE = 8
};

typedef struct walk {
    meiro_maze *m;
    size_t n, goal;
    uint8_t *state;
    uint32_t *stamp, tick; /* the ball's cells: 2 tick; reached: 2 tick + 1 */
    size_t ball[BALL_MAX];
} walk;

static bool free_cell(const walk *w, size_t id) { return !(w->state[id] & ON_WAY); }

/* Whether taking cell c for the way leaves its free neighbours joined
 * through free cells within BALL_R steps of c (a ball too large to look
 * through says no). */
static bool keeps_joined(walk *w, size_t c)
{
    size_t next[GRID_MAX_SIDES], nb[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES], count = 0;
    unsigned links = grid_links(w->m, grid_at_id(w->m, c), next, back);
    FOR_EACH_SIDE_IN (s, links)
        if (free_cell(w, next[s])) nb[count++] = next[s];
    if (count <= 1) return true;
    uint32_t in = 2 * ++w->tick, reached = in + 1;
    size_t len = 0, head = 0, depth_end = 0;
    w->ball[len++] = c;
    w->stamp[c] = in;
    for (unsigned depth = 0; depth < BALL_R; depth++) { /* the ball, by rings */
        depth_end = len;
        for (; head < depth_end; head++) {
            links = grid_links(w->m, grid_at_id(w->m, w->ball[head]), next, back);
            FOR_EACH_SIDE_IN (s, links) {
                size_t t = next[s];
                if (w->stamp[t] >= in) continue;
                if (len == BALL_MAX) return false;
                w->stamp[t] = in;
                w->ball[len++] = t;
            }
        }
    }
    /* from the first free neighbour through the ball's free cells, c left out */
    size_t queue[BALL_MAX], qh = 0, qt = 0;
    queue[qt++] = nb[0];
    w->stamp[nb[0]] = reached;
    w->stamp[c] = reached;
    while (qh < qt) {
        links = grid_links(w->m, grid_at_id(w->m, queue[qh++]), next, back);
        FOR_EACH_SIDE_IN (s, links) {
            size_t t = next[s];
            if (w->stamp[t] != in || !free_cell(w, t)) continue;
            w->stamp[t] = reached;
            queue[qt++] = t;
        }
    }
    for (unsigned k = 1; k < count; k++)
        if (w->stamp[nb[k]] != reached) return false;
    return true;
}

/* The side of cell a whose neighbour is b (walls not counted), or
 * GRID_MAX_SIDES when b is not beside it. */
static unsigned side_to(const meiro_maze *m, size_t a, size_t b)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    unsigned links = grid_links(m, grid_at_id(m, a), next, back);
    FOR_EACH_SIDE_IN (s, links)
        if (next[s] == b) return s;
    return GRID_MAX_SIDES;
}

/* Steps from every cell to G, walls not counted (dist[G] = 0). */
static void steps_to(const meiro_maze *m, size_t goal, uint32_t *dist, size_t *queue)
{
    size_t n = grid_total(m), head = 0, tail = 0, next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (size_t i = 0; i < n; i++) dist[i] = UINT32_MAX;
    dist[goal] = 0;
    queue[tail++] = goal;
    while (head < tail) {
        size_t i = queue[head++];
        unsigned links = grid_links(m, grid_at_id(m, i), next, back);
        FOR_EACH_SIDE_IN (s, links)
            if (dist[next[s]] == UINT32_MAX) dist[next[s]] = dist[i] + 1, queue[tail++] = next[s];
    }
}

/* The way from S to G into way[] (its length returned): the walk of the
 * file's comment, or, should it back up all the way to S, the shortest way
 * down dist. Until it is `least` cells long, it leans away from G and
 * passes it by, so that a way meant for many choices has the cells for
 * them. `hug`: every step to the cell with the fewest free neighbours,
 * along the maze's edge and the way itself, so that the cells off the way
 * stay on one side of it. */
static size_t walk_way(walk *w, size_t start, const uint32_t *dist, size_t least, bool hug,
                       size_t *way, rng_state *rng)
{
    size_t len = 0, next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    way[len++] = start;
    w->state[start] |= ON_WAY | WALKED;
    while (len && way[len - 1] != w->goal) {
        size_t h = way[len - 1];
        bool home = len >= least; /* long enough: on to G */
        unsigned links = grid_links(w->m, grid_at_id(w->m, h), next, back), open = 0, near = 0;
        int to_goal = -1;
        FOR_EACH_SIDE_IN (s, links) {
            size_t c = next[s];
            if (c == w->goal) to_goal = (int)s;
            if (w->state[c] & WALKED) continue;
            bool by_goal = side_to(w->m, c, w->goal) < GRID_MAX_SIDES;
            if ((home && by_goal) || keeps_joined(w, c)) open |= 1u << s;
            if (by_goal) near |= 1u << s;
        }
        if (to_goal >= 0 && (home || !open)) open = 1u << to_goal;
        else if (!home && open & ~near) open &= ~near; /* G's surroundings kept for later */
        if (!open) { /* stuck: back up */
            w->state[h] &= (uint8_t)~ON_WAY;
            len--;
            continue;
        }
        unsigned pick = rng_pick_bit(rng, open), fewest = GRID_MAX_SIDES + 1;
        if (hug) {
            size_t around[GRID_MAX_SIDES];
            unsigned back2[GRID_MAX_SIDES];
            FOR_EACH_SIDE_IN (s, open) {
                unsigned free_n = 0, l = grid_links(w->m, grid_at_id(w->m, next[s]), around, back2);
                FOR_EACH_SIDE_IN (t, l) free_n += free_cell(w, around[t]);
                if (free_n < fewest) fewest = free_n, pick = s;
            }
        } else if (rng_below(rng, 2)) /* half the steps lean to G, or away while too short */
            FOR_EACH_SIDE_IN (s, open)
                if (home ? dist[next[s]] < dist[next[pick]] : dist[next[s]] > dist[next[pick]])
                    pick = s;
        way[len++] = next[pick];
        w->state[next[pick]] |= ON_WAY | WALKED;
    }
    if (len) return len;
    /* not met so far; the shortest way then */
    size_t h = start;
    way[len++] = h;
    w->state[h] |= ON_WAY;
    while (h != w->goal) {
        unsigned links = grid_links(w->m, grid_at_id(w->m, h), next, back);
        FOR_EACH_SIDE_IN (s, links)
            if (dist[next[s]] + 1 == dist[h]) {
                h = next[s];
                break;
            }
        way[len++] = h;
        w->state[h] |= ON_WAY;
    }
    return len;
}

/* Union-find over the cells, for the forest (grow). */
static size_t find(uint32_t *up, size_t i)
{
    while (up[i] != i) up[i] = up[up[i]], i = up[i];
    return i;
}

static void set_want(const meiro_maze *m, uint8_t *want, size_t a, unsigned side)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    grid_links(m, grid_at_id(m, a), next, back);
    want[a] |= (uint8_t)(1u << side);
    want[next[side]] |= (uint8_t)(1u << back[side]);
}

/* The pieces beside way cell i (bits of piece numbers). */
static uint64_t pieces_beside(const meiro_maze *m, const uint32_t *piece, size_t i)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    uint64_t bits = 0;
    unsigned links = grid_links(m, grid_at_id(m, i), next, back);
    FOR_EACH_SIDE_IN (s, links)
        if (piece[next[s]] < PIECES_MAX) bits |= UINT64_C(1) << piece[next[s]];
    return bits;
}

/* The fewest ports (greedy) that serve the pieces `need`, from the way's
 * cells 1 .. len - 2 in the order `order`; into ports[] with the pieces
 * each serves, their count returned. */
static size_t cover(const meiro_maze *m, const uint32_t *piece, const size_t *way,
                    const size_t *order, size_t inner, uint64_t need, size_t *ports,
                    uint64_t *serves)
{
    size_t count = 0;
    while (need) {
        size_t best = 0;
        uint64_t best_bits = 0;
        for (size_t k = 0; k < inner; k++) {
            uint64_t bits = pieces_beside(m, piece, way[order[k]]) & need;
            if (__builtin_popcountll(bits) > __builtin_popcountll(best_bits))
                best = order[k], best_bits = bits;
        }
        if (!best_bits) return SIZE_MAX;
        ports[count] = best, serves[count++] = best_bits;
        need &= ~best_bits;
    }
    return count;
}

/* The free cells beside way cell `at` in piece p (any piece: PIECES_MAX)
 * not roots yet, as sides of `at`. */
static unsigned roots_beside(const walk *w, const uint32_t *piece, size_t at, uint32_t p,
                             size_t next[GRID_MAX_SIDES])
{
    unsigned back[GRID_MAX_SIDES], ok = 0;
    unsigned links = grid_links(w->m, grid_at_id(w->m, at), next, back);
    FOR_EACH_SIDE_IN (s, links)
        if (piece[next[s]] < PIECES_MAX && (p == PIECES_MAX || piece[next[s]] == p) &&
            !(w->state[next[s]] & USED))
            ok |= 1u << s;
    return ok;
}

/* Of those, one beside the fewest cells of the way (the others' roots
 * left to them), else at random; GRID_NONE if none. */
static size_t root_beside(const walk *w, const uint32_t *piece, size_t at, uint32_t p,
                          rng_state *rng)
{
    size_t next[GRID_MAX_SIDES], around[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES], ok = roots_beside(w, piece, at, p, next), least = UINT32_MAX;
    if (!ok) return GRID_NONE;
    unsigned pick = rng_pick_bit(rng, ok);
    FOR_EACH_SIDE_IN (s, ok) {
        unsigned ways = 0, links = grid_links(w->m, grid_at_id(w->m, next[s]), around, back);
        FOR_EACH_SIDE_IN (t, links) ways += !free_cell(w, around[t]);
        if (ways < least || (ways == least && s == pick)) least = ways, pick = s;
    }
    return next[pick];
}

typedef struct plan {
    size_t *way, len;
    uint32_t *piece; /* each free cell's piece; UINT32_MAX on the way */
    size_t pieces;
    size_t *roots; /* pairs: the way cell (or G), the root beside it */
    size_t root_count;
} plan;

/* The cells off the way in pieces (cells joined side to side). */
static meiro_status find_pieces(const walk *w, plan *p, size_t *queue, meiro_error *err)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (size_t i = 0; i < w->n; i++) p->piece[i] = UINT32_MAX;
    p->pieces = 0;
    for (size_t i = 0; i < w->n; i++) {
        if (!free_cell(w, i) || p->piece[i] != UINT32_MAX || !grid_active(w->m, i)) continue;
        if (p->pieces == PIECES_MAX)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        "--choices: the way cut the maze in more than %d parts", PIECES_MAX);
        size_t head = 0, tail = 0;
        p->piece[i] = (uint32_t)p->pieces;
        queue[tail++] = i;
        while (head < tail) {
            unsigned links = grid_links(w->m, grid_at_id(w->m, queue[head]), next, back);
            head++;
            FOR_EACH_SIDE_IN (s, links) {
                size_t t = next[s];
                if (!free_cell(w, t) || p->piece[t] != UINT32_MAX) continue;
                p->piece[t] = (uint32_t)p->pieces;
                queue[tail++] = t;
            }
        }
        p->pieces++;
    }
    return MEIRO_OK;
}

/* The ports and their roots (step 2 of the file's comment) into p->roots. */
static meiro_status choose_ports(walk *w, plan *p, unsigned n, size_t *scratch, bool *too_few,
                                 rng_state *rng, meiro_error *err)
{
    size_t inner = p->len >= 2 ? p->len - 2 : 0; /* the way's cells but S and G */
    size_t *order = scratch, ports[PIECES_MAX];
    uint64_t serves[PIECES_MAX] = {0}, all = p->pieces == PIECES_MAX
                                                 ? UINT64_MAX
                                                 : (UINT64_C(1) << p->pieces) - 1;
    for (size_t k = 0; k < inner; k++) order[k] = k + 1;
    for (size_t k = inner; k > 1; k--) { /* a random order */
        size_t j = rng_below(rng, (uint32_t)k), t = order[k - 1];
        order[k - 1] = order[j], order[j] = t;
    }
    uint64_t reach = 0, at_goal = pieces_beside(w->m, p->piece, w->goal);
    for (size_t k = 0; k < inner; k++) reach |= pieces_beside(w->m, p->piece, p->way[order[k]]);
    /* a piece no port reaches hangs from G; so may one more, if N is fewer
     * than the ports all pieces need */
    uint64_t from_goal = all & ~reach;
    if (from_goal & (from_goal - 1) || from_goal & ~at_goal)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--choices %u: the way leaves parts of this maze it cannot reach", n);
    size_t count = cover(w->m, p->piece, p->way, order, inner, all & ~from_goal, ports, serves);
    for (uint64_t g = from_goal ? 0 : at_goal; count != SIZE_MAX && count > n && g; g &= g - 1) {
        uint64_t one = g & -g;
        size_t c = cover(w->m, p->piece, p->way, order, inner, all & ~one, ports, serves);
        if (c < count) count = c, from_goal = one;
    }
    if (count != SIZE_MAX) /* the cover chosen again, into ports[] */
        count = cover(w->m, p->piece, p->way, order, inner, all & ~from_goal, ports, serves);
    *too_few = count != SIZE_MAX && count > n;
    if (count == SIZE_MAX || count > n)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--choices %u: this maze's way needs at least %zu choices to reach every part "
                    "of it; ask for more",
                    n, count == SIZE_MAX ? (size_t)p->pieces : count);
    p->root_count = 0;
    if (from_goal) {
        size_t r = root_beside(w, p->piece, w->goal, (uint32_t)__builtin_ctzll(from_goal), rng);
        w->state[r] |= USED;
        p->roots[2 * p->root_count] = w->goal, p->roots[2 * p->root_count++ + 1] = r;
    }
    for (size_t k = 0; k < count; k++) {
        size_t at = p->way[ports[k]];
        w->state[at] |= USED; /* a port: no second turn as an extra one */
        for (uint64_t b = serves[k]; b; b &= b - 1) {
            size_t r = root_beside(w, p->piece, at, (uint32_t)__builtin_ctzll(b), rng);
            w->state[r] |= USED;
            p->roots[2 * p->root_count] = at, p->roots[2 * p->root_count++ + 1] = r;
        }
    }
    /* more, along the way: first the cells with one root left beside
     * them, whose root another might take */
    size_t next[GRID_MAX_SIDES];
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < inner && count < n; k++) {
            size_t at = p->way[order[k]], r;
            if (w->state[at] & USED) continue;
            unsigned ok = roots_beside(w, p->piece, at, PIECES_MAX, next);
            if ((pass == 0 && (!ok || ok & (ok - 1))) ||
                (r = root_beside(w, p->piece, at, PIECES_MAX, rng)) == GRID_NONE)
                continue;
            w->state[at] |= USED, w->state[r] |= USED;
            p->roots[2 * p->root_count] = at, p->roots[2 * p->root_count++ + 1] = r;
            count++;
        }
    if (count < n)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--choices %u: this maze's way holds at most %zu choices; ask for fewer, or "
                    "a larger maze",
                    n, count);
    return MEIRO_OK;
}

/* Step 3: the forest from the roots, the generator's passages first, then
 * every wall; *want gets the passages of the finished maze. tree[] of a
 * set's representative: its root's number + 1, 0 for a set with none. */
static void grow(walk *w, const plan *p, uint32_t *up, uint32_t *tree, uint8_t *want,
                 rng_state *rng)
{
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (size_t i = 0; i < w->n; i++) up[i] = (uint32_t)i, tree[i] = 0, want[i] = 0;
    for (size_t k = 0; k + 1 < p->len; k++)
        set_want(w->m, want, p->way[k], side_to(w->m, p->way[k], p->way[k + 1]));
    for (size_t k = 0; k < p->root_count; k++) {
        size_t at = p->roots[2 * k], r = p->roots[2 * k + 1];
        set_want(w->m, want, at, side_to(w->m, at, r));
        tree[r] = (uint32_t)k + 1;
    }
    for (int pass = 0; pass < 2; pass++) {
        perm_stream order;
        perm_stream_init(&order, w->n, rng);
        for (size_t k = 0; k < w->n; k++) {
            uint64_t later;
            size_t i = (size_t)perm_stream_next(&order, &later);
            if (p->piece[i] == UINT32_MAX) continue;
            unsigned sides = grid_links(w->m, grid_at_id(w->m, i), next, back);
            if (pass == 0) sides &= grid_open_sides(w->m, i); /* the generator's own */
            FOR_EACH_SIDE_IN (s, sides) {
                size_t j = next[s];
                if (p->piece[j] == UINT32_MAX) continue;
                size_t a = find(up, i), b = find(up, j);
                if (a == b || (tree[a] && tree[b])) continue; /* a loop, or two roots joined */
                up[a] = (uint32_t)b;
                if (!tree[b]) tree[b] = tree[a];
                set_want(w->m, want, i, s);
            }
        }
    }
}

meiro_status maze_choices(meiro_maze *m, unsigned n, rng_state *rng, meiro_error *err)
{
    size_t total = grid_total(m), cells = (size_t)m->active_count;
    if (n == 0 || (uint64_t)n * CELLS_A_CHOICE > cells)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--choices takes 1 to %zu on a maze of %zu cells (a choice wants %d: its "
                    "turn, a dead end off it and the way on), not %u",
                    cells / CELLS_A_CHOICE, cells, CELLS_A_CHOICE, n);
    walk w = {m, total, grid_id(m, m->goal), NULL, NULL, 0, {0}};
    plan p = {0};
    w.state = zalloc(total, 1);
    w.stamp = zalloc(total, sizeof *w.stamp);
    uint32_t *dist = alloc_array(total, sizeof *dist), *up = alloc_array(total, sizeof *up);
    size_t *queue = alloc_array(total, sizeof *queue);
    p.way = alloc_array(total, sizeof *p.way);
    p.piece = alloc_array(total, sizeof *p.piece);
    p.roots = alloc_array(2 * (size_t)n + 2 * PIECES_MAX + 2, sizeof *p.roots);
    meiro_status s = MEIRO_OK;
    if (!w.state || !w.stamp || !dist || !up || !queue || !p.way || !p.piece || !p.roots) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for --choices");
        goto done;
    }
    steps_to(m, w.goal, dist, queue);
    /* a way whose sides need more choices than asked (each side of a way
     * from edge to edge its own, on a grid of three-sided cells) is walked
     * once more along the edge, with the cells off it on one side */
    bool too_few = false;
    for (int hug = 0; hug < 2 && (hug == 0 || too_few); hug++) {
        memset(w.state, 0, total);
        p.len = walk_way(&w, grid_id(m, m->start), dist, hug ? 0 : 3 * (size_t)n + 2, hug, p.way,
                         rng);
        s = find_pieces(&w, &p, queue, err);
        if (s == MEIRO_OK) s = choose_ports(&w, &p, n, queue, &too_few, rng, err);
    }
    if (s != MEIRO_OK) goto done;
    uint8_t *want = (uint8_t *)w.stamp; /* done with the stamps: reused */
    grow(&w, &p, up, dist, want, rng);
    size_t next[GRID_MAX_SIDES];
    unsigned back[GRID_MAX_SIDES];
    for (size_t i = 0; i < total; i++) { /* the walls that change, told to the observer */
        unsigned links = grid_links(m, grid_at_id(m, i), next, back), open = grid_open_sides(m, i);
        FOR_EACH_SIDE_IN (d, links)
            if (next[d] > i && ((want[i] ^ open) >> d & 1u)) grid_set_side(m, i, d, want[i] >> d & 1u);
    }
done:
    free(w.state);
    free(w.stamp);
    free(dist);
    free(up);
    free(queue);
    free(p.way);
    free(p.piece);
    free(p.roots);
    return s;
}
