/* A series of booklets: the ledger file of the fingerprints of every maze
 * printed so far, so a new volume repeats none of them. */
#ifndef MEIRO_SRC_IO_LEDGER_H
#define MEIRO_SRC_IO_LEDGER_H

#include "meiro.h"

#include <stddef.h>
#include <stdint.h>

typedef struct series_ledger {
    const char *path;
    char *text; /* the ledger as read ("" for a new one) */
    size_t text_len;
    unsigned volumes; /* recorded; this booklet is volumes + 1 */
    uint64_t seed;    /* this booklet's */
    const char *command; /* the command that makes it, a comment above its volume; or NULL */
    uint64_t *old;    /* the ledger's fingerprints, sorted (0 kept as 1) */
    size_t old_count;
    uint64_t *seen;   /* this volume's: open addressing, 0 empty (0 kept as 1) */
    size_t seen_mask;
    uint64_t *fresh; /* this volume's, in order */
    size_t fresh_count, fresh_cap;
} series_ledger;

/* Reads the ledger at `path` (a missing file is a new series), refusing a
 * booklet seed a volume already used; room for `count` new mazes. */
meiro_status series_open(series_ledger *l, const char *path, uint64_t seed, unsigned count,
                         meiro_error *err);

/* Records fp for this volume: false (nothing recorded) when the ledger or
 * this volume has it already. */
bool series_take(series_ledger *l, uint64_t fp);

/* Rewrites the ledger atomically with this volume added (and its
 * command, as a comment). */
meiro_status series_save(series_ledger *l, meiro_error *err);

void series_free(series_ledger *l);

#endif /* MEIRO_SRC_IO_LEDGER_H */
