/* Polar, hex and triangle mazes on the page, read back from the pictures:
 * every side of every cell sampled at its middle in the PNG meiro writes,
 * in poppler's picture of the PDF and in librsvg's of the SVG (dark =
 * wall, light = open) equals the model; the solution is red at every
 * cell's centre and no red lies on a wall; S and G are words where their
 * cells are; every template, format and language lays each grid out
 * inside the margins. A missing tool skips its checks and says so. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "core/grid.h"
#include "draw/stroke_mask.h"

static char dir[64];

#include "picture.h"

/* ---- Mazes made here, so the pictures are tested apart from the
 * generators: a depth-first carve, some walls opened or closed after ---- */

typedef enum { PERFECT, LOOPS, CLOSED } maze_kind;

static meiro_maze *make_maze(meiro_grid g, uint32_t w, uint32_t h, uint64_t seed, maze_kind kind)
{
    meiro_maze *m = meiro_maze_new_grid(g, w, h, NULL);
    if (!m) return NULL;
    meiro_maze_set_origin(m, "test", seed);
    size_t n = grid_total(m);
    size_t *stack = malloc(n * sizeof *stack);
    bool *seen = calloc(n, 1);
    rng_state r;
    rng_seed(&r, seed);
    size_t top = 0;
    stack[top++] = 0;
    seen[0] = true;
    while (kind != CLOSED && top) {
        size_t id = stack[top - 1];
        unsigned sides = grid_sides(m, id), choice[GRID_MAX_SIDES], k = 0;
        for (unsigned s = 0; s < sides; s++) {
            size_t next = grid_neighbour(m, id, s);
            if (next != GRID_NONE && !seen[next]) choice[k++] = s;
        }
        if (!k) {
            top--;
            continue;
        }
        unsigned s = choice[rng_below(&r, k)];
        size_t next = grid_neighbour(m, id, s);
        grid_set_side(m, id, s, true);
        seen[next] = true;
        stack[top++] = next;
    }
    for (size_t id = 0; kind == LOOPS && id < n; id++) /* a side in eight opened: loops */
        for (unsigned s = 0; s < grid_sides(m, id); s++)
            if (grid_neighbour(m, id, s) != GRID_NONE && rng_below(&r, 8) == 0)
                grid_set_side(m, id, s, true);
    free(stack);
    free(seen);
    return m;
}

/* The shortest way from S to G (breadth first); length 0 if none. */
static void solve(const meiro_maze *m, meiro_path *p)
{
    *p = (meiro_path){0};
    size_t n = grid_total(m), *prev = malloc(n * sizeof *prev), *queue = malloc(n * sizeof *queue);
    for (size_t i = 0; i < n; i++) prev[i] = GRID_NONE;
    size_t s = grid_id(m, m->start), g = grid_id(m, m->goal), head = 0, tail = 0;
    queue[tail++] = s;
    prev[s] = s;
    while (head < tail) {
        size_t id = queue[head++];
        for (unsigned k = 0; k < grid_sides(m, id); k++) {
            size_t next = grid_neighbour(m, id, k);
            if (grid_open(m, id, k) && next != GRID_NONE && prev[next] == GRID_NONE) {
                prev[next] = id;
                queue[tail++] = next;
            }
        }
    }
    if (prev[g] != GRID_NONE) {
        size_t len = 1;
        for (size_t c = g; c != s; c = prev[c]) len++;
        p->cells = malloc(len * sizeof *p->cells);
        p->length = len;
        for (size_t c = g, k = len;; c = prev[c]) {
            p->cells[--k] = grid_cell(m, c);
            if (c == s) break;
        }
    }
    free(prev);
    free(queue);
}

/* ---- Where things are in a picture of the page ---- */

/* Where the maze lies on its page (the document's own layout). */
static bool place(const meiro_maze *m, const meiro_export_options *opt, page_layout *L)
{
    doc_item item = {m, NULL, 0};
    document d;
    if (doc_init(&d, &item, 1, opt, -1, NULL) != MEIRO_OK) return false;
    bool ok = doc_first_maze(&d, 0, L, NULL) == MEIRO_OK;
    doc_free(&d);
    return ok;
}

/* A point of the grid (units of core/grid.h) in pixels of a page picture
 * at ppm pixels a mm. */
typedef struct mapping {
    double x0, y0, unit, ppm;
} mapping;

static mapping mapping_of(const meiro_maze *m, const page_layout *L, double dpi)
{
    return (mapping){L->maze_x, L->maze_y, L->cell / grid_cell_units((meiro_grid)m->grid),
                     dpi / 25.4};
}

static void to_px(const mapping *k, double ux, double uy, int *px, int *py)
{
    *px = (int)floor((k->x0 + ux * k->unit) * k->ppm);
    *py = (int)floor((k->y0 + uy * k->unit) * k->ppm);
}

/* The middle of side `side` of cell id, in grid units. */
static void side_middle(const meiro_maze *m, size_t id, unsigned side, double *x, double *y)
{
    grid_side_shape s;
    grid_side(m, id, side, &s);
    if (s.arc) {
        double a = s.a0 + remainder(s.a1 - s.a0, 2 * G_PI) / 2;
        *x = s.cx + s.r * cos(a);
        *y = s.cy + s.r * sin(a);
    } else {
        *x = (s.x0 + s.x1) / 2;
        *y = (s.y0 + s.y1) / 2;
    }
}

/* 1 wall (a dark pixel in the 3 x 3 around the point), 0 open (all of
 * them light), -1 neither. */
static int sample(const image *img, int x, int y)
{
    int darkest = 255;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int px = x + dx, py = y + dy;
            int g = px >= 0 && py >= 0 && px < img->w && py < img->h
                        ? img->gray[(size_t)py * img->w + px]
                        : 255;
            if (g < darkest) darkest = g;
        }
    return darkest < 100 ? 1 : darkest > 180 ? 0 : -1;
}

/* A polar maze's S or G on its outer ring enters through a gap in the rim:
 * that cell's side on the border is drawn open. */
static bool rim_gap(const meiro_maze *m, size_t id, unsigned side)
{
    meiro_cell c = grid_cell(m, id), s = meiro_maze_start(m), g = meiro_maze_goal(m);
    return m->grid == MEIRO_GRID_POLAR && c.y > 0 && c.y + 1 == meiro_maze_height(m) &&
           grid_neighbour(m, id, side) == GRID_NONE &&
           ((c.x == s.x && c.y == s.y) || (c.x == g.x && c.y == g.y));
}

/* The cell of a polar maze's outer ring farthest round from S and G (their
 * gap in the rim, their marks). */
