#!/bin/sh
# Renders the pages issue 11 fixed, before (the commit named, default
# c71f494: main before the work) and after (this tree's build/meiro), into
# doc/before-after/NN-name-{before,after}.png. Usage: tools/before-after.sh [COMMIT]
set -eu
commit=${1:-c71f494}
out=doc/before-after
new=$(pwd)/build/meiro
old_tree=$(mktemp -d /tmp/meiro-before-XXXXXX)
trap 'git worktree remove --force "$old_tree" >/dev/null 2>&1; rm -rf "$old_tree"' EXIT
git worktree add --detach "$old_tree" "$commit" >/dev/null 2>&1
make -C "$old_tree" -s build/meiro >/dev/null
old="$old_tree/build/meiro"
mkdir -p "$out"
tmp=$(mktemp -d /tmp/meiro-pages-XXXXXX)

# shot NAME PAGE BINARY-ARGS...: page PAGE of the PDF both binaries make
shot() {
    name=$1 page=$2; shift 2
    for when in before after; do
        bin=$old; [ "$when" = after ] && bin=$new
        "$bin" generate "$@" -o "$tmp/$name.pdf" 2>/dev/null
        pdftoppm -r 30 -png -singlefile -f "$page" -l "$page" "$tmp/$name.pdf" "$out/$name-$when"
    done
}
shot 02-long-title 1 -W 8 -H 10 -s 3 -t kids-a4 --title "Hana's Birthday Maze: Find the Way to the Cake!"
shot 03-frame-landscape 1 -W 10 -H 7 -s 3 -t kids-a4 --landscape
shot 04-labels-on-answer 2 -W 7 -H 9 -s 3 -a dig -t kids-ja
shot 05-kids-size 1 -s 3 -t kids-a4
# 06: a hard maze whose longest path ends side by side (before), and the
# same seed's hard maze now
seed=$(for s in $(seq 1 200); do
    "$old" generate -W 20 -H 28 -a wall --ends farthest -s "$s" -o "$tmp/h.txt" 2>/dev/null
    "$old" stats --json "$tmp/h.txt" | sed -n 's/.*"start": \[\([0-9]*\), \([0-9]*\)\], "goal": \[\([0-9]*\), \([0-9]*\)\].*/\1 \2 \3 \4/p' |
        awk -v s="$s" '{ d = ($1 > $3 ? $1 - $3 : $3 - $1) + ($2 > $4 ? $2 - $4 : $4 - $2); if (d < 7) print s }'
done | head -1)
"$old" generate -W 20 -H 28 -a wall --ends farthest -s "$seed" -o "$tmp/hard.pdf"
pdftoppm -r 30 -png -singlefile "$tmp/hard.pdf" "$out/06-hard-ends-before"
"$new" generate --difficulty hard -s "$seed" -o "$tmp/hard.pdf" 2>/dev/null
pdftoppm -r 30 -png -singlefile "$tmp/hard.pdf" "$out/06-hard-ends-after"
rm -rf "$tmp"
echo "wrote $out (hard maze: seed $seed)"
