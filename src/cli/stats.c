/* meiro stats: the numbers of a maze, as text or JSON. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>

static const char *const usage_stats =
    "Usage: meiro stats [OPTIONS] INPUT\n"
    "Measure the maze in INPUT: size, path length, dead ends, junctions.\n"
    "\n"
    "  -i, --input-format F text, csv or json (default: from INPUT's extension,\n"
    "                       else text)\n"
    "      --json           print the numbers as JSON\n"
    "  -h, --help           show this help\n";

static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

int cmd_stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'J'},
        {"input-format", required_argument, NULL, 'i'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool json = false;
    const char *input_format = NULL;
    int c;
    while ((c = getopt_long(argc, argv, ":i:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'J': json = true; break;
        case 'i': input_format = optarg; break;
        case 'h': fputs(usage_stats, stdout); return EXIT_OK;
        default: return bad_option("stats", argv, c, longopts);
        }
    }
    const char *input;
    int rc = single_input("stats", argc, argv, &input);
    if (rc != EXIT_OK) return rc;
    meiro_maze *m = load_input(input, input_format, &rc);
    if (!m) return rc;
    meiro_error err = {0};
    meiro_stats st;
    if (meiro_stats_compute(m, &st, &err) != MEIRO_OK) {
        meiro_maze_free(m);
        return report_failure(input, &err);
    }
    /* a mission maze: its rules' walk, proved unique or counted */
    struct {
        bool ok;
        const char *kind;
        unsigned count;
        meiro_path walk;
        uint64_t ways;
    } mission = {false, "none", 0, {0}, 0};
    if (meiro_maze_has_mission(m)) {
        meiro_mission_kind k = meiro_maze_mission(m, &mission.count);
        mission.kind = k == MEIRO_MISSION_KEYS ? "keys" : k == MEIRO_MISSION_COLLECT ? "collect" : "none";
        if (meiro_mission_solve(m, &mission.walk, &mission.ways, &err) != MEIRO_OK) {
            meiro_maze_free(m);
            return report_failure(input, &err);
        }
        mission.ok = true;
    }
    uint64_t seed;
    bool has_seed = meiro_maze_seed(m, &seed);
    meiro_cell s = meiro_maze_start(m), g = meiro_maze_goal(m);
    if (json) {
        printf("{\"grid\": \"%s\", \"width\": %lu, \"height\": %lu, \"cells\": %llu, ",
               meiro_grid_name(meiro_maze_grid(m)), (unsigned long)st.width,
               (unsigned long)st.height, (unsigned long long)st.cells);
        /* a string, as in the maze JSON: JavaScript numbers lose digits past 2^53 */
        if (has_seed) printf("\"seed\": \"%llu\", ", (unsigned long long)seed);
        else printf("\"seed\": null, ");
        printf("\"start\": [%lu, %lu], \"goal\": [%lu, %lu], ", (unsigned long)s.x,
               (unsigned long)s.y, (unsigned long)g.x, (unsigned long)g.y);
        printf("\"perfect\": %s, \"reachable\": %llu, \"passages\": %llu, ",
               st.perfect ? "true" : "false", (unsigned long long)st.reachable,
               (unsigned long long)st.passages);
        printf("\"solution_length\": %llu, \"solution_percent\": %.2f, \"turns\": %llu, ",
               (unsigned long long)st.solution, percent(st.solution, st.cells),
               (unsigned long long)st.turns);
        printf("\"dead_ends\": %llu, \"dead_end_percent\": %.2f, \"junctions\": %llu, "
               "\"junctions4\": %llu, \"corridors\": %llu, ",
               (unsigned long long)st.dead_ends, percent(st.dead_ends, st.cells),
               (unsigned long long)st.junctions, (unsigned long long)st.junctions4,
               (unsigned long long)st.corridors);
        printf("\"decisions\": %llu, \"longest_path\": %llu, \"river\": %.2f",
               (unsigned long long)st.decisions, (unsigned long long)st.longest, st.river);
        if (meiro_maze_crossings(m)) /* weave mazes only: the others' JSON stays as it was */
            printf(", \"crossings\": %llu", (unsigned long long)meiro_maze_crossings(m));
        if (meiro_maze_levels(m) > 1) /* multi-level mazes only, likewise */
            printf(", \"floors\": %u, \"stairs\": %llu", meiro_maze_levels(m),
                   (unsigned long long)meiro_maze_stairs(m));
        if (mission.ok) /* mission mazes only, likewise */
            printf(", \"mission\": \"%s\", \"marks\": %u, \"one_way\": %llu, \"walk\": %zu, "
                   "\"shortest_walks\": %llu",
                   mission.kind, mission.count, (unsigned long long)meiro_maze_one_ways(m),
                   mission.walk.length, (unsigned long long)mission.ways);
        printf("}\n");
    } else {
        if (meiro_maze_grid(m) == MEIRO_GRID_POLAR)
            printf("size:        polar, %lu rings (%llu cells)\n", (unsigned long)st.height,
                   (unsigned long long)st.cells);
        else if (meiro_maze_grid(m) != MEIRO_GRID_RECT)
            printf("size:        %s, %lu x %lu (%llu cells)\n", meiro_grid_name(meiro_maze_grid(m)),
                   (unsigned long)st.width, (unsigned long)st.height, (unsigned long long)st.cells);
        else
            printf("size:        %lu x %lu (%llu cells)\n", (unsigned long)st.width,
                   (unsigned long)st.height, (unsigned long long)st.cells);
        if (has_seed) printf("seed:        %llu\n", (unsigned long long)seed);
        else printf("seed:        unknown (read from a file)\n");
        printf("start:       (%lu, %lu)\ngoal:        (%lu, %lu)\n", (unsigned long)s.x,
               (unsigned long)s.y, (unsigned long)g.x, (unsigned long)g.y);
        printf("perfect:     %s\n", st.perfect ? "yes (one path between any two cells)"
                                               : "no (loops or unreachable cells)");
        printf("reachable:   %llu of %llu cells\n", (unsigned long long)st.reachable,
               (unsigned long long)st.cells);
        if (st.solution)
            printf("solution:    %llu cells (%.1f%% of the maze), %llu turns, %llu decisions\n",
                   (unsigned long long)st.solution, percent(st.solution, st.cells),
                   (unsigned long long)st.turns, (unsigned long long)st.decisions);
        else printf("solution:    none (G cannot be reached from S)\n");
        printf("dead ends:   %llu (%.1f%%)\n", (unsigned long long)st.dead_ends,
               percent(st.dead_ends, st.cells));
        printf("junctions:   %llu (%llu of them %s)\n", (unsigned long long)st.junctions,
               (unsigned long long)st.junctions4,
               meiro_maze_grid(m) == MEIRO_GRID_RECT ? "4-way" : "with 4 or more ways");
        printf("longest:     %llu cells (the longest path in the maze)\n",
               (unsigned long long)st.longest);
        printf("river:       %.2f (average cells from a dead end to its junction)\n", st.river);
        if (meiro_maze_crossings(m))
            printf("crossings:   %llu (a passage goes under a corridor)\n",
                   (unsigned long long)meiro_maze_crossings(m));
        if (meiro_maze_levels(m) > 1)
            printf("floors:      %u of %lu x %lu cells, joined by %llu stairs\n",
                   meiro_maze_levels(m), (unsigned long)meiro_maze_width(m),
                   (unsigned long)(meiro_maze_height(m) / meiro_maze_levels(m)),
                   (unsigned long long)meiro_maze_stairs(m));
        if (mission.ok) {
            if (mission.count)
                printf("mission:     %s: %u %s, taken in order\n", mission.kind, mission.count,
                       mission.kind[0] == 'k' ? "keys and their doors" : "items");
            if (meiro_maze_one_ways(m))
                printf("one-way:     %llu passages\n", (unsigned long long)meiro_maze_one_ways(m));
            printf("walk:        %zu cells from S to G under the mission's rules; ",
                   mission.walk.length);
            if (mission.ways == 1) printf("the shortest is unique\n");
            else printf("%llu shortest walks\n", (unsigned long long)mission.ways);
        }
    }
    meiro_path_free(&mission.walk);
    meiro_maze_free(m);
    return EXIT_OK; /* main checks that standard output was written */
}
