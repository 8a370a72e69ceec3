/* Tactile sheets (--print tactile) measured against the rules they
 * promise: braille read back through liblouis, its dots at the standard
 * size and spacing, the corridors' centre-lines a reader must tell apart
 * at least 1/4 in apart and S and G at least 1/2 in across (APH), only
 * black on the page (its description, and its pixels through pdftoppm),
 * and the refusals: a maze too big for the paper names the largest that
 * fits, and that one fits. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"
#include "tools.h"

#include "compose/tactile.h"
#include "gen/tactile_levels.h"
#include "page/braille.h"
#include "page/pdfx.h"
#include "page/scene_json.h"
#include "press/qpdf_lib.h"
#include "press/qpdf_open.h"
#include "job/tactile_plate.h"
#include "solid/solid.h"

#include <ctype.h>
#include <math.h>
#include <strings.h>

#define PI 3.141592653589793

static char dir[64];

/* A file's bytes (NULL if unreadable). */
static unsigned char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long n = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL &&
        fread(buf, 1, (size_t)n, f) == (size_t)n)
        buf[n] = 0;
    else free(buf), buf = NULL;
    if (f) fclose(f);
    return buf;
}

static meiro_maze *maze_of(meiro_grid grid, uint32_t w, uint32_t h, uint64_t seed)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.grid = grid, o.width = w, o.height = h, o.seed = seed;
    return meiro_generate(&o, NULL);
}

static double cell_mm; /* --cell: 0 for the sheet's own */
static bool walls;     /* --draw walls: the walls raised, not the centre-lines */
static meiro_paper paper = MEIRO_PAPER_A4;

static meiro_status save(const meiro_maze *m, const meiro_path *answer, meiro_format f,
                         const char *lang, const char *title, const char *path, meiro_error *err)
{
    meiro_job *job = meiro_job_new();
    meiro_export_options *page = meiro_job_page(job);
    page->print = MEIRO_PRINT_TACTILE;
    page->lang = lang;
    page->title = title;
    page->cell_mm = cell_mm;
    page->paper = paper;
    meiro_status s = meiro_job_set_int(job, MEIRO_JOB_DRAW_PATHS, walls ? -1 : 0, err);
    if (s == MEIRO_OK) s = meiro_job_save(job, m, answer, f, page, path, err);
    meiro_job_free(job);
    return s;
}

/* The first page of the description at path (book freed by the caller). */
static scene *read_page(const char *path, scene_book *book)
{
    *book = (scene_book){0};
    FILE *in = fopen(path, "r");
    meiro_error err = {0};
    meiro_status s = in ? scene_json_read(in, path, book, &err) : MEIRO_ERROR_IO;
    if (in) fclose(in);
    return s == MEIRO_OK && book->count > 0 ? &book->pages[0] : NULL;
}

/* ---- Braille ---- */

/* Braille read back says the text: German braille marks no capitals, so
 * its words come back in small letters. */
static bool reads_as(const char *lang, const char *back, const char *text)
{
    return !strcmp(back, text) || (lang && !strcmp(lang, "de") && !strcasecmp(back, text));
}

/* Each language's words through its table and back; the cells are
 * Unicode braille; Japanese has no table and says so. */
static void test_braille(void)
{
    static const struct {
        const char *lang, *text;
    } words[] = {{"en", "Mazes for Anna"}, {"en", "S"},          {"de", "Irrgarten"},
                 {"es", "laberinto"},      {"fr", "labyrinthe"}, {"pt", "labirinto"}};
    verdict back = {0};
    for (size_t i = 0; i < TEST_COUNT(words); i++) {
        char dots[512], text[512];
        meiro_error err = {0};
        bool ok =
            braille_translate(words[i].lang, words[i].text, dots, sizeof dots, &err) == MEIRO_OK &&
            braille_back(words[i].lang, dots, text, sizeof text, &err) == MEIRO_OK;
        bool unicode = ok;
        for (const unsigned char *p = (const unsigned char *)dots; ok && *p; p += 3)
            unicode = unicode && p[0] == 0xE2 &&
                      (p[1] == 0xA0 || p[1] == 0xA1 || p[1] == 0xA2 || p[1] == 0xA3);
        verdict_note(&back, ok && unicode && reads_as(words[i].lang, text, words[i].text),
                     "%s '%s': '%s' read back as '%s' (%s)", words[i].lang, words[i].text, dots,
                     ok ? text : "", err.message);
    }
    CHECK_ALL(back);
    char dots[64];
    CHECK(braille_translate("en", "Mazes", dots, sizeof dots, NULL) == MEIRO_OK);
    CHECK_STR(dots, "⠠⠍⠁⠵⠑⠎"); /* capital sign, m a z e s: EBAE's */
    CHECK_INT(braille_cells(dots), 6);
    CHECK(fabs(braille_width("⠁⠃") - (BRAILLE_CELL_MM + BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM)) <
          1e-9);
    bool fallback;
    CHECK(!strcmp(braille_table("ja", &fallback), "en-us-g1.ctb") && fallback);
    CHECK(!strcmp(braille_table("de", &fallback), "de-g1.ctb") && !fallback);
    CHECK(braille_translate("en", "Mazes", dots, 4, NULL) == MEIRO_ERROR_ARGUMENT);
}

/* ---- The sheet's description ---- */

typedef struct seg {
    double x0, y0, x1, y1;
} seg;

typedef struct lines {
    seg *v;
    size_t n, cap;
    double width; /* the thinnest stroke */
} lines;

static void push(lines *l, double x0, double y0, double x1, double y1)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = (seg){x0, y0, x1, y1};
}

/* A path's steps as segments (arcs in steps of at most 3 degrees). */
static void flatten(const scene *s, const scene_item *it, lines *l)
{
    const uint8_t *ops = scene_item_ops(s, it);
    const double *p = scene_item_points(s, it);
    double x = 0, y = 0, sx = 0, sy = 0;
    for (size_t k = 0; k < it->ops; k++) {
        switch (ops[k]) {
        case SCENE_MOVE: x = sx = p[0], y = sy = p[1]; break;
        case SCENE_LINE: push(l, x, y, p[0], p[1]), x = p[0], y = p[1]; break;
        case SCENE_CURVE: push(l, x, y, p[4], p[5]), x = p[4], y = p[5]; break;
        case SCENE_ARC:
        case SCENE_ARC_BACK: {
            double a0 = p[3], a1 = p[4];
            if (ops[k] == SCENE_ARC)
                while (a1 < a0) a1 += 2 * PI;
            else
                while (a1 > a0) a1 -= 2 * PI;
            int n = (int)ceil(fabs(a1 - a0) / (PI / 60)) + 1;
            for (int j = 0; j <= n; j++) {
                double a = a0 + (a1 - a0) * j / n;
                double nx = p[0] + p[2] * cos(a), ny = p[1] + p[2] * sin(a);
                if (j > 0 || hypot(nx - x, ny - y) > 1e-9) push(l, x, y, nx, ny);
                x = nx, y = ny;
            }
            break;
        }
        case SCENE_CLOSE: push(l, x, y, sx, sy), x = sx, y = sy; break;
        default: break;
        }
        p += scene_op_numbers((scene_op)ops[k]);
    }
}

