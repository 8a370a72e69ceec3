/* A page's strokes for a machine (plot.h): gathered from the description,
 * merged, ordered. */
#include "page/plot.h"
#include "core/alloc.h"
#include "core/error.h"
#include "page/trails.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TAU 6.283185307179586

void plot_init(plot *p) { *p = (plot){0}; }

void plot_free(plot *p)
{
    free(p->points);
    free(p->lines);
    free(p->holes);
    *p = (plot){0};
}

/* ---- Gathering ---- */

void plot_init_like(plot *p, const plot *like)
{
    plot_init(p);
    memcpy(p->width, like->width, sizeof p->width);
    memcpy(p->pens, like->pens, sizeof p->pens);
    memcpy(p->pen_role, like->pen_role, sizeof p->pen_role);
    p->pen_count = like->pen_count;
    p->texts = like->texts;
    p->pictures = like->pictures;
}

bool plot_point(plot *p, double x, double y)
{
    if (!vec_reserve(&p->points, &p->point_cap, p->point_count + 1, sizeof *p->points, 1024))
        return p->failed = true, false;
    p->points[p->point_count][0] = x;
    p->points[p->point_count][1] = y;
    p->point_count++;
    return true;
}

unsigned plot_pen(plot *p, uint32_t rgb, scene_role role)
{
    for (unsigned k = 0; k < p->pen_count; k++)
        if (p->pens[k] == rgb) return k;
    if (p->pen_count == PLOT_PENS) return PLOT_PENS - 1;
    p->pens[p->pen_count] = rgb;
    p->pen_role[p->pen_count] = role;
    return p->pen_count++;
}

bool plot_line_end(plot *p, size_t first, unsigned layer, unsigned pen, bool closed)
{
    size_t n = p->point_count - first;
    if (n < 2) {
        p->point_count = first;
        return true;
    }
    if (!vec_reserve(&p->lines, &p->line_cap, p->line_count + 1, sizeof *p->lines, 256))
        return p->failed = true, false;
    p->lines[p->line_count++] = (plot_line){first, n, layer, pen, closed};
    return true;
}

/* The line being gathered into p: its points from `first`, when open. */
typedef struct gather {
    plot *p;
    size_t first;
    bool open;
    unsigned layer, pen;
    bool at;     /* a current point: (x, y), which a clip may leave off the line */
    bool cut;    /* the sub-path cut by a clip: not closed */
    double x, y;
} gather;

/* Ends the line being gathered. */
static void line_end(gather *g, bool closed)
{
    if (!g->open) return;
    g->open = false;
    plot_line_end(g->p, g->first, g->layer, g->pen, closed);
}

/* Whether (x, y) lies in one of the clips' holes. */
static bool in_hole(const plot *p, double x, double y)
{
    for (size_t k = 0; k < p->hole_count; k++) {
        const double *r = p->holes[k];
        if (x > r[0] && x < r[2] && y > r[1] && y < r[3]) return true;
    }
    return false;
}

/* Starts a line at (x, y), the pen there. */
static void stroke_start(gather *g, double x, double y)
{
    g->first = g->p->point_count;
    g->open = plot_point(g->p, x, y);
}

static void line_move(gather *g, double x, double y)
{
    line_end(g, false);
    g->at = true, g->cut = false;
    g->x = x, g->y = y;
    if (!in_hole(g->p, x, y)) stroke_start(g, x, y);
}

/* The part of segment (x0, y0)-(x1, y1) inside rectangle r (open), as
 * t0 < t1 along it; false for none (Liang and Barsky). */
static bool inside_part(const double *r, double x0, double y0, double x1, double y1, double *t0,
                        double *t1)
{
    double dx = x1 - x0, dy = y1 - y0, lo = 0, hi = 1;
    const double p[4] = {-dx, dx, -dy, dy}, q[4] = {x0 - r[0], r[2] - x0, y0 - r[1], r[3] - y0};
    for (int k = 0; k < 4; k++) {
        if (p[k] == 0) {
            if (q[k] <= 0) return false;
            continue;
        }
        double t = q[k] / p[k];
        if (p[k] < 0) lo = fmax(lo, t);
        else hi = fmin(hi, t);
    }
    *t0 = lo, *t1 = hi;
    return lo < hi;
}