static size_t rim_cell_apart(const meiro_maze *m)
{
    uint32_t ring = meiro_maze_height(m) - 1, n = grid_row_width(m, ring), best = 0, far = 0;
    meiro_cell ends[2] = {meiro_maze_start(m), meiro_maze_goal(m)};
    for (uint32_t x = 0; x < n; x++) {
        uint32_t d = n; /* round the ring to the nearer of S and G on it */
        for (int e = 0; e < 2; e++) {
            if (ends[e].y != ring) continue;
            uint32_t a = x > ends[e].x ? x - ends[e].x : ends[e].x - x;
            if (n - a < a) a = n - a;
            if (a < d) d = a;
        }
        if (d > far) far = d, best = x;
    }
    return grid_id(m, (meiro_cell){best, ring});
}

/* Every side of every cell, border included, as the picture shows it,
 * against the model (and the rim's gap). */
static void check_sides(verdict *v, const char *what, const image *img, const meiro_maze *m,
                        const mapping *k)
{
    for (size_t id = 0; id < grid_total(m); id++)
        for (unsigned s = 0; s < grid_sides(m, id); s++) {
            double ux, uy;
            int px, py;
            side_middle(m, id, s, &ux, &uy);
            to_px(k, ux, uy, &px, &py);
            int seen = sample(img, px, py), want = !grid_open(m, id, s) && !rim_gap(m, id, s);
            meiro_cell c = grid_cell(m, id);
            verdict_note(v, seen == want, "%s: cell (%u, %u) side %u is %s, the model has %s", what,
                         c.x, c.y, s,
                         seen < 0 ? "unclear"
                         : seen   ? "a wall"
                                  : "open",
                         want ? "a wall" : "it open");
        }
}

/* The picture of a written file at `dpi`: the PNG itself, or poppler's or
 * librsvg's picture of the PDF or SVG. */
static bool picture_of(meiro_format f, const char *file, double dpi, image *img)
{
    char cmd[512], png[160];
    if (f == MEIRO_FORMAT_PNG) return load_png(file, img);
    snprintf(png, sizeof png, "%s/read.png", dir);
    if (f == MEIRO_FORMAT_PDF)
        snprintf(cmd, sizeof cmd, "pdftoppm -r %.0f -png -singlefile %s %s/read", dpi, file, dir);
    else snprintf(cmd, sizeof cmd, "rsvg-convert -d %.0f -p %.0f -o %s %s", dpi, dpi, png, file);
    return run(cmd, NULL, 0) && load_png(png, img);
}

static const char *const tool_for[MEIRO_FORMAT_COUNT] = {[MEIRO_FORMAT_PDF] = "pdftoppm",
                                                         [MEIRO_FORMAT_SVG] = "rsvg-convert",
                                                         [MEIRO_FORMAT_PNG] = "true"};
static const char *const ext_for[MEIRO_FORMAT_COUNT] = {
    [MEIRO_FORMAT_PDF] = "pdf", [MEIRO_FORMAT_SVG] = "svg", [MEIRO_FORMAT_PNG] = "png"};

/* A resolution at which the walls are 3.5 pixels wide or more. */
static double dpi_for(const page_layout *L)
{
    return fmin(400, fmax(100, ceil(3.5 * 25.4 / L->line)));
}

typedef struct shape {
    meiro_grid grid;
    uint32_t w, h;
} shape;

static const shape shapes[] = {
    {MEIRO_GRID_POLAR, 1, 2},     {MEIRO_GRID_POLAR, 1, 3},    {MEIRO_GRID_POLAR, 1, 5},
    {MEIRO_GRID_POLAR, 1, 10},    {MEIRO_GRID_POLAR, 1, 17},   {MEIRO_GRID_HEX, 2, 1},
    {MEIRO_GRID_HEX, 1, 3},       {MEIRO_GRID_HEX, 15, 12},    {MEIRO_GRID_HEX, 31, 5},
    {MEIRO_GRID_TRIANGLE, 2, 1},  {MEIRO_GRID_TRIANGLE, 1, 2}, {MEIRO_GRID_TRIANGLE, 20, 12},
    {MEIRO_GRID_TRIANGLE, 9, 25},
};

static void shape_name(const shape *s, maze_kind kind, uint64_t seed, char *buf, size_t size)
{
    static const char *const kinds[] = {"perfect", "loops", "closed"};
    snprintf(buf, size, "%s %ux%u %s seed %llu", meiro_grid_name(s->grid), s->w, s->h, kinds[kind],
             (unsigned long long)seed);
}

/* Every side of every cell of mazes of each grid, sizes and seeds, perfect,
 * with loops and with every wall closed, read back from the PNG, PDF and
 * SVG, equals the model; the outer wall is as thick as a rectangle's at
 * the same cell size. */
static void test_walls(void)
{
    verdict sides = {0}, weight = {0};
    for (size_t i = 0; i < TEST_COUNT(shapes); i++)
        for (maze_kind kind = PERFECT; kind <= CLOSED; kind++)
            for (uint64_t seed = 1; seed <= (kind == CLOSED ? 1u : 2u); seed++) {
                const shape *sh = &shapes[i];
                meiro_maze *m = make_maze(sh->grid, sh->w, sh->h, seed * 7 + i, kind);
                char what[160];
                shape_name(sh, kind, seed, what, sizeof what);
                if (!verdict_note(&sides, m != NULL, "%s: not made", what)) continue;
                meiro_export_options opt;
                meiro_export_options_init(&opt);
                page_layout L;
                if (!verdict_note(&sides, place(m, &opt, &L), "%s: not placed", what)) {
                    meiro_maze_free(m);
                    continue;
                }
                double dpi = dpi_for(&L);
                opt.dpi = (unsigned)dpi;
                mapping k = mapping_of(m, &L, dpi);
                for (meiro_format f = MEIRO_FORMAT_PDF; f <= MEIRO_FORMAT_PNG; f++) {
                    /* the PDF and SVG read back through poppler and librsvg
                     * (most of the case's time): of two seeds, one each, in
                     * turn from shape to shape; the PNG both */
                    if (f != MEIRO_FORMAT_PNG && kind != CLOSED && (seed + i + f) % 2) continue;
                    if (!have(tool_for[f])) continue;
                    char file[160], name[200];
                    snprintf(file, sizeof file, "%s/walls.%s", dir, ext_for[f]);
                    snprintf(name, sizeof name, "%s %s", what, ext_for[f]);
                    image img;
                    bool ok = meiro_save(m, NULL, f, &opt, file, NULL) == MEIRO_OK &&
                              picture_of(f, file, dpi, &img);
                    if (!verdict_note(&sides, ok, "%s: not written or read", name)) continue;
                    check_sides(&sides, name, &img, m, &k);
                    /* the border at the top of the first cell of the last
                     * row or ring: a wall of the rectangle's width (to a
                     * pixel either way) */
                    if (f == MEIRO_FORMAT_PNG && kind == CLOSED) {
                        double ux, uy;
                        int px, py, top, bottom;
                        size_t id = 0;
                        unsigned side = 0;                /* hex: the top of the first cell */
                        if (sh->grid == MEIRO_GRID_POLAR) { /* the outer ring, outside */
                            id = rim_cell_apart(m), side = grid_sides(m, id) - 2;
                        }
                        if (sh->grid ==
                            MEIRO_GRID_TRIANGLE) /* the top of the second, or the base of one */
                            id = sh->w > 1 ? 1 : 0, side = sh->w > 1 ? 0 : 1;
                        side_middle(m, id, side, &ux, &uy);
                        to_px(&k, ux, uy, &px, &py);
                        for (top = py; dark(&img, px, top - 1); top--) {}
                        for (bottom = py; dark(&img, px, bottom + 1); bottom++) {}
                        page_layout R = {0};
                        layout_in_slot(10, 10, 0, (box){0, 0, 1000, 1000}, false, L.cell, 0, 0, &R,
                                       NULL);
                        double want = fmax(1, round(R.line * k.ppm));
                        verdict_note(&weight, fabs((bottom - top + 1) - want) <= 1.01,
                                     "%s: the outer wall is %d pixels thick, a rectangle's %.0f",
                                     name, bottom - top + 1, want);
                    }
                    free_image(&img);
                }
                meiro_maze_free(m);
            }
    CHECK_ALL(sides);
    CHECK_ALL(weight);
}

