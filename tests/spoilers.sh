#!/bin/sh
# meiro-suite: check
# The spoiler audit: a puzzle never shows its answer. For every command
# that writes puzzles (generate, solve, booklet, a class set) x every answers mode
# (none, after-page, key, back, --answers-to, the template's default) x
# every format (pdf, svg, png, xlsx, html, text) x every shipped template,
# the files are read back as their users see them (tests/look.c: pages
# rasterised, sheets' cell fills, text marks) and checked: puzzle pages,
# sheets and files carry no solution; answer pages, sheets and files carry
# it; the answers are where the mode says, a class set's after every
# pupil's sheets (on their backs: refused). One assertion per command.
# Then the same for what meiro serve's routes make (class sets, booklets,
# sheets, in every answers mode) and for the studio's own requests, made
# by driving it in Chromium (tests/spoilers-studio.mjs).
# Usage: spoilers.sh BUILD_DIR
build=${1:-build}
meiro="$build/meiro"
look="$build/tests/look"
suite=spoilers
. "$(dirname "$0")/lib.sh"
need pdftoppm pdftotext rsvg-convert unzip || { finish; exit 1; }

"$meiro" generate -s 3 -W 12 -H 9 -o "$tmp/in.txt"

# The audit looks for the answer in its colour (the default violet): an
# answer in it is seen, the same answer in another colour is not (so a
# change of the default that look.c missed fails here, not as a clean
# audit of pages it cannot read).
what="look sees the answer in its default colour, and only in it"
"$meiro" generate -s 3 --solution --dpi 30 -o "$tmp/violet.png" &&
    "$meiro" generate -s 3 --solution --dpi 30 --answer-colour red -o "$tmp/red.png" &&
    "$look" "$tmp/violet.png" "$tmp/red.png" > "$tmp/seen" || bad "$what: not made or not read"
if awk 'NR == 1 && $4 > 100 { v = 1 } NR == 2 && $4 == 0 { r = 1 } END { exit !(v && r) }' "$tmp/seen"; then
    ok
else
    bad "$what: $(tr '\n' ' ' < "$tmp/seen")"
fi
: > "$tmp/answers-seen"

# where a template puts its answers (no template: generate none, booklet
# its own booklet-a4's key)
place_of() {
    case $1 in
    kids-a4) echo after-page ;;
    default) echo none ;;
    -) [ "$2" = booklet ] && echo key || echo none ;;
    *) echo key ;;
    esac
}

# audit COMMAND TEMPLATE MODE FORMAT [LANG]: one case, one assertion
audit() {
    cmd=$1 tpl=$2 mode=$3 fmt=$4 lang=${5:-}
    what="$cmd -t $tpl --answers $mode -f $fmt${lang:+ --lang $lang}"
    d="$tmp/case"
    rm -rf "$d" && mkdir "$d"
    set -- -o "$d/out.$fmt"
    [ "$tpl" = - ] || set -- "$@" -t "$tpl"
    [ -n "$lang" ] && set -- "$@" --lang "$lang"
    [ "$fmt" = png ] && set -- "$@" --dpi 30 # the page, small: quick to read
    case $mode in
    to) set -- "$@" --answers-to "$d/ans.$fmt" ;;
    default) ;;
    *) set -- "$@" --answers "$mode" ;;
    esac
    case $cmd in
    generate) set -- generate -s 7 "$@" ;;
    solve) set -- solve "$@" "$tmp/in.txt" ;;
    booklet) set -- booklet -n 3 -s 7 --difficulty easy "$@" ;;
    class) set -- booklet -n 3 -s 7 --difficulty easy --copies 2 "$@" ;; # a class set
    esac
    "$meiro" "$@" > /dev/null 2> "$tmp/err"
    rc=$?
    case $cmd-$fmt-$mode in
    booklet-svg-* | booklet-png-* | booklet-txt-* | class-xlsx-* | class-pdf-back)
        # a class set's answers on the back of its sheets would hand them out
        # a booklet is a PDF, a workbook or a page to play: refused, nothing written
        if [ $rc -eq 2 ] && [ -z "$(ls "$d")" ]; then passed=$((passed + 1)); else
            failed=$((failed + 1)); echo "FAIL spoilers: $what: exit $rc, or a file written" >&2; fi
        return ;;
    esac
    if [ $rc -ne 0 ]; then
        failed=$((failed + 1)); echo "FAIL spoilers: $what: exit $rc: $(cat "$tmp/err")" >&2; return
    fi
    want=$mode
    [ "$mode" = default ] && want=$(place_of "$tpl" "$cmd")
    # a class set's answers go apart unless told where, else after every sheet
    [ "$cmd-$mode" = class-default ] && want=apart
    case $cmd-$mode in class-after-page | class-key) want=class ;; esac
    # one page a file leaves a template's answers out (only asked ones go apart)
    case $fmt-$mode in pdf-* | xlsx-*) ;; *-default) want=none ;; esac
    # solve's own product is the solved maze: without answers apart, that is what it writes
    [ "$cmd" = solve ] && [ "$want" = none ] && want=solved
    why=$(check "$d" "$fmt" "$mode" "$want")
    if [ -z "$why" ]; then passed=$((passed + 1)); else
        failed=$((failed + 1)); echo "FAIL spoilers: $what: $why" >&2; fi
}

