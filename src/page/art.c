/* The pictures for S and G built into the library: pairs of SVG files
 * in templates/art/, a start and the goal it heads for. */
#include "core/error.h"
#include "core/names.h"
#include "page/template.h"

#include <string.h>
#include <strings.h>

static const meiro_art_desc pairs[] = {
    {"bunny", "art/bunny.svg", "art/carrot.svg", "a bunny hops to its carrot"},
    {"mouse", "art/mouse.svg", "art/cheese.svg", "a mouse looks for the cheese"},
    {"bee", "art/bee.svg", "art/flower.svg", "a bee flies to a flower"},
    {"car", "art/car.svg", "art/house.svg", "a car drives home"},
    {"dog", "art/dog.svg", "art/bone.svg", "a dog fetches its bone"},
    {"rocket", "art/rocket.svg", "art/star.svg", "a rocket flies to a star"},
};

enum { PAIR_COUNT = sizeof pairs / sizeof pairs[0] };

size_t meiro_art_count(void) { return PAIR_COUNT; }

const meiro_art_desc *meiro_art_info(size_t index)
{
    return index < PAIR_COUNT ? &pairs[index] : NULL;
}

meiro_status meiro_art_from_name(const char *name, size_t *index, meiro_error *err)
{
    for (size_t i = 0; i < PAIR_COUNT; i++) {
        if (strcasecmp(name, pairs[i].name) == 0) { /* --art Bunny */
            if (index) *index = i;
            return MEIRO_OK;
        }
    }
    char names[200] = "";
    size_t n = 0;
    for (size_t i = 0; i < PAIR_COUNT && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "", pairs[i].name);
    char hint[64];
    return fail_field(err, MEIRO_FIELD_ART, MEIRO_ERROR_UNKNOWN_NAME,
                      "unknown art '%s' (%s, or none for the words S and G)%s", name, names,
                      name_hint(name, names, hint, sizeof hint));
}

const meiro_art_desc *art_pair(const meiro_export_options *opt)
{
    const char *name = opt->art ? opt->art : opt->tpl && opt->tpl->art[0] ? opt->tpl->art : NULL;
    size_t i;
    if (!name || meiro_art_from_name(name, &i, NULL) != MEIRO_OK) return NULL;
    return &pairs[i];
}
