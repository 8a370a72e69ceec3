#!/bin/sh
# Runs the unit tests and the command-line tests for each build directory
# given (normal, sanitized), then sums the results in one closing line.
total_pass=0 total_fail=0 total_checks=0
# sanitizer runs: stop at the first error; ignore only fontconfig's cache
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}"
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
for build in "$@"; do
    suites=cli
    [ "$build" = "$1" ] && suites="cli install" # install once, from the first build
    for t in "$build"/tests/api_* "$build"/tests/test_* $suites; do
        case "$t" in *.d) continue ;; cli | install) ;; *) [ -e "$t" ] || continue ;; esac
        if [ "$t" = cli ]; then
            out=$(sh tests/cli.sh "$build" 2>&1)
        elif [ "$t" = install ]; then
            out=$(sh tests/install.sh 2>&1)
        else
            out=$(MEIRO="$build/meiro" "$t" 2>&1)
        fi
        status=$?
        printf '%s\n' "$out" | grep -v '^[a-z]*: [0-9]* passed, [0-9]* failed$' | grep -v '^[a-z]*: [0-9]* checks$'
        checks=$(printf '%s\n' "$out" | sed -n 's/^[a-z]*: \([0-9]*\) checks$/\1/p' | tail -1)
        total_checks=$((total_checks + ${checks:-0}))
        line=$(printf '%s\n' "$out" | grep '^[a-z]*: [0-9]* passed, [0-9]* failed$' | tail -1)
        if [ -z "$line" ]; then
            echo "FAIL $build $t: crashed or printed no summary (exit $status)"
            total_fail=$((total_fail + 1))
            continue
        fi
        echo "[$build] $line"
        p=$(echo "$line" | sed 's/.*: \([0-9]*\) passed.*/\1/')
        f=$(echo "$line" | sed 's/.* \([0-9]*\) failed/\1/')
        total_pass=$((total_pass + p))
        total_fail=$((total_fail + f))
        [ "$status" -ne 0 ] && [ "$f" -eq 0 ] && total_fail=$((total_fail + 1))
    done
done
# C suites count their cases (and report their assertion sites as checks);
# the shell suites count each assertion
echo "$total_checks checks in the C suites' cases"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
