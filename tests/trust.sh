#!/bin/sh
# meiro-suite: test check
# The files meiro writes, whatever they are: the same file named twice
# (through a path, a link or a hard link), links that dangle or loop, a
# full disk, a file size limit, a limit of open files, a used frames
# folder, signals that end it, the one exit-code rule (2 for usage and
# sizes past a limit, 1 for runtime failures) and answers that cannot be
# written, a class set's names and file names drawn on a page. Each case
# failed before meiro checked it. Usage: trust.sh BUILD_DIR
build=${1:-build}
meiro="$(cd "$build" && pwd)/meiro"
faults="$(cd "$build" && pwd)/tests/meiro-faults" # signals at named points
suite=trust
. "$(dirname "$0")/lib.sh"

# a dangling link is still there: absent means no name at all
absent() { if [ ! -e "$1" ] && [ ! -L "$1" ]; then ok; else bad "$1 exists"; fi; }
is_link() { if [ -L "$1" ]; then ok; else bad "$1 is not a link any more"; fi; }
no_temp() { # DIR: no temporary file of meiro's left in it
    left=$(ls -A "$1" | grep '^\.' | grep -v '^\.\.\?$')
    if [ -z "$left" ]; then ok; else bad "left in $1: $left"; fi
}
cd "$tmp" || exit 1

# ---- The same file twice: a path, a link, a hard link ----
printf 'keep me\n' > a.pdf
ln -s a.pdf link.pdf
ln a.pdf hard.pdf
mkdir sub && ln -s ../a.pdf sub/up.pdf
for twin in ./a.pdf link.pdf hard.pdf sub/up.pdf "$tmp/a.pdf"; do
    run 2 "$meiro" generate -W 5 -H 5 -s 1 --answers-to "$twin" -o a.pdf
    err_has "names the puzzle's own file"
done
if [ "$(cat a.pdf)" = "keep me" ]; then ok; else bad "a.pdf was overwritten"; fi
is_link link.pdf
# the answers apart (NAME-answer.EXT) a link to the puzzle: refused, not written over each other
printf 'keep me\n' > p.svg && ln -s p.svg p-answer.svg
run 2 "$meiro" generate -W 5 -H 5 -s 1 --answers key -o p.svg; err_has "'p-answer.svg' is the puzzle's own file"
if [ "$(cat p.svg)" = "keep me" ]; then ok; else bad "p.svg was overwritten"; fi
# a booklet and its answers, the same
printf 'keep me\n' > book.pdf && ln -s book.pdf booklink.pdf
run 2 "$meiro" booklet -n 2 -s 1 --answers-to booklink.pdf -o book.pdf; err_has "the booklet's own file"
if [ "$(cat book.pdf)" = "keep me" ]; then ok; else bad "book.pdf was overwritten"; fi
run 1 "$meiro" booklet -n 2 -s 1 -o nowhere/book.pdf; err_has "the folder 'nowhere' does not exist"
# not written yet: the same name in the same folder
run 2 "$meiro" generate -W 5 -H 5 -s 1 --answers-to ./new.pdf -o new.pdf; absent new.pdf
# two files: written, the answers named
run 0 "$meiro" generate -W 5 -H 5 -s 1 --answers-to key.pdf -o puzzle.pdf; err_has "the answer is in key.pdf"

# ---- No output over an input: the book, names, template, shape, maze, ledger ----
# (each by device and inode, through a link too; refused, the input intact)
printf 'Ann\nBob\n' > names.pdf
run 2 "$meiro" booklet -n 2 -s 1 --names names.pdf -o names.pdf; err_has "'names.pdf' is the --names file"
if [ "$(cat names.pdf)" = "$(printf 'Ann\nBob')" ]; then ok; else bad "names.pdf was overwritten"; fi
run 0 "$meiro" booklet -n 20 --from 3x3 --to 3x3 -s 3 --paper 6x9in --print kdp -o book.pdf
cp book.pdf book-copy.pdf && ln -s book.pdf book-link.pdf
for out in book.pdf book-link.pdf; do
    run 2 "$meiro" cover --for book.pdf --print kdp -o $out; err_has "is the --for book, which meiro reads"
