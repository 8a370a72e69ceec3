#!/bin/sh
# Tests of the meiro command: exit codes, which stream messages go to, and
# that a failed run leaves no output file behind. Usage: cli.sh BUILD_DIR
# meiro-suite: test check
build=${1:-build}
meiro="$build/meiro"
data=${MEIRO_TEST_DATA:-tests/data}
suite=cli
. "$(dirname "$0")/lib.sh"

# help and version: stdout, exit 0
run 0 "$meiro" --help; out_has "generate"; err_empty
run 0 "$meiro" --version; out_has "meiro [0-9]"
run 0 "$meiro" generate --help; out_has "--width N"; out_has "default 20"
run 0 "$meiro" solve --help; out_has "INPUT"
run 0 "$meiro" stats --help; out_has "--json"

# usage errors: stderr, exit 2, a hint
run 2 "$meiro"; err_has "Usage"
run 2 "$meiro" frobnicate; err_has "unknown command 'frobnicate'"; err_has "Try 'meiro --help'"; out_empty
run 2 "$meiro" generate -W 0; err_has "from 1 to 65535"; err_has "Try 'meiro generate --help'"
run 2 "$meiro" generate -W abc
run 2 "$meiro" generate -H 65536
run 2 "$meiro" generate -s -4; err_has "seed"
run 2 "$meiro" generate --bogus; err_has "unknown option '--bogus'"
run 2 "$meiro" generate -W; err_has "needs a value"
run 2 "$meiro" generate -a nope; err_has "unknown algorithm 'nope'"
run 2 "$meiro" generate -f nope; err_has "unknown format 'nope'"
run 2 "$meiro" generate -o "$tmp/maze.doc"; err_has "unknown file type '.doc'"; absent "$tmp/maze.doc"
run 2 "$meiro" generate extra; err_has "unexpected argument 'extra'"
run 2 "$meiro" generate --solution -m nope -s 1; err_has "unknown solver 'nope'"
run 2 "$meiro" solve; err_has "missing INPUT"
run 2 "$meiro" solve -m nope "$data/seed003.txt"; err_has "unknown solver"
run 2 "$meiro" stats; err_has "missing INPUT"
run 2 "$meiro" list extra
run 0 "$meiro" list --help; out_has "Usage: meiro list"
# the catalogue fits an 80-column terminal (lines of ASCII counted by bytes)
run 0 "$meiro" list
if LC_ALL=C awk 'length($0) > 79 && $0 !~ /[\200-\377]/ { bad = 1 } END { exit bad }' "$tmp/out"; then ok
else bad "meiro list has lines over 79 columns"; fi

# generate: reproducible, the seed reported when it was not given
run 0 "$meiro" generate -W 12 -H 7; err_has "seed [0-9]"
seed=$(sed -n 's/^meiro: seed \([0-9]*\).*/\1/p' "$tmp/err")
cp "$tmp/out" "$tmp/clock.txt"
run 0 "$meiro" generate -W 12 -H 7 -s "$seed"; err_empty
same "$tmp/out" "$tmp/clock.txt"
for a in cluster dig bar wall kruskal backtracker anahori boutaoshi kabenobashi; do
    run 0 "$meiro" generate -W 9 -H 5 -a "$a" -s 3 --solution
    out_has "S"
done
run 0 "$meiro" generate -W 15 -H 10 -s 8 -o "$tmp/a.txt"; out_empty; err_empty
run 0 "$meiro" generate -W 15 -H 10 -s 8; same "$tmp/out" "$tmp/a.txt"
run 0 "$meiro" generate -W 15 -H 10 -s 8 -o "$tmp/a.csv"
if head -1 "$tmp/a.csv" | grep -q '^1,1,1'; then ok; else bad "a.csv is not CSV"; fi
run 0 "$meiro" generate -W 15 -H 10 -s 8 -f csv -o "$tmp/b.txt"
same "$tmp/a.csv" "$tmp/b.txt"
run 0 "$meiro" generate -W 4 -H 3 -s 8 -f ascii; out_has "+---+"
run 0 "$meiro" generate -W 4 -H 3 -s 8 -f unicode; out_has "┌───"
run 0 "$meiro" generate -W 4 -H 3 -s 8 -o -; out_has "#########"

# sizes past the limits fail fast with a clear message
run 2 "$meiro" generate -W 65535 -H 65535 -s 1; err_has "too large"; err_has "400000000"; out_empty

# solve: the DFS/BFS article's maze gives its published shortest path
run 0 "$meiro" solve "$data/seed003.txt"; same "$tmp/out" "$data/seed003-solved.txt"
run 0 "$meiro" solve - < "$data/seed003.txt"; same "$tmp/out" "$data/seed003-solved.txt"
run 0 "$meiro" solve -m dfs "$data/seed003.txt"; out_has "G"
run 0 "$meiro" solve -m fill -o "$tmp/solved.csv" "$data/seed003.txt"
run 0 "$meiro" solve "$tmp/solved.csv" -f text; same "$tmp/out" "$data/seed003-solved.txt"
run 0 "$meiro" solve -i csv - < "$tmp/solved.csv"; same "$tmp/out" "$data/seed003-solved.txt"
# meiro's line drawings read back: the same maze, the same solution
"$meiro" generate -W 15 -H 10 -s 8 -f ascii -o "$tmp/drawn.txt" 2>/dev/null
run 0 "$meiro" solve "$tmp/drawn.txt"; cp "$tmp/out" "$tmp/drawn-solved.txt"
run 0 "$meiro" solve "$tmp/a.txt"; same "$tmp/out" "$tmp/drawn-solved.txt"
"$meiro" generate -W 15 -H 10 -s 8 -f unicode -o "$tmp/drawn-u.txt" 2>/dev/null
run 0 "$meiro" solve -i unicode - < "$tmp/drawn-u.txt"; same "$tmp/out" "$tmp/drawn-solved.txt"
# a spreadsheet's CSV with ';' (German locale) and a hand-typed block maze
tr ',' ';' < "$tmp/a.csv" > "$tmp/semi.csv"
run 0 "$meiro" solve "$tmp/semi.csv" -f text; same "$tmp/out" "$tmp/drawn-solved.txt"
printf '######\n#S   #\n# ## #\n#   G#\n######\n' > "$tmp/blocks.txt"
run 0 "$meiro" stats "$tmp/blocks.txt"; out_has "4 x 3"
printf ',' > "$tmp/comma.csv"
run 1 "$meiro" solve "$tmp/comma.csv"; err_has "comma.csv:1:1: the first line has only empty fields"
printf '#####\n#S# #\n### #\n#  G#\n#####\n' > "$tmp/closed.txt"
run 1 "$meiro" solve "$tmp/closed.txt"; err_has "closed.txt: no path"; out_empty

# runtime errors: "meiro: FILE[:LINE:COL]: message", exit 1, nothing written
run 1 "$meiro" solve "$tmp/missing.txt"; err_has "meiro: $tmp/missing.txt: cannot open: No such file"
printf '#####\n#S  #\n###x#\n#  G#\n#####\n' > "$tmp/bad.txt"
run 1 "$meiro" solve -o "$tmp/out.txt" "$tmp/bad.txt"; err_has "bad.txt:3:4: unexpected 'x'"; absent "$tmp/out.txt"
: > "$tmp/empty.txt"
run 1 "$meiro" stats "$tmp/empty.txt"; err_has "empty file"
printf '1,1,1\n1,S,1\n1,G\n' > "$tmp/ragged.csv"
run 1 "$meiro" solve "$tmp/ragged.csv"; err_has "ragged.csv:3:3: ragged row"
head -c 3000 /dev/urandom | tr -d '\n' > "$tmp/noise.txt" # one line: the error is on it
run 1 "$meiro" solve "$tmp/noise.txt"; err_has "noise.txt:1:"
run 1 "$meiro" generate -s 1 -o "$tmp/no/such/dir/m.txt"; err_has "m.txt: the folder '$tmp/no/such/dir' does not exist"
absent "$tmp/no"

# an existing file is replaced only by a complete one: writes that fail
# (here: a file size limit) leave it as it was and leave no temporary file
cp "$tmp/a.txt" "$tmp/keep.txt"
( trap '' XFSZ; ulimit -f 1; exec "$meiro" generate -W 400 -H 400 -s 2 -o "$tmp/keep.txt" ) > "$tmp/out" 2> "$tmp/err"
if [ $? -eq 1 ]; then ok; else bad "size-limited write did not exit 1"; fi
err_has "keep.txt: "
same "$tmp/keep.txt" "$tmp/a.txt"
if ls -a "$tmp" | grep -q '\.tmp$'; then bad "temporary file left behind"; else ok; fi
run 1 sh -c "'$meiro' generate -s 1 > /dev/full"; err_has "stdout: write error"

# printable exports: the format follows the extension
run 0 "$meiro" generate -W 12 -H 9 -s 4 -o "$tmp/m.pdf"; out_empty; err_empty
if head -c 5 "$tmp/m.pdf" | grep -q '%PDF-'; then ok; else bad "m.pdf is not a PDF"; fi
run 0 "$meiro" generate -W 12 -H 9 -s 4 -o "$tmp/m.svg"
if grep -q '<svg' "$tmp/m.svg"; then ok; else bad "m.svg is not SVG"; fi
run 0 "$meiro" generate -W 12 -H 9 -s 4 -o "$tmp/m.png" --dpi 96
if head -c 8 "$tmp/m.png" | grep -q 'PNG'; then ok; else bad "m.png is not a PNG"; fi
run 0 "$meiro" generate -W 12 -H 9 -s 4 -o "$tmp/m.xlsx" --answer-page --title "Hana"
if head -c 2 "$tmp/m.xlsx" | grep -q 'PK'; then ok; else bad "m.xlsx is not a zip"; fi
run 0 "$meiro" generate -W 12 -H 9 -s 4 -f pdf -o "$tmp/m-pdf.bin"; same "$tmp/m.pdf" "$tmp/m-pdf.bin"
# HTML: by extension (.html, .htm) or -f; --dpi and --crop do not apply and
# change nothing, as for PDF; the same maze gives the same bytes
run 0 "$meiro" generate -W 12 -H 9 -s 4 -o "$tmp/m.html"; out_empty; err_empty
if head -c 15 "$tmp/m.html" | grep -q '<!DOCTYPE html>'; then ok; else bad "m.html is not HTML"; fi
run 0 "$meiro" generate -W 12 -H 9 -s 4 --dpi 72 --crop -o "$tmp/m.htm"; same "$tmp/m.html" "$tmp/m.htm"
run 0 "$meiro" generate -W 12 -H 9 -s 4 -f html; out_has '<!DOCTYPE html>'
run 0 "$meiro" generate -W 12 -H 9 -s 4 --answer-page -o "$tmp/ans.html"; err_has "the answer is in $tmp/ans-answer.html"
if grep -q '"shown":true' "$tmp/ans-answer.html" && grep -q '"shown":false' "$tmp/ans.html"; then ok
else bad "the answer file does not open with the answer shown"; fi
run 1 sh -c "'$meiro' solve -i html '$tmp/m.html'"; err_has "html mazes can be written but not read"
# (the same seed and options give the same bytes: all_formats, below)
run 0 "$meiro" solve --answer-page --paper letter -o "$tmp/solved.pdf" "$data/seed003.txt"
if need pdfinfo; then
    pdfinfo "$tmp/solved.pdf" > "$tmp/out"; out_has "Pages: *2"; out_has "792 x 612 pts (letter)"
    SOURCE_DATE_EPOCH=86400 "$meiro" generate -s 1 -o "$tmp/epoch.pdf"
    pdfinfo "$tmp/epoch.pdf" > "$tmp/out"; out_has "CreationDate: *Fri Jan  2 00:00:00 1970"
