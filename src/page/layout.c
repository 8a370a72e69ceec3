/* Page layout: turns (maze size, paper, options) into geometry in
 * millimetres, origin at the top-left corner of the page. Pure arithmetic,
 * shared by every printable format. */
#include "core/error.h"
#include "core/grid.h"
#include "core/names.h"
#include "core/utf8.h"
#include "gen/gen.h"
#include "page/layout.h"
#include "core/levels.h"
#include "page/print.h"
#include "page/template.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const struct {
    const char *name;
    double w, h;
} papers[MEIRO_PAPER_COUNT] = {
    [MEIRO_PAPER_A4] = {"a4", 210.0, 297.0},         [MEIRO_PAPER_A3] = {"a3", 297.0, 420.0},
    [MEIRO_PAPER_A5] = {"a5", 148.0, 210.0},         [MEIRO_PAPER_B5] = {"b5", 182.0, 257.0},
    [MEIRO_PAPER_LETTER] = {"letter", 215.9, 279.4}, [MEIRO_PAPER_LEGAL] = {"legal", 215.9, 355.6},
    [MEIRO_PAPER_B4] = {"b4", 257.0, 364.0},         [MEIRO_PAPER_A6] = {"a6", 105.0, 148.0},
};

#define PAPER_NAMES "a4, a3, a5, a6, b4, b5, letter or legal"

/* The trims print-on-demand services and Japanese publishers print most. */
static const meiro_trim_desc trims[] = {
    {"5x8in", "small paperback"},
    {"5.5x8.5in", "digest, half letter"},
    {"6x9in", "US trade paperback"},
    {"8x10in", "children's and workbooks"},
    {"8.5x11in", "US letter workbook"},
    {"148x210mm", "A5"},
    {"128x182mm", "JIS B6, Japanese paperbacks"},
    {"182x257mm", "JIS B5, Japanese school workbooks"},
    {"210x210mm", "square picture book"},
};

size_t meiro_trim_count(void) { return sizeof trims / sizeof trims[0]; }

const meiro_trim_desc *meiro_trim_info(size_t index)
{
    return index < meiro_trim_count() ? &trims[index] : NULL;
}

const char *meiro_paper_name(meiro_paper paper, double *width_mm, double *height_mm)
{
    if ((unsigned)paper >= MEIRO_PAPER_COUNT) return NULL;
    if (width_mm) *width_mm = papers[paper].w;
    if (height_mm) *height_mm = papers[paper].h;
    return papers[paper].name;
}

meiro_status meiro_paper_from_name(const char *name, meiro_paper *paper, meiro_error *err)
{
    for (unsigned p = 0; p < MEIRO_PAPER_COUNT; p++) {
        if (strcasecmp(name, papers[p].name) == 0) {
            *paper = (meiro_paper)p;
            return MEIRO_OK;
        }
    }
    char hint[64];
    return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_UNKNOWN_NAME,
                      N_("unknown paper '%s' (%s)%s"), name, PAPER_NAMES,
                      name_hint(name, "a4 a3 a5 a6 b4 b5 letter legal", hint, sizeof hint));
}

/* Digits with an optional fraction ("6", "8.5", ".5"), read by hand: no
 * sign, exponent, "inf" or locale's decimal comma. */
static bool read_number(const char **s, double *v)
{
    const char *p = *s;
    double n = 0, scale = 1;
    bool digits = false;
    for (; *p >= '0' && *p <= '9'; p++) n = n * 10 + (*p - '0'), digits = true;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++) scale /= 10, n += (*p - '0') * scale, digits = true;
    if (!digits || p - *s > 12) return false;
    *s = p;
    *v = n;
    return true;
}

static bool size_in_range(double mm)
{
    return mm >= MEIRO_PAPER_MIN_MM && mm <= MEIRO_PAPER_MAX_MM;
}

meiro_status meiro_paper_parse(const char *text, meiro_paper *paper, double *width_mm,
                               double *height_mm, meiro_error *err)
{
    if (meiro_paper_from_name(text, paper, NULL) == MEIRO_OK) {
        *width_mm = *height_mm = 0;
        return MEIRO_OK;
    }
    const char *p = text;
    double w, h, unit = 1;
    bool ok = read_number(&p, &w) && (*p == 'x' || *p == 'X') && (p++, read_number(&p, &h));
    if (ok && strcasecmp(p, "in") == 0) unit = 25.4;
    else if (ok && *p && strcasecmp(p, "mm") != 0) ok = false;
    char hint[64];
    if (!ok)
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_UNKNOWN_NAME,
                          N_("unknown paper '%s': a name (%s) or a size WxH in mm or in "
                             "(210x210mm, 6x9in; mm if no unit)%s"),
                          text, PAPER_NAMES,
                          name_hint(text, "a4 a3 a5 a6 b4 b5 letter legal", hint, sizeof hint));
    /* 8.5x11 without a unit is 8.5 x 11 mm: surely inches were meant */
    bool inches = unit == 1 && !*p && size_in_range(w * 25.4) && size_in_range(h * 25.4);
    w *= unit, h *= unit;
    if (!size_in_range(w) || !size_in_range(h))
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                          "a paper of %g x %g mm cannot be printed: each side is %g to %g mm%s%s%s",
                          w, h, MEIRO_PAPER_MIN_MM, MEIRO_PAPER_MAX_MM,
                          inches ? "; did you mean '" : "", inches ? text : "",
                          inches ? "in'?" : "");
    *width_mm = w;
    *height_mm = h;
    return MEIRO_OK;
}

