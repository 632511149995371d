#!/usr/bin/env bash
# A database written by an older crawford migrates, and its tournament goes on: the upgrade
# fixture tests/data/upgrade/pre30.sql (main at 6468cb2, before issue 30's restructuring;
# what it holds and how it was made: tests/data/upgrade/make_fixture.py and .sh) is loaded
# into a fresh database, `crawford migrate` brings it to this binary's schema, and this
# crawford serves it. Every event is read as the old crawford left it (names, scores,
# rounds, states), then played on: the Main's awaiting report confirmed and its match under
# way finished game by game (the final filled), the Consolation's dispute decided by a
# ruling and its final played (the losers feeding the Last Chance, which draws itself), the
# Swing's open game reported (the chips move) and its next round started, a Davis Cup tie
# played to its end (the standings change) and a knockout of teams' semi-final finished
# (the final filled). The stored passwords and PINs still log in. The ids, names and
# scores below are the fixture's, as make_fixture.py made them (the Consolation's pairing
# is its own draw's); nothing in it moves with the time, so the check runs any day.
set -u -o pipefail
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start upgrade
fixture=$(dirname "$0")/../data/upgrade/pre30.sql

# python3 itself, without its site packages: started some eighty times, and a version
# manager's shim or the site's start-up would take most of the check's time
PY=$(python3 -c 'import sys; print(sys.executable)')
py3() { "$PY" -S "$@"; }
# sql DATABASE STATEMENT: its first value (python3's sqlite3: no sqlite3 shell needed)
sql() {
    py3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
r = c.execute(sys.argv[2]).fetchall()
print(r[0][0] if r and r[0] else "")' "$1" "$2"
}
py3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[2])
c.executescript(open(sys.argv[1]).read())
c.close()' "$fixture" "$dir/c.db" || { echo "upgrade: the fixture does not load"; exit 1; }
[ "$(sql "$dir/c.db" 'PRAGMA user_version')" = 16 ] && ok ||
    bad "the fixture does not keep its schema version (16)"

# migrated to the version a new database has
"$BIN" migrate --db "$dir/new.db" >/dev/null || bad "migrate a new database"
latest=$(sql "$dir/new.db" 'PRAGMA user_version')
expect 0 "schema version $latest" -- "$BIN" migrate --db "$dir/c.db"
[ "$(sql "$dir/c.db" 'PRAGMA user_version')" = "$latest" ] && ok || bad "not migrated to $latest"
expect 0 '^ok$' -- sql "$dir/c.db" 'PRAGMA integrity_check'
expect 0 '^$' -- sql "$dir/c.db" 'PRAGMA foreign_key_check'

# what the old crawford wrote in the tournament's audit log, its first entry (made by the
# head TD) and its last id, which this one's entries follow
old_audit=$(sql "$dir/c.db" "SELECT count(*) || ' ' || max(id) FROM audit_log WHERE tournament_id = 1")

# served; the password given at the start does not replace the stored one
serve_start 'not the stored password'
if [ -z "$U" ]; then echo "upgrade: the server did not start: $(serve_why)"; exit 1; fi
U=${U%/}
TP=/api/v1/tournaments/1