static void line_to(gather *g, double x, double y)
{
    if (!g->at) {
        line_move(g, x, y);
        return;
    }
    plot *p = g->p;
    double x0 = g->x, y0 = g->y;
    g->x = x, g->y = y;
    if (x0 == x && y0 == y) return; /* nothing drawn */
    /* the segment drawn but for the parts in the clips' holes (the doors
     * of S and G, a shape's bridges: a few) */
    for (double t = 0; t < 1;) {
        double cut0 = 1, cut1 = 1, a, b;
        for (size_t k = 0; k < p->hole_count; k++)
            if (inside_part(p->holes[k], x0, y0, x, y, &a, &b) && b > t && fmax(a, t) < cut0)
                cut0 = fmax(a, t), cut1 = b;
        for (bool grew = cut0 < 1; grew;) { /* holes that overlap carry the cut on */
            grew = false;
            for (size_t k = 0; k < p->hole_count; k++)
                if (inside_part(p->holes[k], x0, y0, x, y, &a, &b) && a <= cut1 && b > cut1)
                    cut1 = b, grew = true;
        }
        if (cut0 > t) {
            if (!g->open) stroke_start(g, x0 + (x - x0) * t, y0 + (y - y0) * t);
            plot_point(p, x0 + (x - x0) * cut0, y0 + (y - y0) * cut0);
        }
        if (cut0 >= 1) break;
        line_end(g, false);
        g->cut = true;
        t = cut1;
    }
}

/* An arc as cairo draws it: a1 raised (or, back, lowered) by turns until
 * it lies past a0; chords within PLOT_TOL_MM. */
static void arc_to(gather *g, double cx, double cy, double r, double a0, double a1, bool back)
{
    if (back)
        while (a1 > a0) a1 -= TAU;
    else
        while (a1 < a0) a1 += TAU;
    double step = r > PLOT_TOL_MM ? 2 * acos(1 - PLOT_TOL_MM / r) : TAU / 4;
    double n = fmax(1, ceil(fabs(a1 - a0) / step));
    line_to(g, cx + r * cos(a0), cy + r * sin(a0));
    for (double k = 1; k <= n && n < 1e6; k++) {
        double a = a0 + (a1 - a0) * k / n;
        line_to(g, cx + r * cos(a), cy + r * sin(a));
    }
}

/* A cubic Bézier from the current point: n pieces keep it within
 * PLOT_TOL_MM (the second derivative's bound over 8 n^2). */
static void curve_to(gather *g, const double *v)
{
    double x0 = g->x, y0 = g->y;
    double ax = x0 - 2 * v[0] + v[2], ay = y0 - 2 * v[1] + v[3];
    double bx = v[0] - 2 * v[2] + v[4], by = v[1] - 2 * v[3] + v[5];
    double most = fmax(hypot(ax, ay), hypot(bx, by));
    double n = fmin(1000, fmax(1, ceil(sqrt(6 * most / (8 * PLOT_TOL_MM)))));
    for (double k = 1; k <= n; k++) {
        double t = k / n, u = 1 - t;
        double x = u * u * u * x0 + 3 * u * u * t * v[0] + 3 * u * t * t * v[2] + t * t * t * v[4];
        double y = u * u * u * y0 + 3 * u * u * t * v[1] + 3 * u * t * t * v[3] + t * t * t * v[5];
        line_to(g, x, y);
    }
}

/* The layer of an item: the maze's lines are cut, its marks engraved. */
static unsigned layer_of(scene_role role)
{
    return role == ROLE_WALLS || role == ROLE_CORRIDORS || role == ROLE_CROSSINGS ? PLOT_CUT
                                                                                  : PLOT_ENGRAVE;
}

/* 0xRRGGBB of a scene's colour. */
static uint32_t rgb_of(scene_rgb c)
{
    uint32_t r = (uint32_t)lround(fmin(fmax(c.r, 0), 1) * 255);
    uint32_t g = (uint32_t)lround(fmin(fmax(c.g, 0), 1) * 255);
    uint32_t b = (uint32_t)lround(fmin(fmax(c.b, 0), 1) * 255);
    return r << 16 | g << 8 | b;
}

