/* The series ledger (ledger.h): a plain-text file, one line a volume
 * ("volume 2 seed 77 mazes 40") followed by its mazes' fingerprints in
 * hex, one a line; '#' starts a comment. Read whole, checked line by
 * line, and rewritten atomically with the new volume at its end. */
#define _POSIX_C_SOURCE 200809L
#include "io/ledger.h"

#include "core/alloc.h"
#include "core/error.h"
#include "io/io.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 10000 volumes of 10000 mazes would be 170 MB: a ledger larger than
 * this is not one */
#define LEDGER_MAX_BYTES (256u << 20)

static meiro_status ledger_error(const series_ledger *l, meiro_error *err, unsigned long line,
                                 unsigned long column, const char *what)
{
    fail_at(err, MEIRO_ERROR_PARSE, line, column, "%s", what);
    if (err) snprintf(err->source, sizeof err->source, "%s", l->path);
    return MEIRO_ERROR_PARSE;
}

static meiro_status read_ledger(series_ledger *l, meiro_error *err)
{
    FILE *f = fopen(l->path, "rb");
    if (!f && errno == ENOENT) { /* a new series */
        l->text = calloc(1, 1);
        return l->text ? MEIRO_OK : fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    if (!f)
        return fail(err, MEIRO_ERROR_IO, "cannot read the series ledger %s: %s", l->path,
                    strerror(errno));
    size_t cap = 0;
    meiro_status s = MEIRO_OK;
    for (;;) {
        if (l->text_len + 65536 + 1 > cap) {
            size_t want = cap ? 2 * cap : 65536 + 1;
            char *t = want <= LEDGER_MAX_BYTES + 65536 + 1 ? realloc(l->text, want) : NULL;
            if (!t) {
                s = want > LEDGER_MAX_BYTES + 65536 + 1
                        ? fail(err, MEIRO_ERROR_TOO_BIG, "the series ledger %s is over %u MB",
                               l->path, LEDGER_MAX_BYTES >> 20)
                        : fail(err, MEIRO_ERROR_NOMEM, "out of memory for the series ledger");
                break;
            }
            l->text = t;
            cap = want;
        }
        size_t got = fread(l->text + l->text_len, 1, 65536, f);
        l->text_len += got;
        if (got < 65536) break;
    }
    if (s == MEIRO_OK && ferror(f))
        s = fail(err, MEIRO_ERROR_IO, "cannot read the series ledger %s", l->path);
    fclose(f);
    if (s == MEIRO_OK) l->text[l->text_len] = '\0';
    if (s == MEIRO_OK && memchr(l->text, '\0', l->text_len))
        s = fail(err, MEIRO_ERROR_PARSE, "%s is no series ledger (a binary file)", l->path);
    return s;
}

/* The ledger's fingerprints: sorted, and searched by bisection, so that no
 * choice of them makes the reading slow (a hash table's can collide: a
 * crafted ledger of 6.8 MB took 47 s). */
static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static bool recorded(const series_ledger *l, uint64_t fp)
{
    size_t lo = 0, hi = l->old_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (l->old[mid] < fp) lo = mid + 1;
        else hi = mid;
    }
    return lo < l->old_count && l->old[lo] == fp;
}

/* This volume's fingerprints (meiro's own, not the file's): a hash set. */
static bool seen_has(const series_ledger *l, uint64_t fp, size_t *slot)
{
    size_t i = (size_t)(fp * 0x9e3779b97f4a7c15u >> 17) & l->seen_mask;
    while (l->seen[i] && l->seen[i] != fp) i = (i + 1) & l->seen_mask;
    *slot = i;
    return l->seen[i] == fp;
}

/* Each line, checked: on the first pass counted (fingerprints), on the
 * second kept (l->old, sorted after). */