double page_bleed_left(const page_paper *p, bool left_hand)
{
    return p->no_binding_bleed && !left_hand ? 0 : p->bleed;
}

double page_bleed_across(const page_paper *p) { return p->bleed * (p->no_binding_bleed ? 1 : 2); }

void page_paper_of(const meiro_export_options *opt, page_paper *p)
{
    *p = (page_paper){.bleed = opt->bleed_mm, .gutter = opt->gutter_mm};
    const print_profile *service = print_profile_of(opt->print);
    if (service->bleed > 0) { /* a service's bleed, and at least its gutter for its fewest pages */
        p->bleed = service->bleed;
        p->no_binding_bleed = !service->binding_bleed;
        p->gutter = fmax(p->gutter, meiro_print_gutter_mm(opt->print, service->pages_min));
    }
    if (opt->paper_w_mm > 0 && opt->paper_h_mm > 0) {
        /* portrait: the shorter side across, as the named papers */
        p->w = fmin(opt->paper_w_mm, opt->paper_h_mm);
        p->h = fmax(opt->paper_w_mm, opt->paper_h_mm);
        snprintf(p->name, sizeof p->name, "%g x %g mm", opt->paper_w_mm, opt->paper_h_mm);
    } else {
        const char *name = meiro_paper_name(opt->paper, &p->w, &p->h);
        snprintf(p->name, sizeof p->name, "%s", name ? name : "invalid");
    }
}

meiro_status page_paper_check(const meiro_export_options *opt, bool pdf, bool xlsx,
                              const char *format_name, meiro_error *err)
{
    if (!pdf && opt->bleed_mm > 0)
        return fail_field(
            err, MEIRO_FIELD_BLEED, MEIRO_ERROR_ARGUMENT,
            "bleed is for PDF print files (TrimBox and BleedBox), not %s: leave it out or write PDF",
            format_name);
    if (!pdf && opt->gutter_mm > 0)
        return fail_field(err, MEIRO_FIELD_GUTTER, MEIRO_ERROR_ARGUMENT,
                          "a gutter is for bound PDF pages, not %s: leave it out or write PDF",
                          format_name);
    if (!pdf && print_profile_of(opt->print)->bleed > 0) {
        fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                   "a print service takes PDF pages, not %s: leave --print out or write PDF",
                   format_name);
        if (opt->tpl && opt->tpl->print == opt->print) /* the template named it */
            template_blame(opt->tpl, "print", "service", NULL, err);
        return MEIRO_ERROR_ARGUMENT;
    }
    if (xlsx && (opt->paper_w_mm > 0 || opt->paper_h_mm > 0))
        return fail_field(
            err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
            "a spreadsheet prints on a named paper (Excel has no code for %g x %g mm): use a4, a3, "
            "a5, a6, b4, b5, letter or legal for XLSX",
            opt->paper_w_mm, opt->paper_h_mm);
    return MEIRO_OK;
}

void meiro_export_options_init(meiro_export_options *opt)
{
    *opt = (meiro_export_options){0};
    opt->paper = MEIRO_PAPER_A4;
    opt->orientation = MEIRO_ORIENT_AUTO;
    opt->margin_mm = MEIRO_DEFAULT_MARGIN_MM;
    opt->dpi = 300;
}

/* "did you mean" for a language: a country's code where the language's
 * is meant (jp: Japan, ja: Japanese), a region after it (pt-BR, zh_CN),
 * else the nearest code. */
static const char *lang_hint(const char *lang, char *out, size_t size)
{
    static const char *const countries[][2] = {{"jp", "ja"}, {"cn", "zh"}, {"kr", "ko"},
                                               {"br", "pt"}, {"eg", "ar"}, {"sa", "ar"},
                                               {"at", "de"}, {"mx", "es"}};
    char base[8];
    snprintf(base, sizeof base, "%.*s", (int)strcspn(lang, "-_."), lang);
    for (size_t i = 0; i < sizeof countries / sizeof countries[0]; i++)
        if (!strcasecmp(base, countries[i][0])) snprintf(base, sizeof base, "%s", countries[i][1]);
    if (lang_known(base)) {
        snprintf(out, size, "; did you mean '%s'?", base);
        return out;
    }
    return name_hint(lang, CATALOG_LANGS, out, size);
}