/* The solution, read from pictures with and without it: red at the centre
 * of every cell of the way but S's and G's (their marks stand there) and
 * beside their plates; and no red pixel where the picture without the
 * solution has a wall (the line crosses none and grazes none). */
static void test_solution(void)
{
    verdict centres = {0}, ends = {0}, clear = {0};
    for (size_t i = 0; i < TEST_COUNT(shapes); i++)
        for (maze_kind kind = PERFECT; kind <= LOOPS; kind++) {
            const shape *sh = &shapes[i];
            meiro_maze *m = make_maze(sh->grid, sh->w, sh->h, 40 + i, kind);
            char what[160];
            shape_name(sh, kind, 40 + i, what, sizeof what);
            if (!verdict_note(&centres, m != NULL, "%s: not made", what)) continue;
            meiro_path p;
            solve(m, &p);
            meiro_export_options opt;
            meiro_export_options_init(&opt);
            page_layout L;
            if (!verdict_note(&centres, p.length > 0 && place(m, &opt, &L),
                              "%s: no way or no place", what)) {
                meiro_path_free(&p);
                meiro_maze_free(m);
                continue;
            }
            double dpi = dpi_for(&L);
            opt.dpi = (unsigned)dpi;
            mapping k = mapping_of(m, &L, dpi);
            char with[160], without[160];
            snprintf(with, sizeof with, "%s/solved.png", dir);
            snprintf(without, sizeof without, "%s/plain.png", dir);
            image a, b;
            bool ok = meiro_save(m, &p, MEIRO_FORMAT_PNG, &opt, with, NULL) == MEIRO_OK &&
                      meiro_save(m, NULL, MEIRO_FORMAT_PNG, &opt, without, NULL) == MEIRO_OK &&
                      load_png(with, &a);
            if (ok && !load_png(without, &b)) {
                free_image(&a);
                ok = false;
            }
            if (!verdict_note(&centres, ok, "%s: not written or read", what)) {
                meiro_path_free(&p);
                meiro_maze_free(m);
                continue;
            }
            size_t s = grid_id(m, m->start), g = grid_id(m, m->goal);
            for (size_t c = 0; c < p.length; c++) {
                size_t id = grid_id(m, p.cells[c]);
                double ux, uy;
                int px, py;
                grid_centre(m, id, &ux, &uy);
                to_px(&k, ux, uy, &px, &py);
                if (id != s && id != g) {
                    verdict_note(&centres, a.answer[(size_t)py * a.w + px],
                                 "%s: no red at the centre of (%u, %u)", what, p.cells[c].x,
                                 p.cells[c].y);
                    continue;
                }
                /* S and G: red within their cells, around the plates */
                int reach =
                        (int)(L.cell * (id == 0 && sh->grid == MEIRO_GRID_POLAR ? 1 : 0.5) * k.ppm),
                    reds = 0;
                for (int dy = -reach; dy <= reach; dy++)
                    for (int dx = -reach; dx <= reach; dx++) {
                        int x = px + dx, y = py + dy;
                        if (dx * dx + dy * dy <= reach * reach && x >= 0 && y >= 0 && x < a.w &&
                            y < a.h)
                            reds += a.answer[(size_t)y * a.w + x];
                    }
                verdict_note(&ends, p.length == 1 || reds > 0, "%s: the way does not reach %s",
                             what, id == s ? "S" : "G");
            }
            size_t bad = 0, first = 0;
            for (size_t q = 0; q < (size_t)a.w * a.h; q++)
                if (a.answer[q] && b.gray[q] < 128 && !bad++) first = q;
            verdict_note(&clear, bad == 0, "%s: %zu red pixels on walls, first at %zu, %zu", what,
                         bad, first % (size_t)a.w, first / (size_t)a.w);
            free_image(&a);
            free_image(&b);
            meiro_path_free(&p);
            meiro_maze_free(m);
        }
    CHECK_ALL(centres);
    CHECK_ALL(ends);
    CHECK_ALL(clear);
}

/* Page 0's layers as the document draws them, at ppm pixels a mm, on a
 * transparent surface; NULL if the document refuses. */
static cairo_surface_t *draw_layers(const meiro_maze *m, const meiro_path *p,
                                    const meiro_export_options *opt, unsigned layers, double ppm)
{
    doc_item item = {m, p, 0};
    document d;
    if (doc_init(&d, &item, 1, opt, -1, NULL) != MEIRO_OK) return NULL;
    double pw, ph;
    doc_page_size(&d, &pw, &ph);
    cairo_surface_t *s =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(pw * ppm), (int)ceil(ph * ppm));
    cairo_t *cr = cairo_create(s);
    cairo_scale(cr, ppm, ppm);
    bool ok = doc_draw_cairo(&d, 0, cr, false, 0, layers, NULL) == MEIRO_OK;
    cairo_destroy(cr);
    cairo_surface_flush(s);
    doc_free(&d);
    if (!ok) cairo_surface_destroy(s);
    return ok ? s : NULL;
}

/* A pixel of such a surface: its opacity, and its lightness on white. */
static unsigned alpha_at(cairo_surface_t *s, int x, int y)
{
    const unsigned char *row =
        cairo_image_surface_get_data(s) + (size_t)y * cairo_image_surface_get_stride(s);
    return ((const uint32_t *)row)[x] >> 24;
}

static unsigned light_at(cairo_surface_t *s, int x, int y)
{
    const unsigned char *row =
        cairo_image_surface_get_data(s) + (size_t)y * cairo_image_surface_get_stride(s);
    uint32_t px = ((const uint32_t *)row)[x];
    unsigned a = px >> 24, r = ((px >> 16) & 255) + 255 - a, g = ((px >> 8) & 255) + 255 - a,
             b = (px & 255) + 255 - a;
    return (r * 30 + g * 59 + b * 11) / 100;
}

