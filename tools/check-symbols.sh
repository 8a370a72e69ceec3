#!/bin/sh
# Fails if the built library exports anything but the API: every symbol
# defined by libmeiro.so, and every global symbol of libmeiro.a, must start
# with meiro_; and if libmeiro.so's soname is not the ABI's number in
# include/meiro.h (libmeiro.so.MEIRO_ABI_VERSION); or if a module exports
# more than its entry. Usage:
# tools/check-symbols.sh [BUILD_DIR]
build=${1:-build}
status=0
for lib in "$build/libmeiro.so" "$build/libmeiro.a"; do
    [ -e "$lib" ] || { echo "check-symbols: $lib is missing"; exit 1; }
done
stray=$(nm -D --defined-only "$build/libmeiro.so" | awk 'NF == 3 && $2 != "A" { print $3 }' | grep -v '^meiro_')
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
# the modules (src/render/module.h, src/cli/serve_lazy.c) export their
# entry alone: the copy of the library inside the drawing module stays its own
for pair in "meiro-render-*.so meiro_render_module" "meiro-serve-*.so cmd_serve"; do
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
api=$(nm -D --defined-only "$build/libmeiro.so" | awk 'NF == 3 && $2 != "A"' | wc -l)
[ "$status" -eq 0 ] && echo "check-symbols: libmeiro exports the API only ($api meiro_ symbols)"
exit "$status"
