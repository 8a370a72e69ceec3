/* Page templates: small INI files (read with libinih) naming the paper,
 * mazes per page, cell size, texts, footer, where answers go and optional
 * SVG artwork. Looked up as a path, then on $MEIRO_TEMPLATE_PATH, then in
 * the installed folder, then among the copies compiled into the library. */
#define _POSIX_C_SOURCE 200809L
#include "core/alloc.h"
#include "core/numbers.h"
#include "core/error.h"
#include "core/names.h"
#include "core/utf8.h"
#include "core/words.h"
#include "gen/gen.h"
#include "page/template.h"

#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifndef MEIRO_TEMPLATE_DIR
#define MEIRO_TEMPLATE_DIR "/usr/local/share/meiro/templates"
#endif

/* The words meiro itself prints: English here, every other language from
 * its catalogue (po/, core/words.h). */
static const page_labels labels_table[] = {
    {.lang = "en",
     /* TRANSLATORS: the language's name in itself (Español, 日本語), for the
        choice of languages */
     .name = WORD("page.name", "English"),
     /* TRANSLATORS: "rtl" for a language written right to left, else "ltr" */
     .direction = WORD("page.direction", "ltr"),
     /* TRANSLATORS: the fonts the language's script needs, as fontconfig
        names them, in order ("DejaVu Sans, Noto Sans CJK SC"); "default"
        for the fonts of the template or meiro's own (Latin, kana, kanji) */
     .font = WORD("page.font", "default"),
     /* TRANSLATORS: a maze page's title when the teacher gives none */
     .default_title = WORD("page.default_title", "Mazes"),
     .answers = WORD("page.answers", "Answers"),
     /* TRANSLATORS: a maze's number on its page, %u the number */
     .maze_no = WORD("page.maze_no", "No. %u"),
     .answer_to = WORD("page.answer_to", "Answer to No. %u"),
     .page_no = WORD("page.page_no", "Page %u"),
     .answers_at_back = WORD("page.answers_at_back", "answers at the back"),
     /* TRANSLATORS: the line where a child writes name and date: keep the
        blanks, about as long */
     .fields = WORD("page.fields", "Name ______________    Date __________"),
     /* TRANSLATORS: how many mazes a booklet has, %u the number */
     .maze_count = WORD("page.maze_count", "%u mazes"),
     /* TRANSLATORS: a workbook's sheet names: short, no : \ / ? * [ ] */
     .maze_tab = WORD("page.maze_tab", "Maze"),
     .answer_tab = WORD("page.answer_tab", "Answer"),
     /* TRANSLATORS: a folded booklet's empty pages */
     .notes = WORD("page.notes", "Notes"),
     /* TRANSLATORS: on a booklet's back cover, before the command that makes it */
     .remake = WORD("page.remake", "To make this booklet again:"),
     .contents = WORD("page.contents", "Contents"),
     /* TRANSLATORS: the four levels of a booklet's mazes */
     .levels[0] = WORD("page.levels[0]", "Easy"),
     .levels[1] = WORD("page.levels[1]", "Normal"),
     .levels[2] = WORD("page.levels[2]", "Hard"),
     .levels[3] = WORD("page.levels[3]", "Expert"),
     /* TRANSLATORS: a class set's copy, %s its letter or number */
     .version = WORD("page.version", "Version %s"),
     /* TRANSLATORS: the rule of a maze with keys and doors of one colour each */
     .rules[PAGE_RULE_KEYS] = WORD("page.rules[PAGE_RULE_KEYS]",
                                   "Pick up each key before you pass its door: they have the "
                                   "same colour."),
     .rules[PAGE_RULE_COLLECT] = WORD("page.rules[PAGE_RULE_COLLECT]",
                                      "Pick up the numbers in order, 1, 2, 3 …, then go to G."),
     .rules[PAGE_RULE_ONE_WAY] = WORD("page.rules[PAGE_RULE_ONE_WAY]",
                                      "Follow the arrows: a passage with an arrow goes one way "
                                      "only."),
     /* TRANSLATORS: ▲ and ▼ are drawn on the maze: keep them */
     .rules[PAGE_RULE_FLOORS] = WORD("page.rules[PAGE_RULE_FLOORS]",
                                     "▲ and ▼ are stairs: they join the floors where they have "
                                     "the same number."),
     .rules[PAGE_RULE_WEAVE] = WORD("page.rules[PAGE_RULE_WEAVE]",
                                    "Paths go over and under each other: at a crossing, go "
                                    "straight on."),
     /* TRANSLATORS: the digits of a page's numbers (its page number, "No.
        3"), 0 to 9 in order, as the language's school books print them:
        0123456789 unless they use others (Arabic-Indic ٠١٢٣٤٥٦٧٨٩) */
     .digits = WORD("page.digits", "0123456789")},
    CATALOG_page};

