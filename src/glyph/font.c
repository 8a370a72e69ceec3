/* The text measurer (font.h): FreeType faces, HarfBuzz shaping, fontconfig's
 * order of fonts natively (left out with -DMEIRO_NO_FONTCONFIG, the
 * browser's build, where the fonts are handed over). */
#include "glyph/font.h"

#include "core/alloc.h"
#include "core/error.h"

#include "glyph/glyph_libs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A font: a file fontconfig found (path, index, what it covers: in the
 * context's font sets) or bytes handed over, and its face once opened. */
struct glyph_face {
    const char *path;
    unsigned char *data;
    size_t size;
    int index;
    void *charset; /* fontconfig's FcCharSet, NULL for bytes */
    FT_Face ft;
    hb_font_t *hb;
    double upem;
    bool bold;      /* asked for bold: a face without it is emboldened */
    bool failed;    /* opened once and failed: not tried again */
};

/* The fonts fontconfig sorted, each a glyph_fonts_find's: kept while the
 * context lives, its faces' paths and coverage are theirs. */
enum { FONT_SETS = 4 };

struct glyph_fonts {
    FT_Library ft;
    glyph_face *faces; /* never moved once a text is shaped: glyph_items point in */
    size_t count, cap;
    void *sets[FONT_SETS];
    size_t n_sets;
    bool page; /* faces chosen as pango chooses them for a page's text */
};

void glyph_fonts_page(glyph_fonts *f) { f->page = true; }

/* The libraries' table, opened by glyph_fonts_new, which fails when it
 * cannot be: every call past a context's creation finds it. */
static const glyph_libs *lib(void) { return lib_glyph(NULL); }

/* HarfBuzz's Unicode tables (glyph_libs.h). Asked before a context may be
 * (a name's letters are checked first), so without the library (which
 * glyph_fonts_new then says) every code point is unassigned, of no
 * script. */
static hb_unicode_general_category_t category(uint32_t cp)
{
    const glyph_libs *L = lib_glyph(NULL);
    return L ? L->hb_unicode_general_category(L->hb_unicode_funcs_get_default(), cp)
             : HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED;
}
static hb_script_t script(uint32_t cp)
{
    const glyph_libs *L = lib_glyph(NULL);
    return L ? L->hb_unicode_script(L->hb_unicode_funcs_get_default(), cp) : HB_SCRIPT_UNKNOWN;
}

glyph_fonts *glyph_fonts_new(meiro_error *err)
{
    if (!lib_glyph(err)) return NULL;
    glyph_fonts *f = zalloc(1, sizeof *f);
    if (!f) {
        fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        return NULL;
    }
    if (lib()->FT_Init_FreeType(&f->ft) != 0) {
        free(f);
        fail(err, MEIRO_ERROR_NOMEM, "FreeType cannot start (out of memory?)");
        return NULL;
    }
    return f;
}

void glyph_fonts_free(glyph_fonts *f)
{
    if (!f) return;
    for (size_t i = 0; i < f->count; i++) {
        glyph_face *g = &f->faces[i];
        if (g->hb) lib()->hb_font_destroy(g->hb);
        if (g->ft) lib()->FT_Done_Face(g->ft);
        free(g->data);
    }
#ifndef MEIRO_NO_FONTCONFIG
    for (size_t i = 0; i < f->n_sets; i++) lib()->FcFontSetDestroy(f->sets[i]);
#endif
    free(f->faces);
    lib()->FT_Done_FreeType(f->ft);
    free(f);
}

static glyph_face *new_face(glyph_fonts *f, meiro_error *err)
{
    if (!vec_reserve(&f->faces, &f->cap, f->count + 1, sizeof *f->faces, 8)) {
        fail(err, MEIRO_ERROR_NOMEM, "out of memory");
        return NULL;
    }
    glyph_face *g = &f->faces[f->count++];
    memset(g, 0, sizeof *g);
    return g;
}

