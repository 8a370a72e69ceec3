# The layers of src/ (src/README.md), sourced by tools/check-layers.sh (the
# includes) and tools/check-links.sh (the symbols). Lowest first:
#   core <- gen, solve, watch, io, content, solid (meshes to 3D-print)
#     <- page (core, gen)
#   core <- glyph (text measured, masks rasterised) <- shapes (pictures'
#     masks, their scanner and sandbox) <- press (PDFs read and checked)
#   core, gen, content, page, glyph <- compose (pages composed onto a
#     canvas of ours, no drawing library: -f page's writer)
#   all of these <- draw (the drawing module: pages on cairo) <- xlsx (the
#     workbook; its pictures through the module's table) <- job (the top:
#     formats, plans, jobs, booklets) <- the front ends: cli and serve
# gen and solve do not see each other; the front ends see the public API
# only, and each other: cli starts `meiro serve`, serve reads generate's
# option table and runs the generate command.

# The folders a layer may use (its own included).
allowed() {
    case "$1" in
        core) echo "core" ;;
        gen) echo "core gen" ;;
        solve) echo "core solve" ;;
        watch) echo "core watch" ;;
        io) echo "core io" ;;
        content) echo "core content" ;;
        solid) echo "core solid" ;;
        page) echo "core gen page" ;;
        glyph) echo "core glyph" ;;
        compose) echo "core gen content page glyph compose" ;;
        shapes) echo "core glyph shapes" ;;
        press) echo "core io page shapes press" ;;
        draw) echo "core gen solve watch io content solid page glyph compose shapes press draw" ;;
        xlsx) echo "core gen solve watch io content solid page glyph compose shapes press draw xlsx" ;;
        job) echo "core gen solve watch io content solid page glyph compose shapes press draw xlsx job" ;;
        cli) echo "core gen solve watch io content solid page glyph compose shapes press draw xlsx job cli serve" ;;
        serve) echo "core gen solve watch io content solid page glyph compose shapes press draw xlsx job cli serve" ;;
    esac
}
