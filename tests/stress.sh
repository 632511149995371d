#!/usr/bin/env bash
# tests/stress.sh [RUNS]: `make test` RUNS times in a row (default 3) with two CPU hogs
# (`yes > /dev/null`) running beside it, as CI's machine is rarely idle. Stops at the first
# failing run. Prints each run's time; the hogs end with the script.
set -u
runs=${1:-3}
cd "$(dirname "$0")/.."
mkdir -p build
hogs=()
cleanup() { [ "${#hogs[@]}" -gt 0 ] && kill "${hogs[@]}" 2>/dev/null; }
trap cleanup EXIT
for _ in 1 2; do
    yes >/dev/null &
    hogs+=($!)
done
for i in $(seq "$runs"); do
    start=$SECONDS
    if make --no-print-directory test >"build/stress-$i.log" 2>&1; then
        echo "stress: run $i of $runs passed in $((SECONDS - start)) s (log: build/stress-$i.log)"
    else
        tail -n 40 "build/stress-$i.log"
        echo "stress: run $i of $runs FAILED after $((SECONDS - start)) s (log: build/stress-$i.log)"
        exit 1
    fi
done
echo "stress: $runs runs passed with two CPU hogs"
