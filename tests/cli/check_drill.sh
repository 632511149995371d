#!/usr/bin/env bash
# The drill of the TD's guide, "When the laptop dies": 64 players report on one laptop, a
# backup is taken while they do (`crawford backup`), the laptop dies (kill -9), the copy is
# restored on another (`crawford restore`, another folder, another port) and served. There
# the running clock is paused and play waits for the TD; every report acknowledged before
# the backup began is there; the players' and the TD's sessions still work; a new report
# is accepted, and once the TD confirms, the clock runs again.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start drill

H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
code() { curl "${H[@]}" -o /dev/null -w '%{http_code}' "$@"; }
is2xx() { [ "${1:0:1}" = 2 ]; }

mkdir -p "$dir/old" "$dir/new"
serve_start 'the drill password' "$dir/old/c.db"
if [ -z "$U" ]; then echo "drill: the first laptop did not start: $(serve_why)"; exit 1; fi
U=${U%/}
old=$pid

# the TD: a tournament, 64 players (each answered with a PIN), 32 matches, and a 33rd
# (players 1 and 2 again) whose clock runs when the laptop dies
curl "${H[@]}" -c "$dir/td" -d '{"password": "the drill password"}' "$U/api/v1/login" >/dev/null
T=$(curl "${H[@]}" -b "$dir/td" -d '{"name": "Weekend open"}' "$U/api/v1/tournaments" | json '["id"]')
for i in $(seq 1 64); do
    curl "${H[@]}" -b "$dir/td" -d "{\"name\": \"Player $i\"}" "$U/api/v1/tournaments/$T/players"
    echo
done >"$dir/players.jsonl"
python3 -c 'import json,sys
for l in open(sys.argv[1]): p = json.loads(l); print(p["id"], p["pin"])' \
    "$dir/players.jsonl" >"$dir/pins"
mapfile -t P < <(cut -d' ' -f1 "$dir/pins")
[ "${#P[@]}" = 64 ] && ok || bad "64 players were not registered: ${#P[@]}"
# each player logs in on their phone (a cookie of their own)
i=0
while read -r id pin; do
    i=$((i + 1))
    curl "${H[@]}" -c "$dir/p$i" -d "{\"pin\": \"$pin\"}" \
        "$U/api/v1/tournaments/$T/players/$id/login" >/dev/null
done <"$dir/pins"
M=()
for k in $(seq 0 32); do
    a=${P[$((2 * k % 64))]} b=${P[$((2 * k % 64 + 1))]}
    M+=("$(curl "${H[@]}" -b "$dir/td" -d "{\"player_a\": $a, \"player_b\": $b, \"length\": 5}" \
        "$U/api/v1/tournaments/$T/matches" | json '["id"]')")
done
CM=${M[32]}
is2xx "$(code -b "$dir/p1" -d '{"lower_die": "a"}' "$U/api/v1/tournaments/$T/matches/$CM/clock/start")" &&
    ok || bad "the clock of match $CM did not start"

# the reporting: 8 phones' worth of jobs, 4 matches each: side a reports, side b confirms;
# each acknowledged answer (2xx) is logged as it comes
report() {
    local k m c
    for k in "$@"; do
        m=${M[$k]}
        c=$(code -b "$dir/p$((2 * k + 1))" -d '{"score": {"a": 5, "b": 3}}' \
            "$U/api/v1/tournaments/$T/matches/$m/report")
        [ "${c:0:1}" = 2 ] && echo "$m reported" >>"$dir/acked"
        c=$(code -b "$dir/p$((2 * k + 2))" -X POST "$U/api/v1/tournaments/$T/matches/$m/confirm")
        [ "${c:0:1}" = 2 ] && echo "$m verified" >>"$dir/acked"
    done
}
: >"$dir/acked"
jobs_=()
for j in $(seq 0 7); do
    report $((j)) $((j + 8)) $((j + 16)) $((j + 24)) &
    jobs_+=($!)
done
# the backup, while the phones go on reporting: what was acknowledged before it began
acked_lines() { [ "$(wc -l <"$dir/acked")" -ge "$1" ]; }
wait_for 60 acked_lines 24 || bad "the reports did not come"
cp "$dir/acked" "$dir/acked-before"
"$BIN" backup --db "$dir/old/c.db" "$dir/copy.db" >"$dir/backup.out" 2>&1 && ok ||
    bad "crawford backup failed: $(cat "$dir/backup.out")"
# the laptop dies
kill -9 "$old"
wait "$old" 2>/dev/null
pid=
for j in "${jobs_[@]}"; do wait "$j" 2>/dev/null; done

# the other laptop: the copy restored in another folder, served on another port
"$BIN" restore "$dir/copy.db" --db "$dir/new/c.db" >"$dir/restore.out" 2>&1 && ok ||
    bad "crawford restore failed: $(cat "$dir/restore.out")"
serve_start 'the drill password' "$dir/new/c.db"
if [ -z "$U" ]; then echo "drill: the second laptop did not start: $(serve_why)"; exit 1; fi
U=${U%/}
grep -q 'waits for the TD' "$dir/out" && ok || bad "the restored server does not say it waits: $(cat "$dir/out")"

# the TD's session survived, and the console is asked first
s=$(curl "${H[@]}" -b "$dir/td" "$U/api/v1/session")
[ "$(json '["server"]["held"]' <<<"$s")" = True ] && ok || bad "the server is not held: $s"
# the running clock is paused, for the TD
c=$(curl "${H[@]}" -b "$dir/p1" "$U/api/v1/tournaments/$T/matches/$CM/clock")
[ "$(json '["state"]' <<<"$c")" = paused ] && [ "$(json '["paused_reason"]' <<<"$c")" = td ] && ok ||
    bad "the clock is not paused for the TD: $c"
# every report acknowledged before the backup is there
curl "${H[@]}" "$U/api/v1/tournaments/$T/matches" >"$dir/matches.json"
missing=$(python3 -c 'import json,sys
state = {m["id"]: m["state"] for m in json.load(open(sys.argv[1]))["matches"]}
want = {"reported": ("reported", "verified"), "verified": ("verified",)}
for l in open(sys.argv[2]):
    m, what = l.split()
    if state.get(int(m)) not in want[what]: print(m, what, state.get(int(m)))' \
    "$dir/matches.json" "$dir/acked-before")
n=$(wc -l <"$dir/acked-before")
[ "$n" -ge 24 ] && [ -z "$missing" ] && ok || bad "acknowledged before the backup, not in the copy ($n acknowledged): $missing"
# a new report, from a phone whose session came along
is2xx "$(code -b "$dir/p1" -d '{"score": {"a": 5, "b": 1}}' "$U/api/v1/tournaments/$T/matches/$CM/report")" &&
    ok || bad "a new report was not accepted on the restored server"
# the TD confirms the times: held no more
[ "$(code -b "$dir/td" -X POST "$U/api/v1/resume")" = 200 ] && ok || bad "the TD could not confirm"
s=$(curl "${H[@]}" -b "$dir/td" "$U/api/v1/session")
[ "$(json '["server"]["held"]' <<<"$s")" = False ] && ok || bad "still held after the TD confirmed: $s"
check_end
