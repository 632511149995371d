#!/usr/bin/env bash
# End-to-end tests of the pages (make test runs this with CRAWFORD_BIN set): first every
# string key the pages use must exist in English and Italian, then e2e.mjs drives headless
# Chromium against a server of its own. Whatever is left in this script's process group
# (server, browser) is ended on exit.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
export CRAWFORD_BIN=$(cd "$root" && realpath "${CRAWFORD_BIN:-build/asan/crawford}")

# Our own process group, ended on exit (tests/own_group.sh)
OWN_GROUP_MARK=CHECK_E2E_INNER
. "$root/tests/own_group.sh"

# the console's bundled script, made again if a module changed since (the Makefile's rule):
# the pages under test are the ones the sources make
make --no-print-directory -s -C "$root" static/td/td.bundle.js || exit 1
node "$here/check_strings.mjs" || exit 1
node "$here/check_events.mjs" || exit 1
node "$here/check_estimate.mjs" || exit 1
if [ ! -x /usr/bin/chromium ] || [ ! -d "$here/node_modules/playwright-core" ] || ! command -v pdftotext >/dev/null; then
  echo "check_e2e: chromium, playwright-core or pdftotext (poppler-utils) missing: run make e2e-deps" >&2
  exit 1
fi
# --foreground keeps node, the server and the browser in this process group
timeout --foreground 900 node "$here/e2e.mjs"