fi
# page options: usage errors name the problem, and nothing is written
run 2 "$meiro" generate -W 33 -H 33 -s 1 --cell 40 -o "$tmp/big.pdf"; err_has "largest cell that fits is 5.4 mm"; absent "$tmp/big.pdf"
# answers: single-page formats put the answer in a second file; to stdout
# that cannot be, and nothing is written
run 0 "$meiro" generate -s 1 --answer-page -o "$tmp/a.svg"; err_has "the answer is in $tmp/a-answer.svg"
if grep -q 'stroke:rgb(62.745098%' "$tmp/a-answer.svg" && ! grep -q 'stroke:rgb(62.745098%' "$tmp/a.svg"; then ok
else bad "the solution is not (only) in a-answer.svg"; fi
run 2 "$meiro" generate -s 1 --answers key -f png; err_has "second file"; out_empty
# no "seed N" line before a usage error: the seed of a maze never written
run 2 "$meiro" generate --answers key -f png
if grep -q "seed" "$tmp/err"; then bad "a seed was reported before a usage error"; else ok; fi
run 2 "$meiro" booklet -n 3 --cell 99 -o "$tmp/nofit.pdf"
if grep -q "seed" "$tmp/err"; then bad "a booklet's seed was reported before a usage error"; else ok; fi
run 2 "$meiro" generate -s 1 --answers sideways -o "$tmp/a.pdf"; err_has "none, after-page, key or back"; absent "$tmp/a.pdf"
run 2 "$meiro" generate -s 1 --paper a2 -o "$tmp/p.pdf"; err_has "unknown paper 'a2'"
run 2 "$meiro" generate -s 1 --margin -3 -o "$tmp/p.pdf"; err_has "margin"
# print-on-demand: custom sizes, bleed, gutter (read back in test_trim);
# bad values are usage errors that write nothing
run 0 "$meiro" generate -s 1 --portrait --paper 6x9in --bleed 3 --gutter 10 -o "$tmp/pod.pdf"; err_empty
run 0 "$meiro" booklet -n 2 -s 1 --paper 210x210mm --bleed 3 --gutter 8 -o "$tmp/pod-book.pdf"
run 0 "$meiro" solve --paper 148x210 --bleed 3 -o "$tmp/pod-solved.pdf" "$data/seed003.txt"
if need pdfinfo; then
    pdfinfo -box "$tmp/pod.pdf" > "$tmp/out" 2>&1
    out_has "TrimBox: *8.50 *8.50 *440.50 *656.50"; out_has "BleedBox: *0.00 *0.00 *449.01 *665.01"
fi
for args in "--paper 10x10mm:50 to 1000 mm" "--paper 6x9cm:unknown paper '6x9cm'" "--paper x9:unknown paper 'x9'" \
            "--bleed -1:--bleed takes 0 to 20 mm" "--bleed 30:--bleed takes 0 to 20 mm" \
            "--gutter 60:--gutter takes 0 to 50 mm" "--bleed 3 -f svg:bleed is for PDF" \
            "--gutter 5 -f png:gutter is for bound PDF" "--paper 6x9in -f xlsx:named paper" \
            "--bleed 3 --crop -f pdf:cropped maze"; do
    run 2 "$meiro" generate -s 1 ${args%%:*} -o "$tmp/pod-bad.out"; err_has "${args#*:}"; absent "$tmp/pod-bad.out"
done
run 2 "$meiro" booklet -n 2 -s 1 --bleed 3 -f xlsx -o "$tmp/pod-bad.xlsx"; err_has "bleed is for PDF"
absent "$tmp/pod-bad.xlsx"
run 2 "$meiro" booklet -n 2 -s 1 --paper 60x60 --gutter 40 -o "$tmp/pod-bad.pdf"; err_has "leave no room"
absent "$tmp/pod-bad.pdf"
run 0 "$meiro" list; out_has "^Papers"; out_has "  b4 *257 x 364 mm"; out_has "  6x9in *US trade"
run 2 "$meiro" generate -s 1 --dpi 5 -o "$tmp/p.png"; err_has "dpi"
run 2 "$meiro" generate -s 1 --cell 0 -o "$tmp/p.pdf"; err_has "cell"
run 1 "$meiro" generate -s 1 -o "$tmp/no/such/m.pdf"; err_has "m.pdf: the folder '$tmp/no/such' does not exist"; absent "$tmp/no"
run 0 "$meiro" generate --help; out_has "--answer-page"; out_has "--answers WHERE"; out_has "--paper P"

# every shipped template writes every format, for generate and solve (a
# template's answers are left out of single-page formats); --answers
# overrides the template's place
for t in $("$meiro" list | sed -n '/^Templates/,/^$/s/^  \([a-z0-9-][a-z0-9-]*\) .*/\1/p'); do
    for f in pdf svg png txt xlsx html; do
        run 0 "$meiro" generate -W 7 -H 9 -s 1 -t "$t" --dpi 40 -o "$tmp/t-$t.$f"
        run 0 "$meiro" solve -t "$t" --dpi 40 -o "$tmp/s-$t.$f" "$data/seed003.txt"
    done
    if need pdfinfo; then
        run 0 "$meiro" generate -W 7 -H 9 -s 1 -t "$t" --answers none -o "$tmp/n-$t.pdf"
        pdfinfo "$tmp/n-$t.pdf" > "$tmp/out"; out_has "Pages: *1$"
        run 0 "$meiro" generate -W 7 -H 9 -s 1 -t "$t" --answers after-page -o "$tmp/a-$t.pdf"
        pdfinfo "$tmp/a-$t.pdf" > "$tmp/out"; out_has "Pages: *2$"
    fi
done
[ -n "$t" ] && ok || bad "no templates listed by meiro list"
if need pdfinfo; then
    run 0 "$meiro" booklet -n 4 -s 1 --answers after-page -o "$tmp/b-answers.pdf"
    pdfinfo "$tmp/b-answers.pdf" > "$tmp/out"; out_has "Pages: *8$"
    run 0 "$meiro" booklet -n 4 -s 1 --answers none -o "$tmp/b-answers.pdf"
    pdfinfo "$tmp/b-answers.pdf" > "$tmp/out"; out_has "Pages: *4$"
fi
run 2 "$meiro" booklet -n 4 -s 1 --dpi 100 -o "$tmp/b2.pdf"; err_has "for PNG"; absent "$tmp/b2.pdf"

# texts no installed font can draw are refused (they printed as empty
# boxes); emoji have a font (fonts-noto-color-emoji)
run 2 "$meiro" generate -s 1 --title "$(printf 'Maze \315\270')" -o "$tmp/tofu.pdf"
err_has "no installed font can draw"; absent "$tmp/tofu.pdf"
run 0 "$meiro" generate -s 1 --title "$(printf '\360\237\220\260 Bunny maze')" -o "$tmp/emoji.pdf"

# a template's maze: kids-a4 makes a child's 7 x 9 maze; -W/-H/-a win
run 0 "$meiro" generate -s 1 -t kids-a4 -o "$tmp/kid.txt"
if [ "$(wc -l < "$tmp/kid.txt")" -eq 19 ] && [ "$(head -1 "$tmp/kid.txt" | tr -d '\r\n' | wc -c)" -eq 15 ]; then ok
else bad "kids-a4 did not make a 7 x 9 maze"; fi
run 0 "$meiro" generate -s 1 -t kids-a4 -W 12 -H 5 -a cluster -o "$tmp/kid2.txt"
if [ "$(wc -l < "$tmp/kid2.txt")" -eq 11 ]; then ok; else bad "-H did not override the template"; fi

# cells too small for a pencil: a warning, and the maze is still written
run 0 "$meiro" generate -W 300 -H 300 -s 1 -o "$tmp/tiny.pdf"; err_has "warning: cells of 0.6 mm are too small"
run 0 "$meiro" generate -W 30 -H 30 -s 1 -o "$tmp/fine.pdf"; err_empty

# --crop: PDF and SVG pages the size of the maze and its border (PNG too)
run 0 "$meiro" generate -W 12 -H 8 -s 1 --crop --answer-page -o "$tmp/crop.pdf"
if need pdfinfo; then
    pdfinfo "$tmp/crop.pdf" > "$tmp/out"; out_has "Pages: *2$"
    if grep -q "595.276 x 841.89\|841.89 x 595.276" "$tmp/out"; then bad "--crop left an A4 PDF page"; else ok; fi
fi
run 0 "$meiro" generate -W 12 -H 8 -s 1 --crop -o "$tmp/crop.svg"
if grep -q 'width="297mm"\|width="210mm"' "$tmp/crop.svg"; then bad "--crop left an A4 SVG page"; else ok; fi

# a level for one maze: --difficulty or --age pick size, generator and ends
run 0 "$meiro" generate --age 10 -s 1 -o "$tmp/age.txt"
run 0 "$meiro" stats "$tmp/age.txt"; out_has "20 x 28"
run 0 "$meiro" generate --difficulty easy -W 9 -s 1 -o "$tmp/easy.txt"
run 0 "$meiro" stats "$tmp/easy.txt"; out_has "9 x 8"
run 2 "$meiro" generate --age 2 -s 1; err_has "an age is 3 to 120"
# a set number of choices at a child's level, as stats counts them (JSON too)
run 0 "$meiro" generate --age 4 --choices 3 -s 5 -o "$tmp/choices.txt"
run 0 "$meiro" stats "$tmp/choices.txt"; out_has " 3 decisions"; out_has "perfect:     yes"
run 0 "$meiro" generate --grid hex --choices 4 -W 9 -H 7 -s 5 -o "$tmp/choices.json"
run 0 "$meiro" stats --json "$tmp/choices.json"; out_has '"decisions": 4,'
# its page's footer says --choices, so the seed makes it again
if need pdftotext; then
    run 0 "$meiro" generate --choices 3 -W 10 -H 8 -s 5 -o "$tmp/choices.pdf"
    run 0 pdftotext "$tmp/choices.pdf" "$tmp/choices-text.txt"
    if grep -q 'choices 3' "$tmp/choices-text.txt"; then ok; else bad "the footer lacks '· choices 3'"; fi
fi
# a booklet's mazes each with the choices asked (its page's data read: the
# solution's cells of three or four openings), their captions and its
# remaking command saying so; with --kinds, refused
run 0 "$meiro" booklet -n 4 --choices 3 --difficulty easy-normal -s 6 -o "$tmp/choices.html"
if need python3; then
    python3 - "$tmp/choices.html" > "$tmp/out" <<'PY'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
data = json.loads(re.search(r'<script [^>]*id="meiro-data"[^>]*>(.*?)</script>', page, re.S).group(1))
for m in data["mazes"]:
    walls = m["walls"]
    open_sides = lambda x, y: 4 - bin(walls[y][x] & 15).count("1")
    print(sum(open_sides(x, y) >= 3 for x, y in m["solution"]), "choices" in m["info"])
PY
    if [ "$(sort -u "$tmp/out")" = "3 True" ] && [ "$(wc -l < "$tmp/out")" -eq 4 ]; then ok
    else bad "booklet --choices 3: $(tr '\n' ' ' < "$tmp/out")"; fi
fi
if need pdftotext; then
    run 0 "$meiro" booklet -n 2 --choices 2 -s 6 -o "$tmp/choices-book.pdf"
    run 0 pdftotext "$tmp/choices-book.pdf" "$tmp/choices-text.txt"
    [ "$(grep -c '· choices 2 ·' "$tmp/choices-text.txt")" -eq 2 ] && ok || bad "a caption lacks '· choices 2'"
    grep -q 'again: meiro booklet -n 2 --choices 2' "$tmp/choices-text.txt" && ok || bad "the command lacks --choices"
fi
run 2 "$meiro" booklet -n 2 --choices 2 --kinds weave -o "$tmp/bad.pdf"; err_has "name it among them"
run 2 "$meiro" booklet -n 2 --kinds choices -o "$tmp/bad.pdf"; err_has "say how many, choices=N"
run 2 "$meiro" booklet -n 2 --kinds choices=2 --shape heart -o "$tmp/bad.pdf"; err_has "not in a shape"
run 2 "$meiro" generate --difficulty insane -s 1; err_has "unknown difficulty"

