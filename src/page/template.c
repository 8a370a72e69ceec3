/* Page templates: small INI files (read with libinih) naming the paper,
 * mazes per page, cell size, texts, footer, where answers go and optional
 * SVG artwork. Looked up as a path, then on $MEIRO_TEMPLATE_PATH, then in
 * the installed folder, then among the copies compiled into the library. */
#define _POSIX_C_SOURCE 200809L
#include "core/alloc.h"
#include "core/numbers.h"
#include "core/error.h"
#include "page/template.h"

#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifndef MEIRO_TEMPLATE_DIR
#define MEIRO_TEMPLATE_DIR "/usr/local/share/meiro/templates"
#endif

/* The words meiro itself prints, per language. */
static const page_labels labels_table[] = {
    {"en", "Mazes", "Answers", "No. %u", "Answer to No. %u", "Page %u",
     "answers at the back", "Name ______________    Date __________", "%u mazes"},
    {"ja", "めいろ", "こたえ", "だい %u もん", "だい %u もん の こたえ", "%u ページ",
     "こたえは うしろに あります", "なまえ ______________    ひづけ __________", "めいろ %u もん"},
};

const page_labels *labels_for(const char *lang)
{
    for (size_t i = 0; i < sizeof labels_table / sizeof labels_table[0]; i++)
        if (lang && strcmp(lang, labels_table[i].lang) == 0) return &labels_table[i];
    return &labels_table[0];
}

bool meiro_lang_known(const char *lang) { return lang && lang_known(lang); }

bool lang_known(const char *lang)
{
    for (size_t i = 0; i < sizeof labels_table / sizeof labels_table[0]; i++)
        if (strcmp(lang, labels_table[i].lang) == 0) return true;
    return false;
}

static void template_defaults(meiro_template *t)
{
    memset(t, 0, sizeof *t);
    t->paper = MEIRO_PAPER_A4;
    t->orientation = MEIRO_ORIENT_AUTO;
    t->margin = MEIRO_DEFAULT_MARGIN_MM;
    t->per_page = 1;
    snprintf(t->start_label, sizeof t->start_label, "S");
    snprintf(t->goal_label, sizeof t->goal_label, "G");
    snprintf(t->lang, sizeof t->lang, "en");
    t->show_seed = true;
    t->answers = ANSWERS_NONE;
    t->key_per_page = 6;
}

typedef struct parse_state {
    meiro_template *t;
    char message[200];
    int error_line;
    int line; /* the handler is called once per key, in order */
} parse_state;

static bool parse_bool(const char *v, bool *out)
{
    if (!strcasecmp(v, "yes") || !strcasecmp(v, "true") || !strcmp(v, "1") || !strcasecmp(v, "on"))
        return *out = true, true;
    if (!strcasecmp(v, "no") || !strcasecmp(v, "false") || !strcmp(v, "0") || !strcasecmp(v, "off"))
        return *out = false, true;
    return false;
}

/* A length in millimetres in (lo, hi], or `word` (e.g. "fit") for 0. */
static bool parse_length(const char *v, const char *word, double lo, double hi, double *out)
{
    if (word && !strcasecmp(v, word)) return *out = 0, true;
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (errno || end == v || *end || !isfinite(d) || d <= lo || d > hi) return false;
    return *out = d, true;
}

static bool copy_text(char *dst, size_t size, const char *v)
{
    if (strlen(v) >= size) return false;
    memcpy(dst, v, strlen(v) + 1);
    return true;
}

#define BAD(...) (snprintf(st->message, sizeof st->message, __VA_ARGS__), 0)

