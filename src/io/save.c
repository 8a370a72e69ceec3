/* Saving outputs. A regular file is replaced atomically: a temporary file
 * next to it is written, flushed, synced and renamed over it only when
 * complete, keeping its permissions. A symlink stays a link (the file it
 * points to is replaced, or made if it is not there yet; a loop of links is
 * refused); a device, FIFO or socket (/dev/null, /dev/stdout, a pipe) is
 * written to directly, never replaced by a file. The temporary
 * files of saves in progress are listed so that a signal handler can
 * remove them (meiro_remove_temp_files). */
#define _XOPEN_SOURCE 700 /* realpath, readlink */
#include "core/alloc.h"
#include "core/error.h"
#include "io/io.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef NAME_MAX
#define NAME_MAX 255
#endif

/* ---- The temporary files of the process ----
 *
 * The one piece of global state in the library, on purpose: a temporary
 * file belongs to the process, not to a call, and a signal handler (which
 * gets no context) must find every one to remove it before the process
 * dies, as git's tempfile.c does. The list holds only the names of files in
 * flight; nothing a call computes depends on it. Slots are taken and given
 * back with atomic exchanges, so the handler, which takes each entry it
 * removes, never meets half an entry or one being freed. The handler cannot
 * free (free is not async-signal-safe): it leaves what it took in `removed`,
 * where temp_untrack frees it if the program goes on. */

struct temp_entry {
    bool frames_dir;      /* a folder of frame-NNNNN.png files */
    atomic_size_t frames; /* frames written into it so far */
    char *scratch;        /* room for a frame's name, made in advance */
    char path[];
};

enum { TEMP_SLOTS = 64 }; /* saves in flight at once; beyond, untracked */
static _Atomic(temp_entry *) temp_slots[TEMP_SLOTS], removed[TEMP_SLOTS];

temp_entry *temp_track(const char *path, bool frames_dir)
{
    size_t len = strlen(path);
    temp_entry *e = malloc(sizeof *e + len + 1);
    char *scratch = frames_dir ? malloc(len + 32) : NULL;
    if (!e || (frames_dir && !scratch)) { /* still saved, only not removed on a signal */
        free(e);
        free(scratch);
        return NULL;
    }
    e->frames_dir = frames_dir;
    atomic_init(&e->frames, 0);
    e->scratch = scratch;
    memcpy(e->path, path, len + 1);
    for (size_t i = 0; i < TEMP_SLOTS; i++) {
        temp_entry *none = NULL;
        if (atomic_compare_exchange_strong(&temp_slots[i], &none, e)) {
            fault_point("temp");
            return e;
        }
    }
    free(scratch);
    free(e);
    return NULL;
}

void temp_frames_written(temp_entry *e, size_t frames)
{
    if (e) atomic_store(&e->frames, frames);
    fault_point("frame");
}

void temp_untrack(temp_entry *e)
{
    if (!e) return;
    for (size_t i = 0; i < 2 * TEMP_SLOTS; i++) {
        temp_entry *mine = e;
        if (atomic_compare_exchange_strong(
                i < TEMP_SLOTS ? &temp_slots[i] : &removed[i - TEMP_SLOTS], &mine, NULL)) {
            free(e->scratch);
            free(e);
            return;
        }
    }
    /* not found: a handler (in another thread) is still removing the file */
}

/* "DIR/frame-NNNNN.png" into buf, without snprintf (not async-signal-safe). */
static void frame_name(char *buf, const char *dir, size_t frame)
{
    size_t n = strlen(dir);
    memcpy(buf, dir, n);
    memcpy(buf + n, "/frame-", 7);
    n += 7;
    char digits[24];
    size_t d = 0;
    do digits[d++] = (char)('0' + frame % 10);
    while ((frame /= 10) != 0);
    for (size_t pad = d; pad < 5; pad++) buf[n++] = '0';
    while (d) buf[n++] = digits[--d];
    memcpy(buf + n, ".png", 5);
}

void meiro_remove_temp_files(void)
{
    for (size_t i = 0; i < TEMP_SLOTS; i++) {
        temp_entry *e = atomic_exchange(&temp_slots[i], NULL);
        if (!e) continue;
        if (e->frames_dir) {
            size_t frames = atomic_load(&e->frames);
            for (size_t f = 1; f <= frames; f++) {
                frame_name(e->scratch, e->path, f);
                unlink(e->scratch);
            }
            rmdir(e->path);
        } else {
            unlink(e->path);
        }
        atomic_store(&removed[i], e);
    }
}

/* ---- Temporary names ---- */

char *temp_name_next_to(const char *target, unsigned attempt)
{
    const char *slash = strrchr(target, '/');
    size_t dir_len = slash ? (size_t)(slash - target + 1) : 0;
    const char *base = target + dir_len;
    /* ".BASE.xxxxxxxx.tmp" must fit in a name: a long BASE is shortened,
     * at a character boundary of UTF-8 */
    size_t base_len = strlen(base), room = NAME_MAX - 1 - 1 - 8 - 4;
    if (base_len > room) {
        base_len = room;
        while (base_len > 0 && ((unsigned char)base[base_len] & 0xC0) == 0x80) base_len--;
    }
    size_t size = dir_len + base_len + 16;
    char *name = alloc_array(size, 1);
    if (!name) return NULL;
    uint32_t salt = (uint32_t)time(NULL) ^ ((uint32_t)getpid() << 16);
    snprintf(name, size, "%.*s.%.*s.%08lx.tmp", (int)dir_len, target, (int)base_len, base,
             (unsigned long)(uint32_t)(salt + attempt * 7919u));
    return name;
}

