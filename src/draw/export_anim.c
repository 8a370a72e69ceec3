/* Animations of a trace: an animated SVG (SMIL, no script) and numbered PNG
 * frames, both from the player. The SVG is built by comparing the player's
 * state frame after frame: each cell gets one <animate> of its colours,
 * walls that change once are grouped by the moment they change, walls that
 * never change are plain strokes. All animations share one duration and
 * repeat, so they stay in step; their base values are the finished state,
 * which is what a viewer that does not animate shows. */
#define _POSIX_C_SOURCE 200809L
#include "core/numbers.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "io/io.h"
#include "page/answer_colour.h"
#include "page/layout.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "draw/module.h"
#include "draw/scene_cairo.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The SVG draws in units of a tenth of a cell and opens with cells of
 * SVG_CELL_PX pixels (smaller only to keep a big maze within SVG_MAX_PX). */
enum {
    CELL_UNITS = 10,
    SVG_FRAMES = 240,
    SVG_CELL_PX = 28,
    SVG_MAX_PX = 2400,
    SVG_MIN_CELL_PX = 8
};
/* the solution's cells: the answer's colour, as on the page */
#define PATH_COLOUR ANSWER_DEFAULT_RGB
#define GEN_SECONDS 8.0
#define SOLVE_SECONDS 5.0
#define HOLD_SECONDS 2.5

typedef struct change {
    uint32_t item;  /* a cell, or a wall (cell * 2 + 0 east / 1 south) */
    uint32_t frame; /* applied at the start of this frame (1-based) */
    uint32_t value; /* colour, or 1 open / 0 closed */
} change;

typedef struct changes {
    change *items;
    size_t count, cap;
} changes;

static bool add_change(changes *c, uint32_t item, uint32_t frame, uint32_t value)
{
    if (c->count == c->cap &&
        !vec_reserve(&c->items, &c->cap, c->count + 1, sizeof *c->items, 4096))
        return false;
    c->items[c->count++] = (change){item, frame, value};
    return true;
}

static int by_item(const void *a, const void *b)
{
    const change *x = a, *y = b;
    if (x->item != y->item) return x->item < y->item ? -1 : 1;
    return x->frame < y->frame ? -1 : x->frame > y->frame;
}

/* Whether wall w has any change (the changes are sorted by item). */
static bool wall_changed(const changes *wc, uint32_t w)
{
    change key = {w, 0, 0};
    size_t a = 0, b = wc->count;
    while (a < b) { /* the first change of w, if any */
        size_t mid = (a + b) / 2;
        if (by_item(&wc->items[mid], &key) < 0) a = mid + 1;
        else b = mid;
    }
    return a < wc->count && wc->items[a].item == w;
}

/* A cell's paint: `none` as an attribute (the finished maze is plain), but
 * white within an animation's values, on the white page: Chromium drops an
 * <animate> of fill with a `none` among its values, and then paints every
 * such cell black for the whole loop. */
#define NO_PAINT_ANIMATED "#ffffff"
static void colour_text(char *buf, uint32_t c, bool animated)
{
    if (c != MEIRO_NO_COLOUR) snprintf(buf, 16, "#%06x", c);
    else snprintf(buf, 16, "%s", animated ? NO_PAINT_ANIMATED : "none");
}

/* keyTimes and values of one item's history, from its base state. */
static void write_timeline(FILE *out, const change *ch, size_t n, const double *times, double total,
                           const char *attr, const char *first, bool colour)
{
    fprintf(out,
            "<animate attributeName=\"%s\" calcMode=\"discrete\" dur=\"%.2fs\" "
            "repeatCount=\"indefinite\" keyTimes=\"0",
            attr, total);
    for (size_t k = 0; k < n; k++) fprintf(out, ";%.4f", times[ch[k].frame] / total);
    fprintf(out, "\" values=\"%s", first);
    for (size_t k = 0; k < n; k++) {
        char v[16];
        if (colour) colour_text(v, ch[k].value, true);
        else snprintf(v, sizeof v, "%s", ch[k].value ? "hidden" : "visible");
        fprintf(out, ";%s", v);
    }
    fputs("\"/>", out);
}

