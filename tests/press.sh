#!/bin/sh
# meiro-suite: test check
# Print profiles (--print kdp|ingram|lulu): every page's MediaBox and
# TrimBox read back with pdfinfo -box (bleed on top, bottom and outside
# only for KDP and IngramSpark, mirrored on odd and even pages; all four for
# Lulu), the thinnest stroke in the content streams (qpdf) at KDP's 0.75 pt
# where today's default booklet draws thinner, the page count even and in
# the service's range, and the options a profile refuses. meiro preflight:
# each profile's booklet passes, the default booklet fails KDP's line
# weight, and PDFs written by another tool fail the one rule each breaks
# (the safe area mirrored on odd and even pages, PDF/X markers among them).
# PDF/X-1a (and PDF/X-4) through Ghostscript: its marks, fonts, no
# transparency, the same pages at 150 dpi, the same bytes twice, a missing
# gs named.
# Usage: press.sh BUILD_DIR
build=${1:-build}
suite=press
. "$(dirname "$0")/lib.sh"
meiro=$build/meiro
need pdfinfo qpdf gs || { finish; exit 1; }

# the thinnest line width (pt) in a PDF's content streams; cairo draws with
# unit-scale matrices (checked: every cm's scale is 1 or -1)
thinnest() {
    qpdf --qdf --object-streams=disable "$1" "$tmp/q.pdf" || return 1
    if grep -aoE '[-0-9.]+ [-0-9.]+ [-0-9.]+ [-0-9.]+ [-0-9.]+ [-0-9.]+ cm' "$tmp/q.pdf" |
        awk '($1 != 1 && $1 != -1) || ($4 != 1 && $4 != -1) { bad = 1 } END { exit !bad }'; then
        # Ghostscript's (PDF/X) scale: preflight's reading, through cm
        "$meiro" preflight "$1" | awk '$2 == "lines" { print $(NF - 3) }' | grep . || echo scaled
        return 0
    fi
    grep -aoE '(^| )[0-9.]+ w( |$)' "$tmp/q.pdf" | awk '{ print $1 }' | sort -g | head -1
}

# boxes FILE: "page media_w media_h trim_x0 trim_x1 trim_y0 trim_y1" a page
boxes() {
    n=$(pdfinfo "$1" | awk '/^Pages:/ { print $2 }')
    pdfinfo -box -f 1 -l "$n" "$1" | awk '
        $3 == "MediaBox:" { w[$2] = $6; h[$2] = $7 }
        $3 == "TrimBox:" { tx0[$2] = $4; ty0[$2] = $5; tx1[$2] = $6; ty1[$2] = $7 }
        END { for (p in w) print p, w[p], h[p], tx0[p], tx1[p], ty0[p], ty1[p] }' | sort -n
}

# a series ledger's fingerprints
fps() { grep -E '^[0-9a-f]{16}$' "$1"; }

# 6 x 9 in is 432 x 648 pt; the bleed 1/8 in is 9 pt
for service in kdp ingram lulu; do
    run 0 "$meiro" booklet -n 40 --paper 6x9in --print $service -s 11 -o "$tmp/$service.pdf"
    boxes "$tmp/$service.pdf" > "$tmp/boxes"
    pages=$(wc -l < "$tmp/boxes")
    if [ "$pages" -ge 24 ] && [ $((pages % 2)) -eq 0 ]; then ok; else bad "$service: $pages pages"; fi
    # every page: the trim 432 x 648 inside the bleed, at the binding edge
    # on the left of odd pages and the right of even ones (KDP, IngramSpark)
    if awk -v s=$service '
        function near(a, b) { return a - b < 0.02 && b - a < 0.02 }
        {
            mw = s == "lulu" ? 450 : 441
            x0 = (s == "lulu" || $1 % 2 == 0) ? 9 : 0
            if (!near($2, mw) || !near($3, 666) || !near($4, x0) || !near($5, x0 + 432) ||
                !near($6, 9) || !near($7, 657)) { print "page " $1 ": " $0; bad = 1 }
        }
        END { exit bad }' "$tmp/boxes" > "$tmp/wrong"; then ok
    else bad "$service boxes: $(head -3 "$tmp/wrong")"; fi
    w=$(thinnest "$tmp/$service.pdf")
    if [ "$w" != scaled ] && awk -v w="$w" 'BEGIN { exit !(w >= 0.75 - 1e-6) }'; then ok
    else bad "$service: a line of $w pt (at least 0.75)"; fi
done

# a book read from the right (--lang ar) is bound on the right: page 1 is
# a left-hand page, its bleed on the left (the outside edge) and its gutter
# on the right, mirrored on even pages; the PDF says so (/Direction /R2L),
# meiro preflight checks the safe area so and tells the seller to choose
# the right-to-left reading direction; IngramSpark (which takes such a
# book's pages in reverse order) is refused; its cover has the front left
# of the spine
run 0 "$meiro" booklet -n 40 --paper 6x9in --print kdp --lang ar -s 11 -o "$tmp/kdp-ar.pdf"
boxes "$tmp/kdp-ar.pdf" > "$tmp/boxes"
if awk 'function near(a, b) { return a - b < 0.02 && b - a < 0.02 }
    { x0 = $1 % 2 ? 9 : 0; if (!near($4, x0) || !near($5, x0 + 432)) { print "page " $1 ": " $0; bad = 1 } }
    END { exit bad || NR < 24 }' "$tmp/boxes" > "$tmp/wrong"; then ok
