/* The machines' files read back with readers written here from the
 * formats' specifications (G-code: RS274/NGC's words as GRBL takes them;
 * DXF R12: group codes and values in pairs, LINE, POLYLINE, VERTEX,
 * SEQEND), re-drawn and compared with the maze's walls taken from the
 * model (core/grid.h's sides): every wall covered, nothing drawn off a
 * wall but S and G's marks, no segment drawn twice by a plotter, the
 * pen-up travel shorter than before ordering over many seeds, the
 * laser's outlines measured off the walls (the kerf), the corridors'
 * centre-lines the maze's passages in the fewest strokes. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "core/grid.h"
#include "page/fab.h"
#include "page/layout.h"
#include "page/plot.h"

#include <math.h>

static char dir[64];

/* ---- Segments ---- */

typedef struct seg {
    double x0, y0, x1, y1;
    int layer;   /* 0: cut (or a plotter's pen), 1: engrave */
    size_t side; /* the model's: the cell side it is (a side of an arc is in pieces) */
} seg;

typedef struct segs {
    seg *v;
    size_t n, cap;
    size_t strokes[2];    /* polylines and lines (pen-downs) by layer */
    size_t open_outlines; /* DXF outlines not closed */
} segs;

static void push(segs *s, double x0, double y0, double x1, double y1, int layer)
{
    if (x0 == x1 && y0 == y1) return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = (seg){x0, y0, x1, y1, layer, 0};
}