/* S and G read back from the document's drawing of the marks alone: the
 * ink of the word (or the picture, --art) centred on its cell's centre,
 * the word as tall as a rectangle's (English) or filling its room
 * (スタート, ゴール), the polar centre's mark larger; and with the walls,
 * no wall pixel covered by a plate, in English, Japanese and pictures. */
static void test_marks(void)
{
    verdict drawn = {0}, centred = {0}, sized = {0}, walls = {0};
    const double ppm = 8;
    for (size_t i = 0; i < TEST_COUNT(shapes); i++)
        for (int style = 0; style < 3; style++) { /* en, ja, pictures */
            const shape *sh = &shapes[i];
            meiro_maze *m = make_maze(sh->grid, sh->w, sh->h, 3, PERFECT);
            char what[200];
            shape_name(sh, PERFECT, 3, what, sizeof what);
            snprintf(what + strlen(what), sizeof what - strlen(what), " %s",
                     style == 0   ? "en"
                     : style == 1 ? "ja"
                                  : "art");
            if (!verdict_note(&drawn, m != NULL, "%s: not made", what)) continue;
            if (sh->grid == MEIRO_GRID_POLAR) { /* S outside, G in the centre */
                meiro_maze_set_start(m, (meiro_cell){0, sh->h - 1}, MEIRO_NO_DIR);
                meiro_maze_set_goal(m, (meiro_cell){0, 0}, MEIRO_NO_DIR);
            }
            /* the Japanese words are kids-a4's (meiro's own marks are S and G) */
            meiro_template *tpl = style == 1 ? meiro_template_load("kids-a4", NULL) : NULL;
            meiro_export_options opt;
            meiro_export_options_from_template(&opt, tpl);
            opt.signs = MEIRO_SIGNS_LETTERS; /* the words fitted in their cells (kids-a4: badges) */
            opt.lang = style == 1 ? "ja" : "en";
            opt.art = style == 2 ? "bunny" : style == 1 ? "none" : NULL;
            page_layout L;
            cairo_surface_t *labels =
                place(m, &opt, &L) ? draw_layers(m, NULL, &opt, LAYER_LABELS, ppm) : NULL;
            cairo_surface_t *plain = draw_layers(m, NULL, &opt, LAYER_WALLS, ppm);
            cairo_surface_t *both = draw_layers(m, NULL, &opt, LAYER_WALLS | LAYER_LABELS, ppm);
            if (!verdict_note(&drawn, labels && plain && both, "%s: not drawn", what)) {
                cairo_surface_destroy(labels), cairo_surface_destroy(plain),
                    cairo_surface_destroy(both);
                meiro_template_free(tpl);
                meiro_maze_free(m);
                continue;
            }
            int w = cairo_image_surface_get_width(labels),
                h = cairo_image_surface_get_height(labels);
            mapping k = mapping_of(m, &L, 25.4 * ppm);
            size_t ids[2] = {grid_id(m, m->start), grid_id(m, m->goal)};
            double heights[2] = {0, 0};
            for (int e = 0; e < 2; e++) {
                double ux, uy;
                grid_centre(m, ids[e], &ux, &uy);
                double cx = (k.x0 + ux * k.unit) * ppm, cy = (k.y0 + uy * k.unit) * ppm;
                double room = (sh->grid == MEIRO_GRID_POLAR && ids[e] == 0 ? 2 : 1) * L.cell * ppm;
                /* the ink: dark pixels of a word, any but white of a picture */
                int x0 = w, y0 = h, x1 = -1, y1 = -1;
                for (int y = (int)(cy - room / 2); y <= (int)(cy + room / 2); y++)
                    for (int x = (int)(cx - room / 2); x <= (int)(cx + room / 2); x++) {
                        if (x < 0 || y < 0 || x >= w || y >= h ||
                            hypot(x + 0.5 - cx, y + 0.5 - cy) > room / 2)
                            continue;
                        if (alpha_at(labels, x, y) > 128 &&
                            light_at(labels, x, y) < (style == 2 ? 230u : 100u)) {
                            if (x < x0) x0 = x;
                            if (x > x1) x1 = x;
                            if (y < y0) y0 = y;
                            if (y > y1) y1 = y;
                        }
                    }
                const char *mark = e ? "G" : "S";
                if (!verdict_note(&drawn, x1 >= 0, "%s: no %s in its cell", what, mark)) continue;
                double iw = (x1 + 1 - x0) / ppm, ih = (y1 + 1 - y0) / ppm;
                double mx = (x0 + x1 + 1) / 2.0, my = (y0 + y1 + 1) / 2.0;
                verdict_note(&centred, fabs(mx - cx) < 0.08 * room && fabs(my - cy) < 0.08 * room,
                             "%s: %s's ink centred %.1f, %.1f px off its cell's centre", what, mark,
                             mx - cx, my - cy);
                double r = room / ppm; /* mm */
                bool ok = style == 0 ? ih >= 0.4 * r && iw <= 0.7 * r + 0.1
                          : style == 1
                              ? iw >= 0.5 * r && iw <= 0.7 * r + 0.1
                              : iw >= 0.4 * r && ih >= 0.4 * r && iw <= 0.71 * r && ih <= 0.71 * r;
                verdict_note(&sized, ok, "%s: %s's ink %.1f x %.1f mm in a cell %.1f mm across",
                             what, mark, iw, ih, r);
                heights[e] = ih;
            }
            if (sh->grid == MEIRO_GRID_POLAR && style == 0)
                verdict_note(&sized, heights[1] > 1.5 * heights[0],
                             "%s: G in the centre %.1f mm high, S %.1f mm", what, heights[1],
                             heights[0]);
            /* every wall pixel stays dark with the marks drawn */
            size_t covered = 0;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++)
                    if (alpha_at(plain, x, y) > 200 && light_at(both, x, y) > 128) covered++;
            verdict_note(&walls, covered == 0, "%s: the marks cover %zu wall pixels", what,
                         covered);
            cairo_surface_destroy(labels), cairo_surface_destroy(plain),
                cairo_surface_destroy(both);
            meiro_template_free(tpl);
            meiro_maze_free(m);
        }
    CHECK_ALL(drawn);
    CHECK_ALL(centred);
    CHECK_ALL(sized);
    CHECK_ALL(walls);
}

/* The ink of the maze (walls, solution, marks: no frame or texts) drawn
 * by the document at 4 pixels a mm: its box in mm. false if none. */
static bool maze_ink(const meiro_maze *m, const meiro_path *p, const meiro_export_options *opt,
                     box *ink)
{
    const double ppm = 4;
    cairo_surface_t *s = draw_layers(m, p, opt, LAYER_WALLS | LAYER_PATH | LAYER_LABELS, ppm);
    if (!s) return false;
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s), x0 = w, y0 = h,
        x1 = -1, y1 = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (alpha_at(s, x, y) > 64) {
                if (x < x0) x0 = x;
                if (x > x1) x1 = x;
                if (y < y0) y0 = y;
                if (y > y1) y1 = y;
            }
    cairo_surface_destroy(s);
    *ink = (box){x0 / ppm, y0 / ppm, (x1 + 1 - x0) / ppm, (y1 + 1 - y0) / ppm};
    return x1 >= 0;
}

