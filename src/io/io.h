/* Text, CSV and JSON readers and writers, path marks, and atomic saving. */
#ifndef MEIRO_SRC_IO_IO_H
#define MEIRO_SRC_IO_IO_H

#include "meiro.h"

/* ---- Readers and writers ---- */

meiro_status write_text(const meiro_maze *m, const meiro_path *path, FILE *out, bool csv);
meiro_status write_lines(const meiro_maze *m, const meiro_path *path, FILE *out, bool unicode);
meiro_maze *read_grid(FILE *in, bool csv, meiro_error *err);
/* JSON: the document is described in write_json.c. */
meiro_status write_json(const meiro_maze *m, const meiro_path *path, FILE *out);
meiro_maze *read_json(FILE *in, meiro_error *err);

/* A cell's geometry in the JSON document, in cell units (core/grid.h):
 * its centre; a polygon's corners clockwise, corner k starting side k; or
 * a polar cell's radii and angles (degrees clockwise from the top). */
typedef struct cell_shape {
    double cx, cy;
    unsigned corners;
    double px[8], py[8];
    bool polar;
    double r0, r1, a0, a1;
} cell_shape;
void cell_shape_of(const meiro_maze *m, size_t id, meiro_cell c, cell_shape *s);
void rect_cell_shape(meiro_cell c, cell_shape *s); /* a rect's, without its maze */
/* Whether a rect of w x h with `inside` cells in its shape is one JSON
 * carries: MEIRO_ERROR_TOO_BIG (a message in err) when the cells listed
 * are too few for the grid, which the reader would have to make whole
 * (write_json.c). */
meiro_status shape_readable_as_json(uint32_t w, uint32_t h, uint64_t inside, meiro_error *err);

/* Writes a file atomically: `write` fills a temporary file next to it,
 * which is flushed, synced and renamed over `filename` only on success.
 * temp_dir is the folder of that temporary file, for a writer that needs
 * scratch files of its own (the room is there); NULL when the output is
 * written directly (a device, a pipe). */
typedef meiro_status (*stream_writer)(void *ctx, FILE *out, const char *temp_dir, meiro_error *err);
meiro_status save_atomically(const char *filename, stream_writer write, void *ctx,
                             meiro_error *err);

/* Whether writing to f failed, and why: 0, or the errno of the failure
 * (flushed now, or of an earlier write, found again by writing once more:
 * call it last, on a stream whose output is discarded on failure). */
int stream_error(FILE *f);

/* ".NAME.xxxxxxxx.tmp" next to `target` (attempt varies the x's), short
 * enough to be a valid name whatever NAME's length; malloc'ed, NULL if out
 * of memory. */
char *temp_name_next_to(const char *target, unsigned attempt);

/* The temporary files of the process, which meiro_remove_temp_files
 * removes: tracked while they exist (NULL when they cannot be: the save
 * goes on, untracked), untracked (and the entry freed) once renamed or
 * removed. A frames folder holds frame-00001.png up to the count given. */
typedef struct temp_entry temp_entry;
temp_entry *temp_track(const char *path, bool frames_dir);
void temp_frames_written(temp_entry *e, size_t frames);
void temp_untrack(temp_entry *e);

/* Marks the path's cells in a w * h byte array (MARK_PATH) and the walls
 * it crosses (MARK_EAST, MARK_SOUTH: through the cell's east or south
 * wall). NULL path gives NULL with MEIRO_OK. */
enum { MARK_PATH = 1, MARK_EAST = 2, MARK_SOUTH = 4 };
meiro_status path_marks(const meiro_maze *m, const meiro_path *path, uint8_t **marks);

#endif /* MEIRO_SRC_IO_IO_H */