meiro_status glyph_fonts_add(glyph_fonts *f, const unsigned char *data, size_t size, int index,
                             meiro_error *err)
{
    unsigned char *copy = alloc_array(size ? size : 1, 1);
    if (!copy) return fail(err, MEIRO_ERROR_NOMEM, "out of memory for a font");
    glyph_face *g = new_face(f, err);
    if (!g) {
        free(copy);
        return MEIRO_ERROR_NOMEM;
    }
    memcpy(copy, data, size);
    g->data = copy;
    g->size = size;
    g->index = index;
    return MEIRO_OK;
}

#ifndef MEIRO_NO_FONTCONFIG
/* Whether pango sets a page's text in font p (file `file`): SFNT fonts
 * (TrueType, CFF), not WOFF, as pango_fc_is_supported_font_format. */
static bool sfnt_as_pango(FcPattern *p, const char *file)
{
    size_t n = strlen(file);
    if ((n >= 5 && strcmp(file + n - 5, ".woff") == 0) ||
        (n >= 6 && strcmp(file + n - 6, ".woff2") == 0))
        return false;
    FcChar8 *format = NULL;
    if (lib()->FcPatternGetString(p, FC_FONTFORMAT, 0, &format) != FcResultMatch) return false;
    return !lib()->FcStrCmpIgnoreCase(format, (const FcChar8 *)"TrueType") ||
           !lib()->FcStrCmpIgnoreCase(format, (const FcChar8 *)"CFF");
}

/* The pattern of `families`, each name trimmed, in `lang`. */
static FcPattern *families_pattern(const char *families, const char *lang, bool bold)
{
    FcPattern *pat = lib()->FcPatternCreate();
    if (!pat) return NULL;
    bool ok = true;
    for (const char *p = families; ok && *p;) {
        while (*p == ' ' || *p == ',') p++;
        const char *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        size_t n = (size_t)(end - p);
        while (n > 0 && p[n - 1] == ' ') n--;
        if (n > 0) {
            char name[128];
            if (n >= sizeof name) n = sizeof name - 1;
            memcpy(name, p, n);
            name[n] = 0;
            ok = lib()->FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)name);
        }
        p = end;
    }
    ok = ok &&
         lib()->FcPatternAddInteger(pat, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR) &&
         lib()->FcPatternAddInteger(pat, FC_SLANT, FC_SLANT_ROMAN) &&
         (!lang || !lang[0] || lib()->FcPatternAddString(pat, FC_LANG, (const FcChar8 *)lang));
    if (ok && lib()->FcConfigSubstitute(NULL, pat, FcMatchPattern)) {
        lib()->FcDefaultSubstitute(pat);
        return pat;
    }
    lib()->FcPatternDestroy(pat);
    return NULL;
}
#endif

#ifdef MEIRO_NO_FONTCONFIG
/* The WebAssembly build's fonts: the families meiro asks for (text_mask.h's
 * TEXT_FONT and TEXT_FONT_NARROW, the page's FONT_FAMILY), each the file
 * fontconfig picks for it natively from Debian's font packages (fc-match),
 * then (no family: FALLBACK) the fonts fontconfig sorts after them that
 * first have the letters of a script DejaVu Sans and the CJK fonts have
 * not (fonts-noto-core's, in fc-match -s's order: some are the serif
 * ones), copied beside the engine by make web (web/web.mk takes the file
 * names from here) and read from the folder MEIRO_FONT_DIR names only when
 * a letter needs it (face_open): a Latin name never reads the CJK fonts.
 * A family asked in bold without a bold file takes its regular one,
 * emboldened (face_open), as fontconfig gives it natively. */