/* Every grid with every shipped template, as PDF, SVG and PNG, in English
 * and Japanese: written without error; the maze's ink inside the margins,
 * centred across the page's body and as large as the body allows (its
 * width or its height filled, unless the template caps the cell); every
 * word of the PDF inside the margins and off the maze but S and G. */
static void test_templates(void)
{
    static const shape grids[] = {
        {MEIRO_GRID_POLAR, 1, 10}, {MEIRO_GRID_HEX, 15, 12}, {MEIRO_GRID_TRIANGLE, 20, 12}};
    verdict written = {0}, inside = {0}, words = {0};
    bool pdftotext = have("pdftotext");
    for (size_t t = 0; t < meiro_builtin_template_count(); t++)
        for (size_t gi = 0; gi < TEST_COUNT(grids); gi++)
            for (int ja = 0; ja <= 1; ja++) {
                const char *name = meiro_builtin_template_name(t);
                const shape *sh = &grids[gi];
                meiro_template *tpl = meiro_template_load(name, NULL);
                meiro_maze *m = make_maze(sh->grid, sh->w, sh->h, 5, PERFECT);
                meiro_path p;
                solve(m, &p);
                meiro_export_options opt;
                meiro_export_options_from_template(&opt, tpl);
                opt.lang = ja ? "ja" : "en";
                opt.dpi = 50;
                char what[200];
                snprintf(what, sizeof what, "%s %s %s", name, meiro_grid_name(sh->grid), opt.lang);
                for (meiro_format f = MEIRO_FORMAT_PDF; f <= MEIRO_FORMAT_PNG; f++) {
                    char file[160];
                    snprintf(file, sizeof file, "%s/tpl.%s", dir, ext_for[f]);
                    meiro_error err = {0};
                    meiro_status s = meiro_save(m, &p, f, &opt, file, &err);
                    verdict_note(&written, s == MEIRO_OK, "%s %s: %s", what, ext_for[f],
                                 err.message);
                }
                page_layout L;
                box ink = {0};
                if (verdict_note(&inside, place(m, &opt, &L) && maze_ink(m, &p, &opt, &ink),
                                 "%s: no maze drawn", what)) {
                    const double tol = 0.3;
                    bool in = ink.x >= L.margin - tol && ink.y >= L.margin - tol &&
                              ink.x + ink.w <= L.page_w - L.margin + tol &&
                              ink.y + ink.h <= L.page_h - L.margin + tol;
                    verdict_note(
                        &inside, in,
                        "%s: the maze's ink %.1f,%.1f %.1f x %.1f mm, page %.0f x %.0f, margin %.0f",
                        what, ink.x, ink.y, ink.w, ink.h, L.page_w, L.page_h, L.margin);
                    /* centred in the box laid out for it, which holds it */
                    double mx = ink.x + ink.w / 2, my = ink.y + ink.h / 2;
                    verdict_note(
                        &inside,
                        fabs(mx - (L.maze_x + L.maze_w / 2)) < 0.5 &&
                            fabs(my - (L.maze_y + L.maze_h / 2)) < 0.5,
                        "%s: the maze's ink centred at %.1f, %.1f mm, its box at %.1f, %.1f", what,
                        mx, my, L.maze_x + L.maze_w / 2, L.maze_y + L.maze_h / 2);
                    verdict_note(
                        &inside,
                        ink.x >= L.maze_x - L.line &&
                            ink.x + ink.w <= L.maze_x + L.maze_w + L.line &&
                            ink.y >= L.maze_y - L.line &&
                            ink.y + ink.h <= L.maze_y + L.maze_h + L.line,
                        "%s: ink %.1f,%.1f %.1f x %.1f outside the laid-out box %.1f,%.1f %.1f x %.1f",
                        what, ink.x, ink.y, ink.w, ink.h, L.maze_x, L.maze_y, L.maze_w, L.maze_h);
                    /* one maze a page: across the page's middle, as large as
                     * fits (the body's width or height filled), or at the
                     * template's largest cell */
                    if (tpl->per_page == 1) {
                        verdict_note(&inside, fabs(mx - L.page_w / 2) < 0.5,
                                     "%s: the maze centred at %.1f mm, the page at %.1f", what, mx,
                                     L.page_w / 2);
                        page_words pw;
                        page_words_for(&opt, &pw);
                        page_paper paper;
                        page_paper_of(&opt, &paper);
                        page_frame f;
                        layout_frame(&paper, L.landscape, opt.margin_mm, false,
                                     (frame_texts){.title = pw.title != NULL,
                                                   .subtitle = pw.subtitle != NULL,
                                                   .fields = pw.fields[0] != 0},
                                     &f, NULL);
                        bool capped = tpl->cell > 0 && fabs(L.cell - tpl->cell) < 1e-6;
                        bool wide = L.maze_w + L.line > f.body.w - 0.01,
                             tall = L.maze_h + L.line > f.body.h - 0.01;
                        verdict_note(
                            &inside, capped || wide || tall,
                            "%s: a small maze (%.1f x %.1f mm, cell %.2f) on a page %.0f x %.0f",
                            what, L.maze_w, L.maze_h, L.cell, L.page_w, L.page_h);
                    }
                }
                if (pdftotext) {
                    char cmd[300], line[1024];
                    snprintf(cmd, sizeof cmd, "pdftotext -f 1 -l 1 -bbox %s/tpl.pdf -", dir);
                    FILE *in = popen(cmd, "r");
                    int n = 0;
                    while (in && fgets(line, sizeof line, in)) {
                        double x0, y0, x1, y1;
                        char word[256];
                        if (sscanf(
                                line,
                                " <word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%255[^<]",
                                &x0, &y0, &x1, &y1, word) != 5)
                            continue;
                        n++;
                        x0 /= PT_PER_MM, y0 /= PT_PER_MM, x1 /= PT_PER_MM, y1 /= PT_PER_MM;
                        const double tol = 0.5;
                        bool in_margins = x0 >= L.margin - tol && x1 <= L.page_w - L.margin + tol &&
                                          y0 >= L.margin - tol && y1 <= L.page_h - L.margin + tol;
                        bool mark = !strcmp(word, "S") || !strcmp(word, "G") ||
                                    !strcmp(word, "スタート") || !strcmp(word, "ゴール");
                        bool on_maze = x1 > L.maze_x && x0 < L.maze_x + L.maze_w && y1 > L.maze_y &&
                                       y0 < L.maze_y + L.maze_h;
                        verdict_note(
                            &words, in_margins && (mark || !on_maze),
                            "%s: '%s' at %.1f,%.1f-%.1f,%.1f mm (maze %.1f,%.1f %.1f x %.1f)", what,
                            word, x0, y0, x1, y1, L.maze_x, L.maze_y, L.maze_w, L.maze_h);
                    }
                    if (in) pclose(in);
                    verdict_note(&words, n > 0, "%s: no words read", what);
                }
                meiro_path_free(&p);
                meiro_maze_free(m);
                meiro_template_free(tpl);
            }
    CHECK_ALL(written);
    CHECK_ALL(inside);
    if (pdftotext) CHECK_ALL(words);
}

