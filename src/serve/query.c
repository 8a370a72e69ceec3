/* A request's query as the generate (or booklet) command's options: the
 * names are the command's own long options (its table in src/cli/), so the
 * server takes what the command line takes, and the command line's
 * parser, library checks and messages decide the rest. Here only what a
 * server must refuse before any work: its own settings, files, and sizes. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

void serve_job_init(serve_job *job, const char *command, meiro_format format)
{
    memset(job, 0, sizeof *job);
    job->format = format;
    job->booklet = strcmp(command, "booklet") == 0;
    job->options = command_options(job->booklet ? "booklet" : "generate");
    job->argv[job->argc++] = "meiro";
    job->argv[job->argc++] = job->booklet ? "booklet" : "generate";
}

void serve_job_init_rule(serve_job *job, bool booklet, meiro_format format)
{
    serve_job_init(job, booklet ? "booklet" : "generate", format);
    job->rule = true;
    job->options = rule_option_table();
}

void serve_job_init_picture(serve_job *job, meiro_format format)
{
    serve_job_init(job, "generate", format);
    job->picture = true;
    job->options = picture_option_table();
}

/* The one-line message, fmt with a and b, and for the page its code,
 * `code` with the same (message.c: "side&option=%s&max=%s"; its values are
 * option names and numbers, never the request's own words). */
static bool refuse(serve_job *job, const char *code, const char *fmt, const char *a, const char *b)
{
    snprintf(job->message, sizeof job->message, fmt, a, b);
    char form[sizeof job->code - 5];
    snprintf(form, sizeof form, code, a, b);
    snprintf(job->code, sizeof job->code, "code=%s", form);
    return false;
}

/* "--NAME" or "--NAME=VALUE" as one word of argv. */
static bool add_word(serve_job *job, const char *name, const char *value)
{
    size_t room = sizeof job->text - job->used;
    int n = value ? snprintf(job->text + job->used, room, "--%s=%s", name, value)
                  : snprintf(job->text + job->used, room, "--%s", name);
    if (n < 0 || (size_t)n >= room ||
        job->argc + 1 >= (int)(sizeof job->argv / sizeof job->argv[0]))
        return refuse(job, "too-many-parameters", "%s%s", "too many parameters", "");
    job->argv[job->argc++] = job->text + job->used;
    job->argv[job->argc] = NULL;
    job->used += (size_t)n + 1;
    return true;
}

/* The built-in names (never a file: the server reads no path a request names). */
static bool builtin_shape(const char *name)
{
    const meiro_algorithm_desc *d;
    for (size_t i = 0; (d = meiro_shape_info(i)); i++)
        if (strcmp(d->name, name) == 0) return true;
    return false;
}

/* booklet's --shape: a comma-separated list of them */
static bool builtin_shapes(const char *list)
{
    char name[64];
    while (*list) {
        size_t n = strcspn(list, ",");
        if (n == 0 || n >= sizeof name) return false;
        memcpy(name, list, n);
        name[n] = 0;
        if (!builtin_shape(name)) return false;
        list += n + (list[n] == ',');
    }
    return true;
}

static bool builtin_template(const char *name)
{
    for (size_t i = 0; i < meiro_builtin_template_count(); i++)
        if (strcmp(meiro_builtin_template_name(i), name) == 0) return true;
    return false;
}

static bool builtin_art(const char *name)
{
    if (strcasecmp(name, "none") == 0) return true;
    const meiro_art_desc *d;
    for (size_t i = 0; (d = meiro_art_info(i)); i++)
        if (strcmp(d->name, name) == 0) return true;
    return false;
}

/* A switch's value: true to give it, false to leave it out; -1 unknown. */
static int switch_value(const char *v)
{
    static const char *const yes[] = {"1", "on", "true", "yes"}, *const no[] = {"0", "off", "false",
                                                                                "no", ""};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        if (strcasecmp(v, yes[i]) == 0) return 1;
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        if (strcasecmp(v, no[i]) == 0) return 0;
    return -1;
}

/* A size: a number past the server's limit is refused here; anything else
 * not a number goes to the command, whose message says what it takes. */
