/* libFuzzer target for the PDF readers: the bytes as a PDF to check
 * (meiro preflight: every rule, the pages' content and forms decoded
 * within the budget, the objects walked) under a service with a safe area
 * and as a cover, and as a book to take a cover from (its page count and
 * trim, its recorded maze). Read from one in-memory file (memfd) through
 * its /proc path, as fuzz_template reads. A refusal is a status and a
 * message; a check reports every rule, each with what it found. */
#define _GNU_SOURCE
#include "meiro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void rule(void *ctx, const char *name, bool pass, const char *detail)
{
    (void)pass;
    if (!name[0] || !detail[0]) abort();
    ++*(int *)ctx;
}

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
    int rules = 0;
    bool passed = false;
    meiro_status s = meiro_preflight(path, MEIRO_PRINT_KDP, rule, &rules, &passed, &err);
    refusal(s, &err);
    if (s == MEIRO_OK && rules != 14) abort();
    if (s != MEIRO_OK && (rules || passed)) abort();
    err = (meiro_error){0};
    rules = 0;
    s = meiro_preflight_cover(path, MEIRO_PRINT_LULU, MEIRO_STOCK_WHITE, 40, 152.4, 228.6, rule,
                              &rules, &passed, &err);
    refusal(s, &err);
    unsigned pages = 0;
    double w = 0, h = 0;
    err = (meiro_error){0};
    s = meiro_pdf_book(path, &pages, &w, &h, &err);
    refusal(s, &err);
    if (s == MEIRO_OK && !pages) abort();
    meiro_maze *art = NULL;
    char title[64] = "", subtitle[64] = "";
    err = (meiro_error){0};
    s = meiro_pdf_book_art(path, &art, &pages, title, subtitle, sizeof title, &err);
    refusal(s, &err);
    if ((s == MEIRO_OK) != (art != NULL) || strlen(title) >= sizeof title) abort();
    meiro_maze_free(art);
    return 0;
}
