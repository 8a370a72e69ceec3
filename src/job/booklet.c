/* Booklets: many mazes in one document, rising in size or difficulty from
 * the first page to the last, each with its own seed derived from the
 * booklet's, laid out by the template. */
#define _POSIX_C_SOURCE 200809L
#include "core/numbers.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/model.h"
#include "core/rng.h"
#include "core/utf8.h"
#include "gen/gen.h"
#include "io/io.h"
#include "page/print.h"
#include "page/template.h"
#include "compose/document.h"
#include "draw/export.h"
#include "draw/module.h"
#include "job/formats.h"
#include "io/ledger.h"
#include "page/pdfx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void meiro_booklet_options_init(meiro_booklet_options *b)
{
    *b = (meiro_booklet_options){0};
    b->count = 10;
    b->from_level = MEIRO_LEVEL_EASY;
    b->to_level = MEIRO_LEVEL_HARD;
    b->cover = -1;
    b->contents = -1;
    b->sheet = -1;
    b->workings = -1;
}

uint64_t meiro_booklet_maze_seed(uint64_t booklet_seed, unsigned index)
{
    /* nine digits: short enough to type back in */
    return rng_hash(booklet_seed, index + 1) % 1000000000u;
}

uint64_t meiro_booklet_copy_seed(uint64_t booklet_seed, unsigned copy)
{
    /* another stream than the mazes' (the hash's key told apart) */
    return copy == 0 ? booklet_seed : rng_hash(booklet_seed ^ 0x636c617373u, copy) % 1000000000u;
}

bool meiro_booklet_workings(const meiro_booklet_options *b, const meiro_export_options *page)
{
    /* a book to sell keeps meiro's workings off its pages (the remaking
     * file and the series ledger have them) */
    bool service = page && print_profile_of(page->print)->bleed > 0;
    return b->workings > 0 || (b->workings < 0 && !service);
}

bool meiro_booklet_answers_apart(const meiro_booklet_options *b, meiro_format format,
                                 const meiro_export_options *page)
{
    bool asked = page && (page->answer_page || page->answers != MEIRO_ANSWERS_DEFAULT);
    if (format == MEIRO_FORMAT_HTML) return meiro_answers_apart(format, page);
    return b && b->copies > 1 && !asked;
}

/* A class set's copy c: "Version B" (A .. Z, AA, AB, ...) in the page's
 * words, or the pupil's name. */
static void copy_label(const meiro_booklet_options *b, const meiro_export_options *opt, unsigned c,
                       char *out, size_t size)
{
    if (b->names) {
        snprintf(out, size, "%s", b->names[c]);
        return;
    }
    char letters[8];
    size_t n = 0;
    for (unsigned k = c + 1; k > 0 && n < sizeof letters - 1; k = (k - 1) / 26)
        letters[n++] = (char)('A' + (k - 1) % 26);
    char word[8];
    for (size_t i = 0; i < n; i++) word[i] = letters[n - 1 - i];
    word[n] = 0;
    page_words w;
    page_words_for(opt, &w);
    snprintf(out, size, w.labels->version, word);
}

/* Maze i's level, as 1 + a meiro_level (equal runs of each level from..to),
 * or 0 in a booklet of rising sizes. */
static int maze_level(const meiro_booklet_options *b, unsigned i)
{
    if (b->from_w && b->to_w) return 0;
    unsigned span = b->to_level >= b->from_level ? b->to_level - b->from_level + 1 : 1;
    return 1 + (int)(b->from_level + (unsigned)((uint64_t)i * span / b->count));
}

/* Maze i's grid: the grids of b->grids in turn (rect first), or rect. */
static meiro_grid maze_grid(const meiro_booklet_options *b, unsigned i)
{
    unsigned set = b->grids & ((1u << MEIRO_GRID_COUNT) - 1), count = 0;
    for (unsigned g = 0; g < MEIRO_GRID_COUNT; g++) count += set >> g & 1u;
    if (count == 0) return MEIRO_GRID_RECT;
    unsigned k = i % count;
    for (unsigned g = 0; g < MEIRO_GRID_COUNT; g++)
        if ((set >> g & 1u) && k-- == 0) return (meiro_grid)g;
    return MEIRO_GRID_RECT;
}

/* Maze i's shape: the i-th of the comma-separated list, in turn, copied
 * into name (false without shapes). */
static bool maze_shape(const meiro_booklet_options *b, unsigned i, char *name, size_t size)
{
    if (!b->shapes || !*b->shapes) return false;
    size_t count = 1;
    for (const char *p = b->shapes; *p; p++) count += *p == ',';
    const char *p = b->shapes;
    for (size_t k = i % count; k > 0; k--) p = strchr(p, ',') + 1;
    size_t n = strcspn(p, ",");
    snprintf(name, size, "%.*s", (int)(n < size ? n : size - 1), p);
    return true;
}

/* ---- kinds of maze (--kinds) ---- */

/* A kind of maze: what it changes in a maze's options before generating
 * (`algorithm_given`: the booklet's -a, kept as given), and what it adds
 * to the maze after (NULL: nothing). One row a kind; the booklet's mazes
 * take the kinds of b->kinds in turn. */
typedef struct maze_kind {
    const char *name;
    void (*options)(meiro_generate_options *o, bool algorithm_given);
    /* level 0: sizes given, counted as normal */
    meiro_status (*after)(meiro_maze *m, int level, uint64_t seed, meiro_error *err);
    bool mission; /* rectangles, in PDF or HTML */
    bool counted; /* named with a number, NAME=N (choices=3): gen_maze's choices */
} maze_kind;

static void plain_options(meiro_generate_options *o, bool algorithm_given)
{
    (void)o, (void)algorithm_given;
}

/* Half the cells that can cross do: crossings enough to be the puzzle,
 * straight corridors enough to read it. A level's generator that cannot
 * weave gives way to cluster (many dead ends, as the harder levels' have). */
static void weave_options(meiro_generate_options *o, bool algorithm_given)
{
    o->weave = 50;
    const generator_entry *gen = o->algorithm ? generator_find(o->algorithm) : NULL;
    if (!algorithm_given && (!gen || !weave_generator(gen->run))) o->algorithm = "cluster";
}

/* Missions harder as the level rises: 1 to 4 keys, 2 to 8 items, 10 % to
 * 40 % one-way passages from easy to expert. */
static meiro_status add_mission(meiro_maze *m, meiro_mission_kind kind, unsigned count,
                                unsigned one_way, uint64_t seed, meiro_error *err)
{
    meiro_mission_options mo = {kind, count, one_way, seed};
    return meiro_maze_add_mission(m, &mo, err);
}

static int kind_step(int level) { return level > 0 ? level - 1 : 1; } /* easy 0 .. expert 3 */

static meiro_status keys_after(meiro_maze *m, int level, uint64_t seed, meiro_error *err)
{
    return add_mission(m, MEIRO_MISSION_KEYS, 1 + (unsigned)kind_step(level), 0, seed, err);
}

static meiro_status collect_after(meiro_maze *m, int level, uint64_t seed, meiro_error *err)
{
    return add_mission(m, MEIRO_MISSION_COLLECT, 2 + 2 * (unsigned)kind_step(level), 0, seed, err);
}

static meiro_status one_way_after(meiro_maze *m, int level, uint64_t seed, meiro_error *err)
{
    return add_mission(m, MEIRO_MISSION_NONE, 0, 10 + 10 * (unsigned)kind_step(level), seed, err);
}

/* Two floors side by side in the width of one maze of the level, each of
 * half its rows (3 x 3 cells at least): as wide a page and cells as large,
 * the stairs the puzzle. Perfect (the floors are cut from a perfect maze). */
static void levels_options(meiro_generate_options *o, bool algorithm_given)
{
    (void)algorithm_given;
    uint32_t fw = o->width > 7 ? (o->width - 1) / 2 : 3;
    uint32_t fh = o->height > 5 ? (o->height + 1) / 2 : 3;
    o->width = fw;
    o->height = 2 * fh;
    o->loops = 0;
    o->weave = 0;
}

