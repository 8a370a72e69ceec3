#!/bin/sh
# Renders the name mazes issue 35 fixed, before (the commit named, default
# b9982fe: main before the work, built from `git archive` in a scratch
# folder) and after (this tree's build/meiro), into
# doc/before-after/35-name-*-{before,after}.png at 40 dpi. A name the
# build refused has no picture; the refusal goes to NAME-before.txt.
# Usage: tools/before-after-names.sh [COMMIT]
set -eu
commit=${1:-b9982fe}
out=doc/before-after
new=$(pwd)/build/meiro
old_tree=$(mktemp -d /tmp/meiro-before-XXXXXX)
tmp=$(mktemp -d /tmp/meiro-pages-XXXXXX)
trap 'rm -rf "$old_tree" "$tmp"' EXIT
git archive "$commit" | tar -x -C "$old_tree"
make -C "$old_tree" -s -j2 >/dev/null # the command and its drawing module
old="$old_tree/build/meiro"
mkdir -p "$out"

# shot NAME TEXT AGE: `generate --text TEXT --age AGE -s 1` with both
shot() {
    name=$1 text=$2 age=$3
    for when in before after; do
        bin=$old; [ "$when" = after ] && bin=$new
        rm -f "$tmp/p.pdf" "$out/35-name-$name-$when.png" "$out/35-name-$name-$when.txt"
        if "$bin" generate --text "$text" --age "$age" -s 1 -o "$tmp/p.pdf" 2>"$tmp/err"; then
            pdftoppm -r 40 -png -singlefile "$tmp/p.pdf" "$out/35-name-$name-$when"
        else
            grep -v "^Try" "$tmp/err" > "$out/35-name-$name-$when.txt"
        fi
    done
}
# the channel round every letter, A's counter a ring in a box, D a blob
shot hana-4 Hana 4
shot hana-6 Hana 6
shot hana-9 Hana 9
shot adna-4 ADNA 4
# punctuation and an accent: refused before
shot obrien-4 "O'Brien" 4
shot zoe-li-6 "Zoë-Li" 6
# ages 6-8 in cells a little smaller before a refusal
shot christopher-6 Christopher 6
echo "wrote $out/35-name-*"
