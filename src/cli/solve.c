/* meiro solve: reads a maze, solves it and writes it with the path. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const usage_solve =
    "Usage: meiro solve [OPTIONS] INPUT\n"
    "Solve the maze in INPUT (a text, CSV or JSON maze; '-' reads standard input)\n"
    "and write it with the path from S to G marked.\n"
    "\n"
    "  -m, --solver M       solver (default bfs; see 'meiro list')\n"
    "  -i, --input-format F text, csv or json (default: from INPUT's extension,\n"
    "                       else text)\n"
    "  -f, --format F       output format (default: from the output file's\n"
    "                       extension, else text)\n"
    "  -o, --output FILE    write to FILE (default, or '-': standard output)\n"
    "  -h, --help           show this help\n"
    "      --animate F.svg  also write an animated SVG of the search\n"
    "      --frames DIR     also write numbered PNG frames of it into DIR\n";
/* apart: one string would pass the 4095 bytes C compilers must take */
static const char *const usage_solve_page = PAGE_HELP PICTURE_HELP;


const struct option solve_options[] = {
    {"solver", required_argument, NULL, 'm'},
    {"input-format", required_argument, NULL, 'i'},
    {"format", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    PAGE_LONGOPTS,
    WATCH_LONGOPTS,
    {NULL, 0, NULL, 0},
};

int cmd_solve(int argc, char **argv)
{
    page_cli pc;
    page_cli_init(&pc, "solve");
    meiro_export_options page;
    const char *solver = NULL, *fmt = NULL, *output = NULL, *input_format = NULL;
    const char *animate = NULL, *frames = NULL;
    int c;
    while ((c = getopt_long(argc, argv, ":m:i:f:o:t:h", solve_options, NULL)) != -1) {
        switch (c) {
        case 'm': solver = optarg; break;
        case 'i': input_format = optarg; break;
        case 'f': fmt = optarg; break;
        case 'o': output = optarg; break;
        case OPT_ANIMATE: animate = optarg; break;
        case OPT_FRAMES: frames = optarg; break;
        case 'h':
            fputs(usage_solve, stdout);
            fputs(usage_solve_page, stdout);
            return EXIT_OK;
        default: {
            int rc = page_option("solve", c, &pc, argv);
            if (rc != EXIT_OK) return rc;
        }
        }
    }
    meiro_maze *m = NULL;
    meiro_trace *trace = NULL;
    meiro_path path = {0};
    const char *input;
    int rc = single_input("solve", argc, argv, &input);
    meiro_format format;
    if (rc == EXIT_OK) rc = output_format("solve", fmt, output, &format);
    if (rc == EXIT_OK) rc = page_options_check("solve", &pc, format);
    if (rc == EXIT_OK) rc = check_animate("solve", &pc, animate, frames);
    if (rc == EXIT_OK) rc = check_memory_floor("solve", format, frames != NULL);
    if (rc == EXIT_OK) rc = page_finish(&pc, &page);
    m = rc == EXIT_OK ? load_input(input, input_format, &rc) : NULL;
    if (!m) goto done;
    unsigned kinds = (animate ? 1u << MEIRO_KIND_ANIMATE : 0) |
                     (frames ? 1u << MEIRO_KIND_FRAMES : 0) |
                     (meiro_maze_has_mission(m) ? 1u << MEIRO_KIND_MISSION : 0);
    rc = check_kinds_output("solve", kinds, meiro_maze_grid(m), format, pc.answers_to);
    if (rc == EXIT_OK)
        rc = check_output("solve", meiro_maze_grid(m), meiro_maze_width(m), meiro_maze_height(m),
                          format, &page, output, pc.answers_to, animate || frames);
    const input_file inputs[] = {{N_("the maze"), input},
                                 {N_("the -t template"), pc.template_name}};
    if (rc == EXIT_OK) rc = check_not_inputs("solve", output, pc.answers_to, inputs, 2);
    if (rc == EXIT_OK) rc = check_not_inputs("solve", animate, NULL, inputs, 2);
    if (rc != EXIT_OK) goto done;
    meiro_error err = {0};
    if ((animate || frames) && !(trace = meiro_trace_new())) {
        rc = report_failure(NULL, &(meiro_error){.status = MEIRO_ERROR_NOMEM});
        goto done;
    }
    meiro_observer watcher = trace ? meiro_trace_observer(trace) : (meiro_observer){0};
    if (meiro_solve_watched(m, solver, trace ? &watcher : NULL, &path, &err) != MEIRO_OK) {
        rc = library_error("solve", input, &err);
        goto done;
    }
    /* a step the trace lost would fail the animation: say so before writing anything */
    if (trace && meiro_trace_status(trace) == MEIRO_ERROR_NOMEM) {
        rc = report_failure(animate ? animate : frames,
                            &(meiro_error){.status = MEIRO_ERROR_NOMEM,
                                           .message = "out of memory recording the animation"});
        goto done;
    }
    rc = write_result("solve", NULL, m, &path, format, &page, output, pc.answers_to);
    if (rc == EXIT_OK && trace) rc = write_animations(trace, m, animate, frames);
done:
    meiro_trace_free(trace);
    meiro_path_free(&path);
    meiro_maze_free(m);
    meiro_template_free(pc.tpl);
    return rc;
}
