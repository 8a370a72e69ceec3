#!/bin/sh
# Fails if a layer's objects use a symbol defined in a layer above it or
# beside it (the layers are in tools/layers.sh): the link-level twin of
# tools/check-layers.sh, which sees includes only, so a call through the
# public API (meiro.h, which every layer may include) passes it. Every
# undefined symbol of each object (nm -u) is looked up among the symbols
# the library's objects define; a symbol no object defines (libc, cairo...)
# is not ours. Usage: tools/check-links.sh [BUILD_DIR]
build=${1:-build}
obj=$build/obj
. "$(dirname "$0")/layers.sh"

[ -d "$obj" ] || { echo "check-links: $obj is missing (build first)"; exit 1; }

# The objects of the library and the command line: those whose source is in
# src/ (or generated into $build/gen/), not stale ones or the tests' own.
objects() {
    find "$obj" -name '*.o' | sort | while read -r o; do
        rel=${o#"$obj"/}
        base=$(basename "$rel" .o)
        if [ -e "src/${rel%.o}.c" ] || [ -e "$build/gen/$base.c" ]; then echo "$o"; fi
    done
}

layer_of() {
    rel=${1#"$obj"/}
    case "$rel" in
        */*) echo "${rel%%/*}" ;;
        *) echo top ;;
    esac
}

list=$(objects)
[ -n "$list" ] || { echo "check-links: no objects in $obj"; exit 1; }
for o in $list; do
    layer=$(layer_of "$o")
    # render_lazy.o stands in for render (src/render/module.h), render_libs.o
    # for librsvg and gdk-pixbuf: their forwarders are not where the symbols live
    case "$o" in */render_lazy.o | */render_libs.o | */xlsx_libs.o | */glib_libs.o) ;; *)
    nm -g --defined-only "$o" | awk -v l="$layer" 'NF == 3 { print "D", $3, l }' ;; esac
    nm -u "$o" | awk -v l="$layer" -v o="$o" -v ok=" $(allowed "$layer") " '{ print "U", $2, l, o, ok }'
done | awk '
    $1 == "D" { where[$2] = $3; next }
    { use[++n] = $0 }
    END {
        bad = 0
        for (k = 1; k <= n; k++) {
            split(use[k], f, " ")
            sym = f[2]; layer = f[3]; file = f[4]
            if (!(sym in where)) continue          # not ours: a system library
            ok = substr(use[k], index(use[k], file) + length(file))
            if (index(ok, " " where[sym] " ")) continue
            gsub(/^ +| +$/, "", ok)
            printf "check-links: %s (layer %s) uses %s from layer %s (it may use: %s)\n",
                   file, layer, sym, where[sym], ok
            bad = 1
        }
        exit bad
    }' || exit 1
echo "check-links: every symbol stays in its layer"
