#!/bin/sh
# Tests `make install`: PREFIX and DESTDIR are honoured, and a program built
# with the installed header, library and meiro.pc runs.
# meiro-suite: check
suite=install
. "$(dirname "$0")/lib.sh"

if make --no-print-directory -s install PREFIX=/opt/meiro DESTDIR="$tmp/root" > "$tmp/log" 2>&1; then ok; else bad "make install failed"; cat "$tmp/log" >&2; fi
root="$tmp/root/opt/meiro"
for f in bin/meiro include/meiro.h include/meiro/maze.h include/meiro/booklet.h lib/libmeiro.a lib/libmeiro.so lib/pkgconfig/meiro.pc \
         share/meiro/templates/kids-a4.ini share/meiro/templates/art/stars-frame.svg \
         share/meiro/templates/shapes/heart.svg include/meiro/shape.h include/meiro/plan.h \
         share/man/man1/meiro.1; do
    if [ -e "$root/$f" ]; then ok; else bad "$f not installed"; fi
done
# the modules the program and libmeiro.so load on demand (src/draw/module.h)
version=$(sed -n 's/^#define MEIRO_VERSION "\(.*\)"/\1/p' include/meiro.h)
for f in "lib/meiro-render-$version.so" "lib/meiro-serve-$version.so"; do
    if [ -e "$root/$f" ]; then ok; else bad "$f not installed"; fi
done
# the installed program writes text without its drawing libraries, and finds
# its module (../lib from bin/, here under DESTDIR) for a drawn format
if LD_DEBUG=files "$root/bin/meiro" generate -s 1 -W 6 -H 6 -o "$tmp/t.txt" 2>&1 >/dev/null |
    grep -Eq 'file=[^ ]*(cairo|pango|rsvg|xlsxwriter|qpdf|meiro-render)'; then
    bad "the installed meiro loads the drawing libraries for text"; else ok; fi
if "$root/bin/meiro" generate -s 1 -W 6 -H 6 -o "$tmp/t.svg" 2> "$tmp/err" && [ -s "$tmp/t.svg" ]; then ok
else bad "installed meiro, svg: $(cat "$tmp/err")"; fi
if grep -q '^prefix=/opt/meiro$' "$root/lib/pkgconfig/meiro.pc"; then ok; else bad "meiro.pc prefix"; fi
if "$root/bin/meiro" --version | grep -q "meiro [0-9]"; then ok; else bad "installed meiro does not run"; fi
# the man page reads cleanly (no groff warnings)
if need groff; then
    if [ -z "$(groff -man -ww -z "$root/share/man/man1/meiro.1" 2>&1)" ]; then ok; else bad "groff warns about meiro.1"; fi
fi
# an installed template, found through the search path, with its artwork
if MEIRO_TEMPLATE_PATH="$root/share/meiro/templates" "$root/bin/meiro" generate -s 1 -W 6 -H 8 \
    -t kids-a4 -o "$tmp/kids.pdf" 2> "$tmp/err"; then ok; else bad "installed template: $(cat "$tmp/err")"; fi

# the README's library example, compiled against the installed library
# both ways; it writes a PDF (with its answer page), an XLSX and a text maze
sed -n '/^```c$/,/^```$/p' README.md | sed '1d;$d' > "$tmp/maze.c"
if grep -q 'meiro_save' "$tmp/maze.c"; then ok; else bad "no library example in README.md"; fi
pc() { PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$tmp/root" pkg-config "$@"; }
if pc --exists meiro && pc --print-requires-private meiro | grep -q cairo; then ok; else bad "meiro.pc lacks Requires.private"; fi
check_example() { # NAME: runs $tmp/NAME in a fresh folder, checks what it wrote
    mkdir "$tmp/run-$1" && (cd "$tmp/run-$1" && LD_LIBRARY_PATH="$root/lib" "$tmp/$1") ||
        { bad "$1 failed"; return; }
    case "$(head -c 5 "$tmp/run-$1/maze.pdf")" in %PDF-) ok ;; *) bad "$1: no PDF" ;; esac
    if need pdfinfo; then
        if pdfinfo "$tmp/run-$1/maze.pdf" | grep -q '^Pages: *2$'; then ok; else bad "$1: the PDF lacks its answer page"; fi
    fi
    if unzip -l "$tmp/run-$1/maze.xlsx" | grep -q 'xl/worksheets/sheet2.xml'; then ok; else bad "$1: the XLSX lacks its answer sheet"; fi
    if [ "$(head -c 1 "$tmp/run-$1/maze.txt")" = "#" ]; then ok; else bad "$1: no text maze"; fi
}
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Werror -o "$tmp/dynamic" "$tmp/maze.c" $(pc --cflags --libs meiro) > "$tmp/cc.log" 2>&1; then
    ok; check_example dynamic
else bad "the README example does not compile"; cat "$tmp/cc.log" >&2; fi
# statically: libmeiro.a and the private packages meiro.pc names
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Werror -o "$tmp/static" "$tmp/maze.c" $(pc --cflags meiro) "$root/lib/libmeiro.a" \
      $(pc --static --libs meiro | sed 's/-lmeiro//') > "$tmp/cc.log" 2>&1; then
    ok; check_example static
    if ldd "$tmp/static" | grep -q libmeiro; then bad "the static program still needs libmeiro.so"; else ok; fi
else bad "static link failed"; cat "$tmp/cc.log" >&2; fi
# the installed library exports the API only, but for what the drawing
# module uses of it (MEIRO_PRIVATE, no program's to link against)
if nm -D --defined-only "$root/lib/libmeiro.so" | awk 'NF == 3 && $2 != "A" { print $3 }' |
    grep -v '@@MEIRO_PRIVATE$' | grep -qv '^meiro_.*@@MEIRO_0$'; then
    bad "libmeiro.so exports internals"; else ok; fi
# the installed program links the installed library, the one copy of it in
# a drawing run: the module uses it too
if ldd "$root/bin/meiro" | grep -Eq "=> $root/(bin/\.\./)?lib/libmeiro\.so"; then ok; else bad "bin/meiro does not find lib/libmeiro.so: $(ldd "$root/bin/meiro" | grep meiro)"; fi
if LD_DEBUG=files "$root/bin/meiro" generate -s 1 -W 6 -H 6 -o "$tmp/one.pdf" 2>&1 >/dev/null |
    grep -c 'file=[^ ]*libmeiro\.so[^ ]* .*generating link map' | grep -qx 1; then ok
else bad "a drawing run does not load libmeiro.so exactly once"; fi

finish
