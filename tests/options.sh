#!/bin/sh
# meiro-suite: check
# No silent surprises: every option that cannot apply to what was asked is
# refused or warned about in one line, names are found whatever their case,
# and a name or option mistyped gets "did you mean". Usage: options.sh BUILD_DIR
build=${1:-build}
meiro="$(cd "$build" && pwd)/meiro"
suite=options
. "$(dirname "$0")/lib.sh"

# run STATUS ARGS...: meiro ARGS, its exit status STATUS; stderr in $tmp/err
run() {
    want=$1; shift
    (cd "$tmp" && "$meiro" "$@") > "$tmp/out" 2> "$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "exit $got, wanted $want: meiro $*: $(cat "$tmp/err")"; fi
}
err_has() { if grep -qF -- "$1" "$tmp/err"; then ok; else bad "stderr lacks '$1': $(cat "$tmp/err")"; fi; }
err_empty() { if [ ! -s "$tmp/err" ]; then ok; else bad "stderr not empty: $(cat "$tmp/err")"; fi; }
one_line() { if [ "$(wc -l < "$tmp/err")" -eq 1 ]; then ok; else bad "not one line: $(cat "$tmp/err")"; fi; }
absent() { if [ ! -e "$tmp/$1" ]; then ok; else bad "$1 was written"; fi; }

# did you mean: options, commands and every kind of name
run 2 generate --widht 5; err_has "unknown option '--widht'; did you mean '--width'?"
run 2 booklet --copis 3; err_has "did you mean '--copies'?"
run 2 watch --sed 3; err_has "did you mean '--seed'?"
run 2 stats --jsn x.txt; err_has "did you mean '--json'?"
run 2 generat; err_has "unknown command 'generat'; did you mean 'generate'?"
run 2 generate -t kids -o k.pdf; err_has "did you mean 'kids-a4'?"; absent k.pdf
run 2 generate --lang jp -o k.pdf; err_has "did you mean 'ja'?"
run 2 generate --paper 8.5x11 -o k.pdf; err_has "did you mean '8.5x11in'?"
run 2 generate --paper leter -o k.pdf; err_has "did you mean 'letter'?"
run 2 generate --art bunni -o k.pdf; err_has "did you mean 'bunny'?"
run 2 generate --grid polr -o k.json; err_has "did you mean 'polar'?"
run 2 generate -a prm -o k.txt; err_has "did you mean 'prim'?"
run 2 generate -m bsf --solution -o k.txt; err_has "did you mean 'bfs'?"
run 2 generate --ends bordr -o k.txt; err_has "did you mean 'border'?"
run 2 generate --answers kye -o k.pdf; err_has "did you mean 'key'?"
run 2 generate -f pfd -o k; err_has "did you mean 'pdf'?"
run 2 booklet --difficulty Esay -o b.pdf; err_has "--difficulty"
# a library error about an option names it: the field the library gives,
# the option from the command's own table (generate's -a is watch's -a)
run 2 generate -s 1 --cell 50 -o m.pdf; err_has "(option: --cell)"; absent m.pdf
run 2 generate -s 1 --margin 100 -o m.pdf; err_has "(option: --margin)"
run 2 generate -s 1 --dpi 2400 --paper a3 -o m.png; err_has "(option: --dpi)"; absent m.png
run 2 generate --grid hex -a wall -o m.pdf; err_has "(option: --algorithm)"
run 2 generate --start 0,0 --goal 99,0 -o m.txt; err_has "(option: --goal)"
run 2 generate --grid polar --shape heart -o m.pdf; err_has "(option: --shape)"
run 2 generate -t no-such -o m.pdf; err_has "(option: --template)"
run 2 watch -a eller --shape heart; err_has "(option: --algorithm)"
run 2 booklet -n 2 --sheet a4 -o b.pdf; err_has "(option: --sheet)"; absent b.pdf
run 2 booklet -n 2 --play -o b.pdf; err_has "(option: --play)"
run 2 booklet -n 2 --grid hex -o b.xlsx; err_has "(option: --grid)"; absent b.xlsx
# names whatever their case, as --paper A4, -f PDF and --shape Heart always were
for args in "--art Bunny" "--grid Polar -f json" "-a Prim" "-t Kids-A4" "--lang JA" "--ends Border" \
            "--answers Key" "-m BFS --solution" "--paper A4" "-f PDF" "--shape Heart" "--art NONE"; do
    case $args in *"-f "*) f= ;; *) f="-f pdf" ;; esac
    # shellcheck disable=SC2086
    run 0 generate -s 1 $args $f -o case; err_empty