typedef struct web_font {
    const char *family;
    bool bold;
    const char *file;
    int index;
} web_font;
#define FALLBACK NULL
static const web_font web_fonts[] = {
    {"DejaVu Sans", false, "DejaVuSans.ttf", 0},
    {"DejaVu Sans", true, "DejaVuSans-Bold.ttf", 0},
    {"DejaVu Sans Condensed", false, "DejaVuSansCondensed.ttf", 0},
    {"DejaVu Sans Condensed", true, "DejaVuSansCondensed-Bold.ttf", 0},
    {"IPAexGothic", false, "ipaexg.ttf", 0},
    {"Noto Sans CJK JP", false, "NotoSansCJK-Regular.ttc", 0},
    {"Noto Sans CJK JP", true, "NotoSansCJK-Bold.ttc", 0},
    /* the languages whose page.font names fonts of their own (po/ar.po, ko.po, zh.po, zh_Hant.po):
     * a .ttc's face as fontconfig indexes it (fc-match 'Noto Sans CJK KR') */
    {"Noto Sans Arabic", false, "NotoSansArabic-Regular.ttf", 0},
    {"Noto Sans Arabic", true, "NotoSansArabic-Bold.ttf", 0},
    {"Noto Sans CJK KR", false, "NotoSansCJK-Regular.ttc", 1},
    {"Noto Sans CJK KR", true, "NotoSansCJK-Bold.ttc", 1},
    {"Noto Sans CJK SC", false, "NotoSansCJK-Regular.ttc", 2},
    {"Noto Sans CJK SC", true, "NotoSansCJK-Bold.ttc", 2},
    {"Noto Sans CJK TC", false, "NotoSansCJK-Regular.ttc", 3},
    {"Noto Sans CJK TC", true, "NotoSansCJK-Bold.ttc", 3},
    {"sans-serif", false, "DejaVuSans.ttf", 0},
    {"sans-serif", true, "DejaVuSans-Bold.ttf", 0},
    {FALLBACK, false, "NotoSerifGujarati-Regular.ttf", 0},
    {FALLBACK, false, "NotoSerifKannada-Regular.ttf", 0},
    {FALLBACK, false, "NotoSerifSinhala-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansBengali-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansDevanagari-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansGurmukhi-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansKhmer-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansMalayalam-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansMongolian-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansMyanmar-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansTamil-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansTelugu-Regular.ttf", 0},
    {FALLBACK, false, "NotoSerifTibetan-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansEthiopic-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansOriya-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansSyriac-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansThaana-Regular.ttf", 0},
    {FALLBACK, false, "NotoSansThai-Regular.ttf", 0},
};
enum { WEB_FONTS = sizeof web_fonts / sizeof web_fonts[0] };
/* the folder when MEIRO_FONT_DIR is not set: fonts/ in the current one */
#ifndef MEIRO_FONT_DIR
#define MEIRO_FONT_DIR "fonts"
#endif

/* The table's font for family name[0..n) in that weight, NULL if none. */
static const web_font *web_font_find(const char *name, size_t n, bool bold)
{
    const web_font *found = NULL;
    for (size_t i = 0; i < WEB_FONTS; i++) {
        const web_font *w = &web_fonts[i];
        if (!w->family || strlen(w->family) != n || memcmp(w->family, name, n) != 0) continue;
        if (w->bold == bold) return w;
        if (!w->bold) found = w;
    }
    return found;
}

/* Adds font w after the context's, unless it has it already (sans-serif
 * is DejaVu Sans). */
static meiro_status web_font_add(glyph_fonts *f, const web_font *w, bool bold, meiro_error *err)
{
    for (size_t i = 0; i < f->count; i++)
        if (f->faces[i].path && strcmp(f->faces[i].path, w->file) == 0 &&
            f->faces[i].index == w->index)
            return MEIRO_OK;
    glyph_face *g = new_face(f, err);
    if (!g) return MEIRO_ERROR_NOMEM;
    *g = (glyph_face){.path = w->file, .index = w->index, .bold = bold};
    return MEIRO_OK;
}
#endif

