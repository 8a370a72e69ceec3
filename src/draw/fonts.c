/* render_fonts_preload: the fonts of the pages and of the names looked up
 * once, ahead, in the calling thread (meiro serve forks its children from
 * a thread that did, so no child reads fontconfig's configuration or
 * matches a font again). It draws nothing: no cairo surface is made, as
 * cairo numbers its surfaces in the SVGs it writes and a page must come
 * out the same in a fresh process. Made for a process that forks after:
 * glib's idle worker threads are ended (below). */
#include "glyph/text_mask.h"
#include "compose/draw.h"
#include "draw/draw_cairo.h"
#include "shapes/image_libs.h"
#include "draw/module.h"

/* The families of the page's texts and of the text masks
 * (glyph/text_mask.h), with the options draw_cairo.c's set_layout sets, so pango's caches hold what they
 * will ask, and fontconfig's (the masks' fonts, matched by glyph/font.c
 * through the same fontconfig) what it will sort. */
static const char *const families[] = {FONT_FAMILY, TEXT_FONT, TEXT_FONT_NARROW};

bool render_fonts_preload(void)
{
    PangoFontMap *map = pango_cairo_font_map_get_default(); /* this thread's */
    if (!map) return false;
    bool ok = true;
    static const char *const langs[] = {"en", "ja"};
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        PangoContext *pc = pango_font_map_create_context(map);
        if (!pc) return false;
        cairo_font_options_t *fo = cairo_font_options_create();
        cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
        cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
        pango_context_set_matrix(pc, NULL);
        pango_cairo_context_set_font_options(pc, fo);
        pango_context_set_round_glyph_positions(pc, FALSE);
        cairo_font_options_destroy(fo);
        pango_context_set_language(pc, pango_language_from_string(langs[l]));
        for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
            for (int bold = 0; bold < 2; bold++) {
                PangoLayout *layout = pango_layout_new(pc);
                PangoFontDescription *desc = pango_font_description_from_string(families[f]);
                if (!layout || !desc) {
                    ok = false;
                } else {
                    pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD
                                                                 : PANGO_WEIGHT_NORMAL);
                    pango_font_description_set_absolute_size(desc, 10 * PANGO_SCALE);
                    pango_layout_set_font_description(layout, desc);
                    pango_layout_set_text(layout, "Sスタート0 Aaはな迷路", -1);
                    PangoRectangle ink;
                    pango_layout_get_extents(layout, &ink, NULL);
                    ok = ok && ink.width > 0;
                }
                if (desc) pango_font_description_free(desc);
                if (layout) g_object_unref(layout);
            }
        g_object_unref(pc);
    }
    /* librsvg (the shapes' and the art's pictures), opened on first use in
     * the module: opened here, once, by reading a picture it draws nothing
     * of (no cairo surface), so a child drawing a heart or a bunny does not
     * open it and its libraries again (ICU, libxml2: a preview's 70 ms) */
    static const char empty_svg[] = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>";
    RsvgHandle *svg = lib_rsvg()->rsvg_handle_new_from_data((const guint8 *)empty_svg,
                                                            sizeof empty_svg - 1, NULL);
    if (svg) g_object_unref(svg);
    else ok = false;
    /* pango matches fonts in glib's shared worker threads, which wait a
     * while for more work once done; a process forked then (meiro serve's
     * children, in the first seconds) has none of them yet counts them as
     * waiting, and its next match waited forever. They end now, and none
     * waits again. */
    g_thread_pool_set_max_unused_threads(0);
    for (int i = 0; i < 2000 && g_thread_pool_get_num_unused_threads() > 0; i++) g_usleep(1000);
    return ok && g_thread_pool_get_num_unused_threads() == 0;
}