const char *page_font(const meiro_template *t, const page_labels *labels, const char *fallback)
{
    if (strcmp(labels->font, "default") != 0) return labels->font;
    return t && t->font[0] ? t->font : fallback;
}

const page_labels *labels_for(const char *lang)
{
    for (size_t i = 0; i < sizeof labels_table / sizeof labels_table[0]; i++)
        if (lang && strcasecmp(lang, labels_table[i].lang) == 0) return &labels_table[i];
    return &labels_table[0];
}

void labels_digits(const page_labels *labels, char *text, size_t size)
{
    /* each digit's UTF-8 in labels->digits; ASCII's unless it has ten */
    const char *at[10], *p = labels->digits;
    size_t len[10], n = 0;
    for (; *p && n < 10; n++) {
        at[n] = p;
        do p++;
        while (((unsigned char)*p & 0xC0) == 0x80);
        len[n] = (size_t)(p - at[n]);
    }
    if (!size || n < 10 || *p || !strcmp(labels->digits, "0123456789")) return;
    char ascii[256];
    snprintf(ascii, sizeof ascii, "%s", text);
    size_t used = 0;
    for (const char *c = ascii; *c; c++) {
        bool digit = *c >= '0' && *c <= '9';
        const char *from = digit ? at[*c - '0'] : c;
        size_t l = digit ? len[*c - '0'] : 1;
        if (used + l >= size) break;
        memcpy(text + used, from, l);
        used += l;
    }
    text[used] = 0;
}

bool meiro_lang_known(const char *lang) { return lang && lang_known(lang); }

int lang_index(const char *lang)
{
    for (size_t i = 0; i < sizeof labels_table / sizeof labels_table[0]; i++)
        if (lang && strcasecmp(lang, labels_table[i].lang) == 0) return (int)i;
    return -1;
}

bool lang_known(const char *lang)
{
    for (size_t i = 0; i < sizeof labels_table / sizeof labels_table[0]; i++)
        if (strcasecmp(lang, labels_table[i].lang) == 0) return true;
    return false;
}

static void template_defaults(meiro_template *t)
{
    memset(t, 0, sizeof *t);
    t->paper.named = MEIRO_PAPER_A4;
    t->orientation = MEIRO_ORIENT_AUTO;
    t->margin = MEIRO_DEFAULT_MARGIN_MM;
    t->per_page = 1;
    snprintf(t->texts.start_label, sizeof t->texts.start_label, "S");
    snprintf(t->texts.goal_label, sizeof t->texts.goal_label, "G");
    snprintf(t->lang, sizeof t->lang, "en");
    t->show_seed = true;
    t->contents = -1;
    t->badges = -1;
    t->answers = ANSWERS_NONE;
    t->key_per_page = 6;
    t->ends = -1;
}

void meiro_generate_options_from_template(meiro_generate_options *opt, const meiro_template *tpl)
{
    meiro_generate_options_init(opt);
    if (!tpl) return;
    if (tpl->width) opt->width = tpl->width;
    if (tpl->height) opt->height = tpl->height;
    if (tpl->algorithm[0]) opt->algorithm = tpl->algorithm;
    if (tpl->ends >= 0) opt->ends = (meiro_ends)tpl->ends;
}

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

