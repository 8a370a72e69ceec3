/* qpdf opened quietly, and a book PDF read with it (qpdf_open.h): the
 * PDF writers, preflight and the cover's reading of its book share it. */
#include "press/qpdf_open.h"
#include "press/qpdf_lib.h"
#include "core/error.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

qpdf_data quiet_qpdf(void)
{
    qpdf_data q = lib_qpdf()->qpdf_init();
    if (!q) return NULL;
    lib_qpdf()->qpdf_silence_errors(q);
    lib_qpdf()->qpdf_set_suppress_warnings(q, QPDF_TRUE);
    return q;
}

void quiet_cleanup(qpdf_data *q)
{
    if (lib_qpdf()->qpdf_has_error(*q)) lib_qpdf()->qpdf_get_error(*q);
    lib_qpdf()->qpdf_cleanup(q);
}

meiro_status read_book_pdf(const char *filename, qpdf_data *q, meiro_error *err)
{
    *q = NULL;
    FILE *f = fopen(filename, "rb");
    if (!f) return fail(err, MEIRO_ERROR_IO, "cannot read %s", filename);
    fclose(f);
    if (!(*q = quiet_qpdf())) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the PDF");
    if (!(lib_qpdf()->qpdf_read(*q, filename, NULL) & QPDF_ERRORS)) return MEIRO_OK;
    return pdf_error(*q, err, "not a PDF book qpdf can read");
}

meiro_status pdf_error(qpdf_data q, meiro_error *err, const char *what)
{
    /* taken, so that qpdf does not print it again on cleanup */
    qpdf_error e = lib_qpdf()->qpdf_has_error(q) ? lib_qpdf()->qpdf_get_error(q) : NULL;
    char detail[400];
    snprintf(detail, sizeof detail, "%s", e ? lib_qpdf()->qpdf_get_error_message_detail(q, e) : "");
    /* out of memory in what qpdf decoded for itself (an object stream):
     * the error, or a warning that left an object unread */
    bool memory = strstr(detail, "bad_alloc") != NULL;
    for (qpdf_error w; !memory && (w = lib_qpdf()->qpdf_next_warning(q)) != NULL;)
        memory = strstr(lib_qpdf()->qpdf_get_error_full_text(q, w), "bad_alloc") != NULL;
    if (memory) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the PDF");
    return fail(err, MEIRO_ERROR_PARSE, "%s%s%s", what, e ? ": " : "", detail);
}

bool pdf_key_is(qpdf_data q, qpdf_oh dict, const char *key, const char *name)
{
    qpdf_oh v = lib_qpdf()->qpdf_oh_get_key(q, dict, key);
    bool is = lib_qpdf()->qpdf_oh_is_name_and_equals(q, v, name);
    lib_qpdf()->qpdf_oh_release(q, v);
    return is;
}

/* ---- Streams through a cap ---- */

/* The general filters: the most bytes one byte can become (flate's
 * deflate limit; LZW's 12-bit codes of up to 4096 bytes; a run of 128
 * from 2 bytes; ASCII85's z for 4 zeros). */
static const struct {
    const char *name, *abbreviation;
    double most;
} filters[] = {
    {"/FlateDecode", "/Fl", 1032},    {"/LZWDecode", "/LZW", 2731},  {"/RunLengthDecode", "/RL", 64},
    {"/ASCII85Decode", "/A85", 4},    {"/ASCIIHexDecode", "/AHx", 1},
};
enum { FILTERS = sizeof filters / sizeof filters[0], FLATE = 0 };

/* The filter named by o: its index, -1 when not one of the general ones. */
static int filter_of(qpdf_data q, qpdf_oh o)
{
    for (int k = 0; k < FILTERS; k++)
        if (lib_qpdf()->qpdf_oh_is_name_and_equals(q, o, filters[k].name) ||
            lib_qpdf()->qpdf_oh_is_name_and_equals(q, o, filters[k].abbreviation))
            return k;
    return -1;
}

