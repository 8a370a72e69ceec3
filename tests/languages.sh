#!/bin/sh
# Every language of po/ on the page: for each, a kids page with its answer,
# a 6-maze booklet with contents and key, a maze with keys and doors, a
# rule maze with its key, a name maze in its script (PDF, SVG, PNG), and
# the HTML page, made with --lang; the words of its catalogue that these
# pages use read back from the PDF (pdftotext: a character no font has
# would come back as a box or nothing, so the word would not be found),
# every font embedded (pdffonts), the script's own fonts used (Noto CJK for
# Chinese and Korean), and the HTML page's words in the page.
# Usage: languages.sh BUILD_DIR
# meiro-suite: check
build=${1:-build}
meiro="$build/meiro"
suite=languages
. "$(dirname "$0")/lib.sh"

langs="en $(ls po/*.po | sed 's,po/\(.*\)\.po,\1,; s,_,-,' | tr '\n' ' ')"

# has FILE LANG CTX [N]: the catalogue's word (its %u as N) is in the text
# FILE, word by word (an Arabic line comes back from pdftotext in visual
# runs, with direction marks between them, its punctuation and vowel marks
# where the runs put them: spaces, direction marks, punctuation and
# combining marks are left out of both before comparing; and its ligature
# lam-alef comes back as alef, lam)
has() {
    python3 - "$@" <<'EOF' && ok || bad "$1 ($2) lacks the word $3"
import re, sys, unicodedata
text_file, lang, ctx = sys.argv[1:4]
n = sys.argv[4] if len(sys.argv) > 4 else "1"
po = "po/meiro.pot" if lang == "en" else "po/%s.po" % lang.replace("-", "_")
entries = re.findall(r'^msgctxt "(.*)"\nmsgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', open(po).read(), re.M)
def join(s): return "".join(re.findall(r'"(.*)"', s)).replace('\\"', '"').replace("\\\\", "\\")
words = {c: join(i if lang == "en" else s) for c, i, s in entries}
word = words[ctx].replace("%u", n).replace("%s", "")
def norm(s):
    s = unicodedata.normalize("NFC", s)
    return "".join(ch for ch in s if not ch.isspace() and unicodedata.category(ch)[0] not in "CPM")
text = norm(open(text_file).read())
missing = [w for w in word.split()
           if norm(w) and norm(w) not in text and norm(w).replace("لا", "ال") not in text]
if missing: print("missing:", missing, file=sys.stderr); sys.exit(1)
EOF
}

for lang in $langs; do
    run 0 "$meiro" generate -t kids-a4 -W 7 -H 9 -s 3 --lang "$lang" --answer-page -o "$tmp/kids-$lang.pdf"
    run 0 "$meiro" booklet -n 6 --difficulty easy-hard --contents --answers key -s 2026 --lang "$lang" \
        -o "$tmp/book-$lang.pdf"
    run 0 "$meiro" generate --mission keys:2 -W 8 -H 8 -s 5 --lang "$lang" -o "$tmp/keys-$lang.pdf"
    run 0 "$meiro" generate -W 6 -H 6 -s 5 --lang "$lang" -o "$tmp/maze-$lang.html"
    run 0 "$meiro" booklet --rule skip:5 --answers key -s 5 --lang "$lang" -o "$tmp/rule-$lang.pdf"
    # a name maze in the language's script (accents, kana, Han, Hangul,
    # joined Arabic letters), sized for a 6-year-old, as PDF, SVG and PNG;
    # the name read back from the PDF's footer (its letters in a font)
    case $lang in
        ja) name=はな ;; es) name=Iñaki ;; fr) name=Zoë ;; de) name=Jürgen ;; pt) name=João ;;
        zh) name=小明 ;; zh-Hant) name=陳明 ;; ko) name=하나 ;; ar) name=مريم ;; *) name=Hana ;;
    esac
    for f in pdf svg png; do
        run 0 "$meiro" generate --text "$name" --age 6 -s 5 --lang "$lang" -o "$tmp/name-$lang.$f"
        [ -s "$tmp/name-$lang.$f" ] && ok || bad "name-$lang.$f: empty"
    done
    if need pdftotext; then
        pdftotext "$tmp/name-$lang.pdf" - | grep -q "$name" && ok || bad "name-$lang.pdf lacks '$name'"
    fi
    # the HTML page's words are the catalogue's, and it says its language
    grep -q "<html lang=\"$lang\"" "$tmp/maze-$lang.html" && ok || bad "maze-$lang.html: not lang=$lang"
    # Arabic's page reads right to left, the others left to right
    if grep -q "<html lang=\"$lang\" dir=\"rtl\"" "$tmp/maze-$lang.html"; then rtl=yes; else rtl=no; fi
    [ "$rtl" = "$([ "$lang" = ar ] && echo yes || echo no)" ] && ok || bad "maze-$lang.html: dir rtl is $rtl"
    has "$tmp/maze-$lang.html" "$lang" html.show
    has "$tmp/maze-$lang.html" "$lang" html.next_maze
    if need pdftotext pdffonts; then
        pdftotext "$tmp/kids-$lang.pdf" "$tmp/kids-$lang.txt"
        has "$tmp/kids-$lang.txt" "$lang" page.answers
        pdftotext "$tmp/book-$lang.pdf" "$tmp/book-$lang.txt"
        for w in page.contents "page.levels[0]" "page.levels[2]" page.maze_no page.answer_to \
            page.answers page.remake; do
            has "$tmp/book-$lang.txt" "$lang" "$w" 6
        done
        # (a Japanese book numbers its pages in the corner, the number alone)
        [ "$lang" = ja ] || has "$tmp/book-$lang.txt" "$lang" page.page_no 6
        pdftotext "$tmp/keys-$lang.pdf" "$tmp/keys-$lang.txt"
        has "$tmp/keys-$lang.txt" "$lang" "page.rules[PAGE_RULE_KEYS]"
        pdftotext "$tmp/rule-$lang.pdf" "$tmp/rule-$lang.txt"
        for w in rule.title rule.name rule.start rule.finish rule.answer; do
            has "$tmp/rule-$lang.txt" "$lang" "$w"
        done
        for f in kids book keys rule; do
            pdffonts "$tmp/$f-$lang.pdf" > "$tmp/fonts"
            # the table's rows: emb is the third column from the right
            if awk 'NR > 2 && $(NF - 4) != "yes" { bad = 1 } END { exit bad }' "$tmp/fonts"; then ok
            else bad "$f-$lang.pdf: a font not embedded: $(cat "$tmp/fonts")"; fi
        done
    fi
