#!/usr/bin/env bash
# GET of a tournament side by side with a bare libmicrohttpd serving the same body (issue 37):
# the tournament of bench_http.sh (300 players), its body fetched once and served by
# tests/bench/bare_mhd.c (the same threading and connection pool, nothing else); wrk at 64
# connections against each in turn, Crawford, bare, Crawford, bare, BENCH_SECONDS/2 each, so
# that a load elsewhere on the machine meets both alike. Prints the two rates and their ratio,
# `bench http.get_tournament_vs_bare RATIO ratio` (target: 0.9 or more).
set -euo pipefail
BIN=${CRAWFORD_BIN:-build/rel/crawford}
BARE=${BARE_BIN:-$(dirname "$BIN")/bench/bare_mhd}
DURATION=${BENCH_SECONDS:-10}
HALF=$(( (DURATION + 1) / 2 ))
dir=$(mktemp -d /tmp/crawford-bare-XXXXXX)
pid=""
bare=""
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    [ -n "$bare" ] && kill "$bare" 2>/dev/null
    wait 2>/dev/null; rm -rf "$dir"
}
trap cleanup EXIT
[ -x "$BARE" ] || { echo "bench_bare: $BARE is not built (make $BARE)" >&2; exit 1; }

cat > "$dir/c.json" <<JSON
{"bind": "127.0.0.1", "database": "$dir/b.db", "static_dir": "$PWD/static",
 "access_log": "$dir/access.log"}
JSON
CRAWFORD_TD_PASSWORD="bench password" "$BIN" serve --config "$dir/c.json" --port 0 \
    > "$dir/out.log" 2>&1 &
pid=$!
wait_port() { # $1 log file: the port it says it serves on
    for _ in $(seq 200); do
        p=$(sed -n 's/.*serving http:\/\/[^:]*:\([0-9]*\)\/.*/\1/p' "$1")
        [ -n "$p" ] && { echo "$p"; return 0; }
        sleep 0.05
    done
    echo "bench_bare: a server did not start" >&2; cat "$1" >&2; return 1
}
port=$(wait_port "$dir/out.log")
base="http://127.0.0.1:$port/api/v1"
curl -sf -c "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' \
    -d '{"password": "bench password"}' "$base/login" > /dev/null
tid=$(curl -sf -b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' \
      -d '{"name": "Bench Open", "venue": "Loopback"}' "$base/tournaments" |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
args=()
for i in $(seq 1 300); do
    args+=(-b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' -o /dev/null
           -d "{\"name\": \"Player $i\", \"country\": \"IT\", \"rating\": $((1400 + i))}"
           "$base/tournaments/$tid/players" --next)
done
curl -sf "${args[@]}" -o /dev/null "$base/health"
url="$base/tournaments/$tid"
curl -sf "$url" > "$dir/body.json"
"$BARE" "$dir/body.json" > "$dir/bare.log" 2>&1 &
bare=$!
bport=$(wait_port "$dir/bare.log")
burl="http://127.0.0.1:$bport/api/v1/tournaments/$tid"
cmp -s "$dir/body.json" <(curl -sf "$burl") ||
    { echo "bench_bare: the bare server does not serve the same body" >&2; exit 1; }

# one wrk run: $1 url, $2 output file; its rate, or a failure on errors
rate() {
    wrk -t2 -c64 -d${HALF}s "$1" > "$2" 2>&1
    awk '/Requests\/sec:/ { rps = $2 } /Socket errors|Non-2xx/ { bad = 1 }
         END { if (rps == "" || bad) exit 1; print rps }' "$2" ||
        { echo "bench_bare: errors on $1:" >&2; cat "$2" >&2; exit 1; }
}
c1=$(rate "$url" "$dir/wrk.c1"); b1=$(rate "$burl" "$dir/wrk.b1")
c2=$(rate "$url" "$dir/wrk.c2"); b2=$(rate "$burl" "$dir/wrk.b2")
awk -v c1="$c1" -v c2="$c2" -v b1="$b1" -v b2="$b2" -v n="$(wc -c < "$dir/body.json")" 'BEGIN {
    printf "bench http.get_tournament_crawford.c64 %.0f req/s\n", (c1 + c2) / 2
    printf "bench http.get_tournament_bare.c64 %.0f req/s\n", (b1 + b2) / 2
    printf "bench http.get_tournament_body_bytes %d bytes\n", n
    printf "bench http.get_tournament_vs_bare %.2f ratio\n", (c1 + c2) / (b1 + b2)
}'
