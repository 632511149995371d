#!/usr/bin/env bash
# The TD's console at 1,000 players and 1,500 matches, measured in Chromium (issue 32):
# bench_ui.mjs prints `bench ui.console_* VALUE UNIT` lines. Needs what the e2e test needs
# (chromium, playwright-core: make e2e-deps).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export CRAWFORD_BIN=$(cd "$root" && realpath "${CRAWFORD_BIN:-build/rel/crawford}")
if [ ! -x /usr/bin/chromium ] || [ ! -d "$root/tests/e2e/node_modules/playwright-core" ]; then
  echo "bench_ui: chromium or playwright-core missing: run make e2e-deps" >&2
  exit 1
fi
# the console's bundled script, made again if a module changed since (the Makefile's rule)
make --no-print-directory -s -C "$root" static/td/td.bundle.js
# our own process group, so that what is left (server, browser) is ended on exit
OWN_GROUP_MARK=BENCH_UI_INNER
. "$root/tests/own_group.sh"
timeout --foreground 600 node "$here/bench_ui.mjs"
