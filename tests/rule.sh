#!/bin/sh
# Rule mazes from the command line (meiro generate --rule, booklet --rule):
# the options and their errors, the same seed giving the same file, the
# tokens printed in the PDF (read back with pdftotext -bbox) equal to the
# sheet's text cell by cell, and the answer shaded on the key's pages only
# (pixels read back with pdftoppm). Usage: rule.sh BUILD_DIR
# meiro-suite: test check
build=${1:-build}
meiro="$build/meiro"
data=${MEIRO_TEST_DATA:-tests/data}
suite=rule
. "$(dirname "$0")/lib.sh"

# help and errors: the rule's own option set, nothing silently ignored
run 0 "$meiro" generate --rule multiples:3 --help; out_has "multiples:N"; out_has "--copies"
run 0 "$meiro" generate --help; out_has "--rule R"
run 0 "$meiro" booklet --help; out_has "--rule R"
run 2 "$meiro" generate --rule nope -s 1; err_has "unknown rule 'nope'"
run 2 "$meiro" generate --rule multiples:1 -s 1; err_has "2 to 50"
run 2 "$meiro" generate --rule abc --width 9; err_has "\-\-width is not an option of a rule maze"
run 2 "$meiro" generate --rule abc --solution; err_has "\-\-solution: the key's page as svg"
run 2 "$meiro" generate --rule abc --copies 3; err_has "meiro booklet --rule"
run 2 "$meiro" generate --rule abc --lang xx; err_has "unknown language 'xx' (en ar de es fr ja ko pt zh zh-Hant)"
# each language's alphabet (the sentence shows its first letters), another
# named, a case where an alphabet has none refused, a message's letter the
# page's language lacks refused naming the language that has it
run 0 "$meiro" generate --rule abc --lang es -s 1 --difficulty expert -f text; out_has "rule abc"; out_has "Ñ"
run 0 "$meiro" generate --rule abc --lang de -s 1 -f text; out_has "A, Ä, B"
run 0 "$meiro" generate --rule abc:ko --lang en -s 1 -f text; out_has "가, 나, 다"
run 0 "$meiro" generate --rule abc:de,lower -s 1 -f text; out_has "a, ä, b"
run 0 "$meiro" generate --rule chain --lang fr -s 1 -f text; out_has "rule chain"
run 2 "$meiro" generate --rule abc:greek -s 1; err_has "'greek' is no alphabet (en, es, fr, de, pt, zh, ko, ar"
# (said in the page's language, as every message: the Arabic alphabet's name in Arabic)
run 2 "$meiro" generate --rule abc:upper --lang ar -s 1; err_has "الأبجدية العربية ليس فيها حروف كبيرة وصغيرة: --rule abc:ar"
run 2 "$meiro" generate --message "ÑANDÚ" -s 1 -o "$tmp/m.pdf"; err_has "'Ñ' is not a letter of the page's language (--lang en): it is one of Spanish (--lang es)"; absent "$tmp/m.pdf"
run 0 "$meiro" generate --message "ÑANDÚ" --lang es -s 1 -f text; out_has "rule message:ÑANDÚ"
run 2 "$meiro" generate --rule abc --difficulty nope; err_has "difficulty"
run 2 "$meiro" generate --rule abc --answers back; err_has "key or none"
run 2 "$meiro" booklet --rule abc --copies 0; err_has "1 to 500"
run 1 "$meiro" generate --rule "words:$tmp/none.txt" -s 1; err_has "cannot open"
run 2 "$meiro" generate --rule abc -s 1 -f png -o "$tmp/x.png"; err_has "pdf, xlsx, html, text or json"
# the file's name read as the format table reads it: a format rule mazes are
# not written in, or an unknown type, refused (they were written as text)
run 2 "$meiro" generate --rule abc -s 1 -o "$tmp/x.page"; err_has "pdf, xlsx, html, text or json"; absent "$tmp/x.page"
run 2 "$meiro" generate --rule abc -s 1 -o "$tmp/x.png"; err_has "not 'png'"; absent "$tmp/x.png"
run 2 "$meiro" generate --rule abc -s 1 -o "$tmp/x.foo"; err_has "unknown file type '.foo'"; absent "$tmp/x.foo"
run 0 "$meiro" generate --rule abc -s 1 -o "$tmp/x.htm"; grep -q "<html" "$tmp/x.htm" && ok || bad "x.htm is no HTML page"
absent "$tmp/x.png"
run 2 "$meiro" generate --rule abc -s 1 --play -o "$tmp/x.pdf"; err_has "plays in an xlsx"
absent "$tmp/x.pdf"
run 2 "$meiro" booklet --rule abc --copies 2 -s 1 -o "$tmp/two.txt"; err_has "need pdf"
absent "$tmp/two.txt"
run 0 "$meiro" generate --rule abc; err_has "seed [0-9]"

