/* Saving outputs. A regular file is replaced atomically: a temporary file
 * next to it is written, flushed, synced and renamed over it only when
 * complete, keeping its permissions. A symlink stays a link (the file it
 * points to is replaced); a device, FIFO or socket (/dev/null, /dev/stdout,
 * a pipe) is written to directly, never replaced by a file. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "core/alloc.h"
#include "core/error.h"
#include "io/io.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Creates a new file next to `filename` (same directory, so rename is
 * atomic), honouring the umask like a plain fopen would, or with the mode
 * (and owner) of `old` when it replaces that file. */
static FILE *open_temp(const char *filename, const struct stat *old, char **temp_name,
                       meiro_status *status, meiro_error *err)
{
    const char *slash = strrchr(filename, '/');
    size_t dir_len = slash ? (size_t)(slash - filename + 1) : 0;
    const char *base = filename + dir_len;
    size_t size = strlen(filename) + 64;
    char *name = alloc_array(size, 1);
    if (!name) {
        *status = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        return NULL;
    }
    *status = MEIRO_ERROR_IO;
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
        if (old) {
            /* the owner first: chown may clear set-id bits that chmod restores */
            if (geteuid() == 0 && fchown(fd, old->st_uid, old->st_gid) != 0) {
                /* keep going: the new file is the user's own */
            }
            if (fchmod(fd, old->st_mode & 07777) != 0) {
                /* keep going: the umask's mode is a safe default */
            }
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

/* A device, FIFO or socket: streamed into, as a shell redirection would. */
static meiro_status write_directly(const char *filename, stream_writer write, void *ctx,
                                   meiro_error *err)
{
    FILE *f = fopen(filename, "wb");
    if (!f) return fail(err, MEIRO_ERROR_IO, "cannot open for writing: %s", strerror(errno));
    meiro_status s = write(ctx, f, err);
    if (s == MEIRO_OK && (fflush(f) != 0 || ferror(f)))
        s = fail(err, MEIRO_ERROR_IO, "cannot write: %s", strerror(errno));
    if (fclose(f) != 0 && s == MEIRO_OK)
        s = fail(err, MEIRO_ERROR_IO, "cannot write: %s", strerror(errno));
    return s;
}

meiro_status save_atomically(const char *filename, stream_writer write, void *ctx,
                             meiro_error *err)
{
    if (err) err->status = MEIRO_OK;
    struct stat st;
    char *resolved = NULL;
    if (lstat(filename, &st) == 0 && S_ISLNK(st.st_mode)) {
        resolved = realpath(filename, NULL); /* NULL when dangling: written through */
        if (resolved) filename = resolved;
    }
    bool exists = stat(filename, &st) == 0;
    meiro_status s;
    if (exists && !S_ISREG(st.st_mode)) {
        s = write_directly(filename, write, ctx, err);
        free(resolved);
        return s;
    }
    char *temp = NULL;
    FILE *f = open_temp(filename, exists ? &st : NULL, &temp, &s, err);
    if (!f) {
        free(resolved);
        return s;
    }
    s = write(ctx, f, err);
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
    free(resolved);
    return s;
}