static void gather_path(plot *p, const scene *s, const scene_item *it)
{
    gather g = {.p = p, .layer = layer_of(it->role)};
    /* a shape filled in the paper's white (S's and G's plates) is drawn as
     * its outline, in black ink */
    uint32_t rgb = rgb_of(it->paint.colour);
    g.pen = plot_pen(p, !it->paint.stroke && rgb == 0xFFFFFFu ? 0 : rgb, it->role);
    if (it->paint.stroke && it->paint.width > p->width[g.layer])
        p->width[g.layer] = it->paint.width;
    const uint8_t *op = scene_item_ops(s, it);
    const double *v = scene_item_points(s, it);
    double sx = 0, sy = 0; /* the sub-path's start, where a close returns */
    for (size_t i = 0; i < it->ops && !p->failed; v += scene_op_numbers((scene_op)op[i]), i++) {
        switch ((scene_op)op[i]) {
        case SCENE_MOVE:
            line_move(&g, v[0], v[1]);
            sx = v[0], sy = v[1];
            break;
        case SCENE_LINE: line_to(&g, v[0], v[1]); break;
        case SCENE_CURVE:
            if (g.at) curve_to(&g, v);
            else line_move(&g, v[4], v[5]);
            break;
        case SCENE_ARC:
        case SCENE_ARC_BACK:
            if (!g.at) sx = v[0] + v[2] * cos(v[3]), sy = v[1] + v[2] * sin(v[3]);
            arc_to(&g, v[0], v[1], v[2], v[3], v[4], op[i] == SCENE_ARC_BACK);
            break;
        case SCENE_CLOSE:
            if (g.at) {
                line_to(&g, sx, sy);
                line_end(&g, !g.cut);
            }
            line_move(&g, sx, sy); /* cairo goes on from the sub-path's start */
            break;
        default: break;
        }
    }
    line_end(&g, false);
}

/* Clip `it`'s holes pushed: when its sub-paths are rectangles, one of them
 * holding all the others (even-odd: the page but the others, as a shape's
 * outline is clipped at its doors and bridges), the others; else none (the
 * lines drawn whole). */
static void clip_push(plot *p, const scene *s, const scene_item *it)
{
    if (p->clips == sizeof p->clip_first / sizeof *p->clip_first) { /* nested past reason */
        p->failed = true;
        return;
    }
    p->clip_first[p->clips++] = p->hole_count;
    const uint8_t *op = scene_item_ops(s, it);
    const double *v = scene_item_points(s, it);
    size_t first = p->hole_count, rects = 0;
    bool all = it->paint.even_odd && it->ops % 5 == 0;
    for (size_t i = 0; all && i + 4 < it->ops; i += 5, v += 8) {
        all = op[i] == SCENE_MOVE && op[i + 1] == SCENE_LINE && op[i + 2] == SCENE_LINE &&
              op[i + 3] == SCENE_LINE && op[i + 4] == SCENE_CLOSE;
        double x0 = v[0], y0 = v[1], x1 = v[4], y1 = v[5];
        all = all && ((v[2] == x1 && v[3] == y0 && v[6] == x0 && v[7] == y1) ||
                      (v[2] == x0 && v[3] == y1 && v[6] == x1 && v[7] == y0));
        if (!all) break;
        if (!vec_reserve(&p->holes, &p->hole_cap, p->hole_count + 1, sizeof *p->holes, 16)) {
            p->failed = true;
            return;
        }
        double *r = p->holes[p->hole_count++];
        r[0] = fmin(x0, x1), r[1] = fmin(y0, y1), r[2] = fmax(x0, x1), r[3] = fmax(y0, y1);
        rects++;
    }
    /* the rectangle that holds the others is the page: not a hole */
    size_t page = rects;
    for (size_t a = first; all && a < p->hole_count && page == rects; a++) {
        bool holds = true;
        for (size_t b = first; holds && b < p->hole_count; b++)
            holds = p->holes[a][0] <= p->holes[b][0] && p->holes[a][1] <= p->holes[b][1] &&
                    p->holes[a][2] >= p->holes[b][2] && p->holes[a][3] >= p->holes[b][3];
        if (holds) page = a - first;
    }
    if (!all || page == rects) {
        p->hole_count = first;
        return;
    }
    memmove(p->holes[first + page], p->holes[first + page + 1],
            (p->hole_count - first - page - 1) * sizeof *p->holes);
    p->hole_count--;
}