# the same seed, the same sheet and the same PDF; another seed, another
run 0 "$meiro" generate --rule skip:5 -s 9 -o "$tmp/a.txt"
run 0 "$meiro" generate --rule skip:5 -s 9 -o "$tmp/b.txt"; same "$tmp/a.txt" "$tmp/b.txt"
run 0 "$meiro" generate --rule skip:5 -s 10 -o "$tmp/c.txt"
if cmp -s "$tmp/a.txt" "$tmp/c.txt"; then bad "seeds 9 and 10 gave the same sheet"; else ok; fi
run 0 "$meiro" generate --rule skip:5 -s 9 -o "$tmp/a.pdf"
run 0 "$meiro" generate --rule skip:5 -s 9 -o "$tmp/b.pdf"; same "$tmp/a.pdf" "$tmp/b.pdf"
run 0 "$meiro" generate --rule abc -s 2 -f json; out_has '"tokens"'; out_has '"path"'

# the PDF read back: every token in its cell (rows by height, cells by x),
# START and FINISH said in the page's language, START beside the row where
# the path begins (an Arabic page mirrored: its columns from the right,
# START at the right); the key after the puzzles, the path shaded there and
# nowhere on a puzzle page
check_pdf() { # RULE LANG SEED [booklet options]
    rule=$1 lang=$2 seed=$3
    shift 3
    "$meiro" generate --rule "$rule" --lang "$lang" -s "$seed" "$@" -o "$tmp/s.txt" 2> "$tmp/err" &&
        "$meiro" generate --rule "$rule" --lang "$lang" -s "$seed" "$@" -o "$tmp/s.pdf" 2> "$tmp/err" &&
        pdftotext -bbox "$tmp/s.pdf" "$tmp/s.html" &&
        pdftoppm -r 30 "$tmp/s.pdf" "$tmp/page" || { bad "$rule $lang $seed: $(cat "$tmp/err")"; return; }
    if python3 - "$tmp/s.txt" "$tmp/s.html" "$tmp" "$lang" << 'PY'; then ok; else bad "$rule $lang seed $seed $*: the PDF is not the sheet"; fi
import re, sys, glob
txt, html, tmp, lang = sys.argv[1:5]
lines = open(txt, encoding="utf-8").read().split("\n")
w, h = map(int, next(l for l in lines if l.startswith("size ")).split()[1:])
path = [tuple(map(int, c.split(","))) for c in next(l for l in lines if l.startswith("path ")).split()[1:]]
grid = [l.split("\t") for l in lines if l and not l.startswith("#") and " " not in l.split("\t")[0] or "\t" in l]
grid = [r for r in grid if len(r) == w][-h:]
pages = re.findall(r"<page .*?</page>", open(html, encoding="utf-8").read(), re.S)
def words(page, tall=False):
    ws = [(m.group(5), (float(m.group(1)) + float(m.group(3))) / 2, (float(m.group(2)) + float(m.group(4))) / 2,
           float(m.group(4)) - float(m.group(2)))
          for m in re.finditer(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page)]
    # tall: the tokens alone, in the grid's big letters (not START's small
    # ones, which pdftotext gives an Arabic word of a letter at a time)
    top = max([h for _, _, y, h in ws if 60 * mm < y < 280 * mm] or [0])
    return [(t, x, y) for t, x, y, h in ws if not tall or (60 * mm < y < 280 * mm and h > 0.8 * top)]
starts = {"ja": ("スタート", "ゴール"), "es": ("SALIDA", "META"), "de": ("START", "ZIEL"), "ko": ("출발", "도착")}
labels = {"START", "FINISH"} | {w for pair in starts.values() for w in pair}
rtl = lang == "ar"
mm = 72 / 25.4
for n, page in enumerate(pages):
    ws = words(page)
    texts = [t for t, _, _ in ws]
    start, finish = starts.get(lang, ("START", "FINISH"))
    assert rtl or (start in texts and finish in texts), (n, "labels")
    cells = [(t, x, y) for t, x, y in words(page, True) if t not in labels]
    assert len(cells) == w * h, (n, len(cells), w * h)
    cells.sort(key=lambda c: c[2])
    for r in range(h):
        row = sorted(cells[r * w:(r + 1) * w], key=lambda c: -c[1] if rtl else c[1])
        assert [t for t, _, _ in row] == grid[r], (n, r, row, grid[r])

# the answer page shades the path's cells, the puzzle page none: the grid's
# cells from the tokens' places, the colour read near their top-left
# corners (away from the line through the path's centres)
def ppm(f):
    d = open(f, "rb").read()
    parts = d.split(b"\n", 3)
    W, H = map(int, parts[1].split())
    return W, H, parts[3]
files = sorted(glob.glob(tmp + "/page-*.ppm"))
assert len(files) == 2, files
cells = sorted([c for c in words(pages[0], True) if c[0] not in labels], key=lambda c: c[2])
xs = sorted(c[1] for c in cells[:w]); ys = [cells[r * w][2] for r in range(h)]
def yellow(f, cx, cy):
    W, H, px = ppm(f)
    s = 30 / 72
    c = xs[1] - xs[0]
    X, Y = int((cx - 0.35 * c) * s), int((cy - 0.35 * c) * s)
    r, g, b = px[(Y * W + X) * 3:(Y * W + X) * 3 + 3]
    return r > 200 and g > 180 and b < 160
for y in range(h):
    for x in range(w):
        cx = xs[0] + (w - 1 - x if rtl else x) * (xs[-1] - xs[0]) / (w - 1)
        cy = min(ys) + y * (max(ys) - min(ys)) / (h - 1)
        assert not yellow(files[0], cx, cy), ("puzzle page shaded", x, y)
        assert yellow(files[1], cx, cy) == ((x, y) in path), ("answer", x, y)
# START's green arrow beside the first cell's row, outside the grid on the
# side read first
W, H, px = ppm(files[0])
s = 30 / 72
green = [(X / s, Y / s) for Y in range(H) for X in range(W)
         if px[(Y * W + X) * 3 + 1] > 90 and px[(Y * W + X) * 3] < 90 and px[(Y * W + X) * 3 + 2] < 110]
assert green, "no START arrow"
gx = sum(X for X, _ in green) / len(green)
row_y = ys[path[0][1]]
assert (gx > xs[-1] if rtl else gx < xs[0]), ("START on the wrong side", gx, xs[0], xs[-1])
assert all(abs(Y - row_y) < (xs[1] - xs[0]) for _, Y in green), ("START not by its row", row_y)
PY
    rm -f "$tmp"/page-*.ppm
}
# (make test: four rules, one level; make check: every rule in both
# languages, the levels taken in turn so that each rule meets two of them
# and each language all four: 20 sheets of the 80 combinations)
if need pdftotext pdftoppm python3; then
    for rule in multiples:3 aiueo "chain:$data/shiritori.txt" "message:GOOD JOB"; do
        check_pdf "$rule" ja 1 --difficulty hard
    done
    # the alphabets with letters of their own, their tokens read back
    for lang in es de ko ar; do check_pdf abc "$lang" 2 --difficulty expert; done
    check_pdf chain ko 3 --difficulty hard
    if full; then
        turn=0
        for rule in multiples:3 skip:10 sum:20 abc abc:mixed aiueo aiueo:katakana "words:$data/rule-words.txt" "chain:$data/shiritori.txt" message:ありがとう; do
            for lang in en ja; do
                set -- easy normal hard expert
                shift $((turn % 4))
                check_pdf "$rule" "$lang" 5 --difficulty "$1"
                turn=$((turn + 1))
            done
            turn=$((turn + 1))
        done
    fi
