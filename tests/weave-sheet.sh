#!/bin/sh
# meiro-suite: test check
# Weave mazes as the sheet shows them: the XLSX workbook read back (its
# styles and cells, unzipped) against the same maze's JSON. Every crossing
# cell, and no other, has dashed borders on the two sides its tunnel goes
# under; on the answer sheet the way over a crossing is filled and the way
# under one striped along the tunnel. A playable sheet of a weave maze is
# refused, naming what can play it. booklet --kinds puts weave mazes among
# the plain ones, saying so under each.
# Usage: weave-sheet.sh BUILD_DIR
build=${1:-build}
suite=weave-sheet
. "$(dirname "$0")/lib.sh"
meiro="$(cd "$build" && pwd)/meiro"
need unzip python3 || { finish; exit 1; }

run() {
    want=$1; shift
    (cd "$tmp" && "$meiro" "$@") > "$tmp/out" 2> "$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "exit $got, wanted $want: $*"; cat "$tmp/err" >&2; fi
}

# sheet_check JSON XLSX: the crossings and the way's passes over and under
# them, as the sheets show them; prints how many passes under it saw
sheet_check() {
    rm -rf "$tmp/x" && mkdir "$tmp/x" &&
        unzip -o -q "$2" xl/styles.xml xl/worksheets/sheet1.xml xl/worksheets/sheet2.xml -d "$tmp/x" &&
        python3 - "$1" "$tmp/x/xl" << 'EOF'
import json, re, sys
d = json.load(open(sys.argv[1]))
xl = sys.argv[2]
w, h = d["width"], d["height"]
styles = open(xl + "/styles.xml").read()
def block(name):
    return re.search(r"<%s[^>]*>(.*?)</%s>" % (name, name), styles, re.S).group(1)
borders = re.findall(r"<border>(.*?)</border>|<border/>", block("borders"), re.S)
fills = re.findall(r"<fill>(.*?)</fill>", block("fills"), re.S)
xfs = re.findall(r"<xf ([^>]*)", block("cellXfs"))
def side_style(b, side):
    m = re.search(r"<%s style=\"([a-zA-Z]+)\"" % side, b)
    return m.group(1) if m else ""
def look(s):
    """dashed sides ('left right' ...) and the fill's pattern of style s"""
    a = dict(re.findall(r"(\w+)=\"(\w+)\"", xfs[s]))
    b = borders[int(a.get("borderId", 0))]
    dashed = {side for side in ("left", "right", "top", "bottom") if "ashed" in side_style(b, side)}
    f = re.search(r"patternType=\"(\w+)\"", fills[int(a.get("fillId", 0))])
    return dashed, f.group(1) if f else "none"
def column(letters):
    n = 0
    for ch in letters: n = n * 26 + ord(ch) - 64
    return n - 1
def cells(sheet):
    text = open(xl + "/worksheets/" + sheet).read()
    top = text.count("<mergeCell ")  # the texts above the maze, a merged row each
    out = {}
    for ref, s in re.findall(r"<c r=\"([A-Z]+[0-9]+)\" s=\"([0-9]+)\"", text):
        col, row = re.match(r"([A-Z]+)([0-9]+)", ref).groups()
        x, y = column(col) - 1, int(row) - 2 - top  # a ring of empty cells around the maze
        if 0 <= x < w and 0 <= y < h: out[y * w + x] = look(int(s))
    return out
under = {b: ("left", "right") if c - a == 2 else ("top", "bottom") for a, b, c in d.get("under", [])}
sol = d["solution"]
over_way = set(sol)
under_way = {(a + b) // 2 for a, b in zip(sol, sol[1:]) if abs(a - b) in (2, 2 * w)}
bad = []
for sheet, answer in (("sheet1.xml", False), ("sheet2.xml", True)):
    seen = cells(sheet)
    for i in range(w * h):
        dashed, pattern = seen.get(i, (set(), "none"))
        want = set(under.get(i, ()))
        if dashed != want: bad.append("%s cell %d: dashed %s, wanted %s" % (sheet, i, sorted(dashed), sorted(want)))
        if not answer or i not in under: continue
        fill = "solid" if i in over_way else ("darkHorizontal" if want == {"left", "right"} else "darkVertical") if i in under_way else "none"
        if pattern != fill: bad.append("answer cell %d: fill %s, wanted %s" % (i, pattern, fill))
if not under: bad.append("no crossings")
print(len(under_way))
if bad:
    print("\n".join(bad[:5]), file=sys.stderr)
    sys.exit(1)
EOF
}

unders=0
for algo in dig cluster growing-tree; do
    for seed in 1 2 3 4; do
        args="-a $algo --weave 90 -s $seed -W 14 -H 10 --title"
        run 0 generate $args "" --solution -f json -o w.json
        run 0 generate $args "" --answers after-page -o w.xlsx
        if n=$(sheet_check "$tmp/w.json" "$tmp/w.xlsx"); then ok; unders=$((unders + n))
        else bad "$algo seed $seed: the sheet's crossings differ from the maze's"; fi
    done
done
# the seeds above pass under a crossing somewhere (else the stripes went untested)
if [ "$unders" -gt 0 ]; then ok; else bad "no way passed under a crossing"; fi

run 2 generate -a dig --weave 50 -s 1 --play -o p.xlsx
err_has "a playable sheet cannot check a weave maze's crossings"
absent "$tmp/p.xlsx"

# booklet --kinds: the kinds taken in turn, every level; a weave maze's
# caption says "weave" (it says so when the maze has crossings), a plain
# one's does not; the workbook shows the crossings; what cannot be is refused
if need pdftotext; then
    run 0 booklet -n 8 -s 5 --difficulty easy-expert --kinds plain,weave --answers after-page -o b.pdf
    pdftotext "$tmp/b.pdf" - | grep -E " × .*· seed [0-9]+$" | grep -v "^Page" > "$tmp/captions"
    if [ "$(wc -l < "$tmp/captions")" -eq 8 ] &&
        [ "$(awk 'NR % 2 == 0 && /· weave ·/' "$tmp/captions" | wc -l)" -eq 4 ] &&
        ! awk 'NR % 2 == 1' "$tmp/captions" | grep -q weave; then ok
    else bad "booklet --kinds plain,weave: captions $(cat "$tmp/captions")"; fi
fi
run 0 booklet -n 2 -s 5 --kinds weave -f xlsx -o b.xlsx
if unzip -p "$tmp/b.xlsx" xl/styles.xml | grep -q 'style="mediumDashed"\|style="dashed"'; then ok
else bad "booklet --kinds weave -f xlsx: no crossing's dashed border"; fi
run 2 booklet -n 2 --kinds weave,keyz -o k.pdf; err_has "unknown kind of maze 'keyz' (the kinds: plain, weave, keys, collect, one-way, levels or choices=N)"
absent "$tmp/k.pdf"
run 2 booklet -n 2 --kinds weave --grid rect,hex -o k.pdf; err_has "maze 2 is a weave maze on the hex grid"
run 2 booklet -n 2 --kinds weave -a prim -o k.pdf; err_has "'prim' cannot weave"

finish