static meiro_status levels_after(meiro_maze *m, int level, uint64_t seed, meiro_error *err)
{
    (void)level;
    return meiro_maze_split_levels(m, 2, seed, err);
}

static const maze_kind kinds[] = {
    {"plain", plain_options, NULL, false, false},
    {"weave", weave_options, NULL, false, false},
    {"keys", plain_options, keys_after, true, false},
    {"collect", plain_options, collect_after, true, false},
    {"one-way", plain_options, one_way_after, true, false},
    {"levels", levels_options, levels_after, false, false},
    /* every maze's way with exactly N decision points (--choices) */
    {"choices", plain_options, NULL, false, true},
};
#define KIND_COUNT (sizeof kinds / sizeof kinds[0])

/* The kind of floors: rectangles, in PDF or HTML, laid out side by side. */
static bool kind_levels(const maze_kind *kind) { return kind->after == levels_after; }

/* The kind named by the n bytes at p (a counted kind's name with or
 * without its =N), or NULL. */
static const maze_kind *kind_named(const char *p, size_t n)
{
    for (size_t k = 0; k < KIND_COUNT; k++) {
        size_t len = strlen(kinds[k].name);
        if (strncmp(kinds[k].name, p, len) == 0 &&
            (len == n || (kinds[k].counted && len < n && p[len] == '=')))
            return &kinds[k];
    }
    return NULL;
}

/* The N of an entry NAME=N (n bytes at p), 1 to 1000000; 0 if none */
static unsigned kind_count(const char *p, size_t n)
{
    const char *eq = memchr(p, '=', n);
    unsigned long v = 0;
    for (const char *c = eq ? eq + 1 : p + n; c < p + n && v <= 1000000; c++)
        v = *c >= '0' && *c <= '9' ? v * 10 + (unsigned long)(*c - '0') : 1000001;
    return eq && eq + 1 < p + n && v <= 1000000 ? (unsigned)v : 0;
}

/* The level (1 easy .. 4 expert) named by the n bytes at p, or 0. */
static int level_named(const char *p, size_t n)
{
    for (int l = 0; l < MEIRO_LEVEL_COUNT; l++) {
        const char *name = meiro_level_info((meiro_level)l)->name;
        if (strlen(name) == n && strncasecmp(name, p, n) == 0) return l + 1;
    }
    return 0;
}

/* The entries of b->kinds: each KIND (taken in turn) or LEVEL:KIND (every
 * maze of that level). Calls `each` with the entry's level (0: none), its
 * kind's name and length; stops when it returns true. */
static void kind_entries(const meiro_booklet_options *b,
                         bool (*each)(void *ctx, const char *entry, size_t len, int level,
                                      const char *kind, size_t kind_len),
                         void *ctx)
{
    for (const char *p = b->kinds; p && *p;) {
        size_t n = strcspn(p, ",");
        const char *colon = memchr(p, ':', n);
        size_t head = colon ? (size_t)(colon - p) : 0;
        int level = colon ? level_named(p, head) : 0;
        if (colon && !level) level = -1; /* a level that is none */
        const char *k = colon ? colon + 1 : p;
        if (each(ctx, p, n, level, k, n - (size_t)(k - p))) return;
        if (!p[n]) return;
        p += n + 1;
    }
}

typedef struct kind_pick {
    int level;      /* the maze's */
    unsigned turn;  /* pass 2: the entry in turn wanted */
    unsigned turns; /* entries without a level */
    const maze_kind *kind;
    unsigned count; /* a counted kind's N */
    bool found;
} kind_pick;

static bool pick_level(void *ctx, const char *entry, size_t len, int level, const char *kind,
                       size_t kind_len)
{
    (void)entry, (void)len;
    kind_pick *k = ctx;
    if (level == 0) k->turns++;
    else if (level == k->level)
        k->kind = kind_named(kind, kind_len), k->count = kind_count(kind, kind_len),
        k->found = true;
    return k->found;
}

static bool pick_turn(void *ctx, const char *entry, size_t len, int level, const char *kind,
                      size_t kind_len)
{
    (void)entry, (void)len;
    kind_pick *k = ctx;
    if (level != 0) return false;
    if (k->turn-- == 0)
        k->kind = kind_named(kind, kind_len), k->count = kind_count(kind, kind_len),
        k->found = true;
    return k->found;
}

/* Maze i's kind, in the one order: its level's own (LEVEL:KIND in
 * b->kinds) first; else the entries without a level in turn, the i-th
 * (counting every maze, so a level's own keeps the others' places); else
 * plain. NULL for a name not in the table (booklet_kinds_check says
 * which). A counted kind's N in *count (0 for the others), if count. */
static const maze_kind *maze_kind_counted(const meiro_booklet_options *b, unsigned i,
                                          unsigned *count)
{
    kind_pick k = {.level = maze_level(b, i)};
    if (count) *count = 0;
    if (!b->kinds || !*b->kinds) return &kinds[0];
    kind_entries(b, pick_level, &k);
    if (!k.found && !k.turns) return &kinds[0];
    if (!k.found) {
        k.turn = i % k.turns;
        kind_entries(b, pick_turn, &k);
    }
    if (count) *count = k.count;
    return k.kind;
}

static const maze_kind *maze_kind_at(const meiro_booklet_options *b, unsigned i)
{
    return maze_kind_counted(b, i, NULL);
}

typedef struct kind_check {
    const meiro_booklet_options *b;
    meiro_error *err;
    meiro_status status;
    unsigned levels; /* bit l: LEVEL:KIND seen for level l */
} kind_check;

static bool check_entry(void *ctx, const char *entry, size_t len, int level, const char *kind,
                        size_t kind_len)
{
    kind_check *c = ctx;
    if (level < 0) {
        c->status = fail(c->err, MEIRO_ERROR_UNKNOWN_NAME,
                         "--kinds '%.*s': unknown level '%.*s' (easy, normal, hard or expert "
                         "before a kind's name)",
                         (int)len, entry, (int)(kind - 1 - entry), entry);
        return true;
    }
    const maze_kind *named = kind_named(kind, kind_len);
    if (named && named->counted && !kind_count(kind, kind_len)) {
        c->status = fail(c->err, MEIRO_ERROR_ARGUMENT,
                         "--kinds '%.*s': say how many, %s=N (N from 1: %s=3)", (int)len, entry,
                         named->name, named->name);
        return true;
    }
    if (!named) {
        char names[128] = "";
        for (size_t k = 0; k < KIND_COUNT; k++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s%s",
                     k ? (k + 1 == KIND_COUNT ? " or " : ", ") : "", kinds[k].name,
                     kinds[k].counted ? "=N" : "");
        c->status = fail(c->err, MEIRO_ERROR_UNKNOWN_NAME,
                         "unknown kind of maze '%.*s' (the kinds: %s)", (int)kind_len, kind, names);
        return true;
    }
    if (level == 0) return false;
    const char *name = meiro_level_info((meiro_level)(level - 1))->name;
    bool any = false;
    for (unsigned i = 0; i < c->b->count && !any; i++) any = maze_level(c->b, i) == level;
    if (c->levels & (1u << level))
        c->status = fail(c->err, MEIRO_ERROR_ARGUMENT,
                         "--kinds names the %s level's kind twice: one kind a level", name);
    else if (c->b->from_w && c->b->to_w)
        c->status = fail(c->err, MEIRO_ERROR_ARGUMENT,
                         "--kinds '%.*s': the mazes rise in size (--from/--to), not by level: "
                         "name the kinds alone",
                         (int)len, entry);
    else if (!any)
        c->status = fail(c->err, MEIRO_ERROR_ARGUMENT,
                         "--kinds '%.*s': no maze of this booklet is %s (--difficulty sets the "
                         "levels)",
                         (int)len, entry, name);
    c->levels |= 1u << level;
    return c->status != MEIRO_OK;
}

/* Every entry of b->kinds is a kind, or a level of the booklet's and a
 * kind, each level once. */
