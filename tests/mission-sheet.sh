#!/bin/sh
# meiro-suite: test check
# Mission mazes as the sheet shows them: the XLSX workbook read back (its
# cells' texts and styles, unzipped) against the same maze's JSON, on the
# maze sheet and the answer sheet. Each key's cell holds its shape (● ■ ▲ ◆
# ★ ⬢) in a colour of its own, its door is a dash-dot border in that colour
# on both sides of the passage (and no other border is), each item's cell
# its number, each one-way passage an arrow in the cell it leaves pointing
# the way allowed (and no other cell an arrow). A playable sheet of a
# mission is refused, naming what can play it. The footer names the
# mission. A booklet's levels take kinds of their own (--kinds hard:keys).
# Usage: mission-sheet.sh BUILD_DIR
build=${1:-build}
suite=mission-sheet
. "$(dirname "$0")/lib.sh"
meiro="$(cd "$build" && pwd)/meiro"
need unzip python3 || { finish; exit 1; }

run() {
    want=$1; shift
    (cd "$tmp" && "$meiro" "$@") > "$tmp/out" 2> "$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "exit $got, wanted $want: $*"; cat "$tmp/err" >&2; fi
}

# sheet_check JSON XLSX: the marks as the two sheets show them
sheet_check() {
    rm -rf "$tmp/x" && mkdir "$tmp/x" &&
        unzip -o -q "$2" xl/styles.xml xl/worksheets/sheet1.xml xl/worksheets/sheet2.xml -d "$tmp/x" &&
        python3 - "$1" "$tmp/x/xl" << 'EOF'
import json, re, sys
d = json.load(open(sys.argv[1]))
xl = sys.argv[2]
w, h = d["width"], d["height"]
ids = {i: (c["x"], c["y"]) for i, c in enumerate(d["cells"])}
styles = open(xl + "/styles.xml").read()
def block(name):
    return re.search(r"<%s[^>]*>(.*?)</%s>" % (name, name), styles, re.S).group(1)
borders = re.findall(r"<border>(.*?)</border>|<border/>", block("borders"), re.S)
fonts = re.findall(r"<font>(.*?)</font>", block("fonts"), re.S)
xfs = re.findall(r"<xf ([^>]*)", block("cellXfs"))
def look(s):
    """{side: (style, colour)} of the dash-dot sides, and the font's colour"""
    a = dict(re.findall(r"(\w+)=\"(\w+)\"", xfs[s]))
    b = borders[int(a.get("borderId", 0))]
    sides = {}
    for side in ("left", "right", "top", "bottom"):
        m = re.search(r"<%s style=\"mediumDashDot\">(?:<color rgb=\"(\w+)\"/>)?" % side, b)
        if m: sides[side] = m.group(1)
    f = re.search(r"<color rgb=\"(\w+)\"", fonts[int(a.get("fontId", 0))])
    return sides, f.group(1) if f else None
def column(letters):
    n = 0
    for ch in letters: n = n * 26 + ord(ch) - 64
    return n - 1
def cells(sheet):
    text = open(xl + "/worksheets/" + sheet).read()
    top = text.count("<mergeCell ")  # the texts above the maze, a merged row each
    out = {}
    for ref, s, body in re.findall(r"<c r=\"([A-Z]+[0-9]+)\" s=\"([0-9]+)\"(?:/>|[^>]*>(.*?)</c>)", text):
        col, row = re.match(r"([A-Z]+)([0-9]+)", ref).groups()
        x, y = column(col) - 1, int(row) - 2 - top  # a ring of empty cells around the maze
        t = re.search(r"<t[^>]*>(.*?)</t>", body or "")
        # the answer sheet's way: a line of box drawing through the cells
        # (test_export checks it), not a mark
        words = (t.group(1) if t else "").strip("╹╺┗╻┃┏┣╸┛━┻┓┫┳╋")
        if 0 <= x < w and 0 <= y < h: out[(x, y)] = (words,) + look(int(s))
    return out
mi = d["mission"]
keys = mi["kind"] == "keys"
shapes = "●■▲◆★⬢"
want_text = {}
for k, i in enumerate(mi["marks"]):
    want_text[ids[i]] = shapes[k] if keys else str(k + 1)
arrows = {(1, 0): "→", (-1, 0): "←", (0, 1): "↓", (0, -1): "↑"}
for a, b in mi["one_way"]:
    (ax, ay), (bx, by) = ids[a], ids[b]
    t = want_text.get((ax, ay), "")
    want_text[(ax, ay)] = t + (" " if t and t[-1] not in arrows.values() else "") + arrows[(bx - ax, by - ay)]
# (keys and items lie on the walk's branches, walked both ways: no arrow
# leaves their cells; S and G's arrows follow their word)
ends = {ids[d["start"]], ids[d["goal"]]}
bad = []
for sheet in ("sheet1.xml", "sheet2.xml"):
    seen = cells(sheet)
    colours = {}
    for k, i in enumerate(mi["marks"]):
        if keys: colours[k] = seen.get(ids[i], ("", {}, None))[2]
    if keys and (None in colours.values() or len(set(colours.values())) != len(colours)):
        bad.append("%s: key colours %s" % (sheet, colours))
    want_doors = {}
    for k, (a, b) in enumerate(mi.get("doors", [])):
        (ax, ay), (bx, by) = ids[a], ids[b]
        east = bx - ax == 1
        want_doors.setdefault((ax, ay), {})["right" if east else "bottom"] = colours.get(k)
        want_doors.setdefault((bx, by), {})["left" if east else "top"] = colours.get(k)
    for y in range(h):
        for x in range(w):
            text, sides, _ = seen.get((x, y), ("", {}, None))
            want = want_text.get((x, y), "")
            if (x, y) in ends:  # S or G: its word, then the arrows out of it
                if not text.endswith(want) if want else any(ch in text for ch in arrows.values()):
                    bad.append("%s (%d, %d): '%s', wanted the arrows '%s'" % (sheet, x, y, text, want))
            elif text != want:
                bad.append("%s (%d, %d): '%s', wanted '%s'" % (sheet, x, y, text, want))
            if sides != want_doors.get((x, y), {}):
                bad.append("%s (%d, %d): doors %s, wanted %s" % (sheet, x, y, sides, want_doors.get((x, y))))
if bad:
    print("\n".join(bad[:6]), file=sys.stderr)
    sys.exit(1)
EOF
}

