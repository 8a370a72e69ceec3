/* Masks for shaped mazes, through the public API: every built-in shape at
 * several sizes (one piece, a plausible share, its aspect kept and centred,
 * no one-cell necks; the heart and circle symmetric, the circle a disc),
 * SVG, PNG, JPEG, BMP and GIF files giving the cells they should (a 1 px
 * outline of a house filled, white eyes holes, an open drawing refused
 * with what to do, a JPEG bomb refused before decoding), text in
 * Latin letters, kana and kanji (height, letters in order, one piece per
 * letter, strokes wide enough for corridors), and every error. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "tools.h"

#include <cairo/cairo.h>
#include <math.h>
#include <meiro.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

/* A file in this run's temporary folder. */
static const char *tmp_path(const char *name)
{
    static char path[256];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/meiro-shape-XXXXXX");
        if (!mkdtemp(dir)) {
            perror("mkdtemp");
            exit(1);
        }
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

/* The 4-connected pieces of a mask (an explicit stack: no recursion). */
static unsigned pieces(const uint8_t *m, uint32_t w, uint32_t h)
{
    size_t n = (size_t)w * h;
    uint8_t *seen = calloc(n, 1);
    uint32_t *stack = malloc(n * sizeof *stack);
    unsigned count = 0;
    for (size_t i = 0; seen && stack && i < n; i++) {
        if (!m[i] || seen[i]) continue;
        count++;
        size_t top = 0;
        stack[top++] = (uint32_t)i;
        seen[i] = 1;
        while (top) {
            uint32_t v = stack[--top], x = v % w, y = v / w;
            uint32_t next[4] = {x > 0 ? v - 1 : v, x + 1 < w ? v + 1 : v, y > 0 ? v - w : v,
                                y + 1 < h ? v + w : v};
            for (int k = 0; k < 4; k++)
                if (m[next[k]] && !seen[next[k]]) {
                    seen[next[k]] = 1;
                    stack[top++] = next[k];
                }
        }
    }
    free(seen);
    free(stack);
    return count;
}

typedef struct box {
    uint32_t x0, y0, x1, y1; /* inclusive */
    size_t inside;
} box;

static box bounds(const uint8_t *m, uint32_t w, uint32_t h)
{
    box b = {w, h, 0, 0, 0};
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            if (!m[(size_t)y * w + x]) continue;
            b.inside++;
            if (x < b.x0) b.x0 = x;
            if (x > b.x1) b.x1 = x;
            if (y < b.y0) b.y0 = y;
            if (y > b.y1) b.y1 = y;
        }
    return b;
}

/* Inside cells that are not part of any 2 x 2 block of inside cells: the
 * cells of strokes one cell wide (necks, spikes). */
static size_t thin_cells(const uint8_t *m, uint32_t w, uint32_t h)
{
    size_t thin = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            if (!m[(size_t)y * w + x]) continue;
            bool in_block = false;
            for (int dy = -1; dy <= 0 && !in_block; dy++)
                for (int dx = -1; dx <= 0 && !in_block; dx++) {
                    long bx = (long)x + dx, by = (long)y + dy;
                    if (bx < 0 || by < 0 || bx + 1 >= (long)w || by + 1 >= (long)h) continue;
                    const uint8_t *r0 = m + (size_t)by * w + (size_t)bx, *r1 = r0 + w;
                    in_block = r0[0] && r0[1] && r1[0] && r1[1];
                }
            thin += !in_block;
        }
    return thin;
}

/* ---- Built-in shapes -------------------------------------------------- */

/* The silhouettes' aspects (width / height of the ink), measured apart
 * from meiro: rsvg-convert -w 800 and the box of the opaque pixels. */
static const struct {
    const char *name;
    double aspect;
} builtin[] = {
    {"heart", 1.091},  {"star", 1.047}, {"circle", 1.0},  {"apple", 0.885},
    {"fish", 1.538},   {"cat", 1.08},   {"house", 1.040}, {"cloud", 1.714},
    {"flower", 1.033}, {"tree", 0.906}, {"car", 1.613},   {"bear", 0.769},
};

static const uint32_t sizes[][2] = {{12, 12}, {20, 20}, {40, 30}, {61, 43}};

static void test_catalogue(void)
{
    static const char *const required[] = {"heart", "star", "circle", "apple",
                                           "fish",  "cat",  "house",  "cloud"};
    size_t n = meiro_shape_count();
    CHECK_INT(n, TEST_COUNT(builtin));
    CHECK(meiro_shape_info(n) == NULL);
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(required); i++) {
        bool found = false;
        for (size_t k = 0; k < n; k++) found |= strcmp(meiro_shape_info(k)->name, required[i]) == 0;
        verdict_note(&v, found, "%s is not built in", required[i]);
    }
    for (size_t k = 0; k < n; k++) {
        const meiro_algorithm_desc *d = meiro_shape_info(k);
        verdict_note(&v, d->description[0] && d->aliases && strcmp(d->name, builtin[k].name) == 0,
                     "shape %zu: %s, '%s'", k, d->name, d->description);
    }
    CHECK_ALL(v);
    /* an alias gives the shape it names */
    uint8_t *a = NULL, *b = NULL;
    CHECK_INT(meiro_shape_mask("Love", 20, 20, &a, NULL), MEIRO_OK); /* in any case */
    CHECK_INT(meiro_shape_mask("heart", 20, 20, &b, NULL), MEIRO_OK);
    CHECK(a && b && memcmp(a, b, 400) == 0);
    meiro_mask_free(a);
    meiro_mask_free(b);
}

/* Every shape at every size: a mask, one piece, a plausible share of its
 * box and of the grid, the silhouette's box scaled to fit and centred, and
 * (from 20 x 20 on) no strokes one cell wide but at the odd tip. */
static void test_builtin_masks(void)
{
    verdict made = {0}, piece = {0}, share = {0}, aspect = {0}, centred = {0}, necks = {0},
            again = {0};
    for (size_t k = 0; k < TEST_COUNT(builtin); k++) {
        for (size_t s = 0; s < TEST_COUNT(sizes); s++) {
            uint32_t w = sizes[s][0], h = sizes[s][1];
            const char *name = builtin[k].name;
            uint8_t *m = NULL;
            meiro_error err;
            if (!verdict_note(&made, meiro_shape_mask(name, w, h, &m, &err) == MEIRO_OK && m,
                              "%s %ux%u: %s", name, w, h, err.message))
                continue;
            box b = bounds(m, w, h);
            uint32_t bw = b.x1 - b.x0 + 1, bh = b.y1 - b.y0 + 1;
            verdict_note(&piece, pieces(m, w, h) == 1, "%s %ux%u in %u pieces", name, w, h,
                         pieces(m, w, h));
            double of_box = (double)b.inside / ((double)bw * bh),
                   of_grid = (double)b.inside / ((double)w * h);
            verdict_note(&share,
                         of_box >= 0.45 && of_box <= 0.95 && of_grid >= 0.25 && of_grid <= 0.9,
                         "%s %ux%u: %.0f%% of its box, %.0f%% of the grid", name, w, h,
                         100 * of_box, 100 * of_grid);
            /* the box the silhouette should fill: the grid's width or height */
            double a = builtin[k].aspect, ew = fmin(w, h * a), eh = fmin(h, w / a);
            verdict_note(&aspect,
                         fabs(bw - ew) <= fmax(2, 0.1 * ew) && fabs(bh - eh) <= fmax(2, 0.1 * eh),
                         "%s %ux%u: box %ux%u, expected %.1fx%.1f", name, w, h, bw, bh, ew, eh);
            long left = b.x0, right = (long)w - 1 - b.x1, above = b.y0, below = (long)h - 1 - b.y1;
            verdict_note(&centred, labs(left - right) <= 1 && labs(above - below) <= 1,
                         "%s %ux%u: margins left %ld right %ld above %ld below %ld", name, w, h,
                         left, right, above, below);
            size_t thin = thin_cells(m, w, h);
            if (w >= 20)
                verdict_note(&necks, thin <= 4, "%s %ux%u: %zu cells in strokes one cell wide",
                             name, w, h, thin);
            uint8_t *m2 = NULL;
            verdict_note(&again,
                         meiro_shape_mask(name, w, h, &m2, NULL) == MEIRO_OK &&
                             memcmp(m, m2, (size_t)w * h) == 0,
                         "%s %ux%u differs the second time", name, w, h);
            meiro_mask_free(m2);
            meiro_mask_free(m);
        }
    }
    CHECK_ALL(made);
    CHECK_ALL(piece);
    CHECK_ALL(share);
    CHECK_ALL(aspect);
    CHECK_ALL(centred);
    CHECK_ALL(necks);
    CHECK_ALL(again);
}