static bool gather_items(void *ctx, scene *s, size_t from, size_t to)
{
    plot *p = ctx;
    for (size_t i = from; i < to; i++) {
        const scene_item *it = &s->items[i];
        if (it->kind == SCENE_CLIP) clip_push(p, s, it);
        else if (it->kind == SCENE_UNCLIP && p->clips) p->hole_count = p->clip_first[--p->clips];
        else if (it->kind == SCENE_PATH) gather_path(p, s, it);
        else if (it->kind == SCENE_TEXT) p->texts++;
        else if (it->kind == SCENE_IMAGE) p->pictures++;
    }
    return true; /* out of memory is the plot's own sticky p->failed */
}

scene_sink plot_sink(plot *p) { return (scene_sink){gather_items, p}; }

void plot_bounds(const plot *p, double *x0, double *y0, double *x1, double *y1)
{
    *x0 = *y0 = HUGE_VAL;
    *x1 = *y1 = -HUGE_VAL;
    for (size_t i = 0; i < p->point_count; i++) {
        *x0 = fmin(*x0, p->points[i][0]), *x1 = fmax(*x1, p->points[i][0]);
        *y0 = fmin(*y0, p->points[i][1]), *y1 = fmax(*y1, p->points[i][1]);
    }
    if (p->point_count == 0) *x0 = *y0 = *x1 = *y1 = 0;
}

/* ---- Merging ---- */

/* A segment's key: its ends to a tenth of a micrometre, the lesser first,
 * so that a segment drawn back and forth is one. */
typedef struct seg_key {
    int64_t a[2], b[2];
} seg_key;

static int64_t q(double v) { return llround(v * 1e4); }

static seg_key key_of(const double *a, const double *b)
{
    int64_t ax = q(a[0]), ay = q(a[1]), bx = q(b[0]), by = q(b[1]);
    if (ax > bx || (ax == bx && ay > by)) return (seg_key){{bx, by}, {ax, ay}};
    return (seg_key){{ax, ay}, {bx, by}};
}

/* A segment held for merging: its key, its ends as drawn, its layer and
 * pen. */
typedef struct seg_rec {
    seg_key key;
    unsigned layer, pen;
    double a[2], b[2];
} seg_rec;

static int by_key(const void *x, const void *y)
{
    const seg_rec *u = x, *v = y;
    if (u->layer != v->layer) return u->layer < v->layer ? -1 : 1;
    if (u->pen != v->pen) return u->pen < v->pen ? -1 : 1;
    const int64_t *p = &u->key.a[0], *q = &v->key.a[0];
    const int64_t pu[4] = {p[0], p[1], u->key.b[0], u->key.b[1]};
    const int64_t qv[4] = {q[0], q[1], v->key.b[0], v->key.b[1]};
    for (int i = 0; i < 4; i++)
        if (pu[i] != qv[i]) return pu[i] < qv[i] ? -1 : 1;
    return 0;
}

/* Where the merged lines go, through trail_pen: the lines of a plot of
 * their own being gathered. */
static void merged_move(void *ctx, double x, double y) { line_move(ctx, x, y); }
static void merged_line(void *ctx, double x, double y) { line_to(ctx, x, y); }
static void merged_arc(void *ctx, double cx, double cy, double r, double a0, double a1)
{
    (void)ctx, (void)cx, (void)cy, (void)r, (void)a0, (void)a1; /* only lines are traced here */
}