/* A stream past the cap: its own, or what is left of the file's. */
static meiro_status too_big(meiro_error *err, qpdf_data q, qpdf_oh stream, size_t cap)
{
    if (cap < (size_t)PDF_STREAM_MB << 20)
        return fail(err, MEIRO_ERROR_TOO_BIG,
                    "its streams decode to more than %d MB in all (at object %d): not read",
                    PDF_DECODED_MB, lib_qpdf()->qpdf_oh_get_object_id(q, stream));
    return fail(err, MEIRO_ERROR_TOO_BIG,
                "object %d's stream decodes to more than %d MB (a compression bomb?): not read",
                lib_qpdf()->qpdf_oh_get_object_id(q, stream), PDF_STREAM_MB);
}

/* Flate data inflated by zlib into at most cap bytes. */
static meiro_status inflate_capped(const unsigned char *in, size_t n, size_t cap,
                                   unsigned char **out, size_t *len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) return MEIRO_ERROR_NOMEM;
    size_t size = 0, fed = 0;
    unsigned char *buf = NULL;
    meiro_status s = MEIRO_OK;
    for (;;) {
        size_t used = size - z.avail_out;
        if (!z.avail_out) { /* full: grow, doubling, to one byte past the cap */
            if (used > cap) {
                s = MEIRO_ERROR_TOO_BIG;
                break;
            }
            size_t want = used ? 2 * used : 65536;
            if (want > cap + 1) want = cap + 1;
            unsigned char *grown = realloc(buf, want);
            if (!grown) {
                s = MEIRO_ERROR_NOMEM;
                break;
            }
            buf = grown, size = want;
            z.next_out = buf + used;
            z.avail_out = (uInt)(size - used > UINT_MAX ? UINT_MAX : size - used);
            size = used + z.avail_out;
        }
        if (!z.avail_in && fed < n) { /* uInt at a time */
            z.next_in = (Bytef *)(in + fed);
            z.avail_in = (uInt)(n - fed > UINT_MAX ? UINT_MAX : n - fed);
            fed += z.avail_in;
        }
        int r = inflate(&z, Z_NO_FLUSH);
        if (r == Z_STREAM_END || (r == Z_BUF_ERROR && !z.avail_in && fed == n)) break; /* or cut short */
        if (r != Z_OK && r != Z_BUF_ERROR) {
            s = r == Z_MEM_ERROR ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_PARSE;
            break;
        }
    }
    *len = size - z.avail_out;
    inflateEnd(&z);
    if (s == MEIRO_OK && *len > cap) s = MEIRO_ERROR_TOO_BIG;
    if (s != MEIRO_OK) free(buf), buf = NULL, *len = 0;
    *out = buf;
    return s;
}

