#!/bin/sh
# meiro serve, as a browser and a hostile client meet it: the routes'
# status codes and types, the downloads byte for byte the command line's,
# a bad value answered 400 with the command line's own message, the limits,
# bad methods, huge and slow headers and garbage answered without harm, the
# server's own lines in the locale's language, a
# loopback load test (zero errors, p50/p99 printed, never asserted), and a
# clean stop on SIGTERM and SIGINT. The server is always killed at the end.
# The ASan tier checks the server's own code (the query's parsing, uploads,
# limits, refusals, bad HTTP), not the downloads' bytes or the load.
# Usage: serve.sh BUILD_DIR
# meiro-suite: test check asan
build=${1:-build}
meiro="$build/meiro"
suite=serve
. "$(dirname "$0")/lib.sh"

pid=""
stop_server() {
    if [ -n "$pid" ]; then kill -KILL "$pid" 2> /dev/null; wait "$pid" 2> /dev/null; fi
    pid=""
}
trap 'stop_server; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

# start_server [ENV-PREFIX...]: meiro serve on a free port (--port 0: the
# system's choice, so no race for it); sets $url once the address answers,
# waiting at most 10 s.
start_server() {
    : > "$tmp/serve.out" # before the background job opens it: read at once below
    "$@" "$meiro" serve --port 0 > "$tmp/serve.out" 2> "$tmp/serve.err" &
    pid=$!
    url=""
    i=0
    while [ $i -lt 100 ]; do
        url=$(sed -n 's|.*\(http://[^ ]*/\).*|\1|p' "$tmp/serve.out")
        [ -n "$url" ] && curl -s -o /dev/null --max-time 2 "$url" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    bad "meiro serve did not answer within 10 s: $(cat "$tmp/serve.err")"
    return 1
}

# get PATH-AND-QUERY: the answer in $tmp/body, "CODE TYPE" in $got
get() {
    got=$(curl -s --max-time 30 -o "$tmp/body" -w '%{http_code} %{content_type}' "$url${1#/}")
}
expect() { if [ "$got" = "$1" ]; then ok; else bad "wanted '$1', got '$got' ($2)"; fi; }
body_has() { if grep -q -- "$1" "$tmp/body"; then ok; else bad "the answer lacks '$1': $(head -c 300 "$tmp/body")"; fi; }

# A query in plain text ("a=b&c=d", no & in a value), asked of the server
# percent-encoded and given to the command as its words: the command line's
# twin of each request, with no python a query (its start-up was most of
# this suite's time on a loaded machine).
nl='
'
switches=" solution answer-page crop fold reverse play same-mazes lid "
# pairs Q: Q's pairs, one a line, in $pairs
pairs() {
    pairs="" rest=$1
    while [ -n "$rest" ]; do
        pairs="$pairs${rest%%&*}$nl"
        case "$rest" in *'&'*) rest=${rest#*&} ;; *) rest="" ;; esac
    done
}
# ask ROUTE Q [FILE]: GET ROUTE?Q, the answer in FILE ($tmp/body), "CODE TYPE" in $got
ask() {
    pairs "$2"
    enc=""
    set -f # (no globbing of values)
    oldifs=$IFS IFS=$nl
    for p in $pairs; do enc="$enc--data-urlencode$nl$p$nl"; done
    got=$(curl -s -G --max-time 60 -o "${3:-$tmp/body}" -w '%{http_code} %{content_type}' $enc "$url${1#/}")
    IFS=$oldifs
    set +f
}
# twin CMD Q ARG...: runs `meiro CMD` with Q as its words (--a=b; a switch's
# 1 as --a alone, its 0 left out), then ARG...; its standard error in $tmp/cli.err
twin() {
    cmd=$1 q=$2
    shift 2
    pairs "$q"
    words=""
    set -f
    oldifs=$IFS IFS=$nl
    for p in $pairs; do
        k=${p%%=*} v=${p#*=}
        case "$switches" in *" $k "*) [ "$v" = 1 ] && words="$words--$k$nl" ;; *) words="$words--$k=$v$nl" ;; esac
    done
    set -- "$meiro" "$cmd" $words "$@"
    IFS=$oldifs
    set +f
    "$@" 2> "$tmp/cli.err"
}
# bytes Q FORMAT: /api/file's FORMAT for Q is the command's file, byte for byte
bytes() {
    ask "/api/file?format=$2" "$1" "$tmp/dl.$2"
    case "$got" in 200*) ok ;; *) bad "$1 as $2: $got $(head -c 300 "$tmp/dl.$2")" ;; esac
    twin generate "$1" -f "$2" -o "$tmp/cli.$2"
    same "$tmp/dl.$2" "$tmp/cli.$2"
}
# refused ROUTE Q [CMD]: 400 with the command's own one-line message, word for word
refused() {
    ask "$1" "$2"
    expect "400 text/plain; charset=utf-8" "$2 refused"
    case "$1" in /api/booklet*) twin booklet "$2" --format "${1##*format=}" -o /dev/null ;;
    *) twin generate "$2" -f "${1##*format=}" -o /dev/null ;; esac
    if [ "$(cat "$tmp/body")" = "$(grep -v '^meiro: warning' "$tmp/cli.err" | head -1)" ]; then ok; else
        bad "$2: '$(cat "$tmp/body")', not the command's '$(head -1 "$tmp/cli.err")'"
    fi
}
# bytes_checked: the downloads compared with the command's, byte for byte;
# not under AddressSanitizer, whose tier checks what it guards here (the
# query's parsing, uploads, limits, bad requests: the server's own code)
# while the library's drawing has its own sanitized suites
bytes_checked() { [ "${MEIRO_TEST_TIER:-check}" != asan ]; }

if ! need curl python3; then finish; exit; fi

run 0 "$meiro" serve --help; out_has "/api/preview"; out_has "no password"
run 2 "$meiro" serve --port 70000; err_has "from 0 to 65535"
run 2 "$meiro" serve --listen nowhere; err_has "numeric address"
run 2 "$meiro" serve --bogus; err_has "unknown option"
run 2 "$meiro" serve --public-url mazes.example.school; err_has "https://mazes.example.school/"
run 2 "$meiro" serve --public-url https://mazes.example.school/studio/; err_has "the root"

mkdir "$tmp/t"
start_server env TMPDIR="$tmp/t" || { finish; exit; }
case "$url" in http://127.0.0.1:[0-9]*/) ok ;; *) bad "address printed: '$url'" ;; esac

# the page and its files, from the binary
get /; expect "200 text/html; charset=utf-8" page; body_has 'src="studio.js"'; body_has 'src="studio-backend.js"'
get /studio.js; expect "200 text/javascript; charset=utf-8" script; body_has "backend.ask"
get /studio-backend.js; expect "200 text/javascript; charset=utf-8" backend; body_has 'api/${route}'
get /studio-words.js; expect "200 text/javascript; charset=utf-8" words; body_has "Estudio de laberintos"; body_has "مرسم المتاهات"
get /studio.css; expect "200 text/css; charset=utf-8" style
get /api/choices; expect "200 application/json" choices; body_has '"heart"'; body_has '"kids-a4"'
get /nothing; expect "404 text/plain; charset=utf-8" "unknown route"

# the preview: the page as SVG, its seed said, the answer drawn on request
get "/api/preview?width=10&height=8&seed=3"; expect "200 image/svg+xml" preview
cp "$tmp/body" "$tmp/p3.svg"
"$meiro" generate --width 10 --height 8 --seed 3 -f svg -o "$tmp/cli3.svg"
same "$tmp/p3.svg" "$tmp/cli3.svg"
get "/api/preview?width=10&height=8&seed=4"
if cmp -s "$tmp/body" "$tmp/p3.svg"; then bad "seeds 3 and 4 gave the same preview"; else ok; fi
get "/api/preview?width=10&height=8&seed=3&solution=1"
"$meiro" generate --width 10 --height 8 --seed 3 --solution -f svg -o "$tmp/cli3s.svg"
same "$tmp/body" "$tmp/cli3s.svg"
seed=$(curl -s -D - -o /dev/null "${url}api/preview?width=5&height=5" | tr -d '\r' | sed -n 's/^X-Meiro-Seed: //p')
case "$seed" in [0-9]*) ok ;; *) bad "no X-Meiro-Seed without a seed: '$seed'" ;; esac

# every kind of page, drawn by a child forked from the server (fonts
# loaded ahead, in another thread), is the command line's, byte for byte
# (a seed each: two prove no more than one)
if bytes_checked; then
s=0
for q in "age=6" "shape=heart&age=4" "text=HANA&age=6" "grid=polar&ends=center&age=6" "grid=hex&age=5" \
    "grid=triangle&difficulty=easy" "age=6&lang=ja&title=めいろ&art=bunny" "text=はな&lang=ja&solution=1" \
    "template=kids-a4&name=Hana&answer-page=0" "levels=3&width=8&height=6&solution=1" "levels=2&age=7&art=car"; do
    s=$((s + 1))
    ask /api/preview "$q&seed=$s"
    twin generate "$q&seed=$s" -f svg -o "$tmp/kind.svg"
    same "$tmp/body" "$tmp/kind.svg"
