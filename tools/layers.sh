# The layers of src/ (src/README.md), sourced by tools/check-layers.sh (the
# includes) and tools/check-links.sh (the symbols). Lowest first:
#   core <- gen, solve, watch, io <- page (core, gen) <- render <- top
#   core <- glyph (text measured, masks rasterised) <- render
#   (src/*.c) <- the front ends: cli and serve
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
        page) echo "core gen page" ;;
        glyph) echo "core glyph" ;;
        render) echo "core gen solve watch io page glyph render content" ;;
        top) echo "core gen solve watch io page glyph render top content" ;;
        cli) echo "core gen solve watch io page glyph render top cli serve content" ;;
        serve) echo "core gen solve watch io page glyph render top cli serve content" ;;
    esac
}
