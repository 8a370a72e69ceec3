/* Reading printed mazes back, shared by the document tests: decoding PNG
 * pictures, finding the maze's outer wall, sampling every cell edge, and
 * with the external readers (poppler, librsvg, LibreOffice; run and have
 * are in harness.h). Needs a `dir` (scratch folder) in the including test. */
#ifndef MEIRO_TEST_PICTURE_H
#define MEIRO_TEST_PICTURE_H

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "answer_ink.h"
#include "tools.h"


typedef struct image {
    int w, h;
    unsigned char *gray;   /* 0 black .. 255 white; the answer counts as light */
    unsigned char *answer; /* 1 where the pixel is the answer's (answer_ink.h) */
    bool pictures;         /* S and G are pictures (set by the caller): colours
                              of their own are not the answer's */
    double ends_mm;      /* S and G stand on plates this wide, over the
                            walls of small cells (an answer key's): the
                            edges under them are not judged; 0: none */
} image;

static bool load_png(const char *path, image *img)
{
    *img = (image){0};
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return false;
    }
    cairo_surface_flush(s);
    img->w = cairo_image_surface_get_width(s);
    img->h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    cairo_format_t fmt = cairo_image_surface_get_format(s);
    img->gray = malloc((size_t)img->w * img->h);
    img->answer = malloc((size_t)img->w * img->h);
    for (int y = 0; y < img->h; y++) {
        for (int x = 0; x < img->w; x++) {
            unsigned r, g, b;
            if (fmt == CAIRO_FORMAT_A8) {
                r = g = b = 255 - data[y * stride + x];
            } else {
                uint32_t px = *(const uint32_t *)(data + y * stride + 4 * x);
                unsigned a = fmt == CAIRO_FORMAT_ARGB32 ? px >> 24 : 255;
                /* composite on white */
                r = ((px >> 16) & 255) + (255 - a);
                g = ((px >> 8) & 255) + (255 - a);
                b = (px & 255) + (255 - a);
            }
            bool answer = answer_ink((int)r, (int)g, (int)b);
            size_t i = (size_t)y * img->w + x;
            img->answer[i] = answer;
            img->gray[i] = answer ? 255 : (unsigned char)((r * 30 + g * 59 + b * 11) / 100);
        }
    }
    cairo_surface_destroy(s);
    return true;
}

static void free_image(image *img)
{
    free(img->gray);
    free(img->answer);
}

static bool dark(const image *img, int x, int y)
{
    return x >= 0 && y >= 0 && x < img->w && y < img->h && img->gray[(size_t)y * img->w + x] < 128;
}

/* Finds the line nearest `guess` (a row if horizontal) with the most dark
 * pixels between from and to, and returns the centre of its thickness. */
static double find_line(const image *img, bool horizontal, double guess, double reach, int from,
                        int to)
{
    int lo = (int)floor(guess - reach), hi = (int)ceil(guess + reach);
    int limit = horizontal ? img->h : img->w;
    if (lo < 0) lo = 0;
    if (hi >= limit) hi = limit - 1;
    if (lo > hi) return guess;
    int best = -1, best_count = -1;
    int *count = calloc((size_t)(hi - lo + 1), sizeof *count);
    for (int k = lo; k <= hi; k++) {
        for (int t = from; t <= to; t++)
            count[k - lo] += horizontal ? dark(img, t, k) : dark(img, k, t);
        if (count[k - lo] > best_count) {
            best_count = count[k - lo];
            best = k;
        }
    }
    int a = best, b = best; /* the line's thickness: neighbours nearly as dark */
    while (a > lo && count[a - 1 - lo] >= best_count * 7 / 10) a--;
    while (b < hi && count[b + 1 - lo] >= best_count * 7 / 10) b++;
    free(count);
    return (a + b) / 2.0;
}

/* The bounding box of the cells inside the maze's shape (the whole grid
 * without one), in cells, last ones included. */
static void mask_box(const meiro_maze *m, uint32_t *x0, uint32_t *y0, uint32_t *x1, uint32_t *y1)
{
    *x0 = m->w - 1, *y0 = m->h - 1, *x1 = 0, *y1 = 0;
    for (uint32_t y = 0; y < m->h; y++)
        for (uint32_t x = 0; x < m->w; x++)
            if (!m->active || m->active[(size_t)y * m->w + x]) {
                if (x < *x0) *x0 = x;
                if (x > *x1) *x1 = x;
                if (y < *y0) *y0 = y;
                if (y > *y1) *y1 = y;
            }
}

/* The wall a picture should show above (or left of) cell (x, y), worked
 * out on its own for a shape: a wall between a cell inside and one
 * outside, none between two outside, the maze's walls inside. */