done
fi

# downloads: byte for byte the command line's, for the same options
if bytes_checked; then
heart="shape=heart&age=4&name=Hana&seed=5&title=A heart for Hana"
for f in pdf:application/pdf svg:image/svg+xml png:image/png json:application/json \
    xlsx:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; do
    fmt=${f%%:*} type=${f#*:}
    q=$heart
    case $fmt in pdf | xlsx) q="$q&answer-page=1" ;; esac
    ask "/api/file?format=$fmt" "$q" "$tmp/dl.$fmt"
    expect "200 $type" "download $fmt"
    twin generate "$q" -f "$fmt" -o "$tmp/cli.$fmt"
    same "$tmp/dl.$fmt" "$tmp/cli.$fmt"
done
bytes "width=9&height=7&seed=2&play=1&answer-page=1" xlsx
# the text and CSV files, named as the command names them (.txt)
bytes "width=9&height=7&seed=2" text
bytes "width=9&height=7&seed=2" csv
disposition=$(curl -s -D - -o /dev/null "${url}api/file?format=text&seed=11" | tr -d '\r' | sed -n 's/^Content-Disposition: //p')
if [ "$disposition" = 'attachment; filename="maze-11.txt"' ]; then ok; else bad "a text file's name: '$disposition'"; fi
bytes "text=はな&lang=ja&seed=8" pdf
cp "$tmp/cli.pdf" "$tmp/cli-ja.pdf"
disposition=$(curl -s -D - -o /dev/null "${url}api/file?format=pdf&seed=11" | tr -d '\r' | sed -n 's/^Content-Disposition: //p')
if [ "$disposition" = 'attachment; filename="maze-11.pdf"' ]; then ok; else bad "disposition: '$disposition'"; fi
# /api/view: the same file for the browser to show (Print, Play): inline
disposition=$(curl -s -D - -o "$tmp/view.pdf" "${url}api/view?format=pdf&text=%E3%81%AF%E3%81%AA&lang=ja&seed=8" |
    tr -d '\r' | sed -n 's/^Content-Disposition: //p')
if [ "$disposition" = 'inline; filename="maze-8.pdf"' ]; then ok; else bad "view disposition: '$disposition'"; fi
same "$tmp/view.pdf" "$tmp/cli-ja.pdf"
ask "/api/view?format=html" "age=6&seed=8" "$tmp/view.html"
expect "200 text/html; charset=utf-8" "view html"
twin generate "age=6&seed=8" -o "$tmp/cli-view.html"
same "$tmp/view.html" "$tmp/cli-view.html"

# booklets: the booklet command's, byte for byte, with --format named (its
# last page prints the command that makes it again: every option but -o)
q="count=6&difficulty=easy-hard&seed=3&fold=1&title=Hana's mazes"
ask "/api/booklet?format=pdf" "$q" "$tmp/dl-book.pdf"
expect "200 application/pdf" "booklet pdf"
twin booklet "$q" --format pdf -o "$tmp/cli-book.pdf"
same "$tmp/dl-book.pdf" "$tmp/cli-book.pdf"
ask "/api/booklet?format=xlsx" "count=3&shape=heart,star&seed=4" "$tmp/dl-book.xlsx"
expect "200 application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" "booklet xlsx"
twin booklet "count=3&shape=heart,star&seed=4" --format xlsx -o "$tmp/cli-book.xlsx"
same "$tmp/dl-book.xlsx" "$tmp/cli-book.xlsx"
fi
get "/api/booklet?format=pdf&count=500"; expect "400 text/plain; charset=utf-8" "count 500"; body_has "up to 100"
get "/api/booklet?format=pdf&count=100&copies=10"; expect "400 text/plain; charset=utf-8" "1000 mazes"
get "/api/booklet?format=pdf&from=300x10"; expect "400 text/plain; charset=utf-8" "from 300x10"
get "/api/booklet?format=png"; expect "400 text/plain; charset=utf-8" "booklet png"
get "/api/booklet?format=pdf&shape=heart,/etc/passwd"; expect "400 text/plain; charset=utf-8" "a path in a list"
get "/api/booklet?format=pdf&names=/etc/passwd"; expect "400 text/plain; charset=utf-8" "names file"
get "/api/booklet?format=pdf&series=$tmp/ledger"; expect "400 text/plain; charset=utf-8" "series ledger"
body_has "writes no file a request names"
absent "$tmp/ledger"
get "/api/booklet?format=pdf&difficulty=impossible"; expect "400 text/plain; charset=utf-8" "difficulty"
body_has "meiro booklet:"

# the page's words: each refusal and warning with its code and values
# (X-Meiro-Message), beside the command's own line; the files each grid
# makes, as /api/choices says, are those the server makes
header() { tr -d '\r' < "$tmp/head" | sed -n "s/^$1: //p"; }
coded() { # coded METHOD-ARGS... -- URL: the answer's code and headers in $tmp/head
    got=$(curl -s --max-time 60 -D "$tmp/head" -o "$tmp/body" -w '%{http_code}' "$@")
}
expect_message() {
    if [ "$(header X-Meiro-Message)" = "$1" ]; then ok; else bad "$2: X-Meiro-Message '$(header X-Meiro-Message)', not '$1'"; fi
}
coded "${url}api/preview?width=500"
expect 400 "width 500"; expect_message "code=side&option=width&max=200" "width 500"
coded "${url}api/preview?text=%E3%81%AF%E3%81%AA&age=4&lang=ja&seed=1" # はな
expect 200 "a name set smaller"
expect_message "code=command&level=warning&option=text&q=%E3%81%AF%E3%81%AA&n=8.0&n=10&n=4&n=10" "a name set smaller"
case "$(header X-Meiro-Warning)" in *is%20set%20in%20cells%20of%208.0%20mm*) ok ;; *) bad "the warning's line: $(header X-Meiro-Warning)" ;; esac
coded "${url}api/preview?width=8&height=8&algorithm=nothing"
expect 400 "an unknown generator"
case "$(header X-Meiro-Message)" in "code=command&level=error&option=algorithm"*) ok ;;
*) bad "an unknown generator: $(header X-Meiro-Message)" ;; esac
get /api/choices
polar=$(sed -n 's/.*"polar":\[\([^]]*\)\].*/\1/p' "$tmp/body" | tr -d '"')
if [ "$polar" = "pdf,png,svg,json,gcode,hpgl,dxf,stl,3mf" ]; then ok; else bad "a polar maze's files: '$polar'"; fi
# what each file can, from the library's format table (meiro_format_can)
xlsx=$(sed -n 's/.*"formats":{.*"xlsx":\[\([^]]*\)\].*/\1/p' "$tmp/body" | tr -d '"')
if [ "$xlsx" = "page,play,answers,weave,missions,booklet" ]; then ok; else bad "what a spreadsheet can: '$xlsx'"; fi
# the files each kind of maze makes, from the library's kinds table
# (meiro_kind_check), are those the server makes
floors=$(sed -n 's/.*"kinds":{.*"floors":\[\([^]]*\)\].*/\1/p' "$tmp/body" | tr -d '"')
if [ "$floors" = "pdf,png,svg,html,json" ]; then ok; else bad "a multi-level maze's files: '$floors'"; fi
# the kinds a playable sheet takes: the same table's pairs
plays=$(sed -n 's/.*"plays":\[\([^]]*\)\].*/\1/p' "$tmp/body" | tr -d '"')
case ",$plays," in *,shape,*,loops,*) ok ;; *) bad "a playable sheet's kinds: '$plays'" ;; esac
case ",$plays," in *,weave,*|*,mission,*|*,floors,*) bad "a playable sheet's kinds: '$plays'" ;; *) ok ;; esac
for fmt in pdf png svg xlsx html json; do
    get "/api/file?format=$fmt&levels=2&width=5&height=4&seed=1"
    case ",$floors," in *",$fmt,"*) want=200 ;; *) want=400 ;; esac
    if [ "${got%% *}" = $want ]; then ok; else bad "floors as $fmt: $got, the kind's files '$floors'"; fi
done
get "/api/file?format=xlsx&weave=30&play=1&seed=1"; expect "400 text/plain; charset=utf-8" "a weave maze to play"
body_has "a playable sheet cannot check a weave maze's crossings"
for fmt in pdf png svg xlsx html json; do
    get "/api/file?format=$fmt&grid=polar&ends=center&height=4&seed=1"
    case ",$polar," in *",$fmt,"*) want=200 ;; *) want=400 ;; esac
    if [ "${got%% *}" = $want ]; then ok; else bad "polar as $fmt: $got, its grid's files '$polar'"; fi