/* Refuses a grid too large to animate, before anything is made. */
static meiro_status size_check(const meiro_trace *trace, meiro_error *err)
{
    uint32_t w, h;
    if (!meiro_trace_grid(trace, &w, &h) || (uint64_t)w * h <= MEIRO_ANIMATE_MAX_CELLS)
        return MEIRO_OK;
    return fail(err, MEIRO_ERROR_TOO_BIG,
                "a %lu x %lu maze is too large to animate: animations are made of mazes of up "
                "to %u cells (500 x 500)",
                (unsigned long)w, (unsigned long)h, MEIRO_ANIMATE_MAX_CELLS);
}

/* What the animation is made of: every cell's colour and every wall's
 * state as the player showed them, each change and its frame. */
typedef struct recording {
    uint32_t *colour; /* as last seen */
    uint8_t *walls;   /* CELL_OPEN_* as last seen */
    double *times;    /* when frame f starts */
    changes cc, wc;
    size_t gen_frames;
} recording;

/* Plays the trace, noting every change and when; false when out of memory. */
static bool record(meiro_player *p, recording *r)
{
    const meiro_maze *m = meiro_player_maze(p);
    uint32_t width = m->w;
    size_t cells = (size_t)width * m->h;
    r->colour = alloc_array(cells, sizeof *r->colour);
    r->walls = alloc_array(cells, 1);
    if (r->walls) memcpy(r->walls, m->cells, cells);
    r->times = alloc_array(meiro_player_frames(p) + 2, sizeof *r->times);
    bool ok = r->colour && r->walls && r->times;
    for (size_t i = 0; ok && i < cells; i++) r->colour[i] = MEIRO_NO_COLOUR;
    while (ok && meiro_player_next(p)) {
        uint32_t f = (uint32_t)meiro_player_frame(p);
        if (!meiro_player_solving(p)) r->gen_frames = f;
        for (size_t i = 0; ok && i < cells; i++) {
            uint32_t x = (uint32_t)(i % width), y = (uint32_t)(i / width);
            uint32_t c = meiro_player_colour(p, x, y);
            if (meiro_player_on_path(p, x, y)) c = PATH_COLOUR;
            if (c != r->colour[i]) ok = add_change(&r->cc, (uint32_t)i, f, c), r->colour[i] = c;
            uint8_t now = m->cells[i] & CELL_BITS;
            for (unsigned bit = CELL_OPEN_E; ok && bit <= CELL_OPEN_S; bit <<= 1)
                if ((now ^ r->walls[i]) & bit)
                    ok = add_change(&r->wc, (uint32_t)(i * 2 + (bit == CELL_OPEN_S)), f,
                                    (now & bit) != 0);
            r->walls[i] = now;
        }
    }
    return ok;
}

/* Frame f starts at times[f]: generation, then solving, then a pause;
 * returns the whole loop's length. */
static double frame_times(recording *r, size_t frames)
{
    size_t gen_frames = r->gen_frames, solve_frames = frames - gen_frames;
    double gen_step = gen_frames ? GEN_SECONDS / gen_frames : 0;
    double solve_step = solve_frames ? SOLVE_SECONDS / solve_frames : 0;
    for (size_t f = 0; f <= frames; f++)
        r->times[f] = f <= gen_frames ? (f ? (f - 1) * gen_step : 0)
                                      : gen_frames * gen_step + (f - gen_frames - 1) * solve_step;
    return (frames ? r->times[frames] : 0) + HOLD_SECONDS + (solve_frames ? solve_step : gen_step);
}

/* The cells: base "none" (the finished maze is plain), but the path;
 * crisp edges, or a viewer scaling by a fraction of a pixel blends each
 * square's edge with the white below, a faint line between neighbours. */
