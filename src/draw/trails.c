/* Walls regrouped into trails (trails.h): the straight sides of a batch
 * are held, their ends joined where they meet (to a hundred-thousandth
 * of a millimetre), and walked edge by edge from the joints where an odd
 * number of walls meet (a trail must end at each of those), then from
 * any joint left; an arc hands on the batch first and goes on as it is. */
#include "draw/trails.h"
#include "core/alloc.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* Walls held at once: a few rows of a dense page, a fixed memory. */
enum { BATCH = 8192, SLOTS = 4 * BATCH, NONE = -1 };

typedef struct joint {
    int64_t kx, ky;
    int first; /* the first free end here (2 * wall + end), NONE: none */
    int count; /* ends meeting here */
} joint;

struct trail_pen {
    grid_pen out;
    double chord_mm;   /* arcs within this of one or two chords are chords */
    double x, y;       /* the current point */
    int n;             /* walls held */
    double (*wall)[4]; /* x0 y0 x1 y1 */
    int (*at)[2];      /* the joints of its two ends */
    int *next;         /* the next end at the same joint */
    unsigned char *used;
    joint *joints; /* an open-addressed table of SLOTS */
};

static int64_t key(double v) { return llround(v * 1e5); }

static int joint_of(trail_pen *t, double x, double y)
{
    int64_t kx = key(x), ky = key(y);
    uint64_t h = ((uint64_t)kx * 0x9E3779B97F4A7C15u) ^ ((uint64_t)ky * 0xC2B2AE3D27D4EB4Fu);
    for (size_t i = (size_t)(h >> 40) % SLOTS;; i = (i + 1) % SLOTS) {
        joint *j = &t->joints[i];
        if (j->count == 0) {
            j->kx = kx, j->ky = ky, j->first = NONE;
            return (int)i;
        }
        if (j->kx == kx && j->ky == ky) return (int)i;
    }
}

/* Walks every held wall once, as trails, to the out pen. */
static void flush(trail_pen *t)
{
    if (t->n == 0) return;
    for (int w = 0; w < t->n; w++)
        for (int e = 0; e < 2; e++) {
            int j = joint_of(t, t->wall[w][2 * e], t->wall[w][2 * e + 1]);
            t->at[w][e] = j;
            t->next[2 * w + e] = t->joints[j].first;
            t->joints[j].first = 2 * w + e;
            t->joints[j].count++;
        }
    /* from the odd joints first (in the order the walls came), then any */
    for (int pass = 0; pass < 2; pass++)
        for (int w = 0; w < t->n; w++)
            for (int e = 0; e < 2; e++) {
                int j = t->at[w][e];
                if (pass == 0 && t->joints[j].count % 2 == 0) continue;
                bool moved = false;
                for (;;) {
                    joint *here = &t->joints[j];
                    while (here->first != NONE && t->used[here->first / 2])
                        here->first = t->next[here->first];
                    if (here->first == NONE) break;
                    int end = here->first, v = end / 2, from = end % 2;
                    t->used[v] = 1;
                    if (!moved)
                        t->out.move(t->out.ctx, t->wall[v][2 * from], t->wall[v][2 * from + 1]);
                    moved = true;
                    t->out.line(t->out.ctx, t->wall[v][2 - 2 * from], t->wall[v][3 - 2 * from]);
                    j = t->at[v][1 - from];
                }
            }
    for (int w = 0; w < t->n; w++) {
        t->used[w] = 0;
        t->joints[t->at[w][0]].count = 0;
        t->joints[t->at[w][1]].count = 0;
    }
    t->n = 0;
}

static void trail_move(void *ctx, double x, double y)
{
    trail_pen *t = ctx;
    t->x = x, t->y = y;
}

static void trail_line(void *ctx, double x, double y)
{
    trail_pen *t = ctx;
    if (t->n == BATCH) flush(t);
    double *w = t->wall[t->n++];
    w[0] = t->x, w[1] = t->y, w[2] = x, w[3] = y;
    t->x = x, t->y = y;
}

/* r < 0: from a1 back to a0 (draw.h's grid_pen). A side that one or two
 * chords follow within chord_mm is those chords (a chord of angle a lies
 * r (1 - cos(a / 2)) ~ r a^2 / 8 off the arc); another arc hands on the
 * batch first and goes on as it is. */
static void trail_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    trail_pen *t = ctx;
    double radius = fabs(r), span = a1 - a0;
    double pieces = t->chord_mm > 0 ? ceil(span / sqrt(8 * t->chord_mm / radius)) : 3;
    if (pieces <= 2) {
        for (double k = 1; k <= pieces; k++) {
            double a = r < 0 ? a1 - span * k / pieces : a0 + span * k / pieces;
            trail_line(t, cx + radius * cos(a), cy + radius * sin(a));
        }
        return;
    }
    flush(t);
    t->out.move(t->out.ctx, t->x, t->y);
    t->out.arc(t->out.ctx, cx, cy, r, a0, a1);
    double a = r < 0 ? a0 : a1;
    t->x = cx + radius * cos(a), t->y = cy + radius * sin(a);
}

trail_pen *trail_pen_new(const grid_pen *out, double chord_mm)
{
    trail_pen *t = zalloc(1, sizeof *t);
    if (!t) return NULL;
    t->out = *out;
    t->chord_mm = chord_mm;
    t->wall = alloc_array(BATCH, sizeof *t->wall);
    t->at = alloc_array(BATCH, sizeof *t->at);
    t->next = alloc_array(2 * BATCH, sizeof *t->next);
    t->used = zalloc(BATCH, 1);
    t->joints = zalloc(SLOTS, sizeof *t->joints);
    if (!t->wall || !t->at || !t->next || !t->used || !t->joints) {
        t->n = 0;
        trail_pen_free(t);
        return NULL;
    }
    return t;
}

grid_pen trail_pen_pen(trail_pen *t) { return (grid_pen){trail_move, trail_line, trail_arc, t}; }

void trail_pen_free(trail_pen *t)
{
    if (!t) return;
    if (t->wall && t->joints) flush(t);
    free(t->wall);
    free(t->at);
    free(t->next);
    free(t->used);
    free(t->joints);
    free(t);
}