# the catalogue's knobs
run 0 "$meiro" generate -W 9 -H 5 -s 2 --ends border -f unicode; out_has "^S"
run 0 "$meiro" generate -W 9 -H 5 -s 2 --ends farthest --loops 30 -a growing-tree --bias 0.2 -o "$tmp/k.txt"
run 0 "$meiro" stats --json "$tmp/k.txt"; out_has '"perfect": false'; out_has '"longest_path": '; out_has '"river": '
run 0 "$meiro" generate -W 9 -H 5 -s 2 --start 4,2 --goal 0,0 -o "$tmp/sg.txt"
if sed -n 6p "$tmp/sg.txt" | cut -c10 | grep -q S; then ok; else bad "S is not in cell 4,2"; fi
run 2 "$meiro" generate --bias 2; err_has "from 0 to 1"
run 2 "$meiro" generate --loops 101; err_has "0 to 100"
run 2 "$meiro" generate --ends middle; err_has "unknown placement 'middle'"
run 2 "$meiro" generate --start 1; err_has "X,Y"
run 2 "$meiro" generate -W 5 -H 5 --start 7,7 --goal 0,0; err_has "outside the 5 x 5 maze"
for m in astar deadend left-hand right-hand tremaux; do
    run 0 "$meiro" solve -m "$m" "$data/seed003.txt"; same "$tmp/out" "$data/seed003-solved.txt"
done

# templates and booklets
run 0 "$meiro" generate -W 8 -H 10 -s 3 -t kids-a4 -o "$tmp/kids.pdf"; err_empty
run 0 "$meiro" generate -W 8 -H 10 -s 3 -t templates/kids-a4.ini --lang ja -o "$tmp/kids-ja.pdf"
run 0 "$meiro" solve -t worksheet-a4-2up "$data/seed003.txt" -o "$tmp/ws.pdf"
run 2 "$meiro" generate -t no-such-template -o "$tmp/x.pdf"; err_has "no template 'no-such-template'"; absent "$tmp/x.pdf"
printf '[page]\npaper = a4\nmazes = 5\n' > "$tmp/broken.ini"
run 1 "$meiro" generate -t "$tmp/broken.ini" -o "$tmp/x.pdf"; err_has "broken.ini:3: mazes per page is 1, 2, 4 or 6"; absent "$tmp/x.pdf"
run 2 "$meiro" generate --lang xx; err_has "unknown language 'xx'"

# shapes: listed with what they look like
run 0 "$meiro" list; out_has "^Shapes"; out_has "  heart  *a heart"; out_has "  cat  *a cat's head"; out_has "  cloud"

# pictures for S and G: listed; an unknown name is a usage error listing
# the names (generate, solve, booklet, a template's art =), nothing written;
# none gives the words back on a template with pictures
run 0 "$meiro" list; out_has "Pictures for S and G"; out_has "bunny  *a bunny"; out_has "rocket"
for cmd in "generate" "solve $data/seed003.txt" "booklet -n 2"; do
    # shellcheck disable=SC2086
    run 2 "$meiro" $cmd --art unicorn -o "$tmp/art.pdf"
    err_has "unknown art 'unicorn' (bunny, mouse, bee, car, dog, rocket, or none"; absent "$tmp/art.pdf"
done
printf '[maze]\nart = unicorn\n' > "$tmp/unicorn.ini"
run 1 "$meiro" generate -t "$tmp/unicorn.ini" -o "$tmp/art.pdf"; err_has "unicorn.ini:2: unknown art 'unicorn'"
run 0 "$meiro" generate -t kids-ja -s 4 -o "$tmp/kids.xlsx"
run 0 "$meiro" generate -t kids-ja -s 4 --art none -o "$tmp/words.xlsx"
if need unzip; then
    if unzip -l "$tmp/kids.xlsx" | grep -q "xl/media/image2.png"; then ok; else bad "kids-ja has no pictures"; fi
    if unzip -l "$tmp/words.xlsx" | grep -q "xl/media/"; then bad "--art none kept the pictures"; else ok; fi
fi
run 0 "$meiro" generate -W 5 -H 4 --ends border --art car -s 2 -o "$tmp/art.xlsx"
if need unzip; then
    if unzip -l "$tmp/art.xlsx" | grep -q "xl/media/image2.png"; then ok; else bad "no pictures in the workbook"; fi
fi
# the spreadsheet page keeps the template's parts: texts in merged rows
# above the maze, tabs in the page's language, a footer Gnumeric reads,
# zoomed to show the whole page, S/G labels sized to their cells
if need unzip; then
    run 0 "$meiro" generate -t kids-ja --art none -s 3 -o "$tmp/kj.xlsx"
    unzip -p "$tmp/kj.xlsx" xl/workbook.xml > "$tmp/wb.xml"; unzip -p "$tmp/kj.xlsx" xl/worksheets/sheet1.xml > "$tmp/s1.xml"
    if grep -q 'name="めいろ"' "$tmp/wb.xml" && grep -q 'name="こたえ"' "$tmp/wb.xml"; then ok; else bad "tabs not めいろ / こたえ: $(cat "$tmp/wb.xml")"; fi
    if grep -q '<mergeCell ref="A1:I1"/>' "$tmp/s1.xml" && grep -q 'なまえ' "$tmp/s1.xml"; then ok; else bad "no title/name rows in the kids sheet"; fi
    if grep -q 'zoomScale=' "$tmp/s1.xml" && ! grep -q 'Regular' "$tmp/s1.xml"; then ok; else bad "zoom or footer font code wrong"; fi
    unzip -p "$tmp/kj.xlsx" xl/worksheets/sheet2.xml | grep -q 'めいろ — こたえ' && ok || bad "answer sheet not titled めいろ — こたえ"
    # スタート at one size with ゴール, small enough for its cell: 4 ems in 0.84 of a cell
    unzip -p "$tmp/kj.xlsx" xl/styles.xml > "$tmp/st.xml"
    pt=$(grep -o '<font><b/><sz val="[0-9.]*"' "$tmp/st.xml" | sed 's/.*val="//; s/"//' | sort -n | head -1)
    ht=$(grep -o '<row r="5" ht="[0-9.]*"' "$tmp/s1.xml" | sed 's/.*ht="//; s/"//')
    if [ -n "$pt" ] && [ -n "$ht" ] && awk -v p="$pt" -v h="$ht" 'BEGIN { exit !(p * 4 <= 0.84 * h + 0.01) }'; then ok
    else bad "label font ${pt:-?} pt too big for rows of ${ht:-?} pt"; fi
fi
# a template's own problems are reported as its file:line, not the output's
printf '[text]\ntitle = %0195d\n' 0 > "$tmp/long.ini"
run 1 "$meiro" generate -t "$tmp/long.ini" -o "$tmp/x.pdf"; err_has "long.ini:2:200: the line is longer than 199 bytes"; absent "$tmp/x.pdf"
printf '[page]\nmazes = 1\n[art]\nframe = nothere.svg\n' > "$tmp/art.ini"
run 1 "$meiro" generate -t "$tmp/art.ini" -o "$tmp/x.png"; err_has "art.ini:4: template artwork 'nothere.svg'"; absent "$tmp/x.png"
# the page's description names its pictures without drawing them: a missing one refused all the same
run 1 "$meiro" generate -t "$tmp/art.ini" -f page -o "$tmp/x.page"; err_has "art.ini:4: template artwork 'nothere.svg'"; absent "$tmp/x.page"
# a setting that fails only on the page names the template's key and line,
# in every format and command; the same value from the command line does not
printf '[page]\npaper = a4\nmargin = 45\n' > "$tmp/wide.ini"
for f in pdf png svg xlsx; do
    run 2 "$meiro" generate -s 1 -t "$tmp/wide.ini" --paper a5 -o "$tmp/w.$f"
    err_has "set by margin in \[page\] on line 3 of template 'wide'"; absent "$tmp/w.$f"
done
run 2 "$meiro" booklet -n 2 -s 1 -t "$tmp/wide.ini" --paper a5 -o "$tmp/w.pdf"; err_has "line 3 of template 'wide'"
run 2 "$meiro" generate -s 1 -t "$tmp/wide.ini" --paper a5 --margin 40 -o "$tmp/w.pdf"
if grep -q "template" "$tmp/err"; then bad "--margin blamed on the template: $(cat "$tmp/err")"; else ok; fi
# a title too long for A5, in the language chosen: title[ja] on its own line
{ printf '[text]\ntitle = Mazes\ntitle[ja] = '; for i in $(seq 60); do printf 'め'; done; printf '\n[page]\nmargin = 30\n'; } > "$tmp/ja.ini"
run 2 "$meiro" generate -s 1 -t "$tmp/ja.ini" --paper a5 --portrait --lang ja -o "$tmp/j.pdf"
err_has "too long"; err_has "set by title\[ja\] in \[text\] on line 3 of template 'ja'"
run 0 "$meiro" generate -s 1 -t "$tmp/ja.ini" --paper a5 --portrait -o "$tmp/j.pdf"
run 2 "$meiro" generate -s 1 -t "$tmp/ja.ini" --paper a5 --portrait --title "$(sed -n 's/^title\[ja\] = //p' "$tmp/ja.ini")" -o "$tmp/j.pdf"
if grep -q "template" "$tmp/err"; then bad "--title blamed on the template: $(cat "$tmp/err")"; else ok; fi
# a label no font has
printf '[maze]\nstart = \363\277\277\275\n' > "$tmp/glyph.ini"
run 2 "$meiro" generate -s 1 -t "$tmp/glyph.ini" -o "$tmp/g.pdf"; err_has "set by start in \[maze\] on line 2 of template 'glyph'"
# a title that is not UTF-8: a usage error before any work, in every format
for f in pdf png xlsx; do
    run 2 "$meiro" generate -s 1 --title "$(printf 'caf\351')" -o "$tmp/t.$f"; err_has "not UTF-8 text (from byte 4)"; absent "$tmp/t.$f"
done
run 0 "$meiro" booklet -n 6 -s 9 -o "$tmp/book.pdf"; out_empty; err_empty
if need pdfinfo; then
    pdfinfo "$tmp/book.pdf" > "$tmp/out"; out_has "Pages: *7"   # 6 mazes and a key page of 6
fi
run 0 "$meiro" booklet -n 6 -s 9 -o "$tmp/book2.pdf"; same "$tmp/book.pdf" "$tmp/book2.pdf"
run 0 "$meiro" booklet -n 4 --from 5x5 --to 20x20 -s 1 -t booklet-a5 --cover -o "$tmp/a5.pdf"
run 0 "$meiro" booklet -n 3 --difficulty hard -s 1 -o "$tmp/book.xlsx"
if head -c 2 "$tmp/book.xlsx" | grep -q PK; then ok; else bad "book.xlsx is not a zip"; fi
run 0 "$meiro" booklet -n 2 -o "$tmp/clock.pdf"; err_has "seed [0-9]"
run 2 "$meiro" booklet -n 0 -o "$tmp/b.pdf"; err_has "count"
run 2 "$meiro" booklet --difficulty impossible -o "$tmp/b.pdf"; err_has "difficulty"
run 2 "$meiro" booklet --difficulty hard-easy -o "$tmp/b.pdf"; err_has "rising"
run 2 "$meiro" booklet --from 5x5 -o "$tmp/b.pdf"; err_has "go together"
run 2 "$meiro" booklet --from 5x5 --to 9x9 --difficulty easy -o "$tmp/b.pdf"; err_has "not both"
run 2 "$meiro" booklet -a nope -o "$tmp/b.pdf"; err_has "unknown algorithm"
# shapes in turn; a generator that takes none, or a shape that does not exist, is refused
run 0 "$meiro" booklet -n 3 --shape heart,fish -s 2 -o "$tmp/shapes.pdf"
run 2 "$meiro" booklet -n 3 --shape heart,nosuch -s 2 -o "$tmp/b.pdf"; err_has "nosuch"; absent "$tmp/b.pdf"
run 2 "$meiro" booklet -n 2 --shape heart -a eller -o "$tmp/b.pdf"; err_has "does not work on a shape"
# a grid's page is checked by its bounding box before the maze is made
run 2 "$meiro" generate --grid polar -H 10 --cell 40 -o "$tmp/big.pdf"; err_has "largest cell that fits"; absent "$tmp/big.pdf"
run 0 "$meiro" generate --grid polar -H 200 -s 1 -o "$tmp/tiny.pdf"; err_has "too small to draw"
# the footer names what a shaped maze depicts, so it can be made again
if need pdftotext; then
    run 0 "$meiro" generate --shape heart -s 1 -o "$tmp/heart.pdf"
    pdftotext "$tmp/heart.pdf" "$tmp/out"; out_has "seed 1 · heart · 23 × 21"
    # without -W/-H a template's (or the default) grid grows to hold the shape, in its aspect, at least the
    # least grid where the shape reads (heart: 12 x 11)
    run 0 "$meiro" generate -t kids-a4 --shape heart -s 1 -o "$tmp/kids-heart.pdf"
    pdftotext "$tmp/kids-heart.pdf" "$tmp/out"; out_has "dig · seed 1 · heart · 12 × 11"
    # a child's name lies across: the kids page turns landscape for it, and stays portrait for its own maze
    if need pdfinfo; then
        run 0 "$meiro" generate -t kids-ja --text はな -s 1 -o "$tmp/kids-name.pdf"
        pdfinfo "$tmp/kids-name.pdf" > "$tmp/out"; out_has "Page size: *841.89 x 595.2"
        run 0 "$meiro" generate -t kids-a4 -s 1 -o "$tmp/kids-plain.pdf"
        pdfinfo "$tmp/kids-plain.pdf" > "$tmp/out"; out_has "Page size: *595.2.* x 841.89"
    fi
    run 0 "$meiro" generate --text はな -s 1 -o "$tmp/hana.pdf"
    pdftotext "$tmp/hana.pdf" "$tmp/out"; out_has "seed 1 · はな · "
