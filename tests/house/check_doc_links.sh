#!/usr/bin/env bash
# The documentation's relative links lead somewhere: README.md and docs/*.md, every link to
# a file names one that exists and every #anchor a heading of its page (an anchor breaks
# when a section moves to another page). tests/house/doc_links.py says how.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
if out=$(python3 "$root/tests/house/doc_links.py" 2>&1); then
    echo "check_doc_links: every relative link and anchor of README.md and docs/ leads somewhere"
else
    echo "$out"
    echo "check_doc_links: FAILED: fix the links above (python3 tests/house/doc_links.py --fix"
    echo "points an anchor that moved to another page at that page)"
    exit 1
fi
