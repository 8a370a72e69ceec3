/* A machine's file from a plot's strokes (plot.h): G-code, HP-GL, DXF
 * R12. Machine coordinates: millimetres, the lower left corner of what is
 * drawn at the origin, y up (the page's y runs down). */
#include "core/error.h"
#include "page/answer_colour.h"
#include "page/plot.h"

#include <math.h>
#include <stdarg.h>

/* G-code's pen: Z up and down, or a servo's; feeds in mm/min. */
#define PEN_UP_Z 5.0
#define PEN_DOWN_Z 0.0
#define DRAW_FEED 1500
#define PLUNGE_FEED 600
#define SERVO_DOWN "M3 S1000"
#define SERVO_UP "M5"
#define SERVO_SETTLE_S 0.15
/* HP-GL's plotter unit: 0.025 mm */
#define HPGL_PER_MM 40

typedef struct place {
    double x0, y1; /* the page's point at the machine's origin (x0, y1) */
    double w, h;
} place;

static place place_of(const plot *p)
{
    double x0, y0, x1, y1;
    plot_bounds(p, &x0, &y0, &x1, &y1);
    return (place){x0, y1, x1 - x0, y1 - y0};
}

static double mx(const place *pl, const double *pt) { return pt[0] - pl->x0; }
static double my(const place *pl, const double *pt) { return pl->y1 - pt[1]; }

/* The drawn length of the strokes. */
static double drawn_length(const plot *p)
{
    double len = 0;
    for (size_t i = 0; i < p->line_count; i++)
        for (size_t k = p->lines[i].first + 1; k < p->lines[i].first + p->lines[i].count; k++)
            len +=
                hypot(p->points[k][0] - p->points[k - 1][0], p->points[k][1] - p->points[k - 1][1]);
    return len;
}

/* The pens the lines use, in their order (plot_order takes each pen's
 * lines together); the count. */
static unsigned pens_used(const plot *p)
{
    unsigned n = 0;
    for (size_t i = 0; i < p->line_count; i++)
        n += i == 0 || p->lines[i].pen != p->lines[i - 1].pen;
    return n;
}

/* What a pen draws, for its comment. */
static const char *pen_use(scene_role role)
{
    switch (role) {
    case ROLE_WALLS: return "the walls";
    case ROLE_CORRIDORS: return "the corridors' centre-lines";
    case ROLE_ANSWER: return "the answer";
    case ROLE_START: return "S";
    case ROLE_GOAL: return "G";
    case ROLE_ARROW: return "the doors' arrows";
    case ROLE_OUTLINE: return "the shape's outline";
    default: return "the maze's marks";
    }
}

/* The header's lines, each after `lead` (a comment's mark). */
static bool say(FILE *out, const char *lead, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool ok = fputs(lead, out) != EOF && vfprintf(out, fmt, ap) >= 0 && fputc('\n', out) != EOF;
    va_end(ap);
    return ok;
}

/* What every header says: what is in the file and what is not. */
static bool say_common(FILE *out, const char *lead, const plot *p, const plot_header *h,
                       const place *pl)
{
    bool ok = say(out, lead, "%s", h->title) &&
              say(out, lead,
                  "units: millimetres; origin: the drawing's lower left corner, x to "
                  "the right, y up; size %.3f x %.3f mm",
                  pl->w, pl->h) &&
              say(out, lead,
                  "strokes: %zu, each segment once, drawn %.1f mm; pen-up travel %.1f mm "
                  "(%.1f mm before ordering)",
                  p->line_count, drawn_length(p), h->travel_after, h->travel_before);
    if (ok && p->texts)
        ok = say(out, lead,
                 "left out: %zu runs of text (the words S and G): their plates' and "
                 "badges' outlines mark them",
                 p->texts);
    if (ok && p->pictures)
        ok = say(out, lead, "left out: %zu pictures (S's and G's, a template's frame)",
                 p->pictures);
    return ok;
}

/* The line saying which pen draws next (its colour and first use). */
static bool say_pen(FILE *out, const char *lead, const plot *p, unsigned pen, unsigned nth,
                    unsigned pens)
{
    const char *name = answer_colour_name(p->pens[pen]);
    return name ? say(out, lead, "pen %u of %u: %s (#%06x), for %s", nth, pens, name,
                      (unsigned)p->pens[pen], pen_use(p->pen_role[pen]))
                : say(out, lead, "pen %u of %u: #%06x, for %s", nth, pens, (unsigned)p->pens[pen],
                      pen_use(p->pen_role[pen]));
}