/* Creates a new file next to `filename` (same directory, so rename is
 * atomic), honouring the umask like a plain fopen would, or with the mode
 * (and owner) of `old` when it replaces that file. */
/* The name is listed for the signal handler before the file is made, so
 * that no signal finds a file of ours it does not know (the handler
 * removing a name not made yet removes nothing); *tracked is its entry. */
static FILE *open_temp(const char *filename, const struct stat *old, char **temp_name,
                       temp_entry **tracked, meiro_status *status, meiro_error *err)
{
    *status = MEIRO_ERROR_IO;
    *tracked = NULL;
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        char *name = temp_name_next_to(filename, attempt);
        if (!name) {
            *status = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
            return NULL;
        }
        temp_entry *entry = temp_track(name, false);
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0) {
            int e = errno;
            temp_untrack(entry);
            free(name);
            if (e == EEXIST) continue;
            fail(err, MEIRO_ERROR_IO, "cannot create the file: %s", strerror(e));
            return NULL;
        }
        fault_point("created");
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
            temp_untrack(entry);
            free(name);
            return NULL;
        }
        *temp_name = name;
        *tracked = entry;
        return f;
    }
    fail(err, MEIRO_ERROR_IO, "cannot create a temporary file next to it");
    return NULL;
}

int stream_error(FILE *f)
{
    if (fflush(f) != 0) return errno ? errno : EIO;
    if (!ferror(f)) return 0;
    /* stdio keeps no reason and errno has moved on (isatty leaves ENOTTY):
     * one byte more, written now, meets the same full disk or size limit;
     * the file is discarded anyway */
    clearerr(f);
    errno = 0;
    if (fputc(0, f) == EOF || fflush(f) != 0) return errno ? errno : EIO;
    return EIO;
}

/* A device, FIFO or socket: streamed into, as a shell redirection would.
 * mode "ab" for a descriptor's name: what was written to it stays. */
static meiro_status write_directly(const char *filename, const char *mode, stream_writer write,
                                   void *ctx, meiro_error *err)
{
    FILE *f = fopen(filename, mode);
    if (!f) return fail(err, MEIRO_ERROR_IO, N_("cannot open for writing: %s"), strerror(errno));
    meiro_status s = write(ctx, f, NULL, err);
    int e = s == MEIRO_OK ? stream_error(f) : 0;
    if (e) s = fail(err, MEIRO_ERROR_IO, "cannot write: %s", strerror(e));
    if (fclose(f) != 0 && s == MEIRO_OK)
        s = fail(err, MEIRO_ERROR_IO, "cannot write: %s", strerror(errno));
    return s;
}

/* /dev/stdout, /dev/fd/3, /proc/self/fd/1: a descriptor the caller opened
 * (a shell's redirection), written to as it is, even when it is a file
 * (appended to: reopening it through its name would truncate it, losing
 * what `>>` or earlier writes put there). */
static bool names_a_descriptor(const char *filename)
{
    if (strncmp(filename, "/dev/fd/", 8) == 0 || strncmp(filename, "/proc/self/fd/", 14) == 0)
        return true;
    char link[64];
    ssize_t n = readlink(filename, link, sizeof link - 1);
    if (n <= 0) return false;
    link[n] = 0;
    return strncmp(link, "/proc/self/fd/", 14) == 0 || strncmp(link, "/dev/fd/", 8) == 0;
}

/* The name a save writes for `filename`, links followed (malloc'ed):
 * itself when it is no link, else the file the last link points at, there
 * or not (a dangling link stays a link: its file is made). NULL with errno
 * set: ELOOP past 40 links in a row, ENOMEM. */
static char *follow_links(const char *filename)
{
    char *p = strdup(filename);
    for (int hops = 0; p; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode)) return p;
        char target[PATH_MAX];
        ssize_t n = hops < 40 ? readlink(p, target, sizeof target - 1) : -1;
        if (n < 0) {
            int e = hops < 40 ? errno : ELOOP;
            free(p);
            errno = e;
            return NULL;
        }
        target[n] = 0;
        const char *slash = strrchr(p, '/');
        size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - p) + 1;
        char *next = alloc_array(dir + (size_t)n + 1, 1);
        if (next) {
            memcpy(next, p, dir);
            memcpy(next + dir, target, (size_t)n + 1);
        }
        free(p);
        p = next;
    }
    errno = ENOMEM;
    return NULL;
}

/* The folder of a name ("." for a bare name), malloc'ed. */
static char *folder_of(const char *name)
{
    const char *slash = strrchr(name, '/');
    return slash ? strndup(name, (size_t)(slash - name) + (slash == name)) : strdup(".");
}