static int handle(void *user, const char *section, const char *key, const char *v)
{
    parse_state *st = user;
    meiro_template *t = st->t;
    if (st->message[0]) return 1; /* report the first problem only */
#define IS(s, k) (!strcmp(section, s) && !strcmp(key, k))
    if (IS("template", "description")) {
        if (!copy_text(t->description, sizeof t->description, v)) return BAD("description is too long");
    } else if (IS("page", "paper")) {
        if (meiro_paper_from_name(v, &t->paper, NULL) != MEIRO_OK)
            return BAD("unknown paper '%s' (a4, a3, a5, b5, letter or legal)", v);
    } else if (IS("page", "orientation")) {
        if (!strcasecmp(v, "auto")) t->orientation = MEIRO_ORIENT_AUTO;
        else if (!strcasecmp(v, "portrait")) t->orientation = MEIRO_ORIENT_PORTRAIT;
        else if (!strcasecmp(v, "landscape")) t->orientation = MEIRO_ORIENT_LANDSCAPE;
        else return BAD("orientation is auto, portrait or landscape, not '%s'", v);
    } else if (IS("page", "margin")) {
        if (!parse_length(v, NULL, -0.001, 60, &t->margin)) return BAD("margin is 0 to 60 mm, not '%s'", v);
    } else if (IS("page", "mazes")) {
        if (strcmp(v, "1") && strcmp(v, "2") && strcmp(v, "4") && strcmp(v, "6"))
            return BAD("mazes per page is 1, 2, 4 or 6, not '%s'", v);
        t->per_page = (unsigned)atoi(v);
    } else if (IS("maze", "cell")) {
        if (!parse_length(v, "fit", 0, 100, &t->cell)) return BAD("cell is 'fit' or 0.1 to 100 mm, not '%s'", v);
    } else if (IS("maze", "line")) {
        if (!parse_length(v, "auto", 0, 5, &t->line)) return BAD("line is 'auto' or up to 5 mm, not '%s'", v);
    } else if (IS("maze", "start") || IS("maze", "goal")) {
        char *dst = key[0] == 's' ? t->start_label : t->goal_label;
        if (!v[0] || !copy_text(dst, sizeof t->start_label, v)) return BAD("%s label must be 1 to 31 bytes", key);
    } else if (IS("text", "font")) {
        if (!copy_text(t->font, sizeof t->font, v)) return BAD("font name is too long");
    } else if (IS("text", "title") || IS("text", "subtitle") || IS("text", "fields")) {
        char *dst = key[0] == 't' ? t->title : key[0] == 's' ? t->subtitle : t->fields;
        if (!copy_text(dst, sizeof t->title, v)) return BAD("%s is too long (at most %zu bytes)", key, sizeof t->title - 1);
    } else if (IS("text", "lang")) {
        if (!lang_known(v)) return BAD("unknown language '%s' (en or ja)", v);
        copy_text(t->lang, sizeof t->lang, v);
    } else if (IS("footer", "page-numbers")) {
        if (!parse_bool(v, &t->page_numbers)) return BAD("page-numbers is yes or no, not '%s'", v);
    } else if (IS("footer", "seed")) {
        if (!parse_bool(v, &t->show_seed)) return BAD("seed is yes or no, not '%s'", v);
    } else if (IS("answers", "place")) {
        if (!strcasecmp(v, "none")) t->answers = ANSWERS_NONE;
        else if (!strcasecmp(v, "after-page")) t->answers = ANSWERS_AFTER_PAGE;
        else if (!strcasecmp(v, "key")) t->answers = ANSWERS_KEY;
        else return BAD("answers go 'none', 'after-page' or 'key', not '%s'", v);
    } else if (IS("answers", "per-page")) {
        if (strcmp(v, "1") && strcmp(v, "2") && strcmp(v, "4") && strcmp(v, "6") && strcmp(v, "9"))
            return BAD("answers per page is 1, 2, 4, 6 or 9, not '%s'", v);
        t->key_per_page = (unsigned)atoi(v);
    } else if (IS("booklet", "cover")) {
        if (!parse_bool(v, &t->cover)) return BAD("cover is yes or no, not '%s'", v);
    } else if (IS("art", "frame") || IS("art", "start") || IS("art", "goal")) {
        char *dst = key[0] == 'f' ? t->art_frame : key[0] == 's' ? t->art_start : t->art_goal;
        if (!copy_text(dst, sizeof t->art_frame, v)) return BAD("art path is too long");
    } else {
        static const char *const sections[] = {"template", "page", "maze", "text", "footer", "answers", "booklet", "art"};
        bool known = false;
        for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) known |= !strcmp(section, sections[i]);
        return known ? BAD("unknown key '%s' in [%s]", key, section)
                     : BAD("unknown section [%s] (template, page, maze, text, footer, answers, booklet, art)", section);
    }
#undef IS
    return 1;
}