meiro_status plot_merge(plot *p, meiro_error *err)
{
    size_t n = 0;
    for (size_t i = 0; i < p->line_count; i++) n += p->lines[i].count - 1;
    seg_rec *segs = alloc_array(n + 1, sizeof *segs);
    plot out;
    plot_init_like(&out, p);
    if (!segs) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    n = 0;
    for (size_t i = 0; i < p->line_count; i++) {
        const plot_line *l = &p->lines[i];
        for (size_t k = l->first; k + 1 < l->first + l->count; k++) {
            seg_key key = key_of(p->points[k], p->points[k + 1]);
            if (key.a[0] == key.b[0] && key.a[1] == key.b[1]) continue; /* a dot */
            segs[n++] = (seg_rec){key,
                                  l->layer,
                                  l->pen,
                                  {p->points[k][0], p->points[k][1]},
                                  {p->points[k + 1][0], p->points[k + 1][1]}};
        }
    }
    /* in the keys' order, each once: the strokes then do not depend on the
     * order the page drew them in (nor on how it joined them) */
    if (n > 1) qsort(segs, n, sizeof *segs, by_key);
    meiro_status s = MEIRO_OK;
    /* each layer's and pen's segments, a run of segs, joined apart */
    for (size_t i = 0; i < n && s == MEIRO_OK;) {
        unsigned layer = segs[i].layer, ink = segs[i].pen;
        gather m = {.p = &out, .layer = layer, .pen = ink};
        grid_pen to = {merged_move, merged_line, merged_arc, &m};
        trail_pen *t = trail_pen_new(&to, 0);
        if (!t) {
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            break;
        }
        grid_pen pen = trail_pen_pen(t);
        for (size_t run = i; i < n && segs[i].layer == layer && segs[i].pen == ink; i++) {
            if (i > run && by_key(&segs[i - 1], &segs[i]) == 0) continue;
            pen.move(pen.ctx, segs[i].a[0], segs[i].a[1]);
            pen.line(pen.ctx, segs[i].b[0], segs[i].b[1]);
        }
        trail_pen_free(t);
        line_end(&m, false);
    }
    free(segs);
    if (s == MEIRO_OK && out.failed) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    if (s != MEIRO_OK) {
        plot_free(&out);
        return s;
    }
    for (size_t i = 0; i < out.line_count; i++) {
        plot_line *l = &out.lines[i];
        const double *a = out.points[l->first], *b = out.points[l->first + l->count - 1];
        l->closed = a[0] == b[0] && a[1] == b[1];
    }
    plot_free(p);
    *p = out;
    return MEIRO_OK;
}

/* ---- Ordering ---- */

/* The ends of line i taken forwards (rev 0) or backwards. */
static const double *line_start(const plot *p, size_t i, bool rev)
{
    const plot_line *l = &p->lines[i];
    return p->points[rev ? l->first + l->count - 1 : l->first];
}
static const double *line_stop(const plot *p, size_t i, bool rev) { return line_start(p, i, !rev); }

static double dist(const double *a, const double *b) { return hypot(a[0] - b[0], a[1] - b[1]); }

/* The ends of the lines not yet taken, in square buckets: the nearest to a
 * point is found ring by ring around its bucket. Built again on the lines
 * left when three quarters are taken, so a search never crosses a grid of
 * mostly empty buckets for long. */
typedef struct buckets {
    double x0, y0, side;
    size_t gw, gh, built;
    size_t *start;  /* gw * gh + 1 */
    uint32_t *ends; /* 2 * line + end */
} buckets;

static void buckets_free(buckets *b)
{
    free(b->start);
    free(b->ends);
    b->start = NULL, b->ends = NULL;
}

static size_t bucket_of(const buckets *b, const double *pt)
{
    double fx = floor((pt[0] - b->x0) / b->side), fy = floor((pt[1] - b->y0) / b->side);
    size_t x = fx < 0 ? 0 : fx >= (double)b->gw ? b->gw - 1 : (size_t)fx;
    size_t y = fy < 0 ? 0 : fy >= (double)b->gh ? b->gh - 1 : (size_t)fy;
    return y * b->gw + x;
}

