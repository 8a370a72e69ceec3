/* A rule sheet as text (read back: what a teacher keeps to print the same
 * sheet again, and what the tests compare) and as JSON. */
#include "content/rule_model.h"

#include "core/error.h"
#include "core/utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const level_names[] = {"easy", "normal", "hard", "expert"};

static meiro_status write_text(const meiro_rule_sheet *s, FILE *out)
{
    fprintf(out, "# meiro rule maze\nrule %s\nlang %s\nlevel %s\nseed %llu\nsize %u %u\npath",
            s->rule.spec, s->lang, level_names[s->level], (unsigned long long)s->seed, s->w,
            s->h);
    for (size_t i = 0; i < s->path_len; i++)
        fprintf(out, " %u,%u", s->path[i] % s->w, s->path[i] / s->w);
    fprintf(out, "\n# %s\n", s->sentence);
    for (uint32_t y = 0; y < s->h; y++)
        for (uint32_t x = 0; x < s->w; x++)
            fprintf(out, "%s%s", s->tok[(size_t)y * s->w + x], x + 1 < s->w ? "\t" : "\n");
    return MEIRO_OK;
}

static void quoted(FILE *out, const char *t)
{
    fputc('"', out);
    for (; *t; t++) {
        if (*t == '"' || *t == '\\') fputc('\\', out);
        fputc(*t, out);
    }
    fputc('"', out);
}

static meiro_status write_json(const meiro_rule_sheet *s, FILE *out)
{
    fputs("{\"rule\": ", out);
    quoted(out, s->rule.spec);
    fputs(", \"lang\": ", out);
    quoted(out, s->lang);
    fprintf(out, ", \"level\": \"%s\", \"seed\": %llu, \"width\": %u, \"height\": %u,\n \"sentence\": ",
            level_names[s->level], (unsigned long long)s->seed, s->w, s->h);
    quoted(out, s->sentence);
    fputs(",\n \"path\": [", out);
    for (size_t i = 0; i < s->path_len; i++)
        fprintf(out, "%s[%u, %u]", i ? ", " : "", s->path[i] % s->w, s->path[i] / s->w);
    fputs("],\n \"tokens\": [", out);
    for (uint32_t y = 0; y < s->h; y++) {
        fputs(y ? ",\n  [" : "\n  [", out);
        for (uint32_t x = 0; x < s->w; x++) {
            if (x) fputs(", ", out);
            quoted(out, s->tok[(size_t)y * s->w + x]);
        }
        fputc(']', out);
    }
    fputs("]}\n", out);
    return MEIRO_OK;
}

meiro_status meiro_rule_sheet_write(const meiro_rule_sheet *s, const char *format, FILE *out,
                                    meiro_error *err)
{
    meiro_status st;
    if (!format || !strcmp(format, "text")) st = write_text(s, out);
    else if (!strcmp(format, "json")) st = write_json(s, out);
    else
        return fail_field(err, MEIRO_FIELD_FORMAT, MEIRO_ERROR_ARGUMENT,
                          "--format: a rule maze is written as pdf, text or json, not '%s'",
                          format);
    if (st == MEIRO_OK && (fflush(out) || ferror(out))) return fail_write(err);
    return st;
}

/* ---- Reading it back ---------------------------------------------------- */

static char *next_line(FILE *in, char *buf, size_t size, unsigned long *n, bool skip_comments)
{
    while (fgets(buf, (int)size, in)) {
        (*n)++;
        size_t len = strlen(buf);
        while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r')) buf[--len] = 0;
        if (skip_comments && buf[0] == '#') continue;
        return buf;
    }
    return NULL;
}