# req WHO METHOD PATH [BODY]: the reply's body, with WHO's cookies ($dir/WHO); fails
# (printing the status too) unless the status is 2xx
req() {
    local who=$1 method=$2 path=$3 out code
    out=$(curl -s -H 'X-Crawford: 1' -H 'Content-Type: application/json' -b "$dir/$who" \
        -c "$dir/$who" -X "$method" ${4:+-d "$4"} -w '\n%{http_code}' "$U$path")
    code=${out##*$'\n'}
    printf '%s\n' "${out%$'\n'*}"
    [[ $code == 2* ]] || { echo "status $code"; return 1; }
}
# py EXPR: EXPR of the JSON on stdin, j (a tuple printed space-separated)
py() {
    py3 -c 'import json, sys
j = json.load(sys.stdin)
r = eval(sys.argv[1])
print(" ".join(map(str, r)) if isinstance(r, tuple) else r)' "$1"
}
# get WHO PATH EXPR: EXPR of the reply to a GET; post WHO PATH BODY EXPR: of a POST's
get() { req "$1" GET "$2" | py "$3"; }
post() { req "$1" POST "$2" "$3" | py "$4"; }
# as_player PID: logs the player in with the PIN the old crawford stored; their cookie
# file is named p<PID>
as_player() {
    local pin
    pin=$(sql "$dir/c.db" "SELECT pin FROM players WHERE id = $1")
    req "p$1" POST "$TP/players/$1/login" "{\"pin\": \"$pin\"}" >/dev/null
}
# bracket EID: one line per match of a knockout's bracket, "R<round> <match> <state>
# <match state> [<table>] <name> <score> <name> <score> <winner>" ("-" for nobody)
bracket() {
    get td "$TP/competitions/$1/knockout" '"\n".join("R%d %d %s %s [%s] %s %d %s %d %s" % (
        r["round"], m["match_id"], m["state"], m["match_state"], m["table"],
        m["sides"][0].get("name") or "-", m["sides"][0]["score"],
        m["sides"][1].get("name") or "-", m["sides"][1]["score"], m["winner"] or "-")
        for r in j["rounds"] for m in r["matches"])'
}

# ---- the logins ----
expect 1 'status 401' -- req nobody POST /api/v1/login '{"password": "not the stored password"}'
expect 0 '"head"' -- req td POST /api/v1/login '{"password": "head td secret"}'
expect 0 '"assistant"' -- req ada POST /api/v1/login \
    '{"name": "Ada Assistant", "password": "assistant secret"}'
gina_pin=$(sql "$dir/c.db" "SELECT pin FROM players WHERE id = 7")
expect 0 "^$gina_pin\$" -- get td "$TP/players/7/pin" 'j["name"] == "Gina" and j["pin"]'
expect 1 'status 401' -- req p7 POST "$TP/players/7/login" '{"pin": "000000"}'
as_player 7 && ok || bad "Gina's stored PIN does not log her in"
expect 0 "^player 7$" -- get p7 /api/v1/session 'j["role"], j["player_id"]'

# ---- the tournament and its players, as they were ----
expect 0 "^Upgrade Open Roma {'registered': 29, 'checked_in': 4, 'withdrawn': 1}$" -- \
    get td "$TP" 'j["name"], j["venue"], j["players"]'
expect 0 '^withdrawn$' -- get td "$TP/players/30" 'j["status"]'
expect 0 "^\[('knockout', 'Main'), ('knockout', 'Consolation'), ('knockout', 'Last Chance'), ('swing', 'Swing'), ('davis', 'Cup'), ('davis', 'Team Cup')\]$" -- \
    get td "$TP/competitions" '[(e["kind"], e["name"]) for e in j["events"]]'

# ---- Main: round 1 decided, round 2 one reported and one under way ----
bracket 1 >"$dir/main"
expect 0 '^R1 1 done verified \[\] Gina 3 Dario 1 a$' -- cat "$dir/main"
expect 0 '^R1 2 done verified \[\] Elena 0 Bruno 3 b$' -- cat "$dir/main"
expect 0 '^R1 3 done verified \[\] Ivo 3 Carla 0 a$' -- cat "$dir/main"
expect 0 '^R1 4 done verified \[\] Fabio 3 Alba 1 a$' -- cat "$dir/main"
expect 0 '^R2 5 ready reported \[\] Gina 3 Bruno 1 -$' -- cat "$dir/main"
expect 0 '^R2 6 ready playing \[7\] Ivo 2 Fabio 0 -$' -- cat "$dir/main"
expect 0 '^R3 7 waiting scheduled \[\] - 0 - 0 -$' -- cat "$dir/main"
# match 6: one game reported game by game, a penalty point, the clock paused with the
# banks the TD set, Fabio's call taken by the assistant
expect 0 "^games 1 2-0 False$" -- get td "$TP/matches/6/reports" \
    '"games %d %d-%d %s" % (len(j["reports"]["a"]["games"]), j["reports"]["a"]["score"]["a"],
     j["reports"]["a"]["score"]["b"], j["reports"]["a"]["complete"])'
