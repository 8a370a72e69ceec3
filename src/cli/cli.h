/* Shared by the command's source files: error reporting and parsing. */
#ifndef MEIRO_CLI_H
#define MEIRO_CLI_H

#include "meiro.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

int fail(const char *file, const meiro_error *err);
int usage_error(const char *command, const char *fmt, const char *arg);
bool parse_u64(const char *s, uint64_t max, uint64_t *out);
uint64_t clock_seed(void);

/* meiro watch */
int cmd_watch(int argc, char **argv);

#endif
