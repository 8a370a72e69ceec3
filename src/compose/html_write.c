/* HTML export: one self-contained page to play the maze in a browser and
 * to print. The page is composed as for PDF and written as inline SVG by
 * the composer (svg_write.h: no drawing library, so the WebAssembly build
 * writes the same page), the mazes' walls and solutions go in as JSON for
 * the script (html/play.js) that walks them; no request leaves the file.
 * Booklets: every maze in one page, with next and previous. */
#include "core/error.h"
#include "core/markup.h"
#include "core/model.h"
#include "core/words.h"
#include "page/answer_colour.h"
#include "page/layout.h"
#include "compose/canvas.h"
#include "compose/document.h"
#include "compose/draw.h"
#include "compose/html_assets.h"
#include "compose/svg_write.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The page's own words (the maze's are drawn by the document). */
typedef struct html_words {
    const char *lang;
    const char *goal, *well_done, *show, *hide, *reset, *prev, *next, *again, *next_maze, *help,
        *picture;
    const char *bigger, *smaller;
    const char *stairs; /* a multi-level maze's help, after help */
} html_words;

/* English here, every other language from its catalogue (core/words.h) */
static const html_words WORDS[] = {
    {.lang = "en",
     /* TRANSLATORS: the HTML page's words, when the child reaches the goal */
     .goal = WORD("html.goal", "Goal!"),
     .well_done = WORD("html.well_done", "Well done!"),
     /* TRANSLATORS: the HTML page's buttons */
     .show = WORD("html.show", "Show the answer"),
     .hide = WORD("html.hide", "Hide the answer"),
     .reset = WORD("html.reset", "Start again"),
     .prev = WORD("html.prev", "Previous"),
     .next = WORD("html.next", "Next"),
     .again = WORD("html.again", "Play again"),
     .next_maze = WORD("html.next_maze", "Next maze"),
     /* TRANSLATORS: S and G are drawn on the maze; W A S D are keys */
     .help = WORD("html.help", "Arrow keys, W A S D, or slide a finger: walk from S to G."),
     /* TRANSLATORS: read aloud by a screen reader */
     .picture = WORD("html.picture",
                     "A maze. Walk from S to G with the arrow keys or by sliding a finger."),
     .bigger = WORD("html.bigger", "Bigger"),
     .smaller = WORD("html.smaller", "Smaller"),
     /* TRANSLATORS: a maze of floors; keep ▲ and ▼; Enter, E and Q are keys */
     .stairs = WORD("html.stairs", "On a stair (▲ up, ▼ down): Enter, E/Q, or tap.")},
    CATALOG_html};

static const html_words *words_for(const char *lang)
{
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (lang && strcasecmp(lang, WORDS[i].lang) == 0) return &WORDS[i];
    return &WORDS[0];
}

/* Writing with every call checked: the first failure sticks. */
typedef struct html_out {
    FILE *f;
    bool ok;
} html_out;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(html_out *o, const char *fmt, ...)
{
    if (!o->ok) return;
    va_list ap;
    va_start(ap, fmt);
    o->ok = vfprintf(o->f, fmt, ap) >= 0;
    va_end(ap);
}

static void put_raw(html_out *o, const char *s)
{
    if (o->ok) o->ok = fputs(s, o->f) != EOF;
}

/* Text in an element or attribute. */
static void put_text(html_out *o, const char *s)
{
    if (o->ok) o->ok = markup_text(o->f, s);
}

/* A JSON string that no "</script>" in it can end early. */
static void put_json(html_out *o, const char *s)
{
    if (o->ok) o->ok = markup_script_string(o->f, s);
}

/* A mission's keys or items and doors: "mission": {"kind": 1 keys or 2
 * items, "marks": [[x, y], ...] in order, "doors": [[x, y, side], ...]}. */
static void put_mission(html_out *o, const meiro_maze *m)
{
    unsigned count;
    meiro_mission_kind kind = meiro_maze_mission(m, &count);
    if (kind == MEIRO_MISSION_NONE) return;
    put(o, ",\n\"mission\":{\"kind\":%d,\"marks\":[", (int)kind);
    for (unsigned k = 0; k < count; k++) {
        meiro_cell c;
        meiro_maze_mission_mark(m, k, &c);
        put(o, "%s[%lu,%lu]", k ? "," : "", (unsigned long)c.x, (unsigned long)c.y);
    }
    put_raw(o, "],\"doors\":[");
    meiro_cell c;
    meiro_dir side;
    for (unsigned k = 0; meiro_maze_mission_door(m, k, &c, &side); k++)
        put(o, "%s[%lu,%lu,%d]", k ? "," : "", (unsigned long)c.x, (unsigned long)c.y, (int)side);
    put_raw(o, "]}");
}

