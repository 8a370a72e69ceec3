#!/bin/sh
# The command line in WebAssembly (make web: BUILD/web/meiro.mjs, run by
# Node) against the native one (BUILD/meiro): for the same arguments the
# same standard output, byte for byte, the same messages and the same exit
# status. Every generator on every grid `meiro list` names, at several seeds
# and sizes, as JSON (every grid) and as text and CSV (the rect grid, the
# only one they show); watch; the files written with -o; solve, stats and
# every solver over files read back (text, JSON, standard input);
# templates, rule mazes, kinds of maze and the refusals of bad input; the
# masks of names and built-in shapes (the fonts read only when needed); the
# XLSX workbook; the pages as data (-f page), a book's cover too; the machines' files and the
# page to play (the composer's, no cairo). A format drawn on cairo is
# refused by the WebAssembly build with its reason, never a crash.
# Usage: web-node.sh BUILD_DIR
# meiro-suite: check
build=${1:-build}
meiro="$build/meiro"
web="$build/web/meiro.mjs"
data=${MEIRO_TEST_DATA:-tests/data}
suite=web-node
. "$(dirname "$0")/lib.sh"

# both ARGS...: the native command and the WebAssembly one, compared;
# both_in FILE ARGS...: the same, each reading FILE as its standard input
both() { both_in /dev/null "$@"; }
both_in() {
    input=$1; shift
    # at once: Node's start is most of the time
    node "$web" "$@" < "$input" > "$tmp/w.out" 2> "$tmp/w.err" &
    pid=$!
    "$meiro" "$@" < "$input" > "$tmp/n.out" 2> "$tmp/n.err"
    n=$?
    wait $pid
    w=$?
    if [ "$n" -ne "$w" ]; then bad "exit $w in WebAssembly, $n native: $*"; cat "$tmp/w.err" >&2
    elif ! cmp -s "$tmp/n.out" "$tmp/w.out"; then bad "stdout differs: $*"
    elif ! cmp -s "$tmp/n.err" "$tmp/w.err"; then
        bad "stderr differs: $*"; diff "$tmp/n.err" "$tmp/w.err" | head -6 >&2
    else ok; fi
}

if ! need node; then finish; exit; fi
if [ ! -f "$web" ]; then
    skip "$web is not built (make web)"
    finish
    exit
fi

# the generators of each grid, as meiro list says them: "rect GEN..."
"$meiro" list > "$tmp/list" || bad "meiro list failed"
awk '/^Generators/ { g = 1; next } /^Solvers/ { g = 0; s = 1; next } /^Grids/ { s = 0; r = 1; next }
     /^[A-Z]/ { r = 0 }
     g && /^  [a-z]/ { all = all " " $1 }
     s && /^  [a-z]/ { print "solvers " $1 }
     r && /^  [a-z]/ { if (grid) print grid, list; grid = $1; list = ""; rest = $0 }
     r && !/^  [a-z]/ && !/^$/ { rest = rest " " $0 }
     r { if (rest ~ /every generator/) list = all
         else if (rest ~ /generators:/) { list = rest; sub(/.*generators:/, "", list); gsub(/,/, "", list) } }
     END { if (grid) print grid, list }' "$tmp/list" > "$tmp/grids"
grep -q '^rect  *cluster' "$tmp/grids" && grep -q '^polar ' "$tmp/grids" && grep -q '^solvers bfs' "$tmp/grids" ||
    bad "meiro list's generators, grids or solvers not found: $(cat "$tmp/grids")"

# every generator on every grid: JSON at three seeds and sizes, and on the
# rect grid text and CSV, each at two of them (the seeds and sizes turn
# over the formats, so each generator meets all three in each)
check generators '
grep -v "^solvers " "$tmp/grids" > "$tmp/gens"
while read -r grid gens; do
    for gen in $gens; do
        both generate --grid "$grid" -a "$gen" -W 9 -H 7 -s 1 -f json
        both generate --grid "$grid" -a "$gen" -W 16 -H 12 -s 7 -f json
        both generate --grid "$grid" -a "$gen" -W 23 -H 17 -s 42 -f json
        [ "$grid" = rect ] || continue
        both generate -a "$gen" -W 23 -H 17 -s 42 -f text
        both generate -a "$gen" -W 16 -H 12 -s 1 -f text
        both generate -a "$gen" -W 9 -H 7 -s 7 -f csv
        both generate -a "$gen" -W 23 -H 17 -s 42 -f csv
    done
done < "$tmp/gens"'

