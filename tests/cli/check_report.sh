#!/usr/bin/env bash
# `crawford report` (GOV-8), beside a server that goes on serving: the report of a small
# tournament (a result, a refused entry, a player without a federation id, a knockout's
# placings, the rating changes) written as JSON
# and as CSV into a folder, the same report as the console's download (its zip), no PIN
# in it, the database only read; and its refusals, each a sentence and a non-zero status
# with nothing written: no such tournament, a folder that cannot be written, a database
# that is not there (not created either), an unknown format, a missing option.
set -u
BIN=${CRAWFORD_BIN:-build/asan/crawford}
. "$(dirname "$0")/lib.sh"
check_start report

serve_start 'report pw'
if [ -z "$U" ]; then echo "check_report: the server did not start: $(cat "$dir/err")"; exit 1; fi
U=${U%/}
H=(-s -H 'X-Crawford: 1' -H 'Content-Type: application/json')
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)'"$1"')'; }
post() { curl "${H[@]}" -b "$dir/td" -d "$2" "$U$1"; }
curl "${H[@]}" -o /dev/null -c "$dir/td" -d '{"password": "report pw"}' "$U/api/v1/login"
T=$(post /api/v1/tournaments '{"name": "Report check"}' | json '["id"]')
A=$(post "/api/v1/tournaments/$T/players" '{"name": "Anna", "federation_id": "IT-1"}')
PIN=$(json '["pin"]' <<<"$A")
A=$(json '["id"]' <<<"$A")
B=$(post "/api/v1/tournaments/$T/players" '{"name": "Bruno"}' | json '["id"]')
C=$(post "/api/v1/tournaments/$T/players" '{"name": "Carla", "federation_id": "IT-3"}' | json '["id"]')
M=$(post "/api/v1/tournaments/$T/matches" "{\"player_a\": $A, \"player_b\": $B, \"length\": 5}" |
    json '["id"]')
post "/api/v1/tournaments/$T/matches/$M/rulings" '{"question": "Cocked dice?", "facts": "One die\nleaned", "decision": "Reroll", "reasons": "003 3.3"}' >/dev/null
post "/api/v1/tournaments/$T/matches/$M/verify" '{"score": {"a": 5, "b": 2}}' >/dev/null
M2=$(post "/api/v1/tournaments/$T/matches" "{\"player_a\": $A, \"player_b\": $B, \"length\": 5}" |
    json '["id"]')
post "/api/v1/tournaments/$T/matches/$M2/disqualify" '{"side": "b", "reason": "Left the room"}' >/dev/null
post "/api/v1/tournaments/$T/players/$C/refuse" '{"reason": "Entry fee not paid"}' >/dev/null
E1=$(post "/api/v1/tournaments/$T/competitions" '{"kind": "knockout", "name": "Inter",
  "knockout": {"flight": "intermediate"}}' | json '["id"]')
E2=$(post "/api/v1/tournaments/$T/competitions" '{"kind": "knockout", "name": "Champ",
  "knockout": {"flight": "championship"}}' | json '["id"]')
post "/api/v1/tournaments/$T/competitions/$E1/entries" "{\"player_id\": $B}" >/dev/null
post "/api/v1/tournaments/$T/players/$B/move-up" "{\"from_event\": $E1, \"to_event\": $E2,
  \"reason\": \"Too strong\"}" >/dev/null
# a knockout of two played (PLACE-1: its placings), its final rated (RAT-1)
E3=$(post "/api/v1/tournaments/$T/competitions" '{"kind": "knockout", "name": "Cup",
  "knockout": {"lengths": [3]}}' | json '["id"]')
post "/api/v1/tournaments/$T/competitions/$E3/entries" "{\"player_id\": $A}" >/dev/null
post "/api/v1/tournaments/$T/competitions/$E3/entries" "{\"player_id\": $B}" >/dev/null
post "/api/v1/tournaments/$T/competitions/$E3/knockout/draw" '{"seed": "cup"}' >/dev/null
F=$(curl "${H[@]}" "$U/api/v1/tournaments/$T/competitions/$E3/knockout" |
    json '["rounds"][0]["matches"][0]["match_id"]')
post "/api/v1/tournaments/$T/matches/$F/verify" '{"score": {"a": 1, "b": 3}}' >/dev/null
curl "${H[@]}" -o "$dir/placings.json" "$U/api/v1/tournaments/$T/competitions/$E3/placings"
curl "${H[@]}" -o "$dir/ratings.json" "$U/api/v1/tournaments/$T/ratings"

# JSON: the report, as the download has it
expect 0 "written to" -- "$BIN" report --db "$dir/c.db" --tournament "$T" --out "$dir/json"
curl "${H[@]}" -b "$dir/td" -o "$dir/report.zip" "$U/api/v1/tournaments/$T/report?format=json"
if python3 - "$dir/json/report.json" "$dir/report.zip" "$PIN" "$(dirname "$0")/../../docs/report.schema.json" \
    "$dir/placings.json" "$dir/ratings.json" <<'PY'
import json, sys, zipfile
cli = json.load(open(sys.argv[1], encoding="utf-8"))
web = json.loads(zipfile.ZipFile(sys.argv[2]).read("report.json"))
for r in (cli, web):
    r.pop("generated_at")
assert cli == web, "the command's report differs from the download's"
assert len(cli["results"]) == 3 and cli["results"][0]["winner"] == "Anna", cli["results"]
assert [x["ended"] for x in cli["results"]] == ["played", "disqualified", "played"], cli["results"]
# PLACE-1, PLACE-2: the Cup's placings as its route has them, nothing of the events not drawn
pl = json.load(open(sys.argv[5], encoding="utf-8"))
assert [(p["entrant_id"], p["place"], p["rank"], p["why"]) for p in pl["placings"]] == \
    [(p["entrant_id"], p["place"], p["rank"], p["why"]) for p in cli["placings"]], cli["placings"]