static meiro_status booklet_kinds_check(const meiro_booklet_options *b, meiro_error *err)
{
    kind_check c = {b, err, MEIRO_OK, 0};
    kind_entries(b, check_entry, &c);
    return c.status;
}

/* Maze i's options, and whether it takes a shape (its name in `shape`):
 * its level's maze, or the size between the first and the last with
 * cluster, on its grid, as meiro_generate_options_resolve lays the
 * booklet's algorithm and the shape over it. */
static bool maze_options(const meiro_booklet_options *b, unsigned i, meiro_generate_options *o,
                         char *shape, size_t size)
{
    meiro_generate_options_init(o);
    o->seed = meiro_booklet_maze_seed(b->seed, i);
    o->grid = maze_grid(b, i);
    o->algorithm = b->algorithm;
    double t = b->count > 1 ? (double)i / (b->count - 1) : 0;
    meiro_level_desc sized = {.algorithm = "cluster", .ends = MEIRO_ENDS_CORNERS};
    if (b->from_w && b->to_w) {
        sized.width = (uint32_t)(b->from_w + t * ((double)b->to_w - b->from_w) + 0.5);
        sized.height = (uint32_t)(b->from_h + t * ((double)b->to_h - b->from_h) + 0.5);
    }
    /* shapes are of square cells */
    bool shaped = o->grid == MEIRO_GRID_RECT && maze_shape(b, i, shape, size);
    int level = maze_level(b, i);
    meiro_maze_sources src = {.level = level ? meiro_level_info((meiro_level)(level - 1)) : &sized,
                              .shape = shaped};
    o->shape_name =
        shaped ? shape : NULL; /* a built-in shape's grid is at least the one where it reads */
    meiro_generate_options_resolve(o, b->algorithm ? MEIRO_GIVEN_ALGORITHM : 0, &src, NULL);
    const maze_kind *kind = maze_kind_at(b, i);
    if (kind) kind->options(o, b->algorithm != NULL);
    return shaped;
}

typedef struct booklet {
    meiro_maze **mazes;
    meiro_path *paths;
    doc_item *items;
    unsigned count;
    meiro_maze *cover;
} booklet;

static void booklet_free(booklet *bk)
{
    /* any of the three arrays may be missing when memory ran out */
    for (unsigned i = 0; i < bk->count; i++) {
        if (bk->mazes) meiro_maze_free(bk->mazes[i]);
        if (bk->paths) meiro_path_free(&bk->paths[i]);
    }
    free(bk->mazes);
    free(bk->paths);
    free(bk->items);
    meiro_maze_free(bk->cover);
}

/* The mazes, solved; an item carries its solution only where answer pages
 * or sheets show it (`answered`): a booklet's puzzles are never drawn
 * solved, whatever the answers mode. */
/* A series tries this many seeds for a maze before it gives up: small
 * mazes have few layouts */
#define SERIES_TRIES 64

static meiro_status make_mazes(const meiro_booklet_options *b, booklet *bk, unsigned done,
                               unsigned total, bool answered, series_ledger *series,
                               unsigned *replaced, meiro_error *err)
{
    bk->count = b->count;
    bk->mazes = zalloc(b->count, sizeof *bk->mazes);
    bk->paths = zalloc(b->count, sizeof *bk->paths);
    bk->items = zalloc(b->count, sizeof *bk->items);
    if (!bk->mazes || !bk->paths || !bk->items)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for %u mazes", b->count);
    for (unsigned i = 0; i < b->count; i++) {
        meiro_generate_options o;
        char shape[1024];
        uint8_t *mask = NULL;
        if (maze_options(b, i, &o, shape, sizeof shape)) {
            if (meiro_shape_mask(shape, o.width, o.height, &mask, err) != MEIRO_OK)
                return err->status;
            o.mask = mask;
            o.shape_name = strchr(shape, '/') ? strrchr(shape, '/') + 1 : shape;
        }
        /* in a series, a maze the ledger has is made again from the next
         * seed derived from its own */
        uint64_t seed = o.seed;
        unsigned choices;
        maze_kind_counted(b, i, &choices);
        for (unsigned t = 1;; t++) {
            bk->mazes[i] = gen_maze(&o, choices, 0, err);
            if (!bk->mazes[i] || !series ||
                series_take(series, meiro_maze_fingerprint(bk->mazes[i])))
                break;
            if (t == 1) (*replaced)++;
            meiro_maze_free(bk->mazes[i]);
            bk->mazes[i] = NULL;
            if (t == SERIES_TRIES) {
                meiro_mask_free(mask);
                return fail(err, MEIRO_ERROR_ARGUMENT,
                            "maze %u: %u seeds gave only mazes the series %s has already "
                            "(bigger or harder mazes have more layouts)",
                            i + 1, SERIES_TRIES, series->path);
            }
            o.seed = rng_hash(seed, t) % 1000000000u;
        }
        meiro_mask_free(mask);
        if (!bk->mazes[i]) return err->status;
        const maze_kind *kind = maze_kind_at(b, i);
        if (kind && kind->after && kind->after(bk->mazes[i], maze_level(b, i), o.seed, err) != MEIRO_OK)
            return err->status;
        meiro_status s = meiro_solve(bk->mazes[i], "bfs", &bk->paths[i], err);
        if (s != MEIRO_OK) return s;
        bk->items[i] = (doc_item){bk->mazes[i], answered ? &bk->paths[i] : NULL, maze_level(b, i)};
        if (b->progress) b->progress(b->progress_ctx, done + i + 1, total);
    }
    return MEIRO_OK;
}

/* The mazes as one page to play: drawn without their paths, which the
 * answer button shows (at once in a file of the answers alone). */
static meiro_status write_html(booklet *bk, uint64_t seed, const meiro_export_options *opt,
                               bool clean, FILE *out, meiro_error *err)
{
    for (unsigned i = 0; i < bk->count; i++) bk->items[i].path = NULL;
    document d;
    meiro_status s = drawing()->doc_plan(&d, bk->items, bk->count, opt,
                                         &(doc_parts){.cover = 0, .clean = clean}, err);
    if (s != MEIRO_OK) return s;
    d.has_seed = true;
    d.seed = seed;
    s = doc_write_html(&d, bk->paths, opt->answers_only, out, err);
    drawing()->doc_free(&d);
    return s;
}

/* Every maze's size against the limits and the page (or sheet), with
 * shells of the mazes, before any is made: a booklet that cannot be
 * written fails at once, not after all its mazes were generated. */