done
coded --data-binary @"$(dirname "$0")/data/photo.png" "${url}api/preview?width=20&height=20&seed=1"
expect 200 "a photo"; expect_message "code=command&level=warning&option=shape&q=picture.png" "a photo"
printf 'no picture\n' > "$tmp/notes.png"
coded --data-binary @"$tmp/notes.png" "${url}api/preview?width=20&height=20&seed=1"
expect 415 "not a picture"; expect_message "code=picture-type" "not a picture"

# weave mazes: generate's --weave, the preview and the files the command line's
if bytes_checked; then
ask /api/preview "weave=40&algorithm=dig&age=6&seed=2"; expect "200 image/svg+xml" "weave preview"
twin generate "weave=40&algorithm=dig&age=6&seed=2" -f svg -o "$tmp/weave.svg"
same "$tmp/body" "$tmp/weave.svg"
bytes "weave=30&algorithm=cluster&width=14&height=10&seed=3&answer-page=1" pdf
fi
get "/api/preview?weave=30&algorithm=wall"; expect "400 text/plain; charset=utf-8" "weave with wall"; body_has "cannot weave"

# the workshop's files: each machine's download its registered type, the
# command's bytes for the same options (--draw paths, --kerf, --ball,
# --lid), and a file that is what it says: G-code's moves, HP-GL's IN;, a
# DXF whose first group past its comments opens the HEADER SECTION and
# that ends with EOF, a binary STL of 84 + 50 x its triangles bytes, a
# 3MF a zip holding its model; what cannot go together refused with the
# command's line and its code
# dxf_start FILE: the DXF's first group code and value past its 999 comments
dxf_start() { awk 'NR % 2 == 1 { code = $1 + 0; next } code != 999 { print code, $0; exit }' "$1" | tr -d '\r'; }
stl_size() { # stl_size FILE: "BYTES 84+50*TRIANGLES" (little-endian count at 80)
    n=$(od -An -t u4 -j 80 -N 4 "$1" | tr -d ' ')
    echo "$(wc -c < "$1" | tr -d ' ') $((84 + 50 * n))"
}
machine="age=6&seed=6"
for f in gcode:"text/plain; charset=utf-8":"draw=paths" hpgl:application/vnd.hp-hpgl:"" \
    dxf:image/vnd.dxf:"draw=paths&kerf=0.15mm" stl:model/stl:"ball=6mm&lid=1" 3mf:model/3mf:"lid=1"; do
    fmt=${f%%:*} rest=${f#*:} type=${rest%%:*} extra=${rest#*:}
    q="$machine${extra:+&$extra}"
    ask "/api/file?format=$fmt" "$q" "$tmp/dl.$fmt"
    expect "200 $type" "the workshop's $fmt"
    if bytes_checked; then
        twin generate "$q" -f "$fmt" -o "$tmp/cli.$fmt"
        same "$tmp/dl.$fmt" "$tmp/cli.$fmt"
    fi
done
if grep -q '^G21' "$tmp/dl.gcode" && grep -q '^G1 X' "$tmp/dl.gcode"; then ok; else bad "the G-code has no moves in mm: $(head -c 200 "$tmp/dl.gcode")"; fi
case "$(head -c 3 "$tmp/dl.hpgl")" in "IN;") ok ;; *) bad "HP-GL starts '$(head -c 20 "$tmp/dl.hpgl")'" ;; esac
if [ "$(dxf_start "$tmp/dl.dxf")" = "0 SECTION" ] && [ "$(tail -n 1 "$tmp/dl.dxf" | tr -d '\r ')" = EOF ]; then ok; else
    bad "the DXF opens with '$(dxf_start "$tmp/dl.dxf")', ends '$(tail -n 1 "$tmp/dl.dxf")'"
fi
if grep -q 'the kerf, 0.1500 mm' "$tmp/dl.dxf"; then ok; else bad "the DXF's outlines do not say the kerf asked"; fi
set -- $(stl_size "$tmp/dl.stl")
if [ "$1" = "$2" ] && [ "$1" -gt 84 ]; then ok; else bad "the STL is $1 bytes, its triangles say $2"; fi
if python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None and "3D/3dmodel.model" in z.namelist()' "$tmp/dl.3mf"; then ok; else
    bad "the 3MF is not a zip holding 3D/3dmodel.model"
fi
disposition=$(curl -s -D - -o /dev/null "${url}api/file?format=3mf&age=5&seed=12" | tr -d '\r' | sed -n 's/^Content-Disposition: //p')
if [ "$disposition" = 'attachment; filename="maze-12.3mf"' ]; then ok; else bad "a 3MF's name: '$disposition'"; fi
# a machine's file leaves the page's words out: said, with its option for the page
coded "${url}api/file?format=dxf&age=6&seed=6"
expect 200 "a DXF's warning"
case "$(header X-Meiro-Message)" in "code=command&level=warning&option=format"*) ok ;; *) bad "a DXF's warning: $(header X-Meiro-Message)" ;; esac
# refused: a weave's centre-lines, centre-lines printed in 3D, a kerf for a
# plotter, a 3D print's sizes on paper, a weave on a laser, a print larger
# than a printer's bed
refused "/api/file?format=svg" "weave=30&draw=paths&seed=1"
refused "/api/file?format=stl" "age=6&draw=paths&seed=1"
refused "/api/file?format=gcode" "age=6&kerf=0.15mm&seed=1"
refused "/api/file?format=pdf" "age=6&lid=1&seed=1"
refused "/api/file?format=dxf" "weave=30&seed=1"
coded "${url}api/file?format=svg&weave=30&draw=paths&seed=1"
case "$(header X-Meiro-Message)" in "code=command&level=error&option=draw"*) ok ;; *) bad "a weave's centre-lines: $(header X-Meiro-Message)" ;; esac
coded "${url}api/file?format=stl&age=9&seed=1"
expect 400 "a print larger than the bed"
case "$(header X-Meiro-Message)" in "code=command&level=error&option=ball&n="*"&n=256") ok ;; *) bad "the bed: $(header X-Meiro-Message)" ;; esac
get "/api/booklet?format=stl"; expect "400 text/plain; charset=utf-8" "a booklet as stl"

# rule mazes: rule=R switches to the rule maze's own options (--rule R
# --age --difficulty --lang --title --copies...); the preview is the
# sheet's page as SVG (solution=1: its key), the files the command's
if bytes_checked; then
for q in "rule=multiples:3&age=7" "rule=aiueo:katakana&lang=ja&difficulty=easy" "rule=sum:20&difficulty=hard&solution=1" \
    "rule=skip:5,10&title=Count by 5"; do
    ask /api/preview "$q&seed=4"; expect "200 image/svg+xml" "rule preview $q"
    twin generate "$q&seed=4" -f svg -o "$tmp/rule.svg"
    same "$tmp/body" "$tmp/rule.svg"
done
get "/api/preview?rule=multiples:3&seed=4"; cp "$tmp/body" "$tmp/rule-p.svg"
get "/api/preview?rule=multiples:3&seed=4&solution=1"
if cmp -s "$tmp/body" "$tmp/rule-p.svg"; then bad "a rule maze's key preview is its puzzle"; else ok; fi
for fmt in pdf xlsx html json svg; do bytes "rule=abc:lower&age=5&seed=9&title=ABC" "$fmt"; done
# the studio's paper choice: a rule maze on Letter, the command line's file
for fmt in pdf svg; do bytes "rule=multiples:3&paper=letter&seed=9" "$fmt"; done
if grep -q 'width="215.9mm"' "$tmp/dl.svg"; then ok; else bad "the rule preview on letter is not Letter"; fi
ask "/api/booklet?format=pdf" "rule=multiples:4&copies=3&per-page=2&seed=3" "$tmp/dl-rule-book.pdf"
expect "200 application/pdf" "rule class set"
twin booklet "rule=multiples:4&copies=3&per-page=2&seed=3" --format pdf -o "$tmp/cli-rule-book.pdf"
same "$tmp/dl-rule-book.pdf" "$tmp/cli-rule-book.pdf"
fi
get "/api/file?format=pdf&rule=multiples:99"; expect "400 text/plain; charset=utf-8" "rule multiples:99"
body_has "meiro generate: --rule multiples:N"
get "/api/file?format=png&rule=abc"; expect "400 text/plain; charset=utf-8" "rule as png"
get "/api/preview?rule=abc&width=9"; expect "400 text/plain; charset=utf-8" "rule with width"; body_has "unknown parameter 'width'"
get "/api/file?format=pdf&rule=words:/etc/passwd"; expect "400 text/plain; charset=utf-8" "rule words:PATH"
body_has "reads no file a request names"
get "/api/booklet?format=pdf&rule=abc&copies=100"; expect "400 text/plain; charset=utf-8" "rule copies 100"
# a word list POSTed as the body: --rule words:words.txt (or chain:) in the upload's folder
mkdir "$tmp/words"
printf 'cat\ndog\ncow\npig\nhen\n--\ncap\ndot\nbow\nbig\npen\n' > "$tmp/words/words.txt"
abs_meiro=$(cd "$(dirname "$meiro")" && pwd)/meiro
for r in words chain; do
    [ $r = chain ] && printf 'cat\ntiger\nrabbit\ntoad\ndog\ngoat\ntrain\n' > "$tmp/words/words.txt"
    got=$(curl -s --max-time 30 -o "$tmp/body" -w '%{http_code} %{content_type}' --data-binary @"$tmp/words/words.txt" \
        "${url}api/file?format=pdf&rule=$r&seed=6")
    expect "200 application/pdf" "rule $r, its list POSTed"
    (cd "$tmp/words" && "$abs_meiro" generate --rule $r:words.txt --seed 6 -o "$tmp/words.pdf")
    same "$tmp/body" "$tmp/words.pdf"
