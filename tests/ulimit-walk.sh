#!/bin/sh
# The memory-limit walk: each job (a 2000 x 2000 maze as PDF, PNG, XLSX and
# text, a PDF booklet) under `ulimit -v` from FROM to TO MB in steps of
# STEP MB. At every limit the job must end by itself (no hang: 120 s at
# most), with its file written (exit 0) or "out of memory" and exit 1,
# never by a signal or an abort, leaving no temporary file and no empty
# output; below what meiro needs to start at all (where --version fails
# too, the shell saying "Aborted") it only must leave no file. Prints where meiro starts and, per job,
# the smallest limit that works: the floors the README and meiro.1 give.
# A sanitizer-free build only (AddressSanitizer reserves terabytes of
# address space). Not a suite of make check (some 3 minutes, one process
# at a time): make check-memory runs it.
# Usage: ulimit-walk.sh BUILD [FROM TO STEP]; closes with "N passed, N failed".
build=${1:-build}
from=${2:-48} to=${3:-320} step=${4:-16}
meiro="$(cd "$build" && pwd)/meiro"
suite=ulimit-walk
. "$(dirname "$0")/lib.sh"

job() { # NAME OUTPUT ARGS...: walks the limits for one job
    name=$1 out=$2
    shift 2
    floor=""
    kb=$((from * 1024))
    while [ "$kb" -le $((to * 1024)) ]; do
        rm -rf "$tmp/out" && mkdir "$tmp/out"
        # below what meiro needs to start at all, it fails before main: the
        # loader cannot map the libraries (exit 127) or libqpdf's C++
        # start-up cannot allocate and aborts (exit 134); no file either way
        started=yes
        (ulimit -v "$kb"; exec "$meiro" --version) > /dev/null 2>&1 || started=no
        start=$(date +%s)
        (ulimit -v "$kb"; exec timeout -s KILL 120 "$meiro" "$@" -o "$tmp/out/$out") > "$tmp/log" 2>&1
        rc=$? secs=$(($(date +%s) - start))
        left=$(ls -A "$tmp/out" | grep -v "^$out\$")
        why=""
        if [ "$rc" -eq 0 ]; then
            [ -s "$tmp/out/$out" ] || why="exit 0 but no file"
            [ -n "$floor" ] || floor=$((kb / 1024))
        elif [ "$started" = no ]; then
            [ -e "$tmp/out/$out" ] && why="a file was left"
        elif [ "$rc" -eq 1 ]; then
            grep -q "out of memory" "$tmp/log" || why="exit 1 without 'out of memory'"
            [ -e "$tmp/out/$out" ] && why="$why; a file was left"
            [ -n "$floor" ] && why="$why; failed above a limit that worked ($floor MB)"
        else
            why="exit $rc (a signal, an abort or the 120 s timeout)"
        fi
        [ -n "$left" ] && why="$why; left $left"
        if [ -n "$why" ]; then bad "$name at $((kb / 1024)) MB ($secs s): $why: $(head -c 300 "$tmp/log")"
        else ok; fi
        kb=$((kb + step * 1024))
    done
    echo "$name: works from ${floor:-(never)} MB (walked $from to $to MB in steps of $step)"
}

# where meiro starts at all
kb=$((from * 1024))
while [ "$kb" -le $((to * 1024)) ] && ! (ulimit -v "$kb"; exec "$meiro" --version) > /dev/null 2>&1; do
    kb=$((kb + step * 1024))
done
echo "meiro --version: works from $((kb / 1024)) MB"
# the floors: small jobs, what fonts and libraries need
job "text 10x10" s.txt generate -W 10 -H 10 -s 1
job "xlsx 10x10" s.xlsx generate -W 10 -H 10 -s 1
job "pdf 10x10" s.pdf generate -W 10 -H 10 -s 1
job "png 10x10" s.png generate -W 10 -H 10 -s 1
# big jobs: memory runs out at every step of the work
job "pdf 2000x2000" m.pdf generate -W 2000 -H 2000 -s 1 --answer-page
job "png 2000x2000" m.png generate -W 2000 -H 2000 -s 1 --dpi 150
job "xlsx 300x300" m.xlsx generate -W 300 -H 300 -s 1 --answer-page
job "text 2000x2000" m.txt generate -W 2000 -H 2000 -s 1
job "booklet pdf" b.pdf booklet -n 12 -s 1 --difficulty easy-hard
job "booklet xlsx" b.xlsx booklet -n 12 -s 1
finish
