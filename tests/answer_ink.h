/* The answer's ink on a page read back (pdftoppm, rsvg-convert, PNG): the
 * default violet (160, 72, 224: src/page/answer_colour.h), also where
 * antialiasing blends it with the paper down to half. The pixel is then
 * a * violet + (1 - a) * white, a read from green (the channel that moves
 * most), red and blue within 20 of the line. Not a mission's purple key
 * (140, 51, 191: blue 30 below it), the blue G badge, the art's pinks
 * (red above blue) nor the walls' black. Shared by look.c and the document
 * tests. */
#ifndef MEIRO_TEST_ANSWER_INK_H
#define MEIRO_TEST_ANSWER_INK_H

#include <math.h>
#include <stdbool.h>

static inline bool answer_ink(int r, int g, int b)
{
    enum { R = 160, G = 72, B = 224 };
    double a = (255.0 - g) / (255 - G);
    if (a < 0.5 || a > 1.06) return false;
    return fabs(r - (255 - a * (255 - R))) <= 20 && fabs(b - (255 - a * (255 - B))) <= 20;
}

#endif /* MEIRO_TEST_ANSWER_INK_H */
