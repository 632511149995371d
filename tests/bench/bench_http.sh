#!/usr/bin/env bash
# HTTP benchmarks with wrk over loopback, keep-alive, 10 s each: GET of a tournament with 300
# players at 64 and 256 connections, the server's idle memory, GET of the bracket of a
# 1,024-entry knockout and of a 1,024-entry Swiss's board at round 7, at 64 connections. Prints `bench NAME VALUE UNIT` lines.
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

# wrk's summary as bench lines: $1 name, $2 connections, $3 wrk output file. Fails (after
# printing) when the load saw socket errors or non-2xx answers, or wrk printed no rate:
# a figure measured on errors is no figure, so the script then exits non-zero.
failed=0
report() {
    awk -v name="$1" -v c="$2" '
        /Requests\/sec:/ { rps = $2 }
        /^ +99%/ { v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
                   ms = (u == "us") ? v / 1000 : (u == "s") ? v * 1000 : (u == "m") ? v * 60000 : v }
        /Socket errors/ { err = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) err += $i }
        /Non-2xx/ { non2xx = $NF }
        END {
            printf "bench %s.c%d %.0f req/s\n", name, c, rps
            printf "bench %s.p99_ms.c%d %.2f ms\n", name, c, ms
            printf "bench %s.errors.c%d %d count\n", name, c, err + non2xx
            if (rps == "" || err + non2xx > 0) exit 1
        }' "$3" || { failed=1; echo "bench_http: $1 at $2 connections had errors:" >&2; cat "$3" >&2; }
}

url="http://127.0.0.1:$port/api/v1/tournaments/$tid"
for conns in 64 256; do
    wrk -t2 -c$conns -d${DURATION}s --latency "$url" > "$dir/wrk.$conns" 2>&1
    report http.get_tournament $conns "$dir/wrk.$conns"
done