static void write_cells(FILE *out, const recording *r, uint32_t width, double total)
{
    double u = CELL_UNITS;
    fputs("<g stroke=\"none\" shape-rendering=\"crispEdges\">\n", out);
    for (size_t k = 0; k < r->cc.count;) {
        size_t n = 1;
        while (k + n < r->cc.count && r->cc.items[k + n].item == r->cc.items[k].item) n++;
        uint32_t i = r->cc.items[k].item;
        char base[16];
        colour_text(base, r->colour[i] == PATH_COLOUR ? PATH_COLOUR : MEIRO_NO_COLOUR, false);
        fprintf(out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"%s\">",
                (i % width + 1) * u, (i / width + 1) * u, u, u, base);
        write_timeline(out, &r->cc.items[k], n, r->times, total, "fill", NO_PAINT_ANIMATED, true);
        fputs("</rect>\n", out);
        k += n;
    }
}

/* The walls: those that never change as one path, the others each with
 * its history (base: as they end). */
static void write_walls(FILE *out, const meiro_maze *m, const recording *r, double total)
{
    double u = CELL_UNITS;
    uint32_t width = m->w, height = m->h;
    fputs(
        "</g>\n<g stroke=\"#000000\" stroke-width=\"1.6\" stroke-linecap=\"square\" fill=\"none\">\n",
        out);
    fputs("<path d=\"", out);
    for (uint32_t y = 0; y <= height; y++)
        for (uint32_t x = 0; x < width; x++)
            if (maze_wall_above(m, x, y) &&
                !(y > 0 && y < height &&
                  wall_changed(&r->wc, (uint32_t)cell_index(m, x, y - 1) * 2 + 1)))
                fprintf(out, "M%.0f %.0fh%.0f", (x + 1) * u, (y + 1) * u, u);
    for (uint32_t x = 0; x <= width; x++)
        for (uint32_t y = 0; y < height; y++)
            if (maze_wall_left(m, x, y) &&
                !(x > 0 && x < width &&
                  wall_changed(&r->wc, (uint32_t)cell_index(m, x - 1, y) * 2)))
                fprintf(out, "M%.0f %.0fv%.0f", (x + 1) * u, (y + 1) * u, u);
    fputs("\"/>\n", out);
    for (size_t k = 0; k < r->wc.count;) {
        size_t n = 1;
        while (k + n < r->wc.count && r->wc.items[k + n].item == r->wc.items[k].item) n++;
        uint32_t w = r->wc.items[k].item, i = w / 2;
        bool south = w & 1;
        double x = (i % width + 1) * u, y = (i / width + 1) * u;
        /* before its first change a wall was the opposite of that change */
        const char *first = r->wc.items[k].value ? "visible" : "hidden";
        bool open_at_end = r->wc.items[k + n - 1].value;
        fprintf(out, "<path d=\"M%.0f %.0f%c%.0f\" visibility=\"%s\">", south ? x : x + u,
                south ? y + u : y, south ? 'h' : 'v', u, open_at_end ? "hidden" : "visible");
        write_timeline(out, &r->wc.items[k], n, r->times, total, "visibility", first, false);
        fputs("</path>\n", out);
        k += n;
    }
    fputs("</g>\n", out);
}

