/* libFuzzer target for a page's description (`-f page`'s JSON,
 * page/scene_json.c): read, then drawn by the cairo backend onto a small
 * picture of the page. A refusal must say why. */
#define _POSIX_C_SOURCE 200809L
#include "page/scene_json.h"
#include "draw/scene_cairo.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    FILE *in = fmemopen((void *)data, size ? size : 1, "r");
    if (!in) return 0;
    if (!size) setvbuf(in, NULL, _IONBF, 0), fgetc(in); /* an empty input: at its end */
    meiro_error err = {0};
    scene_book book;
    meiro_status s = scene_json_read(in, "fuzz.json", &book, &err);
    fclose(in);
    if (s != MEIRO_OK) {
        if (!err.message[0]) abort();
        return 0;
    }
    for (size_t p = 0; p < book.count; p++) {
        scene *sc = &book.pages[p];
        if (sc->page_w <= 0 || sc->page_h <= 0) abort();
        cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 32, 32);
        cairo_t *cr = cairo_create(img);
        double k = 32 / (sc->page_w > sc->page_h ? sc->page_w : sc->page_h);
        cairo_scale(cr, k, k);
        scene_cairo_draw(cr, sc, 0, sc->count);
        cairo_destroy(cr);
        cairo_surface_destroy(img);
    }
    scene_book_free(&book);
    return 0;
}
