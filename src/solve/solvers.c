/* The solver registry, meiro_solve() and paths. Adding a solver means one
 * file and one line in this table. */
#include "core/alloc.h"
#include "core/error.h"
#include "core/names.h"
#include "core/search.h"
#include "solve/solve.h"

#include <stdlib.h>

static const solver_entry solvers[] = {
    {{"bfs", "",
      "Breadth-first search: spreads from S one step at a time; always a shortest "
      "path."},
     solve_bfs,
     true},
    {{"dfs", "",
      "Depth-first search: follows one corridor to its end before backing up to "
      "the last junction; a path, not always the shortest."},
     solve_dfs,
     true},
    {{"fill", "road",
      "Road filling: dig's walk over the corridors, taking at each junction the "
      "way whose next cell lies nearest the goal."},
     solve_fill,
     true},
    {{"astar", "a*",
      "A*: explores by steps so far plus a lower bound of the steps left; a "
      "shortest path, exploring less than bfs."},
     solve_astar,
     true},
    {{"deadend", "", "Dead-end filling: fills dead ends until only the way from S to G is left."},
     solve_deadend,
     true},
    {{"left-hand", "",
      "Wall follower, left hand on the wall. Sure to arrive only in perfect "
      "mazes; reports no path when it circles an island."},
     solve_left_hand,
     false},
    {{"right-hand", "",
      "Wall follower, right hand on the wall. Sure to arrive only in perfect "
      "mazes; reports no path when it circles an island."},
     solve_right_hand,
     false},
    {{"tremaux", "",
      "Tremaux's marked passages (the chalk method): any maze, each passage "
      "walked at most twice."},
     solve_tremaux,
     true},
};

enum { SOLVER_COUNT = sizeof solvers / sizeof solvers[0] };

size_t meiro_solver_count(void) { return SOLVER_COUNT; }

const meiro_algorithm_desc *meiro_solver_info(size_t index)
{
    return index < SOLVER_COUNT ? &solvers[index].info : NULL;
}

bool meiro_solver_is_complete(const char *name)
{
    const solver_entry *e = solver_find(name);
    return e && e->complete;
}

const solver_entry *solver_find(const char *name)
{
    for (size_t i = 0; i < SOLVER_COUNT; i++)
        if (info_matches(&solvers[i].info, name)) return &solvers[i];
    return NULL;
}

/* Reads the path back from the goal along the trail's sides back. */
static meiro_status path_from_trail(const meiro_maze *m, const uint8_t *trail, meiro_path *path,
                                    meiro_error *err)
{
    size_t goal = grid_id(m, m->goal), length = 1;
    unsigned back;
    for (size_t i = goal; !(trail[i] & TRAIL_ROOT);
         i = grid_through(m, i, trail[i] & TRAIL_SIDE, &back))
        length++;
    path->cells = alloc_array(length, sizeof *path->cells);
    if (!path->cells) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the path");
    path->length = length;
    size_t i = goal;
    for (size_t k = length; k-- > 0;) {
        path->cells[k] = grid_cell(m, i);
        if (k) i = grid_through(m, i, trail[i] & TRAIL_SIDE, &back);
    }
    return MEIRO_OK;
}

meiro_status meiro_solve(const meiro_maze *maze, const char *solver, meiro_path *path,
                         meiro_error *err)
{
    return meiro_solve_watched(maze, solver, NULL, path, err);
}

meiro_status meiro_solve_watched(const meiro_maze *maze, const char *solver,
                                 const meiro_observer *observer, meiro_path *path, meiro_error *err)
{
    *path = (meiro_path){NULL, 0, 0};
    const char *name = solver ? solver : "bfs";
    const solver_entry *entry = solver_find(name);
    char hint[64];
    if (!entry)
        return fail_field(
            err, MEIRO_FIELD_SOLVER, MEIRO_ERROR_UNKNOWN_NAME,
            N_("unknown solver '%s' (see 'meiro list' for the names)%s"), name,
            info_hint(meiro_solver_info, meiro_solver_count(), name, hint, sizeof hint));
    if (meiro_maze_has_mission(maze)) { /* keys, items, arrows: the state search alone */
        if (entry != &solvers[0])
            return fail_field(err, MEIRO_FIELD_SOLVER, MEIRO_ERROR_ARGUMENT,
                              "solver '%s' cannot follow a mission's keys, items or one-way "
                              "passages: use bfs (the state search)",
                              name);
        meiro_status s = meiro_mission_solve(maze, path, NULL, err);
        observe(observer, MEIRO_EVENT_GRID, maze->w, maze->h, MEIRO_NO_DIR, 0);
        for (size_t k = 0; s == MEIRO_OK && observer && k < path->length; k++)
            observe(observer, MEIRO_EVENT_PATH, path->cells[k].x, path->cells[k].y, MEIRO_NO_DIR,
                    (uint32_t)k);
        return s;
    }
    if (maze->levels && !entry->complete) /* a hand on the wall cannot climb the stairs */
        return fail_field(err, MEIRO_FIELD_SOLVER, MEIRO_ERROR_ARGUMENT,
                          "solver '%s' cannot follow a wall up the stairs of a multi-level "
                          "maze: use bfs, dfs, fill, astar, deadend or tremaux",
                          name);
    observe(observer, MEIRO_EVENT_GRID, maze->w, maze->h, MEIRO_NO_DIR, 0);
    maze_tell_shape(maze, observer);
    uint8_t *trail = zalloc(maze_total(maze), 1);
    if (!trail) return fail(err, MEIRO_ERROR_NOMEM, "out of memory solving the maze");
    bool found = false;
    uint64_t explored = 0;
    meiro_status s = entry->run(maze, trail, &found, &explored, observer, err);
    if (s == MEIRO_OK && !found)
        s = fail(err, MEIRO_ERROR_NO_PATH,
                 "no path from S (%lu, %lu) to G (%lu, %lu): the goal cannot be reached",
                 (unsigned long)maze->start.x, (unsigned long)maze->start.y,
                 (unsigned long)maze->goal.x, (unsigned long)maze->goal.y);
    if (s == MEIRO_OK) s = path_from_trail(maze, trail, path, err);
    for (size_t k = 0; s == MEIRO_OK && observer && k < path->length; k++)
        observe(observer, MEIRO_EVENT_PATH, path->cells[k].x, path->cells[k].y, MEIRO_NO_DIR,
                (uint32_t)k);
    free(trail);
    path->explored = explored;
    return s;
}

void meiro_path_free(meiro_path *path)
{
    if (!path) return;
    free(path->cells);
    *path = (meiro_path){NULL, 0, 0};
}