# the other text forms, the answer drawn in, the options of the maze
check options '
both generate -W 12 -H 8 -s 3 -f ascii
both generate -W 12 -H 8 -s 3 -f unicode --solution
both generate -W 12 -H 8 -s 3 -f text --solution -m astar
both generate -W 12 -H 8 -s 3 -f json --loops 20 --ends corners
both generate -a growing-tree --bias 0.3 -W 12 -H 8 -s 3 -f text
both generate --grid polar -H 6 --ends center -s 5 -f json
both generate -W 12 -H 8 -s 3 --start 0,0 --goal 11,7 -f csv
both generate -W 20 -H 15 -s 3 -f json
both watch -W 8 -H 5 -s 2 --delay 0'

# kinds of maze, rule mazes and templates (the builtin ones, read by inih)
check kinds '
both generate -W 12 -H 9 -s 4 --weave 40 -f json
both generate -W 12 -H 9 -s 4 --weave 40 -f text
both generate -W 12 -H 9 -s 4 --mission keys:2 --one-way 15 -f json
both generate -W 12 -H 9 -s 4 --mission collect:4 -f text
both generate -W 10 -H 8 -s 4 --levels 2 -f json
both generate -s 4 --difficulty hard -f json
both generate -s 4 --age 6 -f text
for t in default kids-a4 worksheet-a4-2up kids-ja; do both generate -s 4 -t "$t" -f json; done
both generate --rule multiples:3 -s 4 -f json
both generate --rule abc -s 4 -f text
both generate --rule aiueo --lang ja -s 4 -f json
both generate --rule "chain:$data/shiritori.txt" --lang ja -s 4 -f text'

# files written with -o (replaced whole), and read back: solve and stats
# with every solver, from text, JSON and standard input
check files '
for ext in json txt csv; do
    "$meiro" generate -W 15 -H 11 -s 9 -o "$tmp/n.$ext" || bad "native generate -o x.$ext"
    node "$web" generate -W 15 -H 11 -s 9 -o "$tmp/w.$ext" || bad "WebAssembly generate -o x.$ext"
    same "$tmp/n.$ext" "$tmp/w.$ext"
done
both stats "$tmp/n.json"
both stats "$tmp/n.txt"
for m in $(sed -n "s/^solvers //p" "$tmp/grids"); do both solve -m "$m" "$tmp/n.txt"; done
both solve -f json "$tmp/n.json"
both_in "$tmp/n.txt" solve -
both_in "$tmp/n.txt" stats -
"$meiro" generate --grid hex -W 9 -H 7 -s 2 -o "$tmp/hex.json" || bad "hex json"
both solve "$tmp/hex.json"
both stats "$tmp/hex.json"'

# the help and the refusals: the same words and exit status
check refusals '
both --version
both generate --help
both solve --help
both generate --bogus
both generate -W 0 -H 5
both generate -W 5 -H 5 -a nope
both generate --grid polar -a bar -s 1 -f json
both generate --grid hex -s 1 -f text
both generate -s 1 -f nope
both generate -s 1 --seed x
both booklet -n 2 -s 1 -f json
both generate -W 5 -H 5 -s 1 -o "$tmp/no/such/dir/x.json"
both solve "$tmp/none.txt"
printf "#####\n#S  #\n# X #\n#  G#\n#####\n" > "$tmp/bad.txt"
both solve "$tmp/bad.txt"
printf "{\"width\": 3,\n  \"height\": }\n" > "$tmp/bad.json"
both solve "$tmp/bad.json"
both solve -f csv "$data/seed003.txt"'

# the masks of names (Latin, kana, hangul: DejaVu Sans, IPAexGothic, Noto
# Sans CJK from build/web/fonts/; the scripts of fontconfig's fallbacks:
# Noto's, Sinhala's a serif) and built-in shapes, at several seeds and
# sizes, and their refusals
check masks '
for s in 1 3 42; do
    both generate --text Hana -s "$s" -f json
    both generate --shape heart -s "$s" -f json
done
both generate --text Hana -H 9 -s 3 -f text
both generate --text "Zoë
Li" -s 5 -f json
both generate --text "さくら" -s 3 -f json
both generate --text "はな" -H 20 -s 7 -f text
both generate --text "한나" -s 2 -f json
for name in "नेहा" "தமிழ்" "ප්‍රියා" "สมชาย" "សុខា" "ቤተልሔም" "مريم" "Мария"; do
    both generate --text "$name" -s 3 -f json
