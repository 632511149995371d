#!/usr/bin/env bash
# Results through curl alone (the README's walkthrough "Two players report a match with
# curl"): the TD sets up a match, both players log in with their PINs, one reports the
# final score, the other confirms it, and an event stream opened before sees both events.
# An invalid report is refused with the engine's sentence. Only curl and the server.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start check_curl_flow

serve_start 'curl walkthrough'
if [ -z "$U" ]; then echo "check_curl_flow: the server did not start: $(serve_why)"; exit 1; fi
U=${U%/}

H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }

# the TD: login, tournament, two players (each gets a PIN), a 5-point match
curl "${H[@]}" -c "$dir/td" -d '{"password": "curl walkthrough"}' "$U/api/v1/login" >/dev/null
T=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Curl night"}' "$U/api/v1/tournaments" | json '["id"]')
A=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Anna"}' "$U/api/v1/tournaments/$T/players")
B=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Bruno"}' "$U/api/v1/tournaments/$T/players")
AID=$(json '["id"]' <<<"$A"); APIN=$(json '["pin"]' <<<"$A")
BID=$(json '["id"]' <<<"$B"); BPIN=$(json '["pin"]' <<<"$B")
M=$(curl "${H[@]}" -b "$dir/td" -d "{\"player_a\": $AID, \"player_b\": $BID, \"length\": 5}" \
    "$U/api/v1/tournaments/$T/matches" | json '["id"]')
[ -n "$M" ] && ok || bad "no match: $T $AID $BID"

# an event stream, open before the reports: it listens once the server's first line
# ("retry:") has come
curl -sN -m 300 "$U/api/v1/tournaments/$T/events" >"$dir/stream" &
spid=$!
wait_for 60 grep -q '^retry:' "$dir/stream" && ok || bad "the event stream did not open"

# each player logs in with their PIN (a cookie of their own)
curl "${H[@]}" -c "$dir/a" -d "{\"pin\": \"$APIN\"}" \
    "$U/api/v1/tournaments/$T/players/$AID/login" >/dev/null
curl "${H[@]}" -c "$dir/b" -d "{\"pin\": \"$BPIN\"}" \
    "$U/api/v1/tournaments/$T/players/$BID/login" >/dev/null

# an impossible score is refused with the reason, and nothing is stored
out=$(curl "${H[@]}" -b "$dir/a" -w '\n%{http_code}' -d '{"score": {"a": 5, "b": 5}}' \
    "$U/api/v1/tournaments/$T/matches/$M/report")
[ "$(tail -1 <<<"$out")" = 422 ] && grep -q 'MATCH-1' <<<"$out" && ok ||
    bad "an impossible score was not refused with MATCH-1: $out"

# Anna reports 5-3, Bruno confirms: verified
st=$(curl "${H[@]}" -b "$dir/a" -d '{"score": {"a": 5, "b": 3}}' \
    "$U/api/v1/tournaments/$T/matches/$M/report" | json '["state"]')
[ "$st" = reported ] && ok || bad "the report left the match $st"
st=$(curl "${H[@]}" -b "$dir/b" -X POST "$U/api/v1/tournaments/$T/matches/$M/confirm" |
    json '["state"]')
[ "$st" = verified ] && ok || bad "the confirmation left the match $st"
st=$(curl -s "$U/api/v1/tournaments/$T/matches/$M" | json '["winner"]')
[ "$st" = a ] && ok || bad "the winner is $st"

# without a login, or as the other side's opponent of someone else's match: refused
code=$(curl "${H[@]}" -o /dev/null -w '%{http_code}' -d '{"score": {"a": 5, "b": 0}}' \
    "$U/api/v1/tournaments/$T/matches/$M/report")
[ "$code" = 401 ] && ok || bad "a report without a login answered $code"

# the stream shows both events as they happened (waited for, not timed)
wait_for 60 grep -q '^event: match.verified' "$dir/stream"
kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null; spid=
grep -q '^event: match.reported' "$dir/stream" && ok || bad "the stream lacks match.reported"
grep -q '^event: match.verified' "$dir/stream" && ok || bad "the stream lacks match.verified"
grep -q "$APIN\|$BPIN" "$dir/stream" && bad "a PIN is in the stream" || ok

check_end
