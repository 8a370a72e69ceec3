#!/bin/sh
# Renders the pages issue 20 fixed, before (the commit named, default
# 61bd0e2: main before the work, built from `git archive` in a scratch
# folder) and after (this tree's build/meiro), into
# doc/before-after/2N-name-{before,after}.png at 40 dpi.
# Usage: tools/before-after-jobs.sh [COMMIT]
set -eu
commit=${1:-61bd0e2}
out=doc/before-after
new=$(pwd)/build/meiro
old_tree=$(mktemp -d /tmp/meiro-before-XXXXXX)
tmp=$(mktemp -d /tmp/meiro-pages-XXXXXX)
trap 'rm -rf "$old_tree" "$tmp"' EXIT
git archive "$commit" | tar -x -C "$old_tree"
make -C "$old_tree" -s build/meiro >/dev/null
old="$old_tree/build/meiro"
mkdir -p "$out"

# shot NAME PAGE WHEN ARGS...: page PAGE (or "last") of the PDF meiro ARGS
# writes, with the old binary (WHEN before) or the new one (after)
shot() {
    name=$1 page=$2 when=$3; shift 3
    bin=$old; [ "$when" = after ] && bin=$new
    rm -f "$tmp/p.pdf"
    (cd "$tmp" && "$bin" "$@" -o p.pdf) 2>/dev/null || true
    [ "$page" = last ] && page=$(pdfinfo "$tmp/p.pdf" | awk '/^Pages:/ { print $2 }')
    pdftoppm -r 40 -png -singlefile -f "$page" -l "$page" "$tmp/p.pdf" "$out/$name-$when"
}
# the teacher's command: the puzzles' file showed every solution (its first
# worksheet: before, after a contents page worksheets no longer get)
shot 21-class-worksheets 2 before booklet -t worksheet-a4-2up -n 30 --answers-to answers.pdf -s 7
shot 21-class-worksheets 1 after booklet -t worksheet-a4-2up -n 30 --answers-to answers.pdf -s 7
# a class set (new): version B's worksheet, and the key that matches it
shot 22-class-set-version 2 after booklet -t worksheet-a4-2up -n 2 --copies 30 --difficulty normal -s 7
cp "$tmp/p-answer.pdf" "$tmp/key.pdf" 2>/dev/null || true
pdftoppm -r 40 -png -singlefile -f 2 -l 2 "$tmp/key.pdf" "$out/22-class-set-key-after"
# a dense answer key: captions in rows, arrows below them, S and G readable
for when in before after; do
    shot 23-answer-key last "$when" booklet -n 9 -s 3 --difficulty hard -t answer-key
done
# the kids' frame at a small margin: before, the words on it at 5 mm; after,
# 5 mm is refused and 10 mm keeps them inside
shot 24-kids-frame-margin 1 before generate -t kids-a4 -s 3 --margin 5
shot 24-kids-frame-margin 1 after generate -t kids-a4 -s 3 --margin 10
echo "wrote $out/2*.png"
