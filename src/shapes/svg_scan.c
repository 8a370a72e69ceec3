/* A bounded scan of an SVG document before librsvg sees it: what it would
 * cost to read and draw, measured in one pass over the bytes with no tree
 * and no recursion (picture.h lists the budgets). librsvg 2.54 bounds only
 * loops: an entity used 50,000 times, a filter or a <use> of a <use> cost
 * it gigabytes or minutes, so those are refused here, with the reason. */
#include "core/alloc.h"
#include "core/error.h"
#include "shapes/picture.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_ENTITIES = 64 };
#define NONE UINT32_MAX

typedef struct entity {
    const unsigned char *name;
    size_t len;
    uint64_t expanded; /* bytes, every reference inside followed */
} entity;

typedef struct element {
    uint32_t parent;
    uint32_t id_len;
    const unsigned char *id;
    bool text; /* a <text>, or inside one: its characters are set by Pango */
} element;

/* A reference from an element (NONE: a style sheet, which may apply to
 * every element) to the element with an id. */
typedef struct ref {
    uint32_t from;
    uint32_t len;
    const unsigned char *id;
} ref;

typedef struct scanner {
    const unsigned char *s;
    size_t n, i;
    const char *what;
    meiro_error *err;
    entity ent[MAX_ENTITIES];
    size_t n_ent;
    uint64_t expansion, pixels, text;
    element *el;
    size_t n_el, el_cap;
    ref *refs;
    size_t n_refs, refs_cap;
    uint32_t stack[SVG_MAX_DEPTH];
    size_t depth;
} scanner;

/* ---- Bytes ---- */

static bool at(const scanner *sc, size_t i, const char *lit)
{
    size_t len = strlen(lit);
    return i + len <= sc->n && memcmp(sc->s + i, lit, len) == 0;
}

/* Where `lit` next occurs from i, or n. */
static size_t find(const scanner *sc, size_t i, const char *lit)
{
    size_t len = strlen(lit);
    for (; i + len <= sc->n; i++) {
        const unsigned char *p = memchr(sc->s + i, lit[0], sc->n - i);
        if (!p) break;
        i = (size_t)(p - sc->s);
        if (i + len <= sc->n && memcmp(p, lit, len) == 0) return i;
    }
    return sc->n;
}

static bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool is_name(unsigned char c)
{
    return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == ':' || c == '-' || c == '.';
}
static unsigned char lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static bool same(const unsigned char *a, size_t alen, const char *b)
{
    return alen == strlen(b) && memcmp(a, b, alen) == 0;
}

/* Whether `word` (lower case) occurs in p[0..len) in any case. */
static bool contains(const unsigned char *p, size_t len, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= len; i++) {
        size_t k = 0;
        while (k < w && lower(p[i + k]) == (unsigned char)word[k]) k++;
        if (k == w) return true;
    }
    return false;
}

/* The local part of a qualified name (svg:rect -> rect). */
static void local_name(const unsigned char **p, size_t *len)
{
    for (size_t k = *len; k > 0; k--)
        if ((*p)[k - 1] == ':') {
            *p += k;
            *len -= k;
            return;
        }
}

static size_t read_name(const scanner *sc, size_t i)
{
    while (i < sc->n && is_name(sc->s[i])) i++;
    return i;
}

/* ---- Entities ---- */

static const entity *find_entity(const scanner *sc, const unsigned char *name, size_t len)
{
    for (size_t k = 0; k < sc->n_ent; k++)
        if (sc->ent[k].len == len && memcmp(sc->ent[k].name, name, len) == 0) return &sc->ent[k];
    return NULL;
}

/* The entity reference at p[0] == '&' in p[0..len): its length through
 * ';' (0 if none) and the entity, NULL for a character reference or a
 * predefined one (&amp; ...) or one not declared (librsvg refuses it). */
static size_t entity_ref(const scanner *sc, const unsigned char *p, size_t len, const entity **e)
{
    *e = NULL;
    size_t k = 1;
    while (k < len && k < 80 && p[k] != ';' && !is_space(p[k]) && p[k] != '&' && p[k] != '<') k++;
    if (k >= len || p[k] != ';') return 0;
    if (p[1] != '#') *e = find_entity(sc, p + 1, k - 1);
    return k + 1;
}

