/* meiro_preflight_machine: a machine's file read back (page/fab.h's
 * readers for the plotters' and lasers' files, solid/read.c's for 3D
 * prints) and measured before the machine runs, one rule a line. */
#include "core/alloc.h"
#include "core/error.h"
#include "page/fab.h"
#include "solid/solid.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The defaults (mm): a fine-liner's line, a CO2 laser's kerf, a wall that
 * 3 mm plywood or acrylic keeps, a 0.4 mm nozzle; clearance as the 3D
 * prints' own (solid.h). */
#define PEN_MM 0.5
#define KERF_MM 0.15
#define LASER_WALL_MM 1.0
#define NOZZLE_MM 0.4
/* A file past this is no maze meiro wrote. */
#define FILE_MAX_BYTES (512u << 20)
/* Where a print is measured: this far up its height, above the floor's
 * answer and S's and G's pockets, below the top of the walls (and above
 * a lid printed beside them). */
#define SECTION_AT 0.6
/* Measures within this of a limit pass (the files' rounding). */
#define SLACK_MM 1e-3

static const char *const machine_names[MEIRO_MACHINE_COUNT] = {"plotter", "laser", "3d"};

meiro_status meiro_machine_from_name(const char *name, meiro_machine *machine, meiro_error *err)
{
    for (int k = 0; name && k < MEIRO_MACHINE_COUNT; k++)
        if (!strcasecmp(name, machine_names[k])) {
            *machine = (meiro_machine)k;
            return MEIRO_OK;
        }
    return fail(err, MEIRO_ERROR_ARGUMENT, "unknown machine '%s' (plotter, laser or 3d)",
                name ? name : "");
}

typedef enum kind { K_GCODE, K_HPGL, K_DXF, K_SVG, K_STL, K_3MF, K_NONE } kind;

static kind kind_of(const char *filename)
{
    static const struct {
        const char *ext;
        kind k;
    } exts[] = {{".gcode", K_GCODE}, {".nc", K_GCODE}, {".ngc", K_GCODE},
                {".hpgl", K_HPGL},   {".plt", K_HPGL}, {".dxf", K_DXF},
                {".svg", K_SVG},     {".stl", K_STL},  {".3mf", K_3MF}};
    const char *dot = strrchr(filename, '.');
    for (size_t i = 0; dot && i < sizeof exts / sizeof *exts; i++)
        if (!strcasecmp(dot, exts[i].ext)) return exts[i].k;
    return K_NONE;
}

static const char *const kind_names[] = {"G-code", "HP-GL", "DXF", "SVG", "STL", "3MF"};

/* The file's bytes (a NUL after them). */
static meiro_status slurp(const char *filename, char **data, size_t *size, meiro_error *err)
{
    *data = NULL, *size = 0;
    FILE *f = fopen(filename, "rb");
    if (!f) return fail(err, MEIRO_ERROR_IO, "cannot open: %s", strerror(errno));
    size_t cap = 0;
    meiro_status s = MEIRO_OK;
    for (;;) {
        if (!vec_reserve(data, &cap, *size + 65536 + 1, 1, 65536)) {
            s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            break;
        }
        size_t got = fread(*data + *size, 1, 65536, f);
        *size += got;
        if (*size > FILE_MAX_BYTES) {
            s = fail(err, MEIRO_ERROR_TOO_BIG, "more than %u MB: no maze meiro wrote",
                     FILE_MAX_BYTES >> 20);
            break;
        }
        if (got < 65536) {
            if (ferror(f)) s = fail(err, MEIRO_ERROR_IO, "cannot read: %s", strerror(errno));
            break;
        }
    }
    fclose(f);
    if (s == MEIRO_OK) (*data)[*size] = 0;
    else free(*data), *data = NULL;
    return s;
}