done
run 0 booklet -n 2 -s 1 --difficulty Easy-HARD -o case.pdf

# options that cannot apply: refused, or one line of warning
run 0 generate -s 1 -f svg -o maze.pdf; err_has "writing svg into 'maze.pdf', whose name says pdf"; one_line
run 0 booklet -n 2 -s 1 -f xlsx -o book.pdf; err_has "writing xlsx into 'book.pdf'"
run 2 generate -s 1 --animate a.gif -o m.txt; err_has "--animate writes an animated SVG"; absent m.txt
run 0 generate -s 1 --crop -o m.xlsx; err_has "--crop changes nothing in xlsx output"; one_line
run 0 generate -s 1 --dpi 100 -o m.pdf; err_has "--dpi changes nothing in pdf output"
run 0 generate -s 1 --dpi 72 --crop -o m.html; err_has "--dpi, --crop change nothing in html output"; one_line
run 0 generate -s 1 --paper a5 --title T --art bunny -o m.txt
err_has "--paper, --title, --art change nothing in text output"; one_line
# (in --lang's language, as every message: tests/messages.sh)
run 0 solve --lang ja -o s.txt m.txt; err_has "--lang は text の出力では何も変えません"
run 2 generate -s 1 --solution --answers-to a.pdf -o m.pdf; err_has "one or the other"; absent a.pdf
run 2 generate -s 1 --landscape --portrait -o o.pdf; err_has "one orientation"; absent o.pdf
run 2 booklet -n 2 --landscape --portrait -o o.pdf; err_has "one orientation"
run 2 booklet -n 2 --dpi 300 -o o.pdf; err_has "--dpi and --crop are for PNG"
# the answer's colour: a name or #rrggbb (either spelling of the option),
# nothing in text; --choices: what it cannot go with, and what the grid holds
run 0 generate -s 1 --answer-color '#1A2B3C' --solution -o c.svg; err_empty
run 2 generate -s 1 --answer-colour pink -o c.pdf; err_has "unknown answer colour 'pink'"
run 0 generate -s 1 --answer-colour red -o c.txt; err_has "--answer-colour changes nothing in text output"; one_line
run 2 generate -s 1 --choices 2 --loops 10 -o c.txt; err_has "--loops would open more"
run 2 generate -s 1 --choices 2 --weave 10 -o c.pdf; err_has "--choices cannot go with --weave"
run 2 generate -s 1 --choices 7 -W 8 -H 6 -o c.json; err_has "--choices takes 1 to 6 on a maze of 48 cells"
run 2 generate -s 1 --choices 0 -o c.json; err_has "--choices is a whole number from 1"
# --wrap: the formats that cannot show a seam, the generators of rows and
# columns, the other grids and kinds, refused before anything is written
run 2 generate -s 1 --wrap xy -o w.txt; err_has "text cannot show a wrapped maze's seams"; absent w.txt
run 2 generate -s 1 --wrap x -o w.csv; err_has "csv cannot show a wrapped maze's seams"; absent w.csv
run 2 generate -s 1 --wrap x -a eller -o w.pdf; err_has "'eller' cannot wrap (--wrap); these can: cluster"; absent w.pdf
run 2 generate -s 1 --wrap y --grid hex -o w.pdf; err_has "--wrap needs the rect grid, not hex"
run 2 generate -s 1 --wrap xy --weave 20 -o w.pdf; err_has "--wrap cannot go with --weave"
run 2 generate -s 1 --wrap x -W 2 -H 5 -o w.pdf; err_has "a wrapped side needs 3 cells or more"
run 2 generate -s 1 --wrap xz -o w.pdf; err_has "--wrap is x, y or xy"
run 2 generate -s 1 --wrap x --draw paths -o w.svg; err_has "not with --weave, --wrap"
run 0 generate -s 1 --wrap xy -o w.json; err_empty
run 2 generate -s 1 --wrap xy -o w.stl; err_has "--wrap xy makes a torus"; absent w.stl
run 0 generate -s 1 --wrap y -W 5 -o w.3mf; err_empty
if grep -q '"wrap": "xy"' "$tmp/w.json"; then ok; else bad "--wrap xy: no \"wrap\" in the JSON"; fi
run 0 solve w.json -o w2.json; err_empty
# --name: the template's name line, or meiro's own where it has none
run 0 generate -s 1 --name Hana -o named.pdf
if need pdftotext; then
    if pdftotext "$tmp/named.pdf" - | grep -q "Name Hana"; then ok; else bad "--name without a name line: no name"; fi
    run 0 generate -s 1 -t kids-a4 --name Hana -o kid.pdf
    if pdftotext "$tmp/kid.pdf" - | grep -q "Name Hana"; then ok; else bad "--name on kids-a4: no name"; fi
