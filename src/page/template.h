/* Page templates, meiro's words per language, and the built-in files. */
#ifndef MEIRO_SRC_PAGE_TEMPLATE_H
#define MEIRO_SRC_PAGE_TEMPLATE_H

#include "core/catalog.h"
#include "meiro.h"

/* ---- Templates ---- */

typedef enum answers_place {
    ANSWERS_NONE,
    ANSWERS_AFTER_PAGE,
    ANSWERS_KEY,
    ANSWERS_BACK
} answers_place;

/* The languages meiro has words for (labels_for): English and one per
 * catalogue in po/. */
enum { TEXT_LANGS = CATALOG_LANG_COUNT };

/* Room for the keys a template may give (template.c checks the count). */
enum { TEMPLATE_KEYS = 40 };

/* A template's texts in one language. */
typedef struct template_texts {
    char title[200], subtitle[200], fields[200];
    char start_label[32], goal_label[32];
} template_texts;

/* An [art] key: the file as written (absolute, or relative to the
 * template's folder, without '..') and its line, for messages. */
typedef struct template_art {
    char file[256];
    unsigned long line;
} template_art;

/* [page] paper: a named paper, or a size of its own (w, h in mm; 0: the
 * named one). */
typedef struct template_paper {
    meiro_paper named;
    double w, h;
} template_paper;

struct meiro_template {
    char name[64], description[200];
    char path[1024], dir[1024]; /* where it was read from; art is relative to dir */
    template_paper paper;
    meiro_orientation orientation;
    double margin;
    unsigned per_page; /* 1, 2, 4 or 6 mazes */
    double cell;       /* mm; 0 = fit */
    double line;       /* mm; 0 = a tenth of the cell */
    /* the maze `generate` makes with this template, unless told otherwise */
    uint32_t width, height; /* 0 = meiro's default */
    char algorithm[32];     /* "" = meiro's default */
    int ends;               /* a meiro_ends, or -1 = meiro's default */
    char art[16];           /* [maze] art: a pair of meiro_art_info, "none", or "" */
    int badges;             /* [maze] badges: S and G as badges 1, letters 0, -1 auto
                               (meiro_signs) */
    char font[96];
    template_texts texts;               /* as written (title = ...), in `lang` */
    template_texts in_lang[TEXT_LANGS]; /* title[ja] = ...: by lang_index */
    char lang[8];
    bool page_numbers, show_seed, cover;
    int contents; /* [booklet] contents: 1 yes, 0 no, -1 auto */
    answers_place answers;
    unsigned key_per_page; /* solved mazes per answer-key page */
    template_art art_frame, art_start, art_goal;
    /* the line that gave each key (and each title[ja]), 0 if not given:
     * some settings fail only on a page (a margin too wide for A5) */
    unsigned long key_line[TEMPLATE_KEYS], lang_line[TEMPLATE_KEYS][TEXT_LANGS];
    meiro_print print; /* [print] service; MEIRO_PRINT_NONE if not given */
};

/* err was caused by the setting [section] key: if t gave it, err's
 * message names the setting and the template's line. `text` is the text the
 * page used for a text key (to tell title[ja] from title), else NULL. */
void template_blame(const meiro_template *t, const char *section, const char *key, const char *text,
                    meiro_error *err);

/* The pair of pictures for S and G the options ask for (opt->art, else
 * the template's art =), or NULL: none asked for, or "none". A template's
 * [art] start and goal files, where given, come before its pair. */
const meiro_art_desc *art_pair(const meiro_export_options *opt);

/* The special mazes whose page says, in one line each, what their signs
 * mean (page_maze_rules): keys and doors, items in order, one-way arrows,
 * floors and stairs, passages over and under. */
typedef enum page_rule {
    PAGE_RULE_KEYS,
    PAGE_RULE_COLLECT,
    PAGE_RULE_ONE_WAY,
    PAGE_RULE_FLOORS,
    PAGE_RULE_WEAVE,
    PAGE_RULE_COUNT
} page_rule;

/* meiro's own words in one language. */
typedef struct page_labels {
    const char *lang;
    const char *name;      /* the language's name in itself */
    const char *direction; /* "ltr", or "rtl" for a language written right to left */
    const char *font;      /* the fonts its script needs, or "default" (page_font) */
    const char *default_title, *answers, *maze_no, *answer_to, *page_no, *answers_at_back, *fields,
        *maze_count;
    const char *maze_tab, *answer_tab;  /* a workbook's sheet names */
    const char *notes, *remake;         /* a folded booklet's padding pages and back cover */
    const char *contents, *levels[4];   /* a booklet's table of contents; meiro_level names */
    const char *version;                /* a class set's copy: "Version %s" */
    const char *rules[PAGE_RULE_COUNT]; /* the special mazes' rule lines */
    const char *digits; /* the ten digits of its pages' numbers, 0 to 9 (labels_digits) */
} page_labels;

const page_labels *labels_for(const char *lang); /* English if unknown */
/* text (a word with its number filled in: maze_no, page_no) with its
 * digits written as labels' language writes a page's numbers (Arabic's
 * ٠١٢...: po/GLOSSARY.md), in place (size bytes with the NUL). A seed and
 * a command are no such number: they stay as typed. */
void labels_digits(const page_labels *labels, char *text, size_t size);
/* The fonts of a page in labels' language: the language's own where its
 * script needs them (Chinese, Korean, Arabic), else the template's, else
 * fallback (meiro's own). */
const char *page_font(const meiro_template *t, const page_labels *labels, const char *fallback);
bool lang_known(const char *lang);
int lang_index(const char *lang); /* 0 .. TEXT_LANGS - 1, or -1 */

/* Files built into the library (tools/embed.sh): templates and artwork. */
typedef struct builtin_file {
    const char *file; /* relative to templates/: "kids-a4.ini", "art/x.svg" */
    const char *name; /* template name, or NULL */
    bool is_template;
    const char *data;
    size_t size;
} builtin_file;

extern const builtin_file builtin_files[];
extern const size_t builtin_file_count;
const builtin_file *builtin_find(const char *file);

#endif /* MEIRO_SRC_PAGE_TEMPLATE_H */