meiro_status meiro_export_options_check(const meiro_export_options *opt, meiro_error *err)
{
    unsigned kpp = opt->key_per_page;
    if (kpp > 9 ||
        (kpp && !((1u << kpp) & ((1u << 1) | (1u << 2) | (1u << 4) | (1u << 6) | (1u << 9)))))
        return fail_field(err, MEIRO_FIELD_KEY_PER_PAGE, MEIRO_ERROR_ARGUMENT,
                          "an answer key has 1, 2, 4, 6 or 9 mazes a page, not %u", kpp);
    /* every text a page shows, up front, whatever the format */
    const char *texts[] = {opt->title, opt->subtitle, opt->name, opt->footer};
    static const char *const names[] = {"the title", "the subtitle", "the name", "the footer"};
    static const meiro_field fields[] = {MEIRO_FIELD_TITLE, MEIRO_FIELD_SUBTITLE, MEIRO_FIELD_NAME,
                                         MEIRO_FIELD_FOOTER};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        meiro_status s = texts[i] ? text_line_check(texts[i], names[i], fields[i], err) : MEIRO_OK;
        if (s != MEIRO_OK) return s;
    }
    char hint[64];
    if (opt->lang && !lang_known(opt->lang))
        return fail_field(err, MEIRO_FIELD_LANG, MEIRO_ERROR_UNKNOWN_NAME,
                          N_("unknown language '%s' (%s)%s"), opt->lang, CATALOG_LANGS,
                          lang_hint(opt->lang, hint, sizeof hint));
    bool custom = opt->paper_w_mm != 0 || opt->paper_h_mm != 0;
    if (custom && !(size_in_range(opt->paper_w_mm) && size_in_range(opt->paper_h_mm)))
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT,
                          "a paper of %g x %g mm cannot be printed: each side is %g to %g mm",
                          opt->paper_w_mm, opt->paper_h_mm, MEIRO_PAPER_MIN_MM, MEIRO_PAPER_MAX_MM);
    if (!(opt->bleed_mm >= 0 && opt->bleed_mm <= MEIRO_BLEED_MAX_MM))
        return fail_field(err, MEIRO_FIELD_BLEED, MEIRO_ERROR_ARGUMENT,
                          "a bleed of %g mm is out of range: 0 to %g mm (3 mm is usual)",
                          opt->bleed_mm, MEIRO_BLEED_MAX_MM);
    if (!(opt->gutter_mm >= 0 && opt->gutter_mm <= MEIRO_GUTTER_MAX_MM))
        return fail_field(err, MEIRO_FIELD_GUTTER, MEIRO_ERROR_ARGUMENT,
                          "a gutter of %g mm is out of range: 0 to %g mm", opt->gutter_mm,
                          MEIRO_GUTTER_MAX_MM);
    if ((unsigned)opt->print >= MEIRO_PRINT_COUNT)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT, "invalid print service %d",
                          (int)opt->print);
    const print_profile *service = print_profile_of(opt->print);
    if (service->bleed > 0 && opt->bleed_mm > 0)
        return fail_field(err, MEIRO_FIELD_BLEED, MEIRO_ERROR_ARGUMENT,
                          "%s sets the bleed itself (%g mm on %s): leave the bleed out",
                          service->service, service->bleed,
                          service->binding_bleed ? "every edge" : "top, bottom and outside edge");
    page_words words;
    page_words_for(opt, &words);
    if (service->no_fine_text && (words.subtitle || words.fields[0]))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "%s has no small print: a %s is set smaller than the title (put its "
                          "words in the title)",
                          service->service, words.subtitle ? "subtitle" : "name line");
    if (service->bleed > 0 && opt->crop)
        return fail_field(err, MEIRO_FIELD_CROP, MEIRO_ERROR_ARGUMENT,
                          "a cropped maze has no page: a print service prints whole pages");
    if ((opt->pdfx || opt->pdfx4) && !(service->bleed > 0))
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "PDF/X is made for a print service: add --print kdp, ingram or lulu");
    if (opt->pdfx4 && service->no_metadata)
        return fail_field(err, MEIRO_FIELD_PRINT, MEIRO_ERROR_ARGUMENT,
                          "%s asks for files without metadata, and PDF/X-4 carries an XMP "
                          "packet: --pdfx=x1a (or --pdfx)",
                          service->service);
    if (opt->crop && (opt->bleed_mm > 0 || opt->gutter_mm > 0))
        return fail_field(err, opt->bleed_mm > 0 ? MEIRO_FIELD_BLEED : MEIRO_FIELD_GUTTER,
                          MEIRO_ERROR_ARGUMENT,
                          "a cropped maze has no page: bleed and gutter are for whole pages");
    if (opt->art && strcasecmp(opt->art, "none") != 0)
        return meiro_art_from_name(opt->art, NULL, err);
    return MEIRO_OK;
}