fi

# help says what the parser takes: every option a command's --help lists
# is one it knows; a booklet's does not list --dpi and --crop (refused)
for cmd in generate solve booklet watch stats list; do
    "$meiro" $cmd --help | grep -o -- '--[a-z][a-z-]*' | sort -u | while read -r opt; do
        "$meiro" $cmd "$opt" < /dev/null 2>&1 | grep -q "unknown option" && echo "$cmd --help lists $opt"
    done > "$tmp/help-$cmd"
    if [ -s "$tmp/help-$cmd" ]; then bad "$(cat "$tmp/help-$cmd")"; else ok; fi
done
run 0 booklet --help
if grep -q -- "--dpi\|--crop" "$tmp/out"; then bad "booklet --help lists --dpi or --crop"; else ok; fi
run 0 generate --help
if grep -q "or back" "$tmp/out"; then ok; else bad "generate --help: no --answers back"; fi
# the pencil's warning rounds down: never "3.0 mm are too small (3 mm and up)"
run 0 generate -s 1 -W 60 -H 80 -o small.pdf; err_has "cells of 2.99 mm are too small"

# the kids' frame: a margin that would put the words on it is refused; at
# the least one taken, every word is inside its line (6.8 mm from the edge)
run 2 generate -s 3 -t kids-a4 --margin 5 -o k5.pdf; err_has "10 mm and up keeps them inside it"; absent k5.pdf
run 0 generate -s 3 -t kids-a4 --margin 10 -o k10.pdf
run 0 generate -s 3 -t kids-a4 --margin 10 --landscape --title "Hana's long birthday maze title" -o k10l.pdf
for f in k10 k10l; do
    pdftotext -bbox "$tmp/$f.pdf" - | awk -F'"' '
        /<page / { w = $2; h = $4 }
        /<word / { if ($2 < 19.3 || $4 < 19.3 || $6 > w - 19.3 || $8 > h - 19.3) { print "word at " $2 "," $4; exit 1 } }' \
        > "$tmp/frame" && ok || bad "$f: a word on the frame: $(cat "$tmp/frame")"
done

# big sheets: warned as PDF pages are (small cells, and LibreOffice's
# time), with walls of borders as thin as the cells need
run 0 generate -s 1 -W 200 -H 200 -o big.xlsx
err_has "cells of 0.9 mm are too small"; err_has "takes LibreOffice over a minute to open"
unzip -p "$tmp/big.xlsx" xl/styles.xml > "$tmp/styles.xml"
if grep -q 'style="hair"' "$tmp/styles.xml" && ! grep -q 'style="medium"' "$tmp/styles.xml"; then ok
else bad "200 x 200 sheet: borders not hair"; fi
run 0 generate -s 1 -W 20 -H 15 -o small.xlsx; err_empty
unzip -p "$tmp/small.xlsx" xl/styles.xml > "$tmp/styles.xml"
if grep -q 'style="medium"' "$tmp/styles.xml"; then ok; else bad "20 x 15 sheet: borders not medium"; fi
run 0 generate -s 1 -W 140 -H 140 -o mid.xlsx; err_has "takes LibreOffice ten seconds or more"

# a sheet to play: S and G are locked, the sheet protected, so they
# cannot be typed over (the cells of the way are open for marks)
for args in "-W 6 -H 5" "-t kids-a4 --art none" "--lang ja -t kids-a4 --art none"; do
    # shellcheck disable=SC2086
    run 0 generate -s 4 $args --play -o play.xlsx
    unzip -p "$tmp/play.xlsx" xl/styles.xml xl/worksheets/sheet1.xml | python3 -c '