/* The walls of a maze as rows of numbers: bit 1 << d set where the way
 * in direction d (a meiro_dir) is closed. Doors are open, as in the model.
 * A weave's crossing adds 16 (a tunnel runs under it west to east) or 32
 * (north to south): a walker stepping into it that way comes out beyond.
 * 64 << d: a one-way passage forbids leaving by d. A multi-level maze's
 * stair: 1024 up from the cell, 2048 down (rows stacked floor by floor). */
static void put_walls(html_out *o, const meiro_maze *m)
{
    put_raw(o, "[");
    for (uint32_t y = 0; y < m->h && o->ok; y++) {
        put_raw(o, y ? ",\n[" : "\n[");
        for (uint32_t x = 0; x < m->w && o->ok; x++) {
            unsigned closed = 0;
            for (unsigned d = 0; d < 4; d++)
                if (!meiro_maze_is_open(m, x, y, (meiro_dir)d)) closed |= 1u << d;
            closed |= meiro_maze_one_way(m, (meiro_cell){x, y}) << 6; /* a one-way's wrong way */
            meiro_dir under = meiro_maze_crossing(m, (meiro_cell){x, y});
            if (under != MEIRO_NO_DIR) closed |= under == MEIRO_EAST ? 16u : 32u;
            int stair = meiro_maze_stair(m, (meiro_cell){x, y});
            if (stair) closed |= stair > 0 ? 1024u : 2048u;
            put(o, x ? ",%u" : "%u", closed);
        }
        put_raw(o, "]");
    }
    put_raw(o, "]");
}

static void put_cells(html_out *o, const meiro_path *p)
{
    put_raw(o, "[");
    for (size_t k = 0; p && k < p->length && o->ok; k++)
        put(o, "%s[%lu,%lu]", k ? "," : "", (unsigned long)p->cells[k].x,
            (unsigned long)p->cells[k].y);
    put_raw(o, "]");
}

/* What the page says under maze i: its number in a booklet, then the
 * footer's words that make it again (seed and size). */
static void maze_info(const document *d, size_t i, char *buf, size_t size)
{
    char footer[200] = "", no[96] = "";
    if (d->style.show_seed && !d->style.no_footer)
        page_footer(d->items[i].maze, footer, sizeof footer);
    if (d->count > 1) {
        snprintf(no, sizeof no, d->style.labels->maze_no, (unsigned)(i + 1));
        labels_digits(d->style.labels, no, sizeof no);
    }
    snprintf(buf, size, "%s%s%s", no, no[0] && footer[0] ? " · " : "", footer);
}

