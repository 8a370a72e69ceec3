#!/bin/sh
# The message catalogues are complete (make check): tools/check-po.sh POT,
# POT the template xgettext read from the sources (the build's
# gen/meiro.pot). Fails when po/meiro.pot is not that template (make po
# brings it and the catalogues up to date), or a catalogue fails msgfmt's
# checks (a %u lost, a bad header), lacks a word or holds a fuzzy one, or
# its header does not say whether a native speaker reviewed it.
set -u
pot=${1:?usage: tools/check-po.sh BUILD/gen/meiro.pot}
status=0
strip() { sed '/^"POT-Creation-Date:/d' "$1"; }
if ! strip "$pot" | cmp -s - po/meiro.pot; then
    echo "check-po: po/meiro.pot is not the sources' words: run make po, then translate what it marks" >&2
    strip "$pot" | diff po/meiro.pot - | head -20 >&2
    status=1
fi
for po in po/*.po; do
    stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1) || {
        echo "check-po: $po: $stats" >&2
        status=1
        continue
    }
    case "$stats" in
        *untranslated* | *fuzzy*)
            echo "check-po: $po: $stats (every word translated, none fuzzy)" >&2
            status=1 ;;
    esac
    if ! msgcmp "$po" po/meiro.pot 2>/dev/null; then
        echo "check-po: $po lacks words of po/meiro.pot: run make po" >&2
        status=1
    fi
    grep -q '^# \(AWAITS REVIEW\|Reviewed by\) ' "$po" || {
        echo "check-po: $po: its header says neither 'AWAITS REVIEW' nor 'Reviewed by' (po/README.md)" >&2
        status=1
    }
done
[ "$status" -eq 0 ] && echo "check-po: $(ls po/*.po | wc -l) catalogues, every word translated"
exit "$status"