/* Parses INI text (from a file or a built-in copy). */
static meiro_status parse_template(meiro_template *t, const char *text, const char *source,
                                   meiro_error *err)
{
    parse_state st = {t, "", 0, 0};
    int line = ini_parse_string(text, handle, &st);
    if (line == 0 && !st.message[0]) return MEIRO_OK;
    if (line < 0) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the template");
    fail_at(err, MEIRO_ERROR_PARSE, line > 0 ? (unsigned long)line : 0, 0, "%s",
                  st.message[0] ? st.message : "not an INI line (expected [section] or key = value)");
    if (err) snprintf(err->source, sizeof err->source, "%s", source);
    return MEIRO_ERROR_PARSE;
}

static char *read_file(const char *path, meiro_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, MEIRO_ERROR_IO, "cannot open the template: %s", strerror(errno));
        if (err) snprintf(err->source, sizeof err->source, "%s", path);
        return NULL;
    }
    char *buf = NULL;
    size_t cap = 0, len = 0, n;
    bool room;
    /* at least 1 KiB free before each read */
    while ((room = vec_reserve(&buf, &cap, len + 1024, 1, 4096)) &&
           (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len > 1 << 20) { /* a template is a few hundred bytes */
            free(buf);
            buf = NULL;
            fail(err, MEIRO_ERROR_PARSE, "not a template: larger than 1 MiB");
            break;
        }
    }
    if (!room) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) buf[len] = 0;
    else if (!err || err->status == MEIRO_OK) fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    return buf;
}

static bool file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

static meiro_template *template_load_unlocalized(const char *name, meiro_error *err)
{
    if (err) err->source[0] = 0;
    meiro_template *t = malloc(sizeof *t);
    if (!t) {
        fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        return NULL;
    }
    template_defaults(t);
    size_t len = strlen(name);
    bool is_path = strchr(name, '/') || (len > 4 && !strcmp(name + len - 4, ".ini"));
    char path[sizeof t->path] = "";
    if (is_path) {
        snprintf(path, sizeof path, "%s", name);
    } else {
        /* the search path, then the installed folder */
        const char *env = getenv("MEIRO_TEMPLATE_PATH");
        char dirs[4096];
        snprintf(dirs, sizeof dirs, "%s:%s", env ? env : "", MEIRO_TEMPLATE_DIR);
        for (char *save = NULL, *dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
            snprintf(path, sizeof path, "%s/%s.ini", dir, name);
            if (file_exists(path)) break;
            path[0] = 0;
        }
    }
    const char *text = NULL;
    char *owned = NULL;
    if (path[0]) {
        text = owned = read_file(path, err);
        if (!text) {
            free(t);
            return NULL;
        }
        const char *slash = strrchr(path, '/');
        snprintf(t->dir, sizeof t->dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    } else {
        char file[80];
        snprintf(file, sizeof file, "%s.ini", name);
        const builtin_file *b = builtin_find(file);
        if (!b) {
            fail(err, MEIRO_ERROR_UNKNOWN_NAME,
                       "no template '%s' (see 'meiro list'; a file needs a path or .ini)", name);
            free(t);
            return NULL;
        }
        text = b->data;
        snprintf(path, sizeof path, "(built-in) %s", file);
    }
    snprintf(t->path, sizeof t->path, "%s", path);
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    len = strlen(base);
    snprintf(t->name, sizeof t->name, "%.*s", (int)(len > 4 && !strcmp(base + len - 4, ".ini") ? len - 4 : len), base);
    meiro_status s = parse_template(t, text, path, err);
    free(owned);
    if (s != MEIRO_OK) {
        free(t);
        return NULL;
    }
    return t;
}

/* Numbers read and written in the "C" locale (core/numbers.h). */
meiro_template *meiro_template_load(const char *name, meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_template *r = template_load_unlocalized(name, err);
    c_numbers_end(&n);
    return r;
}

void meiro_template_free(meiro_template *t) { free(t); }
const char *meiro_template_name(const meiro_template *t) { return t->name; }
const char *meiro_template_description(const meiro_template *t) { return t->description; }

size_t meiro_builtin_template_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < builtin_file_count; i++) n += builtin_files[i].is_template;
    return n;
}

const char *meiro_builtin_template_name(size_t index)
{
    for (size_t i = 0; i < builtin_file_count; i++)
        if (builtin_files[i].is_template && index-- == 0) return builtin_files[i].name;
    return NULL;
}

const builtin_file *builtin_find(const char *name)
{
    for (size_t i = 0; i < builtin_file_count; i++)
        if (!strcmp(builtin_files[i].file, name)) return &builtin_files[i];
    return NULL;
}
