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
        base=${rel##*/}
        base=${base%.o}
        if [ -e "src/${rel%.o}.c" ] || [ -e "$build/gen/$base.c" ]; then echo "$o"; fi
    done
}

list=$(objects)
[ -n "$list" ] || { echo "check-links: no objects in $obj"; exit 1; }
# each layer's allowed layers, a line "ALLOW LAYER USES..." each; then every
# object's symbols from two runs of nm over all of them (nm -A: "FILE: ...")
{
    for layer in core gen solve watch io content solid page glyph compose shapes press draw xlsx job cli serve; do
        echo "ALLOW $layer $(allowed "$layer")"
    done
    # shellcheck disable=SC2086
    nm -A -g --defined-only $list | awk 'NF == 3 { print "D", $1, $3 }'
    # shellcheck disable=SC2086
    nm -A -u $list | awk '{ print "U", $1, $NF }'
} | awk -v obj="$obj/" '
    # the layer of FILE: (its folder under obj/; none for a loose object)
    function layer_of(file,    rel) {
        sub(/:.*/, "", file) # nm -A: "FILE:ADDRESS T NAME", "FILE: U NAME"
        rel = substr(file, length(obj) + 1)
        return index(rel, "/") ? substr(rel, 1, index(rel, "/") - 1) : "none"
    }
    $1 == "ALLOW" { ok[$2] = " " substr($0, length($1 $2) + 3) " "; next }
    $1 == "D" { where[$3] = layer_of($2); next }
    { f = $2; sub(/:.*/, "", f); use[++n] = f " " $3 " " layer_of($2) }
    END {
        bad = 0
        for (k = 1; k <= n; k++) {
            split(use[k], u, " ")
            file = u[1]; sym = u[2]; layer = u[3]
            if (!(sym in where)) continue          # not ours: a system library
            if (index(ok[layer], " " where[sym] " ")) continue
            allowed = ok[layer]
            gsub(/^ +| +$/, "", allowed)
            printf "check-links: %s (layer %s) uses %s from layer %s (it may use: %s)\n",
                   file, layer, sym, where[sym], allowed
            bad = 1
        }
        exit bad
    }' || exit 1
echo "check-links: every symbol stays in its layer"