static double point_seg(double px, double py, const seg *s, double *t_out)
{
    double dx = s->x1 - s->x0, dy = s->y1 - s->y0, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((px - s->x0) * dx + (py - s->y0) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    if (t_out) *t_out = t;
    return hypot(px - (s->x0 + t * dx), py - (s->y0 + t * dy));
}

/* The least distance between two segments (they do not cross: the
 * centre-lines meet at their ends only), and where on a it is. */
static double seg_seg(const seg *a, const seg *b, double *ax, double *ay)
{
    double best = HUGE_VAL, t;
    double d;
    if ((d = point_seg(a->x0, a->y0, b, NULL)) < best) best = d, *ax = a->x0, *ay = a->y0;
    if ((d = point_seg(a->x1, a->y1, b, NULL)) < best) best = d, *ax = a->x1, *ay = a->y1;
    if ((d = point_seg(b->x0, b->y0, a, &t)) < best)
        best = d, *ax = a->x0 + t * (a->x1 - a->x0), *ay = a->y0 + t * (a->y1 - a->y0);
    if ((d = point_seg(b->x1, b->y1, a, &t)) < best)
        best = d, *ax = a->x0 + t * (a->x1 - a->x0), *ay = a->y0 + t * (a->y1 - a->y0);
    return best;
}

/* The length along the lines from a point on segment i to a point on
 * segment j (their nearest), searched out to `limit` only: a small
 * Dijkstra over the segments' ends (ends within 1e-6 mm are one). */
static double along(const lines *l, size_t i, double px, double py, size_t j, double qx, double qy,
                    double limit)
{
    enum { MAX = 4096 };
    static double dist[MAX][2];
    static bool done[MAX][2];
    size_t n = l->n < MAX ? l->n : MAX;
    for (size_t k = 0; k < n; k++)
        dist[k][0] = dist[k][1] = HUGE_VAL, done[k][0] = done[k][1] = false;
    dist[i][0] = hypot(px - l->v[i].x0, py - l->v[i].y0);
    dist[i][1] = hypot(px - l->v[i].x1, py - l->v[i].y1);
    double best = HUGE_VAL;
    for (;;) {
        size_t bk = SIZE_MAX;
        int be = 0;
        for (size_t k = 0; k < n; k++)
            for (int e = 0; e < 2; e++)
                if (!done[k][e] && dist[k][e] <= limit &&
                    (bk == SIZE_MAX || dist[k][e] < dist[bk][be]))
                    bk = k, be = e;
        if (bk == SIZE_MAX) return best;
        done[bk][be] = true;
        double d = dist[bk][be];
        const seg *s = &l->v[bk];
        double ex = be ? s->x1 : s->x0, ey = be ? s->y1 : s->y0;
        if (bk == j) best = fmin(best, d + hypot(qx - ex, qy - ey));
        /* along its own segment, and on to every segment ending here */
        double len = hypot(s->x1 - s->x0, s->y1 - s->y0);
        if (d + len < dist[bk][!be]) dist[bk][!be] = d + len;
        for (size_t k = 0; k < n; k++)
            for (int e = 0; e < 2; e++) {
                double kx = e ? l->v[k].x1 : l->v[k].x0, ky = e ? l->v[k].y1 : l->v[k].y0;
                if (fabs(kx - ex) < 1e-6 && fabs(ky - ey) < 1e-6 && d < dist[k][e]) dist[k][e] = d;
            }
    }
}

/* Segments split where another ends on them (a wall's run meets the
 * middle of another at a T; a polar maze's side wall meets a ring, which
 * flatten's chords pass within 0.05 mm of, up to 145 mm from the centre):
 * joined lines then share an end, as along follows them. */
static void split_at_joins(lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        for (size_t j = 0; j < l->n; j++)
            for (int e = 0; j != i && e < 2; e++) {
                double x = e ? l->v[j].x1 : l->v[j].x0, y = e ? l->v[j].y1 : l->v[j].y0, t;
                if (point_seg(x, y, &l->v[i], &t) > 0.05 || t < 1e-9 || t > 1 - 1e-9) continue;
                seg rest = {x, y, l->v[i].x1, l->v[i].y1};
                l->v[i].x1 = x, l->v[i].y1 = y;
                push(l, rest.x0, rest.y0, rest.x1, rest.y1);
            }
}

/* The least gap below `need` between lines a finger must tell apart (a
 * line sheet's centre-lines: 1/4 in), or pass between (a wall sheet's
 * walls: a finger's width): two places closer than that must be near
 * along the lines too (a corner or a fork, at most twice as far along them
 * as across), or they are two lines. */
static double least_gap(const lines *l, double need, char *where, size_t size)
{
    double least = HUGE_VAL;
    for (size_t i = 0; i < l->n; i++)
        for (size_t j = i + 1; j < l->n; j++) {
            double px, py, qx, qy;
            double d = seg_seg(&l->v[i], &l->v[j], &px, &py);
            if (d - l->width >= need) continue;
            seg_seg(&l->v[j], &l->v[i], &qx, &qy);
            double limit = 2.01 * d + 1e-6;
            if (along(l, i, px, py, j, qx, qy, limit) <= limit) continue;
            if (d - l->width < least) {
                least = d - l->width;
                snprintf(where, size, "(%.1f, %.1f) and (%.1f, %.1f)", px, py, qx, qy);
            }
        }
    return least;
}

static bool share_end(const seg *a, const seg *b)
{
    const double e[2][2] = {{a->x0, a->y0}, {a->x1, a->y1}},
                 f[2][2] = {{b->x0, b->y0}, {b->x1, b->y1}};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (fabs(e[i][0] - f[j][0]) < 1e-6 && fabs(e[i][1] - f[j][1]) < 1e-6) return true;
    return false;
}

/* The least gap from a symbol (its outline) to a line other than its own:
 * its own are those from its centre, followed while they are near it
 * (within the gap and a line's width of its outline). */
static double symbol_gap(const lines *shape, const lines *l)
{
    double b[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    for (size_t k = 0; k < shape->n; k++)
        b[0] = fmin(b[0], shape->v[k].x0), b[1] = fmin(b[1], shape->v[k].y0),
        b[2] = fmax(b[2], shape->v[k].x0), b[3] = fmax(b[3], shape->v[k].y0);
    double cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
    double near = hypot(b[2] - cx, b[3] - cy) + TACTILE_APART_MM + l->width;
    bool *own = calloc(l->n + 1, 1);
    size_t *stack = malloc((l->n + 1) * sizeof *stack), top = 0;
    for (size_t i = 0; i < l->n; i++)
        if (point_seg(cx, cy, &l->v[i], NULL) < 0.01) /* the centre, as its outline has it */
            own[i] = true, stack[top++] = i;
    while (top > 0) {
        const seg *at = &l->v[stack[--top]];
        for (size_t i = 0; i < l->n; i++)
            if (!own[i] && share_end(at, &l->v[i]) && point_seg(cx, cy, &l->v[i], NULL) < near)
                own[i] = true, stack[top++] = i;
    }
    double least = HUGE_VAL, x, y;
    for (size_t i = 0; i < l->n; i++)
        for (size_t k = 0; k < shape->n && !own[i]; k++)
            least = fmin(least, seg_seg(&shape->v[k], &l->v[i], &x, &y) - l->width / 2);
    free(own);
    free(stack);
    return least;
}

static bool black(scene_rgb c) { return c.r == 0 && c.g == 0 && c.b == 0; }

/* The dots of a braille item's path: each a circle of the standard size
 * on the cells' lattice from the text item's corner; as many as the
 * text's raised dots. */
static bool dots_standard(const scene *s, const scene_item *text, const scene_item *path, char *why,
                          size_t size)
{
    size_t raised = 0;
    for (const unsigned char *p = (const unsigned char *)text->text.text; *p; p += 3) {
        unsigned c = (unsigned)(p[0] & 0x0F) << 12 | (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
        for (unsigned b = c - 0x2800; b; b >>= 1) raised += b & 1;
    }
    const uint8_t *ops = scene_item_ops(s, path);
    const double *p = scene_item_points(s, path);
    size_t circles = 0;
    for (size_t k = 0; k < path->ops; p += scene_op_numbers((scene_op)ops[k]), k++) {
        if (ops[k] != SCENE_ARC) continue;
        circles++;
        double r = p[2], dx = p[0] - text->text.x - r, dy = p[1] - text->text.y - r;
        double cell = fmod(dx + 1e-6, BRAILLE_CELL_MM) - 1e-6;
        double row = dy / BRAILLE_DOT_STEP_MM;
        bool lattice = (fabs(cell) < 1e-6 || fabs(cell - BRAILLE_DOT_STEP_MM) < 1e-6) &&
                       fabs(row - round(row)) < 1e-6 && row > -1e-6 && row < 2 + 1e-6;
        if (fabs(2 * r - BRAILLE_DOT_MM) > 0.1 || fabs(p[4] - p[3] - 2 * PI) > 1e-6 || !lattice) {
            snprintf(why, size, "a dot of %g mm at (%g, %g) off the cell's lattice", 2 * r, dx, dy);
            return false;
        }
    }
    if (circles != raised) snprintf(why, size, "%zu dots for %zu raised", circles, raised);
    return circles == raised;
}

/* What a sheet is measured against, each a verdict over many sheets */
typedef struct sheet_verdicts {
    verdict roles, apart, symbols, read, dots;
    size_t beside, keyed; /* sheets with S and G labelled on the maze, in a key */
} sheet_verdicts;

/* From a box (x, y, w, h) to a point */
static double box_point(const double b[4], double x, double y)
{
    return hypot(fmax(0, fmax(b[0] - x, x - (b[0] + b[2]))),
                 fmax(0, fmax(b[1] - y, y - (b[1] + b[3]))));
}

/* The least distance from a box to the segments' centres, each walked in
 * steps of 0.1 mm */
static double box_lines(const double b[4], const lines *l)
{
    double least = HUGE_VAL;
    for (size_t i = 0; i < l->n; i++) {
        const seg *g = &l->v[i];
        int n = (int)ceil(hypot(g->x1 - g->x0, g->y1 - g->y0) / 0.1) + 1;
        for (int k = 0; k <= n; k++)
            least = fmin(least, box_point(b, g->x0 + (g->x1 - g->x0) * k / n,
                                          g->y0 + (g->y1 - g->y0) * k / n));
    }
    return least;
}

/* Guide dots (dot 5 cells) between a contents line's words and its page:
 * dots to feel along, no text to read back */
static bool guide_dots(const char *braille)
{
    for (; *braille; braille += strlen("⠐"))
        if (strncmp(braille, "⠐", strlen("⠐"))) return false;
    return true;
}

/* The braille of page s read back, in order, into texts[] (up to max;
 * guide dots left out), their dots measured into v->dots; how many. */
static size_t braille_read(const scene *s, const char *lang, const char *what, verdict *dots,
                           char texts[][64], size_t max)
{
    size_t n = 0;
    for (size_t i = 0; s && i < s->count; i++) {
        const scene_item *it = &s->items[i];
        if (it->kind != SCENE_TEXT || it->role != ROLE_BRAILLE) continue;
        char why[160] = "no path of dots";
        bool next = i + 1 < s->count && s->items[i + 1].role == ROLE_BRAILLE &&
                    s->items[i + 1].kind == SCENE_PATH;
        verdict_note(dots, next && dots_standard(s, it, &s->items[i + 1], why, sizeof why),
                     "%s: '%s': %s", what, it->text.text, why);
        if (guide_dots(it->text.text) || n == max) continue;
        texts[n][0] = 0;
        braille_back(lang, it->text.text, texts[n], sizeof texts[n], NULL);
        n++;
    }
    return n;
}

/* The sheet page s (lang its language, `what` naming it in messages,
 * `braille` its braille texts: the title, S's and G's, a booklet's page
 * number): only the sheet's roles and black; the lines apart; S and G
 * 1/2 in and more, each 1/4 in from every line but its own; the braille
 * read back and its dots at the standard size. */
static void measure_scene(const scene *s, const char *lang, const char *what, size_t braille,
                          sheet_verdicts *v)
{
    verdict_note(&v->roles, s != NULL, "%s: no page", what);
    lines l = {.width = HUGE_VAL}, ends[4] = {{0}};
    size_t starts = 0, goals = 0, texts_read = 0, labels = 0;
    double label[2][4]; /* S's and G's labels on the maze: braille and print */
    for (size_t i = 0; s && i < s->count; i++) {
        const scene_item *it = &s->items[i];
        /* the lines: the centre-lines, or a wall sheet's walls (not both) */
        const scene_role drawn = walls ? ROLE_WALLS : ROLE_CORRIDORS;
        const scene_role ok[] = {drawn,      ROLE_START, ROLE_GOAL,       ROLE_BRAILLE,
                                 ROLE_TITLE, ROLE_TEXT,  ROLE_PAGE_NUMBER};
        bool known = false;
        for (size_t k = 0; k < TEST_COUNT(ok); k++) known = known || it->role == ok[k];
        scene_rgb c = it->kind == SCENE_TEXT ? it->text.colour : it->paint.colour;
        verdict_note(&v->roles, known && it->kind != SCENE_IMAGE && black(c),
                     "%s: a %s item, colour %g %g %g", what, scene_role_name(it->role), c.r, c.g,
                     c.b);
        if (it->kind == SCENE_PATH && it->role == drawn) {
            flatten(s, it, &l);
            l.width = fmin(l.width, it->paint.width);
        }
        if (it->kind == SCENE_PATH && (it->role == ROLE_START || it->role == ROLE_GOAL)) {
            lines shape = {0};
            flatten(s, it, &shape);
            double b[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
            for (size_t k = 0; k < shape.n; k++)
                b[0] = fmin(b[0], fmin(shape.v[k].x0, shape.v[k].x1)),
                b[1] = fmin(b[1], fmin(shape.v[k].y0, shape.v[k].y1)),
                b[2] = fmax(b[2], fmax(shape.v[k].x0, shape.v[k].x1)),
                b[3] = fmax(b[3], fmax(shape.v[k].y0, shape.v[k].y1));
            verdict_note(&v->symbols, b[2] - b[0] >= 12.7 && b[3] - b[1] >= 12.7,
                         "%s: %s %.1f x %.1f mm", what, scene_role_name(it->role), b[2] - b[0],
                         b[3] - b[1]);
            /* the maze's S and G come after its lines, the key's before */
            if (l.n > 0 && starts + goals < 4) ends[starts + goals] = shape;
            else free(shape.v);
            *(it->role == ROLE_START ? &starts : &goals) += 1;
        }
        if (it->kind == SCENE_TEXT && it->role == ROLE_BRAILLE) {
            /* the print it stands for follows it: the title under it, a
             * key's word after it */
            char text[256] = "";
            braille_back(lang, it->text.text, text, sizeof text, NULL);
            const char *print = NULL;
            for (size_t k = i + 1; k < s->count && !print; k++)
                if (s->items[k].kind == SCENE_TEXT && s->items[k].role != ROLE_BRAILLE)
                    print = s->items[k].text.text;
            verdict_note(&v->read, print && reads_as(lang, text, print),
                         "%s: braille '%s' reads '%s', the print says '%s'", what, it->text.text,
                         text, print ? print : "");
            texts_read++;
            /* after the maze's lines: a label beside S or G, its braille
             * and its print */
            if (l.n > 0 && labels < 2 && print) {
                const double *a = it->text.box, *b = NULL;
                for (size_t k = i + 1; k < s->count && !b; k++)
                    if (s->items[k].kind == SCENE_TEXT && s->items[k].role != ROLE_BRAILLE)
                        b = s->items[k].text.box;
                double *u = label[labels++];
                u[0] = fmin(a[0], b[0]), u[1] = fmin(a[1], b[1]);
                u[2] = fmax(a[0] + a[2], b[0] + b[2]) - u[0];
                u[3] = fmax(a[1] + a[3], b[1] + b[3]) - u[1];
            }
            char why[160] = "no path of dots";
            bool next = i + 1 < s->count && s->items[i + 1].role == ROLE_BRAILLE &&
                        s->items[i + 1].kind == SCENE_PATH;
            verdict_note(&v->dots, next && dots_standard(s, it, &s->items[i + 1], why, sizeof why),
                         "%s: '%s': %s", what, it->text.text, why);
        }
    }
    /* S and G in a key and on the maze, or labelled on the maze alone */
    bool keyed = starts == 2 && goals == 2, beside = starts == 1 && goals == 1 && labels == 2;
    verdict_note(&v->symbols, keyed || beside, "%s: %zu S and %zu G, %zu labels on the maze", what,
                 starts, goals, labels);
    v->beside += beside, v->keyed += keyed;
    for (size_t k = 0; k < labels; k++) {
        double d = box_lines(label[k], &l) - l.width / 2, near = HUGE_VAL;
        for (int e = 0; e < 4; e++) /* the symbols' outlines */
            for (size_t j = 0; j < ends[e].n; j++)
                near = fmin(near, box_point(label[k], ends[e].v[j].x0, ends[e].v[j].y0));
        verdict_note(&v->apart, d >= TACTILE_APART_MM && near >= TACTILE_APART_MM,
                     "%s: a label %.2f mm from a line, %.2f from S or G", what, d, near);
    }
    verdict_note(&v->read, texts_read == braille, "%s: %zu braille texts", what, texts_read);
    char where[96] = "";
    split_at_joins(&l);
    double need = walls ? TACTILE_FINGER_MM : TACTILE_APART_MM;
    double gap = least_gap(&l, need, where, sizeof where);
    verdict_note(&v->apart, l.n > 0 && l.width >= TACTILE_LINE_MM && gap >= need,
                 "%s: lines %.2f mm apart at %s (%.2f wanted)", what, gap, where, need);
    for (int k = 0; k < 4; k++) {
        if (!ends[k].n) continue;
        double g = symbol_gap(&ends[k], &l);
        verdict_note(&v->apart, g >= TACTILE_APART_MM, "%s: S or G %.2f mm from a line", what, g);
        free(ends[k].v);
    }
    free(l.v);
}

/* The sheet described at path (measure_scene). */
static void measure_sheet(const char *path, const char *lang, const char *what, sheet_verdicts *v)
{
    scene_book book;
    measure_scene(read_page(path, &book), lang, what, 3, v);
    scene_book_free(&book);
}

static void check_sheets(sheet_verdicts *v)
{
    CHECK_ALL(v->roles);
    CHECK_ALL(v->apart);
    CHECK_ALL(v->symbols);
    CHECK_ALL(v->read);
    CHECK_ALL(v->dots);
}

/* Over grids, seeds and sizes: every sheet measured (measure_sheet). */
static void test_sheet(void)
{
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
    } mazes[] = {{MEIRO_GRID_RECT, 9, 10}, {MEIRO_GRID_RECT, 5, 4},     {MEIRO_GRID_RECT, 3, 8},
                 {MEIRO_GRID_HEX, 6, 6},   {MEIRO_GRID_TRIANGLE, 8, 6}, {MEIRO_GRID_POLAR, 6, 3}};
    sheet_verdicts v = {0};
    char path[128];
    snprintf(path, sizeof path, "%s/sheet.page", dir);
    for (size_t mi = 0; mi < TEST_COUNT(mazes); mi++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            meiro_maze *m = maze_of(mazes[mi].grid, mazes[mi].w, mazes[mi].h, seed);
            meiro_error err = {0};
            const char *title = seed == 2 ? "Irrgarten" : NULL, *lang = seed == 2 ? "de" : NULL;
            CHECK_MSG(m && save(m, NULL, MEIRO_FORMAT_PAGE, lang, title, path, &err) == MEIRO_OK,
                      "maze %zu seed %llu: %s", mi, (unsigned long long)seed, err.message);
            char what[80];
            snprintf(what, sizeof what, "grid %d %ux%u seed %llu", mazes[mi].grid, mazes[mi].w,
                     mazes[mi].h, (unsigned long long)seed);
            measure_sheet(path, lang, what, &v);
            meiro_maze_free(m);
        }
    /* S inside the maze, G on its side: a label beside them where the
     * lines leave room (of the maze's lines, the one side free), measured */
    for (uint64_t seed = 1; seed <= 24; seed++) {
        meiro_generate_options o;
        meiro_generate_options_init(&o);
        o.grid = seed % 3 ? MEIRO_GRID_RECT : MEIRO_GRID_HEX;
        o.width = 4 + seed % 3, o.height = 3 + seed % 3, o.seed = seed;
        o.ends = MEIRO_ENDS_CELLS;
        o.start = (meiro_cell){1 + seed % 2, 1};
        o.goal = (meiro_cell){o.width - 1, o.height - 1 - seed % 2};
        meiro_maze *m = meiro_generate(&o, NULL);
        meiro_error err = {0};
        CHECK_MSG(m && save(m, NULL, MEIRO_FORMAT_PAGE, NULL, NULL, path, &err) == MEIRO_OK,
                  "seed %llu: %s", (unsigned long long)seed, err.message);
        char what[80];
        snprintf(what, sizeof what, "S inside, seed %llu", (unsigned long long)seed);
        measure_sheet(path, NULL, what, &v);
        meiro_maze_free(m);
    }
    check_sheets(&v);
    /* labels beside S and G where they have room (small mazes), the key
     * where not (the largest on A4, polar's G in its centre) */
    CHECK_MSG(v.beside > 0 && v.keyed > 0, "%zu sheets labelled on the maze, %zu with a key",
              v.beside, v.keyed);
}

/* --draw walls: a maze's walls raised around corridors a finger follows,
 * on every grid, measured as the line sheets are (measure_sheet: only walls
 * and black, every opening between walls a finger wide, S and G 1/2 in
 * and 1/4 in clear of every wall, the braille read back) over sizes up to
 * the largest an A4 sheet holds (a polar maze's 3 rings on A3) and seeds,
 * S and G on the edge and inside. */
static void test_walls(void)
{
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
        meiro_paper paper;
    } sizes[] = {
        {MEIRO_GRID_RECT, 6, 7, MEIRO_PAPER_A4},     {MEIRO_GRID_RECT, 5, 5, MEIRO_PAPER_A4},
        {MEIRO_GRID_RECT, 3, 4, MEIRO_PAPER_A4},     {MEIRO_GRID_RECT, 2, 6, MEIRO_PAPER_A4},
        {MEIRO_GRID_RECT, 6, 1, MEIRO_PAPER_A4},     {MEIRO_GRID_HEX, 6, 5, MEIRO_PAPER_A4},
        {MEIRO_GRID_HEX, 3, 4, MEIRO_PAPER_A4},      {MEIRO_GRID_TRIANGLE, 5, 4, MEIRO_PAPER_A4},
        {MEIRO_GRID_TRIANGLE, 4, 3, MEIRO_PAPER_A4}, {MEIRO_GRID_POLAR, 1, 2, MEIRO_PAPER_A4},
        {MEIRO_GRID_POLAR, 1, 3, MEIRO_PAPER_A3}};
    sheet_verdicts v = {0};
    char path[128];
    snprintf(path, sizeof path, "%s/walls.page", dir);
    walls = true;
    for (size_t i = 0; i < TEST_COUNT(sizes); i++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            meiro_generate_options o;
            meiro_generate_options_init(&o);
            o.grid = sizes[i].grid, o.width = sizes[i].w, o.height = sizes[i].h, o.seed = seed;
            paper = sizes[i].paper;
            if (seed > 2 && o.grid != MEIRO_GRID_POLAR && o.width > 2 && o.height > 2) {
                o.ends = MEIRO_ENDS_CELLS; /* S and G inside */
                o.start = (meiro_cell){1, 1};
                o.goal = (meiro_cell){o.width - 2, o.height - 1 - seed % 2};
            }
            meiro_maze *m = meiro_generate(&o, NULL);
            meiro_error err = {0};
            const char *lang = seed % 4 ? NULL : "de";
            CHECK_MSG(m && save(m, NULL, MEIRO_FORMAT_PAGE, lang, NULL, path, &err) == MEIRO_OK,
                      "grid %d %ux%u seed %llu: %s", o.grid, o.width, o.height,
                      (unsigned long long)seed, err.message);
            char what[80];
            snprintf(what, sizeof what, "walls grid %d %ux%u seed %llu", o.grid, o.width, o.height,
                     (unsigned long long)seed);
            measure_sheet(path, lang, what, &v);
            meiro_maze_free(m);
        }
    walls = false;
    paper = MEIRO_PAPER_A4;
    check_sheets(&v);
}

/* A tactile level's sheet made as the command line makes it (a job), on
 * the paper; the maze made, for the caller to look at (NULL: refused,
 * err says why). */
static meiro_maze *level_sheet(unsigned level, uint64_t seed, meiro_paper paper, const char *path,
                               meiro_error *err)
{
    meiro_job *job = meiro_job_new();
    meiro_export_options *page = meiro_job_page(job);
    page->print = MEIRO_PRINT_TACTILE;
    page->paper = paper;
    meiro_job_maze(job)->seed = seed;
    meiro_maze *m = NULL;
    meiro_path none;
    meiro_status s = meiro_job_set_int(job, MEIRO_JOB_FORMAT, MEIRO_FORMAT_PAGE, err);
    if (s == MEIRO_OK)
        s = meiro_job_set_int(job, MEIRO_JOB_PAGE_GIVEN, MEIRO_GIVEN_PAPER | MEIRO_GIVEN_PRINT,
                              err);
    if (s == MEIRO_OK) s = meiro_job_set_int(job, MEIRO_JOB_TACTILE_LEVEL, level, err);
    if (s == MEIRO_OK) s = meiro_job_plan(job, err);
    if (s == MEIRO_OK) s = meiro_job_make(job, NULL, &m, &none, err);
    if (s == MEIRO_OK) s = meiro_job_save(job, m, NULL, MEIRO_FORMAT_PAGE, page, path, err);
    meiro_job_free(job);
    if (s != MEIRO_OK) meiro_maze_free(m);
    return s == MEIRO_OK ? m : NULL;
}

/* The pre-braille progression: each level's maze what it says (perfect,
 * S and G on it, the way's decision points: none on a line or turns, one
 * at the fork, two crossings of four openings), its sheet measured
 * (measure_sheet) on every paper from A5 up, for several seeds; A6 holds
 * no level and says so; a level off a tactile sheet is refused. */
static void test_levels(void)
{
    /* the way's decision points, and the cells of four openings */
    static const unsigned decisions[] = {0, 0, 1, 2}, crossings[] = {0, 0, 0, 2};
    sheet_verdicts v = {0};
    verdict maze = {0};
    char path[128];
    snprintf(path, sizeof path, "%s/level.page", dir);
    for (unsigned level = 1; level <= 5; level++)
        for (int paper = 0; paper < MEIRO_PAPER_COUNT; paper++)
            for (uint64_t seed = 0; seed < 4; seed++) {
                meiro_error err = {0};
                remove(path);
                meiro_maze *m = level_sheet(level, seed, (meiro_paper)paper, path, &err);
                if (paper == MEIRO_PAPER_A6) {
                    verdict_note(&maze,
                                 !m && strstr(err.message, "on a6") &&
                                     strstr(err.message, "does not fit") && !test_exists(path),
                                 "level %u on A6: %s", level, m ? "made" : err.message);
                    meiro_maze_free(m);
                    continue;
                }
                char what[80];
                snprintf(what, sizeof what, "level %u on %s, seed %llu", level,
                         meiro_paper_name((meiro_paper)paper, NULL, NULL),
                         (unsigned long long)seed);
                verdict_note(&maze, m != NULL, "%s: %s", what, err.message);
                if (!m) continue;
                meiro_stats st;
                bool made =
                    meiro_stats_compute(m, &st, &err) == MEIRO_OK && st.perfect && st.solution > 0;
                verdict_note(&maze,
                             made && (level == 5 || (st.decisions == decisions[level - 1] &&
                                                     st.junctions4 == crossings[level - 1])),
                             "%s: %s, %llu decisions, %llu crossings", what,
                             made ? "perfect" : "not perfect or not solved",
                             (unsigned long long)st.decisions, (unsigned long long)st.junctions4);
                meiro_maze_free(m);
                measure_sheet(path, NULL, what, &v);
            }
    CHECK_ALL(maze);
    check_sheets(&v);
    meiro_error err = {0};
    meiro_job *job = meiro_job_new();
    CHECK(meiro_job_set_int(job, MEIRO_JOB_TACTILE_LEVEL, 1, &err) == MEIRO_OK &&
          meiro_job_plan(job, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "--print tactile"));
    meiro_job_free(job);
    CHECK(meiro_job_set_int(job = meiro_job_new(), MEIRO_JOB_TACTILE_LEVEL, 6, &err) ==
          MEIRO_ERROR_ARGUMENT);
    meiro_job_free(job);
}

/* The PDF rasterised: every pixel black or white but antialiasing at
 * the edges of shapes (no grey inside any: a pixel and all eight of its
 * neighbours neither near black nor near white). */
static void test_no_grey(void)
{
    if (!have("pdftoppm")) return;
    verdict grey = {0};
    /* every grid's line sheet, then its wall sheet (a polar maze of 2 rings,
     * a triangles' of 4 rows: what A4 holds) */
    for (int pass = 0; pass < 2 * MEIRO_GRID_COUNT; pass++) {
        meiro_grid g = (meiro_grid)(pass % MEIRO_GRID_COUNT);
        walls = pass >= MEIRO_GRID_COUNT;
        uint32_t rows = g == MEIRO_GRID_POLAR      ? 3 - walls
                        : g == MEIRO_GRID_TRIANGLE ? 5 - walls
                                                   : 5;
        meiro_maze *m = maze_of(g, g == MEIRO_GRID_RECT ? 6 : 5, rows, 7);
        char pdf[128], cmd[400];
        snprintf(pdf, sizeof pdf, "%s/sheet.pdf", dir);
        meiro_error err = {0};
        CHECK_MSG(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, pdf, &err) == MEIRO_OK, "%s",
                  err.message);
        snprintf(cmd, sizeof cmd, "pdftoppm -r 100 -gray %s %s/sheet", pdf, dir);
        CHECK(run(cmd, NULL, 0));
        snprintf(cmd, sizeof cmd, "%s/sheet-1.pgm", dir);
        unsigned char *pgm = slurp(cmd);
        unsigned w = 0, h = 0, max = 0;
        int at = 0;
        CHECK(pgm && sscanf((const char *)pgm, "P5 %u %u %u%n", &w, &h, &max, &at) == 3 &&
              max == 255);
        const unsigned char *px = pgm ? pgm + at + 1 : NULL;
        size_t inside = 0, inked = 0;
        for (unsigned y = 1; px && y + 1 < h; y++)
            for (unsigned x = 1; x + 1 < w; x++) {
                inked += px[y * w + x] < 64;
                bool all = true;
                for (int dy = -1; dy <= 1 && all; dy++)
                    for (int dx = -1; dx <= 1 && all; dx++) {
                        unsigned v = px[(y + dy) * w + x + dx];
                        all = v >= 64 && v <= 191;
                    }
                inside += all;
            }
        verdict_note(&grey, inked > 1000 && inside == 0,
                     "grid %d%s: %zu grey pixels inside shapes (%zu inked)", g,
                     walls ? " walls" : "", inside, inked);
        free(pgm);
        meiro_maze_free(m);
    }
    walls = false;
    CHECK_ALL(grey);
}

/* The pixels inked (under 128 of 255) of page 1 of the PDF at path,
 * rendered at 50 dpi in grey; 0 when it cannot be rendered. */
static size_t inked(const char *pdf)
{
    char cmd[400], pgm_path[160];
    snprintf(cmd, sizeof cmd, "pdftoppm -r 50 -gray -singlefile %s %s/inked", pdf, dir);
    snprintf(pgm_path, sizeof pgm_path, "%s/inked.pgm", dir);
    remove(pgm_path);
    unsigned char *pgm = run(cmd, NULL, 0) ? slurp(pgm_path) : NULL;
    unsigned w = 0, h = 0, max = 0;
    int at = 0;
    size_t n = 0;
    if (pgm && sscanf((const char *)pgm, "P5 %u %u %u%n", &w, &h, &max, &at) == 3)
        for (size_t i = 0; i < (size_t)w * h; i++) n += pgm[at + 1 + i] < 128;
    free(pgm);
    return n;
}

/* The SVG draws the sheet as the PDF does, once and nothing more (its
 * exporter drew the maze's walls over it, and the sheet in each of its
 * groups): the ink of the SVG, turned into a PDF by rsvg-convert, is the
 * PDF's, for a maze and for a level's figure on its mask. */
static void test_svg(void)
{
    if (!have("pdftoppm") || !have("rsvg-convert")) return;
    verdict same = {0};
    char pdf[128], svg[128], svg_pdf[128], cmd[400];
    snprintf(pdf, sizeof pdf, "%s/sheet.pdf", dir);
    snprintf(svg, sizeof svg, "%s/sheet.svg", dir);
    snprintf(svg_pdf, sizeof svg_pdf, "%s/sheet-svg.pdf", dir);
    for (int k = 0; k < 2; k++) {
        meiro_maze *m = k ? gen_tactile_level(3, 2, NULL) : maze_of(MEIRO_GRID_RECT, 5, 6, 3);
        meiro_error err = {0};
        CHECK_MSG(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, pdf, &err) == MEIRO_OK &&
                      save(m, NULL, MEIRO_FORMAT_SVG, NULL, NULL, svg, &err) == MEIRO_OK,
                  "%s", err.message);
        snprintf(cmd, sizeof cmd, "rsvg-convert -f pdf -o %s %s", svg_pdf, svg);
        CHECK(run(cmd, NULL, 0));
        size_t a = inked(pdf), b = inked(svg_pdf);
        verdict_note(&same, a > 1000 && b + b / 50 >= a && b <= a + a / 50,
                     "%s: the PDF inks %zu pixels, the SVG %zu", k ? "the fork" : "a maze", a, b);
        meiro_maze_free(m);
    }
    CHECK_ALL(same);
}

