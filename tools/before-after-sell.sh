#!/bin/sh
# Renders a book to sell (issue 35, point 3) before (the commit named,
# default b9982fe: main before the work, built from `git archive` in a
# scratch folder) and after (this tree's build/meiro): a 6 x 9 in KDP book's
# title page, a maze page, the expert answers, its last page, and the cover
# made for it, into doc/before-after/35-name-{before,after}.png at 40 dpi
# (the cover at 25). Usage: tools/before-after-sell.sh [COMMIT]
set -eu
commit=${1:-b9982fe}
out=doc/before-after
new=$(pwd)/build/meiro
old_tree=$(mktemp -d /tmp/meiro-before-XXXXXX)
tmp=$(mktemp -d /tmp/meiro-pages-XXXXXX)
trap 'rm -rf "$old_tree" "$tmp"' EXIT
git archive "$commit" | tar -x -C "$old_tree"
make -C "$old_tree" -s all >/dev/null
old="$old_tree/build/meiro"
mkdir -p "$out"

# page NAME WHEN N: page N of the book (or "last") into NAME-WHEN.png
page() {
    n=$3
    [ "$n" = last ] && n=$(pdfinfo "$tmp/$2.pdf" | awk '/^Pages:/ { print $2 }')
    pdftoppm -r 40 -png -singlefile -f "$n" -l "$n" "$tmp/$2.pdf" "$out/$1-$2"
}
# the first page whose words have TEXT
find_page() {
    n=$(pdfinfo "$tmp/$1.pdf" | awk '/^Pages:/ { print $2 }')
    for p in $(seq 1 "$n"); do
        pdftotext -f "$p" -l "$p" "$tmp/$1.pdf" - | grep -q "$2" && { echo "$p"; return; }
    done
}
for when in before after; do
    bin=$old; [ "$when" = after ] && bin=$new
    "$bin" booklet --print kdp --paper 6x9in -n 24 --difficulty easy-expert --cover \
        --title "Maze Quest" -s 21 -o "$tmp/$when.pdf" 2>/dev/null
    page 35-clean-title "$when" 1
    page 35-clean-maze "$when" "$(find_page "$when" "^No. 20$")"
    page 35-clean-key "$when" "$(find_page "$when" "Answer to No. 24")"
    page 35-clean-last "$when" last
done
"$old" cover --print kdp --for "$tmp/before.pdf" -o "$tmp/cover-before.pdf" 2>/dev/null
"$new" cover --print kdp --for "$tmp/after.pdf" --author "Hana Sato" --background "#1d3557" \
    --blurb "Twenty-four mazes, from a first walk to an expert's hour. The answers are at the back, drawn as a grey band you can follow with a finger." \
    -o "$tmp/cover-after.pdf" 2>/dev/null
for when in before after; do
    pdftoppm -r 25 -png -singlefile "$tmp/cover-$when.pdf" "$out/35-clean-cover-$when"
done
echo "wrote $out/35-clean-*"
