#!/bin/sh
# The Python module as a Python user meets it: pip installs ./python into a
# virtual environment made with --system-site-packages (no network: Debian's
# setuptools builds it, NumPy comes from Debian), and its unittest suite
# (python/tests) runs with the installed module against this build's
# library and command: every generator x grid's JSON the command line's,
# every function, every error. Each unittest case counts as a case here.
# Usage: sh tests/python.sh BUILD_DIR
# meiro-suite: check
suite=python
. "$(dirname "$0")/lib.sh"
build=${1:-build}
root=$(pwd)
py=/usr/bin/python3 # Debian's, whose packages (NumPy) the environment sees
abi=$(sed -n 's/^#define MEIRO_ABI_VERSION \([0-9]*\)$/\1/p' include/meiro.h)

if [ ! -x "$py" ] || ! "$py" -c 'import venv, ensurepip, numpy' 2> /dev/null; then
    skip "Debian's python3 with venv, pip and NumPy (apt-get install python3-venv python3-pip python3-numpy)"
    finish
    exit
fi
# (built from a copy: setuptools writes build/ and egg-info beside the sources)
cp -R "$root/python" "$tmp/src"
rm -rf "$tmp/src/build" "$tmp/src"/*.egg-info
if "$py" -m venv --system-site-packages "$tmp/venv" > "$tmp/venv.log" 2>&1 &&
    "$tmp/venv/bin/pip" install -q --no-build-isolation --no-deps --no-index "$tmp/src" > "$tmp/pip.log" 2>&1; then ok
else bad "pip install ./python: $(cat "$tmp/venv.log" "$tmp/pip.log")"; finish; exit; fi
# from elsewhere, so that the module imported is the one installed
cd "$tmp" || exit 1
if MEIRO_LIBRARY="$root/$build/libmeiro.so.$abi" "$tmp/venv/bin/python" -c \
    'import meiro, sys; sys.exit(0 if "/venv/" in meiro.__file__ else 1)'; then ok
else bad "import meiro did not find the installed module"; fi
MEIRO_LIBRARY="$root/$build/libmeiro.so.$abi" MEIRO_CLI="$root/$build/meiro" MEIRO_SOURCE="$root" \
    "$tmp/venv/bin/python" -m unittest discover -v -s "$root/python/tests" > unittest.out 2>&1
sed -n 's/^\([a-z_]*\) (.*) \.\.\. \(ok\|FAIL\|ERROR\|skipped.*\)$/\1 \2/p' unittest.out > cases
while read -r name result; do
    case "$result" in
    ok) ok ;;
    skipped*) skip "python: $name" ;;
    *) bad "python: $name: $result" ;;
    esac
done < cases
if grep -q "^OK" unittest.out && [ -s cases ]; then ok
else bad "the unittest run: $(sed -n '/^=====/,$p' unittest.out | head -60)"; fi
cd "$root" || exit 1
finish
