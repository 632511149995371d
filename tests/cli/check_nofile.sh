#!/usr/bin/env bash
# The open-file limit: `crawford serve` raises its soft limit to the hard one (Debian's
# default soft limit, 1,024, is far below max_connections plus max_streams), and says at
# start, with the way out, when even the hard limit is too low for the settings.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start nofile

cat > "$dir/crawford.json" <<JSON
{"bind": "127.0.0.1", "database": "$dir/c.db", "static_dir": "static", "access_log": "off"}
JSON
# a soft limit of 512 under a hard one of 2,048: the defaults need about 15,000 (a venue
# behind one address holds 2,500 connections and 2,500 streams, of 8,192 and 6,000)
( ulimit -Sn 512 && ulimit -Hn 2048 && CRAWFORD_TD_PASSWORD="a long password" \
    exec "$BIN" serve --config "$dir/crawford.json" --port 0 ) >"$dir/out" 2>"$dir/err" &
pid=$!
wait_for 60 server_up "$pid" "$dir/out"
grep -q 'serving http' "$dir/out" && ok || bad "the server did not start: $(cat "$dir/err")"
soft=$(awk '/Max open files/ {print $4}' "/proc/$pid/limits")
[ "$soft" = 2048 ] && ok || bad "soft open-file limit is $soft, not raised to the hard 2048"
grep -q 'warning: the open-file limit is 2048.*max_connections (8192) and max_streams (6000) need about 14768' \
    "$dir/err" && ok || bad "no warning about the low hard limit: $(cat "$dir/err")"
kill "$pid"; wait "$pid" 2>/dev/null; pid=

# settings that fit: no warning
cat > "$dir/small.json" <<JSON
{"bind": "127.0.0.1", "database": "$dir/c.db", "static_dir": "static", "access_log": "off",
 "max_connections": 800, "max_streams": 600}
JSON
( ulimit -Sn 512 && ulimit -Hn 2048 && exec "$BIN" serve --config "$dir/small.json" --port 0 ) \
    >"$dir/out2" 2>"$dir/err2" &
pid=$!
wait_for 60 server_up "$pid" "$dir/out2"
grep -q 'serving http' "$dir/out2" && ok || bad "the server did not start: $(cat "$dir/err2")"
grep -q 'open-file limit' "$dir/err2" && bad "a warning although the limit suffices" || ok
check_end