static meiro_status scan_ledger(series_ledger *l, bool store, size_t *fps, meiro_error *err)
{
    unsigned long line = 0;
    *fps = 0;
    l->volumes = 0;
    for (char *p = l->text; *p;) {
        char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        line++;
        char row[128];
        size_t k = strspn(p, " \t\r");
        if (p[k] == '#') { /* a comment, of any length: a volume's command */
            p += n + (end != NULL);
            continue;
        }
        size_t used = n;
        while (used > k && strchr(" \t\r", p[used - 1])) used--;
        if (used - k >= sizeof row)
            return ledger_error(l, err, line, 1, "a line too long for a series ledger");
        memcpy(row, p + k, used - k);
        row[used - k] = '\0';
        unsigned volume, mazes;
        uint64_t seed;
        int len = 0;
        if (!row[0]) {
            /* blank */
        } else if (!strncmp(row, "volume", 6)) {
            if (sscanf(row, "volume %u seed %" SCNu64 " mazes %u%n", &volume, &seed, &mazes,
                       &len) != 3 ||
                row[len])
                return ledger_error(l, err, line, k + 1,
                                    "wanted 'volume N seed S mazes C' in a series ledger");
            if (volume != l->volumes + 1) {
                char why[96];
                snprintf(why, sizeof why, "volume %u follows volume %u: volumes count from 1",
                         volume, l->volumes);
                return ledger_error(l, err, line, k + 8, why);
            }
            l->volumes = volume;
            if (store && seed == l->seed)
                return fail_field(err, MEIRO_FIELD_NONE, MEIRO_ERROR_ARGUMENT,
                                  "seed %" PRIu64 " made volume %u of the series %s already: "
                                  "give this volume another seed (-s)",
                                  seed, volume, l->path);
        } else {
            uint64_t fp = 0;
            size_t d = 0;
            for (; row[d]; d++) {
                char c = row[d];
                unsigned v = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                             : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                                                    : 16;
                if (v == 16 || d >= 16) break;
                fp = fp << 4 | v;
            }
            if (d != 16 || row[d])
                return ledger_error(l, err, line, k + d + 1,
                                    "wanted a fingerprint of 16 hex digits in a series ledger");
            if (!l->volumes)
                return ledger_error(l, err, line, k + 1,
                                    "a fingerprint before the first 'volume' line");
            (*fps)++;
            if (store) l->old[l->old_count++] = fp ? fp : 1;
        }
        p += n + (end != NULL);
    }
    return MEIRO_OK;
}

meiro_status series_open(series_ledger *l, const char *path, uint64_t seed, unsigned count,
                         meiro_error *err)
{
    *l = (series_ledger){.path = path, .seed = seed};
    meiro_status s = read_ledger(l, err);
    size_t fps = 0;
    if (s == MEIRO_OK) s = scan_ledger(l, false, &fps, err);
    if (s != MEIRO_OK) return s;
    size_t want = 2 * (size_t)count + 16, cap = 16;
    while (cap < want) cap *= 2;
    l->seen = zalloc(cap, sizeof *l->seen);
    l->old = zalloc(fps ? fps : 1, sizeof *l->old);
    l->fresh_cap = count;
    l->fresh = zalloc(count ? count : 1, sizeof *l->fresh);
    if (!l->seen || !l->old || !l->fresh)
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory for the series ledger");
    l->seen_mask = cap - 1;
    s = scan_ledger(l, true, &fps, err);
    qsort(l->old, l->old_count, sizeof *l->old, by_value);
    return s;
}

bool series_take(series_ledger *l, uint64_t fp)
{
    size_t slot;
    if (!fp) fp = 1;
    if (recorded(l, fp) || seen_has(l, fp, &slot) || l->fresh_count == l->fresh_cap) return false;
    l->seen[slot] = fp;
    l->fresh[l->fresh_count++] = fp;
    return true;
}

static meiro_status write_ledger(void *ctx, FILE *out, const char *temp_dir, meiro_error *err)
{
    (void)temp_dir;
    const series_ledger *l = ctx;
    if (!l->text_len)
        fputs("# meiro series ledger: a line a volume, then the fingerprints of its mazes\n", out);
    fwrite(l->text, 1, l->text_len, out);
    if (l->text_len && l->text[l->text_len - 1] != '\n') fputc('\n', out);
    if (l->command) /* how the volume is made again, whatever its pages say */
        fprintf(out, "# volume %u: %s\n", l->volumes + 1, l->command);
    fprintf(out, "volume %u seed %" PRIu64 " mazes %zu\n", l->volumes + 1, l->seed, l->fresh_count);
    for (size_t i = 0; i < l->fresh_count; i++) fprintf(out, "%016" PRIx64 "\n", l->fresh[i]);
    return stream_error(out) ? fail_write(err) : MEIRO_OK;
}

meiro_status series_save(series_ledger *l, meiro_error *err)
{
    return save_atomically(l->path, write_ledger, l, err);
}

void series_free(series_ledger *l)
{
    free(l->text);
    free(l->seen);
    free(l->old);
    free(l->fresh);
    *l = (series_ledger){0};
}