fi

# --play in LibreOffice: Goal! for the rule path's marks only; none
# before any mark, one short, one off the way, one cell swapped for a
# neighbour
play_jobs() { # FILE.xlsx FILE.txt: the jobs of tests/calc_play.py
    python3 - "$1" "$2" << 'PY'
import sys
xlsx, txt = sys.argv[1:3]
lines = open(txt, encoding="utf-8").read().split("\n")
w, h = map(int, next(l for l in lines if l.startswith("size ")).split()[1:])
path = [tuple(map(int, c.split(","))) for c in next(l for l in lines if l.startswith("path ")).split()[1:]]
cells = lambda p: ";".join("%d,%d" % (4 + 2 * y + 1, 1 + x) for x, y in p)
off = next((x, y) for y in range(h) for x in range(w) if (x, y) not in path)
print("%s\topen\t" % xlsx)
print("%s\tgoal\t%s" % (xlsx, cells(path)))
print("%s\tshort\t%s" % (xlsx, cells(path[:-1])))
print("%s\toff\t%s" % (xlsx, cells(path + [off])))
print("%s\tswap\t%s" % (xlsx, cells(path[:1] + [off] + path[2:])))
PY
}
if full && need soffice && [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import uno" 2> /dev/null; then
    : > "$tmp/jobs.tsv"
    for rule in multiples:3 skip:2 sum:20 aiueo "chain:$data/shiritori.txt"; do
        for lang in en ja; do
            "$meiro" generate --rule "$rule" --lang "$lang" -s 3 --play -o "$tmp/p-$lang-${rule%%:*}.xlsx" &&
                "$meiro" generate --rule "$rule" --lang "$lang" -s 3 -o "$tmp/p-$lang-${rule%%:*}.txt" &&
                play_jobs "$tmp/p-$lang-${rule%%:*}.xlsx" "$tmp/p-$lang-${rule%%:*}.txt" >> "$tmp/jobs.tsv" ||
                bad "--play $rule $lang"
        done
    done
    (cd "$(dirname "$0")/.." && /usr/bin/python3 tests/calc_play.py) < "$tmp/jobs.tsv" > "$tmp/results.tsv" || bad "calc_play.py failed"
    while IFS="$(printf '\t')" read -r file case status; do
        case "$file:$case" in
        *-ja-*:goal) want="ゴール！" ;;
        *:goal) want="Goal!" ;;
        *) want="" ;;
        esac
        if [ "$status" = "$want" ]; then ok; else bad "$file $case: '$status', wanted '$want'"; fi
    done < "$tmp/results.tsv"
    n=$(wc -l < "$tmp/results.tsv")
    if [ "$n" = 50 ]; then ok; else bad "calc_play: $n results, wanted 50"; fi