/* Row by row, the inside reaches as far left as right, within a cell. */
static bool mirror(const uint8_t *m, uint32_t w, uint32_t h, char *why, size_t size)
{
    for (uint32_t y = 0; y < h; y++) {
        long x0 = -1, x1 = -1;
        for (uint32_t x = 0; x < w; x++)
            if (m[(size_t)y * w + x]) {
                if (x0 < 0) x0 = x;
                x1 = x;
            }
        if (x0 >= 0 && labs(x0 - ((long)w - 1 - x1)) > 1) {
            snprintf(why, size, "row %u: cells %ld to %ld", y, x0, x1);
            return false;
        }
    }
    return true;
}

/* Each built-in shape has a least grid, in its aspect (its silhouette's,
 * within a cell), and the names that are not built in get 12 x 12. */
static void test_min_grid(void)
{
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(builtin); k++) {
        uint32_t w = 0, h = 0;
        bool known = meiro_shape_min_grid(builtin[k].name, &w, &h);
        double a = builtin[k].aspect;
        verdict_note(&v,
                     known && w >= 10 && h >= 10 && w <= 24 && h <= 24 &&
                         fabs(w - h * a) <= fmax(1, 0.08 * w),
                     "%s: least grid %ux%u, aspect %.2f", builtin[k].name, w, h, a);
    }
    CHECK_ALL(v);
    uint32_t w = 0, h = 0;
    CHECK(meiro_shape_min_grid("LOVE", &w, &h) && w == 12 && h == 11); /* an alias, any case */
    CHECK(!meiro_shape_min_grid("pictures/bear.svg", &w, &h) && w == MEIRO_SHAPE_MIN_SIDE &&
          h == w);
    CHECK(!meiro_shape_min_grid("", &w, &h) && w == MEIRO_SHAPE_MIN_SIDE);
    /* and the grid a shape gets: at least that, in its aspect */
    for (size_t k = 0; k < TEST_COUNT(builtin); k++) {
        meiro_generate_options o;
        meiro_generate_options_init(&o);
        o.shape_name = builtin[k].name;
        meiro_maze_sources src = {.level = meiro_level_info(MEIRO_LEVEL_EASY), .shape = true};
        CHECK_INT(meiro_generate_options_resolve(&o, 0, &src, NULL), MEIRO_OK);
        meiro_shape_min_grid(builtin[k].name, &w, &h);
        verdict_note(&v, o.width == w && o.height == h, "%s, easy: %ux%u, least %ux%u",
                     builtin[k].name, o.width, o.height, w, h);
        src.level = meiro_level_info(MEIRO_LEVEL_EXPERT);
        CHECK_INT(meiro_generate_options_resolve(&o, 0, &src, NULL), MEIRO_OK);
        verdict_note(&v,
                     o.width > w && o.height > h &&
                         fabs((double)o.width / o.height - (double)w / h) < 0.1,
                     "%s, expert: %ux%u, least %ux%u", builtin[k].name, o.width, o.height, w, h);
    }
    CHECK_ALL(v);
}

/* A silhouette drawn apart from meiro (rsvg-convert, 1600 px): its alpha,
 * and the box of its ink. */
typedef struct silhouette {
    cairo_surface_t *img;
    int stride, x0, y0, x1, y1;
    const unsigned char *px;
} silhouette;

static bool silhouette_load(const char *svg, silhouette *s)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rsvg-convert -w 1600 -o %s %s", tmp_path("silhouette.png"), svg);
    memset(s, 0, sizeof *s);
    if (!run(cmd, NULL, 0)) return false;
    s->img = cairo_image_surface_create_from_png(tmp_path("silhouette.png"));
    unlink(tmp_path("silhouette.png"));
    if (cairo_surface_status(s->img) != CAIRO_STATUS_SUCCESS) return false;
    int iw = cairo_image_surface_get_width(s->img), ih = cairo_image_surface_get_height(s->img);
    s->stride = cairo_image_surface_get_stride(s->img);
    s->px = cairo_image_surface_get_data(s->img);
    s->x0 = iw, s->y0 = ih, s->x1 = -1, s->y1 = -1;
    for (int y = 0; y < ih; y++)
        for (int x = 0; x < iw; x++)
            if (s->px[(size_t)y * s->stride + 4 * (size_t)x + 3] >= 128) {
                if (x < s->x0) s->x0 = x;
                if (x > s->x1) s->x1 = x;
                if (y < s->y0) s->y0 = y;
                s->y1 = y;
            }
    return s->x1 >= 0;
}

/* The cells of mask m (w x h) against silhouette s placed as the mask
 * places a shape (box fitted to the grid, centred), sampled 8 x 8 a cell:
 * intersection over union. */
static double silhouette_iou(const uint8_t *m, uint32_t w, uint32_t h, const silhouette *s)
{
    int iw = cairo_image_surface_get_width(s->img), ih = cairo_image_surface_get_height(s->img);
    double bw = s->x1 + 1 - s->x0, bh = s->y1 + 1 - s->y0, scale = fmin(w / bw, h / bh);
    double ox = (w - bw * scale) / 2 - s->x0 * scale, oy = (h - bh * scale) / 2 - s->y0 * scale;
    size_t both = 0, either = 0;
    for (uint32_t sy = 0; sy < 8 * h; sy++)
        for (uint32_t sx = 0; sx < 8 * w; sx++) {
            double cx = (sx + 0.5) / 8, cy = (sy + 0.5) / 8; /* in cells */
            long ix = lround(floor((cx - ox) / scale)), iy = lround(floor((cy - oy) / scale));
            bool shape = ix >= 0 && iy >= 0 && ix < iw && iy < ih &&
                         s->px[(size_t)iy * s->stride + 4 * (size_t)ix + 3] >= 128;
            bool cell = m[(size_t)(sy / 8) * w + sx / 8];
            both += shape && cell;
            either += shape || cell;
        }
    return either ? (double)both / either : 0;
}

/* Recognition, measured: each built-in shape's cells at its least grid
 * against its own silhouette: intersection over union 0.8 or more; and told
 * apart: against every other built-in shape's silhouette and a few plain
 * ones a shape might pass for (a shield, a square, an egg, a head with
 * round ears), its own is the best match by 0.05 or more. (The bear was a
 * disc with two ears: 0.93 against its own silhouette, and read as a
 * shield with ears; it is a teddy bear now, which a head with ears does
 * not match.) */
static void test_recognised(void)
{
    if (!have("rsvg-convert")) return;
    static const char *const plain[] = {
        "<path d='M5 5 H95 V50 Q95 85 50 98 Q5 85 5 50 Z'/>", /* a shield */
        "<rect x='5' y='5' width='90' height='90'/>",         /* a square */
        "<ellipse cx='50' cy='50' rx='38' ry='48'/>",         /* an egg */
        /* a head with round ears: a mouse's, or the bear that read as a
         * shield with ears */
        "<circle cx='50' cy='56' r='37'/><circle cx='19' cy='20' r='17'/>"
        "<circle cx='81' cy='20' r='17'/>",
    };
    enum { PLAIN = sizeof plain / sizeof *plain };
    silhouette sil[TEST_COUNT(builtin) + PLAIN];
    verdict v = {0};
    bool loaded = true;
    for (size_t k = 0; k < TEST_COUNT(builtin) + PLAIN; k++) {
        char svg[512];
        if (k < TEST_COUNT(builtin))
            snprintf(svg, sizeof svg, "templates/shapes/%s.svg", builtin[k].name);
        else {
            snprintf(svg, sizeof svg, "%s", tmp_path("plain.svg"));
            FILE *f = fopen(svg, "w");
            if (f) {
                fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>%s</svg>",
                        plain[k - TEST_COUNT(builtin)]);
                fclose(f);
            }
        }
        loaded =
            verdict_note(&v, silhouette_load(svg, &sil[k]), "%s: no silhouette", svg) && loaded;
    }
    for (size_t k = 0; k < TEST_COUNT(builtin) && loaded; k++) {
        const char *name = builtin[k].name;
        uint32_t w, h;
        meiro_shape_min_grid(name, &w, &h);
        uint8_t *m = NULL;
        CHECK_INT(meiro_shape_mask(name, w, h, &m, NULL), MEIRO_OK);
        if (!m) continue;
        double own = silhouette_iou(m, w, h, &sil[k]), other = 0;
        size_t like = k;
        for (size_t j = 0; j < TEST_COUNT(builtin) + PLAIN; j++) {
            double iou = j == k ? 0 : silhouette_iou(m, w, h, &sil[j]);
            if (iou > other) other = iou, like = j;
        }
        verdict_note(&v, own >= 0.8 && own >= other + 0.05,
                     "%s at %ux%u: intersection over union %.3f with itself, %.3f with %s", name, w,
                     h, own, other,
                     like < TEST_COUNT(builtin)        ? builtin[like].name
                     : like == TEST_COUNT(builtin)     ? "a shield"
                     : like == TEST_COUNT(builtin) + 1 ? "a square"
                     : like == TEST_COUNT(builtin) + 2 ? "an egg"
                                                       : "a head with round ears");
        meiro_mask_free(m);
    }
    for (size_t k = 0; k < TEST_COUNT(builtin) + PLAIN; k++)
        if (sil[k].img) cairo_surface_destroy(sil[k].img);
    CHECK_ALL(v);
}