else bad "a right-bound book's boxes: $(head -3 "$tmp/wrong")"; fi
qpdf --qdf --object-streams=disable "$tmp/kdp-ar.pdf" "$tmp/q.pdf"
if grep -aq '/Direction /R2L' "$tmp/q.pdf"; then ok; else bad "no /Direction /R2L in the right-bound book"; fi
qpdf --qdf --object-streams=disable "$tmp/kdp.pdf" "$tmp/q.pdf"
if grep -aq '/Direction' "$tmp/q.pdf"; then bad "a /Direction in a book read from the left"; else ok; fi
run 0 "$meiro" preflight --print kdp "$tmp/kdp-ar.pdf"
out_has "^ok   pages .*bound on the right (read right to left): at Amazon KDP, choose the right-to-left reading direction"
out_has "^ok   safe area"
if [ "$(grep -c '^ok ' "$tmp/out")" -eq 14 ]; then ok; else bad "right-bound preflight: $(cat "$tmp/out")"; fi
run 0 "$meiro" preflight --print kdp "$tmp/kdp.pdf"
if grep -q "bound on the right" "$tmp/out"; then bad "a left-bound book said bound on the right"; else ok; fi
run 2 "$meiro" booklet -n 40 --paper 6x9in --print ingram --lang ar -s 11 -o "$tmp/ingram-ar.pdf"
err_has "IngramSpark"; err_has "(الأخيرة أولًا)"; err_has "--print kdp" # in the book's language
absent "$tmp/ingram-ar.pdf"
if need pdftoppm python3; then
    # the gutter drawn: page 3's maze nearer the left (outside) edge than the
    # right, page 4's the other way; the left-bound book's the mirror
    margins() { # margins PDF PAGE: the ink's distance from the left and the right edge (px)
        pdftoppm -r 20 -gray -f "$2" -l "$2" "$1" "$tmp/m"
        python3 - "$tmp"/m-*.pgm <<'PY'
import sys
data = open(sys.argv[1], "rb").read().split(b"\n", 3)
w, h = map(int, data[1].split())
px = data[3]
cols = [x for x in range(w) if any(px[y * w + x] < 128 for y in range(h))]
print(cols[0], w - 1 - cols[-1])
PY
        rm -f "$tmp"/m-*.pgm
    }
    for p in 3 4; do
        set -- $(margins "$tmp/kdp-ar.pdf" $p) $(margins "$tmp/kdp.pdf" $p)
        if [ $p = 3 ] && [ "$1" -lt "$2" ] && [ "$3" -gt "$4" ]; then ok
        elif [ $p = 4 ] && [ "$1" -gt "$2" ] && [ "$3" -lt "$4" ]; then ok
        else bad "page $p's gutter: right-bound $1 | $2, left-bound $3 | $4 (px from the left | right)"; fi
    done
fi
if need pdftotext; then
    # the cover's title is on its front: the left half read from the right
    # (the book's own language with --for), the right half from the left
    for l in ar en; do
        run 0 "$meiro" cover --print kdp --for "$tmp/kdp$([ $l = ar ] && echo -ar).pdf" --lang $l -o "$tmp/cover-$l.pdf"
        pdftotext -bbox "$tmp/cover-$l.pdf" - | awk -v l=$l '
            /<page / { w = $0; sub(/.*width="/, "", w); sub(/".*/, "", w) }
            /<word / { x = $0; sub(/.*xMin="/, "", x); sub(/".*/, "", x); if (!seen++) first = x }
            END { exit !(l == "ar" ? first < w / 2 : first > w / 2) }' && ok ||
            bad "the $l cover's title is not on its front's side"
    done
fi

# the same booklet without a profile draws finer lines than KDP prints (why
# the profile exists), but none under 0.25 pt ...
run 0 "$meiro" booklet -n 24 --paper 6x9in -s 3 -o "$tmp/home.pdf"
w=$(thinnest "$tmp/home.pdf")
if [ "$w" != scaled ] && awk -v w="$w" 'BEGIN { exit !(w < 0.75 && w >= 0.25) }'; then ok
else bad "home booklet: thinnest line $w pt (wanted 0.25 to 0.75)"; fi
# ... and big mazes (cells about 1.3 mm) the same, and keep KDP's line
# weight with the profile (make check: 2,400 to 15,000 cells a page)
if full; then
    run 0 "$meiro" booklet -n 24 --from 80x120 --to 100x150 --paper 6x9in --print kdp -s 3 \
        -o "$tmp/big.pdf"
    w=$(thinnest "$tmp/big.pdf")
    if [ "$w" != scaled ] && awk -v w="$w" 'BEGIN { exit !(w >= 0.75 - 1e-6) }'; then ok
    else bad "big kdp mazes: a line of $w pt"; fi
    run 0 "$meiro" booklet -n 24 --from 80x120 --to 100x150 --paper 6x9in -s 3 -o "$tmp/big-home.pdf"
    w=$(thinnest "$tmp/big-home.pdf")
    if [ "$w" != scaled ] && awk -v w="$w" 'BEGIN { exit !(w < 0.75 && w >= 0.25) }'; then ok
    else bad "big home booklet: thinnest line $w pt (wanted 0.25 to 0.75)"; fi
fi

# the gutter grows with the page count (KDP: 0.375 in to 150 pages, 0.5 in
# from 151): the first maze's caption on an odd page moves 9 pt (1/8 in)
# away from the spine
caption_x() { pdftotext -f 3 -l 3 -bbox "$1" - | awk -F'"' '/>No\.</ { print $2; exit }'; }
if need pdftotext && full; then
    run 0 "$meiro" booklet -n 160 --paper 6x9in --print kdp -s 11 -o "$tmp/thick.pdf"
    thin=$(caption_x "$tmp/kdp.pdf") thick=$(caption_x "$tmp/thick.pdf")
    if awk -v a="$thin" -v b="$thick" 'BEGIN { d = b - a; exit !(a > 0 && d > 8.9 && d < 9.1) }'; then ok
    else bad "the caption at x $thin (40 mazes), $thick (160 mazes): wanted 9 pt further in"; fi
fi

# single pages: generate takes a profile too
run 0 "$meiro" generate -W 10 -H 10 -s 1 --paper 6x9in --print kdp -o "$tmp/one.pdf"
boxes "$tmp/one.pdf" > "$tmp/boxes"
if awk '$1 == 1 { exit !($2 == 441 && $3 == 666 && $4 == 0 && $5 == 432 && $6 == 9 && $7 == 657) }' \
    "$tmp/boxes"; then ok; else bad "generate kdp: $(cat "$tmp/boxes")"; fi

