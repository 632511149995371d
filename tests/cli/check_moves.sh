#!/usr/bin/env bash
# `crawford moves` against gnubg: every case of the gnubg data must give exactly gnubg's set
# of resulting positions ("3000 passed, 0 failed"), and bad lines must be answered, not fatal.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${CRAWFORD_BIN:-$ROOT/build/rel/crawford}
CASES=$ROOT/tests/data/gnubg/cases.jsonl.gz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gzip -dc "$CASES" | "$BIN" moves > "$tmp/out.jsonl"
python3 "$ROOT/tests/cli/compare_moves.py" "$CASES" "$tmp/out.jsonl" > "$tmp/compare.txt" || true
cat "$tmp/compare.txt"
if ! grep -qx '3000 passed, 0 failed' "$tmp/compare.txt"; then
    echo "check_moves: crawford moves does not match gnubg on every case" >&2
    exit 1
fi

# Bad lines: each gets an error line with its id (null when unknown), the good line after
# them is still answered, and the exit status says something was refused.
opening='{"me":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"opp":[0,2,0,0,0,0,0,0,0,0,0,0,5,0,0,0,0,3,0,5,0,0,0,0,0,0]}'
{
    echo 'not json'
    echo '{"id": "dice", "board": '"$opening"', "dice": [0, 7]}'
    echo '{"id": 2, "board": {"me": [1], "opp": []}, "dice": [6, 5]}'
    echo '{"id": "good", "board": '"$opening"', "dice": [6, 5]}'
} > "$tmp/bad.jsonl"
status=0
"$BIN" moves < "$tmp/bad.jsonl" > "$tmp/bad.out" || status=$?
python3 - "$tmp/bad.out" "$status" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert int(sys.argv[2]) == 1, "exit status %s, expected 1" % sys.argv[2]
assert len(lines) == 4, lines
assert lines[0]["id"] is None and "not JSON" in lines[0]["error"], lines[0]
assert lines[1]["id"] == "dice" and "dice" in lines[1]["error"], lines[1]
assert lines[2]["id"] == 2 and "board" in lines[2]["error"], lines[2]
assert lines[3]["id"] == "good" and len(lines[3]["moves"]) == 7, lines[3]
print("check_moves: bad lines answered with errors, the rest went on")
PY
