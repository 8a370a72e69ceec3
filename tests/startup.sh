#!/bin/sh
# What a run loads (issue 25): the drawing libraries (cairo, pango, qpdf)
# come with the drawing module, on the first drawn format, shape or name
# (FreeType and HarfBuzz with it), and librsvg and gdk-pixbuf with the
# first picture; libxlsxwriter with the first
# workbook, without the drawing module unless S and G are pictures; glib
# with a name fitted to its page; the server's (libmicrohttpd, gnutls) with
# meiro serve's; the pages as data (-f page) FreeType, HarfBuzz and
# fontconfig alone, without the module. A text,
# CSV, JSON, solve or stats run loads neither, read from the dynamic
# loader's own account (LD_DEBUG=files), not from timings; and a missing or
# broken module is a one-line error naming the file, exit 1, no output file.
# Usage: startup.sh BUILD_DIR
# meiro-suite: test check asan
build=${1:-build}
meiro="$build/meiro"
data=${MEIRO_TEST_DATA:-tests/data}
suite=startup
. "$(dirname "$0")/lib.sh"

heavy='cairo|pango|rsvg|gdk_pixbuf|gio-2|libglib|xlsxwriter|qpdf|libpng|harfbuzz|microhttpd|gnutls|meiro-render|meiro-serve'
# loaded CMD...: the files the run opened (program, libraries, modules)
loaded() { LD_DEBUG=files "$@" 2>&1 > /dev/null | sed -n 's/^ *[0-9]*:[[:space:]]*file=\([^ ]*\) .*/\1/p'; }
light() { # NAME CMD...: the run works and loads nothing heavy
    name=$1; shift
    got=$(loaded "$@")
    if [ -n "$got" ]; then ok; else bad "$name: LD_DEBUG shows nothing"; fi
    if echo "$got" | grep -Eq "$heavy"; then bad "$name loads: $(echo "$got" | grep -E "$heavy" | tr '\n' ' ')"; else ok; fi
}
heavy_loaded() { # NAME PATTERN CMD...: the run loads PATTERN
    name=$1 pat=$2; shift 2
    if loaded "$@" | grep -q "$pat"; then ok; else bad "$name does not load $pat"; fi
}

light version "$meiro" --version
for f in txt csv json; do
    light "$f" "$meiro" generate -W 30 -H 20 -s 3 --solution -o "$tmp/m.$f"
    if [ -s "$tmp/m.$f" ]; then ok; else bad "m.$f not written"; fi
done
light "polar json" "$meiro" generate --grid polar -H 8 -s 3 -o "$tmp/p.json"
light solve "$meiro" solve -m astar "$tmp/m.txt" -o "$tmp/s.txt"
light stats "$meiro" stats "$tmp/m.txt"
light "level text" "$meiro" generate --level easy -s 3 -o "$tmp/l.txt"
heavy_loaded pdf meiro-render "$meiro" generate -W 8 -H 8 -s 3 -o "$tmp/m.pdf"
heavy_loaded xlsx xlsxwriter "$meiro" generate -W 8 -H 8 -s 3 -o "$tmp/m.xlsx"
heavy_loaded "serve --help" meiro-serve "$meiro" serve --help
# inside the module, librsvg and gdk-pixbuf come with art and shapes only
plain=$(loaded "$meiro" generate -W 8 -H 8 -s 3 -o "$tmp/plain.pdf")
if echo "$plain" | grep -q meiro-render; then ok; else bad "plain pdf: no module"; fi
if echo "$plain" | grep -Eq 'rsvg|gdk_pixbuf'; then bad "a plain PDF loads librsvg or gdk-pixbuf"; else ok; fi
heavy_loaded "kids-a4 (art)" librsvg "$meiro" generate -W 8 -H 8 -s 3 -t kids-a4 -o "$tmp/kids.pdf"
# a built-in shape is an outline meiro fills itself (src/glyph, in the
# module): no librsvg (a picture file is drawn by librsvg in a child
# process, whose loads LD_DEBUG does not show here)
shape=$(loaded "$meiro" generate -s 3 --shape heart -o "$tmp/heart.txt")
if echo "$shape" | grep -q meiro-render && ! echo "$shape" | grep -Eq 'rsvg|gdk_pixbuf'; then ok
else bad "a built-in shape loads: $(echo "$shape" | grep -E 'meiro-render|rsvg|gdk_pixbuf' | tr '\n' ' ')"; fi
# libqpdf comes with trim and bleed boxes (print profiles) and preflight only
xlsx=$(loaded "$meiro" generate -W 8 -H 8 -s 3 -o "$tmp/q.xlsx")
if echo "$xlsx" | grep -q xlsxwriter; then ok; else bad "xlsx: no xlsxwriter"; fi
# a workbook is not drawn: no drawing module, unless S and G are pictures
if echo "$xlsx" | grep -Eq 'meiro-render|cairo|pango'; then
    bad "a plain XLSX loads: $(echo "$xlsx" | grep -E 'meiro-render|cairo|pango' | tr '\n' ' ')"
else ok; fi
# a rule maze's workbook and page to play neither (their writers are outside
# the module: job/rule_save.c)
for f in xlsx html; do
    rule=$(loaded "$meiro" generate --rule multiples:3 -s 3 -o "$tmp/rule.$f")
    if [ -s "$tmp/rule.$f" ] && ! echo "$rule" | grep -Eq 'meiro-render|cairo|pango'; then ok
    else bad "a rule maze's $f loads: $(echo "$rule" | grep -E 'meiro-render|cairo|pango' | tr '\n' ' ')"; fi