/* S and G, on white plates as on printed pages, and the end. */
static void write_marks(FILE *out, const meiro_maze *m)
{
    double u = CELL_UNITS, fs = u * 0.7, side = u * 0.56;
    const meiro_cell ends[2] = {m->start, m->goal};
    for (int e = 0; e < 2; e++)
        fprintf(
            out,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" fill=\"#ffffff\"/>\n",
            (ends[e].x + 1.5) * u - side / 2, (ends[e].y + 1.5) * u - side / 2, side, side,
            side / 5);
    fprintf(out,
            "<g font-family=\"DejaVu Sans, sans-serif\" font-weight=\"bold\" font-size=\"%.1f\" "
            "text-anchor=\"middle\" fill=\"#000000\">\n"
            "<text x=\"%.1f\" y=\"%.1f\">S</text><text x=\"%.1f\" y=\"%.1f\">G</text>\n</g>\n"
            "</svg>\n",
            fs, (m->start.x + 1.5) * u, (m->start.y + 1.5) * u + fs * 0.36, (m->goal.x + 1.5) * u,
            (m->goal.y + 1.5) * u + fs * 0.36);
}

static meiro_status animate_svg_unlocalized(const meiro_trace *trace, const meiro_maze *initial,
                                            FILE *out, meiro_error *err)
{
    meiro_error own;
    if (!err) err = &own; /* the status comes from the message's owner */
    recording r = {0};
    meiro_status s = size_check(trace, err);
    if (s != MEIRO_OK) return s;
    meiro_player *p = meiro_player_new(trace, initial, SVG_FRAMES, err);
    if (!p) return err->status;
    const meiro_maze *m = meiro_player_maze(p);
    uint32_t width = m->w, height = m->h;
    if (!record(p, &r)) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for the animation");
        goto done;
    }
    double total = frame_times(&r, meiro_player_frames(p));
    if (r.cc.count > 1) qsort(r.cc.items, r.cc.count, sizeof *r.cc.items, by_item);
    if (r.wc.count > 1) qsort(r.wc.items, r.wc.count, sizeof *r.wc.items, by_item);
    double u = CELL_UNITS;
    double vw = (width + 2) * u, vh = (height + 2) * u;
    double px =
        fmax(SVG_MIN_CELL_PX,
             fmin(SVG_CELL_PX, floor(SVG_MAX_PX / ((width > height ? width : height) + 2.0))));
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n"
            "<title>meiro %s: %lu x %lu maze, step by step</title>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            (width + 2) * px, (height + 2) * px, vw, vh, MEIRO_VERSION, (unsigned long)width,
            (unsigned long)height);
    write_cells(out, &r, width, total);
    write_walls(out, m, &r, total);
    write_marks(out, m);
    int e = ferror(out) ? stream_error(out) : 0;
    if (e) s = fail(err, MEIRO_ERROR_IO, "write error: %s", strerror(e));
done:
    meiro_player_free(p);
    free(r.colour), free(r.walls), free(r.times), free(r.cc.items), free(r.wc.items);
    return s;
}

/* Numbers read and written in the "C" locale (core/numbers.h). */
meiro_status render_animate_svg(const meiro_trace *trace, const meiro_maze *initial, FILE *out,
                                meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_status r = animate_svg_unlocalized(trace, initial, out, err);
    c_numbers_end(&n);
    return r;
}

/* One frame: cell colours, the path's cells, then walls and marks. */
static void draw_frame(cairo_t *cr, canvas *cv, const meiro_player *p, const page_layout *L,
                       const maze_marks *marks)
{
    const meiro_maze *m = meiro_player_maze(p);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    for (uint32_t y = 0; y < m->h; y++) {
        for (uint32_t x = 0; x < m->w; x++) {
            uint32_t c = meiro_player_on_path(p, x, y) ? PATH_COLOUR : meiro_player_colour(p, x, y);
            if (c == MEIRO_NO_COLOUR) continue;
            cairo_set_source_rgb(cr, (c >> 16) / 255.0, ((c >> 8) & 255) / 255.0,
                                 (c & 255) / 255.0);
            cairo_rectangle(cr, L->maze_x + x * L->cell, L->maze_y + y * L->cell, L->cell, L->cell);
            cairo_fill(cr);
        }
    }
    draw_maze(cv, m, NULL, L, marks, 1.0, LAYER_ALL);
    if (L->cell < 20) return;
    /* big cells: the numbers a solver gave them, as the DFS/BFS article printed them */
    canvas_set_colour(cv, 0.25, 0.25, 0.3);
    for (uint32_t y = 0; y < m->h; y++) {
        for (uint32_t x = 0; x < m->w; x++) {
            uint32_t v = meiro_player_value(p, x, y);
            meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
            if (v == UINT32_MAX || (x == s.x && y == s.y) || (x == g.x && y == g.y)) continue;
            char num[16];
            snprintf(num, sizeof num, "%u", v);
            double size = L->cell * (v < 100 ? 0.42 : v < 1000 ? 0.32 : 0.25);
            draw_text(cv, ROLE_TEXT, num, FONT_FAMILY, L->maze_x + (x + 0.5) * L->cell,
                      L->maze_y + (y + 0.5) * L->cell + size * 0.36, size, false, 0);
        }
    }
}