/* Whether the reference's name (between '&' and ';') is predefined by XML: a
 * character reference or one of the five predefined entities. */
static bool predefined_ref(const unsigned char *name, size_t len)
{
    static const char *const predefined[] = {"amp", "lt", "gt", "quot", "apos"};
    for (size_t k = 0; k < 5; k++)
        if (same(name, len, predefined[k])) return true;
    return len && name[0] == '#';
}

/* An entity the scan did not see declared: declared later (a forward
 * reference the scan would count as nothing), or where the scan does not
 * look. libxml2 might find it: refused rather than trusted. */
static meiro_status unseen_entity(scanner *sc)
{
    return fail(sc->err, MEIRO_ERROR_PARSE,
                "%s uses an entity not declared before it: meiro takes entities declared "
                "first, in the DOCTYPE",
                sc->what);
}

/* Adds the expansions of the entity references in p[0..len) (to *added
 * too, if not NULL). */
static meiro_status count_references(scanner *sc, const unsigned char *p, size_t len,
                                     uint64_t *added)
{
    for (const unsigned char *amp = memchr(p, '&', len); amp;
         amp = memchr(amp + 1, '&', len - (size_t)(amp + 1 - p))) {
        const entity *e;
        size_t r = entity_ref(sc, amp, len - (size_t)(amp - p), &e);
        if (!e && r && !predefined_ref(amp + 1, r - 2)) return unseen_entity(sc);
        if (!e) continue;
        sc->expansion += e->expanded;
        if (added) *added += e->expanded;
        if (sc->expansion > SVG_MAX_EXPANSION)
            return fail(
                sc->err, MEIRO_ERROR_TOO_BIG,
                "%s uses its entities for more than %u KiB of text (an entity bomb): refused",
                sc->what, SVG_MAX_EXPANSION >> 10);
        if (amp + 1 >= p + len) break;
    }
    return MEIRO_OK;
}

/* <!ENTITY name "value"> at sc->i (after "<!ENTITY"). */
static meiro_status entity_decl(scanner *sc)
{
    size_t i = sc->i;
    while (i < sc->n && is_space(sc->s[i])) i++;
    if (i < sc->n && sc->s[i] == '%')
        return fail(sc->err, MEIRO_ERROR_PARSE, "%s declares a parameter entity: meiro takes none",
                    sc->what);
    size_t name = i;
    i = read_name(sc, i);
    size_t name_len = i - name;
    while (i < sc->n && is_space(sc->s[i])) i++;
    if (i >= sc->n) return MEIRO_OK; /* librsvg will say what is wrong */
    if (sc->s[i] != '"' && sc->s[i] != '\'')
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s declares an external entity (SYSTEM or PUBLIC): meiro reads no other file",
                    sc->what);
    unsigned char q = sc->s[i++];
    const unsigned char *v = sc->s + i, *end = memchr(v, q, sc->n - i);
    if (!end) return MEIRO_OK;
    size_t len = (size_t)(end - v);
    uint64_t expanded = len;
    for (size_t k = 0; k < len; k++) {
        if (v[k] == '<')
            return fail(sc->err, MEIRO_ERROR_PARSE,
                        "%s has markup inside an entity: meiro takes entities of text only",
                        sc->what);
        if (v[k] == '%')
            return fail(sc->err, MEIRO_ERROR_PARSE,
                        "%s declares a parameter entity: meiro takes none", sc->what);
        if (v[k] != '&') continue;
        const entity *e;
        size_t r = entity_ref(sc, v + k, len - k, &e);
        if (!e && r && !predefined_ref(v + k + 1, r - 2)) return unseen_entity(sc);
        if (e) expanded += e->expanded;
        if (r) k += r - 1;
    }
    if (expanded > SVG_MAX_ENTITY_BYTES)
        return fail(sc->err, MEIRO_ERROR_TOO_BIG,
                    "%s has an entity of more than %u bytes: refused (an entity bomb?)", sc->what,
                    SVG_MAX_ENTITY_BYTES);
    if (sc->n_ent == MAX_ENTITIES)
        return fail(sc->err, MEIRO_ERROR_TOO_BIG, "%s declares more than %d entities: refused",
                    sc->what, MAX_ENTITIES);
    if (!find_entity(sc, sc->s + name, name_len)) /* the first declaration counts */
        sc->ent[sc->n_ent++] = (entity){sc->s + name, name_len, expanded};
    sc->i = (size_t)(end - sc->s) + 1;
    return MEIRO_OK;
}

