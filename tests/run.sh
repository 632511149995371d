#!/usr/bin/env bash
# Runs test suites side by side: tests/run.sh [-j N] SUITE...
#
# A suite is an executable (a Check suite) or a shell script (run with bash). The suites
# share no state: each HTTP suite, shell check and the end-to-end test starts its own
# server on a free port with a database in a temporary folder, and Check suites work in
# memory or in their own temporary files. So they can run at once, N at a time (default:
# twice the CPUs, since most of a suite's time is spent waiting on a server, a disk sync
# or a browser). Every suite runs even when another fails.
#
# Each suite's output goes to build/test-logs/NAME.log and is printed whole, with its
# time, when the suite ends (never interleaved with another's). The time of each suite is
# kept in build/test-logs/times, and the next run starts the longest first, so that the
# last to finish is not a long one started late. The last line is "suites: N passed, N
# failed"; the exit status is 1 when any suite failed. A suite that exits with 77 could not
# run here (e.g. a mount needs root): it is counted as skipped, neither passed nor failed.
set -u
jobs=$(($(nproc) * 2))
if [ "${1:-}" = -j ]; then jobs=$2; shift 2; fi
[ "$#" -gt 0 ] || { echo "usage: tests/run.sh [-j N] SUITE..." >&2; exit 2; }

logs=build/test-logs
mkdir -p "$logs"
times=$logs/times
touch "$times"
# A Check test case's own timeout (tcase_set_timeout) stops a hung test; on a loaded
# machine a slow one is not a hung one.
export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-4}

name_of() { local n=${1#./}; n=${n//\//_}; echo "${n%.sh}"; }

# the suites, longest first by the last run's times (unknown ones first of all, in the
# order given: the Makefile names the HTTP suites first, the slowest kind)
order=$(for s in "$@"; do
    t=$(awk -v n="$(name_of "$s")" '$1 == n { print $2 }' "$times")
    echo "${t:-999999} $s"
done | sort -s -rn -k1,1 | cut -d' ' -f2-)

declare -A started=() suite_of=()
passed=0
failed=0
skipped=0
failures=()
newtimes=$(mktemp)

finish() { # finish PID STATUS
    local p=$1 rc=$2 s=${suite_of[$1]} n
    n=$(name_of "$s")
    local secs=$((SECONDS - started[$p]))
    echo "== $s (${secs} s)"
    cat "$logs/$n.log"
    if [ "$rc" = 0 ]; then
        passed=$((passed + 1))
    elif [ "$rc" = 77 ]; then
        echo "SKIPPED: $s"
        skipped=$((skipped + 1))
    else
        echo "FAILED: $s (exit status $rc)"
        failed=$((failed + 1))
        failures+=("$s")
    fi
    echo "$n $secs" >>"$newtimes"
    unset "suite_of[$p]" "started[$p]"
}

reap() { # waits for any one suite to end and reports it
    local p rc
    wait -n -p p
    rc=$?
    finish "$p" "$rc"
}

for s in $order; do
    while [ "${#suite_of[@]}" -ge "$jobs" ]; do reap; done
    n=$(name_of "$s")
    if [ "${s%.sh}" != "$s" ]; then
        bash "$s" >"$logs/$n.log" 2>&1 &
    else
        "$s" >"$logs/$n.log" 2>&1 &
    fi
    started[$!]=$SECONDS
    suite_of[$!]=$s
done
while [ "${#suite_of[@]}" -gt 0 ]; do reap; done

# keep the times of this run, and those of suites not run this time
awk 'NR == FNR { seen[$1] = 1; print; next } !($1 in seen)' "$newtimes" "$times" >"$times.new"
mv "$times.new" "$times"
rm -f "$newtimes"

[ "$failed" = 0 ] || printf 'failed suite: %s\n' "${failures[@]}"
if [ "$skipped" = 0 ]; then
    echo "suites: $passed passed, $failed failed"
else
    echo "suites: $passed passed, $failed failed, $skipped skipped"
fi
[ "$failed" = 0 ]
