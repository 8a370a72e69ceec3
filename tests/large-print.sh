#!/bin/sh
# meiro-suite: test
# Large print (--print large-print with its templates large-print and
# large-print-dyslexic) measured on the pages it makes, on A4, A5 and
# Letter: the page's description (-f page) has walls 2 mm wide and more,
# S and G and every text at 18 pt and more, only black (and the paper's
# white); the PDF's fonts
# are the template's (pdffonts), its smallest word 18 pt and more
# (pdftotext -bbox), its walls 2 mm thick where a column of the rendered
# page crosses them (pdftoppm); a child's level in black letters too, a
# footer's words said left off; a long title at 18 pt on two lines, a
# longer one refused; a booklet's every page (texts, walls inside the
# margins, page numbers) and what a large-print booklet cannot be; what
# large print cannot set is refused in one line, no file written.
# Usage: large-print.sh BUILD_DIR
build=${1:-build}
meiro="$build/meiro"
suite=large-print
. "$(dirname "$0")/lib.sh"

# the least wall, the least text and S and G's sizes (pt), and the colours
# other than black and white (the paper's, behind S and G), of the
# description $1
measure_page() {
    python3 - "$1" <<'PY'
import json, sys
page = json.load(open(sys.argv[1], encoding="utf-8"))["pages"][0]["items"]
pt = 72 / 25.4
walls = [i["stroke"]["width"] for i in page if i["role"] == "walls"]
texts = [i for i in page if "text" in i]
marks = [i["size"] * pt for i in texts if i["role"] in ("start", "goal")]
colours = {tuple(i.get("colour") or i.get("stroke", i.get("fill", {})).get("colour", [0, 0, 0]))
           for i in page}
print("walls %.2f" % min(walls), "text %.1f" % min(i["size"] * pt for i in texts),
      "marks %d %.1f" % (len(marks), min(marks)), "grey %d" % len(colours - {(0, 0, 0), (1, 1, 1)}))
PY
}

# the least height (pt) of a word's box on the PDF $1's first page
least_word() {
    pdftotext -f 1 -l 1 -bbox "$1" - |
        sed -n 's/.*yMin="\([0-9.]*\)".*yMax="\([0-9.]*\)".*/\1 \2/p' |
        awk 'BEGIN { m = 1e9 } { if ($2 - $1 < m) m = $2 - $1 } END { printf "%.1f\n", m }'
}

# the thinnest run of ink (mm) down the middle column of the PDF $1's maze
# (rendered at 10 pixels a millimetre), its top and bottom $2 and $3 mm
thinnest_wall() {
    pdftoppm -f 1 -l 1 -r 254 -gray -singlefile "$1" "$tmp/wall"
    python3 - "$tmp/wall.pgm" "$2" "$3" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
parts = data.split(maxsplit=4)
w, h = int(parts[1]), int(parts[2])
px = parts[4][1:] if len(parts[4]) > w * h else parts[4]
x, top, bottom = w // 2, int(float(sys.argv[2]) * 10) - 5, int(float(sys.argv[3]) * 10) + 5
runs, run = [], 0
for y in range(max(top, 0), min(bottom, h)):
    if px[y * w + x] < 128: run += 1
    elif run: runs.append(run); run = 0
print("%.1f %d" % (min(runs) / 10, len(runs)) if runs else "0 0")
PY
}

