/* meiro — generate, solve and export mazes.
 *
 * The public API of libmeiro. Every public symbol starts with meiro_ / MEIRO_.
 * The library never prints and never exits: functions return a status and,
 * when given a meiro_error, fill it with a message a user can act on. */
#ifndef MEIRO_H
#define MEIRO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Marks the library's API: the shared library exports these symbols and no
 * others (it is built with -fvisibility=hidden). */
#if defined(__GNUC__) && __GNUC__ >= 4
#define MEIRO_API __attribute__((visibility("default")))
#else
#define MEIRO_API
#endif

#define MEIRO_VERSION_MAJOR 0
#define MEIRO_VERSION_MINOR 1
#define MEIRO_VERSION_PATCH 0
#define MEIRO_VERSION "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif
/* The version string of the library actually linked. */
MEIRO_API const char *meiro_version(void);
#ifdef __cplusplus
}
#endif

/* The parts, each after those it builds on. */
#include "meiro/maze.h"
#include "meiro/algo.h"
#include "meiro/watch.h"
#include "meiro/page.h"
#include "meiro/io.h"
#include "meiro/booklet.h"

#endif /* MEIRO_H */