elif full; then
    skip "LibreOffice with Python-UNO (soffice, /usr/bin/python3 uno)"
fi

# a class set: 30 different numbered sheets, then their 30 answers
run 0 "$meiro" booklet --rule multiples:3 --copies 30 -s 4 -o "$tmp/set.pdf"
if need pdfinfo pdftotext; then
    pages=$(pdfinfo "$tmp/set.pdf" | sed -n 's/^Pages: *//p')
    if [ "$pages" = 60 ]; then ok; else bad "class set: $pages pages, wanted 60"; fi
    n=$(pdftotext -f 30 -l 30 "$tmp/set.pdf" - | grep -c "No. 30")
    if [ "$n" = 1 ]; then ok; else bad "page 30 is not sheet No. 30"; fi
    n=$(pdftotext -f 31 -l 31 "$tmp/set.pdf" - | grep -c "Answer")
    if [ "$n" -ge 1 ]; then ok; else bad "page 31 is not the first answer"; fi
fi
# a class set by name on Letter: a sheet for each pupil (apostrophe and
# accent too), each name printed on its own sheet's name line and its key,
# every page Letter; the paper and the names refused where they cannot go
printf "Hana\nO'Brien\n\nZoë-Li\n" > "$tmp/pupils.txt"
run 0 "$meiro" booklet --rule multiples:7 --age 8 --names "$tmp/pupils.txt" --paper letter -s 5 -o "$tmp/named.pdf"
if need pdfinfo pdftotext; then
    pages=$(pdfinfo "$tmp/named.pdf" | sed -n 's/^Pages: *//p')
    if [ "$pages" = 6 ]; then ok; else bad "3 names: $pages pages, wanted 3 sheets and 3 keys"; fi
    sizes=$(pdfinfo -f 1 -l 6 "$tmp/named.pdf" | grep -c "size: *612 x 792 pts")
    if [ "$sizes" = 6 ]; then ok; else bad "$sizes of 6 pages are Letter"; fi
    i=0
    for name in Hana "O'Brien" "Zoë-Li"; do
        i=$((i + 1))
        text=$(pdftotext -f $i -l $i "$tmp/named.pdf" -)
        if printf '%s\n' "$text" | grep -q "^Name $name\$"; then ok; else bad "sheet $i lacks 'Name $name'"; fi
        others=$(printf '%s\n' "$text" | grep -c "Hana\|O'Brien\|Zoë-Li")
        if [ "$others" = 1 ]; then ok; else bad "sheet $i names $others pupils"; fi
        key=$(pdftotext -f $((i + 3)) -l $((i + 3)) "$tmp/named.pdf" - | grep -c "No. $i — $name")
        if [ "$key" = 1 ]; then ok; else bad "key $((i + 3)) is not $name's"; fi
        # the numbers stay in the 7 times table (x1 to x10)
        big=$(printf '%s\n' "$text" | grep -E '^[0-9]+$' | awk '$1 > 70 || $1 < 1' | wc -l)
        if [ "$big" = 0 ]; then ok; else bad "sheet $i has $big numbers outside 1-70"; fi
    done