done
if cmp -s book.pdf book-copy.pdf; then ok; else bad "cover --for book.pdf -o book.pdf: the book changed"; fi
# a series' ledger: one made already, and a new one (the same name)
run 0 "$meiro" booklet -n 2 -s 1 --series ledger.pdf.txt -o vol1.pdf
cp ledger.pdf.txt ledger-copy.txt && ln -s ledger.pdf.txt ledger-link.pdf
run 2 "$meiro" booklet -n 2 -s 2 --series ledger.pdf.txt -o ledger-link.pdf; err_has "is the --series ledger"
if cmp -s ledger.pdf.txt ledger-copy.txt; then ok; else bad "the ledger changed"; fi
run 2 "$meiro" booklet -n 2 -s 2 --series new.pdf -o new.pdf; err_has "is the --series ledger"; absent new.pdf
printf '; Mine\n[template]\ndescription = Mine\n' > tpl.svg
run 2 "$meiro" generate -W 5 -H 5 -s 1 -t ./tpl.svg -o tpl.svg; err_has "is the -t template"
if grep -q Mine tpl.svg; then ok; else bad "the template was overwritten"; fi
printf '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n' > shape.svg
ln shape.svg shape-hard.svg
run 2 "$meiro" generate -W 5 -H 5 -s 1 --shape shape.svg -o shape-hard.svg; err_has "is the --shape picture"
run 0 "$meiro" generate -W 5 -H 5 -s 1 -o maze.json
run 0 "$meiro" solve maze.json -o maze.json.pdf
cp maze.json maze-copy.json
run 2 "$meiro" solve maze.json -o maze.json; err_has "'maze.json' is the maze, which meiro reads"
run 2 "$meiro" solve maze.json --answers-to maze.json -o other.pdf; err_has "is the maze"
run 2 "$meiro" generate -W 5 -H 5 -s 1 --shape shape.svg --animate shape.svg -o /dev/null
err_has "'shape.svg' is the --shape picture"
if cmp -s maze.json maze-copy.json; then ok; else bad "the maze was overwritten"; fi

# ---- Links as -o: a dangling one stays a link, its file made; a loop is refused ----
ln -s made.txt dangling.txt
run 0 "$meiro" generate -W 5 -H 5 -s 1 -o dangling.txt
is_link dangling.txt
if [ -s made.txt ]; then ok; else bad "the dangling link's file was not made"; fi
ln -s loop2.txt loop1.txt && ln -s loop1.txt loop2.txt
run 1 "$meiro" generate -W 5 -H 5 -s 1 -o loop1.txt; err_has "loop of symbolic links"
is_link loop1.txt; is_link loop2.txt
ln -s nowhere/x.txt lost.txt
run 1 "$meiro" generate -W 5 -H 5 -s 1 -o lost.txt; err_has "the folder 'nowhere' does not exist"; is_link lost.txt
# a missing folder is found before the work, not after it
run 1 "$meiro" generate -W 2000 -H 2000 -s 1 -o missing/big.pdf; err_has "does not exist"; absent missing
run 1 "$meiro" generate -W 5 -H 5 -s 1 -o sub; err_has "is a folder"
no_temp "$tmp"

# ---- A workbook's open files: refused up front, the limit named ----
( ulimit -n 64 && exec "$meiro" booklet -n 40 -s 1 -o many.xlsx ) > out 2> err
if [ $? -eq 1 ] && grep -q "ulimit -n 64" err; then ok; else bad "booklet of 80 sheets under ulimit -n 64: $(cat err)"; fi
absent many.xlsx
( ulimit -n 64 && exec "$meiro" booklet -n 12 -s 1 -o few.xlsx ) 2> err
if [ $? -eq 0 ] && [ -s few.xlsx ]; then ok; else bad "booklet of 24 sheets under ulimit -n 64: $(cat err)"; fi

# ---- A full disk and a file size limit: the reason, not a stale errno ----
mkdir full
if unshare -rm true 2> /dev/null; then
    for job in "booklet -n 40 -s 1 --fold -o full/b.pdf" "booklet -n 40 -s 1 -o full/b.html" \
               "booklet -n 40 -s 1 -o full/b.pdf" "booklet -n 40 -s 1 -o full/b.xlsx" \
               "generate -W 300 -H 300 -s 1 -o full/g.svg"; do
        # shellcheck disable=SC2086
        unshare -rm sh -c 'mount -t tmpfs -o size=200k tmpfs "$1" && shift && exec "$@"' sh "$tmp/full" \
            "$meiro" $job > out 2> err
        # (libxlsxwriter prints its own lines first: meiro's is the last)
        if [ $? -eq 1 ] && tail -1 err | grep -q "^meiro: full/.*No space left on device"; then ok
        else bad "$job on a full disk: $(cat err)"; fi
    done