static double point_seg(double px, double py, const seg *s)
{
    double dx = s->x1 - s->x0, dy = s->y1 - s->y0, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((px - s->x0) * dx + (py - s->y0) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(px - (s->x0 + t * dx), py - (s->y0 + t * dy));
}

/* The segment of s near (px, py) other than `skip`, running along it
 * (not across): a segment drawn twice, or overlapping another. */
static bool along_another(const segs *s, size_t skip)
{
    const seg *a = &s->v[skip];
    double px = (a->x0 + a->x1) / 2, py = (a->y0 + a->y1) / 2;
    double ax = a->x1 - a->x0, ay = a->y1 - a->y0, la = hypot(ax, ay);
    for (size_t i = 0; i < s->n; i++) {
        const seg *b = &s->v[i];
        if (i == skip || point_seg(px, py, b) > 1e-3) continue;
        double bx = b->x1 - b->x0, by = b->y1 - b->y0, lb = hypot(bx, by);
        if (fabs(ax * by - ay * bx) < 1e-3 * la * lb) return true;
    }
    return false;
}

/* The nearest of s's segments of `layer` (-1: any) to (px, py), except
 * segment `skip`. */
static double nearest(const segs *s, int layer, double px, double py, size_t skip)
{
    double best = HUGE_VAL;
    for (size_t i = 0; i < s->n; i++)
        if (i != skip && (layer < 0 || s->v[i].layer == layer))
            best = fmin(best, point_seg(px, py, &s->v[i]));
    return best;
}

static void bounds(const segs *s, int layer, double b[4])
{
    b[0] = b[1] = HUGE_VAL, b[2] = b[3] = -HUGE_VAL;
    for (size_t i = 0; i < s->n; i++) {
        if (layer >= 0 && s->v[i].layer != layer) continue;
        const seg *g = &s->v[i];
        b[0] = fmin(b[0], fmin(g->x0, g->x1)), b[2] = fmax(b[2], fmax(g->x0, g->x1));
        b[1] = fmin(b[1], fmin(g->y0, g->y1)), b[3] = fmax(b[3], fmax(g->y0, g->y1));
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* ---- G-code (RS274/NGC, as GRBL takes it) ---- */

typedef struct gcode {
    segs drawn;
    double travel;                  /* pen-up XY moves, from the origin */
    double said_after, said_before; /* the header's */
    bool mm, absolute, ended, servo;
    size_t pauses;   /* M0: a pen changed */
    size_t pen_said; /* "; pen N of M: ..." comments */
    size_t pause_at; /* drawn.n at the first pause */
    char why[160];   /* what was not G-code as written */
} gcode;

/* Reads a program: words of a letter and a number, comments after ';'
 * or in parentheses; G0 (rapid) and G1 (feed) move to X Y Z, G4 dwells,
 * G21 millimetres, G90 absolute, M3 and M5 a servo's pen down and up, M0
 * a pause to change the pen (refused with the pen down), M2 the end. The pen draws when it is down: Z at 0 or below, or after M3.
 * A rapid move with the pen down is refused (it would draw at speed). */
static bool read_gcode(const char *text, gcode *g)
{
    *g = (gcode){0};
    double x = 0, y = 0, z = 5;
    bool down = false, was_down = false;
    int motion = -1;
    const char *said = strstr(text, "pen-up travel ");
    if (said)
        sscanf(said, "pen-up travel %lf mm (%lf mm before ordering", &g->said_after,
               &g->said_before);
    for (const char *line = text; *line;
         line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line)) {
        size_t len = strcspn(line, "\n;");
        if (!strncmp(line, "; pen ", 6) && line[6] >= '1' && line[6] <= '9') g->pen_said++;
        double nx = x, ny = y, nz = z;
        bool moved = false;
        for (size_t i = 0; i < len;) {
            char c = line[i];
            if (c == ' ' || c == '\r' || c == '\t') {
                i++;
                continue;
            }
            if (c == '(') {
                while (i < len && line[i] != ')') i++;
                i++;
                continue;
            }
            char *end;
            double v = strtod(line + i + 1, &end);
            if (!strchr("GMXYZFPS", c) || end == line + i + 1) {
                snprintf(g->why, sizeof g->why, "not a word: %.20s", line + i);
                return false;
            }
            i = (size_t)(end - line);
            if (c == 'G') {
                int code = (int)v;
                if (code == 0 || code == 1) motion = code;
                else if (code == 21) g->mm = true;
                else if (code == 90) g->absolute = true;
                else if (code != 4) {
                    snprintf(g->why, sizeof g->why, "G%d", code);
                    return false;
                }
            } else if (c == 'M') {
                if (v == 3) down = true, g->servo = true;
                else if (v == 5) down = false;
                else if (v == 2) g->ended = true;
                else if (v == 0 && !down && !g->pauses++) g->pause_at = g->drawn.n;
                else {
                    snprintf(g->why, sizeof g->why, "M%g", v);
                    return false;
                }
            } else if (c == 'X') nx = v, moved = true;
            else if (c == 'Y') ny = v, moved = true;
            else if (c == 'Z') nz = v, moved = true;
        }
        if (!moved) {
            if (down && !was_down) g->drawn.strokes[0]++; /* a servo's pen down */
            was_down = down;
            continue;
        }
        if (motion < 0 || !g->mm || !g->absolute) {
            snprintf(g->why, sizeof g->why, "a move before G0/G1, G21 and G90");
            return false;
        }
        if (nz != z) down = nz <= 0;
        if (nx != x || ny != y) {
            if (down && motion == 0) {
                snprintf(g->why, sizeof g->why, "a rapid move with the pen down");
                return false;
            }
            if (down) push(&g->drawn, x, y, nx, ny, 0);
            else g->travel += hypot(nx - x, ny - y);
        }
        if (nz != z && down) g->drawn.strokes[0]++;
        x = nx, y = ny, z = nz;
        was_down = down;
    }
    return g->mm && g->absolute && g->ended;
}

/* ---- DXF R12 ---- */

/* Reads the ENTITIES of a DXF: LINE (layer 8, from 10/20 to 11/21),
 * POLYLINE (layer 8, flag 70 bit 1: closed) with its VERTEXes (10/20) to
 * SEQEND; the layer CUT is 0, ENGRAVE 1. The header must say AC1009 and
 * millimetres ($INSUNITS 4). */
static bool read_dxf(const char *text, segs *s, char *why, size_t size)
{
    *s = (segs){0};
    bool r12 = false, mm = false, in_entities = false;
    const char *p = text;
    char code[16], value[256], entity[32] = "";
    int layer = -1, flags = 0;
    double x = 0, y = 0, x1 = 0, y1 = 0, fx = 0, fy = 0, px = 0, py = 0;
    size_t vertices = 0;
    char prev_var[32] = "";
    for (;;) {
        int n = 0;
        if (sscanf(p, " %15[^\n]\n%n", code, &n) != 1) break;
        p += n;
        size_t vl = strcspn(p, "\n");
        if (vl >= sizeof value) vl = sizeof value - 1;
        memcpy(value, p, vl);
        value[vl] = 0;
        while (vl && (value[vl - 1] == '\r' || value[vl - 1] == ' ')) value[--vl] = 0;
        p += strcspn(p, "\n");
        if (*p) p++;
        int c = atoi(code);
        const char *v = value;
        while (*v == ' ') v++;
        if (c == 9) snprintf(prev_var, sizeof prev_var, "%.30s", v);
        if (c == 1 && !strcmp(prev_var, "$ACADVER")) r12 = !strcmp(v, "AC1009");
        if (c == 70 && !strcmp(prev_var, "$INSUNITS")) mm = atoi(v) == 4, prev_var[0] = 0;
        if (c == 0) {
            /* the entity just read ends */
            if (!strcmp(entity, "LINE")) {
                push(s, x, y, x1, y1, layer);
                s->strokes[layer == 1]++;
            } else if (!strcmp(entity, "VERTEX")) {
                if (vertices++ == 0) fx = x, fy = y;
                else push(s, px, py, x, y, layer);
                px = x, py = y;
            }
            if (!strcmp(v, "SEQEND")) {
                if (flags & 1) push(s, px, py, fx, fy, layer);
                else if (vertices > 2 && (px != fx || py != fy)) s->open_outlines++;
                s->strokes[layer == 1]++;
            }
            if (!strcmp(v, "POLYLINE")) vertices = 0;
            if (!strcmp(v, "ENDSEC")) in_entities = false;
            snprintf(entity, sizeof entity, "%.30s", v);
            if (in_entities && strcmp(v, "LINE") && strcmp(v, "POLYLINE") && strcmp(v, "VERTEX") &&
                strcmp(v, "SEQEND") && strcmp(v, "ENDSEC")) {
                snprintf(why, size, "an entity R12's LINE and POLYLINE do not make: %.40s", v);
                return false;
            }
            continue;
        }
        if (c == 2 && !strcmp(entity, "SECTION")) in_entities = !strcmp(v, "ENTITIES");
        if (!in_entities) continue;
        if (c == 8) {
            if (strcmp(v, "CUT") && strcmp(v, "ENGRAVE")) {
                snprintf(why, size, "layer %.40s", v);
                return false;
            }
            layer = !strcmp(v, "ENGRAVE");
        }
        if (c == 70 && !strcmp(entity, "POLYLINE")) flags = atoi(v);
        if (c == 10) x = atof(v);
        if (c == 20) y = atof(v);
        if (c == 11) x1 = atof(v);
        if (c == 21) y1 = atof(v);
    }
    if (!r12 || !mm) snprintf(why, size, "no AC1009 or no millimetres");
    return r12 && mm;
}

/* ---- The maze's own lines, from the model ---- */

/* The walls of m in grid units, y down (an arc in pieces of 1/64 of its
 * angle), or (centres) the passages between the cells' centres. */
static void maze_lines(const meiro_maze *m, bool centres, segs *out)
{
    *out = (segs){0};
    size_t n = grid_total(m);
    for (size_t id = 0; id < n; id++)
        for (unsigned k = 0; k < grid_sides(m, id); k++) {
            size_t next = grid_neighbour(m, id, k);
            bool open = grid_open(m, id, k) && next != GRID_NONE;
            if (centres) {
                if (!open || next < id) continue;
                double ax, ay, bx, by;
                grid_centre(m, id, &ax, &ay);
                grid_centre(m, next, &bx, &by);
                push(out, ax, ay, bx, by, 0);
                continue;
            }
            if (open || (next != GRID_NONE && next < id)) continue;
            grid_side_shape sh;
            grid_side(m, id, k, &sh);
            size_t first = out->n;
            if (!sh.arc) push(out, sh.x0, sh.y0, sh.x1, sh.y1, 0);
            for (int i = 0; sh.arc && i < 64; i++) {
                double a = sh.a0 + (sh.a1 - sh.a0) * i / 64,
                       b = sh.a0 + (sh.a1 - sh.a0) * (i + 1) / 64;
                push(out, sh.cx + sh.r * cos(a), sh.cy + sh.r * sin(a), sh.cx + sh.r * cos(b),
                     sh.cy + sh.r * sin(b), 0);
            }
            for (size_t i = first; i < out->n; i++) out->v[i].side = id * GRID_MAX_SIDES + k;
        }
}

/* The model's lines placed as the file's: its bounding box on the drawn
 * layer's (machine y up); false when their shapes differ. */
static bool place_model(segs *model, const segs *drawn, int layer)
{
    double mb[4], db[4];
    bounds(model, -1, mb);
    bounds(drawn, layer, db);
    double sx = (db[2] - db[0]) / (mb[2] - mb[0]), sy = (db[3] - db[1]) / (mb[3] - mb[1]);
    if (!(fabs(sx - sy) < 1e-3 * sx)) return false;
    for (size_t i = 0; i < model->n; i++) {
        seg *g = &model->v[i];
        *g = (seg){db[0] + (g->x0 - mb[0]) * sx,
                   db[3] - (g->y0 - mb[1]) * sx,
                   db[0] + (g->x1 - mb[0]) * sx,
                   db[3] - (g->y1 - mb[1]) * sx,
                   0,
                   g->side};
    }
    return true;
}

/* Every model line covered by drawn ones of `layer` (within tol, sampled),
 * all but `doors` of them (S and G's doors in the outer wall); every
 * drawn one on a model line, or within `mark` mm of S or G's centre
 * (their marks: marks_at, machine coordinates). */
static void compare(const char *what, const segs *model, const segs *drawn, int layer, double tol,
                    unsigned doors, const double marks_at[2][2], double mark, verdict *covered,
                    verdict *on)
{
    unsigned missed = 0;
    size_t last = SIZE_MAX; /* the last side missed: an arc's pieces are one side */
    for (size_t i = 0; i < model->n; i++) {
        const seg *g = &model->v[i];
        bool all = true;
        for (double t = 0.1; t < 1; t += 0.2)
            all &= nearest(drawn, layer, g->x0 + t * (g->x1 - g->x0), g->y0 + t * (g->y1 - g->y0),
                           SIZE_MAX) < tol;
        if (!all && g->side != last) missed++, last = g->side;
    }
    verdict_note(covered, missed <= doors, "%s: %u sides of the walls not drawn", what, missed);
    for (size_t i = 0; i < drawn->n; i++) {
        const seg *g = &drawn->v[i];
        if (layer >= 0 && g->layer != layer) continue;
        for (double t = 0.25; t < 1; t += 0.25) {
            double px = g->x0 + t * (g->x1 - g->x0), py = g->y0 + t * (g->y1 - g->y0);
            bool at_mark = marks_at && (hypot(px - marks_at[0][0], py - marks_at[0][1]) < mark ||
                                        hypot(px - marks_at[1][0], py - marks_at[1][1]) < mark);
            double d = nearest(model, -1, px, py, SIZE_MAX);
            if (!verdict_note(on, d < tol || at_mark,
                              "%s: (%.3f, %.3f) drawn %.3f mm off the walls", what, px, py, d))
                return;
        }
    }
}

/* ---- Writing through the library ---- */

static meiro_maze *maze_of(meiro_grid grid, uint32_t w, uint32_t h, uint64_t seed)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.grid = grid, o.width = w, o.height = h, o.seed = seed;
    return meiro_generate(&o, NULL);
}

typedef struct machine_job {
    meiro_print print;
    bool paths, servo, cut_lines;
    long long kerf_um;
} machine_job;

/* The maze saved for the machine, with its answer drawn when `solution`. */
static meiro_status save_drawn(const meiro_maze *m, meiro_format f, const machine_job *mj,
                               bool solution, const char *path, meiro_error *err)
{
    meiro_job *job = meiro_job_new();
    meiro_export_options *page = meiro_job_page(job);
    page->print = mj->print;
    meiro_status s = meiro_job_set_int(job, MEIRO_JOB_DRAW_PATHS, mj->paths, err);
    if (s == MEIRO_OK) s = meiro_job_set_int(job, MEIRO_JOB_PEN_SERVO, mj->servo, err);
    if (s == MEIRO_OK) s = meiro_job_set_int(job, MEIRO_JOB_CUT_LINES, mj->cut_lines, err);
    if (s == MEIRO_OK) s = meiro_job_set_int(job, MEIRO_JOB_KERF_UM, mj->kerf_um, err);
    meiro_path way = {0};
    if (s == MEIRO_OK && solution) {
        s = meiro_job_set_int(job, MEIRO_JOB_SOLUTION, 1, err);
        if (s == MEIRO_OK) s = meiro_solve(m, "bfs", &way, err);
    }
    if (s == MEIRO_OK) s = meiro_job_save(job, m, way.cells ? &way : NULL, f, page, path, err);
    meiro_path_free(&way);
    meiro_job_free(job);
    return s;
}

static meiro_status save(const meiro_maze *m, meiro_format f, const machine_job *mj,
                         const char *path, meiro_error *err)
{
    return save_drawn(m, f, mj, false, path, err);
}

static const meiro_grid grids[] = {MEIRO_GRID_RECT, MEIRO_GRID_POLAR, MEIRO_GRID_HEX,
                                   MEIRO_GRID_TRIANGLE};
static const char *const grid_names[] = {"rect", "polar", "hex", "triangle"};

/* S and G's centres where the drawn lines place the model. */
static void marks_where(const meiro_maze *m, const segs *drawn, int layer, double at[2][2],
                        double *unit)
{
    segs walls;
    maze_lines(m, false, &walls);
    double mb[4], db[4];
    bounds(&walls, -1, mb);
    bounds(drawn, layer, db);
    *unit = (db[2] - db[0]) / (mb[2] - mb[0]);
    for (int k = 0; k < 2; k++) {
        double ux, uy;
        grid_centre(m, grid_id(m, k ? m->goal : m->start), &ux, &uy);
        at[k][0] = db[0] + (ux - mb[0]) * *unit;
        at[k][1] = db[3] - (uy - mb[1]) * *unit;
    }
    free(walls.v);
}

/* ---- The cases ---- */

/* A plotter's G-code: every wall drawn, nothing but walls and S and G's
 * marks, no segment twice, the header's travel the program's. */
static void test_gcode_walls(void)
{
    verdict read = {0}, covered = {0}, on = {0}, once = {0}, travel = {0};
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++)
        for (int servo = 0; servo < 2; servo++) {
            meiro_maze *m = maze_of(grids[gi], 9, 7, 40 + gi);
            char path[128];
            snprintf(path, sizeof path, "%s/%s.gcode", dir, grid_names[gi]);
            machine_job mj = {MEIRO_PRINT_PLOTTER, false, servo, false, 0};
            meiro_error err = {0};
            CHECK_MSG(save(m, MEIRO_FORMAT_GCODE, &mj, path, &err) == MEIRO_OK, "%s", err.message);
            char *text = slurp(path);
            gcode g;
            bool ok = text && read_gcode(text, &g);
            verdict_note(&read, ok && g.servo == servo, "%s: %s", grid_names[gi], g.why);
            segs model;
            maze_lines(m, false, &model);
            double at[2][2], unit;
            marks_where(m, &g.drawn, -1, at, &unit);
            /* S and G's plates may widen the drawing's box: placed by the walls alone */
            verdict_note(&read, place_model(&model, &g.drawn, -1) || grids[gi] == MEIRO_GRID_RECT,
                         "%s: the drawing is not the maze's shape", grid_names[gi]);
            /* a mark stays in its cell, a corridor across (the polar centre's two) */
            double room =
                grid_cell_units(grids[gi]) * (grids[gi] == MEIRO_GRID_POLAR ? 1.05 : 0.55);
            compare(grid_names[gi], &model, &g.drawn, -1, 0.02, 2, (const double(*)[2])at,
                    room * unit, &covered, &on);
            /* no segment twice: no segment's middle on another drawn segment */
            bool twice = false;
            for (size_t i = 0; i < g.drawn.n && !twice; i++) {
                const seg *s = &g.drawn.v[i];
                twice = along_another(&g.drawn, i);
                if (twice)
                    verdict_note(&once, false, "%s: (%.3f, %.3f) drawn twice", grid_names[gi],
                                 (s->x0 + s->x1) / 2, (s->y0 + s->y1) / 2);
            }
            if (!twice) verdict_note(&once, true, "-");
            verdict_note(&travel,
                         fabs(g.travel - g.said_after) < 0.05 * (double)(g.drawn.strokes[0] + 1),
                         "%s: the program travels %.2f mm, its header says %.2f", grid_names[gi],
                         g.travel, g.said_after);
            free(text);
            free(g.drawn.v);
            free(model.v);
            meiro_maze_free(m);
        }
    CHECK_ALL(read);
    CHECK_ALL(covered);
    CHECK_ALL(on);
    CHECK_ALL(once);
    CHECK_ALL(travel);
}

