#!/bin/sh
# Fails if the built library exports anything but the API: every symbol
# libmeiro.so exports under MEIRO_0 (the rest is MEIRO_PRIVATE, what the
# drawing module uses of it), and every global symbol of libmeiro.a, must
# start with meiro_; if libmeiro.so's soname is not the ABI's number in
# include/meiro.h (libmeiro.so.MEIRO_ABI_VERSION); if a module exports
# more than its entry; if a name is defined by two of our objects (the link
# would decide which runs); or if one of our objects defines a name (a
# function or variable, static or not, macro-made or not) that a library
# we use exports: their namespaces are theirs. Usage:
# tools/check-symbols.sh [BUILD_DIR]
build=${1:-build}
status=0
for lib in "$build/libmeiro.so" "$build/libmeiro.a"; do
    [ -e "$lib" ] || { echo "check-symbols: $lib is missing"; exit 1; }
done
stray=$(nm -D --defined-only "$build/libmeiro.so" | awk 'NF == 3 && $2 != "A" { print $3 }' |
    grep -v -e '^meiro_[a-z0-9_]*@@MEIRO_0$' -e '@@MEIRO_PRIVATE$')
if [ -n "$stray" ]; then
    echo "check-symbols: $build/libmeiro.so exports internals:" $stray
    status=1
fi
stray=$(nm -g --defined-only "$build/libmeiro.a" 2>/dev/null | awk 'NF == 3 && $2 != "A" { print $3 }' | grep -v '^meiro_')
if [ -n "$stray" ]; then
    echo "check-symbols: $build/libmeiro.a has global internals:" $stray
    status=1
fi
abi=$(sed -n 's/^#define MEIRO_ABI_VERSION \([0-9]*\)$/\1/p' "$(dirname "$0")/../include/meiro.h")
soname=$(objdump -p "$build/libmeiro.so" | awk '$1 == "SONAME" { print $2 }')
if [ -z "$abi" ] || [ "$soname" != "libmeiro.so.$abi" ]; then
    echo "check-symbols: $build/libmeiro.so's soname is '$soname', not libmeiro.so.$abi (MEIRO_ABI_VERSION)"
    status=1
fi
# the modules (src/draw/module.h, src/cli/serve_lazy.c) export their
# entry alone
for pair in "meiro-render-*.so meiro_render_module" "meiro-serve-*.so serve_main"; do
    set -- $pair
    found=
    for mod in "$build"/$1; do
        [ -e "$mod" ] || continue
        found=1
        got=$(nm -D --defined-only "$mod" | awk 'NF == 3 && $2 != "A" { sub(/@.*/, "", $3); print $3 }' | tr '\n' ' ')
        if [ "$got" != "$2 " ]; then
            echo "check-symbols: $mod exports '$got', not $2 alone"
            status=1
        fi
    done
    [ -n "$found" ] || { echo "check-symbols: $build/$1 is missing"; status=1; }
done

# Our objects: those whose source is in src/ (or generated into
# $build/gen/), as tools/check-links.sh reads them.
objects=$(find "$build/obj" -name '*.o' | sort | while read -r o; do
    rel=${o#"$build/obj"/}
    base=${rel##*/}
    base=${base%.o}
    if [ -e "src/${rel%.o}.c" ] || [ -e "$build/gen/$base.c" ]; then echo "$o"; fi
done)
[ -n "$objects" ] || { echo "check-symbols: no objects in $build/obj"; exit 1; }
# shellcheck disable=SC2086
twice=$(nm -A -g --defined-only $objects | awk 'NF == 3 { sub(/:[0-9a-f]*$/, "", $1); n[$3]++; f[$3] = f[$3] " " $1 }
    END { for (s in n) if (n[s] > 1) print s ":" f[s] }')
if [ -n "$twice" ]; then
    echo "check-symbols: defined twice (one name, one definition):"
    echo "$twice" | sed 's/^/    /'
    status=1
fi
# The libraries we use: what the library, the modules and the program link
# (ldd), and those the library opens by soname (src/shapes/image_libs.c, src/press/qpdf_lib.c,
# src/xlsx/xlsx_lib.c, src/shapes/glib_lib.c), found as the compiler finds them.
libs=$(for f in "$build"/libmeiro.so "$build"/meiro-*.so "$build"/meiro; do ldd "$f"; done |
    awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | grep -v "^$(cd "$build" && pwd)/")
for l in librsvg-2.so libgdk_pixbuf-2.0.so libqpdf.so libxlsxwriter.so libglib-2.0.so liblouis.so; do
    f=$(${CC:-cc} -print-file-name="$l")
    if [ -e "$f" ]; then libs="$libs $f"; else echo "check-symbols: $l not found"; status=1; fi
done
# their exported names, NAME<TAB>LIBRARY; the C library's apart
# shellcheck disable=SC2086
exports() { for l in "$@"; do nm -D --defined-only "$l" | awk -v l="${l##*/}" \
    'NF == 3 && $2 != "A" { sub(/@.*/, "", $3); print $3 "\t" l }'; done | sort -u -k1,1; }
libc=$(printf '%s\n' $libs | sort -u | grep -E '/(libc|libm|ld-linux[^/]*)\.so')
# shellcheck disable=SC2086
exports $(printf '%s\n' $libs | sort -u | grep -v -E '/(libc|libm|ld-linux[^/]*)\.so') > "${TMPDIR:-/tmp}/theirs.$$"
# shellcheck disable=SC2086
exports $libc > "${TMPDIR:-/tmp}/libc.$$"
# Every name our objects define, NAME<TAB>OBJECT: against the libraries,
# static ones too (not the compiler's own, which have a dot: foo.part.0);
# against the C library, global ones (a static step() beside the C
# library's obsolete one is harmless; a global one would replace it).
# shellcheck disable=SC2086
ours() { nm -A --defined-only $objects | awk -v t="$1" 'NF == 3 && $3 !~ /\./ && $2 ~ t { f = $1; sub(/:[0-9a-f]*$/, "", f); print $3 "\t" f }' | sort -k1,1; }
tab=$(printf '\t')
# and their prefixes, names they do not define included (as
# tools/check-layers.sh reads the sources, but after the preprocessor)
prefixes='^(png|json|cairo|pango|rsvg|gdk|lxw|xml|ini|g|qpdf|lou|workbook|worksheet|MHD|hb|FT|FTC|TT)_|^Fc[A-Z]'
taken=$( (ours '^[TtDdBbRrVvWwGgSs]$' | join -t "$tab" - "${TMPDIR:-/tmp}/theirs.$$"
          ours '^[TDBRVWGS]$' | join -t "$tab" - "${TMPDIR:-/tmp}/libc.$$"
          ours '^[TtDdBbRrVvWwGgSs]$' | grep -E "$prefixes") | cut -f1,2 | sed "s/$tab/ in /" | sort -u)
rm -f "${TMPDIR:-/tmp}/theirs.$$" "${TMPDIR:-/tmp}/libc.$$"
if [ -n "$taken" ]; then
    echo "check-symbols: names of the libraries we use, defined by our objects (call the library through a table of ours, src/core/lazy_lib.h, or rename):"
    echo "$taken" | sed 's/^/    /'
    status=1
fi
api=$(nm -D --defined-only "$build/libmeiro.so" | grep -c '@@MEIRO_0$')
private=$(nm -D --defined-only "$build/libmeiro.so" | grep -c '@@MEIRO_PRIVATE$')
[ "$status" -eq 0 ] && echo "check-symbols: libmeiro exports the API only ($api meiro_ symbols; $private private to the drawing module), every name defined once, none in another library's namespace"
exit "$status"
