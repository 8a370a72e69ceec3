# What the shell suites share (sourced, not a suite): counting, the
# assertions, and the rule for outside tools. Set suite=NAME first; it
# makes $tmp (removed at exit). The suite ends with `finish`, which prints
# the closing line "NAME: N passed, N failed" (", N skipped" when some
# were) and gives the status.
tmp=$(mktemp -d "/tmp/meiro-$suite-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 skipped=0 later=0 missing=" "

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $suite${case_name:+ [$case_name]}: $*" >&2; }

# check NAME BODY: a named case (as git's test_expect_success): BODY, a
# shell snippet, runs with the assertions below; a failing assertion says
# the case's name with it ("FAIL smoke [booklets]: ..."), and finish lists
# the cases that failed. MEIRO_CHECK=PATTERN (a shell pattern) runs the
# cases whose name matches alone, as `build/tests/test_io save` does.
case_name= failed_cases=
check() {
    case_name=$1
    case $case_name in ${MEIRO_CHECK:-*}) ;; *) case_name=; return 0 ;; esac
    before=$failed
    eval "$2"
    [ "$failed" -eq "$before" ] || failed_cases="$failed_cases '$case_name'"
    case_name=
}

# run EXPECTED_STATUS CMD...: runs CMD, keeps stdout/stderr in $tmp/out, $tmp/err
run() {
    want=$1; shift
    "$@" > "$tmp/out" 2> "$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "exit $got, wanted $want: $*"; cat "$tmp/err" >&2; fi
}
out_has() { if grep -q -- "$1" "$tmp/out"; then ok; else bad "stdout lacks '$1'"; fi; }
err_has() { if grep -q -- "$1" "$tmp/err"; then ok; else bad "stderr lacks '$1': $(cat "$tmp/err")"; fi; }
out_empty() { if [ ! -s "$tmp/out" ]; then ok; else bad "stdout not empty"; fi; }
err_empty() { if [ ! -s "$tmp/err" ]; then ok; else bad "stderr not empty: $(cat "$tmp/err")"; fi; }
absent() { if [ ! -e "$1" ]; then ok; else bad "$1 exists"; fi; }
same() { if cmp -s "$1" "$2"; then ok; else bad "$1 and $2 differ"; fi; }

# skip WHAT: checks that cannot run here (a tool missing, not root): said,
# counted, and the run fails; never counted as passed.
skip() { skipped=$((skipped + 1)); echo "skipped: $*"; }

# need TOOL...: whether the checks that follow may use these tools. A tool
# this tier leaves to make check ($MEIRO_TEST_DEFER, set by tests/run.sh)
# answers no, noted; a tool not installed is a skip (said once a tool).
need() {
    for tool; do
        case " ${MEIRO_TEST_DEFER:-} " in *" $tool "*) later=$((later + 1)); return 1 ;; esac
        command -v "$tool" > /dev/null 2>&1 && continue
        skipped=$((skipped + 1))
        case "$missing" in *" $tool "*) ;; *) missing="$missing$tool "; echo "skipped: $tool is not installed" ;; esac
        return 1
    done
}

# full: whether this is make check's tier (everything); otherwise the part
# that follows is noted as left to make check. Unset MEIRO_TEST_TIER (a
# suite run by hand) is the full tier.
full() {
    case "${MEIRO_TEST_TIER:-check}" in check) return 0 ;; esac
    later=$((later + 1))
    return 1
}

finish() {
    [ "$later" -eq 0 ] || echo "$suite: $later parts left to make check"
    [ -z "$failed_cases" ] || echo "$suite: failed:$failed_cases" >&2
    if [ "$skipped" -eq 0 ]; then echo "$suite: $passed passed, $failed failed"
    else echo "$suite: $passed passed, $failed failed, $skipped skipped"; fi
    [ "$failed" -eq 0 ] && [ "$skipped" -eq 0 ]
}
