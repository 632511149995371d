#!/usr/bin/env bash
# A slow disk holds no HTTP thread: while the sync of a change's log takes its time (the
# shim failsync.c holds fdatasync until the check lets it go), a server with one HTTP thread
# still answers another connection's read and takes another change; the changes are
# answered (201) only once the sync is done, and both are kept.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start slowdisk
shim_build
FAILSYNC_HOLD=$dir/hold LD_PRELOAD=$dir/failsync.so \
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
    serve_start 'slow disk' "" '"threads": 1'
if [ -z "$U" ]; then echo "check_slowdisk: the server did not start: $(serve_why)"; exit 1; fi
U=${U%/}
H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
[ "$(curl "${H[@]}" -c "$dir/td" -o /dev/null -w '%{http_code}' -d '{"password": "slow disk"}' \
    "$U/api/v1/login")" = 200 ] && ok || bad "the TD could not log in"
T=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Slow disk"}' "$U/api/v1/tournaments" | json '["id"]')
# the disk now holds every sync until the check lets it go
touch "$dir/hold"
add() { curl "${H[@]}" -b "$dir/td" -o "$dir/$1.body" -w '%{http_code}' -d "{\"name\": \"$1\"}" \
    "$U/api/v1/tournaments/$T/players" > "$dir/$1.code"; }
add Anna &
a=$!
wait_for 60 test -e "$dir/hold.inside" && ok || bad "the change made no sync"
# the one HTTP thread is free: a read and a second change are served meanwhile
code=$(curl "${H[@]}" --max-time 30 -o "$dir/read" -w '%{http_code}' "$U/api/v1/tournaments/$T")
[ "$code" = 200 ] && ok || bad "a read while a sync was held answered '$code'"
add Bruno &
b=$!
[ -e "$dir/hold.inside" ] && ok || bad "the sync was let go before the read was answered"
[ ! -s "$dir/Anna.code" ] && ok || bad "a change was answered before its sync: $(cat "$dir/Anna.code")"
# the disk catches up: both changes are answered, and kept
rm -f "$dir/hold"
wait "$a" "$b"
[ "$(cat "$dir/Anna.code")" = 201 ] && ok || bad "the first change: $(cat "$dir/Anna.code") $(cat "$dir/Anna.body")"
[ "$(cat "$dir/Bruno.code")" = 201 ] && ok || bad "the second change: $(cat "$dir/Bruno.code") $(cat "$dir/Bruno.body")"
got=$(curl "${H[@]}" -b "$dir/td" "$U/api/v1/tournaments/$T/players" | json '["players"]' |
    grep -o "'name': '[^']*'" | sort | tr '\n' ' ')
[[ "$got" == *"'Anna'"* && "$got" == *"'Bruno'"* ]] && ok || bad "the players after the sync: $got"
kill -0 "$pid" 2>/dev/null && ok || bad "the server is gone: $(cat "$dir/err")"
check_end