/* A page lays a grid out by its bounding box in corridor widths: a polar
 * maze of 10 rings is 20 cells across; hex and triangle boxes likewise; a
 * too large --cell is refused naming the size, and the largest that fits. */
static void test_layout(void)
{
    meiro_maze *p = make_maze(MEIRO_GRID_POLAR, 1, 10, 1, CLOSED);
    meiro_maze *h = make_maze(MEIRO_GRID_HEX, 15, 12, 1, CLOSED);
    meiro_maze *t = make_maze(MEIRO_GRID_TRIANGLE, 20, 12, 1, CLOSED);
    double w, hh;
    maze_cells(p, &w, &hh);
    CHECK(fabs(w - 20) < 1e-9 && fabs(hh - 20) < 1e-9);
    maze_cells(h, &w, &hh);
    CHECK(fabs(w - (1.5 * 15 + 0.5) / sqrt(3)) < 1e-9 && fabs(hh - (12 + 0.5)) < 1e-9);
    maze_cells(t, &w, &hh);
    CHECK(fabs(w - 10.5 * sqrt(3)) < 1e-9 && fabs(hh - 12 * 1.5) < 1e-9);
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.cell_mm = 12;
    meiro_error err = {0};
    CHECK_INT(meiro_save(p, NULL, MEIRO_FORMAT_PDF, &opt, "/dev/null", &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "a 20 x 20 maze with 12 mm cells") &&
                  strstr(err.message, "largest cell that fits"),
              "%s", err.message);
    opt.cell_mm = 16;
    CHECK_INT(meiro_save(h, NULL, MEIRO_FORMAT_PDF, &opt, "/dev/null", &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "a 13.3 x 12.5 cell maze with 16 mm cells"), "%s", err.message);
    opt.cell_mm = 8; /* fits: the corridors are 8 mm */
    page_layout L;
    CHECK(place(p, &opt, &L) && fabs(L.cell - 8) < 1e-9 && fabs(L.maze_w - 160) < 1e-9);
    /* the checks made before a maze is: the same layout from the size alone */
    opt.cell_mm = 0;
    double cell = 0;
    for (int k = 0; k < 3; k++) {
        meiro_maze *m = k == 0 ? p : k == 1 ? h : t;
        CHECK(place(m, &opt, &L));
        CHECK_INT(meiro_export_grid_cell_mm((meiro_grid)m->grid, k == 0 ? 99 : m->w, m->h,
                                            MEIRO_FORMAT_PNG, &opt, &cell, &err),
                  MEIRO_OK);
        CHECK_MSG(fabs(cell - L.cell) < 1e-9, "%s: %g mm checked, %g mm laid out",
                  meiro_grid_name((meiro_grid)m->grid), cell, L.cell);
        CHECK_INT(meiro_export_grid_cell_mm((meiro_grid)m->grid, m->w, m->h, MEIRO_FORMAT_XLSX,
                                            &opt, NULL, &err),
                  MEIRO_ERROR_ARGUMENT);
    }
    opt.cell_mm = 12;
    CHECK_INT(
        meiro_export_grid_cell_mm(MEIRO_GRID_POLAR, 20, 10, MEIRO_FORMAT_PDF, &opt, NULL, &err),
        MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "a 20 x 20 maze with 12 mm cells"), "%s", err.message);
    meiro_maze_free(p);
    meiro_maze_free(h);
    meiro_maze_free(t);
}

/* A polar, hex or triangle maze as a workbook or a page to play (made of
 * square cells) is refused, saying which formats draw it, and no file is
 * left. */
static void test_refused(void)
{
    for (meiro_grid g = MEIRO_GRID_POLAR; g <= MEIRO_GRID_TRIANGLE; g++) {
        meiro_maze *m = make_maze(g, 4, 4, 1, PERFECT);
        for (meiro_format f = MEIRO_FORMAT_XLSX; f <= MEIRO_FORMAT_HTML; f++) {
            char file[160], want[160];
            snprintf(file, sizeof file, "%s/refused.%s", dir,
                     f == MEIRO_FORMAT_XLSX ? "xlsx" : "html");
            snprintf(want, sizeof want, "cannot show a %s maze", meiro_grid_name(g));
            meiro_error err = {0};
            CHECK_INT(meiro_save(m, NULL, f, NULL, file, &err), MEIRO_ERROR_ARGUMENT);
            CHECK_MSG(strstr(err.message, want), "%s", err.message);
            CHECK(!test_exists(file));
        }
        meiro_maze_free(m);
    }
}

/* Larger mazes, whose walls cairo strokes in several pieces and the SVG
 * writes in long strokes of its own (draw_grid.c's trace): every side of
 * every cell, read back from the PNG, PDF and SVG at 60 to 150 dpi, equals
 * the model; and a polar maze whose walls take several megabytes of SVG
 * path data is split into <path> elements that librsvg reads without its
 * "huge" switch. */
static const shape dense_shapes[] = {
    {MEIRO_GRID_POLAR, 1, 24}, {MEIRO_GRID_HEX, 40, 28}, {MEIRO_GRID_TRIANGLE, 56, 28}};

