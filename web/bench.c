/* make bench's engine in WebAssembly against the native one (issue 39):
 * this one program, compiled natively (linking build/libmeiro.a) and with
 * emcc (the WebAssembly build's library, run by Node), makes the same
 * mazes through the public API and prints each generator's best time of
 * RUNS; web/bench.sh runs both and prints the ratio.
 * Usage: bench-engine SIDE ALGORITHM...
 * Prints "ALGORITHM SECONDS" a line. Wall time (CLOCK_MONOTONIC): the
 * clock both builds have; the best of the runs leaves out the machine's
 * other work. */
#define _POSIX_C_SOURCE 200809L
#include "meiro.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { RUNS = 3 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s SIDE ALGORITHM...\n", argv[0]);
        return 2;
    }
    uint32_t side = (uint32_t)strtoul(argv[1], NULL, 10);
    for (int a = 2; a < argc; a++) {
        double best = -1;
        for (int r = 0; r < RUNS; r++) {
            meiro_generate_options opt;
            meiro_generate_options_init(&opt);
            opt.width = opt.height = side, opt.algorithm = argv[a], opt.seed = 1;
            meiro_error err;
            double t = now();
            meiro_maze *m = meiro_generate(&opt, &err);
            t = now() - t;
            if (!m) {
                fprintf(stderr, "%s: %s\n", argv[a], err.message);
                return 1;
            }
            meiro_maze_free(m);
            if (best < 0 || t < best) best = t;
        }
        printf("%s %.4f\n", argv[a], best);
    }
    return 0;
}
