#!/usr/bin/env bash
# The house stands: server/'s includes and calls against the floors of docs/development.md
# "Layout" (no arrow up, no circle of files), no SQLite type above store/, no file over 800
# lines but those still listed to split, and that Layout names every folder of server/
# (tests/house/house.py); and each thing in its one place: a kind's name compared only in
# the kinds table, an event's settings parsed only by its kind's parse function, a
# transaction only in the frame, but for the files their allowlists name
# (tests/house/one_place.py); a page listing its modules to preload lists them all
# (tests/house/modulepreload.py). Fails with the names of the files, their lines and the rule.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
obj="$(dirname "$BIN")/obj/server"
here=$(dirname "$0")
fail=0
if ! out=$(python3 "$here/house.py" "$obj" 2>&1); then
    echo "$out"
    fail=1
fi
if ! out=$(python3 "$here/one_place.py" 2>&1); then
    echo "$out"
    fail=1
fi
if ! out=$(python3 "$here/modulepreload.py" 2>&1); then
    echo "$out"
    fail=1
fi
if [ $fail = 0 ]; then
    echo "check_house: the house stands"
else
    echo "check_house: FAILED"
    exit 1
fi
