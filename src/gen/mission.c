/* Placing a mission on a maze (meiro_maze_add_mission): keys and the doors
 * they open, numbered items, one-way passages. Keys are placed so the
 * puzzle is as promised by construction (doors on the one way to G, key i
 * past door i - 1); the search in solve/ proves the answer unique. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/mission.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>
#include <string.h>

#define FAR UINT32_MAX /* not an enum: an enum constant must fit an int (clang -Wpedantic) */

/* The rectangle's open, in-maze sides of cell i (no weave here). */
static unsigned open_sides(const meiro_maze *m, size_t i)
{
    uint32_t x = (uint32_t)(i % m->w), y = (uint32_t)(i / m->w);
    unsigned open = 0;
    for (unsigned d = 0; d < DIR_COUNT; d++)
        if (cell_open(m, x, y, d) && cell_active(m, cell_neighbour(m, x, y, d))) open |= dir_bit(d);
    return open;
}

static size_t step_id(const meiro_maze *m, size_t i, unsigned d)
{
    return i + (size_t)((ptrdiff_t)DIR_DY[d] * (ptrdiff_t)m->w + DIR_DX[d]);
}

/* Breadth-first distances from the n cells src (dist[i] FAR: not reached);
 * with tag, each cell reached takes the tag of the source it came from. */
static void distances(const meiro_maze *m, const size_t *src, size_t n, uint32_t *dist,
                      uint32_t *tag, size_t *queue)
{
    size_t total = maze_total(m), head = 0, tail = 0;
    for (size_t i = 0; i < total; i++) dist[i] = FAR;
    for (size_t k = 0; k < n; k++)
        if (dist[src[k]] == FAR) dist[src[k]] = 0, queue[tail++] = src[k];
    while (head < tail) {
        size_t i = queue[head++];
        unsigned open = open_sides(m, i);
        for (unsigned d = 0; d < DIR_COUNT; d++) {
            if (!(open & dir_bit(d))) continue;
            size_t j = step_id(m, i, d);
            if (dist[j] != FAR) continue;
            dist[j] = dist[i] + 1;
            if (tag) tag[j] = tag[i];
            queue[tail++] = j;
        }
    }
}

/* The way from a down the distances to their source (the first side in
 * order at each step): writes the cells into way (if not NULL) and marks
 * each step's side in used[cell]; returns the number of cells. */
static size_t descend(const meiro_maze *m, size_t a, const uint32_t *dist, size_t *way,
                      uint8_t *used)
{
    size_t n = 0, i = a;
    if (way) way[n] = i;
    n++;
    while (dist[i] > 0) {
        unsigned open = open_sides(m, i), d = 0;
        while (!(open & dir_bit(d)) || dist[step_id(m, i, d)] != dist[i] - 1) d++;
        if (used) used[i] |= (uint8_t)dir_bit(d);
        i = step_id(m, i, d);
        if (way) way[n] = i;
        n++;
    }
    return n;
}

meiro_status meiro_mission_from_name(const char *spec, meiro_mission_options *opt, meiro_error *err)
{
    static const struct {
        const char *name;
        meiro_mission_kind kind;
        unsigned max;
    } kinds[] = {{"keys", MEIRO_MISSION_KEYS, MISSION_MAX_KEYS},
                 {"collect", MEIRO_MISSION_COLLECT, MISSION_MAX_ITEMS}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t len = strlen(kinds[k].name);
        if (strncmp(spec, kinds[k].name, len) != 0 || spec[len] != ':') continue;
        const char *p = spec + len + 1;
        unsigned v = 0;
        bool digits = *p != '\0';
        for (; *p >= '0' && *p <= '9' && v <= kinds[k].max; p++) v = v * 10 + (unsigned)(*p - '0');
        if (!digits || *p || v < 1 || v > kinds[k].max)
            return fail(err, MEIRO_ERROR_ARGUMENT,
                        N_("mission '%s': %s takes a count from 1 to %u"), spec, kinds[k].name,
                        kinds[k].max);
        opt->kind = kinds[k].kind;
        opt->count = v;
        return MEIRO_OK;
    }
    return fail(err, MEIRO_ERROR_ARGUMENT,
                N_("unknown mission '%s': keys:K (K keys and doors) or collect:N (N items in "
                   "order)"),
                spec);
}

