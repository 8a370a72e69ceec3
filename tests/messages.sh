#!/bin/sh
# The command's messages in the user's language (src/cli/say.c): the same
# bad commands (an unknown option, a bad size, a file not there, a format's
# refusal, parse errors naming file:line:column) under --lang L for every
# language of po/, under the locale
# (LANG=de_DE.UTF-8) and with both, print the catalogue's translation of
# each message they are made of (the library's, the command's, the values
# inside them: a "did you mean", the system's reason), keep what the user
# typed as typed, and exit as in English, writing nothing; a sample of
# what good commands say (where the answer went, a rule sheet's seed, a
# small cell's and an age's warnings, a laser's and a PDF's preflight
# reports, a booklet's refusals, every command's refusal of a value) in
# each language too, and no message of src/cli left out of the catalogue.
# meiro serve's refusals of its options and its children's messages stay
# English (the page words them); its start lines are the locale's
# (serve.sh).
# Usage: messages.sh BUILD_DIR
# meiro-suite: test check
build=${1:-build}
meiro="$build/meiro"
suite=messages
. "$(dirname "$0")/lib.sh"

# said LANG MSGID...: the words of the catalogue's translation of each
# MSGID (the text between its conversions), one a line, English for en;
# one python for them all
said() {
    python3 - "$@" <<'EOF'
import re, sys
lang, msgids = sys.argv[1], sys.argv[2:]
po = "po/meiro.pot" if lang == "en" else "po/%s.po" % lang.replace("-", "_")
def join(s): return "".join(re.findall(r'"(.*)"', s)).replace('\\"', '"').replace("\\\\", "\\")
found = {}
for e in open(po, encoding="utf-8").read().split("\n\n"):
    m = re.search(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', e + "\n", re.M)
    if "msgctxt" in e or not m: continue
    found[join(m.group(1))] = join(m.group(1) if lang == "en" else m.group(2))
for msgid in msgids:
    if msgid not in found: sys.exit("no message %r in %s" % (msgid, po))
    for part in re.split(r"%(?:[0-9]+\$)?[-+ #0-9.*]*(?:ll|l|z|h)?[a-z]", found[msgid]):
        if part.strip(): print(part)
EOF
}
# says LANG MSGID...: stderr holds every word of each message's translation
says() {
    lang=$1
    shift
    said "$lang" "$@" > "$tmp/words" || { bad "$lang: $*"; return; }
    while IFS= read -r words; do
        if grep -qF -- "$words" "$tmp/err"; then ok; else bad "$lang: stderr lacks '$words': $(cat "$tmp/err")"; fi
    done < "$tmp/words"
}
# err_lacks TEXT: the English is gone (not a message left untranslated)
err_lacks() { if grep -qF -- "$1" "$tmp/err"; then bad "$lang: stderr still says '$1': $(cat "$tmp/err")"; else ok; fi; }

printf '##########\n#S x    G#\n##########\n' > "$tmp/bad.txt"
"$meiro" generate -s 7 -W 10 -H 8 --loops 60 -o "$tmp/loops.dxf" 2> /dev/null
"$meiro" generate -s 1 -W 5 -H 5 -o "$tmp/small.pdf" 2> /dev/null
printf '[page]\npaper = a4\ncolour = red\n' > "$tmp/bad.ini"
printf 'Ana\nBo\nCy\n' > "$tmp/names3.txt"
cp "$tmp/names3.txt" "$tmp/class.pdf"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297">%s</svg>' \
    '<rect x="5" y="5" width="200" height="287" fill="none" stroke="#000" stroke-width="0.01"/>' \
    > "$tmp/hair.svg"
printf '[page]\npaper = a4\n[art]\nframe = %s\n' "$tmp/hair.svg" > "$tmp/hair.ini"
langs=$(ls po/*.po | sed 's,po/\(.*\)\.po,\1,; s,_,-,')
for l in $langs; do
    case_name=$l
    # the language's decimal mark (a half, 0,5 in French): a measure's
    mark=$(said "$l" 0.5 | sed 's/^0\(.*\)5$/\1/')
    # an unknown option and its nearest ("did you mean"), the --help hint
    run 2 "$meiro" generate --widht 5 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "unknown option '%s'%s" "; did you mean '%.*s'?" "Try '%s --help'."
    err_has "'--widht'"; err_has "'--width'"; err_lacks "unknown option"; out_empty; absent "$tmp/x.pdf"
    # a value out of range, the library's unknown name naming its option
    run 2 "$meiro" generate -W 0 --lang "$l"
    says "$l" "%s must be a whole number from 1 to 65535"; err_has "--width"
    run 2 "$meiro" generate -a dfz --lang "$l"
    says "$l" "unknown algorithm '%s' (see 'meiro list' for the names)%s" "%s (option: %s)"
    err_has "'dfz'"; err_lacks "unknown algorithm"
    # a format that cannot show the maze: the refusal, its list of formats
    run 2 "$meiro" generate --grid polar --lang "$l" -o "$tmp/x.xlsx"
    says "$l" "%s cannot show a %s maze (its cells are squares): write it as %s" "%s (option: %s)"
    err_has "pdf, svg, png"; absent "$tmp/x.xlsx"
    # a file that is not there: the system's reason too; runtime failure
    run 1 "$meiro" solve "$tmp/none.txt" --lang "$l"
    says "$l" "cannot open: %s" "No such file or directory"; err_has "$tmp/none.txt: "
    # a parse error names file:line:column
    run 1 "$meiro" solve "$tmp/bad.txt" --lang "$l"
    says "$l" "unexpected %s: a text maze uses '#' for walls, spaces for passages, S, G, '.', '~' outside its shape, '-' and '|' for crossings, and a mission's a-t, A-F, <, >, ^ and v"
    err_has "$tmp/bad.txt:2:4: "; err_has "'x'"
    # a template's unknown key, its file and line
    run 1 "$meiro" generate -t "$tmp/bad.ini" --lang "$l" -o "$tmp/x.pdf"
    says "$l" "unknown key '%s' in [%s]"; err_has "$tmp/bad.ini:3: "; err_has "'colour'"; absent "$tmp/x.pdf"
    # a booklet's count out of range, an option a rule maze does not take
    run 2 "$meiro" booklet -n 0 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "--count must be a whole number from 1 to 10000, not '%s'"
    run 2 "$meiro" generate --rule abc --lang "$l" --grid hex -o "$tmp/x.pdf"
    says "$l" "%s is not an option of a rule maze (see --rule --help)"; err_has "--grid"
    # a warning, and the seed's line (its remaking command as typed)
    run 0 "$meiro" generate -W 4 -H 4 --lang "$l" --paper a5 -o "$tmp/x.txt"
    says "$l" "warning: %s" "%s change nothing in %s output" "seed %llu (use %s to make this maze again)"
    err_has "--paper, --lang"; err_has "-s [0-9]"
    # the command's own lines: where the answer went, a rule sheet's seed,
    # a warning with numbers in it (its %.*f and %g)
    run 0 "$meiro" generate -W 4 -H 4 --lang "$l" -o "$tmp/x.txt" --answers-to "$tmp/y.txt"
    says "$l" "the answer is in %s"; err_has "$tmp/y.txt"; err_lacks "the answer is in"
    run 0 "$meiro" booklet --rule abc --lang "$l" -o "$tmp/x.txt"
    says "$l" "seed %llu"
    run 0 "$meiro" generate --cell 2 -W 5 -H 5 -s 1 --lang "$l" -o "$tmp/x.svg"
    says "$l" "warning: %s" "cells of %.*f mm are too small to draw a way through with a pencil (%g mm and up): make the maze smaller or the paper larger"
    err_has "2[$mark]0"; err_lacks "too small"
    # a rule maze's refusal (a teacher's typo in --rule)
    run 2 "$meiro" generate --rule multiples:99 --lang "$l" -s 1 -o "$tmp/rule.txt"
    says "$l" "--rule multiples:N[,UPTO]: N is a whole number from 2 to 50, UPTO %d to %d (the times table's N x 1 to N x UPTO, default %d), not '%s'"
    err_has "'99'"; err_lacks "whole number"; absent "$tmp/rule.txt"
    # the library's warning for an age, the values inside it said too
    run 0 "$meiro" generate --age 5 -W 30 -H 30 -s 1 --lang "$l" -o "$tmp/x.svg"
    says "$l" "cells of %.1f mm are too small for %s (%g mm and up): %s" "ages %s" \
        "%u x %u cells fit the page"
    err_has "17 x 17"; err_lacks "fit the page"
    # a machine's report (on stdout: read as stderr is), the words of its
    # rules and of the values inside them
    run 1 "$meiro" preflight --print laser --lang "$l" "$tmp/loops.dxf"
    mv "$tmp/out" "$tmp/err"
    says "$l" "%s: %zu strokes, %.1f x %.1f mm" "the narrowest %s: %s; %.2f mm and up wanted" \
        "piece" "%.2f mm at (%.1f, %.1f)" \
        "pieces that fall out of the sheet (walls joined to no other: a loop's island): %zu, at %s mm"
    err_has "^FAIL islands      "; err_lacks "fall out"
    # a PDF's report for a print service, and for a home printer (a word
    # inside a line said too); the verdicts and rules stay English
    run 1 "$meiro" preflight --print kdp --lang "$l" "$tmp/small.pdf"
    mv "$tmp/out" "$tmp/err"
    says "$l" "1 page: %s binds an even count of %u to %u (a cover? check it with --cover)" \
        "%s in the document information: %s asks for files without metadata (the title kept)" \
        "the thinnest line %.3g pt (page %d)" "no blank pages"
    err_has "^FAIL pages        "; err_has "^ok   lines        "; err_lacks "binds an even"
    run 0 "$meiro" preflight --lang "$l" "$tmp/small.pdf"
    mv "$tmp/out" "$tmp/err"
    says "$l" "not PDF/X, which %s does not ask for" "a home printer"; err_lacks "home printer"
    run 2 "$meiro" preflight --print kdpp --lang "$l" "$tmp/small.pdf"
    says "$l" "%s (or a machine: plotter, laser or 3d)" "; did you mean '%.*s'?" \
        "unknown print profile '%s' (kdp, ingram, lulu, home, plotter, laser, tactile or large-print)%s"
    err_lacks "unknown print"; err_lacks "or a machine"
    # a booklet's refusals: a folded one's bleed, a print service's page
    # count (the library's, a word inside it), the command's own --signature
    run 2 "$meiro" booklet -n 6 --fold --bleed 3 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "a bleed is for a print shop's pages, not for sheets folded at home: use --fold=pages with --bleed"
    err_lacks "print shop's"; absent "$tmp/x.pdf"
    run 2 "$meiro" booklet -n 6 --print kdp --lang "$l" -o "$tmp/x.pdf"
    says "$l" "%s binds books of %u to %u pages, and this one has %zu: %s" "ask for more mazes (-n)"
    err_has "Amazon KDP"; err_lacks "binds books"; absent "$tmp/x.pdf"
    run 2 "$meiro" booklet -n 4 --fold --signature 60 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "--signature takes 1 to 50 sheets, not '%s'"; err_has 60; err_lacks "takes 1 to 50"
    # a booklet that would fail its print service's rules (a hairline in
    # its frame): the rules' names, then a line each, every line said
    run 2 "$meiro" booklet -n 24 --print kdp -t "$tmp/hair.ini" --lang "$l" -o "$tmp/x.pdf"
    says "$l" "the PDF would fail %s's rules (meiro preflight): %s" \
        "page %d: a line of %.3g pt; %s prints %.3g pt and up"
    err_has "^  lines"; err_lacks "would fail"; err_lacks "prints 0"; absent "$tmp/x.pdf"
    # the measures in it with the language's decimal mark (0,75 in French)
    err_has "0[$mark]75"; [ "$mark" = . ] || err_lacks "0.75"
    # the commands' own refusals of a value (booklet, cover, generate, a
    # rule maze, preflight, watch, draw): said, what was typed kept
    run 2 "$meiro" booklet --pdfx=x9 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "--pdfx is x1a (PDF/X-1a:2001) or x4 (PDF/X-4), not '%s'"; err_has "'x9'"
    err_lacks "not 'x9'"; absent "$tmp/x.pdf"
    run 2 "$meiro" booklet --key-per-page 5 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "--key-per-page is 1, 2, 4, 6 or 9, not '%s'"; err_lacks "not '5'"
    run 2 "$meiro" booklet -n 2 --copies 2 --names "$tmp/names3.txt" --lang "$l" -o "$tmp/x.pdf"
    says "$l" "--copies %u and %u names in '%s': give one of them"; err_has "$tmp/names3.txt"
    err_lacks "give one"
    run 2 "$meiro" booklet --names "$tmp/class.pdf" --lang "$l" -o "$tmp/class.pdf"
    says "$l" "'%.250s' is %s, which meiro reads: it does not write over its input" "the --names file"
    err_lacks "which meiro reads"; err_lacks "the --names file"
    run 2 env LC_ALL= LC_MESSAGES= LANG="$l" "$meiro" cover --print kdp --pages 24 --seed 1x -o "$tmp/x.pdf"
    says "$l" "--seed takes a whole number, not '%s'"; err_has "'1x'"; absent "$tmp/x.pdf"
    run 2 env LC_ALL= LC_MESSAGES= LANG="$l" "$meiro" cover --pages 24 -o "$tmp/x.pdf"
    says "$l" "--print names the service (kdp, ingram or lulu)"; err_lacks "names the service"
    run 2 "$meiro" generate --bias 2 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "--bias is a number from 0 to 1, not '%s'"; err_lacks "is a number"
    run 2 "$meiro" generate --mission keys:99 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "%s (option: %s)" "mission '%s': %s takes a count from 1 to %u"; err_has "--mission"
    run 2 "$meiro" generate --rule abc --per-page 3 --lang "$l" -o "$tmp/x.pdf"
    says "$l" "--per-page: 1 or 2, not '%s'"; err_lacks "1 or 2, not"
    run 2 "$meiro" preflight --print laser --bed 9 --lang "$l" "$tmp/loops.dxf"
    says "$l" "--bed is W x H in mm (220x220), not '%s'"; err_lacks "is W x H"
    run 2 "$meiro" watch --delay 9999 --lang "$l"
    says "$l" "--delay is 0 to 5000 milliseconds, not '%s'"; err_lacks "milliseconds"
done
# draw has no --lang: the locale's language
run 2 env LC_ALL= LANG=pt_BR.UTF-8 "$meiro" draw -o "$tmp/x.pdf"
says pt "missing PAGE (a page description, or '-')"; err_lacks "page description"
# a booklet's lines: a name twice on the class list, the seed that makes
# it again (one language: the catalogue's words are checked above)
printf 'Ana\nAna\n' > "$tmp/names.txt"
run 0 "$meiro" booklet -n 1 --names "$tmp/names.txt" --answers none --lang ko -o "$tmp/x.pdf"
says ko "warning: %s" "%s: names written more than once (on these lines): %s: a copy for each" \
    "seed %llu (use %s to make this booklet again)"
err_has "'Ana' (1, 2)"
case_name=

# the locale's language when --lang is not given; --lang wins over it
run 2 env LC_ALL= LC_MESSAGES= LANG=de_DE.UTF-8 "$meiro" generate --widht 5
says de "unknown option '%s'%s" "; did you mean '%.*s'?" "Try '%s --help'."
run 2 env LC_ALL= LANG=de_DE.UTF-8 "$meiro" generate --lang=ja -f pdx
says ja "unknown format '%s' (see 'meiro list' for the formats)%s" "; did you mean '%.*s'?"
run 2 env LC_ALL= LANG=fr_FR.UTF-8 "$meiro" generate --lang en -f pdx
says en "unknown format '%s' (see 'meiro list' for the formats)%s" "Try '%s --help'."
run 2 env LC_ALL= LANG=fr_FR.UTF-8 "$meiro" genrate
says fr "unknown command '%s'%s" "; did you mean '%.*s'?"
# a language po/ lacks, and LC_ALL=C: English
run 2 env LC_ALL=C LANG=de_DE.UTF-8 "$meiro" generate --widht 5
says en "unknown option '%s'%s"
run 2 "$meiro" generate --lang xx --widht 5
says en "unknown option '%s'%s"
# what the user typed stays as typed, even where it looks like the format
run 2 "$meiro" generate --lang fr "--it's (option: x)"
err_has "'--it's (option: x)'"; says fr "unknown option '%s'%s"
# meiro serve's refusal of an option stays English
run 2 env LC_ALL= LANG=de_DE.UTF-8 "$meiro" serve --bogus
says en "unknown option '%s'%s" "Try '%s --help'."

# every message the commands write through usage_error, say_warning and
# say_line is a msgid: a literal format (or usage_error's message after a
# bare "%s") with words (not an option's name) outside N_() would be
# English in every language; the values filled in are as typed
case_name=marked
python3 - src/cli/*.c > "$tmp/unmarked" <<'PY'
import re, sys
for f in sys.argv[1:]:
    s = re.sub(r"'(\\.|[^'\\])'", "'c'", open(f, encoding="utf-8").read())
    for m in re.finditer(r"\b(usage_error|say_warning|say_line)\(", s):
        j, depth, commas, bare = m.end(), 1, 0, False
        while depth:
            c = s[j]
            if c == '"':
                k = j
                while True:  # a literal and those joined to it
                    k += 1
                    while s[k] != '"': k += 2 if s[k] == "\\" else 1
                    n = k + 1
                    while s[n] in " \n": n += 1
                    if s[n] != '"': break
                    k = n
                if m.group(1) == "usage_error" and commas == 1 and s[j:k + 1] == '"%s"':
                    bare = True
                said = commas == 1 or (commas == 2 and bare) if m.group(1) == "usage_error" else not commas
                words = re.search(r"[A-Za-z]", re.sub(r"%[-+ #0-9.*$]*[hlzjt]*[a-z]|--?[a-z-]+", "", s[j:k + 1]))
                if said and words and not s[:j].rstrip().endswith("N_("):
                    print("%s:%d: %s" % (f, s.count("\n", 0, j) + 1, s[j:k + 1][:60]))
                j = k + 1
                continue
            depth += c == "("
            depth -= c == ")"
            commas += c == "," and depth == 1
            j += 1
PY
if [ -s "$tmp/unmarked" ]; then bad "messages without N_(): $(cat "$tmp/unmarked")"; else ok; fi

finish