meiro_status glyph_fonts_find(glyph_fonts *f, const char *families, const char *lang, bool bold,
                              meiro_error *err)
{
#ifdef MEIRO_NO_FONTCONFIG
    /* the table's fonts of the families named, in their order, then its
     * fallbacks, each once (fontconfig sorts so: the families first; the
     * language orders the fonts no family names, and moves none of the
     * fallbacks before another that has the same script's letters) */
    (void)lang;
    size_t before = f->count;
    meiro_status s = MEIRO_OK;
    for (const char *p = families; *p && s == MEIRO_OK;) {
        while (*p == ' ' || *p == ',') p++;
        const char *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        size_t n = (size_t)(end - p);
        while (n > 0 && p[n - 1] == ' ') n--;
        const web_font *w = n ? web_font_find(p, n, bold) : NULL;
        if (w) s = web_font_add(f, w, bold, err);
        p = end;
    }
    if (s == MEIRO_OK && f->count == before)
        return fail(
            err, MEIRO_ERROR_ARGUMENT,
            "the WebAssembly build of meiro has none of the fonts '%s' (it has DejaVu Sans, "
            "IPAexGothic, Noto Sans Arabic and Noto Sans CJK JP, KR, SC and TC)",
            families);
    for (size_t i = 0; i < WEB_FONTS && s == MEIRO_OK; i++)
        if (web_fonts[i].family == FALLBACK) s = web_font_add(f, &web_fonts[i], bold, err);
    return s;
#else
    if (f->n_sets == FONT_SETS)
        return fail(err, MEIRO_ERROR_ARGUMENT, "more than %d font lists in one context", FONT_SETS);
    if (!lib()->FcInit()) return fail(err, MEIRO_ERROR_NOMEM, "fontconfig cannot start");
    FcPattern *pat = families_pattern(families, lang, bold);
    FcResult result;
    FcFontSet *set = pat ? lib()->FcFontSort(NULL, pat, FcTrue, NULL, &result) : NULL;
    if (pat) lib()->FcPatternDestroy(pat);
    if (!set)
        return fail(err, MEIRO_ERROR_ARGUMENT,
                    "fontconfig finds no fonts for '%s' (install fonts-dejavu-core)", families);
    /* room for them all at once: a face is opened only when a letter needs it */
    if (!vec_reserve(&f->faces, &f->cap, f->count + (size_t)set->nfont, sizeof *f->faces, 8)) {
        lib()->FcFontSetDestroy(set);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory");
    }
    f->sets[f->n_sets++] = set;
    for (int i = 0; i < set->nfont; i++) {
        FcChar8 *file = NULL;
        int index = 0;
        FcCharSet *cs = NULL;
        if (lib()->FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch) continue;
        if (f->page && !sfnt_as_pango(set->fonts[i], (const char *)file)) continue;
        lib()->FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index);
        lib()->FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &cs);
        glyph_face *g = &f->faces[f->count++];
        *g = (glyph_face){.path = (const char *)file, .index = index, .charset = cs, .bold = bold};
    }
    return MEIRO_OK;
#endif
}

/* Opens face g (once): FreeType's face, and HarfBuzz's font over it in
 * font units. */
static bool face_open(glyph_fonts *f, glyph_face *g)
{
    if (g->hb) return true;
    if (g->failed) return false;
#ifdef MEIRO_NO_FONTCONFIG
    /* the table's file, in the fonts' folder (glyph_fonts_find); a folder
     * too long to name is a font not found */
    const char *dir = getenv("MEIRO_FONT_DIR");
    char path[4096] = "";
    if (!g->data) {
        int n = snprintf(path, sizeof path, "%s/%s", dir && dir[0] ? dir : MEIRO_FONT_DIR, g->path);
        if (n < 0 || (size_t)n >= sizeof path) path[0] = 0;
    }
#else
    const char *path = g->path;
#endif
    FT_Error e = g->data
                     ? lib()->FT_New_Memory_Face(f->ft, g->data, (FT_Long)g->size, g->index, &g->ft)
                     : lib()->FT_New_Face(f->ft, path, g->index, &g->ft);
    /* a colour emoji's font of bitmaps (CBDT) has no em of FreeType's, but
     * its head table's, which its advances are in */
    unsigned upem = 0;
    if (e == 0) {
        hb_face_t *hf = lib()->hb_ft_face_create_referenced(g->ft);
        upem = g->ft->units_per_EM > 0 ? g->ft->units_per_EM : lib()->hb_face_get_upem(hf);
        g->hb = upem > 0 ? lib()->hb_font_create(hf) : NULL;
        lib()->hb_face_destroy(hf);
        if (lib()->hb_font_get_empty() == g->hb) {
            lib()->hb_font_destroy(g->hb);
            g->hb = NULL;
        }
    }
    if (g->hb) {
        g->upem = upem;
        lib()->hb_font_set_scale(g->hb, (int)g->upem, (int)g->upem);
        return true;
    }
    if (g->ft) lib()->FT_Done_Face(g->ft);
    g->ft = NULL;
    g->failed = true;
    return false;
}

