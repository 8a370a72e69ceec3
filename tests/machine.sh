#!/bin/sh
# meiro-suite: test
# The machines' files from the command line: gcode, hpgl and dxf written
# (the format from the name), each with its warning that the words are
# left out; what cannot go together refused in one line, exit 2, no file
# (a kerf below 0 or past 2 mm, a profile with a format it is not for, a
# kerf without outlines, a servo outside G-code, centre-lines on a weave);
# the DXF read by Debian's ezdxf, an independent reader: R12, millimetres,
# its layers and colours, outlines closed, the entities within its
# extents; and each file drawn back as a picture (tools/machine-view.py,
# rsvg-convert) that has ink; meiro preflight --print plotter, laser and
# 3d on them. tests/test_machine.c reads them back with
# readers of its own and compares them with the maze.
# Usage: machine.sh BUILD_DIR
build=${1:-build}
meiro="$build/meiro"
suite=machine
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)

check written '
    for f in gcode hpgl dxf; do
        run 0 "$meiro" generate -s 5 -W 10 -H 8 --grid hex -o "$tmp/m.$f"
        err_has "warning: $f draws the maze"
        [ -s "$tmp/m.$f" ] && ok || bad "no $f written"
    done
    head -1 "$tmp/m.gcode" | grep -q "^; meiro .*seed 5" && ok || bad "no header"
    grep -q "^; pen: up Z" "$tmp/m.gcode" && ok || bad "no pen in the header"
    run 0 "$meiro" generate -s 5 --print plotter --pen servo -o "$tmp/s.gcode"
    grep -q "^M3 S" "$tmp/s.gcode" && grep -q "^M5" "$tmp/s.gcode" && ok || bad "no servo"
    ! grep -q " Z" "$tmp/s.gcode" && ok || bad "Z moves with a servo"
    run 0 "$meiro" generate -s 5 --draw paths -o "$tmp/paths.pdf"
'

check refused '
    refuse() { # MESSAGE ARGS...: exit 2, the message on one line, no file
        msg=$1; shift
        rm -f "$tmp/bad."*
        run 2 "$meiro" generate -s 1 "$@"
        err_has "$msg"
        [ "$(grep -c . "$tmp/err")" -le 2 ] && ok || bad "more than a line: $(cat "$tmp/err")"
        ls "$tmp"/bad.* > /dev/null 2>&1 && bad "a file written for $*" || ok
    }
    refuse "--kerf is a width" --kerf -0.1 -o "$tmp/bad.dxf"
    refuse "--kerf is a width" --kerf 0.1in -o "$tmp/bad.dxf"
    refuse "out of range" --kerf 5mm -o "$tmp/bad.dxf"
    refuse "--print plotter is for" --print plotter -o "$tmp/bad.pdf"
    refuse "--print laser is for" --print laser -o "$tmp/bad.gcode"
    refuse "print service" --print kdp -o "$tmp/bad.gcode"
    refuse "--kerf is for a laser" --kerf 0.15mm -o "$tmp/bad.gcode"
    refuse "--cut lines has none" --kerf 0.15mm --cut lines -o "$tmp/bad.dxf"
    refuse "--pen servo is for G-code" --pen servo -o "$tmp/bad.dxf"
    refuse "--draw paths draws" --draw paths -o "$tmp/bad.xlsx"
    refuse "--weave" --draw paths --weave 20 -o "$tmp/bad.pdf"
    refuse "--draw is walls or paths" --draw corridors -o "$tmp/bad.pdf"
    refuse "#rrggbb" --cut-colour red -o "$tmp/bad.dxf"
    refuse "--cut-colour and --engrave-colour are for" --cut-colour "#0000ff" -o "$tmp/bad.gcode"
    run 2 "$meiro" booklet -n 2 --print plotter -o "$tmp/bad.pdf"
    err_has "not a booklet"
    absent "$tmp/bad.pdf"
    "$meiro" generate -s 1 -o "$tmp/page.pdf" 2> /dev/null
    run 2 "$meiro" preflight --print laser "$tmp/page.pdf"
    err_has "reads .gcode, .nc, .hpgl, .plt, .dxf, .svg, .stl or .3mf"
'

