#!/bin/sh
# Turns meiro's message catalogues into C: tools/po2c.sh TEMPLATE.pot LL.po...
# writes the header core/catalog.h on stdout. Every message's msgctxt is
# its place, "TABLE.FIELD" (src/core/words.h): for each TABLE the header
# defines CATALOG_TABLE, one designated initialiser per language of the .po
# files ({.lang = "ja", .FIELD = "...", ...},), taken in the template's
# order; a message a catalogue lacks (or marks fuzzy) stays English there,
# so a build never breaks on a missing word: tools/check-po.sh, in make
# check, fails on it instead. The language is the file's name (zh_Hant.po
# is zh-Hant). The words are compiled in, so a document's language is
# chosen per call and never by the machine's locale.
# tools/po2c.sh --js TEMPLATE.pot LL.po... writes instead the studio's list
# of languages (meiro serve's page): const LANGS = [[code, name in itself,
# direction], ...], English first.
# tools/po2c.sh --messages TEMPLATE.pot LL.po... writes the command's
# messages (src/cli/say.c), the msgids without a msgctxt (N_("...")): C
# defining say_languages (the .po files' languages) and say_catalogue, a
# row a message: its English format, then its translation in each of them.
set -eu
mode=tables
case "${1:-}" in --js | --messages) mode=${1#--}; shift ;; esac
[ $# -ge 1 ] || { echo "usage: tools/po2c.sh [--js|--messages] meiro.pot LL.po..." >&2; exit 2; }
pot=$1
shift
awk '
# one .po entry at a time: msgctxt, msgid, msgstr (strings kept escaped,
# as C writes them), and whether it is fuzzy
function flush() {
    if (have_id && id != "" && !fuzzy) {
        key = ctx SUBSEP id
        if (file == POT) { order[++count] = key; ctxs[count] = ctx; english[count] = id }
        else if (str != "") word[lang, key] = str
    }
    ctx = ""; id = ""; str = ""; have_id = 0; fuzzy = 0; field = ""
}
function unquote(s) { sub(/^[^"]*"/, "", s); sub(/"[ \t]*$/, "", s); return s }
FNR == 1 {
    flush()
    file = FILENAME
    if (file != POT) {
        lang = FILENAME; sub(/.*\//, "", lang); sub(/\.po$/, "", lang); gsub(/_/, "-", lang)
        langs[++nlangs] = lang
    }
}
/^#,.*fuzzy/ { if (have_id) flush(); fuzzy = 1; next }
/^#/ { next }
/^[ \t]*$/ { flush(); next }
/^msgctxt / { if (have_id) flush(); ctx = unquote($0); field = "ctx"; next }
/^msgid / { id = unquote($0); have_id = 1; field = "id"; next }
/^msgstr / { str = unquote($0); field = "str"; next }
/^"/ {
    s = unquote($0)
    if (field == "ctx") ctx = ctx s
    else if (field == "id") id = id s
    else if (field == "str") str = str s
    next
}
function js_entry(l, i, name, dir) {
    name = ""; dir = ""
    for (i = 1; i <= count; i++) {
        if (ctxs[i] == "page.name") name = (l == "en" || !((l, order[i]) in word)) ? english[i] : word[l, order[i]]
        if (ctxs[i] == "page.direction") dir = (l == "en" || !((l, order[i]) in word)) ? english[i] : word[l, order[i]]
    }
    return "[\"" l "\", \"" name "\", \"" dir "\"]"
}
END {
    flush()
    if (MODE == "messages") {
        print "/* Made by tools/po2c.sh from po/: do not edit. */"
        print "#include \"cli.h\""
        printf "const char *const say_languages[] = {"
        for (l = 1; l <= nlangs; l++) printf "\"%s\", ", langs[l]
        print "NULL};"
        print "const char *const say_catalogue[] = {"
        for (i = 1; i <= count; i++) {
            if (ctxs[i] != "") continue
            printf "    \"%s\",", english[i]
            for (l = 1; l <= nlangs; l++)
                printf " \"%s\",", ((langs[l], order[i]) in word) ? word[langs[l], order[i]] : english[i]
            printf "\n"
        }
        print "    NULL};"
        exit
    }
    if (MODE == "js") {
        print "// Made by tools/po2c.sh from po/: do not edit."
        printf "const LANGS = [%s", js_entry("en")
        for (l = 1; l <= nlangs; l++) printf ", %s", js_entry(langs[l])
        print "];"
        exit
    }
    print "/* Made by tools/po2c.sh from po/: do not edit. */"
    print "#ifndef MEIRO_CORE_CATALOG_H"
    print "#define MEIRO_CORE_CATALOG_H"
    names = "en"
    for (l = 1; l <= nlangs; l++) names = names " " langs[l]
    print "/* the languages, English (the source) first */"
    printf "#define CATALOG_LANGS \"%s\"\n", names
    printf "#define CATALOG_LANG_COUNT %d\n", nlangs + 1
    for (i = 1; i <= count; i++) {
        t = ctxs[i]; sub(/\..*/, "", t)
        if (t != "" && !(t in seen)) { seen[t] = 1; tables[++ntables] = t }
    }
    for (k = 1; k <= ntables; k++) {
        t = tables[k]
        printf "#define CATALOG_%s", t
        for (l = 1; l <= nlangs; l++) {
            printf " \\\n    {.lang = \"%s\"", langs[l]
            for (i = 1; i <= count; i++) {
                f = ctxs[i]
                if (substr(f, 1, length(t) + 1) != t ".") continue
                f = substr(f, length(t) + 2)
                key = order[i]
                s = ((langs[l], key) in word) ? word[langs[l], key] : english[i]
                printf ", .%s = \"%s\"", f, s
            }
            printf "},"
        }
        printf "\n"
    }
    print "#endif"
}
' POT="$pot" MODE="$mode" "$pot" "$@"