/* What the checks say, and whether all passed. */
typedef struct say {
    meiro_preflight_report report;
    void *ctx;
    bool passed;
} say;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
rule(say *s, const char *name, bool pass, const char *fmt, ...)
{
    char detail[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    s->passed &= pass;
    if (s->report) s->report(s->ctx, name, pass, detail);
}

/* A rule of a measure: passes when no place is under the limit. `what`
 * is measured ("wall"), `why` says what goes wrong under the limit. The
 * details are formats of the catalogues (N_), each value apart and a count
 * after its words (no plural), so that the command matches them and says
 * them in the user's language (cli/say.c). */
static void width_rule(say *s, const char *name, const fab_width *w, double limit, double reach,
                       const char *what, const char *why)
{
    char least[80];
    if (w->least == HUGE_VAL) snprintf(least, sizeof least, N_("none under %.1f mm"), reach);
    else snprintf(least, sizeof least, N_("%.2f mm at (%.1f, %.1f)"), w->least, w->at[0], w->at[1]);
    if (w->under == 0)
        rule(s, name, true, N_("the narrowest %s: %s; %.2f mm and up wanted"), what, least, limit);
    else
        rule(s, name, false,
             N_("places where a %s is under %.2f mm (%s): %zu, the first near (%.1f, %.1f) mm; "
                "the narrowest %s"),
             what, limit, why, w->under, w->first[0], w->first[1], least);
}

/* Measures with the limits (mm); reach past the largest. */
static meiro_status measure(const fab_segs *segs, double material_limit, double gap_limit,
                            fab_width *material, fab_width *gap, double *reach, meiro_error *err)
{
    *reach = fmax(fmax(material_limit, gap_limit) * 1.5, 5);
    return fab_measure(segs, *reach, material_limit - SLACK_MM, gap_limit - SLACK_MM, material, gap,
                       err);
}

static void bed_rule(say *s, double w, double h, double bed_w, double bed_h)
{
    if (bed_w <= 0) return;
    bool fits = (w <= bed_w + SLACK_MM && h <= bed_h + SLACK_MM) ||
                (w <= bed_h + SLACK_MM && h <= bed_w + SLACK_MM);
    rule(s, "bed", fits,
         fits ? N_("%.1f x %.1f mm fits the bed of %.0f x %.0f mm")
              : N_("%.1f x %.1f mm is past the bed of %.0f x %.0f mm"),
         w, h, bed_w, bed_h);
}

/* A plotter's or a laser's file. */
static meiro_status check_flat(const char *data, size_t size, kind k, meiro_machine machine,
                               double tool, double wall, double ball, double bed_w, double bed_h,
                               say *s, meiro_error *err)
{
    plot p;
    plot_init(&p);
    meiro_status st = k == K_GCODE  ? fab_read_gcode(data, size, &p, err)
                      : k == K_HPGL ? fab_read_hpgl(data, size, &p, err)
                      : k == K_SVG  ? fab_read_svg(data, size, &p, err)
                                    : fab_read_dxf(data, size, &p, err);
    fab_segs segs = {0};
    double x0, y0, x1, y1;
    plot_bounds(&p, &x0, &y0, &x1, &y1);
    unsigned pens = 0;
    size_t closed = 0, cut = 0;
    for (size_t i = 0; i < p.line_count; i++) {
        pens = p.lines[i].pen + 1 > pens ? p.lines[i].pen + 1 : pens;
        cut += p.lines[i].layer == PLOT_CUT;
        closed += p.lines[i].layer == PLOT_CUT && p.lines[i].closed;
    }
    if (st == MEIRO_OK && p.line_count == 0)
        st = fail(err, MEIRO_ERROR_PARSE, "the %s draws nothing", kind_names[k]);
    if (st != MEIRO_OK) {
        plot_free(&p);
        return st;
    }
    /* a laser's outlines: every cut closed */
    bool outlines = machine == MEIRO_MACHINE_LASER && cut > 0 && closed == cut;
    if (pens > 1)
        rule(s, "file", true, N_("%s: %zu strokes in %u pens, %.1f x %.1f mm"), kind_names[k],
             p.line_count, pens, x1 - x0, y1 - y0);
    else
        rule(s, "file", true, N_("%s: %zu strokes, %.1f x %.1f mm"), kind_names[k], p.line_count,
             x1 - x0, y1 - y0);
    bed_rule(s, x1 - x0, y1 - y0, bed_w, bed_h);
    fab_width material, gap;
    double reach = 0;
    if (machine == MEIRO_MACHINE_PLOTTER) {
        /* an SVG's filled shapes (the letters S and G, their plates) are
         * no pen's strokes: its stroked paths alone */
        bool ok = fab_segs_of(&p, PLOT_CUT, false, &segs) &&
                  (k == K_SVG || fab_segs_of(&p, PLOT_ENGRAVE, false, &segs));
        st = ok ? measure(&segs, tool, tool, &material, &gap, &reach, err)
                : fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        if (st == MEIRO_OK)
            width_rule(s, "pen", &gap, tool, reach, N_("gap between strokes"),
                       N_("the pen's ink runs them together"));
    } else {
        if (!fab_segs_of(&p, PLOT_CUT, outlines, &segs))
            st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        /* lines: the piece between two cuts is their spacing less a kerf */
        const fab_width *piece = outlines ? &material : &gap;
        double kerf = outlines ? 0 : tool;
        if (st == MEIRO_OK) st = measure(&segs, tool, tool, &material, &gap, &reach, err);
        if (st == MEIRO_OK)
            width_rule(s, "kerf", piece, tool, reach,
                       outlines ? N_("piece") : N_("gap between cuts"),
                       N_("the beam burns it away"));
        if (st == MEIRO_OK) st = measure(&segs, wall, wall + kerf, &material, &gap, &reach, err);
        if (st == MEIRO_OK)
            width_rule(s, "walls", piece, wall + kerf, reach,
                       outlines ? N_("wall") : N_("gap between cuts (a kerf and a wall)"),
                       N_("the material breaks there"));
        if (st == MEIRO_OK) {
            if (outlines) {
                size_t islands;
                double at[1][2];
                if (!fab_islands(&p, PLOT_CUT, &islands, at, 1)) {
                    st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
                    goto done;
                }
                /* the first island's place, as the widths' rules name the
                 * first narrowing: a list of places would be English
                 * figures inside a translated line */
                if (islands)
                    rule(s, "islands", false,
                         N_("pieces that fall out of the sheet (walls joined to no other: a "
                            "loop's island): %zu, the first near (%.1f, %.1f) mm"),
                         islands, at[0][0], at[0][1]);
                else rule(s, "islands", true, N_("the walls are one piece: nothing falls out"));
            } else
                rule(s, "islands", true,
                     N_("not checked: the cuts are lines, not pieces' outlines (a DXF's "
                        "outlines are: --cut outlines)"));
        }
        if (st == MEIRO_OK && ball > 0) {
            double need = ball + SOLID_CLEARANCE_MM;
            st = measure(&segs, 0, need + kerf, &material, &gap, &reach, err);
            if (st == MEIRO_OK)
                width_rule(s, "ball", &gap, need + kerf, reach,
                           outlines ? N_("corridor")
                                    : N_("gap between cuts (a kerf and a corridor)"),
                           N_("the ball and its 1 mm of clearance stick"));
        }
    }
done:
    free(segs.v);
    plot_free(&p);
    return st;
}

/* A 3D print's file. */
static meiro_status check_solid(const char *data, size_t size, kind k, double tool, double wall,
                                double ball, double bed_w, double bed_h, say *s, meiro_error *err)
{
    solid_tris t = {0};
    const unsigned char *bytes = (const unsigned char *)data;
    meiro_status st =
        k == K_STL ? solid_read_stl(bytes, size, &t, err) : solid_read_3mf(bytes, size, &t, err);
    if (st == MEIRO_OK && t.n == 0) st = fail(err, MEIRO_ERROR_PARSE, "no triangles");
    if (st != MEIRO_OK) {
        solid_tris_free(&t);
        return st;
    }
    double lo[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    for (size_t i = 0; i < 3 * t.n; i++)
        for (int a = 0; a < 3; a++)
            lo[a] = fmin(lo[a], t.v[3 * i + a]), hi[a] = fmax(hi[a], t.v[3 * i + a]);
    double z = lo[2] + SECTION_AT * (hi[2] - lo[2]);
    rule(s, "file", true, N_("%s: %zu triangles, %.1f x %.1f x %.1f mm; measured at z %.1f mm"),
         kind_names[k], t.n, hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], z);
    bed_rule(s, hi[0] - lo[0], hi[1] - lo[1], bed_w, bed_h);
    /* the walls' part alone where the file says which it is: an answer
     * or a lid is a part of its own, not a wall in a corridor */
    solid_tris walls = t;
    if (t.walls) walls.n = t.walls;
    solid_section_cuts sec;
    fab_segs segs = {0}, boxes = {0};
    st = solid_section(&walls, z, &sec, err);
    for (size_t i = 0; st == MEIRO_OK && i < sec.count; i++)
        if (!fab_seg_add(&segs, sec.cuts[i].a[0], sec.cuts[i].a[1], sec.cuts[i].b[0],
                         sec.cuts[i].b[1], sec.cuts[i].side))
            st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    for (size_t i = 0; st == MEIRO_OK && i < sec.raw_count; i++)
        if (!fab_seg_add(&boxes, sec.raw[i].a[0], sec.raw[i].a[1], sec.raw[i].b[0],
                         sec.raw[i].b[1], sec.raw[i].side))
            st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    /* a face inside another box (a wall's strip under its post) is none */
    if (st == MEIRO_OK && !fab_drop_inner(&segs, &boxes))
        st = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    fab_width material, gap;
    double reach = 0;
    if (st == MEIRO_OK) st = measure(&segs, wall, tool, &material, &gap, &reach, err);
    if (st == MEIRO_OK) {
        width_rule(s, "walls", &material, wall, reach, N_("wall"),
                   N_("under two lines of the nozzle it prints weak or not at all"));
        width_rule(s, "gaps", &gap, tool, reach, N_("gap"),
                   N_("under the nozzle's width the walls print into one"));
    }
    if (st == MEIRO_OK && ball > 0) {
        /* a tube's round corridors are facets: their chords fall short of
         * the arc the print was sized by by some hundredths of a mm, well
         * inside the clearance */
        double need = ball + SOLID_CLEARANCE_MM, facets = 0.05;
        st = measure(&segs, 0, need - facets, &material, &gap, &reach, err);
        if (st == MEIRO_OK)
            width_rule(s, "ball", &gap, need - facets, reach, N_("corridor"),
                       N_("the ball and its 1 mm of clearance stick"));
    }
    solid_section_free(&sec);
    free(segs.v);
    free(boxes.v);
    solid_tris_free(&t);
    return st;
}

meiro_status meiro_preflight_machine(const char *filename, meiro_machine machine, double tool_mm,
                                     double wall_mm, double ball_mm, double bed_w_mm,
                                     double bed_h_mm, meiro_preflight_report report, void *ctx,
                                     bool *passed, meiro_error *err)
{
    if (passed) *passed = false;
    if (!filename || (unsigned)machine >= MEIRO_MACHINE_COUNT)
        return fail(err, MEIRO_ERROR_ARGUMENT, "no file, or no machine");
    const double sizes[] = {tool_mm, wall_mm, ball_mm, bed_w_mm, bed_h_mm};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        if (!(sizes[i] >= 0 && sizes[i] <= 2000))
            return fail(err, MEIRO_ERROR_ARGUMENT, "a size of %g mm: 0 to 2000 mm", sizes[i]);
    if ((bed_w_mm > 0) != (bed_h_mm > 0))
        return fail(err, MEIRO_ERROR_ARGUMENT, "a bed has a width and a height");
    kind k = kind_of(filename);
    if (k == K_NONE)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "preflight --print %s reads .gcode, .nc, .hpgl, .plt, .dxf, .svg, .stl or "
                    ".3mf files, by their name",
                    machine_names[machine]);
    bool solid = k == K_STL || k == K_3MF;
    if (solid != (machine == MEIRO_MACHINE_3D))
        return fail(err, MEIRO_ERROR_ARGUMENT, "%s is %s, not a %s's",
                    machine == MEIRO_MACHINE_3D ? "a 3D printer reads STL or 3MF: this file"
                                                : "a plotter or a laser reads G-code, HP-GL, "
                                                  "DXF or SVG: this file",
                    kind_names[k], machine == MEIRO_MACHINE_3D ? "3D printer" : "2D machine");
    if (machine == MEIRO_MACHINE_3D && bed_w_mm == 0) bed_w_mm = bed_h_mm = SOLID_BED_MM;
    double tool = tool_mm > 0                        ? tool_mm
                  : machine == MEIRO_MACHINE_PLOTTER ? PEN_MM
                  : machine == MEIRO_MACHINE_LASER   ? KERF_MM
                                                     : NOZZLE_MM;
    double wall = wall_mm > 0 ? wall_mm : machine == MEIRO_MACHINE_3D ? 2 * tool : LASER_WALL_MM;
    char *data;
    size_t size;
    meiro_status st = slurp(filename, &data, &size, err);
    if (st != MEIRO_OK) return st;
    say s = {report, ctx, true};
    st = solid
             ? check_solid(data, size, k, tool, wall, ball_mm, bed_w_mm, bed_h_mm, &s, err)
             : check_flat(data, size, k, machine, tool, wall, ball_mm, bed_w_mm, bed_h_mm, &s, err);
    free(data);
    if (st == MEIRO_OK && passed) *passed = s.passed;
    return st;
}