done
got=$(curl -s -o "$tmp/body" -w '%{http_code}' --data-binary @"$tmp/words/words.txt" "${url}api/file?format=pdf&rule=abc")
expect 400 "a word list for abc"; body_has "rule=words or rule=chain"
printf 'cat\000dog\n' > "$tmp/nulwords"
got=$(curl -s -o "$tmp/body" -w '%{http_code}' --data-binary @"$tmp/nulwords" "${url}api/file?format=pdf&rule=words")
expect 400 "a word list with NUL"

# missions (generate's --mission and --one-way): every format the command
# writes them in, byte for byte, each of a mission in turn (the cross
# product proves no more); the others refused with its message
mq="mission=keys:2&age=6&seed=5"
if bytes_checked; then
set -- "$mq" "one-way=20&width=12&height=9&seed=2" "mission=collect:5&shape=heart&age=5&seed=3" \
    "mission=keys:1&one-way=15&text=HANA&age=6&seed=4"
for fmt in pdf svg png html json xlsx; do
    bytes "$1" "$fmt"
    q=$1
    shift
    set -- "$@" "$q"
done
ask /api/preview "$q&solution=1"
twin generate "$q&solution=1" -f svg -o "$tmp/cli-mission.svg"
same "$tmp/body" "$tmp/cli-mission.svg"
fi
# the refusals are the command's one line, word for word (as pdf and xlsx in turn)
fmt=xlsx
for bad in "mission=keys:9" "mission=collect:x" "one-way=200" "mission=keys:2&grid=hex" "mission=keys:2&weave=40" \
    "mission=treasure:3" "$mq&play=1"; do
    if [ $fmt = pdf ]; then fmt=xlsx; else fmt=pdf; fi
    case $bad in *play=1) fmt=xlsx ;; esac
    refused "/api/file?format=$fmt" "$bad&seed=1"
done
body_has "play it as html"

# multi-level mazes (levels=N: generate's --levels): the formats the command
# writes them in, byte for byte; a booklet's kind; the others and bad
# values refused with its message; the cells of all floors counted before
# any work
if bytes_checked; then
for fmt in pdf png html json; do
    q="levels=3&width=9&height=7&seed=4"
    [ $fmt = pdf ] && q="$q&answer-page=1"
    bytes "$q" "$fmt"
done
ask "/api/booklet?format=pdf" "kinds=plain,levels&count=4&seed=7" "$tmp/dl-levels-book.pdf"
expect "200 application/pdf" "a booklet with floors"
twin booklet "kinds=plain,levels&count=4&seed=7" --format pdf -o "$tmp/cli-levels-book.pdf"
same "$tmp/dl-levels-book.pdf" "$tmp/cli-levels-book.pdf"
fi
refused "/api/file?format=xlsx" "levels=3&seed=1"
body_has "write it as pdf, svg, png, html, json"
refused "/api/preview?format=svg" "levels=9"
refused "/api/preview?format=svg" "levels=2&grid=hex"
refused "/api/booklet?format=xlsx" "kinds=plain,levels&count=4"
get "/api/preview?levels=8&width=200&height=200"; expect "400 text/plain; charset=utf-8" "8 floors of 200 x 200"
body_has "all floors together"

# picture mazes: picture=P switches to the picture maze's options (--picture P
# --reverse -W -H and the page's); a built-in shape or letters by name, one's
# own picture POSTed (picture= empty), never a path
if bytes_checked; then
for q in "picture=heart&seed=3" "picture=star&reverse=1&width=24&seed=4&title=Star" "picture=HANA&height=20&seed=2" \
    "picture=はな&lang=ja&height=20&seed=6" "picture=heart&width=24&solution=1&seed=3"; do
    ask /api/preview "$q"; expect "200 image/svg+xml" "picture preview $q"
    twin generate "$q" -f svg -o "$tmp/picture.svg"
    same "$tmp/body" "$tmp/picture.svg"
done
for fmt in pdf png svg xlsx html json; do
    q="picture=cat&reverse=1&width=24&seed=8&name=Hana"
    case $fmt in pdf) q="$q&answer-page=1" ;; xlsx) q="$q&answer-page=1&play=1" ;; esac
    bytes "$q" "$fmt"
done
fi
mkdir "$tmp/picmaze"
# a photo of a house
cp "$(dirname "$0")/data/house.jpg" "$tmp/picmaze/picture.jpg"
got=$(curl -s --max-time 30 -o "$tmp/body" -w '%{http_code}' --data-binary @"$tmp/picmaze/picture.jpg" \
    "${url}api/file?format=pdf&picture=&width=24&seed=3")
expect 200 "a picture maze of one's own picture, POSTed"
(cd "$tmp/picmaze" && "$abs_meiro" generate --picture picture.jpg --width 24 --seed 3 -o "$tmp/picmaze.pdf")
same "$tmp/body" "$tmp/picmaze.pdf"
get "/api/preview?picture=/etc/passwd"; expect "400 text/plain; charset=utf-8" "picture path"; body_has "reads no file"
get "/api/preview?picture=../x.png"; expect "400 text/plain; charset=utf-8" "picture relative path"
get "/api/preview?picture="; expect "400 text/plain; charset=utf-8" "picture= without a body"; body_has "POST a picture"
got=$(curl -s -o "$tmp/body" -w '%{http_code}' --data-binary @"$tmp/picmaze/picture.jpg" "${url}api/preview?picture=heart")
expect 400 "a picture named and one POSTed"
get "/api/preview?picture=heart&age=5"; expect "200 image/svg+xml" "a picture maze for a child of 5"
get "/api/preview?picture=heart&ends=border"; expect "400 text/plain; charset=utf-8" "a picture maze takes no ends"
body_has "unknown parameter 'ends'"
refused "/api/preview?format=svg" "picture=heart&width=abc&seed=1"
get "/api/preview?picture=HANA&height=10"; expect "400 text/plain; charset=utf-8" "letters 10 high"; body_has "at least 18"
get "/api/preview?picture=ABCDEFGHIJKLMNOPQRSTUVWXYZ"; expect "400 text/plain; charset=utf-8" "long letters"
get "/api/preview?picture=HANA&height=60"; expect "400 text/plain; charset=utf-8" "letters 60 high"

# hidden messages (--message TEXT, a rule maze): the page and files the command's
if bytes_checked; then
for fmt in pdf svg html json xlsx; do bytes "message=WELL DONE&age=7&seed=4" "$fmt"; done
ask /api/preview "message=よくできました&lang=ja&seed=2&solution=1"
twin generate "message=よくできました&lang=ja&seed=2&solution=1" -f svg -o "$tmp/cli-message.svg"
same "$tmp/body" "$tmp/cli-message.svg"
ask "/api/booklet?format=pdf" "message=HELLO&copies=3&seed=5" "$tmp/dl-message-book.pdf"
expect "200 application/pdf" "a class set of hidden messages"
twin booklet "message=HELLO&copies=3&seed=5" --format pdf -o "$tmp/cli-message-book.pdf"
same "$tmp/dl-message-book.pdf" "$tmp/cli-message-book.pdf"
fi
get "/api/preview?message=A"; expect "400 text/plain; charset=utf-8" "a message of one letter"
body_has "meiro generate: --message: at least 3 letters"
get "/api/preview?message=HELLO&rule=abc"; expect "400 text/plain; charset=utf-8" "a message and a rule"

# the issue's class set, as the studio asks for it (answers=key): the
# command's bytes; every version's sheets (pages 1-12), then the key of
# all three, labelled; the pupils' names POSTed with same-mazes=1: their
# sheets, then one key
q="count=4&difficulty=easy-hard&answers=key&seed=5&copies=3"
ask "/api/booklet?format=pdf" "$q" "$tmp/dl-class.pdf"
expect "200 application/pdf" "the issue's class set"
if bytes_checked; then
    twin booklet "$q" --format pdf -o "$tmp/cli-class.pdf"
    same "$tmp/dl-class.pdf" "$tmp/cli-class.pdf"