done
both generate --shape star -W 30 -H 30 -s 5 -f text
both generate --shape cat -s 8 -a wilson -f csv
both generate --shape nope -s 1 -f json
both generate --shape heart -W 3 -H 3 -s 1 -f json
both generate --text "Hana" -H 2 -s 1 -f json'

# a font is read when a text needs it: without the CJK fonts a Latin name
# is made as before, a Japanese one refused
check fonts '
mkdir -p "$tmp/latin/fonts"
cp "$build/web/meiro.mjs" "$build/web/meiro-engine.js" "$build/web/meiro-engine.wasm" "$tmp/latin/"
cp "$build/web/fonts/"DejaVu* "$tmp/latin/fonts/"
"$meiro" generate --text Hana -s 3 -f json > "$tmp/hana.json"
run 0 node "$tmp/latin/meiro.mjs" generate --text Hana -s 3 -f json
same "$tmp/hana.json" "$tmp/out"
run 2 node "$tmp/latin/meiro.mjs" generate --text "さくら" -s 3 -f json
err_has "no installed font has the letter"'

# the workbook: libxlsxwriter linked in, the same XML parts as the native
# command's (and, its date fixed, the same file); names fitted to a
# child's sheet (glib's Unicode functions: web/glib.c); the playable sheet
# (its numbers past 2^32: a long is 32 bits in WebAssembly)
check xlsx '
for args in "-s 5" "-W 12 -H 9 -s 4 --answer-page" "--text Hana -s 3" "--rule multiples:3 -s 4" \
    "--text Hana --age 3 -s 3" "--text zoë --age 6 -s 2" "--text O'"'"'Brien --age 4 -s 1" \
    "--text さくら --age 5 -s 3" "--play -s 1" "--play -W 30 -H 20 -s 7" "--rule skip:5 -s 2026 --play"; do
    rm -rf "$tmp/xn" "$tmp/xw"
    # the same file name, and so the same messages (warnings of a fit)
    "$meiro" generate $args -o "$tmp/x.xlsx" 2> "$tmp/n.err" || bad "native $args -o x.xlsx"
    mv "$tmp/x.xlsx" "$tmp/n.xlsx"
    node "$web" generate $args -o "$tmp/x.xlsx" 2> "$tmp/w.err" || bad "WebAssembly $args -o x.xlsx"
    mv "$tmp/x.xlsx" "$tmp/w.xlsx"
    same "$tmp/n.err" "$tmp/w.err"
    mkdir -p "$tmp/xn" "$tmp/xw"
    (cd "$tmp/xn" && unzip -q ../n.xlsx) && (cd "$tmp/xw" && unzip -q ../w.xlsx) || bad "unzip $args"
    [ -s "$tmp/xw/xl/worksheets/sheet1.xml" ] || bad "no sheet in the WebAssembly workbook: $args"
    if diff -r "$tmp/xn" "$tmp/xw" > /dev/null; then ok; else bad "the workbooks differ: $args"; fi
    same "$tmp/n.xlsx" "$tmp/w.xlsx"
done
"$meiro" booklet -n 3 -s 1 -o "$tmp/n.xlsx" || bad "native booklet -o x.xlsx"
node "$web" booklet -n 3 -s 1 -o "$tmp/w.xlsx" || bad "WebAssembly booklet -o x.xlsx"
same "$tmp/n.xlsx" "$tmp/w.xlsx"
# the environment is the process'"'"'s: the paper of a US locale, the date
for e in LANG=en_US.UTF-8 SOURCE_DATE_EPOCH=86400; do
    env "$e" "$meiro" generate -s 5 -o "$tmp/n.xlsx" || bad "native $e"
    env "$e" node "$web" generate -s 5 -o "$tmp/w.xlsx" || bad "WebAssembly $e"
    same "$tmp/n.xlsx" "$tmp/w.xlsx"
done
unzip -p "$tmp/w.xlsx" docProps/core.xml | grep -q "1970-01-02T00:00:00Z" && ok || bad "SOURCE_DATE_EPOCH not the date"'