# what a profile refuses, in one line naming the option; no file left
run 2 "$meiro" booklet -n 10 --paper 6x9in --print kdp -s 1 -o "$tmp/few.pdf"
err_has "24 to 828 pages, and this one has"
absent "$tmp/few.pdf"
run 2 "$meiro" booklet -n 40 --print kdp --bleed 3 -o "$tmp/b.pdf"
err_has "sets the bleed itself"
run 2 "$meiro" generate --print lulu -o "$tmp/x.svg"
err_has "print service takes PDF pages"
run 2 "$meiro" booklet -n 40 --print kdpp -o "$tmp/b.pdf"
err_has "unknown print profile 'kdpp'"
run 2 "$meiro" booklet -n 40 --print ingram --fold -o "$tmp/b.pdf"
err_has "not sheets folded at home"
# every service's own booklets pass its rules, the safe area's included
# (booklet --print preflights what it writes: exit 0 is the pass), over
# trims, grids, shapes and levels
if full; then
    for service in kdp ingram lulu; do
        for paper in 6x9in 8.5x11in 5x8in; do
            for extra in "--grid rect,polar,hex,triangle" "--shape heart,star" \
                "--difficulty expert -n 60"; do
                run 0 "$meiro" booklet -n 40 --paper $paper --print $service -s 5 $extra \
                    -o "$tmp/sweep.pdf"
            done
        done
    done
fi

# PDF/X-1a:2001 through Ghostscript: IngramSpark's book always (its boxes
# were read above), KDP's with --pdfx: the version and conformance in the
# document's Info, an output intent with its profile, no transparency
# group or soft mask (cairo's pages have them), every font embedded; the
# same pages, to the pixel but for a few where gs rounds a coordinate
pdfx_marks() { # FILE -> ok, or what is missing
    qpdf --qdf --object-streams=disable "$1" "$tmp/x.pdf" || { echo "no PDF"; return; }
    for mark in "/GTS_PDFXVersion (PDF/X-1:2001)" "/GTS_PDFXConformance (PDF/X-1a:2001)" \
        "/OutputIntents" "/S /GTS_PDFX" "/DestOutputProfile" "/Trapped /False"; do
        grep -aqF "$mark" "$tmp/x.pdf" || { echo "lacks $mark"; return; }
    done
    if grep -aqE "/S /Transparency|/SMask" "$tmp/x.pdf"; then echo "transparency"; return; fi
    pdffonts "$1" | awk 'NR > 2 && $(NF - 4) != "yes" { bad = 1 } END { exit bad }' ||
        { echo "a font not embedded"; return; }
    echo ok
}
if need pdffonts; then
    for f in "$tmp/ingram.pdf"; do
        got=$(pdfx_marks "$f")
        if [ "$got" = ok ]; then ok; else bad "ingram's book as PDF/X: $got"; fi
    done
    run 0 "$meiro" booklet -n 40 --paper 6x9in --print kdp --pdfx -s 11 -o "$tmp/kdpx.pdf"
    got=$(pdfx_marks "$tmp/kdpx.pdf")
    if [ "$got" = ok ]; then ok; else bad "kdp --pdfx: $got"; fi
    # the plain book had transparency groups (what PDF/X-1a forbids)
    if qpdf --qdf --object-streams=disable "$tmp/kdp.pdf" - | grep -aq "/S /Transparency"; then ok
    else bad "cairo's book has no transparency group: the check above proves nothing"; fi
    run 0 "$meiro" cover --print ingram --pages 100 --paper 6x9in -o "$tmp/icx.pdf"
    got=$(pdfx_marks "$tmp/icx.pdf")
    if [ "$got" = ok ] && pdfinfo "$tmp/icx.pdf" | grep -q Ghostscript; then ok
    else bad "ingram's cover as PDF/X: $got"; fi
fi
if need pdftoppm python3 && full; then
    # 150 dpi, no anti-aliasing: the first 12 pages (the last differs: its
    # remake command has --pdfx) as the source. Why a pixel may differ at
    # all: Ghostscript writes the same points in 1/720 in units under a
    # "0.1 0 0 0.1 0 0 cm" (cairo: points under "1 0 0 -1 0 666 cm"), so an
    # edge lying exactly on a pixel boundary at 150 dpi (a ruled line's end,
    # a glyph's bar) can fall to the other side in poppler's rounding: at
    # -r7200 gs gives the same pixels, so it is no loss of precision. Seen:
    # 0 pixels on these pages, 6 on a page's "G", 18 on ruled lines' ends.
    # So each differing pixel must be such a tie: its new value is the
    # source's at a 4-neighbour and its old value the new one's at a
    # 4-neighbour (an edge moved by one pixel, never a wall gone or added),
    # and a page has at most 40 of them.
    pdftoppm -r 150 -gray -aa no -aaVector no -f 1 -l 12 "$tmp/kdp.pdf" "$tmp/src"
    pdftoppm -r 150 -gray -aa no -aaVector no -f 1 -l 12 "$tmp/kdpx.pdf" "$tmp/pdx"
    if python3 - "$tmp" <<'PY'
import glob, os, sys
def pgm(p):
    d = open(p, "rb").read()
    parts = d.split(None, 4)
    return int(parts[1]), int(parts[2]), parts[4][: int(parts[1]) * int(parts[2])]
bad = []
pages = sorted(glob.glob(os.path.join(sys.argv[1], "src-*.pgm")))
for a in pages:
    w, h, x = pgm(a)
    w2, h2, y = pgm(a.replace("src-", "pdx-"))
    if (w, h) != (w2, h2):
        bad.append("%s: %dx%d against %dx%d" % (os.path.basename(a), w, h, w2, h2))
        continue
    if x == y:
        continue
    # a colour (the badges' green and blue) turned grey by Ghostscript's
    # formula, not poppler's: a few levels apart (187 against 201), the
    # same pixels; black and white must match but for an edge's tie
    diff = [i for i in range(len(x)) if abs(x[i] - y[i]) > 24]
    def near(img, i, v):  # v at a 4-neighbour of i in img
        c, r = i % w, i // w
        return any(img[j] == v for j, ok in ((i - 1, c > 0), (i + 1, c + 1 < w),
                                             (i - w, r > 0), (i + w, r + 1 < h)) if ok)
    ties = [i for i in diff if near(x, i, y[i]) and near(y, i, x[i])]
    if len(diff) > 40 or len(ties) != len(diff):
        bad.append("%s: %d pixels differ, %d of them not an edge's tie" %
                   (os.path.basename(a), len(diff), len(diff) - len(ties)))
