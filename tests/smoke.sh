#!/bin/sh
# Every command writing every format once, and the errors on the way out,
# for the sanitized build (make check-asan): the library's code and the
# command line's under ASan and UBSan, where cli.sh's thousand runs would
# take too long. What each output must be is cli.sh's business; here a run
# must end as it should, and say nothing on standard error when it works.
# Named cases (lib.sh's check), each on its own: MEIRO_CHECK='booklets'
# runs one. Usage: smoke.sh BUILD_DIR
# meiro-suite: asan
build=${1:-build}
meiro="$build/meiro"
data=${MEIRO_TEST_DATA:-tests/data}
suite=smoke
. "$(dirname "$0")/lib.sh"

written() { if [ -s "$1" ]; then ok; else bad "$1 not written"; fi; }

check 'generate: every format' '
    # a title only where the format prints one: elsewhere it is warned about
    for f in txt csv json; do
        run 0 "$meiro" generate -W 12 -H 9 -s 4 --solution -o "$tmp/m.$f"; err_empty; written "$tmp/m.$f"
    done
    for f in pdf svg png xlsx html; do
        run 0 "$meiro" generate -W 12 -H 9 -s 4 --solution --title Smoke -o "$tmp/m.$f"; err_empty; written "$tmp/m.$f"
    done
    run 0 "$meiro" generate -W 12 -H 9 -s 4 --title Smoke -o "$tmp/t.txt"; err_has "changes nothing"
    for f in ascii unicode; do
        run 0 "$meiro" generate -W 12 -H 9 -s 4 -f $f -o "$tmp/m-$f.txt"; written "$tmp/m-$f.txt"
    done
'
check 'generate: templates, sheets, shapes, grids' '
    run 0 "$meiro" generate -W 12 -H 9 -s 4 --answer-page -t kids-ja -o "$tmp/kids.pdf"; written "$tmp/kids.pdf"
    run 0 "$meiro" generate -W 12 -H 9 -s 4 --play --answer-page -o "$tmp/play.xlsx"; written "$tmp/play.xlsx"
    run 0 "$meiro" generate --shape heart -W 16 -H 13 -s 3 --solution -o "$tmp/heart.pdf"; written "$tmp/heart.pdf"
    run 0 "$meiro" generate --text HI -s 3 -o "$tmp/hi.svg"; written "$tmp/hi.svg"
    for g in polar hex triangle; do
        run 0 "$meiro" generate --grid $g -W 8 -H 6 -s 5 --solution -o "$tmp/$g.png"; written "$tmp/$g.png"
    done
'
check 'animations' '
    run 0 "$meiro" generate -W 6 -H 4 -s 2 --solution --animate "$tmp/a.svg" --frames "$tmp/fr" -o /dev/null
    written "$tmp/a.svg"; written "$tmp/fr/frame-00001.png"
'
check 'solve and stats' '
    run 0 "$meiro" solve -m astar -f json -o "$tmp/s.json" "$data/seed003.txt"; written "$tmp/s.json"
    run 0 "$meiro" solve "$tmp/s.json"; out_has "G"
    run 0 "$meiro" generate -W 12 -H 9 -s 4 -o "$tmp/in.csv"
    run 0 "$meiro" solve -i csv "$tmp/in.csv" -o "$tmp/s.pdf"; written "$tmp/s.pdf"
    run 0 "$meiro" stats --json "$tmp/s.json"; out_has "\"perfect\": true"
'
check 'booklets' '
    for f in pdf xlsx html; do
        run 0 "$meiro" booklet -n 3 -s 9 -o "$tmp/book.$f"; err_empty; written "$tmp/book.$f"
    done
    run 0 "$meiro" booklet -t booklet-a5 -n 5 -s 3 --fold --cover -o "$tmp/fold.pdf"; written "$tmp/fold.pdf"
'
check 'watch and list' '
    run 0 "$meiro" watch -W 6 -H 4 -s 1; out_has "G"
    run 0 "$meiro" list; out_has "Templates"
'
# errors: a clear message, the exit code, nothing written
check 'errors' '
    run 2 "$meiro" generate -W 0; err_has "from 1 to 65535"
    run 1 "$meiro" solve "$tmp/missing.txt"; err_has "cannot open"
    printf "#####\n#S  #\n###x#\n#  G#\n#####\n" > "$tmp/bad.txt"
    run 1 "$meiro" solve -o "$tmp/out.txt" "$tmp/bad.txt"; err_has "bad.txt:3:4:"; absent "$tmp/out.txt"
    printf "{\"meiro\": 1, \"grid\": \"rect\", \"width\": 2" > "$tmp/cut.json"
    run 1 "$meiro" stats "$tmp/cut.json"; err_has "cut.json:1:"
    run 1 "$meiro" generate -W 40 -H 30 -s 1 -f xlsx -o /dev/full; err_has "No space left on device"
'

finish