/* How a key's value is read. */
typedef enum key_kind {
    KEY_TEXT,        /* copied into a char array of `size` bytes */
    KEY_LABEL,       /* the same, but not empty */
    KEY_LANG,        /* the same, but a language meiro knows */
    KEY_LENGTH,      /* millimetres in (lo, hi], or `word` for 0 */
    KEY_COUNT,       /* one digit out of the `allowed` set (bit n: n is allowed) */
    KEY_BOOL,        /* yes/no, true/false, 1/0, on/off */
    KEY_AUTO_BOOL,   /* the same, or auto (-1) */
    KEY_PAPER,       /* a paper's name or size (meiro_paper_parse) */
    KEY_ORIENTATION, /* auto, portrait or landscape */
    KEY_ANSWERS,     /* where answers go: none, after-page or key */
    KEY_ART,         /* an artwork file (template_art): no '..' in it */
    KEY_SIDE,        /* cells along a side: 1 to MEIRO_MAX_SIDE */
    KEY_GENERATOR,   /* a generator's name or alias */
    KEY_ENDS,        /* where S and G go: corners, farthest or border */
    KEY_PAIR,        /* a pair of pictures for S and G (meiro_art_info), or none */
    KEY_PRINT,       /* a print service: kdp, ingram, lulu or home */
} key_kind;

typedef struct key_spec {
    const char *section, *key;
    key_kind kind;
    size_t offset, size; /* the field in meiro_template, and its size */
    const char *word;    /* KEY_LENGTH: the word meaning 0 ("fit", "auto"), or NULL */
    double lo, hi;       /* KEY_LENGTH: the range, lo excluded */
    unsigned allowed;    /* KEY_COUNT: bit n set if n is allowed */
    /* the complaint, a printf format given the value, but for the text
     * kinds (TEXT, LABEL) the longest length (a size_t) */
    const char *message;
} key_spec;

#define FIELD(f) offsetof(meiro_template, f), sizeof(((meiro_template *)0)->f)
#define BIT(n) (1u << (n))

static const key_spec keys[] = {
    {"template", "description", KEY_TEXT, FIELD(description), .message = "description is too long"},
    {"page", "paper", KEY_PAPER, FIELD(paper),
     .message =
         "paper is a name (a4, a3, a5, a6, b4, b5, letter, legal) or a size of 50 to 1000 mm a side "
         "(210x210mm, 6x9in), not '%s'"},
    {"page", "orientation", KEY_ORIENTATION, FIELD(orientation),
     .message = "orientation is auto, portrait or landscape, not '%s'"},
    {"page", "margin", KEY_LENGTH, FIELD(margin), .word = NULL, .lo = -0.001, .hi = 60,
     .message = "margin is 0 to 60 mm, not '%s'"},
    {"page", "mazes", KEY_COUNT, FIELD(per_page), .allowed = BIT(1) | BIT(2) | BIT(4) | BIT(6),
     .message = "mazes per page is 1, 2, 4 or 6, not '%s'"},
    {"maze", "cell", KEY_LENGTH, FIELD(cell), .word = "fit", .lo = 0, .hi = 100,
     .message = "cell is 'fit' or 0.1 to 100 mm, not '%s'"},
    {"maze", "line", KEY_LENGTH, FIELD(line), .word = "auto", .lo = 0, .hi = 5,
     .message = "line is 'auto' or up to 5 mm, not '%s'"},
    {"maze", "width", KEY_SIDE, FIELD(width), .message = "width is 1 to 65535 cells, not '%s'"},
    {"maze", "height", KEY_SIDE, FIELD(height), .message = "height is 1 to 65535 cells, not '%s'"},
    {"maze", "algorithm", KEY_GENERATOR, FIELD(algorithm),
     .message = "unknown generator '%s' (see 'meiro list')"},
    {"maze", "ends", KEY_ENDS, FIELD(ends),
     .message = "ends is corners, farthest or border, not '%s'"},
    {"maze", "start", KEY_LABEL, FIELD(texts.start_label),
     .message = "start label must be 1 to 31 bytes"},
    {"maze", "goal", KEY_LABEL, FIELD(texts.goal_label),
     .message = "goal label must be 1 to 31 bytes"},
    {"maze", "art", KEY_PAIR, FIELD(art), .message = "%s"},
    {"maze", "badges", KEY_AUTO_BOOL, FIELD(badges),
     .message = "badges is auto, yes or no, not '%s'"},
    {"text", "font", KEY_TEXT, FIELD(font), .message = "font name is too long"},
    {"text", "title", KEY_TEXT, FIELD(texts.title),
     .message = "title is too long (at most %zu bytes)"},
    {"text", "subtitle", KEY_TEXT, FIELD(texts.subtitle),
     .message = "subtitle is too long (at most %zu bytes)"},
    {"text", "fields", KEY_TEXT, FIELD(texts.fields),
     .message = "fields is too long (at most %zu bytes)"},
    {"text", "lang", KEY_LANG, FIELD(lang), .message = "unknown language '%s' (" CATALOG_LANGS ")"},
    {"footer", "page-numbers", KEY_BOOL, FIELD(page_numbers),
     .message = "page-numbers is yes or no, not '%s'"},
    {"footer", "seed", KEY_BOOL, FIELD(show_seed), .message = "seed is yes or no, not '%s'"},
    {"answers", "place", KEY_ANSWERS, FIELD(answers),
     .message = "answers go 'none', 'after-page', 'key' or 'back', not '%s'"},
    {"answers", "per-page", KEY_COUNT, FIELD(key_per_page),
     .allowed = BIT(1) | BIT(2) | BIT(4) | BIT(6) | BIT(9),
     .message = "answers per page is 1, 2, 4, 6 or 9, not '%s'"},
    {"booklet", "cover", KEY_BOOL, FIELD(cover), .message = "cover is yes or no, not '%s'"},
    {"booklet", "contents", KEY_AUTO_BOOL, FIELD(contents),
     .message = "contents is auto, yes or no, not '%s'"},
    {"art", "frame", KEY_ART, FIELD(art_frame), .message = "art path is too long"},
    {"art", "start", KEY_ART, FIELD(art_start), .message = "art path is too long"},
    {"art", "goal", KEY_ART, FIELD(art_goal), .message = "art path is too long"},
    {"print", "service", KEY_PRINT, FIELD(print),
     .message = "print service is kdp, ingram, lulu or home, not '%s'"},
};