static void put_data(html_out *o, const document *d, const meiro_path *solutions, bool shown,
                     meiro_error *err, meiro_status *s)
{
    const html_words *w = words_for(d->style.labels->lang);
    put(o, "{\"lang\":");
    put_json(o, w->lang);
    put(o, ",\"shown\":%s,\"words\":{\"goal\":", shown ? "true" : "false");
    put_json(o, w->goal);
    put_raw(o, ",\"show\":");
    put_json(o, w->show);
    put_raw(o, ",\"hide\":");
    put_json(o, w->hide);
    put_raw(o, ",\"wellDone\":");
    put_json(o, w->well_done);
    put_raw(o, ",\"help\":");
    put_json(o, w->help);
    put_raw(o, ",\"stairs\":");
    put_json(o, w->stairs);
    put_raw(o, ",\"digits\":"); /* the counter's, as the page's numbers (labels_digits) */
    put_json(o, d->style.labels->digits);
    put_raw(o, "},\n\"mazes\":[");
    size_t i = 0;
    for (size_t p = 0; p < d->page_count && *s == MEIRO_OK && o->ok; p++) {
        if (d->pages[p].kind != PAGE_PUZZLES) continue; /* none: no cover, no answer pages */
        for (size_t k = 0; k < d->pages[p].count && *s == MEIRO_OK && o->ok; k++, i++) {
            page_layout L;
            page_frame f;
            *s = doc_place(d, &d->pages[p], k, &L, &f, err);
            if (*s != MEIRO_OK) break;
            const meiro_maze *m = d->items[i].maze;
            char info[320];
            maze_info(d, i, info, sizeof info);
            put(o,
                "%s\n{\"sheet\":%zu,\"w\":%lu,\"h\":%lu,\"x\":%.3f,\"y\":%.3f,\"cell\":%.4f,\"line\":%.4f,"
                "\"pathWidth\":%.4f,\"start\":[%lu,%lu],\"goal\":[%lu,%lu],\"startDoor\":%d,\"goalDoor\":%d,"
                "\"info\":",
                i ? "," : "", p, (unsigned long)m->w, (unsigned long)m->h, L.maze_x, L.maze_y,
                L.cell, L.line, L.path_width, (unsigned long)m->start.x, (unsigned long)m->start.y,
                (unsigned long)m->goal.x, (unsigned long)m->goal.y,
                m->start_door < MEIRO_NO_DIR ? (int)m->start_door : -1,
                m->goal_door < MEIRO_NO_DIR ? (int)m->goal_door : -1);
            put_json(o, info);
            /* a special maze's rules, as its printed page states them:
             * the status line says them before the help */
            char rules[PAGE_RULE_COUNT * 200];
            page_rules_text(page_maze_rules(m), d->style.labels, " ", rules, sizeof rules);
            put_raw(o, ",\"rules\":");
            put_json(o, rules);
            put_raw(o, ",\"solution\":");
            put_cells(o, &solutions[i]);
            put(o, ",\"picture\":%u", (unsigned)m->picture); /* the way fills its cells */
            if (meiro_maze_levels(m) > 1) /* floors side by side (draw_levels.c) */
                put(o, ",\"levels\":%u,\"floorH\":%lu", meiro_maze_levels(m),
                    (unsigned long)(m->h / meiro_maze_levels(m)));
            put_raw(o, ",\n\"walls\":");
            put_walls(o, m);
            put_mission(o, m);
            put_raw(o, "}");
        }
    }
    put_raw(o, "]}");
}

/* The parts `layers` of page p composed into w's markup. */
static meiro_status put_layers(svg_writer *w, const document *d, size_t p, unsigned layers,
                               meiro_error *err)
{
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    scene sc;
    scene_sink sink = svg_writer_sink(w);
    scene_init(&sc, pw, ph, &sink);
    canvas cv; /* the whole page in view: nothing culled as outside a band */
    canvas_init(&cv, &sc);
    w->cv = &cv;
    svg_writer_pass(w);
    if (layers & LAYER_PAGE) { /* white paper, also in dark viewers */
        char buf[96];
        snprintf(buf, sizeof buf, "<rect width=\"%g\" height=\"%g\" fill=\"#fff\"/>\n", pw, ph);
        if (fputs(buf, w->out) == EOF) w->write_failed = true;
    }
    meiro_status s = doc_draw_page(d, p, &cv, d->style.crop, 0, layers, err);
    if (s == MEIRO_OK) s = svg_writer_status(w, err);
    w->cv = NULL;
    canvas_free(&cv);
    scene_free(&sc);
    return s;
}

/* Each puzzle page as an inline SVG in millimetres: the page and walls,
 * the group the script draws the walked way and the answer in, then S, G
 * and the door arrows above them, as on the PDF's answer page. */
static meiro_status put_sheets(html_out *o, const document *d, meiro_error *err)
{
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    meiro_status s = MEIRO_OK;
    for (size_t p = 0; p < d->page_count && s == MEIRO_OK && o->ok; p++) {
        if (d->pages[p].kind != PAGE_PUZZLES) continue;
        char prefix[32];
        snprintf(prefix, sizeof prefix, "s%zu-", p);
        svg_writer w;
        svg_writer_init(&w, o->f, prefix, d->style.tpl);
        put(o,
            "<svg class=\"sheet\" id=\"sheet-%zu\" viewBox=\"0 0 %g %g\" style=\"--w:%g;--h:%g\" aria-hidden=\"true\">\n",
            p, pw, ph, pw, ph);
        s = put_layers(&w, d, p, LAYER_PAGE | LAYER_WALLS, err);
        /* the footer for print: on screen its words are under the sheet */
        put_raw(o, "<g class=\"footer\">\n");
        if (s == MEIRO_OK) s = put_layers(&w, d, p, LAYER_FOOTER, err);
        put_raw(o, "</g>\n<g class=\"play\"></g>\n");
        if (s == MEIRO_OK) s = put_layers(&w, d, p, LAYER_LABELS, err);
        put_raw(o, "</svg>\n");
        svg_writer_free(&w);
    }
    return s;
}