meiro_status plot_write_gcode(const plot *p, const plot_header *h, FILE *out, meiro_error *err)
{
    place pl = place_of(p);
    bool servo = h->machine->servo;
    bool ok = say_common(out, "; ", p, h, &pl) &&
              say(out, "; ",
                  "GRBL: G21 millimetres, G90 absolute; feed %d mm/min drawing, "
                  "rapid moves with the pen up; passes: 1",
                  DRAW_FEED);
    if (ok && servo)
        ok = say(out, "; ", "pen: a servo, down %s, up %s, %.2f s to settle (G4)", SERVO_DOWN,
                 SERVO_UP, SERVO_SETTLE_S);
    else if (ok)
        ok = say(out, "; ", "pen: up Z%.1f (G0), down Z%.1f (G1 F%d)", PEN_UP_Z, PEN_DOWN_Z,
                 PLUNGE_FEED);
    unsigned pens = pens_used(p), nth = 0;
    if (ok && pens > 1)
        ok = say(out, "; ",
                 "pens: %u, one a colour, each colour's strokes together: M0 pauses the "
                 "machine, pen up, for each change (the comment above it names the pen)",
                 pens);
    ok = ok && fputs("G21\nG90\n", out) != EOF;
    const char *up = servo ? SERVO_UP "\nG4 P0.15\n" : "G0 Z5.000\n";
    ok = ok && fputs(up, out) != EOF;
    for (size_t i = 0; ok && i < p->line_count; i++) {
        const plot_line *l = &p->lines[i];
        if (pens > 1 && (i == 0 || l->pen != p->lines[i - 1].pen))
            ok = say_pen(out, "; ", p, l->pen, ++nth, pens) &&
                 (nth == 1 || fputs("M0\n", out) != EOF);
        const double *a = p->points[l->first];
        ok = fprintf(out, "G0 X%.3f Y%.3f\n", mx(&pl, a), my(&pl, a)) >= 0 &&
             (servo ? fputs(SERVO_DOWN "\nG4 P0.15\n", out) != EOF
                    : fprintf(out, "G1 Z%.3f F%d\n", PEN_DOWN_Z, PLUNGE_FEED) >= 0);
        for (size_t k = 1; ok && k < l->count; k++) {
            const double *b = p->points[l->first + k];
            ok = fprintf(out, k == 1 ? "G1 X%.3f Y%.3f F%d\n" : "G1 X%.3f Y%.3f\n", mx(&pl, b),
                         my(&pl, b), DRAW_FEED) >= 0;
        }
        ok = ok && fputs(up, out) != EOF;
    }
    ok = ok && fputs("M2\n", out) != EOF;
    return ok ? MEIRO_OK : fail_write(err);
}

meiro_status plot_write_hpgl(const plot *p, const plot_header *h, FILE *out, meiro_error *err)
{
    (void)h; /* HP-GL has no comments: the header is G-code's and DXF's */
    place pl = place_of(p);
    bool ok = fputs("IN;", out) != EOF;
    unsigned nth = 0;
    if (p->line_count == 0) ok = ok && fputs("SP1;\n", out) != EOF;
    for (size_t i = 0; ok && i < p->line_count; i++) {
        const plot_line *l = &p->lines[i];
        /* a pen a colour: SP 1, 2... in the order they draw */
        if (i == 0 || l->pen != p->lines[i - 1].pen) ok = fprintf(out, "SP%u;\n", ++nth) >= 0;
        for (size_t k = 0; ok && k < l->count; k++) {
            const double *b = p->points[l->first + k];
            ok = fprintf(out, "%s%ld,%ld",
                         k == 0   ? "PU"
                         : k == 1 ? ";PD"
                                  : ",",
                         lround(mx(&pl, b) * HPGL_PER_MM), lround(my(&pl, b) * HPGL_PER_MM)) >= 0;
        }
        ok = ok && fputs(";\n", out) != EOF;
    }
    ok = ok && fputs("PU;SP0;\n", out) != EOF;
    return ok ? MEIRO_OK : fail_write(err);
}

/* ---- DXF R12 ---- */

/* AutoCAD's colours 1 to 9 (7: black on a white sheet, white on black):
 * the nearest to rgb. */
static int aci_of(uint32_t rgb)
{
    static const uint32_t aci[] = {0,        0xFF0000, 0xFFFF00, 0x00FF00, 0x00FFFF,
                                   0x0000FF, 0xFF00FF, 0x000000, 0x414141, 0x808080};
    int best = 7;
    double nearest = HUGE_VAL;
    for (int k = 1; k <= 9; k++) {
        double d = 0;
        for (int c = 0; c < 3; c++) {
            double a = (rgb >> (8 * c)) & 0xFF, b = (aci[k] >> (8 * c)) & 0xFF;
            d += (a - b) * (a - b);
        }
        if (d < nearest) nearest = d, best = k;
    }
    return best;
}