/* The PNG at its true size: A4 at 300 dpi, which its pHYs says, so that
 * a swell-paper printer prints the dots and gaps at their millimetres. */
static void test_png_size(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/sheet.png", dir);
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, 6, 6, 5);
    meiro_error err = {0};
    CHECK_MSG(save(m, NULL, MEIRO_FORMAT_PNG, NULL, NULL, path, &err) == MEIRO_OK, "%s",
              err.message);
    unsigned char *png = slurp(path);
    unsigned w = png ? (unsigned)png[16] << 24 | png[17] << 16 | png[18] << 8 | png[19] : 0;
    unsigned h = png ? (unsigned)png[20] << 24 | png[21] << 16 | png[22] << 8 | png[23] : 0;
    const unsigned char *phys = png ? png + 37 : NULL; /* the chunk after IHDR */
    unsigned ppm = phys && !memcmp(phys, "pHYs", 4)
                       ? (unsigned)phys[4] << 24 | phys[5] << 16 | phys[6] << 8 | phys[7]
                       : 0;
    double mm_w = ppm ? w * 1000.0 / ppm : 0, mm_h = ppm ? h * 1000.0 / ppm : 0;
    CHECK_MSG(fabs(mm_w - 210) < 0.5 && fabs(mm_h - 297) < 0.5, "%u x %u px at %u px/m", w, h, ppm);
    free(png);
    meiro_maze_free(m);
}