fi
# folded booklets: sheets of two pages, a multiple of 4 pages; PDF only
run 0 "$meiro" booklet -t booklet-a5 -n 5 -s 3 --fold -o "$tmp/fold.pdf"
if need pdfinfo; then
    # a cover, 5 mazes, a key of 2 pages, a back cover: 12 A5 pages on 3 A4 sheets
    pdfinfo "$tmp/fold.pdf" > "$tmp/out"; out_has "Pages: *6"; out_has "Page size: *841.89 x 595.2"
fi
run 2 "$meiro" booklet -n 3 --fold -o "$tmp/fold.xlsx"; err_has "folded booklet is a PDF"; absent "$tmp/fold.xlsx"
# booklets of the other grids: PDF only; a grid's name checked
run 0 "$meiro" booklet -n 3 --grid polar -s 1 -o "$tmp/polar-book.pdf"
run 2 "$meiro" booklet -n 3 --grid polar,hex -s 1 -o "$tmp/grid-book.xlsx"; err_has "a booklet of polar mazes is a PDF"
absent "$tmp/grid-book.xlsx"
run 2 "$meiro" booklet -n 3 --grid squares -o "$tmp/grid-book.pdf"; err_has "--grid is rect, polar, hex or triangle"
run 2 "$meiro" booklet -n 3 --fold=twice -o "$tmp/fold.pdf"; err_has "fold=pages"
# a booklet says how to make it again: tests/remake.sh
# over 20 mazes: contents (levels, or runs of ten), each line's page
# number the page where its first maze is
if need pdftotext; then
    for args in "-n 40 --difficulty easy-expert -s 2026" "-n 25 --from 5x5 --to 20x20 --cover -s 3" \
        "-n 300 --from 5x5 --to 12x12 --paper 6x9in -s 3"; do
        # shellcheck disable=SC2086
        run 0 "$meiro" booklet $args -o "$tmp/toc.pdf"
        pdftotext -layout -l 2 "$tmp/toc.pdf" - | sed -n 's/^.*No\. \([0-9]*\) – No\. [0-9]* *\([0-9]*\)$/\1 \2/p' > "$tmp/toc"
        lines=0 right=0
        while read -r first page; do
            lines=$((lines + 1))
            pdftotext -f "$page" -l "$page" "$tmp/toc.pdf" - | grep -qx "No\. $first" && right=$((right + 1))
        done < "$tmp/toc"
        if [ "$lines" -ge 3 ] && [ "$right" -eq "$lines" ]; then ok; else bad "booklet $args: contents $right of $lines right"; fi
    done
fi
# a book of hundreds for a print service: its contents on the one page, in
# runs of more than ten, inside the safe area (its own preflight passes; the
# runs of ten ran off a 6 x 9 in page)
run 0 "$meiro" booklet -n 300 --from 5x5 --to 12x12 --paper 6x9in --print kdp -s 3 -o "$tmp/toc-kdp.pdf"
if need pdftotext; then
    pdftotext -f 1 -l 1 "$tmp/toc-kdp.pdf" - | grep -q "^No\. 281 – No\. 300$" && ok || bad "300 mazes: no line for the last twenty"
fi
# the contents on small pages: each line's words end before its page number
# (a Japanese level's line ran into it at 5 x 8 in)
if need pdftotext; then
    for args in "--lang ja --paper 5x8in" "--lang ja --paper a6" "--paper a6"; do
        # shellcheck disable=SC2086
        run 0 "$meiro" booklet -n 40 -s 1 $args -o "$tmp/toc-small.pdf"
        pdftotext -bbox -f 1 -l 1 "$tmp/toc-small.pdf" "$tmp/toc-small.html"
        if python3 - "$tmp/toc-small.html" << 'PY'; then ok; else bad "booklet $args: contents words over the page number"; fi