static bool expect_wall(const meiro_maze *m, uint32_t x, uint32_t y, bool above)
{
    if (!m->active) return above ? maze_wall_above(m, x, y) : maze_wall_left(m, x, y);
    uint32_t ax = above ? x : x - 1, ay = above ? y - 1 : y; /* the cell before the edge */
    bool a = (above ? y > 0 : x > 0) && m->active[(size_t)ay * m->w + ax];
    bool b = (above ? y < m->h : x < m->w) && m->active[(size_t)y * m->w + x];
    if (a != b) return true;
    return a && !meiro_maze_is_open(m, ax, ay, above ? MEIRO_SOUTH : MEIRO_EAST);
}

/* Whether the edge above (or left of) cell (x, y) has cells outside a
 * shape on both sides: the shape's outline may cross it there, and nothing
 * of the maze is drawn on it. */
static bool edge_outside(const meiro_maze *m, uint32_t x, uint32_t y, bool above)
{
    if (!m->active) return false;
    uint32_t ax = above ? x : x - 1, ay = above ? y - 1 : y;
    bool a = (above ? y > 0 : x > 0) && m->active[(size_t)ay * m->w + ax];
    bool b = (above ? y < m->h : x < m->w) && m->active[(size_t)y * m->w + x];
    return !a && !b;
}

/* Rebuilds the maze from the picture and compares it, noting each finding
 * in v (checked by the caller, once per picture or once per document).
 * ppm: pixels per mm of the picture; L: the layout, used only as a first
 * guess of where to look; origin_x/y: the picture's top-left corner on the
 * page (mm). */
