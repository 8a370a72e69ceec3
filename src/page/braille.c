/* Braille translated and drawn (braille.h). */
#include "page/braille.h"

#include "core/error.h"
#include "core/utf8.h"
#include "page/louis_lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the longest text a tactile page puts in braille (a title) */
enum { BRAILLE_MAX_CHARS = 512 };
#define TAU 6.283185307179586

/* Grade 1 (uncontracted) tables of liblouis-data, by meiro's languages;
 * French has no grade 1 table in liblouis 3.24 but its unified code's
 * uncontracted 6-dot one. */
static const struct {
    const char *lang, *table;
} tables[] = {
    {"en", "en-us-g1.ctb"}, {"de", "de-g1.ctb"}, {"es", "es-g1.ctb"},    {"fr", "fr-bfu-comp6.utb"},
    {"pt", "pt-pt-g1.utb"}, {"ko", "ko-g1.ctb"}, {"ar", "ar-ar-g1.utb"}, {"zh", "zhcn-g1.ctb"},
};

const char *braille_table(const char *lang, bool *fallback)
{
    *fallback = false;
    size_t n = lang ? strcspn(lang, "-_.") : 0;
    for (size_t i = 0; lang && i < sizeof tables / sizeof tables[0]; i++)
        if (strlen(tables[i].lang) == n && !strncmp(lang, tables[i].lang, n))
            return tables[i].table;
    *fallback = lang != NULL && strncmp(lang, "en", 2) != 0;
    return tables[0].table;
}

/* The code point at *p of valid UTF-8 (utf8_check), *p moved past it. */
static unsigned next_code(const unsigned char **p)
{
    const unsigned char *q = *p;
    unsigned extra = *q < 0x80 ? 0 : *q < 0xE0 ? 1 : *q < 0xF0 ? 2 : 3;
    unsigned c = *q & (extra ? 0x3Fu >> extra : 0x7Fu);
    for (q++; extra > 0 && (*q & 0xC0) == 0x80; extra--, q++) c = c << 6 | (*q & 0x3Fu);
    *p = q;
    return c;
}

/* UTF-8 into code points; their count, or SIZE_MAX when more than max. */
static size_t decode(const char *s, widechar *out, size_t max)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; n++) {
        if (n == max) return SIZE_MAX;
        out[n] = next_code(&p);
    }
    return n;
}

/* Code points into UTF-8; false when out is too small. */
static bool encode(const widechar *in, int n, char *out, size_t size)
{
    size_t k = 0;
    for (int i = 0; i < n; i++) {
        unsigned c = in[i];
        unsigned char b[4];
        size_t len = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        if (len == 1) b[0] = (unsigned char)c;
        else {
            for (size_t j = len - 1; j > 0; j--, c >>= 6) b[j] = (unsigned char)(0x80 | (c & 0x3F));
            b[0] = (unsigned char)((0xF00u >> len) | c);
        }
        if (k + len >= size) return false;
        memcpy(out + k, b, len);
        k += len;
    }
    out[k] = '\0';
    return true;
}

/* One way or the other through the language's table, with liblouis's
 * Unicode display table first: its cells are Unicode braille both ways
 * (the tables' own display tables differ: Portuguese's reads Unicode
 * braille back as blanks). */
static meiro_status through(const char *lang, const char *in, bool back, char *out, size_t size,
                            meiro_error *err)
{
    const louis_lib *lou = lib_louis(err);
    if (!lou) return err ? err->status : MEIRO_ERROR_IO;
    if (utf8_check(in, strlen(in)) != strlen(in))
        return fail(err, MEIRO_ERROR_ARGUMENT, "braille: the text is not UTF-8");
    widechar *buf = malloc(sizeof(widechar) * BRAILLE_MAX_CHARS * 5);
    if (!buf) return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    widechar *from = buf, *to = buf + BRAILLE_MAX_CHARS;
    meiro_status s = MEIRO_OK;
    size_t n = decode(in, from, BRAILLE_MAX_CHARS);
    bool fallback;
    char table[64];
    snprintf(table, sizeof table, "unicode.dis,%s", braille_table(lang, &fallback));
    int inlen = (int)n, outlen = BRAILLE_MAX_CHARS * 4;
    if (n == SIZE_MAX)
        s = fail(err, MEIRO_ERROR_ARGUMENT, "braille: a text of more than %d characters",
                 BRAILLE_MAX_CHARS);
    else if (!(back ? lou->lou_backTranslateString
                    : lou->lou_translateString)(table, from, &inlen, to, &outlen, NULL, NULL, 0))
        s = fail(err, MEIRO_ERROR_IO,
                 "braille: liblouis cannot translate with %s (install "
                 "liblouis-data)",
                 table);
    else if ((size_t)inlen < n || !encode(to, outlen, out, size)) /* liblouis stops when full */
        s = fail(err, MEIRO_ERROR_ARGUMENT, "braille: the text is too long");
    free(buf);
    return s;
}

meiro_status braille_translate(const char *lang, const char *text, char *out, size_t size,
                               meiro_error *err)
{
    return through(lang, text, false, out, size, err);
}

meiro_status braille_back(const char *lang, const char *braille, char *out, size_t size,
                          meiro_error *err)
{
    return through(lang, braille, true, out, size, err);
}

size_t braille_cells(const char *braille)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)braille; *p; p++) n += (*p & 0xC0) != 0x80;
    return n;
}

double braille_width(const char *braille)
{
    size_t n = braille_cells(braille);
    return n ? (double)(n - 1) * BRAILLE_CELL_MM + BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM : 0;
}

unsigned braille_next_cell(const char **p)
{
    const unsigned char *q = (const unsigned char *)*p;
    unsigned c = next_code(&q);
    *p = (const char *)q;
    return c >= 0x2800 && c <= 0x28FF ? c - 0x2800 : 0;
}

void braille_each_dot(double x, double y, const char *braille, braille_dot_fn fn, void *ctx)
{
    /* Unicode braille: U+2800 + the dots' bits, dot k (1-8) bit k - 1;
     * dots 1-3 down the left column, 4-6 down the right, 7 and 8 below */
    static const double col[8] = {0, 0, 0, 1, 1, 1, 0, 1}, row[8] = {0, 1, 2, 0, 1, 2, 3, 3};
    double r = BRAILLE_DOT_MM / 2, cx = x + r;
    for (const char *p = braille; *p; cx += BRAILLE_CELL_MM) {
        unsigned bits = braille_next_cell(&p);
        for (int k = 0; k < 8; k++)
            if (bits >> k & 1)
                fn(ctx, cx + col[k] * BRAILLE_DOT_STEP_MM, y + r + row[k] * BRAILLE_DOT_STEP_MM);
    }
}

static void scene_dot(void *ctx, double cx, double cy)
{
    scene *s = ctx;
    double r = BRAILLE_DOT_MM / 2;
    scene_move(s, cx + r, cy);
    scene_arc(s, cx, cy, r, 0, TAU, false);
    scene_close(s);
}

void braille_scene(scene *s, double x, double y, const char *braille)
{
    double h = 2 * BRAILLE_DOT_STEP_MM + BRAILLE_DOT_MM;
    scene_add_text(s, ROLE_BRAILLE,
                   &(scene_text){.text = braille,
                                 .font = "",
                                 .size = h,
                                 .x = x,
                                 .y = y,
                                 .box = {x, y, braille_width(braille), h}});
    scene_paint ink = scene_fill((scene_rgb){0, 0, 0});
    scene_path(s, ROLE_BRAILLE, &ink);
    braille_each_dot(x, y, braille, scene_dot, s);
    scene_end(s);
}