# the pages as data (-f page: the composer, glyph's measurer over the
# fonts beside the engine): the native command's description, byte for
# byte; where a page's geometry goes through sin, cos or atan2 (a polar
# grid, a name's outline in a CJK font's curves) emscripten's libm may
# round the last bit otherwise than glibc's, so those are compared number
# by number (within 1e-9 mm) and otherwise alike
# near A B: the same JSON, its numbers (and the numbers in its strings:
# paths) within 1e-9
near() {
    if node -e '
const fs = require("fs");
const [a, b] = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
const num = (t) => t !== "" && !isNaN(Number(t));
const alike = (x, y) => {
  if (typeof x === "number" && typeof y === "number") return Math.abs(x - y) <= 1e-9;
  if (typeof x === "string" && typeof y === "string") {
    const p = x.split(" "), q = y.split(" ");
    return p.length === q.length && p.every((t, i) => t === q[i] || (num(t) && num(q[i]) && Math.abs(t - q[i]) <= 1e-9));
  }
  if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length && x.every((v, i) => alike(v, y[i]));
  if (x && typeof x === "object") {
    const k = Object.keys(x);
    return y && typeof y === "object" && k.join() === Object.keys(y).join() && k.every((n) => alike(x[n], y[n]));
  }
  return x === y;
};
process.exit(alike(a, b) ? 0 : 1);' "$1" "$2"; then ok; else bad "$1 and $2 differ beyond 1e-9"; fi
}
check page '
both generate -s 3 -f page
both generate -W 30 -H 20 -s 7 --solution -f page
both generate --text Hana --age 4 -s 3 -f page
both generate --text Hana --age 4 -s 3 --answer-page -f page
both generate --name Ann --template kids-a4 -s 2 -f page
both booklet -n 40 -s 1 -f page
both booklet -n 6 -s 5 --copies 2 --key-per-page 2 -f page
both generate --rule multiples:3 -s 4 -f page
for args in "--text さくら -s 2" "--grid polar -s 3" "--grid hex -W 12 -H 10 -s 4" "--title 迷路 -s 6"; do
    "$meiro" generate $args -f page > "$tmp/n.page" 2> "$tmp/n.err" || bad "native $args -f page"
    node "$web" generate $args -f page > "$tmp/w.page" 2> "$tmp/w.err" || bad "WebAssembly $args -f page"
    same "$tmp/n.err" "$tmp/w.err"
    grep -q "\"role\"" "$tmp/w.page" || bad "no item in the page of $args"
    near "$tmp/n.page" "$tmp/w.page"
done
# the languages whose pages name fonts of their own (page.font: Noto Sans
# Arabic, Noto Sans CJK KR, SC, TC, their bold faces): a page for a child
# of 4, a name maze, a booklet (pages and key): the native command'"'"'s bytes
for lang in ar ko zh zh-Hant; do
    both generate --text Hana --age 4 -s 3 --lang $lang -f page
    both generate --name Ann --template kids-a4 -s 2 --lang $lang -f page
    both booklet -n 6 -s 5 --copies 2 --key-per-page 2 --lang $lang -f page
done
grep -q "\"font\": \"DejaVu Sans, Noto Sans CJK TC\"" "$tmp/w.out" || bad "the zh-Hant booklet not in Noto Sans CJK TC"
# a class set as data written with -o, as the site asks it
printf "Ann\\nBo\\nさくら\\n" > "$tmp/pupils.txt"
"$meiro" booklet -n 3 -s 9 --names "$tmp/pupils.txt" -o "$tmp/n.page" 2> /dev/null || bad "native booklet -o x.page"
node "$web" booklet -n 3 -s 9 --names "$tmp/pupils.txt" -o "$tmp/w.page" 2> /dev/null || bad "WebAssembly booklet -o x.page"
grep -q "さくら" "$tmp/w.page" || bad "no pupil'"'"'s name in the class set"
near "$tmp/n.page" "$tmp/w.page"
# rule mazes'"'"' pages (the composer'"'"'s, compose/rule_page.c): しりとり, a key
# alone, a hidden message, 2-up sheets with their key, a class set named
both generate --rule chain --lang ja -s 2 -f page
both generate --rule abc:upper --lang de -s 3 --solution -f page
both generate --message "WELL DONE" -s 4 -f page
both booklet --rule skip:2 --lang es --copies 3 --per-page 2 -s 5 -f page
"$meiro" booklet --rule sum:20 --names "$tmp/pupils.txt" -s 6 -o "$tmp/n.page" 2> /dev/null || bad "native rule booklet -o x.page"
node "$web" booklet --rule sum:20 --names "$tmp/pupils.txt" -s 6 -o "$tmp/w.page" 2> /dev/null || bad "WebAssembly rule booklet -o x.page"
grep -q "さくら" "$tmp/w.page" && grep -q '"role": "answer"' "$tmp/w.page" || bad "the rule class set lacks a name or its key"
same "$tmp/n.page" "$tmp/w.page"'

