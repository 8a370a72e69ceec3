/* libFuzzer target for meiro serve's query reader (src/serve/query.c): the
 * parameters of a request as the generate or booklet command's options.
 * Input: the first byte picks the command (bit 0: booklet; bit 7: a rule
 * maze's, rule.c's options; else bit 6: a picture maze's, picture.c's,
 * generate only) and the format (bits 1-5, of pdf, png, svg, xlsx, html,
 * json); then one parameter a
 * line, NAME=VALUE (a VALUE may hold NUL, which must be refused; a line
 * without '=' has no value). Whatever it accepts must be a command line
 * the server may run: generate's or booklet's own long options, none of
 * those the server sets or that name a file, sizes within the limits,
 * the output standard output, NULL-terminated. The same bytes go through
 * serve_picture_type, which sniffs an uploaded picture: it names one of
 * five types, each only for bytes that start as that type does, or none. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* The commands' tables, as main.c gives them (main.c is not linked here). */
const struct option *command_options(const char *command)
{
    return strcmp(command, "booklet") == 0 ? booklet_options : generate_options;
}

static bool known(const struct option *o, const char *name, size_t n)
{
    for (; o->name; o++)
        if (strlen(o->name) == n && strncmp(o->name, name, n) == 0) return true;
    return false;
}

static void check_argv(const serve_job *job)
{
    static const char *const never[] = {"--help", "--animate", "--frames", "--answers-to",
                                        "--names"};
    if (job->argc < 4 || job->argv[job->argc] != NULL || strcmp(job->argv[0], "meiro") != 0)
        abort();
    if (strcmp(job->argv[job->argc - 1], "--output=-") != 0) abort();
    int formats = 0, outputs = 0, rules = 0, pictures = 0;
    for (int i = 2; i < job->argc; i++) {
        const char *w = job->argv[i];
        if (strncmp(w, "--", 2) != 0) abort();
        size_t n = strcspn(w + 2, "=");
        if (!known(job->options, w + 2, n)) abort();
        for (size_t k = 0; k < sizeof never / sizeof never[0]; k++)
            if (strncmp(w, never[k], strlen(never[k])) == 0) abort();
        formats += strncmp(w, "--format=", 9) == 0;
        rules += strncmp(w, "--rule=", 7) == 0;
        /* a rule's list only as the upload's words.txt (not fuzzed here): never a path */
        if (strncmp(w, "--rule=words:", 13) == 0 || strncmp(w, "--rule=chain:", 13) == 0) abort();
        outputs += strncmp(w, "--output=", 9) == 0;
        /* a picture maze's picture: a built-in name or letters, never a path
         * (the upload's picture.EXT is not fuzzed here) */
        if (strncmp(w, "--picture=", 10) == 0) {
            pictures++;
            if (strchr(w + 10, '/') || strchr(w + 10, '.') || w[10] == '-' || !w[10]) abort();
        }
        /* built-in names only: no path */
        if ((strncmp(w, "--shape=", 8) == 0 || strncmp(w, "--template=", 11) == 0 ||
             strncmp(w, "--art=", 6) == 0) &&
            (strchr(w, '/') || strchr(w, '.')))
            abort();
        /* a number past the server's sides is refused here (a longer one the command refuses) */
        const char *v = w + 2 + n + (w[2 + n] == '=');
        if ((strncmp(w, "--width=", 8) == 0 || strncmp(w, "--height=", 9) == 0) && v[0] &&
            strlen(v) < 19 && strspn(v, "0123456789") == strlen(v) &&
            strtoull(v, NULL, 10) > SERVE_MAX_SIDE)
            abort();
    }
    /* a rule maze names its rule once (--message is its own option) */
    if (formats != 1 || outputs != 1 || rules != (job->rule && job->rule_value[0] ? 1 : 0) ||
        pictures != (job->picture ? 1 : 0))
        abort();
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    static const meiro_format formats[] = {MEIRO_FORMAT_PDF,  MEIRO_FORMAT_PNG,  MEIRO_FORMAT_SVG,
                                           MEIRO_FORMAT_XLSX, MEIRO_FORMAT_HTML, MEIRO_FORMAT_JSON};
    const char *type = serve_picture_type(data, size);
    if (type) {
        bool png = strcmp(type, "PNG") == 0, jpeg = strcmp(type, "JPEG") == 0,
             gif = strcmp(type, "GIF") == 0, bmp = strcmp(type, "BMP") == 0,
             svg = strcmp(type, "SVG") == 0;
        if (!(png || jpeg || gif || bmp || svg)) abort();
        if ((png && (size < 8 || data[0] != 0x89)) || (jpeg && (size < 3 || data[0] != 0xff)) ||
            (gif && (size < 6 || data[0] != 'G')) || (bmp && (size < 2 || data[0] != 'B')) ||
            (svg && !memchr(data, '<', size)))
            abort();
    }
    if (size == 0) return 0;
    serve_job *job = malloc(sizeof *job);
    char *line = malloc(size + 1);
    if (!job || !line) abort();
    meiro_format format = formats[((data[0] >> 1) & 0x1f) % 6];
    if (data[0] & 0x80) serve_job_init_rule(job, data[0] & 1, format);
    else if (data[0] & 0x40) serve_job_init_picture(job, format);
    else serve_job_init(job, data[0] & 1 ? "booklet" : "generate", format);
    bool ok = true;
    for (size_t at = 1; at < size && ok;) {
        const unsigned char *end = memchr(data + at, '\n', size - at);
        size_t n = end ? (size_t)(end - (data + at)) : size - at;
        memcpy(line, data + at, n);
        line[n] = 0;
        char *eq = memchr(line, '=', n);
        if (eq) *eq = 0;
        /* a name holding NUL is cut there, as the server's key_size check refuses it */
        ok = serve_job_add(job, line, eq ? eq + 1 : NULL, eq ? n - (size_t)(eq + 1 - line) : 0);
        if (!ok && !job->message[0]) abort();
        at += n + 1;
    }
    if (ok && serve_job_finish(job)) check_argv(job);
    else if (!job->message[0]) abort();
    free(line);
    free(job);
    return 0;
}
