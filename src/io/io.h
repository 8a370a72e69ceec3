/* Text and CSV readers and writers, path marks, and atomic saving. */
#ifndef MEIRO_SRC_IO_IO_H
#define MEIRO_SRC_IO_IO_H

#include "meiro.h"

/* ---- Readers and writers ---- */

meiro_status write_text(const meiro_maze *m, const meiro_path *path, FILE *out, bool csv);
meiro_status write_lines(const meiro_maze *m, const meiro_path *path, FILE *out, bool unicode);
meiro_maze *read_grid(FILE *in, bool csv, meiro_error *err);

/* Writes a file atomically: `write` fills a temporary file next to it,
 * which is flushed, synced and renamed over `filename` only on success. */
typedef meiro_status (*stream_writer)(void *ctx, FILE *out, meiro_error *err);
meiro_status save_atomically(const char *filename, stream_writer write, void *ctx,
                             meiro_error *err);

/* Marks the path's cells in a w * h byte array (MARK_PATH) and the walls
 * it crosses (MARK_EAST, MARK_SOUTH: through the cell's east or south
 * wall). NULL path gives NULL with MEIRO_OK. */
enum { MARK_PATH = 1, MARK_EAST = 2, MARK_SOUTH = 4 };
meiro_status path_marks(const meiro_maze *m, const meiro_path *path, uint8_t **marks);

#endif /* MEIRO_SRC_IO_IO_H */