static meiro_status booklet_check(const meiro_booklet_options *b, const meiro_export_options *opt,
                                  meiro_format format, bool clean, meiro_error *err)
{
    meiro_status ks = booklet_kinds_check(b, err);
    if (ks != MEIRO_OK) return ks;
    for (unsigned i = 0; i < b->count; i++) {
        const maze_kind *kind = maze_kind_at(b, i);
        const print_profile *profile = print_profile_of(opt->print);
        if ((profile->tactile || profile->no_fine_text) &&
            (kind->options != plain_options || kind->mission))
            return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                              profile->tactile
                                  ? N_("--print tactile draws a maze of one floor without "
                                       "crossings or a mission: a tactile booklet's kinds are "
                                       "plain and choices=N, not %s")
                                  : N_("large print has no small print, and the line that says "
                                       "a %s maze's rule is: its booklet's kinds are plain and "
                                       "choices=N"),
                              kind->name);
        if (kind->counted && b->shapes)
            return fail_field(err, MEIRO_FIELD_SHAPE, MEIRO_ERROR_ARGUMENT,
                              "%s mazes make their way anew: not in a shape", kind->name);
        if (!kind->mission && !kind_levels(kind)) continue;
        if (kind_levels(kind) && !meiro_format_can(format, MEIRO_CAN_LEVELS)) /* XLSX */
            return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                              "a booklet of %s mazes is a PDF or HTML: XLSX cannot show them yet",
                              kind->name);
        if (opt->play && meiro_format_can(format, MEIRO_CAN_PLAY)) /* as export_xlsx.c's check */
            return fail_field(err, MEIRO_FIELD_PLAY, MEIRO_ERROR_ARGUMENT,
                              "a playable sheet cannot check a mission's keys, items or one-way "
                              "passages: leave out --play (%s mazes), or play it as html",
                              kind->name);
        if ((b->grids & ~(1u << MEIRO_GRID_RECT)) || b->shapes)
            return fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                              "%s mazes are plain rectangles: no other grid or shape with them",
                              kind->name);
    }

    meiro_maze *shells = zalloc(b->count, sizeof *shells);
    doc_item *items = zalloc(b->count, sizeof *items);
    meiro_status s = shells && items
                         ? MEIRO_OK
                         : fail(err, MEIRO_ERROR_NOMEM, "out of memory for %u mazes", b->count);
    for (unsigned i = 0; s == MEIRO_OK && i < b->count; i++) {
        meiro_generate_options o;
        char shape[1024];
        maze_options(b, i, &o, shape, sizeof shape);
        s = maze_check_size(o.width, o.height, err);
        /* a kind the maze's grid or generator cannot make, said before any is made */
        const generator_entry *gen = o.algorithm ? generator_find(o.algorithm) : NULL;
        if (s == MEIRO_OK && o.weave && o.grid != MEIRO_GRID_RECT)
            s = fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                           "maze %u is a weave maze on the %s grid: weave mazes are rectangles "
                           "(the kinds and the grids take turns together)",
                           i + 1, meiro_grid_name(o.grid));
        if (s == MEIRO_OK && o.weave && gen && !weave_generator(gen->run))
            s = fail_field(err, MEIRO_FIELD_ALGORITHM, MEIRO_ERROR_ARGUMENT,
                           "'%s' cannot weave; these can: cluster, dig, growing-tree",
                           gen->info.name);
        shells[i] = maze_shell(o.width, o.height);
        shells[i].grid = (uint8_t)o.grid; /* what a page lays out: the grid's bounding box */
        if (kind_levels(maze_kind_at(b, i))) /* or its floors side by side */
            shells[i].levels = 2, shells[i].floor_h = o.height / 2;
        items[i] = (doc_item){&shells[i], NULL, maze_level(b, i)};
    }
    /* workbooks and play pages are made of square cells */
    bool squares = !meiro_format_can(format, MEIRO_CAN_GRIDS);
    for (unsigned i = 0; s == MEIRO_OK && squares && i < b->count; i++)
        if (shells[i].grid != MEIRO_GRID_RECT)
            s = fail_field(err, MEIRO_FIELD_GRID, MEIRO_ERROR_ARGUMENT,
                           "a booklet of %s mazes is a PDF: %s pages are made of square cells",
                           meiro_grid_name((meiro_grid)shells[i].grid),
                           format == MEIRO_FORMAT_XLSX ? "XLSX" : "HTML");
    if (s == MEIRO_OK && format == MEIRO_FORMAT_XLSX) {
        s = xlsx_check(items, b->count, opt, NULL, err);
    } else if (s == MEIRO_OK && format == MEIRO_FORMAT_HTML) {
        uint64_t cells = 0;
        for (unsigned i = 0; i < b->count; i++) cells += (uint64_t)shells[i].w * shells[i].h;
        s = export_html_check_size(cells, err);
        document d;
        if (s == MEIRO_OK) s = drawing()->doc_init(&d, items, b->count, opt, 0, err);
        if (s == MEIRO_OK) drawing()->doc_free(&d);
    } else if (s == MEIRO_OK) {
        document d;
        s = drawing()->doc_plan(
            &d, items, b->count, opt,
            &(doc_parts){.cover = b->cover, .contents = b->contents, .clean = clean},
            err); /* freed on failure */
        if (s == MEIRO_OK) drawing()->doc_free(&d);
    }
    /* what the options get wrong first, then whether the memory suffices */
    for (unsigned i = 0; s == MEIRO_OK && i < b->count; i++)
        s = format_memory_check(format, shells[i].w, shells[i].h, err);
    free(shells);
    free(items);
    return s;
}

/* The largest sheet a home printer takes: Letter's or A4's width, Legal's length. */
#define HOME_SHEET_SHORT_MM 216.0
#define HOME_SHEET_LONG_MM 356.0

/* The folded booklet's sheet for pages of pw x ph mm (landscape: w the long
 * side): the one asked for, else A5 pages on A4 (297 mm, not twice 148),
 * A4 on A3, A6 on A5, other papers twice as wide (B5 on B4, Letter on
 * Tabloid). */
static void sheet_for(const meiro_booklet_options *b, double pw, double ph, double *w, double *h)
{
    double sw, sh;
    if (b->sheet >= 0 && meiro_paper_name((meiro_paper)b->sheet, &sh, &sw)) {
        *w = sw, *h = sh; /* a named paper's portrait size, turned */
        return;
    }
    static const double a_sizes[][2] = {{105, 148}, {148, 210}, {210, 297}, {297, 420}};
    *w = 2 * pw, *h = ph;
    for (size_t i = 0; i + 1 < sizeof a_sizes / sizeof a_sizes[0]; i++)
        if (fabs(pw - a_sizes[i][0]) < 0.5 && fabs(ph - a_sizes[i][1]) < 0.5)
            *w = a_sizes[i + 1][1];
}

meiro_status meiro_booklet_sheet_mm(const meiro_booklet_options *b,
                                    const meiro_export_options *page, double *w, double *h,
                                    bool *fits, meiro_error *err)
{
    (void)err; /* the paper was checked with the options */
    meiro_export_options opt;
    if (page) opt = *page;
    else meiro_export_options_init(&opt); /* A4: booklet-a4's, the booklet's own */
    page_paper paper;
    page_paper_of(&opt, &paper);
    /* a booklet's pages stand upright unless asked to lie */
    bool land = opt.orientation == MEIRO_ORIENT_LANDSCAPE;
    sheet_for(b, land ? paper.h : paper.w, land ? paper.w : paper.h, w, h);
    if (fits) *fits = fmin(*w, *h) <= HOME_SHEET_SHORT_MM && fmax(*w, *h) <= HOME_SHEET_LONG_MM;
    return MEIRO_OK;
}

/* A little maze of the booklet's first grid, to decorate its cover. */
static meiro_status cover_maze(const meiro_booklet_options *b, meiro_maze **cover, meiro_error *err)
{
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 10;
    o.height = 7;
    o.algorithm = "dig";
    o.seed = b->seed;
    o.grid = maze_grid(b, 0);
    if (o.grid == MEIRO_GRID_POLAR) o.height = 5;
    if (o.grid == MEIRO_GRID_HEX) o.width = 9;
    if (o.grid == MEIRO_GRID_TRIANGLE) o.width = 16;
    *cover = meiro_generate(&o, err);
    return *cover ? MEIRO_OK : err->status;
}

/* A print service's book: as many pages as it binds (doc_fold has made the
 * count even), and its gutter for that many. */
static meiro_status print_pages(const meiro_export_options *opt, document *d, meiro_error *err)
{
    const print_profile *service = print_profile_of(opt->print);
    size_t pages = d->page_count;
    if (pages < service->pages_min || pages > service->pages_max)
        return fail_field(err, MEIRO_FIELD_MAZES, MEIRO_ERROR_ARGUMENT,
                          N_("%s binds books of %u to %u pages, and this one has %zu: %s"),
                          service->service, service->pages_min, service->pages_max, pages,
                          pages < service->pages_min
                              ? N_("ask for more mazes (-n)")
                              : N_("ask for fewer mazes, or make two volumes"));
    /* Lightning Source (IngramSpark's printer) binds a book read from the
     * right from its pages in reverse order, the last first */
    if (d->style.rtl && opt->print == MEIRO_PRINT_INGRAM)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          N_("%s takes a book read from the right with its pages in reverse "
                             "order (the last first), which meiro does not write: --print kdp "
                             "chooses its reading direction instead"),
                          service->service);
    double gutter = meiro_print_gutter_mm(opt->print, (unsigned)pages);
    return gutter > d->style.paper.gutter ? drawing()->doc_set_gutter(d, gutter, err) : MEIRO_OK;
}