fi
printf 'Hana\nKen\nO'"'"'Brien\n' > "$tmp/class-names"
got=$(curl -s --max-time 60 -o "$tmp/dl-same.pdf" -w '%{http_code}' --data-binary @"$tmp/class-names" \
    "${url}api/booklet?format=pdf&count=2&answers=key&seed=5&same-mazes=1")
expect 200 "the same mazes for the names POSTed"
if need pdftotext; then
    # P a sheet, A an answer page, its first caption after it
    pages_of() {
        n=$(pdftotext "$1" - | grep -c "$(printf '\f')")
        k=1
        while [ $k -le "$n" ]; do
            t=$(pdftotext -f $k -l $k "$1" - | tr '\n' ' ')
            case $t in Answers*) printf 'A(%s)' "$(printf '%s' "$t" | sed 's/^Answers *\([^N]*No\. [0-9]*\).*/\1/')" ;; *) printf P ;; esac
            k=$((k + 1))
        done
    }
    p=$(pages_of "$tmp/dl-class.pdf")
    [ "$p" = "PPPPPPPPPPPPA(Version A · No. 1)A(Version B · No. 3)" ] && ok || bad "the class set's pages: $p"
    p=$(pages_of "$tmp/dl-same.pdf")
    [ "$p" = "PPPPPPA(Answer to No. 1)" ] && ok || bad "the same mazes' pages: $p"
fi

# booklets of the newer kinds (--kinds): the booklet command's, byte for
# byte (a class set's and a folded one's: make check)
if bytes_checked; then
set -- "kinds=plain,weave,keys,collect,one-way&count=6"
full && set -- "$@" "kinds=keys&count=4&copies=2&answers=key" "kinds=weave,one-way&count=4&fold=1"
for q in "$@" xlsx:"kinds=weave,keys&count=4"; do
    fmt=pdf
    case $q in xlsx:*) fmt=xlsx q=${q#xlsx:} ;; esac
    ask "/api/booklet?format=$fmt" "$q&seed=7" "$tmp/dl-kinds.$fmt"
    case "$got" in 200*) ok ;; *) bad "booklet $q as $fmt: $got" ;; esac
    twin booklet "$q&seed=7" --format $fmt -o "$tmp/cli-kinds.$fmt"
    same "$tmp/dl-kinds.$fmt" "$tmp/cli-kinds.$fmt"
done
fi
get "/api/booklet?format=pdf&kinds=keys&shape=heart"; expect "400 text/plain; charset=utf-8" "keys in a heart"
get "/api/booklet?format=pdf&kinds=bogus"; expect "400 text/plain; charset=utf-8" "kinds=bogus"
body_has "unknown kind of maze 'bogus'"

# a bad value: 400 and the command line's own one-line message
get "/api/preview?width=abc"; expect "400 text/plain; charset=utf-8" "width=abc"
"$meiro" generate --width abc -f svg -o - 2> "$tmp/cli.err" > /dev/null
if [ "$(cat "$tmp/body")" = "$(head -1 "$tmp/cli.err")" ]; then ok; else bad "message '$(cat "$tmp/body")', not the CLI's"; fi
get "/api/file?format=pdf&algorithm=nope"; expect "400 text/plain; charset=utf-8" "algorithm=nope"
body_has "unknown algorithm 'nope'"
get "/api/file?format=xlsx&grid=hex"; expect "400 text/plain; charset=utf-8" "xlsx of hexagons"; body_has "xlsx cannot show"
get "/api/file?format=doc"; expect "400 text/plain; charset=utf-8" "format=doc"
get "/api/file"; expect "400 text/plain; charset=utf-8" "no format"
get "/api/preview?format=pdf"; expect "400 text/plain; charset=utf-8" "preview as pdf"
get "/api/preview?bogus=1"; expect "400 text/plain; charset=utf-8" "unknown parameter"; body_has "unknown parameter 'bogus'"
get "/api/preview?play=maybe"; expect "400 text/plain; charset=utf-8" "switch"

# limits before any work, and no path read or file written
get "/api/preview?width=5000&height=5000"; expect "400 text/plain; charset=utf-8" "5000 x 5000"; body_has "up to 200"
get "/api/preview?width=200&height=200&seed=1"; expect "200 image/svg+xml" "200 x 200, the largest"
get "/api/file?format=xlsx&width=150&height=150"; expect "400 text/plain; charset=utf-8" "xlsx 150 x 150"
get "/api/file?format=png&dpi=2400"; expect "400 text/plain; charset=utf-8" "dpi 2400"
get "/api/preview?shape=/etc/passwd"; expect "400 text/plain; charset=utf-8" "shape path"; body_has "built-in names"
get "/api/preview?template=../templates/kids-a4.ini"; expect "400 text/plain; charset=utf-8" "template path"
for p in "output=$tmp/x.pdf" "animate=$tmp/x.svg" "frames=$tmp" "answers-to=$tmp/a.pdf" help=1; do
    get "/api/preview?$p"; expect "400 text/plain; charset=utf-8" "$p"
done
absent "$tmp/x.pdf"
get "/api/preview?text=$(python3 -c 'print("AB" * 33)')"; expect "400 text/plain; charset=utf-8" "long text"
body_has "up to 64 bytes"
# a name longer than the studio's box once held (8): whole, as the command sets it
get "/api/preview?text=Christopher&age=6&seed=3"; expect "200 image/svg+xml" "Christopher at 6"
long=$(python3 -c 'print("&".join("title=x" for _ in range(60)))')
get "/api/preview?$long"; expect "400 text/plain; charset=utf-8" "60 parameters"

# methods, hosts, huge and slow headers, garbage: answered, the server unharmed
for m in POST PUT DELETE PATCH OPTIONS HEAD; do
    got=$(curl -s -o /dev/null -w '%{http_code}' -X "$m" --max-time 10 "$url")
    expect 405 "method $m"
done
head -c 300000 /dev/zero > "$tmp/upload"
got=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 --data-binary @"$tmp/upload" "$url")
expect 405 "a POST with a 300 KB body to the page"
got=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 --data-binary @"$tmp/upload" "${url}api/booklet?format=pdf")
expect 413 "a POST with a 300 KB body to a booklet (names: 4 KB)"

# uploads: a picture POSTed as the body is the shape, the same maze as the
# command line's for that file (named picture.EXT: the footer names it);
# what is not a picture, too big or empty is refused before any work, a
# picture the library cannot read gets its message; no file stays behind
post() { # post FILE PATH-AND-QUERY: the answer in $tmp/body, "CODE TYPE" in $got
    got=$(curl -s --max-time 30 -o "$tmp/body" -w '%{http_code} %{content_type}' --data-binary @"$1" "$url${2#/}")
}
mkdir "$tmp/pic"
cp "$(dirname "$0")/data/house.jpg" "$tmp/pic/picture.jpeg"
"$meiro" generate -W 6 -H 6 --seed 1 --crop --dpi 40 -o "$tmp/pic/picture.png"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4"/></svg>' \
    > "$tmp/pic/picture.svg"
python3 - "$tmp/pic/picture.bmp" << 'EOF2'
import struct, sys
w = h = 16  # a dark disc on white, 24 bits, rows bottom-up, each padded to 4 bytes
rows = b"".join(b"".join(b"\0\0\0" if (x - 7.5) ** 2 + (y - 7.5) ** 2 < 40 else b"\xff\xff\xff" for x in range(w))
                for y in range(h))
head = struct.pack("<2sIHHI", b"BM", 54 + len(rows), 0, 0, 54)
info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(rows), 2835, 2835, 0, 0)
open(sys.argv[1], "wb").write(head + info + rows)
EOF2
for ext in jpeg png svg bmp; do
    post "$tmp/pic/picture.$ext" "/api/preview?width=16&height=16&seed=2"
    # the command's answer for that file: its maze, or the same refusal.
    # A picture's drawing past its processor-time budget (under
    # AddressSanitizer on a busy machine) is a matter of timing, each run
    # its own: then the other side may have drawn it in time
    if "$meiro" generate --shape "$tmp/pic/picture.$ext" -W 16 -H 16 --seed 2 -f svg -o "$tmp/pic.svg" \
        2> "$tmp/pic.err"; then
        if [ "$got" != "200 image/svg+xml" ] && grep -q "to draw: refused" "$tmp/body"; then
            echo "serve: upload $ext past the server's drawing budget here: $(head -c 200 "$tmp/body")"
            ok
            continue
        fi
        expect "200 image/svg+xml" "upload $ext"
        case "$got" in 200*) ;; *) echo "serve: upload $ext answered: $(head -c 300 "$tmp/body")" ;; esac
        same "$tmp/body" "$tmp/pic.svg"
    elif [ "$got" = "200 image/svg+xml" ] && grep -q "to draw: refused" "$tmp/pic.err"; then
        echo "serve: upload $ext past the command's drawing budget here: $(head -1 "$tmp/pic.err")"
        ok
    else
        expect "422 text/plain; charset=utf-8" "upload $ext, refused as the command refuses it ($(head -1 "$tmp/pic.err"))"
    fi
