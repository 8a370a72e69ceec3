/* The machines' settings (machine.h): their defaults and what they go with. */
#include "page/machine.h"
#include "core/error.h"
#include "page/print.h"

#define RED 0xFF0000u
#define BLACK 0x000000u

void machine_options_init(machine_options *m)
{
    *m = (machine_options){.cut_rgb = RED, .engrave_rgb = BLACK};
}

meiro_print machine_format_profile(meiro_format format)
{
    return format == MEIRO_FORMAT_GCODE || format == MEIRO_FORMAT_HPGL ? MEIRO_PRINT_PLOTTER
           : format == MEIRO_FORMAT_DXF                                ? MEIRO_PRINT_LASER
                                                                       : MEIRO_PRINT_NONE;
}

/* The formats that draw the corridors' centre-lines. */
static bool draws_paths(meiro_format f)
{
    return f == MEIRO_FORMAT_PDF || f == MEIRO_FORMAT_SVG || f == MEIRO_FORMAT_PNG ||
           f == MEIRO_FORMAT_PAGE || machine_format_profile(f) != MEIRO_PRINT_NONE;
}

meiro_status machine_check(const machine_options *m, meiro_format format, const char *name,
                           meiro_print print, unsigned kinds, meiro_error *err)
{
    meiro_print medium = machine_format_profile(format);
    if ((print == MEIRO_PRINT_PLOTTER || print == MEIRO_PRINT_LASER) && print != medium)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          print == MEIRO_PRINT_PLOTTER
                              ? "--print plotter is for a plotter's gcode or hpgl, not %s"
                              : "--print laser is for a laser cutter's dxf, not %s",
                          name);
    const print_profile *profile = print_profile_of(print);
    /* a tactile sheet prints in 3D too: a plate (job/tactile_plate.c) */
    bool plate = profile->tactile && (format == MEIRO_FORMAT_STL ||
                                      format == MEIRO_FORMAT_STL_ASCII || format == MEIRO_FORMAT_3MF);
    if ((profile->tactile || profile->no_fine_text) && !plate &&
        !(format == MEIRO_FORMAT_PDF || format == MEIRO_FORMAT_SVG || format == MEIRO_FORMAT_PNG ||
          format == MEIRO_FORMAT_PAGE))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "--print %s draws %s in pdf, svg, png or page%s, not %s", profile->name,
                          profile->tactile ? "a sheet for swell paper" : "a page",
                          profile->tactile ? " (or a plate to 3D-print: stl, 3mf)" : "", name);
    if (plate && m->walls)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--draw walls: a tactile plate (%s) raises the corridors' centre-lines only",
                    name);
    if (m->paths && !draws_paths(format))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--draw paths draws on pdf, svg, png, page, gcode, hpgl and dxf, not %s", name);
    const unsigned apart = 1u << MEIRO_KIND_WEAVE | 1u << MEIRO_KIND_MISSION |
                           1u << MEIRO_KIND_FLOORS | 1u << MEIRO_KIND_WRAP;
    if ((m->paths || print == MEIRO_PRINT_TACTILE) && (kinds & apart))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "%s draws a maze of one floor without crossings, seams or a mission (not "
                    "with --weave, --wrap, --mission, --one-way or --levels)",
                    m->paths ? "--draw paths" : "--print tactile");
    /* large print has no small print: the line stating such a maze's rule
     * would be (refused here, so solve's and the library's pages too) */
    const unsigned ruled = apart & ~(1u << MEIRO_KIND_WRAP);
    if (profile->no_fine_text && (kinds & ruled))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "%s has no small print: the line that says a weave's, a mission's or "
                          "floors' rule is (not with --weave, --mission, --one-way or --levels)",
                          profile->service);
    if (!(m->kerf_mm >= 0 && m->kerf_mm <= MEIRO_KERF_MAX_UM / 1000.0))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "a kerf of %g mm is out of range: 0 to %g mm (a laser's is about 0.1 to 0.3)",
                    m->kerf_mm, MEIRO_KERF_MAX_UM / 1000.0);
    if (m->kerf_mm > 0 && format != MEIRO_FORMAT_DXF)
        return fail(err, MEIRO_ERROR_ARGUMENT, "--kerf is for a laser's dxf, not %s", name);
    if (m->kerf_mm > 0 && m->cut_lines)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--kerf moves closed outlines off the piece: --cut lines has none");
    if (m->cut_lines && format != MEIRO_FORMAT_DXF)
        return fail(err, MEIRO_ERROR_ARGUMENT, "--cut is for a laser's dxf, not %s", name);
    if (m->servo && format != MEIRO_FORMAT_GCODE)
        return fail(err, MEIRO_ERROR_ARGUMENT, "--pen servo is for G-code, not %s", name);
    if (m->cut_rgb > 0xFFFFFFu || m->engrave_rgb > 0xFFFFFFu)
        return fail(err, MEIRO_ERROR_ARGUMENT, "a colour is #rrggbb (0 to 0xffffff)");
    if ((m->cut_rgb != RED || m->engrave_rgb != BLACK) && format != MEIRO_FORMAT_DXF)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "--cut-colour and --engrave-colour are for a laser's dxf, not %s", name);
    return MEIRO_OK;
}