static bool group(FILE *out, int code, const char *value)
{
    return fprintf(out, "%3d\n%s\n", code, value) >= 0;
}

static bool group_f(FILE *out, int code, double v)
{
    return fprintf(out, "%3d\n%.4f\n", code, v) >= 0;
}

static bool point(FILE *out, int code, double x, double y)
{
    return group_f(out, code, x) && group_f(out, code + 10, y) && group_f(out, code + 20, 0);
}

static bool dxf_layer(FILE *out, const char *name, int colour)
{
    char c[8];
    snprintf(c, sizeof c, "%d", colour);
    return group(out, 0, "LAYER") && group(out, 2, name) && group(out, 70, "0") &&
           group(out, 62, c) && group(out, 6, "CONTINUOUS");
}

static const char *const layer_names[PLOT_LAYERS] = {"CUT", "ENGRAVE"};

static bool dxf_line(FILE *out, const plot *p, const plot_line *l, const place *pl)
{
    const char *layer = layer_names[l->layer];
    const double *a = p->points[l->first];
    if (l->count == 2) {
        const double *b = p->points[l->first + 1];
        return group(out, 0, "LINE") && group(out, 8, layer) &&
               point(out, 10, mx(pl, a), my(pl, a)) && point(out, 11, mx(pl, b), my(pl, b));
    }
    size_t n =
        l->closed ? l->count - 1 : l->count; /* closed: the flag, not the first point again */
    bool ok = group(out, 0, "POLYLINE") && group(out, 8, layer) && group(out, 66, "1") &&
              group(out, 70, l->closed ? "1" : "0") && point(out, 10, 0, 0);
    for (size_t k = 0; ok && k < n; k++) {
        const double *b = p->points[l->first + k];
        ok =
            group(out, 0, "VERTEX") && group(out, 8, layer) && point(out, 10, mx(pl, b), my(pl, b));
    }
    return ok && group(out, 0, "SEQEND") && group(out, 8, layer);
}

meiro_status plot_write_dxf(const plot *p, const plot_header *h, FILE *out, meiro_error *err)
{
    place pl = place_of(p);
    const machine_options *m = h->machine;
    bool ok = say_common(out, "999\n", p, h, &pl);
    if (ok && h->offset > 0)
        ok = say(out, "999\n",
                 "CUT: closed outlines %.4f mm off the strokes' centre-lines (half of "
                 "the strokes' width, %.4f mm, and half of the kerf, %.4f mm)",
                 h->offset, p->width[PLOT_CUT], m->kerf_mm);
    else if (ok) ok = say(out, "999\n", "CUT: the strokes themselves as lines (hairlines)");
    if (ok)
        ok = say(out, "999\n", "colours: CUT #%06x (AutoCAD colour %d), ENGRAVE #%06x (%d)",
                 (unsigned)m->cut_rgb, aci_of(m->cut_rgb), (unsigned)m->engrave_rgb,
                 aci_of(m->engrave_rgb));
    ok = ok && group(out, 0, "SECTION") && group(out, 2, "HEADER") && group(out, 9, "$ACADVER") &&
         group(out, 1, "AC1009") && group(out, 9, "$INSUNITS") && group(out, 70, "4") &&
         group(out, 9, "$EXTMIN") && point(out, 10, 0, 0) && group(out, 9, "$EXTMAX") &&
         point(out, 10, pl.w, pl.h) && group(out, 0, "ENDSEC");
    ok = ok && group(out, 0, "SECTION") && group(out, 2, "TABLES") && group(out, 0, "TABLE") &&
         group(out, 2, "LTYPE") && group(out, 70, "1") && group(out, 0, "LTYPE") &&
         group(out, 2, "CONTINUOUS") && group(out, 70, "0") && group(out, 3, "Solid line") &&
         group(out, 72, "65") && group(out, 73, "0") && group(out, 40, "0.0") &&
         group(out, 0, "ENDTAB") && group(out, 0, "TABLE") && group(out, 2, "LAYER") &&
         group(out, 70, "2") && dxf_layer(out, "CUT", aci_of(m->cut_rgb)) &&
         dxf_layer(out, "ENGRAVE", aci_of(m->engrave_rgb)) && group(out, 0, "ENDTAB") &&
         group(out, 0, "ENDSEC");
    ok = ok && group(out, 0, "SECTION") && group(out, 2, "ENTITIES");
    for (size_t i = 0; ok && i < p->line_count; i++) ok = dxf_line(out, p, &p->lines[i], &pl);
    ok = ok && group(out, 0, "ENDSEC") && group(out, 0, "EOF");
    return ok ? MEIRO_OK : fail_write(err);
}
