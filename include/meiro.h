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

/* The ABI: what a program compiled against these headers relies on in the
 * shared library, the soname's number (libmeiro.so.MEIRO_ABI_VERSION; the
 * Makefile reads it from here). It goes up by one whenever a public struct
 * changes its size or layout (a member added, removed or moved: programs
 * allocate the options structs and meiro_error themselves), an enum's values
 * move, or a function changes or goes; adding a function or an enum value at
 * the end does not change it. tests/test_abi.c records each struct's size
 * for this number and fails when one changes without it. The options
 * structs are frozen since 7 (meiro_generate_options, meiro_export_options,
 * meiro_booklet_options: their sizes are checked apart); new settings go
 * in opaque objects with typed setters and getters (meiro_job, meiro/plan.h),
 * not in the structs: a struct the caller allocates cannot grow without
 * every program being rebuilt, and a size field would leave each call
 * guessing which members a caller knew of. 7: the structs frozen, the
 * job (meiro_job_*) and the kinds of maze (meiro_kind_*) added. */
#define MEIRO_ABI_VERSION 7

#ifdef __cplusplus
extern "C" {
#endif
/* The version string of the library actually linked. */
MEIRO_API const char *meiro_version(void);
#ifdef __cplusplus
}
#endif

/* Conventions, the same in every part:
 * - Catalogues: meiro_X_count() and meiro_X_info(i) (or meiro_X_info(enum))
 *   describe what exists; meiro_X_from_name() looks a name up; meiro_X_name()
 *   names one. What they return is static: valid for the program's life.
 * - Options structs (meiro_generate_options, meiro_export_options,
 *   meiro_booklet_options) must be filled by their _init function first,
 *   then changed field by field: a zeroed struct is not the defaults (a
 *   zero width or resolution is refused, a zero margin is a real margin).
 * - Strings and objects put into options are borrowed for the call only.
 * - Functions that fail return a status (or NULL) and, when given a
 *   meiro_error, fill it; err may be NULL. Objects are freed with their
 *   _free function, which accepts NULL.
 * - Pointers returned by an object (a name, the steps of a trace, the maze
 *   of a player) are borrowed: valid while that object lives, unless the
 *   line says what else invalidates them. */

/* The parts, each after those it builds on. */
#include "meiro/maze.h"
#include "meiro/algo.h"
#include "meiro/watch.h"
#include "meiro/page.h"
#include "meiro/shape.h"
#include "meiro/io.h"
#include "meiro/plan.h"
#include "meiro/booklet.h"
#include "meiro/rule.h"
#include "meiro/picture.h"

#endif /* MEIRO_H */