static void check_picture(verdict *v, const char *what, const image *img, const meiro_maze *m,
                          const meiro_path *path, const page_layout *L, double ppm, double origin_x,
                          double origin_y, double square_tolerance, bool crisp, bool centre_on_page)
{
    double cell_px = L->cell * ppm;
    double gl = (L->maze_x - origin_x) * ppm, gt = (L->maze_y - origin_y) * ppm;
    double gr = gl + L->maze_w * ppm, gb = gt + L->maze_h * ppm;
    double reach = cell_px * 0.45;
    /* the outermost walls: on a shape, those of its cells' bounding box */
    uint32_t bx0, by0, bx1, by1;
    mask_box(m, &bx0, &by0, &bx1, &by1);
    /* a shape's edge may be short: not as far as the labels; with S and G
     * in doors (the guess is the document's own layout) not as far as its
     * outline, 0.3 cell out, whose cut for a door leaves the edge shorter */
    bool signs = layout_end_door(L, 0) < MEIRO_NO_DIR || layout_end_door(L, 1) < MEIRO_NO_DIR;
    if (m->active) reach = cell_px * (signs ? 0.15 : 0.3);
    double left = find_line(img, false, gl + bx0 * cell_px, reach, (int)gt, (int)gb);
    double right = find_line(img, false, gl + (bx1 + 1) * cell_px, reach, (int)gt, (int)gb);
    double top = find_line(img, true, gt + by0 * cell_px, reach, (int)gl, (int)gr);
    double bottom = find_line(img, true, gt + (by1 + 1) * cell_px, reach, (int)gl, (int)gr);
    double cw = (right - left) / (bx1 + 1 - bx0), ch = (bottom - top) / (by1 + 1 - by0);
    left -= bx0 * cw, top -= by0 * ch, right = left + m->w * cw, bottom = top + m->h * ch;
    verdict_note(v, fabs(cw - ch) <= square_tolerance * cw + 1.0,
                 "%s: cells %.2f x %.2f px are not square", what, cw, ch);
    /* centred on the page, or where the layout put it (a slot of a grid) */
    /* (a shape with S and G in doors: off the middle by the room of their
     * signs, as the layout put it) */
    double want = centre_on_page && !signs ? (img->w - 1) / 2.0
                                           : (L->maze_x + L->maze_w / 2 - origin_x) * ppm;
    verdict_note(v, fabs((left + right) / 2 - want) <= 0.005 * img->w + 2.0,
                 "%s: not centred (%.1f px, want %.1f)", what, (left + right) / 2, want);

    /* sample every edge at its midpoint, across the line */
    meiro_maze *seen = meiro_maze_new(m->w, m->h, NULL);
    if (m->active) meiro_maze_set_mask(seen, m->active, NULL); /* walls found inside the shape */
    maze_open_all(seen);
    int across = (int)fmax(2, 0.15 * fmin(cw, ch));
    int mismatches = 0, blurred = 0;
    /* an edge at (ex, ey) in cells under S's or G's plate */
    double plate_reach = img->ends_mm * ppm / 2 / fmin(cw, ch);
    if (m->active)
        plate_reach = fmax(plate_reach, 0.55); /* a shape's S and G: discs as wide as their cells */
#define UNDER_PLATE(ex, ey)                                                                        \
    (plate_reach > 0.5 && ((fabs((ex) - (m->start.x + 0.5)) < plate_reach &&                       \
                            fabs((ey) - (m->start.y + 0.5)) < plate_reach) ||                      \
                           (fabs((ex) - (m->goal.x + 0.5)) < plate_reach &&                        \
                            fabs((ey) - (m->goal.y + 0.5)) < plate_reach)))
    for (uint32_t y = 0; y <= m->h; y++) {
        for (uint32_t x = 0; x <= m->w; x++) {
            if (x < m->w) { /* the horizontal edge above (x, y) */
                int px = (int)lround(left + (x + 0.5) * cw), py = (int)lround(top + y * ch);
                bool wall = false;
                for (int d = -across; d <= across; d++) {
                    wall |= dark(img, px, py + d);
                    /* crisp: across a wall only black and white, no grey */
                    if (crisp && py + d >= 0 && py + d < img->h && !edge_outside(m, x, y, true) &&
                        !UNDER_PLATE(x + 0.5, (double)y)) {
                        unsigned v = img->gray[(size_t)(py + d) * img->w + px];
                        if (v > 24 && v < 231) blurred++;
                    }
                }
                if (UNDER_PLATE(x + 0.5, (double)y) || edge_outside(m, x, y, true))
                    wall = expect_wall(m, x, y, true); /* not seen: taken as it is */
                if (wall != expect_wall(m, x, y, true)) mismatches++;
                if (wall && y > 0 && y < m->h) maze_set_wall(seen, x, y - 1, MEIRO_SOUTH, false);
            }
            if (y < m->h) { /* the vertical edge left of (x, y) */
                int px = (int)lround(left + x * cw), py = (int)lround(top + (y + 0.5) * ch);
                bool wall = false;
                for (int d = -across; d <= across; d++) wall |= dark(img, px + d, py);
                if (UNDER_PLATE((double)x, y + 0.5) || edge_outside(m, x, y, false))
                    wall = expect_wall(m, x, y, false);
                if (wall != expect_wall(m, x, y, false)) mismatches++;
                if (wall && x > 0 && x < m->w) maze_set_wall(seen, x - 1, y, MEIRO_EAST, false);
            }
        }
    }
    verdict_note(v, mismatches == 0, "%s: %d edges differ from the maze", what, mismatches);
    verdict_note(v, blurred == 0, "%s: %d grey pixels across walls: not on the pixel grid", what,
                 blurred);
    bool perfect = false;
    meiro_maze_is_perfect(seen, &perfect, NULL);
    verdict_note(v, perfect, "%s: the maze in the picture is not perfect", what);
    meiro_maze_free(seen);

    /* the solution: red between every two consecutive path cells; none
     * anywhere without a path */
    int red_missing = 0;
    size_t reds = 0;
    for (size_t i = 0; i < (size_t)img->w * img->h; i++) reds += img->answer[i];
    if (path) {
        for (size_t k = 1; k < path->length; k++) {
            double mx = left + (path->cells[k - 1].x + path->cells[k].x + 1) / 2.0 * cw;
            double my = top + (path->cells[k - 1].y + path->cells[k].y + 1) / 2.0 * ch;
            size_t i = (size_t)lround(my) * img->w + (size_t)lround(mx);
            if (!img->answer[i] && !UNDER_PLATE((path->cells[k - 1].x + path->cells[k].x + 1) / 2.0,
                                             (path->cells[k - 1].y + path->cells[k].y + 1) / 2.0))
                red_missing++;
        }
#undef UNDER_PLATE
        verdict_note(v, red_missing == 0, "%s: the path is missing at %d steps", what, red_missing);
        /* S and G stay readable: no red on their letters (the middle
         * third of their cells; a shape's S and G in doors stand outside
         * it, the path through their cells); pictures: test_art compares
         * them with the puzzle's */
        int covered = 0;
        const meiro_cell ends[2] = {m->start, m->goal};
        for (int e = 0; e < 2 && !img->pictures; e++)
            for (int py = (int)(top + (ends[e].y + 1 / 3.0) * ch);
                 layout_end_door(L, e) == MEIRO_NO_DIR &&
                 py <= top + (ends[e].y + 2 / 3.0) * ch; py++)
                for (int px = (int)(left + (ends[e].x + 1 / 3.0) * cw);
                     px <= left + (ends[e].x + 2 / 3.0) * cw; px++)
                    covered += img->answer[(size_t)py * img->w + (size_t)px];
        verdict_note(v, covered == 0, "%s: %d red pixels on S and G", what, covered);
    } else {
        /* a picture for S or G may have red of its own: not counted */
        const meiro_cell ends[2] = {m->start, m->goal};
        for (int e = 0; e < 2; e++)
            for (int py = (int)(top + ends[e].y * ch); py < top + (ends[e].y + 1) * ch; py++)
                for (int px = (int)(left + ends[e].x * cw); px < left + (ends[e].x + 1) * cw; px++)
                    if (px >= 0 && py >= 0 && px < img->w && py < img->h)
                        reds -= img->answer[(size_t)py * img->w + (size_t)px];
        verdict_note(v, reds == 0, "%s: %zu red pixels without a solution", what, reds);
    }
}

#endif
