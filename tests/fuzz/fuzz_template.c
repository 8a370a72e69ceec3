/* libFuzzer target for the page-template reader (INI through libinih).
 * Templates are read from files only: each input goes into one in-memory
 * file (memfd), loaded through its /proc path. A file on disk was 100 times
 * slower here. */
#define _GNU_SOURCE
#include "meiro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("meiro-fuzz.ini", 0);
        if (fd < 0) abort();
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) abort();
    meiro_error err = {0};
    meiro_template *t = meiro_template_load(path, &err);
    if (!t) {
        if (err.status == MEIRO_OK || !err.message[0]) abort();
        return 0;
    }
    /* what was read is usable: text, and page options */
    if (strlen(meiro_template_name(t)) == 0) abort();
    (void)strlen(meiro_template_description(t));
    meiro_export_options opt;
    meiro_export_options_from_template(&opt, t);
    if (opt.tpl != t) abort();
    meiro_template_free(t);
    return 0;
}