# Debian's python3, whose module python3-ezdxf is (another python3 may come
# first in PATH)
debpy=/usr/bin/python3
[ -x "$debpy" ] || debpy=python3

check ezdxf '
    if "$debpy" -c "import ezdxf" 2> /dev/null; then
        for grid in rect polar hex triangle; do
            run 0 "$meiro" generate -s 9 -W 9 -H 7 --grid $grid --kerf 0.15mm --cut-colour "#0000ff" -o "$tmp/$grid.dxf"
            run 0 "$meiro" generate -s 9 -W 9 -H 7 --grid $grid --cut lines -o "$tmp/$grid-lines.dxf"
            if "$debpy" - "$tmp/$grid.dxf" "$tmp/$grid-lines.dxf" > "$tmp/py" 2>&1 << "PY"
import sys, ezdxf
from ezdxf.audit import Auditor
for path in sys.argv[1:]:
    doc = ezdxf.readfile(path)
    assert doc.dxfversion == "AC1009", doc.dxfversion
    assert doc.header["$INSUNITS"] == 4, "not millimetres"
    auditor = doc.audit()
    assert not auditor.has_errors, [str(e) for e in auditor.errors]
    layers = {l.dxf.name: l.dxf.color for l in doc.layers}
    want_cut = 5 if path.endswith("-lines.dxf") is False else 1
    assert layers.get("CUT") == want_cut and layers.get("ENGRAVE") == 7, layers
    ents = list(doc.modelspace())
    kinds = {e.dxftype() for e in ents}
    assert kinds <= {"LINE", "POLYLINE"}, kinds
    cut = [e for e in ents if e.dxf.layer == "CUT"]
    assert cut and any(e.dxf.layer == "ENGRAVE" for e in ents), "a layer empty"
    if not path.endswith("-lines.dxf"):
        assert all(e.dxftype() == "POLYLINE" and e.is_closed for e in cut), "an outline not closed"
    hi = doc.header["$EXTMAX"]
    for e in ents:
        pts = [v.dxf.location for v in e.vertices] if e.dxftype() == "POLYLINE" else [e.dxf.start, e.dxf.end]
        for p in pts:
            assert -1e-3 <= p[0] <= hi[0] + 1e-3 and -1e-3 <= p[1] <= hi[1] + 1e-3, (p, hi)
print("ok")
PY
            then ok; else bad "$grid: ezdxf: $(tail -3 "$tmp/py")"; fi
        done
    else
        skip "python3-ezdxf is not installed (ezdxf, the independent DXF reader)"
    fi
'

check pictures '
    if need rsvg-convert; then
        for f in gcode hpgl dxf; do
            "$meiro" generate -s 6 -W 8 -H 6 --grid polar -o "$tmp/p.$f" 2> /dev/null
            python3 "$root/tools/machine-view.py" "$tmp/p.$f" "$tmp/p-$f.svg" &&
                rsvg-convert -w 400 "$tmp/p-$f.svg" -o "$tmp/p-$f.png" && [ -s "$tmp/p-$f.png" ] &&
                ok || bad "$f not drawn back"
        done
    fi
'