if len(pages) != 12 or bad:
    print(len(pages), "pages;", "; ".join(bad))
    sys.exit(1)
PY
    then ok; else bad "kdp --pdfx is not the same book at 150 dpi"; fi
fi
# the same book twice is the same file (gs's dates and ID fixed; make check)
if full; then
    run 0 "$meiro" booklet -n 40 --paper 6x9in --print kdp --pdfx -s 11 -o "$tmp/kdpx2.pdf"
    same "$tmp/kdpx.pdf" "$tmp/kdpx2.pdf"
fi
# no Ghostscript: one line naming the package, no file
run 1 env PATH=/nonexistent "$meiro" booklet -n 40 --paper 6x9in --print ingram -s 11 \
    -o "$tmp/nogs.pdf"
err_has "no gs command: install Debian's ghostscript package"
absent "$tmp/nogs.pdf"
run 2 "$meiro" booklet -n 40 --pdfx -o "$tmp/nox.pdf"
err_has "PDF/X is made for a print service"
# preflight: IngramSpark's rule refuses a plain PDF, passes its PDF/X
run 1 "$meiro" preflight --print ingram "$tmp/kdp.pdf"
out_has "^FAIL pdf/x .*IngramSpark takes PDF/X-1a:2001"

# meiro preflight: every profile's booklet passes its service's rules ...
for service in kdp ingram lulu; do
    run 0 "$meiro" preflight --print $service "$tmp/$service.pdf"
    if [ "$(grep -c '^ok ' "$tmp/out")" -eq 14 ]; then ok; else bad "$service preflight: $(cat "$tmp/out")"; fi
