#!/usr/bin/env bash
# End-to-end tests of the pages (make test runs this with CRAWFORD_BIN set): first every
# string key the pages use must exist in English and Italian, then e2e.mjs drives headless
# Chromium against a server of its own. Whatever is left in this script's process group
# (server, browser) is ended on exit.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export CRAWFORD_BIN=$(cd "$root" && realpath "${CRAWFORD_BIN:-build/asan/crawford}")

# Our own process group, so that cleanup ends only what this script started.
if [ "${CHECK_E2E_PGID:-}" != "$$" ] && [ "$(ps -o pgid= $$ | tr -d ' ')" != "$$" ]; then
  export CHECK_E2E_PGID=
  exec setsid --wait bash "$0" "$@"
fi
cleanup() { trap - EXIT INT TERM; kill -TERM -- -$$ 2>/dev/null; }
trap cleanup EXIT INT TERM

node "$here/check_strings.mjs" || exit 1
if [ ! -x /usr/bin/chromium ] || [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "check_e2e: chromium or playwright-core missing: run make e2e-deps" >&2
  exit 1
fi
# ASan's leak report at the server's exit is not this test's business
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
timeout 300 node "$here/e2e.mjs"