static bool size_value(serve_job *job, const char *name, const char *value, uint64_t max,
                       uint32_t *out)
{
    uint64_t v;
    if (!parse_u64(value, UINT64_MAX, &v)) return true;
    if (v > max) {
        char limit[24];
        snprintf(limit, sizeof limit, "%llu", (unsigned long long)max);
        return refuse(job, "side&option=%s&max=%s",
                      "--%s: this server makes mazes of up to %s cells across and down", name,
                      limit);
    }
    *out = (uint32_t)v;
    return true;
}

/* booklet's --from and --to: "WxH", the larger side kept */
static bool booklet_size(serve_job *job, const char *name, const char *value)
{
    unsigned long w, h;
    char x, end;
    if (sscanf(value, "%lu%c%lu%c", &w, &x, &h, &end) != 3 || (x != 'x' && x != 'X'))
        return true; /* the command says */
    if (w > SERVE_MAX_SIDE || h > SERVE_MAX_SIDE)
        return refuse(job, "side&option=%s&max=%s",
                      "--%s: this server makes mazes of up to %s cells across and down", name,
                      "200");
    if (w > job->width) job->width = (uint32_t)w;
    if (h > job->height) job->height = (uint32_t)h;
    return true;
}

bool serve_job_add(serve_job *job, const char *name, const char *value, size_t value_size)
{
    const struct option *o = job->options;
    while (o->name && strcmp(o->name, name) != 0) o++;
    if (!o->name)
        return refuse(job, "unknown-parameter",
                      "unknown parameter '%.40s' (the names are generate's long options)%s", name,
                      "");
    if (!value) value = "";
    if (value_size != strlen(value) || value_size > SERVE_MAX_VALUE)
        return refuse(job, "value-long&option=%s&max=%s",
                      "--%s: a value of up to %s bytes, without NUL", name, "200");
    static const char *const own[] = {"format", "output",     "help",  "animate",
                                      "frames", "answers-to", "names", "series"};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (strcmp(name, own[i]) == 0)
            return refuse(
                job, "not-taken&option=%s",
                "--%s is not taken here: the route sets the format and the output, and the server "
                "reads and writes no file a request names%s",
                name, "");
    if (job->rule && strcmp(name, "rule") == 0) {
        /* a list comes as the POST's body (serve_job_add_words), never a path */
        if (strncmp(value, "words:", 6) == 0 || strncmp(value, "chain:", 6) == 0)
            return refuse(job, "no-file&option=rule",
                          "--rule: this server reads no file a request names: POST the list as "
                          "the body with rule=%.5s%s",
                          value, "");
        if (job->rule_value[0])
            return refuse(job, "one&option=rule", "--rule: give one rule%s%s", "", "");
        snprintf(job->rule_value, sizeof job->rule_value, "%s", value);
        return true; /* added by serve_job_finish, with the list's file */
    }
    if (job->picture && strcmp(name, "picture") == 0) {
        /* a built-in shape or letters; a file only as the POST's body */
        if (!value[0]) return true; /* picture=: the upload (serve_job_add_picture) */
        if (strpbrk(value, "/.") || value[0] == '-')
            return refuse(job, "no-file&option=picture",
                          "--picture: this server reads no file a request names: POST the "
                          "picture as the body with picture= (empty), not '%.60s'%s",
                          value, "");
        if (job->picture_named)
            return refuse(job, "one&option=picture", "--picture: give one picture%s%s", "", "");
        if (value_size > SERVE_MAX_PICTURE_TEXT)
            return refuse(job, "letters&option=picture&max=%s",
                          "--picture: this server takes up to %s bytes of letters (8 kana, 24 "
                          "Latin)%s",
                          "24", "");
        job->picture_named = true;
        job->text_given = !builtin_shape(value); /* letters: as --text, up to 40 cells high */
        return add_word(job, name, value);
    }
    if ((strcmp(name, "shape") == 0 &&
         !(job->booklet ? builtin_shapes(value) : builtin_shape(value))) ||
        (strcmp(name, "template") == 0 && !builtin_template(value)) ||
        (strcmp(name, "art") == 0 && !builtin_art(value)))
        return refuse(
            job, "builtin&option=%s",
            "--%s: this server takes the built-in names only (see 'meiro list'), not '%.60s'", name,
            value);
    if (o->has_arg == no_argument) {
        int on = switch_value(value);
        if (on < 0)
            return refuse(job, "switch&option=%s", "--%s is a switch: %s=1 or 0", name, name);
        return on ? add_word(job, name, NULL) : true;
    }
    if (o->has_arg == optional_argument) { /* --fold or --fold=pages */
        int on = switch_value(value);
        if (on >= 0) return on ? add_word(job, name, NULL) : true;
        return add_word(job, name, value);
    }
    uint32_t ignored;
    if (strcmp(name, "width") == 0 && !size_value(job, name, value, SERVE_MAX_SIDE, &job->width))
        return false;
    if (strcmp(name, "height") == 0 && !size_value(job, name, value, SERVE_MAX_SIDE, &job->height))
        return false;
    if (strcmp(name, "dpi") == 0 && !size_value(job, name, value, SERVE_MAX_DPI, &ignored))
        return refuse(job, "dpi&option=dpi&max=%s",
                      "--dpi: this server draws PNG pictures of up to %s dpi%s", "300", "");
    if (strcmp(name, "text") == 0 && value_size > SERVE_MAX_TEXT)
        return refuse(job, "letters&option=text&max=%s",
                      "--text: this server takes up to %s bytes of letters (21 kana, 64 Latin)%s",
                      "64", "");
    if ((strcmp(name, "from") == 0 || strcmp(name, "to") == 0) && !booklet_size(job, name, value))
        return false;
    if (strcmp(name, "count") == 0 && !size_value(job, name, value, SERVE_MAX_MAZES, &job->count))
        return refuse(job, "count&option=count&max=%s",
                      "--count: this server makes booklets of up to %s mazes%s", "100", "");
    if (strcmp(name, "copies") == 0 &&
        !size_value(job, name, value, SERVE_MAX_COPIES, &job->copies))
        return refuse(job, "copies&option=copies&max=%s",
                      "--copies: this server makes up to %s versions of a booklet%s", "40", "");
    uint64_t floors;
    if (strcmp(name, "levels") == 0 && parse_u64(value, 8, &floors)) /* more: the command says */
        job->levels = (uint32_t)floors;
    if (strcmp(name, "shape") == 0) job->shape_given = true;
    if (strcmp(name, "grid") == 0) job->round = strstr(value, "polar") != NULL;
    if (strcmp(name, "text") == 0) job->text_given = true;
    if (strcmp(name, "seed") == 0) job->seeded = true;
    return add_word(job, name, value);
}

