#!/usr/bin/env bash
# The rules index (docs/rules.md) is what tests/house/rules_index.py makes of the tree: each
# rule id with the files and tests that name it. Regenerated into a temporary file and
# compared, so that the page cannot drift from the code and the tests.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if ! python3 "$root/tests/house/rules_index.py" --stdout >"$tmp"; then
    echo "check_rules_index: FAILED: tests/house/rules_index.py did not run"
    exit 1
fi
if ! diff -u "$root/docs/rules.md" "$tmp" >"$tmp.diff" 2>&1; then
    head -60 "$tmp.diff"
    rm -f "$tmp.diff"
    echo "check_rules_index: FAILED: docs/rules.md is out of date (a file or test that names"
    echo "a rule id changed). Regenerate it and commit it:"
    echo "    python3 tests/house/rules_index.py"
    exit 1
fi
rm -f "$tmp.diff"
# DOMAIN.md beside the repository (not in CI's tree necessarily): ids it has and the kept
# list lacks are told, not failed, since the kept list is refreshed by hand.
new=$(python3 "$root/tests/house/rules_index.py" --new-ids)
if [ -n "$new" ]; then
    echo "check_rules_index: note: DOMAIN.md has ids docs/rules-ids.txt lacks: $new"
    echo "    (python3 tests/house/rules_index.py --refresh-ids, then regenerate)"
fi
echo "check_rules_index: docs/rules.md is up to date"
