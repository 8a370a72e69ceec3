/* The command's messages in the user's language. The command's own
 * formats are translated before they are filled in, as gettext does
 * (say_format); the library's messages come formatted in English
 * (meiro_error's message, which stays English for every program that
 * links the library) and are translated as the command prints them (say).
 *
 * The catalogue is gettext's: each message is marked N_("...") where it is
 * written, its printf format the msgid; make po gathers them into
 * po/meiro.pot and every po/LL.po translates them (tools/po2c.sh compiles
 * them in as say_catalogue). A formatted message is matched against the
 * English formats (each conversion standing for a value), and the values
 * it holds are put back into the translation, in its order (%2$s first
 * where the language wants it); a value that is itself a message of the
 * catalogue (a "did you mean", a system's reason, the refusal a ": write
 * it as pdf, svg..." follows) is translated too; a message of several
 * lines, a line at a time. A message the catalogue lacks is printed in
 * English: nothing is lost, one more N_() translates it. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The messages' language, chosen once by main before the command runs: a
 * process's setting, as a locale is (NULL: English). */
static const char *const *language_column;

/* say_catalogue's rows: the English, then a column a language. */
static size_t row_length(void)
{
    size_t n = 1;
    while (say_languages[n - 1]) n++;
    return n;
}
static size_t column(void) { return (size_t)(language_column - say_languages) + 1; }

void say_language(int argc, char **argv)
{
    const char *asked = NULL;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strncmp(argv[i], "--lang=", 7)) asked = argv[i] + 7;
        else if (!strcmp(argv[i], "--lang") && i + 1 < argc) asked = argv[++i];
    }
    char from_locale[8];
    if (!asked && locale_lang(from_locale, sizeof from_locale)) asked = from_locale;
    language_column = NULL;
    for (size_t l = 0; asked && say_languages[l]; l++)
        if (!strcmp(say_languages[l], asked)) language_column = say_languages + l;
}

/* A message's values: where each is in the English text (a preflight's
 * page size has ten). */
enum { MAX_VALUES = 12 };
typedef struct value {
    const char *at;
    size_t len;
    char kind; /* the conversion: 's', 'c', or a number's ('u', 'd', 'g'...) */
} value;

/* The length of the printf conversion at p ('%'), its letter in *kind. */
static size_t conversion(const char *p, char *kind)
{
    size_t n = 1 + strspn(p + 1, "0123456789$.*-+ #'lhzjtL");
    *kind = p[n];
    return p[n] ? n + 1 : n;
}

/* Whether `text` is `format` printed with some values (found in v[i...]):
 * each %s any text, shortest first (so "%s (option: %s)" splits at the
 * first " (option: "), %c one byte, a number's conversion a number. The
 * depth is the number of conversions in the format, at most MAX_VALUES. */
static bool match(const char *format, const char *text, value *v, unsigned i)
{
    for (;;) {
        if (format[0] == '%' && format[1] == '%') {
            if (*text != '%') return false;
            format += 2, text++;
        } else if (*format != '%') {
            if (*format != *text) return false;
            if (!*format) return true;
            format++, text++;
        } else {
            if (i == MAX_VALUES) return false;
            char kind;
            format += conversion(format, &kind);
            size_t most = kind == 's' ? strlen(text)
                          : kind == 'c'
                              ? (*text != 0)
                              : strspn(text, strchr("xXp", kind) ? "0123456789abcdefABCDEFx"
                                                                 : "0123456789.,-+e");
            /* a text shortest first; a number longest first, down to one
             * character ("(3.4, 5.0)": the first number is not "3.4,") */
            for (size_t n = kind == 's' ? 0 : most, tried = 0; tried <= most; tried++) {
                v[i] = (value){text, n, kind};
                if (match(format, text + n, v, i + 1)) return true;
                if (kind == 's') n++;
                else if (kind == 'c' || n-- <= 1) break;
            }
            return false;
        }
    }
}

/* The letters a format has besides its conversions: the more, the surer
 * a match (the format of a message is preferred to a shorter one inside
 * it). */
static size_t literal_length(const char *format)
{
    size_t n = 0;
    char kind;
    for (const char *p = format; *p;)
        if (*p == '%' && p[1] != '%') p += conversion(p, &kind);
        else p += 1 + (*p == '%'), n++;
    return n;
}

static const char *translate(const char *english, char *out, size_t size, unsigned depth);
static const char *fill(const char *found, const value *v, char *out, size_t size, unsigned depth);

/* The system's reasons (strerror) that end a message ("cannot open: No
 * such file or directory"), found by their number: C libraries word them
 * differently (glibc's English is the msgid). */
static const struct {
    int code;
    const char *english;
} reasons[] = {
    {ENOENT, N_("No such file or directory")},
    {EACCES, N_("Permission denied")},
    {EISDIR, N_("Is a directory")},
    {ENOTDIR, N_("Not a directory")},
    {ENOSPC, N_("No space left on device")},
    {EROFS, N_("Read-only file system")},
};

/* The decimal mark of the messages' language: what its catalogue puts
 * between the 0 and the 5 of a half (0,5 in French and German), or "."; a
 * message's fractions are measures a person reads (mm, pt, in), never a
 * value typed back into a command (a seed, an option's value: %s, as
 * typed). */
