/* A page's description as JSON (`-f page`; doc/page-format.md has every
 * field): written item by item as the drawing code makes them (the
 * writer is the scene's sink, so a huge maze streams through), and read
 * back into scenes that a backend draws. Lengths in millimetres from the
 * trim's top-left corner, y down, as the drawing code's (each number
 * written so it reads back the same: the page drawn from its description
 * is the page drawn). */
#ifndef MEIRO_SRC_PAGE_SCENE_JSON_H
#define MEIRO_SRC_PAGE_SCENE_JSON_H

#include "page/scene.h"

#include <stdio.h>

typedef struct scene_json scene_json;

/* A writer onto `out`: the document's head (the seed when has_seed). NULL
 * without memory. */
scene_json *scene_json_begin(FILE *out, bool has_seed, uint64_t seed);
/* The document's title (a PDF's Title: a cover's, the book's), before its
 * first page; none without it. */
void scene_json_title(scene_json *w, const char *title);
/* A page of s's size: s's items go to the writer from now on (its sink)
 * until scene_json_page_end, which ends the page. */
void scene_json_page(scene_json *w, scene *s);
void scene_json_page_end(scene_json *w);
/* Ends the document, frees the writer; a write error is reported. */
meiro_status scene_json_end(scene_json *w, meiro_error *err);

/* The pages read from a description. */
typedef struct scene_book {
    scene *pages; /* items kept (no sink) */
    size_t count;
    bool has_seed;
    uint64_t seed;
    char *title; /* NULL: none */
} scene_book;

/* Reads a description from `in` (`name` for errors: a syntax error names
 * its line and column, a bad field its page and item). */
meiro_status scene_json_read(FILE *in, const char *name, scene_book *book, meiro_error *err);
void scene_book_free(scene_book *book);

#endif