# a knockout of 1,024 entries: players, entries and the draw through the API
base="http://127.0.0.1:$port/api/v1" # the server was restarted on another port
tid2=$(td -d '{"name": "Big Knockout"}' "$base/tournaments" |
       python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
eid=$(td -d '{"kind": "knockout", "name": "Main", "knockout": {"lengths": [7, 9, 11, 13]}}' \
       "$base/tournaments/$tid2/competitions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for batch in 0 1 2 3; do
    args=()
    for i in $(seq $((batch * 256 + 1)) $((batch * 256 + 256))); do
        args+=(-b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' -o /dev/null
               -d "{\"name\": \"Entrant $i\"}" "$base/tournaments/$tid2/players" --next)
    done
    curl -sf "${args[@]}" -o /dev/null "$base/health"
done
pids=$(curl -sf "$base/tournaments/$tid2/players" | python3 -c 'import json,sys; print(" ".join(str(p["id"]) for p in json.load(sys.stdin)["players"]))')
args=()
for p in $pids; do
    args+=(-b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' -o /dev/null
           -d "{\"player_id\": $p}" "$base/tournaments/$tid2/competitions/$eid/entries" --next)
done
curl -sf "${args[@]}" -o /dev/null "$base/health"
size=$(td -d '{"seed": "1024"}' "$base/tournaments/$tid2/competitions/$eid/knockout/draw" |
       python3 -c 'import json,sys; print(json.load(sys.stdin)["size"])')
[ "$size" = 1024 ] || { echo "bench_http: expected a bracket of 1024, got $size" >&2; exit 1; }
url="$base/tournaments/$tid2/competitions/$eid/knockout"
# as the venue screens' browsers ask: gzip accepted
wrk -t2 -c64 -d${DURATION}s --latency -H 'Accept-Encoding: gzip' "$url" > "$dir/wrk.bracket" 2>&1
report http.get_bracket_1024 64 "$dir/wrk.bracket"

# a Swiss of 1,024 entries at round 7 (SWISS-1, SWISS-2): the same players entered, six
# rounds paired and decided through the API, the seventh paired; its standings' GET as the
# screens ask for it
sid=$(td -d '{"kind": "swiss", "name": "Swiss", "swiss": {"rounds": 9, "length": 1}}' \
       "$base/tournaments/$tid2/competitions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
args=()
for p in $pids; do
    args+=(-b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' -o /dev/null
           -d "{\"player_id\": $p}" "$base/tournaments/$tid2/competitions/$sid/entries" --next)
done
curl -sf "${args[@]}" -o /dev/null "$base/health"
for round in 1 2 3 4 5 6 7; do
    mids=$(td -d "{\"seed\": \"bench-$round\"}" "$base/tournaments/$tid2/competitions/$sid/swiss/rounds" |
           python3 -c 'import json,sys; print(" ".join(str(m["id"]) for m in json.load(sys.stdin)["matches"]))')
    [ "$round" = 7 ] && break
    args=()
    i=0
    for m in $mids; do # side a or b wins, by turns: the score groups spread as in play
        i=$((i + 1))
        score=$([ $((i % 2)) = 0 ] && echo '{"a": 1, "b": 0}' || echo '{"a": 0, "b": 1}')
        args+=(-b "$dir/jar" -H 'X-Crawford: 1' -H 'Content-Type: application/json' -o /dev/null
               -d "{\"score\": $score}" "$base/tournaments/$tid2/matches/$m/verify" --next)
    done
    curl -sf "${args[@]}" -o /dev/null "$base/health"
done
n=$(curl -sf "$base/tournaments/$tid2/competitions/$sid/swiss" | python3 -c 'import json,sys; b = json.load(sys.stdin); print(b["round"], len(b["standings"]))')
[ "$n" = "7 1024" ] || { echo "bench_http: expected round 7 of 1024, got $n" >&2; exit 1; }
wrk -t2 -c64 -d${DURATION}s --latency -H 'Accept-Encoding: gzip' \
    "$base/tournaments/$tid2/competitions/$sid/swiss/standings" > "$dir/wrk.swiss" 2>&1
report http.get_standings_1024 64 "$dir/wrk.swiss"
# issue 33's target: the standings' GET within 20% of the tournament's. Both are measured
# again in turn on the same server, tournament then standings, four times, half the time
# each, so that a load elsewhere on the machine meets both alike (one after the other, a
# build starting beside the second run moved the ratio by a third; two turns still moved
# it from 0.70 to 1.03 on a quiet machine); the ratio of the two sums of rates (0.80 or
# more is the target). BENCH_DEBUG=1 prints each turn's rates.
HALF=$(( (DURATION + 1) / 2 ))
rate() { awk '/Requests\/sec:/ { print $2 }' "$1"; }
s_sum=0; t_sum=0
for turn in 1 2 3 4; do
    wrk -t2 -c64 -d${HALF}s -H 'Accept-Encoding: gzip' "$base/tournaments/$tid" > "$dir/wrk.t$turn" 2>&1
    wrk -t2 -c64 -d${HALF}s -H 'Accept-Encoding: gzip' \
        "$base/tournaments/$tid2/competitions/$sid/swiss/standings" > "$dir/wrk.s$turn" 2>&1
    t_sum=$(awk -v a="$t_sum" -v b="$(rate "$dir/wrk.t$turn")" 'BEGIN { print a + b }')
    s_sum=$(awk -v a="$s_sum" -v b="$(rate "$dir/wrk.s$turn")" 'BEGIN { print a + b }')
    [ -n "${BENCH_DEBUG:-}" ] && echo "turn $turn: tournament $(rate "$dir/wrk.t$turn") standings $(rate "$dir/wrk.s$turn")" >&2
done
awk -v s="$s_sum" -v t="$t_sum" \
    'BEGIN { if (t > 0) printf "bench http.get_standings_vs_tournament %.2f x\n", s / t }'
stop
[ "$failed" = 0 ] || { echo "bench_http: FAILED: the load produced errors" >&2; exit 1; }
