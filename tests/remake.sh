#!/bin/sh
# meiro-suite: check
# A booklet's last page remakes it: for booklets of many kinds of options
# (titles with spaces, quotes and Japanese, custom paper, bleed, gutter,
# folds, shapes, grids, answers apart, a clock seed), the command is read
# back from the PDF as a user would copy it (pdftotext), run as printed in
# another folder (with -o naming the file), and the files it writes
# compared byte for byte with the first ones. A book without meiro's
# workings on its pages (--print kdp, --no-workings) says nothing of its
# command there: it is read from the remaking file beside it
# (BOOK.remake.txt), which is remade too. Usage: remake.sh BUILD_DIR
build=${1:-build}
suite=remake
. "$(dirname "$0")/lib.sh"
need pdftotext pdfinfo || { finish; exit 1; }
# `meiro` as the printed command says it
mkdir "$tmp/bin"
ln -s "$(cd "$build" && pwd)/meiro" "$tmp/bin/meiro"
PATH="$tmp/bin:$PATH"
export PATH


# The command on the last page (a folded booklet's back cover: the left
# half of its first sheet's front), from "meiro booklet" to its end: the
# back cover's footer ("meiro 0.1.0 · seed N") follows it there, and a
# Japanese page's number in the corner, a line of its own.
command_of() {
    pages=$(pdfinfo "$1" | awk '/^Pages:/ { print $2 }')
    text=$(pdftotext -enc UTF-8 -f "$pages" -l "$pages" "$1" -)
    case $text in
    *"meiro booklet "*) ;;
    *)
        size=$(pdfinfo "$1" | awk '/^Page size:/ { printf "%d %d", $3 / 2, $5 }')
        text=$(pdftotext -enc UTF-8 -f 1 -l 1 -x 0 -y 0 -W "${size% *}" -H "${size#* }" "$1" -) ;;
    esac
    text=$(printf "%s\n" "$text" | tr -d "\f")
    case $text in *"つくるには"*) text=$(printf '%s\n' "$text" | sed '$ { /^[0-9]*$/d }') ;; esac
    # lines break only between the shell's words: none ends inside quotes
    printf '%s\n' "$text" | sed -n '/meiro booklet /,$p' | awk '{
        for (i = 1; i <= length($0); i++) {
            c = substr($0, i, 1)
            if (c == "\\" && !q) i++
            else if (c == "\047") q = !q
        }
        if (q) { print "a line breaks inside quotes: " $0 > "/dev/stderr"; exit 1 }
    }' || return
    printf '%s\n' "$text" | tr '\n\f' '  ' |
        sed -e 's/.*\(meiro booklet .*\)/\1/' -e 's/ *meiro [0-9][0-9.]* · seed [0-9]* *$//' -e 's/ *$//'
}

# booklet FILE ARGS...: makes a booklet in a folder of its own, remakes it
# from its last page in another, and compares every file written
n=0
booklet() {
    n=$((n + 1))
    file=$1; shift
    mkdir "$tmp/$n" "$tmp/$n-again"
    if ! (cd "$tmp/$n" && meiro booklet "$@" -o "$file" 2> err); then
        bad "booklet $*: $(cat "$tmp/$n/err")"; return
    fi
    side="$tmp/$n/${file%.*}.remake.txt"
    if [ -f "$side" ]; then
        if pdftotext "$tmp/$n/$file" - | grep -q "meiro booklet"; then
            bad "booklet $*: a remaking file, and the command on the pages too"; return
        fi
        cmd=$(sed -n 's/^command: //p' "$side")
    else
        cmd=$(command_of "$tmp/$n/$file" 2> "$tmp/$n/err") || { bad "booklet $*: $(cat "$tmp/$n/err")"; return; }
    fi
    case $cmd in
    "meiro booklet "*) ;;
    *) bad "booklet $*: no command on the last page or in its remaking file ('$cmd')"; return ;;
    esac
    # (the output's name is not in it: a file's name does not change its bytes)
    if ! (cd "$tmp/$n-again" && eval "$cmd -o '$file'" 2> err); then
        bad "booklet $*: the printed command failed: $cmd: $(cat "$tmp/$n-again/err")"; return
    fi
    for f in "$tmp/$n"/*; do
        again="$tmp/$n-again/${f##*/}"
        [ "${f##*/}" = err ] || cmp -s "$f" "$again" || {
            bad "booklet $*: ${f##*/} remade differs ($(cmp "$f" "$again" 2>&1)): $cmd"; return; }
    done
    ok
}

booklet a.pdf -n 3 -s 1
booklet clock.pdf -n 4 # a seed from the clock: the command gives it
booklet class.pdf -t worksheet-a4-2up -n 30 --answers-to answers.pdf
booklet none.pdf --answers none -n 5 -s 2
booklet default.pdf -t default -n 4 -s 3
booklet titled.pdf --title "My maze book" --subtitle "for Hana & Ken" -n 6 -s 4
booklet quotes.pdf --title "Hana's \"best\" mazes" -t booklet-a5 -n 5 -s 5
booklet ja.pdf --title "はなの めいろ" --lang ja -t kids-a4 --art bunny -n 3 -s 6
booklet pod.pdf --paper 6x9in --margin 12.5 --bleed 3 --gutter 8 --fold=pages -n 7 -s 7
booklet folded.pdf --fold -t booklet-a5 -n 10 -s 8
booklet big.pdf -n 64 --fold=pages --bleed 3 --gutter 10 --paper 7x10in --shape heart,star,cat \
    --grid rect,polar,hex -s 9
booklet sizes.pdf --from 8x8 --to 20x30 -a dig -n 12 -s 10
booklet hard.pdf --difficulty hard --cell 6 -n 4 -s 11
booklet after.pdf --answers after-page --landscape -n 4 -s 12
booklet back.pdf --answers back --portrait --no-cover -t booklet-a5 -n 5 -s 13
booklet footer.pdf --cover --footer "Class 3B" -n 8 -s 14
booklet named.pdf --name Hana -t worksheet-a4-2up -n 4 -s 15
booklet shapes.pdf --shape star,house --paper letter --count=6 --seed=16
booklet upper.pdf --paper A4 --margin 20 -n 3 -s 17 --answer-page
booklet grids.pdf --grid polar,hex,triangle -n 6 -s 18 --title "Round, six & three sides"
booklet kinds.pdf -n 8 -s 21 --difficulty easy-expert --kinds plain,weave,hard:keys,expert:collect --answers after-page
booklet key.pdf -t answer-key -n 9 -s 19 --lang ja --answers-to "the key.pdf"
# class sets: their answers apart by default, both files remade
booklet copies.pdf -t worksheet-a4-2up -n 2 --copies 3 --difficulty normal
printf 'Hana\nKen Sato\nアキラ\n' > "$tmp/names.txt"
booklet names.pdf -t kids-a4 -n 1 --names "$tmp/names.txt" -s 20 --contents
# books to sell: their command and seeds in BOOK.remake.txt, not on a page
booklet kdp.pdf --print kdp --paper 6x9in -n 24 --difficulty easy-expert --cover --title "Maze Quest" -s 22
booklet plain.pdf --no-workings -t booklet-a5 -n 6 # a seed from the clock: the file gives it

finish