done
post "$tmp/pic/picture.png" "/api/file?format=pdf&width=16&height=16&seed=3&answer-page=1"
expect "200 application/pdf" "upload, pdf"
"$meiro" generate --shape "$tmp/pic/picture.png" -W 16 -H 16 --seed 3 --answer-page -o "$tmp/pic.pdf"
same "$tmp/body" "$tmp/pic.pdf"
echo "not a picture" > "$tmp/text.txt"
post "$tmp/text.txt" "/api/preview"; expect "415 text/plain; charset=utf-8" "upload of text"; body_has "not a PNG, JPEG"
: > "$tmp/empty"
post "$tmp/empty" "/api/preview"; expect "400 text/plain; charset=utf-8" "empty upload"
head -c 2100000 /dev/zero > "$tmp/big"
post "$tmp/big" "/api/preview"; expect "413 text/plain; charset=utf-8" "2.1 MB upload"; body_has "2 MB"
got=$(curl -s -o "$tmp/body" -w '%{http_code}' -H "Transfer-Encoding: chunked" --data-binary @"$tmp/big" "${url}api/preview")
expect 413 "2.1 MB upload, chunked (no length)"
post "$tmp/pic/picture.png" "/api/preview?shape=heart"; expect "400 text/plain; charset=utf-8" "upload and shape"
printf '\211PNG\r\n\032\nbroken' > "$tmp/broken.png"
post "$tmp/broken.png" "/api/preview"; expect "422 text/plain; charset=utf-8" "a broken PNG"; body_has "picture.png"
if grep -q "$tmp" "$tmp/body"; then bad "the message shows the server's path: $(cat "$tmp/body")"; else ok; fi
# a browser form's multipart/form-data: its one file part is the body, the
# same maze as the raw body's; a second file, a field that is not names or
# words, or a form without its boundary is refused
got=$(curl -s --max-time 30 -o "$tmp/body" -w '%{http_code} %{content_type}' -F "picture=@$tmp/pic/picture.png" \
    "${url}api/file?format=pdf&width=16&height=16&seed=3&answer-page=1")
expect "200 application/pdf" "a picture from a form (curl -F)"
same "$tmp/body" "$tmp/pic.pdf"
got=$(curl -s --max-time 30 -o "$tmp/body" -w '%{http_code}' -F "file=@$tmp/pic/picture.png" \
    "${url}api/view?format=pdf&width=16&height=16&seed=3&answer-page=1")
expect 200 "a picture from a form, to view (the page's Print)"
same "$tmp/body" "$tmp/pic.pdf"
got=$(curl -s -o "$tmp/body" -w '%{http_code}' -F "a=@$tmp/pic/picture.png" -F "b=@$tmp/pic/picture.svg" "${url}api/preview")
expect 400 "a form of two files"; body_has "one file"
got=$(curl -s -o "$tmp/body" -w '%{http_code}' -F "width=5" "${url}api/preview")
expect 400 "a form's option field"; body_has "in the query"
got=$(curl -s -o "$tmp/body" -w '%{http_code}' -H "Content-Type: multipart/form-data" --data-binary @"$tmp/pic/picture.png" "${url}api/preview")
expect 400 "multipart without a boundary"
got=$(curl -s -o "$tmp/body" -w '%{http_code}' -F "picture=@$tmp/text.txt" "${url}api/preview")
expect 415 "a form's file that is no picture"
# a booklet's class set from a list of names POSTed as the body: the
# booklet command's with --names names.txt, byte for byte
mkdir "$tmp/names"
printf 'Hana\nKen\n\nAiko\n' > "$tmp/names/names.txt"
post "$tmp/names/names.txt" "/api/booklet?format=pdf&count=3&answers=key&seed=4"
expect "200 application/pdf" "a class set from names"
abs_meiro=$(cd "$(dirname "$meiro")" && pwd)/meiro
(cd "$tmp/names" && "$abs_meiro" booklet --count 3 --answers key --seed 4 --names names.txt --format pdf \
    -o "$tmp/names.pdf" 2> /dev/null)
same "$tmp/body" "$tmp/names.pdf"
got=$(curl -s --max-time 30 -o "$tmp/body" -w '%{http_code}' -F "names=<$tmp/names/names.txt"     "${url}api/booklet?format=pdf&count=3&answers=key&seed=4")
expect 200 "a class set from a form's names field"
same "$tmp/body" "$tmp/names.pdf"
python3 -c 'print("\n".join("Pupil %d" % i for i in range(41)))' > "$tmp/41names"
post "$tmp/41names" "/api/booklet?format=pdf&count=2&answers=key"; expect "400 text/plain; charset=utf-8" "41 names"
printf 'Hana\000Ken\n' > "$tmp/nulnames"
post "$tmp/nulnames" "/api/booklet?format=pdf"; expect "400 text/plain; charset=utf-8" "names with NUL"
printf '\n  \n' > "$tmp/nonames"
post "$tmp/nonames" "/api/booklet?format=pdf"; expect "400 text/plain; charset=utf-8" "no names"; body_has "one a line"
left=$(find "$tmp/t" -mindepth 2 | head -3)
if [ -z "$left" ]; then ok; else bad "uploads left behind: $left"; fi
got=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: evil.example:80" "$url")
expect 421 "a foreign Host (DNS rebinding)"
big=$(head -c 60000 /dev/zero | tr '\0' a)
got=$(curl -s -o /dev/null -w '%{http_code}' -H "X-Big: $big" "$url")
case "$got" in 4[0-9][0-9] | 000) ok ;; *) bad "a 60 KB header: $got" ;; esac
python3 - "$url" > "$tmp/raw.out" 2>&1 << 'EOF'
import socket, sys, time, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
addr = (u.hostname, u.port)
# bad request lines: an error status or a closed connection, never a hang
# (bytes that are no request at all wait for the connection's timeout)
for raw in (b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n"):
    s = socket.create_connection(addr, timeout=5)
    s.sendall(raw)
    try:
        reply = s.recv(200)
    except socket.timeout:
        reply = b"TIMEOUT"
    print("raw", raw[:12], reply.split(b"\r\n")[0])
    s.close()
s = socket.create_connection(addr, timeout=5)
s.sendall(b"\x00\x01\x02garbage\r\n\r\n" * 100)
s.close()
# slow headers (slowloris): 30 connections trickle, a normal request still gets through
slow = []
for i in range(30):
    s = socket.create_connection(addr, timeout=5)
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    slow.append(s)
t = time.time()
s = socket.create_connection(addr, timeout=10)
s.sendall(b"GET /api/choices HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n" % (u.hostname.encode(), u.port))
print("beside slow clients:", s.recv(100).split(b"\r\n")[0], "in %.2f s" % (time.time() - t))
for s in slow:
    s.close()
EOF
if grep -q "TIMEOUT" "$tmp/raw.out"; then bad "a raw request hung: $(cat "$tmp/raw.out")"; else ok; fi
if grep -q "beside slow clients: b'HTTP/1.1 200 OK'" "$tmp/raw.out"; then ok; else bad "slow clients: $(cat "$tmp/raw.out")"; fi
get /api/choices; expect "200 application/json" "alive after the abuse"

# ---- a hostile client (issue 36) ----
# another site's page may not have a visitor's browser make mazes here (an
# <img>, a form, a fetch): 403 and why; the studio's own requests, a typed
# address and clients that are no browser (curl) are answered
cross() { # cross CODE WHAT CURL-ARGS...: the answer's code
    want=$1 what=$2
    shift 2
    got=$(curl -s -o "$tmp/body" -w '%{http_code}' --max-time 30 "$@")
    expect "$want" "$what"
}
coded -H "Sec-Fetch-Site: cross-site" "${url}api/preview?seed=1"
expect 403 "a cross-site <img> GET"; expect_message "code=cross-site" "a cross-site <img> GET"
body_has "another site"
cross 403 "a same-site page on another port" -H "Sec-Fetch-Site: same-site" "${url}api/file?format=pdf"
cross 403 "a cross-site form's POST" -H "Origin: http://evil.example" --data-binary @"$tmp/pic/picture.png" "${url}api/preview"
cross 403 "a sandboxed page's fetch (Origin: null)" -H "Origin: null" "${url}api/booklet?format=pdf"
cross 403 "a foreign Origin with same-origin claimed" -H "Origin: http://evil.example" -H "Sec-Fetch-Site: same-origin" "${url}api/choices"
own=${url%/}
cross 200 "the studio's fetch" -H "Origin: $own" -H "Sec-Fetch-Site: same-origin" --data-binary @"$tmp/pic/picture.png" "${url}api/preview?width=8&height=8"
cross 200 "the studio's <img>" -H "Sec-Fetch-Site: same-origin" "${url}api/preview?seed=1"
cross 200 "an address typed in the browser" -H "Sec-Fetch-Site: none" "${url}api/file?format=pdf&seed=1"
cross 200 "the page from another site's link" -H "Sec-Fetch-Site: cross-site" "$url"

# a seed with a leading tab or newline: refused (it reached a header raw)
for s in %097 %0A7 %207; do
    get "/api/preview?seed=$s"; expect "400 text/plain; charset=utf-8" "seed=$s"; body_has "whole number"
done
run 2 "$meiro" generate --seed "	7" -o /dev/null; err_has "whole number"
# a refused upload is always 422 (the request well formed, its file not
# usable): a broken picture, one too large, a name too long
python3 -c '
import struct, sys, zlib
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 60000, 60000, 8, 0, 0, 0, 0))
                               + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))' "$tmp/huge.png"