# meiro preflight --print plotter|laser|3d on the files meiro writes: one
# rule a line, exit 0 when all pass, 1 when one fails (naming the place),
# 2 for a file it cannot read (file:line:column) or options that do not
# go together; generate's warnings the same rules'
check preflight '
    "$meiro" generate -s 4 -W 8 -H 6 --solution -o "$tmp/f.gcode" 2> /dev/null
    "$meiro" generate -s 4 -W 8 -H 6 --grid hex -o "$tmp/f.hpgl" 2> /dev/null
    "$meiro" generate -s 4 -W 8 -H 6 --print laser --kerf 0.15mm -o "$tmp/f.dxf" 2> /dev/null
    "$meiro" generate -s 4 -W 5 -H 4 --ball 8mm -o "$tmp/f.stl" 2> /dev/null
    "$meiro" generate -s 4 -W 5 -H 4 --grid polar --lid -o "$tmp/f.3mf" 2> /dev/null
    for job in "plotter f.gcode pen" "plotter f.hpgl pen" "laser f.dxf islands" \
        "3d f.stl gaps" "3d f.3mf walls"; do
        set -- $job
        run 0 "$meiro" preflight --print $1 "$tmp/$2"
        out_has "^ok   $3 "
        ! grep -qv "^ok " "$tmp/out" && ok || bad "$2: $(cat "$tmp/out")"
    done
    out_has "^ok   bed          .* fits the bed of 256 x 256 mm"
    run 0 "$meiro" preflight --print plotter "$tmp/f.gcode"
    out_has "^ok   file         G-code: .* strokes in 2 pens"
    # the pens of an SVG by colour, from a stroke attribute or a style alike
    for paint in "stroke=\"#ff0000\"" "style=\"stroke:#ff0000;fill:none\"" "stroke=\"#000000\""; do
        printf "%s\n" "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100mm\" height=\"60mm\"" \
            "viewBox=\"0 0 100 60\"><path d=\"M10 10 L90 10\" stroke=\"#ff0000\" fill=\"none\"/>" \
            "<path d=\"M10 50 L90 50\" $paint fill=\"none\"/></svg>" > "$tmp/pens.svg"
        run 0 "$meiro" preflight --print plotter "$tmp/pens.svg"
        case $paint in *000000*) out_has "SVG: 2 strokes in 2 pens" ;; *) out_has "SVG: 2 strokes, " ;; esac
    done
    # a braided maze: islands, at generate and at preflight
    run 0 "$meiro" generate -s 7 -W 10 -H 8 --loops 60 -o "$tmp/loops.dxf"
    err_has "^meiro: warning: islands: pieces that fall out of the sheet .*: 6, the first near "
    run 1 "$meiro" preflight --print laser "$tmp/loops.dxf"
    out_has "^FAIL islands      pieces that fall out of the sheet .*: 6, the first near (173.0, 43.0) mm$"
    # a ball too big, a bed too small, a pen too wide, walls too thin
    run 0 "$meiro" preflight --print 3d --ball 8mm "$tmp/f.stl"
    out_has "^ok   ball         the narrowest corridor: 9.00 mm"
    run 1 "$meiro" preflight --print 3d --ball 12 --bed 40x40 "$tmp/f.stl"
    out_has "^FAIL ball         places where a corridor is under 12.95 mm .*: [0-9]*, "
    out_has "^FAIL bed          .* is past the bed of 40 x 40 mm"
    run 1 "$meiro" preflight --print plotter --pen-width 30mm "$tmp/f.hpgl"
    out_has "^FAIL pen          "
    run 1 "$meiro" preflight --print laser --wall 2 "$tmp/f.dxf"
    out_has "^FAIL walls        places where .* under 2.00 mm (the material breaks there): [0-9]*, the first near ("
    run 0 "$meiro" generate -s 3 -W 90 -H 120 -o "$tmp/small.gcode"
    err_has "^meiro: warning: pen: places where a gap between strokes is under 0.50 mm"
    # files it cannot read, at their line and column; options refused
    printf "G21\nG90\nG0 X1 Q2\n" > "$tmp/bad.gcode"
    run 2 "$meiro" preflight --print plotter "$tmp/bad.gcode"
    err_has "^meiro: $tmp/bad.gcode:3:7: .Q. is not a G-code word"
    out_empty
    head -c 100 "$tmp/f.stl" > "$tmp/cut.stl"
    run 2 "$meiro" preflight --print 3d "$tmp/cut.stl"
    err_has "not an STL"
    refuse_pf() { # MESSAGE ARGS...: exit 2, one line of message and a hint
        msg=$1; shift
        run 2 "$meiro" preflight "$@"
        err_has "$msg"
        [ "$(grep -c . "$tmp/err")" -le 2 ] && ok || bad "more than a line: $(cat "$tmp/err")"
    }
    refuse_pf "not a 3D printer.s" --print 3d "$tmp/f.gcode"
    refuse_pf "not a 2D machine.s" --print laser "$tmp/f.stl"
    refuse_pf "--kerf is not for this machine" --print plotter --kerf 0.1 "$tmp/f.gcode"
    refuse_pf "are a machine.s" --kerf 0.1 "$tmp/page.pdf"
    refuse_pf "are a book.s" --print laser --cover "$tmp/f.dxf"
    refuse_pf "--bed is W x H" --print 3d --bed 40 "$tmp/f.stl"
    refuse_pf "a tactile sheet.s" --print tactile "$tmp/page.pdf"
'

finish