else
    skip "no user namespace (unshare -rm) to mount a small tmpfs in: the full-disk cases"
fi
# preflight's report on a full disk: said, not lost (exit 2, with nothing said, before)
if [ -w /dev/full ]; then
    "$meiro" preflight maze.json.pdf > /dev/full 2> err
    rc=$?
    if [ $rc -eq 2 ] && grep -q "cannot write the report: No space left on device" err; then ok
    else bad "preflight > /dev/full: exit $rc, $(cat err)"; fi
fi
for job in "booklet -n 40 -s 1 -o fz.html" "booklet -n 40 -s 1 --fold -o fz.pdf" "generate -W 300 -H 300 -s 1 -o fz.svg"; do
    # shellcheck disable=SC2086
    ( trap '' XFSZ; ulimit -f 100; exec "$meiro" $job ) > out 2> err
    if [ $? -eq 1 ] && grep -q "File too large" err; then ok; else bad "$job under ulimit -f 100: $(cat err)"; fi
done
no_temp "$tmp"

# ---- --frames into a used folder: the earlier run's frames go ----
run 0 "$meiro" generate -W 6 -H 6 -s 1 --solution --frames frames -o /dev/null
many=$(ls frames | wc -l)
run 0 "$meiro" generate -W 3 -H 3 -s 1 --solution --frames frames -o /dev/null
few=$(ls frames | wc -l)
last=$(ls frames | tail -1)
next=$(printf 'frame-%05d.png' $((few + 1)))
if [ "$few" -lt "$many" ] && [ "$last" = "$(printf 'frame-%05d.png' "$few")" ] && [ ! -e "frames/$next" ]; then ok
else bad "--frames into a used folder: $many frames, then $few, the last $last"; fi
printf 'mine\n' > frames/notes.txt
run 0 "$meiro" generate -W 3 -H 3 -s 2 --solution --frames frames -o /dev/null
if [ -s frames/notes.txt ]; then ok; else bad "--frames removed a file of the user's"; fi