enum { KEY_COUNT_ALL = sizeof keys / sizeof keys[0] };
_Static_assert((int)KEY_COUNT_ALL <= (int)TEMPLATE_KEYS,
               "meiro_template's key_line has no room for every key");

/* What the reader and the handler know while libinih reads a template. */
typedef struct parse_state {
    meiro_template *t;
    const char *next, *end;                    /* the text not yet handed to libinih */
    unsigned long line;                        /* the line libinih is at (the reader counts) */
    bool indented;                             /* that line starts with a blank */
    unsigned long section_line[KEY_COUNT_ALL]; /* where each section began,
                                                  at its first key's entry */
    char message[200];
    unsigned long error_line, error_column; /* of the first problem */
} parse_state;

#undef FIELD
#undef BIT

/* One of a few words, without regard to case. */
typedef struct named_value {
    const char *name;
    int value;
} named_value;

static const named_value orientations[] = {
    {"auto", MEIRO_ORIENT_AUTO},
    {"portrait", MEIRO_ORIENT_PORTRAIT},
    {"landscape", MEIRO_ORIENT_LANDSCAPE},
    {NULL, 0},
};

static const named_value answer_places[] = {
    {"none", ANSWERS_NONE},
    {"after-page", ANSWERS_AFTER_PAGE},
    {"key", ANSWERS_KEY},
    {"back", ANSWERS_BACK},
    {NULL, 0},
};

static bool parse_named(const char *v, const named_value *names, int *out)
{
    for (; names->name; names++)
        if (!strcasecmp(v, names->name)) return *out = names->value, true;
    return false;
}

/* "1" to "9", if its bit is in `allowed`. */
static bool parse_count(const char *v, unsigned allowed, unsigned *out)
{
    if (v[0] < '0' || v[0] > '9' || v[1] || !(allowed & (1u << (v[0] - '0')))) return false;
    return *out = (unsigned)(v[0] - '0'), true;
}

/* A relative art path may not climb out of the template's folder. */
static bool climbs_out(const char *path)
{
    if (path[0] == '/') return false;
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.') return true;
        p += n;
        p += *p == '/';
    }
    return false;
}