/* The book's last maze JSON carries (the hardest) recorded in the PDF in
 * *buf for its cover, with its title, subtitle and series volume (0: none)
 * (press/book_art.c). */
static meiro_status record_art(const document *docs, const booklet *bk, unsigned volume,
                               char **buf, size_t *len, meiro_error *err)
{
    const char *title =
        docs[0].style.title ? docs[0].style.title : docs[0].style.labels->default_title;
    for (unsigned i = bk->count; i-- > 0;) {
        char *x = NULL;
        size_t x_len = 0;
        meiro_error why;
        if (drawing()->book_art_attach(*buf, *len, bk->mazes[i], i + 1, title,
                                       docs[0].style.subtitle, volume, docs[0].style.rtl, &x,
                                       &x_len, &why) == MEIRO_OK) {
            free(*buf);
            *buf = x, *len = x_len;
            return MEIRO_OK;
        }
        free(x);
        if (why.status != MEIRO_ERROR_TOO_BIG) return fail(err, why.status, "%s", why.message);
    }
    return MEIRO_OK; /* no maze JSON carries: the book's cover has none of its own */
}

/* A print service's book: written in memory (in PDF/X where the service
 * wants it), its cover's maze recorded (the last one JSON carries: the
 * hardest), preflighted, then to out (a failing book is never written). */
static meiro_status write_checked(const document *docs, size_t n, const meiro_export_options *opt,
                                  const booklet *bk, unsigned volume, const char *temp_dir,
                                  FILE *out, meiro_error *err)
{
    char *buf = NULL, *x = NULL;
    size_t len = 0, x_len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return fail(err, MEIRO_ERROR_NOMEM, "out of memory writing the PDF");
    meiro_status s = drawing()->doc_write_pdf_set(docs, n, mem, err);
    if (fclose(mem) != 0 && s == MEIRO_OK)
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory writing the PDF");
    /* the art and the document information as the service wants them
     * before Ghostscript (whose XMP packet, X-4's, copies the latter), the
     * art again after it (gs keeps no private key) */
    bool pdfx = pdfx_wanted(opt->print, opt->pdfx || opt->pdfx4);
    if (s == MEIRO_OK) s = record_art(docs, bk, volume, &buf, &len, err);
    if (s == MEIRO_OK && pdfx) {
        s = pdfx_convert(buf, len, false, opt->pdfx4, temp_dir, &x, &x_len, err);
        if (s == MEIRO_OK) free(buf), buf = x, len = x_len;
        else free(x);
        if (s == MEIRO_OK) s = record_art(docs, bk, volume, &buf, &len, err);
    }
    if (s == MEIRO_OK) s = drawing()->preflight_own(buf, len, opt->print, err);
    if (s == MEIRO_OK && fwrite(buf, 1, len, out) != len) s = fail_write(err);
    free(buf);
    return s;
}

/* A class set's answers, after every copy's sheets (which are handed out:
 * no pupil finds their answers behind them): one document of the mazes of
 * the `made` booklets, each captioned with its copy's label ("Hana ·
 * No. 2"; labels NULL: the same mazes for all, one key), as a key
 * (key_per_page a page, whoever's they are) or, asked for, a page each.
 * *items (free it) must outlive the document. */
static meiro_status plan_set_answers(document *d, const booklet *bks, unsigned made,
                                     const char *const *labels, const meiro_export_options *opt,
                                     bool clean, doc_item **items, meiro_error *err)
{
    size_t count = bks[0].count, n = (size_t)made * count;
    *items = zalloc(n, sizeof **items);
    if (!*items) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for %zu answers", n);
    for (unsigned c = 0; c < made; c++)
        for (size_t i = 0; i < count; i++)
            (*items)[c * count + i] =
                (doc_item){bks[c].mazes[i], &bks[c].paths[i], bks[c].items[i].level};
    meiro_export_options only = *opt;
    only.answers_only = true;
    /* for the teacher: packed, unless full pages are asked for by name
     * (a template's after-page is a page for a child's grown-up) */
    if (only.answers != MEIRO_ANSWERS_AFTER_PAGE) only.answers = MEIRO_ANSWERS_KEY;
    return drawing()->doc_plan(d, *items, n, &only,
                               &(doc_parts){.copies = labels, .per_copy = count, .clean = clean},
                               err);
}

/* The side file's text (b->remake_file), for the seller's records: the
 * command, the booklet's seed, and each maze's seed, algorithm and size
 * as a workings caption gives them (a series' maze made again from
 * another seed has that one). *text is malloc'ed. */
static meiro_status remake_text(const meiro_booklet_options *b, const meiro_export_options *opt,
                                const booklet *bks, unsigned copies, char **text,
                                meiro_error *err)
{
    size_t len = 0;
    FILE *mem = open_memstream(text, &len);
    if (!mem) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the remaking file");
    page_words w;
    page_words_for(opt, &w);
    const char *title = w.title ? w.title : w.labels->default_title;
    fprintf(mem,
            "# %s: what makes this book again (meiro %s), kept apart from its pages\n"
            "# the command, with -o naming the file, writes the same book\n"
            "command: %s\nseed: %llu\n",
            title, MEIRO_VERSION, b->command ? b->command : "", (unsigned long long)b->seed);
    for (unsigned c = 0; c < copies; c++) {
        if (copies > 1)
            fprintf(mem, "copy %u: seed %llu\n", c + 1,
                    (unsigned long long)meiro_booklet_copy_seed(b->seed, c));
        for (unsigned i = 0; i < bks[c].count; i++) {
            const meiro_maze *m = bks[c].mazes[i];
            char dims[160];
            uint64_t seed = 0;
            meiro_maze_seed(m, &seed);
            page_maze_size(m, dims, sizeof dims);
            fprintf(mem, "maze %u: seed %llu · %s · %s\n", i + 1, (unsigned long long)seed,
                    meiro_maze_algorithm(m), dims);
        }
    }
    bool failed = ferror(mem) != 0;
    if (fclose(mem) != 0 || failed) {
        free(*text);
        *text = NULL;
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the remaking file");
    }
    return MEIRO_OK;
}

/* The booklet's options on their own and against the format and the page
 * (those that need no maze and no template). */
