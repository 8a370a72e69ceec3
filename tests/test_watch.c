/* Watching: the steps generators and solvers report. A recorded trace,
 * replayed without any viewer, must rebuild exactly the maze and the path;
 * solvers report what they explored. */
#include "harness.h"
#include "internal.h"

#include <stdlib.h>

static void test_generators(void)
{
    static const uint32_t dims[][2] = {{1, 1}, {1, 7}, {7, 1}, {5, 5}, {23, 14}};
    for (size_t g = 0; g < meiro_generator_count(); g++) {
        const char *name = meiro_generator_info(g)->name;
        for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
            for (unsigned variant = 0; variant < 2; variant++) {
                meiro_trace *t = meiro_trace_new();
                meiro_observer obs = meiro_trace_observer(t);
                meiro_generate_options o;
                meiro_generate_options_init(&o);
                o.width = dims[d][0];
                o.height = dims[d][1];
                o.algorithm = name;
                o.seed = 5 + variant;
                o.observer = &obs;
                if (variant) { /* loops and moved ends are steps too */
                    o.loops = 40;
                    o.ends = MEIRO_ENDS_BORDER;
                }
                meiro_maze *m = meiro_generate(&o, NULL);
                meiro_maze *back = NULL;
                CHECK_INT(meiro_trace_replay(t, o.width, o.height, &back, NULL, NULL), MEIRO_OK);
                CHECK_MSG(back && meiro_maze_equal(m, back), "%s %ux%u: the replay differs", name, o.width, o.height);
                /* the same maze is made with or without watching */
                o.observer = NULL;
                meiro_maze *unwatched = meiro_generate(&o, NULL);
                CHECK(meiro_maze_equal(m, unwatched));
                meiro_maze_free(unwatched);
                meiro_maze_free(back);
                meiro_maze_free(m);
                meiro_trace_free(t);
            }
        }
    }
}

/* dig reports seed 000's road numbers: they start at 0 and rise by one
 * for each branch started again after backing up. */
static void test_roads(void)
{
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_generate_options o;
    meiro_generate_options_init(&o);
    o.width = 30;
    o.height = 20;
    o.algorithm = "dig";
    o.observer = &obs;
    meiro_maze *m = meiro_generate(&o, NULL);
    uint32_t last = 0, roads = 0;
    bool rising = true;
    for (size_t k = 0; k < meiro_trace_count(t); k++) {
        const meiro_event *e = &meiro_trace_events(t)[k];
        if (e->kind != MEIRO_EVENT_CARVE) continue;
        if (e->value < last || e->value > last + 1) rising = false;
        last = e->value;
        roads = e->value + 1;
    }
    CHECK(rising);
    CHECK_MSG(roads > 20 && roads < 600, "%u roads", roads);
    meiro_maze_free(m);
    meiro_trace_free(t);
}

static void test_solvers(void)
{
    meiro_maze *mazes[2];
    mazes[0] = meiro_generate(&(meiro_generate_options){.width = 25, .height = 18, .algorithm = "cluster", .seed = 3}, NULL);
    meiro_generate_options loopy;
    meiro_generate_options_init(&loopy);
    loopy.width = 25;
    loopy.height = 18;
    loopy.loops = 50;
    loopy.seed = 3;
    mazes[1] = meiro_generate(&loopy, NULL);
    for (int k = 0; k < 2; k++) {
        for (size_t s = 0; s < meiro_solver_count(); s++) {
            const char *name = meiro_solver_info(s)->name;
            meiro_trace *t = meiro_trace_new();
            meiro_observer obs = meiro_trace_observer(t);
            meiro_path watched, plain;
            meiro_status st = meiro_solve_watched(mazes[k], name, &obs, &watched, NULL);
            CHECK_INT(meiro_solve(mazes[k], name, &plain, NULL), st);
            size_t visits = 0, fills = 0;
            for (size_t e = 0; e < meiro_trace_count(t); e++) {
                const meiro_event *ev = &meiro_trace_events(t)[e];
                visits += ev->kind == MEIRO_EVENT_VISIT;
                fills += ev->kind == MEIRO_EVENT_FILL;
            }
            if (st == MEIRO_OK) {
                meiro_maze *back = NULL;
                meiro_path path;
                CHECK_INT(meiro_trace_replay(t, 25, 18, &back, &path, NULL), MEIRO_OK);
                bool same = path.length == watched.length && path.length == plain.length;
                for (size_t c = 0; same && c < path.length; c++)
                    same = path.cells[c].x == watched.cells[c].x && path.cells[c].y == watched.cells[c].y;
                CHECK_MSG(same, "%s: the replayed path differs", name);
                CHECK_MSG(visits + fills >= watched.length - 1, "%s: %zu visits for a path of %zu", name, visits, watched.length);
                if (!strcmp(name, "deadend")) CHECK(fills > 0);
                meiro_path_free(&path);
                meiro_maze_free(back);
            }
            meiro_path_free(&watched);
            meiro_path_free(&plain);
            meiro_trace_free(t);
        }
    }
    /* bfs: the distances of seed 003 (the goal is 15 steps from S) */
    meiro_maze *m = meiro_load("tests/data/seed003.txt", MEIRO_FORMAT_COUNT, NULL);
    meiro_trace *t = meiro_trace_new();
    meiro_observer obs = meiro_trace_observer(t);
    meiro_path p;
    CHECK_INT(meiro_solve_watched(m, "bfs", &obs, &p, NULL), MEIRO_OK);
    uint32_t goal_distance = UINT32_MAX;
    for (size_t e = 0; e < meiro_trace_count(t); e++) {
        const meiro_event *ev = &meiro_trace_events(t)[e];
        if (ev->kind == MEIRO_EVENT_VISIT && ev->x == 7 && ev->y == 0) goal_distance = ev->value;
    }
    CHECK_INT(goal_distance, 15);
    meiro_path_free(&p);
    meiro_trace_free(t);
    meiro_maze_free(m);
    meiro_maze_free(mazes[0]);
    meiro_maze_free(mazes[1]);
}

int main(void)
{
    test_generators();
    test_roads();
    test_solvers();
    return test_summary("watch");
}
