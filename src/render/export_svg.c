/* SVG export: one vector page (or with --crop only the maze and a small
 * border), its width and height in millimetres with a viewBox, for
 * browsers and Inkscape, the maze's parts in named groups (walls,
 * solution, labels) that a designer can pick. */
#include "core/error.h"
#include "render/document.h"
#include "render/draw.h"
#include "render/export.h"

#include <cairo-svg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* cairo 1.16 cannot name an SVG group: each part of the page is drawn
 * into an SVG document of its own, held in memory, and the documents are
 * merged in drawing order, each part's content in a group named for it. */
typedef struct svg_part {
    unsigned layers;
    const char *group; /* NULL: the page itself, outside any group */
    const char *prefix; /* keeps each document's ids (glyph0-1, clip1...) apart */
} svg_part;

/* A document as cairo writes it, kept ending in a NUL for strstr. */
typedef struct svg_text {
    char *data;
    size_t len, cap;
} svg_text;

static cairo_status_t collect(void *closure, const unsigned char *data, unsigned int length)
{
    svg_text *t = closure;
    if (length >= t->cap - t->len) {
        size_t cap = t->cap ? t->cap : 1 << 16;
        while (length >= cap - t->len) {
            if (cap > SIZE_MAX / 2) return CAIRO_STATUS_NO_MEMORY;
            cap *= 2;
        }
        char *grown = realloc(t->data, cap);
        if (!grown) return CAIRO_STATUS_NO_MEMORY;
        t->data = grown;
        t->cap = cap;
    }
    memcpy(t->data + t->len, data, length);
    t->len += length;
    t->data[t->len] = 0;
    return CAIRO_STATUS_SUCCESS;
}

/* Draws one part of page 0 as an SVG document into *t. */
static meiro_status draw_part(const document *d, unsigned layers, double pw, double ph, double x0,
                              double y0, svg_text *t, meiro_error *err)
{
    /* With the document unit set, cairo writes the surface size as given
     * followed by "mm": so the surface is sized, and drawn, in millimetres,
     * and the viewBox is the page in millimetres too. */
    cairo_surface_t *surface = cairo_svg_surface_create_for_stream(collect, t, pw, ph);
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_MM);
    cairo_t *cr = cairo_create(surface);
    if (layers & LAYER_PAGE) {
        cairo_set_source_rgb(cr, 1, 1, 1); /* white paper, also in dark viewers */
        cairo_paint(cr);
    }
    cairo_translate(cr, -x0, -y0);
    meiro_status s = doc_draw_page(d, 0, cr, d->style.crop, 0, layers, err);
    meiro_status done = cairo_result(surface, cr, NULL, err);
    return s != MEIRO_OK ? s : done;
}

/* The references to ids in cairo's SVG, each followed by the id. */
static const char *const ID_MARKS[] = {"id=\"", "href=\"#", "url(#"};

/* Writes the content of one part's document (and, for the first, its
 * <svg> tag) with its ids prefixed; false on a write error. */
static bool write_part(FILE *out, const svg_text *t, const svg_part *part, bool first)
{
    const char *text = t->data, *end = t->data + t->len;
    const char *open = t->len ? strstr(text, "<svg") : NULL;
    const char *body = open ? memchr(open, '>', (size_t)(end - open)) : NULL;
    const char *close = NULL;
    for (const char *at = body; at && (at = strstr(at, "</svg>")) != NULL; at++) close = at;
    if (!body || !close) {
        errno = EINVAL; /* cannot happen with cairo's output */
        return false;
    }
    body++;
    if (first && fwrite(text, 1, (size_t)(body - text), out) != (size_t)(body - text)) return false;
    if (part->group && fprintf(out, "\n<g id=\"%s\">", part->group) < 0) return false;
    const char *from = body;
    for (const char *at = body; at < close; at++) {
        for (size_t k = 0; k < sizeof ID_MARKS / sizeof *ID_MARKS; k++) {
            size_t n = strlen(ID_MARKS[k]);
            if ((size_t)(close - at) < n || memcmp(at, ID_MARKS[k], n) != 0) continue;
            at += n;
            if (fwrite(from, 1, (size_t)(at - from), out) != (size_t)(at - from) ||
                fputs(part->prefix, out) == EOF)
                return false;
            from = at;
            break;
        }
    }
    if (fwrite(from, 1, (size_t)(close - from), out) != (size_t)(close - from)) return false;
    return !part->group || fputs("</g>", out) != EOF;
}

meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir; /* no scratch files */
    doc_item item = {m, path};
    document d;
    meiro_status s = doc_init(&d, &item, 1, opt, -1, err);
    if (s != MEIRO_OK) return s;
    double pw, ph, x0 = 0, y0 = 0;
    doc_page_size(&d, &pw, &ph);
    page_layout L;
    if (d.style.crop && (s = doc_first_maze(&d, 0, &L, err)) == MEIRO_OK) {
        /* --crop: the maze and a small border, for layout software */
        x0 = L.crop_x;
        y0 = L.crop_y;
        pw = L.crop_w;
        ph = L.crop_h;
    }
    /* in drawing order: the labels stay readable above the path */
    const svg_part parts[] = {
        {LAYER_PAGE, NULL, "page-"},
        {LAYER_WALLS, "walls", "walls-"},
        {LAYER_PATH, "solution", "solution-"},
        {LAYER_LABELS, "labels", "labels-"},
    };
    bool path_drawn = doc_page_has_path(&d, 0);
    svg_text t = {0};
    /* one part in memory at a time */
    for (size_t k = 0; k < sizeof parts / sizeof *parts && s == MEIRO_OK; k++) {
        if (parts[k].layers == LAYER_PATH && !path_drawn) continue;
        t.len = 0;
        s = draw_part(&d, parts[k].layers, pw, ph, x0, y0, &t, err);
        if (s == MEIRO_OK && !write_part(out, &t, &parts[k], k == 0)) s = fail_write(err);
    }
    if (s == MEIRO_OK && (fputs("\n</svg>\n", out) == EOF || fflush(out) == EOF)) s = fail_write(err);
    free(t.data);
    doc_free(&d);
    return s;
}