static bool face_has(glyph_fonts *f, glyph_face *g, uint32_t cp)
{
#ifndef MEIRO_NO_FONTCONFIG
    if (g->charset) return lib()->FcCharSetHasChar(g->charset, cp);
#endif
    return face_open(f, g) && lib()->FT_Get_Char_Index(g->ft, cp) != 0;
}

/* Whether face g has every code point of p..q. */
static bool covers(glyph_fonts *f, glyph_face *g, const char *p, const char *q)
{
    bool all = true;
    while (all && p < q) {
        uint32_t cp = glyph_next_code_point(&p);
        /* joiners and variation selectors are the shaper's, not letters */
        all = glyph_is_blank(cp) || (cp >= 0xfe00 && cp <= 0xfe0f) || face_has(f, g, cp);
    }
    return all;
}

/* Whether p..q is blank: spaces, controls and formats, variation
 * selectors, which pango sets in the face of the letters before them. */
static bool blank(const char *p, const char *q)
{
    bool all = true;
    while (all && p < q) {
        uint32_t cp = glyph_next_code_point(&p);
        all = glyph_is_blank(cp) || (cp >= 0xfe00 && cp <= 0xfe0f);
    }
    return all;
}

/* Whether p..q is of no script of its own (spaces, digits, signs). */
static bool no_script(const char *p, const char *q)
{
    bool none = true;
    while (none && p < q) {
        hb_script_t s = script(glyph_next_code_point(&p));
        none = s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED;
    }
    return none;
}

glyph_face *glyph_fonts_cover(glyph_fonts *f, const char *text, size_t len, meiro_error *err)
{
    for (size_t i = 0; i < f->count; i++) {
        glyph_face *g = &f->faces[i];
        if (covers(f, g, text, text + len) && face_open(f, g)) return g;
    }
    fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
               "no installed font has the letter '%.*s' (install a font with it, e.g. fonts-noto-cjk)",
               (int)len, text);
    return NULL;
}

void glyph_run_init(glyph_run *run, bool keep)
{
    memset(run, 0, sizeof *run);
    run->keep = keep;
    run->x0 = run->y0 = INFINITY;
    run->x1 = run->y1 = -INFINITY;
}

void glyph_run_free(glyph_run *run)
{
    free(run->items);
    glyph_run_init(run, run->keep);
}