fi
run 0 "$meiro" generate --rule abc --paper 6x9in -s 2 -o "$tmp/trim.pdf"
if need pdfinfo; then
    if pdfinfo "$tmp/trim.pdf" | grep -q "size: *432 x 648 pts"; then ok; else bad "6x9in is not 432 x 648 pt"; fi
fi
run 0 "$meiro" generate --rule abc --paper letter -s 2 -o "$tmp/letter.svg"
if grep -q 'width="215.9mm" height="279.4mm"' "$tmp/letter.svg"; then ok; else bad "the svg is not Letter"; fi
run 2 "$meiro" generate --rule abc --paper letter -s 2 -o "$tmp/p.xlsx"; err_has "xlsx is no page"; absent "$tmp/p.xlsx"
# an Arabic workbook right to left (column A on the right: the way starts
# in the right column, as its page draws it), START's arrow pointing left
# into the grid, a left-to-right run of its own (U+200E before it: else
# LibreOffice draws it from a font without it, a box over the word); an
# English one left to right, no mark
for lang in ar en; do
    run 0 "$meiro" generate --rule abc --lang "$lang" -s 2 --play -o "$tmp/dir-$lang.xlsx"
done
python3 - "$tmp/dir-ar.xlsx" "$tmp/dir-en.xlsx" <<'EOF' && ok || bad "the Arabic workbook not right to left"
import sys, zipfile
def part(f, name): return zipfile.ZipFile(f).read(name).decode()
ar, en = (part(f, "xl/worksheets/sheet1.xml") for f in sys.argv[1:3])
strings = part(sys.argv[1], "xl/sharedStrings.xml")
sys.exit(not ('rightToLeft="1"' in ar and "rightToLeft" not in en and
              "البداية \u200e←" in strings and "\u200e" not in part(sys.argv[2], "xl/sharedStrings.xml")))
