#!/usr/bin/env bash
# A failed sync of the database's log (EIO from fdatasync, made by the LD_PRELOAD shim
# failsync.c: the kernel may have dropped the pages it could not write). The change waiting
# on it is not acknowledged (503 with a sentence); the descriptor that failed is never
# synced again; reads go on; the next change reopens the database and is accepted, without
# a restart, and what was acknowledged before is all there.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start failsync
shim_build
# the sanitizer's runtime wants to come first; the shim only wraps two libc calls (the
# commands serve_start runs besides the server get it too, harmlessly)
FAILSYNC_TRIGGER=$dir/fail-next-sync LD_PRELOAD=$dir/failsync.so \
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 serve_start 'sync fails'
if [ -z "$U" ]; then echo "check_failsync: the server did not start: $(serve_why)"; exit 1; fi
U=${U%/}

H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
status() { curl "${H[@]}" -o "$dir/body" -w '%{http_code}' "$@"; }
names() { curl "${H[@]}" -b "$dir/td" "$U/api/v1/tournaments/$T/players" |
    json '["players"]' | grep -o "'name': '[^']*'" | sort | tr '\n' ' '; }

[ "$(status -c "$dir/td" -d '{"password": "sync fails"}' "$U/api/v1/login")" = 200 ] && ok ||
    bad "the TD could not log in: $(cat "$dir/body")"
T=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Sync fails"}' "$U/api/v1/tournaments" | json '["id"]')
[ "$(status -b "$dir/td" -d '{"name": "Acknowledged"}' "$U/api/v1/tournaments/$T/players")" = 201 ] &&
    ok || bad "a player with a working disk: $(cat "$dir/body")"

# the next sync fails: the change waiting on it is not acknowledged
touch "$dir/fail-next-sync"
code=$(status -b "$dir/td" -d '{"name": "Unacknowledged"}' "$U/api/v1/tournaments/$T/players")
[ "$code" = 503 ] && ok || bad "a change whose sync failed answered $code: $(cat "$dir/body")"
grep -q 'disk failed' "$dir/body" && ok || bad "the 503 does not say the disk failed: $(cat "$dir/body")"
[ ! -e "$dir/fail-next-sync" ] && ok || bad "the change made no sync"
[ "$(status "$U/api/v1/tournaments/$T")" = 200 ] && ok || bad "a read after a failed sync: $(cat "$dir/body")"

# the next change reopens the database and is accepted
[ "$(status -b "$dir/td" -d '{"name": "After the reopen"}' "$U/api/v1/tournaments/$T/players")" = 201 ] &&
    ok || bad "the change after a failed sync: $(cat "$dir/body")"
grep -q 'database was reopened' "$dir/err" && ok || bad "no reopen in the log: $(cat "$dir/err")"
[ ! -e "$dir/fail-next-sync.retried" ] && ok || bad "the descriptor whose sync failed was synced again"
got=$(names)
[[ "$got" == *"'Acknowledged'"* && "$got" == *"'After the reopen'"* ]] && ok ||
    bad "the players after the reopen: $got"
kill -0 "$pid" 2>/dev/null && ok || bad "the server is gone: $(cat "$dir/err")"
check_end
