/* The page layout: exact numbers for known cases, worked out by hand from
 * the rules in src/layout.c. */
#define _POSIX_C_SOURCE 200809L /* setenv, gmtime_r */
#include "harness.h"
#include "whitebox.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK_MM(a, b) CHECK_MSG(fabs((a) - (b)) < 1e-6, "%.6f != %.6f", (double)(a), (double)(b))

static page_layout lay(uint32_t w, uint32_t h, meiro_export_options *opt, meiro_status want)
{
    page_layout L;
    meiro_error err = {0};
    CHECK_MSG(layout_page(w, h, opt, &L, &err) == want, "%s", err.message);
    return L;
}

static void test_a4_portrait(void)
{
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    /* 10 x 14 on A4: portrait; area 180 x (297 - 30 - 7) = 260; the line is
     * 1.2 (a tenth of 18, capped); cell = (180 - 1.2) / 10 = 17.88 */
    page_layout L = lay(10, 14, &opt, MEIRO_OK);
    CHECK(!L.landscape);
    CHECK_MM(L.page_w, 210);
    CHECK_MM(L.page_h, 297);
    CHECK_MM(L.line, 1.2);
    CHECK_MM(L.cell, 17.88);
    CHECK_MM(L.maze_w, 178.8);
    CHECK_MM(L.maze_h, 250.32);
    CHECK_MM(L.maze_x, 15.6);         /* (210 - 178.8) / 2: centred */
    CHECK_MM(L.maze_y, 19.84);        /* 15 + (260 - 250.32) / 2 */
    CHECK_MM(L.footer_baseline, 281); /* 297 - 15 - 1 */
    CHECK_MM(L.title_size, 0);
    CHECK_MM(L.mark_size, 17.88 * 0.6);
    CHECK_MM(L.path_width, 4);       /* 0.3 cell, capped at 4 */
    CHECK_MM(L.crop_x, 15.6 - 8.94); /* half a cell of border */
    CHECK_MM(L.crop_w, 178.8 + 17.88);
    /* with a title: 16 mm more at the top */
    opt.title = "Hana";
    L = lay(10, 14, &opt, MEIRO_OK);
    CHECK_MM(L.title_baseline, 23);     /* 15 + 8 */
    CHECK_MM(L.cell, (244 - 1.2) / 14); /* the height binds now */
    CHECK_MM(L.maze_y, 31 + (244 - L.cell * 14) / 2);
}

static void test_orientation_and_papers(void)
{
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    /* wider than tall: landscape; area 267 x 173 */
    page_layout L = lay(20, 15, &opt, MEIRO_OK);
    CHECK(L.landscape);
    CHECK_MM(L.page_w, 297);
    CHECK_MM(L.page_h, 210);
    double room = 173.0 / 15 * 0.1; /* the line of the first estimate */
    CHECK_MM(L.cell, (173 - room) / 15);
    CHECK_MM(L.line, L.cell * 0.1); /* drawn: a tenth of the final cell */
    CHECK_MM(L.maze_x + L.maze_w / 2, 297 / 2.0);
    opt.orientation = MEIRO_ORIENT_PORTRAIT;
    L = lay(20, 15, &opt, MEIRO_OK);
    CHECK(!L.landscape);
    CHECK_MM(L.cell, (180 - 0.9) / 20); /* estimate 9, line 0.9 */
    opt.orientation = MEIRO_ORIENT_LANDSCAPE;
    L = lay(3, 30, &opt, MEIRO_OK);
    CHECK(L.landscape);
    static const struct {
        const char *name;
        double w, h;
    } papers[] = {
        {"a4", 210, 297}, {"A3", 297, 420},         {"a5", 148, 210},
        {"b5", 182, 257}, {"letter", 215.9, 279.4}, {"Legal", 215.9, 355.6},
    };
    for (size_t i = 0; i < sizeof papers / sizeof papers[0]; i++) {
        meiro_export_options o;
        meiro_export_options_init(&o);
        CHECK_INT(meiro_paper_from_name(papers[i].name, &o.paper, NULL), MEIRO_OK);
        page_layout P = lay(5, 5, &o, MEIRO_OK);
        CHECK_MM(P.page_w, papers[i].w);
        CHECK_MM(P.page_h, papers[i].h);
    }
    meiro_paper p;
    meiro_error err = {0};
    CHECK_INT(meiro_paper_from_name("a2", &p, &err), MEIRO_ERROR_UNKNOWN_NAME);
    CHECK(strstr(err.message, "letter") != NULL);
}

