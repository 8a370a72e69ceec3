#!/bin/sh
# meiro-suite: check
# The jobs: the first commands a parent, a teacher, a booklet maker and a
# spreadsheet user type (from the README and the issue that asked for
# them), each followed by a look at the finished file as its user sees it:
# pages rasterised for the answer's colour (tests/look.c), their words
# (pdftotext), their size (pdfinfo), sheets' fills, LibreOffice's print of
# a workbook. Usage: jobs.sh BUILD_DIR
build=${1:-build}
meiro="$(cd "$build" && pwd)/meiro"
look="$(cd "$build" && pwd)/tests/look"
suite=jobs
. "$(dirname "$0")/lib.sh"
need pdftoppm pdftotext pdfinfo unzip soffice || { finish; exit 1; }
tests_dir=$(cd "$(dirname "$0")" && pwd)
cd "$tmp" || exit 1

bad() { failed=$((failed + 1)); echo "FAIL jobs: $job: $*" >&2; }
check() { if eval "$1"; then ok; else bad "$2"; fi; }
pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }
text() { pdftotext -enc UTF-8 -f "$2" -l "$2" "$1" -; }
# look FILE: its pages as "N ROLE MARKS" in $tmp/look
seen() { "$look" "$@" > look; }
# no puzzle page of the last `seen` shows a solution; every answer page does
clean() { awk '$3 != "answer" && $4 > 0 { exit 1 } $3 == "answer" && $4 == 0 { exit 1 }' look; }
roles() { awk '{ printf "%s", substr($3, 1, 1) }' look; }

# 1. a parent: a maze for a five-year-old, her name, big cells, the answer
# on the next page for the grown-up
job="parent: kids-a4 with a name"
"$meiro" generate -t kids-a4 --name Hana -o hana.pdf 2> err
check 'grep -q "^meiro: seed [0-9]* (use -s" err && [ "$(pages hana.pdf)" = 2 ]' "two pages and the seed: $(cat err)"
seen hana.pdf
check '[ "$(roles)" = pa ] && clean' "the puzzle, then its answer: $(cat look)"
check 'text hana.pdf 1 | grep -q "Name Hana" && text hana.pdf 1 | grep -q "Find the way!"' "no name or title"
# big cells: the 7 x 9 maze fills the page's width at about 20 mm a cell
pdftoppm -r 20 -f 1 -l 1 -gray hana.pdf big
check '[ -n "$(ls big*)" ]' "page not rasterised"

# 2. a parent: a maze inside her name
job="parent: a maze in the letters HANA"
"$meiro" generate --text HANA --title HANA -o name.pdf 2> err
seen name.pdf
check '[ "$(roles)" = p ] && clean' "one clean page: $(cat look)"
check 'text name.pdf 1 | grep -q "^HANA"' "no title"

# 3. a teacher: 30 different unsolved worksheets and a key that matches,
# packed six answers a page, each labelled with its version
job="teacher: a class set of 30"
"$meiro" booklet -t worksheet-a4-2up -n 2 --copies 30 --difficulty normal -s 7 -o class.pdf 2> err
check 'grep -q "the answers are in class-answer.pdf" err' "no answers file said: $(cat err)"
check '[ "$(pages class.pdf)" = 30 ] && [ "$(pages class-answer.pdf)" = 10 ]' \
    "$(pages class.pdf) worksheets, $(pages class-answer.pdf) key pages (60 answers, 6 a page)"
seen class.pdf class-answer.pdf
check 'clean && [ "$(awk "\$3 == \"answer\"" look | wc -l)" = 10 ]' "spoiled or unanswered: $(grep -v ' 0$' look | head -3)"
pdftotext class.pdf all.txt
pdftotext class-answer.pdf keys.txt
# each worksheet: its version; the key's answers 2k - 1 and 2k are
# version k's, labelled so, on key page (2k - 2) / 6 + 1
bad_order=0
for k in 1 2 3 10 26 30; do
    v=$(printf '%s\n' "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z AA AB AC AD" | cut -d' ' -f"$k")
    key=$(text class-answer.pdf $(((2 * k - 2) / 6 + 1)) | tr '\n' ' ')
    text class.pdf "$k" | grep -q "Version $v · seed" || { bad_order=$((bad_order + 1)); echo "sheet $k is not version $v" >&2; }
    case $key in *"Version $v · No. 1 "*"Version $v · No. 2 "*) ;; *) bad_order=$((bad_order + 1)); echo "version $v: $key" >&2 ;; esac
done
check '[ $bad_order -eq 0 ]' "$bad_order versions without their answers where the key says"
# different versions: the mazes' own seeds all differ
check '[ "$(grep -o "seed [0-9]*$" all.txt | sort -u | wc -l)" -ge 60 ]' "versions share mazes"