bool serve_job_finish(serve_job *job)
{
    uint64_t cells = (uint64_t)(job->width ? job->width : 1) * (job->height ? job->height : 1);
    if (cells > SERVE_MAX_CELLS)
        return refuse(job, "cells&option=width&max=%s",
                      "--width x --height: this server makes mazes of up to %s cells (200 x 200)%s",
                      "40000", "");
    /* a multi-level maze is its floors' cells together */
    if (job->levels > 1 && cells * job->levels > SERVE_MAX_CELLS)
        return refuse(job, "floor-cells&option=levels&max=%s",
                      "--levels x --width x --height: this server makes mazes of up to %s cells, "
                      "all floors together%s",
                      "40000", "");
    if (job->format == MEIRO_FORMAT_XLSX && cells > MEIRO_XLSX_SLOW_CELLS)
        return refuse(
            job, "sheet-cells&option=width&max=%s",
            "--width x --height: sheets of up to %s cells (130 x 130) open in good time%s", "16900",
            "");
    /* a name's width follows its height, a round maze's cells grow with the square of its rings */
    if ((job->text_given || job->round) && job->height > 40)
        return refuse(job, "tall&option=height&max=%s",
                      "--height: this server makes names and round mazes of up to %s cells high%s",
                      "40", "");
    if ((uint64_t)(job->count ? job->count : 10) * (job->copies ? job->copies : 1) >
        SERVE_MAX_BOOKLET)
        return refuse(
            job, "booklet-mazes&option=count&max=%s",
            "--count x --copies: this server makes up to %s mazes a booklet, all versions%s", "400",
            "");
    if (job->picture && !job->picture_named)
        return refuse(job, "no-picture&option=picture",
                      "--picture: name a built-in shape (heart, star...) or letters, or POST a "
                      "picture with picture= (empty)%s%s",
                      "", "");
    if (job->rule && job->rule_value[0]) { /* (--message: its own option) */
        char rule[SERVE_MAX_VALUE + 32];
        snprintf(rule, sizeof rule, "%s%s%s", job->rule_value, job->rule_file[0] ? ":" : "",
                 job->rule_file);
        if (!add_word(job, "rule", rule)) return false;
    }
    char seed[24];
    if (!job->seeded) {
        job->seed = clock_seed();
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)job->seed);
        if (!add_word(job, "seed", seed)) return false;
    }
    return add_word(job, "format", meiro_format_info(job->format)->name) &&
           add_word(job, "output", "-");
}