/* The end of a declaration or other markup from i: its '>', quotes kept. */
static size_t skip_decl(const scanner *sc, size_t i)
{
    while (i < sc->n && sc->s[i] != '>') {
        if (sc->s[i] == '"' || sc->s[i] == '\'') {
            const unsigned char *q = memchr(sc->s + i + 1, sc->s[i], sc->n - i - 1);
            i = q ? (size_t)(q - sc->s) : sc->n;
        }
        i++;
    }
    return i;
}

/* <!DOCTYPE ...> at sc->i, with its internal subset. */
static meiro_status doctype(scanner *sc)
{
    size_t i = sc->i + 9;
    while (i < sc->n && sc->s[i] != '[' && sc->s[i] != '>') {
        if (sc->s[i] == '"' || sc->s[i] == '\'') {
            const unsigned char *q = memchr(sc->s + i + 1, sc->s[i], sc->n - i - 1);
            i = q ? (size_t)(q - sc->s) : sc->n;
        }
        i++;
    }
    if (i < sc->n && sc->s[i] == '[') {
        i++;
        while (i < sc->n && sc->s[i] != ']') {
            if (at(sc, i, "<!--")) {
                i = find(sc, i + 4, "-->") + 3;
            } else if (at(sc, i, "<?")) { /* whole: a quote in it hides nothing after it */
                i = find(sc, i + 2, "?>") + 2;
            } else if (at(sc, i, "<!ENTITY")) {
                sc->i = i + 8;
                meiro_status s = entity_decl(sc);
                if (s != MEIRO_OK) return s;
                i = skip_decl(sc, sc->i) + 1;
            } else if (at(sc, i, "<!ATTLIST")) {
                return fail(sc->err, MEIRO_ERROR_PARSE,
                            "%s declares attributes in its DTD (<!ATTLIST>): meiro takes none",
                            sc->what);
            } else if (sc->s[i] == '%') {
                return fail(sc->err, MEIRO_ERROR_PARSE,
                            "%s uses a parameter entity: meiro takes none", sc->what);
            } else if (sc->s[i] == '<') {
                i = skip_decl(sc, i) + 1;
            } else {
                i++;
            }
        }
    }
    sc->i = skip_decl(sc, i) + 1;
    return MEIRO_OK;
}

/* ---- Values ---- */

/* The characters of an attribute value, character references decoded;
 * -1 at its end, -2 at an entity of the document's own. */
typedef struct cursor {
    const scanner *sc;
    const unsigned char *p, *end;
} cursor;