meiro_rule_sheet *rule_sheet_read_text(FILE *in, meiro_error *err)
{
    char line[8192], rule[1100] = "", lang[8] = "en", level[16] = "";
    unsigned long n = 0, long_seed = 0;
    unsigned long long seed = 0;
    unsigned w = 0, h = 0;
    meiro_rule_sheet *s = NULL;
    char *pathline = NULL;
    /* the header: key value lines up to the path */
    while (next_line(in, line, sizeof line, &n, true)) {
        char *sp = strchr(line, ' ');
        if (!sp) goto bad;
        *sp = 0;
        const char *v = sp + 1;
        if (!strcmp(line, "rule") && strlen(v) < sizeof rule) strcpy(rule, v);
        else if (!strcmp(line, "lang") && strlen(v) < sizeof lang) strcpy(lang, v);
        else if (!strcmp(line, "level") && strlen(v) < sizeof level) strcpy(level, v);
        else if (!strcmp(line, "seed") && sscanf(v, "%llu", &seed) == 1) long_seed = 1;
        else if (!strcmp(line, "size") && sscanf(v, "%u %u", &w, &h) == 2) {
            if (!w || !h || w > RULE_SIDE_MAX || h > RULE_SIDE_MAX) {
                fail_at(err, MEIRO_ERROR_PARSE, n, 6, "size: 1 to %d cells a side",
                        RULE_SIDE_MAX);
                return NULL;
            }
        } else if (!strcmp(line, "path")) {
            pathline = malloc(strlen(v) + 1);
            if (!pathline) {
                fail(err, MEIRO_ERROR_NOMEM, "out of memory");
                return NULL;
            }
            strcpy(pathline, v);
            break;
        } else {
            *sp = ' ';
            goto bad;
        }
    }
    (void)long_seed;
    if (!pathline || !rule[0] || !w) {
        fail_at(err, MEIRO_ERROR_PARSE, n, 1, "a rule maze needs rule, size and path lines");
        return NULL;
    }
    unsigned long path_line = n;
    s = rule_sheet_alloc(w, h);
    if (!s) {
        free(pathline);
        fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        return NULL;
    }
    if (rule_parse(rule, rule_words_for(lang) ? lang : "en", &s->rule, err) != MEIRO_OK) goto fail;
    snprintf(s->lang, sizeof s->lang, "%s", rule_words_for(lang) ? lang : "en");
    for (unsigned i = 0; i < 4; i++)
        if (!strcmp(level, level_names[i])) s->level = (meiro_level)i;
    s->seed = seed;
    for (char *p = pathline; *p;) {
        unsigned x, y;
        int used = 0;
        if (sscanf(p, " %u,%u%n", &x, &y, &used) != 2 || x >= w || y >= h ||
            s->path_len >= (size_t)w * h) {
            fail_at(err, MEIRO_ERROR_PARSE, path_line, (unsigned long)(p - pathline) + 6,
                    "path: cells X,Y inside the grid");
            goto fail;
        }
        s->path[s->path_len++] = y * w + x;
        p += used;
        while (*p == ' ') p++;
    }
    for (uint32_t y = 0; y < h; y++) {
        if (!next_line(in, line, sizeof line, &n, true)) {
            fail_at(err, MEIRO_ERROR_PARSE, n + 1, 1, "%u rows of tokens expected", h);
            goto fail;
        }
        size_t bad = text_check(line, strlen(line), true);
        if (bad < strlen(line)) {
            fail_at(err, MEIRO_ERROR_PARSE, n, bad + 1, "not UTF-8 text");
            goto fail;
        }
        char *p = line;
        for (uint32_t x = 0; x < w; x++) {
            char *tab = strchr(p, '\t');
            if ((x + 1 < w) != (tab != NULL) || (tab ? (size_t)(tab - p) : strlen(p)) >= RULE_TOKEN_MAX) {
                fail_at(err, MEIRO_ERROR_PARSE, n, (unsigned long)(p - line) + 1,
                        "row %u: %u tokens separated by tabs, each under %d bytes", y + 1, w,
                        RULE_TOKEN_MAX);
                goto fail;
            }
            size_t l = tab ? (size_t)(tab - p) : strlen(p); /* < RULE_TOKEN_MAX, checked */
            if (tab) *tab = 0;
            memcpy(s->tok[(size_t)y * w + x], p, l);
            s->tok[(size_t)y * w + x][l] = 0;
            s->key[(size_t)y * w + x] = rule_key_of(&s->rule, p);
            p = tab ? tab + 1 : p + strlen(p);
        }
    }
    if (!meiro_rule_sheet_follows(s, s->path, s->path_len, NULL) || rule_count_paths(s) != 1) {
        fail_at(err, MEIRO_ERROR_PARSE, path_line, 1,
                "the path does not follow the rule, or is not proven the only one");
        goto fail;
    }
    rule_sentence(&s->rule, s->lang, s->sentence, sizeof s->sentence);
    free(pathline);
    return s;
bad:
    fail_at(err, MEIRO_ERROR_PARSE, n, 1, "expected rule, lang, level, seed, size or path, not '%.40s'",
            line);
    return NULL;
fail:
    free(pathline);
    meiro_rule_sheet_free(s);
    return NULL;
}
