#!/bin/sh
# meiro-suite: test
# Tactile sheets from the command line (--print tactile): written in pdf,
# svg, png and page; what a sheet cannot be refused in one line, exit 2, no
# file: another format, a maze too big for the paper (the message names
# the largest that fits, which is then written), smaller cells, an answer,
# a weave; a plate to 3D-print; a tactile booklet, and its refusals; the tactile levels, and theirs refused;
# the braille read back from a PDF.
# tests/test_tactile.c measures the sheets.
# Usage: tactile.sh BUILD_DIR
build=${1:-build}
meiro="$build/meiro"
suite=tactile
. "$(dirname "$0")/lib.sh"

check written '
    for f in pdf svg png page; do
        run 0 "$meiro" generate -s 5 -W 6 -H 6 --print tactile -o "$tmp/t.$f"
        err_empty
        [ -s "$tmp/t.$f" ] && ok || bad "no $f written"
    done
    grep -q "\"role\": \"braille\"" "$tmp/t.page" && ok || bad "no braille in the description"
    grep -q "\"text\": \"⠠⠍⠁⠵⠑⠎\"" "$tmp/t.page" && ok || bad "the title is not in braille"
'

# the braille read back from the PDF as a reader reads it (poppler's
# pdftotext: the PDF's ActualText) and back-translated by liblouis's
# lou_translate: the title asked for, in English and German braille
check read-back '
    if need pdftotext lou_translate; then
        run 0 "$meiro" generate -s 5 -W 5 -H 5 --print tactile --title "Mazes for Anna" \
            -o "$tmp/en.pdf"
        run 0 "$meiro" generate -s 5 -W 5 -H 5 --print tactile --lang de --title Irrgarten \
            -o "$tmp/de.pdf"
        back() { pdftotext "$tmp/$1.pdf" - | sed -n 1p | lou_translate --backward "unicode.dis,$2"; }
        [ "$(back en en-us-g1.ctb)" = "Mazes for Anna" ] && ok || bad "en read back: $(back en en-us-g1.ctb)"
        [ "$(back de de-g1.ctb)" = irrgarten ] && ok || bad "de read back: $(back de de-g1.ctb)"
    fi
'

check refused '
    refuse() { # MESSAGE ARGS...: exit 2, the message on one line, no file
        msg=$1; shift
        rm -f "$tmp/bad."*
        run 2 "$meiro" generate -s 1 --print tactile "$@"
        err_has "$msg"
        [ "$(grep -c . "$tmp/err")" -le 2 ] && ok || bad "more than a line: $(cat "$tmp/err")"
        ls "$tmp"/bad.* > /dev/null 2>&1 && bad "a file written for $*" || ok
    }
    refuse "--print tactile draws a sheet" -o "$tmp/bad.txt"
    refuse "--print tactile draws a sheet" -o "$tmp/bad.xlsx"
    refuse "does not fit a tactile sheet" -W 20 -H 20 -o "$tmp/bad.pdf"
    most=$(sed -n "s/.*: \([0-9]*\) x \([0-9]*\) at most.*/\1 \2/p" "$tmp/err")
    [ -n "$most" ] && ok || bad "no largest size named: $(cat "$tmp/err")"
    set -- $most
    run 0 "$meiro" generate -s 1 --print tactile -W "$1" -H "$2" -o "$tmp/most.pdf"
    refuse "does not fit a tactile sheet" -W "$(($1 + 1))" -H "$2" -o "$tmp/bad.pdf"
    refuse "cells are 19 mm or more" --cell 10 -W 4 -H 4 -o "$tmp/bad.pdf"
    refuse "leave out --solution" --solution -W 4 -H 4 -o "$tmp/bad.pdf"
    refuse "--weave" --weave 20 -W 4 -H 4 -o "$tmp/bad.pdf"
'