post "$tmp/huge.png" "/api/preview"; expect "422 text/plain; charset=utf-8" "a 60000 x 60000 PNG"; body_has "pixels"
post "$tmp/broken.png" "/api/preview"; expect "422 text/plain; charset=utf-8" "a broken PNG, again"
python3 -c 'print("x" * 61); print("Ken")' > "$tmp/longname"
post "$tmp/longname" "/api/booklet?format=pdf&count=2&answers=key"; expect "422 text/plain; charset=utf-8" "a name of 61 bytes"
body_has "at most 60 bytes"
# a class set without answers=: its key after every pupil's sheets in the
# one file the server sends (the library's rule for -o -), not a refusal
post "$tmp/names/names.txt" "/api/booklet?format=pdf&count=2"; expect "200 application/pdf" "names without answers="

# slow clients: 128 that send a header line every second hold no
# connection past the headers' deadline (10 s, however they trickle), and
# a preview beside them all is served at once (the slowest asker is cut
# off for room); 16 half-sent uploads from one address leave another's
# picture its room (that address gets 429). Timings printed, not asserted.
# (In the background: the abandoned request below runs meanwhile.)
python3 - "$url" "$tmp/pic/picture.png" > "$tmp/slow.out" 2>&1 << 'EOF2' &
import socket, sys, time, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
addr = (u.hostname, u.port)
host = b"Host: %s:%d\r\n" % (u.hostname.encode(), u.port)
pic = open(sys.argv[2], "rb").read()
def connect(src="127.0.0.1"):
    s = socket.socket()
    s.settimeout(30)
    s.bind((src, 0))
    s.connect(addr)
    return s
def status(s):
    reply = b""
    while True:
        try:
            b = s.recv(65536)
        except OSError:
            break
        if not b:
            break
        reply += b
    s.close()
    head = reply.split(b"\r\n\r\n")[0].split(b"\r\n")
    said = [h[17:] for h in head if h.lower().startswith(b"x-meiro-message: ")]
    return (head[0] + b"".join(b" " + m for m in said)).decode()
slow = []
for i in range(128):
    s = connect()
    s.sendall(b"GET / HTTP/1.1\r\n" + host)
    slow.append(s)