expect 0 "^\[('b', 'points', 1, 'slow play after warnings')\] {'a': 1, 'b': 0}$" -- \
    get td "$TP/matches/6/penalties" \
    '[(p["side"], p["kind"], p["points"], p["reason"]) for p in j["penalties"]], j["penalty_points"]'
expect 0 "^paused end_of_game 312000 287500$" -- get td "$TP/matches/6/clock" \
    '"%s %s %d %d" % (j["state"], j["paused_reason"], j["sides"]["a"]["bank_ms"], j["sides"]["b"]["bank_ms"])'
expect 0 "^\[(6, '7', 'clock', 'taken', 'Ada Assistant', 'please bring a clock')\]$" -- \
    get ada "$TP/calls" '[(c["match_id"], c["table"], c["reason"], c["state"], c["taken_by"], c["text"]) for c in j["calls"]]'

# ---- Consolation: one match verified, one disputed; the Last Chance waits ----
bracket 2 >"$dir/cons"
expect 0 '^R1 8 done verified \[\] Dario 3 Carla 2 a$' -- cat "$dir/cons"
expect 0 '^R1 9 ready disputed \[\] Elena 3 Alba 0 -$' -- cat "$dir/cons"
expect 0 '^R2 10 waiting scheduled \[\] Dario 0 - 0 -$' -- cat "$dir/cons"
expect 0 "^False \[3\]$" -- get td "$TP/competitions/3/knockout" \
    'j["drawn"], [e["player_id"] for e in j["entrants"]]'
expect 0 "^\[('Elena', 3, 0), ('Alba', 1, 3)\]$" -- get td "$TP/matches/9/reports" \
    '[(j["match"]["sides"][k]["name"], j["reports"][s]["score"]["a"], j["reports"][s]["score"]["b"]) for k, s in enumerate("ab")]'

# ---- Swing: round 2, one game verified, one open ----
expect 0 "^2 20 \[('Yuri', 1070), ('Xenia', 1040), ('Walter', 990), ('Ugo', 960), ('Vera', 940)\]$" -- \
    get td "$TP/competitions/4/swing" 'j["round"], j["cpp"], [(p["name"], p["chips"]) for p in j["players"]]'
expect 0 "^8$" -- get td "$TP/competitions/4/swing/ledger" 'len(j["rows"])'
expect 0 "^scheduled Walter Ugo Swing · Round 2$" -- get td "$TP/matches/15" \
    'j["state"], j["sides"][0]["name"], j["sides"][1]["name"], j["label"]["text"]'

# ---- Cup (round robin): the first tie 1-1, its doubles open ----
expect 0 "^\[1, 1\] 2 \['verified', 'verified', 'scheduled', 'scheduled', 'scheduled'\]$" -- \
    get td "$TP/competitions/5/davis" \
    '"%s %s %s" % (j["ties"][1]["rubbers_won"], j["ties"][1]["open_phase"], [r["state"] for r in j["ties"][1]["rubbers"]])'
expect 0 "^\[('Rossi', 0, 0), ('Verdi', 0, 0), ('Neri', 0, 0)\]$" -- \
    get td "$TP/competitions/5/davis" '[(s["name"], s["ties_won"], s["matches_won"]) for s in j["standings"]]'

# ---- Team Cup (knockout of teams): Rame won a semi-final 3-0, Blu v Oro 0-1 ----
tieline='"\n".join("%s %s %s %s %s" % (t["round"], {x["id"]: x["name"] for x in j["teams"]}.get(t["team_a"], "-"),
    {x["id"]: x["name"] for x in j["teams"]}.get(t["team_b"], "-"), t["rubbers_won"], t["bracket_state"]) for t in j["ties"])'