/* The pen-up travel after ordering against the order drawn, over many
 * seeds and every grid: always shorter, and by a third at least in all. */
static void test_travel(void)
{
    verdict shorter = {0};
    double before = 0, after = 0;
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            meiro_maze *m =
                maze_of(grids[gi], 8 + (uint32_t)seed % 5, 6 + (uint32_t)seed % 4, seed);
            char path[128];
            snprintf(path, sizeof path, "%s/travel.gcode", dir);
            machine_job mj = {MEIRO_PRINT_PLOTTER, seed % 2 == 0, false, false, 0};
            meiro_error err = {0};
            meiro_status s = save(m, MEIRO_FORMAT_GCODE, &mj, path, &err);
            char *text = slurp(path);
            gcode g;
            bool ok = s == MEIRO_OK && text && read_gcode(text, &g);
            verdict_note(
                &shorter, ok && g.said_after < g.said_before && fabs(g.travel - g.said_after) < 1,
                "%s seed %llu: travel %.1f, before %.1f, in the program %.1f", grid_names[gi],
                (unsigned long long)seed, g.said_after, g.said_before, g.travel);
            before += g.said_before, after += g.said_after;
            free(text);
            free(g.drawn.v);
            meiro_maze_free(m);
        }
    CHECK_ALL(shorter);
    CHECK_MSG(after < before * 2 / 3, "travel %.0f mm after, %.0f before", after, before);
}

