/* The solver of mission mazes: a breadth-first search over states (a cell
 * and the keys held, or the items collected so far), one-way passages
 * obeyed, counting the shortest walks to prove the answer unique. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/mission.h"
#include "solve/solve.h"

#include <stdlib.h>

/* States are layer * total + cell id; a few bytes each, so the search is
 * bounded (16 bytes a state: at most 128 MB). */
enum { MAX_STATES = 1u << 23 };
static const uint32_t UNSEEN = UINT32_MAX;

typedef struct space {
    const meiro_maze *m;
    const maze_mission *mi; /* NULL: a plain maze */
    size_t total;
    unsigned layers, kind, count;
} space;

/* The layer after entering cell id: a key taken, or the next item. */
static unsigned pick_up(const space *sp, size_t id, unsigned layer)
{
    if (!sp->mi) return layer;
    int k = mission_mark_at(sp->mi, sp->m, id);
    if (k < 0) return layer;
    if (sp->kind == MEIRO_MISSION_KEYS) return layer | (1u << k);
    if (sp->kind == MEIRO_MISSION_COLLECT && (unsigned)k == layer) return layer + 1;
    return layer;
}

/* The state a step through side d of state (id, layer) leads to, or
 * SIZE_MAX when a wall, a locked door or an arrow forbids it. */
static size_t step(const space *sp, size_t id, unsigned layer, unsigned d)
{
    const meiro_maze *m = sp->m;
    uint32_t x = (uint32_t)(id % m->w), y = (uint32_t)(id / m->w);
    if ((d == MEIRO_NORTH && y == 0) || (d == MEIRO_WEST && x == 0) ||
        (d == MEIRO_EAST && x + 1 >= m->w) || (d == MEIRO_SOUTH && y + 1 >= m->h) ||
        !cell_open(m, x, y, d))
        return SIZE_MAX;
    size_t j = cell_neighbour(m, x, y, d);
    if (!cell_active(m, j)) return SIZE_MAX;
    if (sp->mi) {
        if (sp->mi->blocked && (sp->mi->blocked[id] & dir_bit(d))) return SIZE_MAX;
        int door = mission_door_at(sp->mi, m, id, d);
        if (door >= 0 && !(layer & (1u << door))) return SIZE_MAX;
    }
    return (size_t)pick_up(sp, j, layer) * sp->total + j;
}

static bool is_goal(const space *sp, size_t state)
{
    const meiro_maze *m = sp->m;
    return state % sp->total == cell_index(m, m->goal.x, m->goal.y) &&
           (sp->kind != MEIRO_MISSION_COLLECT || state / sp->total == sp->count);
}

/* The walk back from `goal` to the start state: each step to a state one
 * nearer that steps to this one. */
static meiro_status walk_back(const space *sp, const uint32_t *dist, size_t goal, meiro_path *path,
                              meiro_error *err)
{
    size_t len = (size_t)dist[goal] + 1;
    path->cells = malloc(len * sizeof *path->cells);
    if (!path->cells) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the solution");
    path->length = len;
    size_t at = goal;
    for (size_t k = len; k-- > 0;) {
        size_t id = at % sp->total;
        path->cells[k] = (meiro_cell){(uint32_t)(id % sp->m->w), (uint32_t)(id / sp->m->w)};
        if (k == 0) break;
        size_t before = SIZE_MAX;
        /* the cell before is a neighbour; its layer this one or one pick-up less */
        for (unsigned d = 0; d < DIR_COUNT && before == SIZE_MAX; d++) {
            size_t back = step(&(space){sp->m, NULL, sp->total, 1, 0, 0}, id, 0, d);
            if (back == SIZE_MAX) continue; /* (a wall: the plain maze's step) */
            for (unsigned l = 0; l < sp->layers && before == SIZE_MAX; l++) {
                size_t cand = (size_t)l * sp->total + back;
                if (dist[cand] == dist[at] - 1 &&
                    step(sp, back, l, dir_opposite((meiro_dir)d)) == at)
                    before = cand;
            }
        }
        if (before == SIZE_MAX) return fail(err, MEIRO_ERROR_INTERNAL, "lost the way back");
        at = before;
    }
    return MEIRO_OK;
}

meiro_status meiro_mission_solve(const meiro_maze *maze, meiro_path *path, uint64_t *shortest,
                                 meiro_error *err)
{
    *path = (meiro_path){NULL, 0, 0};
    if (shortest) *shortest = 0;
    if (maze->grid != MEIRO_GRID_RECT || maze->weave)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "the mission search walks rectangles without crossings only");
    const maze_mission *mi = maze->mission;
    space sp = {maze, mi, maze_total(maze), 1, mi ? mi->kind : 0, mi ? mi->count : 0};
    if (sp.kind == MEIRO_MISSION_KEYS) sp.layers = 1u << sp.count;
    else if (sp.kind == MEIRO_MISSION_COLLECT) sp.layers = sp.count + 1;
    if ((uint64_t)sp.total * sp.layers > MAX_STATES)
        return fail(err, MEIRO_ERROR_TOO_BIG,
                    "%zu cells x %u states is too large for the mission search (at most %u)",
                    sp.total, sp.layers, (unsigned)MAX_STATES);
    size_t states = sp.total * sp.layers;
    uint32_t *dist = malloc(states * sizeof *dist), *queue = malloc(states * sizeof *queue);
    uint64_t *ways = malloc(states * sizeof *ways);
    meiro_status s = MEIRO_OK;
    if (!dist || !queue || !ways) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for the mission search");
        goto done;
    }
    for (size_t i = 0; i < states; i++) dist[i] = UNSEEN;
    size_t start = cell_index(maze, maze->start.x, maze->start.y);
    start += (size_t)pick_up(&sp, start, 0) * sp.total;
    size_t head = 0, tail = 0, goal = SIZE_MAX;
    uint64_t count = 0;
    dist[start] = 0, ways[start] = 1, queue[tail++] = (uint32_t)start;
    while (head < tail) {
        size_t at = queue[head++];
        if (goal != SIZE_MAX && dist[at] > dist[goal]) break; /* every shortest walk counted */
        if (is_goal(&sp, at)) {
            if (goal == SIZE_MAX) goal = at;
            count = count + ways[at] < count ? UINT64_MAX : count + ways[at];
            continue; /* a walk ends at G */
        }
        size_t id = at % sp.total;
        unsigned layer = (unsigned)(at / sp.total);
        for (unsigned d = 0; d < DIR_COUNT; d++) {
            size_t next = step(&sp, id, layer, d);
            if (next == SIZE_MAX) continue;
            if (dist[next] == UNSEEN) {
                dist[next] = dist[at] + 1, ways[next] = ways[at];
                queue[tail++] = (uint32_t)next;
            } else if (dist[next] == dist[at] + 1) {
                ways[next] =
                    ways[next] + ways[at] < ways[next] ? UINT64_MAX : ways[next] + ways[at];
            }
        }
    }
    path->explored = head;
    if (goal == SIZE_MAX) {
        s = fail(err, MEIRO_ERROR_NO_PATH,
                 "no way from S (%lu, %lu) to G (%lu, %lu) under the mission's rules",
                 (unsigned long)maze->start.x, (unsigned long)maze->start.y,
                 (unsigned long)maze->goal.x, (unsigned long)maze->goal.y);
        goto done;
    }
    s = walk_back(&sp, dist, goal, path, err);
    if (s == MEIRO_OK && shortest) *shortest = count;
done:
    if (s != MEIRO_OK) meiro_path_free(path);
    free(dist);
    free(queue);
    free(ways);
    return s;
}