get td "$TP/competitions/6/davis" "$tieline" >"$dir/teams"
expect 0 '^1 Rame Viola \[3, 0\] done$' -- cat "$dir/teams"
expect 0 '^1 Blu Oro \[0, 1\] ready$' -- cat "$dir/teams"
expect 0 '^2 Rame - \[0, 0\] waiting$' -- cat "$dir/teams"

# ---- Main goes on ----
# Bruno confirms Gina's report: she is in the final
as_player 2 || bad "Bruno's PIN"
expect 0 '^reported$' -- get p2 "$TP/matches/5" 'j["state"]'
expect 0 '^verified a$' -- post p2 "$TP/matches/5/confirm" '' 'j["state"], j["winner"]'
# Ivo's report goes on from the stored game: 2-0, the Crawford game, won: 3-0
as_player 8 || bad "Ivo's PIN"
expect 0 "^3 0 True 2 True$" -- post p8 "$TP/matches/6/games" '{"winner": "a", "cube": 1, "result": "single"}' \
    '"%d %d %s %d %s" % (j["report"]["score"]["a"], j["report"]["score"]["b"], j["report"]["complete"],
     j["report"]["games"], j["report"]["last_game"]["crawford"])'
as_player 6 || bad "Fabio's PIN"
expect 0 '^verified$' -- post p6 "$TP/matches/6/confirm" '' 'j["state"]'
expect 0 '^R3 7 ready scheduled \[\] Gina 0 Ivo 0 -$' -- bracket 1
# the assistant closes the call
cid=$(get ada "$TP/calls" 'j["calls"][0]["id"]')
expect 0 '"closed"' -- req ada POST "$TP/matches/6/calls/$cid/close" '{"outcome": "clock brought"}'
expect 0 '^0$' -- get ada "$TP/calls" 'len(j["calls"])'

# ---- the Consolation's dispute decided by a ruling: its final is ready, and the losers
# of its first round fill the Last Chance, which draws itself; both finals played ----
expect 0 '"decided_match": *true' -- req td POST "$TP/matches/9/rulings" \
    '{"question": "Which score?", "facts": "Elena reported 3-0, Alba 1-3.", "decision": "3-0 stands.", "reasons": "Alba agreed at the table.", "effect": {"kind": "score", "score": {"a": 3, "b": 0}}}'
expect 0 '^R2 10 ready scheduled \[\] Dario 0 Elena 0 -$' -- bracket 2
expect 0 "^True \['Alba', 'Carla'\]$" -- get td "$TP/competitions/3/knockout" \
    'j["drawn"], sorted(s["name"] for s in j["rounds"][0]["matches"][0]["sides"])'
as_player 4 || bad "Dario's PIN"
as_player 5 || bad "Elena's PIN"
expect 0 '^reported$' -- post p5 "$TP/matches/10/report" '{"score": {"a": 1, "b": 3}}' 'j["state"]'
expect 0 '^verified b$' -- post p4 "$TP/matches/10/confirm" '' 'j["state"], j["winner"]'
expect 0 '^finished 5$' -- get td "$TP/competitions/2/knockout" 'j["state"], j["champion"]'
lc=$(get td "$TP/competitions/3/knockout" 'j["rounds"][0]["matches"][0]["match_id"]')
expect 0 '^verified$' -- post td "$TP/matches/$lc/verify" '{"score": {"a": 3, "b": 1}}' 'j["state"]'
expect 0 '^finished$' -- get td "$TP/competitions/3/knockout" 'j["state"]'

# ---- Swing: the open game reported, the chips move, round 3 starts ----
as_player 13 || bad "Walter's PIN"
as_player 11 || bad "Ugo's PIN"
req p13 POST "$TP/matches/15/report" '{"game": {"winner": "a", "cube": 1, "result": "gammon"}}' \
    >/dev/null || bad "Walter's report"