static meiro_status loop_or_nomem(const char *filename, meiro_error *err)
{
    if (errno == ELOOP)
        return fail(err, MEIRO_ERROR_IO, "'%s' is a loop of symbolic links: nothing to write to",
                    filename);
    if (errno == ENOMEM) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    return fail(err, MEIRO_ERROR_IO, "cannot follow the link '%s': %s", filename, strerror(errno));
}

meiro_status meiro_save_check(const char *filename, meiro_error *err)
{
    if (err) err->status = MEIRO_OK;
    if (!filename || names_a_descriptor(filename)) return MEIRO_OK;
    char *name = follow_links(filename);
    if (!name) return loop_or_nomem(filename, err);
    meiro_status s = MEIRO_OK;
    struct stat st;
    char *dir = folder_of(name);
    if (!dir) {
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    } else if (stat(name, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            s = fail(err, MEIRO_ERROR_IO, "'%s' is a folder: name a file to write", name);
        else if (!S_ISREG(st.st_mode) && access(name, W_OK) != 0)
            s = fail(err, MEIRO_ERROR_IO, "cannot write to '%s': %s", name, strerror(errno));
        else if (S_ISREG(st.st_mode) &&
                 access(dir, W_OK | X_OK) != 0) /* replaced by a file made beside it */
            s = fail(err, MEIRO_ERROR_IO, "cannot write in the folder '%s': %s", dir,
                     strerror(errno));
    } else if (errno != ENOENT) {
        s = fail(err, MEIRO_ERROR_IO, "cannot write '%s': %s", name, strerror(errno));
    } else if (stat(dir, &st) != 0) {
        s = fail(err, MEIRO_ERROR_IO, "the folder '%s' %s", dir,
                 errno == ENOENT ? "does not exist" : strerror(errno));
    } else if (!S_ISDIR(st.st_mode)) {
        s = fail(err, MEIRO_ERROR_IO, "'%s' is not a folder", dir);
    } else if (access(dir, W_OK | X_OK) != 0) {
        s = fail(err, MEIRO_ERROR_IO, "cannot write in the folder '%s': %s", dir, strerror(errno));
    }
    free(dir);
    free(name);
    return s;
}

bool meiro_same_file(const char *a, const char *b)
{
    if (!a || !b) return false;
    char *fa = follow_links(a), *fb = follow_links(b);
    bool same = false;
    struct stat sa, sb;
    if (fa && fb) {
        if (stat(fa, &sa) == 0 && stat(fb, &sb) == 0) {
            /* devices and pipes are streams, not files to overwrite */
            same = S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
        } else { /* not written yet: the same name in the same folder */
            const char *ba = strrchr(fa, '/'), *bb = strrchr(fb, '/');
            char *da = folder_of(fa), *db = folder_of(fb);
            same = da && db && strcmp(ba ? ba + 1 : fa, bb ? bb + 1 : fb) == 0 &&
                   stat(da, &sa) == 0 && stat(db, &sb) == 0 && sa.st_dev == sb.st_dev &&
                   sa.st_ino == sb.st_ino;
            free(da);
            free(db);
        }
    }
    free(fa);
    free(fb);
    return same;
}

meiro_status save_atomically(const char *filename, stream_writer write, void *ctx, meiro_error *err)
{
    if (err) err->status = MEIRO_OK;
    if (names_a_descriptor(filename)) return write_directly(filename, "ab", write, ctx, err);
    struct stat st;
    char *resolved = follow_links(filename);
    if (!resolved) return loop_or_nomem(filename, err);
    filename = resolved;
    bool exists = stat(filename, &st) == 0;
    meiro_status s;
    if (exists && !S_ISREG(st.st_mode)) {
        s = write_directly(filename, "wb", write, ctx, err);
        free(resolved);
        return s;
    }
    char *temp = NULL;
    temp_entry *tracked;
    FILE *f = open_temp(filename, exists ? &st : NULL, &temp, &tracked, &s, err);
    if (!f) {
        free(resolved);
        return s;
    }
    /* the writer's own scratch files go to the same folder (same room) */
    char *dir = folder_of(temp);
    if (!dir) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    else s = write(ctx, f, dir, err);
    free(dir);
    int e = s == MEIRO_OK ? stream_error(f) : 0;
    if (e) s = fail(err, MEIRO_ERROR_IO, "cannot write the file: %s", strerror(e));
    if (s == MEIRO_OK && fsync(fileno(f)) != 0)
        s = fail(err, MEIRO_ERROR_IO, "cannot write the file: %s", strerror(errno));
    if (fclose(f) != 0 && s == MEIRO_OK)
        s = fail(err, MEIRO_ERROR_IO, "cannot write the file: %s", strerror(errno));
    if (s == MEIRO_OK && rename(temp, filename) != 0)
        s = fail(err, MEIRO_ERROR_IO, "cannot replace the file: %s", strerror(errno));
    if (s != MEIRO_OK) unlink(temp);
    temp_untrack(tracked);
    free(temp);
    free(resolved);
    return s;
}
