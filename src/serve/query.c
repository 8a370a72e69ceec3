/* A request's query as the generate command's options: the names are
 * generate's own long options (its table in src/cli/generate.c), so the
 * server takes what the command line takes, and the command line's
 * parser, library checks and messages decide the rest. Here only what a
 * server must refuse before any work: its own settings, files, and sizes. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

void serve_job_init(serve_job *job, meiro_format format)
{
    memset(job, 0, sizeof *job);
    job->format = format;
    job->argv[job->argc++] = "meiro";
    job->argv[job->argc++] = "generate";
}

static bool refuse(serve_job *job, const char *fmt, const char *a, const char *b)
{
    snprintf(job->message, sizeof job->message, fmt, a, b);
    return false;
}

/* "--NAME" or "--NAME=VALUE" as one word of argv. */
static bool add_word(serve_job *job, const char *name, const char *value)
{
    size_t room = sizeof job->text - job->used;
    int n = value ? snprintf(job->text + job->used, room, "--%s=%s", name, value)
                  : snprintf(job->text + job->used, room, "--%s", name);
    if (n < 0 || (size_t)n >= room || job->argc + 1 >= (int)(sizeof job->argv / sizeof job->argv[0]))
        return refuse(job, "%s%s", "too many parameters", "");
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
    static const char *const yes[] = {"1", "on", "true", "yes"}, *const no[] = {"0", "off", "false", "no", ""};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        if (strcasecmp(v, yes[i]) == 0) return 1;
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        if (strcasecmp(v, no[i]) == 0) return 0;
    return -1;
}

/* A size: a number past the server's limit is refused here; anything else
 * not a number goes to the command, whose message says what it takes. */
static bool size_value(serve_job *job, const char *name, const char *value, uint64_t max, uint32_t *out)
{
    uint64_t v;
    if (!parse_u64(value, UINT64_MAX, &v)) return true;
    if (v > max) {
        char limit[24];
        snprintf(limit, sizeof limit, "%llu", (unsigned long long)max);
        return refuse(job, "--%s: this server makes mazes of up to %s cells across and down", name, limit);
    }
    *out = (uint32_t)v;
    return true;
}

bool serve_job_add(serve_job *job, const serve_config *cfg, const char *name, const char *value, size_t value_size)
{
    const struct option *o = cfg->options;
    while (o->name && strcmp(o->name, name) != 0) o++;
    if (!o->name) return refuse(job, "unknown parameter '%.40s' (the names are generate's long options)%s", name, "");
    if (!value) value = "";
    if (value_size != strlen(value) || value_size > SERVE_MAX_VALUE)
        return refuse(job, "--%s: a value of up to %s bytes, without NUL", name, "200");
    static const char *const own[] = {"format", "output", "help", "animate", "frames", "answers-to"};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (strcmp(name, own[i]) == 0)
            return refuse(job, "--%s is not taken here (the route sets the format; the server writes no file)%s",
                          name, "");
    if ((strcmp(name, "shape") == 0 && !builtin_shape(value)) ||
        (strcmp(name, "template") == 0 && !builtin_template(value)) ||
        (strcmp(name, "art") == 0 && !builtin_art(value)))
        return refuse(job, "--%s: this server takes the built-in names only (see 'meiro list'), not '%.60s'", name,
                      value);
    if (o->has_arg == no_argument) {
        int on = switch_value(value);
        if (on < 0) return refuse(job, "--%s is a switch: %s=1 or 0", name, name);
        return on ? add_word(job, name, NULL) : true;
    }
    uint32_t ignored;
    if (strcmp(name, "width") == 0 && !size_value(job, name, value, SERVE_MAX_SIDE, &job->width)) return false;
    if (strcmp(name, "height") == 0 && !size_value(job, name, value, SERVE_MAX_SIDE, &job->height)) return false;
    if (strcmp(name, "dpi") == 0 && !size_value(job, name, value, SERVE_MAX_DPI, &ignored))
        return refuse(job, "--dpi: this server draws PNG pictures of up to %s dpi%s", "300", "");
    if (strcmp(name, "text") == 0 && value_size > SERVE_MAX_TEXT)
        return refuse(job, "--text: this server takes up to %s bytes of letters (8 kana, 24 Latin)%s", "24", "");
    if (strcmp(name, "grid") == 0) job->round = strcmp(value, "polar") == 0;
    if (strcmp(name, "text") == 0) job->text_given = true;
    if (strcmp(name, "seed") == 0) job->seeded = true;
    return add_word(job, name, value);
}

bool serve_job_finish(serve_job *job)
{
    uint64_t cells = (uint64_t)(job->width ? job->width : 1) * (job->height ? job->height : 1);
    if (cells > SERVE_MAX_CELLS)
        return refuse(job, "--width x --height: this server makes mazes of up to %s cells (200 x 200)%s", "40000", "");
    if (job->format == MEIRO_FORMAT_XLSX && cells > MEIRO_XLSX_SLOW_CELLS)
        return refuse(job, "--width x --height: sheets of up to %s cells (130 x 130) open in good time%s", "16900", "");
    /* a name's width follows its height, a round maze's cells grow with the square of its rings */
    if ((job->text_given || job->round) && job->height > 40)
        return refuse(job, "--height: this server makes names and round mazes of up to %s cells high%s", "40", "");
    char seed[24];
    if (!job->seeded) {
        job->seed = clock_seed();
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)job->seed);
        if (!add_word(job, "seed", seed)) return false;
    }
    return add_word(job, "format", meiro_format_info(job->format)->name) && add_word(job, "output", "-");
}