void meiro_export_options_from_template(meiro_export_options *opt, const meiro_template *tpl)
{
    meiro_export_options_init(opt);
    if (!tpl) return;
    opt->tpl = tpl;
    opt->paper = tpl->paper.named;
    opt->paper_w_mm = tpl->paper.w;
    opt->paper_h_mm = tpl->paper.h;
    opt->orientation = tpl->orientation;
    opt->margin_mm = tpl->margin;
    opt->print = tpl->print;
    /* the template's cell is the largest a cell may grow (resolved by the
     * document), not a demand: a bigger maze still fits the page */
}

/* A template text in language li if it has one, else as written; NULL if
 * empty. `field` is its offset in template_texts. */
static const char *pick(const meiro_template *t, int li, size_t field)
{
    if (!t) return NULL;
    const char *v = li >= 0 ? (const char *)&t->in_lang[li] + field : "";
    if (!v[0]) v = (const char *)&t->texts + field;
    return v[0] ? v : NULL;
}

static bool has_translation(const meiro_template *t, int li, size_t field)
{
    return t && li >= 0 && ((const char *)&t->in_lang[li] + field)[0];
}

void page_words_for(const meiro_export_options *opt, page_words *w)
{
    const meiro_template *t = opt->tpl;
    const char *lang = opt->lang ? opt->lang : t ? t->lang : "en";
    int li = lang_index(lang);
    bool own = !t || strcasecmp(lang, t->lang) == 0; /* the template's own language */
    *w = (page_words){.labels = labels_for(lang)};
    w->title = opt->title ? (opt->title[0] ? opt->title : NULL)
                          : pick(t, li, offsetof(template_texts, title));
    w->subtitle = opt->subtitle ? (opt->subtitle[0] ? opt->subtitle : NULL)
                                : pick(t, li, offsetof(template_texts, subtitle));
    const char *fields = pick(t, li, offsetof(template_texts, fields));
    /* meiro's own name line where the template has none in this language */
    if (fields && !own && !has_translation(t, li, offsetof(template_texts, fields)))
        fields = w->labels->fields;
    /* a name to write and no line for it: meiro's own line */
    if (!fields && opt->name && opt->name[0]) fields = w->labels->fields;
    if (fields && opt->name && opt->name[0]) { /* the name on the first line of blanks */
        size_t at = strcspn(fields, "_"), run = strspn(fields + at, "_");
        snprintf(w->fields, sizeof w->fields, "%.*s%s%s", (int)at, fields, opt->name,
                 fields + at + run);
    } else if (fields) {
        snprintf(w->fields, sizeof w->fields, "%s", fields);
    }
    w->start = t ? pick(t, li, offsetof(template_texts, start_label)) : "S";
    w->goal = t ? pick(t, li, offsetof(template_texts, goal_label)) : "G";
}

meiro_status meiro_answers_from_name(const char *name, meiro_answers *answers, meiro_error *err)
{
    static const char *const names[] = {"none", "after-page", "key", "back"};
    for (unsigned k = 0; k < 4; k++) {
        if (strcasecmp(name, names[k]) == 0) {
            *answers = (meiro_answers)(MEIRO_ANSWERS_NONE + k);
            return MEIRO_OK;
        }
    }
    char hint[64];
    return fail_field(err, MEIRO_FIELD_ANSWERS, MEIRO_ERROR_UNKNOWN_NAME,
                      N_("unknown place for answers '%s' (none, after-page, key or back)%s"), name,
                      name_hint(name, "none after-page key back", hint, sizeof hint));
}

answers_place page_answers(const meiro_export_options *opt)
{
    switch (opt->answers) {
    case MEIRO_ANSWERS_NONE: return ANSWERS_NONE;
    case MEIRO_ANSWERS_AFTER_PAGE: return ANSWERS_AFTER_PAGE;
    case MEIRO_ANSWERS_KEY: return ANSWERS_KEY;
    case MEIRO_ANSWERS_BACK: return ANSWERS_BACK;
    default: break;
    }
    answers_place t = opt->tpl ? opt->tpl->answers : ANSWERS_NONE;
    if (opt->answer_page) return t != ANSWERS_NONE ? t : ANSWERS_AFTER_PAGE;
    return t;
}

bool page_signs_badges(const meiro_export_options *opt, int first_level)
{
    if (opt->signs != MEIRO_SIGNS_AUTO) return opt->signs == MEIRO_SIGNS_BADGES;
    if (opt->tpl && opt->tpl->badges >= 0) return opt->tpl->badges;
    return first_level > 0 && first_level - 1 < MEIRO_LEVEL_EXPERT;
}