static meiro_status booklet_args_check(const meiro_booklet_options *b,
                                       const meiro_export_options *page, meiro_format format,
                                       meiro_error *err)
{
    if (b->count < 1 || b->count > 10000)
        return fail_field(err, MEIRO_FIELD_MAZES, MEIRO_ERROR_ARGUMENT,
                          N_("a booklet has 1 to 10000 mazes (not %u)"), b->count);
    if ((b->from_w || b->to_w) && !(b->from_w && b->from_h && b->to_w && b->to_h))
        return fail_field(err, MEIRO_FIELD_SIZES, MEIRO_ERROR_ARGUMENT,
                          N_("rising sizes need both the first and the last size (W x H)"));
    if (!meiro_level_info(b->from_level) || !meiro_level_info(b->to_level))
        return fail_field(err, MEIRO_FIELD_LEVEL, MEIRO_ERROR_ARGUMENT, "invalid difficulty level");
    if (!meiro_format_can(format, MEIRO_CAN_BOOKLET))
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                          N_("a booklet is a PDF, an XLSX workbook, an HTML page or its pages as "
                             "data (page)"));
    if (b->fold && format != MEIRO_FORMAT_PDF)
        return fail_field(err, MEIRO_FIELD_FOLD, MEIRO_ERROR_ARGUMENT,
                          N_("a folded booklet is a PDF (its sheets are printed)"));
    if (b->fold == MEIRO_FOLD_SHEETS && page && page->bleed_mm > 0)
        return fail_field(err, MEIRO_FIELD_BLEED, MEIRO_ERROR_ARGUMENT,
                          N_("a bleed is for a print shop's pages, not for sheets folded at home: "
                             "use --fold=pages with --bleed"));
    if (page && (page->print == MEIRO_PRINT_PLOTTER || page->print == MEIRO_PRINT_LASER))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          page->print == MEIRO_PRINT_PLOTTER
                              ? N_("--print plotter is a machine's (generate -f gcode or hpgl), "
                                   "not a booklet's")
                              : N_("--print laser is a machine's (generate -f dxf), not a "
                                   "booklet's"));
    if (page && page->print == MEIRO_PRINT_TACTILE) {
        /* swell paper goes through the fuser a sheet at a time, one side */
        const char *refused = format != MEIRO_FORMAT_PDF && format != MEIRO_FORMAT_PAGE
                                  ? N_("a PDF (or its pages as data)")
                              : b->fold ? N_("not folded (--fold)")
                              : b->copies > 1 || b->names
                                  ? N_("not a class set (--copies, --names)")
                              : b->cover == 1 ? N_("without a print cover (--cover)")
                                              : NULL;
        if (refused)
            return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                              N_("a tactile booklet is sheets of swell paper, its braille "
                                 "contents first: %s"),
                              refused);
    }
    if (page && print_profile_of(page->print)->no_fine_text) {
        /* what would set its words smaller: a workbook's or a screen's
         * sizes, a cover's lines, a copy's label in the footer, pages
         * scaled onto a sheet */
        const char *refused = format != MEIRO_FORMAT_PDF && format != MEIRO_FORMAT_PAGE
                                  ? N_("a PDF (or its pages as data)")
                              : b->copies > 1 || b->names
                                  ? N_("not a class set (--copies, --names)")
                              : b->cover == 1 ? N_("without a cover (--cover)")
                              : b->sheet >= 0 ? N_("its pages not scaled onto a sheet (--sheet)")
                                              : NULL;
        if (refused)
            return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                              N_("a large-print booklet has no text under 18 pt: %s"), refused);
    }
    if (page && print_profile_of(page->print)->bleed > 0 &&
        (b->fold == MEIRO_FOLD_SHEETS || b->copies > 1 || format != MEIRO_FORMAT_PDF))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          b->fold == MEIRO_FOLD_SHEETS
                              ? N_("a print service's book is one PDF of pages, not sheets "
                                   "folded at home (--fold)")
                          : b->copies > 1
                              ? N_("a print service's book is one PDF of pages, not a class set "
                                   "(--copies)")
                              : N_("a print service's book is one PDF of pages"));
    if ((b->sheet >= 0 || b->creep_mm > 0) && b->fold != MEIRO_FOLD_SHEETS)
        return fail_field(err, b->sheet >= 0 ? MEIRO_FIELD_SHEET : MEIRO_FIELD_CREEP,
                          MEIRO_ERROR_ARGUMENT,
                          N_("a sheet and creep are for a booklet folded from sheets (--fold)"));
    if (b->sheet >= MEIRO_PAPER_COUNT)
        return fail_field(err, MEIRO_FIELD_SHEET, MEIRO_ERROR_ARGUMENT, "invalid sheet %d",
                          b->sheet);
    if (b->signature > 50 || !(b->creep_mm >= 0 && b->creep_mm <= 2))
        return fail_field(err, b->signature > 50 ? MEIRO_FIELD_SIGNATURE : MEIRO_FIELD_CREEP,
                          MEIRO_ERROR_ARGUMENT,
                          N_("a signature has 1 to 50 sheets and the creep is 0 to 2 mm a sheet"));
    if (b->signature && !b->fold)
        return fail_field(err, MEIRO_FIELD_SIGNATURE, MEIRO_ERROR_ARGUMENT,
                          N_("signatures are for folded booklets (--fold, or --fold=pages)"));
    if (b->copies > 1 && ((format != MEIRO_FORMAT_PDF && format != MEIRO_FORMAT_PAGE) || b->fold))
        return fail_field(err, MEIRO_FIELD_COPIES, MEIRO_ERROR_ARGUMENT,
                          N_("a class set (copies) is a PDF, not folded: %s"),
                          b->fold ? N_("fold one booklet per pupil")
                                  : N_("its copies follow each other, pages numbered per copy"));
    if (b->copies > 1 && (uint64_t)b->copies * b->count > 10000)
        return fail_field(err, MEIRO_FIELD_COPIES, MEIRO_ERROR_ARGUMENT,
                          N_("a class set has at most 10000 mazes in all, not %u copies of %u"),
                          b->copies, b->count);
    if (b->same_mazes && !b->names)
        return fail_field(
            err, MEIRO_FIELD_NAMES, MEIRO_ERROR_ARGUMENT,
            N_("the same mazes for every pupil are their named sheets: give the names "
               "(--names); copies without names would be one sheet printed again"));
    for (unsigned c = 0; b->names && c < b->copies; c++) {
        if (!b->names[c] || !b->names[c][0])
            return fail_field(err, MEIRO_FIELD_NAMES, MEIRO_ERROR_ARGUMENT,
                              N_("copy %u has no name"), c + 1);
        char what[48];
        snprintf(what, sizeof what, "copy %u's name", c + 1);
        meiro_status s = text_line_check(b->names[c], what, MEIRO_FIELD_NAMES, err);
        if (s != MEIRO_OK) return s;
    }
    /* drawn on the last page: a file name in it may be no text at all */
    meiro_error why = {0};
    if (b->command && text_line_check(b->command, "the command on the last page", MEIRO_FIELD_NONE,
                                      &why) != MEIRO_OK)
        return fail(err, MEIRO_ERROR_ARGUMENT, "%s (a file name in it?): rename the file",
                    why.message);
    if (page && page->play && !meiro_format_can(format, MEIRO_CAN_PLAY))
        return fail_field(err, MEIRO_FIELD_PLAY, MEIRO_ERROR_ARGUMENT,
                          N_("a playable sheet is a spreadsheet: it needs XLSX output, not %s"),
                          meiro_format_info(format)->name);
    return MEIRO_OK;
}

/* A booklet on its way: the page, the copies (a class set's), their
 * mazes and documents. */
typedef struct booklet_run {
    const meiro_booklet_options *b;
    series_ledger *series;      /* NULL: a book of no series */
    meiro_export_options opt;   /* the page, over its template */
    meiro_export_options sheet; /* a copy's sheets: without answers in a class set */
    meiro_template *fallback;   /* the booklet's own template, when the page has none */
    char volume[320];           /* a series' subtitle (opt.subtitle) */
    unsigned copies, made, sheets, total, planned;
    bool answered, set_answers, clean;
    booklet *bks;       /* made */
    document *docs;     /* planned (PDF) */
    char (*labels)[80]; /* each copy's, in a class set */
    const char **named; /* labels[c] */
    doc_item *keys;
} booklet_run;

/* The page: the caller's over its template, else over the booklet's own
 * (numbered pages, a key at the back), every page setting given winning
 * (meiro_export_options_resolve, the one rule); HTML without answer
 * pages (its button shows them); a series' volume under the title. */
static meiro_status run_page(booklet_run *r, const meiro_export_options *page, meiro_format format,
                             meiro_error *err)
{
    if (page) r->opt = *page;
    else meiro_export_options_init(&r->opt);
    if (!r->opt.tpl) {
        r->fallback = meiro_template_load("booklet-a4", err);
        if (!r->fallback) return err ? err->status : MEIRO_ERROR_NOMEM;
        meiro_export_options_resolve(&r->opt,
                                     MEIRO_GIVEN_PAPER | MEIRO_GIVEN_ORIENTATION |
                                         MEIRO_GIVEN_MARGIN | MEIRO_GIVEN_PRINT,
                                     r->fallback);
    }
    if (format == MEIRO_FORMAT_HTML) r->opt.answers = MEIRO_ANSWERS_NONE;
    if (r->series) {
        bool ja = r->opt.lang && !strcmp(r->opt.lang, "ja");
        char number[32];
        snprintf(number, sizeof number, ja ? "第%u巻" : "Volume %u", r->series->volumes + 1);
        if (r->opt.subtitle && r->opt.subtitle[0])
            snprintf(r->volume, sizeof r->volume, "%.*s · %s", 200, r->opt.subtitle, number);
        else snprintf(r->volume, sizeof r->volume, "%s", number);
        r->opt.subtitle = r->volume;
    }
    return MEIRO_OK;
}

