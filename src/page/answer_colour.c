/* The answer's colour: the default, and the names --answer-colour takes.
 *
 * The default is a violet chosen for readers with colour-blind vision: on
 * the page as protans, deutans and tritans see it (Machado, Oliveira and
 * Fernandes 2009, severity 1, in linear RGB) and as others do, its
 * luminance stands 4.4:1 or more from the black walls and from the white
 * paper (the most any colour can is about 4.58:1, the square root of
 * black's 21:1 to white). The red the answers were drawn in before
 * measures 2.9:1 against the walls for protans: a dark line among dark
 * lines. tests/test_export.c (answer_contrast) measures the rendered page. */
#include "core/error.h"
#include "page/answer_colour.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
    const char *name;
    uint32_t rgb;
} named[] = {
    {"violet", ANSWER_DEFAULT_RGB},
    {"red", 0xD92619},     /* the answer's colour before the violet */
    {"blue", 0x0072B2},    /* Okabe and Ito's blue */
    {"orange", 0xD55E00},  /* Okabe and Ito's vermilion */
    {"green", 0x009E73},   /* Okabe and Ito's bluish green */
    {"magenta", 0xCC3399},
    {"black", 0x000000},
};

const char *answer_colour_name(uint32_t rgb)
{
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
        if (named[k].rgb == rgb) return named[k].name;
    return NULL;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

meiro_status meiro_answer_colour_from_name(const char *name, uint32_t *colour, meiro_error *err)
{
    for (size_t k = 0; name && k < sizeof named / sizeof named[0]; k++) {
        if (!strcasecmp(name, named[k].name)) {
            *colour = MEIRO_COLOUR_SET | named[k].rgb;
            return MEIRO_OK;
        }
    }
    if (name && name[0] == '#' && strlen(name) == 7) {
        uint32_t rgb = 0;
        bool ok = true;
        for (int i = 1; i < 7 && ok; i++) {
            int d = hex_digit(name[i]);
            ok = d >= 0;
            rgb = rgb << 4 | (uint32_t)(d < 0 ? 0 : d);
        }
        if (ok) {
            *colour = MEIRO_COLOUR_SET | rgb;
            return MEIRO_OK;
        }
    }
    return fail(err, MEIRO_ERROR_ARGUMENT,
                "unknown answer colour '%s': violet (the default), red, blue, orange, green, "
                "magenta, black or #rrggbb",
                name ? name : "");
}

uint32_t answer_rgb(uint32_t colour)
{
    return colour & MEIRO_COLOUR_SET ? colour & 0xFFFFFFu : ANSWER_DEFAULT_RGB;
}