bool meiro_answers_asked(const meiro_export_options *opt)
{
    return opt->answers == MEIRO_ANSWERS_DEFAULT ? opt->answer_page
                                                 : opt->answers != MEIRO_ANSWERS_NONE;
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Wall lines grow with the cell: a tenth of it, from 0.1 mm (the finest a
 * home printer keeps) to 1.2 mm (bold for big cells). */
static double line_for(double cell) { return clamp(cell * 0.1, 0.1, 1.2); }

/* A template's line width is what its big cells get: smaller cells get
 * thinner lines (at most 8% of the cell, or the usual width if more), so a
 * big maze on a kids' template is not blotchy. */
static double line_capped(double line, double cell)
{
    return line > 0 ? fmin(line, fmax(line_for(cell), cell * 0.08)) : line_for(cell);
}

/* The largest cell for which w x h cells and their outer line fit. */
static double fit_cell(double w, double h, double area_w, double area_h)
{
    double estimate = fmin(area_w / w, area_h / h);
    double line = line_for(estimate);
    return fmin((area_w - line) / w, (area_h - line) / h);
}

meiro_status layout_frame(const page_paper *paper, bool landscape, double margin, bool left_hand,
                          frame_texts texts, page_frame *f, meiro_error *err)
{
    *f = (page_frame){0};
    const char *name = paper->name;
    if (!(paper->w > 0 && paper->h > 0))
        return fail_field(err, MEIRO_FIELD_PAPER, MEIRO_ERROR_ARGUMENT, "invalid paper");
    f->page_w = paper->w;
    f->page_h = paper->h;
    f->landscape = landscape;
    if (landscape) {
        double t = f->page_w;
        f->page_w = f->page_h;
        f->page_h = t;
    }
    double limit = fmin(f->page_w, f->page_h) / 4;
    if (!(margin >= 0 && margin <= limit))
        return fail_field(err, MEIRO_FIELD_MARGIN, MEIRO_ERROR_ARGUMENT,
                          "a margin of %g mm does not suit %s paper (0 to %g mm)", margin, name,
                          limit);
    f->margin = margin;
    double y = margin;
    if (texts.title) {
        f->title_size = TITLE_FONT_MM;
        f->title_baseline = y + TITLE_FONT_MM;
        y += TITLE_BAND_MM;
    }
    if (texts.subtitle) {
        f->subtitle_size = SUBTITLE_FONT_MM;
        f->subtitle_baseline = y + SUBTITLE_FONT_MM;
        y += SUBTITLE_BAND_MM;
    }
    if (texts.fields) {
        f->fields_size = FIELDS_FONT_MM;
        f->fields_baseline = y + FIELDS_FONT_MM + 3;
        y += FIELDS_BAND_MM;
    }
    if (texts.rule_lines) {
        f->rules_size = RULE_FONT_MM;
        f->rules_baseline = y + RULE_FONT_MM;
        y += texts.rule_lines * RULE_LINE_MM + 2;
    }
    f->footer_size = FOOTER_FONT_MM;
    f->footer_baseline = f->page_h - margin - 1.0;
    double gutter = paper->gutter;
    double footer =
        FOOTER_BAND_MM + (texts.footer_lines > 1 ? (texts.footer_lines - 1) * FOOTER_LINE_MM : 0);
    f->body = (box){margin + (left_hand ? 0 : gutter), y, f->page_w - 2 * margin - gutter,
                    f->page_h - margin - footer - y};
    f->center_x = f->body.x + f->body.w / 2;
    if (f->body.w < 10)
        return fail_field(
            err, MEIRO_FIELD_MARGIN, MEIRO_ERROR_ARGUMENT,
            "a margin of %g mm and a gutter of %g mm leave no room for a maze on %s paper", margin,
            gutter, name);
    if (f->body.h < 10)
        return fail(err, MEIRO_ERROR_ARGUMENT, "the texts leave no room for a maze on %s paper",
                    name);
    return MEIRO_OK;
}

unsigned layout_slots(const page_frame *f, unsigned n, box *slots)
{
    unsigned rows, cols;
    switch (n) {
    case 1: rows = cols = 1; break;
    case 2: rows = f->landscape ? 1 : 2, cols = 3 - rows; break;
    case 4: rows = cols = 2; break;
    case 6: rows = f->landscape ? 2 : 3, cols = 5 - rows; break;
    default:
        rows = cols = 3;
        n = 9;
        break;
    }
    double gw = cols > 1 ? GUTTER_MM : 0, gh = rows > 1 ? GUTTER_MM : 0;
    double w = (f->body.w - gw * (cols - 1)) / cols, h = (f->body.h - gh * (rows - 1)) / rows;
    for (unsigned k = 0; k < n; k++)
        slots[k] =
            (box){f->body.x + (k % cols) * (w + gw), f->body.y + (k / cols) * (h + gh), w, h};
    return n;
}

/* An arrow outside a door: about 0.8 of a cell, 2.5 to 14 mm (bold on a
 * child's page, still visible on a dense one). */
static double arrow_length(double cell) { return clamp(cell * 0.8, 2.5, 14); }

/* The area less the arrows' room on the axes that have doors. */
static box without_arrows(box area, unsigned doors, double room)
{
    if (doors & ((1u << MEIRO_WEST) | (1u << MEIRO_EAST))) area.x += room, area.w -= 2 * room;
    if (doors & ((1u << MEIRO_NORTH) | (1u << MEIRO_SOUTH))) area.y += room, area.h -= 2 * room;
    return area;
}

/* A w x h maze of `cell` mm cells and the arrows of its doors fit. */
static bool fits_with_arrows(double w, double h, box area, unsigned doors, double from, double cell)
{
    box a = without_arrows(area, doors, arrow_length(cell) + from * cell);
    return cell * w + line_for(cell) <= a.w && cell * h + line_for(cell) <= a.h;
}

double grid_cell_units(meiro_grid grid)
{
    return grid == MEIRO_GRID_HEX ? sqrt(3) : grid == MEIRO_GRID_TRIANGLE ? 1 / sqrt(3) : 1;
}

void maze_cells(const meiro_maze *m, double *w, double *h)
{
    if (m->grid == MEIRO_GRID_RECT && m->levels) { /* the floors side by side, names above */
        levels_extent(m->w, m->floor_h, m->levels, w, h);
        return;
    }
    if (m->grid == MEIRO_GRID_RECT) {
        *w = m->w, *h = m->h;
        return;
    }
    double units = grid_cell_units((meiro_grid)m->grid);
    grid_extent(m, w, h);
    *w /= units, *h /= units;
}

double maze_outline_room(const meiro_maze *m)
{
    return m->grid == MEIRO_GRID_RECT && m->active &&
                   (uint64_t)m->w * m->h <= OUTLINE_MAX_CELLS
               ? OUTLINE_ROOM
               : 0;
}

/* ---- a shape's S and G in doors of its outline ---- */

double end_arrow(double cell) { return clamp(cell * 0.8, 6, 14); }
double end_badge(double cell) { return clamp(cell * 0.9, 10, 14); }
/* past the outline (OUTLINE_ROOM out, its line about a wall wide) */
double end_arrow_from(double cell) { return (OUTLINE_ROOM + 0.1) * cell + 0.5; }
double end_reach(double cell)
{
    return end_arrow_from(cell) + end_arrow(cell) + 1 + end_badge(cell);
}

void layout_shape_ends(const meiro_maze *m, page_layout *L)
{
    meiro_cell c[2] = {m->start, m->goal};
    bool doors = maze_outline_room(m) > 0 && m->start_door == MEIRO_NO_DIR &&
                 m->goal_door == MEIRO_NO_DIR && (c[0].x != c[1].x || c[0].y != c[1].y);
    for (int k = 0; k < 2; k++) {
        L->end_door[k] = 0;
        L->end_sides[k] = doors ? shape_door_sides(m, c[k], L->end_run[k]) : 0;
    }
}

meiro_dir layout_end_door(const page_layout *L, int k)
{
    return L->end_door[k] ? (meiro_dir)(L->end_door[k] - 1) : MEIRO_NO_DIR;
}

/* The room S's door on side[0] and G's on side[1] (MEIRO_NO_DIR: none)
 * take beyond the maze and its outline's room on each side (room[d]):
 * what of the arrow and badge the empty cells beyond the door do not
 * hold. The maze and its signs are centred together. */
static void ends_room(const page_layout *L, const unsigned side[2], double cell, double room[4])
{
    room[0] = room[1] = room[2] = room[3] = 0;
    for (int k = 0; k < 2; k++) {
        if (side[k] >= MEIRO_NO_DIR) continue;
        double out = end_reach(cell) - (L->end_run[k][side[k]] + L->outline_room) * cell;
        room[side[k]] = fmax(room[side[k]], out);
    }
}

static bool fits_with_ends(double w, double h, box area, const page_layout *L,
                           const unsigned side[2], double cell)
{
    double room[4], pad = 2 * L->outline_room;
    ends_room(L, side, cell, room);
    return cell * (w + pad) + line_for(cell) + room[MEIRO_WEST] + room[MEIRO_EAST] <= area.w &&
           cell * (h + pad) + line_for(cell) + room[MEIRO_NORTH] + room[MEIRO_SOUTH] <= area.h;
}

/* The doors of S and G that keep the largest cell, and that cell (the one
 * asked for, if any pair of doors fits it; else 0): each pair of their
 * sides tried, the cell that fits it found by bisection below the cell
 * without them. Ties keep the first pair: S west or north, G east or
 * south, as a page is read. */
static double choose_end_doors(double w, double h, box area, double cell_exact, double cell_max,
                               page_layout *L)
{
    static const unsigned order[2][4] = {{MEIRO_WEST, MEIRO_NORTH, MEIRO_SOUTH, MEIRO_EAST},
                                         {MEIRO_EAST, MEIRO_SOUTH, MEIRO_NORTH, MEIRO_WEST}};
    double pad = 2 * L->outline_room, top = fit_cell(w + pad, h + pad, area.w, area.h), best = 0;
    if (cell_max > 0 && top > cell_max) top = cell_max;
    for (int i = 0; i < 5; i++) {
        unsigned side[2];
        side[0] = i < 4 ? order[0][i] : MEIRO_NO_DIR;
        if (i < 4 ? !(L->end_sides[0] >> side[0] & 1) : L->end_sides[0] != 0) continue;
        for (int j = 0; j < 5; j++) {
            side[1] = j < 4 ? order[1][j] : MEIRO_NO_DIR;
            if (j < 4 ? !(L->end_sides[1] >> side[1] & 1) : L->end_sides[1] != 0) continue;
            double cell = cell_exact > 0 ? cell_exact : top;
            if (!fits_with_ends(w, h, area, L, side, cell)) {
                if (cell_exact > 0) continue;
                double lo = 0, hi = cell;
                for (int k = 0; k < 50; k++) {
                    double mid = (lo + hi) / 2;
                    *(fits_with_ends(w, h, area, L, side, mid) ? &lo : &hi) = mid;
                }
                cell = lo;
            }
            if (cell > best * (1 + 1e-9)) {
                best = cell;
                for (int k = 0; k < 2; k++)
                    L->end_door[k] = side[k] < MEIRO_NO_DIR ? side[k] + 1 : 0;
            }
        }
    }
    return best;
}

/* "20 x 15" for a rectangle's cells, "23.1 x 19.4 cells" for a grid's box. */
static void cells_text(double w, double h, char *buf, size_t size)
{
    if (w == floor(w) && h == floor(h)) snprintf(buf, size, "%.0f x %.0f", w, h);
    else snprintf(buf, size, "%.1f x %.1f cell", w, h);
}

meiro_status layout_in_slot(double w, double h, unsigned doors, box slot, bool caption,
                            double cell_exact, double cell_max, double line, page_layout *L,
                            meiro_error *err)
{
    char size_text[64];
    cells_text(w, h, size_text, sizeof size_text);
    box area = slot;
    if (caption) {
        area.y += CAPTION_BAND_MM;
        area.h -= CAPTION_BAND_MM;
    }
    L->area = area;
    /* a 1 x 1 maze's marks stand in its doors, half a cell out: the arrows
     * start beyond them */
    double from = w == 1 && h == 1 ? 0.5 : 0;
    /* a shaped maze is fitted with its outline's room around it, so the
     * outline keeps off the title and the footer */
    double pad = 2 * L->outline_room;
    bool ends = !doors && (L->end_sides[0] || L->end_sides[1]);
    if (ends) { /* a shape's doors: their sides chosen with the cell */
        L->cell = choose_end_doors(w, h, area, cell_exact, cell_max, L);
        if (cell_exact > 0 && L->cell <= 0) {
            double best = choose_end_doors(w, h, area, 0, 0, L);
            return fail_field(err, MEIRO_FIELD_CELL, MEIRO_ERROR_ARGUMENT,
                              "a %s maze with %g mm cells and the signs of S and G outside it "
                              "does not fit the %.1f x %.1f mm the page leaves; the largest cell "
                              "that fits is %.1f mm (or try another paper or orientation)",
                              size_text, cell_exact, area.w, area.h, floor(best * 10) / 10);
        }
        L->line = line_capped(line, L->cell);
    } else if (cell_exact > 0) {
        L->cell = cell_exact;
        L->line = line_capped(line, L->cell);
        double room = doors ? arrow_length(L->cell) + from * L->cell : 0;
        box a = without_arrows(area, doors, room);
        if (L->cell * (w + pad) + L->line > a.w || L->cell * (h + pad) + L->line > a.h) {
            double best = floor(fit_cell(w + pad, h + pad, a.w, a.h) * 10) / 10;
            return fail_field(err, MEIRO_FIELD_CELL, MEIRO_ERROR_ARGUMENT,
                              "a %s maze with %g mm cells needs %.1f x %.1f mm%s, but the "
                              "page leaves %.1f x %.1f mm; the largest cell that fits is %.1f mm "
                              "(or try another paper or orientation)",
                              size_text, L->cell, L->cell * w + L->line, L->cell * h + L->line,
                              doors ? " and its door arrows" : "", a.w, a.h, best);
        }
    } else {
        L->cell = fit_cell(w + pad, h + pad, area.w, area.h);
        if (cell_max > 0 && L->cell > cell_max) L->cell = cell_max;
        /* the largest cell that fits with its arrows (a bigger cell needs
         * more room for both), by bisection */
        if (doors && !fits_with_arrows(w, h, area, doors, from, L->cell)) {
            double lo = 0, hi = L->cell;
            for (int k = 0; k < 60; k++) {
                double mid = (lo + hi) / 2;
                *(fits_with_arrows(w, h, area, doors, from, mid) ? &lo : &hi) = mid;
            }
            L->cell = lo;
        }
        L->line = line_capped(line, L->cell);
    }
    if (!(L->cell > 0.05))
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "a %s maze does not fit: its cells would be smaller than 0.05 mm", size_text);
    L->arrow = doors ? arrow_length(L->cell) : 0;
    L->arrow_from = doors ? from * L->cell : 0;
    L->maze_w = L->cell * w;
    L->maze_h = L->cell * h;
    L->maze_x = area.x + (area.w - L->maze_w) / 2;
    L->maze_y = area.y + (area.h - L->maze_h) / 2;
    if (ends) { /* the maze and its signs centred together */
        unsigned side[2] = {layout_end_door(L, 0), layout_end_door(L, 1)};
        double room[4];
        ends_room(L, side, L->cell, room);
        L->maze_x += (room[MEIRO_WEST] - room[MEIRO_EAST]) / 2;
        L->maze_y += (room[MEIRO_NORTH] - room[MEIRO_SOUTH]) / 2;
    }
    L->mark_size = L->cell * 0.6;
    /* twice a wall at least, in cells of any size: the answer is told from
     * the walls by its width as well as by its colour */
    L->path_width = fmax(clamp(L->cell * 0.3, 0.2, 4.0), fmin(2 * L->line, L->cell * 0.3));
    /* --crop: half a cell around, and the arrows */
    double border = fmax(fmax(L->cell / 2, 2.0), L->arrow ? L->arrow_from + L->arrow + 1 : 0);
    border = fmax(border, L->outline_room * L->cell + L->line);
    for (int k = 0; ends && k < 2; k++) /* a shape's signs of S and G: the crop holds them */
        if (L->end_door[k])
            border = fmax(border, end_reach(L->cell) + 1 -
                                      L->end_run[k][L->end_door[k] - 1] * L->cell);
    L->crop_x = L->maze_x - border;
    L->crop_y = L->maze_y - border;
    L->crop_w = L->maze_w + 2 * border;
    L->crop_h = L->maze_h + 2 * border;
    return MEIRO_OK;
}

