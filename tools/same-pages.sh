#!/bin/sh
# Pages the same before and after a change to the drawing code: each case
# drawn as a PDF by two builds of meiro, every page rasterised at 150 dpi
# (pdftoppm) and compared by tools/same-pages.py (antialiasing at edges
# allowed, a moved line or a lost mark not). Usage:
#   tools/same-pages.sh BEFORE/meiro AFTER/meiro [FOLDER]
# (a build of main copied aside is the usual BEFORE). Exits 1 if a page
# differs by more than antialiasing or a case fails to draw.
before=$1 after=$2 out=${3:-$(mktemp -d /tmp/meiro-same-XXXXXX)}
[ -x "$before" ] && [ -x "$after" ] || { echo "usage: $0 BEFORE/meiro AFTER/meiro [FOLDER]" >&2; exit 2; }
here=$(dirname "$0")
mkdir -p "$out"
status=0
case_() {
    name=$1; shift
    for side in before after; do
        eval bin=\$$side
        "$bin" "$@" -o "$out/$name-$side.pdf" 2>/dev/null || { echo "$name: $side failed"; status=1; return; }
        pdftoppm -r 150 "$out/$name-$side.pdf" "$out/$name-$side"
    done
    for page in "$out/$name-before"-*.ppm; do
        printf '%s page %s: ' "$name" "${page##*-}"
        python3 "$here/same-pages.py" "$page" "$(echo "$page" | sed "s/$name-before/$name-after/")" || status=1
    done
}
case_ plain generate -s 7 --answers after-page
case_ kids generate -s 7 --age 5 --answers after-page --title "Hana's maze" --name Hana
case_ polar generate -s 7 --grid polar -H 8 --answers after-page
case_ hex generate -s 7 --grid hex -W 12 -H 10 --answers after-page
case_ triangle generate -s 7 --grid triangle -W 16 -H 10 --answers after-page
case_ weave generate -s 7 --weave 30 --answers after-page
case_ kdp generate -s 7 --print kdp --answers after-page
case_ heart generate -s 7 --shape heart --answers after-page
case_ art generate -s 7 --art bunny --answers after-page
case_ frame generate -s 3 -t kids-a4 --answers after-page
case_ mission generate -s 9 --mission keys:2 --answers after-page
case_ levels generate -s 9 --levels 2 --answers after-page
case_ booklet booklet -s 7 -n 4 --answers key
echo "pages in $out"
exit $status
