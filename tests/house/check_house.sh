#!/usr/bin/env bash
# The house stands: server/'s includes and calls against the floors of docs/development.md
# "Layout" (no arrow up, no circle of files), no SQLite type above store/, no file over 800
# lines but those still listed to split, and that Layout names every folder of server/. Fails with the names of the files (tests/house/house.py says how).
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
obj="$(dirname "$BIN")/obj/server"
if out=$(python3 "$(dirname "$0")/house.py" "$obj" 2>&1); then
    echo "check_house: the house stands"
else
    echo "$out"
    echo "check_house: FAILED"
    exit 1
fi
