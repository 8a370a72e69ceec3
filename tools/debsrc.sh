#!/bin/sh
# Unpacks Debian's source package PKG into DIR (once: DIR/.unpacked marks
# it), for the WebAssembly build (web/web.mk), which compiles the C
# libraries it needs from Debian's own sources rather than emscripten's
# ports (those download from the internet).
# apt-get source needs a deb-src entry, which a fresh machine lacks: when
# root, one is added for the archive the machine already uses, in a file of
# its own (SRC_LIST), and said so; otherwise the command is printed.
# The package comes from the machine's own release (once another suite is
# in the entry, apt would take the newest of any); PKG/SUITE takes it from
# another release of Debian's archive, its suite added to the entry.
# Usage: debsrc.sh PKG[/SUITE] DIR
set -e
name=${1%/*} dir=$2
suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
case "$1" in */*) suite=${1#*/} ;; esac
pkg=$name${suite:+/$suite}
[ -e "$dir/.unpacked" ] && exit 0
SRC_LIST=/etc/apt/sources.list.d/meiro-deb-src.sources
# apt knows the package's source (in SUITE, when one is asked for)
has_src() {
    apt-cache showsrc "$name" 2>/dev/null | grep -q '^Package:' || return 1
    [ -z "$suite" ] || apt-get source --print-uris -q "$pkg" >/dev/null 2>&1
}
if ! has_src; then
    # the machine's own archive (deb822 .sources or one-line sources.list),
    # its Types turned to deb-src, SUITE added to the first stanza's
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        entry=$(sed -e 's/^Types:.*/Types: deb-src/' \
            -e "0,/^Suites:/{/^Suites:/{/ $suite\( \|\$\)/!s/\$/${suite:+ $suite}/;};}" \
            /etc/apt/sources.list.d/debian.sources)
    elif [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list; then
        SRC_LIST=/etc/apt/sources.list.d/meiro-deb-src.list
        entry=$(sed -n 's/^deb /deb-src /p' /etc/apt/sources.list)
        # SUITE: the first line again, its suite (the field after the URI,
        # options in brackets aside) replaced
        [ -z "$suite" ] || entry=$(printf '%s\n' "$entry" | awk -v s="$suite" '{ print }
            NR == 1 { k = 0; for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && ++k == 2) $i = s; print }')
    else
        echo "meiro: apt-get source $pkg needs a deb-src entry for Debian's archive in /etc/apt/sources.list.d/" >&2
        exit 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "meiro: the WebAssembly build compiles $name from Debian's source package${suite:+ in $suite}, which needs a deb-src entry. Run:" >&2
        printf "  sudo tee %s <<'EOF'\n%s\nEOF\n  sudo apt-get update\n" "$SRC_LIST" "$entry" >&2
        exit 1
    fi
    echo "meiro: adding Debian's source packages to apt ($SRC_LIST) for apt-get source" >&2
    printf '%s\n' "$entry" > "$SRC_LIST"
    apt-get update -q >&2
    has_src || { echo "meiro: no source package $pkg in Debian's archive" >&2; exit 1; }
fi
command -v dpkg-source >/dev/null 2>&1 || sh "$(dirname "$0")/deps.sh" dpkg-dev
rm -rf "$dir" "$dir.tmp"
mkdir -p "$dir.tmp"
(cd "$dir.tmp" && apt-get source -q "$pkg" >&2)
# the one folder dpkg-source unpacked
src=$(find "$dir.tmp" -mindepth 1 -maxdepth 1 -type d | head -1)
[ -n "$src" ] || { echo "meiro: apt-get source $pkg unpacked nothing" >&2; exit 1; }
mv "$src" "$dir"
rm -rf "$dir.tmp"
touch "$dir/.unpacked"