done
# the script's own fonts: Chinese in Chinese glyph forms, not Japanese ones
if need pdffonts; then
    for pair in zh:NotoSansCJKsc zh-Hant:NotoSansCJKtc ko:NotoSansCJKkr ar:NotoSansArabic; do
        lang=${pair%%:*} font=${pair#*:}
        pdffonts "$tmp/book-$lang.pdf" | grep -q "+$font-" && ok || bad "book-$lang.pdf: no $font"
        pdffonts "$tmp/book-$lang.pdf" | grep -q "IPAex\|CJKjp" && bad "book-$lang.pdf: a Japanese font" || ok
    done
fi
# no --lang: the locale's language (LC_ALL, LC_MESSAGES, then LANG), said
# in the remaking command; English where meiro has no words for it, the
# template's own language over it, --lang over both
if need pdftotext; then
    words() { pdftotext "$tmp/loc.pdf" - | tr '\n' ' '; }
    LC_ALL= LC_MESSAGES= LANG=es_MX.UTF-8 "$meiro" generate -W 5 -H 5 --answer-page -o "$tmp/loc.pdf" 2> "$tmp/err"
    words | grep -q "Soluciones" && ok || bad "LANG=es_MX: not in Spanish: $(words)"
    # the seed's line in the locale's language (tests/messages.sh), its
    # remaking command naming what the locale gave
    err_has "use \-s [0-9]* \-\-lang es \-\-paper letter para volver a hacer"
    LC_ALL=fr_FR.UTF-8 LANG=de_DE.UTF-8 "$meiro" generate -W 5 -H 5 --answer-page -o "$tmp/loc.pdf" 2> "$tmp/err"
    words | grep -q "Solutions" && ok || bad "LC_ALL=fr_FR: not in French: $(words)"
    LC_ALL= LC_MESSAGES= LANG=zh_TW.UTF-8 "$meiro" generate -W 5 -H 5 --answer-page -o "$tmp/loc.pdf" 2> "$tmp/err"
    # Taiwan's locale: traditional characters (zh-Hant), not zh's simplified
    words | grep -q "答案" && ok || bad "LANG=zh_TW: not Chinese: $(words)"
    err_has "種子 [0-9]*（用 \-s [0-9]* \-\-lang zh-Hant 可以再生成這個迷宮）"
    LC_ALL= LANG=ko_KR.UTF-8 "$meiro" generate -t kids-ja -W 5 -H 5 --answer-page -o "$tmp/loc.pdf" 2> "$tmp/err"
    words | grep -q "こたえ" && ok || bad "kids-ja: not Japanese: $(words)"
    LC_ALL= LANG=ko_KR.UTF-8 "$meiro" generate --lang en -W 5 -H 5 --answer-page -o "$tmp/loc.pdf" 2> "$tmp/err"
    words | grep -q "Answers" && ok || bad "--lang en: not English: $(words)"
    LC_ALL= LANG=pt_BR.UTF-8 "$meiro" booklet -n 6 -s 4 -o "$tmp/loc.pdf"
    words | grep -q "meiro booklet -n 6 -s 4 --lang pt" && ok || bad "the booklet's command lacks --lang pt: $(words)"
    # the paper: Letter where the locale's country prints on it, unless a
    # template or --paper names one; said in the remaking command
    LC_ALL= LANG=es_MX.UTF-8 "$meiro" booklet -n 6 -s 4 -o "$tmp/loc.pdf"
    words | grep -q "meiro booklet -n 6 -s 4 --lang es --paper letter" && ok || bad "es_MX: $(words)"
    if need pdfinfo; then
        paper() { pdfinfo "$tmp/loc.pdf" | sed -n 's/^Page size: *\([0-9.]* x [0-9.]*\).*/\1/p'; }
        LC_ALL= LANG=en_US.UTF-8 "$meiro" generate -W 5 -H 5 -o "$tmp/loc.pdf" 2> "$tmp/err"
        [ "$(paper)" = "612 x 792" ] && ok || bad "en_US: not Letter: $(paper)"
        err_has "\-\-paper letter to make this maze again"
        LC_ALL= LANG=en_US.UTF-8 "$meiro" generate -t kids-a4 -W 5 -H 5 -o "$tmp/loc.pdf" 2> "$tmp/err"
        [ "$(paper)" = "595.276 x 841.89" ] && ok || bad "kids-a4 in the US: not A4: $(paper)"
        LC_ALL= LANG=en_GB.UTF-8 "$meiro" generate -W 5 -H 5 -o "$tmp/loc.pdf" 2> "$tmp/err"
        [ "$(paper)" = "595.276 x 841.89" ] && ok || bad "en_GB: not A4: $(paper)"
    fi
fi
# a text in a script no installed font has: refused before the work, the
# characters named (a page would print them as empty boxes)
run 2 "$meiro" generate -s 1 --lang ar --title "$(printf 'متاهة \356\200\200')" -o "$tmp/tofu.pdf"
err_has "U+E000"; absent "$tmp/tofu.pdf"
# an Arabic page's numbers in Arabic-Indic digits (po/GLOSSARY.md), its
# seed and command as typed; every other language's in 0-9
if need pdftotext; then
    run 0 "$meiro" booklet --rule abc --copies 2 --lang ar -s 2 -o "$tmp/digits.pdf"
    pdftotext "$tmp/digits.pdf" "$tmp/digits.txt"
    grep -q "رقم.*١" "$tmp/digits.txt" && ok || bad "ar rule sheet: No. 1 not ١: $(head -3 "$tmp/digits.txt")"
    grep -q "seed 2" "$tmp/digits.txt" && ok || bad "ar rule sheet: its footer's seed not as typed"
    run 0 "$meiro" booklet --rule abc --copies 2 --lang es -s 2 -o "$tmp/digits.pdf"
    pdftotext "$tmp/digits.pdf" - | grep -q "N.º 1" && ok || bad "es rule sheet: not N.º 1"
fi
run 0 "$meiro" booklet -n 3 --lang ar -s 2 -o "$tmp/digits.html"
grep -q "رقم ٣ · meiro [0-9.]* · [a-z]* · seed [0-9]* · [0-9]* × [0-9]*" "$tmp/digits.html" && ok || bad "ar HTML booklet: No. 3 not ٣, or its footer not ASCII"
# an Arabic booklet: its maze numbers, "Answer to No. N", page numbers
# and contents in Arabic-Indic digits, no 0-9 but in seeds, sizes, meiro's
# version and the remaking command
if need pdftotext; then
    pdftotext "$tmp/book-ar.pdf" - | python3 -c '
import re, sys
text = sys.stdin.read()
ascii = re.sub(r"seed \d+|\d+ × \d+|meiro \d+(\.\d+)+|meiro booklet .*", "", text)
left = sorted(set(re.findall(r"\S*[0-9]\S*", ascii)))
missing = [d for d in "١٢٣٤٥٦٧٨" if d not in text]
sys.exit("0-9 in %s; no %s" % (left, missing) if left or missing else 0)' \
        && ok || bad "book-ar.pdf: numbers not Arabic-Indic"
    # large print's and a tactile booklet's print the same (braille its table's)
    run 0 "$meiro" booklet -n 12 --print large-print --answers key --lang ar -s 5 -o "$tmp/big-ar.pdf"
    run 0 "$meiro" booklet -n 4 --print tactile --lang ar -s 5 -o "$tmp/touch-ar.pdf"
    for f in big-ar touch-ar; do
        pdftotext "$tmp/$f.pdf" - | python3 -c '
import re, sys
text = sys.stdin.read()
left = sorted(set(re.findall(r"\S*[0-9]\S*", re.sub(r"[SG]|meiro booklet .*", "", text))))
sys.exit("0-9 in %s" % left if left or "١" not in text else 0)' && ok || bad "$f.pdf: numbers not Arabic-Indic"
    done
fi
# ... and mirrored, read from the right (the page as data, -f page): the
# contents' words on the right, their page numbers on the left; the key's
# No. 1 right of No. 2; a maze's number over its right side, its seed over
# its left; the name line from the right
run 0 "$meiro" booklet -n 6 --difficulty easy-hard --contents --answers key -s 2026 --lang ar \
    -f page -o "$tmp/book-ar.json"
run 0 "$meiro" generate -t kids-a4 -W 7 -H 9 -s 3 --lang ar -f page -o "$tmp/kids-ar.json"
python3 - "$tmp/book-ar.json" "$tmp/kids-ar.json" <<'EOF' && ok || bad "the Arabic booklet not mirrored"
import json, re, sys
book, kids = (json.load(open(f))["pages"] for f in sys.argv[1:3])
def texts(page, role): return [i for i in page["items"] if i["role"] == role and "text" in i]
def left(i): return i["box"][0] # the ink's box: within a mm or so of the text's
def right(i): return i["box"][0] + i["box"][2]
fail = []
contents, mid = book[0], book[0]["width"] / 2
words = [i for i in texts(contents, "text") if re.search("[\u0621-\u064a]", i["text"])]
numbers = [i for i in texts(contents, "text") if re.fullmatch("[٠-٩]+", i["text"])]
if len(words) != 4 or len(numbers) != 4: fail.append("contents: %d lines, %d numbers" % (len(words), len(numbers)))
if max(map(right, words)) - min(map(right, words)) > 1.5 or min(map(left, words)) < mid:
    fail.append("contents' words not right-aligned on the right")
if max(map(left, numbers)) - min(map(left, numbers)) > 1.5 or max(map(right, numbers)) > mid:
    fail.append("contents' page numbers not on the left")
key = texts(book[-1], "caption")
no = {c["text"][-1]: c for c in key}
if not ("١" in no and "٢" in no and no["١"]["y"] == no["٢"]["y"] and left(no["١"]) > right(no["٢"])):
    fail.append("the key's No. 1 not right of No. 2: %s" % [c["text"] for c in key])
number, seed = texts(book[1], "caption")
if not (number["text"].endswith("١") and left(number) > right(seed) and "seed" in seed["text"]):
    fail.append("a maze's number not right of its seed")
line = texts(kids[0], "name-line")[0]
if not kids[0]["width"] - right(line) < left(line) - 3: # the maze's right side, not its left
    fail.append("the name line not from the right: %s" % line["box"])
sys.exit("; ".join(fail) or None)
EOF
# folded from sheets, an Arabic booklet binds on the right: the first
# sheet's front has the front cover (its count of mazes) on its left half
# and the back cover (the remaking command) on its right; English's the
# other way round
if need pdftotext; then
    for lang in ar en; do
        run 0 "$meiro" booklet -t booklet-a5 -n 5 -s 3 --lang "$lang" --fold -o "$tmp/fold-$lang.pdf"
        pdftotext -f 1 -l 1 -x 0 -y 0 -W 420 -H 596 "$tmp/fold-$lang.pdf" "$tmp/left.txt"
        if grep -q "meiro booklet" "$tmp/left.txt"; then side=left; else side=right; fi
        [ "$side" = "$([ "$lang" = ar ] && echo right || echo left)" ] && ok ||
            bad "fold-$lang.pdf: its back cover on the sheet's $side half"
    done
fi
run 0 "$meiro" booklet -n 3 --lang fr -s 2 -o "$tmp/digits.html"
grep -q "N° 3 · meiro" "$tmp/digits.html" && ok || bad "fr HTML booklet: its number not in 0-9"
# a language meiro has no catalogue for: refused, with the nearest
run 2 "$meiro" generate --lang pt-BR -o "$tmp/x.pdf"; err_has "did you mean 'pt'"
run 2 "$meiro" generate --lang jp -o "$tmp/x.pdf"; err_has "did you mean 'ja'"
absent "$tmp/x.pdf"
finish