# a plate to 3D-print: stl and 3mf written; another grid and a plate
# larger than the bed refused, no file
check plate '
    for f in stl 3mf; do
        run 0 "$meiro" generate -s 5 -W 5 -H 5 --print tactile -o "$tmp/plate.$f"
        err_empty
        [ -s "$tmp/plate.$f" ] && ok || bad "no $f written"
    done
    run 0 "$meiro" preflight --print 3d "$tmp/plate.stl"
    rm -f "$tmp/bad."*
    run 2 "$meiro" generate -s 5 --grid hex -W 5 -H 5 --print tactile -o "$tmp/bad.stl"
    err_has "a rectangle.s maze"
    absent "$tmp/bad.stl"
    run 2 "$meiro" generate -s 5 -W 12 -H 12 --print tactile -o "$tmp/bad.3mf"
    err_has "more than a printer.s bed"
    absent "$tmp/bad.3mf"
    run 2 "$meiro" generate -s 5 -W 5 -H 5 --print tactile --ball 8mm -o "$tmp/bad.stl"
    err_has "the sheet.s sizes"
    absent "$tmp/bad.stl"
'

# --draw walls: the walls raised (the default and --draw paths: the
# centre-lines), level 5 too, on every grid; refused in one line, exit 2,
# no file: a maze too big for the larger cells (the largest named, then
# written), cells of a line sheet (each grid's least named), tactile
# levels 1-4, a plate
check walls '
    run 0 "$meiro" generate -s 2 -W 5 -H 5 --print tactile --draw walls -o "$tmp/w.page"
    err_empty
    grep -q "\"role\": \"walls\"" "$tmp/w.page" && ok || bad "no walls drawn"
    grep -q "\"role\": \"corridors\"" "$tmp/w.page" && bad "centre-lines on a wall sheet" || ok
    for draw in "" "--draw paths"; do
        run 0 "$meiro" generate -s 2 -W 5 -H 5 --print tactile $draw -o "$tmp/l.page"
        grep -q "\"role\": \"corridors\"" "$tmp/l.page" && ok || bad "no centre-lines: $draw"
        grep -q "\"role\": \"walls\"" "$tmp/l.page" && bad "walls on a line sheet: $draw" || ok
    done
    run 0 "$meiro" generate -s 2 --print tactile --tactile-level 5 --draw walls -o "$tmp/l5.page"
    grep -q "\"role\": \"walls\"" "$tmp/l5.page" && ok || bad "level 5: no walls"
    refuse() { # MESSAGE ARGS...: exit 2, the message on one line, no file
        msg=$1; shift
        rm -f "$tmp/bad."*
        run 2 "$meiro" generate -s 1 --print tactile --draw walls "$@"
        err_has "$msg"
        [ "$(grep -c . "$tmp/err")" -le 2 ] && ok || bad "more than a line: $(cat "$tmp/err")"
        ls "$tmp"/bad.* > /dev/null 2>&1 && bad "a file written for $*" || ok
    }
    refuse "does not fit a tactile sheet on a4 (cells of 28 mm" -W 9 -H 10 -o "$tmp/bad.pdf"
    most=$(sed -n "s/.*: \([0-9]*\) x \([0-9]*\) at most.*/\1 \2/p" "$tmp/err")
    [ -n "$most" ] && ok || bad "no largest size named: $(cat "$tmp/err")"
    set -- $most
    run 0 "$meiro" generate -s 1 --print tactile --draw walls -W "$1" -H "$2" -o "$tmp/most.pdf"
    refuse "does not fit a tactile sheet" -W "$1" -H "$(($2 + 1))" -o "$tmp/bad.pdf"
    refuse "cells are 28 mm or more" --cell 20 -W 4 -H 4 -o "$tmp/bad.pdf"
    # every grid: its walls written, its own least cell refused below it
    for grid in hex triangle; do
        run 0 "$meiro" generate -s 2 --grid $grid -W 4 -H 4 --print tactile --draw walls \
            -o "$tmp/w.page"
        grep -q "\"role\": \"walls\"" "$tmp/w.page" && ok || bad "$grid: no walls drawn"
        refuse "cells are 32 mm or more" --grid $grid -W 4 -H 4 --cell 30 -o "$tmp/bad.pdf"
    done
    run 0 "$meiro" generate -s 2 --grid polar -H 2 --print tactile --draw walls -o "$tmp/w.png"
    refuse "cells are 33 mm or more" --grid polar -H 2 --cell 30 -o "$tmp/bad.png"
    refuse "does not fit a tactile sheet on a4 (cells of 33 mm" --grid polar -H 3 -o "$tmp/bad.pdf"
    run 0 "$meiro" generate -s 2 --grid polar -H 3 --paper a3 --print tactile --draw walls \
        -o "$tmp/w.pdf"
    refuse "tactile levels 1 to 4 are lines" --tactile-level 2 -o "$tmp/bad.pdf"
    refuse "a tactile plate (stl) raises the corridors" -W 4 -H 4 -o "$tmp/bad.stl"