EOF
run 2 "$meiro" generate --rule abc --paper nope; err_has "paper"
run 2 "$meiro" generate --rule abc --paper a6 --per-page 2 -o "$tmp/p.pdf"; err_has "2-up halves"; absent "$tmp/p.pdf"
run 2 "$meiro" generate --rule abc --names "$tmp/pupils.txt"; err_has "booklet --rule R --names"
run 2 "$meiro" booklet --rule abc --names "$tmp/pupils.txt" --copies 2; err_has "give one of them"
run 2 "$meiro" booklet --rule abc --names "$tmp/pupils.txt" -o "$tmp/p.html"; err_has "need pdf"
printf "Hana\n" > "$tmp/one.txt"
run 2 "$meiro" booklet --rule abc --names "$tmp/one.txt" -o "$tmp/p.html"; err_has "no name line"; absent "$tmp/p.html"
run 1 "$meiro" booklet --rule abc --names "$tmp/none.txt"; err_has "none.txt"
run 0 "$meiro" generate --rule multiples:3,12 --help; out_has "UPTO"
run 2 "$meiro" generate --rule multiples:3,30 -s 1; err_has "UPTO 5 to 20"

# hidden-message trails (--message TEXT = --rule message:TEXT): the page
# never spells the message (not in its text, footer or metadata), the
# text file does and reads back; wrong messages are refused
run 0 "$meiro" generate --message "GOOD JOB" -s 3 -o "$tmp/msg.pdf"
run 0 "$meiro" generate --message "GOOD JOB" -s 3 -f text; out_has "rule message:GOOD JOB"
run 0 "$meiro" generate --message "GOOD JOB" -s 3 -o "$tmp/msg1.txt"
run 0 "$meiro" generate --rule "message:GOOD JOB" -s 3 -o "$tmp/msg2.txt"; same "$tmp/msg1.txt" "$tmp/msg2.txt"
if need pdftotext pdfinfo; then
    if pdftotext "$tmp/msg.pdf" - | tr -d ' \n' | grep -q "GOODJOB"; then bad "the page spells the message"; else ok; fi
    if pdfinfo "$tmp/msg.pdf" | grep -q "GOOD"; then bad "the metadata spells the message"; else ok; fi
    n=$(pdftotext -f 1 -l 1 "$tmp/msg.pdf" - | grep -c "Hidden message")
    if [ "$n" = 1 ]; then ok; else bad "the message sheet's title is not Hidden message"; fi
fi
run 2 "$meiro" generate --message "HI" -s 1; err_has "at least 3 letters"
run 2 "$meiro" generate --message "HELLO!" -s 1; err_has "not a letter, digit or kana"
run 2 "$meiro" generate --message "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDE" -s 1; err_has "at most 30"
run 2 "$meiro" generate --message HELLO --rule abc -s 1; err_has "one rule a maze"
run 0 "$meiro" generate --message HELLO --help; out_has "message:TEXT"
run 0 "$meiro" booklet --rule abc --copies 3 --per-page 2 --answers none -s 4 -o "$tmp/two.pdf"
if need pdfinfo; then
    pages=$(pdfinfo "$tmp/two.pdf" | sed -n 's/^Pages: *//p')
    if [ "$pages" = 2 ]; then ok; else bad "2-up of 3 sheets: $pages pages, wanted 2"; fi
fi
finish