# check DIR FORMAT MODE WANT: prints what is wrong, nothing if all is right
check() {
    d=$1 fmt=$2 mode=$3 want=$4
    "$look" "$d"/*."$fmt" > "$d/look" 2>&1 || { echo "unreadable: $(cat "$d/look")"; return; }
    # every page or sheet: a puzzle (or cover, notes, contents) without a
    # solution, an answer with one
    if [ "$want" = solved ]; then
        awk '$4 == 0 { print "the solved maze shows no solution: " $1 " page " $2; exit }' "$d/look"
        return
    fi
    awk '$3 == "answer" { n += $4 } END { print n + 0 }' "$d/look" >> "$tmp/answers-seen"
    awk '$3 == "answer" && $4 == 0 { print "answer without its solution: " $1 " page " $2 }
         $3 != "answer" && $3 != "page" && $4 > 0 { print "solution on " $3 " page " $2 " of " $1 " (" $4 ")" }' "$d/look" | head -1
    main=$(awk -v f="$d/out.$fmt" '$1 == f' "$d/look")
    roles=$(printf '%s\n' "$main" | awk '{ printf "%s", $3 == "answer" ? "A" : $3 == "puzzle" ? "P" : $3 == "notes" ? "N" : $3 == "page" ? "p" : "C" }')
    second=
    [ -e "$d/out-answer.$fmt" ] && second="$d/out-answer.$fmt"
    [ -e "$d/ans.$fmt" ] && second="$d/ans.$fmt"
    case $fmt in
    pdf | xlsx)
        [ -e "$d/out-answer.$fmt" ] && [ "$want" != apart ] && echo "an answer file beside a $fmt"
        if [ "$mode" = to ] || [ "$want" = apart ]; then
            [ "$want" = apart ] && second="$d/out-answer.$fmt"
            case $roles in *A*) echo "answer pages in the puzzles' file ($roles)" ;; esac
            [ -n "$second" ] || { echo "no answers file"; return; }
            awk -v f="$second" '$1 == f && $3 != "answer" { print "not an answer in the answers file: page " $2; exit }' "$d/look"
            return
        fi
        [ -n "$second" ] && echo "a second file"
        case $want-$fmt in
        none-*) pattern='^[CNP]*$' ;;
        *-xlsx) pattern='^P*A*$' ;; # sheets: the puzzles, then the answers
        after-page-pdf) pattern='^(C*(PA)+)+$' ;; # (+: a class set's copies, one after another)
        back-pdf) pattern='^(C*(N?PA)+)+$' ;;
        key-pdf) pattern='^(C*P+A+)+$' ;;
        class-pdf) pattern='^(C*P+)+A+$' ;; # every copy's sheets, then the answers of all
        esac
        printf '%s\n' "$roles" | grep -Eq "$pattern" || echo "pages $roles, not as $want puts them"
        [ "$want" != none ] && [ "$fmt" = xlsx ] && case $roles in *A*) ;; *) echo "no answer sheets" ;; esac
        if [ "$want-$fmt" = back-pdf ]; then # each puzzle on a right-hand (odd) page
            printf '%s\n' "$roles" | awk '{ for (i = 1; i <= length($0); i++) if (substr($0, i, 1) == "P" && i % 2 == 0) { print "a puzzle on page " i ", a left-hand page"; exit } }'
        fi ;;
    *)
        # one page a file: the puzzle clean, the answer in the second file
        printf '%s\n' "$main" | awk '$4 > 0 { print "the puzzle shows its solution (" $4 ")" }'
        case $mode in
        none | default) [ -n "$second" ] && echo "an answer file nobody asked for" ;;
        *)
            [ -n "$second" ] || { echo "no answer file"; return; }
            awk -v f="$second" '$1 == f && $4 == 0 { print "the answer file shows no solution"; exit }' "$d/look" ;;
        esac ;;
    esac
}

templates="- answer-key booklet-a4 booklet-a5 default kids-a4 worksheet-a4-2up"
modes="none after-page key back to default"
for tpl in $templates; do
    for mode in $modes; do
        # the paged formats, where templates lay out pages, with every template
        for fmt in pdf xlsx; do
            audit generate "$tpl" "$mode" "$fmt"
            audit booklet "$tpl" "$mode" "$fmt"
        done
        audit booklet "$tpl" "$mode" html
        audit class "$tpl" "$mode" pdf
        # one page a file: the templates that differ in where answers go
        case $tpl in
        - | kids-a4 | worksheet-a4-2up)
            for fmt in svg png html txt; do audit generate "$tpl" "$mode" "$fmt"; done ;;
        esac
        # solve writes through the same code as generate: without a
        # template (the solved maze) and with answers after the page
        case $tpl in - | kids-a4) for fmt in pdf xlsx svg; do audit solve "$tpl" "$mode" "$fmt"; done ;; esac
    done
done
# a booklet is never a picture or text: refused, nothing written
for fmt in svg png txt; do audit booklet - default "$fmt"; done
audit class - default xlsx # a class set is a PDF
# Japanese pages (their titles and sheet names are the Japanese words)
for tpl in kids-a4 worksheet-a4-2up; do
    for mode in $modes; do
        audit generate "$tpl" "$mode" pdf ja
        audit booklet "$tpl" "$mode" pdf ja
        audit booklet "$tpl" "$mode" xlsx ja
    done
done

# every answer page audited above together: an audit that saw no answer
# anywhere saw nothing (look.c blind to the pages' answer)
what="answers seen on the answer pages"
seen=$(awk '{ n += $1 } END { print n + 0 }' "$tmp/answers-seen")
if [ "$seen" -gt 0 ]; then ok; else bad "$what: none, on every answer page"; fi

# meiro serve's routes and the studio's own requests: each answer (a PDF,
# or a refusal) as tests/spoilers-studio.mjs lists it, "NAME WANT STATUS"
if need node; then
    mkdir "$tmp/serve"
    node "$(dirname "$0")/spoilers-studio.mjs" "$build" "$tmp/serve" > "$tmp/serve.log" 2>&1 ||
        bad "the server's and the studio's files were not all asked for: $(tail -3 "$tmp/serve.log")"
    while read -r name want status; do
        what="meiro serve: $name"
        d="$tmp/case"
        rm -rf "$d" && mkdir "$d"
        case $name-$want-$status in
        studio-skipped-*) skip "the studio: $status" ;;
        *-refused-400) [ -e "$tmp/serve/$name.pdf" ] && bad "$what: refused, yet a file" || ok ;;
        *-refused-*) bad "$what: HTTP $status, not refused" ;;
        *-200)
            mv "$tmp/serve/$name.pdf" "$d/out.pdf"
            why=$(check "$d" pdf "$want" "$want")
            if [ -z "$why" ]; then ok; else bad "$what: $why"; fi ;;
        *) bad "$what: HTTP $status, wanted $want" ;;
        esac
    done < "$tmp/serve/list"
    n=$(grep -c . "$tmp/serve/list")
    [ "$n" -ge 30 ] && ok || bad "only $n answers of the server listed"
fi

finish
