#!/bin/sh
# Installs the Debian packages named as arguments if any is missing: with
# apt-get when run as root, otherwise prints the exact command and fails.
missing=""
for pkg in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)
    case "$status" in
        *" installed") ;;
        *) missing="$missing $pkg" ;;
    esac
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "meiro: missing packages:$missing (install them with your package manager)" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "meiro: missing Debian packages:$missing" >&2
    echo "Run:  sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "meiro: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >&2 && apt-get install -y -q --no-install-recommends $missing >&2
