/* FreeType's, HarfBuzz's and fontconfig's table (glyph/glyph_libs.h),
 * filled once when the libraries are opened by soname. */
#define _GNU_SOURCE
#include "glyph/glyph_libs.h"

#include "core/error.h"

#include <threads.h>

/* each library's functions, checked against its header's prototypes (the
 * table is filled by name: a changed prototype fails here, not at a call) */
#define CHECK(ret, name, params)                                                                   \
    _Static_assert(_Generic(&name, ret(*) params : 1, default : 0), #name "'s prototype");
GLYPH_FT_FUNCTIONS(CHECK)
GLYPH_HB_FUNCTIONS(CHECK)
GLYPH_FC_FUNCTIONS(CHECK)

static glyph_libs table;
static once_flag once = ONCE_FLAG_INIT;
static char why[600]; /* which library could not be opened, and why */

#ifdef MEIRO_GLYPH_LINKED
/* the libraries linked in (the WebAssembly build, web/web.mk): their own
 * functions */
static void open_glyph(void)
{
#define TAKE(ret, name, params) table.name = name;
    GLYPH_FT_FUNCTIONS(TAKE)
    GLYPH_HB_FUNCTIONS(TAKE)
    GLYPH_FC_FUNCTIONS(TAKE)
}
#else
static lazy_lib freetype = LAZY_LIB(MEIRO_FREETYPE_SONAME);
static lazy_lib harfbuzz = LAZY_LIB(MEIRO_HARFBUZZ_SONAME);
#ifndef MEIRO_NO_FONTCONFIG
static lazy_lib fontconfig = LAZY_LIB(MEIRO_FONTCONFIG_SONAME);
#endif

/* Each library opened and its functions looked up, in turn; the first
 * that cannot be leaves why saying so. */
static void open_glyph(void)
{
    lazy_lib *from;
    bool found;
#define LOOK_UP(ret, name, params)                                                                 \
    found = found && lazy_sym(from, #name, &table.name, sizeof table.name);
#define OPEN(lib, FUNCTIONS)                                                                       \
    from = &lib;                                                                                   \
    lazy_dlopen(from);                                                                             \
    found = from->handle != NULL;                                                                  \
    FUNCTIONS(LOOK_UP)                                                                             \
    if (!found) {                                                                                  \
        snprintf(why, sizeof why, "cannot load %s (the text measurer): %s", from->soname,          \
                 from->why);                                                                       \
        return;                                                                                    \
    }
    OPEN(freetype, GLYPH_FT_FUNCTIONS)
    OPEN(harfbuzz, GLYPH_HB_FUNCTIONS)
#ifndef MEIRO_NO_FONTCONFIG
    OPEN(fontconfig, GLYPH_FC_FUNCTIONS)
#endif
}
#endif

const glyph_libs *lib_glyph(meiro_error *err)
{
    call_once(&once, open_glyph);
    if (!why[0]) return &table;
    /* under `ulimit -v` the loader cannot map a library: out of memory */
    bool nomem = strstr(why, "failed to map") || strstr(why, "allocate memory");
    fail(err, nomem ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_IO, "%s%s", nomem ? "out of memory: " : "",
         why);
    return NULL;
}