/* Reads v (given on `line`) into the field of t that e names; false (t
 * unchanged) if v is not a value for it. */
static bool set_key(meiro_template *t, const key_spec *e, size_t shift, const char *v,
                    unsigned long line)
{
    void *field = (char *)t + e->offset + shift;
    int named;
    switch (e->kind) {
    case KEY_TEXT: return copy_text(field, e->size, v);
    case KEY_LABEL: return v[0] && copy_text(field, e->size, v);
    case KEY_LANG: return lang_known(v) && copy_text(field, e->size, v);
    case KEY_LENGTH: return parse_length(v, e->word, e->lo, e->hi, field);
    case KEY_COUNT: return parse_count(v, e->allowed, field);
    case KEY_BOOL: return parse_bool(v, field);
    case KEY_AUTO_BOOL: {
        bool yes;
        if (!strcasecmp(v, "auto")) return *(int *)field = -1, true;
        if (!parse_bool(v, &yes)) return false;
        return *(int *)field = yes, true;
    }
    case KEY_PAPER: {
        template_paper *p = field;
        return meiro_paper_parse(v, &p->named, &p->w, &p->h, NULL) == MEIRO_OK;
    }
    case KEY_ORIENTATION:
        if (!parse_named(v, orientations, &named)) return false;
        *(meiro_orientation *)field = (meiro_orientation)named;
        return true;
    case KEY_PRINT: return meiro_print_from_name(v, (meiro_print *)field, NULL) == MEIRO_OK;
    case KEY_ANSWERS:
        if (!parse_named(v, answer_places, &named)) return false;
        *(answers_place *)field = (answers_place)named;
        return true;
    case KEY_SIDE: {
        char *end;
        errno = 0;
        unsigned long n = strtoul(v, &end, 10);
        if (errno || end == v || *end || v[0] == '-' || n < 1 || n > MEIRO_MAX_SIDE) return false;
        *(uint32_t *)field = (uint32_t)n;
        return true;
    }
    case KEY_GENERATOR: {
        const generator_entry *gen = generator_find(v);
        return gen && copy_text(field, e->size, gen->info.name);
    }
    case KEY_ENDS: {
        meiro_ends ends;
        if (meiro_ends_from_name(v, &ends, NULL) != MEIRO_OK) return false;
        *(int *)field = (int)ends;
        return true;
    }
    case KEY_PAIR:
        return (!strcasecmp(v, "none") || meiro_art_from_name(v, NULL, NULL) == MEIRO_OK) &&
               copy_text(field, e->size, v);
    case KEY_ART: {
        template_art *a = field;
        a->line = line;
        return copy_text(a->file, sizeof a->file, v);
    }
    }
    return false;
}