/* A maze too big for the paper at the tactile cell is refused, naming
 * the largest that fits: that one fits, one column more does not; what
 * a tactile sheet cannot be is refused; nothing is written. */
static void test_refused(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/big.pdf", dir);
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, 30, 30, 1);
    meiro_error err = {0};
    unsigned w = 0, h = 0;
    CHECK(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          !test_exists(path));
    const char *most = strstr(err.message, "): ");
    CHECK_MSG(most && sscanf(most, "): %u x %u at most", &w, &h) == 2, "%s", err.message);
    meiro_maze_free(m);
    m = maze_of(MEIRO_GRID_RECT, w, h, 1);
    CHECK_MSG(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_OK, "%ux%u: %s", w,
              h, err.message);
    meiro_maze_free(m);
    remove(path);
    m = maze_of(MEIRO_GRID_RECT, w + 1, h, 1);
    CHECK(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          !test_exists(path));
    meiro_maze_free(m);
    m = maze_of(MEIRO_GRID_HEX, 20, 20, 1);
    CHECK(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "tactile") && !test_exists(path));
    meiro_maze_free(m);
    m = maze_of(MEIRO_GRID_RECT, 5, 5, 1);
    static const meiro_format others[] = {MEIRO_FORMAT_TEXT, MEIRO_FORMAT_XLSX, MEIRO_FORMAT_HTML,
                                          MEIRO_FORMAT_GCODE};
    for (size_t i = 0; i < TEST_COUNT(others); i++) {
        snprintf(path, sizeof path, "%s/other.out", dir);
        CHECK_MSG(save(m, NULL, others[i], NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
                      strstr(err.message, "--print tactile") && !test_exists(path),
                  "format %d: %s", (int)others[i], err.message);
    }
    cell_mm = TACTILE_CELL_MM - 1; /* smaller cells: refused; larger: taken */
    snprintf(path, sizeof path, "%s/cell.pdf", dir);
    CHECK(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "cells are") && !test_exists(path));
    cell_mm = TACTILE_CELL_MM + 10;
    CHECK(save(m, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_OK);
    cell_mm = 0;
    /* a wall sheet: its larger cells, the largest maze named again; on a
     * rectangle only */
    walls = true;
    meiro_maze *big = maze_of(MEIRO_GRID_RECT, 30, 30, 1);
    unsigned ww = 0, wh = 0;
    CHECK(save(big, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT);
    most = strstr(err.message, "): ");
    CHECK_MSG(most && sscanf(most, "): %u x %u at most", &ww, &wh) == 2 && ww < w && wh < h, "%s",
              err.message);
    meiro_maze_free(big);
    for (unsigned k = 0; k < 3; k++) { /* the largest fits; a column or a row more does not */
        big = maze_of(MEIRO_GRID_RECT, ww + (k == 1), wh + (k == 2), 1);
        remove(path);
        CHECK_MSG(save(big, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) ==
                          (k ? MEIRO_ERROR_ARGUMENT : MEIRO_OK) &&
                      test_exists(path) == !k,
                  "%ux%u: %s", ww + (k == 1), wh + (k == 2), err.message);
        meiro_maze_free(big);
    }
    /* each grid's least cell (a line sheet's is smaller): refused below it,
     * named; a maze too big for A4 refused */
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
        double cell;
    } grids[] = {{MEIRO_GRID_RECT, 4, 4, 28},
                 {MEIRO_GRID_HEX, 3, 3, 32},
                 {MEIRO_GRID_TRIANGLE, 3, 3, 32},
                 {MEIRO_GRID_POLAR, 1, 2, 33}};
    for (size_t i = 0; i < TEST_COUNT(grids); i++) {
        meiro_maze *g = maze_of(grids[i].grid, grids[i].w, grids[i].h, 1);
        char named[40];
        snprintf(named, sizeof named, "cells are %g mm or more", grids[i].cell);
        cell_mm = grids[i].cell - 1;
        remove(path);
        CHECK_MSG(g && tactile_wall_cell(g) == grids[i].cell &&
                      save(g, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) ==
                          MEIRO_ERROR_ARGUMENT &&
                      strstr(err.message, named) && !test_exists(path),
                  "grid %d: %s", grids[i].grid, err.message);
        meiro_maze_free(g);
    }
    cell_mm = 0;
    /* a polar maze's narrowest cells further out: 36 mm from its fourth ring */
    big = maze_of(MEIRO_GRID_POLAR, 1, 4, 1);
    CHECK(big && tactile_wall_cell(big) == 36);
    meiro_maze_free(big);
    static const struct {
        meiro_grid grid;
        uint32_t w, h;
    } too_big[] = {{MEIRO_GRID_HEX, 7, 5}, {MEIRO_GRID_TRIANGLE, 6, 4}, {MEIRO_GRID_POLAR, 1, 3}};
    for (size_t i = 0; i < TEST_COUNT(too_big); i++) {
        big = maze_of(too_big[i].grid, too_big[i].w, too_big[i].h, 1);
        remove(path);
        CHECK_MSG(save(big, NULL, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) ==
                          MEIRO_ERROR_ARGUMENT &&
                      strstr(err.message, "does not fit a tactile sheet") && !test_exists(path),
                  "grid %d: %s", too_big[i].grid, err.message);
        meiro_maze_free(big);
    }
    snprintf(path, sizeof path, "%s/walls.stl", dir);
    CHECK(save(m, NULL, MEIRO_FORMAT_STL, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "--draw walls") && !test_exists(path));
    snprintf(path, sizeof path, "%s/cell.pdf", dir);
    walls = false;
    static char title[200];
    memset(title, 'a', 80); /* 80 cells: more than a line of A4 holds */
    CHECK(save(m, NULL, MEIRO_FORMAT_PDF, NULL, title, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "braille cells"));
    meiro_path answer = {0};
    CHECK(meiro_solve(m, "bfs", &answer, &err) == MEIRO_OK);
    snprintf(path, sizeof path, "%s/answer.pdf", dir);
    CHECK(save(m, &answer, MEIRO_FORMAT_PDF, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "--solution") && !test_exists(path));
    meiro_path_free(&answer);
    meiro_maze_free(m);
}

