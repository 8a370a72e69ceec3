/* A printed book's cover art, recorded in the book: meiro booklet --print
 * keeps one of its mazes (the last, the hardest) as meiro's JSON in a
 * private stream of the PDF's catalog, so that meiro cover --for draws the
 * book's own maze on the front (the book's seed alone cannot remake it: a
 * series replaces mazes by its ledger, a template may be gone). The same
 * pass leaves the document information as the services want it. */
#define _POSIX_C_SOURCE 200809L
#include "core/error.h"
#include "io/io.h"
#include "press/qpdf_lib.h"
#include "press/press.h"
#include "shapes/picture.h" /* the sandbox */
#include "press/qpdf_open.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the catalog's key (a private name: no reader of PDFs acts on it) */
#define ART_KEY "/MeiroCoverArt"

meiro_status book_art_attach(const char *buf, size_t len, const meiro_maze *art, unsigned number,
                             const char *title, const char *subtitle, unsigned volume,
                             bool right_bound, char **out, size_t *out_len, meiro_error *err)
{
    *out = NULL;
    *out_len = 0;
    char *json = NULL;
    size_t json_len = 0;
    FILE *mem = open_memstream(&json, &json_len);
    if (!mem) return fail(err, MEIRO_ERROR_NOMEM, "out of memory recording the cover's maze");
    meiro_status s = write_json(art, NULL, mem);
    if (fclose(mem) != 0 && s == MEIRO_OK) s = MEIRO_ERROR_NOMEM;
    if (s != MEIRO_OK) {
        free(json);
        return fail(err, s, "cannot record maze %u for the cover (its JSON)", number);
    }
    /* a shape JSON cannot carry (io.h shape_readable_as_json) is not
     * recorded: MEIRO_ERROR_TOO_BIG, and the caller takes another maze */
    FILE *in = fmemopen(json, json_len, "rb");
    meiro_maze *back = in ? read_json(in, NULL) : NULL;
    if (in) fclose(in);
    if (!back) {
        free(json);
        return fail(err, in ? MEIRO_ERROR_TOO_BIG : MEIRO_ERROR_NOMEM,
                    "maze %u cannot be recorded for the cover", number);
    }
    meiro_maze_free(back);
    qpdf_data q = quiet_qpdf();
    if (!q) {
        free(json);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory recording the cover's maze");
    }
    bool ok = !(lib_qpdf()->qpdf_read_memory(q, "meiro.pdf", buf, len, NULL) & QPDF_ERRORS);
    if (ok) {
        qpdf_oh stream = lib_qpdf()->qpdf_oh_new_stream(q);
        lib_qpdf()->qpdf_oh_replace_stream_data(q, stream, (const unsigned char *)json, json_len,
                                                lib_qpdf()->qpdf_oh_new_null(q),
                                                lib_qpdf()->qpdf_oh_new_null(q));
        qpdf_oh dict = lib_qpdf()->qpdf_oh_get_dict(q, stream);
        lib_qpdf()->qpdf_oh_replace_key(q, dict, "/Maze",
                                        lib_qpdf()->qpdf_oh_new_integer(q, number));
        /* the cover's words are the book's (a service matches them) */
        if (title && title[0])
            lib_qpdf()->qpdf_oh_replace_key(q, dict, "/Title",
                                            lib_qpdf()->qpdf_oh_new_unicode_string(q, title));
        if (subtitle && subtitle[0])
            lib_qpdf()->qpdf_oh_replace_key(q, dict, "/Subtitle",
                                            lib_qpdf()->qpdf_oh_new_unicode_string(q, subtitle));
        if (volume) /* "Vol. N" on its spine */
            lib_qpdf()->qpdf_oh_replace_key(q, dict, "/Volume",
                                            lib_qpdf()->qpdf_oh_new_integer(q, volume));
        lib_qpdf()->qpdf_oh_replace_key(q, lib_qpdf()->qpdf_get_root(q), ART_KEY, stream);
        /* a book read from the right says so, as PDF does (ISO 32000
         * 12.2): a viewer shows its spreads so, meiro preflight checks
         * its gutter on the right of page 1 */
        if (right_bound) {
            qpdf_oh prefs = lib_qpdf()->qpdf_oh_new_dictionary(q);
            lib_qpdf()->qpdf_oh_replace_key(q, prefs, "/Direction",
                                            lib_qpdf()->qpdf_oh_new_name(q, "/R2L"));
            lib_qpdf()->qpdf_oh_replace_key(q, lib_qpdf()->qpdf_get_root(q), "/ViewerPreferences",
                                            prefs);
        }
        /* the document information a service keeps: the title, the tools
         * and dates (KDP asks for no other metadata; the seed, language
         * and paper are in the remaking file, and the author is the
         * seller, not meiro) */
        qpdf_oh info = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_trailer(q), "/Info");
        if (lib_qpdf()->qpdf_oh_is_dictionary(q, info)) {
            lib_qpdf()->qpdf_oh_remove_key(q, info, "/Author");
            lib_qpdf()->qpdf_oh_remove_key(q, info, "/Subject");
            lib_qpdf()->qpdf_oh_remove_key(q, info, "/Keywords");
        }
        ok = !lib_qpdf()->qpdf_has_error(q);
        lib_qpdf()->qpdf_oh_release_all(q);
    }
    free(json);
    if (ok) ok = !(lib_qpdf()->qpdf_init_write_memory(q) & QPDF_ERRORS);
    if (ok) {
        lib_qpdf()->qpdf_set_deterministic_ID(q, QPDF_TRUE); /* the same book, the same file */
        ok = !(lib_qpdf()->qpdf_write(q) & QPDF_ERRORS);
    }
    if (ok) {
        size_t n = lib_qpdf()->qpdf_get_buffer_length(q);
        const unsigned char *data = lib_qpdf()->qpdf_get_buffer(q);
        *out = data ? malloc(n ? n : 1) : NULL;
        if (*out) memcpy(*out, data, n), *out_len = n;
        else s = fail(err, MEIRO_ERROR_NOMEM, "out of memory recording the cover's maze");
    } else {
        qpdf_error e = lib_qpdf()->qpdf_has_error(q) ? lib_qpdf()->qpdf_get_error(q) : NULL;
        s = fail(err, MEIRO_ERROR_INTERNAL, "cannot record the cover's maze in the PDF (qpdf: %s)",
                 e ? lib_qpdf()->qpdf_get_error_full_text(q, e) : "unknown error");
    }
    quiet_cleanup(&q);
    return s;
}