/* The copies counted and their room made, then the checks that need the
 * page: a class set's every copy's sheets, then the answers of all in a
 * document of their own (the answer file: that alone), never a pupil's
 * answers behind their sheets; the same mazes for all: made once. */
static meiro_status run_start(booklet_run *r, meiro_format format, meiro_error *err)
{
    const meiro_booklet_options *b = r->b;
    meiro_export_options *opt = &r->opt;
    r->copies = b->copies > 1 ? b->copies : 1;
    r->answered = opt->answers_only || page_answers(opt) != ANSWERS_NONE;
    r->made = r->copies > 1 && b->same_mazes ? 1 : r->copies;
    r->sheets = r->copies > 1 && opt->answers_only ? 0 : r->copies;
    r->set_answers = r->copies > 1 && r->answered;
    r->sheet = *opt;
    if (r->copies > 1) r->sheet.answers = MEIRO_ANSWERS_NONE, r->sheet.answer_page = false;
    r->total = (r->made + r->sheets) * b->count;
    r->bks = zalloc(r->made, sizeof *r->bks);
    r->docs = zalloc(r->copies + 1, sizeof *r->docs);
    r->labels = zalloc(r->copies, sizeof *r->labels);
    r->named = zalloc(r->copies, sizeof *r->named);
    meiro_status s = r->bks && r->docs && r->labels && r->named
                         ? meiro_export_options_check(opt, err)
                         : fail(err, MEIRO_ERROR_NOMEM, "out of memory for %u copies", r->copies);
    if (s == MEIRO_OK)
        s = page_paper_check(opt, meiro_format_can(format, MEIRO_CAN_BLEED),
                             format == MEIRO_FORMAT_XLSX, meiro_format_info(format)->name, err);
    r->clean = !meiro_booklet_workings(b, opt);
    if (s == MEIRO_OK) s = booklet_check(b, opt, format, r->clean, err);
    if (s == MEIRO_OK && r->clean && format == MEIRO_FORMAT_XLSX)
        s = fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                       "a workbook's footers give each maze's seed: a booklet without meiro's "
                       "workings is a PDF or an HTML page");
    if (s == MEIRO_OK && r->copies > 1 && !opt->answers_only && page_answers(opt) == ANSWERS_BACK)
        s = fail_field(err, MEIRO_FIELD_ANSWERS, MEIRO_ERROR_ARGUMENT,
                       N_("answers on the back of a class set's sheets hand each pupil their own: "
                          "--answers key or after-page puts them after every sheet, --answers-to "
                          "in a file of their own"));
    return s;
}

/* Every copy's mazes (each from its copy's seed), and a class set's
 * labels. */
static meiro_status run_make(booklet_run *r, unsigned *replaced, meiro_error *err)
{
    const meiro_booklet_options *b = r->b;
    meiro_status s = MEIRO_OK;
    for (unsigned c = 0; s == MEIRO_OK && c < r->made; c++) {
        meiro_booklet_options copy = *b;
        copy.seed = meiro_booklet_copy_seed(b->seed, c);
        s = make_mazes(&copy, &r->bks[c], c * b->count, r->total, r->answered && r->copies == 1,
                       r->series, replaced, err);
    }
    for (unsigned c = 0; s == MEIRO_OK && r->copies > 1 && c < r->copies; c++)
        copy_label(b, &r->opt, c, r->labels[c], sizeof r->labels[c]), r->named[c] = r->labels[c];
    return s;
}

/* A PDF's documents: each copy's sheets (its name on them, its cover
 * maze), then a class set's answers. */
static meiro_status run_plan_pdf(booklet_run *r, meiro_error *err)
{
    const meiro_booklet_options *b = r->b;
    meiro_status s = MEIRO_OK;
    for (unsigned c = 0; s == MEIRO_OK && c < r->sheets; c++) {
        booklet *bk = &r->bks[c < r->made ? c : 0];
        meiro_booklet_options copy = *b;
        copy.seed = meiro_booklet_copy_seed(b->seed, c < r->made ? c : 0);
        meiro_export_options own = r->sheet;
        if (b->names) own.name = b->names[c];
        document *d = &r->docs[r->planned];
        s = drawing()->doc_plan(d, bk->items, bk->count, &own,
                                &(doc_parts){.cover = b->cover,
                                             .contents = b->contents,
                                             .version = r->copies > 1 ? r->labels[c] : NULL,
                                             .volume = r->series != NULL,
                                             .clean = r->clean},
                                err);
        if (s != MEIRO_OK) break;
        r->planned++;
        d->has_seed = true;
        d->seed = copy.seed;
        d->progress = b->progress;
        d->progress_ctx = b->progress_ctx;
        d->done_before = r->made * b->count + c * b->count;
        d->share = b->count;
        d->total = r->total;
        d->style.page_numbers = true; /* every page numbered */
        if (d->style.cover && !bk->cover) s = cover_maze(&copy, &bk->cover, err);
        d->cover_maze = bk->cover;
    }
    if (s == MEIRO_OK && r->set_answers) {
        document *d = &r->docs[r->planned];
        s = plan_set_answers(d, r->bks, r->made, r->made > 1 ? r->named : NULL, &r->opt, r->clean,
                             &r->keys, err);
        if (s == MEIRO_OK) {
            r->planned++;
            d->has_seed = true;
            d->seed = b->seed;
            d->style.page_numbers = true;
        }
    }
    return s;
}

/* The planned PDF: the last page says how to make the booklet (the class
 * set) again; sheets are a multiple of 4 pages, pages for a print shop an
 * even count (glued) or whole signatures of 4 x signature pages; folded
 * on sheets, checked for a print service, or the documents one after the
 * other. */
static meiro_status run_write_pdf(booklet_run *r, meiro_format format, FILE *out,
                                  const char *temp_dir, meiro_error *err)
{
    const meiro_booklet_options *b = r->b;
    unsigned multiple = b->fold == MEIRO_FOLD_SHEETS ? 4 : b->signature ? 4 * b->signature : 2;
    bool service = print_profile_of(r->opt.print)->bleed > 0;
    meiro_status s = MEIRO_OK;
    if (b->fold || service) s = drawing()->doc_fold(&r->docs[0], multiple, err);
    if (s == MEIRO_OK && service) s = print_pages(&r->opt, &r->docs[0], err);
    if (s == MEIRO_OK) s = drawing()->doc_set_remake(&r->docs[r->planned - 1], b->command, err);
    if (s != MEIRO_OK) return s;
    if (format == MEIRO_FORMAT_PAGE) /* the PDF's pages, as data */
        return drawing()->doc_write_scenes(r->docs, r->planned, true, b->seed, out, err);
    if (b->fold == MEIRO_FOLD_SHEETS) {
        double pw, ph;
        drawing()->doc_page_size(&r->docs[0], &pw, &ph);
        fold_sheets fs = {0, 0, b->signature, b->creep_mm};
        sheet_for(b, pw, ph, &fs.w, &fs.h);
        size_t sheets = r->docs[0].page_count / 4;
        if (!fs.signature) fs.signature = sheets <= 10 ? (unsigned)sheets : 8;
        return drawing()->doc_write_pdf_folded(&r->docs[0], &fs, out, err);
    }
    if (service)
        return write_checked(r->docs, r->planned, &r->opt, &r->bks[0],
                             r->series ? r->series->volumes + 1 : 0, temp_dir, out, err);
    return drawing()->doc_write_pdf_set(r->docs, r->planned, out, err);
}

static void run_free(booklet_run *r)
{
    for (unsigned c = 0; c < r->planned; c++) drawing()->doc_free(&r->docs[c]);
    for (unsigned c = 0; r->bks && c < r->made; c++) booklet_free(&r->bks[c]);
    free(r->bks);
    free(r->keys);
    free(r->docs);
    free(r->labels);
    free(r->named);
    meiro_template_free(r->fallback);
}