# 4. a teacher: the issue's command, answers in a file of their own
job="teacher: 30 mazes, answers apart"
"$meiro" booklet -t worksheet-a4-2up -n 30 --answers-to answers.pdf -o worksheets.pdf 2> err
seen worksheets.pdf answers.pdf
check 'clean && ! grep -q "worksheets.pdf [0-9]* answer" look && grep -q "answers.pdf [0-9]* answer" look' \
    "answers where they should not be: $(head -3 look)"
check '[ "$(pages worksheets.pdf)" = 15 ]' "$(pages worksheets.pdf) pages for 30 mazes two a page"

# 5. a teacher: one page a pupil, named
job="teacher: a page a pupil"
printf 'Hana\nKen\nアキラ\n' > pupils.txt
"$meiro" booklet -t kids-a4 -n 1 --names pupils.txt -s 3 -o names.pdf 2> err
seen names.pdf names-answer.pdf
check 'clean && [ "$(pages names.pdf)" = 3 ]' "three clean pages: $(cat look)"
check 'text names.pdf 1 | grep -q "Name Hana" && text names.pdf 2 | grep -q "Name Ken" && text names.pdf 3 | grep -q "アキラ"' \
    "names not on their pages in order"
# the teacher's key, packed (the template's after-page is for one child's grown-up)
check '[ "$(pages names-answer.pdf)" = 1 ] && text names-answer.pdf 1 | grep -q "アキラ · No. 1"' \
    "not one key page with Akira's answer: $(pages names-answer.pdf) pages"

# 6. a booklet maker: A5 pages on A4 sheets, folded at home
job="booklet maker: a folded A5 booklet"
"$meiro" booklet -t booklet-a5 -n 24 --cover --fold -s 5 -o a5.pdf 2> err
check 'pdfinfo a5.pdf | grep -q "841.89 x 595.2"' "not A4 landscape sheets"
"$meiro" booklet -t booklet-a5 -n 24 --cover --fold=pages -s 5 -o a5-pages.pdf 2> err
seen a5-pages.pdf
check 'clean && [ "$(roles | cut -c1)" = c ]' "a cover, then clean puzzles: $(roles)"
n=$(pages a5-pages.pdf)
check 'text a5-pages.pdf "$n" | grep -q "meiro booklet -t booklet-a5 -n 24 --cover --fold=pages -s 5"' "no remaking command"

# 7. a booklet maker: 40 mazes getting harder, contents, key at the back
job="booklet maker: 40 mazes"
"$meiro" booklet -n 40 --difficulty easy-expert --title "40 mazes" -s 2026 -o book.pdf 2> err
seen book.pdf
check 'clean && roles | grep -Eq "^cp{40}a+$"' "contents, 40 clean puzzles, the key: $(roles)"
check 'text book.pdf 1 | grep -q "Contents"' "no contents page"
n=$(pages book.pdf)
cmd=$(text book.pdf "$n" | tr '\n\f' '  ' | sed 's/.*\(meiro booklet .*\)/\1/; s/ *$//')
mkdir again && (cd again && PATH="$(dirname "$meiro"):$PATH" eval "$cmd -o book.pdf") 2> err
check 'cmp -s book.pdf again/book.pdf' "'$cmd' does not remake it: $(cat err)"

# 8. a booklet maker: for the print shop, 6 x 9 in with bleed and gutter
job="booklet maker: print-on-demand"
"$meiro" booklet -n 21 --paper 6x9in --bleed 3 --gutter 8 --fold=pages -s 9 -o pod.pdf 2> err
check '[ $(($(pages pod.pdf) % 2)) -eq 0 ]' "$(pages pod.pdf) pages: not even"
check 'pdfinfo -box -f 1 -l 1 pod.pdf | grep -q "TrimBox: *8.50 *8.50 *440.50 *656.50"' "no 6 x 9 in trim inside a 3 mm bleed"
seen pod.pdf
check 'clean' "spoiled: $(grep -v ' 0$' look | head -2)"

# 9. a spreadsheet user: a maze in Excel, and its answer sheet
job="spreadsheet: a maze and its answer"
"$meiro" generate -W 20 -H 15 -s 2026 --answer-page -o maze.xlsx 2> err
seen maze.xlsx
check '[ "$(roles)" = pa ] && clean' "sheets Maze (clean) and Answer: $(cat look)"
# as LibreOffice prints it: two pages, the maze on the first
soffice --headless --convert-to pdf maze.xlsx > /dev/null 2>&1
check '[ "$(pages maze.pdf)" = 2 ] && text maze.pdf 2 | grep -q "Answer"' "LibreOffice prints $(pages maze.pdf) pages"