/* A text string of the art's dictionary into out (empty when none). */
static void art_text(qpdf_data q, qpdf_oh dict, const char *key, char *out, size_t size)
{
    qpdf_oh v = lib_qpdf()->qpdf_oh_get_key(q, dict, key);
    if (out && size)
        snprintf(out, size, "%s",
                 lib_qpdf()->qpdf_oh_is_string(q, v) ? lib_qpdf()->qpdf_oh_get_utf8_value(q, v)
                                                     : "");
}

meiro_status book_art_json(const char *filename, unsigned *number, char *title, char *subtitle,
                           size_t size, unsigned char **json, size_t *len, meiro_error *err)
{
    *json = NULL;
    *len = 0;
    qpdf_data q;
    meiro_status s = read_book_pdf(filename, &q, err);
    if (s == MEIRO_OK) {
        qpdf_oh stream = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_root(q), ART_KEY);
        bool is = lib_qpdf()->qpdf_oh_is_stream(q, stream);
        qpdf_oh n =
            is ? lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_oh_get_dict(q, stream), "/Maze")
               : 0;
        pdf_budget budget = PDF_BUDGET;
        meiro_error why = {0};
        if (!is || !lib_qpdf()->qpdf_oh_is_integer(q, n))
            s = fail(err, MEIRO_ERROR_ARGUMENT,
                     "%s records no maze for the cover: it was not made by meiro booklet --print "
                     "(a cover with a maze of its own: --pages N and --paper P instead of --for)",
                     filename);
        else if ((s = pdf_stream_data(q, stream, &budget, json, len, &why)) != MEIRO_OK)
            fail(err, s, "its cover maze cannot be read: %s", why.message);
        else {
            if (number) *number = (unsigned)lib_qpdf()->qpdf_oh_get_int_value(q, n);
            art_text(q, lib_qpdf()->qpdf_oh_get_dict(q, stream), "/Title", title, size);
            art_text(q, lib_qpdf()->qpdf_oh_get_dict(q, stream), "/Subtitle", subtitle, size);
        }
    }
    if (q) quiet_cleanup(&q);
    return s;
}