/* Notes the first problem, at the line libinih is at (column 0: the
 * whole line). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
complain(parse_state *st, unsigned long column, const char *fmt, ...)
{
    if (st->message[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->message, sizeof st->message, fmt, ap);
    va_end(ap);
    st->error_line = st->line;
    st->error_column = column;
}

static int handle(void *user, const char *section, const char *key, const char *v)
{
    parse_state *st = user;
    if (st->message[0]) return 1; /* report the first problem only */
    if (!section[0]) {
        complain(st, 0, "'%s' comes before any [section]", key);
        return 0;
    }
    /* title[ja] = ...: a text in another language */
    size_t name_len = strlen(key), shift = 0;
    const char *bracket = strchr(key, '[');
    int lang = -1;
    if (bracket && key[name_len - 1] == ']') {
        char code[8];
        snprintf(code, sizeof code, "%.*s", (int)(key + name_len - 1 - bracket - 1), bracket + 1);
        lang = lang_index(code);
        if (lang < 0) {
            complain(st, 0, "unknown language '%s' in %s (" CATALOG_LANGS ")", code, key);
            return 0;
        }
        name_len = (size_t)(bracket - key);
        shift = offsetof(meiro_template, in_lang) + (size_t)lang * sizeof(template_texts) -
                offsetof(meiro_template, texts);
    }
    for (size_t i = 0; i < KEY_COUNT_ALL; i++) {
        const key_spec *e = &keys[i];
        if (strcmp(section, e->section) || strlen(e->key) != name_len ||
            strncmp(key, e->key, name_len))
            continue;
        bool a_text = e->offset >= offsetof(meiro_template, texts) &&
                      e->offset < offsetof(meiro_template, texts) + sizeof(template_texts);
        if (lang >= 0 && !a_text) {
            complain(st, 0, "%s has no languages: only title, subtitle, fields, start and goal do",
                     e->key);
            return 0;
        }
        unsigned long *seen = lang >= 0 ? &st->t->lang_line[i][lang] : &st->t->key_line[i];
        if (*seen) {
            complain(st, 0, "%s is given twice (first on line %lu)%s", key, *seen,
                     st->indented ? "; a line starting with a blank continues the key above it"
                                  : "");
            return 0;
        }
        *seen = st->line;
        if (e->kind == KEY_ART && climbs_out(v)) {
            complain(st, 0,
                     "art path '%s' leaves the template's folder: name a file in it or "
                     "below, a built-in one (art/...), or an absolute path",
                     v);
            return 0;
        }
        if (set_key(st->t, e, shift, v, st->line)) return 1;
        meiro_error unknown;
        if (e->kind == KEY_PAIR && meiro_art_from_name(v, NULL, &unknown) != MEIRO_OK)
            complain(st, 0, "%s", unknown.message);
        else if (e->kind == KEY_TEXT || e->kind == KEY_LABEL || e->kind == KEY_ART)
            complain(st, 0, e->message, e->size - 1);
        else complain(st, 0, e->message, v);
        return 0;
    }
    complain(st, 0, N_("unknown key '%s' in [%s]"), key, section);
    return 0;
}

/* The keys-table entry that stands for a section (its first key), or -1. */
static int section_index(const char *name, size_t len)
{
    for (size_t i = 0; i < KEY_COUNT_ALL; i++)
        if (strlen(keys[i].section) == len && !strncmp(name, keys[i].section, len)) return (int)i;
    return -1;
}

/* A [section] line names a known section not given before (libinih itself
 * would merge the two quietly). */
static void check_section(parse_state *st, const char *line, size_t len)
{
    size_t at = 0;
    while (at < len && (line[at] == ' ' || line[at] == '\t')) at++;
    if (at == len || line[at] != '[') return;
    const char *name = line + at + 1, *close = memchr(name, ']', len - at - 1);
    if (!close) return; /* libinih complains */
    int n = (int)(close - name), k = section_index(name, (size_t)n);
    if (k < 0)
        complain(
            st, 0,
            "unknown section [%.*s] (template, page, maze, text, footer, answers, booklet, art)",
            n > 60 ? 60 : n, name);
    else if (st->section_line[k])
        complain(st, 0, "section [%.*s] is given twice (first on line %lu)", n, name,
                 st->section_line[k]);
    else st->section_line[k] = st->line;
}

/* libinih's reader (like fgets): hands over one line at a time, but only
 * after checking it, since libinih itself would split a line longer than
 * its buffer (the rest read as a line of its own: a long title could set
 * another key), end a line at a NUL byte, and pass any bytes through. A
 * problem ends the text there. */
static char *read_line(char *buf, int size, void *user)
{
    parse_state *st = user;
    if (st->message[0] || st->next >= st->end) return NULL;
    const char *line = st->next, *nl = memchr(line, '\n', (size_t)(st->end - line));
    size_t len = (size_t)((nl ? nl : st->end) - line);
    st->next += len + (nl != NULL);
    st->line++;
    st->indented = len && (line[0] == ' ' || line[0] == '\t');
    const char *nul = memchr(line, 0, len);
    size_t bad = text_check(line, len, true);
    if (nul && line + bad == nul) complain(st, bad + 1, "a NUL byte in the line");
    else if (bad < len && bad == utf8_check(line, len)) complain(st, bad + 1, "not UTF-8 text");
    else if (bad < len) complain(st, bad + 1, "a control character in the line");
    else if (len > (size_t)size - 1)
        complain(st, (unsigned long)size, "the line is longer than %d bytes", size - 1);
    else check_section(st, line, len);
    if (st->message[0]) return NULL;
    memcpy(buf, line, len);
    buf[len] = 0;
    return buf;
}

