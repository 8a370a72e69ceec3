/* libFuzzer target for the machines' files read back (meiro preflight
 * --print plotter|laser|3d): the first byte picks the reader (G-code,
 * HP-GL, DXF, SVG: page/fab_read.c; STL, 3MF: solid/read.c), the rest is the
 * file; what is read is measured as preflight measures it (page/fab.h,
 * a 3D print's section). A refusal must say why. */
#define _POSIX_C_SOURCE 200809L
#include "page/fab.h"
#include "solid/solid.h"

#include <math.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* The measures over what was read, as preflight makes them. */
static void measure(fab_segs *segs)
{
    fab_width material, gap;
    if (fab_measure(segs, 5, 1, 0.5, &material, &gap, NULL) == MEIRO_OK &&
        ((material.least != HUGE_VAL && !(material.least >= 0)) ||
         (gap.least != HUGE_VAL && !(gap.least >= 0))))
        abort();
    free(segs->v);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1) return 0;
    unsigned which = data[0] % 6; /* 0 G-code, 1 HP-GL, 2 DXF, 3 STL, 4 3MF, 5 SVG */
    const unsigned char *file = data + 1;
    size_t n = size - 1;
    meiro_error err = {0};
    meiro_status s;
    fab_segs segs = {0};
    if (which < 3 || which == 5) {
        plot p;
        plot_init(&p);
        const char *text = (const char *)file;
        s = which == 0   ? fab_read_gcode(text, n, &p, &err)
            : which == 1 ? fab_read_hpgl(text, n, &p, &err)
            : which == 2 ? fab_read_dxf(text, n, &p, &err)
                         : fab_read_svg(text, n, &p, &err);
        if (s == MEIRO_OK) {
            size_t islands;
            double at[2][2];
            (void)fab_islands(&p, PLOT_CUT, &islands, at, 2);
            if (fab_segs_of(&p, PLOT_CUT, true, &segs)) measure(&segs);
            else free(segs.v);
        }
        plot_free(&p);
    } else {
        solid_tris t = {0};
        s = which == 3 ? solid_read_stl(file, n, &t, &err) : solid_read_3mf(file, n, &t, &err);
        solid_section_cuts sec = {0};
        if (s == MEIRO_OK && t.n && solid_section(&t, t.v[2] + 0.5, &sec, &err) == MEIRO_OK) {
            fab_segs boxes = {0};
            bool ok = true;
            for (size_t i = 0; ok && i < sec.count; i++)
                ok = fab_seg_add(&segs, sec.cuts[i].a[0], sec.cuts[i].a[1], sec.cuts[i].b[0],
                                 sec.cuts[i].b[1], sec.cuts[i].side);
            for (size_t i = 0; ok && i < sec.raw_count; i++)
                ok = fab_seg_add(&boxes, sec.raw[i].a[0], sec.raw[i].a[1], sec.raw[i].b[0],
                                 sec.raw[i].b[1], sec.raw[i].side);
            if (ok) (void)fab_drop_inner(&segs, &boxes);
            free(boxes.v);
            measure(&segs);
        }
        solid_section_free(&sec);
        solid_tris_free(&t);
    }
    if (s != MEIRO_OK && s != MEIRO_ERROR_NOMEM && !err.message[0]) abort();
    return 0;
}