static void test_fixed_cells(void)
{
    meiro_export_options opt;
    meiro_export_options_init(&opt);
    opt.cell_mm = 15; /* a child's maze: 11 x 15 cells of 15 mm on A4 */
    page_layout L = lay(11, 15, &opt, MEIRO_OK);
    CHECK_MM(L.cell, 15);
    CHECK_MM(L.line, 1.2);
    CHECK_MM(L.maze_x, (210 - 165) / 2.0);
    /* too big: the message names the largest cell that fits */
    opt.cell_mm = 10;
    meiro_error err = {0};
    page_layout bad;
    CHECK_INT(layout_page(33, 33, &opt, &bad, &err), MEIRO_ERROR_ARGUMENT);
    /* fit: estimate 180/33 = 5.4545, line 0.5455, (180 - 0.5455) / 33 = 5.438 */
    CHECK_MSG(strstr(err.message, "largest cell that fits is 5.4 mm") != NULL, "%s", err.message);
    CHECK(strstr(err.message, "331.0 x 331.0 mm") != NULL);
    /* margins */
    meiro_export_options_init(&opt);
    opt.margin_mm = 10;
    L = lay(10, 14, &opt, MEIRO_OK);
    CHECK_MM(L.cell, (190 - 1.2) / 10);
    opt.margin_mm = 60;
    CHECK_INT(layout_page(10, 14, &opt, &bad, &err), MEIRO_ERROR_ARGUMENT);
    opt.margin_mm = -1;
    CHECK_INT(layout_page(10, 14, &opt, &bad, &err), MEIRO_ERROR_ARGUMENT);
    /* the finest line is 0.1 mm */
    meiro_export_options_init(&opt);
    L = lay(500, 700, &opt, MEIRO_OK);
    CHECK_MM(L.line, 0.1);
    /* nothing fits when cells would vanish */
    CHECK_INT(layout_page(65535, 6000, &opt, &bad, &err), MEIRO_ERROR_ARGUMENT);
}

/* A template's line width is for its big cells: over cell sizes from
 * 2 to 25 mm, a 1.6 mm kids' line stays 1.6 mm on 20 mm cells and thins
 * with smaller ones (never over 8% of the cell, or the usual tenth). */
static void test_line_scales_with_cell(void)
{
    verdict thin = {0};
    for (double side = 40; side <= 500; side += 20) {
        page_layout L = {0};
        box slot = {0, 0, side, side};
        CHECK_INT(layout_in_slot(20, 20, 0, slot, false, 0, 25, 1.6, &L, NULL), MEIRO_OK);
        double usual = fmin(fmax(L.cell * 0.1, 0.1), 1.2);
        verdict_note(&thin, L.line <= fmax(usual, L.cell * 0.08) + 1e-9 && L.line <= 1.6,
                     "cell %.2f mm: line %.2f mm", L.cell, L.line);
        if (L.cell >= 20)
            verdict_note(&thin, fabs(L.line - 1.6) < 1e-9, "cell %.2f: line %.2f, not 1.6", L.cell,
                         L.line);
    }
    CHECK_ALL(thin);
}

/* Doors get arrows, and the arrows room: over sizes, slots, fitted and
 * fixed cells and each pair of sides, the maze and an arrow's full reach
 * (arrow_from + arrow beyond the wall) lie inside the slot on the sides
 * with doors, the maze is centred, and a maze without doors gets no room. */