import re, sys
words = [(float(a), float(b), float(c), t) for a, b, c, t in
         re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', open(sys.argv[1]).read())]
lines = [] # words within 6 pt of a line's first word (glyphs of scripts sit apart)
for x0, y0, x1, t in sorted(words, key=lambda w: w[1]):
    if lines and y0 - lines[-1][0] < 6: lines[-1][1].append((x0, x1, t))
    else: lines.append((y0, [(x0, x1, t)]))
numbered = 0
for _, ws in lines:
    ws.sort()
    if len(ws) < 2 or not ws[-1][2].isdigit() or ws[-1][0] < 100:
        continue
    numbered += 1
    assert all(x1 < ws[-1][0] - 0.5 for _, x1, _ in ws[:-1]), ws
assert numbered >= 3, numbered
PY
    done
fi
# Japanese booklets: the page number alone in the outer bottom corner
if need pdftotext; then
    run 0 "$meiro" booklet -n 4 -s 5 --lang ja -o "$tmp/ja.pdf"
    left=$(pdftotext -bbox -f 2 -l 2 "$tmp/ja.pdf" - | sed -n 's/.*xMax="\([0-9.]*\)".*>2<\/word>.*/\1/p')
    right=$(pdftotext -bbox -f 3 -l 3 "$tmp/ja.pdf" - | sed -n 's/.*xMin="\([0-9.]*\)".*>3<\/word>.*/\1/p')
    if [ -n "$left" ] && [ -n "$right" ] && awk -v l="$left" -v r="$right" 'BEGIN { exit !(l < 150 && r > 445) }'; then ok
    else bad "ja page numbers at x ${left:-?} (page 2) and ${right:-?} (page 3), not in the outer corners"; fi
fi
# --answers-to: the puzzles alone, the answers in the file named (its own format)
run 0 "$meiro" generate -W 6 -H 4 -s 2 -o "$tmp/pz.txt" --answers-to "$tmp/an.txt"; err_has "the answer is in $tmp/an.txt"
if ! grep -q '\.' "$tmp/pz.txt" && grep -q '\.' "$tmp/an.txt"; then ok; else bad "--answers-to: the way is not (only) in the answer file"; fi
run 0 "$meiro" generate -s 2 --title Hana -o "$tmp/pz.pdf" --answers-to "$tmp/an.xlsx"
if need unzip; then
    unzip -p "$tmp/an.xlsx" xl/workbook.xml | grep -o '<sheet [^>]*>' > "$tmp/out"
    if [ "$(grep -c . "$tmp/out")" -eq 1 ] && grep -q 'name="Answer"' "$tmp/out"; then ok; else bad "an.xlsx: $(cat "$tmp/out")"; fi
fi
run 2 "$meiro" generate -s 2 -o "$tmp/pz.pdf" --answers-to "$tmp/pz.pdf"; err_has "puzzle's own file"
run 2 "$meiro" generate -s 2 -o "$tmp/pz2.pdf" --answers-to "$tmp/an.foo"; err_has "unknown file type"; absent "$tmp/pz2.pdf"
run 0 "$meiro" booklet -n 5 -s 3 -o "$tmp/bp.pdf" --answers-to "$tmp/ba.pdf"
if need pdftotext; then
    if [ "$(pdftotext "$tmp/bp.pdf" - | grep -c 'Answer to')" -eq 0 ] && [ "$(pdftotext "$tmp/ba.pdf" - | grep -c 'Answer to')" -eq 5 ]
    then ok; else bad "booklet --answers-to: answers not apart"; fi
fi
run 0 "$meiro" generate -s 1 --answers back -o "$tmp/back.pdf"
run 2 "$meiro" generate -s 1 --answers sideways -o "$tmp/back.pdf"; err_has "key or back"

run 0 "$meiro" booklet -n 3 -s 9 -t worksheet-a4-2up -o "$tmp/book.html"; out_empty; err_empty
if [ "$(grep -c '<svg class="sheet"' "$tmp/book.html")" -eq 2 ] && grep -q '"sheet":1' "$tmp/book.html"; then ok
else bad "book.html: not the two puzzle pages of three mazes"; fi
run 0 "$meiro" booklet -n 3 -s 9 -t worksheet-a4-2up -f htm -o "$tmp/book.x"; same "$tmp/book.html" "$tmp/book.x"
run 2 "$meiro" booklet -o "$tmp/b.svg"; err_has "PDF, an XLSX workbook or an HTML page"; absent "$tmp/b.svg"
run 0 "$meiro" booklet --help; out_has "--difficulty"; out_has "--template"
run 0 "$meiro" list; out_has "kids-ja"; out_has "booklet-a5"; out_has "expert"

# watching
run 0 "$meiro" generate -W 6 -H 4 -s 2 --solution --animate "$tmp/a.svg" --frames "$tmp/fr" -o "$tmp/a.txt"
if grep -q '<animate' "$tmp/a.svg"; then ok; else bad "a.svg has no animation"; fi
if [ -f "$tmp/fr/frame-00001.png" ]; then ok; else bad "no frames"; fi
run 0 "$meiro" solve -m dfs --animate "$tmp/s.svg" "$data/seed003.txt"; same "$tmp/out" "$data/seed003-solved.txt"
run 1 "$meiro" generate -s 1 --animate "$tmp/no/such/a.svg"; err_has "a.svg: cannot create the file"
# the animation keeps its violet: a colour asked for is said to go to the page alone
run 0 "$meiro" generate -W 6 -H 4 -s 2 --answer-colour red --animate "$tmp/c.svg" -o "$tmp/c.pdf"
err_has "the animation (--animate) draws its way in violet"
run 0 "$meiro" solve --answer-colour red --frames "$tmp/cfr" -o /dev/null "$data/seed003.txt"
err_has "the animation (--frames) draws its way in violet"
run 0 "$meiro" generate -W 6 -H 4 -s 2 --animate "$tmp/c.svg" -o "$tmp/c.pdf"; err_empty
run 0 "$meiro" watch -W 6 -H 4 -s 1; err_empty   # not a terminal: the final maze, plain
if grep -q "$(printf '\033')" "$tmp/out"; then bad "escape codes without a terminal"; else ok; fi
out_has "┌"; out_has "G"
run 2 "$meiro" watch -a nope; err_has "unknown algorithm"
run 2 "$meiro" watch --delay x; err_has "delay"
run 0 "$meiro" watch --help; out_has "q or Ctrl-C"

# mazes on a shape: every format, read back, errors
for f in pdf svg png txt csv xlsx html json; do
    run 0 "$meiro" generate --shape heart -W 16 -H 13 -s 3 --solution -o "$tmp/heart.$f"; err_empty
    if [ -s "$tmp/heart.$f" ]; then ok; else bad "heart.$f is empty"; fi
done
run 0 "$meiro" generate --text HANA -s 3 -o "$tmp/hana.pdf"; err_empty
run 0 "$meiro" generate --shape heart -W 16 -H 13 -s 3 --play -o "$tmp/heart-play.xlsx"
# text, CSV and the drawings read back: solving what was written is the same as --solution
"$meiro" generate --shape heart -W 16 -H 13 -s 3 --solution -f text > "$tmp/heart-solved.txt"
"$meiro" generate --shape heart -W 16 -H 13 -s 3 --solution -f csv > "$tmp/heart-solved.csv"
if grep -q '~' "$tmp/heart-solved.txt" && grep -q '^~,~,' "$tmp/heart-solved.csv"; then ok; else bad "no '~' outside the heart"; fi
"$meiro" generate --shape heart -W 16 -H 13 -s 3 -f text > "$tmp/heart.txt"
run 0 "$meiro" solve -f text - < "$tmp/heart.txt"; same "$tmp/out" "$tmp/heart-solved.txt"
run 0 "$meiro" solve -i csv -f csv "$tmp/heart.csv"; same "$tmp/out" "$tmp/heart-solved.csv"
for f in ascii unicode; do
    "$meiro" generate --shape heart -W 16 -H 13 -s 3 -f $f > "$tmp/heart-$f.txt"
    run 0 "$meiro" solve -f text "$tmp/heart-$f.txt"; same "$tmp/out" "$tmp/heart-solved.txt"
done
"$meiro" generate --shape heart -W 16 -H 13 -s 3 -f text | "$meiro" solve -f text - > "$tmp/piped.txt"
same "$tmp/piped.txt" "$tmp/heart-solved.txt"
"$meiro" generate --shape heart -W 16 -H 13 -s 3 -f json | "$meiro" solve -i json -f text - > "$tmp/piped.txt"
same "$tmp/piped.txt" "$tmp/heart-solved.txt"
run 0 "$meiro" stats "$tmp/heart.txt"; out_has "perfect:     yes"
cells=$(sed -n 's/^size: .*(\([0-9]*\) cells)$/\1/p' "$tmp/out")
out_has "reachable:   $cells of $cells cells"
if [ "$cells" -gt 60 ] && [ "$cells" -lt 208 ]; then ok; else bad "a 16 x 13 heart of $cells cells"; fi
"$meiro" generate --text HANA -s 3 -f text | "$meiro" stats - > "$tmp/hana-stats.txt"
if grep -q "perfect:     yes" "$tmp/hana-stats.txt"; then ok; else bad "HANA read back is not perfect"; fi
# a file with an opening beside a cell outside: the position named
printf '~~#####\n~~ S  #\n### # #\n#   #G#\n#######\n' > "$tmp/open-edge.txt"
run 1 "$meiro" solve "$tmp/open-edge.txt"; err_has "open-edge.txt:2:3: an opening beside a cell outside the shape"
run 2 "$meiro" generate --shape nope; err_has "no shape 'nope' (built in: heart, star"
run 1 "$meiro" generate --shape "$tmp/missing.svg" -o "$tmp/m.txt"; err_has "missing.svg"; absent "$tmp/m.txt"
run 2 "$meiro" generate --shape heart --text HI; err_has "one at a time"
run 2 "$meiro" generate --text HI -W 30; err_has "takes its width from the letters"; err_has "(option: --width)"
run 2 "$meiro" generate -a eller --shape heart -o "$tmp/e.txt"; err_has "'eller' does not work on a shape; these do: cluster, dig"; absent "$tmp/e.txt"
printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="40" height="50"/><rect x="60" width="40" height="50"/></svg>' > "$tmp/two.svg"
run 2 "$meiro" generate --shape "$tmp/two.svg" -W 20 -H 10 --no-bridges -o "$tmp/two.txt"; err_has "2 pieces"; absent "$tmp/two.txt"
run 0 "$meiro" generate --shape "$tmp/two.svg" -W 20 -H 10 -s 1 -o "$tmp/two.txt"
# watching a shape: the animation, the frames, and watch (no terminal: the drawing)
run 0 "$meiro" generate --shape heart -W 10 -H 9 -s 3 --solution --animate "$tmp/heart-a.svg" --frames "$tmp/heart-fr" -o /dev/null
if grep -q '<animate' "$tmp/heart-a.svg" && [ -f "$tmp/heart-fr/frame-00001.png" ]; then ok; else bad "no animation of the heart"; fi
run 0 "$meiro" watch --shape heart -W 16 -H 13 -s 3; err_empty
if grep -q "$(printf '\033')" "$tmp/out"; then bad "escape codes without a terminal"; else ok; fi
cp "$tmp/out" "$tmp/watched.txt" # the drawing reads back: watch digs, then solves with bfs
"$meiro" generate -a dig --shape heart -W 16 -H 13 -s 3 --solution -f text > "$tmp/dug.txt"
run 0 "$meiro" solve -f text "$tmp/watched.txt"; same "$tmp/out" "$tmp/dug.txt"
run 0 "$meiro" watch --text HI -s 2; out_has "S"; out_has "G"
# watch --age and --difficulty: the level's maze, as generate makes it (no page: no cell size)
for lv in "--age 4" "--age 10" "--difficulty expert"; do
    run 0 "$meiro" watch $lv -s 5; err_empty
    cp "$tmp/out" "$tmp/watched.txt"
    "$meiro" generate $lv -s 5 --solution -f text > "$tmp/level.txt"
    run 0 "$meiro" solve -f text "$tmp/watched.txt"; same "$tmp/out" "$tmp/level.txt"
done
run 0 "$meiro" watch --age 4 -a eller -W 7 -H 5 -s 5; err_empty
"$meiro" generate --age 4 -a eller -W 7 -H 5 -s 5 --solution -f text > "$tmp/level.txt"
cp "$tmp/out" "$tmp/watched.txt"; run 0 "$meiro" solve -f text "$tmp/watched.txt"; same "$tmp/out" "$tmp/level.txt"
run 2 "$meiro" watch --age 2; err_has "3 to 120 years"
run 2 "$meiro" watch --difficulty silly; err_has "silly"
run 0 "$meiro" watch --help; out_has "--age N"; out_has "--difficulty L"
run 2 "$meiro" watch --shape nope; err_has "no shape 'nope'"
run 2 "$meiro" watch --shape heart --text HI; err_has "one at a time"
run 2 "$meiro" watch --text HI -W 9; err_has "takes its width from the letters"; err_has "(option: --width)"
run 2 "$meiro" watch -a eller --shape heart; err_has "does not work on a shape"
run 0 "$meiro" watch --help; out_has "--shape S"; out_has "--no-bridges"

# outputs that are not regular files are written to, never replaced: a
# FIFO, a character device (as root: a node of our own, not /dev/null), a
# symlink (its target is replaced, the link stays); a replaced file keeps
# its mode
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" > "$tmp/from-fifo" & # bounded: a replaced FIFO is never opened
run 0 "$meiro" generate -W 4 -H 3 -s 1 -o "$tmp/fifo"
wait
"$meiro" generate -W 4 -H 3 -s 1 > "$tmp/direct.txt"
if [ -p "$tmp/fifo" ]; then ok; else bad "the FIFO was replaced by a file"; fi
same "$tmp/from-fifo" "$tmp/direct.txt"
if [ "$(id -u)" -ne 0 ]; then skip "a device node of our own (needs root)"
elif mknod -m 666 "$tmp/null" c 1 3; then
    run 0 "$meiro" generate -W 4 -H 3 -s 1 -o "$tmp/null"
    if [ -c "$tmp/null" ]; then ok; else bad "the device node was replaced by a file"; fi
else bad "mknod failed as root"; fi
echo old > "$tmp/target.txt"; chmod 640 "$tmp/target.txt"; ln -s target.txt "$tmp/link.txt"
run 0 "$meiro" generate -W 4 -H 3 -s 1 -o "$tmp/link.txt"
if [ -L "$tmp/link.txt" ]; then ok; else bad "the symlink was replaced by a file"; fi
same "$tmp/target.txt" "$tmp/direct.txt"
case "$(ls -l "$tmp/target.txt")" in -rw-r-----*) ok ;; *) bad "mode not kept: $(ls -l "$tmp/target.txt")" ;; esac
if [ "$(find "$tmp" -name '*.tmp' | wc -l)" -eq 0 ]; then ok; else bad "temporary files left"; fi

# output names up to 255 bytes: the temporary name next to them is shortened
long=$(printf '%0251d' 0 | tr 0 n)
run 0 "$meiro" generate -W 4 -H 3 -s 1 -o "$tmp/$long.txt"; same "$tmp/$long.txt" "$tmp/direct.txt"
run 0 "$meiro" generate -W 4 -H 3 -s 1 -o "$tmp/${long%n}.xlsx"
if [ -s "$tmp/${long%n}.xlsx" ]; then ok; else bad "no workbook with a 255-byte name"; fi
run 0 "$meiro" generate -W 4 -H 3 -s 1 --frames "$tmp/$long$(printf nnnn)" -o /dev/null
if [ -f "$tmp/$long$(printf nnnn)/frame-00001.png" ]; then ok; else bad "no frames in a folder of a 255-byte name"; fi
rm -rf "$tmp/$long"*
# /dev/stdout leading to a file is the caller's descriptor: written to
# (appended), not replaced by a new file
echo first > "$tmp/redirected.txt"
"$meiro" generate -W 4 -H 3 -s 1 -o /dev/stdout >> "$tmp/redirected.txt"
{ echo first; cat "$tmp/direct.txt"; } > "$tmp/want.txt"
same "$tmp/redirected.txt" "$tmp/want.txt"

# a reader that goes away (| head) ends meiro quietly, by SIGPIPE (141),
# even when SIGPIPE came ignored (then writes failed with "Broken pipe");
# the maze's 1.4 MB are more than a pipe holds, so meiro is still writing
for ignore in no yes; do
    for o in "" "-o /dev/stdout"; do
        ( [ $ignore = yes ] && trap '' PIPE
          { "$meiro" generate -W 600 -H 600 -s 1 $o 2> "$tmp/err"; echo $? > "$tmp/status"; } | head -c 10 > /dev/null )
        if [ "$(cat "$tmp/status")" -eq 141 ]; then ok; else bad "| head (SIGPIPE ignored: $ignore, $o): exit $(cat "$tmp/status")"; fi
        err_empty
    done
done
# an XLSX to a pipe is assembled in $TMPDIR: a closed pipe removes it
mkdir "$tmp/scratch"
{ TMPDIR="$tmp/scratch" "$meiro" generate -W 400 -H 400 -s 1 -f xlsx 2> "$tmp/err"; echo $? > "$tmp/status"; } | head -c 10 > /dev/null
if [ "$(cat "$tmp/status")" -eq 141 ]; then ok; else bad "xlsx | head: exit $(cat "$tmp/status")"; fi
if [ -z "$(ls -A "$tmp/scratch")" ]; then ok; else bad "xlsx | head left $(ls -A "$tmp/scratch")"; fi

# Ctrl-C and SIGTERM during a save: the temporary files go, the old file
# stays, and meiro dies of the signal (130, 143). The signal comes at a
# named point, from the fault build's hook (MEIRO_FAULT_SIGNAL, src/core/
# alloc.c), not from a timed kill: the save's temporary file made ("temp",
# the workbook's own the second), the third frame about to be written
# (two are in the temporary folder).
mkdir "$tmp/sig"
echo old > "$tmp/sig/old.txt"
for case in "INT 130 txt temp:1" "TERM 143 txt temp:1" "TERM 143 xlsx temp:2" "INT 130 frames frame:3"; do
    set -- $case
    cp "$tmp/sig/old.txt" "$tmp/sig/big.$3"
    case $3 in
    frames) to="--frames $tmp/sig/fr -o /dev/null" ;;
    *) to="-o $tmp/sig/big.$3" ;;
    esac
    # SIGINT's default restored, as a terminal has it (a background job
    # starts with it ignored, and meiro keeps an ignored signal ignored)
    # shellcheck disable=SC2086
    { MEIRO_FAULT_SIGNAL=$1:$4 env --default-signal=INT "$build/tests/meiro-faults" generate -W 30 -H 20 -s 1 $to > /dev/null 2> "$tmp/err"; } 2> /dev/null
    got=$? # (the shell's "Terminated" went to /dev/null)
    if [ "$got" -eq "$2" ]; then ok; else bad "SIG$1 during a $3 save: exit $got, wanted $2: $(cat "$tmp/err")"; fi
    same "$tmp/sig/big.$3" "$tmp/sig/old.txt"
    left=$(ls -A "$tmp/sig" | grep -v -e '^old\.txt$' -e '^big\.')
    if [ -z "$left" ]; then ok; else bad "SIG$1 during a $3 save left: $left"; fi
