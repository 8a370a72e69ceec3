#!/bin/sh
# Runs the unit tests and the command-line tests for each build directory
# given (normal, sanitized), then sums the results: "M checks", then the
# closing line "N passed, N failed" (test cases of the C suites, assertions
# of the shell suites). Run from the top of the source tree.
root=$(cd "$(dirname "$0")/.." && pwd)
total_pass=0 total_fail=0 total_checks=0
# the tests find their data here, whatever the working folder
export MEIRO_TEST_DATA="$root/tests/data"
# sanitizer runs: stop at the first error; ignore only fontconfig's cache
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}"
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
summary='^[a-z]*: [0-9]* passed, [0-9]* failed$'
checks_line='^[a-z]*: [0-9]* checks$'
for build in "$@"; do
    suites=cli
    # install and the browser (it plays the page meiro writes) once, from the first build
    [ "$build" = "$1" ] && suites="cli install browser spoilers remake options jobs"
    for t in "$build"/tests/test_* $suites; do
        case "$t" in *.d|*'*') continue ;; esac
        if [ "$t" = cli ]; then
            out=$(sh tests/cli.sh "$build" 2>&1)
        elif [ "$t" = install ]; then
            out=$(sh tests/install.sh 2>&1)
        elif [ "$t" = browser ]; then
            out=$(node tests/browser.mjs "$build" 2>&1)
        elif [ -f "tests/$t.sh" ]; then # the finished files, read back: once
            out=$(sh "tests/$t.sh" "$build" 2>&1)
        else
            out=$(MEIRO="$(cd "$build" && pwd)/meiro" "$t" 2>&1)
        fi
        status=$?
        printf '%s\n' "$out" | grep -v -e "$summary" -e "$checks_line"
        line=$(printf '%s\n' "$out" | grep "$summary" | tail -1)
        if [ -z "$line" ]; then
            echo "FAIL $build $t: crashed or printed no summary (exit $status)"
            total_fail=$((total_fail + 1))
            continue
        fi
        p=$(echo "$line" | sed 's/.*: \([0-9]*\) passed.*/\1/')
        f=$(echo "$line" | sed 's/.* \([0-9]*\) failed/\1/')
        # the shell suites check once per assertion: their checks are their results
        c=$(printf '%s\n' "$out" | grep "$checks_line" | tail -1 | sed 's/.*: \([0-9]*\) checks/\1/')
        [ -n "$c" ] || c=$((p + f))
        echo "[$build] $line, $c checks"
        total_pass=$((total_pass + p))
        total_fail=$((total_fail + f))
        total_checks=$((total_checks + c))
        if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then # e.g. a leak found at exit
            echo "FAIL $build $t: exit $status after its cases passed (see above)"
            total_fail=$((total_fail + 1))
        fi
    done
done
echo "$total_checks checks"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