# a book's cover as data (-f page: the composer's, its spine's words
# turned, the back's in lines; a book read from the right with its front
# left of the spine), the native command's bytes; its PDF (cairo)
# and a book's PDF read for --for (qpdf) refused with the reason
check cover '
for args in "--print kdp --pages 120 --paper 6x9in --title Big --author Ken --volume 2 --background #1d3557" \
    "--print ingram --pages 200 --stock cream --title كتاب_المتاهات --author سارة --background #f4a261" \
    "--print kdp --pages 100 --paper a5 --title 迷路の本 --subtitle がんばって -s 4" \
    "--print kdp --pages 120 --paper 6x9in --lang ar --author سارة --background #264653" \
    "--print lulu --pages 40 --paper 8.5x11in --title Small --volume 3"; do
    for blurb in "Thirty mazes, easy to expert: a well-known maker. Answers at the back." \
        "三十の迷路、やさしいものから むずかしいものまで。答えは本の最後にあります。" \
        "A word wider than the back: $(printf "Antidisestablishmentarianism%.0s" 1 2 3 4 5 6 7 8)"; do
        "$meiro" cover $args --blurb "$blurb" -o "$tmp/n.page" 2> "$tmp/n.err" || bad "native cover $args"
        node "$web" cover $args --blurb "$blurb" -o "$tmp/w.page" 2> "$tmp/w.err" || bad "WebAssembly cover $args"
        grep -q "\"role\": \"walls\"" "$tmp/w.page" || bad "no maze on the cover of $args"
        case "$args" in
        *lulu*) ! grep -q "\"angle\"" "$tmp/w.page" || bad "words on a spine of 40 pages" ;;
        *) grep -q "\"angle\": 1.5707963267948966" "$tmp/w.page" || bad "no words on the spine: $args" ;;
        esac
        same "$tmp/n.page" "$tmp/w.page"
    done
done
run 1 node "$web" cover --print kdp --pages 120 -o "$tmp/x.pdf"
err_has "draws no page"
absent "$tmp/x.pdf"
run 1 node "$web" cover --print kdp --for "$tmp/n.page" -f page -o "$tmp/x.page"
err_has "reads no PDF (no qpdf here): give the book.s --pages and --paper"
absent "$tmp/x.page"'

# the files the composer writes with no drawing library: a machine's
# (G-code, HP-GL, DXF; the plotter's and the laser's settings) and the
# page to play (HTML: its sheets' SVG, their texts as glyphs), the native
# command's bytes
check composed '
for args in "-W 12 -H 9 -s 4" "-W 20 -H 15 -s 7 --solution" "--text Hana --age 4 -s 3" \
    "-W 10 -H 8 -s 2 --draw paths" "-W 14 -H 10 -s 9 --weave 40 --mission keys:2"; do
    for f in gcode hpgl dxf html; do both generate $args -f "$f"; done
done
both generate -W 9 -H 7 -s 5 --print plotter --pen servo -f gcode
both generate -W 9 -H 7 -s 5 --print laser --kerf 0.3 --cut-colour "#00ff00" -f dxf
both generate -W 9 -H 7 -s 5 --cut lines -f dxf
both generate --name Ann --template kids-a4 -s 2 -f html
both generate --title 迷路 --lang ja -s 6 -f html
both generate -W 10 -H 8 -s 4 --levels 2 -f html
both booklet -n 3 -s 1 -f html
"$meiro" generate -W 12 -H 9 -s 4 -o "$tmp/n.html" || bad "native -o x.html"
node "$web" generate -W 12 -H 9 -s 4 -o "$tmp/w.html" || bad "WebAssembly -o x.html"
same "$tmp/n.html" "$tmp/w.html"
grep -q "<use href=" "$tmp/w.html" || bad "no glyph in the WebAssembly HTML page"'

# what draws a page itself or needs the server fails with its reason,
# writing nothing; so does a picture file (the browser decodes those)
check drawing '
run 1 node "$web" generate -W 8 -H 6 -s 1 -o "$tmp/x.pdf"
err_has "draws no page"
err_has "f page describes it"
# a tactile sheet'"'"'s braille is liblouis'"'"'s, which the browser'"'"'s build has not
run 1 node "$web" generate --print tactile -W 5 -H 4 -s 1 -f page
err_has "cannot load liblouis"
absent "$tmp/x.pdf"
"$meiro" generate -W 8 -H 6 -s 1 -o "$tmp/pic.png" || bad "native png"
run 2 node "$web" generate --shape "$tmp/pic.png" -W 20 -H 20 -s 1 -f json
err_has "reads no picture file"
run 1 node "$web" serve --port 0
err_has "built without its server"'

finish