done
# a full disk, a file size limit: exit 1, the reason named, the old file
# as it was, no temporary file (not even the workbook's)
for f in txt pdf svg png xlsx; do
    run 1 "$meiro" generate -W 40 -H 30 -s 1 -f $f -o /dev/full; err_has "/dev/full: .*No space left on device"
done
run 1 "$meiro" generate -s 1 --animate /dev/full -o /dev/null; err_has "No space left on device"
mkdir "$tmp/limit"
for f in txt pdf svg png xlsx; do
    echo old > "$tmp/limit/keep.$f"
    # no `trap '' XFSZ` here: meiro ignores SIGXFSZ itself
    ( ulimit -f 8; exec "$meiro" generate -W 200 -H 200 -s 1 --dpi 300 -o "$tmp/limit/keep.$f" ) > /dev/null 2> "$tmp/err"
    if [ $? -eq 1 ]; then ok; else bad "ulimit -f, $f: not exit 1"; fi
    err_has "keep.$f: .*File too large"
    same "$tmp/limit/keep.$f" "$tmp/sig/old.txt"
done
if [ "$(ls -A "$tmp/limit" | grep -vc '^keep\.')" -eq 0 ]; then ok; else bad "ulimit -f left $(ls -A "$tmp/limit")"; fi
# a small disk (a tmpfs, where we may mount one): every format, booklets
# and frames; frames that fail half-way are all removed, and counted
if [ "$(id -u)" -ne 0 ]; then skip "a small disk (needs root to mount a tmpfs)"
elif ! mkdir "$tmp/small" || ! mount -t tmpfs -o size=64k meiro-test "$tmp/small"; then
    skip "a small disk (mounting a tmpfs failed)"
else
    for f in txt pdf svg png xlsx; do
        echo old > "$tmp/small/keep.$f"
        run 1 "$meiro" generate -W 200 -H 200 -s 1 -o "$tmp/small/keep.$f"; err_has "No space left on device"
        same "$tmp/small/keep.$f" "$tmp/sig/old.txt"
    done
    run 1 "$meiro" booklet -n 40 -s 1 -o "$tmp/small/book.pdf"; err_has "No space left on device"
    run 1 "$meiro" generate -W 60 -H 40 -s 1 --frames "$tmp/small/fr" -o /dev/null
    err_has "fr: cannot write frame [0-9]* of [0-9]*: No space left on device ([0-9]* written, none kept)"
    absent "$tmp/small/fr"
    if [ "$(ls -A "$tmp/small" | grep -vc '^keep\.')" -eq 0 ]; then ok; else bad "a full disk left $(ls -A "$tmp/small")"; fi
    umount "$tmp/small"
fi
# frames into a folder that has frames already: replaced once all are written
run 0 "$meiro" generate -W 6 -H 4 -s 1 --frames "$tmp/fr" -o /dev/null
if [ -z "$(ls -A "$tmp/fr" | grep -v '^frame-[0-9]*\.png$')" ]; then ok; else bad "frames folder has $(ls -A "$tmp/fr")"; fi

# every command's standard output is checked: closed, it is an error
run 1 sh -c "'$meiro' list >&-"; err_has "^meiro: write error: Bad file descriptor"
run 1 sh -c "'$meiro' stats '$data/seed003.txt' >&-"; err_has "^meiro: write error"
run 1 sh -c "'$meiro' --version >&-"; err_has "^meiro: write error"
run 0 sh -c "'$meiro' generate -s 1 -o '$tmp/quiet.txt' >&-"; err_empty

# SOURCE_DATE_EPOCH: malformed or out of range is refused (reproducible-
# builds.org), never a crash or the clock; 0 is a date like any other
for v in 67768036191676800 abc -5 1e9 253402300800; do
    for f in pdf xlsx; do
        SOURCE_DATE_EPOCH=$v run 2 "$meiro" generate -s 1 -o "$tmp/epoch-bad.$f"
        err_has "SOURCE_DATE_EPOCH must be whole seconds"; absent "$tmp/epoch-bad.$f"
    done
done
SOURCE_DATE_EPOCH=0 run 0 "$meiro" generate -s 1 -o "$tmp/epoch0.xlsx"
unzip -p "$tmp/epoch0.xlsx" docProps/core.xml > "$tmp/out"; out_has "created[^>]*>1970-01-01T00:00:01Z"
# the same seed and options give the same bytes in every format, a second
# later too (no clock in them); without SOURCE_DATE_EPOCH the documents'
# date is a fixed one, 2026-01-01, so SOURCE_DATE_EPOCH=1767225600 changes
# nothing (other epochs: epoch0.xlsx above, pdfinfo's CreationDate)
all_formats() {
    d=$tmp/$1; mkdir "$d"
    for f in pdf xlsx; do "$meiro" generate -W 12 -H 9 -s 4 --answer-page -o "$d/m.$f"; done
    for f in svg png txt csv ascii unicode json; do "$meiro" generate -W 12 -H 9 -s 4 --solution -f $f -o "$d/m.$f"; done
    "$meiro" generate -W 6 -H 4 -s 4 --solution --animate "$d/anim.svg" --frames "$d/frames" -o /dev/null
    "$meiro" booklet -n 3 -s 9 -o "$d/book.pdf"
    "$meiro" booklet -n 3 -s 9 -o "$d/book.xlsx"
}
all_formats first; sleep 1; all_formats second
SOURCE_DATE_EPOCH=1767225600 all_formats epoch
if [ "$(ls "$tmp/first" | wc -l)" -eq 13 ]; then ok; else bad "all_formats wrote $(ls "$tmp/first")"; fi
for d in second epoch; do
    if diff -r "$tmp/first" "$tmp/$d" > "$tmp/out"; then ok; else bad "first and $d outputs differ: $(cat "$tmp/out")"; fi
done

# stats
run 0 "$meiro" stats "$data/seed003.txt"; out_has "size: *8 x 7"; out_has "solution: *16 cells"; out_has "perfect: *yes"
run 0 "$meiro" stats --json "$data/seed003.txt"; out_has '"solution_length": 16'; out_has '"seed": null'
run 0 "$meiro" stats "$tmp/closed.txt"; out_has "solution: *none"; out_has "perfect: *no"

# JSON: written (valid for python3 too), read back by solve and stats by its
# extension, -i json and from standard input: the same maze and path as the
# text it came from
run 0 "$meiro" solve -f json -o "$tmp/s3.json" "$data/seed003.txt"; out_empty
if python3 -m json.tool "$tmp/s3.json" > /dev/null 2> "$tmp/err"; then ok; else bad "python3 -m json.tool: $(cat "$tmp/err")"; fi
if grep -q '"solution": \[' "$tmp/s3.json" && grep -q '"grid": "rect"' "$tmp/s3.json"; then ok; else bad "s3.json lacks grid or solution"; fi
run 0 "$meiro" solve "$tmp/s3.json"; same "$tmp/out" "$data/seed003-solved.txt"
run 0 "$meiro" solve -i json - < "$tmp/s3.json"; same "$tmp/out" "$data/seed003-solved.txt"
cp "$tmp/s3.json" "$tmp/s3.data"
run 0 "$meiro" stats -i json "$tmp/s3.data"; out_has "size: *8 x 7"; out_has "solution: *16 cells"; out_has "perfect: *yes"
run 0 "$meiro" stats --json "$tmp/s3.json"; out_has '"solution_length": 16'
# the seed and generator come back; the same maze gives the same bytes
run 0 "$meiro" generate -W 30 -H 20 -s 77 -a wilson -o "$tmp/g.json"
run 0 "$meiro" generate -W 30 -H 20 -s 77 -a wilson -f json; same "$tmp/out" "$tmp/g.json"
run 0 "$meiro" stats "$tmp/g.json"; out_has "seed: *77"; out_has "size: *30 x 20"
run 0 "$meiro" generate -W 30 -H 20 -s 77 -a wilson --solution -o "$tmp/g.txt"
run 0 "$meiro" solve "$tmp/g.json" -f text; same "$tmp/out" "$tmp/g.txt"
run 0 "$meiro" solve "$tmp/g.json" -o "$tmp/g2.json"; run 0 "$meiro" solve "$tmp/g2.json" -o "$tmp/g3.json"
same "$tmp/g2.json" "$tmp/g3.json"
if python3 -m json.tool "$tmp/g2.json" > /dev/null; then ok; else bad "g2.json is not JSON"; fi
# polar, hex and triangle mazes from a file (hand-written: geometry may be
# left out), solved into JSON whose solution reads back
printf '{"meiro": 1, "grid": "polar", "width": 6, "height": 2, "start": 0, "goal": 4,\n "cells": [{"x": 0, "y": 0}, %s\n "passages": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6]]}\n' \
    '{"x": 0, "y": 1}, {"x": 1, "y": 1}, {"x": 2, "y": 1}, {"x": 3, "y": 1}, {"x": 4, "y": 1}, {"x": 5, "y": 1}],' > "$tmp/polar.json"
run 0 "$meiro" stats "$tmp/polar.json"; out_has "(7 cells)"; out_has "solution: *5 cells"; out_has "perfect: *yes"
run 0 "$meiro" solve -f json -o "$tmp/polar-solved.json" "$tmp/polar.json"
if grep -q '"solution": \[' "$tmp/polar-solved.json" && grep -q '"radii": \[1, 2\], "angles": \[60, 120\]' "$tmp/polar-solved.json"; then ok
else bad "polar-solved.json: $(cat "$tmp/polar-solved.json")"; fi
run 0 "$meiro" stats --json "$tmp/polar-solved.json"; out_has '"solution_length": 5'
if python3 -m json.tool "$tmp/polar-solved.json" > /dev/null; then ok; else bad "polar-solved.json is not JSON"; fi
for g in hex triangle; do
    printf '{"meiro": 1, "grid": "%s", "width": 3, "height": 2, "start": 0, "goal": 5, "cells": [%s], "passages": %s}' \
        "$g" '{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 2, "y": 0}, {"x": 0, "y": 1}, {"x": 1, "y": 1}, {"x": 2, "y": 1}' \
        '[[0, 1], [0, 3], [1, 2], [3, 4], [4, 5]]' > "$tmp/$g.json"
    run 0 "$meiro" stats "$tmp/$g.json"; out_has "(6 cells)"; out_has "perfect: *yes"
    run 0 "$meiro" solve -m astar -f json -o "$tmp/$g-solved.json" "$tmp/$g.json"
    run 0 "$meiro" stats "$tmp/$g-solved.json"; out_has "solution: *4 cells"
done
# malformed JSON: "FILE:LINE:COL: message", exit 1, nothing written
json_bad() { # NAME 'TEXT' 'EXPECTED MESSAGE' [STATUS: 1, 2 for a size past a limit]
    printf '%s' "$2" > "$tmp/$1.json"
    run "${4:-1}" "$meiro" solve -o "$tmp/$1-out.txt" "$tmp/$1.json"; err_has "$1.json:$3"; absent "$tmp/$1-out.txt"
}
head='{"meiro": 1, "grid": "rect", "width": 2, "height": 2, "start": 0, "goal": 3,'
four='"cells": [{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 0, "y": 1}, {"x": 1, "y": 1}],'
json_bad syntax "$head
  $four
  \"passages\": [[0, 1], [1, 3],]}" "3:31: a comma before ']'"
json_bad neighbours "$head
  $four
  \"passages\": [[0, 1],
    [0, 3]]}" "4:5: passage 1 \[0, 3\]: cells 0 and 3 are not neighbours"
json_bad twice "$head $four \"passages\": [[0, 1], [0, 1]]}" "1:182: passage 1 \[0, 1\]: it is listed twice"
json_bad range "$head $four \"passages\": [[0, 4]]}" "1:174: passage 0 \[0, 4\]: there is no cell 4"
json_bad order "$head
  \"cells\": [{\"x\": 0, \"y\": 0}, {\"x\": 0, \"y\": 1}, {\"x\": 1, \"y\": 0}]}" "2:49: cell 2 is (x 1, y 0), which comes before"