/* book_art_json in the child: the book, and what it found, shared (the
 * JSON within PDF_STREAM_MB, pdf_stream_data's cap). */
enum { ART_TEXT = 400 };
typedef struct art_job {
    const char *filename;
    unsigned number;
    char title[ART_TEXT], subtitle[ART_TEXT];
    size_t len;
    unsigned char json[];
} art_job;

static meiro_status read_art(void *ctx, meiro_error *err)
{
    art_job *j = ctx;
    unsigned char *json = NULL;
    size_t len = 0;
    meiro_status s =
        book_art_json(j->filename, &j->number, j->title, j->subtitle, ART_TEXT, &json, &len, err);
    if (s == MEIRO_OK) memcpy(j->json, json, len), j->len = len;
    free(json);
    return s;
}

meiro_status render_pdf_book_art(const char *filename, meiro_maze **art, unsigned *number,
                                char *title, char *subtitle, size_t size, meiro_error *err)
{
    if (art) *art = NULL;
    if (!filename || !art) return fail(err, MEIRO_ERROR_ARGUMENT, "no book to read");
    size_t shared = sizeof(art_job) + ((size_t)PDF_STREAM_MB << 20);
    art_job *j = sandbox_shared(shared); /* pages only as they are written */
    if (!j) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the book");
    j->filename = filename;
    meiro_status s = sandbox_run(read_art, j, PDF_SECONDS, PDF_MEGABYTES, "read", "the book", err);
    FILE *in = s == MEIRO_OK ? fmemopen(j->json, j->len, "rb") : NULL;
    if (s == MEIRO_OK && !in) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the cover's maze");
    else if (in) {
        meiro_error own = {0};
        *art = read_json(in, &own);
        fclose(in);
        if (!*art)
            s = fail(err, MEIRO_ERROR_PARSE, "%s: its cover maze cannot be read (%s)", filename,
                     own.message);
    }
    if (s == MEIRO_OK) {
        if (number) *number = j->number;
        if (title && size) snprintf(title, size, "%s", j->title);
        if (subtitle && size) snprintf(subtitle, size, "%s", j->subtitle);
    }
    sandbox_unshare(j, shared);
    return s;
}

meiro_status render_pdf_book_volume(const char *filename, unsigned *volume, meiro_error *err)
{
    if (volume) *volume = 0;
    if (!filename) return fail(err, MEIRO_ERROR_ARGUMENT, "no book to read");
    qpdf_data q;
    meiro_status s = read_book_pdf(filename, &q, err);
    if (s == MEIRO_OK) {
        qpdf_oh stream = lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_get_root(q), ART_KEY);
        if (!lib_qpdf()->qpdf_oh_is_stream(q, stream))
            s = fail(err, MEIRO_ERROR_ARGUMENT,
                     "%s records no series volume: it was not made by meiro booklet --print",
                     filename);
        qpdf_oh v =
            s == MEIRO_OK
                ? lib_qpdf()->qpdf_oh_get_key(q, lib_qpdf()->qpdf_oh_get_dict(q, stream), "/Volume")
                : 0;
        if (s == MEIRO_OK && lib_qpdf()->qpdf_oh_is_integer(q, v) && volume) {
            long long n = lib_qpdf()->qpdf_oh_get_int_value(q, v);
            *volume = n > 0 && n < 100000 ? (unsigned)n : 0;
        }
    }
    if (q) lib_qpdf()->qpdf_cleanup(&q);
    return s;
}
