/* meiro generate --picture: a picture maze, whose solution coloured in
 * draws a picture (or, --reverse, whose dead ends do), with its own options
 * and the page options (parse, resolve, run: the library decides the grid
 * and makes the maze). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage_picture =
    "Usage: meiro generate --picture P [OPTIONS]\n"
    "A picture maze: colour in the way from S to G and a picture appears. The\n"
    "answer shows it, the puzzle does not (every other cell hangs off the way\n"
    "in short dead ends). The maze is perfect: one way between any two cells.\n"
    "\n"
    "      --picture P      a built-in shape (heart, star, ...; see 'meiro list'),\n"
    "                       a picture file (a name with '/' or '.': SVG, PNG,\n"
    "                       JPEG, GIF, BMP, its dark or opaque part), or else a\n"
    "                       name drawn in letters (HANA, はな)\n"
    "      --reverse        the dead ends draw the picture, not the way\n"
    "  -W, --width N        cells across, even (default 48 on the long side; a\n"
    "                       name's width follows from its letters)\n"
    "  -H, --height N       cells down, even (a name: its letters' height with a\n"
    "                       border of 4 cells)\n"
    "      --age N          for a child of N years: the grid as large as the\n"
    "                       page holds at the age's cells (10 mm at 3-5, 7 at\n"
    "                       6-8, 5 at 9-12; unless -W/-H say), S and G on\n"
    "                       badges on every page\n"
    "      --difficulty L   the same by level: easy, normal, hard or expert\n"
    "  -s, --seed N         seed (default: from the clock, printed on stderr)\n"
    "      --solution       the puzzle shows the picture coloured in\n"
    "  -f, --format F       pdf, svg, png, xlsx, html, text, csv, ascii, unicode or\n"
    "                       json (default: from the output file's extension)\n"
    "  -o, --output FILE    write to FILE (default, or '-': standard output)\n"
    "  -h, --help           show this help\n"
    "The page options of 'meiro generate --help' apply (--paper, --answers,\n"
    "--answer-page, --play, --lang, --title, ...). The answer fills the cells of\n"
    "the way (reversed: every other cell); --play (xlsx) colours marked cells red.\n";

enum { P_PICTURE = 1100, P_REVERSE };

static const struct option picture_options[] = {
    {"picture", required_argument, NULL, P_PICTURE},
    {"reverse", no_argument, NULL, P_REVERSE},
    {"width", required_argument, NULL, 'W'},
    {"height", required_argument, NULL, 'H'},
    {"age", required_argument, NULL, OPT_AGE},
    {"difficulty", required_argument, NULL, OPT_DIFFICULTY},
    {"seed", required_argument, NULL, 's'},
    {"solution", no_argument, NULL, 'S'},
    {"format", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    PAGE_LONGOPTS,
    {NULL, 0, NULL, 0},
};

const struct option *picture_option_table(void) { return picture_options; }

bool picture_asked(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) return false;
        if (!strcmp(argv[i], "--picture") || !strncmp(argv[i], "--picture=", 10)) return true;
    }
    return false;
}

/* A picture drawn in letters (the library's rule: not a shape's name, no
 * '/' or '.'): its width follows from its height. */
static bool picture_is_text(const char *picture)
{
    uint32_t w, h;
    return !meiro_shape_min_grid(picture, &w, &h) && !strchr(picture, '/') && !strchr(picture, '.');
}

/* The picture's grid for a level's child, neither side given: the default
 * grid made smaller, two cells at a time in its aspect (a text: its
 * height), until the page holds it at the level's cell, or the picture
 * gets no smaller (then meiro_level_page_check says so); text, CSV and
 * JSON as on the PDF page they would print on. *mask, *w, *h as
 * meiro_picture_mask's. */
static meiro_status picture_for_level(const char *picture, const meiro_level_desc *level,
                                      meiro_format format, const meiro_export_options *page,
                                      uint8_t **mask, uint32_t *w, uint32_t *h, meiro_error *err)
{
    meiro_status s = meiro_picture_mask(picture, page->lang, 0, 0, mask, w, h, err);
    uint32_t w0 = *w, h0 = *h, long0 = w0 > h0 ? w0 : h0;
    bool text = picture_is_text(picture);
    /* a sheet or a web page as the PDF page it would print on */
    meiro_format measured =
        format == MEIRO_FORMAT_SVG || format == MEIRO_FORMAT_PNG ? format : MEIRO_FORMAT_PDF;
    for (uint32_t side = long0; s == MEIRO_OK && side > 2; side -= 2) {
        double cell = 0;
        meiro_error e = {0};
        if (meiro_export_cell_mm(*w, *h, measured, page, &cell, &e) != MEIRO_OK ||
            cell >= level->cell_mm)
            break;
        uint32_t tw = text ? 0 : (uint32_t)((uint64_t)w0 * (side - 2) / long0);
        uint32_t th = text ? *h - 2 : (uint32_t)((uint64_t)h0 * (side - 2) / long0);
        uint8_t *smaller = NULL;
        uint32_t sw, sh;
        if (meiro_picture_mask(picture, page->lang, tw, th, &smaller, &sw, &sh, &e) != MEIRO_OK) {
            if (e.status == MEIRO_ERROR_NOMEM) {
                s = e.status;
                if (err) *err = e;
            }
            break; /* too small for the picture: the last that was not */
        }
        if (sw >= *w && sh >= *h) { /* no smaller: the least grid of the shape */
            meiro_mask_free(smaller);
            break;
        }
        meiro_mask_free(*mask);
        *mask = smaller, *w = sw, *h = sh;
    }
    return s;
}