# ---- Signals: the temporary files go, the signal ends meiro ----
# The signal comes at a named point, from the fault build's hook
# (MEIRO_FAULT_SIGNAL, src/core/alloc.c: the save's temporary file just
# made, "created"), not from a kill timed by polling. Polling lost under
# load: it saw the file in the moment between its making and its listing
# for the handler (now listed first), and SIGABRT left it. cli.sh sends
# Ctrl-C and SIGTERM the same way.
for pair in TERM:15 HUP:1 XCPU:24 ALRM:14 USR1:10 USR2:12 ABRT:6 VTALRM:26 PROF:27; do # Linux's numbers
    sig=${pair%:*} num=${pair#*:}
    mkdir "sig-$sig"
    { MEIRO_FAULT_SIGNAL=$sig:created:1 "$faults" generate -W 300 -H 300 -s 1 --answer-page \
        -o "sig-$sig/m.pdf" 2> /dev/null; } 2> /dev/null
    rc=$?
    if [ -z "$(ls -A "sig-$sig")" ] && [ "$rc" -eq $((128 + num)) ]; then ok
    else bad "SIG$sig (exit $rc, signal $num): left $(ls -A "sig-$sig")"; fi
done

# ---- Signals while Ghostscript runs (PDF/X): gs ends, its files go ----
# gs runs in a folder of its own in TMPDIR, removed before the signal ends
# meiro (the five gs_* files of pdfwrite stayed in TMPDIR before). The kill
# comes once gs is seen running (polling: whenever it lands, nothing may be
# left); INT as a terminal sends it (a background job ignores it otherwise).
if command -v gs > /dev/null && command -v pgrep > /dev/null; then
    for pair in TERM:15 HUP:1 INT:2; do
        sig=${pair%:*} num=${pair#*:}
        mkdir "gs-$sig" "gs-$sig/tmp"
        TMPDIR="$tmp/gs-$sig/tmp" env --default-signal=INT "$meiro" booklet --count 100 --print ingram \
            -o "gs-$sig/book.pdf" 2> /dev/null &
        p=$!
        i=0
        while [ $i -lt 600 ] && ! gs_pid=$(pgrep -P $p -x gs); do sleep 0.05; i=$((i + 1)); done
        kill -"$sig" $p
        { wait $p; } 2> /dev/null
        rc=$?
        sleep 0.2 # gs, killed by meiro or by the death of its parent, is gone
        left=$(ls -A "gs-$sig/tmp" "gs-$sig" | grep -v '^tmp$\|^gs-\|^$')
        if [ -n "$gs_pid" ] && [ "$rc" -eq $((128 + num)) ] && [ -z "$left" ] && ! kill -0 "$gs_pid" 2> /dev/null; then
            ok
        else
            bad "SIG$sig while gs ran (gs ${gs_pid:-not seen}, exit $rc): left $left $(ps -o pid=,cmd= -p "${gs_pid:-1}" 2> /dev/null)"
        fi
    done
else
    skip "Ghostscript (gs) or pgrep: no signal while gs runs"
fi

# ---- One exit-code rule: 2 for usage and sizes past a limit, 1 at run time ----
run 2 "$meiro" generate -W 3000 -H 3000 -s 1 -o big.html; err_has "up to 1000000 cells"; absent big.html
run 2 "$meiro" booklet -n 2 --from 1100x1100 --to 1100x1100 -s 1 -o big-book.html; err_has "in all, not 2420000"
absent big-book.html
printf '{"meiro": 1, "grid": "rect", "width": 20000, "height": 20000, "cells": [{"x": 0, "y": 0}]}' > sparse.json
run 2 "$meiro" stats sparse.json; err_has "too sparse"
if need python3; then
    python3 -c "
import struct, zlib
def chunk(k, d): return struct.pack('>I', len(d)) + k + d + struct.pack('>I', zlib.crc32(k + d) & 0xffffffff)
open('huge.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 30000, 30000, 1, 0, 0, 0, 0))
                              + chunk(b'IEND', b''))"
    run 2 "$meiro" generate -W 20 -H 20 -s 1 --shape huge.png -o huge.txt; err_has "megapixels"; absent huge.txt
fi
run 2 "$meiro" generate -W 70000 -H 5 -s 1 -o wide.txt; absent wide.txt
run 1 "$meiro" stats no-such-file.json
run 1 "$meiro" generate -W 5 -H 5 -s 1 --shape no-such.svg -o s.txt; absent s.txt
# a class set's names and a file name on a booklet's last page: text, checked up front
printf 'Ann\nB\033[31mob\n' > names.txt
run 2 "$meiro" booklet -n 2 -s 1 --names names.txt -o class.pdf; err_has "copy 2's name has a control character"
err_has "(option: --names)"; absent class.pdf
printf 'Ann\nBob\n' > "$(printf 'n\377.txt')"
run 2 "$meiro" booklet -n 2 -s 1 --names "$(printf 'n\377.txt')" -o class.pdf
err_has "the command on the last page is not UTF-8"; absent class.pdf

# ---- Answers that cannot be written: no puzzle left without them ----
# a folder that is not there: refused before either file is written
run 1 "$meiro" generate -W 5 -H 5 -s 1 --answers-to gone/key.pdf -o alone.pdf; absent alone.pdf
if unshare -rm true 2> /dev/null; then
    # a disk with room for the answers' temporary file only: the puzzle is not written
    unshare -rm sh -c 'mount -t tmpfs -o size=100k tmpfs "$1" && shift && exec "$@"' sh "$tmp/full" \
        "$meiro" generate -W 300 -H 300 -s 1 --answers-to full/key.png -o "$tmp/lonely.pdf" > out 2> err
    rc=$?
    if [ $rc -eq 1 ] && grep -q "No space left" err && [ ! -e lonely.pdf ]; then ok
    else bad "answers on a full disk: exit $rc, $(cat err), puzzle $(ls lonely.pdf 2>&1)"; fi
else
    skip "no user namespace (unshare -rm) to mount a small tmpfs in: the answers on a full disk"
fi

finish