/* A plotter's pens, with the answer drawn: one change (M0, pen up) from
 * the walls' black (or the centre-lines') to the answer's violet, each
 * named in a comment, no answer stroke on a wall; HP-GL selects pen 1 then pen 2, once each; the
 * travel still shorter than the order drawn. */
static void test_pens(void)
{
    verdict pens = {0}, apart = {0}, hpgl = {0};
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++) {
        meiro_maze *m = maze_of(grids[gi], 9, 7, 90 + gi);
        char path[128];
        snprintf(path, sizeof path, "%s/pens.gcode", dir);
        machine_job mj = {MEIRO_PRINT_PLOTTER, gi == 3, false, false, 0};
        meiro_error err = {0};
        CHECK_MSG(save_drawn(m, MEIRO_FORMAT_GCODE, &mj, true, path, &err) == MEIRO_OK, "%s",
                  err.message);
        char *text = slurp(path);
        gcode g;
        bool ok = text && read_gcode(text, &g);
        verdict_note(&pens,
                     ok && g.pauses == 1 && g.pen_said == 2 &&
                         strstr(text, "; pen 2 of 2: violet (#a048e0), for the answer\nM0\n") &&
                         g.said_after < g.said_before,
                     "%s: %s; %zu pauses, %zu pens named, travel %.1f (%.1f before)",
                     grid_names[gi], g.why, g.pauses, g.pen_said, g.said_after, g.said_before);
        bool on_wall = false; /* on centre-lines (--draw paths) the answer runs along them */
        for (size_t i = g.pause_at; ok && !mj.paths && i < g.drawn.n && !on_wall; i++) {
            segs walls = {g.drawn.v, g.pause_at, g.pause_at, {0}, 0};
            const seg *a = &g.drawn.v[i];
            on_wall =
                nearest(&walls, -1, (a->x0 + a->x1) / 2, (a->y0 + a->y1) / 2, SIZE_MAX) < 1e-3;
        }
        verdict_note(&apart, ok && g.pause_at > 0 && g.pause_at < g.drawn.n && !on_wall,
                     "%s: the answer's %zu segments after the walls' %zu%s", grid_names[gi],
                     g.drawn.n - g.pause_at, g.pause_at, on_wall ? ", one on a wall" : "");
        free(text);
        free(g.drawn.v);
        snprintf(path, sizeof path, "%s/pens.hpgl", dir);
        CHECK_MSG(save_drawn(m, MEIRO_FORMAT_HPGL, &mj, true, path, &err) == MEIRO_OK, "%s",
                  err.message);
        text = slurp(path);
        size_t sp[3] = {0};
        for (const char *at = text; at && (at = strstr(at, "SP")); at += 2)
            if (at[2] >= '0' && at[2] <= '2') sp[at[2] - '0']++;
        verdict_note(&hpgl, text && sp[0] == 1 && sp[1] == 1 && sp[2] == 1,
                     "%s: SP0 %zu, SP1 %zu, SP2 %zu times", grid_names[gi], sp[0], sp[1], sp[2]);
        free(text);
        meiro_maze_free(m);
    }
    CHECK_ALL(pens);
    CHECK_ALL(apart);
    CHECK_ALL(hpgl);
}

/* A laser's DXF with the walls as cut lines: the walls, on CUT; S and G
 * on ENGRAVE. */
static void test_dxf_lines(void)
{
    verdict read = {0}, covered = {0}, on = {0};
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++) {
        meiro_maze *m = maze_of(grids[gi], 9, 7, 70 + gi);
        char path[128], why[160] = "";
        snprintf(path, sizeof path, "%s/%s.dxf", dir, grid_names[gi]);
        machine_job mj = {MEIRO_PRINT_LASER, false, false, true, 0};
        meiro_error err = {0};
        CHECK_MSG(save(m, MEIRO_FORMAT_DXF, &mj, path, &err) == MEIRO_OK, "%s", err.message);
        char *text = slurp(path);
        segs d;
        bool ok = text && read_dxf(text, &d, why, sizeof why);
        size_t engraved = 0;
        for (size_t i = 0; i < d.n; i++) engraved += d.v[i].layer == 1;
        verdict_note(&read, ok && engraved > 0, "%s: %s", grid_names[gi], why);
        segs model;
        maze_lines(m, false, &model);
        verdict_note(&read, place_model(&model, &d, 0), "%s: not the maze's shape", grid_names[gi]);
        compare(grid_names[gi], &model, &d, 0, 0.02, 2, NULL, 0, &covered, &on);
        free(text);
        free(d.v);
        free(model.v);
        meiro_maze_free(m);
    }
    CHECK_ALL(read);
    CHECK_ALL(covered);
    CHECK_ALL(on);
}

/* The stroke width of a page description's walls. */
static double walls_width(const char *page)
{
    const char *w = page ? strstr(page, "\"role\": \"walls\"") : NULL;
    w = w ? strstr(w, "\"width\": ") : NULL;
    return w ? atof(w + 9) : 0;
}

/* The kerf measured: the outlines' sides each h off the walls' centre-
 * lines (the cut lines' file, placed on it by S and G's engraved marks,
 * the same in both), h half the walls' width on the page, and half the
 * kerf more with a kerf. */
static void test_kerf(void)
{
    verdict closed = {0}, off = {0}, kerf = {0};
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++) {
        meiro_maze *m = maze_of(grids[gi], 7, 5, 90 + gi);
        segs lines, outl[2];
        char path[128], why[160];
        snprintf(path, sizeof path, "%s/lines.page", dir);
        machine_job mj = {MEIRO_PRINT_NONE, false, false, false, 0};
        save(m, MEIRO_FORMAT_PAGE, &mj, path, NULL);
        char *text = slurp(path);
        double width = walls_width(text);
        free(text);
        snprintf(path, sizeof path, "%s/lines.dxf", dir);
        mj = (machine_job){MEIRO_PRINT_LASER, false, false, true, 0};
        save(m, MEIRO_FORMAT_DXF, &mj, path, NULL);
        text = slurp(path);
        read_dxf(text ? text : "", &lines, why, sizeof why);
        free(text);
        double le[4], h[2] = {0, 0};
        bounds(&lines, 1, le);
        for (int k = 0; k < 2; k++) {
            machine_job o = {MEIRO_PRINT_LASER, false, false, false, k ? 150 : 0};
            snprintf(path, sizeof path, "%s/outlines%d.dxf", dir, k);
            meiro_error err = {0};
            CHECK_MSG(save(m, MEIRO_FORMAT_DXF, &o, path, &err) == MEIRO_OK, "%s", err.message);
            text = slurp(path);
            bool ok = text && read_dxf(text, &outl[k], why, sizeof why);
            free(text);
            verdict_note(&closed, ok && outl[k].open_outlines == 0 && outl[k].n > lines.n,
                         "%s: %zu outlines not closed", grid_names[gi], outl[k].open_outlines);
            double oe[4];
            bounds(&outl[k], 1, oe);
            double dx = oe[0] - le[0], dy = oe[1] - le[1];
            /* every side's middle as far off the walls: h */
            double lo = HUGE_VAL, hi = 0;
            for (size_t i = 0; i < outl[k].n; i++) {
                const seg *s = &outl[k].v[i];
                if (s->layer != 0) continue;
                double d = nearest(&lines, 0, (s->x0 + s->x1) / 2 - dx, (s->y0 + s->y1) / 2 - dy,
                                   SIZE_MAX);
                lo = fmin(lo, d), hi = fmax(hi, d);
            }
            h[k] = (lo + hi) / 2;
            verdict_note(&off, hi - lo < 0.015 && fabs(h[k] - width / 2 - (k ? 0.075 : 0)) < 0.01,
                         "%s kerf %d: sides %.4f to %.4f mm off the walls of %.4f mm",
                         grid_names[gi], k ? 150 : 0, lo, hi, width);
            free(outl[k].v);
        }
        verdict_note(&kerf, fabs(h[1] - h[0] - 0.075) < 2e-3, "%s: h %.4f then %.4f with 0.15 mm",
                     grid_names[gi], h[0], h[1]);
        free(lines.v);
        meiro_maze_free(m);
    }
    CHECK_ALL(closed);
    CHECK_ALL(off);
    CHECK_ALL(kerf);
}