/* A booklet's pages as data (-f page) at path, or its refusal. */
static meiro_status booklet_pages(unsigned count, meiro_paper paper, uint32_t from, uint32_t to,
                                  meiro_answers answers, unsigned grids, const char *path,
                                  meiro_error *err)
{
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = count;
    b.grids = grids;
    b.seed = 11 + count;
    b.from_w = b.from_h = from, b.to_w = b.to_h = to;
    meiro_export_options page;
    meiro_export_options_init(&page);
    page.print = MEIRO_PRINT_TACTILE;
    page.paper = paper;
    page.answers = answers;
    return meiro_booklet_save(&b, &page, MEIRO_FORMAT_PAGE, path, err);
}

/* A tactile booklet: its braille contents (the title, then each maze's
 * number and page, and the key's, read back through liblouis, in order),
 * each sheet measured as a sheet is (its number as its title, its page
 * number in braille and print), its mazes rising in size to the largest
 * the paper holds; the print key at the end, its lines and answers, no
 * braille; the page count; no answer on a sheet; what the contents page
 * cannot hold refused, naming how many it holds, and that many made. */
static void test_booklet(void)
{
    static const struct {
        unsigned count;
        meiro_paper paper;
        meiro_answers answers;
        unsigned grids; /* 0: rectangles, rising in size */
    } books[] = {{10, MEIRO_PAPER_A4, MEIRO_ANSWERS_DEFAULT, 0},
                 {4, MEIRO_PAPER_A5, MEIRO_ANSWERS_KEY, 0},
                 {3, MEIRO_PAPER_LETTER, MEIRO_ANSWERS_NONE, 0},
                 /* sheets lying down where only so they hold their mazes */
                 {4, MEIRO_PAPER_A5, MEIRO_ANSWERS_DEFAULT,
                  1u << MEIRO_GRID_POLAR | 1u << MEIRO_GRID_TRIANGLE}};
    sheet_verdicts v = {0};
    verdict contents = {0}, key = {0}, sizes = {0};
    char path[128];
    snprintf(path, sizeof path, "%s/book.page", dir);
    for (size_t b = 0; b < TEST_COUNT(books); b++) {
        meiro_error err = {0};
        CHECK_MSG(booklet_pages(books[b].count, books[b].paper, 0, 0, books[b].answers,
                                books[b].grids, path, &err) == MEIRO_OK,
                  "book %zu: %s", b, err.message);
        scene_book book = {0};
        FILE *in = fopen(path, "r");
        CHECK(in && scene_json_read(in, path, &book, &err) == MEIRO_OK);
        if (in) fclose(in);
        size_t n = books[b].count, keyed = books[b].answers != MEIRO_ANSWERS_NONE;
        CHECK_MSG(book.count >= n + 1 + keyed && (keyed || book.count == n + 1),
                  "book %zu: %zu pages for %zu mazes", b, book.count, n);
        /* the contents: the title, its heading, a line a maze and the key's */
        char texts[64][64], want[64][64];
        size_t got = braille_read(&book.pages[0], NULL, "contents", &v.dots, texts, 64), w = 0;
        snprintf(want[w++], 64, "Mazes");
        snprintf(want[w++], 64, "Contents");
        for (size_t i = 0; i < n; i++) {
            snprintf(want[w++], 64, "No. %zu", i + 1);
            snprintf(want[w++], 64, "%zu", i + 2);
        }
        if (keyed) snprintf(want[w++], 64, "Answers"), snprintf(want[w++], 64, "%zu", n + 2);
        snprintf(want[w++], 64, "1"); /* its own page number */
        verdict_note(&contents, got == w, "book %zu: %zu braille lines read, %zu wanted", b, got,
                     w);
        for (size_t k = 0; k < got && k < w; k++)
            verdict_note(&contents, !strcmp(texts[k], want[k]), "book %zu: '%s' where '%s'", b,
                         texts[k], want[k]);
        /* the sheets: measured, their number and page read back, rising */
        double last = 0;
        for (size_t i = 0; i < n; i++) {
            const scene *s = &book.pages[i + 1];
            char what[64];
            snprintf(what, sizeof what, "book %zu sheet %zu", b, i + 1);
            measure_scene(s, NULL, what, 4, &v);
            got = braille_read(s, NULL, what, &v.dots, texts, 64);
            char number[32], page_no[32];
            snprintf(number, sizeof number, "No. %zu", i + 1);
            snprintf(page_no, sizeof page_no, "%zu", i + 2);
            bool paged = false; /* before S's and G's labels or after the key's */
            for (size_t k = 1; k < got; k++) paged = paged || !strcmp(texts[k], page_no);
            verdict_note(&contents, got == 4 && !strcmp(texts[0], number) && paged,
                         "%s: headed '%s', page %s %s", what, got ? texts[0] : "", page_no,
                         paged ? "read" : "missing");
            double extent = 0; /* the lines' reach across and down */
            double box[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
            for (size_t k = 0; k < s->count; k++) {
                if (s->items[k].role != ROLE_CORRIDORS || s->items[k].kind != SCENE_PATH) continue;
                lines l = {0};
                flatten(s, &s->items[k], &l);
                for (size_t j = 0; j < l.n; j++)
                    box[0] = fmin(box[0], l.v[j].x0), box[1] = fmin(box[1], l.v[j].y0),
                    box[2] = fmax(box[2], l.v[j].x0), box[3] = fmax(box[3], l.v[j].y0);
                free(l.v);
            }
            extent = (box[2] - box[0]) * (box[3] - box[1]);
            verdict_note(&sizes, books[b].grids || extent >= last,
                         "%s: its maze smaller than the one before", what);
            last = extent;
        }
        /* the key: print, the mazes as lines with their answers */
        size_t answers = 0;
        for (size_t p = n + 1; p < book.count; p++)
            for (size_t k = 0; k < book.pages[p].count; k++) {
                const scene_item *it = &book.pages[p].items[k];
                answers += it->role == ROLE_ANSWER;
                verdict_note(&key, it->role != ROLE_BRAILLE && it->role != ROLE_WALLS,
                             "book %zu key page %zu: a %s item", b, p + 1,
                             scene_role_name(it->role));
            }
        verdict_note(&key, answers == (keyed ? n : 0), "book %zu: %zu answers in the key", b,
                     answers);
        scene_book_free(&book);
    }
    check_sheets(&v);
    CHECK_ALL(contents);
    CHECK_ALL(key);
    CHECK_ALL(sizes);
    /* the largest maze: the sheet's own largest on A4 (test_refused) */
    meiro_error err = {0};
    CHECK(booklet_pages(2, MEIRO_PAPER_A4, 9, 9, MEIRO_ANSWERS_DEFAULT, 0, path, &err) == MEIRO_OK);
    remove(path);
    CHECK(booklet_pages(2, MEIRO_PAPER_A4, 3, 10, MEIRO_ANSWERS_DEFAULT, 0, path, &err) ==
              MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "does not fit a tactile sheet") && !test_exists(path));
    /* more mazes than the contents page names */
    unsigned most = 0;
    const char *holds;
    CHECK(booklet_pages(60, MEIRO_PAPER_A4, 3, 3, MEIRO_ANSWERS_DEFAULT, 0, path, &err) ==
              MEIRO_ERROR_ARGUMENT &&
          (holds = strstr(err.message, "a4 holds ")) && sscanf(holds, "a4 holds %u", &most) == 1 &&
          !test_exists(path));
    CHECK_MSG(most > 10 && booklet_pages(most, MEIRO_PAPER_A4, 3, 3, MEIRO_ANSWERS_DEFAULT, 0, path,
                                         &err) == MEIRO_OK,
              "%u: %s", most, err.message);
    remove(path);
    CHECK(booklet_pages(most + 1, MEIRO_PAPER_A4, 3, 3, MEIRO_ANSWERS_DEFAULT, 0, path, &err) ==
          MEIRO_ERROR_ARGUMENT);
    CHECK(booklet_pages(3, MEIRO_PAPER_A4, 0, 0, MEIRO_ANSWERS_AFTER_PAGE, 0, path, &err) ==
              MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "keeps the answers off the sheets"));
}

