/* meiro/picture.h — picture mazes: the solution path, coloured in, draws a
 * picture (a built-in shape, a name, a silhouette); reversed, the dead ends
 * draw it. Include <meiro.h>, not this file. */
#ifndef MEIRO_PICTURE_H
#define MEIRO_PICTURE_H

#ifndef MEIRO_H
#error "include <meiro.h>, not <meiro/picture.h>"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* meiro_maze_picture: what a maze's answer colours in. */
enum {
    MEIRO_PICTURE_NONE = 0,   /* not a picture maze: the answer is a line */
    MEIRO_PICTURE_PATH = 1,   /* the path's cells draw the picture */
    MEIRO_PICTURE_REVERSE = 2 /* the cells off the path (the dead ends) draw it */
};

/* A perfect rectangular maze whose solution covers the picture: picture is
 * width * height bytes (not 0 = the picture's cell), width and height even.
 * The grid is cut into 2 x 2 blocks; a block with at least two of the
 * picture's cells is the picture's. Those blocks (joined by the shortest
 * bridges of blocks if in pieces) get a random spanning tree, and S to G
 * is the way around it, through every cell of those blocks once (S and G
 * are side by side, a wall between them). Every other cell hangs off that
 * path in short dead ends (at most 6 cells a branch grown from where it
 * opens onto the maze), so the picture's edge opens in many places and
 * does not show before the maze is solved. reverse: the blocks outside the
 * picture carry the path and the picture's cells are the dead ends. The
 * same arguments give the same maze. NULL and err filled on an odd or too
 * small size, a picture with no block (or, reversed, all of them), or
 * out of memory. */
MEIRO_API meiro_maze *meiro_picture_maze(const uint8_t *picture, uint32_t width, uint32_t height,
                                         bool reverse, uint64_t seed, meiro_error *err);

/* MEIRO_PICTURE_NONE, _PATH or _REVERSE. The answer of a picture maze
 * (PDF, SVG, PNG) fills cells instead of drawing a line: the path's cells,
 * or reversed every cell off the path. */
MEIRO_API unsigned meiro_maze_picture(const meiro_maze *maze);

/* The picture of a picture maze on its grid. picture: a built-in shape's
 * name or alias (meiro_shape_info), a path to a PNG or SVG file (a name
 * with a '/' or a '.'), else a text, set in letters (a child's name; lang
 * as meiro_text_mask's). The picture is drawn at half the resolution and
 * each of its cells made a 2 x 2 block, with a border of two blocks all
 * round. A shape or file: width x height cells (0, 0: 48 cells on the long
 * side in the shape's aspect, never less than twice the shape's least
 * grid plus the border); odd sizes are rounded up. A text: height cells
 * (0: its letters 12 blocks tall, 32 cells in all) and as wide as its
 * letters; width must be 0. *mask (meiro_mask_free) is *out_w x *out_h.
 * Errors as meiro_shape_mask's and meiro_text_mask's, and
 * MEIRO_ERROR_ARGUMENT for a width given with a text or a grid too small
 * for the border; a picture file's warning on success as meiro_shape_mask's
 * (err->message not empty). */
MEIRO_API meiro_status meiro_picture_mask(const char *picture, const char *lang, uint32_t width,
                                          uint32_t height, uint8_t **mask, uint32_t *out_w,
                                          uint32_t *out_h, meiro_error *err);

#ifdef __cplusplus
}
#endif

#endif /* MEIRO_PICTURE_H */
