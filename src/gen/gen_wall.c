/* `wall` (壁伸ばし法, the Nadeshiko article): start with only the outer wall; visit the
 * inner grid points in random order and, from each point not yet on a wall,
 * extend a new wall in random directions until it joins an existing wall.
 * A wall under construction never touches itself. The original recursed
 * once per step and reset the whole grid after every wall (quadratic); here
 * the wall being built is a chain of back-pointers in a byte per grid
 * point, and when it boxes itself in it retreats step by step, marking the
 * dead ends it leaves so it does not walk into them again. On a shape, every
 * grid point that touches a cell outside is wall from the start: walls grow
 * from the shape's edge as from the outer wall. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/hints.h"
#include "core/model.h"
#include "core/rng.h"
#include "gen/gen.h"

#include <stdlib.h>

enum { PT_FREE = 0, PT_WALL = 1, PT_BUILD = 2, PT_DEAD = 3, PT_STATE = 3, PT_BACK_SHIFT = 2 };

typedef struct points {
    uint32_t pw, ph; /* (w + 1) x (h + 1) grid points */
    uint8_t *state;  /* state | direction back << PT_BACK_SHIFT */
} points;

static inline size_t pt_index(const points *p, uint32_t px, uint32_t py)
{
    return (size_t)py * p->pw + px;
}

void mark_shape_edge(const meiro_maze *m, uint8_t *state, uint32_t pw)
{
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++)
            if (!m->active[cell_index(m, x, y)]) /* its four corners */
                state[(size_t)y * pw + x] = state[(size_t)y * pw + x + 1] =
                    state[(size_t)(y + 1) * pw + x] = state[(size_t)(y + 1) * pw + x + 1] = PT_WALL;
}

/* Opens or closes the wall segment from grid point (px, py) in direction d. */
static void set_segment(meiro_maze *m, uint32_t px, uint32_t py, unsigned d, bool open)
{
    switch (d) {
    case MEIRO_NORTH: maze_set_wall(m, px - 1, py - 1, MEIRO_EAST, open); break;
    case MEIRO_EAST: maze_set_wall(m, px, py - 1, MEIRO_SOUTH, open); break;
    case MEIRO_SOUTH: maze_set_wall(m, px - 1, py, MEIRO_EAST, open); break;
    default: maze_set_wall(m, px - 1, py - 1, MEIRO_SOUTH, open); break;
    }
}

/* Builds one wall from the free point (px, py) until it joins a wall. */
static meiro_status extend(meiro_maze *m, points *p, uint32_t px, uint32_t py, rng_state *rng,
                           u32vec *dead, meiro_error *err)
{
    size_t start = pt_index(p, px, py);
    p->state[start] = PT_BUILD;
    dead->count = 0;
    for (;;) {
        size_t here = pt_index(p, px, py);
        unsigned candidates = 0;
        for (unsigned d = 0; d < DIR_COUNT; d++) {
            uint8_t s = p->state[pt_index(p, px + (uint32_t)DIR_DX[d], py + (uint32_t)DIR_DY[d])];
            if ((s & PT_STATE) == PT_FREE || (s & PT_STATE) == PT_WALL) candidates |= dir_bit(d);
        }
        if (!candidates) { /* boxed in by its own wall: retreat one step */
            if (here == start)
                return fail(err, MEIRO_ERROR_INTERNAL, "wall extension found no way out");
            unsigned back = p->state[here] >> PT_BACK_SHIFT;
            p->state[here] = PT_DEAD;
            if (!u32vec_push(dead, (uint32_t)here))
                return fail(err, MEIRO_ERROR_NOMEM, "out of memory extending walls");
            set_segment(m, px, py, back, true);
            dir_move(&px, &py, back);
            continue;
        }
        unsigned d = rng_pick_bit(rng, candidates);
        set_segment(m, px, py, d, false);
        dir_move(&px, &py, d);
        size_t next = pt_index(p, px, py);
        if ((p->state[next] & PT_STATE) == PT_WALL) {
            /* Joined: the whole chain becomes wall; dead marks become free. */
            size_t at = here;
            uint32_t ax = px - (uint32_t)DIR_DX[d], ay = py - (uint32_t)DIR_DY[d];
            for (;;) {
                unsigned back = p->state[at] >> PT_BACK_SHIFT;
                p->state[at] = PT_WALL;
                if (at == start) break;
                dir_move(&ax, &ay, back);
                at = pt_index(p, ax, ay);
            }
            for (size_t k = 0; k < dead->count; k++) p->state[dead->items[k]] = PT_FREE;
            return MEIRO_OK;
        }
        p->state[next] = (uint8_t)(PT_BUILD | (dir_opposite((meiro_dir)d) << PT_BACK_SHIFT));
    }
}

meiro_status rect_wall(meiro_maze *m, rng_state *rng, const meiro_generate_options *opt,
                       meiro_error *err)
{
    (void)opt;
    maze_open_all(m);
    if (m->w < 2 || m->h < 2) return MEIRO_OK; /* no inner grid points */
    points p = {m->w + 1, m->h + 1, NULL};
    p.state = zalloc_big((size_t)p.pw * p.ph, 1);
    if (!p.state) return fail(err, MEIRO_ERROR_NOMEM, "out of memory extending walls");
    for (uint32_t px = 0; px < p.pw; px++) {
        p.state[pt_index(&p, px, 0)] = PT_WALL;
        p.state[pt_index(&p, px, p.ph - 1)] = PT_WALL;
    }
    for (uint32_t py = 0; py < p.ph; py++) {
        p.state[pt_index(&p, 0, py)] = PT_WALL;
        p.state[pt_index(&p, p.pw - 1, py)] = PT_WALL;
    }
    if (m->active) mark_shape_edge(m, p.state, p.pw);
    uint32_t iw = m->w - 1;
    uint64_t inner = (uint64_t)iw * (m->h - 1);
    perm_stream order;
    perm_stream_init(&order, inner, rng);
    u32vec dead = {NULL, 0, 0};
    meiro_status s = MEIRO_OK;
    for (uint64_t k = 0; k < inner && s == MEIRO_OK; k++) {
        uint64_t later, q = perm_stream_next(&order, &later);
        if (later != UINT64_MAX) { /* points come in random order: fetch ahead */
            /* points number below MEIRO_MAX_CELLS: 32-bit divisions, the cheaper */
            uint32_t lx = 1 + (uint32_t)later % iw, ly = 1 + (uint32_t)later / iw;
            prefetch(&p.state[pt_index(&p, lx, ly)]);
            prefetch(&p.state[pt_index(&p, lx, ly - 1)]); /* the points a wall from it */
            prefetch(&p.state[pt_index(&p, lx, ly + 1)]); /* looks at first */
            prefetch(&m->cells[cell_index(m, lx - 1, ly - 1)]); /* the cells it may wall */
            prefetch(&m->cells[cell_index(m, lx - 1, ly)]);
        }
        uint32_t px = 1 + (uint32_t)q % iw, py = 1 + (uint32_t)q / iw;
        if ((p.state[pt_index(&p, px, py)] & PT_STATE) == PT_FREE)
            s = extend(m, &p, px, py, rng, &dead, err);
    }
    free(dead.items);
    free(p.state);
    if (s == MEIRO_OK && m->active) s = mask_close_loops(m, rng, err);
    return s;
}