expect 0 '^verified$' -- post p11 "$TP/matches/15/confirm" '' 'j["state"]'
expect 0 "^\[('Yuri', 1070), ('Xenia', 1040), ('Walter', 1030), ('Vera', 940), ('Ugo', 920)\]$" -- \
    get td "$TP/competitions/4/swing" '[(p["name"], p["chips"]) for p in j["players"]]'
expect 0 "^9$" -- get td "$TP/competitions/4/swing/ledger" 'len(j["rows"])'
expect 0 '^2$' -- post td "$TP/competitions/4/swing/rounds" '{"seed": "swing-3"}' 'len(j["games"])'
expect 0 '^3 20$' -- get td "$TP/competitions/4/swing" 'j["round"], j["cpp"]'

# ---- Cup: the doubles, then phase 3; Neri win the tie 3-1, the standings follow ----
as_player 20 || bad "Ezio's PIN"
as_player 19 || bad "Dina's PIN"
expect 1 'status 409' -- req p20 POST "$TP/matches/19/report" '{"score": {"a": 3, "b": 0}}'
expect 0 '^reported$' -- post p20 "$TP/matches/18/report" '{"score": {"a": 3, "b": 1}}' 'j["state"]'
expect 0 '^verified$' -- post p19 "$TP/matches/18/confirm" '' 'j["state"]'
expect 0 '^verified$' -- post td "$TP/matches/19/verify" '{"score": {"a": 3, "b": 0}}' 'j["state"]'
expect 0 "^\[3, 1\] a void$" -- get td "$TP/competitions/5/davis" \
    '"%s %s %s" % (j["ties"][1]["rubbers_won"], j["ties"][1]["winner"], j["ties"][1]["rubbers"][4]["state"])'
expect 0 "^\[('Neri', 1, 1, 3, 1), ('Verdi', 2, 0, 1, 3), ('Rossi', 3, 0, 0, 0)\]$" -- \
    get td "$TP/competitions/5/davis" '[(s["name"], s["rank"], s["ties_won"], s["matches_won"], s["matches_lost"]) for s in j["standings"]]'

# ---- Team Cup: Oro win their semi-final; the final is Rame v Oro ----
as_player 24 || bad "Ines's PIN"
as_player 23 || bad "Enzo's PIN"
expect 0 '^reported$' -- post p24 "$TP/matches/37/report" '{"score": {"a": 0, "b": 1}}' 'j["state"]'
expect 0 '^verified$' -- post p23 "$TP/matches/37/confirm" '' 'j["state"]'
expect 0 '^verified$' -- post td "$TP/matches/38/verify" '{"score": {"a": 0, "b": 1}}' 'j["state"]'
get td "$TP/competitions/6/davis" "$tieline" >"$dir/teams"
expect 0 '^1 Blu Oro \[0, 3\] done$' -- cat "$dir/teams"
expect 0 '^2 Rame Oro \[0, 0\] ready$' -- cat "$dir/teams"

# ---- the standalone match at table 3: its clock starts and reads ----
expect 0 '^called 3$' -- get td "$TP/matches/11" 'j["state"], j["table"]'
expect 0 '^running b$' -- post td "$TP/matches/11/clock/start" '{"lower_die": "a"}' 'j["state"], j["running"]'
expect 0 '^running 120000$' -- get td "$TP/matches/11/clock" 'j["state"], j["sides"]["a"]["bank_ms"]'

# ---- the audit log: the old entries as they were, this crawford's after them ----
read -r old_n old_max <<<"$old_audit"
expect 0 "^$old_n tournament.create Head TD True$" -- get td "$TP/audit?limit=1000" \
    '(sum(e["id"] <= '"$old_max"' for e in j["entries"]), j["entries"][0]["action"],
      j["entries"][0]["actor_name"],
      "ruling.recorded" in [e["action"] for e in j["entries"] if e["id"] > '"$old_max"'])'

check_end