typedef struct svg_job {
    const meiro_trace *trace;
    const meiro_maze *initial;
} svg_job;

static meiro_status write_svg_job(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    (void)temp_dir;
    const svg_job *j = ctx;
    return render_animate_svg(j->trace, j->initial, out, err);
}

meiro_status render_animate_svg_save(const meiro_trace *trace, const meiro_maze *initial,
                                     const char *filename, meiro_error *err)
{
    svg_job job = {trace, initial};
    meiro_status s = size_check(trace, err); /* before a file is made */
    return s == MEIRO_OK ? save_atomically(filename, write_svg_job, &job, err) : s;
}

/* A new folder for the frames: next to `dir` if that does not exist yet
 * (renamed to it at the end), else inside it (the frames then moved up). */
static meiro_status frames_temp_dir(const char *dir, bool exists, char **temp, meiro_error *err)
{
    char *target = malloc(strlen(dir) + 8);
    if (!target) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    sprintf(target, exists ? "%s/frames" : "%s", dir);
    size_t n = strlen(target);
    while (!exists && n > 1 && target[n - 1] == '/') target[--n] = 0; /* "out/" names "out" */
    meiro_status s = fail(err, MEIRO_ERROR_IO, "cannot make a temporary folder for the frames");
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        *temp = temp_name_next_to(target, attempt);
        if (!*temp) {
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            break;
        }
        if (mkdir(*temp, 0777) == 0) {
            s = MEIRO_OK;
            break;
        }
        int e = errno;
        free(*temp);
        *temp = NULL;
        if (e != EEXIST) {
            s = fail(err, MEIRO_ERROR_IO, "cannot make a folder for the frames: %s", strerror(e));
            break;
        }
    }
    free(target);
    return s;
}

/* Moves the finished frames from `temp` to `dir`: the folder at once when
 * `dir` is new, else frame by frame, and then removes the frames of an
 * earlier, longer run that follow (frame-N+1.png on): the folder holds
 * this animation, and nothing else of the folder is touched. */
static meiro_status frames_into_place(const char *temp, const char *dir, size_t frames,
                                      meiro_error *err)
{
    if (rename(temp, dir) == 0) return MEIRO_OK;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return fail(err, MEIRO_ERROR_IO, "cannot make the folder: %s", strerror(errno));
    char *from = malloc(strlen(temp) + 32), *to = malloc(strlen(dir) + 32);
    meiro_status s = from && to ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t f = 1; f <= frames && s == MEIRO_OK; f++) {
        sprintf(from, "%s/frame-%05zu.png", temp, f);
        sprintf(to, "%s/frame-%05zu.png", dir, f);
        if (rename(from, to) != 0)
            s = fail(err, MEIRO_ERROR_IO, "cannot move frame %zu into place: %s", f,
                     strerror(errno));
    }
    for (size_t f = frames + 1; s == MEIRO_OK; f++) {
        sprintf(to, "%s/frame-%05zu.png", dir, f);
        if (unlink(to) != 0) break;
    }
    free(from);
    free(to);
    if (s == MEIRO_OK) rmdir(temp);
    return s;
}

