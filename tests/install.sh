#!/bin/sh
# Tests `make install`: PREFIX and DESTDIR are honoured, and a program built
# with the installed header, library and meiro.pc runs.
tmp=$(mktemp -d /tmp/meiro-install-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL install: $*" >&2; }

if make --no-print-directory -s install PREFIX=/opt/meiro DESTDIR="$tmp/root" > "$tmp/log" 2>&1; then ok; else bad "make install failed"; cat "$tmp/log" >&2; fi
root="$tmp/root/opt/meiro"
for f in bin/meiro include/meiro.h lib/libmeiro.a lib/libmeiro.so lib/pkgconfig/meiro.pc \
         share/meiro/templates/kids-a4.ini share/meiro/templates/art/stars-frame.svg \
         share/man/man1/meiro.1; do
    if [ -e "$root/$f" ]; then ok; else bad "$f not installed"; fi
done
if grep -q '^prefix=/opt/meiro$' "$root/lib/pkgconfig/meiro.pc"; then ok; else bad "meiro.pc prefix"; fi
if "$root/bin/meiro" --version | grep -q "meiro [0-9]"; then ok; else bad "installed meiro does not run"; fi
# the man page reads cleanly (no groff warnings)
if command -v groff >/dev/null 2>&1; then
    if [ -z "$(groff -man -ww -z "$root/share/man/man1/meiro.1" 2>&1)" ]; then ok; else bad "groff warns about meiro.1"; fi
fi
# an installed template, found through the search path, with its artwork
if MEIRO_TEMPLATE_PATH="$root/share/meiro/templates" "$root/bin/meiro" generate -s 1 -W 6 -H 8 \
    -t kids-a4 -o "$tmp/kids.pdf" 2> "$tmp/err"; then ok; else bad "installed template: $(cat "$tmp/err")"; fi

cat > "$tmp/prog.c" <<'C'
#include <meiro.h>
int main(void)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.seed = 1;
    meiro_maze *m = meiro_generate(&opt, NULL);
    meiro_path p;
    int rc = m && meiro_solve(m, NULL, &p, NULL) == MEIRO_OK && p.length > 1 ? 0 : 1;
    if (rc == 0) meiro_path_free(&p);
    meiro_maze_free(m);
    return rc;
}
C
# pkg-config sees the DESTDIR tree through its sysroot option
flags=$(PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$tmp/root" pkg-config --cflags --libs --static meiro 2>&1)
if [ $? -eq 0 ]; then ok; else bad "pkg-config: $flags"; fi
# shellcheck disable=SC2086
if cc -std=c11 -o "$tmp/prog" "$tmp/prog.c" $flags > "$tmp/cc.log" 2>&1 &&
    LD_LIBRARY_PATH="$root/lib" "$tmp/prog"; then ok; else bad "a program built against the installed library failed"; cat "$tmp/cc.log" >&2; fi
# and statically, from libmeiro.a alone
if cc -std=c11 -o "$tmp/prog-static" "$tmp/prog.c" -I"$root/include" "$root/lib/libmeiro.a" -lm > "$tmp/cc.log" 2>&1 &&
    "$tmp/prog-static"; then ok; else bad "static link failed"; cat "$tmp/cc.log" >&2; fi

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
