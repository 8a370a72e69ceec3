#!/bin/sh
# Fails if a source file includes a header of a layer above its own (the
# layers are in tools/layers.sh), or a library its layer may not use; the
# command line includes the public headers only. tools/check-links.sh checks
# the same layers where the public API would slip past this: in the symbols.
# Usage: tools/check-layers.sh [SRCDIR]   (prints one line per violation)
src=${1:-src}
status=0
. "$(dirname "$0")/layers.sh"

layer_of() {
    case "$1" in
        "$src"/cli/*) echo cli ;;
        "$src"/serve/*) echo serve ;;
        "$src"/*/*) f=${1#"$src"/}; echo "${f%%/*}" ;;
        *) echo "none" ;;
    esac
}

# third-party headers and the one layer (with those above it) that may use them
library_layer() {
    case "$1" in
        ini.h|liblouis.h) echo "page" ;;
        jansson.h|jansson_config.h) echo "io page draw job" ;;
        cairo*|pango/*) echo "shapes draw" ;;
        librsvg/*|gdk-pixbuf/*|png.h|glib*) echo "shapes draw" ;;
        qpdf/*) echo "press draw" ;;
        xlsxwriter.h|xlsxwriter/*) echo "xlsx" ;;
        ft2build.h|freetype/*|hb.h|hb-*.h|fontconfig/*) echo "glyph" ;;
        microhttpd.h) echo "serve" ;;
        *) echo any ;;
    esac
}

report() {
    echo "check-layers: $1: $2"
    status=1
}

for file in $(find "$src" -name '*.c' -o -name '*.h' | sort); do
    layer=$(layer_of "$file")
    if [ "$layer" = none ]; then
        report "$file" "a file outside every layer: put it in the folder of the layer it belongs to"
        continue
    fi
    ok=$(allowed "$layer")
    lineno=0
    while IFS= read -r line; do
        lineno=$((lineno + 1))
        case "$line" in
            '#include "'*)
                inc=${line#\#include \"}
                inc=${inc%%\"*}
                case "$inc" in
                    meiro.h | meiro/*) continue ;;
                esac
                if [ "$layer" = cli ]; then
                    [ "$inc" = cli.h ] && continue
                    report "$file:$lineno" "the command line uses the public API only, not \"$inc\""
                    continue
                fi
                if [ "$layer" = serve ]; then
                    [ "$inc" = cli.h ] || [ "$inc" = serve.h ] && continue
                    report "$file:$lineno" "the server uses the public API and cli.h only, not \"$inc\""
                    continue
                fi
                case "$inc" in
                    */*) dir=${inc%%/*} ;;
                    *) report "$file:$lineno" "\"$inc\": name the layer (\"core/model.h\")"; continue ;;
                esac
                case " $ok " in
                    *" $dir "*) ;;
                    *) report "$file:$lineno" "layer $layer may not include \"$inc\" (it may use: $ok)" ;;
                esac
                ;;
            '#include <'*)
                inc=${line#\#include <}
                inc=${inc%%>*}
                who=$(library_layer "$inc")
                [ "$who" = any ] && continue
                case " $who " in
                    *" $layer "*) ;;
                    *) report "$file:$lineno" "layer $layer may not use <$inc> (only: $who)" ;;
                esac
                ;;
        esac
    done < "$file"
done
# our own functions, types and variables stay out of the namespaces of
# the libraries we use (a static png_flush beside libpng's, a json_* helper
# beside jansson's): a name defined at the start of a line, or a typedef's
for file in $(find src -name '*.[ch]' | sort); do
    grep -nE '^([a-z_][a-z_0-9 ]*[ *])?(png|json|cairo|pango|rsvg|lxw|xml|ini|g|hb|ft|fc)_[a-z_0-9]+ *\(|^} *(png|json|cairo|pango|rsvg|lxw|xml|ini|g|hb|ft|fc)_[a-z_0-9]+;' "$file" |
        grep -vE '^[0-9]+: *(return|if|else|while|for)\b' | while IFS=: read -r lineno _; do
            echo "check-layers: $file:$lineno: a name in another library's namespace (use ours)"
        done
done > "${TMPDIR:-/tmp}/check-names.$$"
if [ -s "${TMPDIR:-/tmp}/check-names.$$" ]; then
    cat "${TMPDIR:-/tmp}/check-names.$$"
    status=1
fi
rm -f "${TMPDIR:-/tmp}/check-names.$$"
[ "$status" -eq 0 ] && echo "check-layers: every include stays in its layer, no name in another library's namespace"
exit "$status"
