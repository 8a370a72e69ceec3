/* Solvers: the registry and one function per file. Each fills a trail (see
 * core/search.h) and says whether the goal was reached. */
#ifndef MEIRO_SRC_SOLVE_SOLVE_H
#define MEIRO_SRC_SOLVE_SOLVE_H

#include "core/model.h"

typedef meiro_status (*solver_fn)(const meiro_maze *m, uint8_t *trail, bool *found,
                                  uint64_t *explored, const meiro_observer *obs, meiro_error *err);

typedef struct solver_entry {
    meiro_algorithm_desc info;
    solver_fn run; /* on every grid */
    bool complete; /* finds a path whenever there is one */
} solver_entry;

/* One solver per file. */
meiro_status solve_bfs(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                       const meiro_observer *obs, meiro_error *err);
meiro_status solve_dfs(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                       const meiro_observer *obs, meiro_error *err);
meiro_status solve_fill(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                        const meiro_observer *obs, meiro_error *err);
meiro_status solve_astar(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                         const meiro_observer *obs, meiro_error *err);
meiro_status solve_deadend(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                           const meiro_observer *obs, meiro_error *err);
meiro_status solve_left_hand(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                             const meiro_observer *obs, meiro_error *err);
meiro_status solve_right_hand(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                              const meiro_observer *obs, meiro_error *err);
meiro_status solve_tremaux(const meiro_maze *m, uint8_t *trail, bool *found, uint64_t *explored,
                           const meiro_observer *obs, meiro_error *err);

/* Looks up a name or alias; NULL if not found. */
const solver_entry *solver_find(const char *name);

#endif /* MEIRO_SRC_SOLVE_SOLVE_H */