/* ---- Braille's text in the PDF ---- */

enum { PDF_TEXTS = 64, PDF_TEXT_BYTES = 256 };

/* The /ActualText strings of each marked-content span on the PDF's page
 * (from 0), in the content's order, as UTF-8 (UTF-16BE with its byte order
 * mark, as a hex string: cairo's), into texts; how many (-1: unreadable). */
static int pdf_actual_texts(const char *path, int page, char texts[][PDF_TEXT_BYTES])
{
    qpdf_data q = quiet_qpdf();
    unsigned char *data = NULL;
    size_t len = 0;
    bool ok = q && !(lib_qpdf()->qpdf_read(q, path, NULL) & QPDF_ERRORS) &&
              page < lib_qpdf()->qpdf_get_num_pages(q) &&
              !(lib_qpdf()->qpdf_oh_get_page_content_data(
                    q, lib_qpdf()->qpdf_get_page_n(q, (size_t)page), &data, &len) &
                QPDF_ERRORS);
    int n = ok ? 0 : -1;
    const char *key = "/ActualText <";
    for (size_t at = 0; ok && n < PDF_TEXTS && at + strlen(key) < len; at++) {
        if (memcmp(data + at, key, strlen(key))) continue;
        unsigned units[PDF_TEXT_BYTES], u = 0, count = 0;
        int digits = 0;
        for (at += strlen(key); at < len && data[at] != '>' && count < PDF_TEXT_BYTES; at++) {
            const char *hex = "0123456789abcdef", *d = strchr(hex, tolower(data[at]));
            if (!d || !*d) continue; /* white space */
            u = u << 4 | (unsigned)(d - hex);
            if (++digits % 4 == 0) units[count++] = u, u = 0;
        }
        char *out = texts[n++];
        size_t k = 0;
        for (unsigned i = count && units[0] == 0xFEFF; i < count && k + 4 < PDF_TEXT_BYTES; i++) {
            unsigned c = units[i]; /* braille and the page's words: no surrogates */
            if (c < 0x80) out[k++] = (char)c;
            else if (c < 0x800)
                out[k++] = (char)(0xC0 | c >> 6), out[k++] = (char)(0x80 | (c & 0x3F));
            else
                out[k++] = (char)(0xE0 | c >> 12), out[k++] = (char)(0x80 | (c >> 6 & 0x3F)),
                out[k++] = (char)(0x80 | (c & 0x3F));
        }
        out[k] = 0;
    }
    free(data);
    if (q) quiet_cleanup(&q);
    return n;
}