static void decimal_mark(char *out, size_t size)
{
    /* TRANSLATORS: a half as the language writes a measure in a sentence
       (7,5 mm): 0, its decimal mark, 5, in the digits 0-9 */
    const char *half = say_format(N_("0.5"));
    size_t len = strlen(half);
    if (len >= 3 && half[0] == '0' && half[len - 1] == '5' && len - 2 < size)
        snprintf(out, size, "%.*s", (int)(len - 2), half + 1);
    else snprintf(out, size, ".");
}

/* Writes a value into out at *n: translated when it is a message of the
 * catalogue (depth bounds the messages within messages), a fraction with
 * the language's decimal mark. */
static void put_value(const value *v, char *out, size_t size, size_t *n, unsigned depth)
{
    char text[512], translated[512];
    if (!v->at) return;
    snprintf(text, sizeof text, "%.*s", (int)v->len, v->at);
    const char *point = strchr(text, '.');
    if (strchr("fFgGeE", v->kind) && point) {
        char mark[8];
        decimal_mark(mark, sizeof mark);
        snprintf(translated, sizeof translated, "%.*s%s%s", (int)(point - text), text, mark,
                 point + 1);
        snprintf(text, sizeof text, "%s", translated);
    }
    const char *s = text;
    for (size_t r = 0; r < sizeof reasons / sizeof reasons[0]; r++)
        if (v->kind == 's' && !strcmp(text, strerror(reasons[r].code))) s = reasons[r].english;
    if (v->kind == 's' && depth < 4) s = translate(s, translated, sizeof translated, depth + 1);
    if (*n < size) *n += (size_t)snprintf(out + *n, size - *n, "%s", s);
}

static const char *translate(const char *english, char *out, size_t size, unsigned depth)
{
    if (!language_column) return english;
    size_t best = 0;
    const char *found = NULL;
    value v[MAX_VALUES], best_v[MAX_VALUES];
    for (const char *const *row = say_catalogue; *row; row += row_length()) {
        size_t literal = literal_length(row[0]);
        memset(v, 0, sizeof v); /* a value the translation names and the match did not: none */
        if (literal > best && match(row[0], english, v, 0)) {
            best = literal;
            found = row[column()];
            memcpy(best_v, v, sizeof v);
        }
    }
    return found ? fill(found, best_v, out, size, depth) : english;
}

/* The translation `found` with the values v put back, its conversions in
 * order or numbered (%2$s). */
static const char *fill(const char *found, const value *v, char *out, size_t size, unsigned depth)
{
    size_t n = 0;
    unsigned next = 0;
    for (const char *p = found; *p && n < size;) {
        if (p[0] == '%' && p[1] == '%') {
            out[n++] = '%';
            p += 2;
        } else if (*p == '%') {
            char kind, *end;
            unsigned long at = strtoul(p + 1, &end, 10);
            unsigned i = *end == '$' && at >= 1 && at <= MAX_VALUES ? (unsigned)at - 1 : next++;
            p += conversion(p, &kind);
            if (i < MAX_VALUES) put_value(&v[i], out, size, &n, depth);
        } else {
            out[n++] = *p++;
        }
    }
    if (size) out[n < size ? n : size - 1] = 0;
    return out;
}

const char *say(const char *english, char *out, size_t size)
{
    if (!language_column || !strchr(english, '\n')) return translate(english, out, size, 0);
    /* a message of several lines (a book's failing rules under their
     * names): a line at a time, each a message of the catalogue */
    size_t n = 0;
    for (const char *line = english;; line++) {
        size_t len = strcspn(line, "\n");
        char one[512], said[1024];
        snprintf(one, sizeof one, "%.*s", (int)len, line);
        if (n < size)
            n += (size_t)snprintf(out + n, size - n, "%s%s", line == english ? "" : "\n",
                                  translate(one, said, sizeof said, 0));
        line += len;
        if (!*line) break;
    }
    return out;
}

const char *say_format(const char *english)
{
    if (!language_column) return english;
    for (const char *const *row = say_catalogue; *row; row += row_length())
        if (!strcmp(row[0], english)) return row[column()];
    return english;
}

/* fmt (a msgid) filled in: in English, then its values put into the
 * translation as a library's message's are (a measure with the language's
 * decimal mark). */
static const char *say_filled(const char *fmt, va_list ap, char *out, size_t size)
{
    char english[1024];
    vsnprintf(english, sizeof english, fmt, ap);
    value v[MAX_VALUES] = {{0}};
    const char *found = say_format(fmt);
    if (found != fmt && match(fmt, english, v, 0)) return fill(found, v, out, size, 0);
    snprintf(out, size, "%s", english);
    return out;
}

void say_line(const char *fmt, ...)
{
    char message[2048];
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "meiro: %s\n", say_filled(fmt, ap, message, sizeof message));
    va_end(ap);
}

void say_warning(const char *fmt, ...)
{
    char message[2048];
    va_list ap;
    va_start(ap, fmt);
    say_filled(fmt, ap, message, sizeof message);
    va_end(ap);
    fprintf(stderr, "meiro: ");
    fprintf(stderr, say_format(N_("warning: %s")), message);
    fputc('\n', stderr);
}
