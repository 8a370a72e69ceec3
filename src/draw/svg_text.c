/* Pages drawn as SVG into memory and copied out with their ids prefixed
 * (see svg_text.h). */
#include "core/error.h"
#include "compose/document.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "draw/scene_cairo.h"
#include "draw/svg_text.h"

#include <cairo-svg.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

meiro_status svg_draw_page(const document *d, size_t index, unsigned layers, double pw, double ph,
                           double x0, double y0, svg_text *t, meiro_error *err)
{
    t->len = 0;
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
    meiro_status s = doc_draw_cairo(d, index, cr, d->style.crop, 0, layers, err);
    meiro_status done = draw_finish(surface, cr, NULL, err);
    return s != MEIRO_OK ? s : done;
}

/* The references to ids in cairo's SVG, each followed by the id. */
static const char *const ID_MARKS[] = {"id=\"", "href=\"#", "url(#"};
static const char ID_FIRSTS[] = "ihu"; /* their first letters */

bool svg_copy(FILE *out, const svg_text *t, const char *group, const char *prefix, bool open_tag)
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
    if (open_tag && fwrite(text, 1, (size_t)(body - text), out) != (size_t)(body - text))
        return false;
    if (group && fprintf(out, "\n<g id=\"%s\">", group) < 0) return false;
    const char *from = body;
    /* jump from one mark's first letter to the next (strcspn with a table
     * of them): path data, most of the text, holds none of them */
    for (const char *at = body + strcspn(body, ID_FIRSTS); at < close;
         at += 1 + strcspn(at + 1, ID_FIRSTS)) {
        for (size_t k = 0; k < sizeof ID_MARKS / sizeof *ID_MARKS; k++) {
            size_t n = strlen(ID_MARKS[k]);
            if ((size_t)(close - at) < n || memcmp(at, ID_MARKS[k], n) != 0) continue;
            at += n;
            if (fwrite(from, 1, (size_t)(at - from), out) != (size_t)(at - from) ||
                fputs(prefix, out) == EOF)
                return false;
            from = at;
            at--; /* the loop steps past the mark's last letter */
            break;
        }
    }
    if (fwrite(from, 1, (size_t)(close - from), out) != (size_t)(close - from)) return false;
    return !group || fputs("</g>", out) != EOF;
}