static void test_symmetric(void)
{
    verdict v = {0};
    static const char *const names[] = {"heart", "circle", "cat", "bear", "flower"};
    for (size_t k = 0; k < TEST_COUNT(names); k++)
        for (size_t s = 0; s < TEST_COUNT(sizes); s++) {
            uint32_t w = sizes[s][0], h = sizes[s][1];
            uint8_t *m = NULL;
            char why[128] = "no mask";
            verdict_note(&v,
                         meiro_shape_mask(names[k], w, h, &m, NULL) == MEIRO_OK &&
                             mirror(m, w, h, why, sizeof why),
                         "%s %ux%u: %s", names[k], w, h, why);
            meiro_mask_free(m);
        }
    CHECK_ALL(v);
}

/* The built-in shapes are stored outlines (src/glyph/shapes.c), filled by
 * meiro's own rasteriser, and the same figures as their pictures
 * (templates/shapes/NAME.svg, which the studio shows): each shape's mask
 * and its picture's, drawn by librsvg as any picture file, differ in 2% of
 * their cells at most (the cells a boundary passes through), at 64 x 64 and
 * 40 x 28. A part left out of the outlines, or one moved, differs more. */
static void test_outlines_are_pictures(void)
{
    static const uint32_t grids[][2] = {{64, 64}, {40, 28}};
    verdict v = {0};
    for (size_t k = 0; k < TEST_COUNT(builtin); k++)
        for (size_t g = 0; g < TEST_COUNT(grids); g++) {
            uint32_t w = grids[g][0], h = grids[g][1];
            char svg[128];
            snprintf(svg, sizeof svg, "templates/shapes/%s.svg", builtin[k].name);
            uint8_t *a = NULL, *b = NULL;
            size_t differ = 0, either = 0;
            bool made = meiro_shape_mask(builtin[k].name, w, h, &a, NULL) == MEIRO_OK &&
                        meiro_shape_mask(svg, w, h, &b, NULL) == MEIRO_OK;
            for (size_t i = 0; made && i < (size_t)w * h; i++) {
                differ += a[i] != b[i];
                either += a[i] || b[i];
            }
            verdict_note(&v, made && differ * 50 <= either, "%s at %ux%u: %zu of %zu cells differ",
                         builtin[k].name, w, h, differ, either);
            meiro_mask_free(a);
            meiro_mask_free(b);
        }
    CHECK_ALL(v);
}

/* The circle is the disc of diameter min(w, h) in the middle of the grid:
 * every cell whose centre is more than 0.35 cells inside or outside the
 * circle agrees with it; on grids of several tiles and at fewer samples
 * per cell too. */
static void test_circle_is_a_disc(void)
{
    static const uint32_t grids[][2] = {{12, 12}, {20, 20},   {40, 30},
                                        {61, 43}, {300, 200}, {1500, 1400}};
    verdict v = {0};
    for (size_t s = 0; s < TEST_COUNT(grids); s++) {
        uint32_t w = grids[s][0], h = grids[s][1];
        uint8_t *m = NULL;
        if (!verdict_note(&v, meiro_shape_mask("circle", w, h, &m, NULL) == MEIRO_OK,
                          "%ux%u: no mask", w, h))
            continue;
        double r = fmin(w, h) / 2.0, cx = w / 2.0, cy = h / 2.0;
        size_t wrong = 0, first = 0;
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                double d = hypot(x + 0.5 - cx, y + 0.5 - cy) - r;
                bool in = m[(size_t)y * w + x];
                if ((d < -0.35 && !in) || (d > 0.35 && in)) {
                    if (!wrong++) first = (size_t)y * w + x;
                }
            }
        verdict_note(&v, wrong == 0, "%ux%u: %zu cells off the disc, first (%zu, %zu)", w, h, wrong,
                     first % w, first / w);
        meiro_mask_free(m);
    }
    CHECK_ALL(v);
}

/* ---- Pictures --------------------------------------------------------- */

/* The mask of a file, or NULL with the error in err. */
static uint8_t *file_mask(const char *path, uint32_t w, uint32_t h, meiro_error *err)
{
    uint8_t *m = NULL;
    return meiro_shape_mask(path, w, h, &m, err) == MEIRO_OK ? m : NULL;
}

/* How many cells differ from the expected ones, inside(x, y). */
static size_t differ(const uint8_t *m, uint32_t w, uint32_t h, bool (*inside)(uint32_t, uint32_t))
{
    size_t n = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) n += (m[(size_t)y * w + x] != 0) != inside(x, y);
    return n;
}

static bool two_bars(uint32_t x, uint32_t y) { return (void)y, x <= 3 || x >= 16; }
static bool ell(uint32_t x, uint32_t y) { return x <= 2 || y >= 7; }
static bool middle_rows(uint32_t x, uint32_t y) { return (void)x, y >= 4 && y <= 7; }
static bool all_cells(uint32_t x, uint32_t y) { return (void)x, (void)y, true; }

