#!/usr/bin/env bash
# HTTP benchmark of the foundation: GET of a tournament with 300 players, wrk for 10 s over
# loopback with keep-alive at 64 and 256 connections, and the server's idle memory.
# Prints `bench NAME VALUE UNIT` lines.
set -euo pipefail
BIN=${CRAWFORD_BIN:-build/rel/crawford}
DURATION=${BENCH_SECONDS:-10}
dir=$(mktemp -d /tmp/crawford-bench-XXXXXX)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT

cat > "$dir/c.json" <<JSON
{"bind": "127.0.0.1", "database": "$dir/b.db", "static_dir": "$PWD/static",
 "access_log": "$dir/access.log"}
JSON

start() {
    CRAWFORD_TD_PASSWORD="bench password" "$BIN" serve --config "$dir/c.json" --port 0 \
        > "$dir/out.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do
        port=$(sed -n 's/.*serving http:\/\/[^:]*:\([0-9]*\)\/.*/\1/p' "$dir/out.log")
        [ -n "$port" ] && return 0
        sleep 0.05
    done
    echo "bench_http: the server did not start" >&2; cat "$dir/out.log" >&2; exit 1
}
stop() { kill "$pid"; wait "$pid" || true; pid=""; }

start
base="http://127.0.0.1:$port/api/v1"
curl -sf -c "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' \
    -d '{"password": "bench password"}' "$base/login" > /dev/null
td() { curl -sf -b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' "$@"; }
tid=$(td -d '{"name": "Bench Open", "venue": "Loopback"}' "$base/tournaments" |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
# 300 players through the API, on one keep-alive connection
args=()
for i in $(seq 1 300); do
    args+=(-b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' -o /dev/null
           -d "{\"name\": \"Player $i\", \"country\": \"IT\", \"rating\": $((1400 + i))}"
           "$base/tournaments/$tid/players" --next)
done
curl -sf "${args[@]}" -o /dev/null "$base/health"
n=$(curl -sf "$base/tournaments/$tid" | python3 -c 'import json,sys; print(json.load(sys.stdin)["players"]["registered"])')
[ "$n" = 300 ] || { echo "bench_http: expected 300 players, got $n" >&2; exit 1; }

# idle memory: a fresh start on that database, one request served, then a second of rest
stop
start
curl -sf "http://127.0.0.1:$port/api/v1/tournaments/$tid" > /dev/null
sleep 1
rss_kb=$(awk '/^VmRSS:/ {print $2}' /proc/$pid/status)
awk -v kb="$rss_kb" 'BEGIN { printf "bench mem.idle_rss_mb %.1f MB\n", kb / 1024 }'

url="http://127.0.0.1:$port/api/v1/tournaments/$tid"
for conns in 64 256; do
    wrk -t2 -c$conns -d${DURATION}s --latency "$url" > "$dir/wrk.$conns" 2>&1
    awk -v c=$conns '
        /Requests\/sec:/ { rps = $2 }
        /^ +99%/ { v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
                   ms = (u == "us") ? v / 1000 : (u == "s") ? v * 1000 : (u == "m") ? v * 60000 : v }
        /Socket errors/ { err = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) err += $i }
        /Non-2xx/ { non2xx = $NF }
        END {
            printf "bench http.get_tournament.c%d %.0f req/s\n", c, rps
            printf "bench http.get_tournament.p99_ms.c%d %.2f ms\n", c, ms
            printf "bench http.get_tournament.errors.c%d %d count\n", c, err + non2xx
        }' "$dir/wrk.$conns"
done
stop