static void test_dense(void)
{
    verdict sides = {0};
    for (size_t i = 0; i < TEST_COUNT(dense_shapes); i++)
        for (maze_kind kind = PERFECT; kind <= LOOPS; kind++) {
            const shape *sh = &dense_shapes[i];
            meiro_maze *m = make_maze(sh->grid, sh->w, sh->h, 11 + i, kind);
            char what[160];
            shape_name(sh, kind, 11 + i, what, sizeof what);
            meiro_export_options opt;
            meiro_export_options_init(&opt);
            page_layout L;
            if (!verdict_note(&sides, m && place(m, &opt, &L), "%s: not made or placed", what)) {
                meiro_maze_free(m);
                continue;
            }
            double dpi = fmax(60, fmin(150, dpi_for(&L)));
            opt.dpi = (unsigned)dpi;
            mapping k = mapping_of(m, &L, dpi);
            for (meiro_format f = MEIRO_FORMAT_PDF; f <= MEIRO_FORMAT_PNG; f++) {
                if (!have(tool_for[f])) continue;
                char file[160], name[220];
                snprintf(file, sizeof file, "%s/dense.%s", dir, ext_for[f]);
                snprintf(name, sizeof name, "%s %s at %.0f dpi", what, ext_for[f], dpi);
                image img;
                bool ok = meiro_save(m, NULL, f, &opt, file, NULL) == MEIRO_OK &&
                          picture_of(f, file, dpi, &img);
                if (!verdict_note(&sides, ok, "%s: not written or read", name)) continue;
                check_sides(&sides, name, &img, m, &k);
                free_image(&img);
            }
            meiro_maze_free(m);
        }
    CHECK_ALL(sides);
    if (!have("rsvg-convert")) return;
    meiro_maze *m = make_maze(MEIRO_GRID_POLAR, 1, 250, 5, PERFECT);
    char file[160], cmd[400];
    snprintf(file, sizeof file, "%s/big.svg", dir);
    CHECK(meiro_save(m, NULL, MEIRO_FORMAT_SVG, NULL, file, NULL) == MEIRO_OK);
    FILE *in = fopen(file, "rb");
    long paths = 0, longest = 0, at = 0, size = 0;
    for (int c, last = 0; in && (c = getc(in)) != EOF; last = c, size++) {
        if (last == 'd' && c == '=') at = size; /* a path's data begins */
        if (c == '"' && at && size - at > 2) {
            if (size - at > longest) longest = size - at;
            paths += size - at > (512L << 10); /* the walls' pieces */
            at = 0;
        }
    }
    if (in) fclose(in);
    CHECK_MSG(size > (3L << 20), "the SVG is %ld bytes, too small to split", size);
    CHECK_MSG(longest < (5L << 20) / 4, "path data of %ld bytes in one <path>", longest);
    CHECK_MSG(paths >= 3, "%ld paths of the walls' data", paths);
    snprintf(cmd, sizeof cmd, "rsvg-convert -d 30 -p 30 -o %s/big.png %s", dir, file);
    CHECK_MSG(run(cmd, NULL, 0), "librsvg could not read %s", file);
    meiro_maze_free(m);
}

/* Red pixels of page `page` of a PDF (poppler's picture at 30 dpi). */
static long red_pixels(const char *file, int page)
{
    char cmd[400], png[160];
    snprintf(cmd, sizeof cmd, "pdftoppm -r 30 -f %d -l %d -png -singlefile %s %s/page", page, page,
             file, dir);
    snprintf(png, sizeof png, "%s/page.png", dir);
    image img;
    if (!run(cmd, NULL, 0) || !load_png(png, &img)) return -1;
    long reds = 0;
    for (size_t q = 0; q < (size_t)img.w * img.h; q++) reds += img.answer[q];
    free_image(&img);
    return reds;
}

/* Booklets of one grid and of a mix taken in turn, with the booklet's
 * template and kids-a4 (pictures, answers after each page): every page's
 * words inside the margins, each maze's caption naming its grid and size,
 * red on the answer pages only; a polar maze's G in the centre; XLSX and
 * HTML booklets of them refused, saying why. */
static void test_booklets(void)
{
    if (!have("pdftotext") || !have("pdftoppm")) return;
    static const struct {
        unsigned grids;
        const char *tpl, *captions[4];
    } books[] = {
        {1u << MEIRO_GRID_POLAR,
         NULL,
         {"polar · 4 rings", "polar · 8 rings", "polar · 13 rings", NULL}},
        {1u << MEIRO_GRID_HEX, "kids-a4", {"hex · 6 × 8", "hex · 12 × 16", "hex · 20 × 28", NULL}},
        {(1u << MEIRO_GRID_RECT) | (1u << MEIRO_GRID_POLAR) | (1u << MEIRO_GRID_HEX) |
             (1u << MEIRO_GRID_TRIANGLE),
         NULL,
         {"6 × 8", "polar · 8 rings", "hex · 20 × 28", "triangle · 64 × 45"}},
    };
    verdict words = {0}, captions = {0}, answers = {0}, centre = {0};
    for (size_t k = 0; k < TEST_COUNT(books); k++) {
        meiro_booklet_options b;
        meiro_booklet_options_init(&b);
        b.count = 4;
        b.seed = 11 + k;
        b.grids = books[k].grids;
        b.from_level = MEIRO_LEVEL_EASY;
        b.to_level = k == 2 ? MEIRO_LEVEL_EXPERT : MEIRO_LEVEL_HARD;
        /* a long remaking command: its lines stay inside the margins too */
        b.command =
            "meiro booklet -n 4 --grid rect,polar,hex,triangle --difficulty easy-expert --title "
            "'Round, six and three sides' --subtitle 'for the class of 3B' -s 13 -o book.pdf";
        meiro_template *tpl = books[k].tpl ? meiro_template_load(books[k].tpl, NULL) : NULL;
        meiro_export_options opt;
        meiro_export_options_from_template(&opt, tpl);
        char file[160], cmd[400], out[16384];
        snprintf(file, sizeof file, "%s/book%zu.pdf", dir, k);
        meiro_error err = {0};
        if (!verdict_note(&words,
                          meiro_booklet_save(&b, tpl ? &opt : NULL, MEIRO_FORMAT_PDF, file, &err) ==
                              MEIRO_OK,
                          "booklet %zu: %s", k, err.message)) {
            meiro_template_free(tpl);
            continue;
        }
        snprintf(cmd, sizeof cmd, "pdfinfo %s", file);
        run(cmd, out, sizeof out);
        int pages = 0;
        double page_w = 0, page_h = 0, margin = opt.margin_mm;
        const char *at = strstr(out, "Pages:");
        if (at) sscanf(at, "Pages: %d", &pages);
        at = strstr(out, "Page size:");
        if (at) sscanf(at, "Page size: %lf x %lf", &page_w, &page_h);
        page_w /= PT_PER_MM, page_h /= PT_PER_MM;
        verdict_note(&words, pages > 4 && page_w > 100, "booklet %zu: %d pages of %.0f mm", k,
                     pages, page_w);
        for (int p = 1; p <= pages; p++) {
            snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d -bbox %s -", p, p, file);
            FILE *in = popen(cmd, "r");
            char line[1024];
            while (in && fgets(line, sizeof line, in)) {
                double x0, y0, x1, y1;
                char word[256];
                if (sscanf(line,
                           " <word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%255[^<]",
                           &x0, &y0, &x1, &y1, word) != 5)
                    continue;
                x0 /= PT_PER_MM, x1 /= PT_PER_MM, y0 /= PT_PER_MM, y1 /= PT_PER_MM;
                verdict_note(&words,
                             x0 >= margin - 0.5 && x1 <= page_w - margin + 0.5 &&
                                 y0 >= margin - 0.5 && y1 <= page_h - margin + 0.5,
                             "booklet %zu page %d: '%s' at %.1f,%.1f-%.1f,%.1f mm", k, p, word, x0,
                             y0, x1, y1);
            }
            if (in) pclose(in);
            snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d %s -", p, p, file);
            run(cmd, out, sizeof out);
            bool answer_page = strstr(out, "Answer") != NULL;
            long reds = red_pixels(file, p);
            bool puzzle = strstr(out, "No. ") != NULL && !answer_page;
            if (answer_page || puzzle)
                /* (the pictures at S and G have a little red of their own) */
                verdict_note(&answers, answer_page ? reds > 200 : reds < 40,
                             "booklet %zu page %d (%s): %ld red pixels", k, p,
                             answer_page ? "answers" : "puzzles", reds);
        }
        snprintf(cmd, sizeof cmd, "pdftotext %s -", file);
        run(cmd, out, sizeof out);
        for (int c = 0; c < 4; c++)
            if (books[k].captions[c])
                verdict_note(&captions, strstr(out, books[k].captions[c]) != NULL,
                             "booklet %zu: no caption '%s'", k, books[k].captions[c]);
        verdict_note(&captions, strstr(out, "--grid ") != NULL, "booklet %zu: no remaking command",
                     k);
        meiro_template_free(tpl);
    }
    /* a polar maze of a booklet: G in the centre, S on the outer ring */
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.grids = 1u << MEIRO_GRID_POLAR;
    for (unsigned i = 0; i < 3; i++) {
        meiro_generate_options o;
        meiro_generate_options_init(&o);
        o.grid = MEIRO_GRID_POLAR;
        o.height = 4 + 4 * i;
        o.ends = MEIRO_ENDS_CENTER;
        o.seed = i;
        meiro_maze *m = meiro_generate(&o, NULL);
        verdict_note(&centre, m && m->goal.y == 0 && m->start.y == o.height - 1,
                     "polar %u rings: S (%u, %u), G (%u, %u)", o.height, m ? m->start.x : 0,
                     m ? m->start.y : 0, m ? m->goal.x : 0, m ? m->goal.y : 0);
        meiro_maze_free(m);
    }
    CHECK_ALL(words);
    CHECK_ALL(captions);
    CHECK_ALL(answers);
    CHECK_ALL(centre);
    /* workbooks and play pages are of square cells */
    for (meiro_format f = MEIRO_FORMAT_XLSX; f <= MEIRO_FORMAT_HTML; f++) {
        meiro_error err = {0};
        char file[160];
        snprintf(file, sizeof file, "%s/book.%s", dir, f == MEIRO_FORMAT_XLSX ? "xlsx" : "html");
        b.grids = (1u << MEIRO_GRID_RECT) | (1u << MEIRO_GRID_TRIANGLE);
        b.count = 3;
        CHECK_INT(meiro_booklet_save(&b, NULL, f, file, &err), MEIRO_ERROR_ARGUMENT);
        CHECK_MSG(strstr(err.message, "a booklet of triangle mazes is a PDF"), "%s", err.message);
        CHECK(!test_exists(file));
    }
}


