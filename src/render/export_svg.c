/* SVG export: one vector page (or with --crop only the maze and a small
 * border), its width and height in millimetres with a viewBox, for
 * browsers and Inkscape, the maze's parts in named groups (walls,
 * solution, labels) that a designer can pick. */
#include "core/error.h"
#include "render/document.h"
#include "render/draw.h"
#include "render/export.h"
#include "render/svg_text.h"

#include <stdlib.h>
#include <string.h>

/* cairo 1.16 cannot name an SVG group: each part of the page is drawn
 * into an SVG document of its own, held in memory, and the documents are
 * merged in drawing order, each part's content in a group named for it. */
typedef struct svg_part {
    unsigned layers;
    const char *group;  /* NULL: the page itself, outside any group */
    const char *prefix; /* keeps each document's ids (glyph0-1, clip1...) apart */
} svg_part;

meiro_status export_svg(const meiro_maze *m, const meiro_path *path,
                        const meiro_export_options *opt, FILE *out, const char *temp_dir,
                        meiro_error *err)
{
    (void)temp_dir; /* no scratch files */
    doc_item item = {m, path, 0};
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
        {LAYER_PAGE | LAYER_FOOTER, NULL, "page-"},
        {LAYER_WALLS, "walls", "walls-"},
        {LAYER_PATH, "solution", "solution-"},
        {LAYER_LABELS, "labels", "labels-"},
    };
    bool path_drawn = doc_page_has_path(&d, 0);
    svg_text t = {0};
    /* one part in memory at a time */
    for (size_t k = 0; k < sizeof parts / sizeof *parts && s == MEIRO_OK; k++) {
        if (parts[k].layers == LAYER_PATH && !path_drawn) continue;
        s = svg_draw_page(&d, 0, parts[k].layers, pw, ph, x0, y0, &t, err);
        if (s == MEIRO_OK && !svg_copy(out, &t, parts[k].group, parts[k].prefix, k == 0))
            s = fail_write(err);
    }
    if (s == MEIRO_OK && (fputs("\n</svg>\n", out) == EOF || fflush(out) == EOF))
        s = fail_write(err);
    free(t.data);
    doc_free(&d);
    return s;
}