/* Buckets for lines[ids[0 .. n)] not taken. */
static bool buckets_build(buckets *b, const plot *p, const uint32_t *ids, size_t n,
                          const unsigned char *taken)
{
    buckets_free(b);
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    size_t live = 0;
    for (size_t k = 0; k < n; k++) {
        if (taken[ids[k]]) continue;
        live++;
        for (int e = 0; e < 2; e++) {
            const double *pt = line_start(p, ids[k], e);
            x0 = fmin(x0, pt[0]), y0 = fmin(y0, pt[1]), x1 = fmax(x1, pt[0]), y1 = fmax(y1, pt[1]);
        }
    }
    double w = fmax(x1 - x0, 1e-3), h = fmax(y1 - y0, 1e-3);
    double side = fmax(fmax(sqrt(w * h / (double)(live + 1)), 1e-3), fmax(w, h) / 4095);
    b->x0 = x0, b->y0 = y0, b->side = side, b->built = live;
    b->gw = (size_t)floor(w / side) + 1;
    b->gh = (size_t)floor(h / side) + 1;
    b->start = zalloc(b->gw * b->gh + 1, sizeof *b->start);
    b->ends = alloc_array(2 * live + 1, sizeof *b->ends);
    if (!b->start || !b->ends) return false;
    for (size_t k = 0; k < n; k++)
        if (!taken[ids[k]])
            for (int e = 0; e < 2; e++) b->start[bucket_of(b, line_start(p, ids[k], e)) + 1]++;
    for (size_t c = 0; c < b->gw * b->gh; c++) b->start[c + 1] += b->start[c];
    size_t *fill = alloc_array(b->gw * b->gh, sizeof *fill);
    if (!fill) return false;
    memcpy(fill, b->start, b->gw * b->gh * sizeof *fill);
    for (size_t k = 0; k < n; k++)
        if (!taken[ids[k]])
            for (uint32_t e = 0; e < 2; e++)
                b->ends[fill[bucket_of(b, line_start(p, ids[k], e))]++] = 2 * ids[k] + e;
    free(fill);
    return true;
}

/* The nearest end not taken to pt: its line and whether it is the line's
 * last point (the line then taken backwards). */
static bool nearest(const buckets *b, const plot *p, const unsigned char *taken, const double *pt,
                    uint32_t *line, bool *rev)
{
    size_t c = bucket_of(b, pt), cx = c % b->gw, cy = c / b->gw;
    double best = HUGE_VAL;
    size_t most = b->gw > b->gh ? b->gw : b->gh;
    for (size_t r = 0; r <= most; r++) {
        for (size_t y = cy >= r ? cy - r : 0; y <= cy + r && y < b->gh; y++)
            for (size_t x = cx >= r ? cx - r : 0; x <= cx + r && x < b->gw; x++) {
                if (x != cx - r && x != cx + r && y != cy - r && y != cy + r) continue; /* inside */
                size_t k = y * b->gw + x;
                for (size_t i = b->start[k]; i < b->start[k + 1]; i++) {
                    uint32_t id = b->ends[i] / 2;
                    if (taken[id]) continue;
                    double d = dist(pt, line_start(p, id, b->ends[i] & 1));
                    if (d < best) best = d, *line = id, *rev = b->ends[i] & 1;
                }
            }
        if (best <= (double)r * b->side) break;
    }
    return best < HUGE_VAL;
}

/* Reverses order[i .. j] (each line then taken the other way). */
static void reverse_run(uint32_t *order, unsigned char *rev, size_t i, size_t j)
{
    for (; i < j; i++, j--) {
        uint32_t o = order[i];
        unsigned char r = rev[i];
        order[i] = order[j], rev[i] = (unsigned char)!rev[j];
        order[j] = o, rev[j] = (unsigned char)!r;
    }
    if (i == j) rev[i] = (unsigned char)!rev[i];
}

/* 2-opt over the pen-up moves: a run of lines taken backwards in reverse
 * order when that shortens the moves into and out of it; runs up to
 * WINDOW lines long, a few passes, so the work grows with the lines. */
enum { WINDOW = 48, PASSES = 6 };