/* Whether the PDF at path has a Type 3 font (braille's text), one a page
 * at most, and each of its glyphs draws nothing: its procedure is its
 * size (d1), then at most a q and a Q. */
static bool braille_font_blank(const char *path)
{
    qpdf_data q = quiet_qpdf();
    bool ok = q && !(lib_qpdf()->qpdf_read(q, path, NULL) & QPDF_ERRORS);
    int pages = ok ? lib_qpdf()->qpdf_get_num_pages(q) : 0, fonts_seen = 0;
    for (int p = 0; ok && p < pages; p++) {
        qpdf_oh fonts = lib_qpdf()->qpdf_oh_get_key(
            q,
            lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_page_n(q, (size_t)p), "/Resources"),
            "/Font");
        char names[8][64]; /* qpdf iterates one dictionary at a time */
        int n = 0, type3 = 0;
        lib_qpdf()->qpdf_oh_begin_dict_key_iter(q, fonts);
        while (lib_qpdf()->qpdf_oh_dict_more_keys(q) && n < 8)
            snprintf(names[n++], sizeof names[0], "%s", lib_qpdf()->qpdf_oh_dict_next_key(q));
        for (int f = 0; ok && f < n; f++) {
            qpdf_oh font = lib_qpdf()->qpdf_oh_get_key(q, fonts, names[f]);
            if (!pdf_key_is(q, font, "/Subtype", "/Type3")) continue;
            type3++;
            qpdf_oh procs = lib_qpdf()->qpdf_oh_get_key(q, font, "/CharProcs");
            char glyphs[256][16];
            int g = 0;
            lib_qpdf()->qpdf_oh_begin_dict_key_iter(q, procs);
            while (lib_qpdf()->qpdf_oh_dict_more_keys(q) && g < 256)
                snprintf(glyphs[g++], sizeof glyphs[0], "%s", lib_qpdf()->qpdf_oh_dict_next_key(q));
            for (int k = 0; ok && k < g; k++) {
                unsigned char *data = NULL;
                size_t len = 0;
                ok = !(lib_qpdf()->qpdf_oh_get_stream_data(
                           q, lib_qpdf()->qpdf_oh_get_key(q, procs, glyphs[k]), qpdf_dl_generalized,
                           NULL, &data, &len) &
                       QPDF_ERRORS);
                char *text = ok ? strndup((const char *)data, len) : NULL, *after;
                ok = text && (after = strstr(text, "d1")) != NULL;
                for (after = ok ? after + 2 : NULL; ok && *after; after++)
                    ok = strchr(" \n\rqQ", *after) != NULL;
                free(text);
                free(data);
            }
        }
        ok = ok && type3 <= 1;
        fonts_seen += type3;
        lib_qpdf()->qpdf_oh_release_all(q);
    }
    if (q) quiet_cleanup(&q);
    return ok && fonts_seen > 0;
}

/* Whether each page's braille in the PDF at pdf is, span for span and in
 * order, its description's (the same document as data at page_path): the
 * Unicode braille of every word drawn in dots, as the PDF's ActualText. */
static void same_braille(const char *pdf, const char *page_path, const char *what, verdict *v)
{
    scene_book book = {0};
    FILE *in = fopen(page_path, "r");
    meiro_error err = {0};
    bool read = in && scene_json_read(in, page_path, &book, &err) == MEIRO_OK && book.count > 0;
    if (in) fclose(in);
    verdict_note(v, read, "%s: the description unread: %s", what, err.message);
    for (size_t p = 0; read && p < book.count; p++) {
        char texts[PDF_TEXTS][PDF_TEXT_BYTES];
        int n = pdf_actual_texts(pdf, (int)p, texts), k = 0;
        bool same = n >= 0;
        for (size_t i = 0; same && i < book.pages[p].count; i++) {
            const scene_item *it = &book.pages[p].items[i];
            if (it->kind != SCENE_TEXT || it->role != ROLE_BRAILLE) continue;
            same = k < n && !strcmp(texts[k], it->text.text);
            verdict_note(v, same, "%s page %zu: braille '%s', the PDF's text '%s'", what, p + 1,
                         it->text.text, k < n ? texts[k] : "(none)");
            k++;
        }
        verdict_note(v, same && k == n, "%s page %zu: %d braille words, %d texts in the PDF", what,
                     p + 1, k, n);
    }
    scene_book_free(&book);
}

/* Braille's text in the PDF: every word drawn in dots on a sheet (in
 * several languages' tables) and on a booklet's pages carries its Unicode
 * braille as the PDF's ActualText, in order; back-translated by liblouis
 * it says the title and S's and G's words; poppler (pdftotext) reads it
 * where the dots are; its glyphs draw nothing (the page prints as it did
 * without them); the file passes the preflight, and made PDF/X-1a by
 * Ghostscript, still does. */
static void test_pdf_text(void)
{
    static const struct {
        const char *lang, *title;
    } sheets[] = {{"en", "Mazes for Anna"}, {"de", "Irrgarten"}, {"es", "laberinto"},
                  {"fr", "labyrinthe"},     {"pt", "labirinto"}, {NULL, NULL}};
    verdict same = {0}, back = {0};
    char pdf[128], page[128];
    snprintf(pdf, sizeof pdf, "%s/text.pdf", dir);
    snprintf(page, sizeof page, "%s/text.page", dir);
    for (size_t i = 0; i < TEST_COUNT(sheets); i++) {
        meiro_maze *m = maze_of(MEIRO_GRID_RECT, 5, 5, 3 + i);
        meiro_error err = {0};
        CHECK_MSG(save(m, NULL, MEIRO_FORMAT_PDF, sheets[i].lang, sheets[i].title, pdf, &err) ==
                          MEIRO_OK &&
                      save(m, NULL, MEIRO_FORMAT_PAGE, sheets[i].lang, sheets[i].title, page,
                           &err) == MEIRO_OK,
                  "%s: %s", sheets[i].lang, err.message);
        char what[64];
        snprintf(what, sizeof what, "sheet in %s", sheets[i].lang ? sheets[i].lang : "en");
        same_braille(pdf, page, what, &same);
        /* the title, S's and G's words (beside them or in the key) */
        char texts[PDF_TEXTS][PDF_TEXT_BYTES], said[3][PDF_TEXT_BYTES];
        int n = pdf_actual_texts(pdf, 0, texts);
        const char *want[3] = {sheets[i].title ? sheets[i].title : "Mazes", "S", "G"};
        for (int k = 0; k < 3; k++) {
            said[k][0] = 0;
            if (k < n) braille_back(sheets[i].lang, texts[k], said[k], sizeof said[k], NULL);
            verdict_note(&back, n == 3 && reads_as(sheets[i].lang, said[k], want[k]),
                         "%s: the PDF's braille '%s' reads '%s', not '%s'", what,
                         k < n ? texts[k] : "", said[k], want[k]);
        }
        meiro_maze_free(m);
    }
    /* a booklet: its contents, sheets and key */
    meiro_error err = {0};
    CHECK_MSG(booklet_pages(4, MEIRO_PAPER_A4, 0, 0, MEIRO_ANSWERS_DEFAULT, 0, page, &err) ==
                  MEIRO_OK,
              "%s", err.message);
    meiro_booklet_options b;
    meiro_booklet_options_init(&b);
    b.count = 4, b.seed = 15;
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.print = MEIRO_PRINT_TACTILE;
    CHECK_MSG(meiro_booklet_save(&b, &opt, MEIRO_FORMAT_PDF, pdf, &err) == MEIRO_OK, "%s",
              err.message);
    same_braille(pdf, page, "booklet", &same);
    char texts[PDF_TEXTS][PDF_TEXT_BYTES], said[PDF_TEXT_BYTES] = "";
    int n = pdf_actual_texts(pdf, 0, texts);
    if (n > 2) braille_back("en", texts[2], said, sizeof said, NULL);
    verdict_note(&back, n > 2 && !strcmp(said, "No. 1"), "the contents' first maze reads '%s'",
                 said);
    CHECK_ALL(same);
    CHECK_ALL(back);
    /* the reader's side: poppler finds the braille where its dots are */
    char cmd[400], out[4096];
    snprintf(cmd, sizeof cmd, "pdftotext -f 2 -l 2 -layout %s -", pdf);
    if (have("pdftotext"))
        CHECK_MSG(run(cmd, out, sizeof out) && strstr(out, "⠠⠝⠕⠲⠀⠼⠁") && strstr(out, "⠰⠠⠎"),
                  "pdftotext read: %s", out);
    /* the text inks nothing; the file passes the preflight */
    CHECK(braille_font_blank(pdf));
    bool passed = false;
    CHECK_MSG(meiro_preflight(pdf, MEIRO_PRINT_HOME, NULL, NULL, &passed, &err) == MEIRO_OK &&
                  passed,
              "preflight: %s", err.message);
    /* PDF/X-1a through Ghostscript, as a print service's book is made */
    if (have("gs")) {
        unsigned char *buf = slurp(pdf);
        FILE *f = fopen(pdf, "rb");
        long len = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
        if (f) fclose(f);
        char *x = NULL;
        size_t xlen = 0;
        CHECK_MSG(buf && len > 0 &&
                      pdfx_convert((const char *)buf, (size_t)len, false, false, NULL, &x, &xlen,
                                   &err) == MEIRO_OK,
                  "PDF/X: %s", err.message);
        f = fopen(pdf, "wb");
        CHECK(f && x && fwrite(x, 1, xlen, f) == xlen && fclose(f) == 0);
        CHECK_MSG(meiro_preflight(pdf, MEIRO_PRINT_HOME, NULL, NULL, &passed, &err) == MEIRO_OK &&
                      passed,
                  "preflight of the PDF/X: %s", err.message);
        free(buf);
        free(x);
    }
}