static meiro_status check(const meiro_maze *m, const meiro_mission_options *opt, meiro_error *err)
{
    if (m->grid != MEIRO_GRID_RECT)
        return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                          "a mission maze needs the rect grid, not %s",
                          meiro_grid_name((meiro_grid)m->grid));
    if (m->weave) return fail(err, MEIRO_ERROR_ARGUMENT, "a weave maze cannot have a mission yet");
    /* its doors and arrows are placed on a rectangle's own sides */
    if (m->wrap) return fail(err, MEIRO_ERROR_ARGUMENT, "--wrap cannot go with --mission and --one-way yet");
    if (m->levels)
        return fail(err, MEIRO_ERROR_ARGUMENT, "a multi-level maze cannot have a mission yet");
    if (meiro_maze_has_mission(m))
        return fail(err, MEIRO_ERROR_ARGUMENT, "the maze has a mission already");
    if (opt->one_way > 100)
        return fail(err, MEIRO_ERROR_ARGUMENT, "one-way must be a percentage, 0 to 100 (not %u)",
                    opt->one_way);
    unsigned max = opt->kind == MEIRO_MISSION_KEYS ? MISSION_MAX_KEYS : MISSION_MAX_ITEMS;
    if (opt->kind > MEIRO_MISSION_COLLECT || (opt->kind && (opt->count < 1 || opt->count > max)))
        return fail(err, MEIRO_ERROR_ARGUMENT, "a mission of kind %u takes 1 to %u marks, not %u",
                    (unsigned)opt->kind, max, opt->count);
    if (opt->kind == MEIRO_MISSION_KEYS) {
        bool perfect = false;
        meiro_status s = meiro_maze_is_perfect(m, &perfect, err);
        if (s != MEIRO_OK) return s;
        if (!perfect)
            return fail_field(err, MEIRO_FIELD_LOOPS, MEIRO_ERROR_ARGUMENT,
                              "keys and doors need a perfect maze (no loops): with a loop a door "
                              "could be walked round");
    }
    return MEIRO_OK;
}

typedef struct work {
    uint32_t *dist, *tag;
    size_t *queue, *way;
    uint8_t *used;
} work;

static bool is_end(const meiro_maze *m, size_t i)
{
    return i == cell_index(m, m->start.x, m->start.y) || i == cell_index(m, m->goal.x, m->goal.y);
}

/* Doors on the way from S to G, evenly spaced with a little jitter, and
 * key i at the cell farthest off the way among those reached past door i - 1
 * and before door i. */
static meiro_status place_keys(const meiro_maze *m, maze_mission *mi, unsigned keys, rng_state *rng,
                               work *w, meiro_error *err)
{
    size_t total = maze_total(m), g = cell_index(m, m->goal.x, m->goal.y);
    distances(m, &g, 1, w->dist, NULL, w->queue);
    size_t s = cell_index(m, m->start.x, m->start.y);
    size_t len = descend(m, s, w->dist, w->way, NULL); /* S .. G */
    if (len - 1 < (size_t)keys + 1)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "the way from S to G is %zu steps: %u keys need at least %u", len - 1, keys,
                    keys + 1);
    for (size_t k = 0; k < len; k++) w->tag[w->way[k]] = (uint32_t)k;
    distances(m, w->way, len, w->dist, w->tag, w->queue); /* depth off the way, where it joins */
    uint64_t steps = len - 1;
    size_t prev = 0;
    for (unsigned k = 0; k < keys; k++) {
        uint64_t lo = (uint64_t)(k + 1) * steps / (keys + 1),
                 hi = (uint64_t)(k + 2) * steps / (keys + 1);
        uint32_t room = (uint32_t)((hi - lo) / 2);
        size_t door = (size_t)lo + (room ? rng_below(rng, room) : 0); /* passage door..door+1 */
        /* the key: deepest cell joining the way in (prev door, door] (k = 0: [0, door]) */
        size_t best = total;
        uint32_t depth = 0, ties = 0;
        for (size_t i = 0; i < total; i++) {
            if (w->dist[i] == FAR || is_end(m, i)) continue;
            size_t t = w->tag[i];
            if (t > door || (k > 0 && t <= prev)) continue;
            if (best == total || w->dist[i] > depth) best = i, depth = w->dist[i], ties = 1;
            else if (w->dist[i] == depth && rng_below(rng, ++ties) == 0) best = i;
        }
        if (best == total)
            return fail(err, MEIRO_ERROR_ARGUMENT, "no room for key %u before its door", k + 1);
        mi->mark[k] = (meiro_cell){(uint32_t)(best % m->w), (uint32_t)(best / m->w)};
        size_t a = w->way[door], b = w->way[door + 1];
        size_t lower = a < b ? a : b; /* the door is kept on the cell west or north of it */
        mi->door[k] = (meiro_cell){(uint32_t)(lower % m->w), (uint32_t)(lower / m->w)};
        mi->door_side[k] = (uint8_t)((a > b ? a - b : b - a) == 1 ? MEIRO_EAST : MEIRO_SOUTH);
        prev = door;
    }
    return MEIRO_OK;
}

/* N distinct cells other than S and G, dead ends first, in a random order. */
static meiro_status place_items(const meiro_maze *m, maze_mission *mi, unsigned items,
                                rng_state *rng, work *w, meiro_error *err)
{
    size_t total = maze_total(m), n = 0;
    for (int pass = 0; pass < 2 && n < items; pass++) {
        n = 0;
        for (size_t i = 0; i < total; i++) {
            if (!cell_active(m, i) || is_end(m, i)) continue;
            unsigned open = open_sides(m, i);
            if (pass == 1 || (open && !(open & (open - 1)))) w->queue[n++] = i;
        }
    }
    if (n < items)
        return fail(err, MEIRO_ERROR_ARGUMENT, "the maze has room for %zu items, not %u", n, items);
    for (unsigned k = 0; k < items; k++) { /* the first `items` of a shuffle */
        size_t j = k + rng_below(rng, (uint32_t)(n - k));
        size_t t = w->queue[k];
        w->queue[k] = w->queue[j], w->queue[j] = t;
        mi->mark[k] = (meiro_cell){(uint32_t)(w->queue[k] % m->w), (uint32_t)(w->queue[k] / m->w)};
    }
    return MEIRO_OK;
}

