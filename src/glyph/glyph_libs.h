/* FreeType, HarfBuzz and fontconfig as a table of their functions, opened
 * on first use (issue 39): the measurer and the composer are in
 * libmeiro.so, so that -f page needs no drawing module, and a text, CSV or
 * JSON run still maps none of the three (tests/startup.sh). The measurer
 * calls lib_glyph()->NAME(...); no function of ours takes the libraries'
 * names. In the WebAssembly build (MEIRO_GLYPH_LINKED, web/web.mk) the
 * libraries are linked in and the table holds their own functions; it has
 * no fontconfig (MEIRO_NO_FONTCONFIG). */
#ifndef MEIRO_SRC_GLYPH_GLYPH_LIBS_H
#define MEIRO_SRC_GLYPH_GLYPH_LIBS_H

#include "core/lazy_lib.h"
#include "meiro.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BBOX_H
#include <hb-ft.h>
#include <hb.h>
#ifndef MEIRO_NO_FONTCONFIG
#include <fontconfig/fontconfig.h>
#endif

/* F(return type, name, parameters): what the measurer calls of each */
#define GLYPH_FT_FUNCTIONS(F)                                                                      \
    F(FT_Error, FT_Init_FreeType, (FT_Library * alibrary))                                         \
    F(FT_Error, FT_Done_FreeType, (FT_Library library))                                            \
    F(FT_Error, FT_New_Face,                                                                       \
      (FT_Library library, const char *filepathname, FT_Long face_index, FT_Face *aface))          \
    F(FT_Error, FT_New_Memory_Face,                                                                \
      (FT_Library library, const FT_Byte *file_base, FT_Long file_size, FT_Long face_index,        \
       FT_Face *aface))                                                                            \
    F(FT_Error, FT_Done_Face, (FT_Face face))                                                      \
    F(FT_UInt, FT_Get_Char_Index, (FT_Face face, FT_ULong charcode))                               \
    F(FT_Error, FT_Load_Glyph, (FT_Face face, FT_UInt glyph_index, FT_Int32 load_flags))           \
    F(FT_Error, FT_Outline_Decompose,                                                              \
      (FT_Outline * outline, const FT_Outline_Funcs *func_interface, void *user))                  \
    F(FT_Error, FT_Outline_Get_BBox, (FT_Outline * outline, FT_BBox * abbox))

#define GLYPH_HB_FUNCTIONS(F)                                                                      \
    F(void, hb_buffer_add_utf8,                                                                    \
      (hb_buffer_t * buffer, const char *text, int text_length, unsigned int item_offset,          \
       int item_length))                                                                           \
    F(hb_bool_t, hb_buffer_allocation_successful, (hb_buffer_t * buffer))                          \
    F(hb_buffer_t *, hb_buffer_create, (void))                                                     \
    F(void, hb_buffer_destroy, (hb_buffer_t * buffer))                                             \
    F(hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t * buffer, unsigned int *length))  \
    F(hb_glyph_position_t *, hb_buffer_get_glyph_positions,                                        \
      (hb_buffer_t * buffer, unsigned int *length))                                                \
    F(void, hb_buffer_guess_segment_properties, (hb_buffer_t * buffer))                            \
    F(void, hb_buffer_set_language, (hb_buffer_t * buffer, hb_language_t language))                \
    F(void, hb_face_destroy, (hb_face_t * face))                                                   \
    F(unsigned int, hb_face_get_upem, (const hb_face_t *face))                                     \
    F(hb_font_t *, hb_font_create, (hb_face_t * face))                                             \
    F(void, hb_font_destroy, (hb_font_t * font))                                                   \
    F(hb_font_t *, hb_font_get_empty, (void))                                                      \
    F(hb_bool_t, hb_font_get_h_extents, (hb_font_t * font, hb_font_extents_t * extents))           \
    F(void, hb_font_set_scale, (hb_font_t * font, int x_scale, int y_scale))                       \
    F(hb_face_t *, hb_ft_face_create_referenced, (FT_Face ft_face))                                \
    F(hb_language_t, hb_language_from_string, (const char *str, int len))                          \
    F(hb_direction_t, hb_script_get_horizontal_direction, (hb_script_t script))                    \
    F(void, hb_shape,                                                                              \
      (hb_font_t * font, hb_buffer_t * buffer, const hb_feature_t *features,                       \
       unsigned int num_features))                                                                 \
    F(hb_bool_t, hb_unicode_decompose,                                                             \
      (hb_unicode_funcs_t * ufuncs, hb_codepoint_t ab, hb_codepoint_t * a, hb_codepoint_t * b))    \
    F(hb_unicode_funcs_t *, hb_unicode_funcs_get_default, (void))                                  \
    F(hb_unicode_general_category_t, hb_unicode_general_category,                                  \
      (hb_unicode_funcs_t * ufuncs, hb_codepoint_t unicode))                                       \
    F(hb_script_t, hb_unicode_script, (hb_unicode_funcs_t * ufuncs, hb_codepoint_t unicode))

#ifndef MEIRO_NO_FONTCONFIG
#define GLYPH_FC_FUNCTIONS(F)                                                                      \
    F(FcBool, FcCharSetHasChar, (const FcCharSet *fcs, FcChar32 ucs4))                             \
    F(FcBool, FcConfigSubstitute, (FcConfig * config, FcPattern * p, FcMatchKind kind))            \
    F(void, FcDefaultSubstitute, (FcPattern * pattern))                                            \
    F(void, FcFontSetDestroy, (FcFontSet * s))                                                     \
    F(FcFontSet *, FcFontSort,                                                                     \
      (FcConfig * config, FcPattern * p, FcBool trim, FcCharSet * *csp, FcResult * result))        \
    F(FcBool, FcInit, (void))                                                                      \
    F(FcBool, FcPatternAddInteger, (FcPattern * p, const char *object, int i))                     \
    F(FcBool, FcPatternAddString, (FcPattern * p, const char *object, const FcChar8 *s))           \
    F(FcPattern *, FcPatternCreate, (void))                                                        \
    F(void, FcPatternDestroy, (FcPattern * p))                                                     \
    F(FcResult, FcPatternGetCharSet,                                                               \
      (const FcPattern *p, const char *object, int n, FcCharSet **c))                              \
    F(FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i))      \
    F(FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 **s))  \
    F(int, FcStrCmpIgnoreCase, (const FcChar8 *s1, const FcChar8 *s2))
#else
#define GLYPH_FC_FUNCTIONS(F)
#endif

typedef struct glyph_libs {
    GLYPH_FT_FUNCTIONS(LAZY_FIELD)
    GLYPH_HB_FUNCTIONS(LAZY_FIELD)
    GLYPH_FC_FUNCTIONS(LAZY_FIELD)
} glyph_libs;

/* The table, the libraries opened on the first call; NULL (err says which
 * library and why) when one cannot be. */
const glyph_libs *lib_glyph(meiro_error *err);

#endif /* MEIRO_SRC_GLYPH_GLYPH_LIBS_H */