/* The joints of s's lines of `layer` where an odd number of them meet
 * (ends to a micrometre). */
static size_t odd_joints(const segs *s, int layer)
{
    size_t n = 0, cap = 2 * s->n + 1, odd = 0;
    long long(*pt)[2] = malloc(cap * sizeof *pt);
    for (size_t i = 0; i < s->n; i++) {
        if (s->v[i].layer != layer) continue;
        pt[n][0] = llround(s->v[i].x0 * 1e3), pt[n++][1] = llround(s->v[i].y0 * 1e3);
        pt[n][0] = llround(s->v[i].x1 * 1e3), pt[n++][1] = llround(s->v[i].y1 * 1e3);
    }
    for (size_t i = 0; i < n; i++) { /* a few hundred: counted pairwise, each joint once */
        size_t same = 0, before = 0;
        for (size_t k = 0; k < n; k++)
            if (pt[k][0] == pt[i][0] && pt[k][1] == pt[i][1]) same++, before += k < i;
        odd += before == 0 && same % 2;
    }
    free(pt);
    return odd;
}

/* --draw paths: the centre-lines are the maze's passages (each once,
 * none else), in the fewest strokes that draw each once: half the joints
 * where an odd number of lines meet (a tree cannot be drawn in one stroke
 * without drawing some lines twice); the page description has corridors
 * and no walls. */
static void test_paths(void)
{
    verdict covered = {0}, on = {0}, strokes = {0}, page = {0};
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++) {
        meiro_maze *m = maze_of(grids[gi], 9, 7, 110 + gi);
        char path[128], why[160];
        snprintf(path, sizeof path, "%s/paths.dxf", dir);
        machine_job mj = {MEIRO_PRINT_LASER, true, false, true, 0};
        meiro_error err = {0};
        CHECK_MSG(save(m, MEIRO_FORMAT_DXF, &mj, path, &err) == MEIRO_OK, "%s", err.message);
        char *text = slurp(path);
        segs d;
        read_dxf(text ? text : "", &d, why, sizeof why);
        free(text);
        size_t odd = odd_joints(&d, 0);
        if (grids[gi] != MEIRO_GRID_POLAR) { /* a polar maze's keep to the rings: not straight */
            segs model;
            maze_lines(m, true, &model);
            CHECK(place_model(&model, &d, 0));
            compare(grid_names[gi], &model, &d, 0, 0.02, 0, NULL, 0, &covered, &on);
            free(model.v);
        }
        verdict_note(&strokes, odd > 0 && d.strokes[0] == odd / 2,
                     "%s: %zu strokes for %zu joints of odd degree", grid_names[gi], d.strokes[0],
                     odd);
        free(d.v);
        snprintf(path, sizeof path, "%s/paths.page", dir);
        mj.print = MEIRO_PRINT_NONE, mj.cut_lines = false;
        CHECK_MSG(save(m, MEIRO_FORMAT_PAGE, &mj, path, &err) == MEIRO_OK, "%s", err.message);
        text = slurp(path);
        verdict_note(&page,
                     text && strstr(text, "\"role\": \"corridors\"") &&
                         !strstr(text, "\"role\": \"walls\""),
                     "%s: the page has no corridors, or walls", grid_names[gi]);
        free(text);
        meiro_maze_free(m);
    }
    CHECK_ALL(covered);
    CHECK_ALL(on);
    CHECK_ALL(strokes);
    CHECK_ALL(page);
}

/* What cannot go together is refused, and nothing is written. */
/* The page's clips as a machine sees them: a shape's outline cut where
 * the page cuts it (the doors of S and G, bridges), so the doors stay open
 * on a plotter's or laser's sheet: a line through a hole drawn as the two
 * pieces outside it, a closed loop through one no longer closed, a clip
 * that is not a page less rectangles ignored. */
static void test_clips(void)
{
    plot p;
    plot_init(&p);
    scene_sink sink = plot_sink(&p);
    scene sc;
    scene_init(&sc, 100, 100, &sink);
    scene_paint ink = scene_stroke((scene_rgb){0, 0, 0}, 0.5, CAP_BUTT, JOIN_ROUND);
    scene_clip(&sc, ROLE_OUTLINE, true); /* the page but [4, 6] x [4, 6] */
    scene_move(&sc, -1000, -1000), scene_line(&sc, 1000, -1000), scene_line(&sc, 1000, 1000);
    scene_line(&sc, -1000, 1000), scene_close(&sc);
    scene_move(&sc, 4, 4), scene_line(&sc, 6, 4), scene_line(&sc, 6, 6), scene_line(&sc, 4, 6);
    scene_close(&sc);
    scene_end(&sc);
    scene_path(&sc, ROLE_OUTLINE, &ink); /* across the hole */
    scene_move(&sc, 0, 5), scene_line(&sc, 10, 5);
    scene_end(&sc);
    scene_path(&sc, ROLE_OUTLINE, &ink); /* a square loop through it */
    scene_move(&sc, 5, 1), scene_line(&sc, 9, 1), scene_line(&sc, 9, 9), scene_line(&sc, 5, 9);
    scene_close(&sc);
    scene_end(&sc);
    scene_unclip(&sc, ROLE_OUTLINE);
    scene_path(&sc, ROLE_OUTLINE, &ink); /* after the clip: whole */
    scene_move(&sc, 0, 5.5), scene_line(&sc, 10, 5.5);
    scene_end(&sc);
    CHECK(scene_status(&sc, NULL) == MEIRO_OK && !p.failed);
    /* lines: (0,5)-(4,5), (6,5)-(10,5); the loop from (5,1) round to (5,6)
     * and its piece (5,4)-(5,1) (not closed); the last whole */
    CHECK_INT(p.line_count, 5);
    double inside = 0;
    size_t closed = 0;
    for (size_t i = 0; i < p.line_count; i++) {
        const plot_line *l = &p.lines[i];
        closed += l->closed;
        for (size_t k = 0; k + 1 < l->count; k++) {
            const double *a = p.points[l->first + k], *b = p.points[l->first + k + 1];
            double mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
            if (mx > 4 && mx < 6 && my > 4 && my < 6 && my != 5.5)
                inside += hypot(b[0] - a[0], b[1] - a[1]);
        }
    }
    CHECK_MSG(inside == 0, "%.2f mm drawn inside the clip's hole", inside);
    CHECK_INT(closed, 0);
    const plot_line *first = &p.lines[0];
    CHECK(first->count == 2 && p.points[first->first + 1][0] == 4);
    const plot_line *last = &p.lines[p.line_count - 1];
    CHECK(last->count == 2 && p.points[last->first][0] == 0 && p.points[last->first + 1][0] == 10);
    scene_free(&sc);
    plot_free(&p);
}

