/* libFuzzer target for the maze readers: text (with its line drawings and
 * block mazes) or, built with -DFUZZ_CSV, CSV, or with -DFUZZ_JSON, JSON.
 * Besides crashes, leaks and undefined behaviour, it checks that a maze it
 * accepts is valid and reads back unchanged from the text meiro writes for
 * it, and that this text written again is the same bytes. */
#define _POSIX_C_SOURCE 200809L
#include "meiro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FUZZ_CSV
#define FUZZ_FORMAT MEIRO_FORMAT_CSV
#elif defined(FUZZ_JSON)
#define FUZZ_FORMAT MEIRO_FORMAT_JSON
#else
#define FUZZ_FORMAT MEIRO_FORMAT_TEXT
#endif

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static meiro_maze *read_bytes(const void *data, size_t size, meiro_format format, meiro_error *err)
{
    /* fmemopen refuses a zero size: read an empty file from a 1-byte buffer */
    static char none[1];
    FILE *f = fmemopen(size ? (void *)data : none, size ? size : 1, "rb");
    if (!f) abort();
    if (!size) fgetc(f);
    meiro_maze *m = meiro_read(f, format, err);
    fclose(f);
    return m;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    meiro_error err = {0};
    meiro_maze *m = read_bytes(data, size, FUZZ_FORMAT, &err);
    if (!m) {
        /* a refusal is a complete report: a status and a message */
        if (err.status == MEIRO_OK || !err.message[0]) abort();
        return 0;
    }
    if (meiro_maze_check(m, NULL) != MEIRO_OK) abort();
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) abort();
    meiro_status st = meiro_write(m, NULL, FUZZ_FORMAT, NULL, out, NULL);
    if (fclose(out) != 0 || st != MEIRO_OK) abort();
    meiro_maze *back = read_bytes(text, len, FUZZ_FORMAT, &err);
    if (!back || !meiro_maze_equal(m, back)) abort(); /* what meiro writes, it reads */
    char *again = NULL;
    size_t again_len = 0;
    out = open_memstream(&again, &again_len);
    if (!out) abort();
    st = meiro_write(back, NULL, FUZZ_FORMAT, NULL, out, NULL);
    if (fclose(out) != 0 || st != MEIRO_OK) abort();
    if (again_len != len || memcmp(text, again, len) != 0) abort(); /* the same bytes */
    free(again);
    meiro_maze_free(back);
    free(text);
    meiro_maze_free(m);
    return 0;
}