/* The ink box of glyph it (ems, y up); false when it has no outline. */
static bool glyph_box(const glyph_item *it, double *x0, double *y0, double *x1, double *y1)
{
    FT_Face ft = it->face->ft;
    if (lib()->FT_Load_Glyph(ft, it->id,
                             FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0 ||
        ft->glyph->format != FT_GLYPH_FORMAT_OUTLINE || ft->glyph->outline.n_points == 0)
        return false;
    FT_BBox b;
    lib()->FT_Outline_Get_BBox(&ft->glyph->outline, &b);
    double u = it->face->upem;
    /* a bold asked of a face that has none is made as cairo makes it (for
     * pango): the outline emboldened by an em / 24, its ink that much wider
     * and taller */
    if (glyph_face_emboldened(it->face)) {
        b.xMax += (FT_Pos)(u / 24);
        b.yMax += (FT_Pos)(u / 24);
    }
    *x0 = it->x + b.xMin / u;
    *x1 = it->x + b.xMax / u;
    *y0 = it->y + b.yMin / u;
    *y1 = it->y + b.yMax / u;
    return true;
}

/* One face's run of text, shaped, appended at the run's advance. */
static meiro_status shape_in(glyph_face *g, const char *text, size_t len, const char *lang,
                             glyph_run *run, meiro_error *err)
{
    hb_buffer_t *buf = lib()->hb_buffer_create();
    lib()->hb_buffer_add_utf8(buf, text, (int)len, 0, (int)len);
    if (lang && lang[0])
        lib()->hb_buffer_set_language(buf, lib()->hb_language_from_string(lang, -1));
    lib()->hb_buffer_guess_segment_properties(buf);
    lib()->hb_shape(g->hb, buf, NULL, 0);
    if (!lib()->hb_buffer_allocation_successful(buf)) {
        lib()->hb_buffer_destroy(buf);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory shaping a text");
    }
    unsigned n = 0;
    const hb_glyph_info_t *info = lib()->hb_buffer_get_glyph_infos(buf, &n);
    const hb_glyph_position_t *pos = lib()->hb_buffer_get_glyph_positions(buf, NULL);
    meiro_status s = MEIRO_OK;
    if (run->keep && !vec_reserve(&run->items, &run->cap, run->count + n, sizeof *run->items, 16))
        s = fail(err, MEIRO_ERROR_NOMEM, "out of memory shaping a text");
    for (unsigned i = 0; s == MEIRO_OK && i < n; i++) {
        if (info[i].codepoint == 0) {
            s = fail_field(err, MEIRO_FIELD_TEXT, MEIRO_ERROR_ARGUMENT,
                           "no installed font has the letter '%.*s' (install a font with it, e.g. "
                           "fonts-noto-cjk)",
                           (int)len, text);
            break;
        }
        glyph_item it = {g, info[i].codepoint, run->advance + pos[i].x_offset / g->upem,
                         pos[i].y_offset / g->upem};
        if (run->keep) run->items[run->count++] = it;
        double x0, y0, x1, y1;
        if (glyph_box(&it, &x0, &y0, &x1, &y1)) {
            run->x0 = fmin(run->x0, x0);
            run->y0 = fmin(run->y0, y0);
            run->x1 = fmax(run->x1, x1);
            run->y1 = fmax(run->y1, y1);
        }
        run->advance += pos[i].x_advance / g->upem;
    }
    lib()->hb_buffer_destroy(buf);
    return s;
}

/* The face of the cluster at r, NULL if none has it (or at the end). */
static glyph_face *face_at(glyph_fonts *f, const char *r, const char *end)
{
    if (r >= end) return NULL;
    const char *q = glyph_cluster_end(r);
    return glyph_fonts_cover(f, r, (size_t)((q > end ? end : q) - r), NULL);
}

/* The face of a blank cluster p..q on a page, as pango chooses it: of the
 * faces of the letters before and after it (`before`, `after`), the one
 * first in the list that has it. */
static glyph_face *blank_face(glyph_fonts *f, glyph_face *before, glyph_face *after, const char *p,
                              const char *q)
{
    if (after && (!before || after < before) && covers(f, after, p, q)) return after;
    if (before && covers(f, before, p, q)) return before;
    return after && covers(f, after, p, q) ? after : NULL;
}

meiro_status glyph_shape(glyph_fonts *f, const char *text, size_t len, const char *lang,
                         glyph_run *run, meiro_error *err)
{
    meiro_status s = MEIRO_OK;
    const char *start = text, *end = text + len, *after_at = text;
    glyph_face *face = NULL, *after = NULL;
    /* clusters in one face are shaped together (kerning, ligatures) */
    for (const char *p = text; s == MEIRO_OK && p < end;) {
        const char *q = glyph_cluster_end(p);
        if (q > end) q = end;
        glyph_face *g = NULL;
        if (f->page && blank(p, q)) {
            /* a page's blank goes with the letters either side of it (the
             * first face of the two), as pango sets it: the space between
             * two Japanese words is the Japanese font's, not DejaVu's */
            if (after_at <= p) { /* once a run of blanks: the letter after it */
                const char *r = p;
                while (r < end && blank(r, glyph_cluster_end(r))) r = glyph_cluster_end(r);
                after_at = r;
                after = face_at(f, r, end);
            }
            g = blank_face(f, face, after, p, q);
        } else if (!f->page && face && no_script(p, q) && covers(f, face, p, q)) {
            /* a sign of no script (Common, Inherited) in a name's mask stays
             * in the face of the letters before it */
            g = face;
        }
        if (!g) g = glyph_fonts_cover(f, p, (size_t)(q - p), err);
        if (!g) return MEIRO_ERROR_ARGUMENT;
        if (face && g != face) {
            s = shape_in(face, start, (size_t)(p - start), lang, run, err);
            start = p;
        }
        face = g;
        p = q;
    }
    if (s == MEIRO_OK && face && start < end) s = shape_in(face, start, (size_t)(end - start), lang, run, err);
    return s;
}

void glyph_run_line(const glyph_run *run, double *ascent, double *descent)
{
    *ascent = *descent = 0;
    const glyph_face *last = NULL;
    for (size_t i = 0; i < run->count; i++) {
        const glyph_face *g = run->items[i].face;
        if (g == last) continue; /* a face's glyphs come together */
        last = g;
        hb_font_extents_t e;
        lib()->hb_font_get_h_extents(g->hb, &e);
        *ascent = fmax(*ascent, e.ascender / g->upem);
        *descent = fmax(*descent, -e.descender / g->upem);
    }
}

meiro_status glyph_measure(glyph_fonts *f, const char *text, const char *lang, double size,
                           glyph_extents *out, meiro_error *err)
{
    glyph_run run;
    glyph_run_init(&run, false); /* the advance and the ink alone */
    meiro_status s = glyph_shape(f, text, strlen(text), lang, &run, err);
    if (s == MEIRO_OK) {
        bool ink = run.x1 >= run.x0;
        *out = (glyph_extents){run.advance * size, ink ? run.x0 * size : 0, ink ? -run.y1 * size : 0,
                               ink ? run.x1 * size : 0, ink ? -run.y0 * size : 0};
    }
    glyph_run_free(&run);
    return s;
}

/* ---- Outlines --------------------------------------------------------- */

typedef struct decompose {
    const glyph_steps *to;
    double x, y, u; /* the glyph's origin (ems), font units an em */
} decompose;

static int on_move(const FT_Vector *to, void *user)
{
    decompose *d = user;
    d->to->move(d->to->ctx, d->x + to->x / d->u, d->y + to->y / d->u);
    return 0;
}

static int on_line(const FT_Vector *to, void *user)
{
    decompose *d = user;
    d->to->line(d->to->ctx, d->x + to->x / d->u, d->y + to->y / d->u);
    return 0;
}

static int on_conic(const FT_Vector *c, const FT_Vector *to, void *user)
{
    decompose *d = user;
    d->to->quad(d->to->ctx, d->x + c->x / d->u, d->y + c->y / d->u, d->x + to->x / d->u,
                d->y + to->y / d->u);
    return 0;
}

static int on_cubic(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *user)
{
    decompose *d = user;
    d->to->cubic(d->to->ctx, d->x + c1->x / d->u, d->y + c1->y / d->u, d->x + c2->x / d->u,
                 d->y + c2->y / d->u, d->x + to->x / d->u, d->y + to->y / d->u);
    return 0;
}

bool glyph_outline_steps(const glyph_item *it, const glyph_steps *to)
{
    FT_Face ft = it->face->ft;
    if (lib()->FT_Load_Glyph(ft, it->id,
                             FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0 ||
        ft->glyph->format != FT_GLYPH_FORMAT_OUTLINE || ft->glyph->outline.n_points == 0)
        return false;
    static const FT_Outline_Funcs funcs = {on_move, on_line, on_conic, on_cubic, 0, 0};
    decompose d = {to, it->x, it->y, it->face->upem};
    return lib()->FT_Outline_Decompose(&ft->glyph->outline, &funcs, &d) == 0;
}

/* glyph_outline's steps: the pen's (ctx) */
static void pen_step_move(void *o, double x, double y) { pen_move(o, x, y); }
static void pen_step_line(void *o, double x, double y) { pen_line(o, x, y); }
static void pen_step_quad(void *o, double x1, double y1, double x, double y)
{
    pen_quad(o, x1, y1, x, y);
}
static void pen_step_cubic(void *o, double x1, double y1, double x2, double y2, double x, double y)
{
    pen_cubic(o, x1, y1, x2, y2, x, y);
}

bool glyph_outline(const glyph_item *it, pen_path *o)
{
    glyph_steps to = {pen_step_move, pen_step_line, pen_step_quad, pen_step_cubic, o};
    if (!glyph_outline_steps(it, &to)) return false;
    pen_close(o);
    return true;
}

bool glyph_face_emboldened(const glyph_face *face)
{
    return face->bold && !(face->ft->style_flags & FT_STYLE_FLAG_BOLD);
}

/* ---- Unicode ---------------------------------------------------------- */

uint32_t glyph_next_code_point(const char **p)
{
    const unsigned char *c = (const unsigned char *)*p;
    uint32_t cp;
    size_t n;
    if (c[0] < 0x80) cp = c[0], n = 1;
    else if (c[0] < 0xe0) cp = (uint32_t)(c[0] & 0x1f) << 6 | (c[1] & 0x3f), n = 2;
    else if (c[0] < 0xf0)
        cp = (uint32_t)(c[0] & 0x0f) << 12 | (uint32_t)(c[1] & 0x3f) << 6 | (c[2] & 0x3f), n = 3;
    else
        cp = (uint32_t)(c[0] & 0x07) << 18 | (uint32_t)(c[1] & 0x3f) << 12 |
                 (uint32_t)(c[2] & 0x3f) << 6 | (c[3] & 0x3f),
        n = 4;
    *p += n;
    return cp;
}

bool glyph_is_mark(uint32_t cp)
{
    hb_unicode_general_category_t c = category(cp);
    return c == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK ||
           c == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK ||
           c == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK;
}

bool glyph_is_lower(uint32_t cp)
{
    return category(cp) == HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER;
}

bool glyph_is_blank(uint32_t cp)
{
    switch (category(cp)) {
    case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR:
    case HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR:
    case HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR:
    case HB_UNICODE_GENERAL_CATEGORY_FORMAT:
    case HB_UNICODE_GENERAL_CATEGORY_CONTROL: return true;
    default: return false;
    }
}

bool glyph_drops(uint32_t cp)
{
    switch (category(cp)) {
    case HB_UNICODE_GENERAL_CATEGORY_CONNECT_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_FINAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_INITIAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_OTHER_PUNCTUATION: return true;
    default: return false;
    }
}

uint32_t glyph_base_letter(uint32_t cp)
{
    const glyph_libs *L = lib_glyph(NULL);
    if (!L) return cp;
    hb_unicode_funcs_t *u = L->hb_unicode_funcs_get_default();
    hb_codepoint_t a, b;
    /* at most a few steps: a decomposition is shorter than its letter */
    for (int i = 0; i < 8 && L->hb_unicode_decompose(u, cp, &a, &b); i++) cp = a;
    return cp;
}

const char *glyph_cluster_end(const char *p)
{
    glyph_next_code_point(&p);
    for (;;) {
        const char *q = p;
        if (!*q) return p;
        uint32_t cp = glyph_next_code_point(&q);
        bool joins = glyph_is_mark(cp) || (cp >= 0xfe00 && cp <= 0xfe0f) ||
                     (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
                     cp == 0x200d;
        if (!joins) return p;
        p = q;
        if (cp == 0x200d && *p) glyph_next_code_point(&p); /* the joined letter */
    }
}

bool glyph_joins(uint32_t cp)
{
    switch (script(cp)) {
    case HB_SCRIPT_ARABIC:
    case HB_SCRIPT_SYRIAC:
    case HB_SCRIPT_NKO:
    case HB_SCRIPT_MONGOLIAN:
    case HB_SCRIPT_MANDAIC:
    case HB_SCRIPT_ADLAM:
    case HB_SCRIPT_DEVANAGARI:
    case HB_SCRIPT_BENGALI:
    case HB_SCRIPT_GURMUKHI: return true;
    default: return false;
    }
}

bool glyph_rtl(const char *text)
{
    for (const char *p = text; *p;) {
        hb_script_t sc = script(glyph_next_code_point(&p));
        if (sc == HB_SCRIPT_COMMON || sc == HB_SCRIPT_INHERITED || sc == HB_SCRIPT_UNKNOWN) continue;
        return lib()->hb_script_get_horizontal_direction(sc) == HB_DIRECTION_RTL;
    }
    return false;
}