import re, sys
text = sys.stdin.read()
xfs = re.findall(r"<xf [^>]*?(?:/>|>.*?</xf>)", re.search(r"<cellXfs.*?</cellXfs>", text, re.S).group(0), re.S)
marks = re.findall(r"<c r=\"([A-Z]+[0-9]+)\" s=\"([0-9]+)\" t=\"inlineStr\"><is><t>(S|G|スタート|ゴール)</t>", text)
opened = [m for m in marks if "locked=\"0\"" in xfs[int(m[1])]]
ok = len(marks) == 2 and not opened and "<sheetProtection" in text and "locked=\"0\"" in text
sys.exit(0 if ok else 1)' && ok || bad "play $args: S and G can be typed over (or not found)"
done

# folding for real printers: a sheet no home printer takes is warned
# about, --sheet puts the pages on a standard one; glued pages pad to an
# even count; the fold's options without a fold are refused
run 0 booklet -n 6 -s 1 --paper 6x9in --fold -o f69.pdf; err_has "need sheets of 305 x 229 mm (12.0 x 9.0 in)"
run 0 booklet -n 6 -s 1 --paper a5 --fold -o fa5.pdf; err_empty
run 0 booklet -n 6 -s 1 --paper 6x9in --fold --sheet letter -o f69l.pdf; err_empty
# --paper letter --fold: half-letter pages on Letter sheets, as a US home
# printer takes (main before the change: Letter pages on 17 x 11 in sheets);
# --sheet still says otherwise, and --fold=pages keeps Letter pages
if need pdfinfo; then
    size() { pdfinfo "$tmp/$1" | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p'; }
    run 0 booklet -n 6 -s 1 --paper letter --fold -o fl.pdf; err_empty
    [ "$(size fl.pdf)" = "792 612" ] && ok || bad "--paper letter --fold: sheets of $(size fl.pdf) pt"
    run 0 booklet -n 6 -s 1 --paper letter --fold=pages -o flp.pdf
    [ "$(size flp.pdf)" = "612 792" ] && ok || bad "--paper letter --fold=pages: pages of $(size flp.pdf) pt"
    run 0 booklet -n 6 -s 1 --paper letter --fold --sheet a3 -o fla3.pdf
    [ "$(size fla3.pdf)" = "1190.55 841.89" ] && ok || bad "--sheet a3: sheets of $(size fla3.pdf) pt"
fi
if pdfinfo "$tmp/f69l.pdf" | grep -q "792 x 612 pts (letter)"; then ok; else bad "--sheet letter: not letter sheets"; fi
run 0 booklet -n 4 -s 1 --fold=pages -o glued.pdf
pages=$(pdfinfo "$tmp/glued.pdf" | awk '/^Pages:/ { print $2 }')
[ $((pages % 2)) -eq 0 ] && [ $((pages % 4)) -ne 0 ] && ok || bad "--fold=pages: $pages pages, not padded to even only"
run 0 booklet -n 5 -s 1 --fold=pages --signature 2 -o sig.pdf
pages=$(pdfinfo "$tmp/sig.pdf" | awk '/^Pages:/ { print $2 }')
[ $((pages % 8)) -eq 0 ] && ok || bad "--fold=pages --signature 2: $pages pages"
run 2 booklet -n 3 --sheet a4 -o x.pdf; err_has "for a booklet folded from sheets"
run 2 booklet -n 3 --signature 2 -o x.pdf; err_has "signatures are for folded booklets"
run 2 booklet -n 3 --fold --creep 5 -o x.pdf; err_has "--creep takes 0 to 2 mm"
run 2 booklet -n 3 --fold --sheet a9 -o x.pdf; err_has "unknown paper 'a9'"

# answer keys: --key-per-page N mazes a key page, their captions in a row
# at one height (hard mazes: doors and arrows on some, not on others)
run 0 booklet -n 9 -s 3 --difficulty hard -t answer-key -o key6.pdf
run 0 booklet -n 9 -s 3 --difficulty hard -t answer-key --key-per-page 9 -o key9.pdf
p6=$(pdfinfo "$tmp/key6.pdf" | awk '/^Pages:/ { print $2 }'); p9=$(pdfinfo "$tmp/key9.pdf" | awk '/^Pages:/ { print $2 }')
[ "$p6" -eq "$((p9 + 1))" ] && ok || bad "--key-per-page 9: $p9 pages, 6 a page: $p6"
pdftotext -bbox -f "$p9" -l "$p9" "$tmp/key9.pdf" - | awk -F'"' '/>Answer</ { print $4 }' | sort -n | uniq -c > "$tmp/rows"
[ "$(wc -l < "$tmp/rows")" -eq 3 ] && ok || bad "key captions not in 3 rows of one height: $(cat "$tmp/rows")"
pdftotext -bbox -f "$p6" -l "$p6" "$tmp/key6.pdf" - | awk -F'"' '/>Answer</ { print $4 }' | sort -n | uniq -c > "$tmp/rows"
[ "$(wc -l < "$tmp/rows")" -eq 2 ] && ok || bad "3 key captions not in 2 rows of one height: $(cat "$tmp/rows")"
run 2 booklet -n 3 --key-per-page 5 -o k.pdf; err_has "--key-per-page is 1, 2, 4, 6 or 9"

# stats --json: the seed as a string, every digit of it
run 0 generate -s 18446744073709551615 -W 4 -H 3 -o big-seed.json
run 0 stats --json big-seed.json
if grep -q '"seed": "18446744073709551615"' "$tmp/out"; then ok; else bad "stats --json: $(cat "$tmp/out")"; fi

# class sets: what they are not, and the names file
run 2 booklet -n 2 --copies 3 -f xlsx -o c.xlsx; err_has "a class set (copies) is a PDF"; absent c.xlsx
run 2 booklet -n 2 --copies 3 --fold -o c.pdf; err_has "fold one booklet per pupil"; absent c.pdf
run 2 booklet -n 2 --copies 0 -o c.pdf; err_has "--copies must be a whole number from 1 to 1000"
printf 'Hana\n\n Ken \n' > "$tmp/two.txt"
run 2 booklet -n 2 --copies 3 --names two.txt -o c.pdf; err_has "--copies 3 and 2 names in 'two.txt'"
: > "$tmp/none.txt"
run 1 booklet -n 2 --names none.txt -o c.pdf; err_has "none.txt: no names in the file"; absent c.pdf
awk 'BEGIN { printf "Hana\n"; for (i = 0; i < 70; i++) printf "x"; printf "\n" }' > "$tmp/long.txt"
run 1 booklet -n 2 --names long.txt -o c.pdf; err_has "long.txt:2:61: a name is at most 60 bytes"
run 1 booklet -n 2 --names missing.txt -o c.pdf; err_has "missing.txt: cannot open"
run 0 booklet -n 1 -s 2 --names two.txt -o c.pdf; err_has "the answers are in c-answer.pdf"
run 0 booklet -n 1 -s 2 --names two.txt --answers none -o d.pdf; absent d-answer.pdf
# rows pasted from a spreadsheet (tabs, Excel's byte order mark): the first
# column; names twice: one warning line (main before the change refused the
# tab as a control character and took the twice silently)
printf '\357\273\277Hana\tSato\t3B\nKen\t\nHana\nMia\nKen\n' > "$tmp/sheet.txt"
run 0 booklet -n 1 -s 2 --names sheet.txt --answers none -o s.pdf
err_has "meiro: warning: sheet.txt: names written more than once (on these lines): 'Hana' (1, 3), 'Ken' (2, 5): a copy for each"
one_line
if need pdftotext; then
    got=$(pdftotext "$tmp/s.pdf" - | tr -d '\f' | sed -n 's/^Name \(.*\)$/\1/p' | tr '\n' ' ')
    [ "$got" = "Hana Ken Hana Mia Ken " ] && ok || bad "names from a spreadsheet's rows: '$got'"
fi
run 0 booklet -n 1 -s 2 --names two.txt --answers none -o d.pdf; err_empty

# the contents page: asked, refused, or the default (over 20 mazes of one a page)
if need pdftotext; then
    contents() { pdftotext -f 1 -l 2 "$tmp/$1" - | grep -c "^Contents$"; }
    run 0 booklet -n 21 -s 1 -o long.pdf; [ "$(contents long.pdf)" = 1 ] && ok || bad "21 mazes: no contents"
    run 0 booklet -n 21 -s 1 --no-contents -o nc.pdf; [ "$(contents nc.pdf)" = 0 ] && ok || bad "--no-contents: contents"
    run 0 booklet -n 3 -s 1 --contents -o c3.pdf; [ "$(contents c3.pdf)" = 1 ] && ok || bad "--contents: none"
    run 0 booklet -n 30 -s 1 -t worksheet-a4-2up -o ws.pdf; [ "$(contents ws.pdf)" = 0 ] && ok || bad "worksheets: contents"
    printf '[template]\n[booklet]\ncontents = yes\n' > "$tmp/with.ini"
    run 0 booklet -n 3 -s 1 -t ./with.ini -o w.pdf; [ "$(contents w.pdf)" = 1 ] && ok || bad "contents = yes: none"
    printf '[booklet]\ncontents = sometimes\n' > "$tmp/bad.ini"
    run 1 booklet -n 3 -s 1 -t ./bad.ini -o w2.pdf; err_has "contents is auto, yes or no"
fi

# --weave: the generators and grids that cannot weave, the formats that cannot show it
run 2 generate --weave 30 -a prim -o wv.pdf; err_has "'prim' cannot weave; these can: cluster, dig, growing-tree"; absent wv.pdf
run 2 generate --weave 30 --grid hex -o wv.pdf; err_has "a weave maze needs the rect grid"; absent wv.pdf
run 2 generate --weave 101 -o wv.pdf; err_has "--weave is a percentage from 0 to 100"
run 2 generate --weave 30 -f ascii -o wv.txt; err_has "ascii cannot show a weave maze's crossings yet"; absent wv.txt
run 0 generate --weave 30 -a dig -s 4 --animate wv.svg -o wv.pdf; if grep -q "<svg" "$tmp/wv.svg"; then ok; else bad "--weave --animate: no animation"; fi
run 2 watch --weave 101; err_has "--weave is a percentage from 0 to 100"
run 2 watch --weave 30 -a prim; err_has "'prim' cannot weave"
run 0 generate --weave 30 -a dig -s 4 -o wv.json; run 0 stats wv.json
if grep -q "^crossings: *[1-9]" "$tmp/out"; then ok; else bad "stats of a weave maze: no crossings: $(cat "$tmp/out")"; fi

# missions: the grids, loops, formats, solvers and animations that cannot take one
run 2 generate --mission keys:2 --grid hex -o ms.pdf; err_has "a mission maze needs the rect grid"; absent ms.pdf
run 2 generate --mission keys:2 --loops 30 -o ms.pdf; err_has "keys and doors need a perfect maze"; absent ms.pdf
run 2 generate --mission keys:7 -o ms.pdf; err_has "keys takes a count from 1 to 6"
run 2 generate --mission door:2 -o ms.pdf; err_has "unknown mission 'door:2'"
run 2 generate --one-way 101 -o ms.pdf; err_has "--one-way is a percentage from 0 to 100"
run 2 generate --mission collect:3 -f ascii -o ms.txt; err_has "ascii cannot show a mission's keys"; absent ms.txt
run 2 generate --mission collect:3 -f xlsx --play -o ms.xlsx; err_has "a playable sheet cannot check a mission"; absent ms.xlsx
run 2 generate --mission collect:3 --solution -m dfs -o ms.pdf; err_has "solver 'dfs' cannot follow a mission"; absent ms.pdf
run 2 generate --one-way 30 --animate ms.svg -o ms.pdf; err_has "--animate cannot show a mission"
run 0 generate --mission keys:3 --one-way 20 -s 4 -o ms.json; run 0 stats ms.json
if grep -q "^walk: .*the shortest is unique" "$tmp/out" && grep -q "^one-way: *[1-9]" "$tmp/out"; then ok; else bad "stats of a mission maze: $(cat "$tmp/out")"; fi
run 2 booklet -n 3 --kinds keys,lava -o bk.pdf; err_has "unknown kind of maze 'lava'"; absent bk.pdf
run 2 booklet -n 3 --kinds keys -f xlsx --play -o bk.xlsx; err_has "a playable sheet cannot check a mission's keys"; absent bk.xlsx

# --levels: the grids, options and formats that cannot take floors yet
run 2 generate --levels 2 --grid hex -o lv.pdf; err_has "--levels cannot go with --grid"; absent lv.pdf
run 2 generate --levels 2 --weave 20 -o lv.pdf; err_has "--levels cannot go with --weave"; absent lv.pdf
run 2 generate --levels 2 --loops 20 -o lv.pdf; err_has "--levels cannot go with --loops"; absent lv.pdf
run 2 generate --levels 9 -o lv.pdf; err_has "--levels is a number of floors from 1 to 8"
run 2 generate --levels 2 -W 5 -H 4 --start 0,5 --goal 4,7 -o lv.pdf; err_has "--start goes on the first floor (rows 0 to 3) and --goal on the last (rows 4 to 7)"; absent lv.pdf
run 0 generate --levels 2 -W 5 -H 4 --start 1,2 --goal 3,6 -s 1 -o lv.json
if grep -q '"start": 11,' "$tmp/lv.json" && grep -q '"goal": 33,' "$tmp/lv.json"; then ok; else bad "--start/--goal on the floors moved: $(head -c 300 "$tmp/lv.json")"; fi
run 2 generate --levels 2 -o lv.txt; err_has "text cannot show a multi-level maze's floors and stairs yet"; absent lv.txt
run 2 generate --levels 2 -o lv.xlsx; err_has "xlsx cannot show a multi-level maze"; absent lv.xlsx
run 0 generate --levels 3 -W 8 -H 5 -s 2 -o lv.json; run 0 stats lv.json
if grep -q "^floors: *3 of 8 x 5 cells, joined by [1-9]" "$tmp/out"; then ok; else bad "stats of a multi-level maze: $(cat "$tmp/out")"; fi
run 2 solve -m left-hand lv.json -o lvs.pdf; err_has "cannot follow a wall up the stairs"; absent lvs.pdf
run 0 solve lv.json -o lvs.pdf
run 2 booklet -n 2 --kinds levels -f xlsx -o bk.xlsx; err_has "a booklet of levels mazes is a PDF or HTML"; absent bk.xlsx
# a booklet without meiro's workings: not a workbook (its footers give the
# seeds); on stdout, said to have no remaking file beside it
run 2 booklet -n 2 -s 1 --no-workings -o bk.xlsx; err_has "a booklet without meiro's workings is a PDF or an HTML page"; absent bk.xlsx; absent bk.remake.txt
run 0 booklet -n 2 -s 1 --no-workings -o -; err_has "on stdout it has no remaking file beside it"

# a 3D print's sizes: for stl and 3mf only, in range, on a printer's bed,
# each refused in one line before the maze is made, nothing written
run 2 generate --ball 8mm -o ball.pdf; err_has "size a 3D print: stl, stl-ascii, 3mf, not pdf"; absent ball.pdf
run 2 generate --wall 0.5mm -o thin.stl; err_has "--wall 0.5mm is out of range: 0.8 to 20 mm"; absent thin.stl
run 2 generate --wall 1cm -o thin.stl; err_has "--wall takes a size in millimetres (8mm), not '1cm'"; absent thin.stl
run 2 generate -W 30 -H 20 --ball 8mm -o big.3mf; err_has "larger than a printer's bed (256 mm)"; one_line; absent big.3mf
run 2 generate --ball 8 --wall-height 6 --lid -o low.stl; err_has "at least 9mm"; absent low.stl
run 2 generate --weave 20 -W 6 -H 6 -o weave.stl; err_has "stl cannot show"; absent weave.stl
run 0 generate -W 6 -H 5 --ball 8mm --lid --wall 1.6 --base 3mm -s 4 -o ok.3mf; err_empty
run 0 generate -W 6 -H 5 -f stl-ascii -s 4 -o ok.stl; err_empty
if head -c 10 "$tmp/ok.stl" | grep -q '^solid maze'; then ok; else bad "stl-ascii: $(head -c 40 "$tmp/ok.stl")"; fi
# the command in a 3MF's metadata makes the same file again
run 0 generate --grid hex -W 6 -H 5 -a dig -s 9 --ball 7mm --lid -o first.3mf
remake=$(unzip -p "$tmp/first.3mf" 3D/3dmodel.model | sed -n 's/.*Made again by: meiro \([^<]*\)<.*/\1/p')
# shellcheck disable=SC2086 # the command's words, as a user pastes them
run 0 $remake -o again.3mf
if cmp -s "$tmp/first.3mf" "$tmp/again.3mf"; then ok; else bad "the 3MF's command '$remake' made another file"; fi

finish
