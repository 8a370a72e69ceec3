#!/bin/sh
# Runs each libFuzzer target for SECONDS on its seed corpus (tests/fuzz/corpus/T)
# and what earlier runs found (BUILD/corpus/T), prints its executions, and
# fails when a target finds a crash, a leak, undefined behaviour or a hang;
# the input is kept in BUILD/crashes/. Usage: run.sh BUILD SECONDS TARGET...
build=$1 seconds=$2
shift 2
# leaks of the libraries meiro uses, not its own (tests/lsan.supp says which)
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0"
status=0
for t in "$@"; do
    mkdir -p "$build/corpus/$t" "$build/crashes"
    log="$build/fuzz-$t.log"
    "$build/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/crashes/$t-" \
        "$build/corpus/$t" "tests/fuzz/corpus/$t" > "$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    if [ "$rc" -eq 0 ]; then
        echo "fuzz $t: ${runs:-?} executions in $seconds s, nothing found"
    else
        status=1
        tail -n 40 "$log"
        echo "FAIL fuzz $t (exit $rc): the log is $log, the input in $build/crashes/"
    fi
done
exit $status