json_bad type "$head $four \"passages\": {}}" "1:173: \"passages\" is an object, not a list"
json_bad grid '{"meiro": 1, "grid": "square"}' '1:22: unknown grid "square"'
json_bad start "$head $four \"passages\": [], \"start\": 9}" "1:177: \"start\" appears twice"
json_bad goal '{"meiro": 1, "grid": "rect", "width": 2, "height": 2, "start": 0, "goal": 7,'" $four"' "passages": []}' '1:75: "goal" is 7: there is no such cell'
json_bad cut "$head $four \"passages\": [[0, 1]" "1:180: the file ends inside \"passages\""
json_bad bomb '{"meiro": 1, "grid": "rect", "width": 20000, "height": 20000, "cells": [{"x": 0, "y": 0}]}' \
    "1:89: \"cells\": a shape of 1 cells is too sparse for its 20000 x 20000 grid" 2
json_bad hexbomb '{"meiro": 1, "grid": "hex", "width": 20000, "height": 20000, "cells": [{"x": 0, "y": 0}]}' \
    "1:71: the file ends too soon to list the cells of a 20000 x 20000 hex maze"
: > "$tmp/empty.json"
run 1 "$meiro" stats "$tmp/empty.json"; err_has "empty.json:1:1: empty file"
run 1 "$meiro" stats "$tmp/g.txt" -i json; err_has "g.txt:1:1: not JSON: invalid token"

# no recursion that grows with the maze: a 10,000 x 10,000 maze dug (the
# deepest backtracking) and solved depth-first, and a wide cluster maze, under a
# 256 KiB stack: the suite's only huge mazes, in make check (the fast tiers
# leave them to it). Not under the sanitizers (their runtime wants more
# stack, and they make it slow).
case "$build" in
*asan*) echo "cli: stack-limit runs are for the plain build" ;;
*)
    if full; then
        big="$tmp/big.txt"
        # dug and solved depth-first (the likeliest to recurse), streamed: 20001
        # lines of 20001 characters and a newline
        bytes=$( (ulimit -s 256 && "$meiro" generate -W 10000 -H 10000 -a dig -s 1 --solution -m dfs -f text) | wc -c)
        if [ "$bytes" -eq 400060002 ]; then ok; else bad "dig 10000 x 10000 under ulimit -s 256: $bytes bytes"; fi
        ( ulimit -s 256 && exec "$meiro" generate -W 10000 -H 1000 -a cluster -s 1 -o "$big" ) 2> "$tmp/err"
        if [ $? -eq 0 ]; then ok; else bad "cluster 10000 x 1000 under ulimit -s 256: $(cat "$tmp/err")"; fi
        if [ "$(wc -c < "$big")" -eq 40024002 ]; then ok; else bad "cluster 10000 x 1000: $(wc -c < "$big") bytes"; fi
        rm -f "$big"
    fi
    ;;
esac

# checked before any work: the PNG's width (cairo draws at most 32767
# pixels across; the largest dpi is named), big marks at a high dpi
# (FreeType refused them), the size of an animation
run 2 "$meiro" generate -W 10 -H 10 -s 1 --dpi 1982 --paper a3 --landscape -o "$tmp/wide.png"
err_has "at most 32767 pixels across"; err_has "resolution (dpi) of 1981 at most"; absent "$tmp/wide.png"
run 0 "$meiro" generate -W 3 -H 3 -s 1 --dpi 1100 --crop -o "$tmp/big-marks.png"
if file "$tmp/big-marks.png" | grep -q "10325 x 10325"; then ok; else bad "1100 dpi: $(file "$tmp/big-marks.png")"; fi
rm -f "$tmp/big-marks.png"
run 2 "$meiro" generate -W 501 -H 500 -s 1 --animate "$tmp/big.svg" -o /dev/null
err_has "up to 250000 cells (500 x 500)"; absent "$tmp/big.svg"
run 2 "$meiro" generate -W 501 -H 500 -s 1 --frames "$tmp/big-frames" -o /dev/null; absent "$tmp/big-frames"

# Memory limits (normal build only: the sanitizers cannot run under
# ulimit -v). Each run is under timeout, so a hang fails instead of
# blocking. Wrong options are found before the work: in less memory than
# the work would take, the usage error comes, not "out of memory".
case "$build" in
*asan*) echo "cli: ulimit -v runs skipped for the sanitized build" ;;
*)
    limited() { mem=$1; shift; ( ulimit -v "$mem" && exec timeout 60 "$@" ); }
    run 2 limited 100000 "$meiro" generate -W 65535 -H 6000 -s 1 --start 65535,0 --goal 1,1 -o "$tmp/x.txt"
    err_has "outside the 65535 x 6000 maze"; absent "$tmp/x.txt"
    run 2 limited 300000 "$meiro" booklet -n 100 --from 4000x4000 --to 4000x4000 -s 1 -o "$tmp/b.pdf"
    err_has "does not fit"; absent "$tmp/b.pdf"
    run 2 limited 200000 "$meiro" generate -W 60000 -H 6000 -s 1 --paper a5 -o "$tmp/x.pdf"
    err_has "does not fit"; absent "$tmp/x.pdf"
    # too big for the memory: "out of memory", exit 1, no file, no crash
    for mem in 200000 120000 90000; do
        run 1 limited $mem "$meiro" generate -W 20000 -H 20000 -s 1 -o "$tmp/x.txt"
        err_has "out of memory"; absent "$tmp/x.txt"
    done
    for size in 5500:200000 3000:170000; do
        run 1 limited ${size#*:} "$meiro" generate -W ${size%:*} -H ${size%:*} -s 1 --solution --dpi 600 --paper a3 --margin 5 -o "$tmp/x.png"
        err_has "out of memory"; absent "$tmp/x.png"
        run 1 limited ${size#*:} "$meiro" generate -W ${size%:*} -H ${size%:*} -s 1 --solution --paper a3 --margin 5 -o "$tmp/x.pdf"
        err_has "out of memory"; absent "$tmp/x.pdf"
    done
    # below what the fonts need: said up front, not an abort inside glib
    run 0 limited 200000 "$meiro" generate -W 7 -H 9 -s 1 -t kids-ja -o "$tmp/ja.pdf"
    run 0 limited 200000 "$meiro" booklet -n 4 -s 1 -t kids-ja -o "$tmp/ja-book.pdf"
    run 1 limited 190000 "$meiro" generate -W 7 -H 9 -s 1 -t kids-ja -o "$tmp/ja2.pdf"
    err_has "needs at least 192 MB"; absent "$tmp/ja2.pdf"
    run 1 limited 100000 "$meiro" booklet -n 4 -s 1 -o "$tmp/low-book.pdf"
    err_has "needs at least 192 MB"; absent "$tmp/low-book.pdf"
    run 0 limited 100000 "$meiro" generate -W 7 -H 9 -s 1 -o "$tmp/small.xlsx"
    ;;
esac

# list names every generator, solver and format
run 0 "$meiro" list
for n in cluster dig bar wall kruskal backtracker anahori boutaoshi kabenobashi prim true-prim wilson aldous-broder eller growing-tree hunt-and-kill binary-tree sidewinder division bfs dfs fill road astar deadend left-hand right-hand tremaux text csv ascii unicode pdf svg png xlsx html json; do
    out_has "$n"
done

# --grid: polar, hex and triangle mazes in the formats that show them,
# reproducible, read back by stats and solve; the others refuse with the
# formats that work, and nothing is written
for g in polar theta hex sigma triangle delta; do
    run 0 "$meiro" generate --grid "$g" -W 9 -H 6 -s 4 -o "$tmp/g-$g.json"; err_empty
    run 0 "$meiro" stats --json "$tmp/g-$g.json"
    out_has '"perfect": true'
    case $g in theta) want=polar ;; sigma) want=hex ;; delta) want=triangle ;; *) want=$g ;; esac
    out_has "\"grid\": \"$want\""
    cells=$(sed -n 's/.*"cells": \([0-9]*\).*/\1/p' "$tmp/out")
    out_has "\"reachable\": $cells,"
done
same "$tmp/g-polar.json" "$tmp/g-theta.json"
same "$tmp/g-hex.json" "$tmp/g-sigma.json"
same "$tmp/g-triangle.json" "$tmp/g-delta.json"
run 0 "$meiro" stats --json "$tmp/g-hex.json"; out_has '"cells": 54,'
run 0 "$meiro" stats "$tmp/g-polar.json"; out_has "polar, 6 rings (91 cells)"
for g in polar hex triangle; do
    for a in dig cluster prim true-prim wilson aldous-broder growing-tree hunt-and-kill; do
        run 0 "$meiro" generate --grid "$g" -a "$a" -W 7 -H 5 -s 2 --loops 30 -o "$tmp/l.json"
        run 0 "$meiro" stats --json "$tmp/l.json"; out_has '"reachable": '
    done
    for m in bfs astar dfs fill deadend left-hand right-hand tremaux; do
        run 0 "$meiro" solve -m "$m" "$tmp/g-$g.json" -o "$tmp/s-$m.json"
        if grep -q '"solution"' "$tmp/s-$m.json"; then ok; else bad "solve -m $m of $g: no solution"; fi
    done
    run 0 "$meiro" generate --grid "$g" -W 8 -H 6 -s 5 --solution -o "$tmp/g-$g.svg"
    if grep -q '<path\|<line\|<polyline' "$tmp/g-$g.svg"; then ok; else bad "$g: an empty SVG"; fi
    run 0 "$meiro" generate --grid "$g" -W 8 -H 6 -s 5 --ends center -o "$tmp/c-$g.json"
    for f in txt csv xlsx html; do
        run 2 "$meiro" generate --grid "$g" -s 1 -o "$tmp/r-$g.$f"
        err_has "cannot show a $g maze"; err_has "pdf, svg, png, json"; absent "$tmp/r-$g.$f"
    done
    run 2 "$meiro" generate --grid "$g" -s 1; err_has "text cannot show"; out_empty
    run 2 "$meiro" generate --grid "$g" -s 1 -f ascii; err_has "ascii cannot show"
    run 2 "$meiro" generate --grid "$g" -s 1 -o "$tmp/r.pdf" --answers-to "$tmp/r.xlsx"
    err_has "xlsx cannot show"; absent "$tmp/r.pdf"
    run 2 "$meiro" generate --grid "$g" -s 1 -o "$tmp/r.pdf" --animate "$tmp/r.svg"
    err_has "rectangular mazes only"; absent "$tmp/r.pdf"
    run 2 "$meiro" solve "$tmp/g-$g.json" -o "$tmp/r.txt"; err_has "cannot show"; absent "$tmp/r.txt"
done
# a polar maze's G in the centre disc with --ends center
run 0 "$meiro" stats --json "$tmp/c-polar.json"; out_has '"goal": \[0, 0\]'
run 0 "$meiro" generate --grid polar -H 6 -s 5 --ends center-out -o "$tmp/co.json"
run 0 "$meiro" stats --json "$tmp/co.json"; out_has '"start": \[0, 0\]'
run 2 "$meiro" generate --grid hex -a eller -s 1 -o "$tmp/e.json"
err_has "'eller' does not work on hex grids; these do: cluster, dig"; absent "$tmp/e.json"
run 2 "$meiro" generate --grid triangle -a sidewinder -s 1 -o "$tmp/e.json"; err_has "hunt-and-kill"
run 0 "$meiro" generate --grid polar -a sidewinder -H 5 -s 1 -o "$tmp/sw.json"
run 0 "$meiro" generate --grid polar -a binary-tree -H 5 -s 1 -o "$tmp/bt.json"
run 2 "$meiro" generate --grid square -s 1; err_has "unknown grid 'square' (rect, polar, hex or triangle)"
run 2 "$meiro" generate --grid polar -H 1 -s 1 -o "$tmp/p1.json"; err_has "at least 2 rings"; absent "$tmp/p1.json"
run 2 "$meiro" generate --grid hex -W 1 -H 1 -s 1 -o "$tmp/h1.json"; err_has "at least 2 cells"
run 2 "$meiro" generate --grid triangle -W 1 -H 5 -s 1 -o "$tmp/t1.json"; err_has "width of at least 2"
run 2 "$meiro" generate --grid hex --shape heart -s 1 -o "$tmp/hs.json"; err_has "a shape needs the rect grid"
run 2 "$meiro" generate --grid polar -H 5 --start 0,0 --goal 9,1 -s 1 -o "$tmp/pc.json"
err_has "row 1 has cells 0 to 5"; absent "$tmp/pc.json"
run 0 "$meiro" generate --grid polar -H 5 --start 0,0 --goal 5,1 -s 1 -o "$tmp/pc.json"
run 0 "$meiro" stats --json "$tmp/pc.json"; out_has '"goal": \[5, 1\]'
run 0 "$meiro" generate --help; out_has "--grid G"; out_has "center-out"
if "$meiro" generate --help | LC_ALL=C awk '/grid|rings|hexagons|center/ && length($0) > 79 { bad = 1 } END { exit bad }'
then ok; else bad "generate --help: --grid lines over 79 columns"; fi
run 0 "$meiro" list; out_has "Grids (--grid)"; out_has "polar"; out_has "triangle"
if sed -n '/^  hex/,/^  triangle/p' "$tmp/out" | grep -q "sidewinder"; then bad "list: sidewinder on hex"; else ok; fi
if sed -n '/^  polar/,/^  hex/p' "$tmp/out" | grep -q "sidewinder"; then ok; else bad "list: no sidewinder on polar"; fi