/* ---- The stroke mask against cairo's own stroke ----
 * A picture's grid walls are drawn through draw/stroke_mask.c, not
 * cairo_stroke: over random polylines (several moves, sides of 0.5 to 12
 * pixels turning by up to 120 degrees, widths of 1 to 5 pixels, a page's
 * scale), its ink equals cairo's round-capped, round-joined stroke to
 * within 5 %, and no more than one inked pixel in 20 differs by more than
 * a quarter of black (most differ by a few levels). */

/* The grey of every pixel of a white picture with the polyline drawn in
 * black: through the mask, or stroked by cairo. */
static unsigned char *stroke_picture(const double *pts, int n, double width, double scale,
                                     bool mask, int side)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, side, side);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, scale, scale);
    cairo_set_line_width(cr, width / scale);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    stroke_mask *k = mask ? stroke_mask_begin(cr) : NULL;
    for (int i = 0; i < n; i++) {
        double x = pts[2 * i] / scale, y = pts[2 * i + 1] / scale;
        bool move = i == 0 || i % 7 == 0;
        if (k) move ? stroke_mask_move(k, x, y) : stroke_mask_line(k, x, y);
        else if (move) cairo_move_to(cr, x, y);
        else cairo_line_to(cr, x, y);
    }
    if (k) stroke_mask_end(k, cr);
    else cairo_stroke(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    unsigned char *grey = malloc((size_t)side * side);
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; grey && y < side; y++)
        for (int x = 0; x < side; x++) grey[y * side + x] = data[y * stride + 4 * x + 1];
    cairo_surface_destroy(s);
    return grey;
}

static void test_stroke_mask(void)
{
    enum { SIDE = 96, POINTS = 40 };
    verdict ink = {0}, pixels = {0}, made = {0};
    rng_state r;
    rng_seed(&r, 25);
    for (int round = 0; round < 200; round++) {
        double pts[2 * POINTS], width = 1 + rng_below(&r, 5), scale = 11.811;
        double x = 20 + rng_below(&r, 56), y = 20 + rng_below(&r, 56);
        double turn = rng_below(&r, 360) * G_PI / 180;
        for (int i = 0; i < POINTS; i++) {
            /* turns of at most 120 degrees, as a triangle's walls make */
            turn += (rng_below(&r, 241) - 120.0) * G_PI / 180;
            double len = 0.5 + rng_below(&r, 116) / 10.0;
            x = fmin(fmax(x + len * cos(turn), 8), SIDE - 8);
            y = fmin(fmax(y + len * sin(turn), 8), SIDE - 8);
            pts[2 * i] = x, pts[2 * i + 1] = y;
        }
        unsigned char *a = stroke_picture(pts, POINTS, width, scale, true, SIDE);
        unsigned char *b = stroke_picture(pts, POINTS, width, scale, false, SIDE);
        verdict_note(&made, a && b, "round %d: out of memory", round);
        if (!a || !b) {
            free(a), free(b);
            continue;
        }
        double ink_a = 0, ink_b = 0;
        int off = 0, inked = 0;
        for (int i = 0; i < SIDE * SIDE; i++) {
            ink_a += 255 - a[i], ink_b += 255 - b[i];
            inked += b[i] < 255;
            if (abs(a[i] - b[i]) > 64) off++;
        }
        verdict_note(&ink, fabs(ink_a - ink_b) <= 0.05 * ink_b,
                     "round %d (width %.0f px): ink %.0f through the mask, %.0f by cairo", round,
                     width, ink_a / 255, ink_b / 255);
        verdict_note(&pixels, off * 20 <= inked,
                     "round %d (width %.0f px): %d of %d pixels differ by over 64", round, width,
                     off, inked);
        free(a), free(b);
    }
    CHECK_ALL(made);
    CHECK_ALL(ink);
    CHECK_ALL(pixels);
}

static const test_case cases[] = {
    {"walls", test_walls},         {"solution", test_solution}, {"marks", test_marks},
    {"templates", test_templates}, {"layout", test_layout},     {"booklets", test_booklets},
    {"refused", test_refused},     {"dense", test_dense},       {"stroke-mask", test_stroke_mask},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-grid-draw-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    (void)check_picture; /* picture.h's reader of rectangles */
    int status = test_main("griddraw", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