meiro_status pdf_stream_data(qpdf_data q, qpdf_oh stream, pdf_budget *b, unsigned char **buf,
                             size_t *len, meiro_error *err)
{
    *buf = NULL;
    *len = 0;
    size_t cap = (size_t)PDF_STREAM_MB << 20;
    if (cap > b->decoded) cap = b->decoded;
    /* the filters, and the most their output could be per raw byte */
    qpdf_oh dict = lib_qpdf()->qpdf_oh_get_dict(q, stream),
            filter = lib_qpdf()->qpdf_oh_get_key(q, dict, "/Filter");
    qpdf_oh parms = lib_qpdf()->qpdf_oh_get_key(q, dict, "/DecodeParms");
    bool array = lib_qpdf()->qpdf_oh_is_array(q, filter);
    int count = array ? lib_qpdf()->qpdf_oh_get_array_n_items(q, filter)
                : lib_qpdf()->qpdf_oh_is_name(q, filter) ? 1
                                                         : 0;
    int first = -1;
    double most = 1; /* of the filters after a first flate (zlib bounds that one) */
    bool known = true;
    for (int k = 0; k < count && known; k++) {
        qpdf_oh f = array ? lib_qpdf()->qpdf_oh_get_array_item(q, filter, k) : filter;
        int which = filter_of(q, f);
        if (k == 0) first = which;
        known = which >= 0;
        if (known && !(k == 0 && which == FLATE)) most *= filters[which].most;
        if (array) lib_qpdf()->qpdf_oh_release(q, f);
    }
    bool predictor =
        lib_qpdf()->qpdf_oh_is_dictionary(q, parms) || lib_qpdf()->qpdf_oh_is_array(q, parms);
    meiro_status s = MEIRO_OK;
    unsigned char *raw = NULL, *flat = NULL;
    size_t raw_len = 0, flat_len = 0;
    if (!known) s = fail(err, MEIRO_ERROR_PARSE, "object %d: a stream meiro does not decode",
                         lib_qpdf()->qpdf_oh_get_object_id(q, stream));
    else if (lib_qpdf()->qpdf_oh_get_stream_data(q, stream, qpdf_dl_none, NULL, &raw, &raw_len) &
             QPDF_ERRORS)
        s = fail(err, MEIRO_ERROR_PARSE, "object %d: its stream cannot be read",
                 lib_qpdf()->qpdf_oh_get_object_id(q, stream));
    else if (first != FLATE) flat = raw, flat_len = raw_len, raw = NULL;
    /* a first flate through zlib and the cap: a predictor's rows, a
     * chain's later filters have that many bytes to work on */
    else if ((s = inflate_capped(raw, raw_len, cap, &flat, &flat_len)) == MEIRO_ERROR_PARSE)
        fail(err, s, "object %d: its flate data is broken",
             lib_qpdf()->qpdf_oh_get_object_id(q, stream));
    if (s != MEIRO_OK) {
        /* said */
    } else if (count == 0 || (count == 1 && first == FLATE && !predictor)) { /* those bytes */
        *buf = flat, *len = flat_len, flat = NULL;
    } else if ((double)flat_len * most > (double)cap) {
        s = MEIRO_ERROR_TOO_BIG; /* what the rest could make */
    } else if (lib_qpdf()->qpdf_oh_get_stream_data(q, stream, qpdf_dl_specialized, NULL, buf, len) &
               QPDF_ERRORS) {
        s = fail(err, MEIRO_ERROR_PARSE, "object %d: its stream cannot be decoded",
                 lib_qpdf()->qpdf_oh_get_object_id(q, stream));
    }
    free(raw);
    free(flat);
    if (s == MEIRO_OK && *len > cap) free(*buf), *buf = NULL, *len = 0, s = MEIRO_ERROR_TOO_BIG;
    if (s == MEIRO_ERROR_TOO_BIG) too_big(err, q, stream, cap);
    else if (s == MEIRO_ERROR_NOMEM) fail(err, s, "out of memory decoding a PDF stream");
    if (s == MEIRO_OK) b->decoded -= *len;
    lib_qpdf()->qpdf_oh_release(q, filter);
    lib_qpdf()->qpdf_oh_release(q, parms);
    lib_qpdf()->qpdf_oh_release(q, dict);
    return s;
}

/* ---- The objects reachable from the trailer ---- */

/* A set of object numbers a stranger cannot make slow (a hash table's
 * numbers can be chosen to collide): sorted runs of 1, 2, 4, ... numbers
 * as the binary digits of the count, a new number merged with the runs
 * it completes, each run searched by bisection. */
typedef struct id_set {
    uint64_t *v, *tmp;
    size_t n, cap;
} id_set;

static bool id_set_has(const id_set *s, uint64_t x)
{
    size_t at = 0;
    for (size_t run = (SIZE_MAX >> 1) + 1; run; run >>= 1) {
        if (!(s->n & run)) continue;
        size_t lo = at, hi = at + run;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (s->v[mid] < x) lo = mid + 1;
            else hi = mid;
        }
        if (lo < at + run && s->v[lo] == x) return true;
        at += run;
    }
    return false;
}

static bool id_set_add(id_set *s, uint64_t x)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        uint64_t *v = realloc(s->v, cap * sizeof *v);
        if (v) s->v = v;
        uint64_t *tmp = v ? realloc(s->tmp, cap * sizeof *tmp) : NULL;
        if (!tmp) return false;
        s->tmp = tmp, s->cap = cap;
    }
    s->v[s->n++] = x;
    for (size_t run = 1; !(s->n & run); run <<= 1) { /* the two last runs of `run` merged */
        uint64_t *a = s->v + s->n - 2 * run, *b = a + run, *out = s->tmp;
        size_t i = 0, j = 0;
        while (i < run && j < run) *out++ = a[i] <= b[j] ? a[i++] : b[j++];
        while (i < run) *out++ = a[i++];
        while (j < run) *out++ = b[j++];
        memcpy(a, s->tmp, 2 * run * sizeof *a);
    }
    return true;
}