static void test_refused(void)
{
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, 6, 5, 3);
    char path[128];
    snprintf(path, sizeof path, "%s/refused.out", dir);
    const struct {
        meiro_format f;
        machine_job mj;
        const char *says;
    } bad[] = {
        {MEIRO_FORMAT_PDF, {MEIRO_PRINT_PLOTTER, false, false, false, 0}, "--print plotter"},
        {MEIRO_FORMAT_GCODE, {MEIRO_PRINT_LASER, false, false, false, 0}, "--print laser"},
        {MEIRO_FORMAT_DXF, {MEIRO_PRINT_PLOTTER, false, false, false, 0}, "--print plotter"},
        {MEIRO_FORMAT_GCODE, {MEIRO_PRINT_KDP, false, false, false, 0}, "print service"},
        {MEIRO_FORMAT_GCODE, {MEIRO_PRINT_PLOTTER, false, false, false, 150}, "--kerf"},
        {MEIRO_FORMAT_DXF, {MEIRO_PRINT_LASER, false, false, true, 150}, "--cut lines"},
        {MEIRO_FORMAT_DXF, {MEIRO_PRINT_LASER, false, true, false, 0}, "--pen servo"},
        {MEIRO_FORMAT_XLSX, {MEIRO_PRINT_NONE, true, false, false, 0}, "--draw paths"},
    };
    for (size_t i = 0; i < TEST_COUNT(bad); i++) {
        remove(path);
        meiro_error err = {0};
        meiro_status s = save(m, bad[i].f, &bad[i].mj, path, &err);
        CHECK_MSG(s == MEIRO_ERROR_ARGUMENT && strstr(err.message, bad[i].says) &&
                      !test_exists(path),
                  "case %zu: status %d, '%s'", i, (int)s, err.message);
    }
    meiro_error err = {0};
    for (int k = 0; k < 2; k++) { /* a kerf below 0 or past the most */
        machine_job mj = {MEIRO_PRINT_LASER, false, false, false, k ? MEIRO_KERF_MAX_UM + 1 : -1};
        remove(path);
        CHECK(save(m, MEIRO_FORMAT_DXF, &mj, path, &err) == MEIRO_ERROR_ARGUMENT &&
              strstr(err.message, "out of range") && !test_exists(path));
    }
    meiro_job *job = meiro_job_new();
    CHECK(meiro_job_set_int(job, MEIRO_JOB_CUT_COLOUR, 0x1000000, &err) == MEIRO_ERROR_ARGUMENT);
    meiro_job_free(job);
    /* a weave's crossings and a mission's marks are not a machine's */
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 8, o.height = 6, o.weave = 30, o.seed = 4;
    meiro_maze *w = meiro_generate(&o, NULL);
    machine_job mj = {MEIRO_PRINT_PLOTTER, false, false, false, 0};
    CHECK(w && save(w, MEIRO_FORMAT_GCODE, &mj, path, &err) == MEIRO_ERROR_ARGUMENT);
    mj = (machine_job){MEIRO_PRINT_NONE, true, false, false, 0};
    CHECK(w && save(w, MEIRO_FORMAT_PDF, &mj, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "--weave"));
    meiro_maze_free(w);
    meiro_maze_free(m);
}

/* ---- Preflight: the files read back and measured (page/fab.h) ---- */

/* The walls of m that touch no other wall joined to the border: the
 * model's own count of a cut sheet's islands (its wall segments joined at
 * their ends, union-find; a component with a point on the border box
 * holds on). */
static size_t model_islands(const meiro_maze *m)
{
    segs w;
    maze_lines(m, false, &w);
    size_t n = 2 * w.n, *up = malloc((n + 1) * sizeof *up);
    double(*pt)[2] = malloc((n + 1) * sizeof *pt);
    for (size_t i = 0; i < w.n; i++) {
        pt[2 * i][0] = w.v[i].x0, pt[2 * i][1] = w.v[i].y0;
        pt[2 * i + 1][0] = w.v[i].x1, pt[2 * i + 1][1] = w.v[i].y1;
    }
    for (size_t i = 0; i < n; i++) up[i] = i;
#define ROOT(i) for (; up[i] != i; i = up[i] = up[up[i]])
    for (size_t i = 0; i < n;
         i++) { /* a segment's ends, and points that coincide (quadratic: small mazes) */
        for (size_t j = 0; j < i; j++) {
            if ((j / 2 != i / 2) &&
                (fabs(pt[i][0] - pt[j][0]) > 1e-6 || fabs(pt[i][1] - pt[j][1]) > 1e-6))
                continue;
            size_t a = i, b = j;
            ROOT(a);
            ROOT(b);
            up[a] = b;
        }
    }
    double box[4];
    bounds(&w, -1, box);
    unsigned char *held = calloc(n + 1, 1), *seen = calloc(n + 1, 1);
    for (size_t i = 0; i < n; i++) {
        size_t r = i;
        ROOT(r);
        if (fabs(pt[i][0] - box[0]) < 1e-6 || fabs(pt[i][0] - box[2]) < 1e-6 ||
            fabs(pt[i][1] - box[1]) < 1e-6 || fabs(pt[i][1] - box[3]) < 1e-6)
            held[r] = 1;
    }
    size_t islands = 0;
    for (size_t i = 0; i < n; i++) {
        size_t r = i;
        ROOT(r);
        if (!held[r] && !seen[r]) islands++;
        seen[r] = 1;
    }
#undef ROOT
    free(held), free(seen), free(up), free(pt), free(w.v);
    return islands;
}

/* A laser's DXF of a braided maze read back (fab_read_dxf), its pieces
 * counted (fab_islands): the islands of the model's walls, on rect and
 * hex mazes over many seeds, some with islands and all placed on a cut
 * outline; a perfect maze's walls one piece. */
static void test_islands(void)
{
    verdict count = {0};
    size_t total = 0;
    for (size_t gi = 0; gi < 3; gi += 2)
        for (uint64_t seed = 1; seed <= 8; seed++) {
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.grid = grids[gi], o.width = 9, o.height = 7, o.seed = seed;
            o.loops = seed == 8 ? 0 : 60;
            meiro_maze *m = meiro_generate(&o, NULL);
            char path[128];
            snprintf(path, sizeof path, "%s/islands.dxf", dir);
            machine_job mj = {MEIRO_PRINT_LASER, false, false, false, 150};
            meiro_error err = {0};
            CHECK_MSG(m && save(m, MEIRO_FORMAT_DXF, &mj, path, &err) == MEIRO_OK, "%s",
                      err.message);
            char *text = slurp(path);
            plot p;
            plot_init(&p);
            meiro_status st = fab_read_dxf(text, strlen(text), &p, &err);
            size_t islands = 0, want = model_islands(m);
            double at[40][2];
            if (st == MEIRO_OK) CHECK(fab_islands(&p, PLOT_CUT, &islands, at, 40));
            bool placed = true;
            for (size_t i = 0; i < islands && i < 40; i++) {
                bool on = false;
                for (size_t l = 0; l < p.line_count && !on; l++)
                    for (size_t k = 0; k < p.lines[l].count && !on; k++)
                        on = p.lines[l].layer == PLOT_CUT && p.lines[l].closed &&
                             p.points[p.lines[l].first + k][0] == at[i][0] &&
                             p.points[p.lines[l].first + k][1] == at[i][1];
                placed &= on;
            }
            verdict_note(&count, st == MEIRO_OK && islands == want && placed,
                         "%s seed %llu: %zu islands read, the model's walls have %zu (%s)",
                         grid_names[gi], (unsigned long long)seed, islands, want, err.message);
            total += islands;
            plot_free(&p);
            free(text);
            meiro_maze_free(m);
        }
    CHECK_ALL(count);
    CHECK_MSG(total > 0, "no braided maze had an island");
}