static void test_svg_file(void)
{
    meiro_error err;
    /* two black bars on nothing: 20 x 10 cells, the bars 4 cells wide */
    const char *bars = tmp_path("bars.svg");
    CHECK(write_text(bars, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 50\">"
                           "<rect x=\"0\" y=\"0\" width=\"20\" height=\"50\"/>"
                           "<rect x=\"80\" y=\"0\" width=\"20\" height=\"50\"/></svg>"));
    uint8_t *m = file_mask(bars, 20, 10, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    if (m) CHECK_INT(differ(m, 20, 10, two_bars), 0);
    meiro_mask_free(m);
    /* the same in a larger page, with margins: the silhouette's box counts */
    const char *margin = tmp_path("margin.svg");
    CHECK(write_text(margin,
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"200\">"
                     "<rect x=\"100\" y=\"50\" width=\"20\" height=\"50\" fill=\"#c00\"/>"
                     "<rect x=\"180\" y=\"50\" width=\"20\" height=\"50\" fill=\"#00c\"/></svg>"));
    m = file_mask(margin, 20, 10, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    if (m) CHECK_INT(differ(m, 20, 10, two_bars), 0);
    meiro_mask_free(m);
    /* opaque all over: dark is inside, the white page is not */
    const char *page = tmp_path("page.svg");
    CHECK(write_text(page, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 200\">"
                           "<rect width=\"200\" height=\"200\" fill=\"#fff\"/>"
                           "<path d=\"M50 50 H80 V120 H150 V150 H50 Z\" fill=\"#333\"/></svg>"));
    m = file_mask(page, 10, 10, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    if (m) CHECK_INT(differ(m, 10, 10, ell), 0);
    meiro_mask_free(m);
}

/* A PNG written with cairo: drawn by fn on a w x h image. */
static bool write_png(const char *path, int w, int h, bool opaque, void (*fn)(cairo_t *))
{
    cairo_surface_t *s =
        cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    if (opaque) {
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
    }
    fn(cr);
    cairo_destroy(cr);
    bool ok = cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(s);
    return ok;
}

static void black_square(cairo_t *cr)
{
    cairo_rectangle(cr, 20, 20, 40, 40);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_fill(cr);
}

static void wide_bar(cairo_t *cr)
{
    cairo_rectangle(cr, 20, 40, 60, 20); /* 3 : 1 */
    cairo_set_source_rgb(cr, 0.1, 0.2, 0.1);
    cairo_fill(cr);
    cairo_rectangle(cr, 0, 0, 10, 10); /* light grey: outside */
    cairo_set_source_rgb(cr, 0.8, 0.8, 0.8);
    cairo_fill(cr);
}

static void white_triangle(cairo_t *cr)
{
    cairo_move_to(cr, 0, 100);
    cairo_line_to(cr, 100, 100);
    cairo_line_to(cr, 50, 0);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 1, 1, 1); /* white, yet opaque: inside */
    cairo_fill(cr);
}

static bool triangle(double x, double y) { return y <= 20 && y >= 20 - 2 * x && y >= 2 * x - 20; }

static void test_png_file(void)
{
    meiro_error err;
    const char *square = tmp_path("square.png");
    CHECK(write_png(square, 100, 100, true, black_square));
    uint8_t *m = file_mask(square, 8, 8, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    if (m) CHECK_INT(differ(m, 8, 8, all_cells), 0);
    meiro_mask_free(m);

    const char *bar = tmp_path("bar.png");
    CHECK(write_png(bar, 100, 100, true, wide_bar));
    m = file_mask(bar, 12, 12, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    if (m) CHECK_INT(differ(m, 12, 12, middle_rows), 0);
    meiro_mask_free(m);

    /* transparent around an opaque white triangle: cells well inside or
     * outside its edges are what they should be */
    const char *tri = tmp_path("triangle.png");
    CHECK(write_png(tri, 100, 100, false, white_triangle));
    m = file_mask(tri, 20, 20, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    verdict v = {0};
    for (uint32_t y = 0; m && y < 20; y++)
        for (uint32_t x = 0; x < 20; x++) {
            double cx = x + 0.5, cy = y + 0.5;
            bool near_edge = false; /* a corner of the cell on the other side */
            for (int k = 0; k < 4; k++)
                near_edge |= triangle(cx + (k & 1 ? 0.5 : -0.5), cy + (k & 2 ? 0.5 : -0.5)) !=
                             triangle(cx, cy);
            if (!near_edge)
                verdict_note(&v, (m[y * 20 + x] != 0) == triangle(cx, cy), "cell (%u, %u) is %s", x,
                             y, m[y * 20 + x] ? "inside" : "outside");
        }
    CHECK_ALL(v);
    size_t in = m ? bounds(m, 20, 20).inside : 0;
    CHECK_MSG(in >= 180 && in <= 220, "%zu cells inside a triangle of 200", in);
    meiro_mask_free(m);
}

/* ---- Line drawings, white fill, JPEG ---- */

/* The house of the line-drawing tests, on a 200 x 200 picture: a square
 * body under a roof, x 40..160, y 30..180 (a box of 120 x 150). */
static const double house_xy[][2] = {{40, 180}, {40, 90}, {100, 30}, {160, 90}, {160, 180}};

static void house_path(cairo_t *cr)
{
    cairo_move_to(cr, house_xy[0][0], house_xy[0][1]);
    for (int i = 1; i < 5; i++) cairo_line_to(cr, house_xy[i][0], house_xy[i][1]);
}

/* A 1 px outline, closed or open (the floor left out), or the house filled. */
static void house_outline(cairo_t *cr)
{
    house_path(cr);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
}

static void house_open(cairo_t *cr)
{
    house_path(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
}

static void house_filled(cairo_t *cr)
{
    house_path(cr);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_fill(cr);
}

/* Whether a point of the picture is inside the house. */
static bool in_house(double x, double y)
{
    if (x < 40 || x > 160 || y > 180) return false;
    return y >= 90 || y >= 30 + fabs(x - 100);
}

/* Checks a mask of the house, scaled to fill w x h cells and centred,
 * against the house cell by cell: cells whose corners all lie on one side
 * of its outline must be on that side; about its area inside. */
static void check_house(const uint8_t *m, uint32_t w, uint32_t h, const char *what)
{
    double k = fmin(w / 120.0, h / 150.0), ox = (w - 120 * k) / 2 - 40 * k,
           oy = (h - 150 * k) / 2 - 30 * k;
    verdict v = {0};
    size_t in = 0;
    for (uint32_t y = 0; m && y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            int corners = 0;
            for (int c = 0; c < 4; c++)
                corners += in_house((x + (c & 1) - ox) / k, (y + (c >> 1) - oy) / k);
            bool inside = m[(size_t)y * w + x] != 0;
            in += inside;
            if (corners == 0 || corners == 4)
                verdict_note(&v, inside == (corners == 4), "%s, %u x %u: cell (%u, %u) is %s", what,
                             w, h, x, y, inside ? "inside" : "outside");
        }
    CHECK_ALL(v);
    double area = (120.0 * 90 + 120.0 * 60 / 2) * k * k;
    CHECK_MSG(m && fabs(in - area) <= 0.1 * area + 2,
              "%s, %u x %u: %zu cells inside a house of %.0f", what, w, h, in, area);
}

static const uint32_t house_sizes[][2] = {{12, 12}, {20, 20}, {40, 30}, {60, 60}};

/* A closed 1 px outline, PNG or SVG, and one with a white inside, give the
 * house's cells, as the filled house does. */
static void test_outline_filled(void)
{
    meiro_error err;
    const char *png = tmp_path("house.png");
    CHECK(write_png(png, 200, 200, true, house_outline));
    const char *clear = tmp_path("house-clear.png");
    CHECK(write_png(clear, 200, 200, false, house_outline));
    const char *filled = tmp_path("house-filled.png");
    CHECK(write_png(filled, 200, 200, true, house_filled));
    const char *svg = tmp_path("house.svg");
    CHECK(write_text(svg,
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 200\">"
                     "<path d=\"M40 180 V90 L100 30 L160 90 V180 Z\" fill=\"none\" stroke=\"#000\" "
                     "stroke-width=\"1\"/></svg>"));
    const char *white = tmp_path("house-white.svg");
    CHECK(write_text(white,
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 200\">"
                     "<path d=\"M40 180 V90 L100 30 L160 90 V180 Z\" fill=\"#fff\" stroke=\"#222\" "
                     "stroke-width=\"0.5\"/></svg>"));
    const char *files[] = {png, clear, filled, svg, white};
    for (size_t f = 0; f < TEST_COUNT(files); f++)
        for (size_t i = 0; i < TEST_COUNT(house_sizes); i++) {
            uint32_t w = house_sizes[i][0], h = house_sizes[i][1];
            uint8_t *m = file_mask(files[f], w, h, &err);
            CHECK_MSG(m != NULL, "%s at %u x %u: %s", files[f], w, h, err.message);
            check_house(m, w, h, files[f]);
            if (m) CHECK_INT(pieces(m, w, h), 1);
            meiro_mask_free(m);
        }
}

/* A polygon star-shaped about the middle of a 240 x 240 picture. */
typedef struct polygon {
    int n;
    double x[12], y[12];
} polygon;

static polygon random_polygon(uint64_t *state)
{
    polygon p;
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    p.n = 5 + (int)(*state >> 61);
    for (int i = 0; i < p.n; i++) {
        *state = *state * 6364136223846793005u + 1442695040888963407u;
        double r = 60 + (double)(*state >> 40) / (double)(1u << 24) * 50;
        double a = 2 * 3.14159265358979 *
                   (i + 0.4 * ((double)((*state >> 20) & 0xfffff) / 0x100000 - 0.5)) / p.n;
        p.x[i] = 120 + r * cos(a);
        p.y[i] = 120 + r * sin(a);
    }
    return p;
}

static bool in_polygon(const polygon *p, double x, double y)
{
    bool in = false;
    for (int i = 0, j = p->n - 1; i < p->n; j = i++)
        if ((p->y[i] > y) != (p->y[j] > y) &&
            x < (p->x[j] - p->x[i]) * (y - p->y[i]) / (p->y[j] - p->y[i]) + p->x[i])
            in = !in;
    return in;
}

/* The distance from (x, y) to the polygon's outline. */
static double to_outline(const polygon *p, double x, double y)
{
    double best = 1e9;
    for (int i = 0, j = p->n - 1; i < p->n; j = i++) {
        double dx = p->x[i] - p->x[j], dy = p->y[i] - p->y[j];
        double t =
            fmax(0, fmin(1, ((x - p->x[j]) * dx + (y - p->y[j]) * dy) / (dx * dx + dy * dy)));
        best = fmin(best, hypot(x - p->x[j] - t * dx, y - p->y[j] - t * dy));
    }
    return best;
}

/* Outlines of random polygons, 1 px wide in a PNG and a thin stroke in an
 * SVG, over seeds and grid sizes: every cell whose middle lies more than
 * three quarters of a cell from the outline is inside exactly when its
 * middle is inside the polygon. */
static void test_outline_property(void)
{
    meiro_error err;
    uint64_t state = 22;
    static const uint32_t grids[][2] = {{12, 12}, {20, 16}, {33, 41}};
    verdict v = {0};
    for (int seed = 0; seed < 12; seed++) {
        polygon p = random_polygon(&state);
        double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
        for (int i = 0; i < p.n; i++) {
            x0 = fmin(x0, p.x[i]), x1 = fmax(x1, p.x[i]);
            y0 = fmin(y0, p.y[i]), y1 = fmax(y1, p.y[i]);
        }
        const char *png = tmp_path("polygon.png"), *svg = tmp_path("polygon.svg");
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 240, 240);
        cairo_t *cr = cairo_create(s);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        for (int i = 0; i < p.n; i++) cairo_line_to(cr, p.x[i], p.y[i]);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        cairo_destroy(cr);
        CHECK(cairo_surface_write_to_png(s, png) == CAIRO_STATUS_SUCCESS);
        cairo_surface_destroy(s);
        char text[1024];
        int n = snprintf(
            text, sizeof text,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 240 240\"><path fill=\"none\" "
            "stroke=\"#000\" stroke-width=\"0.6\" d=\"M");
        for (int i = 0; i < p.n; i++)
            n += snprintf(text + n, sizeof text - (size_t)n, " %.2f %.2f", p.x[i], p.y[i]);
        snprintf(text + n, sizeof text - (size_t)n, " Z\"/></svg>");
        CHECK(write_text(svg, text));
        const char *files[] = {png, svg};
        for (size_t f = 0; f < 2; f++)
            for (size_t g = 0; g < TEST_COUNT(grids); g++) {
                uint32_t w = grids[g][0], h = grids[g][1];
                uint8_t *m = file_mask(files[f], w, h, &err);
                if (!verdict_note(&v, m != NULL, "seed %d %s %u x %u: %s", seed, files[f], w, h,
                                  err.message))
                    continue;
                double k = fmin(w / (x1 - x0), h / (y1 - y0));
                double ox = (w - (x1 - x0) * k) / 2 - x0 * k, oy = (h - (y1 - y0) * k) / 2 - y0 * k;
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++) {
                        double px = (x + 0.5 - ox) / k, py = (y + 0.5 - oy) / k;
                        if (to_outline(&p, px, py) * k < 0.75) continue;
                        bool in = m[(size_t)y * w + x] != 0;
                        verdict_note(&v, in == in_polygon(&p, px, py),
                                     "seed %d %s %u x %u: cell (%u, %u) is %s", seed, files[f], w,
                                     h, x, y, in ? "inside" : "outside");
                    }
                meiro_mask_free(m);
            }
    }
    CHECK_ALL(v);
}

/* An outline with a gap: refused with what to do, at any size. */
static void test_open_drawing(void)
{
    meiro_error err;
    uint8_t *m = NULL;
    const char *png = tmp_path("house-open.png");
    CHECK(write_png(png, 200, 200, true, house_open));
    const char *svg = tmp_path("house-open.svg");
    CHECK(write_text(
        svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 200\">"
             "<path d=\"M40 180 V90 L100 30 L160 90 V180\" fill=\"none\" stroke=\"#000\"/></svg>"));
    const char *files[] = {png, svg};
    for (size_t f = 0; f < TEST_COUNT(files); f++)
        for (size_t i = 0; i < TEST_COUNT(house_sizes); i++) {
            uint32_t w = house_sizes[i][0], h = house_sizes[i][1];
            CHECK_INT(meiro_shape_mask(files[f], w, h, &m, &err), MEIRO_ERROR_ARGUMENT);
            CHECK_MSG(strstr(err.message, "line drawing with open ends: close it or fill it") &&
                          !strstr(err.message, "larger"),
                      "%s: %s", files[f], err.message);
            CHECK_INT(err.field, MEIRO_FIELD_SHAPE);
            CHECK(m == NULL);
        }
}

/* A cat's head with white and near-white eyes (holes), on nothing and on
 * a white page; its pale nose is inside on nothing (coloured), and not
 * dark on the page (an opaque picture's dark parts are inside). */
static void test_white_is_background(void)
{
    meiro_error err;
    static const char *const backgrounds[] = {"",
                                              "<rect width=\"100\" height=\"100\" fill=\"#fff\"/>"};
    for (size_t b = 0; b < TEST_COUNT(backgrounds); b++) {
        char svg[1024];
        snprintf(svg, sizeof svg,
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">%s"
                 "<path d=\"M0 100 V0 L30 20 H70 L100 0 V100 Z\" fill=\"#444\"/>"
                 "<circle cx=\"30\" cy=\"50\" r=\"12\" fill=\"#fff\"/>"
                 "<circle cx=\"70\" cy=\"50\" r=\"12\" fill=\"#f4f4f0\"/>"
                 "<rect x=\"40\" y=\"70\" width=\"20\" height=\"20\" fill=\"#ffd8b0\"/></svg>",
                 backgrounds[b]);
        const char *path = tmp_path("cat-eyes.svg");
        CHECK(write_text(path, svg));
        uint8_t *m = file_mask(path, 20, 20, &err);
        CHECK_MSG(m != NULL, "%s", err.message);
        if (!m) continue;
        /* 5 cells a unit of 25: the eyes are 2.4 cells round about (6, 10)
         * and (14, 10); the nose covers 8..11 x 14..17 */
        verdict v = {0};
        for (uint32_t y = 0; y < 20; y++)
            for (uint32_t x = 0; x < 20; x++) {
                double cx = x + 0.5, cy = y + 0.5;
                double d = fmin(hypot(cx - 6, cy - 10), hypot(cx - 14, cy - 10));
                bool in = m[y * 20 + x] != 0, nose = x >= 8 && x <= 11 && y >= 14 && y <= 17;
                if (nose && b == 1) continue;
                if (d < 1.7)
                    verdict_note(&v, !in, "background %zu: cell (%u, %u) of an eye is inside", b, x,
                                 y);
                else if (d > 3.2 && y >= 6)
                    verdict_note(&v, in, "background %zu: cell (%u, %u) is outside", b, x, y);
            }
        CHECK_ALL(v);
        meiro_mask_free(m);
    }
}

/* A 24-bit BMP (rows bottom-up, each padded to 4 bytes) of a w x h
 * picture drawn by fn on white. */
static bool write_bmp(const char *path, int w, int h, void (*fn)(cairo_t *))
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    fn(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    uint32_t row_bytes = ((uint32_t)w * 3 + 3) & ~3u, size = 54 + row_bytes * (uint32_t)h;
    unsigned char head[54] = {'B', 'M'};
    const uint32_t fields[][2] = {{2, size},         {10, 54},
                                  {14, 40},          {18, (uint32_t)w},
                                  {22, (uint32_t)h}, {34, row_bytes * (uint32_t)h}};
    for (size_t i = 0; i < TEST_COUNT(fields); i++)
        for (int k = 0; k < 4; k++)
            head[fields[i][0] + k] = (unsigned char)(fields[i][1] >> (8 * k));
    head[26] = 1;  /* planes */
    head[28] = 24; /* bits a pixel */
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(head, 1, sizeof head, f) == sizeof head;
    unsigned char *row = calloc(row_bytes, 1);
    ok = ok && row;
    for (int y = h - 1; ok && y >= 0; y--) {
        const uint32_t *px =
            (const uint32_t *)(const void *)(cairo_image_surface_get_data(s) +
                                             (size_t)y * (size_t)cairo_image_surface_get_stride(s));
        for (int x = 0; x < w; x++) {
            row[3 * x] = (unsigned char)px[x];
            row[3 * x + 1] = (unsigned char)(px[x] >> 8);
            row[3 * x + 2] = (unsigned char)(px[x] >> 16);
        }
        ok = fwrite(row, 1, row_bytes, f) == row_bytes;
    }
    free(row);
    if (f && fclose(f) != 0) ok = false;
    cairo_surface_destroy(s);
    return ok;
}

/* A GIF of a w x h picture drawn by fn on white, black and white: its
 * codes are 3 bits, a clear code after every two pixels so that no
 * decoder ever widens them (no compression needed). */
static bool write_gif(const char *path, int w, int h, void (*fn)(cairo_t *))
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    fn(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    size_t cap = (size_t)w * h * 3 + 64, n = 0;
    unsigned char *codes = calloc(cap, 1);
    unsigned long bits = 0;
    int nbits = 0;
    for (int i = 0; codes && i <= w * h; i++) {
        int code;
        if (i == w * h) code = 5; /* the end */
        else {
            const uint32_t *row =
                (const uint32_t *)(const void *)(cairo_image_surface_get_data(s) +
                                                 (size_t)(i / w) *
                                                     (size_t)cairo_image_surface_get_stride(s));
            code = (row[i % w] & 0xff) < 128; /* 1: black */
        }
        for (int k = 0; k < (i % 2 == 0 && i < w * h ? 2 : 1); k++) {
            int c = k == 0 && i % 2 == 0 && i < w * h ? 4 : code; /* a clear code first */
            bits |= (unsigned long)c << nbits;
            nbits += 3;
            while (nbits >= 8) {
                codes[n++] = (unsigned char)bits;
                bits >>= 8;
                nbits -= 8;
            }
        }
    }
    if (codes && nbits) codes[n++] = (unsigned char)bits;
    FILE *f = codes ? fopen(path, "wb") : NULL;
    static const unsigned char palette[12] = {255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255};
    unsigned char head[13] = {'G',
                              'I',
                              'F',
                              '8',
                              '9',
                              'a',
                              (unsigned char)w,
                              (unsigned char)(w >> 8),
                              (unsigned char)h,
                              (unsigned char)(h >> 8),
                              0x81,
                              0,
                              0};
    unsigned char image[11] = {0x2c,
                               0,
                               0,
                               0,
                               0,
                               (unsigned char)w,
                               (unsigned char)(w >> 8),
                               (unsigned char)h,
                               (unsigned char)(h >> 8),
                               0,
                               2};
    bool ok = f && fwrite(head, 1, 13, f) == 13 && fwrite(palette, 1, 12, f) == 12 &&
              fwrite(image, 1, 11, f) == 11;
    for (size_t at = 0; ok && at < n; at += 255) {
        unsigned char len = (unsigned char)(n - at < 255 ? n - at : 255);
        ok = fputc(len, f) != EOF && fwrite(codes + at, 1, len, f) == len;
    }
    ok = ok && fputc(0, f) != EOF && fputc(';', f) != EOF;
    if (f && fclose(f) != 0) ok = false;
    free(codes);
    cairo_surface_destroy(s);
    return ok;
}

/* JPEG pictures (tests/data: the house of these tests, filled and as a
 * 1 px outline, saved by gdk-pixbuf at quality 75), BMP and GIF ones; a JPEG
 * declaring more pixels than the budget is refused before it is decoded. */
static void test_jpeg_file(void)
{
    meiro_error err;
    uint8_t *m = NULL;
    const char *bmp = tmp_path("house.bmp"), *bmp_outline = tmp_path("outline.bmp");
    CHECK(write_bmp(bmp, 200, 200, house_filled));
    CHECK(write_bmp(bmp_outline, 200, 200, house_outline));
    const char *gif = tmp_path("house.gif"), *gif_outline = tmp_path("outline.gif");
    CHECK(write_gif(gif, 200, 200, house_filled));
    CHECK(write_gif(gif_outline, 200, 200, house_outline));
    char jpeg[4096], jpeg_outline[4096];
    snprintf(jpeg, sizeof jpeg, "%s", test_data("house.jpg"));
    snprintf(jpeg_outline, sizeof jpeg_outline, "%s", test_data("house-outline.jpg"));
    const char *files[] = {jpeg, jpeg_outline, bmp, bmp_outline, gif, gif_outline};
    for (size_t f = 0; f < TEST_COUNT(files); f++)
        for (size_t i = 0; i < TEST_COUNT(house_sizes); i++) {
            m = file_mask(files[f], house_sizes[i][0], house_sizes[i][1], &err);
            CHECK_MSG(m != NULL, "%s: %s", files[f], err.message);
            check_house(m, house_sizes[i][0], house_sizes[i][1], files[f]);
            meiro_mask_free(m);
        }
    /* a frame header of 30000 x 30000 and no picture behind it */
    static const unsigned char huge[] = {0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 'J',  'F',
                                         0xff, 0xc0, 0x00, 0x0b, 0x08, 0x75, 0x30, 0x75,
                                         0x30, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9};
    const char *bomb = tmp_path("bomb.jpg");
    FILE *f = fopen(bomb, "wb");
    CHECK(f && fwrite(huge, 1, sizeof huge, f) == sizeof huge);
    if (f) fclose(f);
    CHECK_INT(meiro_shape_mask(bomb, 20, 20, &m, &err), MEIRO_ERROR_TOO_BIG);
    CHECK_MSG(strstr(err.message, "30000 x 30000 pixels") && strstr(err.message, "JPEG"), "%s",
              err.message);
    CHECK(m == NULL);
}

/* A photo of a scene (tests/data/photo.png, made by photo.py) shows no
 * silhouette: its mask is made, with a warning that says so; drawings
 * (the house scanned, the built-in shapes as files) have none. */
static void test_photo_unclear(void)
{
    meiro_error err = {0};
    uint8_t *m = file_mask(test_data("photo.png"), 20, 20, &err);
    CHECK_MSG(m != NULL, "%s", err.message);
    CHECK_MSG(strstr(err.message, "no clear silhouette") && err.field == MEIRO_FIELD_SHAPE, "%s",
              err.message);
    meiro_mask_free(m);
    /* the drawings, and the built-in shapes' own files (test_data's path is
     * its own buffer: asked anew each time) */
    const char *drawings[] = {"house.jpg", "house-outline.jpg"};
    size_t n = TEST_COUNT(drawings) + meiro_shape_count();
    for (size_t i = 0; i < n; i++) {
        char file[128];
        if (i < TEST_COUNT(drawings)) snprintf(file, sizeof file, "%s", drawings[i]);
        else
            snprintf(file, sizeof file, "../../templates/shapes/%s.svg",
                     meiro_shape_info(i - TEST_COUNT(drawings))->name);
        err = (meiro_error){0};
        m = file_mask(test_data(file), 24, 24, &err);
        CHECK_MSG(m != NULL && !err.message[0], "%s: %s", file, err.message);
        meiro_mask_free(m);
    }
}

/* A phone's photo stands as taken: house.jpg with an Exif orientation of
 * 6 (turned a quarter clockwise to view) gives the house's mask turned so. */
static void test_jpeg_orientation(void)
{
    meiro_error err;
    FILE *f = fopen(test_data("house.jpg"), "rb");
    unsigned char data[8192];
    size_t n = f ? fread(data, 1, sizeof data, f) : 0;
    if (f) fclose(f);
    CHECK(n > 4 && n < sizeof data);
    /* an APP1 segment after the start of the image: Exif, a big-endian
     * TIFF header and one entry, Orientation (0x0112) = 6 */
    static const unsigned char app1[] = {0xff, 0xe1, 0x00, 0x22, 'E',  'x',  'i',  'f',  0,
                                         0,    'M',  'M',  0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
                                         0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00,
                                         0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    const char *turned = tmp_path("turned.jpg");
    f = fopen(turned, "wb");
    CHECK(f && fwrite(data, 1, 2, f) == 2 && fwrite(app1, 1, sizeof app1, f) == sizeof app1 &&
          fwrite(data + 2, 1, n - 2, f) == n - 2);
    if (f) fclose(f);
    uint8_t *up = file_mask(test_data("house.jpg"), 20, 20, &err);
    CHECK_MSG(up != NULL, "%s", err.message);
    uint8_t *side = file_mask(turned, 20, 20, &err);
    CHECK_MSG(side != NULL, "%s", err.message);
    if (up && side) {
        size_t differ_turned = 0, differ_same = 0;
        for (uint32_t y = 0; y < 20; y++)
            for (uint32_t x = 0; x < 20; x++) {
                differ_turned += side[y * 20 + x] != up[(19 - x) * 20 + y];
                differ_same += side[y * 20 + x] != up[y * 20 + x];
            }
        CHECK_MSG(differ_turned <= 4 && differ_same > 40,
                  "%zu cells differ from the house turned, %zu from it upright", differ_turned,
                  differ_same);
    }
    meiro_mask_free(up);
    meiro_mask_free(side);
}

static void test_shape_errors(void)
{
    meiro_error err;
    uint8_t *m = (uint8_t *)&err; /* set to NULL on failure */
    CHECK_INT(meiro_shape_mask("hart", 20, 20, &m, &err), MEIRO_ERROR_UNKNOWN_NAME);
    CHECK(m == NULL);
    CHECK_MSG(strstr(err.message, "no shape 'hart'") && strstr(err.message, "heart, star") &&
                  strstr(err.message, ".png"),
              "%s", err.message);

    CHECK_INT(meiro_shape_mask("/no/such/dir/x.svg", 20, 20, &m, &err), MEIRO_ERROR_IO);
    CHECK_MSG(strstr(err.message, "/no/such/dir/x.svg") && strstr(err.message, "No such file"),
              "%s", err.message);

    const char *folder = tmp_path("folder.svg");
    CHECK(mkdir(folder, 0700) == 0);
    CHECK_INT(meiro_shape_mask(folder, 20, 20, &m, &err), MEIRO_ERROR_IO);
    CHECK_MSG(strstr(err.message, "folder.svg") && strstr(err.message, "directory"), "%s",
              err.message);
    rmdir(folder);

    const char *text = tmp_path("notes.txt");
    CHECK(write_text(text, "a shopping list\n"));
    CHECK_INT(meiro_shape_mask(text, 20, 20, &m, &err), MEIRO_ERROR_PARSE);
    CHECK_MSG(strstr(err.message, "notes.txt") &&
                  strstr(err.message, "not an SVG, PNG, JPEG, GIF or BMP image"),
              "%s", err.message);

    const char *broken = tmp_path("broken.svg");
    CHECK(write_text(broken, "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect"));
    CHECK_INT(meiro_shape_mask(broken, 20, 20, &m, &err), MEIRO_ERROR_PARSE);
    CHECK_MSG(strstr(err.message, "broken.svg") && strstr(err.message, "not a valid SVG"), "%s",
              err.message);

    const char *cut = tmp_path("cut.png");
    CHECK(write_text(cut, "\x89PNG\r\n\x1a\nrest of it lost"));
    CHECK_INT(meiro_shape_mask(cut, 20, 20, &m, &err), MEIRO_ERROR_PARSE);
    CHECK_MSG(strstr(err.message, "cut.png") && strstr(err.message, "PNG"), "%s", err.message);

    const char *empty = tmp_path("empty.svg");
    CHECK(write_text(empty, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"/>"));
    CHECK_INT(meiro_shape_mask(empty, 20, 20, &m, &err), MEIRO_ERROR_PARSE);
    CHECK_MSG(strstr(err.message, "empty.svg") && strstr(err.message, "nothing inside"), "%s",
              err.message);
    const char *white = tmp_path("white.svg");
    CHECK(write_text(white, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">"
                            "<rect width=\"10\" height=\"10\" fill=\"#eee\"/></svg>"));
    CHECK_INT(meiro_shape_mask(white, 20, 20, &m, &err), MEIRO_ERROR_PARSE);
    CHECK_MSG(strstr(err.message, "nothing inside") && strstr(err.message, "dark"), "%s",
              err.message);

    /* too small a grid for the shape */
    CHECK_INT(meiro_shape_mask("heart", 1, 1, &m, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "leaves 1 cell inside a 1 x 1 grid; use a larger -W/-H"), "%s",
              err.message);
    CHECK_INT(meiro_shape_mask("star", 2, 1, &m, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "leaves") && strstr(err.message, "2 x 1 grid"), "%s",
              err.message);

    CHECK_INT(meiro_shape_mask("heart", 0, 5, &m, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_shape_mask("heart", MEIRO_MAX_SIDE + 1, 5, &m, &err), MEIRO_ERROR_TOO_BIG);
    CHECK_INT(meiro_shape_mask("heart", 30000, 30000, &m, &err), MEIRO_ERROR_TOO_BIG);
    CHECK_INT(meiro_shape_mask("", 5, 5, &m, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_INT(meiro_shape_mask("heart", 5, 5, NULL, &err), MEIRO_ERROR_ARGUMENT);
    CHECK(m == NULL);
    meiro_mask_free(NULL);
}

/* ---- Text ------------------------------------------------------------- */

static const struct {
    const char *text;
    uint32_t height; /* the default */
    uint32_t letters;
    unsigned max_pieces; /* letters in pieces: は, な, さ, 花 */
} texts[] = {
    {"HANA", MEIRO_TEXT_HEIGHT, 4, 4},     {"hana", MEIRO_TEXT_HEIGHT_LOWER, 4, 4},
    {"はな", MEIRO_TEXT_HEIGHT_CJK, 2, 7}, {"さくら", MEIRO_TEXT_HEIGHT_CJK, 3, 7},
    {"花", MEIRO_TEXT_HEIGHT_CJK, 1, 4},   {"花子", MEIRO_TEXT_HEIGHT_CJK, 2, 6},
};

static void test_text_masks(void)
{
    verdict made = {0}, tall = {0}, wide = {0}, order = {0}, ends = {0}, piece = {0}, strokes = {0};
    for (size_t k = 0; k < TEST_COUNT(texts); k++) {
        const char *t = texts[k].text;
        uint8_t *m = NULL;
        meiro_text_info info;
        meiro_error err;
        if (!verdict_note(&made, meiro_text_mask(t, NULL, 0, &m, &info, &err) == MEIRO_OK && m,
                          "%s: %s", t, err.message))
            continue;
        uint32_t w = info.width, h = info.height;
        box b = bounds(m, w, h);
        /* the ink is the height asked (its top or bottom row may be only
         * touched by a round stroke) and the columns are trimmed to it */
        verdict_note(
            &tall, h == texts[k].height && b.y1 - b.y0 + 2 >= h && b.x0 == 0 && b.x1 == w - 1,
            "%s: %ux%u, ink rows %u to %u, columns %u to %u", t, w, h, b.y0, b.y1, b.x0, b.x1);
        double per_letter = (double)w / texts[k].letters;
        verdict_note(&wide,
                     info.letters == texts[k].letters && per_letter >= 0.5 * h &&
                         per_letter <= 1.3 * h,
                     "%s: %u letters, %ux%u", t, info.letters, w, h);
        bool ordered =
            info.first_x0 <= info.first_x1 && info.last_x0 <= info.last_x1 && info.last_x1 < w &&
            (info.letters == 1 ? info.first_x0 == info.last_x0 && info.first.x < info.last.x
                               : info.first_x1 < info.last_x0);
        verdict_note(&order, ordered, "%s: first %u-%u, last %u-%u", t, info.first_x0,
                     info.first_x1, info.last_x0, info.last_x1);
        bool in = info.first.x < w && info.last.x < w && info.first.y < h && info.last.y < h &&
                  m[(size_t)info.first.y * w + info.first.x] &&
                  m[(size_t)info.last.y * w + info.last.x] && info.first.x >= info.first_x0 &&
                  info.first.x <= info.first_x1 && info.last.x >= info.last_x0 &&
                  info.last.x <= info.last_x1;
        verdict_note(&ends, in, "%s: S (%u, %u), G (%u, %u)", t, info.first.x, info.first.y,
                     info.last.x, info.last.y);
        unsigned p = pieces(m, w, h);
        verdict_note(&piece, p >= texts[k].letters && p <= texts[k].max_pieces, "%s: %u pieces", t,
                     p);
        size_t thin = thin_cells(m, w, h);
        verdict_note(&strokes, thin * 50 <= b.inside,
                     "%s: %zu of %zu cells in strokes one cell wide", t, thin, b.inside);
        meiro_mask_free(m);
    }
    CHECK_ALL(made);
    CHECK_ALL(tall);
    CHECK_ALL(wide);
    CHECK_ALL(order);
    CHECK_ALL(ends);
    CHECK_ALL(piece);
    CHECK_ALL(strokes);
}

/* Other scripts: a right-to-left name's first letter (S) on the right; the
 * letters of a script that joins them (Arabic, Devanagari) shaped a word at
 * a time; a letter with a combining mark one letter (once, a name with one
 * never finished). */
static void test_text_scripts(void)
{
    static const struct {
        const char *text;
        uint32_t letters;
        bool rtl;
    } cases[] = {
        {"\u0633\u0627\u0631\u0629", 1, true},             /* Sara: one word, joined */
        {"\u0645\u062d\u0645\u062f \u0639\u0644\u064a", 2, true}, /* Muhammad Ali */
        {"\u05d3\u05e0\u05d4", 3, true},                    /* Dana in Hebrew: no joining */
        {"\u0905\u0928\u0941", 1, false},                   /* Anu: one word under a headline */
        {"Jose\u0301", 4, false},                             /* José, its accent combining */
        {"Zoe\u0308 Li", 5, false},
    };
    verdict made = {0}, count = {0}, side = {0};
    for (size_t k = 0; k < TEST_COUNT(cases); k++) {
        const char *t = cases[k].text;
        uint8_t *m = NULL;
        meiro_text_info info;
        meiro_error err = {0};
        if (!verdict_note(&made, meiro_text_mask(t, NULL, 0, &m, &info, &err) == MEIRO_OK && m,
                          "%s: %s", t, err.message))
            continue;
        verdict_note(&count, info.letters == cases[k].letters, "%s: %u letters, not %u", t,
                     (unsigned)info.letters, (unsigned)cases[k].letters);
        /* S where the reading starts: the first letter on the right of the
         * last, or (one letter) S right of G */
        bool right = info.letters == 1 ? info.first.x > info.last.x : info.first_x0 > info.last_x1;
        verdict_note(&side, right == cases[k].rtl, "%s: first %u-%u (S %u), last %u-%u (G %u)",
                     t, info.first_x0, info.first_x1, info.first.x, info.last_x0, info.last_x1,
                     info.last.x);
        meiro_mask_free(m);
    }
    CHECK_ALL(made);
    CHECK_ALL(count);
    CHECK_ALL(side);
}

/* Lines: each line's mask is the line's own (the same scale when their
 * letters are as tall), centred, one empty row between them; S in the
 * first line's first letter, G in the last line's last. */
static void test_text_lines(void)
{
    /* the last two: lines of other ink heights (J descends, こ is short),
     * set at the scale of the whole */
    static const char *const stacks[][3] = {{"HA", "NA", NULL},
                                            {"ALE", "XAN", "DER"},
                                            {"E", "HIT", NULL},
                                            {"MARY", "JANE", NULL},
                                            {"はな", "こ", NULL}};
    const size_t own_scale = 3;
    verdict same = {0}, gap = {0}, ends = {0};
    for (size_t k = 0; k < TEST_COUNT(stacks); k++) {
        for (uint32_t h = 6; h <= 12; h += 3) {
            char joined[64] = "";
            size_t lines = stacks[k][2] ? 3 : 2;
            for (size_t l = 0; l < lines; l++) {
                if (l) strcat(joined, "\n");
                strcat(joined, stacks[k][l]);
            }
            uint8_t *m = NULL;
            meiro_text_info info;
            if (!verdict_note(&same, meiro_text_mask(joined, NULL, h, &m, &info, NULL) == MEIRO_OK,
                              "%s at %u: not made", stacks[k][0], h))
                continue;
            bool ok = info.height == lines * h + lines - 1, empty = true;
            for (size_t l = 0; l < lines && ok; l++) {
                uint8_t *one = NULL;
                meiro_text_info oi;
                ok = meiro_text_mask(stacks[k][l], NULL, h, &one, &oi, NULL) == MEIRO_OK &&
                     oi.width <= info.width;
                uint32_t dx = ok ? (info.width - oi.width) / 2 : 0, dy = (uint32_t)l * (h + 1);
                for (uint32_t y = 0; ok && y < h; y++)
                    for (uint32_t x = 0; ok && x < info.width; x++) {
                        bool in =
                            x >= dx && x < dx + oi.width && one[(size_t)y * oi.width + x - dx];
                        ok = (m[(size_t)(dy + y) * info.width + x] != 0) == in;
                    }
                for (uint32_t x = 0; l + 1 < lines && x < info.width; x++)
                    empty = empty && !m[(size_t)(dy + h) * info.width + x];
                meiro_mask_free(one);
            }
            verdict_note(&same, ok || (k >= own_scale && info.height == lines * h + lines - 1),
                         "%s at %u: %ux%u, not its lines stacked", stacks[k][0], h, info.width,
                         info.height);
            verdict_note(&gap, empty, "%s at %u: ink between the lines", stacks[k][0], h);
            verdict_note(&ends,
                         info.first.y < h && info.last.y >= info.height - h &&
                             m[(size_t)info.first.y * info.width + info.first.x] &&
                             m[(size_t)info.last.y * info.width + info.last.x],
                         "%s at %u: S (%u,%u) G (%u,%u)", stacks[k][0], h, info.first.x,
                         info.first.y, info.last.x, info.last.y);
            meiro_mask_free(m);
        }
    }
    CHECK_ALL(same);
    CHECK_ALL(gap);
    CHECK_ALL(ends);
}

/* Letters stand apart by one empty column, a space by three; HANA is made
 * of its four letters, side by side, each one piece. */
static void test_text_letters(void)
{
    uint8_t *m = NULL;
    meiro_text_info info;
    CHECK_INT(meiro_text_mask("HANA", "en", 0, &m, &info, NULL), MEIRO_OK);
    if (!m) return;
    uint32_t w = info.width, h = info.height;
    /* runs of columns with ink, and the gaps between them */
    unsigned runs = 0, gap = 0, max_gap = 0, min_gap = 99;
    for (uint32_t x = 0; x < w; x++) {
        bool ink = false;
        for (uint32_t y = 0; y < h; y++) ink |= m[(size_t)y * w + x] != 0;
        if (ink && gap) {
            if (gap > max_gap) max_gap = gap;
            if (gap < min_gap) min_gap = gap;
        }
        if (ink && (x == 0 || gap)) runs++;
        gap = ink ? 0 : gap + 1;
    }
    CHECK_INT(runs, 4);
    CHECK_INT(min_gap, 1);
    CHECK_INT(max_gap, 1);
    CHECK_INT(pieces(m, w, h), 4);
    /* the flat tops and feet of H, N reach the first and last row */
    CHECK(m[0] && m[(size_t)(h - 1) * w]);
    meiro_mask_free(m);

    uint8_t *two = NULL;
    meiro_text_info i2;
    CHECK_INT(meiro_text_mask("HA NA", NULL, 0, &two, &i2, NULL), MEIRO_OK);
    CHECK_INT(i2.width, info.width + 2); /* one gap of 1 became one of 3 */
    CHECK_INT(i2.letters, 4);
    meiro_mask_free(two);

    /* a taller text is as much wider */
    uint8_t *big = NULL;
    meiro_text_info ib;
    CHECK_INT(meiro_text_mask("HANA", NULL, 36, &big, &ib, NULL), MEIRO_OK);
    CHECK_INT(ib.height, 36);
    CHECK_MSG(ib.width > 2.6 * info.width && ib.width < 3.4 * info.width, "%u vs %u", ib.width,
              info.width);
    CHECK_INT(pieces(big, ib.width, ib.height), 4);
    meiro_mask_free(big);

    /* the same text, the same mask */
    uint8_t *again = NULL;
    meiro_text_info ia;
    CHECK_INT(meiro_text_mask("HANA", "en", 0, &again, &ia, NULL), MEIRO_OK);
    CHECK(ia.width == info.width && again &&
          meiro_text_mask("HANA", "en", 0, &m, NULL, NULL) == MEIRO_OK &&
          memcmp(m, again, (size_t)ia.width * ia.height) == 0);
    meiro_mask_free(m);
    meiro_mask_free(again);

    /* the height follows the letters, not the language */
    CHECK_INT(meiro_text_mask("HANA", "ja", 0, &m, &info, NULL), MEIRO_OK);
    CHECK_INT(info.height, MEIRO_TEXT_HEIGHT);
    meiro_mask_free(m);
    CHECK_INT(meiro_text_mask("Hana", "ja", 0, &m, &info, NULL), MEIRO_OK);
    CHECK_INT(info.height, MEIRO_TEXT_HEIGHT_LOWER);
    meiro_mask_free(m);
    CHECK_INT(meiro_text_mask("HANA はな", "en", 0, &m, &info, NULL), MEIRO_OK);
    CHECK_INT(info.height, MEIRO_TEXT_HEIGHT_CJK);
    CHECK_INT(info.letters, 6);
    meiro_mask_free(m);
}

static void test_text_errors(void)
{
    meiro_error err;
    uint8_t *m = (uint8_t *)&err;
    meiro_text_info info;
    CHECK_INT(meiro_text_mask("", NULL, 0, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK(m == NULL);
    CHECK_MSG(strstr(err.message, "empty"), "%s", err.message);
    CHECK_INT(meiro_text_mask("   ", NULL, 0, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "no letters"), "%s", err.message);
    CHECK_INT(meiro_text_mask("HA\xffNA", NULL, 0, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "not valid UTF-8 (byte 3"), "%s", err.message);
    CHECK_INT(meiro_text_mask("\xe3\x81", NULL, 0, &m, &info, &err),
              MEIRO_ERROR_ARGUMENT); /* cut は */
    CHECK_MSG(strstr(err.message, "UTF-8"), "%s", err.message);
    CHECK_INT(meiro_text_mask("HANA\tTARO", NULL, 0, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "control character (byte 5)"), "%s", err.message);
    /* a line break goes between letters: no empty line */
    static const char *const empty_lines[] = {"HANA\n\nTARO", "\nHANA", "HANA\n"};
    for (size_t k = 0; k < sizeof empty_lines / sizeof empty_lines[0]; k++) {
        CHECK_INT(meiro_text_mask(empty_lines[k], NULL, 0, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
        CHECK_MSG(strstr(err.message, "empty line"), "%s", err.message);
    }
    CHECK_INT(meiro_text_mask("HANA\n   ", NULL, 0, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "no letters"), "%s", err.message);
    CHECK_INT(meiro_text_mask("HANA", NULL, 4, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "4 cells tall"), "%s", err.message);
    CHECK_INT(meiro_text_mask("HANA", NULL, MEIRO_MAX_SIDE + 1, &m, &info, &err),
              MEIRO_ERROR_ARGUMENT);
    /* too wide: refused before anything is drawn */
    CHECK_INT(meiro_text_mask("HANA", NULL, 20000, &m, &info, &err), MEIRO_ERROR_TOO_BIG);
    CHECK_MSG(strstr(err.message, "too long") && strstr(err.message, "65535"), "%s", err.message);
    char *longer = malloc(6001);
    if (longer) {
        memset(longer, 'W', 6000);
        longer[6000] = 0;
        CHECK_INT(meiro_text_mask(longer, NULL, 0, &m, &info, &err), MEIRO_ERROR_TOO_BIG);
        CHECK_MSG(strstr(err.message, "too long"), "%s", err.message);
        free(longer);
    }
    /* a letter no font has (a private-use code point) */
    CHECK_INT(meiro_text_mask("A\xf4\x8f\xbf\xbd", NULL, 0, &m, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK_MSG(strstr(err.message, "no installed font has"), "%s", err.message);
    CHECK_INT(meiro_text_mask("HANA", NULL, 0, NULL, &info, &err), MEIRO_ERROR_ARGUMENT);
    CHECK(m == NULL);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"catalogue", test_catalogue},
        {"builtin_masks", test_builtin_masks},
        {"min_grid", test_min_grid},
        {"recognised", test_recognised},
        {"symmetric", test_symmetric},
        {"outlines_are_pictures", test_outlines_are_pictures},
        {"circle_is_a_disc", test_circle_is_a_disc},
        {"svg_file", test_svg_file},
        {"png_file", test_png_file},
        {"outline_filled", test_outline_filled},
        {"outline_property", test_outline_property},
        {"open_drawing", test_open_drawing},
        {"white_is_background", test_white_is_background},
        {"jpeg_file", test_jpeg_file},
        {"jpeg_orientation", test_jpeg_orientation},
        {"photo_unclear", test_photo_unclear},
        {"shape_errors", test_shape_errors},
        {"text_masks", test_text_masks},
        {"text_scripts", test_text_scripts},
        {"text_letters", test_text_letters},
        {"text_lines", test_text_lines},
        {"text_errors", test_text_errors},
    };
    int status = test_main("shape", argc, argv, cases, TEST_COUNT(cases));
    if (dir[0]) {
        static const char *const files[] = {
            "bars.svg",        "margin.svg",     "page.svg",        "square.png",       "bar.png",
            "triangle.png",    "notes.txt",      "broken.svg",      "cut.png",          "empty.svg",
            "white.svg",       "house.png",      "house-clear.png", "house-filled.png", "house.svg",
            "house-white.svg", "house-open.png", "house-open.svg",  "cat-eyes.svg",     "house.bmp",
            "outline.bmp",     "bomb.jpg",       "polygon.png",     "polygon.svg",      "house.gif",
            "outline.gif",     "turned.jpg",     "silhouette.png"};
        for (size_t i = 0; i < TEST_COUNT(files); i++) unlink(tmp_path(files[i]));
        rmdir(tmp_path("folder.svg"));
        rmdir(dir);
    }
    return status;
}