/* The cell a w x h maze would get on a page of this orientation. */
static double cell_on(uint32_t w, uint32_t h, const meiro_export_options *opt, bool landscape,
                      frame_texts texts)
{
    page_frame f;
    page_paper paper;
    page_paper_of(opt, &paper);
    if (layout_frame(&paper, landscape, opt->margin_mm, false, texts, &f, NULL) != MEIRO_OK)
        return 0;
    return fit_cell(w, h, f.body.w, f.body.h);
}

bool choose_landscape(uint32_t w, uint32_t h, const meiro_export_options *opt, frame_texts texts)
{
    if (opt->orientation != MEIRO_ORIENT_AUTO) return opt->orientation == MEIRO_ORIENT_LANDSCAPE;
    return cell_on(w, h, opt, true, texts) > cell_on(w, h, opt, false, texts);
}

meiro_status page_margin_check(const meiro_export_options *opt, meiro_error *err)
{
    page_frame f;
    page_paper paper;
    page_paper_of(opt, &paper);
    meiro_status s = layout_frame(&paper, false, opt->margin_mm, false, (frame_texts){0}, &f, err);
    if (s != MEIRO_OK && opt->tpl && opt->margin_mm == opt->tpl->margin)
        template_blame(opt->tpl, "page", "margin", NULL, err);
    return s;
}

meiro_status layout_page(uint32_t w, uint32_t h, const meiro_export_options *opt, page_layout *L,
                         meiro_error *err)
{
    *L = (page_layout){0};
    meiro_status s = page_margin_check(opt, err);
    if (s != MEIRO_OK) return s;
    page_words words;
    page_words_for(opt, &words);
    frame_texts texts = {.title = words.title != NULL};
    page_frame f;
    page_paper paper;
    page_paper_of(opt, &paper);
    s = layout_frame(&paper, choose_landscape(w, h, opt, texts), opt->margin_mm, false, texts, &f,
                     err);
    if (s != MEIRO_OK) return s;
    L->page_w = f.page_w;
    L->page_h = f.page_h;
    L->landscape = f.landscape;
    L->margin = f.margin;
    L->title_size = f.title_size;
    L->title_baseline = f.title_baseline;
    L->footer_size = f.footer_size;
    L->footer_baseline = f.footer_baseline;
    return layout_in_slot(w, h, 0, f.body, false, opt->cell_mm, 0, 0, L, err);
}