/* The readers refuse what is not their format, at its line and column,
 * with a message. */
static void test_readers_refuse(void)
{
    static const struct {
        int reader; /* 0 G-code, 1 HP-GL, 2 DXF, 3 SVG */
        const char *text;
        unsigned long line, column;
        const char *says;
    } bad[] = {
        {0, "G21\nG90\nG0 X1 Q2\n", 3, 7, "not a G-code word"},
        {0, "G21\nG1 X\n", 2, 4, "without its number"},
        {0, "G21\n(a comment\n", 2, 1, "without its ')'"},
        {0, "G21\nG2 X1 Y1 I1\n", 2, 1, "arcs"},
        {0, "G21\nX1 Y1\n", 2, 1, "before G0 or G1"},
        {0, "G21\nG0 X1e9\n", 2, 6, "not a G-code word"},
        {0, "M7\n", 1, 1, "M7 is not read"},
        {1, "IN;SP1;PD10,20,30;", 1, 8, "an x without its y"},
        {1, "IN;\nSP1;LB hello;", 2, 5, "LB is not read"},
        {1, "IN;PD1,-;", 1, 8, "PD: not a number"},
        {2, "  0\nSECTION\nfoo\nENTITIES\n", 3, 1, "a group code"},
        {2, "  0\nSECTION\n  2\nENTITIES\n  0\nLINE\n 10\nabc\n", 8, 1, "a number"},
        {2, "  0\nSECTION\n  2\nENTITIES\n  0\nCIRCLE\n  0\nEOF\n", 5, 1, "CIRCLE"},
        {2, "  0\nSECTION\n  2\nENTITIES\n  0\nPOLYLINE\n 70\n1\n  0\nLINE\n", 9, 1, "no SEQEND"},
        {2, "  0\nSECTION\n  2\nENTITIES\n  0\nENDSEC\n", 6, 1, "without its 0 EOF"},
        {2, "  0\nSECTION\n  2\nENTITIES\n  0\n", 6, 1, "without its value"},
        {3, "<html>\n<svg>", 1, 1, "not an SVG"},
        {3, "<svg width=\"10mm\">", 1, 1, "a width and a height"},
        {3, "<svg width=\"10mm\" height=\"5mm\">\n <path style=\"stroke:red\" d=\"M 1 2 L 3\"/>", 2,
         39, "a path's number"},
        {3, "<svg width=\"10mm\" height=\"5mm\">\n<g transform=\"skewX(3)\">", 2, 15,
         "a transform meiro does not read"},
        {3, "<svg width=\"1in\" height=\"1in\"><path stroke=\"red\" d=\"M0 0A1 1 0 2 1 3 3\"/>", 1,
         58, "flags are 0 or 1"},
        {3, "<svg width=\"1in\" height=\"1in\"><circle r=\"3\" stroke=\"red\"/>", 1, 31,
         "other than a path"},
    };
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(bad); i++) {
        plot p;
        plot_init(&p);
        meiro_error err = {0};
        const char *t = bad[i].text;
        meiro_status s = bad[i].reader == 0   ? fab_read_gcode(t, strlen(t), &p, &err)
                         : bad[i].reader == 1 ? fab_read_hpgl(t, strlen(t), &p, &err)
                         : bad[i].reader == 2 ? fab_read_dxf(t, strlen(t), &p, &err)
                                              : fab_read_svg(t, strlen(t), &p, &err);
        verdict_note(&v,
                     s == MEIRO_ERROR_PARSE && err.line == bad[i].line &&
                         err.column == bad[i].column && strstr(err.message, bad[i].says),
                     "input %zu: status %d at %lu:%lu, '%s' (wanted %lu:%lu '%s')", i, (int)s,
                     err.line, err.column, err.message, bad[i].line, bad[i].column, bad[i].says);
        plot_free(&p);
    }
    CHECK_ALL(v);
}

/* The readers against the writers: a plotter's G-code and HP-GL and a
 * laser's DXF read back as the strokes drawn (fab's readers' lengths and
 * pens the test's own G-code reader's, the DXF's outlines closed), every
 * grid; preflight's rules pass on meiro's files (a pen of 0.3 mm, walls
 * of 0.5 mm) and fail on a pen wider than the corridors. */
static void test_read_back(void)
{
    verdict same = {0}, rules = {0};
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++) {
        meiro_maze *m = maze_of(grids[gi], 9, 7, 50 + gi);
        char gpath[128], hpath[128], dpath[128];
        snprintf(gpath, sizeof gpath, "%s/back.gcode", dir);
        snprintf(hpath, sizeof hpath, "%s/back.hpgl", dir);
        snprintf(dpath, sizeof dpath, "%s/back.dxf", dir);
        machine_job plotter = {MEIRO_PRINT_PLOTTER, false, false, false, 0};
        machine_job laser = {MEIRO_PRINT_LASER, false, false, false, 0};
        meiro_error err = {0};
        CHECK(save_drawn(m, MEIRO_FORMAT_GCODE, &plotter, true, gpath, &err) == MEIRO_OK);
        CHECK(save_drawn(m, MEIRO_FORMAT_HPGL, &plotter, true, hpath, &err) == MEIRO_OK);
        CHECK(save(m, MEIRO_FORMAT_DXF, &laser, dpath, &err) == MEIRO_OK);
        char *gtext = slurp(gpath), *htext = slurp(hpath), *dtext = slurp(dpath);
        gcode g;
        bool ok = gtext && read_gcode(gtext, &g);
        double drawn = 0;
        for (size_t i = 0; ok && i < g.drawn.n; i++)
            drawn += hypot(g.drawn.v[i].x1 - g.drawn.v[i].x0, g.drawn.v[i].y1 - g.drawn.v[i].y0);
        plot pg, ph, pd;
        plot_init(&pg), plot_init(&ph), plot_init(&pd);
        ok = ok && fab_read_gcode(gtext, strlen(gtext), &pg, &err) == MEIRO_OK &&
             fab_read_hpgl(htext, strlen(htext), &ph, &err) == MEIRO_OK &&
             fab_read_dxf(dtext, strlen(dtext), &pd, &err) == MEIRO_OK;
        double len[2] = {0};
        unsigned pens[2] = {0};
        const plot *both[2] = {&pg, &ph};
        for (int f = 0; f < 2; f++)
            for (size_t i = 0; i < both[f]->line_count; i++) {
                const plot_line *l = &both[f]->lines[i];
                pens[f] = l->pen + 1 > pens[f] ? l->pen + 1 : pens[f];
                for (size_t k = l->first + 1; k < l->first + l->count; k++)
                    len[f] += hypot(both[f]->points[k][0] - both[f]->points[k - 1][0],
                                    both[f]->points[k][1] - both[f]->points[k - 1][1]);
            }
        size_t open = 0;
        for (size_t i = 0; i < pd.line_count; i++)
            open += pd.lines[i].layer == PLOT_CUT && !pd.lines[i].closed;
        /* HP-GL's unit is 0.025 mm: its corners within half of it */
        verdict_note(&same,
                     ok && fabs(len[0] - drawn) < 1e-6 * drawn &&
                         fabs(len[1] - drawn) < 0.02 * (double)ph.point_count && pens[0] == 2 &&
                         pens[1] == 2 && pg.line_count == g.drawn.strokes[0] && open == 0,
                     "%s: drawn %.3f, read %.3f (G-code) and %.3f (HP-GL) mm; pens %u and %u; "
                     "%zu strokes, %zu by the test's reader; %zu open outlines; %s",
                     grid_names[gi], drawn, len[0], len[1], pens[0], pens[1], pg.line_count,
                     g.drawn.strokes[0], open, err.message);
        bool pass = false, wide = true, laser_ok = false;
        CHECK(meiro_preflight_machine(gpath, MEIRO_MACHINE_PLOTTER, 0.3, 0, 0, 0, 0, NULL, NULL,
                                      &pass, &err) == MEIRO_OK);
        CHECK(meiro_preflight_machine(hpath, MEIRO_MACHINE_PLOTTER, 12, 0, 0, 0, 0, NULL, NULL,
                                      &wide, &err) == MEIRO_OK);
        CHECK(meiro_preflight_machine(dpath, MEIRO_MACHINE_LASER, 0, 0.5, 0, 0, 0, NULL, NULL,
                                      &laser_ok, &err) == MEIRO_OK);
        verdict_note(&rules, pass && !wide && laser_ok,
                     "%s: a 0.3 mm pen %s, a 12 mm pen %s, the laser %s", grid_names[gi],
                     pass ? "passed" : "failed", wide ? "passed" : "failed",
                     laser_ok ? "passed" : "failed");
        plot_free(&pg), plot_free(&ph), plot_free(&pd);
        free(g.drawn.v);
        free(gtext), free(htext), free(dtext);
        meiro_maze_free(m);
    }
    CHECK_ALL(same);
    CHECK_ALL(rules);
}