/* The raised dots of a Unicode braille string */
static size_t raised_dots(const char *braille)
{
    size_t raised = 0;
    for (const unsigned char *p = (const unsigned char *)braille; *p; p += 3) {
        unsigned c = (unsigned)(p[0] & 0x0F) << 12 | (unsigned)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
        for (unsigned b = c - 0x2800; b; b >>= 1) raised += b & 1;
    }
    return raised;
}

/* The area of the triangles facing up at height z (mm, within 1e-3) */
static double top_area(const solid_tris *t, double z)
{
    double area = 0;
    for (size_t k = 0; k < t->n; k++) {
        const float *v = t->v + 9 * k;
        if (fabs(v[2] - z) > 1e-3 || fabs(v[5] - z) > 1e-3 || fabs(v[8] - z) > 1e-3) continue;
        double cross = (v[3] - v[0]) * (v[7] - v[1]) - (v[4] - v[1]) * (v[6] - v[0]);
        if (cross > 0) area += cross / 2;
    }
    return area;
}

/* A printer's check that fails, said */
static void failed_rule(void *ctx, const char *rule, bool pass, const char *detail)
{
    (void)ctx;
    if (!pass) fprintf(stderr, "plate: %s: %s\n", rule, detail);
}

/* A tactile plate (-f stl, 3mf): read back, within a printer's bed, the
 * base and every height where it belongs: the lines' tops about as large
 * as the centre-lines' length times their width, S's and G's (two discs
 * and two squares 13 mm across, the maze's and the key's) and the domes'
 * tops, one a raised dot of the title's and the key's braille; its
 * section through the lines all of walls the printer prints (no wall
 * thinner than 0.8 mm); another grid and a plate larger than the bed
 * refused, no file written. */
static void test_plate(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/plate.stl", dir);
    verdict plate = {0};
    for (uint64_t seed = 1; seed <= 4; seed++) {
        uint32_t w = 3 + (uint32_t)seed, h = 4 + (uint32_t)seed % 3;
        meiro_maze *m = maze_of(MEIRO_GRID_RECT, w, h, seed);
        meiro_error err = {0};
        bool saved = save(m, NULL, MEIRO_FORMAT_STL, NULL, NULL, path, &err) == MEIRO_OK;
        unsigned char *bytes = saved ? slurp(path) : NULL;
        FILE *f = fopen(path, "rb");
        long size = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : 0;
        if (f) fclose(f);
        solid_tris t = {0};
        bool read = bytes && solid_read_stl(bytes, (size_t)size, &t, &err) == MEIRO_OK;
        verdict_note(&plate, read, "%ux%u seed %llu: %s", w, h, (unsigned long long)seed,
                     err.message);
        double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
        for (size_t k = 0; read && k < 3 * t.n; k++)
            for (int a = 0; a < 3; a++)
                lo[a] = fmin(lo[a], t.v[3 * k + a]), hi[a] = fmax(hi[a], t.v[3 * k + a]);
        double b = SOLID_BASE_MM;
        double lines = top_area(&t, b + PLATE_LINE_MM), symbols = top_area(&t, b + PLATE_SYMBOL_MM);
        double domes = top_area(&t, b + PLATE_DOT_MM);
        double want_lines = (double)(w * h - 1) * TACTILE_CELL_MM * TACTILE_LINE_MM;
        double want_symbols = 2 * (PI * 6.5 * 6.5 + 13.0 * 13.0);
        char dots[256], s_dots[64], g_dots[64];
        size_t raised =
            braille_translate("en", "Mazes", dots, sizeof dots, NULL) == MEIRO_OK &&
                    braille_translate("en", "S", s_dots, sizeof s_dots, NULL) == MEIRO_OK &&
                    braille_translate("en", "G", g_dots, sizeof g_dots, NULL) == MEIRO_OK
                ? raised_dots(dots) + raised_dots(s_dots) + raised_dots(g_dots)
                : 0;
        verdict_note(&plate,
                     read && lo[0] > -1e-3 && lo[1] > -1e-3 && fabs(lo[2]) < 1e-3 &&
                         hi[0] <= SOLID_BED_MM && hi[1] <= SOLID_BED_MM &&
                         fabs(hi[2] - (b + PLATE_SYMBOL_MM)) < 1e-3,
                     "%ux%u: %.1f x %.1f x %.1f mm from (%.1f, %.1f, %.1f)", w, h, hi[0] - lo[0],
                     hi[1] - lo[1], hi[2] - lo[2], lo[0], lo[1], lo[2]);
        /* the lines' tops: their length less what S and G stand on */
        verdict_note(&plate, lines > 0.75 * want_lines && lines < 1.15 * want_lines,
                     "%ux%u: lines' tops %.0f mm2, about %.0f wanted", w, h, lines, want_lines);
        verdict_note(&plate, fabs(symbols - want_symbols) < 0.08 * want_symbols,
                     "%ux%u: S's and G's tops %.0f mm2, %.0f wanted", w, h, symbols, want_symbols);
        /* a dome's top 0.9 mm across: 1 to 9 squares of 0.09 mm2 */
        verdict_note(&plate,
                     raised > 0 && domes >= raised * 0.09 - 1e-6 && domes <= raised * 0.81 + 1e-6,
                     "%ux%u: domes' tops %.2f mm2 for %zu dots", w, h, domes, raised);
        solid_section_cuts cuts = {0};
        verdict_note(&plate,
                     read &&
                         solid_section(&t, b + 0.6 * PLATE_SYMBOL_MM, &cuts, &err) == MEIRO_OK &&
                         cuts.count > 0,
                     "%ux%u: no section through the lines", w, h);
        solid_section_free(&cuts);
        solid_tris_free(&t);
        free(bytes);
        meiro_maze_free(m);
    }
    CHECK_ALL(plate);
    /* the printer's checks (meiro preflight --print 3d) of the tactile
     * levels' plates (S's disc beside the lines at every offset from the
     * grid): every rule passes */
    meiro_error err = {0};
    for (unsigned level = 1; level <= 5; level++)
        for (uint64_t seed = 0; seed < 3; seed++) {
            meiro_maze *m = gen_tactile_level(level, seed, NULL);
            bool passed = false;
            CHECK_MSG(m && save(m, NULL, MEIRO_FORMAT_STL, NULL, NULL, path, &err) == MEIRO_OK &&
                          meiro_preflight_machine(path, MEIRO_MACHINE_3D, 0, 0, 0, 0, 0,
                                                  failed_rule, NULL, &passed, &err) == MEIRO_OK &&
                          passed,
                      "level %u seed %llu: %s", level, (unsigned long long)seed, err.message);
            meiro_maze_free(m);
        }
    static const meiro_format formats[] = {MEIRO_FORMAT_STL_ASCII, MEIRO_FORMAT_3MF};
    meiro_maze *m = maze_of(MEIRO_GRID_RECT, 4, 4, 3);
    for (size_t i = 0; i < TEST_COUNT(formats); i++) {
        snprintf(path, sizeof path, "%s/plate.out", dir);
        remove(path);
        CHECK_MSG(save(m, NULL, formats[i], NULL, NULL, path, &err) == MEIRO_OK &&
                      test_exists(path),
                  "format %d: %s", (int)formats[i], err.message);
    }
    meiro_maze_free(m);
    snprintf(path, sizeof path, "%s/bad.stl", dir);
    m = maze_of(MEIRO_GRID_HEX, 4, 4, 3);
    CHECK(save(m, NULL, MEIRO_FORMAT_STL, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "rectangle") && !test_exists(path));
    meiro_maze_free(m);
    m = maze_of(MEIRO_GRID_RECT, 12, 12, 3);
    CHECK(save(m, NULL, MEIRO_FORMAT_STL, NULL, NULL, path, &err) == MEIRO_ERROR_ARGUMENT &&
          strstr(err.message, "bed") && !test_exists(path));
    meiro_maze_free(m);
}

static const test_case cases[] = {
    {"plate", test_plate},       {"booklet", test_booklet},   {"braille", test_braille},
    {"sheet", test_sheet},       {"walls", test_walls},       {"no-grey", test_no_grey},
    {"png-size", test_png_size}, {"refused", test_refused},   {"levels", test_levels},
    {"svg", test_svg},           {"pdf-text", test_pdf_text},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-tactile-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("tactile", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