for seed in 1 2 3 4 5; do
    for mission in "keys:$((seed % 6 + 1)) --one-way 30" "collect:$((seed * 3)) --one-way 20" "keys:2"; do
        args="--mission $mission -s $seed -W 12 -H 9 -a growing-tree"
        run 0 generate $args -f json -o m.json
        run 0 generate $args --answers after-page -o m.xlsx
        if sheet_check "$tmp/m.json" "$tmp/m.xlsx"; then ok
        else bad "$mission seed $seed: the sheet's marks differ from the maze's"; fi
    done
done

# the footer names what makes the mission again with the seed, and does
if need pdftotext; then
    run 0 generate -W 12 -H 9 -s 3 --mission keys:3 --one-way 30 -o f.pdf
    footer=$(pdftotext "$tmp/f.pdf" - | grep "^meiro ")
    case "$footer" in
    *"· seed 3 · 12 × 9 · keys:3 · one-way 30%") ok ;;
    *) bad "the footer of a mission maze: '$footer'" ;;
    esac
    algo=$(echo "$footer" | awk -F' · ' '{print $2}')
    run 0 generate -W 12 -H 9 -s 3 --mission keys:3 --one-way 30 -f json -o f1.json
    run 0 generate -W 12 -H 9 -s 3 -a "$algo" --mission keys:3 --one-way 30 -f json -o f2.json
    same "$tmp/f1.json" "$tmp/f2.json"
fi

# booklet --kinds with a kind per level: each maze's caption names its
# kind (weave, keys:K, collect:N); the levels' own first, the rest in turn
if need pdftotext; then
    run 0 booklet -n 8 -s 5 --difficulty easy-expert --kinds plain,weave,hard:keys,expert:collect -o b.pdf
    pdftotext "$tmp/b.pdf" - | grep -E " × .*· seed [0-9]+$" | grep -v "^Page" |
        sed -e 's/^.*weave.*$/weave/' -e 's/^.*\(keys:[0-9]*\).*$/\1/' \
            -e 's/^.*\(collect:[0-9]*\).*$/\1/' -e 's/^.*seed.*$/plain/' | tr '\n' ' ' > "$tmp/kinds"
    if [ "$(cat "$tmp/kinds")" = "plain weave plain weave keys:3 keys:3 collect:8 collect:8 " ]; then ok
    else bad "booklet --kinds plain,weave,hard:keys,expert:collect: $(cat "$tmp/kinds")"; fi
fi
run 0 booklet -n 4 -s 5 --difficulty hard-expert --kinds expert:one-way,keys -f xlsx -o b.xlsx
if unzip -p "$tmp/b.xlsx" xl/styles.xml | grep -q 'style="mediumDashDot"'; then ok
else bad "booklet --kinds ...,keys -f xlsx: no door's dash-dot border"; fi
run 2 booklet -n 4 --kinds hard:keys,hard:weave -o k.pdf; err_has "names the hard level's kind twice"
run 2 booklet -n 4 --kinds hrd:keys -o k.pdf; err_has "unknown level 'hrd'"
run 2 booklet -n 4 --kinds expert:keys --difficulty easy-normal -o k.pdf; err_has "no maze of this booklet is expert"
run 2 booklet -n 4 --kinds easy:keys --from 8x8 --to 12x12 -o k.pdf; err_has "not by level"
run 2 booklet -n 4 --kinds easy:lava -o k.pdf; err_has "unknown kind of maze 'lava'"
absent "$tmp/k.pdf"
run 2 booklet -n 2 --kinds keys -f xlsx --play -o k.xlsx; err_has "a playable sheet cannot check a mission"
absent "$tmp/k.xlsx"

run 2 generate --mission keys:2 -s 1 --play -o p.xlsx
err_has "a playable sheet cannot check a mission's keys, items or one-way passages: leave out --play, or play it as html"
absent "$tmp/p.xlsx"
run 2 generate --one-way 30 -s 1 --play -o p.xlsx
err_has "a playable sheet cannot check a mission"
run 2 generate --mission collect:3 -f ascii -o a.txt
err_has "ascii cannot show a mission's keys, doors, items or one-way arrows yet: write it as text, csv, pdf, svg, png, xlsx, html, json"
absent "$tmp/a.txt"

finish
