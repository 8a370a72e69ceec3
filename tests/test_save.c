/* Saving: temporary names that fit any name the filesystem takes, and the
 * list of temporary files that meiro_remove_temp_files empties (what a
 * signal handler calls), for files, workbooks and frame folders. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

/* Entries of `dir` other than . and .. */
static int entries(const char *path)
{
    DIR *d = opendir(path);
    if (!d) return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void test_names(void)
{
    verdict fits = {0}, shape = {0};
    char target[400];
    for (size_t len = 1; len <= 255; len++) {
        int n = snprintf(target, sizeof target, "%s/", dir);
        /* a two-byte character across the cut: é is 0xC3 0xA9 */
        for (size_t i = 0; i < len; i++) target[n + i] = i % 2 ? (char)0xA9 : (char)0xC3;
        target[n + len - (len % 2)] = 0;
        if (len % 2) target[n + len - 1] = 'x', target[n + len] = 0;
        char *name = temp_name_next_to(target, 3);
        if (!verdict_note(&fits, name != NULL, "%zu: no name", len)) continue;
        const char *base = strrchr(name, '/') + 1;
        size_t blen = strlen(base);
        verdict_note(&fits, blen <= 255, "%zu bytes: a temporary name of %zu", len, blen);
        /* ".<base, whole characters>.xxxxxxxx.tmp" */
        bool whole = blen >= 15 && ((unsigned char)base[blen - 14] & 0xC0) != 0xC0;
        verdict_note(&shape,
                     base[0] == '.' && blen > 4 && strcmp(base + blen - 4, ".tmp") == 0 && whole,
                     "%zu bytes: '%s'", len, base);
        FILE *f = fopen(name, "wb");
        verdict_note(&fits, f != NULL, "%zu bytes: cannot create it", len);
        if (f) fclose(f);
        unlink(name);
        free(name);
    }
    CHECK_ALL(fits);
    CHECK_ALL(shape);
}

/* A writer that is "interrupted": the handler's call, halfway. */
static meiro_status interrupted(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    int *seen = ctx;
    fputs("half", out);
    fflush(out);
    *seen = entries(temp_dir);
    meiro_remove_temp_files();
    *seen -= entries(temp_dir);
    (void)err;
    return MEIRO_OK;
}

static void test_signal_removes_temp(void)
{
    char target[128];
    snprintf(target, sizeof target, "%s/maze.txt", dir);
    int removed = 0;
    meiro_error err = {0};
    /* the rename then fails: the temporary file is gone */
    CHECK_INT(save_atomically(target, interrupted, &removed, &err), MEIRO_ERROR_IO);
    CHECK_INT(removed, 1);
    CHECK_INT(entries(dir), 0);
    meiro_remove_temp_files(); /* nothing left to remove: harmless */
    CHECK_INT(entries(dir), 0);
}

static void test_frames_folder(void)
{
    char folder[128], frame[160];
    snprintf(folder, sizeof folder, "%s/.frames.tmp", dir);
    CHECK_INT(mkdir(folder, 0777), 0);
    temp_entry *e = temp_track(folder, true);
    CHECK(e != NULL);
    for (int f = 1; f <= 12; f++) {
        snprintf(frame, sizeof frame, "%s/frame-%05d.png", folder, f);
        FILE *out = fopen(frame, "wb");
        if (out) fclose(out);
    }
    temp_frames_written(e, 12);
    meiro_remove_temp_files();
    CHECK_INT(entries(dir), 0);
    temp_untrack(e); /* taken by the "handler": nothing to do */
    /* untracked entries are left alone */
    snprintf(frame, sizeof frame, "%s/kept", dir);
    FILE *out = fopen(frame, "wb");
    if (out) fclose(out);
    temp_untrack(temp_track(frame, false));
    meiro_remove_temp_files();
    CHECK_INT(entries(dir), 1);
    unlink(frame);
}

static const test_case cases[] = {
    {"names", test_names},
    {"signal", test_signal_removes_temp},
    {"frames", test_frames_folder},
};

int main(int argc, char **argv)
{
    snprintf(dir, sizeof dir, "/tmp/meiro-save-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int status = test_main("save", argc, argv, cases, TEST_COUNT(cases));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return status;
}