const char *serve_picture_type(const unsigned char *d, size_t n)
{
    static const struct {
        const char *type, *magic;
        size_t len;
    } magics[] = {
        {"PNG", "\x89PNG\r\n\x1a\n", 8},
        {"JPEG", "\xff\xd8\xff", 3},
        {"GIF", "GIF87a", 6},
        {"GIF", "GIF89a", 6},
        {"BMP", "BM", 2},
    };
    for (size_t i = 0; i < sizeof magics / sizeof magics[0]; i++)
        if (n >= magics[i].len && memcmp(d, magics[i].magic, magics[i].len) == 0)
            return magics[i].type;
    /* SVG: text that starts, past a UTF-8 byte-order mark and blanks, with
     * an XML declaration, a comment, a doctype or <svg */
    size_t i = n >= 3 && memcmp(d, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n')) i++;
    static const char *const starts[] = {"<?xml", "<!--", "<!DOCTYPE svg", "<svg"};
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
        size_t len = strlen(starts[k]);
        if (n - i >= len && memcmp(d + i, starts[k], len) == 0) return "SVG";
    }
    return NULL;
}

bool serve_job_add_picture(serve_job *job, const char *path)
{
    if (job->booklet)
        return refuse(job, "booklet-picture&option=shape",
                      "a booklet takes built-in shapes only, not an uploaded picture%s%s", "", "");
    if (job->picture) {
        if (job->picture_named)
            return refuse(job, "one&option=picture",
                          "--picture: the uploaded picture is the picture: name no other%s%s", "",
                          "");
        job->picture_named = true;
        return add_word(job, "picture", path);
    }
    if (job->shape_given)
        return refuse(job, "one&option=shape",
                      "--shape: the uploaded picture is the shape: name no other%s%s", "", "");
    job->shape_given = true;
    return add_word(job, "shape", path);
}

bool serve_job_add_names(serve_job *job, const char *path, unsigned names)
{
    if (!job->booklet)
        return refuse(job, "names-booklet&option=names", "names are a booklet's class set%s%s", "",
                      "");
    if (names == 0)
        return refuse(job, "names-none&option=names", "POST the pupils' names, one a line%s%s", "",
                      "");
    if (names > SERVE_MAX_COPIES)
        return refuse(job, "copies&option=names&max=%s",
                      "--names: this server makes up to %s versions of a booklet%s", "40", "");
    if (names > job->copies) job->copies = names;
    return add_word(job, "names", path);
}

bool serve_job_add_words(serve_job *job, const char *path)
{
    if (!job->rule ||
        (strcmp(job->rule_value, "words") != 0 && strcmp(job->rule_value, "chain") != 0))
        return refuse(job, "words-rule&option=rule",
                      "a word list is for rule=words or rule=chain, not rule=%.40s%s",
                      job->rule_value, "");
    if (strlen(path) >= sizeof job->rule_file)
        return refuse(job, "internal", "%s%s", "internal: a long name", "");
    memcpy(job->rule_file, path, strlen(path) + 1);
    return true;
}