# 10. a spreadsheet user: a maze to play in the sheet
job="spreadsheet: a maze to play"
"$meiro" generate -W 12 -H 12 -s 4 --play -o play.xlsx 2> err
seen play.xlsx
check '[ "$(roles)" = p ] && clean' "one clean sheet: $(cat look)"
unzip -p play.xlsx xl/worksheets/sheet1.xml > sheet.xml
check 'grep -q "<sheetProtection" sheet.xml && grep -q "Mark the way from S to G" sheet.xml' "not a protected sheet to play"

# 11. a teacher in the studio (meiro serve): the class's names pasted, one
# version each, answers ticked: the page POSTs the names to /api/booklet
# with answers=key (tests/spoilers-studio.mjs drives the page itself).
# All the pupils' sheets come first, clean, then every key, packed and
# labelled; the same mazes for all: one key.
job="teacher: the studio's class set"
# (Zoë-Li's row pasted from a spreadsheet: her name, a tab, her age)
printf "Hana\nO'Brien\nZoë-Li\t7\n" > class.txt
for k in $(seq 4 25); do echo "Pupil $k"; done >> class.txt
: > serve.out
"$meiro" serve --port 0 > serve.out 2> serve.err &
server=$!
trap 'kill "$server" 2> /dev/null; rm -rf "$tmp"' EXIT
url="" i=0
while [ -z "$url" ] && [ $i -lt 100 ]; do
    sleep 0.1
    url=$(sed -n 's|.*\(http://[^ ]*/\).*|\1|p' serve.out) i=$((i + 1))
done
studio() { curl -s --max-time 120 -o "$1" -w '%{http_code}' --data-binary @class.txt "${url}api/booklet?format=pdf&count=2&difficulty=easy-hard&answers=key&seed=11$2"; }
check '[ "$(studio studio.pdf)" = 200 ]' "the server made no class set: $(cat serve.err)"
seen studio.pdf
# 25 pupils x 2 mazes: 50 sheets, then 9 key pages of six answers
check 'clean && roles | grep -Eq "^p{50}a{9}$"' "every sheet, then the keys: $(roles)"
check 'text studio.pdf 3 | grep -q "Name O.Brien" && text studio.pdf 5 | grep -q "Name Zoë-Li$"' "names not on their sheets in order"
check 'text studio.pdf 51 | grep -q "Hana · No. 2" && text studio.pdf 51 | grep -q "Zoë-Li · No. 1" && text studio.pdf 59 | grep -q "Pupil 25 · No. 2"' \
    "the keys not labelled with their pupils: $(text studio.pdf 51 | head -5)"
check '[ "$(studio same.pdf "&same-mazes=1")" = 200 ]' "no class set of the same mazes"
seen same.pdf
check 'clean && roles | grep -Eq "^p{50}a$"' "every sheet, then one key: $(roles)"
check '[ "$(text same.pdf 1 | grep "seed" | sed "s/.*seed //")" = "$(text same.pdf 49 | grep "seed" | sed "s/.*seed //")" ]' \
    "Hana's and Pupil 25's first mazes differ"
kill "$server" 2> /dev/null

# 12. a seller: a book for Amazon KDP and its cover, uploaded as they come
# out: no word of meiro or its seeds on any page (the page numbers stay),
# the command and every maze's seed in the remaking file beside it, which
# makes the same book again; --workings puts them back on the pages
job="seller: a clean KDP book"
"$meiro" booklet --print kdp --paper 6x9in -n 30 --difficulty easy-expert --cover \
    --title "Maze Quest" -s 21 -o kdp.pdf 2> err
check 'grep -q "the command and the seeds that make this book again are in kdp.remake.txt" err' \
    "no remaking file said: $(cat err)"
n=$(pages kdp.pdf)
spoken=0 numbered=0
for p in $(seq 1 "$n"); do
    text kdp.pdf "$p" > page.txt
    if grep -qi -e meiro -e seed page.txt; then spoken=$((spoken + 1)); echo "page $p: $(grep -i -e meiro -e seed page.txt)" >&2; fi
    grep -q "^Page $p$" page.txt && numbered=$((numbered + 1))
done
check '[ $spoken -eq 0 ]' "$spoken of $n pages name meiro or a seed"
check '[ $numbered -ge $((n - 4)) ]' "only $numbered of $n pages numbered"
check '! text kdp.pdf "$n" | grep -q "make this booklet again"' "a remaking page"
"$meiro" preflight --print kdp kdp.pdf > pf; rc=$?
check '[ $rc -eq 0 ]' "preflight: $(grep FAIL pf)"
check '[ "$(grep -c "^maze [0-9]*: seed [0-9]* · " kdp.remake.txt)" = 30 ] && grep -q "^seed: 21$" kdp.remake.txt' \
    "the remaking file: $(head -5 kdp.remake.txt)"
