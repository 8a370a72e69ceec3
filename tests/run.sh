#!/bin/sh
# Runs the suites of a tier against a build, several at once, each suite's
# output kept together and printed as it ends; then "M checks" and the
# closing line "N passed, N failed" (test cases of the C suites, assertions
# of the shell suites), with ", N skipped" when a check could not run (an
# outside tool missing): a skip fails the run as a failure does.
#
# Usage, from anywhere: tests/run.sh TIER BUILD [TIER BUILD]...
#   test   every BUILD/tests/test_* program and the scripts marked "test";
#          the programs that read our documents back are left to make check
#   check  every program and the scripts marked "check", with the readers
#   asan   as test, on a sanitized build, with the scripts marked "asan"
# A script is a suite when it has a line "# meiro-suite: TIERS" (in
# JavaScript "// meiro-suite: TIERS"): tests/X.sh runs as `sh tests/X.sh
# BUILD`, tests/X.mjs as `node tests/X.mjs BUILD`. Adding the file is enough.
# MEIRO_TEST_JOBS suites run at a time (default: the processors), the
# longest of the last run first (BUILD/suite-times: a suite's wall seconds
# and CPU seconds).
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
# the programs that open our documents as a user's would
readers="pdftoppm rsvg-convert soffice ssconvert chromium node"
summary='^[^ ]*: [0-9]* passed, [0-9]* failed(, [0-9]* skipped)?$'
checks_line='^[^ ]*: [0-9]* checks$'

# --one RESULTS TIER BUILD SUITE: runs one suite, prints its output whole,
# and leaves "PASSED FAILED SKIPPED CHECKS" in RESULTS/N.sum
if [ "$1" = --one ]; then
    res=$2 tier=$3 build=$4 suite=$5
    name=$(basename "$suite" | sed 's/\.[a-z]*$//')
    key="$tier-$(echo "$build" | tr / _)-$name"
    export MEIRO_TEST_TIER="$tier" MEIRO_TEST_DATA="$root/tests/data" MEIRO="$(cd "$build" && pwd)/meiro"
    if [ "$tier" = check ]; then export MEIRO_TEST_DEFER=""; else export MEIRO_TEST_DEFER="$readers"; fi
    # the page's language follows the locale when --lang is not given: the
    # suites expect English, whatever the machine's (languages.sh sets its own)
    unset LC_ALL LC_MESSAGES
    export LANG=C.UTF-8
    # sanitized builds: stop at the first error; ignore only fontconfig's cache
    export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}"
    export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:print_suppressions=0"
    export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
    start=$(date +%s)
    case "$suite" in
    *.sh) sh "$suite" "$build" > "$res/$key.out" 2>&1 ;;
    *.mjs)
        if command -v node > /dev/null 2>&1; then node "$suite" "$build" > "$res/$key.out" 2>&1
        else printf 'skipped: node is not installed\n%s: 0 passed, 0 failed, 1 skipped\n' "$name" > "$res/$key.out"; false; fi ;;
    *) "$suite" > "$res/$key.out" 2>&1 ;;
    esac
    status=$?
    # wall seconds, then the CPU seconds of the suite and what it ran
    # (user + system of the children: POSIX `times`, second line)
    times > "$res/$key.cpu" # in this shell: a subshell's `times` starts at 0
    cpu=$(tail -1 "$res/$key.cpu" | tr 'ms' '  ' | awk '{printf "%.0f", $1 * 60 + $2 + $3 * 60 + $4}')
    echo "$key $(($(date +%s) - start)) $cpu" >> "$res/times"
    out="$res/$key.out"
    line=$(grep -E "$summary" "$out" | tail -1)
    p=0 f=0 s=0 c=0
    if [ -z "$line" ]; then
        f=1 note="FAIL $tier $build $name: crashed or printed no summary (exit $status)"
    else
        p=$(echo "$line" | sed 's/.*: \([0-9]*\) passed.*/\1/')
        f=$(echo "$line" | sed 's/.* \([0-9]*\) failed.*/\1/')
        s=$(echo "$line" | sed -n 's/.* \([0-9]*\) skipped$/\1/p')
        s=${s:-0}
        # the shell suites check once per assertion: their checks are their results
        c=$(grep -E "$checks_line" "$out" | tail -1 | sed 's/.*: \([0-9]*\) checks/\1/')
        c=${c:-$((p + f))}
        note="[$tier $build] $line, $c checks"
        if [ "$status" -ne 0 ] && [ "$f" -eq 0 ] && [ "$s" -eq 0 ]; then # e.g. a leak found at exit
            f=1 note="$note