/* A value waiting, and the object that holds it (its own number when it
 * is one, else the nearest above it). */
typedef struct waiting {
    qpdf_oh value;
    int object;
} waiting;

typedef struct walk {
    qpdf_data q;
    pdf_budget *b;
    id_set seen;
    waiting *stack;
    size_t n, cap;
} walk;

/* A value found: a dictionary, stream or array waits on the stack (an
 * object once); anything else is let go. */
static meiro_status take(walk *w, qpdf_oh v, int holder, meiro_error *err)
{
    if (!w->b->values)
        return fail(err, MEIRO_ERROR_TOO_BIG, "more than %d objects and values: not read",
                    PDF_VALUES);
    w->b->values--;
    enum qpdf_object_type_e t = lib_qpdf()->qpdf_oh_get_type_code(w->q, v);
    bool container = t == ot_dictionary || t == ot_stream || t == ot_array;
    int object = holder;
    if (container && lib_qpdf()->qpdf_oh_is_indirect(w->q, v)) {
        object = lib_qpdf()->qpdf_oh_get_object_id(w->q, v);
        uint64_t id = (uint64_t)(uint32_t)object << 32 |
                      (uint32_t)lib_qpdf()->qpdf_oh_get_generation(w->q, v);
        if (id_set_has(&w->seen, id)) container = false;
        else if (!id_set_add(&w->seen, id)) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    if (!container) {
        lib_qpdf()->qpdf_oh_release(w->q, v);
        return MEIRO_OK;
    }
    if (w->n == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 256;
        waiting *grown = realloc(w->stack, cap * sizeof *grown);
        if (!grown) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        w->stack = grown, w->cap = cap;
    }
    w->stack[w->n++] = (waiting){v, object};
    return MEIRO_OK;
}

meiro_status pdf_walk(qpdf_data q, pdf_budget *b, pdf_visit visit, void *ctx, meiro_error *err)
{
    walk w = {q, b, {0}, NULL, 0, 0};
    meiro_status s = take(&w, lib_qpdf()->qpdf_get_trailer(q), 0, err);
    while (s == MEIRO_OK && w.n) {
        waiting at = w.stack[--w.n];
        qpdf_oh o = at.value;
        enum qpdf_object_type_e t = lib_qpdf()->qpdf_oh_get_type_code(q, o);
        qpdf_oh dict = t == ot_stream ? lib_qpdf()->qpdf_oh_get_dict(q, o) : o;
        if (t != ot_array) s = visit(ctx, q, dict, at.object);
        if (t == ot_array) {
            int items = lib_qpdf()->qpdf_oh_get_array_n_items(q, o);
            for (int k = 0; k < items && s == MEIRO_OK; k++)
                s = take(&w, lib_qpdf()->qpdf_oh_get_array_item(q, o, k), at.object, err);
        } else if (s == MEIRO_OK) { /* visit is done: the one key iterator is the walk's */
            lib_qpdf()->qpdf_oh_begin_dict_key_iter(q, dict);
            while (s == MEIRO_OK && lib_qpdf()->qpdf_oh_dict_more_keys(q))
                s = take(&w,
                         lib_qpdf()->qpdf_oh_get_key(q, dict, lib_qpdf()->qpdf_oh_dict_next_key(q)),
                         at.object, err);
        }
        if (dict != o) lib_qpdf()->qpdf_oh_release(q, dict);
        lib_qpdf()->qpdf_oh_release(q, o);
        if (s == MEIRO_OK && lib_qpdf()->qpdf_has_error(q))
            s = pdf_error(q, err, "not a PDF qpdf can read");
    }
    free(w.seen.v);
    free(w.seen.tmp);
    free(w.stack);
    return s;
}