/* Parses INI text (from a file or a built-in copy) of len bytes. */
static meiro_status parse_template(meiro_template *t, const char *text, size_t len,
                                   const char *source, meiro_error *err)
{
    parse_state st = {.t = t, .next = text, .end = text + len};
    int line = ini_parse_stream(read_line, &st, handle, &st);
    if (line < 0) return fail(err, MEIRO_ERROR_NOMEM, "out of memory reading the template");
    /* the first problem: ours, or a line libinih could not read before it */
    if (line > 0 && (!st.message[0] || (unsigned long)line < st.error_line))
        fail_at(err, MEIRO_ERROR_PARSE, (unsigned long)line, 0, "%s",
                "not an INI line (expected [section] or key = value)");
    else if (st.message[0])
        fail_at(err, MEIRO_ERROR_PARSE, st.error_line, st.error_column, "%s", st.message);
    else return MEIRO_OK;
    if (err) snprintf(err->source, sizeof err->source, "%s", source);
    return MEIRO_ERROR_PARSE;
}

/* The whole file, NUL-terminated, its length in *size; NULL on failure. */
static char *read_file(const char *path, size_t *size, meiro_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, MEIRO_ERROR_IO, "cannot open the template: %s", strerror(errno));
        if (err) snprintf(err->source, sizeof err->source, "%s", path);
        return NULL;
    }
    char *buf = NULL;
    size_t cap = 0, len = 0, n = 0;
    bool room;
    /* at least 1 KiB free before each read; a template is a few hundred
     * bytes, so more than 1 MiB is something else */
    while ((room = vec_reserve(&buf, &cap, len + 1024, 1, 4096)) && len <= 1 << 20 &&
           (n = fread(buf + len, 1, cap - len - 1, f)) > 0)
        len += n;
    meiro_status s = MEIRO_OK;
    if (!room) s = fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    else if (ferror(f))
        s = fail(err, MEIRO_ERROR_IO, "cannot read the template: %s", strerror(errno));
    else if (len > 1 << 20) s = fail(err, MEIRO_ERROR_PARSE, "not a template: larger than 1 MiB");
    fclose(f);
    if (s != MEIRO_OK) {
        if (err) snprintf(err->source, sizeof err->source, "%s", path);
        free(buf);
        return NULL;
    }
    buf[len] = 0;
    *size = len;
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
    meiro_template *t = alloc_array(1, sizeof *t);
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
        for (char *save = NULL, *dir = strtok_r(dirs, ":", &save); dir;
             dir = strtok_r(NULL, ":", &save)) {
            snprintf(path, sizeof path, "%s/%s.ini", dir, name);
            if (file_exists(path)) break;
            path[0] = 0;
        }
    }
    const char *text = NULL;
    char *owned = NULL;
    size_t size = 0;
    if (path[0]) {
        text = owned = read_file(path, &size, err);
        if (!text) {
            free(t);
            return NULL;
        }
        const char *slash = strrchr(path, '/');
        snprintf(t->dir, sizeof t->dir, "%.*s", slash ? (int)(slash - path) : 1,
                 slash ? path : ".");
    } else {
        char file[80];
        snprintf(file, sizeof file, "%s.ini", name);
        const builtin_file *b = builtin_find(file);
        if (!b) {
            char names[512] = "", hint[96];
            for (size_t i = 0, n = 0; i < meiro_builtin_template_count() && n < sizeof names; i++)
                n += (size_t)snprintf(names + n, sizeof names - n, "%s ",
                                      meiro_builtin_template_name(i));
            fail_field(err, MEIRO_FIELD_TEMPLATE, MEIRO_ERROR_UNKNOWN_NAME,
                       N_("no template '%s' (see 'meiro list'; a file needs a path or .ini)%s"),
                       name, name_hint(name, names, hint, sizeof hint));
            free(t);
            return NULL;
        }
        text = b->data;
        size = b->size;
        snprintf(path, sizeof path, "(built-in) %s", b->file);
        name = b->name ? b->name : name; /* as it is spelt */
    }
    snprintf(t->path, sizeof t->path, "%s", path);
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    len = strlen(base);
    snprintf(t->name, sizeof t->name, "%.*s",
             (int)(len > 4 && !strcmp(base + len - 4, ".ini") ? len - 4 : len), base);
    meiro_status s = parse_template(t, text, size, path, err);
    free(owned);
    if (s != MEIRO_OK) {
        free(t);
        return NULL;
    }
    return t;
}