/* Whether a page holds maze 0.. of every grid b takes at the size b
 * rises from (doc_plan refuses a maze too big for a tactile sheet, or of
 * cells smaller than large print's). */
static meiro_status sheets_hold(const meiro_booklet_options *b, const meiro_export_options *opt,
                                meiro_error *err)
{
    meiro_status s = MEIRO_OK;
    for (unsigned i = 0; s == MEIRO_OK && i < b->count && i < MEIRO_GRID_COUNT; i++) {
        meiro_generate_options o;
        char shape[1024];
        maze_options(b, i, &o, shape, sizeof shape);
        meiro_maze shell = maze_shell(o.width, o.height);
        shell.grid = (uint8_t)o.grid;
        /* two: a booklet's pages, their captions and headings */
        doc_item items[2] = {{&shell, NULL, 0}, {&shell, NULL, 0}};
        document d;
        s = drawing()->doc_plan(&d, items, 2, opt, &(doc_parts){.cover = 0, .contents = 0}, err);
        if (s == MEIRO_OK) drawing()->doc_free(&d);
    }
    return s;
}

/* A tactile or large-print booklet's sizes, unless given (its levels'
 * sizes are a printed page's, of smaller cells): from 3 x 3 to the
 * largest maze its sheets hold (large print's: whose cells keep 12 mm),
 * grown on both sides, then on each. */
static meiro_status profile_sizes(meiro_booklet_options *b, const meiro_export_options *opt,
                                  meiro_error *err)
{
    const print_profile *profile = print_profile_of(opt->print);
    if (!(profile->tactile || profile->cell_min > 0) || (b->from_w && b->to_w)) return MEIRO_OK;
    b->from_w = b->from_h = b->to_w = b->to_h = 3;
    meiro_status s = sheets_hold(b, opt, err);
    for (int side = 0; s == MEIRO_OK && side < 3; side++)
        for (;;) {
            meiro_booklet_options more = *b;
            more.from_w = more.to_w += side != 2;
            more.from_h = more.to_h += side != 1;
            if (more.to_w > MEIRO_MAX_SIDE || sheets_hold(&more, opt, NULL) != MEIRO_OK) break;
            b->to_w = more.to_w, b->to_h = more.to_h;
        }
    b->from_w = b->from_h = 3;
    return s;
}

/* A booklet: its options checked, the page, the mazes of every copy, then
 * the workbook, the page to play or the PDF (planned, then written); the
 * remaking text once it is. */
static meiro_status booklet_write_unlocalized(const meiro_booklet_options *b,
                                              const meiro_export_options *page, meiro_format format,
                                              FILE *out, const char *temp_dir,
                                              series_ledger *series, unsigned *replaced,
                                              char **remake, meiro_error *err)
{
    meiro_status s = booklet_args_check(b, page, format, err);
    if (s != MEIRO_OK) return s;
    booklet_run r = {.b = b, .series = series};
    s = run_page(&r, page, format, err);
    meiro_booklet_options sized = *b; /* a tactile or large-print booklet's sizes */
    if (s == MEIRO_OK) s = profile_sizes(&sized, &r.opt, err);
    r.b = &sized;
    if (s == MEIRO_OK) s = run_start(&r, format, err);
    if (s == MEIRO_OK) s = run_make(&r, replaced, err);
    bool pages = format == MEIRO_FORMAT_PDF || format == MEIRO_FORMAT_PAGE;
    if (s == MEIRO_OK && pages) s = run_plan_pdf(&r, err);
    if (s == MEIRO_OK && format == MEIRO_FORMAT_XLSX)
        s = xlsx_write_items(r.bks[0].items, r.bks[0].count, &r.opt, out, temp_dir, err);
    else if (s == MEIRO_OK && format == MEIRO_FORMAT_HTML)
        s = write_html(&r.bks[0], b->seed, &r.opt, r.clean, out, err);
    else if (s == MEIRO_OK) s = run_write_pdf(&r, format, out, temp_dir, err);
    if (s == MEIRO_OK && remake) s = remake_text(b, &r.opt, r.bks, r.made, remake, err);
    if (s == MEIRO_OK && b->progress) b->progress(b->progress_ctx, r.total, r.total);
    run_free(&r);
    return s;
}

/* Numbers read and written in the "C" locale (core/numbers.h). */
static meiro_status booklet_write_in(const meiro_booklet_options *b,
                                     const meiro_export_options *page, meiro_format format,
                                     FILE *out, const char *temp_dir, series_ledger *series,
                                     unsigned *replaced, char **remake, meiro_error *err)
{
    meiro_error own;
    if (!err) err = &own; /* below, a failure's status is read from err */
    c_numbers n;
    c_numbers_begin(&n);
    meiro_status r =
        booklet_write_unlocalized(b, page, format, out, temp_dir, series, replaced, remake, err);
    c_numbers_end(&n);
    return r;
}

meiro_status meiro_booklet_write(const meiro_booklet_options *b, const meiro_export_options *page,
                                 meiro_format format, FILE *out, meiro_error *err)
{
    return booklet_write_in(b, page, format, out, NULL, NULL, NULL, NULL, err);
}

typedef struct booklet_job {
    const meiro_booklet_options *b;
    const meiro_export_options *page;
    meiro_format format;
    series_ledger *series;
    unsigned *replaced;
    char *remake; /* the side file's text, when b->remake_file names one */
} booklet_job;

static meiro_status write_booklet_job(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    booklet_job *job = ctx;
    return booklet_write_in(job->b, job->page, job->format, out, temp_dir, job->series,
                            job->replaced, job->b->remake_file ? &job->remake : NULL, err);
}

static meiro_status write_remake(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    (void)temp_dir;
    const char *text = ctx;
    fputs(text, out);
    return stream_error(out) ? fail_write(err) : MEIRO_OK;
}

/* The booklet, then its side file (a booklet that failed leaves none). */
static meiro_status save_booklet_job(booklet_job *job, const char *filename, meiro_error *err)
{
    const meiro_booklet_options *b = job->b;
    if (b->remake_file && b->remake_file[0] && meiro_same_file(b->remake_file, filename))
        return fail(err, MEIRO_ERROR_ARGUMENT, "the remaking file is the booklet's own file '%s'",
                    filename);
    meiro_status s = save_atomically(filename, write_booklet_job, job, err);
    if (s == MEIRO_OK && job->remake)
        s = save_atomically(b->remake_file, write_remake, job->remake, err);
    free(job->remake);
    job->remake = NULL;
    return s;
}

meiro_status meiro_booklet_save(const meiro_booklet_options *b, const meiro_export_options *page,
                                meiro_format format, const char *filename, meiro_error *err)
{
    booklet_job job = {b, page, format, NULL, NULL, NULL};
    return save_booklet_job(&job, filename, err);
}

meiro_status meiro_booklet_save_series(const meiro_booklet_options *b,
                                       const meiro_export_options *page, meiro_format format,
                                       const char *filename, meiro_series *series,
                                       meiro_error *err)
{
    if (!series || !series->ledger || !series->ledger[0])
        return fail(err, MEIRO_ERROR_ARGUMENT, "a series needs its ledger file");
    if (b->copies > 1)
        return fail_field(err, MEIRO_FIELD_COPIES, MEIRO_ERROR_ARGUMENT,
                          "a series' volume is one booklet, not a class set (copies)");
    series->volume = series->replaced = 0;
    series_ledger l;
    meiro_status s = series_open(&l, series->ledger, b->seed, b->count, err);
    l.command = b->command;
    booklet_job job = {b, page, format, &l, &series->replaced, NULL};
    /* the ledger after the book: a book that failed records nothing */
    if (s == MEIRO_OK) s = save_booklet_job(&job, filename, err);
    if (s == MEIRO_OK) s = series_save(&l, err);
    if (s == MEIRO_OK) series->volume = l.volumes + 1;
    series_free(&l);
    return s;
}