done
# the metadata rule: the title the service was told is the file's (KDP's
# books keep no metadata but their title: checked above, 14 rules ok)
run 0 "$meiro" preflight --print kdp --title Mazes "$tmp/kdp.pdf"
run 1 "$meiro" preflight --print lulu --title "Fifty Mazes" "$tmp/lulu.pdf"
out_has "^FAIL metadata .*the title is 'Mazes', not 'Fifty Mazes'"
# ... and today's booklet without one fails KDP's line weight, and a
# symmetric --bleed KDP's page size
run 1 "$meiro" preflight --print kdp "$tmp/home.pdf"
out_has "^FAIL lines .*Amazon KDP prints 0.75 pt and up"
run 0 "$meiro" booklet -n 40 --paper 6x9in --bleed 3.175 -s 11 -o "$tmp/sym.pdf"
run 1 "$meiro" preflight --print kdp "$tmp/sym.pdf"
out_has "^FAIL page size .*page 1 is 450.0 x 666.0 pt"
# PDFs written by another tool (tests/bad_pdf.py), each breaking one rule:
# exactly that rule fails, naming the page
if need python3; then
    for case in "good:" "font:fonts .*Helvetica" "hairline:lines .*page 5: a line of 0.25 pt" \
        "scaled:lines .*page 3: a line of 0.5 pt" "size:page size .*wants 441.0 x 666.0" \
        "nobleedbox:boxes .*page 1 has a TrimBox but no BleedBox" \
        "blanks:blank pages .*3 blank pages in a row (pages 6 to 8)" \
        "odd:pages .*23 pages" "annots:annotations .*page 4" "outline:bookmarks" \
        "tint:greys .*page 7: a tint of 5 %" "pdfx-intent:" \
        "pdfx-nointent:pdf/x .*without a GTS_PDFX output intent" \
        "pdfx-transparent:pdf/x .*with transparency (object" \
        "pdfx-notitle:metadata .*no Title in the document information: PDF/X asks for one" \
        "metadata:metadata .*Author, Keywords in the document information, an XMP packet: Amazon KDP" \
        "safe-text:safe area .*page 5: text at x 418" \
        "safe-gutter:safe area .*page 6: ink at x 412, y 90 pt .*0.375 in at the binding" \
        "bleed-art:"; do
        kind=${case%%:*} want=${case#*:}
        python3 "$(dirname "$0")/bad_pdf.py" "$kind" "$tmp/$kind.pdf" || bad "bad_pdf.py $kind"
        "$meiro" preflight --print kdp "$tmp/$kind.pdf" > "$tmp/out" 2> "$tmp/err"
        got=$? fails=$(grep -c '^FAIL' "$tmp/out")
        if [ -z "$want" ]; then
            if [ $got -eq 0 ] && [ "$fails" -eq 0 ]; then ok; else bad "$kind: $(cat "$tmp/out")"; fi
        elif [ $got -eq 1 ] && [ "$fails" -eq 1 ] && grep -q "^FAIL $want" "$tmp/out"; then ok
        else bad "$kind (exit $got): wanted only FAIL $want: $(grep FAIL "$tmp/out")"; fi
    done
fi
run 2 "$meiro" preflight "$tmp/../nothing-here.pdf"
run 2 "$meiro" preflight /dev/null
err_has "not a PDF"
run 2 "$meiro" preflight --print nope "$tmp/kdp.pdf"
err_has "unknown print profile 'nope'"

# meiro cover: KDP's full-wrap size, 2 x trim + pages x the stock's
# thickness (white 0.002252 in, cream 0.0025 in) + 1/8 in bleed each side,
# and 1/4 in higher than the trim; 6 x 9 in
for case in 24:white:0.002252 100:white:0.002252 828:white:0.002252 \
    24:cream:0.0025 100:cream:0.0025 828:cream:0.0025; do
    n=${case%%:*} rest=${case#*:}
    stock=${rest%%:*} t=${rest#*:}
    run 0 "$meiro" cover --print kdp --pages $n --stock $stock --paper 6x9in --title "Maze Book" \
        -o "$tmp/cover.pdf"
    size=$(pdfinfo "$tmp/cover.pdf" | awk '/^Page size:/ { print $3, $5 }')
    if awk -v s="$size" -v n=$n -v t=$t 'BEGIN {
            split(s, v, " "); w = (2 * 6 + n * t + 0.25) * 72; h = (9 + 0.25) * 72
            exit !(v[1] - w < 0.05 && w - v[1] < 0.05 && v[2] - h < 0.05 && h - v[2] < 0.05) }'
    then ok; else bad "cover $n pages $stock: $size pt"; fi
done
w=$(thinnest "$tmp/cover.pdf")
if [ "$w" != scaled ] && awk -v w="$w" 'BEGIN { exit !(w >= 0.75 - 1e-6) }'; then ok
else bad "cover: a line of $w pt"; fi
# the title on the spine from 80 pages (KDP: more than 79), not below
if need pdftotext; then
    for n in 79 80; do
        run 0 "$meiro" cover --print kdp --pages $n --paper 6x9in --title "Labyrinthine" \
            -o "$tmp/c$n.pdf"
        pdftotext "$tmp/c$n.pdf" - | grep -c Labyrinthine > "$tmp/count$n"
    done
    if [ "$(cat "$tmp/count79")" -eq 1 ] && [ "$(cat "$tmp/count80")" -eq 2 ]; then ok
    else bad "the title $(cat "$tmp/count79") times at 79 pages, $(cat "$tmp/count80") at 80"; fi
fi
run 2 "$meiro" cover --print kdp --pages 23 -o "$tmp/c.pdf"
err_has "24 to 828 pages, not 23"
run 2 "$meiro" cover --print home --pages 100 -o "$tmp/c.pdf"
err_has "covers are made for kdp, ingram and lulu, not for home"
absent "$tmp/c.pdf"
# IngramSpark's covers: KDP's page thicknesses; Lulu's: pages / 444 +
# 0.06 in on every stock; 1/8 in bleed each side for both
for case in ingram:24:white ingram:100:cream ingram:828:white lulu:32:white lulu:100:cream \
    lulu:800:white; do
    service=${case%%:*} rest=${case#*:}
    n=${rest%%:*} stock=${rest#*:}
    run 0 "$meiro" cover --print $service --pages $n --stock $stock --paper 6x9in -o "$tmp/cover.pdf"
    size=$(pdfinfo "$tmp/cover.pdf" | awk '/^Page size:/ { print $3, $5 }')
    if awk -v s="$size" -v n=$n -v svc=$service -v stock=$stock 'BEGIN {
            split(s, v, " ")
            spine = svc == "lulu" ? n / 444 + 0.06 : n * (stock == "cream" ? 0.0025 : 0.002252)
            w = (2 * 6 + spine + 0.25) * 72; h = (9 + 0.25) * 72
            exit !(v[1] - w < 0.05 && w - v[1] < 0.05 && v[2] - h < 0.05 && h - v[2] < 0.05) }'
    then ok; else bad "$service cover $n pages $stock: $size pt"; fi
    # the cover passes its own preflight
    run 0 "$meiro" preflight --cover --print $service --pages $n --stock $stock --paper 6x9in \
        "$tmp/cover.pdf"
done
# ... and checked as a book by mistake, the pages rule says to add --cover
run 1 "$meiro" preflight --print kdp "$tmp/cover.pdf"
out_has "^FAIL pages .*(a cover? check it with --cover)"
# Lulu's spine text from 80 pages
if need pdftotext; then
    for n in 79 80; do
        run 0 "$meiro" cover --print lulu --pages $n --paper 6x9in --title "Labyrinthine" \
            -o "$tmp/c$n.pdf"
        pdftotext "$tmp/c$n.pdf" - | grep -c Labyrinthine > "$tmp/count$n"
    done
    if [ "$(cat "$tmp/count79")" -eq 1 ] && [ "$(cat "$tmp/count80")" -eq 2 ]; then ok
    else bad "lulu: the title $(cat "$tmp/count79") times at 79 pages, $(cat "$tmp/count80") at 80"; fi
fi
# --for BOOK.pdf: the cover sized from the book's own page count and trim,
# its front the book's last maze (recorded in the book, through PDF/X:
# the ledger's last fingerprint) under the book's title and "Volume 1"
# (in PDF/X-4, IngramSpark's other PDF/X: its marks, the version in the XMP
# packet, its fonts embedded, the boxes as the plain book's)
run 0 "$meiro" booklet -n 40 --paper 6x9in --print ingram --pdfx=x4 -s 3 --title "Forty Mazes" \
    --series "$tmp/ib-ledger" -o "$tmp/ib.pdf"
n=$(pdfinfo "$tmp/ib.pdf" | awk '/^Pages:/ { print $2 }')
qpdf --qdf --object-streams=disable "$tmp/ib.pdf" "$tmp/x4.pdf"
for mark in "%PDF-1.6" "/GTS_PDFXVersion (PDF/X-4)" "/S /GTS_PDFX" "/DestOutputProfile" \
    "/Trapped /False" "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" \
    "<pdf:Trapped>False</pdf:Trapped>" "<xmpMM:RenditionClass>default"; do
    if grep -aqF "$mark" "$tmp/x4.pdf"; then ok; else bad "ingram --pdfx=x4 lacks $mark"; fi
done
if need pdffonts; then
    if pdffonts "$tmp/ib.pdf" | awk 'NR > 2 && $(NF - 4) != "yes" { bad = 1 } END { exit bad || NR < 3 }'
    then ok; else bad "ingram --pdfx=x4: a font not embedded"; fi
fi
boxes "$tmp/ib.pdf" | awk '{ $1 = $1 % 2; print }' | sort -u > "$tmp/b4"
boxes "$tmp/ingram.pdf" | awk '{ $1 = $1 % 2; print }' | sort -u > "$tmp/b1"
if [ "$(wc -l < "$tmp/b4")" -eq 2 ] && cmp -s "$tmp/b4" "$tmp/b1"; then ok
else bad "ingram --pdfx=x4 boxes: $(cat "$tmp/b4")"; fi
run 0 "$meiro" preflight --print ingram "$tmp/ib.pdf"
out_has "^ok   pdf/x .*PDF/X-4, a GTS_PDFX output intent, the version in its XMP"
# KDP asks for files without metadata: not X-4's XMP packet
run 2 "$meiro" booklet -n 40 --paper 6x9in --print kdp --pdfx=x4 -o "$tmp/k4.pdf"
err_has "Amazon KDP asks for files without metadata, and PDF/X-4 carries an XMP packet"
absent "$tmp/k4.pdf"
run 2 "$meiro" cover --print ingram --pages 100 --pdfx=x3 -o "$tmp/c.pdf"
err_has "--pdfx is x1a (PDF/X-1a:2001) or x4 (PDF/X-4), not 'x3'"
run 0 "$meiro" cover --print ingram --for "$tmp/ib.pdf" --stock cream -o "$tmp/ic.pdf"
err_has "the front's maze is maze 40 of .*ib.pdf (fingerprint $(fps "$tmp/ib-ledger" | tail -1))"
if need pdftotext; then
    if [ "$(pdftotext "$tmp/ic.pdf" - | grep -c -e "^Forty Mazes$" -e "^Volume 1$")" -eq 2 ]; then ok
    else bad "the cover for ib.pdf: $(pdftotext "$tmp/ic.pdf" - | tr '\n' ' ')"; fi
fi
# a PDF meiro did not make (or made without --print) has no maze to give:
# refused, no file
if need python3; then
    python3 "$(dirname "$0")/bad_pdf.py" good "$tmp/other.pdf"
    run 2 "$meiro" cover --print kdp --for "$tmp/other.pdf" -o "$tmp/c.pdf"
    err_has "other.pdf records no maze for the cover: it was not made by meiro booklet --print"
    absent "$tmp/c.pdf"
fi
run 2 "$meiro" cover --print kdp --for "$tmp/ib.pdf" -s 4 -o "$tmp/c.pdf"
err_has "leave --pages, --paper and --seed out"
size=$(pdfinfo "$tmp/ic.pdf" | awk '/^Page size:/ { print $3, $5 }')
if awk -v s="$size" -v n="$n" 'BEGIN { split(s, v, " "); w = (12 + n * 0.0025 + 0.25) * 72
        exit !(n >= 40 && v[1] - w < 0.05 && w - v[1] < 0.05 && v[2] == 666) }'; then ok
else bad "cover --for a book of $n pages: $size pt"; fi
run 0 "$meiro" preflight --cover --print ingram --for "$tmp/ib.pdf" --stock cream "$tmp/ic.pdf"
out_has "^ok   page size .*IngramSpark's for $n pages of 6 x 9 in on cream"
# its title is the book's (preflight --for reads it from the book)
run 1 "$meiro" preflight --cover --print ingram --for "$tmp/ib.pdf" --stock cream --title Other \
    "$tmp/ic.pdf"
out_has "^FAIL metadata .*the title is 'Forty Mazes', not 'Other'"
# ... and fails for another book, naming the size (white or cream differ
# by under 1 pt at 50 pages, within the check's slack)
run 1 "$meiro" preflight --cover --print ingram --pages 300 --paper 6x9in --stock cream \
    "$tmp/ic.pdf"
out_has "^FAIL page size .*IngramSpark's for 300 pages of 6 x 9 in on cream is"
# a book is not a cover
run 1 "$meiro" preflight --cover --print ingram --for "$tmp/ib.pdf" "$tmp/ib.pdf"
out_has "^FAIL pages .*a cover is one page"
run 2 "$meiro" cover --print kdp --for "$tmp/ib.pdf" --pages 40 -o "$tmp/c.pdf"
err_has "leave --pages, --paper and --seed out"
run 2 "$meiro" preflight --pages 40 "$tmp/ic.pdf"
err_has "add --cover"
run 2 "$meiro" preflight --cover --print kdp "$tmp/ic.pdf"
err_has "--cover needs the book"
# a cover dressed for the shop: the author on the front and the spine, the
# back's words, a deep colour out to the bleed's edge (still there after
# Ghostscript's CMYK), the series' "Vol. 1" at the spine's head; its
# preflight passes. Refused: a colour that is no #rrggbb, one too pale to
# print (the greys rule), a back's text longer than the back, no file left
run 0 "$meiro" cover --print ingram --for "$tmp/ib.pdf" --stock cream --author "Hana Sato" \
    --background "#1d3557" --blurb "$(printf 'Forty mazes, easy to hard.\nAnswers at the back.')" \
    -o "$tmp/dressed.pdf"
run 0 "$meiro" preflight --cover --print ingram --for "$tmp/ib.pdf" --stock cream "$tmp/dressed.pdf"
if need pdftotext pdftoppm; then
    pdftotext -enc UTF-8 "$tmp/dressed.pdf" "$tmp/dressed.txt"
    if [ "$(grep -c -x -e "Hana Sato" -e "Volume 1" -e "Forty mazes, easy to hard." -e "Answers at the back." "$tmp/dressed.txt")" -eq 4 ]
    then ok; else bad "the dressed cover says: $(tr '\n' '|' < "$tmp/dressed.txt")"; fi
    # the bleed's corner: deep blue, not white
    pdftoppm -r 10 -singlefile -x 0 -y 0 -W 1 -H 1 "$tmp/dressed.pdf" "$tmp/corner"
    if tail -c 3 "$tmp/corner.ppm" | od -An -tu1 | awk '{ exit !($1 < 90 && $3 > $1 && $3 < 140) }'
    then ok; else bad "the cover's corner is $(tail -c 3 "$tmp/corner.ppm" | od -An -tu1)"; fi
fi
# the volume and the author on a spine that carries words (KDP: 80 pages
# and up), or the volume on the front of a thinner book
run 0 "$meiro" cover --print kdp --pages 120 --paper 6x9in --title "Big" --author "Ken" --volume 2 \
    -o "$tmp/vol2.pdf"
run 0 "$meiro" preflight --cover --print kdp --pages 120 --paper 6x9in "$tmp/vol2.pdf"
run 0 "$meiro" cover --print kdp --pages 40 --paper 6x9in --title "Small" --volume 3 -o "$tmp/vol3.pdf"
if need pdftotext; then
    if [ "$(pdftotext "$tmp/vol2.pdf" - | grep -c -x -e "Vol. 2" -e "Ken")" -eq 3 ]; then ok
    else bad "the spine: $(pdftotext "$tmp/vol2.pdf" - | tr '\n' '|')"; fi
    if pdftotext "$tmp/vol3.pdf" - | grep -qx "Vol. 3"; then ok; else bad "no Vol. 3 on a thin book's front"; fi
fi
# the cover as data (-f page, or a .page file): the spine's words turned a
# quarter turn, drawn again by meiro draw with every word where the cover's
# PDF has it, and its title; with --pdfx refused (Ghostscript's PDF is no page of ours)
run 0 "$meiro" cover --print kdp --pages 120 --paper 6x9in --title "Big" --author "Ken" --volume 2 \
    --background "#1d3557" --blurb "$(printf 'A well-known book.\nAnswers at the back.')" -o "$tmp/vol2.pdf"
run 0 "$meiro" cover --print kdp --pages 120 --paper 6x9in --title "Big" --author "Ken" --volume 2 \
    --background "#1d3557" --blurb "$(printf 'A well-known book.\nAnswers at the back.')" -o "$tmp/vol2.page"
run 0 "$meiro" cover --print kdp --pages 120 --paper 6x9in --title "Big" --author "Ken" --volume 2 \
    --background "#1d3557" --blurb "$(printf 'A well-known book.\nAnswers at the back.')" -f page -o "$tmp/vol2.json"
if cmp -s "$tmp/vol2.page" "$tmp/vol2.json"; then ok; else bad "-f page and a .page file differ"; fi
if [ "$(grep -c '"angle": 1.5707963267948966' "$tmp/vol2.page")" -eq 3 ]; then ok
else bad "the spine's words not turned: $(grep -c '"angle"' "$tmp/vol2.page")"; fi
run 0 "$meiro" draw "$tmp/vol2.page" -o "$tmp/vol2-drawn.pdf"
if need pdftotext pdfinfo; then
    if pdfinfo "$tmp/vol2-drawn.pdf" | grep -qx "Title: *Big"; then ok
    else bad "the drawn cover's title: $(pdfinfo "$tmp/vol2-drawn.pdf" | grep Title)"; fi
    pdftotext -bbox "$tmp/vol2.pdf" - | grep "<word" > "$tmp/words.cover"
    pdftotext -bbox "$tmp/vol2-drawn.pdf" - | grep "<word" > "$tmp/words.drawn"
    if [ -s "$tmp/words.cover" ] && cmp -s "$tmp/words.cover" "$tmp/words.drawn"; then ok
    else bad "the cover drawn from its description: $(diff "$tmp/words.cover" "$tmp/words.drawn" | head -4)"; fi
fi
run 2 "$meiro" cover --print kdp --pages 120 --pdfx -f page -o "$tmp/c.page"
err_has "f page describes the page before it"
absent "$tmp/c.page"
run 2 "$meiro" cover --print kdp --pages 120 -f svg -o "$tmp/c.svg"
err_has "a cover is a PDF, or its page as data"
run 2 "$meiro" cover --print kdp --pages 100 --background navy -o "$tmp/c.pdf"
err_has "a cover's background is a colour as #rrggbb"
run 2 "$meiro" cover --print kdp --pages 100 --background "#fafafa" -o "$tmp/c.pdf"
err_has "is 2 % ink, which vanishes in print"
run 2 "$meiro" cover --print kdp --pages 100 --blurb "$(yes 'Twenty words of praise for this fine book of mazes, and more of them again.' | head -300)" \
    -o "$tmp/c.pdf"
err_has "the back's text is too long"
absent "$tmp/c.pdf"
run 2 "$meiro" cover --print kdp --pages 100 --volume 0 -o "$tmp/c.pdf"
err_has "--volume takes the series' volume"

# greyscale-safe answers: a service's answer page, rasterised in grey, shows
# the path as a band of mid grey (the walls stay black, the paper white),
# where the coloured line would be a dark grey among the walls; over seeds,
# sizes and grids, the puzzle page has almost none of that grey
shades() { # PGM -> "black mid": pixels under 64, and between 128 and 180
    python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
parts = d.split(None, 4)
px = parts[4][: int(parts[1]) * int(parts[2])]
print(sum(1 for v in px if v < 64), sum(1 for v in px if 128 <= v <= 180))' "$1"
}
if need pdftoppm python3; then
    for case in "rect 8 10 1" "rect 30 40 2" "rect 60 90 3" "polar 10 10 4" "hex 20 25 5" \
        "triangle 20 14 6"; do
        set -- $case
        for service in kdp lulu; do
            run 0 "$meiro" generate --grid $1 -W $2 -H $3 --seed $4 --paper 6x9in \
                --print $service --answer-page -o "$tmp/g.pdf"
            pdftoppm -r 100 -gray -f 1 -l 2 "$tmp/g.pdf" "$tmp/g"
            set -- $case $(shades "$tmp/g-1.pgm") $(shades "$tmp/g-2.pgm")
            # the band: many mid-grey pixels on the answer, few on the
            # puzzle; the walls as black as on the puzzle (the band keeps
            # off them)
            if [ $(($8 - $6)) -gt $((2 * $6 + 400)) ] && [ "$7" -ge $(($5 * 9 / 10)) ]
            then ok; else bad "$service $case: black/mid puzzle $5/$6, answer $7/$8"; fi
        done
    done
    # the same measure sees no band in the coloured line of a home page
    run 0 "$meiro" generate -W 30 -H 40 --seed 2 --paper 6x9in --answer-page -o "$tmp/g.pdf"
    pdftoppm -r 100 -gray -f 1 -l 2 "$tmp/g.pdf" "$tmp/g"
    set -- $(shades "$tmp/g-1.pgm") $(shades "$tmp/g-2.pgm")
    if [ $(($4 - $2)) -le $((2 * $2 + 400)) ]; then ok; else bad "home answer line: mid $2 -> $4"; fi
fi

# a template names the service ([print] service); --print on the command
# line wins, home included; a template's service outside PDF names its line
printf '[page]\npaper = 6x9in\n[print]\nservice = kdp\n' > "$tmp/kdp.ini"
run 0 "$meiro" booklet -t "$tmp/kdp.ini" -n 30 -s 4 -o "$tmp/t.pdf"
boxes "$tmp/t.pdf" > "$tmp/boxes"
if awk '$1 == 1 { exit !($2 == 441 && $3 == 666 && $4 == 0 && $6 == 9) }
    $1 == 2 { exit !($2 == 441 && $4 == 9) }' "$tmp/boxes"; then ok
else bad "template kdp: $(head -2 "$tmp/boxes")"; fi
run 0 "$meiro" booklet -t "$tmp/kdp.ini" --print home -n 30 -s 4 -o "$tmp/t.pdf"
boxes "$tmp/t.pdf" > "$tmp/boxes"
if awk '$1 == 1 { exit !($2 == 432 && $3 == 648) }' "$tmp/boxes"; then ok
else bad "--print home over the template: $(head -1 "$tmp/boxes")"; fi
run 0 "$meiro" booklet -t "$tmp/kdp.ini" --print lulu -n 40 -s 4 -o "$tmp/t.pdf"
boxes "$tmp/t.pdf" > "$tmp/boxes"
if awk '$1 == 1 { exit !($2 == 450 && $3 == 666) }' "$tmp/boxes"; then ok
else bad "--print lulu over the template: $(head -1 "$tmp/boxes")"; fi
run 2 "$meiro" generate -t "$tmp/kdp.ini" -o "$tmp/t.svg"
err_has "takes PDF pages, not svg.*\\[print\\] on line 4"
printf '[print]\nservice = kdpp\n' > "$tmp/bad.ini"
run 1 "$meiro" generate -t "$tmp/bad.ini" -o "$tmp/t.pdf"
err_has "bad.ini:2: print service is kdp, ingram, lulu or home, not 'kdpp'"

# a series: volume 2 repeats no maze of volume 1 (the ledger's fingerprints
# are the same for a maze turned or mirrored: test_maze fingerprint); small
# mazes have few layouts, so some are made again, and said so
rm -f "$tmp/ledger"
run 0 "$meiro" booklet -n 12 --from 3x3 --to 3x3 -s 21 --series "$tmp/ledger" -o "$tmp/v1.pdf"
err_has "volume 1 of the series"
cp "$tmp/ledger" "$tmp/ledger1"
run 0 "$meiro" booklet -n 12 --from 3x3 --to 3x3 -s 22 --series "$tmp/ledger" -o "$tmp/v2.pdf"
err_has "volume 2 of the series .*; mazes made again from another seed (.*): [1-9][0-9]*$"
if [ "$(fps "$tmp/ledger" | wc -l)" -eq 24 ] && [ -z "$(fps "$tmp/ledger" | sort | uniq -d)" ] &&
    [ "$(grep -c '^volume' "$tmp/ledger")" -eq 2 ]; then ok
else bad "the ledger of two volumes: $(grep -c . "$tmp/ledger") lines, repeats $(fps "$tmp/ledger" | sort | uniq -d | head -3)"; fi
# every volume, the first too, names itself on its first page (a book's
# contents, or its first maze's page)
if need pdftotext; then
    for v in v1:1 v2:2 ib:1; do
        if pdftotext -f 1 -l 1 "$tmp/${v%:*}.pdf" - | grep -q "^Volume ${v#*:}$"; then ok
        else bad "page 1 of ${v%:*}.pdf: $(pdftotext -f 1 -l 1 "$tmp/${v%:*}.pdf" - | head -3 | tr '\n' ' ')"; fi
    done
fi
# the same seed again is caught: refused, no book, the ledger as it was
cp "$tmp/ledger" "$tmp/ledger2"
run 2 "$meiro" booklet -n 12 --from 3x3 --to 3x3 -s 21 --series "$tmp/ledger" -o "$tmp/v3.pdf"
err_has "seed 21 made volume 1 of the series .* already"
absent "$tmp/v3.pdf"
same "$tmp/ledger" "$tmp/ledger2"
# a book that fails records nothing (a service's page count)
run 2 "$meiro" booklet -n 10 --paper 6x9in --print kdp -s 23 --series "$tmp/ledger" \
    -o "$tmp/v3.pdf"
same "$tmp/ledger" "$tmp/ledger2"
# a broken ledger: its line and column
printf 'volume 1 seed 5 mazes 1\n0123456789abcdeg\n' > "$tmp/broken"
run 1 "$meiro" booklet -n 5 -s 6 --series "$tmp/broken" -o "$tmp/v4.pdf"
err_has "broken:2:16: .*16 hex digits"
absent "$tmp/v4.pdf"
run 2 "$meiro" booklet -n 5 -s 6 --series "$tmp/ledger" -o -
err_has "series writes a volume to a file"
# the issue's proof: two volumes of 500 mazes share no fingerprint (make
# check); a volume with contents: "Volume 2" under the contents' heading
if full; then
    run 0 "$meiro" booklet -n 500 --difficulty easy-easy -s 31 --series "$tmp/big-ledger" \
        -o "$tmp/b1.pdf"
    run 0 "$meiro" booklet -n 500 --difficulty easy-easy -s 32 --series "$tmp/big-ledger" \
        -o "$tmp/b2.pdf"
    if [ "$(fps "$tmp/big-ledger" | wc -l)" -eq 1000 ] &&
        [ -z "$(fps "$tmp/big-ledger" | sort | uniq -d)" ]; then ok
    else bad "two volumes of 500: $(fps "$tmp/big-ledger" | sort | uniq -d | wc -l) repeated"; fi
fi
if full && need pdftotext; then
    if [ "$(pdftotext -f 1 -l 1 "$tmp/b2.pdf" - | head -2 | tr '\n' '/')" = "Contents/Volume 2/" ]; then ok
    else bad "page 1 of volume 2: $(pdftotext -f 1 -l 1 "$tmp/b2.pdf" - | head -3 | tr '\n' ' ')"; fi
fi

# home changes nothing but the command on the last page: a maze page is
# the same to the pixel
run 0 "$meiro" booklet -n 12 -s 9 -o "$tmp/a.pdf"
run 0 "$meiro" booklet -n 12 -s 9 --print home -o "$tmp/h.pdf"
if need pdftoppm; then
    pdftoppm -r 30 -f 3 -l 3 -png "$tmp/a.pdf" "$tmp/a" && pdftoppm -r 30 -f 3 -l 3 -png "$tmp/h.pdf" "$tmp/h"
    same "$tmp/a-03.png" "$tmp/h-03.png"
fi

finish