/* A page's SVG read back (cairo's paths, their transforms and arcs, the
 * svg element's millimetres): its stroked walls span what the laser's
 * DXF of the same maze cuts as lines, every grid; its stroked paths pass
 * a plotter's check. */
static void test_svg(void)
{
    verdict size = {0};
    for (size_t gi = 0; gi < TEST_COUNT(grids); gi++) {
        meiro_maze *m = maze_of(grids[gi], 9, 7, 60 + gi);
        char spath[128], dpath[128];
        snprintf(spath, sizeof spath, "%s/page.svg", dir);
        snprintf(dpath, sizeof dpath, "%s/lines.dxf", dir);
        machine_job laser = {MEIRO_PRINT_LASER, false, false, true, 0};
        meiro_error err = {0};
        CHECK(meiro_save(m, NULL, MEIRO_FORMAT_SVG, NULL, spath, &err) == MEIRO_OK);
        CHECK(save(m, MEIRO_FORMAT_DXF, &laser, dpath, &err) == MEIRO_OK);
        char *stext = slurp(spath), *dtext = slurp(dpath);
        plot ps, pd;
        plot_init(&ps), plot_init(&pd);
        bool ok = stext && dtext && fab_read_svg(stext, strlen(stext), &ps, &err) == MEIRO_OK &&
                  fab_read_dxf(dtext, strlen(dtext), &pd, &err) == MEIRO_OK;
        double b[2][4] = {{HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL},
                          {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL}};
        const plot *both[2] = {&ps, &pd};
        for (int f = 0; f < 2; f++)
            for (size_t i = 0; ok && i < both[f]->line_count; i++) {
                const plot_line *l = &both[f]->lines[i];
                if (l->layer != PLOT_CUT) continue;
                for (size_t k = l->first; k < l->first + l->count; k++) {
                    b[f][0] = fmin(b[f][0], both[f]->points[k][0]);
                    b[f][1] = fmin(b[f][1], both[f]->points[k][1]);
                    b[f][2] = fmax(b[f][2], both[f]->points[k][0]);
                    b[f][3] = fmax(b[f][3], both[f]->points[k][1]);
                }
            }
        double w[2] = {b[0][2] - b[0][0], b[1][2] - b[1][0]};
        double h[2] = {b[0][3] - b[0][1], b[1][3] - b[1][1]};
        bool pass = false;
        CHECK(meiro_preflight_machine(spath, MEIRO_MACHINE_PLOTTER, 0, 0, 0, 0, 0, NULL, NULL,
                                      &pass, &err) == MEIRO_OK);
        verdict_note(
            &size, ok && fabs(w[0] - w[1]) < 0.02 && fabs(h[0] - h[1]) < 0.02 && w[1] > 50 && pass,
            "%s: the SVG's walls %.3f x %.3f mm, the DXF's %.3f x %.3f; plotter %s; %s",
            grid_names[gi], w[0], h[0], w[1], h[1], pass ? "passed" : "failed", err.message);
        plot_free(&ps), plot_free(&pd);
        free(stext), free(dtext);
        meiro_maze_free(m);
    }
    CHECK_ALL(size);
}

/* The measurer at its edges: a narrowing near the end of two long strokes
 * found (probes along a stroke, not at its middle alone); long diagonals
 * across the plot measured with memory in their length, and a file of
 * them crossing it too many times over refused, not walked. */
static void test_measure(void)
{
    fab_segs s = {0};
    fab_width material, gap;
    meiro_error err = {0};
    /* two strokes 100 mm long, 5 mm apart at one end, 0.3 mm at the other */
    CHECK(fab_seg_add(&s, 0, 0, 100, 0, 0) && fab_seg_add(&s, 0, 5, 100, 0.3, 0));
    CHECK(fab_measure(&s, 10, 0, 1, &material, &gap, &err) == MEIRO_OK);
    CHECK_MSG(gap.least < 1 && gap.at[0] > 80 && gap.under > 0,
              "the gap's least %.3f mm at x %.1f, %zu places under 1 mm (the middle's 2.65)",
              gap.least, gap.at[0], gap.under);
    s.n = 0;
    /* 500 diagonals of a plot a metre across, 2 mm apart, a 0.5 mm reach:
     * about 1,500 buckets a side, as many a diagonal (a diagonal's box: a
     * million and more) */
    for (int i = 0; i < 500; i++) CHECK(fab_seg_add(&s, i * 2.0, 0, 1000 + i * 2.0, 1000, 0));
    CHECK_MSG(fab_measure(&s, 0.5, 0, 0.01, &material, &gap, &err) == MEIRO_OK && gap.least == HUGE_VAL,
              "500 diagonals: %s, least gap %g", err.message, gap.least);
    /* 40,000 strokes along the plot's diagonal: 160 million buckets passed */
    s.n = 0;
    for (int i = 0; i < 40000; i++) CHECK(fab_seg_add(&s, i * 1e-3, 0, 1000, 1000 - i * 1e-3, 0));
    err = (meiro_error){0};
    CHECK(fab_measure(&s, 0.05, 0, 0.01, &material, &gap, &err) == MEIRO_ERROR_TOO_BIG);
    CHECK_MSG(strstr(err.message, "too many times over"), "40,000 diagonals: %s", err.message);
    free(s.v);
}

static const test_case cases[] = {
    {"gcode-walls", test_gcode_walls},
    {"travel", test_travel},
    {"pens", test_pens},
    {"dxf-lines", test_dxf_lines},
    {"kerf", test_kerf},
    {"paths", test_paths},
    {"refused", test_refused},
    {"clips", test_clips},
    {"islands", test_islands},
    {"readers-refuse", test_readers_refuse},
    {"read-back", test_read_back},
    {"svg", test_svg},
    {"measure", test_measure},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-machine-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("machine", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