/* Removes the frames written into `temp`, and the folder. */
static void remove_frames(const char *temp, size_t frames, char *path)
{
    for (size_t f = 1; path && f <= frames; f++) {
        sprintf(path, "%s/frame-%05zu.png", temp, f);
        unlink(path);
    }
    rmdir(temp);
}

/* The frames are written into a temporary folder and put in place only
 * when all are written, so a failure leaves none behind (and says how many
 * were written before it). */
meiro_status render_animate_frames(const meiro_trace *trace, const meiro_maze *initial,
                                   const char *dir, unsigned frames, meiro_error *err)
{
    meiro_error own;
    if (!err) err = &own;
    /* size first: a failure makes no folder */
    meiro_status checked = size_check(trace, err);
    if (checked != MEIRO_OK) return checked;
    struct stat st;
    bool exists = stat(dir, &st) == 0;
    if (exists && !S_ISDIR(st.st_mode))
        return fail(err, MEIRO_ERROR_IO, "not a folder: frames go into a folder");
    meiro_player *p = meiro_player_new(trace, initial, frames, err);
    if (!p) return err->status;
    char *temp = NULL;
    meiro_status s = frames_temp_dir(dir, exists, &temp, err);
    if (s != MEIRO_OK) {
        meiro_player_free(p);
        return s;
    }
    temp_entry *tracked = temp_track(temp, true);
    uint32_t width = meiro_player_maze(p)->w, height = meiro_player_maze(p)->h;
    /* cells of 4 to 48 pixels, the picture at most 1280 wide, even sizes
     * (video encoders want them) */
    double cell = fmax(4, fmin(48, floor(1280.0 / (width + 2))));
    page_layout L = {0};
    L.cell = cell;
    L.line = fmax(1, round(cell / 8));
    L.maze_x = L.maze_y = cell;
    L.maze_w = cell * width;
    L.maze_h = cell * height;
    L.mark_size = cell * 0.6;
    int pw = (int)(cell * (width + 2)), ph = (int)(cell * (height + 2));
    pw += pw & 1;
    ph += ph & 1;
    maze_marks marks = {"S", "G", FONT_FAMILY, NULL, NULL, false, false};
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory for a frame");
    char *path = alloc_array(strlen(temp) + 32, 1);
    if (s == MEIRO_OK && !path) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    size_t written = 0, total = meiro_player_frames(p);
    /* one description for every frame, its buffers kept from one to the
     * next (a frame's items go to its cairo context as they are made) */
    scene frame_scene;
    scene_init(&frame_scene, pw, ph, NULL);
    while (s == MEIRO_OK && meiro_player_next(p)) {
        cairo_t *cr = cairo_create(surface);
        frame_scene.sink = scene_cairo_sink(cr);
        canvas cv;
        canvas_init(&cv, &frame_scene);
        canvas_view(&cv, cr);
        draw_frame(cr, &cv, p, &L, &marks);
        s = canvas_status(&cv, err);
        canvas_free(&cv);
        cairo_destroy(cr);
        if (s != MEIRO_OK) break;
        size_t f = meiro_player_frame(p);
        sprintf(path, "%s/frame-%05zu.png", temp, f);
        temp_frames_written(tracked, f); /* before: a half-written one goes too */
        meiro_error why;
        if (frame_write_png(surface, path, &why) != MEIRO_OK)
            s = fail(err, why.status, "cannot write frame %zu of %zu: %s (%zu written, none kept)",
                     f, total, why.message, written);
        else written = f;
    }
    scene_free(&frame_scene);
    if (s == MEIRO_OK) s = frames_into_place(temp, dir, written, err);
    if (s != MEIRO_OK) remove_frames(temp, written + 1, path);
    temp_untrack(tracked);
    free(path);
    free(temp);
    cairo_surface_destroy(surface);
    meiro_player_free(p);
    return s;
}
