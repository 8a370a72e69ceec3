/* Budgets for pictures a stranger may send (an SVG or PNG shape, a
 * template's artwork): what they cost is measured before they are decoded
 * or drawn, and what is drawn runs under a time and memory limit. */
#ifndef MEIRO_SRC_SHAPES_PICTURE_H
#define MEIRO_SRC_SHAPES_PICTURE_H

#include "meiro.h"

/* At most this many pixels in a PNG shape (decoded in strips at the
 * resolution the grid needs, never whole) and in the PNG or JPEG images
 * an SVG embeds as data: URLs (librsvg decodes those whole). */
#define PICTURE_MAX_PIXELS (32u << 20)
#define PICTURE_MAX_EMBEDDED_PIXELS (4u << 20)
/* SVG: elements in the file, and elements drawn once every <use>, url(#)
 * and style sheet reference is followed; nesting; entities. */
#define SVG_MAX_ELEMENTS 10000u
#define SVG_MAX_DRAWN 20000u
#define SVG_MAX_DEPTH 128u
#define SVG_MAX_ENTITY_BYTES 4096u     /* one entity, expanded */
#define SVG_MAX_EXPANSION (256u << 10) /* all entity references, expanded */
#define SVG_MAX_TEXT 1024u             /* characters set in <text>, spaces aside */

/* Scans an SVG document without parsing it into a tree (one pass, no
 * recursion, memory a few bytes per element) and refuses what could cost
 * more than the budgets above to read or draw: entities that expand
 * beyond a small size, external or parameter entities, DTD attribute
 * declarations, filters, markers, xml:base, data: URLs that are not PNG or
 * JPEG within PICTURE_MAX_EMBEDDED_PIXELS, too many elements, too deep,
 * too many drawn once references are followed, or too much text to set. `what` names the file in
 * the one-line message. MEIRO_ERROR_PARSE when refused. */
meiro_status svg_scan(const unsigned char *data, size_t size, const char *what, meiro_error *err);

/* The mask of an SVG or PNG picture (the bytes of its file) on a zeroed
 * width x height grid, drawn here, without the child process of
 * render_shape_mask: for pictures of meiro's own, and the fuzz target. */
meiro_status picture_mask(const unsigned char *data, size_t size, const char *what, uint32_t width,
                          uint32_t height, uint8_t *mask, meiro_error *err);

/* A picture file's mask, for render_shape_mask (mask.c): the file read,
 * measured and drawn in a child process on a budget (sandbox_run) into the
 * zeroed width x height `mask`; `what` names it in messages (shape.c). */
meiro_status picture_file_mask(const char *file, const char *what, uint32_t width, uint32_t height,
                               uint8_t *mask, meiro_error *err);

/* A PNG's size from its header (the first 24 bytes); false if it is not
 * a PNG. */
bool picture_png_size(const unsigned char *data, size_t size, uint32_t *width, uint32_t *height);

/* Runs work(ctx, err) in a child process that gets `seconds` of time and
 * (beside what the process already uses) `megabytes` of address space, and
 * reports its status and message; memory the work fills for the caller
 * must be shared (sandbox_shared); a message the work leaves on success
 * (a warning) comes back too. Past the time the child is killed and the
 * work refused as too slow to `verb` ("draw", "read"); out of memory,
 * refused as too big. `what` names the picture or file in those messages. */
typedef meiro_status (*sandbox_fn)(void *ctx, meiro_error *err);
meiro_status sandbox_run(sandbox_fn work, void *ctx, double seconds, unsigned megabytes,
                         const char *verb, const char *what, meiro_error *err);
/* Zeroed memory that a child of sandbox_run writes and the caller reads;
 * NULL when out of memory. Free with sandbox_unshare. */
void *sandbox_shared(size_t size);
void sandbox_unshare(void *p, size_t size);

/* The public meiro_shape_mask, meiro_text_mask and the shape registry's
 * questions (meiro.h), as the drawing module implements them (mask.c). */
meiro_status render_shape_mask(const char *shape, uint32_t width, uint32_t height, uint8_t **mask,
                               meiro_error *err);
meiro_status render_text_mask(const char *text, const char *lang, uint32_t height, uint8_t **mask,
                              meiro_text_info *info, meiro_error *err);
size_t render_shape_count(void);
const meiro_algorithm_desc *render_shape_info(size_t index);
bool render_shape_min_grid(const char *shape, uint32_t *width, uint32_t *height);

#endif /* MEIRO_SRC_SHAPES_PICTURE_H */