FAIL $tier $build $name: exit $status after its cases passed (see above)"
        fi
    fi
    echo "$p $f $s $c" > "$res/$key.sum"
    flock "$res/lock" sh -c 'grep -v -E -e "$1" -e "$2" "$3"; echo "$4"' sh "$summary" "$checks_line" "$out" "$note"
    exit 0
fi

if [ $# -lt 2 ] || [ $(($# % 2)) -ne 0 ]; then
    echo "usage: tests/run.sh TIER BUILD [TIER BUILD]... (TIER: test, check or asan)" >&2
    exit 2
fi
res=$(mktemp -d /tmp/meiro-run-XXXXXX)
trap 'rm -rf "$res"' EXIT
: > "$res/jobs"
full=no
# the allocation-failure walk (test_faults) of a plain build is left out
# when the same run walks a sanitized build: that walk fails more of the
# allocations and sees leaks; make test walks the plain build alone
case " $* " in *" asan "*) sanitized=yes ;; *) sanitized=no ;; esac
while [ $# -gt 0 ]; do
    tier=$1 build=$2
    shift 2
    case "$tier" in check) full=yes ;; test | asan) ;; *) echo "tests/run.sh: unknown tier '$tier'" >&2; exit 2 ;; esac
    for t in "$build"/tests/test_*; do
        [ "$tier" != asan ] && [ "$sanitized" = yes ] && [ "${t##*/}" = test_faults ] && continue
        [ -f "$t" ] && [ -x "$t" ] && echo "$tier $build $t" >> "$res/jobs"
    done
    for t in tests/*.sh tests/*.mjs; do
        tiers=$(sed -n 's,^\(#\|//\) meiro-suite: ,,p' "$t" | head -1)
        case " $tiers " in
        *" $tier "*) echo "$tier $build $t" >> "$res/jobs" ;;
        "  ") ;;
        *) echo "$t" >> "$res/later" ;;
        esac
    done
done
# the longest first, by the times of the last run, or on a first run (a
# fresh clone) those of tests/suite-times (seconds on a busy 2-core
# machine; a copy of a BUILD/suite-times); new suites first of all
times="$(echo "$build" | cut -d/ -f1)/suite-times"
last=$times
[ -f "$last" ] || last=tests/suite-times
while read -r tier build t; do
    key="$tier-$(echo "$build" | tr / _)-$(basename "$t" | sed 's/\.[a-z]*$//')"
    secs=$(sed -n "s/^$key \([0-9]*\).*/\1/p" "$last" 2> /dev/null | tail -1)
    echo "${secs:-99999} $tier $build $t"
done < "$res/jobs" | sort -rn | cut -d' ' -f2- |
    xargs -L 1 -P "${MEIRO_TEST_JOBS:-$(nproc)}" sh "$0" --one "$res"
[ -s "$res/times" ] && sort "$res/times" > "$times"

total_pass=0 total_fail=0 total_skip=0 total_checks=0
for sum in "$res"/*.sum; do
    read -r p f s c < "$sum"
    total_pass=$((total_pass + p)) total_fail=$((total_fail + f))
    total_skip=$((total_skip + s)) total_checks=$((total_checks + c))
done
if [ "$full" = no ] && [ -f "$res/later" ]; then
    echo "left to make check: $(sort -u "$res/later" | tr '\n' ' ')and the readers ($readers)"
fi
echo "$total_checks checks"
if [ "$total_skip" -gt 0 ]; then
    echo "$total_skip skipped: a check that cannot run fails the run (make deps-test installs the tools)"
    echo "$total_pass passed, $total_fail failed, $total_skip skipped"
else
    echo "$total_pass passed, $total_fail failed"
fi
[ "$total_fail" -eq 0 ] && [ "$total_skip" -eq 0 ]