/* One-way passages: the intended way (S, the marks in order, G, each leg a
 * shortest one) marks the sides it leaves cells by in w->used; a drawn
 * passage it uses one way turns that way, one it uses both ways stays, any
 * other points towards the way (down its distance from the way's cells). */
static meiro_status place_one_way(meiro_maze *m, maze_mission *mi, unsigned percent, rng_state *rng,
                                  work *w, meiro_error *err)
{
    size_t total = maze_total(m);
    mi->blocked = zalloc(total, 1);
    if (!mi->blocked) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for one-way passages");
    memset(w->used, 0, total);
    size_t stops[MISSION_MAX_ITEMS + 2], n = 0;
    stops[n++] = cell_index(m, m->start.x, m->start.y);
    for (unsigned k = 0; k < mi->count; k++)
        stops[n++] = cell_index(m, mi->mark[k].x, mi->mark[k].y);
    stops[n++] = cell_index(m, m->goal.x, m->goal.y);
    for (size_t k = 0; k + 1 < n; k++) {
        distances(m, &stops[k + 1], 1, w->dist, NULL, w->queue);
        descend(m, stops[k], w->dist, NULL, w->used);
    }
    size_t on = 0;
    for (size_t i = 0; i < total; i++)
        if (w->used[i] || i == stops[n - 1]) w->way[on++] = i;
    distances(m, w->way, on, w->dist, NULL, w->queue);
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++)
            for (unsigned d = MEIRO_EAST; d <= MEIRO_SOUTH; d++) {
                size_t i = cell_index(m, x, y);
                if ((d == MEIRO_EAST ? x + 1 >= m->w : y + 1 >= m->h) || !cell_open(m, x, y, d))
                    continue;
                size_t j = step_id(m, i, d);
                unsigned back = dir_opposite((meiro_dir)d);
                uint32_t r = rng_below(rng, 100), coin = rng_below(rng, 2); /* both drawn always */
                /* a door is never one-way too (core/mission.c: mission_ok) */
                if (!cell_active(m, i) || !cell_active(m, j) || r >= percent ||
                    mission_door_at(mi, m, i, d) >= 0)
                    continue;
                bool fwd = w->used[i] & dir_bit(d), bwd = w->used[j] & dir_bit(back);
                if (fwd && bwd) continue;
                bool i_to_j = fwd                        ? true
                              : bwd                      ? false
                              : w->dist[i] != w->dist[j] ? w->dist[i] > w->dist[j]
                                                         : coin;
                if (i_to_j) mi->blocked[j] |= (uint8_t)dir_bit(back);
                else mi->blocked[i] |= (uint8_t)dir_bit(d);
                mi->one_way++;
            }
    return MEIRO_OK;
}

meiro_status meiro_maze_add_mission(meiro_maze *maze, const meiro_mission_options *opt,
                                    meiro_error *err)
{
    if (!opt->kind && !opt->one_way) return MEIRO_OK; /* nothing asked */
    meiro_status s = check(maze, opt, err);
    if (s != MEIRO_OK) return s;
    size_t total = maze_total(maze);
    work w = {zalloc_big(total, sizeof *w.dist), zalloc_big(total, sizeof *w.tag),
              zalloc_big(total, sizeof *w.queue), zalloc_big(total, sizeof *w.way),
              zalloc_big(total, 1)};
    maze_mission *mi = zalloc(1, sizeof *mi);
    if (!w.dist || !w.tag || !w.queue || !w.way || !w.used || !mi) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory placing the mission");
        goto done;
    }
    rng_state rng;
    rng_seed(&rng, rng_hash(0x6d697373696f6eull, opt->seed)); /* apart from the generator's draws */
    mi->kind = (uint8_t)opt->kind;
    mi->count = (uint8_t)(opt->kind ? opt->count : 0);
    mi->one_way_asked = (uint8_t)opt->one_way;
    if (opt->kind == MEIRO_MISSION_KEYS) s = place_keys(maze, mi, opt->count, &rng, &w, err);
    else if (opt->kind == MEIRO_MISSION_COLLECT)
        s = place_items(maze, mi, opt->count, &rng, &w, err);
    if (s == MEIRO_OK && opt->one_way) s = place_one_way(maze, mi, opt->one_way, &rng, &w, err);
    if (s == MEIRO_OK) {
        maze->mission = mi;
        mi = NULL;
    }
done:
    mission_free(mi);
    free(w.dist);
    free(w.tag);
    free(w.queue);
    free(w.way);
    free(w.used);
    return s;
}
