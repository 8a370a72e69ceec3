#!/bin/sh
# Makes the locales the tests use (a decimal comma: de_DE.UTF-8) when they
# are missing: with localedef when root, otherwise prints the command.
for loc in "$@"; do
    norm=$(echo "$loc" | sed 's/UTF-8/utf8/')
    locale -a 2>/dev/null | grep -qx "$norm" && continue
    if [ "$(id -u)" -ne 0 ]; then
        echo "meiro: the tests need the locale $loc. Run:  sudo localedef -i ${loc%%.*} -f UTF-8 $loc" >&2
        exit 1
    fi
    echo "meiro: making the locale $loc" >&2
    localedef -i "${loc%%.*}" -f UTF-8 "$loc" || exit 1
done