check pages '
    for template in large-print large-print-dyslexic; do
        font=DejaVuSans; [ "$template" = large-print ] || font=OpenDyslexic
        for paper in a4 a5 letter; do
            what="$template on $paper"
            run 0 "$meiro" generate -s 4 --print large-print -t "$template" --paper "$paper" \
                --title "Find the way" -o "$tmp/p.page"
            err_empty
            set -- $(measure_page "$tmp/p.page")
            # walls 2 mm; texts 18 pt; S and G, 18 pt; black only
            awk "BEGIN { exit !($2 >= 2 && $4 >= 18 && $6 == 2 && $7 >= 18 && $9 == 0) }" && ok ||
                bad "$what: $*"
            run 0 "$meiro" generate -s 4 --print large-print -t "$template" --paper "$paper" \
                --title "Find the way" -o "$tmp/p.pdf"
            if need pdffonts pdftotext pdftoppm python3; then
                pdffonts "$tmp/p.pdf" | tail -n +3 | grep -v "$font" && bad "$what: another font" || ok
                least=$(least_word "$tmp/p.pdf")
                awk "BEGIN { exit !($least >= 18) }" && ok || bad "$what: a word $least pt high"
                box=$(python3 -c "
import json, re
d = json.load(open(\"$tmp/p.page\"))[\"pages\"][0][\"items\"]
ys = [float(v) for i in d if i[\"role\"] == \"walls\" for v in re.findall(r\"[-0-9.]+\", i[\"d\"])[1::2]]
print(min(ys), max(ys))")
                set -- $(thinnest_wall "$tmp/p.pdf" $box)
                awk "BEGIN { exit !($1 >= 1.9 && $2 >= 3) }" && ok ||
                    bad "$what: the thinnest wall $1 mm of $2 crossed"
            fi
        done
    done
'

# a long title: smaller down to 18 pt and on two lines, never under
check title '
    for paper in a4 a5; do
        run 0 "$meiro" generate -s 4 --print large-print --paper "$paper" \
            --title "The long and winding way home through the garden" -o "$tmp/t.page"
        set -- $(measure_page "$tmp/t.page")
        awk "BEGIN { exit !($4 >= 18) }" && ok || bad "$paper: a text of $4 pt"
    done
    run 2 "$meiro" generate -s 4 --print large-print --paper a5 -o "$tmp/bad.pdf" \
        --title "The long and winding way home through the garden, past the pond and the old oak"
    err_has "at 18 pt"
    absent "$tmp/bad.pdf"
'

# a child's level: S and G black letters still, not its coloured badges;
# a footer's words asked for: said left off, none on the page
check child '
    run 0 "$meiro" generate -s 4 --print large-print --age 6 -o "$tmp/c.page"
    set -- $(measure_page "$tmp/c.page")
    [ "$9" = 0 ] && ok || bad "a child'"'"'s large print: $*"
    run 0 "$meiro" generate -s 4 --print large-print --footer "Class 2" -o "$tmp/f.page"
    err_has "large print leaves the footer off, its words too"
    grep -q "Class 2" "$tmp/f.page" && bad "the footer'"'"'s words on the page" || ok
'

check refused '
    refuse() { # MESSAGE ARGS...: exit 2, the message on one line, no file
        msg=$1; shift
        rm -f "$tmp/bad."*
        run 2 "$meiro" generate -s 1 --print large-print "$@"
        err_has "$msg"
        [ "$(grep -c . "$tmp/err")" -le 2 ] && ok || bad "more than a line: $(cat "$tmp/err")"
        ls "$tmp"/bad.* > /dev/null 2>&1 && bad "a file written for $*" || ok
    }
    refuse "draws a page in pdf, svg, png or page" -o "$tmp/bad.txt"
    refuse "cells of 12 mm and more" -W 30 -H 40 -o "$tmp/bad.pdf"
    refuse "a subtitle is set smaller" --subtitle "for Anna" -o "$tmp/bad.pdf"
    refuse "a name line is set smaller" --name Anna -o "$tmp/bad.pdf"
    refuse "rule is" --weave 30 -o "$tmp/bad.pdf"
    # a weave read back is refused as one made: solve draws the same page
    run 0 "$meiro" generate -s 1 -W 8 -H 6 --weave 30 -o "$tmp/weave.json"
    run 2 "$meiro" solve --print large-print -o "$tmp/bad.pdf" "$tmp/weave.json"
    err_has "rule is"
    absent "$tmp/bad.pdf"
'

# every page of a booklet as data: its least text 18 pt (captions, page
# numbers, the contents, the key), its walls 2 mm, inside the margins, its
# cells 12 mm, every page numbered; a long title on two lines at 18 pt
# and more, a longer one refused
measure_book() {
    python3 - "$1" <<'PY'
import json, re, sys
pages = json.load(open(sys.argv[1], encoding="utf-8"))["pages"]
pt = 72 / 25.4
least_text = least_wall = 1e9
numbered = off = 0
for page in pages:
    items = page["items"]
    texts = [i for i in items if "text" in i]
    least_text = min([least_text] + [i["size"] * pt for i in texts])
    numbered += any(i["role"] == "page-number" for i in items)
    for i in items:
        if i["role"] != "walls": continue
        w = i["stroke"]["width"]
        least_wall = min(least_wall, w)
        v = [float(x) for x in re.findall(r"[-0-9.]+", i["d"])]
        xs, ys = v[0::2], v[1::2]
        # the walls' ink within the 15 mm margins
        off += min(xs) - w / 2 < 15 - 1e-6 or min(ys) - w / 2 < 15 - 1e-6 or \
            max(xs) + w / 2 > 210 - 15 + 1e-6
print(len(pages), "%.1f" % least_text, "%.2f" % least_wall, numbered, off)
PY
}

check booklet '
    run 0 "$meiro" booklet -s 3 -n 24 --answers key --print large-print \
        --title "Mazes for my grandmother, who likes them large" -o "$tmp/b.page"
    set -- $(measure_book "$tmp/b.page")
    # the contents, 24 mazes, the key; 18 pt; 2 mm walls off the margins
    awk "BEGIN { exit !($1 > 26 && $2 >= 18 && $3 >= 2 && $4 == $1 && $5 == 0) }" && ok ||
        bad "pages $1, least text $2 pt, least wall $3 mm, $4 numbered, $5 walls in the margin"
    grep -q "\"role\": \"caption\"" "$tmp/b.page" && ok || bad "no maze numbered"
    grep -q "\"text\": \"[^\"]*seed" "$tmp/b.page" && bad "a seed in small print" || ok
    rm -f "$tmp/bad."*
    run 2 "$meiro" booklet -s 3 --print large-print -o "$tmp/bad.pdf" \
        --title "A title far too long to stand at eighteen points on two lines of an A4 page, however it is broken, for it goes on and on past the end of the second line"
    err_has "at 18 pt"
    absent "$tmp/bad.pdf"
    for bad in "--cover:without a cover" "--copies 2:not a class set" "--kinds weave:rule is" \
        "--difficulty easy:not by --difficulty" "--from 3x3 --to 30x30:cells of 12 mm" \
        "--paper a6 -n 24:contents line"; do
        run 2 "$meiro" booklet -s 1 --print large-print ${bad%%:*} -o "$tmp/bad.pdf"
        err_has "${bad#*:}"
        absent "$tmp/bad.pdf"
    done
    run 2 "$meiro" booklet -s 1 --print large-print -o "$tmp/bad.xlsx"
    err_has "a PDF (or its pages as data)"
'

finish
