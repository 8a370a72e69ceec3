/* The masks of a few names and every built-in shape, printed a cell a
 * character ('#' inside): built twice by make check-nocairo, once from
 * the glyph layer and core compiled with no cairo, pango or librsvg header
 * on the include path (what the browser's build has), once against the
 * native library through its public API (libmeiro.so, the drawing module);
 * the two outputs must be the same, byte for byte, and the masks sensible
 * (a name has its letters, a shape fills most of its grid): exit 1 if not. */
#include "meiro.h"

#ifdef MEIRO_NOCAIRO
#include "glyph/text_mask.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Names as parents type them (issue 35's cases): apostrophes, accents,
 * dashes, kana and kanji, two lines. */
static const char *const names[] = {"Hana", "O'Brien", "Zoë", "Jean-Luc", "Maximilian",
                                    "はな", "迷路", "Anna\nLena", "Ōtani Shōhei"};

static const uint32_t sides[][2] = {{30, 30}, {16, 14}, {64, 40}};

static meiro_status text_mask(const char *text, uint8_t **mask, meiro_text_info *info,
                              meiro_error *err)
{
#ifdef MEIRO_NOCAIRO
    return glyph_text_mask(NULL, text, NULL, 0, TEXT_FACE_REGULAR, mask, info, err);
#else
    return meiro_text_mask(text, NULL, 0, mask, info, err);
#endif
}

static meiro_status shape_mask(size_t index, uint32_t w, uint32_t h, uint8_t **mask,
                               const char **name, meiro_error *err)
{
#ifdef MEIRO_NOCAIRO
    *name = glyph_shape_info(index)->name;
    *mask = calloc((size_t)w * h, 1);
    if (!*mask) return MEIRO_ERROR_NOMEM;
    return glyph_shape_mask(index, w, h, *mask, err);
#else
    *name = meiro_shape_info(index)->name;
    return meiro_shape_mask(*name, w, h, mask, err);
#endif
}

static size_t shape_count(void)
{
#ifdef MEIRO_NOCAIRO
    return glyph_shape_count();
#else
    return meiro_shape_count();
#endif
}

/* Prints the mask and returns its cells inside. */
static size_t print_mask(const char *what, const uint8_t *m, uint32_t w, uint32_t h)
{
    size_t inside = 0;
    printf("%s %ux%u\n", what, (unsigned)w, (unsigned)h);
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            putchar(m[(size_t)y * w + x] ? '#' : '.');
            inside += m[(size_t)y * w + x];
        }
        putchar('\n');
    }
    return inside;
}

int main(void)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        uint8_t *m = NULL;
        meiro_text_info info;
        meiro_error err = {0};
        if (text_mask(names[i], &m, &info, &err) != MEIRO_OK) {
            fprintf(stderr, "nocairo: '%s': %s\n", names[i], err.message);
            bad = 1;
            continue;
        }
        size_t inside = print_mask(names[i], m, info.width, info.height);
        /* a name's letters cover a fifth of its grid or more, and every
         * letter kept cells */
        if (inside * 5 < (size_t)info.width * info.height || info.letters < 2) {
            fprintf(stderr, "nocairo: '%s': %zu cells of %ux%u, %u letters\n", names[i], inside,
                    (unsigned)info.width, (unsigned)info.height, (unsigned)info.letters);
            bad = 1;
        }
        free(m);
    }
    for (size_t k = 0; k < shape_count(); k++)
        for (size_t s = 0; s < sizeof sides / sizeof *sides; s++) {
            uint8_t *m = NULL;
            const char *name = NULL;
            meiro_error err = {0};
            uint32_t w = sides[s][0], h = sides[s][1];
            if (shape_mask(k, w, h, &m, &name, &err) != MEIRO_OK) {
                fprintf(stderr, "nocairo: shape %zu: %s\n", k, err.message);
                free(m);
                bad = 1;
                continue;
            }
            size_t inside = print_mask(name, m, w, h);
            /* a shape fits its grid: a sixth of it or more inside (the bear,
             * taller than wide, in a wide grid: a third) */
            if (inside * 6 < (size_t)w * h) {
                fprintf(stderr, "nocairo: %s: %zu cells of %ux%u\n", name, inside, (unsigned)w,
                        (unsigned)h);
                bad = 1;
            }
            free(m);
        }
    return bad;
}