t = time.time()
s = connect()
s.sendall(b"GET /api/preview?width=12&height=16&seed=1 HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
print("preview beside 128 slow clients:", status(s))
print("serve: a preview beside 128 slow clients in %.2f s" % (time.time() - t))
start = time.time()
left = set(range(len(slow)))
while left and time.time() - start < 40:
    for i in list(left):
        try:
            slow[i].sendall(b"X-Slow: 1\r\n")
        except OSError:
            left.discard(i)
    time.sleep(1)
print("slow clients still connected after %.0f s: %d" % (time.time() - start, len(left)))
for s in slow:
    s.close()
half = []
for i in range(16):
    s = connect()
    s.sendall(b"POST /api/preview HTTP/1.1\r\n" + host + b"Content-Length: 2000000\r\n\r\n" + b"\0" * 1100000)
    half.append(s)
time.sleep(0.5)
def picture(src):
    s = connect(src)
    s.sendall(b"POST /api/preview?width=8&height=8&seed=1 HTTP/1.1\r\n" + host +
              b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(pic) + pic)
    return status(s)
print("a picture from another address beside 16 half-sent uploads:", picture("127.0.0.2"))
print("a picture from their address:", picture("127.0.0.1"))
for s in half:
    s.close()
EOF2
slow_clients=$!

# an abandoned request: its client gone, its child is killed (a class set
# of 400 mazes takes seconds more than the client waits)
# every process below the server (its keeper and zygote, the zygote's
# children, what they started), and of those the requests' children: each
# leads a group of its own
descendants() {
    d=$(ps -o pid= --ppid "$pid" | tr -d ' ')
    all=""
    while [ -n "$d" ]; do
        all="$all $d"
        d=$(ps -o pid= --ppid "$(echo $d | tr ' ' ',')" | tr -d ' ')
    done
    echo $all
}
children() {
    set -- $(descendants)
    [ $# -gt 0 ] && ps -o pid=,pgid= -p "$(echo "$@" | tr ' ' ',')" | awk '$1 == $2 { print $1 }'
}
curl -s -o /dev/null --max-time 1 "${url}api/booklet?format=pdf&count=100&copies=4&answers=key&from=40x40&to=60x60" &
c=$!
child="" i=0
while [ $i -lt 100 ] && [ -z "$child" ]; do child=$(children); sleep 0.05; i=$((i + 1)); done
wait $c
i=0
while [ $i -lt 30 ] && [ -n "$(children)" ]; do sleep 0.1; i=$((i + 1)); done
if [ -n "$child" ] && [ -z "$(children)" ]; then ok; else bad "an abandoned request's child ('$child') still runs: $(children)"; fi
wait $slow_clients
grep "^serve:" "$tmp/slow.out"
if grep -q "preview beside 128 slow clients: HTTP/1.1 200" "$tmp/slow.out"; then ok; else bad "slow clients: $(cat "$tmp/slow.out")"; fi
if grep -q "slow clients still connected after [0-9]* s: 0$" "$tmp/slow.out"; then ok; else bad "slow clients held on: $(cat "$tmp/slow.out")"; fi
if grep -q "another address beside 16 half-sent uploads: HTTP/1.1 200" "$tmp/slow.out"; then ok; else bad "uploads: $(cat "$tmp/slow.out")"; fi
if grep -q "from their address: HTTP/1.1 429 Too Many Requests code=address-uploads&max=8$" "$tmp/slow.out"; then ok
else bad "uploads: $(cat "$tmp/slow.out")"; fi
get /api/choices; expect "200 application/json" "alive after the hostile client"

# load: N preview requests from 8 clients at once, zero errors; timings
# printed only. Under ASan too: the children are forked by the zygote, a
# process of one thread (GCC 12's ASan does not make fork safe in a threaded
# one: a child forked while a connection's thread held the sanitizer's
# allocator lock waited on it for ever, and the server forked them once).
n=40
full && n=500
i=0
: > "$tmp/load.cfg"
while [ $i -lt $n ]; do
    printf 'url = "%sapi/preview?width=12&height=16&seed=%d"\noutput = "/dev/null"\n' "$url" "$i" >> "$tmp/load.cfg"
    i=$((i + 1))
done
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"; }
rss_before=$(rss)
start=$(date +%s)
curl -s --no-progress-meter --parallel --parallel-max 8 --max-time 60 -K "$tmp/load.cfg" -w '%{http_code} %{time_total}\n' > "$tmp/load.out"
took=$(($(date +%s) - start))
errors=$(grep -cv '^200 ' "$tmp/load.out")
answered=$(wc -l < "$tmp/load.out")
if [ "$answered" -eq "$n" ] && [ "$errors" -eq 0 ]; then ok; else
    bad "load: $answered answers of $n, $errors errors: $(grep -v '^200 ' "$tmp/load.out" | cut -d' ' -f1 | sort | uniq -c | tr '\n' ' ')"
fi
if [ "$took" -le 120 ]; then ok; else bad "load: $n previews took $took s"; fi
rss_after=$(rss)
echo "serve memory: $rss_before kB before the load, $rss_after kB after"
if [ "$rss_after" -lt $((rss_before + 16384)) ]; then ok; else bad "the server grew by $((rss_after - rss_before)) kB over the load"; fi
sort -n -k2 "$tmp/load.out" | awk -v n="$n" -v took="$took" '
    { t[NR] = $2 }
    END { printf "serve load: %d previews from 8 clients in %d s, p50 %.0f ms, p99 %.0f ms\n",
          n, took, t[int(NR * 0.5) + 1] * 1000, t[int(NR * 0.99) + (NR * 0.99 > int(NR * 0.99))] * 1000 }'

# a clean stop: SIGTERM, then (its default restored, as a terminal has it)
# SIGINT; a request in the making is stopped (its connection closed), its
# child killed
curl -s -o "$tmp/body" -w '%{http_code}' --max-time 60 \
    "${url}api/booklet?format=pdf&count=100&copies=4&answers=key&from=40x40&to=60x60" > "$tmp/stop.code" &
c=$!
child="" i=0
while [ $i -lt 200 ] && [ -z "$child" ]; do child=$(children); sleep 0.05; i=$((i + 1)); done
kill -TERM "$pid"; wait "$pid"; status=$?; pid=""
wait $c
if [ "$status" -eq 0 ]; then ok; else bad "SIGTERM: exit $status"; fi
if [ "$(cat "$tmp/stop.code")" != 200 ] && [ -n "$child" ] && ! kill -0 "$child" 2> /dev/null; then ok; else
    bad "SIGTERM beside a request: answered $(cat "$tmp/stop.code"), its child '$child' $(ps -o stat= -p "${child:-1}")"
fi
left=$(find "$tmp/t" -mindepth 1 | head -3)
if [ -z "$left" ]; then ok; else bad "the uploads' folder stayed: $left"; fi
if grep -q "stopped" "$tmp/serve.err"; then ok; else bad "no 'stopped' after SIGTERM"; fi
if start_server env --default-signal=INT; then
    kill -INT "$pid"; wait "$pid"; status=$?; pid=""
    if [ "$status" -eq 0 ]; then ok; else bad "SIGINT: exit $status"; fi
fi

# the server killed outright (SIGKILL) mid-request, during a Ghostscript
# run when gs is here: no process of its own is left (its keeper, the
# request's child and what the child started) and nothing in its TMPDIR
mkdir "$tmp/k"
if start_server env TMPDIR="$tmp/k"; then
    if command -v gs > /dev/null; then
        slow_q="format=pdf&count=100&answers=key&print=ingram" started=gs
    else
        slow_q="format=pdf&count=100&copies=4&answers=key&from=40x40&to=60x60" started=meiro
    fi
    curl -s -o /dev/null --max-time 60 "${url}api/booklet?$slow_q" &
    c=$!
    mine="" i=0
    while [ $i -lt 400 ]; do # up to 20 s for the child, and gs in it, to start
        below=$(descendants)
        if [ "$started" = meiro ] || ps -o comm= -p "$(echo $below | tr ' ' ',')" 2> /dev/null | grep -qx gs; then
            [ -n "$(children)" ] && mine="$pid $below" && break
        fi
        sleep 0.05
        i=$((i + 1))
    done
    kill -KILL "$pid"
    wait "$pid" 2> /dev/null
    pid=""
    left="" i=0
    while [ $i -lt 100 ]; do # the keeper takes what the children leave as they die
        left=$(ps -o pid=,comm= -p "$(echo $mine | tr ' ' ',')" 2> /dev/null)
        files=$(find "$tmp/k" -mindepth 1 | head -3)
        [ -z "$left$files" ] && break
        sleep 0.1
        i=$((i + 1))
    done
    wait $c
    if [ -n "$mine" ] && [ -z "$left" ]; then ok; else bad "SIGKILL mid-request ($started; processes: ${mine:-none seen}): left $left"; fi
    if [ -z "$files" ]; then ok; else bad "SIGKILL mid-request: files left in TMPDIR: $files"; fi
    echo "serve: SIGKILL during a $started run: all gone in $((i / 10)).$((i % 10)) s"
fi

# beyond loopback, one address has 2 requests in the making at most: the
# others are refused at once with 429 and Retry-After (never a hang, never
# the machine's memory); --jobs is checked
run 2 "$meiro" serve --jobs 0; err_has "from 1 to 64"
: > "$tmp/any.out"
"$meiro" serve --listen 0.0.0.0 --port 0 --jobs 1 > "$tmp/any.out" 2> "$tmp/any.err" &
pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q "http://" "$tmp/any.out"; do sleep 0.1; i=$((i + 1)); done
url=$(sed -n 's|.*\(http://[^ ]*/\).*|\1|p' "$tmp/any.out")
if grep -q "1 maze at once" "$tmp/any.err"; then ok; else bad "--jobs 1 not said: $(cat "$tmp/any.err")"; fi
# booklets still in the making when the others arrive (curl opens all five
# at once). Both made ones must come back: a child forked while another
# thread held a lock it needed hung there till the 20 s budget (glibc's
# time lock, pango's idle font threads, ASan's allocator), and this test saw
# it as two 503s; the zygote, a process of one thread, forks them now.
busy="count=6&from=20x20&to=30x30"
: > "$tmp/busy.cfg"
for i in 1 2 3 4 5; do
    printf 'url = "%sapi/booklet?format=pdf&%s&seed=%d"\noutput = "/dev/null"\n' \
        "$url" "$busy" "$i" >> "$tmp/busy.cfg"
done
curl -s --no-progress-meter --parallel --parallel-immediate --parallel-max 5 --max-time 120 -K "$tmp/busy.cfg" \
    -w '%{http_code} %header{retry-after}\n' > "$tmp/busy.out"
if grep -q '^200 ' "$tmp/busy.out" && grep -q '^429 5$' "$tmp/busy.out" &&
    ! grep -qv '^\(200 \|429 5\|503 5\)$' "$tmp/busy.out"; then
    ok
else
    bad "5 booklets at once from one address: $(tr '\n' ' ' < "$tmp/busy.out")"
fi
stop_server

# 0.0.0.0: the warning that nobody is asked for a password
: > "$tmp/any.out"
"$meiro" serve --listen 0.0.0.0 --port 0 > "$tmp/any.out" 2> "$tmp/any.err" &
pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q "http://" "$tmp/any.out"; do sleep 0.1; i=$((i + 1)); done
stop_server
if grep -q "no password" "$tmp/any.err"; then ok; else bad "--listen 0.0.0.0 without the warning: $(cat "$tmp/any.err")"; fi

# the server's own lines in the locale's language (the address, how to
# stop, its stop), its children's messages English (the page words them)
if start_server env LC_ALL= LANG=fr_FR.UTF-8; then
    if grep -q "^meiro serve: ouvrez http://.* dans un navigateur (Ctrl-C arrête le serveur)" "$tmp/serve.out"; then ok; else
        bad "the start line not in French: $(cat "$tmp/serve.out")"
    fi
    if grep -q "labyrinthes à la fois (--jobs)" "$tmp/serve.err"; then ok; else bad "--jobs not in French: $(cat "$tmp/serve.err")"; fi
    get "/api/preview?width=0"; expect "400 text/plain; charset=utf-8" "a child's message"
    body_has "must be a whole number"
    kill -TERM "$pid"; wait "$pid"; pid=""
    if grep -q "^meiro serve: arrêté" "$tmp/serve.err"; then ok; else bad "the stop not in French: $(cat "$tmp/serve.err")"; fi
fi

# behind a proxy (--public-url, doc/school.md): the name it passes and the
# pages from its address are the server's own; other names and sites are not
: > "$tmp/proxy.out"
"$meiro" serve --port 0 --public-url https://Mazes.example.school:8443/ > "$tmp/proxy.out" 2> "$tmp/proxy.err" &
pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q "http://" "$tmp/proxy.out"; do sleep 0.1; i=$((i + 1)); done
url=$(sed -n 's|.*(this server: \(http://[^ ;]*/\).*|\1|p' "$tmp/proxy.out")
if grep -q "open https://Mazes.example.school:8443/ in a browser" "$tmp/proxy.out"; then ok; else bad "the public address not said: $(cat "$tmp/proxy.out")"; fi
proxied() { # proxied CODE WHAT HOST ORIGIN: a picture POSTed as the proxy passes it
    got=$(curl -s -o "$tmp/body" -w '%{http_code}' --max-time 30 -H "Host: $3" -H "Origin: $4" \
        -H "Sec-Fetch-Site: same-origin" --data-binary @"$tmp/pic/picture.png" "${url}api/preview?width=8&height=8")
    expect "$1" "$2"
}
proxied 200 "the studio through the proxy" mazes.example.school:8443 https://mazes.example.school:8443
proxied 200 "the proxy's name without its port (nginx's \$host)" mazes.example.school https://mazes.example.school:8443
proxied 403 "the public name on another port" mazes.example.school https://mazes.example.school
proxied 421 "the public name with another port" mazes.example.school:9999 https://mazes.example.school:8443
own=${url%/}
proxied 200 "the server's own address still" "${own#http://}" "$own"
proxied 403 "another site through the proxy" mazes.example.school:8443 https://evil.example
proxied 421 "another name" evil.example https://mazes.example.school:8443
stop_server
finish