cmd=$(sed -n 's/^command: //p' kdp.remake.txt)
mkdir kdp-again && (cd kdp-again && PATH="$(dirname "$meiro"):$PATH" eval "$cmd -o kdp.pdf") 2> err
check 'cmp -s kdp.pdf kdp-again/kdp.pdf && cmp -s kdp.remake.txt kdp-again/kdp.remake.txt' \
    "'$cmd' does not remake it: $(cat err)"
# the workings on the pages: each maze's caption gives the seed the file has
"$meiro" booklet --print kdp --paper 6x9in -n 30 --difficulty easy-expert --cover \
    --title "Maze Quest" -s 21 --workings -o workings.pdf 2> err
pdftotext -enc UTF-8 workings.pdf workings.txt
check '[ ! -e workings.remake.txt ] && grep -q "To make this booklet again" workings.txt' \
    "--workings: no remaking page, or a remaking file too"
sed -n 's/.* · seed \([0-9]*\)$/\1/p' workings.txt | grep -v "^21$" > captions
sed -n 's/^maze [0-9]*: seed \([0-9]*\) .*/\1/p' kdp.remake.txt > seeds
check '[ -s seeds ] && cmp -s captions seeds' "the captions' seeds differ from the file's: $(diff captions seeds | head -3)"
# the cover for it: the seller's words, its colour, and still no meiro
"$meiro" cover --print kdp --for kdp.pdf --author "Hana Sato" --background "#1d3557" \
    --blurb "Thirty mazes from easy to expert, answers at the back." -o cover.pdf 2> err
pdftotext -enc UTF-8 cover.pdf cover.txt
check 'grep -q "Hana Sato" cover.txt && grep -q "Thirty mazes from easy" cover.txt && ! grep -qi -e meiro -e seed cover.txt' \
    "the cover says: $(tr '\n' ' ' < cover.txt)"
"$meiro" preflight --cover --print kdp --for kdp.pdf cover.pdf > pf; rc=$?
check '[ $rc -eq 0 ]' "cover preflight: $(grep FAIL pf)"

# a teacher in the US: the 7 times table for each pupil, on Letter, each
# sheet named, the keys after them; every number within 7 x 1 to 7 x 10
job="teacher: rule mazes on Letter, one a pupil"
printf "Hana\nO'Brien\nZoë-Li\n" > pupils.txt
"$meiro" booklet --rule multiples:7 --age 8 --names pupils.txt --paper letter -s 8 -o rules.pdf 2> err
check '[ "$(pages rules.pdf)" = 6 ] && [ "$(pdfinfo -f 1 -l 6 rules.pdf | grep -c "size: *612 x 792")" = 6 ]' \
    "3 sheets and 3 keys on Letter: $(pdfinfo rules.pdf | grep -i 'pages\|size') $(cat err)"
i=0
for name in Hana "O'Brien" "Zoë-Li"; do
    i=$((i + 1))
    check 'text rules.pdf $i | grep -qx "Name $name" && text rules.pdf $((i + 3)) | grep -q "— $name"' \
        "sheet $i or its key is not $name's"
    check '[ -z "$(text rules.pdf $i | grep -xE "[0-9]+" | awk "\$1 < 1 || \$1 > 70")" ]' \
        "sheet $i has numbers outside the 7 times table"
done

# a parent: keys and doors, floors and stairs, over and under: each page
# says its rule in a line, in English or Japanese, and so does a booklet
job="parent: special pages say their rules"
"$meiro" generate -W 10 -H 8 -s 3 --mission keys:2 -o keys.pdf 2> err
check 'text keys.pdf 1 | grep -q "Pick up each key before you pass its door"' "no keys rule: $(text keys.pdf 1 | head -3)"
"$meiro" generate -W 9 -H 7 -s 3 --levels 2 --lang ja -o floors.pdf 2> err
check 'text floors.pdf 1 | grep -q "▲と▼は かいだん"' "no stairs rule: $(text floors.pdf 1 | head -3)"
"$meiro" generate -W 10 -H 8 -s 3 --weave 40 -a cluster -o weave.pdf 2> err
check 'text weave.pdf 1 | grep -q "at a crossing, go straight on"' "no weave rule: $(text weave.pdf 1 | head -3)"
"$meiro" booklet -n 3 --kinds keys,levels,weave -s 2 -o kinds.pdf 2> err
check 'text kinds.pdf 1 | grep -q "Pick up each key" && text kinds.pdf 2 | grep -q "stairs" && text kinds.pdf 3 | grep -q "crossing"' \
    "the booklet's pages do not say their rules"

# a parent: the animated SVG plays in a browser (paused at moments of its
# loop in Chromium: dug, then solved)
job="watching: the animated SVG in Chromium"
node "$tests_dir/anim-browser.mjs" "$(dirname "$meiro")" > anim.out 2>&1
check 'grep -q "anim-browser: [1-9][0-9]* passed, 0 failed" anim.out' "$(tail -3 anim.out)"

finish
