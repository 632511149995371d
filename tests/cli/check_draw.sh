#!/usr/bin/env bash
# `crawford draw` (KO-2): the same seed and entries print the same bracket, another seed
# another one; the JSON matches the text; the server's draw of the same players with the same
# seed is the same bracket, seeded or not; bad input stops with a sentence and exit status 2.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start check_draw


# 37 named players, some rated.
for i in $(seq 1 37); do
    if [ $((i % 4)) = 0 ]; then printf 'Player %02d\n' "$i"; else printf 'Player %02d\t%d\n' "$i" $((1400 + i * 7)); fi
done > "$dir/entries.txt"

a=$("$BIN" draw --seed 2026 --entries "$dir/entries.txt" --late 3 2>&1); rc=$?
[ $rc = 0 ] && ok || bad "draw exited $rc: $a"
b=$("$BIN" draw --seed 2026 --entries "$dir/entries.txt" --late 3 2>&1)
[ "$a" = "$b" ] && ok || bad "the same seed printed two different brackets"
c=$("$BIN" draw --seed 2027 --entries "$dir/entries.txt" --late 3 2>&1)
[ "$a" != "$c" ] && ok || bad "another seed printed the same bracket"
h=$("$BIN" draw --seed 0x7ea --entries "$dir/entries.txt" --late 3 2>&1)
[ "$a" = "$h" ] && ok || bad "seed 0x7ea (2026) printed another bracket"
# KO-2: a seed is text as the server takes it: text that is no number reads through FNV-1a
# (recorded as given), a number past 2^64 - 1 or with a sign is such text too.
t=$("$BIN" draw --seed roma-2026 --entries "$dir/entries.txt" --late 3 2>&1); rc=$?
[ $rc = 0 ] && grep -q "seed roma-2026$" <<<"$t" && [ "$t" != "$a" ] && ok \
    || bad "seed roma-2026: $rc $t"
[ "$t" = "$("$BIN" draw --seed roma-2026 --entries "$dir/entries.txt" --late 3 2>&1)" ] && ok \
    || bad "seed roma-2026 printed two different brackets"
"$BIN" draw --seed -3 --entries "$dir/entries.txt" >/dev/null 2>&1 && ok || bad "seed -3 refused"

# The bracket: 37 + 3 late places in 64 slots, so 24 byes; every player once.
grep -q "37 entries, 3 late places, seeding off: bracket of 64, 6 rounds, 24 byes" <<<"$a" && ok \
    || bad "summary line: $a"
[ "$(grep -c '^ *[0-9]*  ' <<<"$a")" = 32 ] && ok || bad "not 32 round-1 matches"
[ "$(grep -o 'bye' <<<"$a" | wc -l)" = 25 ] && ok || bad "not 24 byes (+1 in the summary)"
for k in 1 2 3; do grep -q "late place $k\b" <<<"$a" && ok || bad "late place $k missing"; done
for i in $(seq -w 1 37); do
    n=$(grep -o "Player $i\b" <<<"$a" | wc -l)
    [ "$n" = 1 ] || bad "Player $i appears $n times"
done
ok
# No two byes meet: no line with "bye  v  bye".
! grep -q 'bye *v *bye' <<<"$a" && ok || bad "two byes meet"

# JSON: the same draw as the text, the seed as a string.
"$BIN" draw --seed 2026 --entries "$dir/entries.txt" --late 3 --json >"$dir/d.json" 2>&1; rc=$?
[ $rc = 0 ] && ok || bad "--json exited $rc"
printf '%s\n' "$a" >"$dir/d.txt"
python3 - "$dir" <<'PY' && ok || bad "JSON does not match the text"
import json, re, sys
j = json.load(open(sys.argv[1] + "/d.json"))
text = open(sys.argv[1] + "/d.txt").read()
assert j["algorithm"] == 1 and j["seed"] == "2026" and j["size"] == 64 and j["byes"] == 24
assert j["late_places"] == 3 and len(j["entries"]) == 37 and len(j["round1"]) == 32
def name(s):
    return {"bye": "bye", "late": "late place %d" % s.get("late", 0)}.get(s["kind"], s.get("name"))
lines = [l for l in text.splitlines() if re.match(r"^ *\d+  ", l)]
for m, l in zip(j["round1"], lines):
    assert name(m["a"]) in l and name(m["b"]) in l, (m, l)
ids = sorted(s["id"] for m in j["round1"] for s in (m["a"], m["b"]) if s["kind"] == "entry")
assert ids == list(range(1, 38)), ids
PY

# Seeded: the best-rated player is seed 1 and gets a bye.
s=$("$BIN" draw --seed 5 --entries "$dir/entries.txt" --seeded 2>&1)
grep -q "^ *1  Player 37 (1659) \[seed 1\] *v  bye" <<<"$s" && ok || bad "seed 1 not first with a bye: $s"

# Numeric ids are the ids.
printf '10\n20\n30\n' > "$dir/ids.txt"
j=$("$BIN" draw --seed 1 --entries "$dir/ids.txt" --json)
python3 -c "import json,sys; j=json.loads(sys.argv[1]); assert sorted(e['id'] for e in j['entries'])==[10,20,30]" "$j" \
    && ok || bad "numeric ids not kept"

