#!/usr/bin/env bash
# Each page's <link rel="modulepreload"> lines are its whole module graph (tests/house/
# preload.py says why): a module imported and not preloaded would come a round trip late.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
if ! python3 "$root/tests/house/preload.py" --check; then
    echo "check_preload: FAILED"
    exit 1
fi
echo "check_preload: every page preloads its whole module graph"
