/* Atomic saving: a temporary file next to the target is written, flushed,
 * synced and renamed over it only when complete. */
#define _POSIX_C_SOURCE 200809L
#include "core/error.h"
#include "io/io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Creates a new file next to `filename` (same directory, so rename is
 * atomic), honouring the umask like a plain fopen would. */
static FILE *open_temp(const char *filename, char **temp_name, meiro_error *err)
{
    const char *slash = strrchr(filename, '/');
    size_t dir_len = slash ? (size_t)(slash - filename + 1) : 0;
    const char *base = filename + dir_len;
    size_t size = strlen(filename) + 64;
    char *name = malloc(size);
    if (!name) {
        fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        return NULL;
    }
    unsigned long salt = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16);
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        snprintf(name, size, "%.*s.%s.%lx.tmp", (int)dir_len, filename, base,
                 salt + attempt * 7919ul);
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno == EEXIST) continue;
        if (fd < 0) {
            fail(err, MEIRO_ERROR_IO, "cannot create the file: %s", strerror(errno));
            break;
        }
        FILE *f = fdopen(fd, "wb");
        if (!f) {
            fail(err, MEIRO_ERROR_IO, "cannot create the file: %s", strerror(errno));
            close(fd);
            unlink(name);
            break;
        }
        *temp_name = name;
        return f;
    }
    if (err && err->status != MEIRO_ERROR_IO)
        fail(err, MEIRO_ERROR_IO, "cannot create a temporary file next to it");
    free(name);
    return NULL;
}

meiro_status save_atomically(const char *filename, stream_writer write, void *ctx,
                             meiro_error *err)
{
    if (err) err->status = MEIRO_OK;
    char *temp = NULL;
    FILE *f = open_temp(filename, &temp, err);
    if (!f) return err ? err->status : MEIRO_ERROR_IO;
    meiro_status s = write(ctx, f, err);
    if (s == MEIRO_OK && (fflush(f) != 0 || ferror(f)))
        s = fail(err, MEIRO_ERROR_IO, "cannot write the file: %s", strerror(errno));
    if (s == MEIRO_OK && fsync(fileno(f)) != 0)
        s = fail(err, MEIRO_ERROR_IO, "cannot write the file: %s", strerror(errno));
    if (fclose(f) != 0 && s == MEIRO_OK)
        s = fail(err, MEIRO_ERROR_IO, "cannot write the file: %s", strerror(errno));
    if (s == MEIRO_OK && rename(temp, filename) != 0)
        s = fail(err, MEIRO_ERROR_IO, "cannot replace the file: %s", strerror(errno));
    if (s != MEIRO_OK) unlink(temp);
    free(temp);
    return s;
}

