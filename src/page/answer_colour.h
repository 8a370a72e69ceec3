/* The answer's colour (meiro_export_options.answer_colour) as drawn. */
#ifndef MEIRO_SRC_PAGE_ANSWER_COLOUR_H
#define MEIRO_SRC_PAGE_ANSWER_COLOUR_H

#include "meiro.h"

/* violet: page/answer_colour.c says why */
#define ANSWER_DEFAULT_RGB 0xA048E0u

/* 0xRRGGBB of an answer_colour (0: the default). */
uint32_t answer_rgb(uint32_t colour);
/* The name --answer-colour gives rgb (0xRRGGBB: "violet"), NULL if none. */
const char *answer_colour_name(uint32_t rgb);

#endif /* MEIRO_SRC_PAGE_ANSWER_COLOUR_H */