static void put_button(html_out *o, const char *id, const char *text, bool hidden)
{
    put(o, "<button type=\"button\" id=\"%s\"%s>", id, hidden ? " hidden" : "");
    put_text(o, text);
    put_raw(o, "</button>");
}

meiro_status doc_write_html(const document *d, const meiro_path *solutions, bool shown, FILE *out,
                            meiro_error *err)
{
    const html_words *w = words_for(d->style.labels->lang);
    html_out o = {out, true};
    double pw, ph;
    doc_page_size(d, &pw, &ph);
    bool several = d->count > 1;
    bool any_answer = false;
    for (size_t i = 0; i < d->count; i++) any_answer = any_answer || solutions[i].length > 0;
    errno = 0;
    put(&o,
        "<!DOCTYPE html>\n<html lang=\"%s\"%s>\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"generator\" content=\"meiro %s\">\n<title>",
        w->lang, strcmp(d->style.labels->direction, "rtl") ? "" : " dir=\"rtl\"", MEIRO_VERSION);
    put_text(&o, d->style.title ? d->style.title : d->style.labels->default_title);
    /* the printed page: the paper of the PDF, the answer in its colour */
    put(&o,
        "</title>\n<style>\n@page { size: %gmm %gmm; margin: 0; }\n"
        ":root { --answer: #%06X; }\n",
        pw, ph, (unsigned)answer_rgb(d->style.answer_colour));
    put_raw(&o, html_play_css);
    put_raw(&o, "</style>\n</head>\n<body>\n<main id=\"game\">\n<div class=\"bar\">");
    put_button(&o, "prev", w->prev, !several);
    if (several) put_raw(&o, "<span id=\"count\"></span>");
    put_button(&o, "next", w->next, !several);
    put_button(&o, "answer", w->show, !any_answer);
    put_button(&o, "reset", w->reset, false);
    /* a big maze's cells are small in a window: the script shows these */
    put_button(&o, "smaller", w->smaller, true);
    put_button(&o, "bigger", w->bigger, true);
    put_raw(&o, "</div>\n<div id=\"stage\" tabindex=\"0\" role=\"application\" aria-label=\"");
    put_text(&o, w->picture);
    put_raw(&o, "\">\n");
    meiro_status s = put_sheets(&o, d, err);
    put_raw(&o,
            "</div>\n<p id=\"info\"></p>\n<p id=\"status\" role=\"status\" aria-live=\"polite\">");
    put_text(&o, w->help);
    put_raw(&o,
            "</p>\n</main>\n<div id=\"goal\" hidden>\n<div class=\"card\"><p class=\"goal-word\">");
    put_text(&o, w->goal);
    put_raw(&o, "</p><p>");
    put_text(&o, w->well_done);
    put_raw(&o, "</p>");
    put_button(&o, "again", w->again, false);
    put_button(&o, "next-maze", w->next_maze, !several);
    put_raw(&o, "</div>\n</div>\n<script type=\"application/json\" id=\"meiro-data\">");
    if (s == MEIRO_OK) put_data(&o, d, solutions, shown, err, &s);
    put_raw(&o, "</script>\n<script>\n");
    put_raw(&o, html_play_js);
    put_raw(&o, "</script>\n</body>\n</html>\n");
    if (s == MEIRO_OK && !o.ok) s = fail_write(err);
    return s;
}

meiro_status export_html_check_size(uint64_t cells, meiro_error *err)
{
    if (cells <= MEIRO_HTML_MAX_CELLS) return MEIRO_OK;
    return fail(
        err, MEIRO_ERROR_TOO_BIG,
        "a page to play in a browser (html) takes mazes of up to %u cells (1000 x 1000) in all, not %llu: "
        "write pdf, png or svg for larger ones",
        MEIRO_HTML_MAX_CELLS, (unsigned long long)cells);
}

meiro_status export_html(const meiro_maze *m, const meiro_path *solution, bool shown,
                         const meiro_export_options *opt, FILE *out, meiro_error *err)
{
    doc_item item = {m, NULL, 0};
    meiro_export_options local = *opt;
    local.crop = false; /* the page is the PDF's page */
    document d;
    meiro_status s = doc_init(&d, &item, 1, &local, 0, err);
    if (s == MEIRO_OK) {
        s = doc_write_html(&d, solution, shown, out, err);
        doc_free(&d);
    }
    return s;
}