# KO-2: the server draws the same bracket as `crawford draw` for the same seed and entries
# (the player ids, ascending, with their ratings), with late places, seeded or not.
serve_start 'draw check'
if [ -z "$U" ]; then bad "the server did not start: $(serve_why)"; else
    U=${U%/}
    H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json' -b "$dir/td")
    jget() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
    curl "${H[@]}" -c "$dir/td" -d '{"password": "draw check"}' "$U/api/v1/login" >/dev/null
    T=$(curl "${H[@]}" -d '{"name": "Draw check"}' "$U/api/v1/tournaments" | jget '["id"]')
    : >"$dir/server-entries.txt"
    pids=()
    for i in $(seq 1 37); do
        if [ $((i % 4)) = 0 ]; then body="{\"name\": \"P$i\"}"; r=""
        else r=$((1400 + (i * 37) % 300)); body="{\"name\": \"P$i\", \"rating\": $r}"; fi
        id=$(curl "${H[@]}" -d "$body" "$U/api/v1/tournaments/$T/players" | jget '["id"]')
        pids+=("$id")
        if [ -n "$r" ]; then printf '%s\t%s\n' "$id" "$r"; else printf '%s\n' "$id"; fi \
            >>"$dir/server-entries.txt"
    done
    sort -n -o "$dir/server-entries.txt" "$dir/server-entries.txt"
    for mode in off on; do
        seeded=false; flag=()
        [ $mode = on ] && { seeded=true; flag=(--seeded); }
        E=$(curl "${H[@]}" -d "{\"kind\": \"knockout\", \"name\": \"Seeding $mode\", \"knockout\": {\"late_places\": 3, \"seeded\": $seeded}}" \
            "$U/api/v1/tournaments/$T/competitions" | jget '["id"]')
        for id in "${pids[@]}"; do
            curl "${H[@]}" -o /dev/null -d "{\"player_id\": $id}" \
                "$U/api/v1/tournaments/$T/competitions/$E/entries"
        done
        curl "${H[@]}" -d '{"seed": "0x7ea"}' "$U/api/v1/tournaments/$T/competitions/$E/knockout/draw" \
            >"$dir/server-$mode.json"
        "$BIN" draw --seed 2026 --entries "$dir/server-entries.txt" --late 3 "${flag[@]}" --json \
            >"$dir/cli-$mode.json" 2>&1
        python3 - "$dir/server-$mode.json" "$dir/cli-$mode.json" <<'PY' && ok || bad "seeding $mode: the server's draw differs from crawford draw's"
import json, sys
srv, cli = (json.load(open(f)) for f in sys.argv[1:3])
assert srv["seed"] == cli["seed"] == "2026", (srv.get("seed"), cli["seed"])
assert srv["algorithm_version"] == cli["algorithm"] and srv["size"] == cli["size"] == 64
assert sorted(srv["entries"]) == sorted(e["id"] for e in cli["entries"])
def s_side(s):
    k = s.get("kind", "player")
    return ("entry", s["player_id"]) if k == "player" else ("late", s["late_place"]) if k == "late" else (k, 0)
def c_side(s):
    return ("entry", s["id"]) if s["kind"] == "entry" else ("late", s["late"]) if s["kind"] == "late" else (s["kind"], 0)
sm = srv["rounds"][0]["matches"]
assert len(sm) == len(cli["round1"]) == 32
for m, c in zip(sm, cli["round1"]):
    assert [s_side(x) for x in m["sides"]] == [c_side(c["a"]), c_side(c["b"])], (m, c)
PY
    done
    cmp -s "$dir/cli-off.json" "$dir/cli-on.json" && bad "seeding on and off gave the same draw" || ok
fi

# Bad input: exit 2 and a sentence.
printf 'Anna\nMarco\nAnna\n' > "$dir/dup.txt"
expect 2 'repeats the entry "Anna"' -- "$BIN" draw --seed 1 --entries "$dir/dup.txt"
printf 'Anna\n' > "$dir/one.txt"
expect 2 'at least 2 entries' -- "$BIN" draw --seed 1 --entries "$dir/one.txt"
printf 'Anna\t15x0\nMarco\n' > "$dir/rating.txt"
expect 2 'line 1: the rating after the tab is not a number' -- "$BIN" draw --seed 1 --entries "$dir/rating.txt"
expect 2 'is not 1 to 32 characters' -- "$BIN" draw --seed '' --entries "$dir/entries.txt"
expect 2 'is not 1 to 32 characters' -- "$BIN" draw --seed 123456789012345678901234567890123 --entries "$dir/entries.txt"
expect 2 'cannot read the entries file' -- "$BIN" draw --seed 1 --entries "$dir/missing.txt"
expect 2 '--seed and --entries are both needed' -- "$BIN" draw --entries "$dir/entries.txt"
expect 2 '--late needs a whole number' -- "$BIN" draw --seed 1 --entries "$dir/entries.txt" --late x
expect 2 "unknown option '--frob'" -- "$BIN" draw --seed 1 --entries "$dir/entries.txt" --frob
expect 0 'usage: crawford draw' -- "$BIN" draw --help
expect 0 'draw' -- "$BIN" help

check_end