done
# the pages as data: the composer and its measurer are in libmeiro.so, so
# -f page loads no drawing module, cairo or pango (FreeType, HarfBuzz and
# fontconfig are opened for its texts: src/glyph/glyph_libs.c)
page=$(loaded "$meiro" generate -W 8 -H 8 -s 3 -o "$tmp/m.page")
if [ -s "$tmp/m.page" ] && echo "$page" | grep -q harfbuzz && ! echo "$page" | grep -Eq 'meiro-render|cairo|pango'; then ok
else bad "-f page loads: $(echo "$page" | grep -E 'meiro-render|cairo|pango|harfbuzz' | tr '\n' ' ')"; fi
# nor the page to play and a machine's files, the composer's too
for f in html gcode dxf; do
    made=$(loaded "$meiro" generate -W 8 -H 8 -s 3 -o "$tmp/m.$f")
    if [ -s "$tmp/m.$f" ] && ! echo "$made" | grep -Eq 'meiro-render|cairo|pango'; then ok
    else bad "-f $f loads: $(echo "$made" | grep -E 'meiro-render|cairo|pango' | tr '\n' ' ')"; fi
done
heavy_loaded "xlsx --art" meiro-render "$meiro" generate -W 8 -H 8 -s 3 --art bunny -o "$tmp/art.xlsx"
if need unzip; then
    if unzip -l "$tmp/art.xlsx" | grep -q 'xl/media/image2.png'; then ok; else bad "art.xlsx: no pictures"; fi
fi
if echo "$xlsx$plain" | grep -q qpdf; then bad "a plain PDF or XLSX loads libqpdf"; else ok; fi
heavy_loaded "a polar PDF (its walls through qpdf)" qpdf "$meiro" generate --grid polar -H 5 -s 3 -o "$tmp/polar.pdf"
heavy_loaded "bleed (--print kdp)" qpdf "$meiro" generate -W 8 -H 8 -s 3 --print kdp -o "$tmp/kdp.pdf"
if need pdfinfo; then
    if pdfinfo -box "$tmp/kdp.pdf" | grep -q TrimBox; then ok; else bad "kdp.pdf: no TrimBox"; fi
fi

# the program (and libmeiro.so, which it links) without its modules: what
# draws fails in one line naming the module, exit 1, nothing written; the
# rest works
mkdir "$tmp/alone" && cp "$meiro" "$tmp/alone/meiro" && cp "$build"/libmeiro.so.[0-9]* "$tmp/alone/"
run 0 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 -o "$tmp/alone.txt"
run 0 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 --play -o "$tmp/alone.xlsx"
if need unzip; then # the playable sheet and its helper sheet, written without the module
    if unzip -l "$tmp/alone.xlsx" | grep -q 'worksheets/sheet2.xml'; then ok; else bad "alone.xlsx: no helper sheet"; fi
fi
run 0 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 -o "$tmp/alone.page"
if grep -q '"role": "walls"' "$tmp/alone.page"; then ok; else bad "alone.page: no walls"; fi
run 1 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 --art bunny -o "$tmp/alone-art.xlsx"
err_has "drawing module"
absent "$tmp/alone-art.xlsx"
run 1 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 -o "$tmp/alone.pdf"
err_has "drawing module $tmp/alone/meiro-render-.*\.so is missing"
if [ "$(wc -l < "$tmp/err")" -eq 1 ]; then ok; else bad "not one line: $(cat "$tmp/err")"; fi
absent "$tmp/alone.pdf"
run 1 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 --shape heart -o "$tmp/alone-heart.txt"
err_has "drawing module"
run 1 "$tmp/alone/meiro" serve --help
err_has "server module $tmp/alone/meiro-serve-.*\.so is missing"
# a corrupt module: dlopen's reason, the file named
for m in "$build"/meiro-render-*.so; do
    echo "not a library" > "$tmp/alone/$(basename "$m")"
done
run 1 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 -o "$tmp/alone.svg"
err_has "cannot load the drawing module $tmp/alone/meiro-render-"
if [ "$(wc -l < "$tmp/err")" -eq 1 ]; then ok; else bad "not one line: $(cat "$tmp/err")"; fi
absent "$tmp/alone.svg"
# a module of other sources (another build's): refused, not called
for m in "$build"/meiro-render-*.so; do
    cp "$m" "$tmp/alone/$(basename "$m")"
    # the stamp's checksum, changed in place (same length)
    version=$("$meiro" --version | awk '{ print $2; exit }')
    # (strings may join a printable byte before it: the stamp alone)
    stamp=$(strings "$m" | grep -oE "$version-[0-9]+\$" | head -1)
    if [ -n "$stamp" ]; then
        other=$(echo "$stamp" | sed 's/[0-9]$/x/')
        sed -i "s/$stamp/$other/" "$tmp/alone/$(basename "$m")"
        run 1 "$tmp/alone/meiro" generate -W 8 -H 8 -s 3 -o "$tmp/alone.png"
        err_has "is not this meiro's"
        absent "$tmp/alone.png"
    else
        bad "no stamp found in $m"
    fi
done
finish