# a child's age: the name set to fill the page, a size that breaks the
# age's cell warned about with one that keeps it, a name too long refused
# naming the ages it fits, nothing written
run 0 "$meiro" generate --text Hana --age 4 -s 1 -o "$tmp/hana4.pdf"
if grep -q "warning" "$tmp/err"; then bad "--text Hana --age 4 warned: $(cat "$tmp/err")"; else ok; fi
run 0 "$meiro" generate --text Alexander --age 6 -s 1 -o "$tmp/alex.pdf"
if grep -q "warning" "$tmp/err"; then bad "--text Alexander --age 6 warned: $(cat "$tmp/err")"; else ok; fi
# nine letters that read do not fit A4 at 10 mm: set a little smaller, said
run 0 "$meiro" generate --text Alexander --age 4 -s 1 -o "$tmp/alex4.pdf"
err_has "'Alexander' is set in cells of 7.5 mm, a little under the 10 mm ages 4-5 need, to fit the page; larger paper keeps 10 mm (--text)"
run 0 "$meiro" generate --text Alexander --age 4 --paper A3 -s 1 -o "$tmp/alex4.pdf"; err_empty
run 0 "$meiro" generate --text "$(printf 'HA\nNA')" -s 1 -o "$tmp/hana.json"
run 0 "$meiro" generate -W 40 -H 50 --age 4 -s 1 -o "$tmp/big.pdf"; err_has "too small for ages 4-5 (10 mm and up): 17 x 22 cells fit the page (-W/-H)"
run 0 "$meiro" generate --grid polar -H 12 --age 4 -s 1 -o "$tmp/p12.pdf"; err_has "rings fit the page (-H)"
run 0 "$meiro" generate -W 40 -H 50 --age 4 -s 1 -o "$tmp/big.txt"; err_empty
run 2 "$meiro" generate --text "Maximilian Alexander" --age 4 -s 1 -o "$tmp/ma.pdf"
err_has "with the 7 mm cells of ages 6-8 (a little under) it fits"; err_has "(option: --text)"
absent "$tmp/ma.pdf"
# ... and the command that sets it, which does
err_has "it fits with --paper a3: meiro generate --text 'Maximilian Alexander' --age 4 -s 1 -o $tmp/ma.pdf --paper a3"
again=$(sed -n 's/.*it fits with --paper a3: meiro //p' "$tmp/err")
eval "run 0 \"\$meiro\" $again"
if [ -s "$tmp/ma.pdf" ]; then ok; else bad "the command said did not make $tmp/ma.pdf"; fi
# names with apostrophes, accents and hyphens at 4 to 8 (O'Brien was refused
# where the longer Maximilian fitted); ages 6-8 take cells a little smaller
# before a refusal, as 3-5 do
for name in "O'Brien" "D'Angelo" "Zoë-Li" Maximilian; do
    for age in 4 6 8; do run 0 "$meiro" generate --text "$name" --age "$age" -s 1 -o "$tmp/n.pdf"; done
done
run 0 "$meiro" generate --text Christopher --age 6 -s 1 -o "$tmp/c6.pdf"
err_has "'Christopher' is set in cells of 6.9 mm, a little under the 7 mm ages 6-8 need"
run 2 "$meiro" generate --text "$(printf 'HA\n\nNA')" -s 1 -o "$tmp/e.json"; err_has "empty line"; absent "$tmp/e.json"


# picture mazes take --age: the grid the page holds at the age's cells (the
# default 48 cells on the long side are 3.7 mm on A4), said when the picture
# gets no smaller; main before the change refused --age
run 0 "$meiro" generate --picture heart --age 4 -s 1 -o "$tmp/pic4.pdf"; err_empty
run 0 "$meiro" generate --picture heart --age 4 -s 1 -f json -o "$tmp/pic4.json"
run 0 "$meiro" generate --picture heart --age 9 -s 1 -f json -o "$tmp/pic9.json"
w4=$(sed -n 's/^  "width": \([0-9]*\),$/\1/p' "$tmp/pic4.json")
w9=$(sed -n 's/^  "width": \([0-9]*\),$/\1/p' "$tmp/pic9.json")
if [ -n "$w4" ] && [ -n "$w9" ] && [ "$w4" -le 20 ] && [ "$w4" -lt "$w9" ] && [ "$w9" -lt 48 ]; then ok
else bad "--picture heart --age 4 / 9: $w4 / $w9 cells across, not up to 20 and fewer than 9's (under 48)"; fi
run 0 "$meiro" generate --picture heart --age 4 -W 48 -s 1 -o "$tmp/pic48.pdf"
err_has "too small for ages 4-5 (10 mm and up)"
run 2 "$meiro" generate --picture heart --age 2 -s 1 -o "$tmp/pic2.pdf"; absent "$tmp/pic2.pdf"

# a value given as an option of its own: the option it goes with (main before
# the change: --heart "did you mean '--art'?", --size no hint)
run 2 "$meiro" generate --heart -s 1; err_has "unknown option '--heart'; did you mean '--shape heart'?"
run 2 "$meiro" booklet --star -o "$tmp/b.pdf"; err_has "did you mean '--shape star'?"; absent "$tmp/b.pdf"
run 2 "$meiro" generate --polar; err_has "did you mean '--grid polar'?"
run 2 "$meiro" generate --kruskal; err_has "did you mean '-a kruskal'?"
run 2 "$meiro" generate --a3; err_has "did you mean '--paper a3'?"
run 2 "$meiro" generate --easy; err_has "did you mean '--difficulty easy'?"
run 2 "$meiro" generate --size 20x20; err_has "unknown option '--size'; the size is given as '-W 20 -H 20'"
run 2 "$meiro" generate --size=30x12; err_has "the size is given as '-W 30 -H 12'"
run 2 "$meiro" generate --size big; err_has "the size is given as '-W WIDTH -H HEIGHT'"
run 2 "$meiro" generate --widht 3; err_has "did you mean '--width'?"
# other programs' names of the generators: recursive-backtracker is dig,
# recursive-division division
run 0 "$meiro" generate -a recursive-backtracker -s 5 -o "$tmp/rb.txt"
run 0 "$meiro" generate -a dig -s 5 -o "$tmp/dig.txt"; same "$tmp/rb.txt" "$tmp/dig.txt"
run 0 "$meiro" generate -a recursive-division -s 5 -o "$tmp/rd.txt"
run 0 "$meiro" generate -a division -s 5 -o "$tmp/div.txt"; same "$tmp/rd.txt" "$tmp/div.txt"

# XLSX follows the page's one style of S and G: a child's level colours S's
# and G's cells as its badges (light green, light blue); a grown-up's not
if command -v unzip >/dev/null 2>&1; then
    run 0 "$meiro" generate --age 4 -s 1 --answer-page -o "$tmp/k4.xlsx"
    fills=$(unzip -p "$tmp/k4.xlsx" xl/styles.xml | grep -o 'rgb="FF8FDB85"\|rgb="FF94C7FF"' | sort -u | wc -l)
    [ "$fills" = 2 ] && ok || bad "--age 4 xlsx: S and G not on their badges' colours"
    run 0 "$meiro" generate --difficulty expert -s 1 -o "$tmp/k13.xlsx"
    if unzip -p "$tmp/k13.xlsx" xl/styles.xml | grep -q 'rgb="FF8FDB85"'; then bad "expert xlsx: badges"; else ok; fi
else
    skip "unzip"
fi
# the page as data (doc/page-format.md): -f page's JSON drawn back by
# meiro draw as the PDF's pages (same size, the same ink but for
# antialiasing); a broken description names its file, line and column and
# writes nothing
run 0 "$meiro" generate -s 7 --grid hex -W 10 -H 8 --answers after-page -f page -o "$tmp/hex.page"
out_empty
run 0 "$meiro" generate -s 7 --grid hex -W 10 -H 8 --answers after-page -o "$tmp/hex.pdf"
run 0 "$meiro" draw "$tmp/hex.page" -o "$tmp/hex-drawn.pdf"
if need pdftoppm python3; then
    pdftoppm -r 60 "$tmp/hex.pdf" "$tmp/direct" && pdftoppm -r 60 "$tmp/hex-drawn.pdf" "$tmp/drawn"
    for n in 1 2; do
        run 0 python3 tools/same-pages.py "$tmp/direct-$n.ppm" "$tmp/drawn-$n.ppm"
    done
fi
run 0 "$meiro" draw - -o "$tmp/stdin.pdf" < "$tmp/hex.page"; same "$tmp/hex-drawn.pdf" "$tmp/stdin.pdf"
printf '{"meiro_page": 1,\n  "pages": [ }' > "$tmp/broken.page"
run 1 "$meiro" draw "$tmp/broken.page" -o "$tmp/broken.pdf"; err_has "broken.page:2:14:"; absent "$tmp/broken.pdf"
printf '{"meiro_page": 1, "pages": [{"width": 10, "height": 10, "items": [{"role": "moat"}]}]}' > "$tmp/role.page"
run 1 "$meiro" draw "$tmp/role.page" -o "$tmp/role.pdf"; err_has "page 1, item 1: unknown role"
run 2 "$meiro" draw "$tmp/hex.page"; err_has "missing -o"
# the whole page is described: a mission's marks, floors' stairs, a
# booklet's contents and notes pages drawn back as their PDF draws them (the
# booklet's last page names its own command, -f page and all)
if need pdftoppm python3; then
    for kind in "--mission keys:2" "--levels 2"; do
        # shellcheck disable=SC2086
        run 0 "$meiro" generate -s 9 $kind --answers after-page -f page -o "$tmp/k.page"
        # shellcheck disable=SC2086
        run 0 "$meiro" generate -s 9 $kind --answers after-page -o "$tmp/k.pdf"
        run 0 "$meiro" draw "$tmp/k.page" -o "$tmp/k-drawn.pdf"
        pdftoppm -r 60 "$tmp/k.pdf" "$tmp/kd" && pdftoppm -r 60 "$tmp/k-drawn.pdf" "$tmp/kp"
        for n in 1 2; do run 0 python3 tools/same-pages.py "$tmp/kd-$n.ppm" "$tmp/kp-$n.ppm"; done
    done
    run 0 "$meiro" booklet -n 22 -s 5 --answers back -f page -o "$tmp/b.page"
    run 0 "$meiro" booklet -n 22 -s 5 --answers back -o "$tmp/b.pdf"
    run 0 "$meiro" draw "$tmp/b.page" -o "$tmp/b-drawn.pdf"
    pdftoppm -r 30 -l 4 "$tmp/b.pdf" "$tmp/bd" && pdftoppm -r 30 -l 4 "$tmp/b-drawn.pdf" "$tmp/bp"
    for n in 01 02 03 04; do run 0 python3 tools/same-pages.py "$tmp/bd-$n.ppm" "$tmp/bp-$n.ppm"; done
    if grep -q '"role": "page"' "$tmp/b.page"; then ok; else bad "no contents' dots or notes' lines"; fi
fi
run 2 "$meiro" generate -s 7 --play -f page -o "$tmp/play.page"; err_has "it needs XLSX output, not page"
finish