static int next_char(cursor *c)
{
    if (c->p >= c->end) return -1;
    if (*c->p != '&') return *c->p++;
    const entity *e;
    size_t r = entity_ref(c->sc, c->p, (size_t)(c->end - c->p), &e);
    if (!r) return *c->p++;
    const unsigned char *name = c->p + 1;
    size_t len = r - 2;
    c->p += r;
    if (e) return -2;
    static const struct {
        const char *name;
        char c;
    } predefined[] = {{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
    for (size_t k = 0; k < 5; k++)
        if (same(name, len, predefined[k].name)) return predefined[k].c;
    if (len >= 2 && name[0] == '#') {
        unsigned long v =
            strtoul((const char *)name + 1 + (name[1] == 'x'), NULL, name[1] == 'x' ? 16 : 10);
        return v < 0x80 ? (int)v : 0x80; /* only ASCII matters here */
    }
    return -2;
}

static int base64_value(int ch)
{
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    if (ch == '+' || ch == '-') return 62;
    if (ch == '/' || ch == '_') return 63;
    return -1;
}

/* The next byte of base64 text, or -1 at its end. */
typedef struct b64 {
    cursor *c;
    uint32_t bits;
    int n;
} b64;

static int next_byte(b64 *b)
{
    while (b->n < 8) {
        int ch = next_char(b->c);
        if (ch == -1 || ch == -2 || ch == '=') return -1;
        int v = base64_value(ch);
        if (v < 0) continue; /* spaces and line breaks */
        b->bits = b->bits << 6 | (uint32_t)v;
        b->n += 6;
    }
    b->n -= 8;
    return (int)(b->bits >> b->n & 0xff);
}

/* A JPEG's size: the first frame header (SOFn) among its segments. */
static bool jpeg_size(b64 *b, uint32_t *w, uint32_t *h)
{
    if (next_byte(b) != 0xff || next_byte(b) != 0xd8) return false;
    for (;;) {
        int c = next_byte(b);
        if (c < 0) return false;
        if (c != 0xff) continue;
        int m;
        do m = next_byte(b);
        while (m == 0xff);
        if (m < 0) return false;
        if (m == 0xd8 || m == 0x01 || (m >= 0xd0 && m <= 0xd7) || m == 0) continue;
        int hi = next_byte(b), lo = next_byte(b);
        if (hi < 0 || lo < 0) return false;
        long len = hi << 8 | lo;
        bool sof = m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc;
        if (sof) {
            int v[5];
            for (int k = 0; k < 5; k++)
                if ((v[k] = next_byte(b)) < 0) return false;
            *h = (uint32_t)(v[1] << 8 | v[2]);
            *w = (uint32_t)(v[3] << 8 | v[4]);
            return true;
        }
        for (long k = 2; k < len; k++)
            if (next_byte(b) < 0) return false;
    }
}

bool picture_png_size(const unsigned char *data, size_t size, uint32_t *width, uint32_t *height)
{
    static const unsigned char magic[16] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                            0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    if (size < 24 || memcmp(data, magic, 16) != 0) return false;
    *width =
        (uint32_t)data[16] << 24 | (uint32_t)data[17] << 16 | (uint32_t)data[18] << 8 | data[19];
    *height =
        (uint32_t)data[20] << 24 | (uint32_t)data[21] << 16 | (uint32_t)data[22] << 8 | data[23];
    return true;
}

/* A data: URL (the value from its "data:"): a PNG or JPEG in base64,
 * counted in pixels before librsvg decodes it whole. */
static meiro_status data_url(scanner *sc, cursor *c)
{
    char type[48];
    size_t n = 0;
    int ch;
    while ((ch = next_char(c)) >= 0 && ch != ',')
        if (n + 1 < sizeof type) type[n++] = (char)lower((unsigned char)ch);
    type[n] = 0;
    bool png = strcmp(type, "image/png;base64") == 0;
    bool jpeg = strcmp(type, "image/jpeg;base64") == 0 || strcmp(type, "image/jpg;base64") == 0;
    if (ch == -2)
        return fail(sc->err, MEIRO_ERROR_PARSE, "%s has an entity inside a data: URL: refused",
                    sc->what);
    if (!png && !jpeg)
        return fail(
            sc->err, MEIRO_ERROR_PARSE,
            "%s embeds a data: URL of type '%s': meiro takes PNG and JPEG images in base64 only",
            sc->what, type);
    b64 b = {c, 0, 0};
    uint32_t w = 0, h = 0;
    bool sized = false;
    if (png) {
        unsigned char head[24];
        size_t k = 0;
        for (int v; k < sizeof head && (v = next_byte(&b)) >= 0;) head[k++] = (unsigned char)v;
        sized = picture_png_size(head, k, &w, &h);
    } else {
        sized = jpeg_size(&b, &w, &h);
    }
    if (!sized || w == 0 || h == 0)
        return fail(sc->err, MEIRO_ERROR_PARSE, "%s embeds a %s image without a readable size",
                    sc->what, png ? "PNG" : "JPEG");
    sc->pixels += (uint64_t)w * h;
    if (sc->pixels > PICTURE_MAX_EMBEDDED_PIXELS)
        return fail(sc->err, MEIRO_ERROR_TOO_BIG,
                    "%s embeds images of more than %u megapixels (one is %lu x %lu): refused",
                    sc->what, PICTURE_MAX_EMBEDDED_PIXELS >> 20, (unsigned long)w,
                    (unsigned long)h);
    return MEIRO_OK;
}

static meiro_status add_ref(scanner *sc, uint32_t from, const unsigned char *id, size_t len)
{
    if (len == 0) return MEIRO_OK;
    if (sc->n_refs >= SVG_MAX_DRAWN) /* each draws at least one element */
        return fail(sc->err, MEIRO_ERROR_TOO_BIG,
                    "%s refers to its elements more than %u times: refused", sc->what,
                    SVG_MAX_DRAWN);
    if (!vec_reserve(&sc->refs, &sc->refs_cap, sc->n_refs + 1, sizeof *sc->refs, 64))
        return fail(sc->err, MEIRO_ERROR_NOMEM, "out of memory");
    sc->refs[sc->n_refs++] = (ref){from, (uint32_t)len, id};
    return MEIRO_OK;
}

/* The url(#id) references in p[0..len). */
static meiro_status url_refs(scanner *sc, uint32_t from, const unsigned char *p, size_t len)
{
    for (size_t k = 0; k + 4 <= len; k++) {
        if (lower(p[k]) != 'u' || lower(p[k + 1]) != 'r' || lower(p[k + 2]) != 'l' ||
            p[k + 3] != '(')
            continue;
        size_t j = k + 4;
        while (j < len && (is_space(p[j]) || p[j] == '"' || p[j] == '\'')) j++;
        if (j >= len || p[j] != '#') continue;
        size_t id = ++j;
        while (j < len && p[j] != ')' && p[j] != '"' && p[j] != '\'' && !is_space(p[j])) j++;
        meiro_status s = add_ref(sc, from, p + id, j - id);
        if (s != MEIRO_OK) return s;
    }
    return MEIRO_OK;
}

/* A style sheet or a style attribute. */
static meiro_status css(scanner *sc, uint32_t from, const unsigned char *p, size_t len)
{
    if (contains(p, len, "filter"))
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s uses filters, which can take minutes to draw: meiro takes none", sc->what);
    if (contains(p, len, "marker"))
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s uses markers: meiro takes none (draw the shapes themselves)", sc->what);
    /* an escape or a reference spells a word the checks above miss
     * ("fil&#116;er:", "fil\\74er:") */
    if (memchr(p, '\\', len) || memchr(p, '&', len) || contains(p, len, "data:") ||
        contains(p, len, "@import"))
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s has escapes, references, data: URLs or @import in its style: meiro takes "
                    "plain properties only",
                    sc->what);
    return url_refs(sc, from, p, len);
}

/* ---- Elements ---- */

static meiro_status attribute(scanner *sc, uint32_t el, bool link_is_ref, const unsigned char *name,
                              size_t name_len, const unsigned char *v, size_t len)
{
    if (same(name, name_len, "xml:base"))
        return fail(sc->err, MEIRO_ERROR_PARSE, "%s sets xml:base: meiro reads no other file",
                    sc->what);
    local_name(&name, &name_len);
    meiro_status s = count_references(sc, v, len, NULL);
    if (s != MEIRO_OK) return s;
    if (same(name, name_len, "id")) {
        sc->el[el].id = v;
        sc->el[el].id_len = (uint32_t)len;
        return MEIRO_OK;
    }
    if (same(name, name_len, "style")) return css(sc, el, v, len);
    cursor c = {sc, v, v + len};
    int ch;
    while ((ch = next_char(&c)) >= 0 && is_space((unsigned char)ch)) {}
    size_t a = 0, b = len; /* the value without the spaces around it */
    while (a < b && is_space(v[a])) a++;
    while (b > a && is_space(v[b - 1])) b--;
    bool none = same(v + a, b - a, "none");
    if (same(name, name_len, "filter") && !none)
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s uses filters, which can take minutes to draw: meiro takes none", sc->what);
    if (name_len >= 6 && memcmp(name, "marker", 6) == 0 && !none)
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s uses markers: meiro takes none (draw the shapes themselves)", sc->what);
    if (same(name, name_len, "href")) {
        if (ch == -2)
            return fail(sc->err, MEIRO_ERROR_PARSE, "%s has an entity inside a link: refused",
                        sc->what);
        if (ch == '#' && link_is_ref) return add_ref(sc, el, c.p, (size_t)(c.end - c.p));
        if (lower((unsigned char)ch) == 'd') {
            char word[5] = {(char)ch, 0, 0, 0, 0};
            for (int k = 1; k < 5 && (ch = next_char(&c)) >= 0; k++)
                word[k] = (char)lower((unsigned char)ch);
            if (memcmp(word, "data:", 5) == 0) return data_url(sc, &c);
        }
        return MEIRO_OK;
    }
    return url_refs(sc, el, v, len);
}

/* A start tag at sc->i ('<' then a name). */
static meiro_status start_tag(scanner *sc)
{
    size_t i = sc->i + 1, name = i;
    i = read_name(sc, i);
    const unsigned char *local = sc->s + name;
    size_t local_len = i - name;
    local_name(&local, &local_len);
    if (sc->n_el >= SVG_MAX_ELEMENTS)
        return fail(sc->err, MEIRO_ERROR_TOO_BIG,
                    "%s has more than %u elements: refused (simplify the drawing)", sc->what,
                    SVG_MAX_ELEMENTS);
    if (same(local, local_len, "filter") || (local_len > 2 && local[0] == 'f' && local[1] == 'e'))
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s uses filters, which can take minutes to draw: meiro takes none", sc->what);
    if (same(local, local_len, "marker"))
        return fail(sc->err, MEIRO_ERROR_PARSE,
                    "%s uses markers: meiro takes none (draw the shapes themselves)", sc->what);
    if (!vec_reserve(&sc->el, &sc->el_cap, sc->n_el + 1, sizeof *sc->el, 256))
        return fail(sc->err, MEIRO_ERROR_NOMEM, "out of memory");
    uint32_t el = (uint32_t)sc->n_el++;
    uint32_t parent = sc->depth ? sc->stack[sc->depth - 1] : NONE;
    sc->el[el] = (element){
        parent, 0, NULL, same(local, local_len, "text") || (parent != NONE && sc->el[parent].text)};
    bool link_is_ref = !same(local, local_len, "a");
    for (;;) {
        while (i < sc->n && is_space(sc->s[i])) i++;
        if (i >= sc->n) break;
        if (sc->s[i] == '>' || (sc->s[i] == '/' && i + 1 < sc->n && sc->s[i + 1] == '>')) break;
        size_t an = i;
        i = read_name(sc, i);
        if (i == an) { /* not XML: librsvg will say so */
            i++;
            continue;
        }
        size_t an_len = i - an;
        while (i < sc->n && is_space(sc->s[i])) i++;
        if (i >= sc->n || sc->s[i] != '=') continue;
        i++;
        while (i < sc->n && is_space(sc->s[i])) i++;
        if (i >= sc->n || (sc->s[i] != '"' && sc->s[i] != '\'')) continue;
        const unsigned char *v = sc->s + i + 1, *end = memchr(v, sc->s[i], sc->n - i - 1);
        if (!end) {
            i = sc->n;
            break;
        }
        meiro_status s = attribute(sc, el, link_is_ref, sc->s + an, an_len, v, (size_t)(end - v));
        if (s != MEIRO_OK) return s;
        i = (size_t)(end - sc->s) + 1;
    }
    if (i >= sc->n) { /* the file ends inside the tag: librsvg will say so */
        sc->i = sc->n;
        return MEIRO_OK;
    }
    bool empty = sc->s[i] == '/';
    sc->i = i + (empty ? 2 : 1);
    if (empty) return MEIRO_OK;
    if (sc->depth == SVG_MAX_DEPTH)
        return fail(sc->err, MEIRO_ERROR_TOO_BIG,
                    "%s nests its elements more than %u deep: refused", sc->what, SVG_MAX_DEPTH);
    sc->stack[sc->depth++] = el;
    if (same(local, local_len, "style")) { /* its text to the end tag, CDATA sections in it */
        size_t end = sc->i;
        while (end < sc->n && !at(sc, end, "</"))
            end = at(sc, end, "<![CDATA[") ? find(sc, end + 9, "]]>") + 3 : end + 1;
        return css(sc, NONE, sc->s + sc->i, (end < sc->n ? end : sc->n) - sc->i);
    }
    return MEIRO_OK;
}

/* ---- What is drawn, every reference followed ---- */

typedef struct id_entry {
    const unsigned char *id;
    uint32_t len, el;
} id_entry;

static int by_id(const void *a, const void *b)
{
    const id_entry *x = a, *y = b;
    int c = memcmp(x->id, y->id, x->len < y->len ? x->len : y->len);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

static uint32_t lookup(const id_entry *ids, size_t n, const unsigned char *id, uint32_t len)
{
    size_t lo = 0, hi = n;
    id_entry key = {id, len, 0};
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = by_id(&key, &ids[mid]);
        if (c == 0) return ids[mid].el;
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return NONE;
}

/* Elements drawn: each element once, its children, and what it refers to
 * as often as it refers to it, by a depth-first walk on an explicit stack
 * (a loop of references is refused, as librsvg would refuse it). */
static meiro_status count_drawn(scanner *sc)
{
    size_t n = sc->n_el;
    if (n == 0) return MEIRO_OK;
    meiro_status s = MEIRO_OK;
    id_entry *ids = alloc_array(n, sizeof *ids);
    /* the edges of each element, children then references, grouped by element */
    uint32_t *first = zalloc(n + 2, sizeof *first),
             *edge = alloc_array(n + sc->n_refs + 1, sizeof *edge);
    uint32_t *cost = zalloc(n, sizeof *cost), *next = zalloc(n, sizeof *next);
    uint8_t *state = zalloc(n, 1);
    uint32_t *stack = alloc_array(n, sizeof *stack);
    if (!ids || !first || !edge || !cost || !next || !state || !stack) {
        s = fail(sc->err, MEIRO_ERROR_NOMEM, "out of memory");
        goto done;
    }
    size_t n_ids = 0;
    for (size_t k = 0; k < n; k++)
        if (sc->el[k].id) ids[n_ids++] = (id_entry){sc->el[k].id, sc->el[k].id_len, (uint32_t)k};
    qsort(ids, n_ids, sizeof *ids, by_id);
    uint64_t sheet = 0; /* elements a style sheet's references draw, for every element */
    for (size_t k = 0; k < n; k++)
        if (sc->el[k].parent != NONE) first[sc->el[k].parent + 2]++;
    for (size_t r = 0; r < sc->n_refs; r++)
        if (sc->refs[r].from != NONE && lookup(ids, n_ids, sc->refs[r].id, sc->refs[r].len) != NONE)
            first[sc->refs[r].from + 2]++;
    for (size_t k = 2; k < n + 2; k++) first[k] += first[k - 1];
    for (size_t k = 0; k < n; k++)
        if (sc->el[k].parent != NONE) edge[first[sc->el[k].parent + 1]++] = (uint32_t)k;
    for (size_t r = 0; r < sc->n_refs; r++) {
        uint32_t to = lookup(ids, n_ids, sc->refs[r].id, sc->refs[r].len);
        if (to != NONE && sc->refs[r].from != NONE) edge[first[sc->refs[r].from + 1]++] = to;
    }
    /* now first[k] .. first[k + 1] are the edges of element k */
    const uint32_t cap = SVG_MAX_DRAWN + 1;
    for (size_t root = 0; root < n && s == MEIRO_OK; root++) {
        if (state[root]) continue;
        size_t top = 0;
        stack[top++] = (uint32_t)root;
        state[root] = 1;
        next[root] = first[root];
        cost[root] = 1;
        while (top) {
            uint32_t v = stack[top - 1];
            if (next[v] < first[v + 1]) {
                uint32_t w = edge[next[v]++];
                if (state[w] == 1) {
                    s = fail(sc->err, MEIRO_ERROR_PARSE,
                             "%s has an element that refers to itself: refused", sc->what);
                    break;
                }
                if (state[w] == 0) {
                    state[w] = 1;
                    next[w] = first[w];
                    cost[w] = 1;
                    stack[top++] = w;
                    continue;
                }
                cost[v] = cost[v] + cost[w] < cap ? cost[v] + cost[w] : cap;
                continue;
            }
            state[v] = 2;
            top--;
            if (top) {
                uint32_t u = stack[top - 1];
                cost[u] = cost[u] + cost[v] < cap ? cost[u] + cost[v] : cap;
            }
        }
    }
    if (s != MEIRO_OK) goto done;
    uint64_t drawn = 0;
    for (size_t k = 0; k < n; k++)
        if (sc->el[k].parent == NONE) drawn += cost[k];
    for (size_t r = 0; r < sc->n_refs; r++) {
        uint32_t to =
            sc->refs[r].from == NONE ? lookup(ids, n_ids, sc->refs[r].id, sc->refs[r].len) : NONE;
        if (to != NONE) sheet += cost[to];
    }
    drawn += sheet * n;
    if (drawn > SVG_MAX_DRAWN)
        s = fail(
            sc->err, MEIRO_ERROR_TOO_BIG,
            "%s draws more than %u elements once its <use> and url(#) references are followed: refused",
            sc->what, SVG_MAX_DRAWN);
done:
    free(ids);
    free(first);
    free(edge);
    free(cost);
    free(next);
    free(state);
    free(stack);
    return s;
}

meiro_status svg_scan(const unsigned char *data, size_t size, const char *what, meiro_error *err)
{
    scanner sc = {.s = data, .n = size, .what = what, .err = err};
    meiro_status s = MEIRO_OK;
    while (s == MEIRO_OK && sc.i < sc.n) {
        const unsigned char *lt = memchr(sc.s + sc.i, '<', sc.n - sc.i);
        size_t next = lt ? (size_t)(lt - sc.s) : sc.n;
        uint64_t expanded = 0; /* character data, and text to set if in a <text> */
        s = count_references(&sc, sc.s + sc.i, next - sc.i, &expanded);
        if (s == MEIRO_OK && sc.depth && sc.el[sc.stack[sc.depth - 1]].text) {
            for (size_t k = sc.i; k < next; k++) sc.text += !is_space(sc.s[k]);
            sc.text += expanded;
            if (sc.text > SVG_MAX_TEXT)
                s = fail(err, MEIRO_ERROR_TOO_BIG,
                         "%s has more than %u characters of text to set: refused", what,
                         SVG_MAX_TEXT);
        }
        sc.i = next;
        if (s != MEIRO_OK || sc.i >= sc.n) break;
        if (at(&sc, sc.i, "<!--")) {
            sc.i = find(&sc, sc.i + 4, "-->") + 3;
        } else if (at(&sc, sc.i, "<![CDATA[")) { /* text to set, in a <text> */
            size_t end = find(&sc, sc.i + 9, "]]>");
            if (sc.depth && sc.el[sc.stack[sc.depth - 1]].text)
                for (size_t k = sc.i + 9; k < end && k < sc.n; k++) sc.text += !is_space(sc.s[k]);
            if (sc.text > SVG_MAX_TEXT)
                s = fail(err, MEIRO_ERROR_TOO_BIG,
                         "%s has more than %u characters of text to set: refused", what,
                         SVG_MAX_TEXT);
            sc.i = end + 3;
        } else if (at(&sc, sc.i, "<?xml-stylesheet")) {
            s = fail(err, MEIRO_ERROR_PARSE,
                     "%s takes a style sheet from a processing instruction (xml-stylesheet): "
                     "meiro takes styles in the drawing only",
                     what);
        } else if (at(&sc, sc.i, "<?")) {
            sc.i = find(&sc, sc.i + 2, "?>") + 2;
        } else if (at(&sc, sc.i, "<!DOCTYPE")) {
            s = doctype(&sc);
        } else if (at(&sc, sc.i, "</")) {
            if (sc.depth) sc.depth--;
            sc.i = skip_decl(&sc, sc.i) + 1;
        } else if (at(&sc, sc.i, "<!")) {
            sc.i = skip_decl(&sc, sc.i) + 1;
        } else if (sc.i + 1 < sc.n && is_name(sc.s[sc.i + 1])) {
            s = start_tag(&sc);
        } else {
            sc.i++;
        }
    }
    if (s == MEIRO_OK) s = count_drawn(&sc);
    free(sc.el);
    free(sc.refs);
    return s;
}