static void two_opt(const plot *p, uint32_t *order, unsigned char *rev, size_t n,
                    const double *home)
{
    for (int pass = 0; pass < PASSES; pass++) {
        bool better = false;
        for (size_t i = 0; i < n; i++) {
            const double *a = i ? line_stop(p, order[i - 1], rev[i - 1]) : home;
            for (size_t j = i + 1; j < n && j <= i + WINDOW; j++) {
                const double *b = line_start(p, order[i], rev[i]);
                const double *c = line_stop(p, order[j], rev[j]);
                const double *d = j + 1 < n ? line_start(p, order[j + 1], rev[j + 1]) : NULL;
                /* reversed, the run starts at c's line's end and ends at b */
                const double *nb = line_start(p, order[j], !rev[j]);
                const double *nc = line_stop(p, order[i], !rev[i]);
                double now = dist(a, b) + (d ? dist(c, d) : 0);
                double then = dist(a, nb) + (d ? dist(nc, d) : 0);
                if (then < now - 1e-9) {
                    reverse_run(order, rev, i, j);
                    better = true;
                }
            }
        }
        if (!better) break;
    }
}

double plot_travel(const plot *p, double x0, double y0)
{
    double at[2] = {x0, y0}, travel = 0;
    for (size_t i = 0; i < p->line_count; i++) {
        travel += dist(at, line_start(p, i, false));
        memcpy(at, line_stop(p, i, false), sizeof at);
    }
    return travel;
}

meiro_status plot_order(plot *p, double x0, double y0, bool by_layer, double *after,
                        meiro_error *err)
{
    size_t n = p->line_count;
    uint32_t *order = alloc_array(n + 1, sizeof *order), *ids = alloc_array(n + 1, sizeof *ids);
    unsigned char *rev = zalloc(n + 1, 1), *taken = zalloc(n + 1, 1);
    double(*points)[2] = alloc_array(p->point_count + 1, sizeof *points);
    plot_line *lines = alloc_array(n + 1, sizeof *lines);
    buckets b = {0};
    meiro_status s = MEIRO_OK;
    if (!order || !ids || !rev || !taken || !points || !lines) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        goto done;
    }
    double home[2] = {x0, y0}, at[2] = {x0, y0};
    *after = 0;
    /* engrave, then cut: a laser cuts a piece free last; a plotter's pens
     * one after the other */
    size_t placed = 0;
    memcpy(at, home, sizeof at);
    unsigned groups = by_layer ? PLOT_LAYERS : p->pen_count ? p->pen_count : 1;
    for (unsigned G = 0; G < groups; G++) {
        size_t m = 0, first = placed;
        for (size_t i = 0; i < n; i++)
            if (by_layer ? p->lines[i].layer == (G == 0 ? PLOT_ENGRAVE : PLOT_CUT)
                         : p->pen_count == 0 || p->lines[i].pen == G)
                ids[m++] = (uint32_t)i;
        if (m == 0) continue;
        double from[2] = {at[0], at[1]};
        if (!buckets_build(&b, p, ids, m, taken)) {
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            goto done;
        }
        for (size_t k = 0; k < m; k++) {
            if (b.built > 64 && (m - k) * 4 < b.built && !buckets_build(&b, p, ids, m, taken)) {
                s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
                goto done;
            }
            uint32_t id = 0;
            bool back = false;
            nearest(&b, p, taken, at, &id, &back);
            taken[id] = 1;
            order[placed] = id, rev[placed] = back;
            placed++;
            memcpy(at, line_stop(p, id, back), sizeof at);
        }
        two_opt(p, order + first, rev + first, placed - first, from);
        memcpy(at, line_stop(p, order[placed - 1], rev[placed - 1]), sizeof at);
    }
    /* the lines in their order, each the way it is taken */
    size_t next = 0;
    memcpy(at, home, sizeof at);
    for (size_t k = 0; k < n; k++) {
        const plot_line *l = &p->lines[order[k]];
        *after += dist(at, line_start(p, order[k], rev[k]));
        memcpy(at, line_stop(p, order[k], rev[k]), sizeof at);
        lines[k] = (plot_line){next, l->count, l->layer, l->pen, l->closed};
        for (size_t i = 0; i < l->count; i++)
            memcpy(points[next++], p->points[rev[k] ? l->first + l->count - 1 - i : l->first + i],
                   sizeof *points);
    }
    free(p->points);
    free(p->lines);
    p->points = points, p->point_cap = p->point_count + 1;
    p->lines = lines, p->line_cap = n + 1;
    points = NULL, lines = NULL;
done:
    buckets_free(&b);
    free(order);
    free(ids);
    free(rev);
    free(taken);
    free(points);
    free(lines);
    return s;
}