static void test_arrow_room(void)
{
    verdict room = {0};
    const unsigned sides[] = {1u << MEIRO_WEST | 1u << MEIRO_EAST,
                              1u << MEIRO_NORTH | 1u << MEIRO_SOUTH,
                              1u << MEIRO_NORTH | 1u << MEIRO_EAST, 0};
    const uint32_t sizes[][2] = {{1, 1}, {7, 9}, {20, 15}, {60, 40}};
    const box slots[] = {{15, 40, 180, 235}, {15, 15, 267, 160}, {20, 30, 60, 45}};
    for (size_t d = 0; d < 4; d++)
        for (size_t z = 0; z < 4; z++)
            for (size_t k = 0; k < 3; k++)
                for (int fixed = 0; fixed <= 1; fixed++) {
                    page_layout L = {0};
                    box s = slots[k];
                    double exact =
                        fixed ? 0.8 * fmin(s.w / (sizes[z][0] + 2.0), s.h / (sizes[z][1] + 2.0))
                              : 0;
                    if (layout_in_slot(sizes[z][0], sizes[z][1], sides[d], s, false, exact, 20, 0,
                                       &L, NULL) != MEIRO_OK) {
                        verdict_note(&room, fixed, "%ux%u in slot %zu: no fit", sizes[z][0],
                                     sizes[z][1], k);
                        continue;
                    }
                    double reach = L.arrow_from + L.arrow;
                    bool across = sides[d] & (1u << MEIRO_WEST | 1u << MEIRO_EAST);
                    bool down = sides[d] & (1u << MEIRO_NORTH | 1u << MEIRO_SOUTH);
                    double e = 1e-9;
                    bool inside = L.maze_x - (across ? reach : 0) >= s.x - e &&
                                  L.maze_x + L.maze_w + (across ? reach : 0) <= s.x + s.w + e &&
                                  L.maze_y - (down ? reach : 0) >= s.y - e &&
                                  L.maze_y + L.maze_h + (down ? reach : 0) <= s.y + s.h + e;
                    bool centred = fabs(L.maze_x + L.maze_w / 2 - (s.x + s.w / 2)) < 1e-6 &&
                                   fabs(L.maze_y + L.maze_h / 2 - (s.y + s.h / 2)) < 1e-6;
                    verdict_note(
                        &room, inside && centred && (sides[d] ? L.arrow >= 2.5 : L.arrow == 0),
                        "%ux%u sides %u slot %zu%s: arrows reach %.2f mm, maze at %.1f,%.1f %.1f x %.1f",
                        sizes[z][0], sizes[z][1], sides[d], k, fixed ? " fixed" : "", reach,
                        L.maze_x, L.maze_y, L.maze_w, L.maze_h);
                }
    CHECK_ALL(room);
}

/* The document date: SOURCE_DATE_EPOCH read and written in UTC over its
 * whole range (leap days, century years, the first and last second). */
static void test_timestamp(void)
{
    verdict same = {0};
    unsigned long long step = 86400ULL * 7919 + 3601; /* every weekday, hour and day of year */
    for (unsigned long long v = 0; v <= 253402300799ULL; v += v < 4102444800ULL ? step / 97 : step) {
        unsigned long long vals[3] = {v, v - v % 86400 + 86399, v - v % 86400};
        for (int k = 0; k < 3; k++) {
            char env[32], got[32] = "", want[32] = "";
            snprintf(env, sizeof env, "%llu", vals[k]);
            setenv("SOURCE_DATE_EPOCH", env, 1);
            meiro_error e = {0};
            time_t t = (time_t)vals[k];
            struct tm tm;
            gmtime_r(&t, &tm);
            strftime(want, sizeof want, "%Y-%m-%dT%H:%M:%SZ", &tm);
            bool ok = page_timestamp_iso(got, sizeof got, &e) == MEIRO_OK && strcmp(got, want) == 0;
            verdict_note(&same, ok, "%s: %s, gmtime %s", env, got, want);
        }
    }
    unsetenv("SOURCE_DATE_EPOCH");
    CHECK_ALL(same);
}

static const test_case cases[] = {
    {"timestamp", test_timestamp},
    {"arrow_room", test_arrow_room},   {"line_scales_with_cell", test_line_scales_with_cell},
    {"a4_portrait", test_a4_portrait}, {"orientation_and_papers", test_orientation_and_papers},
    {"fixed_cells", test_fixed_cells},
};

int main(int argc, char **argv)
{
    return test_main("layout", argc, argv, cases, TEST_COUNT(cases));
}