int cmd_picture(int argc, char **argv)
{
    const char *picture = NULL, *fmt = NULL, *output = NULL;
    uint64_t width = 0, height = 0, seed = 0;
    bool reverse = false, seeded = false, solution = false;
    page_cli pc;
    page_cli_init(&pc, "generate");
    pc.longopts = picture_options;
    meiro_export_options page;
    meiro_format format;
    meiro_error err = {0};
    char said[1024]; /* a warning translated, then the seed's -s */
    meiro_maze *m = NULL;
    meiro_path path = {0};
    uint8_t *mask = NULL;
    const meiro_level_desc *level = NULL;
    int c, rc = EXIT_OK;
    optind = 1;
    while (rc == EXIT_OK &&
           (c = getopt_long(argc, argv, ":W:H:s:f:o:t:h", picture_options, NULL)) != -1) {
        switch (c) {
        case P_PICTURE: picture = optarg; break;
        case P_REVERSE: reverse = true; break;
        case 'W':
        case 'H':
            if (!parse_u64(optarg, MEIRO_MAX_SIDE, c == 'W' ? &width : &height) ||
                !(c == 'W' ? width : height))
                rc = usage_error("generate", N_("%s must be a whole number from 1 to 65535"),
                                 c == 'W' ? "--width" : "--height");
            break;
        case 's':
            if (!parse_u64(optarg, UINT64_MAX, &seed))
                rc = usage_error("generate", N_("--seed must be a whole number, not '%s'"), optarg);
            seeded = true;
            break;
        case OPT_AGE:
        case OPT_DIFFICULTY: rc = parse_level("generate", c, optarg, &level); break;
        case 'S': solution = true; break;
        case 'f': fmt = optarg; break;
        case 'o': output = optarg; break;
        case 'h': fputs(usage_picture, stdout); goto done;
        default: rc = page_option("generate", c, &pc, argv); break;
        }
    }
    if (rc != EXIT_OK) goto done;
    if (optind < argc) {
        rc = usage_error("generate", N_("unexpected argument '%s'"), argv[optind]);
        goto done;
    }
    if (solution && pc.answers_to) {
        rc = usage_error("generate", "%s",
                         N_("--solution draws the answer on the puzzle and --answers-to puts it "
                            "in a file apart: one or the other"));
        goto done;
    }
    rc = output_format("generate", fmt, output, &format);
    if (rc == EXIT_OK) rc = page_options_check("generate", &pc, format);
    if (rc == EXIT_OK) rc = check_memory_floor("generate", format, false);
    if (rc == EXIT_OK) rc = page_finish(&pc, &page);
    if (rc != EXIT_OK) goto done;
    page_signs_for_level(&page, level);
    uint32_t w, h;
    if ((level && !width && !height && picture
             ? picture_for_level(picture, level, format, &page, &mask, &w, &h, &err)
             : meiro_picture_mask(picture, page.lang, (uint32_t)width, (uint32_t)height, &mask, &w,
                                  &h, &err)) != MEIRO_OK) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    if (err.message[0]) /* a picture with no clear silhouette: made, and said */
        say_warning("%s (--picture)", say(err.message, said, sizeof said));
    rc = check_output("generate", MEIRO_GRID_RECT, w, h, format, &page, output, pc.answers_to,
                      false);
    const input_file inputs[] = {{N_("the -t template"), pc.template_name},
                                 {N_("the --picture"), picture}};
    if (rc == EXIT_OK) rc = check_not_inputs("generate", output, pc.answers_to, inputs, 2);
    if (rc != EXIT_OK) goto done;
    /* cells smaller than the age's (a size given, or the picture's least): said */
    if (meiro_level_page_check(level, MEIRO_GRID_RECT, w, h, 0, format, &page, &err) ==
        MEIRO_ERROR_NOMEM) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    if (err.message[0]) say_warning("%s (--age)", say(err.message, said, sizeof said));
    err = (meiro_error){0};
    if (!page.title) { /* the page says what to do */
        bool ja = page.lang && !strcmp(page.lang, "ja");
        page.title = reverse ? (ja ? "行き止まりをぬると、絵が出てくるよ"
                                   : "Colour in the dead ends: a picture appears")
                             : (ja ? "SからGまでの道をぬると、絵が出てくるよ"
                                   : "Colour in the way from S to G: a picture appears");
    }
    if (!seeded) seed = clock_seed();
    m = meiro_picture_maze(mask, w, h, reverse, seed, &err);
    if (!m) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    bool solve = solution || meiro_answers_asked(&page) || pc.answers_to;
    if (solve && meiro_solve(m, NULL, &path, &err) != MEIRO_OK) {
        rc = library_error("generate", NULL, &err);
        goto done;
    }
    rc = write_result("generate", NULL, m, solve ? &path : NULL, format, &page, output,
                      pc.answers_to);
    if (rc == EXIT_OK && !seeded) {
        snprintf(said, sizeof said, "-s %llu", (unsigned long long)seed);
        say_line(N_("seed %llu (use %s to make this maze again)"), (unsigned long long)seed, said);
    }
done:
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_mask_free(mask);
    meiro_template_free(pc.tpl);
    return rc;
}
