/* libFuzzer target for the PDF readers: the bytes as a PDF to check (every
 * rule of KDP's: the pages' content and forms decoded within the budget,
 * the objects walked) and as a book to take a cover from (its page count
 * and trim, its recorded maze), read in this process: the command line
 * reads a stranger's PDF so in a child process with a time and memory
 * budget (sandbox_run), whose coverage libFuzzer would not see. The book is
 * read from one in-memory file (memfd) through its /proc path, as
 * fuzz_template reads. A refusal is a status and a message; a recorded
 * maze reads as meiro's JSON or is refused. */
#define _GNU_SOURCE
#include "meiro.h"
#include "press/press.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* A refusal without a status or a message is a bug. */
static void refusal(meiro_status s, const meiro_error *err)
{
    if (s != MEIRO_OK && (err->status == MEIRO_OK || !err->message[0])) abort();
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("meiro-fuzz.pdf", 0);
        if (fd < 0) abort();
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) abort();
    meiro_error err = {0};
    refusal(preflight_own((const char *)data, size, MEIRO_PRINT_KDP, &err), &err);
    unsigned pages = 0;
    double w = 0, h = 0;
    err = (meiro_error){0};
    meiro_status s = book_pages(path, &pages, &w, &h, &err);
    refusal(s, &err);
    if (s == MEIRO_OK && !pages) abort();
    char title[64] = "", subtitle[64] = "";
    unsigned char *json = NULL;
    size_t len = 0;
    err = (meiro_error){0};
    s = book_art_json(path, &pages, title, subtitle, sizeof title, &json, &len, &err);
    refusal(s, &err);
    if (strlen(title) >= sizeof title || (s == MEIRO_OK && len > (64u << 20))) abort();
    FILE *in = s == MEIRO_OK ? fmemopen(json, len, "rb") : NULL;
    if (in) {
        err = (meiro_error){0};
        meiro_maze *art = meiro_read(in, MEIRO_FORMAT_JSON, &err);
        fclose(in);
        if (!art) refusal(MEIRO_ERROR_PARSE, &err);
        meiro_maze_free(art);
    }
    free(json);
    return 0;
}