assert len(cli["placings"]) == 2 and cli["placings"][0]["final"] is True, cli["placings"]
# RAT-1: each player's rating now and each rated match's changes as the ratings route has them
ra = json.load(open(sys.argv[6], encoding="utf-8"))
now = {p["player_id"]: p["rating"] for p in ra["players"]}
assert {r["player_id"]: r["rating_after"] for r in cli["ratings"]} == \
    {k: v for k, v in now.items() if k in {r["player_id"] for r in cli["ratings"]}}
assert "Carla" not in [r["player"] for r in cli["ratings"]], "a refused entry is rated"
rated = [(m["match_id"], m["order"], s["player_id"], s["change"]) for m in ra["matches"] if m["rated"] for s in m["sides"]]
assert sorted(rated) == sorted((c["match_id"], c["order"], c["player_id"], c["change"]) for c in cli["rating_changes"]), cli["rating_changes"]
assert len(rated) >= 4, rated
assert cli["rulings"][0]["facts"] == "One die\nleaned" and cli["rulings"][0]["reasons"] == "003 3.3"
assert [(x["player"], x["reason"]) for x in cli["sanctions"]] == [("Bruno", "Left the room")]
assert cli["results"][0]["score_a"] == 5 and cli["results"][0]["player_a_federation_id"] == "IT-1"
assert [e["reason"] for e in cli["entries"]] == ["Entry fee not paid", "Too strong"], cli["entries"]
assert (cli["entries"][1]["from_flight"], cli["entries"][1]["to_flight"]) == ("intermediate", "championship")
assert [p["name"] for p in cli["players_without_federation_id"]] == ["Bruno"]
assert sys.argv[3] not in open(sys.argv[1], encoding="utf-8").read(), "a PIN in the report"
# the documented schema (docs/report.schema.json) names every member, no more, no fewer
schema = json.load(open(sys.argv[4], encoding="utf-8"))
assert set(cli) | {"generated_at"} == set(schema["required"]), set(cli) ^ set(schema["required"])
for name, prop in schema["properties"].items():
    if prop.get("type") == "array" and name in cli:
        want = set(prop["items"]["properties"])
        for row in cli[name]:
            assert set(row) == want, (name, set(row) ^ want)
    elif prop.get("type") == "object":
        assert set(cli[name]) == set(prop["properties"]), name
try:  # the whole schema, types too, where the validator is installed (not a Debian must)
    import jsonschema
except ImportError:
    jsonschema = None
if jsonschema:
    jsonschema.validate(json.load(open(sys.argv[1], encoding="utf-8")), schema)
PY
then ok; else bad "the JSON report"; fi

# CSV: one file a table, a header row each, the same files as the download's
expect 0 "written to" -- "$BIN" report --db "$dir/c.db" --tournament "$T" --format csv --out "$dir/csv"
curl "${H[@]}" -b "$dir/td" -o "$dir/csv.zip" "$U/api/v1/tournaments/$T/report?format=csv"
if python3 - "$dir/csv" "$dir/csv.zip" "$PIN" <<'PY'
import csv, io, os, sys, zipfile
files = sorted(f for f in os.listdir(sys.argv[1]))
z = zipfile.ZipFile(sys.argv[2])
assert files == sorted(z.namelist()), (files, z.namelist())
for f in files:
    text = open(os.path.join(sys.argv[1], f), encoding="utf-8-sig", newline="").read()
    assert sys.argv[3] not in text, f
    rows = list(csv.reader(io.StringIO(text)))
    assert rows and rows[0], f
    if f == "results.csv":
        assert rows[0][:2] == ["match_id", "date"] and len(rows) == 4, rows
        assert rows[1][rows[0].index("winner")] == "Anna"
    if f == "ratings.csv":  # two decimals, as the exports write them
        assert rows[0][3] == "rating_before" and all("." in r[3] for r in rows[1:]), rows
PY
then ok; else bad "the CSV report"; fi

# refusals: a sentence, a non-zero status, nothing written
expect 1 "no tournament 999" -- "$BIN" report --db "$dir/c.db" --tournament 999 --out "$dir/none"
[ ! -e "$dir/none" ] && ok || bad "a folder was made for a tournament that does not exist"
touch "$dir/afile"
expect 1 "not a folder" -- "$BIN" report --db "$dir/c.db" --tournament "$T" --out "$dir/afile"
expect 1 "cannot be made" -- "$BIN" report --db "$dir/c.db" --tournament "$T" --out "$dir/afile/sub"
if [ "$(id -u)" != 0 ]; then
    mkdir "$dir/ro" && chmod 555 "$dir/ro"
    expect 1 "cannot be written" -- "$BIN" report --db "$dir/c.db" --tournament "$T" --out "$dir/ro"
fi
expect 2 "cannot be read" -- "$BIN" report --db "$dir/missing.db" --tournament "$T" --out "$dir/m"
[ ! -e "$dir/missing.db" ] && ok || bad "crawford report created a database"
expect 2 "json or csv" -- "$BIN" report --db "$dir/c.db" --tournament "$T" --format xml --out "$dir/x"
expect 2 "tournament" -- "$BIN" report --db "$dir/c.db" --out "$dir/x"
expect 2 "out DIR" -- "$BIN" report --db "$dir/c.db" --tournament "$T"
[ ! -e "$dir/x" ] && ok || bad "a refused command wrote its folder"
# the server served on, its database unchanged by the reports
[ "$(curl "${H[@]}" -o /dev/null -w '%{http_code}' "$U/api/v1/tournaments/$T")" = 200 ] && ok ||
    bad "the server stopped answering"

check_end