'

# a tactile booklet: written (its contents first, one sheet a maze, the
# key); what it cannot be refused in one line, exit 2, no file
check booklet '
    run 0 "$meiro" booklet -s 4 -n 3 --print tactile -o "$tmp/book.pdf"
    [ "$(pdfinfo "$tmp/book.pdf" | sed -n "s/^Pages: *//p")" = 5 ] && ok ||
        bad "not 5 pages: the contents, 3 sheets, the key"
    refuse() { # MESSAGE ARGS...
        msg=$1; shift
        rm -f "$tmp/bad."*
        run 2 "$meiro" booklet -s 1 --print tactile "$@"
        err_has "$msg"
        [ "$(grep -c . "$tmp/err")" -le 2 ] && ok || bad "more than a line: $(cat "$tmp/err")"
        ls "$tmp"/bad.* > /dev/null 2>&1 && bad "a file written for $*" || ok
    }
    refuse "a PDF (or its pages as data)" -o "$tmp/bad.xlsx"
    refuse "a PDF (or its pages as data)" -o "$tmp/bad.html"
    refuse "not folded" --fold -o "$tmp/bad.pdf"
    refuse "not a class set" --copies 3 -o "$tmp/bad.pdf"
    refuse "without a print cover" --cover -o "$tmp/bad.pdf"
    refuse "not weave" --kinds plain,weave -o "$tmp/bad.pdf"
    refuse "not between them" --answers after-page -o "$tmp/bad.pdf"
    refuse "not by --difficulty" --difficulty easy-normal -o "$tmp/bad.pdf"
    refuse "does not fit a tactile sheet" --from 3x3 --to 12x12 -o "$tmp/bad.pdf"
    refuse "a4 holds 20 mazes and the key, not 21" -n 21 -o "$tmp/bad.pdf"
'

# the pre-braille progression: each level a sheet; refused without
# --print tactile, with what else sets the maze, and past 5
check levels '
    for level in 1 2 3 4 5; do
        run 0 "$meiro" generate -s 3 --print tactile --tactile-level "$level" --paper a5 \
            -o "$tmp/level$level.page"
        err_empty
        grep -q "\"role\": \"start\"" "$tmp/level$level.page" && ok || bad "level $level: no S"
    done
    rm -f "$tmp/bad."*
    run 2 "$meiro" generate -s 1 --tactile-level 2 -o "$tmp/bad.pdf"
    err_has "goes with --print tactile"
    absent "$tmp/bad.pdf"
    run 2 "$meiro" generate -s 1 --print tactile --tactile-level 2 -W 4 -o "$tmp/bad.pdf"
    err_has "--tactile-level is the maze"
    absent "$tmp/bad.pdf"
    run 2 "$meiro" generate -s 1 --print tactile --tactile-level 6 -o "$tmp/bad.pdf"
    err_has "--tactile-level is 1 (a line)"
'

finish
