/* meiro_rule_sheet_read: a rule sheet as text or as the JSON that
 * meiro_rule_sheet_write makes (-f json). JSON is parsed with jansson (a
 * layer above content, which has no JSON parser) and written out as the
 * text form, which content's reader checks and proves again. */
#define _POSIX_C_SOURCE 200809L
#include "content/rule_model.h"
#include "core/error.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The JSON's fields as text lines; false (err filled, naming the field)
 * when one is missing or of the wrong kind. */
static bool fields_as_text(json_t *root, FILE *out, meiro_error *err)
{
    json_t *rule = json_object_get(root, "rule"), *lang = json_object_get(root, "lang");
    json_t *level = json_object_get(root, "level"), *seed = json_object_get(root, "seed");
    json_t *w = json_object_get(root, "width"), *h = json_object_get(root, "height");
    json_t *path = json_object_get(root, "path"), *tokens = json_object_get(root, "tokens");
    const char *missing = !json_is_string(rule)     ? "rule (a string)"
                          : !json_is_integer(w)     ? "width (a whole number)"
                          : !json_is_integer(h)     ? "height (a whole number)"
                          : !json_is_array(path)    ? "path (a list of [x, y])"
                          : !json_is_array(tokens)  ? "tokens (a list of rows)"
                          : (lang && !json_is_string(lang))   ? "lang (a string)"
                          : (level && !json_is_string(level)) ? "level (a string)"
                          : (seed && !json_is_integer(seed))  ? "seed (a whole number)"
                                                              : NULL;
    if (missing) {
        fail(err, MEIRO_ERROR_PARSE, "a rule maze's JSON needs \"%s\"", missing);
        return false;
    }
    json_int_t wi = json_integer_value(w), hi = json_integer_value(h);
    if (wi < 1 || hi < 1 || wi > RULE_SIDE_MAX || hi > RULE_SIDE_MAX) {
        fail(err, MEIRO_ERROR_PARSE, "\"width\" and \"height\": 1 to %d cells", RULE_SIDE_MAX);
        return false;
    }
    fprintf(out, "rule %s\nlang %s\nlevel %s\nseed %llu\nsize %u %u\npath", json_string_value(rule),
            lang ? json_string_value(lang) : "en", level ? json_string_value(level) : "normal",
            seed ? (unsigned long long)json_integer_value(seed) : 0ULL, (unsigned)wi, (unsigned)hi);
    size_t i;
    json_t *cell;
    json_array_foreach(path, i, cell) {
        json_t *x = json_array_get(cell, 0), *y = json_array_get(cell, 1);
        if (json_array_size(cell) != 2 || !json_is_integer(x) || !json_is_integer(y) ||
            json_integer_value(x) < 0 || json_integer_value(y) < 0) {
            fail(err, MEIRO_ERROR_PARSE, "\"path\": cell %zu is not [x, y]", i + 1);
            return false;
        }
        fprintf(out, " %lld,%lld", (long long)json_integer_value(x),
                (long long)json_integer_value(y));
    }
    fputc('\n', out);
    if (json_array_size(tokens) != (size_t)hi) {
        fail(err, MEIRO_ERROR_PARSE, "\"tokens\": %lld rows expected", (long long)hi);
        return false;
    }
    json_t *row;
    json_array_foreach(tokens, i, row) {
        if (!json_is_array(row) || json_array_size(row) != (size_t)wi) {
            fail(err, MEIRO_ERROR_PARSE, "\"tokens\": row %zu is not %lld strings", i + 1,
                 (long long)wi);
            return false;
        }
        size_t j;
        json_t *t;
        json_array_foreach(row, j, t) {
            const char *v = json_string_value(t);
            if (!v || strpbrk(v, "\t\n\r")) {
                fail(err, MEIRO_ERROR_PARSE, "\"tokens\": row %zu, token %zu is not a string "
                     "on one line", i + 1, j + 1);
                return false;
            }
            fprintf(out, "%s%s", v, j + 1 < (size_t)wi ? "\t" : "\n");
        }
    }
    return true;
}

static meiro_rule_sheet *read_json(FILE *in, meiro_error *err)
{
    json_error_t je;
    json_t *root = json_loadf(in, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        fail_at(err, MEIRO_ERROR_PARSE, (unsigned long)je.line, (unsigned long)je.column, "%s",
                je.text);
        return NULL;
    }
    char *text = NULL;
    size_t len = 0;
    meiro_rule_sheet *s = NULL;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) {
        fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        json_decref(root);
        return NULL;
    }
    bool ok = json_is_object(root) ? fields_as_text(root, mem, err)
                                   : (fail(err, MEIRO_ERROR_PARSE, "a rule maze's JSON is an "
                                                                   "object"),
                                      false);
    json_decref(root);
    if (fclose(mem) != 0 && ok) {
        fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        ok = false;
    }
    FILE *back = ok ? fmemopen(text, len, "r") : NULL;
    if (ok && !back) fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    if (back) {
        s = rule_sheet_read_text(back, err);
        fclose(back);
        /* the text's lines are not the file's: say what, not where */
        if (!s && err) err->line = err->column = 0;
    }
    free(text);
    return s;
}

meiro_rule_sheet *meiro_rule_sheet_read(FILE *in, meiro_error *err)
{
    int c;
    do c = getc(in);
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
    if (c != EOF) ungetc(c, in);
    return c == '{' || c == '[' ? read_json(in, err) : rule_sheet_read_text(in, err);
}