/* Numbers read and written in the "C" locale (core/numbers.h). */
/* Built-in names for a template in another of its languages: kids-ja is
 * kids-a4 with its Japanese texts. */
static const struct {
    const char *name, *of, *lang, *description;
} aliases[] = {
    {"kids-ja", "kids-a4", "ja", "子ども向けの大きなめいろ (kids-a4 in Japanese)"},
};
enum { ALIAS_COUNT = sizeof aliases / sizeof aliases[0] };

static meiro_template *load_or_alias(const char *name, meiro_error *err)
{
    for (size_t i = 0; i < ALIAS_COUNT; i++) {
        if (strcasecmp(name, aliases[i].name) != 0) continue;
        meiro_template *t = template_load_unlocalized(aliases[i].of, err);
        if (t) {
            snprintf(t->name, sizeof t->name, "%s", aliases[i].name);
            snprintf(t->lang, sizeof t->lang, "%s", aliases[i].lang);
            snprintf(t->description, sizeof t->description, "%s", aliases[i].description);
        }
        return t;
    }
    return template_load_unlocalized(name, err);
}

meiro_template *meiro_template_load(const char *name, meiro_error *err)
{
    c_numbers n;
    c_numbers_begin(&n);
    meiro_template *r = load_or_alias(name, err);
    c_numbers_end(&n);
    return r;
}

void meiro_template_free(meiro_template *t) { free(t); }
const char *meiro_template_name(const meiro_template *t) { return t->name; }
const char *meiro_template_description(const meiro_template *t) { return t->description; }
const char *meiro_template_lang(const meiro_template *t) { return t->lang; }

void template_blame(const meiro_template *t, const char *section, const char *key, const char *text,
                    meiro_error *err)
{
    if (!t || !err) return;
    for (size_t i = 0; i < KEY_COUNT_ALL; i++) {
        if (strcmp(keys[i].section, section) || strcmp(keys[i].key, key)) continue;
        /* a text counts only if the page took it from the template (not
         * from --title); which language's copy tells the line */
        const char *whole = (const char *)t;
        if (text && !(text >= whole && text < whole + sizeof *t)) return;
        unsigned long line = t->key_line[i];
        const char *lang = "";
        for (int li = 0; li < TEXT_LANGS; li++) {
            const char *own = (const char *)&t->in_lang[li];
            if (text && text >= own && text < own + sizeof t->in_lang[li]) {
                line = t->lang_line[i][li];
                lang = labels_table[li].lang;
            }
        }
        if (!line) return; /* meiro's default, not the template's */
        size_t n = strlen(err->message);
        snprintf(err->message + n, sizeof err->message - n,
                 "; set by %s%s%s%s in [%s] on line %lu of template '%s'", key, lang[0] ? "[" : "",
                 lang, lang[0] ? "]" : "", section, line, t->name);
        return;
    }
}

size_t meiro_builtin_template_count(void)
{
    size_t n = ALIAS_COUNT;
    for (size_t i = 0; i < builtin_file_count; i++) n += builtin_files[i].is_template;
    return n;
}

const char *meiro_builtin_template_name(size_t index)
{
    for (size_t i = 0; i < builtin_file_count; i++)
        if (builtin_files[i].is_template && index-- == 0) return builtin_files[i].name;
    return index < ALIAS_COUNT ? aliases[index].name : NULL;
}

const builtin_file *builtin_find(const char *name)
{
    for (size_t i = 0; i < builtin_file_count; i++) /* -t Kids-A4 is kids-a4 */
        if (!strcasecmp(builtin_files[i].file, name)) return &builtin_files[i];
    return NULL;
}
