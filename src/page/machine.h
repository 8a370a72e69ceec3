/* The machines' settings (a plotter's, a laser cutter's or a router's) as
 * the format table hands them to the writers: meiro_export_options is
 * frozen (include/meiro.h), so formats.c passes every writer its page
 * options as the first member of a machine_page, and the writers of the
 * formats that take machine settings (gcode, hpgl, dxf, and the drawn
 * formats' --draw paths) read them with machine_of. Every writer is reached
 * through the format table only (formats.c's write_unlocalized). */
#ifndef MEIRO_SRC_PAGE_MACHINE_H
#define MEIRO_SRC_PAGE_MACHINE_H

#include "meiro.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct machine_options {
    bool paths;     /* the corridors' centre-lines instead of the walls */
    bool walls;     /* the walls asked for (--draw walls): a tactile sheet's default is paths */
    bool cut_lines; /* dxf: the strokes as cut lines, not outlines around them */
    bool servo;     /* gcode: the pen lifted by a servo (M3 S / M5), not Z */
    double kerf_mm; /* dxf outlines: moved half of it off the piece */
    uint32_t cut_rgb, engrave_rgb;
} machine_options;

/* The defaults: walls, outlines, Z moves, no kerf, red cut, black engrave. */
void machine_options_init(machine_options *m);

typedef struct machine_page {
    meiro_export_options page; /* first: a writer's opt points here */
    machine_options machine;
} machine_page;

/* The machine settings of a writer's page options (see above). */
static inline const machine_options *machine_of(const meiro_export_options *opt)
{
    return &((const machine_page *)(const void *)opt)->machine;
}

/* The profile a machine's format takes (MEIRO_PRINT_PLOTTER for gcode and
 * hpgl, MEIRO_PRINT_LASER for dxf), MEIRO_PRINT_NONE for the others. */
meiro_print machine_format_profile(meiro_format format);
/* The settings against the format (`name` its name, for the messages),
 * the page's profile and the maze's kinds (weave, mission, floors: bits of
 * meiro_kind), each refusal in one line naming the option as the command
 * line spells it. */
meiro_status machine_check(const machine_options *m, meiro_format format, const char *name,
                           meiro_print print, unsigned kinds, meiro_error *err);

#endif
